/* The explainer's state, shared by its files: explain.c (the ladder, the
 * summary and the public calls), steps.c (building and applying a step) and
 * techniques.c (the built-in techniques, rule steps and contradictions). */
#ifndef RG_EXPLAIN_EXPLAIN_H
#define RG_EXPLAIN_EXPLAIN_H

#include <stdint.h>
#include <time.h>

#include "explain/why.h"
#include "model/model.h"
#include "rulegrid/rulegrid.h"

/* A house as steps name it: its cells as listed, kind, rule, whether it is
 * a unit (D cells: every digit once) and its number among the houses of its
 * kind (box 5, region 3). */
typedef struct rg_xhouse {
    const int *cells;
    int n, kind, rule, unit, number;
} rg_xhouse;

/* The scans over houses whose outcome depends only on the house's own
 * cells: a house that found nothing and whose cells have not changed since
 * finds nothing again, so it is skipped until one does. */
enum {
    RG_SCAN_HIDDEN_SINGLE = 0,
    RG_SCAN_LOCKED,
    RG_SCAN_NAKED, /* + k - 2 for pairs, triples, quads */
    RG_SCAN_HIDDEN = RG_SCAN_NAKED + 3,
    RG_SCANS = RG_SCAN_HIDDEN + 3
};

/* A position being explained: a space of the solver (domains, plugin
 * state, subsumed propagators), which cells are placed, which propagators
 * ran on the current domains without pruning (clean), and per scan the
 * houses that may find something (dirty[scan * nh + house]). */
typedef struct rg_xstate {
    unsigned char *space;
    rg_mask *dom;
    unsigned char *placed;
    unsigned char *clean;
    unsigned char *dirty;
} rg_xstate;

/* What a technique found: a step built (1), nothing (0), a contradiction
 * (the explainer's broken_* fields say which), or an error. */
enum { RG_X_STEP = 1, RG_X_NONE = 0, RG_X_BROKEN = -1, RG_X_ERROR = -2, RG_X_LIMIT = -3 };

struct rg_explainer {
    const rg_puzzle *p;
    const rg_model *m;
    rg_solver *s;
    rg_explain_options o;
    int N, D;
    rg_mask full;
    size_t bytes;
    rg_xstate main, sub;
    rg_xhouse *h;
    int nh;
    int *ch_off, *ch; /* CSR: the houses holding each cell */
    int *cnt;         /* scratch per cell */
    int *tmp;         /* scratch per cell */
    rg_mask *before, *after, *start;
    unsigned char *base, *probe; /* spaces: the engine's fixpoint of a position, a probe of it */

    /* The step being built. */
    int rank;
    const char *family;
    rg_text technique, text;
    int *rules, nrules, caprules;
    int *focus, nfocus, capfocus;
    int *pc, *pd, nplace, capplace;
    int *ec, nelim, capelim;
    rg_mask *em;
    int capem;

    /* The explanation so far. */
    int started, done, status, nsteps, nplaced;
    long eliminated;
    int rating;
    char **tnames;
    int *tcounts, ntech, captech;
    int hardest; /* index into tnames, -1 */
    int broken_rule;
    int *bcells, nbroken;
    rg_text btext, chain;
    /* The steps of a contradiction's chain: step k's note is chain_notes
     * from note_at[k], the cells it changed are links[link_at[k] ..
     * link_mid[k]) and the cells it looked at links[link_mid[k] ..
     * link_at[k + 1]); keep marks those the contradiction needs. */
    rg_text chain_notes;
    int *note_at, *link_at, *link_mid, nchain, capchain;
    int *links, nlinks, caplinks;
    unsigned char *needed, *keep;
    uint64_t probes;
    struct timespec t0;
    int error;
    rg_error err;
};

/* steps.c */
void rg_x_begin(rg_explainer *e, int rank, const char *technique, const char *family);
void rg_x_rule(rg_explainer *e, int rule);
void rg_x_focus(rg_explainer *e, const int *cells, int n);
void rg_x_place(rg_explainer *e, int cell, int digit);
void rg_x_elim(rg_explainer *e, int cell, rg_mask digits);
/* Append "row 4", "box 5", "the cage at r1c1" for house h. */
void rg_x_house_name(const rg_explainer *e, rg_text *t, int h);
/* Apply the step built to st: placements (their digit leaves the cell's
 * peers) and eliminations; the propagators watching a changed cell are
 * no longer clean. */
void rg_x_apply(rg_explainer *e, rg_xstate *st);
/* A contradiction found in st: the rule (-1: none), the cells, the text. */
int rg_x_broken(rg_explainer *e, int rule, const int *cells, int n, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;
int rg_x_nomem(rg_explainer *e);

/* techniques.c: try the techniques of one rank on st. */
int rg_x_try_rank(rg_explainer *e, rg_xstate *st, int rank);
/* Empty cells and digits with no place left in a unit: RG_X_BROKEN or
 * RG_X_NONE. */
int rg_x_dead_ends(rg_explainer *e, rg_xstate *st);
/* The rank of a propagator's steps by its cost class. */
int rg_x_rule_rank(int cost);

#endif
