/* Trial documents of verify: the parts of a trial written as a rulegrid
 * document. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "base/json.h"
#include "base/mem.h"
#include "verify/trialdoc.h"

int rg_vspec_copy(const rg_vspec *from, rg_vspec *to)
{
    *to = *from;
    to->rules = from->rules ? cJSON_Duplicate(from->rules, 1) : NULL;
    return from->rules && !to->rules ? RG_E_NOMEM : RG_OK;
}

void rg_vspec_free(rg_vspec *sp)
{
    cJSON_Delete(sp->rules);
    sp->rules = NULL;
}

int rg_vspec_cell(const char *s, int *r, int *c)
{
    if (!s || (s[0] != 'r' && s[0] != 'R') || !isdigit((unsigned char)s[1])) return 0;
    char *end;
    long rr = strtol(s + 1, &end, 10);
    if ((*end != 'c' && *end != 'C') || !isdigit((unsigned char)end[1])) return 0;
    long cc = strtol(end + 1, &end, 10);
    if (*end || rr < 1 || cc < 1 || rr > 99 || cc > 99) return 0;
    *r = (int)rr, *c = (int)cc;
    return 1;
}

/* A growing text. */
typedef struct buf {
    char *s;
    size_t len, cap;
    int nomem;
} buf;

static void put(buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char tmp[512];
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n < 0 || b->nomem) return;
    if (b->len + (size_t)n + 1 > b->cap) {
        size_t cap = (b->cap ? b->cap * 2 : 1024) + (size_t)n;
        char *s = rg_mem_realloc(b->s, cap);
        if (!s) {
            b->nomem = 1;
            return;
        }
        b->s = s, b->cap = cap;
    }
    memcpy(b->s + b->len, tmp, (size_t)n + 1);
    b->len += (size_t)n;
}

static void put_raw(buf *b, const char *text)
{
    for (size_t i = 0, n = strlen(text); i < n; i += 400) put(b, "%.400s", text + i);
}

/* One rule line: ",\n    " between rules. */
static void rule_sep(buf *b, int *nrules) { put(b, (*nrules)++ ? ",\n    " : "\n    "); }

static void houses(buf *b, const rg_vspec *sp, int *n)
{
    if (sp->houses == RG_VHOUSES_LATIN) {
        rule_sep(b, n);
        if (sp->digits == 4 || sp->digits == 6)
            put(b, "{\"type\": \"box_grid\", \"origin\": \"r1c1\", \"box\": [2, %d]}",
                sp->digits / 2);
        else
            put(b, "{\"type\": \"grid\", \"origin\": \"r1c1\"}");
        return;
    }
    if (sp->houses != RG_VHOUSES_LINES) return;
    for (int r = 1; sp->cols <= sp->digits && r <= sp->rows; r++) {
        rule_sep(b, n);
        put(b, "{\"type\": \"row\", \"cells\": \"r%dc1:r%dc%d\"}", r, r, sp->cols);
    }
    for (int c = 1; sp->rows <= sp->digits && c <= sp->cols; c++) {
        rule_sep(b, n);
        put(b, "{\"type\": \"column\", \"cells\": \"r1c%d:r%dc%d\"}", c, sp->rows, c);
    }
}

/* One `cell` rule of the cells whose restriction is (kind, split). */
static void restriction(buf *b, const rg_vspec *sp, int *n, const char *kind, int split,
                        const signed char *per, int want)
{
    int any = 0;
    for (int i = 0; i < sp->rows * sp->cols; i++) {
        if (per[i] != want) continue;
        if (!any++) {
            rule_sep(b, n);
            put(b, "{\"type\": \"cell\", \"kind\": \"%s\", ", kind);
            if (split) put(b, "\"split\": %d, ", split);
            put(b, "\"cells\": [");
        } else {
            put(b, ", ");
        }
        put(b, "\"r%dc%d\"", i / sp->cols + 1, i % sp->cols + 1);
    }
    if (any) put(b, "]}");
}

static void restrictions(buf *b, const rg_vspec *sp, int *n)
{
    restriction(b, sp, n, "odd", 0, sp->parity, 1);
    restriction(b, sp, n, "even", 0, sp->parity, 2);
    for (int s = 1; s < sp->digits; s++) {
        restriction(b, sp, n, "low", s, sp->low, s);
        restriction(b, sp, n, "high", s, sp->high, s);
    }
}

char *rg_vspec_text(const rg_vspec *sp)
{
    buf b = {0};
    int n = 0;
    put(&b, "{\n  \"format\": \"rulegrid\",\n  \"version\": 1,\n");
    put(&b, "  \"board\": {\"rows\": %d, \"columns\": %d, \"digits\": %d},\n  \"rules\": [",
        sp->rows, sp->cols, sp->digits);
    houses(&b, sp, &n);
    for (cJSON *r = sp->rules ? sp->rules->child : NULL; r; r = r->next) {
        char *t = cJSON_PrintUnformatted(r);
        if (!t) b.nomem = 1;
        rule_sep(&b, &n);
        if (t) put_raw(&b, t);
        cJSON_free(t);
    }
    restrictions(&b, sp, &n);
    put(&b, "\n  ]");
    int g = 0;
    for (int i = 0; i < sp->rows * sp->cols; i++) {
        if (!sp->givens[i]) continue;
        put(&b, g++ ? ", " : ",\n  \"givens\": {");
        put(&b, "\"r%dc%d\": %d", i / sp->cols + 1, i % sp->cols + 1, sp->givens[i]);
    }
    put(&b, g ? "}\n}\n" : "\n}\n");
    if (b.nomem) {
        rg_mem_free(b.s);
        return NULL;
    }
    return b.s;
}
