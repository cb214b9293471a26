/* Deductions over units (units.c): hidden singles, locked candidates and
 * subsets, each over the units changed since it last looked (the dirty
 * stacks). Each returns RG_FAIL, 0 (nothing) or 1 (something narrowed). */
#ifndef RG_SEARCH_UNITS_H
#define RG_SEARCH_UNITS_H

#include "search/solver.h"

/* Cell c changed: its units are dirty for every deduction that is on. */
static inline void rg_units_mark(rg_solver *s, int c)
{
    const rg_model *m = s->m;
    for (int k = m->cell_unit_off[c]; k < m->cell_unit_off[c + 1]; k++) {
        int u = m->cell_units[k];
        unsigned char f = s->udirty[u];
        if (f == s->dirty_bits) continue;
        for (int b = 0; b < 3; b++)
            if ((s->dirty_bits & ~f) & (1u << b)) s->ustack[b][s->nustack[b]++] = u;
        s->udirty[u] = s->dirty_bits;
    }
}

void rg_units_clear_dirty(rg_solver *s);
void rg_units_all_dirty(rg_solver *s);
int rg_units_singles(rg_solver *s, rg_mask *dom);
int rg_units_intersections(rg_solver *s, rg_mask *dom);
int rg_units_subsets(rg_solver *s, rg_mask *dom);

#endif
