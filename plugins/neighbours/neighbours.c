/* The neighbours plugin (format.md 6.10): one pair operator over every
 * orthogonal, diagonal, king or knight pair of the board, narrowed by
 * within / area / except. Built in link, once every house is known. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#include "pairop.h"
#include "rulegrid/plugin.h"

static const rg_host *host;

enum { W_ORTHOGONAL, W_DIAGONAL, W_KING, W_KNIGHT };
static const char *const wheres[] = {"orthogonal", "diagonal", "king", "knight", NULL};
static const char *const kinds[] = {"antiknight", "antiking", "nonconsecutive", NULL};
static const char *const withins[] = {"box", "region", NULL};
/* fmt writes the fields in this order (format.md §6). */
static const char *const neighbours_order[] = {"kind",   "op",   "value",  "sum", "where",
                                               "within", "area", "except", NULL};

/* What compile read, for link. */
typedef struct spec {
    int op, where, within; /* within: -1 none, else a withins index */
    const char *technique; /* what its steps are explained as */
    long param;
    const int *area;
    int narea; /* -1: no area */
    const int *except;
    int nexcept;
} spec;

static int compile_neighbours(rg_build *b, rg_rule *r, void **data)
{
    spec *s = host->alloc(b, sizeof *s);
    if (!s) return host->error(b, r, NULL, "out of memory");
    int rc;
    if (host->has(b, r, "kind")) {
        if (host->has(b, r, "op"))
            return host->error(b, r, "op",
                               "give either kind or op, not both (a kind names one exact op "
                               "and where)");
        if (host->has(b, r, "where"))
            return host->error(b, r, "where",
                               "where comes with op; the kind already says which pairs");
        int kind;
        rc = host->read_enum(b, r, "kind", 0, kinds, &kind);
        if (rc != RG_OK) return rc;
        s->op = kind == 2 ? RG_OP_NOT_CONSECUTIVE : RG_OP_DIFFERENT;
        s->where = kind == 0 ? W_KNIGHT : kind == 1 ? W_DIAGONAL : W_ORTHOGONAL;
        s->technique = kinds[kind];
    } else {
        if (!host->has(b, r, "op"))
            return host->error(b, r, "kind",
                               "a neighbours rule needs a kind (antiknight, antiking, "
                               "nonconsecutive) or an op with where");
        rc = rg_pairop_read(b, r, 0, 0, &s->op, &s->param);
        if (rc != RG_OK) return rc;
        rc = host->read_enum(b, r, "where", 0, wheres, &s->where);
        if (rc != RG_OK) return rc;
        s->technique = "neighbour rule";
    }
    s->within = -1;
    rc = host->read_enum(b, r, "within", RG_F_OPTIONAL, withins, &s->within);
    if (rc == RG_ABSENT)
        s->within = -1;
    else if (rc != RG_OK)
        return rc;
    s->narea = -1;
    rc = host->read_area(b, r, "area", RG_F_OPTIONAL, &s->area, &s->narea);
    if (rc == RG_ABSENT)
        s->narea = -1;
    else if (rc != RG_OK)
        return rc;
    rc = host->read_pairs(b, r, "except", RG_F_OPTIONAL, &s->except, &s->nexcept);
    if (rc == RG_ABSENT)
        s->nexcept = 0;
    else if (rc != RG_OK)
        return rc;
    *data = s;
    return RG_OK;
}

/* Offsets (one of each symmetric pair) of a where. */
static int offsets(int where, int (*off)[2])
{
    static const int orth[][2] = {{0, 1}, {1, 0}};
    static const int diag[][2] = {{1, 1}, {1, -1}};
    static const int knight[][2] = {{1, 2}, {1, -2}, {2, 1}, {2, -1}};
    int n = 0;
    if (where == W_ORTHOGONAL || where == W_KING)
        for (int i = 0; i < 2; i++, n++) off[n][0] = orth[i][0], off[n][1] = orth[i][1];
    if (where == W_DIAGONAL || where == W_KING)
        for (int i = 0; i < 2; i++, n++) off[n][0] = diag[i][0], off[n][1] = diag[i][1];
    if (where == W_KNIGHT)
        for (int i = 0; i < 4; i++, n++) off[n][0] = knight[i][0], off[n][1] = knight[i][1];
    return n;
}

/* Houses of kind per cell, CSR: hs[off[c] .. off[c+1]-1]. */
static int house_index(rg_build *b, int kind, int N, int **off_out, int **hs_out)
{
    int nh = host->house_count(b);
    int *off = host->alloc(b, (size_t)(N + 1) * sizeof *off);
    if (!off) return RG_E_NOMEM;
    for (int h = 0; h < nh; h++) {
        const int *cells;
        int n, k;
        host->house(b, h, &cells, &n, &k);
        if (k != kind) continue;
        for (int i = 0; i < n; i++) off[cells[i] + 1]++;
    }
    for (int c = 0; c < N; c++) off[c + 1] += off[c];
    int *hs = host->alloc(b, (size_t)(off[N] ? off[N] : 1) * sizeof *hs);
    int *fill = host->alloc(b, (size_t)(N + 1) * sizeof *fill);
    if (!hs || !fill) return RG_E_NOMEM;
    for (int h = 0; h < nh; h++) {
        const int *cells;
        int n, k;
        host->house(b, h, &cells, &n, &k);
        if (k != kind) continue;
        for (int i = 0; i < n; i++) hs[off[cells[i]] + fill[cells[i]]++] = h;
    }
    *off_out = off;
    *hs_out = hs;
    return RG_OK;
}

static int share_house(const int *off, const int *hs, int a, int c)
{
    for (int i = off[a]; i < off[a + 1]; i++)
        for (int j = off[c]; j < off[c + 1]; j++)
            if (hs[i] == hs[j]) return 1;
    return 0;
}

static int excepted(const spec *s, int a, int c)
{
    for (int i = 0; i < s->nexcept; i++) {
        int x = s->except[2 * i], y = s->except[2 * i + 1];
        if ((x == a && y == c) || (x == c && y == a)) return 1;
    }
    return 0;
}

static int link_neighbours(rg_build *b, rg_rule *r, void *data)
{
    const spec *s = data;
    rg_board_info bi;
    host->board(b, &bi);
    int N = bi.cells;
    unsigned char *in_area = NULL;
    if (s->narea >= 0) {
        in_area = host->alloc(b, (size_t)N + 1);
        if (!in_area) return host->error(b, r, NULL, "out of memory");
        for (int i = 0; i < s->narea; i++) in_area[s->area[i]] = 1;
    }
    int *hoff = NULL, *hs = NULL;
    if (s->within >= 0 &&
        house_index(b, s->within == 0 ? RG_HOUSE_BOX : RG_HOUSE_REGION, N, &hoff, &hs) != RG_OK)
        return host->error(b, r, NULL, "out of memory");
    const rg_pairop_table *t = NULL;
    if (s->op != RG_OP_DIFFERENT) {
        t = rg_pairop_table_new(b, s->op, s->param);
        if (!t) return host->error(b, r, NULL, "out of memory");
    }
    int off[8][2];
    int noff = offsets(s->where, off);
    for (int a = 0; a < N; a++) {
        if (in_area && !in_area[a]) continue;
        int row, col;
        host->cell_pos(b, a, &row, &col);
        for (int k = 0; k < noff; k++) {
            int c = host->cell_at(b, row + off[k][0], col + off[k][1]);
            if (c < 0 || (in_area && !in_area[c])) continue;
            if (hoff && !share_house(hoff, hs, a, c)) continue;
            if (excepted(s, a, c)) continue;
            int rc = rg_pairop_add_op(b, s->op, s->param, t, a, c, "neighbours", s->technique);
            if (rc != RG_OK) return rc;
        }
    }
    return RG_OK;
}

/* A global rule has no place on the grid: one line of the legend
 * (docs/render.md), "Anti-knight: cells a knight's move apart hold
 * different digits.", with its scope. */
static int draw_neighbours(rg_draw *d, rg_build *b, rg_rule *r, void *data)
{
    (void)r;
    const spec *s = data;
    if (!s || host->size < offsetof(rg_host, draw_legend) + sizeof host->draw_legend) return RG_OK;
    static const char *const pairs[] = {"orthogonally adjacent cells", "diagonally adjacent cells",
                                        "cells a king's move apart", "cells a knight's move apart"};
    char line[400], scope[160] = "";
    size_t at = 0;
    if (s->within >= 0)
        at += (size_t)snprintf(scope + at, sizeof scope - at, " in one %s", withins[s->within]);
    if (s->narea > 0) {
        int row, col;
        host->cell_pos(b, s->area[0], &row, &col);
        at += (size_t)snprintf(scope + at, sizeof scope - at, " in the area from r%dc%d", row, col);
    }
    if (s->nexcept > 0 && at < sizeof scope)
        snprintf(scope + at, sizeof scope - at, " (%d pairs exempt)", s->nexcept);
    if (s->technique == kinds[0])
        snprintf(line, sizeof line, "Anti-knight: %s%s hold different digits.", pairs[3], scope);
    else if (s->technique == kinds[1])
        snprintf(line, sizeof line, "Anti-king: %s%s hold different digits.", pairs[1], scope);
    else if (s->technique == kinds[2])
        snprintf(line, sizeof line, "Non-consecutive: %s%s hold no consecutive digits.", pairs[0],
                 scope);
    else if (s->op == RG_OP_SUM || s->op == RG_OP_NOT_SUM || s->param)
        snprintf(line, sizeof line, "Neighbours: %s%s: %s %ld.", pairs[s->where], scope,
                 rg_pairop_names[s->op], s->param);
    else
        snprintf(line, sizeof line, "Neighbours: %s%s: %s.", pairs[s->where], scope,
                 rg_pairop_names[s->op]);
    return host->draw_legend(d, line);
}

static const rg_rule_type types[] = {
    {.size = sizeof(rg_rule_type),
     .name = "neighbours",
     .family = "neighbours",
     .write_rank = 610,
     .compile = compile_neighbours,
     .link = link_neighbours,
     .write_order = neighbours_order,
     .draw = draw_neighbours},
};

RG_PLUGIN_DEFINE("neighbours", "1.0",
                 "pair rules over the whole board: antiknight, antiking, "
                 "nonconsecutive, op + where",
                 host, types, rg_pairop_init);
