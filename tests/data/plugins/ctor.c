/* A shared object whose constructor leaves a mark: it appends its name to
 * the file named by RG_TEST_CTOR_MARK. Built without the entry (a stray
 * library: the loader must not dlopen it, so no mark) and, with T_ENTRY,
 * as a plugin (dlopen'ed, so a mark: the test's control). */
#include <stdio.h>
#include <stdlib.h>

#include "rulegrid/plugin.h"

__attribute__((constructor)) static void leave_mark(void)
{
    const char *path = getenv("RG_TEST_CTOR_MARK");
    if (!path || !*path) return;
    FILE *f = fopen(path, "a");
    if (!f) return;
    fputs(T_NAME "\n", f);
    fclose(f);
}

#ifdef T_ENTRY
static const rg_host *host;

static int compile(rg_build *b, rg_rule *r, void **data)
{
    (void)b, (void)r, (void)data;
    return RG_OK;
}

static const rg_rule_type types[] = {
    {.size = sizeof(rg_rule_type), .name = "test.ctor", .family = "test", .compile = compile},
};

RG_PLUGIN_DEFINE("ctor", "0", "a plugin with a constructor", host, types, NULL);
#else
/* Something exported, so that the library is not empty. */
RG_PLUGIN_EXPORT int rulegrid_ctor_stray(void);

RG_PLUGIN_EXPORT int rulegrid_ctor_stray(void) { return 7; }
#endif
