/* The givens of a generated puzzle: a random complete grid, then givens
 * emptied orbit by orbit while the puzzle stays acceptable. */
#include <string.h>

#include "base/error.h"
#include "base/mem.h"
#include "base/rng.h"
#include "gen/givens.h"
#include "model/model.h"
#include "model/record.h"

int rg_givens_fill(rg_run *r, const rg_puzzle *p, int *ok, int *none)
{
    rg_puzzle *q = NULL;
    *ok = *none = 0;
    int rc = rg_run_copy(r, p, r->tgivens, &q);
    if (rc != RG_OK) return rc;
    rg_options o;
    rg_run_options(r, &o, RG_STRATEGY_INTERSECTIONS, 1, r->g->pf.fill_nodes);
    o.values = RG_VALUES_RANDOM;
    o.seed = rg_rng_next(&r->rng);
    rg_result res;
    rc = rg_run_search(r, q, &o, &res);
    if (rc == RG_OK && res.status == RG_STATUS_SOLVED) {
        memcpy(r->solution, res.solution, (size_t)r->N * sizeof *r->solution);
        *ok = 1;
    }
    if (rc == RG_OK && res.status == RG_STATUS_NONE) *none = 1;
    rg_puzzle_free(q);
    return rc;
}

/* Is cell c's digit forced by the givens among its peers? Then emptying c
 * keeps the same solutions (and a naked single finds it at any level that
 * prunes). */
static int forced(const rg_puzzle *p, int c, int digit)
{
    const rg_model *m = p->model;
    rg_mask left = m->root[c];
    for (int k = m->peer_off[c]; k < m->peer_off[c + 1]; k++) {
        int g = p->givens[m->peers[k]];
        if (g) left &= ~((rg_mask)1 << (g - 1));
    }
    return left == (rg_mask)1 << (digit - 1);
}

int rg_givens_remove(rg_run *r, const rg_puzzle *p)
{
    rg_puzzle *q = NULL;
    int rc = rg_run_copy(r, p, r->solution, &q);
    if (rc != RG_OK) return rc;
    int *order = rg_mem_alloc((size_t)r->norbits * sizeof *order);
    int *gone = rg_mem_alloc((size_t)r->N * sizeof *gone);
    if (!order || !gone) {
        rc = rg_error_set(r->err, RG_E_NOMEM, NULL, "out of memory");
        goto done;
    }
    for (int i = 0; i < r->norbits; i++) order[i] = i;
    rg_run_shuffle(r, order, r->norbits);
    int count = r->N;
    for (int i = 0; i < r->norbits; i++) {
        if (r->target > 0 && count <= r->target) break;
        if (rg_run_out_of_time(r)) {
            rc = RG_E_LIMIT;
            goto done;
        }
        int k = order[i], n = 0;
        for (int j = r->orbit_off[k]; j < r->orbit_off[k + 1]; j++) {
            int c = r->orbit_cells[j];
            if (q->givens[c] && !r->tgivens[c]) {
                gone[n++] = c;
                q->givens[c] = 0;
            }
        }
        if (n == 0) continue;
        /* A forced cell is a naked single: not for a check-level puzzle,
         * nor one whose explanation may use hidden singles alone. */
        int yes = r->level != RG_STRATEGY_CHECK && r->rating != RG_RANK_HIDDEN_SINGLE;
        for (int j = 0; j < n && yes; j++) yes = forced(q, gone[j], r->solution[gone[j]]);
        if (!yes && (rc = rg_run_acceptable(r, q, &yes)) != RG_OK) goto done;
        if (yes)
            count -= n;
        else
            for (int j = 0; j < n; j++) q->givens[gone[j]] = r->solution[gone[j]];
    }
    memcpy(r->givens, q->givens, (size_t)r->N * sizeof *r->givens);
done:
    rg_mem_free(order);
    rg_mem_free(gone);
    rg_puzzle_free(q);
    return rc;
}

int rg_givens_count(const rg_run *r)
{
    int n = 0;
    for (int c = 0; c < r->N; c++) n += r->givens[c] != 0;
    return n;
}
