// Ownership: the kernels read the job's column table and source pixels and write the target row
// the caller passes; all three belong to one `LayerCompositor.compose` call. Nothing is kept.
//
// The column loop of the cube (see ColumnMapper.swift for the geometry). Lanes are 16 bits, a
// pixel's four channels in memory order (B, G, R, A); the arithmetic is the Swift loop's,
// operation for operation, so the pixels agree bit for bit:
//   vertical  = (top << 4) + (bottom − top) · fy        (wrapping 16-bit, exact)
//   weighted  = vertical · (16 − fx | fx)               (≤ 65280)
//   pixel     = (left + right + 128) >> 8
//   modulated = (pixel · m + 128) >> 8
//   over      = s + ((d · (255 − αs) + 128) + ((d · (255 − αs) + 128) >> 8)) >> 8
// The portable kernel does two output pixels per 128-bit vector; the AVX2 one four per 256-bit
// vector. Either is compiled from clang's vector extensions, so aarch64 gets NEON from the same
// source.
#include "CPixelKernels.h"

#include <string.h>

#define KP_INLINE static inline __attribute__((always_inline))
#if defined(__x86_64__)
#define KP_AVX2 __attribute__((target("avx2")))
#endif

typedef uint8_t u8x8 __attribute__((vector_size(8)));
typedef uint8_t u8x16 __attribute__((vector_size(16)));
typedef uint16_t u16x8 __attribute__((vector_size(16)));
typedef uint16_t u16x4 __attribute__((vector_size(8)));

_Static_assert(sizeof(kp_column_entry) == 48, "kp_column_entry must match Swift's ColumnEntry");
_Static_assert(__builtin_offsetof(kp_column_entry, weights) == 32, "kp_column_entry must match Swift's ColumnEntry");

// MARK: - One pixel at a time (the portable kernel, the tails and alignment heads)

/// Output pixel x's two source pixels, blended vertically and weighted horizontally.
KP_INLINE u16x8 weighted(const kp_column_job *j, intptr_t x, bool clamped, bool prefetching) {
    const kp_column_entry *e = j->entries + x;
    intptr_t v = (intptr_t)((uintptr_t)e->v0 + (uintptr_t)e->dv * (uintptr_t)j->y);
    const uint8_t *p;
    uint16_t fy;
    if (clamped) {
        intptr_t c = v > 0 ? (v < j->v_end ? v : j->v_end) : 0;
        intptr_t r = c >> 24;
        if (r > j->last_row) r = j->last_row;
        p = e->top + r * j->stride_bytes;
        fy = (uint16_t)((c - (r << 24)) >> 20);
    } else {
        p = e->top + (v >> 24) * j->stride_bytes;
        fy = (uint16_t)((v >> 20) & 15);
    }
    // Rotated layers walk the source in a staircase the hardware prefetchers do not follow.
    if (prefetching) __builtin_prefetch(p + j->ahead_bytes, 0, 3);
    u8x8 t8, b8;
    memcpy(&t8, p, 8);
    memcpy(&b8, p + j->row_bytes, 8);
    u16x8 t = __builtin_convertvector(t8, u16x8), b = __builtin_convertvector(b8, u16x8);
    u16x8 w;
    memcpy(&w, e->weights, 16);
    return ((t << 4) + (b - t) * fy) * w;
}

/// Two weighted outputs summed into two finished pixels (lanes of a, then of b).
KP_INLINE u16x8 finish_pair(u16x8 a, u16x8 b) {
    u16x8 left = __builtin_shufflevector(a, b, 0, 1, 2, 3, 8, 9, 10, 11);
    u16x8 right = __builtin_shufflevector(a, b, 4, 5, 6, 7, 12, 13, 14, 15);
    return (left + right + 128) >> 8;
}

KP_INLINE u16x8 load_pair(const uint32_t *p) {
    u8x8 b;
    memcpy(&b, p, 8);
    return __builtin_convertvector(b, u16x8);
}

KP_INLINE void store_pair(u16x8 l, uint32_t *p) {
    u8x8 b = __builtin_convertvector(l, u8x8);
    memcpy(p, &b, 8);
}

/// Each pixel's alpha in all four of its lanes.
KP_INLINE u16x8 alphas(u16x8 s) { return __builtin_shufflevector(s, s, 3, 3, 3, 3, 7, 7, 7, 7); }

/// `s` OVER `d` with 255 − alpha `ia` (per lane), rounded as cairo's x/255.
KP_INLINE u16x8 over_pair(u16x8 s, u16x8 d, u16x8 ia) {
    u16x8 t = d * ia + 128;
    t = (t + (t >> 8)) >> 8;
    return s + t;
}

/// The one-pixel store of the Swift loop's tail (`putLanes`): opaque stored, else OVER.
KP_INLINE void put_one(u16x8 s, uint32_t *d) {
    u8x8 b = __builtin_convertvector(s, u8x8);
    if (b[3] == 0xFF) {
        memcpy(d, &b, 4);
        return;
    }
    u8x8 d8 = {0};
    memcpy(&d8, d, 4);
    u16x8 r = over_pair(s, __builtin_convertvector(d8, u16x8), 255 - alphas(s));
    u8x8 o = __builtin_convertvector(r, u8x8);
    memcpy(d, &o, 4);
}

/// Finishes, modulates and stores one pixel from its weighted sources; returns it.
KP_INLINE uint32_t one_pixel(const kp_column_job *j, uint32_t *row, intptr_t x, bool clamped, bool modulated,
                             bool fresh) {
    u16x8 w = weighted(j, x, clamped, true);
    u16x8 s = finish_pair(w, w);
    if (modulated) {
        u16x8 m;
        memcpy(&m, j->m, 16);
        s = (s * m + 128) >> 8;
    }
    if (!fresh) {
        put_one(s, row + x);
        return 0;
    }
    u8x8 b = __builtin_convertvector(s, u8x8);
    uint32_t p;
    memcpy(&p, &b, 4);
    row[x] = p;
    return p;
}

/// True when the alpha byte of each of the four pixels in `bytes` is 255.
KP_INLINE bool all_alpha(u8x16 bytes) {
    return (bytes[3] & bytes[7] & bytes[11] & bytes[15]) == 0xFF;
}

/// Stores four finished pixels (two pairs) as the flags say; for KP_FRESH, ANDs them into `opaque`.
KP_INLINE void store_quad(u16x8 a, u16x8 b, uint32_t *d, const kp_column_job *j, bool blended, bool fresh,
                          u8x16 *opaque) {
    u8x16 bytes = __builtin_shufflevector(__builtin_convertvector(a, u8x8), __builtin_convertvector(b, u8x8), 0, 1, 2,
                                          3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    if (fresh) {
        *opaque &= bytes;
        memcpy(d, &bytes, 16);
    } else if (blended) {
        u16x8 ia;
        memcpy(&ia, j->ia, 16);
        store_pair(over_pair(a, load_pair(d), ia), d);
        store_pair(over_pair(b, load_pair(d + 2), ia), d + 2);
    } else if (all_alpha(bytes)) {
        memcpy(d, &bytes, 16);
    } else {
        store_pair(over_pair(a, load_pair(d), 255 - alphas(a)), d);
        store_pair(over_pair(b, load_pair(d + 2), 255 - alphas(b)), d + 2);
    }
}

// MARK: - The portable kernel: two pixels per 128-bit vector

KP_INLINE bool run_portable(const kp_column_job *j, uint32_t *row, intptr_t x0, intptr_t x1, bool clamped,
                            bool modulated, bool blended, bool fresh) {
    u16x8 m;
    memcpy(&m, j->m, 16);
    u8x16 opaque = ~(u8x16){0};
    uint32_t opaque_one = 0xFFFFFFFFu;
    intptr_t x = x0;
    for (; x + 4 <= x1; x += 4) {
        u16x8 a = finish_pair(weighted(j, x, clamped, true), weighted(j, x + 1, clamped, false));
        u16x8 b = finish_pair(weighted(j, x + 2, clamped, true), weighted(j, x + 3, clamped, false));
        if (modulated) {
            a = (a * m + 128) >> 8;
            b = (b * m + 128) >> 8;
        }
        store_quad(a, b, row + x, j, blended, fresh, &opaque);
    }
    for (; x < x1; x++) opaque_one &= one_pixel(j, row, x, clamped, modulated, fresh);
    return !fresh || (all_alpha(opaque) && opaque_one >= 0xFF000000u);
}

// MARK: - The AVX2 kernel: four pixels per 256-bit vector

#if defined(__x86_64__)
typedef uint16_t u16x16 __attribute__((vector_size(32)));

/// `weighted` for output pixels xa (low half) and xb (high half).
KP_INLINE KP_AVX2 u16x16 weighted2(const kp_column_job *j, intptr_t xa, intptr_t xb, bool clamped, bool prefetching) {
    const uint8_t *p[2];
    uint16_t fy[2];
    const intptr_t xs[2] = {xa, xb};
    for (int k = 0; k < 2; k++) {
        const kp_column_entry *e = j->entries + xs[k];
        intptr_t v = (intptr_t)((uintptr_t)e->v0 + (uintptr_t)e->dv * (uintptr_t)j->y);
        if (clamped) {
            intptr_t c = v > 0 ? (v < j->v_end ? v : j->v_end) : 0;
            intptr_t r = c >> 24;
            if (r > j->last_row) r = j->last_row;
            p[k] = e->top + r * j->stride_bytes;
            fy[k] = (uint16_t)((c - (r << 24)) >> 20);
        } else {
            p[k] = e->top + (v >> 24) * j->stride_bytes;
            fy[k] = (uint16_t)((v >> 20) & 15);
        }
        if (prefetching) __builtin_prefetch(p[k] + j->ahead_bytes, 0, 3);
    }
    u8x8 ta, tb, ba, bb;
    memcpy(&ta, p[0], 8);
    memcpy(&tb, p[1], 8);
    memcpy(&ba, p[0] + j->row_bytes, 8);
    memcpy(&bb, p[1] + j->row_bytes, 8);
    u8x16 t8 = __builtin_shufflevector(ta, tb, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    u8x16 b8 = __builtin_shufflevector(ba, bb, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    u16x16 t = __builtin_convertvector(t8, u16x16), b = __builtin_convertvector(b8, u16x16);
    u16x8 fa = (u16x8){0} + fy[0], fb = (u16x8){0} + fy[1];
    u16x16 f = __builtin_shufflevector(fa, fb, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    u16x8 wa, wb;
    memcpy(&wa, j->entries[xa].weights, 16);
    memcpy(&wb, j->entries[xb].weights, 16);
    u16x16 w = __builtin_shufflevector(wa, wb, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    return ((t << 4) + (b - t) * f) * w;
}

KP_INLINE KP_AVX2 bool run_avx2(const kp_column_job *j, uint32_t *row, intptr_t x0, intptr_t x1, bool clamped,
                                bool modulated, bool blended, bool fresh) {
    u16x8 m8, ia8;
    memcpy(&m8, j->m, 16);
    memcpy(&ia8, j->ia, 16);
    const u16x16 m = __builtin_shufflevector(m8, m8, 0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7);
    const u16x16 ia = __builtin_shufflevector(ia8, ia8, 0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7);
    u8x16 opaque = ~(u8x16){0};
    uint32_t opaque_one = 0xFFFFFFFFu;
    intptr_t x = x0;
    for (; x + 4 <= x1; x += 4) {
        // Pixels A, C in one vector and B, D in the other: the halves then pair up in-lane.
        u16x16 ac = weighted2(j, x, x + 2, clamped, true);
        u16x16 bd = weighted2(j, x + 1, x + 3, clamped, false);
        u16x16 left = __builtin_shufflevector(ac, bd, 0, 1, 2, 3, 16, 17, 18, 19, 8, 9, 10, 11, 24, 25, 26, 27);
        u16x16 right = __builtin_shufflevector(ac, bd, 4, 5, 6, 7, 20, 21, 22, 23, 12, 13, 14, 15, 28, 29, 30, 31);
        u16x16 s = (left + right + 128) >> 8;
        if (modulated) s = (s * m + 128) >> 8;
        uint32_t *d = row + x;
        if (!fresh) {
            u8x16 d8;
            memcpy(&d8, d, 16);
            u16x16 dl = __builtin_convertvector(d8, u16x16);
            if (blended) {
                u16x16 t = dl * ia + 128;
                s = s + ((t + (t >> 8)) >> 8);
            } else {
                u16x16 a = __builtin_shufflevector(s, s, 3, 3, 3, 3, 7, 7, 7, 7, 11, 11, 11, 11, 15, 15, 15, 15);
                // OVER an opaque pixel gives the pixel itself: no branch needed for exactness.
                u16x16 t = dl * (255 - a) + 128;
                s = s + ((t + (t >> 8)) >> 8);
            }
        }
        u8x16 bytes = __builtin_convertvector(s, u8x16);
        if (fresh) opaque &= bytes;
        memcpy(d, &bytes, 16);
    }
    for (; x < x1; x++) opaque_one &= one_pixel(j, row, x, clamped, modulated, fresh);
    return !fresh || (all_alpha(opaque) && opaque_one >= 0xFF000000u);
}
#endif

// MARK: - Dispatch

/// One specialisation per valid combination of flags, so no loop tests a flag per pixel.
#define KP_CASES(run)                                                                                          \
    KP_CASE(run, 0) KP_CASE(run, 1) KP_CASE(run, 2) KP_CASE(run, 3) KP_CASE(run, 4) KP_CASE(run, 5)           \
    KP_CASE(run, 16) KP_CASE(run, 17) KP_CASE(run, 18) KP_CASE(run, 19) KP_CASE(run, 20) KP_CASE(run, 21)
#define KP_CASE(run, f)                                                                                        \
    case f:                                                                                                   \
        return run(j, row, x0, x1, (f) & KP_CLAMPED, (f) & KP_MODULATED, (f) & KP_BLENDED, (f) & KP_FRESH);

/// Fresh stores ignore blending.
static unsigned normalised(unsigned f) {
    f &= KP_CLAMPED | KP_MODULATED | KP_BLENDED | KP_FRESH;
    return (f & KP_FRESH) ? (f & ~(unsigned)KP_BLENDED) : f;
}

static bool column_portable(const kp_column_job *j, uint32_t *row, intptr_t x0, intptr_t x1) {
    switch (normalised(j->flags)) { KP_CASES(run_portable) }
    return true;
}

#if defined(__x86_64__)
KP_AVX2 static bool column_avx2(const kp_column_job *j, uint32_t *row, intptr_t x0, intptr_t x1) {
    switch (normalised(j->flags)) { KP_CASES(run_avx2) }
    return true;
}
#endif

bool kp_isa_available(kp_isa isa) {
    switch (isa) {
    case KP_ISA_BEST:
    case KP_ISA_PORTABLE:
        return true;
    case KP_ISA_AVX2:
#if defined(__x86_64__)
        __builtin_cpu_init();
        return __builtin_cpu_supports("avx2");
#else
        return false;
#endif
    }
    return false;
}

kp_isa kp_best_isa(void) {
    static int best = -1;  // a benign race: every thread computes the same value
    int b = __atomic_load_n(&best, __ATOMIC_RELAXED);
    if (b < 0) {
        b = kp_isa_available(KP_ISA_AVX2) ? KP_ISA_AVX2 : KP_ISA_PORTABLE;
        __atomic_store_n(&best, b, __ATOMIC_RELAXED);
    }
    return (kp_isa)b;
}

bool kp_column_run(const kp_column_job *job, uint32_t *row, intptr_t x0, intptr_t x1, kp_isa isa) {
    if (x0 >= x1) return true;
    if (isa == KP_ISA_BEST) isa = kp_best_isa();
    const kp_column_job *j = job;
#if defined(__x86_64__)
    if (isa == KP_ISA_AVX2) return column_avx2(j, row, x0, x1);
#endif
    return column_portable(j, row, x0, x1);
}
