/* Helpers shared by the generate hooks of rulegrid's plugins (gen_util.c):
 * checked settings, random draws from the host's stream, the board's
 * neighbours and a growing JSON text to hand to gen_emit. */
#ifndef RG_GEN_UTIL_H
#define RG_GEN_UTIL_H

#include <stddef.h>

#include "rulegrid/plugin.h"

/* Does the host table carry every gen_* call? A hook returns RG_E_PLUGIN
 * without touching g when it does not (an older host). */
int gu_host_ok(const rg_host *h);

/* The board of the request, with each cell's row and column. */
typedef struct gu_board {
    const rg_host *h;
    rg_gen *g;
    rg_board_info info;
    int *row, *col; /* per cell */
} gu_board;

int gu_board_init(gu_board *b, const rg_host *h, rg_gen *g); /* RG_OK or gen_error */
void gu_board_free(gu_board *b);
/* The cell dr rows and dc columns away from cell, -1 when none. */
int gu_step(const gu_board *b, int cell, int dr, int dc);
/* Up to 8 king-move neighbours (diagonal = 1) or 4 orthogonal ones. */
int gu_neighbours(const gu_board *b, int cell, int diagonal, int out[8]);

/* An integer setting in min..max (dflt when absent). A string where a number
 * belongs, or a number out of range, is a gen_error naming the setting. */
int gu_int(const gu_board *b, const char *name, long dflt, long min, long max, long *out);
/* Is the setting present (any value)? */
int gu_has(const gu_board *b, const char *name);
/* A string setting, one of names (NULL-terminated); *out its index. */
int gu_enum(const gu_board *b, const char *name, const char *dflt, const char *const *names,
            int *out);

/* Uniform in 0..n-1 (0 when n <= 1), from the host's stream. */
int gu_below(const gu_board *b, int n);
void gu_shuffle(const gu_board *b, int *a, int n);

/* JSON text being written; oom is set on a failed allocation. */
typedef struct gu_text {
    char *s;
    size_t len, cap;
    int oom;
} gu_text;

void gu_text_reset(gu_text *t);
void gu_text_free(gu_text *t);
void gu_printf(gu_text *t, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* ["r1c1","r1c2",...] */
void gu_cells(gu_text *t, const gu_board *b, const int *cells, int n);
/* Hand the text to gen_emit (an out-of-memory text is a gen_error). */
int gu_emit(const gu_board *b, gu_text *t);

/* Do the steps a-b and c-d cross as the two diagonals of one 2x2 block? */
int gu_crossing(const gu_board *b, int a1, int a2, int b1, int b2);

#endif
