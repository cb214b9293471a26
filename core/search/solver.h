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

/* A level of the search. A cell branch (unit -1) tries the digits left in
 * cell; a place branch (heuristic domwdeg_places) tries digit in each place
 * left of unit u (left: bits of positions in the unit's cells), and cell is
 * the place tried last. Either way each branch is the assignment cell =
 * took, which is all the recomputation of a depth replays (search.c). */
typedef struct rg_frame {
    int cell;
    int guess;     /* two or more branches */
    int unit;      /* -1: a cell branch */
    rg_mask digit; /* a place branch's digit */
    rg_mask left;
    rg_mask took; /* the digit tried last: on the path, the one taken */
} rg_frame;

/* A 9 x 9 space's digit boards (board_off), kept by every narrowing while
 * bboards: per digit the cells holding it as three 27-bit band words (the
 * fourth all ones, as the deductions read it), the cells with one digit
 * left the same way, and valid (0 until they are read from the domains:
 * a space set up from the model's root starts zeroed). */
struct rg_space_boards {
    uint32_t d[9][4];
    uint32_t solved[4];
    uint32_t valid, pad[3];
};

/* A 16 x 16 space's digit boards (board16_off), kept as the 9 x 9 ones
 * while bboards16: per digit the cells holding it as four 64-bit words
 * (word b rows 4b to 4b + 3, cell n bit n % 64 of word n / 64, as
 * bands16.c reads them), the cells with one digit left, and valid. */
struct rg_space_boards16 {
    uint64_t d[16][4];
    uint64_t solved[4];
    uint64_t valid, pad;
};

struct rg_solver {
    rg_model *m;
    int N, D;
    rg_mask full;
    /* A space: domains, then plugin state, then inactive-propagator bits, then
     * assigned flags (check and forward levels), then on a 9 x 9 model the
     * boards take, its digit boards (struct rg_space_boards, bands.h;
     * board_off 0 when there are none), on a 16 x 16 one those of struct
     * rg_space_boards16 (board16_off). */
    size_t space_bytes, state_off, inactive_off, assigned_off, board_off, board16_off;
    unsigned char *spaces; /* nspaces kept spaces: every kept depth, made by prepare */
    int nspaces;
    /* Recomputation (search.c): the space of every every-th depth is kept
     * (every is 1, all depths, when they fit the copy budget); a depth in
     * between lives in the work space of its parity, held[parity] says which
     * depth that holds, and is recomputed from the kept depth below it when
     * the search comes back to it after the work space was reused. */
    int every;
    unsigned char *work;
    int held[2];
    size_t copy_budget; /* bytes for kept spaces; 0: RG_SEARCH_COPY_BUDGET */
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
    /* Per unit, the digits its cells lost since locked candidates last
     * looked at it (units.h): only those can be newly locked there. */
    rg_mask *ulost;
    /* Digit boards (bands.h): the locked candidates' tables when a 9 x 9
     * model qualifies (else NULL); band_on while a run takes the houses from
     * boards (band_inter: locked candidates too), with the digits any cell
     * lost since hidden singles (hlost) and locked candidates (llost) last
     * looked; units_only forces the unit scans (kept across models), and
     * band_used says the last run took the boards. band_side: 9 or 16 when
     * the model qualifies (the board's side), else 0. */
    const struct rg_band_tables *btab;
    int band_side, band_on, band_inter, units_only, band_used;
    /* band_on on a model with propagators of the global class: the
     * deductions may go before them (propagate.c bands_due). */
    int band_global;
    /* band_on on a space with digit boards (board_off): every narrowing
     * keeps them, and the naked singles and deductions read them. */
    int bboards;
    /* The same on a 16 x 16 space (board16_off), with each cell's peers
     * as a board (256 of them) and the cells whose narrowing has
     * propagators to wake or changes to note (as bwatch). */
    int bboards16;
    const uint64_t (*bpeers16)[4];
    uint64_t bwatch16[4];
    /* Each cell's peers as a board (with board_off: 81 of them). */
    const uint32_t (*bpeers)[4];
    /* With bpeers: the cells whose narrowing has propagators to wake or
     * changes to note (a watch before watch_end, or a tracked one). */
    uint32_t bwatch[4];
    rg_mask hlost, llost;
    /* With boards: per group of intersections 1 when the boards cover it
     * (gskip: a row, column or box with rows, columns and boxes only), and
     * band_groups when they cover all (no other unit); per unit the stacks
     * it may go on (band_stacks); per cell the units still to mark
     * (bmark_off / bmark_units: the other units, and a row, column or box
     * with a group the boards do not cover or, with must-differ pairs
     * beyond the houses, every one), in band_off / band_cells unless they
     * are the model's lists. All in one block, band_mem. */
    unsigned char *gskip, *band_stacks;
    int *band_off, *band_cells;
    const int *bmark_off, *bmark_units;
    int band_groups;
    void *band_mem;
    /* The other units on the boards too (bands.c), when there are few: NULL
     * else. */
    struct rg_band_other *bother;
    /* With must-differ pairs beyond the houses, a 9 x 9 model's "every
     * place sees it" step on the boards too (bands.c): NULL else. */
    struct rg_band_seen *bseen;
    int *ustack[3];
    int nustack[3];
    /* Cells changed since their units were last marked (units.h): the
     * digits each lost meanwhile (0: not on the stack) and the stack. */
    rg_mask *clost;
    int *cstack;
    int ncstack;
    int *values; /* scratch: digits per cell */
    int *sol;
    /* dom/wdeg's weight per cell in half points (whole numbers: the
     * heuristics compare products, exactly and without floating point) */
    uint64_t *wdeg;
    /* The fewest propagators watching any cell (prepare): every cell's
     * starting weight leaves them out (reset_general). */
    int wshared;

    rg_options o;
    rg_stats st;
    uint64_t rng;
    unsigned ded; /* the strategy's deductions (RG_DEDUCE_*) */
    int cascade, failed;
    uint32_t *inactive; /* of the space being propagated */
    struct rg_space ctx;
    struct timespec t0;
    int stopped;     /* a limit ended the run (search/limits.h) */
    int broken;      /* a propagator broke its contract: error says which */
    rg_error error;  /* with broken */
    uint64_t probes; /* probes made (they count toward the node limit) */
    unsigned idle;   /* propagator runs in a row that answered NOFIX idly */
    /* The probe level: a scratch space for the tentative values, the union of
     * the domains their propagations left, the family the probes count under
     * and a tick for reading the clock. */
    unsigned char *scratch;
    rg_mask *reach;
    int fam_probe;
    unsigned ticks; /* propagator runs to the next clock reading (limits.h) */
    /* The lookahead heuristic: per cell the estimate its last probe gave
     * and the epoch it gave it in (the epoch moves whenever the probed
     * space changes, so an estimate of an older epoch is stale). */
    double *lscore;
    uint64_t *lstamp, lepoch;
    /* Event-driven propagation (changes.h): per propagator the number of
     * positions recorded (-1: unknown), the positions and what each lost
     * (both at prop_watch_off of the model), the propagators with a list
     * (listed once), and the propagator running (-1: none). */
    int *chg_n, *chg_pos;
    rg_mask *chg_lost;
    int *chg_list, nchg_list;
    unsigned char *chg_listed;
    int running;
    /* The classic fast path (fast.h): its state when the model is eligible,
     * the switch that forces the general path and the one that keeps it
     * to its baseline build where the processor would take AVX2 (both
     * kept across models). */
    struct rg_fast *fast;
    int general_only, fast_baseline;
    /* The root kept for the next run on the same model, givens and
     * deductions (rg_solver_keep_root; solver.c), and the switch (kept
     * across models, as the memo is not). */
    struct rg_root_memo *memo;
    int keep_root;
    /* Stop at the first guess (rg_solver_guessless). */
    int guessless;
    /* Run implied propagators at every level (rg_solver_set_implied), else
     * only at sac. */
    int every_prop;
    /* This run leaves the implied propagators out (reset): then each cell's
     * watch entries end at m->watch_main[c], else at m->watch_off[c + 1]
     * (watch_end[c] either way). */
    int implied_out;
    const int *watch_end;
    /* A root holds the dearest propagators (RG_COST_GLOBAL) back until the
     * others and the deductions are done (defer_global: this run does).
     * While they are held watch_end is m->watch_cheap, else watch_all
     * (rg_globals_held). Below sac, or with no implied propagator, where
     * the main entries end each cell's list; never with no_hold,
     * rg_solver_hold_global's switch. */
    int defer_global, no_hold;
    const int *watch_all;
    /* A solve's root (rg_solver_solve_from: root_stop) stops propagating
     * once every cell is placed, what is still queued being left to the
     * solution check, as for any full assignment (propagate.c): placed
     * counts the naked singles taken since root() (each cell is one once),
     * and the propagation stops when it reaches stop_at (N in that root's
     * propagation, else -1). Off for the candidates and explanations,
     * whose roots are fixpoints. */
    int root_stop, placed, stop_at;
};

/* rg_solve from the domains start[] (a mask per cell, intersected with the
 * model's root domains and the givens; NULL: none): the solutions counted
 * are those of p whose every cell holds a digit of start. True candidates
 * (candidates.c) search with one cell fixed this way. */
int rg_solver_solve_from(rg_solver *s, const rg_puzzle *p, const rg_options *o,
                         const rg_mask *start, rg_result *r, rg_error *err);
/* The generator counts, and looks for other solutions of, the same puzzle
 * several times in a row: with on = 1 each root propagation of the general
 * path (without start domains, below the probe level) is kept with the
 * solver's state after it, and a later run on the same model with the same
 * givens and deductions starts from a copy of it instead of propagating
 * again. The space, the counters and so the search are those the
 * propagation would give (it is a function of the model, the givens and
 * the deductions). Off by default; kept across models. */
void rg_solver_keep_root(rg_solver *s, int on);
/* The generator asks whether a puzzle solves without a guess: with on = 1
 * a search stops (status unknown, as a limit would end it) at its first
 * guess, where the answer is known to be no, instead of searching on for a
 * solution within its node budget. Off by default; kept across models. */
void rg_solver_guessless(rg_solver *s, int on);
/* With on = 0 a root queues the dearest propagators with the others from
 * the start instead of holding them back (defer_global): for the test that
 * both give the same runs. On by default; kept across models. */
void rg_solver_hold_global(rg_solver *s, int on);
/* Are a root's dearest propagators still held back (their watch entries
 * left out of the wake loops)? */
static inline int rg_globals_held(const rg_solver *s) { return s->watch_end != s->watch_all; }
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

/* Tests of the fast path: the domains (a mask per cell) after propagation
 * at strategy (singles or intersections) on the classic fast path, from the
 * root domains and givens narrowed by start[] (NULL: none), as
 * rg_solver_narrow gives them on the general path. 0, RG_FAIL, RG_E_NOMEM,
 * or RG_E_INTERNAL when the model or the level is not one of the fast
 * path's. */
int rg_solver_fast_narrow(rg_solver *s, const rg_puzzle *p, int strategy, const rg_mask *start,
                          rg_mask *out);

#endif
