/* Filling error records (error.c); their layout and rg_error_format are in
 * rulegrid.h. */
#ifndef RG_BASE_ERROR_H
#define RG_BASE_ERROR_H

#include <stdarg.h>
#include <stddef.h>

#include "rulegrid/rulegrid.h"

/* Fill code, field (may be NULL) and message; file, line, rule and type are
 * left as they are. e may be NULL. Returns code. */
int rg_error_set(rg_error *e, int code, const char *field, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
int rg_error_setv(rg_error *e, int code, const char *field, const char *fmt, va_list ap);
/* Set the rule (index and type name, NULL for none) the error is about; a
 * name too long for the record keeps its start and "...". */
void rg_error_rule(rg_error *e, int rule, const char *type);
/* s quoted in a message: s itself when shorter than cap bytes, else its
 * start cut at a character's end to fit buf (cap bytes) with "..." after
 * it, so that a cut never looks like the whole value. */
const char *rg_error_clip(char *buf, size_t cap, const char *s);
/* rg_error_set_file (rulegrid.h) for the n bytes at path, which need not
 * end there. */
void rg_error_set_file_n(rg_error *e, const char *path, size_t n);

#endif
