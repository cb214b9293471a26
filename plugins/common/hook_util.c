/* Helpers shared by the hooks of rulegrid's plugins: the request's board,
 * settings with range checks, random draws, neighbours and JSON text. */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hook_util.h"

/* b->at from the cells' rows and columns, so that a step is a look-up
 * rather than a call of the host (the hooks step a few hundred times a
 * run). Left NULL on an odd board (a cell outside rows x columns) or
 * without memory: the steps then ask the host. */
static void index_cells(hu_board *b)
{
    int R = b->info.rows, C = b->info.columns;
    if (R < 1 || C < 1 || R > 4096 || C > 4096) return;
    for (int i = 0; i < b->info.cells; i++)
        if (b->row[i] < 1 || b->row[i] > R || b->col[i] < 1 || b->col[i] > C) return;
    if (!(b->at = malloc(sizeof(int) * (size_t)R * (size_t)C))) return;
    for (int k = 0; k < R * C; k++) b->at[k] = -1;
    for (int i = 0; i < b->info.cells; i++) b->at[(b->row[i] - 1) * C + b->col[i] - 1] = i;
}

int hu_board_init(hu_board *b, const rg_host *h, rg_gen *g)
{
    memset(b, 0, sizeof *b);
    if (!h || h->size < offsetof(rg_host, gen_error) + sizeof h->gen_error) return RG_E_PLUGIN;
    b->h = h;
    b->g = g;
    h->gen_board(g, &b->info);
    int n = b->info.cells > 0 ? b->info.cells : 1;
    b->row = malloc(sizeof(int) * (size_t)n);
    b->col = malloc(sizeof(int) * (size_t)n);
    if (!b->row || !b->col) {
        hu_board_free(b);
        return h->gen_error(g, "out of memory");
    }
    for (int i = 0; i < b->info.cells; i++) h->gen_cell_pos(g, i, &b->row[i], &b->col[i]);
    index_cells(b);
    return RG_OK;
}

void hu_board_free(hu_board *b)
{
    free(b->row);
    free(b->col);
    free(b->at);
    b->row = b->col = b->at = NULL;
}

int hu_run(const rg_host *h, rg_gen *g, const int *solution,
           int (*run)(hu_board *b, const int *solution))
{
    hu_board b;
    int rc = hu_board_init(&b, h, g);
    if (rc != RG_OK) return rc;
    rc = run(&b, solution);
    hu_board_free(&b);
    return rc;
}

int hu_step(const hu_board *b, int cell, int dr, int dc)
{
    int r = b->row[cell] + dr, c = b->col[cell] + dc;
    if (!b->at) return b->h->gen_cell_at(b->g, r, c);
    if (r < 1 || r > b->info.rows || c < 1 || c > b->info.columns) return -1;
    return b->at[(r - 1) * b->info.columns + c - 1];
}

int hu_neighbours(const hu_board *b, int cell, int diagonal, int out[8])
{
    static const int dirs[8][2] = {{-1, 0},  {0, 1},  {1, 0}, {0, -1},
                                   {-1, -1}, {-1, 1}, {1, 1}, {1, -1}};
    int n = 0;
    for (int i = 0; i < (diagonal ? 8 : 4); i++) {
        int c = hu_step(b, cell, dirs[i][0], dirs[i][1]);
        if (c >= 0) out[n++] = c;
    }
    return n;
}

int hu_int(const hu_board *b, const char *name, long dflt, long min, long max, long *out)
{
    if (b->h->gen_string(b->g, name, NULL))
        return b->h->gen_error(b->g, "setting %s must be a number, not a string", name);
    long v = b->h->gen_int(b->g, name, dflt);
    if (v < min || v > max)
        return b->h->gen_error(b->g, "setting %s is %ld; it must be between %ld and %ld", name, v,
                               min, max);
    *out = v;
    return RG_OK;
}

int hu_enum(const hu_board *b, const char *name, const char *dflt, const char *const *names,
            int *out)
{
    const char *s = b->h->gen_string(b->g, name, NULL);
    if (!s) {
        if (b->h->gen_int(b->g, name, LONG_MIN) != LONG_MIN)
            return b->h->gen_error(b->g, "setting %s must be a string, not a number", name);
        s = dflt;
    }
    for (int i = 0; names[i]; i++)
        if (strcmp(names[i], s) == 0) {
            *out = i;
            return RG_OK;
        }
    if (strcmp(s, "any") == 0) { /* one of them at random, per request */
        int count = 0;
        while (names[count]) count++;
        *out = hu_below(b, count);
        return RG_OK;
    }
    char list[300] = "";
    size_t used = 0;
    for (int i = 0; names[i] && used < sizeof list; i++)
        used += (size_t)snprintf(list + used, sizeof list - used, "%s%s", i ? ", " : "", names[i]);
    /* A long value is cut, and marked so ("..."); a character cut in two
     * shows as '?' in the message. */
    return b->h->gen_error(b->g, "unknown %s \"%.60s%s\"; it must be one of %s, or any", name, s,
                           strlen(s) > 60 ? "..." : "", list);
}

int hu_below(const hu_board *b, int n)
{
    if (n <= 1) return 0;
    uint64_t limit = UINT64_MAX - UINT64_MAX % (uint64_t)n;
    uint64_t x;
    do x = b->h->gen_random(b->g);
    while (x >= limit);
    return (int)(x % (uint64_t)n);
}

void hu_shuffle(const hu_board *b, int *a, int n)
{
    for (int i = n - 1; i > 0; i--) {
        int j = hu_below(b, i + 1);
        int t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}

int hu_pick(const hu_board *b, int *items, int k, long count)
{
    if (count >= k) return k;
    hu_shuffle(b, items, k);
    for (int i = 1; i < count; i++) /* back to ascending order */
        for (int j = i; j > 0 && items[j - 1] > items[j]; j--) {
            int x = items[j];
            items[j] = items[j - 1];
            items[j - 1] = x;
        }
    return (int)count;
}

void hu_text_reset(hu_text *t)
{
    t->len = 0;
    t->oom = 0;
    if (t->s) t->s[0] = '\0';
}

void hu_text_free(hu_text *t)
{
    free(t->s);
    memset(t, 0, sizeof *t);
}

void hu_printf(hu_text *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    hu_vprintf(t, fmt, ap);
    va_end(ap);
}

/* Room for more than n bytes after t's text (0), or t marked out of
 * memory (-1). */
static int room_for(hu_text *t, size_t n)
{
    if (t->oom) return -1;
    if (t->cap - t->len > n) return 0;
    size_t cap = t->cap ? t->cap * 2 : 256;
    while (cap - t->len <= n) cap *= 2;
    char *more = realloc(t->s, cap);
    if (!more) {
        t->oom = 1;
        return -1;
    }
    t->s = more;
    t->cap = cap;
    return 0;
}

void hu_vprintf(hu_text *t, const char *fmt, va_list args)
{
    for (size_t want = 0; room_for(t, want) == 0;) {
        size_t room = t->cap - t->len;
        va_list ap;
        va_copy(ap, args);
        int k = vsnprintf(t->s + t->len, room, fmt, ap);
        va_end(ap);
        if (k < 0) { /* an encoding error: the text is left as it was */
            t->s[t->len] = '\0';
            return;
        }
        if ((size_t)k < room) {
            t->len += (size_t)k;
            return;
        }
        want = (size_t)k;
    }
}

/* n bytes of s at the end of t (NUL-terminated), growing it as needed. */
static void put(hu_text *t, const char *s, size_t n)
{
    if (room_for(t, n) != 0) return;
    memcpy(t->s + t->len, s, n);
    t->len += n;
    t->s[t->len] = '\0';
}

/* The decimal digits of v (above INT_MIN) at p; how many. */
static int put_decimal(char *p, int v)
{
    if (v < 0) {
        p[0] = '-';
        return 1 + put_decimal(p + 1, -v);
    }
    char tmp[12];
    int k = 0;
    do tmp[k++] = (char)('0' + v % 10);
    while ((v /= 10) > 0);
    for (int i = 0; i < k; i++) p[i] = tmp[k - 1 - i];
    return k;
}

/* The list of cell names, written by hand: a generator writes thousands of
 * them a puzzle, and a formatted print per name was a twentieth of a
 * killer's generation. */
void hu_cells(hu_text *t, const hu_board *b, const int *cells, int n)
{
    put(t, "[", 1);
    for (int i = 0; i < n; i++) {
        char name[32];
        int k = 0;
        if (i) name[k++] = ',';
        name[k++] = '"';
        name[k++] = 'r';
        k += put_decimal(name + k, b->row[cells[i]]);
        name[k++] = 'c';
        k += put_decimal(name + k, b->col[cells[i]]);
        name[k++] = '"';
        put(t, name, (size_t)k);
    }
    put(t, "]", 1);
}

int hu_wanted(const hu_board *b, int cell)
{
    const rg_host *h = b->h;
    if (h->size < offsetof(rg_host, gen_wanted) + sizeof h->gen_wanted) return 1;
    return h->gen_wanted(b->g, cell);
}

int hu_emit(const hu_board *b, hu_text *t)
{
    if (t->oom || !t->s) return b->h->gen_error(b->g, "out of memory");
    return b->h->gen_emit(b->g, t->s);
}

int hu_crossing(const hu_board *b, int a1, int a2, int b1, int b2)
{
    int dr = b->row[a2] - b->row[a1], dc = b->col[a2] - b->col[a1];
    if (!dr || !dc) return 0;
    /* The other diagonal of the 2x2 block of a1-a2. */
    int o1 = hu_step(b, a1, dr, 0), o2 = hu_step(b, a1, 0, dc);
    if (o1 < 0 || o2 < 0) return 0;
    return (b1 == o1 && b2 == o2) || (b1 == o2 && b2 == o1);
}

int hu_has(const hu_board *b, const char *name)
{
    return b->h->gen_string(b->g, name, NULL) != NULL ||
           b->h->gen_int(b->g, name, LONG_MIN) != LONG_MIN;
}
