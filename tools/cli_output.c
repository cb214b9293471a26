/* What the `rulegrid` command prints about a puzzle: the grid with its box
 * borders, the compact solution line, search counters, and the pieces of the
 * JSON result lines (spec/results.md). What to print is cli_solve.c's. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
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

/* The text of one cell of a grid, at most n - 1 characters. */
typedef void cell_text_fn(char *out, size_t n, const rg_puzzle *p, int cell, const void *ctx);

/* The board drawn with w characters a cell (right-aligned) and box borders. */
static void print_cells(FILE *f, const rg_puzzle *p, int w, cell_text_fn *text, const void *ctx)
{
    int rows = rg_puzzle_rows(p), cols = rg_puzzle_columns(p);
    /* A column gap is wide (room for a bar) when any row has a border there. */
    unsigned char wide[100] = {0};
    for (int c = 1; c < cols && c < 100; c++)
        for (int r = 1; r <= rows && !wide[c]; r++)
            if (key_at(p, r, c) != key_at(p, r, c + 1)) wide[c] = 1;

    size_t size = (size_t)cols * ((size_t)w + 3) + 8;
    char *buf = malloc(size), one[RG_MAX_DIGITS * 3 + 8];
    if (!buf) return;
    for (int r = 1; r <= rows; r++) {
        size_t n = 0;
        for (int c = 1; c <= cols; c++) {
            int cell = rg_puzzle_cell_at(p, r, c);
            one[0] = 0;
            if (cell >= 0) text(one, sizeof one, p, cell, ctx);
            n += (size_t)snprintf(buf + n, size - n, "%*s", w, one);
            if (c == cols) break;
            if (!wide[c])
                buf[n++] = ' ';
            else
                n += (size_t)snprintf(buf + n, size - n, "%s",
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
    free(buf);
}

static void value_text(char *out, size_t n, const rg_puzzle *p, int cell, const void *ctx)
{
    const int *values = ctx;
    (void)p;
    int v = values ? values[cell] : 0;
    if (v <= 0)
        snprintf(out, n, ".");
    else
        snprintf(out, n, "%d", v);
}

int cli_solution_differs(const rg_puzzle *p, const int *sol)
{
    const int *g = rg_puzzle_givens(p);
    for (int i = 0, n = rg_puzzle_cells(p); g && i < n; i++)
        if (g[i] > 0 && g[i] != sol[i]) return i;
    return -1;
}

void cli_print_grid(FILE *f, const rg_puzzle *p, const int *values)
{
    print_cells(f, p, rg_puzzle_digits(p) > 9 ? 2 : 1, value_text, values);
}

typedef struct cand_ctx {
    const rg_mask *cands;
    const unsigned char *placed;
} cand_ctx;

/* Digits 1-9 as themselves, 10 and up as A, B, ...; an empty domain as '-'. */
static void cand_text(char *out, size_t n, const rg_puzzle *p, int cell, const void *ctx)
{
    const cand_ctx *x = ctx;
    rg_mask m = x->cands[cell];
    size_t k = 0;
    (void)p;
    if (!m) snprintf(out, n, "-");
    for (int d = 1; m && k + 1 < n; d++, m >>= 1)
        if (m & 1u) out[k++] = (char)(d < 10 ? '0' + d : 'A' + d - 10);
    if (k) out[k] = 0;
}

void cli_print_candidates(FILE *f, const rg_puzzle *p, const rg_mask *cands,
                          const unsigned char *placed)
{
    int w = 1;
    for (int c = 0; c < rg_puzzle_cells(p); c++) {
        int k = __builtin_popcount(cands[c]);
        if (k > w) w = k;
    }
    cand_ctx x = {cands, placed};
    print_cells(f, p, w, cand_text, &x);
}

void cli_print_sets_line(FILE *f, const rg_puzzle *p, const rg_mask *sets)
{
    char one[RG_MAX_DIGITS * 3 + 8];
    cand_ctx x = {sets, NULL};
    const char *sep = "";
    for (int r = 1; r <= rg_puzzle_rows(p); r++)
        for (int c = 1; c <= rg_puzzle_columns(p); c++) {
            int cell = rg_puzzle_cell_at(p, r, c);
            if (cell < 0) continue;
            cand_text(one, sizeof one, p, cell, &x);
            fprintf(f, "%s%s", sep, one);
            sep = " ";
        }
}

void cli_print_compact(FILE *f, const rg_puzzle *p, const int *values)
{
    int rows = rg_puzzle_rows(p), cols = rg_puzzle_columns(p);
    /* A row at a time through one fwrite: putc on a worker's memory stream
     * takes its lock each character. */
    char line[256];
    for (int r = 1; r <= rows; r++) {
        int n = 0;
        for (int c = 1; c <= cols; c++) {
            int cell = rg_puzzle_cell_at(p, r, c);
            int v = cell >= 0 && values ? values[cell] : 0;
            line[n++] = (char)(v <= 0 ? '.' : v <= 9 ? '0' + v : 'A' + (v - 10));
            if (n == (int)sizeof line) fwrite(line, 1, (size_t)n, f), n = 0;
        }
        fwrite(line, 1, (size_t)n, f);
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

void cli_json_us(jsonw *w, const char *key, double us)
{
    if (!isfinite(us) || us < 0) us = 0;
    jsonw_key_double(w, key, "%.1f", us);
}

void cli_json_solution(jsonw *w, const rg_puzzle *p, const int *values)
{
    int rows = rg_puzzle_rows(p), cols = rg_puzzle_columns(p);
    char name[32];
    jsonw_object(w);
    for (int r = 1; r <= rows; r++)
        for (int c = 1; c <= cols; c++) {
            int cell = rg_puzzle_cell_at(p, r, c);
            if (cell < 0) continue;
            rg_puzzle_cell_name(p, cell, name, sizeof name);
            jsonw_key_int(w, name, values[cell]);
        }
    jsonw_end(w);
}

void cli_json_sets(jsonw *w, const rg_puzzle *p, const rg_mask *sets)
{
    int rows = rg_puzzle_rows(p), cols = rg_puzzle_columns(p), digits = rg_puzzle_digits(p);
    char name[32];
    jsonw_object(w);
    for (int r = 1; r <= rows; r++)
        for (int c = 1; c <= cols; c++) {
            int cell = rg_puzzle_cell_at(p, r, c);
            if (cell < 0) continue;
            rg_puzzle_cell_name(p, cell, name, sizeof name);
            jsonw_key(w, name);
            jsonw_array(w);
            for (int d = 1; d <= digits; d++)
                if (sets[cell] >> (d - 1) & 1) jsonw_int(w, d);
            jsonw_end(w);
        }
    jsonw_end(w);
}

/* A string member, or null when it is empty. */
static void string_or_null(jsonw *w, const char *key, const char *s)
{
    jsonw_key(w, key);
    if (s[0])
        jsonw_string(w, s);
    else
        jsonw_null(w);
}

void cli_json_error(jsonw *w, const rg_error *e)
{
    jsonw_object(w);
    string_or_null(w, "file", e->file);
    jsonw_key(w, "line");
    if (e->line > 0)
        jsonw_int(w, e->line);
    else
        jsonw_null(w);
    jsonw_key(w, "rule");
    if (e->rule >= 0)
        jsonw_int(w, e->rule);
    else
        jsonw_null(w);
    string_or_null(w, "type", e->type);
    string_or_null(w, "field", e->field);
    jsonw_key_string(w, "message", e->message[0] ? e->message : "unknown error");
    jsonw_end(w);
}

void cli_json_rule(jsonw *w, const char *key, const rg_puzzle *p, int rule)
{
    const char *type = rg_puzzle_rule_type(p, rule);
    jsonw_key(w, key);
    jsonw_object(w);
    jsonw_key_int(w, "rule", rule);
    jsonw_key_string(w, "type", type ? type : "");
    jsonw_end(w);
}

void cli_json_stats(jsonw *w, const rg_stats *s, int all)
{
    jsonw_object(w);
    jsonw_key_uint(w, "nodes", s->nodes);
    jsonw_key_uint(w, "guesses", s->guesses);
    jsonw_key_uint(w, "failures", s->failures);
    jsonw_key_uint(w, "propagations", s->propagations);
    cli_json_us(w, "us", s->root_us + s->search_us);
    if (all) {
        jsonw_key(w, "prunings");
        jsonw_object(w);
        int n = s->families < 0 ? 0 : s->families > RG_MAX_FAMILIES ? RG_MAX_FAMILIES : s->families;
        for (int i = 0; i < n; i++)
            jsonw_key_uint(w, s->family[i] ? s->family[i] : "?", s->family_prunings[i]);
        jsonw_end(w);
        cli_json_us(w, "root_us", s->root_us);
        cli_json_us(w, "search_us", s->search_us);
    }
    jsonw_end(w);
}
