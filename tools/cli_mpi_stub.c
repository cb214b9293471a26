/* cli_mpi.h without MPI: one rank, nothing to share. */
#include <stdlib.h>

#include "cli_mpi.h"

void cli_mpi_begin(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
}

void cli_mpi_end(void) {}

int cli_mpi_rank(void) { return 0; }

int cli_mpi_size(void) { return 1; }

void cli_mpi_proxy(void *items, int n, int worker, void *ctx)
{
    (void)items, (void)n, (void)worker, (void)ctx;
    abort(); /* never: one rank has no one to send to */
}

void cli_mpi_same(void *buf, size_t n) { (void)buf, (void)n; }

int cli_mpi_batch(int least) { return least > 16 ? least : 16; }

void cli_mpi_stop(void) {}

void cli_mpi_serve(struct cli_feed *f) { (void)f; }

void cli_mpi_share(long count, int chunk, cli_mpi_make make, cli_mpi_take take, void *ctx)
{
    (void)count, (void)chunk, (void)make, (void)take, (void)ctx;
    abort();
}

void cli_mpi_deal(cli_mpi_next next, cli_mpi_took take, void *ctx)
{
    (void)next, (void)take, (void)ctx;
    abort();
}
