/* count: the engine embedded in a program through librulegrid. It loads the
 * rule plugins (RULEGRID_PLUGIN_PATH, then rulegrid's own), reads one
 * document and counts its solutions up to a limit:
 *
 *   count PUZZLE.json [LIMIT]      (LIMIT 2 by default: is it unique?)
 *
 * prints "unique", "multiple", "none" or "unknown" and the solutions found,
 * then the first solution as rows of digits. Exit status: 0 when the count
 * ran, 2 when the document or the plugins could not be read. */
#include <stdio.h>
#include <stdlib.h>

#include <rulegrid/rulegrid.h>

/* The message of err on standard error, as "count: file: rule 3 ...". */
static int fail(const rg_error *err)
{
    char msg[1024];
    rg_error_format(err, msg, sizeof msg);
    fprintf(stderr, "count: %s\n", msg);
    return 2;
}

static void print_grid(const rg_puzzle *p, const int *values)
{
    for (int r = 1; r <= rg_puzzle_rows(p); r++) {
        for (int c = 1; c <= rg_puzzle_columns(p); c++) {
            int cell = rg_puzzle_cell_at(p, r, c);
            printf(cell < 0 ? " ." : " %d", cell < 0 ? 0 : values[cell]);
        }
        putchar('\n');
    }
}

int main(int argc, char **argv)
{
    if (argc < 2 || argc > 3) {
        fprintf(stderr, "usage: count PUZZLE.json [LIMIT]\n");
        return 2;
    }
    rg_error err;
    rg_error_clear(&err);
    rg_registry *reg = rg_registry_new();
    if (!reg || rg_registry_load_default(reg, NULL, rg_builtin_plugin_dir(), &err) != RG_OK) {
        rg_registry_free(reg);
        return fail(&err);
    }
    rg_puzzle *p = NULL;
    if (rg_puzzle_read_file(reg, argv[1], &p, &err) != RG_OK) {
        rg_registry_free(reg);
        return fail(&err);
    }
    rg_options o;
    rg_options_default(&o);
    o.limit = argc > 2 ? atol(argv[2]) : 2;
    if (o.limit < 1) o.limit = 1;
    rg_solver *s = rg_solver_new();
    rg_result r;
    int rc = s ? rg_solve(s, p, &o, &r, &err) : RG_E_NOMEM;
    if (rc == RG_OK) {
        printf("%s (%ld solution%s found, %llu guesses)\n", rg_status_name(r.status), r.solutions,
               r.solutions == 1 ? "" : "s", (unsigned long long)r.stats.guesses);
        if (r.solution) print_grid(p, r.solution); /* valid until the solver runs again */
    } else {
        err.code = rc;
        fail(&err);
    }
    rg_solver_free(s);
    rg_puzzle_free(p);
    rg_registry_free(reg);
    return rc == RG_OK ? 0 : 2;
}
