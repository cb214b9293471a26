/* The JSON writer of jsonw.h: separators and breaks by nesting level, and the
 * string escaper shared by the command and the harness. */
#include "jsonw.h"

#include "utf8.h"

void jsonw_init(jsonw *w, FILE *f)
{
    w->f = f;
    w->depth = 0;
    w->after_key = 0;
    w->open[0] = 1;
    w->indent = NULL;
}

/* What comes before a member or an element: nothing after a key or at the
 * top; else a comma unless it is the first, then a space or the break. */
static void separate(jsonw *w)
{
    if (w->after_key) {
        w->after_key = 0;
        return;
    }
    if (w->depth == 0) return;
    int first = w->open[w->depth];
    w->open[w->depth] = 0;
    if (!first) putc(',', w->f);
    if (w->indent) {
        fprintf(w->f, "\n%s", w->indent);
        w->indent = NULL;
    } else if (!first) {
        putc(' ', w->f);
    }
}

/* '{' + 2 is '}' and '[' + 2 is ']': the closing bracket is kept per level. */
static void open_level(jsonw *w, int ch)
{
    separate(w);
    putc(ch, w->f);
    if (w->depth + 1 < JSONW_DEPTH) w->depth++;
    w->open[w->depth] = 1;
    w->close[w->depth] = (char)(ch + 2);
}

void jsonw_object(jsonw *w) { open_level(w, '{'); }

void jsonw_array(jsonw *w) { open_level(w, '['); }

void jsonw_end(jsonw *w)
{
    if (w->indent) {
        fprintf(w->f, "\n%s", w->indent);
        w->indent = NULL;
    }
    if (w->depth == 0) return;
    putc(w->close[w->depth], w->f);
    w->depth--;
    w->after_key = 0;
}

void jsonw_break(jsonw *w, const char *indent) { w->indent = indent; }

static void put_string(FILE *f, const char *str)
{
    const unsigned char *s = (const unsigned char *)(str ? str : "");
    putc('"', f);
    while (*s) {
        unsigned c = *s;
        int n = 1;
        if (c == '"' || c == '\\') {
            putc('\\', f);
            putc((int)c, f);
        } else if (c == '\n') {
            fputs("\\n", f);
        } else if (c == '\t') {
            fputs("\\t", f);
        } else if (c == '\r') {
            fputs("\\r", f);
        } else if (c < 0x20 || c == 0x7f) {
            fprintf(f, "\\u%04x", c);
        } else if ((n = utf8_len(s)) == 0) {
            fputs("\\ufffd", f);
            n = 1;
        } else {
            fwrite(s, 1, (size_t)n, f);
        }
        s += n;
    }
    putc('"', f);
}

void jsonw_key(jsonw *w, const char *key)
{
    separate(w);
    put_string(w->f, key);
    fputs(": ", w->f);
    w->after_key = 1;
}

void jsonw_string(jsonw *w, const char *s)
{
    separate(w);
    put_string(w->f, s);
}

void jsonw_null(jsonw *w)
{
    separate(w);
    fputs("null", w->f);
}

void jsonw_bool(jsonw *w, int b)
{
    separate(w);
    fputs(b ? "true" : "false", w->f);
}

void jsonw_int(jsonw *w, long long v)
{
    separate(w);
    fprintf(w->f, "%lld", v);
}

void jsonw_uint(jsonw *w, unsigned long long v)
{
    separate(w);
    fprintf(w->f, "%llu", v);
}

void jsonw_double(jsonw *w, const char *format, double v)
{
    separate(w);
    fprintf(w->f, format, v);
}

void jsonw_key_string(jsonw *w, const char *key, const char *s)
{
    jsonw_key(w, key);
    jsonw_string(w, s);
}

void jsonw_key_uint(jsonw *w, const char *key, unsigned long long v)
{
    jsonw_key(w, key);
    jsonw_uint(w, v);
}

void jsonw_key_int(jsonw *w, const char *key, long long v)
{
    jsonw_key(w, key);
    jsonw_int(w, v);
}

void jsonw_key_double(jsonw *w, const char *key, const char *format, double v)
{
    jsonw_key(w, key);
    jsonw_double(w, format, v);
}
