/* Filling and emptying the propagation queue. */
#include "search/queue.h"
#include "search/changes.h"

void rg_queue_clear(rg_solver *s)
{
    const int last = s->m->nprops; /* rings of nprops + 1 */
    for (int k = 0; k < RG_COST_CLASSES; k++) {
        for (int h = s->qhead[k], t = s->qtail[k]; h != t; h = h == last ? 0 : h + 1)
            s->queued[s->queue[k][h]] = 0;
        s->qhead[k] = s->qtail[k];
    }
    s->queued_total = 0;
    s->nnaked = 0;
    if (s->nchg_list) rg_changes_clear(s);
}

void rg_queue_all(rg_solver *s, int which)
{
    const rg_model *m = s->m;
    if (!s->queued_total) /* an empty queue (a root, a restart): the rings start over */
        for (int k = 0; k < RG_COST_CLASSES; k++) s->qhead[k] = s->qtail[k] = 0;
    /* A word of the inactive bits at a time: below sac most of a killer's
     * propagators are implied, and inactive at a root. */
    for (int w = 0; w * 32 < m->nprops; w++) {
        uint32_t on = ~s->inactive[w];
        if (which == RG_QUEUE_CHEAP) on &= ~m->global[w];
        if (which == RG_QUEUE_GLOBAL) on &= m->global[w];
        if (m->nprops - w * 32 < 32) on &= (1u << (m->nprops - w * 32)) - 1;
        for (; on; on &= on - 1) {
            int p = w * 32 + __builtin_ctz(on);
            if (!s->queued[p]) rg_queue_push(s, p);
        }
    }
}
