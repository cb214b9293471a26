/* The houses of a 9 x 9 or 16 x 16 model by digit boards on the general
 * path (bands.h): which models and units they serve, and the 9 x 9 boards
 * (bands16.c has the 16 x 16 ones). */
#include <string.h>

#include "base/mem.h"
#include "search/bands.h"
#include "search/fast_state.h"
#include "search/space.h"

#ifdef __SSE2__
#include <emmintrin.h>
#endif

/* With other units than the rows, columns and boxes (band[u] set for
 * those): which groups the boards cover, on which stacks each unit goes,
 * and the lists of units left to mark per cell. */
static void cover_groups(rg_solver *s, const unsigned char *band)
{
    const rg_model *m = s->m;
    const int U = m->nunits, side = s->band_side, N = side * side;
    for (int u = 0; u < U; u++) {
        int scan = !band[u] || m->peerbits != NULL;
        for (int g = m->igroup_off[u]; g < m->igroup_off[u + 1]; g++) {
            const rg_igroup *gr = &m->igroups[g];
            int all = band[u];
            for (int j = 0; j < gr->count && all; j++) {
                const rg_inter *x = &m->inters[gr->first + j]; /* its H: I and hrest */
                all = x->nin + x->nhrest == side &&
                      rg_grid_house(side, x->in, x->nin, x->hrest, x->nhrest) >= 0;
            }
            s->gskip[g] = (unsigned char)all;
            scan |= !all;
        }
        /* a row, column or box: hidden singles on the boards, its
         * intersections scanned when some group or the "every place sees
         * it" step needs it; any other unit: every stack */
        s->band_stacks[u] = (unsigned char)(band[u] ? (scan ? 2 : 0) : 7);
    }
    s->band_off[0] = 0;
    for (int c = 0, w = 0; c < N; c++) {
        for (int k = m->cell_unit_off[c]; k < m->cell_unit_off[c + 1]; k++)
            if (s->band_stacks[m->cell_units[k]]) s->band_cells[w++] = m->cell_units[k];
        s->band_off[c + 1] = w;
    }
}

/* The other units of a 9 x 9 model on the boards too, when there are few:
 * each one's cells as a board (its hidden singles), and the ordered pairs
 * (U, H) of units meeting in two cells or more, one of them another unit,
 * as I = U and H, A = U less H, B = H less U (a digit of U on I alone
 * leaves B: U's locked candidates against H). */
#define OTHER_UNITS 16
#define OTHER_PAIRS 32
struct rg_band_other {
    int n, npairs;
    int unit[OTHER_UNITS];
    v4u cells[OTHER_UNITS];
    v4u pi[OTHER_PAIRS], pa[OTHER_PAIRS], pb[OTHER_PAIRS];
};

/* A board of 81 bits (cells 0-63 in lo, 64-80 in hi) as three band words
 * and the fourth lane full (as the fast path's boards: no open cell, no
 * single, no failure there). */
static inline v4u bands_of(uint64_t lo, uint64_t hi)
{
    v4u w = {(uint32_t)lo & BAND, (uint32_t)(lo >> 27) & BAND,
             (uint32_t)(lo >> 54 | hi << 10) & BAND, BAND};
    return w;
}

static v4u unit_board(const rg_model *m, int u)
{
    v4u w = {0, 0, 0, 0};
    for (int k = 0; k < 9; k++) {
        int c = m->unit_cells[(size_t)u * 9 + k];
        w[c / 27] |= 1u << (c % 27);
    }
    return w;
}

/* s->bother for a 9 x 9 model whose units beyond the 27 (band[u] 0) are
 * few enough: 1 (made), 0 (too many: they stay scanned) or RG_E_NOMEM. */
static int cover_other(rg_solver *s, const unsigned char *band)
{
    const rg_model *m = s->m;
    const int U = m->nunits;
    if (U - 27 > OTHER_UNITS) return 0;
    struct rg_band_other *o = rg_mem_alloc(sizeof *o);
    if (!o) return RG_E_NOMEM;
    v4u mask[27 + OTHER_UNITS];
    o->n = o->npairs = 0;
    for (int u = 0; u < U; u++) {
        mask[u] = unit_board(m, u);
        if (!band[u]) {
            o->unit[o->n] = u;
            o->cells[o->n++] = mask[u];
        }
    }
    for (int a = 0; a < U; a++)
        for (int b = 0; b < U; b++) {
            v4u i = mask[a] & mask[b];
            if (a == b || (band[a] && band[b]) || vcount(i) < 2) continue;
            if (o->npairs == OTHER_PAIRS) {
                rg_mem_free(o);
                return 0;
            }
            o->pi[o->npairs] = i;
            o->pa[o->npairs] = mask[a] & ~mask[b];
            o->pb[o->npairs++] = mask[b] & ~mask[a];
        }
    s->bother = o;
    return 1;
}

/* The "every place sees it" step of a 9 x 9 model with must-differ pairs
 * beyond the houses, on the boards: the rows, columns and boxes
 * (rg_grid_house's order); each cell's peers (the houses' and the pairs')
 * are the solver's peer boards (bpeers), the other units' cells the
 * boards' own (struct rg_band_other). */
struct rg_band_seen {
    v4u house[27];
};

static int cover_seen(rg_solver *s)
{
    struct rg_band_seen *sn = rg_mem_alloc(sizeof *sn);
    if (!sn) return RG_E_NOMEM;
    for (int k = 0; k < 9; k++) {
        v4u row = {0, 0, 0, 0}, col = {COL0 << k, COL0 << k, COL0 << k, 0}, box = {0, 0, 0, 0};
        row[k / 3] = ROW0 << 9 * (k % 3);
        box[k / 3] = BOX0 << 3 * (k % 3);
        sn->house[k] = row;
        sn->house[9 + k] = col;
        sn->house[18 + k] = box;
    }
    s->bseen = sn;
    return RG_OK;
}

/* Each cell's peers (its list: houses, other units and must-differ pairs)
 * as a board, for the naked singles on the space's boards. */
static int peer_boards(rg_solver *s)
{
    const rg_model *m = s->m;
    uint32_t(*pb)[4] = rg_mem_calloc(81, sizeof *pb);
    if (!pb) return RG_E_NOMEM;
    for (int c = 0; c < 81; c++)
        for (int k = m->peer_off[c]; k < m->peer_off[c + 1]; k++)
            pb[c][m->peers[k] / 27] |= 1u << (m->peers[k] % 27);
    s->bpeers = (const uint32_t(*)[4])pb;
    return RG_OK;
}

/* The same for a 16 x 16 model (bpeers16, 256 boards of four words). */
static int peer_boards16(rg_solver *s)
{
    const rg_model *m = s->m;
    uint64_t(*pb)[4] = rg_mem_calloc(256, sizeof *pb);
    if (!pb) return RG_E_NOMEM;
    for (int c = 0; c < 256; c++)
        for (int k = m->peer_off[c]; k < m->peer_off[c + 1]; k++)
            pb[c][m->peers[k] / 64] |= (uint64_t)1 << (m->peers[k] % 64);
    s->bpeers16 = (const uint64_t(*)[4])pb;
    return RG_OK;
}

/* For a model of side 9 or 16 that may qualify: which units are its rows,
 * columns and boxes, which groups the boards cover, which units a cell's
 * narrowing still marks (and on which stacks), as lists per cell; all in
 * one block (band_mem). s->band_side stays 0 (and s->btab NULL) unless
 * every row, column and box is a unit. RG_OK or RG_E_NOMEM. */
static int cover(rg_solver *s, int side)
{
    const rg_model *m = s->m;
    const int U = m->nunits, G = m->igroup_off[U], N = side * side, L = m->cell_unit_off[N];
    char *mem = rg_mem_alloc((size_t)(N + 1 + L) * sizeof(int) + (size_t)(2 * (U + 1) + G + 1));
    if (!mem) return RG_E_NOMEM;
    s->band_mem = mem;
    s->band_off = (int *)(void *)mem;
    s->band_cells = s->band_off + N + 1;
    unsigned char *band = (unsigned char *)(s->band_cells + L);
    s->band_stacks = band + (U + 1);
    s->gskip = band + 2 * (U + 1);
    memset(band, 0, (size_t)U + 1);
    uint64_t found = 0, all = ((uint64_t)1 << 3 * side) - 1;
    for (int u = 0; u < U; u++) {
        int h = rg_grid_house(side, m->unit_cells + (size_t)u * side, side, NULL, 0);
        if (h < 0 || (found >> h & 1)) continue; /* a second unit of one house stays scanned */
        found |= (uint64_t)1 << h;
        band[u] = 1;
    }
    if (found != all) return RG_OK;
    int other = U > 3 * side && side == 9 ? cover_other(s, band) : 0;
    if (other < 0) return RG_E_NOMEM;
    /* Houses of fewer cells (a killer's cages): only when the boards take
     * every group of the units, the groups with such a house too, which
     * are then not looked at (their locked candidates, a digit of a unit
     * inside a cage leaving the rest of the cage, are left to the cage's
     * own propagators and the naked singles) */
    if (m->nhouses > m->nunits && !(U == 3 * side || other)) return RG_OK;
    s->band_side = side;
    if (side == 9) {
        s->btab = rg_band_tables();
        if (peer_boards(s) != RG_OK) return RG_E_NOMEM;
    } else if (peer_boards16(s) != RG_OK) {
        return RG_E_NOMEM;
    }
    if (U == 3 * side || other) {
        /* no other house, or the others on the boards too: every group is
         * the boards' (the scans skip them all); with must-differ pairs
         * beyond the houses the "every place sees it" step on the boards
         * too at 9 x 9, at 16 x 16 every unit marked for its scans */
        s->band_groups = 1;
        int mark = m->peerbits != NULL;
        if (mark && side == 9) {
            if (cover_seen(s) != RG_OK) return RG_E_NOMEM;
            mark = 0;
        }
        memset(s->band_stacks, mark ? 2 : 0, (size_t)U + 1);
        memset(s->band_off, 0, ((size_t)N + 1) * sizeof *s->band_off);
        s->bmark_off = mark ? m->cell_unit_off : s->band_off;
        s->bmark_units = mark ? m->cell_units : s->band_cells;
        return RG_OK;
    }
    cover_groups(s, band);
    s->bmark_off = s->band_off;
    s->bmark_units = s->band_cells;
    return RG_OK;
}

int rg_bands_prepare(rg_solver *s)
{
    const rg_model *m = s->m;
    const rg_board *b = &m->board;
    const int side = b->rows;
    /* Houses of fewer cells (cages) are allowed when the boards take every
     * group (cover): scanning their intersections beside the boards saved
     * the killers no time, leaving them out does (docs/bench.md). */
    int q = (side == 9 || side == 16) && b->cols == side && b->digits == side &&
            b->ncells == side * side && m->nunits >= 3 * side && m->infeasible_rule < 0 &&
            m->igroup_off;
    for (int c = 0; q && c < side * side; c++) q = b->at[c] == c;
    return q ? cover(s, side) : RG_OK;
}

void rg_bands_release(rg_solver *s)
{
    rg_mem_free(s->band_mem);
    rg_mem_free(s->bother);
    rg_mem_free(s->bseen);
    rg_mem_free((void *)s->bpeers);
    rg_mem_free((void *)s->bpeers16);
}

void rg_bands_select(rg_solver *s)
{
    /* nothing left to mark */
    if (s->band_on && !s->bmark_off[s->band_side * s->band_side]) s->dirty_bits = 0;
}

/* The domains of cells 0-79 as 16-bit lanes, eight to a vector (lane[c]
 * is cell c's), and cell 80's. */
typedef struct packed {
    union {
#ifdef __SSE2__
        __m128i v[10];
#endif
        uint16_t lane[80];
    };
    rg_mask last;
} packed;

static inline void pack(const rg_mask *dom, packed *pk)
{
#ifdef __SSE2__
    for (int i = 0; i < 10; i++) {
        __m128i a = _mm_loadu_si128((const __m128i *)(const void *)(dom + 8 * i));
        __m128i b = _mm_loadu_si128((const __m128i *)(const void *)(dom + 8 * i + 4));
        pk->v[i] = _mm_packs_epi32(a, b); /* nine digits: no saturation */
    }
#else
    for (int c = 0; c < 80; c++) pk->lane[c] = (uint16_t)dom[c];
#endif
    pk->last = dom[80];
}

/* The cells whose domain holds digit d. */
static inline v4u board_of(const packed *pk, int d)
{
#ifdef __SSE2__
    __m128i sh = _mm_cvtsi32_si128(15 - d); /* bit d to each lane's sign */
    uint64_t m[5];
    for (int i = 0; i < 5; i++) {
        __m128i a = _mm_sll_epi16(pk->v[2 * i], sh), b = _mm_sll_epi16(pk->v[2 * i + 1], sh);
        m[i] = (uint64_t)(unsigned)_mm_movemask_epi8(_mm_packs_epi16(a, b));
    }
    uint64_t lo = m[0] | m[1] << 16 | m[2] << 32 | m[3] << 48;
    uint64_t hi = m[4] | (uint64_t)(pk->last >> d & 1u) << 16;
#else
    uint64_t lo = 0, hi = (uint64_t)(pk->last >> d & 1u) << 16;
    for (int c = 0; c < 64; c++) lo |= (uint64_t)(pk->lane[c] >> d & 1u) << c;
    for (int c = 64; c < 80; c++) hi |= (uint64_t)(pk->lane[c] >> d & 1u) << (c - 64);
#endif
    return bands_of(lo, hi);
}

/* The cells with one digit left. */
static inline v4u singles_of(const packed *pk)
{
#ifdef __SSE2__
    const __m128i one = _mm_set1_epi16(1), zero = _mm_setzero_si128();
    uint64_t m[5];
    for (int i = 0; i < 5; i++) {
        __m128i a = pk->v[2 * i], b = pk->v[2 * i + 1];
        a = _mm_cmpeq_epi16(_mm_and_si128(a, _mm_sub_epi16(a, one)), zero);
        b = _mm_cmpeq_epi16(_mm_and_si128(b, _mm_sub_epi16(b, one)), zero);
        m[i] = (uint64_t)(unsigned)_mm_movemask_epi8(_mm_packs_epi16(a, b));
    }
    uint64_t lo = m[0] | m[1] << 16 | m[2] << 32 | m[3] << 48;
    uint64_t hi = m[4] | (uint64_t) !(pk->last & (pk->last - 1)) << 16;
#else
    uint64_t lo = 0, hi = (uint64_t) !(pk->last & (pk->last - 1)) << 16;
    for (int c = 0; c < 80; c++) {
        uint64_t one = !(pk->lane[c] & (pk->lane[c] - 1));
        if (c < 64)
            lo |= one << c;
        else
            hi |= one << (c - 64);
    }
#endif
    return bands_of(lo, hi);
}

/* A digit of board w has no place left in some house: the cells of the
 * first such row, column or box are blamed (each house tested as a mask,
 * its cells listed only for the one blamed). */
static void blame_house(rg_solver *s, v4u w)
{
    for (int h = 0; h < 27; h++) {
        v4u hm = {0, 0, 0, 0};
        if (h < 9) {
            hm[h / 3] = ROW0 << 9 * (h % 3);
        } else if (h < 18) {
            hm = (v4u){COL0 << (h - 9), COL0 << (h - 9), COL0 << (h - 9), 0};
        } else {
            hm[(h - 18) / 3] = BOX0 << 3 * ((h - 18) % 3);
        }
        if (vany(w & hm)) continue;
        int cells[9];
        for (int k = 0; k < 9; k++)
            cells[k] = h < 9    ? 9 * h + k
                       : h < 18 ? 9 * k + (h - 9)
                                : (h - 18) / 3 * 27 + (h - 18) % 3 * 3 + k / 3 * 9 + k % 3;
        rg_space_blame(s, cells, 9);
        return;
    }
}

void rg_bands_read(rg_solver *s, rg_mask *dom)
{
    struct rg_space_boards *B = rg_space_boards_of(s, dom);
    packed pk;
    pack(dom, &pk);
    for (int d = 0; d < 9; d++) {
        v4u w = board_of(&pk, d);
        memcpy(B->d[d], &w, sizeof w);
    }
    v4u solved = singles_of(&pk);
    memcpy(B->solved, &solved, sizeof solved);
    B->valid = 1;
}

/* Digit d's board as the space holds it, read a word at a time (each
 * word as the narrowings stored it, so that the load is forwarded). */
static inline v4u board_at(const struct rg_space_boards *B, int d)
{
    return (v4u){B->d[d][0], B->d[d][1], B->d[d][2], B->d[d][3]};
}

/* Each cell of at (per band) narrowed to its domain & keep where that
 * changes it (its boards follow: rg_space_narrow): keep is a digit's bit
 * for hidden singles, every other digit for locked candidates. RG_FAIL (a
 * domain emptied), 0 or 1. */
static inline int narrow_board(rg_solver *s, rg_mask *dom, v4u at, rg_mask keep, int fam)
{
    int changed = 0;
    const uint32_t band[2] = {at[0], at[1]}; /* (rg_board_low) */
    for (int half = 0; half < 2; half++)
        for (uint64_t x = half ? at[2] : rg_board_low(band); x; x &= x - 1) {
            int c = (half ? RG_BOARD_BAND2 : 0) + __builtin_ctzll(x);
            rg_mask v = dom[c];
            if (!(v & ~keep)) continue;
            if (rg_space_narrow(s, dom, c, v & keep, fam) < 0) return RG_FAIL;
            changed = 1;
        }
    return changed;
}

int rg_bands_singles(rg_solver *s, rg_mask *dom, rg_mask digits)
{
    s->st.family_calls[RG_FAM_SINGLES]++;
    if (s->band_side == 16) return rg_bands16_singles(s, dom, digits);
    const struct rg_band_other *o = s->bother;
    const struct rg_space_boards *B = rg_space_boards_of(s, dom);
    /* (a cell placed during the pass holds one digit: no other board has it) */
    const v4u solved = {B->solved[0], B->solved[1], B->solved[2], B->solved[3]};
    int changed = 0;
    for (; digits; digits &= digits - 1) {
        int d = __builtin_ctz(digits);
        v4u w = board_at(B, d), cells, bad;
        HIDDEN_CELLS(v4u, w, __builtin_shufflevector(w, w, 1, 2, 0, 3),
                     __builtin_shufflevector(w, w, 2, 0, 1, 3), cells, bad);
        int empty = -1; /* the first other unit without the digit */
        for (int i = 0; o && i < o->n; i++) {
            v4u x = w & o->cells[i];
            uint64_t k = vcount(x);
            if (!k && empty < 0) empty = i;
            cells |= k == 1 ? x : (v4u){0, 0, 0, 0};
        }
        if (vany(bad) || empty >= 0) {
            s->failed = 1;
            if (vany(bad))
                blame_house(s, w);
            else
                rg_space_blame(s, s->m->unit_cells + (size_t)o->unit[empty] * 9, 9);
            return RG_FAIL;
        }
        /* the open cells alone in a house */
        v4u at = w & ~solved & cells;
        if (!vany(at)) continue;
        int r = narrow_board(s, dom, at, (rg_mask)1 << d, RG_FAM_SINGLES);
        if (r < 0) return RG_FAIL;
        changed |= r;
    }
    return changed;
}

/* Is k 2 or 3? */
static inline uint32_t two_three(int k) { return (unsigned)(k - 2) <= 1u; }

/* The cells outside unit x's cells u (a digit's places there, two or
 * three) that see them all (peers: each cell's peer board). */
static inline v4u seen_from(const uint32_t (*peers)[4], v4u x, v4u u)
{
    v4u common = {BAND, BAND, BAND, 0};
    for (int b = 0; b < 3; b++)
        for (uint32_t y = x[b]; y; y &= y - 1) common &= vload(peers[b * 27 + __builtin_ctz(y)]);
    return common & ~u;
}

/* Of the cells w (a digit's), those that see every place of the digit in
 * some unit where it has two or three (one of them holds it). The rows
 * and boxes counted lane by lane, the columns by a bit-sliced sum of the
 * nine rows, the other units (o, when any) by a count each. */
static inline v4u seen_by_all(const struct rg_band_seen *sn, const uint32_t (*peers)[4],
                              const struct rg_band_other *o, v4u w)
{
    uint32_t some = 0, ones = 0, twos = 0, fours = 0;
    for (int b = 0; b < 3; b++)
        for (int r = 0; r < 3; r++) {
            uint32_t row = w[b] >> 9 * r & ROW0;
            some |= two_three(__builtin_popcount(row)) << (3 * b + r);
            some |= two_three(__builtin_popcount(w[b] & BOX0 << 3 * r)) << (18 + 3 * b + r);
            uint32_t c1 = ones & row, c2 = twos & c1;
            ones ^= row;
            twos ^= c1;
            fours |= c2;
        }
    some |= (twos & ~fours) << 9;
    v4u kill = {0, 0, 0, 0};
    for (; some; some &= some - 1) {
        int h = __builtin_ctz(some);
        kill |= seen_from(peers, w & sn->house[h], sn->house[h]);
    }
    for (int i = 0; o && i < o->n; i++) {
        v4u x = w & o->cells[i];
        if (two_three((int)vcount(x))) kill |= seen_from(peers, x, o->cells[i]);
    }
    return kill & w;
}

int rg_bands_locked(rg_solver *s, rg_mask *dom, rg_mask digits)
{
    s->st.family_calls[RG_FAM_INTERSECTIONS]++;
    if (s->band_side == 16) return rg_bands16_locked(s, dom, digits);
    const struct rg_band_other *o = s->bother;
    const struct rg_space_boards *B = rg_space_boards_of(s, dom);
    int changed = 0;
    for (; digits; digits &= digits - 1) {
        int d = __builtin_ctz(digits);
        /* every cell holding d, placed ones too: a placed cell whose
         * peers still hold d (its naked single not yet spread) must count
         * as one of d's places */
        v4u w = board_at(B, d);
        w[3] = 0;
        v4u gone = w & rg_band_locked(s->btab, w);
        for (int i = 0; o && i < o->npairs; i++)
            if (!vany(w & o->pa[i]) && vany(w & o->pi[i])) gone |= w & o->pb[i];
        if (s->bseen) gone |= seen_by_all(s->bseen, s->bpeers, o, w);
        int r = narrow_board(s, dom, gone, ~((rg_mask)1 << d), RG_FAM_INTERSECTIONS);
        if (r < 0) return RG_FAIL;
        changed |= r;
    }
    return changed;
}
