/* JSON text into a cJSON object, with errors that say where: the line and
 * column of malformed JSON, truncation, text after the document. */
#include <stdio.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "base/error.h"
#include "base/json.h"
#include "io/text.h"

/* "line 3, column 22" for byte offset pos of text; "column 22" when the text
 * is one line (a corpus line: err->line already names the line). */
static const char *position(const char *text, size_t len, size_t pos, char *buf, size_t n)
{
    long line = 1;
    size_t start = 0;
    for (size_t i = 0; i < pos; i++)
        if (text[i] == '\n') {
            line++;
            start = i + 1;
        }
    if (line == 1 && !memchr(text, '\n', len))
        snprintf(buf, n, "column %zu", pos - start + 1);
    else
        snprintf(buf, n, "line %ld, column %zu", line, pos - start + 1);
    return buf;
}

/* Does the text stop inside a string or with an object or list still open? */
static int unfinished(const char *t, size_t len)
{
    long depth = 0;
    int in_string = 0, escape = 0;
    for (size_t i = 0; i < len; i++) {
        char ch = t[i];
        if (in_string) {
            if (escape)
                escape = 0;
            else if (ch == '\\')
                escape = 1;
            else if (ch == '"')
                in_string = 0;
        } else if (ch == '"') {
            in_string = 1;
        } else if (ch == '{' || ch == '[') {
            depth++;
        } else if (ch == '}' || ch == ']') {
            depth--;
        }
    }
    return in_string || depth > 0;
}

/* A few characters from p for "near ..." (control bytes shown as '?'). */
static void snippet(const char *p, const char *end, char *buf, size_t n)
{
    size_t k = 0;
    for (; p < end && k + 5 < n && k < 24; p++) {
        unsigned char ch = (unsigned char)*p;
        if (ch == '\n' || ch == '\r') break;
        buf[k++] = (ch >= 32 && ch < 127) ? (char)ch : '?';
    }
    buf[k] = 0;
}

int rg_text_is_blank(const char *t, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if (t[i] != ' ' && t[i] != '\t' && t[i] != '\n' && t[i] != '\r') return 0;
    return 1;
}

int rg_text_parse_object(const char *text, size_t len, cJSON **out, rg_error *err)
{
    *out = NULL;
    if (rg_text_is_blank(text, len))
        return rg_error_set(err, RG_E_FORMAT, NULL,
                            "the document is empty: expected a JSON object");
    const char *end = NULL;
    cJSON *root = rg_json_parse(text, len, &end);
    char at[64], near[32];
    if (!root) {
        if (unfinished(text, len))
            return rg_error_set(err, RG_E_FORMAT, NULL,
                                "truncated JSON: the text ends at %s with an object, list or "
                                "string still open",
                                position(text, len, len, at, sizeof at));
        size_t pos = end && end >= text && end <= text + len ? (size_t)(end - text) : 0;
        snippet(text + pos, text + len, near, sizeof near);
        return rg_error_set(err, RG_E_FORMAT, NULL, "malformed JSON at %s, near '%s'",
                            position(text, len, pos, at, sizeof at), near);
    }
    size_t pos = end && end >= text && end <= text + len ? (size_t)(end - text) : len;
    while (pos < len &&
           (text[pos] == ' ' || text[pos] == '\t' || text[pos] == '\n' || text[pos] == '\r'))
        pos++;
    if (pos < len) {
        cJSON_Delete(root);
        snippet(text + pos, text + len, near, sizeof near);
        return rg_error_set(err, RG_E_FORMAT, NULL,
                            "malformed JSON at %s: unexpected text '%s' after the document",
                            position(text, len, pos, at, sizeof at), near);
    }
    if (!cJSON_IsObject(root)) {
        char g[64];
        rg_error_set(err, RG_E_FORMAT, NULL, "the document must be a JSON object, got %s",
                     rg_json_found(root, g, sizeof g));
        cJSON_Delete(root);
        return RG_E_FORMAT;
    }
    *out = root;
    return RG_OK;
}
