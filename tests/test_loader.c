/* The plugin loader: the ABI checks (entry, magic, ABI, mask size, digits,
 * descriptor size), rule type checks, duplicates naming both files, broken
 * files, folders and RULEGRID_PLUGIN_PATH, and failed allocations. The
 * plugins come from tests/data/plugins, one folder per case. */
#define _XOPEN_SOURCE 700

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "support.h"

#define PLUGINS RG_BUILD_DIR "/test-plugins/"

static int teardown(void **state)
{
    (void)state;
    assert_int_equal(rg_mem_in_use(), 0);
    return 0;
}

/* Load one folder into a new registry; returns the status, err filled. */
static int load(rg_registry *reg, const char *dir, rg_error *err)
{
    rg_error_clear(err);
    return rg_registry_load_dir(reg, dir, err);
}

/* The folder failed with a plugin error about file, saying every phrase. */
static void expect_failure(const char *dir, const char *file, const char *phrase1,
                           const char *phrase2)
{
    rg_registry *reg = rg_registry_new();
    assert_non_null(reg);
    rg_error err;
    assert_int_equal(load(reg, dir, &err), RG_E_PLUGIN);
    assert_int_equal(err.code, RG_E_PLUGIN);
    assert_string_equal(err.file, file);
    if (!strstr(err.message, phrase1) || (phrase2 && !strstr(err.message, phrase2)))
        fail_msg("message \"%s\" lacks \"%s\" / \"%s\"", err.message, phrase1,
                 phrase2 ? phrase2 : "");
    assert_int_equal(rg_registry_type_count(reg), 0);
    rg_registry_free(reg);
}

/* ---- Temporary folders ------------------------------------------------------- */

typedef struct tmpdir {
    char path[256];
    char files[8][320];
    int n;
} tmpdir;

static void tmp_open(tmpdir *t)
{
    snprintf(t->path, sizeof t->path, "/tmp/rg-loader-XXXXXX");
    assert_non_null(mkdtemp(t->path));
    t->n = 0;
}

/* Write len bytes into a new file of t; returns its path. */
static const char *tmp_write(tmpdir *t, const char *name, const void *bytes, size_t len)
{
    assert_true(t->n < 8);
    char *path = t->files[t->n++];
    char buf[sizeof t->files[0]];
    snprintf(buf, sizeof buf, "%s/%s", t->path, name);
    memcpy(path, buf, sizeof buf);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(bytes, 1, len, f), len);
    fclose(f);
    return path;
}

static const char *tmp_copy(tmpdir *t, const char *name, const char *from)
{
    FILE *f = fopen(from, "rb");
    assert_non_null(f);
    static char buf[1 << 20];
    size_t len = fread(buf, 1, sizeof buf, f);
    assert_true(len > 0 && len < sizeof buf);
    fclose(f);
    return tmp_write(t, name, buf, len);
}

static void tmp_close(tmpdir *t)
{
    for (int i = 0; i < t->n; i++) unlink(t->files[i]);
    rmdir(t->path);
}

/* ---- Good plugins ------------------------------------------------------------- */

static void good_folder_loads(void **state)
{
    (void)state;
    rg_registry *reg = rg_registry_new();
    rg_error err;
    assert_int_equal(load(reg, PLUGINS "good", &err), RG_OK);
    assert_int_equal(rg_registry_type_count(reg), 1);
    const char *name, *family, *file;
    rg_registry_type(reg, 0, &name, &family, &file);
    assert_string_equal(name, "test.good");
    assert_string_equal(family, "test");
    assert_string_equal(file, PLUGINS "good/good.so");
    const rg_rule_type *t = rg_registry_find(reg, "test.good");
    assert_non_null(t);
    assert_non_null(t->compile);
    assert_null(t->link);
    assert_null(rg_registry_find(reg, "test.bad"));
    assert_string_equal(rg_registry_folders(reg), PLUGINS "good");
    rg_registry_free(reg);
}

/* One file under several names is loaded once; a folder is listed once. */
static void same_file_once(void **state)
{
    (void)state;
    rg_registry *reg = rg_registry_new();
    rg_error err;
    assert_int_equal(load(reg, PLUGINS "good", &err), RG_OK);
    assert_int_equal(load(reg, PLUGINS "good", &err), RG_OK);
    assert_int_equal(rg_registry_load_file(reg, PLUGINS "good/./good.so", &err), RG_OK);
    assert_int_equal(rg_registry_load_file(reg, PLUGINS "noentry/../good/good.so", &err), RG_OK);
    assert_int_equal(rg_registry_type_count(reg), 1);
    assert_string_equal(rg_registry_folders(reg), PLUGINS "good");
    rg_registry_free(reg);
}

static void builtin_dir_beside_bin(void **state)
{
    (void)state;
    const char *dir = rg_builtin_plugin_dir();
    assert_non_null(dir);
    char want[4096];
    assert_non_null(realpath(RG_BUILD_DIR "/lib/rulegrid/plugins", want));
    assert_string_equal(dir, want);
    rg_registry *reg = rg_registry_new();
    rg_error err;
    assert_int_equal(load(reg, dir, &err), RG_OK);
    assert_non_null(rg_registry_find(reg, "box_grid"));
    assert_non_null(rg_registry_find(reg, "region"));
    rg_registry_free(reg);
}

/* ---- The descriptor ------------------------------------------------------------- */

static void missing_entry(void **state)
{
    (void)state;
    expect_failure(PLUGINS "noentry", PLUGINS "noentry/noentry.so", "rulegrid_plugin_entry",
                   "not a rulegrid plugin");
}

static void null_descriptor(void **state)
{
    (void)state;
    expect_failure(PLUGINS "nullinfo", PLUGINS "nullinfo/nullinfo.so", "no descriptor", NULL);
}

static void wrong_magic(void **state)
{
    (void)state;
    expect_failure(PLUGINS "badmagic", PLUGINS "badmagic/badmagic.so", "0x52474230", "0x52474231");
}

static void wrong_abi(void **state)
{
    (void)state;
    expect_failure(PLUGINS "badabi", PLUGINS "badabi/badabi.so", "built for plugin ABI 2",
                   "has ABI 1");
}

static void wrong_mask_size(void **state)
{
    (void)state;
    expect_failure(PLUGINS "badmask", PLUGINS "badmask/badmask.so", "8-byte", "4-byte");
}

static void wrong_max_digits(void **state)
{
    (void)state;
    expect_failure(PLUGINS "baddigits", PLUGINS "baddigits/baddigits.so", "at most 64 digits",
                   "allows 32");
}

static void small_descriptor(void **state)
{
    (void)state;
    expect_failure(PLUGINS "smallinfo", PLUGINS "smallinfo/smallinfo.so", "16 bytes", NULL);
}

/* ---- Rule types ------------------------------------------------------------------- */

/* dup_a registers test.dup_a and test.dup; dup_b test.dup_b and test.dup. */
static void type_registered_twice(void **state)
{
    (void)state;
    rg_registry *reg = rg_registry_new();
    rg_error err;
    assert_int_equal(load(reg, PLUGINS "dup", &err), RG_E_PLUGIN);
    assert_string_equal(err.file, PLUGINS "dup/dup_b.so");
    assert_non_null(strstr(err.message, "\"test.dup\""));
    assert_non_null(strstr(err.message, PLUGINS "dup/dup_a.so"));
    assert_non_null(strstr(err.message, PLUGINS "dup/dup_b.so"));
    /* dup_a stays; everything dup_b registered is gone. */
    assert_int_equal(rg_registry_type_count(reg), 2);
    const char *file;
    assert_non_null(rg_registry_find(reg, "test.dup_a"));
    assert_null(rg_registry_find(reg, "test.dup_b"));
    for (int i = 0; i < 2; i++) {
        rg_registry_type(reg, i, NULL, NULL, &file);
        assert_string_equal(file, PLUGINS "dup/dup_a.so");
    }
    rg_registry_free(reg);
}

/* The same rule types from two folders: files are loaded in name order, so
 * the message names a.so first whatever the folder listing order. */
static void type_twice_across_folders(void **state)
{
    (void)state;
    tmpdir t;
    tmp_open(&t);
    char houses[4096];
    snprintf(houses, sizeof houses, "%s/houses.so", rg_builtin_plugin_dir());
    const char *b = tmp_copy(&t, "b.so", houses);
    const char *a = tmp_copy(&t, "a.so", PLUGINS "good/good.so");
    rg_registry *reg = rg_registry_new();
    rg_error err;
    assert_int_equal(load(reg, rg_builtin_plugin_dir(), &err), RG_OK);
    assert_int_equal(load(reg, t.path, &err), RG_E_PLUGIN);
    assert_string_equal(err.file, b);
    assert_non_null(strstr(err.message, houses));
    assert_non_null(strstr(err.message, b));
    assert_non_null(rg_registry_find(reg, "test.good")); /* a.so came first */
    /* b.so was rolled back: test.good is a.so's, every other type comes
     * from the built-in folder, and the house types from houses.so. */
    const char *name, *family, *file;
    size_t dirlen = strlen(rg_builtin_plugin_dir());
    for (int i = 0; i < rg_registry_type_count(reg); i++) {
        rg_registry_type(reg, i, &name, &family, &file);
        if (strcmp(name, "test.good") == 0)
            assert_string_equal(file, a);
        else if (strcmp(family, "houses") == 0)
            assert_string_equal(file, houses);
        else
            assert_int_equal(strncmp(file, rg_builtin_plugin_dir(), dirlen), 0);
    }
    rg_registry_free(reg);
    tmp_close(&t);
}

static void type_without_compile(void **state)
{
    (void)state;
    expect_failure(PLUGINS "nocompile", PLUGINS "nocompile/nocompile.so", "\"test.nocompile\"",
                   "no compile function");
}

static void type_without_name(void **state)
{
    (void)state;
    expect_failure(PLUGINS "noname", PLUGINS "noname/noname.so", "without a name", NULL);
}

static void init_fails(void **state)
{
    (void)state;
    expect_failure(PLUGINS "initfail", PLUGINS "initfail/initfail.so", "init failed", NULL);
}

/* A plugin that kept the registrar cannot register once init returned: the
 * rule's compile tries and reports an error if it was let through. */
static void late_registration_refused(void **state)
{
    (void)state;
    rg_registry *reg = rg_registry_new();
    rg_error err;
    assert_int_equal(load(reg, PLUGINS "late", &err), RG_OK);
    static const char text[] = "{\"format\": \"rulegrid\", \"version\": 1, \"board\": {\"rows\": "
                               "2, \"columns\": 2, \"digits\": 2}, \"rules\": [{\"type\": "
                               "\"test.late\"}]}";
    rg_puzzle *p = NULL;
    rg_error_clear(&err);
    if (rg_puzzle_parse(reg, text, strlen(text), "late", 0, &p, &err) != RG_OK)
        fail_msg("parse: %s", err.message);
    rg_puzzle_free(p);
    assert_null(rg_registry_find(reg, "test.later"));
    assert_int_equal(rg_registry_type_count(reg), 1);
    rg_registry_free(reg);
}

/* ---- Files and folders -------------------------------------------------------------- */

static void broken_files(void **state)
{
    (void)state;
    tmpdir t;
    tmp_open(&t);
    unsigned char junk[4096];
    unsigned x = 12345;
    for (size_t i = 0; i < sizeof junk; i++) {
        x = x * 1103515245u + 12345u;
        junk[i] = (unsigned char)(x >> 16);
    }
    const char *garbage = tmp_write(&t, "garbage.so", junk, sizeof junk);
    rg_registry *reg = rg_registry_new();
    rg_error err;
    assert_int_equal(load(reg, t.path, &err), RG_E_PLUGIN);
    assert_string_equal(err.file, garbage);
    assert_non_null(strstr(err.message, "cannot load plugin"));
    assert_non_null(strstr(err.message, garbage));
    rg_registry_free(reg);
    tmp_close(&t);

    tmp_open(&t);
    static const char text[] = "this is a text file, not a shared object\n";
    const char *x_so = tmp_write(&t, "x.so", text, sizeof text - 1);
    reg = rg_registry_new();
    assert_int_equal(rg_registry_load_file(reg, x_so, &err), RG_E_PLUGIN);
    assert_string_equal(err.file, x_so);
    assert_non_null(strstr(err.message, "cannot load plugin"));
    rg_registry_free(reg);
    tmp_close(&t);
}

/* Only *.so files count: other files of a plugin folder are left alone. */
static void other_files_ignored(void **state)
{
    (void)state;
    tmpdir t;
    tmp_open(&t);
    tmp_write(&t, "README", "plugins\n", 8);
    tmp_write(&t, "x.so.txt", "not one\n", 8);
    tmp_write(&t, ".so", "no name\n", 8);
    rg_registry *reg = rg_registry_new();
    rg_error err;
    assert_int_equal(load(reg, t.path, &err), RG_OK);
    assert_int_equal(rg_registry_type_count(reg), 0);
    rg_registry_free(reg);
    tmp_close(&t);
}

static void missing_folder_is_fine(void **state)
{
    (void)state;
    rg_registry *reg = rg_registry_new();
    rg_error err;
    assert_int_equal(load(reg, PLUGINS "no-such-folder", &err), RG_OK);
    assert_int_equal(load(reg, PLUGINS "good", &err), RG_OK);
    assert_string_equal(rg_registry_folders(reg), PLUGINS "no-such-folder, " PLUGINS "good");
    assert_int_equal(rg_registry_type_count(reg), 1);
    rg_registry_free(reg);
}

static void folder_that_is_a_file(void **state)
{
    (void)state;
    rg_registry *reg = rg_registry_new();
    rg_error err;
    assert_int_equal(load(reg, PLUGINS "good/good.so", &err), RG_E_PLUGIN);
    assert_string_equal(err.file, PLUGINS "good/good.so");
    assert_non_null(strstr(err.message, "cannot read plugin folder"));
    rg_error_clear(&err);
    assert_int_equal(rg_registry_load_file(reg, PLUGINS "good/none.so", &err), RG_E_PLUGIN);
    assert_non_null(strstr(err.message, "cannot open plugin"));
    rg_registry_free(reg);
}

/* RULEGRID_PLUGIN_PATH first (empty entries skipped), then the extra
 * folders, then the built-in one; each folder listed once. */
static void plugin_path_honoured(void **state)
{
    (void)state;
    assert_int_equal(
        setenv("RULEGRID_PLUGIN_PATH", ":" PLUGINS "good::" PLUGINS "no-such-folder:", 1), 0);
    const char *builtin = rg_builtin_plugin_dir();
    const char *extra[] = {PLUGINS "late", builtin, NULL};
    rg_registry *reg = rg_registry_new();
    rg_error err;
    rg_error_clear(&err);
    assert_int_equal(rg_registry_load_default(reg, extra, builtin, &err), RG_OK);
    unsetenv("RULEGRID_PLUGIN_PATH");
    char want[8192];
    snprintf(want, sizeof want, "%s, %s, %s, %s", PLUGINS "good", PLUGINS "no-such-folder",
             PLUGINS "late", builtin);
    assert_string_equal(rg_registry_folders(reg), want);
    assert_non_null(rg_registry_find(reg, "test.good"));
    assert_non_null(rg_registry_find(reg, "test.late"));
    assert_non_null(rg_registry_find(reg, "box_grid"));
    rg_registry_free(reg);

    /* Without the variable only the others are searched. */
    reg = rg_registry_new();
    assert_int_equal(rg_registry_load_default(reg, NULL, builtin, &err), RG_OK);
    assert_string_equal(rg_registry_folders(reg), builtin);
    assert_null(rg_registry_find(reg, "test.good"));
    rg_registry_free(reg);
}

/* The plugin path stops at the first broken folder and says which file. */
static void plugin_path_error(void **state)
{
    (void)state;
    assert_int_equal(setenv("RULEGRID_PLUGIN_PATH", PLUGINS "good:" PLUGINS "badabi", 1), 0);
    rg_registry *reg = rg_registry_new();
    rg_error err;
    rg_error_clear(&err);
    assert_int_equal(rg_registry_load_default(reg, NULL, rg_builtin_plugin_dir(), &err),
                     RG_E_PLUGIN);
    unsetenv("RULEGRID_PLUGIN_PATH");
    assert_string_equal(err.file, PLUGINS "badabi/badabi.so");
    assert_null(rg_registry_find(reg, "box_grid")); /* never reached */
    rg_registry_free(reg);
}

static void unknown_type_names_folders(void **state)
{
    (void)state;
    rg_registry *reg = rg_registry_new();
    rg_error err;
    assert_int_equal(load(reg, PLUGINS "good", &err), RG_OK);
    assert_int_equal(load(reg, PLUGINS "no-such-folder", &err), RG_OK);
    static const char text[] = "{\"format\": \"rulegrid\", \"version\": 1, \"board\": {\"rows\": "
                               "4, \"columns\": 4, \"digits\": 4}, \"rules\": [{\"type\": "
                               "\"test.good\", \"cells\": \"r1c1:r1c4\"}, {\"type\": "
                               "\"lab.nothing\"}]}";
    rg_puzzle *p = NULL;
    rg_error_clear(&err);
    assert_int_not_equal(rg_puzzle_parse(reg, text, strlen(text), "doc", 0, &p, &err), RG_OK);
    assert_null(p);
    assert_int_equal(err.rule, 1);
    assert_non_null(strstr(err.message, "lab.nothing"));
    assert_non_null(strstr(err.message, PLUGINS "good"));
    assert_non_null(strstr(err.message, PLUGINS "no-such-folder"));
    rg_registry_free(reg);
}

/* Every allocation of loading may fail: the call reports it and nothing leaks. */
static void failed_allocations(void **state)
{
    (void)state;
    int ok = 0;
    for (long n = 1; n < 200 && !ok; n++) {
        rg_mem_fail_after(n);
        rg_registry *reg = rg_registry_new();
        if (reg) {
            rg_error err;
            int rc = load(reg, PLUGINS "dup", &err);
            ok = rc == RG_E_PLUGIN; /* got as far as the duplicate */
            if (!ok) assert_int_equal(rc, RG_E_NOMEM);
            rg_registry_free(reg);
        }
        rg_mem_fail_after(0);
        assert_int_equal(rg_mem_in_use(), 0);
    }
    assert_true(ok);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_teardown(good_folder_loads, teardown),
        cmocka_unit_test_teardown(same_file_once, teardown),
        cmocka_unit_test_teardown(builtin_dir_beside_bin, teardown),
        cmocka_unit_test_teardown(missing_entry, teardown),
        cmocka_unit_test_teardown(null_descriptor, teardown),
        cmocka_unit_test_teardown(wrong_magic, teardown),
        cmocka_unit_test_teardown(wrong_abi, teardown),
        cmocka_unit_test_teardown(wrong_mask_size, teardown),
        cmocka_unit_test_teardown(wrong_max_digits, teardown),
        cmocka_unit_test_teardown(small_descriptor, teardown),
        cmocka_unit_test_teardown(type_registered_twice, teardown),
        cmocka_unit_test_teardown(type_twice_across_folders, teardown),
        cmocka_unit_test_teardown(type_without_compile, teardown),
        cmocka_unit_test_teardown(type_without_name, teardown),
        cmocka_unit_test_teardown(init_fails, teardown),
        cmocka_unit_test_teardown(late_registration_refused, teardown),
        cmocka_unit_test_teardown(broken_files, teardown),
        cmocka_unit_test_teardown(other_files_ignored, teardown),
        cmocka_unit_test_teardown(missing_folder_is_fine, teardown),
        cmocka_unit_test_teardown(folder_that_is_a_file, teardown),
        cmocka_unit_test_teardown(plugin_path_honoured, teardown),
        cmocka_unit_test_teardown(plugin_path_error, teardown),
        cmocka_unit_test_teardown(unknown_type_names_folders, teardown),
        cmocka_unit_test_teardown(failed_allocations, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
