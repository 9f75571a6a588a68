// The drivers every tier shares, written once as macros so each tier's copy is compiled with its
// own instruction set and calls its own functions directly (no call through a pointer per
// block). A tier supplies two:
// - `entries`: from a block's row coordinates v, each pixel's byte offset in the layout and its
//   vertical weight in the form the tier's pixels read it (`ks_block_entries`: fy 0...15),
//   clamping v into the page unless its `clamp` is 0 (the tile loop knows every v lies inside);
// - `pixels`: KS_BLOCK pixels of one output row from those.
// The drivers work out the coordinates, per block for a run, stepped down the rows for a tile.
#ifndef KIOSK_PAIR_DRIVERS_H
#define KIOSK_PAIR_DRIVERS_H
#include <string.h>
#include "pair_common.h"

/// A tier's pixel function: KS_BLOCK pixels to `out` from the layout entries `base + offsets[i]`
/// with the vertical weights `vertical` its `entries` wrote and horizontal weights `w + 16 · i`,
/// scaled by `colour` and `alpha` when `modulated` (colour != 256 || alpha != 256: an argument,
/// so the tile loop's copies for each case know it at compile time). `stream`: `out` is 64-byte
/// aligned and the block's four lines may be written with non-temporal stores (nothing reads
/// them back before the frame is shown, and a 16-column block writes whole lines, so the cache
/// need not fetch them first). `tiled`: `w` is the tile loop's copy, in the arrangement of the
/// tier's `tile_weights` (see KS_DEFINE_TILES), else the columns' table.
#define KS_PIXELS_ARGS                                                                         \
    const uint8_t *base, const int32_t *offsets, const int32_t *vertical, const uint8_t *w,    \
        uint32_t *out, uint32_t colour, uint32_t alpha, int modulated, int stream, int tiled

/// The tile loop's copy of a tile's horizontal weights (16 bytes a column), made once per tile
/// on the stack: as they are, for a tier that reads them as the columns' table has them (each
/// tier passes its own arrangement to KS_DEFINE_TILES).
static inline void ks_tile_weights(uint8_t *copy, const uint8_t *w)
{
    memcpy(copy, w, 16 * KS_BLOCK);
}

/// One block of row `y` from column `first`: its coordinates v0 + dv · y, entries, then the
/// pixels to `out`.
#define KS_ONE_BLOCK(pixels, entries, layout, columns, first, y, out, colour, alpha, stream)   \
    do {                                                                                       \
        double v_[KS_BLOCK];                                                                   \
        int32_t offsets_[KS_BLOCK], vertical_[KS_BLOCK];                                       \
        ks_block_rows(columns, first, KS_BLOCK, y, v_);                                        \
        entries(layout, (columns)->offset + (first), v_, offsets_, vertical_, 1);              \
        ks_block_prefetch((layout)->base, offsets_, y, 1);                                     \
        pixels((layout)->base, offsets_, vertical_, (columns)->weights + 16 * (first), out,    \
            colour, alpha, (colour) != 256 || (alpha) != 256, stream, 0);                      \
    } while (0)

#define KS_RUN_ARGS                                                                            \
    const ks_pair_layout *layout, const ks_pair_columns *columns, int32_t count, int32_t y,    \
        uint32_t *dst, uint32_t colour, uint32_t alpha

/// A run of one row: short runs scalar; longer ones block by block, the last block ending at
/// the run's end (it may overlap the one before: both write the same values).
#define KS_RUN_BODY(pixels, entries)                                                                    \
    do {                                                                                       \
        if (count < KS_BLOCK) {                                                                \
            ks_scalar_pixels(layout, columns, 0, count, y, dst, colour, alpha);                \
            return;                                                                            \
        }                                                                                      \
        int32_t i = 0;                                                                         \
        for (; i + KS_BLOCK <= count; i += KS_BLOCK)                                           \
            KS_ONE_BLOCK(pixels, entries, layout, columns, i, y, dst + i, colour, alpha, 0);       \
        if (i < count)                                                                         \
            KS_ONE_BLOCK(pixels, entries, layout, columns, count - KS_BLOCK, y,                \
                dst + count - KS_BLOCK, colour, alpha, 0);                                     \
    } while (0)

#define KS_TILES_ARGS                                                                          \
    const ks_pair_layout *layout_in, const ks_pair_columns *columns_in, int32_t rows,          \
        int32_t y0, const int32_t *lo, const int32_t *hi, int32_t clip_lo, int32_t clip_hi,    \
        uint32_t *dst, intptr_t stride, uint32_t colour, uint32_t alpha

/// 1 when every row coordinate of a tile's `n` whole rows lies in the page, 0...(height-1)·16,
/// so `entries` may skip the clamp: v is linear down the rows, so the first and last row tell.
/// (Written so that a NaN answers 0 and takes the clamped path.)
__attribute__((always_inline)) static inline int ks_rows_inside(
    const double *v, const double *dv, int32_t n, double top)
{
    int inside = 1;
    for (int i = 0; i < KS_BLOCK; i++) {
        double first = v[i], last = v[i] + dv[i] * (double)(n - 1);
        inside &= first >= 0.0 && first <= top && last >= 0.0 && last <= top;
    }
    return inside;
}

/// A tile's rows in integers, for a run of rows known to lie in the page (the unclamped loop):
/// per column the byte offset of its entry (the pair column's + row · 8) and the row's fraction
/// in 2^-32 units. Down the rows both step by constants (`step`: whole rows per output row,
/// times 8 bytes), a carry out of the fraction adding one row, so a row costs an add, a
/// compare and two adds where the coordinates in doubles cost an add, a conversion and a
/// shift, mask and add. Exact: v (sixteenths) is a multiple of 2^-20 (ks_pair_columns), so
/// row = floor(v · 2^20 / 2^24) and the fraction's top four bits are fy, as ks_entries has them.
typedef struct {
    int32_t offset[KS_BLOCK];
    uint32_t fraction[KS_BLOCK];
    int32_t step[KS_BLOCK];
    uint32_t fraction_step[KS_BLOCK];
} ks_cursor;

/// The cursor at row coordinates `v` (each in the page) stepping by `dv` per output row.
__attribute__((always_inline)) static inline void ks_cursor_start(
    ks_cursor *restrict c, const int32_t *restrict column, const double *restrict v,
    const double *restrict dv)
{
    for (int i = 0; i < KS_BLOCK; i++) {
        // Exact: both are integers times 2^-20 well inside 2^53.
        int64_t at = (int64_t)(v[i] * 1048576.0), by = (int64_t)(dv[i] * 1048576.0);
        c->offset[i] = column[i] + (int32_t)(at >> 24) * 8;
        c->fraction[i] = (uint32_t)(at & 0xFFFFFF) << 8;
        // Arithmetic shift and mask: a negative step is a floor and a fraction in 0...1.
        c->step[i] = (int32_t)(by >> 24) * 8;
        c->fraction_step[i] = (uint32_t)(by & 0xFFFFFF) << 8;
    }
}

/// The current row's entries (offsets and fy 0...15, as ks_block_entries gives them), then
/// the cursor one row down: the generic tiers' cursor (`ks_cursor` in KS_DEFINE_TILES).
__attribute__((always_inline)) static inline void ks_cursor_next(
    ks_cursor *restrict c, int32_t *restrict offsets, int32_t *restrict fy)
{
    for (int i = 0; i < KS_BLOCK; i++) {
        offsets[i] = c->offset[i];
        fy[i] = (int32_t)(c->fraction[i] >> 28);
        uint32_t f = c->fraction[i] + c->fraction_step[i];
        c->offset[i] += c->step[i] + (f < c->fraction_step[i] ? 8 : 0);
        c->fraction[i] = f;
    }
}

/// A tile's whole rows stepped by a cursor (the unclamped loop of KS_DEFINE_TILES), with these
/// arguments: the layout's `base`, the tile's `column` offsets, its horizontal weights as
/// the tier's `tile_weights` copied them (`weights`), the first row's coordinates `v` and their steps
/// `dv`, the first output row `row` and the `stride` to the next, `n` rows, and the modulation
/// and streaming as the pixel functions take them.
#define KS_CURSOR_ROWS_ARGS                                                                    \
    const uint8_t *base, const int32_t *column, const uint8_t *weights, const double *v,       \
        const double *dv, uint32_t *row, intptr_t stride, int32_t n, uint32_t colour,          \
        uint32_t alpha, int modulated, int stream

/// Makes the pixels read a row's entries (`indices`, `vertical`: KS_BLOCK each) back from
/// memory, one load an entry, after a cursor stored them: left to itself the compiler took some
/// out of the x86 tiers' vector registers with lane extracts and masks (three more instructions
/// a row in the AVX2 loop). NEON's loop is shorter without it (its entries are read in pairs:
/// KS_LOAD_TWO), so each cursor says.
#define KS_READ_BACK(indices, vertical)                                                        \
    __asm__("" : "+m"(*(int32_t(*)[KS_BLOCK])(indices)), "+m"(*(int32_t(*)[KS_BLOCK])(vertical)))

/// Defines `name`, a tier's cursor rows: per row its `cursor`'s entries (`cursor##_start`,
/// `cursor##_next`), the prefetch and `pixels`, which reads the entries in the cursor's form
/// (`scale` bytes per unit of an offset: 1, or 8 for AVX2's entry indices).
///
/// The cursor runs `ring` - 1 rows ahead of the pixels: the entries of `ring` rows go round a
/// ring on the stack, and a row's pixels read entries stored that many rows before. Read back
/// in the row that stored them, the entries held every tap load: seven rows ahead (`ring` 8),
/// the AVX2 tile loop took 23-30 % less time on a Zen 4 core, SSSE3's 19 % less
/// (Tests/PixelKernels/ab.sh; docs/performance.md, stop 46). The loop is unrolled by the ring,
/// so every slot is a fixed stack address and the ring costs no instruction (the prefetch's
/// eighth, k + s, folds to the slot). `ring` 1 is the plain loop: SSE2 gained no time from the
/// ring and NEON took 1.3 M instructions more a frame (its weights and cursor fill the vector
/// registers). The first rows' entries come before the loop; the cursor computes up to
/// `ring` - 1 rows past the tile's last, numbers only, nothing read from them.
#define KS_DEFINE_CURSOR_ROWS(name, ATTR, pixels, cursor, scale, ring)                         \
    ATTR __attribute__((always_inline)) static inline void name(KS_CURSOR_ROWS_ARGS)           \
    {                                                                                          \
        cursor c;                                                                              \
        cursor##_start(&c, column, v, dv);                                                     \
        int32_t offsets[ring][KS_BLOCK], vertical[ring][KS_BLOCK];                             \
        for (int s = 0; s < (ring) - 1; s++) cursor##_next(&c, offsets[s], vertical[s]);       \
        int32_t k = 0;                                                                         \
        for (; k + (ring) <= n; k += (ring)) {                                                 \
            _Pragma("clang loop unroll(full)")                                                 \
            for (int s = 0; s < (ring); s++, row += stride) {                                  \
                const int ahead = (s + (ring) - 1) % (ring);                                   \
                cursor##_next(&c, offsets[ahead], vertical[ahead]);                            \
                ks_block_prefetch(base, offsets[s], k + s, scale);                             \
                pixels(base, offsets[s], vertical[s], weights, row, colour, alpha, modulated,  \
                    stream, 1);                                                                \
            }                                                                                  \
        }                                                                                      \
        /* The last n % ring rows: their entries are in the first slots. */                    \
        for (int s = 0; k < n; k++, s++, row += stride) {                                      \
            ks_block_prefetch(base, offsets[s], k, scale);                                     \
            pixels(base, offsets[s], vertical[s], weights, row, colour, alpha, modulated,      \
                stream, 1);                                                                    \
        }                                                                                      \
    }

/// How many rows from the first of `lo`, `hi` (`rows` of them) cover columns tx..<tx + KS_BLOCK
/// whole. Most calls stop at the first row (a tile astride a run's end has no whole row), so
/// that row is tested alone; the rest go eight a step with no early exit, which the compiler
/// turns into vector compares (a row at a time, the test cost a tenth of the tile loop).
/// A row is whole when tx − lo ≥ 0 and hi − end ≥ 0: one sign test for eight rows (pixel
/// columns are far from overflowing).
__attribute__((always_inline)) static inline int32_t ks_whole_rows(
    const int32_t *lo, const int32_t *hi, int32_t rows, int32_t tx)
{
    const int32_t end = tx + KS_BLOCK;
    if (rows <= 0 || lo[0] > tx || hi[0] < end) return 0;
    int32_t n = 1;
    for (; n + 8 <= rows; n += 8) {
        int32_t outside = 0;
        for (int i = 0; i < 8; i++) outside |= (tx - lo[n + i]) | (hi[n + i] - end);
        if (outside < 0) break;
    }
    while (n < rows && lo[n] <= tx && end <= hi[n]) n++;
    return n;
}

/// How many rows from the first of `lo`, `hi` (`rows` of them, clipped to clip_lo..<clip_hi)
/// a block at `at` draws whole where the run starts inside a tile (`left`: the run starts at
/// `at` and reaches at + KS_BLOCK) or ends inside it (the run ends at at + KS_BLOCK and starts
/// at or before `at`): the rows that keep that start (end), at least the first.
__attribute__((always_inline)) static inline int32_t ks_side_rows(
    const int32_t *lo, const int32_t *hi, int32_t rows, int32_t clip_lo, int32_t clip_hi,
    int32_t at, int left)
{
    int32_t n = 1;
    for (; n < rows; n++) {
        const int32_t a = lo[n] > clip_lo ? lo[n] : clip_lo, b = hi[n] < clip_hi ? hi[n] : clip_hi;
        if (left ? a != at || b < at + KS_BLOCK : b != at + KS_BLOCK || a > at) break;
    }
    return n;
}

/// The first row from `r` (of `rows`) whose pixels lo..<hi meet columns from..<to (a tile
/// within the clip), or `rows`: a tile passes over the rows of a part that lie wholly beside it
/// or in another clip (a slanted side's rows), eight a step while none meets it.
__attribute__((always_inline)) static inline int32_t ks_next_row_meeting(
    const int32_t *lo, const int32_t *hi, int32_t rows, int32_t r, int32_t from, int32_t to)
{
    for (; r + 8 <= rows; r += 8) {
        int32_t meets = 0;
        for (int i = 0; i < 8; i++) {
            const int32_t a = lo[r + i] > from ? lo[r + i] : from;
            const int32_t b = hi[r + i] < to ? hi[r + i] : to;
            meets |= a < b;
        }
        if (meets) break;
    }
    while (r < rows && (lo[r] > from ? lo[r] : from) >= (hi[r] < to ? hi[r] : to)) r++;
    return r;
}

/// Defines a tier's tile kernel `name` (see ks_pair_tiles) and its inner loop `name##_rows`.
/// `tile_weights(copy, w)` copies a tile's horizontal weights (from the columns' table) to the
/// stack in the arrangement the tier's `pixels` read when `tiled` (ks_tile_weights: as they are).
///
/// Rows y0..<y0 + rows, pixels lo[r]..<hi[r] of each within clip_lo..<clip_hi (absolute x;
/// the columns' tables and `dst`, row y0's first pixel, are indexed by absolute x), in tiles of
/// KS_BLOCK columns × all the rows: each column of a tile reads one contiguous stretch of its
/// pair column, long enough for the hardware prefetcher, the next tile the stretch beside it.
///
/// The tiles sit where row y0's pixels start a 64-byte line (the frame's memory need not start
/// on one: a malloc'd buffer starts 16 bytes past it), so a tile wholly inside a row's run
/// writes whole lines with non-temporal stores (when the stride keeps every row on the lines).
/// The whole rows of a tile run in `name##_rows`, which steps the rows by the tier's cursor
/// (or, where some row's coordinate leaves the page, by v += dv: exact, as v0 + dv · y is, see
/// ks_pair_columns); the loop is compiled once per case of what stays the same down the rows
/// (modulated or not, clamped or not, streamed or not), so no row tests any of them. Where a
/// run starts or ends inside a tile (a face's side, or where two runs of a face meet: the same
/// column down many rows), the block at its start or end runs down those rows the same way,
/// overlapping its neighbour with the same values (`ks_side_rows`); a piece narrower than a
/// block is drawn through a block of its run on the stack when the clip cut it from a wider run
/// (four pixels or more), pixel by pixel otherwise. Nothing outside the clip is written, so
/// threads may share a frame by clips.
///
/// The layout and the columns are copied to locals first: the pixel stores could otherwise
/// alias them, and every row would load them again.
#define KS_DEFINE_TILES(name, ATTR, pixels, entries, cursor_rows, tile_weights, fence)     \
    ATTR __attribute__((always_inline)) static inline void name##_rows(                        \
        const ks_pair_layout *layout, const int32_t *column, const uint8_t *w,                 \
        const double *first, const double *dv, uint32_t *row, intptr_t stride, int32_t y,      \
        int32_t n, uint32_t colour, uint32_t alpha, int modulated, int clamp, int stream)      \
    {                                                                                          \
        /* The weights copied to the stack: the pixel stores cannot alias a local, so a tier  \
           with registers to spare (NEON) keeps them in registers down the rows. */            \
        uint8_t weights[16 * KS_BLOCK] __attribute__((aligned(16)));                           \
        tile_weights(weights, w);                                                              \
        if (!clamp) {                                                                          \
            /* Every row in the page: the tier's cursor steps the entries in integers. */      \
            cursor_rows(layout->base, column, weights, first, dv, row, stride, n, colour,      \
                alpha, modulated, stream);                                                     \
            return;                                                                            \
        }                                                                                      \
        double v[KS_BLOCK];                                                                    \
        memcpy(v, first, sizeof v);                                                            \
        for (int32_t k = 0; k < n; k++, y++, row += stride) {                                  \
            int32_t offsets[KS_BLOCK], vertical[KS_BLOCK];                                     \
            entries(layout, column, v, offsets, vertical, clamp);                              \
            ks_block_prefetch(layout->base, offsets, y, 1);                                       \
            pixels(layout->base, offsets, vertical, weights, row, colour, alpha, modulated, stream, 1); \
            for (int i = 0; i < KS_BLOCK; i++) v[i] += dv[i];                                  \
        }                                                                                      \
    }                                                                                          \
                                                                                               \
    /* The block of columns at..<at + KS_BLOCK down n rows from row y (`row` its first      \
       pixel): its coordinates from the columns' tables (v0 + dv · y, exact, see               \
       ks_pair_columns: no state carried between runs), then the copy of the loop for its      \
       case (constant arguments each, so no row tests any of them). */                         \
    ATTR __attribute__((always_inline)) static inline void name##_run(                         \
        const ks_pair_layout *layout, const ks_pair_columns *columns, int32_t at,              \
        uint32_t *row, intptr_t stride, int32_t y, int32_t n, uint32_t colour, uint32_t alpha, \
        int modulated, int stream)                                                             \
    {                                                                                          \
        if (n <= 0) return;                                                                    \
        double v[KS_BLOCK], dv[KS_BLOCK];                                                      \
        for (int i = 0; i < KS_BLOCK; i++) {                                                   \
            dv[i] = columns->dv[at + i];                                                       \
            v[i] = columns->v0[at + i] + dv[i] * (double)y;                                    \
        }                                                                                      \
        const int32_t *column = columns->offset + at;                                          \
        const uint8_t *w = columns->weights + 16 * at;                                         \
        const int clamp = !ks_rows_inside(v, dv, n, (double)(layout->height - 1) * 16.0);      \
        if (modulated && clamp && stream)                                                      \
            name##_rows(layout, column, w, v, dv, row, stride, y, n, colour, alpha, 1, 1, 1);  \
        else if (modulated && clamp && !stream)                                                \
            name##_rows(layout, column, w, v, dv, row, stride, y, n, colour, alpha, 1, 1, 0);  \
        else if (modulated && !clamp && stream)                                                \
            name##_rows(layout, column, w, v, dv, row, stride, y, n, colour, alpha, 1, 0, 1);  \
        else if (modulated && !clamp && !stream)                                               \
            name##_rows(layout, column, w, v, dv, row, stride, y, n, colour, alpha, 1, 0, 0);  \
        else if (!modulated && clamp && stream)                                                \
            name##_rows(layout, column, w, v, dv, row, stride, y, n, 256, 256, 0, 1, 1);       \
        else if (!modulated && clamp && !stream)                                               \
            name##_rows(layout, column, w, v, dv, row, stride, y, n, 256, 256, 0, 1, 0);       \
        else if (!modulated && !clamp && stream)                                               \
            name##_rows(layout, column, w, v, dv, row, stride, y, n, 256, 256, 0, 0, 1);       \
        else                                                                                   \
            name##_rows(layout, column, w, v, dv, row, stride, y, n, 256, 256, 0, 0, 0);       \
    }                                                                                          \
                                                                                               \
    ATTR static void name(KS_TILES_ARGS)                                                       \
    {                                                                                          \
        const ks_pair_layout layout_copy = *layout_in, *layout = &layout_copy;                 \
        const ks_pair_columns columns_copy = *columns_in, *columns = &columns_copy;            \
        int32_t first = INT32_MAX, last = INT32_MIN;                                           \
        for (int32_t r = 0; r < rows; r++) {                                                   \
            int32_t a = lo[r] > clip_lo ? lo[r] : clip_lo, b = hi[r] < clip_hi ? hi[r] : clip_hi; \
            if (a >= b) continue;                                                              \
            first = a < first ? a : first;                                                     \
            last = b > last ? b : last;                                                        \
        }                                                                                      \
        if (first >= last) return;                                                             \
        const int32_t phase = ks_tile_phase(dst);                                              \
        const int modulated = colour != 256 || alpha != 256;                                   \
        /* Every row on the same 64-byte phase, so one test per tile decides streaming. */     \
        const int lined = ((stride * (intptr_t)sizeof(uint32_t)) & 63) == 0;                   \
        int streamed = 0;                                                                      \
        for (int32_t tx = first - ((first - phase) & (KS_BLOCK - 1)); tx < last; tx += KS_BLOCK) { \
            /* A tile cut by the clip has no whole row. */                                     \
            const int inside = tx >= clip_lo && tx + KS_BLOCK <= clip_hi;                      \
            const int32_t from = tx > clip_lo ? tx : clip_lo;                                  \
            const int32_t to = tx + KS_BLOCK < clip_hi ? tx + KS_BLOCK : clip_hi;              \
            for (int32_t r = 0; r < rows;) {                                                   \
                r = ks_next_row_meeting(lo, hi, rows, r, from, to);                            \
                if (r == rows) break;                                                          \
                const int32_t n = inside ? ks_whole_rows(lo + r, hi + r, rows - r, tx) : 0;    \
                if (n > 0) {                                                                   \
                    uint32_t *row = dst + stride * r + tx;                                     \
                    const int stream = lined && ((uintptr_t)row & 63) == 0;                    \
                    streamed |= stream;                                                        \
                    name##_run(layout, columns, tx, row, stride, y0 + r, n, colour, alpha, modulated, stream); \
                    r += n;                                                                    \
                    continue;                                                                  \
                }                                                                              \
                int32_t a = lo[r] > clip_lo ? lo[r] : clip_lo;                                 \
                int32_t b = hi[r] < clip_hi ? hi[r] : clip_hi, y = y0 + r;                     \
                uint32_t *row = dst + stride * r;                                              \
                if (a < b && b > tx && a < tx + KS_BLOCK) {                                    \
                    if (b - a >= KS_BLOCK) {                                                   \
                        /* The run starts (a > tx) or ends inside the tile and spans a block: \
                           the block at its start (end), a tile of its own down the rows that  \
                           keep that start (end), overlapping its neighbour with the same      \
                           values (a face's side, or where its runs meet, is the same column   \
                           on every row). */                                                   \
                        const int left = a > tx;                                               \
                        const int32_t at = left ? a : b - KS_BLOCK;                            \
                        const int32_t n = ks_side_rows(lo + r, hi + r, rows - r, clip_lo, clip_hi, at, left); \
                        name##_run(layout, columns, at, row + at, stride, y, n, colour, alpha, modulated, 0); \
                        r += n;                                                                \
                        continue;                                                              \
                    } else {                                                                   \
                        int32_t from = a > tx ? a : tx, to = b < tx + KS_BLOCK ? b : tx + KS_BLOCK; \
                        if (to - from >= 4 && hi[r] - lo[r] >= KS_BLOCK) {                     \
                            /* The clip cuts a run a block wide (a seam or a face's side at a  \
                               thread's clip, every row): a block of the run around from..<to  \
                               to the stack, and those pixels copied, a quarter of the         \
                               instructions of sampling a dozen one by one (below four pixels  \
                               the block costs more). */                                       \
                            const int32_t at = from < hi[r] - KS_BLOCK ? from : hi[r] - KS_BLOCK; \
                            uint32_t block[KS_BLOCK] __attribute__((aligned(64)));             \
                            KS_ONE_BLOCK(pixels, entries, layout, columns, at, y, block, colour, alpha, 0); \
                            memcpy(row + from, block + (from - at), sizeof(uint32_t) * (size_t)(to - from)); \
                        } else {                                                               \
                            ks_scalar_pixels(layout, columns, from, to - from, y, row, colour, alpha); \
                        }                                                                      \
                    }                                                                          \
                }                                                                              \
                r++;                                                                           \
            }                                                                                  \
        }                                                                                      \
        if (streamed) fence;                                                                   \
    }

#endif
