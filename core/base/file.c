/* Files and folders: reading a whole file (or standard input) into memory
 * with a size limit (documents, presets), and listing a folder (plugins,
 * presets). */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/error.h"
#include "base/file.h"
#include "base/mem.h"

#define MAX_FILE ((size_t)256 << 20) /* a document file */

/* The whole of f, up to MAX_FILE bytes, in a new buffer. */
static int slurp(FILE *f, const char *path, char **text, size_t *len, rg_error *err)
{
    /* A regular file too large is refused before reading it. */
    if (f != stdin && fseek(f, 0, SEEK_END) == 0) {
        long size = ftell(f);
        rewind(f);
        char probe;
        /* A directory also seeks far: reading it tells the two apart. */
        if (size > 0 && (unsigned long)size > MAX_FILE && fread(&probe, 1, 1, f) == 1)
            return rg_error_set(err, RG_E_LIMIT, NULL, "%s is larger than %zu MiB", path,
                                MAX_FILE >> 20);
        rewind(f);
    }
    size_t cap = (size_t)1 << 16, n = 0;
    char *buf = rg_mem_alloc(cap);
    if (!buf) return rg_error_set(err, RG_E_NOMEM, NULL, "out of memory reading %s", path);
    for (;;) {
        if (n == cap) {
            if (n > MAX_FILE) break;
            size_t bigger_cap = cap * 2 > MAX_FILE + 1 ? MAX_FILE + 1 : cap * 2;
            char *bigger = rg_mem_realloc(buf, bigger_cap);
            if (!bigger) {
                rg_mem_free(buf);
                return rg_error_set(err, RG_E_NOMEM, NULL, "out of memory reading %s", path);
            }
            buf = bigger;
            cap = bigger_cap;
        }
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0) break;
    }
    if (ferror(f)) {
        int e = errno;
        rg_mem_free(buf);
        return rg_error_set(err, RG_E_IO, NULL, "cannot read %s: %s", path, strerror(e));
    }
    if (n > MAX_FILE) {
        rg_mem_free(buf);
        return rg_error_set(err, RG_E_LIMIT, NULL, "%s is larger than %zu MiB", path,
                            MAX_FILE >> 20);
    }
    if (n == cap) { /* room for the terminating NUL */
        char *bigger = rg_mem_realloc(buf, cap + 1);
        if (!bigger) {
            rg_mem_free(buf);
            return rg_error_set(err, RG_E_NOMEM, NULL, "out of memory reading %s", path);
        }
        buf = bigger;
    }
    buf[n] = 0;
    *text = buf;
    *len = n;
    return RG_OK;
}

/* The whole of path ("-": standard input), up to 256 MiB, in a new
 * NUL-terminated buffer (release with rg_mem_free). On an error err names the
 * file. */
int rg_file_read(const char *path, char **text, size_t *len, rg_error *err)
{
    int std = strcmp(path, "-") == 0;
    errno = 0;
    FILE *f = std ? stdin : fopen(path, "rb");
    int rc;
    if (!f) {
        rc = rg_error_set(err, RG_E_IO, NULL, "cannot open %s: %s", path, strerror(errno));
    } else {
        rc = slurp(f, path, text, len, err);
        if (!std) fclose(f);
    }
    if (rc) rg_error_set_file(err, path);
    return rc;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int ends_with(const char *name, const char *suffix)
{
    size_t n = strlen(name), k = strlen(suffix);
    return n > k && strcmp(name + n - k, suffix) == 0;
}

void rg_file_list_free(char **names, int n)
{
    for (int i = 0; i < n; i++) rg_mem_free(names[i]);
    rg_mem_free(names);
}

/* The entries of dir whose names end with suffix (and are longer than it),
 * in strcmp order. A missing folder lists nothing. Returns RG_OK, RG_E_NOMEM,
 * or RG_E_IO with errno set. */
int rg_file_list(const char *dir, const char *suffix, char ***names, int *count)
{
    *names = NULL;
    *count = 0;
    DIR *d = opendir(dir);
    if (!d) return errno == ENOENT ? RG_OK : RG_E_IO;
    char **list = NULL;
    int n = 0, cap = 0, rc = RG_OK;
    struct dirent *de;
    while ((de = readdir(d)) != NULL) {
        if (!ends_with(de->d_name, suffix)) continue;
        char **grown = rg_mem_grow(list, n + 1, &cap, sizeof *grown, 16);
        if (!grown) {
            rc = RG_E_NOMEM;
            break;
        }
        list = grown;
        if (!(list[n] = rg_mem_strdup(de->d_name))) {
            rc = RG_E_NOMEM;
            break;
        }
        n++;
    }
    closedir(d);
    if (rc != RG_OK) {
        rg_file_list_free(list, n);
        return rc;
    }
    if (n > 1) qsort(list, (size_t)n, sizeof *list, by_name);
    *names = list;
    *count = n;
    return RG_OK;
}

/* A folder to search must be absolute: a relative one would be looked up
 * from whatever the current folder happens to be (format of the refusal:
 * the folder, where it came from, what to do). */
static int refuse_relative(const char *dir, int len, const char *from, rg_error *err)
{
    /* (A long folder is quoted by its start, so that the advice stays whole.) */
    int q = len > 160 ? 160 : len;
    int rc = rg_error_set(err, RG_E_IO, NULL,
                          "relative folder \"%.*s%s\" (from %s) refused: folders to search are "
                          "never looked up from the current folder; give an absolute path",
                          q, dir, q < len ? "..." : "", from);
    rg_error_set_file_n(err, dir, (size_t)len);
    return rc;
}

/* A folder given to search (not one of the variable's, nor the built-in
 * one, which may well be missing) must be a folder that exists: a misspelt
 * one would otherwise be searched in silence and find nothing. */
static int refuse_missing(const char *dir, rg_error *err)
{
    struct stat st;
    int rc = RG_OK;
    if (stat(dir, &st) != 0)
        rc = rg_error_set(err, RG_E_IO, NULL,
                          "cannot search folder: %s (a folder given to search, such as "
                          "--plugins, must exist)",
                          strerror(errno));
    else if (!S_ISDIR(st.st_mode))
        rc = rg_error_set(err, RG_E_IO, NULL,
                          "not a folder (a folder given to search, such as --plugins, is the one "
                          "that holds the files)");
    if (rc != RG_OK) rg_error_set_file(err, dir);
    return rc;
}

int rg_file_search(const char *env, const char *const *extra, const char *builtin,
                   int (*fn)(void *ctx, const char *dir), void *ctx, rg_error *err)
{
    int rc = RG_OK;
    const char *list = getenv(env);
    char *copy = list && *list ? rg_mem_strdup(list) : NULL;
    if (list && *list && !copy) return rg_error_set(err, RG_E_NOMEM, NULL, "out of memory");
    /* Every folder is checked before any is searched: a refusal loads
     * nothing. */
    char from[96];
    snprintf(from, sizeof from, "the environment variable %s", env);
    for (char *p = copy; p && rc == RG_OK;) {
        char *colon = strchr(p, ':');
        size_t n = colon ? (size_t)(colon - p) : strlen(p);
        if (n && p[0] != '/') rc = refuse_relative(p, n > 1024 ? 1024 : (int)n, from, err);
        p = colon ? colon + 1 : NULL;
    }
    for (int i = 0; rc == RG_OK && extra && extra[i]; i++)
        if (extra[i][0] != '/')
            rc = refuse_relative(extra[i], (int)strnlen(extra[i], 1024),
                                 "the folders given, such as --plugins", err);
    if (rc == RG_OK && builtin && builtin[0] != '/')
        rc = refuse_relative(builtin, (int)strnlen(builtin, 1024), "the built-in folder", err);
    for (int i = 0; rc == RG_OK && extra && extra[i]; i++) rc = refuse_missing(extra[i], err);
    for (char *p = copy; p && rc == RG_OK;) {
        char *colon = strchr(p, ':');
        if (colon) *colon = 0;
        if (*p) rc = fn(ctx, p);
        p = colon ? colon + 1 : NULL;
    }
    rg_mem_free(copy);
    for (int i = 0; rc == RG_OK && extra && extra[i]; i++) rc = fn(ctx, extra[i]);
    if (rc == RG_OK && builtin) rc = fn(ctx, builtin);
    return rc;
}
