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

void ks_pair_layout_build(
    const uint32_t *pixels, int32_t width, int32_t height, int32_t stride_bytes,
    uint8_t *layout_memory, ks_pair_layout *layout)
{
    const int64_t step = column_bytes(height);
    // Eight pair columns at a time walk eight output streams and read each source row's 36
    // bytes once, so building stays a few milliseconds for a 1080p page.
    for (int32_t c0 = 0; c0 < width - 1; c0 += 8) {
        int32_t n = width - 1 - c0 < 8 ? width - 1 - c0 : 8;
        for (int32_t r = 0; r <= height; r++) {
            int32_t source_row = r < height ? r : height - 1;
            const uint8_t *row =
                (const uint8_t *)pixels + (int64_t)source_row * stride_bytes + (int64_t)c0 * 4;
            for (int32_t i = 0; i < n; i++) {
                uint8_t *e = layout_memory + (int64_t)(c0 + i) * step + (int64_t)r * 8;
                const uint8_t *a = row + 4 * i, *b = row + 4 * i + 4;
                e[0] = a[0]; e[1] = b[0]; e[2] = a[1]; e[3] = b[1];
                e[4] = a[2]; e[5] = b[2]; e[6] = a[3]; e[7] = b[3];
            }
        }
        // The padding after each column's last entry is never read; keep it defined.
        for (int32_t i = 0; i < n; i++) {
            int64_t used = ((int64_t)height + 1) * 8;
            memset(layout_memory + (int64_t)(c0 + i) * step + used, 0, (size_t)(step - used));
        }
    }
    layout->base = layout_memory;
    layout->column_bytes = (int32_t)step;
    layout->width = width;
    layout->height = height;
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

/// The scalar reference tier: every other tier must give these pixels. Its block is the plain
/// pixel loop, so it goes through the same drivers as the vector tiers.
static void block_scalar(
    const ks_pair_layout *layout, const ks_pair_columns *columns, int32_t first, int32_t y,
    uint32_t *dst, uint32_t colour, uint32_t alpha, int stream)
{
    (void)stream;
    ks_scalar_pixels(layout, columns, first, KS_BLOCK, y, dst, colour, alpha);
}

static void run_scalar(KS_RUN_ARGS) { KS_RUN_BODY(block_scalar); }
static void tiles_scalar(KS_TILES_ARGS) { KS_TILES_BODY(block_scalar, (void)0); }

const ks_pair_kernels ks_pair_scalar = {run_scalar, tiles_scalar};
