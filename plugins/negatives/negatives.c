/* The negatives plugin (format.md 6.14): "all clues of a kind are shown" for
 * pairs, rossini ends, 2 x 2 blocks and cells, built in link from the clue
 * marks of the other plugins. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "masks.h"
#include "pairop.h"
#include "rulegrid/plugin.h"
#include "why_util.h"

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

/* What the negatives of one model share while it is built
 * (host->model_data): the first pair negative, which builds the pairs of
 * all; which kinds a negative without an area already covered everywhere
 * (a later one of the same kind and selector adds nothing); a stamp per
 * cell for areas; the grid origins counted over rectangles. */
typedef struct negatives_model {
    const struct spec *first_pair;
    int whole_rossini, whole_battenburg;
    unsigned char whole_cell[4][RG_MAX_DIGITS + 1]; /* [kind][split] */
    int *stamp, stamped;
    int *origins, ngrids; /* (rows + 1) x (columns + 1) prefix sums, for ngrids grids */
    unsigned char *clues; /* per cell: CLUE_* bits, from the marks (read_clues) */
} negatives_model;

/* What read_clues notes per cell: a rossini or battenburg clue starts there,
 * a cell clue of kind k (bit CLUE_CELL << k) holds it. */
enum { CLUE_ROSSINI = 1, CLUE_BATTENBURG = 2, CLUE_CELL = 4 };

static negatives_model *model_of(rg_build *b)
{
    static const char key = 0; /* its address names the plugin's block */
    return host->model_data(b, &key, sizeof(negatives_model));
}

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
        negatives_model *nm = model_of(b);
        if (!nm) return host->error(b, r, NULL, "out of memory");
        if (!nm->first_pair) nm->first_pair = s;
    }
    *data = s;
    return RG_OK;
}

/* ---- Positions ---------------------------------------------------------------------- */

/* A new stamp for the cells of an area: in_area() is true of them until
 * the next call. -1 without memory. */
static int stamp_area(rg_build *b, negatives_model *nm, const int *area, int n)
{
    rg_board_info bi;
    host->board(b, &bi);
    if (!nm->stamp && !(nm->stamp = host->alloc(b, ((size_t)bi.cells + 1) * sizeof *nm->stamp)))
        return -1;
    nm->stamped++;
    for (int i = 0; i < n; i++) nm->stamp[area[i]] = nm->stamped;
    return 0;
}

static int in_area(const negatives_model *nm, int cell) { return nm->stamp[cell] == nm->stamped; }

/* The grid origins counted over every rectangle r1c1:rRcC, remade when a
 * grid was added since. -1 without memory. */
static int count_origins(rg_build *b, negatives_model *nm)
{
    int ng = host->grid_count(b);
    if (nm->origins && nm->ngrids == ng) return 0;
    rg_board_info bi;
    host->board(b, &bi);
    int w = bi.columns + 1;
    nm->origins = host->alloc(b, (size_t)(bi.rows + 1) * (size_t)w * sizeof *nm->origins);
    if (!nm->origins) return -1;
    for (int g = 0; g < ng; g++) {
        int row, col;
        host->cell_pos(b, host->grid_origin(b, g), &row, &col);
        nm->origins[row * w + col]++;
    }
    for (int row = 1; row <= bi.rows; row++)
        for (int col = 1; col <= bi.columns; col++)
            nm->origins[row * w + col] += nm->origins[(row - 1) * w + col] +
                                          nm->origins[row * w + col - 1] -
                                          nm->origins[(row - 1) * w + col - 1];
    nm->ngrids = ng;
    return 0;
}

/* Do the cells lie together in one grid area (any cells on a board without
 * grids)? A grid holds them when its origin lies within D - 1 rows above
 * their lowest and columns left of their rightmost, and no lower or further
 * right than their top and left: a count over the origins (count_origins
 * made it). */
static int in_one_grid(rg_build *b, const negatives_model *nm, const int *cells, int n)
{
    if (nm->ngrids == 0) return 1;
    rg_board_info bi;
    host->board(b, &bi);
    int rmin = 1 << 30, rmax = 0, cmin = 1 << 30, cmax = 0, w = bi.columns + 1;
    for (int i = 0; i < n; i++) {
        int row, col;
        host->cell_pos(b, cells[i], &row, &col);
        rmin = row < rmin ? row : rmin, rmax = row > rmax ? row : rmax;
        cmin = col < cmin ? col : cmin, cmax = col > cmax ? col : cmax;
    }
    int r0 = rmax - bi.digits + 1, c0 = cmax - bi.digits + 1;
    r0 = r0 < 1 ? 1 : r0, c0 = c0 < 1 ? 1 : c0;
    if (r0 > rmin || c0 > cmin) return 0;
    const int *o = nm->origins;
    return o[rmin * w + cmin] - o[(r0 - 1) * w + cmin] - o[rmin * w + c0 - 1] +
               o[(r0 - 1) * w + c0 - 1] >
           0;
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

/* The clues of the rossini, battenburg and cell families per cell
 * (nm->clues), read once from every mark: the marks are all added in
 * compile, before the first link. -1 without memory. */
static int read_clues(rg_build *b, negatives_model *nm)
{
    if (nm->clues) return 0;
    rg_board_info bi;
    host->board(b, &bi);
    if (!(nm->clues = host->alloc(b, (size_t)bi.cells + 1))) return -1;
    for (int i = 0, n = host->mark_count(b); i < n; i++) {
        mark m = mark_at(b, i);
        if (m.n <= 0) continue;
        if (strcmp(m.family, "rossini") == 0)
            nm->clues[m.cells[0]] |= CLUE_ROSSINI;
        else if (strcmp(m.family, "battenburg") == 0)
            nm->clues[m.cells[0]] |= CLUE_BATTENBURG;
        else if (strcmp(m.family, "cell") == 0 && m.key / 1000 >= 0 && m.key / 1000 < 4)
            for (int j = 0; j < m.n; j++)
                nm->clues[m.cells[j]] |= (unsigned char)(CLUE_CELL << (m.key / 1000));
    }
    return 0;
}

/* Is m the mark of a pair negative (NEG_MARK)? */
static int pair_negative(const mark *m)
{
    return strncmp(m->family, NEG_MARK, strlen(NEG_MARK)) == 0;
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
    int of, sel;
    long value;
    rg_pairop_table t;
    int has_area;    /* 0: the whole board */
    const int *area; /* the mark's cells */
    int narea;
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
    int nm = host->mark_count(b), k = 0;
    for (int i = 0; i < nm; i++) {
        mark m = mark_at(b, i);
        if (pair_negative(&m)) {
            int of, sel, has_area;
            if (sscanf(m.family + strlen(NEG_MARK), "%d:%d:%d", &of, &sel, &has_area) != 3)
                return host->error(b, r, NULL, "unreadable negative mark %s", m.family);
            negs[k].of = of;
            negs[k].sel = sel;
            negs[k].value = m.key;
            negated_table(&negs[k].t, of, sel, m.key, bi.digits);
            negs[k].has_area = has_area;
            negs[k].area = m.cells;
            negs[k].narea = m.n;
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

/* The pair tables of the negatives, combined: per family those without an
 * area (base[f], has[f]), and per pair slot those with an area that cover
 * it and whose family has no clue there (acc[slot], NULL when none; the
 * tables in one malloc'd block, *pool). Each negative with an area is met
 * once per pair of its area. -1 without memory. */
static int combine_pairs(rg_build *b, negatives_model *nm, const pairneg *negs, int nneg,
                         const unsigned char *exempt, rg_pairop_table *base, int *has,
                         rg_pairop_table **acc, rg_pairop_table **pool)
{
    rg_board_info bi;
    host->board(b, &bi);
    int used = 0;
    *pool = NULL;
    for (int i = 0; i < nneg; i++) {
        const pairneg *g = &negs[i];
        if (!g->has_area) {
            rg_pairop_and(&base[g->of], &g->t);
            has[g->of] = 1;
            continue;
        }
        if (!*pool && !(*pool = malloc(2 * (size_t)bi.cells * sizeof **pool))) return -1;
        if (stamp_area(b, nm, g->area, g->narea) < 0) return -1;
        for (int k = 0; k < g->narea; k++) {
            int a = g->area[k], row, col;
            host->cell_pos(b, a, &row, &col);
            for (int dir = 0; dir < 2; dir++) {
                int c = host->cell_at(b, row + dir, col + 1 - dir), slot = 2 * a + dir;
                if (c < 0 || !in_area(nm, c) || (exempt[slot] >> g->of & 1u)) continue;
                if (!acc[slot]) rg_pairop_fill_all(acc[slot] = &(*pool)[used++], bi.digits);
                rg_pairop_and(acc[slot], &g->t);
            }
        }
    }
    return 0;
}

/* The clues the pair negatives are about, each once, for the explain
 * texts of the pairs (rg_pairop_why). Returns how many; *out NULL without
 * memory. */
static int negated_clues(rg_build *b, const pairneg *negs, int nneg, rg_pairop_clue **out)
{
    static const int kinds[] = {RG_CLUE_DIFFERENCE, RG_CLUE_RATIO, RG_CLUE_PRODUCT, RG_CLUE_SUM};
    rg_pairop_clue *cl = host->alloc(b, (size_t)(2 * nneg + 1) * sizeof *cl);
    int n = 0;
    for (int i = 0; cl && i < nneg; i++)
        for (int part = 0; part < 2; part++) {
            const pairneg *g = &negs[i];
            rg_pairop_clue c = {0, 0};
            if (g->of == F_KROPKI || g->of == F_XV) {
                if (g->sel != 2 && g->sel != part) continue;
                c.kind = (g->of == F_XV ? RG_CLUE_X : RG_CLUE_WHITE) + part;
            } else if (part == 0) {
                c = (rg_pairop_clue){kinds[g->of - F_DIFFERENCE], g->value};
            } else {
                continue;
            }
            int seen = 0;
            for (int k = 0; k < n && !seen; k++)
                seen = cl[k].kind == c.kind && cl[k].value == c.value;
            if (!seen) cl[n++] = c;
        }
    *out = cl;
    return n;
}

/* Every pair negative of the document, read from the marks: run once, by
 * the first of them. Each orthogonal pair of one grid gets the table of the
 * negatives that cover it, shared between pairs with equal tables; one
 * propagator per cell narrows its partners (rg_pairop_set). */
static int build_pairs(rg_build *b, rg_rule *r, negatives_model *nm)
{
    rg_board_info bi;
    host->board(b, &bi);
    int N = bi.cells, D = bi.digits, nmk = host->mark_count(b), nneg = 0;
    for (int i = 0; i < nmk; i++) {
        mark m = mark_at(b, i);
        nneg += pair_negative(&m);
    }
    pairneg *negs = host->alloc(b, (size_t)nneg * sizeof *negs);
    unsigned char *exempt = host->alloc(b, 2 * (size_t)N + 1); /* family bits per slot */
    rg_pairop_table **acc = calloc(2 * (size_t)N + 1, sizeof *acc), *pool = NULL;
    rg_pairop_table base[NPAIRFAM];
    int has[NPAIRFAM] = {0};
    for (int f = 0; f < NPAIRFAM; f++) rg_pairop_fill_all(&base[f], D);
    int rc = negs && exempt && acc && count_origins(b, nm) == 0 ? RG_OK : RG_E_NOMEM;
    if (rc == RG_OK) rc = read_pair_marks(b, r, negs, exempt);
    rg_pairop_why why = {.technique = "negative constraint", .op = RG_OP_COMBINED};
    rg_pairop_clue *clues = NULL;
    if (rc == RG_OK) why.nclues = negated_clues(b, negs, nneg, &clues);
    if (rc == RG_OK && !clues) rc = RG_E_NOMEM;
    why.clues = clues;
    if (rc == RG_OK && combine_pairs(b, nm, negs, nneg, exempt, base, has, acc, &pool) < 0)
        rc = RG_E_NOMEM;
    const rg_pairop_table *known[64];
    int nknown = 0;
    rg_pairop_set *set = NULL;
    if (rc == RG_OK && !(set = rg_pairop_set_new(b, 2 * N, "negatives", &why))) rc = RG_E_NOMEM;
    rg_pairop_table t;
    for (int a = 0; a < N && rc == RG_OK; a++) {
        int row, col;
        host->cell_pos(b, a, &row, &col);
        for (int dir = 0; dir < 2 && rc == RG_OK; dir++) {
            int c = host->cell_at(b, row + dir, col + 1 - dir), slot = 2 * a + dir;
            int pair[2] = {a, c}, applied = acc[slot] != NULL;
            if (c < 0 || !in_one_grid(b, nm, pair, 2)) continue;
            if (applied) t = *acc[slot];
            if (!applied) rg_pairop_fill_all(&t, D);
            for (int f = 0; f < NPAIRFAM; f++)
                if (has[f] && !(exempt[slot] >> f & 1u)) rg_pairop_and(&t, &base[f]), applied = 1;
            if (!applied) continue;
            const rg_pairop_table *shared = intern(b, &t, known, &nknown, 64);
            rc = shared ? rg_pairop_set_add(b, set, shared, a, c) : RG_E_NOMEM;
        }
    }
    if (rc == RG_OK) rc = rg_pairop_set_close(b, set);
    free(acc);
    free(pool);
    return rc == RG_E_NOMEM ? host->error(b, r, NULL, "out of memory") : rc;
}

/* ---- Rossini ends: not monotone -------------------------------------------------------- */

typedef struct trio {
    int cells[3];
    rg_mask full;
} trio;

static inline rg_mask below(int v) { return ((rg_mask)1 << (v - 1)) - 1; } /* digits < v */

/* Digits v of an end cell with some y, z (other end) such that v, y, z is
 * neither strictly increasing nor decreasing: y = v, or y > v with some z <= y
 * (v below the highest y >= the least z), or y < v with some z >= y (v above
 * the lowest y <= the greatest z). */
static rg_mask end_support(rg_mask dx, rg_mask dy, rg_mask dz, rg_mask full)
{
    rg_mask y_hi = dy & ~below(mask_lowest(dz));     /* y >= zmin */
    rg_mask y_lo = dy & mask_upto(mask_highest(dz)); /* y <= zmax */
    rg_mask keep = dy;
    if (y_hi) keep |= below(mask_highest(y_hi));
    if (y_lo) keep |= full & ~mask_upto(mask_lowest(y_lo));
    return dx & keep;
}

static int trio_propagate(rg_space *sp, void *data)
{
    const trio *t = data;
    const rg_mask *dom = host->domains(sp);
    rg_mask dx = dom[t->cells[0]], dy = dom[t->cells[1]], dz = dom[t->cells[2]];
    rg_mask kx = end_support(dx, dy, dz, t->full);
    rg_mask kz = end_support(dz, dy, dx, t->full);
    /* A middle digit w: an end holds it, or both ends hold a digit below it
     * (w above the larger of their lowest), or both one above it. */
    int lo = mask_lowest(dx) > mask_lowest(dz) ? mask_lowest(dx) : mask_lowest(dz);
    int hi = mask_highest(dx) < mask_highest(dz) ? mask_highest(dx) : mask_highest(dz);
    rg_mask ky = dy & ((dx | dz) | (t->full & ~mask_upto(lo)) | below(hi));
    /* Supports are whole triples of supported digits: one pass is a fixpoint. */
    if (kx != dx && host->keep(sp, t->cells[0], kx) < 0) return RG_PROP_FAIL;
    if (ky != dy && host->keep(sp, t->cells[1], ky) < 0) return RG_PROP_FAIL;
    if (kz != dz && host->keep(sp, t->cells[2], kz) < 0) return RG_PROP_FAIL;
    return RG_PROP_FIX;
}

/* A removal from the trio: every digit left in the other two cells (before
 * the step) would make the three increase or decrease. */
static int trio_explain(rg_why *w, void *data, const rg_mask *before, const rg_mask *after)
{
    const trio *t = data;
    if (!wu_ready(host)) return RG_OK;
    wu_text x;
    wu_start(&x, host, w);
    wu_add(&x, "No rossini arrow marks ");
    wu_cells(&x, t->cells, 3);
    wu_add(&x, ", so they neither increase nor decrease in that order");
    for (int i = 0, said = 0; i < 3; i++) {
        rg_mask gone = before[t->cells[i]] & ~after[t->cells[i]];
        if (!gone) continue;
        int o[2] = {t->cells[i ? 0 : 1], t->cells[i == 2 ? 1 : 2]};
        wu_add(&x, said++ ? "; " : ": ");
        wu_cells(&x, &t->cells[i], 1);
        wu_add(&x, " cannot be ");
        wu_digits(&x, gone, "or");
        wu_add(&x, ", as with ");
        for (int k = 0; k < 2; k++) {
            wu_cells(&x, &o[k], 1);
            wu_add(&x, " at ");
            wu_digits(&x, before[o[k]], "or");
            wu_add(&x, k ? "" : " and ");
        }
        wu_add(&x, " the three would always be in order");
    }
    wu_add(&x, ".");
    return wu_finish(&x, "negative constraint");
}

static int trio_check(const int *values, void *data)
{
    const trio *t = data;
    int x = values[t->cells[0]], y = values[t->cells[1]], z = values[t->cells[2]];
    if (!x || !y || !z) return 1;
    return !(x < y && y < z) && !(x > y && y > z);
}

static int cmp_int(const void *x, const void *y)
{
    int a = *(const int *)x, b = *(const int *)y;
    return (a > b) - (a < b);
}

/* Does a mark of family hold cell at its first place, passing same()?
 * bit: the family's CLUE_ bit, which read_clues set at the first cell of
 * every such mark. */
static int marked_at(rg_build *b, const negatives_model *nm, int cell, int bit, const char *family,
                     const int *cells, int (*same)(const mark *, const int *))
{
    if (!(nm->clues[cell] & bit)) return 0;
    const int *ms;
    int n = host->cell_marks(b, cell, &ms);
    for (int i = 0; i < n; i++) {
        mark m = mark_at(b, ms[i]);
        if (m.n > 0 && m.cells[0] == cell && strcmp(m.family, family) == 0 && same(&m, cells))
            return 1;
    }
    return 0;
}

/* A rossini clue at this end: its first three cells are the end's. */
static int same_end(const mark *m, const int *e)
{
    return m->n >= 3 && m->cells[1] == e[1] && m->cells[2] == e[2];
}

static int add_trio(rg_build *b, rg_rule *r, const int *e, int D)
{
    trio *t = host->alloc(b, sizeof *t);
    if (!t) return host->error(b, r, NULL, "out of memory");
    memcpy(t->cells, e, sizeof t->cells);
    t->full = mask_upto(D);
    rg_propagator def = {.size = sizeof(rg_propagator),
                         .name = "not_rossini",
                         .family = "negatives",
                         .cost = RG_COST_LINEAR,
                         .propagate = trio_propagate,
                         .check = trio_check,
                         .explain = trio_explain};
    return host->add_propagator(b, &def, t, e, 3, RG_EV_DOMAIN);
}

/* The houses a rossini negative looks at, ascending: every house, or with
 * an area those holding a cell of it (malloc'd; -1 without memory). */
static int rossini_houses(rg_build *b, const spec *s, int **out)
{
    int nh = host->house_count(b), n = 0;
    if (s->narea < 0) {
        *out = malloc((size_t)(nh ? nh : 1) * sizeof **out);
        for (int h = 0; *out && h < nh; h++) (*out)[h] = h;
        return *out ? nh : -1;
    }
    size_t total = 0;
    for (int i = 0; i < s->narea; i++) {
        const int *hs;
        int k = host->cell_houses(b, s->area[i], &hs);
        if (k < 0) return -1;
        total += (size_t)k;
    }
    if (!(*out = malloc((total ? total : 1) * sizeof **out))) return -1;
    for (int i = 0; i < s->narea; i++) {
        const int *hs;
        int k = host->cell_houses(b, s->area[i], &hs);
        if (k <= 0) continue; /* a cell in no house: hs may be NULL */
        memcpy(*out + n, hs, (size_t)k * sizeof *hs);
        n += k;
    }
    qsort(*out, (size_t)n, sizeof **out, cmp_int);
    int m = 0;
    for (int i = 0; i < n; i++)
        if (!m || (*out)[m - 1] != (*out)[i]) (*out)[m++] = (*out)[i];
    return m;
}

/* Ends of full row and column houses, in the order the house's rule lists
 * its cells (format.md 8.3): the first three, and the last three reversed.
 * Once a negative without an area has covered them all, later ones add
 * nothing. */
static int build_rossini(rg_build *b, rg_rule *r, const spec *s)
{
    rg_board_info bi;
    host->board(b, &bi);
    negatives_model *nm = model_of(b);
    int D = bi.digits, *hs = NULL, nh;
    if (!nm) return host->error(b, r, NULL, "out of memory");
    if (D < 3 || nm->whole_rossini) return RG_OK;
    if ((s->narea >= 0 && stamp_area(b, nm, s->area, s->narea) < 0) ||
        (nh = rossini_houses(b, s, &hs)) < 0) {
        free(hs);
        return host->error(b, r, NULL, "out of memory");
    }
    int rc = RG_OK;
    for (int i = 0; i < nh && rc == RG_OK; i++) {
        const int *cells;
        int n, kind;
        host->house(b, hs[i], &cells, &n, &kind);
        if (n != D || (kind != RG_HOUSE_ROW && kind != RG_HOUSE_COLUMN)) continue;
        for (int end = 0; end < 2 && rc == RG_OK; end++) {
            int e[3];
            for (int k = 0; k < 3; k++) e[k] = end ? cells[n - 1 - k] : cells[k];
            if (s->narea >= 0 && !(in_area(nm, e[0]) && in_area(nm, e[1]) && in_area(nm, e[2])))
                continue;
            if (!marked_at(b, nm, e[0], CLUE_ROSSINI, "rossini", e, same_end))
                rc = add_trio(b, r, e, D);
        }
    }
    free(hs);
    nm->whole_rossini = s->narea < 0;
    return rc;
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

/* A removal from the block: the other three cells already form one of the
 * two checkerboards (before the step), so this cell must break it. */
static int block_explain(rg_why *w, void *data, const rg_mask *before, const rg_mask *after)
{
    const block *k = data;
    if (!wu_ready(host)) return RG_OK;
    wu_text x;
    wu_start(&x, host, w);
    wu_add(&x, "No battenburg marks ");
    wu_cells(&x, k->cells, 4);
    wu_add(&x, ", so their parities do not alternate like a checkerboard");
    for (int i = 0, said = 0; i < 4; i++) {
        rg_mask gone = before[k->cells[i]] & ~after[k->cells[i]];
        if (!gone) continue;
        int odd[3], even[3], no = 0, ne = 0;
        for (int j = 0; j < 4; j++)
            if (j != i && !(before[k->cells[j]] & EVEN))
                odd[no++] = k->cells[j];
            else if (j != i)
                even[ne++] = k->cells[j];
        wu_add(&x, said++ ? "; " : ": ");
        if (no) wu_cells(&x, odd, no);
        if (no) wu_add(&x, " %s odd%s", no > 1 ? "are" : "is", ne ? " and " : "");
        if (ne) wu_cells(&x, even, ne);
        if (ne) wu_add(&x, " %s even", ne > 1 ? "are" : "is");
        wu_add(&x, ", so ");
        wu_cells(&x, &k->cells[i], 1);
        wu_add(&x, " cannot be %s", (gone & ODD) ? "odd" : "even");
    }
    wu_add(&x, ".");
    return wu_finish(&x, "negative constraint");
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

/* A battenburg clue on this block: the same first and last cell. */
static int same_block(const mark *m, const int *e) { return m->n == 4 && m->cells[3] == e[3]; }

/* The cells of the area (or of the board), ascending, each once: malloc'd
 * into *out; how many, -1 without memory. */
static int area_cells(rg_build *b, const spec *s, int **out)
{
    rg_board_info bi;
    host->board(b, &bi);
    int n = s->narea >= 0 ? s->narea : bi.cells, m = 0;
    if (!(*out = malloc((size_t)(n ? n : 1) * sizeof **out))) return -1;
    for (int i = 0; i < n; i++) (*out)[i] = s->narea >= 0 ? s->area[i] : i;
    if (s->narea >= 0) qsort(*out, (size_t)n, sizeof **out, cmp_int);
    for (int i = 0; i < n; i++)
        if (!m || (*out)[m - 1] != (*out)[i]) (*out)[m++] = (*out)[i];
    return m;
}

/* Every 2 x 2 block of one grid (and of the area) without a battenburg
 * clue. Once a negative without an area has covered them all, later ones
 * add nothing. */
static int build_battenburg(rg_build *b, rg_rule *r, const spec *s)
{
    negatives_model *nm = model_of(b);
    int *cells = NULL, n, rc = RG_OK;
    if (!nm) return host->error(b, r, NULL, "out of memory");
    if (nm->whole_battenburg) return RG_OK;
    if ((s->narea >= 0 && stamp_area(b, nm, s->area, s->narea) < 0) || count_origins(b, nm) < 0 ||
        (n = area_cells(b, s, &cells)) < 0) {
        free(cells);
        return host->error(b, r, NULL, "out of memory");
    }
    for (int i = 0; i < n && rc == RG_OK; i++) {
        int row, col, e[4], ok = 1;
        host->cell_pos(b, cells[i], &row, &col);
        for (int k = 0; k < 4 && ok; k++) {
            e[k] = host->cell_at(b, row + k / 2, col + k % 2);
            ok = e[k] >= 0 && (s->narea < 0 || in_area(nm, e[k]));
        }
        if (!ok || !in_one_grid(b, nm, e, 4) ||
            marked_at(b, nm, e[0], CLUE_BATTENBURG, "battenburg", e, same_block))
            continue;
        block *k = host->alloc(b, sizeof *k);
        if (!k) {
            rc = host->error(b, r, NULL, "out of memory");
            break;
        }
        memcpy(k->cells, e, sizeof e);
        rg_propagator def = {.size = sizeof(rg_propagator),
                             .name = "not_battenburg",
                             .family = "negatives",
                             .cost = RG_COST_LINEAR,
                             .propagate = block_propagate,
                             .check = block_check,
                             .explain = block_explain};
        rc = host->add_propagator(b, &def, k, e, 4, RG_EV_DOMAIN);
    }
    free(cells);
    nm->whole_battenburg = s->narea < 0;
    return rc;
}

/* ---- Cells ------------------------------------------------------------------------------ */

/* Every cell of the area (or board) without a cell clue of the kind holds
 * what the clue would not allow. Once a negative of one kind and split
 * without an area has covered every cell, later ones add nothing. */
static int build_cells(rg_build *b, rg_rule *r, const spec *s)
{
    rg_board_info bi;
    host->board(b, &bi);
    negatives_model *nm = model_of(b);
    int *cells = NULL, n, rc = RG_OK;
    if (!nm) return host->error(b, r, NULL, "out of memory");
    unsigned char *whole = &nm->whole_cell[s->sel][s->value];
    if (*whole) return RG_OK;
    if ((n = area_cells(b, s, &cells)) < 0) return host->error(b, r, NULL, "out of memory");
    /* An uncovered cell holds what the clue would not allow. */
    rg_mask allowed = 0;
    for (int d = 1; d <= bi.digits; d++) {
        int clue = s->sel == 0   ? d % 2 == 1
                   : s->sel == 1 ? d % 2 == 0
                   : s->sel == 2 ? d <= s->value
                                 : d > s->value;
        if (!clue) allowed |= (rg_mask)1 << (d - 1);
    }
    for (int i = 0; i < n && rc == RG_OK; i++)
        if (!(nm->clues[cells[i]] & CLUE_CELL << s->sel))
            rc = host->restrict_cell(b, cells[i], allowed);
    free(cells);
    *whole = s->narea < 0;
    return rc;
}

/* ---- Link --------------------------------------------------------------------------------- */

static int link_negative(rg_build *b, rg_rule *r, void *data)
{
    const spec *s = data;
    negatives_model *nm = model_of(b);
    if (!nm || (s->of >= NPAIRFAM && read_clues(b, nm) < 0))
        return host->error(b, r, NULL, "out of memory");
    switch (s->of) {
    case F_ROSSINI: return build_rossini(b, r, s);
    case F_BATTENBURG: return build_battenburg(b, r, s);
    case F_CELL: return build_cells(b, r, s);
    default: break;
    }
    /* Pair negatives: the first one of the document builds them all. */
    return nm->first_pair == s ? build_pairs(b, r, nm) : RG_OK;
}

/* A negative says what is not drawn, so it is a line of the legend
 * (docs/render.md): "Negative constraint: every white kropki dot is shown.". */
static int draw_negative(rg_draw *d, rg_build *b, rg_rule *r, void *data)
{
    (void)r;
    const spec *s = data;
    if (!s || host->size < offsetof(rg_host, draw_legend) + sizeof host->draw_legend) return RG_OK;
    static const char *const cell_names[] = {"odd", "even", "low", "high"};
    char what[160], scope[64] = "";
    switch (s->of) {
    case F_KROPKI:
        snprintf(what, sizeof what, "every %skropki dot is",
                 s->sel == 0   ? "white "
                 : s->sel == 1 ? "black "
                               : "");
        break;
    case F_XV:
        snprintf(what, sizeof what, "every %s is",
                 s->sel == 0   ? "X"
                 : s->sel == 1 ? "V"
                               : "X and every V");
        break;
    case F_DIFFERENCE:
    case F_RATIO:
    case F_PRODUCT:
    case F_SUM:
        snprintf(what, sizeof what, "every %s %ld clue is", families[s->of], s->value);
        break;
    case F_CELL:
        if (s->sel >= 2)
            snprintf(what, sizeof what, "every %s cell (split %ld) is", cell_names[s->sel],
                     s->value);
        else
            snprintf(what, sizeof what, "every %s cell is", cell_names[s->sel]);
        break;
    default: snprintf(what, sizeof what, "every %s clue is", families[s->of]); break;
    }
    if (s->narea > 0) {
        int row, col;
        host->cell_pos(b, s->area[0], &row, &col);
        snprintf(scope, sizeof scope, " in the area from r%dc%d", row, col);
    }
    char line[300];
    snprintf(line, sizeof line, "Negative constraint: %s shown%s.", what, scope);
    return host->draw_legend(d, line);
}

static const rg_rule_type types[] = {
    {.size = sizeof(rg_rule_type),
     .name = "negative",
     .family = "negatives",
     .write_rank = 614,
     .compile = compile_negative,
     .link = link_negative,
     .write_order = negative_order,
     .draw = draw_negative},
};

RG_PLUGIN_DEFINE("negatives", "1.0",
                 "negative constraints: kropki, xv, difference, ratio, "
                 "product, sum, rossini, battenburg, cell",
                 host, types, rg_pairop_init);
