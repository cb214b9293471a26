/* Writing a picture as a standalone SVG document (svg.c). */
#ifndef RG_RENDER_SVG_H
#define RG_RENDER_SVG_H

#include <stddef.h>

struct rg_draw;

/* d as SVG text, scale pixels per cell, into *out (rg_mem; NUL-terminated,
 * *len bytes without the NUL): the bounding box of everything drawn with a
 * margin, then the legend's lines under it. RG_OK or RG_E_NOMEM. */
int rg_svg_write(const struct rg_draw *d, double scale, const char *title, char **out, size_t *len);

#endif
