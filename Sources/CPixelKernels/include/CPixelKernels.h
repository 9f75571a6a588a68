#ifndef KIOSK_CPIXELKERNELS_H
#define KIOSK_CPIXELKERNELS_H
// The compositor's column-pair kernels: a page stored for turning (the "pair layout") and the
// loops that sample a run of output pixels from it, one per instruction-set tier, each giving
// the scalar reference's pixels bit for bit (docs/performance.md, "The column-pair layout").
#include <stddef.h>
#include <stdint.h>

/// The instruction-set tiers of the pair kernels. A tier runs only where `ks_tier_supported`
/// says so; the compositor picks `ks_best_tier()` and tests force each tier in turn.
enum {
    KS_TIER_SCALAR = 0,
    KS_TIER_SSE2 = 1,
    KS_TIER_SSSE3 = 2,
    KS_TIER_AVX2 = 3,
    KS_TIER_NEON = 4,
    KS_TIER_COUNT = 5
};

/// 1 when this CPU runs `tier`'s kernel (and this build has it), else 0.
int ks_tier_supported(int tier);

/// The fastest supported tier.
int ks_best_tier(void);

/// A page of `width` x `height` premultiplied ARGB32 pixels stored for turning: column pairs,
/// column-major. Entry (c, r), 8 bytes, holds pixels (c, r) and (c + 1, r) interleaved byte by
/// byte (B of c, B of c + 1, G, G, R, R, A, A), so one 16-byte load at entry (c, r) holds all four
/// taps of a bilinear sample between rows r and r + 1. Each pair column has `height + 1` entries
/// (the last row repeated, so a sample on the last row reads a real pixel with weight 0) and
/// starts `column_bytes` after the one before; there are `width - 1` pair columns.
/// A prefiltered half- or quarter-size copy of the page is simply another layout of the smaller
/// image: the loops read any level through the same fields.
typedef struct {
    const uint8_t *base;
    /// Bytes from one pair column to the next.
    int32_t column_bytes;
    int32_t width;
    int32_t height;
} ks_pair_layout;

/// Bytes a layout of `width` x `height` needs (0 when it cannot be made: width < 2, or more
/// than 2 GiB, which the 32-bit offsets of the run tables cannot address).
size_t ks_pair_layout_bytes(int32_t width, int32_t height);

/// Fills `layout_memory` (`ks_pair_layout_bytes` bytes, 64-byte aligned) from `pixels`
/// (`stride_bytes` per row) and describes it in `layout`.
void ks_pair_layout_build(
    const uint32_t *pixels, int32_t width, int32_t height, int32_t stride_bytes,
    uint8_t *layout_memory, ks_pair_layout *layout);

/// Brings `layout` (built in `layout_memory` from `pixels`, `stride_bytes` per row) up to date
/// after the pixels x0..<x1 of rows y0..<y1 changed (clamped to the image): only the entries
/// that hold them are written again, the same bytes as a new build.
void ks_pair_layout_update(
    const uint32_t *pixels, int32_t stride_bytes, uint8_t *layout_memory,
    const ks_pair_layout *layout, int32_t x0, int32_t y0, int32_t x1, int32_t y1);

/// Per output column of a run (index 0 is the run's first pixel): the source row coordinate in
/// sixteenths of a pixel at output row 0 and its step per output row (the compositor's 24-bit
/// fixed-point v0 and dv divided by 2^20: exact integers times 2^-4 in a double), the byte
/// offset of the column's pair column in the layout, and 16 bytes of horizontal weights
/// (16 - fx, fx repeated eight times).
typedef struct {
    const double *v0;
    const double *dv;
    const int32_t *offset;
    const uint8_t *weights;
} ks_pair_columns;

/// Writes `count` pixels of output row `y` to `dst` (over transparent pixels: plain stores), each
/// the bilinear sample of its column at row `y` with 4-bit weights, rounded as the compositor's
/// generic loop rounds, then scaled by `colour` (blue, green, red) and `alpha` (0...256; 256 and
/// 256 leave it as it is). The row coordinate is clamped into the page. `tier` must be supported.
void ks_pair_run(
    int tier, const ks_pair_layout *layout, const ks_pair_columns *columns, int32_t count,
    int32_t y, uint32_t *dst, uint32_t colour, uint32_t alpha);

/// The same for rows y0..<y0 + rows, pixels lo[r]..<hi[r] of row y0 + r that lie within
/// clip_lo..<clip_hi (none when lo ≥ hi), drawn in tiles of 16 columns × all the rows. Here
/// `columns` and `dst` (row y0's pixel 0, `stride_pixels` to the next row) are indexed by
/// absolute x. Nothing outside the clip is written. Whole 64-byte lines may be written with
/// non-temporal stores (fenced before return).
void ks_pair_tiles(
    int tier, const ks_pair_layout *layout, const ks_pair_columns *columns, int32_t rows,
    int32_t y0, const int32_t *lo, const int32_t *hi, int32_t clip_lo, int32_t clip_hi,
    uint32_t *dst, intptr_t stride_pixels, uint32_t colour, uint32_t alpha);

/// Pixels from `dst` to the first pixel that starts a 64-byte line (0...15): ks_pair_tiles lays
/// its 16-column tiles from there, and callers that split a frame into column chunks start them
/// there too, so no tile is cut in two.
static inline int32_t ks_tile_phase(const uint32_t *dst)
{
    return (int32_t)((16 - (((uintptr_t)dst >> 2) & 15)) & 15);
}

/// The same, one pixel: the scalar reference every tier is compared with.
uint32_t ks_pair_sample(
    const ks_pair_layout *layout, const ks_pair_columns *columns, int32_t index, int32_t y,
    uint32_t colour, uint32_t alpha);

#endif
