/* The board (board.c): which cells exist, their indices and positions, and
 * cell names "rRcC" and rectangles "r1c1:r3c3" read and written. */
#ifndef RG_MODEL_BOARD_H
#define RG_MODEL_BOARD_H

#include <stddef.h>

#include "rulegrid/plugin.h"
#include "rulegrid/rulegrid.h"

#define RG_MAX_SIDE 99

typedef struct rg_board {
    int rows, cols, digits, ncells;
    int *at;        /* rows*cols entries: cell index or -1, at[(r-1)*cols + (c-1)] */
    int *row, *col; /* per cell, counted from 1 */
} rg_board;

/* exists: rows*cols flags, or NULL for every cell. Cells are numbered in
 * reading order of the existing ones. */
int rg_board_init(rg_board *b, int rows, int cols, int digits, const unsigned char *exists,
                  rg_error *err);
void rg_board_free(rg_board *b);
/* Parse "rRcC" (either case, no leading zeros, no sign). Returns 0 and the
 * position, or -1 when s is not a cell name. Does not look at the board. */
int rg_board_parse_cell(const char *s, int *row, int *col);
void rg_board_cell_name(int row, int col, char *buf, size_t n);
/* Parse a rectangle "r1c1:r3c3" (corners in either order) into its top-left
 * and bottom-right corners. Returns 0, 1 when s has no ':' (not a
 * rectangle), -1 when the left corner and -2 when the right corner is no
 * cell name. */
int rg_board_parse_rect(const char *s, int *r1, int *c1, int *r2, int *c2);
/* A cell name or a rectangle as its corners (a cell is a 1 x 1 rectangle).
 * Returns 0, or -1 when s is neither. */
int rg_board_parse_span(const char *s, int *r1, int *c1, int *r2, int *c2);

/* The board as plugins see it (rg_board_info). */
void rg_board_info_of(const rg_board *b, rg_board_info *out);
/* Row and column of cell (either pointer may be NULL); 0, 0 for a cell
 * that does not exist. */
void rg_board_pos(const rg_board *b, int cell, int *row, int *col);

/* The cell at (row, col), counted from 1; -1 when there is none. */
static inline int rg_board_at(const rg_board *b, int row, int col)
{
    if (row < 1 || col < 1 || row > b->rows || col > b->cols) return -1;
    return b->at[(row - 1) * b->cols + (col - 1)];
}

#endif
