/* The names, summaries and parsers of strategies, heuristics, value orders
 * and statuses, all built from the tables of rulegrid.h, and the default
 * options. Shared by the command, the tests and the bench harness. */
#include <string.h>

#include "internal.h"

typedef struct entry {
    const char *name, *summary;
    unsigned deductions;
} entry;

static const entry strategies[RG_STRATEGY_COUNT] = {
#define X(id, name, deductions, summary) {name, summary, deductions},
    RG_STRATEGIES(X)
#undef X
};
static const entry heuristics[RG_HEURISTIC_COUNT] = {
#define X(id, name, summary) {name, summary, 0u},
    RG_HEURISTICS(X)
#undef X
};
static const entry value_orders[RG_VALUES_COUNT] = {
#define X(id, name, summary) {name, summary, 0u},
    RG_VALUE_ORDERS(X)
#undef X
};
static const entry statuses[RG_STATUS_COUNT] = {
#define X(id, name, summary) {name, summary, 0u},
    RG_STATUSES(X)
#undef X
};

void rg_options_default(rg_options *o)
{
    memset(o, 0, sizeof *o);
    o->strategy = RG_STRATEGY_INTERSECTIONS;
    o->heuristic = RG_HEURISTIC_DOMWDEG;
    o->values = RG_VALUES_ASCENDING;
    o->limit = 1;
}

static const entry *at(const entry *table, int n, int i) { return i >= 0 && i < n ? &table[i] : NULL; }

static int find(const entry *table, int n, const char *name)
{
    for (int i = 0; name && i < n; i++)
        if (strcmp(table[i].name, name) == 0) return i;
    return -1;
}

#define NAMED(prefix, table, count)                                                       \
    const char *rg_##prefix##_name(int i)                                                 \
    {                                                                                     \
        const entry *e = at(table, count, i);                                             \
        return e ? e->name : "?";                                                         \
    }                                                                                     \
    const char *rg_##prefix##_summary(int i)                                              \
    {                                                                                     \
        const entry *e = at(table, count, i);                                             \
        return e ? e->summary : "?";                                                      \
    }                                                                                     \
    int rg_##prefix##_parse(const char *name) { return find(table, count, name); }

NAMED(strategy, strategies, RG_STRATEGY_COUNT)
NAMED(heuristic, heuristics, RG_HEURISTIC_COUNT)
NAMED(values, value_orders, RG_VALUES_COUNT)

unsigned rg_strategy_deductions(int s)
{
    const entry *e = at(strategies, RG_STRATEGY_COUNT, s);
    return e ? e->deductions : 0u;
}

const char *rg_status_name(int st)
{
    const entry *e = at(statuses, RG_STATUS_COUNT, st);
    return e ? e->name : "?";
}
