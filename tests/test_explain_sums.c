/* The explain hooks of the cages, arrows and lines plugins: per propagator
 * kind a small puzzle where its technique must fire, with its name, rule
 * and the cells and numbers its text names; and over the variant corpora,
 * every step checked against the solution, and every rule step of those
 * families in its own words (not the generic "Rule 2 (cage) removes"). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "support.h"

/* ---- One technique in one puzzle --------------------------------------------- */

#define DOC(rows, digits, box, rules, givens)                                                      \
    "{\"format\": \"rulegrid\", \"version\": 1, \"board\": {\"rows\": " #rows                      \
    ", \"columns\": " #rows ", \"digits\": " #digits "}, \"rules\": [{\"type\": \"box_grid\", "    \
    "\"origin\": \"r1c1\", \"box\": " box "}, " rules "], \"givens\": {" givens "}}"
#define DOC9(rules, givens) DOC(9, 9, "[3, 3]", rules, givens)
#define DOC4(rules, givens) DOC(4, 4, "[2, 2]", rules, givens)
#define LINE(kind, cells)   "{\"type\": \"line\", \"kind\": \"" kind "\", \"cells\": [" cells "]}"

/* The first step of technique in p's explanation (up to limit steps): its
 * rules must hold rule, its text every phrase of the NULL-terminated list.
 * The text is printed so that a failure shows what was said. */
static void expect_in(const rg_puzzle *p, const char *technique, int rule, const char *const *want)
{
    rg_explainer *e = NULL;
    rg_error err;
    rg_error_clear(&err);
    assert_int_equal(rg_explainer_new(p, NULL, NULL, &e, &err), RG_OK);
    rg_step st;
    char why[2048] = "";
    int found = 0, r = 1;
    for (int k = 0; k < 400 && !found && r == 1; k++) {
        r = rg_explain_next(e, &st, &err);
        if (r != 1 || strcmp(st.technique, technique) != 0) continue;
        found = 1;
        printf("    %s: %s\n", st.technique, st.text);
        int has = 0;
        for (int i = 0; i < st.nrules; i++) has |= st.rules[i] == rule;
        if (!has) snprintf(why, sizeof why, "rule %d not among the step's rules", rule);
        for (int i = 0; want[i] && !why[0]; i++)
            if (!strstr(st.text, want[i]))
                snprintf(why, sizeof why, "\"%s\" not in: %s", want[i], st.text);
    }
    if (r < 0) snprintf(why, sizeof why, "explain failed: %s", err.message);
    if (!found && !why[0]) snprintf(why, sizeof why, "no %s step", technique);
    rg_explainer_free(e); /* before failing: the test must not hold memory */
    if (why[0]) fail_msg("%s", why);
}

#define EXPECT(doc, technique, rule, ...)                                                          \
    do {                                                                                           \
        rg_puzzle *p_ = t_parse(doc);                                                              \
        const char *const want_[] = {__VA_ARGS__, NULL};                                           \
        expect_in(p_, technique, rule, want_);                                                     \
        rg_puzzle_free(p_);                                                                        \
    } while (0)

/* No step of technique in p's explanation. */
static void expect_none(const char *doc, const char *technique)
{
    rg_puzzle *p = t_parse(doc);
    rg_explainer *e = NULL;
    rg_error err;
    rg_error_clear(&err);
    assert_int_equal(rg_explainer_new(p, NULL, NULL, &e, &err), RG_OK);
    rg_step st;
    int r, seen = 0;
    while ((r = rg_explain_next(e, &st, &err)) == 1) seen |= !strcmp(st.technique, technique);
    rg_explain_summary sum;
    rg_explain_summary_get(e, &sum);
    int status = sum.status;
    rg_explainer_free(e);
    rg_puzzle_free(p);
    assert_int_equal(r, 0);
    assert_int_not_equal(status, RG_EXPLAIN_CONTRADICTION); /* the givens hold */
    assert_false(seen);
}

/* Rules whose cells the givens already satisfy say nothing. */
static void silent_when_placed(void **state)
{
    (void)state;
    expect_none(DOC4("{\"type\": \"cage\", \"cells\": [\"r1c1\", \"r1c2\"], \"sum\": 3}",
                     "\"r1c1\": 1, \"r1c2\": 2"),
                "cage combinations");
    expect_none(DOC4(LINE("thermo", "\"r1c1\", \"r1c2\""), "\"r1c1\": 1, \"r1c2\": 3"),
                "thermometer");
    expect_none(DOC4("{\"type\": \"arrow\", \"bulb\": [\"r1c2\"], \"lines\": [[\"r2c3\"]]}",
                     "\"r1c2\": 3, \"r2c3\": 3"),
                "arrow sum");
}

static void cage_combinations(void **state)
{
    (void)state;
    EXPECT(DOC4("{\"type\": \"cage\", \"cells\": [\"r1c1\", \"r1c2\"], \"sum\": 3}", ""),
           "cage combinations", 1, "The cage of 3 in r1c1 r1c2 is 1+2", "3 and 4 cannot be in it",
           "1 and 2 are in every combination", "see r1c3 r1c4 r2c1 r2c2: 1 and 2 leave them");
    /* Two combinations, one of which the candidates rule out. */
    EXPECT(DOC9("{\"type\": \"cage\", \"cells\": [\"r1c1\", \"r1c2\"], \"sum\": 10}", ""),
           "cage combinations", 1, "1+9, 2+8, 3+7 or 4+6", "5 cannot be in it");
    EXPECT(
        DOC9("{\"type\": \"cage\", \"cells\": [\"r1c1\", \"r1c2\"], \"sum\": 10}", "\"r1c3\": 9"),
        "cage combinations", 1, "can only be 2+8, 3+7 or 4+6", "1 and 5 cannot be in it");
}

/* A cage of one cell fixes it before any step (a root restriction): the
 * naked single that places it names the cage. */
static void one_cell_cage(void **state)
{
    (void)state;
    EXPECT(DOC4("{\"type\": \"cage\", \"cells\": [\"r3c2\"], \"sum\": 3}", ""), "naked single", 1,
           "r3c2 has only 3 left");
}

/* A killer of the corpus whose explanation needs derived sums: its first
 * line (rule 1 is the first cage, which derives for all). */
static rg_puzzle *corpus_puzzle(const char *rel, int index)
{
    FILE *f = fopen(t_src(rel), "r");
    assert_non_null(f);
    static char line[1 << 16];
    for (int i = 0; i <= index; i++) assert_non_null(fgets(line, sizeof line, f));
    fclose(f);
    return t_parse(line);
}

static void derived_sums(void **state)
{
    (void)state;
    rg_puzzle *p = corpus_puzzle("corpus/variants/killer.jsonl", 0);
    expect_in(p, "cage innies", 1,
              (const char *const[]){"Row 5 holds 45 and the cages in or touching it 58",
                                    "r6c2 r6c5 sum to 13: 4+9, 5+8 or 6+7",
                                    "4 leaves r6c2 (r6c5 cannot be 9)",
                                    "1, 2 and 3 cannot be in them", NULL});
    expect_in(
        p, "cage innies and outies", 1,
        (const char *const[]){"Row 1 holds 45", "r1c5 = r2c1 + r2c9", "9 leaves r2c1 r2c9", NULL});
    rg_puzzle_free(p);
    p = corpus_puzzle("corpus/variants/killer.jsonl", 1);
    expect_in(p, "cages in a house", 1,
              (const char *const[]){"Row 9 holds each digit once", "16 on r9c1 r9c2 + r8c1",
                                    "2 leaves r8c1", NULL});
    rg_puzzle_free(p);
}

static void arrows(void **state)
{
    (void)state;
    EXPECT(
        DOC4("{\"type\": \"arrow\", \"bulb\": [\"r1c1\"], \"lines\": [[\"r2c2\", \"r3c3\"]]}", ""),
        "arrow sum", 1, "The bulb r1c1 equals the sum along the shaft r2c2 r3c3",
        "only 2, 3 and 4 fit both", "1 leaves r1c1", "4 leaves r2c2 r3c3");
    /* A pill of two cells read as a number, two shafts. */
    EXPECT(DOC9("{\"type\": \"arrow\", \"bulb\": [\"r1c1\", \"r1c2\"], \"lines\": [[\"r2c3\", "
                "\"r3c4\", \"r4c5\", \"r5c6\", \"r6c7\"], [\"r2c1\", \"r3c2\"]]}",
                ""),
           "arrow sum", 1, "pill", "each of its 2 shafts", "leave r1c2");
}

static void thermometers(void **state)
{
    (void)state;
    EXPECT(DOC4(LINE("thermo", "\"r1c1\", \"r1c2\", \"r1c3\""), ""), "thermometer", 1,
           "Along the thermometer from r1c1", "r1c1 is at most 2", "r1c3 is at least 3");
    EXPECT(DOC9(LINE("slow_thermo", "\"r1c3\", \"r2c4\", \"r3c5\""), "\"r1c3\": 6"),
           "slow thermometer", 1, "at least the one before", "r2c4 is at least 6",
           "r3c5 is at least 6");
}

static void whisper_palindrome_parity(void **state)
{
    (void)state;
    EXPECT(DOC9(LINE("whisper", "\"r1c1\", \"r1c2\""), ""), "whisper", 1, "differ by at least 5",
           "5 leaves r1c1 (no candidate left in r1c2 is 5 or more away)");
    /* A middle whose neighbours share row 1 and box 1. */
    EXPECT(DOC9(LINE("whisper", "\"r1c1\", \"r1c2\", \"r1c3\""), ""), "whisper", 1,
           "4 leaves r1c2 (its neighbours r1c1 r1c3 share a house and need two different digits "
           "5 or more away from 4: they have only 9)",
           "6 leaves r1c2 (its neighbours r1c1 r1c3 share a house and need two different digits "
           "5 or more away from 6: they have only 1)");
    EXPECT(DOC9(LINE("palindrome", "\"r1c3\", \"r1c4\", \"r2c5\""), "\"r1c3\": 5"), "palindrome", 1,
           "hold the same digit", "leave r2c5 (its mirror r1c3 cannot hold them)");
    EXPECT(DOC9(LINE("parity", "\"r1c1\", \"r1c2\", \"r1c3\""), "\"r1c2\": 2"), "parity line", 1,
           "r1c2 can only be even, so r1c1 is odd", "leave r1c1 r1c3");
}

static void renbans(void **state)
{
    (void)state;
    /* With its houses (row 1, box 1). */
    EXPECT(DOC9(LINE("renban", "\"r1c1\", \"r1c2\", \"r1c3\""), "\"r1c1\": 1"), "renban", 1,
           "holds 3 consecutive digits", "only the run 1-3 fits",
           "4, 5, 6, 7, 8 and 9 cannot be on it");
    /* Without houses: no house holds two of its cells. */
    EXPECT(DOC9(LINE("renban", "\"r1c3\", \"r2c4\""), "\"r1c3\": 1"), "renban", 1,
           "only the run 1-2 fits");
}

static void totals(void **state)
{
    (void)state;
    EXPECT(DOC9(LINE("region_sum", "\"r3c3\", \"r4c4\", \"r4c5\""), ""), "region sum", 1,
           "Each box's segment of the line (r3c3; r4c4 r4c5)", "1 and 2 leave r3c3");
    EXPECT(DOC9(LINE("zipper", "\"r1c1\", \"r1c2\", \"r1c3\""), ""), "zipper", 1,
           "middle of the zipper", "only 2 to 9 fit the middle and every pair",
           "9 leaves r1c1 r1c3", "1 leaves r1c2");
    EXPECT(DOC9(LINE("double_arrow", "\"r1c1\", \"r1c2\", \"r1c3\""), ""), "double arrow", 1,
           "The ends r1c1 r1c3 of the double arrow", "9 leaves r1c1 r1c3");
}

static void ends_and_groups(void **state)
{
    (void)state;
    EXPECT(DOC9(LINE("between", "\"r1c1\", \"r1c2\", \"r1c3\""), ""), "between line", 1,
           "strictly between its ends (r1c1 r1c3)", "1 and 9 leave r1c2");
    EXPECT(DOC9(LINE("lockout", "\"r1c1\", \"r1c2\", \"r1c3\""), ""), "lockout line", 1,
           "differ by at least 4", "5 leaves r1c2");
    EXPECT(DOC9(LINE("entropic", "\"r1c1\", \"r1c2\", \"r1c3\", \"r1c4\""), "\"r1c1\": 1"),
           "entropic line", 1, "r1c1 r1c4 can only take 1 to 3");
    EXPECT(DOC9(LINE("modular", "\"r1c1\", \"r1c2\", \"r1c3\", \"r1c4\""), "\"r1c1\": 1"),
           "modular line", 1, "mod 3", "r1c1 r1c4 can only take 1, 4 and 7");
}

/* ---- Soundness over the corpora ------------------------------------------------ */

/* Every step of p's explanation agrees with its solution; the steps of
 * the cages, arrows and lines families speak in their own words. Returns
 * how many such rule steps it saw. */
static int sound(const rg_puzzle *p, double seconds)
{
    const int *sol = rg_puzzle_solution(p);
    assert_non_null(sol);
    rg_explain_options o;
    rg_explain_options_default(&o);
    o.max_seconds = seconds;
    rg_explainer *e = NULL;
    rg_error err;
    rg_error_clear(&err);
    assert_int_equal(rg_explainer_new(p, NULL, &o, &e, &err), RG_OK);
    rg_step st;
    int r, own = 0;
    while ((r = rg_explain_next(e, &st, &err)) == 1) {
        for (int i = 0; i < st.nplace; i++)
            assert_int_equal(st.place_digits[i], sol[st.place_cells[i]]);
        for (int i = 0; i < st.nelim; i++)
            assert_false(st.elim_masks[i] >> (sol[st.elim_cells[i]] - 1) & 1u);
        assert_non_null(st.text);
        assert_true(st.text[0] != '\0');
        int ours = !strcmp(st.family, "cages") || !strcmp(st.family, "arrows") ||
                   !strcmp(st.family, "lines");
        if (!ours || st.rank == RG_RANK_CONTRADICTION) continue;
        if (!strncmp(st.text, "Rule ", 5)) fail_msg("generic text: %s", st.text);
        assert_true(strchr(st.technique, '_') == NULL); /* a name, not a propagator's */
        own++;
    }
    assert_int_equal(r, 0);
    rg_explainer_free(e);
    return own;
}

static void corpora(void **state)
{
    (void)state;
    static const char *const files[] = {
        "corpus/variants/killer.jsonl", "corpus/variants/arrow.jsonl",
        "corpus/variants/thermo.jsonl", "corpus/variants/lines.jsonl",
        "corpus/variants/renban.jsonl"};
    /* The killers spend seconds in contradictions: a time budget each, and
     * on a scaled run every 4th puzzle with less time still. */
    int step = t_scaled() ? 4 : 1;
    double seconds = t_memcheck() ? 0.5 : t_scaled() ? 0.2 : 0.3;
    for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
        rg_corpus *rc = NULL;
        rg_error err;
        rg_error_clear(&err);
        assert_int_equal(rg_corpus_open(t_registry(), t_src(files[f]), NULL, NULL, &rc, &err),
                         RG_OK);
        rg_puzzle *p;
        int r, i = 0, own = 0;
        while ((r = rg_corpus_next(rc, &p, &err)) == 1) {
            if (i++ % step == 0) own += sound(p, seconds);
            rg_puzzle_free(p);
        }
        assert_int_equal(r, 0);
        rg_corpus_close(rc);
        assert_true(own > 0);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(cage_combinations, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(one_cell_cage, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(derived_sums, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(arrows, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(thermometers, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(whisper_palindrome_parity, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(renbans, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(totals, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(ends_and_groups, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(silent_when_placed, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(corpora, t_mem_setup, t_mem_teardown),
    };
    return t_done(cmocka_run_group_tests(tests, NULL, NULL));
}
