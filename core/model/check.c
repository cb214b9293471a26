/* Checking an assignment against every rule of a model: root restrictions,
 * houses, must-differ edges, then the check of each propagator that is not
 * implied. */
#include "model/check.h"
#include "base/mask.h"
#include "model/model.h"

/* Shared by broken (partial: 0 = empty) and check (complete). */
static int first_broken(const rg_model *m, const int *values, int complete)
{
    int D = m->board.digits, N = m->board.ncells;
    for (int c = 0; c < N; c++) {
        if (values[c] < 0 || values[c] > D || (complete && values[c] == 0)) return -2;
    }
    for (int i = 0; i < m->nrestr; i++) {
        int v = values[m->restr[i].cell];
        if (v && !(m->restr[i].allowed & (1u << (v - 1)))) return m->restr[i].rule;
    }
    for (int i = 0; i < m->nhouses; i++) {
        const rg_house *h = &m->houses[i];
        rg_mask seen = 0;
        if (complete) {
            /* every cell holds 1..D: the house holds n distinct digits
             * exactly when they make n bits (no branch per cell: a found
             * solution's check on every house) */
            for (int k = 0; k < h->n; k++) seen |= (rg_mask)1 << (values[h->cells[k]] - 1);
            if (rg_popcount(seen) != h->n) return h->rule;
            continue;
        }
        for (int k = 0; k < h->n; k++) {
            int v = values[h->cells[k]];
            if (!v) continue;
            rg_mask bit = 1u << (v - 1);
            if (seen & bit) return h->rule;
            seen |= bit;
        }
    }
    for (int e = 0; e < m->nedges; e += 3) {
        int a = values[m->edges[e]], b = values[m->edges[e + 1]];
        if (a && a == b) return m->edges[e + 2];
    }
    /* Not the implied propagators (m->implied): by their contract the
     * others and the houses refuse whatever they refuse. */
    for (int w = 0; w * 32 < m->nprops; w++) {
        /* a word of the implied bits at a time: most of a killer's are */
        uint32_t ask = ~m->implied[w];
        if (m->nprops - w * 32 < 32) ask &= (1u << (m->nprops - w * 32)) - 1;
        for (; ask; ask &= ask - 1) {
            const rg_prop *pr = &m->props[w * 32 + __builtin_ctz(ask)];
            if (!pr->def.check(values, pr->data)) return pr->rule;
        }
    }
    if (complete && m->infeasible_rule >= 0) return m->infeasible_rule;
    return -1;
}

int rg_check_broken(const rg_model *m, const int *values)
{
    int r = first_broken(m, values, 0);
    return r == -2 ? -1 : r;
}

int rg_check_values(const rg_model *m, const int *values) { return first_broken(m, values, 1); }
