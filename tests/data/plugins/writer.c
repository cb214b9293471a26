/* Rule types with write hooks and ranks, for the writer's tests
 * (tests/test_write.c). Each reads a "cells" list and adds nothing else. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#include "rulegrid/plugin.h"

static const rg_host *host;

typedef struct kept {
    int n;
    int cells[];
} kept;

static int cmp_int(const void *a, const void *b) { return *(const int *)a - *(const int *)b; }

static int compile(rg_build *b, rg_rule *r, void **data)
{
    const int *cells;
    int n;
    int rc = host->read_cells(b, r, "cells", 0, 1, 0, &cells, &n);
    if (rc != RG_OK) return rc;
    kept *k = host->alloc(b, sizeof *k + (size_t)n * sizeof(int));
    if (!k) return host->error(b, r, NULL, "out of memory");
    k->n = n;
    for (int i = 0; i < n; i++) k->cells[i] = cells[i];
    qsort(k->cells, (size_t)n, sizeof(int), cmp_int);
    *data = k;
    return RG_OK;
}

static int write_first(rg_out *o, const rg_rule *const *rules, void *const *data, int n)
{
    for (int i = 0; i < n; i++) {
        const kept *k = data[i];
        char text[512];
        int len =
            snprintf(text, sizeof text, "{\"type\": \"test.first\", \"seen\": %d, \"cells\": [", n);
        for (int j = 0; j < k->n; j++) {
            int row, col;
            host->out_cell_pos(o, k->cells[j], &row, &col);
            len += snprintf(text + len, sizeof text - (size_t)len, "%s\"R%dC%d\"", j ? ", " : "",
                            row, col);
        }
        snprintf(text + len, sizeof text - (size_t)len, "]}");
        int rc = host->out_json(o, text, &rules[i], host->out_has_extras(o, rules[i]));
        if (rc != RG_OK) return rc;
    }
    return RG_OK;
}

static int write_broken(rg_out *o, const rg_rule *const *rules, void *const *data, int n)
{
    (void)rules, (void)data, (void)n;
    return host->out_json(o, "{\"type\": ", NULL, 0);
}

/* - test.first: rank 600 (before the houses); its hook writes every rule
 *   with its cells sorted and a "seen" count of the rules handed over;
 * - test.broken: its hook hands the host text that is not JSON;
 * - test.old: a descriptor of the size before write_rank, whose rank and
 *   order must be ignored (it is written as read, at the third-party place). */
static const char *const old_order[] = {"cells", NULL};

static const rg_rule_type types[] = {
    {.size = sizeof(rg_rule_type),
     .name = "test.first",
     .family = "test",
     .compile = compile,
     .write_rank = 600,
     .write = write_first},
    {.size = sizeof(rg_rule_type),
     .name = "test.broken",
     .family = "test",
     .compile = compile,
     .write_rank = 603,
     .write = write_broken},
    {.size = offsetof(rg_rule_type, write_rank),
     .name = "test.old",
     .family = "test",
     .compile = compile,
     .write_rank = 600,
     .write_order = old_order},
};

RG_PLUGIN_DEFINE("writer", "1", "rule types with write hooks, for tests", host, types, NULL);
