/* cJSON as the library uses it: its allocations through the hook, parses
 * under a lock, duplicate member names, and values described for error
 * messages. */
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "base/json.h"
#include "base/mem.h"

void rg_json_hooks(void)
{
    static atomic_int done;
    if (atomic_exchange(&done, 1)) return;
    cJSON_Hooks hooks = {rg_mem_alloc, rg_mem_free};
    cJSON_InitHooks(&hooks);
}

struct cJSON *rg_json_parse(const char *text, size_t len, const char **end)
{
    static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
    rg_json_hooks();
    pthread_mutex_lock(&lock);
    cJSON *root = cJSON_ParseWithLengthOpts(text, len, end, 0);
    pthread_mutex_unlock(&lock);
    return root;
}

static int cmp_names(const void *x, const void *y)
{
    return strcmp(*(const char *const *)x, *(const char *const *)y);
}

/* The first member name of obj that occurs twice, or NULL; *oom on failure
 * to allocate the scratch list. */
const char *rg_json_duplicate(const cJSON *obj, int *oom)
{
    int n = 0;
    *oom = 0;
    for (const cJSON *c = obj->child; c; c = c->next) n++;
    if (n <= 32) {
        for (const cJSON *a = obj->child; a; a = a->next)
            for (const cJSON *c = a->next; c; c = c->next)
                if (a->string && c->string && strcmp(a->string, c->string) == 0) return a->string;
        return NULL;
    }
    const char **names = rg_mem_alloc((size_t)n * sizeof *names);
    if (!names) {
        *oom = 1;
        return NULL;
    }
    int k = 0;
    for (const cJSON *c = obj->child; c; c = c->next)
        if (c->string) names[k++] = c->string;
    qsort(names, (size_t)k, sizeof *names, cmp_names);
    const char *dup = NULL;
    for (int i = 1; i < k && !dup; i++)
        if (strcmp(names[i - 1], names[i]) == 0) dup = names[i];
    rg_mem_free(names);
    return dup;
}

const char *rg_json_found(const cJSON *v, char *buf, size_t n)
{
    if (cJSON_IsNumber(v) && !isfinite(v->valuedouble)) {
        snprintf(buf, n, "a number too large to hold");
    } else if (cJSON_IsNumber(v)) {
        snprintf(buf, n, "%.15g", v->valuedouble);
    } else if (cJSON_IsString(v)) {
        size_t len = strlen(v->valuestring);
        if (len > 40)
            snprintf(buf, n, "\"%.37s...\"", v->valuestring);
        else
            snprintf(buf, n, "\"%s\"", v->valuestring);
    } else if (cJSON_IsArray(v)) {
        snprintf(buf, n, "a list");
    } else if (cJSON_IsObject(v)) {
        snprintf(buf, n, "an object");
    } else if (cJSON_IsTrue(v)) {
        snprintf(buf, n, "true");
    } else if (cJSON_IsFalse(v)) {
        snprintf(buf, n, "false");
    } else {
        snprintf(buf, n, "null");
    }
    return buf;
}

const char *rg_json_kind(const cJSON *v)
{
    if (!v) return "nothing";
    if (cJSON_IsString(v)) return "a string";
    if (cJSON_IsNumber(v)) return "a number";
    if (cJSON_IsBool(v)) return "a boolean";
    if (cJSON_IsArray(v)) return "a list";
    if (cJSON_IsObject(v)) return "an object";
    return "null";
}

/* A JSON number that is an exact integer in [min, max]. */
int rg_json_int(const cJSON *v, long min, long max, long *out)
{
    if (!cJSON_IsNumber(v)) return -1;
    double d = v->valuedouble;
    if (!isfinite(d) || d != floor(d) || d < (double)min || d > (double)max) return -1;
    *out = (long)d;
    return 0;
}
