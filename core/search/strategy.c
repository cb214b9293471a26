/* Strategy levels: each a named bundle of deductions, from RG_STRATEGIES
 * (rulegrid.h). */
#include "rulegrid/rulegrid.h"
#include "search/table.h"

static const rg_table_entry strategies[RG_STRATEGY_COUNT] = {
#define X(id, name, deductions, summary) {name, summary, deductions},
    RG_STRATEGIES(X)
#undef X
};

RG_TABLE_NAMES(strategy, strategies, RG_STRATEGY_COUNT)

unsigned rg_strategy_deductions(int s)
{
    const rg_table_entry *e = rg_table_at(strategies, RG_STRATEGY_COUNT, s);
    return e ? e->bits : 0u;
}
