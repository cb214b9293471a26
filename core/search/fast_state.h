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

typedef struct fframe {
    int cell;
    rg_mask digits; /* the cell's digits */
    rg_mask left;   /* digits still to try */
} fframe;

struct rg_fast {
    /* per cell, its 20 peers (a band a lane), indexed by the cell's bit
     * in a board's four lanes (32b + its bit in band b) */
    _Alignas(16) uint32_t peers[96][4];
    /* Locked candidates by table, per 9-bit index of one band (bit 3r + k:
     * the digit is in the minirow of row r and box k): the cells of the
     * band it leaves (pointing and claiming along rows). Per 9-bit column
     * mask of one band: the columns where a box of the band holds it in
     * that column alone (pointing: it leaves the column in the other
     * bands), and the cells of the band it leaves when those columns hold
     * it in this band only (claiming). */
    uint32_t rowkill[512];
    uint16_t colpoint[512];
    uint32_t colclaim[512];
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
