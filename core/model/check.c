/* Checking an assignment against every rule of a model: root restrictions,
 * houses, must-differ edges, then the check of each propagator that is
 * asked (neither implied nor flagged RG_PROPAGATOR_NO_CHECK). */
#include "model/check.h"
#include "base/mask.h"
#include "model/model.h"

/* The checks of the propagators that are asked (m->checked: not the
 * implied ones, nor those flagged RG_PROPAGATOR_NO_CHECK, which the others
 * and the houses decide), then a house too big to hold: the first rule
 * broken, or -1. */
static int rules_broken(const rg_model *m, const int *values, int complete)
{
    for (int i = 0; i < m->nchecked; i++) {
        const rg_prop *pr = &m->props[m->checked[i]];
        if (!pr->def.check(values, pr->data)) return pr->rule;
    }
    if (complete && m->infeasible_rule >= 0) return m->infeasible_rule;
    return -1;
}

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
    return rules_broken(m, values, complete);
}

int rg_check_broken(const rg_model *m, const int *values)
{
    int r = first_broken(m, values, 0);
    return r == -2 ? -1 : r;
}

int rg_check_values(const rg_model *m, const int *values) { return first_broken(m, values, 1); }

int rg_check_rules(const rg_model *m, const int *values) { return rules_broken(m, values, 1); }
