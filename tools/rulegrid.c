/* The `rulegrid` command's main: the program's tables for the option parser
 * (its commands with their help texts, its options, the lists they choose
 * from), then dispatch to the command. The commands live in cli_*.c. */
#define _POSIX_C_SOURCE 200809L

#include <limits.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "cli_mpi.h"
#include "rulegrid/rulegrid.h"
#include "say.h"

/* ---- The lists options choose from --------------------------------------------- */

static const char *form_name(int i)
{
    static const char *const names[] = {
#define CLI_X_(ID, name, summary) name,
        CLI_FORMS(CLI_X_)
#undef CLI_X_
    };
    return i >= 0 && i < CLI_FORM_COUNT ? names[i] : "?";
}

static const char *form_summary(int i)
{
    static const char *const summaries[] = {
#define CLI_X_(ID, name, summary) summary,
        CLI_FORMS(CLI_X_)
#undef CLI_X_
    };
    return i >= 0 && i < CLI_FORM_COUNT ? summaries[i] : "?";
}

const opts_names cli_strategies = {"strategy", RG_STRATEGY_COUNT, rg_strategy_name,
                                   rg_strategy_summary};
/* The strategies again, without the summaries that speak of solving. */
const opts_names cli_levels = {"strategy", RG_STRATEGY_COUNT, rg_strategy_name, NULL};
const opts_names cli_heuristics = {"heuristic", RG_HEURISTIC_COUNT, rg_heuristic_name,
                                   rg_heuristic_summary};
const opts_names cli_value_orders = {"value order", RG_VALUES_COUNT, rg_values_name,
                                     rg_values_summary};
const opts_names cli_symmetries = {"symmetry", RG_SYMMETRY_COUNT, rg_symmetry_name, NULL};
const opts_names cli_forms = {"form", CLI_FORM_COUNT, form_name, form_summary};

static const char *source_name(int i)
{
    static const char *const names[] = {
#define CLI_X_(ID, name, summary) name,
        CLI_SOURCES(CLI_X_)
#undef CLI_X_
    };
    return i >= 0 && i < CLI_SOURCE_COUNT ? names[i] : "?";
}

static const char *source_summary(int i)
{
    static const char *const summaries[] = {
#define CLI_X_(ID, name, summary) summary,
        CLI_SOURCES(CLI_X_)
#undef CLI_X_
    };
    return i >= 0 && i < CLI_SOURCE_COUNT ? summaries[i] : "?";
}

const opts_names cli_sources = {"form", CLI_SOURCE_COUNT, source_name, source_summary};

/* ---- The help texts of the commands --------------------------------------------- */

#define FILES_TEXT                                                                                 \
    "A FILE is a JSON document (.json, or text starting with '{') or a corpus\n"                   \
    "(.jsonl: a document a line; .txt, .sdk, other text: classic lines).\n"                        \
    "No FILE, or '-', reads standard input.\n"
#define EXIT_SOLVING                                                                               \
    "exit status: 0 every puzzle solved, 1 some puzzle has no solution,\n"                         \
    "2 some input unreadable or a usage error, 3 some search hit a limit\n"                        \
    "(the highest applies).\n"

#define USAGE_SOLVE  "[options] [FILE...]\n"
#define ABOUT_SOLVE  "Finds one solution of each puzzle.\n\n" FILES_TEXT
#define AFTER_SOLVE  EXIT_SOLVING
#define WHO_SOLVE    NULL
#define REFUSE_SOLVE NULL

#define USAGE_COUNT USAGE_SOLVE
#define ABOUT_COUNT                                                                                \
    "Counts the solutions of each puzzle up to --limit (default 2: is it unique?).\n\n" FILES_TEXT
#define AFTER_COUNT  EXIT_SOLVING
#define WHO_COUNT    NULL
#define REFUSE_COUNT NULL

#define USAGE_CHECK USAGE_SOLVE
#define ABOUT_CHECK                                                                                \
    "Tells whether the givens of each puzzle break a rule directly, and whether\n"                 \
    "the document's own solution satisfies every rule.\n\n" FILES_TEXT
#define AFTER_CHECK                                                                                \
    "exit status: 0 nothing broken, 1 some givens or solution break a rule,\n"                     \
    "2 some input unreadable or a usage error.\n"
#define WHO_CHECK    NULL
#define REFUSE_CHECK NULL

#define USAGE_PLUGINS "[options]\n"
#define ABOUT_PLUGINS                                                                              \
    "Lists every rule type the loaded plugins register, and the folders searched:\n"               \
    "those of RULEGRID_PLUGIN_PATH, every --plugins DIR, then the built-in folder.\n"
#define AFTER_PLUGINS  "exit status: 0 listed, 2 a plugin could not be loaded or a usage error.\n"
#define WHO_PLUGINS    NULL
#define REFUSE_PLUGINS "the command plugins reads no file ('%s')"

#define USAGE_GENERATE                                                                             \
    "--preset NAME | --template FILE [options]\n"                                                  \
    "       rulegrid generate --list\n"                                                            \
    "       rulegrid generate --preset NAME --print-template\n"
#define ABOUT_GENERATE                                                                             \
    "Generates puzzles with exactly one solution. One puzzle is written as a\n"                    \
    "document; with --count above 1 each puzzle is one line (.jsonl), as is one\n"                 \
    "puzzle written to -o FILE.jsonl.\n"
#define AFTER_GENERATE                                                                             \
    "exit status: 0 every puzzle generated, 2 a usage, template or profile error,\n"               \
    "3 some puzzle ran out of its time budget or attempts.\n"
#define WHO_GENERATE    "rulegrid generate"
#define REFUSE_GENERATE "unexpected argument '%s' (generate reads no files; use --template FILE)"

#define USAGE_FMT "[options] [FILE...]\n"
#define ABOUT_FMT                                                                                  \
    "Writes each JSON document (.json, or .jsonl: a document a line) in canonical\n"               \
    "form to standard output, or back to its file with -w.\n"
#define AFTER_FMT                                                                                  \
    "exit status: 0 written (or, with --check, everything canonical), 1 --check\n"                 \
    "found a difference, 2 an input could not be read or a usage error.\n"
#define WHO_FMT    NULL
#define REFUSE_FMT NULL

#define USAGE_CONVERT "--to FORM [options] [FILE...]\n"
#define ABOUT_CONVERT                                                                              \
    "Converts every puzzle of the inputs (documents, .jsonl, classic lines).\n"                    \
    "Classic lines are read with the board and rules of --template (default: a\n"                  \
    "classic 9 x 9); --to lines writes only puzzles of those rules. --from\n"                      \
    "fpuzzles reads f-puzzles strings or links, one a line; --to fpuzzles writes\n"                \
    "them, refusing a rule f-puzzles cannot express (docs/fpuzzles.md).\n"
#define AFTER_CONVERT                                                                              \
    "exit status: 0 converted, 2 an input could not be read, a puzzle could not\n"                 \
    "be converted, or a usage error.\n"
#define WHO_CONVERT    NULL
#define REFUSE_CONVERT NULL

#define USAGE_VERIFY "[options] TYPE|FILE.so|DOC.json...\n"
#define ABOUT_VERIFY                                                                               \
    "Tests rule types with random reproducible trials on small boards: their\n"                    \
    "propagators must be sound against the rules' own checks, honest about their\n"                \
    "fixpoint, independent of order, woken by the events they declare, agree with\n"               \
    "their check on complete assignments and touch only their own cells.\n"                        \
    "TYPE: a loaded rule type (instances from its generate hook, or --sample);\n"                  \
    "FILE.so: a plugin file, every type it registers; DOC.json: every type of the\n"               \
    "document, the document first, then its rules moved and mutated.\n"                            \
    "A failure is minimised and printed as a document that reproduces it.\n"
#define AFTER_VERIFY                                                                               \
    "exit status: 0 every check held in every trial asked for, 1 some check failed,\n"             \
    "2 a usage error or an input (type, plugin, document) that cannot be used,\n"                  \
    "3 --time ended a type before its trials ran (the highest applies).\n"
#define WHO_VERIFY    NULL
#define REFUSE_VERIFY NULL

#define USAGE_EXPLAIN "[options] [FILE]\n"
#define ABOUT_EXPLAIN                                                                              \
    "Prints the logical path of one puzzle (a document, or --puzzle N of a\n"                      \
    "corpus): numbered steps, each the simplest technique of the ladder that\n"                    \
    "makes progress (docs/explain.md), then a summary with the rating. --state\n"                  \
    "starts from a position; --json prints JSON Lines (spec/explain.md).\n"
#define AFTER_EXPLAIN                                                                              \
    "exit status: 0 solved or stuck, 1 the givens or the position break a rule,\n"                 \
    "2 bad input or a usage error, 3 a limit reached first.\n"
#define WHO_EXPLAIN    NULL
#define REFUSE_EXPLAIN NULL

#define USAGE_HINT "--state STATE [options] [FILE]\n"
#define ABOUT_HINT                                                                                 \
    "Gives the first step explain would take from a position (--state), or, when\n"                \
    "the puzzle is unique, names the placed digits that are wrong and the\n"                       \
    "solution digits that were crossed out.\n"
#define AFTER_HINT                                                                                 \
    "exit status: 0 a step given (or nothing left to do), 1 a wrong digit, a\n"                    \
    "crossed-out solution digit or a broken rule, 2 bad input or a usage error,\n"                 \
    "3 a limit reached first.\n"
#define WHO_HINT    NULL
#define REFUSE_HINT NULL

#define USAGE_CANDIDATES USAGE_SOLVE
#define ABOUT_CANDIDATES                                                                           \
    "Prints the true candidates of each puzzle: for every cell the digits that some\n"             \
    "solution puts there, with the solutions counted up to --limit (default 2). The\n"             \
    "sets are exact unless --nodes or --time ends the search first (incomplete:\n"                 \
    "then they hold the digits of the solutions found). With --json each puzzle\n"                 \
    "is one line {\"candidates\": {\"r1c1\": [2, 5], ...}, \"solutions\": N,\n"                    \
    "\"complete\": true} (spec/explain.md).\n\n" FILES_TEXT
#define AFTER_CANDIDATES                                                                           \
    "exit status: 0 every puzzle done, 1 some puzzle has no solution, 2 some input\n"              \
    "unreadable or a usage error, 3 some sets incomplete at a limit (the highest\n"                \
    "applies).\n"
#define WHO_CANDIDATES    NULL
#define REFUSE_CANDIDATES NULL

#define USAGE_RENDER "[options] [FILE]\n"
#define ABOUT_RENDER                                                                               \
    "Draws a puzzle as a standalone SVG picture (docs/render.md): the grid of its\n"               \
    "cells, every rule as the variant community draws it (a rule type without a\n"                 \
    "drawing as a labelled outline of its cells), global rules in a legend under\n"                \
    "the grid, the givens. --solution adds the solution's digits, --candidates\n"                  \
    "pencil marks, --step N the position before step N of `rulegrid explain`\n"                    \
    "with its focus, eliminations and placements. A corpus needs -o DIR (one\n"                    \
    "N.svg per puzzle) or --puzzle N.\n"
#define AFTER_RENDER                                                                               \
    "exit status: 0 drawn, 1 --solution on a puzzle without one, 2 bad input, a\n"                 \
    "step the explanation does not reach or a usage error, 3 a limit reached\n"                    \
    "before the solution or the candidates were complete (the highest applies).\n"
#define WHO_RENDER    NULL
#define REFUSE_RENDER NULL

#define USAGE_REPORT "-o DIR [options] [FILE]\n"
#define ABOUT_REPORT                                                                               \
    "Writes DIR/index.html, a static page about one puzzle (a document, or\n"                      \
    "--puzzle N of a corpus; docs/render.md): its picture, the verdict (unique;\n"                 \
    "several, with two solutions side by side and the cells where they differ;\n"                  \
    "none, with the rule the givens break), the rating, and the explanation as\n"                  \
    "steps, each drawn with its focus, to step through with the buttons, the\n"                    \
    "arrow keys or the list. Nothing on the page is fetched from the network.\n"
#define AFTER_REPORT                                                                               \
    "exit status: 0 written, 2 bad input or a usage error (nothing written), 3\n"                  \
    "written, but a limit ended the verdict or the explanation first (the page\n"                  \
    "says unknown).\n"
#define WHO_REPORT    NULL
#define REFUSE_REPORT NULL

static const opts_command commands[] = {
#define CLI_X_(ID, name, entry, summary)                                                           \
    [CLI_##ID] = {name, summary, USAGE_##ID, ABOUT_##ID, AFTER_##ID, WHO_##ID, REFUSE_##ID},
    CLI_COMMANDS(CLI_X_)
#undef CLI_X_
};

static const opts_option options[] = {
#define CLI_X_(ID, field, name, letter, value, cmds, how, help)                                    \
    OPTS_ROW(cli_options, field, name, letter, value, cmds, how, help)
    CLI_OPTIONS(CLI_X_)
#undef CLI_X_
};

_Static_assert(CLI_OPTION_COUNT <= OPTS_MAX, "too many options for opts_head.given");

const opts_program cli_program = {
    .name = "rulegrid",
    .version = "rulegrid " RULEGRID_VERSION,
    .usage = "rulegrid COMMAND [options] [FILE...]\n"
             "       rulegrid COMMAND --help\n"
             "       rulegrid --help | --version\n",
    .about = FILES_TEXT "\n'rulegrid COMMAND --help' lists the options of COMMAND.\n",
    .after = EXIT_SOLVING,
    .commands = commands,
    .ncommands = CLI_COMMAND_COUNT,
    .options = options,
    .noptions = CLI_OPTION_COUNT,
    .size = sizeof(cli_options),
};

int cli_usage_error(int cmd, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int rc = opts_usage_verror(&cli_program, cmd, fmt, ap);
    va_end(ap);
    return rc;
}

/* ---- Dispatch --------------------------------------------------------------------- */

typedef int (*entry_fn)(int cmd, const cli_options *o);

static const entry_fn entries[] = {
#define CLI_X_(ID, name, entry, summary) [CLI_##ID] = entry,
    CLI_COMMANDS(CLI_X_)
#undef CLI_X_
};

/* The command argv[1] names, or -1 after printing (*rc: the exit status). */
static int find_command(int argc, char **argv, int *rc)
{
    char names[256];
    opts_command_list(&cli_program, names, sizeof names);
    *rc = 0;
    if (argc < 2) {
        *rc = opts_usage_error(&cli_program, -1, "no command given (one of %s)", names);
        return -1;
    }
    const char *a = argv[1];
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0 || strcmp(a, "help") == 0) {
        opts_help(&cli_program, -1, stdout);
        return -1;
    }
    if (strcmp(a, "--version") == 0) {
        printf("%s\n", cli_program.version);
        return -1;
    }
    int cmd = opts_command_find(&cli_program, a);
    if (cmd >= 0) return cmd;
    if (a[0] == '-')
        *rc = opts_usage_error(&cli_program, -1, "expected a command before the option '%s'", a);
    else
        *rc = opts_usage_error(&cli_program, -1, "unknown command '%s' (one of %s)", a, names);
    return -1;
}

/* The commands that share their work among MPI ranks; under mpirun the
 * others run on rank 0 alone. */
#define CLI_SHARED (CLI_READING | CLI_ON(GENERATE))

int main(int argc, char **argv)
{
    cli_mpi_begin(&argc, &argv);
    int rc;
    int cmd = find_command(argc, argv, &rc);
    if (cmd >= 0) {
        cli_options o;
        rc = opts_parse(&cli_program, cmd, argc, argv, 2, &o.head);
        if (rc < 0 && cli_mpi_rank() > 0 && !(CLI_SHARED & (1u << cmd))) rc = 0;
        if (rc < 0 && o.templ && strcmp(o.templ, "-") == 0)
            for (int i = 0; i < o.head.operands.n && rc < 0; i++)
                if (strcmp(o.head.operands.v[i], "-") == 0)
                    rc = cli_usage_error(cmd, "--template - and the input - would both read "
                                              "standard input: give one of them as a file");
        if (rc < 0) rc = entries[cmd](cmd, &o);
        opts_free(&cli_program, &o.head);
    }
    /* What was printed must have been written (exit 2, as for any file). */
    if (say_stdout_flushed("rulegrid") && rc < 2) rc = 2;
    cli_mpi_end();
    return rc;
}
