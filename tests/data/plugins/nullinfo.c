/* An entry that returns no descriptor. */
#include <stddef.h>

#include "rulegrid/plugin.h"

RG_PLUGIN_EXPORT const rg_plugin_info *rulegrid_plugin_entry(void) { return NULL; }
