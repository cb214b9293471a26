/* The folders of rulegrid's own plugins and presets: found relative to the
 * file that holds this code, librulegrid.so (a program that embeds the
 * engine) or the program itself (a static link: the rulegrid command). The
 * relative paths come from the install layout, which the build tree
 * mirrors (core/CMakeLists.txt). */
#define _GNU_SOURCE /* dl_iterate_phdr */

#include <limits.h>
#include <link.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rulegrid/rulegrid.h"

/* What find_object looks for: the object whose segments hold addr. */
typedef struct lookup {
    const void *addr;
    char name[PATH_MAX]; /* its file, "" for the running program */
    int found;
} lookup;

static int find_object(struct dl_phdr_info *info, size_t size, void *data)
{
    (void)size;
    lookup *l = data;
    uintptr_t a = (uintptr_t)l->addr;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        uintptr_t lo = (uintptr_t)info->dlpi_addr + ph->p_vaddr;
        if (ph->p_type != PT_LOAD || a < lo || a >= lo + ph->p_memsz) continue;
        snprintf(l->name, sizeof l->name, "%s", info->dlpi_name ? info->dlpi_name : "");
        l->found = 1;
        return 1;
    }
    return 0;
}

/* The folder of the file holding this code into dir (PATH_MAX bytes), and
 * whether that file is the running program (1) or a library (0); -1 when
 * unknown. The program's own entry has no name: /proc/self/exe says it. */
static int home(char *dir)
{
    static const char anchor = 0; /* any address of this file */
    lookup l = {&anchor, "", 0};
    char self[PATH_MAX];
    dl_iterate_phdr(find_object, &l);
    if (!l.found) return -1;
    int is_exe = l.name[0] == 0;
    if (is_exe) {
        ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
        if (n <= 0) return -1;
        self[n] = 0;
    } else if (!realpath(l.name, self)) {
        return -1;
    }
    char *slash = strrchr(self, '/');
    if (!slash) return -1;
    *slash = 0;
    snprintf(dir, PATH_MAX, "%s", self);
    return is_exe;
}

/* <home>/<rel>, resolved when it exists, into dir (PATH_MAX bytes); rel is
 * from_exe or from_lib as home says. Returns dir, or NULL when unknown. */
static const char *beside(const char *from_exe, const char *from_lib, char *dir)
{
    char base[PATH_MAX], joined[PATH_MAX];
    int is_exe = home(base);
    if (is_exe < 0) return NULL;
    int w = snprintf(joined, sizeof joined, "%s/%s", base, is_exe ? from_exe : from_lib);
    if (w < 0 || (size_t)w >= sizeof joined) return NULL;
    /* Shown in messages: the resolved form reads better when it exists. */
    if (!realpath(joined, dir)) snprintf(dir, PATH_MAX, "%s", joined);
    return dir;
}

static char plugin_dir[PATH_MAX], preset_dir[PATH_MAX];
static const char *plugins, *presets;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void find(void)
{
    plugins = beside(RG_EXE_TO_PLUGINS, RG_LIB_TO_PLUGINS, plugin_dir);
    presets = beside(RG_EXE_TO_PRESETS, RG_LIB_TO_PRESETS, preset_dir);
}

const char *rg_builtin_plugin_dir(void)
{
    pthread_once(&once, find);
    return plugins;
}

const char *rg_builtin_preset_dir(void)
{
    pthread_once(&once, find);
    return presets;
}
