/* The explain hooks of the line kinds (their pruning is in line_props.c):
 * one function per kind says, from the domains before the step, what the
 * line allows and which digits left which cells. */
#include <stdlib.h>
#include <string.h>

#include "explain_util.h"
#include "lines.h"
#include "linsum.h"
#include "match.h"
#include "sumset.h"

#define LIST_RUNS 6 /* renban runs listed by name; past this, counted */

static rg_mask ge(int v, int D)
{
    return v <= 1 ? mask_upto(D) : v > D ? 0 : mask_upto(D) & ~mask_upto(v - 1);
}
static rg_mask le(int v, int D) { return v < 1 ? 0 : v >= D ? mask_upto(D) : mask_upto(v); }
static rg_mask span(int lo, int hi, int D) { return ge(lo, D) & le(hi, D); }
static rg_mask bit(int d) { return (rg_mask)1 << (d - 1); }
static int steps(const line *l) { return l->closed && l->n > 2 ? l->n : l->n - 1; }

/* ---- thermo, slow_thermo ---------------------------------------------------- */

/* The floors and ceilings moved: "r1c3 is at least 3; r1c5 at most 7". */
static void thermo(xu *x, const line *l)
{
    int strict = l->kind == LINE_THERMO, k = 0;
    xu_add(x, "Along the thermometer from ");
    xu_cells(x, l->cells, 1);
    xu_add(x, " each cell is %s the one before: ", strict ? "larger than" : "at least");
    for (int i = 0; i < l->n; i++) {
        int c = l->cells[i];
        rg_mask lost = xu_lost(x, c), a = x->after[c];
        if (!lost || !a) continue;
        int lo = mask_lowest(a), hi = mask_highest(a);
        int up = (lost & le(lo - 1, l->D)) != 0, down = (lost & ge(hi + 1, l->D)) != 0;
        xu_add(x, "%s", k++ ? "; " : "");
        xu_cells(x, &c, 1);
        if (up && down)
            xu_add(x, lo == hi ? " is %d" : " is %d to %d", lo, hi);
        else
            xu_add(x, " is at %s %d", up ? "least" : "most", up ? lo : hi);
    }
    xu_add(x, ".");
}

/* ---- whisper ------------------------------------------------------------------ */

static rg_mask far_from(rg_mask m, int k, int D)
{
    return m ? ge(mask_lowest(m) + k, D) | le(mask_highest(m) - k, D) : 0;
}

/* The digits c lost as a middle whose neighbours one house holds (each had
 * one digit far enough among both neighbours' candidates), said after the
 * k-th clause; returns what is left of lost. */
static rg_mask say_mids(xu *x, const line *l, int c, rg_mask lost, int *k)
{
    for (int j = 0; j < l->nmid && lost; j++) {
        int p = l->mid[j];
        if (l->cells[p] != c) continue;
        int nb[2];
        lines_mid_ends(l, p, &nb[0], &nb[1]);
        rg_mask u = x->after[nb[0]] | x->after[nb[1]];
        for (rg_mask y = lost & ~lines_two_far(u, l->value, l->D); y; y &= y - 1) {
            rg_mask v = y & -y, w = far_from(v, l->value, l->D) & u;
            lost &= ~v;
            xu_add(x, "%s", (*k)++ ? "; " : "");
            xu_digits(x, v);
            xu_add(x, " leaves ");
            xu_cells(x, &c, 1);
            xu_add(x, " (its neighbours ");
            xu_cells(x, nb, 2);
            xu_add(x, " share a house and need two different digits %d or more away from %d: ",
                   l->value, mask_lowest(v));
            if (w) {
                xu_add(x, "they have only ");
                xu_digits(x, w);
            } else {
                xu_add(x, "they have none");
            }
            xu_add(x, ")");
        }
    }
    return lost;
}

/* Each digit a cell lost has no digit k away in some neighbour's
 * candidates left: "5 and 6 leave r1c2 (nothing left in r1c1 is 5 away)". */
static void whisper(xu *x, const line *l)
{
    int E = steps(l), k = 0;
    xu_add(x, "Neighbours on the whisper differ by at least %d: ", l->value);
    for (int i = 0; i < l->n; i++) {
        int c = l->cells[i], dup = 0;
        for (int j = 0; j < i && !dup; j++) dup = l->cells[j] == c;
        rg_mask lost = dup ? 0 : xu_lost(x, c);
        /* Every position of c on the line, each neighbour of it. */
        for (int p = i; p < l->n && lost; p++) {
            if (l->cells[p] != c) continue;
            for (int side = 0; side < 2 && lost; side++) {
                int q = side ? p + 1 : p - 1;
                if (q < 0 && l->closed && E == l->n) q = l->n - 1;
                if (q >= l->n && l->closed && E == l->n) q = 0;
                if (q < 0 || q >= l->n) continue;
                int nb = l->cells[q];
                rg_mask bad = lost & ~far_from(x->after[nb], l->value, l->D);
                if (!bad) continue;
                lost &= ~bad;
                xu_add(x, "%s", k++ ? "; " : "");
                xu_digits(x, bad);
                xu_add(x, " %s ", __builtin_popcount(bad) == 1 ? "leaves" : "leave");
                xu_cells(x, &c, 1);
                xu_add(x, " (no candidate left in ");
                xu_cells(x, &nb, 1);
                xu_add(x, " is %d or more away)", l->value);
            }
        }
        lost = say_mids(x, l, c, lost, &k);
        if (lost) { /* cannot happen: a neighbour's candidates shrink only */
            xu_add(x, "%s", k++ ? "; " : "");
            xu_digits(x, lost);
            xu_add(x, " %s ", __builtin_popcount(lost) == 1 ? "leaves" : "leave");
            xu_cells(x, &c, 1);
            xu_add(x, " (too close to its neighbours' candidates)");
        }
    }
    xu_add(x, ".");
}

/* ---- renban ------------------------------------------------------------------- */

/* The runs lo .. lo+n-1 that the cells can take one to one within dom:
 * their lows into lows; keep[i] the digits cell i takes in one. */
static int renban_runs(const line *l, const rg_mask *dom, int *lows, rg_mask *keep)
{
    int n = l->n, nr = 0;
    rg_mask d[MATCH_MAX], sup[MATCH_MAX];
    for (int i = 0; i < n; i++) keep[i] = 0;
    for (int lo = 1; lo + n - 1 <= l->D; lo++) {
        rg_mask w = span(lo, lo + n - 1, l->D);
        int ok = 1;
        for (int i = 0; i < n && ok; i++) ok = (d[i] = dom[l->cells[i]] & w) != 0;
        if (!ok || !match_support(d, n, sup)) continue;
        for (int i = 0; i < n; i++) keep[i] |= sup[i];
        lows[nr++] = lo;
    }
    return nr;
}

static void runs_text(xu *x, const int *lows, int nr, int n)
{
    if (nr > LIST_RUNS) {
        xu_add(x, "%d of them, from %d-%d to %d-%d", nr, lows[0], lows[0] + n - 1, lows[nr - 1],
               lows[nr - 1] + n - 1);
        return;
    }
    for (int r = 0; r < nr; r++)
        xu_add(x, "%s%d-%d", r == 0 ? "" : r == nr - 1 ? " or " : ", ", lows[r], lows[r] + n - 1);
}

/* The line's cells that can hold digit v after the step (holders) and
 * the other cells of the houses holding them all that lost v (gone). */
typedef struct placing {
    int holders[32], nh, gone[64], ng;
} placing;

static void placing_of(const xu *x, const line *l, rg_mask v, placing *p)
{
    uint32_t at = 0;
    p->nh = p->ng = 0;
    for (int i = 0; i < l->n && i < 32; i++)
        if (x->after[l->cells[i]] & v) {
            p->holders[p->nh++] = l->cells[i];
            at |= (uint32_t)1 << i;
        }
    for (int h = 0; h < l->nhouses && p->nh; h++) {
        const gh_house *H = &l->houses[h];
        if (at & ~H->in) continue;
        for (int k = 0; k < H->nout && p->ng < 64; k++) {
            int q = H->out[k], dup = 0;
            for (int j = 0; j < p->ng && !dup; j++) dup = p->gone[j] == q;
            if (!dup && (xu_lost(x, q) & v)) p->gone[p->ng++] = q;
        }
    }
}

static int same_placing(const placing *a, const placing *b)
{
    return a->nh == b->nh && a->ng == b->ng &&
           !memcmp(a->holders, b->holders, (size_t)a->nh * sizeof a->holders[0]) &&
           !memcmp(a->gone, b->gone, (size_t)a->ng * sizeof a->gone[0]);
}

/* The other cells of the houses of the line that lost a digit: "4 is in
 * every run that still fits and can only go in r1c2 r1c3, which all see
 * r1c5 r1c6: 4 leaves them" (runs and holders as the step left them,
 * where the propagator found them or narrower). What that does not
 * account for gets a general sentence. */
static void renban_outside(xu *x, const line *l, const int *lows, int nr, const char *sep)
{
    rg_mask every = nr ? ~(rg_mask)0 : 0, said = 0;
    for (int r = 0; r < nr; r++) every &= span(lows[r], lows[r] + l->n - 1, l->D);
    placing p, q;
    while (every) {
        rg_mask v = every & -every, same = v;
        every &= every - 1;
        placing_of(x, l, v, &p);
        for (rg_mask r = every; r; r &= r - 1) {
            placing_of(x, l, r & -r, &q);
            if (same_placing(&p, &q)) same |= r & -r;
        }
        every &= ~same;
        if (!p.ng) continue;
        said |= same;
        int many = __builtin_popcount(same) > 1;
        xu_add(x, "%s", sep);
        sep = "; ";
        xu_digits(x, same);
        xu_add(x, " %s in every run that still fits and can only go in ", many ? "are" : "is");
        xu_cells(x, p.holders, p.nh);
        xu_add(x, ", which %s ", p.nh == 1 ? "sees" : "all see");
        xu_cells(x, p.gone, p.ng);
        xu_add(x, ": ");
        xu_digits(x, same);
        xu_add(x, " %s %s", many ? "leave" : "leaves", p.ng == 1 ? "it" : "them");
    }
    /* A cell of a house that lost a digit no clause above names there. */
    int rest = 0;
    for (int h = 0; h < l->nhouses && !rest; h++)
        for (int k = 0; k < l->houses[h].nout && !rest; k++) {
            int c = l->houses[h].out[k];
            rg_mask lost = xu_lost(x, c);
            rest = (lost & ~said) != 0;
            for (rg_mask g = lost & said; g && !rest; g &= g - 1) {
                placing_of(x, l, g & -g, &q);
                int found = 0;
                for (int j = 0; j < q.ng && !found; j++) found = q.gone[j] == c;
                rest = !found;
            }
        }
    if (rest)
        xu_add(x,
               "%sthe line with the houses it crosses rules out what else left their other cells",
               sep);
}

/* Long: the runs that fit before the step, then the digits no run holds,
 * those no run fitting the other cells gives a cell, and for a renban
 * with its houses what left the houses' other cells. */
static void renban(xu *x, const line *l, int with_houses)
{
    int n = l->n, lows[32], nr = 0;
    rg_mask keep[MATCH_MAX], uni = 0;
    xu_add(x, "The renban ");
    xu_cells(x, l->cells, n);
    xu_add(x, " holds %d consecutive digits in any order", n);
    if (n <= MATCH_MAX) nr = renban_runs(l, x->before, lows, keep);
    if (nr && nr < l->D - n + 1) {
        xu_add(x, "; only the run%s ", nr == 1 ? "" : "s");
        runs_text(x, lows, nr, n);
        xu_add(x, " fit%s its candidates", nr == 1 ? "s" : "");
    }
    for (int r = 0; r < nr; r++) uni |= span(lows[r], lows[r] + n - 1, l->D);
    rg_mask never = 0, others = 0;
    for (int i = 0; i < n; i++) {
        never |= xu_lost(x, l->cells[i]) & ~uni;
        others |= xu_lost(x, l->cells[i]) & uni;
    }
    const char *sep = ": ";
    if (never && nr) {
        xu_add(x, "%s", sep);
        xu_digits(x, never);
        xu_add(x, " cannot be on it");
        sep = "; ";
    }
    if (others || (never && !nr)) {
        xu_add(x, "%s", sep);
        xu_removals(x, l->cells, n, nr ? uni : ~(rg_mask)0);
        xu_add(x, with_houses ? " (no run that fits the other cells and the houses the line "
                                "crosses allows it)"
                              : " (no run that fits the other cells' candidates allows it)");
        sep = "; ";
    }
    if (with_houses && n <= MATCH_MAX) {
        renban_outside(x, l, lows, renban_runs(l, x->after, lows, keep), sep);
    }
    xu_add(x, ".");
}

/* ---- region_sum, double_arrow, zipper: totals ------------------------------------ */

/* The segments' common totals (repeats allowed within a segment: a
 * superset of the totals the propagator finds, so "only these" holds). */
static void region_sum(xu *x, const line *l)
{
    int cap = 1 << 30;
    for (int s = 0; s < l->nseg; s++) {
        int hi = 0;
        for (int i = l->seg[s]; i < l->seg[s + 1]; i++) hi += mask_highest(x->before[l->cells[i]]);
        cap = hi < cap ? hi : cap;
    }
    xu_add(x, "Each box's segment of the line (");
    for (int s = 0; s < l->nseg && s < 4; s++) {
        xu_add(x, "%s", s ? "; " : "");
        xu_cells(x, l->cells + l->seg[s], l->seg[s + 1] - l->seg[s]);
    }
    xu_add(x, "%s) has the same sum", l->nseg > 4 ? "; ..." : "");
    if (cap < SUMSET_WORDS * 64) {
        int nw = cap / 64 + 1;
        sumset common = {{0}}, seg;
        for (int s = 0; s < l->nseg; s++) {
            sumset_of_cells(x->before, l->cells + l->seg[s], l->seg[s + 1] - l->seg[s], -1, cap, nw,
                            &seg);
            for (int k = 0; k < nw; k++) common.w[k] = s ? common.w[k] & seg.w[k] : seg.w[k];
        }
        xu_add(x, ", which can only be ");
        xu_values(x, common.w, cap);
    }
    xu_add(x, ": ");
    xu_removals(x, l->cells, l->n, ~(rg_mask)0);
    xu_add(x, " (no way of making a common sum uses them).");
}

static void double_arrow(xu *x, const line *l)
{
    int D = l->D, n = l->n, cap = 2 * D, nw = cap / 64 + 1;
    const int both[2] = {l->cells[0], l->cells[n - 1]};
    sumset ends, target;
    sumset_of_cells(x->before, both, 2, -1, cap, nw, &ends);
    sumset_of_cells(x->before, l->cells + 1, n - 2, -1, cap, nw, &target);
    for (int k = 0; k < nw; k++) target.w[k] &= ends.w[k];
    xu_add(x, "The ends ");
    xu_cells(x, both, 2);
    xu_add(x, " of the double arrow add up to the sum of the cells between them, and only ");
    int k = xu_values(x, target.w, cap);
    xu_add(x, " fit%s both: ", k == 1 ? "s" : "");
    xu_removals(x, l->cells, n, ~(rg_mask)0);
    xu_add(x, " (no way of making one of those totals uses them).");
}

static void zipper(xu *x, const line *l)
{
    int n = l->n, half = n / 2, centre = n % 2 ? l->cells[half] : -1;
    uint64_t totals = centre >= 0 ? (uint64_t)x->before[centre] : ~(uint64_t)0;
    for (int i = 0; i < half; i++) {
        rg_mask a = x->before[l->cells[i]], b = x->before[l->cells[n - 1 - i]];
        uint64_t t = 0;
        for (; a; a &= a - 1) t |= (uint64_t)b << (__builtin_ctz(a) + 1);
        totals &= t;
    }
    sumset set = {{0}};
    for (int v = 1; v <= 2 * l->D && v <= 64; v++)
        if (totals >> (v - 1) & 1) sumset_add(&set, v);
    xu_add(x,
           "Cells the same distance from the middle of the zipper add up to one total%s, and "
           "only ",
           centre >= 0 ? " (the middle cell's digit)" : "");
    int k = xu_values(x, set.w, 2 * l->D);
    xu_add(x, " fit%s%s every pair: ", k == 1 ? "s" : "", centre >= 0 ? " the middle and" : "");
    xu_removals(x, l->cells, n, ~(rg_mask)0);
    xu_add(x, " (no pair makes one of those totals with them).");
}

/* ---- palindrome, entropic, modular, parity -------------------------------------- */

static void palindrome(xu *x, const line *l)
{
    int k = 0;
    xu_add(x, "Cells the same distance from the middle of the palindrome hold the same digit: ");
    for (int i = 0; i < l->n; i++) {
        int c = l->cells[i], m = l->cells[l->n - 1 - i];
        rg_mask lost = xu_lost(x, c);
        if (!lost || c == m) continue;
        xu_add(x, "%s", k++ ? "; " : "");
        xu_digits(x, lost);
        xu_add(x, " %s ", __builtin_popcount(lost) == 1 ? "leaves" : "leave");
        xu_cells(x, &c, 1);
        xu_add(x, " (its mirror ");
        xu_cells(x, &m, 1);
        xu_add(x, " cannot hold %s)", __builtin_popcount(lost) == 1 ? "it" : "them");
    }
    xu_add(x, ".");
}

/* Long: the classes of positions (every w-th cell) matched to groups as
 * prop_groups does on the domains before, then per class what it allows. */
static void groups(xu *x, const line *l)
{
    int w = l->window, k = l->n < w ? l->n : w, mod = l->kind == LINE_MODULAR;
    rg_mask cls[MATCH_MAX], sup[MATCH_MAX];
    if (mod)
        xu_add(x,
               "Any %d cells in a row on the modular line have different remainders mod %d, so "
               "cells %d apart share one",
               w, l->value, w);
    else {
        xu_add(x, "Any 3 cells in a row on the entropic line take one digit from each group (");
        for (int g = 0; g < l->ngroups; g++) {
            xu_add(x, "%s", g ? "; " : "");
            xu_span(x, l->groups[g]);
        }
        xu_add(x, "), so cells 3 apart share a group");
    }
    int known = k <= l->ngroups && k <= MATCH_MAX;
    for (int p = 0; known && p < k; p++) {
        cls[p] = 0;
        for (int g = 0; g < l->ngroups; g++) {
            int ok = 1;
            for (int i = p; i < l->n && ok; i += w)
                ok = (x->before[l->cells[i]] & l->groups[g]) != 0;
            if (ok) cls[p] |= (rg_mask)1 << g;
        }
    }
    known = known && match_support(cls, k, sup);
    for (int p = 0; p < k; p++) {
        int cells[64], nc = 0, lost = 0;
        for (int i = p; i < l->n && nc < 64; i += w) {
            cells[nc++] = l->cells[i];
            lost |= xu_lost(x, l->cells[i]) != 0;
        }
        if (!lost) continue;
        rg_mask allowed = 0;
        for (int g = 0; known && g < l->ngroups; g++)
            if (sup[p] >> g & 1) allowed |= l->groups[g];
        xu_add(x, "; ");
        if (known) {
            xu_cells(x, cells, nc);
            xu_add(x, " can only take ");
            xu_span(x, allowed);
            xu_add(x, ": ");
        }
        xu_removals(x, cells, nc, ~(rg_mask)0);
    }
    xu_add(x, ".");
}

static void parity(xu *x, const line *l)
{
    rg_mask odd = 0x55555555u & mask_upto(l->D), even = mask_upto(l->D) & ~odd;
    int usable[2] = {1, 1}, killer[2] = {-1, -1};
    for (int p = 0; p < 2; p++)
        for (int i = 0; i < l->n && usable[p]; i++) {
            usable[p] = (x->before[l->cells[i]] & ((i + p) % 2 ? even : odd)) != 0;
            if (!usable[p]) killer[p] = i;
        }
    xu_add(x, "Odd and even digits alternate along the parity line");
    for (int p = 0; p < 2; p++)
        if (usable[p] && !usable[1 - p] && killer[1 - p] >= 0) {
            int i = killer[1 - p];
            xu_add(x, ", and ");
            xu_cells(x, &l->cells[i], 1);
            xu_add(x, " can only be %s, so ", (i + p) % 2 ? "even" : "odd");
            xu_cells(x, &l->cells[0], 1);
            xu_add(x, " is %s", p ? "even" : "odd");
        }
    xu_add(x, ": ");
    xu_removals(x, l->cells, l->n, ~(rg_mask)0);
    xu_add(x, ".");
}

/* ---- between, lockout ------------------------------------------------------------ */

/* The ends' pairs that leave every middle cell a digit, as prop_ends
 * tries them on the domains before. */
static void ends(xu *x, const line *l)
{
    int D = l->D, n = l->n, a = l->cells[0], z = l->cells[n - 1];
    int lockout = l->kind == LINE_LOCKOUT, m = l->inner_house;
    rg_mask inner = 0;
    for (int lo = 1; lo <= D; lo++)
        for (int hi = lo + lines_ends_gap(l); hi <= lines_ends_top(l, lo); hi++) {
            int up = (x->before[a] & bit(lo)) && (x->before[z] & bit(hi));
            int down = (x->before[a] & bit(hi)) && (x->before[z] & bit(lo));
            if (!up && !down) continue;
            rg_mask ok = lockout ? mask_upto(D) & ~span(lo, hi, D) : span(lo + 1, hi - 1, D);
            int fits = 1;
            for (int i = 1; i < n - 1 && fits; i++) fits = (x->before[l->cells[i]] & ok) != 0;
            if (fits) inner |= ok;
        }
    const int both[2] = {a, z};
    if (lockout)
        xu_add(x, "The ends of the lockout line (");
    else
        xu_add(x, "The cells of the between line lie strictly between its ends (");
    xu_cells(x, both, 2);
    if (lockout)
        xu_add(x, ") differ by at least %d and the cells between them lie outside their range",
               l->value);
    else
        xu_add(x, ")");
    if (m >= 2 && lockout)
        xu_add(x,
               "; %d of the middle cells share a house, so their %d different digits lie outside "
               "the range",
               m, m);
    else if (m >= 2)
        xu_add(x, "; %d of the middle cells share a house, so the ends are at least %d apart", m,
               m + 1);
    if (n > 2 && inner) {
        xu_add(x, "; with the candidates left the middle cells can only be ");
        xu_span(x, inner);
    }
    xu_add(x, ": ");
    xu_removals(x, l->cells, n, ~(rg_mask)0);
    xu_add(x, " (no pair of ends that leaves every middle cell a digit allows it).");
}

/* ---- The hook ------------------------------------------------------------------------ */

int lines_explain(rg_why *w, void *data, const rg_mask *before, const rg_mask *after)
{
    static const char *const technique[LINE_KINDS] = {
        [LINE_THERMO] = "thermometer",       [LINE_SLOW_THERMO] = "slow thermometer",
        [LINE_WHISPER] = "whisper",          [LINE_RENBAN] = "renban",
        [LINE_REGION_SUM] = "region sum",    [LINE_PALINDROME] = "palindrome",
        [LINE_ENTROPIC] = "entropic line",   [LINE_MODULAR] = "modular line",
        [LINE_PARITY] = "parity line",       [LINE_ZIPPER] = "zipper",
        [LINE_BETWEEN] = "between line",     [LINE_LOCKOUT] = "lockout line",
        [LINE_DOUBLE_ARROW] = "double arrow"};
    const line *l = data;
    xu x;
    if (!xu_begin(&x, lines_host, w, before, after) || l->kind < 0 || l->kind >= LINE_KINDS)
        return RG_OK;
    switch (l->kind) {
    case LINE_THERMO:
    case LINE_SLOW_THERMO: thermo(&x, l); break;
    case LINE_WHISPER: whisper(&x, l); break;
    case LINE_RENBAN: renban(&x, l, l->houses != NULL && l->nhouses > 0); break;
    case LINE_REGION_SUM: region_sum(&x, l); break;
    case LINE_PALINDROME: palindrome(&x, l); break;
    case LINE_ENTROPIC:
    case LINE_MODULAR: groups(&x, l); break;
    case LINE_PARITY: parity(&x, l); break;
    case LINE_ZIPPER: zipper(&x, l); break;
    case LINE_BETWEEN:
    case LINE_LOCKOUT: ends(&x, l); break;
    default: double_arrow(&x, l); break;
    }
    return xu_end(&x, technique[l->kind]);
}
