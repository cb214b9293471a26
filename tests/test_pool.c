/* The corpus commands' ordered pool of workers (tools/cli_pool.c, compiled
 * in): items come back in the order they went in, whatever worker ran them,
 * and batches start small, so that a short corpus of slow puzzles is shared
 * between the workers rather than handed to one as its first batch. */
#define _POSIX_C_SOURCE 200809L /* nanosleep */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "cli_pool.h"

typedef struct item {
    int index;  /* in input order */
    int worker; /* which worker ran it */
} item;

enum { MOST_BATCHES = 64 };

typedef struct record {
    pthread_mutex_t mu;
    int batches;
    int first[MOST_BATCHES], size[MOST_BATCHES]; /* each batch: first index, items */
    int beside[MOST_BATCHES];                    /* item 0 was running when it began */
    long sleep_ns;                               /* each item's work */
    long first_ns;                               /* item 0's, when not 0 */
    int running0;                                /* item 0 is running */
} record;

static void mark0(record *r, int running)
{
    pthread_mutex_lock(&r->mu);
    r->running0 = running;
    pthread_mutex_unlock(&r->mu);
}

static void run(void *items, int n, int worker, void *ctx)
{
    record *r = ctx;
    item *it = items;
    pthread_mutex_lock(&r->mu);
    if (r->batches < MOST_BATCHES) {
        r->first[r->batches] = it[0].index;
        r->size[r->batches] = n;
        r->beside[r->batches] = r->running0;
    }
    r->batches++;
    pthread_mutex_unlock(&r->mu);
    for (int k = 0; k < n; k++) {
        long ns = it[k].index == 0 && r->first_ns ? r->first_ns : r->sleep_ns;
        struct timespec ts = {ns / 1000000000L, ns % 1000000000L};
        if (it[k].index == 0) mark0(r, 1);
        if (ns) nanosleep(&ts, NULL);
        if (it[k].index == 0) mark0(r, 0);
        it[k].worker = worker;
    }
}

/* Pushes n items through a pool of `jobs` workers and takes them back;
 * per_worker[w] counts the items worker w ran. */
static void pass(record *r, int jobs, int n, int per_worker[2])
{
    pthread_mutex_init(&r->mu, NULL);
    cli_pool *p = cli_pool_new(jobs, 4 * jobs, 128, sizeof(item), run, r);
    assert_non_null(p);
    int next = 0;
    for (int i = 0; i < n; i++) {
        while (cli_pool_full(p)) { /* the oldest first, as the corpus commands do */
            item *t = cli_pool_take(p);
            assert_int_equal(t->index, next++);
            per_worker[t->worker]++;
            cli_pool_pop(p);
        }
        item *it = cli_pool_slot(p);
        it->index = i;
        cli_pool_push(p);
    }
    for (item *t; (t = cli_pool_take(p)); cli_pool_pop(p)) {
        assert_int_equal(t->index, next++);
        per_worker[t->worker]++;
    }
    assert_int_equal(next, n);
    cli_pool_free(p);
    pthread_mutex_destroy(&r->mu);
}

/* 17 slow items on two workers: the first batch holds one item and the next
 * two, so both workers get a fair part (a first batch of 16 would leave the
 * other worker one item). */
static void short_corpus_shared(void **state)
{
    (void)state;
    record r;
    memset(&r, 0, sizeof r);
    r.sleep_ns = 20 * 1000 * 1000;
    int per_worker[2] = {0, 0};
    pass(&r, 2, 17, per_worker);
    assert_int_equal(per_worker[0] + per_worker[1], 17);
    assert_true(r.batches >= 4);
    int first = 0, second = 0;
    for (int b = 0; b < r.batches && b < MOST_BATCHES; b++) {
        if (r.first[b] == 0) first = r.size[b];
        if (r.first[b] == 1) second = r.size[b];
    }
    assert_int_equal(first, 1);
    assert_int_equal(second, 2);
    assert_true(per_worker[0] >= 4);
    assert_true(per_worker[1] >= 4);
}

/* A short input whose first item is slow: the batch still being filled when
 * the input ends (items 3 and 4, after batches of one and two) goes to the
 * other worker at once, while item 0 runs, not after every batch before it
 * has been taken back. */
static void last_batch_at_once(void **state)
{
    (void)state;
    record r;
    memset(&r, 0, sizeof r);
    r.sleep_ns = 1000 * 1000;
    r.first_ns = 300L * 1000 * 1000;
    int per_worker[2] = {0, 0};
    pass(&r, 2, 5, per_worker);
    int last = -1;
    for (int b = 0; b < r.batches && b < MOST_BATCHES; b++)
        if (r.first[b] == 3) last = b;
    assert_true(last >= 0);
    assert_int_equal(r.size[last], 2);
    assert_true(r.beside[last]);
}

/* Many quick items: every one comes back once, in order, and the batches
 * grow past the ramp's 16 once their cost is known. */
static void many_quick_items(void **state)
{
    (void)state;
    record r;
    memset(&r, 0, sizeof r);
    int per_worker[2] = {0, 0};
    pass(&r, 2, 20000, per_worker);
    assert_int_equal(per_worker[0] + per_worker[1], 20000);
    assert_true(r.batches < 20000 / 4);
}

/* One job: no thread, every batch a single item run as it is pushed. */
static void one_job(void **state)
{
    (void)state;
    record r;
    memset(&r, 0, sizeof r);
    int per_worker[2] = {0, 0};
    pass(&r, 1, 50, per_worker);
    assert_int_equal(per_worker[0], 50);
    assert_int_equal(r.batches, 50);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(short_corpus_shared),
        cmocka_unit_test(last_batch_at_once),
        cmocka_unit_test(many_quick_items),
        cmocka_unit_test(one_job),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
