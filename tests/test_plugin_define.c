/* RG_PLUGIN_DEFINE (include/rulegrid/plugin.h): every plugin built with it
 * exports its entry alone and registers its types in order; its setup runs
 * with the host table kept, and a failing setup fails the load. */
#define _POSIX_C_SOURCE 200809L /* opendir */

#include <dirent.h>
#include <elf.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "support.h"

#define TEST_PLUGINS RG_BUILD_DIR "/test-plugins/"

/* The symbols path defines with global or weak binding in its dynamic symbol
 * table (what dlsym can find), "\n"-separated into out. */
static void exported(const char *path, char *out, size_t cap)
{
    FILE *f = fopen(path, "rb");
    if (!f) fail_msg("cannot open %s", path);
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *buf = malloc((size_t)size);
    assert_non_null(buf);
    assert_int_equal(fread(buf, 1, (size_t)size, f), (size_t)size);
    fclose(f);
    const Elf64_Ehdr *eh = (const Elf64_Ehdr *)buf;
    assert_memory_equal(eh->e_ident, ELFMAG, SELFMAG);
    assert_int_equal(eh->e_ident[EI_CLASS], ELFCLASS64);
    const Elf64_Shdr *sh = (const Elf64_Shdr *)(buf + eh->e_shoff);
    out[0] = '\0';
    for (int i = 0; i < eh->e_shnum; i++) {
        if (sh[i].sh_type != SHT_DYNSYM) continue;
        const Elf64_Sym *sym = (const Elf64_Sym *)(buf + sh[i].sh_offset);
        const char *names = (const char *)(buf + sh[sh[i].sh_link].sh_offset);
        for (size_t k = 0; k < sh[i].sh_size / sizeof *sym; k++) {
            int bind = ELF64_ST_BIND(sym[k].st_info);
            if (sym[k].st_shndx == SHN_UNDEF || (bind != STB_GLOBAL && bind != STB_WEAK)) continue;
            size_t used = strlen(out);
            snprintf(out + used, cap - used, "%s\n", names + sym[k].st_name);
        }
    }
    free(buf);
}

static void exports_entry_alone(const char *path)
{
    char names[4096];
    exported(path, names, sizeof names);
    if (strcmp(names, "rulegrid_plugin_entry\n") != 0)
        fail_msg("%s exports:\n%s(wanted rulegrid_plugin_entry alone)", path, names);
}

/* rulegrid's own plugins, lab.clone and the well-formed test plugins. */
static void every_plugin_exports_its_entry_alone(void **state)
{
    (void)state;
    const char *dir = RG_BUILD_DIR "/lib/rulegrid/plugins";
    DIR *d = opendir(dir);
    assert_non_null(d);
    int seen = 0;
    for (struct dirent *e; (e = readdir(d));) {
        size_t n = strlen(e->d_name);
        if (n < 4 || strcmp(e->d_name + n - 3, ".so") != 0) continue;
        char path[512];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        exports_entry_alone(path);
        seen++;
    }
    closedir(d);
    assert_true(seen >= 10);
    static const char *const made[] = {"good/good.so", "pin/pin.so", "writer/writer.so",
                                       "clone/clone.so", "define/define.so"};
    for (size_t i = 0; i < sizeof made / sizeof made[0]; i++) {
        char path[512];
        snprintf(path, sizeof path, "%s%s", TEST_PLUGINS, made[i]);
        exports_entry_alone(path);
    }
}

/* The registry's types, "\n"-separated, in registration order. */
static void types_of(const char *file, char *out, size_t cap, rg_error *err, int *rc)
{
    rg_registry *reg = rg_registry_new();
    assert_non_null(reg);
    rg_error_clear(err);
    *rc = rg_registry_load_file(reg, file, err);
    out[0] = '\0';
    for (int i = 0; i < rg_registry_type_count(reg); i++) {
        const char *name, *family, *path;
        rg_registry_type(reg, i, &name, &family, &path);
        size_t used = strlen(out);
        snprintf(out + used, cap - used, "%s\n", name);
    }
    rg_registry_free(reg);
}

static void types_are_registered_in_order(void **state)
{
    (void)state;
    static const struct {
        const char *file, *types;
    } cases[] = {
        {"good/good.so", "test.good\n"},
        {"pin/pin.so", "test.pin\n"},
        {"writer/writer.so", "test.first\ntest.broken\ntest.old\n"},
        {"clone/clone.so", "lab.clone\n"},
        {"define/define.so", "test.define_a\ntest.define_b\n"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char path[512], types[512];
        rg_error err;
        int rc;
        snprintf(path, sizeof path, "%s%s", TEST_PLUGINS, cases[i].file);
        types_of(path, types, sizeof types, &err, &rc);
        assert_int_equal(rc, RG_OK);
        assert_string_equal(types, cases[i].types);
    }
}

/* setup ran with the host table init keeps: a rule of the plugin compiles
 * only when its compile finds them the same. */
static void setup_sees_the_host(void **state)
{
    (void)state;
    rg_registry *reg = rg_registry_new();
    assert_non_null(reg);
    rg_error err;
    rg_error_clear(&err);
    assert_int_equal(rg_registry_load_dir(reg, RG_BUILD_DIR "/lib/rulegrid/plugins", &err), RG_OK);
    assert_int_equal(rg_registry_load_dir(reg, TEST_PLUGINS "define", &err), RG_OK);
    static const char doc[] =
        "{\"format\": \"rulegrid\", \"version\": 1, \"board\": {\"rows\": 4, \"columns\": 4, "
        "\"digits\": 4}, \"rules\": [{\"type\": \"box_grid\", \"origin\": \"r1c1\", \"box\": "
        "[2, 2]}, {\"type\": \"test.define_a\"}, {\"type\": \"test.define_b\"}]}";
    rg_puzzle *p = NULL;
    int rc = rg_puzzle_parse(reg, doc, sizeof doc - 1, "define", 0, &p, &err);
    if (rc != RG_OK) fail_msg("%s", err.message);
    rg_puzzle_free(p);
    rg_registry_free(reg);
}

/* A setup that fails fails the load, and no type of the file stays. */
static void failing_setup_fails_the_load(void **state)
{
    (void)state;
    char types[512];
    rg_error err;
    int rc;
    types_of(TEST_PLUGINS "definefail/definefail.so", types, sizeof types, &err, &rc);
    assert_int_equal(rc, RG_E_PLUGIN);
    assert_int_equal(err.code, RG_E_PLUGIN);
    if (!strstr(err.message, "init failed")) fail_msg("message: %s", err.message);
    assert_string_equal(types, "");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(every_plugin_exports_its_entry_alone, t_mem_setup,
                                        t_mem_teardown),
        cmocka_unit_test_setup_teardown(types_are_registered_in_order, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(setup_sees_the_host, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(failing_setup_fails_the_load, t_mem_setup, t_mem_teardown),
    };
    return t_done(cmocka_run_group_tests(tests, NULL, NULL));
}
