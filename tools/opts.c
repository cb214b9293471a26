/* The option parser of opts.h: reads argv against a program's option table,
 * stores each value in its field, and words the usage errors and the help
 * texts. What the options mean is the programs' business. */
#define _POSIX_C_SOURCE 200809L

#include "opts.h"

#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "say.h"

/* The help's width, and the column option texts start at (at most). */
#define WIDTH       79
#define HELP_COLUMN 28

static const char *who(const opts_program *p, int cmd)
{
    return cmd >= 0 && p->commands[cmd].who ? p->commands[cmd].who : p->name;
}

int opts_usage_error(const opts_program *p, int cmd, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int rc = opts_usage_verror(p, cmd, fmt, ap);
    va_end(ap);
    return rc;
}

int opts_usage_verror(const opts_program *p, int cmd, const char *fmt, va_list ap)
{
    /* The message quotes what was typed (an option, a value, a path): whole,
     * and with its control characters as '?'. */
    say_v(stderr, who(p, cmd), fmt, ap);
    const char *name = cmd >= 0 ? p->commands[cmd].name : NULL;
    fprintf(stderr, "Try '%s%s%s --help'.\n", p->name, name ? " " : "", name ? name : "");
    return 2;
}

/* ---- Names ------------------------------------------------------------------ */

int opts_command_find(const opts_program *p, const char *name)
{
    for (int i = 0; i < p->ncommands; i++)
        if (p->commands[i].name && strcmp(p->commands[i].name, name) == 0) return i;
    return -1;
}

static void append(char *buf, size_t n, size_t *k, const char *s)
{
    int w = snprintf(buf + *k, n - *k, "%s", s);
    if (w > 0) *k = *k + (size_t)w < n ? *k + (size_t)w : n - 1;
}

void opts_command_list(const opts_program *p, char *buf, size_t n)
{
    size_t k = 0;
    buf[0] = 0;
    for (int i = 0; i < p->ncommands; i++) {
        if (i) append(buf, n, &k, ", ");
        append(buf, n, &k, p->commands[i].name);
    }
}

void opts_names_list(const opts_names *names, char *buf, size_t n)
{
    size_t k = 0;
    buf[0] = 0;
    for (int i = 0; i < names->count; i++) {
        if (i) append(buf, n, &k, ", ");
        append(buf, n, &k, names->name(i));
    }
}

int opts_names_find(const opts_names *names, const char *name)
{
    for (int i = 0; i < names->count; i++)
        if (strcmp(names->name(i), name) == 0) return i;
    return -1;
}

void opts_unknown_name(const opts_names *names, const char *value, const char *tail, char *why,
                       size_t n)
{
    char list[512];
    opts_names_list(names, list, sizeof list);
    snprintf(why, n, "unknown %s '%s' (one of %s%s)", names->noun, value, list, tail ? tail : "");
}

int opts_absolute_folder(const char *value, char *why, size_t n)
{
    if (value[0] == '/') return 0;
    snprintf(why, n,
             "'%s' is a relative folder, refused: folders to search are never looked up from "
             "the current folder; give an absolute path (such as \"$PWD/%s\")",
             value, value);
    return 1;
}

int opts_choose(const opts_names *names, int (*in_all)(int), const char *text, opts_choice *out,
                char *why, size_t n)
{
    unsigned char named[OPTS_CHOICES] = {0};
    int all = 0;
    char buf[512];
    snprintf(buf, sizeof buf, "%s", text);
    out->n = 0;
    for (char *save = NULL, *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        int v = strcmp(t, "all") == 0 ? -2 : opts_names_find(names, t);
        if (v == -2) {
            all = 1;
        } else if (v < 0 || v >= OPTS_CHOICES) {
            opts_unknown_name(names, t, ", or all", why, n);
            return 1;
        } else if (named[v]++) {
            snprintf(why, n, "'%s' given twice", t);
            return 1;
        } else {
            out->v[out->n++] = v;
        }
    }
    if (!all && out->n == 0) {
        snprintf(why, n, "empty list");
        return 1;
    }
    if (all) {
        out->n = 0;
        for (int i = 0; i < names->count && i < OPTS_CHOICES; i++)
            if (named[i] || !in_all || in_all(i)) out->v[out->n++] = i;
    }
    return 0;
}

/* ---- Values ----------------------------------------------------------------- */

/* A decimal whole number: 1, 0 when s is none, -1 when it is one past
 * what 64 bits hold. */
static int read_uint(const char *s, uint64_t *out)
{
    if (!s || *s < '0' || *s > '9') return 0;
    errno = 0;
    char *end;
    unsigned long long v = strtoull(s, &end, 10);
    if (*end) return 0;
    if (errno) return -1;
    *out = (uint64_t)v;
    return 1;
}

/* A decimal number of seconds, 0 or more: digits, a point and an exponent
 * (no hexadecimal, no inf or nan, as the whole numbers take none). A
 * positive time too small for a double is the smallest one, never 0, which
 * would mean no limit. */
static int read_seconds(const char *s, double *out)
{
    if (!s || !((*s >= '0' && *s <= '9') || *s == '.')) return 0;
    if (s[strspn(s, "0123456789.eE+-")]) return 0;
    errno = 0;
    char *end;
    double v = strtod(s, &end);
    if (*end || !isfinite(v) || v < 0) return 0;
    if (errno == ERANGE && v < 1) /* underflow: a true 0 sets none, so it is positive */
        v = v > 0 ? v : DBL_MIN;
    else if (errno)
        return 0;
    *out = v;
    return 1;
}

/* Appends v to the list at field, room for argc values made on first use. */
static int add_text(opts_list *l, const char *v, int argc)
{
    if (!l->v && !(l->v = calloc((size_t)argc + 1, sizeof *l->v))) return 0;
    l->v[l->n++] = v;
    l->v[l->n] = NULL;
    return 1;
}

/* Stores value (label: the option as typed) into its field. 0, or 2 after
 * the usage error. */
static int store(const opts_program *p, int cmd, const opts_option *o, const char *label,
                 const char *value, opts_head *values, int argc)
{
    void *field = (char *)values + o->offset;
    char why[768];
    uint64_t u;
    switch (o->kind) {
    case OPTS_FLAG: *(int *)field = 1; return 0;
    case OPTS_UINT: {
        int got = read_uint(value, &u);
        if (got < 0 || (got > 0 && u > o->max)) /* a whole number, but too large */
            return opts_usage_error(p, cmd, "%s: '%s' is more than %llu, the most it takes", label,
                                    value, (unsigned long long)o->max);
        if (!got || u < o->min)
            return opts_usage_error(p, cmd, "%s: '%s' %s", label, value, o->bad);
        *(uint64_t *)field = u;
        return 0;
    }
    case OPTS_SECONDS:
        if (!read_seconds(value, (double *)field))
            return opts_usage_error(p, cmd, "%s: '%s' %s", label, value, o->bad);
        return 0;
    case OPTS_NAME:
        if ((*(int *)field = opts_names_find(o->names, value)) < 0) {
            opts_unknown_name(o->names, value, NULL, why, sizeof why);
            return opts_usage_error(p, cmd, "%s: %s", label, why);
        }
        return 0;
    case OPTS_NAMES:
        if (opts_choose(o->names, o->in_all, value, field, why, sizeof why))
            return opts_usage_error(p, cmd, "%s: %s", label, why);
        return 0;
    default:
        if (o->check && o->check(value, why, sizeof why))
            return opts_usage_error(p, cmd, "%s: %s", label, why);
        if (o->kind == OPTS_TEXT)
            *(const char **)field = value;
        else if (!add_text(field, value, argc))
            return opts_usage_error(p, cmd, "out of memory");
        return 0;
    }
}

/* ---- Arguments -------------------------------------------------------------- */

/* The row of the option argument a for command cmd, its label (a without
 * "=value") and its value when a carries one. NULL after the usage error
 * (*rc set) when there is none. */
static const opts_option *find_option(const opts_program *p, int cmd, const char *a, char *label,
                                      size_t n, const char **value, int *rc)
{
    int is_long = a[1] == '-';
    const char *eq = is_long ? strchr(a, '=') : NULL;
    size_t len = is_long ? (eq ? (size_t)(eq - a) : strlen(a)) : 2;
    snprintf(label, n, "%.*s", (int)len, a);
    *value = eq ? eq + 1 : !is_long && a[2] ? a + 2 : NULL;
    const opts_option *other = NULL;
    for (int i = 0; i < p->noptions; i++) {
        const opts_option *o = &p->options[i];
        int same = is_long ? strlen(o->name) == len - 2 && strncmp(o->name, a + 2, len - 2) == 0
                           : o->letter && o->letter == a[1];
        /* A flag's letter with more after it is not that flag. */
        if (same && !is_long && *value && !o->arg) same = 0;
        if (!same) continue;
        if (o->commands & (1u << cmd)) return o;
        other = o;
    }
    if (other && p->commands[cmd].name)
        *rc = opts_usage_error(p, cmd, "option %s does not apply to the command %s", label,
                               p->commands[cmd].name);
    else
        *rc = opts_usage_error(p, cmd, "unknown option '%s'", a);
    return NULL;
}

/* One option argument, argv[*i]; may take the next one as its value. */
static int option(const opts_program *p, int cmd, int argc, char **argv, int *i, opts_head *values)
{
    char label[128];
    const char *value;
    int rc = 0;
    const opts_option *o = find_option(p, cmd, argv[*i], label, sizeof label, &value, &rc);
    if (!o) return rc;
    if (o->kind == OPTS_HELP || o->kind == OPTS_VERSION) {
        if (value) return opts_usage_error(p, cmd, "option %s takes no value", label);
        if (o->kind == OPTS_HELP)
            opts_help(p, cmd, stdout);
        else
            printf("%s\n", p->version);
        return -2;
    }
    if (o->arg && !value) {
        if (*i + 1 >= argc) return opts_usage_error(p, cmd, "option %s needs a value", label);
        value = argv[++*i];
    } else if (!o->arg && value) {
        return opts_usage_error(p, cmd, "option %s takes no value", label);
    }
    int k = (int)(o - p->options);
    if (values->given[k] < 255) values->given[k]++;
    return store(p, cmd, o, label, value, values, argc);
}

static int operand(const opts_program *p, int cmd, const char *a, opts_head *values, int argc)
{
    const char *refuse = p->commands[cmd].no_operand;
    if (refuse) return opts_usage_error(p, cmd, refuse, a);
    if (!add_text(&values->operands, a, argc)) return opts_usage_error(p, cmd, "out of memory");
    return 0;
}

int opts_parse(const opts_program *p, int cmd, int argc, char **argv, int first, opts_head *values)
{
    memset(values, 0, p->size);
    int only_operands = 0;
    size_t pass = p->pass_prefix ? strlen(p->pass_prefix) : 0;
    for (int i = first; i < argc; i++) {
        const char *a = argv[i];
        int rc = 0;
        if (only_operands || a[0] != '-' || strcmp(a, "-") == 0)
            rc = operand(p, cmd, a, values, argc);
        else if (strcmp(a, "--") == 0)
            only_operands = 1;
        else if (pass && strncmp(a, p->pass_prefix, pass) == 0)
            rc = add_text(&values->passed, a, argc) ? 0 : opts_usage_error(p, cmd, "out of memory");
        else
            rc = option(p, cmd, argc, argv, &i, values);
        if (rc == -2) return 0;
        if (rc) return rc;
    }
    return -1;
}

void opts_free(const opts_program *p, opts_head *values)
{
    for (int i = 0; i < p->noptions; i++)
        if (p->options[i].kind == OPTS_TEXTS) {
            opts_list *l = (opts_list *)((char *)values + p->options[i].offset);
            free(l->v);
            l->v = NULL;
            l->n = 0;
        }
    free(values->operands.v);
    free(values->passed.v);
    values->operands.v = values->passed.v = NULL;
    values->operands.n = values->passed.n = 0;
}

/* ---- Help ------------------------------------------------------------------- */

/* text from column col on, wrapped at WIDTH, continuation lines at indent. */
static void wrap(FILE *f, const char *text, int col, int indent)
{
    const char *s = text;
    while (*s) {
        size_t word = strcspn(s, " ");
        if (col > indent && col + 1 + (int)word > WIDTH) {
            fprintf(f, "\n%*s", indent, "");
            col = indent;
        } else if (col > indent) {
            putc(' ', f);
            col++;
        }
        fwrite(s, 1, word, f);
        col += (int)word;
        s += word;
        while (*s == ' ') s++;
    }
    putc('\n', f);
}

/* "  -q, --quiet" or "      --strategy S" into buf; its length. */
static int left(const opts_option *o, char *buf, size_t n)
{
    char letter[8] = "    ";
    if (o->letter) snprintf(letter, sizeof letter, "-%c, ", o->letter);
    return snprintf(buf, n, "  %s--%s%s%s", letter, o->name, o->arg ? " " : "",
                    o->arg ? o->arg : "");
}

/* The names an option chooses from: a line each with its summary, or
 * after the help on its line. */
static void help_names(FILE *f, const opts_option *o, const char *help, int col, int at)
{
    const opts_names *names = o->names;
    if (!names->summary) {
        char list[512], text[1024];
        opts_names_list(names, list, sizeof list);
        snprintf(text, sizeof text, "%s: %s", help, list);
        wrap(f, text, col, at);
        return;
    }
    char text[1024];
    snprintf(text, sizeof text, "%s%s", help,
             o->kind == OPTS_NAMES ? "; one or more of:" : ", one of:");
    wrap(f, text, col, at);
    int w = 0;
    for (int i = 0; i < names->count; i++)
        if ((int)strlen(names->name(i)) > w) w = (int)strlen(names->name(i));
    for (int i = 0; i < names->count; i++) {
        fprintf(f, "%*s%-*s  ", at + 2, "", w, names->name(i));
        wrap(f, names->summary(i), at + 4 + w, at + 4 + w);
    }
}

static void help_options(const opts_program *p, int cmd, FILE *f)
{
    char buf[160];
    int at = 0;
    for (int i = 0; i < p->noptions; i++) {
        int n = left(&p->options[i], buf, sizeof buf);
        if ((p->options[i].commands & (1u << cmd)) && n + 2 > at) at = n + 2;
    }
    if (at > HELP_COLUMN) at = HELP_COLUMN;
    for (int i = 0; i < p->noptions; i++) {
        const opts_option *o = &p->options[i];
        if (!(o->commands & (1u << cmd))) continue;
        int n = left(o, buf, sizeof buf);
        fputs(buf, f);
        if (n + 2 > at)
            fprintf(f, "\n%*s", at, "");
        else
            fprintf(f, "%*s", at - n, "");
        if (o->kind == OPTS_NAME || o->kind == OPTS_NAMES)
            help_names(f, o, o->help, at, at);
        else
            wrap(f, o->help, at, at);
    }
}

void opts_help(const opts_program *p, int cmd, FILE *f)
{
    if (cmd < 0) {
        fprintf(f, "usage: %s", p->usage);
        fputs("\ncommands:\n", f);
        int w = 0;
        for (int i = 0; i < p->ncommands; i++)
            if ((int)strlen(p->commands[i].name) > w) w = (int)strlen(p->commands[i].name);
        for (int i = 0; i < p->ncommands; i++)
            fprintf(f, "  %-*s  %s\n", w, p->commands[i].name, p->commands[i].summary);
        if (p->about) fprintf(f, "\n%s", p->about);
        if (p->after) fprintf(f, "\n%s", p->after);
        return;
    }
    const opts_command *c = &p->commands[cmd];
    fprintf(f, "usage: %s%s%s %s", p->name, c->name ? " " : "", c->name ? c->name : "", c->usage);
    if (c->about) fprintf(f, "\n%s", c->about);
    fputs("\noptions:\n", f);
    help_options(p, cmd, f);
    if (c->after) fprintf(f, "\n%s", c->after);
}
