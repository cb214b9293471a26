/* Reports of the harness: the stamp (commit, compiler, flags, CPU, date) and
 * the grid as markdown tables, CSV, JSON (through tools/jsonw.h), an HTML
 * page with bar charts (tools/htmlw.h), or plain counter lines; the same for the generation mode. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bench.h"
#include "htmlw.h"
#include "jsonw.h"
#include "stamp.h"

/* ---- The stamp -------------------------------------------------------------------- */

static void cpu_model(char *out, size_t n)
{
    snprintf(out, n, "unknown CPU");
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (!f) return;
    char line[512];
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "model name", 10) != 0) continue;
        const char *v = strchr(line, ':');
        if (!v) break;
        v++;
        while (*v == ' ' || *v == '\t') v++;
        snprintf(out, n, "%s", v);
        out[strcspn(out, "\n")] = 0;
        break;
    }
    fclose(f);
}

void bench_stamp_fill(bench_stamp *s)
{
    s->commit = RG_BENCH_COMMIT;
    s->compiler = RG_BENCH_COMPILER;
    s->flags = RG_BENCH_FLAGS;
    cpu_model(s->cpu, sizeof s->cpu);
    time_t t = time(NULL);
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(s->date, sizeof s->date, "%Y-%m-%d %H:%M UTC", &tm);
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    s->cores = cores > 0 ? (int)cores : 1;
}

/* ---- Shared pieces ---------------------------------------------------------------- */

static double per(uint64_t x, long n) { return n > 0 ? (double)x / (double)n : 0; }

static double pct(long x, long n) { return n > 0 ? 100.0 * (double)x / (double)n : 0; }

static const char *level(const bench_cell *c)
{
    return c->label[0] ? c->label : rg_strategy_name(c->strategy);
}

/* Which path solved the cell's puzzles: "fast", "general", or "fast N/M". */
static void md_path(FILE *f, const bench_cell *c)
{
    if (c->fast == 0)
        fputs(" general |", f);
    else if (c->fast == c->puzzles)
        fputs(" fast |", f);
    else
        fprintf(f, " fast %ld/%ld |", c->fast, c->puzzles);
}

static const char *heur(const bench_cell *c) { return rg_heuristic_name(c->heuristic); }

/* "rulegrid abc1234, GNU 12.2.0, flags `-O3`, CPU (2 cores), date" (md: the
 * flags in backquotes). */
void bench_stamp_words(FILE *f, const bench_stamp *st, int md)
{
    fprintf(f, "rulegrid %s, %s, flags %s%s%s, %s (%d cores), %s", st->commit, st->compiler,
            md ? "`" : "", st->flags, md ? "`" : "", st->cpu, st->cores, st->date);
}

/* What both modes share: threads, repetitions, seed. */
static void run_words(FILE *f, const bench_setup *su)
{
    fprintf(f, "%d thread%s, ", su->threads, su->threads == 1 ? "" : "s");
    if (su->reps > 0)
        fprintf(f, "median of %d run%s", su->reps, su->reps == 1 ? "" : "s");
    else
        fprintf(f, "counters only");
    fprintf(f, ", seed %llu", (unsigned long long)su->seed);
}

static void setup_words(FILE *f, const bench_setup *su)
{
    fprintf(f, "limit %ld, ", su->limit);
    run_words(f, su);
    fprintf(f, ", values %s", rg_values_name(su->values));
    fprintf(f, ", corpora held up to %zu MB", su->memory >> 20);
    if (su->max_nodes) fprintf(f, ", at most %llu nodes", (unsigned long long)su->max_nodes);
    if (su->max_seconds > 0) fprintf(f, ", at most %g s", su->max_seconds);
}

/* ---- Markdown ----------------------------------------------------------------------- */

/* A line under the table for each corpus larger than the memory budget. */
static void md_streamed(FILE *f, const bench_cell *cells, int n)
{
    for (int i = 0; i < n; i++) {
        const bench_corpus *c = cells[i].corpus;
        int first = 1;
        for (int k = 0; k < i && first; k++) first = cells[k].corpus != c;
        if (!first || !c->streamed) continue;
        fprintf(f,
                "\n%s is larger than the memory budget: read again on every pass, %d puzzles "
                "(about %zu MB) at a time; reading is not in the times.\n",
                c->name, c->window, (c->bytes + (1u << 19)) >> 20);
    }
}

static void md_time(FILE *f, const bench_cell *c, double v)
{
    if (c->reps > 0)
        fprintf(f, " %.1f |", v);
    else
        fputs(" – |", f);
}

void bench_report_markdown(FILE *f, const bench_stamp *st, const bench_setup *su,
                           const bench_cell *cells, int n)
{
    bench_stamp_words(f, st, 1);
    fputs("; ", f);
    setup_words(f, su);
    fputs("\n\n| corpus | level | heuristic | puzzles | unique | puzzles/s | µs/puzzle | "
          "no guess | guesses/puzzle | path |\n|---|---|---|---:|---:|---:|---:|---:|---:|---|\n",
          f);
    for (int i = 0; i < n; i++) {
        const bench_cell *c = &cells[i];
        fprintf(f, "| %s | %s | %s | %ld | %ld |", c->corpus->name, level(c), heur(c), c->puzzles,
                c->unique);
        md_time(f, c, c->puzzles_per_s);
        md_time(f, c, c->root_us + c->search_us);
        fprintf(f, " %.1f%% | %.2f |", pct(c->no_guess, c->puzzles), c->guesses_mean);
        md_path(f, c);
        fputc('\n', f);
    }
    md_streamed(f, cells, n);
    fputs("\n| corpus | level | heuristic | root µs | search µs | guesses median | p99 | max | "
          "nodes/puzzle | failures/puzzle | calls/puzzle by family |\n"
          "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---|\n",
          f);
    for (int i = 0; i < n; i++) {
        const bench_cell *c = &cells[i];
        fprintf(f, "| %s | %s | %s |", c->corpus->name, level(c), heur(c));
        md_time(f, c, c->root_us);
        md_time(f, c, c->search_us);
        fprintf(f, " %g | %llu | %llu | %.1f | %.1f | ", c->guesses_median,
                (unsigned long long)c->guesses_p99, (unsigned long long)c->guesses_max,
                per(c->nodes, c->puzzles), per(c->failures, c->puzzles));
        for (int k = 0; k < c->nfamilies; k++)
            fprintf(f, "%s%s %.1f", k ? ", " : "", c->family[k].name,
                    per(c->family[k].calls, c->puzzles));
        fputs(" |\n", f);
    }
}

/* ---- CSV ------------------------------------------------------------------------------ */

static void csv_families(FILE *f, const bench_cell *c, int prunings)
{
    fputc(',', f);
    for (int k = 0; k < c->nfamilies; k++)
        fprintf(f, "%s%s:%llu", k ? ";" : "", c->family[k].name,
                (unsigned long long)(prunings ? c->family[k].prunings : c->family[k].calls));
}

void bench_report_csv(FILE *f, const bench_stamp *st, const bench_setup *su,
                      const bench_cell *cells, int n)
{
    fputs("# ", f);
    bench_stamp_words(f, st, 0);
    fputs("\n# ", f);
    setup_words(f, su);
    fputs("\ncorpus,level,heuristic,puzzles,solved,unique,multiple,none,unknown,no_guess_pct,"
          "guesses_mean,guesses_median,guesses_p99,guesses_max,nodes,guesses,failures,"
          "propagations,prunings,reps,puzzles_per_s,us_per_puzzle,root_us_per_puzzle,"
          "search_us_per_puzzle,family_calls,family_prunings\n",
          f);
    for (int i = 0; i < n; i++) {
        const bench_cell *c = &cells[i];
        fprintf(
            f,
            "%s,%s,%s,%ld,%ld,%ld,%ld,%ld,%ld,%.2f,%.4f,%g,%llu,%llu,%llu,%llu,%llu,%llu,%llu,%d",
            c->corpus->name, level(c), heur(c), c->puzzles, c->solved, c->unique, c->multiple,
            c->none, c->unknown, pct(c->no_guess, c->puzzles), c->guesses_mean, c->guesses_median,
            (unsigned long long)c->guesses_p99, (unsigned long long)c->guesses_max,
            (unsigned long long)c->nodes, (unsigned long long)c->guesses,
            (unsigned long long)c->failures, (unsigned long long)c->propagations,
            (unsigned long long)c->prunings, c->reps);
        if (c->reps > 0)
            fprintf(f, ",%.1f,%.2f,%.2f,%.2f", c->puzzles_per_s, c->root_us + c->search_us,
                    c->root_us, c->search_us);
        else
            fputs(",,,,", f);
        csv_families(f, c, 0);
        csv_families(f, c, 1);
        fputc('\n', f);
    }
}

/* ---- JSON ------------------------------------------------------------------------------- */

/* {"stamp": {...},\n : the opening of both modes' documents. */
static void json_stamp(jsonw *w, const bench_stamp *st)
{
    jsonw_object(w);
    jsonw_key(w, "stamp");
    jsonw_object(w);
    jsonw_key_string(w, "commit", st->commit);
    jsonw_key_string(w, "compiler", st->compiler);
    jsonw_key_string(w, "flags", st->flags);
    jsonw_key_string(w, "cpu", st->cpu);
    jsonw_key_int(w, "cores", st->cores);
    jsonw_key_string(w, "date", st->date);
    jsonw_end(w);
    jsonw_break(w, " ");
}

/* A time of the cell, null when it was not timed. */
static void json_time(jsonw *w, const char *key, const bench_cell *c, double v)
{
    jsonw_key(w, key);
    if (c->reps > 0)
        jsonw_double(w, "%.3f", v);
    else
        jsonw_null(w);
}

/* How the corpus of c was held: "all" read once, or "streamed". */
static void json_held(jsonw *w, const bench_corpus *c)
{
    jsonw_key_string(w, "held", c->streamed ? "streamed" : "all");
    jsonw_key_int(w, "held_mb", (long)((c->bytes + (1u << 19)) >> 20));
    if (c->streamed) jsonw_key_int(w, "window", c->window);
}

static void json_counts(jsonw *w, const bench_cell *c)
{
    jsonw_key_string(w, "corpus", c->corpus->name);
    jsonw_key_string(w, "file", c->corpus->path);
    json_held(w, c->corpus);
    jsonw_key_string(w, "level", level(c));
    jsonw_key_string(w, "heuristic", heur(c));
    jsonw_key_int(w, "puzzles", c->puzzles);
    jsonw_key_int(w, "solved", c->solved);
    jsonw_key_int(w, "unique", c->unique);
    jsonw_key_int(w, "multiple", c->multiple);
    jsonw_key_int(w, "none", c->none);
    jsonw_key_int(w, "unknown", c->unknown);
    jsonw_key_int(w, "no_guess", c->no_guess);
    jsonw_key_double(w, "no_guess_pct", "%.2f", pct(c->no_guess, c->puzzles));
    jsonw_break(w, "     ");
    jsonw_key_uint(w, "guesses", c->guesses);
    jsonw_key_double(w, "guesses_mean", "%.4f", c->guesses_mean);
    jsonw_key_double(w, "guesses_median", "%g", c->guesses_median);
    jsonw_key_uint(w, "guesses_p99", c->guesses_p99);
    jsonw_key_uint(w, "guesses_max", c->guesses_max);
    jsonw_key_uint(w, "nodes", c->nodes);
    jsonw_key_uint(w, "failures", c->failures);
    jsonw_key_uint(w, "propagations", c->propagations);
    jsonw_key_uint(w, "prunings", c->prunings);
}

static void json_cell(jsonw *w, const bench_cell *c)
{
    jsonw_object(w);
    json_counts(w, c);
    jsonw_break(w, "     ");
    jsonw_key(w, "families");
    jsonw_object(w);
    for (int k = 0; k < c->nfamilies; k++) {
        jsonw_key(w, c->family[k].name);
        jsonw_object(w);
        jsonw_key_uint(w, "calls", c->family[k].calls);
        jsonw_key_uint(w, "prunings", c->family[k].prunings);
        jsonw_end(w);
    }
    jsonw_end(w);
    jsonw_break(w, "     ");
    jsonw_key_int(w, "reps", c->reps);
    json_time(w, "wall_s", c, c->wall_s);
    json_time(w, "puzzles_per_s", c, c->puzzles_per_s);
    json_time(w, "us_per_puzzle", c, c->root_us + c->search_us);
    json_time(w, "root_us_per_puzzle", c, c->root_us);
    json_time(w, "search_us_per_puzzle", c, c->search_us);
    jsonw_end(w);
}

void bench_report_json(FILE *f, const bench_stamp *st, const bench_setup *su,
                       const bench_cell *cells, int n)
{
    jsonw w;
    jsonw_init(&w, f);
    json_stamp(&w, st);
    jsonw_key(&w, "setup");
    jsonw_object(&w);
    jsonw_key_int(&w, "limit", su->limit);
    jsonw_key_int(&w, "threads", su->threads);
    jsonw_key_int(&w, "reps", su->reps);
    jsonw_key_uint(&w, "seed", su->seed);
    jsonw_key_string(&w, "values", rg_values_name(su->values));
    jsonw_key_int(&w, "memory_mb", (long)(su->memory >> 20));
    jsonw_key_uint(&w, "max_nodes", su->max_nodes);
    jsonw_key_double(&w, "max_seconds", "%g", su->max_seconds);
    jsonw_end(&w);
    jsonw_break(&w, " ");
    jsonw_key(&w, "cells");
    jsonw_array(&w);
    for (int i = 0; i < n; i++) {
        jsonw_break(&w, "    ");
        json_cell(&w, &cells[i]);
    }
    jsonw_break(&w, " ");
    jsonw_end(&w);
    jsonw_end(&w);
    fputc('\n', f);
}

/* ---- Counters ------------------------------------------------------------------------- */

void bench_report_counters(FILE *f, const bench_cell *cells, int n)
{
    for (int i = 0; i < n; i++) {
        const bench_cell *c = &cells[i];
        char key[400];
        snprintf(key, sizeof key, "%s/%s/%s", c->corpus->name, level(c), heur(c));
        fprintf(f, "%s puzzles %ld\n%s solved %ld\n%s unique %ld\n", key, c->puzzles, key,
                c->solved, key, c->unique);
        fprintf(f, "%s multiple %ld\n%s none %ld\n%s unknown %ld\n%s no_guess %ld\n", key,
                c->multiple, key, c->none, key, c->unknown, key, c->no_guess);
        fprintf(f, "%s nodes %llu\n%s guesses %llu\n%s failures %llu\n", key,
                (unsigned long long)c->nodes, key, (unsigned long long)c->guesses, key,
                (unsigned long long)c->failures);
        for (int k = 0; k < c->nfamilies; k++)
            fprintf(f, "%s calls.%s %llu\n", key, c->family[k].name,
                    (unsigned long long)c->family[k].calls);
        for (int k = 0; k < c->nfamilies; k++)
            fprintf(f, "%s prunings.%s %llu\n", key, c->family[k].name,
                    (unsigned long long)c->family[k].prunings);
    }
}

/* ---- The generation mode ----------------------------------------------------------- */

/* The levels whose no-guess share the generation reports show. */
static const int gen_levels[] = {RG_STRATEGY_PROPAGATE, RG_STRATEGY_SINGLES,
                                 RG_STRATEGY_INTERSECTIONS, RG_STRATEGY_SUBSETS};
#define GEN_LEVELS ((int)(sizeof gen_levels / sizeof *gen_levels))

static const char *preset(const bench_gen *g) { return g->preset; }

/* Puzzles that solve without guessing at level (the levels are nested: a
 * puzzle's weakest level and every one below it count). */
static long solved_at(const bench_gen *g, int level)
{
    long n = 0;
    for (int l = 0; l <= level; l++) n += g->at_level[l];
    return n;
}

static double mean(uint64_t x, const bench_gen *g) { return per(x, g->puzzles); }

/* "yes", "no", or "" when there is no target or no time. */
static const char *target_met(const bench_gen *g)
{
    if (g->target <= 0 || g->reps <= 0) return "";
    return g->puzzles_per_s >= g->target ? "yes" : "no";
}

static void gen_setup_words(FILE *f, const bench_setup *su)
{
    fputs("generation, ", f);
    run_words(f, su);
    fputs(" (puzzle i: seed + i); each puzzle verified: a count to 2 at subsets, "
          "heuristic mrv_degree, and its solution checked against every rule",
          f);
}

void bench_report_gen_markdown(FILE *f, const bench_stamp *st, const bench_setup *su,
                               const bench_gen *g, int n)
{
    bench_stamp_words(f, st, 1);
    fputs("; ", f);
    gen_setup_words(f, su);
    fputs("\n\n| preset | puzzles | puzzles/s | µs/puzzle | givens | invented rules | "
          "attempts | repairs |",
          f);
    for (int k = 0; k < GEN_LEVELS; k++) fprintf(f, " %s |", rg_strategy_name(gen_levels[k]));
    fputs(" verified | target | met |\n|---|---:|---:|---:|---:|---:|---:|---:|", f);
    for (int k = 0; k < GEN_LEVELS; k++) fputs("---:|", f);
    fputs("---:|---:|---|\n", f);
    for (int i = 0; i < n; i++) {
        const bench_gen *c = &g[i];
        fprintf(f, "| %s | %ld |", preset(c), c->puzzles);
        if (c->reps > 0)
            fprintf(f, " %.1f | %.1f |", c->puzzles_per_s, c->gen_us);
        else
            fputs(" – | – |", f);
        fprintf(f, " %.2f | %.2f | %.2f | %.2f |", mean(c->givens, c), mean(c->clue_rules, c),
                mean(c->attempts, c), mean(c->repairs, c));
        for (int k = 0; k < GEN_LEVELS; k++)
            fprintf(f, " %.1f%% |", pct(solved_at(c, gen_levels[k]), c->puzzles));
        fprintf(f, " %ld/%ld |", c->verified, c->puzzles);
        if (c->target > 0)
            fprintf(f, " ≥ %g |", c->target);
        else
            fputs(" |", f);
        fprintf(f, " %s |\n", target_met(c));
    }
}

void bench_report_gen_csv(FILE *f, const bench_stamp *st, const bench_setup *su, const bench_gen *g,
                          int n)
{
    fputs("# ", f);
    bench_stamp_words(f, st, 0);
    fputs("\n# ", f);
    gen_setup_words(f, su);
    fputs("\npreset,puzzles,verified,givens_mean,clue_rules_mean,attempts_mean,repairs_mean,"
          "guesses_mean",
          f);
    for (int k = 0; k < GEN_LEVELS; k++)
        fprintf(f, ",no_guess_%s_pct", rg_strategy_name(gen_levels[k]));
    fputs(",reps,wall_s,puzzles_per_s,us_per_puzzle,target_per_s,target_met\n", f);
    for (int i = 0; i < n; i++) {
        const bench_gen *c = &g[i];
        fprintf(f, "%s,%ld,%ld,%.4f,%.4f,%.4f,%.4f,%.4f", preset(c), c->puzzles, c->verified,
                mean(c->givens, c), mean(c->clue_rules, c), mean(c->attempts, c),
                mean(c->repairs, c), mean(c->guesses, c));
        for (int k = 0; k < GEN_LEVELS; k++)
            fprintf(f, ",%.2f", pct(solved_at(c, gen_levels[k]), c->puzzles));
        fprintf(f, ",%d", c->reps);
        if (c->reps > 0)
            fprintf(f, ",%.4f,%.1f,%.1f", c->wall_s, c->puzzles_per_s, c->gen_us);
        else
            fputs(",,,", f);
        if (c->target > 0)
            fprintf(f, ",%g,%s\n", c->target, target_met(c));
        else
            fputs(",,\n", f);
    }
}

static void json_gen(jsonw *w, const bench_gen *c)
{
    jsonw_object(w);
    jsonw_key_string(w, "preset", preset(c));
    jsonw_key_int(w, "puzzles", c->puzzles);
    jsonw_key_int(w, "verified", c->verified);
    jsonw_key_uint(w, "givens", c->givens);
    jsonw_key_uint(w, "clue_rules", c->clue_rules);
    jsonw_key_uint(w, "attempts", c->attempts);
    jsonw_key_uint(w, "repairs", c->repairs);
    jsonw_key_uint(w, "guesses", c->guesses);
    jsonw_break(w, "     ");
    jsonw_key(w, "no_guess");
    jsonw_object(w);
    for (int k = 0; k < GEN_LEVELS; k++)
        jsonw_key_int(w, rg_strategy_name(gen_levels[k]), solved_at(c, gen_levels[k]));
    jsonw_end(w);
    jsonw_break(w, "     ");
    jsonw_key_int(w, "reps", c->reps);
    const char *const timed[] = {"wall_s", "puzzles_per_s", "us_per_puzzle"};
    const char *const format[] = {"%.4f", "%.3f", "%.3f"};
    const double value[] = {c->wall_s, c->puzzles_per_s, c->gen_us};
    for (int k = 0; k < 3; k++) {
        jsonw_key(w, timed[k]);
        if (c->reps > 0)
            jsonw_double(w, format[k], value[k]);
        else
            jsonw_null(w);
    }
    jsonw_key(w, "target_per_s");
    if (c->target > 0)
        jsonw_double(w, "%g", c->target);
    else
        jsonw_null(w);
    jsonw_key(w, "target_met");
    if (c->target > 0 && c->reps > 0)
        jsonw_bool(w, c->puzzles_per_s >= c->target);
    else
        jsonw_null(w);
    jsonw_end(w);
}

void bench_report_gen_json(FILE *f, const bench_stamp *st, const bench_setup *su,
                           const bench_gen *g, int n)
{
    jsonw w;
    jsonw_init(&w, f);
    json_stamp(&w, st);
    jsonw_key(&w, "setup");
    jsonw_object(&w);
    jsonw_key_string(&w, "mode", "generate");
    jsonw_key_int(&w, "threads", su->threads);
    jsonw_key_int(&w, "reps", su->reps);
    jsonw_key_uint(&w, "seed", su->seed);
    jsonw_key(&w, "verify");
    jsonw_object(&w);
    jsonw_key_string(&w, "level", rg_strategy_name(RG_STRATEGY_SUBSETS));
    jsonw_key_string(&w, "heuristic", rg_heuristic_name(RG_HEURISTIC_MRV_DEGREE));
    jsonw_key_int(&w, "limit", 2);
    jsonw_end(&w);
    jsonw_end(&w);
    jsonw_break(&w, " ");
    jsonw_key(&w, "presets");
    jsonw_array(&w);
    for (int i = 0; i < n; i++) {
        jsonw_break(&w, "    ");
        json_gen(&w, &g[i]);
    }
    jsonw_break(&w, " ");
    jsonw_end(&w);
    jsonw_end(&w);
    fputc('\n', f);
}

void bench_report_gen_counters(FILE *f, const bench_gen *g, int n)
{
    for (int i = 0; i < n; i++) {
        const bench_gen *c = &g[i];
        const char *k = preset(c);
        fprintf(f, "%s puzzles %ld\n%s verified %ld\n", k, c->puzzles, k, c->verified);
        fprintf(f,
                "%s givens %llu\n%s clue_rules %llu\n%s attempts %llu\n%s repairs %llu\n"
                "%s guesses %llu\n",
                k, (unsigned long long)c->givens, k, (unsigned long long)c->clue_rules, k,
                (unsigned long long)c->attempts, k, (unsigned long long)c->repairs, k,
                (unsigned long long)c->guesses);
        for (int l = 0; l <= RG_STRATEGY_COUNT; l++)
            fprintf(f, "%s weakest.%s %ld\n", k,
                    l < RG_STRATEGY_COUNT ? rg_strategy_name(l) : "none", c->at_level[l]);
    }
}

/* ---- HTML ------------------------------------------------------------------------------ */

/* The words of fn as escaped text (they may hold anything a compiler's
 * flags do). */
static void html_words(FILE *f, const bench_stamp *st, const bench_setup *su)
{
    char *text = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&text, &len);
    if (!m) return;
    bench_stamp_words(m, st, 0);
    fputs("; ", m);
    setup_words(m, su);
    if (fclose(m) == 0) htmlw_text(f, text);
    free(text);
}

static void html_time(FILE *f, const bench_cell *c, double v)
{
    if (c->reps > 0)
        fprintf(f, "<td class=\"num\">%.1f</td>", v);
    else
        fputs("<td class=\"num\">–</td>", f);
}

static void html_table(FILE *f, const bench_cell *cells, int n)
{
    fputs("<table class=\"cells\">\n<tr><th>corpus</th><th>level</th><th>heuristic</th>"
          "<th>puzzles</th><th>unique</th><th>puzzles/s</th><th>µs/puzzle</th>"
          "<th>no guess</th><th>guesses/puzzle</th><th>nodes/puzzle</th></tr>\n",
          f);
    for (int i = 0; i < n; i++) {
        const bench_cell *c = &cells[i];
        fputs("<tr><td>", f);
        htmlw_text(f, c->corpus->name);
        fputs("</td><td>", f);
        htmlw_text(f, level(c));
        fputs("</td><td>", f);
        htmlw_text(f, heur(c));
        fprintf(f, "</td><td class=\"num\">%ld</td><td class=\"num\">%ld</td>", c->puzzles,
                c->unique);
        html_time(f, c, c->puzzles_per_s);
        html_time(f, c, c->root_us + c->search_us);
        fprintf(f,
                "<td class=\"num\">%.1f%%</td><td class=\"num\">%.2f</td>"
                "<td class=\"num\">%.1f</td></tr>\n",
                pct(c->no_guess, c->puzzles), c->guesses_mean, per(c->nodes, c->puzzles));
    }
    fputs("</table>\n", f);
}

/* The page: stamp, table, then the charts, which share their labels. */
void bench_report_html(FILE *f, const bench_stamp *st, const bench_setup *su,
                       const bench_cell *cells, int n)
{
    htmlw_begin(f, "rulegrid-bench report", ".charts svg{display:block;margin:1em 0}\n");
    fputs("<h1>rulegrid-bench report</h1>\n<p class=\"stamp\">", f);
    html_words(f, st, su);
    fputs("</p>\n<h2>Cells</h2>\n", f);
    html_table(f, cells, n);
    char(*labels)[600] = calloc((size_t)n + 1, sizeof *labels);
    const char **names = calloc((size_t)n + 1, sizeof *names);
    double *us = calloc((size_t)n + 1, sizeof *us), *guesses = calloc((size_t)n + 1, sizeof *us);
    if (labels && names && us && guesses) {
        for (int i = 0; i < n; i++) {
            const bench_cell *c = &cells[i];
            snprintf(labels[i], sizeof labels[i], "%s %s %s", c->corpus->name, level(c), heur(c));
            names[i] = labels[i];
            us[i] = c->reps > 0 ? c->root_us + c->search_us : -1;
            guesses[i] = c->guesses_mean;
        }
        fputs("<h2>Charts</h2>\n<div class=\"charts\">\n", f);
        htmlw_chart ch = {
            "Time per puzzle (median pass)", "µs", "%.1f", "chart chart-us", n, names, us};
        htmlw_bar_chart(f, &ch);
        if (su->reps <= 0)
            fputs("<p class=\"note\">No timed passes (-r 0): counters only, no times.</p>\n", f);
        ch = (htmlw_chart){
            "Guesses per puzzle", "", "%.2f", "chart chart-guesses", n, names, guesses};
        htmlw_bar_chart(f, &ch);
        fputs("</div>\n", f);
    }
    free(labels);
    free(names);
    free(us);
    free(guesses);
    htmlw_end(f, NULL);
}
