/* Pair operators as support tables, and the one binary propagator every pair
 * rule uses: new_b = dom_b & OR(ab[x] : x in dom_a), then the same for a.
 * Compiled into each plugin that needs it (its own copy, hidden symbols). */
#include <limits.h>
#include <stdlib.h>

#include "pairop.h"

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
    return RG_OK;
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
    for (int x = 0; x < RG_MAX_DIGITS; x++) t->ab[x] = t->ba[x] = x < digits ? full : 0;
}

void rg_pairop_and(rg_pairop_table *t, const rg_pairop_table *u)
{
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
    if (t) rg_pairop_fill(t, op, param, bi.digits);
    return t;
}

/* ---- The pair propagator ------------------------------------------------------ */

typedef struct pair {
    const rg_pairop_table *t;
    int a, c;
} pair;

/* Arc consistency in one pass: after b keeps only digits supported by dom_a,
 * every digit of a still has its support in b, so a pass over a with the new
 * dom_b finishes. Entailed when every digit of a allows all of dom_b. */
static int pair_propagate(rg_space *sp, void *data)
{
    const pair *p = data;
    const rg_pairop_table *t = p->t;
    const rg_mask *dom = host->domains(sp);
    rg_mask da = dom[p->a], dc = dom[p->c];
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

int rg_pairop_add(rg_build *b, const rg_pairop_table *t, int a, int c, const char *family)
{
    rg_board_info bi;
    host->board(b, &bi);
    rg_mask full = bi.digits >= 32 ? ~(rg_mask)0 : (((rg_mask)1 << bi.digits) - 1);
    rg_mask sa = rg_pairop_support(t, 0), sc = rg_pairop_support(t, 1);
    int rc = RG_OK;
    if (sa != full) rc = host->restrict_cell(b, a, sa);
    if (rc == RG_OK && sc != full) rc = host->restrict_cell(b, c, sc);
    if (rc != RG_OK) return rc;
    /* A relation that allows everything left needs no propagator. */
    int trivial = 1;
    for (int x = 0; x < bi.digits && trivial; x++)
        if ((sa >> x & 1u) && (t->ab[x] & sc) != sc) trivial = 0;
    if (trivial) return RG_OK;
    pair *p = host->alloc(b, sizeof *p);
    if (!p) return host->error(b, NULL, NULL, "out of memory");
    p->t = t;
    p->a = a;
    p->c = c;
    rg_propagator def = {.size = sizeof(rg_propagator),
                         .name = "pair",
                         .family = family,
                         .cost = RG_COST_BINARY,
                         .propagate = pair_propagate,
                         .check = pair_check};
    int watch[2] = {a, c};
    return host->add_propagator(b, &def, p, watch, 2, RG_EV_DOMAIN);
}

int rg_pairop_add_op(rg_build *b, int op, const rg_pairop_table *t, int a, int c,
                     const char *family)
{
    if (op == RG_OP_DIFFERENT) return host->add_differ(b, a, c);
    return rg_pairop_add(b, t, a, c, family);
}
