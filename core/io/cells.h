/* The board and the cell maps of a document (cells.c). */
#ifndef RG_IO_CELLS_H
#define RG_IO_CELLS_H

#include "model/board.h"
#include "rulegrid/rulegrid.h"

struct cJSON;

/* The "board" member of the document root into *board (format.md §3). */
int rg_cells_read_board(const struct cJSON *root, rg_board *board, rg_error *err);
/* The cell a member name key of an object from cells names, into *cell:
 * RG_OK, or RG_E_FORMAT (field names it) for a key that is no cell name or
 * no cell of bd. */
int rg_cells_key(const char *key, const char *field, const rg_board *bd, int *cell, rg_error *err);
/* An object cell -> digit (the member called name) into vals, per cell and
 * zeroed by the caller; complete: every existing cell must be named (a
 * solution). */
int rg_cells_read_digits(const struct cJSON *obj, const char *name, const rg_board *bd,
                         int complete, int *vals, rg_error *err);

#endif
