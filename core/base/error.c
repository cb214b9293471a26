/* Error records: filled by whoever finds the problem, worded once here. */
#include <stdio.h>
#include <string.h>

#include "base/error.h"

void rg_error_clear(rg_error *e)
{
    memset(e, 0, sizeof *e);
    e->rule = -1;
}

/* s into dst (cap bytes), or when it does not fit its start and "...",
 * never half a character: a field or a rule type the input names may be
 * longer than its record (the message quotes it whole). */
static void put_start(char *dst, size_t cap, const char *s)
{
    size_t n = s ? strlen(s) : 0;
    if (n < cap) {
        memcpy(dst, s ? s : "", n + 1);
        return;
    }
    size_t k = cap - 4;
    while (k && ((unsigned char)s[k] & 0xC0) == 0x80) k--;
    memcpy(dst, s, k);
    memcpy(dst + k, "...", 4);
}

int rg_error_setv(rg_error *e, int code, const char *field, const char *fmt, va_list ap)
{
    if (!e) return code;
    e->code = code;
    if (field) put_start(e->field, sizeof e->field, field);
    vsnprintf(e->message, sizeof e->message, fmt, ap);
    return code;
}

int rg_error_set(rg_error *e, int code, const char *field, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    rg_error_setv(e, code, field, fmt, ap);
    va_end(ap);
    return code;
}

void rg_error_rule(rg_error *e, int rule, const char *type)
{
    if (!e) return;
    e->rule = rule;
    put_start(e->type, sizeof e->type, type);
}

void rg_error_set_file(rg_error *e, const char *path)
{
    if (!e) return;
    size_t n = path ? strlen(path) : 0, room = sizeof e->file - 1;
    if (n <= room) {
        memcpy(e->file, path ? path : "", n + 1);
        return;
    }
    /* The last room - 3 bytes, less the continuation bytes of a character
     * the cut would split. */
    const unsigned char *tail = (const unsigned char *)path + n - (room - 3);
    while (*tail >= 0x80 && *tail < 0xC0) tail++;
    memcpy(e->file, "...", 3);
    memcpy(e->file + 3, tail, strlen((const char *)tail) + 1);
}

void rg_error_format(const rg_error *e, char *buf, size_t n)
{
    size_t k = 0;
#define PUT(...)                                                                                   \
    do {                                                                                           \
        if (k < n) {                                                                               \
            int w = snprintf(buf + k, n - k, __VA_ARGS__);                                         \
            if (w > 0) k += (size_t)w;                                                             \
        }                                                                                          \
    } while (0)
    if (n == 0) return;
    buf[0] = 0;
    if (e->file[0]) PUT("%s", e->file);
    if (e->line > 0) PUT(":%ld", e->line);
    if (k) PUT(": ");
    if (e->rule >= 0) PUT("rule %d (%s): ", e->rule, e->type[0] ? e->type : "?");
    if (e->field[0]) PUT("field %s: ", e->field);
    PUT("%s", e->message[0] ? e->message : "unknown error");
#undef PUT
    /* A file name, a member name or a value quoted from the input may hold
     * control characters; printed raw, an escape sequence would act on the
     * terminal. Each becomes '?': C0, DEL, and C1 as UTF-8 (0xC2 0x80 to
     * 0xC2 0x9F, both bytes). */
    for (unsigned char *b = (unsigned char *)buf; *b; b++) {
        if (*b < 0x20 || *b == 0x7F) {
            *b = '?';
        } else if (b[0] == 0xC2 && b[1] >= 0x80 && b[1] <= 0x9F) {
            b[0] = b[1] = '?';
            b++;
        }
    }
}
