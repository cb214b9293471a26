/* The rows, columns and boxes of a 9 x 9 or 16 x 16 model on the general
 * path by digit boards: on a model whose houses are its rows, columns and
 * boxes (3 x 3 or 4 x 4) and maybe other houses of as many cells (rules
 * with propagators on top, must-differ pairs beyond the houses allowed;
 * no smaller house), hidden singles and locked candidates between the
 * rows, columns and boxes are found per digit from a board of the cells
 * that hold it (three 27-bit band words at 9 x 9, as the classic fast path
 * holds them; four 64-bit ones at 16 x 16), instead of by scanning each
 * changed unit. At 9 x 9 the space keeps the boards beside the domains
 * (struct rg_space_boards, solver.h: every narrowing clears the digits it
 * takes), and a naked single's peers holding its digit are its board and
 * the cell's peers as a board; at 16 x 16 the same (struct
 * rg_space_boards16). The digits any
 * cell lost since each deduction last ran (hlost, llost) say which boards
 * to look at. The units are marked and scanned only for what the boards
 * leave: the other units' hidden singles and intersections, and with
 * must-differ pairs beyond the houses the "every place sees it" step
 * (units.c) unless, at 9 x 9 with every unit on the boards, the boards
 * take that too. The deductions reach the same fixpoint as the scans; only
 * their order, and with it domwdeg's blame, differs. */
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

/* A 9 x 9 space's digit boards (bboards) read from its domains dom, and
 * marked valid: where a propagation starts on a space whose boards are not
 * (a root set up from the model's domains and the givens). From there
 * every narrowing keeps them (rg_space_narrow). */
void rg_bands_read(rg_solver *s, rg_mask *dom);

/* Hidden singles of the digits in the 27 houses, from dom as it is: a
 * digit with one open place in a house goes there, one with no place in a
 * house fails (the house's cells blamed). RG_FAIL, 0 (nothing) or 1 (a
 * cell narrowed). */
int rg_bands_singles(rg_solver *s, rg_mask *dom, rg_mask digits);

/* Locked candidates of the digits between the rows, columns and boxes
 * (pointing and claiming), from dom as it is, and at 9 x 9 those of the
 * other units on the boards and the "every place sees it" step when the
 * boards take it. RG_FAIL, 0 or 1. */
int rg_bands_locked(rg_solver *s, rg_mask *dom, rg_mask digits);

/* The same on a 16 x 16 board of 4 x 4 boxes (bands16.c): its boards are
 * four 64-bit words a digit, word b the cells of rows 4b to 4b + 3 in the
 * cells' own order, kept in the space (struct rg_space_boards16) and read
 * from the domains as rg_bands_read does. */
void rg_bands16_read(rg_solver *s, rg_mask *dom);
int rg_bands16_singles(rg_solver *s, rg_mask *dom, rg_mask digits);
int rg_bands16_locked(rg_solver *s, rg_mask *dom, rg_mask digits);

#endif
