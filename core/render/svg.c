/* A picture as SVG: a white background over the bounding box and a margin,
 * a group per layer with its primitives in the order drawn (coordinates in
 * pixels, rounded to hundredths), then the legend. Every string a plugin
 * gave is escaped; bytes that start no well-formed UTF-8 and characters
 * that XML forbids or that are controls become '?'. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "base/mem.h"
#include "base/utf8.h"
#include "render/draw.h"
#include "render/svg.h"
#include "rulegrid/plugin.h"

#define MARGIN      0.3 /* cells round the box */
#define LEGEND_SIZE 0.3 /* cells: the legend's text height */
#define LEGEND_STEP 0.45

typedef struct sbuf {
    char *s;
    size_t n, cap;
    int failed;
} sbuf;

static void put(sbuf *b, const char *s, size_t n)
{
    if (b->failed) return;
    if (b->n + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap < b->n + n + 1) cap *= 2;
        char *g = rg_mem_realloc(b->s, cap);
        if (!g) {
            b->failed = 1;
            return;
        }
        b->s = g;
        b->cap = cap;
    }
    memcpy(b->s + b->n, s, n);
    b->n += n;
    b->s[b->n] = '\0';
}

static void puts_(sbuf *b, const char *s) { put(b, s, strlen(s)); }

static void printf_(sbuf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
static void printf_(sbuf *b, const char *fmt, ...)
{
    char tmp[256];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n > 0) put(b, tmp, (size_t)n < sizeof tmp ? (size_t)n : sizeof tmp - 1);
}

/* A number of pixels: at most two decimals, no trailing zeros, no "-0". */
static void num(sbuf *b, double v)
{
    char t[48];
    snprintf(t, sizeof t, "%.2f", v);
    char *e = t + strlen(t);
    while (e > t && e[-1] == '0') *--e = '\0';
    if (e > t && e[-1] == '.') *--e = '\0';
    puts_(b, strcmp(t, "-0") == 0 ? "0" : t);
}

/* Is the well-formed character of n bytes at s one that XML 1.0 forbids or
 * that is a control: C0 (tab, newline and CR too: a title is one line),
 * DEL, C1, U+FFFE, U+FFFF? */
static int unwanted(const unsigned char *s, int n)
{
    return (n == 1 && (s[0] < 0x20 || s[0] == 0x7F)) || (n == 2 && s[0] == 0xC2 && s[1] < 0xA0) ||
           (n == 3 && s[0] == 0xEF && s[1] == 0xBF && s[2] >= 0xBE);
}

/* Text for an attribute or an element: escaped; a character that is
 * unwanted as '?', and each byte that starts no well-formed UTF-8
 * sequence (RFC 3629) as '?' too. */
static void esc(sbuf *b, const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        int n = rg_utf8_len(p);
        const char *r = *p == '&'    ? "&amp;"
                        : *p == '<'  ? "&lt;"
                        : *p == '>'  ? "&gt;"
                        : *p == '"'  ? "&quot;"
                        : *p == '\'' ? "&#39;"
                                     : NULL;
        if (r)
            puts_(b, r);
        else if (!n || unwanted(p, n))
            puts_(b, "?");
        else
            put(b, (const char *)p, (size_t)n);
        p += n ? n : 1;
    }
}

static void attr(sbuf *b, const char *name, const char *value)
{
    printf_(b, " %s=\"", name);
    esc(b, value);
    puts_(b, "\"");
}

static void attr_num(sbuf *b, const char *name, double v)
{
    printf_(b, " %s=\"", name);
    num(b, v);
    puts_(b, "\"");
}

/* The attributes every primitive shares: class, rule, colours, stroke. */
static void common(sbuf *b, const rg_draw *d, const rg_prim *p, double s)
{
    if (p->cls >= 0) attr(b, "class", rg_draw_str(d, p->cls));
    if (p->rule >= 0) printf_(b, " data-rule=\"%d\"", p->rule);
    const char *fill = rg_draw_str(d, p->fill), *stroke = rg_draw_str(d, p->stroke);
    attr(b, "fill", fill ? fill : "none");
    if (p->kind == RG_PRIM_TEXT) {
        if (p->flags & RG_STYLE_BOLD) puts_(b, " font-weight=\"bold\"");
    } else if (stroke) {
        attr(b, "stroke", stroke);
        attr_num(b, "stroke-width", p->width * s);
        if (p->dash > 0) {
            puts_(b, " stroke-dasharray=\"");
            num(b, p->dash * s);
            puts_(b, " ");
            num(b, p->dash * s * 0.7);
            puts_(b, "\"");
        }
        if (p->flags & RG_STYLE_ROUND)
            puts_(b, " stroke-linecap=\"round\" stroke-linejoin=\"round\"");
    }
    if (p->opacity < 1) attr_num(b, "opacity", p->opacity);
}

static void point(sbuf *b, char cmd, double x, double y, double s, double ox, double oy)
{
    put(b, &cmd, 1);
    num(b, (x - ox) * s);
    puts_(b, " ");
    num(b, (y - oy) * s);
}

/* An open arrowhead at the end of the subpath ending at point k (after k-1). */
static void arrowhead(sbuf *b, const double *q, double len, double s, double ox, double oy)
{
    double dx = q[2] - q[0], dy = q[3] - q[1], l = sqrt(dx * dx + dy * dy);
    if (!(l > 0)) return;
    dx /= l, dy /= l;
    double c = cos(0.6), sn = sin(0.6);
    point(b, 'M', q[2] - len * (dx * c - dy * sn), q[3] - len * (dy * c + dx * sn), s, ox, oy);
    point(b, 'L', q[2], q[3], s, ox, oy);
    point(b, 'L', q[2] - len * (dx * c + dy * sn), q[3] - len * (dy * c - dx * sn), s, ox, oy);
}

static void path(sbuf *b, const rg_draw *d, const rg_prim *p, double s, double ox, double oy)
{
    const double *xy = d->pts + 2 * p->first;
    if (p->npts == 1) { /* a dot of the stroke width */
        const char *stroke = rg_draw_str(d, p->stroke);
        puts_(b, "<circle");
        attr_num(b, "cx", (xy[0] - ox) * s);
        attr_num(b, "cy", (xy[1] - oy) * s);
        attr_num(b, "r", p->width * s / 2);
        attr(b, "fill", stroke ? stroke : "black");
        puts_(b, "/>\n");
        return;
    }
    puts_(b, "<path d=\"");
    for (int k = 0; k < p->nsub; k++) {
        int from = d->subs[p->sub + k], to = k + 1 < p->nsub ? d->subs[p->sub + k + 1] : p->npts;
        for (int i = from; i < to; i++)
            point(b, i == from ? 'M' : 'L', xy[2 * i], xy[2 * i + 1], s, ox, oy);
        if (p->closed) puts_(b, "Z");
        if (!p->closed && (p->flags & RG_STYLE_ARROW) && to - from >= 2)
            arrowhead(b, xy + 2 * (to - 2), 0.12 + 2 * p->width, s, ox, oy);
    }
    puts_(b, "\"");
    if (p->evenodd) puts_(b, " fill-rule=\"evenodd\"");
    common(b, d, p, s);
    puts_(b, "/>\n");
}

static void prim(sbuf *b, const rg_draw *d, const rg_prim *p, double s, double ox, double oy)
{
    if (p->kind == RG_PRIM_PATH) {
        path(b, d, p, s, ox, oy);
    } else if (p->kind == RG_PRIM_CIRCLE) {
        puts_(b, "<circle");
        attr_num(b, "cx", (p->x - ox) * s);
        attr_num(b, "cy", (p->y - oy) * s);
        attr_num(b, "r", p->r * s);
        common(b, d, p, s);
        puts_(b, "/>\n");
    } else {
        /* The baseline is placed here rather than by dominant-baseline, which
         * some renderers (librsvg) ignore: a digit's middle is about 0.35 of
         * the font size above its baseline, its top about 0.75. */
        double drop = p->anchor == RG_ANCHOR_CENTRE ? 0.35 : 0.75;
        puts_(b, "<text");
        attr_num(b, "x", (p->x - ox) * s);
        attr_num(b, "y", (p->y + drop * p->size - oy) * s);
        attr_num(b, "font-size", p->size * s);
        puts_(b, p->anchor == RG_ANCHOR_TOP_LEFT    ? " text-anchor=\"start\""
                 : p->anchor == RG_ANCHOR_TOP_RIGHT ? " text-anchor=\"end\""
                                                    : " text-anchor=\"middle\"");
        common(b, d, p, s);
        puts_(b, ">");
        esc(b, rg_draw_str(d, p->text));
        puts_(b, "</text>\n");
    }
}

static const char *const layer_names[RG_Z_COUNT] = {"shade", "gridlines", "lines",
                                                    "marks", "texts",     "digits"};

int rg_svg_write(const rg_draw *d, double s, const char *title, char **out, size_t *len)
{
    sbuf b = {0};
    double x0 = d->any ? d->x0 : 0, y0 = d->any ? d->y0 : 0;
    double x1 = d->any ? d->x1 : 1, y1 = d->any ? d->y1 : 1;
    double ly = y1 + MARGIN + LEGEND_SIZE * 0.2; /* the legend's first line */
    for (int i = 0; i < d->nlegend; i++) {
        double w = 0.55 * LEGEND_SIZE * (double)rg_utf8_chars(rg_draw_str(d, d->legend[i].text));
        if (x0 + w > x1) x1 = x0 + w;
        y1 = ly + i * LEGEND_STEP + LEGEND_SIZE;
    }
    double ox = x0 - MARGIN, oy = y0 - MARGIN, w = (x1 - x0 + 2 * MARGIN),
           h = (y1 - y0 + 2 * MARGIN);
    puts_(&b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
              "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\"");
    attr_num(&b, "width", w * s);
    attr_num(&b, "height", h * s);
    puts_(&b, " viewBox=\"0 0 ");
    num(&b, w * s);
    puts_(&b, " ");
    num(&b, h * s);
    puts_(&b, "\" font-family=\"sans-serif\">\n");
    if (title && title[0]) {
        puts_(&b, "<title>");
        esc(&b, title);
        puts_(&b, "</title>\n");
    }
    printf_(&b, "<rect class=\"background\" x=\"0\" y=\"0\" width=\"100%%\" height=\"100%%\" "
                "fill=\"white\"/>\n");
    for (int z = 0; z < RG_Z_COUNT; z++) {
        printf_(&b, "<g class=\"layer-%s\">\n", layer_names[z]);
        for (int i = 0; i < d->nprims; i++)
            if (d->prims[i].z == z) prim(&b, d, &d->prims[i], s, ox, oy);
        puts_(&b, "</g>\n");
    }
    if (d->nlegend) puts_(&b, "<g class=\"legend\">\n");
    for (int i = 0; i < d->nlegend; i++) {
        const rg_legend *l = &d->legend[i];
        puts_(&b, "<text");
        attr(&b, "class", l->cls >= 0 ? rg_draw_str(d, l->cls) : "caption");
        if (l->rule >= 0) printf_(&b, " data-rule=\"%d\"", l->rule);
        attr_num(&b, "x", (x0 - ox) * s);
        attr_num(&b, "y", (ly + i * LEGEND_STEP + 0.75 * LEGEND_SIZE - oy) * s);
        attr_num(&b, "font-size", LEGEND_SIZE * s);
        puts_(&b, " fill=\"#333\">");
        esc(&b, rg_draw_str(d, l->text));
        puts_(&b, "</text>\n");
    }
    if (d->nlegend) puts_(&b, "</g>\n");
    puts_(&b, "</svg>\n");
    if (b.failed) {
        rg_mem_free(b.s);
        return RG_E_NOMEM;
    }
    *out = b.s;
    *len = b.n;
    return RG_OK;
}
