/* Minimising a failing trial: candidate reductions tried in a fixed order,
 * the first that still fails the same check taken, until none does or the
 * budget of evaluations runs out. */
#include <string.h>

#include <cjson/cJSON.h>

#include "verify/mutate.h"
#include "verify/run.h"

#define MAX_EVALS 400

/* Drop row `rows` or column `cols` (the last) of the restrictions and givens. */
static void cut(rg_vspec *sp, int rows, int cols)
{
    rg_vspec old = *sp;
    memset(sp->givens, 0, sizeof sp->givens);
    memset(sp->parity, 0, sizeof sp->parity);
    memset(sp->low, 0, sizeof sp->low);
    memset(sp->high, 0, sizeof sp->high);
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++) {
            int i = r * cols + c, j = r * old.cols + c;
            sp->givens[i] = old.givens[j], sp->parity[i] = old.parity[j];
            sp->low[i] = old.low[j], sp->high[i] = old.high[j];
        }
    sp->rows = rows, sp->cols = cols;
}

/* Drop the first row (dr) or column (dc) when no rule names a cell there:
 * everything moves up or left. 1 done, 0 not. */
static int drop_first(rg_vspec *sp, int dr, int dc)
{
    int row = 99, col = 99;
    for (cJSON *r = sp->rules ? sp->rules->child : NULL; r; r = r->next) {
        int fr, fc;
        rg_mutate_first(r, &fr, &fc);
        if (fr < row) row = fr;
        if (fc < col) col = fc;
    }
    if ((dr && row <= 1) || (dc && col <= 1) || sp->houses == RG_VHOUSES_LATIN) return 0;
    if ((dr && sp->rows < 2) || (dc && sp->cols < 2)) return 0;
    for (cJSON *r = sp->rules ? sp->rules->child : NULL; r; r = r->next) rg_mutate_shift(r, dr, dc);
    rg_vspec old = *sp;
    sp->rows -= dr, sp->cols -= dc;
    for (int r = 0; r < sp->rows; r++)
        for (int c = 0; c < sp->cols; c++) {
            int i = r * sp->cols + c, j = (r + dr) * old.cols + c + dc;
            sp->givens[i] = old.givens[j], sp->parity[i] = old.parity[j];
            sp->low[i] = old.low[j], sp->high[i] = old.high[j];
        }
    for (int i = sp->rows * sp->cols; i < RG_VSPEC_CELLS; i++)
        sp->givens[i] = sp->parity[i] = sp->low[i] = sp->high[i] = 0;
    return 1;
}

/* One digit fewer: givens of the last digit and splits out of range go. */
static void fewer_digits(rg_vspec *sp)
{
    int D = --sp->digits;
    for (int i = 0; i < sp->rows * sp->cols; i++) {
        if (sp->givens[i] > D) sp->givens[i] = 0;
        if (sp->low[i] >= D) sp->low[i] = 0;
        if (sp->high[i] >= D) sp->high[i] = 0;
    }
}

/* Members of the list members of the instances, as (rule, member, index)
 * counted in order: the k-th is removed. 1 done, 0 k past the end. */
static int drop_member(rg_vspec *sp, int k)
{
    for (cJSON *r = sp->rules ? sp->rules->child : NULL; r; r = r->next)
        for (cJSON *m = r->child; m; m = m->next) {
            int n = cJSON_IsArray(m) ? cJSON_GetArraySize(m) : 0;
            if (n < 2) continue;
            if (k < n) {
                cJSON_DeleteItemFromArray(m, k);
                return 1;
            }
            k -= n;
        }
    return 0;
}

/* Candidate k of from into to: 1 made, 0 not applicable, -1 past the last. */
static int candidate(const rg_vspec *from, int k, rg_vspec *to)
{
    int RC = from->rows * from->cols, n = cJSON_GetArraySize(from->rules);
    if (rg_vspec_copy(from, to) != RG_OK) return -1;
    int ok = 1;
    if (k == 0)
        ok = to->houses != RG_VHOUSES_NONE, to->houses = RG_VHOUSES_NONE;
    else if (k == 1) {
        static const int no_givens[RG_VSPEC_CELLS];
        ok = memcmp(to->givens, no_givens, sizeof no_givens) != 0;
        memset(to->givens, 0, sizeof to->givens);
    } else if (k == 2) {
        static const signed char none[RG_VSPEC_CELLS];
        ok = memcmp(to->parity, none, sizeof none) || memcmp(to->low, none, sizeof none) ||
             memcmp(to->high, none, sizeof none);
        memset(to->parity, 0, sizeof to->parity);
        memset(to->low, 0, sizeof to->low);
        memset(to->high, 0, sizeof to->high);
    } else if (k == 3 || k == 4) {
        ok = to->houses != RG_VHOUSES_LATIN && (k == 3 ? to->rows : to->cols) > 1;
        if (ok) cut(to, to->rows - (k == 3), to->cols - (k == 4));
    } else if (k == 5) {
        ok = to->houses != RG_VHOUSES_LATIN && to->digits > 1;
        if (ok) fewer_digits(to);
    } else if (k == 6 || k == 7) {
        ok = drop_first(to, k == 6, k == 7);
    } else if ((k -= 8) < n) {
        ok = n > 1;
        if (ok) cJSON_DeleteItemFromArray(to->rules, k);
    } else if ((k -= n) < RC) {
        ok = to->givens[k] != 0, to->givens[k] = 0;
    } else if ((k -= RC) < RC) {
        ok = to->parity[k] || to->low[k] || to->high[k];
        to->parity[k] = to->low[k] = to->high[k] = 0;
    } else if (!drop_member(to, k - RC)) {
        rg_vspec_free(to);
        return -1;
    }
    if (!ok) rg_vspec_free(to);
    return ok;
}

/* Passes over the candidates until one changes nothing; an accepted
 * candidate is not stepped over, so that the next member or cell of the
 * same kind is tried at once. */
void rg_vrun_minimise(rg_vrun *v, rg_vspec *sp, uint64_t seed, rg_vfail *f)
{
    int evals = 0;
    for (int improved = 1; improved && evals < MAX_EVALS;) {
        improved = 0;
        for (int k = 0; evals < MAX_EVALS && rg_vrun_left(v) > 0; k++) {
            rg_vspec c;
            int made = candidate(sp, k, &c);
            if (made < 0) break;
            if (!made) continue;
            rg_vfail g;
            rg_error e;
            evals++;
            if (rg_vrun_fails(v, &c, seed, &g, &e) == 1 && strcmp(g.check, f->check) == 0) {
                rg_vspec_free(sp);
                *sp = c;
                *f = g;
                improved = 1;
                k--;
                continue;
            }
            rg_vspec_free(&c);
        }
    }
}
