/* The write hook of grid, box_grid, box, row and column rules: their
 * canonical form (format.md §6.1), rebuilt from the houses they make. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hook_util.h"
#include "houses.h"

/* The houses, deduplicated by cell set, are written back as a box_grid for
 * every D x D area whose rows, columns and regular boxes are houses, a grid
 * where its boxes are irregular or absent, and box / row / column rules for
 * the houses left. A second writing of the result gives the same bytes. */

/* One house, its cell set deduplicated. A house has up to two roles, box
 * and line (row or column); each role remembers the first rule that gave it
 * (key) and how it listed the cells, so that a second writing finds the
 * same order. */
typedef struct house {
    int *sorted, *box_list, *line_list;
    int n;
    uint64_t hash;
    int next;      /* hash chain */
    int box;       /* some rule made it a box */
    int line_kind; /* RG_HOUSE_ROW / COLUMN, or -1 */
    long box_key, line_key;
    int used_box, used_line;       /* an area's rule writes it */
    int pin_box, pin_row, pin_col; /* a rule with a note or x- fields writes it */
} house;

/* A D x D area: the origin of grid / box_grid rules, or the whole board. */
typedef struct area {
    int origin;         /* cell index */
    int box_h, box_w;   /* box shape written, 0 for a grid */
    int pref_h, pref_w; /* shape of the first box_grid rule at the origin */
} area;

/* A box, row or column rule still to write after the areas. */
typedef struct item {
    int group; /* 0 box, 1 row, 2 column */
    long key;
    int order;
    const int *cells;
    int n;
    const rg_rule *rule; /* written as read (it has a note or x- fields) */
} item;

typedef struct houses {
    rg_out *o;
    rg_board_info bi;
    int *row, *col; /* per cell */
    int D;
    house *h;
    int nh, caph;
    int *bucket;
    int nbucket;
    int *pool; /* 3 D ints per house */
    area *areas;
    int nareas;
    item *items;
    int nitems;
    int *tmp; /* 2 D ints */
} houses;

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static uint64_t hash_cells(const int *sorted, int n)
{
    uint64_t h = 1469598103934665603ull;
    for (int i = 0; i < n; i++) h = (h ^ (uint64_t)sorted[i]) * 1099511628211ull;
    return h;
}

static int cell_at(const houses *hs, int row, int col)
{
    return houses_host->out_cell_at(hs->o, row, col);
}

/* The house with these cells (listed in any order), or -1. */
static int find_house(houses *hs, const int *cells, int n)
{
    if (n < 1 || n > hs->D) return -1;
    memcpy(hs->tmp, cells, (size_t)n * sizeof *cells);
    qsort(hs->tmp, (size_t)n, sizeof *hs->tmp, cmp_int);
    uint64_t h = hash_cells(hs->tmp, n);
    for (int i = hs->bucket[h & (uint64_t)(hs->nbucket - 1)]; i >= 0; i = hs->h[i].next)
        if (hs->h[i].hash == h && hs->h[i].n == n &&
            memcmp(hs->h[i].sorted, hs->tmp, (size_t)n * sizeof *cells) == 0)
            return i;
    return -1;
}

/* A new house for the cells find_house left sorted in tmp. */
static int new_house(houses *hs, const int *sorted, int n)
{
    if (hs->nh == hs->caph) return -1;
    int i = hs->nh++;
    house *h = &hs->h[i];
    memset(h, 0, sizeof *h);
    h->sorted = hs->pool + (size_t)i * 3 * hs->D;
    h->box_list = h->sorted + hs->D;
    h->line_list = h->box_list + hs->D;
    memcpy(h->sorted, sorted, (size_t)n * sizeof *sorted);
    h->n = n;
    h->hash = hash_cells(h->sorted, n);
    h->line_kind = -1;
    int bk = (int)(h->hash & (uint64_t)(hs->nbucket - 1));
    h->next = hs->bucket[bk];
    hs->bucket[bk] = i;
    return i;
}

/* Adds a house in role kind, made by the rule of key. Its index, or -1. */
static int add_house(houses *hs, const int *cells, int n, int kind, long key)
{
    if (n < 1 || n > hs->D) return -1; /* refused by the reader: cannot happen */
    int i = find_house(hs, cells, n);
    if (i < 0 && (i = new_house(hs, hs->tmp, n)) < 0) return -1;
    house *h = &hs->h[i];
    if (kind == RG_HOUSE_BOX && !h->box) {
        h->box = 1;
        h->box_key = key;
        memcpy(h->box_list, cells, (size_t)n * sizeof *cells);
    } else if (kind != RG_HOUSE_BOX && h->line_kind < 0) {
        h->line_kind = kind;
        h->line_key = key;
        memcpy(h->line_list, cells, (size_t)n * sizeof *cells);
    }
    return i;
}

/* The rows (which 0..D-1), columns (D..2D-1) of the area at origin, or with
 * a box shape its box number which, into out. Returns the cell count (D),
 * or 0 when a cell is missing. */
static int area_house(const houses *hs, int origin, int which, int bh, int bw, int *out)
{
    int D = hs->D, r0 = hs->row[origin], c0 = hs->col[origin];
    for (int k = 0; k < D; k++) {
        int y, x;
        if (bh) { /* box `which` in reading order of its top-left cells */
            int per_row = D / bw;
            y = r0 + (which / per_row) * bh + k / bw;
            x = c0 + (which % per_row) * bw + k % bw;
        } else if (which < D) {
            y = r0 + which;
            x = c0 + k;
        } else {
            y = r0 + k;
            x = c0 + which - D;
        }
        if ((out[k] = cell_at(hs, y, x)) < 0) return 0;
    }
    return D;
}

static void add_area(houses *hs, int origin, int bh, int bw)
{
    for (int i = 0; i < hs->nareas; i++)
        if (hs->areas[i].origin == origin) {
            if (bh && !hs->areas[i].pref_h) {
                hs->areas[i].pref_h = bh;
                hs->areas[i].pref_w = bw;
            }
            return;
        }
    hs->areas[hs->nareas++] = (area){origin, 0, 0, bh, bw};
}

/* Are all boxes of shape bh x bw of the area houses with the box role? */
static int boxes_fit(houses *hs, const area *a, int bh, int bw)
{
    int *cells = hs->tmp + hs->D; /* find_house sorts into tmp[0..D) */
    for (int i = 0; i < hs->D; i++) {
        if (!area_house(hs, a->origin, i, bh, bw, cells)) return 0;
        int k = find_house(hs, cells, hs->D);
        if (k < 0 || !hs->h[k].box) return 0;
    }
    return 1;
}

/* Marks the roles an area's rule makes, choosing box_grid when a box shape
 * fits (the first box_grid rule's shape first). */
static void settle_area(houses *hs, area *a)
{
    int D = hs->D, *cells = hs->tmp + D;
    for (int i = 0; i < 2 * D; i++) {
        area_house(hs, a->origin, i, 0, 0, cells);
        int k = find_house(hs, cells, D);
        if (k >= 0) hs->h[k].used_line = 1;
    }
    int bh = 0, bw = 0;
    if (a->pref_h && boxes_fit(hs, a, a->pref_h, a->pref_w)) {
        bh = a->pref_h;
        bw = a->pref_w;
    }
    for (int h = 1; !bh && h <= D; h++)
        if (D % h == 0 && boxes_fit(hs, a, h, D / h)) {
            bh = h;
            bw = D / h;
        }
    a->box_h = bh;
    a->box_w = bw;
    for (int i = 0; bh && i < D; i++) {
        area_house(hs, a->origin, i, bh, bw, cells);
        int k = find_house(hs, cells, D);
        if (k >= 0) hs->h[k].used_box = 1;
    }
}

/* Are all rows and columns of a D x D board houses? (A board whose rows,
 * columns and perhaps boxes are explicit rules, with no grid rule.) */
static int whole_board_area(houses *hs)
{
    int D = hs->D, *cells = hs->tmp + D;
    if (hs->bi.rows != D || hs->bi.columns != D || hs->bi.cells != D * D) return 0;
    for (int i = 0; i < 2 * D; i++) {
        area_house(hs, 0, i, 0, 0, cells);
        if (find_house(hs, cells, D) < 0) return 0;
    }
    return 1;
}

static int cmp_area(const void *a, const void *b)
{
    return cmp_int(&((const area *)a)->origin, &((const area *)b)->origin);
}

static int cmp_item(const void *a, const void *b)
{
    const item *x = a, *y = b;
    if (x->group != y->group) return x->group - y->group;
    if (x->key != y->key) return x->key < y->key ? -1 : 1;
    return x->order - y->order;
}

static void houses_free(houses *hs)
{
    free(hs->row);
    free(hs->col);
    free(hs->h);
    free(hs->bucket);
    free(hs->pool);
    free(hs->areas);
    free(hs->items);
    free(hs->tmp);
}

/* The tables for the n rules handed over. RG_OK or RG_E_NOMEM. */
static int houses_alloc(houses *hs, rg_out *o, const house_rule *const *hr, int n)
{
    memset(hs, 0, sizeof *hs);
    hs->o = o;
    houses_host->out_board(o, &hs->bi);
    int D = hs->D = hs->bi.digits, N = hs->bi.cells;
    long cap = 0;
    for (int i = 0; i < n; i++)
        cap += hr[i]->what == HR_GRID ? 2 * D : hr[i]->what == HR_BOX_GRID ? 3 * D : 1;
    if (cap > (1L << 24)) return RG_E_NOMEM;
    hs->caph = (int)cap;
    hs->nbucket = 16;
    while (hs->nbucket < 2 * cap) hs->nbucket *= 2;
    hs->row = malloc((size_t)(N ? N : 1) * sizeof *hs->row);
    hs->col = malloc((size_t)(N ? N : 1) * sizeof *hs->col);
    hs->h = malloc((size_t)(cap ? cap : 1) * sizeof *hs->h);
    hs->bucket = malloc((size_t)hs->nbucket * sizeof *hs->bucket);
    hs->pool = malloc((size_t)(cap ? cap : 1) * 3 * (size_t)D * sizeof *hs->pool);
    hs->areas = malloc((size_t)(n + 1) * sizeof *hs->areas);
    hs->items = malloc((size_t)(2 * cap + n + 1) * sizeof *hs->items);
    hs->tmp = malloc((size_t)(2 * D) * sizeof *hs->tmp);
    if (!hs->row || !hs->col || !hs->h || !hs->bucket || !hs->pool || !hs->areas || !hs->items ||
        !hs->tmp)
        return RG_E_NOMEM;
    for (int i = 0; i < hs->nbucket; i++) hs->bucket[i] = -1;
    for (int c = 0; c < N; c++) houses_host->out_cell_pos(o, c, &hs->row[c], &hs->col[c]);
    return RG_OK;
}

/* The houses of a grid or box_grid rule, and its area. */
static void gather_area(houses *hs, const house_rule *hr, long key)
{
    int D = hs->D, *cells = hs->tmp + D;
    int bh = hr->what == HR_BOX_GRID ? hr->box_h : 0, bw = bh ? hr->box_w : 0;
    add_area(hs, hr->origin, bh, bw);
    for (int i = 0; i < 2 * D; i++)
        if (area_house(hs, hr->origin, i, 0, 0, cells))
            add_house(hs, cells, D, i < D ? RG_HOUSE_ROW : RG_HOUSE_COLUMN, key + i);
    for (int i = 0; bh && i < D; i++)
        if (area_house(hs, hr->origin, i, bh, bw, cells))
            add_house(hs, cells, D, RG_HOUSE_BOX, key + 2 * D + i);
}

/* The house of a box, row or column rule; a rule with a note or x- fields
 * pins its role and is written as read. */
static void gather_house(houses *hs, const rg_rule *r, const house_rule *hr, long key)
{
    int kind = hr->what == HR_BOX   ? RG_HOUSE_BOX
               : hr->what == HR_ROW ? RG_HOUSE_ROW
                                    : RG_HOUSE_COLUMN;
    int group = kind == RG_HOUSE_BOX ? 0 : kind == RG_HOUSE_ROW ? 1 : 2;
    int k = add_house(hs, hr->cells, hr->n, kind, key);
    if (k < 0 || !houses_host->out_has_extras(hs->o, r)) return;
    if (group == 0)
        hs->h[k].pin_box = 1;
    else if (group == 1)
        hs->h[k].pin_row = 1;
    else
        hs->h[k].pin_col = 1;
    hs->items[hs->nitems++] = (item){group, key, 0, NULL, 0, r};
}

/* The box, row and column rules the areas do not write, in order. */
static void list_items(houses *hs)
{
    for (int i = 0; i < hs->nh; i++) {
        house *h = &hs->h[i];
        if (h->box) {
            if (!h->used_box && !h->pin_box)
                hs->items[hs->nitems++] = (item){0, h->box_key, 0, h->box_list, h->n, NULL};
        } else if (h->line_kind >= 0 && !h->used_line) {
            int row = h->line_kind == RG_HOUSE_ROW;
            if (!(row ? h->pin_row : h->pin_col))
                hs->items[hs->nitems++] =
                    (item){row ? 1 : 2, h->line_key, 0, h->line_list, h->n, NULL};
        }
    }
    for (int i = 0; i < hs->nitems; i++) hs->items[i].order = i;
    qsort(hs->items, (size_t)hs->nitems, sizeof *hs->items, cmp_item);
}

/* ---- Writing -------------------------------------------------------------------- */

/* A cell list: one rectangle when the cells are exactly a rectangle listed
 * in reading order, else the names as listed. */
static void add_cell_list(hu_text *t, const houses *hs, const int *cells, int n)
{
    int r1 = hs->row[cells[0]], c1 = hs->col[cells[0]];
    int r2 = hs->row[cells[n - 1]], c2 = hs->col[cells[n - 1]];
    int rect = n > 1 && r2 >= r1 && c2 >= c1 && (long)(r2 - r1 + 1) * (c2 - c1 + 1) == n;
    for (int k = 0; rect && k < n; k++)
        rect = hs->row[cells[k]] == r1 + k / (c2 - c1 + 1) &&
               hs->col[cells[k]] == c1 + k % (c2 - c1 + 1);
    if (rect) {
        hu_printf(t, "[\"r%dc%d:r%dc%d\"]", r1, c1, r2, c2);
        return;
    }
    hu_printf(t, "[");
    for (int k = 0; k < n; k++)
        hu_printf(t, "%s\"r%dc%d\"", k ? ", " : "", hs->row[cells[k]], hs->col[cells[k]]);
    hu_printf(t, "]");
}

/* The area's rule, with the note and x- fields of every grid / box_grid
 * rule at its origin. */
static int write_area(houses *hs, const area *a, const rg_rule *const *rules,
                      const house_rule *const *hr, int n, hu_text *t, const rg_rule **extras)
{
    int ne = 0;
    for (int i = 0; i < n; i++)
        if ((hr[i]->what == HR_GRID || hr[i]->what == HR_BOX_GRID) && hr[i]->origin == a->origin)
            extras[ne++] = rules[i];
    hu_text_reset(t);
    hu_printf(t, "{\"type\": \"%s\", \"origin\": \"r%dc%d\"", a->box_h ? "box_grid" : "grid",
              hs->row[a->origin], hs->col[a->origin]);
    if (a->box_h) hu_printf(t, ", \"box\": [%d, %d]", a->box_h, a->box_w);
    hu_printf(t, "}");
    if (t->oom) return RG_E_NOMEM;
    return houses_host->out_json(hs->o, t->s, extras, ne);
}

static int write_item(houses *hs, const item *it, hu_text *t)
{
    static const char *const names[3] = {"box", "row", "column"};
    static const char *const cells_field[] = {"cells", NULL};
    if (it->rule) return houses_host->out_rule(hs->o, it->rule, cells_field);
    hu_text_reset(t);
    hu_printf(t, "{\"type\": \"%s\", \"cells\": ", names[it->group]);
    add_cell_list(t, hs, it->cells, it->n);
    hu_printf(t, "}");
    if (t->oom) return RG_E_NOMEM;
    return houses_host->out_json(hs->o, t->s, NULL, 0);
}

int houses_write(rg_out *o, const rg_rule *const *rules, void *const *data, int n)
{
    const house_rule *const *hr = (const house_rule *const *)data;
    houses hs;
    hu_text t = {0};
    const rg_rule **extras = malloc((size_t)(n ? n : 1) * sizeof *extras);
    int rc = extras ? houses_alloc(&hs, o, hr, n) : RG_E_NOMEM;
    for (int i = 0; rc == RG_OK && i < n; i++) {
        long key = (long)houses_host->rule_index(rules[i]) << 16;
        if (hr[i]->what == HR_GRID || hr[i]->what == HR_BOX_GRID)
            gather_area(&hs, hr[i], key);
        else
            gather_house(&hs, rules[i], hr[i], key);
    }
    if (rc == RG_OK) {
        if (hs.nareas == 0 && whole_board_area(&hs)) add_area(&hs, 0, 0, 0);
        qsort(hs.areas, (size_t)hs.nareas, sizeof *hs.areas, cmp_area);
        for (int i = 0; i < hs.nareas; i++) settle_area(&hs, &hs.areas[i]);
        list_items(&hs);
    }
    for (int i = 0; rc == RG_OK && i < hs.nareas; i++)
        rc = write_area(&hs, &hs.areas[i], rules, hr, n, &t, extras);
    for (int i = 0; rc == RG_OK && i < hs.nitems; i++) rc = write_item(&hs, &hs.items[i], &t);
    if (extras) houses_free(&hs);
    free(extras);
    hu_text_free(&t);
    return rc;
}
