// Every pair-kernel tier this CPU runs against the one-pixel scalar reference, bit for bit
// (and ks_pair_pixel, the edge pixels' inline sample):
// rows and tiles, random pages, coordinates inside and outside the page, weights 0...16,
// modulation, run lengths and alignments. Built natively and for aarch64 by run.sh (NEON runs
// under qemu-aarch64 there); the Swift tests compare the compositor's output per tier.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "CPixelKernels.h"
#include "ks_pair_pixel.h"

static uint32_t next(uint64_t *s) {
    *s = *s * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(*s >> 33);
}

/// Every entry of layouts of 2...59 x 1...4 pixels against the layout's definition (the kernels
/// below read the layout, so they cannot tell a wrong one from a right one).
static int check_layout(uint64_t *seed) {
    int bad = 0;
    for (int w = 2; w < 60; w++) {
        for (int h = 1; h < 5; h++) {
            uint32_t *p = malloc((size_t)w * h * 4);
            for (int i = 0; i < w * h; i++) p[i] = next(seed);
            uint8_t *m = aligned_alloc(64, (ks_pair_layout_bytes(w, h) + 63) & ~(size_t)63);
            ks_pair_layout l;
            ks_pair_layout_build(p, w, h, w * 4, m, &l);
            for (int c = 0; c < w - 1; c++) {
                for (int r = 0; r <= h; r++) {
                    int sr = r < h ? r : h - 1;
                    const uint8_t *a = (const uint8_t *)&p[sr * w + c], *b = a + 4;
                    const uint8_t *e = m + (size_t)c * l.column_bytes + (size_t)r * 8;
                    for (int k = 0; k < 4; k++) bad += e[2 * k] != a[k] || e[2 * k + 1] != b[k];
                }
            }
            free(p);
            free(m);
        }
    }
    printf("pair layout: %d entries wrong\n", bad);
    return bad;
}

/// ks_pair_layout_update after random rectangles of a page change (some reaching past its
/// edges, some empty) against a new build of the changed page: the same bytes.
static int check_layout_update(uint64_t *seed) {
    int bad = 0, rounds = 0;
    for (int w = 2; w < 70; w += 3) {
        for (int h = 1; h < 40; h += 6) {
            uint32_t *p = malloc((size_t)w * h * 4);
            for (int i = 0; i < w * h; i++) p[i] = next(seed);
            const size_t bytes = ks_pair_layout_bytes(w, h);
            uint8_t *m = aligned_alloc(64, (bytes + 63) & ~(size_t)63);
            uint8_t *fresh = aligned_alloc(64, (bytes + 63) & ~(size_t)63);
            ks_pair_layout l, f;
            ks_pair_layout_build(p, w, h, w * 4, m, &l);
            for (int k = 0; k < 6; k++, rounds++) {
                int x0 = (int)(next(seed) % (w + 4)) - 2, y0 = (int)(next(seed) % (h + 4)) - 2;
                int x1 = x0 + (int)(next(seed) % (w + 2)), y1 = y0 + (int)(next(seed) % (h + 2));
                for (int y = y0 < 0 ? 0 : y0; y < y1 && y < h; y++)
                    for (int x = x0 < 0 ? 0 : x0; x < x1 && x < w; x++) p[y * w + x] = next(seed);
                ks_pair_layout_update(p, w * 4, m, &l, x0, y0, x1, y1);
                ks_pair_layout_build(p, w, h, w * 4, fresh, &f);
                if (memcmp(m, fresh, bytes) != 0 && bad++ < 5)
                    printf("layout update: %dx%d, pixels %d..<%d of rows %d..<%d differ from a build\n", w, h, x0, x1, y0, y1);
            }
            free(p);
            free(m);
            free(fresh);
        }
    }
    printf("pair layout update: %d of %d updates differ from a build\n", bad, rounds);
    return bad;
}

int main(void) {
    uint64_t seed = 28;
    if (check_layout(&seed) || check_layout_update(&seed)) return 1;
    int failures = 0, checked = 0;
    enum { W = 61, H = 37, COLS = 160, ROWS = 40 };
    uint32_t *page = malloc(W * H * 4);
    uint8_t *memory = aligned_alloc(64, (ks_pair_layout_bytes(W, H) + 63) & ~(size_t)63);
    double v0[COLS], dv[COLS];
    int32_t offset[COLS];
    uint8_t weights[16 * COLS];
    // 64-byte aligned, with room for a start 0...15 pixels past a line: the tiles sit on the
    // destination's lines wherever it starts, and stream whole lines when the stride keeps them.
    uint32_t *frame = aligned_alloc(64, (ROWS * COLS + 32) * 4), *got = frame;
    int32_t lo[ROWS], hi[ROWS];
    for (int i = 0; i < W * H; i++) page[i] = next(&seed) | (i % 3 ? 0xFF000000u : 0);
    ks_pair_layout layout;
    ks_pair_layout_build(page, W, H, W * 4, memory, &layout);
    for (int round = 0; round < 200; round++) {
        const int face = round % 3 == 2;
        // Every sixth round a face whose first rows lie just above the page and, in some
        // columns, whose last rows just below it: the tiles clamp those rows alone.
        const int margin = round % 6 == 4;
        for (int x = 0; x < COLS; x++) {
            int fx = (int)(next(&seed) % 17), c = (int)(next(&seed) % (W - 1));
            // Sixteenths: from two rows above the page to two below, steps of either sign. Every
            // third round a face: every row of every column inside the page (rows 3...42 reach
            // at most 86 sixteenths from v0), so the tiles' whole rows skip the clamp.
            if (face) {
                v0[x] = (double)(160 + (int)(next(&seed) % 256)) + (next(&seed) % 16) / 16.0;
                dv[x] = ((int)(next(&seed) % 64) - 32) / 16.0;
            } else if (margin) {
                // Row 3 at 1...20 sixteenths above the page, 14.5...15.4 sixteenths a row down:
                // row 42 from 544 to 601, the last row inside at 576.
                dv[x] = 14.5 + (next(&seed) % 16) / 16.0;
                v0[x] = -(double)(1 + (int)(next(&seed) % 20)) - 3.0 * dv[x];
            } else {
                v0[x] = (double)((int)(next(&seed) % ((H + 4) * 16)) - 32) + (next(&seed) % 16) / 16.0;
                dv[x] = ((int)(next(&seed) % 64) - 32) / 16.0;
            }
            offset[x] = c * layout.column_bytes;
            for (int k = 0; k < 8; k++) {
                weights[16 * x + 2 * k] = (uint8_t)(16 - fx);
                weights[16 * x + 2 * k + 1] = (uint8_t)fx;
            }
        }
        ks_pair_columns columns = {v0, dv, offset, weights};
        // Odd rounds unmodulated; every fourth round dimmed with alpha left at 256 (a turning
        // cube face's shading: pmulhrsw cannot take 256 · 128, see ks_mulhrs_multiplier), colour
        // 0 included; the rest with both below 256.
        const int dimmed = round % 4 == 2;
        uint32_t colour = round % 2 ? 256 : dimmed ? round % 190 : 100 + round % 150;
        uint32_t alpha = round % 2 || dimmed ? 256 : 250;
        // The edge pixels' inline sample: every column, rows above, in and below the page.
        int pixel_failures = 0;
        for (int x = 0; x < COLS; x++) {
            for (int y = -3; y < ROWS + 6; y++, checked++) {
                uint32_t got_pixel = ks_pair_pixel(layout.base, layout.height, v0, dv, offset, weights, x, y);
                uint32_t want = ks_pair_sample(&layout, &columns, x, y, 256, 256);
                if (got_pixel != want && pixel_failures++ < 10)
                    printf("ks_pair_pixel: x %d y %d: %08x != %08x\n", x, y, got_pixel, want);
            }
        }
        failures += pixel_failures;
        for (int tier = 0; tier < KS_TIER_COUNT; tier++) {
            if (!ks_tier_supported(tier)) continue;
            int start = (int)(next(&seed) % 16), count = 1 + (int)(next(&seed) % (COLS - start));
            int y = (int)(next(&seed) % ROWS);
            ks_pair_columns from = {v0 + start, dv + start, offset + start, weights + 16 * start};
            got = frame;
            ks_pair_run(tier, &layout, &from, count, y, got + 1 + start, colour, alpha);
            for (int i = 0; i < count; i++, checked++) {
                uint32_t want = ks_pair_sample(&layout, &columns, start + i, y, colour, alpha);
                if (got[1 + start + i] != want && failures++ < 10)
                    printf("tier %d run: x %d y %d: %08x != %08x\n", tier, start + i, y, got[1 + start + i], want);
            }
            for (int r = 0; r < ROWS; r++) {
                lo[r] = (int32_t)(next(&seed) % COLS);
                hi[r] = lo[r] + (int32_t)(next(&seed) % (COLS - lo[r] + 1));
                // A face's rows are mostly wide (many whole rows down a tile), now and then not.
                if ((face || margin) && next(&seed) % 8 != 0) {
                    lo[r] = (int32_t)(next(&seed) % 24);
                    hi[r] = COLS - (int32_t)(next(&seed) % 24);
                }
                // Now and then a face's side on the same column down several rows (a tile
                // astride it draws the block at the side, down those rows), one side or both.
                if (face && r > 0 && next(&seed) % 4 != 0) {
                    const uint32_t keep = next(&seed) % 3;
                    if (keep != 1) lo[r] = lo[r - 1];
                    if (keep != 0) hi[r] = hi[r - 1];
                    if (hi[r] < lo[r]) hi[r] = lo[r];
                }
            }
            // Every other round a stride of whole lines (160 pixels), else one that is not (150).
            int stride = round % 4 < 2 ? COLS : 150;
            got = frame + next(&seed) % 16;
            memset(frame, 0, (ROWS * COLS + 32) * 4);
            int32_t clip_lo = (int32_t)(next(&seed) % 40), clip_hi = stride - (int32_t)(next(&seed) % 40);
            for (int r = 0; r < ROWS; r++) hi[r] = hi[r] < stride ? hi[r] : stride;
            ks_pair_tiles(tier, &layout, &columns, ROWS, 3, lo, hi, clip_lo, clip_hi, got, stride, colour, alpha);
            for (int r = 0; r < ROWS; r++) {
                for (int x = 0; x < stride; x++, checked++) {
                    int inside = x >= lo[r] && x < hi[r] && x >= clip_lo && x < clip_hi;
                    uint32_t want = inside ? ks_pair_sample(&layout, &columns, x, 3 + r, colour, alpha) : 0;
                    if (got[r * stride + x] != want && failures++ < 10)
                        printf("tier %d tiles: x %d row %d: %08x != %08x\n", tier, x, r, got[r * stride + x], want);
                }
            }
        }
    }
    printf("pair kernels:");
    for (int tier = 0; tier < KS_TIER_COUNT; tier++)
        if (ks_tier_supported(tier)) printf(" tier %d", tier);
    printf("; %d pixels checked, %d differ\n", checked, failures);
    free(frame);
    free(memory);
    free(page);
    return failures != 0;
}
