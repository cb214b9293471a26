/* The lines plugin: the 13 line kinds of format.md 6.4 (thermo to
 * double_arrow), one propagator and one check per kind. Reading and the
 * errors live here; the pruning of each kind is in line_props.c. */
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lines.h"
#include "lookups.h"

/* The host table, set by init (RG_PLUGIN_DEFINE below). */
const rg_host *lines_host;

static const char *const kind_names[] = {
    "thermo",  "slow_thermo", "whisper", "renban",  "region_sum", "palindrome",   "entropic",
    "modular", "parity",      "zipper",  "between", "lockout",    "double_arrow", NULL};
/* fmt writes the fields in this order (format.md §6). */
static const char *const line_order[] = {"kind", "value", "groups", "closed", "cells", NULL};

static void name_cell(const rg_build *b, int cell, char *buf, size_t n)
{
    int row, col;
    lines_host->cell_pos(b, cell, &row, &col);
    snprintf(buf, n, "r%dc%d", row, col);
}

/* Consecutive cells must be king-move neighbours (and the last and first of
 * a loop). */
static int check_steps(rg_build *b, rg_rule *r, const int *cells, int n, int closed)
{
    int steps = closed && n > 2 ? n : n - 1;
    for (int i = 0; i < steps; i++) {
        int a = cells[i], c = cells[(i + 1) % n];
        int ra, ca, rc, cc;
        lines_host->cell_pos(b, a, &ra, &ca);
        lines_host->cell_pos(b, c, &rc, &cc);
        if (a != c && abs(ra - rc) <= 1 && abs(ca - cc) <= 1) continue;
        char na[24], nc[24], field[48];
        name_cell(b, a, na, sizeof na);
        name_cell(b, c, nc, sizeof nc);
        snprintf(field, sizeof field, "cells[%d]", (i + 1) % n);
        /* A line that revisits a cell (whisper, parity) still moves. */
        if (a == c)
            return lines_host->error(b, r, field,
                                     "%s follows itself: %s cells of a line must be neighbours", na,
                                     i + 1 == n ? "the last and first" : "consecutive");
        return lines_host->error(b, r, field,
                                 "%s and %s are not neighbours: %s cells of a line must touch "
                                 "orthogonally or diagonally",
                                 na, nc, i + 1 == n ? "the last and first" : "consecutive");
    }
    return RG_OK;
}

/* A parameter `value` in [min, max], REQUIRED when D != 9 and otherwise
 * defaulting to def. */
static int read_value(rg_build *b, rg_rule *r, const char *kind, int D, long min, long max,
                      long def, int *out)
{
    if (!lines_host->has(b, r, "value")) {
        if (D != 9)
            return lines_host->error(b, r, "value",
                                     "a %s line needs a value on a board of %d digits (the default "
                                     "%ld holds only for 9 digits)",
                                     kind, D, def);
        *out = (int)def;
        return RG_OK;
    }
    long v;
    int rc = lines_host->read_int(b, r, "value", 0, min, max, &v);
    if (rc != RG_OK) return rc;
    /* A modulus past any line's length acts like any other such modulus. */
    *out = v > (1L << 20) ? 1 << 20 : (int)v;
    return RG_OK;
}

/* Entropic groups: exactly three lists that partition 1..D. */
static int read_groups(rg_build *b, rg_rule *r, int D, line *l)
{
    if (!lines_host->has(b, r, "groups")) {
        if (D != 9)
            return lines_host->error(b, r, "groups",
                                     "an entropic line needs groups on a board of %d digits (the "
                                     "default [[1,2,3],[4,5,6],[7,8,9]] holds only for 9 digits)",
                                     D);
        l->groups[0] = 0x007;
        l->groups[1] = 0x038;
        l->groups[2] = 0x1c0;
        l->ngroups = 3;
        return RG_OK;
    }
    const int *const *lists;
    const int *lens;
    int n;
    int rc = lines_host->read_digit_lists(b, r, "groups", RG_F_DISTINCT, &lists, &lens, &n);
    if (rc != RG_OK) return rc;
    if (n != 3)
        return lines_host->error(b, r, "groups",
                                 "entropic groups must split the digits 1 to %d into 3 groups, got "
                                 "%d group%s",
                                 D, n, n == 1 ? "" : "s");
    rg_mask seen = 0;
    for (int g = 0; g < 3; g++) {
        if (lens[g] == 0)
            return lines_host->error(b, r, "groups", "entropic group %d is empty", g + 1);
        rg_mask m = 0;
        for (int i = 0; i < lens[g]; i++) {
            rg_mask bit = (rg_mask)1 << (lists[g][i] - 1);
            if (seen & bit)
                return lines_host->error(b, r, "groups",
                                         "digit %d is in two entropic groups: the groups must "
                                         "partition the digits 1 to %d",
                                         lists[g][i], D);
            seen |= bit;
            m |= bit;
        }
        l->groups[g] = m;
    }
    if (seen != mask_upto(D)) {
        int missing = __builtin_ctz(mask_upto(D) & ~seen) + 1;
        return lines_host->error(b, r, "groups",
                                 "digit %d is in no entropic group: the groups must partition the "
                                 "digits 1 to %d",
                                 missing, D);
    }
    l->ngroups = 3;
    return RG_OK;
}

/* Residue classes of the digits mod m that hold some digit. */
static void residue_groups(line *l, int D, int m)
{
    l->ngroups = 0;
    int k = m < D + 1 ? m : D + 1;
    for (int r = 0; r < k; r++) {
        rg_mask g = 0;
        for (int d = 1; d <= D; d++)
            if (d % m == r) g |= (rg_mask)1 << (d - 1);
        if (g) l->groups[l->ngroups++] = g;
    }
}

/* Kinds that take value / groups; anything else must not carry them. */
static int refuse_field(rg_build *b, rg_rule *r, const char *field, const char *kind)
{
    if (!lines_host->has(b, r, field)) return RG_OK;
    return lines_host->error(b, r, field, "a %s line takes no %s", kind, field);
}

/* Every two cells of a thermometer or renban differ. The lines'
 * propagators keep them apart alone: on a host that knows the call the
 * pairs are enforced ones, peers for naked singles and the check level
 * without turning on the board-wide step kept for pairs beyond the houses
 * (docs/rules-cages-lines-arrows.md). */
static int add_all_differ(rg_build *b, const int *cells, int n)
{
    int (*add)(rg_build *, int, int) =
        lines_host->size >=
                offsetof(rg_host, add_differ_enforced) + sizeof lines_host->add_differ_enforced
            ? lines_host->add_differ_enforced
            : lines_host->add_differ;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            int rc = add(b, cells[i], cells[j]);
            if (rc != RG_OK) return rc;
        }
    return RG_OK;
}

static int cmp_pos(const void *x, const void *y)
{
    const int *a = x, *c = y;
    return a[0] != c[0] ? (a[0] > c[0]) - (a[0] < c[0]) : (a[1] > c[1]) - (a[1] < c[1]);
}

/* The first entry of cells[0..n) that repeats an earlier one (n: none; -1:
 * out of memory), found by sorting (cell, place) pairs: O(n log n) on long
 * lines. */
static int first_revisit(const int *cells, int n)
{
    int(*pos)[2] = malloc((size_t)n * sizeof *pos), first = n;
    if (!pos) return -1;
    for (int i = 0; i < n; i++) pos[i][0] = cells[i], pos[i][1] = i;
    qsort(pos, (size_t)n, sizeof *pos, cmp_pos);
    for (int i = 1; i < n; i++)
        if (pos[i][0] == pos[i - 1][0] && pos[i][1] < first) first = pos[i][1];
    free(pos);
    return first;
}

/* format.md 8.10: only whisper and parity lines may pass through a cell
 * again; on the others the first entry that repeats an earlier one is
 * refused. */
static int refuse_revisit(rg_build *b, rg_rule *r, int kind, const int *cells, int n)
{
    int first = first_revisit(cells, n);
    if (first < 0) return lines_host->error(b, r, NULL, "out of memory");
    if (first == n) return RG_OK;
    char name[24], field[48];
    name_cell(b, cells[first], name, sizeof name);
    snprintf(field, sizeof field, "cells[%d]", first);
    return lines_host->error(b, r, field,
                             "cell %s listed twice: a %s line passes through each cell once "
                             "(only whisper and parity lines may revisit a cell)",
                             name, kind_names[kind]);
}

/* The cells in line order, and whether the line is a loop. */
static int read_path(rg_build *b, rg_rule *r, int kind, const int **cells, int *n, int *closed)
{
    /* A whisper or parity line may cross itself (format.md 8.10): its rule
     * is a chain of pairs, pruned pair by pair, so a cell met twice is just
     * two pairs. Every other kind is refused a repeat, naming the kind. */
    int rc = lines_host->read_cells(b, r, "cells", RG_F_ORDERED | RG_F_REPEATS, 2, 0, cells, n);
    if (rc == RG_OK && kind != LINE_WHISPER && kind != LINE_PARITY)
        rc = refuse_revisit(b, r, kind, *cells, *n);
    if (rc != RG_OK) return rc;
    *closed = 0;
    if (lines_host->has(b, r, "closed")) {
        rc = lines_host->read_bool(b, r, "closed", 0, closed);
        if (rc != RG_OK) return rc;
    }
    if (*closed && kind != LINE_WHISPER && kind != LINE_RENBAN && kind != LINE_PARITY)
        return lines_host->error(b, r, "closed",
                                 "a %s line cannot be closed: only whisper, renban and parity "
                                 "lines may form loops",
                                 kind_names[kind]);
    return check_steps(b, r, *cells, *n, *closed);
}

/* The value or groups of the kinds that take them (refused on the others). */
static int read_parameter(rg_build *b, rg_rule *r, line *l)
{
    int kind = l->kind, D = l->D, rc = RG_OK;
    const char *kname = kind_names[kind];
    int takes_value = kind == LINE_WHISPER || kind == LINE_LOCKOUT || kind == LINE_MODULAR;
    if (!takes_value) rc = refuse_field(b, r, "value", kname);
    if (rc == RG_OK && kind != LINE_ENTROPIC) rc = refuse_field(b, r, "groups", kname);
    if (rc != RG_OK) return rc;
    switch (kind) {
    case LINE_WHISPER: return read_value(b, r, kname, D, 1, D - 1, 5, &l->value);
    case LINE_LOCKOUT: return read_value(b, r, kname, D, 1, D - 1, 4, &l->value);
    case LINE_MODULAR:
        rc = read_value(b, r, kname, D, 2, LONG_MAX, 3, &l->value);
        if (rc == RG_OK) {
            residue_groups(l, D, l->value);
            l->window = l->value;
        }
        return rc;
    case LINE_ENTROPIC:
        rc = read_groups(b, r, D, l);
        l->window = 3;
        return rc;
    default: return RG_OK;
    }
}

int lines_read(rg_build *b, rg_rule *r, line *l)
{
    rg_board_info bi;
    lines_host->board(b, &bi);
    memset(l, 0, sizeof *l);
    l->D = bi.digits;
    int rc = lines_host->read_enum(b, r, "kind", 0, kind_names, &l->kind);
    if (rc == RG_OK) rc = read_path(b, r, l->kind, &l->cells, &l->n, &l->closed);
    return rc == RG_OK ? read_parameter(b, r, l) : rc;
}

static int compile_line(rg_build *b, rg_rule *r, void **data)
{
    line *l = lines_host->alloc(b, sizeof *l);
    if (!l) return lines_host->error(b, r, NULL, "out of memory");
    int rc = lines_read(b, r, l);
    if (rc != RG_OK) return rc;
    int kind = l->kind, n = l->n;
    const int *cells = l->cells;
    /* (out of memory, first_revisit's -1, only costs the whisper its
     * two-sweep pass) */
    l->path = kind == LINE_WHISPER && !l->closed && first_revisit(cells, n) == n;
    rc = lines_host->add_mark(b, "line", 0, cells, n);
    /* Thermometers and renbans never repeat a digit: must-differ pairs let
     * naked singles and the check level see it. */
    if (rc == RG_OK && (kind == LINE_THERMO || kind == LINE_RENBAN))
        rc = add_all_differ(b, cells, n);
    if (rc != RG_OK) return rc;
    /* region_sum needs the boxes of every rule, a renban the houses of its
     * cells: their propagators come at link. */
    *data = l;
    if (kind == LINE_REGION_SUM || kind == LINE_RENBAN || kind == LINE_WHISPER ||
        kind == LINE_BETWEEN || kind == LINE_LOCKOUT)
        return RG_OK;
    return lines_add(b, l);
}

/* The place from k on in hs[0..n-1] of the next box house (n when none). */
static int next_box(const rg_build *b, const int *hs, int n, int k)
{
    for (; k < n; k++) {
        const int *hc;
        int hn, kind;
        lines_host->house(b, hs[k], &hc, &hn, &kind);
        if (kind == RG_HOUSE_BOX) break;
    }
    return k;
}

/* Do two ascending house lists hold the same boxes? */
static int same_boxes(const rg_build *b, const int *h1, int n1, const int *h2, int n2)
{
    int i = next_box(b, h1, n1, 0), j = next_box(b, h2, n2, 0);
    for (; i < n1 && j < n2; i = next_box(b, h1, n1, i + 1), j = next_box(b, h2, n2, j + 1))
        if (h1[i] != h2[j]) return 0;
    return i == n1 && j == n2;
}

/* The watch list of a renban with houses: its cells, then the other cells
 * of its units (watch has room for them). Returns the list's length. */
static int renban_watch(const line *l, int *watch)
{
    int nw = l->n;
    for (int i = 0; i < l->n; i++) watch[i] = l->cells[i];
    for (int h = 0; h < l->nhouses; h++)
        for (int k = 0; k < l->houses[h].nout && l->houses[h].size == l->D; k++) {
            int w = l->n;
            while (w < nw && watch[w] != l->houses[h].out[k]) w++;
            if (w == nw) watch[nw++] = l->houses[h].out[k];
        }
    return nw;
}

/* renban: the houses holding two or more of its cells and some other cell
 * (group_houses.h); the propagator then watches the line and the other
 * cells of its units. A line without such houses, or of more than 32 cells
 * (no solution: it fails), gets the plain propagator. */
static int link_renban(rg_build *b, rg_rule *r, line *l)
{
    if (l->n > 32) return lines_add(b, l);
    gh_house *gh;
    int ng = gh_houses(lines_host, b, l->cells, l->n, &gh), room = l->n + 1;
    if (ng < 0) return lines_host->error(b, r, NULL, "out of memory");
    l->houses = gh;
    for (int j = 0; j < ng; j++)
        if (gh[j].nout > 0) gh[l->nhouses++] = gh[j];
    if (!l->nhouses) return lines_add(b, l);
    for (int h = 0; h < l->nhouses; h++) room += l->houses[h].nout;
    int *watch = lines_host->alloc(b, (size_t)room * sizeof *watch);
    if (!watch) return lines_host->error(b, r, NULL, "out of memory");
    return lines_add_renban_houses(b, l, watch, renban_watch(l, watch));
}

/* whisper: the positions whose two neighbours on the line (the last and
 * first meet on a loop) are two cells one house holds (prop_whisper's
 * middles). */
static int link_whisper(rg_build *b, rg_rule *r, line *l)
{
    int n = l->n, loop = l->closed && n > 2;
    l->mid = lines_host->alloc(b, (size_t)n * sizeof *l->mid);
    if (!l->mid) return lines_host->error(b, r, NULL, "out of memory");
    for (int p = loop ? 0 : 1; p < (loop ? n : n - 1); p++) {
        int a, c;
        lines_mid_ends(l, p, &a, &c);
        if (a == c) continue;
        const int *ha, *hc;
        int na = lines_host->cell_houses(b, a, &ha), nc = lines_host->cell_houses(b, c, &hc);
        if (na < 0 || nc < 0) return lines_host->error(b, r, NULL, "out of memory");
        if (gh_meet(ha, na, hc, nc)) l->mid[l->nmid++] = p;
    }
    return lines_add(b, l);
}

/* between, lockout: the most middle cells one house holds (prop_ends), from
 * the houses around the middle cells (group_houses.h; at most 32 of them,
 * else none counted: the line alone). */
static int link_ends(rg_build *b, rg_rule *r, line *l)
{
    if (l->n - 2 >= 2 && l->n - 2 <= 32) {
        gh_house *gh;
        int ng = gh_houses(lines_host, b, l->cells + 1, l->n - 2, &gh);
        if (ng < 0) return lines_host->error(b, r, NULL, "out of memory");
        for (int j = 0; j < ng; j++)
            if (__builtin_popcount(gh[j].in) > l->inner_house)
                l->inner_house = __builtin_popcount(gh[j].in);
    }
    return lines_add(b, l);
}

/* region_sum: split the line wherever the set of boxes holding the cell
 * changes (format.md 8.1); one segment constrains nothing. A cell's houses
 * come from host->cell_houses, so a line costs its length, not the
 * document's houses. */
static int link_line(rg_build *b, rg_rule *r, void *data)
{
    line *l = data;
    if (l && l->kind == LINE_RENBAN) return link_renban(b, r, l);
    if (l && l->kind == LINE_WHISPER) return link_whisper(b, r, l);
    if (l && (l->kind == LINE_BETWEEN || l->kind == LINE_LOCKOUT)) return link_ends(b, r, l);
    if (!l || l->kind != LINE_REGION_SUM) return RG_OK;
    l->seg = lines_host->alloc(b, (size_t)(l->n + 1) * sizeof *l->seg);
    l->segbox = lines_host->alloc(b, (size_t)(l->n + 1));
    if (!l->seg || !l->segbox) return lines_host->error(b, r, NULL, "out of memory");
    const int *prev = NULL;
    int np = 0;
    l->nseg = 0;
    for (int i = 0; i < l->n; i++) {
        const int *cur;
        int nc = lines_host->cell_houses(b, l->cells[i], &cur);
        if (nc < 0) return lines_host->error(b, r, NULL, "out of memory");
        /* Every cell of a segment is in the same boxes: with one at least,
         * they share a box and their digits differ. */
        if (i == 0 || !same_boxes(b, prev, np, cur, nc))
            l->segbox[l->nseg] = next_box(b, cur, nc, 0) < nc, l->seg[l->nseg++] = i;
        prev = cur;
        np = nc;
    }
    l->seg[l->nseg] = l->n;
    if (l->nseg < 2) return RG_OK;
    return lines_add(b, l);
}

static const rg_rule_type types[] = {
    {.size = sizeof(rg_rule_type),
     .name = "line",
     .family = "lines",
     .compile = compile_line,
     .link = link_line,
     .generate = lines_generate,
     .write_rank = 604,
     .write_order = line_order,
     .draw = lines_draw},
};

RG_PLUGIN_DEFINE("lines", "1.0",
                 "lines: thermo, slow_thermo, whisper, renban, region_sum, palindrome, entropic, "
                 "modular, parity, zipper, between, lockout, double_arrow",
                 lines_host, types, rg_lookups_check);
