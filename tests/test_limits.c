/* The limits of a search bound all its work: the node limit counts probes,
 * the time limit ends root propagation, probing and long propagations, and
 * a propagator that breaks its contract (a status that is no RG_PROP_*, an
 * endless RG_PROP_NOFIX) ends the search with a plugin error naming its
 * rule. The time bounds are generous (this is no speed test): they catch a
 * limit that does not hold, as when the clock was read only between nodes. */
#define _XOPEN_SOURCE 700 /* clock_gettime */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "support.h"

/* Under Valgrind or the sanitizers everything runs many times slower: the
 * slack after a time limit grows with it. */
static double slack(void)
{
    const char *s = getenv("RULEGRID_TEST_SCALE");
    return s && *s ? 4.0 : 0.35;
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* A registry of the built-in plugins and the test plugin "broken". */
static rg_registry *with_broken(void) { return t_registry_with(RG_TEST_PLUGIN_DIR "/broken"); }

#define DOC4(rule)                                                                                 \
    "{\"format\":\"rulegrid\",\"version\":1,\"board\":{\"rows\":4,\"columns\":4,\"digits\":4},"    \
    "\"rules\":[{\"type\":\"box_grid\",\"origin\":\"r1c1\",\"box\":[2,2]}," rule "]}"

/* The search ends with RG_E_PLUGIN naming rule 1 of type, its message
 * holding phrase; at every level that propagates, nothing is held after. */
static void expect_broken(rg_registry *reg, const char *doc, const char *type, const char *phrase)
{
    rg_puzzle *p = t_parse_in(reg, doc);
    rg_solver *s = rg_solver_new();
    for (int level = RG_STRATEGY_PROPAGATE; level < RG_STRATEGY_COUNT; level++) {
        rg_options o;
        rg_options_default(&o);
        o.strategy = level;
        o.limit = 2;
        rg_result r;
        rg_error err;
        rg_error_clear(&err);
        assert_int_equal(rg_solve(s, p, &o, &r, &err), RG_E_PLUGIN);
        assert_int_equal(err.code, RG_E_PLUGIN);
        assert_int_equal(err.rule, 1);
        assert_string_equal(err.type, type);
        if (!strstr(err.message, phrase))
            fail_msg("%s: message \"%s\" lacks \"%s\"", rg_strategy_name(level), err.message,
                     phrase);
    }
    rg_solver_free(s);
    rg_puzzle_free(p);
}

static void contract_broken(void **state)
{
    (void)state;
    rg_registry *reg = with_broken();
    expect_broken(reg, DOC4("{\"type\":\"test.loop\",\"cells\":[\"r1c1\",\"r1c2\"]}"), "test.loop",
                  "answered RG_PROP_NOFIX 100000 times in a row without narrowing a domain");
    expect_broken(reg, DOC4("{\"type\":\"test.status\",\"cells\":[\"r1c1\"]}"), "test.status",
                  "propagator test_status (family test) answered 7, which is no RG_PROP_* status");
    rg_registry_free(reg);
}

/* A compile or link that returns what is no error code, or an error code
 * without saying what is wrong, is named for what it is. */
static void hook_codes(void **state)
{
    (void)state;
    rg_registry *reg = with_broken();
    const struct {
        const char *rule;
        int code;
        const char *phrase;
    } cases[] = {
        {"{\"type\":\"test.code\",\"code\":42}", RG_E_PLUGIN,
         "the plugin's compile returned 42, which is no error code (a fault of the plugin)"},
        {"{\"type\":\"test.code\",\"code\":-1}", RG_E_PLUGIN, "compile returned -1, which"},
        {"{\"type\":\"test.code\",\"code\":100}", RG_E_PLUGIN, "compile returned 100, which"},
        {"{\"type\":\"test.code\",\"code\":1}", RG_E_FORMAT,
         "the rule could not be compiled (the plugin's compile returned an error without "
         "saying what is wrong)"},
        {"{\"type\":\"test.code\",\"code\":0,\"link\":7}", RG_E_PLUGIN,
         "the plugin's link returned 7, which is no error code"},
        {"{\"type\":\"test.code\",\"code\":0,\"link\":4}", RG_E_NOMEM,
         "the rule could not be linked (the plugin's link returned an error without"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char doc[512];
        snprintf(doc, sizeof doc, DOC4("%s"), cases[i].rule);
        rg_puzzle *p = NULL;
        rg_error err;
        assert_int_equal(rg_puzzle_parse(reg, doc, strlen(doc), "t.json", 0, &p, &err),
                         cases[i].code);
        assert_null(p);
        assert_int_equal(err.code, cases[i].code);
        assert_int_equal(err.rule, 1);
        assert_string_equal(err.type, "test.code");
        if (!strstr(err.message, cases[i].phrase))
            fail_msg("case %zu: message \"%s\" lacks \"%s\"", i, err.message, cases[i].phrase);
    }
    rg_registry_free(reg);
}

static rg_puzzle *first_killer(void)
{
    rg_corpus *c = NULL;
    rg_error err;
    assert_int_equal(
        rg_corpus_open(t_registry(), t_src("corpus/variants/killer.jsonl"), NULL, NULL, &c, &err),
        RG_OK);
    rg_puzzle *p = NULL;
    assert_int_equal(rg_corpus_next(c, &p, &err), 1);
    rg_corpus_close(c);
    return p;
}

/* Probes count toward the node limit: with a limit of 1 the root's probing
 * stops at once; with 40, nodes and probes together stay within 40. */
static void nodes_bound_probes(void **state)
{
    (void)state;
    rg_puzzle *p = first_killer();
    rg_solver *s = rg_solver_new();
    rg_result r;
    t_solve(s, p, RG_STRATEGY_SAC, RG_HEURISTIC_LOOKAHEAD, 2, 1, 0, &r);
    assert_int_equal(r.status, RG_STATUS_UNKNOWN);
    assert_int_equal(t_family(&r.stats, "probe", 0), 0);
    t_solve(s, p, RG_STRATEGY_SAC, RG_HEURISTIC_LOOKAHEAD, 2, 40, 0, &r);
    assert_int_equal(r.status, RG_STATUS_UNKNOWN);
    assert_true(r.stats.nodes + t_family(&r.stats, "probe", 0) <= 40);
    assert_true(t_family(&r.stats, "probe", 0) > 0);
    rg_solver_free(s);
    rg_puzzle_free(p);
}

/* Time limits end probing and sac sweeps (the root of this killer alone
 * takes seconds at sac) and long propagations: a thousand propagators of
 * about a millisecond each at the root. */
static void time_bounds_all_work(void **state)
{
    (void)state;
    rg_puzzle *p = first_killer();
    rg_solver *s = rg_solver_new();
    rg_result r;
    const double limit = 0.2;
    static const int levels[] = {RG_STRATEGY_PROBE, RG_STRATEGY_SAC};
    for (int i = 0; i < 2; i++) {
        double t0 = now();
        t_solve(s, p, levels[i], RG_HEURISTIC_LOOKAHEAD, 2, 0, limit, &r);
        double took = now() - t0;
        if (!r.stopped) continue; /* solved within the limit: fine */
        if (took > limit + slack())
            fail_msg("%s --time %g took %.3f s", rg_strategy_name(levels[i]), limit, took);
    }
    rg_puzzle_free(p);

    rg_registry *reg = with_broken();
    char *doc = malloc(1 << 16);
    int n = snprintf(doc, 1 << 16, "%s", DOC4(""));
    n -= 2; /* over the closing "]}", after the box_grid's "," */
    for (int k = 0; k < 1000; k++)
        n += snprintf(doc + n, (size_t)(1 << 16) - (size_t)n,
                      "%s{\"type\":\"test.slow\",\"cells\":[\"r%dc%d\"]}", k ? "," : "", k % 4 + 1,
                      k / 4 % 4 + 1);
    snprintf(doc + n, (size_t)(1 << 16) - (size_t)n, "]}");
    rg_puzzle *q = t_parse_in(reg, doc);
    free(doc);
    double t0 = now();
    t_solve(s, q, RG_STRATEGY_PROPAGATE, RG_HEURISTIC_DOMWDEG, 2, 0, limit, &r);
    double took = now() - t0;
    assert_int_equal(r.status, RG_STATUS_UNKNOWN);
    if (took > limit + slack())
        fail_msg("a long root propagation: --time %g took %.3f s", limit, took);
    rg_puzzle_free(q);
    rg_solver_free(s);
    rg_registry_free(reg);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(contract_broken, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(hook_codes, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(nodes_bound_probes, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(time_bounds_all_work, t_mem_setup, t_mem_teardown),
    };
    return t_done(cmocka_run_group_tests(tests, NULL, NULL));
}
