/* The default options of a search. */
#include <string.h>

#include "rulegrid/rulegrid.h"

void rg_options_default(rg_options *o)
{
    memset(o, 0, sizeof *o);
    o->strategy = RG_STRATEGY_INTERSECTIONS;
    o->heuristic = RG_HEURISTIC_DOMWDEG;
    o->values = RG_VALUES_ASCENDING;
    o->limit = 1;
}
