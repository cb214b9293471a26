/* Helpers for the explain hooks of rulegrid's plugins (explain_util.c): one
 * step's text built in a buffer from cell names, digit lists, digit sets
 * and what before/after say each cell lost, then handed to why_text. */
#ifndef RG_EXPLAIN_UTIL_H
#define RG_EXPLAIN_UTIL_H

#include <stddef.h>
#include <stdint.h>

#include "rulegrid/plugin.h"

#define XU_TEXT  1600 /* room for the text; longer text ends in "..." */
#define XU_NAMES 12   /* cells named in a list before "... (N cells)" */

/* A step's text being written. */
typedef struct xu {
    const rg_host *h;
    rg_why *w;
    const rg_mask *before, *after;
    char s[XU_TEXT];
    size_t n;
    int nomem;
} xu;

/* Starts the text; 0 when the host lacks the why_ calls (an older host:
 * the hook then writes nothing and the step keeps its generic text). */
int xu_begin(xu *x, const rg_host *h, rg_why *w, const rg_mask *before, const rg_mask *after);
void xu_add(xu *x, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* "r1c1 r1c2", or the first XU_NAMES then "... (N cells)". */
void xu_cells(xu *x, const int *cells, int n);
/* "1, 4 and 7". */
void xu_digits(xu *x, rg_mask digits);
/* "1, 4 or 7". */
void xu_either(xu *x, rg_mask digits);
/* "1 to 5" for a run of three or more digits, else as xu_digits. */
void xu_span(xu *x, rg_mask digits);
/* "5, 6 and 7", "5 to 17" (a run) or "9 totals from 5 to 17": the values
 * 0..cap whose bits are set in bits (bit v of word v / 64); returns how
 * many. */
int xu_values(xu *x, const uint64_t *bits, int cap);
/* A digit set as a sum: "1+2+6". */
void xu_set(xu *x, rg_mask set);
/* "1+9, 2+8 or 3+7", or "N combinations" past max of them. */
void xu_sets(xu *x, const rg_mask *sets, int n, int max);
/* The row and column of cell (from its name); 0 when unknown. */
int xu_pos(xu *x, int cell, int *row, int *column);
/* The digits cell lost in the step. */
static inline rg_mask xu_lost(const xu *x, int cell) { return x->before[cell] & ~x->after[cell]; }
/* "5 leaves r1c3 r1c4; 8 and 9 leave r1c1" for the cells of the list
 * (each once) that lost digits of mask, cells losing the same digits
 * together; returns how many cells lost some. */
int xu_removals(xu *x, const int *cells, int n, rg_mask mask);
/* Hands the text to why_text under technique (a trailing space or comma
 * the text ends in is dropped first). RG_OK or RG_E_NOMEM. */
int xu_end(xu *x, const char *technique);

#endif
