/* `rulegrid explain` and `rulegrid hint` (spec/explain.md): one puzzle, a
 * position read from --state, the steps of the ladder as text or JSON
 * Lines, and a hint that first names a wrong digit or a wrongly crossed-out
 * candidate. */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "rulegrid/rulegrid.h"

enum { EXIT_DONE = 0, EXIT_BROKEN = 1, EXIT_BAD = 2, EXIT_LIMIT = 3 };

typedef struct xrun {
    int command;
    const cli_options *o;
    rg_registry *reg;
    rg_puzzle *templ, *p;
    const char *path;
    int *values;
    rg_mask *cands;
    int upto;
    double began; /* when the puzzle's reading began: --time counts from there */
    int late;     /* --time passed while it was read: no puzzle, the summary is unknown */
} xrun;

static void print_err(xrun *c, rg_error *e) { cli_print_error(c->reg, e); }

int cli_state_text(const char *opt, char **owned, const char **text, size_t *len,
                   const char **source)
{
    struct stat st;
    *owned = NULL;
    *text = opt;
    *len = strlen(opt);
    *source = "--state";
    if (opt[0] == '{' || stat(opt, &st) != 0 || !S_ISREG(st.st_mode)) return 0;
    rg_error err;
    if (cli_read_all(opt, owned, len, &err) != RG_OK) {
        cli_print_error(NULL, &err);
        return EXIT_BAD;
    }
    *text = *owned;
    *source = opt;
    return 0;
}

int cli_read_state(const rg_puzzle *p, const char *text, size_t len, const char *source,
                   int *values, rg_mask *cands)
{
    rg_error err;
    if (rg_position_parse(p, text, len, source, values, cands, &err) == RG_OK) return 0;
    cli_print_error(NULL, &err);
    return EXIT_BAD;
}

/* ---- Printing ------------------------------------------------------------------- */

static void json_cells(jsonw *w, const rg_puzzle *p, const int *cells, int n)
{
    char name[32];
    jsonw_array(w);
    for (int i = 0; i < n; i++) {
        rg_puzzle_cell_name(p, cells[i], name, sizeof name);
        jsonw_string(w, name);
    }
    jsonw_end(w);
}

static void json_digits(jsonw *w, rg_mask m)
{
    jsonw_array(w);
    for (int d = 1; m; d++, m >>= 1)
        if (m & 1u) jsonw_int(w, d);
    jsonw_end(w);
}

static void json_step(const rg_puzzle *p, const rg_step *s)
{
    jsonw w;
    char name[32];
    jsonw_init(&w, stdout);
    jsonw_object(&w);
    jsonw_key_int(&w, "step", s->number);
    jsonw_key_string(&w, "technique", s->technique);
    jsonw_key_int(&w, "rank", s->rank);
    jsonw_key_string(&w, "family", s->family);
    jsonw_key(&w, "rules");
    jsonw_array(&w);
    for (int i = 0; i < s->nrules; i++) jsonw_int(&w, s->rules[i]);
    jsonw_end(&w);
    jsonw_key(&w, "focus");
    json_cells(&w, p, s->focus, s->nfocus);
    jsonw_key(&w, "place");
    jsonw_object(&w);
    for (int i = 0; i < s->nplace; i++) {
        rg_puzzle_cell_name(p, s->place_cells[i], name, sizeof name);
        jsonw_key_int(&w, name, s->place_digits[i]);
    }
    jsonw_end(&w);
    jsonw_key(&w, "eliminate");
    jsonw_object(&w);
    for (int i = 0; i < s->nelim; i++) {
        rg_puzzle_cell_name(p, s->elim_cells[i], name, sizeof name);
        jsonw_key(&w, name);
        json_digits(&w, s->elim_masks[i]);
    }
    jsonw_end(&w);
    jsonw_key_string(&w, "text", s->text);
    jsonw_end(&w);
    putchar('\n');
}

/* {"r1c1": [2, 5], ...}: every cell's candidates, in reading order. */
static void json_candidates(jsonw *w, const rg_puzzle *p, const rg_mask *dom)
{
    char name[32];
    jsonw_object(w);
    for (int c = 0; c < rg_puzzle_cells(p); c++) {
        rg_puzzle_cell_name(p, c, name, sizeof name);
        jsonw_key(w, name);
        json_digits(w, dom[c]);
    }
    jsonw_end(w);
}

static void json_summary(const rg_puzzle *p, const rg_explainer *e, const rg_explain_summary *s)
{
    jsonw w;
    jsonw_init(&w, stdout);
    jsonw_object(&w);
    jsonw_key(&w, "summary");
    jsonw_object(&w);
    jsonw_key_string(&w, "status", rg_explain_status_name(s->status));
    jsonw_key_int(&w, "steps", s->steps);
    jsonw_key_int(&w, "placed", s->placed);
    jsonw_key_int(&w, "eliminated", s->eliminated);
    jsonw_key_string(&w, "hardest", s->hardest);
    jsonw_key_int(&w, "rating", s->rating);
    jsonw_key(&w, "techniques");
    jsonw_object(&w);
    for (int i = 0; i < s->ntechniques; i++)
        jsonw_key_int(&w, s->technique_names[i], s->technique_counts[i]);
    jsonw_end(&w);
    if (e && (s->status == RG_EXPLAIN_STUCK || s->status == RG_EXPLAIN_UNKNOWN)) {
        jsonw_key(&w, "candidates");
        json_candidates(&w, p, rg_explain_candidates(e));
    }
    if (s->status == RG_EXPLAIN_CONTRADICTION) {
        jsonw_key(&w, "broken");
        jsonw_object(&w);
        if (s->broken_rule >= 0) {
            jsonw_key_int(&w, "rule", s->broken_rule);
            jsonw_key_string(&w, "type", rg_puzzle_rule_type(p, s->broken_rule));
        }
        jsonw_key(&w, "cells");
        json_cells(&w, p, s->broken_cells, s->nbroken);
        jsonw_key_string(&w, "text", s->broken_text);
        jsonw_end(&w);
    }
    jsonw_end(&w);
    jsonw_end(&w);
    putchar('\n');
}

/* The most focus cells whose candidates a text step shows. */
#define SHOWN_FOCUS 16

/* " r1c1 125": cell's name and its candidates in before. */
static void show_cell(const rg_puzzle *p, int cell, const rg_mask *before, int first)
{
    char name[32];
    rg_puzzle_cell_name(p, cell, name, sizeof name);
    printf("%s %s ", first ? "" : ",", name);
    rg_mask m = before[cell];
    for (int d = 1; m; d++, m >>= 1)
        if (m & 1u) putchar(d < 10 ? '0' + d : 'A' + d - 10);
}

/* A step as text; with before (the candidates before it), steps beyond the
 * singles also show the candidates of their focus cells and of the cells
 * they narrow, which is what a person looks at to check them. */
static void text_step(const rg_puzzle *p, const rg_step *s, const rg_mask *before)
{
    printf("%3d. [%s", s->number, s->technique);
    for (int i = 0; i < s->nrules; i++)
        printf("%s rule %d (%s)", i ? "," : ";", s->rules[i], rg_puzzle_rule_type(p, s->rules[i]));
    printf("] %s\n", s->text);
    if (!before || s->rank <= RG_RANK_NAKED_SINGLE || s->rank == RG_RANK_CONTRADICTION) return;
    printf("     candidates before:");
    int shown = 0, more = 0;
    for (int i = 0; i < s->nfocus; i++)
        if (shown < SHOWN_FOCUS)
            show_cell(p, s->focus[i], before, !shown++);
        else
            more = 1;
    for (int i = 0; i < s->nelim; i++) {
        int seen = 0;
        for (int k = 0; k < s->nfocus && !seen; k++) seen = s->focus[k] == s->elim_cells[i];
        if (seen) continue;
        if (shown < SHOWN_FOCUS)
            show_cell(p, s->elim_cells[i], before, !shown++);
        else
            more = 1;
    }
    printf("%s\n", more ? ", ..." : "");
}

static void text_summary(const rg_puzzle *p, const rg_explainer *e, const rg_explain_summary *s,
                         const xrun *c)
{
    printf("%s after %d step%s: %d placed, %ld candidate%s removed",
           rg_explain_status_name(s->status), s->steps, s->steps == 1 ? "" : "s", s->placed,
           s->eliminated, s->eliminated == 1 ? "" : "s");
    if (s->rating)
        printf("; hardest: %s (rating %d of %d)", s->hardest, s->rating, RG_RANK_COUNT - 1);
    putchar('\n');
    if (s->ntechniques) {
        printf("techniques:");
        for (int i = 0; i < s->ntechniques; i++)
            printf("%s %s %d", i ? "," : "", s->technique_names[i], s->technique_counts[i]);
        putchar('\n');
    }
    if (s->status == RG_EXPLAIN_CONTRADICTION) printf("broken: %s\n", s->broken_text);
    if (s->status == RG_EXPLAIN_UNKNOWN) {
        if (c->o->head.given[CLI_OPT_NODES] && c->o->nodes && s->probes >= c->o->nodes)
            printf("unknown within the limit (nodes %llu)\n", (unsigned long long)c->o->nodes);
        else
            printf("unknown within the limit (time %g s)\n", c->o->time);
    }
    if (e && (s->status == RG_EXPLAIN_STUCK || s->status == RG_EXPLAIN_UNKNOWN))
        cli_print_candidates(stdout, p, rg_explain_candidates(e), rg_explain_placed(e));
}

/* ---- Reading the puzzle ----------------------------------------------------------- */

static int read_template(xrun *c)
{
    cli_input in;
    rg_error err;
    rg_puzzle *p = NULL;
    int rc = cli_input_open(&in, c->reg, c->o->templ, NULL, &err);
    if (rc == RG_OK && (in.kind != CLI_DOCUMENT || cli_input_next(&in, c->reg, &p, &err) != 1)) {
        if (in.kind != CLI_DOCUMENT) {
            rg_error_clear(&err);
            rg_error_set_file(&err, c->o->templ);
            snprintf(err.message, sizeof err.message,
                     "a template must be one JSON document (not a corpus)");
        }
        rc = err.code ? err.code : RG_E_FORMAT;
    }
    cli_input_close(&in);
    if (rc != RG_OK) {
        fputs("rulegrid: --template: ", stderr);
        print_err(c, &err);
        rg_puzzle_free(p);
        return EXIT_BAD;
    }
    c->templ = p;
    return 0;
}

/* The puzzle: the one document of the input, or entry --puzzle N of a corpus. */
static int read_puzzle(xrun *c)
{
    cli_input in;
    rg_error err;
    long want = c->o->head.given[CLI_OPT_PUZZLE] ? (long)c->o->puzzle : 0;
    if (cli_input_open(&in, c->reg, c->path, c->templ, &err) != RG_OK) {
        print_err(c, &err);
        return EXIT_BAD;
    }
    cli_input_time(&in, c->o);
    int rc = EXIT_DONE;
    for (long n = 1;; n++) {
        rg_puzzle *p = NULL;
        int r = cli_input_next(&in, c->reg, &p, &err);
        if (r == 0) {
            if (!c->p)
                rc = cli_usage_error(c->command, "%s holds %s", c->path,
                                     want ? "fewer puzzles than --puzzle asks for" : "no puzzle");
            break;
        }
        if (r < 0 && err.code == RG_E_TIME && (!want || n == want)) {
            cli_say_late(c->o, &err); /* the summary says unknown */
            c->late = 1;
            break;
        }
        if (r < 0 && (!want || n == want)) {
            print_err(c, &err);
            rc = EXIT_BAD;
            break;
        }
        if (r < 0) continue;
        if (!want && c->p) {
            rg_puzzle_free(p);
            rc = cli_usage_error(c->command, "%s holds several puzzles: choose one with --puzzle N",
                                 c->path);
            break;
        }
        if (!want || n == want)
            c->p = p, c->began = in.began;
        else
            rg_puzzle_free(p);
        if (want && n == want) break;
    }
    cli_input_close(&in);
    return rc;
}

static int setup(xrun *c)
{
    if (c->o->head.operands.n > 1)
        return cli_usage_error(c->command, "%s takes one FILE (got %d)",
                               cli_program.commands[c->command].name, c->o->head.operands.n);
    c->path = c->o->head.operands.n ? c->o->head.operands.v[0] : "-";
    c->upto = c->o->upto ? rg_rank_parse(c->o->upto) : RG_RANK_CONTRADICTION;
    if (!(c->reg = cli_load_registry(c->o->plugins.v))) return EXIT_BAD;
    int rc = c->o->templ ? read_template(c) : 0;
    if (!rc) rc = read_puzzle(c);
    if (rc || c->late) return rc;
    int N = rg_puzzle_cells(c->p);
    c->values = calloc((size_t)N + 1, sizeof *c->values);
    c->cands = calloc((size_t)N + 1, sizeof *c->cands);
    if (!c->values || !c->cands) {
        fputs("rulegrid: out of memory\n", stderr);
        return EXIT_BAD;
    }
    if (!c->o->state) return 0;
    char *owned;
    const char *text, *source;
    size_t len;
    rc = cli_state_text(c->o->state, &owned, &text, &len, &source);
    if (!rc) rc = cli_read_state(c->p, text, len, source, c->values, c->cands);
    free(owned);
    return rc;
}

static void teardown(xrun *c)
{
    free(c->values);
    free(c->cands);
    rg_puzzle_free(c->p);
    rg_puzzle_free(c->templ);
    rg_registry_free(c->reg);
}

static int make_explainer(xrun *c, rg_explainer **e)
{
    rg_explain_options eo;
    rg_explain_options_default(&eo);
    eo.upto = c->upto;
    eo.max_nodes = c->o->head.given[CLI_OPT_NODES] ? c->o->nodes : 0;
    eo.max_seconds = cli_time_left(c->o, c->began);
    rg_position pos = {c->values, c->cands};
    rg_error err;
    int rc = rg_explainer_new(c->p, &pos, &eo, e, &err);
    if (rc != RG_OK) {
        rg_error_set_file(&err, c->path);
        print_err(c, &err);
        return EXIT_BAD;
    }
    return 0;
}

static int status_exit(int status)
{
    return status == RG_EXPLAIN_CONTRADICTION ? EXIT_BROKEN
           : status == RG_EXPLAIN_UNKNOWN     ? EXIT_LIMIT
                                              : EXIT_DONE;
}

/* The end of an explanation that printed its steps: the error that stopped
 * it (rc neither 0 nor 1), or the summary; e is freed. The exit status. */
static int conclude(xrun *c, rg_explainer *e, int rc, rg_error *err)
{
    if (rc < 0 || rc > 1) {
        print_err(c, err);
        rg_explainer_free(e);
        return EXIT_BAD;
    }
    rg_explain_summary s;
    rg_explain_summary_get(e, &s);
    if (c->o->explain_json)
        json_summary(c->p, e, &s);
    else
        text_summary(c->p, e, &s, c);
    rg_explainer_free(e);
    return status_exit(s.status);
}

/* The summary of a puzzle that --time stopped while it was read: unknown,
 * no step, no candidates (there is no puzzle to show them on). */
static int late_summary(const xrun *c)
{
    rg_explain_summary s;
    memset(&s, 0, sizeof s);
    s.status = RG_EXPLAIN_UNKNOWN;
    s.hardest = "";
    s.broken_rule = -1;
    if (c->o->explain_json)
        json_summary(NULL, NULL, &s);
    else
        text_summary(NULL, NULL, &s, c);
    return EXIT_LIMIT;
}

static int explain(xrun *c)
{
    rg_explainer *e;
    int rc = make_explainer(c, &e);
    if (rc) return rc;
    rg_step step;
    rg_error err;
    size_t bytes = (size_t)rg_puzzle_cells(c->p) * sizeof(rg_mask);
    rg_mask *before = malloc(bytes + 1);
    if (before) memcpy(before, rg_explain_candidates(e), bytes);
    while ((rc = rg_explain_next(e, &step, &err)) == 1) {
        if (c->o->explain_json) {
            json_step(c->p, &step);
        } else {
            text_step(c->p, &step, before);
            if (before) memcpy(before, rg_explain_candidates(e), bytes);
            if (c->o->grid)
                cli_print_candidates(stdout, c->p, rg_explain_candidates(e), rg_explain_placed(e));
        }
    }
    free(before);
    return conclude(c, e, rc, &err);
}

/* ---- hint ------------------------------------------------------------------------ */

/* What is wrong at cell i against the solution sol: 1 a placed digit that
 * differs, 2 the solution's digit crossed out, 0 nothing. */
static int mistake(const xrun *c, const int *sol, int i)
{
    if (c->values[i]) return c->values[i] != sol[i];
    return c->cands[i] && !(c->cands[i] & (1u << (sol[i] - 1))) ? 2 : 0;
}

/* Print the mistakes of one kind (1 wrong digits, 2 crossed-out solution
 * digits): {"wrong": {"r4c5": 7}, "text": "r4c5 is not 7."}. */
static void print_mistakes(const xrun *c, const int *sol, int kind)
{
    int N = rg_puzzle_cells(c->p);
    char name[32], text[1024] = "";
    size_t at = 0;
    jsonw w;
    jsonw_init(&w, stdout);
    if (c->o->explain_json) {
        jsonw_object(&w);
        jsonw_key(&w, kind == 1 ? "wrong" : "missing");
        jsonw_object(&w);
    }
    for (int i = 0; i < N; i++) {
        if (mistake(c, sol, i) != kind) continue;
        rg_puzzle_cell_name(c->p, i, name, sizeof name);
        if (c->o->explain_json && kind == 1) jsonw_key_int(&w, name, c->values[i]);
        if (c->o->explain_json && kind == 2) {
            jsonw_key(&w, name);
            json_digits(&w, 1u << (sol[i] - 1));
        }
        if (at + 80 >= sizeof text) continue;
        if (kind == 1)
            at += (size_t)snprintf(text + at, sizeof text - at, "%s%s is not %d", at ? "; " : "",
                                   name, c->values[i]);
        else
            at += (size_t)snprintf(text + at, sizeof text - at,
                                   "%s%d was crossed out of %s, but it belongs there",
                                   at ? "; " : "", sol[i], name);
    }
    snprintf(text + at, sizeof text - at, ".");
    if (c->o->explain_json) {
        jsonw_end(&w);
        jsonw_key_string(&w, "text", text);
        jsonw_end(&w);
        putchar('\n');
    } else {
        printf("%s\n", text);
    }
}

/* Placed digits that differ from the unique solution, else solution digits
 * crossed out: printed, and 1; 0 when there are none, or no unique solution
 * to judge by; 2 when the limits ended the count first (nothing judged, and
 * standard error says so); -1 when the count failed (the error printed). */
static int wrong(xrun *c)
{
    rg_solver *s = rg_solver_new();
    rg_options o;
    rg_options_default(&o);
    o.limit = 2;
    if (c->o->head.given[CLI_OPT_NODES]) o.max_nodes = c->o->nodes;
    o.max_seconds = cli_time_left(c->o, c->began);
    rg_result r;
    rg_error err;
    int kind = 0;
    if (!s) {
        fputs("rulegrid: out of memory\n", stderr);
        return -1;
    }
    if (rg_solve(s, c->p, &o, &r, &err) != RG_OK) {
        rg_error_set_file(&err, c->path);
        print_err(c, &err);
        rg_solver_free(s);
        return -1;
    }
    if (r.status == RG_STATUS_UNIQUE) {
        for (int i = 0; i < rg_puzzle_cells(c->p) && kind != 1; i++) {
            int k = mistake(c, r.solution, i);
            if (k && (!kind || k < kind)) kind = k;
        }
        if (kind) print_mistakes(c, r.solution, kind);
    } else if (r.stopped) {
        /* The hint below is still sound (it follows from the position),
         * but whether the position's digits are right is not known. */
        cli_say("hint: the position was not checked against the solution: the count stopped "
                "at the limit (%s)",
                o.max_nodes && r.stats.nodes >= o.max_nodes ? "--nodes" : "--time");
        rg_solver_free(s);
        return 2;
    }
    rg_solver_free(s);
    return kind != 0; /* (kind 1 a wrong digit, 2 a missing one) */
}

static int hint(xrun *c)
{
    int judged = wrong(c);
    if (judged < 0) return EXIT_BAD;
    if (judged == 1) return EXIT_BROKEN;
    rg_explainer *e;
    int rc = make_explainer(c, &e);
    if (rc) return rc;
    rg_step step;
    rg_error err;
    rc = rg_explain_next(e, &step, &err);
    if (rc == 1) {
        if (c->o->explain_json)
            json_step(c->p, &step);
        else
            text_step(c->p, &step, NULL);
        rg_explainer_free(e);
        return judged == 2 ? EXIT_LIMIT : EXIT_DONE;
    }
    rc = conclude(c, e, rc, &err);
    return judged == 2 && rc == EXIT_DONE ? EXIT_LIMIT : rc;
}

int cli_rank_check(const char *value, char *why, size_t n)
{
    if (rg_rank_parse(value) >= 1) return 0;
    size_t at = (size_t)snprintf(why, n, "unknown technique or rank '%s' (a rank 1-%d or one of",
                                 value, RG_RANK_COUNT - 1);
    for (int r = 1; r < RG_RANK_COUNT && at < n; r++)
        at += (size_t)snprintf(why + at, n - at, "%s '%s'", r > 1 ? "," : "", rg_rank_name(r));
    if (at < n) snprintf(why + at, n - at, ", or a technique such as 'naked pair')");
    return 1;
}

int cli_explain_main(int cmd, const cli_options *o)
{
    xrun c;
    memset(&c, 0, sizeof c);
    c.command = cmd;
    c.o = o;
    int rc = setup(&c);
    if (!rc) rc = c.late ? late_summary(&c) : cmd == CLI_HINT ? hint(&c) : explain(&c);
    fflush(stdout);
    teardown(&c);
    return rc;
}

void cli_position_now(const rg_puzzle *p, const rg_explainer *e, int *values, rg_mask *cands)
{
    const rg_mask *dom = rg_explain_candidates(e);
    const unsigned char *placed = rg_explain_placed(e);
    const int *givens = rg_puzzle_givens(p);
    for (int i = 0; i < rg_puzzle_cells(p); i++) {
        int v = 0;
        if (placed[i] && !givens[i])
            for (rg_mask m = dom[i]; m; m >>= 1) v++;
        values[i] = v;
        cands[i] = placed[i] ? 0 : dom[i];
    }
}

int cli_make_dirs(const char *dir)
{
    char path[4096];
    struct stat st;
    if (snprintf(path, sizeof path, "%s", dir) >= (int)sizeof path) {
        errno = ENAMETOOLONG;
        return -1;
    }
    for (char *s = path + 1; *s; s++) {
        if (*s != '/') continue;
        *s = '\0';
        if (stat(path, &st) != 0 && mkdir(path, 0777) != 0 && errno != EEXIST) return -1;
        *s = '/';
    }
    if (stat(path, &st) == 0) return S_ISDIR(st.st_mode) ? 0 : (errno = ENOTDIR, -1);
    return mkdir(path, 0777) == 0 || errno == EEXIST ? 0 : -1;
}
