/* Filling and emptying the propagation queue. */
#include "search/queue.h"
#include "search/changes.h"

void rg_queue_clear(rg_solver *s)
{
    int size = s->m->nprops + 1;
    for (int k = 0; k < RG_COST_CLASSES; k++) {
        while (s->qhead[k] != s->qtail[k]) {
            s->queued[s->queue[k][s->qhead[k]]] = 0;
            s->qhead[k] = (s->qhead[k] + 1) % size;
        }
    }
    s->queued_total = 0;
    s->nnaked = 0;
    if (s->nchg_list) rg_changes_clear(s);
}

void rg_queue_all(rg_solver *s)
{
    const rg_model *m = s->m;
    for (int p = 0; p < m->nprops; p++) {
        if (s->queued[p] || (s->inactive[p >> 5] & (1u << (p & 31)))) continue;
        rg_queue_push(s, p);
    }
}
