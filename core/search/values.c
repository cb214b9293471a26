/* The order digits are tried in: the value orders of RG_VALUE_ORDERS
 * (rulegrid.h), their names, and the pick itself. */
#include "search/values.h"
#include "base/mask.h"
#include "rulegrid/rulegrid.h"
#include "search/table.h"

static const rg_table_entry value_orders[RG_VALUES_COUNT] = {
#define X(id, name, summary) {name, summary, 0u},
    RG_VALUE_ORDERS(X)
#undef X
};

RG_TABLE_NAMES(values, value_orders, RG_VALUES_COUNT)

static uint64_t rng_next(uint64_t *x)
{
    *x ^= *x >> 12;
    *x ^= *x << 25;
    *x ^= *x >> 27;
    return *x * 2685821657736338717ull;
}

rg_mask rg_values_pick(rg_solver *s, rg_mask left)
{
    if (s->o.values != RG_VALUES_RANDOM) return left & -left;
    int k = (int)(rng_next(&s->rng) % (uint64_t)rg_popcount(left));
    while (k--) left &= left - 1;
    return left & -left;
}
