/* bench/ranks.h with MPI: collective calls on MPI_COMM_WORLD, made by the
 * main thread only (the workers never call MPI). */
#define _POSIX_C_SOURCE 200809L

#include "ranks.h"

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int on, rank, ranks = 1;

/* The size of the job from the launcher's environment (as tools/cli_mpi.c). */
static int launched_size(void)
{
    const char *v = getenv("OMPI_COMM_WORLD_SIZE");
    if (!v || !*v) v = getenv("PMI_SIZE");
    if (v && *v) return atoi(v);
    v = getenv("PMIX_RANK");
    return v && *v ? 2 : 0;
}

void bench_mpi_begin(int *argc, char ***argv)
{
    if (launched_size() < 2) return;
    MPI_Init(argc, argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    on = 1;
    if (rank > 0 && (!freopen("/dev/null", "w", stdout) || !freopen("/dev/null", "w", stderr)))
        MPI_Abort(MPI_COMM_WORLD, 2);
}

void bench_mpi_end(void)
{
    if (on) MPI_Finalize();
    on = 0;
}

int bench_mpi_rank(void) { return rank; }

int bench_mpi_size(void) { return ranks; }

void bench_mpi_gather(const void *mine, size_t n, void *all)
{
    if (!on) {
        memcpy(all, mine, n);
        return;
    }
    MPI_Allgather(mine, (int)n, MPI_BYTE, all, (int)n, MPI_BYTE, MPI_COMM_WORLD);
}

void bench_mpi_sum(uint64_t *v, size_t n)
{
    if (on && n) MPI_Allreduce(MPI_IN_PLACE, v, (int)n, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
}

void bench_mpi_barrier(void)
{
    if (on) MPI_Barrier(MPI_COMM_WORLD);
}
