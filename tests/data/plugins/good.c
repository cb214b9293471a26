/* A well-formed plugin: one rule type, "test.good", whose cells must hold
 * distinct digits (a region under another name). */
#include "rulegrid/plugin.h"

static const rg_host *host;

static int compile(rg_build *b, rg_rule *r, void **data)
{
    (void)data;
    const int *cells;
    int n;
    int rc = host->read_cells(b, r, "cells", 0, 1, 0, &cells, &n);
    if (rc != RG_OK) return rc;
    return host->add_house(b, cells, n, RG_HOUSE_REGION);
}

static const rg_rule_type types[] = {
    {.size = sizeof(rg_rule_type), .name = "test.good", .family = "test", .compile = compile},
};

RG_PLUGIN_DEFINE("good", "1", "a plugin the loader accepts", host, types, NULL);
