/* The host's field readers: every rule field a plugin reads is validated and
 * every error worded here, so all plugins report alike. Also the bookkeeping
 * that refuses rule members no reader took. */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "base/arena.h"
#include "base/error.h"
#include "base/json.h"
#include "base/mem.h"
#include "model/board.h"
#include "model/build.h"
#include "rules/read.h"

#define SEEN_WORDS ((RG_MAX_SIDE * RG_MAX_SIDE + 63) / 64)
/* 2^53: from here on a double may not be the integer that was written. */
#define MAX_EXACT 9007199254740992.0

/* ---- Errors -------------------------------------------------------------- */

/* Records an error about field of rule r (r NULL: the rule being built) in
 * b->err as RG_E_FORMAT with rule index and type; returns RG_E_FORMAT. The
 * message "out of memory" (how plugins report a failed allocation, theirs or
 * host->alloc's) is RG_E_NOMEM instead. */
int rg_read_errorv(rg_build *b, rg_rule *r, const char *field, const char *fmt, va_list ap)
{
    rg_error *e = b->err;
    if (!e) return RG_E_FORMAT;
    rg_error_setv(e, RG_E_FORMAT, field ? field : "", fmt, ap);
    e->rule = r ? r->index : b->rule_index;
    if (r && r->type) rg_error_rule(e, e->rule, r->type);
    if (strcmp(e->message, "out of memory") == 0) e->code = RG_E_NOMEM;
    return e->code;
}

int rg_read_error(rg_build *b, rg_rule *r, const char *field, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int rc = rg_read_errorv(b, r, field, fmt, ap);
    va_end(ap);
    return rc;
}

/* The index of r in the document's rules. */
int rg_read_rule_index(const rg_rule *r) { return r->index; }

static int nomem(rg_build *b, rg_rule *r, const char *field)
{
    rg_read_error(b, r, field, "out of memory");
    return RG_E_NOMEM;
}

/* A short description of a JSON value for "got ..." in messages. */

/* "cells[3]", "lines[1][2]": where an element sits, for error fields. */
static const char *at(char *buf, size_t n, const char *base, int i)
{
    snprintf(buf, n, "%s[%d]", base, i);
    return buf;
}

/* ---- Values --------------------------------------------------------------- */

/* A JSON number that is an exact integer within long range, written
 * without a fraction. */
static int as_long(const cJSON *v, long *out)
{
    if (!cJSON_IsNumber(v) || (v->type & RG_JSON_FRACTION)) return -1;
    double d = v->valuedouble;
    if (!isfinite(d) || d != floor(d) || fabs(d) >= MAX_EXACT) return -1;
    if (d < (double)LONG_MIN || d > (double)LONG_MAX) return -1;
    *out = (long)d;
    return 0;
}

/* "from 1 to 9", "of at least 0", "" for an integer without bounds. A bound
 * past the integers a double holds exactly (a cage's sum takes any integer,
 * within LONG_MAX / 4) is none a reader can reach, and goes unsaid. */
static const char *range_text(long min, long max, char *buf, size_t n)
{
    if ((double)min <= -MAX_EXACT) min = LONG_MIN;
    if ((double)max >= MAX_EXACT) max = LONG_MAX;
    if (min == LONG_MIN && max == LONG_MAX)
        buf[0] = 0;
    else if (max == LONG_MAX)
        snprintf(buf, n, " of at least %ld", min);
    else if (min == LONG_MIN)
        snprintf(buf, n, " of at most %ld", max);
    else
        snprintf(buf, n, " from %ld to %ld", min, max);
    return buf;
}

/* ---- Members ---------------------------------------------------------------- */

/* Finds field in the rule and marks it read. RG_OK with *v, RG_ABSENT for an
 * optional field that is missing, or the error for a required one. */
static int fetch(rg_build *b, rg_rule *r, const char *field, unsigned flags, const cJSON **v)
{
    int i = 0;
    for (const cJSON *c = r->json ? r->json->child : NULL; c; c = c->next, i++) {
        if (c->string && strcmp(c->string, field) == 0) {
            if (r->read && i < r->nfields) r->read[i] = 1;
            *v = c;
            return RG_OK;
        }
    }
    if (flags & RG_F_OPTIONAL) return RG_ABSENT;
    return rg_read_error(b, r, field, "missing required field");
}

/* Is field present in r? Does not mark it read. */
int rg_read_has(rg_build *b, rg_rule *r, const char *field)
{
    (void)b;
    for (const cJSON *c = r->json ? r->json->child : NULL; c; c = c->next)
        if (c->string && strcmp(c->string, field) == 0) return 1;
    return 0;
}

/* Prepares r for reading json: counts its members, takes their read flags
 * from the arena (so no path can leak them), marks "type" read and refuses
 * a member name given twice. */
int rg_read_begin(rg_build *b, rg_rule *r, const cJSON *json, int index, const char *type)
{
    char g[64];
    memset(r, 0, sizeof *r);
    r->json = json;
    r->index = index;
    r->type = type;
    if (!cJSON_IsObject(json)) {
        r->json = NULL;
        return rg_read_error(b, r, NULL, "a rule must be an object, got %s",
                             rg_json_found(json, g, sizeof g));
    }
    int n = 0;
    for (const cJSON *c = json->child; c; c = c->next) n++;
    /* From the arena: freed with the model whatever path compile takes. */
    r->read = rg_arena_alloc(b->arena, (size_t)(n ? n : 1));
    if (!r->read) return nomem(b, r, NULL);
    r->nfields = n;
    int oom;
    const char *dup = rg_json_duplicate(json, &oom);
    if (oom) return nomem(b, r, NULL);
    if (dup)
        return rg_read_error(b, r, dup, "duplicate key: \"%s\" appears twice in the rule", dup);
    int i = 0;
    for (const cJSON *c = json->child; c; c = c->next, i++)
        if (c->string && strcmp(c->string, "type") == 0) r->read[i] = 1;
    return RG_OK;
}

/* Refuses the first member no reader took, other than "type", a string
 * "note" and "x-" names; also returns an error a reader already recorded. */
int rg_read_end(rg_build *b, rg_rule *r)
{
    char g[64];
    int i = 0;
    /* A plugin that ignored a reader's error (took it for RG_ABSENT, say)
     * must not get the rule through: the error recorded stands. */
    if (b->err && b->err->code != RG_OK) return b->err->code;
    if (!r->json) return RG_OK;
    for (const cJSON *c = r->json->child; c; c = c->next, i++) {
        if (r->read && i < r->nfields && r->read[i]) continue;
        const char *name = c->string ? c->string : "";
        if (strcmp(name, "type") == 0 || strncmp(name, "x-", 2) == 0) continue;
        if (strcmp(name, "note") == 0) {
            if (cJSON_IsString(c)) continue;
            return rg_read_error(b, r, name, "a note must be a string, got %s",
                                 rg_json_found(c, g, sizeof g));
        }
        return rg_read_error(b, r, name,
                             "unknown field \"%s\" for a rule of type %s (only \"note\" and "
                             "names starting with \"x-\" may be added)",
                             name, r->type ? r->type : "?");
    }
    return RG_OK;
}

/* ---- Cells --------------------------------------------------------------- */

/* Does s look like a cell name written with a leading zero ("r01c1")? */
static int leading_zero(const char *s)
{
    for (const char *p = s; *p; p++)
        if ((*p == 'r' || *p == 'R' || *p == 'c' || *p == 'C') && p[1] == '0') return 1;
    return 0;
}

/* Resolves a cell name to its index, or records why not (field where). */
static int cell_of(rg_build *b, rg_rule *r, const char *where, const char *s, int *cell)
{
    int row, col;
    char cut[44];
    if (rg_board_parse_cell(s, &row, &col)) {
        if (leading_zero(s))
            return rg_read_error(b, r, where,
                                 "\"%s\" is not a cell name: row and column numbers have no "
                                 "leading zeros",
                                 rg_error_clip(cut, sizeof cut, s));
        return rg_read_error(b, r, where, "expected a cell name like \"r1c1\", got \"%s\"",
                             rg_error_clip(cut, sizeof cut, s));
    }
    const rg_board *bd = b->board;
    if (row > bd->rows || col > bd->cols)
        return rg_read_error(b, r, where, "%s does not exist on a %dx%d board", s, bd->rows,
                             bd->cols);
    int k = rg_board_at(bd, row, col);
    if (k < 0)
        return rg_read_error(b, r, where, "%s does not exist: it is not one of the board's cells",
                             s);
    *cell = k;
    return RG_OK;
}

/* Cells gathered for one reader: in the order met, distinct unless repeats
 * are allowed (an ordered line that crosses itself). */
typedef struct collect {
    int *cells;
    int n, cap;
    int repeats;
    uint64_t seen[SEEN_WORDS];
} collect;

static void collect_reset(collect *c, const rg_board *bd)
{
    c->n = 0;
    memset(c->seen, 0, (size_t)((bd->ncells + 63) / 64) * sizeof c->seen[0]);
}

static int collect_add(rg_build *b, rg_rule *r, const char *where, collect *c, int cell)
{
    uint64_t bit = (uint64_t)1 << (cell & 63);
    if ((c->seen[cell >> 6] & bit) && !c->repeats) {
        char name[32];
        rg_board_cell_name(b->board->row[cell], b->board->col[cell], name, sizeof name);
        return rg_read_error(b, r, where, "cell %s listed twice", name);
    }
    c->seen[cell >> 6] |= bit;
    if (c->n < c->cap) c->cells[c->n] = cell;
    c->n++;
    return RG_OK;
}

/* Adds every cell of a rectangle string; each must exist. */
static int add_rect(rg_build *b, rg_rule *r, const char *where, collect *c, const char *s)
{
    int r1, c1, r2, c2;
    char cut[44];
    if (rg_board_parse_rect(s, &r1, &c1, &r2, &c2))
        return rg_read_error(b, r, where, "expected a rectangle like \"r1c1:r3c3\", got \"%s\"%s",
                             rg_error_clip(cut, sizeof cut, s),
                             leading_zero(s) ? " (cell numbers have no leading zeros)" : "");
    const rg_board *bd = b->board;
    if (r2 > bd->rows || c2 > bd->cols)
        return rg_read_error(b, r, where,
                             "rectangle %s reaches r%dc%d, which does not exist on a %dx%d "
                             "board",
                             rg_error_clip(cut, sizeof cut, s), r2, c2, bd->rows, bd->cols);
    for (int y = r1; y <= r2; y++)
        for (int x = c1; x <= c2; x++) {
            int k = rg_board_at(bd, y, x);
            if (k < 0)
                return rg_read_error(b, r, where,
                                     "rectangle %s holds r%dc%d, which is not one of the "
                                     "board's cells",
                                     rg_error_clip(cut, sizeof cut, s), y, x);
            int rc = collect_add(b, r, where, c, k);
            if (rc) return rc;
        }
    return RG_OK;
}

/* Upper bound on the cells an element names (for sizing the output). */
static long element_size(const cJSON *e)
{
    int r1, c1, r2, c2;
    if (cJSON_IsString(e) && rg_board_parse_rect(e->valuestring, &r1, &c1, &r2, &c2) == 0)
        return (long)(r2 - r1 + 1) * (c2 - c1 + 1);
    return 1;
}

/* Adds one list element: a name, or (unless names_only) a rectangle. */
static int add_element(rg_build *b, rg_rule *r, const char *where, collect *c, const cJSON *e,
                       int names_only)
{
    char g[64], cut[44];
    if (!cJSON_IsString(e))
        return rg_read_error(b, r, where, "expected a cell name%s, got %s",
                             names_only ? "" : " or a rectangle", rg_json_found(e, g, sizeof g));
    if (!names_only && strchr(e->valuestring, ':')) return add_rect(b, r, where, c, e->valuestring);
    if (names_only && strchr(e->valuestring, ':'))
        return rg_read_error(b, r, where,
                             "expected a single cell name, got the rectangle \"%s\" (this "
                             "field lists cells one by one, in order)",
                             rg_error_clip(cut, sizeof cut, e->valuestring));
    int cell;
    int rc = cell_of(b, r, where, e->valuestring, &cell);
    if (rc) return rc;
    return collect_add(b, r, where, c, cell);
}

/* Checks a count against min / max (0 = no bound). */
/* A count of things (a plural noun: "cells"; one of them is written
 * without the final s) between min and max (0: no bound). */
static int check_count(rg_build *b, rg_rule *r, const char *field, int n, int min, int max,
                       const char *things)
{
    int len = (int)strlen(things);
    if (min > 0 && n < min)
        return rg_read_error(b, r, field, "expected at least %d %.*s, got %d", min,
                             min == 1 ? len - 1 : len, things, n);
    if (max > 0 && n > max)
        return rg_read_error(b, r, field, "expected at most %d %.*s, got %d", max,
                             max == 1 ? len - 1 : len, things, n);
    return RG_OK;
}

/* Copies the collected cells into the arena. */
static int finish_cells(rg_build *b, rg_rule *r, const char *field, collect *c, const int **cells,
                        int *n)
{
    int *out = rg_arena_alloc(b->arena, (size_t)(c->n ? c->n : 1) * sizeof *out);
    if (!out) return nomem(b, r, field);
    if (c->n) memcpy(out, c->cells, (size_t)c->n * sizeof *out);
    *cells = out;
    *n = c->n;
    return RG_OK;
}

/* The cells of a value: a list (names, and rectangles unless names_only) or,
 * when allow_rect, a rectangle string. Fills c (whose buffer it allocates). */
static int gather(rg_build *b, rg_rule *r, const char *field, const cJSON *v, int names_only,
                  collect *c)
{
    char g[64], where[160];
    const rg_board *bd = b->board;
    collect_reset(c, bd);
    /* Without repeats no list holds more cells than the board; with them
     * (names only, one cell each) the list's length is the bound. */
    long bound = 0, most = c->repeats ? INT_MAX : bd->ncells;
    if (cJSON_IsString(v)) {
        bound = element_size(v);
    } else if (cJSON_IsArray(v)) {
        for (const cJSON *e = v->child; e && bound <= most; e = e->next) bound += element_size(e);
    }
    if (bound > most) bound = most;
    c->cap = (int)bound;
    c->cells = rg_mem_alloc((size_t)(bound ? bound : 1) * sizeof *c->cells);
    if (!c->cells) return nomem(b, r, field);

    if (cJSON_IsString(v)) {
        if (names_only)
            return rg_read_error(b, r, field, "expected a list of cell names, got %s",
                                 rg_json_found(v, g, sizeof g));
        if (!strchr(v->valuestring, ':'))
            return rg_read_error(b, r, field,
                                 "expected a list of cells or a rectangle like \"r1c1:r3c3\", "
                                 "got %s (write [%s] for one cell)",
                                 rg_json_found(v, g, sizeof g), rg_json_found(v, g, sizeof g));
        return add_rect(b, r, field, c, v->valuestring);
    }
    if (!cJSON_IsArray(v))
        return rg_read_error(b, r, field, "expected a list of cell names%s, got %s",
                             names_only ? "" : " and rectangles", rg_json_found(v, g, sizeof g));
    int i = 0;
    for (const cJSON *e = v->child; e; e = e->next, i++) {
        int rc = add_element(b, r, at(where, sizeof where, field, i), c, e, names_only);
        if (rc) return rc;
    }
    return RG_OK;
}

/* Cells as a list of names and rectangles, or one rectangle string; with
 * RG_F_ORDERED names only, order kept (and with RG_F_REPEATS a cell may come
 * back). Repeats are refused through a bitmap of the board, so long lists
 * cost one pass. */
int rg_read_cells(rg_build *b, rg_rule *r, const char *field, unsigned flags, int min, int max,
                  const int **cells, int *n)
{
    const cJSON *v = NULL;
    int rc = fetch(b, r, field, flags, &v);
    if (rc) return rc;
    collect c;
    c.cells = NULL;
    c.repeats = (flags & RG_F_ORDERED) && (flags & RG_F_REPEATS);
    rc = gather(b, r, field, v, (flags & RG_F_ORDERED) != 0, &c);
    if (!rc) rc = check_count(b, r, field, c.n, min, max, "cells");
    if (!rc) rc = finish_cells(b, r, field, &c, cells, n);
    rg_mem_free(c.cells);
    return rc;
}

/* The D x D area from origin into the model's arena; a square that leaves
 * the board cannot be a grid. That some rule declared the grid is checked
 * once every rule is compiled (rg_build_check_areas). */
static int grid_area(rg_build *b, rg_rule *r, const char *field, const char *name,
                     const int **cells, int *n)
{
    const rg_board *bd = b->board;
    int origin;
    int rc = cell_of(b, r, field, name, &origin);
    if (rc) return rc;
    int D = bd->digits, r0 = bd->row[origin], c0 = bd->col[origin];
    if (r0 + D - 1 > bd->rows || c0 + D - 1 > bd->cols)
        return rg_read_error(b, r, field, RG_NOT_A_GRID, name);
    int *out = rg_arena_alloc(b->arena, (size_t)D * D * sizeof *out);
    if (!out) return nomem(b, r, field);
    int k = 0;
    for (int y = r0; y < r0 + D; y++)
        for (int x = c0; x < c0 + D; x++)
            if ((out[k++] = rg_board_at(bd, y, x)) < 0)
                return rg_read_error(b, r, field,
                                     "the grid at %s holds r%dc%d, which is not one of the "
                                     "board's cells",
                                     name, y, x);
    rc = rg_build_defer_area(b, field, name, origin);
    if (rc) return rc;
    *cells = out;
    *n = k;
    return RG_OK;
}

/* An area: as rg_read_cells, or the bare origin of a grid meaning that
 * grid's D x D cells. */
int rg_read_area(rg_build *b, rg_rule *r, const char *field, unsigned flags, const int **cells,
                 int *n)
{
    const cJSON *v = NULL;
    int rc = fetch(b, r, field, flags, &v);
    if (rc) return rc;
    if (cJSON_IsString(v) && !strchr(v->valuestring, ':'))
        return grid_area(b, r, field, v->valuestring, cells, n);
    collect c;
    c.repeats = 0;
    c.cells = NULL;
    rc = gather(b, r, field, v, 0, &c);
    if (!rc) rc = finish_cells(b, r, field, &c, cells, n);
    rg_mem_free(c.cells);
    return rc;
}

/* One existing cell, by name. */
int rg_read_cell(rg_build *b, rg_rule *r, const char *field, unsigned flags, int *cell)
{
    char g[64];
    const cJSON *v = NULL;
    int rc = fetch(b, r, field, flags, &v);
    if (rc) return rc;
    if (!cJSON_IsString(v))
        return rg_read_error(b, r, field, "expected a cell name like \"r1c1\", got %s",
                             rg_json_found(v, g, sizeof g));
    return cell_of(b, r, field, v->valuestring, cell);
}

/* A list of [cell, cell] pairs of two different cells. */
int rg_read_pairs(rg_build *b, rg_rule *r, const char *field, unsigned flags, const int **pairs,
                  int *n)
{
    char g[64], where[160], inner[192];
    const cJSON *v = NULL;
    int rc = fetch(b, r, field, flags, &v);
    if (rc) return rc;
    if (!cJSON_IsArray(v))
        return rg_read_error(b, r, field,
                             "expected a list of cell pairs like [[\"r1c1\", "
                             "\"r1c2\"]], got %s",
                             rg_json_found(v, g, sizeof g));
    int count = cJSON_GetArraySize(v);
    int *out = rg_arena_alloc(b->arena, (size_t)(count ? count : 1) * 2 * sizeof *out);
    if (!out) return nomem(b, r, field);
    int i = 0;
    for (const cJSON *e = v->child; e; e = e->next, i++) {
        at(where, sizeof where, field, i);
        if (!cJSON_IsArray(e))
            return rg_read_error(b, r, where, "expected a pair of two cell names, got %s",
                                 rg_json_found(e, g, sizeof g));
        if (cJSON_GetArraySize(e) != 2)
            return rg_read_error(b, r, where, "expected a pair of two cell names, got a list of %d",
                                 cJSON_GetArraySize(e));
        int k = 0;
        for (const cJSON *x = e->child; x; x = x->next, k++) {
            at(inner, sizeof inner, where, k);
            if (!cJSON_IsString(x))
                return rg_read_error(b, r, inner, "expected a cell name, got %s",
                                     rg_json_found(x, g, sizeof g));
            rc = cell_of(b, r, inner, x->valuestring, &out[2 * i + k]);
            if (rc) return rc;
        }
        if (out[2 * i] == out[2 * i + 1])
            return rg_read_error(b, r, where, "a pair needs two different cells, got %s twice",
                                 e->child->valuestring);
    }
    *pairs = out;
    *n = count;
    return RG_OK;
}

/* At least min_lists ordered lists of at least min_len distinct cells. */
int rg_read_cell_lists(rg_build *b, rg_rule *r, const char *field, unsigned flags, int min_lists,
                       int min_len, const int *const **lists, const int **lens, int *n)
{
    char g[64], where[160];
    const cJSON *v = NULL;
    int rc = fetch(b, r, field, flags, &v);
    if (rc) return rc;
    if (!cJSON_IsArray(v))
        return rg_read_error(b, r, field, "expected a list of cell lists, got %s",
                             rg_json_found(v, g, sizeof g));
    int count = cJSON_GetArraySize(v);
    rc = check_count(b, r, field, count, min_lists, 0, "lists");
    if (rc) return rc;
    const int **ls = rg_arena_alloc(b->arena, (size_t)(count ? count : 1) * sizeof *ls);
    int *ln = rg_arena_alloc(b->arena, (size_t)(count ? count : 1) * sizeof *ln);
    if (!ls || !ln) return nomem(b, r, field);
    collect c;
    c.repeats = 0;
    c.cells = NULL;
    int i = 0;
    for (const cJSON *e = v->child; e && !rc; e = e->next, i++) {
        at(where, sizeof where, field, i);
        if (!cJSON_IsArray(e)) {
            rc = rg_read_error(b, r, where, "expected a list of cell names, got %s",
                               rg_json_found(e, g, sizeof g));
            break;
        }
        rg_mem_free(c.cells);
        c.cells = NULL;
        rc = gather(b, r, where, e, 1, &c);
        if (!rc) rc = check_count(b, r, where, c.n, min_len, 0, "cells");
        if (!rc) rc = finish_cells(b, r, where, &c, &ls[i], &ln[i]);
    }
    rg_mem_free(c.cells);
    if (rc) return rc;
    *lists = ls;
    *lens = ln;
    *n = count;
    return RG_OK;
}

/* A JSON integer (no fraction, exact as a double) in [min, max]. */
int rg_read_int(rg_build *b, rg_rule *r, const char *field, unsigned flags, long min, long max,
                long *out)
{
    char g[64], range[64];
    const cJSON *v = NULL;
    int rc = fetch(b, r, field, flags, &v);
    if (rc) return rc;
    long x;
    if (min > max) /* the board leaves the field no value (a whisper's gap on one digit) */
        return rg_read_error(b, r, field,
                             "no value fits this board (the field would take an integer from %ld "
                             "to %ld)",
                             min, max);
    /* An integer written in full past 2^53 reads rounded: say so, rather
     * than quote a number the user did not write (2^64 and past: as is). */
    if (cJSON_IsNumber(v) && !(v->type & RG_JSON_FRACTION) && isfinite(v->valuedouble) &&
        fabs(v->valuedouble) >= MAX_EXACT && fabs(v->valuedouble) < 18446744073709551616.0)
        return rg_read_error(b, r, field,
                             "expected an integer%s, got a number of magnitude 2^53 or more "
                             "(read as %s), which is not read exactly",
                             range_text(min, max, range, sizeof range),
                             rg_json_found(v, g, sizeof g));
    if (as_long(v, &x) || x < min || x > max)
        return rg_read_error(b, r, field, "expected an integer%s, got %s",
                             range_text(min, max, range, sizeof range),
                             rg_json_found(v, g, sizeof g));
    *out = x;
    return RG_OK;
}

/* A string among names; *out is its index. */
int rg_read_enum(rg_build *b, rg_rule *r, const char *field, unsigned flags,
                 const char *const *names, int *out)
{
    char g[64], list[256];
    const cJSON *v = NULL;
    int rc = fetch(b, r, field, flags, &v);
    if (rc) return rc;
    if (cJSON_IsString(v))
        for (int i = 0; names[i]; i++)
            if (strcmp(v->valuestring, names[i]) == 0) {
                *out = i;
                return RG_OK;
            }
    size_t k = 0;
    list[0] = 0;
    for (int i = 0; names[i] && k < sizeof list; i++) {
        int w = snprintf(list + k, sizeof list - k, "%s%s", i ? ", " : "", names[i]);
        if (w > 0) k += (size_t)w;
    }
    return rg_read_error(b, r, field, "expected one of %s; got %s", list,
                         rg_json_found(v, g, sizeof g));
}

/* true or false. */
int rg_read_bool(rg_build *b, rg_rule *r, const char *field, unsigned flags, int *out)
{
    char g[64];
    const cJSON *v = NULL;
    int rc = fetch(b, r, field, flags, &v);
    if (rc) return rc;
    if (!cJSON_IsBool(v))
        return rg_read_error(b, r, field, "expected true or false, got %s",
                             rg_json_found(v, g, sizeof g));
    *out = cJSON_IsTrue(v) ? 1 : 0;
    return RG_OK;
}

/* Reads one list of digits 1..D into the arena. */
static int digit_list(rg_build *b, rg_rule *r, const char *field, const cJSON *v, unsigned flags,
                      const int **digits, int *n)
{
    char g[64], where[192];
    int D = b->board->digits;
    if (!cJSON_IsArray(v))
        return rg_read_error(b, r, field, "expected a list of digits, got %s",
                             rg_json_found(v, g, sizeof g));
    int count = cJSON_GetArraySize(v);
    int *out = rg_arena_alloc(b->arena, (size_t)(count ? count : 1) * sizeof *out);
    if (!out) return nomem(b, r, field);
    uint64_t used = 0;
    int i = 0;
    for (const cJSON *e = v->child; e; e = e->next, i++) {
        long d;
        at(where, sizeof where, field, i);
        if (as_long(e, &d) || d < 1 || d > D)
            return rg_read_error(b, r, where, "expected a digit from 1 to %d, got %s", D,
                                 rg_json_found(e, g, sizeof g));
        if ((flags & RG_F_DISTINCT) && (used >> d & 1))
            return rg_read_error(b, r, where, "digit %ld listed twice", d);
        used |= (uint64_t)1 << d;
        out[i] = (int)d;
    }
    *digits = out;
    *n = count;
    return RG_OK;
}

/* Digits 1..D, count in [min, max] (0 = no bound); RG_F_DISTINCT refuses
 * repeats. */
int rg_read_digits(rg_build *b, rg_rule *r, const char *field, unsigned flags, int min, int max,
                   const int **digits, int *n)
{
    const cJSON *v = NULL;
    int rc = fetch(b, r, field, flags, &v);
    if (rc) return rc;
    const int *d;
    int k;
    rc = digit_list(b, r, field, v, flags, &d, &k);
    if (!rc) rc = check_count(b, r, field, k, min, max, "digits");
    if (rc) return rc;
    *digits = d;
    *n = k;
    return RG_OK;
}

/* A list of digit lists (digits 1..D each). */
int rg_read_digit_lists(rg_build *b, rg_rule *r, const char *field, unsigned flags,
                        const int *const **lists, const int **lens, int *n)
{
    char g[64], where[160];
    const cJSON *v = NULL;
    int rc = fetch(b, r, field, flags, &v);
    if (rc) return rc;
    if (!cJSON_IsArray(v))
        return rg_read_error(b, r, field, "expected a list of digit lists, got %s",
                             rg_json_found(v, g, sizeof g));
    int count = cJSON_GetArraySize(v);
    const int **ls = rg_arena_alloc(b->arena, (size_t)(count ? count : 1) * sizeof *ls);
    int *ln = rg_arena_alloc(b->arena, (size_t)(count ? count : 1) * sizeof *ln);
    if (!ls || !ln) return nomem(b, r, field);
    int i = 0;
    for (const cJSON *e = v->child; e; e = e->next, i++) {
        rc = digit_list(b, r, at(where, sizeof where, field, i), e, flags, &ls[i], &ln[i]);
        if (rc) return rc;
    }
    *lists = ls;
    *lens = ln;
    *n = count;
    return RG_OK;
}

/* A string, copied to the arena. */
int rg_read_string(rg_build *b, rg_rule *r, const char *field, unsigned flags, const char **out)
{
    char g[64];
    const cJSON *v = NULL;
    int rc = fetch(b, r, field, flags, &v);
    if (rc) return rc;
    if (!cJSON_IsString(v))
        return rg_read_error(b, r, field, "expected a string, got %s",
                             rg_json_found(v, g, sizeof g));
    size_t len = strlen(v->valuestring) + 1;
    char *s = rg_arena_alloc(b->arena, len);
    if (!s) return nomem(b, r, field);
    memcpy(s, v->valuestring, len);
    *out = s;
    return RG_OK;
}
