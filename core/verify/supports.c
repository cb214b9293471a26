/* The exhaustive search of verify: depth first over the cells with the
 * fewest digits left, a placed digit leaving the cell's peers (houses and
 * must-differ edges, the core's own), every rule's check asked after each
 * placement and the complete assignment checked against every rule. No
 * propagator runs: this is the reference the propagators are judged by. */
#include <string.h>

#include "base/mask.h"
#include "model/check.h"
#include "verify/verify.h"

/* The open cell with the fewest digits, -1 when every cell holds one. */
static int pick(const rg_vctx *v, const rg_mask *dom)
{
    int best = -1, bn = 99;
    for (int c = 0; c < v->N; c++) {
        if (v->witness[c]) continue;
        int n = rg_popcount(dom[c]);
        if (n < bn) best = c, bn = n;
    }
    return best;
}

/* Place d in c on the domains of the level below. 0 when a peer empties. */
static int place(const rg_vctx *v, rg_mask *dom, int c, int d)
{
    rg_mask bit = 1u << (d - 1);
    dom[c] = bit;
    const rg_model *m = v->m;
    for (int k = m->peer_off[c]; k < m->peer_off[c + 1]; k++) {
        int q = m->peers[k];
        if (!v->witness[q] && !(dom[q] &= ~bit)) return 0;
    }
    return 1;
}

static int dfs(rg_vctx *v, int depth)
{
    const rg_mask *dom = v->stack + (size_t)depth * (size_t)v->N;
    int c = pick(v, dom);
    if (c < 0) return rg_check_values(v->m, v->witness) == -1;
    if (++v->nodes > v->budget || rg_verify_stopped(v)) return -1;
    rg_mask *next = v->stack + (size_t)(depth + 1) * (size_t)v->N;
    for (rg_mask left = dom[c]; left; left &= left - 1) {
        int d = rg_digit_of(left);
        memcpy(next, dom, (size_t)v->N * sizeof *next);
        v->witness[c] = d;
        if (place(v, next, c, d) && rg_check_broken(v->m, v->witness) == -1) {
            int r = dfs(v, depth + 1);
            if (r) return r; /* found, or out of budget: the witness stays */
        }
        v->witness[c] = 0;
    }
    return 0;
}

int rg_verify_solution(rg_vctx *v, const rg_mask *dom, int c, int d)
{
    memset(v->witness, 0, (size_t)v->N * sizeof *v->witness);
    memcpy(v->stack, dom, (size_t)v->N * sizeof *v->stack);
    for (int q = 0; q < v->N; q++)
        if (!dom[q]) return 0;
    if (c >= 0) {
        if (!(dom[c] & (1u << (d - 1)))) return 0;
        v->witness[c] = d;
        if (!place(v, v->stack, c, d) || rg_check_broken(v->m, v->witness) != -1) return 0;
    }
    return dfs(v, 0);
}
