/* What the trials of a run share (run.h): reading a trial's document, the
 * checks on it, the time left. */
#include <string.h>

#include "base/clock.h"
#include "base/error.h"
#include "base/mem.h"
#include "verify/run.h"

int rg_vrun_read(rg_vrun *v, const rg_vspec *sp, rg_puzzle **out)
{
    *out = NULL;
    char *text = rg_vspec_text(sp);
    if (!text) return RG_E_NOMEM;
    rg_error e;
    rg_error_clear(&e);
    int rc = rg_puzzle_parse(v->reg, text, strlen(text), "trial", 0, out, &e);
    if (rc != RG_OK) rg_error_format(&e, v->why, sizeof v->why);
    rg_mem_free(text);
    return rc;
}

int rg_vrun_fails(rg_vrun *v, const rg_vspec *sp, uint64_t seed, rg_vfail *f, rg_error *err)
{
    rg_puzzle *p = NULL;
    int rc = rg_vrun_read(v, sp, &p);
    if (rc != RG_OK) return rc == RG_E_NOMEM ? -rc : 0;
    long runs = 0;
    int inconclusive = 0;
    rc = rg_verify_checks(v->solver, p, seed, &v->lim, f, &runs, &inconclusive, err);
    rg_puzzle_free(p);
    return rc <= 1 ? rc : -rc;
}

double rg_vrun_left(const rg_vrun *v)
{
    if (!(v->lim.deadline > 0)) return 1e30;
    return v->lim.deadline - rg_clock_now();
}
