/* The compiled model: houses, peer graph, units, intersections, propagators,
 * clue marks. Built once by model.c, read-only while engine.c searches. */
#ifndef RG_MODEL_H
#define RG_MODEL_H

#include <stdatomic.h>

#include "internal.h"

/* Built-in families: prunings done by the core itself. */
enum { RG_FAM_PEERS = 0, RG_FAM_SINGLES, RG_FAM_INTERSECTIONS, RG_FAM_SUBSETS, RG_FAM_BUILTIN };

typedef struct rg_house {
    int *cells;  /* sorted */
    int *listed; /* as the first rule that added it listed them */
    int n, kind, rule;
    uint64_t hash;
} rg_house;

typedef struct rg_prop {
    rg_propagator def; /* the plugin's, copied (fields past its size zeroed) */
    void *data;
    int *watch;
    int nwatch;
    unsigned events;
    int family; /* index into rg_model.families */
    int rule;
} rg_prop;

typedef struct rg_mark {
    const char *family;
    long key;
    int *cells;
    int n, rule;
} rg_mark;

typedef struct rg_restriction {
    int cell, rule;
    rg_mask allowed;
} rg_restriction;

/* An area field that named a grid by its origin, checked after compile. */
typedef struct rg_area_ref {
    int rule, origin;
    const char *field, *name; /* in the arena */
} rg_area_ref;

typedef struct rg_rule_rec {
    const rg_rule_type *type;
    void *data;
    const struct cJSON *json; /* only until rg_model_finish */
} rg_rule_rec;

/* Locked candidates: digits of unit U that lie only in I (= U ∩ H) leave H \ I. */
typedef struct rg_inter {
    int *in, *urest, *hrest;
    int nin, nurest, nhrest;
} rg_inter;

/* Intersections of one unit whose I sets are pairwise disjoint: one pass of
 * once/twice accumulators over their I masks (and the unit's cells in none
 * of them, rest[]) finds every locked digit of the group. */
typedef struct rg_igroup {
    int first, count; /* inters[first .. first+count-1] */
    int *rest;
    int nrest;
} rg_igroup;

struct rg_model {
    atomic_int refs; /* solvers on several threads may share the model */
    rg_board board;
    rg_arena arena;
    rg_mask full;
    int nrules, caprules;
    rg_rule_rec *rules;

    rg_house *houses;
    int nhouses, caphouses;
    int *edges; /* must-differ pairs from add_differ: a, b, rule */
    int nedges, capedges;
    rg_prop *props;
    int nprops, capprops;
    rg_mark *marks;
    int nmarks, capmarks;
    int *grids;
    int ngrids, capgrids;
    rg_restriction *restr;
    int nrestr, caprestr;
    rg_area_ref *area_refs;
    int nrefs, caprefs;
    size_t state_size; /* bytes, 16-aligned offsets */
    unsigned char *state_init;
    const char *families[RG_MAX_FAMILIES];
    int nfamilies;
    int finished;
    int infeasible_rule; /* a house of more than D cells, or -1 */

    /* Built by rg_model_finish. */
    rg_mask *root;           /* per cell: allowed digits before givens */
    int *peer_off, *peers;   /* CSR: peers of cell i */
    int *unit_off, *unit_cells;
    int nunits;
    int *cell_unit_off, *cell_units; /* CSR: units holding cell i */
    rg_inter *inters; /* grouped by unit: those of unit u are */
    int ninters;      /* inter_off[u] .. inter_off[u+1]-1 */
    int *inter_off;
    rg_igroup *igroups; /* those of unit u: igroup_off[u] .. igroup_off[u+1]-1 */
    int *igroup_off;
    int *watch_off, *watch_prop; /* CSR: propagators watching cell i */
    unsigned char *watch_ev;
    int *box_of;

    /* The document's board and rules as read ({"board": ..., "rules": ...}),
     * kept for the writer (write.c); NULL for a model built otherwise. */
    struct cJSON *source;
};

int rg_model_family(rg_model *m, const char *name); /* index, adding it; -1 if full */

/* Model-building calls of the host table (rg_build is the context). */
void rg_host_board(const rg_build *b, rg_board_info *out);
int rg_host_cell_at(const rg_build *b, int row, int col);
void rg_host_cell_pos(const rg_build *b, int cell, int *row, int *col);
void *rg_host_alloc(rg_build *b, size_t size);
int rg_host_add_house(rg_build *b, const int *cells, int n, int kind);
int rg_host_add_grid(rg_build *b, int origin);
int rg_host_add_differ(rg_build *b, int a, int c);
int rg_host_add_unit(rg_build *b, const int *cells, int n);
int rg_host_restrict_cell(rg_build *b, int cell, rg_mask allowed);
int rg_host_add_mark(rg_build *b, const char *family, long key, const int *cells, int n);
int rg_host_add_propagator(rg_build *b, const rg_propagator *def, void *data, const int *watch,
                           int n, unsigned events);
int rg_host_add_state(rg_build *b, size_t size, const void *init);
int rg_host_house_count(const rg_build *b);
void rg_host_house(const rg_build *b, int i, const int **cells, int *n, int *kind);
int rg_host_grid_count(const rg_build *b);
int rg_host_grid_origin(const rg_build *b, int i);
int rg_host_mark_count(const rg_build *b);
void rg_host_mark(const rg_build *b, int i, const char **family, long *key, const int **cells,
                  int *n);

/* Search-time calls (engine.c). */
const rg_mask *rg_host_domains(const rg_space *sp);
int rg_host_remove(rg_space *sp, int cell, rg_mask digits);
int rg_host_keep(rg_space *sp, int cell, rg_mask digits);
int rg_host_fix(rg_space *sp, int cell, int digit);
void *rg_host_state(rg_space *sp, int handle);

/* Tests: the domains after root propagation at a strategy level (out has a
 * mask per cell). Returns 0, or RG_FAIL when the root fails. */
int rg_engine_root(rg_solver *s, const rg_puzzle *p, int strategy, rg_mask *out);
/* Tests of propagators: start from the domains start[] (intersected with the
 * model's root domains and the givens), propagate to a fixpoint at strategy
 * (at least propagate) and write the domains to out. 0 or RG_FAIL. */
int rg_engine_narrow(rg_solver *s, const rg_puzzle *p, int strategy, const rg_mask *start,
                     rg_mask *out);

static inline int rg_popcount(rg_mask m) { return __builtin_popcount(m); }
static inline int rg_single(rg_mask m) { return m && !(m & (m - 1)); }
static inline int rg_digit_of(rg_mask m) { return __builtin_ctz(m) + 1; }
static inline rg_mask rg_full_mask(int d) { return d >= 32 ? ~(rg_mask)0 : (((rg_mask)1 << d) - 1); }

#endif
