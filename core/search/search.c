/* Depth-first search over an explicit stack of spaces, with solution
 * counting, the node and time limits, and every solution checked against
 * every rule. A space is copied for each depth as long as the copies fit
 * RG_SEARCH_COPY_BUDGET; on bigger boards only every k-th depth is kept and
 * the depths between are recomputed when the search comes back to them
 * (docs/architecture.md, "Search memory"). */
#include <string.h>

#include "base/clock.h"
#include "base/error.h"
#include "base/mask.h"
#include "base/mem.h"
#include "model/check.h"
#include "search/heuristic.h"
#include "search/limits.h"
#include "search/probe.h"
#include "search/propagate.h"
#include "search/search.h"
#include "search/space.h"
#include "search/values.h"

/* A complete assignment found by the search: checked against every rule.
 * From the propagate level up (cascade) the space is a fixpoint whose
 * naked singles have all left their peers, and its domains lie within the
 * root's: the houses, the must-differ pairs and the cells' restrictions
 * hold by then, so the propagators' checks are what is left to ask
 * (rg_check_rules; a 9 x 9 house check was most of a found solution's
 * check). The levels below place without that and ask everything. */
static int accept(rg_solver *s, const unsigned char *space)
{
    const rg_mask *dom = (const rg_mask *)space;
    for (int c = 0; c < s->N; c++) s->values[c] = rg_single(dom[c]) ? rg_digit_of(dom[c]) : 0;
    return (s->cascade ? rg_check_rules(s->m, s->values) : rg_check_values(s->m, s->values)) == -1;
}

/* Is depth d's space kept (and not in a work space)? */
static inline int kept(const rg_solver *s, int d) { return s->every == 1 || d % s->every == 0; }

/* Where the space of depth d lives. */
static inline unsigned char *slot(rg_solver *s, int d)
{
    if (s->every == 1) return rg_space_at(s, d);
    if (d % s->every == 0) return rg_space_at(s, d / s->every);
    return s->work + (size_t)(d & 1) * s->space_bytes;
}

int rg_search_plan(rg_solver *s)
{
    size_t budget = s->copy_budget ? s->copy_budget : RG_SEARCH_COPY_BUDGET;
    size_t depths = (size_t)s->N + 2, fit = budget / s->space_bytes;
    if (fit < 2) fit = 2;
    s->every = depths <= fit ? 1 : (int)((depths + fit - 1) / fit);
    s->held[0] = s->held[1] = -1;
    s->work = NULL;
    if (s->every > 1 && !(s->work = rg_mem_alloc(2 * s->space_bytes))) return RG_E_NOMEM;
    /* Every kept depth (0 .. N + 1) now, so that the search never
     * allocates: the pages a search does not reach are never touched. */
    s->nspaces = (s->N + 1) / s->every + 1;
    s->spaces = rg_mem_alloc(s->space_bytes * (size_t)s->nspaces);
    return s->spaces ? RG_OK : RG_E_NOMEM;
}

void rg_search_budget(rg_solver *s, size_t bytes) { s->copy_budget = bytes; }

/* The space of depth d on the current path. A depth between kept ones
 * whose work space has been reused since is recomputed from the kept depth
 * below: each decision of the path replayed, with the same propagation and
 * probing. The replay is invisible in the counters, the node limit and the
 * weights (it finds nothing the search did not find before, so a search
 * ends the same whatever its memory), but the clock runs. NULL when a limit stops it, or when it fails where the first
 * run did not: a propagator that is no function of its space. */
static unsigned char *materialize(rg_solver *s, int d)
{
    if (kept(s, d) || s->held[d & 1] == d) return slot(s, d);
    rg_stats counted = s->st;
    uint64_t probes = s->probes, max_nodes = s->o.max_nodes;
    uint64_t *weights = s->wdeg;
    s->wdeg = NULL;
    s->o.max_nodes = 0;
    int ok = 1;
    for (int i = d - d % s->every; i < d && ok; i++) {
        unsigned char *next = slot(s, i + 1);
        s->held[(i + 1) & 1] = -1;
        memcpy(next, slot(s, i), s->space_bytes);
        const rg_frame *f = &s->frames[i];
        ok = rg_propagate_assign(s, next, f->cell, f->took) == 0 &&
             (!(s->ded & RG_DEDUCE_PROBE) || rg_probe_run(s, next) == 0);
        if (ok) s->held[(i + 1) & 1] = i + 1;
    }
    s->wdeg = weights;
    s->st = counted;
    s->probes = probes;
    s->o.max_nodes = max_nodes;
    if (ok && !s->stopped) return slot(s, d);
    if (!s->stopped) {
        rg_error_clear(&s->error);
        rg_error_set(&s->error, RG_E_PLUGIN, NULL,
                     "a recomputed space failed where it first held: some propagator's pruning "
                     "is not a function of its space (plugin.h)");
        s->broken = s->stopped = 1;
    }
    return NULL;
}

/* The next branch of frame f, taken off its list: f->cell gets the digit
 * returned (also in f->took). A cell branch takes a digit left; a place
 * branch a place left of its unit, for its digit. */
static inline rg_mask next_branch(rg_solver *s, rg_frame *f)
{
    rg_mask v = rg_values_pick(s, f->left);
    f->left &= ~v;
    if (f->unit >= 0) {
        f->cell = s->m->unit_cells[(size_t)f->unit * (size_t)s->D + (size_t)__builtin_ctz(v)];
        v = f->digit;
    }
    f->took = v;
    return v;
}

/* Depth-first search from the propagated root space 0. */
void rg_search_run(rg_solver *s, rg_result *r)
{
    int d = 0;
    for (;;) {
        if (s->stopped) return; /* a limit reached in the propagation or probing */
        unsigned char *sp = slot(s, d);
        rg_frame *fr = &s->frames[d];
        if (rg_heuristic_select(s, sp, fr) < 0) {
            if (accept(s, sp)) {
                if (r->solutions == 0) memcpy(s->sol, s->values, (size_t)s->N * sizeof *s->sol);
                if (++r->solutions >= s->o.limit) return;
            } else {
                s->st.failures++;
            }
            goto backtrack;
        }
        {
            rg_mask x = fr->left;
            fr->guess = (x & (x - 1)) != 0;
            if (fr->guess && s->guessless) {
                s->stopped = 1; /* the answer (no solve without a guess) is known */
                return;
            }
        }
    try_next:
        while (s->frames[d].left) {
            if (rg_limits_node(s)) return;
            rg_frame *f = &s->frames[d];
            rg_mask v = next_branch(s, f);
            int deeper = d + 1, keep = kept(s, deeper);
            unsigned char *here = materialize(s, d);
            if (!here) return;
            unsigned char *next = slot(s, deeper);
            if (!keep) s->held[deeper & 1] = -1;
            memcpy(next, here, s->space_bytes);
            s->st.nodes++;
            if (f->guess) s->st.guesses++;
            if (rg_propagate_assign(s, next, f->cell, v) == 0 &&
                (!(s->ded & RG_DEDUCE_PROBE) || rg_probe_run(s, next) == 0)) {
                if (!keep) s->held[deeper & 1] = deeper;
                d = deeper;
                goto descend;
            }
            s->st.failures++;
        }
    backtrack:
        if (d == 0) return;
        d--;
        goto try_next;
    descend:;
    }
}
