/* Generators: a template document read as a puzzle with its profile, made
 * from text or a preset, and settings of its clue requests changed. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "base/error.h"
#include "base/json.h"
#include "base/mem.h"
#include "gen/generator.h"
#include "gen/profile.h"

void rg_generator_free(rg_generator *g)
{
    if (!g) return;
    cJSON_Delete(g->board);
    cJSON_Delete(g->rules);
    cJSON_Delete(g->meta);
    rg_puzzle_free(g->templ);
    rg_profile_free(&g->pf);
    rg_mem_free(g);
}

int rg_generator_new(rg_registry *reg, const char *text, size_t len, const char *file,
                     rg_generator **out, rg_error *err)
{
    rg_error local;
    if (!err) err = &local;
    rg_error_clear(err);
    *out = NULL;
    rg_generator *g = rg_mem_calloc(1, sizeof *g);
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
        rc =
            rg_profile_read(reg, cJSON_GetObjectItemCaseSensitive(root, "x-generate"), &g->pf, err);
    }
    cJSON_Delete(root);
    if (rc != RG_OK) {
        if (!err->file[0]) rg_error_set_file(err, file ? file : "");
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
        int w =
            snprintf(names + k, sizeof names - k, "%s%s", i ? ", " : "", rg_presets_name(ps, i));
        if (w > 0) k += (size_t)w;
    }
    return rg_error_set(err, RG_E_FORMAT, "preset", "unknown preset '%s' (one of %s)", name, names);
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
        rg_request *q = &g->pf.clues[i];
        if (strcmp(q->type->name, type) != 0) continue;
        found = 1;
        cJSON *targets[2] = {q->settings, q->repair};
        for (int t = 0; t < 2; t++) {
            if (!targets[t]) continue;
            /* JSON when the whole text is JSON (5, true, "x"); else a bare word. */
            size_t len = strlen(value);
            cJSON *v = NULL;
            rg_json_fault f;
            if (rg_json_read(value, len, &v, NULL, &f) == RG_E_NOMEM)
                return rg_error_set(err, RG_E_NOMEM, NULL, "out of memory");
            if (!v) {
                /* A bare word is a string. */
                v = cJSON_CreateString(value);
                if (!v) return rg_error_set(err, RG_E_NOMEM, NULL, "out of memory");
            }
            if (cJSON_IsArray(v) || cJSON_IsObject(v) || cJSON_IsNull(v)) {
                cJSON_Delete(v);
                return rg_error_set(err, RG_E_FORMAT, field,
                                    "expected a number, a string or true/false");
            }
            if (rg_profile_set(targets[t], name, v) != RG_OK)
                return rg_error_set(err, RG_E_NOMEM, NULL, "out of memory");
        }
    }
    if (!found)
        return rg_error_set(err, RG_E_FORMAT, field, "the profile has no clue request of type %s",
                            type);
    return RG_OK;
}
