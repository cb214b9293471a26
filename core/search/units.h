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

/* How many open cells of a unit (its D cells) can take each digit,
 * bit-sliced: a digit's count is c0 + 2 * c1 while below 4, and c2 marks 4
 * or more; placed: the digits of its single cells (left out of the
 * counts). */
static inline void rg_units_open_places(const rg_mask *dom, const int *cells, int D, rg_mask *c0,
                                        rg_mask *c1, rg_mask *c2, rg_mask *placed)
{
    rg_mask a = 0, b = 0, c = 0, pl = 0;
    for (int k = 0; k < D; k++) {
        rg_mask v = dom[cells[k]];
        if (!(v & (v - 1))) {
            pl |= v;
            continue;
        }
        rg_mask k0 = a & v, k1 = b & k0;
        a ^= v;
        b ^= k0;
        c |= k1;
    }
    *c0 = a;
    *c1 = b;
    *c2 = c;
    *placed = pl;
}

void rg_units_clear_dirty(rg_solver *s);
void rg_units_all_dirty(rg_solver *s);
int rg_units_singles(rg_solver *s, rg_mask *dom);
int rg_units_intersections(rg_solver *s, rg_mask *dom);
int rg_units_subsets(rg_solver *s, rg_mask *dom);

#endif
