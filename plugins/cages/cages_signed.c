/* The propagator of a derived signed sum: sign * digit over cells makes a
 * total, the cells grouped by the houses they share so that each group
 * holds distinct digits (linsum.h decides it exactly). */
#include <stdint.h>

#include "cages.h"
#include "linsum.h"

/* Exact for the signed sum with its groups (linsum.h), so at a fixpoint
 * after one run. */
static int dsum_propagate(rg_space *sp, void *data)
{
    const dsum *ds = data;
    const rg_mask *dom = cages_host->domains(sp);
    /* Placed cells are constants: the sum over the open ones (their group
     * mates keep out of the placed digits) is the same constraint. */
    lsum L;
    rg_mask d[LSUM_CELLS], keep[LSUM_CELLS];
    int at[LSUM_CELLS], n = 0;
    L.D = ds->L.D;
    L.total = ds->L.total;
    L.ng = 0;
    for (int g = 0; g < ds->L.ng; g++) {
        rg_mask placed = 0;
        int first = n;
        for (int i = ds->L.start[g]; i < ds->L.start[g + 1]; i++) {
            rg_mask m = dom[ds->cells[i]];
            if (m & (m - 1)) {
                at[n] = i;
                d[n++] = m;
            } else {
                if (m & placed) return RG_PROP_FAIL;
                placed |= m;
                L.total -= ds->L.sign[g] * (long)(__builtin_ctz(m) + 1);
            }
        }
        if (n == first) continue;
        for (int i = first; i < n; i++) d[i] &= ~placed;
        L.start[L.ng] = first;
        L.sign[L.ng++] = ds->L.sign[g];
    }
    L.start[L.ng] = n;
    L.n = n;
    if (!n) return L.total == 0 ? RG_PROP_SUBSUMED : RG_PROP_FAIL;
    int rc = L.D == 9 ? lsum_support9(&L, d, keep) : lsum_support(&L, d, keep);
    if (rc < 0) return RG_PROP_FIX; /* sums too wide: nothing known */
    if (rc == 0) return RG_PROP_FAIL;
    for (int i = 0; i < n; i++)
        if (cages_host->keep(sp, ds->cells[at[i]], keep[i]) < 0) return RG_PROP_FAIL;
    return RG_PROP_FIX;
}

static const rg_propagator dsum_prop = {.size = sizeof(rg_propagator),
                                        .name = "cage_signed_sum",
                                        .family = "cages",
                                        .cost = RG_COST_GLOBAL,
                                        .propagate = dsum_propagate,
                                        .check = cages_holds,
                                        .explain = cages_explain_signed};

int cages_add_signed(rg_build *b, dsum *ds)
{
    return cages_host->add_propagator(b, &dsum_prop, ds, ds->cells, ds->L.n, RG_EV_DOMAIN);
}
