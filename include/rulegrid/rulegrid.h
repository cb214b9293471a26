/* librulegrid: load rule plugins, read puzzles and corpora, solve, count,
 * write and generate. This header declares exactly what the library exports
 * (librulegrid.so.0, librulegrid.a; pkg-config rulegrid, or CMake's
 * find_package(rulegrid) and the target rulegrid::rulegrid).
 *
 * Conventions, true of every call unless its comment says otherwise:
 * - Errors: a call returns RG_OK (0) or an RG_E_* code and fills the
 *   rg_error it is given (err may be NULL). The library never prints, exits
 *   or aborts on bad input, and a failed allocation is RG_E_NOMEM.
 * - Ownership: what a call creates (rg_*_new, *out of rg_*_parse, _open,
 *   _load, rg_generate) belongs to the caller, who releases it with the
 *   matching rg_*_free / _close; char * results are released with
 *   rg_string_free. A const char * or const pointer a call returns belongs
 *   to the object it was asked of (or is static) and lives as long as it.
 *   Freeing NULL is allowed.
 * - Threads: objects are not locked. A registry, a preset list, a puzzle
 *   and a generator are read-only once made, so several threads may use one
 *   at a time each for reading (parse with one registry, solve or write one
 *   puzzle, generate from one generator); loading plugins into a registry
 *   and freeing anything takes the caller's exclusive use. A solver or a
 *   corpus serves one thread at a time. Puzzles that share a model (copies,
 *   a corpus's puzzles) may live on different threads. */
#ifndef RULEGRID_H
#define RULEGRID_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "rulegrid/plugin.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RULEGRID_VERSION "0.1.0"

/* Marks what the library exports (it is built with hidden symbols). */
#if defined(__GNUC__)
#define RG_API __attribute__((visibility("default")))
#else
#define RG_API
#endif

/* ---- Errors --------------------------------------------------------------- */

typedef struct rg_error {
    int code;          /* RG_E_* */
    char file[256];    /* the file read, "" when none ("-" for standard input) */
    long line;         /* 1-based line in a corpus file, 0 when not from a corpus */
    int rule;          /* index of the rule in `rules`, -1 when not about a rule */
    char type[64];     /* that rule's type, "" when none */
    char field[128];   /* the field, e.g. "board.rows", "givens.r1c1", "cells[3]" */
    char message[512]; /* what is wrong */
} rg_error;

RG_API void rg_error_clear(rg_error *e);
/* "file:line: rule 3 (box_grid): field box: <message>" (parts omitted when
 * unset), with every control character ('\n', ESC, DEL, C1 as UTF-8) written
 * as '?': safe to print to a terminal whatever the input held. */
RG_API void rg_error_format(const rg_error *e, char *buf, size_t n);
/* Set e->file to path ("" for NULL). A path too long for the field keeps
 * its end, where the file's own name is, after "...", cut at a character
 * boundary: "...ests/long/folder/puzzle.json". */
RG_API void rg_error_set_file(rg_error *e, const char *path);

/* ---- Memory: one allocation hook with byte accounting ---------------------- */

/* Bytes the library holds now, over every thread (a test ends at 0). */
RG_API size_t rg_mem_in_use(void);
/* For tests: make the n-th allocation from now (any thread) fail; 0 turns
 * failure injection off. */
RG_API void rg_mem_fail_after(long n);

/* ---- Plugins --------------------------------------------------------------- */

typedef struct rg_registry rg_registry;

/* An empty registry; NULL without memory. Free it after every puzzle read
 * with it: its plugins' code is unloaded then. */
RG_API rg_registry *rg_registry_new(void);
RG_API void rg_registry_free(rg_registry *reg);
/* Load every *.so of dir (in name order). A missing folder is not an error.
 * A file that is no usable plugin (not an ELF shared library of this
 * machine, no entry rulegrid_plugin_entry, a magic block of another ABI,
 * or dlopen refuses it) is skipped: rg_registry_skipped lists it. A
 * plugin whose init fails, or a type registered twice, is an error. The
 * entry is looked up in the file's symbol table before dlopen, so a file
 * without it never runs code. */
RG_API int rg_registry_load_dir(rg_registry *reg, const char *dir, rg_error *err);
/* Load one file: here every failure, a stray file too, is an error. */
RG_API int rg_registry_load_file(rg_registry *reg, const char *path, rg_error *err);
/* The usual search: each folder of RULEGRID_PLUGIN_PATH (':'-separated), then
 * extra_dirs (NULL-terminated, may be NULL), then builtin_dir (may be NULL),
 * each with rg_registry_load_dir. Every folder must be an absolute path: a
 * relative one is refused (RG_E_IO, err naming it and where it came from)
 * before anything is loaded. */
RG_API int rg_registry_load_default(rg_registry *reg, const char *const *extra_dirs,
                                    const char *builtin_dir, rg_error *err);
/* The folders searched so far, ", "-separated (for "unknown type" errors). */
RG_API const char *rg_registry_folders(const rg_registry *reg);
/* The files of the folders searched that were skipped as no usable plugin,
 * in the order met: file i as the folder named it, and why (valid while reg
 * lives). A program shows each as a warning; an "unknown rule type" error
 * names them too. */
RG_API int rg_registry_skipped_count(const rg_registry *reg);
RG_API void rg_registry_skipped(const rg_registry *reg, int i, const char **file, const char **why);
RG_API int rg_registry_type_count(const rg_registry *reg);
/* Type i: its name, family and the file that registered it. */
RG_API void rg_registry_type(const rg_registry *reg, int i, const char **name, const char **family,
                             const char **file);
RG_API const rg_rule_type *rg_registry_find(const rg_registry *reg, const char *name);
/* The folder rulegrid's own plugins are installed in: lib/rulegrid/plugins
 * beside the library (or, linked statically, beside the program's bin/).
 * NULL if unknown. Static storage; safe from any thread. */
RG_API const char *rg_builtin_plugin_dir(void);

/* ---- Puzzles --------------------------------------------------------------- */

typedef struct rg_puzzle rg_puzzle;

/* Read one document (format.md §1). file and line only label errors. The
 * puzzle keeps nothing of text; it does use reg's plugins, so reg must
 * outlive it. */
RG_API int rg_puzzle_parse(rg_registry *reg, const char *text, size_t len, const char *file,
                           long line, rg_puzzle **out, rg_error *err);
/* rg_puzzle_parse under a time limit: once max_seconds (> 0; 0 or less: no
 * limit) have passed since the call began, reading gives up and returns
 * RG_E_TIME (*out NULL, nothing held; err says how far it came and names no
 * rule: no fault of the text). The clock is read before anything, every
 * 256 KB of the JSON check and every 256 allocations of its parse, before
 * each rule's compile and link and before the search tables, so it ends
 * within about one rule's (or one link's) work after the limit; a plugin's
 * single hook call is never interrupted. Without a limit it costs nothing:
 * rg_puzzle_parse is this call with 0. Errors found before the limit
 * passes are reported as by rg_puzzle_parse. */
RG_API int rg_puzzle_parse_timed(rg_registry *reg, const char *text, size_t len, const char *file,
                                 long line, double max_seconds, rg_puzzle **out, rg_error *err);
/* Read a document from a file ("-" reads standard input). */
RG_API int rg_puzzle_read_file(rg_registry *reg, const char *path, rg_puzzle **out, rg_error *err);
/* A copy sharing p's rules (the model is reference-counted) with other
 * givens (digits per cell, 0 empty; NULL for none). */
RG_API int rg_puzzle_with_givens(const rg_puzzle *p, const int *givens, rg_puzzle **out,
                                 rg_error *err);
RG_API void rg_puzzle_free(rg_puzzle *p);

RG_API int rg_puzzle_rows(const rg_puzzle *p);
RG_API int rg_puzzle_columns(const rg_puzzle *p);
RG_API int rg_puzzle_digits(const rg_puzzle *p);
RG_API int rg_puzzle_cells(const rg_puzzle *p);
/* Cell index at (row, column), counted from 1; -1 when the cell does not exist. */
RG_API int rg_puzzle_cell_at(const rg_puzzle *p, int row, int column);
RG_API void rg_puzzle_cell_pos(const rg_puzzle *p, int cell, int *row, int *column);
/* Writes "r3c12" into buf. */
RG_API void rg_puzzle_cell_name(const rg_puzzle *p, int cell, char *buf, size_t n);
/* The puzzle's arrays, one int per cell, owned by the puzzle. */
RG_API const int *rg_puzzle_givens(const rg_puzzle *p);   /* per cell, 0 = empty */
RG_API const int *rg_puzzle_solution(const rg_puzzle *p); /* the document's, or NULL */
/* The box (house of kind box) holding cell, -1 if none: for drawing borders. */
RG_API int rg_puzzle_box_of(const rg_puzzle *p, int cell);
RG_API int rg_puzzle_rule_count(const rg_puzzle *p);
RG_API const char *rg_puzzle_rule_type(const rg_puzzle *p, int rule);

/* Index of a rule that the givens break directly (two equal givens in one
 * house, a clue whose cells are all given and wrong), or -1. */
RG_API int rg_puzzle_broken(const rg_puzzle *p);
/* Does the complete assignment values[cell] satisfy every rule? Returns -1
 * when it does, else the index of a rule it breaks (or -2 when a value is out
 * of range or missing). */
RG_API int rg_puzzle_check(const rg_puzzle *p, const int *values);

/* ---- Writing (format.md §7) ------------------------------------------------ */

enum {
    RG_WRITE_PRETTY = 0u,     /* indented, one rule a line: for files */
    RG_WRITE_LINE = 1u,       /* the whole document on one line: for .jsonl */
    RG_WRITE_NO_SOLUTION = 2u /* leave the solution out */
};

/* The canonical document of p: fields in the order of format.md §1 (x-
 * members last, in the order read), rules grouped in the order of §6 (houses
 * rewritten as §6.1 asks), cells in lower case, givens and solution in
 * reading order; meta, x- members and the solution are p's own (a copy made
 * by rg_puzzle_with_givens has none). No newline at the end. Reading the
 * result and writing it again gives the same bytes. docs/cli.md (fmt) lists
 * every choice. Returns a NUL-terminated string to release with
 * rg_string_free, or NULL with err set: RG_E_NOMEM, or RG_E_INTERNAL for a
 * puzzle not read from a document (none keeps its rules otherwise). Several
 * threads may write puzzles sharing one model. */
RG_API char *rg_puzzle_write(const rg_puzzle *p, unsigned flags, rg_error *err);
/* Releases a string the library handed out (rg_puzzle_write,
 * rg_generate_clues). */
RG_API void rg_string_free(char *s);

/* ---- LZ-String (docs/fpuzzles.md) ------------------------------------------ */

/* The UTF-8 text that LZ-String in[0..n) decompresses to: the form of
 * lz-string's compressToBase64 (f-puzzles and SudokuPad links) or of
 * compressToEncodedURIComponent, with or without padding, a space read as
 * '+'. NUL-terminated, its length in *len; free with rg_string_free. NULL
 * with err set: RG_E_FORMAT when in is no such string (or decodes to a lone
 * surrogate), RG_E_NOMEM. */
RG_API char *rg_lzstring_decompress(const char *in, size_t n, size_t *len, rg_error *err);
/* The UTF-8 text in[0..n) compressed as compressToBase64 writes it (uri 0)
 * or compressToEncodedURIComponent (uri 1). Free with rg_string_free. NULL
 * with err set: RG_E_FORMAT when in is not UTF-8, RG_E_NOMEM. */
RG_API char *rg_lzstring_compress(const char *in, size_t n, int uri, rg_error *err);

/* ---- Generation ------------------------------------------------------------ */

/* Run the generate hook of rule type `type` on the board of templ for the
 * complete grid solution (digit per cell), or with solution NULL its layout
 * hook (rules laid out before a grid is filled), with settings_json (the
 * text of a JSON object, or NULL) and a seed. *rules_json receives the JSON
 * array of the rules it invented (release with rg_string_free). Returns
 * RG_OK or an error (a type without the hook is RG_E_FORMAT; so is a setting
 * the hook reads as a number that is none: a list, null, 4.5, 1e10). A
 * setting the hook never reads is ignored here (so that "kind": "any" suits
 * every type); the requests of a generation profile refuse it. */
RG_API int rg_generate_clues(rg_registry *reg, const rg_puzzle *templ, const char *type,
                             const char *settings_json, const int *solution, uint64_t seed,
                             char **rules_json, rg_error *err);

/* ---- Presets: template documents kept as data files ------------------------ */

/* A list of presets: the *.json files of the folders of RULEGRID_PRESET_PATH
 * (':'-separated), then of extra_dirs (NULL-terminated, may be NULL), then
 * of builtin_dir (may be NULL; usually rg_builtin_preset_dir()). A preset is
 * named by its file name without ".json"; a file of an earlier folder hides
 * one of the same name in a later folder. Missing folders list nothing; a
 * relative folder is refused (RG_E_IO), as for plugins.
 * Every file is read at once; a document is checked only when a generator
 * is made from it. Names are in natural order (classic4 before classic16). */
typedef struct rg_presets rg_presets;

RG_API int rg_presets_load(const char *const *extra_dirs, const char *builtin_dir, rg_presets **out,
                           rg_error *err);
RG_API void rg_presets_free(rg_presets *ps);
RG_API int rg_presets_count(const rg_presets *ps);
RG_API int rg_presets_find(const rg_presets *ps, const char *name); /* index, or -1 */
RG_API const char *rg_presets_name(const rg_presets *ps, int i);
/* The x-generate "summary" of the document, "" when it has none. */
RG_API const char *rg_presets_summary(const rg_presets *ps, int i);
RG_API const char *rg_presets_path(const rg_presets *ps, int i);
RG_API const char *rg_presets_document(const rg_presets *ps, int i); /* the file's text */
RG_API const char *rg_presets_folders(const rg_presets *ps);         /* ", "-separated */
/* The folder rulegrid's own presets are installed in (share/rulegrid/presets
 * beside lib/ or bin/, as rg_builtin_plugin_dir), NULL if unknown. */
RG_API const char *rg_builtin_preset_dir(void);

/* ---- The puzzle generator (core/generate.c, docs/generate.md) -------------- */

/* A generator is a template document plus its generation profile: the
 * template's "x-generate" member (which rule types invent clues over a
 * solution, whether givens are removed, which clue families may be thinned,
 * rules laid out before the grid is filled, budgets). A preset is such a
 * document kept as a data file (rg_presets_load). */
typedef struct rg_generator rg_generator;

enum rg_symmetry {
    RG_SYMMETRY_NONE = 0,
    RG_SYMMETRY_ROTATE180, /* (r, c) and (R+1-r, C+1-c) */
    RG_SYMMETRY_ROTATE90,  /* the four quarter turns; square boards only */
    RG_SYMMETRY_MIRROR,    /* (r, c) and (r, C+1-c): left and right */
    RG_SYMMETRY_DIAGONAL,  /* (r, c) and (c, r); square boards only */
    RG_SYMMETRY_COUNT
};
RG_API const char *rg_symmetry_name(int symmetry);
RG_API int rg_symmetry_parse(const char *name); /* -1 if unknown */

typedef struct rg_gen_options {
    uint64_t seed;      /* the same seed (and version) gives the same puzzle */
    int clues;          /* stop removing givens at this many or fewer; 0 = as few as
                           uniqueness allows */
    int minimal;        /* every given left is proved needed (no node limit let a
                           count end unknown); excludes clues */
    int symmetry;       /* RG_SYMMETRY_*, or -1 for the profile's (default none) */
    int level;          /* an rg_strategy the puzzle must solve at without guessing,
                           or -1 for the profile's (default: any) */
    double max_seconds; /* give up after this long (0 = no limit) */
    int retries;        /* attempts after the first (new solution, layout, clues);
                           -1 for the profile's */
    int meta_time;      /* write the generation time into meta (the one field that
                           differs between two runs of one seed) */
    int rating;         /* explained with no step above this rank of the ladder
                           (rg_rank, docs/explain.md), or 0: any */
} rg_gen_options;

RG_API void rg_gen_options_default(rg_gen_options *o); /* seed 0, profile's settings, time on */

typedef struct rg_gen_info {
    uint64_t seed;    /* the seed used */
    int attempts;     /* attempts made */
    int givens;       /* givens of the puzzle */
    int clue_rules;   /* rules invented by generate hooks and kept */
    int repairs;      /* clue rules regrown to make the puzzle unique */
    double seconds;   /* time taken */
    uint64_t guesses; /* guesses of a solve at the default options */
    int level;        /* weakest rg_strategy that solves it without guessing, -1 none */
    int timed_out;    /* with RG_E_LIMIT: the time budget ran out (else the attempts) */
    int rating;       /* with options' rating: the puzzle's rating on the ladder (else 0) */
} rg_gen_info;

/* A generator from a template document (text, len; file labels errors):
 * the document must read as a puzzle; its "x-generate" profile is checked
 * field by field (errors name "x-generate.<field>"). Returns RG_OK or an
 * error. The generator keeps reg (which must outlive it). */
RG_API int rg_generator_new(rg_registry *reg, const char *text, size_t len, const char *file,
                            rg_generator **out, rg_error *err);
/* A generator for the preset called name of ps (an unknown name is an
 * RG_E_FORMAT error that lists the presets). */
RG_API int rg_generator_preset(rg_registry *reg, const rg_presets *ps, const char *name,
                               rg_generator **out, rg_error *err);
/* Override one setting of the profile's clue requests of rule type `type`
 * (every request of that type): value is JSON text (5, "thermo", true). */
RG_API int rg_generator_set(rg_generator *g, const char *type, const char *name, const char *value,
                            rg_error *err);
/* "classic9", or the template's file name. */
RG_API const char *rg_generator_label(const rg_generator *g);
/* The template read as a puzzle (its board, rules and givens). */
RG_API const rg_puzzle *rg_generator_template(const rg_generator *g);
RG_API void rg_generator_free(rg_generator *g);

/* Generate one puzzle. *out holds the givens, the solution and meta (the
 * generator, preset or template, seed, guesses, level, time); write it with
 * rg_puzzle_write. Returns RG_OK; RG_E_LIMIT when the time budget or the
 * attempts ran out (info->timed_out tells which, err says so); RG_E_FORMAT
 * for options that do not fit the profile (err names the option) or a hook
 * that emitted a rule the puzzle cannot read. Several threads may generate
 * from one generator at once. info may be NULL. */
RG_API int rg_generate(const rg_generator *g, const rg_gen_options *o, rg_puzzle **out,
                       rg_gen_info *info, rg_error *err);

/* The seed of puzzle `index` (from 0) of a batch started at seed: seed +
 * index, so that puzzle i of a batch is the single puzzle of its own seed. */
RG_API uint64_t rg_generate_batch_seed(uint64_t seed, long index);

/* ---- Corpora --------------------------------------------------------------- */

typedef struct rg_corpus rg_corpus;

/* Open a corpus (read by one thread at a time): .jsonl (a document a line) or classic lines (.txt, .sdk and
 * anything else). With a template, classic lines are the givens of the
 * template's board and rules; without one, of the preset "classic9" (found
 * as rg_presets_load finds presets, with no extra folder). fp may be NULL
 * (path is opened) or an open stream (path only names it). */
RG_API int rg_corpus_open(rg_registry *reg, const char *path, FILE *fp, const rg_puzzle *templ,
                          rg_corpus **out, rg_error *err);
/* Next puzzle: returns 1 and *out (the caller's, to free; it may outlive
 * the corpus), 0 at the end, or a negated RG_E_* code
 * (err->code holds the code; file and line set): that entry is skipped and
 * reading may go on. */
RG_API int rg_corpus_next(rg_corpus *c, rg_puzzle **out, rg_error *err);
RG_API long rg_corpus_index(const rg_corpus *c); /* index of the entry last returned */
/* Bound the reading of each later entry of a .jsonl corpus (the line and
 * its document, as rg_puzzle_parse_timed) to max_seconds (0: no limit, the
 * default): an entry past it is -RG_E_TIME (err->code RG_E_TIME, file and
 * line set) and reading goes on with the next. A classic line is only its
 * givens and needs no limit. */
RG_API void rg_corpus_set_time(rg_corpus *c, double max_seconds);
RG_API void rg_corpus_close(rg_corpus *c);

/* ---- Solving --------------------------------------------------------------- */

/* Deductions: what a strategy level switches on. A level is a named bundle
 * of them (RG_STRATEGIES below); each level's bundle holds the one before. */
enum rg_deduction {
    RG_DEDUCE_FORWARD = 1u << 0,       /* a placed digit leaves its peers and the
                                          propagators watching its cell run once */
    RG_DEDUCE_FIXPOINT = 1u << 1,      /* naked singles and every propagator, to a
                                          fixpoint */
    RG_DEDUCE_SINGLES = 1u << 2,       /* hidden singles in units */
    RG_DEDUCE_INTERSECTIONS = 1u << 3, /* locked candidates between units and houses */
    RG_DEDUCE_SUBSETS = 1u << 4,       /* naked and hidden pairs and triples in units */
    RG_DEDUCE_PROBE = 1u << 5,         /* failed-literal probing of the cells with two
                                          or three candidates, once per node */
    RG_DEDUCE_SAC = 1u << 6            /* probing of every candidate of every cell and
                                          every place of a digit in a unit, to a
                                          fixpoint (singleton arc consistency) */
};

#define RG_DEDUCE_UPTO_FIXPOINT (RG_DEDUCE_FORWARD | RG_DEDUCE_FIXPOINT)
#define RG_DEDUCE_UPTO_SUBSETS                                                                     \
    (RG_DEDUCE_UPTO_FIXPOINT | RG_DEDUCE_SINGLES | RG_DEDUCE_INTERSECTIONS | RG_DEDUCE_SUBSETS)

/* The strategy levels, weakest first: X(ID, name, deductions, summary). This
 * table is the only list: the enum, the names, the parser and every help
 * text come from it. A new level goes at the end, so that the values of the
 * others never change. Probes (probe, sac) are calls of the family "probe",
 * never nodes or guesses. */
#define RG_STRATEGIES(X)                                                                           \
    X(CHECK, "check", 0u, "plain backtracking: a placed digit is tested against placed peers")     \
    X(FORWARD, "forward", RG_DEDUCE_FORWARD, "forward checking: a placed digit leaves its peers")  \
    X(PROPAGATE, "propagate", RG_DEDUCE_UPTO_FIXPOINT,                                             \
      "naked singles and every rule's propagator, to a fixpoint")                                  \
    X(SINGLES, "singles", RG_DEDUCE_UPTO_FIXPOINT | RG_DEDUCE_SINGLES, "+ hidden singles")         \
    X(INTERSECTIONS, "intersections",                                                              \
      RG_DEDUCE_UPTO_FIXPOINT | RG_DEDUCE_SINGLES | RG_DEDUCE_INTERSECTIONS,                       \
      "+ locked candidates (the default)")                                                         \
    X(SUBSETS, "subsets", RG_DEDUCE_UPTO_SUBSETS, "+ naked and hidden pairs and triples")          \
    X(PROBE, "probe", RG_DEDUCE_UPTO_SUBSETS | RG_DEDUCE_PROBE,                                    \
      "+ failed-literal probing of the cells with two or three candidates")                        \
    X(SAC, "sac", RG_DEDUCE_UPTO_SUBSETS | RG_DEDUCE_PROBE | RG_DEDUCE_SAC,                        \
      "+ probing of every candidate and every place of a digit, to a fixpoint")

enum rg_strategy {
#define RG_X_(id, name, deductions, summary) RG_STRATEGY_##id,
    RG_STRATEGIES(RG_X_)
#undef RG_X_
        RG_STRATEGY_COUNT
};

/* Which cell the search branches on: X(ID, name, summary). */
#define RG_HEURISTICS(X)                                                                           \
    X(FIRST, "first", "the first open cell in index order")                                        \
    X(MRV, "mrv", "fewest candidates")                                                             \
    X(MRV_DEGREE, "mrv_degree", "fewest candidates, ties by most open peers")                      \
    X(DOMWDEG, "domwdeg", "candidates / failure weight (the default)")                             \
    X(LOOKAHEAD, "lookahead",                                                                      \
      "at probe and sac: the probed cell whose probes removed most (smallest sum "                 \
      "of exp(-removed / 3)); elsewhere, or without an estimate: mrv")                             \
    X(DOMWDEG_PLACES, "domwdeg_places",                                                            \
      "domwdeg, or a digit's two places in a house when they score better than the "               \
      "cell (from propagate up)")

enum rg_heuristic {
#define RG_X_(id, name, summary) RG_HEURISTIC_##id,
    RG_HEURISTICS(RG_X_)
#undef RG_X_
        RG_HEURISTIC_COUNT
};

/* The order digits are tried in: X(ID, name, summary). */
#define RG_VALUE_ORDERS(X)                                                                         \
    X(ASCENDING, "ascending", "smallest digit first (the default)")                                \
    X(RANDOM, "random", "a random order from --seed")

enum rg_value_order {
#define RG_X_(id, name, summary) RG_VALUES_##id,
    RG_VALUE_ORDERS(RG_X_)
#undef RG_X_
        RG_VALUES_COUNT
};

typedef struct rg_options {
    int strategy;       /* rg_strategy */
    int heuristic;      /* rg_heuristic */
    int values;         /* rg_value_order */
    uint64_t seed;      /* for RG_VALUES_RANDOM and random tie breaks */
    long limit;         /* stop after this many solutions (1 = solve, 2 = unique?) */
    uint64_t max_nodes; /* 0 = no limit; search nodes and probes together (at the
                           probe and sac levels a probe counts as a node) */
    double max_seconds; /* 0 = no limit; the clock is read between nodes, at every
                           probe and every 16 propagator runs, so that a search
                           ends a few milliseconds after the limit */
} rg_options;

RG_API void rg_options_default(rg_options *o); /* intersections, domwdeg, ascending, limit 1 */
/* Names, one-line summaries and parsers of the tables above: a name of an
 * index out of range is "?", a parse of an unknown name is -1. */
RG_API const char *rg_strategy_name(int strategy);
RG_API const char *rg_strategy_summary(int strategy);
RG_API unsigned rg_strategy_deductions(int strategy); /* RG_DEDUCE_* bits, 0 if out of range */
RG_API int rg_strategy_parse(const char *name);
RG_API const char *rg_heuristic_name(int heuristic);
RG_API const char *rg_heuristic_summary(int heuristic);
RG_API int rg_heuristic_parse(const char *name);
RG_API const char *rg_values_name(int values);
RG_API const char *rg_values_summary(int values);
RG_API int rg_values_parse(const char *name);

/* What a search ended with: X(ID, name, summary). */
#define RG_STATUSES(X)                                                                             \
    X(SOLVED, "solved", "a solution found, counting not asked (limit 1)")                          \
    X(UNIQUE, "unique", "exactly one solution, proved")                                            \
    X(MULTIPLE, "multiple", "at least two solutions")                                              \
    X(NONE, "none", "proved to have no solution")                                                  \
    X(UNKNOWN, "unknown", "a node or time limit ended the search before two solutions")

enum rg_status {
#define RG_X_(id, name, summary) RG_STATUS_##id,
    RG_STATUSES(RG_X_)
#undef RG_X_
        RG_STATUS_COUNT
};
RG_API const char *rg_status_name(int status);

#define RG_MAX_FAMILIES 32

typedef struct rg_stats {
    uint64_t nodes;                      /* search nodes (the root is one) */
    uint64_t guesses;                    /* values tried at cells with two or more candidates */
    uint64_t failures;                   /* dead ends */
    uint64_t propagations;               /* propagator calls */
    uint64_t prunings;                   /* digits removed, all causes */
    int families;                        /* entries used in family[] */
    const char *family[RG_MAX_FAMILIES]; /* "peers", "singles", plugin families */
    uint64_t family_prunings[RG_MAX_FAMILIES]; /* digits removed by each */
    uint64_t family_calls[RG_MAX_FAMILIES];    /* propagator calls of each (their
                                                  sum is propagations) */
    double root_us;                            /* propagation at the root */
    double search_us;                          /* everything after it */
} rg_stats;

typedef struct rg_result {
    int status;          /* rg_status */
    long solutions;      /* found, up to the limit */
    const int *solution; /* the first solution (per cell), NULL if none; valid
                            until the solver runs again or is freed */
    int no_guess;        /* solved (or proved none) without guessing */
    int broken_rule;     /* with RG_STATUS_NONE: rule the givens break directly, or -1 */
    rg_stats stats;
    int stopped; /* a node or time limit ended the search: the status is
                    RG_STATUS_UNKNOWN, or RG_STATUS_MULTIPLE when two solutions
                    or more were found first (the count is then cut short) */
} rg_result;

typedef struct rg_solver rg_solver;

/* A solver: its buffers are sized for the last model it solved and reused.
 * One thread at a time; use one solver per thread. NULL without memory. */
RG_API rg_solver *rg_solver_new(void);
RG_API void rg_solver_free(rg_solver *s);
/* Solve or count p under o. Returns RG_OK (the outcome is in r), or an
 * error: RG_E_FORMAT for options out of range, RG_E_NOMEM, or RG_E_PLUGIN
 * when a propagator breaks its contract (a status that is no RG_PROP_*, or
 * RG_PROP_NOFIX answered again and again without narrowing anything); err
 * then names its rule. Buffers are reused across calls with the same rules. */
RG_API int rg_solve(rg_solver *s, const rg_puzzle *p, const rg_options *o, rg_result *r,
                    rg_error *err);
/* The classic fast path: rg_solve takes it by itself for a 9x9 model of
 * rows, columns and boxes only (no other rule that constrains digits; root
 * restrictions and givens allowed) at the singles and intersections levels
 * with the mrv or domwdeg heuristic. Answers, statuses and no_guess equal
 * the general path's; node counts may differ (docs/architecture.md). on = 0
 * forces the general path for every later run of s (tests, side-by-side
 * measurement); on = 1 (the default) allows the fast path again. */
RG_API void rg_solver_set_fast_path(rg_solver *s, int on);
/* 1 when the last rg_solve of s ran on the fast path, else 0. */
RG_API int rg_solver_fast_path_used(const rg_solver *s);
/* Digit boards on the general path: on a 9x9 model whose houses are its
 * rows, columns and boxes and maybe other houses of nine cells (any rules
 * with propagators on top; no cage), rg_solve at the singles and
 * intersections levels finds hidden singles and locked candidates of the
 * rows, columns and boxes per digit over the whole board
 * (docs/architecture.md) instead of scanning each changed house. The same fixpoints; node counts under
 * domwdeg may differ. on = 0 forces the scans for every later run of s
 * (tests, side-by-side measurement); on = 1 (the default) allows the boards
 * again. */
RG_API void rg_solver_set_digit_boards(rg_solver *s, int on);
/* 1 when the last rg_solve of s found its houses' deductions on digit
 * boards, else 0. */
RG_API int rg_solver_digit_boards_used(const rg_solver *s);
/* The propagators a plugin flags implied (RG_PROPAGATOR_IMPLIED,
 * docs/plugins.md §5: the exact cage sums, a house's cages taken
 * together, ...) run only at the sac level by default. on = 1 runs them at
 * every level for every later run of s: fewer nodes, each dearer (what a
 * plugin's author measures before setting the flag; `rulegrid --implied`,
 * `rulegrid-bench --implied`). The trial API (verify, explanations) sets it.
 * The same solutions either way. on = 0 (the default) leaves them to sac. */
RG_API void rg_solver_set_implied(rg_solver *s, int on);

/* ---- True candidates (core/search/candidates.c, docs/explain.md) ----------- */

typedef struct rg_candidates_result {
    int status;      /* rg_status of the count below: solved, unique, multiple, none,
                         or unknown when a limit ended the count itself */
    long solutions;  /* solutions counted up to o->limit, as rg_solve counts them (so
                         with limit 2: 1 unique, 2 at least two); 0 with none */
    int complete;    /* 1: the sets are exact; 0: a limit ended the run first and the
                         sets are the digits of the solutions found (a subset) */
    long found;      /* distinct solutions seen: the count's first, then one per
                         probe that found a solution */
    long probes;     /* searches made with one cell fixed to one digit */
    long refuted;    /* of them, those that proved no solution has that digit there */
    int broken_rule; /* with status none: rule the givens break directly, or -1 */
    rg_stats stats;  /* summed over every search of the run (the families as
                         rg_solve names them; root_us and search_us summed too) */
} rg_candidates_result;

/* The true candidates of p: out[cell] (rg_puzzle_cells(p) masks, bit d-1 for
 * digit d) receives every digit that some solution puts in that cell.
 * First the solutions are counted up to o->limit (as rg_solve with that
 * limit: the status and count of r); every digit of the first solution is a
 * candidate. Then for each cell and each digit left in its domain after root
 * propagation and not yet known, one search with the cell fixed to the digit
 * either finds a solution (all its digits become known: solutions are reused,
 * never enumerated) or proves the digit impossible (it leaves the domain, so
 * later searches start narrower). o's strategy, heuristic, value order and
 * seed serve every search; o->max_nodes and o->max_seconds bound the whole
 * run (nodes and probes of all its searches together): when one ends it,
 * r->complete is 0 and out holds what was found. With no solution out is all
 * zero (status none, complete 1). A unique puzzle costs the count alone.
 * Returns RG_OK, or an error as rg_solve (out then all zero). */
RG_API int rg_candidates(rg_solver *s, const rg_puzzle *p, const rg_options *o, rg_mask *out,
                         rg_candidates_result *r, rg_error *err);

/* ---- Explanations (core/explain, docs/explain.md, spec/explain.md) --------- */

/* The ladder: every step has a rank, and the explainer always takes a step
 * of the lowest rank that makes progress. A puzzle's rating is the rank of
 * its hardest step. X(ID, name, summary); ranks count from 1 in this order.
 * A new rank goes at the end. */
#define RG_LADDER(X)                                                                               \
    X(HIDDEN_SINGLE, "hidden single", "a digit with one place left in a unit goes there")          \
    X(NAKED_SINGLE, "naked single", "a cell with one candidate left takes it")                     \
    X(SIMPLE_RULE, "simple rule", "a rule over one or two cells (dots, parity, ...) prunes")       \
    X(LOCKED, "locked candidates",                                                                 \
      "a digit's places in a unit all see a cell: it leaves that cell (pointing, claiming)")       \
    X(RULE, "rule", "a rule over a line or a group of cells (cages, lines, arrows) prunes")        \
    X(PAIR, "pair", "naked or hidden pair")                                                        \
    X(TRIPLE, "triple", "naked or hidden triple")                                                  \
    X(QUAD, "quad", "naked or hidden quad")                                                        \
    X(COMPLEX_RULE, "complex rule", "a rule whose pruning looks at the whole board prunes")        \
    X(CONTRADICTION, "contradiction",                                                              \
      "a candidate whose placement leads, by the ranks below, to a broken rule is removed")

enum rg_rank {
    RG_RANK_NONE = 0,
#define RG_X_(id, name, summary) RG_RANK_##id,
    RG_LADDER(RG_X_)
#undef RG_X_
        RG_RANK_COUNT /* one past the last rank */
};
RG_API const char *rg_rank_name(int rank); /* "?" out of range */
RG_API const char *rg_rank_summary(int rank);
/* A rank from its name, a number "1".."10", or a strategy level's name
 * (singles: simple rule, intersections: rule, subsets: complex rule,
 * probe: contradiction); -1 if unknown. */
RG_API int rg_rank_parse(const char *name);

/* One step (valid until the next call on its explainer). */
typedef struct rg_step {
    int number;            /* 1, 2, ... */
    int rank;              /* rg_rank */
    const char *technique; /* "hidden single", "locked candidates", a plugin's name */
    const char *family;    /* the family that made it ("houses", "cages", "core") */
    const int *rules;      /* indices of the rules it uses */
    int nrules;
    const int *focus; /* the cells to highlight */
    int nfocus;
    const int *place_cells, *place_digits; /* digits it places */
    int nplace;
    const int *elim_cells; /* candidates it removes: elim_masks[i] from elim_cells[i] */
    const rg_mask *elim_masks;
    int nelim;
    const char *text; /* one or two sentences */
} rg_step;

/* How an explanation ends (rg_explain_summary.status). */
#define RG_EXPLAIN_STATUSES(X)                                                                     \
    X(SOLVED, "solved", "every cell placed by steps")                                              \
    X(STUCK, "stuck", "no technique up to the highest rank allowed makes progress")                \
    X(CONTRADICTION, "contradiction", "the givens or the position break a rule")                   \
    X(UNKNOWN, "unknown", "a node or time limit ended it first")

enum rg_explain_status {
#define RG_X_(id, name, summary) RG_EXPLAIN_##id,
    RG_EXPLAIN_STATUSES(RG_X_)
#undef RG_X_
        RG_EXPLAIN_STATUS_COUNT
};
RG_API const char *rg_explain_status_name(int status);

typedef struct rg_explain_options {
    int upto;           /* the highest rank used (default: RG_RANK_CONTRADICTION) */
    uint64_t max_nodes; /* probes of the contradiction rank; 0 = no limit */
    double max_seconds; /* 0 = no limit */
} rg_explain_options;
RG_API void rg_explain_options_default(rg_explain_options *o);

/* A position (spec/explain.md, --state): digits placed (values[cell], 0
 * where none) and the candidates a person kept (cands[cell], 0 for a cell
 * whose candidates were not written down); either may be NULL. */
typedef struct rg_position {
    const int *values;
    const rg_mask *cands;
} rg_position;

/* A position's text (spec/explain.md; docs/explain.md, "Positions") into
 * values and cands, rg_puzzle_cells(p) entries each, 0 where it says
 * nothing: a JSON object {"cells": {"r1c1": 5, ...}, "candidates": {"r2c3":
 * [1, 4], ...}} (either member optional), or on a board of at most 9
 * digits one character per position of the board in reading order (a
 * digit, '.' or '0'), white space around either ignored. RG_OK;
 * RG_E_FORMAT with err naming the file (file; NULL for none) and the field
 * for malformed JSON, text after the object, an unknown or repeated member,
 * a name that is no cell of the board, a cell named twice (in any
 * spelling), a digit out of range, a candidate list that is empty or
 * repeats a digit, a placed digit that its cell's candidates do not keep,
 * a line of the wrong length or with another character, or a digit where
 * the board has no cell (values and cands are then all 0); RG_E_NOMEM. */
RG_API int rg_position_parse(const rg_puzzle *p, const char *text, size_t len, const char *file,
                             int *values, rg_mask *cands, rg_error *err);

typedef struct rg_explain_summary {
    int status;          /* rg_explain_status */
    int steps;           /* steps taken */
    int placed;          /* digits placed by steps */
    long eliminated;     /* candidates removed by steps (placements' peers not counted) */
    int rating;          /* the rank of the hardest step (0: no step) */
    const char *hardest; /* its technique, "" when none */
    int ntechniques;     /* techniques used, in order of first use */
    const char *const *technique_names;
    const int *technique_counts;
    /* With status contradiction: the rule broken (-1: no rule, a cell or a
     * unit ran out of candidates) and the cells that show it. */
    int broken_rule;
    const int *broken_cells;
    int nbroken;
    const char *broken_text;
    uint64_t probes; /* probes made for the contradiction rank */
} rg_explain_summary;

typedef struct rg_explainer rg_explainer;

/* An explainer of p from its givens, or from position pos (may be NULL)
 * laid over them. Returns RG_OK, RG_E_FORMAT (a placed digit out of range
 * or on a given of another digit: err names the cell), RG_E_NOMEM. */
RG_API int rg_explainer_new(const rg_puzzle *p, const rg_position *pos, const rg_explain_options *o,
                            rg_explainer **out, rg_error *err);
RG_API void rg_explainer_free(rg_explainer *e);
/* The next step: 1 and *step filled, 0 when the explanation has ended (the
 * summary says how), or an error (RG_E_PLUGIN: a propagator broke its
 * contract; RG_E_NOMEM), err filled. */
RG_API int rg_explain_next(rg_explainer *e, rg_step *step, rg_error *err);
RG_API void rg_explain_summary_get(const rg_explainer *e, rg_explain_summary *sum);
/* The candidates now (per cell) and whether each cell is placed. */
RG_API const rg_mask *rg_explain_candidates(const rg_explainer *e);
RG_API const unsigned char *rg_explain_placed(const rg_explainer *e);

/* ---- Pictures (core/render, docs/render.md) -------------------------------- */

/* What a picture shows besides the board, its rules and its givens. Every
 * pointer may be NULL (nothing of that kind); arrays are per cell of the
 * puzzle unless a count goes with them. */
typedef struct rg_render_options {
    double scale;              /* pixels per cell; 0: 40 */
    const int *values;         /* digits drawn small and grey where there is no given
                                  (a solution, the digits of a position); 0: none */
    const rg_mask *candidates; /* pencil marks of the cells with neither a given nor a
                                  value (bit d-1 for digit d) */
    const int *focus;          /* cells shaded: the focus of a step */
    int nfocus;
    const int *elim_cells; /* candidates struck out in red: elim_masks[i] in elim_cells[i] */
    const rg_mask *elim_masks;
    int nelim;
    const int *place_cells, *place_digits; /* digits placed, drawn green */
    int nplace;
    const char *title;   /* the picture's title element */
    const char *caption; /* a last line under the grid (a step's text) */
} rg_render_options;

RG_API void rg_render_options_default(rg_render_options *o); /* all zero: scale 40 */
/* p as a standalone SVG document (docs/render.md): the grid of its existing
 * cells, each rule through its type's draw hook (a type without one as a
 * labelled outline of the cells it constrains), the givens, then what o
 * asks for (o may be NULL). *svg (free it with rg_string_free) gets *len
 * bytes and a NUL. Returns RG_OK, RG_E_NOMEM, RG_E_FORMAT when o names a
 * cell or digit that p does not have, or the error of a draw hook (err
 * names its rule). Reads p only: several threads may draw one puzzle. */
RG_API int rg_render_svg(const rg_puzzle *p, const rg_render_options *o, char **svg, size_t *len,
                         rg_error *err);

/* ---- Verifying rule types (core/verify, docs/plugins.md) ------------------- */

/* Where the rule instances of a verify run come from. */
enum rg_verify_source {
    RG_VERIFY_SAMPLE = 0,  /* the rules of that type in a sample document, often mutated */
    RG_VERIFY_GENERATE = 1 /* the type's generate hook over a random solution */
};

typedef struct rg_verify_options {
    uint64_t seed;      /* the same seed, trials and instances give the same run */
    long trials;        /* trials of the type (0: RG_VERIFY_TRIALS) */
    double max_seconds; /* stop after this long (0 = no limit), inside a trial too: a trial
                           cut short is not counted, and fewer trials than asked for give
                           r->stopped */
    const char *sample; /* text of a document whose rules of the type are the instances
                            (NULL: the type's generate hook) */
    size_t sample_len;
    const char *sample_file; /* names the sample in errors */
    int sample_first;        /* the first trial is the sample document itself, as written */
    uint64_t max_nodes;      /* node budget of the exhaustive searches of one trial (past it
                                the trial is inconclusive): 0 RG_VERIFY_NODES, UINT64_MAX none */
} rg_verify_options;

#define RG_VERIFY_NODES 20000

#define RG_VERIFY_TRIALS 300

RG_API void rg_verify_options_default(rg_verify_options *o);

typedef struct rg_verify_result {
    int source;        /* rg_verify_source */
    long trials;       /* trials run to the end of their checks */
    long inconclusive; /* trials whose exhaustive search ran out of nodes (soundness
                          left undecided there) */
    long runs;         /* propagator calls the checks made */
    double seconds;
    int failed;     /* a check failed: the fields below say which and where */
    char check[16]; /* scope, soundness, fixpoint, order, events, agreement, hygiene,
                       contract */
    long trial;     /* the trial that failed (from 0) */
    int rule;       /* in document: the rule at fault, -1 when not known */
    char propagator[64];
    char message[1024];
    char removed[256]; /* the digits wrongly removed: "r1c2: 3; r2c1: 1 2", or "" */
    char *document;    /* the failing trial minimised, as a document (rg_string_free) */
    long asked;        /* trials asked for */
    int stopped;       /* no check failed, but max_seconds ended the run before `asked`
                          trials ran: the verdict is unknown (trials may be 0) */
} rg_verify_result;

/* Run randomized trials of rule type `type` of reg (docs/plugins.md says
 * what each checks). Returns RG_OK with r filled (r->failed tells the
 * verdict), or an error: an unknown type, a type without generate hook and
 * no sample, a sample that cannot be read or holds no rule of the type
 * (RG_E_FORMAT, err naming the file), instances that never read, or
 * RG_E_NOMEM. Release r->document with rg_string_free. */
RG_API int rg_verify_type(rg_registry *reg, const char *type, const rg_verify_options *o,
                          rg_verify_result *r, rg_error *err);

#ifdef __cplusplus
}
#endif
#endif
