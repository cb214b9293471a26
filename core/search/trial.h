/* The engine's parts that `rulegrid verify` (core/verify) takes apart
 * (trial.c): the start space of a puzzle, propagation from it to the fixpoint
 * the queue reaches, and one propagator run on a space of the caller's,
 * outside the queue, so that each run can be compared with the rule's check. */
#ifndef RG_SEARCH_TRIAL_H
#define RG_SEARCH_TRIAL_H

#include <stddef.h>

#include "search/solver.h"

/* Make s ready for p's model and write p's start space into space (of
 * rg_trial_bytes bytes): the model's root domains with the givens placed,
 * every propagator's state as initialised, none subsumed. Nothing is
 * propagated (space NULL: only make s ready). 0, RG_FAIL when a given lies outside its root domain or the
 * model cannot hold (space written all the same), RG_E_NOMEM. */
int rg_trial_start(rg_solver *s, const rg_puzzle *p, unsigned char *space);
/* Bytes of a space of the model s was last made ready for. */
size_t rg_trial_bytes(const rg_solver *s);
/* The domains of a space (the first bytes of it). */
static inline rg_mask *rg_trial_domains(unsigned char *space) { return (rg_mask *)space; }
/* Propagate p from its start space to the fixpoint of the queue, exactly as
 * the root of rg_solve at the propagate level (naked singles and every
 * propagator woken by its declared events), into space. 0, RG_FAIL, or
 * RG_E_PLUGIN / RG_E_NOMEM (err filled). */
int rg_trial_fixpoint(rg_solver *s, const rg_puzzle *p, unsigned char *space, rg_error *err);
/* After rg_trial_fixpoint: narrow cell of space to keep (a decision of the
 * search, though not always to one digit) and propagate as the engine does
 * below the root: only the propagators the change wakes by their declared
 * events run, and what they change wakes others. 0, RG_FAIL, RG_E_PLUGIN. */
int rg_trial_narrow(rg_solver *s, unsigned char *space, int cell, rg_mask keep, rg_error *err);
/* Run propagator prop of the model once on space: nothing is queued and no
 * naked single spreads; the domains and the propagator's state in space
 * change as it prunes. Returns the propagator's answer, RG_PROP_FAIL also
 * when it emptied a domain (any other value is returned as it came). */
int rg_trial_run(rg_solver *s, int prop, unsigned char *space);
/* Did propagator prop answer RG_PROP_SUBSUMED in space (the engine's spaces)? */
int rg_trial_subsumed(const rg_solver *s, const unsigned char *space, int prop);
/* Mark prop subsumed in space. */
void rg_trial_subsume(rg_solver *s, unsigned char *space, int prop);

#endif
