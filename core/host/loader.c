/* Opening one plugin file: its ELF symbol table read for the entry before
 * dlopen (so that a library without it never runs its constructors), then
 * dlopen, its entry function, and the magic block compared before anything
 * else of the plugin runs. What the plugin registers is registry.c's. */
#include <dlfcn.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "base/error.h"
#include "host/elf.h"
#include "host/loader.h"

/* The size of the first ABI-1 descriptor: a plugin's descriptor may be
 * larger (built against a later header) but never smaller. */
#define INFO_V1_SIZE (offsetof(rg_plugin_info, init) + sizeof(void (*)(void)))

int rg_loader_error(rg_error *err, const char *file, const char *fmt, ...)
{
    if (!err) return RG_E_PLUGIN;
    va_list ap;
    va_start(ap, fmt);
    rg_error_setv(err, RG_E_PLUGIN, NULL, fmt, ap);
    va_end(ap);
    if (file) rg_error_set_file(err, file);
    return RG_E_PLUGIN;
}

/* The magic block and descriptor size, compared before init runs. */
static int check_info(const rg_plugin_info *info, const char *path, rg_error *err)
{
    if (info->magic != RG_ABI_MAGIC)
        return rg_loader_error(err, path,
                               "not a rulegrid plugin: its magic is 0x%08x, rulegrid "
                               "expects 0x%08x",
                               (unsigned)info->magic, (unsigned)RG_ABI_MAGIC);
    if (info->abi != RG_ABI_VERSION)
        return rg_loader_error(err, path,
                               "the plugin was built for plugin ABI %u; this rulegrid has ABI %u",
                               (unsigned)info->abi, (unsigned)RG_ABI_VERSION);
    if (info->mask_size != sizeof(rg_mask))
        return rg_loader_error(err, path,
                               "the plugin was built with %u-byte domain masks; this rulegrid "
                               "uses %u-byte masks",
                               (unsigned)info->mask_size, (unsigned)sizeof(rg_mask));
    if (info->max_digits != RG_MAX_DIGITS)
        return rg_loader_error(err, path,
                               "the plugin was built for at most %u digits; this rulegrid "
                               "allows %u",
                               (unsigned)info->max_digits, (unsigned)RG_MAX_DIGITS);
    if (info->size < INFO_V1_SIZE)
        return rg_loader_error(err, path,
                               "the plugin's descriptor has %zu bytes; plugin ABI %u needs at "
                               "least %zu",
                               info->size, RG_ABI_VERSION, (size_t)INFO_V1_SIZE);
    if (!info->init) return rg_loader_error(err, path, "the plugin has no init function");
    return RG_OK;
}

int rg_loader_open(const char *path, void **handle, const rg_plugin_info **info, int *has_entry,
                   rg_error *err)
{
    *handle = NULL;
    *info = NULL;
    char why[256];
    int found = rg_elf_exports(path, RG_PLUGIN_ENTRY_NAME, why, sizeof why);
    if (has_entry) *has_entry = found == 1;
    if (found == 0) return rg_loader_error(err, path, "%s", why);
    if (found < 0) return rg_loader_error(err, path, "cannot load plugin: %s", why);
    dlerror();
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        const char *why = dlerror();
        return rg_loader_error(err, path, "cannot load plugin: %s",
                               why ? why : "unknown dlopen error");
    }
    /* A function pointer from dlsym goes through memcpy: ISO C has no
     * conversion from void * to a function pointer. */
    dlerror();
    void *sym = dlsym(h, RG_PLUGIN_ENTRY_NAME);
    int rc = RG_OK;
    const rg_plugin_info *got = NULL;
    if (!sym) {
        rc = rg_loader_error(err, path, "not a rulegrid plugin: it exports no function %s",
                             RG_PLUGIN_ENTRY_NAME);
    } else {
        const rg_plugin_info *(*entry)(void);
        memcpy(&entry, &sym, sizeof entry);
        got = entry();
        if (!got)
            rc = rg_loader_error(err, path, "%s returned no descriptor", RG_PLUGIN_ENTRY_NAME);
        else
            rc = check_info(got, path, err);
    }
    if (rc != RG_OK) {
        dlclose(h);
        return rc;
    }
    *handle = h;
    *info = got;
    return RG_OK;
}

void rg_loader_close(void *handle)
{
    if (handle) dlclose(handle);
}
