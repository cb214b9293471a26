/* The corners plugin (format.md 6.9): battenburg, as four different-parity
 * pair rules, and quadruple, by a matching propagator that keeps exactly the
 * supported digits of the 2 x 2 block (listed digits may repeat). */
#include "corners.h"
#include "pairop.h"
#include "rulegrid/plugin.h"

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

/* Can the required digits need[] except index skip be given distinct cells of
 * the block other than cell `not`, each holding its digit? */
static int match(const rg_mask *dom, const quad *q, int skip, int not, int k, unsigned used)
{
    if (k == q->nneed) return 1;
    if (k == skip) return match(dom, q, skip, not, k + 1, used);
    rg_mask bit = (rg_mask)1 << (q->need[k] - 1);
    for (int i = 0; i < 4; i++) {
        if (i == not || (used >> i & 1u) || !(dom[i] & bit)) continue;
        if (match(dom, q, skip, not, k + 1, used | 1u << i)) return 1;
    }
    return 0;
}

static int quad_propagate(rg_space *sp, void *data)
{
    const quad *q = data;
    const rg_mask *all = corners_host->domains(sp);
    rg_mask dom[4], listed = 0;
    for (int i = 0; i < 4; i++) dom[i] = all[q->cells[i]];
    for (int k = 0; k < q->nneed; k++) listed |= (rg_mask)1 << (q->need[k] - 1);
    rg_mask keep[4];
    for (int i = 0; i < 4; i++) {
        keep[i] = 0;
        if ((dom[i] & ~listed) && match(dom, q, -1, i, 0, 0)) keep[i] |= dom[i] & ~listed;
        for (int k = 0; k < q->nneed; k++) {
            rg_mask bit = (rg_mask)1 << (q->need[k] - 1);
            if (!(dom[i] & bit) || (keep[i] & bit)) continue;
            if (match(dom, q, k, i, 0, 0)) keep[i] |= bit;
        }
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
    (void)data;
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
        for (int i = 0; i < 4 && rc == RG_OK; i++)
            rc = rg_pairop_add(b, t, cells[sides[i][0]], cells[sides[i][1]], "corners");
        return rc;
    }
    quad *q = corners_host->alloc(b, sizeof *q);
    if (!q) return corners_host->error(b, r, NULL, "out of memory");
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
                         .check = quad_check};
    return corners_host->add_propagator(b, &def, q, cells, 4, RG_EV_DOMAIN);
}

static const rg_rule_type types[] = {
    {.size = sizeof(rg_rule_type),
     .name = "corner",
     .family = "corners",
     .compile = compile_corner,
     .generate = corners_generate,
     .write_rank = 609,
     .write_order = corner_order},
};

RG_PLUGIN_DEFINE("corners", "1.0", "corner clues: battenburg, quadruple", corners_host, types,
                 rg_pairop_init);
