/* The corners plugin (format.md 6.9): battenburg, as four different-parity
 * pair rules, and quadruple, by a matching propagator that keeps exactly the
 * supported digits of the 2 x 2 block (listed digits may repeat). */
#include <stdint.h>
#include <stdio.h>

#include "corners.h"
#include "group_houses.h"
#include "pairop.h"
#include "rulegrid/plugin.h"
#include "why_util.h"

/* The host table, set by init (RG_PLUGIN_DEFINE below). */
const rg_host *corners_host;

enum { K_BATTENBURG, K_QUADRUPLE };
static const char *const kinds[] = {"battenburg", "quadruple", NULL};
/* fmt writes the fields in this order (format.md §6). */
static const char *const corner_order[] = {"kind", "digits", "cells", NULL};

/* A quadruple: the block and its required digits (repeats kept). */
typedef struct quad {
    int cells[4];
    int need[4]; /* required digits, sorted */
    int nneed;
} quad;

/* The ways of giving the required digits distinct cells that hold them, a
 * digit at a time, as sets of the 16 sets of cells used so far (bit s: the
 * cells of s used): without[i] holds the sets without cell i, and giving
 * cell i a digit moves set s to s + 2^i. reach[k]: the sets the first k
 * digits can use; done[k]: those from which the rest can be given. */
static const uint32_t without[4] = {0x5555, 0x3333, 0x0F0F, 0x00FF};

/* Exactly the digits some filling of the block uses: a cell keeps a
 * required digit when some way gives it that digit, and its whole domain
 * when some complete way leaves it free (listed digits may repeat). */
static int quad_propagate(rg_space *sp, void *data)
{
    const quad *q = data;
    const rg_mask *all = corners_host->domains(sp);
    const int n = q->nneed;
    rg_mask dom[4], keep[4] = {0, 0, 0, 0};
    /* holds[k][i]: the sets without cell i when cell i can take the k-th
     * digit, else none (no branch per cell: which hold it is hard to
     * predict) */
    uint32_t holds[4][4], reach[5], done[5];
    for (int i = 0; i < 4; i++) dom[i] = all[q->cells[i]];
    reach[0] = 1;
    for (int k = 0; k < n; k++) {
        rg_mask bit = (rg_mask)1 << (q->need[k] - 1);
        uint32_t r = 0;
        for (int i = 0; i < 4; i++) {
            holds[k][i] = without[i] & -(uint32_t)((dom[i] & bit) != 0);
            r |= (reach[k] & holds[k][i]) << (1u << i);
        }
        reach[k + 1] = r;
    }
    done[n] = 0xFFFF;
    for (int k = n - 1; k >= 0; k--) {
        uint32_t d = 0;
        for (int i = 0; i < 4; i++) d |= (done[k + 1] >> (1u << i)) & holds[k][i];
        done[k] = d;
    }
    for (int i = 0; i < 4; i++) {
        keep[i] = dom[i] & -(rg_mask)((reach[n] & without[i]) != 0);
        for (int k = 0; k < n; k++)
            keep[i] |= (rg_mask)1 << (q->need[k] - 1) &
                       -(rg_mask)((reach[k] & holds[k][i] & (done[k + 1] >> (1u << i))) != 0);
    }
    int placed = 1;
    for (int i = 0; i < 4; i++) {
        if ((dom[i] & ~keep[i]) && corners_host->keep(sp, q->cells[i], keep[i]) < 0)
            return RG_PROP_FAIL;
        if (keep[i] & (keep[i] - 1)) placed = 0;
    }
    return placed ? RG_PROP_SUBSUMED : RG_PROP_FIX;
}

/* Placed cells must leave room for every missing required digit. */
static int quad_check(const int *values, void *data)
{
    const quad *q = data;
    int empty = 0, missing = 0, have[4] = {0, 0, 0, 0};
    for (int i = 0; i < 4; i++) empty += values[q->cells[i]] == 0;
    for (int k = 0; k < q->nneed; k++) {
        int found = 0;
        for (int i = 0; i < 4; i++)
            if (!(have[i]) && values[q->cells[i]] == q->need[k]) {
                have[i] = 1;
                found = 1;
                break;
            }
        missing += !found;
    }
    return missing <= empty;
}

/* ---- Explaining a step of the quadruple propagator ----------------------------- */

/* The required digits but one copy of skip (0: none), "1, 3 and 3". */
static void need_list(wu_text *t, const quad *q, int skip)
{
    int n = 0, k0 = -1;
    for (int k = 0; k < q->nneed; k++)
        if (q->need[k] == skip && k0 < 0)
            k0 = k;
        else
            n++;
    for (int k = 0, i = 0; k < q->nneed; k++) {
        if (k == k0) continue;
        i++;
        wu_add(t, "%s%d", i == 1 ? "" : i == n ? " and " : ", ", q->need[k]);
    }
}

/* A listed digit (needed once) that only cell i of the block can take. */
static int only_place(const quad *q, const rg_mask *before, int i)
{
    for (int k = 0; k < q->nneed; k++) {
        int d = q->need[k], places = 0;
        if ((k > 0 && q->need[k - 1] == d) || (k + 1 < q->nneed && q->need[k + 1] == d)) continue;
        for (int j = 0; j < 4; j++) places += (before[q->cells[j]] >> (d - 1) & 1u) != 0;
        if (places == 1 && (before[q->cells[i]] >> (d - 1) & 1u)) return d;
    }
    return 0;
}

/* "r1c2 r2c1 cannot be 5 or 6, as 1 and 3 would not all fit in the other
 * three cells": the cells of the block whose lost digits of mask `of` are
 * exactly m (listed digit x: one copy of it is taken out of the list). */
static void quad_group(wu_text *t, const quad *q, const rg_mask *gone, rg_mask of, rg_mask m, int x,
                       int *said)
{
    int cells[4], n = 0;
    for (int i = 0; i < 4; i++)
        if ((gone[i] & of) == m) cells[n++] = q->cells[i];
    wu_add(t, "%s", (*said)++ ? "; " : ": ");
    wu_cells(t, cells, n);
    wu_add(t, " cannot be ");
    wu_digits(t, m, "or");
    wu_add(t, ", as ");
    need_list(t, q, x);
    wu_add(t, " would not %sall fit in the other three cells", x ? "then " : "");
}

/* Cells where a listed digit has its only place take it; then, by groups,
 * the digits that leave the listed ones no room (unlisted digits go without
 * a word when the list fills the block). */
static void quad_reasons(wu_text *t, const quad *q, rg_mask listed, const rg_mask *before,
                         const rg_mask *after)
{
    rg_mask gone[4];
    int said = 0;
    for (int i = 0; i < 4; i++) {
        int c = q->cells[i], d = only_place(q, before, i);
        gone[i] = before[c] & ~after[c];
        if (!gone[i] || !d || after[c] != (rg_mask)1 << (d - 1)) continue;
        wu_add(t, "%s", said++ ? "; " : ": ");
        wu_add(t, "only ");
        wu_cells(t, &c, 1);
        wu_add(t, " can take the %d, so it is %d", d, d);
        gone[i] = 0;
    }
    for (int i = 0; i < 4 && q->nneed < 4; i++) {
        rg_mask m = gone[i] & ~listed;
        int first = 1;
        for (int j = 0; j < i && first; j++) first = (gone[j] & ~listed) != m;
        if (m && first) quad_group(t, q, gone, ~listed, m, 0, &said);
    }
    for (int k = 0; k < q->nneed; k++) {
        rg_mask x = (rg_mask)1 << (q->need[k] - 1);
        if (k > 0 && q->need[k - 1] == q->need[k]) continue;
        int any = 0;
        for (int i = 0; i < 4; i++) any |= (gone[i] & x) != 0;
        if (any) quad_group(t, q, gone, x, x, q->need[k], &said);
    }
}

static int quad_explain(rg_why *w, void *data, const rg_mask *before, const rg_mask *after)
{
    const quad *q = data;
    if (!wu_ready(corners_host)) return RG_OK;
    rg_mask listed = 0;
    for (int k = 0; k < q->nneed; k++) listed |= (rg_mask)1 << (q->need[k] - 1);
    wu_text t;
    wu_start(&t, corners_host, w);
    wu_cells(&t, q->cells, 4);
    wu_add(&t, " must hold ");
    need_list(&t, q, 0);
    wu_add(&t, q->nneed == 4 ? ", so no other digit fits in them" : "");
    quad_reasons(&t, q, listed, before, after);
    wu_add(&t, ".");
    return wu_finish(&t, "quadruple");
}

static int read_block(rg_build *b, rg_rule *r, const int **cells)
{
    int n;
    int rc = corners_host->read_cells(b, r, "cells", RG_F_ORDERED, 4, 4, cells, &n);
    if (rc != RG_OK) return rc;
    int row[4], col[4];
    for (int i = 0; i < 4; i++) corners_host->cell_pos(b, (*cells)[i], &row[i], &col[i]);
    for (int i = 1; i < 4; i++)
        if (row[i] != row[0] + i / 2 || col[i] != col[0] + i % 2)
            return corners_host->error(
                b, r, "cells",
                "a corner lists a 2 x 2 block in reading order: after r%dc%d "
                "come r%dc%d, r%dc%d, r%dc%d; got r%dc%d, r%dc%d, r%dc%d",
                row[0], col[0], row[0], col[0] + 1, row[0] + 1, col[0], row[0] + 1, col[0] + 1,
                row[1], col[1], row[2], col[2], row[3], col[3]);
    return RG_OK;
}

static int compile_corner(rg_build *b, rg_rule *r, void **data)
{
    int kind;
    int rc = corners_host->read_enum(b, r, "kind", 0, kinds, &kind);
    if (rc != RG_OK) return rc;
    const int *digits = NULL;
    int nd = 0;
    if (kind == K_QUADRUPLE) {
        rc = corners_host->read_digits(b, r, "digits", 0, 1, 4, &digits, &nd);
        if (rc != RG_OK) return rc;
    }
    const int *cells;
    rc = read_block(b, r, &cells);
    if (rc != RG_OK) return rc;
    rc = corners_host->add_mark(b, kinds[kind], 0, cells, 4);
    if (rc != RG_OK) return rc;
    if (kind == K_BATTENBURG) {
        const rg_pairop_table *t = rg_pairop_table_new(b, RG_OP_DIFFERENT_PARITY, 0);
        if (!t) return corners_host->error(b, r, NULL, "out of memory");
        /* Orthogonal neighbours differ; the diagonals then agree. */
        static const int sides[4][2] = {{0, 1}, {0, 2}, {1, 3}, {2, 3}};
        rg_pairop_why why = {.technique = "battenburg", .op = RG_OP_DIFFERENT_PARITY};
        for (int i = 0; i < 4 && rc == RG_OK; i++)
            rc = rg_pairop_add(b, t, cells[sides[i][0]], cells[sides[i][1]], "corners", &why);
        return rc;
    }
    quad *q = corners_host->alloc(b, sizeof *q);
    if (!q) return corners_host->error(b, r, NULL, "out of memory");
    *data = q;
    for (int i = 0; i < 4; i++) q->cells[i] = cells[i];
    q->nneed = nd;
    for (int k = 0; k < nd; k++) {
        int v = digits[k], j = k;
        while (j > 0 && q->need[j - 1] > v) {
            q->need[j] = q->need[j - 1];
            j--;
        }
        q->need[j] = v;
    }
    rg_propagator def = {.size = sizeof(rg_propagator),
                         .name = "quadruple",
                         .family = "corners",
                         .cost = RG_COST_LINEAR,
                         .propagate = quad_propagate,
                         .check = quad_check,
                         .explain = quad_explain};
    return corners_host->add_propagator(b, &def, q, cells, 4, RG_EV_DOMAIN);
}

/* ---- A listed digit's places and the houses around the block ------------- */

#define QUAD_HOUSES 16 /* houses holding two or more of a block's cells, at most */

/* A quadruple's listed digits (each once, with how many times it is listed)
 * and the houses around its block. */
typedef struct quad_around {
    const quad *q;
    int nd;
    rg_mask digit[4];
    int count[4];
    unsigned apart; /* bit 4 i + j: cells i and j share no house */
    int nh;
    gh_house h[QUAD_HOUSES]; /* with a cell outside the block */
} quad_around;

/* The houses where every way of placing listed digit k in the block (once,
 * or twice in two cells that share no house) puts one: as bits of x->h. */
static unsigned around_houses(const quad_around *x, const rg_mask *dom, int k)
{
    unsigned hold = 0, hit = 0;
    for (int i = 0; i < 4; i++) hold |= (unsigned)((dom[x->q->cells[i]] & x->digit[k]) != 0) << i;
    if (x->count[k] == 1) {
        if (!(hold & (hold - 1))) return 0; /* one place or none: the block's own propagator */
        for (int h = 0; h < x->nh; h++) hit |= (unsigned)((hold & ~x->h[h].in) == 0) << h;
        return hit;
    }
    if (x->count[k] != 2) return 0;
    unsigned pairs[6];
    int np = 0;
    for (int i = 0; i < 4; i++)
        for (int j = i + 1; j < 4; j++)
            if ((hold >> i & 1) && (hold >> j & 1) && (x->apart >> (4 * i + j) & 1))
                pairs[np++] = 1u << i | 1u << j;
    if (!np) return 0;
    for (int h = 0; h < x->nh; h++) {
        int every = 1;
        for (int p = 0; p < np && every; p++) every = (pairs[p] & x->h[h].in) != 0;
        hit |= (unsigned)every << h;
    }
    return hit;
}

/* A listed digit whose every placing in the block lies in a house leaves
 * the house's other cells: that house's copy of it is in the block. */
static int around_propagate(rg_space *sp, void *data)
{
    const quad_around *x = data;
    const rg_mask *dom = corners_host->domains(sp);
    for (int k = 0; k < x->nd; k++)
        for (unsigned hit = around_houses(x, dom, k); hit; hit &= hit - 1) {
            const gh_house *h = &x->h[__builtin_ctz(hit)];
            for (int i = 0; i < h->nout; i++)
                if ((dom[h->out[i]] & x->digit[k]) &&
                    corners_host->remove(sp, h->out[i], x->digit[k]) < 0)
                    return RG_PROP_FAIL;
        }
    return RG_PROP_FIX;
}

/* Holds on every assignment: the houses refuse whatever this propagator
 * refuses (a house's digit twice), and the block's own propagator checks
 * the listed digits. */
static int around_holds(const int *values, void *data)
{
    (void)values;
    (void)data;
    return 1;
}

/* "r1c1 r1c2 r2c1 r2c2 must hold 5: the 5 can only go in r1c1 r1c2, so each
 * house holding all of those has its 5 in the block: r1c3 ... cannot be 5."
 * A digit listed twice: "the two 7s need two of r3c3 r3c4 r4c3 r4c4 that
 * share no house, and each such pair puts a 7 in every house through the
 * block that holds r3c1 ...: they cannot be 7." */
static int around_explain(rg_why *w, void *data, const rg_mask *before, const rg_mask *after)
{
    const quad_around *x = data;
    if (!wu_ready(corners_host)) return RG_OK;
    wu_text t;
    wu_start(&t, corners_host, w);
    wu_cells(&t, x->q->cells, 4);
    wu_add(&t, " must hold ");
    need_list(&t, x->q, 0);
    int said = 0;
    for (int k = 0; k < x->nd; k++) {
        /* a house holds at most D <= 32 cells */
        int gone[QUAD_HOUSES * 32], ng = 0, d = __builtin_ctz(x->digit[k]) + 1;
        for (unsigned hit = around_houses(x, before, k); hit; hit &= hit - 1) {
            const gh_house *h = &x->h[__builtin_ctz(hit)];
            for (int i = 0; i < h->nout && ng < QUAD_HOUSES * 32; i++) {
                int c = h->out[i], dup = 0;
                for (int j = 0; j < ng && !dup; j++) dup = gone[j] == c;
                if (!dup && (before[c] & ~after[c] & x->digit[k])) gone[ng++] = c;
            }
        }
        if (!ng) continue;
        int places[4], np = 0;
        for (int i = 0; i < 4; i++)
            if (before[x->q->cells[i]] & x->digit[k]) places[np++] = x->q->cells[i];
        wu_add(&t, "%s", said++ ? "; " : ": ");
        if (x->count[k] == 2) {
            wu_add(&t, "the two %ds need two of ", d);
            wu_cells(&t, places, np);
            wu_add(&t,
                   " that share no house, and each such pair puts a %d in every house "
                   "through the block that holds ",
                   d);
            wu_cells(&t, gone, ng);
            wu_add(&t, ": they cannot be %d", d);
        } else {
            wu_add(&t, "the %d can only go in ", d);
            wu_cells(&t, places, np);
            wu_add(&t, ", so each house holding all of those has its %d in the block: ", d);
            wu_cells(&t, gone, ng);
            wu_add(&t, " cannot be %d", d);
        }
    }
    wu_add(&t, ".");
    return wu_finish(&t, "quadruple places");
}

/* The houses around a quadruple's block, and its propagator when a listed
 * digit has a house to leave. */
static int link_corner(rg_build *b, rg_rule *r, void *data)
{
    const quad *q = data;
    if (!q) return RG_OK; /* a battenburg */
    quad_around *x = corners_host->alloc(b, sizeof *x);
    gh_house *gh;
    int ng = x ? gh_houses(corners_host, b, q->cells, 4, &gh) : -1;
    if (ng < 0) return corners_host->error(b, r, NULL, "out of memory");
    x->q = q;
    x->nd = 0;
    for (int k = 0; k < q->nneed; k++) {
        rg_mask bit = (rg_mask)1 << (q->need[k] - 1);
        if (x->nd && x->digit[x->nd - 1] == bit) {
            x->count[x->nd - 1]++;
        } else {
            x->digit[x->nd] = bit;
            x->count[x->nd++] = 1;
        }
    }
    x->apart = 0;
    for (int i = 0; i < 4; i++)
        for (int j = i + 1; j < 4; j++) {
            int share = 0;
            for (int a = 0; a < ng && !share; a++)
                share = (gh[a].in >> i & 1) && (gh[a].in >> j & 1);
            x->apart |= (unsigned)!share << (4 * i + j);
        }
    /* Houses past QUAD_HOUSES are left out, which only loses prunings. */
    x->nh = 0;
    for (int a = 0; a < ng && x->nh < QUAD_HOUSES; a++)
        if (gh[a].nout) x->h[x->nh++] = gh[a];
    if (!x->nh) return RG_OK;
    rg_propagator def = {.size = sizeof(rg_propagator),
                         .name = "quadruple_places",
                         .family = "corners",
                         .cost = RG_COST_LINEAR,
                         .propagate = around_propagate,
                         .check = around_holds,
                         .flags = RG_PROPAGATOR_NO_CHECK,
                         .explain = around_explain};
    return corners_host->add_propagator(b, &def, x, q->cells, 4, RG_EV_DOMAIN);
}

/* A battenburg mark: four small squares round the corner, alternating
 * black and white. */
static int draw_battenburg(rg_draw *d, double x, double y)
{
    int rc = RG_OK;
    const double a = 0.12;
    for (int i = 0; i < 4 && rc == RG_OK; i++) {
        double x0 = x - a + (i % 2) * a, y0 = y - a + (i / 2) * a;
        double sq[8] = {x0, y0, x0 + a, y0, x0 + a, y0 + a, x0, y0 + a};
        rg_style s = {.size = sizeof s,
                      .stroke = "black",
                      .width = 0.015,
                      .fill = (i == 0 || i == 3) ? "black" : "white",
                      .layer = RG_LAYER_MARK};
        rc = corners_host->draw_poly(d, sq, 4, 1, &s);
    }
    return rc;
}

/* A quadruple: a white circle on the corner with its digits, two a row. */
static int draw_quadruple(rg_draw *d, double x, double y, const int *digits, int nd)
{
    rg_style c = {.size = sizeof c,
                  .stroke = "black",
                  .fill = "white",
                  .width = 0.025,
                  .layer = RG_LAYER_MARK};
    int rc = corners_host->draw_circle(d, x, y, 0.26, &c);
    rg_style t = {.size = sizeof t, .fill = "black", .layer = RG_LAYER_TEXT};
    double size = nd > 2 ? 0.19 : 0.22;
    for (int k = 0; k < nd && rc == RG_OK; k++) {
        char text[16];
        snprintf(text, sizeof text, "%d", digits[k]);
        int rows = nd > 2 ? 2 : 1, per = (nd + rows - 1) / rows;
        int row = k / per, col = k % per, inrow = row == rows - 1 ? nd - row * per : per;
        double dx = (col - (inrow - 1) / 2.0) * 0.17, dy = (row - (rows - 1) / 2.0) * 0.19;
        rc = corners_host->draw_text(d, x + dx, y + dy, size, &t, text);
    }
    return rc;
}

/* Drawn on the point where the block's four cells meet. */
static int draw_corner(rg_draw *d, rg_build *b, rg_rule *r, void *data)
{
    (void)data;
    int kind;
    int rc = corners_host->read_enum(b, r, "kind", 0, kinds, &kind);
    const int *digits = NULL, *cells;
    int nd = 0, n, row, col;
    if (rc == RG_OK && kind == K_QUADRUPLE)
        rc = corners_host->read_digits(b, r, "digits", 0, 1, 4, &digits, &nd);
    if (rc == RG_OK) rc = corners_host->read_cells(b, r, "cells", RG_F_ORDERED, 4, 4, &cells, &n);
    if (rc != RG_OK) return rc;
    corners_host->cell_pos(b, cells[0], &row, &col);
    return kind == K_BATTENBURG ? draw_battenburg(d, col, row)
                                : draw_quadruple(d, col, row, digits, nd);
}

static const rg_rule_type types[] = {
    {.size = sizeof(rg_rule_type),
     .name = "corner",
     .family = "corners",
     .compile = compile_corner,
     .link = link_corner,
     .generate = corners_generate,
     .write_rank = 609,
     .write_order = corner_order,
     .draw = draw_corner},
};

RG_PLUGIN_DEFINE("corners", "1.0", "corner clues: battenburg, quadruple", corners_host, types,
                 rg_pairop_init);
