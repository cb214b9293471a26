/* A throwaway rule plugin for tests/cli/verify.sh, broken on purpose in one
 * of four ways (the compile definitions choose):
 *   T_BOUND   the upper bound of a cell is one too small (an off-by-one in
 *             the sum bound): unsound, `count` misses solutions;
 *   T_EVENTS  the bounds are right but the propagator subscribes only to
 *             fixed cells: a domain that narrows without becoming single
 *             never wakes it, and it stops short of its fixpoint;
 *   T_SUBSUMED  at its fixpoint it answers RG_PROP_SUBSUMED ("holds whatever
 *             happens below") where the sum is not yet decided;
 *   T_SCOPE   the check also waits for the cell after its last one (in cell
 *             order) to be placed, a cell the propagator does not watch:
 *             with every watched cell placed it no longer decides the rule.
 *             Complete assignments are judged right, so only verify's scope
 *             check sees it.
 * Without any it is a correct sum rule: "test.sum" cells add up to sum. */
#include <stdio.h>

#include "rulegrid/plugin.h"

#ifndef T_NAME
#define T_NAME "test.sum"
#endif
#ifdef T_BOUND
#define SLACK 1
#else
#define SLACK 0
#endif
#ifdef T_EVENTS
#define EVENTS RG_EV_FIXED
#else
#define EVENTS RG_EV_DOMAIN
#endif

static const rg_host *host;

typedef struct sum {
    int n, total;
    int next; /* the cell after the last one (T_SCOPE) */
    const int *cells;
} sum;

static int lo(rg_mask m) { return __builtin_ctz(m) + 1; }
static int hi(rg_mask m) { return 32 - __builtin_clz(m); }

/* Bounds: each cell lies within total minus the others' largest and
 * smallest sums. */
static int propagate(rg_space *sp, void *data)
{
    const sum *s = data;
    const rg_mask *dom = host->domains(sp);
    int min = 0, max = 0;
    for (int i = 0; i < s->n; i++) {
        if (!dom[s->cells[i]]) return RG_PROP_FAIL;
        min += lo(dom[s->cells[i]]), max += hi(dom[s->cells[i]]);
    }
    if (min > s->total || max < s->total) return RG_PROP_FAIL;
    for (int i = 0; i < s->n; i++) {
        rg_mask m = dom[s->cells[i]];
        int least = s->total - (max - hi(m)), most = s->total - (min - lo(m)) - SLACK;
        rg_mask keep = 0;
        for (int d = least < 1 ? 1 : least; d <= most && d <= 32; d++) keep |= 1u << (d - 1);
        if (host->keep(sp, s->cells[i], keep) < 0) return RG_PROP_FAIL;
    }
    /* Bounds moved: run again until they stop (the host requeues it). */
    int again = 0;
    for (int i = 0, nmin = 0, nmax = 0; i < s->n; i++) {
        nmin += lo(dom[s->cells[i]]), nmax += hi(dom[s->cells[i]]);
        if (i == s->n - 1) again = nmin != min || nmax != max;
    }
#ifdef T_SUBSUMED
    return again ? RG_PROP_NOFIX : RG_PROP_SUBSUMED;
#else
    return again ? RG_PROP_NOFIX : RG_PROP_FIX;
#endif
}

static int check(const int *values, void *data)
{
    const sum *s = data;
    int total = 0;
#ifdef T_SCOPE
    if (!values[s->next]) return 1;
#endif
    for (int i = 0; i < s->n; i++) {
        if (!values[s->cells[i]]) return 1;
        total += values[s->cells[i]];
    }
    return total == s->total;
}

static const rg_propagator prop = {
    .size = sizeof(rg_propagator),
    .name = "test_sum",
    .family = "test",
    .cost = RG_COST_LINEAR,
    .propagate = propagate,
    .check = check,
};

static int compile(rg_build *b, rg_rule *r, void **data)
{
    sum *s = host->alloc(b, sizeof *s);
    if (!s) return RG_E_NOMEM;
    long total;
    int rc = host->read_cells(b, r, "cells", RG_F_ORDERED, 1, 0, &s->cells, &s->n);
    if (rc == RG_OK) rc = host->read_int(b, r, "sum", 0, 1, 1000, &total);
    if (rc != RG_OK) return rc;
    s->total = (int)total;
    rg_board_info bi;
    host->board(b, &bi);
    s->next = (s->cells[s->n - 1] + 1) % bi.cells;
    *data = s;
    return host->add_propagator(b, &prop, s, s->cells, s->n, EVENTS);
}

/* One to three sums, each of two to four cells in a row of the board. */
static int generate(rg_gen *g, const int *solution)
{
    rg_board_info bi;
    host->gen_board(g, &bi);
    int count = 1 + (int)(host->gen_random(g) % 3u), rc = RG_OK;
    for (int k = 0; k < count && rc == RG_OK; k++) {
        int row = 1 + (int)(host->gen_random(g) % (uint64_t)bi.rows);
        int n = 2 + (int)(host->gen_random(g) % 3u), total = 0;
        if (n > bi.columns) n = bi.columns;
        int first = 1 + (int)(host->gen_random(g) % (uint64_t)(bi.columns - n + 1));
        char text[256];
        int len = snprintf(text, sizeof text, "{\"type\": \"%s\", \"cells\": [", T_NAME);
        for (int i = 0; i < n; i++) {
            total += solution[host->gen_cell_at(g, row, first + i)];
            len += snprintf(text + len, sizeof text - (size_t)len, "%s\"r%dc%d\"", i ? ", " : "",
                            row, first + i);
        }
        snprintf(text + len, sizeof text - (size_t)len, "], \"sum\": %d}", total);
        rc = host->gen_emit(g, text);
    }
    return rc;
}

static const rg_rule_type types[] = {
    {.size = sizeof(rg_rule_type),
     .name = T_NAME,
     .family = "test",
     .compile = compile,
     .generate = generate},
};

RG_PLUGIN_DEFINE("sumbug", "1.0", T_NAME ": cells adding up to sum (tests of verify)", host, types,
                 NULL);
