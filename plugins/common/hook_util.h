/* Helpers shared by the hooks of rulegrid's plugins (hook_util.c): the
 * request's board, checked settings, random draws and neighbours for the
 * generate and layout hooks; a growing JSON text for every hook. */
#ifndef RG_HOOK_UTIL_H
#define RG_HOOK_UTIL_H

#include <stdarg.h>
#include <stddef.h>

#include "rulegrid/plugin.h"

/* The board of the request, with each cell's row and column. */
typedef struct hu_board {
    const rg_host *h;
    rg_gen *g;
    rg_board_info info;
    int *row, *col; /* per cell */
    int *at;        /* the cell at each row and column (-1: none), NULL: ask the host */
} hu_board;

/* RG_OK; RG_E_PLUGIN, without touching g, when the host table lacks a gen_*
 * call (an older host); or a gen_error. Nothing to free unless RG_OK. */
int hu_board_init(hu_board *b, const rg_host *h, rg_gen *g);
void hu_board_free(hu_board *b);
/* The frame of a generate or layout hook: run(b, solution) between
 * hu_board_init and hu_board_free of the request's board (solution is NULL
 * for a layout hook). Returns what run returned, or hu_board_init's code. */
int hu_run(const rg_host *h, rg_gen *g, const int *solution,
           int (*run)(hu_board *b, const int *solution));
/* The cell dr rows and dc columns away from cell, -1 when none. */
int hu_step(const hu_board *b, int cell, int dr, int dc);
/* Up to 8 king-move neighbours (diagonal = 1) or 4 orthogonal ones. */
int hu_neighbours(const hu_board *b, int cell, int diagonal, int out[8]);

/* An integer setting in min..max (dflt when absent). A string where a number
 * belongs, or a number out of range, is a gen_error naming the setting. */
int hu_int(const hu_board *b, const char *name, long dflt, long min, long max, long *out);
/* Is the setting present (any value)? */
int hu_has(const hu_board *b, const char *name);
/* A string setting, one of names (NULL-terminated); *out its index. "any"
 * picks one of them at random (the request's random stream). */
int hu_enum(const hu_board *b, const char *name, const char *dflt, const char *const *names,
            int *out);

/* Uniform in 0..n-1 (0 when n <= 1), from the host's stream. */
int hu_below(const hu_board *b, int n);
void hu_shuffle(const hu_board *b, int *a, int n);
/* Keeps count of the k ascending items at random, still ascending, in
 * items[0..count-1] and returns count; with count >= k keeps them all
 * (and draws nothing). */
int hu_pick(const hu_board *b, int *items, int k, long count);

/* JSON text being written; oom is set on a failed allocation. */
typedef struct hu_text {
    char *s;
    size_t len, cap;
    int oom;
} hu_text;

void hu_text_reset(hu_text *t);
void hu_text_free(hu_text *t);
void hu_printf(hu_text *t, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
void hu_vprintf(hu_text *t, const char *fmt, va_list ap);
/* ["r1c1","r1c2",...] */
void hu_cells(hu_text *t, const hu_board *b, const int *cells, int n);
/* May a rule naming cell be kept (host->gen_wanted; 1 from an older host,
 * which keeps or drops rules itself)? */
int hu_wanted(const hu_board *b, int cell);
/* Hand the text to gen_emit (an out-of-memory text is a gen_error). */
int hu_emit(const hu_board *b, hu_text *t);

/* Do the steps a-b and c-d cross as the two diagonals of one 2x2 block? */
int hu_crossing(const hu_board *b, int a1, int a2, int b1, int b2);

#endif
