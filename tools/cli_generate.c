/* `rulegrid generate`: puzzles from a preset or a template, one document or a
 * .jsonl batch, on worker threads, written in seed order (the generator is
 * core/generate.c's). */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "cli_mpi.h"
#include "progress.h"
#include "rulegrid/rulegrid.h"

enum { EXIT_OK = 0, EXIT_USAGE = 2, EXIT_LIMIT = 3 };

#define MAX_THREADS 256

static const char WHO[] = "rulegrid generate"; /* its messages' prefix (say.h) */

/* ---- The batch --------------------------------------------------------------- */

typedef struct slot {
    int done;
    int rc;
    char *text; /* the written document, or NULL */
    rg_gen_info info;
    rg_error err;
} slot;

typedef struct batch {
    const rg_generator *g;
    rg_gen_options opt;
    long count;
    long first; /* the number of slots[0] in the whole run (MPI: a range's first) */
    unsigned flags;
    int quiet;
    slot *slots;
    long next; /* next index to take (under mu) */
    int stop;  /* an error every puzzle would meet: take no more */
    pthread_mutex_t mu;
    pthread_cond_t cv;
} batch;

static void generate_one(batch *b, long i)
{
    slot *s = &b->slots[i];
    rg_gen_options o = b->opt;
    o.seed = rg_generate_batch_seed(b->opt.seed, b->first + i);
    rg_puzzle *p = NULL;
    rg_error_clear(&s->err);
    s->rc = rg_generate(b->g, &o, &p, &s->info, &s->err);
    if (s->rc == RG_OK && !b->quiet) {
        s->text = rg_puzzle_write(p, b->flags, &s->err);
        if (!s->text) s->rc = s->err.code ? s->err.code : RG_E_INTERNAL;
    }
    rg_puzzle_free(p);
}

static void *worker(void *arg)
{
    batch *b = arg;
    for (;;) {
        pthread_mutex_lock(&b->mu);
        long i = b->stop ? b->count : b->next++;
        pthread_mutex_unlock(&b->mu);
        if (i >= b->count) break;
        generate_one(b, i);
        pthread_mutex_lock(&b->mu);
        b->slots[i].done = 1;
        if (b->slots[i].rc != RG_OK && b->slots[i].rc != RG_E_LIMIT) b->stop = 1;
        pthread_cond_broadcast(&b->cv);
        pthread_mutex_unlock(&b->mu);
    }
    return NULL;
}

typedef struct totals {
    long made, failed;
    double givens, rules, repairs, attempts, guesses;
    long at_level[RG_STRATEGY_COUNT + 1]; /* weakest level; last: none */
} totals;

static void print_stats(const totals *t, const char *label, double wall, int jobs)
{
    FILE *f = stderr;
    double n = t->made > 0 ? (double)t->made : 1.0;
    fprintf(f, "preset          %s\n", label);
    fprintf(f, "puzzles         %ld\n", t->made);
    fprintf(f, "failed          %ld\n", t->failed);
    fprintf(f, "time            %.3f s (%d thread%s)\n", wall, jobs, jobs == 1 ? "" : "s");
    fprintf(f, "puzzles/s       %.1f\n", wall > 0 ? (double)t->made / wall : 0.0);
    fprintf(f, "givens/puzzle   %.2f\n", t->givens / n);
    fprintf(f, "clues/puzzle    %.2f\n", t->rules / n);
    fprintf(f, "repairs/puzzle  %.2f\n", t->repairs / n);
    fprintf(f, "attempts/puzzle %.2f\n", t->attempts / n);
    fprintf(f, "guesses/puzzle  %.2f\n", t->guesses / n);
    /* Levels are nested: a puzzle solved at one level is solved at every
     * stronger one, so the shares add up along the list. */
    fprintf(f, "no guess at     ");
    long sum = 0;
    for (int l = 0; l < RG_STRATEGY_COUNT; l++) {
        sum += t->at_level[l];
        fprintf(f, "%s%s %.1f%%", l ? ", " : "", rg_strategy_name(l), 100.0 * (double)sum / n);
    }
    fputc('\n', f);
}

/* ---- Options ------------------------------------------------------------------- */

typedef struct setting {
    char type[64], name[64];
    const char *value;
} setting;

/* TYPE.NAME=VALUE into s. Type names may hold dots (lab.clone): the name is
 * after the last dot before '='. 0 when v is not of that form. */
static int split_setting(const char *v, setting *s)
{
    const char *eq = strchr(v, '='), *dot = NULL;
    for (const char *q = v; eq && q < eq; q++)
        if (*q == '.') dot = q;
    if (!dot || !eq || eq < dot || dot == v || eq == dot + 1 ||
        (size_t)(dot - v) >= sizeof s->type || (size_t)(eq - dot - 1) >= sizeof s->name)
        return 0;
    snprintf(s->type, sizeof s->type, "%.*s", (int)(dot - v), v);
    snprintf(s->name, sizeof s->name, "%.*s", (int)(eq - dot - 1), dot + 1);
    s->value = eq + 1;
    return 1;
}

int cli_setting_check(const char *value, char *why, size_t n)
{
    setting s;
    if (split_setting(value, &s)) return 0;
    snprintf(why, n, "'%s' is not TYPE.NAME=VALUE (e.g. cage.max_size=4)", value);
    return 1;
}

typedef struct cmd {
    const cli_options *o;
    rg_gen_options opt;
    long count;
    int jobs;
    rg_presets *presets; /* the preset folders' documents */
    rg_registry *reg;
    rg_generator *g;
    progress line; /* on a terminal, for a long batch */
    /* MPI rank 0: the totals and exit status of the ranges taken so far */
    totals *t;
    FILE *out;
    int code;
} cmd;

/* What the options may not say together. -1 to go on, else 2 once said. */
static int check_options(const cli_options *o)
{
    if (o->list) return -1;
    if (!o->preset && !o->gen_templ)
        return cli_usage_error(CLI_GENERATE, "give --preset NAME or --template FILE");
    if (o->preset && o->gen_templ)
        return cli_usage_error(CLI_GENERATE, "--preset and --template exclude each other");
    if (o->minimal && o->clues)
        return cli_usage_error(CLI_GENERATE, "--minimal and --clues exclude each other");
    return -1;
}

/* The generator's options of the command line over its defaults. */
static void gen_options(cmd *c)
{
    const cli_options *o = c->o;
    const unsigned char *given = o->head.given;
    rg_gen_options_default(&c->opt);
    c->count = given[CLI_OPT_COUNT] ? (long)o->count : 1;
    c->jobs = given[CLI_OPT_JOBS] ? (int)o->jobs : 1;
    if (given[CLI_OPT_CLUES]) c->opt.clues = (int)o->clues;
    if (given[CLI_OPT_SYMMETRY]) c->opt.symmetry = o->symmetry;
    if (given[CLI_OPT_LEVEL]) c->opt.level = o->level;
    if (o->rating) c->opt.rating = rg_rank_parse(o->rating);
    if (given[CLI_OPT_GEN_TIME]) c->opt.max_seconds = o->gen_time;
    if (given[CLI_OPT_RETRIES]) c->opt.retries = (int)o->retries;
    if (o->minimal) c->opt.minimal = 1;
    if (o->no_time) c->opt.meta_time = 0;
    if (given[CLI_OPT_GEN_SEED]) {
        c->opt.seed = o->gen_seed;
    } else {
        /* Any seed will do; the document says which one it was. */
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        c->opt.seed =
            ((uint64_t)ts.tv_sec * 1000003u) ^ (uint64_t)ts.tv_nsec ^ ((uint64_t)getpid() << 32);
    }
}

static void print_error(const char *prefix, rg_error *e)
{
    char buf[1200];
    rg_error_format(e, buf, sizeof buf);
    say_as(WHO, "%s%s", prefix, buf);
}

static int list_presets(const rg_presets *ps)
{
    int w = 4;
    for (int i = 0; i < rg_presets_count(ps); i++)
        if ((int)strlen(rg_presets_name(ps, i)) > w) w = (int)strlen(rg_presets_name(ps, i));
    printf("%-*s  %s\n", w, "name", "what it makes");
    for (int i = 0; i < rg_presets_count(ps); i++)
        printf("%-*s  %s\n", w, rg_presets_name(ps, i), rg_presets_summary(ps, i));
    return EXIT_OK;
}

/* The text of --template FILE (free it); NULL after saying why. */
static char *template_text(cmd *c, size_t *len)
{
    char *text = NULL;
    rg_error err;
    if (cli_read_all(c->o->gen_templ, &text, len, &err) == RG_OK) return text;
    print_error("--template: ", &err);
    return NULL;
}

/* The generator of --template FILE. */
static int open_template(cmd *c)
{
    size_t len = 0;
    rg_error err;
    char *text = template_text(c, &len);
    if (!text) return EXIT_USAGE;
    int rc = rg_generator_new(c->reg, text, len, c->o->gen_templ, &c->g, &err);
    free(text);
    if (rc != RG_OK) {
        print_error("--template: ", &err);
        return EXIT_USAGE;
    }
    return 0;
}

static int open_generator(cmd *c)
{
    rg_error err;
    rg_error_clear(&err);
    if (c->o->preset) {
        if (rg_generator_preset(c->reg, c->presets, c->o->preset, &c->g, &err) != RG_OK) {
            if (strcmp(err.field, "preset") == 0)
                return cli_usage_error(CLI_GENERATE, "--preset: %s", err.message);
            print_error("--preset: ", &err);
            return EXIT_USAGE;
        }
    } else {
        int rc = open_template(c);
        if (rc) return rc;
    }
    for (int i = 0; i < c->o->set.n; i++) {
        setting s;
        split_setting(c->o->set.v[i], &s);
        rg_error_clear(&err);
        if (rg_generator_set(c->g, s.type, s.name, s.value, &err) != RG_OK)
            return cli_usage_error(CLI_GENERATE, "--set: %s: %s", err.field, err.message);
    }
    return 0;
}

static int print_template(cmd *c)
{
    if (c->o->preset) {
        int i = rg_presets_find(c->presets, c->o->preset);
        if (i < 0)
            return cli_usage_error(CLI_GENERATE, "--preset: unknown preset '%s' (see --list)",
                                   c->o->preset);
        const char *doc = rg_presets_document(c->presets, i);
        size_t n = strlen(doc);
        fputs(doc, stdout);
        if (n == 0 || doc[n - 1] != '\n') putchar('\n');
        return EXIT_OK;
    }
    size_t len = 0;
    char *text = template_text(c, &len);
    if (!text) return EXIT_USAGE;
    fwrite(text, 1, len, stdout);
    free(text);
    return EXIT_OK;
}

/* ---- Running the batch ------------------------------------------------------------ */

/* An error about an option of rg_generate names the option. */
static void report(const slot *s, long i, long count)
{
    char where[96] = "";
    if (count > 1)
        snprintf(where, sizeof where, "puzzle %ld (seed %llu): ", i,
                 (unsigned long long)s->info.seed);
    rg_error e = s->err;
    if (s->rc == RG_E_FORMAT && e.rule < 0 && e.field[0] && !e.file[0]) {
        say_as(WHO, "%s--%s: %s", where, e.field, e.message);
        return;
    }
    if (s->rc == RG_E_LIMIT) {
        say_as(WHO, "%s%s", where, e.message);
        return;
    }
    print_error(where, &e);
}

/* Standard output, or -o FILE (not with -q). NULL once said why. */
static FILE *open_output(const cmd *c)
{
    const char *path = c->o->output;
    if (!path || c->o->gen_quiet) return stdout;
    FILE *out = fopen(path, "w");
    if (!out) say_as(WHO, "-o: cannot write %s: %s", path, strerror(errno));
    return out;
}

/* The batch ready to run, its workers started when there are several. */
static int start_batch(batch *b, const cmd *c, long first, long count, pthread_t *threads,
                       int *started)
{
    memset(b, 0, sizeof *b);
    b->g = c->g;
    b->opt = c->opt;
    b->count = count;
    b->first = first;
    b->quiet = c->o->gen_quiet;
    /* A batch is .jsonl; so is one puzzle written to a file named .jsonl. */
    const char *path = c->o->output;
    size_t plen = path ? strlen(path) : 0;
    int jsonl = plen > 6 && strcmp(path + plen - 6, ".jsonl") == 0;
    b->flags = c->count > 1 || jsonl ? RG_WRITE_LINE : RG_WRITE_PRETTY;
    if (!(b->slots = calloc((size_t)count, sizeof *b->slots))) return 0;
    pthread_mutex_init(&b->mu, NULL);
    pthread_cond_init(&b->cv, NULL);
    int jobs = c->jobs < count ? c->jobs : (int)count;
    *started = 0;
    if (jobs > 1)
        for (; *started < jobs; ++*started)
            if (pthread_create(&threads[*started], NULL, worker, b) != 0) break;
    return 1;
}

/* Puzzle i done: made here without workers, or waited for. 0 when the
 * batch stopped before it. */
static int take(batch *b, long i, int started)
{
    slot *s = &b->slots[i];
    if (started == 0) {
        if (b->stop) return 0;
        generate_one(b, i);
        s->done = 1;
        if (s->rc != RG_OK && s->rc != RG_E_LIMIT) b->stop = 1;
        return 1;
    }
    pthread_mutex_lock(&b->mu);
    while (!s->done && !(b->stop && i >= b->next)) pthread_cond_wait(&b->cv, &b->mu);
    int done = s->done;
    pthread_mutex_unlock(&b->mu);
    return done;
}

/* Counts puzzle i and writes it; returns the exit status it calls for. */
static int record(cmd *c, totals *t, slot *s, long i, FILE *out)
{
    if (s->rc != RG_OK) {
        progress_clear(&c->line);
        report(s, i, c->count);
        t->failed++;
        return s->rc == RG_E_LIMIT ? EXIT_LIMIT : EXIT_USAGE;
    }
    t->made++;
    t->givens += s->info.givens;
    t->rules += s->info.clue_rules;
    t->repairs += s->info.repairs;
    t->attempts += s->info.attempts;
    t->guesses += (double)s->info.guesses;
    t->at_level[s->info.level >= 0 ? s->info.level : RG_STRATEGY_COUNT]++;
    if (s->text) {
        size_t n = strlen(s->text);
        fwrite(s->text, 1, n, out);
        if (n == 0 || s->text[n - 1] != '\n') fputc('\n', out);
    }
    return EXIT_OK;
}

static void end_batch(batch *b, long count, pthread_t *threads, int started)
{
    for (int k = 0; k < started; k++) pthread_join(threads[k], NULL);
    for (long i = 0; i < count; i++) rg_string_free(b->slots[i].text);
    pthread_mutex_destroy(&b->mu);
    pthread_cond_destroy(&b->cv);
    free(b->slots);
}

/* ---- Sharing the batch among MPI ranks ---------------------------------------------- */

/* What a puzzle's slot is between ranks: then err (when rc is not RG_OK) and
 * len bytes of its document. */
typedef struct slot_wire {
    int rc;
    rg_gen_info info;
    uint64_t len;
} slot_wire;

/* Another rank: puzzles first..first+n-1 on -j threads, as bytes. */
static size_t make_range(long first, int n, char **bytes, void *ctx)
{
    cmd *c = ctx;
    batch b;
    pthread_t threads[MAX_THREADS];
    int started = 0;
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f || !start_batch(&b, c, first, n, threads, &started)) {
        if (f) fclose(f);
        free(buf);
        *bytes = NULL;
        return 0; /* rank 0 reads no result: out of memory */
    }
    for (long i = 0; i < n && take(&b, i, started); i++) {
        slot *s = &b.slots[i];
        slot_wire w = {s->rc, s->info, s->text ? strlen(s->text) : 0};
        fwrite(&w, sizeof w, 1, f);
        if (s->rc != RG_OK) fwrite(&s->err, sizeof s->err, 1, f);
        if (w.len) fwrite(s->text, 1, w.len, f);
    }
    end_batch(&b, n, threads, started);
    if (fclose(f) != 0) len = 0;
    *bytes = buf;
    return len;
}

/* Rank 0: a range's puzzles back, recorded in order; nonzero to stop
 * (an error every puzzle would meet, or a range that did not come). */
static int take_range(long first, int n, const char *bytes, size_t size, void *ctx)
{
    cmd *c = ctx;
    size_t at = 0;
    for (long i = 0; i < n; i++) {
        slot s;
        slot_wire w;
        memset(&s, 0, sizeof s);
        if (size - at < sizeof w) {
            say_as(WHO, "puzzle %ld: out of memory on another rank", first + i);
            c->code = EXIT_USAGE;
            return 1;
        }
        memcpy(&w, bytes + at, sizeof w);
        at += sizeof w;
        s.rc = w.rc;
        s.info = w.info;
        if (w.rc != RG_OK && size - at >= sizeof s.err) {
            memcpy(&s.err, bytes + at, sizeof s.err);
            at += sizeof s.err;
        }
        if (w.len && size - at >= w.len && (s.text = malloc(w.len + 1))) {
            memcpy(s.text, bytes + at, w.len);
            s.text[w.len] = 0;
            at += w.len;
        }
        int e = record(c, c->t, &s, first + i, c->out);
        free(s.text);
        if (e > c->code) c->code = e;
        progress_update(&c->line, first + i + 1, c->count);
        if (s.rc != RG_OK && s.rc != RG_E_LIMIT) return 1;
    }
    return 0;
}

/* The puzzles in ranges of a few per rank's thread, to every rank but 0. */
static void share_batch(cmd *c, totals *t, FILE *out)
{
    c->t = t;
    c->out = out;
    c->code = EXIT_OK;
    cli_mpi_share(c->count, 2 * c->jobs, make_range, take_range, c);
}

/* Puzzles are made in windows of this many, so that memory stays bounded
 * whatever --count asks (a slot per puzzle of the window), and the workers
 * wait for one another only once a window. */
#define WINDOW 4096

/* The puzzles made here, on -j threads, recorded in order; the exit status. */
static int make_here(cmd *c, totals *t, FILE *out)
{
    batch b;
    pthread_t threads[MAX_THREADS];
    int code = EXIT_OK;
    for (long first = 0, stopped = 0; first < c->count && !stopped; first += WINDOW) {
        long n = c->count - first < WINDOW ? c->count - first : WINDOW, i;
        int started = 0;
        if (!start_batch(&b, c, first, n, threads, &started)) {
            say_as(WHO, "out of memory");
            return EXIT_USAGE;
        }
        for (i = 0; i < n && take(&b, i, started); i++) {
            int e = record(c, t, &b.slots[i], first + i, out);
            if (e > code) code = e;
            rg_string_free(b.slots[i].text);
            b.slots[i].text = NULL;
            progress_update(&c->line, first + i + 1, c->count);
        }
        stopped = i < n || b.stop;
        end_batch(&b, n, threads, started);
    }
    return code;
}

static int run_batch(cmd *c)
{
    if (cli_mpi_rank() > 0) {
        cli_mpi_share(c->count, 0, make_range, NULL, c);
        return EXIT_OK;
    }
    FILE *out = open_output(c);
    if (!out) return EXIT_USAGE;
    double t0 = progress_now();
    progress_begin(&c->line, "generate:",
                   (c->o->gen_quiet || out != stdout || !isatty(STDOUT_FILENO)) &&
                       cli_mpi_size() == 1);
    totals t;
    memset(&t, 0, sizeof t);
    int code;
    if (cli_mpi_size() > 1) {
        share_batch(c, &t, out);
        code = c->code;
    } else {
        code = make_here(c, &t, out);
    }
    progress_end(&c->line);
    double wall = progress_now() - t0;
    if (out == stdout) {
        fflush(stdout);
    } else if (fclose(out) != 0 && code == EXIT_OK) {
        say_as(WHO, "-o: cannot write %s", c->o->output);
        code = EXIT_USAGE;
    }
    int jobs = c->jobs < c->count ? c->jobs : (int)c->count;
    if (c->o->gen_stats) print_stats(&t, rg_generator_label(c->g), wall, jobs);
    return code;
}

/* ---- The command ---------------------------------------------------------------- */

static int run(cmd *c)
{
    rg_error err;
    if (c->o->list || c->o->preset) {
        if (rg_presets_load(NULL, rg_builtin_preset_dir(), &c->presets, &err) != RG_OK) {
            print_error("", &err);
            return EXIT_USAGE;
        }
    }
    if (c->o->list) return list_presets(c->presets);
    if (c->o->print_template) return print_template(c);
    rg_error_clear(&err);
    if (!(c->reg = rg_registry_new())) {
        say_as(WHO, "out of memory");
        return EXIT_USAGE;
    }
    int loaded = rg_registry_load_default(c->reg, c->o->plugins.v, rg_builtin_plugin_dir(), &err);
    cli_warn_skipped(c->reg);
    if (loaded != RG_OK) {
        print_error("", &err);
        return EXIT_USAGE;
    }
    int rc = open_generator(c);
    return rc ? rc : run_batch(c);
}

int cli_generate_main(int command, const cli_options *o)
{
    (void)command;
    int rc = check_options(o);
    if (rc >= 0) return rc;
    cmd c;
    memset(&c, 0, sizeof c);
    c.o = o;
    gen_options(&c);
    /* Every rank makes its puzzles from rank 0's seed. */
    cli_mpi_same(&c.opt.seed, sizeof c.opt.seed);
    rc = run(&c);
    /* Rank 0 stops the other ranks when nothing was shared; they wait for it. */
    cli_mpi_stop();
    if (cli_mpi_rank() > 0) cli_mpi_share(0, 0, NULL, NULL, NULL), rc = EXIT_OK;
    rg_generator_free(c.g);
    rg_registry_free(c.reg);
    rg_presets_free(c.presets);
    return rc;
}
