/* What the fuzz targets share: the registry of the built-in plugins, loaded
 * once per process; a per-input check that the library holds no byte more
 * after an input than before it; bounded search options; and failing loudly
 * (abort, which libFuzzer reports as a crash and saves the input of). */
#ifndef FUZZ_COMMON_H
#define FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include "rulegrid/rulegrid.h"

/* The registry of RULEGRID_PLUGIN_PATH and the built-in plugin folder (as
 * the command loads it); aborts when no plugin can be loaded. */
rg_registry *fz_registry(void);

/* Prints "fuzz: <message>" to stderr and aborts. */
void fz_fail(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2), noreturn))
#endif
    ;

/* Bytes the library holds at the start of an input; fz_end aborts when an
 * input left more (a leak the library's own accounting sees, whatever
 * LeakSanitizer's schedule). */
size_t fz_begin(void);
void fz_end(size_t before);

/* FNV-1a of the input: the choices a target makes per input (strategy,
 * heuristic, write flags) come from it, so an input always replays alike. */
uint64_t fz_hash(const uint8_t *data, size_t n);

/* Search options bounded for fuzzing from a hash: every strategy, heuristic
 * and value order, counting to 2, at most max_nodes nodes and 0.2 s. The
 * environment's FUZZ_STRATEGY and FUZZ_HEURISTIC (names) override the hash. */
void fz_options(rg_options *o, uint64_t h, uint64_t max_nodes);

/* Is r's status a proof (unique, multiple, none) rather than a limit? */
int fz_decided(const rg_result *r);

/* Solves p under o; aborts on any error (no allocation failure is injected,
 * so RG_E_NOMEM is one too), when a solution the search returns does not
 * satisfy rg_puzzle_check, and, with FUZZ_TIME_SLACK_MS=ms in the
 * environment, when the search runs past its time limit + 10 % + ms. */
void fz_solve(rg_solver *s, const rg_puzzle *p, const rg_options *o, rg_result *r);

/* The solve target's search, shared with the fields target: p under
 * options from h (fz_options, nodes), then by plain backtracking (the check
 * level, check_nodes): when both finish they must prove the same count (0,
 * 1 or 2+); a solution found must, as the givens of a copy of p, leave
 * exactly that solution. Aborts otherwise. */
void fz_search(const rg_puzzle *p, uint64_t h, uint64_t nodes, uint64_t check_nodes);

/* text (NUL-terminated) read as a document, which must read (file names
 * it in the error); aborts with the error, what and the text otherwise. */
rg_puzzle *fz_parse_or_fail(const char *text, const char *file, const char *what);

/* p and q searched alike (fz_options from h, nodes): when both searches
 * finish they must prove the same count, else abort saying what q is
 * (p's counterpart: "written and read back", ...). */
void fz_same_count(rg_solver *s, const rg_puzzle *p, const rg_puzzle *q, uint64_t h, uint64_t nodes,
                   const char *what);

/* The whole input of a target that takes a document: data read as one
 * ("fuzz.json"); when it reads, fn(p, data, size, fz_hash of data); the
 * leak check around it all (fz_begin, fz_end). Returns 0, what
 * LLVMFuzzerTestOneInput returns. */
int fz_each_document(const uint8_t *data, size_t size,
                     void (*fn)(const rg_puzzle *p, const uint8_t *data, size_t size, uint64_t h));

/* FUZZ_VERBOSE=1 in the environment: the targets print what they built. */
int fz_verbose(void);

#endif
