/* A strict checker of the SVG rulegrid writes (core/render/svg.c), shared
 * by tests/test_render.c, which checks every picture it draws with it, and
 * the render fuzz target (fuzz/render.c). It holds a text to what XML 1.0
 * and docs/render.md promise: the declaration, one root element svg, tags
 * properly nested, attributes quoted and not repeated, only the five named
 * entities and numeric references, strict UTF-8 (RFC 3629, decoded here bit
 * by bit, not by the library's table) without control characters, U+FFFE
 * or U+FFFF, and numeric attributes that are finite numbers. Header only:
 * each file that includes it gets its own copy. */
#ifndef RG_TESTS_SVG_CHECK_H
#define RG_TESTS_SVG_CHECK_H

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define SVG_MAX_DEPTH 64 /* elements open at once */
#define SVG_MAX_ATTRS 32 /* attributes of one tag */

/* ---- Strict UTF-8 and XML characters ------------------------------------ */

/* The code point of the UTF-8 sequence at s[0..n) and its length in *len,
 * decoded bit by bit (not by the library's table of ranges): -1 when it is
 * malformed (RFC 3629: overlong, surrogate, past U+10FFFF, cut short). */
static long svg_decode(const unsigned char *s, size_t n, int *len)
{
    unsigned c = s[0];
    int more = c < 0x80                ? 0
               : c >= 0xC0 && c < 0xE0 ? 1
               : c >= 0xE0 && c < 0xF0 ? 2
               : c >= 0xF0 && c < 0xF8 ? 3
                                       : -1;
    *len = 1;
    if (more < 0) return -1;
    long v = more ? (long)(c & (0x3Fu >> more)) : (long)c;
    for (int k = 1; k <= more; k++) {
        if ((size_t)k >= n || (s[k] & 0xC0) != 0x80) return -1;
        v = v << 6 | (s[k] & 0x3F);
    }
    static const long least[] = {0, 0x80, 0x800, 0x10000};
    if (v < least[more] || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF)) return -1;
    *len = more + 1;
    return v;
}

/* A character XML 1.0 allows in a document and that is no control: tab,
 * newline, CR, and from U+0020 but DEL, C1, U+FFFE and U+FFFF. */
static int svg_char_ok(long v)
{
    if (v == '\t' || v == '\n' || v == '\r') return 1;
    return v >= 0x20 && !(v >= 0x7F && v <= 0x9F) && v != 0xFFFE && v != 0xFFFF;
}

/* ---- A strict checker of the SVG's XML ------------------------------------ */

typedef struct svg_xml {
    const char *s, *end;
    const char *why; /* the first fault */
} svg_xml;

static int svg_bad(svg_xml *x, const char *why)
{
    if (!x->why) x->why = why;
    return 0;
}

static int svg_name_start(unsigned char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == ':';
}

static int svg_name_char(unsigned char c)
{
    return svg_name_start(c) || (c >= '0' && c <= '9') || c == '-' || c == '.';
}

static size_t svg_name_len(const char *s, const char *end)
{
    size_t n = 0;
    if (s < end && svg_name_start((unsigned char)*s))
        while (s + n < end && svg_name_char((unsigned char)s[n])) n++;
    return n;
}

static int svg_space(char c) { return c == ' ' || c == '\n' || c == '\t' || c == '\r'; }

/* Character data up to the next '<' (text) or the quote q (an attribute
 * value): every character allowed, '&' only in &amp; &lt; &gt; &quot;
 * &#39; or a numeric reference, no "]]>" in text; x->s left at the stop. */
static int svg_chars(svg_xml *x, char q)
{
    const char *from = x->s;
    while (x->s < x->end && *x->s != '<' && *x->s != q) {
        const unsigned char *u = (const unsigned char *)x->s;
        if (*u == '&') {
            static const char *const named[] = {"&amp;", "&lt;", "&gt;", "&quot;", "&apos;"};
            size_t k = 0, left = (size_t)(x->end - x->s);
            for (int i = 0; i < 5 && !k; i++)
                if (left >= strlen(named[i]) && !memcmp(x->s, named[i], strlen(named[i])))
                    k = strlen(named[i]);
            if (!k && left > 3 && x->s[1] == '#') {
                int hex = x->s[2] == 'x';
                size_t d = 2 + (size_t)hex, from = d;
                long v = 0;
                for (; d < left && d - from < 7; d++) {
                    char c = x->s[d];
                    int dv = c >= '0' && c <= '9'          ? c - '0'
                             : hex && c >= 'a' && c <= 'f' ? c - 'a' + 10
                             : hex && c >= 'A' && c <= 'F' ? c - 'A' + 10
                                                           : -1;
                    if (dv < 0) break;
                    v = v * (hex ? 16 : 10) + dv;
                }
                if (d > from && d < left && x->s[d] == ';' && v <= 0x10FFFF &&
                    !(v >= 0xD800 && v <= 0xDFFF) && svg_char_ok(v))
                    k = d + 1;
            }
            if (!k) return svg_bad(x, "an '&' that starts no entity reference");
            x->s += k;
            continue;
        }
        if (!q && *u == '>' && x->s - from >= 2 && x->s[-1] == ']' && x->s[-2] == ']')
            return svg_bad(x, "\"]]>\" in text");
        int n;
        long v = svg_decode(u, (size_t)(x->end - x->s), &n);
        if (v < 0) return svg_bad(x, "a byte that starts no well-formed UTF-8");
        if (!svg_char_ok(v)) return svg_bad(x, "a control character or U+FFFE/U+FFFF");
        x->s += n;
    }
    return 1;
}

/* Attributes whose values are numbers (lists of numbers; path data). */
static int svg_numeric(const char *name, size_t n)
{
    static const char *const names[] = {"x",
                                        "y",
                                        "cx",
                                        "cy",
                                        "r",
                                        "rx",
                                        "ry",
                                        "x1",
                                        "y1",
                                        "x2",
                                        "y2",
                                        "width",
                                        "height",
                                        "points",
                                        "d",
                                        "font-size",
                                        "stroke-width",
                                        "transform",
                                        "viewBox",
                                        "opacity",
                                        "stroke-dasharray",
                                        "fill-opacity",
                                        "stroke-opacity"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strlen(names[i]) == n && !memcmp(names[i], name, n)) return 1;
    return 0;
}

/* A numeric value: finite numbers, separated by spaces or commas, with path
 * commands in d and a '%' after a width or height; never nan or inf. */
static int svg_numbers_ok(const char *name, size_t nn, const char *v, size_t n)
{
    char buf[4096];
    if (n >= sizeof buf) n = sizeof buf - 1; /* a path longer than that: its head */
    memcpy(buf, v, n);
    buf[n] = '\0';
    for (char *c = buf; *c; c++)
        if (*c >= 'A' && *c <= 'Z') *c = (char)(*c - 'A' + 'a');
    if (strstr(buf, "nan") || strstr(buf, "inf")) return 0;
    memcpy(buf, v, n); /* the path commands again in capitals */
    int path = nn == 1 && name[0] == 'd';
    int pct = (nn == 5 && !memcmp(name, "width", 5)) || (nn == 6 && !memcmp(name, "height", 6));
    int any = 0;
    for (char *c = buf; *c;) {
        if (*c == ' ' || *c == ',') {
            c++;
        } else if (path && strchr("MLZ", *c)) {
            c++;
        } else {
            char *e;
            double d = strtod(c, &e);
            if (e == c || !isfinite(d)) return 0;
            c = e;
            if (pct && *c == '%') c++;
            any = 1;
        }
    }
    return any || path;
}

/* One start tag after its '<': name, attributes, '>' or "/>". *name and
 * *nlen get its name, *empty whether it closed itself. */
static int svg_start_tag(svg_xml *x, const char **name, size_t *nlen, int *empty)
{
    *name = x->s;
    *nlen = svg_name_len(x->s, x->end);
    if (!*nlen) return svg_bad(x, "'<' and no name");
    x->s += *nlen;
    const char *attrs[SVG_MAX_ATTRS];
    size_t alen[SVG_MAX_ATTRS];
    int na = 0;
    for (;;) {
        int sp = 0;
        while (x->s < x->end && svg_space(*x->s)) x->s++, sp = 1;
        if (x->s >= x->end) return svg_bad(x, "a tag that does not end");
        if (*x->s == '>' || (*x->s == '/' && x->s + 1 < x->end && x->s[1] == '>')) {
            *empty = *x->s == '/';
            x->s += *empty ? 2 : 1;
            return 1;
        }
        if (!sp) return svg_bad(x, "an attribute not after a space");
        size_t n = svg_name_len(x->s, x->end);
        if (!n) return svg_bad(x, "no attribute name");
        for (int i = 0; i < na; i++)
            if (alen[i] == n && !memcmp(attrs[i], x->s, n)) return svg_bad(x, "an attribute twice");
        if (na == SVG_MAX_ATTRS) return svg_bad(x, "too many attributes");
        attrs[na] = x->s, alen[na++] = n;
        const char *an = x->s;
        x->s += n;
        if (x->end - x->s < 2 || x->s[0] != '=' || (x->s[1] != '"' && x->s[1] != '\''))
            return svg_bad(x, "an attribute without a quoted value");
        char q = x->s[1];
        x->s += 2;
        const char *v = x->s;
        if (!svg_chars(x, q)) return 0;
        if (x->s >= x->end || *x->s != q) return svg_bad(x, "a '<' in an attribute value");
        if (svg_numeric(an, n) && !svg_numbers_ok(an, n, v, (size_t)(x->s - v)))
            return svg_bad(x, "a numeric attribute that is not finite numbers");
        x->s++;
    }
}

/* text[0..len) as XML: the declaration, then one element svg and its
 * content, properly nested, then only white space. NULL or the fault. */
static const char *svg_check(const char *text, size_t len)
{
    svg_xml x = {text, text + len, NULL};
    static const char decl[] = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>";
    if (len < sizeof decl - 1 || memcmp(text, decl, sizeof decl - 1)) return "no XML declaration";
    x.s += sizeof decl - 1;
    const char *open[SVG_MAX_DEPTH];
    size_t olen[SVG_MAX_DEPTH];
    int depth = 0, roots = 0;
    while (x.s < x.end) {
        if (*x.s != '<') {
            const char *from = x.s;
            if (!svg_chars(&x, 0)) return x.why;
            if (!depth)
                for (const char *c = from; c < x.s; c++)
                    if (!svg_space(*c)) return "text outside the root element";
            continue;
        }
        x.s++;
        if (x.s < x.end && *x.s == '/') {
            x.s++;
            size_t n = svg_name_len(x.s, x.end);
            if (!depth || n != olen[depth - 1] || memcmp(x.s, open[depth - 1], n))
                return "an end tag that closes no open element";
            x.s += n;
            while (x.s < x.end && svg_space(*x.s)) x.s++;
            if (x.s >= x.end || *x.s != '>') return "an end tag without '>'";
            x.s++;
            depth--;
            continue;
        }
        const char *name;
        size_t n;
        int empty;
        if (!svg_start_tag(&x, &name, &n, &empty)) return x.why;
        if (!depth) {
            if (roots++) return "a second root element";
            if (n != 3 || memcmp(name, "svg", 3)) return "the root element is not svg";
        }
        if (!empty) {
            if (depth == SVG_MAX_DEPTH) return "elements nested too deep";
            open[depth] = name, olen[depth++] = n;
        }
    }
    if (depth) return "an element left open";
    if (!roots) return "no root element";
    return NULL;
}

#endif
