/* Pruning a space (space.c and the inline functions here, the hot path):
 * narrowing a cell's domain counts the digits removed, fails on an empty
 * domain, pushes a new single on the naked-single stack, marks the cell's
 * units dirty and queues the propagators watching the cell. */
#ifndef RG_SEARCH_SPACE_H
#define RG_SEARCH_SPACE_H

#include "base/mask.h"
#include "search/changes.h"
#include "search/queue.h"
#include "search/solver.h"
#include "search/units.h"

/* The space at depth d of the search stack. */
static inline unsigned char *rg_space_at(rg_solver *s, int d)
{
    return s->spaces + (size_t)d * s->space_bytes;
}

/* A failure: the cells involved gain weight (domwdeg). */
static inline void rg_space_blame(rg_solver *s, const int *cells, int n)
{
    if (!s->wdeg) return;
    for (int i = 0; i < n; i++) s->wdeg[cells[i]] += 2; /* a point */
}

/* Cell c changed, losing the digits lost: the propagators watching it that
 * asked for changes record them (space.c). */
void rg_space_note_changes(rg_solver *s, int c, rg_mask lost);

/* The propagators watching cell c for a change that leaves it left digits
 * are queued, unless queued or subsumed in this space: a watch's event is
 * RG_EV_FIXED, RG_EV_DOMAIN or RG_EV_AT_MOST(k), kept as the most digits
 * the change may leave (watch_max: 1, 255, k). One entry at a time, in the
 * order of c's entries, which is each class's order in the queue. */
static inline __attribute__((always_inline)) void rg_space_wake(rg_solver *s, int c, int left)
{
    const rg_model *m = s->m;
    const int *wprop = m->watch_prop;
    const unsigned char *wmax = m->watch_max, *queued = s->queued;
    const uint32_t *inactive = s->inactive;
    for (int w = m->watch_off[c], end = s->watch_end[c]; w < end; w++) {
        int p = wprop[w];
        if (queued[p] || left > wmax[w]) continue;
        if (inactive[p >> 5] & (1u << (p & 31))) continue;
        rg_queue_push(s, p);
    }
}

/* rg_space_wake four entries at a time, for a model whose cells have two
 * or more watchers on average (watch_wide): the same propagators queued in
 * the same order. The lanes past the cell's last entry read the entries
 * after it (the lists have three to spare at their end) and take the
 * filler nprops instead, which reads as queued (queued[nprops] stays 1).
 * The loop then ends after one or two rounds on most cells, not after a
 * count that differs from one cell to the next, which the branch predictor
 * mostly misses; each lane's test is a branch of its own. On the killers (two to
 * six watchers a cell) the board walks' wakes this way took about 3 % less
 * time for 2.4 % more instructions; on variants of one watcher or one and
 * a half a cell, four lanes cost more than they saved (docs/bench.md,
 * stop 65). */
static inline __attribute__((always_inline)) void rg_space_wake4(rg_solver *s, int c, int left)
{
    const rg_model *m = s->m;
    const int *wprop = m->watch_prop;
    const unsigned char *wmax = m->watch_max, *queued = s->queued;
    const uint32_t *inactive = s->inactive;
    const int filler = m->nprops;
    for (int w = m->watch_off[c], end = s->watch_end[c]; w < end; w += 4) {
#pragma GCC unroll 4
        for (int j = 0; j < 4; j++) {
            const int in = w + j < end, q = wprop[w + j], p = in ? q : filler;
            if (queued[p] || left > wmax[w + j]) continue;
            if (inactive[p >> 5] & (1u << (p & 31))) continue;
            rg_queue_push(s, p);
        }
    }
}

/* Cell c changed to now, losing the digits lost (fixed: it became single):
 * the propagators watching it that asked for changes record them, and
 * those watching it for that event are woken, by rg_space_wake4 when wide
 * (a constant where it is called), else by rg_space_wake. Always inlined:
 * a few more instructions in its push (a mask of the classes queued) were
 * enough for GCC to call it out of line, which alone cost killer.jsonl and
 * relations.jsonl about 3 % more instructions (docs/bench.md, stop 52's
 * section). */
static inline __attribute__((always_inline)) void
rg_space_notify_as(rg_solver *s, int c, int fixed, rg_mask now, rg_mask lost, int wide)
{
    const rg_model *m = s->m;
    if (m->ntrack && m->track_off[c] != m->track_off[c + 1]) rg_space_note_changes(s, c, lost);
    const int left = fixed ? 1 : rg_popcount(now);
    if (wide)
        rg_space_wake4(s, c, left);
    else
        rg_space_wake(s, c, left);
}

/* rg_space_notify_as one entry at a time: what the core's own narrowings
 * (rg_space_narrow) and the 16 x 16 board walks use. */
static inline __attribute__((always_inline)) void rg_space_notify(rg_solver *s, int c, int fixed,
                                                                  rg_mask now, rg_mask lost)
{
    rg_space_notify_as(s, c, fixed, now, lost, 0);
}

/* A 9 x 9 board's bands 0 and 1 as one word whose bit is the cell's index
 * (band 2 is a word of its own, its bit the cell's index less
 * RG_BOARD_BAND2): the walks over a board's cells take two words, not
 * three, as a loop's end is a mispredicted branch. */
enum { RG_BOARD_BAND2 = 54 };
static inline uint64_t rg_board_low(const uint32_t *band)
{
    return band[0] | (uint64_t)band[1] << 27;
}

/* The digit boards of the space whose domains are dom (bboards). */
static inline struct rg_space_boards *rg_space_boards_of(const rg_solver *s, rg_mask *dom)
{
    return (struct rg_space_boards *)(void *)((unsigned char *)dom + s->board_off);
}

/* Cell c lost the digits lost (and is single when fixed): its bits leave
 * those digits' boards. */
static inline void rg_space_boards_narrow(const rg_solver *s, rg_mask *dom, int c, rg_mask lost,
                                          int fixed)
{
    struct rg_space_boards *B = rg_space_boards_of(s, dom);
    const int b = (c >= 27) + (c >= 54);
    const uint32_t bit = 1u << (c - 27 * b);
    for (; lost; lost &= lost - 1) B->d[__builtin_ctz(lost)][b] &= ~bit;
    if (fixed) B->solved[b] |= bit; /* (no store otherwise: a chain through memory) */
}

/* The 16 x 16 digit boards of the space whose domains are dom (bboards16). */
static inline struct rg_space_boards16 *rg_space_boards16_of(const rg_solver *s, rg_mask *dom)
{
    return (struct rg_space_boards16 *)(void *)((unsigned char *)dom + s->board16_off);
}

/* rg_space_boards_narrow on a 16 x 16 space's boards. */
static inline void rg_space_boards16_narrow(const rg_solver *s, rg_mask *dom, int c, rg_mask lost,
                                            int fixed)
{
    struct rg_space_boards16 *B = rg_space_boards16_of(s, dom);
    const uint64_t bit = (uint64_t)1 << (c % 64);
    for (; lost; lost &= lost - 1) B->d[__builtin_ctz(lost)][c / 64] &= ~bit;
    if (fixed) B->solved[c / 64] |= bit;
}

/* rg_space_narrow's body (a wrapper of its own: inlined this way, GCC
 * lays out the small-puzzle paths a measured 2 % faster), its wakes four
 * entries at a time when wide (a constant where it is called). Always
 * inlined: with two callers in space.c, GCC made a copy of its own that
 * every narrowing through the host called, 0.8 % more instructions on the
 * variants that are not wide (docs/bench.md, stop 65). */
static inline __attribute__((always_inline)) int
rg_space_narrow_in(rg_solver *s, rg_mask *dom, int c, rg_mask nm, int fam, int wide)
{
    rg_mask old = dom[c];
    s->st.family_prunings[fam] += (uint64_t)rg_popcount(old ^ nm);
    if (!nm) {
        dom[c] = 0;
        s->failed = 1;
        if (s->wdeg) s->wdeg[c] += 2;
        if (s->bboards) /* (a failed space) */
            rg_space_boards_of(s, dom)->valid = 0;
        else if (s->bboards16)
            rg_space_boards16_of(s, dom)->valid = 0;
        return RG_FAIL;
    }
    dom[c] = nm;
    s->hlost |= old & ~nm; /* the digit boards' (bands.h) */
    if (s->dirty_bits) rg_units_mark(s, c, old & ~nm);
    int fixed = rg_single(nm);
    if (s->bboards)
        rg_space_boards_narrow(s, dom, c, old & ~nm, fixed);
    else if (s->bboards16)
        rg_space_boards16_narrow(s, dom, c, old & ~nm, fixed);
    if (s->cascade) {
        if (fixed) s->naked[s->nnaked++] = c;
        if (s->m->nprops) rg_space_notify_as(s, c, fixed, nm, old & ~nm, wide);
    }
    return 1;
}

/* Narrow cell c of dom to nm (a strict subset). RG_FAIL when nothing is left. */
static inline int rg_space_narrow(rg_solver *s, rg_mask *dom, int c, rg_mask nm, int fam)
{
    return rg_space_narrow_in(s, dom, c, nm, fam, 0);
}

/* The host table's search-time calls (plugin.h documents each). */
const rg_mask *rg_space_domains(const rg_space *sp);
int rg_space_remove(rg_space *sp, int cell, rg_mask digits);
int rg_space_keep(rg_space *sp, int cell, rg_mask digits);
int rg_space_fix(rg_space *sp, int cell, int digit);
void *rg_space_state(rg_space *sp, int handle);
int rg_space_changes(rg_space *sp, const int **which, const rg_mask **lost);

#endif
