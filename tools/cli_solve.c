/* `rulegrid solve`, `count` and `check`: every puzzle of every input solved,
 * counted or checked, one result each (text or JSON) in input order, on -j
 * worker threads (cli_pool.c), a summary, a progress line on a terminal,
 * --resume. Reading is cli_input.c's, shapes are cli_output.c's. */
#define _POSIX_C_SOURCE 200809L

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "cli_mpi.h"
#include "cli_resume.h"
#include "progress.h"
#include "rulegrid/rulegrid.h"

/* Exit statuses; where several apply the highest wins. */
enum { EXIT_SOLVED = 0, EXIT_NONE = 1, EXIT_UNREADABLE = 2, EXIT_LIMIT = 3 };

typedef struct summary {
    long puzzles, solved, unique, multiple, none, unknown, errors;
    long no_guess;
    uint64_t guesses;
    double us;
} summary;

/* What check finds in one puzzle. */
typedef struct verdict {
    int broken;     /* rule the givens break, -1 none */
    int sol_rule;   /* rule the solution breaks, -1 none, -2 incomplete */
    const int *sol; /* the document's solution, NULL none */
    int ok;
    const char *sol_state;
    char differs[32]; /* the first given the solution changes, "" none */
} verdict;

/* One entry: what cli_feed.c reads, then the search or the check. */
typedef struct entry {
    cli_entry base;
    rg_result r; /* r.solution is gone once base.text is written */
    verdict v;   /* check */
} entry;

typedef struct run {
    int command;
    const cli_options *o;
    rg_options opt;
    rg_registry *reg;
    cli_feed feed;      /* entries on their way from reading to printing */
    FILE *out;          /* standard output, or the file of --resume */
    FILE *errf;         /* messages: standard error, or a block's (MPI) */
    cli_resume *resume; /* the results --resume found, or NULL */
    rg_puzzle *templ;
    int multi;          /* more than one input: name the file on each result */
    int documents_only; /* every input so far was one document */
    int exit_code;
    summary sum;
    progress line;    /* on a terminal, for a long run */
    long done, total; /* results so far; puzzles expected (0: unknown) */
} run;

static void raise_exit(run *c, int code)
{
    if (code > c->exit_code) c->exit_code = code;
}

/* ---- Reporting -------------------------------------------------------------- */

static void print_error(run *c, rg_error *e)
{
    progress_clear(&c->line);
    cli_print_error_to(c->errf, c->reg, e);
}

/* {"index": i and, with several inputs, "file": its path. */
static void json_head(const run *c, FILE *f, jsonw *w, const cli_entry *in, long index)
{
    jsonw_init(w, f);
    jsonw_object(w);
    jsonw_key_int(w, "index", index);
    if (c->multi) jsonw_key_string(w, "file", in->path);
}

static void json_tail(jsonw *w)
{
    jsonw_end(w);
    fputc('\n', w->f);
}

static void prefix(const run *c, FILE *f, const cli_entry *in)
{
    if (!c->multi) return;
    if (in->kind == CLI_DOCUMENT)
        fprintf(f, "%s: ", in->path);
    else
        fprintf(f, "%s:", in->path);
}

/* An entry (or a whole input) that could not be read. */
static void report_unreadable(run *c, const cli_entry *in, long index, rg_error *e)
{
    print_error(c, e);
    raise_exit(c, EXIT_UNREADABLE);
    c->sum.puzzles++;
    c->sum.errors++;
    if (c->o->quiet) return;
    if (c->o->json) {
        jsonw w;
        json_head(c, c->out, &w, in, index);
        jsonw_key_string(&w, "status", "error");
        jsonw_key_int(&w, "solutions", 0);
        jsonw_key(&w, "error");
        cli_json_error(&w, e);
        json_tail(&w);
    } else if (in->kind != CLI_DOCUMENT) {
        prefix(c, c->out, in);
        fprintf(c->out, "%ld error -\n", index);
    }
}

/* ---- solve and count ---------------------------------------------------------- */

static int has_givens(const rg_puzzle *p)
{
    const int *g = rg_puzzle_givens(p);
    int n = rg_puzzle_cells(p);
    for (int i = 0; g && i < n; i++)
        if (g[i]) return 1;
    return 0;
}

/* Which limit ended r's search: "nodes N", "time T s", or "" when neither
 * can be told (the limits as options gave them). */
static const char *limit_text(const rg_options *o, const rg_result *r, char *buf, size_t n)
{
    /* Probes count toward the node limit (rulegrid.h: max_nodes). */
    uint64_t spent = r->stats.nodes;
    for (int i = 0; i < r->stats.families; i++)
        if (strcmp(r->stats.family[i], "probe") == 0) spent += r->stats.family_calls[i];
    int nodes = o->max_nodes && spent >= o->max_nodes;
    if (nodes || (o->max_nodes && !(o->max_seconds > 0)))
        snprintf(buf, n, "nodes %llu", (unsigned long long)o->max_nodes);
    else if (o->max_seconds > 0)
        snprintf(buf, n, "time %g s", o->max_seconds);
    else
        buf[0] = 0;
    return buf;
}

static void print_status_line(const run *c, FILE *f, const rg_puzzle *p, const rg_result *r)
{
    const rg_options *o = &c->opt;
    char lim[64];
    switch (r->status) {
    case RG_STATUS_SOLVED: fprintf(f, "solved\n"); return;
    case RG_STATUS_UNIQUE: fprintf(f, "unique\n"); return;
    case RG_STATUS_MULTIPLE:
        if (r->stopped) /* two found, then a limit cut the count short */
            fprintf(f, "multiple (at least %ld solutions; the count stopped at the limit%s%s%s)\n",
                    r->solutions, *limit_text(o, r, lim, sizeof lim) ? " (" : "", lim,
                    *lim ? ")" : "");
        else
            fprintf(f,
                    r->solutions < o->limit ? "multiple (%ld solutions)\n"
                                            : "multiple (at least %ld solutions)\n",
                    r->solutions);
        return;
    case RG_STATUS_NONE:
        if (r->broken_rule >= 0) {
            const char *type = rg_puzzle_rule_type(p, r->broken_rule);
            /* Without givens the rule can never hold (an outside clue no line shows). */
            fprintf(f,
                    has_givens(p) ? "no solution (givens break rule %d (%s))\n"
                                  : "no solution (rule %d (%s) can never hold)\n",
                    r->broken_rule, type ? type : "?");
        } else {
            fprintf(f, "no solution\n");
        }
        return;
    default: break;
    }
    if (*limit_text(o, r, lim, sizeof lim))
        fprintf(f, "unknown within the limit (%s)", lim);
    else
        fprintf(f, "unknown within the limit");
    if (r->solutions > 0)
        fprintf(f, "; %ld solution%s found", r->solutions, r->solutions == 1 ? "" : "s");
    fputc('\n', f);
}

static void tally(run *c, const rg_result *r)
{
    summary *s = &c->sum;
    s->puzzles++;
    s->guesses += r->stats.guesses;
    s->us += r->stats.root_us + r->stats.search_us;
    if (r->no_guess) s->no_guess++;
    switch (r->status) {
    case RG_STATUS_SOLVED: s->solved++; break;
    case RG_STATUS_UNIQUE: s->solved++, s->unique++; break;
    case RG_STATUS_MULTIPLE:
        s->solved++, s->multiple++;
        if (r->stopped) raise_exit(c, EXIT_LIMIT); /* the count was cut short */
        break;
    case RG_STATUS_NONE:
        s->none++;
        raise_exit(c, EXIT_NONE);
        break;
    default:
        s->unknown++;
        raise_exit(c, EXIT_LIMIT);
        break;
    }
}

static void print_result_json(const run *c, FILE *f, const cli_entry *in, const rg_puzzle *p,
                              const rg_result *r)
{
    jsonw w;
    json_head(c, f, &w, in, in->index);
    jsonw_key_string(&w, "status", rg_status_name(r->status));
    jsonw_key_int(&w, "solutions", r->solutions);
    if (r->solution) {
        jsonw_key(&w, "solution");
        cli_json_solution(&w, p, r->solution);
    }
    jsonw_key(&w, "stats");
    cli_json_stats(&w, &r->stats, c->o->stats);
    if (r->status == RG_STATUS_NONE && r->broken_rule >= 0)
        cli_json_rule(&w, "broken", p, r->broken_rule);
    if (r->status == RG_STATUS_MULTIPLE && r->stopped) { /* the count was cut short */
        jsonw_key(&w, "stopped");
        jsonw_bool(&w, 1);
    }
    json_tail(&w);
}

static void print_result_text(const run *c, FILE *f, const cli_entry *in, const rg_puzzle *p,
                              const rg_result *r)
{
    prefix(c, f, in);
    if (in->kind == CLI_DOCUMENT) {
        print_status_line(c, f, p, r);
        if (r->solution) cli_print_grid(f, p, r->solution);
        if (c->o->stats) {
            fputc('\n', f);
            cli_print_stats(f, &r->stats);
        }
        return;
    }
    fprintf(f, "%ld %s ", in->index, rg_status_name(r->status));
    if (r->solution)
        cli_print_compact(f, p, r->solution);
    else
        fputc('-', f);
    fputc('\n', f);
}

/* ---- check ---------------------------------------------------------------------- */

static void judge(const rg_puzzle *p, verdict *v)
{
    v->broken = rg_puzzle_broken(p);
    v->sol = rg_puzzle_solution(p);
    v->sol_rule = -1;
    int differs = -1;
    if (v->sol) {
        v->sol_rule = rg_puzzle_check(p, v->sol);
        differs = cli_solution_differs(p, v->sol);
    }
    v->ok = v->broken < 0 && v->sol_rule == -1 && differs < 0;
    v->sol_state = !v->sol             ? "absent"
                   : v->sol_rule >= 0  ? "broken"
                   : v->sol_rule == -2 ? "incomplete"
                   : differs >= 0      ? "differs"
                                       : "ok";
    v->differs[0] = 0;
    if (differs >= 0) rg_puzzle_cell_name(p, differs, v->differs, sizeof v->differs);
}

static void print_verdict_json(const run *c, FILE *f, const cli_entry *in, const rg_puzzle *p,
                               const verdict *v)
{
    jsonw w;
    json_head(c, f, &w, in, in->index);
    jsonw_key_string(&w, "status", v->ok ? "ok" : "broken");
    if (v->broken >= 0) cli_json_rule(&w, "broken", p, v->broken);
    jsonw_key_string(&w, "solution", v->sol_state);
    if (v->sol_rule >= 0) cli_json_rule(&w, "solution_broken", p, v->sol_rule);
    if (v->differs[0]) jsonw_key_string(&w, "differs_at", v->differs);
    json_tail(&w);
}

static void print_verdict_text(const run *c, FILE *f, const cli_entry *in, const rg_puzzle *p,
                               const verdict *v)
{
    prefix(c, f, in);
    if (in->kind != CLI_DOCUMENT) fprintf(f, "%ld ", in->index);
    if (v->ok) {
        fprintf(f, "ok (givens break no rule; %s)\n",
                v->sol ? "the solution satisfies every rule" : "no solution in the document");
        return;
    }
    fprintf(f, "broken:");
    const char *sep = " ";
    if (v->broken >= 0) {
        const char *type = rg_puzzle_rule_type(p, v->broken);
        fprintf(f, "%sgivens break rule %d (%s)", sep, v->broken, type ? type : "?");
        sep = "; ";
    }
    if (v->sol_rule >= 0) {
        const char *type = rg_puzzle_rule_type(p, v->sol_rule);
        fprintf(f, "%ssolution breaks rule %d (%s)", sep, v->sol_rule, type ? type : "?");
        sep = "; ";
    } else if (v->sol_rule == -2) {
        fprintf(f, "%ssolution misses a cell or has a digit out of range", sep);
        sep = "; ";
    }
    if (v->differs[0]) fprintf(f, "%ssolution differs from the given at %s", sep, v->differs);
    fputc('\n', f);
}

/* ---- The summary ------------------------------------------------------------------ */

static void print_summary(run *c, double wall)
{
    FILE *f = c->o->json ? stderr : c->out;
    const summary *s = &c->sum;
    long searched = s->puzzles - s->errors;
    double secs = s->us / 1e6;
    fprintf(f, "puzzles         %ld\n", s->puzzles);
    fprintf(f, "solved          %ld\n", s->solved);
    fprintf(f, "unique          %ld\n", s->unique);
    fprintf(f, "multiple        %ld\n", s->multiple);
    fprintf(f, "none            %ld\n", s->none);
    fprintf(f, "unknown         %ld\n", s->unknown);
    fprintf(f, "errors          %ld\n", s->errors);
    fprintf(f, "time            %.6f s (wall %.6f s)\n", secs, wall);
    fprintf(f, "puzzles/s       %.1f\n", secs > 0 ? (double)searched / secs : 0.0);
    fprintf(f, "us/puzzle       %.1f\n", searched > 0 ? s->us / (double)searched : 0.0);
    fprintf(f, "no guess        %.1f%%\n",
            searched > 0 ? 100.0 * (double)s->no_guess / (double)searched : 0.0);
    fprintf(f, "guesses/puzzle  %.2f\n",
            searched > 0 ? (double)s->guesses / (double)searched : 0.0);
}

/* ---- The run ------------------------------------------------------------------------ */

static void advance(run *c)
{
    c->done++;
    progress_update(&c->line, c->done, c->total);
}

/* The result of e as printed, into its text: on the worker, while the
 * solver still holds the solution. 0 without memory. */
static int write_text(const run *c, entry *e)
{
    cli_entry *b = &e->base;
    FILE *f = open_memstream(&b->text, &b->len);
    if (!f) return 0;
    if (c->command == CLI_CHECK && c->o->json)
        print_verdict_json(c, f, b, b->p, &e->v);
    else if (c->command == CLI_CHECK)
        print_verdict_text(c, f, b, b->p, &e->v);
    else if (c->o->json)
        print_result_json(c, f, b, b->p, &e->r);
    else
        print_result_text(c, f, b, b->p, &e->r);
    return fclose(f) == 0;
}

/* The pool's job: a batch of entries searched or checked, their results
 * written out as text. */
static void work(void *items, int n, int worker, void *ctx)
{
    const run *c = ctx;
    entry *batch = items;
    for (int i = 0; i < n; i++) {
        entry *e = &batch[i];
        cli_entry *b = &e->base;
        cli_feed_ready(&c->feed, b, worker);
        if (b->read != 1) continue;
        if (b->late) { /* --time passed while it was read: unknown, nothing searched */
            memset(&e->r, 0, sizeof e->r);
            e->r.status = RG_STATUS_UNKNOWN;
            e->r.stopped = 1;
            e->r.broken_rule = -1;
            b->rc = RG_OK;
        } else if (c->command == CLI_CHECK) {
            judge(b->p, &e->v);
        } else {
            rg_options o = cli_entry_options(&c->opt, b);
            rg_error_clear(&b->err);
            b->rc = rg_solve(c->feed.solvers[worker], b->p, &o, &e->r, &b->err);
        }
        if (b->rc == RG_OK && !c->o->quiet && !write_text(c, e)) {
            b->rc = b->err.code = RG_E_NOMEM;
            snprintf(b->err.message, sizeof b->err.message, "out of memory");
        }
        e->r.solution = NULL; /* the solver's, overwritten by its next puzzle */
        cli_feed_done(b);
    }
}

/* The counters of an entry's result between MPI ranks (cli_feed.h). */
static void to_wire(const void *item, cli_wire *w)
{
    const entry *e = item;
    w->status = e->r.status;
    w->solutions = e->r.solutions;
    w->no_guess = e->r.no_guess;
    w->stopped = e->r.stopped;
    w->guesses = e->r.stats.guesses;
    w->root_us = e->r.stats.root_us;
    w->search_us = e->r.stats.search_us;
    w->ok = e->v.ok;
}

static void from_wire(void *item, const cli_wire *w)
{
    entry *e = item;
    e->r.status = w->status;
    e->r.solutions = w->solutions;
    e->r.no_guess = w->no_guess;
    e->r.stopped = w->stopped;
    e->r.stats.guesses = w->guesses;
    e->r.stats.root_us = w->root_us;
    e->r.stats.search_us = w->search_us;
    e->v.ok = w->ok;
}

/* Counts a searched or checked entry in the summary and the exit status. */
static void count_entry(run *c, const entry *e)
{
    if (c->command != CLI_CHECK) {
        tally(c, &e->r);
        return;
    }
    c->sum.puzzles++;
    if (!e->v.ok) {
        c->sum.none++;
        raise_exit(c, EXIT_NONE);
    }
}

/* The oldest entry's result printed, in input order, and released. */
static void finish_oldest(void *ctx)
{
    run *c = ctx;
    entry *e = cli_feed_oldest(&c->feed);
    cli_entry *b = &e->base;
    if (b->read == 0) {
        print_error(c, &b->err); /* the input held no puzzle */
        raise_exit(c, EXIT_UNREADABLE);
    } else if (b->read < 0) {
        report_unreadable(c, b, b->index, &b->err);
    } else if (b->rc != RG_OK) {
        if (!b->err.code) b->err.code = b->rc;
        if (!b->err.file[0]) rg_error_set_file(&b->err, b->path);
        report_unreadable(c, b, b->index, &b->err);
    } else {
        count_entry(c, e);
        if (b->text) fwrite(b->text, 1, b->len, c->out);
    }
    if (b->read != 0) advance(c);
    cli_feed_pop(&c->feed);
}

/* ---- Blocks of a file between MPI ranks (cli_feed.c) ------------------------------ */

/* What a block's results are on their way back to rank 0: the summary and
 * exit status of its entries, then out bytes of output and err bytes of
 * messages, as they would have been printed. */
typedef struct block_reply {
    summary sum;
    long done;
    int exit_code;
    uint64_t out, err;
} block_reply;

/* A rank other than 0: the block's entries run, printed into memory. */
static size_t run_block(void *ctx, const char *job, size_t len, char **bytes)
{
    run *c = ctx;
    char *text = NULL, *msgs = NULL;
    size_t tn = 0, mn = 0;
    c->out = c->feed.out = open_memstream(&text, &tn);
    c->errf = open_memstream(&msgs, &mn);
    if (!c->out || !c->errf) abort(); /* no memory: the job ends */
    memset(&c->sum, 0, sizeof c->sum);
    c->exit_code = 0;
    c->done = 0;
    cli_feed_block(&c->feed, job, len);
    if (fclose(c->out) != 0 || fclose(c->errf) != 0) abort();
    c->out = c->feed.out = NULL;
    c->errf = stderr;
    block_reply r = {c->sum, c->done, c->exit_code, tn, mn};
    size_t size = sizeof r + tn + mn;
    if (!(*bytes = malloc(size))) abort();
    memcpy(*bytes, &r, sizeof r);
    memcpy(*bytes + sizeof r, text, tn);
    memcpy(*bytes + sizeof r + tn, msgs, mn);
    free(text);
    free(msgs);
    return size;
}

/* Rank 0: a block's results, printed and counted in their turn. */
static void took_block(void *ctx, const char *bytes, size_t len)
{
    run *c = ctx;
    block_reply r;
    if (len < sizeof r) abort();
    memcpy(&r, bytes, sizeof r);
    if (len != sizeof r + r.out + r.err) abort();
    fwrite(bytes + sizeof r, 1, r.out, c->out);
    if (r.err) {
        fflush(c->out);
        progress_clear(&c->line);
        fwrite(bytes + sizeof r + r.out, 1, r.err, c->errf);
    }
    summary *s = &c->sum;
    s->puzzles += r.sum.puzzles, s->solved += r.sum.solved, s->unique += r.sum.unique;
    s->multiple += r.sum.multiple, s->none += r.sum.none, s->unknown += r.sum.unknown;
    s->errors += r.sum.errors, s->no_guess += r.sum.no_guess, s->guesses += r.sum.guesses;
    s->us += r.sum.us;
    raise_exit(c, r.exit_code);
    c->done += r.done;
}

/* The search options of the command line over the library's defaults. */
static void search_options(run *c)
{
    const cli_options *o = c->o;
    const unsigned char *given = o->head.given;
    rg_options_default(&c->opt);
    c->opt.limit = c->command == CLI_COUNT ? 2 : 1;
    if (given[CLI_OPT_STRATEGY]) c->opt.strategy = o->strategy;
    if (given[CLI_OPT_HEURISTIC]) c->opt.heuristic = o->heuristic;
    if (given[CLI_OPT_VALUES]) c->opt.values = o->values;
    if (given[CLI_OPT_SEED]) c->opt.seed = o->seed;
    if (given[CLI_OPT_LIMIT]) c->opt.limit = (long)o->limit;
    if (given[CLI_OPT_NODES]) c->opt.max_nodes = o->nodes;
    if (given[CLI_OPT_TIME]) c->opt.max_seconds = o->time;
}

/* The progress line: on a terminal, unless results stream to it too. */
static void begin_progress(run *c, const opts_list *files)
{
    char label[64];
    snprintf(label, sizeof label, "%s:", cli_program.commands[c->command].name);
    /* Never under mpirun: rank 0's output and error are terminals whatever
     * becomes of them. */
    progress_begin(&c->line, label, (c->o->quiet || !isatty(STDOUT_FILENO)) && cli_mpi_size() == 1);
    for (int i = 0; c->line.on && i < files->n; i++) c->total += cli_input_estimate(files->v[i]);
}

/* The registry, --template and the feed's fields, on every rank. */
static int set_up(run *c, const opts_list *files)
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
    f->paths = files->v;
    f->npaths = files->n;
    f->to_wire = to_wire;
    f->from_wire = from_wire;
    f->block = run_block;
    f->took = took_block;
    return 0;
}

/* A rank other than 0 of an MPI job: entries rank 0 sends, searched or
 * checked on -j threads, their results (text and counters) sent back. */
static void serve(run *c, const opts_list *files)
{
    cli_feed *f = &c->feed;
    int ok = set_up(c, files) == 0 && cli_feed_classic(f) == 0 &&
             cli_feed_start(f, c->o, c->command != CLI_CHECK, sizeof(entry), work) == 0;
    cli_mpi_serve(ok ? f : NULL);
}

static int run_all(run *c, const opts_list *files)
{
    int rc = set_up(c, files);
    if (rc) return rc;
    cli_feed *f = &c->feed;
    f->remote = cli_mpi_size() > 1;
    rc = cli_feed_start(f, c->o, c->command != CLI_CHECK, sizeof(entry), work);
    if (rc) return rc;
    c->documents_only = 1;
    begin_progress(c, files);
    if (c->line.on) f->total = &c->total;
    double start = progress_now();
    for (int i = 0; i < files->n; i++)
        if (cli_feed_input(f, files->v[i]) != CLI_DOCUMENT) c->documents_only = 0;
    cli_feed_drain(f);
    progress_end(&c->line);
    if (c->o->stats && c->command != CLI_CHECK && (!c->documents_only || files->n > 1))
        print_summary(c, progress_now() - start);
    return c->exit_code;
}

int cli_solve_main(int cmd, const cli_options *o)
{
    static const char *const stdin_only[] = {"-", NULL};
    const opts_list std_in = {(const char **)stdin_only, 1};
    run c;
    memset(&c, 0, sizeof c);
    c.command = cmd;
    c.o = o;
    c.out = stdout;
    c.errf = stderr;
    search_options(&c);
    const opts_list *files = o->head.operands.n ? &o->head.operands : &std_in;
    if (cli_mpi_rank() > 0) {
        serve(&c, files);
        cli_feed_end(&c.feed);
        if (c.templ) rg_puzzle_free(c.templ);
        if (c.reg) rg_registry_free(c.reg);
        return 0;
    }
    int rc = cli_resume_start(cmd, o, &c.resume, &c.out);
    if (rc == 0) {
        if (c.resume) raise_exit(&c, cli_resume_exit(c.resume));
        rc = run_all(&c, files);
        if (rc > c.exit_code) c.exit_code = rc;
        rc = c.exit_code;
    }
    cli_mpi_stop(); /* the other ranks, also when nothing was sent */
    cli_feed_end(&c.feed);
    rc = cli_resume_finish(c.resume, c.out, rc);
    if (c.templ) rg_puzzle_free(c.templ);
    if (c.reg) rg_registry_free(c.reg);
    return rc;
}
