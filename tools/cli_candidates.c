/* `rulegrid candidates`: the true candidates of every puzzle of the inputs
 * (rg_candidates), as a grid of digit sets, a line per corpus entry, or a
 * JSON line each (spec/explain.md), in input order on -j worker threads
 * (cli_pool.c), --resume. Reading is cli_input.c's, the grid and the JSON
 * pieces cli_output.c's. */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_resume.h"
#include "rulegrid/rulegrid.h"

/* Exit statuses; where several apply the highest wins. */
enum { EXIT_DONE = 0, EXIT_NONE = 1, EXIT_UNREADABLE = 2, EXIT_LIMIT = 3 };

/* One entry: what cli_feed.c reads, then its candidates. */
typedef struct entry {
    cli_entry base;
    rg_candidates_result r;
    rg_mask *sets; /* a mask per cell of the puzzle */
} entry;

typedef struct run {
    const cli_options *o;
    rg_options opt;
    rg_registry *reg;
    cli_feed feed;      /* entries on their way from reading to printing */
    FILE *out;          /* standard output, or the file of --resume */
    cli_resume *resume; /* the results --resume found, or NULL */
    rg_puzzle *templ;
    int multi; /* more than one input: name the file on each result */
    int exit_code;
} run;

static void raise_exit(run *c, int code)
{
    if (code > c->exit_code) c->exit_code = code;
}

/* {"index": i and, with several inputs, "file": its path. */
static void json_head(const run *c, FILE *f, jsonw *w, const cli_entry *in, long index)
{
    jsonw_init(w, f);
    jsonw_object(w);
    jsonw_key_int(w, "index", index);
    if (c->multi) jsonw_key_string(w, "file", in->path);
}

static void prefix(const run *c, FILE *f, const cli_entry *in)
{
    if (c->multi) fprintf(f, in->kind == CLI_DOCUMENT ? "%s: " : "%s:", in->path);
}

/* An entry (or a whole input) that could not be read or searched. */
static void report_unreadable(run *c, const cli_entry *in, long index, rg_error *e)
{
    cli_print_error(c->reg, e);
    raise_exit(c, EXIT_UNREADABLE);
    if (c->o->quiet) return;
    if (c->o->json) {
        jsonw w;
        json_head(c, c->out, &w, in, index);
        jsonw_key(&w, "candidates");
        jsonw_object(&w);
        jsonw_end(&w);
        jsonw_key_int(&w, "solutions", 0);
        jsonw_key(&w, "complete");
        jsonw_bool(&w, 0);
        jsonw_key(&w, "error");
        cli_json_error(&w, e);
        jsonw_end(&w);
        fputc('\n', c->out);
    } else if (in->kind != CLI_DOCUMENT) {
        prefix(c, c->out, in);
        fprintf(c->out, "%ld error -\n", index);
    }
}

/* "within the limit (nodes N)" or "(time S s)": the limit that ended the run. */
static void print_limit(const run *c, FILE *f, const rg_candidates_result *r)
{
    const rg_options *o = &c->opt;
    uint64_t spent = r->stats.nodes; /* probes count toward the node limit too */
    for (int i = 0; i < r->stats.families; i++)
        if (strcmp(r->stats.family[i], "probe") == 0) spent += r->stats.family_calls[i];
    if (o->max_nodes && (spent >= o->max_nodes || !(o->max_seconds > 0)))
        fprintf(f, "within the limit (nodes %llu)", (unsigned long long)o->max_nodes);
    else if (o->max_seconds > 0)
        fprintf(f, "within the limit (time %g s)", o->max_seconds);
    else
        fprintf(f, "within the limit");
}

/* "multiple (at least 2 solutions); complete" and the like. */
static void print_status_line(const run *c, FILE *f, const rg_puzzle *p,
                              const rg_candidates_result *r)
{
    switch (r->status) {
    case RG_STATUS_NONE: {
        const char *type = r->broken_rule >= 0 ? rg_puzzle_rule_type(p, r->broken_rule) : NULL;
        if (r->broken_rule >= 0)
            fprintf(f, "no solution (givens break rule %d (%s))\n", r->broken_rule,
                    type ? type : "?");
        else
            fprintf(f, "no solution\n");
        return;
    }
    case RG_STATUS_SOLVED: fprintf(f, "solved"); break;
    case RG_STATUS_UNIQUE: fprintf(f, "unique"); break;
    case RG_STATUS_MULTIPLE:
        fprintf(f,
                r->solutions < c->opt.limit ? "multiple (%ld solutions)"
                                            : "multiple (at least %ld solutions)",
                r->solutions);
        break;
    default:
        fprintf(f, "unknown ");
        print_limit(c, f, r);
        fprintf(f, "; incomplete\n");
        return;
    }
    if (r->complete) {
        fprintf(f, "; complete\n");
        return;
    }
    fprintf(f, "; incomplete ");
    print_limit(c, f, r);
    fputc('\n', f);
}

static void print_json(const run *c, FILE *f, const entry *e, const rg_puzzle *p,
                       const rg_candidates_result *r)
{
    jsonw w;
    json_head(c, f, &w, &e->base, e->base.index);
    jsonw_key(&w, "candidates");
    if (p) {
        cli_json_sets(&w, p, e->sets);
    } else { /* never read to the end (--time): no cell is known */
        jsonw_object(&w);
        jsonw_end(&w);
    }
    jsonw_key_int(&w, "solutions", r->solutions);
    jsonw_key(&w, "complete");
    jsonw_bool(&w, r->complete);
    jsonw_end(&w);
    fputc('\n', f);
}

static void print_text(const run *c, FILE *f, const entry *e, const rg_puzzle *p,
                       const rg_candidates_result *r)
{
    prefix(c, f, &e->base);
    if (e->base.kind == CLI_DOCUMENT) {
        print_status_line(c, f, p, r);
        if (r->found) cli_print_candidates(f, p, e->sets, NULL);
        return;
    }
    fprintf(f, "%ld %s %s ", e->base.index, rg_status_name(r->status),
            r->complete ? "complete" : "incomplete");
    if (r->found)
        cli_print_sets_line(f, p, e->sets);
    else
        fputc('-', f);
    fputc('\n', f);
}

/* The result of e as printed, into its text. 0 without memory. */
static int write_text(const run *c, entry *e)
{
    cli_entry *b = &e->base;
    FILE *f = open_memstream(&b->text, &b->len);
    if (!f) return 0;
    if (c->o->json)
        print_json(c, f, e, b->p, &e->r);
    else
        print_text(c, f, e, b->p, &e->r);
    return fclose(f) == 0;
}

/* The pool's job: the candidates of a batch of entries, and their text. */
static void work(void *items, int n, int worker, void *ctx)
{
    const run *c = ctx;
    entry *batch = items;
    for (int i = 0; i < n; i++) {
        entry *e = &batch[i];
        cli_entry *b = &e->base;
        cli_feed_ready(&c->feed, b, worker);
        if (b->read != 1) continue;
        if (b->late) { /* --time passed while it was read: unknown, no candidate known */
            memset(&e->r, 0, sizeof e->r);
            e->r.status = RG_STATUS_UNKNOWN;
            e->r.broken_rule = -1;
            b->rc = RG_OK;
            if (!c->o->quiet && !write_text(c, e)) b->rc = RG_E_NOMEM;
            cli_feed_done(b);
            continue;
        }
        rg_options o = cli_entry_options(&c->opt, b);
        rg_error_clear(&b->err);
        e->sets = malloc((size_t)rg_puzzle_cells(b->p) * sizeof *e->sets);
        b->rc = e->sets ? rg_candidates(c->feed.solvers[worker], b->p, &o, e->sets, &e->r, &b->err)
                        : RG_E_NOMEM;
        if (b->rc == RG_OK && !c->o->quiet && !write_text(c, e)) b->rc = RG_E_NOMEM;
        free(e->sets);
        e->sets = NULL;
        cli_feed_done(b);
    }
}

/* The oldest entry's result printed, in input order, and released. */
static void finish_oldest(void *ctx)
{
    run *c = ctx;
    entry *e = cli_feed_oldest(&c->feed);
    cli_entry *b = &e->base;
    if (b->read == 0) {
        cli_print_error(c->reg, &b->err); /* the input held no puzzle */
        raise_exit(c, EXIT_UNREADABLE);
    } else if (b->read < 0) {
        report_unreadable(c, b, b->index, &b->err);
    } else if (b->rc != RG_OK) {
        if (!b->err.code) b->err.code = b->rc;
        if (!b->err.message[0]) snprintf(b->err.message, sizeof b->err.message, "out of memory");
        if (!b->err.file[0]) rg_error_set_file(&b->err, b->path);
        report_unreadable(c, b, b->index, &b->err);
    } else {
        if (e->r.status == RG_STATUS_NONE) raise_exit(c, EXIT_NONE);
        if (!e->r.complete) raise_exit(c, EXIT_LIMIT);
        if (b->text) fwrite(b->text, 1, b->len, c->out);
    }
    cli_feed_pop(&c->feed);
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
    cli_feed *f = &c->feed;
    f->reg = c->reg;
    f->templ = c->templ;
    f->resume = c->resume;
    f->multi = c->multi = files->n > 1;
    f->out = c->out;
    f->finish = finish_oldest;
    f->ctx = c;
    int rc = cli_feed_start(f, c->o, 1, sizeof(entry), work);
    if (rc) return rc;
    for (int i = 0; i < files->n; i++) cli_feed_input(f, files->v[i]);
    cli_feed_drain(f);
    return c->exit_code;
}

int cli_candidates_main(int cmd, const cli_options *o)
{
    static const char *const stdin_only[] = {"-", NULL};
    const opts_list std_in = {(const char **)stdin_only, 1};
    run c;
    memset(&c, 0, sizeof c);
    c.o = o;
    c.out = stdout;
    search_options(&c);
    int rc = cli_resume_start(cmd, o, &c.resume, &c.out);
    if (rc == 0) {
        if (c.resume) raise_exit(&c, cli_resume_exit(c.resume));
        rc = run_all(&c, o->head.operands.n ? &o->head.operands : &std_in);
        if (rc > c.exit_code) c.exit_code = rc;
        rc = c.exit_code;
    }
    cli_feed_end(&c.feed);
    rc = cli_resume_finish(c.resume, c.out, rc);
    rg_puzzle_free(c.templ);
    rg_registry_free(c.reg);
    return rc;
}
