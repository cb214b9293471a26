/* Text for explanations: a growable string, cell and digit lists, and the
 * host calls a propagator's explain hook writes its step with. */
#include <stdio.h>
#include <string.h>

#include "base/mask.h"
#include "base/mem.h"
#include "explain/why.h"
#include "model/board.h"

void rg_text_clear(rg_text *t)
{
    t->n = 0;
    if (t->s) t->s[0] = '\0';
}

void rg_text_free(rg_text *t)
{
    rg_mem_free(t->s);
    memset(t, 0, sizeof *t);
}

void rg_text_vadd(rg_text *t, const char *fmt, va_list ap)
{
    if (t->nomem) return;
    for (;;) {
        va_list aq;
        va_copy(aq, ap);
        size_t room = t->cap - t->n;
        int k = vsnprintf(t->s ? t->s + t->n : NULL, t->s ? room : 0, fmt, aq);
        va_end(aq);
        if (k < 0) return;
        if (t->s && (size_t)k < room) {
            t->n += (size_t)k;
            return;
        }
        size_t cap = t->cap ? t->cap * 2 : 128;
        while (cap < t->n + (size_t)k + 1) cap *= 2;
        char *s = rg_mem_realloc(t->s, cap);
        if (!s) {
            t->nomem = 1;
            return;
        }
        t->s = s;
        t->cap = cap;
    }
}

void rg_text_add(rg_text *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    rg_text_vadd(t, fmt, ap);
    va_end(ap);
}

void rg_text_cells(rg_text *t, const rg_model *m, const int *cells, int n, const char *sep)
{
    for (int i = 0; i < n; i++) {
        int row, col;
        rg_board_pos(&m->board, cells[i], &row, &col);
        rg_text_add(t, "%sr%dc%d", i ? sep : "", row, col);
    }
}

void rg_text_digits(rg_text *t, rg_mask digits)
{
    int left = rg_popcount(digits), first = 1;
    while (digits) {
        int d = rg_digit_of(digits);
        digits &= digits - 1;
        left--;
        rg_text_add(t, "%s%d", first ? "" : (left ? ", " : " and "), d);
        first = 0;
    }
}

void rg_why_init(struct rg_why *w, const rg_model *m, int rule)
{
    memset(w, 0, sizeof *w);
    w->m = m;
    w->rule = rule;
}

void rg_why_release(struct rg_why *w)
{
    rg_text_free(&w->technique);
    rg_text_free(&w->text);
    rg_mem_free(w->focus);
    for (int i = 0; i < w->nstrings; i++) rg_mem_free(w->strings[i]);
    rg_mem_free(w->strings);
    w->focus = NULL;
    w->strings = NULL;
    w->nfocus = w->capfocus = w->nstrings = w->capstrings = 0;
}

int rg_why_text(rg_why *w, const char *technique, const char *fmt, ...)
{
    rg_text_clear(&w->technique);
    rg_text_clear(&w->text);
    rg_text_add(&w->technique, "%s", technique ? technique : "");
    va_list ap;
    va_start(ap, fmt);
    rg_text_vadd(&w->text, fmt, ap);
    va_end(ap);
    if (w->technique.nomem || w->text.nomem) w->nomem = 1;
    return w->nomem ? RG_E_NOMEM : RG_OK;
}

int rg_why_focus(rg_why *w, const int *cells, int n)
{
    if (n < 0) n = 0;
    if (n > w->capfocus) {
        int *f = rg_mem_realloc(w->focus, (size_t)n * sizeof *f);
        if (!f) {
            w->nomem = 1;
            return RG_E_NOMEM;
        }
        w->focus = f;
        w->capfocus = n;
    }
    int N = w->m->board.ncells;
    w->nfocus = 0;
    for (int i = 0; i < n; i++)
        if (cells[i] >= 0 && cells[i] < N) w->focus[w->nfocus++] = cells[i];
    w->focus_set = 1;
    return RG_OK;
}

/* Keep t's string until the hook returns; NULL without memory. */
static const char *keep(rg_why *w, rg_text *t)
{
    if (t->nomem || (!t->s && (rg_text_add(t, "%s", ""), t->nomem))) goto fail;
    if (w->nstrings == w->capstrings) {
        int cap = w->capstrings ? 2 * w->capstrings : 8;
        char **s = rg_mem_realloc(w->strings, (size_t)cap * sizeof *s);
        if (!s) goto fail;
        w->strings = s;
        w->capstrings = cap;
    }
    w->strings[w->nstrings++] = t->s;
    return t->s;
fail:
    rg_text_free(t);
    w->nomem = 1;
    return NULL;
}

const char *rg_why_cells(rg_why *w, const int *cells, int n)
{
    rg_text t = {0};
    int N = w->m->board.ncells;
    for (int i = 0; i < n; i++)
        if (cells[i] >= 0 && cells[i] < N) {
            if (t.n) rg_text_add(&t, " ");
            rg_text_cells(&t, w->m, cells + i, 1, " ");
        }
    return keep(w, &t);
}

const char *rg_why_digits(rg_why *w, rg_mask digits)
{
    rg_text t = {0};
    rg_text_digits(&t, digits & w->m->full);
    return keep(w, &t);
}

void rg_why_board(const rg_why *w, rg_board_info *out) { rg_board_info_of(&w->m->board, out); }

int rg_why_rule(const rg_why *w) { return w->rule; }
