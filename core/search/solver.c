/* The solver: its buffers sized for a model, a run's counters and
 * switches from the options, the root space from the givens, and rg_solve,
 * the library's entry to propagation and search. */
#include <limits.h>
#include <string.h>

#include "base/clock.h"
#include "base/error.h"
#include "base/mask.h"
#include "base/mem.h"
#include "model/check.h"
#include "model/record.h"
#include "search/bands.h"
#include "search/changes.h"
#include "search/fast.h"
#include "search/limits.h"
#include "search/plain.h"
#include "search/probe.h"
#include "search/propagate.h"
#include "search/queue.h"
#include "search/search.h"
#include "search/space.h"
#include "search/units.h"

/* A root kept (rg_solver_keep_root): the key (the deductions and the
 * givens; the model is the solver's, the memo goes with it) and what root()
 * leaves: space 0, the change lists, the dirty units, the queue's ends and
 * the counters. */
struct rg_root_memo {
    int valid;
    unsigned ded;
    int stop; /* root_stop's */
    int *givens;
    unsigned char *space;
    int *chg_n, *chg_pos, *chg_list, nchg_list;
    unsigned char *chg_listed;
    rg_mask *chg_lost;
    unsigned char *udirty;
    rg_mask *ulost;
    int qhead[RG_COST_CLASSES], qtail[RG_COST_CLASSES];
    unsigned ticks, idle;
    rg_stats st;
};

static void memo_free(struct rg_root_memo *k)
{
    if (!k) return;
    rg_mem_free(k->givens);
    rg_mem_free(k->space);
    rg_mem_free(k->chg_n);
    rg_mem_free(k->chg_pos);
    rg_mem_free(k->chg_list);
    rg_mem_free(k->chg_listed);
    rg_mem_free(k->chg_lost);
    rg_mem_free(k->udirty);
    rg_mem_free(k->ulost);
    rg_mem_free(k);
}

/* Sizes of the change arrays: per propagator (np) and per watch (nw). */
static void change_sizes(const rg_model *m, size_t *np, size_t *nw)
{
    *np = (size_t)m->nprops + 1;
    *nw = (size_t)m->prop_watch_off[m->nprops] + 1;
}

static struct rg_root_memo *memo_new(const rg_solver *s)
{
    const rg_model *m = s->m;
    size_t np, nw, nu = (size_t)m->nunits + 1;
    change_sizes(m, &np, &nw);
    struct rg_root_memo *k = rg_mem_calloc(1, sizeof *k);
    if (!k) return NULL;
    k->givens = rg_mem_alloc((size_t)s->N * sizeof *k->givens);
    k->space = rg_mem_alloc(s->space_bytes);
    k->chg_n = rg_mem_alloc(np * sizeof *k->chg_n);
    k->chg_pos = rg_mem_alloc(nw * sizeof *k->chg_pos);
    k->chg_list = rg_mem_alloc(np * sizeof *k->chg_list);
    k->chg_listed = rg_mem_alloc(np);
    k->chg_lost = rg_mem_alloc(nw * sizeof *k->chg_lost);
    k->udirty = rg_mem_alloc(nu);
    k->ulost = rg_mem_alloc(nu * sizeof *k->ulost);
    if (k->givens && k->space && k->chg_n && k->chg_pos && k->chg_list && k->chg_listed &&
        k->chg_lost && k->udirty && k->ulost)
        return k;
    memo_free(k);
    return NULL;
}

static void release_buffers(rg_solver *s)
{
    rg_mem_free(s->spaces);
    rg_mem_free(s->work);
    rg_mem_free(s->frames);
    rg_mem_free(s->naked);
    for (int k = 0; k < RG_COST_CLASSES; k++) rg_mem_free(s->queue[k]);
    rg_mem_free(s->queued);
    rg_mem_free(s->values);
    rg_mem_free(s->udirty);
    rg_mem_free(s->ulost);
    rg_bands_release(s);
    for (int b = 0; b < 3; b++) rg_mem_free(s->ustack[b]);
    rg_mem_free(s->clost);
    rg_mem_free(s->cstack);
    rg_mem_free(s->sol);
    rg_mem_free(s->wdeg);
    rg_mem_free(s->scratch);
    rg_mem_free(s->reach);
    rg_mem_free(s->lscore);
    rg_mem_free(s->lstamp);
    rg_changes_release(s);
    rg_fast_release(s);
    memo_free(s->memo);
    if (s->m) rg_model_unref(s->m);
    size_t budget = s->copy_budget;
    int general_only = s->general_only, fast_baseline = s->fast_baseline, keep = s->keep_root;
    int guessless = s->guessless, every_prop = s->every_prop, units_only = s->units_only;
    int no_hold = s->no_hold;
    memset(s, 0, sizeof *s);
    s->no_hold = no_hold;
    s->keep_root = keep;
    s->guessless = guessless;
    s->every_prop = every_prop;
    s->units_only = units_only;
    s->copy_budget = budget;
    s->general_only = general_only;
    s->fast_baseline = fast_baseline;
}

/* The digit boards' place in a space from off, when the model takes them
 * (banded: rg_bands_prepare's answer): the space's size. */
static size_t boards_layout(rg_solver *s, int banded, size_t off)
{
    s->board_off = s->board16_off = 0;
    if (banded == RG_OK && (s->bpeers || s->bpeers16)) {
        off = (off + 15) & ~(size_t)15;
        if (s->bpeers) {
            s->board_off = off;
            off += sizeof(struct rg_space_boards);
        } else {
            s->board16_off = off;
            off += sizeof(struct rg_space_boards16);
        }
    }
    return (off + 15) & ~(size_t)15;
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
    s->wshared = s->N ? INT_MAX : 0;
    for (int c = 0; c < s->N; c++) {
        int w = m->watch_off[c + 1] - m->watch_off[c];
        if (w < s->wshared) s->wshared = w;
    }
    size_t off = (size_t)s->N * sizeof(rg_mask);
    off = (off + 15) & ~(size_t)15;
    s->state_off = off;
    off += m->state_size;
    s->inactive_off = off;
    off += (size_t)((m->nprops + 31) / 32) * sizeof(uint32_t);
    s->assigned_off = off;
    off += (size_t)s->N;
    /* (the boards' choice needs only the model) */
    int banded = rg_bands_prepare(s);
    s->space_bytes = boards_layout(s, banded, off);
    int planned = rg_search_plan(s);
    s->frames = rg_mem_calloc((size_t)s->N + 2, sizeof *s->frames);
    s->naked = rg_mem_alloc(((size_t)s->N + 1) * sizeof *s->naked);
    for (int k = 0; k < RG_COST_CLASSES; k++)
        s->queue[k] = rg_mem_alloc(((size_t)m->nprops + 1) * sizeof(int));
    /* (queued[nprops] is the wakes' filler, which reads as queued:
     * search/space.h rg_space_wake4) */
    s->queued = rg_mem_calloc((size_t)m->nprops + 1, 1);
    if (s->queued) s->queued[m->nprops] = 1;
    s->values = rg_mem_alloc(((size_t)s->N + 1) * sizeof *s->values);
    s->udirty = rg_mem_calloc((size_t)m->nunits + 1, 1);
    s->ulost = rg_mem_calloc((size_t)m->nunits + 1, sizeof *s->ulost);
    for (int b = 0; b < 3; b++) s->ustack[b] = rg_mem_alloc(((size_t)m->nunits + 1) * sizeof(int));
    s->clost = rg_mem_calloc((size_t)s->N + 1, sizeof *s->clost);
    s->cstack = rg_mem_alloc(((size_t)s->N + 1) * sizeof *s->cstack);
    s->sol = rg_mem_alloc(((size_t)s->N + 1) * sizeof *s->sol);
    s->wdeg = rg_mem_alloc(((size_t)s->N + 1) * sizeof *s->wdeg);
    s->scratch = rg_mem_alloc(s->space_bytes);
    s->reach = rg_mem_alloc(((size_t)s->N + 1) * sizeof *s->reach);
    s->lscore = rg_mem_alloc(((size_t)s->N + 1) * sizeof *s->lscore);
    s->lstamp = rg_mem_alloc(((size_t)s->N + 1) * sizeof *s->lstamp);
    int ok = planned == RG_OK && rg_fast_prepare(s) == RG_OK && banded == RG_OK && s->frames &&
             s->naked && s->queued && s->values && s->sol && s->wdeg && s->udirty && s->ulost &&
             s->clost && s->cstack && s->scratch && s->reach && s->lscore && s->lstamp;
    ok = ok && rg_changes_prepare(s) == RG_OK;
    for (int b = 0; b < 3; b++) ok = ok && s->ustack[b];
    for (int k = 0; k < RG_COST_CLASSES; k++) ok = ok && s->queue[k];
    if (!ok) {
        release_buffers(s);
        return RG_E_NOMEM;
    }
    s->ctx.s = s;
    return RG_OK;
}

rg_solver *rg_solver_new(void)
{
    rg_solver *s = rg_mem_calloc(1, sizeof(rg_solver));
    if (s) s->stop_at = -1;
    return s;
}

void rg_solver_free(rg_solver *s)
{
    if (!s) return;
    release_buffers(s);
    rg_mem_free(s);
}

/* Set up the root space from the givens. RG_FAIL when they contradict. */
static int root(rg_solver *s, const rg_puzzle *p, const rg_mask *start)
{
    const rg_model *m = s->m;
    unsigned char *sp = rg_space_at(s, 0);
    rg_mask *dom = (rg_mask *)sp;
    memset(sp, 0, s->space_bytes);
    memcpy(dom, m->root, (size_t)s->N * sizeof *dom);
    s->placed = 0;
    if (start)
        for (int c = 0; c < s->N; c++) dom[c] &= start[c];
    if (m->state_size) memcpy(sp + s->state_off, m->state_init, m->state_size);
    s->inactive = (uint32_t *)(sp + s->inactive_off);
    /* Below sac the implied propagators stay out, as if subsumed (and the
     * watch loops stop short of them: watch_end). */
    if (s->implied_out)
        for (int w = 0; w < (m->nprops + 31) / 32; w++) s->inactive[w] |= m->implied[w];
    s->nnaked = 0;
    s->failed = 0;
    if (m->infeasible_rule >= 0) return RG_FAIL;
    for (int c = 0; c < s->N; c++)
        if (!dom[c]) return RG_FAIL;
    if (!s->cascade) {
        for (int c = 0; c < s->N; c++) {
            int g = p->givens[c];
            if (g && rg_plain_assign(s, sp, c, 1u << (g - 1)) < 0) return RG_FAIL;
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
    rg_changes_restart(s);
    if (s->defer_global) {
        /* The dearest propagators wait (rg_propagate queues them when the
         * rest is done): a puzzle the rest solves never wakes them. */
        rg_queue_all(s, RG_QUEUE_CHEAP);
        s->watch_end = m->watch_cheap;
    } else {
        rg_queue_all(s, RG_QUEUE_EVERY);
    }
    rg_units_all_dirty(s);
    s->stop_at = s->root_stop ? s->N : -1;
    int rc = rg_propagate_root(s, sp);
    /* The hold ends with the root, whichever way it ended (a failure, every
     * cell placed, or a fixpoint, where it ended already). */
    s->watch_end = s->watch_all;
    s->stop_at = -1; /* the root's alone: not the probes' nor the search's */
    if (rc == 0 && (s->ded & RG_DEDUCE_PROBE)) rc = rg_probe_run(s, sp);
    return rc;
}

void rg_solver_keep_root(rg_solver *s, int on)
{
    s->keep_root = on != 0;
    if (!s->keep_root && s->memo) s->memo->valid = 0;
}

void rg_solver_guessless(rg_solver *s, int on) { s->guessless = on != 0; }

void rg_solver_set_implied(rg_solver *s, int on)
{
    if (!s || s->every_prop == (on != 0)) return;
    s->every_prop = on != 0;
    /* (a kept root was propagated with or without them) */
    if (s->memo) s->memo->valid = 0;
}

void rg_solver_hold_global(rg_solver *s, int on) { s->no_hold = !on; }

/* Can root() be kept, or a kept one stand for it? Only from the model's
 * root domains and the givens, with the fixpoint, below the probe level
 * (probes read weights and estimates that are no part of the space). */
static int memo_usable(const rg_solver *s, const rg_mask *start)
{
    return s->keep_root && !start && s->cascade && !(s->ded & RG_DEDUCE_PROBE);
}

/* Is a root of p at the run's deductions kept? */
static int memo_hit(const rg_solver *s, const rg_puzzle *p, const rg_mask *start)
{
    const struct rg_root_memo *k = s->memo;
    return memo_usable(s, start) && k && k->valid && k->ded == s->ded && k->stop == s->root_stop &&
           memcmp(k->givens, p->givens, (size_t)s->N * sizeof *k->givens) == 0;
}

/* What root() leaves in the solver, copied into the memo k (save) or back
 * out of it: space 0, the change lists, the dirty units, the queue's ends
 * and the counters. */
static void memo_copy(struct rg_root_memo *k, rg_solver *s, int save)
{
    const rg_model *m = s->m;
    size_t np, nw, nu = (size_t)m->nunits + 1;
    change_sizes(m, &np, &nw);
#define MEMO_COPY(kept, live, n) (save ? memcpy((kept), (live), (n)) : memcpy((live), (kept), (n)))
    MEMO_COPY(k->space, rg_space_at(s, 0), s->space_bytes);
    MEMO_COPY(k->chg_n, s->chg_n, np * sizeof *k->chg_n);
    MEMO_COPY(k->chg_pos, s->chg_pos, nw * sizeof *k->chg_pos);
    MEMO_COPY(k->chg_list, s->chg_list, np * sizeof *k->chg_list);
    MEMO_COPY(k->chg_listed, s->chg_listed, np);
    MEMO_COPY(k->chg_lost, s->chg_lost, nw * sizeof *k->chg_lost);
    MEMO_COPY(&k->nchg_list, &s->nchg_list, sizeof k->nchg_list);
    MEMO_COPY(k->udirty, s->udirty, nu);
    MEMO_COPY(k->ulost, s->ulost, nu * sizeof *k->ulost);
    MEMO_COPY(k->qhead, s->qhead, sizeof k->qhead);
    MEMO_COPY(k->qtail, s->qtail, sizeof k->qtail);
    MEMO_COPY(&k->ticks, &s->ticks, sizeof k->ticks);
    MEMO_COPY(&k->idle, &s->idle, sizeof k->idle);
    MEMO_COPY(&k->st, &s->st, sizeof k->st);
#undef MEMO_COPY
}

/* Keep the root root() just propagated for p (silently not, without
 * memory: the next run propagates again). At a fixpoint nothing is queued,
 * naked or stacked. */
static void memo_save(rg_solver *s, const rg_puzzle *p)
{
    if (s->memo) s->memo->valid = 0;
    if (s->stopped || s->nnaked || s->queued_total || s->nustack[0] || s->nustack[1] ||
        s->nustack[2] || s->ncstack)
        return;
    if (!s->memo && !(s->memo = memo_new(s))) return;
    struct rg_root_memo *k = s->memo;
    k->ded = s->ded;
    k->stop = s->root_stop;
    memcpy(k->givens, p->givens, (size_t)s->N * sizeof *k->givens);
    memo_copy(k, s, 1);
    k->valid = 1;
}

/* The kept root in place of root(): the solver as root() would leave it. */
static void memo_restore(rg_solver *s)
{
    memo_copy(s->memo, s, 0);
    s->inactive = (uint32_t *)(rg_space_at(s, 0) + s->inactive_off);
    s->nnaked = 0;
    s->failed = 0;
    s->running = -1;
    for (int b = 0; b < 3; b++) s->nustack[b] = 0;
    rg_units_drop_cells(s);
    s->queued_total = 0;
}

/* root(), or the kept root standing for it; a root propagated is kept
 * when the solver keeps them. */
static int root_of(rg_solver *s, const rg_puzzle *p, const rg_mask *start)
{
    if (memo_hit(s, p, start)) {
        memo_restore(s);
        return 0;
    }
    int rc = root(s, p, start);
    if (memo_usable(s, start)) {
        if (rc == 0)
            memo_save(s, p);
        else if (s->memo)
            s->memo->valid = 0;
    }
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
    s->implied_out = m->nimplied && !(s->ded & RG_DEDUCE_SAC) && !s->every_prop;
    s->watch_end = s->watch_all = s->implied_out ? m->watch_main : m->watch_off + 1;
    s->defer_global = !s->no_hold && s->cascade && m->nglobal && (s->implied_out || !m->nimplied);
    s->root_stop = 0;
    s->stop_at = -1;
    memset(s->bwatch, 0, sizeof s->bwatch);
    for (int c = 0; s->bpeers && c < 81; c++)
        if (m->watch_off[c] != s->watch_end[c] || m->track_off[c] != m->track_off[c + 1])
            s->bwatch[c / 27] |= 1u << (c % 27);
    memset(s->bwatch16, 0, sizeof s->bwatch16);
    for (int c = 0; s->bpeers16 && c < 256; c++)
        if (m->watch_off[c] != s->watch_end[c] || m->track_off[c] != m->track_off[c + 1])
            s->bwatch16[c / 64] |= (uint64_t)1 << (c % 64);
    s->dirty_bits = 0;
    if (m->nunits) {
        if (s->ded & RG_DEDUCE_SINGLES) s->dirty_bits |= 1;
        if ((s->ded & RG_DEDUCE_INTERSECTIONS) && m->ninters) s->dirty_bits |= 2;
        if (s->ded & RG_DEDUCE_SUBSETS) s->dirty_bits |= 4;
    }
    /* Digit boards for the rows, columns and boxes at the singles and
     * intersections levels (subsets and above scan the units); the units
     * are then marked only where the boards do not cover them. */
    s->band_on = s->band_side && !s->units_only && s->cascade && (s->ded & RG_DEDUCE_SINGLES) &&
                 !(s->ded & RG_DEDUCE_SUBSETS);
    s->band_inter = (s->ded & RG_DEDUCE_INTERSECTIONS) != 0;
    s->band_global = s->band_on && m->nglobal > 0;
    rg_bands_select(s);
    s->bboards = s->band_on && s->board_off;
    s->bboards16 = s->band_on && s->board16_off;
    rg_units_clear_dirty(s);
    s->stopped = s->broken = 0;
    s->idle = 0;
    s->ticks = rg_limits_runs(s);
    s->probes = 0;
    /* Probes count as a family of their own, after the model's, at the probe
     * level only (so no other level's counters change); with the family table
     * full they count under subsets. */
    s->fam_probe = RG_FAM_SUBSETS;
    if ((s->ded & RG_DEDUCE_PROBE) && m->nfamilies < RG_MAX_FAMILIES) {
        s->fam_probe = s->st.families++;
        s->st.family[s->fam_probe] = "probe";
    }
}

/* Fresh weights, estimates and queue for a run on the general path (the
 * classic fast path keeps its own). A cell's weight starts at 1 and half a
 * point for each propagator watching it (dom/wdeg's start, its degree),
 * and failures add a point to it (domwdeg). The degree counts the rules a
 * cell is in beyond what every cell shares: not the houses, which every
 * cell of a regular grid is in alike, and not the s->wshared propagators
 * that watch even the least watched cell (every cell of a killer is in a
 * cage). A share every cell has tells the cells apart no better, and only
 * dilutes what the failures teach (docs/bench.md, stop 60). Kept in half
 * points (s->wdeg: 2 + one a propagator), so that the heuristics compare
 * whole numbers. weigh_live takes out, after the root, what the root
 * subsumed. */
static void reset_general(rg_solver *s)
{
    const int *woff = s->m->watch_off;
    const int shared = s->wshared;
    for (int c = 0; c < s->N; c++) s->wdeg[c] = 2 + (uint64_t)(woff[c + 1] - woff[c] - shared);
    /* No estimate is of epoch 1 or later until a probe gives it. */
    memset(s->lstamp, 0, (size_t)s->N * sizeof *s->lstamp);
    s->lepoch = 1;
    memset(s->queued, 0, (size_t)s->m->nprops); /* (not the filler's) */
    for (int k = 0; k < RG_COST_CLASSES; k++) s->qhead[k] = s->qtail[k] = 0;
    s->queued_total = 0;
}

/* The root's fixpoint reached, before the search: the open cells' weights
 * leave out the propagators the root subsumed (inactive in the root space,
 * but for the implied ones held back below sac), as dom/wdeg's degree
 * counts only the constraints that can still fail. A cell keeps what
 * failures at the root and its probes added, and its degree stops at none
 * (it had only what every cell shares, reset_general). The placed cells
 * are never chosen, so their weights stay. (docs/bench.md, stop 60) */
static void weigh_live(rg_solver *s)
{
    const rg_model *m = s->m;
    const unsigned char *root = rg_space_at(s, 0);
    const rg_mask *dom = (const rg_mask *)(const void *)root;
    const uint32_t *inactive = (const uint32_t *)(const void *)(root + s->inactive_off);
    const uint32_t *implied = s->implied_out ? m->implied : NULL;
    for (int c = 0; c < s->N; c++) {
        if (rg_single(dom[c])) continue;
        int gone = 0;
        for (int w = m->watch_off[c]; w < m->watch_off[c + 1]; w++) {
            int q = m->watch_prop[w];
            uint32_t bit = 1u << (q & 31);
            gone += (inactive[q >> 5] & bit) && !(implied && (implied[q >> 5] & bit));
        }
        int deg = m->watch_off[c + 1] - m->watch_off[c] - s->wshared;
        s->wdeg[c] -= (uint64_t)(gone < deg ? gone : deg);
    }
}

/* RG_OK, or the error that ended the run: a propagator that broke its
 * contract (its rule named). (The search allocates nothing: every buffer
 * is made by prepare.) */
static int outcome(rg_solver *s, rg_error *err)
{
    if (s->broken) {
        if (err) *err = s->error;
        return RG_E_PLUGIN;
    }
    return RG_OK;
}

/* An error of rg_solve itself, in a cleared record. */
static int solve_error(rg_error *err, int code, const char *message)
{
    if (err) rg_error_clear(err);
    return rg_error_set(err, code, NULL, "%s", message);
}

int rg_solve(rg_solver *s, const rg_puzzle *p, const rg_options *o, rg_result *r, rg_error *err)
{
    return rg_solver_solve_from(s, p, o, NULL, r, err);
}

/* Out of line in every build (rg_solve would take it in): the profiling
 * recipes (docs/plugins.md, docs/bench.md) count a solve with callgrind's
 * --toggle-collect=rg_solver_solve_from. */
__attribute__((noinline)) int rg_solver_solve_from(rg_solver *s, const rg_puzzle *p,
                                                   const rg_options *o, const rg_mask *start,
                                                   rg_result *r, rg_error *err)
{
    memset(r, 0, sizeof *r);
    r->broken_rule = -1;
    /* (err is not cleared on the way in, a cost on every solve: each error
     * this gives is whole, a cleared record with its parts set.) */
    if (!s || !p || !o) return solve_error(err, RG_E_INTERNAL, "rg_solve: null argument");
    if (o->strategy < 0 || o->strategy >= RG_STRATEGY_COUNT || o->heuristic < 0 ||
        o->heuristic >= RG_HEURISTIC_COUNT || o->values < 0 || o->values >= RG_VALUES_COUNT ||
        o->limit < 1 || !(o->max_seconds >= 0))
        return solve_error(err, RG_E_FORMAT, "rg_solve: options out of range");
    if (prepare(s, p->model) != RG_OK) return solve_error(err, RG_E_NOMEM, "out of memory");
    const rg_model *m = s->m;
    reset(s, o);

    clock_gettime(CLOCK_MONOTONIC, &s->t0);
    s->st.nodes = 1;
    int fast = rg_fast_usable(s);
    if (s->fast) rg_fast_unused(s);
    s->band_used = !fast && s->band_on;
    if (!fast) reset_general(s);
    s->root_stop = !fast;
    int rc = fast ? rg_fast_root(s, p, start) : root_of(s, p, start);
    s->st.root_us = rg_clock_us(&s->t0);
    if (rc == 0) {
        if (fast)
            rg_fast_search(s, r);
        else {
            weigh_live(s);
            rg_search_run(s, r);
        }
    } else {
        s->st.failures++;
        if (!fast) rg_queue_clear(s);
    }
    s->st.search_us = rg_clock_us(&s->t0) - s->st.root_us;
    for (int i = 0; i < s->st.families; i++) {
        s->st.prunings += s->st.family_prunings[i];
        s->st.propagations += s->st.family_calls[i];
    }

    /* Two solutions settle the status whatever stopped the count. */
    if (s->stopped && r->solutions < 2)
        r->status = RG_STATUS_UNKNOWN;
    else if (r->solutions == 0)
        r->status = RG_STATUS_NONE;
    else if (o->limit == 1)
        r->status = RG_STATUS_SOLVED;
    else if (r->solutions == 1)
        r->status = RG_STATUS_UNIQUE;
    else
        r->status = RG_STATUS_MULTIPLE;
    r->solution = r->solutions ? s->sol : NULL;
    r->stopped = s->stopped;
    r->no_guess = s->st.guesses == 0 && !s->stopped;
    if (r->status == RG_STATUS_NONE && !start) r->broken_rule = rg_check_broken(m, p->givens);
    r->stats = s->st;
    return outcome(s, err);
}

int rg_solver_root(rg_solver *s, const rg_puzzle *p, int strategy, rg_mask *out)
{
    return rg_solver_narrow(s, p, strategy, NULL, out);
}

int rg_solver_narrow(rg_solver *s, const rg_puzzle *p, int strategy, const rg_mask *start,
                     rg_mask *out)
{
    rg_options o;
    rg_options_default(&o);
    o.strategy = strategy < RG_STRATEGY_PROPAGATE ? RG_STRATEGY_PROPAGATE : strategy;
    if (prepare(s, p->model) != RG_OK) return RG_E_NOMEM;
    reset(s, &o);
    reset_general(s);
    int rc = root_of(s, p, start);
    if (rc != 0) rg_queue_clear(s);
    memcpy(out, rg_space_at(s, 0), (size_t)s->N * sizeof *out);
    return rc;
}

int rg_solver_fast_narrow(rg_solver *s, const rg_puzzle *p, int strategy, const rg_mask *start,
                          rg_mask *out)
{
    rg_options o;
    rg_options_default(&o);
    o.strategy = strategy;
    o.heuristic = RG_HEURISTIC_MRV;
    if (prepare(s, p->model) != RG_OK) return RG_E_NOMEM;
    reset(s, &o);
    if (!rg_fast_usable(s)) return RG_E_INTERNAL;
    int rc = rg_fast_root(s, p, start);
    rg_fast_domains(s, out);
    return rc;
}

void rg_solver_set_digit_boards(rg_solver *s, int on)
{
    if (s) s->units_only = !on;
}

int rg_solver_digit_boards_used(const rg_solver *s) { return s && s->band_used; }
