/* What the files of the cages plugin share: the host table, a sum over
 * distinct cells (cage), the state of the derivation (derive) and the calls
 * between the files. */
#ifndef RG_CAGES_H
#define RG_CAGES_H

#include <stdint.h>

#include "linsum.h"
#include "rulegrid/plugin.h"

/* cages.c reads cage rules and links them; cages_sum.c prunes a sum over
 * distinct cells; cages_derive.c derives sums from the units and cages;
 * cages_signed.c prunes a derived signed sum; cages_unit.c prunes a unit
 * with its cages; lineq.c finds small sums by linear algebra; cages_gen.c
 * invents cages. */

/* The host table, set by init (RG_PLUGIN_DEFINE in cages.c). Hidden, so that
 * the plugin's files reach it directly, not through the GOT. */
extern const rg_host *cages_host __attribute__((visibility("hidden")));

/* Where a derived sum comes from, for its explanation (cages_derive.c):
 * innies, outies or their mixture over a union of units (k of them, the
 * kind of the first, the first cell of the first and the last of the
 * last: the corners of its rectangle for a run of rows, columns or boxes),
 * or linear algebra over the units and cages (the other fields 0). */
enum { FROM_NONE, FROM_INNIES, FROM_OUTIES, FROM_MIXED, FROM_ALGEBRA };
typedef struct dorigin {
    int how, k, kind, first, last;
    long units, cages; /* what the units hold; the sums of the cages counted */
} dorigin;

/* A sum over cells that hold distinct digits: a cage of the document, or a
 * sum derived over cells of one house. */
typedef struct cage {
    const int *cells;
    int n, D;
    int has_sum;
    long sum;
    int nsets;      /* -1: bounds mode */
    rg_mask *sets;  /* nsets masks of n distinct digits summing to sum */
    int dp;         /* by sets of digits (cage_propagate_dp) */
    int mark;       /* index of the cage's mark (the first cage derives sums) */
    dorigin origin; /* a derived sum's */
    /* Houses holding two or more cells of the cage: the cage cells in each
     * (bits by index into cells) and the house cells outside the cage. */
    int nh;
    uint32_t *hin;
    const int **hout;
    int *hnout;
} cage;

/* ---- cages_sum.c: the propagator of a sum over distinct cells ------------- */

/* Lists the sets of k distinct digits from d..D summing to s (ascending
 * digits), with the digits chosen so far in have, into out (may be NULL to
 * count only); stops once *n passes cap. */
void cages_list_sets(int D, int d, int k, long s, rg_mask have, rg_mask *out, int *n, int cap);
/* How many sets of k distinct digits of 1..D sum to s, or cap + 1 when
 * more: what cages_list_sets counts (from d = 1, with this cap), from a
 * table made once per model. -1 without memory. */
int cages_count_sets(rg_build *b, int D, int k, long s, int cap);
/* The propagator of a cage of the document whose cells, D and sum are set:
 * its digit sets first (or bounds mode when there are too many). */
int cages_add_sum(rg_build *b, rg_rule *r, cage *c);
/* A sum derived over the n cells (one house holds them all) making total:
 * the same propagator, whose check the houses and cages make. */
int cages_add_derived(rg_build *b, rg_rule *r, const int *cells, int n, int D, long total,
                      const dorigin *origin);
/* In link: the houses holding two or more cells of c and some cell outside
 * it, where a digit the sum needs leaves the outside cells. */
int cages_house_lists(rg_build *b, rg_rule *r, cage *c);
/* The check of derived rules: always 1, since they follow from the houses
 * and cages, whose own checks decide every assignment. */
int cages_holds(const int *values, void *data);

/* The explain hooks of the sum propagators (cages_explain.c): a cage or a
 * sum derived over one house (data: a cage), a derived signed sum (a dsum). */
int cages_explain_sum(rg_why *w, void *data, const rg_mask *before, const rg_mask *after);
int cages_explain_signed(rg_why *w, void *data, const rg_mask *before, const rg_mask *after);

/* ---- cages_derive.c: sums derived from the units and sum cages ----------- */

/* An open-addressing set of indices (slot: index + 1, 0 empty) whose keys
 * the caller hashes and compares (cages_derive.c). */
typedef struct idxset {
    int *slot;
    unsigned cap; /* a power of two, at least twice the entries */
    int n;
} idxset;

/* The document's sum cages and the sums derived from them so far. */
typedef struct derive {
    int N, D, nh, ncages, ndone;
    const int **ccells;
    int *clen;
    long *csum;
    int *cage_of;       /* per cell: the sum cage holding it, or -1 */
    unsigned char *inu; /* per cell: in the union being looked at */
    int *seen;          /* per cage: stamp */
    int *nin;           /* per cage: its cells in the union */
    int stamp;
    int **csorted; /* per cage: its cells ascending (for cages_by_set) */
    idxset cages_by_set;
    /* Sums already derived, to skip repeats: their keys (sorted cells, or
     * for a signed sum 2 * cell + 1 when the cell counts negatively). At
     * most capdone of them; the arrays (malloc'd, freed by cages_derive)
     * have room for donecap. */
    int **done;
    int *donen;
    long *donesum;  /* the derived sums, */
    int *doneset;   /* whether their cells all differ (one house), */
    int *donemixed; /* and whether some cell counts negatively */
    int capdone, donecap;
    idxset done_by_key;
    /* The sums over distinct cells (doneset) by their first cell, CSR:
     * first_sum[first_off[c] .. first_off[c+1]-1], ascending. */
    int *first_off, *first_sum;
    int *ucells, *tcells, *tsign; /* scratch: the union's cells; a sum's terms */
    /* The origin of the sums being derived (how, k, units, cages) and the
     * units of the union (NULL for linear algebra). */
    dorigin o;
    const int *ohouses;
} derive;

/* Run once, by the first sum cage's link: derives sums from the units and
 * the sum cages (each added as a propagator), then adds the unit
 * propagators. Nothing when sum cages overlap. */
int cages_derive(rg_build *b, rg_rule *r);

/* ---- cages_signed.c, cages_unit.c ------------------------------------------ */

/* A derived sum that no house holds becomes a propagator only up to this
 * many cells (cages_derive.c). The longer ones (innies of unions of several
 * houses) almost never prune: on the first 13 puzzles of
 * corpus/variants/killer.jsonl the signed sums of 7 cells or more pruned on
 * 267 of their 122,532 runs, for over a quarter of the search's
 * instructions, and without them the search took no more guesses
 * (docs/bench.md, "Killer propagation cost"). Those of 4 to 6 cells stay:
 * at the sac level they keep the killer target (tests/cli/killer_target.sh).
 * The longer ones are still recorded, so that they count against capdone
 * and are not derived again. */
#define SIGNED_CELLS 6

/* A derived signed sum: sign[g] * (the digits of group g's cells) over
 * the ng groups makes total, group g the cells from start[g] to start[g + 1]
 * (n in all), each group's cells sharing a house (linsum.h's lsum, made
 * for a run by cages_signed.c). What a run reads comes first, 48 bytes: in
 * one cache line, the sum being 64-byte aligned (cages_derive.c). A killer
 * has a hundred to three hundred signed sums, and as an lsum with a cell
 * array of its own (about 250 bytes over three places) they did not stay
 * in the first-level cache (docs/bench.md, stop 65). */
typedef struct dsum {
    long total;
    unsigned char n, ng, D;
    signed char sign[SIGNED_CELLS];
    unsigned char start[SIGNED_CELLS + 1];
    int cells[SIGNED_CELLS];
    dorigin origin;
} dsum;

/* The propagator of the signed sum ds, its groups made. */
int cages_add_signed(rg_build *b, dsum *ds);
/* The propagators of every unit with the sum cages and derived sums in it. */
int cages_add_units(rg_build *b, rg_rule *r, derive *dv);

/* What the cages of one model share while it is built (host->model_data):
 * the first sum cage, which derives for all. */
typedef struct cages_model {
    const cage *first;
    /* ways[k * (smax + 1) + s]: the sets of k distinct digits of 1..D
     * summing to s (saturated), for the D of ways_digits (0: not made). */
    int ways_digits, smax;
    uint32_t *ways;
    /* sets[k * (smax + 1) + s]: the digit sets listed for a cage of k cells
     * summing to s (made once, shared by every such cage), with their
     * number (nsets, same index). */
    rg_mask **sets;
    int *nsets;
    /* Per house, how many cells of a list it holds (cages_touching; zero
     * between calls): room for hcap houses. */
    int *hcount, hcap;
} cages_model;

/* The model's block; NULL without memory (cages.c). */
cages_model *cages_model_of(rg_build *b);

/* The houses holding min or more of the n cells (ascending, each once) and
 * how many of the cells each holds: *houses and *count, one malloc'd block
 * that the caller frees (*houses). Returns how many, -1 without memory
 * (cages_sum.c). */
int cages_touching(rg_build *b, const int *cells, int n, int min, int **houses, int **count);

/* Is mark i a sum cage's (the plugin's own marks, key the sum; -1 for a cage
 * without one)? Then its cells, their number and the sum (cages.c). */
int cages_sum_mark(const rg_build *b, int i, const int **cells, int *n, long *sum);

/* The fields of a cage rule, as compile reads them: its cells and, when
 * has_sum, its sum (cages.c; the draw hook reads them again). */
int cages_read(rg_build *b, rg_rule *r, const int **cells, int *n, int *has_sum, long *sum);

/* The draw hook (cages_draw.c). */
int cages_draw(rg_draw *d, rg_build *b, rg_rule *r, void *data);

/* The generate hook (cages_gen.c). */
int cages_generate(rg_gen *g, const int *solution);

/* The index of cell in cells[0..n-1], or -1. */
static inline int cages_index_in(const int *cells, int n, int cell)
{
    for (int i = 0; i < n; i++)
        if (cells[i] == cell) return i;
    return -1;
}

/* a[0..n-1] ascending. The lists sorted here are short (a sum's key, a
 * cage's cells, the houses a cage touches): insertion, not qsort's calls
 * through a comparison. */
static inline void cages_sort_ints(int *a, int n)
{
    for (int i = 1; i < n; i++) {
        int x = a[i], j = i;
        for (; j > 0 && a[j - 1] > x; j--) a[j] = a[j - 1];
        a[j] = x;
    }
}

#endif
