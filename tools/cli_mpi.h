/* `mpirun -np K rulegrid ...` (docs/cluster.md): rank 0 reads the inputs,
 * hands batches of entries (or of generate's puzzle numbers) to the other
 * ranks as they ask, and writes every result in order, as one process
 * would. cli_mpi.c with MPI, cli_mpi_stub.c (one rank) without. */
#ifndef RG_CLI_MPI_H
#define RG_CLI_MPI_H

#include <stddef.h>

struct cli_feed;

/* MPI starts only when the environment says mpirun launched more than one
 * rank (OMPI_COMM_WORLD_SIZE, PMI_SIZE, PMIX_SIZE...): the plain command
 * never pays for it. Ranks other than 0 print nothing (standard output and
 * error go to /dev/null). */
void cli_mpi_begin(int *argc, char ***argv);
void cli_mpi_end(void);
int cli_mpi_rank(void); /* 0 without MPI */
int cli_mpi_size(void); /* 1 without MPI */

/* Rank 0, the pool's job of a batch of entries (cli_pool_fn; ctx the
 * feed): the entries with text go to a rank, their results come back. */
void cli_mpi_proxy(void *items, int n, int worker, void *ctx);
/* Every rank: rank 0's n bytes of buf (a collective call). */
void cli_mpi_same(void *buf, size_t n);
/* Rank 0: how many entries a batch should hold now: 16 at first, then
 * about 4 ms of a rank's work as measured by the batches back; never less
 * than least. */
int cli_mpi_batch(int least);
/* Rank 0 (once; later calls do nothing): no more work; every other rank ends its serve. */
void cli_mpi_stop(void);
/* A rank other than 0: batches of entries read into f's pool (its
 * threads run them), their results sent back, until rank 0 stops. f is
 * NULL when the rank could not set up: it waits for the stop, and aborts
 * the job if work comes instead. */
void cli_mpi_serve(struct cli_feed *f);

/* generate: rank 0 hands out ranges of puzzle numbers; make(first, n, out,
 * ctx) on another rank writes the results of puzzles first..first+n-1 as
 * bytes into *out (malloc'd; returns their size); take(first, n, bytes,
 * size, ctx) on rank 0 reads them back. Rank 0 returns once every range
 * of count puzzles has come back (or take says stop), the others when told
 * (make NULL: a rank that could not set up aborts the job if work comes). */
/* Blocks of a file (solve, count, check on a regular file of lines): rank
 * 0 deals jobs as the ranks ask, each a small description made by next
 * (malloc'd into *job, its size returned; 0: no more), and takes the
 * replies back in the order dealt with take (nonzero: deal no more). A
 * rank other than 0 runs a job in cli_mpi_serve through its feed's block
 * (cli.h). Returns once every job dealt has come back. */
typedef size_t (*cli_mpi_next)(char **job, void *ctx);
typedef int (*cli_mpi_took)(const char *bytes, size_t size, void *ctx);
void cli_mpi_deal(cli_mpi_next next, cli_mpi_took take, void *ctx);

typedef size_t (*cli_mpi_make)(long first, int n, char **out, void *ctx);
typedef int (*cli_mpi_take)(long first, int n, const char *bytes, size_t size, void *ctx);
void cli_mpi_share(long count, int chunk, cli_mpi_make make, cli_mpi_take take, void *ctx);

#endif
