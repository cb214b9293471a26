/* The linear-equation module of the cages plugin (plugins/cages/lineq.c),
 * which reads the units and sum cages of a board as equations and reports
 * every sum of one, two or three cells (each with sign +1 or -1) that they
 * imply. Checked here against methods written out again in the test:
 *  - soundness on 4 x 4 sudokus: every reported sum holds on each of the 288
 *    grids that satisfies the cages, not only on the grid they came from;
 *  - completeness on the same random systems: an exact row reduction over
 *    the rationals (fractions of whole numbers, not lineq's kernel
 *    signatures) lists the singles, pairs and triples that the equations
 *    fix, and lineq must report exactly those that its rules keep;
 *  - known values on a 9 x 9 sudoku worked out by hand (an innie, an outie
 *    difference, the sum of two cells, the sum of three);
 *  - a system with no solution reports nothing, as does one whose numbers
 *    overflow, and sums that are not whole numbers are left out;
 *  - the edges of the interface: no cells, no equations, too many cells,
 *    and a nonzero return of the callback ending the search.
 * RULEGRID_TEST_SCALE (set under Valgrind and the sanitizers) takes a fifth
 * of the random trials. */
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "lineq.h"

/* Random trials of the 4 x 4 checks (a fifth under RULEGRID_TEST_SCALE). */
static int trials(int n)
{
    const char *s = getenv("RULEGRID_TEST_SCALE");
    return s && *s ? (n + 4) / 5 : n;
}

/* A fixed-seed generator (splitmix64), so that a failure is reproduced. */
static uint64_t rng_state = 0x6C696E6571ull;

static unsigned rnd(unsigned n)
{
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    return (unsigned)(z % n);
}

/* ---- What lineq reported ---------------------------------------------- */

/* One reported sum, in a canonical form: cells in increasing order and the
 * first sign +1 (turning every sign turns the total too). */
typedef struct fact {
    int n, cell[3], sign[3];
    long total;
} fact;

typedef struct facts {
    int ncells; /* cells of the board, for the range check */
    fact *v;    /* the sums reported, in order */
    int n, cap;
    int calls;   /* calls of the callback */
    int stop_at; /* return stop_rc at this call (0: never) */
    int stop_rc;
    int kinds[4]; /* reports of 1, 2 and 3 cells */
} facts;

/* The callback given to lineq_derive: checks the shape of every report
 * (one to three distinct cells of the board, signs +1 or -1) and keeps it
 * in canonical form. */
static int collect(void *ctx, const int *cells, const int *sign, int n, long total)
{
    facts *F = ctx;
    F->calls++;
    assert_true(n >= 1 && n <= 3);
    fact f;
    memset(&f, 0, sizeof f);
    f.n = n;
    f.total = total;
    for (int i = 0; i < n; i++) {
        assert_true(cells[i] >= 0 && cells[i] < F->ncells);
        assert_true(sign[i] == 1 || sign[i] == -1);
        for (int j = 0; j < i; j++) assert_int_not_equal(cells[i], cells[j]);
        /* Insertion by cell. */
        int k = i;
        while (k > 0 && f.cell[k - 1] > cells[i]) {
            f.cell[k] = f.cell[k - 1];
            f.sign[k] = f.sign[k - 1];
            k--;
        }
        f.cell[k] = cells[i];
        f.sign[k] = sign[i];
    }
    if (f.sign[0] < 0) {
        for (int i = 0; i < n; i++) f.sign[i] = -f.sign[i];
        f.total = -f.total;
    }
    if (F->n == F->cap) {
        F->cap = F->cap ? 2 * F->cap : 64;
        F->v = realloc(F->v, (size_t)F->cap * sizeof *F->v);
        assert_non_null(F->v);
    }
    F->v[F->n++] = f;
    F->kinds[n]++;
    return F->stop_at && F->calls == F->stop_at ? F->stop_rc : 0;
}

static void facts_init(facts *F, int ncells)
{
    memset(F, 0, sizeof *F);
    F->ncells = ncells;
}

static void facts_free(facts *F)
{
    free(F->v);
    F->v = NULL;
    F->n = F->cap = 0;
}

/* Order of canonical sums by their cells and signs (not the total). */
static int fact_cmp(const void *pa, const void *pb)
{
    const fact *a = pa, *b = pb;
    if (a->n != b->n) return a->n < b->n ? -1 : 1;
    for (int i = 0; i < a->n; i++) {
        if (a->cell[i] != b->cell[i]) return a->cell[i] < b->cell[i] ? -1 : 1;
        if (a->sign[i] != b->sign[i]) return a->sign[i] < b->sign[i] ? -1 : 1;
    }
    return 0;
}

/* Sorts the reports and checks that none is reported twice (lineq.h: each
 * sum once, up to turning every sign). */
static void facts_sort_unique(facts *F)
{
    if (F->n) qsort(F->v, (size_t)F->n, sizeof *F->v, fact_cmp);
    for (int i = 1; i < F->n; i++) assert_int_not_equal(fact_cmp(&F->v[i - 1], &F->v[i]), 0);
}

/* The report of these cells and signs (canonical form), or NULL. */
static const fact *facts_find(const facts *F, int n, const int *cell, const int *sign)
{
    fact key;
    memset(&key, 0, sizeof key);
    key.n = n;
    for (int i = 0; i < n; i++) key.cell[i] = cell[i], key.sign[i] = sign[i];
    if (!F->n) return NULL;
    return bsearch(&key, F->v, (size_t)F->n, sizeof *F->v, fact_cmp);
}

/* ---- Systems of equations --------------------------------------------- */

#define MAXC 81 /* cells of the largest board here (9 x 9) */
#define MAXS 64 /* equations of a system */

/* The equations given to lineq_derive: set i is lens[i] cells adding up to
 * sums[i]. */
typedef struct sys {
    int ncells, nsets;
    const int *sets[MAXS];
    int lens[MAXS];
    long sums[MAXS];
    int store[MAXS][MAXC];
} sys;

static void sys_init(sys *s, int ncells)
{
    memset(s, 0, sizeof *s);
    s->ncells = ncells;
}

static void sys_add(sys *s, const int *cells, int n, long sum)
{
    assert_true(s->nsets < MAXS && n <= MAXC);
    memcpy(s->store[s->nsets], cells, (size_t)n * sizeof *cells);
    s->sets[s->nsets] = s->store[s->nsets];
    s->lens[s->nsets] = n;
    s->sums[s->nsets] = sum;
    s->nsets++;
}

/* A set with the sum the grid g gives it. */
static void sys_add_from(sys *s, const int *cells, int n, const int *g)
{
    long t = 0;
    for (int i = 0; i < n; i++) t += g[cells[i]];
    sys_add(s, cells, n, t);
}

/* The rows, columns and boxes (bh x bw) of a D x D sudoku, each adding up
 * to D(D+1)/2. */
static void sys_add_units(sys *s, int D, int bh, int bw)
{
    int cells[MAXC];
    long total = (long)D * (D + 1) / 2;
    for (int r = 0; r < D; r++) {
        for (int c = 0; c < D; c++) cells[c] = r * D + c;
        sys_add(s, cells, D, total);
    }
    for (int c = 0; c < D; c++) {
        for (int r = 0; r < D; r++) cells[r] = r * D + c;
        sys_add(s, cells, D, total);
    }
    for (int br = 0; br < D; br += bh)
        for (int bc = 0; bc < D; bc += bw) {
            int n = 0;
            for (int r = br; r < br + bh; r++)
                for (int c = bc; c < bc + bw; c++) cells[n++] = r * D + c;
            sys_add(s, cells, n, total);
        }
}

static int derive(const sys *s, facts *F)
{
    facts_init(F, s->ncells);
    return lineq_derive(s->ncells, s->sets, s->lens, s->sums, s->nsets, collect, F);
}

/* ---- An independent check: exact row reduction over the rationals ----- */

/* A fraction p / q in lowest terms with q > 0. */
typedef struct frac {
    long long p, q;
} frac;

static frac fr_make(__int128 p, __int128 q)
{
    assert_true(q != 0);
    if (q < 0) p = -p, q = -q;
    __int128 a = p < 0 ? -p : p, b = q;
    while (b) {
        __int128 t = a % b;
        a = b;
        b = t;
    }
    if (a > 1) p /= a, q /= a;
    /* These small systems stay far from the limits; say so if not. */
    assert_true(p >= LLONG_MIN && p <= LLONG_MAX && q <= LLONG_MAX);
    return (frac){(long long)p, (long long)q};
}

/* x - y * z */
static frac fr_sub_mul(frac x, frac y, frac z)
{
    if (y.p == 0 || z.p == 0) return x;
    /* y * z in lowest terms first, to keep the numbers small. */
    frac yz = fr_make((__int128)y.p * z.p, (__int128)y.q * z.q);
    return fr_make((__int128)x.p * yz.q - (__int128)yz.p * x.q, (__int128)x.q * yz.q);
}

/* The equations in reduced row echelon form: row r has 1 in column piv[r]
 * and 0 in every other pivot column; column nc holds the totals. */
typedef struct rspace {
    int nc, rank, consistent;
    int piv[MAXS];
    int rowof[MAXC]; /* the row whose pivot a column is, or -1 */
    frac row[MAXS][MAXC + 1];
} rspace;

static void rs_build(rspace *R, const sys *s)
{
    memset(R, 0, sizeof *R);
    R->nc = s->ncells;
    R->consistent = 1;
    for (int c = 0; c < R->nc; c++) R->rowof[c] = -1;
    const int w = R->nc + 1;
    for (int e = 0; e < s->nsets; e++) {
        frac v[MAXC + 1];
        for (int c = 0; c < w; c++) v[c] = (frac){0, 1};
        for (int k = 0; k < s->lens[e]; k++) v[s->sets[e][k]] = (frac){1, 1};
        v[R->nc] = (frac){s->sums[e], 1};
        /* Take out what the rows so far already say. */
        for (int r = 0; r < R->rank; r++) {
            frac f = v[R->piv[r]];
            if (f.p == 0) continue;
            for (int c = 0; c < w; c++) v[c] = fr_sub_mul(v[c], f, R->row[r][c]);
        }
        int p = 0;
        while (p < R->nc && v[p].p == 0) p++;
        if (p == R->nc) {
            if (v[R->nc].p != 0) R->consistent = 0; /* 0 = nonzero */
            continue;
        }
        /* Scale the new row to 1 at its pivot, clear that column elsewhere. */
        frac inv = fr_make(v[p].q, v[p].p);
        for (int c = 0; c < w; c++)
            v[c] = fr_make((__int128)v[c].p * inv.p, (__int128)v[c].q * inv.q);
        for (int r = 0; r < R->rank; r++) {
            frac f = R->row[r][p];
            if (f.p == 0) continue;
            for (int c = 0; c < w; c++) R->row[r][c] = fr_sub_mul(R->row[r][c], f, v[c]);
        }
        assert_true(R->rank < MAXS);
        memcpy(R->row[R->rank], v, sizeof v);
        R->piv[R->rank] = p;
        R->rowof[p] = R->rank;
        R->rank++;
    }
}

/* Is sum sign[i] * x_{cells[i]} the same on every rational solution, that
 * is, is the vector a combination of the equations? Its value into *val.
 * In reduced form, only the rows whose pivot is one of the cells can take
 * part, with the cell's sign as weight; what is left must be zero. */
static int rs_fixed(const rspace *R, const int *cells, const int *sign, int n, frac *val)
{
    frac w[MAXC + 1];
    for (int c = 0; c <= R->nc; c++) w[c] = (frac){0, 1};
    for (int i = 0; i < n; i++) w[cells[i]] = (frac){sign[i], 1};
    for (int i = 0; i < n; i++) {
        int r = R->rowof[cells[i]];
        if (r < 0) continue;
        frac f = {sign[i], 1};
        for (int c = 0; c <= R->nc; c++) w[c] = fr_sub_mul(w[c], f, R->row[r][c]);
    }
    for (int c = 0; c < R->nc; c++)
        if (w[c].p != 0) return 0;
    if (val) *val = (frac){-w[R->nc].p, w[R->nc].q};
    return 1;
}

/* The sum's value from the row reduction, which must be a whole number
 * (every system here has a solution in whole numbers), and lineq's total. */
static void assert_value(const rspace *R, const fact *f)
{
    frac v;
    assert_true(rs_fixed(R, f->cell, f->sign, f->n, &v));
    assert_int_equal(v.q, 1);
    assert_int_equal(v.p, f->total);
}

/* lineq's reports against the row reduction. Every report is a sum that the
 * equations fix, with the right value. And every fixed sum that lineq's
 * rules keep is reported: a single cell; a pair when neither cell is fixed
 * alone; a triple when no cell of it is fixed alone and none of its three
 * pairs is fixed (such a triple would follow from a single and a pair). */
static void assert_complete(const rspace *R, const facts *F)
{
    const int nc = R->nc;
    for (int i = 0; i < F->n; i++) assert_value(R, &F->v[i]);
    int expect[4] = {0, 0, 0, 0};
    static unsigned char single[MAXC];
    static unsigned char pair[MAXC][MAXC][2]; /* [a][b][sign of b < 0], a < b */
    int cells[3], sign[3] = {1, 1, 1};
    for (int a = 0; a < nc; a++) {
        cells[0] = a;
        single[a] = (unsigned char)rs_fixed(R, cells, sign, 1, NULL);
        if (single[a]) {
            expect[1]++;
            if (!facts_find(F, 1, cells, sign)) fail_msg("cell %d is fixed but not reported", a);
        }
    }
    for (int a = 0; a < nc; a++)
        for (int b = a + 1; b < nc; b++)
            for (int s = 0; s < 2; s++) {
                cells[0] = a, cells[1] = b, sign[1] = s ? -1 : 1;
                pair[a][b][s] = (unsigned char)rs_fixed(R, cells, sign, 2, NULL);
                if (pair[a][b][s] && !single[a] && !single[b]) {
                    expect[2]++;
                    if (!facts_find(F, 2, cells, sign))
                        fail_msg("%d %c %d is fixed but not reported", a, s ? '-' : '+', b);
                }
            }
    sign[1] = 1;
    for (int a = 0; a < nc; a++)
        for (int b = a + 1; b < nc; b++)
            for (int c = b + 1; c < nc; c++) {
                if (single[a] || single[b] || single[c]) continue;
                for (int sb = 0; sb < 2; sb++)
                    for (int sc = 0; sc < 2; sc++) {
                        /* The three pairs, each with its first sign +1. */
                        if (pair[a][b][sb] || pair[a][c][sc] || pair[b][c][sb != sc]) continue;
                        cells[0] = a, cells[1] = b, cells[2] = c;
                        sign[1] = sb ? -1 : 1, sign[2] = sc ? -1 : 1;
                        if (!rs_fixed(R, cells, sign, 3, NULL)) continue;
                        expect[3]++;
                        if (!facts_find(F, 3, cells, sign))
                            fail_msg("%d %c %d %c %d is fixed but not reported", a, sb ? '-' : '+',
                                     b, sc ? '-' : '+', c);
                    }
            }
    /* Nothing else: the counts match (reports are distinct, see
     * facts_sort_unique). */
    assert_int_equal(F->kinds[1], expect[1]);
    assert_int_equal(F->kinds[2], expect[2]);
    assert_int_equal(F->kinds[3], expect[3]);
}

/* ---- 4 x 4 sudokus ----------------------------------------------------- */

static int grids[288][16];
static int ngrids;

static int fits4(const int *g, int cell, int d)
{
    int r = cell / 4, c = cell % 4, br = r / 2 * 2, bc = c / 2 * 2;
    for (int k = 0; k < 4; k++) {
        if (k != c && g[r * 4 + k] == d) return 0;
        if (k != r && g[k * 4 + c] == d) return 0;
        int rr = br + k / 2, cc = bc + k % 2;
        if ((rr != r || cc != c) && g[rr * 4 + cc] == d) return 0;
    }
    return 1;
}

static void fill4(int *g, int cell)
{
    if (cell == 16) {
        assert_true(ngrids < 288);
        memcpy(grids[ngrids++], g, 16 * sizeof *g);
        return;
    }
    for (int d = 1; d <= 4; d++)
        if (fits4(g, cell, d)) {
            g[cell] = d;
            fill4(g, cell + 1);
            g[cell] = 0;
        }
}

/* Every 4 x 4 sudoku, by brute force (once). */
static void all_grids4(void)
{
    if (ngrids) return;
    int g[16] = {0};
    fill4(g, 0);
    assert_int_equal(ngrids, 288);
}

/* Cages of one to four cells covering the 16 cells: in connected pieces
 * (grown by orthogonal steps) or in arbitrary ones. Returns the count. */
static int random_cages(int cage[16][4], int *len, int connected)
{
    int free_[16], nfree = 16, ncages = 0, taken[16] = {0};
    for (int i = 0; i < 16; i++) free_[i] = i;
    while (nfree) {
        int want = 1 + (int)rnd(4), n = 0;
        int start = free_[rnd((unsigned)nfree)];
        cage[ncages][n++] = start;
        taken[start] = 1;
        while (n < want) {
            int cand[16], nc = 0;
            for (int c = 0; c < 16; c++) {
                if (taken[c]) continue;
                if (!connected) {
                    cand[nc++] = c;
                    continue;
                }
                for (int i = 0; i < n; i++) {
                    int d = cage[ncages][i];
                    if ((c == d - 4) || (c == d + 4) || (c == d - 1 && d % 4) ||
                        (c == d + 1 && c % 4)) {
                        cand[nc++] = c;
                        break;
                    }
                }
            }
            if (!nc) break;
            int c = cand[rnd((unsigned)nc)];
            cage[ncages][n++] = c;
            taken[c] = 1;
        }
        len[ncages++] = n;
        nfree = 0;
        for (int c = 0; c < 16; c++)
            if (!taken[c]) free_[nfree++] = c;
    }
    return ncages;
}

/* Random 4 x 4 systems, units and cages with the sums of a random grid:
 * every report holds on every grid that the cages allow (soundness), and
 * the reports are exactly the fixed sums of the row reduction
 * (completeness). Half the trials give every cage; the others leave some
 * out, so that fewer cells are fixed and more pairs and triples show. */
static void random_4x4(void **state)
{
    (void)state;
    all_grids4();
    static rspace R;
    int seen[4] = {0, 0, 0, 0};
    const int n = trials(200);
    for (int t = 0; t < n; t++) {
        const int *G = grids[rnd(288)];
        int cage[16][4], len[16];
        int ncages = random_cages(cage, len, t % 4 < 2);
        sys s;
        sys_init(&s, 16);
        sys_add_units(&s, 4, 2, 2);
        int keep_every = t % 2 == 0;
        for (int k = 0; k < ncages; k++)
            if (keep_every || rnd(3) == 0) sys_add_from(&s, cage[k], len[k], G);

        facts F;
        assert_int_equal(derive(&s, &F), 0);
        facts_sort_unique(&F);
        for (int k = 1; k <= 3; k++) seen[k] += F.kinds[k];

        /* Soundness: on every grid that the cages allow. */
        int allowed = 0;
        for (int g = 0; g < 288; g++) {
            const int *H = grids[g];
            int ok = 1;
            for (int e = 0; e < s.nsets && ok; e++) {
                long sum = 0;
                for (int k = 0; k < s.lens[e]; k++) sum += H[s.sets[e][k]];
                ok = sum == s.sums[e];
            }
            if (!ok) continue;
            allowed++;
            for (int i = 0; i < F.n; i++) {
                long v = 0;
                for (int k = 0; k < F.v[i].n; k++) v += F.v[i].sign[k] * H[F.v[i].cell[k]];
                assert_int_equal(v, F.v[i].total);
            }
        }
        assert_true(allowed >= 1); /* G at least */

        /* Completeness against the row reduction. */
        rs_build(&R, &s);
        assert_true(R.consistent);
        assert_complete(&R, &F);
        facts_free(&F);
    }
    /* The trials reach every kind of report. */
    assert_true(seen[1] > 0 && seen[2] > 0 && seen[3] > 0);
}

/* The units of a board alone (cells cells, D digits, boxes bh x bw) fix no
 * sum of three cells or fewer: lineq reports nothing and the row reduction
 * agrees. Leaves s holding the units and R their row space. */
static void units_alone(sys *s, rspace *R, int cells, int D, int bh, int bw)
{
    facts F;
    sys_init(s, cells);
    sys_add_units(s, D, bh, bw);
    assert_int_equal(derive(s, &F), 0);
    assert_int_equal(F.calls, 0);
    rs_build(R, s);
    facts_sort_unique(&F);
    assert_complete(R, &F);
    facts_free(&F);
}

/* The units of 4 x 4 alone fix nothing small; a 4 x 4 with every cell a
 * cage of one is fixed cell by cell (16 singles, nothing else). */
static void units_and_givens_4x4(void **state)
{
    (void)state;
    all_grids4();
    static rspace R;
    sys s;
    facts F;
    units_alone(&s, &R, 16, 4, 2, 2);

    const int *G = grids[137];
    for (int c = 0; c < 16; c++) sys_add_from(&s, &c, 1, G);
    assert_int_equal(derive(&s, &F), 0);
    assert_int_equal(F.calls, 16);
    assert_int_equal(F.kinds[1], 16);
    facts_sort_unique(&F);
    for (int c = 0; c < 16; c++) {
        assert_int_equal(F.v[c].cell[0], c);
        assert_int_equal(F.v[c].total, G[c]);
    }
    facts_free(&F);
}

/* ---- 9 x 9, worked out by hand ----------------------------------------- */

/* Asserts that the sum of the n cells with these signs (canonical form) is
 * reported with the given total. */
static void assert_reported(const facts *F, int n, const int *cell, const int *sign, long total)
{
    const fact *f = facts_find(F, n, cell, sign);
    if (!f) fail_msg("the sum of %d cells from cell %d is not reported", n, cell[0]);
    assert_int_equal(f->total, total);
}

/* A valid 9 x 9 sudoku (the shifted pattern), checked; cells r * 9 + c. */
static void grid9(int *g)
{
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++) g[r * 9 + c] = ((r % 3) * 3 + r / 3 + c) % 9 + 1;
    for (int u = 0; u < 9; u++) {
        int row = 0, col = 0, box = 0;
        for (int k = 0; k < 9; k++) {
            row |= 1 << g[u * 9 + k];
            col |= 1 << g[k * 9 + u];
            box |= 1 << g[(u / 3 * 3 + k / 3) * 9 + u % 3 * 3 + k % 3];
        }
        assert_int_equal(row, 0x3FE);
        assert_int_equal(col, 0x3FE);
        assert_int_equal(box, 0x3FE);
    }
}

/* The 27 units of 9 x 9 with five cages whose consequences are known:
 *  - A = r1c1-r1c4 and B = r1c5-r1c8 leave r1c9 of row 1 (an innie):
 *    r1c9 = 45 - A - B;
 *  - C = row 5 without r5c9, plus r6c9 (an outie): C - 45 = r6c9 - r5c9,
 *    so r5c9 - r6c9 = 45 - C;
 *  - D = box 7 without r9c1 and r9c2: r9c1 + r9c2 = 45 - D;
 *  - E = r3c1-r3c6: r3c7 + r3c8 + r3c9 = 45 - E.
 * The sums come from a valid grid, so the totals are its digits. The whole
 * report is also checked against the row reduction. */
static void known_9x9(void **state)
{
    (void)state;
    int G[81];
    grid9(G);
    static rspace R;
    sys s;
    facts F;
    units_alone(&s, &R, 81, 9, 3, 3);

    static const int A[] = {0, 1, 2, 3}, B[] = {4, 5, 6, 7};
    static const int C[] = {36, 37, 38, 39, 40, 41, 42, 43, 53};
    static const int D[] = {54, 55, 56, 63, 64, 65, 74};
    static const int E[] = {18, 19, 20, 21, 22, 23};
    sys_add_from(&s, A, 4, G);
    sys_add_from(&s, B, 4, G);
    sys_add_from(&s, C, 9, G);
    sys_add_from(&s, D, 7, G);
    sys_add_from(&s, E, 6, G);
    assert_int_equal(derive(&s, &F), 0);
    facts_sort_unique(&F);

    const int one[3] = {1, 1, 1};
    static const int innie[] = {8};
    assert_reported(&F, 1, innie, one, G[8]);
    static const int outie[] = {44, 53}, minus[] = {1, -1};
    assert_reported(&F, 2, outie, minus, G[44] - G[53]);
    static const int pair[] = {72, 73};
    assert_reported(&F, 2, pair, one, G[72] + G[73]);
    static const int triple[] = {24, 25, 26};
    assert_reported(&F, 3, triple, one, G[24] + G[25] + G[26]);
    /* And nothing more: the innie is the only cell fixed (a cage of four
     * does not fix its cells, nor do the cells of the outie alone), and the
     * two pairs and the triple are the only others. */
    assert_int_equal(F.kinds[1], 1);
    assert_int_equal(F.kinds[2], 2);
    assert_int_equal(F.kinds[3], 1);

    rs_build(&R, &s);
    assert_true(R.consistent);
    assert_complete(&R, &F);
    facts_free(&F);
}

/* ---- Systems with nothing to say --------------------------------------- */

/* Equations that no assignment satisfies give no report and return 0. */
static void inconsistent(void **state)
{
    (void)state;
    sys s;
    facts F;
    /* Row 1 of a 4 x 4 split into two cages adding up to 11, not 10. */
    sys_init(&s, 16);
    sys_add_units(&s, 4, 2, 2);
    static const int left[] = {0, 1}, right[] = {2, 3};
    sys_add(&s, left, 2, 3);
    sys_add(&s, right, 2, 8);
    assert_int_equal(derive(&s, &F), 0);
    assert_int_equal(F.calls, 0);
    facts_free(&F);

    /* The control: with 3 + 7 the same system is consistent, and it does
     * fix sums (r1c1 + r1c2 for one). */
    s.sums[s.nsets - 1] = 7;
    assert_int_equal(derive(&s, &F), 0);
    assert_true(F.calls > 0);
    facts_free(&F);

    /* Two cages over the whole board, 21 + 20 = 41, where the rows say 40:
     * the conflict shows only when the equations are combined. */
    static const int top[] = {0, 1, 2, 3, 4, 5, 6, 7};
    static const int bottom[] = {8, 9, 10, 11, 12, 13, 14, 15};
    sys_init(&s, 16);
    sys_add_units(&s, 4, 2, 2);
    sys_add(&s, top, 8, 21);
    sys_add(&s, bottom, 8, 20);
    assert_int_equal(derive(&s, &F), 0);
    assert_int_equal(F.calls, 0);
    facts_free(&F);

    /* The same cage given twice with different sums. */
    sys_init(&s, 4);
    sys_add(&s, left, 2, 3);
    sys_add(&s, left, 2, 4);
    assert_int_equal(derive(&s, &F), 0);
    assert_int_equal(F.calls, 0);
    facts_free(&F);
}

/* Sums whose value is not a whole number are not reported: a + b = b + c =
 * a + c = 3 makes each cell 3/2. */
static void not_whole(void **state)
{
    (void)state;
    sys s;
    facts F;
    static const int ab[] = {0, 1}, bc[] = {1, 2}, ac[] = {0, 2};
    sys_init(&s, 3);
    sys_add(&s, ab, 2, 3);
    sys_add(&s, bc, 2, 3);
    sys_add(&s, ac, 2, 3);
    assert_int_equal(derive(&s, &F), 0);
    assert_int_equal(F.calls, 0);
    facts_free(&F);
    /* With a + c = 4 instead: a = 2, b = 1, c = 2, all whole, and all
     * three are reported. */
    s.sums[2] = 4;
    assert_int_equal(derive(&s, &F), 0);
    assert_int_equal(F.calls, 3);
    facts_sort_unique(&F);
    const int one[1] = {1};
    for (int c = 0; c < 3; c++) assert_reported(&F, 1, &c, one, c == 1 ? 1 : 2);
    facts_free(&F);
}

/* Totals that overflow the exact arithmetic give nothing (lineq.h): a = -M
 * and a + b = M, with M the largest long. */
static void overflow(void **state)
{
    (void)state;
    sys s;
    facts F;
    static const int a[] = {0}, ab[] = {0, 1};
    sys_init(&s, 2);
    sys_add(&s, a, 1, -LONG_MAX);
    sys_add(&s, ab, 2, LONG_MAX);
    assert_int_equal(derive(&s, &F), 0);
    assert_int_equal(F.calls, 0);
    facts_free(&F);
}

/* ---- The edges of the interface ---------------------------------------- */

/* No cells, no equations, a negative or too large count of cells: 0 and
 * not a call. At exactly LINEQ_MAX_CELLS cells the search runs. */
static void edges(void **state)
{
    (void)state;
    static const int a[] = {0}, bc[] = {1, 2};
    const int *sets[] = {a, bc};
    const int lens[] = {1, 2};
    const long sums[] = {5, 7};
    facts F;

    facts_init(&F, 4);
    assert_int_equal(lineq_derive(4, sets, lens, sums, 0, collect, &F), 0);
    assert_int_equal(lineq_derive(0, sets, lens, sums, 2, collect, &F), 0);
    assert_int_equal(lineq_derive(-1, sets, lens, sums, 2, collect, &F), 0);
    assert_int_equal(lineq_derive(0, NULL, NULL, NULL, 0, collect, &F), 0);
    assert_int_equal(F.calls, 0);
    F.ncells = LINEQ_MAX_CELLS + 1;
    assert_int_equal(lineq_derive(LINEQ_MAX_CELLS + 1, sets, lens, sums, 2, collect, &F), 0);
    assert_int_equal(F.calls, 0);
    facts_free(&F);

    /* The largest board: a = 5 and b + c = 7, nothing else. */
    facts_init(&F, LINEQ_MAX_CELLS);
    assert_int_equal(lineq_derive(LINEQ_MAX_CELLS, sets, lens, sums, 2, collect, &F), 0);
    assert_int_equal(F.calls, 2);
    facts_sort_unique(&F);
    const int one[2] = {1, 1};
    assert_reported(&F, 1, a, one, 5);
    assert_reported(&F, 2, bc, one, 7);
    facts_free(&F);

    /* The smallest: one cell, one equation. */
    facts_init(&F, 1);
    assert_int_equal(lineq_derive(1, sets, lens, sums, 1, collect, &F), 0);
    assert_int_equal(F.calls, 1);
    assert_int_equal(F.v[0].total, 5);
    facts_free(&F);
}

/* A nonzero return of the callback ends the search there and is passed
 * back, at whichever report it comes: on a system with singles, pairs and
 * triples, stopping at call k makes exactly k calls. */
static void emit_stops(void **state)
{
    (void)state;
    all_grids4();
    /* 4 x 4 units with cages r1c1-r1c3, r2c1 + r2c2 and r4c1: 3 singles,
     * 3 pairs and 11 triples, in lineq's order singles and pairs mixed
     * (r1c1 + r1c2, r1c3, r1c4, r2c1 + r2c2, ...), then the triples. */
    const int *G = grids[0];
    static const int c1[] = {0, 1, 2}, c2[] = {4, 5}, c3[] = {12};
    sys s;
    sys_init(&s, 16);
    sys_add_units(&s, 4, 2, 2);
    sys_add_from(&s, c1, 3, G);
    sys_add_from(&s, c2, 2, G);
    sys_add_from(&s, c3, 1, G);
    facts F;
    static rspace R;
    assert_int_equal(derive(&s, &F), 0);
    assert_int_equal(F.kinds[1], 3);
    assert_int_equal(F.kinds[2], 3);
    assert_int_equal(F.kinds[3], 11);
    facts_sort_unique(&F);
    rs_build(&R, &s);
    assert_complete(&R, &F);
    facts_free(&F);

    /* The reports in lineq's order, then the search stopped at each. */
    facts ref;
    assert_int_equal(derive(&s, &ref), 0);
    const int all = ref.calls;
    for (int k = 1; k <= all; k++) {
        facts S;
        facts_init(&S, 16);
        S.stop_at = k;
        S.stop_rc = k % 2 ? 100 + k : -100 - k;
        assert_int_equal(lineq_derive(16, s.sets, s.lens, s.sums, s.nsets, collect, &S), S.stop_rc);
        assert_int_equal(S.calls, k);
        /* The same reports in the same order up to the stop. */
        for (int i = 0; i < k; i++) assert_int_equal(fact_cmp(&S.v[i], &ref.v[i]), 0);
        facts_free(&S);
    }
    facts_free(&ref);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(random_4x4), cmocka_unit_test(units_and_givens_4x4),
        cmocka_unit_test(known_9x9),  cmocka_unit_test(inconsistent),
        cmocka_unit_test(not_whole),  cmocka_unit_test(overflow),
        cmocka_unit_test(edges),      cmocka_unit_test(emit_stops),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
