/* Writing a puzzle as its canonical document (format.md §7): the fields in
 * order, the rules in the order of their types' write ranks, each written by
 * its type's write hook through the out_* host calls (or as read), then
 * givens, solution, meta and x- members. Reading is doc.c. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "model.h"

/* ---- A growing string ------------------------------------------------------- */

typedef struct sbuf {
    char *s;
    size_t n, cap;
    int oom;
} sbuf;

static void put(sbuf *b, const char *s, size_t n)
{
    if (b->oom) return;
    if (b->n + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 1024;
        while (cap < b->n + n + 1) cap *= 2;
        char *s2 = rg_realloc(b->s, cap);
        if (!s2) {
            b->oom = 1;
            return;
        }
        b->s = s2;
        b->cap = cap;
    }
    memcpy(b->s + b->n, s, n);
    b->n += n;
    b->s[b->n] = 0;
}

static void puts_(sbuf *b, const char *s) { put(b, s, strlen(s)); }

static void putf(sbuf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
static void putf(sbuf *b, const char *fmt, ...)
{
    char tmp[128];
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (k > 0) put(b, tmp, (size_t)k < sizeof tmp ? (size_t)k : sizeof tmp - 1);
}

/* ---- JSON values ---------------------------------------------------------------- */

/* A JSON string literal; bytes of 0x80 and up pass through as read. */
static void put_string(sbuf *b, const char *s)
{
    put(b, "\"", 1);
    const char *run = s;
    for (const char *p = s; *p; p++) {
        unsigned char ch = (unsigned char)*p;
        if (ch >= 0x20 && ch != '"' && ch != '\\') continue;
        put(b, run, (size_t)(p - run));
        run = p + 1;
        switch (ch) {
        case '"': puts_(b, "\\\""); break;
        case '\\': puts_(b, "\\\\"); break;
        case '\n': puts_(b, "\\n"); break;
        case '\r': puts_(b, "\\r"); break;
        case '\t': puts_(b, "\\t"); break;
        case '\b': puts_(b, "\\b"); break;
        case '\f': puts_(b, "\\f"); break;
        default: putf(b, "\\u%04x", ch); break;
        }
    }
    puts_(b, run);
    put(b, "\"", 1);
}

/* Integers as integers; other numbers in the fewest digits that read back
 * to the same double (so a second writing gives the same text). */
static void put_number(sbuf *b, double d)
{
    if (!isfinite(d)) {
        puts_(b, d < 0 ? "-1e999" : "1e999"); /* what the reader turned into infinity */
    } else if (d == floor(d) && fabs(d) < 1e15) {
        putf(b, "%.0f", d == 0 ? 0.0 : d);
    } else {
        char tmp[64];
        for (int prec = 15; prec <= 17; prec++) {
            snprintf(tmp, sizeof tmp, "%.*g", prec, d);
            if (strtod(tmp, NULL) == d) break;
        }
        puts_(b, tmp);
    }
}

/* A cell name or rectangle in canonical spelling (lower case; a rectangle
 * from its top-left to its bottom-right corner). 0, or -1 when s is neither. */
static int canonical_cells(const char *s, char *buf, size_t n)
{
    int r1, c1, r2, c2;
    if (rg_span_parse(s, &r1, &c1, &r2, &c2)) return -1;
    if (strchr(s, ':'))
        snprintf(buf, n, "r%dc%d:r%dc%d", r1, c1, r2, c2);
    else
        snprintf(buf, n, "r%dc%d", r1, c1);
    return 0;
}

/* Any JSON value on one line, ", " and ": " as separators, members in the
 * order read. cells: strings that name a cell or a rectangle are written in
 * canonical spelling (rule fields; never meta, notes or x- values). */
static void put_value(sbuf *b, const cJSON *v, int cells)
{
    char name[64];
    if (cJSON_IsString(v)) {
        if (cells && canonical_cells(v->valuestring, name, sizeof name) == 0)
            put_string(b, name);
        else
            put_string(b, v->valuestring);
    } else if (cJSON_IsNumber(v)) {
        put_number(b, v->valuedouble);
    } else if (cJSON_IsTrue(v)) {
        puts_(b, "true");
    } else if (cJSON_IsFalse(v)) {
        puts_(b, "false");
    } else if (cJSON_IsArray(v)) {
        put(b, "[", 1);
        for (const cJSON *c = v->child; c; c = c->next) {
            put_value(b, c, cells);
            if (c->next) puts_(b, ", ");
        }
        put(b, "]", 1);
    } else if (cJSON_IsObject(v)) {
        put(b, "{", 1);
        for (const cJSON *c = v->child; c; c = c->next) {
            put_string(b, c->string ? c->string : "");
            puts_(b, ": ");
            put_value(b, c, cells);
            if (c->next) puts_(b, ", ");
        }
        put(b, "}", 1);
    } else {
        puts_(b, "null");
    }
}

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
static void put_member(sbuf *b, const cJSON *c)
{
    puts_(b, ", ");
    put_string(b, c->string);
    puts_(b, ": ");
    put_value(b, c, !is_extra(c->string));
}

/* A rule: type, the fields named in order, note, then the rest as read. */
static void put_rule(sbuf *b, const cJSON *rule, const char *const *fields)
{
    puts_(b, "{\"type\": ");
    put_string(b, rule_type(rule));
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
    put(b, "}", 1);
}

/* The note, then the x- fields, of the rules extras[0..n-1]: the first
 * member of each name. */
static void put_extras(sbuf *b, const rg_rule *const *extras, int n)
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

/* ---- The write hooks' host calls ------------------------------------------------ */

struct rg_out {
    sbuf b;
    const rg_board *bd;
    int pretty;
    int nrules; /* rules written so far */
};

/* Starts the next rule of the list. */
static void rule_sep(rg_out *o)
{
    puts_(&o->b, o->nrules++ ? (o->pretty ? ",\n    " : ", ") : (o->pretty ? "\n    " : ""));
}

void rg_out_board(const rg_out *o, rg_board_info *out)
{
    out->rows = o->bd->rows;
    out->columns = o->bd->cols;
    out->digits = o->bd->digits;
    out->cells = o->bd->ncells;
}

int rg_out_cell_at(const rg_out *o, int row, int column) { return rg_board_at(o->bd, row, column); }

void rg_out_cell_pos(const rg_out *o, int cell, int *row, int *column)
{
    int ok = cell >= 0 && cell < o->bd->ncells;
    if (row) *row = ok ? o->bd->row[cell] : 0;
    if (column) *column = ok ? o->bd->col[cell] : 0;
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
    sbuf *b = &o->b;
    rule_sep(o);
    put(b, "{", 1);
    for (const cJSON *c = rule->child; c; c = c->next) {
        if (c != rule->child) puts_(b, ", ");
        put_string(b, c->string ? c->string : "");
        puts_(b, ": ");
        put_value(b, c, !is_extra(c->string ? c->string : ""));
    }
    put_extras(b, extras, n);
    put(b, "}", 1);
    cJSON_Delete(rule);
    return b->oom ? RG_E_NOMEM : RG_OK;
}

/* ---- The rules ------------------------------------------------------------------ */

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

static int rank_of(const rg_rule_type *t) { return t->write_rank ? t->write_rank : THIRD_PARTY_RANK; }

/* Every rule in rank order, a run of rules whose types share a write hook
 * handed to it at once. */
static int write_rules(rg_out *o, const rg_model *m, const cJSON *rules)
{
    int n = m->nrules, rc = RG_OK;
    slot *order = rg_malloc((size_t)(n ? n : 1) * sizeof *order);
    rg_rule *recs = rg_calloc((size_t)(n ? n : 1), sizeof *recs);
    const rg_rule **list = rg_malloc((size_t)(n ? n : 1) * sizeof *list);
    void **data = rg_malloc((size_t)(n ? n : 1) * sizeof *data);
    if (!order || !recs || !list || !data) rc = RG_E_NOMEM;
    const cJSON *json = rules ? rules->child : NULL;
    for (int i = 0; rc == RG_OK && i < n; i++, json = json ? json->next : NULL) {
        if (!json) rc = RG_E_INTERNAL; /* the source and the model disagree */
        else recs[i] = (rg_rule){json, i, m->rules[i].type->name, 0, NULL};
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
    rg_free(order);
    rg_free(recs);
    rg_free(list);
    rg_free(data);
    return rc;
}

/* ---- The document --------------------------------------------------------------- */


/* "r1c1": 5, ... for the nonzero values, one board row a line when pretty. */
static void write_digits(rg_out *w, const rg_board *bd, const char *name, const int *vals)
{
    sbuf *b = &w->b;
    put_string(b, name);
    puts_(b, ": {");
    int first = 1, row = -1;
    for (int k = 0; k < bd->ncells; k++) {
        if (!vals[k]) continue;
        if (w->pretty && bd->row[k] != row) {
            puts_(b, first ? "\n    " : ",\n    ");
            row = bd->row[k];
        } else if (!first) {
            puts_(b, ", ");
        }
        first = 0;
        putf(b, "\"r%dc%d\": %d", bd->row[k], bd->col[k], vals[k]);
    }
    puts_(b, w->pretty && !first ? "\n  }" : "}");
}

static void field_sep(rg_out *w) { puts_(&w->b, w->pretty ? ",\n  " : ", "); }

static int write_doc(rg_out *w, const rg_puzzle *p, unsigned flags)
{
    const rg_model *m = p->model;
    const rg_board *bd = rg_model_board(m);
    const cJSON *src = rg_model_source(m);
    const cJSON *rules = cJSON_GetObjectItemCaseSensitive(src, "rules");
    const cJSON *board = cJSON_GetObjectItemCaseSensitive(src, "board");
    sbuf *b = &w->b;

    puts_(b, w->pretty ? "{\n  " : "{");
    puts_(b, "\"format\": \"rulegrid\"");
    field_sep(w);
    puts_(b, "\"version\": 1");
    field_sep(w);
    putf(b, "\"board\": {\"rows\": %d, \"columns\": %d, \"digits\": %d", bd->rows, bd->cols,
         bd->digits);
    const cJSON *cells = cJSON_GetObjectItemCaseSensitive(board, "cells");
    if (cells) {
        puts_(b, ", \"cells\": ");
        if (cJSON_IsString(cells)) put(b, "[", 1);
        put_value(b, cells, 1);
        if (cJSON_IsString(cells)) put(b, "]", 1);
    }
    put(b, "}", 1);
    field_sep(w);
    puts_(b, "\"rules\": [");
    int rc = write_rules(w, m, rules);
    if (rc != RG_OK) return rc;
    puts_(b, w->pretty && w->nrules ? "\n  ]" : "]");

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
        put_string(b, "meta");
        puts_(b, ": ");
        put_value(b, meta, 0);
    }
    for (const cJSON *c = p->kept ? p->kept->child : NULL; c; c = c->next) {
        if (!c->string || strncmp(c->string, "x-", 2)) continue;
        field_sep(w);
        put_string(b, c->string);
        puts_(b, ": ");
        put_value(b, c, 0);
    }
    puts_(b, w->pretty ? "\n}" : "}");
    return w->b.oom ? RG_E_NOMEM : RG_OK;
}

/* The canonical document of p (see rulegrid.h); NULL with err set when p
 * keeps no rules (a puzzle not read from a document) or memory runs out. */
char *rg_puzzle_write(const rg_puzzle *p, unsigned flags, rg_error *err)
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
        rg_free(w.b.s);
        rg_error_set(err, rc, NULL,
                     rc == RG_E_NOMEM ? "out of memory writing the document"
                                      : "a rule's write hook failed writing the document");
        return NULL;
    }
    return w.b.s;
}
