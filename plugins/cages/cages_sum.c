/* The propagator of a sum over cells holding distinct digits (a cage, or a
 * sum derived over one house): the digit sets of the sum matched to the
 * cells, or bounds; digits every set needs leave the houses around. */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cages.h"
#include "linsum.h"
#include "masks.h"
#include "match.h"

/* Cages of this many cells or more (up to LSUM_DP_DIGITS digits) go by
 * sets of digits rather than matching each digit set. */
#define CAGE_DP_CELLS 3

/* Above this many digit sets a cage prunes by sum bounds instead. */
#define MAX_SETS 512

/* Every branch entered holds a set (sums of k distinct digits of d..D fill
 * an interval), so the cost is bounded by the sets listed. */
void cages_list_sets(int D, int d, int k, long s, rg_mask have, rg_mask *out, int *n, int cap)
{
    if (*n > cap) return;
    if (k == 0) {
        if (s == 0) {
            if (out) out[*n] = have;
            (*n)++;
        }
        return;
    }
    long lo = (long)k * d + (long)k * (k - 1) / 2, hi = (long)k * D - (long)k * (k - 1) / 2;
    if (s < lo || s > hi) return;
    if (k == 1) {
        if (out) out[*n] = have | (rg_mask)1 << (s - 1);
        (*n)++;
        return;
    }
    /* Only the digits x whose rest s - x the k - 1 digits above x can
     * make (the bounds above for them). */
    long xlo = s - ((long)(k - 1) * D - (long)(k - 1) * (k - 2) / 2);
    long xhi = (s - (long)k * (k - 1) / 2) / k;
    if (xlo < d) xlo = d;
    if (xhi > D - k + 1) xhi = D - k + 1;
    for (long x = xlo; x <= xhi; x++)
        cages_list_sets(D, (int)x + 1, k - 1, s - x, have | (rg_mask)1 << (x - 1), out, n, cap);
}

/* The table of cages_count_sets: 0/1 knapsack counts over the digits. */
static uint32_t *make_ways(rg_build *b, int D, int smax)
{
    uint32_t *w = cages_host->alloc(b, (size_t)(D + 1) * (size_t)(smax + 1) * sizeof *w);
    if (!w) return NULL;
    w[0] = 1;
    for (int d = 1; d <= D; d++)
        for (int k = d; k >= 1; k--)
            for (int s = smax; s >= d; s--) {
                uint32_t *to = &w[k * (smax + 1) + s], add = w[(k - 1) * (smax + 1) + s - d];
                *to = *to > UINT32_MAX / 2 || add > UINT32_MAX / 2 ? UINT32_MAX / 2 : *to + add;
            }
    return w;
}

int cages_count_sets(rg_build *b, int D, int k, long s, int cap)
{
    cages_model *cm = cages_model_of(b);
    if (!cm) return -1;
    if (cm->ways_digits != D) {
        cm->smax = D * (D + 1) / 2;
        cm->ways = make_ways(b, D, cm->smax);
        if (!cm->ways) return -1;
        cm->ways_digits = D;
    }
    if (k < 0 || k > D || s < 0 || s > cm->smax) return 0;
    uint32_t n = cm->ways[k * (cm->smax + 1) + s];
    return n > (uint32_t)cap ? cap + 1 : (int)n;
}

/* Sum of the k smallest (or largest) digits of m; LONG_MAX / LONG_MIN when m
 * holds fewer than k. */
static long extreme_sum(rg_mask m, int k, int largest)
{
    if (__builtin_popcount(m) < k) return largest ? LONG_MIN : LONG_MAX;
    long s = 0;
    for (int i = 0; i < k; i++) {
        int bit = largest ? 31 - __builtin_clz(m) : __builtin_ctz(m);
        s += bit + 1;
        m &= ~((rg_mask)1 << bit);
    }
    return s;
}

/* Bounds mode: digit v stays in a cell when the other cells can still make
 * sum - v, judged by the larger of two lower bounds (their minimums; the
 * smallest distinct digits of their union without v) and the smaller of two
 * upper bounds. Returns a propagator status. */
static int prune_bounds(rg_space *sp, const cage *c)
{
    const rg_mask *dom = cages_host->domains(sp);
    int changed = 0;
    for (int i = 0; i < c->n; i++) {
        long smin = 0, smax = 0;
        rg_mask uni = 0;
        for (int j = 0; j < c->n; j++) {
            if (j == i) continue;
            rg_mask m = dom[c->cells[j]];
            smin += mask_lowest(m);
            smax += mask_highest(m);
            uni |= m;
        }
        rg_mask keep = 0, cand = dom[c->cells[i]];
        while (cand) {
            int v = __builtin_ctz(cand) + 1;
            cand &= cand - 1;
            rg_mask rest = uni & ~((rg_mask)1 << (v - 1));
            long lo = extreme_sum(rest, c->n - 1, 0), hi = extreme_sum(rest, c->n - 1, 1);
            if (lo < smin) lo = smin;
            if (hi > smax) hi = smax;
            long need = c->sum - v;
            if (need >= lo && need <= hi) keep |= (rg_mask)1 << (v - 1);
        }
        int r = cages_host->keep(sp, c->cells[i], keep);
        if (r < 0) return RG_PROP_FAIL;
        changed |= r;
    }
    return changed ? RG_PROP_NOFIX : RG_PROP_FIX;
}

/* No set fits: the first cell empties, so that every sums propagator counts
 * the failure against the same cell (domwdeg's weights follow it). */
static int no_set(rg_space *sp, const cage *c)
{
    cages_host->keep(sp, c->cells[0], 0);
    return RG_PROP_FAIL;
}

/* A digit the cage must hold (it is in every set that can still be
 * placed) cannot stand outside the cage in a house that holds every cage
 * cell that can take it: in house h, the required digits that none of the
 * cage cells outside h can take (other: the digits those cells can take)
 * and some cell of h outside the cage still holds (todo[h]: found once a
 * run, not once a digit; most runs find none, the peers and the unit
 * propagators having taken them). Digit by digit and house by house: the
 * same removals in the same order as finding each digit's holders.
 * cage_open_small and cage_propagate_open leave out the placed digits: the
 * only holder of one is its cell (the matching took it from the others),
 * so the houses are that cell's and the host's peers propagator, cheaper
 * and so run before, has taken it from them. */
#define ELIM_HOUSES 16
static int eliminate_required(rg_space *sp, const cage *c, rg_mask required)
{
    if (!required) return RG_PROP_FIX; /* no digit to take out */
    const rg_mask *dom = cages_host->domains(sp);
    rg_mask todo[ELIM_HOUSES], some = 0;
    int nh = c->nh;
    for (int h = 0; h < nh; h++) {
        uint32_t out = ~c->hin[h] & (((uint32_t)2 << (c->n - 1)) - 1);
        rg_mask o = 0, t;
        for (; out; out &= out - 1) o |= dom[c->cells[__builtin_ctz(out)]];
        if ((t = required & ~o) && h < ELIM_HOUSES) {
            rg_mask held = 0;
            for (int k = 0; k < c->hnout[h]; k++) held |= dom[c->hout[h][k]];
            t &= held;
            todo[h] = t;
        } else if (h < ELIM_HOUSES) {
            todo[h] = 0;
        }
        some |= t;
    }
    for (required &= some; required; required &= required - 1) {
        rg_mask v = required & -required;
        for (int h = 0; h < nh; h++) {
            if (h < ELIM_HOUSES && !(todo[h] & v)) continue;
            if (h >= ELIM_HOUSES) {
                int outside = 0;
                for (uint32_t out = ~c->hin[h] & (((uint32_t)2 << (c->n - 1)) - 1); out;
                     out &= out - 1)
                    outside |= (dom[c->cells[__builtin_ctz(out)]] & v) != 0;
                if (outside) continue;
            }
            /* The cells holding v first, as bits (no branch per cell: which
             * hold it is hard to predict), then taken in the same order, 64
             * cells at a time; killer.jsonl 2 to 3 % faster (docs/bench.md,
             * stop 65). */
            const int *ho = c->hout[h];
            for (int base = 0; base < c->hnout[h]; base += 64) {
                const int w = c->hnout[h] - base < 64 ? c->hnout[h] - base : 64;
                uint64_t hold = 0;
                for (int k = 0; k < w; k++) hold |= (uint64_t)((dom[ho[base + k]] & v) != 0) << k;
                for (; hold; hold &= hold - 1)
                    if (cages_host->remove(sp, ho[base + __builtin_ctzll(hold)], v) < 0)
                        return RG_PROP_FAIL;
            }
        }
    }
    return RG_PROP_FIX;
}

/* Sets mode for long cages up to LSUM_DP_DIGITS digits, by bit sets over
 * masks: the sets of distinct digits the cells can take (linsum.h,
 * forwards), met with the cage's sets, are the surviving sets; going back
 * from them each cell keeps the digits it takes in one, which is the union
 * of the matchings below. */
static inline int cage_propagate_dp(rg_space *sp, const cage *c, int nw)
{
    const rg_mask *dom = cages_host->domains(sp);
    rg_mask d[LSUM_DP_DIGITS], keep[LSUM_DP_DIGITS], uni = 0, required = ~(rg_mask)0;
    uint64_t lay[LSUM_DP_DIGITS + 1][LSUM_DP_WORDS], g[LSUM_DP_WORDS];
    int n = c->n, fixed = 1, any = 0;
    for (int i = 0; i < n; i++) {
        rg_mask m = d[i] = dom[c->cells[i]];
        uni |= m;
        fixed &= (m & (m - 1)) == 0;
    }
    lsum_forward(d, n, nw, lay);
    memset(g, 0, (size_t)nw * sizeof g[0]);
    for (int s = 0; s < c->nsets; s++) {
        rg_mask set = c->sets[s];
        if ((set & ~uni) || !lsum_has(lay[n], set)) continue;
        g[set / 64] |= (uint64_t)1 << (set % 64);
        required &= set;
        any = 1;
    }
    if (any) lsum_backward_sets(d, n, nw, lay, g, keep);
    for (int i = 0; i < n; i++)
        if (cages_host->keep(sp, c->cells[i], any ? keep[i] : 0) < 0) return RG_PROP_FAIL;
    if (fixed) return RG_PROP_SUBSUMED;
    return c->nh ? eliminate_required(sp, c, required) : RG_PROP_FIX;
}

/* cage_propagate_dp at 9 digits, the word count the constant 8. */
static __attribute__((flatten)) int cage_propagate_dp9(rg_space *sp, const cage *c)
{
    return cage_propagate_dp(sp, c, 8);
}

/* Placed cells are settled: a set survives when it holds their digits and
 * the open cells match onto the rest of it. When the open cells' domains
 * hold at most OPEN_DIGITS digits besides the placed ones, that goes by
 * the sets of those digits in one word (cage_open_small); else with at
 * most 6 open cells (most cages), or few sets left, set by set
 * (match_onto, or match_support past 6 cells); else by cage_propagate_dp.
 * Exactly cage_propagate_dp's answer (the sets whose digits the cells can
 * take, and the digits the cells take in them): a set holding the placed
 * digits is taken by the cells exactly when its remainder is taken by the
 * open ones. Returns a status, or -2 for "go by cage_propagate_dp". */
#define SETS_OPEN 6 /* open cells matched set by set whatever the sets */
#define SETS_FEW  2 /* sets left that go set by set whatever the cells */

/* Up to this many digits in the open cells' domains they go by the sets of
 * those digits they can take (one word of bits over the masks). */
#define OPEN_DIGITS 6

/* The digits of m (within the 6 of ou) as their ranks in ou. */
static inline unsigned rank_in(rg_mask m, rg_mask ou)
{
    unsigned r = 0;
    for (; m; m &= m - 1) r |= 1u << __builtin_popcount(ou & ((m & -m) - 1));
    return r;
}

/* The digits of m (none of them in the one-digit masks hi > lo, or 0 for
 * none) with the digits above hi moved one down, then those above lo: the
 * open digits of a cage missing one or two of 1..9 as 8 or 7 digits. */
static inline rg_mask squeeze(rg_mask m, rg_mask hi, rg_mask lo)
{
    if (hi) m = (m & (hi - 1)) | ((m >> 1) & ~(hi - 1));
    if (lo) m = (m & (lo - 1)) | ((m >> 1) & ~(lo - 1));
    return m;
}

/* squeeze undone. */
static inline rg_mask unsqueeze(rg_mask k, rg_mask hi, rg_mask lo)
{
    if (lo) k = (k & (lo - 1)) | ((k << 1) & ~(2 * lo - 1));
    if (hi) k = (k & (hi - 1)) | ((k << 1) & ~(2 * hi - 1));
    return k;
}

/* How cage_open_sets numbers the open digits. */
enum { OPEN_PLAIN, OPEN_RANKED, OPEN_SQUEEZED };

/* The digits of m (within ou) as cage_open_sets numbers them (how, with
 * squeeze's hi and lo). */
static inline rg_mask numbered(rg_mask m, int how, rg_mask ou, rg_mask hi, rg_mask lo)
{
    return how == OPEN_RANKED ? rank_in(m, ou) : how == OPEN_SQUEEZED ? squeeze(m, hi, lo) : m;
}

/* numbered undone for k, the numbers kept of a cell whose open digits are
 * x. */
static inline rg_mask unnumbered(rg_mask k, rg_mask x, int how, rg_mask ou, rg_mask hi, rg_mask lo)
{
    if (how == OPEN_SQUEEZED) return unsqueeze(k, hi, lo);
    if (how == OPEN_PLAIN) return k;
    rg_mask r = 0;
    for (; x; x &= x - 1)
        if (k >> __builtin_popcount(ou & ((x & -x) - 1)) & 1) r |= x & -x;
    return r;
}

/* cage_propagate_open by the sets of open digits (ou: the open cells'
 * digits but the placed ones) the m open cells (domains od, at at[]) can
 * take, on bit sets of nw words (lsum_forward): a set of the cage survives
 * when it holds the placed digits and its remainder is one of those; going
 * back from the survivors each cell keeps the digits it takes in one. The
 * same answer as matching the open cells onto each remainder (the union of
 * those matchings), for a few word operations. The digits are numbered
 * (how): OPEN_RANKED, by their rank in ou (at most OPEN_DIGITS of them, so
 * that one word holds every set of them); OPEN_SQUEEZED, with the one or
 * two digits of 1..9 missing from ou (hi > lo, lo 0 for one) squeezed out,
 * so that 8 or 7 digits take 4 or 2 words; OPEN_PLAIN, as themselves. */
static inline int cage_open_sets(rg_space *sp, const cage *c, const rg_mask *od, const int *at,
                                 int m, rg_mask placed, rg_mask ou, int nw, int how, rg_mask hi,
                                 rg_mask lo)
{
    rg_mask d[LSUM_DP_DIGITS], keep[LSUM_DP_DIGITS], required = ~(rg_mask)0;
    uint64_t lay[LSUM_DP_DIGITS + 1][LSUM_DP_WORDS], g[LSUM_DP_WORDS];
    int any = 0;
    for (int w = 0; w < nw; w++) g[w] = 0;
    for (int i = 0; i < m; i++) d[i] = numbered(od[i] & ou, how, ou, hi, lo);
    lsum_forward(d, m, nw, lay);
    for (int s = 0; s < c->nsets; s++) {
        rg_mask set = c->sets[s], rest = set & ~placed;
        if ((set & placed) != placed || (rest & ~ou)) continue;
        rg_mask key = numbered(rest, how, ou, hi, lo);
        if (!lsum_has(lay[m], key)) continue;
        g[key / 64] |= (uint64_t)1 << (key % 64);
        required &= set;
        any = 1;
    }
    if (!any) return no_set(sp, c);
    lsum_backward_sets(d, m, nw, lay, g, keep);
    for (int i = 0; i < m; i++) {
        rg_mask k = unnumbered(keep[i], od[i] & ou, how, ou, hi, lo);
        if (k != od[i] && cages_host->keep(sp, at[i], k) < 0) return RG_PROP_FAIL;
    }
    return c->nh ? eliminate_required(sp, c, required & ~placed) : RG_PROP_FIX;
}

/* At most OPEN_DIGITS open digits: their ranks, one word. */
static __attribute__((flatten)) int cage_open_small(rg_space *sp, const cage *c, const rg_mask *od,
                                                    const int *at, int m, rg_mask placed,
                                                    rg_mask ou)
{
    return cage_open_sets(sp, c, od, at, m, placed, ou, 1, OPEN_RANKED, 0, 0);
}

/* At 9 digits, 3 to SETS_OPEN open cells over more open digits (7 to 9):
 * on 2, 4 or 8 words for 7, 8 or 9 digits, the digits themselves when they
 * are 1..7 or 1..8, else with the missing ones squeezed out; each width a
 * constant (flatten: everything inlined, the word loops unrolled). */
#define OPEN_DP(w)                                                                                 \
    static __attribute__((flatten)) int cage_open_dp##w(                                           \
        rg_space *sp, const cage *c, const rg_mask *od, const int *at, int m, rg_mask placed,      \
        rg_mask ou, int how, rg_mask hi, rg_mask lo)                                               \
    {                                                                                              \
        return cage_open_sets(sp, c, od, at, m, placed, ou, w, how, hi, lo);                       \
    }
OPEN_DP(2)
OPEN_DP(4)
OPEN_DP(8)

static int cage_open_dp9(rg_space *sp, const cage *c, const rg_mask *od, const int *at, int m,
                         rg_mask placed, rg_mask ou)
{
    rg_mask gone = 0x1ffu & ~ou, lo = gone & -gone, hi = gone & ~lo;
    switch (__builtin_popcount(ou)) {
    case 7:
        if (ou < 128) return cage_open_dp2(sp, c, od, at, m, placed, ou, OPEN_PLAIN, 0, 0);
        return cage_open_dp2(sp, c, od, at, m, placed, ou, OPEN_SQUEEZED, hi, lo);
    case 8:
        if (ou < 256) return cage_open_dp4(sp, c, od, at, m, placed, ou, OPEN_PLAIN, 0, 0);
        return cage_open_dp4(sp, c, od, at, m, placed, ou, OPEN_SQUEEZED, gone, 0);
    default: return cage_open_dp8(sp, c, od, at, m, placed, ou, OPEN_PLAIN, 0, 0);
    }
}

/* d[i]: the digits of open cell i in rest; 0 when one has none. *fresh:
 * those digits the cells do not keep yet. */
static inline int cut_to_set(const rg_mask *od, int m, rg_mask rest, const rg_mask *keep,
                             rg_mask *d, rg_mask *fresh)
{
    rg_mask f = 0;
    for (int i = 0; i < m; i++) {
        if (!(d[i] = od[i] & rest)) return 0;
        f |= d[i] & ~keep[i];
    }
    *fresh = f;
    return 1;
}

/* What it does is said above SETS_OPEN.
 * Long: the choice of matching stays inline in the loop over the sets (as
 * a helper it cost 0.6 % more instructions on a killer slice). */
static int cage_propagate_open(rg_space *sp, const cage *c)
{
    const rg_mask *dom = cages_host->domains(sp);
    rg_mask placed = 0, uni = 0, ou = 0, od[LSUM_DP_DIGITS], d[LSUM_DP_DIGITS], sup[LSUM_DP_DIGITS];
    rg_mask keep[LSUM_DP_DIGITS], cand[SETS_FEW + 1];
    int at[LSUM_DP_DIGITS], m = 0, nc = 0;
    for (int i = 0; i < c->n; i++) {
        rg_mask x = dom[c->cells[i]];
        uni |= x;
        if (x & (x - 1)) {
            keep[m] = 0;
            at[m] = c->cells[i];
            ou |= od[m++] = x;
        } else {
            if (x & placed || !x) goto none;
            placed |= x;
        }
    }
    ou &= ~placed;
    if (m && __builtin_popcount(ou) <= OPEN_DIGITS)
        return cage_open_small(sp, c, od, at, m, placed, ou);
    if (m >= 3 && m <= SETS_OPEN && c->D == 9) return cage_open_dp9(sp, c, od, at, m, placed, ou);
    if (m > SETS_OPEN) {
        /* Long: set by set only when few sets are left. */
        for (int s = 0; s < c->nsets; s++) {
            rg_mask set = c->sets[s];
            if ((set & ~uni) || (set & placed) != placed) continue;
            if (nc == SETS_FEW) return -2;
            cand[nc++] = set;
        }
    }
    rg_mask required = ~(rg_mask)0;
    int any = 0, ns = m > SETS_OPEN ? nc : c->nsets;
    const rg_mask *sets = m > SETS_OPEN ? cand : c->sets;
    for (int s = 0; s < ns; s++) {
        rg_mask set = sets[s], rest = set & ~placed;
        if ((set & ~uni) || (set & placed) != placed) continue;
        rg_mask fresh;
        if (!cut_to_set(od, m, rest, keep, d, &fresh)) continue;
        /* A set whose digits every cell keeps already, holding every digit
         * still required, changes nothing whether it matches or not. */
        if (any && !fresh && !(required & ~set)) continue;
        if (any && !fresh && m > 2 && m <= SETS_OPEN) {
            /* Only whether it matches counts (for the digits required). */
            if (match_onto_exists(d, m, rest)) required &= set;
            continue;
        }
        if (m <= 2) {
            if (m && !match_fast(d, m, sup)) continue;
        } else if (m <= SETS_OPEN) {
            if (!match_onto(d, m, rest, sup)) continue;
        } else if (!match_support(d, m, sup)) {
            continue;
        }
        for (int i = 0; i < m; i++) keep[i] |= sup[i];
        required &= set;
        any = 1;
    }
    if (!any) goto none;
    if (!m) return RG_PROP_SUBSUMED;
    for (int i = 0; i < m; i++)
        if (keep[i] != od[i] && cages_host->keep(sp, at[i], keep[i]) < 0) return RG_PROP_FAIL;
    return c->nh ? eliminate_required(sp, c, required & ~placed) : RG_PROP_FIX;
none:
    return no_set(sp, c);
}

/* cage_filter's sets: of those of c that fit (hold the placed digits, the
 * others in uni, the open cells' union: set ^ placed misses every bit of
 * keep, placed and the digits no open cell holds), *allow the union,
 * *required the intersection, *any all ones when one fits. Without a
 * branch per set (which set fits is hard to predict), four at a time (the
 * lanes' ors and ands folded after; one set an iteration, this loop was
 * about a seventh of killer.jsonl's instructions). The sets' array has
 * room for a multiple of four (make_sets), so the last four are read
 * whole and the lanes past nsets masked off: no loop for the rest, whose
 * trip count a first solve mispredicts (docs/bench.md, stop 64). */
static inline void fitting_sets(const cage *c, rg_mask placed, rg_mask uni, rg_mask *allow,
                                rg_mask *required, rg_mask *any)
{
    typedef rg_mask v4m __attribute__((vector_size(16)));
    const rg_mask keep = ~uni | placed;
    const v4m vp = {placed, placed, placed, placed}, vk = {keep, keep, keep, keep};
    const v4m lane = {0, 1, 2, 3};
    v4m va = {0, 0, 0, 0}, vr = ~va, vy = va;
    for (int s = 0; s < c->nsets; s += 4) {
        const rg_mask left = (rg_mask)(c->nsets - s);
        const v4m vl = {left, left, left, left};
        v4m set;
        memcpy(&set, c->sets + s, sizeof set);
        v4m fits = (v4m)(((set ^ vp) & vk) == 0) & (v4m)(lane < vl);
        va |= set & fits;
        vr &= set | ~fits;
        vy |= fits;
    }
    *allow = va[0] | va[1] | va[2] | va[3];
    *required = vr[0] & vr[1] & vr[2] & vr[3];
    *any = vy[0] | vy[1] | vy[2] | vy[3];
}

/* The search's cage sum, in sets mode: a set fits when it holds the
 * placed digits and the open cells' digits cover the rest of it. Each open
 * cell keeps the digits of the fitting sets; a digit every fitting set holds
 * (required) that only one open cell can take is that cell's; then again
 * until nothing changes (after a pass that placed a cell: one that only cut
 * cells to the fitting sets' union changed nothing the next pass reads, so
 * it is the last), and the required digits leave the houses around
 * the cage (eliminate_required). No matching: weaker than cage_exact below
 * (it keeps a digit no matching of a fitting set gives the cell, and keeps
 * a set the cells cover but cannot match), for a small part of its cost
 * (about 330 instructions a run on the iss killers against 2,700), and
 * exact once every cell is placed (the placed digits must be a set). The
 * search buys more nodes and far cheaper ones (docs/bench.md, "The cage
 * sum as a filter"); cage_exact runs beside it at sac, in explanations and
 * in verify (implied). A pass reads the cells' domains once: a keep
 * narrows only its own cell (the host queues the rest), so the passes
 * after the first update their copy instead of reading the space again. */
static int cage_filter(rg_space *sp, void *data)
{
    const cage *c = data;
    if (c->nsets < 0) return prune_bounds(sp, c);
    const rg_mask *dom = cages_host->domains(sp);
    rg_mask od[32]; /* the open cells' domains, 0 when placed (n <= D <= 32) */
    for (;;) {
        /* No branch per cell (which are placed is hard to predict); an empty
         * cell or a digit placed twice (popcount below) leaves no set. */
        rg_mask placed = 0, uni = 0;
        int open = 0;
        for (int i = 0; i < c->n; i++) {
            rg_mask x = dom[c->cells[i]], m = -(rg_mask)((x & (x - 1)) != 0); /* ones: open */
            od[i] = x & m;
            placed |= x & ~m;
            uni |= x & m;
            open += m & 1;
        }
        /* (an empty cell counts as placed and gives placed no digit) */
        if (__builtin_popcount(placed) != c->n - open) goto none;
        rg_mask allow, required, any;
        fitting_sets(c, placed, uni, &allow, &required, &any);
        if (!any) goto none;
        if (!open) return RG_PROP_SUBSUMED;
        allow &= ~placed;
        required &= ~placed;
        /* once: the required digits some open cell keeps; twice: two do.
         * placing: a cell this pass leaves with one digit. Only that calls
         * for another pass: a cell cut to allow and still open leaves the
         * open cells' union within allow, which holds every fitting set's
         * open digits, so the same sets fit, and it loses no required
         * digit (required is within allow), so once and twice stay. */
        rg_mask once = 0, twice = 0;
        int placing = 0;
        for (int i = 0; i < c->n; i++) {
            rg_mask x = od[i];
            if (x & ~allow) {
                if (cages_host->keep(sp, c->cells[i], x & allow) < 0) return RG_PROP_FAIL;
                od[i] = x &= allow;
                placing |= !(x & (x - 1));
            }
            twice |= once & x;
            once |= x;
        }
        if (required & ~once) goto none;
        rg_mask single = required & ~twice;
        for (int i = 0; single && i < c->n; i++) {
            rg_mask x = od[i], v = x & single;
            if (!(x & (x - 1)) || !v) continue;
            /* Two required digits with this cell their only holder: no set. */
            if (v & (v - 1)) goto none;
            if (cages_host->keep(sp, c->cells[i], v) < 0) return RG_PROP_FAIL;
            placing = 1;
        }
        if (!placing) return c->nh ? eliminate_required(sp, c, required) : RG_PROP_FIX;
    }
none:
    return no_set(sp, c);
}

/* The exact cage sum, in sets mode: a set survives when the cells can be
 * matched to its digits one to one within their domains; each cell keeps
 * the digits it takes in some such matching of some surviving set. That is
 * every digit some solution of the cage alone uses, and no other (so
 * running again prunes nothing). Digits in every surviving set then leave
 * the houses around the cage. */
static int cage_exact(rg_space *sp, void *data)
{
    const cage *c = data; /* sets mode: bounds mode has the filter alone */
    if (c->dp) {
        int r = cage_propagate_open(sp, c);
        if (r != -2) return r;
        return c->D == 9 ? cage_propagate_dp9(sp, c)
                         : cage_propagate_dp(sp, c, lsum_dp_words(c->D));
    }
    const rg_mask *dom = cages_host->domains(sp);
    rg_mask uni = 0, keep[MATCH_MAX], d[MATCH_MAX], sup[MATCH_MAX], required = ~(rg_mask)0;
    int n = c->n, fixed = 1;
    for (int i = 0; i < n; i++) {
        rg_mask m = dom[c->cells[i]];
        uni |= m;
        keep[i] = 0;
        fixed &= (m & (m - 1)) == 0;
    }
    for (int s = 0; s < c->nsets; s++) {
        rg_mask set = c->sets[s];
        if (set & ~uni) continue;
        int ok = 1;
        for (int i = 0; i < n && ok; i++) ok = (d[i] = dom[c->cells[i]] & set) != 0;
        if (!ok || !match_set(d, n, set, sup)) continue;
        for (int i = 0; i < n; i++) keep[i] |= sup[i];
        required &= set;
    }
    for (int i = 0; i < n; i++)
        if (cages_host->keep(sp, c->cells[i], keep[i]) < 0) return RG_PROP_FAIL;
    if (fixed) return RG_PROP_SUBSUMED;
    return c->nh ? eliminate_required(sp, c, required) : RG_PROP_FIX;
}

/* Placed digits may not pass the sum; all placed, they must make it. */
static int cage_check(const int *values, void *data)
{
    const cage *c = data;
    long s = 0;
    int all = 1;
    for (int i = 0; i < c->n; i++) {
        int v = values[c->cells[i]];
        s += v;
        all &= v != 0;
    }
    return all ? s == c->sum : s <= c->sum;
}

int cages_holds(const int *values, void *data)
{
    (void)values;
    (void)data;
    return 1;
}

static const rg_propagator cage_prop = {.size = sizeof(rg_propagator),
                                        .name = "cage_sum",
                                        .family = "cages",
                                        .cost = RG_COST_LINEAR,
                                        .propagate = cage_filter,
                                        .check = cage_check,
                                        .explain = cages_explain_sum};
static const rg_propagator derived_prop = {.size = sizeof(rg_propagator),
                                           .name = "cage_innies",
                                           .family = "cages",
                                           .cost = RG_COST_LINEAR,
                                           .propagate = cage_filter,
                                           .check = cages_holds,
                                           .flags = RG_PROPAGATOR_NO_CHECK,
                                           .explain = cages_explain_sum};

/* The sum's propagator (def: cage_prop or derived_prop, its filter) and,
 * in sets mode, its exact twin, implied (the filter refuses whatever the
 * exact one refuses once the cells are placed). The twin comes first: an
 * explanation runs the propagators of a rank in order, so that it gives
 * the exact step whole (the filter then finds nothing more). */
static int add_sum_props(rg_build *b, const rg_propagator *def, cage *c)
{
    if (c->nsets >= 0) {
        rg_propagator exact = *def;
        exact.name = def == &cage_prop ? "cage_sum_exact" : "cage_innies_exact";
        exact.propagate = cage_exact;
        exact.check = cages_holds;
        exact.flags = RG_PROPAGATOR_IMPLIED;
        int rc = cages_host->add_propagator(b, &exact, c, c->cells, c->n, RG_EV_DOMAIN);
        if (rc != RG_OK) return rc;
    }
    return cages_host->add_propagator(b, def, c, c->cells, c->n, RG_EV_DOMAIN);
}

/* The digit sets of c (or bounds mode when there are too many). */
static int make_sets(rg_build *b, rg_rule *r, cage *c)
{
    int count = cages_count_sets(b, c->D, c->n, c->sum, MAX_SETS);
    if (count < 0) return cages_host->error(b, r, NULL, "out of memory");
    if (count > MAX_SETS) {
        c->nsets = -1;
        return RG_OK;
    }
    c->dp = c->D <= LSUM_DP_DIGITS && c->n >= CAGE_DP_CELLS && c->n <= c->D;
    /* Cages of one size and sum share their sets (read-only once listed). */
    cages_model *cm = cages_model_of(b);
    size_t at = (size_t)c->n * (size_t)(cm->smax + 1) + (size_t)c->sum;
    if (count > 0 && !cm->sets) {
        size_t cells = (size_t)(cm->ways_digits + 1) * (size_t)(cm->smax + 1);
        cm->sets = cages_host->alloc(b, cells * sizeof *cm->sets);
        cm->nsets = cages_host->alloc(b, cells * sizeof *cm->nsets);
        if (!cm->sets || !cm->nsets) return cages_host->error(b, r, NULL, "out of memory");
    }
    if (count > 0 && cm->sets[at]) {
        c->sets = cm->sets[at];
        c->nsets = cm->nsets[at];
        return RG_OK;
    }
    /* Room for a multiple of four sets: fitting_sets reads four at a time
     * (the rest zero, never counted). */
    size_t room = count > 4 ? ((size_t)count + 3) & ~(size_t)3 : 4;
    c->sets = cages_host->alloc(b, room * sizeof *c->sets);
    if (!c->sets) return cages_host->error(b, r, NULL, "out of memory");
    memset(c->sets, 0, room * sizeof *c->sets);
    /* No set at all: the propagator fails at the root and check refuses
     * every assignment (no solution; not a format error). */
    c->nsets = 0;
    cages_list_sets(c->D, 1, c->n, c->sum, 0, c->sets, &c->nsets, MAX_SETS);
    if (count > 0) {
        cm->sets[at] = c->sets;
        cm->nsets[at] = c->nsets;
    }
    return RG_OK;
}

int cages_add_sum(rg_build *b, rg_rule *r, cage *c)
{
    int rc = make_sets(b, r, c);
    if (rc != RG_OK) return rc;
    /* A cage of one cell fixes it: a restriction of its root domain (to
     * nothing when no digit makes the sum), which the root's first naked
     * singles spread with the givens, and the restriction's check is the
     * cage's; a propagator would only repeat that once. */
    if (c->n == 1) return cages_host->restrict_cell(b, c->cells[0], c->nsets ? c->sets[0] : 0);
    return add_sum_props(b, &cage_prop, c);
}

/* A derived sum over more than half of one house (the innies of a house
 * whose cages cover fewer cells than the sum has) is implied in the search
 * as well: its filter, with the exact twin, runs at sac, in explanations
 * and in verify. The cages and the house reach most of what it prunes,
 * while it wakes on every change of its many cells and has as many digit
 * sets as a cage: left out below sac, 144 turned killers of iss.jsonl took
 * 13 % more nodes and 5 % less time, the killers solved at the root 7 %
 * fewer instructions (docs/bench.md, "Innies over most of a house at sac
 * only"). */
static int derived_in_search(int n, int D) { return 2 * n <= D; }

int cages_add_derived(rg_build *b, rg_rule *r, const int *cells, int n, int D, long total,
                      const dorigin *origin)
{
    cage *c = cages_host->alloc(b, sizeof *c);
    if (!c) return cages_host->error(b, r, NULL, "out of memory");
    c->cells = cells;
    c->n = n;
    c->D = D;
    c->has_sum = 1;
    c->sum = total;
    c->mark = -1;
    c->origin = *origin;
    int rc = make_sets(b, r, c);
    if (rc == RG_OK) rc = cages_house_lists(b, r, c);
    if (rc != RG_OK) return rc;
    if (derived_in_search(n, D)) return add_sum_props(b, &derived_prop, c);
    rg_propagator implied = derived_prop;
    implied.flags = RG_PROPAGATOR_IMPLIED;
    return add_sum_props(b, &implied, c);
}

/* Room in cm->hcount for every house of the model. */
static int hcount_room(rg_build *b, cages_model *cm)
{
    int nh = cages_host->house_count(b);
    if (nh <= cm->hcap) return 0;
    int cap = cm->hcap ? cm->hcap : 256;
    while (cap < nh) cap *= 2;
    int *grown = cages_host->alloc(b, (size_t)cap * sizeof *grown);
    if (!grown) return -1;
    cm->hcount = grown; /* all zero: the old block is zero too between calls */
    cm->hcap = cap;
    return 0;
}

int cages_touching(rg_build *b, const int *cells, int n, int min, int **houses, int **count)
{
    *houses = *count = NULL;
    cages_model *cm = cages_model_of(b);
    if (!cm || hcount_room(b, cm) < 0) return -1;
    /* Each cell's houses asked once (for up to TOUCH_CELLS cells). */
    enum { TOUCH_CELLS = 128 };
    const int *chs[TOUCH_CELLS];
    int ck[TOUCH_CELLS];
    size_t total = 0;
    for (int i = 0; i < n; i++) {
        const int *hs;
        int k = cages_host->cell_houses(b, cells[i], &hs);
        if (k < 0) return -1;
        if (i < TOUCH_CELLS) chs[i] = hs, ck[i] = k;
        total += (size_t)k;
    }
    int *all = malloc(2 * (total ? total : 1) * sizeof *all), m = 0;
    if (!all) return -1;
    for (int i = 0; i < n; i++) {
        const int *hs = chs[i < TOUCH_CELLS ? i : 0];
        int k = i < TOUCH_CELLS ? ck[i] : cages_host->cell_houses(b, cells[i], &hs);
        for (int j = 0; j < k; j++)
            if (cm->hcount[hs[j]]++ == 0) all[m++] = hs[j];
    }
    int kept = 0, *cnt = all + total;
    for (int t = 0; t < m; t++) {
        int h = all[t];
        if (cm->hcount[h] >= min) all[kept++] = h;
    }
    cages_sort_ints(all, kept); /* ascending */
    for (int t = 0; t < kept; t++) cnt[t] = cm->hcount[all[t]];
    for (int i = 0; i < n; i++) {
        const int *hs = chs[i < TOUCH_CELLS ? i : 0];
        int k = i < TOUCH_CELLS ? ck[i] : cages_host->cell_houses(b, cells[i], &hs);
        for (int j = 0; j < k; j++) cm->hcount[hs[j]] = 0;
    }
    *houses = all;
    *count = cnt;
    return kept;
}

/* Long: one pass over the houses around the cage, counting them first so
 * that the lists take no more room than they hold. */
int cages_house_lists(rg_build *b, rg_rule *r, cage *c)
{
    int *hs, *cnt, k = 0;
    int nt = cages_touching(b, c->cells, c->n, 2, &hs, &cnt);
    if (nt < 0) return cages_host->error(b, r, NULL, "out of memory");
    for (int t = 0; t < nt; t++) {
        const int *hc;
        int hn, kind;
        cages_host->house(b, hs[t], &hc, &hn, &kind);
        if (cnt[t] >= 2 && cnt[t] < hn) hs[k++] = hs[t];
    }
    c->hin = cages_host->alloc(b, (size_t)(k ? k : 1) * sizeof *c->hin);
    c->hout = cages_host->alloc(b, (size_t)(k ? k : 1) * sizeof *c->hout);
    c->hnout = cages_host->alloc(b, (size_t)(k ? k : 1) * sizeof *c->hnout);
    if (!c->hin || !c->hout || !c->hnout) {
        free(hs);
        return cages_host->error(b, r, NULL, "out of memory");
    }
    for (int t = 0; t < k; t++) {
        const int *hc;
        int hn, kind, inside = 0;
        uint32_t in = 0;
        cages_host->house(b, hs[t], &hc, &hn, &kind);
        for (int j = 0; j < hn; j++) {
            int i = cages_index_in(c->cells, c->n, hc[j]);
            if (i >= 0) in |= (uint32_t)1 << i, inside++;
        }
        int *out = cages_host->alloc(b, (size_t)(hn - inside) * sizeof *out);
        if (!out) {
            free(hs);
            return cages_host->error(b, r, NULL, "out of memory");
        }
        int m = 0;
        for (int j = 0; j < hn; j++)
            if (cages_index_in(c->cells, c->n, hc[j]) < 0) out[m++] = hc[j];
        c->hin[t] = in;
        c->hout[t] = out;
        c->hnout[t] = m;
    }
    free(hs);
    c->nh = k;
    return RG_OK;
}
