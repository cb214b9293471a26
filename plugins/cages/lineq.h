/* Small sums that follow from the units and sum cages taken as linear
 * equations over the cells (lineq.c): a placed digit, the sum or difference
 * of two digits, or a signed sum of three. */
#ifndef RULEGRID_CAGES_LINEQ_H
#define RULEGRID_CAGES_LINEQ_H

/* Each equation says that the digits of a set of cells add up to a total
 * (a unit: D(D+1)/2; a sum cage: its sum). Any combination of the
 * equations with rational weights is again true of every solution; lineq
 * finds the combinations that leave at most three cells, each with weight
 * +1 or -1. Exact integer arithmetic; a system whose numbers would
 * overflow, or that no assignment of rational numbers satisfies, gives
 * nothing, and a sum whose value is not a whole number is left out (the
 * system then has no solution in digits, so the sums that are reported
 * hold vacuously). */

/* Boards of more cells are not looked at (the work grows as cells squared
 * times the free cells of the system). */
#define LINEQ_MAX_CELLS 1024

/* Called for each sum found: sign[i] * digit of cells[i] over the n cells
 * makes total. A nonzero return ends the search and is passed back. */
typedef int (*lineq_emit)(void *ctx, const int *cells, const int *sign, int n, long total);

/* ncells cells; nsets equations, set i being the lens[i] distinct cells
 * sets[i] with total sums[i]. Returns 0, -1 when out of memory, or what
 * emit returned. Each sum is reported once (up to turning every sign). */
int lineq_derive(int ncells, const int *const *sets, const int *lens, const long *sums, int nsets,
                 lineq_emit emit, void *ctx);

#endif
