/* What a trial of verify is made of, and its document (trialdoc.c): a small
 * board, its houses, the rule instances under test, givens and `cell`
 * restrictions. The document is read by the normal reader, so what verify
 * prints for a failure is exactly what it ran. */
#ifndef RG_VERIFY_TRIALDOC_H
#define RG_VERIFY_TRIALDOC_H

#include <stdint.h>

#include "rulegrid/rulegrid.h"

struct cJSON;

/* The largest board side of a trial: a sample's own board up to 32 x 32 (every
 * D x D grid fits), an instance moved to the corner of a small board up to 12. */
#define RG_VSPEC_SIDE  32
#define RG_VSPEC_MOVED 12
#define RG_VSPEC_CELLS (RG_VSPEC_SIDE * RG_VSPEC_SIDE)

enum { RG_VHOUSES_NONE = 0, RG_VHOUSES_LINES = 1, RG_VHOUSES_LATIN = 2 };

typedef struct rg_vspec {
    int rows, cols, digits;
    int houses;                         /* RG_VHOUSES_*: none; row and column rules where they fit;
                            a Latin square (box_grid for 4 and 6 digits, else grid) */
    struct cJSON *rules;                /* the instances under test: an array of rule objects */
    int givens[RG_VSPEC_CELLS];         /* per position (row-major), 0 none */
    signed char parity[RG_VSPEC_CELLS]; /* 0 none, 1 odd, 2 even */
    signed char low[RG_VSPEC_CELLS];    /* split of a low restriction, 0 none */
    signed char high[RG_VSPEC_CELLS];   /* split of a high restriction, 0 none */
} rg_vspec;

/* A deep copy (rules duplicated); RG_OK or RG_E_NOMEM. */
int rg_vspec_copy(const rg_vspec *from, rg_vspec *to);
void rg_vspec_free(rg_vspec *sp); /* its rules */
/* The document of sp: NUL-terminated, released with rg_mem_free; NULL
 * without memory. The houses and instances come first, then the `cell`
 * rules and the givens. */
char *rg_vspec_text(const rg_vspec *sp);
/* Parse a cell name "r3c4" (either case): 1 and *r, *c, else 0. */
int rg_vspec_cell(const char *s, int *r, int *c);

#endif
