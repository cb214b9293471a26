/* Deductions over units (units.c): hidden singles, locked candidates and
 * subsets, each over the units changed since it last looked (the dirty
 * stacks). Each returns RG_FAIL, 0 (nothing) or 1 (something narrowed). */
#ifndef RG_SEARCH_UNITS_H
#define RG_SEARCH_UNITS_H

#include "search/solver.h"

/* Cell c changed, losing the digits lost: its units are dirty for every
 * deduction that is on, and have lost those digits. (The
 * stores of the pushes may alias the model's arrays and the solver's
 * fields as far as the compiler knows: what the loop reads again is held
 * in locals.) */
static inline void rg_units_mark(rg_solver *s, int c, rg_mask lost)
{
    const rg_model *m = s->m;
    const unsigned bits = s->dirty_bits;
    unsigned char *udirty = s->udirty;
    rg_mask *ulost = s->ulost;
    const int *cu = m->cell_units;
    for (int k = m->cell_unit_off[c], end = m->cell_unit_off[c + 1]; k < end; k++) {
        int u = cu[k];
        ulost[u] |= lost;
        unsigned add = bits & ~(unsigned)udirty[u];
        if (!add) continue;
        if (add & 1u) s->ustack[0][s->nustack[0]++] = u;
        if (add & 2u) s->ustack[1][s->nustack[1]++] = u;
        if (add & 4u) s->ustack[2][s->nustack[2]++] = u;
        udirty[u] = (unsigned char)bits;
    }
}

void rg_units_clear_dirty(rg_solver *s);
void rg_units_all_dirty(rg_solver *s);
int rg_units_singles(rg_solver *s, rg_mask *dom);
int rg_units_intersections(rg_solver *s, rg_mask *dom);
int rg_units_subsets(rg_solver *s, rg_mask *dom);

#endif
