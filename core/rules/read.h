/* The host's field readers (read.c): every rule field a plugin reads is
 * validated and every error worded here, so that all plugins report alike;
 * and the bookkeeping that refuses rule members no reader took. */
#ifndef RG_RULES_READ_H
#define RG_RULES_READ_H

#include <stdarg.h>

#include "rulegrid/plugin.h"

struct cJSON;

/* A rule object being compiled. */
struct rg_rule {
    const struct cJSON *json;
    int index;
    const char *type;
    int nfields;         /* members of json */
    unsigned char *read; /* per member: 1 once a reader took it */
};

/* Start reading rule json (index, type) with b: refuses a rule that is no
 * object or has a member twice. */
int rg_read_begin(rg_build *b, rg_rule *r, const struct cJSON *json, int index, const char *type);
/* Refuses a member no reader took (except "type", "note" and "x-" names). */
int rg_read_end(rg_build *b, rg_rule *r);

/* The host table's field readers (plugin.h documents each). */

int rg_read_cells(rg_build *b, rg_rule *r, const char *field, unsigned flags, int min, int max,
                  const int **cells, int *n);
int rg_read_area(rg_build *b, rg_rule *r, const char *field, unsigned flags, const int **cells,
                 int *n);
int rg_read_cell(rg_build *b, rg_rule *r, const char *field, unsigned flags, int *cell);
int rg_read_pairs(rg_build *b, rg_rule *r, const char *field, unsigned flags, const int **pairs,
                  int *n);
int rg_read_cell_lists(rg_build *b, rg_rule *r, const char *field, unsigned flags, int min_lists,
                       int min_len, const int *const **lists, const int **lens, int *n);
int rg_read_int(rg_build *b, rg_rule *r, const char *field, unsigned flags, long min, long max,
                long *out);
int rg_read_enum(rg_build *b, rg_rule *r, const char *field, unsigned flags,
                 const char *const *names, int *out);
int rg_read_bool(rg_build *b, rg_rule *r, const char *field, unsigned flags, int *out);
int rg_read_digits(rg_build *b, rg_rule *r, const char *field, unsigned flags, int min, int max,
                   const int **digits, int *n);
int rg_read_digit_lists(rg_build *b, rg_rule *r, const char *field, unsigned flags,
                        const int *const **lists, const int **lens, int *n);
int rg_read_string(rg_build *b, rg_rule *r, const char *field, unsigned flags, const char **out);
int rg_read_has(rg_build *b, rg_rule *r, const char *field);
/* Records an error about field of rule r in b's error record, worded as
 * every reader words its own; returns RG_E_FORMAT (RG_E_NOMEM for the
 * message "out of memory"). */
int rg_read_error(rg_build *b, rg_rule *r, const char *field, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
int rg_read_errorv(rg_build *b, rg_rule *r, const char *field, const char *fmt, va_list ap);
int rg_read_rule_index(const rg_rule *r);

#endif
