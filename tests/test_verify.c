/* rulegrid verify's parts: the engine taken apart (search/trial.c: start
 * space, the queue's fixpoint, single runs, a decision below the root), the
 * exhaustive search it judges by, the checks on documents that hold and on
 * one whose propagator is unsound, and rg_verify_type on built-in and broken
 * rule types (tests/data/plugins/sumbug.c). The command: tests/cli/verify.sh. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "base/json.h"
#include "model/record.h"
#include "search/solver.h"
#include "search/trial.h"
#include "support.h"
#include "verify/mutate.h"
#include "verify/trialdoc.h"
#include "verify/verify.h"

#include <cjson/cJSON.h>

/* A registry of the built-in plugins and the test plugin of `which`
 * (sumok, sumbound, sumevents). */
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

/* Every check holds on built-in rules; an off-by-one bound fails
 * soundness, naming its propagator and the digit it removed. */
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
    rg_solver_free(s);
    rg_registry_free(reg);
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
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    t0.tv_sec -= 10;
    rg_vlimit lim = {.t0 = &t0, .seconds = 1};
    rg_vfail f;
    long runs = 0;
    int inconclusive = 0;
    rg_error err;
    rg_error_clear(&err);
    assert_int_equal(rg_verify_checks(s, p, 1, &lim, &f, &runs, &inconclusive, &err), RG_E_LIMIT);
    assert_null(f.check);
    assert_int_equal(inconclusive, 0);
    lim.seconds = 1000;
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
        cmocka_unit_test_setup_teardown(checks, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(documents, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(verify_type, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(verify_errors, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(verify_limits, t_mem_setup, t_mem_teardown),
    };
    return t_done(cmocka_run_group_tests(tests, NULL, NULL));
}
