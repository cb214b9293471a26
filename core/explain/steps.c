/* Building a step (its technique, rules, focus, placements, eliminations
 * and text), naming houses, and applying a step to a position. */
#include <string.h>

#include "base/error.h"
#include "base/mask.h"
#include "base/mem.h"
#include "explain/explain.h"
#include "model/board.h"

int rg_x_nomem(rg_explainer *e)
{
    if (!e->error) e->error = rg_error_set(&e->err, RG_E_NOMEM, NULL, "out of memory");
    return RG_X_ERROR;
}

void rg_x_begin(rg_explainer *e, int rank, const char *technique, const char *family)
{
    e->rank = rank;
    e->family = family;
    rg_text_clear(&e->technique);
    rg_text_add(&e->technique, "%s", technique);
    rg_text_clear(&e->text);
    e->nrules = e->nfocus = e->nplace = e->nelim = 0;
}

void rg_x_rule(rg_explainer *e, int rule)
{
    if (rule < 0) return;
    for (int i = 0; i < e->nrules; i++)
        if (e->rules[i] == rule) return;
    int *r = rg_mem_grow(e->rules, e->nrules + 1, &e->caprules, sizeof *r, 8);
    if (!r) {
        rg_x_nomem(e);
        return;
    }
    e->rules = r;
    e->rules[e->nrules++] = rule;
}

void rg_x_focus(rg_explainer *e, const int *cells, int n)
{
    for (int i = 0; i < n; i++) {
        int c = cells[i], seen = 0;
        for (int k = 0; k < e->nfocus && !seen; k++) seen = e->focus[k] == c;
        if (seen) continue;
        int *f = rg_mem_grow(e->focus, e->nfocus + 1, &e->capfocus, sizeof *f, 16);
        if (!f) {
            rg_x_nomem(e);
            return;
        }
        e->focus = f;
        e->focus[e->nfocus++] = c;
    }
}

void rg_x_place(rg_explainer *e, int cell, int digit)
{
    int cap = e->capplace;
    int *pc = rg_mem_grow(e->pc, e->nplace + 1, &cap, sizeof *pc, 8);
    if (!pc) {
        rg_x_nomem(e);
        return;
    }
    e->pc = pc;
    cap = e->capplace;
    int *pd = rg_mem_grow(e->pd, e->nplace + 1, &cap, sizeof *pd, 8);
    if (!pd) {
        rg_x_nomem(e);
        return;
    }
    e->pd = pd;
    e->capplace = cap;
    e->pc[e->nplace] = cell;
    e->pd[e->nplace++] = digit;
}

void rg_x_elim(rg_explainer *e, int cell, rg_mask digits)
{
    if (!digits) return;
    for (int i = 0; i < e->nelim; i++)
        if (e->ec[i] == cell) {
            e->em[i] |= digits;
            return;
        }
    int *ec = rg_mem_grow(e->ec, e->nelim + 1, &e->capelim, sizeof *ec, 16);
    if (!ec) {
        rg_x_nomem(e);
        return;
    }
    e->ec = ec;
    rg_mask *em = rg_mem_grow(e->em, e->nelim + 1, &e->capem, sizeof *em, 16);
    if (!em) {
        rg_x_nomem(e);
        return;
    }
    e->em = em;
    e->ec[e->nelim] = cell;
    e->em[e->nelim++] = digits;
}

void rg_x_house_name(const rg_explainer *e, rg_text *t, int hi)
{
    const rg_xhouse *h = &e->h[hi];
    const rg_board *b = &e->m->board;
    int r0, c0, r1, c1;
    rg_board_pos(b, h->cells[0], &r0, &c0);
    rg_board_pos(b, h->cells[h->n - 1], &r1, &c1);
    switch (h->kind) {
    case RG_HOUSE_ROW:
        if (h->n == b->cols)
            rg_text_add(t, "row %d", r0);
        else
            rg_text_add(t, "row %d (r%dc%d-r%dc%d)", r0, r0, c0, r1, c1);
        break;
    case RG_HOUSE_COLUMN:
        if (h->n == b->rows)
            rg_text_add(t, "column %d", c0);
        else
            rg_text_add(t, "column %d (r%dc%d-r%dc%d)", c0, r0, c0, r1, c1);
        break;
    case RG_HOUSE_BOX: rg_text_add(t, "box %d", h->number); break;
    case RG_HOUSE_CAGE: rg_text_add(t, "the cage at r%dc%d", r0, c0); break;
    default: rg_text_add(t, "region %d", h->number); break;
    }
}

/* Cell c of st changed: the propagators watching it may prune again, and
 * every scan of its houses may find something. */
static void unclean(rg_explainer *e, rg_xstate *st, int c)
{
    const rg_model *m = e->m;
    for (int w = m->watch_off[c]; w < m->watch_off[c + 1]; w++) st->clean[m->watch_prop[w]] = 0;
    for (int k = e->ch_off[c]; k < e->ch_off[c + 1]; k++)
        for (int scan = 0; scan < RG_SCANS; scan++) st->dirty[scan * e->nh + e->ch[k]] = 1;
}

void rg_x_apply(rg_explainer *e, rg_xstate *st)
{
    const rg_model *m = e->m;
    rg_mask *dom = st->dom;
    for (int i = 0; i < e->nplace; i++) {
        int c = e->pc[i];
        rg_mask bit = 1u << (e->pd[i] - 1);
        unclean(e, st, c); /* placed: the scans of its houses change even when its domain did not */
        dom[c] &= bit;
        st->placed[c] = 1;
        for (int k = m->peer_off[c]; k < m->peer_off[c + 1]; k++) {
            int q = m->peers[k];
            if (dom[q] & bit) {
                dom[q] &= ~bit;
                unclean(e, st, q);
            }
        }
    }
    for (int i = 0; i < e->nelim; i++) {
        int c = e->ec[i];
        if (dom[c] & e->em[i]) unclean(e, st, c);
        dom[c] &= ~e->em[i];
    }
}

int rg_x_broken(rg_explainer *e, int rule, const int *cells, int n, const char *fmt, ...)
{
    e->broken_rule = rule;
    int *b = rg_mem_realloc(e->bcells, (size_t)(n ? n : 1) * sizeof *b);
    if (!b) return rg_x_nomem(e);
    e->bcells = b;
    if (n) memcpy(b, cells, (size_t)n * sizeof *b);
    e->nbroken = n;
    rg_text_clear(&e->btext);
    va_list ap;
    va_start(ap, fmt);
    rg_text_vadd(&e->btext, fmt, ap);
    va_end(ap);
    return RG_X_BROKEN;
}
