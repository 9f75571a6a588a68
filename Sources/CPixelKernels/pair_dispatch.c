// Which pair kernel runs: the tier the caller names, if this CPU and build have it.
#include "pair_common.h"

void ks_pair_run_scalar(
    const ks_pair_layout *, const ks_pair_columns *, int32_t, int32_t, uint32_t *, uint32_t,
    uint32_t);
#if defined(__x86_64__)
void ks_pair_run_sse2(
    const ks_pair_layout *, const ks_pair_columns *, int32_t, int32_t, uint32_t *, uint32_t,
    uint32_t);
void ks_pair_run_ssse3(
    const ks_pair_layout *, const ks_pair_columns *, int32_t, int32_t, uint32_t *, uint32_t,
    uint32_t);
void ks_pair_run_avx2(
    const ks_pair_layout *, const ks_pair_columns *, int32_t, int32_t, uint32_t *, uint32_t,
    uint32_t);
int ks_x86_supports(int tier);
#endif
#if defined(__aarch64__)
void ks_pair_run_neon(
    const ks_pair_layout *, const ks_pair_columns *, int32_t, int32_t, uint32_t *, uint32_t,
    uint32_t);
#endif

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

void ks_pair_run(
    int tier, const ks_pair_layout *layout, const ks_pair_columns *columns, int32_t count,
    int32_t y, uint32_t *dst, uint32_t colour, uint32_t alpha)
{
    switch (tier) {
#if defined(__x86_64__)
    case KS_TIER_SSE2: ks_pair_run_sse2(layout, columns, count, y, dst, colour, alpha); return;
    case KS_TIER_SSSE3: ks_pair_run_ssse3(layout, columns, count, y, dst, colour, alpha); return;
    case KS_TIER_AVX2: ks_pair_run_avx2(layout, columns, count, y, dst, colour, alpha); return;
#endif
#if defined(__aarch64__)
    case KS_TIER_NEON: ks_pair_run_neon(layout, columns, count, y, dst, colour, alpha); return;
#endif
    default: ks_pair_run_scalar(layout, columns, count, y, dst, colour, alpha); return;
    }
}
