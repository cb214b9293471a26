/* Names of strategies, heuristics and statuses, and the default options:
 * one table each, shared by the command, the tests and the bench harness. */
#include <string.h>

#include "internal.h"

static const char *const strategies[RG_STRATEGY_COUNT] = {
    "check", "forward", "propagate", "singles", "intersections", "subsets", "probe",
                                                           "sac"};
static const char *const heuristics[RG_HEURISTIC_COUNT] = {"first", "mrv", "mrv_degree",
                                                           "domwdeg", "lookahead"};
static const char *const statuses[] = {"solved", "unique", "multiple", "none", "unknown"};

void rg_options_default(rg_options *o)
{
    memset(o, 0, sizeof *o);
    o->strategy = RG_STRATEGY_INTERSECTIONS;
    o->heuristic = RG_HEURISTIC_DOMWDEG;
    o->values = RG_VALUES_ASCENDING;
    o->limit = 1;
}

static int find(const char *const *names, int n, const char *name)
{
    for (int i = 0; name && i < n; i++)
        if (strcmp(names[i], name) == 0) return i;
    return -1;
}

const char *rg_strategy_name(int s) { return s >= 0 && s < RG_STRATEGY_COUNT ? strategies[s] : "?"; }
int rg_strategy_parse(const char *name) { return find(strategies, RG_STRATEGY_COUNT, name); }
const char *rg_heuristic_name(int h) { return h >= 0 && h < RG_HEURISTIC_COUNT ? heuristics[h] : "?"; }
int rg_heuristic_parse(const char *name) { return find(heuristics, RG_HEURISTIC_COUNT, name); }

const char *rg_status_name(int st)
{
    return st >= 0 && st < (int)(sizeof statuses / sizeof *statuses) ? statuses[st] : "?";
}
