/* Fuzz target: `fmt` round trips. A document that reads is written in both
 * forms (one line, pretty) with or without its solution; each written text
 * must read back, write again to the same bytes in either form, and count
 * the same solutions (to 2, bounded) as the document it came from. */
#include <stdio.h>
#include <string.h>

#include "common.h"

#define NODES 300

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fz_registry();
    return 0;
}

static char *write_or_fail(const rg_puzzle *p, unsigned flags, const char *what)
{
    rg_error err;
    char *w = rg_puzzle_write(p, flags, &err);
    if (!w) {
        char buf[1024];
        rg_error_format(&err, buf, sizeof buf);
        fz_fail("cannot write the %s (flags %u): %s", what, flags, buf);
    }
    return w;
}

static void same(const char *a, const char *b, const char *what)
{
    if (strcmp(a, b) != 0) fz_fail("%s differs:\n%s\n-- then --\n%s", what, a, b);
}

static void round_trip(const rg_puzzle *p, uint64_t h)
{
    unsigned extra = h & 1 ? RG_WRITE_NO_SOLUTION : 0;
    char *line = write_or_fail(p, RG_WRITE_LINE | extra, "document");
    char *pretty = write_or_fail(p, RG_WRITE_PRETTY | extra, "document");
    if (fz_verbose()) fprintf(stderr, "%s\n", pretty);
    if (strchr(line, '\n')) fz_fail("a one-line document holds a newline:\n%s", line);
    char what[64];
    snprintf(what, sizeof what, "the written document (flags %u)", extra);
    rg_puzzle *q = fz_parse_or_fail(h & 2 ? line : pretty, "written.json", what);
    char *line2 = write_or_fail(q, RG_WRITE_LINE | extra, "document read back");
    char *pretty2 = write_or_fail(q, RG_WRITE_PRETTY | extra, "document read back");
    same(line, line2, "the one-line form written, read back and written again");
    same(pretty, pretty2, "the pretty form written, read back and written again");
    rg_solver *s = rg_solver_new();
    if (!s) fz_fail("no memory for a solver");
    fz_same_count(s, p, q, h >> 2, NODES, "written and read back");
    rg_solver_free(s);
    rg_puzzle_free(q);
    rg_string_free(line);
    rg_string_free(pretty);
    rg_string_free(line2);
    rg_string_free(pretty2);
}

static void take(const rg_puzzle *p, const uint8_t *data, size_t size, uint64_t h)
{
    (void)data, (void)size;
    round_trip(p, h);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return fz_each_document(data, size, take);
}
