/* The random stream of generation (rng.c): splitmix64, reproducible by seed
 * and mixing every step, so that neighbouring seeds start unrelated streams. */
#ifndef RG_BASE_RNG_H
#define RG_BASE_RNG_H

#include <stdint.h>

uint64_t rg_rng_next(uint64_t *state);
uint64_t rg_rng_below(uint64_t *state, uint64_t n); /* uniform in 0..n-1 (0 when n <= 1) */

#endif
