/* Invented rules (clues.c). */
#ifndef RG_GEN_CLUES_H
#define RG_GEN_CLUES_H

#include "gen/run.h"

/* Run every layout request over the bare board; their rules go to out. */
int rg_clues_lay_out(rg_run *r, struct cJSON *out);
/* Run every clue request over the solution; their rules go to out. With
 * repair, each request uses its repair settings. wanted (per cell, or
 * NULL): only rules lying inside these cells will be kept, and the hooks
 * may leave out the others (gen_wanted). */
int rg_clues_invent(rg_run *r, const rg_puzzle *p, int repair, const unsigned char *wanted,
                    struct cJSON *out);
/* Mark (mark[cell] = 1) the cells a rule names: every string in it that is
 * a cell or a rectangle of the board. */
void rg_clues_cells(const rg_run *r, const struct cJSON *v, unsigned char *mark);
/* remove_clues: drop invented rules of the listed types, one at a time in
 * random order, while the puzzle (with its givens) stays acceptable and the
 * solution still satisfies it. *p is replaced by the smaller puzzle. */
int rg_clues_thin(rg_run *r, rg_puzzle **p);

#endif
