/* A person's position as text (spec/explain.md, `--state`): the JSON
 * object of placed cells and kept candidates, or a line of one character
 * per position of the board. Read as strictly as a document: anything the
 * reader would have to guess at (a cell named twice, text after the
 * object, a digit where the board has no cell) is an error naming it. */
#include <stdio.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "base/error.h"
#include "base/json.h"
#include "io/cells.h"
#include "io/text.h"
#include "model/model.h"
#include "model/record.h"

/* The text of one character of a line, for a message: itself when
 * printable ASCII, else its byte value. */
static const char *char_shown(unsigned char ch, char *buf, size_t n)
{
    if (ch >= 32 && ch < 127)
        snprintf(buf, n, "'%c'", ch);
    else
        snprintf(buf, n, "byte 0x%02X", ch);
    return buf;
}

/* One character per position of the board, in reading order. */
static int read_line(const rg_board *bd, const char *t, size_t len, int *values, rg_error *err)
{
    size_t want = (size_t)bd->rows * (size_t)bd->cols;
    if (bd->digits > 9)
        return rg_error_set(err, RG_E_FORMAT, NULL,
                            "not a JSON object: a board of %d digits takes its position as "
                            "{\"cells\": ..., \"candidates\": ...}",
                            bd->digits);
    if (len != want)
        return rg_error_set(err, RG_E_FORMAT, NULL,
                            "neither a JSON object nor a line of %zu characters (one digit, "
                            "'.' or '0' per position of the %dx%d board): %zu characters",
                            want, bd->rows, bd->cols, len);
    char shown[16], name[32];
    for (size_t i = 0; i < len; i++) {
        unsigned char ch = (unsigned char)t[i];
        if (ch == '.' || ch == '0') continue;
        int row = (int)(i / (size_t)bd->cols) + 1, col = (int)(i % (size_t)bd->cols) + 1;
        if (ch < '1' || ch > '0' + bd->digits)
            return rg_error_set(err, RG_E_FORMAT, NULL,
                                "character %zu (%s) is not a digit from 1 to %d, '.' or '0'", i + 1,
                                char_shown(ch, shown, sizeof shown), bd->digits);
        int cell = rg_board_at(bd, row, col);
        if (cell < 0) {
            rg_board_cell_name(row, col, name, sizeof name);
            return rg_error_set(err, RG_E_FORMAT, NULL,
                                "character %zu ('%c') places a digit at %s, which is not a cell "
                                "of the board (write '.' there)",
                                i + 1, ch, name);
        }
        values[cell] = ch - '0';
    }
    return RG_OK;
}

/* The member "candidates": per cell, a non-empty list of distinct digits. */
static int read_candidates(const cJSON *obj, const rg_board *bd, rg_mask *cands, rg_error *err)
{
    char g[64], field[192];
    if (!cJSON_IsObject(obj))
        return rg_error_set(err, RG_E_FORMAT, "candidates",
                            "expected an object from cell name to a list of digits, got %s",
                            rg_json_found(obj, g, sizeof g));
    for (const cJSON *c = obj->child; c; c = c->next) {
        int cell;
        char cut[64];
        snprintf(field, sizeof field, "candidates.%s", rg_error_clip(cut, sizeof cut, c->string));
        int rc = rg_cells_key(c->string, field, bd, &cell, err);
        if (rc) return rc;
        if (cands[cell]) {
            rg_board_cell_name(bd->row[cell], bd->col[cell], g, sizeof g);
            return rg_error_set(err, RG_E_FORMAT, field,
                                "duplicate key: cell %s appears twice in candidates", g);
        }
        if (!cJSON_IsArray(c))
            return rg_error_set(err, RG_E_FORMAT, field,
                                "expected a list of digits from 1 to %d, got %s", bd->digits,
                                rg_json_found(c, g, sizeof g));
        if (!c->child)
            return rg_error_set(err, RG_E_FORMAT, field,
                                "the list is empty: a cell keeps one candidate at least");
        rg_mask m = 0;
        int i = 0;
        for (const cJSON *d = c->child; d; d = d->next, i++) {
            long v;
            snprintf(field, sizeof field, "candidates.%s[%d]",
                     rg_error_clip(cut, sizeof cut, c->string), i);
            if (rg_json_int(d, 1, bd->digits, &v))
                return rg_error_set(err, RG_E_FORMAT, field,
                                    "expected a digit from 1 to %d, got %s", bd->digits,
                                    rg_json_found(d, g, sizeof g));
            if (m >> (v - 1) & 1u)
                return rg_error_set(err, RG_E_FORMAT, field, "digit %ld is listed twice", v);
            m |= (rg_mask)1 << (v - 1);
        }
        cands[cell] = m;
    }
    return RG_OK;
}

/* The JSON object's members. */
static int read_object(const cJSON *root, const rg_board *bd, int *values, rg_mask *cands,
                       rg_error *err)
{
    int oom;
    const char *dup = rg_json_duplicate(root, &oom);
    if (oom) return rg_error_set(err, RG_E_NOMEM, NULL, "out of memory");
    if (dup) return rg_error_set(err, RG_E_FORMAT, dup, "duplicate key: \"%s\" appears twice", dup);
    for (const cJSON *m = root->child; m; m = m->next)
        if (strcmp(m->string, "cells") && strcmp(m->string, "candidates")) {
            char cut[44];
            return rg_error_set(err, RG_E_FORMAT, m->string,
                                "unknown member \"%s\" (a position has cells and candidates)",
                                rg_error_clip(cut, sizeof cut, m->string));
        }
    const cJSON *cells = cJSON_GetObjectItemCaseSensitive(root, "cells");
    const cJSON *marks = cJSON_GetObjectItemCaseSensitive(root, "candidates");
    int rc = cells ? rg_cells_read_digits(cells, "cells", bd, 0, values, err) : RG_OK;
    if (!rc && marks) rc = read_candidates(marks, bd, cands, err);
    for (int c = 0; !rc && c < bd->ncells; c++) {
        if (!values[c] || !cands[c] || (cands[c] >> (values[c] - 1) & 1u)) continue;
        char name[32], field[64];
        rg_board_cell_name(bd->row[c], bd->col[c], name, sizeof name);
        snprintf(field, sizeof field, "candidates.%s", name);
        rc = rg_error_set(err, RG_E_FORMAT, field,
                          "%s is placed as %d in cells, but its candidates do not keep %d", name,
                          values[c], values[c]);
    }
    return rc;
}

int rg_position_parse(const rg_puzzle *p, const char *text, size_t len, const char *file,
                      int *values, rg_mask *cands, rg_error *err)
{
    rg_error_clear(err);
    if (file) rg_error_set_file(err, file);
    const rg_board *bd = rg_model_board(p->model);
    memset(values, 0, (size_t)bd->ncells * sizeof *values);
    memset(cands, 0, (size_t)bd->ncells * sizeof *cands);
    size_t a = 0, b = len; /* the text less the white space around it */
    while (a < b && rg_text_is_blank(text + a, 1)) a++;
    while (b > a && rg_text_is_blank(text + b - 1, 1)) b--;
    int rc, object = a < b && text[a] == '{';
    if (object) {
        cJSON *root;
        rc = rg_text_parse_object(text, len, 0, &root, err); /* columns from the text's start */
        if (!rc) rc = read_object(root, bd, values, cands, err);
        cJSON_Delete(root);
    } else {
        rc = read_line(bd, text + a, b - a, values, err);
    }
    /* A digit placed on a given must be the given. */
    for (int c = 0; !rc && p->givens && c < bd->ncells; c++) {
        if (!values[c] || !p->givens[c] || values[c] == p->givens[c]) continue;
        char name[32], field[64];
        rg_board_cell_name(bd->row[c], bd->col[c], name, sizeof name);
        snprintf(field, sizeof field, "cells.%s", name);
        rc = rg_error_set(err, RG_E_FORMAT, object ? field : NULL,
                          "%s is a given, %d; the position places %d there", name, p->givens[c],
                          values[c]);
    }
    if (rc) {
        memset(values, 0, (size_t)bd->ncells * sizeof *values);
        memset(cands, 0, (size_t)bd->ncells * sizeof *cands);
    }
    return rc;
}
