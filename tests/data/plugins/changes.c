/* test.changes, for tests/test_changes.c: a propagator that asks the host
 * for changes (RG_PROPAGATOR_CHANGES) and audits every answer against the
 * domains it saw at the end of its previous run in this space (kept in its
 * per-space state): the positions reported must be exactly those whose cell
 * changed since, each once, with exactly the digits it lost. A wrong answer
 * is answered with status 90..93, no RG_PROP_* status, so that the search
 * ends with a plugin error naming the rule. It also prunes (a placed digit
 * leaves the rule's other cells, which are meant to share a house), so that
 * its own narrowing, which the host does not report to it, is in play.
 * rg_test_changes_runs (exported) tells how many runs had a list and how
 * many were told "unknown". */
#include <string.h>

#include "rulegrid/plugin.h"

#define MAX_CELLS 64

static const rg_host *host;
static long runs_listed, runs_unknown;

RG_PLUGIN_EXPORT void rg_test_changes_runs(long *listed, long *unknown)
{
    *listed = runs_listed;
    *unknown = runs_unknown;
}

typedef struct audit {
    const int *cells;
    int n, handle;
} audit;

/* 0, or the status of the first fault of the host's answer. */
static int audit_answer(const audit *a, const rg_mask *seen, const rg_mask *dom, int k,
                        const int *which, const rg_mask *lost)
{
    unsigned char told[MAX_CELLS] = {0};
    for (int i = 0; i < k; i++) {
        int pos = which[i];
        if (pos < 0 || pos >= a->n || told[pos]) return 90;
        told[pos] = 1;
        rg_mask now = dom[a->cells[pos]];
        if ((now & ~seen[pos]) || lost[pos] != (seen[pos] & ~now) || !lost[pos]) return 91;
    }
    for (int pos = 0; pos < a->n; pos++)
        if (!told[pos] && (lost[pos] || seen[pos] != dom[a->cells[pos]])) return 92;
    return 0;
}

/* A placed digit leaves the rule's other cells (meant to share a house).
 * Returns RG_FAIL when a cell empties, else 0. */
static int clear_placed(rg_space *sp, const rg_mask *dom, const int *cells, int n)
{
    for (int i = 0; i < n; i++) {
        rg_mask m = dom[cells[i]];
        if (!m || (m & (m - 1))) continue;
        for (int j = 0; j < n; j++)
            if (j != i && host->remove(sp, cells[j], m) < 0) return RG_FAIL;
    }
    return 0;
}

static int propagate(rg_space *sp, void *data)
{
    const audit *a = data;
    rg_mask *seen = host->state(sp, a->handle);
    const rg_mask *dom = host->domains(sp);
    const int *which = NULL;
    const rg_mask *lost = NULL;
    int k = host->changes(sp, &which, &lost);
    if (k >= 0) {
        runs_listed++;
        if (k > a->n) return 93;
        int fault = audit_answer(a, seen, dom, k, which, lost);
        if (fault) return fault;
    } else {
        runs_unknown++;
    }
    if (clear_placed(sp, dom, a->cells, a->n) < 0) return RG_PROP_FAIL;
    for (int i = 0; i < a->n; i++) seen[i] = dom[a->cells[i]];
    return RG_PROP_FIX;
}

static int holds(const int *values, void *data)
{
    const audit *a = data;
    for (int i = 0; i < a->n; i++)
        for (int j = i + 1; j < a->n; j++)
            if (values[a->cells[i]] && values[a->cells[i]] == values[a->cells[j]]) return 0;
    return 1;
}

static int compile(rg_build *b, rg_rule *r, void **data)
{
    audit *a = host->alloc(b, sizeof *a);
    if (!a) return host->error(b, r, NULL, "out of memory");
    int rc = host->read_cells(b, r, "cells", 0, 1, MAX_CELLS, &a->cells, &a->n);
    if (rc != RG_OK) return rc;
    a->handle = host->add_state(b, (size_t)a->n * sizeof(rg_mask), NULL);
    if (a->handle < 0) return -a->handle;
    rg_propagator def = {.size = sizeof def,
                         .name = "test_changes",
                         .family = "test",
                         .cost = RG_COST_LINEAR,
                         .propagate = propagate,
                         .check = holds,
                         .flags = RG_PROPAGATOR_CHANGES};
    *data = a;
    return host->add_propagator(b, &def, a, a->cells, a->n, RG_EV_FIXED);
}

/* test.few, for RG_EV_AT_MOST(k): the propagator watches its cells for
 * changes that leave k digits or fewer (the field "k", 2 by default; passed
 * on unchecked, so that a k the host refuses can be tried). Any run but
 * the first in a branch (per-space state says whether it ran above) must
 * find a cell with at most k digits, else it answers status 94. It prunes
 * as test.changes does. rg_test_few_runs tells its runs. */
static long few_runs;

RG_PLUGIN_EXPORT long rg_test_few_runs(void) { return few_runs; }

typedef struct few {
    const int *cells;
    int n, handle;
    long k;
} few;

static int few_propagate(rg_space *sp, void *data)
{
    const few *f = data;
    unsigned char *ran = host->state(sp, f->handle);
    const rg_mask *dom = host->domains(sp);
    int small = 0;
    for (int i = 0; i < f->n; i++) small |= __builtin_popcount(dom[f->cells[i]]) <= f->k;
    if (*ran && !small) return 94;
    *ran = 1;
    few_runs++;
    return clear_placed(sp, dom, f->cells, f->n) < 0 ? RG_PROP_FAIL : RG_PROP_FIX;
}

static int few_holds(const int *values, void *data)
{
    const few *f = data;
    audit a = {.cells = f->cells, .n = f->n};
    return holds(values, &a);
}

static int few_compile(rg_build *b, rg_rule *r, void **data)
{
    few *f = host->alloc(b, sizeof *f);
    if (!f) return host->error(b, r, NULL, "out of memory");
    int rc = host->read_cells(b, r, "cells", 0, 1, MAX_CELLS, &f->cells, &f->n);
    if (rc != RG_OK) return rc;
    rc = host->read_int(b, r, "k", RG_F_OPTIONAL, 0, 100, &f->k);
    if (rc == RG_ABSENT)
        f->k = 2;
    else if (rc != RG_OK)
        return rc;
    f->handle = host->add_state(b, 1, NULL);
    if (f->handle < 0) return -f->handle;
    rg_propagator def = {.size = sizeof def,
                         .name = "test_few",
                         .family = "test",
                         .cost = RG_COST_LINEAR,
                         .propagate = few_propagate,
                         .check = few_holds};
    *data = f;
    return host->add_propagator(b, &def, f, f->cells, f->n, RG_EV_AT_MOST(f->k));
}

/* test.implied, for RG_PROPAGATOR_IMPLIED: a propagator with the flags of
 * the field "flags" (RG_PROPAGATOR_IMPLIED by default; passed on
 * unchecked, so that a flag the host does not know can be tried) that
 * counts its runs (rg_test_implied_runs) and prunes as test.changes does:
 * over a house, implied by it. */
static long implied_runs, implied_checks;

RG_PLUGIN_EXPORT long rg_test_implied_runs(void) { return implied_runs; }
RG_PLUGIN_EXPORT long rg_test_implied_checks(void) { return implied_checks; }

/* The house decides it; counts the times it is asked. */
static int implied_holds(const int *values, void *data)
{
    implied_checks++;
    return holds(values, data);
}

static int implied_propagate(rg_space *sp, void *data)
{
    const audit *a = data;
    implied_runs++;
    return clear_placed(sp, host->domains(sp), a->cells, a->n) < 0 ? RG_PROP_FAIL : RG_PROP_FIX;
}

static int implied_compile(rg_build *b, rg_rule *r, void **data)
{
    audit *a = host->alloc(b, sizeof *a);
    if (!a) return host->error(b, r, NULL, "out of memory");
    int rc = host->read_cells(b, r, "cells", 0, 1, MAX_CELLS, &a->cells, &a->n);
    if (rc != RG_OK) return rc;
    long flags;
    rc = host->read_int(b, r, "flags", RG_F_OPTIONAL, 0, 255, &flags);
    if (rc == RG_ABSENT)
        flags = RG_PROPAGATOR_IMPLIED;
    else if (rc != RG_OK)
        return rc;
    rg_propagator def = {.size = sizeof def,
                         .name = "test_implied",
                         .family = "test",
                         .cost = RG_COST_LINEAR,
                         .propagate = implied_propagate,
                         .check = implied_holds,
                         .flags = (unsigned)flags};
    *data = a;
    return host->add_propagator(b, &def, a, a->cells, a->n, RG_EV_FIXED);
}

/* test.lazy, for the solution check: cells must not read as digits
 * (field "digits", one per cell) all at once. Its propagator prunes
 * nothing, ever, so only its check can refuse such an assignment, and the
 * search must ask it whatever the level. */
typedef struct lazy {
    const int *cells, *digits;
    int n;
} lazy;

static int lazy_propagate(rg_space *sp, void *data)
{
    (void)sp;
    (void)data;
    return RG_PROP_FIX;
}

static int lazy_holds(const int *values, void *data)
{
    const lazy *z = data;
    for (int i = 0; i < z->n; i++)
        if (values[z->cells[i]] != z->digits[i]) return 1;
    return 0;
}

static int lazy_compile(rg_build *b, rg_rule *r, void **data)
{
    lazy *z = host->alloc(b, sizeof *z);
    if (!z) return host->error(b, r, NULL, "out of memory");
    int rc = host->read_cells(b, r, "cells", 0, 1, MAX_CELLS, &z->cells, &z->n);
    if (rc != RG_OK) return rc;
    int nd;
    rc = host->read_digits(b, r, "digits", 0, z->n, z->n, &z->digits, &nd);
    if (rc != RG_OK) return rc;
    if (nd != z->n) return host->error(b, r, "digits", "one digit per cell");
    rg_propagator def = {.size = sizeof def,
                         .name = "test_lazy",
                         .family = "test",
                         .cost = RG_COST_LINEAR,
                         .propagate = lazy_propagate,
                         .check = lazy_holds};
    *data = z;
    return host->add_propagator(b, &def, z, z->cells, z->n, RG_EV_DOMAIN);
}

static const rg_rule_type types[] = {
    {.size = sizeof(rg_rule_type), .name = "test.changes", .family = "test", .compile = compile},
    {.size = sizeof(rg_rule_type), .name = "test.few", .family = "test", .compile = few_compile},
    {.size = sizeof(rg_rule_type),
     .name = "test.implied",
     .family = "test",
     .compile = implied_compile},
    {.size = sizeof(rg_rule_type), .name = "test.lazy", .family = "test", .compile = lazy_compile},
};

RG_PLUGIN_DEFINE(
    "changes", "1",
    "test.changes: audits the host's change lists; test.few: audits RG_EV_AT_MOST; "
    "test.implied: counts the runs of an RG_PROPAGATOR_IMPLIED propagator; test.lazy: a "
    "rule only its check enforces",
    host, types, NULL);
