/* Opening plugin files (loader.c). */
#ifndef RG_HOST_LOADER_H
#define RG_HOST_LOADER_H

#include "rulegrid/plugin.h"
#include "rulegrid/rulegrid.h"

/* Read path's ELF dynamic symbol table for the entry (elf.h): a file
 * without it is refused before dlopen, so none of its code runs. Then
 * dlopen path (RTLD_NOW | RTLD_LOCAL), call its entry and check the magic
 * block (magic, ABI version, mask size, maximum digits, descriptor size,
 * init). On success *handle and *info; on failure (always RG_E_PLUGIN)
 * nothing stays open and err (may be NULL) says why, naming the file.
 * *has_entry (may be NULL): whether the symbol table has the entry (a
 * plugin of ours, perhaps of another ABI, rather than a stray file). */
int rg_loader_open(const char *path, void **handle, const rg_plugin_info **info, int *has_entry,
                   rg_error *err);
void rg_loader_close(void *handle);
/* Fill err (may be NULL) as a plugin error about file (err->file: the
 * formatted error shows it before the message). Returns RG_E_PLUGIN. */
int rg_loader_error(rg_error *err, const char *file, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

#endif
