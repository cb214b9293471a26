/* Depth-first search over an explicit stack of spaces, with solution
 * counting, the node and time limits, and every solution checked against
 * every rule. */
#include <string.h>

#include "base/clock.h"
#include "base/mask.h"
#include "base/mem.h"
#include "model/check.h"
#include "search/heuristic.h"
#include "search/probe.h"
#include "search/propagate.h"
#include "search/search.h"
#include "search/space.h"
#include "search/values.h"

static int limit_hit(rg_solver *s)
{
    if (s->stopped) return 1; /* the clock ran out while probing */
    if (s->o.max_nodes && s->st.nodes >= s->o.max_nodes) return 1;
    if (s->o.max_seconds > 0 && (s->st.nodes & 127) == 0 &&
        rg_clock_us(&s->t0) >= s->o.max_seconds * 1e6)
        return 1;
    return 0;
}

/* A complete assignment found by the search: checked against every rule. */
static int accept(rg_solver *s, const unsigned char *space)
{
    const rg_mask *dom = (const rg_mask *)space;
    for (int c = 0; c < s->N; c++) s->values[c] = rg_single(dom[c]) ? rg_digit_of(dom[c]) : 0;
    return rg_check_values(s->m, s->values) == -1;
}

/* Room for at least n spaces (the search depth is at most N + 1). */
int rg_search_grow(rg_solver *s, int n)
{
    if (n <= s->nspaces) return RG_OK;
    int cap = s->nspaces ? s->nspaces : 16;
    while (cap < n) cap *= 2;
    if (cap > s->N + 2) cap = s->N + 2;
    unsigned char *ns = rg_mem_realloc(s->spaces, s->space_bytes * (size_t)cap);
    if (!ns) return RG_E_NOMEM;
    s->spaces = ns;
    s->nspaces = cap;
    return RG_OK;
}

/* Depth-first search from the propagated root space 0. */
void rg_search_run(rg_solver *s, rg_result *r)
{
    int d = 0;
    for (;;) {
        unsigned char *sp = rg_space_at(s, d);
        int c = rg_heuristic_select(s, sp);
        if (c < 0) {
            if (accept(s, sp)) {
                if (r->solutions == 0) memcpy(s->sol, s->values, (size_t)s->N * sizeof *s->sol);
                if (++r->solutions >= s->o.limit) return;
            } else {
                s->st.failures++;
            }
            goto backtrack;
        }
        {
            rg_mask x = ((rg_mask *)sp)[c];
            s->frames[d].cell = c;
            s->frames[d].left = x;
            s->frames[d].guess = (x & (x - 1)) != 0;
        }
    try_next:
        while (s->frames[d].left) {
            if (limit_hit(s)) {
                s->stopped = 1;
                return;
            }
            rg_frame *f = &s->frames[d];
            rg_mask v = rg_values_pick(s, f->left);
            f->left &= ~v;
            if (d + 1 >= s->nspaces && rg_search_grow(s, d + 2) != RG_OK) {
                s->stopped = s->nomem = 1; /* rg_solve reports out of memory */
                return;
            }
            unsigned char *next = rg_space_at(s, d + 1);
            memcpy(next, rg_space_at(s, d), s->space_bytes);
            s->st.nodes++;
            if (f->guess) s->st.guesses++;
            if (rg_propagate_assign(s, next, f->cell, v) == 0 &&
                (!(s->ded & RG_DEDUCE_PROBE) || rg_probe_run(s, next) == 0)) {
                d++;
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
