/* Fuzz target: the model build, a bounded solve and the checks. A document
 * that reads is solved under strategy, heuristic and value order chosen by
 * the input's hash (counting to 2, few nodes, 0.2 s) and again by plain
 * backtracking (the check level: no propagator prunes there, every complete
 * assignment goes through the rules' checkers). When both searches finish,
 * they must agree: a propagator that removes a solution, or a checker that
 * refuses one, shows as a difference. A solution found must satisfy
 * rg_puzzle_check, and the puzzle with that solution as its givens must have
 * exactly that one solution. */
#include "common.h"

#define NODES       150  /* per search */
#define CHECK_NODES 2000 /* plain backtracking: cheap nodes, many needed */

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fz_registry();
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    size_t before = fz_begin();
    rg_puzzle *p = NULL;
    rg_error err;
    if (rg_puzzle_parse(fz_registry(), (const char *)data, size, "fuzz.json", 0, &p, &err) ==
        RG_OK) {
        const int *solution = rg_puzzle_solution(p);
        if (solution) (void)rg_puzzle_check(p, solution);
        fz_search(p, fz_hash(data, size), NODES, CHECK_NODES);
        rg_puzzle_free(p);
    }
    fz_end(before);
    return 0;
}
