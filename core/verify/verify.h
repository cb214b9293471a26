/* `rulegrid verify` (docs/plugins.md, docs/cli.md): randomized trials of rule
 * types against their own checks. The floor above gen: it reads trial
 * documents through the normal reader (io), runs generate hooks (gen) and
 * takes the engine apart (search/trial.h).
 *
 * The files: checks.c (every check on one trial document), supports.c (the
 * exhaustive search for solutions accepted by the checks), trialdoc.c (what
 * a trial is made of and its document), verify.c (instances, trials,
 * minimising, rg_verify_type). */
#ifndef RG_VERIFY_VERIFY_H
#define RG_VERIFY_VERIFY_H

#include <stddef.h>
#include <stdint.h>

#include "base/clock.h"
#include "model/model.h"
#include "rulegrid/rulegrid.h"

struct cJSON;

/* What a failed check found. */
typedef struct rg_vfail {
    const char *check; /* "scope", "soundness", "fixpoint", "order", "events",
                          "agreement", "hygiene", "contract"; NULL while nothing
                          failed */
    int prop;          /* the propagator at fault, -1 if none is known */
    int rule;          /* its rule, -1 */
    char name[64];     /* the propagator's name, "" */
    char message[768];
    char removed[256]; /* the digits wrongly removed: "r1c2: 3; r2c1: 1 2", or "" */
} rg_vfail;

/* The limits of the checks of one trial: a deadline and a node budget. */
typedef struct rg_vlimit {
    double deadline; /* an rg_clock_now() reading (base/clock.h); 0: none */
    uint64_t nodes;  /* node budget of the trial's exhaustive searches; 0:
                        RG_VERIFY_NODES, UINT64_MAX: none */
} rg_vlimit;

/* The checks of one trial document. */
typedef struct rg_vctx {
    rg_solver *s;
    const rg_puzzle *p;
    const rg_model *m;
    int N, D;
    size_t bytes;
    unsigned char *start, *fix, *x, *y, *z; /* spaces */
    int *values, *witness, *order, *assign;
    rg_mask *stack; /* the search's domains, a level a cell */
    uint64_t nodes, budget;
    /* The search's tables (rg_verify_search_init): per rule the cells it
     * reads (CSR over rules: its propagators' watched cells, houses,
     * must-differ pairs and restrictions; every cell for a rule with a
     * checked propagator that watches none), per cell the digits its
     * restrictions allow and whether it is free (no house, pair or
     * propagator holds it), and a conflict set of words 64-bit words per
     * search level. */
    int *scope_off, *scope;
    rg_mask *allow;
    unsigned char *free;
    uint64_t *conflict;
    int words;
    const rg_mask *dom0; /* the domains the current search started from */
    uint64_t rng;
    const rg_vlimit *lim; /* its deadline (lim->deadline 0: none) */
    unsigned ticks;       /* calls of rg_verify_stopped since the clock was read */
    int stopped;          /* the deadline passed: the checks end, deciding nothing */
    long runs;            /* propagator calls */
    int inconclusive;     /* the search ran past its budget: soundness undecided */
    rg_vfail *f;
} rg_vctx;

/* checks.c: run every check on p within lim (NULL: RG_VERIFY_NODES, no
 * deadline). 0 all hold, 1 one failed (f filled), RG_E_LIMIT when the
 * deadline passed before the checks ended (nothing decided, err untouched),
 * or an error (RG_E_NOMEM; err filled). seed drives the random full
 * assignments of the agreement check. */
int rg_verify_checks(rg_solver *s, const rg_puzzle *p, uint64_t seed, const rg_vlimit *lim,
                     rg_vfail *f, long *runs, int *inconclusive, rg_error *err);

/* Has the deadline of v passed? The clock is read every 16th call; once
 * passed, v->stopped stays set and every call answers 1. (Here, inline, for
 * checks.c and supports.c alike.) */
static inline int rg_verify_stopped(rg_vctx *v)
{
    if (v->stopped) return 1;
    if (!v->lim || !(v->lim->deadline > 0) || (v->ticks++ & 15)) return 0;
    v->stopped = rg_clock_passed(v->lim->deadline);
    return v->stopped;
}

/* supports.c: the search's tables for v->m (v->N cells) and v->stack
 * ((N + 2) levels of N domains): RG_OK or RG_E_NOMEM. Freed by
 * rg_verify_search_free (also after a failed init, and twice). */
int rg_verify_search_init(rg_vctx *v);
void rg_verify_search_free(rg_vctx *v);

/* supports.c: a complete assignment within the domains dom (per cell) that
 * every rule of the model accepts, with cell c (if >= 0) holding digit d,
 * into v->witness: 1 found, 0 none, -1 the node budget ran out or the
 * deadline passed (v->stopped). The first such assignment in the order of a
 * plain depth-first search (fewest digits first, digits upwards), found in
 * no more nodes than that search takes; 0 and 1 whenever that search
 * answers within the budget. */
int rg_verify_solution(rg_vctx *v, const rg_mask *dom, int c, int d);

/* Cell names for messages: "r3c4". */
void rg_verify_cell_name(const rg_vctx *v, int cell, char *buf, size_t n);

#endif
