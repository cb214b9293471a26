/* Helpers for the explain hooks of rulegrid's plugins: the text of a step,
 * built in plugin memory and handed to the host's why_text once. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "why_util.h"

int wu_ready(const rg_host *h)
{
    return h && h->size >= offsetof(rg_host, why_rule) + sizeof h->why_rule;
}

void wu_start(wu_text *t, const rg_host *h, rg_why *w) { *t = (wu_text){.h = h, .w = w}; }

void wu_add(wu_text *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    hu_vprintf(&t->t, fmt, ap);
    va_end(ap);
}

void wu_digits(wu_text *t, rg_mask m, const char *conj)
{
    if (!m) {
        wu_add(t, "nothing");
        return;
    }
    int left = __builtin_popcount(m), first = 1;
    for (; m; m &= m - 1, first = 0) {
        left--;
        const char *sep = first ? "" : left ? ", " : NULL;
        if (sep)
            wu_add(t, "%s%d", sep, __builtin_ctz(m) + 1);
        else
            wu_add(t, " %s %d", conj, __builtin_ctz(m) + 1);
    }
}

void wu_cells(wu_text *t, const int *cells, int n)
{
    const char *s = t->h->why_cells(t->w, cells, n);
    if (!s) {
        t->t.oom = 1;
        return;
    }
    wu_add(t, "%s", s);
}

int wu_finish(wu_text *t, const char *technique)
{
    int rc = t->t.oom ? RG_E_NOMEM : t->h->why_text(t->w, technique, "%s", t->t.s ? t->t.s : "");
    wu_free(t);
    return rc;
}

void wu_free(wu_text *t) { hu_text_free(&t->t); }
