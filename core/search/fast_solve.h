/* The deductions and the search of the classic fast path (fast.c), built
 * once per instruction set: fast.c includes this file for the baseline of
 * the target (names ending in _base) and, on x86-64, fast_avx2.c includes
 * it again compiled for AVX2 (names ending in _avx2), where the
 * three-operand vector forms and vptest take about a sixth of the
 * instructions away. FAST_NAME(f) names the variant. No include guard:
 * one inclusion per translation unit. */
#include "search/fast.h"
#include "search/fast_state.h"
#include "search/limits.h"
#include "search/values.h"

#ifndef FAST_NAME
#error "fast_solve.h needs FAST_NAME"
#endif

int FAST_NAME(rg_fast_root)(rg_solver *s, const rg_puzzle *p, const rg_mask *start);
void FAST_NAME(rg_fast_search)(rg_solver *s, rg_result *r);

/* ---- failures: the cells blamed gain weight (domwdeg) --------------------- */

static void blame(struct rg_fast *f, int cell)
{
    uint32_t w = ++f->weight[cell];
    if (w > f->maxw) f->maxw = w;
}

/* Every cell of band b's word mask gains weight. */
static void blame_mask(struct rg_fast *f, int b, uint32_t mask)
{
    while (mask) {
        blame(f, b * 27 + __builtin_ctz(mask));
        mask &= mask - 1;
    }
}

/* Digit d has no place left in some house: every cell of the first such
 * row, column or box gains weight. */
static void blame_house(struct rg_fast *f, const fstate *x, int d)
{
    uint32_t any = x->c[d][0] | x->c[d][1] | x->c[d][2];
    for (int b = 0; b < 3; b++)
        for (int k = 0; k < 3; k++) {
            if (!(x->c[d][b] & (ROW0 << 9 * k))) return blame_mask(f, b, ROW0 << 9 * k);
            if (!(x->c[d][b] & (BOX0 << 3 * k))) return blame_mask(f, b, BOX0 << 3 * k);
        }
    for (int col = 0; col < 9; col++)
        if (!(any & (COL0 << col)))
            for (int b = 0; b < 3; b++) blame_mask(f, b, COL0 << col);
}

/* ---- deductions ------------------------------------------------------------ */

/* The cells of the rows, columns and boxes of the n cells at (per band),
 * at's own cells left out: the union of their peers, when no two of them
 * are peers. Are two of them peers (a row, column or box holds two)? Each
 * house holds at most one of them when there are as many rows, as many
 * columns and as many boxes as cells. No branch, whatever the cells (a
 * loop over the cells' peer masks mispredicts; one cell is the common
 * case, but a branch for it mispredicts too). */
static inline v4u peers_of_cells(v4u at, uint64_t n, int *clash)
{
    v4u m1 = ONE_OF_THREE(at, 1, MINIROWS);
    v4u r1 = ONE_OF_THREE(m1, 3, COL0), b1 = ONE_OF_THREE(m1, 9, 0x49u);
    v4u f1 = ONE_OF_THREE(at, 9, ROW0); /* the columns of each band */
    v4u c1 = f1 | __builtin_shufflevector(f1, f1, 1, 2, 0, 3) |
             __builtin_shufflevector(f1, f1, 2, 0, 1, 3); /* of all three, in each */
    v4u box3 = (b1 << 3) - b1;
    v4u houses = ((r1 << 9) - r1) | box3 | box3 << 9 | box3 << 18 | c1 | c1 << 9 | c1 << 18;
    /* A clash when some row, box or column holds two of the cells: fewer
     * houses than cells. Bits, not a logical or: no branch. */
    *clash = (int)((unsigned)(n != vcount(r1)) | (unsigned)(n != vcount(b1)) |
                   (unsigned)(n != (uint64_t)__builtin_popcount(c1[0])));
    return houses & ~at;
}

/* Place digit d in the cells at (per band; they hold d and are open):
 * each leaves its other digits (counted under fam, or not at all when fam
 * < 0: a guess) unless bare (naked singles hold d alone), and d leaves
 * their peers (counted under peers). RG_FAIL when two of them are peers.
 * Bare, the caller marks the cells placed and the digit changed (naked
 * singles do it once for every digit). */
static inline __attribute__((always_inline)) int place(rg_solver *s, fstate *x, int d, v4u at,
                                                       int fam, int bare)
{
    struct rg_fast *f = s->fast;
    int clash;
    uint64_t cells = vcount(at);
    v4u gone = peers_of_cells(at, cells, &clash);
    s->st.family_calls[RG_FAM_PEERS] += cells;
    if (clash) {
        /* the cells that see another one */
        v4u seen = at ^ at;
        for (int b = 0; b < 3; b++)
            for (uint32_t m = at[b]; m; m &= m - 1)
                seen |= vload(f->peers[b * 32 + __builtin_ctz(m)]);
        for (int b = 0; b < 3; b++) blame_mask(f, b, seen[b] & at[b]);
        return RG_FAIL;
    }
    unsigned had = 1u << d;
    if (!bare) {
        /* every other digit leaves the cells (a plain store where it had
         * none: no branch per digit), counted where it had some */
        uint64_t others = 0;
        for (int e = 0; e < 9; e++) {
            if (e == d) continue;
            v4u v = vload(x->c[e]), w = v & at;
            uint64_t n = vcount(w);
            had |= (unsigned)(n != 0) << e;
            others += n;
            vstore(x->c[e], v & ~at);
        }
        if (fam >= 0) s->st.family_prunings[fam] += others;
    }
    v4u v = vload(x->c[d]);
    s->st.family_prunings[RG_FAM_PEERS] += vcount(v & gone);
    vstore(x->c[d], v & ~gone);
    if (!bare) {
        vstore(x->solved, vload(x->solved) | at);
        f->hdirty |= had;
        f->ldirty |= had;
    }
    return 0;
}

/* Place digit d in the one open cell (bit at of band b) that holds it, as place() with
 * bare 0 (a single cell cannot clash). had: the cell's digits, or 0 when
 * the caller does not know them. */
static inline void place_cell(rg_solver *s, fstate *x, int d, int b, int at, int fam, unsigned had)
{
    struct rg_fast *f = s->fast;
    /* the cell's bit in lane b (a compare, not a store to one lane: that
     * would stall the load of the vector behind it) */
    const v4u lane = {0, 1, 2, 3};
    v4u bit = (v4u)(lane == (uint32_t)b) & (1u << at);
    /* the cell's digits, then every digit leaves it and d comes back */
    if (!had)
        for (int e = 0; e < 9; e++) had |= (x->c[e][b] >> at & 1u) << e;
    for (int e = 0; e < 9; e++) vstore(x->c[e], vload(x->c[e]) & ~bit);
    vstore(x->solved, vload(x->solved) | bit);
    v4u p = vload(f->peers[b * 32 + at]), v = vload(x->c[d]);
    s->st.family_prunings[RG_FAM_PEERS] += vcount(v & p);
    vstore(x->c[d], (v & ~p) | bit);
    f->hdirty |= had;
    f->ldirty |= had;
    s->st.family_calls[RG_FAM_PEERS]++;
    if (fam >= 0) s->st.family_prunings[fam] += (uint64_t)rg_popcount(had) - 1;
}

/* Naked singles until none is left. RG_FAIL at an empty cell. */
static int naked(rg_solver *s, fstate *x)
{
    for (;;) {
        v4u once = {0, 0, 0, 0}, twice = once;
        for (int d = 0; d < 9; d++) {
            v4u v = vload(x->c[d]);
            twice |= once & v;
            once |= v;
        }
        v4u open = ~vload(x->solved) & BAND;
        if (vany(open & ~once)) {
            /* the empty cells of the first band that has some */
            int b = open[0] & ~once[0] ? 0 : open[1] & ~once[1] ? 1 : 2;
            blame_mask(s->fast, b, open[b] & ~once[b]);
            return RG_FAIL;
        }
        v4u single = open & ~twice;
        if (!vany(single)) return 0;
        /* the digits with singles, as a mask first (no branch per digit);
         * placing one digit's bare singles leaves the other boards alone */
        unsigned has = 0;
        for (int d = 0; d < 9; d++) has |= (unsigned)vany(single & vload(x->c[d])) << d;
        /* all of them placed at once (after a failure the state is dropped) */
        vstore(x->solved, vload(x->solved) | single);
        s->fast->hdirty |= has;
        s->fast->ldirty |= has;
        for (; has; has &= has - 1) {
            int d = __builtin_ctz(has);
            if (place(s, x, d, single & vload(x->c[d]), -1, 1) < 0) return RG_FAIL;
        }
    }
}

/* Hidden singles of digit d: the open cells, per band, to at. RG_FAIL
 * when a house has lost d. */
static int hidden_digit(const fstate *x, int d, v4u *at)
{
    v4u w = vload(x->c[d]), cells, bad;
    HIDDEN_CELLS(v4u, w, __builtin_shufflevector(w, w, 1, 2, 0, 3),
                 __builtin_shufflevector(w, w, 2, 0, 1, 3), cells, bad);
    if (vany(bad)) return RG_FAIL;
    *at = w & ~vload(x->solved) & cells;
    return 0;
}

/* Hidden singles of digits d and e at once (one AVX2 vector, or two of
 * the baseline): their open cells to at_d and at_e. Bit 0 set when a
 * house has lost d, bit 1 when one has lost e. */
static int hidden_two(const fstate *x, int d, int e, v4u *at_d, v4u *at_e)
{
    v4u wd = vload(x->c[d]), we = vload(x->c[e]), open = ~vload(x->solved);
    v8u w = __builtin_shufflevector(wd, we, 0, 1, 2, 3, 4, 5, 6, 7), cells, bad;
    HIDDEN_CELLS(v8u, w, __builtin_shufflevector(w, w, 1, 2, 0, 3, 5, 6, 4, 7),
                 __builtin_shufflevector(w, w, 2, 0, 1, 3, 6, 4, 5, 7), cells, bad);
    v8u at = w & cells & __builtin_shufflevector(open, open, 0, 1, 2, 3, 0, 1, 2, 3);
    *at_d = __builtin_shufflevector(at, at, 0, 1, 2, 3);
    *at_e = __builtin_shufflevector(at, at, 4, 5, 6, 7);
    return vany(__builtin_shufflevector(bad, bad, 0, 1, 2, 3)) |
           vany(__builtin_shufflevector(bad, bad, 4, 5, 6, 7)) << 1;
}

/* Place digit d in its hidden singles found (open cells that hold it).
 * RG_FAIL at a clash. */
static inline int place_hidden(rg_solver *s, fstate *x, int d, v4u found)
{
    uint64_t h[2];
    memcpy(h, &found, sizeof h);
    if (__builtin_popcountll(h[0]) + __builtin_popcountll(h[1]) == 1) {
        int p = h[0] ? __builtin_ctzll(h[0]) : 64 + __builtin_ctzll(h[1]);
        place_cell(s, x, d, p >> 5, p & 31, RG_FAM_SINGLES, 0);
        return 0;
    }
    return place(s, x, d, found, RG_FAM_SINGLES, 0);
}

/* One pass of hidden singles over the digits changed, lowest first (a
 * call of the singles family when there is any): *placed set when a
 * digit was placed. RG_FAIL at a house that lost a digit or a clash. The
 * two lowest changed digits are looked at together; the second one's
 * singles are placed only when placing the first one's changed no digit
 * up to it (else it is looked at again, in its turn), so the order of
 * placements and failures is that of one digit at a time. */
static int hidden(rg_solver *s, fstate *x, int *placed)
{
    struct rg_fast *f = s->fast;
    if (f->hdirty) s->st.family_calls[RG_FAM_SINGLES]++;
    while (f->hdirty) {
        int d = __builtin_ctz(f->hdirty);
        f->hdirty &= f->hdirty - 1;
        v4u found, found_e;
        if (!f->hdirty) {
            if (hidden_digit(x, d, &found) < 0) {
                blame_house(f, x, d);
                return RG_FAIL;
            }
            if (!vany(found)) continue;
            *placed = 1;
            if (place_hidden(s, x, d, found) < 0) return RG_FAIL;
            continue;
        }
        int e = __builtin_ctz(f->hdirty);
        f->hdirty &= f->hdirty - 1;
        int bad = hidden_two(x, d, e, &found, &found_e);
        if (bad & 1) {
            blame_house(f, x, d);
            return RG_FAIL;
        }
        if (vany(found)) {
            *placed = 1;
            if (place_hidden(s, x, d, found) < 0) return RG_FAIL;
            if (f->hdirty & ((2u << e) - 1)) {
                f->hdirty |= 1u << e; /* e, or a digit before it, changed */
                continue;
            }
        }
        if (bad & 2) {
            blame_house(f, x, e);
            return RG_FAIL;
        }
        if (!vany(found_e)) continue;
        *placed = 1;
        if (place_hidden(s, x, e, found_e) < 0) return RG_FAIL;
    }
    return 0;
}

/* One pass of locked candidates over the digits changed (a call of the
 * intersections family when there is any): *changed set when a digit left
 * a cell. */
static void locked(rg_solver *s, fstate *x, int *changed)
{
    struct rg_fast *f = s->fast;
    if (f->ldirty) s->st.family_calls[RG_FAM_INTERSECTIONS]++;
    while (f->ldirty) {
        int d = __builtin_ctz(f->ldirty);
        f->ldirty &= f->ldirty - 1;
        v4u u = vload(x->c[d]) & ~vload(x->solved);
        if (!vany(u)) continue;
        v4u gone = u & rg_band_locked(f->tab, u);
        if (!vany(gone)) continue;
        s->st.family_prunings[RG_FAM_INTERSECTIONS] += vcount(gone);
        vstore(x->c[d], vload(x->c[d]) & ~gone);
        f->hdirty |= 1u << d;
        f->ldirty |= 1u << d;
        *changed = 1;
    }
}

/* Every deduction of the level, to a fixpoint. 0 or RG_FAIL. */
static int propagate(rg_solver *s, fstate *x)
{
    for (;;) {
        int changed = 0;
        if (naked(s, x) < 0 || hidden(s, x, &changed) < 0) return RG_FAIL;
        if (changed) continue;
        if (!s->fast->inter) return 0;
        locked(s, x, &changed);
        if (!changed) return 0;
    }
}

/* ---- the search ------------------------------------------------------------ */

int FAST_NAME(rg_fast_root)(rg_solver *s, const rg_puzzle *p, const rg_mask *start)
{
    struct rg_fast *f = s->fast;
    const rg_model *m = s->m;
    f->used = 1;
    f->inter = (s->ded & RG_DEDUCE_INTERSECTIONS) != 0;
    for (int c = 0; c < 81; c++) f->weight[c] = 1;
    f->maxw = 1;
    fstate *x = &f->stack[0];
    for (int d = 0; d < 9; d++) x->c[d][0] = x->c[d][1] = x->c[d][2] = x->c[d][3] = BAND;
    x->solved[0] = x->solved[1] = x->solved[2] = 0;
    x->solved[3] = BAND;
    f->hdirty = 0x1FFu;
    f->ldirty = 0x1FFu;
    if (!start) {
        /* the root domains (allow[], an empty one seen by prepare) with
         * the givens placed: per digit, the cells given it and the cells
         * given any */
        if (f->root_empty) return RG_FAIL;
        uint32_t gd[9][4];
        memset(gd, 0, sizeof gd);
        for (int b = 0, c = 0; b < 3; b++)
            for (int i = 0; i < 27; i++, c++) {
                unsigned g = (unsigned)p->givens[c];
                if (g > 9) return RG_FAIL;
                if (g) gd[g - 1][b] |= 1u << i;
            }
        v4u given = {0, 0, 0, 0}, bad = given;
        for (int d = 0; d < 9; d++) {
            v4u g = vload(gd[d]);
            given |= g;
            bad |= g & ~vload(f->allow[d]);
        }
        if (vany(bad)) return RG_FAIL;
        for (int d = 0; d < 9; d++) vstore(x->c[d], (vload(f->allow[d]) & ~given) | vload(gd[d]));
        return propagate(s, x);
    }
    for (int c = 0; c < 81; c++) {
        rg_mask dm = m->root[c] & start[c];
        if (p->givens[c]) {
            rg_mask bit = 1u << (p->givens[c] - 1);
            if (!(dm & bit)) return RG_FAIL;
            dm = bit;
        }
        if (!dm) return RG_FAIL;
        for (rg_mask out = ~dm & 0x1FFu; out; out &= out - 1)
            x->c[__builtin_ctz(out)][c / 27] &= ~(1u << (c % 27));
    }
    return propagate(s, x);
}

/* Cells of band b whose candidate count is k, from the bit planes pl[]. */
static inline uint32_t count_is(const uint32_t *pl, uint32_t open, int k)
{
    uint32_t m = open;
    for (int i = 0; i < 4; i++) m &= (k >> i) & 1 ? pl[i] : ~pl[i];
    return m;
}

/* The cell to branch on, -1 when every cell is placed. mrv: the first cell
 * (in reading order) with fewest candidates. domwdeg: the smallest
 * candidates / weight, the first cell in reading order among equals. */
static int select_cell(rg_solver *s, const fstate *x)
{
    const struct rg_fast *f = s->fast;
    uint32_t open[4], pl[3][4];
    v4u vopen = ~vload(x->solved) & BAND, p0 = vopen ^ vopen, p1 = p0, p2 = p0, p3 = p0;
    for (int d = 0; d < 9; d++) {
        v4u v = vload(x->c[d]) & vopen, c0 = p0 & v, c1, c2;
        p0 ^= v;
        c1 = p1 & c0;
        p1 ^= c0;
        c2 = p2 & c1;
        p2 ^= c1;
        p3 |= c2;
    }
    vstore(open, vopen);
    for (int b = 0; b < 3; b++)
        pl[b][0] = p0[b], pl[b][1] = p1[b], pl[b][2] = p2[b], pl[b][3] = p3[b];
    if (!(open[0] | open[1] | open[2])) return -1;
    if (s->o.heuristic == RG_HEURISTIC_MRV)
        for (int k = 2; k <= 9; k++)
            for (int b = 0; b < 3; b++) {
                uint32_t m = count_is(pl[b], open[b], k);
                if (m) return b * 27 + __builtin_ctz(m);
            }
    /* domwdeg: per count k, the heaviest cell of k candidates (the first
     * in reading order among equals), then the smallest k / weight over
     * the counts, the first cell among equal scores */
    int best = -1;
    uint64_t bk = 0, bw = 1; /* the best score bk / bw */
    /* unrolled: count_is with a constant k is four masks a band */
#pragma GCC unroll 8
    for (int k = 2; k <= 9; k++) {
        /* k / maxw is the best score a cell of k candidates can have */
        if (best >= 0 && (uint64_t)k * bw > bk * f->maxw) break;
        /* the largest key weight * 128 + (127 - cell), by masks rather
         * than a branch (weights vary from cell to cell: it would
         * mispredict) */
        uint64_t key = 0;
        for (int b = 0; b < 3; b++)
            for (uint32_t m = count_is(pl[b], open[b], k); m; m &= m - 1) {
                int c = b * 27 + __builtin_ctz(m);
                uint64_t kc = (uint64_t)f->weight[c] << 7 | (uint64_t)(127 - c);
                key ^= (key ^ kc) & -(uint64_t)(kc > key);
            }
        if (!key) continue;
        int ck = 127 - (int)(key & 127);
        uint64_t wk = key >> 7;
        uint64_t lhs = (uint64_t)k * bw, rhs = bk * wk;
        if (best < 0 || lhs < rhs || (lhs == rhs && ck < best)) {
            best = ck;
            bk = (uint64_t)k;
            bw = wk;
        }
    }
    return best;
}

/* Is the full board x a solution of the model? For an eligible model (its
 * houses inside rows, columns and boxes, all 27 of them there, its
 * must-differ pairs between peers, no propagator) this is what
 * rg_check_values answers, from the digit boards: every digit stays in
 * the cells its root domains allow and is in every row, column and box,
 * and the boards hold 81 cells in all and cover the grid (so each digit
 * has nine cells, one per row, column and box, and no cell two digits). */
static int board_valid(const struct rg_fast *f, const fstate *x)
{
    const v4u lanes = {BAND, BAND, BAND, 0};
    v4u bad = lanes ^ lanes, cover = bad;
    uint64_t cells = 0;
    for (int d = 0; d < 9; d++) {
        v4u w = vload(x->c[d]) & lanes, cellsd, lost;
        HIDDEN_CELLS(v4u, w, __builtin_shufflevector(w, w, 1, 2, 0, 3),
                     __builtin_shufflevector(w, w, 2, 0, 1, 3), cellsd, lost);
        (void)cellsd;
        bad |= (lost & lanes) | (w & ~vload(f->allow[d]));
        cover |= w;
        cells += vcount(w);
    }
    return !vany(bad | (cover ^ lanes)) && cells == 81;
}

/* A complete board: counted; the first is copied to s->sol and checked
 * against the model's rules. 1 when the limit is reached. */
static int found(rg_solver *s, const fstate *x, rg_result *r)
{
    if (r->solutions == 0) {
        if (!board_valid(s->fast, x)) {
            s->st.failures++;
            return 0;
        }
        /* a valid board has each digit once in each row: three cells a
         * band */
        for (int d = 0; d < 9; d++)
            for (int b = 0; b < 3; b++) {
                uint32_t m = x->c[d][b];
                int *row = s->sol + 27 * b;
                row[__builtin_ctz(m)] = d + 1;
                m &= m - 1;
                row[__builtin_ctz(m)] = d + 1;
                m &= m - 1;
                row[__builtin_ctz(m)] = d + 1;
            }
    }
    return ++r->solutions >= s->o.limit;
}

void FAST_NAME(rg_fast_search)(rg_solver *s, rg_result *r)
{
    struct rg_fast *f = s->fast;
    int d = 0;
    for (;;) {
        int c = select_cell(s, &f->stack[d]);
        if (c < 0) {
            if (found(s, &f->stack[d], r)) return;
            goto backtrack;
        }
        f->frames[d].cell = c;
        f->frames[d].left = f->frames[d].digits = cell_digits(&f->stack[d], c);
    try_next:
        while (f->frames[d].left) {
            if (rg_limits_node(s)) return;
            fframe *fr = &f->frames[d];
            rg_mask v = rg_values_pick(s, fr->left);
            fr->left &= ~v;
            /* the last digit of the cell is tried in place: the state at
             * depth d is not needed again, and its frame is done */
            int next = d + (fr->left != 0);
            if (next != d) f->stack[next] = f->stack[d];
            f->hdirty = f->ldirty = 0;
            s->st.nodes++;
            s->st.guesses++; /* every open cell has two or more candidates */
            place_cell(s, &f->stack[next], __builtin_ctz(v), fr->cell / 27, fr->cell % 27, -1,
                       fr->digits);
            if (propagate(s, &f->stack[next]) == 0) {
                d = next;
                goto descend;
            }
            s->st.failures++;
        }
    backtrack:
        if (d == 0) return;
        d--;
        goto try_next;
    descend:;
    }
}
