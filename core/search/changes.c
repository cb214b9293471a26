/* The change lists of event-driven propagation (changes.h). */
#include <string.h>

#include "base/mem.h"
#include "search/changes.h"

int rg_changes_prepare(rg_solver *s)
{
    const rg_model *m = s->m;
    size_t np = (size_t)m->nprops + 1, nw = (size_t)m->prop_watch_off[m->nprops] + 1;
    s->chg_n = rg_mem_calloc(np, sizeof *s->chg_n);
    s->chg_listed = rg_mem_calloc(np, 1);
    s->chg_list = rg_mem_alloc(np * sizeof *s->chg_list);
    s->chg_pos = rg_mem_alloc(nw * sizeof *s->chg_pos);
    s->chg_lost = rg_mem_calloc(nw, sizeof *s->chg_lost);
    s->nchg_list = 0;
    s->running = -1;
    if (s->chg_n && s->chg_listed && s->chg_list && s->chg_pos && s->chg_lost) return RG_OK;
    rg_changes_release(s);
    return RG_E_NOMEM;
}

void rg_changes_release(rg_solver *s)
{
    rg_mem_free(s->chg_n);
    rg_mem_free(s->chg_listed);
    rg_mem_free(s->chg_list);
    rg_mem_free(s->chg_pos);
    rg_mem_free(s->chg_lost);
    s->chg_n = s->chg_list = s->chg_pos = NULL;
    s->chg_listed = NULL;
    s->chg_lost = NULL;
    s->nchg_list = 0;
}

void rg_changes_clear(rg_solver *s)
{
    for (int i = 0; i < s->nchg_list; i++) {
        int p = s->chg_list[i];
        if (s->chg_n[p] > 0) rg_changes_done(s, p);
        s->chg_listed[p] = 0;
    }
    s->nchg_list = 0;
}

void rg_changes_restart(rg_solver *s)
{
    rg_changes_clear(s);
    /* every list unknown: -1 in each int, all its bytes 0xFF */
    memset(s->chg_n, 0xFF, (size_t)s->m->nprops * sizeof *s->chg_n);
    s->running = -1;
}
