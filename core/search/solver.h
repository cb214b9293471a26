/* The solver's state (rulegrid.h: rg_solver), shared by the files of
 * search/: the spaces of the search stack, the propagation queue, the
 * dirty units, counters, the clock, and the probe and lookahead scratch.
 * The files: space (pruning), queue, units (deductions over units),
 * propagate (the fixpoint), plain (the check and forward levels), probe,
 * heuristic and values (decisions), search (depth-first), solver (setup and
 * rg_solve). */
#ifndef RG_SEARCH_SOLVER_H
#define RG_SEARCH_SOLVER_H

#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "model/model.h"
#include "rulegrid/rulegrid.h"

/* The context a propagator prunes through. */
struct rg_space {
    rg_solver *s;
    rg_mask *dom;
    unsigned char *state;
    int family;
};

/* A level of the search: the cell branched on and the digits left to try. */
typedef struct rg_frame {
    int cell;
    int guess; /* the cell had two or more candidates */
    rg_mask left;
} rg_frame;

struct rg_solver {
    rg_model *m;
    int N, D;
    rg_mask full;
    /* A space: domains, then plugin state, then inactive-propagator bits, then
     * assigned flags (check and forward levels). */
    size_t space_bytes, state_off, inactive_off, assigned_off;
    unsigned char *spaces; /* nspaces spaces, grown as the search goes deeper */
    int nspaces;
    rg_frame *frames;
    int *naked;
    int nnaked;
    int *queue[RG_COST_CLASSES];
    int qhead[RG_COST_CLASSES], qtail[RG_COST_CLASSES], queued_total;
    unsigned char *queued;
    /* Units changed since each deduction last looked at them: flag bits
     * (1 singles, 2 intersections, 4 subsets) and one stack per deduction. */
    unsigned char *udirty;
    unsigned char dirty_bits;
    int *ustack[3];
    int nustack[3];
    int *values; /* scratch: digits per cell */
    int *sol;
    double *wdeg;

    rg_options o;
    rg_stats st;
    uint64_t rng;
    unsigned ded; /* the strategy's deductions (RG_DEDUCE_*) */
    int cascade, failed;
    uint32_t *inactive; /* of the space being propagated */
    struct rg_space ctx;
    struct timespec t0;
    int stopped;
    int nomem; /* the search stopped because its stack of spaces could not grow */
    /* The probe level: a scratch space for the tentative values, the union of
     * the domains their propagations left, the family the probes count under
     * and a tick for reading the clock. */
    unsigned char *scratch;
    rg_mask *reach;
    int fam_probe;
    unsigned ticks;
    /* The lookahead heuristic: per cell the estimate its last probe gave
     * and the epoch it gave it in (the epoch moves whenever the probed
     * space changes, so an estimate of an older epoch is stale). */
    double *lscore;
    uint64_t *lstamp, lepoch;
};

/* Tests and the generator: the domains after root propagation at a strategy
 * level (out has a mask per cell). Returns 0, RG_FAIL when the root fails,
 * or RG_E_NOMEM (out untouched) when the solver's buffers cannot be had. */
int rg_solver_root(rg_solver *s, const rg_puzzle *p, int strategy, rg_mask *out);
/* Tests of propagators: start from the domains start[] (intersected with
 * the model's root domains and the givens), propagate to a fixpoint at
 * strategy (at least propagate) and write the domains to out. 0, RG_FAIL
 * or RG_E_NOMEM. */
int rg_solver_narrow(rg_solver *s, const rg_puzzle *p, int strategy, const rg_mask *start,
                     rg_mask *out);

#endif
