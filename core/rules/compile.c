/* Compiling a document's rules into a model: each rule through its type's
 * compile hook with a build context and a field reader, then the deferred
 * area checks, every type's link hook, and the search tables. */
#include <stdio.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "base/clock.h"
#include "base/error.h"
#include "base/mem.h"
#include "model/build.h"
#include "model/model.h"
#include "model/tables.h"
#include "rules/compile.h"
#include "rules/read.h"

/* The status of a compile or link hook (named `hook`, its rule `done` when
 * it works) that did not return RG_OK, with e saying what is wrong: an
 * error code (RG_E_FORMAT .. RG_E_INTERNAL) stands, and when the hook said
 * nothing e says so; any other number (RG_FAIL, RG_ABSENT, ...) is a fault
 * of the plugin, unless a reader's error stands. */
static int hook_failed(int rc, rg_error *e, const char *hook, const char *done)
{
    if (rc >= RG_E_FORMAT && rc <= RG_E_INTERNAL) {
        if (e->code == RG_OK)
            rg_error_set(e, rc, NULL,
                         "the rule could not be %s (the plugin's %s returned an error without "
                         "saying what is wrong)",
                         done, hook);
        return rc;
    }
    if (e->code != RG_OK) return e->code;
    return rg_error_set(e, RG_E_PLUGIN, NULL,
                        "the plugin's %s returned %d, which is no error code (a fault of the "
                        "plugin)",
                        hook, rc);
}

int rg_compile_rule(rg_model *m, const rg_rule_type *type, const cJSON *json, int index,
                    rg_error *err)
{
    rg_error_rule(err, index, type->name);
    if (index != m->nrules)
        return rg_error_set(err, RG_E_INTERNAL, NULL, "rules must be added in order");
    rg_rule_rec *grown = rg_mem_grow(m->rules, m->nrules + 1, &m->caprules, sizeof *grown, 16);
    if (!grown) return rg_error_set(err, RG_E_NOMEM, NULL, "out of memory");
    m->rules = grown;
    rg_rule_rec *rec = &m->rules[m->nrules++];
    memset(rec, 0, sizeof *rec);
    rec->type = type;
    rec->json = json;

    rg_build b = {m, &m->board, &m->arena, err, index};
    rg_rule r;
    int rc = rg_read_begin(&b, &r, json, index, type->name);
    if (rc != RG_OK) return rc;
    rc = type->compile(&b, &r, &rec->data);
    if (rc == RG_OK) {
        rc = rg_read_end(&b, &r);
    } else {
        rg_error dummy, *e = err ? err : &dummy;
        if (!err) rg_error_clear(&dummy);
        rc = hook_failed(rc, e, "compile", "compiled");
        /* rg_read_end releases what rg_read_begin took; the rule's own error stands. */
        rg_error keep = *e;
        rg_read_end(&b, &r);
        *e = keep;
    }
    return rc;
}

int rg_compile_late(const rg_model *m, int index, int total, const char *stage, rg_error *err)
{
    if (!rg_clock_passed(m->deadline)) return RG_OK;
    rg_error_rule(err, -1, NULL);
    if (index < 0)
        return rg_error_set(err, RG_E_TIME, NULL,
                            "the time limit passed before the search tables were built");
    return rg_error_set(err, RG_E_TIME, NULL,
                        "the time limit passed before rule %d of %d was %s (rules count from 0)",
                        index, total, stage);
}

/* Each type's link, in rule order (one link may cost as much as the board:
 * the deadline is read before each). */
static int link_all(rg_model *m, rg_error *err)
{
    for (int i = 0; i < m->nrules; i++) {
        rg_rule_rec *rec = &m->rules[i];
        if (!rec->type->link) continue; /* a registry copy: absent hooks are NULL */
        int late = rg_compile_late(m, i, m->nrules, "linked", err);
        if (late) return late;
        rg_error_rule(err, i, rec->type->name);
        rg_build b = {m, &m->board, &m->arena, err, i};
        rg_rule r = {rec->json, i, rec->type->name, 0, NULL};
        int rc = rec->type->link(&b, &r, rec->data);
        if (rc != RG_OK) {
            rg_error dummy, *e = err ? err : &dummy;
            if (!err) rg_error_clear(&dummy);
            return hook_failed(rc, e, "link", "linked");
        }
    }
    rg_error_rule(err, -1, NULL);
    return RG_OK;
}

int rg_compile_link(rg_model *m, rg_error *err)
{
    int rc = rg_build_check_areas(m, err);
    return rc == RG_OK ? link_all(m, err) : rc;
}

int rg_compile_finish(rg_model *m, rg_error *err)
{
    int rc = rg_compile_link(m, err);
    if (rc != RG_OK) return rc;
    for (int i = 0; i < m->nrules; i++) m->rules[i].json = NULL;
    if ((rc = rg_compile_late(m, -1, m->nrules, NULL, err))) return rc;
    rc = rg_tables_build(m);
    return rc == RG_OK ? RG_OK : rg_error_set(err, rc, NULL, "out of memory");
}
