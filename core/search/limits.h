/* The limits of a search (limits.c): the node limit (search nodes and
 * probes together), the time limit (the clock read often enough that a run
 * ends within a few milliseconds of it, in propagation and probing as well
 * as between nodes), and propagators that break their contract. A limit
 * that ends a run sets s->stopped; a broken contract also s->broken, with
 * s->error saying which rule. */
#ifndef RG_SEARCH_LIMITS_H
#define RG_SEARCH_LIMITS_H

#include "search/solver.h"

/* Propagator runs between two readings of the clock in a propagation. */
#define RG_LIMITS_RUNS_PER_CLOCK 16
/* Propagator runs in a row that answer RG_PROP_NOFIX without narrowing
 * anything before the propagation is stopped as a loop. */
#define RG_LIMITS_IDLE_RUNS 100000

/* Has the time run out? Reads the clock (when there is a time limit). */
int rg_limits_clock(rg_solver *s);

/* Is the run over already, or is the node limit (nodes and probes) used up? */
static inline int rg_limits_spent(rg_solver *s)
{
    if (s->stopped) return 1;
    if (s->o.max_nodes && s->st.nodes + s->probes >= s->o.max_nodes) return s->stopped = 1;
    return 0;
}

/* Before a search node: 1 when a limit ends the run. */
static inline int rg_limits_node(rg_solver *s)
{
    if (rg_limits_spent(s)) return 1;
    if (s->o.max_seconds > 0 && (s->st.nodes & 127) == 0) return rg_limits_clock(s);
    return 0;
}

/* Before a probe (each costs a propagation): 1 when a limit ends the run. */
static inline int rg_limits_probe(rg_solver *s)
{
    if (rg_limits_spent(s)) return 1;
    return s->o.max_seconds > 0 ? rg_limits_clock(s) : 0;
}

/* The countdown of propagator runs to the next reading of the clock: 0
 * without a time limit (never read). */
static inline unsigned rg_limits_runs(const rg_solver *s)
{
    return s->o.max_seconds > 0 ? RG_LIMITS_RUNS_PER_CLOCK : 0;
}

/* After a propagator run: 1 when the time is up (the clock read every
 * RG_LIMITS_RUNS_PER_CLOCK runs). */
static inline int rg_limits_run(rg_solver *s)
{
    if (s->ticks && --s->ticks == 0) {
        s->ticks = RG_LIMITS_RUNS_PER_CLOCK;
        return rg_limits_clock(s);
    }
    return 0;
}

/* Propagator p broke its contract: stop the run and say so in s->error
 * (RG_E_PLUGIN, naming its rule and type). printf-style message. */
void rg_limits_broken(rg_solver *s, int p, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

#endif
