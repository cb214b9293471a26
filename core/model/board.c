/* The board: which cells exist, their indices in reading order, and cell
 * names ("r3c12") both ways. Areas and rules live elsewhere (fields.c). */
#include <stdio.h>
#include <string.h>

#include "base/error.h"
#include "base/mem.h"
#include "model/board.h"

/* Fills b for a rows x cols board of D digits; exists (rows*cols flags, or
 * NULL for all) says which cells exist. On failure b holds nothing. */
int rg_board_init(rg_board *b, int rows, int cols, int digits, const unsigned char *exists,
                  rg_error *err)
{
    memset(b, 0, sizeof *b);
    if (rows < 1 || rows > RG_MAX_SIDE)
        return rg_error_set(err, RG_E_FORMAT, "board.rows",
                            "expected an integer from 1 to %d, got %d", RG_MAX_SIDE, rows);
    if (cols < 1 || cols > RG_MAX_SIDE)
        return rg_error_set(err, RG_E_FORMAT, "board.columns",
                            "expected an integer from 1 to %d, got %d", RG_MAX_SIDE, cols);
    if (digits < 1 || digits > RG_MAX_DIGITS)
        return rg_error_set(err, RG_E_FORMAT, "board.digits",
                            "expected an integer from 1 to %d, got %d", RG_MAX_DIGITS, digits);
    int total = rows * cols, n = 0;
    for (int i = 0; i < total; i++)
        if (!exists || exists[i]) n++;
    b->at = rg_mem_alloc((size_t)total * sizeof *b->at);
    b->row = rg_mem_alloc((size_t)(n ? n : 1) * sizeof *b->row);
    b->col = rg_mem_alloc((size_t)(n ? n : 1) * sizeof *b->col);
    if (!b->at || !b->row || !b->col) {
        rg_board_free(b);
        return rg_error_set(err, RG_E_NOMEM, NULL, "out of memory building the board");
    }
    b->rows = rows;
    b->cols = cols;
    b->digits = digits;
    b->ncells = n;
    int k = 0;
    for (int i = 0; i < total; i++) {
        if (exists && !exists[i]) {
            b->at[i] = -1;
            continue;
        }
        b->at[i] = k;
        b->row[k] = i / cols + 1;
        b->col[k] = i % cols + 1;
        k++;
    }
    return RG_OK;
}

/* Releases what rg_board_init allocated; b may be zeroed or half built. */
void rg_board_free(rg_board *b)
{
    rg_mem_free(b->at);
    rg_mem_free(b->row);
    rg_mem_free(b->col);
    memset(b, 0, sizeof *b);
}

/* Reads a positive decimal without sign or leading zero; *p moves past it.
 * More than 9 digits is refused so that the value fits an int. */
static int number(const char **p, int *out)
{
    const char *s = *p;
    if (*s < '1' || *s > '9') return -1;
    int v = 0, k = 0;
    while (*s >= '0' && *s <= '9') {
        if (++k > 9) return -1;
        v = v * 10 + (*s - '0');
        s++;
    }
    *p = s;
    *out = v;
    return 0;
}

/* "rRcC" in either case, nothing before or after. */
int rg_board_parse_cell(const char *s, int *row, int *col)
{
    int r, c;
    if (!s || (*s != 'r' && *s != 'R')) return -1;
    s++;
    if (number(&s, &r)) return -1;
    if (*s != 'c' && *s != 'C') return -1;
    s++;
    if (number(&s, &c)) return -1;
    if (*s) return -1;
    *row = r;
    *col = c;
    return 0;
}

/* The canonical (lower case) name of a position. */
void rg_board_cell_name(int row, int col, char *buf, size_t n)
{
    if (n) snprintf(buf, n, "r%dc%d", row, col);
}

int rg_board_parse_rect(const char *s, int *r1, int *c1, int *r2, int *c2)
{
    const char *colon = strchr(s, ':');
    if (!colon) return 1;
    char left[32];
    size_t n = (size_t)(colon - s);
    if (n >= sizeof left) return -1;
    memcpy(left, s, n);
    left[n] = 0;
    int a, c, d, e;
    if (rg_board_parse_cell(left, &a, &c)) return -1;
    if (rg_board_parse_cell(colon + 1, &d, &e)) return -2;
    *r1 = a < d ? a : d;
    *r2 = a < d ? d : a;
    *c1 = c < e ? c : e;
    *c2 = c < e ? e : c;
    return 0;
}

int rg_board_parse_span(const char *s, int *r1, int *c1, int *r2, int *c2)
{
    int rc = rg_board_parse_rect(s, r1, c1, r2, c2);
    if (rc != 1) return rc == 0 ? 0 : -1;
    if (rg_board_parse_cell(s, r1, c1)) return -1;
    *r2 = *r1;
    *c2 = *c1;
    return 0;
}

void rg_board_info_of(const rg_board *b, rg_board_info *out)
{
    out->rows = b->rows;
    out->columns = b->cols;
    out->digits = b->digits;
    out->cells = b->ncells;
}

void rg_board_pos(const rg_board *b, int cell, int *row, int *col)
{
    int ok = cell >= 0 && cell < b->ncells;
    if (row) *row = ok ? b->row[cell] : 0;
    if (col) *col = ok ? b->col[cell] : 0;
}
