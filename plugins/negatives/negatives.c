/* The negatives plugin (format.md 6.14): "all clues of a kind are shown" for
 * pairs, rossini ends, 2 x 2 blocks and cells, built in link from the clue
 * marks of the other plugins. */
#include <stdio.h>
#include <string.h>

#include "masks.h"
#include "pairop.h"
#include "rulegrid/plugin.h"

/* Every position without a clue of the family is constrained; pairs get one
 * combined pair table per pair for all pair negatives of the document.
 * Nothing here knows how the clues themselves are solved. */

static const rg_host *host;

/* The families a negative may name; the first six are pair families. */
enum { F_KROPKI, F_XV, F_DIFFERENCE, F_RATIO, F_PRODUCT, F_SUM, F_ROSSINI, F_BATTENBURG, F_CELL };
#define NPAIRFAM 6
static const char *const families[] = {"kropki", "xv",      "difference", "ratio", "product",
                                       "sum",    "rossini", "battenburg", "cell",  NULL};
static const char *const colors[] = {"white", "black", NULL};
static const char *const letters[] = {"X", "V", NULL};
static const char *const cell_kinds[] = {"odd", "even", "low", "high", NULL};
/* fmt writes the fields in this order (format.md §6). */
static const char *const negative_order[] = {"of",   "color", "letter", "value", "sum",
                                             "kind", "split", "area",   NULL};

/* Pair negatives of the document are recorded as marks of this family
 * prefix ("negative:<family>:<selector>:<has area>", key the value, cells the
 * area) so that the first of them can build one table per pair for all. */
#define NEG_MARK "negative:"

/* One negative rule as compiled. sel: kropki 0 white / 1 black / 2 both;
 * xv 0 X / 1 V / 2 both; cell the kind. */
typedef struct spec {
    int of, sel;
    long value; /* difference / ratio / product value, sum, cell split */
    const int *area;
    int narea; /* -1: no area */
    int mark;  /* index of this rule's NEG_MARK mark, -1 when none */
} spec;

/* ---- Reading -------------------------------------------------------------------- */

/* A cell negative's kind, and the split of low and high cells. */
static int read_cell_kind(rg_build *b, rg_rule *r, spec *s)
{
    rg_board_info bi;
    host->board(b, &bi);
    int rc = host->read_enum(b, r, "kind", 0, cell_kinds, &s->sel);
    if (rc == RG_OK && s->sel >= 2) {
        if (bi.digits < 2)
            return host->error(b, r, "kind", "%s cells need a board of at least 2 digits",
                               cell_kinds[s->sel]);
        rc = host->read_int(b, r, "split", 0, 1, bi.digits - 1, &s->value);
    } else if (rc == RG_OK && host->has(b, r, "split")) {
        return host->error(b, r, "split", "split belongs only to low and high cells, not to %s",
                           cell_kinds[s->sel]);
    }
    return rc;
}

/* What the negative selects within its family: a colour or letter (both
 * when absent), the value of a difference, ratio, product or sum, or a cell
 * kind. */
static int read_selector(rg_build *b, rg_rule *r, spec *s)
{
    static const int negated[] = {[F_DIFFERENCE] = RG_OP_NOT_DIFFERENCE,
                                  [F_RATIO] = RG_OP_NOT_RATIO,
                                  [F_PRODUCT] = RG_OP_NOT_PRODUCT,
                                  [F_SUM] = RG_OP_NOT_SUM};
    int rc = RG_OK;
    s->sel = 2;
    switch (s->of) {
    case F_KROPKI: rc = host->read_enum(b, r, "color", RG_F_OPTIONAL, colors, &s->sel); break;
    case F_XV: rc = host->read_enum(b, r, "letter", RG_F_OPTIONAL, letters, &s->sel); break;
    case F_DIFFERENCE:
    case F_RATIO:
    case F_PRODUCT:
    case F_SUM: rc = rg_pairop_read_param(b, r, negated[s->of], &s->value); break;
    case F_CELL: rc = read_cell_kind(b, r, s); break;
    default: break;
    }
    return rc == RG_ABSENT ? RG_OK : rc;
}

static int compile_negative(rg_build *b, rg_rule *r, void **data)
{
    spec *s = host->alloc(b, sizeof *s);
    if (!s) return host->error(b, r, NULL, "out of memory");
    int rc = host->read_enum(b, r, "of", 0, families, &s->of);
    if (rc == RG_OK) rc = read_selector(b, r, s);
    if (rc != RG_OK) return rc;
    s->narea = -1;
    rc = host->read_area(b, r, "area", RG_F_OPTIONAL, &s->area, &s->narea);
    if (rc == RG_ABSENT)
        s->narea = -1;
    else if (rc != RG_OK)
        return rc;
    s->mark = -1;
    if (s->of < NPAIRFAM) {
        char fam[64];
        snprintf(fam, sizeof fam, NEG_MARK "%d:%d:%d", s->of, s->sel, s->narea >= 0);
        s->mark = host->mark_count(b);
        rc = host->add_mark(b, fam, s->value, s->area, s->narea > 0 ? s->narea : 0);
        if (rc != RG_OK) return rc;
    }
    *data = s;
    return RG_OK;
}

/* ---- Positions ---------------------------------------------------------------------- */

/* Cell flags of an area (NULL for none). */
static unsigned char *area_flags(rg_build *b, const int *area, int n, int N)
{
    unsigned char *f = host->alloc(b, (size_t)N + 1);
    if (f)
        for (int i = 0; i < n; i++) f[area[i]] = 1;
    return f;
}

/* Do the cells lie together in one grid area (any cells on a board without
 * grids)? */
static int in_one_grid(rg_build *b, const int *cells, int n)
{
    int ng = host->grid_count(b);
    if (ng == 0) return 1;
    rg_board_info bi;
    host->board(b, &bi);
    for (int g = 0; g < ng; g++) {
        int r0, c0, ok = 1;
        host->cell_pos(b, host->grid_origin(b, g), &r0, &c0);
        for (int i = 0; i < n && ok; i++) {
            int row, col;
            host->cell_pos(b, cells[i], &row, &col);
            ok = row >= r0 && row < r0 + bi.digits && col >= c0 && col < c0 + bi.digits;
        }
        if (ok) return 1;
    }
    return 0;
}

static int family_index(const char *name)
{
    for (int f = 0; families[f]; f++)
        if (strcmp(name, families[f]) == 0) return f;
    return -1;
}

/* A clue mark (host->mark). */
typedef struct mark {
    const char *family;
    long key;
    const int *cells;
    int n;
} mark;

static mark mark_at(const rg_build *b, int i)
{
    mark m;
    host->mark(b, i, &m.family, &m.key, &m.cells, &m.n);
    return m;
}

/* Is m the mark of a pair negative (NEG_MARK)? */
static int pair_negative(const mark *m)
{
    return strncmp(m->family, NEG_MARK, strlen(NEG_MARK)) == 0;
}

/* The index of the first pair negative's mark, or -1. */
static int first_pair_negative(const rg_build *b)
{
    for (int i = 0, nm = host->mark_count(b); i < nm; i++) {
        mark m = mark_at(b, i);
        if (pair_negative(&m)) return i;
    }
    return -1;
}

/* ---- Pairs: one combined table per orthogonal pair ------------------------------------ */

/* The relation an uncovered pair must satisfy for one pair negative. */
static void negated_table(rg_pairop_table *t, int of, int sel, long value, int D)
{
    rg_pairop_table u;
    rg_pairop_fill_all(t, D);
    switch (of) {
    case F_KROPKI:
    case F_XV:
        /* sel 0 / 1 covers one colour or letter, 2 both. */
        for (int part = 0; part < 2; part++) {
            if (sel != 2 && sel != part) continue;
            if (of == F_KROPKI)
                rg_pairop_fill(&u, part ? RG_OP_NOT_RATIO : RG_OP_NOT_CONSECUTIVE, part ? 2 : 0, D);
            else
                rg_pairop_fill(&u, RG_OP_NOT_SUM, part ? 5 : 10, D);
            rg_pairop_and(t, &u);
        }
        break;
    case F_DIFFERENCE: rg_pairop_fill(t, RG_OP_NOT_DIFFERENCE, value, D); break;
    case F_RATIO: rg_pairop_fill(t, RG_OP_NOT_RATIO, value, D); break;
    case F_PRODUCT: rg_pairop_fill(t, RG_OP_NOT_PRODUCT, value, D); break;
    default: rg_pairop_fill(t, RG_OP_NOT_SUM, value, D); break;
    }
}

/* A pair negative read back from its mark. */
typedef struct pairneg {
    int of;
    rg_pairop_table t;
    unsigned char *area; /* NULL: whole board */
} pairneg;

/* Slot of the orthogonal pair (a, c): 2a for a right neighbour, 2a+1 below. */
static int slot_of(rg_build *b, int a, int c)
{
    int ra, ca, rc, cc;
    host->cell_pos(b, a, &ra, &ca);
    host->cell_pos(b, c, &rc, &cc);
    if (ra == rc && cc == ca + 1) return 2 * a;
    if (ra == rc && ca == cc + 1) return 2 * c;
    if (ca == cc && rc == ra + 1) return 2 * a + 1;
    if (ca == cc && ra == rc + 1) return 2 * c + 1;
    return -1;
}

static const rg_pairop_table *intern(rg_build *b, const rg_pairop_table *t,
                                     const rg_pairop_table **known, int *nknown, int cap)
{
    for (int i = 0; i < *nknown; i++)
        if (memcmp(known[i]->ab, t->ab, sizeof t->ab) == 0 &&
            memcmp(known[i]->ba, t->ba, sizeof t->ba) == 0)
            return known[i];
    rg_pairop_table *copy = host->alloc(b, sizeof *copy);
    if (!copy) return NULL;
    *copy = *t;
    if (*nknown < cap) known[(*nknown)++] = copy;
    return copy;
}

/* The pair negatives of the document, from their marks, into negs; and per
 * orthogonal pair slot the pair families that have a clue there (bits of
 * exempt[slot]). */
static int read_pair_marks(rg_build *b, rg_rule *r, pairneg *negs, unsigned char *exempt)
{
    rg_board_info bi;
    host->board(b, &bi);
    int N = bi.cells, nm = host->mark_count(b), k = 0;
    for (int i = 0; i < nm; i++) {
        mark m = mark_at(b, i);
        if (pair_negative(&m)) {
            int of, sel, has_area;
            if (sscanf(m.family + strlen(NEG_MARK), "%d:%d:%d", &of, &sel, &has_area) != 3)
                return host->error(b, r, NULL, "unreadable negative mark %s", m.family);
            negs[k].of = of;
            negated_table(&negs[k].t, of, sel, m.key, bi.digits);
            negs[k].area = NULL;
            if (has_area && !(negs[k].area = area_flags(b, m.cells, m.n, N)))
                return host->error(b, r, NULL, "out of memory");
            k++;
            continue;
        }
        int f = family_index(m.family);
        if (f < 0 || f >= NPAIRFAM || m.n != 2) continue;
        int slot = slot_of(b, m.cells[0], m.cells[1]);
        if (slot >= 0) exempt[slot] |= (unsigned char)(1u << f);
    }
    return RG_OK;
}

/* Every pair negative of the document, read from the marks: run once, by
 * the first of them. Each orthogonal pair of one grid gets the table of the
 * negatives that cover it, shared between pairs with equal tables. */
static int build_pairs(rg_build *b, rg_rule *r)
{
    rg_board_info bi;
    host->board(b, &bi);
    int N = bi.cells, D = bi.digits, nm = host->mark_count(b), nneg = 0;
    for (int i = 0; i < nm; i++) {
        mark m = mark_at(b, i);
        nneg += pair_negative(&m);
    }
    pairneg *negs = host->alloc(b, (size_t)nneg * sizeof *negs);
    unsigned char *exempt = host->alloc(b, 2 * (size_t)N + 1); /* family bits per slot */
    if (!negs || !exempt) return host->error(b, r, NULL, "out of memory");
    int rc = read_pair_marks(b, r, negs, exempt);
    const rg_pairop_table *known[64];
    int nknown = 0;
    rg_pairop_table t;
    for (int a = 0; a < N && rc == RG_OK; a++) {
        int row, col;
        host->cell_pos(b, a, &row, &col);
        for (int dir = 0; dir < 2 && rc == RG_OK; dir++) {
            int c = host->cell_at(b, row + dir, col + 1 - dir);
            int pair[2] = {a, c}, applied = 0;
            if (c < 0 || !in_one_grid(b, pair, 2)) continue;
            rg_pairop_fill_all(&t, D);
            for (int i = 0; i < nneg; i++) {
                const pairneg *g = &negs[i];
                if (exempt[2 * a + dir] >> g->of & 1u) continue;
                if (g->area && !(g->area[a] && g->area[c])) continue;
                rg_pairop_and(&t, &g->t);
                applied = 1;
            }
            if (!applied) continue;
            const rg_pairop_table *shared = intern(b, &t, known, &nknown, 64);
            if (!shared) return host->error(b, r, NULL, "out of memory");
            rc = rg_pairop_add(b, shared, a, c, "negatives");
        }
    }
    return rc;
}

/* ---- Rossini ends: not monotone -------------------------------------------------------- */

typedef struct trio {
    int cells[3];
    rg_mask full;
} trio;

static inline rg_mask below(int v) { return ((rg_mask)1 << (v - 1)) - 1; } /* digits < v */

/* Digits v of an end cell with some y, z (other end) such that v, y, z is
 * neither strictly increasing nor decreasing: y = v, or y > v with some z <= y,
 * or y < v with some z >= y. */
static rg_mask end_support(rg_mask dx, rg_mask dy, rg_mask dz, rg_mask full)
{
    int zmin = __builtin_ctz(dz) + 1, zmax = 32 - __builtin_clz(dz);
    rg_mask y_hi = dy & ~below(zmin);    /* y >= zmin */
    rg_mask y_lo = dy & mask_upto(zmax); /* y <= zmax */
    rg_mask keep = 0;
    for (rg_mask m = dx; m; m &= m - 1) {
        int v = __builtin_ctz(m) + 1;
        rg_mask above = full & ~mask_upto(v);
        if ((dy >> (v - 1) & 1u) || (y_hi & above) || (y_lo & below(v))) keep |= m & -m;
    }
    return keep;
}

static int trio_propagate(rg_space *sp, void *data)
{
    const trio *t = data;
    const rg_mask *dom = host->domains(sp);
    rg_mask dx = dom[t->cells[0]], dy = dom[t->cells[1]], dz = dom[t->cells[2]];
    rg_mask kx = end_support(dx, dy, dz, t->full);
    rg_mask kz = end_support(dz, dy, dx, t->full);
    rg_mask ky = 0;
    for (rg_mask m = dy; m; m &= m - 1) {
        int w = __builtin_ctz(m) + 1;
        rg_mask lo = below(w), hi = t->full & ~mask_upto(w);
        if (((dx | dz) >> (w - 1) & 1u) || ((dx & lo) && (dz & lo)) || ((dx & hi) && (dz & hi)))
            ky |= m & -m;
    }
    /* Supports are whole triples of supported digits: one pass is a fixpoint. */
    if (kx != dx && host->keep(sp, t->cells[0], kx) < 0) return RG_PROP_FAIL;
    if (ky != dy && host->keep(sp, t->cells[1], ky) < 0) return RG_PROP_FAIL;
    if (kz != dz && host->keep(sp, t->cells[2], kz) < 0) return RG_PROP_FAIL;
    return RG_PROP_FIX;
}

static int trio_check(const int *values, void *data)
{
    const trio *t = data;
    int x = values[t->cells[0]], y = values[t->cells[1]], z = values[t->cells[2]];
    if (!x || !y || !z) return 1;
    return !(x < y && y < z) && !(x > y && y > z);
}

/* Ends of full row and column houses, in the order the house's rule lists
 * its cells (format.md 8.3): the first three, and the last three reversed. */
static int build_rossini(rg_build *b, rg_rule *r, const spec *s)
{
    rg_board_info bi;
    host->board(b, &bi);
    int D = bi.digits, N = bi.cells, nh = host->house_count(b), nm = host->mark_count(b);
    if (D < 3) return RG_OK;
    unsigned char *area = s->narea >= 0 ? area_flags(b, s->area, s->narea, N) : NULL;
    if (s->narea >= 0 && !area) return host->error(b, r, NULL, "out of memory");
    for (int h = 0; h < nh; h++) {
        const int *cells;
        int n, kind;
        host->house(b, h, &cells, &n, &kind);
        if (n != D || (kind != RG_HOUSE_ROW && kind != RG_HOUSE_COLUMN)) continue;
        for (int end = 0; end < 2; end++) {
            int e[3];
            for (int i = 0; i < 3; i++) e[i] = end ? cells[n - 1 - i] : cells[i];
            if (area && !(area[e[0]] && area[e[1]] && area[e[2]])) continue;
            int exempt = 0;
            for (int i = 0; i < nm && !exempt; i++) {
                mark m = mark_at(b, i);
                exempt = strcmp(m.family, "rossini") == 0 && m.n >= 3 && m.cells[0] == e[0] &&
                         m.cells[1] == e[1] && m.cells[2] == e[2];
            }
            if (exempt) continue;
            trio *t = host->alloc(b, sizeof *t);
            if (!t) return host->error(b, r, NULL, "out of memory");
            memcpy(t->cells, e, sizeof e);
            t->full = mask_upto(D);
            rg_propagator def = {sizeof(rg_propagator), "not_rossini",  "negatives",
                                 RG_COST_LINEAR,        trio_propagate, trio_check};
            int rc = host->add_propagator(b, &def, t, e, 3, RG_EV_DOMAIN);
            if (rc != RG_OK) return rc;
        }
    }
    return RG_OK;
}

/* ---- Battenburg: no parity checkerboard ------------------------------------------------ */

#define ODD  ((rg_mask)0x55555555u)
#define EVEN ((rg_mask)0xAAAAAAAAu)

typedef struct block {
    int cells[4]; /* reading order */
} block;

/* The two checkerboards: the parity mask of each cell. */
static const rg_mask board_parity[2][4] = {{ODD, EVEN, EVEN, ODD}, {EVEN, ODD, ODD, EVEN}};

static int block_propagate(rg_space *sp, void *data)
{
    const block *k = data;
    const rg_mask *dom = host->domains(sp);
    rg_mask d[4];
    for (int i = 0; i < 4; i++) d[i] = dom[k->cells[i]];
    for (int p = 0; p < 2; p++)
        for (int i = 0; i < 4; i++) {
            int forced = 1;
            for (int j = 0; j < 4 && forced; j++)
                if (j != i) forced = (d[j] & ~board_parity[p][j]) == 0;
            /* The other three already form checkerboard p: cell i must break it. */
            if (forced && host->remove(sp, k->cells[i], board_parity[p][i]) < 0)
                return RG_PROP_FAIL;
        }
    return RG_PROP_FIX;
}

static int block_check(const int *values, void *data)
{
    const block *k = data;
    int v[4];
    for (int i = 0; i < 4; i++)
        if (!(v[i] = values[k->cells[i]])) return 1;
    int checker = (v[0] - v[1]) % 2 && (v[0] - v[2]) % 2 && (v[3] - v[1]) % 2 && (v[3] - v[2]) % 2;
    return !checker;
}

static int build_battenburg(rg_build *b, rg_rule *r, const spec *s)
{
    rg_board_info bi;
    host->board(b, &bi);
    int N = bi.cells, nm = host->mark_count(b);
    unsigned char *area = s->narea >= 0 ? area_flags(b, s->area, s->narea, N) : NULL;
    if (s->narea >= 0 && !area) return host->error(b, r, NULL, "out of memory");
    for (int a = 0; a < N; a++) {
        int row, col, e[4];
        host->cell_pos(b, a, &row, &col);
        int ok = 1;
        for (int i = 0; i < 4 && ok; i++) {
            e[i] = host->cell_at(b, row + i / 2, col + i % 2);
            ok = e[i] >= 0 && (!area || area[e[i]]);
        }
        if (!ok || !in_one_grid(b, e, 4)) continue;
        int exempt = 0;
        for (int i = 0; i < nm && !exempt; i++) {
            mark m = mark_at(b, i);
            exempt = strcmp(m.family, "battenburg") == 0 && m.n == 4 && m.cells[0] == e[0] &&
                     m.cells[3] == e[3];
        }
        if (exempt) continue;
        block *k = host->alloc(b, sizeof *k);
        if (!k) return host->error(b, r, NULL, "out of memory");
        memcpy(k->cells, e, sizeof e);
        rg_propagator def = {sizeof(rg_propagator), "not_battenburg", "negatives",
                             RG_COST_LINEAR,        block_propagate,  block_check};
        int rc = host->add_propagator(b, &def, k, e, 4, RG_EV_DOMAIN);
        if (rc != RG_OK) return rc;
    }
    return RG_OK;
}

/* ---- Cells ------------------------------------------------------------------------------ */

static int build_cells(rg_build *b, rg_rule *r, const spec *s)
{
    rg_board_info bi;
    host->board(b, &bi);
    int N = bi.cells, nm = host->mark_count(b);
    unsigned char *skip = host->alloc(b, (size_t)N + 1);
    if (!skip) return host->error(b, r, NULL, "out of memory");
    if (s->narea >= 0) {
        memset(skip, 1, (size_t)N);
        for (int i = 0; i < s->narea; i++) skip[s->area[i]] = 0;
    }
    for (int i = 0; i < nm; i++) {
        mark m = mark_at(b, i);
        if (strcmp(m.family, "cell") == 0 && m.key / 1000 == s->sel)
            for (int j = 0; j < m.n; j++) skip[m.cells[j]] = 1;
    }
    /* An uncovered cell holds what the clue would not allow. */
    rg_mask allowed = 0;
    for (int d = 1; d <= bi.digits; d++) {
        int clue = s->sel == 0   ? d % 2 == 1
                   : s->sel == 1 ? d % 2 == 0
                   : s->sel == 2 ? d <= s->value
                                 : d > s->value;
        if (!clue) allowed |= (rg_mask)1 << (d - 1);
    }
    for (int c = 0; c < N; c++) {
        if (skip[c]) continue;
        int rc = host->restrict_cell(b, c, allowed);
        if (rc != RG_OK) return rc;
    }
    return RG_OK;
}

/* ---- Link --------------------------------------------------------------------------------- */

static int link_negative(rg_build *b, rg_rule *r, void *data)
{
    const spec *s = data;
    switch (s->of) {
    case F_ROSSINI: return build_rossini(b, r, s);
    case F_BATTENBURG: return build_battenburg(b, r, s);
    case F_CELL: return build_cells(b, r, s);
    default: break;
    }
    /* Pair negatives: the first one of the document builds them all. */
    return first_pair_negative(b) == s->mark ? build_pairs(b, r) : RG_OK;
}

static const rg_rule_type types[] = {
    {.size = sizeof(rg_rule_type),
     .name = "negative",
     .family = "negatives",
     .write_rank = 614,
     .compile = compile_negative,
     .link = link_negative,
     .write_order = negative_order},
};

RG_PLUGIN_DEFINE("negatives", "1.0",
                 "negative constraints: kropki, xv, difference, ratio, "
                 "product, sum, rossini, battenburg, cell",
                 host, types, rg_pairop_init);
