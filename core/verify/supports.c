/* The exhaustive search of verify: depth first over the cells with the
 * fewest digits left, a placed digit leaving the cell's peers (houses and
 * must-differ edges, the core's own), every rule's check asked after each
 * placement and the complete assignment checked against every rule. No
 * propagator runs: this is the reference the propagators are judged by.
 *
 * It leaves out only work whose outcome is known beforehand. A free cell
 * (no house, must-differ pair or propagator holds it) takes the first digit
 * its restrictions allow, without a node: no rule reads it. A failure hands
 * back a conflict set, placed cells whose digits alone admit no solution:
 * the cells of a rule they break; for a cell left without a digit, why it
 * lost each one (a rule refusing the digit there, or the peer holding it);
 * for a cell whose every digit failed, the sets of its digits and why it
 * lost the others. The search returns past a placed cell outside that set
 * at once, since its other digits fail the same way (conflict-directed
 * backjumping). So it visits some of the nodes of the plain search, in the
 * same order, and finds the same first solution; parts of a trial that
 * share no rule no longer multiply each other's nodes. A rule's cells are
 * the ones its check may read: plugin.h says its watched cells decide it. */
#include <string.h>

#include "base/mask.h"
#include "base/mem.h"
#include "model/check.h"
#include "verify/verify.h"

static void set_bit(uint64_t *s, int c) { s[c >> 6] |= 1ull << (c & 63); }
static int has_bit(const uint64_t *s, int c) { return (int)(s[c >> 6] >> (c & 63) & 1u); }

/* One (rule, cell) pair of the scopes: counted into off[r + 1] (fill 0) or
 * stored at off[r]++, the cell no longer free unless the pair is a
 * restriction's (held 0). A cell is held even by a pair of no rule of the
 * model; such a pair is in no scope. */
static void pair(rg_vctx *v, int *off, int fill, int r, int c, int held)
{
    if (fill && held) v->free[c] = 0;
    if (r < 0 || r >= v->m->nrules) return;
    if (fill)
        v->scope[off[r]++] = c;
    else
        off[r + 1]++;
}

/* Every (rule, cell) pair a check may read, through pair(). A propagator
 * watching no cell may read any: its rule gets every cell, and no cell is
 * free. */
static void scopes(rg_vctx *v, int *off, int fill)
{
    const rg_model *m = v->m;
    for (int p = 0; p < m->nprops; p++) {
        const rg_prop *pr = &m->props[p];
        for (int k = 0; k < pr->nwatch; k++) pair(v, off, fill, pr->rule, pr->watch[k], 1);
        for (int c = 0; !pr->nwatch && c < v->N; c++) pair(v, off, fill, pr->rule, c, 1);
    }
    for (int h = 0; h < m->nhouses; h++)
        for (int k = 0; k < m->houses[h].n; k++)
            pair(v, off, fill, m->houses[h].rule, m->houses[h].cells[k], 1);
    for (int e = 0; e < m->nedges; e += 3) {
        pair(v, off, fill, m->edges[e + 2], m->edges[e], 1);
        pair(v, off, fill, m->edges[e + 2], m->edges[e + 1], 1);
    }
    for (int i = 0; i < m->nrestr; i++) pair(v, off, fill, m->restr[i].rule, m->restr[i].cell, 0);
}

int rg_verify_search_init(rg_vctx *v)
{
    const rg_model *m = v->m;
    int N = v->N, R = m->nrules;
    v->words = (N + 63) / 64;
    v->scope_off = rg_mem_calloc((size_t)R + 1, sizeof *v->scope_off);
    v->allow = rg_mem_alloc((size_t)N * sizeof *v->allow);
    v->free = rg_mem_alloc((size_t)N);
    v->conflict = rg_mem_alloc(((size_t)N + 2) * (size_t)v->words * sizeof *v->conflict);
    if (!v->scope_off || !v->allow || !v->free || !v->conflict) return RG_E_NOMEM;
    scopes(v, v->scope_off, 0);
    for (int r = 0; r < R; r++) v->scope_off[r + 1] += v->scope_off[r];
    v->scope = rg_mem_alloc(((size_t)v->scope_off[R] + 1) * sizeof *v->scope);
    int *at = rg_mem_alloc(((size_t)R + 1) * sizeof *at);
    if (!v->scope || !at) {
        rg_mem_free(at);
        return RG_E_NOMEM;
    }
    memcpy(at, v->scope_off, ((size_t)R + 1) * sizeof *at);
    memset(v->free, 1, (size_t)N);
    scopes(v, at, 1);
    rg_mem_free(at);
    for (int c = 0; c < N; c++) v->allow[c] = m->full;
    for (int i = 0; i < m->nrestr; i++) v->allow[m->restr[i].cell] &= m->restr[i].allowed;
    return RG_OK;
}

void rg_verify_search_free(rg_vctx *v)
{
    rg_mem_free(v->scope_off), rg_mem_free(v->scope), rg_mem_free(v->allow);
    rg_mem_free(v->free), rg_mem_free(v->conflict);
    v->scope_off = v->scope = NULL, v->allow = NULL, v->free = NULL, v->conflict = NULL;
}

/* The cells of rule r that hold a digit, into s; every placed cell when r
 * is no rule of the model (nothing is known of what it read). */
static void add_rule(const rg_vctx *v, int r, uint64_t *s)
{
    if (r < 0 || r >= v->m->nrules) {
        for (int c = 0; c < v->N; c++)
            if (v->witness[c]) set_bit(s, c);
        return;
    }
    for (int k = v->scope_off[r]; k < v->scope_off[r + 1]; k++)
        if (v->witness[v->scope[k]]) set_bit(s, v->scope[k]);
}

/* Why cell x lacks the digits gone of its starting domain, into s: for
 * each digit, the placed cells of a rule whose check refuses it in x, else
 * the placed peers holding it (a digit its restrictions refuse needs no
 * other cell). */
static void add_lacks(rg_vctx *v, int x, rg_mask gone, uint64_t *s)
{
    const rg_model *m = v->m;
    for (; gone; gone &= gone - 1) {
        int d = rg_digit_of(gone), r = -1;
        if (!(v->allow[x] & gone & -gone)) continue;
        v->witness[x] = d;
        for (int w = m->watch_off[x]; w < m->watch_off[x + 1] && r < 0; w++) {
            const rg_prop *pr = &m->props[m->watch_prop[w]];
            if (!(pr->def.flags & (RG_PROPAGATOR_IMPLIED | RG_PROPAGATOR_NO_CHECK)) &&
                !pr->def.check(v->witness, pr->data))
                r = pr->rule;
        }
        v->witness[x] = 0;
        if (r >= 0) {
            add_rule(v, r, s);
            continue;
        }
        for (int k = m->peer_off[x]; k < m->peer_off[x + 1]; k++)
            if (v->witness[m->peers[k]] == d) set_bit(s, m->peers[k]);
    }
}

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

/* Place d in c on the domains of the level below: -1, or a peer it
 * empties. */
static int place(const rg_vctx *v, rg_mask *dom, int c, int d)
{
    rg_mask bit = 1u << (d - 1);
    dom[c] = bit;
    const rg_model *m = v->m;
    for (int k = m->peer_off[c]; k < m->peer_off[c + 1]; k++) {
        int q = m->peers[k];
        if (!v->witness[q] && !(dom[q] &= ~bit)) return q;
    }
    return -1;
}

/* The search from level depth: 1 found, -1 out of budget or time, 0 none
 * with the level's conflict set filled. */
static int dfs(rg_vctx *v, int depth)
{
    size_t W = (size_t)v->words;
    const rg_mask *dom = v->stack + (size_t)depth * (size_t)v->N;
    uint64_t *cs = v->conflict + (size_t)depth * W, *why = cs + W;
    memset(cs, 0, W * sizeof *cs);
    int c = pick(v, dom);
    if (c < 0) {
        int r = rg_check_values(v->m, v->witness);
        if (r == -1) return 1;
        add_rule(v, r, cs);
        return 0;
    }
    if (++v->nodes > v->budget || rg_verify_stopped(v)) return -1;
    rg_mask *next = v->stack + (size_t)(depth + 1) * (size_t)v->N;
    for (rg_mask left = dom[c]; left; left &= left - 1) {
        int d = rg_digit_of(left), emptied, broken;
        memcpy(next, dom, (size_t)v->N * sizeof *next);
        v->witness[c] = d;
        if ((emptied = place(v, next, c, d)) >= 0) {
            memset(why, 0, W * sizeof *why);
            add_lacks(v, emptied, v->dom0[emptied], why);
        } else if ((broken = rg_check_broken(v->m, v->witness)) != -1) {
            memset(why, 0, W * sizeof *why);
            add_rule(v, broken, why);
        } else {
            int r = dfs(v, depth + 1);
            if (r) return r; /* found, or out of budget: the witness stays */
        }
        v->witness[c] = 0;
        if (!has_bit(why, c)) { /* c's other digits fail the same way */
            memcpy(cs, why, W * sizeof *cs);
            return 0;
        }
        for (size_t w = 0; w < W; w++) cs[w] |= why[w];
    }
    cs[c >> 6] &= ~(1ull << (c & 63));
    add_lacks(v, c, v->dom0[c] & ~dom[c], cs);
    return 0;
}

int rg_verify_solution(rg_vctx *v, const rg_mask *dom, int c, int d)
{
    memset(v->witness, 0, (size_t)v->N * sizeof *v->witness);
    memcpy(v->stack, dom, (size_t)v->N * sizeof *v->stack);
    v->dom0 = dom;
    for (int q = 0; q < v->N; q++)
        if (!dom[q]) return 0;
    if (c >= 0) {
        if (!(dom[c] & (1u << (d - 1)))) return 0;
        v->witness[c] = d;
        if (place(v, v->stack, c, d) >= 0 || rg_check_broken(v->m, v->witness) != -1) return 0;
    }
    for (int q = 0; q < v->N; q++) {
        if (!v->free[q] || v->witness[q]) continue;
        rg_mask ok = dom[q] & v->allow[q];
        if (!ok) return 0;
        v->witness[q] = rg_digit_of(ok);
    }
    return dfs(v, 0);
}
