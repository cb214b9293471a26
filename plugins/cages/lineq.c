/* Sums of at most three cells implied by the units and sum cages taken as
 * linear equations (lineq.h): the echelon form of the system, then the cells
 * whose signatures cancel, found through a hash that is linear. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lineq.h"

/* The equations are brought to reduced row echelon form over the integers
 * (each row kept divided by the gcd of its entries). A row r then reads
 * piv_r x_{p_r} + sum over free cells f of R_r[f] x_f = beta_r. A weighted
 * sum v.x is the same for every solution exactly when v is orthogonal to
 * the kernel, whose basis vector for free cell f is 1 at f and
 * -R_r[f] / piv_r at each pivot p_r. So each cell j gets a signature S_j
 * over the free cells (L e_f for a free cell, -R_r[.] L / piv_r for a
 * pivot, L the lcm of the pivots), and v.x is known when sum v_j S_j = 0;
 * its value is then the sum over pivot cells of v_j beta_r / piv_r.
 * Signatures are found by a hash that is linear in the signature, so that
 * the hash of S_a + S_b is the sum of the hashes, and every match is
 * confirmed on the signatures themselves. */
typedef struct lsys {
    int nc, nfree;
    int64_t L;
    int64_t *sig;     /* nc x nfree */
    int64_t *pivrhs;  /* per cell: L * beta_r / piv_r for a pivot, else 0 */
    uint64_t *hash;   /* per cell: linear hash of its signature */
    int *open, nopen; /* the cells whose signature is not zero, ascending */
    /* Open addressing by the pair {h, -h} of hashes (key: the smaller of
     * the two), so that one probe serves a sum and a difference: head is
     * the first of the slot's cells (ascending through next), -1 when the
     * slot is empty. mask + 1 = 2^(64 - shift) slots. */
    uint64_t *key;
    int *head, *next;
    unsigned mask, shift;
} lsys;

static int64_t gcd64(int64_t a, int64_t b)
{
    if (a < 0) a = -a;
    if (b < 0) b = -b;
    while (b) {
        int64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* row = row * a - piv * b over w entries, then divided by the gcd of its
 * entries; nz lists the nnz columns where piv is not zero. With a == 1 (a
 * pivot of 1, the usual case for equations of ones) only those columns
 * change; the gcd stops at 1. Returns -1 on overflow. */
static int combine(int64_t *row, const int64_t *piv, int64_t a, int64_t b, int w, const int *nz,
                   int nnz)
{
    if (a == 1) {
        for (int i = 0; i < nnz; i++) {
            int k = nz[i];
            int64_t y;
            if (__builtin_mul_overflow(piv[k], b, &y) || __builtin_sub_overflow(row[k], y, &row[k]))
                return -1;
        }
    } else {
        for (int k = 0; k < w; k++) {
            int64_t x, y;
            if (__builtin_mul_overflow(row[k], a, &x) || __builtin_mul_overflow(piv[k], b, &y) ||
                __builtin_sub_overflow(x, y, &row[k]))
                return -1;
        }
    }
    /* The entries just changed first: one of them is often 1, which ends
     * the gcd without a scan of the row's leading zeros. */
    int64_t g = 0;
    for (int i = 0; i < nnz && g != 1; i++)
        if (row[nz[i]]) g = gcd64(g, row[nz[i]]);
    for (int k = 0; k < w && g != 1; k++)
        if (row[k]) g = gcd64(g, row[k]);
    if (g > 1)
        for (int k = 0; k < w; k++) row[k] /= g;
    return 0;
}

/* Reduced row echelon form of the n x w matrix m (last column: totals).
 * Writes the pivot column of each of the first *rank rows; nz: room for w
 * columns. Returns -1 on overflow, 0 when some row says 0 = nonzero (no
 * solution), else 1. */
static int echelon(int64_t *m, int n, int w, int *pivcol, int *rank, int *nz)
{
    int r = 0;
    for (int col = 0; col < w - 1 && r < n; col++) {
        int p = r;
        while (p < n && m[(size_t)p * w + col] == 0) p++;
        if (p == n) continue;
        if (p != r)
            for (int k = 0; k < w; k++) {
                int64_t t = m[(size_t)p * w + k];
                m[(size_t)p * w + k] = m[(size_t)r * w + k];
                m[(size_t)r * w + k] = t;
            }
        int64_t *pr = m + (size_t)r * w;
        if (pr[col] < 0)
            for (int k = 0; k < w; k++) pr[k] = -pr[k];
        int nnz = 0;
        for (int k = 0; k < w; k++)
            if (pr[k]) nz[nnz++] = k;
        for (int i = 0; i < n; i++) {
            int64_t *ri = m + (size_t)i * w;
            if (i == r || ri[col] == 0) continue;
            int64_t g = gcd64(pr[col], ri[col]);
            if (combine(ri, pr, pr[col] / g, ri[col] / g, w, nz, nnz) < 0) return -1;
        }
        pivcol[r++] = col;
    }
    *rank = r;
    for (int i = r; i < n; i++)
        if (m[(size_t)i * w + w - 1] != 0) return 0;
    return 1;
}

static uint64_t mix64(uint64_t x)
{
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

static uint64_t pair_key(uint64_t h)
{
    uint64_t m = (uint64_t)0 - h;
    return h < m ? h : m;
}

/* Where the probe for key k starts: the key's top bits after a
 * multiplication (the hashes are random-looking already: no need to mix
 * them again). */
static unsigned first_slot(const lsys *S, uint64_t k)
{
    return (unsigned)((k * 0x9E3779B97F4A7C15ull) >> S->shift);
}

/* The slot of the cells whose hash is h or -h (key k), or -1 when there is
 * none. */
static int find_slot(const lsys *S, uint64_t k)
{
    for (unsigned i = first_slot(S, k);; i = (i + 1) & S->mask) {
        if (S->head[i] < 0) return -1;
        if (S->key[i] == k) return (int)i;
    }
}

/* The first cell of the slot's chain (-1: none) after `after` whose hash
 * is h, or -1. */
static int find_in(const lsys *S, int slot, uint64_t h, int after)
{
    if (slot < 0) return -1;
    for (int c = S->head[slot]; c >= 0; c = S->next[c])
        if (c > after && S->hash[c] == h) return c;
    return -1;
}

/* The first cell after `after` whose hash is h, or -1. */
static int find_hash(const lsys *S, uint64_t h, int after)
{
    return find_in(S, find_slot(S, pair_key(h)), h, after);
}

static int next_hash(const lsys *S, uint64_t h, int from, int after)
{
    for (int c = S->next[from]; c >= 0; c = S->next[c])
        if (c > after && S->hash[c] == h) return c;
    return -1;
}

/* Is sa * S_a + sb * S_b + sc * S_c zero (cells < 0 left out)? */
static int zero_sum(const lsys *S, int a, int sa, int b, int sb, int c, int sc)
{
    const int64_t *x = S->sig + (size_t)a * S->nfree;
    const int64_t *y = b >= 0 ? S->sig + (size_t)b * S->nfree : NULL;
    const int64_t *z = c >= 0 ? S->sig + (size_t)c * S->nfree : NULL;
    for (int f = 0; f < S->nfree; f++) {
        __int128 t =
            (__int128)sa * x[f] + (y ? (__int128)sb * y[f] : 0) + (z ? (__int128)sc * z[f] : 0);
        if (t) return 0;
    }
    return 1;
}

/* The value of the known sum, or 0 with *ok cleared when it is not a
 * whole number (the system has no solution in whole numbers). */
static long value_of(const lsys *S, const int *cells, const int *sign, int n, int *ok)
{
    __int128 t = 0;
    for (int i = 0; i < n; i++) t += (__int128)sign[i] * S->pivrhs[cells[i]];
    *ok = t % S->L == 0;
    return *ok ? (long)(t / S->L) : 0;
}

static int report(const lsys *S, int *cells, int *sign, int n, lineq_emit emit, void *ctx)
{
    int ok;
    long v = value_of(S, cells, sign, n, &ok);
    return ok ? emit(ctx, cells, sign, n, v) : 0;
}

/* Singles, pairs and triples with a known signed sum. */
static int enumerate(lsys *S, lineq_emit emit, void *ctx)
{
    const int nc = S->nc;
    int cells[3], sign[3], rc;
    S->nopen = 0;
    for (int a = 0; a < nc; a++) {
        if (S->hash[a] == 0 && zero_sum(S, a, 1, -1, 0, -1, 0)) {
            cells[0] = a;
            sign[0] = 1;
            if ((rc = report(S, cells, sign, 1, emit, ctx)) != 0) return rc;
            continue;
        }
        S->open[S->nopen++] = a;
        /* Pairs: S_b = -S_a (a sum) or S_b = S_a (a difference). */
        for (int sb = 1; sb >= -1; sb -= 2) {
            uint64_t want = sb > 0 ? (uint64_t)0 - S->hash[a] : S->hash[a];
            for (int b = find_hash(S, want, a); b >= 0; b = next_hash(S, want, b, a)) {
                if (!zero_sum(S, a, 1, b, sb, -1, 0)) continue;
                cells[0] = a, sign[0] = 1, cells[1] = b, sign[1] = sb;
                if ((rc = report(S, cells, sign, 2, emit, ctx)) != 0) return rc;
            }
        }
    }
    /* Triples a < b < c with sign +1 on a, none of them known alone. */
    for (int ia = 0; ia < S->nopen; ia++) {
        int a = S->open[ia];
        for (int ib = ia + 1; ib < S->nopen; ib++) {
            int b = S->open[ib];
            for (int sb = 1; sb >= -1; sb -= 2) {
                uint64_t t = S->hash[a] + (sb > 0 ? S->hash[b] : (uint64_t)0 - S->hash[b]);
                if (t == 0 && zero_sum(S, a, 1, b, sb, -1, 0)) continue; /* a known pair */
                int slot = find_slot(S, pair_key(t));                    /* both signs of c */
                if (slot < 0) continue;
                for (int sc = 1; sc >= -1; sc -= 2) {
                    uint64_t want = sc > 0 ? (uint64_t)0 - t : t;
                    for (int c = find_in(S, slot, want, b); c >= 0; c = next_hash(S, want, c, b)) {
                        if (!zero_sum(S, a, 1, b, sb, c, sc)) continue;
                        cells[0] = a, sign[0] = 1, cells[1] = b, sign[1] = sb;
                        cells[2] = c, sign[2] = sc;
                        if ((rc = report(S, cells, sign, 3, emit, ctx)) != 0) return rc;
                    }
                }
            }
        }
    }
    return 0;
}

/* The nsets equations as rows of m (w - 1 cells, then the total). */
static void equations(int64_t *m, int w, const int *const *sets, const int *lens, const long *sums,
                      int nsets)
{
    for (int i = 0; i < nsets; i++) {
        for (int k = 0; k < lens[i]; k++) m[(size_t)i * w + sets[i][k]] = 1;
        m[(size_t)i * w + w - 1] = sums[i];
    }
}

/* S's tables for its cells; -1 when out of memory. */
static int lsys_alloc(lsys *S)
{
    int nc = S->nc;
    S->sig = calloc((size_t)nc * (S->nfree ? S->nfree : 1), sizeof *S->sig);
    S->pivrhs = calloc((size_t)nc, sizeof *S->pivrhs);
    S->hash = malloc((size_t)nc * sizeof *S->hash);
    S->next = malloc((size_t)nc * sizeof *S->next);
    S->open = malloc((size_t)nc * sizeof *S->open);
    S->mask = 2;
    S->shift = 63;
    while (S->mask < 4u * (unsigned)nc) S->mask <<= 1, S->shift--;
    S->head = malloc((size_t)S->mask * sizeof *S->head);
    S->key = malloc((size_t)S->mask * sizeof *S->key);
    S->mask--;
    return S->sig && S->pivrhs && S->hash && S->next && S->open && S->head && S->key ? 0 : -1;
}

static void lsys_free(lsys *S)
{
    free(S->sig);
    free(S->pivrhs);
    free(S->hash);
    free(S->next);
    free(S->open);
    free(S->head);
    free(S->key);
}

/* The slots: each cell in the slot of its hash's pair, cells ascending
 * (at most nc of the 4 nc or more slots are taken). */
static void chain(lsys *S)
{
    for (unsigned b = 0; b <= S->mask; b++) S->head[b] = -1;
    for (int j = S->nc - 1; j >= 0; j--) {
        uint64_t k = pair_key(S->hash[j]);
        unsigned i = first_slot(S, k);
        while (S->head[i] >= 0 && S->key[i] != k) i = (i + 1) & S->mask;
        S->key[i] = k;
        S->next[j] = S->head[i];
        S->head[i] = j;
    }
}

/* Long: the pivots and the signatures are worked out inline here; as
 * functions of their own (tried) they made the derivation at link
 * measurably slower. */
int lineq_derive(int ncells, const int *const *sets, const int *lens, const long *sums, int nsets,
                 lineq_emit emit, void *ctx)
{
    if (ncells < 1 || ncells > LINEQ_MAX_CELLS || nsets < 1) return 0;
    const int w = ncells + 1;
    int64_t *m = calloc((size_t)nsets * w, sizeof *m);
    int *pivcol = malloc((size_t)nsets * sizeof *pivcol);
    int *pivrow = malloc((size_t)ncells * sizeof *pivrow);
    int *fidx = malloc((size_t)ncells * sizeof *fidx);
    int *nz = malloc((size_t)w * sizeof *nz);
    lsys S;
    memset(&S, 0, sizeof S);
    int rc = -1, rank = 0;
    if (!m || !pivcol || !pivrow || !fidx || !nz) goto done;
    equations(m, w, sets, lens, sums, nsets);
    rc = 0;
    if (echelon(m, nsets, w, pivcol, &rank, nz) <= 0) goto done; /* nothing to say */
    for (int j = 0; j < ncells; j++) pivrow[j] = -1;
    for (int r = 0; r < rank; r++) pivrow[pivcol[r]] = r;
    S.nc = ncells;
    S.nfree = 0;
    for (int j = 0; j < ncells; j++) fidx[j] = pivrow[j] < 0 ? S.nfree++ : -1;
    S.L = 1;
    for (int r = 0; r < rank; r++) {
        int64_t p = m[(size_t)r * w + pivcol[r]], g = gcd64(S.L, p), l;
        if (__builtin_mul_overflow(S.L / g, p, &l)) goto done;
        S.L = l;
    }
    rc = -1;
    uint64_t *rnd = malloc((size_t)(S.nfree ? S.nfree : 1) * sizeof *rnd);
    if (lsys_alloc(&S) < 0 || !rnd) {
        free(rnd);
        goto done;
    }
    for (int f = 0; f < S.nfree; f++) rnd[f] = mix64((uint64_t)f * 0x2545F4914F6CDD1Dull + 1);
    rc = 0;
    for (int j = 0; j < ncells && rc == 0; j++) {
        int64_t *sj = S.sig + (size_t)j * S.nfree;
        if (fidx[j] >= 0) {
            sj[fidx[j]] = S.L;
        } else {
            const int64_t *row = m + (size_t)pivrow[j] * w;
            int64_t scale = S.L / row[j];
            for (int k = 0; k < ncells && rc == 0; k++)
                if (fidx[k] >= 0 && row[k] && __builtin_mul_overflow(-row[k], scale, &sj[fidx[k]]))
                    rc = 1;
            if (__builtin_mul_overflow(row[ncells], scale, &S.pivrhs[j])) rc = 1;
        }
        uint64_t h = 0;
        for (int f = 0; f < S.nfree; f++) h += (uint64_t)sj[f] * rnd[f];
        S.hash[j] = h;
    }
    free(rnd);
    if (rc) { /* overflow: nothing to say */
        rc = 0;
        goto done;
    }
    chain(&S);
    rc = enumerate(&S, emit, ctx);
done:
    free(m);
    free(pivcol);
    free(pivrow);
    free(fidx);
    free(nz);
    lsys_free(&S);
    return rc;
}
