/* True candidates (rulegrid.h: rg_candidates): the digits some solution
 * puts in each cell, found by one search per (cell, digit) that no solution
 * seen so far holds, each search starting from what the earlier ones taught.
 * The searches themselves are solver.c's. */
#include <string.h>
#include <time.h>

#include "base/clock.h"
#include "base/error.h"
#include "base/mem.h"
#include "search/solver.h"

/* A run: the caller's options, its clock and the nodes spent so far. */
typedef struct run {
    rg_solver *s;
    const rg_puzzle *p;
    const rg_options *o;
    rg_candidates_result *r;
    int N;
    struct timespec t0;
    uint64_t spent; /* nodes and probes of every search so far */
} run;

/* The options of the next search: o's, with this limit of solutions and
 * what is left of o's budgets. 0 when a budget is used up. */
static int budget(const run *c, long limit, rg_options *o)
{
    *o = *c->o;
    o->limit = limit;
    if (c->o->max_nodes) {
        if (c->spent >= c->o->max_nodes) return 0;
        o->max_nodes = c->o->max_nodes - c->spent;
    }
    if (c->o->max_seconds > 0) {
        double left = c->o->max_seconds - rg_clock_us(&c->t0) / 1e6;
        if (left <= 0) return 0;
        o->max_seconds = left;
    }
    return 1;
}

static void add_stats(rg_stats *sum, const rg_stats *st)
{
    if (sum->families == 0) {
        sum->families = st->families;
        memcpy(sum->family, st->family, sizeof sum->family);
    }
    sum->nodes += st->nodes;
    sum->guesses += st->guesses;
    sum->failures += st->failures;
    sum->propagations += st->propagations;
    sum->prunings += st->prunings;
    for (int i = 0; i < st->families && i < RG_MAX_FAMILIES; i++) {
        sum->family_prunings[i] += st->family_prunings[i];
        sum->family_calls[i] += st->family_calls[i];
    }
    sum->root_us += st->root_us;
    sum->search_us += st->search_us;
}

/* One search under o from the domains start (NULL: the puzzle's), its
 * counters added to the run's. */
static int search(run *c, const rg_options *o, const rg_mask *start, rg_result *res, rg_error *err)
{
    int rc = rg_solver_solve_from(c->s, c->p, o, start, res, err);
    if (rc != RG_OK) return rc;
    c->spent += c->s->st.nodes + c->s->probes;
    add_stats(&c->r->stats, &res->stats);
    return RG_OK;
}

/* Every digit of a solution is a candidate of its cell. */
static void learn(rg_mask *known, const int *sol, int n)
{
    for (int i = 0; i < n; i++)
        if (sol[i] > 0) known[i] |= (rg_mask)1 << (sol[i] - 1);
}

/* For every (cell, digit) of cand that known lacks, search for a solution
 * with the cell fixed to the digit, within cand: one found is learnt whole;
 * none proves the digit out of the cell, and it leaves cand. Sets complete
 * when every pair is decided; returns at the first search a budget ends. */
static int probe_all(run *c, rg_mask *known, rg_mask *cand, rg_mask *start, rg_error *err)
{
    rg_result res;
    rg_options o;
    for (int cell = 0; cell < c->N; cell++) {
        for (rg_mask open; (open = cand[cell] & ~known[cell]) != 0;) {
            if (!budget(c, 1, &o)) return RG_OK;
            rg_mask bit = open & (~open + 1);
            memcpy(start, cand, (size_t)c->N * sizeof *start);
            start[cell] = bit;
            int rc = search(c, &o, start, &res, err);
            if (rc != RG_OK) return rc;
            c->r->probes++;
            if (res.stopped) return RG_OK;
            if (res.solutions > 0) {
                learn(known, res.solution, c->N);
                c->r->found++;
            } else {
                cand[cell] &= ~bit;
                c->r->refuted++;
            }
        }
    }
    c->r->complete = 1;
    return RG_OK;
}

/* The digits left after root propagation (at most at the subsets level, so
 * that this one propagation stays cheap): no solution holds any other. */
static int root_domains(run *c, const rg_mask *known, rg_mask *cand)
{
    int level = c->o->strategy;
    if (level < RG_STRATEGY_PROPAGATE) level = RG_STRATEGY_PROPAGATE;
    if (level > RG_STRATEGY_SUBSETS) level = RG_STRATEGY_SUBSETS;
    int rc = rg_solver_narrow(c->s, c->p, level, NULL, cand);
    if (rc == RG_E_NOMEM) return rc;
    /* A solution was found, so the root cannot fail and holds its digits;
     * should a propagator disagree, its digits stay candidates all the same. */
    for (int i = 0; i < c->N; i++) cand[i] = (rc == 0 ? cand[i] : c->s->full) | known[i];
    return RG_OK;
}

int rg_candidates(rg_solver *s, const rg_puzzle *p, const rg_options *o, rg_mask *out,
                  rg_candidates_result *r, rg_error *err)
{
    if (err) rg_error_clear(err); /* every part of an error it gives is its own */
    memset(r, 0, sizeof *r);
    r->broken_rule = -1;
    if (!s || !p || !o || !out)
        return rg_error_set(err, RG_E_INTERNAL, NULL, "rg_candidates: null argument");
    run c = {s, p, o, r, rg_puzzle_cells(p), {0, 0}, 0};
    memset(out, 0, (size_t)c.N * sizeof *out);
    clock_gettime(CLOCK_MONOTONIC, &c.t0);
    rg_result res;
    int rc = search(&c, o, NULL, &res, err);
    if (rc != RG_OK) return rc;
    r->status = res.status;
    r->solutions = res.solutions;
    r->broken_rule = res.broken_rule;
    if (res.solution) {
        learn(out, res.solution, c.N);
        r->found = 1;
    }
    /* A count that ended at a limit leaves no budget to probe with. */
    if (res.stopped) return RG_OK;
    if (res.status == RG_STATUS_NONE || res.status == RG_STATUS_UNIQUE) {
        r->complete = 1;
        return RG_OK;
    }
    rg_mask *cand = rg_mem_alloc(2 * (size_t)c.N * sizeof *cand);
    if (!cand) rc = RG_E_NOMEM;
    if (rc == RG_OK) rc = root_domains(&c, out, cand);
    if (rc == RG_OK) rc = probe_all(&c, out, cand, cand + c.N, err);
    rg_mem_free(cand);
    if (rc == RG_OK) return RG_OK;
    memset(out, 0, (size_t)c.N * sizeof *out);
    r->complete = 0;
    if (rc == RG_E_NOMEM) return rg_error_set(err, RG_E_NOMEM, NULL, "out of memory");
    return rc;
}
