/* The generator's run: attempts (a layout, a complete grid, invented clues,
 * givens removed or clues repaired, clues thinned) until one gives a puzzle
 * that meets the options, then the puzzle handed out with its meta. Also
 * the hooks run alone (rg_generate_clues). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <cjson/cJSON.h>

#include "base/error.h"
#include "base/json.h"
#include "base/mem.h"
#include "gen/clues.h"
#include "gen/givens.h"
#include "gen/hook.h"
#include "gen/repair.h"
#include "gen/run.h"
#include "gen/symmetry.h"
#include "model/record.h"
#include "search/solver.h"

void rg_gen_options_default(rg_gen_options *o)
{
    memset(o, 0, sizeof *o);
    o->symmetry = -1;
    o->level = -1;
    o->retries = -1;
    o->meta_time = 1;
}

uint64_t rg_generate_batch_seed(uint64_t seed, long index) { return seed + (uint64_t)index; }

/* The clues invented over the solution, *p rebuilt over them; the solution
 * must satisfy every one. */
static int invent(rg_run *r, rg_puzzle **p)
{
    int rc = rg_clues_invent(r, *p, 0, NULL, r->rules);
    rg_puzzle *full = NULL;
    if (rc == RG_OK) rc = rg_run_build(r, r->rules, &full);
    if (rc != RG_OK) return rc;
    rg_puzzle_free(*p);
    *p = full;
    int broken = rg_puzzle_check(full, r->solution);
    if (broken >= 0)
        return rg_error_set(r->err, RG_E_INTERNAL, NULL,
                            "an invented rule (rule %d, %s) is broken by the solution it "
                            "was invented for",
                            broken, rg_puzzle_rule_type(full, broken));
    return RG_OK;
}

/* The rules of an attempt: the template's, the laid out ones, and the puzzle
 * they make (*p); a complete grid in r->solution; the invented clues, kept
 * in r->rules with *p rebuilt over them. *p is NULL when the attempt ends
 * here (r->why says why). */
static int start(rg_run *r, rg_puzzle **out)
{
    const rg_profile *pf = &r->g->pf;
    *out = NULL;
    cJSON_Delete(r->rules);
    r->rules = cJSON_Duplicate(r->g->rules, 1);
    if (!r->rules) return rg_error_set(r->err, RG_E_NOMEM, NULL, "out of memory");
    int rc = rg_clues_lay_out(r, r->rules);
    if (rc != RG_OK) return rc;
    r->nbase = cJSON_GetArraySize(r->rules);
    rg_puzzle *p = NULL;
    if (pf->nlayout || pf->nclues)
        rc = rg_run_build(r, r->rules, &p);
    else
        rc = rg_run_copy(r, r->g->templ, NULL, &p);
    if (rc != RG_OK) return rc;
    int ok, none;
    if ((rc = rg_givens_fill(r, p, &ok, &none)) != RG_OK) goto fail;
    if (!ok) {
        if (none && !pf->nlayout) {
            rc = rg_error_set(r->err, RG_E_FORMAT, NULL,
                              "the template has no solution: there is nothing to generate");
            goto fail;
        }
        snprintf(r->why, sizeof r->why, "%s",
                 none ? "the layout has no solution" : "the fill ran out of its node budget");
        goto fail;
    }
    if (pf->nclues && (rc = invent(r, &p)) != RG_OK) goto fail;
    *out = p;
    return RG_OK;
fail:
    rg_puzzle_free(p);
    return rc;
}

/* Does the finished puzzle p meet the options (target, minimal, level)?
 * *yes = 0 with r->why when it does not. */
static int meets(rg_run *r, const rg_puzzle *p, int *yes)
{
    const rg_profile *pf = &r->g->pf;
    int rc = RG_OK;
    *yes = 0;
    int n = rg_givens_count(r);
    if (r->fewest < 0 || n < r->fewest) r->fewest = n;
    if (r->target > 0 && n > r->target) {
        snprintf(r->why, sizeof r->why, "could not reach %d givens (fewest %d)", r->target,
                 r->fewest);
        return rc;
    }
    if (r->minimal && r->unproved) {
        snprintf(r->why, sizeof r->why, "a count ended at its node limit: minimal not proved");
        return rc;
    }
    if (r->rating > 0 && pf->givens == RG_GIVENS_NONE) {
        rg_puzzle *q = NULL;
        int rated = 0;
        if ((rc = rg_run_copy(r, p, r->givens, &q)) == RG_OK) rc = rg_run_rated(r, q, &rated, NULL);
        rg_puzzle_free(q);
        if (rc != RG_OK) return rc;
        if (!rated) {
            snprintf(r->why, sizeof r->why, "not explained with steps up to %s",
                     rg_rank_name(r->rating));
            return rc;
        }
    }
    if (r->level >= 0 && pf->givens == RG_GIVENS_NONE) {
        rg_puzzle *q = NULL;
        int level_ok = 0;
        if ((rc = rg_run_copy(r, p, r->givens, &q)) == RG_OK)
            rc = rg_run_solves_at(r, q, r->level, &level_ok);
        rg_puzzle_free(q);
        if (rc != RG_OK) return rc;
        if (!level_ok) {
            snprintf(r->why, sizeof r->why, "not solvable at %s without guessing",
                     rg_strategy_name(r->level));
            return rc;
        }
    }
    *yes = 1;
    return RG_OK;
}

/* One attempt: *out is the finished puzzle (NULL when the attempt failed;
 * r->why says why). */
static int attempt(rg_run *r, rg_puzzle **out)
{
    *out = NULL;
    r->unproved = 0;
    rg_puzzle *p = NULL;
    int ok = 0, rc = start(r, &p);
    if (rc != RG_OK || !p) return rc;
    if (r->g->pf.givens == RG_GIVENS_NONE) {
        memcpy(r->givens, r->tgivens, (size_t)r->N * sizeof *r->givens);
        rc = rg_repair_run(r, &p, &ok);
    } else {
        rc = rg_givens_remove(r, p);
        ok = 1;
    }
    if (rc == RG_OK && ok) rc = rg_clues_thin(r, &p);
    if (rc == RG_OK && ok) rc = meets(r, p, &ok);
    if (rc == RG_OK && ok) {
        *out = p;
        return RG_OK;
    }
    rg_puzzle_free(p);
    return rc;
}

static int check_options(const rg_generator *g, const rg_gen_options *o, rg_run *r, rg_error *err)
{
    const rg_profile *pf = &g->pf;
    r->symmetry = o->symmetry >= 0 ? o->symmetry : pf->symmetry;
    r->level = o->level >= 0 ? o->level : pf->level;
    r->rating = o->rating;
    r->retries = o->retries >= 0 ? o->retries : pf->retries;
    r->minimal = o->minimal;
    r->target = o->clues;
    r->max_seconds = o->max_seconds;
    r->count_nodes = pf->count_nodes;
    if (o->symmetry >= RG_SYMMETRY_COUNT)
        return rg_error_set(err, RG_E_FORMAT, "symmetry", "unknown symmetry %d", o->symmetry);
    if (o->rating < 0 || o->rating >= RG_RANK_COUNT)
        return rg_error_set(err, RG_E_FORMAT, "rating", "%d is not a rank of the ladder (1 to %d)",
                            o->rating, RG_RANK_COUNT - 1);
    if (o->level >= RG_STRATEGY_COUNT)
        return rg_error_set(err, RG_E_FORMAT, "level", "unknown strategy level %d", o->level);
    if (o->level == RG_STRATEGY_CHECK) /* it would keep every given (the profile's: profile.c) */
        return rg_error_set(err, RG_E_FORMAT, "level", RG_PROFILE_LEVEL_CHECK);
    if (o->clues < 0 || o->clues > r->N)
        return rg_error_set(err, RG_E_FORMAT, "clues",
                            "%d is not a number of givens the board can hold (1 to %d)", o->clues,
                            r->N);
    if (!(o->max_seconds >= 0))
        return rg_error_set(err, RG_E_FORMAT, "time", "expected a number of seconds, 0 or more");
    if (o->minimal && o->clues)
        return rg_error_set(err, RG_E_FORMAT, "minimal",
                            "a minimal puzzle and a target number of givens exclude "
                            "each other");
    if ((r->symmetry == RG_SYMMETRY_ROTATE90 || r->symmetry == RG_SYMMETRY_DIAGONAL) &&
        rg_puzzle_rows(g->templ) != rg_puzzle_columns(g->templ))
        return rg_error_set(
            err, RG_E_FORMAT, "symmetry", "%s needs a square board (this one is %d x %d)",
            rg_symmetry_name(r->symmetry), rg_puzzle_rows(g->templ), rg_puzzle_columns(g->templ));
    if (pf->givens == RG_GIVENS_NONE) {
        const char *what = o->clues                          ? "clues"
                           : o->minimal                      ? "minimal"
                           : r->symmetry != RG_SYMMETRY_NONE ? "symmetry"
                                                             : NULL;
        if (what)
            return rg_error_set(err, RG_E_FORMAT, what,
                                "%s places no givens (x-generate.givens is \"none\"), so "
                                "there are none to remove",
                                g->label);
    }
    return RG_OK;
}

/* The weakest level that solves q without guessing, or -1. The levels are
 * nested: a puzzle that solves without guessing at one solves so at every
 * stronger one. So: the default level's answer (res), then a bisection
 * below it (or one look above it). */
static int weakest_level(rg_run *r, const rg_puzzle *q, const rg_result *res, int *level)
{
    int lo, hi, yes, rc;
    if (res->status == RG_STATUS_SOLVED && res->no_guess) {
        lo = RG_STRATEGY_FORWARD;
        hi = RG_STRATEGY_INTERSECTIONS;
    } else {
        if ((rc = rg_run_solves_at(r, q, RG_STRATEGY_SUBSETS, &yes)) != RG_OK) return rc;
        lo = hi = yes ? RG_STRATEGY_SUBSETS : -1;
    }
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if ((rc = rg_run_solves_at(r, q, mid, &yes)) != RG_OK) return rc;
        if (yes)
            hi = mid;
        else
            lo = mid + 1;
    }
    *level = rg_givens_count(r) == r->N ? RG_STRATEGY_CHECK : hi;
    return RG_OK;
}

/* Set member key of meta to value; *ok = 0 when that fails. */
static void meta_set(cJSON *meta, const char *key, const char *value, int *ok)
{
    if (!*ok) return;
    cJSON_DeleteItemFromObjectCaseSensitive(meta, key);
    *ok = cJSON_AddStringToObject(meta, key, value) != NULL;
}

/* The template's meta with what the generator says of the puzzle. NULL
 * without memory. */
static cJSON *kept_of(rg_run *r, const rg_gen_options *o, const rg_gen_info *info)
{
    cJSON *kept = cJSON_CreateObject();
    cJSON *meta = r->g->meta ? cJSON_Duplicate(r->g->meta, 1) : cJSON_CreateObject();
    int ok = kept && meta && cJSON_AddItemToObject(kept, "meta", meta);
    if (!ok) cJSON_Delete(meta);
    char buf[64];
    meta_set(meta, "generator", "rulegrid " RULEGRID_VERSION, &ok);
    meta_set(meta, r->g->preset ? "preset" : "template", r->g->label, &ok);
    snprintf(buf, sizeof buf, "%llu", (unsigned long long)info->seed);
    meta_set(meta, "seed", buf, &ok);
    snprintf(buf, sizeof buf, "%d", info->givens);
    meta_set(meta, "givens", buf, &ok);
    snprintf(buf, sizeof buf, "%llu", (unsigned long long)info->guesses);
    meta_set(meta, "guesses", buf, &ok);
    meta_set(meta, "level", info->level >= 0 ? rg_strategy_name(info->level) : "none", &ok);
    if (info->rating > 0) {
        snprintf(buf, sizeof buf, "%d", info->rating);
        meta_set(meta, "rating", buf, &ok);
    }
    if (o->meta_time) {
        snprintf(buf, sizeof buf, "%.3f", info->seconds * 1e3);
        meta_set(meta, "time_ms", buf, &ok);
    }
    if (ok) return kept;
    cJSON_Delete(kept);
    return NULL;
}

/* The puzzle handed out: givens, solution and meta. */
static int finish(rg_run *r, const rg_puzzle *p, const rg_gen_options *o, rg_puzzle **out,
                  rg_gen_info *info)
{
    rg_puzzle *q = NULL;
    int rc = rg_run_copy(r, p, r->givens, &q);
    if (rc != RG_OK) return rc;
    q->solution = rg_mem_alloc((size_t)r->N * sizeof *q->solution);
    if (!q->solution) {
        rg_puzzle_free(q);
        return rg_error_set(r->err, RG_E_NOMEM, NULL, "out of memory");
    }
    memcpy(q->solution, r->solution, (size_t)r->N * sizeof *q->solution);
    rg_options opt;
    rg_options_default(&opt);
    rg_result res;
    if ((rc = rg_solve(r->solver, q, &opt, &res, r->err)) == RG_OK) {
        info->guesses = res.stats.guesses;
        rc = weakest_level(r, q, &res, &info->level);
    }
    int rated = 1;
    if (rc == RG_OK && r->rating > 0) rc = rg_run_rated(r, q, &rated, &info->rating);
    if (rc != RG_OK) {
        rg_puzzle_free(q);
        return rc;
    }
    info->givens = rg_givens_count(r);
    info->clue_rules = cJSON_GetArraySize(r->rules) - r->nbase;
    info->repairs = r->repairs;
    info->seconds = rg_run_elapsed(r);
    if (!(q->kept = kept_of(r, o, info))) {
        rg_puzzle_free(q);
        return rg_error_set(r->err, RG_E_NOMEM, NULL, "out of memory");
    }
    *out = q;
    return RG_OK;
}

/* Attempts until one gives a puzzle (*p), the attempts or the time run
 * out; *attempts counts those begun. */
static int attempts(rg_run *r, rg_puzzle **p, int *count)
{
    *count = 0;
    while (*count <= r->retries && !*p && !rg_run_out_of_time(r)) {
        (*count)++;
        snprintf(r->why, sizeof r->why, "no reason recorded");
        int rc = attempt(r, p);
        if (rc == RG_E_LIMIT && r->timed_out) return RG_OK;
        if (rc != RG_OK) return rc;
    }
    return RG_OK;
}

/* A run of g under o: its buffers and orbits. */
static int run_init(rg_run *r, const rg_generator *g, const rg_gen_options *o, rg_error *err)
{
    memset(r, 0, sizeof *r);
    clock_gettime(CLOCK_MONOTONIC, &r->t0);
    r->g = g;
    r->err = err;
    r->N = rg_puzzle_cells(g->templ);
    r->D = rg_puzzle_digits(g->templ);
    r->fewest = -1;
    r->tgivens = rg_puzzle_givens(g->templ);
    int rc = check_options(g, o, r, err);
    if (rc != RG_OK) return rc;
    /* splitmix64 mixes every step, so seeds next to each other start
     * unrelated streams. */
    r->rng = o->seed;
    r->solver = rg_solver_new();
    /* A repair counts a puzzle, then may search it again for another
     * solution; the puzzle handed out is solved once more: each starts
     * from the root the one before propagated. Taking givens away counts
     * a new puzzle each time, so there a kept root would only be copied
     * (1.6 % more instructions on classic4). */
    if (r->solver && g->pf.givens == RG_GIVENS_NONE) rg_solver_keep_root(r->solver, 1);
    r->solution = rg_mem_alloc(((size_t)r->N + 1) * sizeof *r->solution);
    r->givens = rg_mem_calloc((size_t)r->N + 1, sizeof *r->givens);
    if (!r->solver || !r->solution || !r->givens)
        return rg_error_set(err, RG_E_NOMEM, NULL, "out of memory");
    if (rg_symmetry_orbits(g->templ, r->symmetry, &r->orbit_off, &r->orbit_cells, &r->norbits) !=
        RG_OK)
        return rg_error_set(err, RG_E_NOMEM, NULL, "out of memory");
    return RG_OK;
}

static void run_free(rg_run *r)
{
    cJSON_Delete(r->rules);
    rg_mem_free(r->orbit_off);
    rg_mem_free(r->orbit_cells);
    rg_mem_free(r->solution);
    rg_mem_free(r->givens);
    rg_solver_free(r->solver);
}

int rg_generate(const rg_generator *g, const rg_gen_options *o, rg_puzzle **out, rg_gen_info *info,
                rg_error *err)
{
    rg_error local;
    rg_gen_info linfo;
    if (!err) err = &local;
    if (!info) info = &linfo;
    rg_error_clear(err);
    memset(info, 0, sizeof *info);
    *out = NULL;
    info->seed = o->seed;
    info->level = -1;
    rg_run r;
    rg_puzzle *p = NULL;
    int n = 0, rc = run_init(&r, g, o, err);
    if (rc == RG_OK) rc = attempts(&r, &p, &n);
    info->attempts = n;
    if (rc == RG_OK && p) {
        rc = finish(&r, p, o, out, info);
    } else if (rc == RG_OK) {
        info->timed_out = r.timed_out;
        if (r.timed_out)
            rc = rg_error_set(err, RG_E_LIMIT, "time",
                              "no puzzle within the time budget of %g s (%d attempt%s)",
                              r.max_seconds, n, n == 1 ? "" : "s");
        else
            rc = rg_error_set(err, RG_E_LIMIT, "retries", "no puzzle after %d attempt%s: %s", n,
                              n == 1 ? "" : "s", r.why);
    }
    rg_puzzle_free(p);
    run_free(&r);
    return rc;
}

int rg_generate_clues(rg_registry *reg, const rg_puzzle *templ, const char *type,
                      const char *settings_json, const int *solution, uint64_t seed,
                      char **rules_json, rg_error *err)
{
    if (err) rg_error_clear(err); /* every part of an error it gives is its own */
    *rules_json = NULL;
    const rg_rule_type *t = rg_registry_find(reg, type);
    if (!t)
        return rg_error_set(err, RG_E_FORMAT, NULL, "no loaded plugin registers rule type %s",
                            type);
    cJSON *settings = NULL;
    if (settings_json) {
        rg_json_fault f;
        if (rg_json_read(settings_json, strlen(settings_json), &settings, NULL, &f) == RG_E_NOMEM)
            return rg_error_set(err, RG_E_NOMEM, NULL, "out of memory");
        if (!cJSON_IsObject(settings)) {
            cJSON_Delete(settings);
            return rg_error_set(err, RG_E_FORMAT, NULL, "settings of %s are not a JSON object",
                                type);
        }
    }
    cJSON *out = cJSON_CreateArray();
    if (!out) {
        cJSON_Delete(settings);
        return rg_error_set(err, RG_E_NOMEM, NULL, "out of memory");
    }
    uint64_t rng = seed;
    int rc = rg_hook_run(t, templ, settings, NULL, solution, NULL, &rng, out, 0, NULL, err);
    cJSON_Delete(settings);
    if (rc == RG_OK) {
        char *text = cJSON_PrintUnformatted(out);
        if (!text)
            rc = rg_error_set(err, RG_E_NOMEM, NULL, "out of memory");
        else {
            *rules_json = rg_mem_strdup(text);
            cJSON_free(text);
            if (!*rules_json) rc = rg_error_set(err, RG_E_NOMEM, NULL, "out of memory");
        }
    }
    cJSON_Delete(out);
    return rc;
}
