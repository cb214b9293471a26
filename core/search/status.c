/* The names of what a search ended with, from RG_STATUSES (rulegrid.h). */
#include "rulegrid/rulegrid.h"
#include "search/table.h"

static const rg_table_entry statuses[RG_STATUS_COUNT] = {
#define X(id, name, summary) {name, summary, 0u},
    RG_STATUSES(X)
#undef X
};

const char *rg_status_name(int st)
{
    const rg_table_entry *e = rg_table_at(statuses, RG_STATUS_COUNT, st);
    return e ? e->name : "?";
}
