/* `rulegrid generate`: puzzles from a preset or a template, one document or a
 * .jsonl batch, on worker threads, written in seed order. The generator
 * itself is in core/generate.c; this file is options, threads and output. */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "rulegrid/rulegrid.h"

enum { EXIT_OK = 0, EXIT_USAGE = 2, EXIT_LIMIT = 3 };

#define MAX_THREADS 256

static void usage(FILE *f)
{
    fputs("usage: rulegrid generate --preset NAME | --template FILE [options]\n"
          "       rulegrid generate --list\n"
          "\n"
          "Generates puzzles with exactly one solution. One puzzle is written as a\n"
          "document; with --count above 1 each puzzle is one line (.jsonl).\n"
          "\n"
          "options:\n"
          "  --preset NAME     a built-in preset (see --list)\n"
          "  --template FILE   a document whose x-generate member is the profile\n"
          "  --list            list the presets\n"
          "  --print-template  write the preset's (or template's) document and stop\n"
          "  --seed N          seed of the first puzzle (default: from the clock);\n"
          "                    puzzle i of a batch has seed N + i\n"
          "  --count N         how many puzzles (default 1)\n"
          "  -j, --jobs J      worker threads (default 1); output is the same\n"
          "  --clues N         stop removing givens at N or fewer\n"
          "  --minimal         every given left is needed (proved)\n"
          "  --symmetry S      none|rotate180|rotate90|mirror|diagonal\n"
          "  --level L         solvable without guessing at this strategy:\n"
          "                    check|forward|propagate|singles|intersections|subsets|probe\n"
          "  --time SECONDS    give up on a puzzle after this long (exit status 3)\n"
          "  --retries N       attempts after the first before giving up (exit status 3)\n"
          "  --set TYPE.NAME=VALUE  a setting of the profile's clue requests of TYPE,\n"
          "                    e.g. --set cage.max_size=4 (repeatable)\n"
          "  --no-time         leave the generation time out of meta (identical bytes\n"
          "                    for identical seeds)\n"
          "  -o FILE           write to FILE instead of standard output (a name ending\n"
          "                    in .jsonl gets one line per puzzle even for one)\n"
          "  --plugins DIR     also load plugins from DIR (repeatable)\n"
          "  -q, --quiet       write no puzzles (with --stats: measure)\n"
          "  --stats           a summary on standard error: puzzles/s, givens, levels\n"
          "  -h, --help        this help\n"
          "\n"
          "exit status: 0 every puzzle generated, 2 a usage, template or profile error,\n"
          "3 some puzzle ran out of its time budget or attempts.\n",
          f);
}

static int usage_error(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;
static int usage_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("rulegrid generate: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputs("\nTry 'rulegrid generate --help'.\n", stderr);
    va_end(ap);
    return EXIT_USAGE;
}

static int parse_int(const char *s, long min, long max, long *out)
{
    uint64_t v;
    if (!cli_parse_u64(s, &v) || v > (uint64_t)max || (long)v < min) return 0;
    *out = (long)v;
    return 1;
}

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
    unsigned flags;
    int quiet;
    slot *slots;
    long next;  /* next index to take (under mu) */
    int stop;   /* an error every puzzle would meet: take no more */
    pthread_mutex_t mu;
    pthread_cond_t cv;
} batch;

static void generate_one(batch *b, long i)
{
    slot *s = &b->slots[i];
    rg_gen_options o = b->opt;
    o.seed = rg_generate_batch_seed(b->opt.seed, i);
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

typedef struct cmd {
    const char *preset, *templ, *out_path;
    int list, print_template, quiet, stats, jobs, seeded;
    long count;
    rg_gen_options opt;
    const char **dirs;
    int ndirs;
    setting *sets;
    int nsets;
    rg_presets *presets; /* the preset folders' documents */
} cmd;

static int takes_value(const char *name)
{
    static const char *const with[] = {"preset", "template", "seed", "count", "jobs", "clues",
                                       "symmetry", "level", "time", "retries", "set", "plugins",
                                       "output", NULL};
    for (int i = 0; with[i]; i++)
        if (strcmp(name, with[i]) == 0) return 1;
    return 0;
}

static int apply(cmd *c, const char *name, const char *v)
{
    long n;
    if (strcmp(name, "preset") == 0) {
        c->preset = v;
    } else if (strcmp(name, "template") == 0) {
        c->templ = v;
    } else if (strcmp(name, "output") == 0) {
        c->out_path = v;
    } else if (strcmp(name, "seed") == 0) {
        if (!cli_parse_u64(v, &c->opt.seed))
            return usage_error("--seed: '%s' is not a whole number from 0 to %llu", v,
                               (unsigned long long)UINT64_MAX);
        c->seeded = 1;
    } else if (strcmp(name, "count") == 0) {
        if (!parse_int(v, 1, LONG_MAX / 2, &n))
            return usage_error("--count: '%s' is not a whole number of puzzles of at least 1",
                               v);
        c->count = n;
    } else if (strcmp(name, "jobs") == 0) {
        if (!parse_int(v, 1, MAX_THREADS, &n))
            return usage_error("-j: '%s' is not a number of threads from 1 to %d", v,
                               MAX_THREADS);
        c->jobs = (int)n;
    } else if (strcmp(name, "clues") == 0) {
        if (!parse_int(v, 1, 1000000, &n))
            return usage_error("--clues: '%s' is not a whole number of givens of at least 1", v);
        c->opt.clues = (int)n;
    } else if (strcmp(name, "symmetry") == 0) {
        c->opt.symmetry = rg_symmetry_parse(v);
        if (c->opt.symmetry < 0)
            return usage_error("--symmetry: unknown symmetry '%s' (one of none, rotate180, "
                               "rotate90, mirror, diagonal)",
                               v);
    } else if (strcmp(name, "level") == 0) {
        c->opt.level = rg_strategy_parse(v);
        if (c->opt.level < 0)
            return usage_error("--level: unknown strategy '%s' (one of check, forward, "
                               "propagate, singles, intersections, subsets, probe)",
                               v);
    } else if (strcmp(name, "time") == 0) {
        char *end;
        errno = 0;
        double s = strtod(v, &end);
        if (!((*v >= '0' && *v <= '9') || *v == '.') || errno || *end || !isfinite(s) || s < 0)
            return usage_error("--time: '%s' is not a number of seconds (0 or more, fractions "
                               "allowed)",
                               v);
        c->opt.max_seconds = s;
    } else if (strcmp(name, "retries") == 0) {
        if (!parse_int(v, 0, 1000000, &n))
            return usage_error("--retries: '%s' is not a whole number of attempts (0 or more)",
                               v);
        c->opt.retries = (int)n;
    } else if (strcmp(name, "set") == 0) {
        /* Type names may hold dots (lab.clone): the setting is after the last. */
        const char *eq = strchr(v, '='), *dot = NULL;
        for (const char *q = v; eq && q < eq; q++)
            if (*q == '.') dot = q;
        setting *s = &c->sets[c->nsets];
        if (!dot || !eq || eq < dot || dot == v || eq == dot + 1 ||
            (size_t)(dot - v) >= sizeof s->type || (size_t)(eq - dot - 1) >= sizeof s->name)
            return usage_error("--set: '%s' is not TYPE.NAME=VALUE (e.g. cage.max_size=4)", v);
        snprintf(s->type, sizeof s->type, "%.*s", (int)(dot - v), v);
        snprintf(s->name, sizeof s->name, "%.*s", (int)(eq - dot - 1), dot + 1);
        s->value = eq + 1;
        c->nsets++;
    } else if (strcmp(name, "plugins") == 0) {
        c->dirs[c->ndirs++] = v;
        c->dirs[c->ndirs] = NULL;
    } else if (strcmp(name, "minimal") == 0) {
        c->opt.minimal = 1;
    } else if (strcmp(name, "list") == 0) {
        c->list = 1;
    } else if (strcmp(name, "print-template") == 0) {
        c->print_template = 1;
    } else if (strcmp(name, "no-time") == 0) {
        c->opt.meta_time = 0;
    } else if (strcmp(name, "quiet") == 0) {
        c->quiet = 1;
    } else if (strcmp(name, "stats") == 0) {
        c->stats = 1;
    } else {
        return -1;
    }
    return 0;
}

/* Returns -1 to run, or an exit status. */
static int parse_args(cmd *c, int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            usage(stdout);
            return EXIT_OK;
        }
        char name[64];
        const char *value = NULL;
        if (strcmp(a, "-q") == 0) {
            snprintf(name, sizeof name, "quiet");
        } else if (strcmp(a, "-j") == 0) {
            snprintf(name, sizeof name, "jobs");
        } else if (strncmp(a, "-j", 2) == 0 && a[2] >= '0' && a[2] <= '9') {
            snprintf(name, sizeof name, "jobs");
            value = a + 2;
        } else if (strcmp(a, "-o") == 0) {
            snprintf(name, sizeof name, "output");
        } else if (a[0] == '-' && a[1] == '-' && a[2]) {
            value = cli_split_option(a, name, sizeof name);
        } else {
            return usage_error("unexpected argument '%s' (generate reads no files; use "
                               "--template FILE)",
                               a);
        }
        int wants = takes_value(name);
        if (wants && !value) {
            if (i + 1 >= argc) return usage_error("option %s needs a value", a);
            value = argv[++i];
        } else if (!wants && value) {
            return usage_error("option --%s takes no value", name);
        }
        int rc = apply(c, name, value);
        if (rc < 0) return usage_error("unknown option '%s'", a);
        if (rc) return rc;
    }
    if (c->list) return -1;
    if (!c->preset && !c->templ) return usage_error("give --preset NAME or --template FILE");
    if (c->preset && c->templ) return usage_error("--preset and --template exclude each other");
    if (c->opt.minimal && c->opt.clues)
        return usage_error("--minimal and --clues exclude each other");
    return -1;
}

static void print_error(const char *prefix, rg_error *e)
{
    char buf[1200];
    rg_error_format(e, buf, sizeof buf);
    fprintf(stderr, "rulegrid generate: %s%s\n", prefix, buf);
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

static int open_generator(cmd *c, rg_registry *reg, rg_generator **g)
{
    rg_error err;
    rg_error_clear(&err);
    int rc;
    if (c->preset) {
        rc = rg_generator_preset(reg, c->presets, c->preset, g, &err);
        if (rc != RG_OK) {
            if (strcmp(err.field, "preset") == 0)
                return usage_error("--preset: %s", err.message);
            print_error("--preset: ", &err);
            return EXIT_USAGE;
        }
    } else {
        size_t len = 0;
        char *text = NULL;
        if (cli_read_all(c->templ, &text, &len, &err) != RG_OK) {
            print_error("--template: ", &err);
            return EXIT_USAGE;
        }
        rc = rg_generator_new(reg, text, len, c->templ, g, &err);
        free(text);
        if (rc != RG_OK) {
            print_error("--template: ", &err);
            return EXIT_USAGE;
        }
    }
    for (int i = 0; i < c->nsets; i++) {
        rg_error_clear(&err);
        if (rg_generator_set(*g, c->sets[i].type, c->sets[i].name, c->sets[i].value, &err) !=
            RG_OK)
            return usage_error("--set: %s: %s", err.field, err.message);
    }
    return 0;
}

static int print_template(cmd *c)
{
    if (c->preset) {
        int i = rg_presets_find(c->presets, c->preset);
        if (i < 0) return usage_error("--preset: unknown preset '%s' (see --list)", c->preset);
        const char *doc = rg_presets_document(c->presets, i);
        size_t n = strlen(doc);
        fputs(doc, stdout);
        if (n == 0 || doc[n - 1] != '\n') putchar('\n');
        return EXIT_OK;
    }
    size_t len = 0;
    char *text = NULL;
    rg_error err;
    if (cli_read_all(c->templ, &text, &len, &err) != RG_OK) {
        print_error("--template: ", &err);
        return EXIT_USAGE;
    }
    fwrite(text, 1, len, stdout);
    free(text);
    return EXIT_OK;
}

/* An error about an option of rg_generate names the option. */
static void report(const slot *s, long i, long count)
{
    char where[96] = "";
    if (count > 1)
        snprintf(where, sizeof where, "puzzle %ld (seed %llu): ", i,
                 (unsigned long long)s->info.seed);
    rg_error e = s->err;
    if (s->rc == RG_E_FORMAT && e.rule < 0 && e.field[0] && !e.file[0]) {
        fprintf(stderr, "rulegrid generate: %s--%s: %s\n", where, e.field, e.message);
        return;
    }
    if (s->rc == RG_E_LIMIT) {
        fprintf(stderr, "rulegrid generate: %s%s\n", where, e.message);
        return;
    }
    print_error(where, &e);
}

static int run_batch(cmd *c, const rg_generator *g)
{
    FILE *out = stdout;
    if (c->out_path && !c->quiet) {
        out = fopen(c->out_path, "w");
        if (!out) {
            fprintf(stderr, "rulegrid generate: -o: cannot write %s: %s\n", c->out_path,
                    strerror(errno));
            return EXIT_USAGE;
        }
    }
    batch b;
    memset(&b, 0, sizeof b);
    b.g = g;
    b.opt = c->opt;
    b.count = c->count;
    b.quiet = c->quiet;
    /* A batch is .jsonl; so is one puzzle written to a file named .jsonl. */
    size_t plen = c->out_path ? strlen(c->out_path) : 0;
    int jsonl = plen > 6 && strcmp(c->out_path + plen - 6, ".jsonl") == 0;
    b.flags = c->count > 1 || jsonl ? RG_WRITE_LINE : RG_WRITE_PRETTY;
    b.slots = calloc((size_t)c->count, sizeof *b.slots);
    if (!b.slots) {
        fputs("rulegrid generate: out of memory\n", stderr);
        if (out != stdout) fclose(out);
        return EXIT_USAGE;
    }
    pthread_mutex_init(&b.mu, NULL);
    pthread_cond_init(&b.cv, NULL);
    int jobs = c->jobs < 1 ? 1 : c->jobs;
    if (jobs > c->count) jobs = (int)c->count;
    pthread_t threads[MAX_THREADS];
    int started = 0;
    double t0 = cli_now();
    if (jobs > 1)
        for (; started < jobs; started++)
            if (pthread_create(&threads[started], NULL, worker, &b) != 0) break;

    totals t;
    memset(&t, 0, sizeof t);
    int code = EXIT_OK;
    for (long i = 0; i < c->count; i++) {
        slot *s = &b.slots[i];
        if (started == 0) {
            if (b.stop) break;
            generate_one(&b, i);
            s->done = 1;
            if (s->rc != RG_OK && s->rc != RG_E_LIMIT) b.stop = 1;
        } else {
            pthread_mutex_lock(&b.mu);
            while (!s->done && !(b.stop && i >= b.next)) pthread_cond_wait(&b.cv, &b.mu);
            int skipped = !s->done;
            pthread_mutex_unlock(&b.mu);
            if (skipped) break;
        }
        if (s->rc != RG_OK) {
            report(s, i, c->count);
            t.failed++;
            int e = s->rc == RG_E_LIMIT ? EXIT_LIMIT : EXIT_USAGE;
            if (e > code) code = e;
        } else {
            t.made++;
            t.givens += s->info.givens;
            t.rules += s->info.clue_rules;
            t.repairs += s->info.repairs;
            t.attempts += s->info.attempts;
            t.guesses += (double)s->info.guesses;
            t.at_level[s->info.level >= 0 ? s->info.level : RG_STRATEGY_COUNT]++;
            if (s->text) {
                size_t n = strlen(s->text);
                fwrite(s->text, 1, n, out);
                if (n == 0 || s->text[n - 1] != '\n') fputc('\n', out);
            }
        }
        rg_string_free(s->text);
        s->text = NULL;
    }
    for (int k = 0; k < started; k++) pthread_join(threads[k], NULL);
    double wall = cli_now() - t0;
    for (long i = 0; i < c->count; i++) rg_string_free(b.slots[i].text);
    pthread_mutex_destroy(&b.mu);
    pthread_cond_destroy(&b.cv);
    free(b.slots);
    if (out != stdout) {
        if (fclose(out) != 0 && code == EXIT_OK) {
            fprintf(stderr, "rulegrid generate: -o: cannot write %s\n", c->out_path);
            code = EXIT_USAGE;
        }
    } else {
        fflush(stdout);
    }
    if (c->stats) print_stats(&t, rg_generator_label(g), wall, jobs);
    return code;
}

int cli_generate_main(int argc, char **argv)
{
    cmd c;
    memset(&c, 0, sizeof c);
    rg_gen_options_default(&c.opt);
    c.count = 1;
    c.jobs = 1;
    c.dirs = calloc((size_t)argc + 1, sizeof *c.dirs);
    c.sets = calloc((size_t)argc + 1, sizeof *c.sets);
    rg_registry *reg = NULL;
    rg_generator *g = NULL;
    int rc;
    if (!c.dirs || !c.sets) {
        fputs("rulegrid generate: out of memory\n", stderr);
        rc = EXIT_USAGE;
        goto done;
    }
    rc = parse_args(&c, argc, argv);
    if (rc >= 0) goto done;
    if (c.list || c.preset) {
        rg_error perr;
        if (rg_presets_load(NULL, rg_builtin_preset_dir(), &c.presets, &perr) != RG_OK) {
            print_error("", &perr);
            rc = EXIT_USAGE;
            goto done;
        }
    }
    if (c.list) {
        rc = list_presets(c.presets);
        goto done;
    }
    if (c.print_template) {
        rc = print_template(&c);
        goto done;
    }
    if (!c.seeded) {
        /* Any seed will do; the document says which one it was. */
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        c.opt.seed = ((uint64_t)ts.tv_sec * 1000003u) ^ (uint64_t)ts.tv_nsec ^
                     ((uint64_t)getpid() << 32);
    }
    rg_error err;
    rg_error_clear(&err);
    reg = rg_registry_new();
    if (!reg) {
        fputs("rulegrid generate: out of memory\n", stderr);
        rc = EXIT_USAGE;
        goto done;
    }
    if (rg_registry_load_default(reg, c.dirs, rg_builtin_plugin_dir(), &err) != RG_OK) {
        print_error("", &err);
        rc = EXIT_USAGE;
        goto done;
    }
    if ((rc = open_generator(&c, reg, &g)) != 0) goto done;
    rc = run_batch(&c, g);
done:
    rg_generator_free(g);
    rg_registry_free(reg);
    rg_presets_free(c.presets);
    free(c.dirs);
    free(c.sets);
    return rc;
}
