/* A plugin whose descriptor the build can spoil one fact at a time (magic,
 * ABI, mask size, digits, descriptor size) through compile definitions, so
 * that the loader tests meet each mismatch alone. */
#include "rulegrid/plugin.h"

#ifndef T_MAGIC
#define T_MAGIC RG_ABI_MAGIC
#endif
#ifndef T_ABI
#define T_ABI RG_ABI_VERSION
#endif
#ifndef T_MASK_SIZE
#define T_MASK_SIZE sizeof(rg_mask)
#endif
#ifndef T_MAX_DIGITS
#define T_MAX_DIGITS RG_MAX_DIGITS
#endif
#ifndef T_SIZE
#define T_SIZE sizeof(rg_plugin_info)
#endif

static int compile(rg_build *b, rg_rule *r, void **data)
{
    (void)b, (void)r, (void)data;
    return RG_OK;
}

static const rg_rule_type type = {.size = sizeof(rg_rule_type),
                                  .name = "test.abi",
                                  .family = "test",
                                  .compile = compile,
                                  .link = NULL};

static int init(const rg_host *host, rg_registrar *reg) { return host->register_type(reg, &type); }

RG_PLUGIN_EXPORT const rg_plugin_info *rulegrid_plugin_entry(void)
{
    static const rg_plugin_info info = {T_SIZE,       T_MAGIC, T_ABI, (uint32_t)T_MASK_SIZE,
                                        T_MAX_DIGITS, "abi",   "0",   "a spoiled descriptor",
                                        init};
    return &info;
}
