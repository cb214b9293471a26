/* The host calls a propagator prunes through: its view of the domains,
 * remove, keep and fix, its per-space state, and what changed since it last
 * ran (changes.h). */
#include "search/space.h"

void rg_space_note_changes(rg_solver *s, int c, rg_mask lost)
{
    const rg_model *m = s->m;
    for (int t = m->track_off[c], end = m->track_off[c + 1]; t < end; t++) {
        int p = m->track_prop[t];
        if (!(s->inactive[p >> 5] & (1u << (p & 31)))) rg_changes_note(s, p, m->track_pos[t], lost);
    }
}

const rg_mask *rg_space_domains(const rg_space *sp) { return sp->dom; }

/* A plugin's narrowing on a model of watch_wide, its wakes four
 * entries at a time (space.h rg_space_wake4): killer.jsonl 1.5 to 2 %
 * faster. Out of line, so that remove and keep on the other models stay
 * as they were but for the test of watch_wide (docs/bench.md, stop 65). */
static __attribute__((noinline)) int narrow_wide(rg_space *sp, int cell, rg_mask nm)
{
    return rg_space_narrow_in(sp->s, sp->dom, cell, nm, sp->family, 1);
}

/* A plugin's narrowing of cell to nm (within its domain): 0 when nothing
 * changes, else as rg_space_narrow, waking the wide way on a wide model. */
static inline int narrow_from_plugin(rg_space *sp, int cell, rg_mask nm)
{
    if (nm == sp->dom[cell]) return 0;
    if (sp->s->m->watch_wide) return narrow_wide(sp, cell, nm);
    return rg_space_narrow(sp->s, sp->dom, cell, nm, sp->family);
}

int rg_space_remove(rg_space *sp, int cell, rg_mask digits)
{
    if (cell < 0 || cell >= sp->s->N) return RG_FAIL;
    return narrow_from_plugin(sp, cell, sp->dom[cell] & ~digits);
}

int rg_space_keep(rg_space *sp, int cell, rg_mask digits)
{
    if (cell < 0 || cell >= sp->s->N) return RG_FAIL;
    return narrow_from_plugin(sp, cell, sp->dom[cell] & digits);
}

int rg_space_fix(rg_space *sp, int cell, int digit)
{
    if (digit < 1 || digit > sp->s->D) {
        sp->s->failed = 1;
        return RG_FAIL;
    }
    return rg_space_keep(sp, cell, 1u << (digit - 1));
}

void *rg_space_state(rg_space *sp, int handle) { return sp->state + handle; }

int rg_space_changes(rg_space *sp, const int **which, const rg_mask **lost)
{
    rg_solver *s = sp->s;
    int p = s->running;
    if (p < 0 || !s->cascade || !(s->m->props[p].def.flags & RG_PROPAGATOR_CHANGES)) return -1;
    int n = s->chg_n[p], at = s->m->prop_watch_off[p];
    if (n < 0) return -1;
    *which = s->chg_pos + at;
    *lost = s->chg_lost + at;
    return n;
}
