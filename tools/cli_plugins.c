/* `rulegrid plugins`: the rule types the loaded plugins register, with their
 * family and file, and the folders searched; as a table or one JSON object. */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "say.h"

/* {"types": [{"type", "family", "file"}, ...], "folders": [...]} */
static void print_json(const rg_registry *reg)
{
    jsonw w;
    jsonw_init(&w, stdout);
    jsonw_object(&w);
    jsonw_key(&w, "types");
    jsonw_array(&w);
    for (int i = 0, n = rg_registry_type_count(reg); i < n; i++) {
        const char *name = NULL, *family = NULL, *file = NULL;
        rg_registry_type(reg, i, &name, &family, &file);
        jsonw_object(&w);
        jsonw_key_string(&w, "type", name);
        jsonw_key_string(&w, "family", family);
        jsonw_key_string(&w, "file", file);
        jsonw_end(&w);
    }
    jsonw_end(&w);
    jsonw_key(&w, "folders");
    jsonw_array(&w);
    /* The registry gives its folders ", "-separated. */
    const char *folders = rg_registry_folders(reg), *s = folders ? folders : "";
    while (*s) {
        const char *e = strstr(s, ", ");
        size_t len = e ? (size_t)(e - s) : strlen(s);
        char dir[4096];
        snprintf(dir, sizeof dir, "%.*s", (int)len, s);
        jsonw_string(&w, dir);
        s += len + (e ? 2 : 0);
    }
    jsonw_end(&w);
    jsonw_end(&w);
    putchar('\n');
}

static void print_table(const rg_registry *reg)
{
    int n = rg_registry_type_count(reg), wn = 4, wf = 6;
    for (int i = 0; i < n; i++) {
        const char *name = NULL, *family = NULL, *file = NULL;
        rg_registry_type(reg, i, &name, &family, &file);
        if (name && (int)strlen(name) > wn) wn = (int)strlen(name);
        if (family && (int)strlen(family) > wf) wf = (int)strlen(family);
    }
    printf("%-*s  %-*s  %s\n", wn, "type", wf, "family", "file");
    for (int i = 0; i < n; i++) {
        const char *name = NULL, *family = NULL, *file = NULL;
        rg_registry_type(reg, i, &name, &family, &file);
        say_line(stdout, "%-*s  %-*s  %s", wn, name ? name : "?", wf, family ? family : "?",
                 file ? file : "?");
    }
    const char *folders = rg_registry_folders(reg);
    say_line(stdout, "folders searched: %s", folders && folders[0] ? folders : "(none)");
}

int cli_plugins_main(int cmd, const cli_options *o)
{
    (void)cmd;
    rg_registry *reg = cli_load_registry(o->plugins.v);
    if (!reg) return 2;
    if (!o->plugins_quiet) {
        if (o->plugins_json)
            print_json(reg);
        else
            print_table(reg);
    }
    rg_registry_free(reg);
    return 0;
}
