/* The houses of a 9 x 9 model on the general path by digit boards: on a
 * model whose only houses are the 27 rows, columns and boxes (rules with
 * propagators on top, must-differ pairs beyond the houses allowed), hidden
 * singles and locked candidates between the rows, columns and boxes are
 * found per digit from a board of the cells that hold it (three 27-bit
 * band words, as the classic fast path holds them), read from the domains
 * when the deduction runs, instead of by scanning each changed unit. No
 * unit is marked changed for them: the digits any cell lost since each
 * deduction last ran (hlost, llost) say which boards to look at. With
 * must-differ pairs beyond the houses, the intersections level's "every
 * place sees it" step still scans the changed units (units.c). The
 * deductions reach the same fixpoint as the scans; only their order, and
 * with it domwdeg's blame, differs. */
#ifndef RG_SEARCH_BANDS_H
#define RG_SEARCH_BANDS_H

#include "search/solver.h"

/* s->btab: the locked candidates' tables (shared by the process) when s's
 * model qualifies, else NULL. RG_OK. */
int rg_bands_prepare(rg_solver *s);

/* Hidden singles of the digits in the 27 houses, from dom as it is: a
 * digit with one open place in a house goes there, one with no place in a
 * house fails (the house's cells blamed). RG_FAIL, 0 (nothing) or 1 (a
 * cell narrowed). */
int rg_bands_singles(rg_solver *s, rg_mask *dom, rg_mask digits);

/* Locked candidates of the digits between the rows, columns and boxes
 * (pointing and claiming), from dom as it is. RG_FAIL, 0 or 1. */
int rg_bands_locked(rg_solver *s, rg_mask *dom, rg_mask digits);

#endif
