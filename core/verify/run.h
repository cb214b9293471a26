/* One verify run of a rule type (verify.c, minimise.c): what the trials
 * share. */
#ifndef RG_VERIFY_RUN_H
#define RG_VERIFY_RUN_H

#include <time.h>

#include "verify/trialdoc.h"
#include "verify/verify.h"

struct cJSON;

typedef struct rg_vrun {
    rg_registry *reg;
    const char *type;
    const rg_verify_options *o;
    struct cJSON *sample; /* the sample document, or NULL */
    struct cJSON **inst;  /* its rules of the type */
    int ninst;
    int sample_rows, sample_cols, sample_digits;
    int has_cell;   /* the `cell` type is loaded: restrictions can be written */
    int has_houses; /* row, column, grid and box_grid are loaded */
    rg_solver *solver;
    struct timespec t0;
    rg_vlimit lim;   /* the checks' deadline (from t0) and node budget */
    int stopped;     /* the deadline passed: no further trial is drawn or counted */
    long unreadable; /* instances drawn that did not read */
    char why[512];   /* why the last one did not */
} rg_vrun;

/* Read sp's document into *out: RG_OK, or the reader's code with v->why
 * set. */
int rg_vrun_read(rg_vrun *v, const rg_vspec *sp, rg_puzzle **out);
/* Does sp's document fail a check (seed: the checks' random stream)? 1 and
 * f filled, 0 when it holds or does not read, or a negated error code
 * (-RG_E_LIMIT: the deadline passed first). */
int rg_vrun_fails(rg_vrun *v, const rg_vspec *sp, uint64_t seed, rg_vfail *f, rg_error *err);
/* Seconds left of the run's time budget (a large number without one). */
double rg_vrun_left(const rg_vrun *v);
/* Shrink sp while it still fails the check f->check (minimise.c): fewer
 * houses, instances, list members, givens and restrictions, a smaller
 * board and fewer digits; f becomes the failure of what is kept. Stops at
 * the deadline, sp then failing but perhaps not minimal. */
void rg_vrun_minimise(rg_vrun *v, rg_vspec *sp, uint64_t seed, rg_vfail *f);

#endif
