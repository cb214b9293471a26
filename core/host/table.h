/* The host table handed to every plugin (table.c). */
#ifndef RG_HOST_TABLE_H
#define RG_HOST_TABLE_H

#include "rulegrid/plugin.h"

const rg_host *rg_host_table(void);

#endif
