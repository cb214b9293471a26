/* Repairing invented clues when a puzzle has no givens (killer): while two
 * solutions differ, the invented rules that name a cell where they differ
 * are dropped and new ones are grown, with the requests' repair settings,
 * inside the cells so freed. */
#include <stdio.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "base/error.h"
#include "base/mask.h"
#include "base/mem.h"
#include "base/rng.h"
#include "gen/clues.h"
#include "gen/repair.h"
#include "search/solver.h"

/* Rounds of regrowing clues in one repair, and tries to meet a second
 * solution by random value orders before falling back on the open cells. */
#define REGROW_TRIES 6
#define OTHER_TRIES  2

/* Scratch of one repair: per cell. */
typedef struct scratch {
    int *other;           /* a second solution */
    unsigned char *freed; /* cells no invented rule names any more */
    unsigned char *names; /* the cells of one rule */
    rg_mask *dom;         /* root domains */
    /* The rules grown by the last repair still admit other (a second
     * solution): the puzzle is not unique, and was not rebuilt. */
    int known;
} scratch;

/* A solution of p other than r->solution into other (*found = 1), looked
 * for by the first solution of the count and then by random value orders. */
static int other_solution(rg_run *r, const rg_puzzle *p, const rg_result *counted, int *other,
                          int *found)
{
    *found = 0;
    if (counted->solution &&
        memcmp(counted->solution, r->solution, (size_t)r->N * sizeof *other) != 0) {
        memcpy(other, counted->solution, (size_t)r->N * sizeof *other);
        *found = 1;
        return RG_OK;
    }
    if (counted->status != RG_STATUS_MULTIPLE) return RG_OK;
    for (int t = 0; t < OTHER_TRIES; t++) {
        rg_options o;
        rg_run_options(r, &o, RG_STRATEGY_INTERSECTIONS, 1, r->count_nodes);
        o.values = RG_VALUES_RANDOM;
        o.seed = rg_rng_next(&r->rng);
        rg_result res;
        int rc = rg_run_search(r, p, &o, &res);
        if (rc != RG_OK) return rc;
        if (res.status == RG_STATUS_SOLVED &&
            memcmp(res.solution, r->solution, (size_t)r->N * sizeof *other) != 0) {
            memcpy(other, res.solution, (size_t)r->N * sizeof *other);
            *found = 1;
            return RG_OK;
        }
    }
    return RG_OK;
}

/* The cells where q's solutions differ (a second solution's differences,
 * else the cells its root propagation leaves open) into x->freed. Returns
 * their count through *n, and whether x->other is a second solution
 * through *found. */
static int differing(rg_run *r, const rg_puzzle *q, const rg_result *res, scratch *x, int *n,
                     int *found)
{
    int N = r->N;
    *n = 0;
    int rc = other_solution(r, q, res, x->other, found);
    if (rc != RG_OK) return rc;
    memset(x->freed, 0, (size_t)N);
    if (*found) {
        for (int c = 0; c < N; c++)
            if (x->other[c] != r->solution[c]) x->freed[c] = 1, (*n)++;
    } else {
        rc = rg_solver_root(r->solver, q, RG_STRATEGY_INTERSECTIONS, x->dom);
        if (rc == RG_E_NOMEM) return rg_error_set(r->err, RG_E_NOMEM, NULL, "out of memory");
        if (rc == 0)
            for (int c = 0; c < N; c++)
                if (!rg_single(x->dom[c])) x->freed[c] = 1, (*n)++;
    }
    return RG_OK;
}

/* The cells where x->other differs from the solution into x->freed;
 * their count into *n. */
static void differing_known(rg_run *r, scratch *x, int *n)
{
    *n = 0;
    for (int c = 0; c < r->N; c++) {
        x->freed[c] = x->other[c] != r->solution[c];
        *n += x->freed[c];
    }
}

/* Do the rules of r->rules from index first on (those a repair just grew)
 * admit x->other? The rules before them do: other solved the puzzle before
 * the repair, and the repair only dropped rules. Those rules alone are
 * built into a puzzle and checked (*yes); a set that does not build says
 * no, and the repair's puzzle is built and counted as usual. */
static int other_admits(rg_run *r, const scratch *x, int first, int *yes)
{
    *yes = 0;
    cJSON *grown = cJSON_CreateArray();
    if (!grown) return rg_error_set(r->err, RG_E_NOMEM, NULL, "out of memory");
    int i = 0, ok = 1;
    for (cJSON *rule = r->rules->child; rule && ok; rule = rule->next, i++)
        if (i >= first) ok = cJSON_AddItemReferenceToArray(grown, rule);
    if (!ok) {
        cJSON_Delete(grown);
        return rg_error_set(r->err, RG_E_NOMEM, NULL, "out of memory");
    }
    if (!grown->child) { /* nothing grown: the puzzle only lost rules */
        cJSON_Delete(grown);
        *yes = 1;
        return RG_OK;
    }
    rg_puzzle *part = NULL;
    int rc = rg_run_build(r, grown, &part);
    cJSON_Delete(grown);
    if (rc == RG_E_NOMEM) return rc;
    if (rc == RG_OK)
        *yes = rg_puzzle_check(part, x->other) == -1;
    else
        rg_error_clear(r->err);
    rg_puzzle_free(part);
    return RG_OK;
}

/* Drop the invented rules that name a freed cell; their cells are freed
 * too. Then the cells a kept invented rule names are not free. */
static int drop_named(rg_run *r, scratch *x)
{
    int N = r->N, n = cJSON_GetArraySize(r->rules), i = 0;
    unsigned char *hit = rg_mem_calloc((size_t)(n ? n : 1), 1);
    if (!hit) return rg_error_set(r->err, RG_E_NOMEM, NULL, "out of memory");
    for (cJSON *rule = r->rules->child; rule; rule = rule->next, i++) {
        if (i < r->nbase) continue;
        memset(x->names, 0, (size_t)N);
        rg_clues_cells(r, rule, x->names);
        for (int c = 0; c < N && !hit[i]; c++) hit[i] = x->names[c] && x->freed[c];
    }
    for (i = n - 1; i >= r->nbase; i--) {
        if (!hit[i]) continue;
        cJSON *rule = cJSON_DetachItemFromArray(r->rules, i);
        memset(x->names, 0, (size_t)N);
        rg_clues_cells(r, rule, x->names);
        for (int c = 0; c < N; c++) x->freed[c] |= x->names[c];
        cJSON_Delete(rule);
        r->repairs++;
    }
    rg_mem_free(hit);
    i = 0;
    for (cJSON *rule = r->rules->child; rule; rule = rule->next, i++) {
        if (i < r->nbase) continue;
        memset(x->names, 0, (size_t)N);
        rg_clues_cells(r, rule, x->names);
        for (int c = 0; c < N; c++)
            if (x->names[c]) x->freed[c] = 0;
    }
    return RG_OK;
}

/* Grow new rules over p and keep those lying inside the freed cells. */
static int regrow(rg_run *r, const rg_puzzle *p, scratch *x)
{
    int N = r->N, rc = RG_OK;
    cJSON *fresh = NULL;
    for (int t = 0; t < REGROW_TRIES && rc == RG_OK; t++) {
        int left = 0;
        for (int c = 0; c < N; c++) left += x->freed[c];
        if (left == 0) break;
        cJSON_Delete(fresh);
        if (!(fresh = cJSON_CreateArray())) {
            rc = rg_error_set(r->err, RG_E_NOMEM, NULL, "out of memory");
            break;
        }
        /* The hooks may leave out what lies outside the freed cells. */
        if ((rc = rg_clues_invent(r, p, 1, x->freed, fresh)) != RG_OK) break;
        while (fresh->child) {
            cJSON *rule = cJSON_DetachItemViaPointer(fresh, fresh->child);
            memset(x->names, 0, (size_t)N);
            rg_clues_cells(r, rule, x->names);
            int fits = 0, inside = 1;
            for (int c = 0; c < N; c++)
                if (x->names[c]) {
                    fits = 1;
                    if (!x->freed[c]) inside = 0;
                }
            if (fits && inside) {
                for (int c = 0; c < N; c++)
                    if (x->names[c]) x->freed[c] = 0;
                cJSON_AddItemToArray(r->rules, rule);
            } else {
                cJSON_Delete(rule);
            }
        }
    }
    cJSON_Delete(fresh);
    return rc;
}

/* One round: RG_OK with *unique set when p is unique; otherwise the rules
 * repaired and *p rebuilt (or *stop set with r->why). When the rules grown
 * still admit the second solution the repair worked from, the puzzle is
 * not unique and where it fails is known: the next round repairs again
 * without a build and a count (x->known; *p is then not rebuilt, and only
 * its board serves the hooks). */
static int round_of(rg_run *r, rg_puzzle **p, int round, scratch *x, int *unique, int *stop)
{
    rg_puzzle *q = NULL;
    int status, n, rc = RG_OK, found = x->known;
    rg_result res;
    if (!x->known) {
        rc = rg_run_copy(r, *p, r->tgivens, &q);
        if (rc == RG_OK) rc = rg_run_count2(r, q, r->count_nodes, &status, &res);
        if (rc == RG_OK && status == RG_STATUS_UNIQUE) *unique = 1;
        if (rc != RG_OK || *unique) goto done;
    }
    if (round >= r->g->pf.repair_rounds) {
        snprintf(r->why, sizeof r->why, "the clues were not unique after %d repairs", round);
        *stop = 1;
        goto done;
    }
    if (x->known)
        differing_known(r, x, &n);
    else if ((rc = differing(r, q, &res, x, &n, &found)) != RG_OK)
        goto done;
    if (n == 0) {
        snprintf(r->why, sizeof r->why, "no cell to repair in a puzzle that is not unique");
        *stop = 1;
        goto done;
    }
    int first = 0;
    if ((rc = drop_named(r, x)) == RG_OK) {
        first = cJSON_GetArraySize(r->rules);
        rc = regrow(r, *p, x);
    }
    x->known = 0;
    if (rc == RG_OK && found && (rc = other_admits(r, x, first, &x->known)) != RG_OK) goto done;
    if (x->known) goto done;
    rg_puzzle *rebuilt = NULL;
    if (rc == RG_OK && (rc = rg_run_build(r, r->rules, &rebuilt)) == RG_OK) {
        rg_puzzle_free(*p);
        *p = rebuilt;
    }
done:
    rg_puzzle_free(q);
    return rc;
}

int rg_repair_run(rg_run *r, rg_puzzle **p, int *ok)
{
    int N = r->N, rc = RG_OK, stop = 0;
    *ok = 0;
    scratch x = {rg_mem_alloc((size_t)N * sizeof(int)), rg_mem_alloc((size_t)N),
                 rg_mem_alloc((size_t)N), rg_mem_alloc((size_t)N * sizeof(rg_mask)), 0};
    if (!x.other || !x.freed || !x.names || !x.dom)
        rc = rg_error_set(r->err, RG_E_NOMEM, NULL, "out of memory");
    for (int round = 0; rc == RG_OK && !*ok && !stop; round++)
        rc = round_of(r, p, round, &x, ok, &stop);
    rg_mem_free(x.other);
    rg_mem_free(x.freed);
    rg_mem_free(x.names);
    rg_mem_free(x.dom);
    return rc;
}
