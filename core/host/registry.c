/* The registry of rule types: the plugin files loaded (folders searched in
 * order, files in name order, each once), the types each file's init
 * registered through the registrar, and lookups by type name. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/error.h"
#include "base/file.h"
#include "base/json.h"
#include "base/mem.h"
#include "host/host.h"
#include "host/loader.h"
#include "host/registry.h"

/* The size of the first ABI-1 rule type descriptor: a plugin's descriptor
 * may be larger (built against a later header) but never smaller. */

#define TYPE_V1_SIZE (offsetof(rg_rule_type, link) + sizeof(void (*)(void)))

typedef struct plugin_file {
    void *handle;
    char *path; /* as the caller named it: what messages show */
    char *real; /* realpath: a file is loaded once whatever it is called */
} plugin_file;

/* A file of a folder searched that is no usable plugin: skipped, with why. */
typedef struct skipped_file {
    char *path; /* as the folder listing named it */
    char *real; /* realpath, or path: reached again, it is skipped silently */
    char *why;
    int has_entry; /* it exports our entry: a plugin, of another ABI or broken */
} skipped_file;

typedef struct type_entry {
    rg_rule_type type; /* the host's copy; fields the plugin lacks stay zero */
    int file;          /* index into files */
} type_entry;

struct rg_registry {
    plugin_file *files;
    int nfiles, capfiles;
    type_entry **types; /* entries stay put: find() hands out their address */
    int ntypes, captypes;
    skipped_file *skipped; /* in the order met */
    int nskipped, capskipped;
    char *folders; /* ", "-separated, "" when none */
    /* Open (file != NULL) only while a plugin's init runs, so a plugin that
     * kept the pointer cannot register later. */
    rg_registrar registrar;
};

rg_registry *rg_registry_new(void)
{
    /* cJSON's allocations counted from the first tree on: a tree made
     * before the hooks would be freed through them. */
    rg_json_hooks();
    rg_registry *reg = rg_mem_calloc(1, sizeof *reg);
    if (!reg) return NULL;
    reg->folders = rg_mem_strdup("");
    if (!reg->folders) {
        rg_mem_free(reg);
        return NULL;
    }
    return reg;
}

void rg_registry_free(rg_registry *reg)
{
    if (!reg) return;
    for (int i = 0; i < reg->ntypes; i++) rg_mem_free(reg->types[i]);
    rg_mem_free(reg->types);
    for (int i = reg->nfiles - 1; i >= 0; i--) {
        rg_loader_close(reg->files[i].handle);
        rg_mem_free(reg->files[i].path);
        rg_mem_free(reg->files[i].real);
    }
    rg_mem_free(reg->files);
    for (int i = 0; i < reg->nskipped; i++) {
        rg_mem_free(reg->skipped[i].path);
        rg_mem_free(reg->skipped[i].real);
        rg_mem_free(reg->skipped[i].why);
    }
    rg_mem_free(reg->skipped);
    rg_mem_free(reg->folders);
    rg_mem_free(reg);
}

static int nomem(rg_error *err, const char *file)
{
    if (!err) return RG_E_NOMEM;
    rg_error_set(err, RG_E_NOMEM, NULL, "out of memory while loading plugins");
    if (file) rg_error_set_file(err, file);
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
        rc = rg_loader_error(r->err, file, "the plugin registered a NULL rule type");
    } else if (t->size < TYPE_V1_SIZE) {
        rc = rg_loader_error(r->err, file,
                             "the plugin registered a rule type descriptor of %zu bytes; "
                             "plugin ABI %u needs at least %zu",
                             t->size, RG_ABI_VERSION, (size_t)TYPE_V1_SIZE);
    } else if (!t->name || !t->name[0]) {
        rc = rg_loader_error(r->err, file, "the plugin registered a rule type without a name");
    } else if (!t->family || !t->family[0]) {
        rc = rg_loader_error(r->err, file, "rule type \"%s\" has no family", t->name);
    } else if (!t->compile) {
        rc = rg_loader_error(r->err, file, "rule type \"%s\" has no compile function", t->name);
    } else {
        const type_entry *old = find_entry(reg, t->name);
        if (old && strcmp(reg->files[old->file].path, file) == 0) {
            rc = rg_loader_error(r->err, file, "rule type \"%s\" is registered twice by this file",
                                 t->name);
        } else if (old) {
            /* The file loaded later is the one refused (the error's file);
             * the message names the one that keeps the type. */
            rc = rg_loader_error(r->err, file,
                                 "rule type \"%s\" is already registered by %s; a type name "
                                 "is registered once, so this file is not loaded",
                                 t->name, reg->files[old->file].path);
        } else {
            rc = RG_OK;
        }
    }
    if (rc != RG_OK) {
        r->failed = 1;
        return rc;
    }
    type_entry **grown =
        rg_mem_grow(reg->types, reg->ntypes + 1, &reg->captypes, sizeof *grown, 16);
    if (!grown) {
        r->failed = 1;
        return nomem(r->err, file);
    }
    reg->types = grown;
    type_entry *e = rg_mem_calloc(1, sizeof *e);
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
            rg_mem_free(reg->types[i]);
        else
            reg->types[k++] = reg->types[i];
    }
    reg->ntypes = k;
}

/* Remove the last file record, closing its handle. */
static void drop_last_file(rg_registry *reg)
{
    plugin_file *f = &reg->files[--reg->nfiles];
    rg_loader_close(f->handle);
    rg_mem_free(f->path);
    rg_mem_free(f->real);
}

/* A record for a file about to be loaded, last in reg->files; NULL without
 * memory (err set). */
static plugin_file *add_file(rg_registry *reg, const char *path, const char *real, rg_error *err)
{
    plugin_file *grown =
        rg_mem_grow(reg->files, reg->nfiles + 1, &reg->capfiles, sizeof *grown, 16);
    if (!grown) {
        nomem(err, path);
        return NULL;
    }
    reg->files = grown;
    plugin_file *f = &reg->files[reg->nfiles++];
    memset(f, 0, sizeof *f);
    f->path = rg_mem_strdup(path);
    f->real = rg_mem_strdup(real);
    if (!f->path || !f->real) {
        drop_last_file(reg);
        nomem(err, path);
        return NULL;
    }
    return f;
}

/* The plugin's init, with the registrar open for its file only. */
static int run_init(rg_registry *reg, plugin_file *f, const rg_plugin_info *info, rg_error *err)
{
    rg_error scratch;
    rg_error_clear(&scratch);
    rg_error *e = err ? err : &scratch;
    reg->registrar = (rg_registrar){reg, f->path, e, 0, rg_registry_add_type};
    int rc = info->init(rg_host_table(), &reg->registrar);
    int failed = reg->registrar.failed;
    reg->registrar.file = NULL;
    reg->registrar.err = NULL;
    if (!failed && rc == RG_OK) return RG_OK;
    if (!failed)
        return rg_loader_error(err, f->path, "the plugin's init failed with status %d", rc);
    if (err) rg_error_set_file(err, f->path);
    return e->code ? e->code : RG_E_PLUGIN;
}

/* Open, check and initialise one plugin; a file already loaded under any
 * name is skipped. On failure nothing of the file stays registered, and
 * *stray (may be NULL) says whether the file is simply no usable plugin
 * (it cannot be resolved or opened, is no ELF shared library of ours, has
 * no entry or a wrong magic block: RG_E_PLUGIN from the loader) rather
 * than a plugin whose init or registrations failed, or memory ran out. */
static int load_file(rg_registry *reg, const char *path, int *stray, int *has_entry, rg_error *err)
{
    char real[PATH_MAX];
    if (stray) *stray = 0;
    if (has_entry) *has_entry = 0;
    if (!realpath(path, real)) {
        if (stray) *stray = 1;
        return rg_loader_error(err, path, "cannot open plugin: %s", strerror(errno));
    }
    for (int i = 0; i < reg->nfiles; i++)
        if (strcmp(reg->files[i].real, real) == 0) return RG_OK; /* loaded already */
    plugin_file *f = add_file(reg, path, real, err);
    if (!f) return err ? err->code : RG_E_NOMEM;
    const rg_plugin_info *info;
    int rc = rg_loader_open(path, &f->handle, &info, has_entry, err);
    if (rc != RG_OK && stray) *stray = 1;
    if (rc == RG_OK) rc = run_init(reg, f, info, err);
    if (rc != RG_OK) {
        drop_types_of(reg, reg->nfiles - 1);
        drop_last_file(reg);
    }
    return rc;
}

int rg_registry_load_file(rg_registry *reg, const char *path, rg_error *err)
{
    if (err) rg_error_clear(err); /* every part of an error it gives is its own */
    return load_file(reg, path, NULL, NULL, err);
}

/* Was the file at real skipped already? */
static int skipped_already(const rg_registry *reg, const char *real)
{
    for (int i = 0; i < reg->nskipped; i++)
        if (strcmp(reg->skipped[i].real, real) == 0) return 1;
    return 0;
}

/* Record path as skipped, because of why. */
static int note_skipped(rg_registry *reg, const char *path, const char *real, const char *why,
                        int has_entry, rg_error *err)
{
    skipped_file *grown =
        rg_mem_grow(reg->skipped, reg->nskipped + 1, &reg->capskipped, sizeof *grown, 8);
    if (!grown) return nomem(err, path);
    reg->skipped = grown;
    skipped_file *s = &reg->skipped[reg->nskipped];
    s->path = rg_mem_strdup(path);
    s->real = rg_mem_strdup(real);
    s->why = rg_mem_strdup(why);
    s->has_entry = has_entry;
    if (!s->path || !s->real || !s->why) {
        rg_mem_free(s->path);
        rg_mem_free(s->real);
        rg_mem_free(s->why);
        return nomem(err, path);
    }
    reg->nskipped++;
    return RG_OK;
}

/* One file of a folder: a stray file (no usable plugin) is recorded as
 * skipped and is no failure; anything else is load_file's. */
static int load_listed(rg_registry *reg, const char *path, rg_error *err)
{
    char real[PATH_MAX];
    if (!realpath(path, real)) snprintf(real, sizeof real, "%s", path);
    if (skipped_already(reg, real)) return RG_OK;
    rg_error mine;
    rg_error_clear(&mine);
    int stray, has_entry;
    int rc = load_file(reg, path, &stray, &has_entry, &mine);
    if (rc == RG_OK) return RG_OK;
    if (stray && rc == RG_E_PLUGIN)
        return note_skipped(reg, path, real, mine.message, has_entry, err);
    if (err) *err = mine;
    return rc;
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
    char *grown = rg_mem_realloc(reg->folders, have + len + 3);
    if (!grown) return nomem(err, dir);
    if (have) memcpy(grown + have, ", ", 2), have += 2;
    memcpy(grown + have, dir, len + 1);
    reg->folders = grown;
    return RG_OK;
}

/* Every *.so of dir in strcmp order, stopping at the first failure; a file
 * that is no usable plugin is skipped (rg_registry_skipped). The folder is
 * listed as searched even when it does not exist. */
static int load_dir(rg_registry *reg, const char *dir, rg_error *err)
{
    int rc = note_folder(reg, dir, err);
    if (rc != RG_OK) return rc;
    char **names;
    int n;
    rc = rg_file_list(dir, ".so", &names, &n);
    if (rc == RG_E_IO)
        return rg_loader_error(err, dir, "cannot read plugin folder: %s", strerror(errno));
    if (rc != RG_OK) return nomem(err, dir);
    size_t dlen = strlen(dir);
    for (int i = 0; i < n && rc == RG_OK; i++) {
        size_t len = dlen + 1 + strlen(names[i]) + 1;
        char *path = rg_mem_alloc(len);
        if (!path) {
            rc = nomem(err, dir);
            break;
        }
        snprintf(path, len, "%s%s%s", dir, dlen && dir[dlen - 1] == '/' ? "" : "/", names[i]);
        struct stat st;
        if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
            rg_mem_free(path); /* a folder named x.so is not a plugin */
            continue;
        }
        rc = load_listed(reg, path, err);
        rg_mem_free(path);
    }
    rg_file_list_free(names, n);
    return rc;
}

/* RULEGRID_PLUGIN_PATH, then extra_dirs, then builtin_dir; stops at the
 * first failure. */
typedef struct loading {
    rg_registry *reg;
    rg_error *err;
} loading;

static int load_one(void *ctx, const char *dir)
{
    loading *l = ctx;
    return load_dir(l->reg, dir, l->err); /* (the record cleared once, by the search's caller) */
}

int rg_registry_load_dir(rg_registry *reg, const char *dir, rg_error *err)
{
    if (err) rg_error_clear(err); /* every part of an error it gives is its own */
    return load_dir(reg, dir, err);
}

int rg_registry_load_default(rg_registry *reg, const char *const *extra_dirs,
                             const char *builtin_dir, rg_error *err)
{
    if (err) rg_error_clear(err); /* every part of an error it gives is its own */
    loading l = {reg, err};
    return rg_file_search("RULEGRID_PLUGIN_PATH", extra_dirs, builtin_dir, load_one, &l, err);
}

const char *rg_registry_folders(const rg_registry *reg) { return reg->folders; }

int rg_registry_skipped_count(const rg_registry *reg) { return reg ? reg->nskipped : 0; }

void rg_registry_skipped(const rg_registry *reg, int i, const char **file, const char **why)
{
    const skipped_file *s = reg && i >= 0 && i < reg->nskipped ? &reg->skipped[i] : NULL;
    if (file) *file = s ? s->path : NULL;
    if (why) *why = s ? s->why : NULL;
}

/* The plugins skipped (they have our entry: likely the one meant) with why,
 * then the other files, names only (their warnings said why). */
void rg_registry_skipped_note(const rg_registry *reg, char *buf, size_t n)
{
    if (!n) return;
    buf[0] = 0;
    size_t k = 0;
    int listed = 0;
    for (int pass = 1; pass >= 0; pass--)
        for (int i = 0; reg && i < reg->nskipped && k < n; i++) {
            const skipped_file *f = &reg->skipped[i];
            if (f->has_entry != pass) continue;
            int w =
                snprintf(buf + k, n - k, "%s%s%s%s%s", listed ? "; " : "; files skipped: ", f->path,
                         pass ? " (" : "", pass ? f->why : "", pass ? ")" : "");
            if (w < 0) break;
            k += (size_t)w;
            listed++;
        }
}

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
