/* `rulegrid verify`: rule types tested against their own checks with
 * random trials (rg_verify_type); a line per type, or one JSON object per
 * type, and the minimised document of a failure. */
#define _XOPEN_SOURCE 700 /* realpath */

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

#define EXIT_FAILED 1
#define EXIT_BAD    2
#define EXIT_LIMIT  3

/* One verification to make: a type, its sample (a document's text, or
 * NULL) and whether the sample is run first as written. */
typedef struct job {
    const char *type;
    const char *sample, *file;
    size_t len;
    int first;
} job;

typedef struct jobs {
    job v[256];
    int n;
    char *texts[64]; /* documents read, freed at the end */
    int ntexts;
} jobs;

static int ends_with(const char *s, const char *tail)
{
    size_t n = strlen(s), t = strlen(tail);
    return n >= t && strcmp(s + n - t, tail) == 0;
}

/* A verification to make, once (the same type with the same sample given
 * twice is one); EXIT_BAD past the list's room. */
static int add(jobs *j, const char *type, const char *sample, size_t len, const char *file,
               int first)
{
    for (int k = 0; k < j->n; k++)
        if (j->v[k].sample == sample && strcmp(j->v[k].type, type) == 0) return 0;
    if (j->n == (int)(sizeof j->v / sizeof j->v[0]))
        return cli_usage_error(CLI_VERIFY, "more than %d verifications asked for at once",
                               (int)(sizeof j->v / sizeof j->v[0]));
    j->v[j->n++] = (job){type, sample, file, len, first};
    return 0;
}

/* A document: read (it must read as a puzzle), then every type of its rules. */
static int add_document(jobs *j, rg_registry *reg, const char *path)
{
    char *text = NULL;
    size_t len = 0;
    rg_error e;
    rg_error_clear(&e);
    rg_puzzle *p = NULL;
    int rc = cli_read_all(path, &text, &len, &e);
    if (rc == RG_OK) rc = rg_puzzle_parse(reg, text, len, path, 0, &p, &e);
    if (rc != RG_OK || j->ntexts == 64) {
        cli_print_error(reg, &e);
        free(text);
        rg_puzzle_free(p);
        return EXIT_BAD;
    }
    j->texts[j->ntexts++] = text;
    int first = 1, before = j->n, status = 0;
    for (int i = 0, n = rg_puzzle_rule_count(p); i < n && !status; i++) {
        const rg_rule_type *t = rg_registry_find(reg, rg_puzzle_rule_type(p, i));
        /* t->name lives as long as the registry */
        if (t) status = add(j, t->name, text, len, path, first), first = j->n == before;
    }
    rg_puzzle_free(p);
    if (!status && j->n == before)
        status = cli_usage_error(CLI_VERIFY, "%s has no rules to verify", path);
    return status;
}

/* A plugin file: loaded, then every type it registers. The file may have
 * been loaded already, from a plugin folder or under another path: its
 * types are found by the file they came from. */
static int add_plugin(jobs *j, rg_registry *reg, const char *path, const char *sample, size_t len,
                      const char *file)
{
    rg_error e;
    rg_error_clear(&e);
    if (rg_registry_load_file(reg, path, &e) != RG_OK) {
        cli_print_error(reg, &e);
        return EXIT_BAD;
    }
    char want[PATH_MAX], got[PATH_MAX];
    if (!realpath(path, want)) /* it loaded, so only a race could bring this */
        return cli_usage_error(CLI_VERIFY, "%s: %s", path, strerror(errno));
    int found = 0, status = 0;
    for (int i = 0, n = rg_registry_type_count(reg); i < n && !status; i++) {
        const char *name = NULL, *from = NULL;
        rg_registry_type(reg, i, &name, NULL, &from);
        if (realpath(from, got) && strcmp(got, want) == 0)
            found++, status = add(j, name, sample, len, file, 0);
    }
    if (!status && !found)
        status = cli_usage_error(CLI_VERIFY, "%s registers no rule type to verify", path);
    return status;
}

static const char *source_name(int source)
{
    return source == RG_VERIFY_GENERATE ? "generate hook" : "sample";
}

static void print_text(const char *type, const rg_verify_result *r)
{
    if (r->stopped)
        printf("%s: unknown within the limit, %ld of %ld trials from its %s, %ld inconclusive, "
               "%ld propagator calls, %.2f s\n",
               type, r->trials, r->asked, source_name(r->source), r->inconclusive, r->runs,
               r->seconds);
    else
        printf("%s: %s, %ld trial%s from its %s, %ld inconclusive, %ld propagator calls, %.2f s\n",
               type, r->failed ? "FAILED" : "ok", r->trials, r->trials == 1 ? "" : "s",
               source_name(r->source), r->inconclusive, r->runs, r->seconds);
    if (!r->failed) return;
    printf("  check %s failed at trial %ld", r->check, r->trial);
    if (r->rule >= 0) printf(", rule %d, propagator %s", r->rule, r->propagator);
    printf("\n  %s\n", r->message);
    if (r->removed[0])
        printf("  %s: %s\n",
               strcmp(r->check, "soundness") == 0 ? "wrongly removed"
               : strcmp(r->check, "hygiene") == 0 ? "removed out of its reach"
                                                  : "left, removed when called again",
               r->removed);
    printf("  the failing trial as a document:\n%s", r->document ? r->document : "");
    if (r->document && !strchr(r->document, '\n')) putchar('\n');
}

static void print_json(const char *type, const rg_verify_result *r, const rg_error *e)
{
    jsonw w;
    jsonw_init(&w, stdout);
    jsonw_object(&w);
    jsonw_key_string(&w, "type", type);
    jsonw_key_string(&w, "status",
                     e            ? "error"
                     : r->failed  ? "failed"
                     : r->stopped ? "unknown"
                                  : "ok");
    if (e) {
        jsonw_key(&w, "error");
        cli_json_error(&w, e);
    } else {
        jsonw_key_string(&w, "source", r->source == RG_VERIFY_GENERATE ? "generate" : "sample");
        jsonw_key_int(&w, "trials", r->trials);
        jsonw_key_int(&w, "asked", r->asked);
        jsonw_key_int(&w, "inconclusive", r->inconclusive);
        jsonw_key_int(&w, "runs", r->runs);
        jsonw_key_double(&w, "seconds", "%.3f", r->seconds);
    }
    if (!e && r->failed) {
        jsonw_key(&w, "failure");
        jsonw_object(&w);
        jsonw_key_string(&w, "check", r->check);
        jsonw_key_int(&w, "trial", r->trial);
        jsonw_key_int(&w, "rule", r->rule);
        jsonw_key_string(&w, "propagator", r->propagator);
        jsonw_key_string(&w, "message", r->message);
        jsonw_key_string(&w, "removed", r->removed);
        jsonw_key_string(&w, "document", r->document ? r->document : "");
        jsonw_end(&w);
    }
    jsonw_end(&w);
    putchar('\n');
}

/* The operands as jobs: FILE.so, DOC.json (or any existing path with a
 * '/'), else a type name (its sample from --sample). */
static int plan(jobs *j, rg_registry *reg, const cli_options *o)
{
    const char *sample = NULL, *file = o->sample;
    size_t len = 0;
    if (o->sample) {
        rg_error e;
        rg_error_clear(&e);
        rg_puzzle *p = NULL;
        char *text = NULL;
        int rc = cli_read_all(o->sample, &text, &len, &e);
        if (rc == RG_OK) rc = rg_puzzle_parse(reg, text, len, o->sample, 0, &p, &e);
        rg_puzzle_free(p);
        if (rc != RG_OK) {
            cli_print_error(reg, &e);
            free(text);
            return EXIT_BAD;
        }
        sample = j->texts[j->ntexts++] = text;
    }
    const opts_list *ops = &o->head.operands;
    for (int i = 0; i < ops->n; i++) {
        const char *a = ops->v[i];
        int rc = 0;
        if (ends_with(a, ".so"))
            rc = add_plugin(j, reg, a, sample, len, file);
        else if (ends_with(a, ".json") || strchr(a, '/'))
            rc = add_document(j, reg, a);
        else if (!rg_registry_find(reg, a))
            rc = cli_usage_error(CLI_VERIFY, "no loaded plugin registers rule type '%s' (%s)", a,
                                 rg_registry_folders(reg));
        else
            rc = add(j, rg_registry_find(reg, a)->name, sample, len, file, 0);
        if (rc) return rc;
    }
    return 0;
}

/* What a fault in a plugin's code says before the process dies: the type
 * whose trials were running, and how to run them again alone. A plugin is
 * trusted native code: verify cannot go on after it, but it can say where
 * to look. The note is made before the trials; the handler only writes it,
 * then hands the signal to whoever handled it before (a sanitizer's report,
 * or the default: death by the signal). */
static const int crash_signals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};
static struct sigaction crash_before[sizeof crash_signals / sizeof crash_signals[0]];
static char crash_note[1024];
static size_t crash_len;

static void on_crash(int sig)
{
    if (crash_len) {
        ssize_t w = write(STDERR_FILENO, crash_note, crash_len);
        (void)w;
    }
    for (size_t i = 0; i < sizeof crash_signals / sizeof crash_signals[0]; i++)
        if (crash_signals[i] == sig) sigaction(sig, &crash_before[i], NULL);
    raise(sig);
}

static void catch_crashes(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_crash;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < sizeof crash_signals / sizeof crash_signals[0]; i++)
        sigaction(crash_signals[i], &sa, &crash_before[i]);
}

static void note_job(const job *jb, const cli_options *o)
{
    char folders[512] = "";
    size_t k = 0;
    for (int i = 0; o->plugins.v && o->plugins.v[i] && k < sizeof folders; i++) {
        int w = snprintf(folders + k, sizeof folders - k, " --plugins '%s'", o->plugins.v[i]);
        if (w < 0) break;
        k += (size_t)w;
    }
    /* Run again as it was asked: a document's types (its first trial is the
     * document itself), a type with its --sample, or a type alone. */
    int doc = jb->file && !(o->sample && strcmp(jb->file, o->sample) == 0);
    char again[1024];
    if (doc)
        snprintf(again, sizeof again, "'%s'", jb->file);
    else if (jb->file)
        snprintf(again, sizeof again, "--sample '%s' %s", jb->file, jb->type);
    else
        snprintf(again, sizeof again, "%s", jb->type);
    int n = snprintf(crash_note, sizeof crash_note,
                     "rulegrid: verify: the process died during the trials of rule type %s%s%s (a "
                     "fault in the code of a plugin they run?); run them again under a debugger "
                     "or Valgrind: rulegrid verify --seed %llu%s %s\n",
                     jb->type, jb->file ? ", from " : "", jb->file ? jb->file : "",
                     (unsigned long long)o->verify_seed, folders, again);
    crash_len = n < 0 ? 0 : (size_t)n < sizeof crash_note ? (size_t)n : sizeof crash_note - 1;
}

/* Verify job k of n with the time left shared among the jobs left. */
static int run_job(const job *jb, const cli_options *o, rg_registry *reg, double *left, int k,
                   int n)
{
    rg_verify_options vo;
    rg_verify_options_default(&vo);
    vo.seed = o->verify_seed;
    if (o->head.given[CLI_OPT_TRIALS]) vo.trials = (long)o->trials;
    if (o->head.given[CLI_OPT_VERIFY_NODES])
        vo.max_nodes = o->verify_nodes ? o->verify_nodes : UINT64_MAX;
    if (o->head.given[CLI_OPT_VERIFY_TIME] && o->verify_time > 0)
        vo.max_seconds = *left > 0 ? *left / (n - k) : 1e-9;
    vo.sample = jb->sample;
    vo.sample_len = jb->len;
    vo.sample_file = jb->file;
    vo.sample_first = jb->first;
    rg_verify_result r;
    rg_error e;
    rg_error_clear(&e);
    fflush(stdout); /* the types before it are said, whatever becomes of it */
    note_job(jb, o);
    int rc = rg_verify_type(reg, jb->type, &vo, &r, &e);
    crash_len = 0;
    *left -= r.seconds;
    if (o->verify_json) print_json(jb->type, &r, rc == RG_OK ? NULL : &e);
    if (rc != RG_OK) {
        if (!o->verify_json) cli_print_error(reg, &e);
        rg_string_free(r.document);
        return EXIT_BAD;
    }
    if (!o->verify_json) print_text(jb->type, &r);
    fflush(stdout);
    int status = r.failed ? EXIT_FAILED : r.stopped ? EXIT_LIMIT : 0;
    rg_string_free(r.document);
    return status;
}

int cli_verify_main(int cmd, const cli_options *o)
{
    if (o->head.operands.n == 0)
        return cli_usage_error(cmd, "verify needs a rule TYPE, a plugin FILE.so or a DOC.json");
    rg_registry *reg = cli_load_registry(o->plugins.v);
    if (!reg) return EXIT_BAD;
    jobs *j = calloc(1, sizeof *j);
    int status = j ? plan(j, reg, o) : EXIT_BAD;
    catch_crashes();
    double left = o->verify_time;
    /* The highest status applies (3 over 1: a limit hit anywhere is told). */
    for (int k = 0, bad = status == EXIT_BAD; j && !bad && k < j->n; k++) {
        int rc = run_job(&j->v[k], o, reg, &left, k, j->n);
        bad = rc == EXIT_BAD;
        if (rc > status) status = rc;
    }
    for (int i = 0; j && i < j->ntexts; i++) free(j->texts[i]);
    free(j);
    rg_registry_free(reg);
    return status;
}
