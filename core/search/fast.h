/* The fast path for classic 9x9 models (fast.c): per-digit candidate
 * bitboards in three band words, naked and hidden singles and locked
 * candidates by word operations, and a depth-first search over a small
 * state copied per guess. Chosen by rg_solve when the model is exactly the
 * rows, columns and boxes of a 9x9 board (no propagators, no other
 * must-differ pairs; root restrictions allowed), the level is singles or
 * intersections and the heuristic is mrv or domwdeg
 * (docs/architecture.md, "The classic fast path"). */
#ifndef RG_SEARCH_FAST_H
#define RG_SEARCH_FAST_H

#include "model/record.h"
#include "search/solver.h"

/* Is m a classic 9x9 model the fast path can solve exactly? */
int rg_fast_eligible(const rg_model *m);
/* Set up s->fast for s->m when it is eligible (else leave it NULL). RG_OK
 * or RG_E_NOMEM. */
int rg_fast_prepare(rg_solver *s);
void rg_fast_release(rg_solver *s);
/* Forget that the last run went through the fast path (a new run starts). */
void rg_fast_unused(rg_solver *s);
/* Does the run just reset (s->o) go through the fast path? */
int rg_fast_usable(const rg_solver *s);
/* The root: domains from the model and the givens, propagated. 0 or RG_FAIL. */
int rg_fast_root(rg_solver *s, const rg_puzzle *p, const rg_mask *start);
/* The domains of the root state (a mask per cell), after rg_fast_root. */
void rg_fast_domains(const rg_solver *s, rg_mask *out);
/* The search from the root state, as rg_search_run. */
void rg_fast_search(rg_solver *s, rg_result *r);
/* Tests: keep s's fast path to its baseline build (on) or let it take the
 * AVX2 build where the processor has it (off, the default). Does this
 * build have an AVX2 variant the processor runs? */
void rg_fast_set_baseline(rg_solver *s, int on);
int rg_fast_has_avx2(void);

#endif
