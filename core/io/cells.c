/* The board object of a document (rows, columns, digits, the cells that
 * exist) and its maps from cell name to digit (givens, solution). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "base/error.h"
#include "base/json.h"
#include "base/mem.h"
#include "io/cells.h"
#include "model/board.h"

static int int_field(const cJSON *v, const char *field, long min, long max, long *out,
                     rg_error *err)
{
    char g[64];
    if (rg_json_int(v, min, max, out))
        return rg_error_set(err, RG_E_FORMAT, field, "expected an integer from %ld to %ld, got %s",
                            min, max, rg_json_found(v, g, sizeof g));
    return RG_OK;
}

/* Does s look like a cell name written with a leading zero ("r01c1")? */
static int leading_zero(const char *s)
{
    for (const char *p = s; *p; p++)
        if ((*p == 'r' || *p == 'R' || *p == 'c' || *p == 'C') && p[1] == '0') return 1;
    return 0;
}

static int bad_name(rg_error *err, const char *field, const char *s)
{
    char cut[44];
    if (leading_zero(s))
        return rg_error_set(err, RG_E_FORMAT, field,
                            "\"%s\" is not a cell name: row and column numbers have no "
                            "leading zeros",
                            rg_error_clip(cut, sizeof cut, s));
    return rg_error_set(err, RG_E_FORMAT, field, "expected a cell name like \"r1c1\", got \"%s\"",
                        rg_error_clip(cut, sizeof cut, s));
}

/* Marks one element of board.cells (a name or a rectangle) in exists. */
static int mark_cells(const char *s, const char *field, int rows, int cols, unsigned char *exists,
                      rg_error *err)
{
    int r1, c1, r2, c2;
    int rc = rg_board_parse_rect(s, &r1, &c1, &r2, &c2);
    if (rc == -1) {
        char left[32];
        size_t n = strcspn(s, ":");
        snprintf(left, sizeof left, "%.*s", (int)(n < sizeof left ? n : sizeof left - 1), s);
        return bad_name(err, field, n < sizeof left ? left : s);
    }
    if (rc == -2) return bad_name(err, field, strchr(s, ':') + 1);
    if (rc == 1) {
        if (rg_board_parse_cell(s, &r1, &c1)) return bad_name(err, field, s);
        r2 = r1;
        c2 = c1;
    }
    if (r2 > rows || c2 > cols)
        return rg_error_set(err, RG_E_FORMAT, field, "%s is outside the %dx%d board", s, rows,
                            cols);
    for (int y = r1; y <= r2; y++)
        for (int x = c1; x <= c2; x++) exists[(y - 1) * cols + (x - 1)] = 1;
    return RG_OK;
}

/* The board object's members: an object, each name once, no unknown one. */
static int board_members(const cJSON *b, rg_error *err)
{
    char g[64], field[160];
    if (!cJSON_IsObject(b))
        return rg_error_set(err, RG_E_FORMAT, "board",
                            "expected an object with rows, columns and digits, got %s",
                            rg_json_found(b, g, sizeof g));
    int oom;
    const char *dup = rg_json_duplicate(b, &oom);
    if (oom) return rg_error_set(err, RG_E_NOMEM, "board", "out of memory");
    if (dup) {
        snprintf(field, sizeof field, "board.%s", dup);
        return rg_error_set(err, RG_E_FORMAT, field, "duplicate key: \"%s\" appears twice", dup);
    }
    for (const cJSON *c = b->child; c; c = c->next) {
        const char *n = c->string;
        if (strcmp(n, "rows") && strcmp(n, "columns") && strcmp(n, "digits") &&
            strcmp(n, "cells")) {
            snprintf(field, sizeof field, "board.%s", n);
            return rg_error_set(err, RG_E_FORMAT, field,
                                "unknown field \"%s\" in board (expected rows, columns, digits "
                                "and cells)",
                                n);
        }
    }
    return RG_OK;
}

/* board.cells (a name, a rectangle or a list of them) marked in exists
 * (rows * cols flags); at least one cell must exist. */
static int mark_existing(const cJSON *cells, int rows, int cols, unsigned char *exists,
                         rg_error *err)
{
    char g[64], field[160];
    int rc = RG_OK;
    if (cJSON_IsString(cells)) {
        rc = mark_cells(cells->valuestring, "board.cells", rows, cols, exists, err);
    } else if (cJSON_IsArray(cells)) {
        int i = 0;
        for (const cJSON *e = cells->child; e && !rc; e = e->next, i++) {
            snprintf(field, sizeof field, "board.cells[%d]", i);
            if (!cJSON_IsString(e))
                rc = rg_error_set(err, RG_E_FORMAT, field,
                                  "expected a cell name or a rectangle like \"r1c1:r3c3\", "
                                  "got %s",
                                  rg_json_found(e, g, sizeof g));
            else
                rc = mark_cells(e->valuestring, field, rows, cols, exists, err);
        }
    } else {
        rc = rg_error_set(err, RG_E_FORMAT, "board.cells",
                          "expected a list of cells and rectangles, got %s",
                          rg_json_found(cells, g, sizeof g));
    }
    if (rc) return rc;
    for (int i = 0; i < rows * cols; i++)
        if (exists[i]) return RG_OK;
    return rg_error_set(err, RG_E_FORMAT, "board.cells",
                        "no cell exists: the list of cells is empty");
}

int rg_cells_read_board(const cJSON *root, rg_board *board, rg_error *err)
{
    char field[160];
    const cJSON *b = cJSON_GetObjectItemCaseSensitive(root, "board");
    if (!b) return rg_error_set(err, RG_E_FORMAT, "board", "missing required field");
    int rc = board_members(b, err);
    if (rc) return rc;
    static const char *const names[3] = {"rows", "columns", "digits"};
    static const long max[3] = {RG_MAX_SIDE, RG_MAX_SIDE, RG_MAX_DIGITS};
    long val[3];
    for (int i = 0; i < 3; i++) {
        snprintf(field, sizeof field, "board.%s", names[i]);
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(b, names[i]);
        if (!v) return rg_error_set(err, RG_E_FORMAT, field, "missing required field");
        if ((rc = int_field(v, field, 1, max[i], &val[i], err))) return rc;
    }
    int rows = (int)val[0], cols = (int)val[1];
    const cJSON *cells = cJSON_GetObjectItemCaseSensitive(b, "cells");
    unsigned char *exists = NULL;
    if (cells) {
        exists = rg_mem_calloc((size_t)rows * cols, 1);
        if (!exists) return rg_error_set(err, RG_E_NOMEM, "board.cells", "out of memory");
        rc = mark_existing(cells, rows, cols, exists, err);
    }
    if (!rc) rc = rg_board_init(board, rows, cols, (int)val[2], exists, err);
    rg_mem_free(exists);
    return rc;
}
/* rg_cells_key, inline where the document's givens and solution are read
 * (a call per cell cost the regression workload's loading 0.07 % more). */
static inline int key_cell(const char *key, const char *field, const rg_board *bd, int *cell,
                           rg_error *err)
{
    int row, col;
    if (rg_board_parse_cell(key, &row, &col)) return bad_name(err, field, key);
    if (row > bd->rows || col > bd->cols)
        return rg_error_set(err, RG_E_FORMAT, field, "%s does not exist on a %dx%d board", key,
                            bd->rows, bd->cols);
    if ((*cell = rg_board_at(bd, row, col)) < 0)
        return rg_error_set(err, RG_E_FORMAT, field,
                            "%s does not exist: it is not one of the board's cells", key);
    return RG_OK;
}

int rg_cells_key(const char *key, const char *field, const rg_board *bd, int *cell, rg_error *err)
{
    return key_cell(key, field, bd, cell, err);
}

/* Reads an object cell -> digit into vals (per cell, zeroed by the caller).
 * complete: every existing cell must be named (a solution). */
int rg_cells_read_digits(const cJSON *obj, const char *name, const rg_board *bd, int complete,
                         int *vals, rg_error *err)
{
    char g[64], field[192], cell_name[32];
    if (!cJSON_IsObject(obj))
        return rg_error_set(err, RG_E_FORMAT, name,
                            "expected an object from cell name to digit, got %s",
                            rg_json_found(obj, g, sizeof g));
    for (const cJSON *c = obj->child; c; c = c->next) {
        char cut[64];
        snprintf(field, sizeof field, "%s.%s", name, rg_error_clip(cut, sizeof cut, c->string));
        int k = -1, rc = key_cell(c->string, field, bd, &k, err);
        if (rc) return rc;
        rg_board_cell_name(bd->row[k], bd->col[k], cell_name, sizeof cell_name);
        if (vals[k])
            return rg_error_set(err, RG_E_FORMAT, field,
                                "duplicate key: cell %s appears twice in %s", cell_name, name);
        long d;
        if (rg_json_int(c, 1, bd->digits, &d))
            return rg_error_set(err, RG_E_FORMAT, field, "expected a digit from 1 to %d, got %s",
                                bd->digits, rg_json_found(c, g, sizeof g));
        vals[k] = (int)d;
    }
    if (complete)
        for (int k = 0; k < bd->ncells; k++)
            if (!vals[k]) {
                rg_board_cell_name(bd->row[k], bd->col[k], cell_name, sizeof cell_name);
                return rg_error_set(err, RG_E_FORMAT, name,
                                    "the solution has no digit for %s: a solution names every "
                                    "existing cell",
                                    cell_name);
            }
    return RG_OK;
}
