/* The checks of one trial document (docs/plugins.md, "Verifying a
 * plugin"): the scope of each check (the cells it reads, against the cells
 * its rule holds), soundness against an exhaustive search, fixpoint
 * honesty, hygiene and the status contract on every single propagator run, order
 * independence of the fixpoint, events (the queue's fixpoint against one
 * where every propagator runs after every change), and agreement of
 * propagate with check on complete assignments. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "base/error.h"
#include "base/mask.h"
#include "base/mem.h"
#include "base/rng.h"
#include "model/check.h"
#include "model/record.h"
#include "search/trial.h"
#include "verify/verify.h"

void rg_verify_cell_name(const rg_vctx *v, int cell, char *buf, size_t n)
{
    rg_puzzle_cell_name(v->p, cell, buf, n);
}

static int fail(rg_vctx *v, const char *check, int prop, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(v->f->message, sizeof v->f->message, fmt, ap);
    va_end(ap);
    v->f->check = check;
    v->f->prop = prop;
    v->f->rule = prop >= 0 ? v->m->props[prop].rule : -1;
    const char *name = prop >= 0 ? v->m->props[prop].def.name : NULL;
    snprintf(v->f->name, sizeof v->f->name, "%s", name ? name : "");
    return 1;
}

/* "the propagator lines_thermo of rule 2 (line)" */
static const char *who(const rg_vctx *v, int prop, char *buf, size_t n)
{
    const rg_prop *pr = &v->m->props[prop];
    snprintf(buf, n, "propagator %s of rule %d (%s)", pr->def.name ? pr->def.name : "?", pr->rule,
             rg_model_rule_type(v->m, pr->rule));
    return buf;
}

/* Digits of a that b lacks, per cell: "r1c2: 3; r2c1: 1 2" into buf. */
static void lost(const rg_vctx *v, const rg_mask *a, const rg_mask *b, char *buf, size_t n)
{
    size_t at = 0;
    buf[0] = 0;
    for (int c = 0; c < v->N && at + 32 < n; c++) {
        rg_mask gone = a[c] & ~b[c];
        if (!gone) continue;
        char name[16];
        rg_verify_cell_name(v, c, name, sizeof name);
        at += (size_t)snprintf(buf + at, n - at, "%s%s:", at ? "; " : "", name);
        for (rg_mask g = gone; g && at + 8 < n; g &= g - 1)
            at += (size_t)snprintf(buf + at, n - at, " %d", rg_digit_of(g));
    }
}

/* The witness as cell=digit pairs for a message. */
static void assignment(const rg_vctx *v, const int *w, char *buf, size_t n)
{
    size_t at = 0;
    buf[0] = 0;
    for (int c = 0; c < v->N && at + 16 < n; c++) {
        char name[16];
        rg_verify_cell_name(v, c, name, sizeof name);
        at += (size_t)snprintf(buf + at, n - at, "%s%s=%d", c ? " " : "", name, w[c]);
    }
}

static int same_domains(const rg_vctx *v, const unsigned char *a, const unsigned char *b)
{
    return memcmp(a, b, (size_t)v->N * sizeof(rg_mask)) == 0;
}

/* Is cell within prop's reach: watched by it or by another propagator of
 * its family (a family's derived propagators, cage innies for one, prune
 * the cells of the family's other rules), or a peer of such a cell (a
 * cage's digits leave the rest of its row)? */
static int watched(const rg_vctx *v, int family, int cell)
{
    for (int w = v->m->watch_off[cell]; w < v->m->watch_off[cell + 1]; w++)
        if (v->m->props[v->m->watch_prop[w]].family == family) return 1;
    return 0;
}

static int watches(const rg_vctx *v, int prop, int cell)
{
    int family = v->m->props[prop].family;
    if (watched(v, family, cell)) return 1;
    for (int k = v->m->peer_off[cell]; k < v->m->peer_off[cell + 1]; k++)
        if (watched(v, family, v->m->peers[k])) return 1;
    return 0;
}

/* Does space x still hold the witness (a digit per cell)? */
static int holds(const rg_vctx *v, const unsigned char *x, const int *w)
{
    const rg_mask *dom = (const rg_mask *)x;
    for (int c = 0; c < v->N; c++)
        if (!(dom[c] & (1u << (w[c] - 1)))) return 0;
    return 1;
}

/* A digit of d (not empty) drawn at random. */
static int pick(uint64_t *rng, rg_mask d)
{
    for (int i = (int)rg_rng_below(rng, (uint64_t)rg_popcount(d)); i > 0; i--) d &= d - 1;
    return rg_digit_of(d);
}

/* The contract of one answer: a status of plugin.h, no write outside the
 * watched cells. before is the space it ran on, x after. */
static int contract(rg_vctx *v, int prop, int r, const unsigned char *before,
                    const unsigned char *x)
{
    char name[160];
    if (r < RG_PROP_FAIL || r > RG_PROP_SUBSUMED)
        return fail(v, "contract", prop, "%s answered %d, which is no RG_PROP_* status",
                    who(v, prop, name, sizeof name), r);
    const rg_mask *a = (const rg_mask *)before, *b = (const rg_mask *)x;
    for (int c = 0; c < v->N; c++) {
        if (a[c] == b[c] || watches(v, prop, c)) continue;
        char cell[16];
        rg_verify_cell_name(v, c, cell, sizeof cell);
        lost(v, a, b, v->f->removed, sizeof v->f->removed);
        return fail(
            v, "hygiene", prop,
            "%s changed %s, which is neither watched by its family nor a peer of such a cell",
            who(v, prop, name, sizeof name), cell);
    }
    return 0;
}

/* A run answering RG_PROP_FIX at x (before: what it ran on) must prune
 * nothing when called again; the same call on a copy of before, after that
 * other call, must give the same answer and space (nothing kept between
 * spaces). */
static int honest(rg_vctx *v, int prop, int r, const unsigned char *before, const unsigned char *x)
{
    char name[160];
    if (r == RG_PROP_FIX) {
        memcpy(v->z, x, v->bytes);
        int r2 = rg_trial_run(v->s, prop, v->z);
        v->runs++;
        if (r2 == RG_PROP_FAIL || !same_domains(v, x, v->z)) {
            lost(v, (const rg_mask *)x, (const rg_mask *)v->z, v->f->removed, sizeof v->f->removed);
            return fail(v, "fixpoint", prop,
                        "%s answered RG_PROP_FIX, but a second call at once %s",
                        who(v, prop, name, sizeof name),
                        r2 == RG_PROP_FAIL ? "failed" : "removed more digits");
        }
    }
    memcpy(v->z, before, v->bytes);
    int r3 = rg_trial_run(v->s, prop, v->z);
    v->runs++;
    if (r3 != r || memcmp(v->z, x, v->bytes) != 0)
        return fail(v, "hygiene", prop,
                    "%s gave another answer on the same domains and state after running "
                    "elsewhere (answer %d, then %d): it keeps something between spaces",
                    who(v, prop, name, sizeof name), r, r3);
    return 0;
}

/* A run answering RG_PROP_SUBSUMED at x claims the rule holds for every
 * assignment of x: eight random ones without two equal digits among peers
 * must pass its check. */
static int subsumed(rg_vctx *v, int prop, const unsigned char *x)
{
    const rg_mask *dom = (const rg_mask *)x;
    int *a = v->assign;
    for (int k = 0; k < 8; k++) {
        for (int c = 0; c < v->N; c++) a[c] = pick(&v->rng, dom[c]);
        int clash = 0;
        for (int c = 0; c < v->N && !clash; c++)
            for (int q = v->m->peer_off[c]; q < v->m->peer_off[c + 1]; q++)
                clash |= a[v->m->peers[q]] == a[c];
        const rg_prop *pr = &v->m->props[prop];
        if (clash || pr->def.check(a, pr->data)) continue;
        char name[160], sol[1024];
        assignment(v, a, sol, sizeof sol);
        return fail(v, "contract", prop,
                    "%s answered RG_PROP_SUBSUMED, but its check rejects this assignment of "
                    "the domains: %s",
                    who(v, prop, name, sizeof name), sol);
    }
    return 0;
}

/* One checked run of prop on x: *r its answer, *changed whether a domain
 * changed. w (may be NULL) is a solution within x: losing it is unsound.
 * 0, or 1 with the failure recorded. */
static int run_checked(rg_vctx *v, int prop, unsigned char *x, const int *w, int *r, int *changed)
{
    char name[160];
    if (rg_verify_stopped(v)) return 1;
    memcpy(v->y, x, v->bytes);
    *r = rg_trial_run(v->s, prop, x);
    v->runs++;
    *changed = !same_domains(v, v->y, x);
    if (contract(v, prop, *r, v->y, x)) return 1;
    if (*r == RG_PROP_SUBSUMED && subsumed(v, prop, x)) return 1;
    if (w && (*r == RG_PROP_FAIL || !holds(v, x, w))) {
        lost(v, (const rg_mask *)v->y, (const rg_mask *)x, v->f->removed, sizeof v->f->removed);
        char sol[1024];
        assignment(v, w, sol, sizeof sol);
        return fail(v, "soundness", prop,
                    "%s %s, but this completion is accepted by every rule: %s",
                    who(v, prop, name, sizeof name),
                    *r == RG_PROP_FAIL ? "failed" : "removed a digit it uses", sol);
    }
    return honest(v, prop, *r, v->y, x);
}

/* Naked singles leave their peers (the core's part of a fixpoint).
 * 1 changed, 0 not, RG_FAIL when a domain empties. */
static int singles(const rg_vctx *v, rg_mask *dom)
{
    int changed = 0;
    for (int c = 0; c < v->N; c++) {
        if (!rg_single(dom[c])) continue;
        for (int k = v->m->peer_off[c]; k < v->m->peer_off[c + 1]; k++) {
            int q = v->m->peers[k];
            if (!(dom[q] & dom[c])) continue;
            if (!(dom[q] &= ~dom[c])) return RG_FAIL;
            changed = 1;
        }
    }
    return changed;
}

/* The fixpoint reached when every propagator runs after every change, in
 * the order given, from x: *out 0 or RG_FAIL. 0, or 1 on a failed check. */
static int sweep(rg_vctx *v, unsigned char *x, const int *order, const int *w, int *out)
{
    for (int round = 0; round < 10000; round++) {
        int changed = singles(v, (rg_mask *)x);
        if (changed < 0) return *out = RG_FAIL, 0;
        for (int i = 0; i < v->m->nprops; i++) {
            int p = order[i], r, ch;
            if (rg_trial_subsumed(v->s, x, p)) continue;
            if (run_checked(v, p, x, w, &r, &ch)) return 1;
            if (r == RG_PROP_FAIL) return *out = RG_FAIL, 0;
            if (r == RG_PROP_SUBSUMED) rg_trial_subsume(v->s, x, p);
            changed |= ch;
        }
        if (!changed) return *out = 0, 0;
    }
    return fail(v, "contract", -1, "the propagators reach no fixpoint in 10000 rounds");
}

/* Soundness of the queue's fixpoint: every digit of the start that it
 * removed (all of them when it failed) is used by no solution. A solution
 * found is replayed digit by digit to name the propagator. */
static int soundness(rg_vctx *v, int fixrc)
{
    const rg_mask *a = (const rg_mask *)v->start, *b = (const rg_mask *)v->fix;
    int found = 0, cell = -1, digit = 0;
    if (fixrc == RG_FAIL) {
        found = rg_verify_solution(v, a, -1, 0);
    } else {
        for (int c = 0; c < v->N && found == 0; c++)
            for (rg_mask g = a[c] & ~b[c]; g && found == 0; g &= g - 1) {
                found = rg_verify_solution(v, a, c, rg_digit_of(g));
                if (found == 1) cell = c, digit = rg_digit_of(g);
            }
    }
    if (v->stopped) return 1;
    if (found < 0) v->inconclusive = 1;
    if (found != 1) return 0;
    /* Who removed it: the checked runs of a sweep with the witness. */
    int out;
    memcpy(v->x, v->start, v->bytes);
    if (sweep(v, v->x, v->order, v->witness, &out)) return 1;
    char sol[1024], name[16];
    assignment(v, v->witness, sol, sizeof sol);
    if (cell < 0)
        return fail(v, "soundness", -1,
                    "propagation failed, but this completion is accepted by every rule: %s", sol);
    rg_verify_cell_name(v, cell, name, sizeof name);
    snprintf(v->f->removed, sizeof v->f->removed, "%s: %d", name, digit);
    return fail(v, "soundness", -1,
                "propagation removed %d from %s, but this completion is accepted by every rule: %s",
                digit, name, sol);
}

/* Where two fixpoints differ: "r1c2 {1 2} against {1}". */
static void differ(const rg_vctx *v, const unsigned char *x, const unsigned char *y, char *buf,
                   size_t n)
{
    const rg_mask *a = (const rg_mask *)x, *b = (const rg_mask *)y;
    buf[0] = 0;
    for (int c = 0; c < v->N; c++) {
        if (a[c] == b[c]) continue;
        char name[16];
        rg_verify_cell_name(v, c, name, sizeof name);
        snprintf(buf, n, "%s holds digits 0x%x against 0x%x", name, (unsigned)a[c], (unsigned)b[c]);
        return;
    }
}

/* The engine's fixpoint eng (woken by declared events; status erc) against
 * wide, where every propagator runs after every change (status wrc): a
 * propagator that still prunes at the engine's fixpoint was not woken when
 * it should have been. */
static int events(rg_vctx *v, const unsigned char *eng, int erc, const unsigned char *wide, int wrc)
{
    if (erc == wrc && (erc == RG_FAIL || same_domains(v, eng, wide))) return 0;
    char name[160], where[128];
    for (int p = 0; erc == 0 && p < v->m->nprops; p++) {
        if (rg_verify_stopped(v)) return 1;
        if (rg_trial_subsumed(v->s, eng, p)) continue;
        memcpy(v->y, eng, v->bytes);
        int r = rg_trial_run(v->s, p, v->y);
        v->runs++;
        if (r != RG_PROP_FAIL && same_domains(v, eng, v->y)) continue;
        lost(v, (const rg_mask *)eng, (const rg_mask *)v->y, v->f->removed, sizeof v->f->removed);
        return fail(v, "events", p,
                    "%s, woken only on its declared events, stopped short: called again at the "
                    "engine's fixpoint it %s",
                    who(v, p, name, sizeof name),
                    r == RG_PROP_FAIL ? "fails" : "removes the digits below");
    }
    differ(v, eng, wide, where, sizeof where);
    return fail(v, "order", -1,
                "the engine's fixpoint (%s) and the one where every propagator runs after every "
                "change (%s) differ: %s",
                erc == RG_FAIL ? "failed" : "reached", wrc == RG_FAIL ? "failed" : "reached",
                where);
}

/* Events below the root: a cell of the engine's fixpoint narrowed as a
 * decision would (to one digit, or by one digit), then the engine's
 * propagation from there against a sweep from there. The decisions are a
 * function of the fixpoint (so that the document alone reproduces a
 * failure): up to 24, cell by cell from a place its domains choose. */
static int below(rg_vctx *v, int c, rg_mask keep, rg_error *err)
{
    unsigned char *wide = v->fix + v->bytes;
    memcpy(v->x, v->fix, v->bytes);
    int erc = rg_trial_narrow(v->s, v->x, c, keep, err), wrc = 0;
    if (erc == RG_E_PLUGIN) return fail(v, "contract", -1, "%s", err->message);
    memcpy(wide, v->fix, v->bytes);
    ((rg_mask *)wide)[c] &= keep;
    return sweep(v, wide, v->order, NULL, &wrc) || events(v, v->x, erc, wide, wrc);
}

/* A hash of the domains of space x: draws that are a function of the
 * document alone. */
static uint64_t hash_domains(const rg_vctx *v, const unsigned char *x)
{
    const rg_mask *dom = (const rg_mask *)x;
    uint64_t h = 0;
    for (int c = 0; c < v->N; c++) h = h * 31 + dom[c];
    return h;
}

static int events_below(rg_vctx *v, rg_error *err)
{
    const rg_mask *dom = (const rg_mask *)v->fix;
    uint64_t h = hash_domains(v, v->fix);
    int made = 0;
    for (int i = 0; i < v->N && made < 24; i++) {
        int c = (int)((h + (uint64_t)i) % (uint64_t)v->N);
        if (rg_popcount(dom[c]) < 2) continue;
        for (rg_mask g = dom[c]; g && made < 24; g &= g - 1, made += 2) {
            rg_mask bit = g & -g;
            if (rg_verify_stopped(v)) return 1;
            if (below(v, c, bit, err) || below(v, c, dom[c] & ~bit, err)) return 1;
        }
    }
    return 0;
}

/* The fixpoint in three orders (as registered, reversed, shuffled) must be
 * one; the first is left in v->x for events(). 0 or 1. */
static int orders(rg_vctx *v, const int *w, int *wrc)
{
    int np = v->m->nprops, rc[3];
    unsigned char *keep = v->fix + v->bytes; /* a spare space after fix */
    for (int k = 2; k >= 0; k--) {
        for (int i = 0; i < np; i++) v->order[i] = k == 1 ? np - 1 - i : i;
        for (int i = np - 1; k == 2 && i > 0; i--) {
            int j = (int)rg_rng_below(&v->rng, (uint64_t)i + 1), t = v->order[i];
            v->order[i] = v->order[j], v->order[j] = t;
        }
        memcpy(v->x, v->start, v->bytes);
        if (sweep(v, v->x, v->order, w, &rc[k])) return 1;
        if (k == 2) memcpy(keep, v->x, v->bytes);
        if (k < 2 && (rc[k] != rc[2] || (rc[k] == 0 && !same_domains(v, v->x, keep)))) {
            char where[128];
            differ(v, v->x, keep, where, sizeof where);
            return fail(v, "order", -1,
                        "the fixpoint depends on the order the propagators run in: in %s order "
                        "it %s, shuffled it %s; %s",
                        k ? "reverse" : "registration", rc[k] ? "fails" : "holds",
                        rc[2] ? "fails" : "holds", where);
        }
    }
    for (int i = 0; i < np; i++) v->order[i] = i;
    *wrc = rc[0];
    return 0;
}

/* Propagate fails exactly when check rejects, on the complete assignment a:
 * each propagator, called until it stops answering RG_PROP_NOFIX, must fail
 * when its own check rejects a, and may fail only when some rule does. */
static int agree(rg_vctx *v, const int *a)
{
    char name[160], sol[1024];
    int accepted = rg_check_values(v->m, a) == -1;
    for (int p = 0; p < v->m->nprops; p++) {
        if (rg_verify_stopped(v)) return 1;
        memcpy(v->x, v->start, v->bytes);
        rg_mask *dom = (rg_mask *)v->x;
        for (int c = 0; c < v->N; c++) dom[c] = 1u << (a[c] - 1);
        int r = RG_PROP_NOFIX;
        for (int k = 0; k < 16 && r == RG_PROP_NOFIX; k++, v->runs++)
            r = rg_trial_run(v->s, p, v->x);
        const rg_prop *pr = &v->m->props[p];
        int rejects = !pr->def.check(a, pr->data);
        if (rejects && r != RG_PROP_FAIL) {
            assignment(v, a, sol, sizeof sol);
            return fail(v, "agreement", p, "%s does not fail where its check rejects: %s",
                        who(v, p, name, sizeof name), sol);
        }
        if (accepted && r == RG_PROP_FAIL) {
            assignment(v, a, sol, sizeof sol);
            return fail(v, "agreement", p, "%s fails on a completion that every rule accepts: %s",
                        who(v, p, name, sizeof name), sol);
        }
    }
    return 0;
}

/* Agreement on a solution (when one is known), on it with one cell
 * changed, and on random complete assignments of the start domains. */
static int agreement(rg_vctx *v, int have)
{
    int *a = v->values;
    const rg_mask *dom = (const rg_mask *)v->start;
    for (int k = 0; k < 6; k++) {
        for (int c = 0; c < v->N; c++) {
            int d = pick(&v->rng, dom[c] ? dom[c] : v->m->full);
            a[c] = have && k < 3 ? v->witness[c] : d;
        }
        if (have && k > 0 && k < 3) {
            int c = (int)rg_rng_below(&v->rng, (uint64_t)v->N);
            a[c] = 1 + (int)rg_rng_below(&v->rng, (uint64_t)v->D);
        }
        if (agree(v, a)) return 1;
    }
    return 0;
}

/* Cell c of a changed from its digit: to 0 (empty) when it holds one, else
 * to a digit of its domain dom (to), then (again) to another digit of dom.
 * Does the check of pr answer `before` each time? *to is the value that
 * changed the answer. */
static int same_answer(const rg_prop *pr, int *a, int c, rg_mask dom, uint64_t *rng, int before,
                       int *to)
{
    int old = a[c], held = 1;
    rg_mask other = dom & ~(old ? 1u << (old - 1) : 0u);
    for (int k = 0; k < 2 && held; k++) {
        if (k == 0)
            a[c] = old ? 0 : pick(rng, dom);
        else if (other)
            a[c] = pick(rng, other);
        else
            break;
        held = !!pr->def.check(a, pr->data) == before;
        *to = a[c];
    }
    a[c] = old;
    return held;
}

/* Scope: the check of a checked propagator (neither implied nor flagged
 * RG_PROPAGATOR_NO_CHECK) reads only cells of its rule's scope, the cells
 * the propagators of that rule watch (plugin.h: with them placed the rule
 * is decided) and its houses, pairs and restrictions: the judge's free
 * cells and conflict sets rely on it. Per rule, not per propagator: a
 * rule's propagators may share out its cells (a pair relation's propagator
 * per cell watches that cell and checks its pairs). On SCOPE_DRAWS random
 * assignments of the start domains, complete and with about a third of the
 * cells empty, up to SCOPE_PROBES random cells outside the scope (a draw
 * of a cell in it is tried again, four times at most) change in turn, and
 * the check must answer as before. A rule with a propagator that
 * watches no cell has every cell in its scope (the judge's fallback), so
 * nothing is probed. The draws are a function of the start domains and
 * the watch lists, as the events check's decisions are of the fixpoint: the document alone
 * reproduces a failure, and the other checks draw as they would without
 * this one. */
#define SCOPE_DRAWS  4
#define SCOPE_PROBES 3
static int scope(rg_vctx *v)
{
    const rg_model *m = v->m;
    const rg_mask *dom = (const rg_mask *)v->start;
    uint64_t rng = hash_domains(v, v->start);
    for (int p = 0; p < m->nprops; p++)
        for (int k = 0; k < m->props[p].nwatch; k++)
            rng = rng * 31 + (uint64_t)m->props[p].watch[k];
    rng |= 1;
    /* in[c] == r + 1: cell c is in the scope of rule r (supports.c's
     * scopes), stamped whenever the rule changes from one propagator to the
     * next */
    int *a = v->values, *in = v->assign;
    memset(in, 0, (size_t)v->N * sizeof *in);
    for (int k = 0; k < SCOPE_DRAWS; k++) {
        for (int c = 0; c < v->N; c++) {
            a[c] = pick(&rng, dom[c] ? dom[c] : m->full);
            if ((k & 1) && rg_rng_below(&rng, 3) == 0) a[c] = 0;
        }
        for (int i = 0, stamped = -1; i < m->nchecked; i++) {
            const rg_prop *pr = &m->props[m->checked[i]];
            int r = pr->rule;
            if (r < 0 || r >= m->nrules) continue; /* every cell */
            for (int q = v->scope_off[r]; r != stamped && q < v->scope_off[r + 1]; q++)
                in[v->scope[q]] = r + 1;
            stamped = r;
            if (rg_verify_stopped(v)) return 1;
            int before = !!pr->def.check(a, pr->data);
            for (int j = 0; j < SCOPE_PROBES; j++) {
                int c = -1, to = 0;
                for (int t = 0; t < 4 && c < 0; t++) {
                    c = (int)rg_rng_below(&rng, (uint64_t)v->N);
                    if (in[c] == r + 1) c = -1;
                }
                if (c < 0 || same_answer(pr, a, c, dom[c] ? dom[c] : m->full, &rng, before, &to))
                    continue;
                char name[160], cell[16], sol[1024];
                rg_verify_cell_name(v, c, cell, sizeof cell);
                assignment(v, a, sol, sizeof sol);
                return fail(
                    v, "scope", m->checked[i],
                    "%s reads %s, which no propagator of its rule watches: its check answers "
                    "%d on this assignment, and %d with %s=%d (0: empty): %s",
                    who(v, m->checked[i], name, sizeof name), cell, before, !before, cell, to, sol);
            }
        }
    }
    return 0;
}

/* The checks in turn on the space buffers of v. */
static int all_checks(rg_vctx *v, rg_error *err)
{
    if (rg_trial_start(v->s, v->p, v->start) != 0) return 0; /* nothing can hold */
    if (scope(v)) return 1; /* first: the judge of soundness relies on it */
    int fixrc = rg_trial_fixpoint(v->s, v->p, v->fix, err);
    if (fixrc == RG_E_PLUGIN) return fail(v, "contract", -1, "%s", err->message);
    if (fixrc > 0) return -fixrc;
    if (rg_verify_stopped(v) || soundness(v, fixrc)) return 1;
    /* A solution of the start, when one can be had, guards every sweep. */
    int have = rg_verify_solution(v, (const rg_mask *)v->start, -1, 0) == 1;
    if (v->stopped) return 1;
    if (!have) memset(v->witness, 0, (size_t)v->N * sizeof *v->witness);
    memcpy(v->values, v->witness, (size_t)v->N * sizeof *v->values);
    int wrc = 0;
    if (orders(v, have ? v->values : NULL, &wrc)) return 1;
    if (events(v, v->fix, fixrc, v->x, wrc)) return 1;
    if (agreement(v, have)) return 1;
    return fixrc == 0 ? events_below(v, err) : 0;
}

int rg_verify_checks(rg_solver *s, const rg_puzzle *p, uint64_t seed, const rg_vlimit *lim,
                     rg_vfail *f, long *runs, int *inconclusive, rg_error *err)
{
    memset(f, 0, sizeof *f);
    f->prop = f->rule = -1;
    rg_vctx v = {.s = s, .p = p, .m = p->model, .f = f, .rng = seed ? seed : 1, .lim = lim};
    v.N = v.m->board.ncells;
    v.D = v.m->board.digits;
    v.budget = lim && lim->nodes ? lim->nodes : RG_VERIFY_NODES;
    if (rg_verify_stopped(&v)) return RG_E_LIMIT;
    if (rg_trial_start(s, p, NULL) == RG_E_NOMEM) goto nomem;
    v.bytes = rg_trial_bytes(s);
    unsigned char *block = rg_mem_calloc(6, v.bytes);
    int *ints = rg_mem_alloc((size_t)(4 * v.N + v.m->nprops + 1) * sizeof(int));
    v.stack = rg_mem_alloc(((size_t)v.N + 2) * ((size_t)v.N + 1) * sizeof(rg_mask));
    if (!block || !ints || !v.stack || rg_verify_search_init(&v) != RG_OK) {
        rg_mem_free(block), rg_mem_free(ints), rg_mem_free(v.stack);
        rg_verify_search_free(&v);
        goto nomem;
    }
    v.start = block, v.fix = block + v.bytes, v.x = block + 3 * v.bytes;
    v.y = block + 4 * v.bytes, v.z = block + 5 * v.bytes;
    v.values = ints, v.witness = ints + v.N, v.assign = ints + 2 * v.N;
    v.order = ints + 3 * v.N;
    for (int i = 0; i < v.m->nprops; i++) v.order[i] = i;
    int rc = all_checks(&v, err);
    rg_mem_free(block), rg_mem_free(ints), rg_mem_free(v.stack);
    rg_verify_search_free(&v);
    *runs += v.runs;
    /* A check that failed before the deadline passed still failed. */
    if (v.stopped && rc >= 0 && !f->check) return RG_E_LIMIT;
    if (v.inconclusive) ++*inconclusive;
    return rc < 0 ? -rc : rc;
nomem:
    return rg_error_set(err, RG_E_NOMEM, NULL, "out of memory");
}
