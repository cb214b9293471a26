/* One writer of JSON text for the command (result lines, spec/results.md) and
 * the benchmark harness (its --json report): separators, line breaks where
 * the caller asks for them, and the one string escaper. */
#ifndef RG_JSONW_H
#define RG_JSONW_H

#include <stdio.h>

#define JSONW_DEPTH 16

/* Writes to f as it goes; nothing is kept but the nesting. Members and
 * elements are separated by ", " unless jsonw_break asked for a line break. */
typedef struct jsonw {
    FILE *f;
    int depth;
    int after_key;                   /* a key was written: its value comes next */
    unsigned char open[JSONW_DEPTH]; /* at each level: nothing written inside yet */
    char close[JSONW_DEPTH];         /* at each level: its closing bracket */
    const char *indent;              /* pending break (jsonw_break), or NULL */
} jsonw;

void jsonw_init(jsonw *w, FILE *f);
/* '{' or '[' as the next value; jsonw_end closes the innermost one. */
void jsonw_object(jsonw *w);
void jsonw_array(jsonw *w);
void jsonw_end(jsonw *w);
/* The separator, then "key": (the caller writes the value next). */
void jsonw_key(jsonw *w, const char *key);
/* The next separator becomes a newline and indent (before the first member
 * or element: no comma; before a closing bracket: the newline and indent
 * alone). indent must live until then. */
void jsonw_break(jsonw *w, const char *indent);

/* Values. A string is escaped: quote, backslash, \n, \t, \r, other control
 * bytes and DEL as \u00XX, invalid UTF-8 as U+FFFD; NULL is "". */
void jsonw_string(jsonw *w, const char *s);
void jsonw_null(jsonw *w);
void jsonw_bool(jsonw *w, int b);
void jsonw_int(jsonw *w, long long v);
void jsonw_uint(jsonw *w, unsigned long long v);
/* v with a printf format of one double ("%.2f", "%g"): the caller keeps it
 * finite where JSON needs it. */
void jsonw_double(jsonw *w, const char *format, double v);

/* "key": value in one call, for the common cases. */
void jsonw_key_string(jsonw *w, const char *key, const char *s);
void jsonw_key_uint(jsonw *w, const char *key, unsigned long long v);
void jsonw_key_int(jsonw *w, const char *key, long long v);
void jsonw_key_double(jsonw *w, const char *key, const char *format, double v);

#endif
