/* The techniques of the ladder: singles, locked candidates and subsets over
 * the houses, one run of a rule's propagator, and contradictions found by
 * probing. Each looks at a position and builds at most one step, always the
 * first it finds in a fixed order (houses, digits and cells by index), so
 * that an explanation is the same every time. */
#include <stdio.h>
#include <string.h>

#include "base/clock.h"
#include "base/error.h"
#include "base/mask.h"
#include "base/mem.h"
#include "explain/explain.h"
#include "search/solver.h"
#include "search/space.h"
#include "search/trial.h"

static const char *rule_family(const rg_explainer *e, int rule)
{
    const rg_model *m = e->m;
    if (rule < 0 || rule >= m->nrules || !m->rules[rule].type) return "core";
    return m->rules[rule].type->family;
}

static const char *rule_type(const rg_explainer *e, int rule)
{
    return rg_model_rule_type(e->m, rule);
}

/* Did the texts a technique built on the side get their memory? Else the
 * explanation ends with RG_E_NOMEM (nothing printed half). */
static int texts_failed(rg_explainer *e, const rg_text *a, const rg_text *b)
{
    int bad = (a && (a->nomem || !a->s)) || (b && (b->nomem || !b->s));
    return bad ? (rg_x_nomem(e), 1) : 0;
}

/* Empty cells and digits with no place left in a unit. */
static int dead_ends(rg_explainer *e, rg_xstate *st)
{
    for (int c = 0; c < e->N; c++)
        if (!st->dom[c]) {
            rg_text t = {0};
            rg_text_cells(&t, e->m, &c, 1, " ");
            int r = texts_failed(e, &t, NULL)
                        ? RG_X_ERROR
                        : rg_x_broken(e, -1, &c, 1, "%s has no candidate left.", t.s);
            rg_text_free(&t);
            return r;
        }
    for (int hi = 0; hi < e->nh; hi++) {
        const rg_xhouse *h = &e->h[hi];
        if (!h->unit) continue;
        rg_mask any = 0;
        for (int k = 0; k < h->n; k++) any |= st->dom[h->cells[k]];
        if (any == e->full) continue;
        rg_text t = {0};
        rg_x_house_name(e, &t, hi);
        int r = texts_failed(e, &t, NULL)
                    ? RG_X_ERROR
                    : rg_x_broken(e, h->rule, h->cells, h->n, "In %s no cell is left for %d.", t.s,
                                  rg_digit_of(e->full & ~any));
        rg_text_free(&t);
        return r;
    }
    return RG_X_NONE;
}

/* Is house hi worth scanning again for scan? */
static int dirty(const rg_explainer *e, const rg_xstate *st, int scan, int hi)
{
    return st->dirty[scan * e->nh + hi];
}

/* House hi found nothing for scan: skip it until one of its cells changes. */
static void settle(const rg_explainer *e, rg_xstate *st, int scan, int hi)
{
    st->dirty[scan * e->nh + hi] = 0;
}

static int hidden_single(rg_explainer *e, rg_xstate *st)
{
    for (int hi = 0; hi < e->nh; hi++) {
        const rg_xhouse *h = &e->h[hi];
        if (!h->unit || !dirty(e, st, RG_SCAN_HIDDEN_SINGLE, hi)) continue;
        rg_mask placed = 0, once = 0, twice = 0;
        int open = 0;
        for (int k = 0; k < h->n; k++) {
            int c = h->cells[k];
            rg_mask x = st->dom[c];
            if (st->placed[c]) {
                placed |= x;
                continue;
            }
            twice |= once & x;
            once |= x;
            open++;
        }
        rg_mask lone = once & ~twice & ~placed;
        if (!lone) {
            settle(e, st, RG_SCAN_HIDDEN_SINGLE, hi);
            continue;
        }
        int d = rg_digit_of(lone), cell = -1;
        for (int k = 0; k < h->n && cell < 0; k++)
            if (!st->placed[h->cells[k]] && (st->dom[h->cells[k]] & (lone & -lone)))
                cell = h->cells[k];
        rg_x_begin(e, RG_RANK_HIDDEN_SINGLE, "hidden single", rule_family(e, h->rule));
        rg_x_rule(e, h->rule);
        rg_x_focus(e, h->cells, h->n);
        rg_x_place(e, cell, d);
        rg_text name = {0};
        rg_x_house_name(e, &name, hi);
        if (texts_failed(e, &name, NULL)) {
            rg_text_free(&name);
            return RG_X_ERROR;
        }
        if (open == 1) {
            rg_text_cells(&e->text, e->m, &cell, 1, " ");
            rg_text_add(&e->text, " is the last empty cell of %s: it takes %d.", name.s, d);
        } else {
            rg_text_add(&e->text, "In %s the digit %d fits only in ", name.s, d);
            rg_text_cells(&e->text, e->m, &cell, 1, " ");
            rg_text_add(&e->text, ".");
        }
        rg_text_free(&name);
        return RG_X_STEP;
    }
    return RG_X_NONE;
}

static int naked_single(rg_explainer *e, rg_xstate *st)
{
    for (int c = 0; c < e->N; c++) {
        if (st->placed[c] || !rg_single(st->dom[c])) continue;
        int d = rg_digit_of(st->dom[c]);
        rg_x_begin(e, RG_RANK_NAKED_SINGLE, "naked single", "core");
        /* A cell its rules fix before any step (a cage of one cell, say)
         * names them. */
        if (rg_single(e->m->root[c]))
            for (int i = 0; i < e->m->nrestr; i++)
                if (e->m->restr[i].cell == c) rg_x_rule(e, e->m->restr[i].rule);
        rg_x_focus(e, &c, 1);
        rg_x_place(e, c, d);
        rg_text_cells(&e->text, e->m, &c, 1, " ");
        rg_text_add(&e->text, " has only %d left.", d);
        return RG_X_STEP;
    }
    return RG_X_NONE;
}

/* ---- Locked candidates: every place of a digit in a unit sees a cell ---- */

/* A house other than hi holding every cell of a[0..na-1] and b[0..nb-1], or -1. */
static int common_house(const rg_explainer *e, int hi, const int *a, int na, const int *b, int nb)
{
    int c0 = a[0];
    for (int k = e->ch_off[c0]; k < e->ch_off[c0 + 1]; k++) {
        int g = e->ch[k];
        if (g == hi) continue;
        int all = 1;
        for (int i = 0; i < na + nb && all; i++) {
            int c = i < na ? a[i] : b[i - na], in = 0;
            for (int j = e->ch_off[c]; j < e->ch_off[c + 1] && !in; j++) in = e->ch[j] == g;
            all = in;
        }
        if (all) return g;
    }
    return -1;
}

static void locked_text(rg_explainer *e, int hi, int d, const int *places, int np, const int *gone,
                        int ng)
{
    int g = common_house(e, hi, places, np, gone, ng);
    rg_x_rule(e, e->h[hi].rule);
    rg_text_add(&e->text, "In ");
    rg_x_house_name(e, &e->text, hi);
    rg_text_add(&e->text, " the %d can only be in ", d);
    rg_text_cells(&e->text, e->m, places, np, " ");
    if (g >= 0) {
        int uk = e->h[hi].kind, gk = e->h[g].kind;
        int line = uk == RG_HOUSE_ROW || uk == RG_HOUSE_COLUMN;
        int gline = gk == RG_HOUSE_ROW || gk == RG_HOUSE_COLUMN;
        const char *how = uk == RG_HOUSE_BOX && gline  ? " (pointing)"
                          : line && gk == RG_HOUSE_BOX ? " (claiming)"
                                                       : "";
        rg_x_rule(e, e->h[g].rule);
        rg_text_add(&e->text, ", all in ");
        rg_x_house_name(e, &e->text, g);
        rg_text_add(&e->text, "%s: %d leaves the rest of it, ", how, d);
    } else {
        rg_text_add(&e->text, ", and every one of them sees ");
    }
    rg_text_cells(&e->text, e->m, gone, ng, " ");
    rg_text_add(&e->text, g >= 0 ? "." : ": %d leaves %s.", d, ng > 1 ? "them" : "it");
}

static int locked(rg_explainer *e, rg_xstate *st)
{
    const rg_model *m = e->m;
    int *places = e->tmp, *gone = e->tmp + e->D;
    for (int hi = 0; hi < e->nh; hi++) {
        const rg_xhouse *h = &e->h[hi];
        if (!h->unit || !dirty(e, st, RG_SCAN_LOCKED, hi)) continue;
        rg_mask placed = 0;
        for (int k = 0; k < h->n; k++)
            if (st->placed[h->cells[k]]) placed |= st->dom[h->cells[k]];
        for (rg_mask left = e->full & ~placed; left; left &= left - 1) {
            rg_mask bit = left & -left;
            int np = 0, ng = 0;
            for (int k = 0; k < h->n; k++)
                if (!st->placed[h->cells[k]] && (st->dom[h->cells[k]] & bit))
                    places[np++] = h->cells[k];
            if (np < 2) continue;
            for (int i = 0; i < np; i++)
                for (int k = m->peer_off[places[i]]; k < m->peer_off[places[i] + 1]; k++)
                    e->cnt[m->peers[k]]++;
            for (int i = 0; i < np; i++)
                for (int k = m->peer_off[places[i]]; k < m->peer_off[places[i] + 1]; k++) {
                    int q = m->peers[k];
                    if (e->cnt[q] == np && !st->placed[q] && (st->dom[q] & bit) && ng < e->N)
                        gone[ng++] = q;
                    e->cnt[q] = e->cnt[q] == np ? -1 : e->cnt[q]; /* each q listed once */
                }
            for (int i = 0; i < np; i++)
                for (int k = m->peer_off[places[i]]; k < m->peer_off[places[i] + 1]; k++)
                    e->cnt[m->peers[k]] = 0;
            if (!ng) continue;
            rg_x_begin(e, RG_RANK_LOCKED, "locked candidates", rule_family(e, h->rule));
            rg_x_focus(e, places, np);
            for (int i = 0; i < ng; i++) rg_x_elim(e, gone[i], bit);
            locked_text(e, hi, rg_digit_of(bit), places, np, gone, ng);
            return RG_X_STEP;
        }
        settle(e, st, RG_SCAN_LOCKED, hi);
    }
    return RG_X_NONE;
}

/* ---- Naked and hidden subsets ------------------------------------------- */

/* The next k-combination idx[0..k-1] of 0..n-1 in lexicographic order; 0
 * after the last. */
static int next_combo(int *idx, int k, int n)
{
    int i = k - 1;
    while (i >= 0 && idx[i] == n - k + i) i--;
    if (i < 0) return 0;
    idx[i]++;
    for (int j = i + 1; j < k; j++) idx[j] = idx[j - 1] + 1;
    return 1;
}

static const char *const subset_word[] = {"", "", "pair", "triple", "quad"};

/* k open cells of house hi whose candidates number exactly k between them:
 * those digits leave the house's other cells. */
static int naked_in(rg_explainer *e, rg_xstate *st, int hi, int k, int rank)
{
    const rg_xhouse *h = &e->h[hi];
    int *open = e->tmp, n = 0, idx[4];
    for (int i = 0; i < h->n; i++) {
        int c = h->cells[i], pc = rg_popcount(st->dom[c]);
        if (!st->placed[c] && pc >= 2 && pc <= k) open[n++] = c;
    }
    if (n < k) return RG_X_NONE;
    for (int i = 0; i < k; i++) idx[i] = i;
    do {
        rg_mask u = 0;
        int cells[4];
        for (int i = 0; i < k; i++) u |= st->dom[cells[i] = open[idx[i]]];
        if (rg_popcount(u) < k) {
            rg_text t = {0}, name = {0};
            rg_text_cells(&t, e->m, cells, k, " ");
            rg_x_house_name(e, &name, hi);
            int r = texts_failed(e, &t, &name)
                        ? RG_X_ERROR
                        : rg_x_broken(e, h->rule, cells, k,
                                      "In %s the %d cells %s have fewer than %d digits between "
                                      "them.",
                                      name.s, k, t.s, k);
            rg_text_free(&t);
            rg_text_free(&name);
            return r;
        }
        if (rg_popcount(u) != k) continue;
        int any = 0;
        for (int i = 0; i < h->n && !any; i++) {
            int c = h->cells[i], in = 0;
            for (int j = 0; j < k; j++) in |= cells[j] == c;
            any = !in && !st->placed[c] && (st->dom[c] & u);
        }
        if (!any) continue;
        char name[32];
        snprintf(name, sizeof name, "naked %s", subset_word[k]);
        rg_x_begin(e, rank, name, rule_family(e, h->rule));
        rg_x_rule(e, h->rule);
        rg_x_focus(e, cells, k);
        for (int i = 0; i < h->n; i++) {
            int c = h->cells[i], in = 0;
            for (int j = 0; j < k; j++) in |= cells[j] == c;
            if (!in && !st->placed[c]) rg_x_elim(e, c, st->dom[c] & u);
        }
        rg_text_add(&e->text, "In ");
        rg_x_house_name(e, &e->text, hi);
        rg_text_add(&e->text, " the cells ");
        rg_text_cells(&e->text, e->m, cells, k, " ");
        rg_text_add(&e->text, " hold only ");
        rg_text_digits(&e->text, u);
        rg_text_add(&e->text, " between them: no other cell of it can take these digits.");
        return RG_X_STEP;
    } while (next_combo(idx, k, n));
    return RG_X_NONE;
}

/* k digits of unit hi with exactly k places between them: those cells hold
 * nothing else. */
static int hidden_in(rg_explainer *e, rg_xstate *st, int hi, int k, int rank)
{
    const rg_xhouse *h = &e->h[hi];
    uint32_t where[RG_MAX_DIGITS];
    int digits[RG_MAX_DIGITS], n = 0, idx[4];
    for (int d = 1; d <= e->D; d++) {
        rg_mask bit = 1u << (d - 1);
        uint32_t w = 0;
        int placed = 0;
        for (int i = 0; i < h->n; i++) {
            int c = h->cells[i];
            if (!(st->dom[c] & bit)) continue;
            if (st->placed[c]) placed = 1;
            w |= 1u << i;
        }
        int pc = rg_popcount(w);
        if (!placed && pc >= 2 && pc <= k) {
            where[n] = w;
            digits[n++] = d;
        }
    }
    if (n < k) return RG_X_NONE;
    for (int i = 0; i < k; i++) idx[i] = i;
    do {
        uint32_t w = 0;
        rg_mask ds = 0;
        for (int i = 0; i < k; i++) {
            w |= where[idx[i]];
            ds |= 1u << (digits[idx[i]] - 1);
        }
        if (rg_popcount(w) != k) continue; /* fewer: the dead-end check sees it first */
        int cells[4], nc = 0, any = 0;
        for (int i = 0; i < h->n; i++)
            if (w & (1u << i)) {
                cells[nc++] = h->cells[i];
                any |= (st->dom[h->cells[i]] & ~ds) != 0;
            }
        if (!any) continue;
        char name[32];
        snprintf(name, sizeof name, "hidden %s", subset_word[k]);
        rg_x_begin(e, rank, name, rule_family(e, h->rule));
        rg_x_rule(e, h->rule);
        rg_x_focus(e, cells, nc);
        for (int i = 0; i < nc; i++) rg_x_elim(e, cells[i], st->dom[cells[i]] & ~ds);
        rg_text_add(&e->text, "In ");
        rg_x_house_name(e, &e->text, hi);
        rg_text_add(&e->text, " the digits ");
        rg_text_digits(&e->text, ds);
        rg_text_add(&e->text, " fit only in ");
        rg_text_cells(&e->text, e->m, cells, nc, " ");
        rg_text_add(&e->text, ": those cells hold nothing else.");
        return RG_X_STEP;
    } while (next_combo(idx, k, n));
    return RG_X_NONE;
}

static int subsets(rg_explainer *e, rg_xstate *st, int k, int rank)
{
    int naked = RG_SCAN_NAKED + k - 2, hidden = RG_SCAN_HIDDEN + k - 2;
    for (int hi = 0; hi < e->nh; hi++) {
        if (!dirty(e, st, naked, hi)) continue;
        int r = naked_in(e, st, hi, k, rank);
        if (r != RG_X_NONE) return r;
        settle(e, st, naked, hi);
    }
    for (int hi = 0; hi < e->nh; hi++) {
        if (!e->h[hi].unit || e->h[hi].n > 32 || !dirty(e, st, hidden, hi)) continue;
        int r = hidden_in(e, st, hi, k, rank);
        if (r != RG_X_NONE) return r;
        settle(e, st, hidden, hi);
    }
    return RG_X_NONE;
}

/* ---- Rules: one run of a propagator ------------------------------------- */

int rg_x_rule_rank(int cost)
{
    if (cost <= RG_COST_BINARY) return RG_RANK_SIMPLE_RULE;
    if (cost == RG_COST_LINEAR) return RG_RANK_RULE;
    return RG_RANK_COMPLEX_RULE;
}

/* "rule 12 (cage) removes 5 from r1c1, and 5 and 6 from r1c2." */
static void generic_text(rg_explainer *e, int rule)
{
    rg_text_add(&e->text, "Rule %d (%s) removes ", rule, rule_type(e, rule));
    for (int i = 0; i < e->nelim; i++) {
        rg_text_add(&e->text, "%s", i == 0 ? "" : i == e->nelim - 1 ? ", and " : ", ");
        rg_text_digits(&e->text, e->em[i]);
        rg_text_add(&e->text, " from ");
        rg_text_cells(&e->text, e->m, &e->ec[i], 1, " ");
    }
    rg_text_add(&e->text, ".");
}

/* The propagator's own words, when it has an explain hook. */
static int hook_text(rg_explainer *e, const rg_prop *pr)
{
    if (!pr->def.explain) return 0;
    struct rg_why w;
    rg_why_init(&w, e->m, pr->rule);
    int rc = pr->def.explain(&w, pr->data, e->before, e->after);
    if (w.nomem || rc == RG_E_NOMEM) {
        rg_why_release(&w);
        rg_x_nomem(e);
        return 1;
    }
    int used = 0;
    if (rc == RG_OK && !w.nomem && w.text.n) {
        if (w.technique.n) {
            rg_text_clear(&e->technique);
            rg_text_add(&e->technique, "%s", w.technique.s);
        }
        rg_text_add(&e->text, "%s", w.text.s);
        used = 1;
    }
    if (w.focus_set) {
        e->nfocus = 0;
        rg_x_focus(e, w.focus, w.nfocus);
    }
    rg_why_release(&w);
    return used;
}

static int plugin_broke(rg_explainer *e, const rg_prop *pr, int r)
{
    rg_solver *s = e->s;
    if (s->broken) {
        e->err = s->error;
        e->error = RG_E_PLUGIN;
        return RG_X_ERROR;
    }
    e->error =
        rg_error_set(&e->err, RG_E_PLUGIN, NULL,
                     "propagator %s of rule %d (%s) answered %d, which is no RG_PROP_* status",
                     pr->def.name, pr->rule, rule_type(e, pr->rule), r);
    e->err.rule = pr->rule;
    return RG_X_ERROR;
}

/* Run propagator p once on st; a step when it narrowed something. */
static int rule_run(rg_explainer *e, rg_xstate *st, int p)
{
    const rg_prop *pr = &e->m->props[p];
    size_t bytes = (size_t)e->N * sizeof(rg_mask);
    memcpy(e->before, st->dom, bytes);
    int r = rg_trial_run(e->s, p, st->space);
    if (e->s->broken || r < RG_PROP_FAIL || r > RG_PROP_SUBSUMED) return plugin_broke(e, pr, r);
    memcpy(e->after, st->dom, bytes);
    memcpy(st->dom, e->before, bytes);
    if (r == RG_PROP_FAIL) {
        rg_text t = {0};
        rg_text_cells(&t, e->m, pr->watch, pr->nwatch > 12 ? 12 : pr->nwatch, " ");
        int rc = texts_failed(e, &t, NULL)
                     ? RG_X_ERROR
                     : rg_x_broken(e, pr->rule, pr->watch, pr->nwatch,
                                   "Rule %d (%s) cannot hold on %s%s.", pr->rule,
                                   rule_type(e, pr->rule), t.s, pr->nwatch > 12 ? " ..." : "");
        rg_text_free(&t);
        return rc;
    }
    if (r == RG_PROP_SUBSUMED) rg_trial_subsume(e->s, st->space, p);
    if (!memcmp(e->before, e->after, bytes)) {
        st->clean[p] = 1;
        return RG_X_NONE;
    }
    rg_x_begin(e, rg_x_rule_rank(pr->def.cost), pr->def.name, e->m->families[pr->family]);
    rg_x_rule(e, pr->rule);
    for (int c = 0; c < e->N; c++) rg_x_elim(e, c, e->before[c] & ~e->after[c]);
    rg_x_focus(e, pr->watch, pr->nwatch);
    if (!hook_text(e, pr)) generic_text(e, pr->rule);
    return RG_X_STEP;
}

static int rules(rg_explainer *e, rg_xstate *st, int rank)
{
    for (int p = 0; p < e->m->nprops; p++) {
        if (st->clean[p] || rg_x_rule_rank(e->m->props[p].def.cost) != rank) continue;
        if (rg_trial_subsumed(e->s, st->space, p)) continue;
        int r = rule_run(e, st, p);
        if (r != RG_X_NONE) return r;
    }
    return RG_X_NONE;
}

/* ---- Contradiction: a candidate whose placement breaks a rule ----------- */

static int limited(rg_explainer *e)
{
    if (e->o.max_nodes && e->probes >= e->o.max_nodes) return 1;
    return e->o.max_seconds > 0 && rg_clock_us(&e->t0) > e->o.max_seconds * 1e6;
}

/* A short note of the step just built, for a chain: "r1c2 = 3" or "7 leaves r4c5 r4c6". */
static void chain_note(rg_explainer *e, rg_text *t)
{
    for (int i = 0; i < e->nplace; i++) {
        rg_text_add(t, "%s", i ? ", " : "");
        rg_text_cells(t, e->m, &e->pc[i], 1, " ");
        rg_text_add(t, " = %d", e->pd[i]);
    }
    if (!e->nplace && e->nelim) {
        rg_mask all = 0;
        for (int i = 0; i < e->nelim; i++) all |= e->em[i];
        rg_text_digits(t, all);
        rg_text_add(t, " %s ", rg_popcount(all) > 1 ? "leave" : "leaves");
        rg_text_cells(t, e->m, e->ec, e->nelim > 4 ? 4 : e->nelim, " ");
        if (e->nelim > 4) rg_text_add(t, " ...");
    }
    rg_text_add(t, " (%s)", e->technique.s ? e->technique.s : "");
}

static int add_link(rg_explainer *e, int cell)
{
    int *l = rg_mem_grow(e->links, e->nlinks + 1, &e->caplinks, sizeof *l, 64);
    if (!l) return rg_x_nomem(e);
    e->links = l;
    e->links[e->nlinks++] = cell;
    return 0;
}

/* Record the step just built as step nchain of the chain: its note, the
 * cells it changes (a placement: the cell and its peers) and its focus. */
static int chain_record(rg_explainer *e)
{
    int k = e->nchain, cap = e->capchain;
    int *a = rg_mem_grow(e->note_at, k + 2, &cap, sizeof *a, 32);
    if (a) e->note_at = a;
    cap = e->capchain;
    int *b = a ? rg_mem_grow(e->link_at, k + 2, &cap, sizeof *b, 32) : NULL;
    if (b) e->link_at = b;
    cap = e->capchain;
    int *c = b ? rg_mem_grow(e->link_mid, k + 2, &cap, sizeof *c, 32) : NULL;
    if (c) e->link_mid = c;
    cap = e->capchain;
    unsigned char *d = c ? rg_mem_grow(e->keep, k + 2, &cap, 1, 32) : NULL;
    if (!d) return rg_x_nomem(e);
    e->keep = d;
    e->capchain = cap;
    e->note_at[k] = (int)e->chain_notes.n;
    chain_note(e, &e->chain_notes);
    rg_text_add(&e->chain_notes, "%c", 0); /* each note ends with its NUL */
    e->link_at[k] = e->nlinks;
    const rg_model *m = e->m;
    for (int i = 0; i < e->nplace; i++) {
        add_link(e, e->pc[i]);
        for (int j = m->peer_off[e->pc[i]]; j < m->peer_off[e->pc[i] + 1]; j++)
            add_link(e, m->peers[j]);
    }
    for (int i = 0; i < e->nelim; i++) add_link(e, e->ec[i]);
    e->link_mid[k] = e->nlinks;
    for (int i = 0; i < e->nfocus; i++) add_link(e, e->focus[i]);
    e->link_at[k + 1] = e->nlinks;
    e->nchain++;
    return e->error ? RG_X_ERROR : 0;
}

#define CHAIN_SHOWN 24
#define CHAIN_STEPS 2000

/* Mark the steps of the chain the contradiction needs: going backwards, a
 * step is needed when it changed a cell that the contradiction or a needed
 * later step looks at; its own focus is then looked at. Without cells (a
 * rule that broke on no particular cell) every step is kept. */
static void chain_needed(rg_explainer *e)
{
    memset(e->needed, 0, (size_t)e->N);
    for (int i = 0; i < e->nbroken; i++) e->needed[e->bcells[i]] = 1;
    for (int k = e->nchain - 1; k >= 0; k--) {
        int need = e->nbroken == 0;
        for (int i = e->link_at[k]; i < e->link_mid[k] && !need; i++) need = e->needed[e->links[i]];
        e->keep[k] = (unsigned char)need;
        if (!need) continue;
        for (int i = e->link_mid[k]; i < e->link_at[k + 1]; i++) e->needed[e->links[i]] = 1;
    }
}

/* The chain's text: the needed steps in order, then what broke. */
static void chain_text(rg_explainer *e, int broke)
{
    int shown = 0, left = 0;
    for (int k = 0; k < e->nchain; k++) {
        if (!e->keep[k]) continue;
        if (shown == CHAIN_SHOWN) {
            left++;
            continue;
        }
        rg_text_add(&e->chain, "%s%s", shown ? ", " : "", e->chain_notes.s + e->note_at[k]);
        shown++;
    }
    if (left) rg_text_add(&e->chain, " and %d more step%s", left, left > 1 ? "s" : "");
    if (broke && e->btext.n) {
        /* "...; then in row 4 no cell is left for 6" */
        char *b = e->btext.s;
        size_t len = e->btext.n;
        if (len && b[len - 1] == '.') b[--len] = '\0';
        if (b[0] >= 'A' && b[0] <= 'Z') b[0] = (char)(b[0] - 'A' + 'a');
        rg_text_add(&e->chain, "%sthen %s", shown ? "; " : "", b);
    }
}

/* Follow cell = digit in e->sub with the ranks below contradiction and
 * write what happens into e->chain. Returns 1 when a rule broke. */
static int chain(rg_explainer *e, int cell, int digit)
{
    memcpy(e->sub.space, e->main.space, e->bytes);
    memcpy(e->sub.placed, e->main.placed, (size_t)e->N);
    memcpy(e->sub.clean, e->main.clean, (size_t)e->m->nprops + 1);
    memcpy(e->sub.dirty, e->main.dirty, (size_t)RG_SCANS * (size_t)e->nh + 1);
    rg_text_clear(&e->chain);
    rg_text_clear(&e->chain_notes);
    e->nchain = e->nlinks = 0;
    rg_x_begin(e, RG_RANK_NONE, "", "core");
    rg_x_place(e, cell, digit);
    rg_x_apply(e, &e->sub);
    int top = e->o.upto < RG_RANK_CONTRADICTION ? e->o.upto : RG_RANK_CONTRADICTION - 1;
    int r = RG_X_NONE;
    for (int n = 0; n < CHAIN_STEPS; n++) {
        r = dead_ends(e, &e->sub);
        for (int rank = RG_RANK_HIDDEN_SINGLE; r == RG_X_NONE && rank <= top; rank++)
            r = rg_x_try_rank(e, &e->sub, rank);
        if (r != RG_X_STEP || chain_record(e) == RG_X_ERROR) break;
        rg_x_apply(e, &e->sub);
    }
    if (r == RG_X_BROKEN)
        chain_needed(e);
    else if (e->nchain) /* keep is NULL until a step is recorded */
        memset(e->keep, 1, (size_t)e->nchain);
    chain_text(e, r == RG_X_BROKEN);
    e->broken_rule = -1;
    e->nbroken = 0;
    rg_text_clear(&e->btext);
    return r == RG_X_BROKEN;
}

/* The cells to probe, fewest candidates first, then by index, into e->tmp. */
static int probe_order(rg_explainer *e, rg_xstate *st)
{
    int n = 0;
    for (int size = 2; size <= e->D; size++)
        for (int c = 0; c < e->N; c++)
            if (!st->placed[c] && rg_popcount(st->dom[c]) == size) e->tmp[n++] = c;
    return n;
}

/* The engine's fixpoint (subsets level) of st into e->base: 0, RG_FAIL when
 * the position fails there, or RG_X_ERROR. */
static int fixpoint(rg_explainer *e, rg_xstate *st)
{
    memcpy(e->start, st->dom, (size_t)e->N * sizeof(rg_mask));
    int rc = rg_solver_narrow(e->s, e->p, RG_STRATEGY_SUBSETS, e->start, e->after);
    if (rc == RG_E_NOMEM) return rg_x_nomem(e);
    if (e->s->broken) {
        e->err = e->s->error;
        e->error = RG_E_PLUGIN;
        return RG_X_ERROR;
    }
    if (rc == RG_FAIL) return RG_FAIL;
    memcpy(e->base, rg_space_at(e->s, 0), e->bytes);
    return 0;
}

/* Does cell = the digit of bit fail in the engine, from e->base (or at
 * once when the base failed)? 1, 0, or RG_X_ERROR. */
static int refuted(rg_explainer *e, int base, int cell, rg_mask bit)
{
    if (base == RG_FAIL) return 1;
    memcpy(e->probe, e->base, e->bytes);
    rg_error err;
    int rc = rg_trial_narrow(e->s, e->probe, cell, bit, &err);
    if (rc == RG_E_PLUGIN) {
        e->err = err;
        e->error = RG_E_PLUGIN;
        return RG_X_ERROR;
    }
    return rc == RG_FAIL;
}

/* Steps of the chain just followed that its contradiction needs (all of
 * them when no rule broke). */
static int chain_length(const rg_explainer *e, int broke)
{
    int n = 0;
    for (int k = 0; k < e->nchain; k++) n += e->keep[k];
    return broke ? n : n + CHAIN_STEPS;
}

/* How many refuted candidates a contradiction step compares (it shows the
 * one with the shortest chain), and how many more probes it makes after the
 * first refutation to find them. */
#define CHAIN_CHOICES 6
#define CHAIN_LOOK    24

/* Probes from the engine's fixpoint of the position: a candidate whose
 * placement fails there is refuted, and the ladder below this rank shows
 * how (its chain); of the first few refuted, the shortest chain is shown. */
static int contradiction(rg_explainer *e, rg_xstate *st)
{
    int n = probe_order(e, st), base = -1, found = 0, best = -1, best_len = 0, look = 0;
    rg_mask best_bit = 0;
    for (int i = 0; i < n && found < CHAIN_CHOICES && look < CHAIN_LOOK; i++) {
        int c = e->tmp[i];
        for (rg_mask left = st->dom[c]; left && found < CHAIN_CHOICES && look < CHAIN_LOOK;
             left &= left - 1) {
            look += found > 0;
            if (limited(e)) return RG_X_LIMIT;
            if (base < 0 && (base = fixpoint(e, st)) == RG_X_ERROR) return RG_X_ERROR;
            e->probes++;
            rg_mask bit = left & -left;
            int r = refuted(e, base, c, bit);
            if (r == RG_X_ERROR) return r;
            if (!r) continue;
            int len = chain_length(e, chain(e, c, rg_digit_of(bit)));
            if (e->error) return RG_X_ERROR;
            if (!found++ || len < best_len) best = c, best_bit = bit, best_len = len;
        }
    }
    if (!found) return RG_X_NONE;
    int d = rg_digit_of(best_bit);
    int broke = chain(e, best, d);
    if (e->error) return RG_X_ERROR;
    rg_x_begin(e, RG_RANK_CONTRADICTION, "contradiction", "core");
    rg_x_focus(e, &best, 1);
    rg_x_elim(e, best, best_bit);
    rg_text_add(&e->text, "If ");
    rg_text_cells(&e->text, e->m, &best, 1, " ");
    rg_text_add(&e->text, " were %d: %s%s. So it is not %d.", d,
                e->chain.s && e->chain.n ? e->chain.s : "",
                broke ? "" : "; the search's propagation then breaks a rule", d);
    return RG_X_STEP;
}

int rg_x_try_rank(rg_explainer *e, rg_xstate *st, int rank)
{
    switch (rank) {
    case RG_RANK_HIDDEN_SINGLE: return hidden_single(e, st);
    case RG_RANK_NAKED_SINGLE: return naked_single(e, st);
    case RG_RANK_SIMPLE_RULE:
    case RG_RANK_RULE:
    case RG_RANK_COMPLEX_RULE: return rules(e, st, rank);
    case RG_RANK_LOCKED: return locked(e, st);
    case RG_RANK_PAIR: return subsets(e, st, 2, rank);
    case RG_RANK_TRIPLE: return subsets(e, st, 3, rank);
    case RG_RANK_QUAD: return subsets(e, st, 4, rank);
    case RG_RANK_CONTRADICTION: return st == &e->main ? contradiction(e, st) : RG_X_NONE;
    default: return RG_X_NONE;
    }
}

int rg_x_dead_ends(rg_explainer *e, rg_xstate *st) { return dead_ends(e, st); }
