/* Helpers shared by the generate hooks of rulegrid's plugins: settings with
 * range checks, random draws, neighbours and JSON text. */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen_util.h"

int gu_host_ok(const rg_host *h)
{
    return h && h->size >= offsetof(rg_host, gen_error) + sizeof h->gen_error;
}

int gu_board_init(gu_board *b, const rg_host *h, rg_gen *g)
{
    memset(b, 0, sizeof *b);
    b->h = h;
    b->g = g;
    h->gen_board(g, &b->info);
    int n = b->info.cells > 0 ? b->info.cells : 1;
    b->row = malloc(sizeof(int) * (size_t)n);
    b->col = malloc(sizeof(int) * (size_t)n);
    if (!b->row || !b->col) {
        gu_board_free(b);
        return h->gen_error(g, "out of memory");
    }
    for (int i = 0; i < b->info.cells; i++) h->gen_cell_pos(g, i, &b->row[i], &b->col[i]);
    return RG_OK;
}

void gu_board_free(gu_board *b)
{
    free(b->row);
    free(b->col);
    b->row = b->col = NULL;
}

int gu_step(const gu_board *b, int cell, int dr, int dc)
{
    return b->h->gen_cell_at(b->g, b->row[cell] + dr, b->col[cell] + dc);
}

int gu_neighbours(const gu_board *b, int cell, int diagonal, int out[8])
{
    static const int dirs[8][2] = {{-1, 0}, {0, 1}, {1, 0}, {0, -1},
                                   {-1, -1}, {-1, 1}, {1, 1}, {1, -1}};
    int n = 0;
    for (int i = 0; i < (diagonal ? 8 : 4); i++) {
        int c = gu_step(b, cell, dirs[i][0], dirs[i][1]);
        if (c >= 0) out[n++] = c;
    }
    return n;
}

int gu_int(const gu_board *b, const char *name, long dflt, long min, long max, long *out)
{
    if (b->h->gen_string(b->g, name, NULL))
        return b->h->gen_error(b->g, "setting %s must be a number, not a string", name);
    long v = b->h->gen_int(b->g, name, dflt);
    if (v < min || v > max)
        return b->h->gen_error(b->g, "setting %s is %ld; it must be between %ld and %ld", name,
                               v, min, max);
    *out = v;
    return RG_OK;
}

int gu_enum(const gu_board *b, const char *name, const char *dflt, const char *const *names,
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
    char list[300] = "";
    size_t used = 0;
    for (int i = 0; names[i] && used < sizeof list; i++)
        used += (size_t)snprintf(list + used, sizeof list - used, "%s%s", i ? ", " : "", names[i]);
    return b->h->gen_error(b->g, "unknown %s \"%.60s\"; it must be one of %s", name, s, list);
}

int gu_below(const gu_board *b, int n)
{
    if (n <= 1) return 0;
    uint64_t limit = UINT64_MAX - UINT64_MAX % (uint64_t)n;
    uint64_t x;
    do x = b->h->gen_random(b->g);
    while (x >= limit);
    return (int)(x % (uint64_t)n);
}

void gu_shuffle(const gu_board *b, int *a, int n)
{
    for (int i = n - 1; i > 0; i--) {
        int j = gu_below(b, i + 1);
        int t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}

void gu_text_reset(gu_text *t)
{
    t->len = 0;
    t->oom = 0;
    if (t->s) t->s[0] = '\0';
}

void gu_text_free(gu_text *t)
{
    free(t->s);
    memset(t, 0, sizeof *t);
}

void gu_printf(gu_text *t, const char *fmt, ...)
{
    if (t->oom) return;
    for (;;) {
        size_t room = t->cap - t->len;
        va_list ap;
        va_start(ap, fmt);
        int k = room ? vsnprintf(t->s + t->len, room, fmt, ap) : -1;
        va_end(ap);
        if (k >= 0 && (size_t)k < room) {
            t->len += (size_t)k;
            return;
        }
        size_t cap = t->cap ? t->cap * 2 : 256;
        if (k >= 0)
            while (cap - t->len <= (size_t)k) cap *= 2;
        char *s = realloc(t->s, cap);
        if (!s) {
            t->oom = 1;
            return;
        }
        t->s = s;
        t->cap = cap;
    }
}

void gu_cells(gu_text *t, const gu_board *b, const int *cells, int n)
{
    gu_printf(t, "[");
    for (int i = 0; i < n; i++)
        gu_printf(t, "%s\"r%dc%d\"", i ? "," : "", b->row[cells[i]], b->col[cells[i]]);
    gu_printf(t, "]");
}

int gu_emit(const gu_board *b, gu_text *t)
{
    if (t->oom || !t->s) return b->h->gen_error(b->g, "out of memory");
    return b->h->gen_emit(b->g, t->s);
}

int gu_crossing(const gu_board *b, int a1, int a2, int b1, int b2)
{
    int dr = b->row[a2] - b->row[a1], dc = b->col[a2] - b->col[a1];
    if (!dr || !dc) return 0;
    /* The other diagonal of the 2x2 block of a1-a2. */
    int o1 = gu_step(b, a1, dr, 0), o2 = gu_step(b, a1, 0, dc);
    if (o1 < 0 || o2 < 0) return 0;
    return (b1 == o1 && b2 == o2) || (b1 == o2 && b2 == o1);
}

int gu_has(const gu_board *b, const char *name)
{
    return b->h->gen_string(b->g, name, NULL) != NULL ||
           b->h->gen_int(b->g, name, LONG_MIN) != LONG_MIN;
}
