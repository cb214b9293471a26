/* The arrows plugin: arrow sums (format.md 6.5). The bulb (one cell or a
 * pill) is read as a base-10 number; every shaft sums to it. The propagator
 * reasons over the sets of values bulb and shafts can make, both ways. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "arrows.h"
#include "masks.h"
#include "rulegrid/plugin.h"
#include "sumset.h"

/* The host table, set by init (RG_PLUGIN_DEFINE below). */
const rg_host *arrows_host;

/* A bulb of this many cells reads at least 1111111, more than any shaft of
 * a 99 x 99 board can add up to: no solution. */
#define MAX_BULB 7

typedef struct arrow {
    const int *bulb;
    int nbulb, D;
    const int *const *shaft;
    const int *len;
    int nshaft;
} arrow;

/* The bulb values within cap, by digits in bulb order: each step is
 * value * 10 + digit, which only grows, so values over cap are dropped. */
static void bulb_values(const arrow *a, const rg_mask *dom, int cap, int nw, sumset *out)
{
    sumset cur = {{0}};
    cur.w[0] = 1;
    for (int i = 0; i < a->nbulb; i++) {
        sumset next = {{0}};
        for (int v = 0; v * 10 < cap + 1 && v <= cap; v++) {
            if (!sumset_has(&cur, v)) continue;
            for (rg_mask m = dom[a->bulb[i]]; m; m &= m - 1) {
                int x = v * 10 + __builtin_ctz(m) + 1;
                if (x <= cap) sumset_add(&next, x);
            }
        }
        cur = next;
    }
    (void)nw;
    *out = cur;
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
        int r = arrows_host->keep(sp, c, keep);
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
            int r = arrows_host->keep(sp, c, keep);
            if (r < 0) return RG_PROP_FAIL;
            changed |= r;
        }
    }
    return changed ? RG_PROP_NOFIX : RG_PROP_FIX;
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
    long cap = 0;
    for (int i = 0; i < a->nbulb; i++) cap = cap * 10 + mask_highest(dom[a->bulb[i]]);
    for (int s = 0; s < a->nshaft; s++) {
        long smax = 0;
        for (int k = 0; k < a->len[s]; k++) smax += mask_highest(dom[a->shaft[s][k]]);
        if (smax < cap) cap = smax;
    }
    if (cap >= SUMSET_WORDS * 64) return prune_bounds(sp, a);
    int nw = (int)cap / 64 + 1;
    sumset target, part;
    bulb_values(a, dom, (int)cap, nw, &target);
    for (int s = 0; s < a->nshaft; s++) {
        sumset_of_cells(dom, a->shaft[s], a->len[s], -1, (int)cap, nw, &part);
        for (int k = 0; k < nw; k++) target.w[k] &= part.w[k];
    }
    uint64_t any = 0;
    for (int k = 0; k < nw; k++) any |= target.w[k];
    if (!any) return RG_PROP_FAIL;

    rg_mask pick[MAX_BULB], sup[MAX_BULB] = {0};
    bulb_support(a, dom, 0, 0, (int)cap, &target, pick, sup);
    for (int i = 0; i < a->nbulb; i++)
        if (arrows_host->keep(sp, a->bulb[i], sup[i]) < 0) return RG_PROP_FAIL;
    for (int s = 0; s < a->nshaft; s++)
        for (int k = 0; k < a->len[s]; k++) {
            sumset others, t;
            sumset_of_cells(dom, a->shaft[s], a->len[s], k, (int)cap, nw, &others);
            int c = a->shaft[s][k];
            rg_mask keep = 0;
            for (rg_mask m = dom[c]; m; m &= m - 1) {
                int d = __builtin_ctz(m) + 1;
                for (int w = 0; w < nw; w++) t.w[w] = 0;
                sumset_or_shift(&t, &others, d, nw);
                for (int w = 0; w < nw; w++)
                    if (t.w[w] & target.w[w]) {
                        keep |= (rg_mask)1 << (d - 1);
                        break;
                    }
            }
            if (arrows_host->keep(sp, c, keep) < 0) return RG_PROP_FAIL;
        }
    /* Bulb and shafts were pruned against one target; a cell shared by two
     * parts can leave more to do. */
    return RG_PROP_FIX;
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

static const rg_propagator arrow_prop = {sizeof(rg_propagator), "arrow",         "arrows",
                                         RG_COST_LINEAR,        arrow_propagate, arrow_check};

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

static int compile_arrow(rg_build *b, rg_rule *r, void **data)
{
    (void)data;
    rg_board_info bi;
    arrows_host->board(b, &bi);
    arrow *a = arrows_host->alloc(b, sizeof *a);
    if (!a) return arrows_host->error(b, r, NULL, "out of memory");
    a->D = bi.digits;
    int rc = arrows_host->read_cells(b, r, "bulb", RG_F_ORDERED, 1, 0, &a->bulb, &a->nbulb);
    if (rc != RG_OK) return rc;
    rc = check_bulb(b, r, a->bulb, a->nbulb);
    if (rc != RG_OK) return rc;
    rc = arrows_host->read_cell_lists(b, r, "lines", 0, 1, 1, &a->shaft, &a->len, &a->nshaft);
    if (rc != RG_OK) return rc;
    int total = a->nbulb;
    for (int s = 0; s < a->nshaft; s++) {
        const int *sh = a->shaft[s];
        int touches = 0;
        for (int i = 0; i < a->nbulb && !touches; i++) touches = king_step(b, sh[0], a->bulb[i]);
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
        for (int k = 1; k < a->len[s]; k++)
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
        total += a->len[s];
    }
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
    return arrows_host->add_propagator(b, &arrow_prop, a, cells, n, RG_EV_DOMAIN);
}

/* format.md §6: the rank and the order fields are written in (fmt). */
static const char *const arrow_order[] = {"bulb", "lines", NULL};

static const rg_rule_type types[] = {
    {.size = sizeof(rg_rule_type),
     .name = "arrow",
     .family = "arrows",
     .compile = compile_arrow,
     .generate = arrows_generate,
     .write_rank = 605,
     .write_order = arrow_order},
};

RG_PLUGIN_DEFINE("arrows", "1.0", "arrow sums: arrow (bulbs and pills, several shafts)",
                 arrows_host, types, NULL);
