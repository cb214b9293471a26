/* The generator (core/gen/): every preset makes puzzles that an
 * independent count proves unique; seeds reproduce; jigsaw layouts, killer
 * cages, levels, minimality and symmetry hold; profiles and options that do
 * not fit are refused naming the field; a third-party hook takes part;
 * presets are files found like plugins.
 * RULEGRID_TEST_SCALE (Valgrind, sanitizers) takes one seed per preset. */
#define _XOPEN_SOURCE 700 /* mkdtemp, setenv */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cjson/cJSON.h>
#include <cmocka.h>

#include "support.h"

static int scaled(void)
{
    const char *s = getenv("RULEGRID_TEST_SCALE");
    return s && *s;
}

static rg_generator *preset(const char *name)
{
    rg_generator *g = NULL;
    rg_error err;
    if (rg_generator_preset(t_registry(), t_presets(), name, &g, &err) != RG_OK) {
        char buf[1024];
        rg_error_format(&err, buf, sizeof buf);
        fail_msg("preset %s: %s", name, buf);
    }
    return g;
}

static rg_puzzle *make(const rg_generator *g, rg_gen_options *o, rg_gen_info *info)
{
    rg_puzzle *p = NULL;
    rg_error err;
    int rc = rg_generate(g, o, &p, info, &err);
    if (rc != RG_OK) {
        char buf[1024];
        rg_error_format(&err, buf, sizeof buf);
        fail_msg("generate %s seed %llu: %s", rg_generator_label(g), (unsigned long long)o->seed,
                 buf);
    }
    return p;
}

/* The givens agree with the solution, the solution satisfies every rule,
 * and a count at another level with another heuristic finds it alone. */
static void verify(const rg_puzzle *p)
{
    const int *sol = rg_puzzle_solution(p), *giv = rg_puzzle_givens(p);
    int n = rg_puzzle_cells(p);
    assert_non_null(sol);
    for (int c = 0; c < n; c++)
        if (giv[c]) assert_int_equal(giv[c], sol[c]);
    assert_int_equal(rg_puzzle_check(p, sol), -1);
    int status;
    int *found = malloc((size_t)n * sizeof *found);
    assert_non_null(found);
    t_count_into(p, RG_STRATEGY_SUBSETS, RG_HEURISTIC_MRV, 2, &status, found);
    assert_int_equal(status, RG_STATUS_UNIQUE);
    assert_memory_equal(found, sol, (size_t)n * sizeof *found);
    free(found);
}

/* The document of p as written, read back as cJSON. */
static cJSON *as_json(const rg_puzzle *p)
{
    rg_error err;
    char *text = rg_puzzle_write(p, RG_WRITE_LINE, &err);
    assert_non_null(text);
    cJSON *doc = cJSON_Parse(text);
    rg_string_free(text);
    assert_non_null(doc);
    return doc;
}

static int cell_index(const rg_puzzle *p, const char *name)
{
    int r, c;
    assert_int_equal(sscanf(name, "r%dc%d", &r, &c), 2);
    int cell = rg_puzzle_cell_at(p, r, c);
    assert_true(cell >= 0);
    return cell;
}

/* Presets whose clue types have no generate hook in this build are skipped
 * (their plugin may not have one yet); everything else must generate. */
static int hooks_present(const char *name)
{
    rg_generator *g = NULL;
    rg_error err;
    int rc = rg_generator_preset(t_registry(), t_presets(), name, &g, &err);
    rg_generator_free(g);
    if (rc != RG_OK && strstr(err.message, "generate hook")) return 0;
    return 1;
}

static void every_preset_unique(void **state)
{
    (void)state;
    int seeds = scaled() ? 1 : 3;
    for (int i = 0; i < rg_presets_count(t_presets()); i++) {
        const char *name = rg_presets_name(t_presets(), i);
        if (!hooks_present(name)) {
            print_message("skipping %s: a clue type has no generate hook\n", name);
            continue;
        }
        rg_generator *g = preset(name);
        /* The big boards and the weakly pruned variants stop at a number of
         * givens, which keeps the suite quick; the removal loop is the same. */
        int heavy = strcmp(name, "classic16") == 0 || strcmp(name, "samurai") == 0 ||
                    strcmp(name, "nonconsecutive") == 0 || strcmp(name, "antiknight") == 0;
        for (int s = 0; s < seeds; s++) {
            rg_gen_options o;
            rg_gen_options_default(&o);
            o.seed = 1000 + (uint64_t)s;
            if (heavy) o.clues = rg_puzzle_cells(rg_generator_template(g)) * 2 / 5;
            rg_gen_info info;
            rg_puzzle *p = make(g, &o, &info);
            verify(p);
            assert_int_equal(info.seed, o.seed);
            rg_puzzle_free(p);
        }
        rg_generator_free(g);
    }
}

static char *write_doc(const rg_generator *g, uint64_t seed)
{
    rg_gen_options o;
    rg_gen_options_default(&o);
    o.seed = seed;
    o.meta_time = 0;
    rg_puzzle *p = make(g, &o, NULL);
    rg_error err;
    char *text = rg_puzzle_write(p, RG_WRITE_PRETTY, &err);
    assert_non_null(text);
    rg_puzzle_free(p);
    return text;
}

static void same_seed_same_bytes(void **state)
{
    (void)state;
    const char *names[] = {"classic9", "jigsaw", "thermo", "killer"};
    size_t n = sizeof names / sizeof names[0] - (scaled() ? 1 : 0);
    for (size_t i = 0; i < n; i++) {
        if (!hooks_present(names[i])) continue;
        rg_generator *g = preset(names[i]);
        char *a = write_doc(g, 42), *b = write_doc(g, 42), *c = write_doc(g, 43);
        assert_string_equal(a, b);
        assert_string_not_equal(a, c);
        rg_string_free(a);
        rg_string_free(b);
        rg_string_free(c);
        rg_generator_free(g);
    }
    assert_int_equal(rg_generate_batch_seed(10, 0), 10);
    assert_int_equal(rg_generate_batch_seed(10, 5), 15);
}

/* D pieces of D cells, each connected, covering the board once. */
static void jigsaw_layouts(void **state)
{
    (void)state;
    rg_generator *g = preset("jigsaw");
    int seeds = scaled() ? 2 : 6;
    for (int s = 0; s < seeds; s++) {
        rg_gen_options o;
        rg_gen_options_default(&o);
        o.seed = 7 + (uint64_t)s;
        rg_puzzle *p = make(g, &o, NULL);
        int D = rg_puzzle_digits(p), N = rg_puzzle_cells(p);
        int *piece = malloc((size_t)N * sizeof *piece), *queue = malloc((size_t)N * sizeof *queue);
        for (int c = 0; c < N; c++) piece[c] = -1;
        cJSON *doc = as_json(p);
        int pieces = 0;
        cJSON *rule;
        cJSON_ArrayForEach(rule, cJSON_GetObjectItem(doc, "rules"))
        {
            if (strcmp(cJSON_GetObjectItem(rule, "type")->valuestring, "box") != 0) continue;
            cJSON *cells = cJSON_GetObjectItem(rule, "cells"), *name;
            int size = 0;
            cJSON_ArrayForEach(name, cells)
            {
                /* The writer may spell a piece that happens to be a
                 * rectangle as one. */
                int r1, c1, r2, c2;
                if (sscanf(name->valuestring, "r%dc%d:r%dc%d", &r1, &c1, &r2, &c2) != 4) {
                    assert_int_equal(sscanf(name->valuestring, "r%dc%d", &r1, &c1), 2);
                    r2 = r1, c2 = c1;
                }
                for (int y = r1; y <= r2; y++)
                    for (int x = c1; x <= c2; x++) {
                        int c = rg_puzzle_cell_at(p, y, x);
                        assert_true(c >= 0);
                        assert_int_equal(piece[c], -1);
                        piece[c] = pieces;
                        size++;
                    }
            }
            assert_int_equal(size, D);
            pieces++;
        }
        assert_int_equal(pieces, D);
        for (int k = 0; k < D; k++) {
            int start = -1;
            for (int c = 0; c < N && start < 0; c++)
                if (piece[c] == k) start = c;
            int head = 0, tail = 0, seen[1024] = {0};
            queue[tail++] = start;
            seen[start] = 1;
            while (head < tail) {
                int c = queue[head++], r, col;
                rg_puzzle_cell_pos(p, c, &r, &col);
                const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
                for (int d = 0; d < 4; d++) {
                    int n = rg_puzzle_cell_at(p, r + dr[d], col + dc[d]);
                    if (n >= 0 && !seen[n] && piece[n] == k) {
                        seen[n] = 1;
                        queue[tail++] = n;
                    }
                }
            }
            assert_int_equal(tail, D);
        }
        verify(p);
        cJSON_Delete(doc);
        free(piece);
        free(queue);
        rg_puzzle_free(p);
    }
    rg_generator_free(g);
}

/* Cages never repeat a digit of the solution and their sums are its sums. */
static void killer_cages(void **state)
{
    (void)state;
    if (!hooks_present("killer")) skip();
    rg_generator *g = preset("killer");
    int seeds = scaled() ? 1 : 3;
    for (int s = 0; s < seeds; s++) {
        rg_gen_options o;
        rg_gen_options_default(&o);
        o.seed = 70 + (uint64_t)s;
        rg_gen_info info;
        rg_puzzle *p = make(g, &o, &info);
        assert_int_equal(info.givens, 0);
        assert_true(info.clue_rules > 0);
        const int *sol = rg_puzzle_solution(p);
        cJSON *doc = as_json(p);
        cJSON *rule;
        int cages = 0;
        cJSON_ArrayForEach(rule, cJSON_GetObjectItem(doc, "rules"))
        {
            if (strcmp(cJSON_GetObjectItem(rule, "type")->valuestring, "cage") != 0) continue;
            unsigned seen = 0;
            int sum = 0;
            cJSON *name;
            cJSON_ArrayForEach(name, cJSON_GetObjectItem(rule, "cells"))
            {
                int d = sol[cell_index(p, name->valuestring)];
                assert_false(seen & (1u << d));
                seen |= 1u << d;
                sum += d;
            }
            cJSON *want = cJSON_GetObjectItem(rule, "sum");
            if (want) assert_int_equal(sum, want->valueint);
            cages++;
        }
        assert_true(cages > 0);
        verify(p);
        cJSON_Delete(doc);
        rg_puzzle_free(p);
    }
    rg_generator_free(g);
}

static void level_solves_without_guessing(void **state)
{
    (void)state;
    rg_generator *g = preset("classic9");
    const int levels[] = {RG_STRATEGY_SINGLES, RG_STRATEGY_INTERSECTIONS, RG_STRATEGY_SUBSETS};
    for (size_t i = 0; i < sizeof levels / sizeof levels[0]; i++) {
        rg_gen_options o;
        rg_gen_options_default(&o);
        o.seed = 5 + i;
        o.level = levels[i];
        rg_gen_info info;
        rg_puzzle *p = make(g, &o, &info);
        rg_solver *s = rg_solver_new();
        rg_options so;
        rg_options_default(&so);
        so.strategy = levels[i];
        rg_result r;
        rg_error err;
        assert_int_equal(rg_solve(s, p, &so, &r, &err), RG_OK);
        assert_int_equal(r.status, RG_STATUS_SOLVED);
        assert_true(r.no_guess);
        assert_true(info.level >= 0 && info.level <= levels[i]);
        rg_solver_free(s);
        verify(p);
        rg_puzzle_free(p);
    }
    rg_generator_free(g);
}

/* Emptying any one given leaves at least two solutions. */
static void minimal_puzzles(void **state)
{
    (void)state;
    const char *names[] = {"classic6", "classic9", "x"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        rg_generator *g = preset(names[i]);
        rg_gen_options o;
        rg_gen_options_default(&o);
        o.seed = 11;
        o.minimal = 1;
        rg_puzzle *p = make(g, &o, NULL);
        verify(p);
        int n = rg_puzzle_cells(p);
        int *giv = malloc((size_t)n * sizeof *giv);
        memcpy(giv, rg_puzzle_givens(p), (size_t)n * sizeof *giv);
        for (int c = 0; c < n; c++) {
            if (!giv[c]) continue;
            int d = giv[c];
            giv[c] = 0;
            rg_puzzle *q;
            rg_error err;
            assert_int_equal(rg_puzzle_with_givens(p, giv, &q, &err), RG_OK);
            int status;
            t_count(q, RG_STRATEGY_INTERSECTIONS, RG_HEURISTIC_MRV, 2, &status);
            assert_int_equal(status, RG_STATUS_MULTIPLE);
            rg_puzzle_free(q);
            giv[c] = d;
        }
        free(giv);
        rg_puzzle_free(p);
        rg_generator_free(g);
    }
}

static void symmetric_patterns(void **state)
{
    (void)state;
    rg_generator *g = preset("classic9");
    for (int sym = RG_SYMMETRY_ROTATE180; sym < RG_SYMMETRY_COUNT; sym++) {
        rg_gen_options o;
        rg_gen_options_default(&o);
        o.seed = 21;
        o.symmetry = sym;
        rg_puzzle *p = make(g, &o, NULL);
        verify(p);
        const int *giv = rg_puzzle_givens(p);
        for (int r = 1; r <= 9; r++)
            for (int c = 1; c <= 9; c++) {
                int y = r, x = c;
                switch (sym) {
                case RG_SYMMETRY_ROTATE180: y = 10 - r, x = 10 - c; break;
                case RG_SYMMETRY_ROTATE90: y = c, x = 10 - r; break;
                case RG_SYMMETRY_MIRROR: x = 10 - c; break;
                default: y = c, x = r; break;
                }
                assert_int_equal(giv[rg_puzzle_cell_at(p, r, c)] != 0,
                                 giv[rg_puzzle_cell_at(p, y, x)] != 0);
            }
        rg_puzzle_free(p);
    }
    rg_generator_free(g);
}

static void clue_target(void **state)
{
    (void)state;
    rg_generator *g = preset("classic9");
    rg_gen_options o;
    rg_gen_options_default(&o);
    o.seed = 3;
    o.clues = 40;
    rg_gen_info info;
    rg_puzzle *p = make(g, &o, &info);
    assert_true(info.givens <= 40 && info.givens >= 39);
    verify(p);
    rg_puzzle_free(p);
    rg_generator_free(g);
}

/* The profile field (or option) named in the error. */
static void expect_profile_error(const char *doc, const char *field, const char *words)
{
    rg_generator *g = NULL;
    rg_error err;
    int rc = rg_generator_new(t_registry(), doc, strlen(doc), "t.json", &g, &err);
    assert_int_equal(rc, RG_E_FORMAT);
    assert_null(g);
    assert_string_equal(err.field, field);
    if (!strstr(err.message, words)) fail_msg("'%s' not in '%s'", words, err.message);
}

#define DOC(x)                                                                                     \
    "{\"format\":\"rulegrid\",\"version\":1,\"board\":{\"rows\":4,\"columns\":4,"                  \
    "\"digits\":4},\"rules\":[{\"type\":\"box_grid\",\"origin\":\"r1c1\",\"box\":[2,2]}],"         \
    "\"x-generate\":" x "}"

static void profile_errors(void **state)
{
    (void)state;
    expect_profile_error(DOC("{\"givens\":\"all\"}"), "x-generate.givens",
                         "\"remove\" or \"none\"");
    expect_profile_error(DOC("{\"clue\":[]}"), "x-generate.clue", "unknown field");
    expect_profile_error(DOC("{\"clues\":[{\"type\":\"nope\"}]}"), "x-generate.clues[0].type",
                         "no loaded plugin registers rule type nope");
    expect_profile_error(DOC("{\"clues\":[{\"type\":\"box_grid\"}]}"), "x-generate.clues[0].type",
                         "no generate hook");
    expect_profile_error(DOC("{\"clues\":[5]}"), "x-generate.clues[0]", "expected an object");
    expect_profile_error(DOC("{\"givens\":\"none\"}"), "x-generate.givens", "needs clue requests");
    expect_profile_error(DOC("{\"symmetry\":\"spiral\"}"), "x-generate.symmetry", "rotate180");
    expect_profile_error(DOC("{\"level\":\"hard\"}"), "x-generate.level", "singles");
    expect_profile_error(DOC("{\"retries\":-1}"), "x-generate.retries", "whole number");
    expect_profile_error(DOC("{\"count_nodes\":1.5}"), "x-generate.count_nodes", "whole number");
    expect_profile_error(DOC("{\"layout\":\"jigsaw\"}"), "x-generate.layout",
                         "expected a list of layout requests");
    expect_profile_error(DOC("{\"layout\":[{\"type\":\"cage\"}]}"), "x-generate.layout[0].type",
                         "no layout hook");
    expect_profile_error(DOC("{\"regions\":\"jigsaw\"}"), "x-generate.regions", "unknown field");
    expect_profile_error(DOC("{\"remove_clues\":[1]}"), "x-generate.remove_clues[0]", "rule type");
    expect_profile_error(DOC("[]"), "x-generate", "expected an object");
    /* A template that does not read is the reader's error. */
    rg_generator *g = NULL;
    rg_error err;
    const char *broken = "{\"format\":\"rulegrid\",\"version\":1,\"rules\":[]}";
    assert_int_not_equal(rg_generator_new(t_registry(), broken, strlen(broken), "b.json", &g, &err),
                         RG_OK);
    assert_string_equal(err.field, "board");
    assert_int_equal(rg_generator_preset(t_registry(), t_presets(), "sudoku", &g, &err),
                     RG_E_FORMAT);
    assert_string_equal(err.field, "preset");
}

static void expect_option_error(const char *name, rg_gen_options *o, const char *field)
{
    rg_generator *g = preset(name);
    rg_puzzle *p = NULL;
    rg_error err;
    assert_int_equal(rg_generate(g, o, &p, NULL, &err), RG_E_FORMAT);
    assert_null(p);
    assert_string_equal(err.field, field);
    rg_generator_free(g);
}

static void option_errors(void **state)
{
    (void)state;
    rg_gen_options o;
    rg_gen_options_default(&o);
    o.clues = 17;
    o.minimal = 1;
    expect_option_error("classic9", &o, "minimal");
    rg_gen_options_default(&o);
    o.clues = 82;
    expect_option_error("classic9", &o, "clues");
    if (hooks_present("killer")) {
        rg_gen_options_default(&o);
        o.clues = 20;
        expect_option_error("killer", &o, "clues");
        rg_gen_options_default(&o);
        o.symmetry = RG_SYMMETRY_MIRROR;
        expect_option_error("killer", &o, "symmetry");
    }
    /* Quarter turns and the diagonal need a square board. */
    const char *wide = "{\"format\":\"rulegrid\",\"version\":1,\"board\":{\"rows\":2,\"columns\":4,"
                       "\"digits\":4},\"rules\":[]}";
    rg_generator *g = NULL;
    rg_error err;
    assert_int_equal(rg_generator_new(t_registry(), wide, strlen(wide), "w", &g, &err), RG_OK);
    rg_gen_options_default(&o);
    o.symmetry = RG_SYMMETRY_ROTATE90;
    rg_puzzle *p = NULL;
    assert_int_equal(rg_generate(g, &o, &p, NULL, &err), RG_E_FORMAT);
    assert_string_equal(err.field, "symmetry");
    o.symmetry = RG_SYMMETRY_MIRROR;
    p = make(g, &o, NULL);
    verify(p);
    rg_puzzle_free(p);
    rg_generator_free(g);
    assert_int_equal(rg_symmetry_parse("rotate180"), RG_SYMMETRY_ROTATE180);
    assert_int_equal(rg_symmetry_parse("spiral"), -1);
    assert_string_equal(rg_symmetry_name(RG_SYMMETRY_DIAGONAL), "diagonal");
}

/* The budget ends a run with RG_E_LIMIT and says so; so do the attempts. */
static void budgets(void **state)
{
    (void)state;
    rg_generator *g = preset("classic16");
    rg_gen_options o;
    rg_gen_options_default(&o);
    o.seed = 1;
    o.max_seconds = 0.001;
    rg_puzzle *p = NULL;
    rg_gen_info info;
    rg_error err;
    assert_int_equal(rg_generate(g, &o, &p, &info, &err), RG_E_LIMIT);
    assert_null(p);
    assert_true(info.timed_out);
    assert_non_null(strstr(err.message, "time budget"));
    rg_generator_free(g);

    /* 17 givens for a 9x9 in one attempt: out of attempts, not time. */
    g = preset("classic9");
    rg_gen_options_default(&o);
    o.seed = 1;
    o.clues = 17;
    o.retries = 0;
    assert_int_equal(rg_generate(g, &o, &p, &info, &err), RG_E_LIMIT);
    assert_false(info.timed_out);
    assert_int_equal(info.attempts, 1);
    assert_non_null(strstr(err.message, "could not reach 17 givens"));
    rg_generator_free(g);
}

/* A plugin that the core does not know, with a generate hook, builds
 * puzzles from its clues alone (givens "none"), repairs included. */
/* A setting that the request's hook never reads (a misspelling) fails the
 * run with the settings it does read; so does one no number can stand for. */
static void expect_run_error(const char *doc, const char *words)
{
    rg_generator *g = NULL;
    rg_error err;
    assert_int_equal(rg_generator_new(t_registry(), doc, strlen(doc), "t.json", &g, &err), RG_OK);
    rg_gen_options o;
    rg_gen_options_default(&o);
    rg_puzzle *p = NULL;
    assert_int_equal(rg_generate(g, &o, &p, NULL, &err), RG_E_FORMAT);
    assert_null(p);
    if (!strstr(err.message, words)) fail_msg("'%s' not in '%s'", words, err.message);
    rg_generator_free(g);
}

static void unread_settings(void **state)
{
    (void)state;
    /* A repair setting the request itself does not give, but the hook
     * reads, is taken. */
    const char *ok = DOC("{\"givens\":\"none\",\"clues\":[{\"type\":\"cage\","
                         "\"repair\":{\"min_size\":1,\"max_size\":3}}]}");
    rg_generator *g = NULL;
    rg_error err;
    assert_int_equal(rg_generator_new(t_registry(), ok, strlen(ok), "t.json", &g, &err), RG_OK);
    rg_gen_options o;
    rg_gen_options_default(&o);
    o.seed = 3;
    rg_puzzle *p = NULL;
    assert_int_equal(rg_generate(g, &o, &p, NULL, &err), RG_OK);
    rg_puzzle_free(p);
    rg_generator_free(g);
    expect_run_error(DOC("{\"givens\":\"none\",\"clues\":[{\"type\":\"cage\",\"max_sise\":3}]}"),
                     "cage generator: setting \"max_sise\" is not one it reads (it reads max_size, "
                     "min_size, count, coverage, sums)");
    expect_run_error(DOC("{\"clues\":[{\"type\":\"edge\",\"kind\":\"xv\",\"colour\":\"white\"}]}"),
                     "edge generator: setting \"colour\" is not one it reads");
    /* A misspelt repair setting is refused on the first growing, whether or
     * not a repair comes (with "remove" none does). */
    expect_run_error(DOC("{\"clues\":[{\"type\":\"cage\",\"max_size\":3,"
                         "\"repair\":{\"max_sise\":2}}]}"),
                     "cage generator: repair setting \"max_sise\" is not one it reads (it reads "
                     "max_size, min_size, count, coverage, sums)");
    expect_run_error(DOC("{\"layout\":[{\"type\":\"box\",\"size\":2}]}"),
                     "box layout: setting \"size\" is not one it reads (it reads none)");
    expect_run_error(DOC("{\"givens\":\"none\",\"clues\":[{\"type\":\"cage\",\"max_size\":2.5}]}"),
                     "cage generator: setting max_size is 2.5; it must be a whole number");
    expect_run_error(DOC("{\"givens\":\"none\",\"clues\":[{\"type\":\"cage\",\"count\":1e12}]}"),
                     "setting count is 1000000000000, past what a setting holds");
    expect_run_error(DOC("{\"givens\":\"none\",\"clues\":[{\"type\":\"cage\",\"max_size\":[3]}]}"),
                     "setting max_size is a list; a setting is a number, a boolean or a string");
    expect_run_error(DOC("{\"clues\":[{\"type\":\"line\",\"kind\":null}]}"),
                     "setting kind is null; a setting is a number, a boolean or a string");
}

static void third_party_hook(void **state)
{
    (void)state;
    rg_registry *reg = rg_registry_new();
    rg_error err;
    assert_int_equal(rg_registry_load_default(reg, NULL, rg_builtin_plugin_dir(), &err), RG_OK);
    assert_int_equal(rg_registry_load_dir(reg, RG_BUILD_DIR "/test-plugins/pin", &err), RG_OK);
    const char *doc = DOC("{\"givens\":\"none\",\"clues\":[{\"type\":\"test.pin\",\"count\":3}]}");
    rg_generator *g = NULL;
    assert_int_equal(rg_generator_new(reg, doc, strlen(doc), "pin.json", &g, &err), RG_OK);
    for (int s = 0; s < 4; s++) {
        rg_gen_options o;
        rg_gen_options_default(&o);
        o.seed = (uint64_t)s;
        rg_gen_info info;
        rg_puzzle *p = NULL;
        assert_int_equal(rg_generate(g, &o, &p, &info, &err), RG_OK);
        assert_int_equal(info.givens, 0);
        assert_true(info.clue_rules >= 3);
        for (int i = 0; i < rg_puzzle_rule_count(p); i++)
            if (i > 0) assert_string_equal(rg_puzzle_rule_type(p, i), "test.pin");
        verify(p);
        rg_puzzle_free(p);
    }
    /* Settings can be changed; a bad one is the hook's error. */
    assert_int_equal(rg_generator_set(g, "test.pin", "count", "99", &err), RG_OK);
    rg_gen_options o;
    rg_gen_options_default(&o);
    rg_puzzle *p = NULL;
    assert_int_equal(rg_generate(g, &o, &p, NULL, &err), RG_E_FORMAT);
    assert_non_null(strstr(err.message, "setting count is 99"));
    assert_int_equal(rg_generator_set(g, "cage", "max_size", "3", &err), RG_E_FORMAT);
    assert_string_equal(err.field, "cage.max_size");
    rg_generator_free(g);
    /* The plugin reads count by gen_int alone: the host refuses a string there. */
    const char *text =
        DOC("{\"givens\":\"none\",\"clues\":[{\"type\":\"test.pin\",\"count\":\"3\"}]}");
    assert_int_equal(rg_generator_new(reg, text, strlen(text), "pin.json", &g, &err), RG_OK);
    assert_int_equal(rg_generate(g, &o, &p, NULL, &err), RG_E_FORMAT);
    assert_non_null(
        strstr(err.message, "test.pin generator: setting count must be a number, not a string"));
    rg_generator_free(g);
    rg_registry_free(reg);
}

/* Presets are files found like plugins: a folder of RULEGRID_PRESET_PATH
 * adds presets and hides a built-in one of the same name; a preset that does
 * not read fails when a generator is made from it, naming its file. */
static void preset_folders(void **state)
{
    (void)state;
    char dir[] = "/tmp/rg-presets-XXXXXX", path[256];
    assert_non_null(mkdtemp(dir));
    const char *builtin =
        rg_presets_document(t_presets(), rg_presets_find(t_presets(), "classic4"));
    assert_non_null(builtin);
    static const char *const files[] = {"mine.json", "classic9.json", "broken.json", "notes.txt"};
    for (int i = 0; i < 4; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, files[i]);
        FILE *f = fopen(path, "w");
        assert_non_null(f);
        fputs(i == 2 ? "{\"format\": \"rulegrid\", \"version\":" : builtin, f);
        fclose(f);
    }
    setenv("RULEGRID_PRESET_PATH", dir, 1);
    rg_presets *ps = NULL;
    rg_error err;
    assert_int_equal(rg_presets_load(NULL, rg_builtin_preset_dir(), &ps, &err), RG_OK);
    unsetenv("RULEGRID_PRESET_PATH");
    /* mine and broken are new (notes.txt is no preset); classic9 is hidden. */
    assert_int_equal(rg_presets_count(ps), rg_presets_count(t_presets()) + 2);
    int mine = rg_presets_find(ps, "mine"), c9 = rg_presets_find(ps, "classic9");
    assert_true(mine >= 0 && c9 >= 0);
    assert_non_null(strstr(rg_presets_path(ps, c9), dir));
    assert_string_equal(rg_presets_summary(ps, mine), "4x4 with 2x2 boxes");
    assert_non_null(strstr(rg_presets_folders(ps), dir));
    /* Natural order: classic4 before classic16. */
    assert_true(rg_presets_find(ps, "classic4") < rg_presets_find(ps, "classic16"));
    rg_generator *g = NULL;
    assert_int_equal(rg_generator_preset(t_registry(), ps, "mine", &g, &err), RG_OK);
    assert_int_equal(rg_puzzle_digits(rg_generator_template(g)), 4);
    rg_generator_free(g);
    assert_int_equal(rg_generator_preset(t_registry(), ps, "broken", &g, &err), RG_E_FORMAT);
    assert_null(g);
    assert_string_equal(err.file, "broken");
    assert_non_null(strstr(err.message, "truncated JSON"));
    assert_int_equal(rg_generator_preset(t_registry(), ps, "nope", &g, &err), RG_E_FORMAT);
    assert_non_null(strstr(err.message, "unknown preset 'nope' (one of "));
    assert_non_null(strstr(err.message, "mine"));
    rg_presets_free(ps);
    for (int i = 0; i < 4; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, files[i]);
        remove(path);
    }
    rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(every_preset_unique, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(same_seed_same_bytes, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(jigsaw_layouts, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(killer_cages, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(level_solves_without_guessing, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(minimal_puzzles, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(symmetric_patterns, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(clue_target, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(profile_errors, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(unread_settings, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(option_errors, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(budgets, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(third_party_hook, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(preset_folders, t_mem_setup, t_mem_teardown),
    };
    return t_done(cmocka_run_group_tests(tests, NULL, NULL));
}
