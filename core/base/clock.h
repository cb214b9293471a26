/* Time for limits and statistics: a monotonic clock, header only. */
#ifndef RG_BASE_CLOCK_H
#define RG_BASE_CLOCK_H

#include <time.h>

/* Microseconds since *since (a CLOCK_MONOTONIC reading). */
static inline double rg_clock_us(const struct timespec *since)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)(t.tv_sec - since->tv_sec) * 1e6 + (double)(t.tv_nsec - since->tv_nsec) / 1e3;
}

#endif
