/* The outline of a set of cells (outline.c): its boundary walked into
 * closed loops of corner points, inset into the cells. What draw_outline
 * draws; pure geometry, no picture. */
#ifndef RG_RENDER_OUTLINE_H
#define RG_RENDER_OUTLINE_H

struct rg_board;

/* Closed loops: loop k has the points xy[2i], xy[2i+1] for i from
 * start[k] to start[k+1] - 1 (start has nloops + 1 entries). */
typedef struct rg_loops {
    double *xy;
    int *start;
    int nloops, npts;
} rg_loops;

/* The boundary of cells[0..n-1] (any set of cells of b, repeats allowed)
 * as loops in cell coordinates (docs/render.md): one loop per outer edge
 * of each connected piece and per hole, corners only. A loop runs
 * clockwise on the page round a piece and the other way round a hole, and
 * starts at its top-left corner; loops come in the order of their
 * top-left corners (top to bottom, then left to right). Two cells that
 * touch only at a corner belong to different loops. Each corner moves
 * inset cells into the set (inward at a convex corner, outward from the
 * hole at a hole's). RG_OK or RG_E_NOMEM (out then empty). */
int rg_outline_loops(const struct rg_board *b, const int *cells, int n, double inset,
                     rg_loops *out);
void rg_outline_free(rg_loops *l);

#endif
