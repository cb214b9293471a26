/* The folders of rulegrid's own plugins and presets, found beside the
 * running program. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rulegrid/rulegrid.h"

/* <folder of the running executable>/<rel>, resolved when it exists, into
 * dir (PATH_MAX bytes). Returns dir, or NULL when unknown. */
static const char *beside_exe(const char *rel, char *dir)
{
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0) return NULL;
    exe[n] = 0;
    char *slash = strrchr(exe, '/');
    if (!slash) return NULL;
    *slash = 0;
    char joined[PATH_MAX];
    int w = snprintf(joined, sizeof joined, "%s/%s", exe, rel);
    if (w < 0 || (size_t)w >= sizeof joined) return NULL;
    /* Shown in messages: the resolved form reads better when it exists. */
    if (!realpath(joined, dir)) snprintf(dir, PATH_MAX, "%s", joined);
    return dir;
}

/* Computed on the first call; the first call should come before any thread
 * is started that might also make it. */
const char *rg_builtin_plugin_dir(void)
{
    static char dir[PATH_MAX];
    static int state; /* 0 not computed, 1 known, -1 unknown */
    if (!state) state = beside_exe("../lib/rulegrid/plugins", dir) ? 1 : -1;
    return state > 0 ? dir : NULL;
}

const char *rg_builtin_preset_dir(void)
{
    static char dir[PATH_MAX];
    static int state;
    if (!state) state = beside_exe("../share/rulegrid/presets", dir) ? 1 : -1;
    return state > 0 ? dir : NULL;
}
