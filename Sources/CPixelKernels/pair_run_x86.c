// The pair kernels for x86-64: SSE2 (the baseline), SSSE3 (pmaddubsw blends a pixel's two
// columns in one instruction) and AVX2 (two pixels per instruction), chosen at run time.
// Each gives ks_sample_entry's pixels bit for bit: every sum is exact in its 16-bit lane
// (a horizontal blend ≤ 255·16, a vertical one ≤ 255·256 + 128 < 65536), so the order of
// the multiplies cannot change a result.
#if defined(__x86_64__)
#include <immintrin.h>
#include "pair_drivers.h"

#define KS_SSE2 __attribute__((target("sse2")))
#define KS_SSSE3 __attribute__((target("ssse3")))
#define KS_AVX2 __attribute__((target("avx2")))

/// The modulation's multipliers for two pixels (B, G, R by colour, A by alpha), each as
/// `factor` gives it: ks_multiplier for mullo (KS_FINISH), ks_mulhrs_multiplier for pmulhrsw.
#define KS_MODULATION(factor)                                                                  \
    const __m128i m = _mm_setr_epi16(factor(colour), factor(colour), factor(colour),           \
        factor(alpha), factor(colour), factor(colour), factor(colour), factor(alpha))

static inline short ks_multiplier(uint32_t m) { return (short)m; }

/// pmulhrsw's multiplier for a modulation m (0...256) of a channel x (0...255), so that
/// pmulhrsw(x, it) = (x·m + 128) >> 8 exactly. For m ≤ 255 it is m · 128:
/// ((x·m·128 >> 14) + 1) >> 1 = ((x·m >> 7) + 1) >> 1, and writing x·m = 256a + b, both sides
/// are a, plus 1 when b ≥ 128. 256 · 128 does not fit in a signed 16-bit lane; 32767 gives x
/// itself, as m = 256 must: x·32767 >> 14 = 2x − 1 for 1 ≤ x ≤ 16383 (0 < x/16384 < 1), and
/// (2x − 1 + 1) >> 1 = x (0 for x = 0).
static inline short ks_mulhrs_multiplier(uint32_t m) { return m >= 256 ? 32767 : (short)(m << 7); }

/// Rounds a vertical sum (V + 128) >> 8 and applies the modulation `m` the same way (SSE2:
/// multiply, add, shift).
#define KS_FINISH(bits, s)                                                                     \
    do {                                                                                       \
        s = _mm##bits##_srli_epi16(_mm##bits##_add_epi16(s, half), 8);                         \
        if (modulated)                                                                         \
            s = _mm##bits##_srli_epi16(_mm##bits##_add_epi16(_mm##bits##_mullo_epi16(s, mod), half), 8); \
    } while (0)

/// The same with pmulhrsw (SSSE3 and AVX2), one instruction where multiply, add and shift
/// take three: `mod` holds ks_mulhrs_multiplier's.
#define KS_FINISH_MULHRS(bits, s)                                                              \
    do {                                                                                       \
        s = _mm##bits##_srli_epi16(_mm##bits##_add_epi16(s, half), 8);                         \
        if (modulated) s = _mm##bits##_mulhrs_epi16(s, mod);                                   \
    } while (0)

/// A column's cursor as one 64-bit number (the SSE and AVX2 tiers'): its entry's index (byte
/// offset / 8: a pair column starts on a 64-byte line) above the row's fraction (ks_cursor's,
/// in 2^-32 units), and its step the same way, so one 64-bit add steps a column a row, the
/// carry out of the fraction included (a negative step is its two's complement). No bias and
/// no compare; the indices and the fractions are picked out of two registers' halves at once.
static inline int64_t ks_wide_position(const ks_cursor *g, int k)
{
    return (int64_t)(((uint64_t)(uint32_t)(g->offset[k] / 8) << 32) | g->fraction[k]);
}

static inline int64_t ks_wide_step(const ks_cursor *g, int k)
{
    return (int64_t)((uint64_t)(int64_t)(g->step[k] / 8) * ((uint64_t)1 << 32) + g->fraction_step[k]);
}

/// The SSE2 and SSSE3 tiers' entries: ks_entries' offsets and, per column, the byte offset of
/// its row of ks_vertical_weights (fy · 16), two columns a step in vector registers (the clamp,
/// and cvttpd2dq truncating as the C cast does).
KS_SSE2 __attribute__((always_inline)) static inline void entries_sse2(
    const ks_pair_layout *layout, const int32_t *restrict column, const double *restrict v,
    int32_t *restrict offsets, int32_t *restrict vertical, int clamp)
{
    const __m128d zero = _mm_setzero_pd();
    const __m128d top = _mm_set1_pd((double)(layout->height - 1) * 16.0);
    const __m128i fifteen = _mm_set1_epi32(15);
    for (int i = 0; i < KS_BLOCK; i += 4) {
        __m128d a = _mm_loadu_pd(v + i), b = _mm_loadu_pd(v + i + 2);
        if (clamp) {
            a = _mm_min_pd(_mm_max_pd(a, zero), top);
            b = _mm_min_pd(_mm_max_pd(b, zero), top);
        }
        __m128i lo = _mm_cvttpd_epi32(a), hi = _mm_cvttpd_epi32(b);
        __m128i sixteenths = _mm_unpacklo_epi64(lo, hi);
        __m128i row = _mm_slli_epi32(_mm_srli_epi32(sixteenths, 4), 3);
        _mm_storeu_si128(
            (__m128i *)(offsets + i),
            _mm_add_epi32(_mm_loadu_si128((const __m128i *)(column + i)), row));
        _mm_storeu_si128((__m128i *)(vertical + i), _mm_slli_epi32(_mm_and_si128(sixteenths, fifteen), 4));
    }
}

/// The SSE tiers' cursor: two columns a register (ks_wide_position), columns in order. Its
/// entries are the entries' indices and entries_sse2's vertical weights' offsets.
typedef struct {
    __m128i position[KS_BLOCK / 2], step[KS_BLOCK / 2];
} sse_cursor;

KS_SSE2 __attribute__((always_inline)) static inline void sse_cursor_start(
    sse_cursor *c, const int32_t *column, const double *v, const double *dv)
{
    ks_cursor g;
    ks_cursor_start(&g, column, v, dv);
    for (int q = 0; q < KS_BLOCK / 2; q++) {
        c->position[q] = _mm_set_epi64x(ks_wide_position(&g, 2 * q + 1), ks_wide_position(&g, 2 * q));
        c->step[q] = _mm_set_epi64x(ks_wide_step(&g, 2 * q + 1), ks_wide_step(&g, 2 * q));
    }
}

/// The current row's entries, then the cursor one row down: per four columns the indices are
/// the odd halves of two registers, the fractions the even ones (fy their top nibble).
KS_SSE2 __attribute__((always_inline)) static inline void sse_cursor_next(
    sse_cursor *c, int32_t *restrict indices, int32_t *restrict vertical)
{
    for (int h = 0; h < KS_BLOCK / 4; h++) {
        const __m128 a = _mm_castsi128_ps(c->position[2 * h]);
        const __m128 b = _mm_castsi128_ps(c->position[2 * h + 1]);
        _mm_storeu_si128((__m128i *)(indices + 4 * h), _mm_castps_si128(_mm_shuffle_ps(a, b, 0xDD)));
        const __m128i fractions = _mm_castps_si128(_mm_shuffle_ps(a, b, 0x88));
        _mm_storeu_si128((__m128i *)(vertical + 4 * h), _mm_slli_epi32(_mm_srli_epi32(fractions, 28), 4));
        for (int q = 2 * h; q < 2 * h + 2; q++) c->position[q] = _mm_add_epi64(c->position[q], c->step[q]);
    }
    KS_READ_BACK(indices, vertical);
}

/// One pixel's horizontal blend without pmaddubsw: bytes to words, pmaddwd per row, packed
/// back to [top B G R A, bottom B G R A].
KS_SSE2 __attribute__((always_inline)) static inline __m128i horizontal_sse2(
    __m128i p, const uint8_t *w)
{
    const __m128i z = _mm_setzero_si128();
    const __m128i w16 = _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)w), z);
    __m128i top = _mm_madd_epi16(_mm_unpacklo_epi8(p, z), w16);
    __m128i bottom = _mm_madd_epi16(_mm_unpackhi_epi8(p, z), w16);
    return _mm_packs_epi32(top, bottom);
}

KS_SSSE3 __attribute__((always_inline)) static inline __m128i horizontal_ssse3(
    __m128i p, const uint8_t *w)
{
    return _mm_maddubs_epi16(p, _mm_loadu_si128((const __m128i *)w));
}

/// The SSE2 and SSSE3 blocks differ only in the horizontal blend and the modulation. `SCALE`:
/// bytes per unit of an offset (1: entries_sse2's byte offsets; 8: sse_cursor's indices).
/// Unrolled: the compiler left SSE2's pixel loop rolled, its bookkeeping a quarter of it.
#define KS_SSE_BLOCK(NAME, ATTR, HORIZONTAL, FINISH, FACTOR, SCALE)                            \
    ATTR __attribute__((always_inline)) static inline void NAME(KS_PIXELS_ARGS)                \
    {                                                                                          \
        (void)tiled;                                                                           \
        KS_MODULATION(FACTOR);                                                                 \
        const __m128i half = _mm_set1_epi16(128), mod = m;                                     \
        const uint8_t *rows = (const uint8_t *)ks_vertical_weights;                            \
        _Pragma("clang loop unroll(full)")                                                     \
        for (int i = 0; i < KS_BLOCK; i += 4) {                                                \
            __m128i v[4];                                                                      \
            _Pragma("clang loop unroll(full)")                                                 \
            for (int k = 0; k < 4; k++) {                                                      \
                const uint8_t *entry = base + (uint64_t)(SCALE) * (uint32_t)offsets[i + k];    \
                __m128i p = _mm_loadu_si128((const __m128i *)entry);                           \
                __m128i h = HORIZONTAL(p, w + 16 * (i + k));                                   \
                v[k] = _mm_mullo_epi16(h, _mm_load_si128((const __m128i *)(rows + (uint32_t)vertical[i + k]))); \
            }                                                                                  \
            __m128i a = _mm_add_epi16(_mm_unpacklo_epi64(v[0], v[1]), _mm_unpackhi_epi64(v[0], v[1])); \
            __m128i b = _mm_add_epi16(_mm_unpacklo_epi64(v[2], v[3]), _mm_unpackhi_epi64(v[2], v[3])); \
            FINISH(, a);                                                                       \
            FINISH(, b);                                                                       \
            __m128i pixels = _mm_packus_epi16(a, b);                                           \
            if (stream)                                                                        \
                _mm_stream_si128((__m128i *)(out + i), pixels);                                \
            else                                                                               \
                _mm_storeu_si128((__m128i *)(out + i), pixels);                                \
        }                                                                                      \
    }

KS_SSE_BLOCK(pixels_sse2, KS_SSE2, horizontal_sse2, KS_FINISH, ks_multiplier, 1)
KS_SSE_BLOCK(pixels_sse2_cursor, KS_SSE2, horizontal_sse2, KS_FINISH, ks_multiplier, 8)
KS_SSE_BLOCK(pixels_ssse3, KS_SSSE3, horizontal_ssse3, KS_FINISH_MULHRS, ks_mulhrs_multiplier, 1)
KS_SSE_BLOCK(pixels_ssse3_cursor, KS_SSSE3, horizontal_ssse3, KS_FINISH_MULHRS, ks_mulhrs_multiplier, 8)

/// The AVX2 tier blends each pixel of eight with the one four columns on: pair j holds pixel
/// KS_AVX2_FIRST(j) in its low 128-bit lane and that + 4 in its high one. Of eight pixels'
/// four pairs, the vertical sums and packus then leave the pixels in order, with no permute
/// before the store. Slot s of a block in pair order is pair s / 2's first pixel (s even) or
/// its second: a tile's weights are copied in slot order (avx2_tile_weights) and the cursor
/// steps the columns in it.
#define KS_AVX2_FIRST(j) (((j) >> 2) * 8 + ((j) & 3))
#define KS_AVX2_SLOT_COLUMN(s) (KS_AVX2_FIRST((s) >> 1) + ((s) & 1) * 4)

/// The tile loop's copy of a tile's horizontal weights in slot order: pair j's two pixels'
/// weights side by side, one 32-byte load.
static inline void avx2_tile_weights(uint8_t *copy, const uint8_t *w)
{
    for (int s = 0; s < KS_BLOCK; s++) memcpy(copy + 16 * s, w + 16 * KS_AVX2_SLOT_COLUMN(s), 16);
}

/// The AVX2 tier's entries: the offsets as ks_entries gives them, and per pair j the byte
/// offset of its row of ks_vertical_pairs (fy of its first pixel · 512 + fy of its second · 32,
/// at vertical[j]), so a pair's vertical weights are one load. Eight columns a step, in vector
/// registers: the clamp and floor are ks_entries' own.
KS_AVX2 __attribute__((always_inline)) static inline void entries_avx2(
    const ks_pair_layout *layout, const int32_t *restrict column, const double *restrict v,
    int32_t *restrict offsets, int32_t *restrict vertical, int clamp)
{
    const __m256d zero = _mm256_setzero_pd();
    const __m256d top = _mm256_set1_pd((double)(layout->height - 1) * 16.0);
    const __m128i fifteen = _mm_set1_epi32(15);
    __m128i pairs[2];
    for (int h = 0; h < 2; h++) {
        __m256d a = _mm256_loadu_pd(v + 8 * h), b = _mm256_loadu_pd(v + 8 * h + 4);
        if (clamp) {
            a = _mm256_min_pd(_mm256_max_pd(a, zero), top);
            b = _mm256_min_pd(_mm256_max_pd(b, zero), top);
        }
        __m128i lo = _mm256_cvttpd_epi32(a), hi = _mm256_cvttpd_epi32(b);
        __m256i sixteenths = _mm256_inserti128_si256(_mm256_castsi128_si256(lo), hi, 1);
        __m256i row = _mm256_slli_epi32(_mm256_srli_epi32(sixteenths, 4), 3);
        _mm256_storeu_si256(
            (__m256i *)(offsets + 8 * h),
            _mm256_add_epi32(_mm256_loadu_si256((const __m256i *)(column + 8 * h)), row));
        // Pairs 4h...4h + 3: columns 8h + k (lo) with 8h + k + 4 (hi).
        pairs[h] = _mm_add_epi32(
            _mm_slli_epi32(_mm_and_si128(lo, fifteen), 9), _mm_slli_epi32(_mm_and_si128(hi, fifteen), 5));
    }
    _mm256_storeu_si256(
        (__m256i *)vertical, _mm256_inserti128_si256(_mm256_castsi128_si256(pairs[0]), pairs[1], 1));
}

/// The AVX2 tier's cursor: four columns a register (ks_wide_position), in slot order. Its
/// entries come out in `cursor` order (see KS_AVX2_ENTRY).
typedef struct {
    __m256i position[4], step[4];
    /// avx2_cursor_next's constants, set once and hidden from the compiler (an empty asm):
    /// as values of the loop, not constants, they stay in registers or are read as operands;
    /// as constants the compiler loaded them again every row.
    __m256i shifts, nibbles;
} avx2_cursor;

KS_AVX2 __attribute__((always_inline)) static inline void avx2_cursor_start(
    avx2_cursor *c, const int32_t *column, const double *v, const double *dv)
{
    ks_cursor g;
    ks_cursor_start(&g, column, v, dv);
    for (int q = 0; q < 4; q++) {
        int64_t position[4], step[4];
        for (int i = 0; i < 4; i++) {
            position[i] = ks_wide_position(&g, KS_AVX2_SLOT_COLUMN(4 * q + i));
            step[i] = ks_wide_step(&g, KS_AVX2_SLOT_COLUMN(4 * q + i));
        }
        c->position[q] = _mm256_loadu_si256((const __m256i *)position);
        c->step[q] = _mm256_loadu_si256((const __m256i *)step);
    }
    c->shifts = _mm256_setr_epi32(19, 23, 19, 23, 19, 23, 19, 23);
    c->nibbles = _mm256_setr_epi32(15 << 9, 15 << 5, 15 << 9, 15 << 5, 15 << 9, 15 << 5, 15 << 9, 15 << 5);
    __asm__("" : "+x"(c->shifts), "+x"(c->nibbles));
}

/// The current row's entries, then the cursor one row down: `indices` the entries' indices (not
/// byte offsets) and `vertical` the pairs' rows of ks_vertical_pairs as entries_avx2's, both in
/// cursor order. A fraction's top nibble goes to bits 9...12 (first of a pair) or 5...8
/// (second) by a shift per lane, so a pair's row offset is a mask and a horizontal add.
KS_AVX2 __attribute__((always_inline)) static inline void avx2_cursor_next(
    avx2_cursor *c, int32_t *restrict indices, int32_t *restrict vertical)
{
    __m256i weighted[2];
    for (int h = 0; h < 2; h++) {
        const __m256 a = _mm256_castsi256_ps(c->position[2 * h]);
        const __m256 b = _mm256_castsi256_ps(c->position[2 * h + 1]);
        // Per 128-bit lane the odd (index) or even (fraction) halves of a's two numbers, then
        // of b's: columns 0, 1, 4, 5 | 2, 3, 6, 7 of these eight.
        _mm256_storeu_si256(
            (__m256i *)(indices + 8 * h), _mm256_castps_si256(_mm256_shuffle_ps(a, b, 0xDD)));
        const __m256i fractions = _mm256_castps_si256(_mm256_shuffle_ps(a, b, 0x88));
        weighted[h] = _mm256_and_si256(_mm256_srlv_epi32(fractions, c->shifts), c->nibbles);
        for (int q = 2 * h; q < 2 * h + 2; q++)
            c->position[q] = _mm256_add_epi64(c->position[q], c->step[q]);
    }
    _mm256_storeu_si256((__m256i *)vertical, _mm256_hadd_epi32(weighted[0], weighted[1]));
    KS_READ_BACK(indices, vertical);
}

/// Where avx2_cursor_next put slot s's entry index (slots 0, 1, 4, 5, 2, 3, 6, 7 of each
/// eight) and pair j's row of weights (the even pairs' rows, then the odd ones').
#define KS_AVX2_ENTRY(s) (((s) & 9) | ((s) & 2) << 1 | ((s) & 4) >> 1)
#define KS_AVX2_CURSOR_PAIR(j) (((j) >> 1) + ((j) & 1) * 4)

/// Pair j's two pixels: both pages' taps blended across, then down by the pair's vertical
/// weights (its row of ks_vertical_pairs: one load, not two and a lane insert). `cursor`: the
/// entries are avx2_cursor_next's, else entries_avx2's. `tiled`: the weights are in slot order
/// (avx2_tile_weights), else the columns' table.
KS_AVX2 __attribute__((always_inline)) static inline __m256i pair_avx2(
    const uint8_t *base, const int32_t *offsets, const uint8_t *w, const int32_t *vertical, int j,
    int cursor, int tiled)
{
    // Unsigned: every offset is ≥ 0, and a 32-bit lane moved to a register needs no sign
    // extension before it indexes memory (a cursor's index scaled by 8 in the address).
    const uint32_t *entry = (const uint32_t *)offsets, *row = (const uint32_t *)vertical;
    const int x = KS_AVX2_FIRST(j);
    const uint8_t *first = cursor ? base + 8 * (uint64_t)entry[KS_AVX2_ENTRY(2 * j)] : base + entry[x];
    const uint8_t *second =
        cursor ? base + 8 * (uint64_t)entry[KS_AVX2_ENTRY(2 * j + 1)] : base + entry[x + 4];
    __m256i p = _mm256_inserti128_si256(
        _mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)first)),
        _mm_loadu_si128((const __m128i *)second), 1);
    const __m256i across = tiled
        ? _mm256_loadu_si256((const __m256i *)(w + 32 * j))
        : _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(w + 16 * x))),
              _mm_loadu_si128((const __m128i *)(w + 16 * (x + 4))), 1);
    __m256i h = _mm256_maddubs_epi16(p, across);
    const uint8_t *pairs = (const uint8_t *)ks_vertical_pairs;
    const uint32_t weights = cursor ? row[KS_AVX2_CURSOR_PAIR(j)] : row[j];
    return _mm256_mullo_epi16(h, _mm256_load_si256((const __m256i *)(pairs + weights)));
}

KS_AVX2 __attribute__((always_inline)) static inline void pixels_avx2_from(
    KS_PIXELS_ARGS, int cursor)
{
    KS_MODULATION(ks_mulhrs_multiplier);
    const __m256i half = _mm256_set1_epi16(128), mod = _mm256_broadcastsi128_si256(m);
#pragma clang loop unroll(full)
    for (int g = 0; g < KS_BLOCK / 8; g++) {
        // Pairs (0, 4), (1, 5), (2, 6), (3, 7) of these eight: a holds pixels 0, 1 | 4, 5 and
        // b 2, 3 | 6, 7 by 128-bit lane, so packus leaves 0...3 | 4...7.
        __m256i v04 = pair_avx2(base, offsets, w, vertical, 4 * g, cursor, tiled);
        __m256i v15 = pair_avx2(base, offsets, w, vertical, 4 * g + 1, cursor, tiled);
        __m256i v26 = pair_avx2(base, offsets, w, vertical, 4 * g + 2, cursor, tiled);
        __m256i v37 = pair_avx2(base, offsets, w, vertical, 4 * g + 3, cursor, tiled);
        __m256i a = _mm256_add_epi16(_mm256_unpacklo_epi64(v04, v15), _mm256_unpackhi_epi64(v04, v15));
        __m256i b = _mm256_add_epi16(_mm256_unpacklo_epi64(v26, v37), _mm256_unpackhi_epi64(v26, v37));
        KS_FINISH_MULHRS(256, a);
        KS_FINISH_MULHRS(256, b);
        __m256i pixels = _mm256_packus_epi16(a, b);
        if (stream)
            _mm256_stream_si256((__m256i *)(out + 8 * g), pixels);
        else
            _mm256_storeu_si256((__m256i *)(out + 8 * g), pixels);
    }
}


KS_AVX2 __attribute__((always_inline)) static inline void pixels_avx2(KS_PIXELS_ARGS)
{
    pixels_avx2_from(base, offsets, vertical, w, out, colour, alpha, modulated, stream, tiled, 0);
}

/// The pixels from avx2_cursor_next's entries (slot order, entry indices).
KS_AVX2 __attribute__((always_inline)) static inline void pixels_avx2_cursor(KS_PIXELS_ARGS)
{
    pixels_avx2_from(base, offsets, vertical, w, out, colour, alpha, modulated, stream, tiled, 1);
}

// An eighth of the columns prefetched a row, as every tier (in slot order: any order visits
// every column once in eight rows).
KS_DEFINE_CURSOR_ROWS(rows_avx2, KS_AVX2, pixels_avx2_cursor, avx2_cursor, 8, 8)

KS_SSE2 static void run_sse2(KS_RUN_ARGS) { KS_RUN_BODY(pixels_sse2, entries_sse2); }
KS_DEFINE_CURSOR_ROWS(rows_sse2, KS_SSE2, pixels_sse2_cursor, sse_cursor, 8, 1)
KS_DEFINE_TILES(tiles_sse2, KS_SSE2, pixels_sse2, entries_sse2, rows_sse2, ks_tile_weights, _mm_sfence())
KS_SSSE3 static void run_ssse3(KS_RUN_ARGS) { KS_RUN_BODY(pixels_ssse3, entries_sse2); }
KS_DEFINE_CURSOR_ROWS(rows_ssse3, KS_SSSE3, pixels_ssse3_cursor, sse_cursor, 8, 8)
KS_DEFINE_TILES(tiles_ssse3, KS_SSSE3, pixels_ssse3, entries_sse2, rows_ssse3, ks_tile_weights, _mm_sfence())
KS_AVX2 static void run_avx2(KS_RUN_ARGS) { KS_RUN_BODY(pixels_avx2, entries_avx2); }
KS_DEFINE_TILES(tiles_avx2, KS_AVX2, pixels_avx2, entries_avx2, rows_avx2, avx2_tile_weights, _mm_sfence())

const ks_pair_kernels ks_pair_sse2 = {run_sse2, tiles_sse2};
const ks_pair_kernels ks_pair_ssse3 = {run_ssse3, tiles_ssse3};
const ks_pair_kernels ks_pair_avx2 = {run_avx2, tiles_avx2};

int ks_x86_supports(int tier)
{
    __builtin_cpu_init();
    switch (tier) {
    case KS_TIER_SSE2: return 1;
    case KS_TIER_SSSE3: return __builtin_cpu_supports("ssse3") ? 1 : 0;
    case KS_TIER_AVX2: return __builtin_cpu_supports("avx2") ? 1 : 0;
    default: return 0;
    }
}
#endif
