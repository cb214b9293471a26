/* RG_PLUGIN_DEFINE with a setup function, for tests/test_plugin_define.c:
 * two types registered in order; with T_SETUP_FAIL the setup refuses. */
#include "rulegrid/plugin.h"

static const rg_host *host;
static const rg_host *seen; /* what setup was handed */

/* "test.define_a" holds when setup ran with the host init keeps. */
static int compile(rg_build *b, rg_rule *r, void **data)
{
    (void)data;
    if (!host) return RG_E_INTERNAL;
    return seen == host ? RG_OK : host->error(b, r, NULL, "setup did not see the host");
}

static int setup(const rg_host *h)
{
    seen = h;
#ifdef T_SETUP_FAIL
    return RG_E_PLUGIN;
#else
    return h == host ? RG_OK : RG_E_INTERNAL; /* host is set before setup runs */
#endif
}

static const rg_rule_type types[] = {
    {.size = sizeof(rg_rule_type), .name = "test.define_a", .family = "test", .compile = compile},
    {.size = sizeof(rg_rule_type), .name = "test.define_b", .family = "test", .compile = compile},
};

RG_PLUGIN_DEFINE("define", "1", "RG_PLUGIN_DEFINE with a setup", host, types, setup);
