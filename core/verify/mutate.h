/* Rule instances made from examples (mutate.c). */
#ifndef RG_VERIFY_MUTATE_H
#define RG_VERIFY_MUTATE_H

#include <stdint.h>

struct cJSON;

/* The largest row and column any cell of rule names (0, 0 when none). */
void rg_mutate_extent(struct cJSON *rule, int *rows, int *cols);
/* The smallest row and column any cell of rule names (99 when none). */
void rg_mutate_first(struct cJSON *rule, int *row, int *col);
/* Move every cell of rule up by dr rows and left by dc columns. */
void rg_mutate_shift(struct cJSON *rule, int dr, int dc);
/* Move every cell of rule so that the smallest row and column named are 1;
 * *rows, *cols get the extent after the move. */
void rg_mutate_corner(struct cJSON *rule, int *rows, int *cols);
/* One or two random changes of rule's fields on a rows x cols board. */
void rg_mutate(struct cJSON *rule, int rows, int cols, uint64_t *rng);

#endif
