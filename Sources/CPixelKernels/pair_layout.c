// The column-pair layout of a page (see CPixelKernels.h) and the scalar reference kernel.
#include <string.h>
#include "pair_drivers.h"

const uint16_t ks_vertical_weights[17][8] __attribute__((aligned(16))) = {
#define KS_ROW(f) {16 - f, 16 - f, 16 - f, 16 - f, f, f, f, f}
    KS_ROW(0), KS_ROW(1), KS_ROW(2), KS_ROW(3), KS_ROW(4), KS_ROW(5), KS_ROW(6), KS_ROW(7),
    KS_ROW(8), KS_ROW(9), KS_ROW(10), KS_ROW(11), KS_ROW(12), KS_ROW(13), KS_ROW(14), KS_ROW(15),
    KS_ROW(16)
#undef KS_ROW
};

#define KS_PAIR(f, g) {16 - f, 16 - f, 16 - f, 16 - f, f, f, f, f, 16 - g, 16 - g, 16 - g, 16 - g, g, g, g, g}
#define KS_PAIRS(f)                                                                            \
    KS_PAIR(f, 0), KS_PAIR(f, 1), KS_PAIR(f, 2), KS_PAIR(f, 3), KS_PAIR(f, 4), KS_PAIR(f, 5),  \
        KS_PAIR(f, 6), KS_PAIR(f, 7), KS_PAIR(f, 8), KS_PAIR(f, 9), KS_PAIR(f, 10),            \
        KS_PAIR(f, 11), KS_PAIR(f, 12), KS_PAIR(f, 13), KS_PAIR(f, 14), KS_PAIR(f, 15)
const uint16_t ks_vertical_pairs[16 * 16][16] __attribute__((aligned(32))) = {
    KS_PAIRS(0), KS_PAIRS(1), KS_PAIRS(2), KS_PAIRS(3), KS_PAIRS(4), KS_PAIRS(5), KS_PAIRS(6),
    KS_PAIRS(7), KS_PAIRS(8), KS_PAIRS(9), KS_PAIRS(10), KS_PAIRS(11), KS_PAIRS(12),
    KS_PAIRS(13), KS_PAIRS(14), KS_PAIRS(15)
};
#undef KS_PAIRS
#undef KS_PAIR

/// Pair columns start on a 64-byte line, so a column's stream never shares its first line.
static int64_t column_bytes(int32_t height) { return (((int64_t)height + 1) * 8 + 63) & ~(int64_t)63; }

size_t ks_pair_layout_bytes(int32_t width, int32_t height)
{
    if (width < 2 || height < 1) return 0;
    int64_t bytes = column_bytes(height) * (width - 1);
    // The run tables hold 32-bit offsets; past 2 GiB the compositor keeps its row-major loop.
    if (bytes > INT32_MAX) return 0;
    return (size_t)bytes;
}

/// 16 bytes: four pixels, or two entries.
typedef uint8_t ks_bytes16 __attribute__((vector_size(16)));

/// The entries of pair columns c_from..<c_to, rows r_from..<r_to (row `height` repeats the last
/// row: the bottom taps of a pixel on it), of a layout at `memory` with `step` bytes a column.
static void fill(
    const uint32_t *pixels, int32_t width, int32_t height, int32_t stride_bytes, uint8_t *memory,
    int64_t step, int64_t c_from, int64_t c_to, int32_t r_from, int32_t r_to)
{
    // Sixteen pair columns at a time: each source row's one 64-byte line is read once and
    // written to sixteen column streams. Four entries a step: pixels c...c + 3 and c + 1...c + 4
    // interleaved byte by byte are entries c and c + 1, then c + 2 and c + 3 (a 5x faster
    // build than byte by byte; it runs on the loop between frames).
    for (int64_t c0 = c_from; c0 < c_to; c0 += 16) {
        int64_t n = c_to - c0 < 16 ? c_to - c0 : 16;
        for (int32_t r = r_from; r < r_to; r++) {
            int32_t source_row = r < height ? r : height - 1;
            const uint8_t *row = (const uint8_t *)pixels + (int64_t)source_row * stride_bytes;
            uint8_t *entry = memory + c0 * step + (int64_t)r * 8;
            int64_t i = 0;
            // Pixel c0 + i + 4 must exist: the whole-vector steps stop before the row's end.
            for (; i + 4 <= n && c0 + i + 5 <= width; i += 4) {
                ks_bytes16 a, b;
                memcpy(&a, row + (c0 + i) * 4, 16);
                memcpy(&b, row + (c0 + i + 1) * 4, 16);
                ks_bytes16 lo = __builtin_shufflevector(
                    a, b, 0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23);
                ks_bytes16 hi = __builtin_shufflevector(
                    a, b, 8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31);
                memcpy(entry + i * step, &lo, 8);
                memcpy(entry + (i + 1) * step, (const uint8_t *)&lo + 8, 8);
                memcpy(entry + (i + 2) * step, &hi, 8);
                memcpy(entry + (i + 3) * step, (const uint8_t *)&hi + 8, 8);
            }
            for (; i < n; i++) {
                const uint8_t *a = row + (c0 + i) * 4, *b = a + 4;
                uint8_t *e = entry + i * step;
                e[0] = a[0]; e[1] = b[0]; e[2] = a[1]; e[3] = b[1];
                e[4] = a[2]; e[5] = b[2]; e[6] = a[3]; e[7] = b[3];
            }
        }
    }
}

void ks_pair_layout_build(
    const uint32_t *pixels, int32_t width, int32_t height, int32_t stride_bytes,
    uint8_t *layout_memory, ks_pair_layout *layout)
{
    const int64_t step = column_bytes(height), pairs = width - 1;
    fill(pixels, width, height, stride_bytes, layout_memory, step, 0, pairs, 0, height + 1);
    // The padding after each column's last entry is never read; keep it defined.
    const int64_t used = ((int64_t)height + 1) * 8;
    for (int64_t c = 0; c < pairs; c++) memset(layout_memory + c * step + used, 0, (size_t)(step - used));
    layout->base = layout_memory;
    layout->column_bytes = (int32_t)step;
    layout->width = width;
    layout->height = height;
}

void ks_pair_layout_update(
    const uint32_t *pixels, int32_t stride_bytes, uint8_t *layout_memory,
    const ks_pair_layout *layout, int32_t x0, int32_t y0, int32_t x1, int32_t y1)
{
    const int32_t width = layout->width, height = layout->height;
    // Pixel x is in pair columns x − 1 and x; a changed last row is also the repeated row
    // `height`.
    const int64_t c_from = x0 > 1 ? x0 - 1 : 0, c_to = x1 < width - 1 ? x1 : width - 1;
    const int32_t r_from = y0 > 0 ? y0 : 0, r_to = y1 >= height ? height + 1 : y1;
    if (c_from >= c_to || r_from >= r_to) return;
    fill(pixels, width, height, stride_bytes, layout_memory, layout->column_bytes, c_from, c_to,
        r_from, r_to);
}

uint32_t ks_pair_sample(
    const ks_pair_layout *layout, const ks_pair_columns *columns, int32_t index, int32_t y,
    uint32_t colour, uint32_t alpha)
{
    int32_t offset, fy;
    ks_block_addresses(layout, columns, index, 1, y, &offset, &fy);
    uint32_t p = ks_sample_entry(layout->base + offset, columns->weights + 16 * index, fy);
    return colour != 256 || alpha != 256 ? ks_modulate(p, colour, alpha) : p;
}

/// The scalar reference tier: every other tier must give these pixels. Its pixel function is
/// the plain per-pixel sample, so it goes through the same drivers as the vector tiers.
static inline void pixels_scalar(KS_PIXELS_ARGS)
{
    (void)stream;
    (void)tiled;
    for (int i = 0; i < KS_BLOCK; i++) {
        uint32_t p = ks_sample_entry(base + offsets[i], w + 16 * i, vertical[i]);
        out[i] = modulated ? ks_modulate(p, colour, alpha) : p;
    }
}

static void run_scalar(KS_RUN_ARGS) { KS_RUN_BODY(pixels_scalar, ks_block_entries); }
KS_DEFINE_CURSOR_ROWS(rows_scalar, , pixels_scalar, ks_cursor, 1, 1)
KS_DEFINE_TILES(tiles_scalar, , pixels_scalar, ks_block_entries, rows_scalar, ks_tile_weights, (void)0)

const ks_pair_kernels ks_pair_scalar = {run_scalar, tiles_scalar};
