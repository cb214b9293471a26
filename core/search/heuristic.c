/* What the search branches on: the heuristics of RG_HEURISTICS
 * (rulegrid.h), their names, and the choice itself (a cell, or under
 * domwdeg_places the two places of a digit in a unit). */
#include "search/heuristic.h"
#include "base/mask.h"
#include "rulegrid/rulegrid.h"
#include "search/space.h"
#include "search/table.h"
#include "search/units.h"

static const rg_table_entry heuristics[RG_HEURISTIC_COUNT] = {
#define X(id, name, summary) {name, summary, 0u},
    RG_HEURISTICS(X)
#undef X
};

RG_TABLE_NAMES(heuristic, heuristics, RG_HEURISTIC_COUNT)

static int degree(const rg_solver *s, const rg_mask *dom, int c)
{
    int d = 0;
    for (int k = s->m->peer_off[c]; k < s->m->peer_off[c + 1]; k++) {
        rg_mask x = dom[s->m->peers[k]];
        d += (x & (x - 1)) != 0;
    }
    return d;
}

/* domwdeg: the least candidates / weight, the first in index order among
 * equals. The weights are whole numbers (half points: each failure adds 2
 * to some), so comparing pc * best weight with best pc * weight orders the
 * cells exactly as the quotients do, without a division or a floating
 * point operation a cell. */
/* The best cell so far for domwdeg (best, its candidates and weight). */
typedef struct domwdeg_best {
    int cell;
    uint64_t pc, w;
} domwdeg_best;

/* Open cell c of domain x against the best so far (no cell yet: any beats
 * pc / 0). */
static inline void domwdeg_offer(const rg_solver *s, domwdeg_best *b, int c, rg_mask x)
{
    uint64_t pc = (uint64_t)rg_popcount(x);
    if (b->cell < 0 || pc * b->w < b->pc * s->wdeg[c]) *b = (domwdeg_best){c, pc, s->wdeg[c]};
}

static int select_domwdeg(const rg_solver *s, const rg_mask *dom, const unsigned char *as)
{
    domwdeg_best b = {-1, 1, 0};
    for (int c = 0; c < s->N; c++) {
        rg_mask x = dom[c];
        if (as ? as[c] : !(x & (x - 1))) continue;
        domwdeg_offer(s, &b, c, x);
    }
    return b.cell;
}

/* select_domwdeg over a 9 x 9 space's open cells as its digit boards B give
 * them (the cells not placed, in index order: bands 0 and 1 as one word,
 * then band 2), so that a placed cell costs neither a test nor a
 * mispredicted branch. The same cell as the plain loop. */
static int select_domwdeg_boards(const rg_solver *s, const rg_mask *dom,
                                 const struct rg_space_boards *B)
{
    domwdeg_best b = {-1, 1, 0};
    const uint64_t open[2] = {~rg_board_low(B->solved) & (((uint64_t)1 << RG_BOARD_BAND2) - 1),
                              ~(uint64_t)B->solved[2] & 0x7FFFFFFu};
    for (int half = 0; half < 2; half++)
        for (uint64_t h = open[half]; h; h &= h - 1) {
            int c = (half ? RG_BOARD_BAND2 : 0) + __builtin_ctzll(h);
            domwdeg_offer(s, &b, c, dom[c]);
        }
    return b.cell;
}

/* domwdeg_places: the two-place (unit, digit) whose places weigh most
 * (the first among equals), when it beats the cell domwdeg chose (bpc
 * candidates, weight bw); 1 with f set to it, else 0. Each digit goes
 * exactly once in a unit, so "digit at place 1" and "digit at place 2"
 * are disjoint and cover every solution. The digit's branch factor is 2
 * over the mean weight m of its places, the cell's bpc / bw; the places
 * are taken when 2 / m < 0.8 * bpc / bw, i.e. 5 * bw < bpc * (w1 + w2),
 * exact on whole weights (docs/architecture.md, "Search": at equal
 * weights a cell of three candidates gives way, and a heavier cell of
 * three holds). */
static int select_places(const rg_solver *s, const rg_mask *dom, int bpc, uint64_t bw, rg_frame *f)
{
    const rg_model *m = s->m;
    const int D = s->D;
    const uint64_t *w = s->wdeg;
    int bu = -1;
    rg_mask bd = 0, bat = 0; /* the best digit and its places (positions in the unit) */
    uint64_t bs = 0;         /* the best places' weight, w1 + w2 */
    for (int u = 0; u < m->nunits; u++) {
        const int *cells = m->unit_cells + (size_t)u * D;
        rg_mask c0, c1, c2, placed;
        rg_units_open_places(dom, cells, D, &c0, &c1, &c2, &placed);
        /* the digits with exactly two open places, not placed */
        rg_mask two = c1 & ~c0 & ~c2 & ~placed;
        while (two) {
            rg_mask bit = two & -two, at = 0;
            two ^= bit;
            uint64_t sum = 0;
            for (int k = 0; k < D; k++) {
                rg_mask x = dom[cells[k]];
                if ((x & bit) && (x & (x - 1))) {
                    sum += w[cells[k]];
                    at |= (rg_mask)1 << k;
                }
            }
            if (bu < 0 || sum > bs) {
                bu = u;
                bd = bit;
                bat = at;
                bs = sum;
            }
        }
    }
    if (bu < 0 || !(5 * bw < (uint64_t)bpc * bs)) return 0;
    f->unit = bu;
    f->digit = bd;
    f->left = bat;
    return 1;
}

/* The same over a 16 x 16 space's open cells (its boards' cells not
 * placed, four words in index order). */
static int select_domwdeg_boards16(const rg_solver *s, const rg_mask *dom,
                                   const struct rg_space_boards16 *B)
{
    domwdeg_best b = {-1, 1, 0};
    for (int w = 0; w < 4; w++)
        for (uint64_t h = ~B->solved[w]; h; h &= h - 1) {
            int c = 64 * w + __builtin_ctzll(h);
            domwdeg_offer(s, &b, c, dom[c]);
        }
    return b.cell;
}

/* The next cell to branch on, or -1 when every cell is decided. */
static int heuristic_cell(rg_solver *s, const unsigned char *space)
{
    const rg_mask *dom = (const rg_mask *)space;
    const unsigned char *as = s->cascade ? NULL : space + s->assigned_off;
    if (s->o.heuristic == RG_HEURISTIC_DOMWDEG || s->o.heuristic == RG_HEURISTIC_DOMWDEG_PLACES) {
        const struct rg_space_boards *B =
            s->bboards ? rg_space_boards_of(s, (rg_mask *)(void *)space) : NULL;
        if (B && B->valid) return select_domwdeg_boards(s, dom, B);
        const struct rg_space_boards16 *B16 =
            s->bboards16 ? rg_space_boards16_of(s, (rg_mask *)(void *)space) : NULL;
        return B16 && B16->valid ? select_domwdeg_boards16(s, dom, B16)
                                 : select_domwdeg(s, dom, as);
    }
    int best = -1, bpc = 99, bdeg = -1, scored = 0;
    double bscore = 1e300;
    for (int c = 0; c < s->N; c++) {
        rg_mask x = dom[c];
        if (as ? as[c] : !(x & (x - 1))) continue;
        int pc = rg_popcount(x);
        switch (s->o.heuristic) {
        case RG_HEURISTIC_FIRST: return c;
        case RG_HEURISTIC_MRV:
            if (pc < bpc) {
                bpc = pc;
                best = c;
                if (pc <= 2) return c;
            }
            break;
        case RG_HEURISTIC_MRV_DEGREE:
            if (pc < bpc) {
                bpc = pc;
                best = c;
                bdeg = degree(s, dom, c);
            } else if (pc == bpc) {
                int d = degree(s, dom, c);
                if (d > bdeg) {
                    bdeg = d;
                    best = c;
                }
            }
            break;
        case RG_HEURISTIC_LOOKAHEAD:
            /* The smallest estimate of this space; without one, mrv. */
            if (s->lstamp[c] == s->lepoch) {
                if (!scored || s->lscore[c] < bscore) {
                    scored = 1;
                    bscore = s->lscore[c];
                    best = c;
                }
            } else if (!scored && pc < bpc) {
                bpc = pc;
                best = c;
            }
            break;
        default: break; /* domwdeg: select_domwdeg */
        }
    }
    return best;
}

/* The next branch, or -1 when every cell is decided. */
int rg_heuristic_select(rg_solver *s, const unsigned char *space, rg_frame *f)
{
    f->unit = -1;
    int c = heuristic_cell(s, space);
    if (c < 0) return -1;
    const rg_mask *dom = (const rg_mask *)space;
    f->cell = c;
    f->left = dom[c];
    if (s->o.heuristic == RG_HEURISTIC_DOMWDEG_PLACES && s->cascade) {
        int pc = rg_popcount(dom[c]);
        if (pc > 2) select_places(s, dom, pc, s->wdeg[c], f);
    }
    return 0;
}
