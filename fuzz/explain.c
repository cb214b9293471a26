/* Fuzz target: the explainer. A document that reads is explained up a rank
 * of the ladder chosen by the input's hash, with a budget of probes and
 * time. Every step must stay on the board (cells, digits, ranks), and when
 * the document's own solution satisfies every rule and keeps the givens,
 * no step may go against it: no placement differs from it and no
 * elimination removes one of its digits (a sound step removes only what no
 * solution has). An explanation that ends solved must leave a grid that
 * satisfies every rule. */
#include <stdlib.h>
#include <string.h>

#include "common.h"

#define PROBES 40
#define STEPS  5000

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fz_registry();
    return 0;
}

/* The document's solution when it is one (every rule holds, the givens
 * kept), else NULL. */
static const int *valid_solution(const rg_puzzle *p)
{
    const int *sol = rg_puzzle_solution(p), *g = rg_puzzle_givens(p);
    if (!sol || rg_puzzle_check(p, sol) != -1) return NULL;
    for (int c = 0; c < rg_puzzle_cells(p); c++)
        if (g[c] && g[c] != sol[c]) return NULL;
    return sol;
}

static void check_step(const rg_puzzle *p, const rg_step *st, int upto, const int *sol)
{
    int N = rg_puzzle_cells(p), D = rg_puzzle_digits(p);
    rg_mask full = D >= 32 ? ~(rg_mask)0 : ((rg_mask)1 << D) - 1;
    if (st->rank < 1 || st->rank > upto) fz_fail("step %d has rank %d", st->number, st->rank);
    if (!st->text[0] || !st->technique[0]) fz_fail("step %d has no text", st->number);
    for (int i = 0; i < st->nplace; i++) {
        int c = st->place_cells[i], d = st->place_digits[i];
        if (c < 0 || c >= N || d < 1 || d > D) fz_fail("step %d places %d in %d", st->number, d, c);
        if (sol && sol[c] != d)
            fz_fail("step %d (%s) places %d in cell %d against the solution's %d: %s", st->number,
                    st->technique, d, c, sol[c], st->text);
    }
    for (int i = 0; i < st->nelim; i++) {
        int c = st->elim_cells[i];
        rg_mask m = st->elim_masks[i];
        if (c < 0 || c >= N || !m || (m & ~full)) fz_fail("step %d eliminates badly", st->number);
        if (sol && ((m >> (sol[c] - 1)) & 1u))
            fz_fail("step %d (%s) removes the solution's %d from cell %d: %s", st->number,
                    st->technique, sol[c], c, st->text);
    }
}

static void explain(const rg_puzzle *p, uint64_t h)
{
    rg_explain_options o;
    rg_explain_options_default(&o);
    o.upto = 1 + (int)(h % (RG_RANK_COUNT - 1));
    o.max_nodes = PROBES;
    o.max_seconds = 0.2;
    rg_explainer *e;
    rg_error err;
    if (rg_explainer_new(p, NULL, &o, &e, &err) != RG_OK) fz_fail("explainer: %s", err.message);
    const int *sol = valid_solution(p);
    rg_step st;
    int rc, n = 0;
    while ((rc = rg_explain_next(e, &st, &err)) == 1 && n++ < STEPS)
        check_step(p, &st, o.upto, sol);
    if (rc < 0 || rc > 1) fz_fail("explain: %s", err.message);
    rg_explain_summary s;
    rg_explain_summary_get(e, &s);
    if (s.status == RG_EXPLAIN_SOLVED) {
        int N = rg_puzzle_cells(p);
        int *values = malloc((size_t)N * sizeof *values + 1);
        const rg_mask *dom = rg_explain_candidates(e);
        for (int c = 0; values && c < N; c++) values[c] = __builtin_ctz(dom[c]) + 1;
        if (values && rg_puzzle_check(p, values) != -1)
            fz_fail("solved by steps, but a rule breaks");
        if (sol && s.status == RG_EXPLAIN_SOLVED && values &&
            memcmp(values, sol, (size_t)N * sizeof *values))
            fz_fail("solved by steps to another grid than the document's solution");
        free(values);
    }
    rg_explainer_free(e);
}

static void take(const rg_puzzle *p, const uint8_t *data, size_t size, uint64_t h)
{
    (void)data, (void)size;
    explain(p, h);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return fz_each_document(data, size, take);
}
