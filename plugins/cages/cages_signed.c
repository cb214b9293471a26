/* The propagator of a derived signed sum: sign * digit over cells makes a
 * total, the cells grouped by the houses they share so that each group
 * holds distinct digits (linsum.h decides it exactly). */
#include <stdint.h>

#include "cages.h"
#include "linsum.h"
#include "masks.h"

/* Exact for the signed sum with its groups (linsum.h), so at a fixpoint
 * after one run; with skip, nothing is done while the total lies loosely
 * inside the bounds (lsum_loose, margin 1, taken as the cells are read),
 * which loses a pruning on few runs (see dsum_prop below); that took
 * killer.jsonl 1 % less time than a second pass (docs/bench.md, stop 65). */
static inline int dsum_run(rg_space *sp, const dsum *ds, int skip)
{
    const rg_mask *dom = cages_host->domains(sp);
    /* Placed cells are constants: the sum over the open ones (their group
     * mates keep out of the placed digits) is the same constraint. */
    lsum L;
    rg_mask d[LSUM_CELLS], keep[LSUM_CELLS];
    int at[LSUM_CELLS], n = 0;
    L.D = ds->D;
    L.total = ds->total;
    L.ng = 0;
    /* With skip, lsum_loose's steps as the groups are read (loose: no group
     * has ruled it out yet), not in a second pass over the cells. */
    lsum_bounds b = {0, 0, 0};
    int loose = skip;
    for (int g = 0; g < ds->ng; g++) {
        rg_mask placed = 0, uni = 0;
        int first = n;
        for (int i = ds->start[g]; i < ds->start[g + 1]; i++) {
            rg_mask m = dom[ds->cells[i]];
            if (m & (m - 1)) {
                at[n] = i;
                d[n++] = m;
                uni |= m;
            } else {
                if (m & placed) return RG_PROP_FAIL;
                placed |= m;
                L.total -= ds->sign[g] * (long)(__builtin_ctz(m) + 1);
            }
        }
        if (n == first) continue;
        /* Most groups have no placed cell: then no loop, whose end on a trip
         * count that follows the group is a branch to mispredict. A cell
         * the placed digits empty rules out loose, as in lsum_loose. */
        if (placed) {
            for (int i = first; i < n; i++) loose &= (d[i] &= ~placed) != 0;
            uni &= ~placed;
        }
        L.start[L.ng] = first;
        L.sign[L.ng++] = ds->sign[g];
        if (loose) loose = lsum_loose_group(&b, uni, n - first, ds->sign[g]);
    }
    L.start[L.ng] = n;
    L.n = n;
    if (!n) return L.total == 0 ? RG_PROP_SUBSUMED : RG_PROP_FAIL;
    if (loose && lsum_loose_ends(&b, L.total, 1)) return RG_PROP_FIX;
    int rc = lsum_small(&L) ? lsum_support_small(&L, d, keep)
             : L.D == 9     ? lsum_support9(&L, d, keep)
                            : lsum_support(&L, d, keep);
    if (rc < 0) return RG_PROP_FIX; /* sums too wide: nothing known */
    if (rc == 0) return RG_PROP_FAIL;
    /* The host only for a cell that loses a digit (most keep all of theirs). */
    for (int i = 0; i < n; i++)
        if (mask_keep(cages_host, sp, dom, ds->cells[at[i]], keep[i]) < 0) return RG_PROP_FAIL;
    return RG_PROP_FIX;
}

static int dsum_propagate(rg_space *sp, void *data) { return dsum_run(sp, data, 1); }

static int dsum_exact(rg_space *sp, void *data) { return dsum_run(sp, data, 0); }

/* Two propagators per signed sum. The search runs the one that skips the
 * loose runs: nine in ten runs of the exact one pruned nothing, and
 * skipping the loose ones took 13 % fewer instructions on the iss killers
 * (docs/bench.md, "Loose signed sums skipped below sac"). The exact one,
 * the same but for its run, is implied (the cages and houses refuse
 * whatever it refuses): it runs at sac, in explanations and in verify, so
 * that their fixpoints are those of the exact sum. */
static const rg_propagator dsum_prop = {.size = sizeof(rg_propagator),
                                        .name = "cage_signed_sum",
                                        .family = "cages",
                                        .cost = RG_COST_GLOBAL,
                                        .propagate = dsum_propagate,
                                        .check = cages_holds,
                                        .flags = RG_PROPAGATOR_NO_CHECK,
                                        .explain = cages_explain_signed};

int cages_add_signed(rg_build *b, dsum *ds)
{
    int rc = cages_host->add_propagator(b, &dsum_prop, ds, ds->cells, ds->n, RG_EV_DOMAIN);
    if (rc != RG_OK) return rc;
    rg_propagator exact = dsum_prop;
    exact.name = "cage_signed_sum_exact";
    exact.propagate = dsum_exact;
    exact.flags = RG_PROPAGATOR_IMPLIED;
    return cages_host->add_propagator(b, &exact, ds, ds->cells, ds->n, RG_EV_DOMAIN);
}
