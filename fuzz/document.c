/* Fuzz target: the document reader. Any bytes go to rg_puzzle_parse (the
 * JSON text, the board, givens, solution, meta, and every rule through its
 * plugin's compile and link); a document that reads is then looked at
 * through the cheap accessors and checked against its own solution. */
#include <stdio.h>

#include "common.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fz_registry();
    return 0;
}

/* Walks what a reader of the API reads of a document. */
static void look(const rg_puzzle *p)
{
    char name[32];
    int cells = rg_puzzle_cells(p);
    const int *givens = rg_puzzle_givens(p);
    for (int c = 0; c < cells; c++) {
        int row, col;
        rg_puzzle_cell_pos(p, c, &row, &col);
        if (rg_puzzle_cell_at(p, row, col) != c) fz_fail("cell %d is not at r%dc%d", c, row, col);
        rg_puzzle_cell_name(p, c, name, sizeof name);
        (void)rg_puzzle_box_of(p, c);
        if (givens[c] < 0 || givens[c] > rg_puzzle_digits(p))
            fz_fail("given %d at %s", givens[c], name);
    }
    for (int i = 0; i < rg_puzzle_rule_count(p); i++)
        if (!rg_puzzle_rule_type(p, i)) fz_fail("rule %d has no type", i);
    (void)rg_puzzle_broken(p);
    const int *solution = rg_puzzle_solution(p);
    if (solution) (void)rg_puzzle_check(p, solution);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    size_t before = fz_begin();
    rg_puzzle *p = NULL;
    rg_error err;
    int rc = rg_puzzle_parse(fz_registry(), (const char *)data, size, "fuzz.json", 0, &p, &err);
    if (rc == RG_OK) {
        look(p);
        rg_puzzle_free(p);
    } else {
        char buf[1024];
        if (p) fz_fail("a failed parse (%d) returned a puzzle", rc);
        if (err.code != rc) fz_fail("parse returned %d, its error says %d", rc, err.code);
        rg_error_format(&err, buf, sizeof buf);
        if (fz_verbose()) fprintf(stderr, "%s\n", buf);
    }
    fz_end(before);
    return 0;
}
