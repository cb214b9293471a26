/* `rulegrid render`: one puzzle, or every puzzle of a corpus into a folder,
 * drawn by rg_render_svg; with the solution, pencil marks (a --state
 * position's, or the true candidates) or one step of the explanation. */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "rulegrid/rulegrid.h"

enum { EXIT_DONE = 0, EXIT_NONE = 1, EXIT_BAD = 2, EXIT_LIMIT = 3 };

typedef struct rrun {
    const cli_options *o;
    rg_registry *reg;
    rg_puzzle *templ;
    rg_solver *solver;
    const char *path;
    const char *state; /* --state's text (read from its file when it names one) */
    size_t state_len;
    const char *state_source; /* "--state" or that file's name */
    char *state_file;         /* that file's text */
    int to_dir;               /* -o names a folder: one N.svg per puzzle */
    int exit_code;
    double began; /* when the puzzle drawn now began to be read: --time counts from there */
} rrun;

/* What one puzzle's picture needs beyond the puzzle: owned buffers. */
typedef struct picture {
    rg_render_options ro;
    int *values;
    rg_mask *cands, *before;
    int *focus, *elim_cells, *place_cells, *place_digits;
    rg_mask *elim_masks;
    char *caption;
} picture;

static void raise_exit(rrun *c, int code)
{
    if (code > c->exit_code) c->exit_code = code;
}

static void picture_free(picture *pc)
{
    free(pc->values);
    free(pc->cands);
    free(pc->before);
    free(pc->focus);
    free(pc->elim_cells);
    free(pc->elim_masks);
    free(pc->place_cells);
    free(pc->place_digits);
    free(pc->caption);
}

static rg_options search_options(const rrun *c)
{
    rg_options o;
    rg_options_default(&o);
    if (c->o->head.given[CLI_OPT_NODES]) o.max_nodes = c->o->nodes;
    o.max_seconds = cli_time_left(c->o, c->began);
    return o;
}

/* --solution: the document's, else the first one the search finds. */
static int solution(rrun *c, const rg_puzzle *p, const char *where, picture *pc)
{
    int N = rg_puzzle_cells(p), rc = EXIT_DONE;
    const int *sol = rg_puzzle_solution(p);
    rg_result r;
    rg_error err;
    if (sol) {
        /* The document's own solution is drawn as it stands, but one that
         * breaks a rule or a given is said, with exit 1 (as check does). */
        int broken = rg_puzzle_check(p, sol), differs = cli_solution_differs(p, sol);
        char name[32];
        if (broken >= 0) {
            const char *type = rg_puzzle_rule_type(p, broken);
            cli_say("%s: the document's solution breaks rule %d (%s); drawn as it stands", where,
                    broken, type ? type : "?");
            rc = EXIT_NONE;
        } else if (broken == -2) {
            cli_say("%s: the document's solution is incomplete; drawn as it stands", where);
            rc = EXIT_NONE;
        } else if (differs >= 0) {
            rg_puzzle_cell_name(p, differs, name, sizeof name);
            cli_say("%s: the document's solution differs from the given at %s; drawn as it stands",
                    where, name);
            rc = EXIT_NONE;
        }
    } else {
        rg_options o = search_options(c);
        if (rg_solve(c->solver, p, &o, &r, &err) != RG_OK) {
            rg_error_set_file(&err, where);
            cli_print_error(c->reg, &err);
            return EXIT_BAD;
        }
        if (!r.solution) {
            cli_say("%s: %s: drawn without a solution", where,
                    r.status == RG_STATUS_NONE ? "no solution" : "a limit was reached first");
            return r.status == RG_STATUS_NONE ? EXIT_NONE : EXIT_LIMIT;
        }
        sol = r.solution;
    }
    pc->values = malloc((size_t)N * sizeof *pc->values + 1);
    if (!pc->values) return EXIT_BAD;
    memcpy(pc->values, sol, (size_t)N * sizeof *sol);
    pc->ro.values = pc->values;
    return rc;
}

/* The position of --state (values and kept candidates), or none. */
static int position(rrun *c, const rg_puzzle *p, picture *pc)
{
    int N = rg_puzzle_cells(p);
    pc->values = calloc((size_t)N + 1, sizeof *pc->values);
    pc->cands = calloc((size_t)N + 1, sizeof *pc->cands);
    if (!pc->values || !pc->cands) return EXIT_BAD;
    return c->state
               ? cli_read_state(p, c->state, c->state_len, c->state_source, pc->values, pc->cands)
               : 0;
}

static int explainer(rrun *c, const rg_puzzle *p, const char *where, picture *pc, rg_explainer **e)
{
    rg_explain_options eo;
    rg_explain_options_default(&eo);
    eo.max_nodes = c->o->head.given[CLI_OPT_NODES] ? c->o->nodes : 0;
    eo.max_seconds = cli_time_left(c->o, c->began);
    rg_position pos = {pc->values, pc->cands};
    rg_error err;
    if (rg_explainer_new(p, &pos, &eo, e, &err) == RG_OK) return 0;
    rg_error_set_file(&err, where);
    cli_print_error(c->reg, &err);
    return EXIT_BAD;
}

/* The position's placed digits (not the givens) as values, its candidates
 * elsewhere, from the explainer's state now. */
static void take_position(const rg_puzzle *p, rg_explainer *e, picture *pc)
{
    cli_position_now(p, e, pc->values, pc->cands);
    pc->ro.values = pc->values;
    pc->ro.candidates = pc->cands;
}

/* memcpy of n bytes, where an empty list of a step may be NULL. */
static void copy(void *to, const void *from, size_t n)
{
    if (n) memcpy(to, from, n);
}

/* The step's cells and digits copied (the step lives until the next call). */
static int take_step(picture *pc, const rg_step *s)
{
    pc->focus = malloc(((size_t)s->nfocus + 1) * sizeof *pc->focus);
    pc->elim_cells = malloc(((size_t)s->nelim + 1) * sizeof *pc->elim_cells);
    pc->elim_masks = malloc(((size_t)s->nelim + 1) * sizeof *pc->elim_masks);
    pc->place_cells = malloc(((size_t)s->nplace + 1) * sizeof *pc->place_cells);
    pc->place_digits = malloc(((size_t)s->nplace + 1) * sizeof *pc->place_digits);
    if (!pc->focus || !pc->elim_cells || !pc->elim_masks || !pc->place_cells || !pc->place_digits)
        return EXIT_BAD;
    copy(pc->focus, s->focus, (size_t)s->nfocus * sizeof *s->focus);
    copy(pc->elim_cells, s->elim_cells, (size_t)s->nelim * sizeof *s->elim_cells);
    copy(pc->elim_masks, s->elim_masks, (size_t)s->nelim * sizeof *s->elim_masks);
    copy(pc->place_cells, s->place_cells, (size_t)s->nplace * sizeof *s->place_cells);
    copy(pc->place_digits, s->place_digits, (size_t)s->nplace * sizeof *s->place_digits);
    pc->ro.focus = pc->focus, pc->ro.nfocus = s->nfocus;
    pc->ro.elim_cells = pc->elim_cells, pc->ro.elim_masks = pc->elim_masks;
    pc->ro.nelim = s->nelim;
    pc->ro.place_cells = pc->place_cells, pc->ro.place_digits = pc->place_digits;
    pc->ro.nplace = s->nplace;
    pc->caption = cli_strf("Step %d (%s): %s", s->number, s->technique, s->text);
    if (!pc->caption) return EXIT_BAD;
    pc->ro.caption = pc->caption;
    return 0;
}

/* --step N: the position before step N, then step N itself. */
static int step(rrun *c, const rg_puzzle *p, const char *where, picture *pc)
{
    rg_explainer *e;
    int rc = position(c, p, pc);
    if (!rc) rc = explainer(c, p, where, pc, &e);
    if (rc) return rc;
    rg_step s;
    rg_error err;
    int got = 1;
    for (long n = 1; got == 1 && n < (long)c->o->step; n++) got = rg_explain_next(e, &s, &err);
    if (got == 1) take_position(p, e, pc);
    if (got == 1) got = rg_explain_next(e, &s, &err);
    if (got == 1) {
        rc = take_step(pc, &s);
    } else if (got == 0) {
        rg_explain_summary sum;
        rg_explain_summary_get(e, &sum);
        cli_say("%s: --step %llu: the explanation ends (%s) after %d steps", where,
                (unsigned long long)c->o->step, rg_explain_status_name(sum.status), sum.steps);
        rc = sum.status == RG_EXPLAIN_UNKNOWN ? EXIT_LIMIT : EXIT_BAD;
    } else {
        rg_error_set_file(&err, where);
        cli_print_error(c->reg, &err);
        rc = EXIT_BAD;
    }
    rg_explainer_free(e);
    return rc;
}

/* --candidates: the position's (with --state), else the true candidates. */
static int candidates(rrun *c, const rg_puzzle *p, const char *where, picture *pc)
{
    if (c->state) {
        rg_explainer *e;
        int rc = position(c, p, pc);
        if (!rc) rc = explainer(c, p, where, pc, &e);
        if (rc) return rc;
        take_position(p, e, pc);
        rg_explainer_free(e);
        return 0;
    }
    int N = rg_puzzle_cells(p);
    pc->cands = calloc((size_t)N + 1, sizeof *pc->cands);
    if (!pc->cands) return EXIT_BAD;
    rg_options o = search_options(c);
    o.limit = 2;
    rg_candidates_result r;
    rg_error err;
    if (rg_candidates(c->solver, p, &o, pc->cands, &r, &err) != RG_OK) {
        rg_error_set_file(&err, where);
        cli_print_error(c->reg, &err);
        return EXIT_BAD;
    }
    pc->ro.candidates = pc->cands;
    if (r.status == RG_STATUS_NONE) {
        cli_say("%s: no solution: drawn without candidates", where);
        return EXIT_NONE;
    }
    if (!r.complete) cli_say("%s: a limit was reached first: the candidates are partial", where);
    return r.complete ? 0 : EXIT_LIMIT;
}

static int write_file(const char *path, const char *svg, size_t len)
{
    FILE *f = fopen(path, "wb");
    int ok = f && fwrite(svg, 1, len, f) == len;
    if (f && fclose(f) != 0) ok = 0;
    if (!ok) cli_say("%s: %s", path, strerror(errno ? errno : EIO));
    return ok ? 0 : EXIT_BAD;
}

/* Puzzle number n of the input drawn and written: to standard output, -o
 * FILE, or DIR/n.svg. The exit status of this puzzle. */
static int render_one(rrun *c, const rg_puzzle *p, long n)
{
    /* Whole, however long the path: the title, the errors' file, the file
     * written. */
    char *where =
        c->to_dir || n > 1 ? cli_strf("%s: puzzle %ld", c->path, n) : cli_strf("%s", c->path);
    if (!where) {
        cli_say("out of memory");
        return EXIT_BAD;
    }
    picture pc;
    memset(&pc, 0, sizeof pc);
    rg_render_options_default(&pc.ro);
    pc.ro.title = where;
    int rc = 0;
    if (c->o->step)
        rc = step(c, p, where, &pc);
    else if (c->o->solution)
        rc = solution(c, p, where, &pc);
    if (!c->o->step && c->o->render_candidates && rc != EXIT_BAD) {
        int r2 = candidates(c, p, where, &pc);
        if (r2 > rc) rc = r2;
    } else if (!c->o->step && !c->o->solution && c->state) {
        rc = position(c, p, &pc); /* --state alone: its placed digits */
        pc.ro.values = pc.values;
    }
    char *svg = NULL;
    size_t len = 0;
    rg_error err;
    if (rc != EXIT_BAD && rg_render_svg(p, &pc.ro, &svg, &len, &err) != RG_OK) {
        rg_error_set_file(&err, where);
        cli_print_error(c->reg, &err);
        rc = EXIT_BAD;
    }
    if (svg && c->to_dir) {
        char *out = cli_strf("%s/%ld.svg", c->o->render_output, n);
        int w = out ? write_file(out, svg, len) : (cli_say("out of memory"), EXIT_BAD);
        if (w > rc) rc = w;
        free(out);
    } else if (svg && c->o->render_output) {
        int w = write_file(c->o->render_output, svg, len);
        if (w > rc) rc = w;
    } else if (svg) {
        fwrite(svg, 1, len, stdout);
    }
    rg_string_free(svg);
    picture_free(&pc);
    free(where);
    return rc;
}

/* -o DIR: the folder, made when missing. 0 or the exit status 2. */
static int make_dir(const char *dir)
{
    if (cli_make_dirs(dir) == 0) return 0;
    cli_say("%s: %s", dir, strerror(errno));
    return EXIT_BAD;
}

/* Does -o name a folder: one that exists, one written with a final '/'
 * (made when missing), or any -o for a corpus. */
static int wants_dir(const rrun *c, const cli_input *in)
{
    struct stat st;
    const char *out = c->o->render_output;
    if (!out) return 0;
    if (stat(out, &st) == 0 && S_ISDIR(st.st_mode)) return 1;
    if (out[0] && out[strlen(out) - 1] == '/') return 1;
    return in->kind != CLI_DOCUMENT && !c->o->head.given[CLI_OPT_PUZZLE];
}

/* The one puzzle a picture on standard output or -o FILE draws: the
 * input's only one, or --puzzle N; NULL after saying why (*rc). */
static rg_puzzle *only_puzzle(rrun *c, cli_input *in, long want, long *n, int *rc)
{
    rg_puzzle *held = NULL;
    rg_error err;
    for (;;) {
        rg_puzzle *p = NULL;
        int r = cli_input_next(in, c->reg, &p, &err);
        if (r == 0 || r == -2) {
            if (r == -2) cli_print_error(c->reg, &err), *rc = EXIT_BAD;
            break;
        }
        (*n)++;
        if (want && *n != want) {
            rg_puzzle_free(p);
            continue;
        }
        if (r < 0 && err.code == RG_E_TIME) { /* nothing to draw */
            cli_say_late(c->o, &err);
            *rc = EXIT_LIMIT;
            break;
        }
        if (r < 0) {
            cli_print_error(c->reg, &err);
            *rc = EXIT_BAD;
            break;
        }
        if (held) { /* a second puzzle: nothing is drawn */
            rg_puzzle_free(p);
            rg_puzzle_free(held);
            *rc = cli_usage_error(CLI_RENDER,
                                  "%s holds several puzzles: draw them all with -o DIR or one "
                                  "with --puzzle N",
                                  c->path);
            return NULL;
        }
        held = p;
        c->began = in->began;
        if (want) break;
    }
    if (!held && !*rc)
        *rc = cli_usage_error(CLI_RENDER, "%s holds %s", c->path,
                              want ? "fewer puzzles than --puzzle asks for" : "no puzzle");
    if (*rc) rg_puzzle_free(held);
    return *rc ? NULL : held;
}

/* -o DIR: every puzzle of the input into DIR/N.svg. */
static void every_puzzle(rrun *c, cli_input *in)
{
    rg_error err;
    long n = 0;
    for (;;) {
        rg_puzzle *p = NULL;
        int r = cli_input_next(in, c->reg, &p, &err);
        if (r == 0) break;
        if (r < 0 && err.code == RG_E_TIME) { /* no N.svg for it; the next goes on */
            cli_say_late(c->o, &err);
            raise_exit(c, EXIT_LIMIT);
        } else if (r < 0) {
            cli_print_error(c->reg, &err);
            raise_exit(c, EXIT_BAD);
            if (r == -2) break;
        } else {
            c->began = in->began;
            raise_exit(c, render_one(c, p, n + 1));
        }
        n++;
        rg_puzzle_free(p);
    }
    if (!n) raise_exit(c, cli_usage_error(CLI_RENDER, "%s holds no puzzle", c->path));
}

/* The input's puzzles drawn: all of them into -o DIR, else one. */
static int render_input(rrun *c)
{
    cli_input in;
    rg_error err;
    long want = c->o->head.given[CLI_OPT_PUZZLE] ? (long)c->o->puzzle : 0;
    if (cli_input_open(&in, c->reg, c->path, c->templ, &err) != RG_OK) {
        cli_print_error(c->reg, &err);
        return EXIT_BAD;
    }
    cli_input_time(&in, c->o);
    c->to_dir = wants_dir(c, &in);
    if (c->to_dir && make_dir(c->o->render_output)) {
        cli_input_close(&in);
        return EXIT_BAD;
    }
    if (c->to_dir && !want) {
        every_puzzle(c, &in);
    } else {
        long n = 0;
        int rc = 0;
        rg_puzzle *p = only_puzzle(c, &in, want, &n, &rc);
        raise_exit(c, p ? render_one(c, p, n) : rc);
        rg_puzzle_free(p);
    }
    cli_input_close(&in);
    return c->exit_code;
}

int cli_render_main(int cmd, const cli_options *o)
{
    rrun c;
    memset(&c, 0, sizeof c);
    c.o = o;
    if (o->head.operands.n > 1)
        return cli_usage_error(cmd, "render takes one FILE (got %d)", o->head.operands.n);
    if (o->step && o->solution)
        return cli_usage_error(cmd, "--step draws a position: it does not go with --solution");
    c.path = o->head.operands.n ? o->head.operands.v[0] : "-";
    /* --state's text, read once for every puzzle (from its file when it names one). */
    int rc = o->state
                 ? cli_state_text(o->state, &c.state_file, &c.state, &c.state_len, &c.state_source)
                 : 0;
    if (!rc && !(c.reg = cli_load_registry(o->plugins.v))) rc = EXIT_BAD;
    if (!rc && o->templ) rc = cli_read_template(c.reg, o->templ, &c.templ);
    if (!rc && !(c.solver = rg_solver_new())) {
        fputs("rulegrid: out of memory\n", stderr);
        rc = EXIT_BAD;
    }
    if (!rc) rc = render_input(&c);
    fflush(stdout);
    rg_solver_free(c.solver);
    free(c.state_file);
    rg_puzzle_free(c.templ);
    rg_registry_free(c.reg);
    return rc;
}
