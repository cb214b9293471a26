/* What the `rulegrid` command prints about a puzzle: the grid with its box
 * borders, the compact solution line, search counters, and the pieces of the
 * JSON result lines (spec/results.md). Deciding what to print is rulegrid.c's. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

/* What a position holds for border drawing: its box, -1 for a cell in no
 * box, -2 for a position where no cell exists. */
static int key_at(const rg_puzzle *p, int r, int c)
{
    if (r < 1 || c < 1 || r > rg_puzzle_rows(p) || c > rg_puzzle_columns(p)) return -2;
    int cell = rg_puzzle_cell_at(p, r, c);
    return cell < 0 ? -2 : rg_puzzle_box_of(p, cell);
}

static void put_line(FILE *f, char *buf, size_t n)
{
    while (n > 0 && buf[n - 1] == ' ') n--;
    buf[n] = 0;
    fprintf(f, "%s\n", buf);
}

void cli_print_grid(FILE *f, const rg_puzzle *p, const int *values)
{
    int rows = rg_puzzle_rows(p), cols = rg_puzzle_columns(p);
    int w = rg_puzzle_digits(p) > 9 ? 2 : 1;
    /* A column gap is wide (room for a bar) when any row has a border there. */
    unsigned char wide[100] = {0};
    for (int c = 1; c < cols && c < 100; c++)
        for (int r = 1; r <= rows && !wide[c]; r++)
            if (key_at(p, r, c) != key_at(p, r, c + 1)) wide[c] = 1;

    char buf[100 * 6 + 8];
    for (int r = 1; r <= rows; r++) {
        size_t n = 0;
        for (int c = 1; c <= cols; c++) {
            int cell = rg_puzzle_cell_at(p, r, c);
            int v = cell >= 0 && values ? values[cell] : 0;
            if (cell < 0)
                n += (size_t)snprintf(buf + n, sizeof buf - n, "%*s", w, "");
            else if (v <= 0)
                n += (size_t)snprintf(buf + n, sizeof buf - n, "%*s", w, ".");
            else
                n += (size_t)snprintf(buf + n, sizeof buf - n, "%*d", w, v);
            if (c == cols) break;
            if (!wide[c])
                buf[n++] = ' ';
            else
                n += (size_t)snprintf(buf + n, sizeof buf - n, "%s",
                                      key_at(p, r, c) != key_at(p, r, c + 1) ? " | " : "   ");
        }
        put_line(f, buf, n);
        if (r == rows) break;

        /* The separator under this row, if any cell's box changes below it. */
        int any = 0;
        for (int c = 1; c <= cols && !any; c++)
            if (key_at(p, r, c) != key_at(p, r + 1, c)) any = 1;
        if (!any) continue;
        n = 0;
        for (int c = 1; c <= cols; c++) {
            int h = key_at(p, r, c) != key_at(p, r + 1, c);
            for (int i = 0; i < w; i++) buf[n++] = h ? '-' : ' ';
            if (c == cols) break;
            int hr = key_at(p, r, c + 1) != key_at(p, r + 1, c + 1);
            if (!wide[c]) {
                buf[n++] = h && hr ? '-' : ' ';
                continue;
            }
            int vert = key_at(p, r, c) != key_at(p, r, c + 1) ||
                       key_at(p, r + 1, c) != key_at(p, r + 1, c + 1);
            buf[n++] = h ? '-' : ' ';
            buf[n++] = (h || hr) && vert ? '+' : (h || hr) ? '-' : vert ? '|' : ' ';
            buf[n++] = hr ? '-' : ' ';
        }
        put_line(f, buf, n);
    }
}

void cli_print_compact(FILE *f, const rg_puzzle *p, const int *values)
{
    int rows = rg_puzzle_rows(p), cols = rg_puzzle_columns(p);
    for (int r = 1; r <= rows; r++)
        for (int c = 1; c <= cols; c++) {
            int cell = rg_puzzle_cell_at(p, r, c);
            int v = cell >= 0 && values ? values[cell] : 0;
            putc(v <= 0 ? '.' : v <= 9 ? '0' + v : 'A' + (v - 10), f);
        }
}

/* " (peers 12, singles 3, ...)" and the end of the line. */
static void print_families(FILE *f, const rg_stats *s, const uint64_t *count)
{
    int n = s->families < 0 ? 0 : s->families > RG_MAX_FAMILIES ? RG_MAX_FAMILIES : s->families;
    for (int i = 0; i < n; i++)
        fprintf(f, "%s%s %llu", i ? ", " : " (", s->family[i] ? s->family[i] : "?",
                (unsigned long long)count[i]);
    fprintf(f, "%s\n", n ? ")" : "");
}

void cli_print_stats(FILE *f, const rg_stats *s)
{
    fprintf(f, "nodes         %llu\n", (unsigned long long)s->nodes);
    fprintf(f, "guesses       %llu\n", (unsigned long long)s->guesses);
    fprintf(f, "failures      %llu\n", (unsigned long long)s->failures);
    fprintf(f, "propagations  %llu", (unsigned long long)s->propagations);
    print_families(f, s, s->family_calls);
    fprintf(f, "prunings      %llu", (unsigned long long)s->prunings);
    print_families(f, s, s->family_prunings);
    fprintf(f, "root          %.1f us\n", s->root_us);
    fprintf(f, "search        %.1f us\n", s->search_us);
}

/* Length of the valid UTF-8 sequence at s (1-4), or 0 when it is not one. */
static int utf8_len(const unsigned char *s)
{
    unsigned c = s[0];
    int n;
    unsigned min;
    if (c < 0x80) return 1;
    if (c >= 0xc2 && c <= 0xdf) n = 2, min = 0x80;
    else if (c >= 0xe0 && c <= 0xef) n = 3, min = 0x800;
    else if (c >= 0xf0 && c <= 0xf4) n = 4, min = 0x10000;
    else return 0;
    unsigned cp = c & (0x3f >> (n - 1));
    for (int i = 1; i < n; i++) {
        if ((s[i] & 0xc0) != 0x80) return 0;
        cp = (cp << 6) | (s[i] & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return 0;
    return n;
}

void cli_json_string(FILE *f, const char *str)
{
    const unsigned char *s = (const unsigned char *)(str ? str : "");
    putc('"', f);
    while (*s) {
        unsigned c = *s;
        if (c == '"' || c == '\\') {
            putc('\\', f);
            putc((int)c, f);
            s++;
        } else if (c == '\n') {
            fputs("\\n", f), s++;
        } else if (c == '\t') {
            fputs("\\t", f), s++;
        } else if (c == '\r') {
            fputs("\\r", f), s++;
        } else if (c < 0x20 || c == 0x7f) {
            fprintf(f, "\\u%04x", c), s++;
        } else {
            int n = utf8_len(s);
            if (n == 0) {
                fputs("\\ufffd", f);
                s++;
            } else {
                fwrite(s, 1, (size_t)n, f);
                s += n;
            }
        }
    }
    putc('"', f);
}

void cli_json_key(FILE *f, int *first, const char *key)
{
    if (!*first) fputs(", ", f);
    *first = 0;
    cli_json_string(f, key);
    fputs(": ", f);
}

void cli_json_us(FILE *f, double us)
{
    if (!isfinite(us) || us < 0) us = 0;
    fprintf(f, "%.1f", us);
}

void cli_json_solution(FILE *f, const rg_puzzle *p, const int *values)
{
    int rows = rg_puzzle_rows(p), cols = rg_puzzle_columns(p), first = 1;
    char name[32];
    putc('{', f);
    for (int r = 1; r <= rows; r++)
        for (int c = 1; c <= cols; c++) {
            int cell = rg_puzzle_cell_at(p, r, c);
            if (cell < 0) continue;
            rg_puzzle_cell_name(p, cell, name, sizeof name);
            cli_json_key(f, &first, name);
            fprintf(f, "%d", values[cell]);
        }
    putc('}', f);
}

void cli_json_error(FILE *f, const rg_error *e)
{
    int first = 1;
    putc('{', f);
    cli_json_key(f, &first, "file");
    if (e->file[0]) cli_json_string(f, e->file);
    else fputs("null", f);
    cli_json_key(f, &first, "line");
    if (e->line > 0) fprintf(f, "%ld", e->line);
    else fputs("null", f);
    cli_json_key(f, &first, "rule");
    if (e->rule >= 0) fprintf(f, "%d", e->rule);
    else fputs("null", f);
    cli_json_key(f, &first, "type");
    if (e->type[0]) cli_json_string(f, e->type);
    else fputs("null", f);
    cli_json_key(f, &first, "field");
    if (e->field[0]) cli_json_string(f, e->field);
    else fputs("null", f);
    cli_json_key(f, &first, "message");
    cli_json_string(f, e->message[0] ? e->message : "unknown error");
    putc('}', f);
}

void cli_json_rule(FILE *f, int *first, const char *key, const rg_puzzle *p, int rule)
{
    const char *type = rg_puzzle_rule_type(p, rule);
    int inner = 1;
    cli_json_key(f, first, key);
    fputc('{', f);
    cli_json_key(f, &inner, "rule");
    fprintf(f, "%d", rule);
    cli_json_key(f, &inner, "type");
    cli_json_string(f, type ? type : "");
    fputc('}', f);
}
