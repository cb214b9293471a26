/* bench/ranks.h without MPI: one rank. */
#include <string.h>

#include "ranks.h"

void bench_mpi_begin(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
}

void bench_mpi_end(void) {}

int bench_mpi_rank(void) { return 0; }

int bench_mpi_size(void) { return 1; }

void bench_mpi_gather(const void *mine, size_t n, void *all) { memcpy(all, mine, n); }

void bench_mpi_sum(uint64_t *v, size_t n)
{
    (void)v;
    (void)n;
}

void bench_mpi_barrier(void) {}
