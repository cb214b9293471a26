/* Reading a generation profile (the template's "x-generate" member): one
 * table of fields, each with its reader; every error names the field as
 * "x-generate.<field>" and says what was expected. */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "base/error.h"
#include "base/json.h"
#include "base/mem.h"
#include "gen/hook.h"
#include "gen/profile.h"
#include "host/registry.h"

typedef struct field field;

/* A field's reader: v is its value, f its table entry. */
typedef int (*reader)(const field *f, const cJSON *v, rg_profile *pf, rg_registry *reg,
                      rg_error *err);

struct field {
    const char *name;
    reader read;
    long min, max; /* whole numbers: the range */
    size_t offset; /* whole numbers and names: where in rg_profile */
    int wide;      /* whole numbers: a uint64_t (else an int) */
    /* Names of a table: its name and parse functions, its size, and what
     * the error calls it. */
    const char *(*name_of)(int);
    int (*parse)(const char *);
    int count;
    const char *what;
};

static int bad(rg_error *err, const char *field, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
static int bad(rg_error *err, const char *field, const char *fmt, ...)
{
    char name[96];
    snprintf(name, sizeof name, "x-generate%s%s", field ? "." : "", field ? field : "");
    va_list ap;
    va_start(ap, fmt);
    rg_error_setv(err, RG_E_FORMAT, name, fmt, ap);
    va_end(ap);
    return RG_E_FORMAT;
}

static int nomem(rg_error *err) { return rg_error_set(err, RG_E_NOMEM, NULL, "out of memory"); }

int rg_profile_set(cJSON *obj, const char *name, cJSON *v)
{
    /* Added first and the old member dropped after: libcjson 1.7.15's
     * replace does not check its copy of the name, and its add keeps v
     * when the name cannot be copied. */
    if (!cJSON_AddItemToObject(obj, name, v)) {
        cJSON_Delete(v);
        return RG_E_NOMEM;
    }
    cJSON *old = cJSON_GetObjectItemCaseSensitive(obj, name);
    if (old != v) cJSON_Delete(cJSON_DetachItemViaPointer(obj, old));
    return RG_OK;
}

/* ---- Readers -------------------------------------------------------------------- */

static int read_summary(const field *f, const cJSON *v, rg_profile *pf, rg_registry *reg,
                        rg_error *err)
{
    (void)pf, (void)reg;
    return cJSON_IsString(v) ? RG_OK
                             : bad(err, f->name, "expected a string, got %s", rg_json_kind(v));
}

/* What a value was, for the messages: the string, or its kind. */
static const char *found(const cJSON *v, char *buf, size_t n)
{
    if (cJSON_IsString(v)) {
        char cut[44];
        snprintf(buf, n, "\"%s\"", rg_error_clip(cut, sizeof cut, v->valuestring));
    } else
        snprintf(buf, n, "%s", rg_json_kind(v));
    return buf;
}

static int read_givens(const field *f, const cJSON *v, rg_profile *pf, rg_registry *reg,
                       rg_error *err)
{
    (void)reg;
    char got[64];
    const char *s = cJSON_IsString(v) ? v->valuestring : NULL;
    if (s && strcmp(s, "remove") == 0)
        pf->givens = RG_GIVENS_REMOVE;
    else if (s && strcmp(s, "none") == 0)
        pf->givens = RG_GIVENS_NONE;
    else
        return bad(err, f->name, "expected \"remove\" or \"none\", got %s",
                   found(v, got, sizeof got));
    return RG_OK;
}

/* A whole number in f's range, stored at f's offset. */
static int read_count(const field *f, const cJSON *v, rg_profile *pf, rg_registry *reg,
                      rg_error *err)
{
    (void)reg;
    if (!cJSON_IsNumber(v) || v->valuedouble != floor(v->valuedouble) ||
        v->valuedouble < (double)f->min || v->valuedouble > (double)f->max)
        return bad(err, f->name, "expected a whole number from %ld to %ld, got %s", f->min, f->max,
                   cJSON_IsNumber(v) ? "another number" : rg_json_kind(v));
    char *at = (char *)pf + f->offset;
    if (f->wide)
        *(uint64_t *)(void *)at = (uint64_t)v->valuedouble;
    else
        *(int *)(void *)at = (int)v->valuedouble;
    return RG_OK;
}

/* "none, rotate180, ..." from a name function of n entries. */
static void names(char *buf, size_t size, const char *(*name)(int), int n)
{
    size_t k = 0;
    buf[0] = 0;
    for (int i = 0; i < n && k < size; i++)
        k += (size_t)snprintf(buf + k, size - k, "%s%s", i ? ", " : "", name(i));
}

/* One name of a table (symmetries, strategies), stored at f's offset. */
static int read_choice(const field *f, const cJSON *v, rg_profile *pf, rg_registry *reg,
                       rg_error *err)
{
    (void)reg;
    char list[256], got[64];
    int i = cJSON_IsString(v) ? f->parse(v->valuestring) : -1;
    *(int *)(void *)((char *)pf + f->offset) = i;
    if (i >= 0) return RG_OK;
    names(list, sizeof list, f->name_of, f->count);
    return bad(err, f->name, "expected %sone of %s, got %s", f->what, list,
               found(v, got, sizeof got));
}

/* remove_clues: a list of rule type names. */
static int read_thin(const field *f, const cJSON *v, rg_profile *pf, rg_registry *reg,
                     rg_error *err)
{
    (void)reg;
    if (!cJSON_IsArray(v))
        return bad(err, f->name, "expected a list of rule types, got %s", rg_json_kind(v));
    int k = cJSON_GetArraySize(v), i = 0;
    if (!(pf->thin = rg_mem_calloc((size_t)(k ? k : 1), sizeof *pf->thin))) return nomem(err);
    for (const cJSON *c = v->child; c; c = c->next, i++) {
        char name[64];
        snprintf(name, sizeof name, "%s[%d]", f->name, i);
        if (!cJSON_IsString(c))
            return bad(err, name, "expected the name of a rule type, got %s", rg_json_kind(c));
        if (!(pf->thin[i] = rg_mem_strdup(c->valuestring))) return nomem(err);
        pf->nthin = i + 1;
    }
    return RG_OK;
}

/* q's settings: the request's members but "type" and "repair"; with a
 * "repair" object, the repair settings are those overridden by it. */
static int read_settings(const cJSON *c, const char *where, rg_request *q, rg_error *err)
{
    if (!(q->settings = cJSON_CreateObject())) return nomem(err);
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
            return nomem(err);
        }
    }
    if (!repair) return RG_OK;
    if (!cJSON_IsObject(repair)) {
        char name[96];
        snprintf(name, sizeof name, "%s.repair", where);
        return bad(err, name, "expected an object of settings, got %s", rg_json_kind(repair));
    }
    if (!(q->repair = cJSON_Duplicate(q->settings, 1))) return nomem(err);
    for (const cJSON *m = repair->child; m; m = m->next) {
        cJSON *copy = cJSON_Duplicate(m, 1);
        if (!copy || rg_profile_set(q->repair, m->string, copy) != RG_OK) return nomem(err);
    }
    return RG_OK;
}

/* One request of the list called list: a type whose plugin has the hook. */
static int read_request(rg_registry *reg, const char *list, const cJSON *c, int i, rg_request *q,
                        rg_error *err)
{
    char where[64], name[80];
    int layout = strcmp(list, "layout") == 0;
    snprintf(where, sizeof where, "%s[%d]", list, i);
    if (!cJSON_IsObject(c))
        return bad(err, where, "expected an object {\"type\": ..., settings}, got %s",
                   rg_json_kind(c));
    const cJSON *type = cJSON_GetObjectItemCaseSensitive(c, "type");
    snprintf(name, sizeof name, "%s.type", where);
    if (!cJSON_IsString(type))
        return bad(err, name, "expected the name of a rule type, got %s", rg_json_kind(type));
    q->type = rg_registry_find(reg, type->valuestring);
    if (!q->type) {
        char skipped[384];
        rg_registry_skipped_note(reg, skipped, sizeof skipped);
        return bad(err, name,
                   "no loaded plugin registers rule type %s (plugin folders searched: %s%s)",
                   type->valuestring, rg_registry_folders(reg), skipped);
    }
    if (layout ? !rg_hook_can_layout(q->type) : !rg_hook_can_generate(q->type))
        return bad(err, name, "rule type %s has no %s hook: its plugin cannot %s",
                   type->valuestring, layout ? "layout" : "generate",
                   layout ? "lay out rules before the fill" : "invent clues");
    return read_settings(c, where, q, err);
}

/* clues or layout: a list of requests. */
static int read_requests(const field *f, const cJSON *v, rg_profile *pf, rg_registry *reg,
                         rg_error *err)
{
    int layout = strcmp(f->name, "layout") == 0;
    rg_request **out = layout ? &pf->layout : &pf->clues;
    int *n = layout ? &pf->nlayout : &pf->nclues;
    if (!cJSON_IsArray(v))
        return bad(err, f->name, "expected a list of %s requests, got %s",
                   layout ? "layout" : "clue", rg_json_kind(v));
    int k = cJSON_GetArraySize(v), rc = RG_OK, i = 0;
    if (!(*out = rg_mem_calloc((size_t)(k ? k : 1), sizeof **out))) return nomem(err);
    for (const cJSON *c = v->child; c && rc == RG_OK; c = c->next, i++) {
        rc = read_request(reg, f->name, c, i, &(*out)[i], err);
        *n = i + 1;
    }
    return rc;
}

/* ---- The table ------------------------------------------------------------------ */

#define COUNT(name_, min_, max_, member, wide_)                                                    \
    {                                                                                              \
        .name = #name_, .read = read_count, .min = min_, .max = max_,                              \
        .offset = offsetof(rg_profile, member), .wide = wide_                                      \
    }
#define CHOICE(name_, member, table, count_, what_)                                                \
    {                                                                                              \
        .name = #name_, .read = read_choice, .offset = offsetof(rg_profile, member),               \
        .name_of = rg_##table##_name, .parse = rg_##table##_parse, .count = count_, .what = what_  \
    }

static const field fields[] = {
    {.name = "summary", .read = read_summary},
    {.name = "givens", .read = read_givens},
    {.name = "clues", .read = read_requests},
    {.name = "remove_clues", .read = read_thin},
    {.name = "layout", .read = read_requests},
    CHOICE(symmetry, symmetry, symmetry, RG_SYMMETRY_COUNT, ""),
    CHOICE(level, level, strategy, RG_STRATEGY_COUNT, "a strategy: "),
    COUNT(retries, 0, 1000000, retries, 0),
    COUNT(fill_nodes, 1, 2000000000L, fill_nodes, 1),
    COUNT(count_nodes, 1, 2000000000L, count_nodes, 1),
    COUNT(repair_rounds, 0, 1000, repair_rounds, 0),
};
#define NFIELDS ((int)(sizeof fields / sizeof fields[0]))

static const field *find_field(const char *name)
{
    for (int i = 0; i < NFIELDS; i++)
        if (strcmp(fields[i].name, name) == 0) return &fields[i];
    return NULL;
}

static int unknown(const char *name, rg_error *err)
{
    char list[256];
    size_t k = 0;
    for (int i = 0; i < NFIELDS && k < sizeof list; i++)
        k += (size_t)snprintf(list + k, sizeof list - k, "%s%s", i ? ", " : "", fields[i].name);
    return bad(err, name, "unknown field \"%s\" (a profile has %s)", name, list);
}

static void defaults(rg_profile *pf)
{
    memset(pf, 0, sizeof *pf);
    pf->givens = RG_GIVENS_REMOVE;
    pf->symmetry = RG_SYMMETRY_NONE;
    pf->level = -1;
    pf->retries = 20;
    pf->fill_nodes = 200000;
    pf->count_nodes = 50000;
    pf->repair_rounds = 8;
}

int rg_profile_read(rg_registry *reg, const cJSON *x, rg_profile *pf, rg_error *err)
{
    defaults(pf);
    if (!x) return RG_OK;
    if (!cJSON_IsObject(x))
        return bad(err, NULL, "expected an object (the generation profile), got %s",
                   rg_json_kind(x));
    int oom;
    const char *dup = rg_json_duplicate(x, &oom);
    if (oom) return nomem(err);
    if (dup) return bad(err, NULL, "duplicate key: \"%s\" appears twice", dup);
    for (const cJSON *m = x->child; m; m = m->next) {
        const field *f = find_field(m->string);
        int rc = f ? f->read(f, m, pf, reg, err) : unknown(m->string, err);
        if (rc) return rc;
    }
    if (pf->level == RG_STRATEGY_CHECK) return bad(err, "level", RG_PROFILE_LEVEL_CHECK);
    if (pf->givens == RG_GIVENS_NONE && pf->nclues == 0)
        return bad(err, "givens",
                   "\"none\" needs clue requests (x-generate.clues): without givens or clues "
                   "no puzzle is unique");
    return RG_OK;
}

static void requests_free(rg_request *q, int n)
{
    for (int i = 0; i < n; i++) {
        cJSON_Delete(q[i].settings);
        cJSON_Delete(q[i].repair);
    }
    rg_mem_free(q);
}

void rg_profile_free(rg_profile *pf)
{
    requests_free(pf->clues, pf->nclues);
    requests_free(pf->layout, pf->nlayout);
    for (int i = 0; i < pf->nthin; i++) rg_mem_free(pf->thin[i]);
    rg_mem_free(pf->thin);
    memset(pf, 0, sizeof *pf);
}
