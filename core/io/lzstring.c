/* LZ-String in C: the dictionary coder of pieroxy/lz-string 1.4 over UTF-16
 * code units, six bits a character (base64 and URI-safe alphabets), and the
 * UTF-8 <-> UTF-16 steps around it. Nothing here knows f-puzzles. */
#include <stdint.h>
#include <string.h>

#include "base/error.h"
#include "base/mem.h"
#include "io/lzstring.h"

static const char *const alphabets[] = {
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=",
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$",
};

/* ---- UTF-16 units ------------------------------------------------------------- */

typedef struct units {
    uint16_t *u;
    size_t n, cap;
    int oom;
} units;

static void unit_put(units *b, unsigned v)
{
    if (b->oom) return;
    if (b->n == b->cap) {
        size_t cap = b->cap ? 2 * b->cap : 256;
        uint16_t *u = rg_mem_realloc(b->u, cap * sizeof *u);
        if (!u) {
            b->oom = 1;
            return;
        }
        b->u = u;
        b->cap = cap;
    }
    b->u[b->n++] = (uint16_t)v;
}

/* The code point of UTF-8 s[*i..n) (advancing *i), or -1 when malformed. */
static long utf8_next(const unsigned char *s, size_t n, size_t *i)
{
    unsigned c = s[(*i)++];
    int more = c < 0x80             ? 0
               : (c & 0xE0) == 0xC0 ? 1
               : (c & 0xF0) == 0xE0 ? 2
               : (c & 0xF8) == 0xF0 ? 3
                                    : -1;
    if (more < 0) return -1;
    long v = more == 0 ? (long)c : (long)(c & (0x3F >> more));
    for (int k = 0; k < more; k++) {
        if (*i >= n || (s[*i] & 0xC0) != 0x80) return -1;
        v = (v << 6) | (s[(*i)++] & 0x3F);
    }
    static const long least[] = {0, 0x80, 0x800, 0x10000};
    if (v < least[more] || v > 0x10FFFF || (v >= 0xD800 && v < 0xE000)) return -1;
    return v;
}

/* UTF-8 in[0..n) as UTF-16 units into b; -1 when it is not UTF-8. */
static int to_utf16(const char *in, size_t n, units *b)
{
    for (size_t i = 0; i < n;) {
        long v = utf8_next((const unsigned char *)in, n, &i);
        if (v < 0) return -1;
        if (v < 0x10000) {
            unit_put(b, (unsigned)v);
        } else {
            unit_put(b, 0xD800 + (unsigned)((v - 0x10000) >> 10));
            unit_put(b, 0xDC00 + (unsigned)((v - 0x10000) & 0x3FF));
        }
    }
    return 0;
}

/* The units of b as NUL-terminated UTF-8 (length in *len); NULL on a lone
 * surrogate (*oom clear) or without memory (*oom set). */
static char *to_utf8(const units *b, size_t *len, int *oom)
{
    char *s = rg_mem_alloc(3 * b->n + 1), *o = s;
    if (!s) {
        *oom = 1;
        return NULL;
    }
    for (size_t i = 0; i < b->n; i++) {
        unsigned long v = b->u[i];
        if (v >= 0xD800 && v < 0xDC00 && i + 1 < b->n && b->u[i + 1] >= 0xDC00 &&
            b->u[i + 1] < 0xE000)
            v = 0x10000 + ((v - 0xD800) << 10) + (b->u[++i] - 0xDC00u);
        else if (v >= 0xD800 && v < 0xE000) {
            rg_mem_free(s);
            return NULL;
        }
        if (v < 0x80) {
            *o++ = (char)v;
        } else if (v < 0x800) {
            *o++ = (char)(0xC0 | (v >> 6));
            *o++ = (char)(0x80 | (v & 0x3F));
        } else if (v < 0x10000) {
            *o++ = (char)(0xE0 | (v >> 12));
            *o++ = (char)(0x80 | ((v >> 6) & 0x3F));
            *o++ = (char)(0x80 | (v & 0x3F));
        } else {
            *o++ = (char)(0xF0 | (v >> 18));
            *o++ = (char)(0x80 | ((v >> 12) & 0x3F));
            *o++ = (char)(0x80 | ((v >> 6) & 0x3F));
            *o++ = (char)(0x80 | (v & 0x3F));
        }
    }
    *o = 0;
    *len = (size_t)(o - s);
    return s;
}

/* ---- Decompression ------------------------------------------------------------ */

typedef struct reader {
    const char *in;
    size_t n, index; /* index: the next character to read */
    int bad;
    unsigned val, position;
} reader;

/* The six bits of character i: both alphabets read alike ('-' of the URI
 * form is '/' of base64; a space is a '+' that a URL turned into one); the
 * padding reads as zeros, as the reference's lookup of '=' does. */
static unsigned sextet(reader *r, size_t i)
{
    if (i >= r->n) return 0; /* past the end: zeros, as charAt("") gives */
    int ch = (unsigned char)r->in[i];
    if (ch >= 'A' && ch <= 'Z') return (unsigned)(ch - 'A');
    if (ch >= 'a' && ch <= 'z') return (unsigned)(ch - 'a' + 26);
    if (ch >= '0' && ch <= '9') return (unsigned)(ch - '0' + 52);
    if (ch == '+' || ch == ' ') return 62;
    if (ch == '/' || ch == '-') return 63;
    if (ch != '=' && ch != '$') r->bad = 1;
    return 0;
}

static unsigned read_bits(reader *r, int bits)
{
    unsigned v = 0;
    for (int k = 0; k < bits; k++) {
        unsigned bit = (r->val & r->position) ? 1 : 0;
        r->position >>= 1;
        if (r->position == 0) {
            r->position = 32;
            r->val = sextet(r, r->index++);
        }
        v |= bit << k;
    }
    return v;
}

/* The dictionary of the decoder: entry k is entry prev[k] followed by unit[k]. */
typedef struct dict {
    int32_t *prev;
    uint16_t *unit, *first;
    uint32_t *len;
    int n, cap;
} dict;

static int dict_add(dict *d, int prev, unsigned unit)
{
    if (d->n == d->cap) {
        int cap = d->cap ? 2 * d->cap : 1024;
        int32_t *p = rg_mem_realloc(d->prev, (size_t)cap * sizeof *p);
        if (p) d->prev = p;
        uint16_t *u = p ? rg_mem_realloc(d->unit, (size_t)cap * sizeof *u) : NULL;
        if (u) d->unit = u;
        uint16_t *f = u ? rg_mem_realloc(d->first, (size_t)cap * sizeof *f) : NULL;
        if (f) d->first = f;
        uint32_t *l = f ? rg_mem_realloc(d->len, (size_t)cap * sizeof *l) : NULL;
        if (!l) return -1;
        d->len = l;
        d->cap = cap;
    }
    int k = d->n++;
    d->prev[k] = prev;
    d->unit[k] = (uint16_t)unit;
    d->first[k] = prev < 0 ? (uint16_t)unit : d->first[prev];
    d->len[k] = prev < 0 ? 1 : d->len[prev] + 1;
    return k;
}

/* Entry k appended to out. */
static void dict_emit(const dict *d, int k, units *out)
{
    size_t at = out->n;
    for (uint32_t i = 0; i < d->len[k]; i++) unit_put(out, 0);
    if (out->oom) return;
    for (int j = k; j >= 0; j = d->prev[j]) out->u[at + d->len[j] - 1] = d->unit[j];
}

/* Long: the decoder's loop is the reference's, step for step, so that the
 * two can be compared line by line. Returns 1 at the end mark, 0 on bad
 * input, -1 without memory. */
static int decode(reader *r, dict *d, units *out)
{
    /* Codes 0, 1 and 2 are the markers; the entries start at 3. */
    for (int k = 0; k < 3; k++)
        if (dict_add(d, -1, 0) < 0) return -1;
    int bits = 3, w;
    unsigned enlarge = 4, next = read_bits(r, 2);
    if (next == 2) return 1;
    if (next > 2) return 0;
    if ((w = dict_add(d, -1, read_bits(r, next == 0 ? 8 : 16))) < 0) return -1;
    dict_emit(d, w, out);
    for (;;) {
        if (r->index > r->n) return 0;
        unsigned cc = read_bits(r, bits);
        if (cc == 2) return 1;
        if (cc < 2) {
            int k = dict_add(d, -1, read_bits(r, cc == 0 ? 8 : 16));
            if (k < 0) return -1;
            cc = (unsigned)k;
            if (--enlarge == 0) enlarge = 1u << bits++;
        }
        int entry;
        if (cc < (unsigned)d->n) {
            entry = (int)cc;
            if (dict_add(d, w, d->first[entry]) < 0) return -1;
        } else if (cc == (unsigned)d->n) {
            if ((entry = dict_add(d, w, d->first[w])) < 0) return -1;
        } else {
            return 0;
        }
        dict_emit(d, entry, out);
        if (out->oom) return -1;
        w = entry;
        if (--enlarge == 0) enlarge = 1u << bits++;
        if (bits > 30) return 0;
    }
}

char *rg_lz_decompress(const char *in, size_t n, size_t *len, int *oom)
{
    *oom = 0;
    if (n == 0) return NULL;
    reader r = {in, n, 1, 0, 0, 32};
    r.val = sextet(&r, 0);
    dict d = {0};
    units out = {0};
    int rc = decode(&r, &d, &out);
    char *s = NULL;
    if (rc > 0 && !r.bad) s = to_utf8(&out, len, oom);
    if (rc < 0 || out.oom) *oom = 1;
    rg_mem_free(d.prev);
    rg_mem_free(d.unit);
    rg_mem_free(d.first);
    rg_mem_free(d.len);
    rg_mem_free(out.u);
    return s;
}

/* ---- Compression -------------------------------------------------------------- */

typedef struct writer {
    char *s;
    size_t n, cap;
    int alphabet, oom;
    unsigned val, position;
} writer;

static void put_char(writer *w, char ch)
{
    if (w->oom) return;
    if (w->n + 2 > w->cap) {
        size_t cap = w->cap ? 2 * w->cap : 256;
        char *s = rg_mem_realloc(w->s, cap);
        if (!s) {
            w->oom = 1;
            return;
        }
        w->s = s;
        w->cap = cap;
    }
    w->s[w->n++] = ch;
    w->s[w->n] = 0;
}

static void write_bits(writer *w, unsigned v, int bits)
{
    for (int k = 0; k < bits; k++, v >>= 1) {
        w->val = (w->val << 1) | (v & 1);
        if (w->position == 5) {
            w->position = 0;
            put_char(w, alphabets[w->alphabet][w->val]);
            w->val = 0;
        } else {
            w->position++;
        }
    }
}

/* The coder's dictionary: (prefix code, unit) -> code, open addressing. A
 * single unit has prefix -1. */
typedef struct table {
    int64_t *key;
    int32_t *code;
    size_t cap, used;
} table;

static size_t slot(const table *t, int64_t key)
{
    size_t h = (size_t)((uint64_t)key * 0x9E3779B97F4A7C15u >> 17) & (t->cap - 1);
    while (t->code[h] >= 0 && t->key[h] != key) h = (h + 1) & (t->cap - 1);
    return h;
}

static int64_t pack(int prefix, unsigned unit) { return ((int64_t)(prefix + 1) << 16) | unit; }

static int table_get(const table *t, int prefix, unsigned unit)
{
    if (t->cap == 0) return -1;
    size_t h = slot(t, pack(prefix, unit));
    return t->code[h];
}

static int table_put(table *t, int prefix, unsigned unit, int code)
{
    if (2 * (t->used + 1) > t->cap) {
        table g = {0, 0, t->cap ? 2 * t->cap : 1024, 0};
        g.key = rg_mem_alloc(g.cap * sizeof *g.key);
        g.code = g.key ? rg_mem_alloc(g.cap * sizeof *g.code) : NULL;
        if (!g.code) {
            rg_mem_free(g.key);
            return -1;
        }
        memset(g.code, 0xFF, g.cap * sizeof *g.code);
        for (size_t i = 0; i < t->cap; i++)
            if (t->code[i] >= 0) {
                size_t h = slot(&g, t->key[i]);
                g.key[h] = t->key[i];
                g.code[h] = t->code[i];
            }
        g.used = t->used;
        rg_mem_free(t->key);
        rg_mem_free(t->code);
        *t = g;
    }
    size_t h = slot(t, pack(prefix, unit));
    t->key[h] = pack(prefix, unit);
    t->code[h] = code;
    t->used++;
    return 0;
}

typedef struct coder {
    writer out;
    table dict;
    unsigned char *fresh; /* per unit: in the dictionary, not yet written */
    int size, bits;
    unsigned enlarge;
} coder;

static void grow_bits(coder *c)
{
    if (--c->enlarge == 0) c->enlarge = 1u << c->bits++;
}

/* The code of w (a single unit not written yet: the unit itself). */
static void emit_w(coder *c, int w, unsigned w_unit, int single)
{
    if (single && c->fresh[w_unit]) {
        int wide = w_unit >= 256;
        write_bits(&c->out, wide ? 1 : 0, c->bits);
        write_bits(&c->out, w_unit, wide ? 16 : 8);
        grow_bits(c);
        c->fresh[w_unit] = 0;
    } else {
        write_bits(&c->out, (unsigned)w, c->bits);
    }
    grow_bits(c);
}

/* Long: the coder's loop follows the reference's _compress step for step. */
static int encode(coder *c, const units *in)
{
    int w = -1, single = 0;
    unsigned w_unit = 0;
    for (size_t i = 0; i < in->n; i++) {
        unsigned u = in->u[i];
        if (table_get(&c->dict, -1, u) < 0) {
            if (table_put(&c->dict, -1, u, c->size++)) return -1;
            c->fresh[u] = 1;
        }
        int wc = w < 0 ? table_get(&c->dict, -1, u) : table_get(&c->dict, w, u);
        if (wc >= 0) {
            single = w < 0;
            if (single) w_unit = u;
            w = wc;
            continue;
        }
        emit_w(c, w, w_unit, single);
        if (table_put(&c->dict, w, u, c->size++)) return -1;
        w = table_get(&c->dict, -1, u);
        w_unit = u;
        single = 1;
    }
    if (w >= 0) emit_w(c, w, w_unit, single);
    write_bits(&c->out, 2, c->bits);
    for (;;) {
        c->out.val <<= 1;
        if (c->out.position == 5) {
            put_char(&c->out, alphabets[c->out.alphabet][c->out.val]);
            break;
        }
        c->out.position++;
    }
    return c->out.oom ? -1 : 0;
}

char *rg_lz_compress(const char *in, size_t n, int alphabet, int *oom)
{
    *oom = 0;
    units u = {0};
    coder c = {{0}, {0}, NULL, 3, 2, 2};
    c.out.alphabet = alphabet;
    int bad = to_utf16(in, n, &u);
    c.fresh = rg_mem_calloc(65536, 1);
    int rc = bad || u.oom || !c.fresh ? -1 : encode(&c, &u);
    if (!bad && rc == 0 && alphabet == RG_LZ_BASE64)
        while (c.out.n % 4) put_char(&c.out, '=');
    if ((!bad && rc) || c.out.oom) *oom = 1;
    rg_mem_free(u.u);
    rg_mem_free(c.fresh);
    rg_mem_free(c.dict.key);
    rg_mem_free(c.dict.code);
    if (bad || *oom) {
        rg_mem_free(c.out.s);
        return NULL;
    }
    return c.out.s;
}

/* ---- The public entries ------------------------------------------------------- */

char *rg_lzstring_decompress(const char *in, size_t n, size_t *len, rg_error *err)
{
    if (err) rg_error_clear(err); /* every part of an error it gives is its own */
    int oom = 0;
    size_t k = 0;
    char *s = rg_lz_decompress(in, n, &k, &oom);
    if (len) *len = k;
    if (!s && oom) rg_error_set(err, RG_E_NOMEM, NULL, "out of memory");
    if (!s && !oom) rg_error_set(err, RG_E_FORMAT, NULL, "not an LZ-String (base64 or URI-safe)");
    return s;
}

char *rg_lzstring_compress(const char *in, size_t n, int uri, rg_error *err)
{
    if (err) rg_error_clear(err); /* every part of an error it gives is its own */
    int oom = 0;
    char *s = rg_lz_compress(in, n, uri ? RG_LZ_URI : RG_LZ_BASE64, &oom);
    if (!s && oom) rg_error_set(err, RG_E_NOMEM, NULL, "out of memory");
    if (!s && !oom) rg_error_set(err, RG_E_FORMAT, NULL, "the text is not UTF-8");
    return s;
}
