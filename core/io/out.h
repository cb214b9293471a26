/* Writing canonical documents (out.c): the frame, the rules in rank order
 * through their types' write hooks, and the out_* calls of the host table. */
#ifndef RG_IO_OUT_H
#define RG_IO_OUT_H

#include "rulegrid/plugin.h"
#include "rulegrid/rulegrid.h"

/* The canonical document of p (rg_puzzle_write in rulegrid.h). */
char *rg_out_puzzle(const rg_puzzle *p, unsigned flags, rg_error *err);

/* The host table's write calls (plugin.h documents each). */
void rg_out_board(const rg_out *o, rg_board_info *out);
int rg_out_cell_at(const rg_out *o, int row, int column);
void rg_out_cell_pos(const rg_out *o, int cell, int *row, int *column);
int rg_out_has_extras(const rg_out *o, const rg_rule *r);
int rg_out_rule(rg_out *o, const rg_rule *r, const char *const *order);
int rg_out_json(rg_out *o, const char *rule_json, const rg_rule *const *extras, int n);

#endif
