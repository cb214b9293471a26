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

/* Now in seconds on CLOCK_MONOTONIC: the unit of a deadline. */
static inline double rg_clock_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* Has deadline (an rg_clock_now() reading; 0: none) passed? Free without one. */
static inline int rg_clock_passed(double deadline)
{
    return deadline > 0 && rg_clock_now() >= deadline;
}

/* The deadline max_seconds from now, 0 (none) when max_seconds is not > 0. */
static inline double rg_clock_deadline(double max_seconds)
{
    return max_seconds > 0 ? rg_clock_now() + max_seconds : 0;
}

#endif
