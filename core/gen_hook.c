/* The generation side of the host table: what a rule type's generate() hook
 * sees (the template's board, its settings, the random stream) and where
 * the rules it invents go. The generator (generate.c) and rg_generate_clues
 * run hooks through rg_gen_run. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "gen.h"
#include "model.h"

struct rg_gen {
    const rg_puzzle *templ;
    const rg_rule_type *type;
    const cJSON *settings; /* an object, or NULL */
    const int *solution;   /* NULL for a layout hook */
    uint64_t *rng;         /* splitmix64 state, shared with the caller */
    cJSON *out;            /* array the emitted rules are appended to */
    int emitted;
    rg_error *err;
    int failed;
};

uint64_t rg_rng_next(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

uint64_t rg_rng_below(uint64_t *state, uint64_t n)
{
    if (n <= 1) return 0;
    /* Rejection keeps the draw uniform. */
    uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    uint64_t x;
    do x = rg_rng_next(state);
    while (x >= limit);
    return x % n;
}

void rg_host_gen_board(const rg_gen *g, rg_board_info *out)
{
    out->rows = rg_puzzle_rows(g->templ);
    out->columns = rg_puzzle_columns(g->templ);
    out->digits = rg_puzzle_digits(g->templ);
    out->cells = rg_puzzle_cells(g->templ);
}

int rg_host_gen_cell_at(const rg_gen *g, int row, int column)
{
    return rg_puzzle_cell_at(g->templ, row, column);
}

void rg_host_gen_cell_pos(const rg_gen *g, int cell, int *row, int *column)
{
    rg_puzzle_cell_pos(g->templ, cell, row, column);
}

int rg_host_gen_box_of(const rg_gen *g, int cell) { return rg_puzzle_box_of(g->templ, cell); }

static const cJSON *setting(const rg_gen *g, const char *name)
{
    if (!g->settings || !name) return NULL;
    return cJSON_GetObjectItemCaseSensitive(g->settings, name);
}

long rg_host_gen_int(rg_gen *g, const char *name, long dflt)
{
    const cJSON *v = setting(g, name);
    if (cJSON_IsBool(v)) return cJSON_IsTrue(v) ? 1 : 0;
    if (!cJSON_IsNumber(v)) return dflt;
    double d = v->valuedouble;
    if (d != d || d > 2e9 || d < -2e9) return dflt;
    return (long)d;
}

const char *rg_host_gen_string(rg_gen *g, const char *name, const char *dflt)
{
    const cJSON *v = setting(g, name);
    return cJSON_IsString(v) ? v->valuestring : dflt;
}

uint64_t rg_host_gen_random(rg_gen *g) { return rg_rng_next(g->rng); }

static int gen_fail(rg_gen *g, int code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    rg_error_setv(g->err, code, NULL, fmt, ap);
    va_end(ap);
    g->failed = 1;
    return code;
}

int rg_host_gen_emit(rg_gen *g, const char *rule_json)
{
    if (g->failed) return g->err->code ? g->err->code : RG_E_INTERNAL;
    cJSON *rule = rule_json ? rg_json_parse(rule_json, strlen(rule_json), NULL) : NULL;
    if (!rule) {
        if (!rule_json) return gen_fail(g, RG_E_FORMAT, "the %s generator emitted NULL", g->type->name);
        return gen_fail(g, RG_E_FORMAT, "the %s generator emitted text that is not JSON: %.200s",
                        g->type->name, rule_json);
    }
    if (!cJSON_IsObject(rule)) {
        cJSON_Delete(rule);
        return gen_fail(g, RG_E_FORMAT, "the %s generator emitted something that is not an object",
                        g->type->name);
    }
    const cJSON *type = cJSON_GetObjectItemCaseSensitive(rule, "type");
    if (!cJSON_IsString(type)) {
        cJSON_Delete(rule);
        return gen_fail(g, RG_E_FORMAT, "the %s generator emitted a rule without a type",
                        g->type->name);
    }
    if (!cJSON_AddItemToArray(g->out, rule)) {
        cJSON_Delete(rule);
        return gen_fail(g, RG_E_NOMEM, "out of memory");
    }
    g->emitted++;
    return RG_OK;
}

int rg_host_gen_error(rg_gen *g, const char *fmt, ...)
{
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return gen_fail(g, RG_E_FORMAT, "%s %s: %s", g->type->name, g->solution ? "generator" : "layout",
                    msg);
}

int rg_type_can_generate(const rg_rule_type *t) { return t && t->generate != NULL; }
int rg_type_can_layout(const rg_rule_type *t) { return t && t->layout != NULL; }

int rg_gen_run(const rg_rule_type *t, const rg_puzzle *templ, const cJSON *settings,
               const int *solution, uint64_t *rng, cJSON *out, int *emitted, rg_error *err)
{
    if (emitted) *emitted = 0;
    if (solution ? !rg_type_can_generate(t) : !rg_type_can_layout(t))
        return rg_error_set(err, RG_E_FORMAT, NULL, "rule type %s cannot %s",
                            t ? t->name : "(none)",
                            solution ? "generate clues" : "lay out rules before the fill");
    rg_gen g = {templ, t, settings, solution, rng, out, 0, err, 0};
    int rc = solution ? t->generate(&g, solution) : t->layout(&g);
    if (emitted) *emitted = g.emitted;
    if (g.failed) return err->code ? err->code : RG_E_INTERNAL;
    if (rc != RG_OK)
        return rg_error_set(err, rc, NULL, "the %s generator failed (status %d)", t->name, rc);
    return RG_OK;
}

int rg_generate_clues(rg_registry *reg, const rg_puzzle *templ, const char *type,
                      const char *settings_json, const int *solution, uint64_t seed,
                      char **rules_json, rg_error *err)
{
    rg_json_hooks();
    *rules_json = NULL;
    const rg_rule_type *t = rg_registry_find(reg, type);
    if (!t)
        return rg_error_set(err, RG_E_FORMAT, NULL, "no loaded plugin registers rule type %s",
                            type);
    cJSON *settings = NULL;
    if (settings_json) {
        settings = rg_json_parse(settings_json, strlen(settings_json), NULL);
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
    int rc = rg_gen_run(t, templ, settings, solution, &rng, out, NULL, err);
    cJSON_Delete(settings);
    if (rc == RG_OK) {
        char *text = cJSON_PrintUnformatted(out);
        if (!text) rc = rg_error_set(err, RG_E_NOMEM, NULL, "out of memory");
        else {
            *rules_json = rg_strdup(text);
            cJSON_free(text);
            if (!*rules_json) rc = rg_error_set(err, RG_E_NOMEM, NULL, "out of memory");
        }
    }
    cJSON_Delete(out);
    return rc;
}
