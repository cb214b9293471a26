/* The host table handed to every plugin (host.c). */
#ifndef RG_HOST_HOST_H
#define RG_HOST_HOST_H

#include "rulegrid/plugin.h"

const rg_host *rg_host_table(void);

#endif
