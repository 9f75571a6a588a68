#ifndef KIOSK_KS_PAIR_PIXEL_H
#define KIOSK_KS_PAIR_PIXEL_H
// One pixel from a page's layout for turning, unmodulated: the turning face's edge pixels
// (a few thousand a frame, each with its own coverage). Static inline, so the Swift that draws
// an edge pixel calls no function and copies no table descriptor for it; the same pixel as
// ks_pair_sample (the scalar reference) bit for bit (Tests/PixelKernels/check.c).
#include <stdint.h>
#if defined(__x86_64__)
#include <emmintrin.h>
#elif defined(__aarch64__)
#include <arm_neon.h>
#endif

/// One pixel from entry `entry` (rows r and r + 1 of a column pair) with horizontal weights
/// `w` (16 − fx, fx) and vertical weight `fy`: Σ tap · wx · wy, rounded, as the generic loop.
/// The scalar reference every tier and ks_pair_pixel (SSE2, NEON) give bit for bit.
static inline uint32_t ks_sample_entry(const uint8_t *entry, const uint8_t *w, int32_t fy)
{
    uint32_t out = 0;
    for (int k = 0; k < 4; k++) {
        uint32_t top = entry[2 * k] * w[0] + entry[2 * k + 1] * w[1];
        uint32_t bottom = entry[8 + 2 * k] * w[0] + entry[8 + 2 * k + 1] * w[1];
        uint32_t sum = top * (16 - (uint32_t)fy) + bottom * (uint32_t)fy;
        out |= ((sum + 128) >> 8) << (8 * k);
    }
    return out;
}

/// Column `x`'s pixel on row `y`: its row coordinate v0[x] + dv[x] · y in sixteenths (exact,
/// see ks_pair_columns) clamped into the page of `height` rows and floored, then its entry's
/// four taps blended by the column's weights (16 − fx, fx) and the row's (16 − fy, fy): SSE2 on
/// x86-64, NEON on aarch64, the scalar sum elsewhere.
static inline uint32_t ks_pair_pixel(
    const uint8_t *base, int32_t height, const double *v0, const double *dv,
    const int32_t *offset, const uint8_t *weights, int32_t x, int32_t y)
{
    const double top = (double)(height - 1) * 16.0;
    double t = v0[x] + dv[x] * (double)y;
    t = t > 0.0 ? t : 0.0;
    t = t < top ? t : top;
    const int32_t sixteenths = (int32_t)t, fy = sixteenths & 15;
    const uint8_t *entry = base + (uint32_t)(offset[x] + (sixteenths >> 4) * 8);
    const uint8_t *w = weights + 16 * x;
#if defined(__x86_64__)
    // SSE2, the x86-64 baseline: both rows' channels blended across by pmaddwd (each sum at
    // most 255 · 16), packed and interleaved top, bottom per channel, then blended down by a
    // second pmaddwd (at most 255 · 256): exact, as the scalar sum.
    const __m128i zero = _mm_setzero_si128();
    const __m128i taps = _mm_loadu_si128((const __m128i *)entry);
    const __m128i across = _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)w), zero);
    const __m128i rows = _mm_packs_epi32(
        _mm_madd_epi16(_mm_unpacklo_epi8(taps, zero), across),
        _mm_madd_epi16(_mm_unpackhi_epi8(taps, zero), across));
    const __m128i pairs = _mm_unpacklo_epi16(rows, _mm_srli_si128(rows, 8));
    const __m128i down = _mm_madd_epi16(pairs, _mm_set1_epi32((fy << 16) | (16 - fy)));
    const __m128i rounded = _mm_srli_epi32(_mm_add_epi32(down, _mm_set1_epi32(128)), 8);
    const __m128i words = _mm_packs_epi32(rounded, rounded);
    return (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(words, words));
#elif defined(__aarch64__)
    // NEON, as pixels_neon: both rows blended down first (each column's channels times 16 − fy
    // and fy, at most 255 · 16), then across by the columns' weights and a pairwise add (at
    // most 255 · 256), rounded and narrowed: exact, as the scalar sum.
    const uint8x16_t taps = vld1q_u8(entry);
    const uint16x8_t down = vmlal_high_u8(
        vmull_u8(vget_low_u8(taps), vdup_n_u8((uint8_t)(16 - fy))), taps, vdupq_n_u8((uint8_t)fy));
    const uint16x8_t across = vmulq_u16(down, vmovl_u8(vld1_u8(w)));
    const uint8x8_t bytes = vrshrn_n_u16(vpaddq_u16(across, across), 8);
    return vget_lane_u32(vreinterpret_u32_u8(bytes), 0);
#else
    return ks_sample_entry(entry, w, fy);
#endif
}

#endif
