/* The generator: a template and its "x-generate" profile in, a puzzle with
 * exactly one solution out. A random complete grid (rg_solve with random
 * values), clues invented over it by generate hooks, then givens (and clue
 * rules where the profile asks) removed while the puzzle stays unique.
 * Presets are in presets.c; the hooks' side of the host in gen_hook.c. */
#define _POSIX_C_SOURCE 200809L

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <cjson/cJSON.h>

#include "gen.h"
#include "model.h"

enum { GIVENS_REMOVE = 0, GIVENS_NONE = 1 };

/* Rounds of regrowing clues in one repair, and tries to meet a second
 * solution by random value orders before falling back on the open cells. */
#define REGROW_TRIES 6
#define OTHER_TRIES 2

/* One request of the profile's "clues": a rule type and its settings. */
typedef struct clue_req {
    const rg_rule_type *type;
    cJSON *settings; /* the request without "type" and "repair" */
    cJSON *repair;   /* the settings of a regrowth (request's, overridden), or NULL */
} clue_req;

typedef struct profile {
    int givens; /* GIVENS_* */
    clue_req *clues;
    int nclues;
    char **thin; /* remove_clues: rule types whose invented rules may go */
    int nthin;
    clue_req *layout; /* rules laid out before the fill */
    int nlayout;
    int symmetry, level, retries;
    uint64_t fill_nodes, count_nodes;
    int repair_rounds;
} profile;

struct rg_generator {
    rg_registry *reg;
    cJSON *board;     /* the template's board object */
    cJSON *rules;     /* the template's rules */
    cJSON *meta;      /* the template's meta, or NULL */
    rg_puzzle *templ; /* the template read as a puzzle */
    profile pf;
    int preset;       /* label is a preset name (else a file name) */
    char label[256];
};

/* ---- Symmetry names --------------------------------------------------------- */

static const char *const symmetry_names[RG_SYMMETRY_COUNT] = {"none", "rotate180", "rotate90",
                                                             "mirror", "diagonal"};

const char *rg_symmetry_name(int s)
{
    return s >= 0 && s < RG_SYMMETRY_COUNT ? symmetry_names[s] : "?";
}

int rg_symmetry_parse(const char *name)
{
    for (int i = 0; name && i < RG_SYMMETRY_COUNT; i++)
        if (strcmp(name, symmetry_names[i]) == 0) return i;
    return -1;
}

void rg_gen_options_default(rg_gen_options *o)
{
    memset(o, 0, sizeof *o);
    o->symmetry = -1;
    o->level = -1;
    o->retries = -1;
    o->meta_time = 1;
}

uint64_t rg_generate_batch_seed(uint64_t seed, long index) { return seed + (uint64_t)index; }

/* ---- The profile ------------------------------------------------------------ */

static void requests_free(clue_req *q, int n)
{
    for (int i = 0; i < n; i++) {
        cJSON_Delete(q[i].settings);
        cJSON_Delete(q[i].repair);
    }
    rg_free(q);
}

static void profile_free(profile *pf)
{
    requests_free(pf->clues, pf->nclues);
    requests_free(pf->layout, pf->nlayout);
    for (int i = 0; i < pf->nthin; i++) rg_free(pf->thin[i]);
    rg_free(pf->thin);
    memset(pf, 0, sizeof *pf);
}

static const char *json_kind(const cJSON *v)
{
    if (!v) return "nothing";
    if (cJSON_IsString(v)) return "a string";
    if (cJSON_IsNumber(v)) return "a number";
    if (cJSON_IsBool(v)) return "a boolean";
    if (cJSON_IsArray(v)) return "a list";
    if (cJSON_IsObject(v)) return "an object";
    return "null";
}

static int bad(rg_error *err, const char *field, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
static int bad(rg_error *err, const char *field, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    rg_error_setv(err, RG_E_FORMAT, field, fmt, ap);
    va_end(ap);
    return RG_E_FORMAT;
}

/* A whole number in min..max. */
static int read_count(const cJSON *v, const char *field, long min, long max, long *out,
                      rg_error *err)
{
    if (!cJSON_IsNumber(v) || v->valuedouble != floor(v->valuedouble) ||
        v->valuedouble < (double)min || v->valuedouble > (double)max)
        return bad(err, field, "expected a whole number from %ld to %ld, got %s", min, max,
                   cJSON_IsNumber(v) ? "another number" : json_kind(v));
    *out = (long)v->valuedouble;
    return RG_OK;
}

/* One request of "clues" (list is "clues") or "layout": a type whose
 * plugin has the hook, and its settings. */
static int read_request(rg_registry *reg, const char *list, const cJSON *c, int i, clue_req *q,
                        rg_error *err)
{
    char field[96];
    int layout = strcmp(list, "layout") == 0;
    snprintf(field, sizeof field, "x-generate.%s[%d]", list, i);
    if (!cJSON_IsObject(c))
        return bad(err, field, "expected an object {\"type\": ..., settings}, got %s",
                   json_kind(c));
    const cJSON *type = cJSON_GetObjectItemCaseSensitive(c, "type");
    snprintf(field, sizeof field, "x-generate.%s[%d].type", list, i);
    if (!cJSON_IsString(type))
        return bad(err, field, "expected the name of a rule type, got %s", json_kind(type));
    q->type = rg_registry_find(reg, type->valuestring);
    if (!q->type)
        return bad(err, field, "no loaded plugin registers rule type %s (plugin folders searched: %s)",
                   type->valuestring, rg_registry_folders(reg));
    if (layout ? !rg_type_can_layout(q->type) : !rg_type_can_generate(q->type))
        return bad(err, field, "rule type %s has no %s hook: its plugin cannot %s",
                   type->valuestring, layout ? "layout" : "generate",
                   layout ? "lay out rules before the fill" : "invent clues");
    q->settings = cJSON_CreateObject();
    if (!q->settings) return rg_error_set(err, RG_E_NOMEM, NULL, "out of memory");
    const cJSON *repair = NULL;
    for (const cJSON *m = c->child; m; m = m->next) {
        if (strcmp(m->string, "type") == 0) continue;
        if (strcmp(m->string, "repair") == 0) {
            repair = m;
            continue;
        }
        cJSON *copy = cJSON_Duplicate(m, 1);
        if (!copy || !cJSON_AddItemToObject(q->settings, m->string, copy)) {
            cJSON_Delete(copy);
            return rg_error_set(err, RG_E_NOMEM, NULL, "out of memory");
        }
    }
    if (repair) {
        snprintf(field, sizeof field, "x-generate.%s[%d].repair", list, i);
        if (!cJSON_IsObject(repair))
            return bad(err, field, "expected an object of settings, got %s", json_kind(repair));
        if (!(q->repair = cJSON_Duplicate(q->settings, 1)))
            return rg_error_set(err, RG_E_NOMEM, NULL, "out of memory");
        for (const cJSON *m = repair->child; m; m = m->next) {
            cJSON *copy = cJSON_Duplicate(m, 1);
            if (!copy) return rg_error_set(err, RG_E_NOMEM, NULL, "out of memory");
            if (cJSON_HasObjectItem(q->repair, m->string))
                cJSON_ReplaceItemInObjectCaseSensitive(q->repair, m->string, copy);
            else
                cJSON_AddItemToObject(q->repair, m->string, copy);
        }
    }
    return RG_OK;
}

/* A list of requests ("clues" or "layout"). */
static int read_requests(rg_registry *reg, const cJSON *m, const char *list, clue_req **out,
                         int *n, rg_error *err)
{
    char field[96];
    snprintf(field, sizeof field, "x-generate.%s", list);
    if (!cJSON_IsArray(m))
        return bad(err, field, "expected a list of %s requests, got %s",
                   strcmp(list, "clues") ? "layout" : "clue", json_kind(m));
    int k = cJSON_GetArraySize(m), rc = RG_OK, i = 0;
    *out = rg_calloc((size_t)(k ? k : 1), sizeof **out);
    if (!*out) return rg_error_set(err, RG_E_NOMEM, NULL, "out of memory");
    for (const cJSON *c = m->child; c && rc == RG_OK; c = c->next, i++) {
        rc = read_request(reg, list, c, i, &(*out)[i], err);
        *n = i + 1;
    }
    return rc;
}

static int read_profile(rg_registry *reg, const cJSON *x, profile *pf, rg_error *err)
{
    pf->givens = GIVENS_REMOVE;
    pf->symmetry = RG_SYMMETRY_NONE;
    pf->level = -1;
    pf->retries = 20;
    pf->fill_nodes = 200000;
    pf->count_nodes = 50000;
    pf->repair_rounds = 8;
    if (!x) return RG_OK;
    if (!cJSON_IsObject(x))
        return bad(err, "x-generate", "expected an object (the generation profile), got %s",
                   json_kind(x));
    int oom;
    const char *dup = rg_json_duplicate(x, &oom);
    if (oom) return rg_error_set(err, RG_E_NOMEM, NULL, "out of memory");
    if (dup) return bad(err, "x-generate", "duplicate key: \"%s\" appears twice", dup);
    for (const cJSON *m = x->child; m; m = m->next) {
        char field[96];
        snprintf(field, sizeof field, "x-generate.%s", m->string);
        const char *n = m->string;
        long v;
        int rc = RG_OK;
        if (strcmp(n, "summary") == 0) {
            if (!cJSON_IsString(m)) rc = bad(err, field, "expected a string, got %s", json_kind(m));
        } else if (strcmp(n, "givens") == 0) {
            if (cJSON_IsString(m) && strcmp(m->valuestring, "remove") == 0)
                pf->givens = GIVENS_REMOVE;
            else if (cJSON_IsString(m) && strcmp(m->valuestring, "none") == 0)
                pf->givens = GIVENS_NONE;
            else
                rc = bad(err, field, "expected \"remove\" or \"none\", got %s%s%s",
                         cJSON_IsString(m) ? "\"" : json_kind(m),
                         cJSON_IsString(m) ? m->valuestring : "", cJSON_IsString(m) ? "\"" : "");
        } else if (strcmp(n, "clues") == 0) {
            rc = read_requests(reg, m, n, &pf->clues, &pf->nclues, err);
        } else if (strcmp(n, "layout") == 0) {
            rc = read_requests(reg, m, n, &pf->layout, &pf->nlayout, err);
        } else if (strcmp(n, "remove_clues") == 0) {
            if (!cJSON_IsArray(m)) {
                rc = bad(err, field, "expected a list of rule types, got %s", json_kind(m));
            } else {
                int k = cJSON_GetArraySize(m);
                pf->thin = rg_calloc((size_t)(k ? k : 1), sizeof *pf->thin);
                if (!pf->thin) return rg_error_set(err, RG_E_NOMEM, NULL, "out of memory");
                int i = 0;
                for (const cJSON *c = m->child; c && rc == RG_OK; c = c->next, i++) {
                    snprintf(field, sizeof field, "x-generate.remove_clues[%d]", i);
                    if (!cJSON_IsString(c)) {
                        rc = bad(err, field, "expected the name of a rule type, got %s",
                                 json_kind(c));
                    } else if (!(pf->thin[i] = rg_strdup(c->valuestring))) {
                        return rg_error_set(err, RG_E_NOMEM, NULL, "out of memory");
                    }
                    pf->nthin = i + 1;
                }
            }
        } else if (strcmp(n, "symmetry") == 0) {
            pf->symmetry = cJSON_IsString(m) ? rg_symmetry_parse(m->valuestring) : -1;
            if (pf->symmetry < 0)
                rc = bad(err, field,
                         "expected one of none, rotate180, rotate90, mirror, diagonal");
        } else if (strcmp(n, "level") == 0) {
            pf->level = cJSON_IsString(m) ? rg_strategy_parse(m->valuestring) : -1;
            if (pf->level < 0) {
                char names[256];
                size_t k = 0;
                for (int i = 0; i < RG_STRATEGY_COUNT && k < sizeof names; i++)
                    k += (size_t)snprintf(names + k, sizeof names - k, "%s%s", i ? ", " : "",
                                          rg_strategy_name(i));
                rc = bad(err, field, "expected a strategy: one of %s", names);
            }
        } else if (strcmp(n, "retries") == 0) {
            if (!(rc = read_count(m, field, 0, 1000000, &v, err))) pf->retries = (int)v;
        } else if (strcmp(n, "fill_nodes") == 0) {
            if (!(rc = read_count(m, field, 1, 2000000000L, &v, err))) pf->fill_nodes = (uint64_t)v;
        } else if (strcmp(n, "count_nodes") == 0) {
            if (!(rc = read_count(m, field, 1, 2000000000L, &v, err)))
                pf->count_nodes = (uint64_t)v;
        } else if (strcmp(n, "repair_rounds") == 0) {
            if (!(rc = read_count(m, field, 0, 1000, &v, err))) pf->repair_rounds = (int)v;
        } else {
            rc = bad(err, field,
                     "unknown field \"%s\" (a profile has summary, givens, clues, "
                     "remove_clues, layout, symmetry, level, retries, fill_nodes, "
                     "count_nodes, repair_rounds)",
                     n);
        }
        if (rc) return rc;
    }
    if (pf->givens == GIVENS_NONE && pf->nclues == 0)
        return bad(err, "x-generate.givens",
                   "\"none\" needs clue requests (x-generate.clues): without givens or clues "
                   "no puzzle is unique");
    return RG_OK;
}

/* ---- Reading a template -------------------------------------------------------- */

void rg_generator_free(rg_generator *g)
{
    if (!g) return;
    cJSON_Delete(g->board);
    cJSON_Delete(g->rules);
    cJSON_Delete(g->meta);
    rg_puzzle_free(g->templ);
    profile_free(&g->pf);
    rg_free(g);
}

int rg_generator_new(rg_registry *reg, const char *text, size_t len, const char *file,
                     rg_generator **out, rg_error *err)
{
    rg_error local;
    if (!err) err = &local;
    rg_error_clear(err);
    *out = NULL;
    rg_generator *g = rg_calloc(1, sizeof *g);
    if (!g) return rg_error_set(err, RG_E_NOMEM, NULL, "out of memory");
    g->reg = reg;
    snprintf(g->label, sizeof g->label, "%s", file ? file : "");
    /* The reader checks the document (and every rule of the template). */
    int rc = rg_puzzle_parse(reg, text, len, file, 0, &g->templ, err);
    cJSON *root = NULL;
    if (rc == RG_OK) {
        root = rg_json_parse(text, len, NULL);
        if (!root) rc = rg_error_set(err, RG_E_NOMEM, NULL, "out of memory");
    }
    if (rc == RG_OK) {
        g->board = cJSON_DetachItemFromObjectCaseSensitive(root, "board");
        g->rules = cJSON_DetachItemFromObjectCaseSensitive(root, "rules");
        g->meta = cJSON_DetachItemFromObjectCaseSensitive(root, "meta");
        rc = read_profile(reg, cJSON_GetObjectItemCaseSensitive(root, "x-generate"), &g->pf, err);
    }
    cJSON_Delete(root);
    if (rc != RG_OK) {
        if (!err->file[0]) snprintf(err->file, sizeof err->file, "%s", file ? file : "");
        rg_generator_free(g);
        return rc;
    }
    *out = g;
    return RG_OK;
}

int rg_generator_preset(rg_registry *reg, const rg_presets *ps, const char *name,
                        rg_generator **out, rg_error *err)
{
    rg_error local;
    if (!err) err = &local;
    rg_error_clear(err);
    *out = NULL;
    int i = rg_presets_find(ps, name);
    if (i >= 0) {
        const char *doc = rg_presets_document(ps, i);
        int rc = rg_generator_new(reg, doc, strlen(doc), name, out, err);
        if (rc == RG_OK) (*out)->preset = 1;
        return rc;
    }
    char names[512];
    size_t k = 0;
    names[0] = 0;
    for (i = 0; i < rg_presets_count(ps) && k < sizeof names; i++) {
        int w = snprintf(names + k, sizeof names - k, "%s%s", i ? ", " : "", rg_presets_name(ps, i));
        if (w > 0) k += (size_t)w;
    }
    return bad(err, "preset", "unknown preset '%s' (one of %s)", name, names);
}

const char *rg_generator_label(const rg_generator *g) { return g->label; }

const rg_puzzle *rg_generator_template(const rg_generator *g) { return g->templ; }

int rg_generator_set(rg_generator *g, const char *type, const char *name, const char *value,
                     rg_error *err)
{
    rg_error local;
    if (!err) err = &local;
    rg_error_clear(err);
    char field[160];
    snprintf(field, sizeof field, "%s.%s", type, name);
    int found = 0;
    for (int i = 0; i < g->pf.nclues; i++) {
        clue_req *q = &g->pf.clues[i];
        if (strcmp(q->type->name, type) != 0) continue;
        found = 1;
        cJSON *targets[2] = {q->settings, q->repair};
        for (int t = 0; t < 2; t++) {
            if (!targets[t]) continue;
            /* JSON when the whole text is JSON (5, true, "x"); else a bare word. */
            size_t len = strlen(value);
            const char *end = NULL;
            cJSON *v = rg_json_parse(value, len, &end);
            while (v && end && end < value + len && (*end == ' ' || *end == '\t')) end++;
            if (v && end != value + len) {
                cJSON_Delete(v);
                v = NULL;
            }
            if (!v) {
                /* A bare word is a string. */
                v = cJSON_CreateString(value);
                if (!v) return rg_error_set(err, RG_E_NOMEM, NULL, "out of memory");
            }
            if (cJSON_IsArray(v) || cJSON_IsObject(v) || cJSON_IsNull(v)) {
                cJSON_Delete(v);
                return bad(err, field, "expected a number, a string or true/false");
            }
            if (cJSON_HasObjectItem(targets[t], name))
                cJSON_ReplaceItemInObjectCaseSensitive(targets[t], name, v);
            else
                cJSON_AddItemToObject(targets[t], name, v);
        }
    }
    if (!found)
        return bad(err, field, "the profile has no clue request of type %s", type);
    return RG_OK;
}

/* ---- One run of rg_generate ------------------------------------------------------ */

typedef struct run {
    const rg_generator *g;
    rg_error *err;
    rg_solver *solver;
    uint64_t rng;
    int N, D;
    struct timespec t0;
    double max_seconds;
    int timed_out;
    int symmetry, level, minimal, target, retries;
    uint64_t count_nodes;
    int unproved;   /* a count of this attempt ended unknown */
    int *orbit_off; /* CSR: the cells of each orbit of the symmetry */
    int *orbit_cells;
    int norbits;
    const int *tgivens; /* the template's givens */
    /* The attempt. */
    cJSON *rules;    /* template rules, laid out rules, then invented rules */
    int nbase;       /* rules before the invented ones */
    int *solution;
    int *givens;
    int repairs;
    int fewest;      /* fewest givens met (for the message when --clues is not met) */
    char why[200];   /* why the last attempt failed */
} run;

static double elapsed(const run *r)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)(t.tv_sec - r->t0.tv_sec) + (double)(t.tv_nsec - r->t0.tv_nsec) / 1e9;
}

static int out_of_time(run *r)
{
    if (r->max_seconds > 0 && elapsed(r) >= r->max_seconds) r->timed_out = 1;
    return r->timed_out;
}

static void options(const run *r, rg_options *o, int strategy, long limit, uint64_t nodes)
{
    rg_options_default(o);
    o->strategy = strategy;
    o->limit = limit;
    o->max_nodes = nodes;
    if (r->max_seconds > 0) {
        double left = r->max_seconds - elapsed(r);
        o->max_seconds = left > 1e-6 ? left : 1e-6;
    }
}

/* A search under o; an unknown caused by the clock sets timed_out (then the
 * whole run stops, so that what is produced never depends on timing). */
static int search(run *r, const rg_puzzle *p, const rg_options *o, rg_result *res)
{
    int rc = rg_solve(r->solver, p, o, res, r->err);
    if (rc != RG_OK) return rc;
    if (res->status == RG_STATUS_UNKNOWN && out_of_time(r)) return RG_E_LIMIT;
    return RG_OK;
}

/* Is p unique? *status is an rg_status; a node limit may leave it unknown. */
static int count2(run *r, const rg_puzzle *p, uint64_t nodes, int *status, rg_result *res)
{
    rg_options o;
    options(r, &o, RG_STRATEGY_INTERSECTIONS, 2, nodes);
    int rc = search(r, p, &o, res);
    *status = res->status;
    return rc;
}

/* Does p solve at strategy level without a guess (which implies unique)? */
static int solves_at(run *r, const rg_puzzle *p, int level, int *yes)
{
    rg_options o;
    rg_result res;
    options(r, &o, level, 1, (uint64_t)r->N + 2);
    int rc = search(r, p, &o, &res);
    *yes = rc == RG_OK && res.status == RG_STATUS_SOLVED && res.no_guess;
    return rc;
}

/* The test a smaller puzzle must pass: unique, and solvable at the level
 * when one is asked. An unknown count keeps the clue; under minimal it is
 * counted again with a larger budget and otherwise marks the attempt. */
static int acceptable(run *r, const rg_puzzle *p, int *yes)
{
    if (r->level >= 0) return solves_at(r, p, r->level, yes);
    int status;
    rg_result res;
    int rc = count2(r, p, r->count_nodes, &status, &res);
    if (rc == RG_OK && status == RG_STATUS_UNKNOWN && r->minimal)
        rc = count2(r, p, r->count_nodes * 16, &status, &res);
    if (rc == RG_OK && status == RG_STATUS_UNKNOWN) r->unproved = 1;
    *yes = status == RG_STATUS_UNIQUE;
    return rc;
}

/* ---- Building puzzles from rules ---------------------------------------------- */

/* The puzzle of the board with these rules and no givens. */
static int build(run *r, const cJSON *rules, rg_puzzle **out)
{
    *out = NULL;
    cJSON *doc = cJSON_CreateObject();
    int ok = doc && cJSON_AddStringToObject(doc, "format", "rulegrid") &&
             cJSON_AddNumberToObject(doc, "version", 1) &&
             cJSON_AddItemReferenceToObject(doc, "board", r->g->board) &&
             cJSON_AddItemReferenceToObject(doc, "rules", (cJSON *)rules);
    char *text = ok ? cJSON_PrintUnformatted(doc) : NULL;
    cJSON_Delete(doc);
    if (!text) return rg_error_set(r->err, RG_E_NOMEM, NULL, "out of memory");
    int rc = rg_puzzle_parse(r->g->reg, text, strlen(text), r->g->label, 0, out, r->err);
    cJSON_free(text);
    if (rc != RG_OK) {
        static const char head[] = "a generated puzzle does not read: ";
        size_t n = strlen(r->err->message), h = sizeof head - 1;
        if (n + h >= sizeof r->err->message) n = sizeof r->err->message - h - 1;
        memmove(r->err->message + h, r->err->message, n);
        memcpy(r->err->message, head, h);
        r->err->message[h + n] = 0;
    }
    return rc;
}

static int with_givens(run *r, const rg_puzzle *p, const int *givens, rg_puzzle **out)
{
    return rg_puzzle_with_givens(p, givens, out, r->err);
}

/* The cells a rule names: every string in it that is a cell or a
 * rectangle of the board. */
static void mentioned(const run *r, const cJSON *v, unsigned char *mark)
{
    if (cJSON_IsString(v)) {
        int r1, c1, r2, c2;
        if (rg_span_parse(v->valuestring, &r1, &c1, &r2, &c2)) return;
        for (int y = r1; y <= r2; y++)
            for (int x = c1; x <= c2; x++) {
                int c = rg_puzzle_cell_at(r->g->templ, y, x);
                if (c >= 0) mark[c] = 1;
            }
        return;
    }
    for (const cJSON *c = v ? v->child : NULL; c; c = c->next) mentioned(r, c, mark);
}

/* Run every layout request over the bare board; their rules go to out. */
static int lay_out(run *r, cJSON *out)
{
    for (int i = 0; i < r->g->pf.nlayout; i++) {
        const clue_req *q = &r->g->pf.layout[i];
        int rc = rg_gen_run(q->type, r->g->templ, q->settings, NULL, &r->rng, out, NULL, r->err);
        if (rc != RG_OK) return rc;
    }
    return RG_OK;
}

/* Run every clue request over the solution; their rules go to out. With
 * repair, each request uses its repair settings. */
static int invent(run *r, const rg_puzzle *p, int repair, cJSON *out)
{
    for (int i = 0; i < r->g->pf.nclues; i++) {
        const clue_req *q = &r->g->pf.clues[i];
        const cJSON *settings = repair && q->repair ? q->repair : q->settings;
        int rc = rg_gen_run(q->type, p, settings, r->solution, &r->rng, out, NULL, r->err);
        if (rc != RG_OK) return rc;
    }
    return RG_OK;
}

/* ---- Symmetry ------------------------------------------------------------------- */

static int image(const run *r, int cell, int s)
{
    int y, x;
    rg_puzzle_cell_pos(r->g->templ, cell, &y, &x);
    int R = rg_puzzle_rows(r->g->templ), C = rg_puzzle_columns(r->g->templ);
    switch (s) {
    case RG_SYMMETRY_ROTATE180: return rg_puzzle_cell_at(r->g->templ, R + 1 - y, C + 1 - x);
    case RG_SYMMETRY_ROTATE90: return rg_puzzle_cell_at(r->g->templ, x, R + 1 - y);
    case RG_SYMMETRY_MIRROR: return rg_puzzle_cell_at(r->g->templ, y, C + 1 - x);
    case RG_SYMMETRY_DIAGONAL: return rg_puzzle_cell_at(r->g->templ, x, y);
    default: return cell;
    }
}

/* Orbits: the cells a symmetric pattern gives or empties together. */
static int make_orbits(run *r)
{
    int N = r->N;
    int *of = rg_malloc((size_t)N * sizeof *of);
    r->orbit_off = rg_malloc(((size_t)N + 1) * sizeof *r->orbit_off);
    r->orbit_cells = rg_malloc((size_t)N * sizeof *r->orbit_cells);
    if (!of || !r->orbit_off || !r->orbit_cells) {
        rg_free(of);
        return rg_error_set(r->err, RG_E_NOMEM, NULL, "out of memory");
    }
    for (int c = 0; c < N; c++) of[c] = -1;
    int k = 0;
    r->norbits = 0;
    for (int c = 0; c < N; c++) {
        if (of[c] >= 0) continue;
        int start = k;
        r->orbit_off[r->norbits] = k;
        of[c] = r->norbits;
        r->orbit_cells[k++] = c;
        for (int i = start; i < k; i++) {
            int d = image(r, r->orbit_cells[i], r->symmetry);
            if (d >= 0 && of[d] < 0) {
                of[d] = r->norbits;
                r->orbit_cells[k++] = d;
            }
        }
        r->norbits++;
    }
    r->orbit_off[r->norbits] = k;
    rg_free(of);
    return RG_OK;
}

static void shuffle(run *r, int *a, int n)
{
    for (int i = n - 1; i > 0; i--) {
        int j = (int)rg_rng_below(&r->rng, (uint64_t)i + 1);
        int t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}

/* ---- The steps of an attempt ----------------------------------------------------- */

/* A random complete grid of p (with the template's givens). *ok = 0 when the
 * fill found none within its budget; *none = 1 when there is none at all. */
static int fill(run *r, const rg_puzzle *p, int *ok, int *none)
{
    rg_puzzle *q = NULL;
    *ok = *none = 0;
    int rc = with_givens(r, p, r->tgivens, &q);
    if (rc != RG_OK) return rc;
    rg_options o;
    options(r, &o, RG_STRATEGY_INTERSECTIONS, 1, r->g->pf.fill_nodes);
    o.values = RG_VALUES_RANDOM;
    o.seed = rg_rng_next(&r->rng);
    rg_result res;
    rc = search(r, q, &o, &res);
    if (rc == RG_OK && res.status == RG_STATUS_SOLVED) {
        memcpy(r->solution, res.solution, (size_t)r->N * sizeof *r->solution);
        *ok = 1;
    }
    if (rc == RG_OK && res.status == RG_STATUS_NONE) *none = 1;
    rg_puzzle_free(q);
    return rc;
}

/* Is cell c's digit forced by the givens among its peers? Then emptying c
 * keeps the same solutions (and a naked single finds it at any level that
 * prunes). */
static int forced(const rg_puzzle *p, int c, int digit)
{
    const rg_model *m = p->model;
    rg_mask left = m->root[c];
    for (int k = m->peer_off[c]; k < m->peer_off[c + 1]; k++) {
        int g = p->givens[m->peers[k]];
        if (g) left &= ~((rg_mask)1 << (g - 1));
    }
    return left == (rg_mask)1 << (digit - 1);
}

/* Empty givens orbit by orbit in random order while the puzzle stays
 * acceptable, down to the target. Leaves the givens in r->givens. */
static int remove_givens(run *r, const rg_puzzle *p)
{
    rg_puzzle *q = NULL;
    int rc = with_givens(r, p, r->solution, &q);
    if (rc != RG_OK) return rc;
    int *order = rg_malloc((size_t)r->norbits * sizeof *order);
    int *gone = rg_malloc((size_t)r->N * sizeof *gone);
    if (!order || !gone) {
        rc = rg_error_set(r->err, RG_E_NOMEM, NULL, "out of memory");
        goto done;
    }
    for (int i = 0; i < r->norbits; i++) order[i] = i;
    shuffle(r, order, r->norbits);
    int count = r->N;
    for (int i = 0; i < r->norbits; i++) {
        if (r->target > 0 && count <= r->target) break;
        if (out_of_time(r)) {
            rc = RG_E_LIMIT;
            goto done;
        }
        int k = order[i], n = 0;
        for (int j = r->orbit_off[k]; j < r->orbit_off[k + 1]; j++) {
            int c = r->orbit_cells[j];
            if (q->givens[c] && !r->tgivens[c]) {
                gone[n++] = c;
                q->givens[c] = 0;
            }
        }
        if (n == 0) continue;
        int yes = r->level != RG_STRATEGY_CHECK;
        for (int j = 0; j < n && yes; j++) yes = forced(q, gone[j], r->solution[gone[j]]);
        if (!yes && (rc = acceptable(r, q, &yes)) != RG_OK) goto done;
        if (yes)
            count -= n;
        else
            for (int j = 0; j < n; j++) q->givens[gone[j]] = r->solution[gone[j]];
    }
    memcpy(r->givens, q->givens, (size_t)r->N * sizeof *r->givens);
done:
    rg_free(order);
    rg_free(gone);
    rg_puzzle_free(q);
    return rc;
}

/* A solution of p other than r->solution into other (*found = 1), looked
 * for by the first solution of the count and then by random value orders. */
static int other_solution(run *r, const rg_puzzle *p, const rg_result *counted, int *other,
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
        options(r, &o, RG_STRATEGY_INTERSECTIONS, 1, r->count_nodes);
        o.values = RG_VALUES_RANDOM;
        o.seed = rg_rng_next(&r->rng);
        rg_result res;
        int rc = search(r, p, &o, &res);
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

/* Make the clues alone pin the solution: while two solutions differ, drop
 * the invented rules that name a cell where they differ and grow new ones
 * (with the requests' repair settings) inside the cells so freed, keeping
 * those that fit. *p is rebuilt; *ok = 1 when unique. */
static int repair(run *r, rg_puzzle **p, int *ok)
{
    *ok = 0;
    int N = r->N, rc = RG_OK;
    int *other = rg_malloc((size_t)N * sizeof *other);
    unsigned char *freed = rg_malloc((size_t)N), *names = rg_malloc((size_t)N);
    rg_mask *dom = rg_malloc((size_t)N * sizeof *dom);
    rg_puzzle *q = NULL;
    cJSON *fresh = NULL;
    if (!other || !freed || !names || !dom) {
        rc = rg_error_set(r->err, RG_E_NOMEM, NULL, "out of memory");
        goto done;
    }
    for (int round = 0;; round++) {
        rg_puzzle_free(q);
        q = NULL;
        if ((rc = with_givens(r, *p, r->tgivens, &q)) != RG_OK) goto done;
        int status;
        rg_result res;
        if ((rc = count2(r, q, r->count_nodes, &status, &res)) != RG_OK) goto done;
        if (status == RG_STATUS_UNIQUE) {
            *ok = 1;
            goto done;
        }
        if (round >= r->g->pf.repair_rounds) {
            snprintf(r->why, sizeof r->why, "the clues were not unique after %d repairs",
                     round);
            goto done;
        }
        /* Where do two solutions differ? Else: the cells the root leaves open. */
        int found;
        if ((rc = other_solution(r, q, &res, other, &found)) != RG_OK) goto done;
        memset(freed, 0, (size_t)N);
        int nfreed = 0;
        if (found) {
            for (int c = 0; c < N; c++)
                if (other[c] != r->solution[c]) freed[c] = 1, nfreed++;
        } else {
            if (rg_engine_root(r->solver, q, RG_STRATEGY_INTERSECTIONS, dom) == 0)
                for (int c = 0; c < N; c++)
                    if (!rg_single(dom[c])) freed[c] = 1, nfreed++;
        }
        if (nfreed == 0) {
            snprintf(r->why, sizeof r->why, "no cell to repair in a puzzle that is not unique");
            goto done;
        }
        /* Drop the invented rules naming such a cell; their cells are freed. */
        unsigned char *drop = freed; /* the differing cells decide, then grow */
        int n = cJSON_GetArraySize(r->rules);
        unsigned char *hit = rg_calloc((size_t)(n ? n : 1), 1);
        if (!hit) {
            rc = rg_error_set(r->err, RG_E_NOMEM, NULL, "out of memory");
            goto done;
        }
        int i = 0;
        for (cJSON *rule = r->rules->child; rule; rule = rule->next, i++) {
            if (i < r->nbase) continue;
            memset(names, 0, (size_t)N);
            mentioned(r, rule, names);
            for (int c = 0; c < N && !hit[i]; c++) hit[i] = names[c] && drop[c];
        }
        for (i = n - 1; i >= r->nbase; i--) {
            if (!hit[i]) continue;
            cJSON *rule = cJSON_DetachItemFromArray(r->rules, i);
            memset(names, 0, (size_t)N);
            mentioned(r, rule, names);
            for (int c = 0; c < N; c++) freed[c] |= names[c];
            cJSON_Delete(rule);
            r->repairs++;
        }
        rg_free(hit);
        /* Cells still named by a kept invented rule are not free. */
        i = 0;
        for (cJSON *rule = r->rules->child; rule; rule = rule->next, i++) {
            if (i < r->nbase) continue;
            memset(names, 0, (size_t)N);
            mentioned(r, rule, names);
            for (int c = 0; c < N; c++)
                if (names[c]) freed[c] = 0;
        }
        /* Grow new rules and keep those lying inside the freed cells. */
        for (int t = 0; t < REGROW_TRIES; t++) {
            int left = 0;
            for (int c = 0; c < N; c++) left += freed[c];
            if (left == 0) break;
            cJSON_Delete(fresh);
            if (!(fresh = cJSON_CreateArray())) {
                rc = rg_error_set(r->err, RG_E_NOMEM, NULL, "out of memory");
                goto done;
            }
            if ((rc = invent(r, *p, 1, fresh)) != RG_OK) goto done;
            while (fresh->child) {
                cJSON *rule = cJSON_DetachItemViaPointer(fresh, fresh->child);
                memset(names, 0, (size_t)N);
                mentioned(r, rule, names);
                int fits = 0, inside = 1;
                for (int c = 0; c < N; c++)
                    if (names[c]) {
                        fits = 1;
                        if (!freed[c]) inside = 0;
                    }
                if (fits && inside) {
                    for (int c = 0; c < N; c++)
                        if (names[c]) freed[c] = 0;
                    cJSON_AddItemToArray(r->rules, rule);
                } else {
                    cJSON_Delete(rule);
                }
            }
        }
        rg_puzzle *rebuilt = NULL;
        if ((rc = build(r, r->rules, &rebuilt)) != RG_OK) goto done;
        rg_puzzle_free(*p);
        *p = rebuilt;
    }
done:
    cJSON_Delete(fresh);
    rg_puzzle_free(q);
    rg_free(other);
    rg_free(freed);
    rg_free(names);
    rg_free(dom);
    return rc;
}

static int thinned_type(const run *r, const cJSON *rule)
{
    const cJSON *t = cJSON_GetObjectItemCaseSensitive(rule, "type");
    for (int i = 0; cJSON_IsString(t) && i < r->g->pf.nthin; i++)
        if (strcmp(t->valuestring, r->g->pf.thin[i]) == 0) return 1;
    return 0;
}

/* remove_clues: drop invented rules of the listed types, one at a time in
 * random order, while the puzzle (with its givens) stays acceptable and the
 * solution still satisfies it. */
static int thin_rules(run *r, rg_puzzle **p)
{
    int n = cJSON_GetArraySize(r->rules) - r->nbase;
    if (n <= 0 || r->g->pf.nthin == 0) return RG_OK;
    cJSON **items = rg_malloc((size_t)n * sizeof *items);
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
        if (out_of_time(r)) {
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
        rc = build(r, trial, &smaller);
        cJSON_Delete(trial);
        if (rc == RG_OK) rc = with_givens(r, smaller, r->givens, &q);
        if (rc == RG_OK && rg_puzzle_check(q, r->solution) == -1) rc = acceptable(r, q, &yes);
        rg_puzzle_free(q);
        if (rc == RG_OK && yes) {
            cJSON_Delete(cJSON_DetachItemViaPointer(r->rules, items[j]));
            rg_puzzle_free(*p);
            *p = smaller;
        } else {
            rg_puzzle_free(smaller);
        }
    }
    rg_free(items);
    return rc;
}

static int count_givens(const run *r)
{
    int n = 0;
    for (int c = 0; c < r->N; c++) n += r->givens[c] != 0;
    return n;
}

/* One attempt: *p is the finished puzzle's rules (NULL when the attempt
 * failed; r->why says why). */
static int attempt(run *r, rg_puzzle **out)
{
    const profile *pf = &r->g->pf;
    *out = NULL;
    r->unproved = 0;
    cJSON_Delete(r->rules);
    r->rules = cJSON_Duplicate(r->g->rules, 1);
    if (!r->rules) return rg_error_set(r->err, RG_E_NOMEM, NULL, "out of memory");
    int rc = RG_OK;
    if ((rc = lay_out(r, r->rules)) != RG_OK) return rc;
    r->nbase = cJSON_GetArraySize(r->rules);
    rg_puzzle *p = NULL;
    if (pf->nlayout || pf->nclues) {
        if ((rc = build(r, r->rules, &p)) != RG_OK) return rc;
    } else if ((rc = with_givens(r, r->g->templ, NULL, &p)) != RG_OK) {
        return rc;
    }
    int ok, none;
    if ((rc = fill(r, p, &ok, &none)) != RG_OK) goto fail;
    if (!ok) {
        if (none && !pf->nlayout) {
            rc = rg_error_set(r->err, RG_E_FORMAT, NULL,
                              "the template has no solution: there is nothing to generate");
            goto fail;
        }
        snprintf(r->why, sizeof r->why, "%s", none ? "the layout has no solution"
                                                   : "the fill ran out of its node budget");
        goto fail;
    }
    if (pf->nclues) {
        if ((rc = invent(r, p, 0, r->rules)) != RG_OK) goto fail;
        rg_puzzle *full = NULL;
        if ((rc = build(r, r->rules, &full)) != RG_OK) goto fail;
        rg_puzzle_free(p);
        p = full;
        int broken = rg_puzzle_check(p, r->solution);
        if (broken >= 0) {
            rc = rg_error_set(r->err, RG_E_INTERNAL, NULL,
                              "an invented rule (rule %d, %s) is broken by the solution it "
                              "was invented for",
                              broken, rg_puzzle_rule_type(p, broken));
            goto fail;
        }
    }
    if (pf->givens == GIVENS_NONE) {
        memcpy(r->givens, r->tgivens, (size_t)r->N * sizeof *r->givens);
        if ((rc = repair(r, &p, &ok)) != RG_OK) goto fail;
        if (!ok) goto fail;
    } else {
        if ((rc = remove_givens(r, p)) != RG_OK) goto fail;
    }
    if ((rc = thin_rules(r, &p)) != RG_OK) goto fail;
    int n = count_givens(r);
    if (r->fewest < 0 || n < r->fewest) r->fewest = n;
    if (r->target > 0 && n > r->target) {
        snprintf(r->why, sizeof r->why, "could not reach %d givens (fewest %d)", r->target,
                 r->fewest);
        goto fail;
    }
    if (r->minimal && r->unproved) {
        snprintf(r->why, sizeof r->why, "a count ended at its node limit: minimal not proved");
        goto fail;
    }
    if (r->level >= 0 && pf->givens == GIVENS_NONE) {
        rg_puzzle *q = NULL;
        int yes = 0;
        if ((rc = with_givens(r, p, r->givens, &q)) == RG_OK)
            rc = solves_at(r, q, r->level, &yes);
        rg_puzzle_free(q);
        if (rc != RG_OK) goto fail;
        if (!yes) {
            snprintf(r->why, sizeof r->why, "not solvable at %s without guessing",
                     rg_strategy_name(r->level));
            goto fail;
        }
    }
    *out = p;
    return RG_OK;
fail:
    rg_puzzle_free(p);
    return rc;
}

static int check_options(const rg_generator *g, const rg_gen_options *o, run *r, rg_error *err)
{
    const profile *pf = &g->pf;
    r->symmetry = o->symmetry >= 0 ? o->symmetry : pf->symmetry;
    r->level = o->level >= 0 ? o->level : pf->level;
    r->retries = o->retries >= 0 ? o->retries : pf->retries;
    r->minimal = o->minimal;
    r->target = o->clues;
    r->max_seconds = o->max_seconds;
    r->count_nodes = pf->count_nodes;
    if (o->symmetry >= RG_SYMMETRY_COUNT) return bad(err, "symmetry", "unknown symmetry %d", o->symmetry);
    if (o->level >= RG_STRATEGY_COUNT) return bad(err, "level", "unknown strategy level %d", o->level);
    if (o->clues < 0 || o->clues > r->N)
        return bad(err, "clues", "%d is not a number of givens from 0 to %d", o->clues, r->N);
    if (!(o->max_seconds >= 0)) return bad(err, "time", "expected a number of seconds, 0 or more");
    if (o->minimal && o->clues)
        return bad(err, "minimal", "a minimal puzzle and a target number of givens exclude "
                                   "each other");
    if ((r->symmetry == RG_SYMMETRY_ROTATE90 || r->symmetry == RG_SYMMETRY_DIAGONAL) &&
        rg_puzzle_rows(g->templ) != rg_puzzle_columns(g->templ))
        return bad(err, "symmetry", "%s needs a square board (this one is %d x %d)",
                   rg_symmetry_name(r->symmetry), rg_puzzle_rows(g->templ),
                   rg_puzzle_columns(g->templ));
    if (pf->givens == GIVENS_NONE) {
        const char *what = o->clues ? "clues" : o->minimal ? "minimal"
                           : r->symmetry != RG_SYMMETRY_NONE ? "symmetry" : NULL;
        if (what)
            return bad(err, what, "%s places no givens (x-generate.givens is \"none\"), so "
                                  "there are none to remove",
                       g->label);
    }
    return RG_OK;
}

/* The puzzle handed out: givens, solution and meta. */
static int finish(run *r, const rg_puzzle *p, const rg_gen_options *o, rg_puzzle **out,
                  rg_gen_info *info)
{
    rg_puzzle *q = NULL;
    int rc = with_givens(r, p, r->givens, &q);
    if (rc != RG_OK) return rc;
    q->solution = rg_malloc((size_t)r->N * sizeof *q->solution);
    if (!q->solution) {
        rg_puzzle_free(q);
        return rg_error_set(r->err, RG_E_NOMEM, NULL, "out of memory");
    }
    memcpy(q->solution, r->solution, (size_t)r->N * sizeof *q->solution);
    rg_options opt;
    rg_options_default(&opt);
    rg_result res;
    if ((rc = rg_solve(r->solver, q, &opt, &res, r->err)) != RG_OK) goto fail;
    info->guesses = res.stats.guesses;
    /* The levels are nested: a puzzle that solves without guessing at one
     * solves so at every stronger one. So: the default level's answer, then
     * a bisection below it (or one look above it). */
    int lo, hi, yes;
    if (res.status == RG_STATUS_SOLVED && res.no_guess) {
        lo = RG_STRATEGY_FORWARD;
        hi = RG_STRATEGY_INTERSECTIONS;
    } else {
        if ((rc = solves_at(r, q, RG_STRATEGY_SUBSETS, &yes)) != RG_OK) goto fail;
        lo = hi = yes ? RG_STRATEGY_SUBSETS : -1;
    }
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if ((rc = solves_at(r, q, mid, &yes)) != RG_OK) goto fail;
        if (yes) hi = mid;
        else lo = mid + 1;
    }
    info->level = hi;
    if (count_givens(r) == r->N) info->level = RG_STRATEGY_CHECK;
    info->givens = count_givens(r);
    info->clue_rules = cJSON_GetArraySize(r->rules) - r->nbase;
    info->repairs = r->repairs;
    info->seconds = elapsed(r);

    cJSON *kept = cJSON_CreateObject();
    cJSON *meta = r->g->meta ? cJSON_Duplicate(r->g->meta, 1) : cJSON_CreateObject();
    char buf[64];
    int ok = kept && meta && cJSON_AddItemToObject(kept, "meta", meta);
    if (!ok) cJSON_Delete(meta);
#define META(key, value)                                                      \
    do {                                                                      \
        if (ok) {                                                             \
            cJSON_DeleteItemFromObjectCaseSensitive(meta, key);               \
            ok = cJSON_AddStringToObject(meta, key, value) != NULL;           \
        }                                                                     \
    } while (0)
    META("generator", "rulegrid " RULEGRID_VERSION);
    META(r->g->preset ? "preset" : "template", r->g->label);
    snprintf(buf, sizeof buf, "%llu", (unsigned long long)info->seed);
    META("seed", buf);
    snprintf(buf, sizeof buf, "%d", info->givens);
    META("givens", buf);
    snprintf(buf, sizeof buf, "%llu", (unsigned long long)info->guesses);
    META("guesses", buf);
    META("level", info->level >= 0 ? rg_strategy_name(info->level) : "none");
    if (o->meta_time) {
        snprintf(buf, sizeof buf, "%.3f", info->seconds * 1e3);
        META("time_ms", buf);
    }
#undef META
    if (!ok) {
        cJSON_Delete(kept);
        rc = rg_error_set(r->err, RG_E_NOMEM, NULL, "out of memory");
        goto fail;
    }
    q->kept = kept;
    *out = q;
    return RG_OK;
fail:
    rg_puzzle_free(q);
    return rc;
}

int rg_generate(const rg_generator *g, const rg_gen_options *o, rg_puzzle **out,
                rg_gen_info *info, rg_error *err)
{
    rg_error local;
    rg_gen_info linfo;
    if (!err) err = &local;
    if (!info) info = &linfo;
    rg_error_clear(err);
    memset(info, 0, sizeof *info);
    *out = NULL;
    rg_json_hooks();
    run r;
    memset(&r, 0, sizeof r);
    clock_gettime(CLOCK_MONOTONIC, &r.t0);
    r.g = g;
    r.err = err;
    r.N = rg_puzzle_cells(g->templ);
    r.D = rg_puzzle_digits(g->templ);
    r.fewest = -1;
    r.tgivens = rg_puzzle_givens(g->templ);
    info->seed = o->seed;
    info->level = -1;
    int rc = check_options(g, o, &r, err);
    if (rc != RG_OK) return rc;
    /* splitmix64 mixes every step, so seeds next to each other start
     * unrelated streams. */
    r.rng = o->seed;
    r.solver = rg_solver_new();
    r.solution = rg_malloc(((size_t)r.N + 1) * sizeof *r.solution);
    r.givens = rg_calloc((size_t)r.N + 1, sizeof *r.givens);
    if (!r.solver || !r.solution || !r.givens) {
        rc = rg_error_set(err, RG_E_NOMEM, NULL, "out of memory");
        goto done;
    }
    if ((rc = make_orbits(&r)) != RG_OK) goto done;
    rg_puzzle *p = NULL;
    int attempts = 0;
    for (; attempts <= r.retries && !p; attempts++) {
        if (out_of_time(&r)) break;
        snprintf(r.why, sizeof r.why, "no reason recorded");
        rc = attempt(&r, &p);
        if (rc == RG_E_LIMIT && r.timed_out) break;
        if (rc != RG_OK) goto done;
    }
    info->attempts = attempts;
    if (!p) {
        info->timed_out = r.timed_out;
        if (r.timed_out)
            rc = rg_error_set(err, RG_E_LIMIT, "time",
                              "no puzzle within the time budget of %g s (%d attempt%s)",
                              r.max_seconds, attempts, attempts == 1 ? "" : "s");
        else
            rc = rg_error_set(err, RG_E_LIMIT, "retries", "no puzzle after %d attempt%s: %s",
                              attempts, attempts == 1 ? "" : "s", r.why);
        goto done;
    }
    rc = finish(&r, p, o, out, info);
    rg_puzzle_free(p);
done:
    cJSON_Delete(r.rules);
    rg_free(r.orbit_off);
    rg_free(r.orbit_cells);
    rg_free(r.solution);
    rg_free(r.givens);
    rg_solver_free(r.solver);
    return rc;
}
