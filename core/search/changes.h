/* Event-driven propagation (changes.c; plugin.h: RG_PROPAGATOR_CHANGES and
 * host->changes): for each propagator that asked, the positions of its
 * watched cells that changed since it last ran, in order, and what each
 * lost. Such a propagator is woken by every change of a watched cell (the
 * model makes its events RG_EV_DOMAIN), so at every fixpoint the lists of
 * the propagators still active are empty; a failed propagation empties every
 * list (rg_changes_clear), so the next branch starts from its parent's
 * fixpoint with nothing recorded. A restart from the root makes every list
 * unknown (-1) until the propagator's next run. */
#ifndef RG_SEARCH_CHANGES_H
#define RG_SEARCH_CHANGES_H

#include "search/solver.h"

/* Propagator p (not running, active) sees the cell at watch position pos
 * lose the digits lost. */
static inline void rg_changes_note(rg_solver *s, int p, int pos, rg_mask lost)
{
    int n = s->chg_n[p];
    if (p == s->running || n < 0) return;
    int at = s->m->prop_watch_off[p];
    if (!s->chg_lost[at + pos]) {
        if (!s->chg_listed[p]) {
            s->chg_listed[p] = 1;
            s->chg_list[s->nchg_list++] = p;
        }
        s->chg_pos[at + n] = pos;
        s->chg_n[p] = n + 1;
    }
    s->chg_lost[at + pos] |= lost;
}

/* Propagator p ran: nothing of it is left to report. */
static inline void rg_changes_done(rg_solver *s, int p)
{
    int n = s->chg_n[p], at = s->m->prop_watch_off[p];
    for (int i = 0; i < n; i++) s->chg_lost[at + s->chg_pos[at + i]] = 0;
    s->chg_n[p] = 0;
}

/* The buffers for the solver's model (prepare), RG_OK or RG_E_NOMEM. */
int rg_changes_prepare(rg_solver *s);
void rg_changes_release(rg_solver *s);
/* Every list unknown: a propagation from the root. */
void rg_changes_restart(rg_solver *s);
/* Every list empty: a failed propagation. */
void rg_changes_clear(rg_solver *s);

#endif
