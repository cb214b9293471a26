/* Reading a plugin file's ELF dynamic symbol table before dlopen (elf.c),
 * so that a library without our entry never has its constructors run. */
#ifndef RG_HOST_ELF_H
#define RG_HOST_ELF_H

#include <stddef.h>

/* Does the file at path export symbol as a defined, visible function that
 * dlsym would find (through its dynamic section and hash table)? The file
 * is untrusted: every offset is bounds-checked, and nothing of it runs.
 * Returns 1 when it does; 0 when it is a shared library without it; -1 when
 * it cannot be one of ours: not a regular file, too short, not ELF, a
 * malformed or truncated part, no dynamic symbol table, or an ELF class,
 * byte order or machine other than this program's. why (n bytes) says
 * which, unless 1. */
int rg_elf_exports(const char *path, const char *symbol, char *why, size_t n);
/* The same on size bytes in memory (the file's contents; the tests feed it
 * cut and spoilt copies). */
int rg_elf_exports_mem(const void *bytes, size_t size, const char *symbol, char *why, size_t n);

#endif
