/* The ordered pool of cli_pool.h: a ring of batches under one mutex, a batch
 * claimed by the first idle worker, its items taken back by the main thread
 * in order. */
#define _POSIX_C_SOURCE 200809L

#include "cli_pool.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { FILLING = 0, QUEUED, RUNNING, DONE };

struct cli_pool {
    cli_pool_fn fn;
    void *ctx;
    int jobs, window, batch;
    _Atomic int target; /* items that fill a batch: 1..batch (a worker may set it) */
    int automatic;      /* target follows the cost of an item (under mu) */
    double item_s;      /* an item's mean seconds, from the batches done */
    size_t size;
    unsigned char *ring;  /* window batches of batch items */
    int *count;           /* items in each batch */
    unsigned char *state; /* of each batch */
    long head;            /* oldest batch not yet emptied */
    int taken;            /* its items popped */
    long tail;            /* the batch being filled */
    long next;            /* next batch a worker claims */
    int stop;
    long waited;   /* the main thread waits for the batches from head to this one, -1 none */
    int head_done; /* the main thread saw the head batch done (its own) */
    pthread_mutex_t mu;
    pthread_cond_t work; /* a batch was queued, or stop */
    pthread_cond_t done; /* a batch is done */
    pthread_t *threads;
    int started; /* workers running; -1 before the mutex exists */
};

static unsigned char *batch_at(const cli_pool *p, long b)
{
    return p->ring + (size_t)(b % p->window) * (size_t)p->batch * p->size;
}

/* Are the batches from head to last all done? Under mu. */
static int done_to(const cli_pool *p, long last)
{
    for (long b = p->head; b <= last; b++)
        if (p->state[b % p->window] != DONE) return 0;
    return 1;
}

static double seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The batch size for about half a millisecond of a worker's work at the
 * mean cost of an item so far: each batch costs a hand-over and often a
 * wake, which batches of cheap items (a few microseconds) repeat by the
 * thousand a second, while items of a millisecond go one a batch and
 * share out finely. Under mu. */
static void retarget(cli_pool *p, int n, double t)
{
    if (n <= 0) return;
    double per = t / n;
    p->item_s = p->item_s > 0 ? 0.75 * p->item_s + 0.25 * per : per;
    double want = 5e-4 / (p->item_s > 1e-9 ? p->item_s : 1e-9);
    atomic_store(&p->target, want < 1 ? 1 : want > p->batch ? p->batch : (int)want);
}

typedef struct worker_arg {
    cli_pool *p;
    int id;
} worker_arg;

static void *worker(void *arg)
{
    worker_arg *a = arg;
    cli_pool *p = a->p;
    int id = a->id;
    free(a);
    pthread_mutex_lock(&p->mu);
    for (;;) {
        if (p->next == p->tail) {
            if (p->stop) break;
            pthread_cond_wait(&p->work, &p->mu);
            continue;
        }
        long b = p->next++;
        p->state[b % p->window] = RUNNING;
        int n = p->count[b % p->window];
        pthread_mutex_unlock(&p->mu);
        double t0 = seconds();
        p->fn(batch_at(p, b), n, id, p->ctx);
        double t = seconds() - t0;
        pthread_mutex_lock(&p->mu);
        p->state[b % p->window] = DONE;
        if (p->automatic) retarget(p, n, t);
        /* A wake only once the batches the main thread waits for are
         * done: most are done before it comes to them. */
        if (p->waited >= b && done_to(p, p->waited)) pthread_cond_signal(&p->done);
    }
    pthread_mutex_unlock(&p->mu);
    return NULL;
}

cli_pool *cli_pool_new(int jobs, int window, int batch, size_t size, cli_pool_fn fn, void *ctx)
{
    cli_pool *p = calloc(1, sizeof *p);
    if (!p) return NULL;
    p->started = -1;
    p->waited = -1;
    p->fn = fn;
    p->ctx = ctx;
    p->jobs = jobs < 1 ? 1 : jobs;
    p->window = window < 1 ? 1 : window;
    p->batch = batch < 1 ? 1 : batch;
    /* Batches start with one item and double as they are handed over
     * (ramp), until the first is done and its cost sets the size: a small
     * corpus of hard puzzles is shared out from its first items, where a
     * first batch of 16 would have gone to one worker whole. */
    atomic_init(&p->target, 1);
    p->automatic = 1;
    p->size = size;
    p->ring = calloc((size_t)p->window * (size_t)p->batch, size);
    p->count = calloc((size_t)p->window, sizeof *p->count);
    p->state = calloc((size_t)p->window, 1);
    p->threads = p->jobs > 1 ? calloc((size_t)p->jobs, sizeof *p->threads) : NULL;
    if (!p->ring || !p->count || !p->state || (p->jobs > 1 && !p->threads)) {
        cli_pool_free(p);
        return NULL;
    }
    pthread_mutex_init(&p->mu, NULL);
    pthread_cond_init(&p->work, NULL);
    pthread_cond_init(&p->done, NULL);
    p->started = 0;
    if (p->jobs == 1) return p;
    for (; p->started < p->jobs; p->started++) {
        worker_arg *a = malloc(sizeof *a);
        if (!a) break;
        a->p = p;
        a->id = p->started;
        if (pthread_create(&p->threads[p->started], NULL, worker, a) != 0) {
            free(a);
            break;
        }
    }
    if (p->started < p->jobs) {
        cli_pool_free(p);
        return NULL;
    }
    return p;
}

void cli_pool_target(cli_pool *p, int n)
{
    if (p->jobs > 1) pthread_mutex_lock(&p->mu);
    p->automatic = n <= 0;
    if (n > 0) atomic_store(&p->target, n > p->batch ? p->batch : n);
    if (p->jobs > 1) pthread_mutex_unlock(&p->mu);
}

size_t cli_pool_size(const cli_pool *p) { return p->size; }

int cli_pool_full(const cli_pool *p) { return p->tail - p->head >= p->window; }

void *cli_pool_slot(cli_pool *p)
{
    return batch_at(p, p->tail) + (size_t)p->count[p->tail % p->window] * p->size;
}

/* Until a batch is done, each batch handed over doubles the next one's
 * size, up to 16 (and the pool's batch). Under mu. */
static void ramp(cli_pool *p)
{
    if (!p->automatic || p->item_s > 0) return;
    int t = atomic_load_explicit(&p->target, memory_order_relaxed),
        most = p->batch < 16 ? p->batch : 16;
    atomic_store(&p->target, 2 * t > most ? most : 2 * t);
}

/* The batch being filled goes to a worker (or runs here without threads). */
static void hand_over(cli_pool *p)
{
    long b = p->tail;
    if (p->jobs == 1) {
        p->fn(batch_at(p, b), p->count[b % p->window], 0, p->ctx);
        p->state[b % p->window] = DONE;
        p->tail++;
        return;
    }
    pthread_mutex_lock(&p->mu);
    p->state[b % p->window] = QUEUED;
    p->tail++;
    ramp(p);
    pthread_cond_signal(&p->work);
    pthread_mutex_unlock(&p->mu);
}

void cli_pool_push(cli_pool *p)
{
    /* A worker may be changing target: a stale value only sizes one batch. */
    if (++p->count[p->tail % p->window] >= atomic_load_explicit(&p->target, memory_order_relaxed))
        hand_over(p);
}

void *cli_pool_take(cli_pool *p)
{
    if (p->head == p->tail && p->count[p->tail % p->window] == 0) return NULL;
    /* The batch being filled goes now, whatever its size: the main thread
     * takes results when the input has ended or the window is full, and
     * would otherwise hand it over only once every batch before it had
     * been taken (a short corpus's last puzzles then ran after the
     * others, on one worker). */
    if (!cli_pool_full(p) && p->count[p->tail % p->window] > 0) hand_over(p);
    int b = (int)(p->head % p->window);
    if (p->jobs > 1 && !p->head_done) { /* once a batch, not once an item */
        pthread_mutex_lock(&p->mu);
        if (p->state[b] != DONE) {
            /* Asleep anyway, the main thread waits for the oldest half of
             * the window (of what was handed over): one wake then hands
             * back several batches, and the workers, which have the other
             * half, are not pre-empted once a batch on a busy machine. */
            long last = p->head + (p->window + 1) / 2 - 1;
            p->waited = last < p->tail ? last : p->tail - 1;
            while (!done_to(p, p->waited)) pthread_cond_wait(&p->done, &p->mu);
            p->waited = -1;
        }
        pthread_mutex_unlock(&p->mu);
        p->head_done = 1;
    }
    return batch_at(p, p->head) + (size_t)p->taken * p->size;
}

void cli_pool_pop(cli_pool *p)
{
    int b = (int)(p->head % p->window);
    memset(batch_at(p, p->head) + (size_t)p->taken * p->size, 0, p->size);
    if (++p->taken < p->count[b]) return;
    if (p->jobs > 1) pthread_mutex_lock(&p->mu);
    p->count[b] = 0;
    p->state[b] = FILLING;
    p->taken = 0;
    p->head++;
    p->head_done = 0;
    if (p->jobs > 1) pthread_mutex_unlock(&p->mu);
}

void cli_pool_free(cli_pool *p)
{
    if (!p) return;
    if (p->started > 0) {
        pthread_mutex_lock(&p->mu);
        p->stop = 1;
        pthread_cond_broadcast(&p->work);
        pthread_mutex_unlock(&p->mu);
        for (int k = 0; k < p->started; k++) pthread_join(p->threads[k], NULL);
    }
    if (p->started >= 0) {
        pthread_mutex_destroy(&p->mu);
        pthread_cond_destroy(&p->work);
        pthread_cond_destroy(&p->done);
    }
    free(p->threads);
    free(p->state);
    free(p->ring);
    free(p->count);
    free(p);
}
