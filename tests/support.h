/* Helpers shared by the cmocka tests: a registry of the built plugins and
 * documents from strings or files of the source tree. */
#ifndef RG_TEST_SUPPORT_H
#define RG_TEST_SUPPORT_H

#include <stdint.h>

#include "rulegrid/rulegrid.h"

/* The registry of the built-in plugins (built once, freed at exit). */
rg_registry *t_registry(void);
/* The presets of the built-in preset folder (read once, freed at exit). */
rg_presets *t_presets(void);
/* A registry of the built-in plugins and the plugins of folder dir (a test
 * plugin's); the caller frees it. Fails the test when a plugin will not load. */
rg_registry *t_registry_with(const char *dir);
/* Parse a document from a string; fails the test on an error. */
rg_puzzle *t_parse(const char *json);
/* The same with the registry reg. */
rg_puzzle *t_parse_in(rg_registry *reg, const char *json);
/* Read the document at rel in the source tree (t_src); fails the test on an
 * error. */
rg_puzzle *t_read(const char *rel);
/* Parse and expect an error; returns the error (code != 0) for inspection. */
rg_error t_parse_error(const char *json);
/* The error e must be a format error of rule index rule (its type), at
 * field, whose message contains phrase; fails the test with e otherwise. */
void t_assert_error(const rg_error *e, int rule, const char *type, const char *field,
                    const char *phrase);
/* Path of a file in the source tree: RG_SOURCE_DIR "/" rel (static buffer). */
const char *t_src(const char *rel);
/* Solve p with s at strategy and heuristic (the other options default) up to
 * limit solutions, nodes nodes and seconds seconds (0: no such limit) into *r;
 * fails the test when rg_solve does not return RG_OK. */
void t_solve(rg_solver *s, const rg_puzzle *p, int strategy, int heuristic, long limit,
             uint64_t nodes, double seconds, rg_result *r);
/* Fails the test (naming what) unless two runs ended alike: status,
 * solutions, first solution, and every counter (nodes, guesses, failures,
 * prunings, propagations, calls and prunings per family). */
void t_same_run(const rg_puzzle *p, const rg_result *a, const rg_result *b, const char *what);
/* The calls (prunings: the digits removed) of the family named name in st;
 * 0 when it has none. */
uint64_t t_family(const rg_stats *st, const char *name, int prunings);
/* Count solutions up to limit with strategy and heuristic; returns the count
 * and fills *status when status is not NULL. */
long t_count(const rg_puzzle *p, int strategy, int heuristic, long limit, int *status);
/* The same, also copying the first solution (when there is one) into sol
 * (rg_puzzle_cells(p) ints) when sol is not NULL. */
long t_count_into(const rg_puzzle *p, int strategy, int heuristic, long limit, int *status,
                  int *sol);
/* The 288 sudokus of 4 x 4 (boxes 2 x 2), cells in reading order, enumerated
 * without the library (once); *n (when n is not NULL) is 288. */
int (*t_sudoku4(int *n))[16];
/* Every puzzle of a .jsonl corpus of the source tree is proved unique at the
 * default options and its answer equals the document's solution; under
 * Valgrind memcheck every third puzzle from the first (the whole killer
 * corpus took minutes there). Returns how many puzzles were checked. */
int t_corpus_unique(const char *rel);
/* Every step-th puzzle of a corpus of the source tree (from the first), in
 * a new array; *n set. Fails the test on a read error. */
rg_puzzle **t_corpus_load(const char *rel, int step, int *n);
/* Free what t_corpus_load returned. */
void t_corpus_unload(rg_puzzle **v, int n);
/* A pseudo-random number below n (xorshift64 of *state, which must not
 * be 0): tests that want reproducible random boards. */
unsigned t_rand(uint64_t *state, unsigned n);
/* cmocka setup / teardown: the library must hold as many bytes after a test
 * as before it (the shared registry and presets stay loaded in between). */
int t_mem_setup(void **state);
int t_mem_teardown(void **state);

/* Run on a sample? RULEGRID_TEST_SCALE set (non-empty): the Valgrind and
 * sanitizer stages, where the slow tests take fewer rounds of the same code
 * paths (docs/testing.md, "Stages"). */
int t_scaled(void);
/* Under Valgrind memcheck (RULEGRID_TEST_SCALE=valgrind), where a random
 * round costs some fifty times what it does natively: the slowest random
 * tests take a smaller sample still (memory errors show on few rounds). */
int t_memcheck(void);
/* Rounds of a random test: full, sample on a scaled run, memcheck under
 * Valgrind. */
int t_rounds(int full, int sample, int memcheck);

/* End of a test program: frees the registry and fails (returns non-zero)
 * when the library still holds memory. Use as return t_done(rc). */
int t_done(int rc);

#endif
