// The pair kernel for aarch64 (NEON is part of the base architecture there): two pixels a
// step (see pixels_neon); every sum is exact in 16 bits.
#if defined(__aarch64__)
#include <arm_neon.h>
#include "pair_drivers.h"

/// fy of two pixels side by side, each repeated over its four channels (fy of the first · 17 +
/// fy of the second): the multiplier of a pair's vertical step.
#define KS_FY(f, g) {f, f, f, f, g, g, g, g}
#define KS_FYS(f)                                                                              \
    KS_FY(f, 0), KS_FY(f, 1), KS_FY(f, 2), KS_FY(f, 3), KS_FY(f, 4), KS_FY(f, 5), KS_FY(f, 6),  \
        KS_FY(f, 7), KS_FY(f, 8), KS_FY(f, 9), KS_FY(f, 10), KS_FY(f, 11), KS_FY(f, 12),       \
        KS_FY(f, 13), KS_FY(f, 14), KS_FY(f, 15), KS_FY(f, 16)
static const uint16_t fy_pairs[17 * 17][8] __attribute__((aligned(16))) = {
    KS_FYS(0), KS_FYS(1), KS_FYS(2), KS_FYS(3), KS_FYS(4), KS_FYS(5), KS_FYS(6), KS_FYS(7),
    KS_FYS(8), KS_FYS(9), KS_FYS(10), KS_FYS(11), KS_FYS(12), KS_FYS(13), KS_FYS(14),
    KS_FYS(15), KS_FYS(16)
};
#undef KS_FYS
#undef KS_FY

/// The NEON tier's entries: ks_entries' offsets, four columns a step in vector registers (the
/// clamp, and FCVTZS truncating toward zero as the C cast does), and per pair of pixels
/// (2j, 2j + 1) its row of fy_pairs in vertical[j].
__attribute__((always_inline)) static inline void entries_neon(
    const ks_pair_layout *layout, const int32_t *restrict column, const double *restrict v,
    int32_t *restrict offsets, int32_t *restrict vertical, int clamp)
{
    const float64x2_t zero = vdupq_n_f64(0.0);
    const float64x2_t top = vdupq_n_f64((double)(layout->height - 1) * 16.0);
    int32x4_t fy[KS_BLOCK / 4];
    for (int i = 0; i < KS_BLOCK; i += 4) {
        float64x2_t a = vld1q_f64(v + i), b = vld1q_f64(v + i + 2);
        if (clamp) {
            a = vminq_f64(vmaxq_f64(a, zero), top);
            b = vminq_f64(vmaxq_f64(b, zero), top);
        }
        int32x4_t sixteenths = vcombine_s32(
            vmovn_s64(vcvtq_s64_f64(a)), vmovn_s64(vcvtq_s64_f64(b)));
        vst1q_s32(
            offsets + i,
            vaddq_s32(vld1q_s32(column + i), vshlq_n_s32(vshrq_n_s32(sixteenths, 4), 3)));
        fy[i / 4] = vandq_s32(sixteenths, vdupq_n_s32(15));
    }
    for (int j = 0; j < KS_BLOCK / 4; j += 2) {
        int32x4_t first = vuzp1q_s32(fy[j], fy[j + 1]), second = vuzp2q_s32(fy[j], fy[j + 1]);
        vst1q_s32(vertical + 2 * j, vmlaq_n_s32(second, first, 17));
    }
}

/// KS_BLOCK pixels, two at a time (stores are ordinary: `stream` is an x86 notion). vmull_u8
/// and a pairwise add blend each pixel's two columns (the top row's four channels of both
/// pixels in one vector, the bottom row's in another; vmull_high_u8 takes the bottom row from
/// the upper half of the load, whose weights repeat in the upper half of `w`); the vertical
/// step is top · 16 + (bottom − top) · fy, exact modulo 2^16 as the sum fits in 16 bits;
/// vrshrn rounds (+128, >> 8) as the scalar reference does. Unrolled: the loop's own
/// bookkeeping was a fifth of its instructions.
__attribute__((always_inline)) static inline void pixels_neon(KS_PIXELS_ARGS)
{
    (void)stream;
    const uint16_t mv[8] = {colour, colour, colour, alpha, colour, colour, colour, alpha};
    const uint16x8_t m = vld1q_u16(mv);
    const uint32_t *entry = (const uint32_t *)offsets;
#pragma clang loop unroll(full)
    for (int i = 0; i < KS_BLOCK; i += 2) {
        uint8x16_t p0 = vld1q_u8(base + entry[i]), p1 = vld1q_u8(base + entry[i + 1]);
        uint8x16_t w0 = vld1q_u8(w + 16 * i), w1 = vld1q_u8(w + 16 * (i + 1));
        uint16x8_t upper = vpaddq_u16(
            vmull_u8(vget_low_u8(p0), vget_low_u8(w0)), vmull_u8(vget_low_u8(p1), vget_low_u8(w1)));
        uint16x8_t lower = vpaddq_u16(vmull_high_u8(p0, w0), vmull_high_u8(p1, w1));
        uint16x8_t f = vld1q_u16(fy_pairs[vertical[i / 2]]);
        uint16x8_t s = vmlaq_u16(vshlq_n_u16(upper, 4), vsubq_u16(lower, upper), f);
        uint8x8_t pixels = vrshrn_n_u16(s, 8);
        if (modulated) pixels = vrshrn_n_u16(vmulq_u16(vmovl_u8(pixels), m), 8);
        vst1_u8((uint8_t *)(out + i), pixels);
    }
}

static void run_neon(KS_RUN_ARGS) { KS_RUN_BODY(pixels_neon, entries_neon); }
KS_DEFINE_TILES(tiles_neon, , pixels_neon, entries_neon, (void)0)

const ks_pair_kernels ks_pair_neon = {run_neon, tiles_neon};
#endif
