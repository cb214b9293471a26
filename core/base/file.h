/* Files and folders (file.c): a whole file in memory, the entries of a
 * folder. */
#ifndef RG_BASE_FILE_H
#define RG_BASE_FILE_H

#include <stddef.h>

#include "rulegrid/rulegrid.h"

/* The whole of path ("-": standard input), up to 256 MiB, in a new
 * NUL-terminated buffer (release with rg_mem_free); *len excludes the NUL. On an
 * error err names the file. */
int rg_file_read(const char *path, char **text, size_t *len, rg_error *err);
/* The entries of dir whose names end with suffix, in strcmp order (a missing
 * folder lists nothing). RG_OK, RG_E_NOMEM, or RG_E_IO with errno set. */
int rg_file_list(const char *dir, const char *suffix, char ***names, int *count);
void rg_file_list_free(char **names, int n);
/* The usual search for plugins and presets: each folder of the
 * ':'-separated list in the environment variable env (empty entries
 * skipped), then extra (NULL-terminated, may be NULL), then builtin (may be
 * NULL). Every folder must be absolute: a relative one (which would depend
 * on the current folder) is refused with RG_E_IO, err naming it and where
 * it came from, before any folder is searched; so is a folder of extra
 * that does not exist or is no folder. fn(ctx, dir) runs for each,
 * and the search stops at the first result that is not RG_OK, which it
 * returns (RG_E_NOMEM, with err set, when the variable cannot be copied). */
int rg_file_search(const char *env, const char *const *extra, const char *builtin,
                   int (*fn)(void *ctx, const char *dir), void *ctx, rg_error *err);

#endif
