/* Propagation to a fixpoint at the propagate level and above, and the
 * placing of a digit that starts it. */
#include <string.h>

#include "search/bands.h"
#include "search/limits.h"
#include "search/plain.h"
#include "search/propagate.h"
#include "search/queue.h"
#include "search/space.h"
#include "search/units.h"

/* Propagator p answered RG_PROP_NOFIX idly RG_LIMITS_IDLE_RUNS times in a
 * row: it loops. */
static int endless(rg_solver *s, int p)
{
    rg_limits_broken(s, p,
                     "answered RG_PROP_NOFIX %d times in a row without narrowing a domain: "
                     "it would run for ever",
                     RG_LIMITS_IDLE_RUNS);
    return RG_FAIL;
}

/* The contract of a run that did not fail: a status of plugin.h, and no
 * endless RG_PROP_NOFIX that narrows nothing (the host would run it again
 * and again on the same domains). 0, or RG_FAIL with the run stopped. */
static inline int check_run(rg_solver *s, int p, int r, int narrowed)
{
    if ((unsigned)(r - RG_PROP_FAIL) > (unsigned)(RG_PROP_SUBSUMED - RG_PROP_FAIL)) {
        rg_limits_broken(s, p, "answered %d, which is no RG_PROP_* status", r);
        return RG_FAIL;
    }
    if (r != RG_PROP_NOFIX || narrowed) {
        s->idle = 0;
        return 0;
    }
    return ++s->idle < RG_LIMITS_IDLE_RUNS ? 0 : endless(s, p);
}

/* The cheapest cost class with a propagator queued (one is). */
static inline int cheapest_class(const rg_solver *s)
{
    int k = 0;
    while (s->qhead[k] == s->qtail[k]) k++;
    return k;
}

/* Run the first queued propagator of class k, the cheapest queued.
 * RG_FAIL (also when a limit ends the run) or 0. */
static int run_one(rg_solver *s, unsigned char *space, int k)
{
    const rg_model *m = s->m;
    int p = s->queue[k][s->qhead[k]];
    s->qhead[k] = s->qhead[k] == m->nprops ? 0 : s->qhead[k] + 1;
    s->queued_total--;
    const rg_prop *pr = &m->props[p];
    s->ctx.dom = (rg_mask *)space;
    s->ctx.state = space + s->state_off;
    s->ctx.family = pr->family;
    s->st.family_calls[pr->family]++;
    /* queued[p] stays set while it runs: its own changes do not requeue it. */
    uint64_t before = s->st.family_prunings[pr->family];
    if (m->ntrack) s->running = p;
    int r = pr->def.propagate(&s->ctx, pr->data);
    if (m->ntrack) {
        s->running = -1;
        if (s->chg_n[p]) rg_changes_done(s, p);
    }
    s->queued[p] = 0;
    if (r == RG_PROP_FAIL || s->failed) {
        rg_space_blame(s, pr->watch, pr->nwatch);
        return RG_FAIL;
    }
    int narrowed = s->st.family_prunings[pr->family] != before;
    if (check_run(s, p, r, narrowed) < 0 || rg_limits_run(s)) return RG_FAIL;
    if (r == RG_PROP_SUBSUMED) {
        s->inactive[p >> 5] |= 1u << (p & 31);
    } else if (r == RG_PROP_NOFIX && s->cascade) {
        rg_queue_push(s, p);
    }
    return 0;
}

/* Naked single c (holding bit) leaves its peers, in the order of the
 * peer list. RG_FAIL (c blamed) or 0. */
static inline int clear_peers(rg_solver *s, rg_mask *dom, int c, rg_mask bit)
{
    const rg_model *m = s->m;
    const int *peers = m->peers + m->peer_off[c];
    const int n = m->peer_off[c + 1] - m->peer_off[c];
    if (!bit) return 0;
    const int d = __builtin_ctz(bit);
    /* The peers holding the digit, 64 at a time (rg_holders), narrowed in
     * order: narrowing one changes no other's domain. */
    for (int base = 0; base < n; base += 64) {
        const int w = n - base < 64 ? n - base : 64;
        for (uint64_t hold = rg_holders(dom, peers + base, w, d); hold; hold &= hold - 1) {
            int p = peers[base + __builtin_ctzll(hold)];
            if (rg_space_narrow(s, dom, p, dom[p] & ~bit, RG_FAM_PEERS) < 0) {
                if (s->wdeg) s->wdeg[c] += 2;
                return RG_FAIL;
            }
        }
    }
    return 0;
}

/* The peers of c holding digit bit on the space's boards B, as two words
 * (*lo: bands 0 and 1, a cell's bit its index; *hi: band 2), taken off the
 * digit's board. */
static inline void board_holders(const rg_solver *s, struct rg_space_boards *B, int c, rg_mask bit,
                                 uint64_t *lo, uint64_t *hi)
{
    uint32_t *on = B->d[__builtin_ctz(bit)];
    const uint32_t *pb = s->bpeers[c];
    const uint32_t h[3] = {on[0] & pb[0], on[1] & pb[1], on[2] & pb[2]};
    on[0] &= ~h[0];
    on[1] &= ~h[1];
    on[2] &= ~h[2];
    *lo = rg_board_low(h);
    *hi = h[2];
}

/* The cells of fix_lo and fix_hi (board_holders' words) placed on B. */
static inline void board_placed(struct rg_space_boards *B, uint64_t fix_lo, uint64_t fix_hi)
{
    B->solved[0] |= (uint32_t)fix_lo & 0x7FFFFFFu;
    B->solved[1] |= (uint32_t)(fix_lo >> 27);
    B->solved[2] |= (uint32_t)fix_hi;
}

/* Peer p of naked single c left with no digit, on the 9 x 9 or the 16 x 16
 * boards: the space failed, p and c weighted. Out of line (a failure is
 * rare, and each walk stays as tight as it was without it). RG_FAIL. */
static __attribute__((noinline, cold)) int peer_emptied(rg_solver *s, rg_mask *dom, int p, int c)
{
    dom[p] = 0;
    s->failed = 1;
    if (s->wdeg) s->wdeg[p] += 2, s->wdeg[c] += 2;
    return RG_FAIL;
}

/* A naked single's walk over the peers holding its digit bit on the
 * boards, one word h of them (bit i is cell base + i), none of them single
 * (the caller has failed the space before any would be emptied): each
 * loses the digit, and a peer it leaves single goes on the naked stack
 * (naked, *nn) as it is met, written every time and counted when single
 * (in bounds: the stack holds a cell at most once, and not p, which was
 * not single, so fewer than N entries). Made once with marking (mark 1)
 * and once without, so that the loop tests nothing it could know before.
 * The peers left single, as bits of the word. */
static inline __attribute__((always_inline)) uint64_t board_walk(rg_solver *s, rg_mask *dom,
                                                                 uint64_t h, int base, rg_mask bit,
                                                                 int mark, int *naked, int *nn)
{
    uint64_t f = 0;
    int n = *nn;
    for (; h; h &= h - 1) {
        int at = __builtin_ctzll(h), p = base + at;
        rg_mask nm = dom[p] & ~bit;
        dom[p] = nm;
        if (mark) rg_units_mark(s, p, bit);
        const uint64_t one = !(nm & (nm - 1));
        naked[n] = p;
        n += (int)one;
        f |= one << at;
    }
    *nn = n;
    return f;
}

/* The propagators of the peers a board walk narrowed (lo, hi; those left
 * single in fix_lo, fix_hi) woken, through the loop wide picks (a
 * constant where it is called). */
static inline __attribute__((always_inline)) void board_wake(rg_solver *s, const rg_mask *dom,
                                                             uint64_t lo, uint64_t hi,
                                                             uint64_t fix_lo, uint64_t fix_hi,
                                                             rg_mask bit, int wide)
{
    const uint64_t wlo = rg_board_low(s->bwatch), whi = s->bwatch[2];
    for (uint64_t h = lo & wlo; h; h &= h - 1) {
        int p = __builtin_ctzll(h);
        rg_space_notify_as(s, p, (int)(fix_lo >> p & 1), dom[p], bit, wide);
    }
    for (uint64_t h = hi & whi; h; h &= h - 1) {
        int p = RG_BOARD_BAND2 + __builtin_ctzll(h);
        rg_space_notify_as(s, p, (int)(fix_hi >> (p - RG_BOARD_BAND2) & 1), dom[p], bit, wide);
    }
}

/* clear_peers on a 9 x 9 space with digit boards: the peers holding the
 * digit are its board and c's peers as a board, in the list's order (it
 * is sorted, and a board's bits go by cell). Each is narrowed as
 * rg_space_narrow would (the same counters, marks, stack and queue, in
 * the same order), with what all of them share done once: the digit leaves
 * the board in one store a band, only the digit goes, and the propagators
 * are woken in a second pass over the cells that have any (bwatch; a
 * failure in the first pass drops the queue anyway). The bands are walked
 * as two words (bands 0 and 1: a cell's bit is its index; band 2) with no
 * branch but the loop's: a peer the digit would empty is found before, on
 * the placed board, and the new singles are stacked in the walk itself (a
 * loop over the walk's bits after it ended on a trip count no predictor
 * knows: first solves of the small variant files 2 to 6 % faster without
 * it, docs/bench.md, stop 63). Which peers hold the digit, and which of
 * them it leaves single, is hard to predict, and a first solve pays for
 * every branch it mispredicts. */
static inline int clear_peers_boards(rg_solver *s, rg_mask *dom, int c, rg_mask bit)
{
    if (!bit) return 0;
    struct rg_space_boards *B = rg_space_boards_of(s, dom);
    uint64_t lo, hi;
    board_holders(s, B, c, bit, &lo, &hi);
    if (!(lo | hi)) return 0;
    s->hlost |= bit;
    int nn = s->nnaked, rc = 0;
    uint64_t pruned;
    /* A peer holding the digit that is single already (on the placed
     * board: placed, or stacked to be) would be left with none: the space
     * fails at the first in the walk's order. The peers before it would be
     * narrowed in a space that is dropped; only their count stays. */
    const uint64_t bad_lo = lo & rg_board_low(B->solved), bad_hi = hi & B->solved[2];
    if (bad_lo | bad_hi) {
        int e = bad_lo ? __builtin_ctzll(bad_lo) : RG_BOARD_BAND2 + __builtin_ctzll(bad_hi);
        pruned =
            bad_lo ? (uint64_t)__builtin_popcountll(lo & ((2ull << e) - 1))
                   : (uint64_t)__builtin_popcountll(lo) +
                         (uint64_t)__builtin_popcountll(hi & ((2ull << (e - RG_BOARD_BAND2)) - 1));
        B->valid = 0; /* (a failed space) */
        rc = peer_emptied(s, dom, e, c);
        goto done;
    }
    pruned = (uint64_t)__builtin_popcountll(lo) + (uint64_t)__builtin_popcountll(hi);
    uint64_t fix_lo, fix_hi;
    int *naked = s->naked; /* the new singles stacked in the walk's order */
    if (s->dirty_bits) {
        fix_lo = board_walk(s, dom, lo, 0, bit, 1, naked, &nn);
        fix_hi = board_walk(s, dom, hi, RG_BOARD_BAND2, bit, 1, naked, &nn);
    } else {
        fix_lo = board_walk(s, dom, lo, 0, bit, 0, naked, &nn);
        fix_hi = board_walk(s, dom, hi, RG_BOARD_BAND2, bit, 0, naked, &nn);
    }
    board_placed(B, fix_lo, fix_hi);
    if (s->m->watch_wide)
        board_wake(s, dom, lo, hi, fix_lo, fix_hi, bit, 1);
    else
        board_wake(s, dom, lo, hi, fix_lo, fix_hi, bit, 0);
done:
    s->nnaked = nn;
    s->st.family_prunings[RG_FAM_PEERS] += pruned;
    return rc;
}

/* The walk of clear_peers_boards16 over c's four words h (bit i of word w
 * is cell 64 w + i), the singles stacked as it goes and their bits set in
 * fix[w]: the peers pruned; *emptied the peer left with no digit, where the
 * walk stops (-1: none). Not board_walk a word with the emptied peer found
 * before it, as at 9 x 9: that cost the 16 x 16 sets 5 to 7 % more
 * instructions, as GCC laid it out. */
static inline __attribute__((always_inline)) uint64_t board16_walk(rg_solver *s, rg_mask *dom,
                                                                   const uint64_t *h, rg_mask bit,
                                                                   int mark, int *nn, uint64_t *fix,
                                                                   int *emptied)
{
    int *naked = s->naked, n = *nn;
    uint64_t pruned = 0;
    *emptied = -1;
    for (int w = 0; w < 4; w++)
        for (uint64_t x = h[w]; x; x &= x - 1) {
            int at = __builtin_ctzll(x), p = 64 * w + at;
            pruned++;
            rg_mask nm = dom[p] & ~bit;
            if (!nm) {
                *nn = n;
                *emptied = p;
                return pruned;
            }
            dom[p] = nm;
            if (mark) rg_units_mark(s, p, bit);
            uint64_t fixed = !(nm & (nm - 1));
            naked[n] = p;
            n += (int)fixed;
            fix[w] |= fixed << at;
        }
    *nn = n;
    return pruned;
}

/* clear_peers on a 16 x 16 space with digit boards, as clear_peers_boards
 * does it at 9 x 9: the peers holding the digit are its board and c's
 * peers as a board, in the list's order (it is sorted, and a board's bits
 * go by cell); the digit leaves the board in one store a word, each peer
 * is narrowed as rg_space_narrow would (the same counters, marks, stack
 * and queue, in the same order), and the propagators are woken in a
 * second pass over the cells that have any (bwatch16). Its walk is
 * board16_walk; the two share a peer's failure (peer_emptied). */
static inline int clear_peers_boards16(rg_solver *s, rg_mask *dom, int c, rg_mask bit)
{
    if (!bit) return 0;
    struct rg_space_boards16 *B = rg_space_boards16_of(s, dom);
    uint64_t *on = B->d[__builtin_ctz(bit)], h[4], fix[4] = {0, 0, 0, 0};
    const uint64_t *pb = s->bpeers16[c];
    for (int w = 0; w < 4; w++) {
        h[w] = on[w] & pb[w];
        on[w] &= ~h[w];
    }
    if (!(h[0] | h[1] | h[2] | h[3])) return 0;
    s->hlost |= bit;
    int nn = s->nnaked, rc = 0, e;
    uint64_t pruned = s->dirty_bits ? board16_walk(s, dom, h, bit, 1, &nn, fix, &e)
                                    : board16_walk(s, dom, h, bit, 0, &nn, fix, &e);
    if (e >= 0) {
        B->valid = 0; /* (a failed space) */
        rc = peer_emptied(s, dom, e, c);
        goto done;
    }
    for (int w = 0; w < 4; w++) {
        B->solved[w] |= fix[w];
        for (uint64_t x = h[w] & s->bwatch16[w]; x; x &= x - 1) {
            int at = __builtin_ctzll(x), p = 64 * w + at;
            rg_space_notify(s, p, (int)(fix[w] >> at & 1), dom[p], bit);
        }
    }
done:
    s->nnaked = nn;
    s->st.family_prunings[RG_FAM_PEERS] += pruned;
    return rc;
}

/* The houses' deductions with digit boards (bands.h), in the unit scans'
 * order: hidden singles of the rows, columns and boxes over the digits
 * lost since they last looked (those looked at now are owed to locked
 * candidates), then those of the other units scanned; locked candidates on
 * the boards, then the changed units scanned for the groups the boards
 * leave and, with must-differ pairs beyond the houses, the "every place
 * sees it" step. RG_FAIL, 0 (fixpoint) or 1 (changed: the naked singles
 * and propagators come first again). */
static int bands(rg_solver *s, rg_mask *dom)
{
    int r;
    if (s->hlost) {
        rg_mask digits = s->hlost;
        s->hlost = 0;
        s->llost |= digits;
        if ((r = rg_bands_singles(s, dom, digits)) != 0) return r;
    }
    if (s->ncstack) rg_units_flush(s);
    if (s->nustack[0] && (r = rg_units_singles(s, dom)) != 0) return r;
    if (!s->band_inter) return 0;
    if (s->llost) {
        rg_mask digits = s->llost;
        s->llost = 0;
        if ((r = rg_bands_locked(s, dom, digits)) != 0) return r;
    }
    /* (nothing narrowed since the flush above: the stacks are current) */
    return s->nustack[1] ? rg_units_intersections(s, dom) : 0;
}

/* With the digit boards on, before a propagator of the dearest class
 * (global: a killer's derived sums): have cells lost digits since the
 * deductions (bands) last looked? Then they go first. A hidden single or
 * locked candidate costs a few word operations, where a global run costs
 * hundreds of instructions and is woken again by whatever the deductions
 * then find (docs/bench.md, "Deductions before the dearest propagators"). */
static inline int bands_due(const rg_solver *s)
{
    rg_mask lost = s->hlost | (rg_mask)s->ncstack | (rg_mask)s->nustack[0];
    if (s->band_inter) lost |= s->llost | (rg_mask)s->nustack[1];
    return lost != 0;
}

/* After a failure: drop what is queued and dirty. Returns RG_FAIL. */
int rg_propagate_abandon(rg_solver *s)
{
    rg_queue_clear(s);
    rg_units_clear_dirty(s);
    /* (Not in rg_units_clear_dirty: a run's start fills them all.) */
    memset(s->ulost, 0, ((size_t)s->m->nunits + 1) * sizeof *s->ulost);
    s->failed = 0;
    return RG_FAIL;
}

/* A space's digit boards read from its domains where they are not valid
 * (a root set up from the model, a space written directly). */
static inline void boards_ready(rg_solver *s, rg_mask *dom)
{
    if (s->bboards) {
        if (!rg_space_boards_of(s, dom)->valid) rg_bands_read(s, dom);
    } else if (s->bboards16 && !rg_space_boards16_of(s, dom)->valid) {
        rg_bands16_read(s, dom);
    }
}

/* A root's dearest propagators, held back until the queue is empty
 * (solver.c root): queued now, in the order and at the point where they
 * would have run had they been queued from the start, since the cheaper
 * classes and the deductions come before them either way. From here on a
 * change wakes them too. */
static void release_globals(rg_solver *s)
{
    s->watch_end = s->watch_all;
    rg_queue_all(s, RG_QUEUE_GLOBAL);
}

/* The deductions over the units marked since they last ran (where the
 * boards do not cover them), the cheapest first: RG_FAIL, 1 when one
 * narrowed something (the rest wait for the next pass), else 0. */
static inline int units_step(rg_solver *s, rg_mask *dom)
{
    int r;
    if (s->ncstack) rg_units_flush(s);
    if (s->nustack[0] && (r = rg_units_singles(s, dom)) != 0) return r;
    if (s->nustack[1] && (r = rg_units_intersections(s, dom)) != 0) return r;
    if (s->nustack[2] && (r = rg_units_subsets(s, dom)) != 0) return r;
    return 0;
}

int rg_propagate(rg_solver *s, unsigned char *space)
{
    rg_mask *dom = (rg_mask *)space;
    s->inactive = (uint32_t *)(space + s->inactive_off);
    boards_ready(s, dom);
    for (;;) {
        while (s->nnaked) {
            int c = s->naked[--s->nnaked];
            rg_mask bit = dom[c];
            s->st.family_calls[RG_FAM_PEERS]++;
            s->placed++;
            if ((s->bboards     ? clear_peers_boards(s, dom, c, bit)
                 : s->bboards16 ? clear_peers_boards16(s, dom, c, bit)
                                : clear_peers(s, dom, c, bit)) < 0)
                goto fail;
        }
        if (s->placed == s->stop_at) {
            /* Every cell placed at a solve's root, the houses kept (the
             * naked singles have left their peers): what is still queued
             * would only confirm the rules, or refute them, on a full
             * assignment, which the search's solution check decides (every
             * rule's check; search.c accept). On a puzzle solved at the root
             * that was most of the root's work: a killer's derived sums, one
             * run each (docs/bench.md, "A root that places every cell"). */
            rg_propagate_abandon(s);
            return 0;
        }
        int r;
        if (s->queued_total) {
            int k = cheapest_class(s);
            if (k == RG_COST_GLOBAL && s->band_global && bands_due(s)) {
                /* (0: nothing narrowed, so the queue is as it was) */
                if ((r = bands(s, dom)) < 0) goto fail;
                if (r) continue;
            }
            if (run_one(s, space, k) < 0) goto fail;
            continue;
        }
        if (rg_globals_held(s)) {
            release_globals(s);
            continue;
        }
        if (s->band_on) {
            if ((r = bands(s, dom)) < 0) goto fail;
            if (r) continue;
            return 0;
        }
        if ((r = units_step(s, dom)) < 0) goto fail;
        if (r) continue;
        return 0;
    }
fail:
    return rg_propagate_abandon(s);
}

/* Naked single c (holding bit) leaves its peers at a root (root_singles):
 * by the peer list, a test per peer. New singles go on naked[*n]; the cell
 * emptied, or -1. */
static inline int root_peers_list(rg_solver *s, rg_mask *dom, int c, rg_mask bit, int *naked,
                                  int *n, uint64_t *pruned)
{
    const rg_model *m = s->m;
    for (int k = m->peer_off[c], end = m->peer_off[c + 1]; k < end; k++) {
        int p = m->peers[k];
        rg_mask x = dom[p];
        if (!(x & bit)) continue;
        x &= ~bit;
        dom[p] = x;
        ++*pruned;
        if (x & (x - 1)) continue;
        if (!x) return p;
        naked[(*n)++] = p;
    }
    return -1;
}

/* root_peers_list on a 9 x 9 space with digit boards: the peers holding the
 * digit are its board and c's peers as a board, in the peer list's order
 * (bands 0 and 1 as one word), and the digit leaves the board at once: no
 * test per peer (which hold the digit is hard to predict). */
static inline int root_peers_boards(rg_solver *s, rg_mask *dom, int c, rg_mask bit, int *naked,
                                    int *n, uint64_t *pruned)
{
    struct rg_space_boards *B = rg_space_boards_of(s, dom);
    uint64_t lo, hi, fix_lo = 0, fix_hi = 0;
    board_holders(s, B, c, bit, &lo, &hi);
    int nn = *n;
    for (int half = 0; half < 2; half++) {
        for (uint64_t h = half ? hi : lo; h; h &= h - 1) {
            int at = __builtin_ctzll(h), p = half ? RG_BOARD_BAND2 + at : at;
            rg_mask x = dom[p] & ~bit;
            dom[p] = x;
            ++*pruned;
            if (!x) {
                *n = nn;
                B->valid = 0; /* (a failed space) */
                return p;
            }
            const uint64_t fixed = !(x & (x - 1));
            naked[nn] = p;
            nn += (int)fixed;
            if (half)
                fix_hi |= fixed << at;
            else
                fix_lo |= fixed << at;
        }
    }
    *n = nn;
    board_placed(B, fix_lo, fix_hi);
    return -1;
}

/* The naked singles a root starts from (the givens and the cells they fix,
 * one by one as rg_propagate takes them), taken while every unit is still
 * dirty for every digit and every active propagator still queued: a
 * narrowing there would mark and queue nothing new and note no change (the
 * lists are unknown), so only the domains (and boards), the naked stack and
 * the counters change. The same prunings in the same order as
 * rg_propagate's loop. RG_FAIL (abandoned as rg_propagate does) or 0. */
static int root_singles(rg_solver *s, rg_mask *dom)
{
    const int boards = s->bboards;
    if (boards && !rg_space_boards_of(s, dom)->valid) rg_bands_read(s, dom);
    int *naked = s->naked, n = s->nnaked, failed = -1, c = -1;
    uint64_t calls = 0, pruned = 0;
    while (n && failed < 0) {
        c = naked[--n];
        rg_mask bit = dom[c];
        calls++;
        failed = boards ? root_peers_boards(s, dom, c, bit, naked, &n, &pruned)
                        : root_peers_list(s, dom, c, bit, naked, &n, &pruned);
    }
    s->nnaked = n;
    /* (the list's way writes the domains alone: a 16 x 16 space's boards
     * are read again where its propagation starts) */
    if (s->bboards16) rg_space_boards16_of(s, dom)->valid = 0;
    s->placed += (int)calls;
    s->st.family_calls[RG_FAM_PEERS] += calls;
    s->st.family_prunings[RG_FAM_PEERS] += pruned;
    if (failed < 0) return 0;
    if (s->wdeg) {
        s->wdeg[failed] += 2;
        s->wdeg[c] += 2;
    }
    return rg_propagate_abandon(s);
}

int rg_propagate_root(rg_solver *s, unsigned char *space)
{
    if (root_singles(s, (rg_mask *)space) < 0) return RG_FAIL;
    return rg_propagate(s, space);
}

/* Place bit in cell c of space and propagate as the level says. */
int rg_propagate_assign(rg_solver *s, unsigned char *space, int c, rg_mask bit)
{
    if (!s->cascade) return rg_plain_assign(s, space, c, bit);
    rg_mask *dom = (rg_mask *)space;
    if (!(dom[c] & bit)) return RG_FAIL;
    if (dom[c] != bit) {
        rg_mask old = dom[c];
        s->inactive = (uint32_t *)(space + s->inactive_off);
        rg_space_narrow(s, dom, c, bit, RG_FAM_PEERS);
        /* a guess, not a pruning */
        s->st.family_prunings[RG_FAM_PEERS] -= (uint64_t)rg_popcount(old ^ bit);
    }
    return rg_propagate(s, space);
}
