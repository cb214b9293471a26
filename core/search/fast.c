/* The classic fast path (fast.h): a 9x9 board held as nine candidate
 * bitboards, one per digit, each three 27-bit band words (bit 9r + c of
 * band b is row 3b + r, column c) in a vector of four lanes, and a board
 * of placed cells. Naked singles come from once/twice accumulators over
 * the digits, hidden singles from each digit's board (its three bands at
 * once) and locked candidates from tables indexed by a band's minirows
 * and columns. The deductions are those of the general path's singles
 * and intersections levels, run to the same fixpoint; only the order and
 * the bookkeeping differ. */
#include <pthread.h>
#include <string.h>

#include "base/mem.h"
#include "search/fast.h"
#include "search/fast_state.h"

#define FAST_NAME(f) f##_base
#include "search/fast_solve.h"

#ifdef RULEGRID_FAST_AVX2
/* fast_avx2.c: the same, built for AVX2. */
int rg_fast_root_avx2(rg_solver *s, const rg_puzzle *p, const rg_mask *start);
void rg_fast_search_avx2(rg_solver *s, rg_result *r);
#endif

static int same_box(int a, int b) { return a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3; }

static int peers_of(int a, int b) { return a / 9 == b / 9 || a % 9 == b % 9 || same_box(a, b); }

int rg_grid_house(int side, const int *a, int na, const int *b, int nb)
{
    if (na < 1) return -1;
    const int bs = side == 16 ? 4 : 3; /* a box's side */
    int c0 = a[0], row = 1, col = 1, box = 1;
    for (int k = 1; k < na + nb; k++) {
        int c = k < na ? a[k] : b[k - na];
        row &= c / side == c0 / side;
        col &= c % side == c0 % side;
        box &= c / side / bs == c0 / side / bs && c % side / bs == c0 % side / bs;
    }
    if (row) return c0 / side;
    if (col) return side + c0 % side;
    if (box) return 2 * side + c0 / side / bs * bs + c0 % side / bs;
    return -1;
}

int rg_fast_eligible(const rg_model *m)
{
    const rg_board *b = &m->board;
    if (b->rows != 9 || b->cols != 9 || b->digits != 9 || b->ncells != 81) return 0;
    if (m->nprops || m->infeasible_rule >= 0) return 0;
    for (int c = 0; c < 81; c++)
        if (b->at[c] != c) return 0;
    uint32_t whole = 0;
    for (int i = 0; i < m->nhouses; i++) {
        int h = rg_grid_house(9, m->houses[i].cells, m->houses[i].n, NULL, 0);
        if (h < 0) return 0;
        if (m->houses[i].n == 9) whole |= 1u << h;
    }
    if (whole != BAND) return 0;
    for (int e = 0; e < m->nedges; e += 3)
        if (!peers_of(m->edges[e], m->edges[e + 1])) return 0;
    return 1;
}

static struct rg_band_tables tables;
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

static void tables_fill(void)
{
    struct rg_band_tables *t = &tables;
    for (unsigned i = 0; i < 512; i++) {
        uint32_t k = 0, cp = 0, cc = 0;
        for (int j = 0; j < 3; j++) {
            unsigned inbox = (i >> j) & 0x49u;  /* rows of box j holding it */
            unsigned inrow = (i >> 3 * j) & 7u; /* boxes of row j holding it */
            unsigned cols = inrow;              /* i as a column mask: columns of box j */
            if (lone(inbox)) k |= (ROW0 << (__builtin_ctz(inbox) / 3 * 9)) & ~(BOX0 << 3 * j);
            if (lone(inrow)) k |= (BOX0 << (__builtin_ctz(inrow) * 3)) & ~(ROW0 << 9 * j);
            if (lone(cols)) cp |= 1u << (3 * j + __builtin_ctz(cols));
        }
        for (unsigned m = i; m; m &= m - 1) {
            int col = __builtin_ctz(m);
            cc |= (BOX0 << (col / 3 * 3)) & ~(COL0 << col);
        }
        t->rowkill[i] = k;
        t->colpoint[i] = (uint16_t)cp;
        t->colclaim[i] = cc;
    }
}

const struct rg_band_tables *rg_band_tables(void)
{
    pthread_once(&tables_once, tables_fill);
    return &tables;
}

int rg_fast_prepare(rg_solver *s)
{
    if (!rg_fast_eligible(s->m)) return RG_OK;
    struct rg_fast *f = rg_mem_calloc(1, sizeof *f);
    if (!f) return RG_E_NOMEM;
    for (int a = 0; a < 81; a++)
        for (int b = 0; b < 81; b++)
            if (a != b && peers_of(a, b)) f->peers[a / 27 * 32 + a % 27][b / 27] |= 1u << (b % 27);
    f->tab = rg_band_tables();
    for (int c = 0; c < 81; c++) {
        for (int d = 0; d < 9; d++)
            if (s->m->root[c] >> d & 1) f->allow[d][c / 27] |= 1u << (c % 27);
        if (!(s->m->root[c] & s->m->full)) f->root_empty = 1;
    }
    for (int d = 0; d < 9; d++) f->allow[d][3] = BAND;
    f->avx2 = rg_fast_has_avx2();
    s->fast = f;
    return RG_OK;
}

void rg_fast_release(rg_solver *s)
{
    rg_mem_free(s->fast);
    s->fast = NULL;
}

void rg_fast_unused(rg_solver *s) { s->fast->used = 0; }

int rg_fast_usable(const rg_solver *s)
{
    if (!s->fast || s->general_only) return 0;
    int st = s->o.strategy, h = s->o.heuristic;
    return (st == RG_STRATEGY_SINGLES || st == RG_STRATEGY_INTERSECTIONS) &&
           (h == RG_HEURISTIC_MRV || h == RG_HEURISTIC_DOMWDEG);
}

int rg_solver_fast_path_used(const rg_solver *s) { return s && s->fast && s->fast->used; }

void rg_solver_set_fast_path(rg_solver *s, int on)
{
    if (s) s->general_only = !on;
}

void rg_fast_domains(const rg_solver *s, rg_mask *out)
{
    for (int c = 0; c < 81; c++) out[c] = cell_digits(&s->fast->stack[0], c);
}

int rg_fast_has_avx2(void)
{
#ifdef RULEGRID_FAST_AVX2
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") != 0;
#else
    return 0;
#endif
}

void rg_fast_set_baseline(rg_solver *s, int on) { s->fast_baseline = on != 0; }

/* The variant the processor runs (prepare looked), unless a test keeps
 * the solver to the baseline. */
int rg_fast_root(rg_solver *s, const rg_puzzle *p, const rg_mask *start)
{
#ifdef RULEGRID_FAST_AVX2
    if (s->fast->avx2 && !s->fast_baseline) return rg_fast_root_avx2(s, p, start);
#endif
    return rg_fast_root_base(s, p, start);
}

void rg_fast_search(rg_solver *s, rg_result *r)
{
#ifdef RULEGRID_FAST_AVX2
    if (s->fast->avx2 && !s->fast_baseline) {
        rg_fast_search_avx2(s, r);
        return;
    }
#endif
    rg_fast_search_base(s, r);
}
