/* A shared object that is no rulegrid plugin: it exports a function, but not
 * the entry. */
#include "rulegrid/plugin.h"

RG_PLUGIN_EXPORT int rulegrid_plugin_entry_v0(void);

RG_PLUGIN_EXPORT int rulegrid_plugin_entry_v0(void) { return 0; }
