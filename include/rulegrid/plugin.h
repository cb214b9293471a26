/* rulegrid plugin ABI, version 1: the only header a rule plugin includes.
 * A plugin exports one entry function, registers rule types from its init
 * callback and reaches the host only through the rg_host table it is handed. */
#ifndef RULEGRID_PLUGIN_H
#define RULEGRID_PLUGIN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Fixed facts, compared by the loader before anything else ---------- */

#define RG_ABI_VERSION 1u
#define RG_ABI_MAGIC   0x52474231u /* "RGB1" */
#define RG_MAX_DIGITS  32

/* A domain: bit d-1 set when digit d is still possible. */
typedef uint32_t rg_mask;

/* Status codes. RG_OK is 0; user errors are positive; a failed propagation
 * is not an error but the status RG_FAIL (negative). */
enum {
    RG_OK = 0,
    RG_E_FORMAT = 1,   /* the document or rule is malformed */
    RG_E_PLUGIN = 2,   /* a plugin could not be loaded or registered */
    RG_E_IO = 3,       /* a file could not be read */
    RG_E_NOMEM = 4,    /* an allocation failed */
    RG_E_LIMIT = 5,    /* an input exceeds a hard limit of the engine */
    RG_E_INTERNAL = 6, /* a cannot-happen branch was taken */
    RG_E_TIME = 7      /* a time limit ended the reading first (rg_puzzle_parse_timed): no
                          fault of the input; the host's code, never a plugin's return */
};
#define RG_FAIL   (-1)
#define RG_ABSENT 100 /* an optional field was not present (readers; not an error) */

/* Opaque handles. */
typedef struct rg_build rg_build;         /* a model under construction */
typedef struct rg_rule rg_rule;           /* one rule object being read */
typedef struct rg_space rg_space;         /* the search state a propagator prunes */
typedef struct rg_registrar rg_registrar; /* where init registers rule types */
typedef struct rg_gen rg_gen;             /* a puzzle being generated (generate hooks) */
typedef struct rg_out rg_out;             /* a document being written (write hooks) */
typedef struct rg_why rg_why;             /* a step being explained (explain hooks) */
typedef struct rg_draw rg_draw;           /* a picture being drawn (draw hooks) */

/* ---- Propagators -------------------------------------------------------- */

/* Cost classes: the queue runs every queued propagator of a cheaper class
 * before any of a dearer one. */
enum {
    RG_COST_UNARY = 0,
    RG_COST_BINARY = 1,
    RG_COST_LINEAR = 2, /* sums, lines: linear in the cells watched */
    RG_COST_QUADRATIC = 3,
    RG_COST_GLOBAL = 4,
    RG_COST_CLASSES = 5
};

/* Events a propagator subscribes to for each watched cell. */
enum {
    RG_EV_FIXED = 1u, /* the cell's domain became a single digit */
    RG_EV_DOMAIN = 3u /* any change of the cell's domain (includes FIXED) */
};

/* A change of the cell's domain that leaves it at most k digits (1 <= k <=
 * 15; a fix always counts): for a rule that cannot prune while a watched
 * cell holds more than k digits, such as a pair relation in which each
 * digit of one cell rules out at most k digits of the other. Added after
 * the first release of ABI v1: a host from before it takes the event as
 * RG_EV_DOMAIN, which wakes more often and is just as right. */
#define RG_EV_AT_MOST(k) (RG_EV_DOMAIN | ((unsigned)(k) << 4))

/* What propagate() returns. */
enum {
    RG_PROP_FAIL = -1,   /* some domain is empty or the rule cannot hold */
    RG_PROP_FIX = 0,     /* at fixpoint: running again now would prune nothing */
    RG_PROP_NOFIX = 1,   /* may prune more; the host runs it again */
    RG_PROP_SUBSUMED = 2 /* holds whatever happens below: never run again in this branch */
};

/* A propagator: the rule's pruning and its checker. Starts with its own size
 * so that fields can be added at the end. The host copies the struct. */
typedef struct rg_propagator {
    size_t size;        /* sizeof(rg_propagator) as the plugin was built */
    const char *name;   /* for statistics and messages, e.g. "cage_sum" */
    const char *family; /* prunings are counted under this name, e.g. "cages" */
    int cost;           /* RG_COST_* */
    /* Prune the domains of the cells of the rule through host->remove / keep /
     * fix. Must be sound: never remove a digit that some assignment of the
     * current domains satisfying this rule uses. Must be a function of the
     * domains and the per-space state: the search may recompute a space by
     * propagating the same decisions again, and a different answer then ends
     * it with RG_E_PLUGIN. RG_PROP_NOFIX must be followed by progress: a
     * propagator that answers it 100,000 times in a row without narrowing
     * anything is stopped as a loop. Returns RG_PROP_* (any other value is a
     * plugin error naming the rule). */
    int (*propagate)(rg_space *sp, void *data);
    /* values[cell] is the digit placed in cell, 0 where none. Return 1 when
     * the placed digits are consistent with the rule, 0 when they already
     * break it. With every watched cell placed this decides the rule. It
     * reads only cells its rule holds: those the rule's propagators watch,
     * its houses, pairs and restrictions (`rulegrid verify` probes it). */
    int (*check)(const int *values, void *data);
    /* Added after the first release of ABI v1 (the host reads it only when
     * size covers it; zero otherwise): RG_PROPAGATOR_* bits. */
    unsigned flags;
    /* Optional (added after flags; read only when size covers it): say why
     * one run of propagate() narrowed what it narrowed, for `rulegrid
     * explain` (docs/explain.md). The explainer ran propagate() once on the
     * domains before[] (per cell) and it left after[]. The hook names the
     * technique and writes one or two sentences a person can check on the
     * grid with host->why_text, may set the cells to highlight with
     * host->why_focus (the default: the watched cells) and names cells and
     * digits with host->why_cells and host->why_digits. It runs only when a
     * step is explained, never while solving. Without it, or when it writes
     * nothing, the step says which digits the rule removed from which cells.
     * Returns RG_OK, or RG_E_NOMEM from a host call. */
    int (*explain)(rg_why *w, void *data, const rg_mask *before, const rg_mask *after);
} rg_propagator;

/* Flags of an rg_propagator. */
enum {
    /* The host records which watched cells changed between two runs of the
     * propagator and what they lost, and hands that to host->changes() (the
     * propagator is then woken on every change of a watched cell, whatever
     * events it subscribed to). */
    RG_PROPAGATOR_CHANGES = 1u,
    /* The propagator is implied: the rule's other propagators (and the
     * houses) already refuse every assignment it refuses, and it only
     * prunes earlier, at a cost that pays when the search buys the fewest
     * guesses at any price and not otherwise. The host runs it at the sac
     * level, in explanations and in `rulegrid verify`, and leaves it out of
     * the search below sac; its check is not asked when an assignment is
     * checked (the others decide). Added after RG_PROPAGATOR_CHANGES: a host from
     * before it runs the propagator at every level, which is just as
     * right. */
    RG_PROPAGATOR_IMPLIED = 2u,
    /* The propagator runs in the search like any other, but its check
     * refuses no complete assignment that the rule's other propagators'
     * checks and the houses accept (a derived constraint: a sum over the
     * union of cages and houses, a house's digits seen from outside). The
     * host does not ask its check when an assignment is checked (a killer
     * solved at the root asked about 140 such checks that always hold).
     * The plugin still gives a check; one that always holds does. Added
     * after RG_PROPAGATOR_IMPLIED: a host from before it refuses the
     * propagator when the model is built, naming the flags, as it does
     * every flag it does not know. */
    RG_PROPAGATOR_NO_CHECK = 4u
};

/* ---- Rule types ---------------------------------------------------------- */

/* A rule type: what a plugin registers under one `type` name. */
typedef struct rg_rule_type {
    size_t size;        /* sizeof(rg_rule_type) as the plugin was built */
    const char *name;   /* the `type` value it answers to, e.g. "box_grid" */
    const char *family; /* its family, e.g. "houses" (clue marks, statistics) */
    /* Read the rule through the host readers and add to the model. Every
     * field of the rule must be read (or the host reports it as unknown).
     * *rule_data may be set to anything link() needs (allocate it with
     * host->alloc: it lives as long as the model). Returns RG_OK or the code
     * of host->error. */
    int (*compile)(rg_build *b, rg_rule *rule, void **rule_data);
    /* Optional: runs once every rule of the document is compiled, in rule
     * order; may read what other rules added (houses, grids, marks). */
    int (*link)(rg_build *b, rg_rule *rule, void *rule_data);
    /* Optional (added after the first release of ABI v1; the loader looks at
     * size before reading it): invent clues of this type that the complete
     * grid `solution` (digit per cell) satisfies, and hand each to
     * host->gen_emit as the JSON text of one rule object. The settings of
     * this request (a cage's max_size, a line's kind and count ...) are read
     * with host->gen_int / gen_string; randomness comes only from
     * host->gen_random so that a seed reproduces the puzzle. Returns RG_OK
     * or an error recorded with host->gen_error. Emitting nothing is fine. */
    int (*generate)(rg_gen *g, const int *solution);
    /* The fields below were added after generate; the loader reads each only
     * when size covers it (a plugin built against an older header has them
     * zero). */
    /* Where the canonical writer (fmt, rg_puzzle_write) places rules of this
     * type: in increasing rank, and within one rank in the order read. The
     * built-in types use their section of format.md §6 times 100 plus the
     * subsection (houses 601, region 602, cage 603 ... relation 611, negative
     * 614); 0 means 612, the place of types from other plugins. */
    int write_rank;
    /* Optional: the fields written first, in this order (NULL-terminated),
     * when a rule of this type is written as read: its type, these fields,
     * its note, then its other fields in the order read. */
    const char *const *write_order;
    /* Optional: write the canonical form of rules[0..n-1] through the host's
     * out_* calls; data[i] is the rule_data compile set for rules[i]. The
     * host hands a hook each run of consecutive rules (in rank order) whose
     * types share this function, so one hook may rewrite a family as a whole
     * (the houses plugin rebuilds its rules from the houses they make). What
     * it writes must read back to the same model. A type without a hook is
     * written as read (write_order). Returns RG_OK or the code of a failed
     * out_* call. */
    int (*write)(rg_out *o, const rg_rule *const *rules, void *const *data, int n);
    /* Optional: lay out rules of this type on the bare board of a template,
     * before the grid is filled (a profile's "layout" requests: jigsaw pieces).
     * The same host calls as generate(); there is no solution yet. */
    int (*layout)(rg_gen *g);
    /* Optional (added after layout; read only when size covers it): draw a
     * rule of this type for `rulegrid render` (docs/render.md) through the
     * host's draw_* calls, in the usual style of the variant community. The
     * host calls it once per rule, in document order, after every rule of
     * the document was compiled and linked and while the build b is still
     * open: the hook reads the rule's fields again with the host's read_*
     * calls, exactly as compile does (rule_data is what compile set). It
     * never runs while solving. A type without a hook is drawn as a neutral,
     * labelled outline of the cells its propagators watch. Returns RG_OK, or
     * the code of a failed host call. */
    int (*draw)(rg_draw *d, rg_build *b, rg_rule *rule, void *rule_data);
} rg_rule_type;

/* ---- Drawing ------------------------------------------------------------- */

/* Coordinates are in cells: the top-left corner of the board is (0, 0) and
 * the cell in row r, column c covers x from c-1 to c and y from r-1 to r, so
 * its centre is (c - 0.5, r - 0.5). Outside clues sit beyond the board (a
 * clue left of row r is at (-0.5, r - 0.5)); the host makes room for them.
 * Lengths (widths, radii, dashes, font sizes) are in cells too. */

/* Layers, drawn bottom to top; within a layer, in the order drawn. */
enum {
    RG_LAYER_SHADE = 0, /* shaded cells and regions, under the grid lines */
    RG_LAYER_LINE = 1,  /* lines, thermometers, arrows, cage outlines */
    RG_LAYER_MARK = 2,  /* dots, circles and letters on edges and corners */
    RG_LAYER_TEXT = 3   /* clue numbers; only the digits are drawn above */
};

/* Where a text's point (x, y) is on its box. */
enum {
    RG_ANCHOR_CENTRE = 0,   /* the middle of the text */
    RG_ANCHOR_TOP_LEFT = 1, /* the text hangs right and down from the point */
    RG_ANCHOR_TOP_RIGHT = 2
};

/* Flags of an rg_style. */
enum {
    RG_STYLE_ROUND = 1u, /* round caps and joins (lines, thermometers) */
    RG_STYLE_ARROW = 2u, /* an open arrowhead at the last point of a polyline */
    RG_STYLE_BOLD = 4u   /* texts: bold */
};

/* How a primitive looks. Colours are CSS colours ("#1f77b4", "gray"); NULL
 * means none. A zero width, dash or opacity means the default (0.03, solid,
 * opaque); the layer is always as set (RG_LAYER_SHADE is 0). */
typedef struct rg_style {
    size_t size;        /* sizeof(rg_style) as the plugin was built */
    const char *stroke; /* the outline or line colour */
    const char *fill;   /* the fill colour (closed shapes, circles, texts) */
    double width;       /* stroke width in cells; 0: 0.03 */
    double dash;        /* dash length in cells; 0: solid */
    double opacity;     /* 0 < opacity <= 1; 0: 1 */
    int layer;          /* RG_LAYER_* */
    int anchor;         /* texts: RG_ANCHOR_* */
    unsigned flags;     /* RG_STYLE_* */
} rg_style;

/* ---- The host table ------------------------------------------------------ */

/* Flags of the field readers. */
enum {
    RG_F_OPTIONAL = 1u, /* absent is allowed: the reader returns RG_ABSENT */
    RG_F_ORDERED = 2u,  /* a cell list of names only (no rectangles), order kept */
    RG_F_DISTINCT = 4u, /* digit lists: no digit twice */
    RG_F_REPEATS = 8u   /* with RG_F_ORDERED: a cell may come back (a line crossing itself) */
};

/* House kinds: rows, columns and boxes of the houses plugin, regions of
 * region rules, and cages (a killer cage is a house without being a region). */
enum {
    RG_HOUSE_ROW = 0,
    RG_HOUSE_COLUMN = 1,
    RG_HOUSE_BOX = 2,
    RG_HOUSE_REGION = 3,
    RG_HOUSE_CAGE = 4
};

typedef struct rg_board_info {
    int rows, columns, digits; /* digits is D */
    int cells;                 /* number of existing cells, indexed 0..cells-1 */
} rg_board_info;

/* The functions the host lends a plugin. Starts with its size; only ever grows
 * at the end. Cells are indices 0..cells-1; rows and columns count from 1. */
typedef struct rg_host {
    size_t size;
    uint32_t abi;

    /* Registration, only during init. Refuses a name already registered. */
    int (*register_type)(rg_registrar *reg, const rg_rule_type *type);

    /* The board. */
    void (*board)(const rg_build *b, rg_board_info *out);
    int (*cell_at)(const rg_build *b, int row, int column); /* -1 if no such cell */
    void (*cell_pos)(const rg_build *b, int cell, int *row, int *column);

    /* Field readers. Each returns RG_OK, RG_ABSENT (optional field missing;
     * outputs untouched) or an error code with the error already recorded,
     * worded alike for every plugin and naming the rule and field. Arrays
     * returned live as long as the model. min/max bound the count; 0 = none. */
    int (*read_cells)(rg_build *b, rg_rule *r, const char *field, unsigned flags, int min, int max,
                      const int **cells, int *n);
    /* An area: a rectangle, a list of names and rectangles, or the bare name
     * of a grid's origin (its D x D area). Whether some rule of the document
     * declared a grid there (add_grid) is checked once every rule is
     * compiled, so the grid's rule may come later in the document. */
    int (*read_area)(rg_build *b, rg_rule *r, const char *field, unsigned flags, const int **cells,
                     int *n);
    int (*read_cell)(rg_build *b, rg_rule *r, const char *field, unsigned flags, int *cell);
    /* A list of [cell, cell] pairs: pairs[2i], pairs[2i+1]. */
    int (*read_pairs)(rg_build *b, rg_rule *r, const char *field, unsigned flags, const int **pairs,
                      int *n);
    /* A list of ordered cell lists (arrow shafts): lists[i] has lens[i] cells. */
    int (*read_cell_lists)(rg_build *b, rg_rule *r, const char *field, unsigned flags,
                           int min_lists, int min_len, const int *const **lists, const int **lens,
                           int *n);
    int (*read_int)(rg_build *b, rg_rule *r, const char *field, unsigned flags, long min, long max,
                    long *out);
    /* One of names (NULL-terminated); *out is its index. */
    int (*read_enum)(rg_build *b, rg_rule *r, const char *field, unsigned flags,
                     const char *const *names, int *out);
    int (*read_bool)(rg_build *b, rg_rule *r, const char *field, unsigned flags, int *out);
    /* Digits 1..D; RG_F_DISTINCT refuses repeats. */
    int (*read_digits)(rg_build *b, rg_rule *r, const char *field, unsigned flags, int min, int max,
                       const int **digits, int *n);
    /* A list of digit lists (entropic groups): lists[i] has lens[i] digits. */
    int (*read_digit_lists)(rg_build *b, rg_rule *r, const char *field, unsigned flags,
                            const int *const **lists, const int **lens, int *n);
    int (*read_string)(rg_build *b, rg_rule *r, const char *field, unsigned flags,
                       const char **out);
    /* Is the field present? Does not count as reading it. */
    int (*has)(rg_build *b, rg_rule *r, const char *field);
    /* Record an error about field (may be NULL) of rule r and return
     * RG_E_FORMAT; compile returns that code. printf-style message. */
    int (*error)(rg_build *b, rg_rule *r, const char *field, const char *fmt, ...)
#if defined(__GNUC__)
        __attribute__((format(printf, 4, 5)))
#endif
        ;
    int (*rule_index)(const rg_rule *r);

    /* Model building (compile and link). */
    void *(*alloc)(rg_build *b, size_t size); /* zeroed; freed with the model */
    /* A house: no digit twice among cells; with D cells also a unit. Houses
     * with the same cell set are one house. Returns RG_OK or an error. */
    int (*add_house)(rg_build *b, const int *cells, int n, int kind);
    /* A D x D grid area whose top-left cell is origin (negatives, areas). */
    int (*add_grid)(rg_build *b, int origin);
    int (*add_differ)(rg_build *b, int a, int c);                 /* a must-differ edge */
    int (*add_unit)(rg_build *b, const int *cells, int n);        /* every digit once */
    int (*restrict_cell)(rg_build *b, int cell, rg_mask allowed); /* root domain */
    /* A clue mark: `family` has a clue at this position (a pair, a cell, the
     * three cells of a rossini end ...); key distinguishes variants (colour,
     * letter, value). Negatives read the marks in link. */
    int (*add_mark)(rg_build *b, const char *family, long key, const int *cells, int n);
    /* A propagator watching cells with events (RG_EV_*); data is the
     * plugin's (allocated with alloc). Returns RG_OK or an error. */
    int (*add_propagator)(rg_build *b, const rg_propagator *def, void *data, const int *watch,
                          int n, unsigned events);
    /* Per-space state of size bytes, copied on every branch, initialised
     * from init (or zero). Returns a handle >= 0 for state(). */
    int (*add_state)(rg_build *b, size_t size, const void *init);

    /* Queries for link(). */
    int (*house_count)(const rg_build *b);
    /* House i's cells in the order the first rule that added it listed them
     * (a box_grid lists rows left to right, columns top to bottom). */
    void (*house)(const rg_build *b, int i, const int **cells, int *n, int *kind);
    int (*grid_count)(const rg_build *b);
    int (*grid_origin)(const rg_build *b, int i); /* grid i is D x D from this cell */
    int (*mark_count)(const rg_build *b);
    void (*mark)(const rg_build *b, int i, const char **family, long *key, const int **cells,
                 int *n);

    /* Search-time calls, from propagate(). */
    const rg_mask *(*domains)(const rg_space *sp);         /* read-only view, per cell */
    int (*remove)(rg_space *sp, int cell, rg_mask digits); /* RG_FAIL, 0 same, 1 changed */
    int (*keep)(rg_space *sp, int cell, rg_mask digits);   /* intersect */
    int (*fix)(rg_space *sp, int cell, int digit);
    void *(*state)(rg_space *sp, int handle);

    /* Generation, from a rule type's generate() (fields added after the first
     * release of ABI v1: a plugin compares host->size before using them).
     * The board and houses are those of the puzzle's template. */
    void (*gen_board)(const rg_gen *g, rg_board_info *out);
    int (*gen_cell_at)(const rg_gen *g, int row, int column); /* -1 if no such cell */
    void (*gen_cell_pos)(const rg_gen *g, int cell, int *row, int *column);
    /* The box (house of kind box) holding cell, -1 if none. */
    int (*gen_box_of)(const rg_gen *g, int cell);
    /* A setting of this request: an integer or a string; dflt when absent. */
    long (*gen_int)(rg_gen *g, const char *name, long dflt);
    const char *(*gen_string)(rg_gen *g, const char *name, const char *dflt);
    /* The generator's random stream: uniform 64-bit values. */
    uint64_t (*gen_random)(rg_gen *g);
    /* Add a rule: the JSON text of one rule object, e.g.
     * {"type":"cage","cells":["r1c1","r1c2"],"sum":9}. Usually of the hook's
     * own type; another type is allowed (a dot family may add the negative
     * that "all dots shown" implies). Copied; checked when the puzzle is
     * built. Returns RG_OK or an error. */
    int (*gen_emit)(rg_gen *g, const char *rule_json);
    /* Record an error about this request; returns RG_E_FORMAT. */
    int (*gen_error)(rg_gen *g, const char *fmt, ...)
#if defined(__GNUC__)
        __attribute__((format(printf, 2, 3)))
#endif
        ;

    /* Writing, from a rule type's write() (fields added after the gen_ ones:
     * a plugin compares host->size before using them). */
    void (*out_board)(const rg_out *o, rg_board_info *out);
    int (*out_cell_at)(const rg_out *o, int row, int column); /* -1 if no such cell */
    void (*out_cell_pos)(const rg_out *o, int cell, int *row, int *column);
    /* Does rule r carry a note or x- fields? */
    int (*out_has_extras)(const rg_out *o, const rg_rule *r);
    /* Write rule r as read: its type, then the fields named in order (a
     * NULL-terminated list; NULL for none) that it has, its note, then its
     * other fields in the order read. Cell names and rectangles of rule
     * fields are written in canonical spelling. RG_OK or RG_E_NOMEM. */
    int (*out_rule)(rg_out *o, const rg_rule *r, const char *const *order);
    /* Write a rule given as the JSON text of one object (its members in the
     * order given), followed by the note and x- fields of the rules
     * extras[0..n-1]: the first of each name, the note before the x- fields.
     * RG_OK, RG_E_NOMEM, or RG_E_INTERNAL when the text is not one JSON
     * object. */
    int (*out_json)(rg_out *o, const char *rule_json, const rg_rule *const *extras, int n);

    /* Lookups for compile and link that stay cheap on large documents
     * (fields added after the out_ ones: a plugin compares host->size before
     * using them). */
    /* The houses holding cell: *houses gets their indices (as for house()),
     * ascending; returns how many, or -1 without memory. Valid until the next
     * add_house. */
    int (*cell_houses)(const rg_build *b, int cell, const int **houses);
    /* The marks holding cell, likewise (indices as for mark()); valid until
     * the next add_mark. */
    int (*cell_marks)(const rg_build *b, int cell, const int **marks);
    /* A block of size bytes, zeroed when first asked for, that every compile
     * and link of the model being built gets again for the same key: what
     * the rules of a type share while one model is built (an index made
     * once, which rule of a kind came first). key is the address of
     * something of the plugin's own, so no two plugins meet; a later call
     * may not ask for more bytes than the first. Freed with the model.
     * NULL without memory. */
    void *(*model_data)(rg_build *b, const void *key, size_t size);

    /* Event-driven propagation (added after model_data: a plugin compares
     * host->size before using it). From propagate() of a propagator whose
     * definition sets RG_PROPAGATOR_CHANGES: which of its watched cells
     * changed since it last ran in this branch of the search, other than by
     * its own pruning. *which gets their positions in the watch list given
     * to add_propagator, in the order they first changed; *lost[k] is what
     * the cell at position k lost (0 for a cell that did not change; indexed
     * by position, not by list order). Returns how many positions *which
     * holds, or -1 when the host cannot say (its first run, a restart from
     * the root, the check and forward levels, a propagator without the
     * flag): then anything may have changed. The answer is a hint to save
     * work: what propagate() prunes must still be a function of the
     * domains and its per-space state (the search may recompute a space). */
    int (*changes)(rg_space *sp, const int **which, const rg_mask **lost);

    /* Explanations, from a propagator's explain hook (added after changes:
     * a plugin compares host->size before using them). */
    /* The technique (a short stable name such as "cage combinations",
     * documented with the plugin) and the text of the step (printf-style;
     * one or two sentences). A second call replaces the first. RG_OK or
     * RG_E_NOMEM. */
    int (*why_text)(rg_why *w, const char *technique, const char *fmt, ...)
#if defined(__GNUC__)
        __attribute__((format(printf, 3, 4)))
#endif
        ;
    /* The cells the reasoning looks at (what a drawing highlights). */
    int (*why_focus)(rg_why *w, const int *cells, int n);
    /* "r1c1 r1c2 r2c1": the names of cells, in the order given (n = 1 for
     * one cell); "1, 4 and 7": the digits of a mask. Both live until the
     * hook returns; NULL without memory. */
    const char *(*why_cells)(rg_why *w, const int *cells, int n);
    const char *(*why_digits)(rg_why *w, rg_mask digits);
    void (*why_board)(const rg_why *w, rg_board_info *out);
    int (*why_rule)(const rg_why *w); /* the index of the rule being explained */

    /* Drawing, from a rule type's draw hook (added after why_rule: a plugin
     * compares host->size before using them). Coordinates and lengths in
     * cells (see "Drawing" above). Each returns RG_OK or RG_E_NOMEM. */
    /* A polyline through n points xy[2i], xy[2i+1] (n >= 1; one point draws
     * a dot of the stroke width); closed: a polygon, filled with s->fill. */
    int (*draw_poly)(rg_draw *d, const double *xy, int n, int closed, const rg_style *s);
    int (*draw_circle)(rg_draw *d, double x, double y, double radius, const rg_style *s);
    /* UTF-8 text of height size, filled with s->fill (black when NULL). */
    int (*draw_text)(rg_draw *d, double x, double y, double size, const rg_style *s,
                     const char *text);
    /* Shade whole cells with s->fill. */
    int (*draw_cells)(rg_draw *d, const int *cells, int n, const rg_style *s);
    /* The outline of a set of cells (any shape, holes included), drawn
     * inset from the cell edges by inset cells: a killer cage is inset 0.08
     * with a dash. *corner_x, *corner_y (may be NULL) get the inner top-left
     * corner of the outline's top-left cell, where a cage writes its sum. */
    int (*draw_outline)(rg_draw *d, const int *cells, int n, double inset, const rg_style *s,
                        double *corner_x, double *corner_y);
    /* A line of the legend under the grid, for what has no place on it: a
     * global rule (anti-knight), a negative constraint. The host writes
     * the lines in the order first added and drops a line already there, so
     * every rule of a kind may add the same line. Added after draw_outline:
     * compare host->size with offsetof(rg_host, draw_legend) +
     * sizeof host->draw_legend before calling it. */
    int (*draw_legend)(rg_draw *d, const char *text);

    /* From a rule type's generate(): may a rule that names cell be kept? 0
     * when the host is regrowing clues inside some cells only (a repair of
     * a killer that is not unique keeps only the new rules lying inside the
     * cells it freed) and cell is not one of them; 1 otherwise. A hook may
     * skip emitting a rule naming a cell not wanted, which the host would
     * drop (emitting it is still correct); it must draw the same random
     * numbers either way, so that a seed gives the same puzzle. Added after
     * draw_legend: compare host->size with offsetof(rg_host, gen_wanted) +
     * sizeof host->gen_wanted before calling it. */
    int (*gen_wanted)(const rg_gen *g, int cell);

    /* From compile or link: a must-differ pair that the rule's own
     * propagator already keeps apart in every space (a thermometer's two
     * cells, two cells of a renban). Like add_differ the two cells become
     * peers (naked singles, the check and forward levels see the pair), but
     * the pair does not count as one beyond the houses for the reasoning
     * kept for those (the intersections level's "every place sees it"
     * step), which would cost the whole board more than the pair can give
     * back. A pair the propagator does not enforce alone must go through
     * add_differ. Added after gen_wanted: compare host->size with
     * offsetof(rg_host, add_differ_enforced) + sizeof
     * host->add_differ_enforced, and call add_differ on an older host. */
    int (*add_differ_enforced)(rg_build *b, int a, int c);
} rg_host;

/* ---- The entry ----------------------------------------------------------- */

typedef struct rg_plugin_info {
    size_t size;         /* sizeof(rg_plugin_info) as the plugin was built */
    uint32_t magic;      /* RG_ABI_MAGIC */
    uint32_t abi;        /* RG_ABI_VERSION */
    uint32_t mask_size;  /* sizeof(rg_mask) */
    uint32_t max_digits; /* RG_MAX_DIGITS */
    const char *name;    /* e.g. "houses" */
    const char *version; /* the plugin's own version string */
    const char *summary; /* one line for `rulegrid plugins` */
    /* Register rule types with host->register_type(reg, ...). Keep host: it
     * is valid for as long as the plugin stays loaded. */
    int (*init)(const rg_host *host, rg_registrar *reg);
} rg_plugin_info;

#define RG_PLUGIN_ENTRY_NAME "rulegrid_plugin_entry"

#if defined(__GNUC__)
#define RG_PLUGIN_EXPORT __attribute__((visibility("default")))
#else
#define RG_PLUGIN_EXPORT
#endif

/* Fills the fixed facts of an rg_plugin_info. */
#define RG_PLUGIN_INFO(name_, version_, summary_, init_)                                           \
    {                                                                                              \
        sizeof(rg_plugin_info), RG_ABI_MAGIC, RG_ABI_VERSION, (uint32_t)sizeof(rg_mask),           \
            RG_MAX_DIGITS, (name_), (version_), (summary_), (init_)                                \
    }

/* Every plugin defines exactly this function and nothing else exported. */
RG_PLUGIN_EXPORT const rg_plugin_info *rulegrid_plugin_entry(void);

/* Defines a plugin's init and its entry, once, at file scope, after its types:
 *
 *   static const rg_host *host;   // kept by init; valid while the plugin is loaded
 *   static int compile(rg_build *b, rg_rule *r, void **data) { ... host->... }
 *   static const rg_rule_type types[] = {
 *       {.size = sizeof(rg_rule_type), .name = "lab.mine", .family = "lab",
 *        .compile = compile},
 *   };
 *   RG_PLUGIN_DEFINE("lab", "1.0", "lab.mine: one line for `rulegrid plugins`",
 *                    host, types, NULL);
 *
 * init sets host (any lvalue of type const rg_host *: a static of a one-file
 * plugin, or in a plugin of several files a variable its header declares
 * extern), then calls setup(host) unless setup is NULL (an
 * int (*)(const rg_host *) for work before registering; a code other than
 * RG_OK fails the load), then registers every rg_rule_type of the array types
 * in order (an array, not a pointer: its size gives the count; a pointer does
 * not compile), stopping at the first refusal. The entry returns an
 * rg_plugin_info filled by RG_PLUGIN_INFO. Nothing else is defined with
 * external linkage, so under hidden visibility the entry is the one export. */
#define RG_PLUGIN_DEFINE(name_, version_, summary_, host_, types_, setup_)                         \
    static int rg_plugin_init_(const rg_host *h_, rg_registrar *reg_)                              \
    {                                                                                              \
        int (*setup_fn_)(const rg_host *) = (setup_);                                              \
        int rc_ = RG_OK;                                                                           \
        (void)sizeof(char[sizeof(types_) >= sizeof(rg_rule_type) ? 1 : -1]);                       \
        (host_) = h_;                                                                              \
        if (setup_fn_) rc_ = setup_fn_(h_);                                                        \
        for (size_t i_ = 0; rc_ == RG_OK && i_ < sizeof(types_) / sizeof((types_)[0]); i_++)       \
            rc_ = h_->register_type(reg_, &(types_)[i_]);                                          \
        return rc_;                                                                                \
    }                                                                                              \
    RG_PLUGIN_EXPORT const rg_plugin_info *rulegrid_plugin_entry(void)                             \
    {                                                                                              \
        static const rg_plugin_info info_ =                                                        \
            RG_PLUGIN_INFO((name_), (version_), (summary_), rg_plugin_init_);                      \
        return &info_;                                                                             \
    }                                                                                              \
    const rg_plugin_info *rulegrid_plugin_entry(void) /* the caller's ';' ends it */

#ifdef __cplusplus
}
#endif
#endif
