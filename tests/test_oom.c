/* Out of memory everywhere: for N = 1, 2, ... the N-th allocation of a call
 * fails (rg_mem_fail_after); the call must fail with RG_E_NOMEM and an "out
 * of memory" message, or succeed with the outcome of a run without failures,
 * and hold no more memory afterwards than before. Scenarios: loading the
 * plugins, reading and building a document of every rule family, copies
 * with givens, bounded solves, writing, corpora, presets, a generator of
 * every preset, changed settings, a clue hook and two generations,
 * explanations of every family's document. RULEGRID_TEST_SCALE (Valgrind, sanitizers) makes each sweep
 * take every STRIDE-th allocation, from a different start per scenario, so
 * that those slow stages still reach every call on a sample.
 * RG_OOM_VERBOSE=1 prints each sweep's allocation count and time. */
#define _XOPEN_SOURCE 700 /* getline */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "base/mem.h"
#include "support.h"

#define STRIDE 23

/* A run that succeeds must have the outcome of the run without failures:
 * a search whose stack of spaces cannot grow and a preset whose document
 * cannot be parsed for its summary report out of memory too. */
#define SOLVE_EXACT   1
#define PRESETS_EXACT 1

/* What a successful call produced, as a hash (FNV-1a) of its outcome. */
typedef struct digest {
    uint64_t h;
} digest;

static void mix(digest *d, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) d->h = (d->h ^ (unsigned char)s[i]) * 0x100000001b3ull;
}

static void mixs(digest *d, const char *s) { mix(d, s, strlen(s)); }

static void mixl(digest *d, long v)
{
    char buf[32];
    mix(d, buf, (size_t)snprintf(buf, sizeof buf, "%ld;", v));
}

/* One call under test: RG_OK (its outcome mixed into *d, with failure
 * injection stopped first: rg_mem_fail_after(0)) or an error in err. The
 * scenario frees what it made, whatever the outcome. */
typedef int (*scenario)(const void *arg, rg_error *err, digest *d);

static int scaled(void)
{
    const char *s = getenv("RULEGRID_TEST_SCALE");
    return s && *s;
}

static int verbose(void) { return getenv("RG_OOM_VERBOSE") != NULL; }

/* Allocation points met by the sweeps so far, for the summary line. */
static long points_total;

/* What is wrong with one run, into buf ("" when nothing is). */
static void judge(int rc, const rg_error *err, int injected, const digest *d, const digest *ref,
                  size_t before, char *buf, size_t n)
{
    buf[0] = 0;
    if (rc != RG_OK && (!injected || rc != RG_E_NOMEM || err->code != RG_E_NOMEM ||
                        !strstr(err->message, "out of memory"))) {
        rg_error_format(err, buf, n);
    } else if (rc == RG_OK && ref && d->h != ref->h) {
        snprintf(buf, n, "succeeded with another outcome than without failures");
    } else if (rg_mem_in_use() != before) {
        snprintf(buf, n, "%zu bytes held, %zu before", rg_mem_in_use(), before);
    }
}

/* Runs call(arg) once without failures, then with the n-th allocation
 * failing for every n until a run meets no injected failure (n passed the
 * call's last allocation); fails the test naming the first wrong outcome
 * and how many there were. exact: a run that succeeds must have the outcome
 * of the run without failures. */
static void sweep(const char *name, scenario call, const void *arg, int exact)
{
    static int salt;
    long step = scaled() ? STRIDE : 1, n = scaled() ? 1 + (salt++ * 7) % STRIDE : 1;
    long wrong = 0, runs = 0;
    char first[1200] = "", buf[1024];
    size_t before = rg_mem_in_use();
    clock_t t0 = clock();
    rg_error err;
    digest ref = {0};
    if (call(arg, &err, &ref) != RG_OK) fail_msg("%s: %s", name, err.message);
    for (;; n += step, runs++) {
        rg_error_clear(&err);
        digest d = {0};
        unsigned long failures = rg_mem_failures();
        rg_mem_fail_after(n);
        int rc = call(arg, &err, &d);
        rg_mem_fail_after(0);
        int injected = rg_mem_failures() != failures;
        judge(rc, &err, injected, &d, exact ? &ref : NULL, before, buf, sizeof buf);
        if (buf[0] && !wrong++)
            snprintf(first, sizeof first, "allocation %ld failing: code %d: %s", n, rc, buf);
        if (buf[0] && verbose()) fprintf(stderr, "  %ld: rc %d: %s\n", n, rc, buf);
        if (!injected) break;
    }
    points_total += n - 1;
    if (verbose())
        fprintf(stderr, "%-40s %6ld allocations, %ld wrong, %.2f s\n", name, n - 1, wrong,
                (double)(clock() - t0) / CLOCKS_PER_SEC);
    if (wrong) fail_msg("%s: %ld of %ld runs wrong; the first: %s", name, wrong, runs + 1, first);
}

static int nomem(rg_error *err)
{
    err->code = RG_E_NOMEM;
    snprintf(err->message, sizeof err->message, "out of memory");
    return RG_E_NOMEM;
}

/* Stops failure injection and mixes the text p writes into d. */
static void mix_written(digest *d, const rg_puzzle *p)
{
    rg_mem_fail_after(0);
    char *text = rg_puzzle_write(p, RG_WRITE_LINE, NULL);
    assert_non_null(text);
    mixs(d, text);
    rg_string_free(text);
}

/* ---- The documents: one per rule family ------------------------------------ */

/* Line `line` (from 1) of a file of the source tree, malloc'd (not counted). */
static char *line_of(const char *rel, int line)
{
    FILE *f = fopen(t_src(rel), "rb");
    assert_non_null(f);
    char *buf = NULL;
    size_t cap = 0;
    ssize_t n = 0;
    for (int i = 0; i < line; i++) {
        n = getline(&buf, &cap, f);
        assert_true(n > 0);
    }
    fclose(f);
    while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == '\r')) buf[--n] = 0;
    return buf;
}

static char *whole_file(const char *rel)
{
    FILE *f = fopen(t_src(rel), "rb");
    assert_non_null(f);
    assert_int_equal(fseek(f, 0, SEEK_END), 0);
    long n = ftell(f);
    assert_true(n > 0);
    rewind(f);
    char *buf = malloc((size_t)n + 1);
    assert_non_null(buf);
    assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
    buf[n] = 0;
    fclose(f);
    return buf;
}

typedef struct family_doc {
    const char *family, *file;
    int line;   /* 0: the whole file is one document */
    int levels; /* also solved at the check and sac levels (where sac's root is cheap) */
} family_doc;

static const family_doc docs[] = {
    {"houses", "tests/data/cli/twodoku.json", 0, 1},
    {"houses (jigsaw)", "presets/jigsaw.json", 0, 0},
    {"cages", "corpus/variants/killer.jsonl", 1, 0},
    {"lines", "corpus/variants/lines.jsonl", 1, 1},
    {"lines (thermo)", "corpus/variants/thermo.jsonl", 1, 0},
    {"lines (whisper)", "corpus/variants/whisper.jsonl", 1, 0},
    {"arrows", "corpus/variants/arrow.jsonl", 1, 0},
    {"relations", "corpus/variants/relations.jsonl", 1, 1},
    {"neighbours", "corpus/variants/neighbours.jsonl", 1, 0},
    {"cells", "corpus/variants/cells.jsonl", 1, 0},
    {"corners", "corpus/variants/corners.jsonl", 1, 1},
    {"outside", "corpus/variants/outside.jsonl", 1, 0},
    {"negatives", "corpus/variants/negatives.jsonl", 1, 1},
};
#define NDOCS (sizeof docs / sizeof docs[0])

static char *doc_text(const family_doc *d)
{
    return d->line ? line_of(d->file, d->line) : whole_file(d->file);
}

static rg_puzzle *doc_puzzle(const family_doc *d)
{
    char *text = doc_text(d);
    rg_puzzle *p = t_parse(text);
    free(text);
    return p;
}

/* ---- Scenarios ---------------------------------------------------------------- */

static int load_plugins(const void *arg, rg_error *err, digest *d)
{
    (void)arg;
    rg_registry *reg = rg_registry_new();
    if (!reg) return nomem(err);
    int rc = rg_registry_load_default(reg, NULL, rg_builtin_plugin_dir(), err);
    if (rc == RG_OK) {
        rg_mem_fail_after(0);
        for (int i = 0; i < rg_registry_type_count(reg); i++) {
            const char *name, *family, *file;
            rg_registry_type(reg, i, &name, &family, &file);
            mixs(d, name);
            mixs(d, family);
        }
    }
    rg_registry_free(reg);
    return rc;
}

static int parse(const void *arg, rg_error *err, digest *d)
{
    const char *text = arg;
    rg_puzzle *p = NULL;
    int rc = rg_puzzle_parse(t_registry(), text, strlen(text), "oom", 0, &p, err);
    if (rc == RG_OK) mix_written(d, p);
    rg_puzzle_free(p);
    return rc;
}

static int with_givens(const void *arg, rg_error *err, digest *d)
{
    const rg_puzzle *p = arg;
    rg_puzzle *q = NULL;
    int rc = rg_puzzle_with_givens(p, rg_puzzle_givens(p), &q, err);
    if (rc == RG_OK) mix_written(d, q);
    rg_puzzle_free(q);
    return rc;
}

static int solve_at(const rg_puzzle *p, int strategy, long limit, uint64_t nodes, rg_error *err,
                    digest *d)
{
    rg_solver *s = rg_solver_new();
    if (!s) return nomem(err);
    rg_options o;
    rg_options_default(&o);
    o.strategy = strategy;
    o.limit = limit;
    o.max_nodes = nodes;
    rg_result r;
    int rc = rg_solve(s, p, &o, &r, err);
    if (rc == RG_OK) {
        rg_mem_fail_after(0);
        mixl(d, r.status);
        mixl(d, r.solutions);
        mixl(d, (long)r.stats.nodes);
        mixl(d, (long)r.stats.propagations);
        for (int c = 0; r.solution && c < rg_puzzle_cells(p); c++) mixl(d, r.solution[c]);
    }
    rg_solver_free(s);
    return rc;
}

static int solve(const void *arg, rg_error *err, digest *d)
{
    return solve_at(arg, RG_STRATEGY_INTERSECTIONS, 2, 20, err, d);
}

static int solve_sac(const void *arg, rg_error *err, digest *d)
{
    return solve_at(arg, RG_STRATEGY_SAC, 2, 20, err, d);
}

static int solve_check(const void *arg, rg_error *err, digest *d)
{
    return solve_at(arg, RG_STRATEGY_CHECK, 2, 20, err, d);
}

/* A first solution of an empty board: the search goes to the bottom of its
 * stack of spaces (all made before the search starts). */
static int solve_deep(const void *arg, rg_error *err, digest *d)
{
    return solve_at(arg, RG_STRATEGY_INTERSECTIONS, 1, 0, err, d);
}

static int write(const void *arg, rg_error *err, digest *d)
{
    char *text = rg_puzzle_write(arg, 0, err);
    if (!text) return err->code;
    mixs(d, text);
    rg_string_free(text);
    return RG_OK;
}

typedef struct corpus_case {
    const char *path;
    const rg_puzzle *templ;
} corpus_case;

/* Every entry of a corpus, to the end or the first error. */
static int read_corpus(const void *arg, rg_error *err, digest *d)
{
    const corpus_case *cc = arg;
    rg_corpus *c = NULL;
    int rc = rg_corpus_open(t_registry(), t_src(cc->path), NULL, cc->templ, &c, err);
    if (rc) return rc;
    rg_puzzle *p = NULL;
    int got;
    while ((got = rg_corpus_next(c, &p, err)) == 1) {
        for (int i = 0; i < rg_puzzle_rule_count(p); i++) mixs(d, rg_puzzle_rule_type(p, i));
        for (int i = 0; i < rg_puzzle_cells(p); i++) mixl(d, rg_puzzle_givens(p)[i]);
        rg_puzzle_free(p);
    }
    rg_corpus_close(c);
    return got < 0 ? -got : RG_OK;
}

static int load_presets(const void *arg, rg_error *err, digest *d)
{
    (void)arg;
    rg_presets *ps = NULL;
    int rc = rg_presets_load(NULL, rg_builtin_preset_dir(), &ps, err);
    if (rc == RG_OK) {
        rg_mem_fail_after(0);
        for (int i = 0; i < rg_presets_count(ps); i++) {
            mixs(d, rg_presets_name(ps, i));
            mixs(d, rg_presets_summary(ps, i));
            mixs(d, rg_presets_document(ps, i));
        }
    }
    rg_presets_free(ps);
    return rc;
}

/* A puzzle of the preset called arg, generated and written. */
static int generate(const void *arg, rg_error *err, digest *d)
{
    rg_generator *g = NULL;
    int rc = rg_generator_preset(t_registry(), t_presets(), arg, &g, err);
    if (rc) return rc;
    rg_gen_options o;
    rg_gen_options_default(&o);
    o.seed = 2;
    o.meta_time = 0;
    rg_puzzle *p = NULL;
    rc = rg_generate(g, &o, &p, NULL, err);
    if (rc == RG_OK) {
        char *text = rg_puzzle_write(p, 0, err);
        if (text) mixs(d, text);
        if (!text) rc = err->code;
        rg_string_free(text);
    }
    rg_puzzle_free(p);
    rg_generator_free(g);
    return rc;
}

/* ---- Tests ------------------------------------------------------------------ */

static void oom_plugins(void **state)
{
    (void)state;
    sweep("load the plugins", load_plugins, NULL, 1);
}

static void oom_read_and_build(void **state)
{
    (void)state;
    for (size_t i = 0; i < NDOCS; i++) {
        char *text = doc_text(&docs[i]), name[96];
        snprintf(name, sizeof name, "read %s", docs[i].family);
        sweep(name, parse, text, 1);
        free(text);
    }
}

static void oom_solve(void **state)
{
    (void)state;
    for (size_t i = 0; i < NDOCS; i++) {
        rg_puzzle *p = doc_puzzle(&docs[i]);
        char name[96];
        snprintf(name, sizeof name, "copy %s", docs[i].family);
        sweep(name, with_givens, p, 1);
        snprintf(name, sizeof name, "solve %s", docs[i].family);
        sweep(name, solve, p, SOLVE_EXACT);
        if (docs[i].levels) {
            snprintf(name, sizeof name, "solve %s (check)", docs[i].family);
            sweep(name, solve_check, p, SOLVE_EXACT);
            snprintf(name, sizeof name, "solve %s (sac)", docs[i].family);
            sweep(name, solve_sac, p, SOLVE_EXACT);
        }
        rg_puzzle_free(p);
    }
    rg_presets *ps = t_presets();
    rg_puzzle *empty = t_parse(rg_presets_document(ps, rg_presets_find(ps, "classic9")));
    sweep("solve classic9, no givens (deep)", solve_deep, empty, SOLVE_EXACT);
    rg_puzzle_free(empty);
}

/* An explanation to its end (contradictions on a budget of probes): every
 * step's technique and text, and the summary, are the outcome. */
static int explain(const void *arg, rg_error *err, digest *d)
{
    rg_explain_options o;
    rg_explain_options_default(&o);
    o.max_nodes = 30;
    rg_explainer *e;
    int rc = rg_explainer_new(arg, NULL, &o, &e, err);
    if (rc != RG_OK) return rc;
    rg_step st;
    digest steps = {0};
    while ((rc = rg_explain_next(e, &st, err)) == 1) {
        mixs(&steps, st.technique);
        mixs(&steps, st.text);
        mixl(&steps, st.nplace + st.nelim);
    }
    rg_explain_summary s;
    rg_explain_summary_get(e, &s);
    rg_explainer_free(e);
    if (rc != 0) return rc;
    rg_mem_fail_after(0);
    *d = steps;
    mixl(d, s.status);
    mixl(d, s.steps);
    mixl(d, s.rating);
    return RG_OK;
}

static void oom_explain(void **state)
{
    (void)state;
    for (size_t i = 0; i < NDOCS; i++) {
        rg_puzzle *p = doc_puzzle(&docs[i]);
        char name[96];
        snprintf(name, sizeof name, "explain %s", docs[i].family);
        sweep(name, explain, p, 1);
        rg_puzzle_free(p);
    }
}

static void oom_write(void **state)
{
    (void)state;
    for (size_t i = 0; i < NDOCS; i++) {
        rg_puzzle *p = doc_puzzle(&docs[i]);
        char name[96];
        snprintf(name, sizeof name, "write %s", docs[i].family);
        sweep(name, write, p, 1);
        rg_puzzle_free(p);
    }
}

static void oom_corpus(void **state)
{
    (void)state;
    /* Classic lines without a template load the presets for classic9 (a
     * sweep of its own below): here they are read with that template. */
    rg_presets *ps = t_presets();
    rg_puzzle *classic = t_parse(rg_presets_document(ps, rg_presets_find(ps, "classic9")));
    char *templ_text = whole_file("tests/data/doc/xsudoku.json");
    rg_puzzle *templ = t_parse(templ_text);
    free(templ_text);
    const corpus_case cases[] = {
        {"tests/data/oom/three.jsonl", NULL},
        {"tests/data/cli/puzzles.txt", classic},
        {"tests/data/doc/xsudoku.txt", templ},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char name[96];
        snprintf(name, sizeof name, "corpus %s", cases[i].path);
        sweep(name, read_corpus, &cases[i], 1);
    }
    rg_puzzle_free(classic);
    rg_puzzle_free(templ);
}

static void oom_presets(void **state)
{
    (void)state;
    sweep("load the presets", load_presets, NULL, PRESETS_EXACT);
}

static void oom_generate(void **state)
{
    (void)state;
    sweep("generate classic4", generate, "classic4", 1);
    sweep("generate kropki", generate, "kropki", 1);
}

/* A generator for the preset called arg. */
static int generator(const void *arg, rg_error *err, digest *d)
{
    rg_generator *g = NULL;
    int rc = rg_generator_preset(t_registry(), t_presets(), arg, &g, err);
    if (rc == RG_OK) mixs(d, rg_generator_label(g));
    rg_generator_free(g);
    return rc;
}

/* The kropki preset's edge requests changed by rg_generator_set (JSON
 * values and a bare word), then a puzzle generated. */
static int generator_set(const void *arg, rg_error *err, digest *d)
{
    (void)arg;
    rg_generator *g = NULL;
    int rc = rg_generator_preset(t_registry(), t_presets(), "kropki", &g, err);
    if (rc == RG_OK) rc = rg_generator_set(g, "edge", "negative", "false", err);
    if (rc == RG_OK) rc = rg_generator_set(g, "edge", "kind", "kropki", err);
    if (rc == RG_OK) rc = rg_generator_set(g, "edge", "kind", "\"kropki\"", err);
    rg_puzzle *p = NULL;
    if (rc == RG_OK) {
        rg_gen_options o;
        rg_gen_options_default(&o);
        o.seed = 3;
        o.meta_time = 0;
        rc = rg_generate(g, &o, &p, NULL, err);
    }
    if (rc == RG_OK) mix_written(d, p);
    rg_puzzle_free(p);
    rg_generator_free(g);
    return rc;
}

/* The edge type's generate hook on a solved 4x4 grid, with settings. */
static int clues(const void *arg, rg_error *err, digest *d)
{
    static const int grid[16] = {1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1};
    char *rules = NULL;
    int rc = rg_generate_clues(t_registry(), arg, "edge", "{\"kind\": \"kropki\"}", grid, 5, &rules,
                               err);
    if (rc == RG_OK) mixs(d, rules);
    rg_string_free(rules);
    return rc;
}

static void oom_generators(void **state)
{
    (void)state;
    rg_presets *ps = t_presets();
    for (int i = 0; i < rg_presets_count(ps); i++) {
        char name[96];
        snprintf(name, sizeof name, "generator %s", rg_presets_name(ps, i));
        sweep(name, generator, rg_presets_name(ps, i), 1);
    }
    sweep("generator kropki, settings changed", generator_set, NULL, 1);
    rg_puzzle *classic4 = t_parse(rg_presets_document(ps, rg_presets_find(ps, "classic4")));
    sweep("clues of edge on classic4", clues, classic4, 1);
    rg_puzzle_free(classic4);
}

int main(void)
{
    t_presets();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(oom_plugins, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(oom_read_and_build, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(oom_solve, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(oom_write, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(oom_explain, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(oom_corpus, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(oom_presets, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(oom_generate, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(oom_generators, t_mem_setup, t_mem_teardown),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    if (verbose()) fprintf(stderr, "%ld allocation points in all\n", points_total);
    return t_done(rc);
}
