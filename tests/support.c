/* Helpers shared by the cmocka tests. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "support.h"

static rg_registry *reg;
static rg_presets *presets;

static void free_registry(void)
{
    rg_registry_free(reg);
    reg = NULL;
    rg_presets_free(presets);
    presets = NULL;
}

int t_scaled(void)
{
    const char *s = getenv("RULEGRID_TEST_SCALE");
    return s && *s;
}

int t_memcheck(void)
{
    const char *s = getenv("RULEGRID_TEST_SCALE");
    return s && strcmp(s, "valgrind") == 0;
}

int t_rounds(int full, int sample, int memcheck)
{
    return t_memcheck() ? memcheck : t_scaled() ? sample : full;
}

int t_done(int rc)
{
    free_registry();
    size_t held = rg_mem_in_use();
    if (held) {
        fprintf(stderr, "rulegrid still holds %zu bytes at the end of the tests\n", held);
        return rc ? rc : 1;
    }
    return rc;
}

rg_registry *t_registry(void)
{
    if (!reg) {
        rg_error err;
        rg_error_clear(&err);
        reg = rg_registry_new();
        assert_non_null(reg);
        if (rg_registry_load_default(reg, NULL, rg_builtin_plugin_dir(), &err) != RG_OK) {
            char buf[1024];
            rg_error_format(&err, buf, sizeof buf);
            fail_msg("loading plugins: %s", buf);
        }
        atexit(free_registry);
    }
    return reg;
}

rg_presets *t_presets(void)
{
    if (!presets) {
        rg_error err;
        if (rg_presets_load(NULL, rg_builtin_preset_dir(), &presets, &err) != RG_OK) {
            char buf[1024];
            rg_error_format(&err, buf, sizeof buf);
            fail_msg("loading presets: %s", buf);
        }
        t_registry(); /* frees both at exit */
    }
    return presets;
}

rg_registry *t_registry_with(const char *dir)
{
    rg_registry *r = rg_registry_new();
    assert_non_null(r);
    const char *extra[] = {dir, NULL};
    rg_error err;
    rg_error_clear(&err);
    if (rg_registry_load_default(r, extra, rg_builtin_plugin_dir(), &err) != RG_OK)
        fail_msg("plugins of %s: %s", dir, err.message);
    return r;
}

rg_puzzle *t_parse_in(rg_registry *r, const char *json)
{
    rg_error err;
    rg_error_clear(&err);
    rg_puzzle *p = NULL;
    if (rg_puzzle_parse(r, json, strlen(json), "test", 0, &p, &err) != RG_OK) {
        char buf[1024];
        rg_error_format(&err, buf, sizeof buf);
        fail_msg("parse: %s\n%.2000s", buf, json);
    }
    return p;
}

rg_puzzle *t_parse(const char *json) { return t_parse_in(t_registry(), json); }

rg_puzzle *t_read(const char *rel)
{
    rg_error err;
    rg_error_clear(&err);
    rg_puzzle *p = NULL;
    if (rg_puzzle_read_file(t_registry(), t_src(rel), &p, &err) != RG_OK) {
        char buf[1024];
        rg_error_format(&err, buf, sizeof buf);
        fail_msg("read %s: %s", rel, buf);
    }
    return p;
}

rg_error t_parse_error(const char *json)
{
    rg_error err;
    rg_error_clear(&err);
    rg_puzzle *p = NULL;
    int rc = rg_puzzle_parse(t_registry(), json, strlen(json), "test", 0, &p, &err);
    if (rc == RG_OK) {
        rg_puzzle_free(p);
        fail_msg("expected an error, the document was read");
    }
    assert_null(p);
    assert_int_equal(err.code, rc);
    return err;
}

void t_assert_error(const rg_error *e, int rule, const char *type, const char *field,
                    const char *phrase)
{
    char buf[1024];
    rg_error_format(e, buf, sizeof buf);
    if (e->rule != rule || strcmp(e->type, type) != 0 || strcmp(e->field, field) != 0 ||
        !strstr(e->message, phrase))
        fail_msg("unexpected error: %s (wanted rule %d (%s), field %s, \"%s\")", buf, rule, type,
                 field, phrase);
    assert_int_equal(e->code, RG_E_FORMAT);
}

const char *t_src(const char *rel)
{
    static char buf[4096];
    snprintf(buf, sizeof buf, "%s/%s", RG_SOURCE_DIR, rel);
    return buf;
}

void t_solve(rg_solver *s, const rg_puzzle *p, int strategy, int heuristic, long limit,
             uint64_t nodes, double seconds, rg_result *r)
{
    rg_options o;
    rg_options_default(&o);
    o.strategy = strategy;
    o.heuristic = heuristic;
    o.limit = limit;
    o.max_nodes = nodes;
    o.max_seconds = seconds;
    rg_error err;
    rg_error_clear(&err);
    assert_int_equal(rg_solve(s, p, &o, r, &err), RG_OK);
}

uint64_t t_family(const rg_stats *st, const char *name, int prunings)
{
    for (int i = 0; i < st->families; i++)
        if (strcmp(st->family[i], name) == 0)
            return prunings ? st->family_prunings[i] : st->family_calls[i];
    return 0;
}

void t_same_run(const rg_puzzle *p, const rg_result *a, const rg_result *b, const char *what)
{
    if (a->status != b->status || a->solutions != b->solutions)
        fail_msg("%s: status %d/%d, solutions %ld/%ld", what, a->status, b->status, a->solutions,
                 b->solutions);
    if ((a->solution == NULL) != (b->solution == NULL)) fail_msg("%s: solution differs", what);
    if (a->solution)
        assert_memory_equal(a->solution, b->solution, (size_t)rg_puzzle_cells(p) * sizeof(int));
    const rg_stats *x = &a->stats, *y = &b->stats;
    if (x->nodes != y->nodes || x->guesses != y->guesses || x->failures != y->failures ||
        x->prunings != y->prunings || x->propagations != y->propagations)
        fail_msg("%s: nodes %llu/%llu guesses %llu/%llu failures %llu/%llu prunings %llu/%llu",
                 what, (unsigned long long)x->nodes, (unsigned long long)y->nodes,
                 (unsigned long long)x->guesses, (unsigned long long)y->guesses,
                 (unsigned long long)x->failures, (unsigned long long)y->failures,
                 (unsigned long long)x->prunings, (unsigned long long)y->prunings);
    assert_int_equal(x->families, y->families);
    for (int i = 0; i < x->families; i++) {
        assert_int_equal(x->family_calls[i], y->family_calls[i]);
        assert_int_equal(x->family_prunings[i], y->family_prunings[i]);
    }
}

long t_count_into(const rg_puzzle *p, int strategy, int heuristic, long limit, int *status,
                  int *sol)
{
    rg_solver *s = rg_solver_new();
    assert_non_null(s);
    rg_result r;
    t_solve(s, p, strategy, heuristic, limit, 0, 0, &r);
    if (status) *status = r.status;
    if (sol && r.solutions > 0) assert_non_null(r.solution);
    if (sol && r.solution) memcpy(sol, r.solution, (size_t)rg_puzzle_cells(p) * sizeof *sol);
    long n = r.solutions;
    rg_solver_free(s);
    return n;
}

long t_count(const rg_puzzle *p, int strategy, int heuristic, long limit, int *status)
{
    return t_count_into(p, strategy, heuristic, limit, status, NULL);
}

static size_t mem_base;

int t_mem_setup(void **state)
{
    (void)state;
    t_registry();
    t_presets();
    mem_base = rg_mem_in_use();
    return 0;
}

int t_mem_teardown(void **state)
{
    (void)state;
    assert_int_equal(rg_mem_in_use(), mem_base);
    return 0;
}

rg_puzzle **t_corpus_load(const char *rel, int step, int *n)
{
    rg_corpus *rc = NULL;
    rg_error err;
    rg_error_clear(&err);
    assert_int_equal(rg_corpus_open(t_registry(), t_src(rel), NULL, NULL, &rc, &err), RG_OK);
    rg_puzzle **v = NULL, *p;
    int r, i = 0;
    *n = 0;
    while ((r = rg_corpus_next(rc, &p, &err)) == 1) {
        if (i++ % step) {
            rg_puzzle_free(p);
            continue;
        }
        v = realloc(v, (size_t)(*n + 1) * sizeof *v);
        assert_non_null(v);
        v[(*n)++] = p;
    }
    assert_int_equal(r, 0);
    rg_corpus_close(rc);
    return v;
}

void t_corpus_unload(rg_puzzle **v, int n)
{
    for (int i = 0; i < n; i++) rg_puzzle_free(v[i]);
    free(v);
}

unsigned t_rand(uint64_t *state, unsigned n)
{
    uint64_t x = *state;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    *state = x;
    return (unsigned)(x % n);
}

int t_corpus_unique(const char *rel)
{
    rg_corpus *c;
    rg_error e;
    rg_error_clear(&e);
    assert_int_equal(rg_corpus_open(t_registry(), t_src(rel), NULL, NULL, &c, &e), RG_OK);
    rg_solver *s = rg_solver_new();
    rg_options o;
    rg_options_default(&o);
    o.limit = 2;
    rg_puzzle *p;
    int count = 0, seen = 0;
    while (rg_corpus_next(c, &p, &e) == 1) {
        if (t_memcheck() && seen++ % 3) {
            rg_puzzle_free(p);
            continue;
        }
        rg_result r;
        assert_int_equal(rg_solve(s, p, &o, &r, &e), RG_OK);
        assert_int_equal(r.status, RG_STATUS_UNIQUE);
        const int *want = rg_puzzle_solution(p);
        assert_non_null(want);
        assert_memory_equal(r.solution, want, (size_t)rg_puzzle_cells(p) * sizeof *want);
        rg_puzzle_free(p);
        count++;
    }
    assert_int_equal(e.code, RG_OK);
    rg_solver_free(s);
    rg_corpus_close(c);
    return count;
}

static int s4[288][16];
static int ns4;

static int s4_ok(const int *v, int k, int d)
{
    int r = k / 4, c = k % 4;
    for (int i = 0; i < k; i++) {
        int ri = i / 4, ci = i % 4;
        if (v[i] == d && (ri == r || ci == c || (ri / 2 == r / 2 && ci / 2 == c / 2))) return 0;
    }
    return 1;
}

static void s4_fill(int *v, int k)
{
    if (k == 16) {
        memcpy(s4[ns4++], v, sizeof s4[0]);
        return;
    }
    for (int d = 1; d <= 4; d++)
        if (s4_ok(v, k, d)) {
            v[k] = d;
            s4_fill(v, k + 1);
        }
}

int (*t_sudoku4(int *n))[16]
{
    if (!ns4) {
        int v[16];
        s4_fill(v, 0);
        assert_int_equal(ns4, 288);
    }
    if (n) *n = ns4;
    return s4;
}
