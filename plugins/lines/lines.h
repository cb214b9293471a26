/* Shared by the two files of the lines plugin: the compiled line and the
 * call that adds its propagator. */
#ifndef RG_LINES_H
#define RG_LINES_H

#include <stdint.h>

#include "group_houses.h"
#include "masks.h"
#include "rulegrid/plugin.h"

enum {
    LINE_THERMO,
    LINE_SLOW_THERMO,
    LINE_WHISPER,
    LINE_RENBAN,
    LINE_REGION_SUM,
    LINE_PALINDROME,
    LINE_ENTROPIC,
    LINE_MODULAR,
    LINE_PARITY,
    LINE_ZIPPER,
    LINE_BETWEEN,
    LINE_LOCKOUT,
    LINE_DOUBLE_ARROW,
    LINE_KINDS
};

/* A region_sum of more segments goes without per-space state. */
#define LINE_SEGS_MAX 64

typedef struct line {
    int kind;
    const int *cells; /* in line order */
    int n, closed, D;
    int path; /* whisper: open and no cell twice (two sweeps reach its fixpoint) */
    /* whisper, from link: the positions whose two neighbours on the line are
     * two cells one house holds (their digits differ) */
    int *mid;
    int nmid;
    /* between, lockout, from link: the most of the middle cells (not the
     * ends) one house holds (their digits differ) */
    int inner_house;
    int value;          /* whisper / lockout k, modular m */
    int window;         /* entropic 3, modular m: cells closer than this differ in group */
    rg_mask groups[32]; /* entropic groups, or the non-empty residue classes mod m */
    int ngroups;
    int *seg; /* region_sum: segment s is cells seg[s] .. seg[s+1]-1 */
    int nseg;
    unsigned char *segbox; /* region_sum: segment s lies in a box (digits differ) */
    int allsets;           /* region_sum: every segment goes by sets: with state */
    int state;             /* zipper, region_sum (allsets): handle of its per-space state */
    int state2;            /* renban with houses: the second propagator's state */
    gh_house *houses;      /* renban: the houses holding two or more of its cells and
                            * some other cell (group_houses.h; a unit when size is D) */
    int nhouses;
} line;

/* whisper: the digits v with two different digits k or more away from v in
 * u (lo1 < lo2 the least two of u, hi1 > hi2 the greatest two): two above
 * (v <= hi2 - k), two below (v >= lo2 + k), or one each way. */
static inline rg_mask lines_two_far(rg_mask u, int k, int D)
{
    if (!(u & (u - 1))) return 0;
    int lo1 = mask_lowest(u), lo2 = mask_lowest(u & (u - 1));
    int hi1 = mask_highest(u), hi2 = mask_highest(u & ~((rg_mask)1 << (hi1 - 1)));
    rg_mask all = mask_upto(D);
    return mask_upto(hi2 - k) | (all & ~mask_upto(lo2 + k - 1)) |
           (mask_upto(hi1 - k) & all & ~mask_upto(lo1 + k - 1));
}

/* The cells before and after position p of the line (the last and first
 * meet on a loop): a whisper middle's neighbours. */
static inline void lines_mid_ends(const line *l, int p, int *a, int *b)
{
    *a = l->cells[p ? p - 1 : l->n - 1];
    *b = l->cells[p + 1 < l->n ? p + 1 : 0];
}

/* between, lockout: how far apart the ends' digits must be at least (k for
 * a lockout; past the middle cells one house holds for a between line). */
static inline int lines_ends_gap(const line *l)
{
    if (l->kind == LINE_LOCKOUT) return l->value;
    return l->inner_house + 1 > 2 ? l->inner_house + 1 : 2;
}

/* between, lockout: the largest hi of a pair (lo, hi) that leaves the middle
 * cells one house holds their different digits (a lockout's lie outside
 * lo .. hi: lo - 1 + D - hi of them; a between line's gap is
 * lines_ends_gap). */
static inline int lines_ends_top(const line *l, int lo)
{
    int top = l->kind == LINE_LOCKOUT ? l->D + lo - 1 - l->inner_house : l->D;
    return top < l->D ? top : l->D;
}

/* The host table, set by init (RG_PLUGIN_DEFINE in lines.c). Hidden, so that
 * the plugin's files reach it directly, not through the GOT. */
extern const rg_host *lines_host __attribute__((visibility("hidden")));

/* Adds the propagator (and check) of l's kind, watching its cells. Returns
 * RG_OK or the host's error code. */
int lines_add(rg_build *b, line *l);

/* Adds the two propagators of a renban with its houses (l->houses): the
 * windows and the house clearing, watching the line's cells, and the same
 * with the units (flagged implied: sac only), watching watch[0..n): the
 * line's cells, then the other cells of its units. */
int lines_add_renban_houses(rg_build *b, line *l, const int *watch, int n);

/* The explain hook of every line kind (line_explain.c). */
int lines_explain(rg_why *w, void *data, const rg_mask *before, const rg_mask *after);

/* The fields of a line rule into l, as compile reads them: kind, cells,
 * closed, value or groups (lines.c; the draw hook reads them again). The
 * other fields of l are zero. Returns RG_OK or the host's error code. */
int lines_read(rg_build *b, rg_rule *r, line *l);

/* The draw hook (lines_draw.c). */
int lines_draw(rg_draw *d, rg_build *b, rg_rule *r, void *data);

/* The generate hook (lines_gen.c). */
int lines_generate(rg_gen *g, const int *solution);

#endif
