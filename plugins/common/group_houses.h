/* The houses around a group of cells (a renban's line, a quadruple's
 * block), found at link time through the host (group_houses.c): each house
 * holding two or more of the group's cells, with the group's cells in it
 * and its other cells. A digit the group must hold, whose places in the
 * group all lie in such a house, leaves the house's other cells. */
#ifndef RG_GROUP_HOUSES_H
#define RG_GROUP_HOUSES_H

#include <stdint.h>

#include "rulegrid/plugin.h"

typedef struct gh_house {
    uint32_t in; /* bit i: the group's cells[i] is in it */
    int size;    /* the house's cells, in and out */
    int nout;
    int *out; /* its cells outside the group */
} gh_house;

/* Do two ascending lists of house indices (host->cell_houses) share one? */
static inline int gh_meet(const int *h1, int n1, const int *h2, int n2)
{
    for (int i = 0, j = 0; i < n1 && j < n2;) {
        if (h1[i] == h2[j]) return 1;
        if (h1[i] < h2[j])
            i++;
        else
            j++;
    }
    return 0;
}

/* The houses holding two or more of cells[0..n-1] (n <= 32), in the order
 * first met going through each cell's houses (host->cell_houses, cells in
 * order), into *houses; all in the build's memory. A house may have no
 * cell outside the group (nout 0). Returns how many, or -1 without memory. */
int gh_houses(const rg_host *h, rg_build *b, const int *cells, int n, gh_house **houses);

#endif
