/* The limits of a search bound all its work: the node limit counts probes,
 * the time limit ends root propagation, probing and long propagations, and
 * a propagator that breaks its contract (a status that is no RG_PROP_*, an
 * endless RG_PROP_NOFIX) ends the search with a plugin error naming its
 * rule. A time limit also ends the reading of a document (the JSON parse,
 * the rules' compile and link: rg_puzzle_parse_timed, rg_corpus_set_time).
 * The time bounds are generous (this is no speed test): they catch a limit
 * that does not hold, as when the clock was read only between nodes. */
#define _XOPEN_SOURCE 700 /* clock_gettime */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "base/clock.h"
#include "base/json.h"
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

/* A 4 x 4 document of n test.sleep rules, each sleeping ms milliseconds in
 * its hook (field "compile" or "link"); malloc'd. */
static char *sleepy_doc(int n, const char *hook, int ms)
{
    size_t cap = 256 + (size_t)n * 64;
    char *doc = malloc(cap);
    assert_non_null(doc);
    int at = snprintf(doc, cap, "%s", DOC4(""));
    at -= 2; /* over the closing "]}", after the box_grid's "," */
    for (int k = 0; k < n; k++)
        at += snprintf(doc + at, cap - (size_t)at, "%s{\"type\":\"test.sleep\",\"%s\":%d}",
                       k ? "," : "", hook, ms);
    snprintf(doc + at, cap - (size_t)at, "]}");
    return doc;
}

/* rg_puzzle_parse_timed on doc with limit: RG_E_TIME within the limit and
 * the slack, no puzzle, no rule blamed, the message holding phrase. */
static void expect_late(rg_registry *reg, const char *doc, size_t len, double limit,
                        const char *phrase)
{
    rg_puzzle *p = (rg_puzzle *)1;
    rg_error err;
    double t0 = now();
    int rc = rg_puzzle_parse_timed(reg, doc, len, "late.json", 0, limit, &p, &err);
    double took = now() - t0;
    assert_int_equal(rc, RG_E_TIME);
    assert_int_equal(err.code, RG_E_TIME);
    assert_null(p);
    assert_int_equal(err.rule, -1);
    assert_string_equal(err.file, "late.json");
    if (!strstr(err.message, phrase)) fail_msg("message \"%s\" lacks \"%s\"", err.message, phrase);
    if (took > limit + slack()) fail_msg("reading under --time %g took %.3f s", limit, took);
}

/* A time limit ends the building of a model: between the rules' compile
 * hooks, between their link hooks, in the JSON text's parse; nothing is
 * held after (the teardown counts the bytes). Without a limit the same
 * call reads the document. */
static void time_bounds_reading(void **state)
{
    (void)state;
    rg_registry *reg = with_broken();
    const double limit = 0.05;
    char *doc = sleepy_doc(50, "compile", 10); /* 0.5 s of compiling */
    expect_late(reg, doc, strlen(doc), limit, "was compiled");
    expect_late(reg, doc, strlen(doc), 1e-9, "before"); /* late at once */
    free(doc);
    doc = sleepy_doc(50, "link", 10); /* 0.5 s of linking */
    expect_late(reg, doc, strlen(doc), limit, "was linked");
    free(doc);

    /* A JSON text whose parse is the long part: an x- member of a million
     * numbers (2 MB; cJSON makes a node of each). */
    size_t cap = (size_t)2 << 20 | 4096, at = 0;
    doc = malloc(cap);
    assert_non_null(doc);
    at += (size_t)snprintf(doc, cap, "%s", DOC4(""));
    at -= 3; /* over ",]}": the rules end with the box_grid */
    at += (size_t)snprintf(doc + at, cap - at, "],\"x-data\":[0");
    while (at + 8 < cap) doc[at++] = ',', doc[at++] = '0';
    at += (size_t)snprintf(doc + at, cap - at, "]}");
    expect_late(reg, doc, at, 0.02, "JSON");
    /* The check alone, its deadline past: late before it reads a byte. */
    struct cJSON *root = NULL;
    rg_json_fault f;
    assert_int_equal(rg_json_read_by(doc, at, rg_clock_now(), &root, NULL, &f), RG_E_TIME);
    assert_null(root);
    free(doc);

    rg_puzzle *p = NULL;
    rg_error err;
    doc = sleepy_doc(3, "link", 1);
    assert_int_equal(rg_puzzle_parse_timed(reg, doc, strlen(doc), NULL, 0, 0, &p, &err), RG_OK);
    assert_int_equal(rg_puzzle_rule_count(p), 4);
    rg_puzzle_free(p);
    free(doc);
    rg_registry_free(reg);
}

/* rg_corpus_set_time: an entry read past the limit is -RG_E_TIME naming
 * its line, and the next entry is read as usual. */
static void time_bounds_corpus_entries(void **state)
{
    (void)state;
    rg_registry *reg = with_broken();
    char *slow = sleepy_doc(50, "compile", 10), *quick = sleepy_doc(1, "compile", 0);
    size_t n = strlen(slow) + strlen(quick) + 4;
    char *text = malloc(n);
    assert_non_null(text);
    snprintf(text, n, "%s\n%s\n", slow, quick);
    FILE *fp = fmemopen(text, strlen(text), "r");
    assert_non_null(fp);
    rg_corpus *c = NULL;
    rg_error err;
    assert_int_equal(rg_corpus_open(reg, "late.jsonl", fp, NULL, &c, &err), RG_OK);
    rg_corpus_set_time(c, 0.05);
    rg_puzzle *p = NULL;
    double t0 = now();
    assert_int_equal(rg_corpus_next(c, &p, &err), -RG_E_TIME);
    if (now() - t0 > 0.05 + slack()) fail_msg("a corpus entry took %.3f s", now() - t0);
    assert_null(p);
    assert_int_equal(err.code, RG_E_TIME);
    assert_int_equal(err.line, 1);
    assert_string_equal(err.file, "late.jsonl");
    assert_int_equal(rg_corpus_next(c, &p, &err), 1);
    assert_int_equal(rg_corpus_index(c), 1);
    rg_puzzle_free(p);
    assert_int_equal(rg_corpus_next(c, &p, &err), 0);
    rg_corpus_close(c);
    fclose(fp);
    free(text);
    free(slow);
    free(quick);
    rg_registry_free(reg);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(contract_broken, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(hook_codes, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(nodes_bound_probes, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(time_bounds_all_work, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(time_bounds_reading, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(time_bounds_corpus_entries, t_mem_setup, t_mem_teardown),
    };
    return t_done(cmocka_run_group_tests(tests, NULL, NULL));
}
