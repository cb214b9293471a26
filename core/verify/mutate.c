/* Rule instances of verify made from examples: moved to the top-left
 * corner of a trial board, and mutated field by field (numbers nudged,
 * cells moved a step, list members dropped or a neighbour appended, flags
 * flipped). Most mutants stay readable; those that do not are drawn again. */
#include <stdio.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "base/rng.h"
#include "verify/mutate.h"
#include "verify/trialdoc.h"

/* Put rep where it stands in parent (an object keeps the member's name). */
static void replace(cJSON *parent, cJSON *it, cJSON *rep)
{
    if (it->string && cJSON_IsObject(parent))
        cJSON_ReplaceItemInObjectCaseSensitive(parent, it->string, rep);
    else
        cJSON_ReplaceItemViaPointer(parent, it, rep);
}

/* Every string of node that names a cell or a rectangle, parts split at ':'. */
typedef void (*cell_fn)(int *r, int *c, void *ctx);

static void map_cells(cJSON *node, cell_fn fn, void *ctx)
{
    for (cJSON *it = node ? node->child : NULL; it; it = it->next) {
        if (!cJSON_IsString(it)) {
            map_cells(it, fn, ctx);
            continue;
        }
        char part[2][32];
        const char *colon = strchr(it->valuestring, ':');
        size_t n0 = colon ? (size_t)(colon - it->valuestring) : strlen(it->valuestring);
        if (n0 >= 32 || (colon && strlen(colon + 1) >= 32)) continue;
        snprintf(part[0], 32, "%.*s", (int)n0, it->valuestring);
        snprintf(part[1], 32, "%s", colon ? colon + 1 : "");
        int rc[2][2], k = colon ? 2 : 1, ok = 1;
        for (int i = 0; i < k; i++) ok = ok && rg_vspec_cell(part[i], &rc[i][0], &rc[i][1]);
        if (!ok) continue;
        for (int i = 0; i < k; i++) fn(&rc[i][0], &rc[i][1], ctx);
        char out[80];
        if (k == 2)
            snprintf(out, sizeof out, "r%dc%d:r%dc%d", rc[0][0], rc[0][1], rc[1][0], rc[1][1]);
        else
            snprintf(out, sizeof out, "r%dc%d", rc[0][0], rc[0][1]);
        cJSON *s = cJSON_CreateString(out);
        if (s) replace(node, it, s), it = s;
    }
}

static void bound(int *r, int *c, void *ctx)
{
    int *b = ctx; /* min row, min column, max row, max column */
    if (*r < b[0]) b[0] = *r;
    if (*c < b[1]) b[1] = *c;
    if (*r > b[2]) b[2] = *r;
    if (*c > b[3]) b[3] = *c;
}

static void shift(int *r, int *c, void *ctx)
{
    const int *d = ctx;
    *r -= d[0], *c -= d[1];
}

void rg_mutate_extent(cJSON *rule, int *rows, int *cols)
{
    int b[4] = {99, 99, 0, 0};
    map_cells(rule, bound, b);
    *rows = b[2] > 0 ? b[2] : 0, *cols = b[3] > 0 ? b[3] : 0;
}

void rg_mutate_first(cJSON *rule, int *row, int *col)
{
    int b[4] = {99, 99, 0, 0};
    map_cells(rule, bound, b);
    *row = b[0], *col = b[1];
}

void rg_mutate_shift(cJSON *rule, int dr, int dc)
{
    int d[2] = {dr, dc};
    map_cells(rule, shift, d);
}

void rg_mutate_corner(cJSON *rule, int *rows, int *cols)
{
    int b[4] = {99, 99, 0, 0};
    map_cells(rule, bound, b);
    if (b[2] == 0) {
        *rows = *cols = 0;
        return;
    }
    int d[2] = {b[0] - 1, b[1] - 1};
    map_cells(rule, shift, d);
    *rows = b[2] - d[0], *cols = b[3] - d[1];
}

/* The nodes a mutation may touch: every value below the rule but its type
 * and note. */
static int collect(cJSON *node, cJSON **out, int n, int max)
{
    for (cJSON *it = node->child; it && n + 2 <= max; it = it->next) {
        if (it->string && (!strcmp(it->string, "type") || !strcmp(it->string, "note"))) continue;
        out[n++] = node, out[n++] = it;
        if (cJSON_IsArray(it) || cJSON_IsObject(it)) n = collect(it, out, n, max);
    }
    return n;
}

typedef struct step {
    int rows, cols;
    uint64_t *rng;
} step;

/* A cell one king move away, on the board. */
static void nudge(int *r, int *c, void *ctx)
{
    step *s = ctx;
    for (int tries = 0; tries < 8; tries++) {
        int nr = *r + (int)rg_rng_below(s->rng, 3) - 1, nc = *c + (int)rg_rng_below(s->rng, 3) - 1;
        if ((nr != *r || nc != *c) && nr >= 1 && nc >= 1 && nr <= s->rows && nc <= s->cols) {
            *r = nr, *c = nc;
            return;
        }
    }
}

/* A cell string moved a step, "" when it is none. */
static void moved(const char *s, step *st, char *out, size_t n)
{
    int r, c;
    out[0] = 0;
    if (!rg_vspec_cell(s, &r, &c)) return;
    nudge(&r, &c, st);
    snprintf(out, n, "r%dc%d", r, c);
}

static void mutate_array(cJSON *arr, step *st)
{
    int n = cJSON_GetArraySize(arr);
    if (n >= 2 && rg_rng_below(st->rng, 2)) {
        cJSON_DeleteItemFromArray(arr, (int)rg_rng_below(st->rng, (uint64_t)n));
        return;
    }
    cJSON *last = cJSON_GetArrayItem(arr, n - 1);
    char cell[32];
    if (!cJSON_IsString(last)) return;
    moved(last->valuestring, st, cell, sizeof cell);
    cJSON *s = cell[0] ? cJSON_CreateString(cell) : NULL;
    if (s) cJSON_AddItemToArray(arr, s);
}

static void mutate_one(cJSON *parent, cJSON *it, step *st)
{
    cJSON *rep = NULL;
    if (cJSON_IsNumber(it)) {
        int delta = (int)rg_rng_below(st->rng, 4);
        double v = it->valuedouble + (delta < 2 ? delta - 2 : delta - 1);
        rep = cJSON_CreateNumber(v < 0 ? 0 : v);
    } else if (cJSON_IsBool(it)) {
        rep = cJSON_CreateBool(!cJSON_IsTrue(it));
    } else if (cJSON_IsString(it)) {
        char cell[32];
        moved(it->valuestring, st, cell, sizeof cell);
        if (cell[0]) rep = cJSON_CreateString(cell);
    } else if (cJSON_IsArray(it)) {
        mutate_array(it, st);
    }
    if (rep) replace(parent, it, rep);
}

void rg_mutate(cJSON *rule, int rows, int cols, uint64_t *rng)
{
    step st = {rows, cols, rng};
    int times = 1 + (int)rg_rng_below(rng, 2);
    for (int t = 0; t < times; t++) {
        cJSON *nodes[512];
        int n = collect(rule, nodes, 0, 512) / 2;
        if (!n) return;
        int k = (int)rg_rng_below(rng, (uint64_t)n);
        mutate_one(nodes[2 * k], nodes[2 * k + 1], &st);
    }
}
