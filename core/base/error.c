/* Error records: filled by whoever finds the problem, worded once here. */
#include <stdio.h>
#include <string.h>

#include "base/error.h"

void rg_error_clear(rg_error *e)
{
    memset(e, 0, sizeof *e);
    e->rule = -1;
}

/* s[0..n) into dst (cap bytes). A name or path too long for its record
 * (the input may name it; the message quotes it whole) is cut, never in
 * the middle of a character: keep_end 0 keeps its start and "..." (a field,
 * a rule type), keep_end 1 "..." and its end (a file, whose own name is
 * there). */
static void put_cut(char *dst, size_t cap, const char *s, size_t n, int keep_end)
{
    if (n < cap) {
        memcpy(dst, s, n);
        dst[n] = '\0';
        return;
    }
    size_t k = cap - 4; /* the bytes of s kept */
    const char *from = keep_end ? s + n - k : s;
    if (keep_end)
        while (k && ((unsigned char)*from & 0xC0) == 0x80) from++, k--;
    else
        while (k && ((unsigned char)s[k] & 0xC0) == 0x80) k--;
    memcpy(dst + (keep_end ? 3 : 0), from, k);
    memcpy(keep_end ? dst : dst + k, "...", 3);
    dst[k + 3] = '\0';
}

const char *rg_error_clip(char *buf, size_t cap, const char *s)
{
    size_t n = strlen(s);
    if (n < cap) return s;
    put_cut(buf, cap, s, n, 0);
    return buf;
}

int rg_error_setv(rg_error *e, int code, const char *field, const char *fmt, va_list ap)
{
    if (!e) return code;
    e->code = code;
    if (field) put_cut(e->field, sizeof e->field, field, strlen(field), 0);
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
    put_cut(e->type, sizeof e->type, type ? type : "", type ? strlen(type) : 0, 0);
}

void rg_error_set_file(rg_error *e, const char *path)
{
    rg_error_set_file_n(e, path ? path : "", path ? strlen(path) : 0);
}

void rg_error_set_file_n(rg_error *e, const char *path, size_t n)
{
    if (e) put_cut(e->file, sizeof e->file, path, n, 1);
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
