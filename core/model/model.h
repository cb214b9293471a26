/* The compiled model (model.c): houses, must-differ edges, propagators, clue
 * marks, root restrictions and per-space state that the rules added
 * (build.c), then the tables the search reads (tables.c). Built once,
 * read-only while solving. */
#ifndef RG_MODEL_MODEL_H
#define RG_MODEL_MODEL_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "base/arena.h"
#include "model/board.h"
#include "rulegrid/plugin.h"

struct cJSON;

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
    /* When every I set of the group has the same number of cells: that
     * number, and the sets' cells one after the other (count * width, in
     * the arena); else 0 and NULL. */
    int width;
    int *cells;
} rg_igroup;

typedef struct rg_model rg_model;

struct rg_model {
    atomic_int refs; /* solvers on several threads may share the model */
    rg_board board;
    rg_arena arena;
    rg_mask full;
    int nrules, caprules;
    rg_rule_rec *rules;

    rg_house *houses;
    int nhouses, caphouses;
    int *edges; /* must-differ pairs (add_differ, add_differ_enforced): a, b, rule */
    int nedges, capedges;
    int nplain_edges; /* how many came from add_differ */
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
    /* build.c's lookups while rules are added (houses by cell set, houses
     * and marks by cell, grid origins, the plugins' model data); in the
     * arena, NULL until first needed. */
    struct rg_build_index *index;
    size_t state_size; /* bytes, 16-aligned offsets */
    unsigned char *state_init;
    const char *families[RG_MAX_FAMILIES];
    int nfamilies;
    int finished;
    int infeasible_rule; /* a house of more than D cells, or -1 */

    /* Built by rg_model_finish. */
    rg_mask *root;         /* per cell: allowed digits before givens */
    int *peer_off, *peers; /* CSR: peers of cell i */
    /* With must-differ pairs beyond the houses (nplain_edges > 0: pairs a
     * propagator enforces alone do not count) on a board of
     * up to RG_PEERBITS_MAX_WORDS * 64 cells: the peers of cell i as a
     * bitset of pwords 64-bit words at peerbits + i * pwords, for the
     * intersections level's "every place sees it" step; else NULL. */
#define RG_PEERBITS_MAX_WORDS 16 /* 1,024 cells */
    uint64_t *peerbits;
    int pwords;
    uint64_t *unitbits; /* the cells of unit u, pwords words at unitbits + u * pwords */
    int *unit_off, *unit_cells;
    int nunits;
    int *cell_unit_off, *cell_units; /* CSR: units holding cell i */
    rg_inter *inters;                /* grouped by unit: those of unit u are */
    int ninters;                     /* inter_off[u] .. inter_off[u+1]-1 */
    int *inter_off;
    rg_igroup *igroups; /* those of unit u: igroup_off[u] .. igroup_off[u+1]-1 */
    int *igroup_off;
    int *watch_off, *watch_prop; /* CSR: propagators watching cell i */
    /* per watch entry, the most digits a change may leave the cell and still
     * wake the propagator (from its event: RG_EV_FIXED 1, RG_EV_AT_MOST(k)
     * k, RG_EV_DOMAIN 255) */
    unsigned char *watch_max;
    /* CSR: the watch entries of the propagators that asked for changes
     * (RG_PROPAGATOR_CHANGES), per cell (track_off[c] .. track_off[c+1]-1):
     * the propagator and the cell's position in its watch list. */
    int *track_off, *track_prop, *track_pos;
    /* Per propagator: where its watch positions start in a flat array of
     * every propagator's (prop_watch_off[nprops] in all). */
    int *prop_watch_off;
    int ntrack; /* propagators that asked for changes */
    /* The watched cells have two or more main watch entries (before
     * watch_main) on average: the board walks then wake four entries at a
     * time (search/space.h rg_space_wake4). */
    int watch_wide;
    /* Implied propagators (RG_PROPAGATOR_IMPLIED), one bit each over
     * (nprops + 31) / 32 words, and how many: left out below sac. Their
     * watch entries come last in each cell's; watch_main[c] is where they
     * start (watch_off[c + 1] when none watches c). */
    uint32_t *implied;
    int nimplied;
    /* The propagators whose check an assignment's check asks (check.c), in
     * order: neither implied nor RG_PROPAGATOR_NO_CHECK (the others and the
     * houses refuse whatever those refuse). */
    int *checked;
    int nchecked;
    int *watch_main;
    /* The propagators of the dearest class (RG_COST_GLOBAL), one bit each
     * as implied, and per cell where the main entries of that class start
     * (their entries come after the main ones of the cheaper classes, and
     * end at watch_main[c]): a root holds them back until the others are
     * done (search/propagate.c), so its wakes stop short of them. */
    uint32_t *global;
    int *watch_cheap;
    /* Per propagator its cost class (def.cost), for the queue's push: a
     * byte array, not the propagator records, on the hot path. */
    unsigned char *prop_cost;
    /* Propagators of the dearest class (RG_COST_GLOBAL), implied or not:
     * with none the search never asks whether the deductions go first
     * (search/propagate.c bands_due). */
    int nglobal;
    int *box_of;

    /* The document's board and rules as read ({"board": ..., "rules": ...}),
     * kept for the writer (write.c); NULL for a model built otherwise. */
    struct cJSON *source;
    /* While a document builds the model under a time limit: the
     * rg_clock_now() reading at which it gives up (rg_compile_late); 0 none.
     * Last, so that the fields the search reads keep their places. */
    double deadline;
};

/* A model for a board (the board is moved into the model); NULL without
 * memory (the board is freed then). */
rg_model *rg_model_new(rg_board *board);
void rg_model_ref(rg_model *m); /* atomic: solvers on several threads share models */
void rg_model_unref(rg_model *m);
const rg_board *rg_model_board(const rg_model *m);
/* The parts of the document the writer needs: an object with the "board"
 * and "rules" members as read. The model takes source (and frees it); the
 * rules stay where compile saw them, shared by every puzzle of the model. */
void rg_model_set_source(rg_model *m, struct cJSON *source);
const struct cJSON *rg_model_source(const rg_model *m); /* NULL if none kept */
int rg_model_rule_count(const rg_model *m);
const char *rg_model_rule_type(const rg_model *m, int rule); /* "" when out of range */
int rg_model_box_of(const rg_model *m, int cell);            /* -1 when none */
/* The index of the family called name, adding it; -1 when the table is
 * full, -2 when memory ran out. */
int rg_model_family(rg_model *m, const char *name);

#endif
