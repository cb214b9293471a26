/* The step a propagator's explain hook describes (why.c): the host calls
 * of plugin.h (why_text, why_focus, why_cells, why_digits, why_board,
 * why_rule) and the growable text the explainer builds its steps in. */
#ifndef RG_EXPLAIN_WHY_H
#define RG_EXPLAIN_WHY_H

#include <stdarg.h>
#include <stddef.h>

#include "model/model.h"
#include "rulegrid/plugin.h"

/* A growable NUL-terminated string; nomem is set when a write failed. */
typedef struct rg_text {
    char *s;
    size_t n, cap;
    int nomem;
} rg_text;

void rg_text_clear(rg_text *t);
void rg_text_free(rg_text *t);
void rg_text_add(rg_text *t, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
void rg_text_vadd(rg_text *t, const char *fmt, va_list ap);
/* "r1c1 r1c2" (names separated by sep) and "1, 4 and 7". */
void rg_text_cells(rg_text *t, const rg_model *m, const int *cells, int n, const char *sep);
void rg_text_digits(rg_text *t, rg_mask digits);

struct rg_why {
    const rg_model *m;
    int rule;
    rg_text technique, text;
    int *focus;
    int nfocus, capfocus, focus_set;
    /* Strings handed to the hook (why_cells, why_digits), freed after it. */
    char **strings;
    int nstrings, capstrings;
    int nomem;
};

void rg_why_init(struct rg_why *w, const rg_model *m, int rule);
void rg_why_release(struct rg_why *w); /* frees everything but the why itself */

int rg_why_text(rg_why *w, const char *technique, const char *fmt, ...);
int rg_why_focus(rg_why *w, const int *cells, int n);
const char *rg_why_cells(rg_why *w, const int *cells, int n);
const char *rg_why_digits(rg_why *w, rg_mask digits);
void rg_why_board(const rg_why *w, rg_board_info *out);
int rg_why_rule(const rg_why *w);

#endif
