/* The check and forward levels: a placed digit is tested against placed
 * peers and rules whose cells are all placed (check), or also leaves its
 * peers and runs the propagators watching its cell once (forward). */
#include "search/plain.h"
#include "search/space.h"

static void fill_values(rg_solver *s, const unsigned char *space)
{
    const rg_mask *dom = (const rg_mask *)space;
    const unsigned char *as = space + s->assigned_off;
    for (int c = 0; c < s->N; c++) s->values[c] = as[c] ? rg_digit_of(dom[c]) : 0;
}

/* A cell's watch entries in propagator order. The model keeps a cell's
 * main entries of the dearest class after those of the cheaper ones, then
 * the implied ones (model/tables.c), each run in propagator order: the
 * first two merged give the main entries in that order, as these levels
 * have always run them. a, b and i are the next entry of each run, up to
 * a_end, b_end and end (plain_entries_of starts them at cell c);
 * plain_next gives the next entry, or -1 after the last. */
typedef struct plain_entries {
    int a, a_end, b, b_end, i, end;
} plain_entries;

static plain_entries plain_entries_of(const rg_solver *s, int c)
{
    const rg_model *m = s->m;
    return (plain_entries){m->watch_off[c],  m->watch_cheap[c], m->watch_cheap[c],
                           m->watch_main[c], m->watch_main[c],  s->watch_end[c]};
}

static int plain_next(const rg_model *m, plain_entries *e)
{
    if (e->a < e->a_end && (e->b == e->b_end || m->watch_prop[e->a] < m->watch_prop[e->b]))
        return e->a++;
    if (e->b < e->b_end) return e->b++;
    return e->i < e->end ? e->i++ : -1;
}

/* Place digit bit in cell c. check: only test rules whose cells are all
 * placed; forward: also prune peers and run the propagators watching c once. */
int rg_plain_assign(rg_solver *s, unsigned char *space, int c, rg_mask bit)
{
    const rg_model *m = s->m;
    rg_mask *dom = (rg_mask *)space;
    unsigned char *as = space + s->assigned_off;
    s->inactive = (uint32_t *)(space + s->inactive_off);
    if (!(dom[c] & bit)) return RG_FAIL;
    dom[c] = bit;
    as[c] = 1;
    for (int k = m->peer_off[c]; k < m->peer_off[c + 1]; k++) {
        int p = m->peers[k];
        if (!(dom[p] & bit)) continue;
        if (!(s->ded & RG_DEDUCE_FORWARD)) {
            if (as[p]) {
                rg_space_blame(s, &c, 1);
                return RG_FAIL;
            }
        } else if (!as[p]) {
            if (rg_space_narrow(s, dom, p, dom[p] & ~bit, RG_FAM_PEERS) < 0) {
                s->failed = 0;
                return RG_FAIL;
            }
        } else {
            return RG_FAIL;
        }
    }
    int filled = 0;
    plain_entries e = plain_entries_of(s, c);
    for (int w; (w = plain_next(m, &e)) >= 0;) {
        const rg_prop *pr = &m->props[m->watch_prop[w]];
        if (s->ded & RG_DEDUCE_FORWARD) {
            s->ctx.dom = dom;
            s->ctx.state = space + s->state_off;
            s->ctx.family = pr->family;
            s->st.family_calls[pr->family]++;
            int r = pr->def.propagate(&s->ctx, pr->data);
            if (r == RG_PROP_FAIL || s->failed) {
                s->failed = 0;
                rg_space_blame(s, pr->watch, pr->nwatch);
                return RG_FAIL;
            }
        }
        int all = 1;
        for (int k = 0; k < pr->nwatch && all; k++) all = as[pr->watch[k]];
        if (all) {
            if (!filled) fill_values(s, space);
            filled = 1;
            if (!pr->def.check(s->values, pr->data)) {
                rg_space_blame(s, pr->watch, pr->nwatch);
                return RG_FAIL;
            }
        }
    }
    return 0;
}
