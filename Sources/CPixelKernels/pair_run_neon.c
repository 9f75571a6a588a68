// The pair kernel for aarch64 (NEON is part of the base architecture there): two pixels a
// blend, four a store (see pixels_neon); every sum is exact in 16 bits.
#if defined(__aarch64__)
#include <arm_neon.h>
#include <stdint.h>

/// The tile loop's copy of a tile's horizontal weights, widened once per tile: per column
/// (16 − fx, fx) four times as 16-bit lanes (16 bytes, the table's stride), so a row's pixels
/// multiply by them as they are.
static inline void neon_tile_weights(uint8_t *copy, const uint8_t *w)
{
    for (int i = 0; i < 16; i++) vst1q_u16((uint16_t *)(copy + 16 * i), vmovl_u8(vld1_u8(w + 16 * i)));
}
#include "pair_drivers.h"

/// The vertical weights of two pixels side by side (fy of the first · 17 + fy of the second):
/// per pixel 16 bytes, eight of 16 − fy (times the top row's eight bytes: both columns' four
/// channels) then eight of fy (the bottom row's).
#define KS_FY(f, g) {{16 - f, 16 - f, 16 - f, 16 - f, 16 - f, 16 - f, 16 - f, 16 - f, f, f, f, f, f, f, f, f}, {16 - g, 16 - g, 16 - g, 16 - g, 16 - g, 16 - g, 16 - g, 16 - g, g, g, g, g, g, g, g, g}}
#define KS_FYS(f)                                                                              \
    KS_FY(f, 0), KS_FY(f, 1), KS_FY(f, 2), KS_FY(f, 3), KS_FY(f, 4), KS_FY(f, 5), KS_FY(f, 6),  \
        KS_FY(f, 7), KS_FY(f, 8), KS_FY(f, 9), KS_FY(f, 10), KS_FY(f, 11), KS_FY(f, 12),       \
        KS_FY(f, 13), KS_FY(f, 14), KS_FY(f, 15), KS_FY(f, 16)
static const uint8_t fy_pairs[17 * 17][2][16] __attribute__((aligned(16))) = {
    KS_FYS(0), KS_FYS(1), KS_FYS(2), KS_FYS(3), KS_FYS(4), KS_FYS(5), KS_FYS(6), KS_FYS(7),
    KS_FYS(8), KS_FYS(9), KS_FYS(10), KS_FYS(11), KS_FYS(12), KS_FYS(13), KS_FYS(14),
    KS_FYS(15), KS_FYS(16)
};
#undef KS_FYS
#undef KS_FY

/// The NEON tier's entries: ks_entries' offsets, four columns a step in vector registers (the
/// clamp, and FCVTZS truncating toward zero as the C cast does), and per pair of pixels
/// (2j, 2j + 1) its entry of fy_pairs in vertical[j].
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

/// The NEON tier's cursor (ks_cursor in vector registers; NEON compares unsigned, so the
/// fractions carry no bias): the entries as entries_neon gives them, then one row down.
typedef struct {
    int32x4_t offset[4], step[4];
    uint32x4_t fraction[4], fraction_step[4];
} neon_cursor;

__attribute__((always_inline)) static inline void neon_cursor_start(
    neon_cursor *c, const int32_t *column, const double *v, const double *dv)
{
    ks_cursor g;
    ks_cursor_start(&g, column, v, dv);
    for (int q = 0; q < 4; q++) {
        c->offset[q] = vld1q_s32(g.offset + 4 * q);
        c->step[q] = vld1q_s32(g.step + 4 * q);
        c->fraction[q] = vld1q_u32(g.fraction + 4 * q);
        c->fraction_step[q] = vld1q_u32(g.fraction_step + 4 * q);
    }
}

__attribute__((always_inline)) static inline void neon_cursor_next(
    neon_cursor *c, int32_t *restrict offsets, int32_t *restrict vertical)
{
    int32x4_t fy[4];
    for (int q = 0; q < 4; q++) {
        vst1q_s32(offsets + 4 * q, c->offset[q]);
        fy[q] = vreinterpretq_s32_u32(vshrq_n_u32(c->fraction[q], 28));
        uint32x4_t f = vaddq_u32(c->fraction[q], c->fraction_step[q]);
        // A carry (all ones, −1) adds 8 bytes: one row more.
        int32x4_t carried = vreinterpretq_s32_u32(vcltq_u32(f, c->fraction_step[q]));
        c->offset[q] = vmlsq_n_s32(vaddq_s32(c->offset[q], c->step[q]), carried, 8);
        c->fraction[q] = f;
    }
    for (int j = 0; j < 4; j += 2) {
        int32x4_t first = vuzp1q_s32(fy[j], fy[j + 1]), second = vuzp2q_s32(fy[j], fy[j + 1]);
        vst1q_s32(vertical + 2 * j, vmlaq_n_s32(second, first, 17));
    }
}

/// a[k] and a[k + 1] (32 bits each, zero-extended: 64-bit outputs, so no move extends them
/// again) by one load-pair instruction. The compiler, left to itself, took some of
/// a row's offsets one load each and others out of the vector registers one move each (eight
/// instructions more a block, the NEON tile loop's).
#define KS_LOAD_TWO(a, k, first, second)                                                       \
    __asm__("ldp %w0, %w1, [%2, %3]"                                                           \
        : "=r"(first), "=r"(second)                                                            \
        : "r"(a), "i"(4 * (k)), "m"(*(const uint32_t(*)[KS_BLOCK])(a)))

/// Two pixels i and i + 1 before rounding, with `row` the pair's entry of fy_pairs: each
/// pixel's two rows blended down first (the top row's eight bytes times 16 − fy, plus the
/// bottom row's times fy, by vmull and vmlal_high: both columns' four channels at once, at
/// most 255 · 16), then across (times 16 − fx and fx as 16-bit lanes, and a pairwise add: at
/// most 255 · 256). Exact in 16 bits, so the order of the blends cannot change a result; two
/// multiplies fewer a pair than blending across first, where each row's bytes needed a
/// widening multiply of their own.
__attribute__((always_inline)) static inline uint16x8_t pair_neon(
    const uint8_t *base, const uint32_t *entry, uint32_t row, const uint8_t *w, int i, int tiled)
{
    uint64_t first, second;
    KS_LOAD_TWO(entry, i, first, second);
    uint8x16_t p0 = vld1q_u8(base + first), p1 = vld1q_u8(base + second);
    const uint8_t(*f)[16] = fy_pairs[row];
    uint8x16_t f0 = vld1q_u8(f[0]), f1 = vld1q_u8(f[1]);
    uint16x8_t down0 = vmlal_high_u8(vmull_u8(vget_low_u8(p0), vget_low_u8(f0)), p0, f0);
    uint16x8_t down1 = vmlal_high_u8(vmull_u8(vget_low_u8(p1), vget_low_u8(f1)), p1, f1);
    // The tile loop's weights are widened already (neon_tile_weights); a run's are bytes.
    uint16x8_t h0 = tiled ? vld1q_u16((const uint16_t *)(w + 16 * i)) : vmovl_u8(vld1_u8(w + 16 * i));
    uint16x8_t h1 = tiled ? vld1q_u16((const uint16_t *)(w + 16 * (i + 1)))
                          : vmovl_u8(vld1_u8(w + 16 * (i + 1)));
    return vpaddq_u16(vmulq_u16(down0, h0), vmulq_u16(down1, h1));
}

/// KS_BLOCK pixels, four at a time (stores are ordinary: `stream` is an x86 notion): two pairs,
/// each rounded ((V + 128) >> 8) into one half of a 16-byte vector. Modulated, the rounding
/// stays 16-bit (vrshr), the multiply follows and the narrowing shift rounds the product:
/// (x · m + 128) >> 8, as the scalar reference. Unrolled: the loop's own bookkeeping was a
/// fifth of its instructions.
__attribute__((always_inline)) static inline void pixels_neon(KS_PIXELS_ARGS)
{
    (void)stream;
    const uint16_t mv[8] = {colour, colour, colour, alpha, colour, colour, colour, alpha};
    const uint16x8_t m = vld1q_u16(mv);
    const uint32_t *entry = (const uint32_t *)offsets;
#pragma clang loop unroll(full)
    for (int i = 0; i < KS_BLOCK; i += 4) {
        uint16x8_t a = pair_neon(base, entry, (uint32_t)vertical[i / 2], w, i, tiled);
        uint16x8_t b = pair_neon(base, entry, (uint32_t)vertical[i / 2 + 1], w, i + 2, tiled);
        if (modulated) {
            a = vmulq_u16(vrshrq_n_u16(a, 8), m);
            b = vmulq_u16(vrshrq_n_u16(b, 8), m);
        }
        vst1q_u8((uint8_t *)(out + i), vrshrn_high_n_u16(vrshrn_n_u16(a, 8), b, 8));
    }
}

static void run_neon(KS_RUN_ARGS) { KS_RUN_BODY(pixels_neon, entries_neon); }
KS_DEFINE_CURSOR_ROWS(rows_neon, , pixels_neon, neon_cursor, 1, 1)
KS_DEFINE_TILES(tiles_neon, , pixels_neon, entries_neon, rows_neon, neon_tile_weights, (void)0)

const ks_pair_kernels ks_pair_neon = {run_neon, tiles_neon};
#endif
