/* The `rulegrid` command: solve, count and check puzzles, list plugins.
 * Options and the run of each command live here; reading inputs is in
 * cli_input.c and the shapes of the output in cli_output.c. */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "rulegrid/rulegrid.h"

enum { CMD_SOLVE, CMD_COUNT, CMD_CHECK, CMD_PLUGINS };
static const char *const command_names[] = {"solve", "count", "check", "plugins"};

/* Exit statuses; where several apply the highest wins. */
enum { EXIT_SOLVED = 0, EXIT_NONE = 1, EXIT_UNREADABLE = 2, EXIT_LIMIT = 3 };

typedef struct summary {
    long puzzles, solved, unique, multiple, none, unknown, errors;
    long no_guess;
    uint64_t guesses;
    double us;
} summary;

typedef struct cli {
    int command;
    rg_options opt;
    int json, stats, quiet;
    const char *templ_path;
    const char **dirs; /* --plugins, NULL-terminated */
    int ndirs;
    const char **files;
    int nfiles;

    rg_registry *reg;
    rg_solver *solver;
    rg_puzzle *templ;
    int multi;          /* more than one input: name the file on each result */
    int documents_only; /* every input so far was one document */
    int exit_code;
    summary sum;
} cli;

static void usage(FILE *f)
{
    fputs("usage: rulegrid COMMAND [options] [FILE...]\n"
          "\n"
          "commands:\n"
          "  solve     find a solution of each puzzle\n"
          "  count     count solutions up to --limit (default 2: is it unique?)\n"
          "  check     do the givens break a rule; does the document's solution hold?\n"
          "  plugins   list the rule types of the loaded plugins\n"
          "  fmt       write JSON documents in canonical form (rulegrid fmt --help)\n"
          "  convert   classic lines <-> JSON documents (rulegrid convert --help)\n"
          "\n"
          "A FILE is a JSON document (.json, or text starting with '{') or a corpus\n"
          "(.jsonl: a document a line; .txt, .sdk, other text: classic lines).\n"
          "No FILE, or '-', reads standard input.\n"
          "\n"
          "options:\n"
          "  --strategy S    check|forward|propagate|singles|intersections|subsets|probe|sac\n"
          "  --heuristic H   first|mrv|mrv_degree|domwdeg|lookahead\n"
          "  --values V      ascending|random\n"
          "  --seed N        seed of random value order and tie breaks\n"
          "  --limit N       count: stop after N solutions (default 2)\n"
          "  --nodes N       give up (status unknown) after N search nodes\n"
          "  --time SECONDS  give up (status unknown) after this long per puzzle\n"
          "  --template FILE classic lines are the givens of this document\n"
          "  --plugins DIR   also load plugins from DIR (repeatable)\n"
          "  --json          one JSON object per puzzle per line\n"
          "  --stats         search counters; a summary after a corpus\n"
          "  -q, --quiet     no per-puzzle output (errors and --stats still shown)\n"
          "  -h, --help      this help\n"
          "  --version       the version\n"
          "\n"
          "exit status: 0 every puzzle solved, 1 some puzzle has no solution,\n"
          "2 some input unreadable or a usage error, 3 some search hit a limit\n"
          "(the highest applies).\n",
          f);
}

#define usage_error cli_usage_error

static void raise_exit(cli *c, int code)
{
    if (code > c->exit_code) c->exit_code = code;
}

/* ---- Option values ---------------------------------------------------------- */

static int parse_seconds(const char *s, double *out)
{
    if (!s || !((*s >= '0' && *s <= '9') || *s == '.')) return 0;
    errno = 0;
    char *end;
    double v = strtod(s, &end);
    if (errno || *end || !isfinite(v) || v < 0) return 0;
    *out = v;
    return 1;
}

static void list_names(char *buf, size_t n, const char *(*name)(int), int count)
{
    size_t k = 0;
    buf[0] = 0;
    for (int i = 0; i < count && k < n; i++) {
        int w = snprintf(buf + k, n - k, "%s%s", i ? ", " : "", name(i));
        if (w > 0) k += (size_t)w;
    }
}

/* Which commands take an option. */
enum { FOR_SOLVE = 1, FOR_COUNT = 2, FOR_CHECK = 4, FOR_PLUGINS = 8 };

typedef struct option_def {
    const char *name;
    int takes_value;
    int commands;
} option_def;

static const option_def options[] = {
    {"strategy", 1, FOR_SOLVE | FOR_COUNT},
    {"heuristic", 1, FOR_SOLVE | FOR_COUNT},
    {"values", 1, FOR_SOLVE | FOR_COUNT},
    {"seed", 1, FOR_SOLVE | FOR_COUNT},
    {"limit", 1, FOR_COUNT},
    {"nodes", 1, FOR_SOLVE | FOR_COUNT},
    {"time", 1, FOR_SOLVE | FOR_COUNT},
    {"template", 1, FOR_SOLVE | FOR_COUNT | FOR_CHECK},
    {"plugins", 1, FOR_SOLVE | FOR_COUNT | FOR_CHECK | FOR_PLUGINS},
    {"json", 0, FOR_SOLVE | FOR_COUNT | FOR_CHECK | FOR_PLUGINS},
    {"stats", 0, FOR_SOLVE | FOR_COUNT},
    {"quiet", 0, FOR_SOLVE | FOR_COUNT | FOR_CHECK | FOR_PLUGINS},
};

/* Apply one option (name without dashes). Returns 0 or an exit status. */
static int apply_option(cli *c, const char *name, const char *value)
{
    char names[256];
    if (strcmp(name, "strategy") == 0) {
        int s = rg_strategy_parse(value);
        if (s < 0) {
            list_names(names, sizeof names, rg_strategy_name, RG_STRATEGY_COUNT);
            return usage_error("--strategy: unknown strategy '%s' (one of %s)", value, names);
        }
        c->opt.strategy = s;
    } else if (strcmp(name, "heuristic") == 0) {
        int h = rg_heuristic_parse(value);
        if (h < 0) {
            list_names(names, sizeof names, rg_heuristic_name, RG_HEURISTIC_COUNT);
            return usage_error("--heuristic: unknown heuristic '%s' (one of %s)", value, names);
        }
        c->opt.heuristic = h;
    } else if (strcmp(name, "values") == 0) {
        if (strcmp(value, "ascending") == 0)
            c->opt.values = RG_VALUES_ASCENDING;
        else if (strcmp(value, "random") == 0)
            c->opt.values = RG_VALUES_RANDOM;
        else
            return usage_error("--values: unknown value order '%s' (one of ascending, random)",
                               value);
    } else if (strcmp(name, "seed") == 0) {
        if (!cli_parse_u64(value, &c->opt.seed))
            return usage_error("--seed: '%s' is not a whole number from 0 to %llu", value,
                               (unsigned long long)UINT64_MAX);
    } else if (strcmp(name, "limit") == 0) {
        uint64_t v;
        if (!cli_parse_u64(value, &v) || v < 1 || v > (uint64_t)LONG_MAX)
            return usage_error("--limit: '%s' is not a whole number of solutions of at least 1",
                               value);
        c->opt.limit = (long)v;
    } else if (strcmp(name, "nodes") == 0) {
        if (!cli_parse_u64(value, &c->opt.max_nodes))
            return usage_error("--nodes: '%s' is not a whole number of nodes (0 for no limit)",
                               value);
    } else if (strcmp(name, "time") == 0) {
        if (!parse_seconds(value, &c->opt.max_seconds))
            return usage_error("--time: '%s' is not a number of seconds (0 or more, fractions "
                               "allowed)",
                               value);
    } else if (strcmp(name, "template") == 0) {
        c->templ_path = value;
    } else if (strcmp(name, "plugins") == 0) {
        c->dirs[c->ndirs++] = value;
        c->dirs[c->ndirs] = NULL;
    } else if (strcmp(name, "json") == 0) {
        c->json = 1;
    } else if (strcmp(name, "stats") == 0) {
        c->stats = 1;
    } else if (strcmp(name, "quiet") == 0) {
        c->quiet = 1;
    }
    return 0;
}

/* Parse argv into c. Returns -1 to run, or an exit status to stop with. */
static int parse_args(cli *c, int argc, char **argv)
{
    if (argc < 2)
        return usage_error("no command given (one of solve, count, check, plugins)");
    const char *cmd = argv[1];
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
        usage(stdout);
        return 0;
    }
    if (strcmp(cmd, "--version") == 0) {
        printf("rulegrid %s\n", RULEGRID_VERSION);
        return 0;
    }
    c->command = -1;
    for (int i = 0; i < 4; i++)
        if (strcmp(cmd, command_names[i]) == 0) c->command = i;
    if (c->command < 0) {
        if (cmd[0] == '-')
            return usage_error("expected a command before the option '%s'", cmd);
        return usage_error("unknown command '%s' (one of solve, count, check, plugins)", cmd);
    }
    int mask = 1 << c->command;
    c->opt.limit = c->command == CMD_COUNT ? 2 : 1;

    c->dirs = calloc((size_t)argc + 1, sizeof *c->dirs);
    c->files = calloc((size_t)argc + 1, sizeof *c->files);
    if (!c->dirs || !c->files) {
        fputs("rulegrid: out of memory\n", stderr);
        return EXIT_UNREADABLE;
    }

    int only_files = 0;
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i];
        if (only_files || strcmp(a, "-") == 0 || a[0] != '-') {
            c->files[c->nfiles++] = a;
            continue;
        }
        if (strcmp(a, "--") == 0) {
            only_files = 1;
            continue;
        }
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            usage(stdout);
            return 0;
        }
        if (strcmp(a, "--version") == 0) {
            printf("rulegrid %s\n", RULEGRID_VERSION);
            return 0;
        }
        char name[64];
        const char *value = NULL;
        if (strcmp(a, "-q") == 0) {
            snprintf(name, sizeof name, "quiet");
        } else if (a[1] == '-') {
            value = cli_split_option(a, name, sizeof name);
        } else {
            return usage_error("unknown option '%s'", a);
        }
        const option_def *d = NULL;
        for (size_t k = 0; k < sizeof options / sizeof options[0]; k++)
            if (strcmp(options[k].name, name) == 0) d = &options[k];
        if (!d) return usage_error("unknown option '%s'", a);
        if (!(d->commands & mask))
            return usage_error("option --%s does not apply to the command %s", name, cmd);
        if (d->takes_value && !value) {
            if (i + 1 >= argc) return usage_error("option --%s needs a value", name);
            value = argv[++i];
        } else if (!d->takes_value && value) {
            return usage_error("option --%s takes no value", name);
        }
        int rc = apply_option(c, name, value);
        if (rc) return rc;
    }
    if (c->command == CMD_PLUGINS && c->nfiles > 0)
        return usage_error("the command plugins reads no file ('%s')", c->files[0]);
    if (c->nfiles == 0) c->files[c->nfiles++] = "-";
    return -1;
}

/* ---- Reporting -------------------------------------------------------------- */

static void print_error(cli *c, rg_error *e) { cli_print_error(c->reg, e); }

static void json_head(cli *c, const cli_input *in, long index, int *first)
{
    putchar('{');
    cli_json_key(stdout, first, "index");
    printf("%ld", index);
    if (c->multi) {
        cli_json_key(stdout, first, "file");
        cli_json_string(stdout, in->path);
    }
}

static void prefix(cli *c, const cli_input *in)
{
    if (!c->multi) return;
    if (in->kind == CLI_DOCUMENT)
        printf("%s: ", in->path);
    else
        printf("%s:", in->path);
}

/* An entry (or a whole input) that could not be read. */
static void report_unreadable(cli *c, const cli_input *in, long index, rg_error *e)
{
    print_error(c, e);
    raise_exit(c, EXIT_UNREADABLE);
    c->sum.puzzles++;
    c->sum.errors++;
    if (c->quiet) return;
    if (c->json) {
        int first = 1;
        json_head(c, in, index, &first);
        cli_json_key(stdout, &first, "status");
        cli_json_string(stdout, "error");
        cli_json_key(stdout, &first, "solutions");
        printf("0");
        cli_json_key(stdout, &first, "error");
        cli_json_error(stdout, e);
        puts("}");
    } else if (in->kind != CLI_DOCUMENT) {
        prefix(c, in);
        printf("%ld error -\n", index);
    }
}

static const char *json_status(int status)
{
    switch (status) {
    case RG_STATUS_SOLVED: return "solved";
    case RG_STATUS_UNIQUE: return "unique";
    case RG_STATUS_MULTIPLE: return "multiple";
    case RG_STATUS_NONE: return "none";
    default: return "unknown";
    }
}

static void print_status_line(cli *c, const rg_puzzle *p, const rg_result *r)
{
    switch (r->status) {
    case RG_STATUS_SOLVED: printf("solved\n"); break;
    case RG_STATUS_UNIQUE: printf("unique\n"); break;
    case RG_STATUS_MULTIPLE:
        if (r->solutions < c->opt.limit)
            printf("multiple (%ld solutions)\n", r->solutions);
        else
            printf("multiple (at least %ld solutions)\n", r->solutions);
        break;
    case RG_STATUS_NONE:
        if (r->broken_rule >= 0) {
            const char *type = rg_puzzle_rule_type(p, r->broken_rule);
            printf("no solution (givens break rule %d (%s))\n", r->broken_rule,
                   type ? type : "?");
        } else {
            printf("no solution\n");
        }
        break;
    default: {
        int nodes = c->opt.max_nodes && r->stats.nodes >= c->opt.max_nodes;
        if (nodes || (c->opt.max_nodes && !(c->opt.max_seconds > 0)))
            printf("unknown within the limit (nodes %llu)",
                   (unsigned long long)c->opt.max_nodes);
        else if (c->opt.max_seconds > 0)
            printf("unknown within the limit (time %g s)", c->opt.max_seconds);
        else
            printf("unknown within the limit");
        if (r->solutions > 0)
            printf("; %ld solution%s found", r->solutions, r->solutions == 1 ? "" : "s");
        putchar('\n');
        break;
    }
    }
}

static void json_stats(cli *c, const rg_stats *s)
{
    int first = 1;
    putchar('{');
    cli_json_key(stdout, &first, "nodes");
    printf("%llu", (unsigned long long)s->nodes);
    cli_json_key(stdout, &first, "guesses");
    printf("%llu", (unsigned long long)s->guesses);
    cli_json_key(stdout, &first, "failures");
    printf("%llu", (unsigned long long)s->failures);
    cli_json_key(stdout, &first, "propagations");
    printf("%llu", (unsigned long long)s->propagations);
    cli_json_key(stdout, &first, "us");
    cli_json_us(stdout, s->root_us + s->search_us);
    if (c->stats) {
        int inner = 1;
        cli_json_key(stdout, &first, "prunings");
        putchar('{');
        int n = s->families < 0 ? 0 : s->families > RG_MAX_FAMILIES ? RG_MAX_FAMILIES : s->families;
        for (int i = 0; i < n; i++) {
            cli_json_key(stdout, &inner, s->family[i] ? s->family[i] : "?");
            printf("%llu", (unsigned long long)s->family_prunings[i]);
        }
        putchar('}');
        cli_json_key(stdout, &first, "root_us");
        cli_json_us(stdout, s->root_us);
        cli_json_key(stdout, &first, "search_us");
        cli_json_us(stdout, s->search_us);
    }
    putchar('}');
}

static void solve_one(cli *c, const cli_input *in, const rg_puzzle *p)
{
    rg_result r;
    rg_error err;
    memset(&r, 0, sizeof r);
    rg_error_clear(&err);
    int rc = rg_solve(c->solver, p, &c->opt, &r, &err);
    if (rc != RG_OK) {
        if (!err.code) err.code = rc;
        if (!err.file[0]) snprintf(err.file, sizeof err.file, "%s", in->path);
        report_unreadable(c, in, in->index, &err);
        return;
    }

    summary *s = &c->sum;
    s->puzzles++;
    s->guesses += r.stats.guesses;
    s->us += r.stats.root_us + r.stats.search_us;
    if (r.no_guess) s->no_guess++;
    switch (r.status) {
    case RG_STATUS_SOLVED: s->solved++; break;
    case RG_STATUS_UNIQUE: s->solved++, s->unique++; break;
    case RG_STATUS_MULTIPLE: s->solved++, s->multiple++; break;
    case RG_STATUS_NONE: s->none++; raise_exit(c, EXIT_NONE); break;
    default: s->unknown++; raise_exit(c, EXIT_LIMIT); break;
    }
    if (c->quiet) return;

    if (c->json) {
        int first = 1;
        json_head(c, in, in->index, &first);
        cli_json_key(stdout, &first, "status");
        cli_json_string(stdout, json_status(r.status));
        cli_json_key(stdout, &first, "solutions");
        printf("%ld", r.solutions);
        if (r.solution) {
            cli_json_key(stdout, &first, "solution");
            cli_json_solution(stdout, p, r.solution);
        }
        cli_json_key(stdout, &first, "stats");
        json_stats(c, &r.stats);
        if (r.status == RG_STATUS_NONE && r.broken_rule >= 0)
            cli_json_rule(stdout, &first, "broken", p, r.broken_rule);
        puts("}");
        return;
    }

    if (in->kind == CLI_DOCUMENT) {
        prefix(c, in);
        print_status_line(c, p, &r);
        if (r.solution) cli_print_grid(stdout, p, r.solution);
        if (c->stats) {
            putchar('\n');
            cli_print_stats(stdout, &r.stats);
        }
    } else {
        prefix(c, in);
        printf("%ld %s ", in->index, json_status(r.status));
        if (r.solution)
            cli_print_compact(stdout, p, r.solution);
        else
            putchar('-');
        putchar('\n');
    }
}

static void check_one(cli *c, const cli_input *in, const rg_puzzle *p)
{
    int broken = rg_puzzle_broken(p);
    const int *sol = rg_puzzle_solution(p);
    int sol_rule = -1, differs = -1;
    if (sol) {
        sol_rule = rg_puzzle_check(p, sol);
        const int *g = rg_puzzle_givens(p);
        for (int i = 0, n = rg_puzzle_cells(p); g && i < n && differs < 0; i++)
            if (g[i] > 0 && g[i] != sol[i]) differs = i;
    }
    int ok = broken < 0 && sol_rule == -1 && differs < 0;
    c->sum.puzzles++;
    if (!ok) {
        c->sum.none++;
        raise_exit(c, EXIT_NONE);
    }
    if (c->quiet) return;

    const char *sol_state = !sol ? "absent"
                            : sol_rule >= 0 ? "broken"
                            : sol_rule == -2 ? "incomplete"
                            : differs >= 0 ? "differs"
                                           : "ok";
    char cell[32] = "";
    if (differs >= 0) rg_puzzle_cell_name(p, differs, cell, sizeof cell);

    if (c->json) {
        int first = 1;
        json_head(c, in, in->index, &first);
        cli_json_key(stdout, &first, "status");
        cli_json_string(stdout, ok ? "ok" : "broken");
        if (broken >= 0) cli_json_rule(stdout, &first, "broken", p, broken);
        cli_json_key(stdout, &first, "solution");
        cli_json_string(stdout, sol_state);
        if (sol_rule >= 0) cli_json_rule(stdout, &first, "solution_broken", p, sol_rule);
        if (differs >= 0) {
            cli_json_key(stdout, &first, "differs_at");
            cli_json_string(stdout, cell);
        }
        puts("}");
        return;
    }

    prefix(c, in);
    if (in->kind != CLI_DOCUMENT) printf("%ld ", in->index);
    if (ok) {
        printf("ok (givens break no rule; %s)\n",
               sol ? "the solution satisfies every rule" : "no solution in the document");
        return;
    }
    printf("broken:");
    const char *sep = " ";
    if (broken >= 0) {
        const char *type = rg_puzzle_rule_type(p, broken);
        printf("%sgivens break rule %d (%s)", sep, broken, type ? type : "?");
        sep = "; ";
    }
    if (sol_rule >= 0) {
        const char *type = rg_puzzle_rule_type(p, sol_rule);
        printf("%ssolution breaks rule %d (%s)", sep, sol_rule, type ? type : "?");
        sep = "; ";
    } else if (sol_rule == -2) {
        printf("%ssolution misses a cell or has a digit out of range", sep);
        sep = "; ";
    }
    if (differs >= 0) printf("%ssolution differs from the given at %s", sep, cell);
    putchar('\n');
}

static void print_summary(cli *c, double wall)
{
    FILE *f = c->json ? stderr : stdout;
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

/* ---- Commands --------------------------------------------------------------- */

static int load_plugins(cli *c)
{
    c->reg = cli_load_registry(c->dirs);
    return c->reg ? 0 : EXIT_UNREADABLE;
}

static int cmd_plugins(cli *c)
{
    int n = rg_registry_type_count(c->reg);
    const char *folders = rg_registry_folders(c->reg);
    if (c->quiet) return 0;
    if (c->json) {
        int first = 1;
        putchar('{');
        cli_json_key(stdout, &first, "types");
        putchar('[');
        for (int i = 0; i < n; i++) {
            const char *name = NULL, *family = NULL, *file = NULL;
            rg_registry_type(c->reg, i, &name, &family, &file);
            int inner = 1;
            printf("%s{", i ? ", " : "");
            cli_json_key(stdout, &inner, "type");
            cli_json_string(stdout, name);
            cli_json_key(stdout, &inner, "family");
            cli_json_string(stdout, family);
            cli_json_key(stdout, &inner, "file");
            cli_json_string(stdout, file);
            putchar('}');
        }
        putchar(']');
        cli_json_key(stdout, &first, "folders");
        putchar('[');
        const char *s = folders ? folders : "";
        int count = 0;
        while (*s) {
            const char *e = strstr(s, ", ");
            size_t len = e ? (size_t)(e - s) : strlen(s);
            char dir[4096];
            snprintf(dir, sizeof dir, "%.*s", (int)len, s);
            printf("%s", count++ ? ", " : "");
            cli_json_string(stdout, dir);
            s += len + (e ? 2 : 0);
        }
        puts("]}");
        return 0;
    }
    int wn = 4, wf = 6;
    for (int i = 0; i < n; i++) {
        const char *name = NULL, *family = NULL, *file = NULL;
        rg_registry_type(c->reg, i, &name, &family, &file);
        if (name && (int)strlen(name) > wn) wn = (int)strlen(name);
        if (family && (int)strlen(family) > wf) wf = (int)strlen(family);
    }
    printf("%-*s  %-*s  %s\n", wn, "type", wf, "family", "file");
    for (int i = 0; i < n; i++) {
        const char *name = NULL, *family = NULL, *file = NULL;
        rg_registry_type(c->reg, i, &name, &family, &file);
        printf("%-*s  %-*s  %s\n", wn, name ? name : "?", wf, family ? family : "?",
               file ? file : "?");
    }
    printf("folders searched: %s\n", folders && folders[0] ? folders : "(none)");
    return 0;
}

static void run_input(cli *c, const char *path)
{
    cli_input in;
    rg_error err;
    if (cli_input_open(&in, c->reg, path, c->templ, &err) != RG_OK) {
        in.kind = CLI_DOCUMENT;
        in.path = path;
        report_unreadable(c, &in, 0, &err);
        cli_input_close(&in);
        c->documents_only = 0;
        return;
    }
    if (in.kind != CLI_DOCUMENT) c->documents_only = 0;
    long entries = 0;
    for (;;) {
        rg_puzzle *p = NULL;
        int rc = cli_input_next(&in, c->reg, &p, &err);
        if (rc == 0) break;
        entries++;
        if (rc < 0) {
            report_unreadable(c, &in, in.index < 0 ? 0 : in.index, &err);
            if (rc == -2) break;
            continue;
        }
        if (c->command == CMD_CHECK)
            check_one(c, &in, p);
        else
            solve_one(c, &in, p);
        rg_puzzle_free(p);
        fflush(stdout);
    }
    if (entries == 0) {
        rg_error_clear(&err);
        err.code = RG_E_FORMAT;
        snprintf(err.file, sizeof err.file, "%s", path);
        snprintf(err.message, sizeof err.message, "no puzzle in this input");
        print_error(c, &err);
        raise_exit(c, EXIT_UNREADABLE);
    }
    cli_input_close(&in);
}

static int read_template(cli *c)
{
    cli_input in;
    rg_error err;
    rg_puzzle *p = NULL;
    int rc = cli_input_open(&in, c->reg, c->templ_path, NULL, &err);
    if (rc == RG_OK) {
        if (in.kind != CLI_DOCUMENT) {
            rg_error_clear(&err);
            snprintf(err.file, sizeof err.file, "%s", c->templ_path);
            snprintf(err.message, sizeof err.message,
                     "a template must be one JSON document (not a corpus)");
            rc = RG_E_FORMAT;
        } else if (cli_input_next(&in, c->reg, &p, &err) != 1) {
            rc = err.code ? err.code : RG_E_FORMAT;
        }
    }
    cli_input_close(&in);
    if (rc != RG_OK) {
        fputs("rulegrid: --template: ", stderr);
        char buf[1024];
        rg_error_format(&err, buf, sizeof buf);
        fprintf(stderr, "%s\n", buf);
        rg_puzzle_free(p);
        return EXIT_UNREADABLE;
    }
    c->templ = p;
    return 0;
}

static int run(cli *c)
{
    int rc = load_plugins(c);
    if (rc) return rc;
    if (c->command == CMD_PLUGINS) return cmd_plugins(c);
    if (c->templ_path && (rc = read_template(c)) != 0) return rc;
    if (c->command != CMD_CHECK) {
        c->solver = rg_solver_new();
        if (!c->solver) {
            fputs("rulegrid: out of memory\n", stderr);
            return EXIT_UNREADABLE;
        }
    }
    c->multi = c->nfiles > 1;
    c->documents_only = 1;
    double start = cli_now();
    for (int i = 0; i < c->nfiles; i++) run_input(c, c->files[i]);
    if (c->stats && c->command != CMD_CHECK && (!c->documents_only || c->nfiles > 1))
        print_summary(c, cli_now() - start);
    return c->exit_code;
}

int main(int argc, char **argv)
{
    /* Commands with options of their own live in files of their own. */
    if (argc > 1) {
        if (strcmp(argv[1], "generate") == 0) return cli_generate_main(argc - 1, argv + 1);
        if (strcmp(argv[1], "fmt") == 0) return cli_fmt_main(argc - 1, argv + 1);
        if (strcmp(argv[1], "convert") == 0) return cli_convert_main(argc - 1, argv + 1);
    }
    cli c;
    memset(&c, 0, sizeof c);
    rg_options_default(&c.opt);
    int rc = parse_args(&c, argc, argv);
    if (rc < 0) rc = run(&c);
    fflush(stdout);
    if (c.solver) rg_solver_free(c.solver);
    if (c.templ) rg_puzzle_free(c.templ);
    if (c.reg) rg_registry_free(c.reg);
    free(c.dirs);
    free(c.files);
    return rc;
}
