/* Generator presets: template documents kept as data files (*.json), found
 * like plugins: the folders of RULEGRID_PRESET_PATH, then the caller's, then
 * the built-in folder. A preset is named by its file name without .json;
 * an earlier folder's file hides a later one of the same name. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "base/error.h"
#include "base/file.h"
#include "base/json.h"
#include "base/mem.h"

typedef struct preset {
    char *name, *path, *summary, *text;
} preset;

struct rg_presets {
    preset *items;
    int n, cap;
    char *folders; /* ", "-separated */
};

/* Digits compare as numbers, so that classic4 < classic6 < classic16. */
static int natural_cmp(const char *a, const char *b)
{
    while (*a && *b) {
        if (*a >= '0' && *a <= '9' && *b >= '0' && *b <= '9') {
            char *ea, *eb;
            unsigned long x = strtoul(a, &ea, 10), y = strtoul(b, &eb, 10);
            if (x != y) return x < y ? -1 : 1;
            a = ea;
            b = eb;
            continue;
        }
        if (*a != *b) return (unsigned char)*a - (unsigned char)*b;
        a++;
        b++;
    }
    return (unsigned char)*a - (unsigned char)*b;
}

static int by_name(const void *x, const void *y)
{
    return natural_cmp(((const preset *)x)->name, ((const preset *)y)->name);
}

void rg_presets_free(rg_presets *ps)
{
    if (!ps) return;
    for (int i = 0; i < ps->n; i++) {
        rg_mem_free(ps->items[i].name);
        rg_mem_free(ps->items[i].path);
        rg_mem_free(ps->items[i].summary);
        rg_mem_free(ps->items[i].text);
    }
    rg_mem_free(ps->items);
    rg_mem_free(ps->folders);
    rg_mem_free(ps);
}

/* The x-generate summary of a document into *out, "" when it has none or
 * is no JSON. RG_OK or RG_E_NOMEM. */
static int summary_of(const char *text, size_t len, char **out)
{
    cJSON *doc = NULL;
    rg_json_fault f;
    *out = NULL;
    if (rg_json_read(text, len, &doc, NULL, &f) == RG_E_NOMEM) return RG_E_NOMEM;
    const cJSON *x = cJSON_GetObjectItemCaseSensitive(doc, "x-generate");
    const cJSON *s = cJSON_GetObjectItemCaseSensitive(x, "summary");
    *out = rg_mem_strdup(cJSON_IsString(s) ? s->valuestring : "");
    cJSON_Delete(doc);
    return *out ? RG_OK : RG_E_NOMEM;
}

static int add(rg_presets *ps, const char *dir, const char *file, rg_error *err)
{
    size_t stem = strlen(file) - strlen(".json");
    for (int i = 0; i < ps->n; i++)
        if (strlen(ps->items[i].name) == stem && strncmp(ps->items[i].name, file, stem) == 0)
            return RG_OK; /* hidden by an earlier folder */
    preset *grown = rg_mem_grow(ps->items, ps->n + 1, &ps->cap, sizeof *grown, 32);
    if (!grown) return rg_error_set(err, RG_E_NOMEM, NULL, "out of memory");
    ps->items = grown;
    preset *p = &ps->items[ps->n];
    memset(p, 0, sizeof *p);
    size_t len = strlen(dir) + 1 + strlen(file) + 1;
    p->path = rg_mem_alloc(len);
    p->name = rg_mem_alloc(stem + 1);
    if (!p->path || !p->name) {
        rg_mem_free(p->path);
        rg_mem_free(p->name);
        return rg_error_set(err, RG_E_NOMEM, NULL, "out of memory");
    }
    snprintf(p->path, len, "%s/%s", dir, file);
    memcpy(p->name, file, stem);
    p->name[stem] = 0;
    ps->n++;
    size_t n;
    int rc = rg_file_read(p->path, &p->text, &n, err);
    if (rc != RG_OK) return rc;
    if (summary_of(p->text, n, &p->summary) != RG_OK)
        return rg_error_set(err, RG_E_NOMEM, NULL, "out of memory");
    return RG_OK;
}

static int load_dir(rg_presets *ps, const char *dir, rg_error *err)
{
    size_t have = strlen(ps->folders), len = strlen(dir);
    char *grown = rg_mem_realloc(ps->folders, have + len + 3);
    if (!grown) return rg_error_set(err, RG_E_NOMEM, NULL, "out of memory");
    snprintf(grown + have, len + 3, "%s%s", have ? ", " : "", dir);
    ps->folders = grown;
    char **names;
    int n;
    int rc = rg_file_list(dir, ".json", &names, &n);
    if (rc == RG_E_IO) {
        rc = rg_error_set(err, RG_E_IO, NULL, "cannot read preset folder: %s", strerror(errno));
        rg_error_set_file(err, dir);
        return rc;
    }
    if (rc != RG_OK) return rg_error_set(err, RG_E_NOMEM, NULL, "out of memory");
    for (int i = 0; i < n && rc == RG_OK; i++) rc = add(ps, dir, names[i], err);
    rg_file_list_free(names, n);
    return rc;
}

typedef struct loading {
    rg_presets *ps;
    rg_error *err;
} loading;

static int load_one(void *ctx, const char *dir)
{
    loading *l = ctx;
    return load_dir(l->ps, dir, l->err);
}

int rg_presets_load(const char *const *extra_dirs, const char *builtin_dir, rg_presets **out,
                    rg_error *err)
{
    rg_error local;
    if (!err) err = &local;
    rg_error_clear(err);
    *out = NULL;
    rg_presets *ps = rg_mem_calloc(1, sizeof *ps);
    if (!ps || !(ps->folders = rg_mem_strdup(""))) {
        rg_mem_free(ps);
        return rg_error_set(err, RG_E_NOMEM, NULL, "out of memory");
    }
    loading l = {ps, err};
    int rc = rg_file_search("RULEGRID_PRESET_PATH", extra_dirs, builtin_dir, load_one, &l, err);
    if (rc != RG_OK) {
        rg_presets_free(ps);
        return rc;
    }
    if (ps->n > 1) qsort(ps->items, (size_t)ps->n, sizeof *ps->items, by_name);
    *out = ps;
    return RG_OK;
}

int rg_presets_count(const rg_presets *ps) { return ps ? ps->n : 0; }

int rg_presets_find(const rg_presets *ps, const char *name)
{
    for (int i = 0; ps && name && i < ps->n; i++)
        if (strcmp(ps->items[i].name, name) == 0) return i;
    return -1;
}

static const preset *item(const rg_presets *ps, int i)
{
    return ps && i >= 0 && i < ps->n ? &ps->items[i] : NULL;
}

const char *rg_presets_name(const rg_presets *ps, int i)
{
    return item(ps, i) ? item(ps, i)->name : NULL;
}

const char *rg_presets_summary(const rg_presets *ps, int i)
{
    return item(ps, i) ? item(ps, i)->summary : NULL;
}

const char *rg_presets_path(const rg_presets *ps, int i)
{
    return item(ps, i) ? item(ps, i)->path : NULL;
}

const char *rg_presets_document(const rg_presets *ps, int i)
{
    return item(ps, i) ? item(ps, i)->text : NULL;
}

const char *rg_presets_folders(const rg_presets *ps) { return ps ? ps->folders : ""; }
