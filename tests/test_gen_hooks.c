/* The generate hooks of the rule plugins: on random complete grids (9x9, 6x6,
 * 4x4) every hook's clues read as a puzzle that the grid satisfies, with the
 * shape each hook promises (connected cages without repeats, king-step lines
 * of the kind asked, ...); a seed reproduces the clues; bad settings are
 * refused with a clear message; a third-party plugin's hook takes part; told
 * which cells a repair keeps (gen_wanted), the cage hook emits exactly the
 * cages it would keep and draws the same random numbers. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>
#include <cmocka.h>

#include "base/json.h"
#include "gen/hook.h"
#include "support.h"

typedef struct bdef {
    int D, bh, bw;
} bdef;

static const bdef boards[] = {{9, 3, 3}, {6, 2, 3}, {4, 2, 2}};

/* Rounds per case: RULEGRID_TEST_SCALE (Valgrind, sanitizers) takes a fifth. */
static int rounds(int n)
{
    const char *s = getenv("RULEGRID_TEST_SCALE");
    return s && *s ? (n + 4) / 5 : n;
}

static void doc_text(char *buf, size_t size, const bdef *bd, const char *rules, const int *givens)
{
    int len = snprintf(buf, size,
                       "{\"format\":\"rulegrid\",\"version\":1,\"board\":{\"rows\":%d,"
                       "\"columns\":%d,\"digits\":%d},\"rules\":[{\"type\":\"box_grid\","
                       "\"origin\":\"r1c1\",\"box\":[%d,%d]}",
                       bd->D, bd->D, bd->D, bd->bh, bd->bw);
    if (rules && strcmp(rules, "[]") != 0)
        len += snprintf(buf + len, size - (size_t)len, ",%.*s", (int)strlen(rules) - 2, rules + 1);
    len += snprintf(buf + len, size - (size_t)len, "]");
    if (givens) {
        len += snprintf(buf + len, size - (size_t)len, ",\"givens\":{");
        for (int i = 0; i < bd->D * bd->D; i++)
            len += snprintf(buf + len, size - (size_t)len, "%s\"r%dc%d\":%d", i ? "," : "",
                            i / bd->D + 1, i % bd->D + 1, givens[i]);
        len += snprintf(buf + len, size - (size_t)len, "}");
    }
    snprintf(buf + len, size - (size_t)len, "}");
    assert_true((size_t)len + 2 < size);
}

static char docbuf[1 << 20];

/* A complete grid of the board: the empty template solved in random value
 * order. */
static void random_grid(const bdef *bd, uint64_t seed, int *sol)
{
    doc_text(docbuf, sizeof docbuf, bd, NULL, NULL);
    rg_puzzle *p = t_parse(docbuf);
    rg_solver *s = rg_solver_new();
    rg_options o;
    rg_options_default(&o);
    o.values = RG_VALUES_RANDOM;
    o.seed = seed;
    rg_result r;
    rg_error err;
    rg_error_clear(&err);
    assert_int_equal(rg_solve(s, p, &o, &r, &err), RG_OK);
    assert_int_equal(r.status, RG_STATUS_SOLVED);
    memcpy(sol, r.solution, sizeof(int) * (size_t)(bd->D * bd->D));
    rg_solver_free(s);
    rg_puzzle_free(p);
}

static int gen_in(rg_registry *reg, const bdef *bd, const char *type, const char *settings,
                  const int *sol, uint64_t seed, char **out, rg_error *err)
{
    doc_text(docbuf, sizeof docbuf, bd, NULL, NULL);
    rg_puzzle *templ = t_parse_in(reg, docbuf);
    rg_error_clear(err);
    int rc = rg_generate_clues(reg, templ, type, settings, sol, seed, out, err);
    rg_puzzle_free(templ);
    return rc;
}

/* The hook's rules; fails the test on an error. */
static char *gen(rg_registry *reg, const bdef *bd, const char *type, const char *settings,
                 const int *sol, uint64_t seed)
{
    char *out = NULL;
    rg_error err;
    if (gen_in(reg, bd, type, settings, sol, seed, &out, &err) != RG_OK) {
        char buf[1024];
        rg_error_format(&err, buf, sizeof buf);
        fail_msg("generate %s %s: %s", type, settings ? settings : "", buf);
    }
    assert_non_null(out);
    return out;
}

/* The template with the rules reads, the grid satisfies every rule, and the
 * grid as givens is the puzzle's one solution. */
static void assert_satisfied(rg_registry *reg, const bdef *bd, const char *rules, const int *sol)
{
    doc_text(docbuf, sizeof docbuf, bd, rules, NULL);
    rg_puzzle *p = t_parse_in(reg, docbuf);
    int broken = rg_puzzle_check(p, sol);
    if (broken != -1)
        fail_msg("the grid breaks rule %d (%s) of %s", broken,
                 broken >= 0 ? rg_puzzle_rule_type(p, broken) : "-", rules);
    rg_puzzle_free(p);
    doc_text(docbuf, sizeof docbuf, bd, rules, sol);
    p = t_parse_in(reg, docbuf);
    rg_solver *s = rg_solver_new();
    rg_options o;
    rg_options_default(&o);
    o.limit = 2;
    rg_result r;
    rg_error err;
    rg_error_clear(&err);
    assert_int_equal(rg_solve(s, p, &o, &r, &err), RG_OK);
    assert_int_equal(r.status, RG_STATUS_UNIQUE);
    rg_solver_free(s);
    rg_puzzle_free(p);
}

/* Cell index of "rRcC" on a D x D board. */
static int cell_of(const bdef *bd, const cJSON *name)
{
    int r, c;
    assert_true(cJSON_IsString(name));
    assert_int_equal(sscanf(name->valuestring, "r%dc%d", &r, &c), 2);
    assert_true(r >= 1 && r <= bd->D && c >= 1 && c <= bd->D);
    return (r - 1) * bd->D + c - 1;
}

static int cells_of(const bdef *bd, const cJSON *list, int *out)
{
    int n = 0;
    const cJSON *it;
    cJSON_ArrayForEach(it, list) out[n++] = cell_of(bd, it);
    return n;
}

static int king(const bdef *bd, int a, int b)
{
    int dr = abs(a / bd->D - b / bd->D), dc = abs(a % bd->D - b % bd->D);
    return dr <= 1 && dc <= 1 && (dr || dc);
}

static int orthogonal(const bdef *bd, int a, int b)
{
    int dr = abs(a / bd->D - b / bd->D), dc = abs(a % bd->D - b % bd->D);
    return dr + dc == 1;
}

static int count_rules(const char *rules)
{
    cJSON *arr = cJSON_Parse(rules);
    int n = cJSON_GetArraySize(arr);
    cJSON_Delete(arr);
    return n;
}

/* ---- Cages ------------------------------------------------------------------------ */

typedef struct cage_case {
    const char *settings;
    int min_size, max_size, coverage, count, sums;
} cage_case;

static void check_cages(const bdef *bd, const cage_case *cc, const char *rules, const int *sol)
{
    int N = bd->D * bd->D, owner[81], size[81] = {0}, ncages = 0, covered = 0;
    int max_size = cc->max_size > bd->D ? bd->D : cc->max_size;
    int min_size = cc->min_size > max_size ? max_size : cc->min_size;
    for (int i = 0; i < N; i++) owner[i] = -1;
    cJSON *arr = cJSON_Parse(rules);
    assert_non_null(arr);
    const cJSON *rule;
    cJSON_ArrayForEach(rule, arr)
    {
        assert_string_equal(cJSON_GetObjectItem(rule, "type")->valuestring, "cage");
        int cells[81], n = cells_of(bd, cJSON_GetObjectItem(rule, "cells"), cells), seen = 0,
                       sum = 0;
        assert_true(n >= 1 && n <= max_size);
        for (int i = 0; i < n; i++) {
            assert_int_equal(owner[cells[i]], -1); /* cages do not overlap */
            owner[cells[i]] = ncages;
            assert_false(seen & (1 << sol[cells[i]])); /* no digit twice */
            seen |= 1 << sol[cells[i]];
            sum += sol[cells[i]];
        }
        const cJSON *s = cJSON_GetObjectItem(rule, "sum");
        if (cc->sums)
            assert_int_equal((int)s->valuedouble, sum);
        else
            assert_null(s);
        /* Connected by orthogonal steps. */
        int reach[81] = {0}, stack[81], top = 0, got = 1;
        reach[0] = 1;
        stack[top++] = 0;
        while (top) {
            int i = stack[--top];
            for (int j = 0; j < n; j++)
                if (!reach[j] && orthogonal(bd, cells[i], cells[j]))
                    reach[j] = 1, got++, stack[top++] = j;
        }
        assert_int_equal(got, n);
        size[ncages++] = n;
        covered += n;
    }
    if (cc->count) assert_true(ncages <= cc->count);
    if (!cc->count) assert_true(covered * 100 >= cc->coverage * N);
    /* A cage below the minimum could not have joined a neighbour cage. */
    for (int id = 0; id < ncages; id++) {
        if (size[id] >= min_size) continue;
        int mask = 0;
        for (int c = 0; c < N; c++)
            if (owner[c] == id) mask |= 1 << sol[c];
        for (int c = 0; c < N; c++) {
            if (owner[c] != id) continue;
            for (int o = 0; o < N; o++) {
                int other = owner[o];
                if (other < 0 || other == id || !orthogonal(bd, c, o)) continue;
                int omask = 0;
                for (int x = 0; x < N; x++)
                    if (owner[x] == other) omask |= 1 << sol[x];
                assert_true((omask & mask) || size[other] + size[id] > max_size);
            }
        }
    }
    cJSON_Delete(arr);
}

static void cages(void **state)
{
    (void)state;
    static const cage_case cases[] = {
        {NULL, 2, 5, 100, 0, 1},
        {"{\"max_size\":3}", 2, 3, 100, 0, 1},
        {"{\"min_size\":1,\"max_size\":2}", 1, 2, 100, 0, 1},
        {"{\"min_size\":3,\"max_size\":4}", 3, 4, 100, 0, 1},
        {"{\"coverage\":50,\"max_size\":4}", 2, 4, 50, 0, 1},
        {"{\"count\":5}", 2, 5, 100, 5, 1},
        {"{\"sums\":0,\"max_size\":6}", 2, 6, 100, 0, 0},
    };
    int sol[81];
    for (size_t bi = 0; bi < 3; bi++)
        for (size_t ci = 0; ci < sizeof cases / sizeof cases[0]; ci++)
            for (int seed = 1; seed <= rounds(10); seed++) {
                const bdef *bd = &boards[bi];
                if (bd->D < 6 && ci == 6) continue; /* max_size 6 on 4 digits: an error */
                random_grid(bd, (uint64_t)seed * 7919u + bi, sol);
                char *rules =
                    gen(t_registry(), bd, "cage", cases[ci].settings, sol, (uint64_t)seed);
                check_cages(bd, &cases[ci], rules, sol);
                assert_satisfied(t_registry(), bd, rules, sol);
                rg_string_free(rules);
            }
}

/* ---- Lines ------------------------------------------------------------------------ */

static const char *const line_kinds[] = {
    "thermo",  "slow_thermo", "whisper", "renban",  "region_sum", "palindrome",   "entropic",
    "modular", "parity",      "zipper",  "between", "lockout",    "double_arrow", NULL};

/* A diagonal step as its 2x2 block (top-left cell) times 2, plus 1 for the
 * anti-diagonal; -1 for an orthogonal step. Two steps cross when they have
 * the same block and different diagonals. */
static int diagonal_of(const bdef *bd, int a, int b)
{
    int ra = a / bd->D, ca = a % bd->D, rb = b / bd->D, cb = b % bd->D;
    if (ra == rb || ca == cb) return -1;
    int top = (ra < rb ? ra : rb) * bd->D + (ca < cb ? ca : cb);
    return 2 * top + ((rb - ra) * (cb - ca) < 0);
}

static void check_lines(const bdef *bd, const char *kind, int min_len, int max_len,
                        const char *rules, const int *sol)
{
    int used[81] = {0}, diag[2 * 81] = {0};
    cJSON *arr = cJSON_Parse(rules);
    assert_non_null(arr);
    const cJSON *rule;
    cJSON_ArrayForEach(rule, arr)
    {
        assert_string_equal(cJSON_GetObjectItem(rule, "kind")->valuestring, kind);
        int c[81], n = cells_of(bd, cJSON_GetObjectItem(rule, "cells"), c);
        assert_true(n >= min_len && n <= max_len);
        for (int i = 0; i < n; i++) {
            assert_int_equal(used[c[i]], 0); /* no cell twice, no cell of another line */
            used[c[i]] = 1;
            if (i) assert_true(king(bd, c[i - 1], c[i]));
            int dg = i ? diagonal_of(bd, c[i - 1], c[i]) : -1;
            if (dg >= 0) {
                assert_int_equal(diag[dg ^ 1], 0); /* no line crosses a line */
                diag[dg] = 1;
            }
        }
        int d[81];
        for (int i = 0; i < n; i++) d[i] = sol[c[i]];
        if (!strcmp(kind, "thermo"))
            for (int i = 1; i < n; i++) assert_true(d[i] > d[i - 1]);
        if (!strcmp(kind, "slow_thermo"))
            for (int i = 1; i < n; i++) assert_true(d[i] >= d[i - 1]);
        if (!strcmp(kind, "parity"))
            for (int i = 1; i < n; i++) assert_true((d[i] - d[i - 1]) % 2 != 0);
        if (!strcmp(kind, "palindrome"))
            for (int i = 0; i < n; i++) assert_int_equal(d[i], d[n - 1 - i]);
        if (!strcmp(kind, "whisper")) {
            const cJSON *v = cJSON_GetObjectItem(rule, "value");
            assert_non_null(v);
            for (int i = 1; i < n; i++) assert_true(abs(d[i] - d[i - 1]) >= v->valueint);
        }
        if (!strcmp(kind, "renban")) {
            int lo = 99, hi = 0;
            for (int i = 0; i < n; i++) lo = d[i] < lo ? d[i] : lo, hi = d[i] > hi ? d[i] : hi;
            assert_int_equal(hi - lo, n - 1);
        }
        if (!strcmp(kind, "entropic"))
            assert_true(bd->D == 9 || cJSON_GetObjectItem(rule, "groups") != NULL);
        if (!strcmp(kind, "modular") || !strcmp(kind, "lockout"))
            assert_non_null(cJSON_GetObjectItem(rule, "value"));
    }
    cJSON_Delete(arr);
}

static void lines(void **state)
{
    (void)state;
    int sol[81];
    for (int k = 0; line_kinds[k]; k++)
        for (size_t bi = 0; bi < 3; bi++) {
            const bdef *bd = &boards[bi];
            int made = 0;
            for (int seed = 1; seed <= rounds(10); seed++) {
                random_grid(bd, (uint64_t)seed * 104729u + bi, sol);
                char settings[200];
                int min_len = 3, max_len = bd->D < 6 ? bd->D : 6;
                if (seed % 2 == 0) max_len = min_len = 4;
                snprintf(settings, sizeof settings,
                         "{\"kind\":\"%s\",\"count\":5,\"min_len\":%d,\"max_len\":%d}",
                         line_kinds[k], min_len, max_len);
                char *rules = gen(t_registry(), bd, "line", settings, sol, (uint64_t)seed);
                check_lines(bd, line_kinds[k], min_len, max_len, rules, sol);
                assert_satisfied(t_registry(), bd, rules, sol);
                made += count_rules(rules);
                rg_string_free(rules);
            }
            /* Every kind finds lines on a 9x9 grid. */
            if (bd->D == 9 && made == 0) fail_msg("no %s line on any 9x9 grid", line_kinds[k]);
            if (bd->D == 9) print_message("%-12s 9x9: %d lines\n", line_kinds[k], made);
        }
}

/* ---- Arrows ----------------------------------------------------------------------- */

static void arrows(void **state)
{
    (void)state;
    static const char *const settings[] = {NULL, "{\"count\":6,\"max_len\":3}",
                                           "{\"pill\":1,\"max_len\":5,\"count\":3}",
                                           "{\"shafts\":2,\"min_len\":1}"};
    int sol[81];
    for (size_t bi = 0; bi < 3; bi++)
        for (size_t si = 0; si < 4; si++)
            for (int seed = 1; seed <= rounds(8); seed++) {
                const bdef *bd = &boards[bi];
                random_grid(bd, (uint64_t)seed * 31u + bi, sol);
                char *rules = gen(t_registry(), bd, "arrow", settings[si], sol, (uint64_t)seed);
                cJSON *arr = cJSON_Parse(rules);
                const cJSON *rule;
                int used[81] = {0};
                cJSON_ArrayForEach(rule, arr)
                {
                    int bulb[2], nb = cells_of(bd, cJSON_GetObjectItem(rule, "bulb"), bulb);
                    int value = nb == 1 ? sol[bulb[0]] : 10 * sol[bulb[0]] + sol[bulb[1]];
                    for (int i = 0; i < nb; i++) assert_false(used[bulb[i]]++);
                    const cJSON *shaft;
                    cJSON_ArrayForEach(shaft, cJSON_GetObjectItem(rule, "lines"))
                    {
                        int c[81], n = cells_of(bd, shaft, c), sum = 0, touch = 0;
                        for (int i = 0; i < nb; i++) touch |= king(bd, bulb[i], c[0]);
                        assert_true(touch);
                        for (int i = 0; i < n; i++) {
                            assert_false(used[c[i]]++);
                            if (i) assert_true(king(bd, c[i - 1], c[i]));
                            sum += sol[c[i]];
                        }
                        assert_int_equal(sum, value);
                    }
                }
                cJSON_Delete(arr);
                assert_satisfied(t_registry(), bd, rules, sol);
                rg_string_free(rules);
            }
}

/* ---- Edges, outside clues, cells, corners ---------------------------------------- */

typedef struct simple_case {
    const char *type, *settings;
    int min_D; /* smallest board the case applies to */
} simple_case;

static const simple_case simple[] = {
    {"edge", NULL, 4},
    {"edge", "{\"kind\":\"kropki\",\"negative\":1}", 4},
    {"edge", "{\"kind\":\"kropki\",\"color\":\"white\",\"negative\":1}", 4},
    {"edge", "{\"kind\":\"kropki\",\"color\":\"black\",\"negative\":1}", 4},
    {"edge", "{\"kind\":\"kropki\",\"all\":0,\"count\":5}", 4},
    {"edge", "{\"kind\":\"xv\",\"negative\":1}", 9},
    {"edge", "{\"kind\":\"xv\",\"letter\":\"V\",\"negative\":1}", 4},
    {"edge", "{\"kind\":\"difference\",\"value\":3,\"negative\":1}", 4},
    {"edge", "{\"kind\":\"ratio\",\"value\":3,\"negative\":1}", 4},
    {"edge", "{\"kind\":\"sum\",\"sum\":7,\"negative\":1}", 6},
    {"edge", "{\"kind\":\"product\",\"value\":12,\"negative\":1}", 4},
    {"edge", "{\"kind\":\"greater\",\"all\":0,\"count\":10}", 4},
    {"outside", NULL, 4},
    {"outside", "{\"kind\":\"sandwich\",\"all\":0,\"count\":4}", 4},
    {"outside", "{\"kind\":\"little_killer\"}", 4},
    {"outside", "{\"kind\":\"little_killer\",\"all\":1}", 4},
    {"outside", "{\"kind\":\"x_sum\",\"count\":8}", 4},
    {"outside", "{\"kind\":\"skyscraper\",\"all\":1}", 4},
    {"outside", "{\"kind\":\"rossini\",\"negative\":1}", 4},
    {"cell", NULL, 4},
    {"cell", "{\"kind\":\"even\",\"all\":1,\"negative\":1}", 4},
    {"cell", "{\"kind\":\"high\",\"split\":3,\"count\":10}", 4},
    {"cell", "{\"kind\":\"low\",\"all\":1,\"negative\":1}", 4},
    {"corner", NULL, 4},
    {"corner", "{\"kind\":\"quadruple\",\"digits\":2,\"count\":8}", 4},
    {"corner", "{\"kind\":\"battenburg\",\"all\":1,\"negative\":1}", 4},
};

static void simple_hooks(void **state)
{
    (void)state;
    int sol[81];
    for (size_t ci = 0; ci < sizeof simple / sizeof simple[0]; ci++)
        for (size_t bi = 0; bi < 3; bi++) {
            const bdef *bd = &boards[bi];
            if (bd->D < simple[ci].min_D) continue;
            for (int seed = 1; seed <= rounds(6); seed++) {
                random_grid(bd, (uint64_t)seed * 613u + bi, sol);
                char *rules = gen(t_registry(), bd, simple[ci].type, simple[ci].settings, sol,
                                  (uint64_t)seed);
                cJSON *arr = cJSON_Parse(rules);
                const cJSON *rule;
                cJSON_ArrayForEach(rule, arr)
                {
                    const char *type = cJSON_GetObjectItem(rule, "type")->valuestring;
                    if (!strcmp(type, "negative")) continue;
                    assert_string_equal(type, simple[ci].type);
                    int c[81], n = cells_of(bd, cJSON_GetObjectItem(rule, "cells"), c);
                    if (!strcmp(type, "edge")) {
                        assert_int_equal(n, 2);
                        assert_true(orthogonal(bd, c[0], c[1]));
                    }
                }
                cJSON_Delete(arr);
                assert_satisfied(t_registry(), bd, rules, sol);
                rg_string_free(rules);
            }
        }
}

/* Every qualifying pair carries a kropki dot when all is 1: white where the
 * digits are consecutive, black where one is twice the other. */
static void kropki_all(void **state)
{
    (void)state;
    const bdef *bd = &boards[0];
    int sol[81];
    random_grid(bd, 99, sol);
    char *rules = gen(t_registry(), bd, "edge", "{\"kind\":\"kropki\"}", sol, 5);
    int want = 0;
    for (int c = 0; c < 81; c++)
        for (int dir = 0; dir < 2; dir++) {
            int o = dir ? c + 9 : c + 1;
            if (dir ? c >= 72 : c % 9 == 8) continue;
            int a = sol[c], b = sol[o];
            want += abs(a - b) == 1 || a == 2 * b || b == 2 * a;
        }
    assert_int_equal(count_rules(rules), want);
    rg_string_free(rules);
    /* With the negative, one dot left out breaks the puzzle: the grid no
     * longer satisfies it. */
    rules = gen(t_registry(), bd, "edge", "{\"kind\":\"kropki\",\"negative\":1}", sol, 5);
    cJSON *arr = cJSON_Parse(rules);
    assert_int_equal(cJSON_GetArraySize(arr), want + 1);
    cJSON_DeleteItemFromArray(arr, 0);
    char *fewer = cJSON_PrintUnformatted(arr);
    doc_text(docbuf, sizeof docbuf, bd, fewer, NULL);
    rg_puzzle *p = t_parse(docbuf);
    assert_int_not_equal(rg_puzzle_check(p, sol), -1);
    rg_puzzle_free(p);
    cJSON_free(fewer);
    cJSON_Delete(arr);
    rg_string_free(rules);
}

/* ---- Seeds, errors, a third-party hook -------------------------------------------- */

static const struct {
    const char *type, *settings;
} every[] = {
    {"cage", NULL},
    {"line", "{\"kind\":\"whisper\"}"},
    {"line", "{\"kind\":\"renban\",\"count\":6}"},
    {"arrow", NULL},
    {"edge", "{\"kind\":\"kropki\",\"all\":0,\"count\":6}"},
    {"outside", "{\"kind\":\"little_killer\"}"},
    {"cell", NULL},
    {"corner", NULL},
};

static void seeds(void **state)
{
    (void)state;
    const bdef *bd = &boards[0];
    int sol[81];
    random_grid(bd, 4242, sol);
    for (size_t i = 0; i < sizeof every / sizeof every[0]; i++) {
        char *a = gen(t_registry(), bd, every[i].type, every[i].settings, sol, 11);
        char *b = gen(t_registry(), bd, every[i].type, every[i].settings, sol, 11);
        assert_string_equal(a, b);
        int differ = 0;
        for (uint64_t s = 12; s < 17 && !differ; s++) {
            char *c = gen(t_registry(), bd, every[i].type, every[i].settings, sol, s);
            differ = strcmp(a, c) != 0;
            rg_string_free(c);
        }
        if (!differ) fail_msg("%s: five seeds gave the same clues", every[i].type);
        rg_string_free(a);
        rg_string_free(b);
    }
}

/* "kind": "any" (what rulegrid verify asks for): each request draws one
 * of the type's kinds, so that over a few seeds several kinds come out,
 * each a valid rule the grid satisfies; and a type without kinds ignores
 * it. */
static void any_kind(void **state)
{
    (void)state;
    const bdef *bd = &boards[0];
    int sol[81];
    random_grid(bd, 777, sol);
    static const char *const types[] = {"line", "outside", "edge", "cell", "corner"};
    for (size_t t = 0; t < sizeof types / sizeof *types; t++) {
        char seen[16][32];
        int nseen = 0;
        for (uint64_t seed = 1; seed <= 40; seed++) {
            char *out = NULL;
            rg_error err;
            if (gen_in(t_registry(), bd, types[t], "{\"kind\": \"any\"}", sol, seed, &out, &err) !=
                RG_OK)
                continue; /* a kind this grid cannot carry: an error, never a bad rule */
            assert_satisfied(t_registry(), bd, out, sol);
            const char *k = strstr(out, "\"kind\": \"");
            if (!k) k = strstr(out, "\"kind\":\"");
            if (k) {
                k = strchr(k + 7, '"') + 1;
                char name[32];
                size_t n = strcspn(k, "\"");
                snprintf(name, sizeof name, "%.*s", (int)(n < 31 ? n : 31), k);
                int known = 0;
                for (int i = 0; i < nseen; i++) known |= strcmp(seen[i], name) == 0;
                if (!known && nseen < 16) snprintf(seen[nseen++], sizeof seen[0], "%s", name);
            }
            rg_string_free(out);
        }
        if (nseen < 2) fail_msg("%s with kind any: %d kind(s) in 40 seeds", types[t], nseen);
    }
    rg_string_free(gen(t_registry(), bd, "cage", "{\"kind\": \"any\"}", sol, 1));
}

static void errors(void **state)
{
    (void)state;
    static const struct {
        int D;
        const char *type, *settings, *message;
    } cases[] = {
        {9, "cage", "{\"max_size\":0}", "setting max_size is 0; it must be between 1 and 9"},
        {9, "cage", "{\"max_size\":10}", "setting max_size is 10; it must be between 1 and 9"},
        {9, "cage", "{\"min_size\":4,\"max_size\":3}", "min_size is 4 but max_size is 3"},
        {9, "cage", "{\"coverage\":0}", "setting coverage is 0"},
        {9, "cage", "{\"sums\":\"yes\"}", "setting sums must be a number, not a string"},
        {9, "line", "{\"kind\":\"spiral\"}", "unknown kind \"spiral\"; it must be one of thermo"},
        {9, "line", "{\"kind\":3}", "setting kind must be a string, not a number"},
        {9, "line", "{\"kind\":\"thermo\",\"value\":2}", "setting value does not apply to thermo"},
        {9, "line", "{\"kind\":\"whisper\",\"value\":9}",
         "setting value is 9; it must be between 1 and 8"},
        {9, "line", "{\"kind\":\"thermo\",\"max_len\":10}",
         "setting max_len is 10; it must be between 3 and 9"},
        {9, "line", "{\"kind\":\"between\",\"min_len\":2}",
         "setting min_len is 2; it must be between 3"},
        {9, "line", "{\"count\":0}", "setting count is 0"},
        {9, "arrow", "{\"min_len\":3,\"max_len\":2}", "setting max_len is 2; it must be between 3"},
        {9, "arrow", "{\"pill\":2}", "setting pill is 2"},
        {9, "edge", "{\"kind\":\"dots\"}", "unknown kind \"dots\""},
        {9, "edge", "{\"all\":0,\"negative\":1}", "negative needs all 1"},
        {9, "edge", "{\"kind\":\"xv\",\"color\":\"white\"}", "setting color does not apply to xv"},
        {9, "edge", "{\"kind\":\"kropki\",\"color\":\"red\"}", "unknown color \"red\""},
        {9, "edge", "{\"kind\":\"product\"}", "product edges need a value"},
        {9, "edge", "{\"kind\":\"greater\",\"negative\":1}", "greater edges have no negative"},
        {9, "outside", "{\"kind\":\"sandwich\",\"negative\":1}", "negative applies to rossini"},
        {9, "outside", "{\"kind\":\"arrow\"}", "unknown kind \"arrow\""},
        {9, "cell", "{\"kind\":\"odd\",\"split\":3}", "split does not apply to odd"},
        {9, "cell", "{\"kind\":\"low\",\"split\":9}",
         "setting split is 9; it must be between 1 and 8"},
        {9, "corner", "{\"digits\":5}", "setting digits is 5"},
        {9, "cage", "{\"max_size\":4.5}", "setting max_size is 4.5; it must be a whole number"},
        {9, "cage", "{\"count\":1e12}", "count is 1000000000000, past what a setting holds"},
        {9, "cage", "{\"max_size\":{}}", "setting max_size is an object; a setting is a number"},
        {9, "line", "{\"kind\":[\"thermo\"]}", "setting kind is a list; a setting is a number"},
        {9, "houses", NULL, "no loaded plugin registers rule type houses"},
        {9, "box_grid", NULL, "rule type box_grid cannot generate clues"},
    };
    int sol[81];
    random_grid(&boards[0], 1, sol);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *out = NULL;
        rg_error err;
        int rc =
            gen_in(t_registry(), &boards[0], cases[i].type, cases[i].settings, sol, 1, &out, &err);
        if (rc == RG_OK) {
            fail_msg("%s %s: no error, rules %s", cases[i].type, cases[i].settings, out);
        }
        assert_null(out);
        assert_int_equal(err.code, rc);
        if (!strstr(err.message, cases[i].message))
            fail_msg("%s %s: message \"%s\" lacks \"%s\"", cases[i].type, cases[i].settings,
                     err.message, cases[i].message);
    }
}

/* Layout hooks run on the bare board (no solution): the box type's lays out
 * D pieces of D orthogonally connected cells covering a D x D board. */
static void layouts(void **state)
{
    (void)state;
    for (size_t b = 0; b < sizeof boards / sizeof boards[0]; b++) {
        const bdef *bd = &boards[b];
        char *out = gen(t_registry(), bd, "box", NULL, NULL, 5 + b);
        cJSON *rules = cJSON_Parse(out);
        assert_int_equal(cJSON_GetArraySize(rules), bd->D);
        int piece[81], n = bd->D * bd->D;
        for (int c = 0; c < n; c++) piece[c] = -1;
        int k = 0;
        const cJSON *rule;
        cJSON_ArrayForEach(rule, rules)
        {
            assert_string_equal(cJSON_GetObjectItem(rule, "type")->valuestring, "box");
            const cJSON *cells = cJSON_GetObjectItem(rule, "cells"), *name;
            assert_int_equal(cJSON_GetArraySize(cells), bd->D);
            cJSON_ArrayForEach(name, cells)
            {
                int r, c;
                assert_int_equal(sscanf(name->valuestring, "r%dc%d", &r, &c), 2);
                assert_int_equal(piece[(r - 1) * bd->D + c - 1], -1);
                piece[(r - 1) * bd->D + c - 1] = k;
            }
            k++;
        }
        /* Each piece connected: grow it from its first cell. */
        for (k = 0; k < bd->D; k++) {
            int seen[81] = {0}, queue[81], head = 0, tail = 0;
            for (int c = 0; c < n && !tail; c++)
                if (piece[c] == k) queue[tail++] = c, seen[c] = 1;
            while (head < tail) {
                int c = queue[head++], r = c / bd->D, col = c % bd->D;
                const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
                for (int d = 0; d < 4; d++) {
                    int y = r + dr[d], x = col + dc[d], m = y * bd->D + x;
                    if (y < 0 || x < 0 || y >= bd->D || x >= bd->D || seen[m] || piece[m] != k)
                        continue;
                    seen[m] = 1;
                    queue[tail++] = m;
                }
            }
            assert_int_equal(tail, bd->D);
        }
        cJSON_Delete(rules);
        rg_string_free(out);
    }
    /* A type without the hook, and a board the pieces cannot tile. */
    char *out = NULL;
    rg_error err;
    assert_int_equal(gen_in(t_registry(), &boards[0], "cage", NULL, NULL, 1, &out, &err),
                     RG_E_FORMAT);
    assert_non_null(strstr(err.message, "rule type cage cannot lay out rules before the fill"));
    const char *wide = "{\"format\":\"rulegrid\",\"version\":1,\"board\":{\"rows\":6,"
                       "\"columns\":9,\"digits\":9},\"rules\":[]}";
    rg_puzzle *templ = t_parse_in(t_registry(), wide);
    rg_error_clear(&err);
    assert_int_equal(rg_generate_clues(t_registry(), templ, "box", NULL, NULL, 1, &out, &err),
                     RG_E_FORMAT);
    assert_null(out);
    assert_non_null(strstr(err.message, "box layout: jigsaw pieces need a full square board"));
    rg_puzzle_free(templ);
}

/* The cell indices a rule names (9 x 9: rRcC is (R-1)*9 + C-1) into mark. */
static void mark_cells(const cJSON *rule, unsigned char *mark)
{
    const cJSON *c;
    cJSON_ArrayForEach(c, cJSON_GetObjectItemCaseSensitive(rule, "cells"))
    {
        int r, col;
        assert_int_equal(sscanf(c->valuestring, "r%dc%d", &r, &col), 2);
        mark[(r - 1) * 9 + col - 1] = 1;
    }
}

/* With a set of wanted cells, the cage hook emits the cages lying inside
 * them, in the order it emits them without one, and leaves the random
 * stream where it leaves it without one: a repair makes the same puzzle
 * whether or not the hook skips what it would drop. */
static void wanted_cells(void **state)
{
    (void)state;
    rg_registry *reg = t_registry();
    const rg_rule_type *t = rg_registry_find(reg, "cage");
    if (!t) skip();
    rg_json_hooks();
    doc_text(docbuf, sizeof docbuf, &boards[0], NULL, NULL);
    rg_puzzle *templ = t_parse_in(reg, docbuf);
    int sol[81], kept = 0, dropped = 0;
    for (int seed = 1; seed <= rounds(40); seed++) {
        random_grid(&boards[0], (uint64_t)seed, sol);
        unsigned char wanted[81];
        uint64_t pick = (uint64_t)seed * 0x9E3779B97F4A7C15ull;
        for (int c = 0; c < 81; c++) /* a third of the cells, in runs */
            wanted[c] = (unsigned char)((pick >> (c / 5 % 60)) % 3 == 0);
        uint64_t rng_all = (uint64_t)seed, rng_some = (uint64_t)seed;
        cJSON *all = cJSON_CreateArray(), *some = cJSON_CreateArray();
        rg_error err;
        rg_error_clear(&err);
        assert_int_equal(rg_hook_run(t, templ, NULL, NULL, sol, NULL, &rng_all, all, 1, NULL, &err),
                         RG_OK);
        assert_int_equal(
            rg_hook_run(t, templ, NULL, NULL, sol, wanted, &rng_some, some, 1, NULL, &err), RG_OK);
        assert_true(rng_all == rng_some);
        const cJSON *s = some->child;
        for (const cJSON *a = all->child; a; a = a->next) {
            unsigned char names[81] = {0};
            mark_cells(a, names);
            int inside = 1;
            for (int c = 0; c < 81; c++)
                if (names[c] && !wanted[c]) inside = 0;
            if (!inside) {
                dropped++;
                continue;
            }
            assert_non_null(s);
            assert_true(cJSON_Compare(a, s, 1));
            s = s->next;
            kept++;
        }
        assert_null(s);
        cJSON_Delete(all);
        cJSON_Delete(some);
    }
    assert_true(kept > 0 && dropped > 0);
    rg_puzzle_free(templ);
}

/* lab.clone, built from examples/plugin against the headers only, invents
 * clones through its own hook with no change to rulegrid. */
static void third_party(void **state)
{
    (void)state;
    rg_registry *reg = rg_registry_new();
    rg_error err;
    rg_error_clear(&err);
    assert_int_equal(rg_registry_load_default(reg, NULL, rg_builtin_plugin_dir(), &err), RG_OK);
    assert_int_equal(rg_registry_load_file(reg, RG_BUILD_DIR "/test-plugins/clone/clone.so", &err),
                     RG_OK);
    int sol[81], made = 0;
    for (size_t bi = 0; bi < 3; bi++)
        for (int seed = 1; seed <= rounds(10); seed++) {
            const bdef *bd = &boards[bi];
            random_grid(bd, (uint64_t)seed + 50 * bi, sol);
            char *rules = gen(reg, bd, "lab.clone", "{\"count\":2}", sol, (uint64_t)seed);
            made += count_rules(rules);
            assert_satisfied(reg, bd, rules, sol);
            rg_string_free(rules);
        }
    assert_true(made > 0);
    char *out = NULL;
    assert_int_not_equal(
        gen_in(reg, &boards[0], "lab.clone", "{\"max_size\":0}", sol, 1, &out, &err), RG_OK);
    assert_non_null(strstr(err.message, "max_size"));
    rg_registry_free(reg);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(cages, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(lines, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(arrows, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(simple_hooks, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(kropki_all, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(seeds, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(any_kind, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(errors, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(layouts, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(third_party, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(wanted_cells, t_mem_setup, t_mem_teardown),
    };
    return t_done(cmocka_run_group_tests(tests, NULL, NULL));
}
