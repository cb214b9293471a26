/* A picture being drawn (draw.c): the primitives that draw hooks and the
 * host lay down in cell coordinates, by layer, with the bounding box of
 * everything drawn and the legend lines; the host's draw_* calls. svg.c
 * writes a picture out; render.c decides what goes in. */
#ifndef RG_RENDER_DRAW_H
#define RG_RENDER_DRAW_H

#include "rulegrid/plugin.h"

struct rg_board;

/* The most bytes a picture's strings (colours, classes, texts, legend
 * lines) take together: every pool offset and the pool's capacity stay an
 * int. A string that would pass it fails its draw call (RG_E_NOMEM, with
 * full set). */
#define RG_DRAW_POOL_MAX ((size_t)1 << 30)

/* Layers in drawing order: the plugins' four (RG_LAYER_*) with the host's
 * grid lines after the shading and its digits on top. */
enum { RG_Z_SHADE, RG_Z_GRID, RG_Z_LINE, RG_Z_MARK, RG_Z_TEXT, RG_Z_DIGITS, RG_Z_COUNT };

enum { RG_PRIM_PATH, RG_PRIM_CIRCLE, RG_PRIM_TEXT };

typedef struct rg_prim {
    int kind, z;
    int first, npts;             /* paths: the points pts[2 * first ...] */
    int sub, nsub;               /* paths: subpath k starts at point subs[sub + k] (from first) */
    int closed;                  /* paths: every subpath closed */
    int evenodd;                 /* paths: fill by the even-odd rule (outlines with holes) */
    double x, y, r;              /* circles: centre and radius; texts: the point */
    double size;                 /* texts: height */
    int stroke, fill, text, cls; /* offsets into pool, -1 for none */
    double width, dash, opacity;
    int anchor;
    unsigned flags;
    int rule; /* the rule whose hook drew it, -1 for the host */
} rg_prim;

/* A line of the legend: its text, and the rule (with its class) that wrote
 * it first; rule -1 for the host (a step's caption). */
typedef struct rg_legend {
    int text, cls; /* pool offsets, cls -1 for none */
    int rule;
} rg_legend;

struct rg_draw {
    const struct rg_board *board;
    rg_prim *prims;
    int nprims, capprims;
    double *pts;
    int npts, cappts;
    int *subs;
    int nsubs, capsubs;
    char *pool; /* NUL-terminated strings, npool <= RG_DRAW_POOL_MAX bytes */
    int npool, cappool;
    int full; /* a string was refused: it would have taken the pool past RG_DRAW_POOL_MAX */
    rg_legend *legend; /* the legend's lines, in order, no two alike */
    int nlegend, caplegend;
    int rule;               /* the rule being drawn now, -1 for the host */
    int cls;                /* the class of what is drawn now (pool offset), -1 none */
    int any;                /* something extends the box */
    struct rg_model *owner; /* render.c's private model the board lies in, or NULL */
    double x0, y0, x1, y1;
};

rg_draw *rg_draw_new(const struct rg_board *b); /* NULL without memory */
void rg_draw_free(rg_draw *d);
/* What follows is drawn for rule (-1: the host) under class cls (an SVG
 * class list, may be NULL). RG_OK or RG_E_NOMEM. */
int rg_draw_begin(rg_draw *d, int rule, const char *cls);

/* The host table's draw calls (plugin.h documents each). A primitive with
 * a coordinate or length that is not finite or lies beyond 1,000 cells is
 * left out (RG_OK): a picture never holds NaN. s may be NULL: a black line
 * of the default width on the line layer. */
int rg_draw_poly(rg_draw *d, const double *xy, int n, int closed, const rg_style *s);
int rg_draw_circle(rg_draw *d, double x, double y, double radius, const rg_style *s);
int rg_draw_text(rg_draw *d, double x, double y, double size, const rg_style *s, const char *text);
int rg_draw_cells(rg_draw *d, const int *cells, int n, const rg_style *s);
int rg_draw_outline(rg_draw *d, const int *cells, int n, double inset, const rg_style *s,
                    double *corner_x, double *corner_y);
/* A line of the legend under the grid (global rules); a line already there
 * is not added again. */
int rg_draw_legend(rg_draw *d, const char *text);

/* The host's own primitives on its layers (RG_Z_GRID, RG_Z_DIGITS): as
 * rg_draw_poly and rg_draw_text with the layer z. */
int rg_draw_poly_z(rg_draw *d, int z, const double *xy, int n, int closed, const rg_style *s);
int rg_draw_text_z(rg_draw *d, int z, double x, double y, double size, const rg_style *s,
                   const char *text);
/* n separate segments xy[4i .. 4i+3] as one path on layer z. */
int rg_draw_segments_z(rg_draw *d, int z, const double *xy, int n, const rg_style *s);
/* A string of the pool (offset from a primitive), NULL for -1. */
const char *rg_draw_str(const rg_draw *d, int off);

#endif
