/* cJSON as the library uses it: a strict RFC 8259 check of the text in
 * front of its parser, its allocations through the hook, parses under a
 * lock, duplicate member names, and numbers and values described for error
 * messages. */
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "base/clock.h"
#include "base/json.h"
#include "base/mem.h"
#include "rulegrid/rulegrid.h"

/* A parse with a deadline (rg_json_read_by) on this thread: cJSON's
 * allocator reads the clock every 256 allocations and answers NULL once the
 * deadline has passed, which ends the parse (cJSON frees what it built).
 * Per thread, since other threads allocate through the same hook. */
static _Thread_local double parse_deadline;
static _Thread_local int parse_timed; /* parse_deadline is set (an int: the cheaper test) */
static _Thread_local unsigned parse_allocs;
static _Thread_local int parse_late; /* the deadline ended the parse */

/* Out of line, so that an untimed allocation costs a load and a branch. */
static __attribute__((noinline, cold)) void *timed_alloc(size_t n)
{
    if ((++parse_allocs & 255) == 0 && rg_clock_passed(parse_deadline)) {
        parse_late = 1;
        return NULL;
    }
    return rg_mem_alloc(n);
}

static void *json_alloc(size_t n)
{
    if (parse_timed) return timed_alloc(n);
    return rg_mem_alloc(n);
}

static void install_hooks(void)
{
    cJSON_Hooks hooks = {json_alloc, rg_mem_free};
    cJSON_InitHooks(&hooks);
}

/* Once, and every caller returns only when the hooks are in: a flag set
 * before cJSON_InitHooks let a second worker thread parse with plain malloc
 * while the first installed them, and free that tree through rg_mem_free
 * (whose block header it lacks): "free(): invalid pointer". */
void rg_json_hooks(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, install_hooks);
}

/* ---- The check in front of cJSON -------------------------------------------
 * Why a pass of our own: cJSON (Debian's libcjson, the tree every floor and
 * every plugin reader works on) is lax where RFC 8259 is strict. It skips any
 * byte up to 0x20 between tokens (NUL and control bytes too), copies raw
 * control bytes and invalid UTF-8 into strings, reads numbers with strtod
 * ("04", "1.", "-.5"), takes a bad \u escape for U+0000 and ends a string at
 * \u0000 (so "box_grid\u0000junk" would read as box_grid, a type another JSON
 * tool does not see), nests 1000 deep, and answers a failed allocation with
 * the same NULL as a syntax error. This pass reads the text once, allocates
 * nothing, knows the grammar exactly and says what is wrong and where; cJSON
 * then only builds the tree of a text known to be valid, so a NULL from it
 * means memory ran out. Changing parsers would change the tree type of the
 * whole library and of the host readers for the same result. */

typedef struct scan {
    const unsigned char *t;
    size_t len, i;
    int depth, in_string;
    rg_json_fault *f;
    size_t fractions; /* numbers written with a fraction part */
    double deadline;  /* 0: none */
    size_t clock_at;  /* read the clock when i reaches it (SIZE_MAX: never) */
} scan;

/* The check reads the clock once per this many bytes when it has a deadline. */
#define CHECK_CLOCK_BYTES ((size_t)1 << 18)

static int fault(scan *s, int verdict, size_t at, const char *fmt, ...)
{
    s->f->verdict = verdict;
    s->f->at = at;
    s->f->what[0] = 0;
    if (fmt) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(s->f->what, sizeof s->f->what, fmt, ap);
        va_end(ap);
    }
    return verdict;
}

static inline void skip_space(scan *s)
{
    const unsigned char *p = s->t + s->i, *end = s->t + s->len;
    while (p < end && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')) p++;
    s->i = (size_t)(p - s->t);
}

/* The text ended inside a value that started at from. */
static int ended(scan *s, size_t from)
{
    if (s->depth > 0 || s->in_string) return fault(s, RG_JSON_TRUNCATED, s->len, NULL);
    return fault(s, RG_JSON_SYNTAX, from, NULL);
}

/* The byte at s->i cannot come here: NUL and control bytes are named. */
static int unexpected(scan *s, int verdict)
{
    if (s->i >= s->len) return ended(s, s->i);
    unsigned char c = s->t[s->i];
    if (c == 0) return fault(s, RG_JSON_NAMED, s->i, "a NUL byte");
    if (c < 0x20)
        return fault(s, RG_JSON_NAMED, s->i,
                     "control byte 0x%02x between tokens (only spaces, tabs and line ends "
                     "may stand there)",
                     c);
    return fault(s, verdict, s->i, NULL);
}

/* n hex digits at p, of which avail are in the text, into *out: 0, 1 when
 * the text ends first, -1 at a byte that is no hex digit. */
static int hex(const unsigned char *p, size_t avail, int n, unsigned *out)
{
    unsigned v = 0;
    for (int k = 0; k < n; k++) {
        if ((size_t)k >= avail) return 1;
        unsigned char c = p[k];
        unsigned d = c >= '0' && c <= '9'   ? (unsigned)(c - '0')
                     : c >= 'a' && c <= 'f' ? (unsigned)(c - 'a' + 10)
                     : c >= 'A' && c <= 'F' ? (unsigned)(c - 'A' + 10)
                                            : 16u;
        if (d == 16) return -1;
        v = v * 16 + d;
    }
    *out = v;
    return 0;
}

static int lone(scan *s, size_t at, unsigned u)
{
    return fault(s, RG_JSON_NAMED, at,
                 "lone surrogate \\u%04x in a string (\\ud800-\\udbff must be followed by "
                 "\\udc00-\\udfff)",
                 u);
}

/* A \u escape at s->i: four hex digits, not U+0000, surrogates in pairs. */
static int unicode_escape(scan *s)
{
    size_t at = s->i;
    unsigned hi, lo;
    int rc = hex(s->t + at + 2, s->len - at - 2, 4, &hi);
    if (rc) return rc > 0 ? ended(s, at) : fault(s, RG_JSON_SYNTAX, at, NULL);
    if (hi == 0)
        return fault(s, RG_JSON_NAMED, at,
                     "\\u0000 in a string (a NUL character: some readers would end the "
                     "string there)");
    if (hi >= 0xDC00 && hi <= 0xDFFF) return lone(s, at, hi);
    if (hi >= 0xD800 && hi <= 0xDBFF) {
        size_t avail = s->len - at - 6;
        const unsigned char *p = s->t + at + 6;
        if (avail == 0 || (avail == 1 && p[0] == '\\')) return ended(s, at);
        if (p[0] != '\\' || p[1] != 'u') return lone(s, at, hi);
        rc = hex(p + 2, avail - 2, 4, &lo);
        if (rc > 0) return ended(s, at);
        if (rc < 0 || lo < 0xDC00 || lo > 0xDFFF) return lone(s, at, hi);
        s->i += 6;
    }
    s->i += 6;
    return RG_JSON_VALID;
}

static int escape(scan *s)
{
    if (s->len - s->i < 2) return ended(s, s->i);
    switch (s->t[s->i + 1]) {
    case '"':
    case '\\':
    case '/':
    case 'b':
    case 'f':
    case 'n':
    case 'r':
    case 't': s->i += 2; return RG_JSON_VALID;
    case 'u': return unicode_escape(s);
    default: return fault(s, RG_JSON_SYNTAX, s->i, NULL);
    }
}

/* One UTF-8 sequence of two to four bytes at s->i (RFC 3629: no overlong
 * forms, no surrogates, nothing above U+10FFFF). */
static int utf8(scan *s)
{
    unsigned char c = s->t[s->i], lo = 0x80, hi = 0xBF;
    size_t n;
    if (c >= 0xC2 && c <= 0xDF)
        n = 1;
    else if (c == 0xE0)
        n = 2, lo = 0xA0;
    else if (c == 0xED)
        n = 2, hi = 0x9F;
    else if (c >= 0xE1 && c <= 0xEF)
        n = 2;
    else if (c == 0xF0)
        n = 3, lo = 0x90;
    else if (c == 0xF4)
        n = 3, hi = 0x8F;
    else if (c >= 0xF1 && c <= 0xF3)
        n = 3;
    else
        return fault(s, RG_JSON_NAMED, s->i, "invalid UTF-8 in a string (byte 0x%02x)", c);
    for (size_t k = 1; k <= n; k++, lo = 0x80, hi = 0xBF) {
        if (s->i + k >= s->len) return ended(s, s->i);
        unsigned char b = s->t[s->i + k];
        if (b < lo || b > hi) /* named from the sequence's first byte, as an editor shows it */
            return fault(s, RG_JSON_NAMED, s->i,
                         "invalid UTF-8 in a string (byte 0x%02x, then 0x%02x, which cannot "
                         "follow it)",
                         c, b);
    }
    s->i += n + 1;
    return RG_JSON_VALID;
}

/* A string from the quote at s->i to the one that closes it. */
static int string(scan *s)
{
    const unsigned char *t = s->t;
    s->i++;
    s->in_string = 1;
    for (;;) {
        const unsigned char *p = t + s->i, *end = t + s->len;
        while (p < end && *p >= 0x20 && *p < 0x80 && *p != '"' && *p != '\\') p++;
        s->i = (size_t)(p - t);
        if (s->i >= s->len) return ended(s, s->i);
        unsigned char c = t[s->i];
        int rc;
        if (c == '"') {
            s->i++;
            s->in_string = 0;
            return RG_JSON_VALID;
        } else if (c == '\\') {
            rc = escape(s);
        } else if (c == 0) {
            rc = fault(s, RG_JSON_NAMED, s->i, "a NUL byte");
        } else if (c < 0x20) {
            rc = fault(s, RG_JSON_NAMED, s->i,
                       "control byte 0x%02x in a string (write it as an escape such as "
                       "\\u%04x)",
                       c, c);
        } else {
            rc = utf8(s);
        }
        if (rc) return rc;
    }
}

static int digits(scan *s)
{
    const unsigned char *p = s->t + s->i, *from = p, *end = s->t + s->len;
    while (p < end && *p >= '0' && *p <= '9') p++;
    s->i = (size_t)(p - s->t);
    return p > from;
}

/* -? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)? */
static int number(scan *s)
{
    size_t from = s->i;
    if (s->t[s->i] == '-') s->i++;
    if (s->i < s->len && s->t[s->i] == '0' && s->i + 1 < s->len && s->t[s->i + 1] >= '0' &&
        s->t[s->i + 1] <= '9') {
        size_t end = s->i;
        while (end < s->len && end - from < 24 && s->t[end] >= '0' && s->t[end] <= '9') end++;
        return fault(s, RG_JSON_NAMED, from, "the number %.*s has a leading zero",
                     (int)(end - from), (const char *)s->t + from);
    }
    if (!digits(s)) return s->i >= s->len ? ended(s, from) : fault(s, RG_JSON_SYNTAX, from, NULL);
    if (s->i < s->len && s->t[s->i] == '.') {
        s->i++;
        s->fractions++;
        if (!digits(s))
            return s->i >= s->len ? ended(s, from) : fault(s, RG_JSON_SYNTAX, from, NULL);
    }
    if (s->i < s->len && (s->t[s->i] == 'e' || s->t[s->i] == 'E')) {
        s->i++;
        if (s->i < s->len && (s->t[s->i] == '+' || s->t[s->i] == '-')) s->i++;
        if (!digits(s))
            return s->i >= s->len ? ended(s, from) : fault(s, RG_JSON_SYNTAX, from, NULL);
    }
    return RG_JSON_VALID;
}

static int literal(scan *s, const char *word)
{
    size_t n = strlen(word), k = 0;
    while (k < n && s->i + k < s->len && s->t[s->i + k] == (unsigned char)word[k]) k++;
    if (k == n) {
        s->i += n;
        return RG_JSON_VALID;
    }
    return s->i + k >= s->len ? ended(s, s->i) : fault(s, RG_JSON_SYNTAX, s->i, NULL);
}

/* A value that is not a list or an object, at s->i. */
static int scalar(scan *s)
{
    if (s->i >= s->len) return ended(s, s->i);
    unsigned char c = s->t[s->i];
    if (c == '"') return string(s);
    if (c == '-' || (c >= '0' && c <= '9')) return number(s);
    if (c == 't') return literal(s, "true");
    if (c == 'f') return literal(s, "false");
    if (c == 'n') return literal(s, "null");
    return unexpected(s, RG_JSON_SYNTAX);
}

/* A member name and its colon, at s->i. */
static int member_name(scan *s)
{
    skip_space(s);
    if (s->i >= s->len || s->t[s->i] != '"') return unexpected(s, RG_JSON_SYNTAX);
    int rc = string(s);
    if (rc) return rc;
    skip_space(s);
    if (s->i >= s->len || s->t[s->i] != ':') return unexpected(s, RG_JSON_SYNTAX);
    s->i++;
    return RG_JSON_VALID;
}

/* After a value: commas, closing brackets and, at the end, nothing but
 * white space. 1 when another value follows, 0 at a valid end, or a fault. */
static int after_value(scan *s, unsigned char *open)
{
    for (;;) {
        skip_space(s);
        if (s->depth == 0) {
            if (s->i < s->len) return -unexpected(s, RG_JSON_TRAILING);
            return 0;
        }
        if (s->i >= s->len) return -ended(s, s->i);
        unsigned char c = s->t[s->i], kind = open[s->depth - 1];
        if (c == ',') {
            s->i++;
            int rc = kind == '{' ? member_name(s) : RG_JSON_VALID;
            return rc ? -rc : 1;
        }
        if (c != (kind == '{' ? '}' : ']')) return -unexpected(s, RG_JSON_SYNTAX);
        s->i++;
        s->depth--;
    }
}

/* rg_json_check, and how many numbers the text writes with a fraction;
 * RG_JSON_LATE when deadline (0: none) passed first. */
static int check_text(const char *text, size_t len, double deadline, rg_json_fault *f,
                      size_t *fractions);

int rg_json_check(const char *text, size_t len, rg_json_fault *f)
{
    size_t fractions;
    return check_text(text, len, 0, f, &fractions);
}

static int check_text(const char *text, size_t len, double deadline, rg_json_fault *f,
                      size_t *fractions)
{
    scan s = {(const unsigned char *)text, len, 0, 0, 0, f, 0, deadline,
              deadline > 0 ? 0 : SIZE_MAX};
    *fractions = 0;
    unsigned char open[RG_JSON_MAX_DEPTH];
    fault(&s, RG_JSON_VALID, 0, NULL);
    if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) s.i = 3;
    skip_space(&s);
    if (s.i >= len) return fault(&s, RG_JSON_EMPTY, len, NULL);
    for (;;) {
        if (s.i >= s.clock_at) { /* only with a deadline */
            if (rg_clock_passed(s.deadline)) return fault(&s, RG_JSON_LATE, s.i, NULL);
            s.clock_at = s.i + CHECK_CLOCK_BYTES;
        }
        skip_space(&s);
        unsigned char c = s.i < len ? s.t[s.i] : 0;
        int rc = RG_JSON_VALID;
        if (s.i < len && (c == '{' || c == '[')) {
            if (s.depth == RG_JSON_MAX_DEPTH)
                return fault(&s, RG_JSON_NAMED, s.i, "lists and objects nested more than %d deep",
                             RG_JSON_MAX_DEPTH);
            open[s.depth++] = c;
            s.i++;
            skip_space(&s);
            if (s.i < len && s.t[s.i] == (c == '{' ? '}' : ']')) {
                s.i++;
                s.depth--;
            } else {
                if (c == '{' && (rc = member_name(&s))) return rc;
                continue;
            }
        } else if ((rc = scalar(&s))) {
            return rc;
        }
        int next = after_value(&s, open);
        if (next < 0) return -next;
        if (next == 0) {
            *fractions = s.fractions;
            return RG_JSON_VALID;
        }
    }
}

/* ---- Numbers written with a fraction ------------------------------------------- */

/* A cursor over the number tokens of a checked text, in order. */
typedef struct numbers {
    const char *t;
    size_t i, len;
} numbers;

/* Moves past the next number token: 1 when it has a fraction part ("3.0",
 * "0.5e1"), 0 when not or when none is left. Strings (member names among
 * them) are stepped over; the check passed, so they are closed and every
 * token is well formed. */
static int next_has_fraction(numbers *n)
{
    while (n->i < n->len) {
        char c = n->t[n->i];
        if (c == '"') {
            for (n->i++; n->i < n->len && n->t[n->i] != '"'; n->i++)
                if (n->t[n->i] == '\\') n->i++;
            n->i++;
        } else if (c == '-' || (c >= '0' && c <= '9')) {
            int frac = 0;
            for (; n->i < n->len; n->i++) {
                c = n->t[n->i];
                if (c == '.')
                    frac = 1;
                else if (!(c == '-' || c == '+' || c == 'e' || c == 'E' || (c >= '0' && c <= '9')))
                    break;
            }
            return frac;
        } else {
            n->i++;
        }
    }
    return 0;
}

/* Flags with RG_JSON_FRACTION the numbers of v and its siblings (and all
 * they hold) written with a fraction: cJSON keeps lists and members in the
 * order of the text, the order in which the cursor meets their numbers. */
static void mark_fractions(cJSON *v, numbers *n)
{
    for (; v; v = v->next) {
        if (cJSON_IsNumber(v)) {
            if (next_has_fraction(n)) v->type |= RG_JSON_FRACTION;
        } else if (v->child) {
            mark_fractions(v->child, n);
        }
    }
}

int rg_json_read(const char *text, size_t len, struct cJSON **out, const char **end,
                 rg_json_fault *f)
{
    return rg_json_read_by(text, len, 0, out, end, f);
}

int rg_json_read_by(const char *text, size_t len, double deadline, struct cJSON **out,
                    const char **end, rg_json_fault *f)
{
    static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
    *out = NULL;
    size_t fractions;
    int verdict = check_text(text, len, deadline, f, &fractions);
    if (verdict) return verdict == RG_JSON_LATE ? RG_E_TIME : RG_E_FORMAT;
    rg_json_hooks();
    unsigned long failures = rg_mem_failures();
    pthread_mutex_lock(&lock);
    parse_deadline = deadline;
    parse_timed = deadline > 0;
    parse_allocs = 0;
    parse_late = 0;
    *out = cJSON_ParseWithLengthOpts(text, len, end, 0);
    parse_timed = 0;
    pthread_mutex_unlock(&lock);
    if (*out && fractions) { /* (most documents write none: nothing to mark) */
        numbers n = {text, 0, len};
        mark_fractions(*out, &n);
    }
    if (*out) return RG_OK;
    if (parse_late) return RG_E_TIME;
    return rg_mem_failures() != failures ? RG_E_NOMEM : RG_E_INTERNAL;
}

struct cJSON *rg_json_parse(const char *text, size_t len, const char **end)
{
    rg_json_fault f;
    cJSON *root = NULL;
    rg_json_read(text, len, &root, end, &f);
    return root;
}

static int cmp_names(const void *x, const void *y)
{
    return strcmp(*(const char *const *)x, *(const char *const *)y);
}

/* The first member name of obj that occurs twice, or NULL; *oom on failure
 * to allocate the scratch list. */
const char *rg_json_duplicate(const cJSON *obj, int *oom)
{
    int n = 0;
    *oom = 0;
    for (const cJSON *c = obj->child; c; c = c->next) n++;
    if (n <= 32) {
        for (const cJSON *a = obj->child; a; a = a->next)
            for (const cJSON *c = a->next; c; c = c->next)
                if (a->string && c->string && strcmp(a->string, c->string) == 0) return a->string;
        return NULL;
    }
    const char **names = rg_mem_alloc((size_t)n * sizeof *names);
    if (!names) {
        *oom = 1;
        return NULL;
    }
    int k = 0;
    for (const cJSON *c = obj->child; c; c = c->next)
        if (c->string) names[k++] = c->string;
    qsort(names, (size_t)k, sizeof *names, cmp_names);
    const char *dup = NULL;
    for (int i = 1; i < k && !dup; i++)
        if (strcmp(names[i - 1], names[i]) == 0) dup = names[i];
    rg_mem_free(names);
    return dup;
}

const char *rg_json_number_text(double d, char *buf, size_t n)
{
    if (!isfinite(d)) {
        snprintf(buf, n, "%s", d < 0 ? "-1e999" : "1e999"); /* what the reader made infinite */
    } else if (d == floor(d) && fabs(d) < 18446744073709551616.0) {
        snprintf(buf, n, "%.0f", d == 0 ? 0.0 : d); /* exact: glibc prints every digit */
    } else {
        for (int prec = 15; prec <= 17; prec++) {
            snprintf(buf, n, "%.*g", prec, d);
            if (strtod(buf, NULL) == d) break;
        }
    }
    return buf;
}

const char *rg_json_found(const cJSON *v, char *buf, size_t n)
{
    if (cJSON_IsNumber(v) && !isfinite(v->valuedouble)) {
        snprintf(buf, n, "a number too large to hold");
    } else if (cJSON_IsNumber(v)) {
        rg_json_number_text(v->valuedouble, buf, n);
        /* a whole number written with a fraction shows one: "got 3.0" */
        if ((v->type & RG_JSON_FRACTION) && !strpbrk(buf, ".e") && strlen(buf) + 3 <= n)
            strcat(buf, ".0");
    } else if (cJSON_IsString(v)) {
        size_t len = strlen(v->valuestring);
        if (len > 40)
            snprintf(buf, n, "\"%.37s...\"", v->valuestring);
        else
            snprintf(buf, n, "\"%s\"", v->valuestring);
    } else if (cJSON_IsArray(v)) {
        snprintf(buf, n, "a list");
    } else if (cJSON_IsObject(v)) {
        snprintf(buf, n, "an object");
    } else if (cJSON_IsTrue(v)) {
        snprintf(buf, n, "true");
    } else if (cJSON_IsFalse(v)) {
        snprintf(buf, n, "false");
    } else {
        snprintf(buf, n, "null");
    }
    return buf;
}

const char *rg_json_kind(const cJSON *v)
{
    if (!v) return "nothing";
    if (cJSON_IsString(v)) return "a string";
    if (cJSON_IsNumber(v)) return "a number";
    if (cJSON_IsBool(v)) return "a boolean";
    if (cJSON_IsArray(v)) return "a list";
    if (cJSON_IsObject(v)) return "an object";
    return "null";
}

/* A JSON number that is an exact integer in [min, max]. */
int rg_json_int(const cJSON *v, long min, long max, long *out)
{
    if (!cJSON_IsNumber(v) || (v->type & RG_JSON_FRACTION)) return -1;
    double d = v->valuedouble;
    if (!isfinite(d) || d != floor(d) || d < (double)min || d > (double)max) return -1;
    *out = (long)d;
    return 0;
}
