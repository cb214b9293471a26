/* Text for the explain hooks of rulegrid's plugins: a buffer the hook writes
 * its sentences into, with cell names and digit lists from the host. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "explain_util.h"

int xu_begin(xu *x, const rg_host *h, rg_why *w, const rg_mask *before, const rg_mask *after)
{
    x->h = h;
    x->w = w;
    x->before = before;
    x->after = after;
    x->n = 0;
    x->s[0] = '\0';
    x->nomem = 0;
    return h && h->size >= offsetof(rg_host, why_rule) + sizeof h->why_rule;
}

void xu_add(xu *x, const char *fmt, ...)
{
    size_t room = sizeof x->s - x->n;
    if (room <= 1) return;
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(x->s + x->n, room, fmt, ap);
    va_end(ap);
    if (k < 0) return;
    if ((size_t)k < room) {
        x->n += (size_t)k;
        return;
    }
    /* Full: end in "..." (room for it is kept below the end). */
    x->n = sizeof x->s - 4;
    memcpy(x->s + x->n, "...", 4);
    x->n = sizeof x->s - 1;
}

static void add_str(xu *x, const char *s)
{
    if (!s) {
        x->nomem = 1;
        return;
    }
    xu_add(x, "%s", s);
}

void xu_cells(xu *x, const int *cells, int n)
{
    if (n <= XU_NAMES) {
        add_str(x, x->h->why_cells(x->w, cells, n));
        return;
    }
    add_str(x, x->h->why_cells(x->w, cells, XU_NAMES));
    xu_add(x, " ... (%d cells)", n);
}

void xu_digits(xu *x, rg_mask digits) { add_str(x, x->h->why_digits(x->w, digits)); }

void xu_either(xu *x, rg_mask digits)
{
    for (int left = __builtin_popcount(digits) - 1, first = 1; digits;
         digits &= digits - 1, left--, first = 0)
        xu_add(x, "%s%d", first ? "" : left ? ", " : " or ", __builtin_ctz(digits) + 1);
}

void xu_span(xu *x, rg_mask digits)
{
    if (!digits) return;
    int lo = __builtin_ctz(digits) + 1, hi = 32 - __builtin_clz(digits);
    rg_mask run = (hi - lo + 1 >= 32 ? ~(rg_mask)0 : (((rg_mask)1 << (hi - lo + 1)) - 1))
                  << (lo - 1);
    if (hi - lo >= 2 && digits == run)
        xu_add(x, "%d to %d", lo, hi);
    else
        xu_digits(x, digits);
}

int xu_values(xu *x, const uint64_t *bits, int cap)
{
    int count = 0, lo = -1, hi = -1;
    for (int v = 0; v <= cap; v++)
        if (bits[v / 64] >> (v % 64) & 1) count++, hi = v, lo = lo < 0 ? v : lo;
    if (count <= 5) {
        for (int v = lo, k = 0; v <= hi && v >= 0; v++)
            if (bits[v / 64] >> (v % 64) & 1) {
                k++;
                xu_add(x, "%s%d", k == 1 ? "" : k == count ? " and " : ", ", v);
            }
    } else if (count == hi - lo + 1) {
        xu_add(x, "%d to %d", lo, hi);
    } else {
        xu_add(x, "%d totals from %d to %d", count, lo, hi);
    }
    return count;
}

void xu_set(xu *x, rg_mask set)
{
    for (int first = 1; set; set &= set - 1, first = 0)
        xu_add(x, "%s%d", first ? "" : "+", __builtin_ctz(set) + 1);
}

void xu_sets(xu *x, const rg_mask *sets, int n, int max)
{
    if (n > max) {
        xu_add(x, "%d combinations", n);
        return;
    }
    for (int i = 0; i < n; i++) {
        xu_add(x, "%s", i == 0 ? "" : i == n - 1 ? " or " : ", ");
        xu_set(x, sets[i]);
    }
}

int xu_pos(xu *x, int cell, int *row, int *column)
{
    const char *s = x->h->why_cells(x->w, &cell, 1);
    *row = *column = 0;
    if (!s) {
        x->nomem = 1;
        return 0;
    }
    return sscanf(s, "r%dc%d", row, column) == 2;
}

/* Is cells[i] an earlier entry's cell too? */
static int seen_before(const int *cells, int i)
{
    for (int j = 0; j < i; j++)
        if (cells[j] == cells[i]) return 1;
    return 0;
}

int xu_removals(xu *x, const int *cells, int n, rg_mask mask)
{
    int *group = malloc((size_t)(n ? n : 1) * sizeof *group), changed = 0, clauses = 0;
    unsigned char *done = calloc((size_t)(n ? n : 1), 1);
    if (!group || !done) {
        free(group);
        free(done);
        x->nomem = 1;
        return 0;
    }
    for (int i = 0; i < n; i++) {
        rg_mask lost = xu_lost(x, cells[i]) & mask;
        if (done[i] || !lost || seen_before(cells, i)) continue;
        int k = 0;
        for (int j = i; j < n; j++)
            if (!done[j] && (xu_lost(x, cells[j]) & mask) == lost && !seen_before(cells, j)) {
                done[j] = 1;
                group[k++] = cells[j];
            }
        changed += k;
        xu_add(x, "%s", clauses++ ? "; " : "");
        xu_digits(x, lost);
        xu_add(x, " %s ", __builtin_popcount(lost) == 1 ? "leaves" : "leave");
        xu_cells(x, group, k);
    }
    free(group);
    free(done);
    return changed;
}

int xu_end(xu *x, const char *technique)
{
    while (x->n && (x->s[x->n - 1] == ' ' || x->s[x->n - 1] == ',')) x->s[--x->n] = '\0';
    if (x->nomem) return RG_E_NOMEM;
    return x->h->why_text(x->w, technique, "%s", x->s);
}
