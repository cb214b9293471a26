/* Reading one document (format.md §1): the top-level fields, the board,
 * every rule compiled by its type's plugin, givens and solution, the meta
 * and x- members kept for writing. */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "base/clock.h"
#include "base/error.h"
#include "base/json.h"
#include "base/mem.h"
#include "host/registry.h"
#include "io/cells.h"
#include "io/document.h"
#include "io/text.h"
#include "model/model.h"
#include "model/record.h"
#include "rules/compile.h"

/* Refuses duplicate member names in every object under v (meta, x- values). */
static int no_duplicates(const cJSON *v, const char *path, rg_error *err)
{
    char sub[128];
    if (cJSON_IsObject(v)) {
        int oom;
        const char *dup = rg_json_duplicate(v, &oom);
        if (oom) return rg_error_set(err, RG_E_NOMEM, path, "out of memory");
        if (dup) {
            snprintf(sub, sizeof sub, "%s.%s", path, dup);
            return rg_error_set(err, RG_E_FORMAT, sub, "duplicate key: \"%s\" appears twice", dup);
        }
        for (const cJSON *c = v->child; c; c = c->next) {
            snprintf(sub, sizeof sub, "%s.%s", path, c->string ? c->string : "");
            int rc = no_duplicates(c, sub, err);
            if (rc) return rc;
        }
    } else if (cJSON_IsArray(v)) {
        int i = 0;
        for (const cJSON *c = v->child; c; c = c->next, i++) {
            snprintf(sub, sizeof sub, "%s[%d]", path, i);
            int rc = no_duplicates(c, sub, err);
            if (rc) return rc;
        }
    }
    return RG_OK;
}

/* An error about rule i (of type, when known). */
static int rule_error(rg_error *err, int i, const char *type, const char *field, const char *fmt,
                      ...)
{
    va_list ap;
    va_start(ap, fmt);
    rg_error_setv(err, RG_E_FORMAT, field, fmt, ap);
    va_end(ap);
    rg_error_rule(err, i, type);
    return RG_E_FORMAT;
}

static int compile_rules(rg_registry *reg, rg_model *m, const cJSON *rules, rg_error *err)
{
    char g[64];
    int rc = RG_OK, i = 0;
    for (const cJSON *r = rules->child; r && !rc; r = r->next, i++) {
        if (rg_clock_passed(m->deadline)) { /* (the count only for the message) */
            rc = rg_compile_late(m, i, cJSON_GetArraySize(rules), "compiled", err);
            break;
        }
        if (!cJSON_IsObject(r)) {
            rc = rule_error(err, i, NULL, "", "a rule must be an object, got %s",
                            rg_json_found(r, g, sizeof g));
            break;
        }
        const cJSON *t = cJSON_GetObjectItemCaseSensitive(r, "type");
        if (!t) {
            rc = rule_error(err, i, NULL, "type", "missing required field");
            break;
        }
        if (!cJSON_IsString(t)) {
            rc = rule_error(err, i, NULL, "type", "expected a string naming the rule type, got %s",
                            rg_json_found(t, g, sizeof g));
            break;
        }
        const rg_rule_type *type = reg ? rg_registry_find(reg, t->valuestring) : NULL;
        if (!type) {
            const char *folders = reg ? rg_registry_folders(reg) : NULL;
            char skipped[384];
            rg_registry_skipped_note(reg, skipped, sizeof skipped);
            rc = rule_error(err, i, t->valuestring, "type",
                            "unknown rule type \"%s\": no loaded plugin registers it (plugin "
                            "folders searched: %s%s)",
                            t->valuestring, folders && *folders ? folders : "none", skipped);
            break;
        }
        rc = rg_compile_rule(m, type, r, i, err);
        if (rc && err) {
            err->rule = i;
            if (!err->type[0]) snprintf(err->type, sizeof err->type, "%s", t->valuestring);
        }
    }
    if (!rc) rc = rg_compile_finish(m, err);
    return rc;
}

static int is_kept(const char *name)
{
    return strcmp(name, "meta") == 0 || strncmp(name, "x-", 2) == 0;
}

static int check_top(const cJSON *root, rg_error *err)
{
    char g[64];
    int oom;
    const char *dup = rg_json_duplicate(root, &oom);
    if (oom) return rg_error_set(err, RG_E_NOMEM, NULL, "out of memory");
    if (dup) return rg_error_set(err, RG_E_FORMAT, dup, "duplicate key: \"%s\" appears twice", dup);
    const cJSON *f = cJSON_GetObjectItemCaseSensitive(root, "format");
    if (!f) return rg_error_set(err, RG_E_FORMAT, "format", "missing required field");
    if (!cJSON_IsString(f) || strcmp(f->valuestring, "rulegrid"))
        return rg_error_set(err, RG_E_FORMAT, "format", "expected \"rulegrid\", got %s",
                            rg_json_found(f, g, sizeof g));
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(root, "version");
    if (!v) return rg_error_set(err, RG_E_FORMAT, "version", "missing required field");
    long ver;
    if (rg_json_int(v, LONG_MIN / 2, LONG_MAX / 2, &ver))
        return rg_error_set(err, RG_E_FORMAT, "version", "expected the integer 1, got %s",
                            rg_json_found(v, g, sizeof g));
    if (ver != 1)
        return rg_error_set(err, RG_E_FORMAT, "version",
                            "unsupported version %ld: this reader reads version 1", ver);
    for (const cJSON *c = root->child; c; c = c->next) {
        const char *n = c->string;
        static const char *const known[] = {"format", "version",  "board", "rules",
                                            "givens", "solution", "meta",  NULL};
        int ok = strncmp(n, "x-", 2) == 0;
        for (int i = 0; known[i] && !ok; i++) ok = strcmp(n, known[i]) == 0;
        if (!ok)
            return rg_error_set(err, RG_E_FORMAT, n,
                                "unknown field \"%s\" (a document has format, version, board, "
                                "rules, givens, solution, meta and names starting with \"x-\")",
                                n);
        if (is_kept(n)) {
            int rc = no_duplicates(c, n, err);
            if (rc) return rc;
        }
    }
    const cJSON *meta = cJSON_GetObjectItemCaseSensitive(root, "meta");
    if (meta && !cJSON_IsObject(meta))
        return rg_error_set(err, RG_E_FORMAT, "meta", "expected an object, got %s",
                            rg_json_found(meta, g, sizeof g));
    const cJSON *rules = cJSON_GetObjectItemCaseSensitive(root, "rules");
    if (!rules) return rg_error_set(err, RG_E_FORMAT, "rules", "missing required field");
    if (!cJSON_IsArray(rules))
        return rg_error_set(err, RG_E_FORMAT, "rules", "expected a list of rules, got %s",
                            rg_json_found(rules, g, sizeof g));
    return RG_OK;
}

/* Moves meta and the x- members of root into a new object. */
static int take_kept(cJSON *root, cJSON **kept, rg_error *err)
{
    *kept = NULL;
    cJSON *c = root->child;
    while (c) {
        cJSON *next = c->next;
        if (is_kept(c->string)) {
            if (!*kept && !(*kept = cJSON_CreateObject()))
                return rg_error_set(err, RG_E_NOMEM, NULL, "out of memory");
            cJSON_DetachItemViaPointer(root, c);
            if (!cJSON_AddItemToObject(*kept, c->string, c)) {
                cJSON_Delete(c);
                return rg_error_set(err, RG_E_NOMEM, NULL, "out of memory");
            }
        }
        c = next;
    }
    return RG_OK;
}

/* Moves board and rules out of root into the model, for the writer: the
 * rules the plugins compiled stay where they are, only their owner changes. */
static int keep_source(cJSON *root, rg_model *m, rg_error *err)
{
    cJSON *src = cJSON_CreateObject();
    if (!src) return rg_error_set(err, RG_E_NOMEM, NULL, "out of memory");
    static const char *const names[2] = {"board", "rules"};
    for (int i = 0; i < 2; i++) {
        cJSON *c = cJSON_DetachItemFromObjectCaseSensitive(root, names[i]);
        /* A constant key (the static name) allocates nothing, so cannot fail. */
        if (c) cJSON_AddItemToObjectCS(src, names[i], c);
    }
    rg_model_set_source(m, src);
    return RG_OK;
}

int rg_document_read(rg_registry *reg, const char *text, size_t len, double deadline,
                     rg_puzzle **out, rg_error *err)
{
    cJSON *root = NULL;
    int rc = rg_clock_passed(deadline)
                 ? rg_error_set(err, RG_E_TIME, NULL, "the time limit passed before reading began")
                 : rg_text_parse_object(text, len, deadline, &root, err);
    if (rc) {
        *out = NULL;
        return rc;
    }
    return rg_document_read_tree(reg, root, deadline, out, err);
}

int rg_document_read_tree(rg_registry *reg, cJSON *root, double deadline, rg_puzzle **out,
                          rg_error *err)
{
    rg_model *m = NULL;
    rg_puzzle *p = NULL;
    rg_board board;
    memset(&board, 0, sizeof board);
    int rc;
    if ((rc = check_top(root, err))) goto done;
    if ((rc = rg_cells_read_board(root, &board, err))) goto done;
    m = rg_model_new(&board);
    if (!m) { /* rg_model_new has released the board */
        rc = rg_error_set(err, RG_E_NOMEM, NULL, "out of memory building the model");
        goto done;
    }
    m->deadline = deadline;
    rc = compile_rules(reg, m, cJSON_GetObjectItemCaseSensitive(root, "rules"), err);
    m->deadline = 0; /* the model outlives the reading */
    if (rc) goto done;
    if ((rc = keep_source(root, m, err))) goto done;
    const rg_board *bd = rg_model_board(m);
    if (rg_record_new(m, &p) != RG_OK) {
        rc = rg_error_set(err, RG_E_NOMEM, NULL, "out of memory");
        goto done;
    }
    m = NULL;
    const cJSON *givens = cJSON_GetObjectItemCaseSensitive(root, "givens");
    const cJSON *solution = cJSON_GetObjectItemCaseSensitive(root, "solution");
    if (givens && (rc = rg_cells_read_digits(givens, "givens", bd, 0, p->givens, err))) goto done;
    if (solution) {
        p->solution = rg_mem_calloc((size_t)(bd->ncells ? bd->ncells : 1), sizeof(int));
        if (!p->solution) {
            rc = rg_error_set(err, RG_E_NOMEM, NULL, "out of memory");
            goto done;
        }
        if ((rc = rg_cells_read_digits(solution, "solution", bd, 1, p->solution, err))) goto done;
    }
    rc = take_kept(root, &p->kept, err);
done:
    cJSON_Delete(root);
    if (m) rg_model_unref(m);
    if (rc) {
        rg_record_free(p);
        p = NULL;
    }
    *out = p;
    return rc;
}
