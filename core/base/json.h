/* cJSON as the library uses it (json.c): allocations through the hook,
 * parses under a lock, duplicate keys, values described for messages. */
#ifndef RG_BASE_JSON_H
#define RG_BASE_JSON_H

#include <stddef.h>

struct cJSON;

/* Routes cJSON's allocations through rg_mem_alloc / rg_mem_free (idempotent). */
void rg_json_hooks(void);
/* cJSON_ParseWithLengthOpts (no trailing text check; *end, when not NULL,
 * gets where parsing stopped) under a lock: cJSON's parser writes a global
 * error record, so parses on several threads (generation) take turns. */
struct cJSON *rg_json_parse(const char *text, size_t len, const char **end);
/* The first member name that occurs twice in the object obj, or NULL; sets
 * *oom when the scratch list could not be allocated. */
const char *rg_json_duplicate(const struct cJSON *obj, int *oom);
/* What a value is, for an error message: the number, the string (cut at
 * 40 characters), "a list", "an object", true, false or null. */
const char *rg_json_found(const struct cJSON *v, char *buf, size_t n);
/* A number that is an exact integer in [min, max] into *out: 0, else -1. */
int rg_json_int(const struct cJSON *v, long min, long max, long *out);
/* The kind of a value: "a string", "a number", "a boolean", "a list", "an
 * object", "null", or "nothing" for NULL. */
const char *rg_json_kind(const struct cJSON *v);

#endif
