/* The arrows plugin: arrow sums (format.md 6.5). The bulb (one cell or a
 * pill) is read as a base-10 number; every shaft sums to it. The propagator
 * reasons over the sets of values bulb and shafts can make, both ways. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arrows.h"
#include "explain_util.h"
#include "linsum.h"
#include "masks.h"
#include "rulegrid/plugin.h"
#include "sumset.h"

/* The host table, set by init (RG_PLUGIN_DEFINE below). */
const rg_host *arrows_host;

/* A bulb of this many cells reads at least 1111111, more than any shaft of
 * a 99 x 99 board can add up to: no solution. */
#define MAX_BULB 7

/* A shaft's cells in groups (link): a group of two or more cells that
 * share a house takes distinct digits, so its sums are those of sets of
 * distinct digits; every other cell is a group of its own. */
typedef struct shaft {
    int ng;
    int *start;              /* group g is order[start[g] .. start[g + 1]) */
    int *order;              /* the shaft's cells, group by group */
    unsigned char *distinct; /* group g's cells share a house */
    int repeats;             /* a cell comes twice: no layers kept (keep_groups) */
    int memo;                /* its memo's first word in the arrow's state, -1: none */
} shaft;

typedef struct arrow {
    const int *bulb;
    int nbulb, D;
    const int *const *shaft;
    const int *len;
    int nshaft;
    shaft *groups;   /* per shaft, from link; NULL before */
    int most_groups; /* the most groups of a shaft (link) */
    int pair;        /* one bulb cell, one shaft of two other cells (link) */
    int state;       /* the shafts' memos (per-space state), -1: none (link) */
} arrow;

/* ---- A shaft's memo ---------------------------------------------------------
 *
 * The general run (arrow_run) makes each group's sums by a digit-set DP and
 * prunes each distinct group by a backward pass over its layers; one call on
 * a long shaft finds about half its groups as the last call left them. The
 * memo, per-space state, keeps for each group the domains its sums were
 * made from (snap), those sums uncapped (two words: a group's sums stay
 * below 128), and the allowed sums of its last backward pass with whether
 * that pass kept every digit. Every entry is a function of the domains its
 * snap records, so the memo is right whatever ran before (another branch, an
 * explanation that put domains back): a group whose cells hold its snap has
 * its kept sums, and a distinct group whose cells hold its snap, with
 * allowed sums those of a pass that kept every digit, would keep every
 * digit again, and is skipped. Words: a memo_group per group, then the snap
 * (a mask per cell of the shaft, in group order). */
typedef struct memo_group {
    uint64_t sums[2];  /* the sums of the snap's domains, uncapped */
    uint64_t ok[2];    /* the allowed sums of the last backward pass */
    uint64_t kept_all; /* that pass, over the snap's domains, kept every digit */
} memo_group;

static inline memo_group *memo_at(uint64_t *m, int g) { return (memo_group *)m + g; }
static inline rg_mask *memo_snap(const shaft *sh, uint64_t *m)
{
    return (rg_mask *)((memo_group *)m + sh->ng);
}
/* A shaft's memo in words. */
static size_t memo_words(const shaft *sh)
{
    size_t cells = (size_t)sh->start[sh->ng];
    return (sh->ng * sizeof(memo_group) + cells * sizeof(rg_mask) + sizeof(uint64_t) - 1) /
           sizeof(uint64_t);
}

/* The bulb values within cap, by digits in bulb order: each step is
 * value * 10 + digit, which only grows, so values over cap are dropped. */
static void bulb_values(const arrow *a, const rg_mask *dom, int cap, int nw, sumset *out)
{
    sumset cur = {{0}};
    cur.w[0] = 1;
    for (int i = 0; i < a->nbulb; i++) {
        sumset next = {{0}};
        rg_mask dm = dom[a->bulb[i]];
        /* The values so far, a set bit at a time, while value * 10 + 1
         * can stay within cap. */
        for (int w = 0; w * 64 * 10 < cap + 1; w++)
            for (uint64_t bits = cur.w[w]; bits; bits &= bits - 1) {
                int v = w * 64 + __builtin_ctzll(bits);
                if (v * 10 >= cap + 1 || v > cap) break;
                for (rg_mask m = dm; m; m &= m - 1) {
                    int x = v * 10 + __builtin_ctz(m) + 1;
                    if (x <= cap) sumset_add(&next, x);
                }
            }
        cur = next;
    }
    (void)nw;
    *out = cur;
}

/* With at most 9 digits a value in target has one reading (its decimal
 * digits, none 0): sup[] gets the digits of the readings of target's values
 * whose digits are in the bulb cells' domains. */
static void bulb_readings(const arrow *a, const rg_mask *dom, int nw, const sumset *target,
                          rg_mask *sup)
{
    for (int w = 0; w < nw; w++)
        for (uint64_t bits = target->w[w]; bits; bits &= bits - 1) {
            int t = w * 64 + __builtin_ctzll(bits), ok = 1;
            rg_mask pick[MAX_BULB];
            for (int i = a->nbulb - 1; i >= 0 && ok; i--, t /= 10) {
                int d = t % 10;
                pick[i] = d ? (rg_mask)1 << (d - 1) : 0;
                ok = (pick[i] & dom[a->bulb[i]]) != 0;
            }
            if (!ok || t) continue;
            for (int i = 0; i < a->nbulb; i++) sup[i] |= pick[i];
        }
}

/* Marks in sup[] the digits of bulb cells i.. completing prefix to a value in
 * target (depth-first over the digits, cut once the prefix passes cap). */
static void bulb_support(const arrow *a, const rg_mask *dom, int i, long prefix, int cap,
                         const sumset *target, rg_mask *pick, rg_mask *sup)
{
    if (i == a->nbulb) {
        if (prefix <= cap && sumset_has(target, (int)prefix))
            for (int k = 0; k < a->nbulb; k++) sup[k] |= pick[k];
        return;
    }
    /* The smallest completion: every later digit at least 1. */
    long least = prefix;
    for (int k = i; k < a->nbulb; k++) least = least * 10 + 1;
    if (least > cap) return;
    for (rg_mask m = dom[a->bulb[i]]; m; m &= m - 1) {
        int d = __builtin_ctz(m) + 1;
        pick[i] = (rg_mask)1 << (d - 1);
        bulb_support(a, dom, i + 1, prefix * 10 + d, cap, target, pick, sup);
    }
}

/* Bounds, when values pass what the sets hold: the common range of the bulb
 * and every shaft; a digit stays when its cell's line can still reach it. */
static int prune_bounds(rg_space *sp, const arrow *a)
{
    const rg_mask *dom = arrows_host->domains(sp);
    long bmin = 0, bmax = 0;
    for (int i = 0; i < a->nbulb; i++) {
        bmin = bmin * 10 + mask_lowest(dom[a->bulb[i]]);
        bmax = bmax * 10 + mask_highest(dom[a->bulb[i]]);
    }
    long lo = bmin, hi = bmax;
    for (int s = 0; s < a->nshaft; s++) {
        long smin = 0, smax = 0;
        for (int k = 0; k < a->len[s]; k++) {
            smin += mask_lowest(dom[a->shaft[s][k]]);
            smax += mask_highest(dom[a->shaft[s][k]]);
        }
        if (smin > lo) lo = smin;
        if (smax < hi) hi = smax;
    }
    if (lo > hi) return RG_PROP_FAIL;
    int changed = 0;
    long weight = 1;
    for (int i = a->nbulb - 1; i >= 0; i--, weight *= 10) {
        int c = a->bulb[i];
        long rmin = bmin - mask_lowest(dom[c]) * weight,
             rmax = bmax - mask_highest(dom[c]) * weight;
        rg_mask keep = 0;
        for (rg_mask m = dom[c]; m; m &= m - 1) {
            int d = __builtin_ctz(m) + 1;
            if (rmin + d * weight <= hi && rmax + d * weight >= lo) keep |= (rg_mask)1 << (d - 1);
        }
        int r = mask_keep(arrows_host, sp, dom, c, keep);
        if (r < 0) return RG_PROP_FAIL;
        changed |= r;
    }
    for (int s = 0; s < a->nshaft; s++) {
        long smin = 0, smax = 0;
        for (int k = 0; k < a->len[s]; k++) {
            smin += mask_lowest(dom[a->shaft[s][k]]);
            smax += mask_highest(dom[a->shaft[s][k]]);
        }
        for (int k = 0; k < a->len[s]; k++) {
            int c = a->shaft[s][k];
            long rmin = smin - mask_lowest(dom[c]), rmax = smax - mask_highest(dom[c]);
            rg_mask keep = 0;
            for (rg_mask m = dom[c]; m; m &= m - 1) {
                int d = __builtin_ctz(m) + 1;
                if (rmin + d <= hi && rmax + d >= lo) keep |= (rg_mask)1 << (d - 1);
            }
            int r = mask_keep(arrows_host, sp, dom, c, keep);
            if (r < 0) return RG_PROP_FAIL;
            changed |= r;
        }
    }
    return changed ? RG_PROP_NOFIX : RG_PROP_FIX;
}

/* A shaft's cells keep the digits the rest of the shaft can complete to a
 * value in target. RG_FAIL or 0. */
static int keep_shaft(rg_space *sp, const int *cells, int n, int cap, int nw, const sumset *target)
{
    const rg_mask *dom = arrows_host->domains(sp);
    rg_mask keep[SUMSET_SUPPORT_CELLS];
    if (n <= SUMSET_SUPPORT_CELLS) {
        sumset_supports(dom, cells, n, cap, nw, target, keep);
        for (int k = 0; k < n; k++)
            if (mask_keep(arrows_host, sp, dom, cells[k], keep[k]) < 0) return RG_FAIL;
        return 0;
    }
    /* A longer shaft: the sums of the others, cell by cell. */
    for (int k = 0; k < n; k++)
        if (arrows_host->keep(sp, cells[k], sumset_kept(dom, cells, n, k, cap, nw, target)) < 0)
            return RG_FAIL;
    return 0;
}

/* Words a set of sums of this arrow is cleared over: nw, and at least the
 * two that lsum_backward reads (the sums of sets of up to 12 digits). */
static int clear_words(int nw) { return nw < 2 ? 2 : nw; }

/* Layers of distinct groups (lsum_forward_at, packed: a layer takes the
 * dpw words of the arrow's digits) kept from shaft_sums for keep_groups,
 * which would make them again: at most cap words, in the caller's lay
 * (LAYER_CACHE layers of any digits, or ARROW_LAYERS of 9 digits for the
 * usual arrow: arrow_propagate); a group past them is made again. */
#define LAYER_CACHE 48

typedef struct layer_cache {
    int used, cap;                /* words */
    int at[SUMSET_SUPPORT_CELLS]; /* group g's first word, -1: not kept */
    uint64_t *lay;
} layer_cache;

/* The layers of a group's n cells (d) made in own: with allowed, the
 * cells' digits in its sets whose sums it holds go to keep
 * (lsum_backward_at); else the sums of the last layer are or-ed into out. */
static inline void group_layers_in(const rg_mask *d, int n, int dpw, const uint64_t *allowed,
                                   rg_mask *keep, uint64_t *out, uint64_t *own)
{
    lsum_forward_at(d, n, dpw, own, dpw);
    if (allowed)
        lsum_backward_at(d, n, dpw, own, dpw, allowed, keep);
    else
        lsum_layer_sums(own + (size_t)n * dpw, dpw, out);
}

/* group_layers_in with room for layers of up to LSUM_DP_DIGITS digits. */
static __attribute__((noinline)) void group_layers_wide(const rg_mask *d, int n, int dpw,
                                                        const uint64_t *allowed, rg_mask *keep,
                                                        uint64_t *out)
{
    uint64_t own[(LSUM_CELLS + 1) * LSUM_DP_WORDS];
    group_layers_in(d, n, dpw, allowed, keep, out, own);
}

/* The layers of a group the cache holds no room for (or did not keep), in
 * a buffer of their own: of 8 words a layer up to 9 digits, out of line
 * past that, so that the frames of the usual arrow stay small (a first
 * touch of a stack page is a page fault). */
static void group_layers_own(const rg_mask *d, int n, int dpw, const uint64_t *allowed,
                             rg_mask *keep, uint64_t *out)
{
    if (dpw > 8) {
        group_layers_wide(d, n, dpw, allowed, keep, out);
        return;
    }
    uint64_t own[(LSUM_CELLS + 1) * 8];
    group_layers_in(d, n, dpw, allowed, keep, out, own);
}

/* The sums group g of sh can make (a set of distinct digits for a distinct
 * group, else its one cell's digits), uncapped, in raw[0..1]: a group's
 * sums stay below 128 (a distinct group has at most LSUM_DP_DIGITS digits,
 * a cell at most 32). Two distinct cells take a word of sums directly
 * (lsum_pair_sums); more cells go by their sets of distinct digits, a layer
 * word at a time (lsum_layer_sums), the layers kept in lc when it has room. */
static void group_raw(const arrow *a, const shaft *sh, int g, const rg_mask *dom, uint64_t *raw,
                      layer_cache *lc)
{
    const int *cells = sh->order + sh->start[g];
    int n = sh->start[g + 1] - sh->start[g];
    raw[1] = 0;
    if (!sh->distinct[g]) {
        raw[0] = (uint64_t)dom[cells[0]] << 1;
        return;
    }
    if (n == 2) {
        raw[0] = lsum_pair_sums(dom[cells[0]], dom[cells[1]]);
        return;
    }
    rg_mask d[LSUM_CELLS];
    int dpw = lsum_dp_words(a->D);
    uint64_t out[3] = {0, 0, 0}; /* lsum_layer_sums: a word past the last sum */
    for (int i = 0; i < n; i++) d[i] = dom[cells[i]];
    if (lc && lc->used + (n + 1) * dpw <= lc->cap) {
        uint64_t *lay = lc->lay + lc->used;
        lc->at[g] = lc->used;
        lc->used += (n + 1) * dpw;
        lsum_forward_at(d, n, dpw, lay, dpw);
        lsum_layer_sums(lay + (size_t)n * dpw, dpw, out);
    } else {
        group_layers_own(d, n, dpw, NULL, NULL, out);
    }
    raw[0] = out[0];
    raw[1] = out[1];
}

/* out = raw's sums up to cap, cleared over clear_words(nw) words. */
static void sums_of_raw(const uint64_t *raw, int cap, int nw, sumset *out)
{
    out->w[0] = raw[0];
    out->w[1] = raw[1];
    for (int w = 2; w < clear_words(nw); w++) out->w[w] = 0;
    sumset_cap(out, cap, nw);
    for (int w = nw; w < 2; w++) out->w[w] = 0;
}

/* The sums up to cap that group g of sh can make (group_raw). */
static void group_sums(const arrow *a, const shaft *sh, int g, const rg_mask *dom, int cap, int nw,
                       sumset *out, layer_cache *lc)
{
    uint64_t raw[2];
    group_raw(a, sh, g, dom, raw, lc);
    sums_of_raw(raw, cap, nw, out);
}

/* dst = the sums of a value of x and a value of y, up to cap (dst may be x). */
static void sums_add(const sumset *x, const sumset *y, int cap, int nw, sumset *dst)
{
    sumset t;
    for (int w = 0; w < clear_words(nw); w++) t.w[w] = 0;
    for (int w = 0; w < nw; w++)
        for (uint64_t bits = y->w[w]; bits; bits &= bits - 1)
            sumset_or_shift(&t, x, w * 64 + __builtin_ctzll(bits), nw);
    sumset_cap(&t, cap, nw);
    for (int w = 0; w < clear_words(nw); w++) dst->w[w] = t.w[w];
}

/* Group g's uncapped sums from the shaft's memo: those kept when its cells
 * hold its snap, else made (group_raw, layers in lc) and kept with a new
 * snap. */
static const uint64_t *memo_sums(const arrow *a, const shaft *sh, int g, const rg_mask *dom,
                                 layer_cache *lc, uint64_t *memo)
{
    const int *cells = sh->order + sh->start[g];
    int n = sh->start[g + 1] - sh->start[g], hit = 1;
    rg_mask *sn = memo_snap(sh, memo) + sh->start[g];
    memo_group *G = memo_at(memo, g);
    for (int i = 0; i < n; i++) hit &= dom[cells[i]] == sn[i];
    if (!hit) {
        group_raw(a, sh, g, dom, G->sums, lc);
        for (int i = 0; i < n; i++) sn[i] = dom[cells[i]];
        G->kept_all = 0; /* no backward pass on these domains yet */
    }
    return G->sums;
}

/* May the backward pass of distinct group g of sh, with the allowed sums
 * ok[0..1], be skipped? Its cells hold what its snap records: shaft_sums
 * took or made the group's sums in this call, and since then only the
 * groups after it were pruned, which hold other cells (what keep_groups'
 * reuse of the layers rests on too; a shaft never passes through its bulb,
 * and one with a repeated cell gets no skip). So when the last pass over
 * those domains with these allowed sums kept every digit, so would this
 * one. *G gets the group's entry (memo_record then keeps what the pass
 * does), or NULL. */
static int memo_skip(const shaft *sh, int g, const uint64_t *ok, uint64_t *memo, memo_group **G)
{
    *G = NULL;
    if (!memo || sh->repeats) return 0;
    *G = memo_at(memo, g);
    return (*G)->kept_all && (*G)->ok[0] == ok[0] && (*G)->ok[1] == ok[1];
}

/* What a backward pass over the snap's domains d with allowed sums ok kept
 * (keep), for memo_skip. */
static void memo_record(memo_group *G, const rg_mask *d, const rg_mask *keep, int n,
                        const uint64_t *ok)
{
    rg_mask lost = 0;
    for (int i = 0; i < n; i++) lost |= d[i] & ~keep[i];
    G->ok[0] = ok[0];
    G->ok[1] = ok[1];
    G->kept_all = !lost;
}

/* The sums up to cap shaft s can make, its groups' sums added; sums[g]
 * gets group g's and pre[g] those of the groups before g (when the shaft
 * has at most gcap groups, the room of both: keep_groups reads them). With
 * the shaft's memo (memo, or NULL), a group whose cells hold its snap takes
 * the sums kept there; another's are made and kept with a new snap. (The
 * prefixes are made again: a memo of them was read back for 5 % of the
 * groups on "Triple digits", since an early group changes most calls.) */
static void shaft_sums(const arrow *a, int s, const rg_mask *dom, int cap, int nw, int gcap,
                       sumset *sums, sumset *pre, layer_cache *lc, uint64_t *memo, sumset *out)
{
    const shaft *sh = &a->groups[s];
    int keep = sh->ng <= gcap, cw = clear_words(nw);
    if (!keep) lc = NULL, memo = NULL;
    if (lc) {
        lc->used = 0;
        for (int g = 0; g < sh->ng; g++) lc->at[g] = -1;
    }
    sumset acc, one, *part;
    for (int w = 0; w < cw; w++) acc.w[w] = 0;
    acc.w[0] = 1;
    for (int g = 0; g < sh->ng; g++) {
        part = keep ? &sums[g] : &one;
        if (memo)
            sums_of_raw(memo_sums(a, sh, g, dom, lc, memo), cap, nw, part);
        else
            group_sums(a, sh, g, dom, cap, nw, part, lc);
        if (keep) pre[g] = acc;
        sums_add(&acc, part, cap, nw, &acc);
    }
    *out = acc;
}

/* Does some sum of src plus k lie in need (the first nw words)? */
static int meets_shifted(const sumset *src, int k, const sumset *need, int nw)
{
    int q = k / 64, r = k % 64;
    for (int i = q; i < nw; i++) {
        uint64_t v = src->w[i - q] << r;
        if (r && i - q - 1 >= 0) v |= src->w[i - q - 1] >> (64 - r);
        if (v & need->w[i]) return 1;
    }
    return 0;
}

/* Does every digit of a distinct group's cells d[0..n-1] stay when every
 * sum up to cap is allowed? A sufficient test, no search: every set the
 * cells can make sums to at most cap (the highest digits add up to no more),
 * the placed cells hold different digits that no open cell has, and the
 * open cells' sizes, smallest first, are at least 2, 3, ..., m for the first
 * m - 1 of them: whatever digit one open cell takes, each k others keep at
 * least k digits among them, so the rest can always be completed (Hall). */
static int all_allowed(const rg_mask *d, int n, int cap)
{
    rg_mask placed = 0;
    int most = 0, size[LSUM_CELLS], m = 0;
    for (int i = 0; i < n; i++) {
        if (!d[i]) return 0;
        most += mask_highest(d[i]);
        if (d[i] & (d[i] - 1)) continue;
        if (d[i] & placed) return 0;
        placed |= d[i];
    }
    if (most > cap) return 0;
    for (int i = 0; i < n; i++) {
        if (!(d[i] & (d[i] - 1))) continue;
        if (d[i] & placed) return 0;
        int k = __builtin_popcount(d[i]), j = m++;
        for (; j > 0 && size[j - 1] > k; j--) size[j] = size[j - 1];
        size[j] = k;
    }
    for (int j = 0; j + 1 < m; j++)
        if (size[j] < j + 2) return 0;
    return 1;
}

/* A shaft's groups keep the sums that the other groups complete to a value
 * in target (forward: the sums of the groups before; backward: the sums the
 * groups before must make), and a group's cells the digits of those sums:
 * a distinct group's cells the digits of its sets of distinct digits with
 * such a sum. sums[g] holds group g's sums (shaft_sums). RG_FAIL or 0. */
static int keep_groups(rg_space *sp, const arrow *a, int s, int cap, int nw, int gcap,
                       const sumset *sums, const sumset *pre, layer_cache *lc, uint64_t *memo,
                       const sumset *target)
{
    const shaft *sh = &a->groups[s];
    int ng = sh->ng, cw = clear_words(nw);
    if (ng > gcap) return keep_shaft(sp, a->shaft[s], a->len[s], cap, nw, target);
    const rg_mask *dom = arrows_host->domains(sp);
    sumset need = *target, next, ok;
    for (int g = ng - 1; g >= 0; g--) {
        for (int w = 0; w < cw; w++) ok.w[w] = next.w[w] = 0;
        for (int w = 0; w < nw; w++)
            for (uint64_t bits = sums[g].w[w]; bits; bits &= bits - 1) {
                int x = w * 64 + __builtin_ctzll(bits);
                if (meets_shifted(&pre[g], x, &need, nw)) sumset_add(&ok, x);
                if (g) sumset_or_shr(&next, &need, x, nw);
            }
        const int *cells = sh->order + sh->start[g];
        int n = sh->start[g + 1] - sh->start[g], every = 1;
        for (int w = 0; w < nw; w++) every &= ok.w[w] == sums[g].w[w];
        if (!sh->distinct[g]) {
            rg_mask keep = (rg_mask)(ok.w[0] >> 1);
            if (keep != dom[cells[0]] && arrows_host->keep(sp, cells[0], keep) < 0) return RG_FAIL;
        } else {
            rg_mask d[LSUM_CELLS], keep[LSUM_CELLS];
            int dpw = lsum_dp_words(a->D);
            memo_group *G;
            for (int i = 0; i < n; i++) d[i] = dom[cells[i]];
            if (every && all_allowed(d, n, cap)) goto next_group;
            if (memo_skip(sh, g, ok.w, memo, &G)) goto next_group;
            /* Group g's cells are as shaft_sums saw them: only the groups
             * after it were pruned since, and they hold other cells. */
            if (n > 2 && !sh->repeats && lc->at[g] >= 0)
                lsum_backward_at(d, n, dpw, lc->lay + lc->at[g], dpw, ok.w, keep);
            else
                group_layers_own(d, n, dpw, ok.w, keep, NULL);
            if (G) memo_record(G, d, keep, n, ok.w);
            for (int i = 0; i < n; i++)
                if (mask_keep(arrows_host, sp, dom, cells[i], keep[i]) < 0) return RG_FAIL;
        }
    next_group:
        for (int w = 0; w < cw; w++) need.w[w] = next.w[w];
    }
    return 0;
}

/* Is every cell of the arrow down to one digit? */
static int all_placed(const arrow *a, const rg_mask *dom)
{
    rg_mask more = 0;
    for (int i = 0; i < a->nbulb; i++) more |= dom[a->bulb[i]] & (dom[a->bulb[i]] - 1);
    for (int s = 0; s < a->nshaft && !more; s++)
        for (int k = 0; k < a->len[s]; k++) more |= dom[a->shaft[s][k]] & (dom[a->shaft[s][k]] - 1);
    return !more;
}

/* With every cell placed: does every shaft add up to the bulb? (What the
 * full propagator answers then: it keeps every digit or fails.) */
static int placed_sums(const arrow *a, const rg_mask *dom)
{
    long bulb = 0;
    for (int i = 0; i < a->nbulb; i++) bulb = bulb * 10 + mask_highest(dom[a->bulb[i]]);
    for (int s = 0; s < a->nshaft; s++) {
        long sum = 0;
        for (int k = 0; k < a->len[s]; k++) sum += mask_highest(dom[a->shaft[s][k]]);
        if (sum != bulb) return 0;
    }
    return 1;
}

/* The most the arrow can read or add up to: the bulb read with its cells'
 * highest digits, and no more than any shaft's highest digits add up to. */
static long arrow_cap(const arrow *a, const rg_mask *dom)
{
    long cap = 0;
    for (int i = 0; i < a->nbulb; i++) cap = cap * 10 + mask_highest(dom[a->bulb[i]]);
    for (int s = 0; s < a->nshaft; s++) {
        long smax = 0;
        for (int k = 0; k < a->len[s]; k++) smax += mask_highest(dom[a->shaft[s][k]]);
        if (smax < cap) cap = smax;
    }
    return cap;
}

/* Shaft s's memo in the arrow's state st (NULL: none). */
static inline uint64_t *shaft_memo(const arrow *a, int s, uint64_t *st)
{
    return st && a->groups[s].memo >= 0 ? st + a->groups[s].memo : NULL;
}

/* arrow_propagate below the bounds test, with the caller's room for the
 * groups' sums (gcap of sums and pre) and for nlay words of layers (lay). */
static inline __attribute__((always_inline)) int arrow_run(rg_space *sp, const arrow *a,
                                                           const rg_mask *dom, long cap, int gcap,
                                                           sumset *sums, sumset *pre, uint64_t *lay,
                                                           int nlay)
{
    layer_cache room, *lc = &room; /* shaft_sums sets used and at[] */
    room.cap = nlay;
    room.lay = lay;
    uint64_t *st = a->state >= 0 ? arrows_host->state(sp, a->state) : NULL;
    int nw = (int)cap / 64 + 1;
    sumset target, part;
    bulb_values(a, dom, (int)cap, nw, &target);
    for (int s = 0; s < a->nshaft; s++) {
        if (a->groups)
            shaft_sums(a, s, dom, (int)cap, nw, gcap, sums, pre, lc, shaft_memo(a, s, st), &part);
        else
            sumset_of_cells(dom, a->shaft[s], a->len[s], -1, (int)cap, nw, &part);
        for (int k = 0; k < nw; k++) target.w[k] &= part.w[k];
    }
    uint64_t any = 0;
    for (int k = 0; k < nw; k++) any |= target.w[k];
    if (!any) return RG_PROP_FAIL;

    rg_mask pick[MAX_BULB], sup[MAX_BULB] = {0};
    if (a->D <= 9)
        bulb_readings(a, dom, nw, &target, sup);
    else
        bulb_support(a, dom, 0, 0, (int)cap, &target, pick, sup);
    for (int i = 0; i < a->nbulb; i++)
        if (arrows_host->keep(sp, a->bulb[i], sup[i]) < 0) return RG_PROP_FAIL;
    for (int s = 0; s < a->nshaft; s++) {
        /* One shaft: its groups' sums are still in sums[]. */
        uint64_t *memo = shaft_memo(a, s, st);
        if (a->groups && a->nshaft > 1)
            shaft_sums(a, s, dom, (int)cap, nw, gcap, sums, pre, lc, memo, &part);
        if ((a->groups ? keep_groups(sp, a, s, (int)cap, nw, gcap, sums, pre, lc, memo, &target)
                       : keep_shaft(sp, a->shaft[s], a->len[s], (int)cap, nw, &target)) < 0)
            return RG_PROP_FAIL;
    }
    /* Bulb and shafts were pruned against one target; a cell shared by two
     * parts can leave more to do. */
    return RG_PROP_FIX;
}

/* Arrows with a shaft of more than ARROW_GROUPS groups: arrow_run with room
 * for SUMSET_SUPPORT_CELLS groups and LAYER_CACHE layers of any digits
 * (45 KB), out of line, so that the usual arrow keeps a small stack
 * (ARROW_GROUPS, and ARROW_LAYERS layers of 9 digits: about 4 KB) and the
 * search touches fewer pages of it. */
#define ARROW_GROUPS 9
#define ARROW_LAYERS 16
static __attribute__((noinline)) int arrow_run_long(rg_space *sp, const arrow *a,
                                                    const rg_mask *dom, long cap)
{
    sumset sums[SUMSET_SUPPORT_CELLS], pre[SUMSET_SUPPORT_CELLS];
    uint64_t lay[LAYER_CACHE * LSUM_DP_WORDS];
    return arrow_run(sp, a, dom, cap, SUMSET_SUPPORT_CELLS, sums, pre, lay,
                     LAYER_CACHE * LSUM_DP_WORDS);
}

/* ---- The usual arrow: every value below 63, a set of sums one word ------------ */

/* arrow_run when cap < 63, at most 9 digits (a distinct group's layer sums
 * then fit two words) and the shafts grouped (link), with the sets of sums
 * as single words (lim: the sums 0 .. cap) instead of sumsets of
 * SUMSET_WORDS: the same prunings in the same order. */

/* group_sums in a word: group_raw's steps, kept apart (through group_raw,
 * arrow.jsonl took 0.8 % more instructions). */
static uint64_t group_sums64(const arrow *a, const shaft *sh, int g, const rg_mask *dom,
                             uint64_t lim, layer_cache *lc)
{
    const int *cells = sh->order + sh->start[g];
    int n = sh->start[g + 1] - sh->start[g];
    if (!sh->distinct[g]) return (uint64_t)dom[cells[0]] << 1 & lim;
    if (n == 2) return lsum_pair_sums(dom[cells[0]], dom[cells[1]]) & lim;
    rg_mask d[LSUM_CELLS];
    int dpw = lsum_dp_words(a->D);
    uint64_t out[2] = {0, 0};
    for (int i = 0; i < n; i++) d[i] = dom[cells[i]];
    if (lc->used + (n + 1) * dpw <= lc->cap) {
        uint64_t *lay = lc->lay + lc->used;
        lc->at[g] = lc->used;
        lc->used += (n + 1) * dpw;
        lsum_forward_at(d, n, dpw, lay, dpw);
        lsum_layer_sums(lay + (size_t)n * dpw, dpw, out);
    } else {
        group_layers_own(d, n, dpw, NULL, NULL, out);
    }
    return out[0] & lim;
}

/* shaft_sums in words: sums[g] group g's, pre[g] those of the groups
 * before it; returns the shaft's. (No memo: the groups' sums of an arrow
 * below 63 cost less than looking them up; on "Triple digits" a memo here
 * took 0.4 % more instructions.) */
static uint64_t shaft_sums64(const arrow *a, int s, const rg_mask *dom, uint64_t lim,
                             uint64_t *sums, uint64_t *pre, layer_cache *lc)
{
    const shaft *sh = &a->groups[s];
    lc->used = 0;
    for (int g = 0; g < sh->ng; g++) lc->at[g] = -1;
    uint64_t acc = 1;
    for (int g = 0; g < sh->ng; g++) {
        uint64_t part = sums[g] = group_sums64(a, sh, g, dom, lim, lc), next = 0;
        pre[g] = acc;
        for (; part; part &= part - 1) next |= acc << __builtin_ctzll(part);
        acc = next & lim;
    }
    return acc;
}

/* keep_groups in words. RG_FAIL or 0. */
static int keep_groups64(rg_space *sp, const arrow *a, int s, int cap, const uint64_t *sums,
                         const uint64_t *pre, layer_cache *lc, uint64_t target)
{
    const shaft *sh = &a->groups[s];
    const rg_mask *dom = arrows_host->domains(sp);
    uint64_t need = target;
    for (int g = sh->ng - 1; g >= 0; g--) {
        uint64_t ok = 0, next = 0;
        for (uint64_t bits = sums[g]; bits; bits &= bits - 1) {
            int x = __builtin_ctzll(bits);
            if (pre[g] << x & need) ok |= (uint64_t)1 << x;
            next |= need >> x;
        }
        const int *cells = sh->order + sh->start[g];
        int n = sh->start[g + 1] - sh->start[g];
        if (!sh->distinct[g]) {
            rg_mask keep = (rg_mask)(ok >> 1);
            if (keep != dom[cells[0]] && arrows_host->keep(sp, cells[0], keep) < 0) return RG_FAIL;
        } else {
            rg_mask d[LSUM_CELLS], keep[LSUM_CELLS];
            int dpw = lsum_dp_words(a->D);
            const uint64_t allowed[2] = {ok, 0};
            for (int i = 0; i < n; i++) d[i] = dom[cells[i]];
            if (ok == sums[g] && all_allowed(d, n, cap)) goto next_group;
            /* group g's cells are as shaft_sums64 saw them (only later
             * groups, of other cells, were pruned since) */
            if (n > 2 && !sh->repeats && lc->at[g] >= 0)
                lsum_backward_at(d, n, dpw, lc->lay + lc->at[g], dpw, allowed, keep);
            else
                group_layers_own(d, n, dpw, allowed, keep, NULL);
            for (int i = 0; i < n; i++)
                if (mask_keep(arrows_host, sp, dom, cells[i], keep[i]) < 0) return RG_FAIL;
        }
    next_group:
        need = next;
    }
    return 0;
}

static __attribute__((noinline)) int arrow_run64(rg_space *sp, const arrow *a, const rg_mask *dom,
                                                 int cap)
{
    uint64_t lim = ((uint64_t)2 << cap) - 1, sums[ARROW_GROUPS], pre[ARROW_GROUPS];
    uint64_t lay[ARROW_LAYERS * 8];
    layer_cache lc; /* used and at[] set by shaft_sums64 */
    lc.cap = ARROW_LAYERS * 8;
    lc.lay = lay;
    sumset t;
    bulb_values(a, dom, cap, 1, &t);
    uint64_t target = t.w[0];
    for (int s = 0; s < a->nshaft; s++) target &= shaft_sums64(a, s, dom, lim, sums, pre, &lc);
    if (!target) return RG_PROP_FAIL;
    t.w[0] = target; /* bulb_readings reads the first word alone */
    rg_mask sup[MAX_BULB] = {0};
    bulb_readings(a, dom, 1, &t, sup);
    for (int i = 0; i < a->nbulb; i++)
        if (arrows_host->keep(sp, a->bulb[i], sup[i]) < 0) return RG_PROP_FAIL;
    for (int s = 0; s < a->nshaft; s++) {
        if (a->nshaft > 1) shaft_sums64(a, s, dom, lim, sums, pre, &lc);
        if (keep_groups64(sp, a, s, cap, sums, pre, &lc, target) < 0) return RG_PROP_FAIL;
    }
    return RG_PROP_FIX;
}

/* The usual arrow (pair): a one-cell bulb b and one shaft of two other
 * cells x, y, at most 9 digits, so b = x + y (x != y when they share a
 * house: one group, whose values and keeps are linsum.h's pairs'). The same
 * exact supports as arrow_run64 in a few word operations, and the same
 * keeps in its order: the bulb, then the groups from the last (one group:
 * x, y; two: y, x). A digit without support supports none on the other
 * cell, so computing both cells' keeps from the domains before either
 * changes gives what the full run gives. */
static int arrow_pair(rg_space *sp, const arrow *a, const rg_mask *dom)
{
    const shaft *sh = a->groups;
    int b = a->bulb[0], cx = sh->order[0], cy = sh->order[1];
    rg_mask X = dom[cx], Y = dom[cy];
    if (sh->ng == 1) { /* one group: distinct digits (linsum.h's pairs) */
        uint64_t target = lsum_pair_sums(X, Y) & (uint64_t)dom[b] << 1; /* bit v: value v */
        if (!target) return RG_PROP_FAIL;
        if (arrows_host->keep(sp, b, (rg_mask)(target >> 1)) < 0) return RG_PROP_FAIL;
        if (mask_keep(arrows_host, sp, dom, cx, lsum_pair_keep(X, Y, target)) < 0)
            return RG_PROP_FAIL;
        return mask_keep(arrows_host, sp, dom, cy, lsum_pair_keep(Y, X, target)) < 0 ? RG_PROP_FAIL
                                                                                     : RG_PROP_FIX;
    }
    /* two groups of a cell each: the digits may repeat */
    uint64_t sums = 0;
    for (rg_mask m = X; m; m &= m - 1) sums |= (uint64_t)Y << (__builtin_ctz(m) + 2);
    uint64_t target = sums & (uint64_t)dom[b] << 1;
    if (!target) return RG_PROP_FAIL;
    if (arrows_host->keep(sp, b, (rg_mask)(target >> 1)) < 0) return RG_PROP_FAIL;
    rg_mask kx = 0, ky = 0;
    for (rg_mask m = X; m; m &= m - 1)
        if (target >> (__builtin_ctz(m) + 2) & Y) kx |= m & -m;
    for (rg_mask m = Y; m; m &= m - 1)
        if (target >> (__builtin_ctz(m) + 2) & X) ky |= m & -m;
    if (mask_keep(arrows_host, sp, dom, cy, ky) < 0) return RG_PROP_FAIL;
    return mask_keep(arrows_host, sp, dom, cx, kx) < 0 ? RG_PROP_FAIL : RG_PROP_FIX;
}

/* The values the bulb can read and every shaft can add up to (target); a
 * bulb digit stays when it is part of a reading in target, a shaft digit
 * when the rest of its shaft can complete it to a value in target. Bulb and
 * shafts share only the value, so with distinct cells this is exact; a cell
 * on two parts of one arrow makes it a sound over-approximation. */
static int arrow_propagate(rg_space *sp, void *data)
{
    const arrow *a = data;
    if (a->nbulb >= MAX_BULB) return RG_PROP_FAIL;
    const rg_mask *dom = arrows_host->domains(sp);
    if (a->pair) return arrow_pair(sp, a, dom);
    if (all_placed(a, dom)) return placed_sums(a, dom) ? RG_PROP_FIX : RG_PROP_FAIL;
    long cap = arrow_cap(a, dom);
    if (cap >= SUMSET_WORDS * 64) return prune_bounds(sp, a);
    if (a->most_groups > ARROW_GROUPS) return arrow_run_long(sp, a, dom, cap);
    if (cap < 63 && a->D <= 9 && a->groups) return arrow_run64(sp, a, dom, (int)cap);
    sumset sums[ARROW_GROUPS], pre[ARROW_GROUPS];
    uint64_t lay[ARROW_LAYERS * 8];
    return arrow_run(sp, a, dom, cap, ARROW_GROUPS, sums, pre, lay, ARROW_LAYERS * 8);
}

/* Every shaft sums to the bulb once all cells are placed; before that, a
 * placed bulb bounds each shaft's placed digits. */
static int arrow_check(const int *values, void *data)
{
    const arrow *a = data;
    if (a->nbulb >= MAX_BULB) return 0;
    long bulb = 0;
    int bulb_all = 1;
    for (int i = 0; i < a->nbulb; i++) {
        int v = values[a->bulb[i]];
        bulb = bulb * 10 + v;
        bulb_all &= v != 0;
    }
    for (int s = 0; s < a->nshaft; s++) {
        long sum = 0;
        int all = 1;
        for (int k = 0; k < a->len[s]; k++) {
            int v = values[a->shaft[s][k]];
            sum += v;
            all &= v != 0;
        }
        if (!bulb_all) continue;
        if (all ? sum != bulb : sum >= bulb) return 0;
    }
    return 1;
}

/* ---- Explaining a step ---------------------------------------------------- */

/* The shafts named: "the shaft r1c2 r1c3" or "its 2 shafts (r1c2 r1c3;
 * r2c2 r3c3)". */
static void shafts_text(xu *x, const arrow *a)
{
    xu_add(x, a->nshaft == 1 ? "the shaft " : "each of its %d shafts (", a->nshaft);
    for (int s = 0; s < a->nshaft && s < 4; s++) {
        xu_add(x, "%s", s ? "; " : "");
        xu_cells(x, a->shaft[s], a->len[s]);
    }
    if (a->nshaft > 4) xu_add(x, "; ...");
    if (a->nshaft > 1) xu_add(x, ")");
}

/* The totals bulb and shafts could all make before the step (as
 * arrow_propagate finds them), or nothing known (returns 0: bounds mode). */
static int arrow_totals(const arrow *a, const rg_mask *dom, sumset *target, int *capp)
{
    long cap = arrow_cap(a, dom);
    if (a->nbulb >= MAX_BULB || cap >= SUMSET_WORDS * 64) return 0;
    int nw = (int)cap / 64 + 1;
    sumset part, sums[SUMSET_SUPPORT_CELLS], pre[SUMSET_SUPPORT_CELLS];
    bulb_values(a, dom, (int)cap, nw, target);
    for (int s = 0; s < a->nshaft; s++) {
        if (a->groups)
            shaft_sums(a, s, dom, (int)cap, nw, SUMSET_SUPPORT_CELLS, sums, pre, NULL, NULL, &part);
        else
            sumset_of_cells(dom, a->shaft[s], a->len[s], -1, (int)cap, nw, &part);
        for (int k = 0; k < nw; k++) target->w[k] &= part.w[k];
    }
    *capp = (int)cap;
    return 1;
}

/* "The bulb r1c1 equals the sum along the shaft r1c2 r1c3, and only 5, 6
 * and 7 fit both: 8 and 9 leave r1c1, 1 leaves r1c3." */
static int arrow_explain(rg_why *w, void *data, const rg_mask *before, const rg_mask *after)
{
    const arrow *a = data;
    xu x;
    if (!xu_begin(&x, arrows_host, w, before, after)) return RG_OK;
    sumset target;
    int cap = 0, known = arrow_totals(a, before, &target, &cap);
    xu_add(&x, "The %s ", a->nbulb == 1 ? "bulb" : "pill (read as a number)");
    xu_cells(&x, a->bulb, a->nbulb);
    xu_add(&x, " equals the sum along ");
    shafts_text(&x, a);
    if (known) {
        xu_add(&x, ", and only ");
        int k = xu_values(&x, target.w, cap);
        xu_add(&x, " fit%s%s: ", k == 1 ? "s" : "", a->nshaft == 1 ? " both" : " all of them");
    } else {
        xu_add(&x, ": ");
    }
    int total = a->nbulb, n = 0;
    for (int s = 0; s < a->nshaft; s++) total += a->len[s];
    int *cells = malloc((size_t)total * sizeof *cells);
    if (!cells) return RG_E_NOMEM;
    for (int i = 0; i < a->nbulb; i++) cells[n++] = a->bulb[i];
    for (int s = 0; s < a->nshaft; s++)
        for (int k = 0; k < a->len[s]; k++) cells[n++] = a->shaft[s][k];
    xu_removals(&x, cells, n, ~(rg_mask)0);
    free(cells);
    xu_add(&x, " (no way of making %s uses them).",
           known ? "one of those totals" : "a total both sides reach");
    return xu_end(&x, "arrow sum");
}

static const rg_propagator arrow_prop = {.size = sizeof(rg_propagator),
                                         .name = "arrow",
                                         .family = "arrows",
                                         .cost = RG_COST_LINEAR,
                                         .propagate = arrow_propagate,
                                         .check = arrow_check,
                                         .explain = arrow_explain};

static void name_cell(const rg_build *b, int cell, char *buf, size_t n)
{
    int row, col;
    arrows_host->cell_pos(b, cell, &row, &col);
    snprintf(buf, n, "r%dc%d", row, col);
}

static int king_step(const rg_build *b, int x, int y)
{
    int rx, cx, ry, cy;
    arrows_host->cell_pos(b, x, &rx, &cx);
    arrows_host->cell_pos(b, y, &ry, &cy);
    return abs(rx - ry) <= 1 && abs(cx - cy) <= 1;
}

/* The bulb's cells form one orthogonally connected piece. */
static int check_bulb(rg_build *b, rg_rule *r, const int *bulb, int n)
{
    char *reached = arrows_host->alloc(b, (size_t)n);
    if (!reached) return arrows_host->error(b, r, NULL, "out of memory");
    reached[0] = 1;
    int count = 1, grew = 1;
    while (grew) {
        grew = 0;
        for (int i = 0; i < n; i++) {
            if (reached[i]) continue;
            int ri, ci;
            arrows_host->cell_pos(b, bulb[i], &ri, &ci);
            for (int j = 0; j < n; j++) {
                if (!reached[j]) continue;
                int rj, cj;
                arrows_host->cell_pos(b, bulb[j], &rj, &cj);
                if (abs(ri - rj) + abs(ci - cj) == 1) {
                    reached[i] = 1;
                    count++;
                    grew = 1;
                    break;
                }
            }
        }
    }
    if (count == n) return RG_OK;
    for (int i = 0; i < n; i++)
        if (!reached[i]) {
            char name[24], first[24];
            name_cell(b, bulb[i], name, sizeof name);
            name_cell(b, bulb[0], first, sizeof first);
            return arrows_host->error(
                b, r, "bulb",
                "the bulb is not orthogonally connected: %s cannot be reached "
                "from %s through side-adjacent bulb cells",
                name, first);
        }
    return RG_OK;
}

int arrows_read(rg_build *b, rg_rule *r, arrow_fields *f)
{
    int rc = arrows_host->read_cells(b, r, "bulb", RG_F_ORDERED, 1, 0, &f->bulb, &f->nbulb);
    if (rc != RG_OK) return rc;
    rc = check_bulb(b, r, f->bulb, f->nbulb);
    if (rc != RG_OK) return rc;
    rc = arrows_host->read_cell_lists(b, r, "lines", 0, 1, 1, &f->shaft, &f->len, &f->nshaft);
    if (rc != RG_OK) return rc;
    for (int s = 0; s < f->nshaft; s++) {
        const int *sh = f->shaft[s];
        int touches = 0;
        for (int i = 0; i < f->nbulb && !touches; i++) touches = king_step(b, sh[0], f->bulb[i]);
        char field[48], x[24], y[24];
        if (!touches) {
            name_cell(b, sh[0], x, sizeof x);
            snprintf(field, sizeof field, "lines[%d]", s);
            return arrows_host->error(
                b, r, field,
                "shaft %d starts at %s, which does not touch the bulb: the first "
                "cell of a shaft must be a king-move neighbour of a bulb cell",
                s + 1, x);
        }
        for (int k = 0; k < f->len[s]; k++)
            for (int i = 0; i < f->nbulb; i++)
                if (sh[k] == f->bulb[i]) {
                    name_cell(b, sh[k], x, sizeof x);
                    snprintf(field, sizeof field, "lines[%d][%d]", s, k);
                    return arrows_host->error(b, r, field,
                                              "%s is a cell of the bulb: a shaft cannot pass "
                                              "through its own bulb",
                                              x);
                }
        for (int k = 1; k < f->len[s]; k++)
            if (!king_step(b, sh[k - 1], sh[k])) {
                name_cell(b, sh[k - 1], x, sizeof x);
                name_cell(b, sh[k], y, sizeof y);
                snprintf(field, sizeof field, "lines[%d][%d]", s, k);
                return arrows_host->error(
                    b, r, field,
                    "%s and %s are not neighbours: consecutive cells of a shaft "
                    "must touch orthogonally or diagonally",
                    x, y);
            }
    }
    return RG_OK;
}

static int compile_arrow(rg_build *b, rg_rule *r, void **data)
{
    rg_board_info bi;
    arrows_host->board(b, &bi);
    arrow *a = arrows_host->alloc(b, sizeof *a);
    if (!a) return arrows_host->error(b, r, NULL, "out of memory");
    a->D = bi.digits;
    arrow_fields f;
    int rc = arrows_read(b, r, &f);
    if (rc != RG_OK) return rc;
    a->bulb = f.bulb;
    a->nbulb = f.nbulb;
    a->shaft = f.shaft;
    a->len = f.len;
    a->nshaft = f.nshaft;
    int total = a->nbulb;
    for (int s = 0; s < a->nshaft; s++) total += a->len[s];
    /* The cells watched and marked: bulb then shafts, each cell once. */
    int *cells = arrows_host->alloc(b, (size_t)total * sizeof *cells);
    if (!cells) return arrows_host->error(b, r, NULL, "out of memory");
    int n = 0;
    for (int i = 0; i < total; i++) {
        int c = i < a->nbulb ? a->bulb[i] : -1;
        if (c < 0) {
            int k = i - a->nbulb, s = 0;
            while (k >= a->len[s]) k -= a->len[s++];
            c = a->shaft[s][k];
        }
        int dup = 0;
        for (int j = 0; j < n && !dup; j++) dup = cells[j] == c;
        if (!dup) cells[n++] = c;
    }
    rc = arrows_host->add_mark(b, "arrow", 0, cells, n);
    if (rc != RG_OK) return rc;
    *data = a;
    return arrows_host->add_propagator(b, &arrow_prop, a, cells, n, RG_EV_DOMAIN);
}

/* Is house h among the houses of cell (ascending, from cell_houses)? */
static int in_house(const rg_build *b, int cell, int h)
{
    const int *hs;
    int k = arrows_host->cell_houses(b, cell, &hs);
    for (int i = 0; i < k; i++)
        if (hs[i] == h) return 1;
    return 0;
}

/* Positions of sh's unused cells in house h, each cell once, at most
 * LSUM_CELLS, into pick; returns how many. */
static int house_picks(const rg_build *b, const int *cells, int n, const unsigned char *used, int h,
                       int *pick)
{
    int k = 0;
    for (int j = 0; j < n && k < LSUM_CELLS; j++) {
        if (used[j] || !in_house(b, cells[j], h)) continue;
        int dup = 0;
        for (int i = 0; i < k && !dup; i++) dup = cells[pick[i]] == cells[j];
        if (!dup) pick[k++] = j;
    }
    return k;
}

/* Shafts past this many cells are not grouped (linking stays cheap). */
#define GROUP_CELLS 256

/* Shaft s's groups: again and again the house holding most of the cells not
 * yet grouped takes them (two or more), and the rest go one by one. */
static int group_shaft(rg_build *b, const arrow *a, int s, shaft *sh)
{
    const int *cells = a->shaft[s];
    int n = a->len[s], grouping = a->D <= LSUM_DP_DIGITS && n <= GROUP_CELLS;
    sh->order = arrows_host->alloc(b, (size_t)n * sizeof *sh->order);
    sh->start = arrows_host->alloc(b, (size_t)(n + 1) * sizeof *sh->start);
    sh->distinct = arrows_host->alloc(b, (size_t)n);
    unsigned char *used = arrows_host->alloc(b, (size_t)n);
    if (!sh->order || !sh->start || !sh->distinct || !used) return RG_E_NOMEM;
    int placed = 0, pick[LSUM_CELLS], best[LSUM_CELLS];
    sh->ng = 0;
    while (placed < n) {
        int nbest = 0;
        for (int i = 0; grouping && i < n; i++) {
            if (used[i]) continue;
            const int *hs;
            int k = arrows_host->cell_houses(b, cells[i], &hs);
            for (int q = 0; q < k; q++) {
                int h = hs[q], np = house_picks(b, cells, n, used, h, pick);
                if (np > nbest) {
                    nbest = np;
                    memcpy(best, pick, (size_t)np * sizeof *pick);
                }
            }
        }
        if (nbest < 2) {
            nbest = 1;
            for (int i = 0; i < n; i++)
                if (!used[i]) {
                    best[0] = i;
                    break;
                }
        }
        sh->start[sh->ng] = placed;
        sh->distinct[sh->ng++] = nbest >= 2;
        for (int i = 0; i < nbest; i++) {
            used[best[i]] = 1;
            sh->order[placed++] = cells[best[i]];
        }
    }
    sh->start[sh->ng] = placed;
    sh->repeats = 0;
    for (int i = 0; i < n && !sh->repeats; i++)
        for (int j = 0; j < i && !sh->repeats; j++) sh->repeats = cells[i] == cells[j];
    return RG_OK;
}

/* The most words of memo an arrow keeps (4 KB: a shaft of 28 cells in 7
 * groups takes 49), so that its copy at every node stays small beside the
 * domains whatever the board. */
#define MEMO_WORDS 512

/* The shafts' memos, for an arrow that can take the general run: more than
 * 9 digits, or a value of 63 or more that the bulb can read and every shaft
 * reach (below that arrow_run64 takes it, which keeps no memo). A shaft has
 * one when it has a distinct group of three cells or more (a digit-set DP
 * to save: the sums of single cells and pairs cost less than a lookup, and
 * past LSUM_DP_DIGITS digits no group is distinct), arrow_run keeps its
 * groups' sums (at most SUMSET_SUPPORT_CELLS groups), and the arrow's
 * memos stay within MEMO_WORDS. */
static int arrow_memos(rg_build *b, arrow *a)
{
    a->state = -1;
    for (int s = 0; s < a->nshaft; s++) a->groups[s].memo = -1;
    if (a->pair || a->nbulb >= MAX_BULB) return RG_OK;
    /* arrow_cap over domains that hold every digit (the link has none) */
    long most = 0;
    for (int i = 0; i < a->nbulb; i++) most = most * 10 + a->D;
    for (int s = 0; s < a->nshaft; s++)
        if ((long)a->len[s] * a->D < most) most = (long)a->len[s] * a->D;
    if (a->D <= 9 && most < 63) return RG_OK;
    size_t words = 0;
    for (int s = 0; s < a->nshaft; s++) {
        shaft *sh = &a->groups[s];
        int dp = 0;
        for (int g = 0; g < sh->ng && !dp; g++)
            dp = sh->distinct[g] && sh->start[g + 1] - sh->start[g] >= 3;
        size_t more = memo_words(sh);
        if (!dp || sh->ng > SUMSET_SUPPORT_CELLS || words + more > MEMO_WORDS) continue;
        sh->memo = (int)words;
        words += more;
    }
    if (!words) return RG_OK;
    a->state = arrows_host->add_state(b, words * sizeof(uint64_t), NULL);
    return a->state < 0 ? -a->state : RG_OK;
}

/* Once every rule is read: the shafts' groups of cells sharing a house. */
static int link_arrow(rg_build *b, rg_rule *r, void *data)
{
    arrow *a = data;
    shaft *groups = arrows_host->alloc(b, (size_t)a->nshaft * sizeof *groups);
    if (!groups) return arrows_host->error(b, r, NULL, "out of memory");
    for (int s = 0; s < a->nshaft; s++)
        if (group_shaft(b, a, s, &groups[s]) != RG_OK)
            return arrows_host->error(b, r, NULL, "out of memory");
    a->groups = groups;
    for (int s = 0; s < a->nshaft; s++)
        if (groups[s].ng > a->most_groups) a->most_groups = groups[s].ng;
    a->pair = a->nbulb == 1 && a->nshaft == 1 && a->len[0] == 2 && a->D <= 9 &&
              !groups[0].repeats && a->bulb[0] != a->shaft[0][0] && a->bulb[0] != a->shaft[0][1];
    return arrow_memos(b, a);
}

/* format.md §6: the rank and the order fields are written in (fmt). */
static const char *const arrow_order[] = {"bulb", "lines", NULL};

static const rg_rule_type types[] = {
    {.size = sizeof(rg_rule_type),
     .name = "arrow",
     .family = "arrows",
     .compile = compile_arrow,
     .link = link_arrow,
     .generate = arrows_generate,
     .write_rank = 605,
     .write_order = arrow_order,
     .draw = arrows_draw},
};

RG_PLUGIN_DEFINE("arrows", "1.0", "arrow sums: arrow (bulbs and pills, several shafts)",
                 arrows_host, types, NULL);
