// The pair kernel for aarch64 (NEON is part of the base architecture there). vmull_u8 and a
// pairwise add blend a pixel's two columns, a 16-bit multiply and an add its two rows, and
// vrshrn rounds (+128, >> 8) as the scalar reference does; every sum is exact in 16 bits.
#if defined(__aarch64__)
#include <arm_neon.h>
#include "pair_drivers.h"

/// One pixel's four taps → its 16-bit channels, rounded (B, G, R, A in lanes 0...3).
static inline uint16x4_t sample_neon(const uint8_t *entry, uint8x8_t w, int32_t fy)
{
    uint8x16_t p = vld1q_u8(entry);
    uint16x8_t top = vmull_u8(vget_low_u8(p), w), bottom = vmull_u8(vget_high_u8(p), w);
    uint16x8_t h = vpaddq_u16(top, bottom);
    uint16x8_t v = vmulq_u16(h, vld1q_u16(ks_vertical_weights[fy]));
    return vadd_u16(vget_low_u16(v), vget_high_u16(v));
}

/// The NEON tier's entries: ks_entries' offsets and weights, four columns a step in vector
/// registers (the clamp, and FCVTZS truncating toward zero as the C cast does).
static inline void entries_neon(
    const ks_pair_layout *layout, const int32_t *restrict column, const double *restrict v,
    int32_t *restrict offsets, int32_t *restrict vertical)
{
    const float64x2_t zero = vdupq_n_f64(0.0);
    const float64x2_t top = vdupq_n_f64((double)(layout->height - 1) * 16.0);
    for (int i = 0; i < KS_BLOCK; i += 4) {
        float64x2_t a = vminq_f64(vmaxq_f64(vld1q_f64(v + i), zero), top);
        float64x2_t b = vminq_f64(vmaxq_f64(vld1q_f64(v + i + 2), zero), top);
        int32x4_t sixteenths = vcombine_s32(
            vmovn_s64(vcvtq_s64_f64(a)), vmovn_s64(vcvtq_s64_f64(b)));
        vst1q_s32(
            offsets + i,
            vaddq_s32(vld1q_s32(column + i), vshlq_n_s32(vshrq_n_s32(sixteenths, 4), 3)));
        vst1q_s32(vertical + i, vandq_s32(sixteenths, vdupq_n_s32(15)));
    }
}

/// KS_BLOCK pixels (stores are ordinary: `stream` is an x86 notion).
static inline void pixels_neon(KS_PIXELS_ARGS)
{
    (void)stream;
    const int modulated = colour != 256 || alpha != 256;
    const uint16_t mv[8] = {colour, colour, colour, alpha, colour, colour, colour, alpha};
    const uint16x8_t m = vld1q_u16(mv);
    for (int i = 0; i < KS_BLOCK; i += 2) {
        // Two pixels: their 16-bit sums, rounded by vrshrn (x + 128) >> 8.
        uint16x8_t s = vcombine_u16(
            sample_neon(base + offsets[i], vld1_u8(w + 16 * i), vertical[i]),
            sample_neon(base + offsets[i + 1], vld1_u8(w + 16 * (i + 1)), vertical[i + 1]));
        uint8x8_t pixels = vrshrn_n_u16(s, 8);
        if (modulated) pixels = vrshrn_n_u16(vmulq_u16(vmovl_u8(pixels), m), 8);
        vst1_u8((uint8_t *)(out + i), pixels);
    }
}

static void run_neon(KS_RUN_ARGS) { KS_RUN_BODY(pixels_neon, entries_neon); }
static void tiles_neon(KS_TILES_ARGS) { KS_TILES_BODY(pixels_neon, entries_neon, (void)0); }

const ks_pair_kernels ks_pair_neon = {run_neon, tiles_neon};
#endif
