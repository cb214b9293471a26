/* Shared by the files of the `rulegrid` command: reading inputs (cli_input.c)
 * and printing results (cli_output.c). The command's main is in rulegrid.c. */
#ifndef RG_CLI_H
#define RG_CLI_H

#include <stdint.h>
#include <stdio.h>

#include "rulegrid/rulegrid.h"

/* ---- Commands in files of their own: argv[0] is the command's name; each
 * returns the exit status (0 done, 2 bad input or usage, 3 a limit reached). */
int cli_generate_main(int argc, char **argv); /* cli_generate.c */
int cli_fmt_main(int argc, char **argv);      /* cli_fmt.c */
int cli_convert_main(int argc, char **argv);  /* cli_fmt.c */

/* ---- cli_input.c: one input of the command line ---------------------------- */

enum { CLI_DOCUMENT = 0, CLI_CORPUS = 1, CLI_LINES = 2 };

/* One input: a document, a corpus read by the library, or JSON documents one
 * a line that the command splits itself (standard input or a file whose name
 * does not say .jsonl). */
typedef struct cli_input {
    const char *path;   /* as given, "-" for standard input */
    int kind;           /* CLI_* */
    char *text;         /* the whole content, when the command read it */
    size_t len;
    FILE *mem;          /* a stream over text, for a corpus from standard input */
    rg_corpus *corpus;
    size_t pos;         /* CLI_LINES: next byte to read */
    long line;          /* CLI_LINES: last line read; CLI_CORPUS: line of the last error */
    long index;         /* index of the entry last returned, -1 before the first */
    int done;
} cli_input;

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
/* Is text (starting with '{') JSON documents one a line rather than one? */
int cli_several_documents(const char *text, size_t len);
/* All of path ("-": standard input) into a NUL-terminated malloc'd buffer.
 * Returns RG_OK, or an error code with err filled (its file set). */
int cli_read_all(const char *path, char **text, size_t *len, rg_error *err);

/* ---- cli_input.c: shared by the commands ----------------------------------- */

/* A decimal integer without sign; 1 when s is one and it fits. */
int cli_parse_u64(const char *s, uint64_t *out);
/* Seconds of a monotonic clock. */
double cli_now(void);
/* The name of the long option a ("--name" or "--name=value") into name
 * (cut to cap - 1 bytes); returns the value after '=', NULL without one. */
const char *cli_split_option(const char *a, char *name, size_t cap);
/* "rulegrid: <message>" and the hint to --help on standard error; returns 2. */
int cli_usage_error(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;
/* "rulegrid: file:line: rule 3 (type): field f: message" on standard error;
 * an unknown type also names the plugin folders of reg (may be NULL). */
void cli_print_error(const rg_registry *reg, rg_error *e);
/* The registry every command reads with: RULEGRID_PLUGIN_PATH, then dirs
 * (NULL-terminated, may be NULL), then the built-in folder. NULL after
 * printing why when it cannot be loaded. */
rg_registry *cli_load_registry(const char *const *dirs);

/* ---- cli_output.c: text and JSON ------------------------------------------- */

/* The grid of values (per cell, 0 printed as '.') with box borders. */
void cli_print_grid(FILE *f, const rg_puzzle *p, const int *values);
/* The solution as one compact token: a character per position of the board
 * in reading order ('.' for a missing cell; 10 and up as A, B, ...). */
void cli_print_compact(FILE *f, const rg_puzzle *p, const int *values);
/* The counters of one search, one per line. */
void cli_print_stats(FILE *f, const rg_stats *s);

/* A JSON string literal: escaped, invalid UTF-8 replaced by U+FFFD. */
void cli_json_string(FILE *f, const char *s);
/* "key": followed by nothing (the caller writes the value); comma handled
 * by *first. */
void cli_json_key(FILE *f, int *first, const char *key);
/* key: {"rule": index, "type": its type}, for a rule a puzzle breaks. */
void cli_json_rule(FILE *f, int *first, const char *key, const rg_puzzle *p, int rule);
/* A number of microseconds: a plain decimal, never exponent or NaN. */
void cli_json_us(FILE *f, double us);
/* {"r1c1": 5, ...} for every existing cell, in reading order. */
void cli_json_solution(FILE *f, const rg_puzzle *p, const int *values);
/* {"line": ..., "rule": ..., "type": ..., "field": ..., "message": ...}. */
void cli_json_error(FILE *f, const rg_error *e);

#endif
