/* The host calls that keep compile and link cheap on large documents
 * (cell_houses, cell_marks, model_data: added to the host table after the
 * out_ calls): the plugins that use them refuse an older host at load. */
#ifndef RG_LOOKUPS_H
#define RG_LOOKUPS_H

#include <stddef.h>

#include "rulegrid/plugin.h"

/* RG_OK when host has the calls, else RG_E_PLUGIN (a setup's answer). */
static inline int rg_lookups_check(const rg_host *host)
{
    return host->size < offsetof(rg_host, model_data) + sizeof host->model_data ? RG_E_PLUGIN
                                                                                : RG_OK;
}

#endif
