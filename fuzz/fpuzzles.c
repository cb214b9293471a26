/* Fuzz target: the f-puzzles converter of `rulegrid convert` (tools/fpz_read.c,
 * tools/fpz_write.c, compiled into this target as into the command). The
 * first byte picks what the rest is, by its two low bits:
 *   0, 2: f-puzzles JSON text, which the target compresses with LZ-String
 *         (base64 for 0, the URI-safe form for 2; bare or inside an
 *         f-puzzles or a SudokuPad link by bits 2 and 3), so that the
 *         reader's mapping sees JSON, as it does from a real link;
 *   1:    the string or link itself, as the bytes come (the link parsing,
 *         the percent escapes and the decompression see hostile text);
 *   3:    a rulegrid document, for the writer (convert --to fpuzzles): a
 *         document that reads goes through the round trip below, so that
 *         what the writer makes of any rule is read back and counted.
 * Checks: the string is read by fpz_parse, as the command reads it, and by
 * fpz_read, which must give the same document or the same refusal. A
 * refusal is an error with a code and a message, and gives no document; a
 * rule of the document read that the format refuses is blamed on the
 * f-puzzles key it came from, never reported as a rule of a document the
 * user did not write. A puzzle read has its bounded search checked against
 * plain backtracking (fz_search). Written to a string (fpz_write), unless
 * the writer refuses it with a format error that names the rule or field,
 * it must read again to a document that counts the same solutions
 * (bounded), and that document, written and read once more, must come back
 * the same but for "x-fpuzzles" (the string read), compared in canonical
 * form (docs/fpuzzles.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "common.h"
#include "fpuzzles.h"

#define NODES       150  /* per search */
#define CHECK_NODES 2000 /* plain backtracking */

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fz_registry();
    return 0;
}

static const char *const links[] = {
    "",
    "",
    "https://f-puzzles.com/?load=",
    "https://sudokupad.app/fpuzzles",
};

/* The string (or link) the target reads for JSON text json[0..n), by mode:
 * NULL when LZ-String refuses the text (not UTF-8), which is a refusal of
 * the input, not a finding. Free with free. */
static char *wrapped(const char *json, size_t n, unsigned mode)
{
    rg_error err;
    const int uri = mode >> 1 & 1;
    char *s = rg_lzstring_compress(json, n, uri, &err);
    if (!s) {
        if (err.code != RG_E_FORMAT) fz_fail("rg_lzstring_compress: code %d", err.code);
        return NULL;
    }
    const char *link = links[mode >> 2 & 3];
    size_t a = strlen(link), b = strlen(s);
    char *out = malloc(a + b + 1);
    if (!out) fz_fail("no memory");
    memcpy(out, link, a);
    memcpy(out + a, s, b + 1);
    rg_string_free(s);
    return out;
}

/* A refusal: a code, a message, no document. */
static void refused(int rc, const rg_error *err, const void *doc, const char *what)
{
    if (doc) fz_fail("%s refused (code %d) but gave a document", what, rc);
    if (rc != err->code) fz_fail("%s returned %d, its error says %d", what, rc, err->code);
    if (rc != RG_E_FORMAT && rc != RG_E_LIMIT)
        fz_fail("%s refused with code %d: %s", what, rc, err->message);
    if (!err->message[0]) fz_fail("%s refused without a message", what);
}

/* doc in canonical form (format.md 7: rules grouped by type, each type's
 * in the order read) without x-fpuzzles; free with rg_string_free. */
static char *canonical(const char *doc)
{
    cJSON *j = cJSON_Parse(doc);
    if (!j) fz_fail("a converted document is not JSON:\n%s", doc);
    cJSON_DeleteItemFromObject(j, "x-fpuzzles");
    char *text = cJSON_PrintUnformatted(j);
    cJSON_Delete(j);
    if (!text) fz_fail("no memory");
    rg_puzzle *p =
        fz_parse_or_fail(text, "converted.json", "a converted document without x-fpuzzles");
    rg_error err;
    char *w = rg_puzzle_write(p, RG_WRITE_LINE, &err);
    if (!w) fz_fail("cannot write a converted document: %s", err.message);
    rg_puzzle_free(p);
    cJSON_free(text); /* (cJSON allocates through the library's hooks) */
    return w;
}

/* a and b are the same document but for x-fpuzzles: the same in canonical
 * form (f-puzzles keeps constraints by kind, not in one list, so the order
 * of rules of different types may change on the way; the canonical form
 * groups them by type). */
static void same_document(const char *a, const char *b)
{
    char *ca = canonical(a), *cb = canonical(b);
    if (strcmp(ca, cb) != 0)
        fz_fail("written to f-puzzles and read again, the document differs:\n%s\n-- then --\n%s",
                ca, cb);
    rg_string_free(ca);
    rg_string_free(cb);
}

/* p written to an f-puzzles string and read again into *again (a document
 * the format reads, returned); NULL when the writer refuses p with a
 * format error. */
static rg_puzzle *write_read(const rg_puzzle *p, const char *doc, char **again)
{
    rg_error err;
    rg_error_clear(&err);
    char *w = fpz_write(p, &err);
    if (!w) {
        refused(err.code, &err, NULL, "fpz_write");
        if (err.rule < 0 && !err.field[0])
            fz_fail("fpz_write refused without naming a rule or a field: %s", err.message);
        return NULL;
    }
    rg_puzzle *q = NULL;
    rg_error_clear(&err);
    if (fpz_parse(fz_registry(), w, strlen(w), "written.txt", 0, &q, again, &err) != RG_OK)
        fz_fail("the string written does not read again (%s: %s):\n%s\n%s", err.field, err.message,
                w, doc);
    free(w);
    return q;
}

/* p (read from doc, or doc itself) written and read again counts the same
 * solutions. An f-puzzles string may say one thing two ways (a cell odd by
 * its candidates, others by the odd list), which the writer says one way
 * (one odd list), and keeps rules by kind, not in one list; so the first
 * round trip may change the document. From then on it is a fixpoint:
 * written and read again, the document read again is the same. */
static void round_trip(const rg_puzzle *p, const char *doc, uint64_t h)
{
    char *doc2 = NULL, *doc3 = NULL;
    rg_puzzle *p2 = write_read(p, doc, &doc2);
    if (!p2) return;
    rg_solver *s = rg_solver_new();
    if (!s) fz_fail("no memory for a solver");
    fz_same_count(s, p, p2, h, NODES, "written to f-puzzles and read again");
    rg_solver_free(s);
    rg_puzzle *p3 = write_read(p2, doc2, &doc3);
    if (!p3) fz_fail("a document read from f-puzzles cannot be written back:\n%s", doc2);
    same_document(doc2, doc3);
    rg_puzzle_free(p3);
    rg_puzzle_free(p2);
    free(doc3);
    free(doc2);
}

/* Mode 3: a rulegrid document text[0..n) (NUL-terminated) for the writer. */
static void writer_input(const char *text, size_t n, uint64_t h)
{
    rg_puzzle *p = NULL;
    rg_error err;
    if (rg_puzzle_parse(fz_registry(), text, n, "fuzz.json", 0, &p, &err) != RG_OK) return;
    round_trip(p, text, h);
    rg_puzzle_free(p);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) return 0;
    size_t before = fz_begin();
    const unsigned mode = data[0];
    const char *rest = (const char *)data + 1;
    char *text = NULL;
    size_t n = size - 1;
    if (mode & 1) {
        text = malloc(n + 1);
        if (!text) fz_fail("no memory");
        memcpy(text, rest, n);
        text[n] = 0;
        if ((mode & 3) == 3) {
            writer_input(text, n, fz_hash(data, size));
            free(text);
            fz_end(before);
            return 0;
        }
    } else if (!(text = wrapped(rest, n, mode))) {
        fz_end(before);
        return 0;
    } else {
        n = strlen(text);
    }
    if (fz_verbose()) fprintf(stderr, "read: %s\n", text);
    char *doc = NULL, *read = NULL;
    rg_puzzle *p = NULL;
    rg_error err, rerr;
    rg_error_clear(&err);
    int rc = fpz_parse(fz_registry(), text, n, "fuzz.txt", 0, &p, &doc, &err);
    /* fpz_read gives the same document, or the same refusal when it is the
     * reader's (a refusal of the document read is fpz_parse's alone). */
    int rrc = fpz_read(text, n, &read, &rerr);
    if (rrc != RG_OK && (rrc != rc || strcmp(rerr.message, err.message) != 0))
        fz_fail("fpz_read refused (%s), fpz_parse said %d (%s)", rerr.message, rc, err.message);
    if (rc == RG_OK && (rrc != RG_OK || strcmp(read, doc) != 0))
        fz_fail("fpz_parse and fpz_read read different documents");
    free(read);
    if (rc != RG_OK) {
        refused(rc, &err, p, "fpz_parse");
        if (err.rule >= 0)
            fz_fail("a rule of the document read is refused, not blamed on its key: %s",
                    err.message);
        if (doc) fz_fail("fpz_parse refused but gave the document");
    } else {
        if (!doc || !p) fz_fail("fpz_parse succeeded without a document");
        if (fz_verbose()) fprintf(stderr, "%s\n", doc);
        fz_search(p, fz_hash(data, size), NODES, CHECK_NODES);
        round_trip(p, doc, fz_hash(data, size) >> 8);
        rg_puzzle_free(p);
        free(doc);
    }
    free(text);
    fz_end(before);
    return 0;
}
