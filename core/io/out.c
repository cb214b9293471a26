/* Writing a puzzle as its canonical document (format.md §7): the fields in
 * order, the rules in the order of their types' write ranks, each written by
 * its type's write hook through the out_* host calls (or as read), then
 * givens, solution, meta and x- members. Reading is document.c. */
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "base/error.h"
#include "base/json.h"
#include "base/mem.h"
#include "io/jsonw.h"
#include "io/out.h"
#include "model/board.h"
#include "model/model.h"
#include "model/record.h"
#include "rules/read.h"

static int is_extra(const char *name)
{
    return strcmp(name, "note") == 0 || strncmp(name, "x-", 2) == 0;
}

static const char *rule_type(const cJSON *rule)
{
    const cJSON *t = cJSON_GetObjectItemCaseSensitive(rule, "type");
    return cJSON_IsString(t) ? t->valuestring : "";
}

static int listed(const char *const *fields, const char *name)
{
    for (int i = 0; fields && fields[i]; i++)
        if (strcmp(fields[i], name) == 0) return 1;
    return 0;
}

/* One member "name": value, preceded by ", ". */
static void put_member(rg_jsonw *b, const cJSON *c)
{
    rg_jsonw_puts(b, ", ");
    rg_jsonw_string(b, c->string);
    rg_jsonw_puts(b, ": ");
    rg_jsonw_value(b, c, !is_extra(c->string));
}

/* A rule: type, the fields named in order, note, then the rest as read. */
static void put_rule(rg_jsonw *b, const cJSON *rule, const char *const *fields)
{
    rg_jsonw_puts(b, "{\"type\": ");
    rg_jsonw_string(b, rule_type(rule));
    for (int i = 0; fields && fields[i]; i++) {
        const cJSON *c = cJSON_GetObjectItemCaseSensitive(rule, fields[i]);
        if (c) put_member(b, c);
    }
    const cJSON *note = cJSON_GetObjectItemCaseSensitive(rule, "note");
    if (note) put_member(b, note);
    for (const cJSON *c = rule->child; c; c = c->next)
        if (c->string && strcmp(c->string, "type") && strcmp(c->string, "note") &&
            !listed(fields, c->string))
            put_member(b, c);
    rg_jsonw_put(b, "}", 1);
}

/* The note, then the x- fields, of the rules extras[0..n-1]: the first
 * member of each name. */
static void put_extras(rg_jsonw *b, const rg_rule *const *extras, int n)
{
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < n; i++)
            for (const cJSON *c = extras[i]->json->child; c; c = c->next) {
                int note = c->string && strcmp(c->string, "note") == 0;
                if (!c->string || !is_extra(c->string) || (pass == 0) != note) continue;
                int dup = 0; /* given by an earlier rule of the list? */
                for (int k = 0; k < i && !dup; k++)
                    dup = cJSON_GetObjectItemCaseSensitive(extras[k]->json, c->string) != NULL;
                if (!dup) put_member(b, c);
            }
}

struct rg_out {
    rg_jsonw b;
    const rg_board *bd;
    int pretty;
    int nrules; /* rules written so far */
};

/* Starts the next rule of the list. */
static void rule_sep(rg_out *o)
{
    rg_jsonw_puts(&o->b,
                  o->nrules++ ? (o->pretty ? ",\n    " : ", ") : (o->pretty ? "\n    " : ""));
}

void rg_out_board(const rg_out *o, rg_board_info *out) { rg_board_info_of(o->bd, out); }

int rg_out_cell_at(const rg_out *o, int row, int column) { return rg_board_at(o->bd, row, column); }

void rg_out_cell_pos(const rg_out *o, int cell, int *row, int *column)
{
    rg_board_pos(o->bd, cell, row, column);
}

int rg_out_has_extras(const rg_out *o, const rg_rule *r)
{
    (void)o;
    for (const cJSON *c = r->json->child; c; c = c->next)
        if (c->string && is_extra(c->string)) return 1;
    return 0;
}

int rg_out_rule(rg_out *o, const rg_rule *r, const char *const *order)
{
    rule_sep(o);
    put_rule(&o->b, r->json, order);
    return o->b.oom ? RG_E_NOMEM : RG_OK;
}

int rg_out_json(rg_out *o, const char *rule_json, const rg_rule *const *extras, int n)
{
    unsigned long failures = rg_mem_failures();
    cJSON *rule = rg_json_parse(rule_json, strlen(rule_json), NULL);
    if (!rule) return rg_mem_failures() != failures ? RG_E_NOMEM : RG_E_INTERNAL;
    if (!cJSON_IsObject(rule)) {
        cJSON_Delete(rule);
        return RG_E_INTERNAL;
    }
    rg_jsonw *b = &o->b;
    rule_sep(o);
    rg_jsonw_put(b, "{", 1);
    for (const cJSON *c = rule->child; c; c = c->next) {
        if (c != rule->child) rg_jsonw_puts(b, ", ");
        rg_jsonw_string(b, c->string ? c->string : "");
        rg_jsonw_puts(b, ": ");
        rg_jsonw_value(b, c, !is_extra(c->string ? c->string : ""));
    }
    put_extras(b, extras, n);
    rg_jsonw_put(b, "}", 1);
    cJSON_Delete(rule);
    return b->oom ? RG_E_NOMEM : RG_OK;
}

/* A type's rank (0 stands for the third-party place, 612). */
#define THIRD_PARTY_RANK 612

typedef struct slot {
    int rank, index;
} slot;

static int cmp_slot(const void *a, const void *b)
{
    const slot *x = a, *y = b;
    if (x->rank != y->rank) return x->rank < y->rank ? -1 : 1;
    return (x->index > y->index) - (x->index < y->index);
}

static int rank_of(const rg_rule_type *t)
{
    return t->write_rank ? t->write_rank : THIRD_PARTY_RANK;
}

/* Every rule in rank order, a run of rules whose types share a write hook
 * handed to it at once. */
static int write_rules(rg_out *o, const rg_model *m, const cJSON *rules)
{
    int n = m->nrules, rc = RG_OK;
    slot *order = rg_mem_alloc((size_t)(n ? n : 1) * sizeof *order);
    rg_rule *recs = rg_mem_calloc((size_t)(n ? n : 1), sizeof *recs);
    const rg_rule **list = rg_mem_alloc((size_t)(n ? n : 1) * sizeof *list);
    void **data = rg_mem_alloc((size_t)(n ? n : 1) * sizeof *data);
    if (!order || !recs || !list || !data) rc = RG_E_NOMEM;
    const cJSON *json = rules ? rules->child : NULL;
    for (int i = 0; rc == RG_OK && i < n; i++, json = json ? json->next : NULL) {
        if (!json)
            rc = RG_E_INTERNAL; /* the source and the model disagree */
        else
            recs[i] = (rg_rule){json, i, m->rules[i].type->name, 0, NULL};
        order[i] = (slot){rank_of(m->rules[i].type), i};
    }
    if (rc == RG_OK) qsort(order, (size_t)n, sizeof *order, cmp_slot);
    for (int i = 0; rc == RG_OK && i < n;) {
        const rg_rule_type *t = m->rules[order[i].index].type;
        int k = 0;
        while (i + k < n && t->write && order[i + k].rank == order[i].rank &&
               m->rules[order[i + k].index].type->write == t->write) {
            list[k] = &recs[order[i + k].index];
            data[k] = m->rules[order[i + k].index].data;
            k++;
        }
        if (k) {
            rc = t->write(o, list, data, k);
            i += k;
        } else {
            rc = rg_out_rule(o, &recs[order[i].index], t->write_order);
            i++;
        }
    }
    rg_mem_free(order);
    rg_mem_free(recs);
    rg_mem_free(list);
    rg_mem_free(data);
    return rc;
}

/* "r1c1": 5, ... for the nonzero values, one board row a line when pretty. */
static void write_digits(rg_out *w, const rg_board *bd, const char *name, const int *vals)
{
    rg_jsonw *b = &w->b;
    rg_jsonw_string(b, name);
    rg_jsonw_puts(b, ": {");
    int first = 1, row = -1;
    for (int k = 0; k < bd->ncells; k++) {
        if (!vals[k]) continue;
        if (w->pretty && bd->row[k] != row) {
            rg_jsonw_puts(b, first ? "\n    " : ",\n    ");
            row = bd->row[k];
        } else if (!first) {
            rg_jsonw_puts(b, ", ");
        }
        first = 0;
        rg_jsonw_putf(b, "\"r%dc%d\": %d", bd->row[k], bd->col[k], vals[k]);
    }
    rg_jsonw_puts(b, w->pretty && !first ? "\n  }" : "}");
}

static void field_sep(rg_out *w) { rg_jsonw_puts(&w->b, w->pretty ? ",\n  " : ", "); }

static int write_doc(rg_out *w, const rg_puzzle *p, unsigned flags)
{
    const rg_model *m = p->model;
    const rg_board *bd = rg_model_board(m);
    const cJSON *src = rg_model_source(m);
    const cJSON *rules = cJSON_GetObjectItemCaseSensitive(src, "rules");
    const cJSON *board = cJSON_GetObjectItemCaseSensitive(src, "board");
    rg_jsonw *b = &w->b;

    rg_jsonw_puts(b, w->pretty ? "{\n  " : "{");
    rg_jsonw_puts(b, "\"format\": \"rulegrid\"");
    field_sep(w);
    rg_jsonw_puts(b, "\"version\": 1");
    field_sep(w);
    rg_jsonw_putf(b, "\"board\": {\"rows\": %d, \"columns\": %d, \"digits\": %d", bd->rows,
                  bd->cols, bd->digits);
    const cJSON *cells = cJSON_GetObjectItemCaseSensitive(board, "cells");
    if (cells) {
        rg_jsonw_puts(b, ", \"cells\": ");
        if (cJSON_IsString(cells)) rg_jsonw_put(b, "[", 1);
        rg_jsonw_value(b, cells, 1);
        if (cJSON_IsString(cells)) rg_jsonw_put(b, "]", 1);
    }
    rg_jsonw_put(b, "}", 1);
    field_sep(w);
    rg_jsonw_puts(b, "\"rules\": [");
    int rc = write_rules(w, m, rules);
    if (rc != RG_OK) return rc;
    rg_jsonw_puts(b, w->pretty && w->nrules ? "\n  ]" : "]");

    int any = 0;
    for (int k = 0; k < bd->ncells && !any; k++) any = p->givens[k] != 0;
    if (any) {
        field_sep(w);
        write_digits(w, bd, "givens", p->givens);
    }
    if (p->solution && !(flags & RG_WRITE_NO_SOLUTION)) {
        field_sep(w);
        write_digits(w, bd, "solution", p->solution);
    }
    const cJSON *meta = cJSON_GetObjectItemCaseSensitive(p->kept, "meta");
    if (meta) {
        field_sep(w);
        rg_jsonw_string(b, "meta");
        rg_jsonw_puts(b, ": ");
        rg_jsonw_value(b, meta, 0);
    }
    for (const cJSON *c = p->kept ? p->kept->child : NULL; c; c = c->next) {
        if (!c->string || strncmp(c->string, "x-", 2)) continue;
        field_sep(w);
        rg_jsonw_string(b, c->string);
        rg_jsonw_puts(b, ": ");
        rg_jsonw_value(b, c, 0);
    }
    rg_jsonw_puts(b, w->pretty ? "\n}" : "}");
    return w->b.oom ? RG_E_NOMEM : RG_OK;
}

/* The canonical document of p (see rulegrid.h); NULL with err set when p
 * keeps no rules (a puzzle not read from a document) or memory runs out. */
char *rg_out_puzzle(const rg_puzzle *p, unsigned flags, rg_error *err)
{
    rg_error local;
    if (!err) err = &local;
    rg_error_clear(err);
    if (!p || !p->model || !rg_model_source(p->model)) {
        rg_error_set(err, RG_E_INTERNAL, NULL,
                     "this puzzle keeps no rules to write (it was not read from a document)");
        return NULL;
    }
    rg_out w;
    memset(&w, 0, sizeof w);
    w.bd = rg_model_board(p->model);
    w.pretty = !(flags & RG_WRITE_LINE);
    int rc = write_doc(&w, p, flags);
    if (rc) {
        rg_mem_free(w.b.s);
        rg_error_set(err, rc, NULL,
                     rc == RG_E_NOMEM ? "out of memory writing the document"
                                      : "a rule's write hook failed writing the document");
        return NULL;
    }
    return w.b.s;
}
