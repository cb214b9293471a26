/* Which cell the search branches on: the heuristics of RG_HEURISTICS
 * (rulegrid.h), their names, and the choice itself. */
#include "search/heuristic.h"
#include "base/mask.h"
#include "rulegrid/rulegrid.h"
#include "search/table.h"

static const rg_table_entry heuristics[RG_HEURISTIC_COUNT] = {
#define X(id, name, summary) {name, summary, 0u},
    RG_HEURISTICS(X)
#undef X
};

RG_TABLE_NAMES(heuristic, heuristics, RG_HEURISTIC_COUNT)

static int degree(const rg_solver *s, const rg_mask *dom, int c)
{
    int d = 0;
    for (int k = s->m->peer_off[c]; k < s->m->peer_off[c + 1]; k++) {
        rg_mask x = dom[s->m->peers[k]];
        d += (x & (x - 1)) != 0;
    }
    return d;
}

/* domwdeg: the least candidates / weight, the first in index order among
 * equals. The weights are whole numbers (each failure adds 1 to some), so
 * comparing pc * best weight with best pc * weight orders the cells exactly
 * as the quotients do, without a division a cell. */
static int select_domwdeg(const rg_solver *s, const rg_mask *dom, const unsigned char *as)
{
    const double *w = s->wdeg;
    int best = -1, bpc = 1;
    double bw = 0.0; /* no cell yet: any beats pc / 0 */
    for (int c = 0; c < s->N; c++) {
        rg_mask x = dom[c];
        if (as ? as[c] : !(x & (x - 1))) continue;
        int pc = rg_popcount(x);
        if (best < 0 || pc * bw < bpc * w[c]) {
            best = c;
            bpc = pc;
            bw = w[c];
        }
    }
    return best;
}

/* The next cell to branch on, or -1 when every cell is decided. */
int rg_heuristic_select(rg_solver *s, const unsigned char *space)
{
    const rg_mask *dom = (const rg_mask *)space;
    const unsigned char *as = s->cascade ? NULL : space + s->assigned_off;
    if (s->o.heuristic == RG_HEURISTIC_DOMWDEG) return select_domwdeg(s, dom, as);
    int best = -1, bpc = 99, bdeg = -1, scored = 0;
    double bscore = 1e300;
    for (int c = 0; c < s->N; c++) {
        rg_mask x = dom[c];
        if (as ? as[c] : !(x & (x - 1))) continue;
        int pc = rg_popcount(x);
        switch (s->o.heuristic) {
        case RG_HEURISTIC_FIRST: return c;
        case RG_HEURISTIC_MRV:
            if (pc < bpc) {
                bpc = pc;
                best = c;
                if (pc <= 2) return c;
            }
            break;
        case RG_HEURISTIC_MRV_DEGREE:
            if (pc < bpc) {
                bpc = pc;
                best = c;
                bdeg = degree(s, dom, c);
            } else if (pc == bpc) {
                int d = degree(s, dom, c);
                if (d > bdeg) {
                    bdeg = d;
                    best = c;
                }
            }
            break;
        case RG_HEURISTIC_LOOKAHEAD:
            /* The smallest estimate of this space; without one, mrv. */
            if (s->lstamp[c] == s->lepoch) {
                if (!scored || s->lscore[c] < bscore) {
                    scored = 1;
                    bscore = s->lscore[c];
                    best = c;
                }
            } else if (!scored && pc < bpc) {
                bpc = pc;
                best = c;
            }
            break;
        default: break; /* domwdeg: select_domwdeg */
        }
    }
    return best;
}
