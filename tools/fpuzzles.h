/* f-puzzles strings (fpz_read.c, fpz_write.c), a converter of the command
 * built on the public API: the mapping of docs/fpuzzles.md both ways. The
 * core knows no rule type by name, so the mapping lives here; LZ-String is
 * the library's (rg_lzstring_*). */
#ifndef RG_TOOLS_FPUZZLES_H
#define RG_TOOLS_FPUZZLES_H

#include <stddef.h>

#include "rulegrid/rulegrid.h"

/* The largest f-puzzles board read or written. */
enum { RG_FPZ_MAX = 16 };

/* The rulegrid document that the f-puzzles string in text[0..len) means:
 * the string bare, or a link that carries it (f-puzzles ?load=, SudokuPad
 * /fpuzzles or ?fpuzzles=). The document keeps the title, author and
 * ruleset (meta) and the string itself ("x-fpuzzles"). A key without a
 * rulegrid reading is an RG_E_FORMAT error naming it (err->field). Returns
 * RG_OK and *doc (JSON text, free with free), or an error. */
int fpz_read(const char *text, size_t len, char **doc, rg_error *err);
/* fpz_read, then the document read parsed (rg_puzzle_parse under reg, with
 * file and line for its errors) into *p, and its text into *doc unless doc
 * is NULL (free with free). A rule of that document the format refuses is
 * blamed on the f-puzzles key it was read from: err->field names the key,
 * err->rule is -1, and the message says which rule the key became and what
 * is wrong with it (the document is the converter's, not the user's).
 * Returns RG_OK or the error's code, with *p and *doc NULL. */
int fpz_parse(rg_registry *reg, const char *text, size_t len, const char *file, long line,
              rg_puzzle **p, char **doc, rg_error *err);
/* p as an f-puzzles string (LZ-String base64 of its f-puzzles JSON), or NULL
 * with err set: RG_E_FORMAT naming the rule (index and type) that f-puzzles
 * cannot express, RG_E_NOMEM. Free with free. */
char *fpz_write(const rg_puzzle *p, rg_error *err);
/* Fill err (code, field, printf-style message; rule and type untouched).
 * Returns code. */
int fpz_error(rg_error *err, int code, const char *field, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/* The default box of an N x N f-puzzles board: height h (the largest
 * divisor of N with h * h <= N) into *h, width N / h into *w. */
void fpz_default_box(int n, int *h, int *w);
/* The line of cells an outside clue at (row, col) (0 or n+1 on one axis,
 * 1-based) reads, from the clue inwards: first cell into *r, *c, step into
 * *dr, *dc. 0, or -1 when (row, col) is no such position. */
int fpz_outside_line(int n, int row, int col, int *r, int *c, int *dr, int *dc);
/* The diagonal of a little killer clue at (row, col) outside the grid (0
 * or n+1 on an axis, 1-based) read in direction (dr, dc), each -1 or 1:
 * its cells from the clue to the far edge into r[], c[] (room for n each).
 * Returns their count, 0 when (row, col) is not outside the grid or the
 * diagonal holds no cell. */
int fpz_diagonal(int n, int row, int col, int dr, int dc, int *r, int *c);
/* The f-puzzles key of lines of rulegrid kind `kind` into *key; the fewest
 * cells such a line has for the reader into *min_len, and into *drop_len
 * the most cells of a line it drops (f-puzzles reads so short a line as no
 * constraint; 0: none is dropped). 0, or -1 when f-puzzles has no such line. */
int fpz_line_kind(const char *kind, const char **key, int *min_len, int *drop_len);

#endif
