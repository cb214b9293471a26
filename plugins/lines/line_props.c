/* Propagators and checks of the line kinds (reading is in lines.c); the
 * reasoning for each kind is in docs/rules-cages-lines-arrows.md. */
#include <stdint.h>

#include "lines.h"
#include "linsum.h"
#include "match.h"
#include "sumset.h"

/* Each propagator keeps exactly the digits some assignment satisfying its
 * line alone (within the current domains) uses, except whisper on a loop
 * (arc consistency) and region_sum (segments outside boxes may repeat
 * digits; above LSUM_DP_DIGITS digits, distinct digits within a segment are
 * left to the box); a whisper's middles between two cells of a house keep
 * less (whisper_mids: the house's distinct digits). */

/* ---- Masks ---------------------------------------------------------------- */

/* mask_upto without a branch: clamped, then one shift (where a line's
 * bounds fall is hard to predict). Kept here: made the shared mask_upto, it
 * changed GCC 12's inlining enough to raise a false maybe-uninitialized
 * error in renban_windows. */
static inline rg_mask upto(int d)
{
    int k = d < 0 ? 0 : d > 32 ? 32 : d;
    return (rg_mask)(((uint64_t)1 << k) - 1);
}

/* Digits >= v, <= v, in [lo, hi] (empty outside 1..D). */
static inline rg_mask ge(int v, int D) { return upto(D) & ~upto(v - 1); }
static inline rg_mask le(int v, int D) { return upto(v < D ? v : D); }
static inline rg_mask span(int lo, int hi, int D) { return ge(lo, D) & le(hi, D); }
static rg_mask bit(int d) { return (rg_mask)1 << (d - 1); }

/* lines_host->keep when it removes something (mask_keep). */
static inline int keep_cell(rg_space *sp, const rg_mask *dom, int c, rg_mask m)
{
    return mask_keep(lines_host, sp, dom, c, m);
}

/* host->remove, likewise only when the cell holds one of the digits. */
static inline int remove_cell(rg_space *sp, const rg_mask *dom, int c, rg_mask m)
{
    return dom[c] & m ? lines_host->remove(sp, c, m) : 0;
}

/* ---- Sums of a line's cells (sumset.h) ------------------------------------ */

/* Keeps in cells[i] the digits x with some sum of the others plus x in target. */
static int keep_hitting(rg_space *sp, const int *cells, int n, int i, const sumset *target, int cap,
                        int nw)
{
    const rg_mask *dom = lines_host->domains(sp);
    rg_mask keep = nw == 1 ? sumset64_kept(dom, cells, n, i, cap, target->w[0])
                           : sumset_kept(dom, cells, n, i, cap, nw, target);
    return keep_cell(sp, dom, cells[i], keep) < 0 ? RG_PROP_FAIL : RG_PROP_FIX;
}

/* Keeps in each of cells[0..n) the digits x with some sum of the others
 * plus x in target: both ways along the cells at once (sumset_supports),
 * cell by cell past SUMSET_SUPPORT_CELLS. */
static int keep_all_hitting(rg_space *sp, const int *cells, int n, const sumset *target, int cap,
                            int nw)
{
    if (n > SUMSET_SUPPORT_CELLS) {
        for (int i = 0; i < n; i++)
            if (keep_hitting(sp, cells, n, i, target, cap, nw) < 0) return RG_PROP_FAIL;
        return RG_PROP_FIX;
    }
    const rg_mask *dom = lines_host->domains(sp);
    rg_mask keep[SUMSET_SUPPORT_CELLS];
    if (nw == 1)
        sumset64_supports(dom, cells, n, cap, target->w[0], keep);
    else
        sumset_supports(dom, cells, n, cap, nw, target, keep);
    for (int i = 0; i < n; i++)
        if (keep_cell(sp, dom, cells[i], keep[i]) < 0) return RG_PROP_FAIL;
    return RG_PROP_FIX;
}

/* The closing step of a loop counts as a step only with 3 or more cells. */
static int steps(const line *l) { return l->closed && l->n > 2 ? l->n : l->n - 1; }

/* ---- thermo, slow_thermo ---------------------------------------------------- */

/* A chain of <, or <=: a digit stays when the smallest digit left before it
 * is below it and the largest left after it is above it. One pass up the
 * line raises the floors, one down lowers the ceilings; the second pass
 * removes only tops, which leaves the floors the first relied on. */
static int prop_thermo(rg_space *sp, void *data)
{
    const line *l = data;
    const rg_mask *dom = lines_host->domains(sp);
    int D = l->D, strict = l->kind == LINE_THERMO;
    int lo = 1;
    for (int i = 0; i < l->n; i++) {
        if (keep_cell(sp, dom, l->cells[i], ge(lo, D)) < 0) return RG_PROP_FAIL;
        lo = mask_lowest(dom[l->cells[i]]) + strict;
    }
    int hi = D;
    for (int i = l->n - 1; i >= 0; i--) {
        if (keep_cell(sp, dom, l->cells[i], le(hi, D)) < 0) return RG_PROP_FAIL;
        hi = mask_highest(dom[l->cells[i]]) - strict;
    }
    return RG_PROP_FIX;
}

static int check_thermo(const int *values, void *data)
{
    const line *l = data;
    int strict = l->kind == LINE_THERMO, last = -1, lastv = 0;
    for (int i = 0; i < l->n; i++) {
        int v = values[l->cells[i]];
        if (!v) continue;
        /* Strict: k steps along the line need a rise of at least k. */
        if (last >= 0 && (strict ? v - lastv < i - last : v < lastv)) return 0;
        last = i;
        lastv = v;
    }
    return 1;
}

/* ---- whisper ------------------------------------------------------------------ */

/* Digits at least k away from some digit of m. */
static inline __attribute__((always_inline)) rg_mask far_from(rg_mask m, int k, int D)
{
    return m ? ge(mask_lowest(m) + k, D) | le(mask_highest(m) - k, D) : 0;
}

/* The middle cell of three on the line whose ends one house holds: the
 * ends take two different digits, each k or more away from the middle's,
 * so a middle digit with only one such digit among both ends' candidates
 * goes (a 4 or a 6 between two cells of a box on a German whisper;
 * lines_two_far). Run after arc consistency, which gives each middle digit
 * one in each end; two digits in the ends' union then give one each,
 * different. Returns 1 when a middle lost a digit, RG_PROP_FAIL on a
 * wipe-out. */
static int whisper_mids(rg_space *sp, const line *l, const rg_mask *dom)
{
    int changed = 0;
    for (int j = 0; j < l->nmid; j++) {
        int p = l->mid[j], a, b;
        lines_mid_ends(l, p, &a, &b);
        int r = keep_cell(sp, dom, l->cells[p], lines_two_far(dom[a] | dom[b], l->value, l->D));
        if (r < 0) return RG_PROP_FAIL;
        changed |= r;
    }
    return changed;
}

/* Arc consistency on each step. On a path (open, no cell twice) one sweep
 * along the line (each cell kept to the digits its predecessor allows) and
 * one back (each kept to what its successor allows) reach the fixpoint, as
 * on any tree of pairs: the relation is symmetric, so a digit that supports
 * a kept digit of the next cell is itself kept on the way back. A loop, or
 * a line through a cell twice, goes over its steps until nothing changes
 * (exact on a path, sound on a loop). RG_PROP_FAIL on a wipe-out, else 0. */
static int whisper_arcs(rg_space *sp, const line *l, const rg_mask *dom)
{
    int E = steps(l), changed;
    if (l->path) {
        for (int e = 0; e < E; e++)
            if (keep_cell(sp, dom, l->cells[e + 1], far_from(dom[l->cells[e]], l->value, l->D)) < 0)
                return RG_PROP_FAIL;
        for (int e = E - 1; e >= 0; e--)
            if (keep_cell(sp, dom, l->cells[e], far_from(dom[l->cells[e + 1]], l->value, l->D)) < 0)
                return RG_PROP_FAIL;
        return 0;
    }
    do {
        changed = 0;
        for (int e = 0; e < E; e++) {
            int a = l->cells[e], b = l->cells[(e + 1) % l->n];
            int r = keep_cell(sp, dom, a, far_from(dom[b], l->value, l->D));
            if (r < 0) return RG_PROP_FAIL;
            changed |= r;
            r = keep_cell(sp, dom, b, far_from(dom[a], l->value, l->D));
            if (r < 0) return RG_PROP_FAIL;
            changed |= r;
        }
    } while (changed);
    return 0;
}

/* The arcs (whisper_arcs), then the middles (whisper_mids), and both again
 * while the middles lose digits. */
static int prop_whisper(rg_space *sp, void *data)
{
    const line *l = data;
    const rg_mask *dom = lines_host->domains(sp);
    int mids;
    do {
        if (whisper_arcs(sp, l, dom) < 0) return RG_PROP_FAIL;
        if ((mids = l->nmid ? whisper_mids(sp, l, dom) : 0) < 0) return RG_PROP_FAIL;
    } while (mids);
    return RG_PROP_FIX;
}

static int check_whisper(const int *values, void *data)
{
    const line *l = data;
    for (int e = 0; e < steps(l); e++) {
        int a = values[l->cells[e]], b = values[l->cells[(e + 1) % l->n]];
        if (a && b && (a > b ? a - b : b - a) < l->value) return 0;
    }
    return 1;
}

/* ---- renban ------------------------------------------------------------------- */

/* renban_windows for n <= 3 cells (domains d), every window at once: bit
 * lo - 1 of a mask stands for the window from lo, ok holds the windows to
 * try. An order of the cells on the window's digits fits the windows where
 * each cell has its digit (its domain shifted down by the digit's place in
 * the window); a cell keeps its digits in the orders that fit. Returns the
 * windows some order fits. */
static rg_mask renban_small(const rg_mask *d, int n, rg_mask ok, rg_mask *keep)
{
    if (n == 1) return keep[0] = d[0] & ok;
    if (n == 2) {
        rg_mask f01 = ok & d[0] & d[1] >> 1, f10 = ok & d[0] >> 1 & d[1];
        keep[0] = f01 | f10 << 1;
        keep[1] = f10 | f01 << 1;
        return f01 | f10;
    }
    /* fabc: cell 0 on place a, cell 1 on b, cell 2 on c. */
    rg_mask d0 = d[0] & ok, d1 = d[1] >> 1, d2 = d[2] >> 2;
    rg_mask f012 = d0 & d1 & d2, f021 = d0 & d[1] >> 2 & d[2] >> 1;
    rg_mask e0 = d[0] >> 1 & ok, e1 = d[0] >> 2 & ok;
    rg_mask f102 = e0 & d[1] & d2, f120 = e0 & d[1] >> 2 & d[2];
    rg_mask f201 = e1 & d[1] & d[2] >> 1, f210 = e1 & d1 & d[2];
    keep[0] = f012 | f021 | (f102 | f120) << 1 | (f201 | f210) << 2;
    keep[1] = f102 | f201 | (f012 | f210) << 1 | (f021 | f120) << 2;
    keep[2] = f120 | f210 | (f021 | f201) << 1 | (f012 | f102) << 2;
    return f012 | f021 | f102 | f120 | f201 | f210;
}

/* Every window of n consecutive digits that holds the digits need is tried
 * as the set of the line: it survives when the cells can be matched to its
 * digits one to one; a cell keeps what it takes in some matching of some
 * window. *every gets the digits of every surviving window. Lines of up to
 * three cells try every window at once (renban_small). */
static int renban_windows(rg_space *sp, const line *l, rg_mask need, rg_mask *every)
{
    const rg_mask *dom = lines_host->domains(sp);
    int n = l->n, D = l->D;
    if (n > D || n > MATCH_MAX) return RG_PROP_FAIL;
    rg_mask keep[MATCH_MAX], d[MATCH_MAX], sup[MATCH_MAX], full = mask_upto(n);
    *every = ~(rg_mask)0;
    /* A window holds a digit of every cell: it starts at most n - 1 below
     * each cell's lowest digit and at or below each one's highest. */
    int first = 1, last = D - n + 1;
    for (int i = 0; i < n; i++) {
        rg_mask m = d[i] = dom[l->cells[i]];
        if (!m) {
            last = 0; /* no window: the cells keep nothing */
            continue;
        }
        if (mask_lowest(m) - n + 1 > first) first = mask_lowest(m) - n + 1;
        if (mask_highest(m) < last) last = mask_highest(m);
    }
    if (n <= 3) {
        if (need) {
            if (mask_highest(need) - n + 1 > first) first = mask_highest(need) - n + 1;
            if (mask_lowest(need) < last) last = mask_lowest(need);
        }
        rg_mask ok = first > last ? 0 : mask_upto(last) & ~mask_upto(first - 1);
        rg_mask wins = renban_small(d, n, ok, keep);
        /* The windows are intervals: they all hold the digits of the
         * first and the last. */
        if (wins) *every = full << __builtin_ctz(wins) & full << (mask_highest(wins) - 1);
    } else {
        rg_mask in[MATCH_MAX];
        for (int i = 0; i < n; i++) keep[i] = 0;
        for (int lo = first; lo <= last; lo++) {
            rg_mask w = full << (lo - 1);
            if (need & ~w) continue;
            int ok = 1;
            for (int i = 0; i < n && ok; i++) ok = (in[i] = d[i] & w) != 0;
            if (!ok || !match_support(in, n, sup)) continue;
            for (int i = 0; i < n; i++) keep[i] |= sup[i];
            *every &= w;
        }
    }
    for (int i = 0; i < n; i++)
        if (keep_cell(sp, dom, l->cells[i], keep[i]) < 0) return RG_PROP_FAIL;
    return RG_PROP_FIX;
}

static int prop_renban(rg_space *sp, void *data)
{
    rg_mask every;
    return renban_windows(sp, data, 0, &every);
}

/* A renban with its houses (lines.c, link_renban). A unit whose other cells
 * have lost a digit puts it on the line, in the unit's cells of the line
 * (the line repeats no digit): the windows must hold it. A digit of every
 * surviving window is on the line: when the cells that can hold it all lie
 * in one house, the house's other cells lose it, which may put it on the
 * line for another unit: then the units are looked at again. The per-space
 * state keeps the line's domains and the digits the units put on the line
 * when the last run ended: when both are the same, the windows would find
 * nothing new. */

/* Adds to *need the digits the units put on the line, which leave the
 * line's other cells; sets *changed when a cell of the line lost a digit. */
static int units_on(rg_space *sp, const line *l, rg_mask *need, int *changed)
{
    const rg_mask *dom = lines_host->domains(sp);
    rg_mask all = mask_upto(l->D);
    for (int h = 0; h < l->nhouses; h++) {
        const gh_house *H = &l->houses[h];
        if (H->size != l->D) continue; /* not a unit */
        rg_mask elsewhere = 0;
        for (int c = 0; c < H->nout; c++) elsewhere |= dom[H->out[c]];
        rg_mask on = all & ~elsewhere;
        if (!on) continue;
        *need |= on;
        for (int i = 0; i < l->n; i++) {
            if (H->in >> i & 1) continue;
            int r = remove_cell(sp, dom, l->cells[i], on);
            if (r < 0) return RG_PROP_FAIL;
            *changed |= r;
        }
    }
    return RG_PROP_FIX;
}

/* The digits of every (every surviving window) leave the other cells of a
 * house holding every cell of the line that can take them. Returns
 * RG_PROP_FAIL, or 1 when a cell lost a digit, else 0. */
static int clear_houses(rg_space *sp, const line *l, rg_mask every)
{
    const rg_mask *dom = lines_host->domains(sp);
    int more = 0;
    for (rg_mask x = every; x; x &= x - 1) {
        rg_mask dig = x & -x;
        uint32_t at = 0; /* the positions that can hold the digit */
        for (int i = 0; i < l->n; i++)
            if (dom[l->cells[i]] & dig) at |= (uint32_t)1 << i;
        if (__builtin_popcount(at) < 2) continue; /* placed: naked singles */
        for (int h = 0; h < l->nhouses; h++) {
            const gh_house *H = &l->houses[h];
            if (at & ~H->in) continue;
            for (int c = 0; c < H->nout; c++) {
                int r = remove_cell(sp, dom, H->out[c], dig);
                if (r < 0) return RG_PROP_FAIL;
                more |= r;
            }
        }
    }
    return more;
}

/* The house reasoning, with the units (units = 1) or without them, in the
 * per-space state st. */
static int renban_houses_run(rg_space *sp, const line *l, int units, int state)
{
    const rg_mask *dom = lines_host->domains(sp);
    rg_mask *st = lines_host->state(sp, state); /* the line's cells, then need */
    rg_mask need = 0, every;
    int changed = 0;
    if (units && units_on(sp, l, &need, &changed) < 0) return RG_PROP_FAIL;
    for (int i = 0; i < l->n && !changed; i++) changed = dom[l->cells[i]] != st[i];
    if (!changed && need == st[l->n]) return RG_PROP_FIX;
    for (;;) {
        if (renban_windows(sp, l, need, &every) < 0) return RG_PROP_FAIL;
        int more = clear_houses(sp, l, every);
        if (more < 0) return RG_PROP_FAIL;
        rg_mask again = need;
        int moved = 0; /* a cell of the line lost a digit */
        if (more && units && units_on(sp, l, &again, &moved) < 0) return RG_PROP_FAIL;
        if (again == need && !moved) break;
        need = again;
    }
    for (int i = 0; i < l->n; i++) st[i] = dom[l->cells[i]];
    st[l->n] = need;
    return RG_PROP_FIX;
}

/* The windows and the house clearing, at every level. */
static int prop_renban_clear(rg_space *sp, void *data)
{
    const line *l = data;
    return renban_houses_run(sp, l, 0, l->state2);
}

/* With the units too: implied by the above and the houses, run at sac only
 * (docs/bench.md, "Implied propagators outside the cages"). */
static int prop_renban_houses(rg_space *sp, void *data)
{
    const line *l = data;
    return renban_houses_run(sp, l, 1, l->state);
}

static int check_renban(const int *values, void *data)
{
    const line *l = data;
    rg_mask seen = 0;
    int lo = 99, hi = 0;
    for (int i = 0; i < l->n; i++) {
        int v = values[l->cells[i]];
        if (!v) continue;
        if (seen & bit(v)) return 0;
        seen |= bit(v);
        if (v < lo) lo = v;
        if (v > hi) hi = v;
    }
    return !seen || hi - lo <= l->n - 1;
}

/* ---- region_sum ---------------------------------------------------------------- */

/* A segment whose cells share a box takes distinct digits; its sums and
 * supports then go by the sets of digits its cells can take (linsum.h, up
 * to LSUM_DP_DIGITS digits). */
static int seg_distinct(const line *l, int s)
{
    return l->segbox[s] && l->D <= LSUM_DP_DIGITS && l->seg[s + 1] - l->seg[s] <= LSUM_CELLS;
}

/* The domains (d) and the sets of distinct digits (lay) of segment s's
 * cells, for a seg_distinct segment. */
static void seg_sets(const line *l, const rg_mask *dom, int s, rg_mask *d,
                     uint64_t (*lay)[LSUM_DP_WORDS])
{
    const int *cells = l->cells + l->seg[s];
    int n = l->seg[s + 1] - l->seg[s];
    for (int i = 0; i < n; i++) d[i] = dom[cells[i]];
    lsum_forward(d, n, lsum_dp_words(l->D), lay);
}

/* The sums (up to cap) segment s can make: with distinct digits inside a
 * box, else with repeats; lay receives the sets of digits (distinct). */
static void seg_sums(const line *l, const rg_mask *dom, int s, int cap, int nw, rg_mask *d,
                     uint64_t (*lay)[LSUM_DP_WORDS], sumset *out)
{
    const int *cells = l->cells + l->seg[s];
    int n = l->seg[s + 1] - l->seg[s];
    if (!seg_distinct(l, s)) {
        sumset_of_cells(dom, cells, n, -1, cap, nw, out);
        return;
    }
    int dpw = lsum_dp_words(l->D);
    seg_sets(l, dom, s, d, lay);
    memset(out, 0, sizeof *out);
    for (int w = 0; w < dpw; w++)
        for (uint64_t bits = lay[n][w]; bits; bits &= bits - 1) {
            int x = lsum_setsum((rg_mask)(w * 64 + __builtin_ctzll(bits)));
            if (x <= cap) out->w[x / 64] |= (uint64_t)1 << (x % 64);
        }
}

/* The sums (below 128) of the sets of distinct digits in the last layer
 * of a seg_distinct segment of n cells (lsum_layer_sums; layers packed,
 * dpw words each). */
static lsum_u128 sets_sums(const uint64_t *lay, int n, int dpw)
{
    uint64_t w[3] = {0, 0, 0};
    lsum_layer_sums(lay + (size_t)n * dpw, dpw, w);
    return (lsum_u128)w[1] << 64 | w[0];
}

/* lsum_forward_at and lsum_backward_at on packed layers, with the word
 * count of 9 digits made a constant, the usual board, so that their loops
 * unroll (flatten: the backward pass's lsum_backward_sets_at inlined too). */
static void sets_forward(const rg_mask *d, int n, int dpw, uint64_t *lay)
{
    if (dpw == 8)
        lsum_forward_at(d, n, 8, lay, 8);
    else
        lsum_forward_at(d, n, dpw, lay, dpw);
}

__attribute__((flatten)) static void sets_backward(const rg_mask *d, int n, int dpw,
                                                   const uint64_t *lay, const uint64_t *allowed,
                                                   rg_mask *keep)
{
    if (dpw == 8)
        lsum_backward_at(d, n, 8, lay, 8, allowed, keep);
    else
        lsum_backward_at(d, n, dpw, lay, dpw, allowed, keep);
}

/* The sums of a seg_distinct segment of one or two cells (d), without
 * layers: a digit v (bit v - 1) is the sum v (bit v); a pair of different
 * digits their sum (lsum_pair_sums). */
static lsum_u128 small_sums(const rg_mask *d, int n)
{
    return n == 1 ? (lsum_u128)d[0] << 1 : lsum_pair_sums(d[0], d[1]);
}

/* What a segment of one or two cells keeps: the digits making an allowed
 * sum (alone, or with a different digit of the other cell). */
static void small_keep(const rg_mask *d, int n, uint64_t allowed, rg_mask *keep)
{
    if (n == 1) {
        keep[0] = d[0] & (rg_mask)(allowed >> 1);
        return;
    }
    keep[0] = lsum_pair_keep(d[0], d[1], allowed);
    keep[1] = lsum_pair_keep(d[1], d[0], allowed);
}

/* Layers kept between the two passes of prop_region_sets: room for RS_ROWS
 * of them at any digits (region_sets_wide), or of 9 digits
 * (region_sets_small, whose frame is then about 2 KB instead of 17). */
#define RS_ROWS (2 * (LSUM_CELLS + 1))

/* region_sum with every segment seg_distinct (l->allsets), incrementally.
 * The per-space state (l->state) holds the common totals and each
 * segment's sums within them as the last run left them, then the line's
 * domains. A segment none of whose cells changed since keeps its sums
 * within the common totals (its own pruning keeps every set making a common
 * total), and the common totals only shrink along a branch, so only the
 * changed segments are summed again. A segment is pruned again when one of
 * its cells changed or the common totals moved: else it already holds
 * exactly what it would keep. The layers of the segments summed stay for
 * their pruning, room allowing (lines.c refuses a region_sum line that
 * visits a cell twice, so no pruning touches another segment); segments
 * of one or two cells go without layers (small_sums). Keeps what
 * prop_region_sum's full pass keeps. lay: room for cap words of layers
 * (packed, dpw words each). */
static inline __attribute__((always_inline)) int prop_region_sets(rg_space *sp, const line *l,
                                                                  uint64_t *lay, int cap)
{
    const rg_mask *dom = lines_host->domains(sp);
    uint64_t *st = lines_host->state(sp, l->state);
    lsum_u128 *sums = (lsum_u128 *)st; /* [0]: common, [1 + s]: segment s */
    rg_mask *last = (rg_mask *)(st + 2 * (l->nseg + 1));
    int dpw = lsum_dp_words(l->D), nseg = l->nseg, used = 0;
    rg_mask d[LSUM_CELLS], keep[LSUM_CELLS];
    int base[LINE_SEGS_MAX];
    uint64_t changed[(LINE_SEGS_MAX + 63) / 64] = {0};
    lsum_u128 prev = sums[0], common = ~(lsum_u128)0;
    for (int s = 0; s < nseg; s++) {
        int a = l->seg[s], n = l->seg[s + 1] - a, moved = !prev;
        for (int i = a; i < a + n && !moved; i++) moved = dom[l->cells[i]] != last[i];
        base[s] = -1;
        if (moved) {
            changed[s / 64] |= (uint64_t)1 << (s % 64);
            for (int i = 0; i < n; i++) d[i] = dom[l->cells[a + i]];
            lsum_u128 got;
            if (n <= 2) {
                got = small_sums(d, n);
            } else {
                if (used + (n + 1) * dpw > cap)
                    used = 0, memset(base, -1, (size_t)s * sizeof base[0]);
                sets_forward(d, n, dpw, lay + used);
                got = sets_sums(lay + used, n, dpw);
                base[s] = used;
                used += (n + 1) * dpw;
            }
            sums[1 + s] = got & (prev ? prev : ~(lsum_u128)0);
        }
        common &= sums[1 + s];
    }
    if (!common) return RG_PROP_FAIL;
    uint64_t allowed[2] = {(uint64_t)common, (uint64_t)(common >> 64)};
    for (int s = 0; s < nseg; s++) {
        sums[1 + s] &= common;
        if (common == prev && !(changed[s / 64] >> (s % 64) & 1)) continue;
        int a = l->seg[s], n = l->seg[s + 1] - a;
        const int *cells = l->cells + a;
        for (int i = 0; i < n; i++) d[i] = dom[cells[i]];
        int at = base[s];
        if (n <= 2) {
            small_keep(d, n, allowed[0], keep);
        } else {
            if (at < 0) {
                if (used + (n + 1) * dpw > cap)
                    used = 0, memset(base, -1, (size_t)nseg * sizeof base[0]);
                at = used;
                sets_forward(d, n, dpw, lay + at);
            }
            sets_backward(d, n, dpw, lay + at, allowed, keep);
        }
        for (int i = 0; i < n; i++)
            if (keep_cell(sp, dom, cells[i], keep[i]) < 0) return RG_PROP_FAIL;
    }
    sums[0] = common;
    for (int i = 0; i < l->n; i++) last[i] = dom[l->cells[i]];
    return RG_PROP_FIX;
}

/* The sums each segment can make intersect in the common totals; a digit
 * stays when the rest of its segment can complete it to a common total.
 * Segments are independent given the total, so this keeps exactly what
 * the line alone allows; a segment inside a box also keeps its digits
 * different (its cells keep the digits they take in a set of distinct
 * digits making a common total), which the box requires anyway. */
static __attribute__((noinline)) int region_sum_full(rg_space *sp, const line *l)
{
    const rg_mask *dom = lines_host->domains(sp);
    int cap = 1 << 30;
    for (int s = 0; s < l->nseg; s++) {
        int hi = 0;
        for (int i = l->seg[s]; i < l->seg[s + 1]; i++) hi += mask_highest(dom[l->cells[i]]);
        if (hi < cap) cap = hi;
    }
    /* Sums past what a set can hold: no pruning (sound; cannot happen for a
     * segment inside one box). */
    if (cap >= SUMSET_WORDS * 64) return RG_PROP_FIX;
    int nw = cap / 64 + 1;
    sumset common = {{0}}, seg;
    rg_mask d[LSUM_CELLS], keep[LSUM_CELLS];
    uint64_t lay[LSUM_CELLS + 1][LSUM_DP_WORDS];
    for (int s = 0; s < l->nseg; s++) {
        seg_sums(l, dom, s, cap, nw, d, lay, &seg);
        for (int k = 0; k < nw; k++) common.w[k] = s ? common.w[k] & seg.w[k] : seg.w[k];
    }
    uint64_t any = 0;
    for (int k = 0; k < nw; k++) any |= common.w[k];
    if (!any) return RG_PROP_FAIL;
    for (int s = 0; s < l->nseg; s++) {
        const int *cells = l->cells + l->seg[s];
        int n = l->seg[s + 1] - l->seg[s];
        if (seg_distinct(l, s)) {
            /* The first pass's layers of s are gone (lay is shared); only
             * they are needed again, not the sums. */
            seg_sets(l, dom, s, d, lay);
            lsum_backward(d, n, lsum_dp_words(l->D), lay, common.w, keep);
            for (int i = 0; i < n; i++)
                if (keep_cell(sp, dom, cells[i], keep[i]) < 0) return RG_PROP_FAIL;
            continue;
        }
        if (keep_all_hitting(sp, cells, n, &common, cap, nw) < 0) return RG_PROP_FAIL;
    }
    return RG_PROP_FIX;
}

/* prop_region_sets with room for RS_ROWS layers at up to 9 digits. */
static int region_sets_small(rg_space *sp, const line *l)
{
    uint64_t lay[RS_ROWS * 8];
    return prop_region_sets(sp, l, lay, RS_ROWS * 8);
}

/* prop_region_sets with room for RS_ROWS layers at any digits. */
static __attribute__((noinline)) int region_sets_wide(rg_space *sp, const line *l)
{
    uint64_t lay[RS_ROWS * LSUM_DP_WORDS];
    return prop_region_sets(sp, l, lay, RS_ROWS * LSUM_DP_WORDS);
}

/* A region sum line: by sets of distinct digits when every segment lies in
 * a box (prop_region_sets), else the full pass (region_sum_full); each out
 * of line with its own room, so that the usual line's frame stays small. */
static int prop_region_sum(rg_space *sp, void *data)
{
    const line *l = data;
    if (!l->allsets) return region_sum_full(sp, l);
    return lsum_dp_words(l->D) <= 8 ? region_sets_small(sp, l) : region_sets_wide(sp, l);
}

static int check_region_sum(const int *values, void *data)
{
    const line *l = data;
    long first = -1;
    for (int s = 0; s < l->nseg; s++) {
        long sum = 0;
        for (int i = l->seg[s]; i < l->seg[s + 1]; i++) {
            int v = values[l->cells[i]];
            if (!v) return 1;
            sum += v;
        }
        if (first < 0) first = sum;
        if (sum != first) return 0;
    }
    return 1;
}

/* ---- palindrome --------------------------------------------------------------- */

static int prop_palindrome(rg_space *sp, void *data)
{
    const line *l = data;
    const rg_mask *dom = lines_host->domains(sp);
    for (int i = 0; i < l->n / 2; i++) {
        int a = l->cells[i], b = l->cells[l->n - 1 - i];
        rg_mask m = dom[a] & dom[b];
        if (keep_cell(sp, dom, a, m) < 0 || keep_cell(sp, dom, b, m) < 0) return RG_PROP_FAIL;
    }
    return RG_PROP_FIX;
}

static int check_palindrome(const int *values, void *data)
{
    const line *l = data;
    for (int i = 0; i < l->n / 2; i++) {
        int a = values[l->cells[i]], b = values[l->cells[l->n - 1 - i]];
        if (a && b && a != b) return 0;
    }
    return 1;
}

/* ---- entropic, modular ----------------------------------------------------------- */

/* Cells closer than w along the line are in different groups. With 3 groups
 * (entropic) or m residues (modular) and windows of w, cells w apart share a
 * group, so the positions fall into classes i mod w (min(n, w) of them) that
 * take pairwise different groups. A class may take a group when every cell
 * of it has a digit there; the classes are matched to groups exactly, and
 * each cell keeps its digits in the groups its class can take. */
static int prop_groups(rg_space *sp, void *data)
{
    const line *l = data;
    const rg_mask *dom = lines_host->domains(sp);
    int w = l->window, k = l->n < w ? l->n : w;
    if (k > l->ngroups || k > MATCH_MAX) return RG_PROP_FAIL;
    rg_mask cls[MATCH_MAX], sup[MATCH_MAX];
    for (int p = 0; p < k; p++) {
        cls[p] = 0;
        for (int g = 0; g < l->ngroups; g++) {
            int ok = 1;
            for (int i = p; i < l->n && ok; i += w) ok = (dom[l->cells[i]] & l->groups[g]) != 0;
            if (ok) cls[p] |= (rg_mask)1 << g;
        }
    }
    if (!match_support(cls, k, sup)) return RG_PROP_FAIL;
    for (int p = 0; p < k; p++) {
        rg_mask allowed = 0;
        for (int g = 0; g < l->ngroups; g++)
            if (sup[p] >> g & 1) allowed |= l->groups[g];
        for (int i = p; i < l->n; i += w)
            if (keep_cell(sp, dom, l->cells[i], allowed) < 0) return RG_PROP_FAIL;
    }
    return RG_PROP_FIX;
}

static int group_of(const line *l, int v)
{
    for (int g = 0; g < l->ngroups; g++)
        if (l->groups[g] & bit(v)) return g;
    return -1;
}

static int check_groups(const int *values, void *data)
{
    const line *l = data;
    for (int i = 0; i < l->n; i++) {
        int a = values[l->cells[i]];
        if (!a) continue;
        int ga = group_of(l, a);
        for (int j = i + 1; j < l->n && j - i < l->window; j++) {
            int b = values[l->cells[j]];
            if (b && group_of(l, b) == ga) return 0;
        }
    }
    return 1;
}

/* ---- parity ------------------------------------------------------------------- */

/* Parities alternate along the line, so the whole line is one of two
 * patterns (odd first or even first); a loop of odd length fits neither.
 * A pattern survives when every cell has a digit of its parity there. */
static int prop_parity(rg_space *sp, void *data)
{
    const line *l = data;
    const rg_mask *dom = lines_host->domains(sp);
    rg_mask odd = 0x55555555u & mask_upto(l->D), even = mask_upto(l->D) & ~odd;
    int usable[2] = {1, 1};
    if (l->closed && l->n > 2 && l->n % 2) return RG_PROP_FAIL;
    for (int p = 0; p < 2; p++)
        for (int i = 0; i < l->n && usable[p]; i++) {
            rg_mask need = (i + p) % 2 ? even : odd;
            usable[p] = (dom[l->cells[i]] & need) != 0;
        }
    if (!usable[0] && !usable[1]) return RG_PROP_FAIL;
    for (int i = 0; i < l->n; i++) {
        rg_mask keep = 0;
        for (int p = 0; p < 2; p++)
            if (usable[p]) keep |= (i + p) % 2 ? even : odd;
        if (keep_cell(sp, dom, l->cells[i], keep) < 0) return RG_PROP_FAIL;
    }
    return RG_PROP_FIX;
}

static int check_parity(const int *values, void *data)
{
    const line *l = data;
    for (int e = 0; e < steps(l); e++) {
        int a = values[l->cells[e]], b = values[l->cells[(e + 1) % l->n]];
        if (a && b && (a - b) % 2 == 0) return 0;
    }
    return 1;
}

/* ---- zipper ------------------------------------------------------------------- */

/* The totals T (bit T-1) the pair of domains x, y can make: y's digits
 * shifted by each of x's. */
static uint64_t pair_totals(rg_mask x, rg_mask y)
{
    uint64_t t = 0;
    for (; x; x &= x - 1) t |= (uint64_t)y << (__builtin_ctz(x) + 1);
    return t;
}

/* The digits of x that make one of totals with a digit of y. */
static rg_mask pair_keep(rg_mask x, rg_mask y, uint64_t totals)
{
    rg_mask keep = 0;
    for (rg_mask m = x; m; m &= m - 1)
        if (((uint64_t)y << (__builtin_ctz(m) + 1)) & totals) keep |= m & -m;
    return keep;
}

/* Does the host tell a propagator what changed (host->changes)? */
static int host_tells_changes(void)
{
    return lines_host->size >= offsetof(rg_host, changes) + sizeof lines_host->changes;
}

/* Pair i of a zipper (its cell i and its mirror) keeps the digits making
 * one of totals with its partner; pt[i] follows the pair's domains (and
 * holds them on entry). */
static int zip_pair(rg_space *sp, const line *l, int i, uint64_t totals, uint64_t *pt)
{
    /* Every total the pair can make is allowed: each digit has a partner. */
    if (!(pt[i] & ~totals)) return 0;
    const rg_mask *dom = lines_host->domains(sp);
    int a = l->cells[i], b = l->cells[l->n - 1 - i];
    int ra = keep_cell(sp, dom, a, pair_keep(dom[a], dom[b], totals));
    if (ra < 0) return RG_FAIL;
    int rb = keep_cell(sp, dom, b, pair_keep(dom[b], dom[a], totals));
    if (rb < 0) return RG_FAIL;
    if (ra || rb) pt[i] = pair_totals(dom[a], dom[b]);
    return 0;
}

/* The totals T (2..2D, bit T-1) every mirrored pair can make and the centre
 * can hold; each pair cell keeps the digits completing some such T with a
 * digit of its partner, the centre keeps the T. Given T the pairs are
 * independent, so this is exact. Event-driven (host->changes): the state
 * holds each pair's totals and the common totals as the last run left them;
 * a run recomputes the totals of the pairs whose cells changed and prunes
 * those pairs only, or every pair when the common totals moved. */
static int prop_zipper(rg_space *sp, void *data)
{
    const line *l = data;
    const rg_mask *dom = lines_host->domains(sp);
    int n = l->n, half = n / 2, centre = n % 2 ? l->cells[half] : -1;
    uint64_t *pt = lines_host->state(sp, l->state), *prev = pt + half;
    const int *which = NULL;
    const rg_mask *lost = NULL;
    int k = host_tells_changes() ? lines_host->changes(sp, &which, &lost) : -1;
    if (k < 0) {
        for (int i = 0; i < half; i++)
            pt[i] = pair_totals(dom[l->cells[i]], dom[l->cells[n - 1 - i]]);
    } else {
        for (int j = 0; j < k; j++) {
            int pos = which[j], i = pos < half ? pos : n - 1 - pos;
            if (pos != half || centre < 0)
                pt[i] = pair_totals(dom[l->cells[i]], dom[l->cells[n - 1 - i]]);
        }
    }
    uint64_t totals = centre >= 0 ? (uint64_t)dom[centre] : ~(uint64_t)0;
    for (int i = 0; i < half; i++) totals &= pt[i];
    if (!totals) return RG_PROP_FAIL;
    if (k < 0 || totals != *prev) {
        for (int i = 0; i < half; i++)
            if (zip_pair(sp, l, i, totals, pt) < 0) return RG_PROP_FAIL;
    } else {
        for (int j = 0; j < k; j++) {
            int pos = which[j], i = pos < half ? pos : n - 1 - pos;
            if ((pos != half || centre < 0) && zip_pair(sp, l, i, totals, pt) < 0)
                return RG_PROP_FAIL;
        }
    }
    *prev = totals;
    if (centre >= 0 && keep_cell(sp, dom, centre, (rg_mask)(totals & mask_upto(l->D))) < 0)
        return RG_PROP_FAIL;
    return RG_PROP_FIX;
}

static int check_zipper(const int *values, void *data)
{
    const line *l = data;
    int half = l->n / 2, total = l->n % 2 ? values[l->cells[half]] : 0;
    for (int i = 0; i < half; i++) {
        int a = values[l->cells[i]], b = values[l->cells[l->n - 1 - i]];
        if (!a || !b) continue;
        if (total && a + b != total) return 0;
        total = a + b;
    }
    return 1;
}

/* ---- between, lockout -------------------------------------------------------------- */

/* Both kinds fix the ends as a pair (lo, hi) and ask every inner cell for a
 * digit in a mask of that pair: strictly between (between) or outside the
 * closed range (lockout, which also wants hi - lo >= k). Given the pair
 * the inner cells are independent, so keeping the digits of the pairs that
 * survive is exact for the line alone. The pairs of one lo are taken
 * together: the hi that leave every inner cell a digit make a range
 * (ends_his), so a run costs O(D n) instead of O(D^2 n). Where one house
 * holds m of the inner cells (l->inner_house, from link) their digits
 * differ, so the pair must leave m digits for them: hi - lo - 1 >= m
 * between the ends, lo - 1 + D - hi >= m outside them. */

/* The hi of the pairs (lo, hi), his at most, that leave every inner cell
 * a digit. Between: above each cell's lowest digit over lo (b; a cell
 * with none takes every hi away, b | (b - 1) being every bit). Lockout: a
 * cell with a digit below lo fits every hi, another only those below its
 * largest digit. */
static rg_mask ends_his(const line *l, const rg_mask *dom, int lo, rg_mask his)
{
    rg_mask below = ((rg_mask)1 << (lo - 1)) - 1;
    if (l->kind != LINE_LOCKOUT) {
        for (int i = 1; i < l->n - 1 && his; i++) {
            rg_mask above = dom[l->cells[i]] & ~(below | bit(lo)), b = above & -above;
            his &= ~(b | (b - 1));
        }
        return his;
    }
    for (int i = 1; i < l->n - 1 && his; i++) {
        rg_mask x = dom[l->cells[i]];
        if (!(x & below)) his = x ? his & mask_upto(mask_highest(x) - 1) : 0;
    }
    return his;
}

static int prop_ends(rg_space *sp, void *data)
{
    const line *l = data;
    const rg_mask *dom = lines_host->domains(sp);
    int D = l->D, n = l->n, a = l->cells[0], z = l->cells[n - 1];
    int lockout = l->kind == LINE_LOCKOUT, gap = lines_ends_gap(l);
    if (!lockout && n == 2) return RG_PROP_SUBSUMED; /* nothing between the ends */
    const rg_mask all = mask_upto(D), da = dom[a], dz = dom[z];
    rg_mask ka = 0, kz = 0, inner = 0;
    for (int lo = 1; lo + gap <= D; lo++) {
        /* lo at one end, the other end's digit hi at least gap above it */
        if (!((da | dz) & bit(lo))) continue;
        /* hi from lo + gap up to what leaves the middles room (lines_ends_top) */
        rg_mask his = ends_his(l, dom, lo, span(lo + gap, lines_ends_top(l, lo), D));
        rg_mask up = da & bit(lo) ? dz & his : 0, down = dz & bit(lo) ? da & his : 0;
        if (up) ka |= bit(lo), kz |= up;
        if (down) kz |= bit(lo), ka |= down;
        rg_mask used = up | down;
        if (!used) continue;
        /* the inner digits of the widest pair of this lo */
        inner |= lockout ? mask_upto(lo - 1) | (all & ~mask_upto(mask_lowest(used)))
                         : span(lo + 1, mask_highest(used) - 1, D);
    }
    if (keep_cell(sp, dom, a, ka) < 0 || keep_cell(sp, dom, z, kz) < 0) return RG_PROP_FAIL;
    for (int i = 1; i < n - 1; i++)
        if (keep_cell(sp, dom, l->cells[i], inner) < 0) return RG_PROP_FAIL;
    return RG_PROP_FIX;
}

static int check_ends(const int *values, void *data)
{
    const line *l = data;
    int n = l->n, a = values[l->cells[0]], z = values[l->cells[n - 1]];
    if (!a || !z) return 1;
    int lo = a < z ? a : z, hi = a < z ? z : a;
    int lockout = l->kind == LINE_LOCKOUT;
    if (lockout && hi - lo < l->value) return 0;
    for (int i = 1; i < n - 1; i++) {
        int v = values[l->cells[i]];
        if (!v) continue;
        if (lockout ? v >= lo && v <= hi : v <= lo || v >= hi) return 0;
    }
    return 1;
}

/* ---- double_arrow ------------------------------------------------------------------- */

/* The totals both ends can make (at most 2D) that the inner cells can also
 * make; the ends keep the digits reaching such a total with a digit of the
 * other end, the inner cells those the rest of the inside can complete.
 * Exact: the inside and the ends only share the total. */
static int prop_double_arrow(rg_space *sp, void *data)
{
    const line *l = data;
    const rg_mask *dom = lines_host->domains(sp);
    int D = l->D, n = l->n, a = l->cells[0], z = l->cells[n - 1];
    int cap = 2 * D, nw = cap / 64 + 1;
    const int both[2] = {a, z};
    sumset ends, target;
    if (nw == 1) { /* every total below 64: a word each */
        ends.w[0] = sumset64_of_cells(dom, both, 2, -1, cap);
        target.w[0] = sumset64_of_cells(dom, l->cells + 1, n - 2, -1, cap);
    } else {
        sumset_of_cells(dom, both, 2, -1, cap, nw, &ends);
        sumset_of_cells(dom, l->cells + 1, n - 2, -1, cap, nw, &target);
    }
    uint64_t any = 0;
    for (int k = 0; k < nw; k++) any |= target.w[k] &= ends.w[k];
    if (!any) return RG_PROP_FAIL;
    for (int side = 0; side < 2; side++) {
        /* An end keeps what the other end can complete to a total. */
        if (keep_hitting(sp, both, 2, side, &target, cap, nw) < 0) return RG_PROP_FAIL;
    }
    return keep_all_hitting(sp, l->cells + 1, n - 2, &target, cap, nw);
}

static int check_double_arrow(const int *values, void *data)
{
    const line *l = data;
    int n = l->n, a = values[l->cells[0]], z = values[l->cells[n - 1]];
    long sum = 0;
    int all = 1;
    for (int i = 1; i < n - 1; i++) {
        int v = values[l->cells[i]];
        sum += v;
        all &= v != 0;
    }
    if (!a || !z) return 1;
    return all ? sum == a + z : sum < a + z;
}

/* ---- Registration ------------------------------------------------------------------- */

#define PROP(name_, cost_, prop_, check_)                                                          \
    {                                                                                              \
        .size = sizeof(rg_propagator), .name = (name_), .family = "lines", .cost = (cost_),        \
        .propagate = (prop_), .check = (check_), .explain = lines_explain                          \
    }

static const rg_propagator props[LINE_KINDS] = {
    [LINE_THERMO] = PROP("thermo", RG_COST_LINEAR, prop_thermo, check_thermo),
    [LINE_SLOW_THERMO] = PROP("slow_thermo", RG_COST_LINEAR, prop_thermo, check_thermo),
    [LINE_WHISPER] = PROP("whisper", RG_COST_BINARY, prop_whisper, check_whisper),
    [LINE_RENBAN] = PROP("renban", RG_COST_LINEAR, prop_renban, check_renban),
    [LINE_REGION_SUM] = PROP("region_sum", RG_COST_LINEAR, prop_region_sum, check_region_sum),
    [LINE_PALINDROME] = PROP("palindrome", RG_COST_BINARY, prop_palindrome, check_palindrome),
    [LINE_ENTROPIC] = PROP("entropic", RG_COST_LINEAR, prop_groups, check_groups),
    [LINE_MODULAR] = PROP("modular", RG_COST_LINEAR, prop_groups, check_groups),
    [LINE_PARITY] = PROP("parity", RG_COST_BINARY, prop_parity, check_parity),
    [LINE_ZIPPER] = {.size = sizeof(rg_propagator),
                     .name = "zipper",
                     .family = "lines",
                     .cost = RG_COST_LINEAR,
                     .propagate = prop_zipper,
                     .check = check_zipper,
                     .flags = RG_PROPAGATOR_CHANGES,
                     .explain = lines_explain},
    [LINE_BETWEEN] = PROP("between", RG_COST_LINEAR, prop_ends, check_ends),
    [LINE_LOCKOUT] = PROP("lockout", RG_COST_LINEAR, prop_ends, check_ends),
    [LINE_DOUBLE_ARROW] =
        PROP("double_arrow", RG_COST_LINEAR, prop_double_arrow, check_double_arrow),
};

static const rg_propagator renban_clear = {.size = sizeof(rg_propagator),
                                           .name = "renban",
                                           .family = "lines",
                                           .cost = RG_COST_LINEAR,
                                           .propagate = prop_renban_clear,
                                           .check = check_renban,
                                           .explain = lines_explain};

int lines_add_renban_houses(rg_build *b, line *l, const int *watch, int n)
{
    size_t size = (size_t)(l->n + 1) * sizeof(rg_mask);
    l->state = lines_host->add_state(b, size, NULL);
    if (l->state < 0) return -l->state;
    l->state2 = lines_host->add_state(b, size, NULL);
    if (l->state2 < 0) return -l->state2;
    int rc = lines_host->add_propagator(b, &renban_clear, l, l->cells, l->n, RG_EV_DOMAIN);
    if (rc != RG_OK) return rc;
    rg_propagator houses = renban_clear; /* the same with the units: implied */
    houses.propagate = prop_renban_houses;
    houses.flags = RG_PROPAGATOR_IMPLIED;
    return lines_host->add_propagator(b, &houses, l, watch, n, RG_EV_DOMAIN);
}

/* A region_sum whose segments all go by sets gets the incremental
 * propagator and its state (prop_region_sets). */
static int region_sets_state(rg_build *b, line *l)
{
    if (l->nseg > LINE_SEGS_MAX) return RG_OK;
    for (int s = 0; s < l->nseg; s++)
        if (!seg_distinct(l, s)) return RG_OK;
    size_t size = (size_t)2 * (l->nseg + 1) * sizeof(uint64_t) + (size_t)l->n * sizeof(rg_mask);
    l->state = lines_host->add_state(b, size, NULL);
    if (l->state < 0) return -l->state;
    l->allsets = 1;
    return RG_OK;
}

int lines_add(rg_build *b, line *l)
{
    if (l->kind == LINE_REGION_SUM) {
        int rc = region_sets_state(b, l);
        if (rc != RG_OK) return rc;
    }
    if (l->kind == LINE_ZIPPER) {
        l->state = lines_host->add_state(b, (size_t)(l->n / 2 + 1) * sizeof(uint64_t), NULL);
        if (l->state < 0) return -l->state;
    }
    return lines_host->add_propagator(b, &props[l->kind], l, l->cells, l->n, RG_EV_DOMAIN);
}
