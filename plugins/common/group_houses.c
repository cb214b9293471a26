/* The houses around a group of cells (group_houses.h). */
#include "group_houses.h"

#include <stdlib.h>

/* House hi as the group sees it: the group's cells in it, its others. */
static int fill(const rg_host *h, rg_build *b, const int *cells, int n, int hi, gh_house *g)
{
    const int *hc;
    int hn, kind;
    h->house(b, hi, &hc, &hn, &kind);
    g->in = 0;
    g->size = hn;
    g->nout = 0;
    g->out = h->alloc(b, (size_t)(hn > 0 ? hn : 1) * sizeof *g->out);
    if (!g->out) return -1;
    for (int k = 0; k < hn; k++) {
        int i = 0;
        while (i < n && cells[i] != hc[k]) i++;
        if (i < n)
            g->in |= (uint32_t)1 << i;
        else
            g->out[g->nout++] = hc[k];
    }
    return 0;
}

int gh_houses(const rg_host *h, rg_build *b, const int *cells, int n, gh_house **houses)
{
    *houses = NULL;
    int cap = 0, nseen = 0, kept = 0;
    for (int i = 0; i < n; i++) {
        const int *hs;
        int k = h->cell_houses(b, cells[i], &hs);
        if (k < 0) return -1;
        cap += k;
    }
    int *seen = malloc((size_t)(cap + 1) * sizeof *seen);
    gh_house *out = h->alloc(b, (size_t)(cap + 1) * sizeof *out);
    if (!seen || !out) {
        free(seen);
        return -1;
    }
    for (int i = 0; i < n; i++) {
        const int *hs;
        int k = h->cell_houses(b, cells[i], &hs);
        for (int j = 0; j < k; j++) {
            int s = 0;
            while (s < nseen && seen[s] != hs[j]) s++;
            if (s == nseen) seen[nseen++] = hs[j];
        }
    }
    for (int s = 0; s < nseen; s++) {
        if (fill(h, b, cells, n, seen[s], &out[kept]) < 0) {
            free(seen);
            return -1;
        }
        if (__builtin_popcount(out[kept].in) >= 2) kept++;
    }
    free(seen);
    *houses = out;
    return kept;
}
