/* The classic fast path's state (fast.c): the board as nine candidate
 * bitboards, the tables built once per model and the search stack. Shared
 * by fast.c and by the deductions and search of fast_solve.h, which are
 * compiled once per instruction set. */
#ifndef RG_SEARCH_FAST_STATE_H
#define RG_SEARCH_FAST_STATE_H

#include <stdint.h>
#include <string.h>

#include "base/mask.h"
#include "search/solver.h"

#define BAND     0x7FFFFFFu /* the 27 cells of a band */
#define ROW0     0x1FFu     /* row 0 of a band */
#define BOX0     0x1C0E07u  /* box 0 of a band */
#define COL0     0x40201u   /* column 0 of a band */
#define MINIROWS 0x1249249u /* bit 9r + 3k: the first cell of row r in box k */

/* Four 32-bit lanes (GCC and Clang vector extensions: SSE2 on x86-64,
 * NEON on ARM, plain words elsewhere): the three bands of a board and a
 * fourth lane, full in every digit board and in the placed cells, so that
 * it holds no open cell, no single and no failure. */
typedef uint32_t v4u __attribute__((vector_size(16)));
/* Two boards side by side (a 256-bit AVX2 register, or two of the
 * baseline's). */
typedef uint32_t v8u __attribute__((vector_size(32)));

typedef struct fstate {
    _Alignas(16) uint32_t c[9][4]; /* per digit, per band: the cells that may hold it */
    uint32_t solved[4];            /* placed cells (they keep only their digit) */
} fstate;

static inline v4u vload(const uint32_t *w)
{
    v4u v;
    memcpy(&v, w, sizeof v);
    return v;
}

static inline void vstore(uint32_t *w, v4u v) { memcpy(w, &v, sizeof v); }

/* Is some lane of v not zero? */
static inline int vany(v4u v)
{
#ifdef __SSE4_1__
    typedef long long v2ll __attribute__((vector_size(16)));
    return !__builtin_ia32_ptestz128((v2ll)v, (v2ll)v);
#else
    uint64_t h[2];
    memcpy(h, &v, sizeof h);
    return (h[0] | h[1]) != 0;
#endif
}

/* The cells of v, counted over its lanes (the fourth must be empty). */
static inline uint64_t vcount(v4u v)
{
    uint64_t h[2];
    memcpy(h, &v, sizeof h);
    return (uint64_t)__builtin_popcountll(h[0]) + (uint64_t)__builtin_popcountll(h[1]);
}

/* Per 3-bit group of m at the positions of pos (bits 0, s, 2s apart): one
 * bit or more among the three. */
#define ONE_OF_THREE(m, s, pos) (((m) | (m) >> (s) | (m) >> 2 * (s)) & (pos))
/* Per 3-bit group of m (bits 0, s, 2s apart), unmasked: one bit or more
 * to any, two or more to two (at the group's first bit). */
#define COUNT3(V, m, s, any, two)                                                                  \
    do {                                                                                           \
        V a_ = (m) >> (s), b_ = (m) >> 2 * (s), o_ = (m) | a_;                                     \
        any = o_ | b_;                                                                             \
        two = ((m)&a_) | (b_ & o_);                                                                \
    } while (0)

/* Hidden singles in rows, columns and boxes of the digit boards in w (a
 * vector of type V: one board, its three bands in lanes 0-2, or two
 * boards, lanes 0-2 and 4-6): the cells that are alone in one of their
 * houses to cells, and the houses that lost the digit (not zero) to bad.
 * The counts are of all the cells that hold the digit, placed ones
 * included: a house where it is placed holds it nowhere else (placing
 * removes it from the peers at once), so a house with one such cell has a
 * hidden single unless that cell is placed, and a house with none has
 * lost it. Rows and boxes come from each band's minirows; columns from
 * the three bands side by side (every band lane gets the same, by
 * rotating the band lanes with S1 and S2): a column holds it twice when a
 * position has two bands or two positions (rows of a band) have one. */
#define HIDDEN_CELLS(V, w, S1, S2, cells, bad)                                                     \
    do {                                                                                           \
        V m1, m2, r1, r2, b1, b2, c1, c2;                                                          \
        COUNT3(V, w, 1, m1, m2);                                                                   \
        m1 &= MINIROWS;                                                                            \
        m2 &= MINIROWS;                                                                            \
        COUNT3(V, m1, 3, r1, r2);                                                                  \
        COUNT3(V, m1, 9, b1, b2);                                                                  \
        r1 &= COL0;                                                                                \
        b1 &= 0x49u;                                                                               \
        V rows = r1 & ~(r2 | m2 | m2 >> 3 | m2 >> 6);                                              \
        V boxes = b1 & ~(b2 | m2 | m2 >> 9 | m2 >> 18);                                            \
        V s1 = S1, s2 = S2, ws1 = w | s1;                                                          \
        V any = ws1 | s2, two = (w & s1) | (s2 & ws1);                                             \
        COUNT3(V, any, 9, c1, c2);                                                                 \
        c1 &= ROW0;                                                                                \
        V cols = c1 & ~(c2 | two | two >> 9 | two >> 18);                                          \
        bad = (r1 ^ COL0) | (b1 ^ 0x49u) | (c1 ^ ROW0);                                            \
        V box3 = (boxes << 3) - boxes; /* rows * ROW0 and boxes * BOX0, no multiplying */          \
        V top = box3 | cols;           /* the same in the three rows of a band */                  \
        cells = ((rows << 9) - rows) | top | top << 9 | top << 18;                                 \
    } while (0)

/* Locked candidates by table, per 9-bit index of one band (bit 3r + k:
 * the digit is in the minirow of row r and box k): the cells of the band
 * it leaves (pointing and claiming along rows). Per 9-bit column mask of
 * one band: the columns where a box of the band holds it in that column
 * alone (pointing: it leaves the column in the other bands), and the cells
 * of the band it leaves when those columns hold it in this band only
 * (claiming). Shared by the fast path and the general path's digit boards
 * (bands.h). */
struct rg_band_tables {
    uint32_t rowkill[512];
    uint16_t colpoint[512];
    uint32_t colclaim[512];
};

/* The row (0 to side - 1), column (side to 2 side - 1) or box (2 side
 * on) of a side x side board (9 with 3 x 3 boxes, 16 with 4 x 4) holding
 * every cell of a[0..na) and b[0..nb) (na >= 1 for any), else -1
 * (fast.c). */
int rg_grid_house(int side, const int *a, int na, const int *b, int nb);

/* The tables, made once for the process on first use (fast.c). */
const struct rg_band_tables *rg_band_tables(void);

/* Locked candidates of one digit's cells u (a band a lane; pointing and
 * claiming, along rows and along columns): what they remove, per band. */
static inline v4u rg_band_locked(const struct rg_band_tables *t, v4u u)
{
    /* the minirows holding it (bit 9r + 3k), packed to bit 3r + k; the
     * columns holding it, per band */
    v4u mini = (u | u >> 1 | u >> 2) & MINIROWS, y = mini | mini >> 2 | mini >> 4;
    v4u index = (y & 7u) | (y >> 6 & 0x38u) | (y >> 12 & 0x1C0u);
    v4u fold = (u | u >> 9 | u >> 18) & ROW0;
    uint32_t f0 = fold[0], f1 = fold[1], f2 = fold[2];
    /* the columns pointing out of each band */
    uint32_t p0 = t->colpoint[f0] * COL0, p1 = t->colpoint[f1] * COL0, p2 = t->colpoint[f2] * COL0;
    /* built in registers: four stores to memory and a vector load of
     * them would stall */
    v4u kill = {t->rowkill[index[0]] | p1 | p2 | t->colclaim[f0 & ~f1 & ~f2],
                t->rowkill[index[1]] | p0 | p2 | t->colclaim[f1 & ~f0 & ~f2],
                t->rowkill[index[2]] | p0 | p1 | t->colclaim[f2 & ~f0 & ~f1], 0};
    return kill;
}

typedef struct fframe {
    int cell;
    rg_mask digits; /* the cell's digits */
    rg_mask left;   /* digits still to try */
} fframe;

struct rg_fast {
    /* per cell, its 20 peers (a band a lane), indexed by the cell's bit
     * in a board's four lanes (32b + its bit in band b) */
    _Alignas(16) uint32_t peers[96][4];
    const struct rg_band_tables *tab; /* locked candidates */
    /* per digit, the cells whose root domain has it (and the fourth lane
     * full, as in a board) */
    _Alignas(16) uint32_t allow[9][4];
    int root_empty;      /* some cell's root domain is empty */
    uint32_t weight[81]; /* domwdeg: failures blamed on the cell, + 1 */
    uint32_t maxw;
    /* The digits whose board changed since hidden singles (hdirty) and
     * locked candidates (ldirty) last looked at them in this propagation. */
    unsigned hdirty, ldirty;
    int inter;        /* locked candidates (intersections level) */
    int used;         /* the last rg_solve ran here */
    int avx2;         /* run the AVX2 build of fast_solve.h (fast_avx2.c) */
    fstate stack[83]; /* depth 0 is the root */
    fframe frames[82];
};

static inline int lone(uint32_t w) { return w && !(w & (w - 1)); }

/* The digits cell c may hold. */
static inline rg_mask cell_digits(const fstate *x, int c)
{
    rg_mask m = 0;
    for (int d = 0; d < 9; d++) m |= ((x->c[d][c / 27] >> (c % 27)) & 1u) << d;
    return m;
}

#endif
