/* Reading puzzles: one JSON document (format.md 1, 3, 4), copies that share a
 * model with other givens, and corpora of many puzzles (JSON lines or classic
 * text lines). Rules themselves are read by plugins through fields.c. */
#include <stdarg.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "internal.h"

#define MAX_LINE ((size_t)64 << 20)  /* a corpus line */
#define IN_CHUNK ((size_t)64 << 10)  /* corpus read buffer */

/* ---- Small helpers ------------------------------------------------------- */

/* A JSON number that is an exact integer in [min, max]. */
static int int_in(const cJSON *v, long min, long max, long *out)
{
    if (!cJSON_IsNumber(v)) return -1;
    double d = v->valuedouble;
    if (!isfinite(d) || d != floor(d) || d < (double)min || d > (double)max) return -1;
    *out = (long)d;
    return 0;
}

static int int_field(const cJSON *v, const char *field, long min, long max, long *out,
                     rg_error *err)
{
    char g[64];
    if (int_in(v, min, max, out))
        return rg_error_set(err, RG_E_FORMAT, field, "expected an integer from %ld to %ld, got %s",
                            min, max, rg_json_found(v, g, sizeof g));
    return RG_OK;
}

static int cmp_names(const void *x, const void *y)
{
    return strcmp(*(const char *const *)x, *(const char *const *)y);
}

/* The first member name of obj that occurs twice, or NULL; *oom on failure
 * to allocate the scratch list. */
const char *rg_json_duplicate(const cJSON *obj, int *oom)
{
    int n = 0;
    *oom = 0;
    for (const cJSON *c = obj->child; c; c = c->next) n++;
    if (n <= 32) {
        for (const cJSON *a = obj->child; a; a = a->next)
            for (const cJSON *c = a->next; c; c = c->next)
                if (a->string && c->string && strcmp(a->string, c->string) == 0) return a->string;
        return NULL;
    }
    const char **names = rg_malloc((size_t)n * sizeof *names);
    if (!names) {
        *oom = 1;
        return NULL;
    }
    int k = 0;
    for (const cJSON *c = obj->child; c; c = c->next)
        if (c->string) names[k++] = c->string;
    qsort(names, (size_t)k, sizeof *names, cmp_names);
    const char *dup = NULL;
    for (int i = 1; i < k && !dup; i++)
        if (strcmp(names[i - 1], names[i]) == 0) dup = names[i];
    rg_free(names);
    return dup;
}

/* Refuses duplicate member names in every object under v (meta, x- values). */
static int no_duplicates(const cJSON *v, const char *path, rg_error *err)
{
    char sub[128];
    if (cJSON_IsObject(v)) {
        int oom;
        const char *dup = rg_json_duplicate(v, &oom);
        if (oom) return rg_error_set(err, RG_E_NOMEM, path, "out of memory");
        if (dup) {
            snprintf(sub, sizeof sub, "%s.%s", path, dup);
            return rg_error_set(err, RG_E_FORMAT, sub, "duplicate key: \"%s\" appears twice",
                                dup);
        }
        for (const cJSON *c = v->child; c; c = c->next) {
            snprintf(sub, sizeof sub, "%s.%s", path, c->string ? c->string : "");
            int rc = no_duplicates(c, sub, err);
            if (rc) return rc;
        }
    } else if (cJSON_IsArray(v)) {
        int i = 0;
        for (const cJSON *c = v->child; c; c = c->next, i++) {
            snprintf(sub, sizeof sub, "%s[%d]", path, i);
            int rc = no_duplicates(c, sub, err);
            if (rc) return rc;
        }
    }
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
    if (leading_zero(s))
        return rg_error_set(err, RG_E_FORMAT, field,
                            "\"%.40s\" is not a cell name: row and column numbers have no "
                            "leading zeros",
                            s);
    return rg_error_set(err, RG_E_FORMAT, field,
                        "expected a cell name like \"r1c1\", got \"%.40s\"", s);
}

/* ---- JSON text ----------------------------------------------------------- */

/* "line 3, column 22" for byte offset pos of text; "column 22" when the text
 * is one line (a corpus line: err->line already names the line). */
static const char *position(const char *text, size_t len, size_t pos, char *buf, size_t n)
{
    long line = 1;
    size_t start = 0;
    for (size_t i = 0; i < pos; i++)
        if (text[i] == '\n') {
            line++;
            start = i + 1;
        }
    if (line == 1 && !memchr(text, '\n', len))
        snprintf(buf, n, "column %zu", pos - start + 1);
    else
        snprintf(buf, n, "line %ld, column %zu", line, pos - start + 1);
    return buf;
}

/* Does the text stop inside a string or with an object or list still open? */
static int unfinished(const char *t, size_t len)
{
    long depth = 0;
    int in_string = 0, escape = 0;
    for (size_t i = 0; i < len; i++) {
        char ch = t[i];
        if (in_string) {
            if (escape)
                escape = 0;
            else if (ch == '\\')
                escape = 1;
            else if (ch == '"')
                in_string = 0;
        } else if (ch == '"') {
            in_string = 1;
        } else if (ch == '{' || ch == '[') {
            depth++;
        } else if (ch == '}' || ch == ']') {
            depth--;
        }
    }
    return in_string || depth > 0;
}

/* A few characters from p for "near ..." (control bytes shown as '?'). */
static void snippet(const char *p, const char *end, char *buf, size_t n)
{
    size_t k = 0;
    for (; p < end && k + 5 < n && k < 24; p++) {
        unsigned char ch = (unsigned char)*p;
        if (ch == '\n' || ch == '\r') break;
        buf[k++] = (ch >= 32 && ch < 127) ? (char)ch : '?';
    }
    buf[k] = 0;
}

static int is_blank(const char *t, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if (t[i] != ' ' && t[i] != '\t' && t[i] != '\n' && t[i] != '\r') return 0;
    return 1;
}

static int parse_json(const char *text, size_t len, cJSON **out, rg_error *err)
{
    *out = NULL;
    if (is_blank(text, len))
        return rg_error_set(err, RG_E_FORMAT, NULL,
                            "the document is empty: expected a JSON object");
    const char *end = NULL;
    cJSON *root = rg_json_parse(text, len, &end);
    char at[64], near[32];
    if (!root) {
        if (unfinished(text, len))
            return rg_error_set(err, RG_E_FORMAT, NULL,
                                "truncated JSON: the text ends at %s with an object, list or "
                                "string still open",
                                position(text, len, len, at, sizeof at));
        size_t pos = end && end >= text && end <= text + len ? (size_t)(end - text) : 0;
        snippet(text + pos, text + len, near, sizeof near);
        return rg_error_set(err, RG_E_FORMAT, NULL, "malformed JSON at %s, near '%s'",
                            position(text, len, pos, at, sizeof at), near);
    }
    size_t pos = end && end >= text && end <= text + len ? (size_t)(end - text) : len;
    while (pos < len && (text[pos] == ' ' || text[pos] == '\t' || text[pos] == '\n' ||
                         text[pos] == '\r'))
        pos++;
    if (pos < len) {
        cJSON_Delete(root);
        snippet(text + pos, text + len, near, sizeof near);
        return rg_error_set(err, RG_E_FORMAT, NULL,
                            "malformed JSON at %s: unexpected text '%s' after the document",
                            position(text, len, pos, at, sizeof at), near);
    }
    if (!cJSON_IsObject(root)) {
        char g[64];
        rg_error_set(err, RG_E_FORMAT, NULL, "the document must be a JSON object, got %s",
                     rg_json_found(root, g, sizeof g));
        cJSON_Delete(root);
        return RG_E_FORMAT;
    }
    *out = root;
    return RG_OK;
}

/* ---- The board ----------------------------------------------------------- */

/* Marks one element of board.cells (a name or a rectangle) in exists. */
static int mark_cells(const char *s, const char *field, int rows, int cols, unsigned char *exists,
                      rg_error *err)
{
    int r1, c1, r2, c2;
    int rc = rg_rect_parse(s, &r1, &c1, &r2, &c2);
    if (rc == -1) {
        char left[32];
        size_t n = strcspn(s, ":");
        snprintf(left, sizeof left, "%.*s", (int)(n < sizeof left ? n : sizeof left - 1), s);
        return bad_name(err, field, n < sizeof left ? left : s);
    }
    if (rc == -2) return bad_name(err, field, strchr(s, ':') + 1);
    if (rc == 1) {
        if (rg_cell_parse(s, &r1, &c1)) return bad_name(err, field, s);
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

static int read_board(const cJSON *root, rg_board *board, rg_error *err)
{
    char g[64], field[160];
    const cJSON *b = cJSON_GetObjectItemCaseSensitive(root, "board");
    if (!b) return rg_error_set(err, RG_E_FORMAT, "board", "missing required field");
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
    static const char *const names[3] = {"rows", "columns", "digits"};
    static const long max[3] = {RG_MAX_SIDE, RG_MAX_SIDE, RG_MAX_DIGITS};
    long val[3];
    for (int i = 0; i < 3; i++) {
        snprintf(field, sizeof field, "board.%s", names[i]);
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(b, names[i]);
        if (!v) return rg_error_set(err, RG_E_FORMAT, field, "missing required field");
        int rc = int_field(v, field, 1, max[i], &val[i], err);
        if (rc) return rc;
    }
    int rows = (int)val[0], cols = (int)val[1];
    const cJSON *cells = cJSON_GetObjectItemCaseSensitive(b, "cells");
    unsigned char *exists = NULL;
    int rc = RG_OK;
    if (cells) {
        exists = rg_calloc((size_t)rows * cols, 1);
        if (!exists) return rg_error_set(err, RG_E_NOMEM, "board.cells", "out of memory");
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
        if (!rc) {
            int any = 0;
            for (int i = 0; i < rows * cols && !any; i++) any = exists[i];
            if (!any)
                rc = rg_error_set(err, RG_E_FORMAT, "board.cells",
                                  "no cell exists: the list of cells is empty");
        }
    }
    if (!rc) rc = rg_board_init(board, rows, cols, (int)val[2], exists, err);
    rg_free(exists);
    return rc;
}

/* ---- Givens and solution ------------------------------------------------- */

/* Reads an object cell -> digit into vals (per cell, zeroed by the caller).
 * complete: every existing cell must be named (a solution). */
static int read_digits(const cJSON *obj, const char *name, const rg_board *bd, int complete,
                       int *vals, rg_error *err)
{
    char g[64], field[192], cell_name[32];
    if (!cJSON_IsObject(obj))
        return rg_error_set(err, RG_E_FORMAT, name,
                            "expected an object from cell name to digit, got %s",
                            rg_json_found(obj, g, sizeof g));
    for (const cJSON *c = obj->child; c; c = c->next) {
        snprintf(field, sizeof field, "%s.%.60s", name, c->string);
        int row, col;
        if (rg_cell_parse(c->string, &row, &col)) return bad_name(err, field, c->string);
        if (row > bd->rows || col > bd->cols)
            return rg_error_set(err, RG_E_FORMAT, field, "%s does not exist on a %dx%d board",
                                c->string, bd->rows, bd->cols);
        int k = rg_board_at(bd, row, col);
        if (k < 0)
            return rg_error_set(err, RG_E_FORMAT, field,
                                "%s does not exist: it is not one of the board's cells",
                                c->string);
        rg_cell_name(row, col, cell_name, sizeof cell_name);
        if (vals[k])
            return rg_error_set(err, RG_E_FORMAT, field,
                                "duplicate key: cell %s appears twice in %s", cell_name, name);
        long d;
        if (int_in(c, 1, bd->digits, &d))
            return rg_error_set(err, RG_E_FORMAT, field, "expected a digit from 1 to %d, got %s",
                                bd->digits, rg_json_found(c, g, sizeof g));
        vals[k] = (int)d;
    }
    if (complete)
        for (int k = 0; k < bd->ncells; k++)
            if (!vals[k]) {
                rg_cell_name(bd->row[k], bd->col[k], cell_name, sizeof cell_name);
                return rg_error_set(err, RG_E_FORMAT, name,
                                    "the solution has no digit for %s: a solution names every "
                                    "existing cell",
                                    cell_name);
            }
    return RG_OK;
}

/* ---- Rules ----------------------------------------------------------------- */

/* An error about rule i (of type, when known). */
static int rule_error(rg_error *err, int i, const char *type, const char *field, const char *fmt,
                      ...)
{
    va_list ap;
    va_start(ap, fmt);
    rg_error_setv(err, RG_E_FORMAT, field, fmt, ap);
    va_end(ap);
    err->rule = i;
    snprintf(err->type, sizeof err->type, "%s", type ? type : "");
    return RG_E_FORMAT;
}

static int compile_rules(rg_registry *reg, rg_model *m, const cJSON *rules, rg_error *err)
{
    char g[64];
    int rc = RG_OK, i = 0;
    for (const cJSON *r = rules->child; r && !rc; r = r->next, i++) {
        if (!cJSON_IsObject(r)) {
            rc = rule_error(err, i, NULL, "", "a rule must be an object, got %s",
                            rg_json_found(r, g, sizeof g));
            break;
        }
        const cJSON *t = cJSON_GetObjectItemCaseSensitive(r, "type");
        if (!t) {
            rc = rule_error(err, i, NULL, "type", "missing required field");
            break;
        }
        if (!cJSON_IsString(t)) {
            rc = rule_error(err, i, NULL, "type", "expected a string naming the rule type, got %s",
                            rg_json_found(t, g, sizeof g));
            break;
        }
        const rg_rule_type *type = reg ? rg_registry_find(reg, t->valuestring) : NULL;
        if (!type) {
            const char *folders = reg ? rg_registry_folders(reg) : NULL;
            rc = rule_error(err, i, t->valuestring, "type",
                            "unknown rule type \"%s\": no loaded plugin registers it (plugin "
                            "folders searched: %s)",
                            t->valuestring, folders && *folders ? folders : "none");
            break;
        }
        rc = rg_model_add_rule(m, type, r, i, err);
        if (rc && err) {
            err->rule = i;
            if (!err->type[0]) snprintf(err->type, sizeof err->type, "%s", t->valuestring);
        }
    }
    if (!rc) rc = rg_model_check_areas(m, err);
    if (!rc) rc = rg_model_finish(m, err);
    return rc;
}

/* ---- The document -------------------------------------------------------- */

static int is_kept(const char *name)
{
    return strcmp(name, "meta") == 0 || strncmp(name, "x-", 2) == 0;
}

static int check_top(const cJSON *root, rg_error *err)
{
    char g[64];
    int oom;
    const char *dup = rg_json_duplicate(root, &oom);
    if (oom) return rg_error_set(err, RG_E_NOMEM, NULL, "out of memory");
    if (dup) return rg_error_set(err, RG_E_FORMAT, dup, "duplicate key: \"%s\" appears twice", dup);
    const cJSON *f = cJSON_GetObjectItemCaseSensitive(root, "format");
    if (!f) return rg_error_set(err, RG_E_FORMAT, "format", "missing required field");
    if (!cJSON_IsString(f) || strcmp(f->valuestring, "rulegrid"))
        return rg_error_set(err, RG_E_FORMAT, "format", "expected \"rulegrid\", got %s",
                            rg_json_found(f, g, sizeof g));
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(root, "version");
    if (!v) return rg_error_set(err, RG_E_FORMAT, "version", "missing required field");
    long ver;
    if (int_in(v, LONG_MIN / 2, LONG_MAX / 2, &ver))
        return rg_error_set(err, RG_E_FORMAT, "version", "expected the integer 1, got %s",
                            rg_json_found(v, g, sizeof g));
    if (ver != 1)
        return rg_error_set(err, RG_E_FORMAT, "version",
                            "unsupported version %ld: this reader reads version 1", ver);
    for (const cJSON *c = root->child; c; c = c->next) {
        const char *n = c->string;
        static const char *const known[] = {"format", "version", "board", "rules",
                                            "givens", "solution", "meta", NULL};
        int ok = strncmp(n, "x-", 2) == 0;
        for (int i = 0; known[i] && !ok; i++) ok = strcmp(n, known[i]) == 0;
        if (!ok)
            return rg_error_set(err, RG_E_FORMAT, n,
                                "unknown field \"%s\" (a document has format, version, board, "
                                "rules, givens, solution, meta and names starting with \"x-\")",
                                n);
        if (is_kept(n)) {
            int rc = no_duplicates(c, n, err);
            if (rc) return rc;
        }
    }
    const cJSON *meta = cJSON_GetObjectItemCaseSensitive(root, "meta");
    if (meta && !cJSON_IsObject(meta))
        return rg_error_set(err, RG_E_FORMAT, "meta", "expected an object, got %s",
                            rg_json_found(meta, g, sizeof g));
    const cJSON *rules = cJSON_GetObjectItemCaseSensitive(root, "rules");
    if (!rules) return rg_error_set(err, RG_E_FORMAT, "rules", "missing required field");
    if (!cJSON_IsArray(rules))
        return rg_error_set(err, RG_E_FORMAT, "rules", "expected a list of rules, got %s",
                            rg_json_found(rules, g, sizeof g));
    return RG_OK;
}

/* Moves meta and the x- members of root into a new object. */
static int take_kept(cJSON *root, cJSON **kept, rg_error *err)
{
    *kept = NULL;
    cJSON *c = root->child;
    while (c) {
        cJSON *next = c->next;
        if (is_kept(c->string)) {
            if (!*kept && !(*kept = cJSON_CreateObject()))
                return rg_error_set(err, RG_E_NOMEM, NULL, "out of memory");
            cJSON_DetachItemViaPointer(root, c);
            if (!cJSON_AddItemToObject(*kept, c->string, c)) {
                cJSON_Delete(c);
                return rg_error_set(err, RG_E_NOMEM, NULL, "out of memory");
            }
        }
        c = next;
    }
    return RG_OK;
}

/* Moves board and rules out of root into the model, for the writer: the
 * rules the plugins compiled stay where they are, only their owner changes. */
static int keep_source(cJSON *root, rg_model *m, rg_error *err)
{
    cJSON *src = cJSON_CreateObject();
    if (!src) return rg_error_set(err, RG_E_NOMEM, NULL, "out of memory");
    static const char *const names[2] = {"board", "rules"};
    for (int i = 0; i < 2; i++) {
        cJSON *c = cJSON_DetachItemFromObjectCaseSensitive(root, names[i]);
        /* A constant key (the static name) allocates nothing, so cannot fail. */
        if (c) cJSON_AddItemToObjectCS(src, names[i], c);
    }
    rg_model_set_source(m, src);
    return RG_OK;
}

static int parse_doc(rg_registry *reg, const char *text, size_t len, rg_puzzle **out,
                     rg_error *err)
{
    cJSON *root = NULL;
    rg_model *m = NULL;
    rg_puzzle *p = NULL;
    rg_board board;
    memset(&board, 0, sizeof board);
    int rc = parse_json(text, len, &root, err);
    if (rc) return rc;
    if ((rc = check_top(root, err))) goto done;
    if ((rc = read_board(root, &board, err))) goto done;
    m = rg_model_new(&board);
    if (!m) { /* rg_model_new has released the board */
        rc = rg_error_set(err, RG_E_NOMEM, NULL, "out of memory building the model");
        goto done;
    }
    rc = compile_rules(reg, m, cJSON_GetObjectItemCaseSensitive(root, "rules"), err);
    if (rc) goto done;
    if ((rc = keep_source(root, m, err))) goto done;
    const rg_board *bd = rg_model_board(m);
    p = rg_calloc(1, sizeof *p);
    if (!p || !(p->givens = rg_calloc((size_t)(bd->ncells ? bd->ncells : 1), sizeof(int)))) {
        rc = rg_error_set(err, RG_E_NOMEM, NULL, "out of memory");
        goto done;
    }
    p->model = m;
    m = NULL;
    const cJSON *givens = cJSON_GetObjectItemCaseSensitive(root, "givens");
    const cJSON *solution = cJSON_GetObjectItemCaseSensitive(root, "solution");
    if (givens && (rc = read_digits(givens, "givens", bd, 0, p->givens, err))) goto done;
    if (solution) {
        p->solution = rg_calloc((size_t)(bd->ncells ? bd->ncells : 1), sizeof(int));
        if (!p->solution) {
            rc = rg_error_set(err, RG_E_NOMEM, NULL, "out of memory");
            goto done;
        }
        if ((rc = read_digits(solution, "solution", bd, 1, p->solution, err))) goto done;
    }
    rc = take_kept(root, &p->kept, err);
done:
    cJSON_Delete(root);
    if (m) rg_model_unref(m);
    if (rc) {
        rg_puzzle_free(p);
        p = NULL;
    }
    *out = p;
    return rc;
}

/* Reads one document; on an error *out is NULL and err carries file and
 * line (labels only) besides what went wrong. */
int rg_puzzle_parse(rg_registry *reg, const char *text, size_t len, const char *file, long line,
                    rg_puzzle **out, rg_error *err)
{
    rg_error local;
    if (!err) err = &local;
    rg_error_clear(err);
    rg_json_hooks();
    rg_puzzle *p = NULL;
    int rc = parse_doc(reg, text ? text : "", text ? len : 0, &p, err);
    if (rc) {
        snprintf(err->file, sizeof err->file, "%s", file ? file : "");
        err->line = line;
        if (err->code == RG_OK) err->code = rc;
    }
    if (out) *out = p;
    else rg_puzzle_free(p);
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
    rg_free(text);
    return rc;
}

/* A puzzle sharing p's model with a copy of givens (NULL: none), checked
 * to lie in 0..D; without solution or kept members. */
int rg_puzzle_with_givens(const rg_puzzle *p, const int *givens, rg_puzzle **out, rg_error *err)
{
    const rg_board *bd = rg_model_board(p->model);
    *out = NULL;
    if (givens)
        for (int k = 0; k < bd->ncells; k++)
            if (givens[k] < 0 || givens[k] > bd->digits) {
                char name[32];
                rg_cell_name(bd->row[k], bd->col[k], name, sizeof name);
                return rg_error_set(err, RG_E_FORMAT, "givens",
                                    "cell %s: digit %d is out of range (0 to %d)", name,
                                    givens[k], bd->digits);
            }
    rg_puzzle *q = rg_calloc(1, sizeof *q);
    int *g = rg_malloc((size_t)(bd->ncells ? bd->ncells : 1) * sizeof *g);
    if (!q || !g) {
        rg_free(q);
        rg_free(g);
        return rg_error_set(err, RG_E_NOMEM, NULL, "out of memory");
    }
    if (givens)
        memcpy(g, givens, (size_t)bd->ncells * sizeof *g);
    else
        memset(g, 0, (size_t)(bd->ncells ? bd->ncells : 1) * sizeof *g);
    rg_model_ref(p->model);
    q->model = p->model;
    q->givens = g;
    *out = q;
    return RG_OK;
}

/* Releases p and its reference to the model; NULL is fine. */
void rg_puzzle_free(rg_puzzle *p)
{
    if (!p) return;
    if (p->model) rg_model_unref(p->model);
    rg_free(p->givens);
    rg_free(p->solution);
    cJSON_Delete(p->kept);
    rg_free(p);
}

/* ---- Accessors ----------------------------------------------------------- */

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
    const rg_board *bd = rg_model_board(p->model);
    int ok = cell >= 0 && cell < bd->ncells;
    if (row) *row = ok ? bd->row[cell] : 0;
    if (column) *column = ok ? bd->col[cell] : 0;
}

void rg_puzzle_cell_name(const rg_puzzle *p, int cell, char *buf, size_t n)
{
    int row, col;
    rg_puzzle_cell_pos(p, cell, &row, &col);
    rg_cell_name(row, col, buf, n);
}

const int *rg_puzzle_givens(const rg_puzzle *p) { return p->givens; }
const int *rg_puzzle_solution(const rg_puzzle *p) { return p->solution; }
int rg_puzzle_box_of(const rg_puzzle *p, int cell) { return rg_model_box_of(p->model, cell); }
int rg_puzzle_rule_count(const rg_puzzle *p) { return rg_model_rule_count(p->model); }

const char *rg_puzzle_rule_type(const rg_puzzle *p, int rule)
{
    return rg_model_rule_type(p->model, rule);
}

int rg_puzzle_broken(const rg_puzzle *p) { return rg_model_broken(p->model, p->givens); }
int rg_puzzle_check(const rg_puzzle *p, const int *values)
{
    return rg_model_check(p->model, values);
}

/* ---- Corpora ------------------------------------------------------------- */

/* Classic lines without a template are the givens of this preset. */
#define CLASSIC_PRESET "classic9"

struct rg_corpus {
    rg_registry *reg;
    FILE *fp;
    int own_fp;
    char name[256];   /* the path, for errors */
    int jsonl;
    rg_puzzle *templ; /* classic lines: holds the shared model */
    long index;       /* entry last returned, -1 before the first */
    long line;        /* lines consumed */
    /* Buffered input. */
    unsigned char *in;
    size_t in_pos, in_len;
    int at_eof;
    /* The current line: its first len bytes kept (NUL-terminated), total counted. */
    char *buf;
    size_t cap, len, total;
    int *givens;
};

/* Appends up to keep - len of s[0..n) to the line; counts all of it. */
static int line_append(rg_corpus *c, const unsigned char *s, size_t n, size_t keep)
{
    c->total += n;
    size_t room = c->len < keep ? keep - c->len : 0;
    size_t take = n < room ? n : room;
    if (!take) return RG_OK;
    if (c->len + take + 1 > c->cap) {
        size_t cap = c->cap ? c->cap : 256;
        while (cap < c->len + take + 1) cap *= 2;
        char *b = rg_realloc(c->buf, cap);
        if (!b) return RG_E_NOMEM;
        c->buf = b;
        c->cap = cap;
    }
    memcpy(c->buf + c->len, s, take);
    c->len += take;
    c->buf[c->len] = 0;
    return RG_OK;
}

/* Reads the next line, keeping at most keep bytes of it (the rest is counted
 * and skipped). Strips the newline and one trailing '\r'. Returns 1 for a
 * line, 0 at the end, RG_E_IO or RG_E_NOMEM. */
static int read_line(rg_corpus *c, size_t keep)
{
    int any = 0;
    unsigned char last = 0;
    c->len = c->total = 0;
    if (c->buf) c->buf[0] = 0;
    for (;;) {
        if (c->in_pos == c->in_len) {
            if (c->at_eof) break;
            c->in_pos = 0;
            c->in_len = fread(c->in, 1, IN_CHUNK, c->fp);
            if (c->in_len == 0) {
                c->at_eof = 1;
                if (ferror(c->fp)) return RG_E_IO;
                break;
            }
        }
        any = 1;
        unsigned char *s = c->in + c->in_pos;
        size_t avail = c->in_len - c->in_pos;
        unsigned char *nl = memchr(s, '\n', avail);
        size_t n = nl ? (size_t)(nl - s) : avail;
        if (n) last = s[n - 1];
        if (line_append(c, s, n, keep)) return RG_E_NOMEM;
        c->in_pos += n + (nl ? 1 : 0);
        if (nl) break;
    }
    if (!any) return 0;
    if (c->total && last == '\r') {
        if (c->len == c->total) c->buf[--c->len] = 0;
        c->total--;
    }
    return 1;
}

/* The template of classic lines read without one: the preset
 * CLASSIC_PRESET, from the preset folders. */
static int classic_template(rg_registry *reg, rg_puzzle **out, rg_error *err)
{
    rg_presets *ps = NULL;
    int rc = rg_presets_load(NULL, rg_builtin_preset_dir(), &ps, err);
    if (rc != RG_OK) return rc;
    int i = rg_presets_find(ps, CLASSIC_PRESET);
    if (i < 0) {
        rc = rg_error_set(err, RG_E_IO, NULL,
                          "classic lines need a template: no preset " CLASSIC_PRESET
                          " in the preset folders (%s)",
                          rg_presets_folders(ps)[0] ? rg_presets_folders(ps) : "none");
    } else {
        const char *doc = rg_presets_document(ps, i);
        rc = rg_puzzle_parse(reg, doc, strlen(doc), rg_presets_path(ps, i), 0, out, err);
    }
    rg_presets_free(ps);
    return rc;
}

/* Opens a corpus: .jsonl by its name (a template is then ignored), classic
 * lines otherwise, which share one model (the template's, or that of the
 * preset CLASSIC_PRESET). */
int rg_corpus_open(rg_registry *reg, const char *path, FILE *fp, const rg_puzzle *templ,
                   rg_corpus **out, rg_error *err)
{
    rg_error local;
    if (!err) err = &local;
    rg_error_clear(err);
    *out = NULL;
    const char *name = path ? path : "";
    rg_corpus *c = rg_calloc(1, sizeof *c);
    if (!c) return rg_error_set(err, RG_E_NOMEM, NULL, "out of memory");
    c->reg = reg;
    c->index = -1;
    snprintf(c->name, sizeof c->name, "%s", name);
    size_t n = strlen(name);
    c->jsonl = n >= 6 && strcmp(name + n - 6, ".jsonl") == 0;
    int rc = RG_OK;
    c->in = rg_malloc(IN_CHUNK);
    if (!c->in) {
        rc = rg_error_set(err, RG_E_NOMEM, NULL, "out of memory");
        goto fail;
    }
    if (!c->jsonl) {
        if (templ) {
            rc = rg_puzzle_with_givens(templ, NULL, &c->templ, err);
        } else {
            rc = classic_template(reg, &c->templ, err);
        }
        if (rc) goto fail;
        const rg_board *bd = rg_model_board(c->templ->model);
        c->givens = rg_malloc((size_t)(bd->ncells ? bd->ncells : 1) * sizeof *c->givens);
        if (!c->givens) {
            rc = rg_error_set(err, RG_E_NOMEM, NULL, "out of memory");
            goto fail;
        }
    }
    if (fp) {
        c->fp = fp;
    } else if (strcmp(name, "-") == 0) {
        c->fp = stdin;
    } else {
        errno = 0;
        c->fp = fopen(name, "rb");
        if (!c->fp) {
            rc = rg_error_set(err, RG_E_IO, NULL, "cannot open %s: %s", name, strerror(errno));
            goto fail;
        }
        c->own_fp = 1;
    }
    *out = c;
    return RG_OK;
fail:
    snprintf(err->file, sizeof err->file, "%s", name);
    rg_corpus_close(c);
    return rc;
}

/* The value of a classic character: 0 empty, 1..32, or -1 for no digit. */
static int classic_value(unsigned char ch)
{
    if (ch == '.' || ch == '0') return 0;
    if (ch >= '1' && ch <= '9') return ch - '0';
    if (ch >= 'A' && ch <= 'W') return ch - 'A' + 10;
    if (ch >= 'a' && ch <= 'w') return ch - 'a' + 10;
    return -1;
}

static const char *show_char(unsigned char ch, char *buf, size_t n)
{
    if (ch >= 33 && ch < 127)
        snprintf(buf, n, "'%c'", ch);
    else if (ch == ' ')
        snprintf(buf, n, "a space");
    else
        snprintf(buf, n, "byte 0x%02x", ch);
    return buf;
}

static int classic_line(rg_corpus *c, rg_puzzle **out, rg_error *err)
{
    const rg_board *bd = rg_model_board(c->templ->model);
    size_t need = (size_t)bd->rows * bd->cols;
    int D = bd->digits;
    char ch[32];
    if (c->len < need)
        return rg_error_set(err, RG_E_FORMAT, NULL,
                            "line too short: it ends at column %zu, but %zu cells are expected",
                            c->len + 1, need);
    for (size_t k = 0; k < need; k++) {
        unsigned char x = (unsigned char)c->buf[k];
        int v = classic_value(x);
        int cell = bd->at[k];
        if (v < 0)
            return rg_error_set(err, RG_E_FORMAT, NULL,
                                "column %zu: unexpected character %s (expected '.', '0' or a "
                                "digit 1-%c)",
                                k + 1, show_char(x, ch, sizeof ch),
                                D <= 9 ? '0' + D : 'A' + D - 10);
        if (cell < 0) {
            if (v)
                return rg_error_set(err, RG_E_FORMAT, NULL,
                                    "column %zu: r%zuc%zu does not exist on this board, so it "
                                    "must be '.' or '0', got %s",
                                    k + 1, k / bd->cols + 1, k % bd->cols + 1,
                                    show_char(x, ch, sizeof ch));
            continue;
        }
        if (v > D)
            return rg_error_set(err, RG_E_FORMAT, NULL,
                                "column %zu: digit %s (%d) is out of range for a board of %d "
                                "digits",
                                k + 1, show_char(x, ch, sizeof ch), v, D);
        c->givens[cell] = v;
    }
    return rg_puzzle_with_givens(c->templ, c->givens, out, err);
}

/* Returns 1 with *out, 0 at the end, or the negated RG_E_* code with err
 * filled: RG_E_FORMAT is 1, so a positive error code would read as a puzzle. */
int rg_corpus_next(rg_corpus *c, rg_puzzle **out, rg_error *err)
{
    rg_error local;
    if (!err) err = &local;
    *out = NULL;
    size_t keep = MAX_LINE;
    if (!c->jsonl) {
        const rg_board *bd = rg_model_board(c->templ->model);
        keep = (size_t)bd->rows * bd->cols;
    }
    for (;;) {
        rg_error_clear(err);
        int rc = read_line(c, keep);
        if (rc == 0) return 0;
        if (rc != 1) {
            c->line++;
            c->index++;
            if (rc == RG_E_IO)
                rg_error_set(err, RG_E_IO, NULL, "cannot read %s: %s", c->name, strerror(errno));
            else
                rg_error_set(err, rc, NULL, "out of memory reading a line");
            snprintf(err->file, sizeof err->file, "%s", c->name);
            err->line = c->line;
            return -rc;
        }
        c->line++;
        if (c->len == c->total && is_blank(c->buf ? c->buf : "", c->len)) continue;
        if (!c->jsonl && c->buf[0] == '#') continue;
        c->index++;
        if (c->total > MAX_LINE) {
            rc = rg_error_set(err, RG_E_LIMIT, NULL,
                              "line is %zu bytes long; lines longer than %zu MiB are refused",
                              c->total, MAX_LINE >> 20);
            rg_free(c->buf); /* do not hold on to the largest buffer */
            c->buf = NULL;
            c->cap = c->len = 0;
        } else if (c->jsonl) {
            rc = rg_puzzle_parse(c->reg, c->buf, c->len, c->name, c->line, out, err);
        } else {
            rc = classic_line(c, out, err);
        }
        if (rc == RG_OK) return 1;
        snprintf(err->file, sizeof err->file, "%s", c->name);
        err->line = c->line;
        return -rc;
    }
}

/* Index of the entry last returned, errors counted; -1 before the first. */
long rg_corpus_index(const rg_corpus *c) { return c->index; }

/* Closes the stream if it was opened here and frees the corpus. */
void rg_corpus_close(rg_corpus *c)
{
    if (!c) return;
    if (c->own_fp && c->fp) fclose(c->fp);
    rg_puzzle_free(c->templ);
    rg_free(c->in);
    rg_free(c->buf);
    rg_free(c->givens);
    rg_free(c);
}
