/* Deductions over units: hidden singles with once/twice accumulators,
 * locked candidates per group of disjoint intersections, naked and hidden
 * pairs and triples. */
#include <string.h>

#include "search/space.h"
#include "search/units.h"

void rg_units_clear_dirty(rg_solver *s)
{
    for (int b = 0; b < 3; b++) s->nustack[b] = 0;
    rg_units_drop_cells(s);
    s->hlost = s->llost = 0;
    if (s->udirty) memset(s->udirty, 0, (size_t)s->m->nunits + 1);
}

void rg_units_all_dirty(rg_solver *s)
{
    rg_units_clear_dirty(s);
    for (int u = 0; u < s->m->nunits; u++) {
        /* (with digit boards, only on the stacks the unit may go on) */
        unsigned ub = s->band_on ? s->dirty_bits & s->band_stacks[u] : s->dirty_bits;
        for (int b = 0; b < 3; b++)
            if (ub & (1u << b)) s->ustack[b][s->nustack[b]++] = u;
        s->udirty[u] = (unsigned char)ub;
        s->ulost[u] = s->full;
    }
    s->hlost = s->llost = s->full;
}

/* Hidden singles over the dirty units of D cells (a constant where the
 * callers below name one, so that the passes over a unit unroll): a digit
 * with one place left in a unit goes there; a digit with none fails.
 * Returns RG_FAIL, 0 (nothing) or 1 (changed). */
static inline __attribute__((always_inline)) int singles(rg_solver *s, rg_mask *dom, const int D)
{
    const rg_model *m = s->m;
    int changed = 0;
    s->st.family_calls[RG_FAM_SINGLES]++;
    for (;;) {
        if (s->ncstack) rg_units_flush(s);
        if (!s->nustack[0]) break;
        int u = s->ustack[0][--s->nustack[0]];
        s->udirty[u] &= (unsigned char)~1u;
        const int *cells = m->unit_cells + (size_t)u * D;
        rg_mask once = 0, twice = 0, placed = 0;
        for (int k = 0; k < D; k++) {
            rg_mask x = dom[cells[k]];
            twice |= once & x;
            once |= x;
            placed |= (x & (x - 1)) ? 0 : x;
        }
        if (once != s->full) {
            s->failed = 1;
            rg_space_blame(s, cells, D);
            return RG_FAIL;
        }
        rg_mask lone = once & ~twice & ~placed;
        while (lone) {
            rg_mask bit = lone & -lone;
            lone ^= bit;
            /* Rare: kept a loop, small code. */
#pragma GCC unroll 1
            for (int k = 0; k < D; k++) {
                int c = cells[k];
                if (dom[c] & bit) {
                    if (dom[c] != bit && rg_space_narrow(s, dom, c, bit, RG_FAM_SINGLES) < 0)
                        return RG_FAIL;
                    break;
                }
            }
            changed = 1;
        }
    }
    return changed;
}

/* One function per width, each compact: a solve runs one of them, and a
 * short solve's time goes largely to fetching the code it runs once. */
static __attribute__((noinline)) int singles_9(rg_solver *s, rg_mask *dom)
{
    return singles(s, dom, 9);
}

static __attribute__((noinline)) int singles_16(rg_solver *s, rg_mask *dom)
{
    return singles(s, dom, 16);
}

static __attribute__((noinline)) int singles_any(rg_solver *s, rg_mask *dom)
{
    return singles(s, dom, s->D);
}

int rg_units_singles(rg_solver *s, rg_mask *dom)
{
    return s->D == 9 ? singles_9(s, dom) : s->D == 16 ? singles_16(s, dom) : singles_any(s, dom);
}

static inline __attribute__((always_inline)) int seen_by_all(rg_solver *s, rg_mask *dom, int u,
                                                             rg_mask lost, const int D);

/* The digits of each I set of group G (ins), those in one set or more
 * (once), in two or more (twice), and those placed in them: from the
 * group's flattened cells, w to a set (a constant where the caller names
 * one, so that the pass unrolls), or with w = 0 from its intersections
 * (inters: the model's). */
static inline __attribute__((always_inline)) void
group_masks(const rg_mask *dom, const rg_igroup *G, const rg_inter *inters, const int w,
            rg_mask *ins, rg_mask *once, rg_mask *twice, rg_mask *placed)
{
    rg_mask o = 0, t = 0, pl = 0;
    for (int j = 0; j < G->count; j++) {
        const int *cells = w ? G->cells + j * w : inters[G->first + j].in;
        int n = w ? w : inters[G->first + j].nin;
        rg_mask in = 0;
        for (int k = 0; k < n; k++) {
            rg_mask v = dom[cells[k]];
            in |= v;
            pl |= (v & (v - 1)) ? 0 : v;
        }
        ins[j] = in;
        t |= o & in;
        o |= in;
    }
    *once = o;
    *twice = t;
    *placed = pl;
}

/* Locked candidates between a unit and a house that share cells: a digit
 * of unit U found only in I = U ∩ H leaves H \ I. Per group of disjoint I
 * sets, the digits in exactly one I and nowhere else in U are the locked ones.
 * Only the digits U lost since it was last looked at (ulost) are cleared
 * from H \ I: the places of any other digit are those it had then, when
 * H \ I lost it already (domains only shrink along a branch, and the
 * search branches from fixpoints, where every ulost is empty). */
static inline __attribute__((always_inline)) int intersections(rg_solver *s, rg_mask *dom,
                                                               const int D)
{
    const rg_model *m = s->m;
    int changed = 0;
    s->st.family_calls[RG_FAM_INTERSECTIONS]++;
    for (;;) {
        if (s->ncstack) rg_units_flush(s);
        if (!s->nustack[1]) break;
        int u = s->ustack[1][--s->nustack[1]];
        s->udirty[u] &= (unsigned char)~2u;
        rg_mask lost = s->ulost[u];
        s->ulost[u] = 0;
        if (m->peerbits) {
            int r = seen_by_all(s, dom, u, lost, D);
            if (r < 0) return RG_FAIL;
            changed |= r;
        }
        /* with digit boards (bands.h), the groups they cover are skipped:
         * with no house but the rows, columns and boxes, all of them */
        const unsigned char *skip = s->band_on ? s->gskip : NULL;
        const int gend = s->band_on && s->band_groups ? m->igroup_off[u] : m->igroup_off[u + 1];
        for (int g = m->igroup_off[u]; g < gend; g++) {
            if (skip && skip[g]) continue;
            const rg_igroup *G = &m->igroups[g];
            rg_mask ins[RG_MAX_DIGITS], once = 0, twice = 0, out = 0, placed = 0;
            switch (G->width) {
            case 3: group_masks(dom, G, m->inters, 3, ins, &once, &twice, &placed); break;
            case 4: group_masks(dom, G, m->inters, 4, ins, &once, &twice, &placed); break;
            default: group_masks(dom, G, m->inters, 0, ins, &once, &twice, &placed);
            }
            for (int k = 0; k < G->nrest; k++) out |= dom[G->rest[k]];
            rg_mask locked = once & ~twice & ~out & ~placed & lost;
            if (!locked) continue;
            for (int j = 0; j < G->count; j++) {
                rg_mask lock = ins[j] & locked;
                if (!lock) continue;
                const rg_inter *x = &m->inters[G->first + j];
                for (int k = 0; k < x->nhrest; k++) {
                    int c = x->hrest[k];
                    if (dom[c] & lock) {
                        if (rg_space_narrow(s, dom, c, dom[c] & ~lock, RG_FAM_INTERSECTIONS) < 0)
                            return RG_FAIL;
                        changed = 1;
                    }
                }
            }
        }
    }
    return changed;
}

/* With must-differ pairs beyond the houses (anti-knight, anti-king, ...):
 * a digit of unit U whose places all see one cell (are its peers) leaves
 * that cell, since one of them holds it. Within rows, columns and boxes
 * alone this is locked candidates again; with other pairs it reaches
 * further. Only digits with two or three places are looked at (more
 * places rarely share a peer outside the unit), and of those only the
 * digits U lost since it was last looked at (as for locked candidates).
 * Returns RG_FAIL, 0 or 1 (changed). */
static inline __attribute__((always_inline)) int seen_by_all(rg_solver *s, rg_mask *dom, int u,
                                                             rg_mask lost, const int D)
{
    const rg_model *m = s->m;
    const int W = m->pwords;
    const int *cells = m->unit_cells + (size_t)u * D;
    rg_mask c0, c1, c2, placed;
    rg_units_open_places(dom, cells, D, &c0, &c1, &c2, &placed);
    /* 2 or 3 places: c1 without c2 (4 and more set c2) */
    rg_mask todo = (c1 & ~c2) & ~placed & lost;
    int changed = 0;
    for (; todo; todo &= todo - 1) {
        int d = __builtin_ctz(todo);
        rg_mask bit = (rg_mask)1 << d;
        uint64_t common[RG_PEERBITS_MAX_WORDS];
        int first = 1;
        for (uint64_t at = rg_holders(dom, cells, D, d); at; at &= at - 1) {
            const uint64_t *pb = m->peerbits + (size_t)cells[__builtin_ctzll(at)] * W;
            if (W <= 2) { /* boards up to 128 cells: two words, unrolled */
                common[0] = first ? pb[0] : common[0] & pb[0];
                common[1] = W < 2 ? 0 : first ? pb[1] : common[1] & pb[1];
            } else if (first) {
                for (int i = 0; i < W; i++) common[i] = pb[i];
            } else {
                for (int i = 0; i < W; i++) common[i] &= pb[i];
            }
            first = 0;
        }
        const uint64_t *ub = m->unitbits + (size_t)u * W;
        for (int i = 0; i < W; i++)
            for (uint64_t w = common[i] & ~ub[i]; w; w &= w - 1) {
                int c = i * 64 + __builtin_ctzll(w);
                if (!(dom[c] & bit)) continue;
                if (rg_space_narrow(s, dom, c, dom[c] & ~bit, RG_FAM_INTERSECTIONS) < 0)
                    return RG_FAIL;
                changed = 1;
            }
    }
    return changed;
}

/* As for the hidden singles, one function per width: 9 digits with the
 * passes over a unit's cells unrolled (no loop exit to predict), any other
 * width as a loop. */
static __attribute__((noinline)) int intersections_9(rg_solver *s, rg_mask *dom)
{
    return intersections(s, dom, 9);
}

static __attribute__((noinline)) int intersections_any(rg_solver *s, rg_mask *dom)
{
    return intersections(s, dom, s->D);
}

int rg_units_intersections(rg_solver *s, rg_mask *dom)
{
    return s->D == 9 ? intersections_9(s, dom) : intersections_any(s, dom);
}

/* Narrow the open cells idx[0..n) of a unit by the subset set (a bit per
 * index) holding digits: inside, the cells of the set keep only digits;
 * otherwise the cells outside it lose them. RG_FAIL, 0, or 1 when a cell
 * narrowed. */
static int apply(rg_solver *s, rg_mask *dom, const int *idx, int n, uint32_t set, rg_mask digits,
                 int inside)
{
    int changed = 0;
    for (int k = 0; k < n; k++) {
        int c = idx[k], in = (set >> k) & 1u;
        if (inside ? !in || !(dom[c] & ~digits) : in || !(dom[c] & digits)) continue;
        if (rg_space_narrow(s, dom, c, inside ? dom[c] & digits : dom[c] & ~digits,
                            RG_FAM_SUBSETS) < 0)
            return RG_FAIL;
        changed = 1;
    }
    return changed;
}

/* Naked pairs and triples among the open cells idx[0..n) of a unit: k
 * cells whose union holds k digits take those digits from the others.
 * RG_FAIL, 0, or 1 at the first subset that narrowed something. */
static int naked(rg_solver *s, rg_mask *dom, const int *idx, int n)
{
    for (int a = 0; a < n; a++) {
        rg_mask ma = dom[idx[a]];
        if (rg_popcount(ma) > 3) continue;
        for (int b = a + 1; b < n; b++) {
            rg_mask mab = ma | dom[idx[b]];
            int pc = rg_popcount(mab), r;
            if (pc > 3) continue;
            if (pc == 2) {
                if ((r = apply(s, dom, idx, n, (1u << a) | (1u << b), mab, 0)) != 0) return r;
                continue;
            }
            for (int c = b + 1; c < n; c++) {
                rg_mask mabc = mab | dom[idx[c]];
                if (rg_popcount(mabc) != 3 || n == 3) continue;
                uint32_t set = (1u << a) | (1u << b) | (1u << c);
                if ((r = apply(s, dom, idx, n, set, mabc, 0)) != 0) return r;
            }
        }
    }
    return 0;
}

/* Hidden pairs and triples: k of the open digits whose places among the
 * open cells idx[0..n) are k cells keep those cells to themselves. RG_FAIL,
 * 0, or 1 at the first subset that narrowed something. */
static int hidden(rg_solver *s, rg_mask *dom, const int *idx, int n, rg_mask open)
{
    uint32_t pos[RG_MAX_DIGITS];
    int digs[RG_MAX_DIGITS], nd = 0;
    for (int d = 0; d < s->D; d++) {
        if (!(open & (1u << d))) continue;
        uint32_t p = 0;
        for (int k = 0; k < n; k++)
            if (dom[idx[k]] & (1u << d)) p |= 1u << k;
        pos[nd] = p;
        digs[nd++] = d;
    }
    for (int a = 0; a < nd; a++) {
        if (rg_popcount(pos[a]) > 3) continue;
        for (int b = a + 1; b < nd; b++) {
            uint32_t pab = pos[a] | pos[b];
            int pc = rg_popcount(pab), r;
            if (pc > 3) continue;
            rg_mask keep2 = (1u << digs[a]) | (1u << digs[b]);
            if (pc == 2) {
                if ((r = apply(s, dom, idx, n, pab, keep2, 1)) != 0) return r;
                continue;
            }
            for (int c = b + 1; c < nd; c++) {
                uint32_t pabc = pab | pos[c];
                if (rg_popcount(pabc) != 3) continue;
                if ((r = apply(s, dom, idx, n, pabc, keep2 | (1u << digs[c]), 1)) != 0) return r;
            }
        }
    }
    return 0;
}

/* Naked and hidden pairs and triples in the dirty units. Returns at the
 * first unit that changed something so that cheaper deductions run first
 * again. */
int rg_units_subsets(rg_solver *s, rg_mask *dom)
{
    const rg_model *m = s->m;
    const int D = s->D;
    s->st.family_calls[RG_FAM_SUBSETS]++;
    for (;;) {
        if (s->ncstack) rg_units_flush(s);
        if (!s->nustack[2]) break;
        int u = s->ustack[2][--s->nustack[2]];
        s->udirty[u] &= (unsigned char)~4u;
        const int *cells = m->unit_cells + (size_t)u * D;
        int idx[RG_MAX_DIGITS], n = 0, r;
        rg_mask open = 0;
        for (int k = 0; k < D; k++) {
            rg_mask x = dom[cells[k]];
            if (x & (x - 1)) {
                idx[n++] = cells[k];
                open |= x;
            }
        }
        if (n < 3) continue;
        if ((r = naked(s, dom, idx, n)) != 0 || (r = hidden(s, dom, idx, n, open)) != 0) return r;
    }
    return 0;
}
