// Which pair kernels run: the tier the caller names, when this CPU and build have it (callers
// ask ks_tier_supported first; an unsupported tier falls back to the scalar reference).
#include "pair_common.h"

int ks_tier_supported(int tier)
{
    if (tier == KS_TIER_SCALAR) return 1;
#if defined(__x86_64__)
    if (tier >= KS_TIER_SSE2 && tier <= KS_TIER_AVX2) return ks_x86_supports(tier);
#endif
#if defined(__aarch64__)
    if (tier == KS_TIER_NEON) return 1;
#endif
    return 0;
}

int ks_best_tier(void)
{
    for (int tier = KS_TIER_COUNT - 1; tier > KS_TIER_SCALAR; tier--)
        if (ks_tier_supported(tier)) return tier;
    return KS_TIER_SCALAR;
}

static const ks_pair_kernels *kernels(int tier)
{
    switch (tier) {
#if defined(__x86_64__)
    case KS_TIER_SSE2: return &ks_pair_sse2;
    case KS_TIER_SSSE3: return &ks_pair_ssse3;
    case KS_TIER_AVX2: return &ks_pair_avx2;
#endif
#if defined(__aarch64__)
    case KS_TIER_NEON: return &ks_pair_neon;
#endif
    default: return &ks_pair_scalar;
    }
}

void ks_pair_run(
    int tier, const ks_pair_layout *layout, const ks_pair_columns *columns, int32_t count,
    int32_t y, uint32_t *dst, uint32_t colour, uint32_t alpha)
{
    kernels(tier)->run(layout, columns, count, y, dst, colour, alpha);
}

void ks_pair_tiles(
    int tier, const ks_pair_layout *layout, const ks_pair_columns *columns, int32_t rows,
    int32_t y0, const int32_t *lo, const int32_t *hi, int32_t clip_lo, int32_t clip_hi,
    uint32_t *dst, intptr_t stride_pixels, uint32_t colour, uint32_t alpha)
{
    kernels(tier)->tiles(
        layout, columns, rows, y0, lo, hi, clip_lo, clip_hi, dst, stride_pixels, colour, alpha);
}
