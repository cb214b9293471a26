/* The classic fast path (fast.h): a 9x9 board held as nine candidate
 * bitboards, one per digit, each three 27-bit band words (bit 9r + c of
 * band b is row 3b + r, column c) in a vector of four lanes, and a board
 * of placed cells. Naked singles come from once/twice accumulators over
 * the digits, hidden singles from each digit's board (its three bands at
 * once) and locked candidates from tables indexed by a band's minirows
 * and columns. The deductions are those of the general path's singles
 * and intersections levels, run to the same fixpoint; only the order and
 * the bookkeeping differ. */
#include <string.h>

#include "base/mask.h"
#include "base/mem.h"
#include "model/check.h"
#include "search/fast.h"
#include "search/limits.h"
#include "search/values.h"

#define BAND     0x7FFFFFFu /* the 27 cells of a band */
#define ROW0     0x1FFu     /* row 0 of a band */
#define BOX0     0x1C0E07u  /* box 0 of a band */
#define COL0     0x40201u   /* column 0 of a band */
#define MINIROWS 0x1249249u /* bit 9r + 3k: the first cell of row r in box k */

/* Four 32-bit lanes (GCC and Clang vector extensions: SSE2 on x86-64,
 * NEON on ARM, plain words elsewhere): the three bands of a board and a
 * fourth lane, full in every digit board and in the placed cells, so that
 * it holds no open cell, no single and no failure. */
typedef uint32_t v4u __attribute__((vector_size(16)));

typedef struct fstate {
    _Alignas(16) uint32_t c[9][4]; /* per digit, per band: the cells that may hold it */
    uint32_t solved[4];            /* placed cells (they keep only their digit) */
} fstate;

static inline v4u vload(const uint32_t *w)
{
    v4u v;
    memcpy(&v, w, sizeof v);
    return v;
}

static inline void vstore(uint32_t *w, v4u v) { memcpy(w, &v, sizeof v); }

/* Is some lane of v not zero? */
static inline int vany(v4u v)
{
    uint64_t h[2];
    memcpy(h, &v, sizeof h);
    return (h[0] | h[1]) != 0;
}

typedef struct fframe {
    int cell;
    rg_mask left; /* digits still to try */
} fframe;

struct rg_fast {
    uint32_t peers[81][3]; /* per cell, its 20 peers */
    /* Locked candidates by table, per 9-bit index of one band (bit 3r + k:
     * the digit is in the minirow of row r and box k): the cells of the
     * band it leaves (pointing and claiming along rows). Per 9-bit column
     * mask of one band: the columns where a box of the band holds it in
     * that column alone (pointing: it leaves the column in the other
     * bands), and the cells of the band it leaves when those columns hold
     * it in this band only (claiming). */
    uint32_t rowkill[512];
    uint16_t colpoint[512];
    uint32_t colclaim[512];
    uint32_t weight[81]; /* domwdeg: failures blamed on the cell, + 1 */
    uint32_t maxw;
    /* The digits whose board changed since hidden singles (hdirty) and
     * locked candidates (ldirty) last looked at them in this propagation. */
    unsigned hdirty, ldirty;
    int inter;        /* locked candidates (intersections level) */
    int used;         /* the last rg_solve ran here */
    fstate stack[83]; /* depth 0 is the root */
    fframe frames[82];
};

static inline int lone(uint32_t w) { return w && !(w & (w - 1)); }

static int same_box(int a, int b) { return a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3; }

static int peers_of(int a, int b) { return a / 9 == b / 9 || a % 9 == b % 9 || same_box(a, b); }

/* The standard house (rows 0-8, columns 9-17, boxes 18-26) holding every
 * cell of h, -1 when none does. */
static int house_of(const rg_house *h)
{
    if (h->n < 1) return -1;
    int c0 = h->cells[0], row = 1, col = 1, box = 1;
    for (int k = 1; k < h->n; k++) {
        int c = h->cells[k];
        row &= c / 9 == c0 / 9;
        col &= c % 9 == c0 % 9;
        box &= same_box(c, c0);
    }
    if (row) return c0 / 9;
    if (col) return 9 + c0 % 9;
    if (box) return 18 + c0 / 27 * 3 + c0 % 9 / 3;
    return -1;
}

int rg_fast_eligible(const rg_model *m)
{
    const rg_board *b = &m->board;
    if (b->rows != 9 || b->cols != 9 || b->digits != 9 || b->ncells != 81) return 0;
    if (m->nprops || m->infeasible_rule >= 0) return 0;
    for (int c = 0; c < 81; c++)
        if (b->at[c] != c) return 0;
    uint32_t whole = 0;
    for (int i = 0; i < m->nhouses; i++) {
        int h = house_of(&m->houses[i]);
        if (h < 0) return 0;
        if (m->houses[i].n == 9) whole |= 1u << h;
    }
    if (whole != BAND) return 0;
    for (int e = 0; e < m->nedges; e += 3)
        if (!peers_of(m->edges[e], m->edges[e + 1])) return 0;
    return 1;
}

int rg_fast_prepare(rg_solver *s)
{
    if (!rg_fast_eligible(s->m)) return RG_OK;
    struct rg_fast *f = rg_mem_calloc(1, sizeof *f);
    if (!f) return RG_E_NOMEM;
    for (int a = 0; a < 81; a++)
        for (int b = 0; b < 81; b++)
            if (a != b && peers_of(a, b)) f->peers[a][b / 27] |= 1u << (b % 27);
    for (unsigned i = 0; i < 512; i++) {
        uint32_t k = 0, cp = 0, cc = 0;
        for (int j = 0; j < 3; j++) {
            unsigned inbox = (i >> j) & 0x49u;  /* rows of box j holding it */
            unsigned inrow = (i >> 3 * j) & 7u; /* boxes of row j holding it */
            unsigned cols = inrow;              /* i as a column mask: columns of box j */
            if (lone(inbox)) k |= (ROW0 << (__builtin_ctz(inbox) / 3 * 9)) & ~(BOX0 << 3 * j);
            if (lone(inrow)) k |= (BOX0 << (__builtin_ctz(inrow) * 3)) & ~(ROW0 << 9 * j);
            if (lone(cols)) cp |= 1u << (3 * j + __builtin_ctz(cols));
        }
        for (unsigned m = i; m; m &= m - 1) {
            int col = __builtin_ctz(m);
            cc |= (BOX0 << (col / 3 * 3)) & ~(COL0 << col);
        }
        f->rowkill[i] = k;
        f->colpoint[i] = (uint16_t)cp;
        f->colclaim[i] = cc;
    }
    s->fast = f;
    return RG_OK;
}

void rg_fast_release(rg_solver *s)
{
    rg_mem_free(s->fast);
    s->fast = NULL;
}

void rg_fast_unused(rg_solver *s) { s->fast->used = 0; }

int rg_fast_usable(const rg_solver *s)
{
    if (!s->fast || s->general_only) return 0;
    int st = s->o.strategy, h = s->o.heuristic;
    return (st == RG_STRATEGY_SINGLES || st == RG_STRATEGY_INTERSECTIONS) &&
           (h == RG_HEURISTIC_MRV || h == RG_HEURISTIC_DOMWDEG);
}

int rg_solver_fast_path_used(const rg_solver *s) { return s && s->fast && s->fast->used; }

void rg_solver_set_fast_path(rg_solver *s, int on)
{
    if (s) s->general_only = !on;
}

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

/* Place digit d in the cells at[] (per band; they hold d and are open):
 * each leaves its other digits (counted under fam, or not at all when fam
 * < 0: a guess) unless bare (naked singles hold d alone), and d leaves
 * their peers (counted under peers). RG_FAIL when two of them are peers. */
static inline __attribute__((always_inline)) int place(rg_solver *s, fstate *x, int d,
                                                       const uint32_t *at, int fam, int bare)
{
    struct rg_fast *f = s->fast;
    uint32_t gone[3] = {0, 0, 0};
    uint64_t cells = 0;
    for (int b = 0; b < 3; b++)
        for (uint32_t m = at[b]; m; m &= m - 1, cells++) {
            const uint32_t *p = f->peers[b * 27 + __builtin_ctz(m)];
            gone[0] |= p[0], gone[1] |= p[1], gone[2] |= p[2];
        }
    s->st.family_calls[RG_FAM_PEERS] += cells;
    if ((gone[0] & at[0]) | (gone[1] & at[1]) | (gone[2] & at[2])) {
        for (int b = 0; b < 3; b++) blame_mask(f, b, gone[b] & at[b]);
        return RG_FAIL;
    }
    unsigned had = 1u << d;
    uint64_t others = 0, peers = 0;
    for (int b = 0; b < 3; b++) {
        if (at[b] && !bare)
            for (int e = 0; e < 9; e++) {
                uint32_t w = x->c[e][b] & at[b];
                if (e == d || !w) continue;
                had |= 1u << e;
                others += (uint64_t)rg_popcount(w);
                x->c[e][b] &= ~at[b];
            }
        x->solved[b] |= at[b];
        uint32_t w = x->c[d][b] & gone[b];
        peers += (uint64_t)rg_popcount(w);
        x->c[d][b] &= ~gone[b];
    }
    f->hdirty |= had;
    f->ldirty |= had;
    if (fam >= 0) s->st.family_prunings[fam] += others;
    s->st.family_prunings[RG_FAM_PEERS] += peers;
    return 0;
}

/* Place digit d in the one open cell c that holds it, as place() with
 * bare 0 (a single cell cannot clash). */
static inline void place_cell(rg_solver *s, fstate *x, int d, int c, int fam)
{
    struct rg_fast *f = s->fast;
    const uint32_t *p = f->peers[c];
    int b = c / 27;
    uint32_t bit = 1u << (c % 27);
    unsigned had = 1u << d, others = 0;
    for (int e = 0; e < 9; e++) {
        if (e == d || !(x->c[e][b] & bit)) continue;
        had |= 1u << e;
        others++;
        x->c[e][b] &= ~bit;
    }
    x->solved[b] |= bit;
    uint64_t peers = 0;
    for (int k = 0; k < 3; k++) {
        uint32_t w = x->c[d][k] & p[k];
        peers += (uint64_t)rg_popcount(w);
        x->c[d][k] &= ~p[k];
    }
    f->hdirty |= had;
    f->ldirty |= had;
    s->st.family_calls[RG_FAM_PEERS]++;
    if (fam >= 0) s->st.family_prunings[fam] += others;
    s->st.family_prunings[RG_FAM_PEERS] += peers;
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
        for (int d = 0; d < 9; d++) {
            uint32_t at[4];
            v4u v = single & vload(x->c[d]);
            if (!vany(v)) continue;
            vstore(at, v);
            if (place(s, x, d, at, -1, 1) < 0) return RG_FAIL;
        }
    }
}

/* Per 3-bit group of m at the positions of pos (bits 0, s, 2s apart): one
 * bit among the three; two or more. */
#define ONE_OF_THREE(m, s, pos) (((m) | (m) >> (s) | (m) >> 2 * (s)) & (pos))
#define TWO_OF_THREE(m, s, pos)                                                                    \
    ((((m) & (m) >> (s)) | ((m) & (m) >> 2 * (s)) | ((m) >> (s) & (m) >> 2 * (s))) & (pos))

/* Hidden singles of digit d in rows, columns and boxes (the three bands
 * at once, a lane each): the cells, per band, to at[].
 * RG_FAIL when a house has lost d. The counts are of all the cells that
 * hold d, placed ones included: a house where d is placed holds it nowhere
 * else (placing removes it from the peers at once), so a house with one
 * such cell has a hidden single unless that cell is placed, and a house
 * with none has lost d. */
static int hidden_digit(const fstate *x, int d, v4u *at)
{
    const uint32_t *a = x->c[d];
    v4u w = vload(a);
    /* minirows with one or more, and two or more, places */
    v4u m1 = ONE_OF_THREE(w, 1, MINIROWS), m2 = TWO_OF_THREE(w, 1, MINIROWS);
    v4u r1 = ONE_OF_THREE(m1, 3, COL0), b1 = ONE_OF_THREE(m1, 9, 0x49u);
    if (vany((r1 ^ COL0) | (b1 ^ 0x49u))) return RG_FAIL;
    v4u rows = r1 & ~(TWO_OF_THREE(m1, 3, COL0) | ONE_OF_THREE(m2, 3, COL0));
    v4u boxes = b1 & ~(TWO_OF_THREE(m1, 9, 0x49u) | ONE_OF_THREE(m2, 9, 0x49u));
    /* rows * ROW0 and boxes * BOX0 without a multiplication */
    v4u box3 = (boxes << 3) - boxes;
    v4u cells = ((rows << 9) - rows) | box3 | box3 << 9 | box3 << 18;
    /* Columns: per cell position of a band, any band and two or more bands
     * hold it there; a column holds it twice when a position has two or
     * two positions (rows of a band) have one. */
    uint32_t any = a[0] | a[1] | a[2], two = (a[0] & a[1]) | (a[2] & (a[0] | a[1]));
    uint32_t col1 = ONE_OF_THREE(any, 9, ROW0);
    if (col1 != ROW0) return RG_FAIL;
    uint32_t cols = ~(ONE_OF_THREE(two, 9, ROW0) | TWO_OF_THREE(any, 9, ROW0)) & ROW0;
    cells |= cols * COL0;
    *at = w & ~vload(x->solved) & cells;
    return 0;
}

/* One pass of hidden singles over the digits changed (a call of the
 * singles family when there is any): *placed set when a digit was placed.
 * RG_FAIL at a house that lost a digit or a clash. */
static int hidden(rg_solver *s, fstate *x, int *placed)
{
    struct rg_fast *f = s->fast;
    if (f->hdirty) s->st.family_calls[RG_FAM_SINGLES]++;
    while (f->hdirty) {
        int d = __builtin_ctz(f->hdirty);
        f->hdirty &= f->hdirty - 1;
        v4u found;
        if (hidden_digit(x, d, &found) < 0) {
            blame_house(f, x, d);
            return RG_FAIL;
        }
        if (!vany(found)) continue;
        *placed = 1;
        uint32_t at[4];
        vstore(at, found);
        int bands = (at[0] != 0) + (at[1] != 0) + (at[2] != 0);
        int b = at[0] ? 0 : at[1] ? 1 : 2;
        if (bands == 1 && lone(at[b]))
            place_cell(s, x, d, b * 27 + __builtin_ctz(at[b]), RG_FAM_SINGLES);
        else if (place(s, x, d, at, RG_FAM_SINGLES, 0) < 0)
            return RG_FAIL;
    }
    return 0;
}

/* Locked candidates of one digit's open cells u (a band a lane; pointing
 * and claiming, along rows and along columns): what they remove, per
 * band, to kill[]. */
static void locked_digit(const struct rg_fast *f, v4u u, uint32_t *kill)
{
    /* the minirows holding it (bit 9r + 3k), packed to bit 3r + k; the
     * columns holding it, per band */
    v4u mini = (u | u >> 1 | u >> 2) & MINIROWS, y = mini | mini >> 2 | mini >> 4;
    v4u index = (y & 7u) | (y >> 6 & 0x38u) | (y >> 12 & 0x1C0u);
    v4u fold = (u | u >> 9 | u >> 18) & ROW0;
    for (int b = 0; b < 3; b++) kill[b] = f->rowkill[index[b]];
    for (int b = 0; b < 3; b++) {
        int b1 = b == 2 ? 0 : b + 1, b2 = b == 0 ? 2 : b - 1;
        uint32_t col = (uint32_t)f->colpoint[fold[b]] * COL0;
        kill[b1] |= col;
        kill[b2] |= col;
        kill[b] |= f->colclaim[fold[b] & ~fold[b1] & ~fold[b2]];
    }
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
        uint32_t kill[3];
        locked_digit(f, u, kill);
        for (int b = 0; b < 3; b++) {
            uint32_t gone = u[b] & kill[b];
            if (!gone) continue;
            s->st.family_prunings[RG_FAM_INTERSECTIONS] += (uint64_t)rg_popcount(gone);
            x->c[d][b] &= ~gone;
            f->hdirty |= 1u << d;
            f->ldirty |= 1u << d;
            *changed = 1;
        }
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

int rg_fast_root(rg_solver *s, const rg_puzzle *p, const rg_mask *start)
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
    for (int c = 0; c < 81; c++) {
        rg_mask dm = m->root[c] & (start ? start[c] : m->full);
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
    int best = -1;
    uint64_t bk = 0, bw = 1; /* the best score bk / bw */
    for (int k = 2; k <= 9; k++) {
        /* k / maxw is the best score a cell of k candidates can have */
        if (best >= 0 && (uint64_t)k * bw > bk * f->maxw) break;
        for (int b = 0; b < 3; b++) {
            for (uint32_t m = count_is(pl[b], open[b], k); m; m &= m - 1) {
                int c = b * 27 + __builtin_ctz(m);
                if (s->o.heuristic == RG_HEURISTIC_MRV) return c;
                uint64_t w = f->weight[c], lhs = (uint64_t)k * bw, rhs = bk * w;
                if (best < 0 || lhs < rhs || (lhs == rhs && c < best)) {
                    best = c;
                    bk = (uint64_t)k;
                    bw = w;
                }
            }
        }
    }
    return best;
}

static rg_mask cell_digits(const fstate *x, int c)
{
    rg_mask m = 0;
    for (int d = 0; d < 9; d++) m |= ((x->c[d][c / 27] >> (c % 27)) & 1u) << d;
    return m;
}

/* A complete board: counted; the first is copied to s->sol and checked
 * against the model's rules. 1 when the limit is reached. */
static int found(rg_solver *s, const fstate *x, rg_result *r)
{
    if (r->solutions == 0) {
        for (int d = 0; d < 9; d++)
            for (int b = 0; b < 3; b++)
                for (uint32_t m = x->c[d][b]; m; m &= m - 1)
                    s->sol[27 * b + __builtin_ctz(m)] = d + 1;
        if (rg_check_values(s->m, s->sol) != -1) {
            s->st.failures++;
            return 0;
        }
    }
    return ++r->solutions >= s->o.limit;
}

void rg_fast_domains(const rg_solver *s, rg_mask *out)
{
    for (int c = 0; c < 81; c++) out[c] = cell_digits(&s->fast->stack[0], c);
}

void rg_fast_search(rg_solver *s, rg_result *r)
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
        f->frames[d].left = cell_digits(&f->stack[d], c);
    try_next:
        while (f->frames[d].left) {
            if (rg_limits_node(s)) return;
            fframe *fr = &f->frames[d];
            rg_mask v = rg_values_pick(s, fr->left);
            fr->left &= ~v;
            fstate *next = &f->stack[d + 1];
            *next = f->stack[d];
            f->hdirty = f->ldirty = 0;
            s->st.nodes++;
            s->st.guesses++; /* every open cell has two or more candidates */
            place_cell(s, next, __builtin_ctz(v), fr->cell, -1);
            if (propagate(s, next) == 0) {
                d++;
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
