/* The line generate hook: lines of one kind walked over a complete grid by
 * king steps, searched depth first in random order so that the grid's digits
 * satisfy the kind. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "hook_util.h"
#include "lines.h"

static const char *const kinds[] = {
    "thermo",  "slow_thermo", "whisper", "renban",  "region_sum", "palindrome",   "entropic",
    "modular", "parity",      "zipper",  "between", "lockout",    "double_arrow", NULL};

/* One request: the kind and its parameter, the grid, what earlier lines took. */
typedef struct walker {
    hu_board *b;
    const int *sol;
    int kind, D, value;
    int group[33]; /* entropic group (0..2) per digit */
    int *box;      /* per cell, -1 when in no box */
    char *used;    /* cells taken by earlier lines (when they may not share) */
    int *diag;     /* diagonal steps of earlier lines, pairs of cells */
    int ndiag;
    int overlap;
    int *path, *digit, len; /* the walk; len is the target length */
    long nodes;
} walker;

static int absdiff(int a, int c) { return a > c ? a - c : c - a; }

/* The checks of prefix_ok that look at more than the last step: x = d[i]
 * joins d[0..i-1] of a line of L cells. */
static int renban_ok(const int *d, int i, int L)
{
    int x = d[i], lo = x, hi = x;
    for (int j = 0; j < i; j++) {
        if (d[j] == x) return 0;
        if (d[j] < lo) lo = d[j];
        if (d[j] > hi) hi = d[j];
    }
    return hi - lo < L;
}

static int zipper_ok(const int *d, int i, int L)
{
    int j = L - 1 - i;
    if (j >= i) return 1;
    int total = L % 2 ? d[L / 2] : d[L / 2 - 1] + d[L / 2];
    return j == i - 1 || d[j] + d[i] == total;
}

static int between_ok(const int *d, int i, int L)
{
    int x = d[i];
    if (i == 0) return 1;
    int up = d[1] > d[0];
    if (i < L - 1) return x != d[0] && (x > d[0]) == up;
    for (int j = 1; j < i; j++)
        if (up ? x <= d[j] : x >= d[j]) return 0;
    return x != d[0];
}

static int lockout_ok(const walker *w, const int *d, int i, int L)
{
    int x = d[i];
    if (i < L - 1) return 1;
    int lo = d[0] < x ? d[0] : x, hi = d[0] < x ? x : d[0];
    if (hi - lo < w->value) return 0;
    for (int j = 1; j < i; j++)
        if (d[j] >= lo && d[j] <= hi) return 0;
    return 1;
}

static int double_arrow_ok(const walker *w, const int *d, int i, int L)
{
    int mid = 0;
    for (int j = 1; j < i; j++) mid += d[j];
    if (i < L - 1) return mid + (i > 0 ? d[i] : 0) <= d[0] + w->D;
    return mid == d[0] + d[i];
}

/* Every finished segment has the sum of the first; the open one may not
 * exceed it; at the end there are two segments at least. */
static int region_sum_ok(const walker *w, const int *d, int i, int L)
{
    const int *p = w->path;
    int target = -1, seg = d[0], segs = 1;
    for (int j = 1; j <= i; j++) {
        if (w->box[p[j]] != w->box[p[j - 1]]) {
            if (target < 0)
                target = seg;
            else if (seg != target)
                return 0;
            seg = 0;
            segs++;
        }
        seg += d[j];
    }
    if (target >= 0 && seg > target) return 0;
    if (i == L - 1) return segs >= 2 && seg == target;
    return 1;
}

/* May the first m digits (d[0..m-1]) start a line of the kind and length L? */
static int prefix_ok(const walker *w, const int *d, int m, int L)
{
    int i = m - 1, x = d[i];
    switch (w->kind) {
    case LINE_THERMO: return i == 0 || x > d[i - 1];
    case LINE_SLOW_THERMO: return i == 0 || x >= d[i - 1];
    case LINE_WHISPER: return i == 0 || absdiff(x, d[i - 1]) >= w->value;
    case LINE_PARITY: return i == 0 || (x & 1) != (d[i - 1] & 1);
    case LINE_RENBAN: return renban_ok(d, i, L);
    case LINE_PALINDROME: return L - 1 - i >= i || d[L - 1 - i] == x;
    case LINE_ENTROPIC:
        for (int j = i - 1; j >= 0 && j > i - 3; j--)
            if (w->group[d[j]] == w->group[x]) return 0;
        return 1;
    case LINE_MODULAR:
        for (int j = i - 1; j >= 0 && j > i - w->value; j--)
            if (d[j] % w->value == x % w->value) return 0;
        return 1;
    case LINE_ZIPPER: return zipper_ok(d, i, L);
    case LINE_BETWEEN: return between_ok(d, i, L);
    case LINE_LOCKOUT: return lockout_ok(w, d, i, L);
    case LINE_DOUBLE_ARROW: return double_arrow_ok(w, d, i, L);
    case LINE_REGION_SUM: return region_sum_ok(w, d, i, L);
    }
    return 0;
}

static int step_free(const walker *w, int m, int next)
{
    if (!w->overlap && w->used[next]) return 0;
    for (int j = 0; j < m; j++)
        if (w->path[j] == next) return 0;
    int prev = w->path[m - 1];
    for (int j = 1; j < m; j++)
        if (hu_crossing(w->b, prev, next, w->path[j - 1], w->path[j])) return 0;
    for (int j = 0; j < w->ndiag; j++)
        if (hu_crossing(w->b, prev, next, w->diag[2 * j], w->diag[2 * j + 1])) return 0;
    return 1;
}

/* Depth-first: extends path[0..m-1] to len cells. Returns 1 when found. */
static int walk(walker *w, int m)
{
    if (m == w->len) return 1;
    if (++w->nodes > 4000) return 0;
    int nb[8], k = hu_neighbours(w->b, w->path[m - 1], 1, nb);
    hu_shuffle(w->b, nb, k);
    for (int i = 0; i < k; i++) {
        if (!step_free(w, m, nb[i])) continue;
        w->path[m] = nb[i];
        w->digit[m] = w->sol[nb[i]];
        if (!prefix_ok(w, w->digit, m + 1, w->len)) continue;
        if (walk(w, m + 1)) return 1;
    }
    return 0;
}

static int emit_line(walker *w, hu_text *t)
{
    hu_text_reset(t);
    hu_printf(t, "{\"type\":\"line\",\"kind\":\"%s\"", kinds[w->kind]);
    if (w->kind == LINE_WHISPER || w->kind == LINE_LOCKOUT || w->kind == LINE_MODULAR)
        hu_printf(t, ",\"value\":%d", w->value);
    if (w->kind == LINE_ENTROPIC && w->D != 9) {
        hu_printf(t, ",\"groups\":[");
        for (int gi = 0; gi < 3; gi++) {
            hu_printf(t, "%s[", gi ? "," : "");
            int first = 1;
            for (int d = 1; d <= w->D; d++)
                if (w->group[d] == gi) hu_printf(t, "%s%d", first ? "" : ",", d), first = 0;
            hu_printf(t, "]");
        }
        hu_printf(t, "]");
    }
    hu_printf(t, ",\"cells\":");
    hu_cells(t, w->b, w->path, w->len);
    hu_printf(t, "}");
    return hu_emit(w->b, t);
}

/* The kind's parameter: checked when given, else the 9-digit default or
 * one that suits D. */
static int read_value(walker *w, const char *kname)
{
    int D = w->D;
    long v, lo = 1, hi = D - 1, dflt = 0;
    if (w->kind == LINE_WHISPER)
        dflt = D == 9 ? 5 : (D + 1) / 2;
    else if (w->kind == LINE_LOCKOUT)
        dflt = D == 9 ? 4 : (D - 1) / 2;
    else if (w->kind == LINE_MODULAR)
        lo = 2, hi = D, dflt = D >= 3 ? 3 : 2;
    else {
        if (hu_has(w->b, "value"))
            return w->b->h->gen_error(w->b->g, "setting value does not apply to %s lines", kname);
        return RG_OK;
    }
    if (hi < lo) return w->b->h->gen_error(w->b->g, "%s lines need more than %d digits", kname, D);
    if (dflt < lo) dflt = lo;
    int rc = hu_int(w->b, "value", dflt, lo, hi, &v);
    w->value = (int)v;
    return rc;
}

/* The request's settings besides the kind and value. */
typedef struct settings {
    long count, min_len, max_len, overlap;
} settings;

/* The kind and its value, then the lengths the kind allows on this board. */
static int read_settings(walker *w, settings *s)
{
    const hu_board *b = w->b;
    int n = b->info.cells, D = w->D;
    int rc = hu_enum(b, "kind", "thermo", kinds, &w->kind);
    if (rc != RG_OK) return rc;
    const char *kname = kinds[w->kind];
    rc = read_value(w, kname);
    if (rc == RG_OK && w->kind == LINE_ENTROPIC && D < 3)
        rc = b->h->gen_error(b->g, "entropic lines need at least 3 digits; the board has %d", D);
    if (rc != RG_OK) return rc;
    /* Kinds whose ends say something need a middle. */
    int shortest = w->kind == LINE_BETWEEN || w->kind == LINE_LOCKOUT ||
                           w->kind == LINE_DOUBLE_ARROW || w->kind == LINE_ZIPPER ||
                           w->kind == LINE_PALINDROME || w->kind == LINE_REGION_SUM
                       ? 3
                       : 2;
    /* Thermos and renbans hold distinct digits. */
    int longest = w->kind == LINE_THERMO || w->kind == LINE_RENBAN ? (D < n ? D : n) : n;
    if (longest < shortest)
        return b->h->gen_error(b->g, "%s lines need %d cells at least; this board allows %d", kname,
                               shortest, longest);
    rc = hu_int(b, "count", 4, 1, n, &s->count);
    if (rc == RG_OK)
        rc = hu_int(b, "min_len", longest < 3 ? longest : 3, shortest, longest, &s->min_len);
    if (rc == RG_OK) {
        long dflt = 6 > longest ? longest : 6;
        rc = hu_int(b, "max_len", dflt < s->min_len ? s->min_len : dflt, s->min_len, longest,
                    &s->max_len);
    }
    if (rc == RG_OK) rc = hu_int(b, "overlap", 0, 0, 1, &s->overlap);
    return rc;
}

/* The walk found takes its cells and diagonal steps from later lines. */
static void take(walker *w)
{
    const hu_board *b = w->b;
    for (int i = 0; i < w->len; i++) {
        w->used[w->path[i]] = 1;
        if (i && b->row[w->path[i]] != b->row[w->path[i - 1]] &&
            b->col[w->path[i]] != b->col[w->path[i - 1]]) {
            w->diag[2 * w->ndiag] = w->path[i - 1];
            w->diag[2 * w->ndiag + 1] = w->path[i];
            w->ndiag++;
        }
    }
}

/* Lines from random starts and of random lengths, up to count. */
static int lines(walker *w, const settings *s, hu_text *t)
{
    int n = w->b->info.cells, made = 0, rc = RG_OK;
    for (int attempt = 0; made < s->count && attempt < 60 * s->count; attempt++) {
        int start = hu_below(w->b, n);
        if (!w->overlap && w->used[start]) continue;
        w->len = (int)s->min_len + hu_below(w->b, (int)(s->max_len - s->min_len) + 1);
        w->path[0] = start;
        w->digit[0] = w->sol[start];
        w->nodes = 0;
        if (!prefix_ok(w, w->digit, 1, w->len) || !walk(w, 1)) continue;
        take(w);
        rc = emit_line(w, t);
        if (rc != RG_OK) break;
        made++;
    }
    return rc;
}

static int generate(hu_board *b, const int *solution)
{
    walker w;
    memset(&w, 0, sizeof w);
    w.b = b;
    w.sol = solution;
    w.D = b->info.digits;
    int n = b->info.cells;
    settings s = {0};
    hu_text t = {0};
    int rc = read_settings(&w, &s);
    if (rc == RG_OK) {
        w.overlap = (int)s.overlap;
        for (int d = 1; d <= w.D && d <= 32; d++) w.group[d] = (d - 1) * 3 / w.D;
        w.box = malloc(sizeof(int) * (size_t)(n ? n : 1));
        w.used = calloc((size_t)(n ? n : 1), 1);
        w.diag = malloc(sizeof(int) * 2 * (size_t)(s.count * s.max_len));
        w.path = malloc(sizeof(int) * (size_t)s.max_len);
        w.digit = malloc(sizeof(int) * (size_t)s.max_len);
        if (!w.box || !w.used || !w.diag || !w.path || !w.digit)
            rc = b->h->gen_error(b->g, "out of memory");
    }
    if (rc == RG_OK) {
        for (int c = 0; c < n; c++) w.box[c] = b->h->gen_box_of(b->g, c);
        rc = lines(&w, &s, &t);
    }
    hu_text_free(&t);
    free(w.box);
    free(w.used);
    free(w.diag);
    free(w.path);
    free(w.digit);
    return rc;
}

int lines_generate(rg_gen *g, const int *solution)
{
    return hu_run(lines_host, g, solution, generate);
}
