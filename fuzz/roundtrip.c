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

static rg_puzzle *read_or_fail(const char *text, unsigned flags)
{
    rg_puzzle *p = NULL;
    rg_error err;
    if (rg_puzzle_parse(fz_registry(), text, strlen(text), "written.json", 0, &p, &err) != RG_OK) {
        char buf[1024];
        rg_error_format(&err, buf, sizeof buf);
        fz_fail("the written document (flags %u) does not read back: %s\n%s", flags, buf, text);
    }
    return p;
}

static void same(const char *a, const char *b, const char *what)
{
    if (strcmp(a, b) != 0) fz_fail("%s differs:\n%s\n-- then --\n%s", what, a, b);
}

/* The same count (when both searches finish) for p and q. */
static void same_count(rg_solver *s, const rg_puzzle *p, const rg_puzzle *q, uint64_t h)
{
    rg_options o;
    rg_result rp, rq;
    fz_options(&o, h, NODES);
    fz_solve(s, p, &o, &rp);
    fz_solve(s, q, &o, &rq);
    if (fz_decided(&rp) && fz_decided(&rq) &&
        (rp.status != rq.status || rp.solutions != rq.solutions))
        fz_fail("read: %s (%ld solutions); written and read back: %s (%ld) (strategy %s)",
                rg_status_name(rp.status), rp.solutions, rg_status_name(rq.status), rq.solutions,
                rg_strategy_name(o.strategy));
}

static void round_trip(const rg_puzzle *p, uint64_t h)
{
    unsigned extra = h & 1 ? RG_WRITE_NO_SOLUTION : 0;
    char *line = write_or_fail(p, RG_WRITE_LINE | extra, "document");
    char *pretty = write_or_fail(p, RG_WRITE_PRETTY | extra, "document");
    if (fz_verbose()) fprintf(stderr, "%s\n", pretty);
    if (strchr(line, '\n')) fz_fail("a one-line document holds a newline:\n%s", line);
    rg_puzzle *q = read_or_fail(h & 2 ? line : pretty, extra);
    char *line2 = write_or_fail(q, RG_WRITE_LINE | extra, "document read back");
    char *pretty2 = write_or_fail(q, RG_WRITE_PRETTY | extra, "document read back");
    same(line, line2, "the one-line form written, read back and written again");
    same(pretty, pretty2, "the pretty form written, read back and written again");
    rg_solver *s = rg_solver_new();
    if (!s) fz_fail("no memory for a solver");
    same_count(s, p, q, h >> 2);
    rg_solver_free(s);
    rg_puzzle_free(q);
    rg_string_free(line);
    rg_string_free(pretty);
    rg_string_free(line2);
    rg_string_free(pretty2);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    size_t before = fz_begin();
    rg_puzzle *p = NULL;
    rg_error err;
    if (rg_puzzle_parse(fz_registry(), (const char *)data, size, "fuzz.json", 0, &p, &err) ==
        RG_OK) {
        round_trip(p, fz_hash(data, size));
        rg_puzzle_free(p);
    }
    fz_end(before);
    return 0;
}
