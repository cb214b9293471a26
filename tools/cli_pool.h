/* An ordered pool of worker threads for the corpus commands: the main thread
 * fills items in input order, workers run them a batch at a time, the main
 * thread takes them back in the same order. At most a window of batches is
 * alive at once, so memory does not grow with the corpus. */
#ifndef RG_CLI_POOL_H
#define RG_CLI_POOL_H

#include <stddef.h>

typedef struct cli_pool cli_pool;

/* Runs the n items (of the pool's size each, in order) of one batch on
 * worker `worker` (0 .. jobs-1); ctx is cli_pool_new's. */
typedef void (*cli_pool_fn)(void *items, int n, int worker, void *ctx);

/* A pool of `jobs` workers (1: no thread; a batch runs on the calling
 * thread as it is handed over) over a ring of `window` batches of `batch`
 * zeroed items of size bytes each. NULL without memory or threads. */
cli_pool *cli_pool_new(int jobs, int window, int batch, size_t size, cli_pool_fn fn, void *ctx);
/* From now on a batch goes to the workers once it holds n items (1 up to
 * the batch size of cli_pool_new); n <= 0: the size follows the items'
 * cost, as it does from the start (one item first, doubling with each
 * batch handed over up to 16 until one is done, then about half a
 * millisecond of work). */
void cli_pool_target(cli_pool *p, int n);
/* The size of an item. */
size_t cli_pool_size(const cli_pool *p);
/* Is there no room for another item (the oldest must be taken first)? */
int cli_pool_full(const cli_pool *p);
/* The next item to fill (never when full); left unpushed it stays the next. */
void *cli_pool_slot(cli_pool *p);
/* The item filled is in: its batch goes to the workers once full. */
void cli_pool_push(cli_pool *p);
/* The oldest item pushed, once its batch is done (a batch still being
 * filled is handed over first); NULL when none is pending. The caller
 * empties it and calls cli_pool_pop before the next take. */
void *cli_pool_take(cli_pool *p);
void cli_pool_pop(cli_pool *p);
/* Stops and joins the workers (every pushed item must have been taken). */
void cli_pool_free(cli_pool *p);

#endif
