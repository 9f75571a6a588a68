// The two drivers every tier shares, written once as macros so each tier's copy is compiled
// with its own instruction set and calls its own block function directly (no call through a
// pointer per block). A block is KS_BLOCK pixels of one output row (see the tier files).
#ifndef KIOSK_PAIR_DRIVERS_H
#define KIOSK_PAIR_DRIVERS_H
#include "pair_common.h"

#define KS_RUN_ARGS                                                                            \
    const ks_pair_layout *layout, const ks_pair_columns *columns, int32_t count, int32_t y,    \
        uint32_t *dst, uint32_t colour, uint32_t alpha

/// A run of one row: short runs scalar; longer ones block by block, the last block ending at
/// the run's end (it may overlap the one before: both write the same values).
#define KS_RUN_BODY(block)                                                                     \
    do {                                                                                       \
        if (count < KS_BLOCK) {                                                                \
            ks_scalar_pixels(layout, columns, 0, count, y, dst, colour, alpha);                \
            return;                                                                            \
        }                                                                                      \
        int32_t i = 0;                                                                         \
        for (; i + KS_BLOCK <= count; i += KS_BLOCK)                                           \
            block(layout, columns, i, y, dst, colour, alpha, 0);                               \
        if (i < count) block(layout, columns, count - KS_BLOCK, y, dst, colour, alpha, 0);     \
    } while (0)

#define KS_TILES_ARGS                                                                          \
    const ks_pair_layout *layout, const ks_pair_columns *columns, int32_t rows, int32_t y0,    \
        const int32_t *lo, const int32_t *hi, int32_t clip_lo, int32_t clip_hi, uint32_t *dst, \
        intptr_t stride, uint32_t colour, uint32_t alpha

/// Rows y0..<y0 + rows, pixels lo[r]..<hi[r] of each within clip_lo..<clip_hi (absolute x;
/// the columns' tables and `dst`, row y0's first pixel, are indexed by absolute x), in tiles of
/// KS_BLOCK columns × all the rows: each column of a tile reads one contiguous stretch of its
/// pair column, long enough for the hardware prefetcher, the next tile the stretch beside it.
/// A tile wholly inside a row's run writes whole 64-byte lines with non-temporal stores (when
/// the row is aligned so); a row that ends inside a tile is finished by a block that lies inside
/// the run and the clip (overlapping its neighbour with the same values), or pixel by pixel.
/// Nothing outside the clip is written, so threads may share a frame by clips.
#define KS_TILES_BODY(block, fence)                                                            \
    do {                                                                                       \
        int32_t first = INT32_MAX, last = INT32_MIN;                                           \
        for (int32_t r = 0; r < rows; r++) {                                                   \
            int32_t a = lo[r] > clip_lo ? lo[r] : clip_lo, b = hi[r] < clip_hi ? hi[r] : clip_hi; \
            if (a >= b) continue;                                                              \
            first = a < first ? a : first;                                                     \
            last = b > last ? b : last;                                                        \
        }                                                                                      \
        int streamed = 0;                                                                      \
        for (int32_t tx = first & ~(KS_BLOCK - 1); first < last && tx < last; tx += KS_BLOCK) { \
            for (int32_t r = 0; r < rows; r++) {                                               \
                int32_t a = lo[r] > clip_lo ? lo[r] : clip_lo;                                 \
                int32_t b = hi[r] < clip_hi ? hi[r] : clip_hi, y = y0 + r;                     \
                if (a >= b || b <= tx || a >= tx + KS_BLOCK) continue;                         \
                uint32_t *row = dst + stride * r;                                              \
                if (a <= tx && tx + KS_BLOCK <= b) {                                           \
                    int stream = ((uintptr_t)(row + tx) & 63) == 0;                            \
                    block(layout, columns, tx, y, row, colour, alpha, stream);                 \
                    streamed |= stream;                                                        \
                } else if (b - a >= KS_BLOCK) {                                                \
                    if (a > tx) block(layout, columns, a, y, row, colour, alpha, 0);           \
                    if (tx + KS_BLOCK > b)                                                     \
                        block(layout, columns, b - KS_BLOCK, y, row, colour, alpha, 0);        \
                } else {                                                                       \
                    int32_t from = a > tx ? a : tx, to = b < tx + KS_BLOCK ? b : tx + KS_BLOCK; \
                    ks_scalar_pixels(layout, columns, from, to - from, y, row, colour, alpha); \
                }                                                                              \
            }                                                                                  \
        }                                                                                      \
        if (streamed) fence;                                                                   \
    } while (0)

#endif
