/* The puzzle's public face (rulegrid.h: rg_puzzle_*): reading one from
 * text or a file, copies with other givens, writing, and what callers ask
 * of it. The record itself is model/record.h; reading is document.c,
 * writing out.c. */
#include <stdio.h>
#include <string.h>

#include "base/clock.h"
#include "base/error.h"
#include "base/file.h"
#include "base/mem.h"
#include "io/document.h"
#include "io/out.h"
#include "model/board.h"
#include "model/check.h"
#include "model/model.h"
#include "model/record.h"

char *rg_puzzle_write(const rg_puzzle *p, unsigned flags, rg_error *err)
{
    return rg_out_puzzle(p, flags, err);
}

/* Reads one document; on an error *out is NULL and err carries file and
 * line (labels only) besides what went wrong. */
int rg_puzzle_parse(rg_registry *reg, const char *text, size_t len, const char *file, long line,
                    rg_puzzle **out, rg_error *err)
{
    return rg_puzzle_parse_timed(reg, text, len, file, line, 0, out, err);
}

int rg_puzzle_parse_timed(rg_registry *reg, const char *text, size_t len, const char *file,
                          long line, double max_seconds, rg_puzzle **out, rg_error *err)
{
    rg_error local;
    if (!err) err = &local;
    rg_error_clear(err);
    rg_puzzle *p = NULL;
    double deadline = rg_clock_deadline(max_seconds);
    int rc = rg_document_read(reg, text ? text : "", text ? len : 0, deadline, &p, err);
    if (rc) {
        rg_error_set_file(err, file ? file : "");
        err->line = line;
        if (err->code == RG_OK) err->code = rc;
    }
    if (out)
        *out = p;
    else
        rg_puzzle_free(p);
    return rc;
}

/* Reads a document file ("-": standard input) of at most 256 MiB. */
int rg_puzzle_read_file(rg_registry *reg, const char *path, rg_puzzle **out, rg_error *err)
{
    rg_error local;
    if (!err) err = &local;
    rg_error_clear(err);
    if (out) *out = NULL;
    char *text = NULL;
    size_t len = 0;
    int rc = rg_file_read(path, &text, &len, err);
    if (rc) return rc;
    rc = rg_puzzle_parse(reg, text, len, path, 0, out, err);
    rg_mem_free(text);
    return rc;
}

/* A puzzle sharing p's model with a copy of givens (NULL: none), checked
 * to lie in 0..D; without solution or kept members. */
int rg_puzzle_with_givens(const rg_puzzle *p, const int *givens, rg_puzzle **out, rg_error *err)
{
    if (err) rg_error_clear(err); /* every part of an error it gives is its own */
    return rg_record_copy(p, givens, out, err);
}

/* Releases p and its reference to the model; NULL is fine. */
void rg_puzzle_free(rg_puzzle *p) { rg_record_free(p); }

int rg_puzzle_rows(const rg_puzzle *p) { return rg_model_board(p->model)->rows; }

int rg_puzzle_columns(const rg_puzzle *p) { return rg_model_board(p->model)->cols; }

int rg_puzzle_digits(const rg_puzzle *p) { return rg_model_board(p->model)->digits; }

int rg_puzzle_cells(const rg_puzzle *p) { return rg_model_board(p->model)->ncells; }

int rg_puzzle_cell_at(const rg_puzzle *p, int row, int column)
{
    return rg_board_at(rg_model_board(p->model), row, column);
}

void rg_puzzle_cell_pos(const rg_puzzle *p, int cell, int *row, int *column)
{
    rg_board_pos(rg_model_board(p->model), cell, row, column);
}

void rg_puzzle_cell_name(const rg_puzzle *p, int cell, char *buf, size_t n)
{
    int row, col;
    rg_puzzle_cell_pos(p, cell, &row, &col);
    rg_board_cell_name(row, col, buf, n);
}

const int *rg_puzzle_givens(const rg_puzzle *p) { return p->givens; }

const int *rg_puzzle_solution(const rg_puzzle *p) { return p->solution; }

int rg_puzzle_box_of(const rg_puzzle *p, int cell) { return rg_model_box_of(p->model, cell); }

int rg_puzzle_rule_count(const rg_puzzle *p) { return rg_model_rule_count(p->model); }

const char *rg_puzzle_rule_type(const rg_puzzle *p, int rule)
{
    return rg_model_rule_type(p->model, rule);
}

int rg_puzzle_broken(const rg_puzzle *p) { return rg_check_broken(p->model, p->givens); }

int rg_puzzle_check(const rg_puzzle *p, const int *values)
{
    return rg_check_values(p->model, values);
}
