/* `rulegrid report`: one puzzle as a static HTML page, DIR/index.html: its
 * picture, the verdict of a search (with two solutions side by side when
 * there are several), the rating, and the explanation as steps drawn with
 * rg_render_svg that a little plain JavaScript steps through. */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "cli.h"
#include "htmlw.h"
#include "rulegrid/rulegrid.h"

enum { EXIT_DONE = 0, EXIT_BAD = 2, EXIT_LIMIT = 3 };

/* Steps drawn on the page; the later ones are listed as text (each picture
 * of a 9 x 9 with pencil marks is some 40 kB). Larger boards stop sooner:
 * no step is drawn once the steps' pictures hold REPORT_BYTES. */
#define REPORT_PICTURES 100
#define REPORT_BYTES    (8u << 20)

typedef struct rep {
    const cli_options *o;
    rg_registry *reg;
    rg_puzzle *templ;
    rg_solver *solver;
    const char *path;
    char *where;      /* the file, and the puzzle of a corpus: errors and titles */
    double start;     /* when the puzzle's reading began: --time counts from there */
    int limited;      /* a limit ended the verdict or the explanation first */
    size_t svg_bytes; /* the SVG written so far */
} rep;

/* What is left of --time (at least a moment), or 0 without it. */
static double time_left(const rep *c) { return cli_time_left(c->o, c->start); }

static rg_options search_options(const rep *c, long limit)
{
    rg_options o;
    rg_options_default(&o);
    o.limit = limit;
    if (c->o->head.given[CLI_OPT_NODES]) o.max_nodes = c->o->nodes;
    o.max_seconds = time_left(c);
    return o;
}

/* The library's error, named after the puzzle: the exit status 2. */
static int fail(rep *c, rg_error *e)
{
    rg_error_set_file(e, c->where);
    cli_print_error(c->reg, e);
    return EXIT_BAD;
}

static int out_of_memory(void)
{
    fputs("rulegrid: out of memory\n", stderr);
    return EXIT_BAD;
}

/* p drawn with ro, inline, in a <figure> with an optional caption. */
static int figure(rep *c, FILE *f, const rg_puzzle *p, const rg_render_options *ro, const char *cls,
                  const char *caption)
{
    char *svg = NULL;
    size_t len = 0;
    rg_error err;
    if (rg_render_svg(p, ro, &svg, &len, &err) != RG_OK) return fail(c, &err);
    fprintf(f, "<figure class=\"%s\">\n", cls);
    htmlw_svg(f, svg, len);
    c->svg_bytes += len;
    if (caption) {
        fputs("<figcaption>", f);
        htmlw_text(f, caption);
        fputs("</figcaption>\n", f);
    }
    fputs("</figure>\n", f);
    rg_string_free(svg);
    return 0;
}

static void cell_list(FILE *f, const rg_puzzle *p, const int *cells, int n)
{
    char name[32];
    for (int i = 0; i < n; i++) {
        rg_puzzle_cell_name(p, cells[i], name, sizeof name);
        fprintf(f, "%s%s", i ? ", " : "", name);
    }
}

/* ---- The verdict ------------------------------------------------------------------ */

/* A solution other than s1: a digit some solution puts in a cell where s1
 * has another (the true candidates) becomes a given, and that puzzle is
 * solved. 1 and s2 filled, 0 when a limit came first, or -EXIT_BAD. */
static int second_solution(rep *c, const rg_puzzle *p, const int *s1, int *s2)
{
    int n = rg_puzzle_cells(p), cell = -1, digit = 0;
    rg_mask *sets = calloc((size_t)n + 1, sizeof *sets);
    if (!sets) return -out_of_memory();
    rg_options o = search_options(c, 2);
    rg_candidates_result cr;
    rg_error err;
    if (rg_candidates(c->solver, p, &o, sets, &cr, &err) != RG_OK) {
        free(sets);
        return -fail(c, &err);
    }
    for (int i = 0; i < n && cell < 0; i++) {
        rg_mask other = sets[i] & ~((rg_mask)1 << (s1[i] - 1));
        for (int d = 1; other && !digit; d++)
            if (other & ((rg_mask)1 << (d - 1))) cell = i, digit = d;
    }
    free(sets);
    if (cell < 0) return 0;
    int *givens = malloc((size_t)n * sizeof *givens + 1);
    if (!givens) return -out_of_memory();
    memcpy(givens, rg_puzzle_givens(p), (size_t)n * sizeof *givens);
    givens[cell] = digit;
    rg_puzzle *q = NULL;
    int rc = rg_puzzle_with_givens(p, givens, &q, &err);
    free(givens);
    if (rc != RG_OK) return -fail(c, &err);
    rg_result r;
    o = search_options(c, 1);
    rc = rg_solve(c->solver, q, &o, &r, &err);
    if (rc != RG_OK)
        rc = -fail(c, &err);
    else if (!r.solution)
        rc = 0;
    else
        memcpy(s2, r.solution, (size_t)n * sizeof *s2), rc = 1;
    rg_puzzle_free(q);
    return rc;
}

/* Two solutions side by side, the cells where they differ shaded. */
static int two_solutions(rep *c, FILE *f, const rg_puzzle *p, const int *s1, const int *s2)
{
    int n = rg_puzzle_cells(p), ndiff = 0;
    int *diff = malloc((size_t)n * sizeof *diff + 1);
    if (!diff) return out_of_memory();
    for (int i = 0; i < n; i++)
        if (s1[i] != s2[i]) diff[ndiff++] = i;
    rg_render_options ro;
    rg_render_options_default(&ro);
    ro.focus = diff, ro.nfocus = ndiff;
    fputs("<div class=\"pair\">\n", f);
    ro.values = s1;
    int rc = figure(c, f, p, &ro, "solution solution-1", "Solution 1");
    ro.values = s2;
    if (!rc) rc = figure(c, f, p, &ro, "solution solution-2", "Solution 2");
    fprintf(f, "</div>\n<p class=\"differ\" data-cells=\"%d\">They differ in %d cell%s (shaded): ",
            ndiff, ndiff, ndiff == 1 ? "" : "s");
    cell_list(f, p, diff, ndiff);
    fputs(".</p>\n", f);
    free(diff);
    return rc;
}

static int several(rep *c, FILE *f, const rg_puzzle *p, const int *s1)
{
    int n = rg_puzzle_cells(p);
    int *s2 = malloc((size_t)n * sizeof *s2 + 1);
    if (!s2) return out_of_memory();
    fputs("<p class=\"verdict-text\">Not unique: the puzzle has more than one solution.</p>\n", f);
    int got = second_solution(c, p, s1, s2), rc = 0;
    if (got == 1) {
        rc = two_solutions(c, f, p, s1, s2);
    } else if (got == 0) {
        c->limited = 1;
        fputs("<p class=\"note\">A second solution to show was not found within the limit.</p>\n",
              f);
    } else {
        rc = -got;
    }
    free(s2);
    return rc;
}

static int has_givens(const rg_puzzle *p)
{
    const int *g = rg_puzzle_givens(p);
    for (int i = 0; g && i < rg_puzzle_cells(p); i++)
        if (g[i]) return 1;
    return 0;
}

static void none(FILE *f, const rg_puzzle *p, int broken)
{
    fputs("<p class=\"verdict-text\">No solution", f);
    if (broken >= 0) {
        const char *type = rg_puzzle_rule_type(p, broken);
        fprintf(f, has_givens(p) ? ": the givens break rule %d (" : ": rule %d (", broken);
        htmlw_text(f, type ? type : "?");
        fprintf(f, has_givens(p) ? ")" : ") can never hold");
        fprintf(f, "<span class=\"broken\" data-rule=\"%d\"></span>", broken);
    } else {
        fputs(": no rule is broken by the givens alone, but no digit fits everywhere "
              "(the explanation shows where it fails)",
              f);
    }
    fputs(".</p>\n", f);
}

static const char *const status_words[] = {[RG_STATUS_UNIQUE] = "unique",
                                           [RG_STATUS_MULTIPLE] = "multiple",
                                           [RG_STATUS_NONE] = "none",
                                           [RG_STATUS_UNKNOWN] = "unknown",
                                           [RG_STATUS_SOLVED] = "unknown"};

/* The verdict section: solutions counted up to 2. */
static int verdict(rep *c, FILE *f, const rg_puzzle *p)
{
    int n = rg_puzzle_cells(p), rc = 0;
    rg_options o = search_options(c, 2);
    rg_result r;
    rg_error err;
    if (rg_solve(c->solver, p, &o, &r, &err) != RG_OK) return fail(c, &err);
    int *s1 = malloc((size_t)n * sizeof *s1 + 1);
    if (!s1) return out_of_memory();
    if (r.solution) memcpy(s1, r.solution, (size_t)n * sizeof *s1);
    fprintf(f, "<section id=\"verdict\" data-status=\"%s\">\n<h2>Verdict</h2>\n",
            status_words[r.status]);
    rg_render_options ro;
    rg_render_options_default(&ro);
    switch (r.status) {
    case RG_STATUS_UNIQUE:
        fputs("<p class=\"verdict-text\">Unique: exactly one solution.</p>\n", f);
        ro.values = s1;
        rc = figure(c, f, p, &ro, "solution", "The solution");
        break;
    case RG_STATUS_MULTIPLE: rc = several(c, f, p, s1); break;
    case RG_STATUS_NONE:
        none(f, p, r.broken_rule >= 0 ? r.broken_rule : rg_puzzle_broken(p));
        break;
    default:
        c->limited = 1;
        fputs("<p class=\"verdict-text\">Unknown within the limit: the search stopped "
              "(--nodes or --time) before it could say whether the puzzle has one "
              "solution, several or none.</p>\n",
              f);
    }
    fputs("</section>\n", f);
    free(s1);
    return rc;
}

/* ---- The explanation ---------------------------------------------------------------- */

/* The position before a step: digits placed by steps as values, the
 * candidates of the cells not placed. */
typedef struct position {
    int *values;
    rg_mask *cands;
} position;

static void take_position(const rg_puzzle *p, rg_explainer *e, position *pos)
{
    cli_position_now(p, e, pos->values, pos->cands);
}

/* Where the steps go as they come: the list and the pictures. */
typedef struct steps_out {
    FILE *list, *frames;
    int drawn;    /* steps drawn */
    size_t start; /* rep.svg_bytes before the first step */
    char *list_text, *frames_text;
    size_t list_len, frames_len;
} steps_out;

static void step_words(FILE *f, const rg_step *s)
{
    fprintf(f, "<span class=\"technique\">");
    htmlw_text(f, s->technique);
    fputs("</span>: ", f);
    htmlw_text(f, s->text);
}

/* One step: an entry of the list, and a frame drawn from pos (the
 * position before it) with its focus, eliminations and placements. */
static int write_step(rep *c, steps_out *so, const rg_puzzle *p, const rg_step *s,
                      const position *pos)
{
    fprintf(so->list, "<li data-step=\"%d\"><a href=\"#step-%d\">", s->number, s->number);
    step_words(so->list, s);
    fputs("</a></li>\n", so->list);
    fprintf(so->frames, "<div class=\"frame\" id=\"step-%d\" data-step=\"%d\" hidden>\n", s->number,
            s->number);
    int rc = 0;
    if (so->drawn == s->number - 1 && so->drawn < REPORT_PICTURES &&
        c->svg_bytes - so->start < REPORT_BYTES) {
        so->drawn++;
        char *caption = cli_strf("Step %d (%s): %s", s->number, s->technique, s->text);
        if (!caption) return out_of_memory();
        rg_render_options ro;
        rg_render_options_default(&ro);
        ro.values = pos->values, ro.candidates = pos->cands;
        ro.focus = s->focus, ro.nfocus = s->nfocus;
        ro.elim_cells = s->elim_cells, ro.elim_masks = s->elim_masks, ro.nelim = s->nelim;
        ro.place_cells = s->place_cells, ro.place_digits = s->place_digits;
        ro.nplace = s->nplace;
        ro.caption = caption;
        rc = figure(c, so->frames, p, &ro, "step", NULL);
        free(caption);
    } else {
        fprintf(so->frames,
                "<p class=\"note nopic\">Step %d: not drawn (the page draws the first %d "
                "steps).</p>\n<p>",
                s->number, so->drawn);
        step_words(so->frames, s);
        fputs("</p>\n", so->frames);
    }
    fputs("</div>\n", so->frames);
    return rc;
}

/* Every step of the explanation into so; the summary stays in e. */
static int run_steps(rep *c, const rg_puzzle *p, rg_explainer *e, steps_out *so)
{
    int n = rg_puzzle_cells(p), rc = 0;
    position pos = {calloc((size_t)n + 1, sizeof(int)), calloc((size_t)n + 1, sizeof(rg_mask))};
    if (!pos.values || !pos.cands) rc = out_of_memory();
    while (!rc) {
        take_position(p, e, &pos);
        rg_step s;
        rg_error err;
        int got = rg_explain_next(e, &s, &err);
        if (got == 0) break;
        rc = got == 1 ? write_step(c, so, p, &s, &pos) : fail(c, &err);
    }
    free(pos.values);
    free(pos.cands);
    return rc;
}

/* How the explanation ended, and the rating. */
static void rating(rep *c, FILE *f, const rg_puzzle *p, const rg_explain_summary *s)
{
    fprintf(f,
            "<section id=\"rating\" data-status=\"%s\" data-rating=\"%d\">\n<h2>Rating</h2>\n<p>",
            rg_explain_status_name(s->status), s->rating);
    switch (s->status) {
    case RG_EXPLAIN_SOLVED: fputs("Solved by logic", f); break;
    case RG_EXPLAIN_STUCK: fputs("Stuck: no technique of the ladder makes progress", f); break;
    case RG_EXPLAIN_CONTRADICTION: fputs("The givens break a rule: ", f); break;
    default:
        c->limited = 1;
        fputs("Unknown within the limit: --nodes or --time ended the explanation", f);
    }
    if (s->status == RG_EXPLAIN_CONTRADICTION) {
        /* The sentence ends below: the text's own final '.' is left out. */
        const char *b = s->broken_text ? s->broken_text : "";
        size_t n = strlen(b);
        char *text = cli_strf("%.*s", (int)(n && b[n - 1] == '.' ? n - 1 : n), b);
        htmlw_text(f, text ? text : b);
        free(text);
        if (s->nbroken) fputs(" (", f), cell_list(f, p, s->broken_cells, s->nbroken), fputs(")", f);
    } else {
        fprintf(f, " after %d step%s, %d digit%s placed", s->steps, s->steps == 1 ? "" : "s",
                s->placed, s->placed == 1 ? "" : "s");
    }
    fputs(".</p>\n", f);
    if (s->rating) {
        fprintf(f, "<p>Rating <strong>%d</strong> of %d: the hardest step is a ", s->rating,
                RG_RANK_COUNT - 1);
        htmlw_text(f, s->hardest);
        fputs(s->status == RG_EXPLAIN_SOLVED ? ".</p>\n" : " (so far).</p>\n", f);
        fputs("<table class=\"techniques\">\n<tr><th>technique</th><th>steps</th></tr>\n", f);
        for (int i = 0; i < s->ntechniques; i++) {
            fputs("<tr><td>", f);
            htmlw_text(f, s->technique_names[i]);
            fprintf(f, "</td><td class=\"num\">%d</td></tr>\n", s->technique_counts[i]);
        }
        fputs("</table>\n", f);
    }
    fputs("</section>\n", f);
}

static const char *const steps_css =
    ".pair figure{margin-right:2em}\n"
    ".stepper{display:flex;gap:1.5em;align-items:flex-start;flex-wrap:wrap}\n"
    "#steplist{max-height:34em;overflow:auto;width:26em;margin:0;padding-left:2.5em;"
    "font-size:0.9em}\n"
    "#steplist li{margin:0.15em 0}#steplist a{color:#234;text-decoration:none}\n"
    "#steplist li.current{background:#fff3c4;font-weight:bold}\n"
    ".controls{margin:0.5em 0}.controls button{font-size:1em;padding:0.2em 0.8em}\n"
    ".technique{font-style:italic}\n";

/* Previous and next buttons, the arrow keys and the list: one frame shown. */
static const char *const steps_js =
    "(function () {\n"
    "  var frames = document.querySelectorAll('#frames .frame');\n"
    "  var items = document.querySelectorAll('#steplist li');\n"
    "  var prev = document.getElementById('prev'), next = document.getElementById('next');\n"
    "  var where = document.getElementById('where');\n"
    "  if (!frames.length || !prev) return;\n"
    "  var cur = 0;\n"
    "  function show(i, quiet) {\n"
    "    i = Math.max(0, Math.min(frames.length - 1, i));\n"
    "    frames[cur].hidden = true;\n"
    "    items[cur].classList.remove('current');\n"
    "    cur = i;\n"
    "    frames[i].hidden = false;\n"
    "    items[i].classList.add('current');\n"
    "    if (!quiet && items[i].scrollIntoView) items[i].scrollIntoView({block: 'nearest'});\n"
    "    where.textContent = 'Step ' + (i + 1) + ' of ' + frames.length;\n"
    "    prev.disabled = i === 0;\n"
    "    next.disabled = i === frames.length - 1;\n"
    "    document.getElementById('steps').setAttribute('data-current', String(i + 1));\n"
    "  }\n"
    "  prev.addEventListener('click', function () { show(cur - 1); });\n"
    "  next.addEventListener('click', function () { show(cur + 1); });\n"
    "  Array.prototype.forEach.call(items, function (li, i) {\n"
    "    li.addEventListener('click', function (ev) { ev.preventDefault(); show(i); });\n"
    "  });\n"
    "  document.addEventListener('keydown', function (ev) {\n"
    "    if (ev.altKey || ev.ctrlKey || ev.metaKey) return;\n"
    "    if (ev.key === 'ArrowRight' || ev.key === 'ArrowDown') { show(cur + 1); "
    "ev.preventDefault(); }\n"
    "    else if (ev.key === 'ArrowLeft' || ev.key === 'ArrowUp') { show(cur - 1); "
    "ev.preventDefault(); }\n"
    "  });\n"
    "  var m = /^#step-(\\d+)$/.exec(location.hash);\n"
    "  show(m ? Number(m[1]) - 1 : 0, !m);\n"
    "})();\n";

/* The rating and explanation sections: the explainer from the givens. */
static int explanation(rep *c, FILE *f, const rg_puzzle *p)
{
    rg_explain_options eo;
    rg_explain_options_default(&eo);
    eo.max_nodes = c->o->head.given[CLI_OPT_NODES] ? c->o->nodes : 0;
    eo.max_seconds = time_left(c);
    rg_explainer *e;
    rg_error err;
    if (rg_explainer_new(p, NULL, &eo, &e, &err) != RG_OK) return fail(c, &err);
    steps_out so = {0};
    so.start = c->svg_bytes;
    so.list = open_memstream(&so.list_text, &so.list_len);
    so.frames = open_memstream(&so.frames_text, &so.frames_len);
    int rc = so.list && so.frames ? run_steps(c, p, e, &so) : out_of_memory();
    if (so.list) fclose(so.list);
    if (so.frames) fclose(so.frames);
    rg_explain_summary sum;
    rg_explain_summary_get(e, &sum);
    if (!rc) rating(c, f, p, &sum);
    if (!rc) {
        fprintf(f, "<section id=\"steps\" data-steps=\"%d\">\n<h2>Explanation</h2>\n", sum.steps);
        if (sum.steps > so.drawn)
            fprintf(f, "<p class=\"note\">%d steps: the first %d are drawn, the rest listed.</p>\n",
                    sum.steps, so.drawn);
        if (sum.steps)
            fputs("<div class=\"controls\"><button type=\"button\" id=\"prev\">&#8592; "
                  "Previous</button> <span id=\"where\"></span> <button type=\"button\" "
                  "id=\"next\">Next &#8594;</button> <small>(or the arrow keys)</small></div>\n"
                  "<div class=\"stepper\">\n<ol id=\"steplist\">\n",
                  f);
        else if (sum.status == RG_EXPLAIN_CONTRADICTION)
            fputs("<p>No step: the givens break a rule before any step.</p>\n", f);
        else
            fputs("<p>No step: nothing follows from the givens by the ladder's techniques.</p>\n",
                  f);
        if (sum.steps) {
            fwrite(so.list_text, 1, so.list_len, f);
            fputs("</ol>\n<div id=\"frames\">\n", f);
            fwrite(so.frames_text, 1, so.frames_len, f);
            fputs("</div>\n</div>\n", f);
        }
        fputs("</section>\n", f);
    }
    free(so.list_text);
    free(so.frames_text);
    rg_explainer_free(e);
    return rc;
}

/* ---- The page ----------------------------------------------------------------------- */

static int page(rep *c, FILE *f, const rg_puzzle *p)
{
    char *title = cli_strf("rulegrid report: %s", c->where);
    if (!title) return out_of_memory();
    htmlw_begin(f, title, steps_css);
    fputs("<h1>", f);
    htmlw_text(f, title);
    free(title);
    fprintf(f,
            "</h1>\n<section id=\"puzzle\">\n<h2>Puzzle</h2>\n<p>%d &#215; %d, %d digits, "
            "%d rule%s.</p>\n",
            rg_puzzle_rows(p), rg_puzzle_columns(p), rg_puzzle_digits(p), rg_puzzle_rule_count(p),
            rg_puzzle_rule_count(p) == 1 ? "" : "s");
    rg_render_options ro;
    rg_render_options_default(&ro);
    ro.title = c->where;
    int rc = figure(c, f, p, &ro, "puzzle", NULL);
    fputs("</section>\n", f);
    if (!rc) rc = verdict(c, f, p);
    if (!rc) rc = explanation(c, f, p);
    fputs("<footer><p><small>Written by ", f);
    htmlw_text(f, cli_program.version);
    fputs(" (rulegrid report).</small></p></footer>\n", f);
    htmlw_end(f, steps_js);
    return rc;
}

/* DIR/index.html from the page's text; DIR made when missing. */
static int write_page(const char *dir, const char *text, size_t len)
{
    if (cli_make_dirs(dir) != 0) {
        cli_say("%s: %s", dir, strerror(errno));
        return EXIT_BAD;
    }
    char *path = cli_strf("%s/index.html", dir);
    if (!path) return out_of_memory();
    FILE *f = fopen(path, "wb");
    int ok = f && fwrite(text, 1, len, f) == len;
    if (f && fclose(f) != 0) ok = 0;
    if (!ok) cli_say("%s: %s", path, strerror(errno ? errno : EIO));
    free(path);
    return ok ? 0 : EXIT_BAD;
}

static int report_one(rep *c, const rg_puzzle *p)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f) return out_of_memory();
    int rc = page(c, f, p);
    if (fclose(f) != 0 && !rc) rc = out_of_memory();
    if (!rc) rc = write_page(c->o->report_output, text, len);
    free(text);
    if (!rc && c->limited)
        cli_say("report: the page is written, but --nodes or --time ended some of its work "
                "(the page says what): unknown within the limit");
    return rc ? rc : c->limited ? EXIT_LIMIT : EXIT_DONE;
}

/* The one puzzle: the input's only one, or --puzzle N. NULL after saying
 * why (*rc). */
static rg_puzzle *the_puzzle(rep *c, cli_input *in, long want, int *rc)
{
    rg_puzzle *held = NULL;
    rg_error err;
    long n = 0;
    for (;;) {
        rg_puzzle *p = NULL;
        int r = cli_input_next(in, c->reg, &p, &err);
        if (r == 0) break;
        n++;
        if (r == -1 && err.code == RG_E_TIME && (!want || n == want)) {
            cli_say_late(c->o, &err); /* no page: there is no puzzle to show */
            *rc = EXIT_LIMIT;
            break;
        }
        if (r == -2 || (r == -1 && (!want || n == want))) {
            cli_print_error(c->reg, &err);
            *rc = EXIT_BAD;
            break;
        }
        if (r == -1 || (want && n != want)) {
            rg_puzzle_free(p);
            continue;
        }
        if (held) {
            rg_puzzle_free(p);
            *rc = cli_usage_error(CLI_REPORT,
                                  "%s holds several puzzles: choose one with --puzzle N", c->path);
            break;
        }
        held = p;
        c->start = in->began; /* --time counts from its reading */
        if (want) break;
    }
    if (!held && !*rc)
        *rc = cli_usage_error(CLI_REPORT, "%s holds %s", c->path,
                              want ? "fewer puzzles than --puzzle asks for" : "no puzzle");
    if (*rc) rg_puzzle_free(held), held = NULL;
    if (held &&
        !(c->where = want ? cli_strf("%s: puzzle %ld", c->path, want) : cli_strf("%s", c->path))) {
        rg_puzzle_free(held);
        *rc = out_of_memory();
        return NULL;
    }
    return held;
}

static int report_input(rep *c)
{
    cli_input in;
    rg_error err;
    long want = c->o->head.given[CLI_OPT_PUZZLE] ? (long)c->o->puzzle : 0;
    if (cli_input_open(&in, c->reg, c->path, c->templ, &err) != RG_OK) {
        cli_print_error(c->reg, &err);
        return EXIT_BAD;
    }
    cli_input_time(&in, c->o);
    int rc = 0;
    rg_puzzle *p = the_puzzle(c, &in, want, &rc);
    cli_input_close(&in);
    if (p) rc = report_one(c, p);
    rg_puzzle_free(p);
    return rc;
}

int cli_report_main(int cmd, const cli_options *o)
{
    rep c;
    memset(&c, 0, sizeof c);
    c.o = o;
    if (o->head.operands.n > 1)
        return cli_usage_error(cmd, "report takes one FILE (got %d)", o->head.operands.n);
    if (!o->report_output || !o->report_output[0])
        return cli_usage_error(cmd, "report needs -o DIR, the folder that gets index.html");
    c.path = o->head.operands.n ? o->head.operands.v[0] : "-";
    int rc = 0;
    if (!(c.reg = cli_load_registry(o->plugins.v))) rc = EXIT_BAD;
    if (!rc && o->templ) rc = cli_read_template(c.reg, o->templ, &c.templ);
    if (!rc && !(c.solver = rg_solver_new())) rc = out_of_memory();
    if (!rc) rc = report_input(&c);
    free(c.where);
    rg_solver_free(c.solver);
    rg_puzzle_free(c.templ);
    rg_registry_free(c.reg);
    return rc;
}
