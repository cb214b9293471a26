/* f-puzzles strings (fpz_read.c, fpz_write.c): what the two directions
 * share. The mapping is docs/fpuzzles.md; the entries are in rulegrid.h. */
#ifndef RG_IO_FPUZZLES_H
#define RG_IO_FPUZZLES_H

#include "rulegrid/rulegrid.h"

/* The largest f-puzzles board read or written. */
enum { RG_FPZ_MAX = 16 };

/* The default box of an N x N f-puzzles board: height h (the largest
 * divisor of N with h * h <= N) into *h, width N / h into *w. */
void rg_fpz_default_box(int n, int *h, int *w);
/* The line of cells an outside clue at (row, col) (0 or n+1 on one axis,
 * 1-based) reads, from the clue inwards: first cell into *r, *c, step into
 * *dr, *dc. 0, or -1 when (row, col) is no such position. */
int rg_fpz_outside_line(int n, int row, int col, int *r, int *c, int *dr, int *dc);

#endif
