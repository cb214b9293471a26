/* Propagation and search: the domains of a space, the propagation queue
 * (naked singles on a stack, plugin propagators in cost buckets, then hidden
 * singles, intersections and subsets by strategy level), failed-literal
 * probing (probe level), depth-first search with solution counting, limits
 * and statistics. Reads the model, never changes it. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <time.h>

#include "model.h"

/* The context a propagator prunes through. */
struct rg_space {
    rg_solver *s;
    rg_mask *dom;
    unsigned char *state;
    int family;
};

typedef struct frame {
    int cell;
    int guess; /* the cell had two or more candidates */
    rg_mask left;
} frame;

struct rg_solver {
    rg_model *m;
    int N, D;
    rg_mask full;
    /* A space: domains, then plugin state, then inactive-propagator bits, then
     * assigned flags (check and forward levels). */
    size_t space_bytes, state_off, inactive_off, assigned_off;
    unsigned char *spaces; /* nspaces spaces, grown as the search goes deeper */
    int nspaces;
    frame *frames;
    int *naked;
    int nnaked;
    int *queue[RG_COST_CLASSES];
    int qhead[RG_COST_CLASSES], qtail[RG_COST_CLASSES], queued_total;
    unsigned char *queued;
    /* Units changed since each deduction last looked at them: flag bits
     * (1 singles, 2 intersections, 4 subsets) and one stack per deduction. */
    unsigned char *udirty;
    unsigned char dirty_bits;
    int *ustack[3];
    int nustack[3];
    int *values; /* scratch: digits per cell */
    int *sol;
    double *wdeg;

    rg_options o;
    rg_stats st;
    uint64_t rng;
    unsigned ded; /* the strategy's deductions (RG_DEDUCE_*) */
    int cascade, failed;
    uint32_t *inactive; /* of the space being propagated */
    unsigned char *assigned;
    struct rg_space ctx;
    struct timespec t0;
    int stopped;
    /* The probe level: a scratch space for the tentative values, the union of
     * the domains their propagations left, the family the probes count under
     * and a tick for reading the clock. */
    unsigned char *scratch;
    rg_mask *reach;
    int fam_probe;
    unsigned ticks;
    /* The lookahead heuristic: per cell the estimate its last probe gave
     * and the epoch it gave it in (the epoch moves whenever the probed
     * space changes, so an estimate of an older epoch is stale). */
    double *lscore;
    uint64_t *lstamp, lepoch;
};

/* ---- Small helpers ----------------------------------------------------------- */

static double now_us(const struct timespec *since)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)(t.tv_sec - since->tv_sec) * 1e6 + (double)(t.tv_nsec - since->tv_nsec) / 1e3;
}

static uint64_t rng_next(uint64_t *x)
{
    *x ^= *x >> 12;
    *x ^= *x << 25;
    *x ^= *x >> 27;
    return *x * 2685821657736338717ull;
}

static void blame(rg_solver *s, const int *cells, int n)
{
    if (!s->wdeg) return;
    for (int i = 0; i < n; i++) s->wdeg[cells[i]] += 1.0;
}

/* ---- Pruning ------------------------------------------------------------------ */

static void notify(rg_solver *s, int c, int fixed)
{
    const rg_model *m = s->m;
    for (int w = m->watch_off[c]; w < m->watch_off[c + 1]; w++) {
        int p = m->watch_prop[w];
        if (s->queued[p] || (!fixed && m->watch_ev[w] == RG_EV_FIXED)) continue;
        if (s->inactive[p >> 5] & (1u << (p & 31))) continue;
        int k = m->props[p].def.cost;
        s->queue[k][s->qtail[k]] = p;
        s->qtail[k] = (s->qtail[k] + 1) % (m->nprops + 1);
        s->queued[p] = 1;
        s->queued_total++;
    }
}

static inline void mark_dirty(rg_solver *s, int c)
{
    const rg_model *m = s->m;
    for (int k = m->cell_unit_off[c]; k < m->cell_unit_off[c + 1]; k++) {
        int u = m->cell_units[k];
        unsigned char f = s->udirty[u];
        if (f == s->dirty_bits) continue;
        for (int b = 0; b < 3; b++)
            if ((s->dirty_bits & ~f) & (1u << b)) s->ustack[b][s->nustack[b]++] = u;
        s->udirty[u] = s->dirty_bits;
    }
}

static void clear_dirty(rg_solver *s)
{
    for (int b = 0; b < 3; b++) s->nustack[b] = 0;
    if (s->udirty) memset(s->udirty, 0, (size_t)s->m->nunits + 1);
}

static void all_dirty(rg_solver *s)
{
    clear_dirty(s);
    for (int u = 0; u < s->m->nunits; u++) {
        for (int b = 0; b < 3; b++)
            if (s->dirty_bits & (1u << b)) s->ustack[b][s->nustack[b]++] = u;
        s->udirty[u] = s->dirty_bits;
    }
}

/* Narrow cell c of dom to nm (a strict subset). RG_FAIL when nothing is left. */
static inline int narrow(rg_solver *s, rg_mask *dom, int c, rg_mask nm, int fam)
{
    s->st.family_prunings[fam] += (uint64_t)rg_popcount(dom[c] ^ nm);
    if (!nm) {
        dom[c] = 0;
        s->failed = 1;
        if (s->wdeg) s->wdeg[c] += 1.0;
        return RG_FAIL;
    }
    dom[c] = nm;
    if (s->dirty_bits) mark_dirty(s, c);
    int fixed = rg_single(nm);
    if (s->cascade) {
        if (fixed) s->naked[s->nnaked++] = c;
        if (s->m->nprops) notify(s, c, fixed);
    }
    return 1;
}

const rg_mask *rg_host_domains(const rg_space *sp) { return sp->dom; }

int rg_host_remove(rg_space *sp, int cell, rg_mask digits)
{
    if (cell < 0 || cell >= sp->s->N) return RG_FAIL;
    rg_mask old = sp->dom[cell], nm = old & ~digits;
    return nm == old ? 0 : narrow(sp->s, sp->dom, cell, nm, sp->family);
}

int rg_host_keep(rg_space *sp, int cell, rg_mask digits)
{
    if (cell < 0 || cell >= sp->s->N) return RG_FAIL;
    rg_mask old = sp->dom[cell], nm = old & digits;
    return nm == old ? 0 : narrow(sp->s, sp->dom, cell, nm, sp->family);
}

int rg_host_fix(rg_space *sp, int cell, int digit)
{
    if (digit < 1 || digit > sp->s->D) {
        sp->s->failed = 1;
        return RG_FAIL;
    }
    return rg_host_keep(sp, cell, 1u << (digit - 1));
}

void *rg_host_state(rg_space *sp, int handle) { return sp->state + handle; }

/* ---- The queue ------------------------------------------------------------------ */

static void clear_queue(rg_solver *s)
{
    int size = s->m->nprops + 1;
    for (int k = 0; k < RG_COST_CLASSES; k++) {
        while (s->qhead[k] != s->qtail[k]) {
            s->queued[s->queue[k][s->qhead[k]]] = 0;
            s->qhead[k] = (s->qhead[k] + 1) % size;
        }
    }
    s->queued_total = 0;
    s->nnaked = 0;
}

static void enqueue_all(rg_solver *s)
{
    const rg_model *m = s->m;
    for (int p = 0; p < m->nprops; p++) {
        if (s->queued[p] || (s->inactive[p >> 5] & (1u << (p & 31)))) continue;
        int k = m->props[p].def.cost;
        s->queue[k][s->qtail[k]] = p;
        s->qtail[k] = (s->qtail[k] + 1) % (m->nprops + 1);
        s->queued[p] = 1;
        s->queued_total++;
    }
}

/* Run the cheapest queued propagator. RG_FAIL or 0. */
static int run_one(rg_solver *s, unsigned char *space)
{
    const rg_model *m = s->m;
    int k = 0;
    while (s->qhead[k] == s->qtail[k]) k++;
    int p = s->queue[k][s->qhead[k]];
    s->qhead[k] = (s->qhead[k] + 1) % (m->nprops + 1);
    s->queued_total--;
    const rg_prop *pr = &m->props[p];
    s->ctx.dom = (rg_mask *)space;
    s->ctx.state = space + s->state_off;
    s->ctx.family = pr->family;
    s->st.family_calls[pr->family]++;
    /* queued[p] stays set while it runs: its own changes do not requeue it. */
    int r = pr->def.propagate(&s->ctx, pr->data);
    s->queued[p] = 0;
    if (r == RG_PROP_FAIL || s->failed) {
        blame(s, pr->watch, pr->nwatch);
        return RG_FAIL;
    }
    if (r == RG_PROP_SUBSUMED) {
        s->inactive[p >> 5] |= 1u << (p & 31);
    } else if (r == RG_PROP_NOFIX && s->cascade) {
        s->queue[k][s->qtail[k]] = p;
        s->qtail[k] = (s->qtail[k] + 1) % (m->nprops + 1);
        s->queued[p] = 1;
        s->queued_total++;
    }
    return 0;
}

/* ---- Deductions over units ---------------------------------------------------------- */

/* Hidden singles: a digit with one place left in a unit goes there; a digit
 * with none fails. Returns RG_FAIL, 0 (nothing) or 1 (changed). */
static int hidden_singles(rg_solver *s, rg_mask *dom)
{
    const rg_model *m = s->m;
    const int D = s->D;
    int changed = 0;
    s->st.family_calls[RG_FAM_SINGLES]++;
    for (int n = s->nustack[0]; n > 0; n = s->nustack[0]) {
        int u = s->ustack[0][--s->nustack[0]];
        s->udirty[u] &= (unsigned char)~1u;
        const int *cells = m->unit_cells + (size_t)u * D;
        rg_mask once = 0, twice = 0, placed = 0;
        for (int k = 0; k < D; k++) {
            rg_mask x = dom[cells[k]];
            twice |= once & x;
            once |= x;
            placed |= (x & (x - 1)) ? 0 : x;
        }
        if (once != s->full) {
            s->failed = 1;
            blame(s, cells, D);
            return RG_FAIL;
        }
        rg_mask lone = once & ~twice & ~placed;
        while (lone) {
            rg_mask bit = lone & -lone;
            lone ^= bit;
            for (int k = 0; k < D; k++) {
                int c = cells[k];
                if (dom[c] & bit) {
                    if (dom[c] != bit && narrow(s, dom, c, bit, RG_FAM_SINGLES) < 0) return RG_FAIL;
                    break;
                }
            }
            changed = 1;
        }
    }
    return changed;
}

/* Locked candidates between a unit and a house that share cells: a digit
 * of unit U found only in I = U ∩ H leaves H \ I. Per group of disjoint I
 * sets, the digits in exactly one I and nowhere else in U are the locked ones. */
static int intersections(rg_solver *s, rg_mask *dom)
{
    const rg_model *m = s->m;
    int changed = 0;
    s->st.family_calls[RG_FAM_INTERSECTIONS]++;
    while (s->nustack[1] > 0) {
        int u = s->ustack[1][--s->nustack[1]];
        s->udirty[u] &= (unsigned char)~2u;
        for (int g = m->igroup_off[u]; g < m->igroup_off[u + 1]; g++) {
            const rg_igroup *G = &m->igroups[g];
            rg_mask ins[RG_MAX_DIGITS], once = 0, twice = 0, out = 0, placed = 0;
            for (int j = 0; j < G->count; j++) {
                const rg_inter *x = &m->inters[G->first + j];
                rg_mask in = 0;
                for (int k = 0; k < x->nin; k++) {
                    rg_mask v = dom[x->in[k]];
                    in |= v;
                    placed |= (v & (v - 1)) ? 0 : v;
                }
                ins[j] = in;
                twice |= once & in;
                once |= in;
            }
            for (int k = 0; k < G->nrest; k++) out |= dom[G->rest[k]];
            rg_mask locked = once & ~twice & ~out & ~placed;
            if (!locked) continue;
            for (int j = 0; j < G->count; j++) {
                rg_mask lock = ins[j] & locked;
                if (!lock) continue;
                const rg_inter *x = &m->inters[G->first + j];
                for (int k = 0; k < x->nhrest; k++) {
                    int c = x->hrest[k];
                    if (dom[c] & lock) {
                        if (narrow(s, dom, c, dom[c] & ~lock, RG_FAM_INTERSECTIONS) < 0)
                            return RG_FAIL;
                        changed = 1;
                    }
                }
            }
        }
    }
    return changed;
}

/* Naked and hidden pairs and triples in units. Returns at the first unit
 * that changed something so that cheaper deductions run first again. */
static int subsets(rg_solver *s, rg_mask *dom)
{
    const rg_model *m = s->m;
    const int D = s->D;
    s->st.family_calls[RG_FAM_SUBSETS]++;
    while (s->nustack[2] > 0) {
        int u = s->ustack[2][--s->nustack[2]];
        s->udirty[u] &= (unsigned char)~4u;
        const int *cells = m->unit_cells + (size_t)u * D;
        int idx[RG_MAX_DIGITS], n = 0;
        rg_mask open = 0;
        for (int k = 0; k < D; k++) {
            rg_mask x = dom[cells[k]];
            if (x & (x - 1)) {
                idx[n++] = cells[k];
                open |= x;
            }
        }
        if (n < 3) continue;
        int changed = 0;
        /* Naked: k cells whose union holds k digits. */
        for (int a = 0; a < n; a++) {
            rg_mask ma = dom[idx[a]];
            if (rg_popcount(ma) > 3) continue;
            for (int b = a + 1; b < n; b++) {
                rg_mask mab = ma | dom[idx[b]];
                int pc = rg_popcount(mab);
                if (pc > 3) continue;
                if (pc == 2) {
                    for (int c = 0; c < n; c++) {
                        if (c == a || c == b || !(dom[idx[c]] & mab)) continue;
                        if (narrow(s, dom, idx[c], dom[idx[c]] & ~mab, RG_FAM_SUBSETS) < 0) return RG_FAIL;
                        changed = 1;
                    }
                    if (changed) return 1;
                    continue;
                }
                for (int c = b + 1; c < n; c++) {
                    rg_mask mabc = mab | dom[idx[c]];
                    if (rg_popcount(mabc) != 3 || n == 3) continue;
                    for (int e = 0; e < n; e++) {
                        if (e == a || e == b || e == c || !(dom[idx[e]] & mabc)) continue;
                        if (narrow(s, dom, idx[e], dom[idx[e]] & ~mabc, RG_FAM_SUBSETS) < 0) return RG_FAIL;
                        changed = 1;
                    }
                    if (changed) return 1;
                }
            }
        }
        /* Hidden: k digits whose places in the unit are k cells. */
        uint32_t pos[RG_MAX_DIGITS];
        int digs[RG_MAX_DIGITS], nd = 0;
        for (int d = 0; d < D; d++) {
            if (!(open & (1u << d))) continue;
            uint32_t p = 0;
            for (int k = 0; k < n; k++)
                if (dom[idx[k]] & (1u << d)) p |= 1u << k;
            pos[nd] = p;
            digs[nd++] = d;
        }
        for (int a = 0; a < nd; a++) {
            if (rg_popcount(pos[a]) > 3) continue;
            for (int b = a + 1; b < nd; b++) {
                uint32_t pab = pos[a] | pos[b];
                int pc = rg_popcount(pab);
                if (pc > 3) continue;
                rg_mask keep2 = (1u << digs[a]) | (1u << digs[b]);
                if (pc == 2) {
                    for (int k = 0; k < n; k++) {
                        if (!(pab & (1u << k)) || !(dom[idx[k]] & ~keep2)) continue;
                        if (narrow(s, dom, idx[k], dom[idx[k]] & keep2, RG_FAM_SUBSETS) < 0) return RG_FAIL;
                        changed = 1;
                    }
                    if (changed) return 1;
                    continue;
                }
                for (int c = b + 1; c < nd; c++) {
                    uint32_t pabc = pab | pos[c];
                    if (rg_popcount(pabc) != 3) continue;
                    rg_mask keep3 = keep2 | (1u << digs[c]);
                    for (int k = 0; k < n; k++) {
                        if (!(pabc & (1u << k)) || !(dom[idx[k]] & ~keep3)) continue;
                        if (narrow(s, dom, idx[k], dom[idx[k]] & keep3, RG_FAM_SUBSETS) < 0) return RG_FAIL;
                        changed = 1;
                    }
                    if (changed) return 1;
                }
            }
        }
    }
    return 0;
}

/* ---- Propagation to a fixpoint (propagate level and above) ------------------------ */

/* After a failure: drop what is queued and dirty. Returns RG_FAIL. */
static int abandon(rg_solver *s)
{
    clear_queue(s);
    clear_dirty(s);
    s->failed = 0;
    return RG_FAIL;
}

static int propagate(rg_solver *s, unsigned char *space)
{
    rg_mask *dom = (rg_mask *)space;
    const rg_model *m = s->m;
    s->inactive = (uint32_t *)(space + s->inactive_off);
    for (;;) {
        while (s->nnaked) {
            int c = s->naked[--s->nnaked];
            rg_mask bit = dom[c];
            s->st.family_calls[RG_FAM_PEERS]++;
            for (int k = m->peer_off[c]; k < m->peer_off[c + 1]; k++) {
                int p = m->peers[k];
                if (dom[p] & bit) {
                    if (narrow(s, dom, p, dom[p] & ~bit, RG_FAM_PEERS) < 0) {
                        if (s->wdeg) s->wdeg[c] += 1.0;
                        goto fail;
                    }
                }
            }
        }
        if (s->queued_total) {
            if (run_one(s, space) < 0) goto fail;
            continue;
        }
        int r;
        if (s->nustack[0]) {
            if ((r = hidden_singles(s, dom)) < 0) goto fail;
            if (r) continue;
        }
        if (s->nustack[1]) {
            if ((r = intersections(s, dom)) < 0) goto fail;
            if (r) continue;
        }
        if (s->nustack[2]) {
            if ((r = subsets(s, dom)) < 0) goto fail;
            if (r) continue;
        }
        return 0;
    }
fail:
    return abandon(s);
}

/* ---- Assignment at the check and forward levels ---------------------------------- */

static void fill_values(rg_solver *s, const unsigned char *space)
{
    const rg_mask *dom = (const rg_mask *)space;
    const unsigned char *as = space + s->assigned_off;
    for (int c = 0; c < s->N; c++) s->values[c] = as[c] ? rg_digit_of(dom[c]) : 0;
}

/* Place digit bit in cell c. check: only test rules whose cells are all
 * placed; forward: also prune peers and run the propagators watching c once. */
static int assign_plain(rg_solver *s, unsigned char *space, int c, rg_mask bit)
{
    const rg_model *m = s->m;
    rg_mask *dom = (rg_mask *)space;
    unsigned char *as = space + s->assigned_off;
    s->inactive = (uint32_t *)(space + s->inactive_off);
    if (!(dom[c] & bit)) return RG_FAIL;
    dom[c] = bit;
    as[c] = 1;
    for (int k = m->peer_off[c]; k < m->peer_off[c + 1]; k++) {
        int p = m->peers[k];
        if (!(dom[p] & bit)) continue;
        if (!(s->ded & RG_DEDUCE_FORWARD)) {
            if (as[p]) {
                blame(s, &c, 1);
                return RG_FAIL;
            }
        } else if (!as[p]) {
            if (narrow(s, dom, p, dom[p] & ~bit, RG_FAM_PEERS) < 0) {
                s->failed = 0;
                return RG_FAIL;
            }
        } else {
            return RG_FAIL;
        }
    }
    int filled = 0;
    for (int w = m->watch_off[c]; w < m->watch_off[c + 1]; w++) {
        const rg_prop *pr = &m->props[m->watch_prop[w]];
        if (s->ded & RG_DEDUCE_FORWARD) {
            s->ctx.dom = dom;
            s->ctx.state = space + s->state_off;
            s->ctx.family = pr->family;
            s->st.family_calls[pr->family]++;
            int r = pr->def.propagate(&s->ctx, pr->data);
            if (r == RG_PROP_FAIL || s->failed) {
                s->failed = 0;
                blame(s, pr->watch, pr->nwatch);
                return RG_FAIL;
            }
        }
        int all = 1;
        for (int k = 0; k < pr->nwatch && all; k++) all = as[pr->watch[k]];
        if (all) {
            if (!filled) fill_values(s, space);
            filled = 1;
            if (!pr->def.check(s->values, pr->data)) {
                blame(s, pr->watch, pr->nwatch);
                return RG_FAIL;
            }
        }
    }
    return 0;
}

/* ---- Search ------------------------------------------------------------------------ */

static int degree(const rg_solver *s, const rg_mask *dom, int c)
{
    int d = 0;
    for (int k = s->m->peer_off[c]; k < s->m->peer_off[c + 1]; k++) {
        rg_mask x = dom[s->m->peers[k]];
        d += (x & (x - 1)) != 0;
    }
    return d;
}

/* The next cell to branch on, or -1 when every cell is decided. */
static int select_cell(rg_solver *s, const unsigned char *space)
{
    const rg_mask *dom = (const rg_mask *)space;
    const unsigned char *as = s->cascade ? NULL : space + s->assigned_off;
    int best = -1, bpc = 99, bdeg = -1, scored = 0;
    double bscore = 1e300;
    for (int c = 0; c < s->N; c++) {
        rg_mask x = dom[c];
        if (as ? as[c] : !(x & (x - 1))) continue;
        int pc = rg_popcount(x);
        switch (s->o.heuristic) {
        case RG_HEURISTIC_FIRST:
            return c;
        case RG_HEURISTIC_MRV:
            if (pc < bpc) {
                bpc = pc;
                best = c;
                if (pc <= 2) return c;
            }
            break;
        case RG_HEURISTIC_MRV_DEGREE:
            if (pc < bpc) {
                bpc = pc;
                best = c;
                bdeg = degree(s, dom, c);
            } else if (pc == bpc) {
                int d = degree(s, dom, c);
                if (d > bdeg) {
                    bdeg = d;
                    best = c;
                }
            }
            break;
        case RG_HEURISTIC_LOOKAHEAD:
            /* The smallest estimate of this space; without one, mrv. */
            if (s->lstamp[c] == s->lepoch) {
                if (!scored || s->lscore[c] < bscore) {
                    scored = 1;
                    bscore = s->lscore[c];
                    best = c;
                }
            } else if (!scored && pc < bpc) {
                bpc = pc;
                best = c;
            }
            break;
        default: {
            double score = pc / s->wdeg[c];
            if (score < bscore) {
                bscore = score;
                best = c;
            }
        }
        }
    }
    return best;
}

static rg_mask pick_value(rg_solver *s, rg_mask left)
{
    if (s->o.values != RG_VALUES_RANDOM) return left & -left;
    int k = (int)(rng_next(&s->rng) % (uint64_t)rg_popcount(left));
    while (k--) left &= left - 1;
    return left & -left;
}

static int limit_hit(rg_solver *s)
{
    if (s->stopped) return 1; /* the clock ran out while probing */
    if (s->o.max_nodes && s->st.nodes >= s->o.max_nodes) return 1;
    if (s->o.max_seconds > 0 && (s->st.nodes & 127) == 0 &&
        now_us(&s->t0) >= s->o.max_seconds * 1e6)
        return 1;
    return 0;
}

/* A complete assignment found by the search: checked against every rule. */
static int accept(rg_solver *s, const unsigned char *space)
{
    const rg_mask *dom = (const rg_mask *)space;
    for (int c = 0; c < s->N; c++) s->values[c] = rg_single(dom[c]) ? rg_digit_of(dom[c]) : 0;
    return rg_model_check(s->m, s->values) == -1;
}

static unsigned char *space_at(rg_solver *s, int d) { return s->spaces + (size_t)d * s->space_bytes; }

/* Room for at least n spaces (the search depth is at most N + 1). */
static int grow_spaces(rg_solver *s, int n)
{
    if (n <= s->nspaces) return RG_OK;
    int cap = s->nspaces ? s->nspaces : 16;
    while (cap < n) cap *= 2;
    if (cap > s->N + 2) cap = s->N + 2;
    unsigned char *ns = rg_realloc(s->spaces, s->space_bytes * (size_t)cap);
    if (!ns) return RG_E_NOMEM;
    s->spaces = ns;
    s->nspaces = cap;
    return RG_OK;
}

/* Place bit in cell c of space and propagate as the level says. */
static int assign(rg_solver *s, unsigned char *space, int c, rg_mask bit)
{
    if (!s->cascade) return assign_plain(s, space, c, bit);
    rg_mask *dom = (rg_mask *)space;
    if (!(dom[c] & bit)) return RG_FAIL;
    if (dom[c] != bit) {
        rg_mask old = dom[c];
        s->inactive = (uint32_t *)(space + s->inactive_off);
        narrow(s, dom, c, bit, RG_FAM_PEERS);
        /* a guess, not a pruning */
        s->st.family_prunings[RG_FAM_PEERS] -= (uint64_t)rg_popcount(old ^ bit);
    }
    return propagate(s, space);
}

/* ---- Failed-literal probing (probe level) ------------------------------------------- */

/* At the probe level, cells with at most this many candidates are probed:
 * two, then three. */
#define PROBE_MAX_CANDIDATES 3

/* Read the clock at the first probed cell and every 64th after it (each
 * costs a few nodes' worth of propagation), so that a time limit also ends
 * the probing, even of a search too short for the node-count check. */
static int probe_time_up(rg_solver *s)
{
    if (s->o.max_seconds > 0 && (++s->ticks & 63) == 1 &&
        now_us(&s->t0) >= s->o.max_seconds * 1e6)
        s->stopped = 1;
    return s->stopped;
}

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
        memcpy(s->scratch, space, s->space_bytes);
        s->st.family_calls[s->fam_probe]++;
        if (assign(s, s->scratch, cells[i], bits[i]) != 0) continue;
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
        if (narrow(s, dom, x, nm, s->fam_probe) < 0) return abandon(s);
    }
    if (!changed) return 0;
    s->lepoch++;
    return propagate(s, space) < 0 ? RG_FAIL : 1;
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
static int probe(rg_solver *s, unsigned char *space)
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
                if (probe_time_up(s)) return 0;
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

/* Depth-first search from the propagated root space 0. */
static void search(rg_solver *s, rg_result *r)
{
    int d = 0;
    for (;;) {
        unsigned char *sp = space_at(s, d);
        int c = select_cell(s, sp);
        if (c < 0) {
            if (accept(s, sp)) {
                if (r->solutions == 0) memcpy(s->sol, s->values, (size_t)s->N * sizeof *s->sol);
                if (++r->solutions >= s->o.limit) return;
            } else {
                s->st.failures++;
            }
            goto backtrack;
        }
        {
            rg_mask x = ((rg_mask *)sp)[c];
            s->frames[d].cell = c;
            s->frames[d].left = x;
            s->frames[d].guess = (x & (x - 1)) != 0;
        }
    try_next:
        while (s->frames[d].left) {
            if (limit_hit(s)) {
                s->stopped = 1;
                return;
            }
            frame *f = &s->frames[d];
            rg_mask v = pick_value(s, f->left);
            f->left &= ~v;
            if (d + 1 >= s->nspaces && grow_spaces(s, d + 2) != RG_OK) {
                s->stopped = 1; /* out of memory: an honest unknown */
                return;
            }
            unsigned char *next = space_at(s, d + 1);
            memcpy(next, space_at(s, d), s->space_bytes);
            s->st.nodes++;
            if (f->guess) s->st.guesses++;
            if (assign(s, next, f->cell, v) == 0 &&
                (!(s->ded & RG_DEDUCE_PROBE) || probe(s, next) == 0)) {
                d++;
                goto descend;
            }
            s->st.failures++;
        }
    backtrack:
        if (d == 0) return;
        d--;
        goto try_next;
    descend:;
    }
}

/* ---- Setup and the entry point -------------------------------------------------------- */

static void release_buffers(rg_solver *s)
{
    rg_free(s->spaces);
    rg_free(s->frames);
    rg_free(s->naked);
    for (int k = 0; k < RG_COST_CLASSES; k++) rg_free(s->queue[k]);
    rg_free(s->queued);
    rg_free(s->values);
    rg_free(s->udirty);
    for (int b = 0; b < 3; b++) rg_free(s->ustack[b]);
    rg_free(s->sol);
    rg_free(s->wdeg);
    rg_free(s->scratch);
    rg_free(s->reach);
    rg_free(s->lscore);
    rg_free(s->lstamp);
    if (s->m) rg_model_unref(s->m);
    memset(s, 0, sizeof *s);
}

static int prepare(rg_solver *s, rg_model *m)
{
    if (s->m == m) return RG_OK;
    release_buffers(s);
    rg_model_ref(m);
    s->m = m;
    s->N = m->board.ncells;
    s->D = m->board.digits;
    s->full = m->full;
    size_t off = (size_t)s->N * sizeof(rg_mask);
    off = (off + 15) & ~(size_t)15;
    s->state_off = off;
    off += m->state_size;
    s->inactive_off = off;
    off += (size_t)((m->nprops + 31) / 32) * sizeof(uint32_t);
    s->assigned_off = off;
    off += (size_t)s->N;
    s->space_bytes = (off + 15) & ~(size_t)15;
    s->nspaces = 0;
    s->spaces = NULL;
    grow_spaces(s, s->N + 2 < 16 ? s->N + 2 : 16);
    s->frames = rg_calloc((size_t)s->N + 2, sizeof *s->frames);
    s->naked = rg_malloc(((size_t)s->N + 1) * sizeof *s->naked);
    for (int k = 0; k < RG_COST_CLASSES; k++)
        s->queue[k] = rg_malloc(((size_t)m->nprops + 1) * sizeof(int));
    s->queued = rg_calloc((size_t)m->nprops + 1, 1);
    s->values = rg_malloc(((size_t)s->N + 1) * sizeof *s->values);
    s->udirty = rg_calloc((size_t)m->nunits + 1, 1);
    for (int b = 0; b < 3; b++) s->ustack[b] = rg_malloc(((size_t)m->nunits + 1) * sizeof(int));
    s->sol = rg_malloc(((size_t)s->N + 1) * sizeof *s->sol);
    s->wdeg = rg_malloc(((size_t)s->N + 1) * sizeof *s->wdeg);
    s->scratch = rg_malloc(s->space_bytes);
    s->reach = rg_malloc(((size_t)s->N + 1) * sizeof *s->reach);
    s->lscore = rg_malloc(((size_t)s->N + 1) * sizeof *s->lscore);
    s->lstamp = rg_malloc(((size_t)s->N + 1) * sizeof *s->lstamp);
    int ok = s->spaces && s->frames && s->naked && s->queued && s->values && s->sol && s->wdeg &&
             s->udirty && s->scratch && s->reach && s->lscore && s->lstamp;
    for (int b = 0; b < 3; b++) ok = ok && s->ustack[b];
    for (int k = 0; k < RG_COST_CLASSES; k++) ok = ok && s->queue[k];
    if (!ok) {
        release_buffers(s);
        return RG_E_NOMEM;
    }
    s->ctx.s = s;
    return RG_OK;
}

rg_solver *rg_solver_new(void) { return rg_calloc(1, sizeof(rg_solver)); }

void rg_solver_free(rg_solver *s)
{
    if (!s) return;
    release_buffers(s);
    rg_free(s);
}

/* Set up the root space from the givens. RG_FAIL when they contradict. */
static int root(rg_solver *s, const rg_puzzle *p, const rg_mask *start)
{
    const rg_model *m = s->m;
    unsigned char *sp = space_at(s, 0);
    rg_mask *dom = (rg_mask *)sp;
    memset(sp, 0, s->space_bytes);
    memcpy(dom, m->root, (size_t)s->N * sizeof *dom);
    if (start)
        for (int c = 0; c < s->N; c++) dom[c] &= start[c];
    if (m->state_size) memcpy(sp + s->state_off, m->state_init, m->state_size);
    s->inactive = (uint32_t *)(sp + s->inactive_off);
    s->nnaked = 0;
    s->failed = 0;
    if (m->infeasible_rule >= 0) return RG_FAIL;
    for (int c = 0; c < s->N; c++)
        if (!dom[c]) return RG_FAIL;
    if (!s->cascade) {
        for (int c = 0; c < s->N; c++) {
            int g = p->givens[c];
            if (g && assign_plain(s, sp, c, 1u << (g - 1)) < 0) return RG_FAIL;
        }
        return 0;
    }
    for (int c = 0; c < s->N; c++) {
        int g = p->givens[c];
        if (g) {
            rg_mask bit = 1u << (g - 1);
            if (!(dom[c] & bit)) return RG_FAIL;
            dom[c] = bit;
        }
        if (rg_single(dom[c])) s->naked[s->nnaked++] = c;
    }
    enqueue_all(s);
    all_dirty(s);
    int rc = propagate(s, sp);
    if (rc == 0 && (s->ded & RG_DEDUCE_PROBE)) rc = probe(s, sp);
    return rc;
}

/* Fresh counters, weights and queue for a run under o. */
static void reset(rg_solver *s, const rg_options *o)
{
    const rg_model *m = s->m;
    s->o = *o;
    memset(&s->st, 0, sizeof s->st);
    s->st.families = m->nfamilies;
    for (int i = 0; i < m->nfamilies; i++) s->st.family[i] = m->families[i];
    s->rng = o->seed * 0x9E3779B97F4A7C15ull + 0x632BE59BD9B4E019ull;
    if (!s->rng) s->rng = 1;
    s->ded = rg_strategy_deductions(o->strategy);
    /* Without any pruning domains stay whole: every open cell has all its
     * digits, and a degree tie break would order the whole board. */
    if (!s->ded && s->o.heuristic == RG_HEURISTIC_MRV_DEGREE) s->o.heuristic = RG_HEURISTIC_MRV;
    s->cascade = (s->ded & RG_DEDUCE_FIXPOINT) != 0;
    s->dirty_bits = 0;
    if (m->nunits) {
        if (s->ded & RG_DEDUCE_SINGLES) s->dirty_bits |= 1;
        if ((s->ded & RG_DEDUCE_INTERSECTIONS) && m->ninters) s->dirty_bits |= 2;
        if (s->ded & RG_DEDUCE_SUBSETS) s->dirty_bits |= 4;
    }
    clear_dirty(s);
    s->stopped = 0;
    s->ticks = 0;
    /* Probes count as a family of their own, after the model's, at the probe
     * level only (so no other level's counters change); with the family table
     * full they count under subsets. */
    s->fam_probe = RG_FAM_SUBSETS;
    if ((s->ded & RG_DEDUCE_PROBE) && m->nfamilies < RG_MAX_FAMILIES) {
        s->fam_probe = s->st.families++;
        s->st.family[s->fam_probe] = "probe";
    }
    for (int c = 0; c < s->N; c++) s->wdeg[c] = 1.0;
    /* No estimate is of epoch 1 or later until a probe gives it. */
    memset(s->lstamp, 0, (size_t)s->N * sizeof *s->lstamp);
    s->lepoch = 1;
    memset(s->queued, 0, (size_t)m->nprops + 1);
    for (int k = 0; k < RG_COST_CLASSES; k++) s->qhead[k] = s->qtail[k] = 0;
    s->queued_total = 0;
}

int rg_solve(rg_solver *s, const rg_puzzle *p, const rg_options *o, rg_result *r, rg_error *err)
{
    memset(r, 0, sizeof *r);
    r->broken_rule = -1;
    if (!s || !p || !o) return rg_error_set(err, RG_E_INTERNAL, NULL, "rg_solve: null argument");
    if (o->strategy < 0 || o->strategy >= RG_STRATEGY_COUNT || o->heuristic < 0 ||
        o->heuristic >= RG_HEURISTIC_COUNT || o->limit < 1)
        return rg_error_set(err, RG_E_FORMAT, NULL, "rg_solve: options out of range");
    if (prepare(s, p->model) != RG_OK) return rg_error_set(err, RG_E_NOMEM, NULL, "out of memory");
    const rg_model *m = s->m;
    reset(s, o);

    clock_gettime(CLOCK_MONOTONIC, &s->t0);
    s->st.nodes = 1;
    int rc = root(s, p, NULL);
    s->st.root_us = now_us(&s->t0);
    if (rc == 0) {
        search(s, r);
    } else {
        s->st.failures++;
        clear_queue(s);
    }
    s->st.search_us = now_us(&s->t0) - s->st.root_us;
    for (int i = 0; i < s->st.families; i++) {
        s->st.prunings += s->st.family_prunings[i];
        s->st.propagations += s->st.family_calls[i];
    }

    if (s->stopped) r->status = RG_STATUS_UNKNOWN;
    else if (r->solutions == 0) r->status = RG_STATUS_NONE;
    else if (o->limit == 1) r->status = RG_STATUS_SOLVED;
    else if (r->solutions == 1) r->status = RG_STATUS_UNIQUE;
    else r->status = RG_STATUS_MULTIPLE;
    r->solution = r->solutions ? s->sol : NULL;
    r->no_guess = s->st.guesses == 0 && !s->stopped;
    if (r->status == RG_STATUS_NONE) r->broken_rule = rg_model_broken(m, p->givens);
    r->stats = s->st;
    return RG_OK;
}

int rg_engine_root(rg_solver *s, const rg_puzzle *p, int strategy, rg_mask *out)
{
    return rg_engine_narrow(s, p, strategy, NULL, out);
}

int rg_engine_narrow(rg_solver *s, const rg_puzzle *p, int strategy, const rg_mask *start,
                     rg_mask *out)
{
    rg_options o;
    rg_options_default(&o);
    o.strategy = strategy < RG_STRATEGY_PROPAGATE ? RG_STRATEGY_PROPAGATE : strategy;
    if (prepare(s, p->model) != RG_OK) return RG_FAIL;
    reset(s, &o);
    int rc = root(s, p, start);
    if (rc != 0) clear_queue(s);
    memcpy(out, space_at(s, 0), (size_t)s->N * sizeof *out);
    return rc;
}
