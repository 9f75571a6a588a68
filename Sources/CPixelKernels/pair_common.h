// Shared by every tier of the pair kernels: the per-block address step and the scalar pixel.
// Included by the kernel files only; everything here is inlined into each tier's own code.
#ifndef KIOSK_PAIR_COMMON_H
#define KIOSK_PAIR_COMMON_H
#include "CPixelKernels.h"
#include "ks_pair_pixel.h"

/// Pixels a kernel handles per address step: their offsets and vertical weights go to a small
/// stack table, computed by one loop the compiler vectorises for the tier's instruction set.
#define KS_BLOCK 16

/// [16 - fy] x 4 then [fy] x 4 as 16-bit lanes, for fy 0...16: the vertical weights of one pixel
/// after the horizontal blend (the top row's four channels, then the bottom row's).
extern const uint16_t ks_vertical_weights[17][8];

/// The vertical weights of two pixels side by side, fy 0...15 each: ks_vertical_weights of each,
/// one after the other (32-byte aligned), at [fy of the first · 16 + fy of the second].
extern const uint16_t ks_vertical_pairs[16 * 16][16];

/// The row of the layout and the vertical weight of `count` (≤ KS_BLOCK) columns whose row
/// coordinates `v` holds: `offsets[i]` the byte offset of the entry in the layout (from the
/// column's pair column `column[i]`), `fy[i]` the weight 0...15 of the row below. The coordinate,
/// exact in the double (see ks_pair_columns), is clamped into 0...(height-1)·16 first, so
/// truncating is flooring, as the generic loop's clamp and shift are.
__attribute__((always_inline)) static inline void ks_entries(
    const ks_pair_layout *layout, const int32_t *restrict column, const double *restrict v,
    int32_t count, int32_t *restrict offsets, int32_t *restrict fy)
{
    const double top = (double)(layout->height - 1) * 16.0;
    for (int32_t i = 0; i < count; i++) {
        double t = v[i];
        t = t > 0.0 ? t : 0.0;
        t = t < top ? t : top;
        int32_t sixteenths = (int32_t)t;
        offsets[i] = column[i] + (sixteenths >> 4) * 8;
        fy[i] = sixteenths & 15;
    }
}

/// The row coordinates of `count` (≤ KS_BLOCK) columns from `first` at row `y`: v0 + dv · y.
__attribute__((always_inline)) static inline void ks_block_rows(
    const ks_pair_columns *columns, int32_t first, int32_t count, int32_t y, double *restrict v)
{
    const double row = (double)y;
    const double *restrict v0 = columns->v0 + first, *restrict dv = columns->dv + first;
    for (int32_t i = 0; i < count; i++) v[i] = v0[i] + dv[i] * row;
}

/// ks_entries of `count` (≤ KS_BLOCK) columns from `first` at row `y`.
__attribute__((always_inline)) static inline void ks_block_addresses(
    const ks_pair_layout *layout, const ks_pair_columns *columns, int32_t first, int32_t count,
    int32_t y, int32_t *restrict offsets, int32_t *restrict fy)
{
    double v[KS_BLOCK];
    ks_block_rows(columns, first, count, y, v);
    ks_entries(layout, columns->offset + first, v, count, offsets, fy);
}

/// ks_entries of a whole block: the `entries` of the tiers whose pixel function takes each
/// pixel's vertical weight fy (see pair_drivers.h). `clamp` 0: every v is known to lie in the
/// page already (the clamp would change nothing).
__attribute__((always_inline)) static inline void ks_block_entries(
    const ks_pair_layout *layout, const int32_t *restrict column, const double *restrict v,
    int32_t *restrict offsets, int32_t *restrict fy, int clamp)
{
    (void)clamp;
    ks_entries(layout, column, v, KS_BLOCK, offsets, fy);
}

/// Bytes ahead in a pair column that a block asks the cache for: about 32 rows of the page.
/// A tile walks sixteen pair columns down at once, one 8-byte entry a row each; the hardware
/// prefetchers do not follow sixteen short strides through different pages, and without the
/// hint each block waited about one memory latency. Once the tile loop took 38 cycles a row
/// (the cursor's ring), 128 to 256 bytes ahead beat 512 by 5-7 % and 2048 was slower still
/// (the tile kernel alone on a Zen 4 core, docs/performance.md, stop 46): lines fetched
/// further ahead sit longer in the first-level cache beside the other fifteen columns'.
#define KS_PREFETCH_AHEAD 256

/// Asks for the lines `KS_PREFETCH_AHEAD` below an eighth of a block's entries (eighth
/// `row` & 7: a row's y, or its index down a tile), the next eighth on the next row: every
/// column once every eighth row, as often as a column crosses a line (a line holds eight rows
/// of it). A quarter a row, each column every fourth row, cost 0.4 M more instructions a frame
/// and was no faster (docs/performance.md, stop 45). Two a row, indexed by the row, not
/// sixteen every eighth row behind a test: the loop keeps one shape and the offsets need not
/// stay in registers for a branch. `scale`: bytes per unit of `offsets` (1: byte offsets; 8:
/// entry indices, as the AVX2 cursor gives them).
__attribute__((always_inline)) static inline void ks_block_prefetch(
    const uint8_t *base, const int32_t *offsets, int32_t row, int scale)
{
    // Unsigned, as the pixel loads read them: no sign extension before the address.
    const uint32_t *entry = (const uint32_t *)offsets + (row & 7) * (KS_BLOCK / 8);
#if defined(__aarch64__)
    // The register-offset form (a zero-extended 32-bit offset): the compiler adds the offset
    // to the base first, an instruction a prefetch, two a block and row.
    const uint8_t *ahead = base + KS_PREFETCH_AHEAD;
    for (int i = 0; i < KS_BLOCK / 8; i++) {
        if (scale == 8)
            __asm__ volatile("prfm pldl1keep, [%0, %w1, uxtw #3]" : : "r"(ahead), "r"(entry[i]));
        else
            __asm__ volatile("prfm pldl1keep, [%0, %w1, uxtw]" : : "r"(ahead), "r"(entry[i]));
    }
#else
    for (int i = 0; i < KS_BLOCK / 8; i++)
        __builtin_prefetch(base + (uint64_t)scale * entry[i] + KS_PREFETCH_AHEAD);
#endif
}

/// (value · m + 128) >> 8 per channel: the compositor's `modulate` (colour on B, G, R).
__attribute__((always_inline)) static inline uint32_t ks_modulate(
    uint32_t p, uint32_t colour, uint32_t alpha)
{
    uint32_t out = 0;
    for (int k = 0; k < 4; k++) {
        uint32_t m = k == 3 ? alpha : colour;
        out |= ((((p >> (8 * k)) & 0xFF) * m + 128) >> 8) << (8 * k);
    }
    return out;
}

/// `count` pixels one by one from `first` (runs shorter than a block, and a tile's rows where
/// a run narrower than a block lies): ks_pair_pixel, the edge pixels' sample, then modulated.
__attribute__((always_inline)) static inline void ks_scalar_pixels(
    const ks_pair_layout *layout, const ks_pair_columns *columns, int32_t first, int32_t count,
    int32_t y, uint32_t *dst, uint32_t colour, uint32_t alpha)
{
    const int modulated = colour != 256 || alpha != 256;
    for (int32_t x = first; x < first + count; x++) {
        const uint32_t p = ks_pair_pixel(
            layout->base, layout->height, columns->v0, columns->dv, columns->offset,
            columns->weights, x, y);
        dst[x] = modulated ? ks_modulate(p, colour, alpha) : p;
    }
}

/// One tier's two kernels (see ks_pair_run and ks_pair_tiles).
typedef struct {
    void (*run)(
        const ks_pair_layout *, const ks_pair_columns *, int32_t, int32_t, uint32_t *, uint32_t,
        uint32_t);
    void (*tiles)(
        const ks_pair_layout *, const ks_pair_columns *, int32_t, int32_t, const int32_t *,
        const int32_t *, int32_t, int32_t, uint32_t *, intptr_t, uint32_t, uint32_t);
} ks_pair_kernels;

extern const ks_pair_kernels ks_pair_scalar;
#if defined(__x86_64__)
extern const ks_pair_kernels ks_pair_sse2, ks_pair_ssse3, ks_pair_avx2;
int ks_x86_supports(int tier);
#endif
#if defined(__aarch64__)
extern const ks_pair_kernels ks_pair_neon;
#endif

#endif
