/* One run of rg_generate (run.c): the generator, the options in force, the
 * solver, the random stream and the attempt in progress, shared by the steps
 * of an attempt (givens.c, clues.c, repair.c, generate.c); and the searches
 * those steps make, under the run's node and time budgets. */
#ifndef RG_GEN_RUN_H
#define RG_GEN_RUN_H

#include <stdint.h>
#include <time.h>

#include "gen/generator.h"
#include "rulegrid/rulegrid.h"

struct cJSON;

typedef struct rg_run {
    const struct rg_generator *g;
    rg_error *err;
    rg_solver *solver;
    uint64_t rng;
    int N, D;
    struct timespec t0;
    double max_seconds;
    int timed_out;
    int symmetry, level, minimal, target, retries;
    int rating; /* the highest rank of the explanation ladder allowed, 0: any */
    uint64_t count_nodes;
    int unproved;   /* a count of this attempt ended unknown */
    int *orbit_off; /* CSR: the cells of each orbit of the symmetry */
    int *orbit_cells;
    int norbits;
    const int *tgivens; /* the template's givens */
    /* The attempt. */
    struct cJSON *rules; /* template rules, laid out rules, then invented rules */
    int nbase;           /* rules before the invented ones */
    int *solution;
    int *givens;
    int repairs;
    int fewest;    /* fewest givens met (for the message when --clues is not met) */
    char why[200]; /* why the last attempt failed */
} rg_run;

/* Seconds since the run began. */
double rg_run_elapsed(const rg_run *r);
/* Has the time budget run out? Sets r->timed_out when it has. */
int rg_run_out_of_time(rg_run *r);
/* Default options at strategy with limit and nodes, and the time left. */
void rg_run_options(const rg_run *r, rg_options *o, int strategy, long limit, uint64_t nodes);
/* A search under o; an unknown caused by the clock sets timed_out and
 * returns RG_E_LIMIT (the whole run stops, so that what is produced never
 * depends on timing). */
int rg_run_search(rg_run *r, const rg_puzzle *p, const rg_options *o, rg_result *res);
/* Is p unique? *status is an rg_status; a node limit may leave it unknown. */
int rg_run_count2(rg_run *r, const rg_puzzle *p, uint64_t nodes, int *status, rg_result *res);
/* Does p solve at strategy level without a guess (which implies unique)? */
int rg_run_solves_at(rg_run *r, const rg_puzzle *p, int level, int *yes);
/* The test a smaller puzzle must pass: unique, and solvable at the level
 * when one is asked. An unknown count keeps the clue; under minimal it is
 * counted again with a larger budget and otherwise marks the attempt. */
int rg_run_acceptable(rg_run *r, const rg_puzzle *p, int *yes);
/* Is p explained to the end with steps of rank r->rating or below? *rating
 * (may be NULL) gets its rating. RG_OK, RG_E_LIMIT when the time budget ran
 * out, or an error. */
int rg_run_rated(rg_run *r, const rg_puzzle *p, int *yes, int *rating);
/* The puzzle of the board with these rules and no givens. */
int rg_run_build(rg_run *r, const struct cJSON *rules, rg_puzzle **out);
/* A copy of p sharing its model, with givens (NULL: none). */
int rg_run_copy(rg_run *r, const rg_puzzle *p, const int *givens, rg_puzzle **out);
/* Shuffle a[0..n) with the run's random stream. */
void rg_run_shuffle(rg_run *r, int *a, int n);

#endif
