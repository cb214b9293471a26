/* Explanations of the clue plugins (relations, neighbours, corners, outside,
 * negatives, and their explain hooks): each technique fires on a small
 * position, under its name, with its rule and the cells and digits of its
 * text, and stays silent where it has nothing to remove; over the variant
 * corpora no step goes against the solution or falls back on generic text. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "support.h"

/* ---- A technique fires --------------------------------------------------------- */

#define BOARD(rows, cols, digits)                                                                  \
    "{\"format\": \"rulegrid\", \"version\": 1, \"board\": {\"rows\": " #rows                      \
    ", \"columns\": " #cols ", \"digits\": " #digits "}, "
#define BOX "{\"type\": \"box_grid\", \"origin\": \"r1c1\", \"box\": [3, 3]}"
#define ROW_1                                                                                      \
    "[\"r1c1\", \"r1c2\", \"r1c3\", \"r1c4\", \"r1c5\", \"r1c6\", \"r1c7\", \"r1c8\", \"r1c9\"]"

/* Explain doc from its givens until a step of technique tech whose text
 * holds `has` (NULL: any text): it must come, name rule among its rules,
 * and hold every phrase of the NULL-terminated list. */
static void fires(const char *doc, const char *tech, int rule, const char *has, ...)
{
    rg_puzzle *p = t_parse(doc);
    rg_explainer *e;
    rg_error err;
    rg_error_clear(&err);
    assert_int_equal(rg_explainer_new(p, NULL, NULL, &e, &err), RG_OK);
    rg_step s;
    int found = 0;
    for (int n = 0; !found && n < 400 && rg_explain_next(e, &s, &err) == 1; n++) {
        if (strcmp(s.technique, tech) || (has && !strstr(s.text, has))) continue;
        found = 1;
        int named = 0;
        for (int i = 0; i < s.nrules; i++) named |= s.rules[i] == rule;
        if (!named) fail_msg("%s names no rule %d: %s", tech, rule, s.text);
        va_list ap;
        va_start(ap, has);
        for (const char *ph; (ph = va_arg(ap, const char *)) != NULL;)
            if (!strstr(s.text, ph)) fail_msg("%s: no \"%s\" in \"%s\"", tech, ph, s.text);
        va_end(ap);
    }
    assert_int_equal(err.code, RG_OK);
    if (!found) fail_msg("no %s step%s%s", tech, has ? " with " : "", has ? has : "");
    rg_explainer_free(e);
    rg_puzzle_free(p);
}

/* One edge between r1c1 and r1c2 of a 1 x 2 board, r1c2 given. */
#define EDGE(fields, given)                                                                        \
    BOARD(1, 2, 9)                                                                                 \
    "\"rules\": [{\"type\": \"edge\", " fields ", \"cells\": [\"r1c1\", \"r1c2\"]}], "             \
    "\"givens\": {\"r1c2\": " #given "}}"

static void edges(void **state)
{
    (void)state;
    fires(EDGE("\"kind\": \"kropki\", \"color\": \"white\"", 4), "white dot", 0, NULL,
          "r1c1 and r1c2 are consecutive: r1c1 is 3 or 5 beside r1c2's 4.", NULL);
    fires(EDGE("\"kind\": \"kropki\", \"color\": \"black\"", 4), "black dot", 0, NULL,
          "r1c1 and r1c2 are a digit and its double: r1c1 is 2 or 8 beside r1c2's 4.", NULL);
    fires(EDGE("\"kind\": \"xv\", \"letter\": \"X\"", 3), "xv", 0, NULL,
          "r1c1 and r1c2 sum to 10: r1c1 is 7 beside r1c2's 3.", NULL);
    fires(EDGE("\"kind\": \"xv\", \"letter\": \"V\"", 3), "xv", 0, NULL,
          "sum to 5: r1c1 is 2 beside r1c2's 3.", NULL);
    fires(EDGE("\"kind\": \"difference\", \"value\": 3", 4), "difference", 0, NULL,
          "r1c1 and r1c2 differ by 3: r1c1 is 1 or 7 beside r1c2's 4.", NULL);
    fires(EDGE("\"kind\": \"ratio\", \"value\": 3", 3), "ratio", 0, NULL,
          "a digit and 3 times it: r1c1 is 1 or 9 beside r1c2's 3.", NULL);
    fires(EDGE("\"kind\": \"product\", \"value\": 12", 3), "product", 0, NULL,
          "multiply to 12: r1c1 is 4 beside r1c2's 3.", NULL);
    fires(EDGE("\"kind\": \"sum\", \"sum\": 11", 3), "sum", 0, NULL,
          "sum to 11: r1c1 is 8 beside r1c2's 3.", NULL);
    fires(EDGE("\"kind\": \"greater\"", 6), "greater than", 0, NULL,
          "r1c1 is greater than r1c2: r1c1 is 7, 8 or 9 beside r1c2's 6.", NULL);
    /* r1c2 is odd (a cell clue), so r1c1 has no odd digit left with a partner. */
    fires(BOARD(1, 2, 9) "\"rules\": [{\"type\": \"cell\", \"kind\": \"odd\", \"cells\": "
                         "[\"r1c2\"]}, {\"type\": \"edge\", \"kind\": \"kropki\", \"color\": "
                         "\"white\", \"cells\": [\"r1c1\", \"r1c2\"]}]}",
          "white dot", 1, NULL,
          "r1c1 and r1c2 are consecutive: r1c1 cannot be 1, 3, 5, 7 or 9, as r1c2 has none of 2, "
          "4, 6 and 8.",
          NULL);
}

static void relations(void **state)
{
    (void)state;
    fires(BOARD(1, 3, 9) "\"rules\": [{\"type\": \"relation\", \"op\": \"difference_at_least\", "
                         "\"value\": 5, \"pairs\": [[\"r1c1\", \"r1c3\"]]}], \"givens\": "
                         "{\"r1c3\": 4}}",
          "relation", 0, NULL, "r1c1 and r1c3 differ by at least 5: r1c1 is 9 beside r1c3's 4.",
          NULL);
    fires(BOARD(1, 3, 9) "\"rules\": [{\"type\": \"relation\", \"op\": \"less\", \"pairs\": "
                         "[[\"r1c1\", \"r1c3\"]]}], \"givens\": {\"r1c1\": 7}}",
          "relation", 0, NULL, "r1c3 is greater than r1c1: r1c3 is 8 or 9 beside r1c1's 7.", NULL);
    /* r1c1 in two pairs: its one propagator narrows both partners, a sentence each. */
    fires(
        BOARD(1, 3, 9) "\"rules\": [{\"type\": \"relation\", \"op\": \"less\", \"pairs\": "
                       "[[\"r1c1\", \"r1c2\"], [\"r1c1\", \"r1c3\"]]}], \"givens\": {\"r1c1\": 7}}",
        "relation", 0, NULL,
        "r1c2 is greater than r1c1: r1c2 is 8 or 9 beside r1c1's 7. r1c3 is greater than r1c1: "
        "r1c3 is 8 or 9 beside r1c1's 7.",
        NULL);
}

/* A pair in a house: the text says the house is part of the reason. r1c1 is
 * 5 or 6 (low and high cells); not consecutive alone would keep both in
 * r1c2, each opposite itself. */
static void pair_in_a_house(void **state)
{
    (void)state;
    fires(BOARD(1, 3, 9) "\"rules\": [{\"type\": \"relation\", \"op\": \"not_consecutive\", "
                         "\"pairs\": [[\"r1c1\", \"r1c2\"]]}, {\"type\": \"row\", \"cells\": "
                         "[\"r1c1\", \"r1c2\", \"r1c3\"]}, {\"type\": \"cell\", \"kind\": "
                         "\"low\", \"split\": 6, \"cells\": [\"r1c1\"]}, {\"type\": \"cell\", "
                         "\"kind\": \"high\", \"split\": 4, \"cells\": [\"r1c1\"]}]}",
          "relation", 0, NULL,
          "r1c1 and r1c2 are not consecutive, and a house holds both: beside r1c1's 5 or 6, "
          "r1c2 cannot be 5 or 6.",
          NULL);
}

static void neighbours(void **state)
{
    (void)state;
    fires(BOARD(1, 2, 9) "\"rules\": [{\"type\": \"neighbours\", \"kind\": \"nonconsecutive\"}], "
                         "\"givens\": {\"r1c2\": 4}}",
          "nonconsecutive", 0, NULL,
          "r1c1 and r1c2 are not consecutive: r1c1 is 1, 2, 4, 6, 7, 8 or 9 beside r1c2's 4.",
          NULL);
    fires(BOARD(2, 1, 9) "\"rules\": [{\"type\": \"neighbours\", \"op\": \"same_parity\", "
                         "\"where\": \"orthogonal\"}], \"givens\": {\"r1c1\": 4}}",
          "neighbour rule", 0, NULL,
          "r1c1 and r2c1 are both odd or both even: r2c1 is 2, 4, 6 or 8 beside r1c1's 4.", NULL);
}

static void corners(void **state)
{
    (void)state;
    fires(BOARD(2, 2, 4) "\"rules\": [{\"type\": \"corner\", \"kind\": \"battenburg\", \"cells\": "
                         "[\"r1c1\", \"r1c2\", \"r2c1\", \"r2c2\"]}], \"givens\": {\"r1c1\": 1}}",
          "battenburg", 0, "r1c2 is",
          "r1c1 and r1c2 are one odd and one even: r1c2 is 2 or 4 "
          "beside r1c1's 1.",
          NULL);
    fires(BOARD(2, 2, 9) "\"rules\": [{\"type\": \"corner\", \"kind\": \"quadruple\", \"digits\": "
                         "[1, 2, 3, 4], \"cells\": [\"r1c1\", \"r1c2\", \"r2c1\", \"r2c2\"]}]}",
          "quadruple", 0, NULL,
          "r1c1 r1c2 r2c1 r2c2 must hold 1, 2, 3 and 4, so no other digit fits in them.", NULL);
    /* With r1c1 and r1c2 given other digits, r2c1 and r2c2 hold 1 and 3. */
    fires(BOARD(2, 2, 9) "\"rules\": [{\"type\": \"corner\", \"kind\": \"quadruple\", \"digits\": "
                         "[1, 3], \"cells\": [\"r1c1\", \"r1c2\", \"r2c1\", \"r2c2\"]}], "
                         "\"givens\": {\"r1c1\": 5, \"r1c2\": 6}}",
          "quadruple", 0, NULL, "r1c1 r1c2 r2c1 r2c2 must hold 1 and 3: ",
          "r2c1 r2c2 cannot be 2, 4, 5, 6, 7, 8 or 9, as 1 and 3 would not all fit in the other "
          "three cells.",
          NULL);
    /* r2c5's 5 leaves the block's 5 to row 1: the rest of row 1 and box 1 lose it. */
    fires(BOARD(9, 9, 9) "\"rules\": [" BOX ", {\"type\": \"corner\", \"kind\": \"quadruple\", "
                         "\"digits\": [5], \"cells\": [\"r1c1\", \"r1c2\", \"r2c1\", \"r2c2\"]}], "
                         "\"givens\": {\"r2c5\": 5}}",
          "quadruple places", 1, NULL,
          "r1c1 r1c2 r2c1 r2c2 must hold 5: the 5 can only go in r1c1 r1c2, so each house "
          "holding all of those has its 5 in the block: r1c3 r1c7 r1c8 r1c9 r3c1 r3c2 r3c3 "
          "cannot be 5.",
          NULL);
    /* Twice on a block across four boxes: a diagonal, so both rows and both columns. */
    fires(BOARD(9, 9, 9) "\"rules\": [" BOX ", {\"type\": \"corner\", \"kind\": \"quadruple\", "
                         "\"digits\": [7, 7], \"cells\": [\"r3c3\", \"r3c4\", \"r4c3\", "
                         "\"r4c4\"]}]}",
          "quadruple places", 1, NULL, "must hold 7 and 7: the two 7s need two of ",
          "that share no house, and each such pair puts a 7 in every house through the block",
          "r3c9", "r9c3", "r1c4", "r4c1", ": they cannot be 7.", NULL);
}

static void outside(void **state)
{
    (void)state;
    fires(BOARD(9, 9, 9) "\"rules\": [" BOX ", {\"type\": \"outside\", \"kind\": \"sandwich\", "
                         "\"value\": 35, \"cells\": " ROW_1 "}]}",
          "sandwich", 1, NULL,
          "Between the 1 and the 9 of row 1 the digits sum to 35: the candidates leave only 1 in "
          "r1c1 with 9 in r1c9 or 1 in r1c9 with 9 in r1c1.",
          "No filling of row 1 that fits the candidates puts 2, 3, 4, 5, 6, 7 or 8 in r1c1 r1c9, "
          "nor 1 or 9 in r1c2 r1c3 r1c4 r1c5 r1c6 r1c7 r1c8.",
          NULL);
    fires(BOARD(9, 9, 9) "\"rules\": [" BOX ", {\"type\": \"outside\", \"kind\": "
                         "\"little_killer\", \"sum\": 17, \"cells\": [\"r2c1\", \"r1c2\"]}]}",
          "little killer", 1, NULL,
          "The digits of the diagonal r2c1-r1c2 sum to 17: r2c1 r1c2 cannot be 1, 2, 3, 4, 5, 6 "
          "or 7, as the other cells add up to at most 9",
          "the sum needs an 8 in r2c1 r1c2, which share a house with r1c1 r1c3 r2c2 r2c3 r3c1 "
          "r3c2 r3c3: 8 leaves them",
          NULL);
    fires(BOARD(9, 9, 9) "\"rules\": [" BOX ", {\"type\": \"outside\", \"kind\": \"x_sum\", "
                         "\"value\": 1, \"cells\": " ROW_1 "}]}",
          "x-sum", 1, NULL,
          "The first X digits of row 1 from the left sum to 1, X being the digit in r1c1: r1c1 "
          "cannot be 2, 3, 4, 5, 6, 7, 8 or 9",
          NULL);
    /* Without a house the line may repeat digits. */
    fires(BOARD(9, 9, 9) "\"rules\": [{\"type\": \"outside\", \"kind\": \"skyscraper\", "
                         "\"value\": 9, \"cells\": " ROW_1 "}]}",
          "skyscraper", 0, NULL, "Seen from the left, row 1 shows 9 skyscrapers",
          "With digit v in its k-th cell at most k + 9 - v can be seen, so r1c1 cannot be 2, 3, 4, "
          "5, 6, 7, 8 or 9, r1c2 cannot be 3, 4, 5, 6, 7, 8 or 9,",
          "No filling that fits the candidates shows 9 with 1 in r1c2, nor 1 or 2 in r1c3,", NULL);
    /* In a house: distinct digits, so the tallest of a full row is 9. */
    fires(BOARD(9, 9, 9) "\"rules\": [" BOX ", {\"type\": \"outside\", \"kind\": \"skyscraper\", "
                         "\"value\": 1, \"cells\": " ROW_1 "}]}",
          "skyscraper", 1, NULL, "Seen from the left, row 1 shows 1 skyscraper ",
          "No filling of distinct digits (one house holds the line) that fits the candidates "
          "shows 1 with 1, 2, 3, 4, 5, 6, 7 or 8 in r1c1, nor 9 in r1c2 r1c3 r1c4 r1c5 r1c6 r1c7 "
          "r1c8 r1c9.",
          NULL);
    fires(BOARD(9, 9, 9) "\"rules\": [" BOX ", {\"type\": \"outside\", \"kind\": \"rossini\", "
                         "\"direction\": \"increasing\", \"cells\": [\"r1c1\", \"r1c2\", "
                         "\"r1c3\"]}]}",
          "rossini", 1, NULL, "r1c1 r1c2 r1c3 increase in that order: ",
          "r1c3 must be more than r1c2, which is at least 2", NULL);
}

static void negatives(void **state)
{
    (void)state;
    fires(BOARD(9, 9, 9) "\"rules\": [" BOX ", {\"type\": \"negative\", \"of\": \"kropki\", "
                         "\"color\": \"white\"}], \"givens\": {\"r1c2\": 4}}",
          "negative constraint", 1, "between r1c1 and r1c2",
          "No white dot between r1c1 and r1c2, so they are not consecutive: r1c1 is 1, 2, 6, 7, 8 "
          "or 9 beside r1c2's 4.",
          NULL);
    fires(BOARD(9, 9, 9) "\"rules\": [" BOX ", {\"type\": \"negative\", \"of\": \"xv\"}], "
                         "\"givens\": {\"r5c5\": 3}}",
          "negative constraint", 1, "between r5c4 and r5c5",
          "No X or V between r5c4 and r5c5, so they do not sum to 10 and do not sum to 5: r5c4 is "
          "1, 4, 5, 6, 8 or 9 beside r5c5's 3.",
          NULL);
    fires(BOARD(9, 9, 9) "\"rules\": [" BOX ", {\"type\": \"negative\", \"of\": \"sum\", "
                         "\"sum\": 7}, {\"type\": \"negative\", \"of\": \"difference\", "
                         "\"value\": 3}], \"givens\": {\"r5c5\": 2}}",
          "negative constraint", 1, "between r5c4 and r5c5",
          "No sum clue of 7 or difference clue of 3 between r5c4 and r5c5, so they do not sum to 7 "
          "and do not differ by 3: r5c4 is 1, 3, 4, 6, 7, 8 or 9 beside r5c5's 2.",
          NULL);
    fires(BOARD(9, 9, 9) "\"rules\": [" BOX ", {\"type\": \"negative\", \"of\": \"rossini\"}], "
                         "\"givens\": {\"r1c1\": 2, \"r1c2\": 5}}",
          "negative constraint", 1, "No rossini arrow marks r1c1 r1c2 r1c3",
          "r1c3 cannot be 6, 7, 8 or 9, as with r1c1 at 2 and r1c2 at 5 the three would "
          "always be in order",
          NULL);
    fires(BOARD(9, 9, 9) "\"rules\": [" BOX ", {\"type\": \"negative\", \"of\": \"battenburg\"}], "
                         "\"givens\": {\"r9c9\": 1, \"r9c8\": 2, \"r8c9\": 4}}",
          "negative constraint", 1, "No battenburg marks r8c8 r8c9 r9c8 r9c9",
          "r9c9 is odd and r8c9 r9c8 are even, so r8c8 cannot be odd.", NULL);
}

/* ---- ... and does not fire where it has nothing to remove --------------------- */

/* Explain doc up to the complex-rule rank: no step may be of technique tech. */
static void quiet(const char *doc, const char *tech)
{
    rg_puzzle *p = t_parse(doc);
    rg_explain_options o;
    rg_explain_options_default(&o);
    o.upto = RG_RANK_COMPLEX_RULE;
    rg_explainer *e;
    rg_error err;
    rg_error_clear(&err);
    assert_int_equal(rg_explainer_new(p, NULL, &o, &e, &err), RG_OK);
    rg_step s;
    for (int n = 0; n < 400 && rg_explain_next(e, &s, &err) == 1; n++)
        if (!strcmp(s.technique, tech)) fail_msg("a %s step where none is due: %s", tech, s.text);
    assert_int_equal(err.code, RG_OK);
    rg_explainer_free(e);
    rg_puzzle_free(p);
}

#define ROW_1_FULL                                                                                 \
    "\"givens\": {\"r1c1\": 1, \"r1c2\": 2, \"r1c3\": 3, \"r1c4\": 4, \"r1c5\": 5, \"r1c6\": 6, "  \
    "\"r1c7\": 7, \"r1c8\": 8, \"r1c9\": 9}}"

static void silent(void **state)
{
    (void)state;
    /* Every digit has a partner: nothing to remove. */
    quiet(BOARD(1, 2, 9) "\"rules\": [{\"type\": \"edge\", \"kind\": \"kropki\", \"color\": "
                         "\"white\", \"cells\": [\"r1c1\", \"r1c2\"]}]}",
          "white dot");
    quiet(BOARD(1, 2, 9) "\"rules\": [{\"type\": \"edge\", \"kind\": \"xv\", \"letter\": \"X\", "
                         "\"cells\": [\"r1c1\", \"r1c2\"]}]}",
          "xv");
    quiet(BOARD(1, 2, 9) "\"rules\": [{\"type\": \"neighbours\", \"kind\": \"nonconsecutive\"}]}",
          "nonconsecutive");
    quiet(BOARD(2, 2, 4) "\"rules\": [{\"type\": \"corner\", \"kind\": \"battenburg\", \"cells\": "
                         "[\"r1c1\", \"r1c2\", \"r2c1\", \"r2c2\"]}]}",
          "battenburg");
    quiet(BOARD(2, 2, 9) "\"rules\": [{\"type\": \"corner\", \"kind\": \"quadruple\", \"digits\": "
                         "[1, 2], \"cells\": [\"r1c1\", \"r1c2\", \"r2c1\", \"r2c2\"]}]}",
          "quadruple");
    /* The 5 may go in either row and either column of a block across four boxes. */
    quiet(BOARD(9, 9, 9) "\"rules\": [" BOX ", {\"type\": \"corner\", \"kind\": \"quadruple\", "
                         "\"digits\": [5], \"cells\": [\"r3c3\", \"r3c4\", \"r4c3\", \"r4c4\"]}]}",
          "quadruple places");
    quiet(BOARD(9, 9, 9) "\"rules\": [" BOX ", {\"type\": \"negative\", \"of\": \"kropki\", "
                         "\"color\": \"white\"}]}",
          "negative constraint");
    /* The clue's line given in full, agreeing with it. */
    quiet(BOARD(9, 9, 9) "\"rules\": [" BOX ", {\"type\": \"outside\", \"kind\": \"sandwich\", "
                         "\"value\": 35, \"cells\": " ROW_1 "}], " ROW_1_FULL,
          "sandwich");
    quiet(BOARD(9, 9, 9) "\"rules\": [" BOX ", {\"type\": \"outside\", \"kind\": \"x_sum\", "
                         "\"value\": 1, \"cells\": " ROW_1 "}], " ROW_1_FULL,
          "x-sum");
    quiet(BOARD(9, 9, 9) "\"rules\": [" BOX ", {\"type\": \"outside\", \"kind\": \"skyscraper\", "
                         "\"value\": 9, \"cells\": " ROW_1 "}], " ROW_1_FULL,
          "skyscraper");
    quiet(BOARD(9, 9, 9) "\"rules\": [" BOX ", {\"type\": \"outside\", \"kind\": \"rossini\", "
                         "\"direction\": \"increasing\", \"cells\": [\"r1c1\", \"r1c2\", "
                         "\"r1c3\"]}], " ROW_1_FULL,
          "rossini");
    quiet(BOARD(9, 9, 9) "\"rules\": [" BOX ", {\"type\": \"outside\", \"kind\": "
                         "\"little_killer\", \"sum\": 11, \"cells\": [\"r2c1\", \"r1c2\"]}], "
                         "\"givens\": {\"r2c1\": 9, \"r1c2\": 2}}",
          "little killer");
}

/* ---- Soundness over the variant corpora ---------------------------------------- */

/* The families whose propagators all have explain hooks: none of their
 * steps may fall back on the host's generic text ("Rule 2 (edge) removes"). */
static int hooked(const char *family)
{
    static const char *const families[] = {"relations", "neighbours", "corners", "outside",
                                           "negatives"};
    for (size_t i = 0; i < sizeof families / sizeof families[0]; i++)
        if (!strcmp(family, families[i])) return 1;
    return 0;
}

/* Every step of the explanation of every stride-th puzzle of the corpus
 * agrees with the puzzle's solution: its placements are the solution's
 * digits, its eliminations never take a solution digit. A step of a
 * family with hooks is in the hook's words and names every cell it
 * changes. Returns the number of puzzles explained. */
static int sound_corpus(const char *rel, int stride)
{
    rg_corpus *c;
    rg_error err;
    rg_error_clear(&err);
    assert_int_equal(rg_corpus_open(t_registry(), t_src(rel), NULL, NULL, &c, &err), RG_OK);
    rg_explain_options o;
    rg_explain_options_default(&o);
    o.max_seconds = t_scaled() ? 20 : 5;
    rg_puzzle *p;
    int n = 0;
    for (int i = 0; rg_corpus_next(c, &p, &err) == 1; i++) {
        const int *sol = rg_puzzle_solution(p);
        assert_non_null(sol);
        rg_explainer *e;
        if (i % stride == 0) {
            assert_int_equal(rg_explainer_new(p, NULL, &o, &e, &err), RG_OK);
            rg_step s;
            while (rg_explain_next(e, &s, &err) == 1) {
                if (hooked(s.family) && !strncmp(s.text, "Rule ", 5))
                    fail_msg("%s #%d step %d (%s) has the generic text: %s", rel, i + 1, s.number,
                             s.technique, s.text);
                for (int k = 0; hooked(s.family) && k < s.nelim; k++) {
                    char name[32];
                    rg_puzzle_cell_name(p, s.elim_cells[k], name, sizeof name);
                    if (!strstr(s.text, name))
                        fail_msg("%s #%d step %d (%s) does not name %s: %s", rel, i + 1, s.number,
                                 s.technique, name, s.text);
                }
                for (int k = 0; k < s.nplace; k++)
                    if (s.place_digits[k] != sol[s.place_cells[k]])
                        fail_msg("%s #%d step %d (%s) places %d where the solution has %d: %s", rel,
                                 i + 1, s.number, s.technique, s.place_digits[k],
                                 sol[s.place_cells[k]], s.text);
                for (int k = 0; k < s.nelim; k++)
                    if (s.elim_masks[k] >> (sol[s.elim_cells[k]] - 1) & 1u)
                        fail_msg("%s #%d step %d (%s) removes the solution's %d: %s", rel, i + 1,
                                 s.number, s.technique, sol[s.elim_cells[k]], s.text);
            }
            assert_int_equal(err.code, RG_OK);
            rg_explain_summary sum;
            rg_explain_summary_get(e, &sum);
            assert_int_not_equal(sum.status, RG_EXPLAIN_CONTRADICTION);
            rg_explainer_free(e);
            n++;
        }
        rg_puzzle_free(p);
    }
    assert_int_equal(err.code, RG_OK);
    rg_corpus_close(c);
    return n;
}

static void soundness(void **state)
{
    (void)state;
    static const char *const corpora[] = {
        "corpus/variants/relations.jsonl", "corpus/variants/relations-mixed.jsonl",
        "corpus/variants/cells.jsonl",     "corpus/variants/outside.jsonl",
        "corpus/variants/corners.jsonl",   "corpus/variants/neighbours.jsonl",
        "corpus/variants/negatives.jsonl",
    };
    /* On a sample (support.h): every 4th puzzle, under Valgrind every 8th. */
    int stride = t_memcheck() ? 8 : t_scaled() ? 4 : 1;
    for (size_t i = 0; i < sizeof corpora / sizeof corpora[0]; i++)
        assert_true(sound_corpus(corpora[i], stride) >= 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(edges, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(relations, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(pair_in_a_house, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(neighbours, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(corners, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(outside, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(negatives, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(silent, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(soundness, t_mem_setup, t_mem_teardown),
    };
    return t_done(cmocka_run_group_tests(tests, NULL, NULL));
}
