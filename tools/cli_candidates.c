/* `rulegrid candidates`: the true candidates of every puzzle of the inputs
 * (rg_candidates), as a grid of digit sets, a line per corpus entry, or a
 * JSON line each (spec/explain.md). Reading is cli_input.c's, the grid and
 * the JSON pieces cli_output.c's. */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "rulegrid/rulegrid.h"

/* Exit statuses; where several apply the highest wins. */
enum { EXIT_DONE = 0, EXIT_NONE = 1, EXIT_UNREADABLE = 2, EXIT_LIMIT = 3 };

typedef struct run {
    const cli_options *o;
    rg_options opt;
    rg_registry *reg;
    rg_solver *solver;
    rg_puzzle *templ;
    rg_mask *sets; /* a mask per cell of the puzzle at hand */
    int nsets;
    int multi; /* more than one input: name the file on each result */
    int exit_code;
    double read_at; /* when reading the current puzzle began (seconds) */
} run;

static double seconds_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void raise_exit(run *c, int code)
{
    if (code > c->exit_code) c->exit_code = code;
}

/* {"index": i and, with several inputs, "file": its path. */
static void json_head(run *c, jsonw *w, const cli_input *in, long index)
{
    jsonw_init(w, stdout);
    jsonw_object(w);
    jsonw_key_int(w, "index", index);
    if (c->multi) jsonw_key_string(w, "file", in->path);
}

static void prefix(run *c, const cli_input *in)
{
    if (c->multi) printf(in->kind == CLI_DOCUMENT ? "%s: " : "%s:", in->path);
}

/* An entry (or a whole input) that could not be read or searched. */
static void report_unreadable(run *c, const cli_input *in, long index, rg_error *e)
{
    cli_print_error(c->reg, e);
    raise_exit(c, EXIT_UNREADABLE);
    if (c->o->quiet) return;
    if (c->o->json) {
        jsonw w;
        json_head(c, &w, in, index);
        jsonw_key(&w, "candidates");
        jsonw_object(&w);
        jsonw_end(&w);
        jsonw_key_int(&w, "solutions", 0);
        jsonw_key(&w, "complete");
        jsonw_bool(&w, 0);
        jsonw_key(&w, "error");
        cli_json_error(&w, e);
        jsonw_end(&w);
        putchar('\n');
    } else if (in->kind != CLI_DOCUMENT) {
        prefix(c, in);
        printf("%ld error -\n", index);
    }
}

/* "within the limit (nodes N)" or "(time S s)": the limit that ended the run. */
static void print_limit(run *c, const rg_candidates_result *r)
{
    const rg_options *o = &c->opt;
    uint64_t spent = r->stats.nodes; /* probes count toward the node limit too */
    for (int i = 0; i < r->stats.families; i++)
        if (strcmp(r->stats.family[i], "probe") == 0) spent += r->stats.family_calls[i];
    if (o->max_nodes && (spent >= o->max_nodes || !(o->max_seconds > 0)))
        printf("within the limit (nodes %llu)", (unsigned long long)o->max_nodes);
    else if (o->max_seconds > 0)
        printf("within the limit (time %g s)", o->max_seconds);
    else
        printf("within the limit");
}

/* "multiple (at least 2 solutions); complete" and the like. */
static void print_status_line(run *c, const rg_puzzle *p, const rg_candidates_result *r)
{
    switch (r->status) {
    case RG_STATUS_NONE: {
        const char *type = r->broken_rule >= 0 ? rg_puzzle_rule_type(p, r->broken_rule) : NULL;
        if (r->broken_rule >= 0)
            printf("no solution (givens break rule %d (%s))\n", r->broken_rule, type ? type : "?");
        else
            printf("no solution\n");
        return;
    }
    case RG_STATUS_SOLVED: printf("solved"); break;
    case RG_STATUS_UNIQUE: printf("unique"); break;
    case RG_STATUS_MULTIPLE:
        printf(r->solutions < c->opt.limit ? "multiple (%ld solutions)"
                                           : "multiple (at least %ld solutions)",
               r->solutions);
        break;
    default:
        printf("unknown ");
        print_limit(c, r);
        printf("; incomplete\n");
        return;
    }
    if (r->complete) {
        printf("; complete\n");
        return;
    }
    printf("; incomplete ");
    print_limit(c, r);
    putchar('\n');
}

static void print_json(run *c, const cli_input *in, const rg_puzzle *p,
                       const rg_candidates_result *r)
{
    jsonw w;
    json_head(c, &w, in, in->index);
    jsonw_key(&w, "candidates");
    cli_json_sets(&w, p, c->sets);
    jsonw_key_int(&w, "solutions", r->solutions);
    jsonw_key(&w, "complete");
    jsonw_bool(&w, r->complete);
    jsonw_end(&w);
    putchar('\n');
}

static void print_text(run *c, const cli_input *in, const rg_puzzle *p,
                       const rg_candidates_result *r)
{
    prefix(c, in);
    if (in->kind == CLI_DOCUMENT) {
        print_status_line(c, p, r);
        if (r->found) cli_print_candidates(stdout, p, c->sets, NULL);
        return;
    }
    printf("%ld %s %s ", in->index, rg_status_name(r->status),
           r->complete ? "complete" : "incomplete");
    if (r->found)
        cli_print_sets_line(stdout, p, c->sets);
    else
        putchar('-');
    putchar('\n');
}

/* Room for a mask per cell of p. */
static int fit_sets(run *c, const rg_puzzle *p)
{
    int n = rg_puzzle_cells(p);
    if (n <= c->nsets) return 1;
    rg_mask *more = realloc(c->sets, (size_t)n * sizeof *more);
    if (!more) return 0;
    c->sets = more;
    c->nsets = n;
    return 1;
}

static void candidates_one(run *c, const cli_input *in, const rg_puzzle *p)
{
    rg_candidates_result r;
    rg_error err;
    rg_error_clear(&err);
    /* --time bounds the puzzle from the start of its reading, as for solve. */
    rg_options o = c->opt;
    if (o.max_seconds > 0) {
        o.max_seconds -= seconds_now() - c->read_at;
        if (o.max_seconds < 1e-6) o.max_seconds = 1e-6;
    }
    int rc = fit_sets(c, p) ? rg_candidates(c->solver, p, &o, c->sets, &r, &err) : RG_E_NOMEM;
    if (rc != RG_OK) {
        if (!err.code) err.code = rc;
        if (!err.message[0]) snprintf(err.message, sizeof err.message, "out of memory");
        if (!err.file[0]) snprintf(err.file, sizeof err.file, "%s", in->path);
        report_unreadable(c, in, in->index, &err);
        return;
    }
    if (r.status == RG_STATUS_NONE) raise_exit(c, EXIT_NONE);
    if (!r.complete) raise_exit(c, EXIT_LIMIT);
    if (c->o->quiet) return;
    if (c->o->json)
        print_json(c, in, p, &r);
    else
        print_text(c, in, p, &r);
}

static void run_input(run *c, const char *path)
{
    cli_input in;
    rg_error err;
    if (cli_input_open(&in, c->reg, path, c->templ, &err) != RG_OK) {
        in.kind = CLI_DOCUMENT;
        in.path = path;
        report_unreadable(c, &in, 0, &err);
        cli_input_close(&in);
        return;
    }
    long entries = 0;
    for (;;) {
        rg_puzzle *p = NULL;
        c->read_at = seconds_now();
        int rc = cli_input_next(&in, c->reg, &p, &err);
        if (rc == 0) break;
        entries++;
        if (rc < 0) {
            report_unreadable(c, &in, in.index < 0 ? 0 : in.index, &err);
            if (rc == -2) break;
            continue;
        }
        candidates_one(c, &in, p);
        rg_puzzle_free(p);
        fflush(stdout);
    }
    if (entries == 0) {
        rg_error_clear(&err);
        err.code = RG_E_FORMAT;
        snprintf(err.file, sizeof err.file, "%s", path);
        snprintf(err.message, sizeof err.message, "no puzzle in this input");
        cli_print_error(c->reg, &err);
        raise_exit(c, EXIT_UNREADABLE);
    }
    cli_input_close(&in);
}

/* The search options of the command line over the library's defaults; the
 * solutions are counted up to 2 unless --limit says otherwise. */
static void search_options(run *c)
{
    const cli_options *o = c->o;
    const unsigned char *given = o->head.given;
    rg_options_default(&c->opt);
    c->opt.limit = 2;
    if (given[CLI_OPT_STRATEGY]) c->opt.strategy = o->strategy;
    if (given[CLI_OPT_HEURISTIC]) c->opt.heuristic = o->heuristic;
    if (given[CLI_OPT_VALUES]) c->opt.values = o->values;
    if (given[CLI_OPT_SEED]) c->opt.seed = o->seed;
    if (given[CLI_OPT_LIMIT]) c->opt.limit = (long)o->limit;
    if (given[CLI_OPT_NODES]) c->opt.max_nodes = o->nodes;
    if (given[CLI_OPT_TIME]) c->opt.max_seconds = o->time;
}

static int run_all(run *c, const opts_list *files)
{
    if (!(c->reg = cli_load_registry(c->o->plugins.v))) return EXIT_UNREADABLE;
    if (c->o->templ) {
        int rc = cli_read_template(c->reg, c->o->templ, &c->templ);
        if (rc) return rc;
    }
    if (!(c->solver = rg_solver_new())) {
        fputs("rulegrid: out of memory\n", stderr);
        return EXIT_UNREADABLE;
    }
    c->multi = files->n > 1;
    for (int i = 0; i < files->n; i++) run_input(c, files->v[i]);
    return c->exit_code;
}

int cli_candidates_main(int cmd, const cli_options *o)
{
    static const char *const stdin_only[] = {"-", NULL};
    const opts_list std_in = {(const char **)stdin_only, 1};
    (void)cmd;
    run c;
    memset(&c, 0, sizeof c);
    c.o = o;
    search_options(&c);
    int rc = run_all(&c, o->head.operands.n ? &o->head.operands : &std_in);
    fflush(stdout);
    free(c.sets);
    rg_solver_free(c.solver);
    rg_puzzle_free(c.templ);
    rg_registry_free(c.reg);
    return rc;
}
