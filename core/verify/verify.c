/* rg_verify_type: trials of a rule type. Each trial draws a small board
 * (3 to 6 rows and columns, 3 to 6 digits, no houses, row and column
 * houses, or a Latin square), rule instances (from the type's generate hook
 * over a random solution, or from a sample document, moved and mutated),
 * givens and `cell` restrictions (mostly agreeing with a solution), writes
 * it as a document, reads it, and runs the checks of checks.c. A failing
 * trial is minimised (minimise.c) and handed back as its document. */
#include <stdio.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "base/clock.h"
#include "base/error.h"
#include "base/json.h"
#include "base/mem.h"
#include "base/rng.h"
#include "verify/mutate.h"
#include "verify/run.h"

void rg_verify_options_default(rg_verify_options *o)
{
    memset(o, 0, sizeof *o);
    o->trials = RG_VERIFY_TRIALS;
}

/* A random solution of sp's board, houses and rules (givens ignored), a
 * digit per position into sol: 1, 0 when none was found, or a negated error
 * when the document does not read (v->why says why). */
static int random_solution(rg_vrun *v, const rg_vspec *sp, uint64_t seed, int *sol)
{
    rg_vspec bare = *sp;
    memset(bare.givens, 0, sizeof bare.givens);
    memset(bare.parity, 0, sizeof bare.parity);
    memset(bare.low, 0, sizeof bare.low);
    memset(bare.high, 0, sizeof bare.high);
    rg_puzzle *p = NULL;
    int rc = rg_vrun_read(v, &bare, &p);
    if (rc != RG_OK) return -rc;
    rg_options o;
    rg_options_default(&o);
    o.values = RG_VALUES_RANDOM;
    o.seed = seed;
    o.max_nodes = 3000;
    double left = rg_vrun_left(v);
    if (v->lim.deadline > 0) o.max_seconds = left > 1e-6 ? left : 1e-6;
    rg_result res;
    rg_error e;
    int found = rg_solve(v->solver, p, &o, &res, &e) == RG_OK && res.solution;
    for (int i = 0; found && i < sp->rows * sp->cols; i++)
        sol[i] = res.solution[rg_puzzle_cell_at(p, i / sp->cols + 1, i % sp->cols + 1)];
    rg_puzzle_free(p);
    return found;
}

/* Givens and restrictions: each cell given with probability up to 60%,
 * else restricted with probability 20%; from the solution sol when known
 * (a tenth of them anything), else random and sparser. */
static void fill(const rg_vrun *v, rg_vspec *sp, const int *sol, uint64_t *rng)
{
    int dens = (int)rg_rng_below(rng, 61), D = sp->digits;
    if (!sol) dens /= 3;
    for (int i = 0; i < sp->rows * sp->cols; i++) {
        int want = sol && rg_rng_below(rng, 10) ? sol[i] : 1 + (int)rg_rng_below(rng, (uint64_t)D);
        if ((int)rg_rng_below(rng, 100) < dens) {
            sp->givens[i] = want;
            continue;
        }
        if (!v->has_cell || rg_rng_below(rng, 5)) continue;
        switch (rg_rng_below(rng, 3)) {
        case 0: sp->parity[i] = (signed char)(want % 2 ? 1 : 2); break;
        case 1:
            sp->low[i] = (signed char)(want + (int)rg_rng_below(rng, (uint64_t)(D - want + 1)));
            if (sp->low[i] >= D) sp->low[i] = 0;
            break;
        default:
            sp->high[i] = (signed char)(want - 1 - (int)rg_rng_below(rng, (uint64_t)want));
            if (sp->high[i] < 1) sp->high[i] = 0;
        }
    }
}

/* The board of a trial: its size and houses. */
static void board(const rg_vrun *v, rg_vspec *sp, uint64_t *rng)
{
    memset(sp, 0, sizeof *sp);
    sp->houses = v->has_houses ? (int)rg_rng_below(rng, 3) : RG_VHOUSES_NONE;
    sp->digits = 3 + (int)rg_rng_below(rng, 4);
    sp->rows = sp->cols = sp->digits;
    if (sp->houses != RG_VHOUSES_LATIN) {
        sp->rows = 3 + (int)rg_rng_below(rng, 4);
        sp->cols = 3 + (int)rg_rng_below(rng, 4);
    }
}

/* Instances from the generate hook, over a random solution of sp's board
 * (into sol, per position): 1, 0 when none came (v->why), or a negated
 * error. */
static int from_hook(rg_vrun *v, rg_vspec *sp, uint64_t *rng, int *sol)
{
    if (random_solution(v, sp, rg_rng_next(rng), sol) != 1) {
        snprintf(v->why, sizeof v->why, "no solution of a %dx%d board to generate over", sp->rows,
                 sp->cols);
        return 0;
    }
    rg_puzzle *templ = NULL;
    int rc = rg_vrun_read(v, sp, &templ);
    if (rc != RG_OK) return rc == RG_E_NOMEM ? -rc : 0;
    int cells = rg_puzzle_cells(templ), percell[RG_VSPEC_CELLS];
    for (int i = 0; i < cells; i++) {
        int r, c;
        rg_puzzle_cell_pos(templ, i, &r, &c);
        percell[i] = sol[(r - 1) * sp->cols + c - 1];
    }
    char *json = NULL;
    rg_error e;
    /* Every kind of a type with kinds: "kind": "any" draws one per request
     * (hooks without a kind setting never read it). */
    rc = rg_generate_clues(v->reg, templ, v->type, "{\"kind\": \"any\"}", percell, rg_rng_next(rng),
                           &json, &e);
    rg_puzzle_free(templ);
    if (rc != RG_OK) {
        rg_error_format(&e, v->why, sizeof v->why);
        return rc == RG_E_NOMEM ? -rc : 0;
    }
    cJSON *all = rg_json_parse(json, strlen(json), NULL);
    rg_string_free(json);
    int n = cJSON_GetArraySize(all), k = 1 + (int)rg_rng_below(rng, 3);
    sp->rules = cJSON_CreateArray();
    for (; n > 0 && k > 0 && sp->rules; k--, n--)
        cJSON_AddItemToArray(sp->rules,
                             cJSON_DetachItemFromArray(all, (int)rg_rng_below(rng, (uint64_t)n)));
    cJSON_Delete(all);
    if (!sp->rules) return -RG_E_NOMEM;
    if (!sp->rules->child) snprintf(v->why, sizeof v->why, "the generate hook made no rule");
    return sp->rules->child != NULL;
}

/* Instances from the sample: one, a quarter of the time two; on the
 * sample's own board (up to 32 x 32) two times in five, else moved to the
 * corner of the trial board (grown to hold them, up to 12 x 12), with the
 * sample's digits one time in three; mutated three times in four. plain
 * (after 20 draws that did not read): one, as written, on its own board,
 * or, on a sample too large for that, moved to the corner of a D x D board
 * of the sample's D digits (a grid or box_grid needs one; up to 32 x 32). */
static int from_sample(rg_vrun *v, rg_vspec *sp, uint64_t *rng, int plain)
{
    int k = plain ? 1 : 1 + !rg_rng_below(rng, 4);
    int fits = v->sample_rows <= RG_VSPEC_SIDE && v->sample_cols <= RG_VSPEC_SIDE;
    int native = fits && (plain || rg_rng_below(rng, 5) < 2);
    if (native || plain || !rg_rng_below(rng, 3)) {
        sp->digits = v->sample_digits;
        if (sp->houses == RG_VHOUSES_LATIN) sp->houses = RG_VHOUSES_NONE;
    }
    if (native) sp->rows = v->sample_rows, sp->cols = v->sample_cols;
    if (plain && !native) sp->rows = sp->cols = sp->digits;
    int side = native || plain ? RG_VSPEC_SIDE : RG_VSPEC_MOVED;
    sp->rules = cJSON_CreateArray();
    for (int i = 0; i < k && sp->rules; i++) {
        cJSON *inst = cJSON_Duplicate(v->inst[rg_rng_below(rng, (uint64_t)v->ninst)], 1);
        if (!inst) return -RG_E_NOMEM;
        int er = 0, ec = 0;
        if (!native) rg_mutate_corner(inst, &er, &ec);
        if (er > side || ec > side) {
            cJSON_Delete(inst);
            snprintf(v->why, sizeof v->why, "an instance spans more than %d rows or columns", side);
            return 0;
        }
        if ((er > sp->rows || ec > sp->cols) && sp->houses == RG_VHOUSES_LATIN)
            sp->houses = RG_VHOUSES_NONE;
        if (er > sp->rows) sp->rows = er;
        if (ec > sp->cols) sp->cols = ec;
        if (!plain && rg_rng_below(rng, 4)) rg_mutate(inst, sp->rows, sp->cols, rng);
        cJSON_AddItemToArray(sp->rules, inst);
    }
    return sp->rules ? 1 : -RG_E_NOMEM;
}

/* Trial `seed`'s parts into sp: RG_OK, RG_OK with v->stopped set and
 * nothing in sp when the deadline passed first, RG_E_FORMAT (err) when 40
 * draws in a row gave no document that reads, or another error. */
static int make_trial(rg_vrun *v, uint64_t seed, rg_vspec *sp, rg_error *err)
{
    uint64_t rng = seed;
    int sol[RG_VSPEC_CELLS];
    for (int attempt = 0; attempt < 40; attempt++) {
        if (rg_vrun_left(v) <= 0) {
            v->stopped = 1;
            return RG_OK;
        }
        board(v, sp, &rng);
        int have = 0, rc;
        if (v->o->sample) {
            rc = from_sample(v, sp, &rng, attempt >= 20);
            if (rc == 1) have = random_solution(v, sp, rg_rng_next(&rng), sol);
            if (have < 0) rc = have == -RG_E_NOMEM ? have : 0;
        } else {
            rc = have = from_hook(v, sp, &rng, sol);
        }
        if (rc < 0) {
            rg_vspec_free(sp);
            return rg_error_set(err, -rc, NULL, "out of memory");
        }
        if (rc == 1) {
            fill(v, sp, have == 1 ? sol : NULL, &rng);
            rg_puzzle *p = NULL;
            if (rg_vrun_read(v, sp, &p) == RG_OK) {
                rg_puzzle_free(p);
                return RG_OK;
            }
        }
        v->unreadable++;
        rg_vspec_free(sp);
    }
    rg_error_set(err, RG_E_FORMAT, NULL,
                 "no readable trial of rule type %s in 40 attempts; the last: %s", v->type, v->why);
    rg_error_rule(err, -1, v->type);
    if (v->o->sample) rg_error_set_file(err, v->o->sample_file ? v->o->sample_file : "sample");
    return RG_E_FORMAT;
}

/* The sample's rules of the type, its board size. RG_OK or RG_E_FORMAT. */
static int read_sample(rg_vrun *v, rg_error *err)
{
    const rg_verify_options *o = v->o;
    const char *file = o->sample_file ? o->sample_file : "sample";
    rg_json_fault f;
    int rc = rg_json_read(o->sample, o->sample_len, &v->sample, NULL, &f);
    if (rc == RG_E_NOMEM) return rg_error_set(err, rc, NULL, "out of memory");
    const cJSON *b = cJSON_GetObjectItemCaseSensitive(v->sample, "board");
    const cJSON *rules = cJSON_GetObjectItemCaseSensitive(v->sample, "rules");
    long rows = 0, cols = 0, digits = 0;
    if (rc != RG_OK || !cJSON_IsArray(rules) ||
        rg_json_int(cJSON_GetObjectItemCaseSensitive(b, "rows"), 1, 99, &rows) ||
        rg_json_int(cJSON_GetObjectItemCaseSensitive(b, "columns"), 1, 99, &cols) ||
        rg_json_int(cJSON_GetObjectItemCaseSensitive(b, "digits"), 1, 32, &digits)) {
        rg_error_set(err, RG_E_FORMAT, rc != RG_OK ? NULL : "board",
                     "is no rulegrid document with a board and rules");
        rg_error_set_file(err, file);
        return RG_E_FORMAT;
    }
    v->sample_rows = (int)rows, v->sample_cols = (int)cols, v->sample_digits = (int)digits;
    int n = cJSON_GetArraySize(rules);
    v->inst = rg_mem_calloc((size_t)n + 1, sizeof *v->inst);
    if (!v->inst) return rg_error_set(err, RG_E_NOMEM, NULL, "out of memory");
    for (cJSON *r = rules->child; r; r = r->next) {
        const cJSON *t = cJSON_GetObjectItemCaseSensitive(r, "type");
        if (cJSON_IsString(t) && strcmp(t->valuestring, v->type) == 0) v->inst[v->ninst++] = r;
    }
    if (v->ninst) return RG_OK;
    rg_error_set(err, RG_E_FORMAT, "rules", "holds no rule of type %s to take instances from",
                 v->type);
    rg_error_set_file(err, file);
    return RG_E_FORMAT;
}

static int setup(rg_vrun *v, rg_verify_result *r, rg_error *err)
{
    const rg_rule_type *t = rg_registry_find(v->reg, v->type);
    if (!t)
        return rg_error_set(err, RG_E_FORMAT, NULL, "no loaded plugin registers rule type %s (%s)",
                            v->type, rg_registry_folders(v->reg));
    v->has_cell = rg_registry_find(v->reg, "cell") != NULL;
    v->has_houses = rg_registry_find(v->reg, "row") && rg_registry_find(v->reg, "column") &&
                    rg_registry_find(v->reg, "grid") && rg_registry_find(v->reg, "box_grid");
    if (v->o->sample) {
        r->source = RG_VERIFY_SAMPLE;
        return read_sample(v, err);
    }
    r->source = RG_VERIFY_GENERATE;
    if (t->generate) return RG_OK;
    return rg_error_set(err, RG_E_FORMAT, NULL,
                        "rule type %s has no generate hook: give documents with instances of it "
                        "(--sample DOC.json)",
                        v->type);
}

/* The failure f of trial `trial` into r, with doc (taken) as its document. */
static void report(rg_verify_result *r, const rg_vfail *f, long trial, char *doc)
{
    r->failed = 1;
    r->trial = trial;
    r->rule = f->rule;
    snprintf(r->check, sizeof r->check, "%s", f->check);
    snprintf(r->propagator, sizeof r->propagator, "%s", f->name);
    snprintf(r->message, sizeof r->message, "%s", f->message);
    snprintf(r->removed, sizeof r->removed, "%s", f->removed);
    r->document = doc;
}

/* The sample document itself, as written, as trial 0. */
static int first_trial(rg_vrun *v, rg_verify_result *r, rg_error *err)
{
    const rg_verify_options *o = v->o;
    rg_puzzle *p = NULL;
    int rc = rg_puzzle_parse(v->reg, o->sample, o->sample_len, o->sample_file, 0, &p, err);
    if (rc != RG_OK) return rc;
    rg_vfail f;
    int inconclusive = 0;
    rc = rg_verify_checks(v->solver, p, o->seed + 1, &v->lim, &f, &r->runs, &inconclusive, err);
    rg_puzzle_free(p);
    if (rc == RG_E_LIMIT) { /* cut short: not a trial run */
        v->stopped = 1;
        return RG_OK;
    }
    r->trials++;
    r->inconclusive += inconclusive;
    if (rc == 1) {
        char *doc = rg_mem_alloc(o->sample_len + 1);
        if (!doc) return rg_error_set(err, RG_E_NOMEM, NULL, "out of memory");
        memcpy(doc, o->sample, o->sample_len);
        doc[o->sample_len] = 0;
        report(r, &f, 0, doc);
        return RG_OK;
    }
    return rc;
}

/* Trial i: drawn, checked, and on a failure minimised into r. */
static int trial(rg_vrun *v, long i, rg_verify_result *r, rg_error *err)
{
    uint64_t mix = v->o->seed * 0x9E3779B97F4A7C15ull + (uint64_t)i;
    for (const char *c = v->type; *c; c++) mix = (mix ^ (unsigned char)*c) * 0x100000001B3ull;
    uint64_t seed = rg_rng_next(&mix), cseed = rg_rng_next(&mix);
    rg_vspec sp;
    int rc = make_trial(v, seed, &sp, err);
    if (rc != RG_OK || v->stopped) return rc;
    rg_puzzle *p = NULL;
    rc = rg_vrun_read(v, &sp, &p);
    rg_vfail f;
    int inconclusive = 0;
    if (rc == RG_OK)
        rc = rg_verify_checks(v->solver, p, cseed, &v->lim, &f, &r->runs, &inconclusive, err);
    else if (rc != RG_E_NOMEM) /* make_trial read it: only memory can fail */
        rc = rg_error_set(err, RG_E_INTERNAL, NULL, "trial %ld no longer reads: %s", i, v->why);
    else
        rc = rg_error_set(err, rc, NULL, "out of memory");
    rg_puzzle_free(p);
    if (rc == RG_E_LIMIT) { /* cut short: not a trial run */
        v->stopped = 1;
        rc = RG_OK;
    } else if (rc <= 1) {
        r->trials++;
        r->inconclusive += inconclusive;
    }
    if (rc == 1) {
        /* A failure is reported even when the deadline cuts minimising short. */
        rg_vrun_minimise(v, &sp, cseed, &f);
        char *doc = rg_vspec_text(&sp);
        if (doc) report(r, &f, i, doc);
        rc = doc ? RG_OK : rg_error_set(err, RG_E_NOMEM, NULL, "out of memory");
    }
    rg_vspec_free(&sp);
    return rc;
}

int rg_verify_type(rg_registry *reg, const char *type, const rg_verify_options *o,
                   rg_verify_result *r, rg_error *err)
{
    if (err) rg_error_clear(err); /* every part of an error it gives is its own */
    memset(r, 0, sizeof *r);
    r->rule = -1;
    rg_verify_options dflt;
    if (!o) rg_verify_options_default(&dflt), o = &dflt;
    rg_vrun v = {.reg = reg, .type = type, .o = o};
    clock_gettime(CLOCK_MONOTONIC, &v.t0);
    v.lim.deadline = rg_clock_deadline(o->max_seconds);
    v.lim.nodes = o->max_nodes;
    int rc = setup(&v, r, err);
    if (rc == RG_OK && !(v.solver = rg_solver_new()))
        rc = rg_error_set(err, RG_E_NOMEM, NULL, "out of memory");
    if (rc == RG_OK && o->sample_first) rc = first_trial(&v, r, err);
    long trials = o->trials > 0 ? o->trials : RG_VERIFY_TRIALS;
    for (long i = r->trials; rc == RG_OK && !r->failed && !v.stopped && i < trials; i++)
        rc = trial(&v, i, r, err);
    r->asked = trials;
    r->stopped = rc == RG_OK && !r->failed && r->trials < trials;
    r->seconds = rg_clock_us(&v.t0) / 1e6;
    rg_solver_free(v.solver);
    rg_mem_free(v.inst);
    cJSON_Delete(v.sample);
    if (rc != RG_OK && err && !err->type[0]) rg_error_rule(err, -1, type);
    return rc;
}
