/* rulegrid verify's parts: the engine taken apart (search/trial.c: start
 * space, the queue's fixpoint, single runs, a decision below the root), the
 * exhaustive search it judges by (against the plain search it replaced and
 * against enumeration, on random trials), the checks on documents that hold and on
 * one whose propagator is unsound or whose check reads a cell its rule does
 * not hold, and rg_verify_type on built-in and broken
 * rule types (tests/data/plugins/sumbug.c). The command: tests/cli/verify.sh. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base/clock.h"
#include "base/json.h"
#include "model/check.h"
#include "model/record.h"
#include "search/solver.h"
#include "search/trial.h"
#include "support.h"
#include "verify/mutate.h"
#include "verify/trialdoc.h"
#include "verify/verify.h"

#include <cjson/cJSON.h>

/* A registry of the built-in plugins and the test plugin of `which`
 * (sumok, sumbound, sumevents, sumscope). */
static rg_registry *with_plugin(const char *which)
{
    char dir[1024];
    snprintf(dir, sizeof dir, "%s/test-plugins/%s", RG_BUILD_DIR, which);
    return t_registry_with(dir);
}

static rg_puzzle *parse_with(rg_registry *reg, const char *json)
{
    rg_puzzle *p = NULL;
    rg_error err;
    rg_error_clear(&err);
    assert_int_equal(rg_puzzle_parse(reg, json, strlen(json), "test", 0, &p, &err), RG_OK);
    return p;
}

#define CAGE3                                                                                      \
    "{\"format\": \"rulegrid\", \"version\": 1, \"board\": {\"rows\": 1, \"columns\": 3, "         \
    "\"digits\": 4}, \"rules\": [{\"type\": \"cage\", \"cells\": [\"r1c1\", \"r1c2\"], "           \
    "\"sum\": 3}]}"

/* The start space is the root domains; the fixpoint is the engine's; one
 * run of the cage prunes its own cells to {1, 2}; a decision below the
 * root (r1c1 = 1) gives r1c2 = 2. */
static void engine_parts(void **state)
{
    (void)state;
    rg_puzzle *p = t_parse(CAGE3);
    rg_solver *s = rg_solver_new();
    assert_int_equal(rg_trial_start(s, p, NULL), 0);
    size_t bytes = rg_trial_bytes(s);
    unsigned char *a = calloc(1, bytes), *b = calloc(1, bytes);
    assert_int_equal(rg_trial_start(s, p, a), 0);
    const rg_mask *da = rg_trial_domains(a), *db = rg_trial_domains(b);
    for (int c = 0; c < 3; c++) assert_int_equal(da[c], 0xF);
    assert_true(p->model->nprops >= 1);
    int r = rg_trial_run(s, 0, a);
    assert_true(r == RG_PROP_FIX || r == RG_PROP_NOFIX);
    assert_int_equal(da[0], 0x3);
    assert_int_equal(da[1], 0x3);
    assert_int_equal(da[2], 0xF); /* not its cell */
    rg_error err;
    rg_error_clear(&err);
    assert_int_equal(rg_trial_fixpoint(s, p, b, &err), 0);
    assert_int_equal(db[0], 0x3);
    assert_int_equal(db[1], 0x3);
    assert_int_equal(rg_trial_narrow(s, b, 0, 0x1, &err), 0);
    assert_int_equal(db[0], 0x1);
    assert_int_equal(db[1], 0x2);
    assert_int_equal(rg_trial_fixpoint(s, p, b, &err), 0);
    assert_int_equal(rg_trial_narrow(s, b, 1, 0x4, &err), RG_FAIL); /* 3 is not in {1, 2} */
    free(a), free(b);
    rg_solver_free(s);
    rg_puzzle_free(p);
}

/* The exhaustive search: a solution with a cell fixed when there is one,
 * none when the digit cannot be used, none when the sum cannot be made. */
static void search(void **state)
{
    (void)state;
    rg_puzzle *p = t_parse(CAGE3);
    rg_vctx v = {.p = p, .m = p->model, .N = 3, .D = 4, .budget = 1000};
    int witness[3];
    rg_mask stack[5 * 3], dom[3] = {0xF, 0xF, 0xF};
    v.witness = witness, v.stack = stack;
    assert_int_equal(rg_verify_search_init(&v), RG_OK);
    assert_int_equal(rg_verify_solution(&v, dom, 0, 2), 1);
    assert_int_equal(witness[0], 2);
    assert_int_equal(witness[1], 1);
    assert_int_equal(rg_verify_solution(&v, dom, 0, 3), 0);
    assert_int_equal(rg_verify_solution(&v, dom, 2, 4), 1);
    dom[1] = 0x4; /* r1c2 = 3: 1 + 3 and 2 + 3 miss 3 */
    assert_int_equal(rg_verify_solution(&v, dom, -1, 0), 0);
    v.nodes = 0, v.budget = 0; /* no node left: undecided */
    dom[1] = 0xF;
    assert_int_equal(rg_verify_solution(&v, dom, -1, 0), -1);
    rg_verify_search_free(&v);
    rg_puzzle_free(p);
}

/* The search as it was before it skipped free cells and jumped back over
 * decisions a failure does not involve: plain depth first, the reference
 * the current one must agree with wherever this one decides. */
static int plain_pick(const rg_vctx *v, const rg_mask *dom)
{
    int best = -1, bn = 99;
    for (int c = 0; c < v->N; c++) {
        if (v->witness[c]) continue;
        int n = __builtin_popcount(dom[c]);
        if (n < bn) best = c, bn = n;
    }
    return best;
}

static int plain_place(const rg_vctx *v, rg_mask *dom, int c, int d)
{
    rg_mask bit = 1u << (d - 1);
    dom[c] = bit;
    for (int k = v->m->peer_off[c]; k < v->m->peer_off[c + 1]; k++) {
        int q = v->m->peers[k];
        if (!v->witness[q] && !(dom[q] &= ~bit)) return 0;
    }
    return 1;
}

static int plain_dfs(rg_vctx *v, int depth)
{
    const rg_mask *dom = v->stack + (size_t)depth * (size_t)v->N;
    int c = plain_pick(v, dom);
    if (c < 0) return rg_check_values(v->m, v->witness) == -1;
    if (++v->nodes > v->budget) return -1;
    rg_mask *next = v->stack + (size_t)(depth + 1) * (size_t)v->N;
    for (rg_mask left = dom[c]; left; left &= left - 1) {
        int d = __builtin_ctz(left) + 1;
        memcpy(next, dom, (size_t)v->N * sizeof *next);
        v->witness[c] = d;
        if (plain_place(v, next, c, d) && rg_check_broken(v->m, v->witness) == -1) {
            int r = plain_dfs(v, depth + 1);
            if (r) return r;
        }
        v->witness[c] = 0;
    }
    return 0;
}

static int plain_solution(rg_vctx *v, const rg_mask *dom, int c, int d)
{
    memset(v->witness, 0, (size_t)v->N * sizeof *v->witness);
    memcpy(v->stack, dom, (size_t)v->N * sizeof *v->stack);
    for (int q = 0; q < v->N; q++)
        if (!dom[q]) return 0;
    if (c >= 0) {
        if (!(dom[c] & (1u << (d - 1)))) return 0;
        v->witness[c] = d;
        if (!plain_place(v, v->stack, c, d) || rg_check_broken(v->m, v->witness) != -1) return 0;
    }
    return plain_dfs(v, 0);
}

/* A random trial like verify's: a board of 3 to 6 digits (small: 3 or 4, on
 * fewer cells) with row and column houses or none, one or two rules of type
 * from its generate hook over a random solution, the board grown by a few
 * rows and columns when it has no houses (so that free cells remain), givens
 * and odd or even restrictions. NULL when the hook made nothing that reads. */
static rg_puzzle *random_trial(const char *type, uint64_t *rng, int small)
{
    rg_vspec sp;
    memset(&sp, 0, sizeof sp);
    sp.digits = 3 + (int)t_rand(rng, small ? 2 : 4);
    sp.rows = 2 + (int)t_rand(rng, small ? 2 : 4), sp.cols = 2 + (int)t_rand(rng, small ? 2 : 4);
    sp.houses = t_rand(rng, 2) ? RG_VHOUSES_LINES : RG_VHOUSES_NONE;
    if (sp.houses && (sp.rows > sp.digits || sp.cols > sp.digits)) sp.houses = RG_VHOUSES_NONE;
    sp.rules = cJSON_CreateArray();
    char *text = rg_vspec_text(&sp);
    rg_puzzle *templ = text ? t_parse(text) : NULL;
    rg_string_free(text);
    rg_solver *s = rg_solver_new();
    rg_options o;
    rg_options_default(&o);
    o.values = RG_VALUES_RANDOM, o.seed = 1 + t_rand(rng, 1000), o.max_nodes = 3000;
    rg_result res;
    rg_error e;
    int n = rg_puzzle_cells(templ), *sol = calloc((size_t)n, sizeof *sol), made = 0;
    char *json = NULL;
    if (rg_solve(s, templ, &o, &res, &e) == RG_OK && res.solution) {
        memcpy(sol, res.solution, (size_t)n * sizeof *sol);
        made = rg_generate_clues(t_registry(), templ, type, "{\"kind\": \"any\"}", sol,
                                 1 + t_rand(rng, 1000), &json, &e) == RG_OK;
    }
    rg_solver_free(s);
    rg_puzzle_free(templ);
    cJSON *all = made ? cJSON_Parse(json) : NULL;
    rg_string_free(json);
    for (int k = 1 + (int)t_rand(rng, 2); all && k > 0 && cJSON_GetArraySize(all) > 0; k--)
        cJSON_AddItemToArray(sp.rules, cJSON_DetachItemFromArray(all, 0));
    cJSON_Delete(all);
    int rows0 = sp.rows, cols0 = sp.cols;
    if (!sp.houses) sp.rows += (int)t_rand(rng, small ? 2 : 4), sp.cols += (int)t_rand(rng, 3);
    for (int r = 0; r < sp.rows; r++)
        for (int c = 0; c < sp.cols; c++) {
            int known = r < rows0 && c < cols0 && t_rand(rng, 10), i = r * sp.cols + c;
            int want = known ? sol[r * cols0 + c] : 1 + (int)t_rand(rng, (unsigned)sp.digits);
            if (t_rand(rng, 100) < 25)
                sp.givens[i] = want;
            else if (!t_rand(rng, 8))
                sp.parity[i] = (signed char)(want % 2 ? 1 : 2);
        }
    free(sol);
    text = sp.rules->child ? rg_vspec_text(&sp) : NULL;
    rg_vspec_free(&sp);
    rg_puzzle *p = NULL;
    if (text) {
        rg_error err;
        if (rg_puzzle_parse(t_registry(), text, strlen(text), "trial", 0, &p, &err) != RG_OK)
            p = NULL;
    }
    rg_string_free(text);
    return p;
}

/* The start domains of p (from rg_trial_start) and a context for the
 * search over them; free with judge_free. */
static rg_mask *judge_setup(rg_solver *s, const rg_puzzle *p, rg_vctx *v)
{
    memset(v, 0, sizeof *v);
    v->p = p, v->m = p->model, v->N = rg_puzzle_cells(p), v->D = p->model->board.digits;
    rg_trial_start(s, p, NULL);
    unsigned char *space = calloc(1, rg_trial_bytes(s));
    assert_non_null(space);
    rg_trial_start(s, p, space);
    v->witness = calloc((size_t)v->N, sizeof *v->witness);
    v->stack = calloc(((size_t)v->N + 2) * ((size_t)v->N + 1), sizeof *v->stack);
    assert_non_null(v->witness);
    assert_non_null(v->stack);
    assert_int_equal(rg_verify_search_init(v), RG_OK);
    return (rg_mask *)space; /* the domains come first */
}

static void judge_free(rg_vctx *v, rg_mask *dom)
{
    rg_verify_search_free(v);
    free(v->witness), free(v->stack), free(dom);
}

/* The search against the plain search it replaced, on random trials of
 * every type with a generate hook (rows and columns or no houses, free
 * cells, givens, restrictions): for the start domains and each of their
 * digits in each cell, wherever the plain search answers within its budget
 * the search gives the same answer and the same first solution in no more
 * nodes; and it decides some that the plain search left undecided. */
static void judge_as_plain(void **state)
{
    (void)state;
    static const char *types[] = {"cage", "line", "arrow", "edge", "outside", "corner", "cell"};
    uint64_t rng = 11;
    long compared = 0, found = 0, gained = 0;
    rg_solver *s = rg_solver_new();
    int rounds = t_rounds(700, 140, 28);
    for (int t = 0; t < rounds; t++) {
        rg_puzzle *p = random_trial(types[t % 7], &rng, 0);
        if (!p) continue;
        rg_vctx v;
        rg_mask *dom = judge_setup(s, p, &v);
        int *plain = calloc((size_t)v.N, sizeof *plain);
        assert_non_null(plain);
        for (int c = -1; c < v.N; c++)
            for (rg_mask g = c < 0 ? 1 : dom[c]; g; g &= g - 1) {
                int d = c < 0 ? 0 : __builtin_ctz(g) + 1;
                v.nodes = 0, v.budget = 400;
                int a = plain_solution(&v, dom, c, d);
                uint64_t na = v.nodes;
                memcpy(plain, v.witness, (size_t)v.N * sizeof *plain);
                v.nodes = 0;
                int b = rg_verify_solution(&v, dom, c, d);
                if (a < 0) {
                    gained += b >= 0;
                    continue;
                }
                compared++;
                assert_int_equal(b, a);
                assert_true(v.nodes <= na);
                if (a == 1) {
                    found++;
                    assert_memory_equal(v.witness, plain, (size_t)v.N * sizeof *plain);
                }
            }
        free(plain);
        judge_free(&v, dom);
        rg_puzzle_free(p);
    }
    rg_solver_free(s);
    assert_true(compared > rounds * 5);
    assert_true(found > rounds);
    assert_true(gained > 0);
}

/* The search against every complete assignment of the start domains of
 * small random trials: a solution with cell c holding digit d exactly when
 * one of them is accepted by every rule, with no node budget. */
static void judge_as_enumeration(void **state)
{
    (void)state;
    static const char *types[] = {"cage", "line", "arrow", "edge", "outside", "corner", "cell"};
    uint64_t rng = 5;
    int checked = 0, rounds = t_rounds(500, 100, 20);
    rg_solver *s = rg_solver_new();
    for (int t = 0; t < rounds; t++) {
        rg_puzzle *p = random_trial(types[t % 7], &rng, 1);
        if (!p) continue;
        rg_vctx v;
        rg_mask *dom = judge_setup(s, p, &v);
        double space = 1;
        for (int c = 0; c < v.N; c++) space *= __builtin_popcount(dom[c]);
        size_t n = (size_t)(v.N > 0 ? v.N : 1);
        int *a = calloc(n, sizeof *a);
        rg_mask *support = calloc(n, sizeof *support);
        assert_non_null(a);
        assert_non_null(support);
        int any = 0, live = space > 0 && space <= 200000;
        for (int c = 0; live && c < v.N; c++) a[c] = __builtin_ctz(dom[c]) + 1;
        while (live) { /* every assignment, as an odometer over the domains */
            if (rg_check_values(v.m, a) == -1) {
                any = 1;
                for (int c = 0; c < v.N; c++) support[c] |= 1u << (a[c] - 1);
            }
            int c = 0;
            for (; c < v.N; c++) {
                rg_mask above = dom[c] & ~((2u << (a[c] - 1)) - 1);
                if (above) {
                    a[c] = __builtin_ctz(above) + 1;
                    break;
                }
                a[c] = __builtin_ctz(dom[c]) + 1;
            }
            if (c == v.N) break;
        }
        for (int c = -1; live && c < v.N; c++)
            for (rg_mask g = c < 0 ? 1 : dom[c]; g; g &= g - 1) {
                int d = c < 0 ? 0 : __builtin_ctz(g) + 1;
                int want = c < 0 ? any : (support[c] & (g & -g)) != 0;
                v.nodes = 0, v.budget = UINT64_MAX;
                assert_int_equal(rg_verify_solution(&v, dom, c, d), want);
                if (want) assert_int_equal(rg_check_values(v.m, v.witness), -1);
                if (want && c >= 0) assert_int_equal(v.witness[c], d);
            }
        checked += live;
        free(a), free(support);
        judge_free(&v, dom);
        rg_puzzle_free(p);
    }
    rg_solver_free(s);
    assert_true(checked > rounds / 4);
}

/* Every check holds on built-in rules; an off-by-one bound fails
 * soundness, naming its propagator and the digit it removed. The same on a
 * 9 x 9 board with free cells (a `cell` restriction and nothing else on
 * them): a cage with odd cells before it in the order of the search was
 * undecided within the default budget (the search went through the odd
 * cells' digits again for each failure below them), and is decided; the
 * unsound sum among them is caught, with the completion the plain search
 * gave. A check that reads a cell its rule does not hold fails scope. */
#define SUM12                                                                                      \
    "{\"format\": \"rulegrid\", \"version\": 1, \"board\": {\"rows\": 1, \"columns\": 3, "         \
    "\"digits\": 3}, \"rules\": [{\"type\": \"%s\", \"cells\": [\"r1c1\", \"r1c2\"], "             \
    "\"sum\": 4}]}"
#define ODD12 "{\"type\": \"cell\", \"kind\": \"odd\", \"cells\": [\"r1c1:r1c9\", \"r2c1:r2c3\"]}"
static void checks(void **state)
{
    (void)state;
    rg_solver *s = rg_solver_new();
    rg_vfail f;
    long runs = 0;
    int inconclusive = 0;
    rg_error err;
    rg_error_clear(&err);
    rg_puzzle *p = t_parse(
        "{\"format\": \"rulegrid\", \"version\": 1, \"board\": {\"rows\": 4, \"columns\": 4, "
        "\"digits\": 4}, \"rules\": [{\"type\": \"box_grid\", \"origin\": \"r1c1\", \"box\": [2, "
        "2]}, {\"type\": \"cage\", \"cells\": [\"r1c1\", \"r1c2\", \"r2c1\"], \"sum\": 7}, "
        "{\"type\": \"line\", \"kind\": \"thermo\", \"cells\": [\"r3c1\", \"r3c2\", \"r4c3\"]}], "
        "\"givens\": {\"r4c4\": 2}}");
    assert_int_equal(rg_verify_checks(s, p, 1, NULL, &f, &runs, &inconclusive, &err), 0);
    assert_null(f.check);
    assert_true(runs > 10);
    rg_puzzle_free(p);

    rg_registry *reg = with_plugin("sumbound");
    p = parse_with(reg, "{\"format\": \"rulegrid\", \"version\": 1, \"board\": {\"rows\": 1, "
                        "\"columns\": 2, \"digits\": 3}, \"rules\": [{\"type\": "
                        "\"test.sum_bound\", \"cells\": [\"r1c1\", \"r1c2\"], \"sum\": 6}]}");
    assert_int_equal(rg_verify_checks(s, p, 1, NULL, &f, &runs, &inconclusive, &err), 1);
    assert_string_equal(f.check, "soundness");
    assert_string_equal(f.name, "test_sum");
    assert_int_equal(f.rule, 0);
    assert_non_null(strstr(f.removed, "3"));
    rg_puzzle_free(p);

    p = t_parse("{\"format\": \"rulegrid\", \"version\": 1, \"board\": {\"rows\": 9, "
                "\"columns\": 9, \"digits\": 9}, \"rules\": [{\"type\": \"cage\", "
                "\"cells\": [\"r5c5\", \"r5c6\"], \"sum\": 5}, " ODD12 "]}");
    inconclusive = 0;
    assert_int_equal(rg_verify_checks(s, p, 1, NULL, &f, &runs, &inconclusive, &err), 0);
    assert_null(f.check);
    assert_int_equal(inconclusive, 0);
    rg_puzzle_free(p);
    p = parse_with(reg,
                   "{\"format\": \"rulegrid\", \"version\": 1, \"board\": {\"rows\": 9, "
                   "\"columns\": 9, \"digits\": 9}, \"rules\": [{\"type\": \"test.sum_bound\", "
                   "\"cells\": [\"r5c5\", \"r5c6\", \"r5c7\"], \"sum\": 7}, " ODD12 "], "
                   "\"givens\": {\"r5c7\": 2}}");
    assert_int_equal(rg_verify_checks(s, p, 1, NULL, &f, &runs, &inconclusive, &err), 1);
    assert_int_equal(inconclusive, 0);
    assert_string_equal(f.check, "soundness");
    assert_string_equal(f.removed, "r5c5: 4 5 6 7 8 9; r5c6: 4 5 6 7 8 9");
    assert_non_null(strstr(f.message, "r1c9=1 r2c1=1 "));
    assert_non_null(strstr(f.message, "r5c5=1 r5c6=4 r5c7=2 "));
    rg_puzzle_free(p);
    rg_registry_free(reg);

    /* The scope check: test.sum_scope's check waits for the cell after its
     * last one, which no propagator of its rule watches (here r1c3, a free
     * cell: the judge gives it a digit without asking); verify passes it
     * without the check, since complete assignments are judged right. The
     * failure names the cell, the propagator and both answers; the correct
     * sum on the same board passes. */
    char doc[512];
    reg = with_plugin("sumscope");
    snprintf(doc, sizeof doc, SUM12, "test.sum_scope");
    p = parse_with(reg, doc);
    assert_int_equal(rg_verify_checks(s, p, 1, NULL, &f, &runs, &inconclusive, &err), 1);
    assert_string_equal(f.check, "scope");
    assert_string_equal(f.name, "test_sum");
    assert_int_equal(f.prop, 0);
    assert_int_equal(f.rule, 0);
    assert_string_equal(f.removed, "");
    assert_non_null(strstr(f.message, "propagator test_sum of rule 0 (test.sum_scope) reads "
                                      "r1c3, which no propagator of its rule watches"));
    assert_non_null(strstr(f.message, "with r1c3=0 (0: empty)"));
    rg_puzzle_free(p);
    rg_registry_free(reg);

    reg = with_plugin("sumok");
    snprintf(doc, sizeof doc, SUM12, "test.sum");
    p = parse_with(reg, doc);
    assert_int_equal(rg_verify_checks(s, p, 1, NULL, &f, &runs, &inconclusive, &err), 0);
    assert_null(f.check);
    rg_puzzle_free(p);
    rg_registry_free(reg);
    rg_solver_free(s);
}

/* A trial document reads back; cells move to the corner and back. */
static void documents(void **state)
{
    (void)state;
    rg_json_hooks(); /* cJSON allocates as the library does */
    rg_vspec sp;
    memset(&sp, 0, sizeof sp);
    sp.rows = 4, sp.cols = 4, sp.digits = 4, sp.houses = RG_VHOUSES_LATIN;
    sp.rules = cJSON_Parse("[{\"type\": \"cage\", \"cells\": [\"r3c3\", \"r3c4\"], \"sum\": 5}]");
    assert_non_null(sp.rules);
    sp.givens[0] = 1, sp.parity[5] = 2, sp.low[6] = 2, sp.high[7] = 3;
    char *text = rg_vspec_text(&sp);
    assert_non_null(text);
    rg_puzzle *p = t_parse(text);
    assert_int_equal(rg_puzzle_rule_count(p), 5); /* box_grid, cage, even, low, high */
    assert_int_equal(rg_puzzle_givens(p)[0], 1);
    rg_puzzle_free(p);
    rg_string_free(text);
    int rows, cols, r, c;
    rg_mutate_corner(sp.rules->child, &rows, &cols);
    assert_int_equal(rows, 1);
    assert_int_equal(cols, 2);
    rg_mutate_first(sp.rules->child, &r, &c);
    assert_int_equal(r, 1);
    assert_int_equal(c, 1);
    rg_mutate_shift(sp.rules->child, -2, -1);
    rg_mutate_extent(sp.rules->child, &rows, &cols);
    assert_int_equal(rows, 3);
    assert_int_equal(cols, 3);
    assert_int_equal(rg_vspec_cell("R12c3", &r, &c), 1);
    assert_int_equal(r * 100 + c, 1203);
    assert_int_equal(rg_vspec_cell("r1c", &r, &c), 0);
    rg_vspec_free(&sp);
}

/* rg_verify_type: built-in types pass; the broken bound fails soundness in
 * its first trials with a document that reproduces it (no root fixpoint with
 * the propagator, solutions by backtracking), the same for the same seed;
 * the correct sum passes; the errors name the type and the sample. (A solve
 * may still find the solution: its root stops once every cell is placed and
 * leaves the rest to the rules' checks, and this document's wrong removal
 * places both cells.) */
static void verify_type(void **state)
{
    (void)state;
    rg_verify_options o;
    rg_verify_options_default(&o);
    assert_int_equal(o.trials, RG_VERIFY_TRIALS);
    o.trials = t_scaled() ? 10 : 60;
    rg_verify_result r;
    rg_error err;
    rg_error_clear(&err);
    assert_int_equal(rg_verify_type(t_registry(), "cage", &o, &r, &err), RG_OK);
    assert_false(r.failed);
    assert_int_equal(r.trials, o.trials);
    assert_int_equal(r.source, RG_VERIFY_GENERATE);
    assert_true(r.runs > 0);
    assert_null(r.document);

    rg_registry *reg = with_plugin("sumbound");
    o.seed = 4;
    assert_int_equal(rg_verify_type(reg, "test.sum_bound", &o, &r, &err), RG_OK);
    assert_true(r.failed);
    assert_string_equal(r.check, "soundness");
    assert_true(r.trial < 20);
    assert_non_null(r.document);
    rg_puzzle *p = parse_with(reg, r.document);
    int status;
    rg_solver *s = rg_solver_new();
    rg_result res;
    rg_mask *out = calloc((size_t)rg_puzzle_cells(p), sizeof *out);
    assert_non_null(out);
    assert_true(rg_solver_root(s, p, RG_STRATEGY_INTERSECTIONS, out) < 0);
    free(out);
    t_solve(s, p, RG_STRATEGY_CHECK, RG_HEURISTIC_FIRST, 2, 0, 0, &res);
    assert_true(res.solutions >= 1);
    (void)status;
    rg_solver_free(s);
    rg_puzzle_free(p);
    rg_verify_result again;
    assert_int_equal(rg_verify_type(reg, "test.sum_bound", &o, &again, &err), RG_OK);
    assert_string_equal(again.document, r.document);
    assert_int_equal(again.trial, r.trial);
    rg_string_free(again.document);

    /* The same instances from the document as a sample. */
    o.sample = r.document, o.sample_len = strlen(r.document), o.sample_file = "min.json";
    o.sample_first = 1;
    rg_verify_result first;
    assert_int_equal(rg_verify_type(reg, "test.sum_bound", &o, &first, &err), RG_OK);
    assert_true(first.failed);
    assert_int_equal(first.trial, 0);
    assert_int_equal(first.source, RG_VERIFY_SAMPLE);
    rg_string_free(first.document);
    rg_string_free(r.document);
    rg_registry_free(reg);

    /* The check that reads a cell it does not watch: caught at the default
     * trials by the scope check, its document failing again at trial 0. */
    reg = with_plugin("sumscope");
    rg_verify_options_default(&o);
    assert_int_equal(rg_verify_type(reg, "test.sum_scope", &o, &r, &err), RG_OK);
    assert_true(r.failed);
    assert_string_equal(r.check, "scope");
    assert_string_equal(r.propagator, "test_sum");
    assert_int_equal(r.rule, 0);
    assert_true(r.trial < 10);
    assert_non_null(strstr(r.message, "which no propagator of its rule watches"));
    assert_non_null(r.document);
    o.sample = r.document, o.sample_len = strlen(r.document), o.sample_file = "scope.json";
    o.sample_first = 1;
    assert_int_equal(rg_verify_type(reg, "test.sum_scope", &o, &first, &err), RG_OK);
    assert_true(first.failed);
    assert_int_equal(first.trial, 0);
    assert_string_equal(first.check, "scope");
    rg_string_free(first.document);
    rg_string_free(r.document);
    rg_registry_free(reg);

    reg = with_plugin("sumok");
    rg_verify_options_default(&o);
    o.trials = t_scaled() ? 10 : 100;
    assert_int_equal(rg_verify_type(reg, "test.sum", &o, &r, &err), RG_OK);
    assert_false(r.failed);
    rg_registry_free(reg);
}

static void verify_errors(void **state)
{
    (void)state;
    rg_verify_options o;
    rg_verify_options_default(&o);
    rg_verify_result r;
    rg_error err;
    rg_error_clear(&err);
    assert_int_equal(rg_verify_type(t_registry(), "no.such", &o, &r, &err), RG_E_FORMAT);
    assert_non_null(strstr(err.message, "no.such"));
    rg_error_clear(&err);
    assert_int_equal(rg_verify_type(t_registry(), "relation", &o, &r, &err), RG_E_FORMAT);
    assert_non_null(strstr(err.message, "--sample"));
    assert_string_equal(err.type, "relation");
    const char *bad = "{\"format\": \"rulegrid\"";
    o.sample = bad, o.sample_len = strlen(bad), o.sample_file = "bad.json";
    rg_error_clear(&err);
    assert_int_equal(rg_verify_type(t_registry(), "cage", &o, &r, &err), RG_E_FORMAT);
    assert_string_equal(err.file, "bad.json");
    const char *none = "{\"format\": \"rulegrid\", \"version\": 1, \"board\": {\"rows\": 4, "
                       "\"columns\": 4, \"digits\": 4}, \"rules\": []}";
    o.sample = none, o.sample_len = strlen(none);
    rg_error_clear(&err);
    assert_int_equal(rg_verify_type(t_registry(), "cage", &o, &r, &err), RG_E_FORMAT);
    assert_string_equal(err.field, "rules");
    assert_non_null(strstr(err.message, "cage"));
}

/* The limits: a deadline passed stops the checks (RG_E_LIMIT, no failure)
 * and leaves a type unknown, never passed (none of the trials asked for ran);
 * a node budget of 1 leaves trials inconclusive; a rule no trial holds is an
 * error naming the sample. */
static void verify_limits(void **state)
{
    (void)state;
    rg_solver *s = rg_solver_new();
    rg_puzzle *p = t_parse(CAGE3);
    rg_vlimit lim = {.deadline = rg_clock_now() - 9}; /* passed 9 s ago */
    rg_vfail f;
    long runs = 0;
    int inconclusive = 0;
    rg_error err;
    rg_error_clear(&err);
    assert_int_equal(rg_verify_checks(s, p, 1, &lim, &f, &runs, &inconclusive, &err), RG_E_LIMIT);
    assert_null(f.check);
    assert_int_equal(inconclusive, 0);
    lim.deadline = rg_clock_now() + 1000;
    assert_int_equal(rg_verify_checks(s, p, 1, &lim, &f, &runs, &inconclusive, &err), 0);
    rg_puzzle_free(p);
    rg_solver_free(s);

    rg_verify_options o;
    rg_verify_options_default(&o);
    o.max_seconds = 1e-9;
    rg_verify_result r;
    assert_int_equal(rg_verify_type(t_registry(), "cage", &o, &r, &err), RG_OK);
    assert_true(r.stopped);
    assert_false(r.failed);
    assert_int_equal(r.trials, 0);
    assert_int_equal(r.asked, RG_VERIFY_TRIALS);

    rg_verify_options_default(&o);
    o.trials = 20;
    o.max_nodes = 1;
    assert_int_equal(rg_verify_type(t_registry(), "cage", &o, &r, &err), RG_OK);
    assert_false(r.stopped);
    assert_int_equal(r.trials, 20);
    assert_true(r.inconclusive >= 10);

    const char *wide = "{\"format\": \"rulegrid\", \"version\": 1, \"board\": {\"rows\": 40, "
                       "\"columns\": 40, \"digits\": 9}, \"rules\": [{\"type\": \"cage\", "
                       "\"cells\": [\"r1c1\", \"r40c1\"], \"sum\": 3}]}";
    rg_verify_options_default(&o);
    o.sample = wide, o.sample_len = strlen(wide), o.sample_file = "wide.json";
    assert_int_equal(rg_verify_type(t_registry(), "cage", &o, &r, &err), RG_E_FORMAT);
    assert_string_equal(err.file, "wide.json");
    assert_non_null(strstr(err.message, "no readable trial"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(engine_parts, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(search, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(judge_as_plain, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(judge_as_enumeration, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(checks, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(documents, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(verify_type, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(verify_errors, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(verify_limits, t_mem_setup, t_mem_teardown),
    };
    return t_done(cmocka_run_group_tests(tests, NULL, NULL));
}
