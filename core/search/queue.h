/* The propagation queue (queue.c; its push is rg_space_notify): one FIFO
 * per cost class, a propagator queued at most once. */
#ifndef RG_SEARCH_QUEUE_H
#define RG_SEARCH_QUEUE_H

#include "search/solver.h"

/* Queue propagator p (not queued yet) at the back of its cost class. */
static inline void rg_queue_push(rg_solver *s, int p)
{
    int k = s->m->prop_cost[p], t = s->qtail[k];
    s->queue[k][t] = p;
    s->qtail[k] = t == s->m->nprops ? 0 : t + 1; /* rings of nprops + 1 */
    s->queued[p] = 1;
    s->queued_total++;
}

/* Drop everything queued (and the naked-single stack). */
void rg_queue_clear(rg_solver *s);
/* Which propagators rg_queue_all queues: every one, those of the cheaper
 * classes, or those of the dearest (RG_COST_GLOBAL). */
enum { RG_QUEUE_EVERY, RG_QUEUE_CHEAP, RG_QUEUE_GLOBAL };
/* Queue every propagator of those (which) not subsumed in the current
 * space. */
void rg_queue_all(rg_solver *s, int which);

#endif
