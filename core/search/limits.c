/* Ending a search at its limits, and at a propagator that breaks its
 * contract. */
#include <stdarg.h>
#include <stdio.h>

#include "base/clock.h"
#include "base/error.h"
#include "search/limits.h"

int rg_limits_clock(rg_solver *s)
{
    if (s->o.max_seconds > 0 && rg_clock_us(&s->t0) >= s->o.max_seconds * 1e6) s->stopped = 1;
    return s->stopped;
}

void rg_limits_broken(rg_solver *s, int p, const char *fmt, ...)
{
    const rg_prop *pr = &s->m->props[p];
    char what[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    rg_error_clear(&s->error);
    rg_error_set(&s->error, RG_E_PLUGIN, NULL, "propagator %s (family %s) %s", pr->def.name,
                 pr->def.family, what);
    rg_error_rule(&s->error, pr->rule, rg_model_rule_type(s->m, pr->rule));
    s->broken = 1;
    s->stopped = 1;
}
