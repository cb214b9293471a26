/* JSON written by hand into a growing buffer: the canonical writer's one
 * line values (strings escaped, numbers that read back the same, cell names
 * in canonical spelling). */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "base/json.h"
#include "base/mem.h"
#include "io/jsonw.h"
#include "model/board.h"

void rg_jsonw_put(rg_jsonw *b, const char *s, size_t n)
{
    if (b->oom) return;
    if (b->n + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 1024;
        while (cap < b->n + n + 1) cap *= 2;
        char *s2 = rg_mem_realloc(b->s, cap);
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

void rg_jsonw_puts(rg_jsonw *b, const char *s) { rg_jsonw_put(b, s, strlen(s)); }

void rg_jsonw_putf(rg_jsonw *b, const char *fmt, ...)
{
    char tmp[128];
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (k > 0) rg_jsonw_put(b, tmp, (size_t)k < sizeof tmp ? (size_t)k : sizeof tmp - 1);
}

/* A JSON string literal; bytes of 0x80 and up pass through as read. */
void rg_jsonw_string(rg_jsonw *b, const char *s)
{
    rg_jsonw_put(b, "\"", 1);
    const char *run = s;
    for (const char *p = s; *p; p++) {
        unsigned char ch = (unsigned char)*p;
        if (ch >= 0x20 && ch != '"' && ch != '\\') continue;
        rg_jsonw_put(b, run, (size_t)(p - run));
        run = p + 1;
        switch (ch) {
        case '"': rg_jsonw_puts(b, "\\\""); break;
        case '\\': rg_jsonw_puts(b, "\\\\"); break;
        case '\n': rg_jsonw_puts(b, "\\n"); break;
        case '\r': rg_jsonw_puts(b, "\\r"); break;
        case '\t': rg_jsonw_puts(b, "\\t"); break;
        case '\b': rg_jsonw_puts(b, "\\b"); break;
        case '\f': rg_jsonw_puts(b, "\\f"); break;
        default: rg_jsonw_putf(b, "\\u%04x", ch); break;
        }
    }
    rg_jsonw_puts(b, run);
    rg_jsonw_put(b, "\"", 1);
}

/* As rg_json_number_text: integers below 2^64 in full, others in the fewest
 * digits that read back to the same double. */
void rg_jsonw_number(rg_jsonw *b, double d)
{
    char tmp[64];
    rg_jsonw_puts(b, rg_json_number_text(d, tmp, sizeof tmp));
}

/* A cell name or rectangle in canonical spelling (lower case; a rectangle
 * from its top-left to its bottom-right corner). 0, or -1 when s is neither. */
static int canonical_cells(const char *s, char *buf, size_t n)
{
    int r1, c1, r2, c2;
    if (rg_board_parse_span(s, &r1, &c1, &r2, &c2)) return -1;
    if (strchr(s, ':'))
        snprintf(buf, n, "r%dc%d:r%dc%d", r1, c1, r2, c2);
    else
        snprintf(buf, n, "r%dc%d", r1, c1);
    return 0;
}

/* Any JSON value on one line, ", " and ": " as separators, members in the
 * order read. cells: strings that name a cell or a rectangle are written in
 * canonical spelling (rule fields; never meta, notes or x- values). */
void rg_jsonw_value(rg_jsonw *b, const cJSON *v, int cells)
{
    char name[64];
    if (cJSON_IsString(v)) {
        if (cells && canonical_cells(v->valuestring, name, sizeof name) == 0)
            rg_jsonw_string(b, name);
        else
            rg_jsonw_string(b, v->valuestring);
    } else if (cJSON_IsNumber(v)) {
        rg_jsonw_number(b, v->valuedouble);
    } else if (cJSON_IsTrue(v)) {
        rg_jsonw_puts(b, "true");
    } else if (cJSON_IsFalse(v)) {
        rg_jsonw_puts(b, "false");
    } else if (cJSON_IsArray(v)) {
        rg_jsonw_put(b, "[", 1);
        for (const cJSON *c = v->child; c; c = c->next) {
            rg_jsonw_value(b, c, cells);
            if (c->next) rg_jsonw_puts(b, ", ");
        }
        rg_jsonw_put(b, "]", 1);
    } else if (cJSON_IsObject(v)) {
        rg_jsonw_put(b, "{", 1);
        for (const cJSON *c = v->child; c; c = c->next) {
            rg_jsonw_string(b, c->string ? c->string : "");
            rg_jsonw_puts(b, ": ");
            rg_jsonw_value(b, c, cells);
            if (c->next) rg_jsonw_puts(b, ", ");
        }
        rg_jsonw_put(b, "}", 1);
    } else {
        rg_jsonw_puts(b, "null");
    }
}
