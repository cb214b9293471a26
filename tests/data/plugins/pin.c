/* A third-party rule type with a generate hook, for tests/test_generate.c
 * and tests/cli/generate.sh: "test.pin" fixes one cell to one digit. */
#include <stdio.h>

#include "rulegrid/plugin.h"

static const rg_host *host;

static int compile(rg_build *b, rg_rule *r, void **data)
{
    (void)data;
    rg_board_info info;
    host->board(b, &info);
    int cell;
    long digit;
    int rc = host->read_cell(b, r, "cell", 0, &cell);
    if (rc == RG_OK) rc = host->read_int(b, r, "digit", 0, 1, info.digits, &digit);
    if (rc != RG_OK) return rc;
    return host->restrict_cell(b, cell, (rg_mask)1 << (digit - 1));
}

/* {"type": "test.pin", "cell": "r1c1", "digit": 5}. The hook pins `count`
 * random cells (setting, default 4) to the digits of the solution. */
static int generate(rg_gen *g, const int *solution)
{
    rg_board_info info;
    host->gen_board(g, &info);
    long count = host->gen_int(g, "count", 4);
    if (count < 1 || count > info.cells)
        return host->gen_error(g, "setting count is %ld; it must be between 1 and %d", count,
                               info.cells);
    for (long k = 0; k < count; k++) {
        int cell = (int)(host->gen_random(g) % (uint64_t)info.cells), row, col;
        host->gen_cell_pos(g, cell, &row, &col);
        char text[96];
        snprintf(text, sizeof text, "{\"type\":\"test.pin\",\"cell\":\"r%dc%d\",\"digit\":%d}", row,
                 col, solution[cell]);
        int rc = host->gen_emit(g, text);
        if (rc != RG_OK) return rc;
    }
    return RG_OK;
}

static const rg_rule_type types[] = {
    {.size = sizeof(rg_rule_type),
     .name = "test.pin",
     .family = "test",
     .compile = compile,
     .generate = generate},
};

RG_PLUGIN_DEFINE("pin", "1", "test.pin: a cell fixed to a digit, with a generate hook", host, types,
                 NULL);
