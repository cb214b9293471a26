/* rulegrid-bench under mpirun (docs/cluster.md): every rank reads the
 * corpora, solves its share of each window's puzzles (chunk k of the window
 * on rank k mod K) on its threads, and the ranks' tallies are gathered so
 * that every rank holds the counters of the whole corpus: the same for any
 * number of ranks. Rank 0 alone writes. bench/ranks.c with MPI, ranks_stub.c
 * (one rank) without. */
#ifndef RG_BENCH_RANKS_H
#define RG_BENCH_RANKS_H

#include <stddef.h>
#include <stdint.h>

/* MPI starts as for the command (tools/cli_mpi.c): only when mpirun (or a
 * PMI launcher) started more than one rank. Ranks other than 0 write
 * nothing (their standard output and error go to /dev/null). */
void bench_mpi_begin(int *argc, char ***argv);
void bench_mpi_end(void);
int bench_mpi_rank(void); /* 0 without MPI */
int bench_mpi_size(void); /* 1 without MPI */
/* Every rank: the n bytes of mine of each rank, in rank order, into all
 * (size n × ranks). */
void bench_mpi_gather(const void *mine, size_t n, void *all);
/* Every rank: v[0..n) summed over the ranks. */
void bench_mpi_sum(uint64_t *v, size_t n);
/* Every rank waits for the others. */
void bench_mpi_barrier(void);

#endif
