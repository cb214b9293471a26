/* Plugins that register rule types the loader must refuse or roll back,
 * chosen by the compile definitions below. */
#include <stddef.h>

#include "rulegrid/plugin.h"

/* T_DUP       registers "test.dup" (after a type of its own, T_OWN)
 * T_NOCOMPILE registers "test.nocompile" without a compile function
 * T_NONAME    registers a type with an empty name
 * T_INITFAIL  registers "test.initfail" and then reports failure
 * T_LATE      keeps the registrar and tries to register again from compile
 * T_SELFDUP   registers "test.selfdup" twice
 * T_NONE      loads and registers no type at all */
static const rg_host *host;
static rg_registrar *kept;

static int compile(rg_build *b, rg_rule *r, void **data)
{
    (void)data;
#ifdef T_LATE
    static const rg_rule_type later = {.size = sizeof(rg_rule_type),
                                       .name = "test.later",
                                       .family = "test",
                                       .compile = compile,
                                       .link = NULL};
    if (host->register_type(kept, &later) == RG_OK)
        return host->error(b, r, NULL, "a late registration was accepted");
#else
    (void)b, (void)r;
#endif
    return RG_OK;
}

#ifdef T_OWN
static const rg_rule_type own = {.size = sizeof(rg_rule_type),
                                 .name = T_OWN,
                                 .family = "test",
                                 .compile = compile,
                                 .link = NULL};
#endif
static const rg_rule_type types[] = {
#ifdef T_DUP
    {.size = sizeof(rg_rule_type),
     .name = "test.dup",
     .family = "test",
     .compile = compile,
     .link = NULL},
#endif
#ifdef T_NOCOMPILE
    {.size = sizeof(rg_rule_type),
     .name = "test.nocompile",
     .family = "test",
     .compile = NULL,
     .link = NULL},
#endif
#ifdef T_NONAME
    {.size = sizeof(rg_rule_type), .name = "", .family = "test", .compile = compile, .link = NULL},
#endif
#ifdef T_INITFAIL
    {.size = sizeof(rg_rule_type),
     .name = "test.initfail",
     .family = "test",
     .compile = compile,
     .link = NULL},
#endif
#ifdef T_SELFDUP
    {.size = sizeof(rg_rule_type),
     .name = "test.selfdup",
     .family = "test",
     .compile = compile,
     .link = NULL},
    {.size = sizeof(rg_rule_type),
     .name = "test.selfdup",
     .family = "test",
     .compile = compile,
     .link = NULL},
#endif
#ifdef T_NONE
    {.size = sizeof(rg_rule_type), /* (never registered: an array holds one) */
     .name = "test.none",
     .family = "test",
     .compile = compile,
     .link = NULL},
#endif
#ifdef T_LATE
    {.size = sizeof(rg_rule_type),
     .name = "test.late",
     .family = "test",
     .compile = compile,
     .link = NULL},
#endif
};

static int init(const rg_host *h, rg_registrar *reg)
{
    host = h;
    kept = reg;
    int rc;
#ifdef T_OWN
    rc = h->register_type(reg, &own);
    if (rc != RG_OK) return rc;
#endif
#ifdef T_NONE
    return RG_OK;
#endif
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++) {
        rc = h->register_type(reg, &types[i]);
        if (rc != RG_OK) return rc;
    }
#ifdef T_INITFAIL
    return RG_E_PLUGIN;
#else
    return RG_OK;
#endif
}

RG_PLUGIN_EXPORT const rg_plugin_info *rulegrid_plugin_entry(void)
{
    static const rg_plugin_info info = RG_PLUGIN_INFO("types", "1", "rule types to refuse", init);
    return &info;
}
