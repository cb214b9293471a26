/* The plugin loader: opens rule plugins, compares their ABI block, runs their
 * init and keeps the registry of rule types by name. It never reads puzzle
 * documents; doc.c asks it for types by name. */
#define _XOPEN_SOURCE 700

#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "internal.h"

/* The sizes of the ABI-1 descriptors: a plugin's descriptor may be larger
 * (built against a later header) but never smaller. */
#define INFO_V1_SIZE (offsetof(rg_plugin_info, init) + sizeof(void (*)(void)))
#define TYPE_V1_SIZE (offsetof(rg_rule_type, link) + sizeof(void (*)(void)))

typedef struct plugin_file {
    void *handle;
    char *path; /* as the caller named it: what messages show */
    char *real; /* realpath: a file is loaded once whatever it is called */
} plugin_file;

typedef struct type_entry {
    rg_rule_type type; /* the host's copy; fields the plugin lacks stay zero */
    int file;          /* index into files */
} type_entry;

struct rg_registry {
    plugin_file *files;
    int nfiles, capfiles;
    type_entry **types; /* entries stay put: find() hands out their address */
    int ntypes, captypes;
    char *folders; /* ", "-separated, "" when none */
    /* Open (file != NULL) only while a plugin's init runs, so a plugin that
     * kept the pointer cannot register later. */
    rg_registrar registrar;
};

rg_registry *rg_registry_new(void)
{
    rg_registry *reg = rg_calloc(1, sizeof *reg);
    if (!reg) return NULL;
    reg->folders = rg_strdup("");
    if (!reg->folders) {
        rg_free(reg);
        return NULL;
    }
    return reg;
}

void rg_registry_free(rg_registry *reg)
{
    if (!reg) return;
    for (int i = 0; i < reg->ntypes; i++) rg_free(reg->types[i]);
    rg_free(reg->types);
    for (int i = reg->nfiles - 1; i >= 0; i--) {
        if (reg->files[i].handle) dlclose(reg->files[i].handle);
        rg_free(reg->files[i].path);
        rg_free(reg->files[i].real);
    }
    rg_free(reg->files);
    rg_free(reg->folders);
    rg_free(reg);
}

/* Fill err as a plugin error about file (err->file; rg_error_format shows
 * it before the message, so messages do not repeat it). err may be NULL. */
static int plugin_error(rg_error *err, const char *file, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
static int plugin_error(rg_error *err, const char *file, const char *fmt, ...)
{
    if (!err) return RG_E_PLUGIN;
    va_list ap;
    va_start(ap, fmt);
    rg_error_setv(err, RG_E_PLUGIN, NULL, fmt, ap);
    va_end(ap);
    if (file) snprintf(err->file, sizeof err->file, "%s", file);
    return RG_E_PLUGIN;
}

static int nomem(rg_error *err, const char *file)
{
    if (!err) return RG_E_NOMEM;
    rg_error_set(err, RG_E_NOMEM, NULL, "out of memory while loading plugins");
    if (file) snprintf(err->file, sizeof err->file, "%s", file);
    return RG_E_NOMEM;
}

static const type_entry *find_entry(const rg_registry *reg, const char *name)
{
    for (int i = 0; i < reg->ntypes; i++)
        if (strcmp(reg->types[i]->type.name, name) == 0) return reg->types[i];
    return NULL;
}

/* The host's register_type: checks the descriptor and the name, then keeps a
 * copy under the file whose init is running. Refused outside init. On a
 * refusal the registrar is marked failed, so the whole file is rolled back. */
int rg_registry_add_type(rg_registrar *r, const rg_rule_type *t)
{
    if (!r || !r->reg || !r->file) return RG_E_PLUGIN; /* not inside init */
    rg_registry *reg = r->reg;
    const char *file = r->file;
    int rc;
    if (!t) {
        rc = plugin_error(r->err, file, "the plugin registered a NULL rule type");
    } else if (t->size < TYPE_V1_SIZE) {
        rc = plugin_error(r->err, file,
                          "the plugin registered a rule type descriptor of %zu bytes; "
                          "plugin ABI %u needs at least %zu",
                          t->size, RG_ABI_VERSION, (size_t)TYPE_V1_SIZE);
    } else if (!t->name || !t->name[0]) {
        rc = plugin_error(r->err, file, "the plugin registered a rule type without a name");
    } else if (!t->family || !t->family[0]) {
        rc = plugin_error(r->err, file, "rule type \"%s\" has no family", t->name);
    } else if (!t->compile) {
        rc = plugin_error(r->err, file, "rule type \"%s\" has no compile function", t->name);
    } else {
        const type_entry *old = find_entry(reg, t->name);
        if (old) {
            rc = plugin_error(r->err, file,
                              "rule type \"%s\" is registered twice: by %s and by %s",
                              t->name, reg->files[old->file].path, file);
        } else {
            rc = RG_OK;
        }
    }
    if (rc != RG_OK) {
        r->failed = 1;
        return rc;
    }
    if (reg->ntypes == reg->captypes) {
        int cap = reg->captypes ? 2 * reg->captypes : 16;
        type_entry **grown = rg_realloc(reg->types, (size_t)cap * sizeof *grown);
        if (!grown) {
            r->failed = 1;
            return nomem(r->err, file);
        }
        reg->types = grown;
        reg->captypes = cap;
    }
    type_entry *e = rg_calloc(1, sizeof *e);
    if (!e) {
        r->failed = 1;
        return nomem(r->err, file);
    }
    size_t n = t->size < sizeof e->type ? t->size : sizeof e->type;
    memcpy(&e->type, t, n);
    e->type.size = sizeof e->type;
    e->file = reg->nfiles - 1; /* the file whose init is running */
    reg->types[reg->ntypes++] = e;
    return RG_OK;
}

/* Drop the types registered by one file (its init failed). */
static void drop_types_of(rg_registry *reg, int file)
{
    int k = 0;
    for (int i = 0; i < reg->ntypes; i++) {
        if (reg->types[i]->file == file)
            rg_free(reg->types[i]);
        else
            reg->types[k++] = reg->types[i];
    }
    reg->ntypes = k;
}

/* Remove the last file record, closing its handle. */
static void drop_last_file(rg_registry *reg)
{
    plugin_file *f = &reg->files[--reg->nfiles];
    if (f->handle) dlclose(f->handle);
    rg_free(f->path);
    rg_free(f->real);
}

/* The magic block and descriptor size, compared before init runs. */
static int check_info(const rg_plugin_info *info, const char *path, rg_error *err)
{
    if (info->magic != RG_ABI_MAGIC)
        return plugin_error(err, path,
                            "not a rulegrid plugin: its magic is 0x%08x, rulegrid "
                            "expects 0x%08x",
                            (unsigned)info->magic, (unsigned)RG_ABI_MAGIC);
    if (info->abi != RG_ABI_VERSION)
        return plugin_error(err, path,
                            "the plugin was built for plugin ABI %u; this rulegrid has ABI %u",
                            (unsigned)info->abi, (unsigned)RG_ABI_VERSION);
    if (info->mask_size != sizeof(rg_mask))
        return plugin_error(err, path,
                            "the plugin was built with %u-byte domain masks; this rulegrid "
                            "uses %u-byte masks",
                            (unsigned)info->mask_size, (unsigned)sizeof(rg_mask));
    if (info->max_digits != RG_MAX_DIGITS)
        return plugin_error(err, path,
                            "the plugin was built for at most %u digits; this rulegrid "
                            "allows %u",
                            (unsigned)info->max_digits, (unsigned)RG_MAX_DIGITS);
    if (info->size < INFO_V1_SIZE)
        return plugin_error(err, path,
                            "the plugin's descriptor has %zu bytes; plugin ABI %u needs at "
                            "least %zu",
                            info->size, RG_ABI_VERSION, (size_t)INFO_V1_SIZE);
    if (!info->init)
        return plugin_error(err, path, "the plugin has no init function");
    return RG_OK;
}

/* Open, check and initialise one plugin; a file already loaded under any
 * name is skipped. On failure nothing of the file stays registered. */
int rg_registry_load_file(rg_registry *reg, const char *path, rg_error *err)
{
    char real[PATH_MAX];
    if (!realpath(path, real))
        return plugin_error(err, path, "cannot open plugin: %s", strerror(errno));
    for (int i = 0; i < reg->nfiles; i++)
        if (strcmp(reg->files[i].real, real) == 0) return RG_OK; /* loaded already */

    if (reg->nfiles == reg->capfiles) {
        int cap = reg->capfiles ? 2 * reg->capfiles : 16;
        plugin_file *grown = rg_realloc(reg->files, (size_t)cap * sizeof *grown);
        if (!grown) return nomem(err, path);
        reg->files = grown;
        reg->capfiles = cap;
    }
    plugin_file *f = &reg->files[reg->nfiles++];
    memset(f, 0, sizeof *f);
    f->path = rg_strdup(path);
    f->real = rg_strdup(real);
    if (!f->path || !f->real) {
        drop_last_file(reg);
        return nomem(err, path);
    }

    dlerror();
    f->handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!f->handle) {
        const char *why = dlerror();
        int rc = plugin_error(err, path, "cannot load plugin: %s",
                              why ? why : "unknown dlopen error");
        drop_last_file(reg);
        return rc;
    }

    /* A function pointer from dlsym goes through memcpy: ISO C has no
     * conversion from void * to a function pointer. */
    dlerror();
    void *sym = dlsym(f->handle, RG_PLUGIN_ENTRY_NAME);
    if (!sym) {
        int rc = plugin_error(err, path, "not a rulegrid plugin: it exports no function %s",
                              RG_PLUGIN_ENTRY_NAME);
        drop_last_file(reg);
        return rc;
    }
    const rg_plugin_info *(*entry)(void);
    memcpy(&entry, &sym, sizeof entry);
    const rg_plugin_info *info = entry();
    int rc;
    if (!info) {
        rc = plugin_error(err, path, "%s returned no descriptor", RG_PLUGIN_ENTRY_NAME);
        drop_last_file(reg);
        return rc;
    }
    rc = check_info(info, path, err);
    if (rc != RG_OK) {
        drop_last_file(reg);
        return rc;
    }

    rg_error scratch;
    rg_error_clear(&scratch);
    rg_error *e = err ? err : &scratch;
    reg->registrar.reg = reg;
    reg->registrar.file = f->path;
    reg->registrar.err = e;
    reg->registrar.failed = 0;
    rc = info->init(rg_host_table(), &reg->registrar);
    int failed = reg->registrar.failed;
    reg->registrar.file = NULL;
    reg->registrar.err = NULL;
    if (failed || rc != RG_OK) {
        if (failed) {
            rc = e->code ? e->code : RG_E_PLUGIN;
            if (err) snprintf(err->file, sizeof err->file, "%s", path);
        } else {
            rc = plugin_error(err, path, "the plugin's init failed with status %d", rc);
        }
        drop_types_of(reg, reg->nfiles - 1);
        drop_last_file(reg);
        return rc;
    }
    return RG_OK;
}

/* Remember dir as searched (once). */
static int note_folder(rg_registry *reg, const char *dir, rg_error *err)
{
    size_t len = strlen(dir), have = strlen(reg->folders);
    const char *p = reg->folders;
    while (*p) {
        const char *end = strstr(p, ", ");
        size_t n = end ? (size_t)(end - p) : strlen(p);
        if (n == len && memcmp(p, dir, len) == 0) return RG_OK;
        if (!end) break;
        p = end + 2;
    }
    char *grown = rg_realloc(reg->folders, have + len + 3);
    if (!grown) return nomem(err, dir);
    if (have) memcpy(grown + have, ", ", 2), have += 2;
    memcpy(grown + have, dir, len + 1);
    reg->folders = grown;
    return RG_OK;
}

/* Every *.so of dir in strcmp order, stopping at the first failure. The
 * folder is listed as searched even when it does not exist. */
int rg_registry_load_dir(rg_registry *reg, const char *dir, rg_error *err)
{
    int rc = note_folder(reg, dir, err);
    if (rc != RG_OK) return rc;
    char **names;
    int n;
    rc = rg_dir_list(dir, ".so", &names, &n);
    if (rc == RG_E_IO) return plugin_error(err, dir, "cannot read plugin folder: %s", strerror(errno));
    if (rc != RG_OK) return nomem(err, dir);
    size_t dlen = strlen(dir);
    for (int i = 0; i < n && rc == RG_OK; i++) {
        size_t len = dlen + 1 + strlen(names[i]) + 1;
        char *path = rg_malloc(len);
        if (!path) {
            rc = nomem(err, dir);
            break;
        }
        snprintf(path, len, "%s%s%s", dir, dlen && dir[dlen - 1] == '/' ? "" : "/", names[i]);
        struct stat st;
        if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
            rg_free(path); /* a folder named x.so is not a plugin */
            continue;
        }
        rc = rg_registry_load_file(reg, path, err);
        rg_free(path);
    }
    rg_dir_list_free(names, n);
    return rc;
}

/* RULEGRID_PLUGIN_PATH, then extra_dirs, then builtin_dir; stops at the
 * first failure. */
int rg_registry_load_default(rg_registry *reg, const char *const *extra_dirs,
                             const char *builtin_dir, rg_error *err)
{
    int rc = RG_OK;
    const char *env = getenv("RULEGRID_PLUGIN_PATH");
    if (env && *env) {
        char *copy = rg_strdup(env);
        if (!copy) return nomem(err, NULL);
        char *p = copy;
        while (p && rc == RG_OK) {
            char *colon = strchr(p, ':');
            if (colon) *colon = 0;
            if (*p) rc = rg_registry_load_dir(reg, p, err);
            p = colon ? colon + 1 : NULL;
        }
        rg_free(copy);
    }
    for (int i = 0; rc == RG_OK && extra_dirs && extra_dirs[i]; i++)
        rc = rg_registry_load_dir(reg, extra_dirs[i], err);
    if (rc == RG_OK && builtin_dir) rc = rg_registry_load_dir(reg, builtin_dir, err);
    return rc;
}

const char *rg_registry_folders(const rg_registry *reg) { return reg->folders; }

int rg_registry_type_count(const rg_registry *reg) { return reg->ntypes; }

void rg_registry_type(const rg_registry *reg, int i, const char **name, const char **family,
                      const char **file)
{
    const type_entry *e = reg->types[i];
    if (name) *name = e->type.name;
    if (family) *family = e->type.family;
    if (file) *file = reg->files[e->file].path;
}

const rg_rule_type *rg_registry_find(const rg_registry *reg, const char *name)
{
    const type_entry *e = find_entry(reg, name);
    return e ? &e->type : NULL;
}

/* <folder of the running executable>/<rel>, resolved when it exists, into
 * dir (PATH_MAX bytes). Returns dir, or NULL when unknown. */
static const char *beside_exe(const char *rel, char *dir)
{
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0) return NULL;
    exe[n] = 0;
    char *slash = strrchr(exe, '/');
    if (!slash) return NULL;
    *slash = 0;
    char joined[PATH_MAX];
    int w = snprintf(joined, sizeof joined, "%s/%s", exe, rel);
    if (w < 0 || (size_t)w >= sizeof joined) return NULL;
    /* Shown in messages: the resolved form reads better when it exists. */
    if (!realpath(joined, dir)) snprintf(dir, PATH_MAX, "%s", joined);
    return dir;
}

/* Computed on the first call; the first call should come before any thread
 * is started that might also make it. */
const char *rg_builtin_plugin_dir(void)
{
    static char dir[PATH_MAX];
    static int state; /* 0 not computed, 1 known, -1 unknown */
    if (!state) state = beside_exe("../lib/rulegrid/plugins", dir) ? 1 : -1;
    return state > 0 ? dir : NULL;
}

const char *rg_builtin_preset_dir(void)
{
    static char dir[PATH_MAX];
    static int state;
    if (!state) state = beside_exe("../share/rulegrid/presets", dir) ? 1 : -1;
    return state > 0 ? dir : NULL;
}
