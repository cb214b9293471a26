/* JSON written into a growing buffer (jsonw.c): one-line values the way the
 * canonical writer spells them. */
#ifndef RG_IO_JSONW_H
#define RG_IO_JSONW_H

#include <stddef.h>

struct cJSON;

/* A NUL-terminated text that grows; oom is set by a failed allocation and
 * every later call does nothing. Zero-initialise; free s with rg_mem_free. */
typedef struct rg_jsonw {
    char *s;
    size_t n, cap;
    int oom;
} rg_jsonw;

void rg_jsonw_put(rg_jsonw *b, const char *s, size_t n);
void rg_jsonw_puts(rg_jsonw *b, const char *s);
/* printf-style, for short pieces (at most 127 bytes). */
void rg_jsonw_putf(rg_jsonw *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* A JSON string literal; bytes of 0x80 and up pass through as read. */
void rg_jsonw_string(rg_jsonw *b, const char *s);
/* Integers of magnitude below 2^64 with all their digits (a JSON integer
 * above 2^53 reads as the nearest double, and that double's exact value is
 * what is written); other numbers in the fewest digits that read back to
 * the same double. Either way a second writing gives the same text. */
void rg_jsonw_number(rg_jsonw *b, double d);
/* Any JSON value on one line, ", " and ": " as separators, members in the
 * order read. cells: strings that name a cell or a rectangle are written in
 * canonical spelling (rule fields; never meta, notes or x- values). */
void rg_jsonw_value(rg_jsonw *b, const struct cJSON *v, int cells);

#endif
