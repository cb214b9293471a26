/* Shared by the files of the `rulegrid` command: its table of commands and
 * its table of options, each command's entry, reading inputs (cli_input.c)
 * and printing results (cli_output.c). */
#ifndef RG_CLI_H
#define RG_CLI_H

#include <stdint.h>
#include <stdio.h>

#include "jsonw.h"
#include "opts.h"
#include "rulegrid/rulegrid.h"
#include "say.h"

/* ---- The commands: X(ID, name, entry, summary) ------------------------------
 * The one list of commands: dispatch, the command list of `rulegrid --help`
 * and "unknown command" come from it; each one's help texts are in
 * rulegrid.c. */
#define CLI_COMMANDS(X)                                                                            \
    X(SOLVE, "solve", cli_solve_main, "find a solution of each puzzle")                            \
    X(COUNT, "count", cli_solve_main, "count solutions up to --limit (default 2: is it unique?)")  \
    X(CHECK, "check", cli_solve_main,                                                              \
      "do the givens break a rule; does the document's solution hold?")                            \
    X(PLUGINS, "plugins", cli_plugins_main,                                                        \
      "list the rule types of the loaded plugins and the folders searched")                        \
    X(GENERATE, "generate", cli_generate_main,                                                     \
      "make puzzles with one solution from a preset or a template")                                \
    X(FMT, "fmt", cli_fmt_main,                                                                    \
      "write JSON documents in canonical form, or list those that are not")                        \
    X(CONVERT, "convert", cli_convert_main,                                                        \
      "turn classic lines, f-puzzles strings into documents and back")                             \
    X(VERIFY, "verify", cli_verify_main,                                                           \
      "test rule types against their own checks with random trials")                               \
    X(EXPLAIN, "explain", cli_explain_main, "the logical path of a puzzle, step by step")          \
    X(HINT, "hint", cli_explain_main, "the next step from a position, or what is wrong with it")   \
    X(CANDIDATES, "candidates", cli_candidates_main,                                               \
      "the digits some solution puts in each cell (true candidates)")                              \
    X(RENDER, "render", cli_render_main, "draw puzzles as SVG pictures")                           \
    X(REPORT, "report", cli_report_main,                                                           \
      "a static HTML page: the picture, the verdict, the rating, the explanation")

enum cli_command {
#define CLI_X_(ID, name, entry, summary) CLI_##ID,
    CLI_COMMANDS(CLI_X_)
#undef CLI_X_
        CLI_COMMAND_COUNT
};

/* Which commands take an option. */
#define CLI_ON(ID)     (1u << CLI_##ID)
#define CLI_SOLVING    (CLI_ON(SOLVE) | CLI_ON(COUNT))
#define CLI_READING    (CLI_SOLVING | CLI_ON(CHECK))
#define CLI_ALL        ((1u << CLI_COMMAND_COUNT) - 1)
#define CLI_EXPLAINING (CLI_ON(EXPLAIN) | CLI_ON(HINT))
/* The commands that search: solve, count and candidates. */
#define CLI_SEARCHING (CLI_SOLVING | CLI_ON(CANDIDATES))

/* What `convert --to` writes: X(ID, name, summary). */
#define CLI_FORMS(X)                                                                               \
    X(JSONL, "jsonl", "every puzzle as a canonical document on one line")                          \
    X(JSON, "json", "one puzzle as an indented canonical document")                                \
    X(LINES, "lines",                                                                              \
      "every puzzle as a classic line of its givens ('.' for an empty cell): a classic "           \
      "9 x 9, or the board and rules of --template")                                               \
    X(FPUZZLES, "fpuzzles",                                                                        \
      "every puzzle as an f-puzzles string (LZ-String base64) on a line, as f-puzzles and "        \
      "SudokuPad links carry it (docs/fpuzzles.md)")

enum cli_form {
#define CLI_X_(ID, name, summary) CLI_TO_##ID,
    CLI_FORMS(CLI_X_)
#undef CLI_X_
        CLI_FORM_COUNT
};

/* What `convert --from` reads: X(ID, name, summary). */
#define CLI_SOURCES(X)                                                                             \
    X(FPUZZLES, "fpuzzles",                                                                        \
      "f-puzzles strings, one a line: bare, or an f-puzzles or SudokuPad link that carries one")

enum cli_source {
#define CLI_X_(ID, name, summary) CLI_FROM_##ID,
    CLI_SOURCES(CLI_X_)
#undef CLI_X_
        CLI_SOURCE_COUNT
};

/* ---- The options: X(ID, field, name, letter, value, commands, how, help) ------
 * The one list of options: the fields of cli_options, the parser, each
 * command's help and the errors come from it (opts.h says what "how" may
 * be). A name may have two rows for different commands when it means
 * something else there. */
#define CLI_SEED_BAD "is not a whole number from 0 to 18446744073709551615"
#define CLI_TIME_BAD "is not a number of seconds (0 or more, fractions allowed)"
#define CLI_OPTIONS(X)                                                                             \
    X(STRATEGY, strategy, "strategy", 0, "S", CLI_SEARCHING, NAME(&cli_strategies),                \
      "how hard the engine prunes")                                                                \
    X(HEURISTIC, heuristic, "heuristic", 0, "H", CLI_SEARCHING, NAME(&cli_heuristics),             \
      "which cell the search branches on")                                                         \
    X(VALUES, values, "values", 0, "V", CLI_SEARCHING, NAME(&cli_value_orders),                    \
      "the order digits are tried in")                                                             \
    X(IMPLIED, implied, "implied", 0, NULL, CLI_SEARCHING, FLAG,                                   \
      "also run the propagators a plugin marks implied (the killers' exact cage sums and "         \
      "cages in a house, ...) at every node, as sac does: fewer guesses, each dearer")             \
    X(SEED, seed, "seed", 0, "N", CLI_SEARCHING, UINT(0, UINT64_MAX, CLI_SEED_BAD),                \
      "seed of the random value order and of random tie breaks")                                   \
    X(LIMIT, limit, "limit", 0, "N", CLI_ON(COUNT) | CLI_ON(CANDIDATES),                           \
      UINT(1, LONG_MAX, "is not a whole number of solutions of at least 1"),                       \
      "stop after N solutions (default 2: is it unique?)")                                         \
    X(NODES, nodes, "nodes", 0, "N",                                                               \
      CLI_SEARCHING | CLI_EXPLAINING | CLI_ON(RENDER) | CLI_ON(REPORT),                            \
      UINT(0, UINT64_MAX, "is not a whole number of nodes (0 for no limit)"),                      \
      "give up (status unknown) after N search nodes and probes; 0: no limit")                     \
    X(TIME, time, "time", 0, "SECONDS",                                                            \
      CLI_SEARCHING | CLI_EXPLAINING | CLI_ON(RENDER) | CLI_ON(REPORT), SECONDS(CLI_TIME_BAD),     \
      "give up (status unknown) this long after starting to read a puzzle; fractions allowed, "    \
      "0: no limit")                                                                               \
    X(PRESET, preset, "preset", 0, "NAME", CLI_ON(GENERATE), TEXT, "a preset (see --list)")        \
    X(GEN_TEMPLATE, gen_templ, "template", 0, "FILE", CLI_ON(GENERATE), TEXT,                      \
      "a document whose x-generate member is the profile")                                         \
    X(LIST, list, "list", 0, NULL, CLI_ON(GENERATE), FLAG, "list the presets")                     \
    X(PRINT_TEMPLATE, print_template, "print-template", 0, NULL, CLI_ON(GENERATE), FLAG,           \
      "write the preset's (or template's) document and stop")                                      \
    X(GEN_SEED, gen_seed, "seed", 0, "N", CLI_ON(GENERATE), UINT(0, UINT64_MAX, CLI_SEED_BAD),     \
      "seed of the first puzzle (default: from the clock); puzzle i of a batch has "               \
      "seed N + i")                                                                                \
    X(COUNT, count, "count", 0, "N", CLI_ON(GENERATE),                                             \
      UINT(1, LONG_MAX / 2, "is not a whole number of puzzles of at least 1"),                     \
      "how many puzzles (default 1)")                                                              \
    X(JOBS, jobs, "jobs", 'j', "J", CLI_ON(GENERATE) | CLI_READING | CLI_ON(CANDIDATES),           \
      UINT(1, 256, "is not a number of threads from 1 to 256"),                                    \
      "worker threads (default 1); the output is the same, in the same order")                     \
    X(CLUES, clues, "clues", 0, "N", CLI_ON(GENERATE),                                             \
      UINT(1, 1000000, "is not a whole number of givens of at least 1"),                           \
      "stop removing givens at N or fewer")                                                        \
    X(MINIMAL, minimal, "minimal", 0, NULL, CLI_ON(GENERATE), FLAG,                                \
      "every given left is needed (proved)")                                                       \
    X(SYMMETRY, symmetry, "symmetry", 0, "S", CLI_ON(GENERATE), NAME(&cli_symmetries),             \
      "how the givens are placed")                                                                 \
    X(LEVEL, level, "level", 0, "L", CLI_ON(GENERATE), NAME(&cli_levels),                          \
      "solvable without guessing at this strategy")                                                \
    X(RATING, rating, "rating", 0, "TECHNIQUE", CLI_ON(GENERATE), CHECKED(cli_rank_check),         \
      "explained with no step above this rank of the ladder (a name, a rank 1-10, or a "           \
      "technique; docs/explain.md)")                                                               \
    X(GEN_TIME, gen_time, "time", 0, "SECONDS", CLI_ON(GENERATE), SECONDS(CLI_TIME_BAD),           \
      "give up on a puzzle after this long (exit status 3)")                                       \
    X(RETRIES, retries, "retries", 0, "N", CLI_ON(GENERATE),                                       \
      UINT(0, 1000000, "is not a whole number of attempts (0 or more)"),                           \
      "attempts after the first before giving up (exit status 3)")                                 \
    X(SET, set, "set", 0, "TYPE.NAME=VALUE", CLI_ON(GENERATE), CHECKED_TEXTS(cli_setting_check),   \
      "a setting of the profile's clue requests of TYPE, e.g. --set cage.max_size=4 "              \
      "(repeatable)")                                                                              \
    X(NO_TIME, no_time, "no-time", 0, NULL, CLI_ON(GENERATE), FLAG,                                \
      "leave the generation time out of meta (identical bytes for identical seeds)")               \
    X(WRITE, write, "write", 'w', NULL, CLI_ON(FMT), FLAG,                                         \
      "write the result back into each file (one that is canonical is not touched)")               \
    X(CHECK, check, "check", 0, NULL, CLI_ON(FMT), FLAG,                                           \
      "write nothing; list the files (and lines) that are not canonical: exit status 1")           \
    X(LINE, line, "line", 0, NULL, CLI_ON(FMT), FLAG, "a document on one line")                    \
    X(TO, to, "to", 0, "FORM", CLI_ON(CONVERT), NAME(&cli_forms), "what to write")                 \
    X(FROM, from, "from", 0, "FORM", CLI_ON(CONVERT), NAME(&cli_sources),                          \
      "what the inputs hold when it is not a document, JSON lines or classic lines")               \
    X(TEMPLATE, templ, "template", 0, "FILE",                                                      \
      CLI_READING | CLI_ON(CONVERT) | CLI_EXPLAINING | CLI_ON(CANDIDATES) | CLI_ON(RENDER) |       \
          CLI_ON(REPORT),                                                                          \
      TEXT, "classic lines are the givens of this document's board and rules")                     \
    X(OUTPUT, output, "output", 'o', "FILE", CLI_ON(GENERATE) | CLI_ON(CONVERT), TEXT,             \
      "write to FILE instead of standard output")                                                  \
    X(NO_SOLUTION, no_solution, "no-solution", 0, NULL, CLI_ON(FMT) | CLI_ON(CONVERT), FLAG,       \
      "leave the documents' solution out")                                                         \
    X(TRIALS, trials, "trials", 0, "N", CLI_ON(VERIFY),                                            \
      UINT(1, 100000000, "is not a whole number of trials of at least 1"),                         \
      "trials of each rule type (default 300)")                                                    \
    X(VERIFY_SEED, verify_seed, "seed", 0, "N", CLI_ON(VERIFY), UINT(0, UINT64_MAX, CLI_SEED_BAD), \
      "seed of the trials (default 0): the same seed gives the same trials")                       \
    X(VERIFY_TIME, verify_time, "time", 0, "SECONDS", CLI_ON(VERIFY), SECONDS(CLI_TIME_BAD),       \
      "stop this long after starting, inside a trial too (all types together); a type "            \
      "stopped before its trials ran is unknown (exit status 3); 0: no limit")                     \
    X(VERIFY_NODES, verify_nodes, "nodes", 0, "N", CLI_ON(VERIFY),                                 \
      UINT(0, UINT64_MAX, "is not a whole number of nodes (0 for no limit)"),                      \
      "nodes of the exhaustive search that judges soundness, per trial (default 20000); a "        \
      "trial past them is inconclusive; 0: no limit")                                              \
    X(SAMPLE, sample, "sample", 0, "DOC.json", CLI_ON(VERIFY), TEXT,                               \
      "take the instances of a TYPE from the rules of this document")                              \
    X(VERIFY_JSON, verify_json, "json", 0, NULL, CLI_ON(VERIFY), FLAG,                             \
      "one JSON object per rule type, a line each")                                                \
    X(PLUGINS, plugins, "plugins", 0, "DIR", CLI_ALL, CHECKED_TEXTS(opts_absolute_folder),         \
      "also load the plugins of DIR (absolute; repeatable)")                                       \
    X(JSON, json, "json", 0, NULL, CLI_READING | CLI_ON(CANDIDATES), FLAG,                         \
      "one JSON object per puzzle, a line each (spec/results.md)")                                 \
    X(RESUME, resume, "resume", 0, "OUT.jsonl", CLI_READING | CLI_ON(CANDIDATES), TEXT,            \
      "append to OUT.jsonl (with --json) the results it lacks: a run cut off goes on where it "    \
      "stopped")                                                                                   \
    X(EXPLAIN_JSON, explain_json, "json", 0, NULL, CLI_EXPLAINING, FLAG,                           \
      "JSON Lines: a step a line, then the summary (spec/explain.md)")                             \
    X(UPTO, upto, "upto", 0, "TECHNIQUE", CLI_EXPLAINING, CHECKED(cli_rank_check),                 \
      "use techniques up to this one of the ladder (a name, a rank 1-10, or singles, "             \
      "intersections, subsets, probe; docs/explain.md)")                                           \
    X(STATE, state, "state", 0, "STATE", CLI_EXPLAINING | CLI_ON(RENDER), TEXT,                    \
      "start from a position: {\"cells\": {\"r1c1\": 5}, \"candidates\": {\"r2c3\": [1, 4]}} or "  \
      "a digit or '.' per cell")                                                                   \
    X(GRID, grid, "grid", 0, NULL, CLI_ON(EXPLAIN), FLAG, "print the candidates after each step")  \
    X(PUZZLE, puzzle, "puzzle", 0, "N", CLI_EXPLAINING | CLI_ON(RENDER) | CLI_ON(REPORT),          \
      UINT(1, LONG_MAX, "is not a puzzle number of at least 1"),                                   \
      "the N-th puzzle of a corpus (from 1)")                                                      \
    X(RENDER_OUTPUT, render_output, "output", 'o', "OUT", CLI_ON(RENDER), TEXT,                    \
      "write the SVG to OUT instead of standard output; for a corpus OUT is a folder (made "       \
      "when missing) that gets one N.svg per puzzle")                                              \
    X(REPORT_OUTPUT, report_output, "output", 'o', "DIR", CLI_ON(REPORT), TEXT,                    \
      "the folder (made when missing) that gets index.html")                                       \
    X(SOLUTION, solution, "solution", 0, NULL, CLI_ON(RENDER), FLAG,                               \
      "draw the solution's digits, small and grey, where there is no given (solves)")              \
    X(RENDER_CANDIDATES, render_candidates, "candidates", 0, NULL, CLI_ON(RENDER), FLAG,           \
      "draw pencil marks: the candidates of --state's position, else the true candidates")         \
    X(STEP, step, "step", 0, "N", CLI_ON(RENDER),                                                  \
      UINT(1, 1000000, "is not a step number of at least 1"),                                      \
      "draw the position before step N of the explanation, its focus and what it removes "         \
      "and places")                                                                                \
    X(PLUGINS_JSON, plugins_json, "json", 0, NULL, CLI_ON(PLUGINS), FLAG,                          \
      "one JSON object: the types and the folders")                                                \
    X(STATS, stats, "stats", 0, NULL, CLI_SOLVING, FLAG,                                           \
      "search counters for a document; a summary after a corpus or several files "                 \
      "(also with -q)")                                                                            \
    X(GEN_STATS, gen_stats, "stats", 0, NULL, CLI_ON(GENERATE), FLAG,                              \
      "a summary on standard error: puzzles/s, givens, levels")                                    \
    X(QUIET, quiet, "quiet", 'q', NULL, CLI_READING | CLI_ON(CANDIDATES), FLAG,                    \
      "nothing per puzzle on standard output (messages and the exit status remain)")               \
    X(PLUGINS_QUIET, plugins_quiet, "quiet", 'q', NULL, CLI_ON(PLUGINS), FLAG,                     \
      "print nothing: the exit status says whether the plugins load")                              \
    X(GEN_QUIET, gen_quiet, "quiet", 'q', NULL, CLI_ON(GENERATE), FLAG,                            \
      "write no puzzles (with --stats: measure)")                                                  \
    X(HELP, help, "help", 'h', NULL, CLI_ALL, HELP, "this help")                                   \
    X(VERSION, version, "version", 0, NULL, CLI_ALL, VERSION, "the version")

enum cli_option {
#define CLI_X_(ID, field, name, letter, value, commands, how, help) CLI_OPT_##ID,
    CLI_OPTIONS(CLI_X_)
#undef CLI_X_
        CLI_OPTION_COUNT
};

/* The values of the command line: an opts_head, then a field per option. */
typedef struct cli_options {
    opts_head head;
#define CLI_X_(ID, field, name, letter, value, commands, how, help) OPTS_FIELD(field, how)
    CLI_OPTIONS(CLI_X_)
#undef CLI_X_
} cli_options;

/* rulegrid.c: the lists the options choose from, the program's tables. */
extern const opts_names cli_strategies, cli_levels, cli_heuristics, cli_value_orders,
    cli_symmetries, cli_forms, cli_sources;
extern const opts_program cli_program;
/* A usage error of command cmd: "rulegrid: ..." (generate: "rulegrid
 * generate: ...") and the hint to its --help; returns 2. */
int cli_usage_error(int cmd, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* ---- Each command's entry: the exit status (0 done, 1 some puzzle has no
 * solution or a difference, 2 bad input or usage, 3 a limit reached). */
int cli_solve_main(int cmd, const cli_options *o);      /* cli_solve.c: solve, count, check */
int cli_plugins_main(int cmd, const cli_options *o);    /* cli_solve.c */
int cli_generate_main(int cmd, const cli_options *o);   /* cli_generate.c */
int cli_fmt_main(int cmd, const cli_options *o);        /* cli_fmt.c */
int cli_convert_main(int cmd, const cli_options *o);    /* cli_fmt.c */
int cli_verify_main(int cmd, const cli_options *o);     /* cli_verify.c */
int cli_explain_main(int cmd, const cli_options *o);    /* cli_explain.c: explain, hint */
int cli_candidates_main(int cmd, const cli_options *o); /* cli_candidates.c */
int cli_render_main(int cmd, const cli_options *o);     /* cli_render.c */
int cli_report_main(int cmd, const cli_options *o);     /* cli_report.c */
/* cli_explain.c: --state's value opt as text: opt itself, or the text of
 * the regular file it names (a value not starting with '{'), into *owned
 * (free it; NULL for opt itself). *source is "--state" or the file's name,
 * for messages. 0, or after printing why the exit status 2. */
int cli_state_text(const char *opt, char **owned, const char **text, size_t *len,
                   const char **source);
/* cli_explain.c: the position text[0..len) of p into values and cands (per
 * cell; rg_position_parse, errors naming source). 0, or after printing why
 * the exit status 2. */
int cli_read_state(const rg_puzzle *p, const char *text, size_t len, const char *source,
                   int *values, rg_mask *cands);
/* cli_explain.c: the position an explainer has reached: values[cell] the
 * digit a step placed (0 for givens and open cells), cands[cell] the
 * candidates of an open cell (0 where placed). For pictures of a step. */
void cli_position_now(const rg_puzzle *p, const rg_explainer *e, int *values, rg_mask *cands);
/* cli_explain.c: dir and the folders above it made when missing (mkdir -p):
 * 0, or -1 with errno set. */
int cli_make_dirs(const char *dir);
/* cli_explain.c: is value a rank of the explanation ladder? (--upto, --rating) */
int cli_rank_check(const char *value, char *why, size_t n);
/* cli_generate.c: is value TYPE.NAME=VALUE? (the check of --set) */
int cli_setting_check(const char *value, char *why, size_t n);

/* ---- cli_input.c: one input of the command line ---------------------------- */

enum { CLI_DOCUMENT = 0, CLI_CORPUS = 1, CLI_LINES = 2 };

/* One input: a document, a corpus read by the library, or JSON documents one
 * a line that the command splits itself (standard input or a file whose name
 * does not say .jsonl). */
typedef struct cli_input {
    const char *path; /* as given, "-" for standard input */
    int kind;         /* CLI_* */
    char *text;       /* the whole content, when the command read it */
    size_t len;
    FILE *mem; /* a stream over text, for a corpus from standard input */
    rg_corpus *corpus;
    long line;  /* CLI_LINES: last line read; CLI_CORPUS: line of the last error */
    long index; /* index of the entry last returned, -1 before the first */
    int done;
    FILE *raw; /* the lines read by the command itself (cli_input_next_text, CLI_LINES) */
    int raw_own;
    /* Standard input or a FIFO of more than CLI_MAX_DOCUMENT bytes, a
     * corpus: text holds its start, stream the rest, and mem reads both. */
    FILE *stream;
    int stream_own;
    /* The buffer raw is read through (read_line), and CLI_LINES's line. */
    char *chunk;
    size_t chunk_pos, chunk_len;
    int chunk_eof;
    char *line_text;
    size_t line_cap;
    /* --time as the command sets it after opening (0: none): cli_input_next
     * gives each entry's reading what is left of it since `began` (when the
     * entry's reading began: its call, or for a document the open, which
     * reads the text), and an entry past it is -1 with err.code RG_E_TIME. */
    double time;
    double began;
} cli_input;

/* The limits of the library (docs/format-errors.md, "Files and corpora"):
 * a document of at most 256 MiB, a corpus line of at most 64 MiB. */
#define CLI_MAX_DOCUMENT ((size_t)256 << 20)
#define CLI_MAX_LINE     ((size_t)64 << 20)

/* Open path ("-" is standard input) and decide what it holds. Returns RG_OK,
 * or an error code with err filled (its file set). */
int cli_input_open(cli_input *in, rg_registry *reg, const char *path, const rg_puzzle *templ,
                   rg_error *err);
/* Next puzzle: 1 and *out (free it with rg_puzzle_free), 0 at the end, -1
 * when this entry could not be read (err filled, reading goes on), -2 when
 * the input cannot be read any further (err filled). in->index is the
 * entry's index in every case but 0. */
int cli_input_next(cli_input *in, rg_registry *reg, rg_puzzle **out, rg_error *err);
void cli_input_close(cli_input *in);
/* The next entry's text, unread: the line (without its newline) or the
 * whole document, NUL-terminated in *text, its length in *len and its line
 * in *line; 1, 0 at the end, -1 for a line longer than CLI_MAX_LINE (err
 * filled, reading goes on; the line itself is never held), -2 when the
 * input cannot be read further (err filled). *text is malloc'd with room
 * for *cap bytes, as getline's: a buffer passed in (NULL and 0 for none) is
 * reused or grown, and stays the caller's to free whatever the result.
 * Skips what cli_input_next skips; keep: how much of a classic line counts
 * (its cells): of a longer line only keep + 2 bytes are held, which is
 * all the library reads of it. */
int cli_input_next_text(cli_input *in, size_t keep, char **text, size_t *cap, size_t *len,
                        long *line, rg_error *err);
/* Is the line s[0..n) (without its newline) an entry of a corpus, as the
 * library reads one: not blank (unless longer than keep, the cells of a
 * classic line) and, in classic lines, no '#' comment? */
int cli_line_is_entry(const char *s, size_t n, size_t keep, int classic);
/* The template of classic lines: templ (a copy), or the preset classic9
 * that a corpus read without --template uses. RG_OK or an error code. */
int cli_classic_template(rg_registry *reg, const rg_puzzle *templ, rg_puzzle **out, rg_error *err);
/* About how many puzzles path holds, for a progress line: 1 for a .json
 * file, else its lines that are neither blank nor comments; 0 when unknown
 * (standard input, or a file that cannot be read: reading it will say). */
long cli_input_estimate(const char *path);
/* The same for an open input whose text is in memory (standard input). */
long cli_input_estimate_open(const cli_input *in);
/* Is text (starting with '{') JSON documents one a line rather than one? */
int cli_several_documents(const char *text, size_t len);
/* All of path ("-": standard input) into a NUL-terminated malloc'd buffer.
 * Returns RG_OK, or an error code with err filled (its file set). */
int cli_read_all(const char *path, char **text, size_t *len, rg_error *err);

/* ---- cli_input.c: shared by the commands ----------------------------------- */

/* Seconds on the monotonic clock: when a reading began, for --time. */
double cli_now(void);
/* What --time (o->time when given, else none: 0) leaves of a puzzle whose
 * reading began at `began` (cli_now()): a moment at least, so that a
 * search or a reading given it ends at once with unknown. */
double cli_time_left(const cli_options *o, double began);
/* in's entries read under --time (cli_input.time), when given. */
void cli_input_time(cli_input *in, const cli_options *o);
/* An entry whose reading --time ended (e->code RG_E_TIME), on standard
 * error: "rulegrid: FILE[:LINE]: unknown within the limit (time T s): how
 * far the reading came". */
void cli_say_late(const cli_options *o, const rg_error *e);

/* fmt's text in a buffer of its own length (free it), NULL without memory:
 * for paths and names, which no fixed buffer bounds. */
char *cli_strf(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;
/* "rulegrid: " and fmt's text on standard error, whole, with every control
 * character written as '?' as in the library's errors (rg_error_format):
 * a file name from the command line is printed as safely as one from a
 * document. A newline is added. (say_v, say.h, with another who: "rulegrid
 * generate".) */
void cli_say(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

/* "rulegrid: file:line: rule 3 (type): field f: message" on standard error;
 * an unknown type also names the plugin folders of reg (may be NULL). */
void cli_print_error(const rg_registry *reg, rg_error *e);
/* The same on f. */
void cli_print_error_to(FILE *f, const rg_registry *reg, rg_error *e);
/* The registry every command reads with: RULEGRID_PLUGIN_PATH, then dirs
 * (NULL-terminated, may be NULL), then the built-in folder. NULL after
 * printing why when it cannot be loaded. */
/* One warning on standard error for each file of the plugin folders that
 * was skipped as no usable plugin (rg_registry_skipped). */
void cli_warn_skipped(const rg_registry *reg);
rg_registry *cli_load_registry(const char *const *dirs);
/* --template FILE: one document read with reg into *out. Returns 0, or
 * after printing why ("rulegrid: --template: ...") the exit status 2. */
int cli_read_template(rg_registry *reg, const char *path, rg_puzzle **out);

/* ---- cli_feed.c: the entries of solve, count, check and candidates ------------ */

typedef struct cli_pool cli_pool;
typedef struct cli_resume cli_resume;

/* What each command's entry starts with: one entry of an input, from its
 * reading (main thread) through its search and text (a worker) to its
 * printing (main thread, in input order). */
typedef struct cli_entry {
    const char *path; /* the input's, as given */
    int kind;         /* CLI_* of the input */
    long index;
    int read;      /* cli_input_next's 1, -1 or -2; 0: the input held no puzzle */
    rg_puzzle *p;  /* with read 1 */
    rg_error err;  /* what could not be read, or the search's error */
    double read_s; /* seconds its reading took (--time counts them) */
    int late;      /* with read 1: --time passed while it was read, so there is no
                      puzzle (p NULL) and its result is unknown */
    int rc;        /* the search's */
    char *text;    /* the result as printed, written by the worker */
    size_t len;
    /* Between MPI ranks (cli_mpi.c): rank 0 reads an entry's text, another
     * rank parses it (cli_feed_parse) and sends its result back. */
    int input;       /* the number of its input among the feed's paths */
    const char *raw; /* its text, not read yet (NULL: p and read hold it) */
    size_t raw_len;
    int raw_own;    /* raw is malloc'd for this entry (else a block's or a message's) */
    size_t raw_cap; /* with raw_own: the bytes malloc'd */
    long line;      /* its line in the input (0: a whole document) */
} cli_entry;

/* What a result is between MPI ranks: the entry's outcome, the counters the
 * summary and the exit status need, then rg_error (when has_err) and len
 * bytes of text. */
typedef struct cli_wire {
    int read, rc, has_err;
    int status, no_guess, ok, stopped;
    long solutions;
    uint64_t guesses;
    double root_us, search_us;
    uint64_t len;
} cli_wire;

/* How a command feeds its entries to the workers. */
typedef struct cli_feed {
    cli_pool *pool;
    rg_solver **solvers; /* one per worker, or NULL (check) */
    int jobs;
    int timed;   /* --time: an entry's reading counts (read_s) */
    double time; /* its seconds (0: no limit): reading past it makes the entry late */
    rg_registry *reg;
    const rg_puzzle *templ;
    const cli_resume *resume; /* entries it holds are skipped; NULL none */
    int multi;                /* several inputs: results are keyed by file too */
    FILE *out;
    void (*finish)(void *ctx); /* prints the oldest entry, then cli_feed_pop */
    void *ctx;
    long *total; /* NULL, or grows by the estimate of standard input */
    /* MPI (cli_mpi.c): the inputs by number, the template of classic lines
     * (read once, shared by the entries), and the command's part of a
     * result between ranks. remote: rank 0 of several, which reads each
     * entry's text for the others. */
    const char *const *paths;
    int npaths;
    int remote;
    rg_puzzle *classic;
    void (*to_wire)(const void *item, cli_wire *w);
    void (*from_wire)(void *item, const cli_wire *w);
    /* MPI, a regular file of lines: rank 0 deals blocks of its bytes (it
     * only counts their lines), a rank runs one with block (cli_feed_block
     * inside, its results as bytes into *out, malloc'd; returns their size)
     * and rank 0 takes them back with took, in order. took NULL: entries
     * go as text. */
    size_t (*block)(void *ctx, const char *job, size_t len, char **out);
    void (*took)(void *ctx, const char *bytes, size_t len);
    FILE *block_fp; /* a rank's input open for its blocks, and its number */
    int block_input;
    int *cell_at; /* the classic template's cell of each character of a line */
    /* With more than one worker and the built-in classic template: one
     * copy of it a worker, each on its own model, so that the workers'
     * puzzles share no reference count; NULL: all use classic. */
    rg_puzzle **wclassic;
    /* Text buffers of entries printed, for the next entries' text: the
     * reading thread mallocs and frees none as it goes. */
    char **spare;
    size_t *spare_cap;
    int nspare, spare_max;
} cli_feed;

/* -j (o->jobs): a solver per worker when search, and the pool of entries of
 * size bytes run by fn. Returns 0, or after printing why the status 2. */
int cli_feed_start(cli_feed *f, const cli_options *o, int search, size_t size,
                   void (*fn)(void *items, int n, int worker, void *ctx));
/* Every entry of path read in order into the pool, the oldest printed as
 * the window fills; returns the input's CLI_* kind, -1 when unreadable. */
int cli_feed_input(cli_feed *f, const char *path);
/* Every entry left printed, and standard output (or --resume's) flushed. */
void cli_feed_drain(cli_feed *f);
/* The oldest entry (for finish) and its release. */
void *cli_feed_oldest(cli_feed *f);
void cli_feed_pop(cli_feed *f);
void cli_feed_end(cli_feed *f);
/* The search options of e: --time counts from the start of its reading
 * (at least a moment is left, so that it ends with unknown at once); the
 * wait for a worker does not count. */
rg_options cli_entry_options(const rg_options *o, const cli_entry *e);
/* The entry's raw text read as cli_input_next would have (p, read, err,
 * read_s), on whichever rank or thread runs it; under --time the parse and
 * the build give up when the entry's time is spent (late). */
void cli_feed_parse(const cli_feed *f, cli_entry *e, int worker);
/* A worker's first step on an entry: its text parsed. The main thread (or
 * rank 0) only reads each entry's text; the worker parses it here and frees
 * the puzzle in cli_feed_done, so that a puzzle is made, searched and freed
 * on one thread. */
static inline void cli_feed_ready(const cli_feed *f, cli_entry *e, int worker)
{
    if (e->raw) cli_feed_parse(f, e, worker);
}
/* A worker's last step on an entry, once its result is written: the
 * puzzle freed on the thread that made and searched it. */
void cli_feed_done(cli_entry *e);
/* MPI, a rank other than 0: the entries of a block rank 0 dealt (its
 * lines read from the file here), run on the pool and printed in order
 * through finish; returns when every one is printed. */
void cli_feed_block(cli_feed *f, const char *job, size_t len);
/* MPI: the shared part of the feed of a rank that serves rank 0 (template
 * of classic lines); 0, or after printing why 2. */
int cli_feed_classic(cli_feed *f);

/* ---- cli_output.c: text and JSON ------------------------------------------- */

/* The first cell whose given the complete assignment sol does not keep, or
 * -1 (check and render --solution judge a document's solution so). */
int cli_solution_differs(const rg_puzzle *p, const int *sol);
/* The grid of values (per cell, 0 printed as '.') with box borders. */
void cli_print_grid(FILE *f, const rg_puzzle *p, const int *values);
/* The solution as one compact token: a character per position of the board
 * in reading order ('.' for a missing cell; 10 and up as A, B, ...). */
void cli_print_compact(FILE *f, const rg_puzzle *p, const int *values);
/* Every cell's candidates (a placed cell shows its digit alone), aligned,
 * with box borders; placed may be NULL. */
void cli_print_candidates(FILE *f, const rg_puzzle *p, const rg_mask *cands,
                          const unsigned char *placed);
/* The digit sets of the cells (bit d-1 for digit d) as the tokens of
 * cli_print_candidates ('-' for none), separated by spaces, in reading order. */
void cli_print_sets_line(FILE *f, const rg_puzzle *p, const rg_mask *sets);
/* The counters of one search, one per line. */
void cli_print_stats(FILE *f, const rg_stats *s);

/* key: {"rule": index, "type": its type}, for a rule a puzzle breaks. */
void cli_json_rule(jsonw *w, const char *key, const rg_puzzle *p, int rule);
/* {"r1c1": [2, 5], ...}: the digit sets of every existing cell, in reading order. */
void cli_json_sets(jsonw *w, const rg_puzzle *p, const rg_mask *sets);
/* A number of microseconds: a plain decimal, never exponent or NaN. */
void cli_json_us(jsonw *w, const char *key, double us);
/* {"r1c1": 5, ...} for every existing cell, in reading order. */
void cli_json_solution(jsonw *w, const rg_puzzle *p, const int *values);
/* {"file": ..., "line": ..., "rule": ..., "type": ..., "field": ..., "message": ...}. */
void cli_json_error(jsonw *w, const rg_error *e);
/* "search": the counters of one search; with all, the prunings by family
 * and the root and search times too (spec/results.md). */
void cli_json_stats(jsonw *w, const rg_stats *s, int all);

#endif
