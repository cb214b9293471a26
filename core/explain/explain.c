/* The explainer: a position built from the givens (and a person's
 * position), then steps up the ladder, each time the lowest rank that makes
 * progress, until every cell is placed, nothing up to the highest rank
 * allowed helps, a rule breaks or a limit is reached. */
#include <stdlib.h>
#include <string.h>

#include "base/clock.h"
#include "base/error.h"
#include "base/mask.h"
#include "base/mem.h"
#include "explain/explain.h"
#include "model/board.h"
#include "model/check.h"
#include "model/record.h"
#include "search/solver.h"
#include "search/trial.h"

/* ---- The ladder's names ------------------------------------------------- */

static const char *const rank_names[] = {"none",
#define RG_X_(id, name, summary) name,
                                         RG_LADDER(RG_X_)
#undef RG_X_
};

static const char *const rank_summaries[] = {"no step",
#define RG_X_(id, name, summary) summary,
                                             RG_LADDER(RG_X_)
#undef RG_X_
};

const char *rg_rank_name(int rank)
{
    return rank >= 0 && rank < RG_RANK_COUNT ? rank_names[rank] : "?";
}

const char *rg_rank_summary(int rank)
{
    return rank >= 0 && rank < RG_RANK_COUNT ? rank_summaries[rank] : "?";
}

/* Techniques and strategy levels that name a rank. */
static const struct {
    const char *name;
    int rank;
} aliases[] = {
    {"naked pair", RG_RANK_PAIR},      {"hidden pair", RG_RANK_PAIR},
    {"naked triple", RG_RANK_TRIPLE},  {"hidden triple", RG_RANK_TRIPLE},
    {"naked quad", RG_RANK_QUAD},      {"hidden quad", RG_RANK_QUAD},
    {"pointing", RG_RANK_LOCKED},      {"claiming", RG_RANK_LOCKED},
    {"singles", RG_RANK_SIMPLE_RULE},  {"intersections", RG_RANK_RULE},
    {"subsets", RG_RANK_COMPLEX_RULE}, {"probe", RG_RANK_CONTRADICTION},
};

int rg_rank_parse(const char *name)
{
    if (!name) return -1;
    for (int r = 1; r < RG_RANK_COUNT; r++)
        if (!strcmp(name, rank_names[r])) return r;
    for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++)
        if (!strcmp(name, aliases[i].name)) return aliases[i].rank;
    char *end;
    long v = strtol(name, &end, 10);
    if (*name && !*end && v >= 1 && v < RG_RANK_COUNT) return (int)v;
    return -1;
}

static const char *const status_names[] = {
#define RG_X_(id, name, summary) name,
    RG_EXPLAIN_STATUSES(RG_X_)
#undef RG_X_
};

const char *rg_explain_status_name(int status)
{
    return status >= 0 && status < RG_EXPLAIN_STATUS_COUNT ? status_names[status] : "?";
}

void rg_explain_options_default(rg_explain_options *o)
{
    memset(o, 0, sizeof *o);
    o->upto = RG_RANK_CONTRADICTION;
}

/* ---- Making an explainer ----------------------------------------------- */

static int houses(rg_explainer *e)
{
    const rg_model *m = e->m;
    e->h = rg_mem_calloc((size_t)m->nhouses + 1, sizeof *e->h);
    e->ch_off = rg_mem_calloc((size_t)e->N + 1, sizeof *e->ch_off);
    if (!e->h || !e->ch_off) return RG_E_NOMEM;
    int number[RG_HOUSE_CAGE + 1] = {0}, total = 0;
    for (int i = 0; i < m->nhouses; i++) {
        const rg_house *src = &m->houses[i];
        int kind = src->kind >= 0 && src->kind <= RG_HOUSE_CAGE ? src->kind : RG_HOUSE_REGION;
        e->h[i] = (rg_xhouse){src->listed, src->n, kind, src->rule, src->n == e->D, ++number[kind]};
        for (int k = 0; k < src->n; k++) e->ch_off[src->cells[k] + 1]++;
        total += src->n;
    }
    e->nh = m->nhouses;
    for (int c = 0; c < e->N; c++) e->ch_off[c + 1] += e->ch_off[c];
    e->ch = rg_mem_alloc(((size_t)total + 1) * sizeof *e->ch);
    int *fill = rg_mem_alloc(((size_t)e->N + 1) * sizeof *fill);
    if (!e->ch || !fill) {
        rg_mem_free(fill);
        return RG_E_NOMEM;
    }
    memcpy(fill, e->ch_off, (size_t)e->N * sizeof *fill);
    for (int i = 0; i < m->nhouses; i++)
        for (int k = 0; k < m->houses[i].n; k++) e->ch[fill[m->houses[i].cells[k]]++] = i;
    rg_mem_free(fill);
    return RG_OK;
}

static int state_new(rg_explainer *e, rg_xstate *st)
{
    st->space = rg_mem_calloc(e->bytes, 1);
    st->placed = rg_mem_calloc((size_t)e->N + 1, 1);
    st->clean = rg_mem_calloc((size_t)e->m->nprops + 1, 1);
    st->dirty = rg_mem_alloc((size_t)RG_SCANS * (size_t)e->nh + 1);
    if (st->dirty) memset(st->dirty, 1, (size_t)RG_SCANS * (size_t)e->nh + 1);
    st->dom = (rg_mask *)st->space;
    return st->space && st->placed && st->clean && st->dirty ? RG_OK : RG_E_NOMEM;
}

static void state_free(rg_xstate *st)
{
    rg_mem_free(st->space);
    rg_mem_free(st->placed);
    rg_mem_free(st->clean);
    rg_mem_free(st->dirty);
}

static int buffers(rg_explainer *e)
{
    size_t n = (size_t)e->N + 1;
    e->cnt = rg_mem_calloc(n, sizeof *e->cnt);
    e->tmp = rg_mem_alloc((2 * n + 2 * (size_t)e->D) * sizeof *e->tmp);
    e->before = rg_mem_alloc(n * sizeof *e->before);
    e->after = rg_mem_alloc(n * sizeof *e->after);
    e->start = rg_mem_alloc(n * sizeof *e->start);
    e->needed = rg_mem_calloc(n, 1);
    e->base = rg_mem_alloc(e->bytes);
    e->probe = rg_mem_alloc(e->bytes);
    if (!e->cnt || !e->tmp || !e->before || !e->after || !e->start || !e->base || !e->probe ||
        !e->needed)
        return RG_E_NOMEM;
    if (houses(e) != RG_OK) return RG_E_NOMEM;
    if (state_new(e, &e->main) != RG_OK || state_new(e, &e->sub) != RG_OK) return RG_E_NOMEM;
    return RG_OK;
}

/* Lay the position over the start space: placed digits (checked against
 * the givens) and the candidates a person kept. */
static int position(rg_explainer *e, const rg_position *pos, rg_error *err)
{
    const int *g = e->p->givens;
    for (int c = 0; c < e->N; c++) {
        int v = pos && pos->values ? pos->values[c] : 0;
        char name[32];
        rg_board_cell_name(e->m->board.row[c], e->m->board.col[c], name, sizeof name);
        if (v < 0 || v > e->D)
            return rg_error_set(err, RG_E_FORMAT, "state",
                                "%s: %d is not a digit of this board (1 to %d)", name, v, e->D);
        if (v && g[c] && v != g[c])
            return rg_error_set(err, RG_E_FORMAT, "state",
                                "%s: the given is %d, the position says %d", name, g[c], v);
        int d = g[c] ? g[c] : v;
        if (d) {
            e->main.dom[c] &= 1u << (d - 1);
            e->main.placed[c] = 1;
        } else if (pos && pos->cands && pos->cands[c]) {
            e->main.dom[c] &= pos->cands[c];
        }
    }
    return RG_OK;
}

int rg_explainer_new(const rg_puzzle *p, const rg_position *pos, const rg_explain_options *o,
                     rg_explainer **out, rg_error *err)
{
    *out = NULL;
    if (err) rg_error_clear(err); /* every part of an error it gives is its own */
    if (!p) return rg_error_set(err, RG_E_INTERNAL, NULL, "rg_explainer_new: no puzzle");
    rg_explainer *e = rg_mem_calloc(1, sizeof *e);
    if (!e) return rg_error_set(err, RG_E_NOMEM, NULL, "out of memory");
    e->p = p;
    e->m = p->model;
    e->N = e->m->board.ncells;
    e->D = e->m->board.digits;
    e->full = e->m->full;
    if (o)
        e->o = *o;
    else
        rg_explain_options_default(&e->o);
    if (e->o.upto < 1 || e->o.upto >= RG_RANK_COUNT) e->o.upto = RG_RANK_CONTRADICTION;
    e->broken_rule = -1;
    e->hardest = -1;
    e->s = rg_solver_new();
    int rc = e->s ? rg_trial_start(e->s, p, NULL) : RG_E_NOMEM;
    if (rc == RG_E_NOMEM) goto nomem;
    e->bytes = rg_trial_bytes(e->s);
    if (buffers(e) != RG_OK) goto nomem;
    if (rg_trial_start(e->s, p, e->main.space) == RG_E_NOMEM) goto nomem;
    rc = position(e, pos, err);
    if (rc != RG_OK) {
        rg_explainer_free(e);
        return rc;
    }
    clock_gettime(CLOCK_MONOTONIC, &e->t0);
    *out = e;
    return RG_OK;
nomem:
    rg_explainer_free(e);
    return rg_error_set(err, RG_E_NOMEM, NULL, "out of memory");
}

void rg_explainer_free(rg_explainer *e)
{
    if (!e) return;
    rg_solver_free(e->s);
    state_free(&e->main);
    state_free(&e->sub);
    rg_mem_free(e->h);
    rg_mem_free(e->ch_off);
    rg_mem_free(e->ch);
    rg_mem_free(e->cnt);
    rg_mem_free(e->tmp);
    rg_mem_free(e->before);
    rg_mem_free(e->after);
    rg_mem_free(e->start);
    rg_mem_free(e->base);
    rg_mem_free(e->probe);
    rg_text_free(&e->technique);
    rg_text_free(&e->text);
    rg_text_free(&e->btext);
    rg_text_free(&e->chain);
    rg_text_free(&e->chain_notes);
    rg_mem_free(e->note_at);
    rg_mem_free(e->link_at);
    rg_mem_free(e->link_mid);
    rg_mem_free(e->links);
    rg_mem_free(e->needed);
    rg_mem_free(e->keep);
    rg_mem_free(e->rules);
    rg_mem_free(e->focus);
    rg_mem_free(e->pc);
    rg_mem_free(e->pd);
    rg_mem_free(e->ec);
    rg_mem_free(e->em);
    for (int i = 0; i < e->ntech; i++) rg_mem_free(e->tnames[i]);
    rg_mem_free(e->tnames);
    rg_mem_free(e->tcounts);
    rg_mem_free(e->bcells);
    rg_mem_free(e);
}

/* ---- The ladder --------------------------------------------------------- */

/* The placed digits as values (0 where none), into e->tmp. */
static int *placed_values(rg_explainer *e)
{
    for (int c = 0; c < e->N; c++)
        e->tmp[c] =
            e->main.placed[c] && rg_single(e->main.dom[c]) ? rg_digit_of(e->main.dom[c]) : 0;
    return e->tmp;
}

/* The placed cells that break rule `rule`, into e->tmp + N: every placed
 * cell is taken out of values (placed_values' array, changed in place) in
 * turn and stays out while the rule is still broken without it, so each
 * cell named is needed to break it. None when the placed digits alone do not
 * break it (a house with more cells than digits). A rule broken by some
 * digits stays broken with more placed (rg_check_broken is asked about
 * `rule` alone: the rules it checks before it are not broken by more
 * digits, so by fewer neither); the cells kept break it whatever a check
 * does. */
static const int *breaking_cells(rg_explainer *e, int rule, int *values, int *n)
{
    int *cells = e->tmp + e->N;
    *n = 0;
    if (rg_check_broken(e->m, values) != rule) return cells;
    for (int c = 0; c < e->N; c++) {
        int d = values[c];
        if (!d) continue;
        values[c] = 0;
        if (rg_check_broken(e->m, values) != rule) values[c] = d, cells[(*n)++] = c;
    }
    return cells;
}

/* "The placed digits break rule 0 (box_grid): r1c1 and r1c4.", the cells
 * that break it named. */
static int broken_by(rg_explainer *e, int rule, const int *cells, int n, const char *what)
{
    rg_text t = {0};
    for (int i = 0; i < n; i++) {
        rg_text_add(&t, "%s", i == 0 ? ": " : i == n - 1 ? " and " : ", ");
        rg_text_cells(&t, e->m, &cells[i], 1, "");
    }
    if (t.nomem) return rg_text_free(&t), rg_x_nomem(e);
    int r = rg_x_broken(e, rule, cells, n, "%s rule %d (%s)%s.", what, rule,
                        rg_model_rule_type(e->m, rule), t.s ? t.s : "");
    rg_text_free(&t);
    return r;
}

/* Before the first step: the givens and the position must not break a
 * rule; their digits leave their peers. */
static int begin(rg_explainer *e)
{
    int r = rg_x_dead_ends(e, &e->main);
    if (r != RG_X_NONE) return r;
    int *values = placed_values(e), broken = rg_check_broken(e->m, values);
    if (broken >= 0) {
        int n;
        const int *cells = breaking_cells(e, broken, values, &n);
        return broken_by(e, broken, cells, n, "The placed digits break");
    }
    rg_x_begin(e, RG_RANK_NONE, "", "core");
    for (int c = 0; c < e->N; c++)
        if (e->main.placed[c]) rg_x_place(e, c, rg_digit_of(e->main.dom[c]));
    if (e->error) return RG_X_ERROR;
    rg_x_apply(e, &e->main);
    return RG_X_NONE;
}

/* Every cell placed: the digits must satisfy every rule. */
static int complete(rg_explainer *e)
{
    for (int c = 0; c < e->N; c++)
        if (!e->main.placed[c]) return 0;
    int *values = placed_values(e), broken = rg_check_values(e->m, values);
    if (broken >= 0) {
        int n;
        const int *cells = breaking_cells(e, broken, values, &n);
        broken_by(e, broken, cells, n, "The completed grid breaks");
        e->status = RG_EXPLAIN_CONTRADICTION;
    } else {
        e->status = RG_EXPLAIN_SOLVED;
    }
    return 1;
}

/* Count the step's technique and rank. */
static int record(rg_explainer *e)
{
    const char *name = e->technique.s ? e->technique.s : "";
    int t = 0;
    while (t < e->ntech && strcmp(e->tnames[t], name)) t++;
    if (t == e->ntech) {
        char **n = rg_mem_grow(e->tnames, t + 1, &e->captech, sizeof *n, 8);
        if (!n) return rg_x_nomem(e);
        e->tnames = n;
        int *cnt = rg_mem_realloc(e->tcounts, (size_t)e->captech * sizeof *cnt);
        if (!cnt) return rg_x_nomem(e);
        e->tcounts = cnt;
        if (!(e->tnames[t] = rg_mem_strdup(name))) return rg_x_nomem(e);
        e->tcounts[t] = 0;
        e->ntech++;
    }
    e->tcounts[t]++;
    if (e->rank > e->rating) {
        e->rating = e->rank;
        e->hardest = t;
    }
    e->nsteps++;
    e->nplaced += e->nplace;
    for (int i = 0; i < e->nelim; i++) e->eliminated += rg_popcount(e->em[i]);
    return RG_X_STEP;
}

static void fill(rg_explainer *e, rg_step *st)
{
    *st = (rg_step){e->nsteps, e->rank,   e->technique.s ? e->technique.s : "",
                    e->family, e->rules,  e->nrules,
                    e->focus,  e->nfocus, e->pc,
                    e->pd,     e->nplace, e->ec,
                    e->em,     e->nelim,  e->text.s ? e->text.s : ""};
}

static int finish(rg_explainer *e, int status)
{
    e->status = status;
    e->done = 1;
    return 0;
}

static int fail(rg_explainer *e, rg_error *err)
{
    e->done = 1;
    if (err) *err = e->err;
    return e->error ? e->error : RG_E_INTERNAL;
}

/* Did a text of the explainer run out of memory (a step's, a chain's, a
 * contradiction's)? Then the explanation ends with RG_E_NOMEM. */
static int text_failed(rg_explainer *e)
{
    if (e->technique.nomem || e->text.nomem || e->btext.nomem || e->chain.nomem ||
        e->chain_notes.nomem)
        return rg_x_nomem(e);
    return 0;
}

int rg_explain_next(rg_explainer *e, rg_step *step, rg_error *err)
{
    if (err) rg_error_clear(err); /* every part of an error it gives is its own */
    if (e->error) return fail(e, err);
    if (e->done) return 0;
    if (!e->started) {
        e->started = 1;
        int r = begin(e);
        if (text_failed(e)) r = RG_X_ERROR;
        if (r == RG_X_BROKEN) return finish(e, RG_EXPLAIN_CONTRADICTION);
        if (r == RG_X_ERROR) return fail(e, err);
    }
    if (complete(e)) return text_failed(e) ? fail(e, err) : finish(e, e->status);
    if (e->o.max_seconds > 0 && rg_clock_us(&e->t0) > e->o.max_seconds * 1e6)
        return finish(e, RG_EXPLAIN_UNKNOWN);
    int r = rg_x_dead_ends(e, &e->main);
    for (int rank = RG_RANK_HIDDEN_SINGLE; r == RG_X_NONE && rank <= e->o.upto; rank++)
        r = rg_x_try_rank(e, &e->main, rank);
    if (text_failed(e)) r = RG_X_ERROR;
    if (r == RG_X_STEP && !e->error) r = record(e);
    if (e->error || r == RG_X_ERROR) return fail(e, err);
    switch (r) {
    case RG_X_STEP:
        rg_x_apply(e, &e->main);
        fill(e, step);
        return 1;
    case RG_X_BROKEN: return finish(e, RG_EXPLAIN_CONTRADICTION);
    case RG_X_LIMIT: return finish(e, RG_EXPLAIN_UNKNOWN);
    default: return finish(e, RG_EXPLAIN_STUCK);
    }
}

void rg_explain_summary_get(const rg_explainer *e, rg_explain_summary *sum)
{
    *sum = (rg_explain_summary){
        .status = e->status,
        .steps = e->nsteps,
        .placed = e->nplaced,
        .eliminated = e->eliminated,
        .rating = e->rating,
        .hardest = e->hardest >= 0 ? e->tnames[e->hardest] : "",
        .ntechniques = e->ntech,
        .technique_names = (const char *const *)e->tnames,
        .technique_counts = e->tcounts,
        .broken_rule = e->status == RG_EXPLAIN_CONTRADICTION ? e->broken_rule : -1,
        .broken_cells = e->bcells,
        .nbroken = e->status == RG_EXPLAIN_CONTRADICTION ? e->nbroken : 0,
        .broken_text = e->status == RG_EXPLAIN_CONTRADICTION && e->btext.s ? e->btext.s : "",
        .probes = e->probes,
    };
}

const rg_mask *rg_explain_candidates(const rg_explainer *e) { return e->main.dom; }

const unsigned char *rg_explain_placed(const rg_explainer *e) { return e->main.placed; }
