/* The rows, columns and boxes of a 9 x 9 model on the general path by
 * digit boards: on a model whose houses are its 27 rows, columns and boxes
 * and maybe other houses of nine cells (rules with propagators on top,
 * must-differ pairs beyond the houses allowed; no smaller house), hidden
 * singles and locked candidates between the rows, columns and boxes are
 * found per digit from a board of the cells that hold it (three 27-bit
 * band words, as the classic fast path holds them), read from the domains
 * when the deduction runs, instead of by scanning each changed unit. The
 * digits any cell lost since each deduction last ran (hlost, llost) say
 * which boards to look at. The units are marked and scanned only for what
 * the boards leave: the other units' hidden singles and intersections,
 * and with must-differ pairs beyond the houses the "every place sees it"
 * step (units.c). The deductions reach the same fixpoint as the scans;
 * only their order, and with it domwdeg's blame, differs. */
#ifndef RG_SEARCH_BANDS_H
#define RG_SEARCH_BANDS_H

#include "search/solver.h"

/* For s's model (when the solver is prepared for it): s->btab, the locked
 * candidates' tables (shared by the process), when the model qualifies,
 * else NULL; then which units and groups the boards cover and the lists of
 * units still to mark; and the stack masks every run reads. RG_OK or
 * RG_E_NOMEM. */
int rg_bands_prepare(rg_solver *s);
/* Free what rg_bands_prepare made. */
void rg_bands_release(rg_solver *s);
/* At the start of a run, with s->band_on decided: the marking's lists and
 * stack masks for it, and dirty_bits cleared when no unit is left to mark. */
void rg_bands_select(rg_solver *s);

/* Hidden singles of the digits in the 27 houses, from dom as it is: a
 * digit with one open place in a house goes there, one with no place in a
 * house fails (the house's cells blamed). RG_FAIL, 0 (nothing) or 1 (a
 * cell narrowed). */
int rg_bands_singles(rg_solver *s, rg_mask *dom, rg_mask digits);

/* Locked candidates of the digits between the rows, columns and boxes
 * (pointing and claiming), from dom as it is. RG_FAIL, 0 or 1. */
int rg_bands_locked(rg_solver *s, rg_mask *dom, rg_mask digits);

#endif
