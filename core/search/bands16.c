/* The houses of a 16 x 16 model (4 x 4 boxes) by digit boards on the
 * general path (bands.h). A digit's board is its 256 cells as four words:
 * word b holds rows 4b to 4b + 3, bit 16 i + c for row 4b + i, column c,
 * so cell n is bit n % 64 of word n / 64. Within a word the rows are
 * 16-bit lanes and a box is the same nibble of each lane. */
#include <stdint.h>

#include "search/bands.h"
#include "search/space.h"

#ifdef __SSE2__
#include <emmintrin.h>
#endif

#define LANES 0x0001000100010001ull /* bit 0 of each row lane */
#define BOX0  0x000F000F000F000Full /* the first box of a band */
#define NIBS  0x1111111111111111ull /* bit 0 of each nibble */

/* The domains as 16-bit lanes (sixteen digits fit), eight to a vector;
 * lane[c] is cell c's. */
typedef union packed16 {
#ifdef __SSE2__
    __m128i v[32];
#endif
    uint16_t lane[256];
} packed16;

static inline void pack(const rg_mask *dom, packed16 *pk)
{
#ifdef __SSE2__
    /* 0..0xFFFF moved into the signed range, packed (no saturation), moved back */
    const __m128i bias = _mm_set1_epi32(0x8000), flip = _mm_set1_epi16((short)0x8000);
    for (int i = 0; i < 32; i++) {
        __m128i a = _mm_loadu_si128((const __m128i *)(const void *)(dom + 8 * i));
        __m128i b = _mm_loadu_si128((const __m128i *)(const void *)(dom + 8 * i + 4));
        a = _mm_sub_epi32(a, bias);
        b = _mm_sub_epi32(b, bias);
        pk->v[i] = _mm_xor_si128(_mm_packs_epi32(a, b), flip);
    }
#else
    for (int c = 0; c < 256; c++) pk->lane[c] = (uint16_t)dom[c];
#endif
}

/* The cells whose domain holds digit d (w[4]). */
static inline void board_of(const packed16 *pk, int d, uint64_t *w)
{
#ifdef __SSE2__
    __m128i sh = _mm_cvtsi32_si128(15 - d); /* bit d to each lane's sign */
    for (int b = 0; b < 4; b++) {
        uint64_t x = 0;
        for (int i = 0; i < 4; i++) {
            __m128i lo = _mm_sll_epi16(pk->v[8 * b + 2 * i], sh);
            __m128i hi = _mm_sll_epi16(pk->v[8 * b + 2 * i + 1], sh);
            x |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_packs_epi16(lo, hi)) << 16 * i;
        }
        w[b] = x;
    }
#else
    for (int b = 0; b < 4; b++) {
        uint64_t x = 0;
        for (int k = 0; k < 64; k++) x |= (uint64_t)(pk->lane[64 * b + k] >> d & 1u) << k;
        w[b] = x;
    }
#endif
}

/* The cells with one digit left (or none). */
static inline void singles_of(const packed16 *pk, uint64_t *w)
{
#ifdef __SSE2__
    const __m128i one = _mm_set1_epi16(1), zero = _mm_setzero_si128();
    for (int b = 0; b < 4; b++) {
        uint64_t x = 0;
        for (int i = 0; i < 4; i++) {
            __m128i lo = pk->v[8 * b + 2 * i], hi = pk->v[8 * b + 2 * i + 1];
            lo = _mm_cmpeq_epi16(_mm_and_si128(lo, _mm_sub_epi16(lo, one)), zero);
            hi = _mm_cmpeq_epi16(_mm_and_si128(hi, _mm_sub_epi16(hi, one)), zero);
            x |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_packs_epi16(lo, hi)) << 16 * i;
        }
        w[b] = x;
    }
#else
    for (int b = 0; b < 4; b++) {
        uint64_t x = 0;
        for (int k = 0; k < 64; k++) {
            unsigned v = pk->lane[64 * b + k];
            x |= (uint64_t) !(v & (v - 1)) << k;
        }
        w[b] = x;
    }
#endif
}

#ifdef __SSE2__
/* Two band words with each one's 4 x 4 nibbles transposed: box k of the
 * band becomes lane k (and back, the same moves). */
static inline __m128i transpose(__m128i v)
{
    const __m128i m24 = _mm_set1_epi64x(0x00000000FF00FF00ll);
    const __m128i m12 = _mm_set1_epi64x(0x0000F0F00000F0F0ll);
    __m128i t = _mm_and_si128(_mm_xor_si128(v, _mm_srli_epi64(v, 24)), m24);
    v = _mm_xor_si128(v, _mm_xor_si128(t, _mm_slli_epi64(t, 24)));
    t = _mm_and_si128(_mm_xor_si128(v, _mm_srli_epi64(v, 12)), m12);
    return _mm_xor_si128(v, _mm_xor_si128(t, _mm_slli_epi64(t, 12)));
}

/* Per 16-bit lane of v: the lane where it holds one bit, else 0; *bad
 * gains the lanes that hold none. */
static inline __m128i lone_lanes(__m128i v, int *bad)
{
    const __m128i one = _mm_set1_epi16(1), zero = _mm_setzero_si128();
    __m128i many = _mm_and_si128(v, _mm_sub_epi16(v, one));
    *bad |= _mm_movemask_epi8(_mm_cmpeq_epi16(v, zero));
    return _mm_and_si128(_mm_cmpeq_epi16(many, zero), v);
}
#endif

/* The cells of board w alone in their row, column or box (into alone);
 * returns nonzero when some row, column or box has no cell on it. */
static inline int hidden(const uint64_t *w, uint64_t *alone)
{
    int bad = 0;
#ifdef __SSE2__
    /* rows: the lanes; boxes: the lanes once transposed */
    for (int h = 0; h < 2; h++) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(w + 2 * h));
        __m128i a = _mm_or_si128(lone_lanes(v, &bad), transpose(lone_lanes(transpose(v), &bad)));
        _mm_storeu_si128((__m128i *)(void *)(alone + 2 * h), a);
    }
#else
    for (int b = 0; b < 4; b++) {
        uint64_t a = 0;
        for (int i = 0; i < 4; i++) {
            uint64_t row = w[b] & (0xFFFFull << 16 * i), box = w[b] & (BOX0 << 4 * i);
            int nr = __builtin_popcountll(row), nb = __builtin_popcountll(box);
            bad |= !nr | !nb;
            a |= (row & -(uint64_t)(nr == 1)) | (box & -(uint64_t)(nb == 1));
        }
        alone[b] = a;
    }
#endif
    /* columns: once / twice over the bands, then over a word's lanes */
    uint64_t o1 = w[0] | w[1], o2 = w[2] | w[3], o = o1 | o2;
    uint64_t t = (w[0] & w[1]) | (w[2] & w[3]) | (o1 & o2);
    t |= t >> 32 | (o & o >> 32);
    o |= o >> 32;
    t |= t >> 16 | (o & o >> 16);
    o |= o >> 16;
    bad |= (o & 0xFFFF) != 0xFFFF;
    uint64_t cols = (o & ~t & 0xFFFF) * LANES;
    for (int b = 0; b < 4; b++) alone[b] |= w[b] & cols;
    return bad;
}

/* Bit j of x (j < 16) to nibble j, and back: nibble j of x nonempty to bit j. */
static inline uint64_t nibbles_of(uint64_t x)
{
    x = (x | x << 24) & 0x000000FF000000FFull;
    x = (x | x << 12) & 0x000F000F000F000Full;
    x = (x | x << 6) & 0x0303030303030303ull;
    x = (x | x << 3) & NIBS;
    return x * 0xF;
}

static inline unsigned any_nibble(uint64_t w)
{
    uint64_t x = (w | w >> 1 | w >> 2 | w >> 3) & NIBS;
    x = (x | x >> 3) & 0x0303030303030303ull;
    x = (x | x >> 6) & 0x000F000F000F000Full;
    x = (x | x >> 12) & 0x000000FF000000FFull;
    return (unsigned)((x | x >> 24) & 0xFFFF);
}

/* Per nibble of x (16 bits): the nibble where it holds one bit, else 0. */
static inline unsigned lone_nibbles(unsigned x)
{
    unsigned two = x & x >> 1, any = x | x >> 1; /* per bit pair: both, either */
    unsigned many = (two | two >> 2 | (any & any >> 2)) & 0x1111u;
    return x & ~(many * 0xFu);
}

/* Per nibble of x (16 bits): 0xF where it holds a bit, else 0. */
static inline unsigned full_nibbles(unsigned x)
{
    return ((x | x >> 1 | x >> 2 | x >> 3) & 0x1111u) * 0xFu;
}

#define LANE0 0x000F000F000F000Full /* the low nibble of each 16-bit lane */

/* Per 16-bit lane of x, whose lanes hold bits in their low nibble only:
 * that nibble where it holds one bit, else 0. */
static inline uint64_t lone_lanes4(uint64_t x)
{
    uint64_t two = x & x >> 1, any = x | x >> 1; /* per bit pair: both, either */
    uint64_t many = (two | two >> 2 | (any & any >> 2)) & LANES;
    return x & ~(many * 0xF);
}

/* Locked candidates within each band word of w (rows against boxes),
 * the four bands at once as the 16-bit lanes of one word: the cells they
 * take the digit from, into gone. In a band's lane bit 4i + k says that
 * row i of the band holds it in box k. A box with it in one row
 * (pointing) takes it from that row's other boxes; a row with it in one
 * box (claiming) takes it from that box's other rows. */
static inline void bands_locked(const uint64_t *w, uint64_t *gone)
{
    uint64_t m = 0, r[4], out = 0;
    for (int b = 0; b < 4; b++) m |= (uint64_t)any_nibble(w[b]) << 16 * b;
    for (int i = 0; i < 4; i++) r[i] = m >> 4 * i & LANE0;
    uint64_t twice = (r[0] & r[1]) | ((r[0] | r[1]) & r[2]) | ((r[0] | r[1] | r[2]) & r[3]);
    uint64_t one_row = (r[0] | r[1] | r[2] | r[3]) & ~twice;
    for (int i = 0; i < 4; i++) {
        uint64_t p = r[i] & one_row, some = ((p | p >> 1 | p >> 2 | p >> 3) & LANES) * 0xF;
        out |= (some & ~p) << 4 * i;                           /* the row's other boxes */
        out |= lone_lanes4(r[i]) * 0x1111 & ~(LANE0 << 4 * i); /* the box's other rows */
    }
    for (int b = 0; b < 4; b++) gone[b] = w[b] & nibbles_of((unsigned)(out >> 16 * b & 0xFFFF));
}

/* Locked candidates across the bands (columns against boxes), added to
 * gone: a box with the digit in one column takes it from that column in
 * the other bands; a column with it in one band takes it from the other
 * columns of its box there. */
static inline void stack_locked(const uint64_t *w, uint64_t *gone)
{
    unsigned col[4], point[4], once = 0, twice = 0;
    for (int b = 0; b < 4; b++) {
        uint64_t f = w[b] | w[b] >> 32;
        col[b] = (unsigned)((f | f >> 16) & 0xFFFF); /* the band's columns holding it */
        twice |= once & col[b];
        once |= col[b];
        point[b] = lone_nibbles(col[b]);
    }
    unsigned one_band = once & ~twice;
    for (int b = 0; b < 4; b++) {
        unsigned claim = col[b] & one_band;
        unsigned others = point[(b + 1) & 3] | point[(b + 2) & 3] | point[(b + 3) & 3];
        gone[b] |= w[b] & (((full_nibbles(claim) & ~claim) | others) * LANES);
    }
}

/* A digit of board w has no place left in some house: the cells of every
 * such row, column and box are blamed. (Under domwdeg, on 90 generated
 * 16 x 16 puzzles and two of iss.jsonl, blaming the first one alone took
 * 63,322 nodes where the unit scans take 56,730; blaming every one takes
 * 55,742. At 9 x 9 it made no difference: docs/bench.md.) */
static void blame_houses(rg_solver *s, const uint64_t *w)
{
    int cells[16];
    uint64_t o = w[0] | w[1] | w[2] | w[3];
    o |= o >> 32;
    o |= o >> 16;
    for (int b = 0; b < 4; b++)
        for (int i = 0; i < 4; i++)
            if (!(w[b] >> 16 * i & 0xFFFF)) {
                for (int k = 0; k < 16; k++) cells[k] = 64 * b + 16 * i + k;
                rg_space_blame(s, cells, 16);
            }
    for (unsigned cols = ~(unsigned)o & 0xFFFF; cols; cols &= cols - 1) {
        for (int k = 0; k < 16; k++) cells[k] = 16 * k + __builtin_ctz(cols);
        rg_space_blame(s, cells, 16);
    }
    for (int b = 0; b < 4; b++) {
        unsigned m = any_nibble(w[b]);
        for (unsigned boxes = ~(m | m >> 4 | m >> 8 | m >> 12) & 0xF; boxes; boxes &= boxes - 1) {
            for (int k = 0; k < 16; k++)
                cells[k] = 64 * b + k / 4 * 16 + 4 * __builtin_ctz(boxes) + k % 4;
            rg_space_blame(s, cells, 16);
        }
    }
}

/* Each cell of at narrowed to its domain & keep where that changes it
 * (rg_space_narrow keeps the space's boards; a narrowing changes no other
 * cell's domain: the naked singles wait in their stack). RG_FAIL, 0 or 1. */
static inline int narrow_board(rg_solver *s, rg_mask *dom, const uint64_t *at, rg_mask keep,
                               int fam)
{
    int changed = 0;
    for (int b = 0; b < 4; b++)
        for (uint64_t x = at[b]; x; x &= x - 1) {
            int c = b * 64 + __builtin_ctzll(x);
            rg_mask v = dom[c];
            if (!(v & ~keep)) continue;
            if (rg_space_narrow(s, dom, c, v & keep, fam) < 0) return RG_FAIL;
            changed = 1;
        }
    return changed;
}

void rg_bands16_read(rg_solver *s, rg_mask *dom)
{
    struct rg_space_boards16 *B = rg_space_boards16_of(s, dom);
    packed16 pk;
    pack(dom, &pk);
    for (int d = 0; d < 16; d++) board_of(&pk, d, B->d[d]);
    singles_of(&pk, B->solved);
    B->valid = 1;
}

int rg_bands16_singles(rg_solver *s, rg_mask *dom, rg_mask digits)
{
    const struct rg_space_boards16 *B = rg_space_boards16_of(s, dom);
    int changed = 0;
    for (; digits; digits &= digits - 1) {
        int d = __builtin_ctz(digits);
        const uint64_t *w = B->d[d]; /* (read before this digit narrows anything) */
        uint64_t at[4];
        if (hidden(w, at)) {
            s->failed = 1;
            blame_houses(s, w);
            return RG_FAIL;
        }
        /* the open cells alone in a house (placed ones are passed over) */
        for (int b = 0; b < 4; b++) at[b] &= ~B->solved[b];
        int r = narrow_board(s, dom, at, (rg_mask)1 << d, RG_FAM_SINGLES);
        if (r < 0) return RG_FAIL;
        changed |= r;
    }
    return changed;
}

int rg_bands16_locked(rg_solver *s, rg_mask *dom, rg_mask digits)
{
    const struct rg_space_boards16 *B = rg_space_boards16_of(s, dom);
    int changed = 0;
    for (; digits; digits &= digits - 1) {
        int d = __builtin_ctz(digits);
        /* every cell holding d, placed ones too (as at 9 x 9) */
        const uint64_t *w = B->d[d];
        uint64_t gone[4];
        bands_locked(w, gone);
        stack_locked(w, gone);
        int r = narrow_board(s, dom, gone, ~((rg_mask)1 << d), RG_FAM_INTERSECTIONS);
        if (r < 0) return RG_FAIL;
        changed |= r;
    }
    return changed;
}
