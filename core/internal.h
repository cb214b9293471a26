/* Declarations shared by the modules of core/: allocation, errors, the board,
 * rules being read, the model under construction and the puzzle record.
 * Nothing here is seen by plugins (they see include/rulegrid/plugin.h only). */
#ifndef RG_INTERNAL_H
#define RG_INTERNAL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include "rulegrid/rulegrid.h"

struct cJSON;

/* ---- alloc.c: every allocation of the library goes through here ---------- */

void *rg_malloc(size_t size);
void *rg_calloc(size_t n, size_t size);
void *rg_realloc(void *p, size_t size);
void rg_free(void *p);
char *rg_strdup(const char *s);
/* How many allocations have failed so far (tells an allocation failure
 * inside a library call, such as cJSON's parser, from a refusal). */
unsigned long rg_mem_failures(void);
/* Routes cJSON's allocations through rg_malloc / rg_free (idempotent). */
void rg_json_hooks(void);
/* cJSON_ParseWithLengthOpts (no trailing text check; *end, when not NULL,
 * gets where parsing stopped) under a lock: cJSON's parser writes a global
 * error record, so parses on several threads (generation) take turns. */
struct cJSON *rg_json_parse(const char *text, size_t len, const char **end);
/* doc.c: the first member name that occurs twice in the object obj, or NULL;
 * sets *oom when the scratch list could not be allocated. */
const char *rg_json_duplicate(const struct cJSON *obj, int *oom);
/* fields.c: what a value is, for an error message: the number, the string
 * (cut at 40 characters), "a list", "an object", true, false or null. */
const char *rg_json_found(const struct cJSON *v, char *buf, size_t n);

/* ---- error.c ------------------------------------------------------------- */

/* Fill code, field (may be NULL) and message; file, line, rule and type are
 * left as they are. Returns code. */
int rg_error_set(rg_error *e, int code, const char *field, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
int rg_error_setv(rg_error *e, int code, const char *field, const char *fmt, va_list ap);

/* ---- file.c -------------------------------------------------------------- */

/* The whole of path ("-": standard input), up to 256 MiB, in a new buffer
 * NUL-terminated buffer (release with rg_free); *len excludes the NUL. On an
 * error err names the file. */
int rg_file_read(const char *path, char **text, size_t *len, rg_error *err);
/* The entries of dir whose names end with suffix, in strcmp order (a missing
 * folder lists nothing). RG_OK, RG_E_NOMEM, or RG_E_IO with errno set. */
int rg_dir_list(const char *dir, const char *suffix, char ***names, int *count);
void rg_dir_list_free(char **names, int n);

/* ---- arena.c: memory that lives as long as a model ----------------------- */

typedef struct rg_arena {
    struct rg_chunk *head;
} rg_arena;

void *rg_arena_alloc(rg_arena *a, size_t size); /* zeroed, 16-byte aligned; NULL on failure */
void rg_arena_free(rg_arena *a);

/* ---- board.c: cells, names, existence ------------------------------------ */

#define RG_MAX_SIDE 99

typedef struct rg_board {
    int rows, cols, digits, ncells;
    int *at;       /* rows*cols entries: cell index or -1, at[(r-1)*cols + (c-1)] */
    int *row, *col; /* per cell, counted from 1 */
} rg_board;

/* exists: rows*cols flags, or NULL for every cell. Cells are numbered in
 * reading order of the existing ones. */
int rg_board_init(rg_board *b, int rows, int cols, int digits, const unsigned char *exists,
                  rg_error *err);
void rg_board_free(rg_board *b);
/* Parse "rRcC" (either case, no leading zeros, no sign). Returns 0 and the
 * position, or -1 when s is not a cell name. Does not look at the board. */
int rg_cell_parse(const char *s, int *row, int *col);
void rg_cell_name(int row, int col, char *buf, size_t n);
/* Parse a rectangle "r1c1:r3c3" (corners in either order) into its top-left
 * and bottom-right corners. Returns 0, 1 when s has no ':' (not a
 * rectangle), -1 when the left corner and -2 when the right corner is no
 * cell name. */
int rg_rect_parse(const char *s, int *r1, int *c1, int *r2, int *c2);
/* A cell name or a rectangle as its corners (a cell is a 1 x 1 rectangle).
 * Returns 0, or -1 when s is neither. */
int rg_span_parse(const char *s, int *r1, int *c1, int *r2, int *c2);
static inline int rg_board_at(const rg_board *b, int row, int col)
{
    if (row < 1 || col < 1 || row > b->rows || col > b->cols) return -1;
    return b->at[(row - 1) * b->cols + (col - 1)];
}

/* ---- model.c: the compiled rules ----------------------------------------- */

typedef struct rg_model rg_model; /* defined in model.h */

/* A model for a board (the board is moved into the model). */
rg_model *rg_model_new(rg_board *board);
void rg_model_ref(rg_model *m);
void rg_model_unref(rg_model *m);
const rg_board *rg_model_board(const rg_model *m);
/* The parts of the document the writer needs: an object with the "board"
 * and "rules" members as read. The model takes source (and frees it); the
 * rules stay where compile saw them, shared by every puzzle of the model. */
void rg_model_set_source(rg_model *m, struct cJSON *source);
const struct cJSON *rg_model_source(const rg_model *m); /* NULL if none kept */
/* Compile one rule: calls type->compile, then refuses unread fields. err
 * gets rule index and type. */
int rg_model_add_rule(rg_model *m, const rg_rule_type *type, const struct cJSON *json,
                      int index, rg_error *err);
/* An area field named a grid by its origin (rg_read_area): remember to
 * check, once every rule is compiled, that some rule declared that grid. */
int rg_model_defer_area(rg_build *b, const char *field, const char *name, int origin);
/* Every deferred area names a declared grid (RG_OK), else the first that
 * does not is an error of its rule and field. */
int rg_model_check_areas(rg_model *m, rg_error *err);
/* The wording of an area naming no grid's origin (one printf argument: the
 * name as written). */
#define RG_NOT_A_GRID                                                                    \
    "%s is not the origin of a grid; an area is a grid's origin, a rectangle like "      \
    "\"r1c1:r3c3\" or a list of cells and rectangles"
/* After every rule: link phase, then peers, units and everything the search
 * reads are built. */
int rg_model_finish(rg_model *m, rg_error *err);
int rg_model_rule_count(const rg_model *m);
const char *rg_model_rule_type(const rg_model *m, int rule);
int rg_model_box_of(const rg_model *m, int cell);
/* Givens vs rules: see rg_puzzle_broken / rg_puzzle_check. */
int rg_model_broken(const rg_model *m, const int *values);
int rg_model_check(const rg_model *m, const int *values);

/* ---- fields.c: the host's field readers ---------------------------------- */

/* A rule object being compiled. */
struct rg_rule {
    const struct cJSON *json;
    int index;
    const char *type;
    int nfields;          /* members of json */
    unsigned char *read;  /* per member: 1 once a reader took it */
};

/* The build context handed to compile / link. */
struct rg_build {
    rg_model *m;
    const rg_board *board;
    rg_arena *arena;     /* the model's */
    rg_error *err;
    int rule_index;      /* rule being compiled or linked */
};

int rg_rule_begin(rg_build *b, rg_rule *r, const struct cJSON *json, int index, const char *type);
/* Refuses a member no reader took (except "type", "note" and "x-" names). */
int rg_rule_end(rg_build *b, rg_rule *r);

int rg_read_cells(rg_build *b, rg_rule *r, const char *field, unsigned flags, int min, int max,
                  const int **cells, int *n);
int rg_read_area(rg_build *b, rg_rule *r, const char *field, unsigned flags, const int **cells,
                 int *n);
int rg_read_cell(rg_build *b, rg_rule *r, const char *field, unsigned flags, int *cell);
int rg_read_pairs(rg_build *b, rg_rule *r, const char *field, unsigned flags, const int **pairs,
                  int *n);
int rg_read_cell_lists(rg_build *b, rg_rule *r, const char *field, unsigned flags,
                       int min_lists, int min_len, const int *const **lists, const int **lens,
                       int *n);
int rg_read_int(rg_build *b, rg_rule *r, const char *field, unsigned flags, long min, long max,
                long *out);
int rg_read_enum(rg_build *b, rg_rule *r, const char *field, unsigned flags,
                 const char *const *names, int *out);
int rg_read_bool(rg_build *b, rg_rule *r, const char *field, unsigned flags, int *out);
int rg_read_digits(rg_build *b, rg_rule *r, const char *field, unsigned flags, int min, int max,
                   const int **digits, int *n);
int rg_read_digit_lists(rg_build *b, rg_rule *r, const char *field, unsigned flags,
                        const int *const **lists, const int **lens, int *n);
int rg_read_string(rg_build *b, rg_rule *r, const char *field, unsigned flags,
                   const char **out);
int rg_read_has(rg_build *b, rg_rule *r, const char *field);
int rg_read_error(rg_build *b, rg_rule *r, const char *field, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
int rg_read_errorv(rg_build *b, rg_rule *r, const char *field, const char *fmt, va_list ap);
int rg_read_rule_index(const rg_rule *r);

/* ---- host.c --------------------------------------------------------------- */

/* The table handed to every plugin. */
const rg_host *rg_host_table(void);

/* ---- loader.c ------------------------------------------------------------- */

/* registrar passed to a plugin's init: the loader's record of that file. */
struct rg_registrar {
    rg_registry *reg;
    const char *file;
    rg_error *err;
    int failed;
};
int rg_registry_add_type(rg_registrar *r, const rg_rule_type *type);

/* ---- write.c: the write hooks' host calls --------------------------------- */

void rg_out_board(const rg_out *o, rg_board_info *out);
int rg_out_cell_at(const rg_out *o, int row, int column);
void rg_out_cell_pos(const rg_out *o, int cell, int *row, int *column);
int rg_out_has_extras(const rg_out *o, const rg_rule *r);
int rg_out_rule(rg_out *o, const rg_rule *r, const char *const *order);
int rg_out_json(rg_out *o, const char *rule_json, const rg_rule *const *extras, int n);

/* ---- doc.c: the puzzle record --------------------------------------------- */

struct rg_puzzle {
    rg_model *model;  /* shared (counted) between puzzles of one template */
    int *givens;      /* per cell, 0 = empty */
    int *solution;    /* per cell, or NULL */
    struct cJSON *kept; /* meta and x- members of the document, or NULL */
};

#endif
