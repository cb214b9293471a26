/* The explain hooks of the cages plugin's sums over distinct cells (a cage
 * of the document, or a sum derived over one house) and of derived signed
 * sums; the unit's hook is in cages_unit.c. They run only when a step is
 * explained: the combinations are listed afresh from the domains before. */
#include <stdlib.h>
#include <string.h>

#include "cages.h"
#include "explain_util.h"
#include "match.h"

#define LIST_SETS 6 /* combinations listed by name; past this, counted */

/* The sets of c that fit the domains before (a matching of the cells onto
 * the set's digits), into fit; *keep[i] the digits cell i takes in one. */
static int fitting_sets(const cage *c, const rg_mask *before, rg_mask *fit, rg_mask *keep)
{
    rg_mask uni = 0, d[MATCH_MAX], sup[MATCH_MAX];
    int nfit = 0;
    for (int i = 0; i < c->n; i++) {
        uni |= before[c->cells[i]];
        keep[i] = 0;
    }
    for (int s = 0; s < c->nsets; s++) {
        rg_mask set = c->sets[s];
        if (set & ~uni) continue;
        int ok = 1;
        for (int i = 0; i < c->n && ok; i++) ok = (d[i] = before[c->cells[i]] & set) != 0;
        if (!ok || !match_set(d, c->n, set, sup)) continue;
        for (int i = 0; i < c->n; i++) keep[i] |= sup[i];
        fit[nfit++] = set;
    }
    return nfit;
}

/* The cage's cells that can hold digit v after the step (holders) and the
 * cells outside it that lost v (gone). */
typedef struct placing {
    int holders[MATCH_MAX], nh, gone[64], ng;
} placing;

static void placing_of(const xu *x, const cage *c, rg_mask v, placing *p)
{
    p->nh = p->ng = 0;
    for (int i = 0; i < c->n; i++)
        if (x->after[c->cells[i]] & v) p->holders[p->nh++] = c->cells[i];
    for (int h = 0; h < c->nh && p->ng < 64; h++)
        for (int k = 0; k < c->hnout[h] && p->ng < 64; k++) {
            int q = c->hout[h][k], dup = 0;
            for (int j = 0; j < p->ng && !dup; j++) dup = p->gone[j] == q;
            if (!dup && (xu_lost(x, q) & v)) p->gone[p->ng++] = q;
        }
}

static int same_placing(const placing *a, const placing *b)
{
    return a->nh == b->nh && a->ng == b->ng &&
           !memcmp(a->holders, b->holders, (size_t)a->nh * sizeof a->holders[0]) &&
           !memcmp(a->gone, b->gone, (size_t)a->ng * sizeof a->gone[0]);
}

/* The cells outside the cage that lost a digit every fitting set holds:
 * "9 is in every combination and can only go in r1c1 r1c2, which all see
 * r1c5 r1c6: 9 leaves them", digits placed alike said together. */
static void outside_text(xu *x, const cage *c, rg_mask required, const char *sep)
{
    placing p, q;
    while (required) {
        rg_mask v = required & -required, same = v;
        required &= required - 1;
        placing_of(x, c, v, &p);
        for (rg_mask r = required; r; r &= r - 1) {
            placing_of(x, c, r & -r, &q);
            if (same_placing(&p, &q)) same |= r & -r;
        }
        required &= ~same;
        if (!p.ng) continue;
        int many = __builtin_popcount(same) > 1;
        xu_add(x, "%s", sep);
        sep = "; ";
        xu_digits(x, same);
        xu_add(x, " %s in every combination and can only go in ", many ? "are" : "is");
        xu_cells(x, p.holders, p.nh);
        xu_add(x, ", which %s ", p.nh == 1 ? "sees" : "all see");
        xu_cells(x, p.gone, p.ng);
        xu_add(x, ": ");
        xu_digits(x, same);
        xu_add(x, " %s %s", many ? "leave" : "leaves", p.ng == 1 ? "it" : "them");
    }
}

/* A sum over two cells: a digit d of a fitting combination left one cell
 * because the other cannot be sum - d: "4 leaves r6c2 (r6c5 cannot be 9)". */
static void pair_text(xu *x, const cage *c, rg_mask uni)
{
    for (int i = 0, k = 0; i < 2; i++) {
        int a = c->cells[i], b = c->cells[1 - i];
        rg_mask lost = xu_lost(x, a) & uni, need = 0;
        if (!lost) continue;
        for (rg_mask m = lost; m; m &= m - 1) {
            long want = c->sum - (__builtin_ctz(m) + 1);
            if (want >= 1 && want <= 32) need |= (rg_mask)1 << (want - 1);
        }
        xu_add(x, "%s", k++ ? "; " : "");
        xu_digits(x, lost);
        xu_add(x, " %s ", __builtin_popcount(lost) == 1 ? "leaves" : "leave");
        xu_cells(x, &a, 1);
        xu_add(x, " (");
        xu_cells(x, &b, 1);
        xu_add(x, " cannot be ");
        xu_either(x, need);
        xu_add(x, ")");
    }
}

/* "Rows 1-3 hold 135", "Column 4 holds 45", "The boxes r1c1-r3c9 hold
 * 90" for the union of o's units; 0 when o names none. */
static int union_text(xu *x, const dorigin *o)
{
    int r0, c0, r1, c1, one = o->k == 1;
    if (o->how < FROM_INNIES || o->how > FROM_MIXED || o->k < 1) return 0;
    if (!xu_pos(x, o->first, &r0, &c0) || !xu_pos(x, o->last, &r1, &c1)) return 0;
    if (o->kind == RG_HOUSE_ROW && one)
        xu_add(x, "Row %d", r0);
    else if (o->kind == RG_HOUSE_ROW)
        xu_add(x, "Rows %d-%d", r0, r1);
    else if (o->kind == RG_HOUSE_COLUMN && one)
        xu_add(x, "Column %d", c0);
    else if (o->kind == RG_HOUSE_COLUMN)
        xu_add(x, "Columns %d-%d", c0, c1);
    else if (o->kind == RG_HOUSE_BOX)
        xu_add(x, "The box%s r%dc%d-r%dc%d", one ? "" : "es", r0, c0, r1, c1);
    else
        return 0; /* regions: no name that a person could check at a glance */
    xu_add(x, " hold%s %ld", one ? "s" : "", o->units);
    return 1;
}

/* "Rows 1-3 hold 135 and the cages inside them 120, so their other cells"
 * (innies) or "... the cages in or touching them 150, so the cells of
 * those cages outside them" (outies), for n cells; else "The houses and
 * cages around them make". The cells and their total follow. */
static void derived_head(xu *x, const dorigin *o, int n)
{
    if (o->how > FROM_OUTIES || !union_text(x, o)) {
        xu_add(x, "The houses and cages around them make ");
        return;
    }
    const char *them = o->k == 1 ? "it" : "them", *cells = n == 1 ? "cell" : "cells";
    if (o->how == FROM_INNIES)
        xu_add(x, " and the cages inside %s %ld, so %s other %s ", them, o->cages,
               o->k == 1 ? "its" : "their", cells);
    else
        xu_add(x, " and the cages in or touching %s %ld, so the %s of those cages outside %s ",
               them, o->cages, cells, them);
}

/* The head of the text: "The cage of 10 in r1c1 r1c2" or, for a derived
 * sum, where it comes from and "r3c4 r3c5 sum to 15" ("r5c5 is 2"). */
static void sum_head(xu *x, const cage *c)
{
    if (c->mark >= 0) {
        xu_add(x, "The cage of %ld in ", c->sum);
        xu_cells(x, c->cells, c->n);
        return;
    }
    derived_head(x, &c->origin, c->n);
    xu_cells(x, c->cells, c->n);
    xu_add(x, c->n == 1 ? " is %ld" : " sum to %ld", c->sum);
}

/* " is 1+9 or 2+8" (a cage), ": 1+9 or 2+8" (a derived sum), or with
 * "can only be" / "with the candidates left" when some do not fit. */
static void sets_text(xu *x, const cage *c, const rg_mask *fit, int nfit)
{
    int cage = c->mark >= 0;
    if (!cage && c->n == 1) return;
    if (nfit == c->nsets) {
        xu_add(x, cage ? " is " : ": ");
        xu_sets(x, fit, nfit, LIST_SETS);
        return;
    }
    xu_add(x, cage ? " can only be " : ": only ");
    xu_sets(x, fit, nfit, LIST_SETS);
    xu_add(x, " with the candidates left");
    if (nfit > LIST_SETS) xu_add(x, " (of %d)", c->nsets);
}

int cages_explain_sum(rg_why *w, void *data, const rg_mask *before, const rg_mask *after)
{
    const cage *c = data;
    xu x;
    if (!xu_begin(&x, cages_host, w, before, after)) return RG_OK;
    const char *technique = c->mark >= 0 ? "cage combinations" : "cage innies";
    rg_mask keep[MATCH_MAX], *fit = NULL;
    int nfit = 0;
    if (c->nsets >= 0 && c->n <= MATCH_MAX) {
        fit = malloc((size_t)(c->nsets ? c->nsets : 1) * sizeof *fit);
        if (!fit) return RG_E_NOMEM;
        nfit = fitting_sets(c, before, fit, keep);
    }
    sum_head(&x, c);
    if (!fit || !nfit) {
        /* Bounds mode (too many combinations to list), or none fits. */
        xu_add(&x, ": ");
        xu_removals(&x, c->cells, c->n, ~(rg_mask)0);
        xu_add(&x, " (the other cells' candidates cannot make up the rest of %ld).", c->sum);
        free(fit);
        return xu_end(&x, technique);
    }
    rg_mask uni = 0, required = ~(rg_mask)0;
    for (int s = 0; s < nfit; s++) uni |= fit[s], required &= fit[s];
    sets_text(&x, c, fit, nfit);
    rg_mask never = 0;
    for (int i = 0; i < c->n; i++) never |= xu_lost(&x, c->cells[i]) & ~uni;
    const char *sep = c->mark >= 0 || c->n == 1 ? ": " : ". ";
    if (never) {
        xu_add(&x, "%s", sep);
        xu_digits(&x, never);
        xu_add(&x, " cannot be in %s", c->mark >= 0 || c->n == 1 ? "it" : "them");
        sep = "; ";
    }
    int others = 0; /* a cell lost a digit some fitting combination holds */
    for (int i = 0; i < c->n; i++) others |= (xu_lost(&x, c->cells[i]) & uni) != 0;
    if (others && c->n == 2) {
        xu_add(&x, "%s", sep);
        pair_text(&x, c, uni);
        sep = "; ";
    } else if (others) {
        xu_add(&x, "%s", sep);
        xu_removals(&x, c->cells, c->n, uni);
        xu_add(&x, " (no combination that fits the other cells' candidates allows it)");
        sep = "; ";
    }
    if (c->nh) outside_text(&x, c, required, sep);
    xu_add(&x, ".");
    free(fit);
    return xu_end(&x, technique);
}

/* One side of a signed sum: the cells of the groups of sign sg. */
static int signed_side(xu *x, const dsum *ds, int sg)
{
    int count = 0;
    for (int g = 0; g < ds->ng; g++) {
        if (ds->sign[g] != sg) continue;
        for (int i = ds->start[g]; i < ds->start[g + 1]; i++) {
            xu_add(x, "%s", count++ ? " + " : "");
            xu_cells(x, &ds->cells[i], 1);
        }
    }
    return count;
}

/* "r1c5 = r2c1 + r2c9 + 3": the cells counted up on the left, those
 * counted down on the right, the total on the side that keeps it positive. */
static void signed_terms(xu *x, const dsum *ds)
{
    long t = ds->total;
    int left = signed_side(x, ds, 1);
    if (t < 0 || !left) xu_add(x, "%s%ld", left ? " + " : "", t < 0 ? -t : t);
    xu_add(x, " = ");
    int right = signed_side(x, ds, -1);
    if (t > 0 || !right) xu_add(x, "%s%ld", right ? " + " : "", t > 0 ? t : -t);
}

int cages_explain_signed(rg_why *w, void *data, const rg_mask *before, const rg_mask *after)
{
    const dsum *ds = data;
    xu x;
    if (!xu_begin(&x, cages_host, w, before, after)) return RG_OK;
    const dorigin *o = &ds->origin;
    if (union_text(&x, o)) {
        xu_add(&x, "; with the cages in or touching %s, ", o->k == 1 ? "it" : "them");
        if (o->how == FROM_INNIES) xu_add(&x, "the cells no cage inside covers give ");
        if (o->how == FROM_OUTIES) xu_add(&x, "the cells of those cages outside give ");
        if (o->how == FROM_MIXED) xu_add(&x, "counting cages' parts in and out, ");
    } else {
        xu_add(&x, "The houses and cages around them give ");
    }
    signed_terms(&x, ds);
    xu_add(&x, " (cells sharing a house take different digits): ");
    xu_removals(&x, ds->cells, ds->n, ~(rg_mask)0);
    xu_add(&x, " (the other cells' candidates then cannot balance it).");
    return xu_end(&x, "cage innies and outies");
}
