#ifndef KIOSK_KS_HELPERS_H
#define KIOSK_KS_HELPERS_H
// Small helpers the compositor's Swift calls per row, layer row or edge pixel, where C says it
// in fewer instructions. Static inline: the compiler inlines them into the Swift that calls them.
#include <stddef.h>
#include <stdint.h>
#include <wchar.h>

// Rounding. Swift's Double-to-integer conversions check their range (a trap on overflow) and
// the x86-64 baseline has no rounding instruction (floor and ceil are libm calls); each of these
// takes a value the caller has bounded and converts it with one truncation, no check.

/// floor(v) clamped to lo...hi (integers): v is clamped first, the same for integer bounds
/// (a NaN gives lo), and then in range for the truncation.
static inline int64_t ks_floor_within(double v, double lo, double hi)
{
    double c = v > lo ? (v < hi ? v : hi) : lo;
    int64_t t = (int64_t)c;
    return (double)t > c ? t - 1 : t;
}

/// ceil(v) clamped to lo...hi (integers), as ks_floor_within.
static inline int64_t ks_ceil_within(double v, double lo, double hi)
{
    double c = v > lo ? (v < hi ? v : hi) : lo;
    int64_t t = (int64_t)c;
    return (double)t < c ? t + 1 : t;
}

/// x rounded to the nearest integer, halves up, for 0 ≤ x ≤ 2^52 (an edge pixel's colour or
/// alpha multiplier, 0...256): x + 0.5 truncated, except just below 0.5, where the sum rounds
/// up to 1.
static inline uint64_t ks_rounded_multiplier(double x)
{
    return x < 0.5 ? 0 : (uint64_t)(int64_t)(x + 0.5);
}

/// `count` copies of `pixel` from `start`: glibc's wmemset where wchar_t is 32 bits (Linux),
/// which stores 32 bytes at a time where the CPU has AVX2 (chosen at run time), a quarter of
/// the instructions of the 16-byte loop a compiler writes for the x86-64 baseline.
static inline void ks_fill_pixels(uint32_t *start, uint32_t pixel, size_t count)
{
#if defined(__x86_64__) && __WCHAR_MAX__ == 0x7fffffff
    wmemset((wchar_t *)start, (wchar_t)pixel, count);
#else
    for (size_t i = 0; i < count; i++) start[i] = pixel;
#endif
}

#endif
