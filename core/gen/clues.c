/* The rules a generation run invents: laid out before the fill, invented
 * over the solution, and thinned while the puzzle stays unique. */
#include <string.h>

#include <cjson/cJSON.h>

#include "base/error.h"
#include "base/mem.h"
#include "base/rng.h"
#include "gen/clues.h"
#include "gen/hook.h"
#include "model/board.h"

int rg_clues_lay_out(rg_run *r, cJSON *out)
{
    for (int i = 0; i < r->g->pf.nlayout; i++) {
        const rg_request *q = &r->g->pf.layout[i];
        int rc = rg_hook_run(q->type, r->g->templ, q->settings, NULL, NULL, NULL, &r->rng, out, 1,
                             NULL, r->err);
        if (rc != RG_OK) return rc;
    }
    return RG_OK;
}

int rg_clues_invent(rg_run *r, const rg_puzzle *p, int repair, const unsigned char *wanted,
                    cJSON *out)
{
    for (int i = 0; i < r->g->pf.nclues; i++) {
        const rg_request *q = &r->g->pf.clues[i];
        /* A first growing judges the repair settings' names too. */
        const cJSON *settings = repair && q->repair ? q->repair : q->settings;
        const cJSON *later = repair ? NULL : q->repair;
        int rc = rg_hook_run(q->type, p, settings, later, r->solution, wanted, &r->rng, out, 1,
                             NULL, r->err);
        if (rc != RG_OK) return rc;
    }
    return RG_OK;
}

void rg_clues_cells(const rg_run *r, const cJSON *v, unsigned char *mark)
{
    if (cJSON_IsString(v)) {
        int r1, c1, r2, c2;
        if (rg_board_parse_span(v->valuestring, &r1, &c1, &r2, &c2)) return;
        for (int y = r1; y <= r2; y++)
            for (int x = c1; x <= c2; x++) {
                int c = rg_puzzle_cell_at(r->g->templ, y, x);
                if (c >= 0) mark[c] = 1;
            }
        return;
    }
    for (const cJSON *c = v ? v->child : NULL; c; c = c->next) rg_clues_cells(r, c, mark);
}

static int thinned_type(const rg_run *r, const cJSON *rule)
{
    const cJSON *t = cJSON_GetObjectItemCaseSensitive(rule, "type");
    for (int i = 0; cJSON_IsString(t) && i < r->g->pf.nthin; i++)
        if (strcmp(t->valuestring, r->g->pf.thin[i]) == 0) return 1;
    return 0;
}

int rg_clues_thin(rg_run *r, rg_puzzle **p)
{
    int n = cJSON_GetArraySize(r->rules) - r->nbase;
    if (n <= 0 || r->g->pf.nthin == 0) return RG_OK;
    cJSON **items = rg_mem_alloc((size_t)n * sizeof *items);
    if (!items) return rg_error_set(r->err, RG_E_NOMEM, NULL, "out of memory");
    int k = 0, rc = RG_OK;
    int i = 0;
    for (cJSON *rule = r->rules->child; rule; rule = rule->next, i++)
        if (i >= r->nbase && thinned_type(r, rule)) items[k++] = rule;
    for (int j = k - 1; j > 0; j--) {
        int m = (int)rg_rng_below(&r->rng, (uint64_t)j + 1);
        cJSON *t = items[j];
        items[j] = items[m];
        items[m] = t;
    }
    for (int j = 0; j < k && rc == RG_OK; j++) {
        if (rg_run_out_of_time(r)) {
            rc = RG_E_LIMIT;
            break;
        }
        /* The rules but this one, as references (no copies). */
        cJSON *trial = cJSON_CreateArray();
        int ok = trial != NULL;
        for (cJSON *c = r->rules->child; c && ok; c = c->next)
            if (c != items[j]) ok = cJSON_AddItemReferenceToArray(trial, c);
        if (!ok) {
            cJSON_Delete(trial);
            rc = rg_error_set(r->err, RG_E_NOMEM, NULL, "out of memory");
            break;
        }
        rg_puzzle *smaller = NULL, *q = NULL;
        int yes = 0;
        rc = rg_run_build(r, trial, &smaller);
        cJSON_Delete(trial);
        if (rc == RG_OK) rc = rg_run_copy(r, smaller, r->givens, &q);
        if (rc == RG_OK && rg_puzzle_check(q, r->solution) == -1)
            rc = rg_run_acceptable(r, q, &yes);
        rg_puzzle_free(q);
        if (rc == RG_OK && yes) {
            cJSON_Delete(cJSON_DetachItemViaPointer(r->rules, items[j]));
            rg_puzzle_free(*p);
            *p = smaller;
        } else {
            rg_puzzle_free(smaller);
        }
    }
    rg_mem_free(items);
    return rc;
}
