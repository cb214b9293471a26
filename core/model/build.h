/* Building a model (build.c): the host calls that compile and link use to
 * add houses, edges, propagators, marks and state to a model, and to ask
 * what earlier rules added; the deferred check of grid areas. */
#ifndef RG_MODEL_BUILD_H
#define RG_MODEL_BUILD_H

#include <stddef.h>

#include "rulegrid/plugin.h"
#include "rulegrid/rulegrid.h"

struct rg_model;
struct rg_arena;
struct rg_board;

/* The build context handed to compile / link (plugin.h's rg_build). */
struct rg_build {
    struct rg_model *m;
    const struct rg_board *board;
    struct rg_arena *arena; /* the model's */
    rg_error *err;
    int rule_index; /* rule being compiled or linked */
};

/* The host table's model-building calls (plugin.h documents each). */
void rg_build_board(const rg_build *b, rg_board_info *out);
int rg_build_cell_at(const rg_build *b, int row, int col);
void rg_build_cell_pos(const rg_build *b, int cell, int *row, int *col);
void *rg_build_alloc(rg_build *b, size_t size);
int rg_build_add_house(rg_build *b, const int *cells, int n, int kind);
int rg_build_add_grid(rg_build *b, int origin);
int rg_build_add_differ(rg_build *b, int a, int c);
int rg_build_add_differ_enforced(rg_build *b, int a, int c);
int rg_build_add_unit(rg_build *b, const int *cells, int n);
int rg_build_restrict_cell(rg_build *b, int cell, rg_mask allowed);
int rg_build_add_mark(rg_build *b, const char *family, long key, const int *cells, int n);
int rg_build_add_propagator(rg_build *b, const rg_propagator *def, void *data, const int *watch,
                            int n, unsigned events);
int rg_build_add_state(rg_build *b, size_t size, const void *init);
int rg_build_house_count(const rg_build *b);
void rg_build_house(const rg_build *b, int i, const int **cells, int *n, int *kind);
int rg_build_grid_count(const rg_build *b);
int rg_build_grid_origin(const rg_build *b, int i);
int rg_build_mark_count(const rg_build *b);
void rg_build_mark(const rg_build *b, int i, const char **family, long *key, const int **cells,
                   int *n);
int rg_build_cell_houses(const rg_build *b, int cell, const int **houses);
int rg_build_cell_marks(const rg_build *b, int cell, const int **marks);
void *rg_build_model_data(rg_build *b, const void *key, size_t size);

/* An area field named a grid by its origin (rg_read_area): remember to
 * check, once every rule is compiled, that some rule declared that grid. */
int rg_build_defer_area(rg_build *b, const char *field, const char *name, int origin);
/* Every deferred area names a declared grid (RG_OK), else the first that
 * does not is an error of its rule and field. */
int rg_build_check_areas(struct rg_model *m, rg_error *err);
/* The wording of an area naming no grid's origin (one printf argument: the
 * name as written). */
#define RG_NOT_A_GRID                                                                              \
    "%s is not the origin of a grid; an area is a grid's origin, a rectangle like "                \
    "\"r1c1:r3c3\" or a list of cells and rectangles"

#endif
