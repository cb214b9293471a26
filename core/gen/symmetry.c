/* Symmetries of a generated puzzle's givens: their names, and the orbits
 * of cells a symmetric pattern gives or empties together. */
#include <string.h>

#include "base/mem.h"
#include "gen/symmetry.h"

static const char *const symmetry_names[RG_SYMMETRY_COUNT] = {"none", "rotate180", "rotate90",
                                                              "mirror", "diagonal"};

const char *rg_symmetry_name(int s)
{
    return s >= 0 && s < RG_SYMMETRY_COUNT ? symmetry_names[s] : "?";
}

int rg_symmetry_parse(const char *name)
{
    for (int i = 0; name && i < RG_SYMMETRY_COUNT; i++)
        if (strcmp(name, symmetry_names[i]) == 0) return i;
    return -1;
}

static int image(const rg_puzzle *t, int cell, int s)
{
    int y, x;
    rg_puzzle_cell_pos(t, cell, &y, &x);
    int R = rg_puzzle_rows(t), C = rg_puzzle_columns(t);
    switch (s) {
    case RG_SYMMETRY_ROTATE180: return rg_puzzle_cell_at(t, R + 1 - y, C + 1 - x);
    case RG_SYMMETRY_ROTATE90: return rg_puzzle_cell_at(t, x, R + 1 - y);
    case RG_SYMMETRY_MIRROR: return rg_puzzle_cell_at(t, y, C + 1 - x);
    case RG_SYMMETRY_DIAGONAL: return rg_puzzle_cell_at(t, x, y);
    default: return cell;
    }
}

/* Orbits: the cells a symmetric pattern gives or empties together. */
int rg_symmetry_orbits(const rg_puzzle *t, int symmetry, int **off, int **cells, int *count)
{
    int N = rg_puzzle_cells(t);
    int *of = rg_mem_alloc((size_t)(N ? N : 1) * sizeof *of);
    int *o = rg_mem_alloc(((size_t)N + 1) * sizeof *o),
        *c = rg_mem_alloc((size_t)(N ? N : 1) * sizeof *c);
    if (!of || !o || !c) {
        rg_mem_free(of);
        rg_mem_free(o);
        rg_mem_free(c);
        return RG_E_NOMEM;
    }
    for (int i = 0; i < N; i++) of[i] = -1;
    int k = 0, n = 0;
    for (int i = 0; i < N; i++) {
        if (of[i] >= 0) continue;
        int start = k;
        o[n] = k;
        of[i] = n;
        c[k++] = i;
        for (int j = start; j < k; j++) {
            int d = image(t, c[j], symmetry);
            if (d >= 0 && of[d] < 0) {
                of[d] = n;
                c[k++] = d;
            }
        }
        n++;
    }
    o[n] = k;
    rg_mem_free(of);
    *off = o;
    *cells = c;
    *count = n;
    return RG_OK;
}
