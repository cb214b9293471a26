/* The generation side of the host table: what a rule type's generate and
 * layout hooks see (the template's board, their settings, the random
 * stream) and where the rules they invent go. The generator and
 * rg_generate_clues run hooks through rg_hook_run. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "base/error.h"
#include "base/json.h"
#include "base/rng.h"
#include "gen/hook.h"
#include "model/board.h"
#include "model/model.h"
#include "model/record.h"

struct rg_gen {
    const rg_puzzle *templ;
    const rg_rule_type *type;
    const cJSON *settings;       /* an object, or NULL */
    const int *solution;         /* NULL for a layout hook */
    const unsigned char *wanted; /* per cell: may a rule name it; NULL: all may */
    uint64_t *rng;               /* splitmix64 state, shared with the caller */
    cJSON *out;                  /* array the emitted rules are appended to */
    int emitted;
    rg_error *err;
    int failed;
    int strict;         /* a setting the hook never asks for is an error */
    uint64_t asked[4];  /* which of the first 256 members of settings it asked for */
    char names[24][32]; /* the names it asked for (copies: a hook may build a name in
                              a buffer of its own), for the message */
    int nnames;
    int names_full; /* it asked for a name names had no room for */
};

static const rg_board *board_of(const rg_gen *g) { return rg_model_board(g->templ->model); }

void rg_hook_board(const rg_gen *g, rg_board_info *out) { rg_board_info_of(board_of(g), out); }

int rg_hook_cell_at(const rg_gen *g, int row, int column)
{
    return rg_board_at(board_of(g), row, column);
}

void rg_hook_cell_pos(const rg_gen *g, int cell, int *row, int *column)
{
    rg_board_pos(board_of(g), cell, row, column);
}

int rg_hook_box_of(const rg_gen *g, int cell) { return rg_model_box_of(g->templ->model, cell); }

/* The setting called name, or NULL; when strict, the hook has asked for it
 * (asked, names; names_full when one could not be kept whole). */
static const cJSON *setting(rg_gen *g, const char *name)
{
    if (!name) return NULL;
    if (g->strict) {
        int known = 0;
        for (int i = 0; i < g->nnames && !known; i++)
            known = strncmp(g->names[i], name, sizeof g->names[i] - 1) == 0;
        if (!known && g->nnames < (int)(sizeof g->names / sizeof g->names[0]))
            snprintf(g->names[g->nnames++], sizeof g->names[0], "%s", name);
        else if (!known)
            g->names_full = 1;
        if (strlen(name) >= sizeof g->names[0]) g->names_full = 1; /* kept cut */
    }
    int i = 0;
    for (const cJSON *m = g->settings ? g->settings->child : NULL; m; m = m->next, i++)
        if (strcmp(m->string, name) == 0) {
            if (g->strict && i < 256) g->asked[i >> 6] |= (uint64_t)1 << (i & 63);
            return m;
        }
    return NULL;
}

/* The hook's first error stands: what it does after one is not reported. */
static int gen_fail(rg_gen *g, int code, const char *fmt, ...)
{
    if (g->failed) return g->err->code ? g->err->code : code;
    va_list ap;
    va_start(ap, fmt);
    rg_error_setv(g->err, code, NULL, fmt, ap);
    va_end(ap);
    g->failed = 1;
    return code;
}

/* A present setting that no number can stand for is an error of the request
 * (the hook gets dflt and its run fails), never its default in silence. */
long rg_hook_int(rg_gen *g, const char *name, long dflt)
{
    const cJSON *v = setting(g, name);
    if (!v) return dflt;
    if (cJSON_IsBool(v)) return cJSON_IsTrue(v) ? 1 : 0;
    char found[64];
    double d = cJSON_IsNumber(v) ? v->valuedouble : 0;
    if (cJSON_IsString(v))
        rg_hook_error(g, "setting %s must be a number, not a string", name);
    else if (!cJSON_IsNumber(v))
        rg_hook_error(g, "setting %s is %s; a setting is a number, a boolean or a string", name,
                      rg_json_kind(v));
    else if (!(d <= 2e9 && d >= -2e9)) /* (before the cast, which past long is undefined) */
        rg_hook_error(g, "setting %s is %s, past what a setting holds (2e9)", name,
                      rg_json_found(v, found, sizeof found));
    else if (d != (double)(long)d)
        rg_hook_error(g, "setting %s is %s; it must be a whole number", name,
                      rg_json_found(v, found, sizeof found));
    else
        return (long)d;
    return dflt;
}

const char *rg_hook_string(rg_gen *g, const char *name, const char *dflt)
{
    const cJSON *v = setting(g, name);
    return cJSON_IsString(v) ? v->valuestring : dflt;
}

uint64_t rg_hook_random(rg_gen *g) { return rg_rng_next(g->rng); }

/* The setting called name was refused: the hook never asked for it. */
static int refuse_unread(rg_gen *g, const char *what, const char *name)
{
    char list[300] = "";
    size_t used = 0;
    for (int k = 0; k < g->nnames && used < sizeof list; k++)
        used +=
            (size_t)snprintf(list + used, sizeof list - used, "%s%s", k ? ", " : "", g->names[k]);
    char cut[44];
    return rg_hook_error(g, "%s \"%s\" is not one it reads (%s%s)", what,
                         rg_error_clip(cut, sizeof cut, name),
                         g->nnames ? "it reads " : "it reads none", list);
}

/* strict: the first setting the hook never asked for, as an error; then the
 * first member of later (settings a later run will use: a request's repair
 * settings) that is neither a member of settings nor a name it asked for,
 * so that a misspelt repair setting is found on the first run, not only if
 * a repair comes. (A hook that asked for a name names could not keep whole
 * is not judged on later.) */
static int unread_setting(rg_gen *g, const cJSON *later)
{
    int i = 0;
    for (const cJSON *m = g->settings ? g->settings->child : NULL; m && i < 256; m = m->next, i++)
        if (!(g->asked[i >> 6] >> (i & 63) & 1u)) return refuse_unread(g, "setting", m->string);
    for (const cJSON *m = later && !g->names_full ? later->child : NULL; m; m = m->next) {
        int known = g->settings && cJSON_GetObjectItemCaseSensitive(g->settings, m->string);
        for (int k = 0; k < g->nnames && !known; k++) known = strcmp(g->names[k], m->string) == 0;
        if (!known) return refuse_unread(g, "repair setting", m->string);
    }
    return RG_OK;
}

int rg_hook_emit(rg_gen *g, const char *rule_json)
{
    if (g->failed) return g->err->code ? g->err->code : RG_E_INTERNAL;
    cJSON *rule = NULL;
    rg_json_fault f;
    if (rule_json && rg_json_read(rule_json, strlen(rule_json), &rule, NULL, &f) == RG_E_NOMEM)
        return gen_fail(g, RG_E_NOMEM, "out of memory");
    if (!rule) {
        if (!rule_json)
            return gen_fail(g, RG_E_FORMAT, "the %s generator emitted NULL", g->type->name);
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

int rg_hook_wanted(const rg_gen *g, int cell)
{
    if (!g->wanted) return 1;
    return cell >= 0 && cell < board_of(g)->ncells && g->wanted[cell];
}

int rg_hook_error(rg_gen *g, const char *fmt, ...)
{
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return gen_fail(g, RG_E_FORMAT, "%s %s: %s", g->type->name,
                    g->solution ? "generator" : "layout", msg);
}

int rg_hook_can_generate(const rg_rule_type *t) { return t && t->generate != NULL; }
int rg_hook_can_layout(const rg_rule_type *t) { return t && t->layout != NULL; }

int rg_hook_run(const rg_rule_type *t, const rg_puzzle *templ, const cJSON *settings,
                const cJSON *later, const int *solution, const unsigned char *wanted, uint64_t *rng,
                cJSON *out, int strict, int *emitted, rg_error *err)
{
    if (emitted) *emitted = 0;
    if (solution ? !rg_hook_can_generate(t) : !rg_hook_can_layout(t))
        return rg_error_set(err, RG_E_FORMAT, NULL, "rule type %s cannot %s",
                            t ? t->name : "(none)",
                            solution ? "generate clues" : "lay out rules before the fill");
    rg_gen g = {.templ = templ,
                .type = t,
                .settings = settings,
                .solution = solution,
                .wanted = wanted,
                .rng = rng,
                .out = out,
                .err = err,
                .strict = strict};
    int rc = solution ? t->generate(&g, solution) : t->layout(&g);
    if (emitted) *emitted = g.emitted;
    if (g.failed) return err->code ? err->code : RG_E_INTERNAL;
    if (rc != RG_OK)
        return rg_error_set(err, rc, NULL, "the %s generator failed (status %d)", t->name, rc);
    return strict ? unread_setting(&g, later) : RG_OK;
}
