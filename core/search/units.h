/* Deductions over units (units.c): hidden singles, locked candidates and
 * subsets, each over the units changed since it last looked (the dirty
 * stacks). Each returns RG_FAIL, 0 (nothing) or 1 (something narrowed). */
#ifndef RG_SEARCH_UNITS_H
#define RG_SEARCH_UNITS_H

#include "search/solver.h"

/* The units of cell c, which lost the digits lost since it was last
 * marked, are dirty for every deduction that is on and have lost those
 * digits. Without a branch per unit (whether a unit is dirty already is
 * hard to predict): each unit is written at the top of every stack (they
 * hold nunits + 1), and a stack grows by one where the unit was not on it
 * yet. A unit's dirty bits are always within bits (marking runs only
 * while bits is set). The stacks' pointers and heights are held in
 * locals, since the stores may alias the model's arrays and the solver's
 * fields as far as the compiler knows. With digit boards (masked: a
 * constant where called) a cell's list is the solver's, of the units the
 * boards leave to scan, and each unit goes only on the stacks its mask in
 * band_stacks allows (bands.h); without, the model's list and every stack. */
static inline __attribute__((always_inline)) void rg_units_mark_list(rg_solver *s, int c,
                                                                     rg_mask lost, const int masked)
{
    const unsigned bits = s->dirty_bits;
    unsigned char *udirty = s->udirty;
    rg_mask *ulost = s->ulost;
    const int *cu = masked ? s->bmark_units : s->m->cell_units;
    const int *off = masked ? s->bmark_off : s->m->cell_unit_off;
    const unsigned char *um = s->band_stacks;
    int *st0 = s->ustack[0], *st1 = s->ustack[1], *st2 = s->ustack[2];
    int n0 = s->nustack[0], n1 = s->nustack[1], n2 = s->nustack[2];
    for (int k = off[c], end = off[c + 1]; k < end; k++) {
        int u = cu[k];
        ulost[u] |= lost;
        unsigned ub = masked ? bits & um[u] : bits;
        unsigned add = ub & ~(unsigned)udirty[u];
        udirty[u] = (unsigned char)ub;
        st0[n0] = u;
        n0 += (int)(add & 1u);
        st1[n1] = u;
        n1 += (int)(add >> 1 & 1u);
        st2[n2] = u;
        n2 += (int)(add >> 2 & 1u);
    }
    s->nustack[0] = n0;
    s->nustack[1] = n1;
    s->nustack[2] = n2;
}

static inline void rg_units_mark_cell(rg_solver *s, int c, rg_mask lost)
{
    if (s->band_on)
        rg_units_mark_list(s, c, lost, 1);
    else
        rg_units_mark_list(s, c, lost, 0);
}

/* Cell c changed, losing the digits lost (never none): noted on the cell
 * stack, its units marked later, at once for every narrowing of the cell
 * in between (rg_units_flush), before any deduction reads the unit
 * stacks. A cell narrowed again and again by the peers and the
 * propagators of one round costs a few operations a time. The units come
 * out on their stacks in the order marking each narrowing at once would
 * give: a unit first pushed by a cell's first narrowing is pushed when
 * that cell, in the order of first narrowings, is flushed. */
static inline void rg_units_mark(rg_solver *s, int c, rg_mask lost)
{
    rg_mask was = s->clost[c];
    s->clost[c] = was | lost;
    s->cstack[s->ncstack] = c;
    s->ncstack += !was;
}

/* The cell stack emptied without marking (a failure, a restored root). */
static inline void rg_units_drop_cells(rg_solver *s)
{
    for (int i = 0; i < s->ncstack; i++) s->clost[s->cstack[i]] = 0;
    s->ncstack = 0;
}

/* The units of every cell on the cell stack marked, in stack order. */
static inline void rg_units_flush(rg_solver *s)
{
    rg_mask *clost = s->clost;
    const int *cs = s->cstack;
    for (int i = 0, n = s->ncstack; i < n; i++) {
        int c = cs[i];
        rg_units_mark_cell(s, c, clost[c]);
        clost[c] = 0;
    }
    s->ncstack = 0;
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
        rg_mask one = -(rg_mask) !(v & (v - 1)); /* a placed cell: no branch */
        pl |= v & one;
        v &= ~one;
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
