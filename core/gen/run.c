/* The searches a generation run makes, within its node and time budgets,
 * and its small services (time, copies, shuffles). */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <cjson/cJSON.h>

#include "base/error.h"
#include "base/rng.h"
#include "gen/run.h"
#include "io/document.h"
#include "search/solver.h"

double rg_run_elapsed(const rg_run *r)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)(t.tv_sec - r->t0.tv_sec) + (double)(t.tv_nsec - r->t0.tv_nsec) / 1e9;
}

int rg_run_out_of_time(rg_run *r)
{
    if (r->max_seconds > 0 && rg_run_elapsed(r) >= r->max_seconds) r->timed_out = 1;
    return r->timed_out;
}

void rg_run_options(const rg_run *r, rg_options *o, int strategy, long limit, uint64_t nodes)
{
    rg_options_default(o);
    o->strategy = strategy;
    o->limit = limit;
    o->max_nodes = nodes;
    if (r->max_seconds > 0) {
        double left = r->max_seconds - rg_run_elapsed(r);
        o->max_seconds = left > 1e-6 ? left : 1e-6;
    }
}

int rg_run_search(rg_run *r, const rg_puzzle *p, const rg_options *o, rg_result *res)
{
    int rc = rg_solve(r->solver, p, o, res, r->err);
    if (rc != RG_OK) return rc;
    if (res->status == RG_STATUS_UNKNOWN && rg_run_out_of_time(r)) return RG_E_LIMIT;
    return RG_OK;
}

int rg_run_count2(rg_run *r, const rg_puzzle *p, uint64_t nodes, int *status, rg_result *res)
{
    rg_options o;
    rg_run_options(r, &o, RG_STRATEGY_INTERSECTIONS, 2, nodes);
    int rc = rg_run_search(r, p, &o, res);
    *status = res->status;
    return rc;
}

int rg_run_solves_at(rg_run *r, const rg_puzzle *p, int level, int *yes)
{
    rg_options o;
    rg_result res;
    rg_run_options(r, &o, level, 1, (uint64_t)r->N + 2);
    /* Only a solve without a guess says yes: the search stops at its first. */
    rg_solver_guessless(r->solver, 1);
    int rc = rg_run_search(r, p, &o, &res);
    rg_solver_guessless(r->solver, 0);
    *yes = rc == RG_OK && res.status == RG_STATUS_SOLVED && res.no_guess;
    return rc;
}

int rg_run_rated(rg_run *r, const rg_puzzle *p, int *yes, int *rating)
{
    rg_explain_options o;
    rg_explain_options_default(&o);
    o.upto = r->rating ? r->rating : RG_RANK_CONTRADICTION;
    if (r->max_seconds > 0) {
        o.max_seconds = r->max_seconds - rg_run_elapsed(r);
        if (o.max_seconds <= 0) return RG_E_LIMIT;
    }
    rg_explainer *e;
    rg_step st;
    int rc = rg_explainer_new(p, NULL, &o, &e, r->err);
    while (rc == RG_OK && (rc = rg_explain_next(e, &st, r->err)) == 1) rc = RG_OK;
    if (rc == 0) {
        rg_explain_summary s;
        rg_explain_summary_get(e, &s);
        *yes = s.status == RG_EXPLAIN_SOLVED;
        if (rating) *rating = s.rating;
        if (s.status == RG_EXPLAIN_UNKNOWN && rg_run_out_of_time(r)) rc = RG_E_LIMIT;
    }
    rg_explainer_free(e);
    return rc;
}

int rg_run_acceptable(rg_run *r, const rg_puzzle *p, int *yes)
{
    if (r->rating > 0) {
        int rc = r->level >= 0 ? rg_run_solves_at(r, p, r->level, yes) : RG_OK;
        if (rc == RG_OK && (r->level < 0 || *yes)) rc = rg_run_rated(r, p, yes, NULL);
        return rc;
    }
    if (r->level >= 0) return rg_run_solves_at(r, p, r->level, yes);
    int status;
    rg_result res;
    int rc = rg_run_count2(r, p, r->count_nodes, &status, &res);
    if (rc == RG_OK && status == RG_STATUS_UNKNOWN && r->minimal)
        rc = rg_run_count2(r, p, r->count_nodes * 16, &status, &res);
    if (rc == RG_OK && status == RG_STATUS_UNKNOWN) r->unproved = 1;
    *yes = status == RG_STATUS_UNIQUE;
    return rc;
}

int rg_run_build(rg_run *r, const cJSON *rules, rg_puzzle **out)
{
    *out = NULL;
    /* The document as a tree of its own (the reader keeps its board and
     * rules as the model's source), read without printing and parsing its
     * text: that round trip had been a tenth of a killer's generation. */
    cJSON *doc = cJSON_CreateObject();
    cJSON *board = cJSON_Duplicate(r->g->board, 1), *list = cJSON_Duplicate(rules, 1);
    int ok = doc && board && list && cJSON_AddStringToObject(doc, "format", "rulegrid") &&
             cJSON_AddNumberToObject(doc, "version", 1);
    /* A constant key allocates nothing, so these cannot fail once doc is. */
    if (ok) {
        cJSON_AddItemToObjectCS(doc, "board", board);
        cJSON_AddItemToObjectCS(doc, "rules", list);
    } else {
        cJSON_Delete(board);
        cJSON_Delete(list);
        cJSON_Delete(doc);
        return rg_error_set(r->err, RG_E_NOMEM, NULL, "out of memory");
    }
    rg_error_clear(r->err);
    int rc = rg_document_read_tree(r->g->reg, doc, 0, out, r->err);
    if (rc != RG_OK) {
        rg_error_set_file(r->err, r->g->label);
        if (r->err->code == RG_OK) r->err->code = rc;
        static const char head[] = "a generated puzzle does not read: ";
        size_t n = strlen(r->err->message), h = sizeof head - 1;
        if (n + h >= sizeof r->err->message) n = sizeof r->err->message - h - 1;
        memmove(r->err->message + h, r->err->message, n);
        memcpy(r->err->message, head, h);
        r->err->message[h + n] = 0;
    }
    return rc;
}

int rg_run_copy(rg_run *r, const rg_puzzle *p, const int *givens, rg_puzzle **out)
{
    return rg_puzzle_with_givens(p, givens, out, r->err);
}

void rg_run_shuffle(rg_run *r, int *a, int n)
{
    for (int i = n - 1; i > 0; i--) {
        int j = (int)rg_rng_below(&r->rng, (uint64_t)i + 1);
        int t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}
