/* cJSON as the library uses it (json.c): a strict RFC 8259 check in front
 * of its parser, allocations through the hook, parses under a lock,
 * duplicate keys, numbers and values described for messages. */
#ifndef RG_BASE_JSON_H
#define RG_BASE_JSON_H

#include <stddef.h>

struct cJSON;

/* Routes cJSON's allocations through rg_mem_alloc / rg_mem_free: done once
 * (rg_registry_new does it, before any worker thread, so every entry point
 * that takes a registry has them; rg_json_read too), safe from any thread. */
void rg_json_hooks(void);

/* The flag rg_json_read sets in a number's cJSON type (above cJSON's own
 * bits, which its type tests mask off) when the text wrote it with a
 * fraction part, "3.0" or "0.5e1": the format takes no such number where it
 * wants an integer (spec §8.7), whatever its value. */
#define RG_JSON_FRACTION 0x1000

/* Lists and objects may nest this deep; one more is a fault. */
#define RG_JSON_MAX_DEPTH 64

/* What the check of a JSON text found. */
enum rg_json_verdict {
    RG_JSON_VALID,     /* one value, with only white space around it */
    RG_JSON_EMPTY,     /* nothing but white space */
    RG_JSON_TRUNCATED, /* the text ends with a list, object or string open */
    RG_JSON_TRAILING,  /* text after the value, from at */
    RG_JSON_SYNTAX,    /* unexpected text at at */
    RG_JSON_NAMED,     /* what says what is wrong at at */
    RG_JSON_LATE       /* rg_json_read_by: the deadline passed before the check ended */
};

typedef struct rg_json_fault {
    int verdict;   /* enum rg_json_verdict */
    size_t at;     /* byte offset of the fault (the text's length when truncated) */
    char what[96]; /* RG_JSON_NAMED: "a NUL byte", "lone surrogate \ud800 ..." */
} rg_json_fault;

/* Checks text[0..len) against RFC 8259 (a leading UTF-8 byte order mark is
 * skipped, as cJSON does) with nesting up to RG_JSON_MAX_DEPTH and without
 * \u0000 in strings. Allocates nothing. Returns f->verdict. */
int rg_json_check(const char *text, size_t len, rg_json_fault *f);
/* text[0..len) checked, then parsed by cJSON under a lock into *out (free
 * with cJSON_Delete): RG_OK; RG_E_FORMAT with *f saying why; RG_E_NOMEM;
 * RG_E_INTERNAL if cJSON refuses a text the check passed without running
 * out of memory (cannot happen with libcjson 1.7). *end, when not NULL,
 * gets where cJSON stopped (before trailing white space). */
int rg_json_read(const char *text, size_t len, struct cJSON **out, const char **end,
                 rg_json_fault *f);
/* rg_json_read with a deadline (an rg_clock_now() reading, base/clock.h; 0:
 * none): the check reads the clock every 256 KB and cJSON's allocator every
 * 256 allocations, and once it has passed the read ends with RG_E_TIME
 * (nothing held, *f says nothing). */
int rg_json_read_by(const char *text, size_t len, double deadline, struct cJSON **out,
                    const char **end, rg_json_fault *f);
/* rg_json_read without the reason: NULL when the text is not valid JSON or
 * memory ran out (rg_json_read tells which). */
struct cJSON *rg_json_parse(const char *text, size_t len, const char **end);
/* d as JSON text into buf (32 bytes are enough): integers of magnitude
 * below 2^64 with all their digits, other numbers in the fewest significant
 * digits that read back to d (so that reading and writing again gives the
 * same text), infinities as 1e999 and -1e999. */
const char *rg_json_number_text(double d, char *buf, size_t n);
/* The first member name that occurs twice in the object obj, or NULL; sets
 * *oom when the scratch list could not be allocated. */
const char *rg_json_duplicate(const struct cJSON *obj, int *oom);
/* What a value is, for an error message: the number (a whole one written
 * with a fraction as "3.0"), the string (cut at 40 characters), "a list",
 * "an object", true, false or null. */
const char *rg_json_found(const struct cJSON *v, char *buf, size_t n);
/* A number that is an exact integer in [min, max], written without a
 * fraction, into *out: 0, else -1. */
int rg_json_int(const struct cJSON *v, long min, long max, long *out);
/* The kind of a value: "a string", "a number", "a boolean", "a list", "an
 * object", "null", or "nothing" for NULL. */
const char *rg_json_kind(const struct cJSON *v);

#endif
