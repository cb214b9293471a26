/* The outside generate hook: clues read off a complete grid along straight
 * lines from the edge (sandwiches, x-sums, skyscrapers and rossini arrows on
 * full rows and columns, little killers on diagonals). */
#include <stdlib.h>
#include <string.h>

#include "hook_util.h"
#include "outside.h"

enum { O_SANDWICH, O_LITTLE_KILLER, O_X_SUM, O_SKYSCRAPER, O_ROSSINI };
static const char *const kinds[] = {"sandwich",   "little_killer", "x_sum",
                                    "skyscraper", "rossini",       NULL};

/* The clue of line[0..n-1] for the kind; 0 when the line cannot carry one. */
static int read_off(int kind, int D, const int *sol, const int *line, int n, int *value)
{
    switch (kind) {
    case O_SANDWICH: {
        int one = -1, top = -1, sum = 0;
        for (int i = 0; i < n; i++) {
            int d = sol[line[i]];
            if (d == 1) {
                if (one >= 0) return 0;
                one = i;
            } else if (d == D) {
                if (top >= 0) return 0;
                top = i;
            }
        }
        if (one < 0 || top < 0 || D < 2) return 0;
        int lo = one < top ? one : top, hi = one < top ? top : one;
        for (int i = lo + 1; i < hi; i++) sum += sol[line[i]];
        *value = sum;
        return 1;
    }
    case O_LITTLE_KILLER: {
        int sum = 0;
        for (int i = 0; i < n; i++) sum += sol[line[i]];
        *value = sum;
        return 1;
    }
    case O_X_SUM: {
        int x = sol[line[0]], sum = 0;
        if (x > n) return 0;
        for (int i = 0; i < x; i++) sum += sol[line[i]];
        *value = sum;
        return 1;
    }
    case O_SKYSCRAPER: {
        int seen = 0, top = 0;
        for (int i = 0; i < n; i++)
            if (sol[line[i]] > top) top = sol[line[i]], seen++;
        *value = seen;
        return 1;
    }
    case O_ROSSINI: {
        if (n < 3) return 0;
        int a = sol[line[0]], b = sol[line[1]], c = sol[line[2]];
        if (a < b && b < c)
            *value = 0;
        else if (a > b && b > c)
            *value = 1;
        else
            return 0;
        return 1;
    }
    }
    return 0;
}

/* Every candidate line of the kind, each as n cells at lines + i * stride:
 * the diagonals of two cells or more for a little killer; otherwise every
 * row and column whose cells all exist, from both ends (one end for a
 * sandwich, whose sum reads the same either way). */
static int candidates(const hu_board *b, int kind, int *lines, int *lens, int stride)
{
    int rows = b->info.rows, cols = b->info.columns, k = 0;
    if (kind == O_LITTLE_KILLER) {
        /* Each diagonal once, from its top end; the hook may read it from
         * the other end. */
        static const int dirs[2][2] = {{1, 1}, {1, -1}};
        for (int c = 0; c < b->info.cells; c++)
            for (int d = 0; d < 2; d++) {
                if (hu_step(b, c, -dirs[d][0], -dirs[d][1]) >= 0) continue;
                int n = 0;
                for (int x = c; x >= 0 && n < stride; x = hu_step(b, x, dirs[d][0], dirs[d][1]))
                    lines[k * stride + n++] = x;
                if (n < 2) continue;
                lens[k++] = n;
            }
        return k;
    }
    for (int axis = 0; axis < 2; axis++) {
        int outer = axis ? cols : rows, inner = axis ? rows : cols;
        for (int o = 1; o <= outer; o++) {
            int *line = lines + k * stride, ok = inner <= stride;
            for (int i = 1; i <= inner && ok; i++) {
                line[i - 1] = axis ? b->h->gen_cell_at(b->g, i, o) : b->h->gen_cell_at(b->g, o, i);
                ok = line[i - 1] >= 0;
            }
            if (!ok) continue;
            lens[k++] = inner;
            if (kind == O_SANDWICH) continue;
            int *rev = lines + k * stride;
            for (int i = 0; i < inner; i++) rev[i] = line[inner - 1 - i];
            lens[k++] = inner;
        }
    }
    return k;
}

/* The request's settings: the kind, every line or count of them, and the
 * negative rule. most bounds the count. */
typedef struct settings {
    int kind;
    long all, count, negative;
} settings;

static int read_settings(const hu_board *b, int most, settings *s)
{
    int rc = hu_enum(b, "kind", "sandwich", kinds, &s->kind);
    int kind = s->kind;
    if (rc == RG_OK)
        rc = hu_int(b, "all", kind == O_SANDWICH || kind == O_ROSSINI ? 1 : 0, 0, 1, &s->all);
    if (rc == RG_OK) rc = hu_int(b, "count", kind == O_LITTLE_KILLER ? 4 : 6, 1, most, &s->count);
    if (rc == RG_OK) rc = hu_int(b, "negative", 0, 0, 1, &s->negative);
    if (rc == RG_OK && s->negative && kind != O_ROSSINI)
        rc = b->h->gen_error(b->g, "setting negative applies to rossini clues only");
    if (rc == RG_OK && s->negative && !s->all)
        rc = b->h->gen_error(b->g, "setting negative needs all 1: the negative rule says every "
                                   "monotone end carries an arrow");
    return rc;
}

/* Some lines: a random choice of count of the k in order[] that carry a
 * clue, back in the order found. Returns how many. */
static int choose(const hu_board *b, const settings *s, const int *sol, const int *lines,
                  const int *lens, int stride, int *order, int k)
{
    hu_shuffle(b, order, k);
    int keep = 0, value;
    for (int i = 0; i < k && keep < s->count; i++)
        if (read_off(s->kind, b->info.digits, sol, lines + order[i] * stride, lens[order[i]],
                     &value))
            order[keep++] = order[i];
    for (int i = 1; i < keep; i++)
        for (int j = i; j > 0 && order[j - 1] > order[j]; j--) {
            int x = order[j];
            order[j] = order[j - 1];
            order[j - 1] = x;
        }
    return keep;
}

/* The clue of line[0..n-1], when it carries one; a little killer is read
 * from a random end. */
static int emit_clue(const hu_board *b, int kind, const int *sol, int *line, int n, hu_text *t)
{
    int value;
    if (kind == O_LITTLE_KILLER && hu_below(b, 2))
        for (int j = 0; j < n / 2; j++) {
            int x = line[j];
            line[j] = line[n - 1 - j];
            line[n - 1 - j] = x;
        }
    if (!read_off(kind, b->info.digits, sol, line, n, &value)) return RG_OK;
    hu_text_reset(t);
    hu_printf(t, "{\"type\":\"outside\",\"kind\":\"%s\",", kinds[kind]);
    if (kind == O_LITTLE_KILLER)
        hu_printf(t, "\"sum\":%d,", value);
    else if (kind == O_ROSSINI)
        hu_printf(t, "\"direction\":\"%s\",", value ? "decreasing" : "increasing");
    else
        hu_printf(t, "\"value\":%d,", value);
    hu_printf(t, "\"cells\":");
    hu_cells(t, b, line, n);
    hu_printf(t, "}");
    return hu_emit(b, t);
}

static int generate(hu_board *b, const int *solution)
{
    int rc = RG_OK;
    settings s = {0};
    int stride = b->info.rows > b->info.columns ? b->info.rows : b->info.columns, k = 0;
    int most = 4 * (b->info.cells + stride) + 4;
    int *lines = malloc(sizeof(int) * (size_t)most * (size_t)stride);
    int *lens = malloc(sizeof(int) * (size_t)most);
    int *order = malloc(sizeof(int) * (size_t)most);
    hu_text t = {0};
    if (!lines || !lens || !order) rc = b->h->gen_error(b->g, "out of memory");
    if (rc == RG_OK) rc = read_settings(b, most, &s);
    if (rc == RG_OK) {
        k = candidates(b, s.kind, lines, lens, stride);
        for (int i = 0; i < k; i++) order[i] = i;
        if (!s.all) k = choose(b, &s, solution, lines, lens, stride, order, k);
    }
    for (int i = 0; i < k && rc == RG_OK; i++)
        rc = emit_clue(b, s.kind, solution, lines + order[i] * stride, lens[order[i]], &t);
    if (rc == RG_OK && s.negative)
        rc = b->h->gen_emit(b->g, "{\"type\":\"negative\",\"of\":\"rossini\"}");
    hu_text_free(&t);
    free(lines);
    free(lens);
    free(order);
    return rc;
}

int outside_generate(rg_gen *g, const int *solution)
{
    return hu_run(outside_host, g, solution, generate);
}
