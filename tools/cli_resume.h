/* --resume OUT.jsonl of solve, count, check and candidates: the results OUT
 * holds already (keyed by file and index), the exit status they call for,
 * and OUT opened for appending the rest (docs/cli.md, "Resuming a run"). */
#ifndef RG_CLI_RESUME_H
#define RG_CLI_RESUME_H

#include <stdio.h>

typedef struct cli_resume cli_resume;
struct cli_options;

/* The --resume of the command line of command cmd: without it *r is NULL
 * and *out untouched; with it (only with --json, not with -q) OUT is read
 * by cli_resume_open. Returns 0, or after printing why the exit status 2. */
int cli_resume_start(int cmd, const struct cli_options *o, cli_resume **r, FILE **out);
/* The end of the run: frees r and closes out (when r is not NULL). Returns
 * rc, or 2 after printing why when the results could not all be written. */
int cli_resume_finish(cli_resume *r, FILE *out, int rc);

/* Reads path (a missing file is an empty one), cuts a last line without
 * its newline, and opens it for appending into *out. Returns 0 with *r
 * set, or after printing why ("rulegrid: --resume: ...") the exit status 2. */
int cli_resume_open(const char *path, cli_resume **r, FILE **out);
/* Does OUT hold the result of entry index of file (NULL: the only input)? */
int cli_resume_has(const cli_resume *r, const char *file, long index);
/* The exit status the results OUT held call for (docs/cli.md, Exit status). */
int cli_resume_exit(const cli_resume *r);
/* How many results OUT held. */
long cli_resume_count(const cli_resume *r);
void cli_resume_free(cli_resume *r);

#endif
