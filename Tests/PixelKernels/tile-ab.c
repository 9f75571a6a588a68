// Times the pair kernels' tile loop alone, several builds of it side by side: each argument is a
// shared library built from Sources/CPixelKernels (ab.sh builds them from git revisions), and
// every repetition draws one 1080p frame with each library in turn, starting with a different
// one each time, so a busy machine slows every build alike. The frame is one face turned away:
// every output column samples its own pair column, stepping `SX` source columns a column and
// `SCALE` source rows a row (1.7 and 1.3 are the bench's cube at 30°, whose front face is
// drawn smaller than the page). Prints each library's median, quartile and minimum, and checks
// that every build drew the same pixels.
//
// Environment: TIER (3 AVX2, 2 SSSE3, 1 SSE2, 4 NEON; default 3), REPS (101), SX (1.7),
// SCALE (1.3), COLOUR (256: unshaded; below 256 a shaded face), FLAT=1 (every row reads the
// same page row: the loop with its loads in the first-level cache, to tell memory from
// computation).
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "CPixelKernels.h"

typedef void (*tiles_fn)(
    int, const ks_pair_layout *, const ks_pair_columns *, int32_t, int32_t, const int32_t *,
    const int32_t *, int32_t, int32_t, uint32_t *, intptr_t, uint32_t, uint32_t);
typedef void (*build_fn)(const uint32_t *, int32_t, int32_t, int32_t, uint8_t *, ks_pair_layout *);
typedef size_t (*bytes_fn)(int32_t, int32_t);

enum { WIDTH = 1920, HEIGHT = 1080, MAX_LIBRARIES = 8, EVICT_BYTES = 64 << 20 };

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec * 1e-6;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double setting(const char *name, double fallback)
{
    const char *text = getenv(name);
    return text ? atof(text) : fallback;
}

int main(int argc, char **argv)
{
    const int libraries = argc - 1;
    if (libraries < 1 || libraries > MAX_LIBRARIES) {
        fprintf(stderr, "usage: tile-ab LIBRARY.so ... (1 to %d)\n", MAX_LIBRARIES);
        return 2;
    }
    const int tier = (int)setting("TIER", 3), reps = (int)setting("REPS", 101);
    const double step_x = setting("SX", 1.7), scale = setting("SCALE", 1.3);
    const uint32_t colour = (uint32_t)setting("COLOUR", 256);
    const int flat = getenv("FLAT") != NULL;
    tiles_fn tiles[MAX_LIBRARIES];
    build_fn build = NULL;
    bytes_fn bytes = NULL;
    for (int i = 0; i < libraries; i++) {
        void *library = dlopen(argv[i + 1], RTLD_NOW | RTLD_LOCAL);
        if (!library) {
            fprintf(stderr, "tile-ab: %s\n", dlerror());
            return 1;
        }
        tiles[i] = (tiles_fn)dlsym(library, "ks_pair_tiles");
        int (*supported)(int) = (int (*)(int))dlsym(library, "ks_tier_supported");
        if (!tiles[i] || !supported || !supported(tier)) {
            fprintf(stderr, "tile-ab: %s: no ks_pair_tiles for tier %d here\n", argv[i + 1], tier);
            return 1;
        }
        if (!build) {
            build = (build_fn)dlsym(library, "ks_pair_layout_build");
            bytes = (bytes_fn)dlsym(library, "ks_pair_layout_bytes");
        }
    }

    // Two pages, taken in turn, so a frame reads its layout from memory as a turn does. Each
    // page is drawn with every build at every place in the rotation: a page placed worse in
    // memory than the other must not favour one build.
    uint32_t *page = malloc((size_t)WIDTH * HEIGHT * 4);
    for (size_t i = 0; i < (size_t)WIDTH * HEIGHT; i++) page[i] = (uint32_t)(i * 2654435761u) | 0xFF000000u;
    uint8_t *memory[2];
    ks_pair_layout layout[2];
    for (int k = 0; k < 2; k++) {
        memory[k] = aligned_alloc(64, (bytes(WIDTH, HEIGHT) + 63) & ~(size_t)63);
        build(page, WIDTH, HEIGHT, WIDTH * 4, memory[k], &layout[k]);
    }

    // Rows whose source rows all lie in the page, so the tiles take the cursor's loop.
    const int rows = scale > (HEIGHT - 2) / (double)HEIGHT ? (int)((HEIGHT - 2) / scale) : HEIGHT;
    double *v0 = malloc(WIDTH * sizeof(double)), *dv = malloc(WIDTH * sizeof(double));
    int32_t *offset = malloc(WIDTH * sizeof(int32_t)), *lo = malloc(rows * 4), *hi = malloc(rows * 4);
    uint8_t *weights = malloc(16 * WIDTH);
    for (int x = 0; x < WIDTH; x++) {
        double source = x * step_x;
        while (source > WIDTH - 2) source -= WIDTH - 2;
        const int column = (int)source, fx = (int)((source - column) * 16);
        offset[x] = column * layout[0].column_bytes;
        dv[x] = flat ? 0 : scale * 16;
        v0[x] = (flat ? 500 * 16 : 0) + x % 16;
        for (int k = 0; k < 8; k++) {
            weights[16 * x + 2 * k] = (uint8_t)(16 - fx);
            weights[16 * x + 2 * k + 1] = (uint8_t)fx;
        }
    }
    for (int r = 0; r < rows; r++) lo[r] = 0, hi[r] = WIDTH;
    const ks_pair_columns columns = {v0, dv, offset, weights};

    uint32_t *frame[MAX_LIBRARIES];
    double *times = malloc(sizeof(double) * reps * libraries);
    for (int i = 0; i < libraries; i++) frame[i] = aligned_alloc(64, (size_t)WIDTH * HEIGHT * 4);
    uint8_t *evict = malloc(EVICT_BYTES);
    for (int r = 0; r < reps; r++) {
        for (int turn = 0; turn < libraries; turn++) {
            const int i = (turn + r) % libraries;
            // Every build starts with the caches as cold as every other: no build finds the
            // layout left in the last-level cache by the build before it.
            memset(evict, r + turn, EVICT_BYTES);
            const double start = now_ms();
            tiles[i](tier, &layout[(r / libraries) & 1], &columns, rows, 0, lo, hi, 0, WIDTH, frame[i], WIDTH, colour, 256);
            times[i * reps + r] = now_ms() - start;
        }
    }
    int status = 0;
    for (int i = 1; i < libraries; i++) {
        if (memcmp(frame[0], frame[i], (size_t)WIDTH * rows * 4) != 0) {
            printf("%s drew other pixels than %s\n", argv[i + 1], argv[1]);
            status = 1;
        }
    }
    const double blocks = (double)WIDTH * rows / 16;
    printf("tier %d, %d rows, %.2f columns and %.2f rows of the page a pixel%s, %d frames each:\n", tier,
        rows, step_x, flat ? 0.0 : scale, flat ? " (FLAT)" : "", reps);
    for (int i = 0; i < libraries; i++) {
        double *t = times + i * reps;
        qsort(t, reps, sizeof(double), by_value);
        printf("  %-40s median %.3f ms, quartile %.3f, min %.3f (%.2f ns a 16-pixel row)\n", argv[i + 1],
            t[reps / 2], t[reps / 4], t[0], t[reps / 2] * 1e6 / blocks);
    }
    return status;
}
