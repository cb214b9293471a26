/* Pair operators as support tables, and the one binary propagator every pair
 * rule uses: new_b = dom_b & OR(ab[x] : x in dom_a), then the same for a.
 * Compiled into each plugin that needs it (its own copy, hidden symbols). */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "group_houses.h"
#include "lookups.h"
#include "pairop.h"
#include "why_util.h"

static const rg_host *host;

const char *const rg_pairop_names[] = {"different",
                                       "equal",
                                       "consecutive",
                                       "not_consecutive",
                                       "difference",
                                       "not_difference",
                                       "difference_at_least",
                                       "difference_at_most",
                                       "ratio",
                                       "not_ratio",
                                       "sum",
                                       "not_sum",
                                       "product",
                                       "not_product",
                                       "same_parity",
                                       "different_parity",
                                       "less",
                                       "less_equal",
                                       NULL};

int rg_pairop_init(const rg_host *h)
{
    host = h;
    return rg_lookups_check(h);
}

int rg_pairop_ordered(int op) { return op == RG_OP_LESS || op == RG_OP_LESS_EQUAL; }

int rg_pairop_holds(int op, long param, int a, int b)
{
    long d = labs((long)a - b);
    switch (op) {
    case RG_OP_DIFFERENT: return a != b;
    case RG_OP_EQUAL: return a == b;
    case RG_OP_CONSECUTIVE: return d == 1;
    case RG_OP_NOT_CONSECUTIVE: return d != 1;
    case RG_OP_DIFFERENCE: return d == param;
    case RG_OP_NOT_DIFFERENCE: return d != param;
    case RG_OP_DIFFERENCE_AT_LEAST: return d >= param;
    case RG_OP_DIFFERENCE_AT_MOST: return d <= param;
    case RG_OP_RATIO: return (long)a == param * b || (long)b == param * a;
    case RG_OP_NOT_RATIO: return !((long)a == param * b || (long)b == param * a);
    case RG_OP_SUM: return (long)a + b == param;
    case RG_OP_NOT_SUM: return (long)a + b != param;
    case RG_OP_PRODUCT: return (long)a * b == param;
    case RG_OP_NOT_PRODUCT: return (long)a * b != param;
    case RG_OP_SAME_PARITY: return (a - b) % 2 == 0;
    case RG_OP_DIFFERENT_PARITY: return (a - b) % 2 != 0;
    case RG_OP_LESS: return a < b;
    case RG_OP_LESS_EQUAL: return a <= b;
    default: return 0;
    }
}

void rg_pairop_fill(rg_pairop_table *t, int op, long param, int digits)
{
    t->digits = digits;
    t->nibbles = 0;
    for (int x = 0; x < RG_MAX_DIGITS; x++) t->ab[x] = t->ba[x] = 0;
    for (int a = 1; a <= digits; a++)
        for (int b = 1; b <= digits; b++)
            if (rg_pairop_holds(op, param, a, b)) {
                t->ab[a - 1] |= (rg_mask)1 << (b - 1);
                t->ba[b - 1] |= (rg_mask)1 << (a - 1);
            }
}

void rg_pairop_fill_all(rg_pairop_table *t, int digits)
{
    rg_mask full = digits >= 32 ? ~(rg_mask)0 : (((rg_mask)1 << digits) - 1);
    t->digits = digits;
    t->nibbles = 0;
    for (int x = 0; x < RG_MAX_DIGITS; x++) t->ab[x] = t->ba[x] = x < digits ? full : 0;
}

void rg_pairop_fill_nibbles(rg_pairop_table *t)
{
    t->nibbles = 0;
    if (t->digits > 12) return;
    for (int j = 0; j < 3; j++)
        for (int m = 0; m < 16; m++) {
            rg_mask sup = 0, all = ~(rg_mask)0, back = 0;
            for (int k = 0; k < 4; k++)
                if (m >> k & 1) {
                    sup |= t->ab[4 * j + k];
                    all &= t->ab[4 * j + k];
                    back |= t->ba[4 * j + k];
                }
            t->nib[0][j][m] = sup;
            t->nib[1][j][m] = all;
            t->nib[2][j][m] = back;
        }
    t->nibbles = 1;
}

void rg_pairop_and(rg_pairop_table *t, const rg_pairop_table *u)
{
    t->nibbles = 0;
    for (int x = 0; x < RG_MAX_DIGITS; x++) {
        t->ab[x] &= u->ab[x];
        t->ba[x] &= u->ba[x];
    }
}

rg_mask rg_pairop_support(const rg_pairop_table *t, int side)
{
    rg_mask s = 0;
    for (int x = 0; x < t->digits; x++)
        if (side ? t->ba[x] : t->ab[x]) s |= (rg_mask)1 << x;
    return s;
}

int rg_pairop_wake_side(const rg_pairop_table *t, int side)
{
    rg_mask sa = rg_pairop_support(t, 0), sc = rg_pairop_support(t, 1);
    int k = 0;
    /* Side 0: b loses y only when a's digits all rule it out, a within
     * sa & ~ba[y]. Side 1: a loses x likewise, with b within sc & ~ab[x]. */
    for (int y = 0; y < t->digits; y++) {
        int n = side ? (sa >> y & 1u ? __builtin_popcount(sc & ~t->ab[y]) : 0)
                     : (sc >> y & 1u ? __builtin_popcount(sa & ~t->ba[y]) : 0);
        if (n > k) k = n;
    }
    return k;
}

int rg_pairop_wake(const rg_pairop_table *t)
{
    int k0 = rg_pairop_wake_side(t, 0), k1 = rg_pairop_wake_side(t, 1);
    return k0 > k1 ? k0 : k1;
}

/* ---- Reading -------------------------------------------------------------- */

int rg_pairop_read_param(rg_build *b, rg_rule *r, int op, long *param)
{
    *param = 0;
    switch (op) {
    case RG_OP_DIFFERENCE:
    case RG_OP_NOT_DIFFERENCE:
    case RG_OP_DIFFERENCE_AT_LEAST: return host->read_int(b, r, "value", 0, 1, LONG_MAX, param);
    case RG_OP_DIFFERENCE_AT_MOST: return host->read_int(b, r, "value", 0, 0, LONG_MAX, param);
    case RG_OP_RATIO:
    case RG_OP_NOT_RATIO: return host->read_int(b, r, "value", 0, 2, LONG_MAX, param);
    case RG_OP_SUM:
    case RG_OP_NOT_SUM: return host->read_int(b, r, "sum", 0, LONG_MIN, LONG_MAX, param);
    case RG_OP_PRODUCT:
    case RG_OP_NOT_PRODUCT: return host->read_int(b, r, "value", 0, LONG_MIN, LONG_MAX, param);
    default: return RG_OK;
    }
}

int rg_pairop_read(rg_build *b, rg_rule *r, int allow_ordered, int op_optional, int *op,
                   long *param)
{
    if (op_optional && !host->has(b, r, "op")) return RG_ABSENT;
    int rc = host->read_enum(b, r, "op", 0, rg_pairop_names, op);
    if (rc != RG_OK) return rc;
    if (!allow_ordered && rg_pairop_ordered(*op))
        return host->error(b, r, "op",
                           "%s is an ordered operator (format.md 5.2), allowed only in a "
                           "relation; this rule takes a symmetric operator",
                           rg_pairop_names[*op]);
    return rg_pairop_read_param(b, r, *op, param);
}

const rg_pairop_table *rg_pairop_table_new(rg_build *b, int op, long param)
{
    rg_board_info bi;
    host->board(b, &bi);
    rg_pairop_table *t = host->alloc(b, sizeof *t);
    if (!t) return NULL;
    rg_pairop_fill(t, op, param, bi.digits);
    rg_pairop_fill_nibbles(t);
    return t;
}

/* ---- The pair propagator ------------------------------------------------------ */

typedef struct pair {
    const rg_pairop_table *t;
    int a, c;
    const rg_pairop_table *own; /* the rule's table: t, or t with equal digits (seen_table) */
    rg_pairop_why why;
} pair;

/* pair_propagate by the table's nibbles (at most 12 digits): the same keeps
 * and answer from three words a side, no walk over a domain's digits
 * (whose count is hard to predict: a first solve mispredicts every walk's
 * end). */
static int pair_by_nibbles(rg_space *sp, const struct pair *p, const rg_mask (*nib)[3][16],
                           rg_mask da, rg_mask dc)
{
    rg_mask sup = nib[0][0][da & 15] | nib[0][1][da >> 4 & 15] | nib[0][2][da >> 8 & 15];
    if (dc & ~sup) {
        if (host->keep(sp, p->c, sup) < 0) return RG_PROP_FAIL;
        dc &= sup;
    }
    rg_mask all = nib[1][0][da & 15] & nib[1][1][da >> 4 & 15] & nib[1][2][da >> 8 & 15];
    if ((dc & ~all) == 0) return RG_PROP_SUBSUMED;
    sup = nib[2][0][dc & 15] | nib[2][1][dc >> 4 & 15] | nib[2][2][dc >> 8 & 15];
    if (da & ~sup) {
        if (host->keep(sp, p->a, sup) < 0) return RG_PROP_FAIL;
    }
    return RG_PROP_FIX;
}

/* Arc consistency in one pass: after b keeps only digits supported by dom_a,
 * every digit of a still has its support in b, so a pass over a with the new
 * dom_b finishes. Entailed when every digit of a allows all of dom_b. */
static int pair_propagate(rg_space *sp, void *data)
{
    const pair *p = data;
    const rg_pairop_table *t = p->t;
    const rg_mask *dom = host->domains(sp);
    rg_mask da = dom[p->a], dc = dom[p->c];
    if (t->nibbles) return pair_by_nibbles(sp, p, t->nib, da, dc);
    rg_mask sup = 0, all = ~(rg_mask)0;
    for (rg_mask m = da; m; m &= m - 1) {
        rg_mask x = t->ab[__builtin_ctz(m)];
        sup |= x;
        all &= x;
    }
    if (dc & ~sup) {
        if (host->keep(sp, p->c, sup) < 0) return RG_PROP_FAIL;
        dc &= sup;
    }
    if ((dc & ~all) == 0) return RG_PROP_SUBSUMED;
    sup = 0;
    for (rg_mask m = dc; m; m &= m - 1) sup |= t->ba[__builtin_ctz(m)];
    if (da & ~sup) {
        if (host->keep(sp, p->a, sup) < 0) return RG_PROP_FAIL;
    }
    return RG_PROP_FIX;
}

static int pair_check(const int *values, void *data)
{
    const pair *p = data;
    int x = values[p->a], y = values[p->c];
    if (!x || !y) return 1;
    return (int)((p->t->ab[x - 1] >> (y - 1)) & 1u);
}

/* ---- Explaining a step of the pair propagator ----------------------------------- */

/* "r1c1 and r1c2 are consecutive": what op / param says of the pair. */
static void op_phrase(wu_text *t, const pair *p)
{
    long v = p->why.param;
    if (p->why.op == RG_OP_LESS || p->why.op == RG_OP_LESS_EQUAL) {
        wu_cells(t, &p->c, 1);
        wu_add(t, p->why.op == RG_OP_LESS ? " is greater than " : " is at least ");
        wu_cells(t, &p->a, 1);
        return;
    }
    wu_cells(t, &p->a, 1);
    wu_add(t, " and ");
    wu_cells(t, &p->c, 1);
    switch (p->why.op) {
    case RG_OP_EQUAL: wu_add(t, " are equal"); break;
    case RG_OP_CONSECUTIVE: wu_add(t, " are consecutive"); break;
    case RG_OP_NOT_CONSECUTIVE: wu_add(t, " are not consecutive"); break;
    case RG_OP_DIFFERENCE: wu_add(t, " differ by %ld", v); break;
    case RG_OP_NOT_DIFFERENCE: wu_add(t, " do not differ by %ld", v); break;
    case RG_OP_DIFFERENCE_AT_LEAST: wu_add(t, " differ by at least %ld", v); break;
    case RG_OP_DIFFERENCE_AT_MOST: wu_add(t, " differ by at most %ld", v); break;
    case RG_OP_RATIO:
        if (v == 2)
            wu_add(t, " are a digit and its double");
        else
            wu_add(t, " are a digit and %ld times it", v);
        break;
    case RG_OP_NOT_RATIO: wu_add(t, " are not a digit and %ld times it", v); break;
    case RG_OP_SUM: wu_add(t, " sum to %ld", v); break;
    case RG_OP_NOT_SUM: wu_add(t, " do not sum to %ld", v); break;
    case RG_OP_PRODUCT: wu_add(t, " multiply to %ld", v); break;
    case RG_OP_NOT_PRODUCT: wu_add(t, " do not multiply to %ld", v); break;
    case RG_OP_SAME_PARITY: wu_add(t, " are both odd or both even"); break;
    case RG_OP_DIFFERENT_PARITY: wu_add(t, " are one odd and one even"); break;
    default: wu_add(t, " hold a pair of digits the rule allows"); break;
    }
}

/* The clues a negative constraint names when a pair has no list: the dots,
 * X and V. */
static const rg_pairop_clue dots_xv[] = {
    {RG_CLUE_WHITE, 0}, {RG_CLUE_BLACK, 0}, {RG_CLUE_X, 0}, {RG_CLUE_V, 0}};

/* The relation a clue marks, as op / param. */
static void clue_op(const rg_pairop_clue *c, int *op, long *param)
{
    static const int ops[] = {RG_OP_CONSECUTIVE, RG_OP_RATIO, RG_OP_SUM,     RG_OP_SUM,
                              RG_OP_DIFFERENCE,  RG_OP_RATIO, RG_OP_PRODUCT, RG_OP_SUM};
    static const long params[] = {0, 2, 10, 5};
    *op = ops[c->kind];
    *param = c->kind < RG_CLUE_DIFFERENCE ? params[c->kind] : c->value;
}

/* "white dot", "difference of 3" ... and "are not consecutive", "do not
 * differ by 3" ... */
static void clue_name(wu_text *t, const rg_pairop_clue *c)
{
    static const char *const names[] = {
        "white dot",     "black dot",       "X",          "V", "difference clue of",
        "ratio clue of", "product clue of", "sum clue of"};
    wu_add(t, "%s", names[c->kind]);
    if (c->kind >= RG_CLUE_DIFFERENCE) wu_add(t, " %ld", c->value);
}

static void clue_phrase(wu_text *t, const rg_pairop_clue *c)
{
    int op;
    long v;
    clue_op(c, &op, &v);
    switch (op) {
    case RG_OP_CONSECUTIVE: wu_add(t, "are not consecutive"); break;
    case RG_OP_RATIO:
        if (v == 2)
            wu_add(t, "are not a digit and its double");
        else
            wu_add(t, "are not a digit and %ld times it", v);
        break;
    case RG_OP_SUM: wu_add(t, "do not sum to %ld", v); break;
    case RG_OP_DIFFERENCE: wu_add(t, "do not differ by %ld", v); break;
    default: wu_add(t, "do not multiply to %ld", v); break;
    }
}

/* The clues a pair's text may name. */
static const rg_pairop_clue *clues_of(const pair *p, int *n)
{
    if (!p->why.clues) {
        *n = (int)(sizeof dots_xv / sizeof dots_xv[0]);
        return dots_xv;
    }
    *n = p->why.nclues < 32 ? p->why.nclues : 32;
    return p->why.clues;
}

/* Bit i: the table rules out every pair clue i would mark. */
static uint32_t ruled_out(const rg_pairop_table *t, const rg_pairop_clue *cl, int n)
{
    uint32_t out = 0;
    for (int i = 0; i < n; i++) {
        int op, all = 1;
        long v;
        clue_op(&cl[i], &op, &v);
        for (int x = 1; x <= t->digits && all; x++)
            for (int y = 1; y <= t->digits && all; y++)
                if (rg_pairop_holds(op, v, x, y)) all = !(t->ab[x - 1] >> (y - 1) & 1u);
        if (all) out |= (uint32_t)1 << i;
    }
    return out;
}

/* Do the clues of `out` rule out every digit of gone beside each digit of
 * other? Those that do are added to *used. */
static int reasons(const rg_pairop_clue *cl, int n, uint32_t out, rg_mask gone, rg_mask other,
                   uint32_t *used)
{
    for (rg_mask g = gone; g; g &= g - 1)
        for (rg_mask o = other; o; o &= o - 1) {
            int x = __builtin_ctz(g) + 1, y = __builtin_ctz(o) + 1, hit = 0;
            for (int i = 0; i < n; i++) {
                int op;
                long v;
                clue_op(&cl[i], &op, &v);
                if ((out >> i & 1u) && rg_pairop_holds(op, v, x, y)) {
                    *used |= (uint32_t)1 << i;
                    hit = 1;
                }
            }
            if (!hit) return 0;
        }
    return 1;
}

/* "No white dot or X between r1c1 and r1c2, so they are not consecutive and
 * do not sum to 10" when those explain every removal; else a plain lead. */
static void negative_lead(wu_text *t, const pair *p, const rg_mask *before, const rg_mask *after)
{
    int n;
    const rg_pairop_clue *cl = clues_of(p, &n);
    uint32_t out = ruled_out(p->t, cl, n), used = 0;
    int ok = reasons(cl, n, out, before[p->c] & ~after[p->c], before[p->a], &used) &&
             reasons(cl, n, out, before[p->a] & ~after[p->a], after[p->c], &used) && used;
    if (!ok) {
        wu_add(t, "Between ");
        wu_cells(t, &p->a, 1);
        wu_add(t, " and ");
        wu_cells(t, &p->c, 1);
        wu_add(t, " the negative constraints rule out the pairs of digits that the clues not "
                  "drawn there would mark");
        return;
    }
    int k = 0, m = __builtin_popcount(used);
    wu_add(t, "No ");
    for (int i = 0; i < n; i++)
        if (used >> i & 1u) {
            wu_add(t, "%s", k++ ? (k == m ? " or " : ", ") : "");
            clue_name(t, &cl[i]);
        }
    wu_add(t, " between ");
    wu_cells(t, &p->a, 1);
    wu_add(t, " and ");
    wu_cells(t, &p->c, 1);
    wu_add(t, ", so they ");
    k = 0;
    for (int i = 0; i < n; i++)
        if (used >> i & 1u) {
            wu_add(t, "%s", k++ ? (k == m ? " and " : ", ") : "");
            clue_phrase(t, &cl[i]);
        }
}

/* Cell x lost gone (kept what is left) opposite y holding other; partners
 * are the digits of y that would have kept gone. "r1c1 is 3 or 5 beside
 * r1c2's 4" when y is placed; "r9c6 cannot be 9, as r8c6 has no 8" when the
 * missing partners are fewer than y's digits; else "beside r1c2's 4, 5 or
 * 6, r1c1 cannot be 1 or 9". */
static void detail(wu_text *t, int x, rg_mask kept, rg_mask gone, int y, rg_mask other,
                   rg_mask partners)
{
    if (other && !(other & (other - 1))) {
        wu_cells(t, &x, 1);
        wu_add(t, " is ");
        wu_digits(t, kept, "or");
        wu_add(t, " beside ");
        wu_cells(t, &y, 1);
        wu_add(t, "'s %d", __builtin_ctz(other) + 1);
        return;
    }
    if (partners && !(partners & other) &&
        __builtin_popcount(partners) <= __builtin_popcount(other)) {
        wu_cells(t, &x, 1);
        wu_add(t, " cannot be ");
        wu_digits(t, gone, "or");
        wu_add(t, ", as ");
        wu_cells(t, &y, 1);
        wu_add(t, partners & (partners - 1) ? " has none of " : " has no ");
        wu_digits(t, partners, "and");
        return;
    }
    wu_add(t, "beside ");
    wu_cells(t, &y, 1);
    wu_add(t, "'s ");
    wu_digits(t, other, "or");
    wu_add(t, ", ");
    wu_cells(t, &x, 1);
    wu_add(t, " cannot be ");
    wu_digits(t, gone, "or");
}

/* The digits of the other cell that some digit of m allows: side 0, m is
 * a's (c's partners); side 1, m is c's. */
static rg_mask partners_of(const rg_pairop_table *t, rg_mask m, int side)
{
    rg_mask out = 0;
    for (; m; m &= m - 1) out |= side ? t->ba[__builtin_ctz(m)] : t->ab[__builtin_ctz(m)];
    return out;
}

/* Is the house holding both cells part of why the digits gone went? When
 * some of them the rule alone keeps: own's partners (side as partners_of)
 * of the other cell's digits from, which only an equal digit supports. */
static int house_why(const pair *p, rg_mask gone, rg_mask from, int side)
{
    return p->own != p->t && (gone & partners_of(p->own, from, side)) != 0;
}

/* The opening of a pair's sentence: what the combined negatives say, or
 * the operator's phrase; house: house_why for the digits this step took. */
static void pair_lead(wu_text *t, const pair *p, const rg_mask *before, const rg_mask *after,
                      int house)
{
    if (p->why.op == RG_OP_COMBINED)
        negative_lead(t, p, before, after);
    else
        op_phrase(t, p);
    if (house) wu_add(t, ", and a house holds both");
}

/* The propagator narrows c against a's domain, then a against c's new one:
 * the text follows that order. */
static int pair_explain(rg_why *w, void *data, const rg_mask *before, const rg_mask *after)
{
    const pair *p = data;
    if (!wu_ready(host)) return RG_OK;
    wu_text t;
    wu_start(&t, host, w);
    rg_mask gc = before[p->c] & ~after[p->c], ga = before[p->a] & ~after[p->a];
    pair_lead(&t, p, before, after,
              house_why(p, gc, before[p->a], 0) || house_why(p, ga, after[p->c], 1));
    wu_add(&t, ": ");
    if (gc) detail(&t, p->c, after[p->c], gc, p->a, before[p->a], partners_of(p->t, gc, 1));
    if (gc && ga) wu_add(&t, "; then ");
    if (ga) detail(&t, p->a, after[p->a], ga, p->c, after[p->c], partners_of(p->t, ga, 0));
    wu_add(&t, ".");
    return wu_finish(&t, p->why.technique);
}

/* ---- Pairs whose cells a house keeps apart ---------------------------------- */

/* Does a house of the model so far hold both a and c? 1 or 0, -1 without
 * memory. The pairs are added in link, or in compile, where only the houses
 * of the rules before are known (rg_pairop_add). */
static int share_house(const rg_build *b, int a, int c)
{
    const int *ha, *hc;
    int na = host->cell_houses(b, a, &ha);
    if (na <= 0) return na;
    int nc = host->cell_houses(b, c, &hc);
    return nc < 0 ? -1 : gh_meet(ha, na, hc, nc);
}

/* The last tables made distinct, per model and plugin (the oldest goes
 * first): the pairs of one rule share a table and mostly come together, and
 * the negatives' pairs share a few tables in turn. */
#define DISTINCT_KEPT 8
typedef struct distinct_cache {
    const rg_pairop_table *from[DISTINCT_KEPT], *to[DISTINCT_KEPT];
    int next;
} distinct_cache;

/* t without its equal digits (x opposite x): the same relation between two
 * cells that a house keeps apart, whose propagator then also rules out what
 * only an equal digit supported (a nonconsecutive pair with 5 and 6 left in
 * one cell takes both from the other). t itself when it allows no equal
 * digits (consecutive, greater, a ratio); NULL without memory. */
static const rg_pairop_table *distinct_of(rg_build *b, const rg_pairop_table *t)
{
    int equal = 0;
    for (int x = 0; x < t->digits && !equal; x++) equal = (t->ab[x] >> x) & 1u;
    if (!equal) return t;
    static const char key = 0; /* its address names this plugin's cache */
    distinct_cache *dc = host->model_data(b, &key, sizeof *dc);
    for (int i = 0; dc && i < DISTINCT_KEPT; i++)
        if (dc->from[i] == t) return dc->to[i];
    rg_pairop_table *d = host->alloc(b, sizeof *d);
    if (!d) return NULL;
    *d = *t;
    for (int x = 0; x < d->digits; x++) {
        d->ab[x] &= ~((rg_mask)1 << x);
        d->ba[x] &= ~((rg_mask)1 << x);
    }
    if (t->nibbles) rg_pairop_fill_nibbles(d);
    if (dc) {
        dc->from[dc->next] = t;
        dc->to[dc->next] = d;
        dc->next = (dc->next + 1) % DISTINCT_KEPT;
    }
    return d;
}

/* Restricts a and c to the digits with support; *trivial: the relation
 * allows everything left, so it needs no propagator. */
static int restrict_pair(rg_build *b, const rg_pairop_table *t, int a, int c, int *trivial)
{
    rg_board_info bi;
    host->board(b, &bi);
    rg_mask full = bi.digits >= 32 ? ~(rg_mask)0 : (((rg_mask)1 << bi.digits) - 1);
    rg_mask sa = rg_pairop_support(t, 0), sc = rg_pairop_support(t, 1);
    int rc = RG_OK;
    if (sa != full) rc = host->restrict_cell(b, a, sa);
    if (rc == RG_OK && sc != full) rc = host->restrict_cell(b, c, sc);
    *trivial = 1;
    for (int x = 0; x < bi.digits && *trivial; x++)
        if ((sa >> x & 1u) && (t->ab[x] & sc) != sc) *trivial = 0;
    return rc;
}

/* The event of a propagator woken only when a cell is left few enough
 * digits to rule one out opposite (k from rg_pairop_wake*). */
static unsigned wake_event(int k, int digits)
{
    return k < digits - 1 && k <= 15 ? RG_EV_AT_MOST(k) : RG_EV_DOMAIN;
}

/* The propagator of pair (a, c), whose root domains are restricted. */
static int add_pair(rg_build *b, const rg_pairop_table *t, const rg_pairop_table *own, int a, int c,
                    const char *family, const rg_pairop_why *why)
{
    rg_board_info bi;
    host->board(b, &bi);
    pair *p = host->alloc(b, sizeof *p);
    if (!p) return host->error(b, NULL, NULL, "out of memory");
    p->t = t;
    p->a = a;
    p->c = c;
    p->own = own;
    p->why = why ? *why : (rg_pairop_why){.technique = "pair relation", .op = RG_OP_COMBINED};
    rg_propagator def = {.size = sizeof(rg_propagator),
                         .name = "pair",
                         .family = family,
                         .cost = RG_COST_BINARY,
                         .propagate = pair_propagate,
                         .check = pair_check,
                         .explain = pair_explain};
    int watch[2] = {a, c};
    /* Woken only when a cell is left few enough digits to rule one out
     * opposite (a nonconsecutive pair: two; a sum that must not be 10: one). */
    return host->add_propagator(b, &def, p, watch, 2, wake_event(rg_pairop_wake(t), bi.digits));
}

/* The table of pair (a, c) of table t: t without its equal digits when a
 * house holds both (its root domains restricted again), else t. */
static int seen_table(rg_build *b, const rg_pairop_table **t, int a, int c)
{
    int shared = share_house(b, a, c);
    const rg_pairop_table *d = shared > 0 ? distinct_of(b, *t) : *t;
    if (shared < 0 || !d) return host->error(b, NULL, NULL, "out of memory");
    if (d == *t) return RG_OK;
    *t = d;
    int trivial;
    return restrict_pair(b, d, a, c, &trivial);
}

int rg_pairop_add(rg_build *b, const rg_pairop_table *t, int a, int c, const char *family,
                  const rg_pairop_why *why)
{
    int trivial, rc = restrict_pair(b, t, a, c, &trivial);
    if (rc != RG_OK || trivial) return rc; /* (what the house adds, it enforces) */
    const rg_pairop_table *own = t;
    rc = seen_table(b, &t, a, c);
    return rc == RG_OK ? add_pair(b, t, own, a, c, family, why) : rc;
}

int rg_pairop_add_op(rg_build *b, int op, long param, const rg_pairop_table *t, int a, int c,
                     const char *family, const char *technique)
{
    if (op == RG_OP_DIFFERENT) return host->add_differ(b, a, c);
    rg_pairop_why why = {.technique = technique, .op = op, .param = param};
    return rg_pairop_add(b, t, a, c, family, &why);
}

/* ---- One propagator per cell over the pairs of a set ------------------------------ */

/* One direction of a pair, as the propagator of one of its cells sees it:
 * row[x] holds the partner's digits that the cell's digit x + 1 allows. */
typedef struct arc {
    const rg_mask *row;
    const rg_pairop_table *t;
    int other;
    const rg_pairop_table *own; /* as pair's */
    int own_a;                  /* the cell is a of the pair (else c) */
} arc;

/* The propagator of one cell: its arcs, those of one table and direction
 * next to each other (their support is worked out once per run). */
typedef struct cellpairs {
    int cell, n;
    const rg_pairop_why *why;
    arc arcs[];
} cellpairs;

struct rg_pairop_set {
    const char *family;
    rg_pairop_why why;
    int n, cap;
    int *ends; /* a, c of pair i at 2i, 2i + 1 */
    const rg_pairop_table **t;
    const rg_pairop_table **own; /* per pair, the rule's table (t changes at close) */
};

/* The partners keep the digits that some digit of the cell allows. The
 * cell's own digits are the partners' propagators' to narrow, so one pass
 * is the fixpoint. Subsumed once every digit of the cell allows all of
 * every partner's (at the latest when it is placed). */
static int cell_propagate(rg_space *sp, void *data)
{
    const cellpairs *cp = data;
    const rg_mask *dom = host->domains(sp);
    const rg_mask dx = dom[cp->cell], *row = NULL;
    rg_mask sup = 0, all = 0;
    int held = 1;
    for (const arc *e = cp->arcs, *end = e + cp->n; e < end; e++) {
        if (e->row != row) {
            row = e->row;
            sup = 0;
            all = ~(rg_mask)0;
            for (rg_mask m = dx; m; m &= m - 1) {
                rg_mask y = row[__builtin_ctz(m)];
                sup |= y;
                all &= y;
            }
        }
        rg_mask dy = dom[e->other];
        if (dy & ~sup) {
            if (host->keep(sp, e->other, sup) < 0) return RG_PROP_FAIL;
            dy &= sup;
        }
        held &= (dy & ~all) == 0;
    }
    return held ? RG_PROP_SUBSUMED : RG_PROP_FIX;
}

/* Every pair is decided by the propagator of whichever of its cells is
 * placed last. */
static int cell_check(const int *values, void *data)
{
    const cellpairs *cp = data;
    int x = values[cp->cell];
    if (!x) return 1;
    for (int i = 0; i < cp->n; i++) {
        int y = values[cp->arcs[i].other];
        if (y && !(cp->arcs[i].row[x - 1] >> (y - 1) & 1u)) return 0;
    }
    return 1;
}

/* One sentence per partner narrowed, in the words of pair_explain, and the
 * cell with those partners in focus. */
static int cell_explain(rg_why *w, void *data, const rg_mask *before, const rg_mask *after)
{
    const cellpairs *cp = data;
    if (!wu_ready(host)) return RG_OK;
    int *focus = malloc((size_t)(cp->n + 1) * sizeof *focus), nfocus = 0, said = 0;
    if (!focus) return RG_E_NOMEM;
    focus[nfocus++] = cp->cell;
    wu_text t;
    wu_start(&t, host, w);
    for (int i = 0; i < cp->n; i++) {
        const arc *e = &cp->arcs[i];
        int y = e->other, told = 0;
        rg_mask sup = 0;
        for (rg_mask m = before[cp->cell]; m; m &= m - 1) sup |= e->row[__builtin_ctz(m)];
        rg_mask gone = before[y] & ~after[y] & ~sup;
        if (!gone) continue;
        for (int k = 1; k < nfocus && !told; k++) told = focus[k] == y;
        if (!told) focus[nfocus++] = y;
        pair p = {.t = e->t,
                  .a = e->own_a ? cp->cell : y,
                  .c = e->own_a ? y : cp->cell,
                  .own = e->own,
                  .why = *cp->why};
        if (said++) wu_add(&t, " ");
        pair_lead(&t, &p, before, after, house_why(&p, gone, before[cp->cell], e->own_a ? 0 : 1));
        wu_add(&t, ": ");
        if (e->own_a)
            detail(&t, y, after[y], gone, p.a, before[p.a], partners_of(e->t, gone, 1));
        else
            detail(&t, y, after[y], gone, p.c, before[p.c], partners_of(e->t, gone, 0));
        wu_add(&t, ".");
    }
    int rc = host->why_focus(w, focus, nfocus);
    free(focus);
    if (rc != RG_OK) {
        wu_free(&t);
        return rc;
    }
    return wu_finish(&t, cp->why->technique);
}

rg_pairop_set *rg_pairop_set_new(rg_build *b, int npairs, const char *family,
                                 const rg_pairop_why *why)
{
    rg_pairop_set *s = host->alloc(b, sizeof *s);
    if (!s) return NULL;
    s->family = family;
    s->why = why ? *why : (rg_pairop_why){.technique = "pair relation", .op = RG_OP_COMBINED};
    s->n = 0;
    s->cap = npairs > 0 ? npairs : 1;
    s->ends = host->alloc(b, 2 * (size_t)s->cap * sizeof *s->ends);
    s->t = host->alloc(b, (size_t)s->cap * sizeof *s->t);
    s->own = host->alloc(b, (size_t)s->cap * sizeof *s->own);
    return s->ends && s->t && s->own ? s : NULL;
}

int rg_pairop_set_add(rg_build *b, rg_pairop_set *s, const rg_pairop_table *t, int a, int c)
{
    int trivial, rc = restrict_pair(b, t, a, c, &trivial);
    if (rc != RG_OK || trivial) return rc;
    if (s->n == s->cap) return host->error(b, NULL, NULL, "more pairs than the set was made for");
    s->ends[2 * s->n] = a;
    s->ends[2 * s->n + 1] = c;
    s->t[s->n++] = t;
    return RG_OK;
}

int rg_pairop_set_add_op(rg_build *b, rg_pairop_set *s, int op, const rg_pairop_table *t, int a,
                         int c)
{
    if (op == RG_OP_DIFFERENT) return host->add_differ(b, a, c);
    return rg_pairop_set_add(b, s, t, a, c);
}

/* The propagator of cell x over its arcs (n of them, in the order of the
 * pairs), grouped by table and direction in the order each first comes. */
static int add_cell(rg_build *b, const rg_pairop_set *s, int x, const arc *arcs, int n, int digits)
{
    cellpairs *cp = host->alloc(b, sizeof *cp + (size_t)n * sizeof *arcs);
    if (!cp) return host->error(b, NULL, NULL, "out of memory");
    cp->cell = x;
    cp->n = 0;
    cp->why = &s->why;
    int k = 0;
    for (int i = 0; i < n; i++) {
        int first = 1;
        for (int j = 0; j < i && first; j++) first = arcs[j].row != arcs[i].row;
        if (!first) continue;
        int wake = rg_pairop_wake_side(arcs[i].t, arcs[i].own_a ? 0 : 1);
        if (wake > k) k = wake;
        for (int j = i; j < n; j++)
            if (arcs[j].row == arcs[i].row) cp->arcs[cp->n++] = arcs[j];
    }
    rg_propagator def = {.size = sizeof(rg_propagator),
                         .name = "pair_cell",
                         .family = s->family,
                         .cost = RG_COST_BINARY,
                         .propagate = cell_propagate,
                         .check = cell_check,
                         .explain = cell_explain};
    return host->add_propagator(b, &def, cp, &cp->cell, 1, wake_event(k, digits));
}

/* Each pair's own table kept, and its table as seen from its cells (the
 * distinct version where they share a house). */
static int own_tables(rg_build *b, rg_pairop_set *s)
{
    int rc = RG_OK;
    for (int i = 0; rc == RG_OK && i < s->n; i++) {
        s->own[i] = s->t[i];
        rc = seen_table(b, &s->t[i], s->ends[2 * i], s->ends[2 * i + 1]);
    }
    return rc;
}

/* Pair i's arc at its cell a (to c) and at c (to a). */
static void arcs_of(const rg_pairop_set *s, int i, arc *at_a, arc *at_c)
{
    const rg_pairop_table *t = s->t[i];
    int a = s->ends[2 * i], c = s->ends[2 * i + 1];
    /* A symmetric table reads ab both ways: a cell's arcs of one table
     * then share one support, whichever end of the pairs it is. */
    const rg_mask *back = memcmp(t->ab, t->ba, sizeof t->ab) ? t->ba : t->ab;
    *at_a = (arc){.row = t->ab, .t = t, .own = s->own[i], .other = c, .own_a = 1};
    *at_c = (arc){.row = back, .t = t, .own = s->own[i], .other = a, .own_a = 0};
}

/* A set of up to SMALL_SET pairs on a board of more than LARGE_BOARD cells
 * is closed over its own cells, found by scans of its ends, not over arrays
 * as large as the board: a document of many small sets on a large board
 * paid for the board at every set (on smaller boards those arrays cost
 * less than the scans). The
 * host is called as the board-wide way calls it (the lone pairs in pair
 * order, then the cells in index order), so the model is the same. */
enum { SMALL_SET = 16, LARGE_BOARD = 1024 };

static int close_small(rg_build *b, rg_pairop_set *s, int digits)
{
    int cell[2 * SMALL_SET], count[2 * SMALL_SET], at[2 * SMALL_SET], u = 0;
    for (int i = 0; i < 2 * s->n; i++) {
        int k = 0;
        while (k < u && cell[k] != s->ends[i]) k++;
        if (k == u) cell[u] = s->ends[i], count[u++] = 0;
        count[k]++;
        at[i] = k;
    }
    int rc = own_tables(b, s);
    for (int i = 0; rc == RG_OK && i < s->n; i++) {
        if (count[at[2 * i]] > 1 || count[at[2 * i + 1]] > 1) continue;
        rc =
            add_pair(b, s->t[i], s->own[i], s->ends[2 * i], s->ends[2 * i + 1], s->family, &s->why);
        count[at[2 * i]] = count[at[2 * i + 1]] = 0;
    }
    for (int done = 0; rc == RG_OK && done < u; done++) {
        int k = -1; /* the lowest cell not yet closed */
        for (int j = 0; j < u; j++)
            if (count[j] >= 0 && (k < 0 || cell[j] < cell[k])) k = j;
        arc arcs[2 * SMALL_SET], unused;
        int n = 0;
        for (int i = 0; count[k] > 0 && i < s->n; i++) {
            if (at[2 * i] == k) arcs_of(s, i, &arcs[n++], &unused);
            if (at[2 * i + 1] == k) arcs_of(s, i, &unused, &arcs[n++]);
        }
        if (n) rc = add_cell(b, s, cell[k], arcs, n, digits);
        count[k] = -1;
    }
    return rc;
}

int rg_pairop_set_close(rg_build *b, rg_pairop_set *s)
{
    rg_board_info bi;
    host->board(b, &bi);
    if (s->n <= SMALL_SET && bi.cells > LARGE_BOARD) return close_small(b, s, bi.digits);
    int N = bi.cells, rc = RG_OK;
    int *off = calloc((size_t)N + 2, sizeof *off);
    arc *arcs = malloc(2 * (size_t)(s->n ? s->n : 1) * sizeof *arcs);
    if (!off || !arcs) rc = host->error(b, NULL, NULL, "out of memory");
    /* The arcs by cell (off[x] .. off[x + 1]), each cell's in pair order. A
     * pair alone at both its cells keeps a pair propagator: one run then
     * narrows both ways, where two cell propagators would take two. */
    for (int i = 0; rc == RG_OK && i < 2 * s->n; i++) off[s->ends[i] + 2]++;
    if (rc == RG_OK) rc = own_tables(b, s);
    for (int i = 0; rc == RG_OK && i < s->n; i++) {
        int a = s->ends[2 * i], c = s->ends[2 * i + 1];
        if (off[a + 2] > 1 || off[c + 2] > 1) continue;
        rc = add_pair(b, s->t[i], s->own[i], a, c, s->family, &s->why);
        off[a + 2] = off[c + 2] = 0;
        s->ends[2 * i] = -1;
    }
    for (int x = 0; rc == RG_OK && x < N; x++) off[x + 2] += off[x + 1];
    for (int i = 0; rc == RG_OK && i < s->n; i++) {
        int a = s->ends[2 * i], c = s->ends[2 * i + 1];
        if (a < 0) continue;
        arcs_of(s, i, &arcs[off[a + 1]++], &arcs[off[c + 1]++]);
    }
    for (int x = 0; rc == RG_OK && x < N; x++)
        if (off[x + 1] > off[x])
            rc = add_cell(b, s, x, arcs + off[x], off[x + 1] - off[x], bi.digits);
    free(off);
    free(arcs);
    return rc;
}
