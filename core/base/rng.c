/* splitmix64: the one random stream of generation. */
#include "base/rng.h"

uint64_t rg_rng_next(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

uint64_t rg_rng_below(uint64_t *state, uint64_t n)
{
    if (n <= 1) return 0;
    /* Rejection keeps the draw uniform. */
    uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    uint64_t x;
    do x = rg_rng_next(state);
    while (x >= limit);
    return x % n;
}
