/* cli_mpi.h with MPI. Rank 0's pool workers (cli_pool.c) are proxies: each
 * sends a batch to its rank and waits for the results, so the batches go
 * out as ranks ask for them and come back in order through the pool. Every
 * MPI call holds one mutex (MPI_THREAD_SERIALIZED is enough), and waits
 * poll with short sleeps instead of spinning: a rank waiting for work does
 * not take a core from the threads doing it. */
#define _POSIX_C_SOURCE 200809L

#include "cli_mpi.h"

#include <mpi.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <time.h>

#include "cli.h"
#include "cli_pool.h"

enum { TAG_STOP = 1, TAG_SHARE = 2, TAG_BLOCK = 3, TAG_WORK = 16 };

static int on, rank, ranks = 1;
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;

/* The size of the job, from the launcher's environment: 0 when not launched
 * by one (Open MPI's mpirun, a PMI-2 launcher such as MPICH's or srun
 * --mpi=pmi2), 2 when a PMIx launcher (srun --mpi=pmix) says only that it
 * launched this process: MPI_Init then tells. */
static int launched_size(void)
{
    static const char *const vars[] = {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", NULL};
    for (int i = 0; vars[i]; i++) {
        const char *v = getenv(vars[i]);
        if (v && *v) return atoi(v);
    }
    const char *pmix = getenv("PMIX_RANK");
    return pmix && *pmix ? 2 : 0;
}

void cli_mpi_begin(int *argc, char ***argv)
{
    if (launched_size() < 2) return;
    int provided = 0;
    MPI_Init_thread(argc, argv, MPI_THREAD_SERIALIZED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    on = 1;
    /* Sleeps of a few microseconds while polling (threads inherit it). */
    prctl(PR_SET_TIMERSLACK, 1000UL, 0UL, 0UL, 0UL);
    if (provided < MPI_THREAD_SERIALIZED && rank == 0)
        fputs("rulegrid: MPI gives no thread support; running on rank 0 alone\n", stderr);
    if (provided < MPI_THREAD_SERIALIZED) ranks = 1;
    if (rank > 0) {
        if (!freopen("/dev/null", "w", stdout) || !freopen("/dev/null", "w", stderr))
            MPI_Abort(MPI_COMM_WORLD, 2);
    }
}

void cli_mpi_end(void)
{
    if (on) MPI_Finalize();
    on = 0;
}

int cli_mpi_rank(void) { return rank; }

int cli_mpi_size(void) { return ranks; }

/* ---- Waiting without spinning ------------------------------------------------- */

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* A pause half the wait so far (50 us to 2 ms): a reply is seen at most
 * half its wait later than it came (a rank has its next batch queued
 * meanwhile, about 4 ms of work), and a long wait wakes rarely: each wake
 * is a context switch, the main cost of rank 0 on cheap puzzles. */
static void pause_after(double waited)
{
    double s = waited / 2;
    if (s < 5e-5) s = 5e-5;
    if (s > 2e-3) s = 2e-3;
    struct timespec ts = {0, (long)(s * 1e9)};
    nanosleep(&ts, NULL);
}

static void wait_for(MPI_Request *r)
{
    double t0 = now();
    for (;;) {
        int done = 0;
        pthread_mutex_lock(&mu);
        MPI_Test(r, &done, MPI_STATUS_IGNORE);
        pthread_mutex_unlock(&mu);
        if (done) return;
        pause_after(now() - t0);
    }
}

static void send_bytes(const void *buf, size_t n, int dest, int tag)
{
    MPI_Request r;
    pthread_mutex_lock(&mu);
    MPI_Isend(buf, (int)n, MPI_BYTE, dest, tag, MPI_COMM_WORLD, &r);
    pthread_mutex_unlock(&mu);
    wait_for(&r);
}

/* The next message from src (or any) with tag (or any): its bytes
 * (malloc'd, freed by the caller), size, source and tag. */
static char *recv_bytes(int src, int tag, size_t *n, int *from, int *got)
{
    double t0 = now();
    for (;;) {
        int flag = 0, count = 0;
        MPI_Message m;
        MPI_Status st;
        pthread_mutex_lock(&mu);
        MPI_Improbe(src, tag, MPI_COMM_WORLD, &flag, &m, &st);
        if (flag) {
            MPI_Get_count(&st, MPI_BYTE, &count);
            char *buf = malloc((size_t)count + 1);
            if (!buf) MPI_Abort(MPI_COMM_WORLD, 2);
            MPI_Mrecv(buf, count, MPI_BYTE, &m, MPI_STATUS_IGNORE);
            pthread_mutex_unlock(&mu);
            *n = (size_t)count;
            if (from) *from = st.MPI_SOURCE;
            if (got) *got = st.MPI_TAG;
            return buf;
        }
        pthread_mutex_unlock(&mu);
        pause_after(now() - t0);
    }
}

void cli_mpi_same(void *buf, size_t n)
{
    if (on) MPI_Bcast(buf, (int)n, MPI_BYTE, 0, MPI_COMM_WORLD);
}

void cli_mpi_stop(void)
{
    static int stopped;
    if (!on || rank != 0 || stopped) return;
    stopped = 1;
    for (int r = 1; r < ranks; r++) send_bytes(NULL, 0, r, TAG_STOP);
}

/* ---- A growing buffer of bytes ------------------------------------------------ */

typedef struct bytes {
    char *v;
    size_t n, cap;
} bytes;

static void put(bytes *b, const void *s, size_t n)
{
    if (b->n + n > b->cap) {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap < b->n + n) cap *= 2;
        char *more = realloc(b->v, cap);
        if (!more) MPI_Abort(MPI_COMM_WORLD, 2);
        b->v = more;
        b->cap = cap;
    }
    if (n) memcpy(b->v + b->n, s, n);
    b->n += n;
}

/* A field of a message read at *at, which moves past it. */
static void get(void *dst, size_t n, const char *buf, size_t len, size_t *at)
{
    if (*at + n > len) MPI_Abort(MPI_COMM_WORLD, 2);
    memcpy(dst, buf + *at, n);
    *at += n;
}

/* ---- Entries: rank 0 sends, the others serve ----------------------------------- */

/* The batch size: 4 ms of work at the mean cost of an entry on a rank
 * (its threads together), as the last batches measured it. */
static _Atomic int batch_target = 16;
static double entry_s; /* under mu */

/* Sends rank 0 a header and the bytes a rank made (freed). */
static void reply(const void *head, size_t hn, char *made, size_t n, int tag)
{
    bytes out = {0};
    put(&out, head, hn);
    put(&out, made, n);
    free(made);
    send_bytes(out.v, out.n, 0, tag);
    free(out.v);
}

int cli_mpi_batch(int least)
{
    int n = atomic_load(&batch_target);
    return n > least ? n : least;
}

/* A batch of n entries kept its rank busy for busy seconds. */
static void measured(int n, double busy)
{
    if (n <= 0 || !(busy > 0)) return;
    pthread_mutex_lock(&mu);
    double per = busy / n;
    entry_s = entry_s > 0 ? 0.75 * entry_s + 0.25 * per : per;
    double want = 4e-3 / entry_s;
    pthread_mutex_unlock(&mu);
    atomic_store(&batch_target, want < 16 ? 16 : want > 1e6 ? 1000000 : (int)want);
}

/* An entry on its way to a rank: where it comes from, then len bytes. */
typedef struct request {
    int32_t input, kind;
    int64_t index, line;
    uint64_t len;
} request;

void cli_mpi_proxy(void *items, int n, int worker, void *ctx)
{
    cli_feed *f = ctx;
    size_t size = cli_pool_size(f->pool);
    bytes out = {0};
    int sent = 0;
    for (int i = 0; i < n; i++) {
        cli_entry *e = (cli_entry *)((char *)items + (size_t)i * size);
        if (!e->raw) continue; /* read here already: an error, or no puzzle */
        request q = {e->input, e->kind, e->index, e->line, e->raw_len};
        put(&out, &q, sizeof q);
        put(&out, e->raw, e->raw_len);
        sent++;
    }
    if (!sent) return free(out.v);
    int dest = 1 + worker % (ranks - 1), tag = TAG_WORK + worker;
    send_bytes(out.v, out.n, dest, tag);
    free(out.v);
    size_t len, at = 0;
    char *in = recv_bytes(dest, tag, &len, NULL, NULL);
    double busy;
    get(&busy, sizeof busy, in, len, &at);
    measured(sent, busy);
    for (int i = 0; i < n; i++) {
        cli_entry *e = (cli_entry *)((char *)items + (size_t)i * size);
        if (!e->raw) continue;
        cli_wire w;
        get(&w, sizeof w, in, len, &at);
        e->read = w.read;
        e->rc = w.rc;
        if (w.has_err) get(&e->err, sizeof e->err, in, len, &at);
        f->from_wire(e, &w);
        if (w.len) {
            if (!(e->text = malloc(w.len))) MPI_Abort(MPI_COMM_WORLD, 2);
            get(e->text, w.len, in, len, &at);
            e->len = w.len;
        }
    }
    free(in);
}

/* A batch a rank holds: its message, entries, results so far. */
typedef struct held {
    char *in;
    int tag;
    long n, done;
    bytes out;
} held;

/* A rank holds at most two batches (rank 0 has two proxies per rank): the
 * second is read into the pool while the first finishes, so that threads
 * done with the first go on with it. */
typedef struct server {
    cli_feed *f;
    held q[2];
    int nq;
    double last; /* when the last batch was sent back */
} server;

/* The oldest entry of the pool, its result into the first batch's reply,
 * released; the reply sent once complete. */
static void take_oldest(server *v)
{
    cli_feed *f = v->f;
    held *h = &v->q[0];
    cli_entry *e = cli_pool_take(f->pool);
    cli_wire w;
    memset(&w, 0, sizeof w);
    w.read = e->read;
    w.rc = e->rc;
    w.has_err = e->read != 1 || e->rc != RG_OK;
    f->to_wire(e, &w);
    w.len = e->text ? e->len : 0;
    put(&h->out, &w, sizeof w);
    if (w.has_err) put(&h->out, &e->err, sizeof e->err);
    put(&h->out, e->text, w.len);
    cli_feed_pop(f);
    if (++h->done < h->n) return;
    /* The time the rank spent on it alone: from the later of its arrival
     * and the previous reply. */
    double t = now(), start;
    memcpy(&start, h->out.v, sizeof start);
    double busy = t - (start > v->last ? start : v->last);
    memcpy(h->out.v, &busy, sizeof busy);
    send_bytes(h->out.v, h->out.n, 0, h->tag);
    v->last = t;
    free(h->in);
    free(h->out.v);
    v->q[0] = v->q[1];
    v->nq--;
}

/* A batch that came: its entries into the pool (taking the oldest while it
 * is full), in parts that give each thread two of them. */
static void take_in(server *v, char *in, size_t len, int tag)
{
    cli_feed *f = v->f;
    if (v->nq == 2) MPI_Abort(MPI_COMM_WORLD, 2);
    held *h = &v->q[v->nq++];
    memset(h, 0, sizeof *h);
    h->in = in;
    h->tag = tag;
    double t0 = now();
    put(&h->out, &t0, sizeof t0); /* its time, written over when sent */
    for (size_t k = 0; k + sizeof(request) <= len; h->n++) {
        request q;
        memcpy(&q, in + k, sizeof q);
        k += sizeof q + (q.len < len ? q.len : len);
    }
    cli_pool_target(f->pool, (int)(h->n / (2 * f->jobs)));
    size_t at = 0;
    long pushed = 0;
    while (at < len) {
        request q;
        get(&q, sizeof q, in, len, &at);
        if (q.input < 0 || q.input >= f->npaths || q.len > len - at) MPI_Abort(MPI_COMM_WORLD, 2);
        while (cli_pool_full(f->pool)) take_oldest(v);
        cli_entry *e = cli_pool_slot(f->pool);
        e->path = f->paths[q.input];
        e->input = q.input;
        e->kind = q.kind;
        e->index = q.index;
        e->line = q.line;
        e->raw = in + at;
        e->raw_len = q.len;
        e->read = 1;
        at += q.len;
        cli_pool_push(f->pool);
        pushed++;
    }
    if (pushed == 0) { /* nothing in it: its (empty) reply at once */
        v->nq--;
        send_bytes(h->out.v, h->out.n, 0, tag);
        free(h->in);
        free(h->out.v);
    }
}

/* A message waiting from rank 0, or NULL. */
static char *try_recv(size_t *n, int *got)
{
    int flag = 0, count = 0;
    MPI_Message m;
    MPI_Status st;
    char *buf = NULL;
    pthread_mutex_lock(&mu);
    MPI_Improbe(0, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &m, &st);
    if (flag) {
        MPI_Get_count(&st, MPI_BYTE, &count);
        if (!(buf = malloc((size_t)count + 1))) MPI_Abort(MPI_COMM_WORLD, 2);
        MPI_Mrecv(buf, count, MPI_BYTE, &m, MPI_STATUS_IGNORE);
        *n = (size_t)count;
        *got = st.MPI_TAG;
    }
    pthread_mutex_unlock(&mu);
    return buf;
}

/* A block dealt by cli_mpi_deal: run through the feed's block (its
 * entries on the rank's threads), the reply sent back under its number. A
 * block comes only once every batch of entries has gone back. */
static void serve_block(cli_feed *f, char *in, size_t len)
{
    int64_t seq;
    size_t at = 0;
    get(&seq, sizeof seq, in, len, &at);
    if (!f || !f->block) MPI_Abort(MPI_COMM_WORLD, 2);
    char *made = NULL;
    size_t n = f->block(f->ctx, in + at, len - at, &made);
    free(in);
    reply(&seq, sizeof seq, made, n, TAG_BLOCK);
}

void cli_mpi_serve(cli_feed *f)
{
    server v;
    memset(&v, 0, sizeof v);
    v.f = f;
    long since = 0; /* entries taken since the last look for a message */
    for (;;) {
        char *in = NULL;
        size_t len = 0;
        int tag = 0;
        if (v.nq == 0)
            in = recv_bytes(0, MPI_ANY_TAG, &len, NULL, &tag);
        else if (v.nq == 1 && (since >= 8 || v.q[0].done == 0))
            in = try_recv(&len, &tag), since = 0;
        if (in && tag == TAG_STOP) {
            free(in);
            break;
        }
        if (in && tag == TAG_BLOCK) {
            serve_block(f, in, len);
            continue;
        }
        if (in && (!f || tag < TAG_WORK)) MPI_Abort(MPI_COMM_WORLD, 2);
        if (in) {
            take_in(&v, in, len, tag);
            continue;
        }
        take_oldest(&v);
        since++;
    }
}

/* ---- Blocks: jobs dealt as ranks ask, replies taken in order ------------------ */

typedef struct deal {
    cli_mpi_next next;
    void *ctx;
    long dealt, head; /* jobs dealt; the oldest not taken back */
    int window, out, over;
    char **reply; /* a reply per job of the window, NULL while out */
    size_t *len;
} deal;

/* The next job to rank dest, when there is one within the window: 1. */
static int deal_one(deal *d, int dest, int tag)
{
    if (d->over || d->dealt >= d->head + d->window) return 0;
    char *job = NULL;
    size_t n = d->next(&job, d->ctx);
    if (!n) {
        free(job);
        d->over = 1;
        return 0;
    }
    bytes b = {0};
    int64_t seq = d->dealt;
    put(&b, &seq, sizeof seq);
    put(&b, job, n);
    free(job);
    send_bytes(b.v, b.n, dest, tag);
    free(b.v);
    d->dealt++;
    d->out++;
    return 1;
}

/* Rank 0's loop for the jobs of one tag: dealt as ranks come back for
 * more, within a window, and their replies (after the job's number)
 * taken in the order dealt. Blocks of a file and generate's ranges both
 * go through it. */
static void deal_jobs(int tag, cli_mpi_next next, cli_mpi_took take, void *ctx)
{
    /* Two jobs out on each rank (it starts the second as it sends the first
     * back), two more room for replies that wait for an older one. */
    deal d = {next, ctx, 0, 0, 4 * (ranks - 1), 0, 0, NULL, NULL};
    d.reply = calloc((size_t)d.window, sizeof *d.reply);
    d.len = calloc((size_t)d.window, sizeof *d.len);
    int *idle = calloc((size_t)ranks, sizeof *idle), stop = 0;
    if (!d.reply || !d.len || !idle) MPI_Abort(MPI_COMM_WORLD, 2);
    for (int lap = 0; lap < 2; lap++)
        for (int r = 1; r < ranks; r++)
            if (!deal_one(&d, r, tag)) idle[r]++;
    while (d.out > 0) {
        size_t len, at = 0;
        int from;
        char *in = recv_bytes(MPI_ANY_SOURCE, tag, &len, &from, NULL);
        int64_t seq;
        get(&seq, sizeof seq, in, len, &at);
        if (seq < d.head || seq >= d.dealt) MPI_Abort(MPI_COMM_WORLD, 2);
        d.reply[seq % d.window] = in;
        d.len[seq % d.window] = len;
        d.out--;
        idle[from]++;
        while (d.head < d.dealt && d.reply[d.head % d.window]) {
            int w = (int)(d.head % d.window);
            if (!stop && take(d.reply[w] + sizeof seq, d.len[w] - sizeof seq, ctx)) stop = 1;
            if (stop) d.over = 1;
            free(d.reply[w]);
            d.reply[w] = NULL;
            d.head++;
        }
        for (int q = 1; q < ranks; q++)
            while (idle[q] > 0 && deal_one(&d, q, tag)) idle[q]--;
    }
    free(d.reply);
    free(d.len);
    free(idle);
}

void cli_mpi_deal(cli_mpi_next next, cli_mpi_took take, void *ctx)
{
    deal_jobs(TAG_BLOCK, next, take, ctx);
}

/* ---- generate: ranges of puzzle numbers ------------------------------------------ */

typedef struct range {
    int64_t first;
    int32_t n;
} range;

/* A rank other than 0: ranges made until the stop (after the first stop,
 * the next call returns at once). A range comes after its job number,
 * which goes back before what was made. */
static void share_serve(cli_mpi_make make, void *ctx)
{
    static int stopped;
    while (!stopped) {
        size_t len;
        int tag;
        char *in = recv_bytes(0, MPI_ANY_TAG, &len, NULL, &tag);
        if (tag == TAG_STOP) {
            free(in);
            stopped = 1;
            return;
        }
        if (!make) MPI_Abort(MPI_COMM_WORLD, 2); /* this rank could not set up */
        size_t at = 0;
        int64_t seq;
        range r;
        get(&seq, sizeof seq, in, len, &at);
        get(&r, sizeof r, in, len, &at);
        free(in);
        char *made = NULL;
        size_t n = make(r.first, r.n, &made, ctx);
        reply(&seq, sizeof seq, made, n, TAG_SHARE);
    }
}

/* Rank 0's side of the ranges, as jobs of deal_jobs. */
typedef struct share {
    long count, next, taken; /* puzzles; the first not dealt; not taken back */
    int chunk;
    cli_mpi_take take;
    void *ctx;
} share;

static size_t next_range(char **job, void *ctx)
{
    share *s = ctx;
    if (s->next >= s->count) return 0;
    range r = {s->next, (int32_t)(s->count - s->next < s->chunk ? s->count - s->next : s->chunk)};
    if (!(*job = malloc(sizeof r))) MPI_Abort(MPI_COMM_WORLD, 2);
    memcpy(*job, &r, sizeof r);
    s->next += r.n;
    return sizeof r;
}

/* The replies come in the order dealt: the range is the next one. */
static int took_range(const char *bytes, size_t size, void *ctx)
{
    share *s = ctx;
    long first = s->taken;
    int n = (int)(s->count - first < s->chunk ? s->count - first : s->chunk);
    s->taken += n;
    return s->take(first, n, bytes, size, s->ctx);
}

void cli_mpi_share(long count, int chunk, cli_mpi_make make, cli_mpi_take take, void *ctx)
{
    if (rank > 0) return share_serve(make, ctx);
    share s = {count, 0, 0, chunk < 1 ? 1 : chunk, take, ctx};
    deal_jobs(TAG_SHARE, next_range, took_range, &s);
    cli_mpi_stop();
}
