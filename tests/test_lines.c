/* The lines plugin: every error it words; per kind, solution counts of random
 * lines on a 4x4 sudoku against an independent count over its 288 grids
 * (and proof that ignoring or half-enforcing the rule changes the count);
 * per kind, propagation against brute force on small boards. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "data/variants-3/harness.h"
#include "model/model.h"
#include "model/record.h"

/* ---- Errors -------------------------------------------------------------------- */

static void err(int D, const char *rules, int rule, const char *field, const char *phrase)
{
    rg_error e = v3_error(9, 9, D, rules);
    t_assert_error(&e, rule, "line", field, phrase);
}

#define L(body) "[{\"type\": \"line\", " body "}]"
#define TWO     "\"cells\": [\"r1c1\", \"r1c2\"]"

static void required_parameters(void **state)
{
    (void)state;
    err(8, L("\"kind\": \"whisper\", " TWO), 0, "value", "needs a value");
    err(8, L("\"kind\": \"lockout\", " TWO), 0, "value", "8 digits");
    err(7, L("\"kind\": \"modular\", " TWO), 0, "value", "default");
    err(8, L("\"kind\": \"entropic\", " TWO), 0, "groups", "needs groups");
    /* On 9 digits the defaults apply. */
    const char *ok[] = {L("\"kind\": \"whisper\", " TWO), L("\"kind\": \"lockout\", " TWO),
                        L("\"kind\": \"modular\", " TWO), L("\"kind\": \"entropic\", " TWO)};
    for (int i = 0; i < 4; i++) {
        char *s = v3_doc(9, 9, 9, ok[i]);
        rg_puzzle_free(t_parse(s));
        free(s);
    }
}

static void parameter_ranges(void **state)
{
    (void)state;
    err(9, L("\"kind\": \"whisper\", \"value\": 9, " TWO), 0, "value", "from 1 to 8");
    err(9, L("\"kind\": \"whisper\", \"value\": 0, " TWO), 0, "value", "from 1 to 8");
    err(6, L("\"kind\": \"lockout\", \"value\": 6, " TWO), 0, "value", "from 1 to 5");
    err(9, L("\"kind\": \"modular\", \"value\": 1, " TWO), 0, "value", "at least 2");
    err(9, L("\"kind\": \"whisper\", \"value\": 2.5, " TWO), 0, "value", "integer");
}

static void parameter_not_of_kind(void **state)
{
    (void)state;
    err(9, L("\"kind\": \"thermo\", \"value\": 3, " TWO), 0, "value", "takes no value");
    err(9, L("\"kind\": \"modular\", \"value\": 3, \"groups\": [[1]], " TWO), 0, "groups",
        "takes no groups");
}

static void closed_only_where_allowed(void **state)
{
    (void)state;
    static const char *const bad[] = {"thermo",   "slow_thermo", "region_sum", "palindrome",
                                      "entropic", "modular",     "zipper",     "between",
                                      "lockout",  "double_arrow"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char rules[512];
        snprintf(rules, sizeof rules,
                 "[{\"type\": \"line\", \"kind\": \"%s\", \"closed\": true, \"cells\": "
                 "[\"r1c1\", \"r1c2\", \"r2c2\", \"r2c1\"]}]",
                 bad[i]);
        err(9, rules, 0, "closed", "cannot be closed");
    }
    /* closed: false is fine everywhere; whisper, renban and parity loop. */
    const char *ok[] = {
        L("\"kind\": \"thermo\", \"closed\": false, " TWO),
        L("\"kind\": \"renban\", \"closed\": true, \"cells\": [\"r1c1\", \"r1c2\", \"r2c2\"]"),
        L("\"kind\": \"parity\", \"closed\": true, \"cells\": [\"r1c1\", \"r1c2\", \"r2c2\", "
          "\"r2c1\"]"),
        L("\"kind\": \"whisper\", \"closed\": true, \"cells\": [\"r1c1\", \"r1c2\", \"r2c2\", "
          "\"r2c1\"]")};
    for (int i = 0; i < 4; i++) {
        char *s = v3_doc(9, 9, 9, ok[i]);
        rg_puzzle_free(t_parse(s));
        free(s);
    }
    err(9, L("\"kind\": \"parity\", \"closed\": 1, " TWO), 0, "closed", "true or false");
}

static void lines_do_not_jump(void **state)
{
    (void)state;
    err(9, L("\"kind\": \"thermo\", \"cells\": [\"r1c1\", \"r2c2\", \"r2c4\"]"), 0, "cells[2]",
        "r2c2 and r2c4 are not neighbours");
    /* A loop closes with a step too. */
    err(9, L("\"kind\": \"renban\", \"closed\": true, \"cells\": [\"r1c1\", \"r1c2\", \"r1c3\"]"),
        0, "cells[0]", "the last and first");
    err(9, L("\"kind\": \"renban\", \"cells\": [\"r1c1\"]"), 0, "cells", "at least 2");
    err(9, L("\"kind\": \"renban\", \"cells\": [\"r1c1\", \"r1c1\"]"), 0, "cells[1]",
        "listed twice");
    err(9, L("\"kind\": \"rainbow\", " TWO), 0, "kind", "expected one of thermo");
    /* Parity and whisper lines may come back to a cell, so a line can list
     * more cells than the board has (read past the reader's buffer once:
     * fuzz/regressions/fields/read-cells-repeats-past-board). */
    char *s = v3_doc(2, 2, 2,
                     L("\"kind\": \"parity\", \"cells\": [\"r1c1\", \"r1c2\", \"r2c2\", "
                       "\"r2c1\", \"r1c1\", \"r1c2\"]"));
    rg_puzzle_free(t_parse(s));
    free(s);
}

static void entropic_groups_partition(void **state)
{
    (void)state;
    err(9, L("\"kind\": \"entropic\", \"groups\": [[1,2,3],[4,5,6,7,8,9]], " TWO), 0, "groups",
        "into 3 groups, got 2");
    err(9, L("\"kind\": \"entropic\", \"groups\": [[1,2,3],[3,4,5,6],[7,8,9]], " TWO), 0, "groups",
        "digit 3 is in two");
    err(9, L("\"kind\": \"entropic\", \"groups\": [[1,2,3],[4,5,6],[7,8]], " TWO), 0, "groups",
        "digit 9 is in no");
    err(9, L("\"kind\": \"entropic\", \"groups\": [[1,2,3,4,5,6],[7,8,9],[]], " TWO), 0, "groups",
        "group 3 is empty");
    err(9, L("\"kind\": \"entropic\", \"groups\": [[1,1,2],[3,4,5,6],[7,8,9]], " TWO), 0,
        "groups[0][1]", "listed twice");
    err(4, L("\"kind\": \"entropic\", \"groups\": [[1],[2,3],[5]], " TWO), 0, "groups[2][0]",
        "from 1 to 4");
}

/* ---- Random instances and an independent reading of each kind --------------- */

static const char *const kinds[] = {
    "thermo",  "slow_thermo", "whisper", "renban",  "region_sum", "palindrome",  "entropic",
    "modular", "parity",      "zipper",  "between", "lockout",    "double_arrow"};
enum {
    THERMO,
    SLOW,
    WHISPER,
    RENBAN,
    RSUM,
    PALIN,
    ENTROPIC,
    MODULAR,
    PARITY,
    ZIPPER,
    BETWEEN,
    LOCKOUT,
    DARROW,
    NKINDS
};

typedef struct inst {
    int kind, n, closed, value, D, cols;
    int cells[16];
    int groups[3][9], glen[3];
    int group_of[33];
} inst;

/* A random line of kind on rows x cols with D digits; with D == 9 the
 * parameters are left to their defaults half of the time. Writes the rule
 * object to json. */
static void gen(int kind, int rows, int cols, int D, inst *in, char *json, size_t cap)
{
    int maxn = rows * cols < 6 ? rows * cols : 6;
    memset(in, 0, sizeof *in);
    in->kind = kind;
    in->D = D;
    in->cols = cols;
    for (;;) {
        in->n = 2 + v3_rand(maxn - 1);
        if (!v3_path(rows, cols, in->n, 1, in->cells)) continue;
        in->closed = 0;
        if ((kind == WHISPER || kind == RENBAN || kind == PARITY) && in->n >= 3 && v3_rand(2)) {
            int a = in->cells[0], z = in->cells[in->n - 1];
            if (abs(a / cols - z / cols) <= 1 && abs(a % cols - z % cols) <= 1) in->closed = 1;
        }
        break;
    }
    json[0] = 0;
    v3_cat(json, cap, "{\"type\": \"line\", \"kind\": \"%s\", ", kinds[kind]);
    if (in->closed) v3_cat(json, cap, "\"closed\": true, ");
    int defaults = D == 9 && v3_rand(2);
    if (kind == WHISPER || kind == LOCKOUT) {
        in->value = defaults ? (kind == WHISPER ? 5 : 4) : 1 + v3_rand(D - 1);
        if (!defaults) v3_cat(json, cap, "\"value\": %d, ", in->value);
    }
    if (kind == MODULAR) {
        in->value = defaults ? 3 : 2 + v3_rand(D);
        if (!defaults) v3_cat(json, cap, "\"value\": %d, ", in->value);
        for (int d = 1; d <= D; d++) in->group_of[d] = d % in->value;
    }
    if (kind == ENTROPIC) {
        if (defaults) {
            for (int d = 1; d <= 9; d++) in->group_of[d] = (d - 1) / 3;
        } else {
            /* A random partition into 3 non-empty groups. */
            for (;;) {
                int cnt[3] = {0};
                for (int d = 1; d <= D; d++) cnt[in->group_of[d] = v3_rand(3)]++;
                if (cnt[0] && cnt[1] && cnt[2]) break;
            }
            v3_cat(json, cap, "\"groups\": [");
            for (int g = 0; g < 3; g++) {
                v3_cat(json, cap, "%s[", g ? ", " : "");
                int first = 1;
                for (int d = 1; d <= D; d++)
                    if (in->group_of[d] == g) {
                        v3_cat(json, cap, "%s%d", first ? "" : ", ", d);
                        first = 0;
                    }
                v3_cat(json, cap, "]");
            }
            v3_cat(json, cap, "], ");
        }
    }
    v3_cat(json, cap, "\"cells\": ");
    v3_cells(json, cap, in->cells, in->n, cols);
    v3_cat(json, cap, "}");
}

/* Box of a cell for region_sum: boxes are 2x2 blocks from r1c1. */
static int box2(int idx, int cols) { return (idx / cols / 2) * 100 + (idx % cols) / 2; }

static int adiff(int a, int b) { return a > b ? a - b : b - a; }

/* Does the assignment g (row-major over the board) satisfy the line?
 * half: a deliberately weakened reading of the rule, as a buggy propagator
 * or checker might enforce it. Written from format.md 6.4 alone. */
static int holds(const inst *in, const int *g, int half)
{
    int n = in->n, v[16] = {0};
    for (int i = 0; i < n; i++) v[i] = g[in->cells[i]];
    int steps = in->closed ? n : n - 1;
    switch (in->kind) {
    case THERMO:
    case SLOW:
        for (int i = 0; i + 1 < n; i++) {
            int a = half ? v[i + 1] : v[i], b = half ? v[i] : v[i + 1]; /* half: reversed */
            if (in->kind == THERMO ? a >= b : a > b) return 0;
        }
        return 1;
    case WHISPER:
        for (int i = 0; i < steps - half; i++)
            if (adiff(v[i], v[(i + 1) % n]) < in->value) return 0;
        return 1;
    case PARITY:
        for (int i = 0; i < steps - half; i++)
            if ((v[i] + v[(i + 1) % n]) % 2 == 0) return 0;
        return 1;
    case RENBAN: {
        int lo = 99, hi = 0;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < i; j++)
                if (v[i] == v[j]) return 0;
            if (v[i] < lo) lo = v[i];
            if (v[i] > hi) hi = v[i];
        }
        return half || hi - lo == n - 1; /* half: only no repeats */
    }
    case RSUM: {
        int sums[16], ns = 0;
        for (int i = 0; i < n; i++) {
            if (i == 0 || box2(in->cells[i], in->cols) != box2(in->cells[i - 1], in->cols))
                sums[ns++] = 0;
            sums[ns - 1] += v[i];
        }
        for (int s = 1; s < (half ? (ns < 2 ? ns : 2) : ns); s++)
            if (sums[s] != sums[0]) return 0;
        return 1;
    }
    case PALIN:
        for (int i = 0; i < (half ? 1 : n / 2); i++)
            if (v[i] != v[n - 1 - i]) return 0;
        return 1;
    case ENTROPIC:
    case MODULAR: {
        int w = in->kind == ENTROPIC ? 3 : in->value;
        if (half) w = 2; /* only neighbours differ */
        for (int i = 0; i < n; i++)
            for (int j = i + 1; j < n && j - i < w; j++)
                if (in->group_of[v[i]] == in->group_of[v[j]]) return 0;
        return 1;
    }
    case ZIPPER: {
        int total = n % 2 ? v[n / 2] : v[0] + v[n - 1];
        for (int i = 0; i < n / 2 - (half && n % 2 == 0 && n >= 4); i++)
            if (v[i] + v[n - 1 - i] != total) return 0;
        return 1;
    }
    case BETWEEN: {
        int lo = v[0] < v[n - 1] ? v[0] : v[n - 1], hi = v[0] + v[n - 1] - lo;
        for (int i = 1; i < n - 1; i++)
            if (v[i] <= lo || (!half && v[i] >= hi)) return 0;
        return 1;
    }
    case LOCKOUT: {
        int lo = v[0] < v[n - 1] ? v[0] : v[n - 1], hi = v[0] + v[n - 1] - lo;
        if (hi - lo < in->value) return 0;
        for (int i = 1; i < n - 1 && !half; i++)
            if (v[i] >= lo && v[i] <= hi) return 0;
        return 1;
    }
    case DARROW: {
        int s = 0;
        for (int i = 1; i < n - 1; i++) s += v[i];
        return half ? s <= v[0] + v[n - 1] : s == v[0] + v[n - 1];
    }
    }
    return 0;
}

/* Per kind: random lines on the 4x4 sudoku. The engine's count (every
 * strategy) must equal the count of the 288 grids that satisfy the line;
 * some instances (each with a given on the line) must have a count that
 * differs from 72, the grids holding the given (the rule
 * ignored) and from the half reading (the rule half enforced). */
static void counts_on_4x4(void **state)
{
    (void)state;
    int(*grids)[16] = t_sudoku4(NULL);
    for (int kind = 0; kind < NKINDS; kind++) {
        int differs_ignored = 0, differs_half = 0;
        for (int t = 0; t < 24; t++) {
            inst in;
            char rule[1024], rules[1200];
            gen(kind, 4, 4, 4, &in, rule, sizeof rule);
            snprintf(rules, sizeof rules, "[" V3_GRID4 ", %s]", rule);
            /* A given on the line breaks the symmetry d -> 5 - d of the
             * grids (under which a reversed thermo counts the same). */
            int gc = in.cells[v3_rand(in.n)], gv = 1 + v3_rand(4);
            char givens[64];
            snprintf(givens, sizeof givens, "{\"r%dc%d\": %d}", gc / 4 + 1, gc % 4 + 1, gv);
            long full = 0, half = 0;
            for (int g = 0; g < 288; g++) {
                if (grids[g][gc] != gv) continue;
                full += holds(&in, grids[g], 0);
                half += holds(&in, grids[g], 1);
            }
            char *text = v3_docg(4, 4, 4, rules, givens);
            rg_puzzle *p = t_parse(text);
            free(text);
            long n = v3_count_all(p, 1000);
            rg_puzzle_free(p);
            if (n != full)
                fail_msg("%s: engine counts %ld, the grids %ld: %s", kinds[kind], n, full, rule);
            differs_ignored += full != 72; /* 288 / 4 grids hold the given */
            differs_half += full != half;
        }
        if (!differs_ignored || !differs_half)
            fail_msg("%s: no instance tells the rule from its absence (%d) or half (%d)",
                     kinds[kind], differs_ignored, differs_half);
    }
}

/* ---- Lines that revisit a cell (format.md 8.10) ------------------------------- */

/* A king walk of n cells on the 4x4 board that comes back to a cell it has
 * left (never staying on one); 0 when this walk did not. */
static int lasso(int n, int *out)
{
    out[0] = v3_rand(16);
    int back = 0;
    for (int i = 1; i < n; i++) {
        int cand[8], k = 0, r = out[i - 1] / 4, c = out[i - 1] % 4;
        for (int dr = -1; dr <= 1; dr++)
            for (int dc = -1; dc <= 1; dc++)
                if ((dr || dc) && r + dr >= 0 && r + dr < 4 && c + dc >= 0 && c + dc < 4)
                    cand[k++] = (r + dr) * 4 + c + dc;
        out[i] = cand[v3_rand(k)];
        for (int j = 0; j < i; j++) back |= out[j] == out[i];
    }
    return back;
}

/* Whisper and parity lines may pass through a cell again, every pair of
 * consecutive entries constrained: the engine's counts equal those of the
 * 288 grids. Every other kind is refused a repeated cell, naming the kind;
 * and no line may stay on a cell. */
static void revisits(void **state)
{
    (void)state;
    int(*grids)[16] = t_sudoku4(NULL);
    static const int allowed[] = {WHISPER, PARITY};
    for (int a = 0; a < 2; a++) {
        int differs = 0;
        for (int t = 0; t < 40; t++) {
            inst in;
            memset(&in, 0, sizeof in);
            in.kind = allowed[a], in.D = 4, in.cols = 4, in.value = 1 + v3_rand(3);
            do in.n = 3 + v3_rand(6);
            while (!lasso(in.n, in.cells));
            char rule[512], rules[700];
            rule[0] = 0;
            v3_cat(rule, sizeof rule, "{\"type\": \"line\", \"kind\": \"%s\", ", kinds[in.kind]);
            if (in.kind == WHISPER) v3_cat(rule, sizeof rule, "\"value\": %d, ", in.value);
            v3_cat(rule, sizeof rule, "\"cells\": ");
            v3_cells(rule, sizeof rule, in.cells, in.n, 4);
            v3_cat(rule, sizeof rule, "}");
            snprintf(rules, sizeof rules, "[" V3_GRID4 ", %s]", rule);
            long full = 0;
            for (int g = 0; g < 288; g++) full += holds(&in, grids[g], 0);
            char *text = v3_doc(4, 4, 4, rules);
            rg_puzzle *p = t_parse(text);
            free(text);
            long n = v3_count_all(p, 1000);
            rg_puzzle_free(p);
            if (n != full)
                fail_msg("%s: engine counts %ld, the grids %ld: %s", kinds[in.kind], n, full, rule);
            differs += full != 288 && full != 0;
        }
        if (!differs) fail_msg("%s: no lasso with a count other than 0 or 288", kinds[allowed[a]]);
    }
    /* A known answer: the parity lasso r1c1 r1c2 r2c2 r2c1 r1c1 r1c2 alternates
     * around the top-left box, whose diagonals then share a parity. */
    long known = 0;
    int lasso_cells[] = {0, 1, 5, 4, 0, 1};
    inst pin = {.kind = PARITY, .n = 6, .D = 4, .cols = 4};
    memcpy(pin.cells, lasso_cells, sizeof lasso_cells);
    for (int g = 0; g < 288; g++) known += holds(&pin, grids[g], 0);
    assert_int_equal(known, 288 / 3);
    char *text = v3_doc(4, 4, 4,
                        "[" V3_GRID4 ", {\"type\": \"line\", \"kind\": \"parity\", \"cells\": "
                        "[\"r1c1\", \"r1c2\", \"r2c2\", \"r2c1\", \"r1c1\", \"r1c2\"]}]");
    rg_puzzle *p = t_parse(text);
    free(text);
    assert_int_equal(v3_count_all(p, 1000), known);
    rg_puzzle_free(p);
    for (int kind = 0; kind < NKINDS; kind++) {
        if (kind == WHISPER || kind == PARITY) continue;
        char rules[512], phrase[96];
        snprintf(rules, sizeof rules,
                 "[{\"type\": \"line\", \"kind\": \"%s\", %s\"cells\": [\"r1c1\", \"r1c2\", "
                 "\"r2c2\", \"r1c2\", \"r1c3\"]}]",
                 kinds[kind],
                 kind == LOCKOUT   ? "\"value\": 4, "
                 : kind == MODULAR ? "\"value\": 3, "
                                   : "");
        snprintf(phrase, sizeof phrase, "cell r1c2 listed twice: a %s line passes", kinds[kind]);
        err(9, rules, 0, "cells[3]", phrase);
    }
    err(9, L("\"kind\": \"whisper\", \"cells\": [\"r1c1\", \"r1c2\", \"r1c2\"]"), 0, "cells[2]",
        "r1c2 follows itself");
    err(9,
        L("\"kind\": \"parity\", \"closed\": true, \"cells\": [\"r1c1\", \"r1c2\", \"r2c2\", "
          "\"r1c1\"]"),
        0, "cells[0]", "r1c1 follows itself: the last and first");
}

/* ---- Soundness ------------------------------------------------------------------------ */

/* A line alone on a small board (region_sum with 2x2 box rules), random
 * start domains: narrowing keeps every digit a solution uses and, except for
 * whisper loops and region_sum, exactly those. */
static void soundness(void **state)
{
    (void)state;
    static const int shapes[][2] = {{1, 4}, {1, 6}, {2, 3}, {2, 4}, {3, 3}, {3, 4}};
    for (int kind = 0; kind < NKINDS; kind++) {
        int solvable = 0;
        for (int t = 0; t < 60; t++) {
            int sh = v3_rand(6), rows = shapes[sh][0], cols = shapes[sh][1];
            int D = 4 + v3_rand(6);
            if (kind == RSUM) rows = 2, cols = 4;
            inst in;
            char rule[1024], rules[2048];
            gen(kind, rows, cols, D, &in, rule, sizeof rule);
            if (kind == RSUM)
                snprintf(rules, sizeof rules,
                         "[{\"type\": \"box\", \"cells\": \"r1c1:r2c2\"}, {\"type\": \"box\", "
                         "\"cells\": \"r1c3:r2c4\"}, %s]",
                         rule);
            else
                snprintf(rules, sizeof rules, "[%s]", rule);
            rg_puzzle *p = v3_parse(rows, cols, D, rules);
            rg_mask start[64];
            v3_domains(rows * cols, D, 40000, start);
            int exact = kind != RSUM && !(kind == WHISPER && in.closed);
            solvable += v3_sound(p, start, exact);
            /* Complete assignments: one digit per cell. */
            for (int c = 0; c < rows * cols; c++) start[c] = (rg_mask)1 << v3_rand(D);
            v3_sound(p, start, exact);
            rg_puzzle_free(p);
        }
        if (!solvable) fail_msg("%s: no random start had a solution", kinds[kind]);
    }
}

/* A region_sum segment inside a box takes distinct digits: r1c1 + r1c2
 * (box 1) equals r1c3 (box 2) on a 4x4 sudoku, so the pair makes at least
 * 1 + 2 and r1c3 loses 1 and 2 at the root (2 = 1 + 1 would repeat). */
static void region_sum_segments_differ(void **state)
{
    (void)state;
    rg_puzzle *p = v3_parse(4, 4, 4,
                            "[" V3_GRID4 ", {\"type\": \"line\", \"kind\": \"region_sum\", "
                            "\"cells\": [\"r1c1\", \"r1c2\", \"r1c3\"]}]");
    rg_mask out[16];
    v3_root(p, out);
    assert_int_equal(out[2], 0xC);
    assert_int_equal(out[0], 0x7);
    rg_puzzle_free(p);
}

/* The root domains of a 4x4 sudoku with rules after its grid, from start;
 * every: run the implied propagators too (the renban's units). */
static void root4_at(const char *rules, const rg_mask *start, rg_mask *out, int every)
{
    char text[1024];
    snprintf(text, sizeof text, "[" V3_GRID4 ", %s]", rules);
    rg_puzzle *p = v3_parse(4, 4, 4, text);
    rg_solver *s = rg_solver_new();
    assert_non_null(s);
    rg_solver_set_implied(s, every);
    assert_int_equal(rg_solver_narrow(s, p, RG_STRATEGY_PROPAGATE, start, out), 0);
    rg_solver_free(s);
    rg_puzzle_free(p);
}

static void root4(const char *rules, const rg_mask *start, rg_mask *out)
{
    root4_at(rules, start, out, 1);
}

/* A renban with its houses on a 4x4 sudoku, at the propagate level (no
 * hidden singles, no subsets: only the line can find these). */
static void renban_houses(void **state)
{
    (void)state;
    const char *pair = "{\"type\": \"line\", \"kind\": \"renban\", \"cells\": [\"r1c1\", "
                       "\"r1c2\"]}";
    const char *diag = "{\"type\": \"line\", \"kind\": \"renban\", \"cells\": [\"r1c1\", "
                       "\"r2c2\"]}";
    rg_mask start[16], out[16];
    /* r1c1 2|3, r1c2 3|4: both windows {2,3} and {3,4} hold 3, whose cells
     * lie in row 1 and box 1: their other cells lose it. */
    for (int c = 0; c < 16; c++) start[c] = 0xF;
    start[0] = 0x6, start[1] = 0xC;
    root4(pair, start, out);
    assert_int_equal(out[2], 0xB);
    assert_int_equal(out[3], 0xB);
    assert_int_equal(out[4], 0xB);
    assert_int_equal(out[5], 0xB);
    assert_int_equal(out[8], 0xF);
    /* r1c1 1|3, r1c2 2|4: windows {1,2}, {2,3}, {3,4} share no digit. */
    start[0] = 0x5, start[1] = 0xA;
    root4(pair, start, out);
    assert_int_equal(out[2], 0xF);
    assert_int_equal(out[4], 0xF);
    /* Box 1's other cells r1c2, r2c1 cannot take 4: it is on the diagonal
     * renban, whose window is then {3, 4}. */
    for (int c = 0; c < 16; c++) start[c] = 0xF;
    start[1] = 0x3, start[4] = 0x7;
    root4(diag, start, out);
    assert_int_equal(out[0], 0xC);
    assert_int_equal(out[5], 0xC);
    /* That is the units' step, implied: below sac the line keeps its digits. */
    root4_at(diag, start, out, 0);
    assert_int_equal(out[0], 0xF);
    assert_int_equal(out[5], 0xF);
    /* With 4 still possible in r1c2 nothing is put on the line. */
    start[1] = 0xB;
    root4(diag, start, out);
    assert_int_equal(out[0], 0xF);
    assert_int_equal(out[5], 0xF);
}

/* Renbans on a 4x4 sudoku from random start domains against brute force:
 * what the houses add removes no digit a solution uses. */
static void renban_houses_sound(void **state)
{
    (void)state;
    int(*grids)[16] = t_sudoku4(NULL);
    for (int t = 0; t < 150; t++) {
        inst in;
        char rule[1024], rules[1200];
        const int *g = grids[v3_rand(288)];
        do gen(RENBAN, 4, 4, 4, &in, rule, sizeof rule);
        while (!holds(&in, g, 0));
        snprintf(rules, sizeof rules, "[" V3_GRID4 ", %s]", rule);
        rg_puzzle *p = v3_parse(4, 4, 4, rules);
        /* The grid's digits and random others, some 10^5 assignments. */
        rg_mask start[64];
        long size = 1;
        for (int c = 0; c < 16; c++) start[c] = (rg_mask)1 << (g[c] - 1);
        for (int k = 0; k < 40; k++) {
            int c = v3_rand(16);
            rg_mask m = start[c] | (rg_mask)1 << v3_rand(4);
            long grown = size / __builtin_popcount(start[c]) * __builtin_popcount(m);
            if (grown <= 100000) start[c] = m, size = grown;
        }
        assert_true(v3_sound(p, start, 0));
        rg_puzzle_free(p);
    }
}

/* Whispers, between and lockout lines with a region over two of their
 * cells (a whisper's middle's neighbours, two middle cells of the others)
 * and random other cells, on small boards, random start domains, against
 * brute force: what the lines take from the houses (prop_whisper's
 * middles, prop_ends's room for the middle cells) removes no digit a
 * solution uses. */
static void lines_in_houses_sound(void **state)
{
    (void)state;
    static const int shapes[][2] = {{1, 5}, {2, 3}, {3, 3}, {2, 4}, {3, 4}};
    static const int with[] = {WHISPER, BETWEEN, LOCKOUT};
    for (int w = 0; w < 3; w++) {
        int solvable = 0, kind = with[w];
        for (int t = 0; t < 200; t++) {
            int sh = v3_rand(5), rows = shapes[sh][0], cols = shapes[sh][1], N = rows * cols;
            int D = 4 + v3_rand(6);
            inst in;
            char rule[1024], rules[2048];
            do gen(kind, rows, cols, D, &in, rule, sizeof rule);
            while (in.n < (kind == WHISPER ? 3 : 4));
            int reg[16], nr = 0;
            if (kind == WHISPER) {
                int mid = 1 + v3_rand(in.n - 2);
                reg[nr++] = in.cells[mid - 1];
                if (in.cells[mid + 1] != reg[0]) reg[nr++] = in.cells[mid + 1];
            } else {
                int i = 1 + v3_rand(in.n - 2), j = 1 + v3_rand(in.n - 3);
                if (j >= i) j++;
                reg[nr++] = in.cells[i];
                reg[nr++] = in.cells[j];
            }
            for (int c = 0; c < N && nr < D; c++) {
                int dup = 0;
                for (int k = 0; k < nr; k++) dup |= reg[k] == c;
                if (!dup && v3_rand(3) == 0) reg[nr++] = c;
            }
            snprintf(rules, sizeof rules, "[%s, {\"type\": \"region\", \"cells\": ", rule);
            v3_cells(rules, sizeof rules, reg, nr, cols);
            v3_cat(rules, sizeof rules, "}]");
            rg_puzzle *p = v3_parse(rows, cols, D, rules);
            rg_mask start[64];
            v3_domains(N, D, 40000, start);
            solvable += v3_sound(p, start, 0);
            rg_puzzle_free(p);
        }
        if (!solvable) fail_msg("%s: no random start had a solution", kinds[kind]);
    }
}

/* A between line r1c1 .. r1c5 with r1c1 = 3: its three middle cells in a
 * region take three different digits between the ends, so r1c5 is 7 or
 * more (without the region 1 or 5 and more). A lockout line with r1c1 = 1
 * (ends 4 apart): its middles lie above r1c5, three different ones in a
 * region, so r1c5 is 5 or 6 (without, 5 to 8). */
static void ends_room(void **state)
{
    (void)state;
    const char *mids = "{\"type\": \"region\", \"cells\": [\"r1c2\", \"r1c3\", \"r1c4\"]}";
    static const char *const kind[] = {"between", "lockout"};
    static const rg_mask want[2][2] = {{0x1F1, 0x1C0}, {0x0F0, 0x030}};
    char rules[512];
    rg_mask start[5], out[5];
    rg_solver *s = rg_solver_new();
    assert_non_null(s);
    for (int k = 0; k < 2; k++)
        for (int house = 0; house < 2; house++) {
            snprintf(rules, sizeof rules,
                     "[{\"type\": \"line\", \"kind\": \"%s\", \"cells\": [\"r1c1\", \"r1c2\", "
                     "\"r1c3\", \"r1c4\", \"r1c5\"]}%s%s]",
                     kind[k], house ? ", " : "", house ? mids : "");
            rg_puzzle *p = v3_parse(1, 5, 9, rules);
            for (int c = 0; c < 5; c++) start[c] = 0x1FF;
            start[rg_puzzle_cell_at(p, 1, 1)] = k ? 0x001 : 0x004;
            assert_int_equal(rg_solver_narrow(s, p, RG_STRATEGY_PROPAGATE, start, out), 0);
            assert_int_equal(out[rg_puzzle_cell_at(p, 1, 5)], want[k][house]);
            rg_puzzle_free(p);
        }
    rg_solver_free(s);
}

/* The middle of three whisper cells whose ends one house holds: with 4 the
 * ends would both need 9, with 6 both 1, so the root takes 4 and 6 (and 5,
 * which nothing is 5 away from). Without the house the ends may repeat and
 * 4 and 6 stay. The same on a loop of four around a 2x2 box. */
static void whisper_mids(void **state)
{
    (void)state;
    const char *line = "{\"type\": \"line\", \"kind\": \"whisper\", \"cells\": [\"r1c1\", "
                       "\"r1c2\", \"r1c3\"]}";
    const char *row = "{\"type\": \"region\", \"cells\": [\"r1c1\", \"r1c2\", \"r1c3\"]}";
    char rules[512];
    rg_mask start[9], out[9];
    for (int c = 0; c < 9; c++) start[c] = 0x1FF;
    rg_solver *s = rg_solver_new();
    assert_non_null(s);
    for (int house = 0; house < 2; house++) {
        snprintf(rules, sizeof rules, "[%s%s%s]", line, house ? ", " : "", house ? row : "");
        rg_puzzle *p = v3_parse(1, 3, 9, rules);
        assert_int_equal(rg_solver_narrow(s, p, RG_STRATEGY_PROPAGATE, start, out), 0);
        rg_mask no = house ? 0x38 : 0x10; /* 4, 5, 6 or 5 */
        assert_int_equal(out[rg_puzzle_cell_at(p, 1, 2)], 0x1FF & ~no);
        assert_int_equal(out[rg_puzzle_cell_at(p, 1, 1)], 0x1FF & ~0x10);
        rg_puzzle_free(p);
    }
    rg_puzzle *p = v3_parse(2, 2, 9,
                            "[{\"type\": \"line\", \"kind\": \"whisper\", \"closed\": true, "
                            "\"cells\": [\"r1c1\", \"r1c2\", \"r2c2\", \"r2c1\"]}, {\"type\": "
                            "\"region\", \"cells\": [\"r1c1\", \"r1c2\", \"r2c1\", \"r2c2\"]}]");
    assert_int_equal(rg_solver_narrow(s, p, RG_STRATEGY_PROPAGATE, start, out), 0);
    for (int c = 0; c < 4; c++) assert_int_equal(out[c], 0x1FF & ~0x38);
    rg_puzzle_free(p);
    rg_solver_free(s);
}

/* ---- Puzzles on 9 digits with the defaults ------------------------------------------------- */

/* Classic puzzle texts with a line: the count with the line and without. */
static void nine_digit_puzzles(void **state)
{
    (void)state;
    /* A thermo down column 1 of an empty Latin-free 1x9 strip forces 1..9. */
    rg_puzzle *p = v3_parse(1, 9, 9,
                            "[{\"type\": \"line\", \"kind\": \"thermo\", \"cells\": [\"r1c1\", "
                            "\"r1c2\", \"r1c3\", \"r1c4\", \"r1c5\", \"r1c6\", \"r1c7\", "
                            "\"r1c8\", \"r1c9\"]}]");
    assert_int_equal(v3_count_all(p, 10), 1);
    rg_puzzle_free(p);
    /* A German whisper of 3 cells: the middle is 1..4 or 6..9 (never 5)
     * with both ends at least 5 away: count pairs directly. */
    p = v3_parse(1, 3, 9,
                 "[{\"type\": \"line\", \"kind\": \"whisper\", \"cells\": [\"r1c1\", \"r1c2\", "
                 "\"r1c3\"]}]");
    long want = 0;
    for (int a = 1; a <= 9; a++)
        for (int b = 1; b <= 9; b++)
            for (int c = 1; c <= 9; c++) want += adiff(a, b) >= 5 && adiff(b, c) >= 5;
    assert_int_equal(v3_count_all(p, 1000), want);
    rg_puzzle_free(p);
    /* A thermo longer than D has no solution; so has an odd parity loop. */
    p = v3_parse(2, 2, 3,
                 "[{\"type\": \"line\", \"kind\": \"thermo\", \"cells\": [\"r1c1\", \"r1c2\", "
                 "\"r2c2\", \"r2c1\"]}]");
    assert_int_equal(v3_count_all(p, 10), 0);
    rg_puzzle_free(p);
    p = v3_parse(2, 2, 9,
                 "[{\"type\": \"line\", \"kind\": \"parity\", \"closed\": true, \"cells\": "
                 "[\"r1c1\", \"r1c2\", \"r2c2\"]}]");
    assert_int_equal(v3_count_all(p, 10), 0);
    rg_puzzle_free(p);
}

/* Is x among the peers of c in p's model? */
static int is_peer(const rg_puzzle *p, int c, int x)
{
    const rg_model *m = p->model;
    for (int k = m->peer_off[c]; k < m->peer_off[c + 1]; k++)
        if (m->peers[k] == x) return 1;
    return 0;
}

/* A thermometer's and a renban's cells are peers of each other (naked
 * singles and the check level see them), but their pairs, which the lines'
 * propagators enforce alone, do not turn on the board-wide "every place
 * sees it" step (the peer bitsets); a `different` relation's pair does. */
static void enforced_pairs(void **state)
{
    (void)state;
    /* r3c3 and r4c4 (cells 20 and 30): no house in common */
    static const char *const rules[] = {
        "{\"type\": \"line\", \"kind\": \"thermo\", \"cells\": [\"r3c3\", \"r4c4\"]}",
        "{\"type\": \"line\", \"kind\": \"renban\", \"cells\": [\"r3c3\", \"r4c4\"]}",
        "{\"type\": \"relation\", \"op\": \"different\", \"pairs\": [[\"r3c3\", \"r4c4\"]]}"};
    for (int i = 0; i < 3; i++) {
        char json[512];
        snprintf(json, sizeof json,
                 "[{\"type\": \"box_grid\", \"origin\": \"r1c1\", \"box\": [3, 3]}, %s]", rules[i]);
        rg_puzzle *p = v3_parse(9, 9, 9, json);
        assert_non_null(p);
        assert_true(is_peer(p, 20, 30) && is_peer(p, 30, 20));
        assert_false(is_peer(p, 20, 40));
        /* the step's bitsets only for the relation */
        assert_int_equal(p->model->peerbits != NULL, i == 2);
        rg_puzzle_free(p);
    }
}

/* The variant corpus of line puzzles: every answer checked. */
static void corpus_files(void **state)
{
    (void)state;
    static const char *const files[] = {
        "corpus/variants/thermo.jsonl", "corpus/variants/whisper.jsonl",
        "corpus/variants/renban.jsonl", "corpus/variants/lines.jsonl"};
    for (int f = 0; f < 4; f++) assert_true(t_corpus_unique(files[f]) > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(required_parameters, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(parameter_ranges, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(parameter_not_of_kind, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(closed_only_where_allowed, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(lines_do_not_jump, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(entropic_groups_partition, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(counts_on_4x4, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(revisits, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(soundness, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(region_sum_segments_differ, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(lines_in_houses_sound, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(ends_room, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(whisper_mids, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(renban_houses, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(renban_houses_sound, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(nine_digit_puzzles, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(enforced_pairs, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(corpus_files, t_mem_setup, t_mem_teardown),
    };
    return t_done(cmocka_run_group_tests(tests, NULL, NULL));
}
