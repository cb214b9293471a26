/* The engine taken apart for `rulegrid verify`: start spaces, the queue's
 * fixpoint from them, and single propagator runs outside the queue. */
#include <string.h>

#include "base/error.h"
#include "base/mem.h"
#include "model/record.h"
#include "search/changes.h"
#include "search/propagate.h"
#include "search/space.h"
#include "search/trial.h"

size_t rg_trial_bytes(const rg_solver *s) { return s->space_bytes; }

/* Propagate p's root at the propagate level into the solver's space 0 (the
 * solver made ready for p's model on the way). 0, RG_FAIL, or an error. */
static int narrow(rg_solver *s, const rg_puzzle *p, rg_error *err)
{
    int N = p->model->board.ncells;
    rg_mask *out = rg_mem_alloc(((size_t)N + 1) * sizeof *out);
    if (!out) return rg_error_set(err, RG_E_NOMEM, NULL, "out of memory");
    rg_solver_set_implied(s, 1); /* verify and explain look at every one */
    int rc = rg_solver_narrow(s, p, RG_STRATEGY_PROPAGATE, NULL, out);
    rg_mem_free(out);
    if (rc == RG_E_NOMEM) return rg_error_set(err, RG_E_NOMEM, NULL, "out of memory");
    if (s->broken) {
        if (err) *err = s->error;
        return RG_E_PLUGIN;
    }
    return rc < 0 ? RG_FAIL : 0;
}

int rg_trial_start(rg_solver *s, const rg_puzzle *p, unsigned char *space)
{
    int rc = narrow(s, p, NULL);
    if (rc == RG_E_NOMEM || !space) return rc == RG_E_NOMEM ? rc : 0;
    const rg_model *m = s->m;
    memset(space, 0, s->space_bytes);
    rg_mask *dom = (rg_mask *)space;
    memcpy(dom, m->root, (size_t)s->N * sizeof *dom);
    if (m->state_size) memcpy(space + s->state_off, m->state_init, m->state_size);
    int fail = m->infeasible_rule >= 0;
    for (int c = 0; c < s->N; c++) {
        int g = p->givens[c];
        if (g) dom[c] &= 1u << (g - 1);
        if (!dom[c]) fail = 1;
    }
    return fail ? RG_FAIL : 0;
}

int rg_trial_fixpoint(rg_solver *s, const rg_puzzle *p, unsigned char *space, rg_error *err)
{
    int rc = narrow(s, p, err);
    if (rc > 0) return rc;
    memcpy(space, rg_space_at(s, 0), s->space_bytes);
    return rc;
}

int rg_trial_run(rg_solver *s, int prop, unsigned char *space)
{
    const rg_prop *pr = &s->m->props[prop];
    int cascade = s->cascade;
    unsigned char dirty = s->dirty_bits;
    s->cascade = 0; /* nothing queued, no naked single spread */
    s->dirty_bits = 0;
    s->failed = 0;
    s->ctx.dom = (rg_mask *)space;
    s->ctx.state = space + s->state_off;
    s->ctx.family = pr->family;
    int r = pr->def.propagate(&s->ctx, pr->data);
    if (s->failed) r = RG_PROP_FAIL;
    s->failed = 0;
    s->cascade = cascade;
    s->dirty_bits = dirty;
    return r;
}

int rg_trial_subsumed(const rg_solver *s, const unsigned char *space, int prop)
{
    const uint32_t *bits = (const uint32_t *)(space + s->inactive_off);
    return (bits[prop >> 5] >> (prop & 31)) & 1u;
}

void rg_trial_subsume(rg_solver *s, unsigned char *space, int prop)
{
    uint32_t *bits = (uint32_t *)(space + s->inactive_off);
    bits[prop >> 5] |= 1u << (prop & 31);
}

int rg_trial_narrow(rg_solver *s, unsigned char *space, int cell, rg_mask keep, rg_error *err)
{
    unsigned char *sp = rg_space_at(s, 0);
    rg_mask *dom = (rg_mask *)sp;
    memcpy(sp, space, s->space_bytes);
    s->inactive = (uint32_t *)(sp + s->inactive_off);
    s->nnaked = 0;
    s->failed = 0;
    /* The space may come from anywhere (a sweep, the start): a propagator
     * that asked for changes looks at everything (changes.h). */
    rg_changes_restart(s);
    /* ... and its domains may have been written directly: its digit
     * boards are read again from them (rg_bands_read). */
    if (s->board_off) rg_space_boards_of(s, dom)->valid = 0;
    if (s->board16_off) rg_space_boards16_of(s, dom)->valid = 0;
    int rc = 0;
    rg_mask nm = dom[cell] & keep;
    if (nm != dom[cell]) rc = rg_space_narrow(s, dom, cell, nm, RG_FAM_PEERS);
    if (rc >= 0)
        rc = rg_propagate(s, sp);
    else
        rg_propagate_abandon(s);
    memcpy(space, sp, s->space_bytes);
    if (s->broken) {
        if (err) *err = s->error;
        return RG_E_PLUGIN;
    }
    return rc < 0 ? RG_FAIL : 0;
}
