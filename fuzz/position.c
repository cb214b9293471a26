/* Fuzz target: the reader of positions, rg_position_parse (the text of
 * --state). The first byte chooses the board (9 x 9, one with holes, 4 x 4,
 * 16 digits); the rest is the text. A text is read or refused:
 * - refused: RG_E_FORMAT with a message, every value and candidate 0, and
 *   rg_error_format's line free of control characters;
 * - read: every value a digit of the board, every candidate set within the
 *   digits and not empty, a placed cell's candidates keeping its digit;
 *   written back as the JSON form (and, on boards of 9 digits or fewer
 *   without candidates, as the line form) it reads again to the same
 *   position. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"

#define DOC(board) "{\"format\": \"rulegrid\", \"version\": 1, \"board\": " board ", \"rules\": []}"

static const char *const board_texts[] = {
    DOC("{\"rows\": 9, \"columns\": 9, \"digits\": 9}"),
    DOC("{\"rows\": 3, \"columns\": 4, \"digits\": 4, \"cells\": [\"r1c1:r2c2\", \"r3c4\", "
        "\"r2c4\"]}"),
    DOC("{\"rows\": 4, \"columns\": 4, \"digits\": 4}"),
    DOC("{\"rows\": 4, \"columns\": 4, \"digits\": 16}"),
};
#define BOARDS (int)(sizeof board_texts / sizeof board_texts[0])

static rg_puzzle *boards[BOARDS];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    for (int i = 0; i < BOARDS; i++) {
        rg_error err;
        const char *t = board_texts[i];
        if (rg_puzzle_parse(fz_registry(), t, strlen(t), "board", 0, &boards[i], &err) != RG_OK)
            fz_fail("board %d: %s", i, err.message);
    }
    return 0;
}

/* The position as the JSON form: cells, then candidates, in cell order. */
static char *as_json(const rg_puzzle *p, const int *values, const rg_mask *cands)
{
    int N = rg_puzzle_cells(p);
    size_t cap = 64 + (size_t)N * 160, at = 0;
    char *t = malloc(cap), name[32];
    if (!t) fz_fail("out of memory");
    at += (size_t)snprintf(t + at, cap - at, "{\"cells\": {");
    for (int c = 0, k = 0; c < N; c++) {
        if (!values[c]) continue;
        rg_puzzle_cell_name(p, c, name, sizeof name);
        at += (size_t)snprintf(t + at, cap - at, "%s\"%s\": %d", k++ ? ", " : "", name, values[c]);
    }
    at += (size_t)snprintf(t + at, cap - at, "}, \"candidates\": {");
    for (int c = 0, k = 0; c < N; c++) {
        if (!cands[c]) continue;
        rg_puzzle_cell_name(p, c, name, sizeof name);
        at += (size_t)snprintf(t + at, cap - at, "%s\"%s\": [", k++ ? ", " : "", name);
        for (int d = 0, j = 0; d < 32; d++)
            if (cands[c] >> d & 1u)
                at += (size_t)snprintf(t + at, cap - at, "%s%d", j++ ? ", " : "", d + 1);
        at += (size_t)snprintf(t + at, cap - at, "]");
    }
    snprintf(t + at, cap - at, "}}");
    return t;
}

/* text reads to exactly values and cands. */
static void reads_as(const rg_puzzle *p, const char *text, const int *values, const rg_mask *cands,
                     const char *what)
{
    int N = rg_puzzle_cells(p);
    int *v = malloc((size_t)N * sizeof *v);
    rg_mask *m = malloc((size_t)N * sizeof *m);
    if (!v || !m) fz_fail("out of memory");
    rg_error err;
    if (rg_position_parse(p, text, strlen(text), NULL, v, m, &err) != RG_OK)
        fz_fail("%s does not read back: %s (%s)", what, err.message, text);
    if (memcmp(v, values, (size_t)N * sizeof *v) || memcmp(m, cands, (size_t)N * sizeof *m))
        fz_fail("%s reads back to another position: %s", what, text);
    free(v);
    free(m);
}

static void check(const rg_puzzle *p, const char *text, size_t len)
{
    int N = rg_puzzle_cells(p), D = rg_puzzle_digits(p);
    rg_mask full = D >= 32 ? ~(rg_mask)0 : ((rg_mask)1 << D) - 1;
    int *values = malloc((size_t)N * sizeof *values);
    rg_mask *cands = malloc((size_t)N * sizeof *cands);
    if (!values || !cands) fz_fail("out of memory");
    memset(values, 0x5a, (size_t)N * sizeof *values); /* the reader sets every entry */
    memset(cands, 0x5a, (size_t)N * sizeof *cands);
    rg_error err;
    int rc = rg_position_parse(p, text, len, "--state", values, cands, &err);
    if (rc != RG_OK) {
        if (rc != RG_E_FORMAT) fz_fail("status %d for a text (no allocation fails here)", rc);
        if (!err.message[0]) fz_fail("a refusal without a message");
        if (strcmp(err.file, "--state")) fz_fail("the refusal names file '%s'", err.file);
        for (int c = 0; c < N; c++)
            if (values[c] || cands[c]) fz_fail("a refused position left cell %d set", c);
        char line[1024];
        rg_error_format(&err, line, sizeof line);
        for (const unsigned char *s = (const unsigned char *)line; *s; s++)
            if (*s < 0x20 || *s == 0x7f) fz_fail("control byte 0x%02x in \"%s\"", *s, line);
    } else {
        int any_cand = 0;
        for (int c = 0; c < N; c++) {
            if (values[c] < 0 || values[c] > D) fz_fail("cell %d holds %d", c, values[c]);
            if (cands[c] & ~full) fz_fail("cell %d has candidates past %d", c, D);
            if (values[c] && cands[c] && !(cands[c] >> (values[c] - 1) & 1u))
                fz_fail("cell %d is placed as %d, which its candidates drop", c, values[c]);
            any_cand |= cands[c] != 0;
        }
        char *json = as_json(p, values, cands);
        reads_as(p, json, values, cands, "the JSON form");
        free(json);
        if (D <= 9 && !any_cand) {
            int rows = rg_puzzle_rows(p), cols = rg_puzzle_columns(p);
            char *l = malloc((size_t)rows * (size_t)cols + 1);
            if (!l) fz_fail("out of memory");
            for (int r = 1, k = 0; r <= rows; r++)
                for (int col = 1; col <= cols; col++, k++) {
                    int c = rg_puzzle_cell_at(p, r, col);
                    l[k] = c >= 0 && values[c] ? (char)('0' + values[c]) : '.';
                }
            l[rows * cols] = 0;
            reads_as(p, l, values, cands, "the line form");
            free(l);
        }
    }
    free(values);
    free(cands);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) return 0;
    size_t before = fz_begin();
    const rg_puzzle *p = boards[data[0] % BOARDS];
    check(p, (const char *)data + 1, size - 1);
    fz_end(before);
    return 0;
}
