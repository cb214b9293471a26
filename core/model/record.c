/* The puzzle record: a model shared by reference, givens, and what a
 * document keeps (solution, meta and x- members). */
#include <string.h>

#include <cjson/cJSON.h>

#include "base/error.h"
#include "base/mem.h"
#include "model/board.h"
#include "model/model.h"
#include "model/record.h"

int rg_record_new(rg_model *m, rg_puzzle **out)
{
    const rg_board *bd = rg_model_board(m);
    rg_puzzle *p = rg_mem_calloc(1, sizeof *p);
    if (!p || !(p->givens = rg_mem_calloc((size_t)(bd->ncells ? bd->ncells : 1), sizeof(int)))) {
        rg_mem_free(p);
        return RG_E_NOMEM;
    }
    p->model = m;
    *out = p;
    return RG_OK;
}

int rg_record_copy(const rg_puzzle *p, const int *givens, rg_puzzle **out, rg_error *err)
{
    const rg_board *bd = rg_model_board(p->model);
    *out = NULL;
    if (givens)
        for (int k = 0; k < bd->ncells; k++)
            if (givens[k] < 0 || givens[k] > bd->digits) {
                char name[32];
                rg_board_cell_name(bd->row[k], bd->col[k], name, sizeof name);
                return rg_error_set(err, RG_E_FORMAT, "givens",
                                    "cell %s: digit %d is out of range (0 to %d)", name, givens[k],
                                    bd->digits);
            }
    rg_puzzle *q = rg_mem_calloc(1, sizeof *q);
    int *g = rg_mem_alloc((size_t)(bd->ncells ? bd->ncells : 1) * sizeof *g);
    if (!q || !g) {
        rg_mem_free(q);
        rg_mem_free(g);
        return rg_error_set(err, RG_E_NOMEM, NULL, "out of memory");
    }
    if (givens)
        memcpy(g, givens, (size_t)bd->ncells * sizeof *g);
    else
        memset(g, 0, (size_t)(bd->ncells ? bd->ncells : 1) * sizeof *g);
    rg_model_ref(p->model);
    q->model = p->model;
    q->givens = g;
    *out = q;
    return RG_OK;
}

void rg_record_free(rg_puzzle *p)
{
    if (!p) return;
    if (p->model) rg_model_unref(p->model);
    rg_mem_free(p->givens);
    rg_mem_free(p->solution);
    cJSON_Delete(p->kept);
    rg_mem_free(p);
}
