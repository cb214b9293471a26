/* Failed-literal probing at the probe and sac levels, and the lookahead
 * heuristic's estimates it leaves (docs/architecture.md, "Probing"). */
#include <math.h>
#include <string.h>

#include "base/clock.h"
#include "base/mask.h"
#include "search/limits.h"
#include "search/probe.h"
#include "search/propagate.h"
#include "search/space.h"

/* At the probe level, cells with at most this many candidates are probed:
 * two, then three. */
#define PROBE_MAX_CANDIDATES 3

/* The lookahead heuristic's estimate of the search below a cell: the sum
 * over its candidates of exp(-r / LOOKAHEAD_SCALE), r being the number of
 * candidates the candidate's probe removed from the space. */
#define LOOKAHEAD_SCALE 3.0

/* Try each of n alternatives (digit bits[i] in cell cells[i]) on the scratch
 * space, propagated at the subsets level. Every solution of space takes one
 * of them, so an alternative whose propagation fails is refuted, and any
 * cell keeps only the digits that some surviving alternative's propagation
 * left it (with two alternatives: what both remove goes). Then space is
 * propagated again and the lookahead epoch moves on. Returns RG_FAIL, 0
 * (nothing learnt) or 1 (space narrowed and at its fixpoint). With estimate,
 * writes there the lookahead estimate. */
static int probe_alts(rg_solver *s, unsigned char *space, const int *cells, const rg_mask *bits,
                      int n, double *estimate)
{
    rg_mask *dom = (rg_mask *)space;
    const rg_mask *pd = (const rg_mask *)s->scratch;
    const int N = s->N;
    int before = 0;
    if (estimate) {
        *estimate = 0;
        for (int x = 0; x < N; x++) before += rg_popcount(dom[x]);
    }
    memset(s->reach, 0, (size_t)N * sizeof *s->reach);
    for (int i = 0; i < n; i++) {
        /* A limit reached inside a probe teaches nothing: stop before the
         * union (a probe cut short is no refutation). */
        if (rg_limits_probe(s)) return 0;
        memcpy(s->scratch, space, s->space_bytes);
        s->st.family_calls[s->fam_probe]++;
        s->probes++;
        if (rg_propagate_assign(s, s->scratch, cells[i], bits[i]) != 0) continue;
        for (int x = 0; x < N; x++) s->reach[x] |= pd[x];
        if (estimate) {
            int after = 0;
            for (int x = 0; x < N; x++) after += rg_popcount(pd[x]);
            *estimate += exp((after - before) / LOOKAHEAD_SCALE);
        }
    }
    s->inactive = (uint32_t *)(space + s->inactive_off);
    int changed = 0;
    for (int x = 0; x < N; x++) {
        rg_mask nm = dom[x] & s->reach[x];
        if (nm == dom[x]) continue;
        changed = 1;
        if (rg_space_narrow(s, dom, x, nm, s->fam_probe) < 0) return rg_propagate_abandon(s);
    }
    if (!changed) return 0;
    s->lepoch++;
    return rg_propagate(s, space) < 0 ? RG_FAIL : 1;
}

/* The alternatives of probe item i of a sweep at k: for i < N the
 * candidates of cell i when it has k; above, item N + u * D + v, the places
 * of digit v in unit u when it has exactly k (and so is not placed there).
 * Returns how many (0: not an item at k). */
static int alternatives(const rg_solver *s, const rg_mask *dom, int i, int k, int *cells,
                        rg_mask *bits)
{
    int n = 0;
    if (i < s->N) {
        if (rg_popcount(dom[i]) != k) return 0;
        for (rg_mask left = dom[i]; left; left &= left - 1) {
            cells[n] = i;
            bits[n++] = left & -left;
        }
        return n;
    }
    const rg_model *m = s->m;
    int u = (i - s->N) / s->D;
    rg_mask bit = (rg_mask)1 << ((i - s->N) % s->D);
    for (int j = m->unit_off[u]; j < m->unit_off[u + 1]; j++) {
        int c = m->unit_cells[j];
        if (!(dom[c] & bit)) continue;
        if (n == k || dom[c] == bit) return 0;
        cells[n] = c;
        bits[n++] = bit;
    }
    return n == k ? n : 0;
}

/* After the subsets fixpoint of space. The probe level: one sweep over the
 * open cells with two candidates, then one over those with three (a cell
 * narrowed to that size by an earlier probe of the sweep is taken when the
 * sweep reaches it); at most N probes of a cell per node. The sac level:
 * sweeps with k = 2 .. D over the cells with k candidates and the digits
 * with k places in a unit, repeated until a whole sweep learns nothing. A
 * cell's probe that learns nothing leaves its lookahead estimate. The clock
 * ends the probing with the space sound (s->stopped set). RG_FAIL or 0. */
int rg_probe_run(rg_solver *s, unsigned char *space)
{
    const rg_mask *dom = (const rg_mask *)space;
    const int sac = (s->ded & RG_DEDUCE_SAC) != 0;
    const int kmax = sac ? s->D : PROBE_MAX_CANDIDATES;
    const int items = s->N + (sac ? s->m->nunits * s->D : 0);
    const int look = s->o.heuristic == RG_HEURISTIC_LOOKAHEAD;
    int cells[RG_MAX_DIGITS];
    rg_mask bits[RG_MAX_DIGITS];
    /* A probe's place in the sweep order is k * items + i. A sweep that has
     * learnt nothing when it reaches the place of the probe that last learnt
     * something probes that place (when it still holds a probe) and ends:
     * the places after it were probed in the sweep before on this same
     * space, and found nothing. */
    long last = -1;
    s->lepoch++;
    for (;;) {
        long learnt = -1;
        for (int k = 2; k <= kmax; k++) {
            for (int i = 0; i < items; i++) {
                long at = (long)k * items + i;
                if (learnt < 0 && last >= 0 && at > last) return 0;
                int n = alternatives(s, dom, i, k, cells, bits);
                if (!n) continue;
                if (s->stopped) return 0;
                double estimate;
                int cell = i < s->N && look;
                int rc = probe_alts(s, space, cells, bits, n, cell ? &estimate : NULL);
                if (rc < 0) return RG_FAIL;
                if (rc) {
                    learnt = at;
                } else {
                    if (cell) {
                        s->lscore[i] = estimate;
                        s->lstamp[i] = s->lepoch;
                    }
                    if (learnt < 0 && at == last) return 0;
                }
            }
        }
        if (!sac || learnt < 0) return 0;
        last = learnt;
    }
}
