/* A picture being drawn: primitives in cell coordinates by layer, a pool of
 * their strings, the legend, the bounding box; the host's draw_* calls,
 * which check what a plugin hands them and copy it. */
#include <math.h>
#include <string.h>

#include "base/mem.h"
#include "base/utf8.h"
#include "model/board.h"
#include "render/draw.h"
#include "render/outline.h"

#define FAR           1000.0 /* cells: anything farther out is left out */
#define DEFAULT_WIDTH 0.03   /* cells */

rg_draw *rg_draw_new(const rg_board *b)
{
    rg_draw *d = rg_mem_calloc(1, sizeof *d);
    if (!d) return NULL;
    d->board = b;
    d->rule = -1;
    d->cls = -1;
    return d;
}

void rg_draw_free(rg_draw *d)
{
    if (!d) return;
    rg_mem_free(d->prims);
    rg_mem_free(d->pts);
    rg_mem_free(d->subs);
    rg_mem_free(d->pool);
    rg_mem_free(d->legend);
    rg_mem_free(d);
}

const char *rg_draw_str(const rg_draw *d, int off) { return off < 0 ? NULL : d->pool + off; }

/* A whole copy of s in the pool: its offset, -1 for NULL, -2 without
 * memory or when the copy would take the pool past RG_DRAW_POOL_MAX (then
 * full is set, for the error's message). Since npool never passes that
 * ceiling (2^30), the test below cannot wrap, npool + n stays an int, and
 * rg_mem_grow, doubling from 256 only while short of npool + n, leaves the
 * capacity at most 2^30 too. */
static int pool_add(rg_draw *d, const char *s)
{
    if (!s) return -1;
    size_t n = strlen(s) + 1;
    if (n > RG_DRAW_POOL_MAX - (size_t)d->npool) {
        d->full = 1;
        return -2;
    }
    char *grown = rg_mem_grow(d->pool, d->npool + (int)n, &d->cappool, 1, 256);
    if (!grown) return -2;
    d->pool = grown;
    memcpy(d->pool + d->npool, s, n);
    d->npool += (int)n;
    return d->npool - (int)n;
}

int rg_draw_begin(rg_draw *d, int rule, const char *cls)
{
    d->rule = rule;
    d->cls = pool_add(d, cls);
    return d->cls == -2 ? (d->cls = -1, RG_E_NOMEM) : RG_OK;
}

static int ok_num(double v) { return isfinite(v) && fabs(v) <= FAR; }

static void extend(rg_draw *d, double x0, double y0, double x1, double y1)
{
    if (!d->any || x0 < d->x0) d->x0 = x0;
    if (!d->any || y0 < d->y0) d->y0 = y0;
    if (!d->any || x1 > d->x1) d->x1 = x1;
    if (!d->any || y1 > d->y1) d->y1 = y1;
    d->any = 1;
}

/* The plugin's style, fields past its size taken as zero, defaults put in.
 * z gets the layer (RG_Z_*). */
static rg_style style_of(const rg_style *s, int *z)
{
    rg_style t;
    memset(&t, 0, sizeof t);
    if (s && s->size >= offsetof(rg_style, stroke))
        memcpy(&t, s, s->size < sizeof t ? s->size : sizeof t);
    else if (!s)
        t.stroke = "black", t.layer = RG_LAYER_LINE;
    if (!(t.width > 0) || !ok_num(t.width)) t.width = DEFAULT_WIDTH;
    if (!(t.dash > 0) || !ok_num(t.dash)) t.dash = 0;
    if (!(t.opacity > 0) || t.opacity > 1) t.opacity = 1;
    static const int zs[4] = {RG_Z_SHADE, RG_Z_LINE, RG_Z_MARK, RG_Z_TEXT};
    *z = t.layer >= 0 && t.layer < 4 ? zs[t.layer] : RG_Z_LINE;
    return t;
}

/* A new primitive of kind on layer z in style t, or NULL without memory. */
static rg_prim *add_prim(rg_draw *d, int kind, int z, const rg_style *t)
{
    rg_prim *grown = rg_mem_grow(d->prims, d->nprims + 1, &d->capprims, sizeof *grown, 64);
    if (!grown) return NULL;
    d->prims = grown;
    int stroke = pool_add(d, t->stroke), fill = pool_add(d, t->fill);
    if (stroke == -2 || fill == -2) return NULL;
    rg_prim *p = &d->prims[d->nprims++];
    memset(p, 0, sizeof *p);
    *p = (rg_prim){.kind = kind,
                   .z = z,
                   .stroke = stroke,
                   .fill = fill,
                   .text = -1,
                   .cls = d->cls,
                   .width = t->width,
                   .dash = t->dash,
                   .opacity = t->opacity,
                   .anchor = t->anchor,
                   .flags = t->flags,
                   .rule = d->rule,
                   .first = d->npts,
                   .sub = d->nsubs};
    return p;
}

/* Room for n more points and k more subpaths. */
static int room(rg_draw *d, int n, int k)
{
    if (n > (1 << 24) || d->npts > (1 << 26)) return RG_E_NOMEM;
    double *pts = rg_mem_grow(d->pts, 2 * (d->npts + n), &d->cappts, sizeof *pts, 256);
    if (!pts) return RG_E_NOMEM;
    d->pts = pts;
    int *subs = rg_mem_grow(d->subs, d->nsubs + k, &d->capsubs, sizeof *subs, 64);
    if (!subs) return RG_E_NOMEM;
    d->subs = subs;
    return RG_OK;
}

/* Appends a subpath of n points to the last primitive (a path). */
static void add_sub(rg_draw *d, const double *xy, int n, double half)
{
    rg_prim *p = &d->prims[d->nprims - 1];
    d->subs[d->nsubs++] = p->npts;
    p->nsub++;
    for (int i = 0; i < n; i++) {
        d->pts[2 * d->npts] = xy[2 * i];
        d->pts[2 * d->npts + 1] = xy[2 * i + 1];
        d->npts++;
        p->npts++;
        extend(d, xy[2 * i] - half, xy[2 * i + 1] - half, xy[2 * i] + half, xy[2 * i + 1] + half);
    }
}

int rg_draw_poly_z(rg_draw *d, int z, const double *xy, int n, int closed, const rg_style *s)
{
    int lz;
    rg_style t = style_of(s, &lz);
    if (z < 0) z = lz;
    if (!xy || n < 1) return RG_OK;
    for (int i = 0; i < 2 * n; i++)
        if (!ok_num(xy[i])) return RG_OK;
    if (room(d, n, 1) != RG_OK) return RG_E_NOMEM;
    rg_prim *p = add_prim(d, RG_PRIM_PATH, z, &t);
    if (!p) return RG_E_NOMEM;
    p->closed = closed != 0;
    add_sub(d, xy, n, t.width / 2 + ((t.flags & RG_STYLE_ARROW) ? 0.2 : 0));
    return RG_OK;
}

int rg_draw_segments_z(rg_draw *d, int z, const double *xy, int n, const rg_style *s)
{
    int lz;
    rg_style t = style_of(s, &lz);
    if (n < 1) return RG_OK;
    if (room(d, 2 * n, n) != RG_OK) return RG_E_NOMEM;
    rg_prim *p = add_prim(d, RG_PRIM_PATH, z, &t);
    if (!p) return RG_E_NOMEM;
    for (int i = 0; i < n; i++) add_sub(d, xy + 4 * i, 2, t.width / 2);
    return RG_OK;
}

int rg_draw_poly(rg_draw *d, const double *xy, int n, int closed, const rg_style *s)
{
    return rg_draw_poly_z(d, -1, xy, n, closed, s);
}

int rg_draw_circle(rg_draw *d, double x, double y, double radius, const rg_style *s)
{
    int z;
    rg_style t = style_of(s, &z);
    if (!ok_num(x) || !ok_num(y) || !ok_num(radius) || !(radius > 0)) return RG_OK;
    rg_prim *p = add_prim(d, RG_PRIM_CIRCLE, z, &t);
    if (!p) return RG_E_NOMEM;
    p->x = x, p->y = y, p->r = radius;
    double h = radius + t.width / 2;
    extend(d, x - h, y - h, x + h, y + h);
    return RG_OK;
}

int rg_draw_text_z(rg_draw *d, int z, double x, double y, double size, const rg_style *s,
                   const char *text)
{
    int lz;
    rg_style t = style_of(s, &lz);
    if (z < 0) z = lz;
    if (!text || !text[0] || !ok_num(x) || !ok_num(y) || !ok_num(size) || !(size > 0)) return RG_OK;
    if (!t.fill) t.fill = "black";
    rg_prim *p = add_prim(d, RG_PRIM_TEXT, z, &t);
    if (!p) return RG_E_NOMEM;
    p->x = x, p->y = y, p->size = size;
    p->text = pool_add(d, text);
    if (p->text == -2) {
        d->nprims--;
        return RG_E_NOMEM;
    }
    double w = 0.6 * size * rg_utf8_chars(text);
    double left = t.anchor == RG_ANCHOR_TOP_LEFT    ? x
                  : t.anchor == RG_ANCHOR_TOP_RIGHT ? x - w
                                                    : x - w / 2;
    double top = t.anchor == RG_ANCHOR_CENTRE ? y - size / 2 : y;
    extend(d, left, top, left + w, top + size);
    return RG_OK;
}

int rg_draw_text(rg_draw *d, double x, double y, double size, const rg_style *s, const char *text)
{
    return rg_draw_text_z(d, -1, x, y, size, s, text);
}

int rg_draw_cells(rg_draw *d, const int *cells, int n, const rg_style *s)
{
    int z;
    rg_style t = style_of(s, &z);
    if (!cells || n < 1) return RG_OK;
    if (room(d, 4 * n, n) != RG_OK) return RG_E_NOMEM;
    rg_prim *p = add_prim(d, RG_PRIM_PATH, z, &t);
    if (!p) return RG_E_NOMEM;
    p->closed = 1;
    for (int i = 0; i < n; i++) {
        if (cells[i] < 0 || cells[i] >= d->board->ncells) continue;
        double x = d->board->col[cells[i]] - 1, y = d->board->row[cells[i]] - 1;
        double sq[8] = {x, y, x + 1, y, x + 1, y + 1, x, y + 1};
        add_sub(d, sq, 4, 0);
    }
    return RG_OK;
}

int rg_draw_outline(rg_draw *d, const int *cells, int n, double inset, const rg_style *s,
                    double *corner_x, double *corner_y)
{
    int z, top = -1;
    rg_style t = style_of(s, &z);
    if (!ok_num(inset) || fabs(inset) >= 0.5) inset = 0;
    for (int i = 0; cells && i < n; i++) {
        int c = cells[i];
        if (c < 0 || c >= d->board->ncells) continue;
        if (top < 0 || d->board->row[c] < d->board->row[top] ||
            (d->board->row[c] == d->board->row[top] && d->board->col[c] < d->board->col[top]))
            top = c;
    }
    if (corner_x) *corner_x = top < 0 ? 0 : d->board->col[top] - 1 + inset;
    if (corner_y) *corner_y = top < 0 ? 0 : d->board->row[top] - 1 + inset;
    if (top < 0) return RG_OK;
    rg_loops l;
    if (rg_outline_loops(d->board, cells, n, inset, &l) != RG_OK) return RG_E_NOMEM;
    int rc = room(d, l.npts, l.nloops);
    rg_prim *p = rc == RG_OK ? add_prim(d, RG_PRIM_PATH, z, &t) : NULL;
    if (p) {
        p->closed = 1;
        p->evenodd = 1;
        for (int k = 0; k < l.nloops; k++)
            add_sub(d, l.xy + 2 * l.start[k], l.start[k + 1] - l.start[k], t.width / 2);
    }
    rg_outline_free(&l);
    return p ? RG_OK : RG_E_NOMEM;
}

int rg_draw_legend(rg_draw *d, const char *text)
{
    if (!text || !text[0]) return RG_OK;
    for (int i = 0; i < d->nlegend; i++)
        if (strcmp(d->pool + d->legend[i].text, text) == 0) return RG_OK;
    rg_legend *grown = rg_mem_grow(d->legend, d->nlegend + 1, &d->caplegend, sizeof *grown, 8);
    if (!grown) return RG_E_NOMEM;
    d->legend = grown;
    int off = pool_add(d, text);
    if (off < 0) return RG_E_NOMEM;
    d->legend[d->nlegend++] = (rg_legend){off, d->rule >= 0 ? d->cls : -1, d->rule};
    return RG_OK;
}
