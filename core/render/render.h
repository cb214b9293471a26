/* A puzzle's picture before it is written (render.c): what rg_render_svg
 * draws, for tests that look at the primitives in cell coordinates. */
#ifndef RG_RENDER_RENDER_H
#define RG_RENDER_RENDER_H

#include "rulegrid/rulegrid.h"

struct rg_draw;

/* p drawn as rg_render_svg draws it (o may be NULL) into *out (free it with
 * rg_draw_free); *out is NULL on an error. The picture's board lives in a
 * private model kept with it: rg_render_picture_free releases both. */
int rg_render_picture(const rg_puzzle *p, const rg_render_options *o, struct rg_draw **out,
                      rg_error *err);
void rg_render_picture_free(struct rg_draw *d);

#endif
