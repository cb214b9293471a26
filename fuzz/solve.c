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

/* A document that reads: its own solution looked at, then the search. */
static void search(const rg_puzzle *p, const uint8_t *data, size_t size, uint64_t h)
{
    (void)data, (void)size;
    const int *solution = rg_puzzle_solution(p);
    if (solution) (void)rg_puzzle_check(p, solution);
    fz_search(p, h, NODES, CHECK_NODES);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return fz_each_document(data, size, search);
}
