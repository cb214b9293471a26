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

#include "model/model.h"
#include "rulegrid/rulegrid.h"

struct cJSON;

/* What a failed check found. */
typedef struct rg_vfail {
    const char *check; /* "soundness", "fixpoint", "order", "events", "agreement",
                          "hygiene", "contract"; NULL while nothing failed */
    int prop;          /* the propagator at fault, -1 if none is known */
    int rule;          /* its rule, -1 */
    char name[64];     /* the propagator's name, "" */
    char message[768];
    char removed[256]; /* the digits wrongly removed: "r1c2: 3; r2c1: 1 2", or "" */
} rg_vfail;

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
    uint64_t rng;
    long runs;        /* propagator calls */
    int inconclusive; /* the search ran past its budget: soundness undecided */
    rg_vfail *f;
} rg_vctx;

/* Node budget of the exhaustive search of one trial. */
#define RG_VERIFY_NODES 20000

/* checks.c: run every check on p. 0 all hold, 1 one failed (f filled),
 * or an error (RG_E_NOMEM; err filled). seed drives the random full
 * assignments of the agreement check. */
int rg_verify_checks(rg_solver *s, const rg_puzzle *p, uint64_t seed, rg_vfail *f, long *runs,
                     int *inconclusive, rg_error *err);

/* supports.c: a complete assignment within the domains dom (per cell) that
 * every rule of the model accepts, with cell c (if >= 0) holding digit d,
 * into v->witness: 1 found, 0 none, -1 the node budget ran out. */
int rg_verify_solution(rg_vctx *v, const rg_mask *dom, int c, int d);

/* Cell names for messages: "r3c4". */
void rg_verify_cell_name(const rg_vctx *v, int cell, char *buf, size_t n);

#endif
