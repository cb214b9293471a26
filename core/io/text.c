/* JSON text into a cJSON object, with errors that say what is wrong and
 * where: the line and column of malformed JSON (and, for what RFC 8259
 * forbids and cJSON would let through, what it is), truncation, text after
 * the document. */
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

/* The error for a text rg_json_check refused. */
static int refused(const char *text, size_t len, const rg_json_fault *f, rg_error *err)
{
    char at[64], near[32];
    position(text, len, f->at, at, sizeof at);
    snippet(text + f->at, text + len, near, sizeof near);
    switch (f->verdict) {
    case RG_JSON_EMPTY:
        return rg_error_set(err, RG_E_FORMAT, NULL,
                            "the document is empty: expected a JSON object");
    case RG_JSON_TRUNCATED:
        return rg_error_set(err, RG_E_FORMAT, NULL,
                            "truncated JSON: the text ends at %s with an object, list or "
                            "string still open",
                            at);
    case RG_JSON_TRAILING:
        return rg_error_set(err, RG_E_FORMAT, NULL,
                            "malformed JSON at %s: unexpected text '%s' after the document", at,
                            near);
    case RG_JSON_NAMED:
        return rg_error_set(err, RG_E_FORMAT, NULL, "malformed JSON at %s: %s", at, f->what);
    default:
        return rg_error_set(err, RG_E_FORMAT, NULL, "malformed JSON at %s, near '%s'", at, near);
    }
}

int rg_text_parse_object(const char *text, size_t len, double deadline, cJSON **out, rg_error *err)
{
    *out = NULL;
    rg_json_fault f;
    cJSON *root = NULL;
    int rc = rg_json_read_by(text, len, deadline, &root, NULL, &f);
    if (rc == RG_E_FORMAT) return refused(text, len, &f, err);
    if (rc == RG_E_TIME)
        return rg_error_set(err, RG_E_TIME, NULL,
                            "the time limit passed while the JSON text was parsed");
    if (rc == RG_E_NOMEM) return rg_error_set(err, RG_E_NOMEM, NULL, "out of memory");
    if (rc)
        return rg_error_set(err, RG_E_INTERNAL, NULL,
                            "cJSON refused a text that the JSON check passed (a bug)");
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
