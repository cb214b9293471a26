/* Propagators that break their contract, for tests/test_limits.c:
 * - test.loop answers RG_PROP_NOFIX every time without narrowing anything
 *   (the host would run it for ever);
 * - test.status answers 7, which is no RG_PROP_* status;
 * - test.slow narrows nothing, answers RG_PROP_FIX, and costs about a
 *   millisecond a run (to show that time limits end long propagations);
 * - test.fickle holds for its first "after" runs since its rule was compiled
 *   and fails every run from then on: no function of its space, it breaks
 *   the search's recomputation of a space (tests/test_recompute.c).
 * Each watches the cells of its "cells" field.
 * - test.crash's propagator raises SIGSEGV, as a plugin's fault would
 *   (tests/cli/verify.sh: what verify says before the process dies);
 * - test.code's compile reads its "code" field and returns that number
 *   without recording an error, and its link returns "link" (when given)
 *   the same way: hooks that break the return-code contract.
 * - test.sleep's compile sleeps "compile" milliseconds and its link "link"
 *   (both optional, 0 by default): a document of them is as slow to build as
 *   asked (tests/test_limits.c: time limits end reading). */
#define _POSIX_C_SOURCE 200809L /* nanosleep */
#include <signal.h>
#include <stdint.h>
#include <time.h>

#include "rulegrid/plugin.h"

static const rg_host *host;

static int loop(rg_space *sp, void *data)
{
    (void)sp, (void)data;
    return RG_PROP_NOFIX;
}

static int status(rg_space *sp, void *data)
{
    (void)sp, (void)data;
    return 7;
}

static int slow(rg_space *sp, void *data)
{
    (void)sp, (void)data;
    volatile unsigned long x = 0;
    for (unsigned long i = 0; i < 300000; i++) x += i;
    (void)x; /* (read once: clang warns of a variable only ever written) */
    return RG_PROP_FIX;
}

static long fickle_runs, fickle_after;

static int fickle(rg_space *sp, void *data)
{
    (void)sp, (void)data;
    return ++fickle_runs > fickle_after ? RG_PROP_FAIL : RG_PROP_FIX;
}

static int crash(rg_space *sp, void *data)
{
    (void)sp, (void)data;
    raise(SIGSEGV);
    return RG_PROP_FIX;
}

static int holds(const int *values, void *data)
{
    (void)values, (void)data;
    return 1;
}

static int compile(rg_build *b, rg_rule *r, int (*fn)(rg_space *, void *), const char *name)
{
    const int *cells;
    int n;
    int rc = host->read_cells(b, r, "cells", 0, 1, 0, &cells, &n);
    if (rc != RG_OK) return rc;
    rg_propagator def = {.size = sizeof def,
                         .name = name,
                         .family = "test",
                         .cost = RG_COST_LINEAR,
                         .propagate = fn,
                         .check = holds};
    return host->add_propagator(b, &def, NULL, cells, n, RG_EV_DOMAIN);
}

static int compile_loop(rg_build *b, rg_rule *r, void **data)
{
    (void)data;
    return compile(b, r, loop, "test_loop");
}

static int compile_status(rg_build *b, rg_rule *r, void **data)
{
    (void)data;
    return compile(b, r, status, "test_status");
}

static int compile_slow(rg_build *b, rg_rule *r, void **data)
{
    (void)data;
    return compile(b, r, slow, "test_slow");
}

static int compile_crash(rg_build *b, rg_rule *r, void **data)
{
    (void)data;
    return compile(b, r, crash, "test_crash");
}

static int compile_fickle(rg_build *b, rg_rule *r, void **data)
{
    (void)data;
    int rc = host->read_int(b, r, "after", 0, 0, 1000000, &fickle_after);
    if (rc != RG_OK) return rc;
    fickle_runs = 0;
    return compile(b, r, fickle, "test_fickle");
}

static int compile_code(rg_build *b, rg_rule *r, void **data)
{
    long code = 0, link = 0;
    int rc = host->read_int(b, r, "code", 0, -1000, 1000, &code);
    if (rc == RG_OK) rc = host->read_int(b, r, "link", RG_F_OPTIONAL, -1000, 1000, &link);
    if (rc != RG_OK && rc != RG_ABSENT) return rc;
    *data = (void *)(intptr_t)link;
    return (int)code;
}

static int link_code(rg_build *b, rg_rule *r, void *data)
{
    (void)b, (void)r;
    return (int)(intptr_t)data;
}

static void sleep_ms(long ms)
{
    struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
    while (nanosleep(&t, &t) != 0) continue; /* (interrupted: the rest) */
}

static int compile_sleep(rg_build *b, rg_rule *r, void **data)
{
    long ms = 0, link = 0;
    int rc = host->read_int(b, r, "compile", RG_F_OPTIONAL, 0, 10000, &ms);
    if (rc == RG_OK || rc == RG_ABSENT)
        rc = host->read_int(b, r, "link", RG_F_OPTIONAL, 0, 10000, &link);
    if (rc != RG_OK && rc != RG_ABSENT) return rc;
    sleep_ms(ms);
    *data = (void *)(intptr_t)link;
    return RG_OK;
}

static int link_sleep(rg_build *b, rg_rule *r, void *data)
{
    (void)b, (void)r;
    sleep_ms((long)(intptr_t)data);
    return RG_OK;
}

static const rg_rule_type types[] = {
    {.size = sizeof(rg_rule_type), .name = "test.loop", .family = "test", .compile = compile_loop},
    {.size = sizeof(rg_rule_type),
     .name = "test.status",
     .family = "test",
     .compile = compile_status},
    {.size = sizeof(rg_rule_type), .name = "test.slow", .family = "test", .compile = compile_slow},
    {.size = sizeof(rg_rule_type),
     .name = "test.fickle",
     .family = "test",
     .compile = compile_fickle},
    {.size = sizeof(rg_rule_type),
     .name = "test.crash",
     .family = "test",
     .compile = compile_crash},
    {.size = sizeof(rg_rule_type),
     .name = "test.code",
     .family = "test",
     .compile = compile_code,
     .link = link_code},
    {.size = sizeof(rg_rule_type),
     .name = "test.sleep",
     .family = "test",
     .compile = compile_sleep,
     .link = link_sleep},
};

RG_PLUGIN_DEFINE("broken", "1", "propagators that break their contract, for tests", host, types,
                 NULL);
