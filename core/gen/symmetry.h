/* Symmetries of the givens (symmetry.c; names in rulegrid.h). */
#ifndef RG_GEN_SYMMETRY_H
#define RG_GEN_SYMMETRY_H

#include "rulegrid/rulegrid.h"

/* The orbits of t's cells under symmetry, in CSR form: orbit i holds
 * cells[off[i] .. off[i+1]-1]. Release off and cells with rg_mem_free. RG_OK or
 * RG_E_NOMEM. */
int rg_symmetry_orbits(const rg_puzzle *t, int symmetry, int **off, int **cells, int *count);

#endif
