/* The plugin loader: the ABI checks (entry, magic, ABI, mask size, digits,
 * descriptor size), rule type checks, duplicates naming both files, broken,
 * cut and spoilt files skipped, the entry read before dlopen (no stray
 * constructor runs), folders and RULEGRID_PLUGIN_PATH (relative ones
 * refused), and failed allocations. The
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
#include <elf.h>

#include "host/elf.h"
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

/* A folder holding one stray file (no usable plugin): rg_registry_load_dir
 * skips it with why saying every phrase, and loads nothing of it; the same
 * file named alone (rg_registry_load_file) is an error saying the same. */
static void expect_skipped(const char *dir, const char *file, const char *phrase1,
                           const char *phrase2)
{
    rg_registry *reg = rg_registry_new();
    assert_non_null(reg);
    rg_error err;
    assert_int_equal(load(reg, dir, &err), RG_OK);
    assert_int_equal(rg_registry_type_count(reg), 0);
    assert_int_equal(rg_registry_skipped_count(reg), 1);
    const char *got = NULL, *why = NULL;
    rg_registry_skipped(reg, 0, &got, &why);
    assert_string_equal(got, file);
    if (!strstr(why, phrase1) || (phrase2 && !strstr(why, phrase2)))
        fail_msg("why \"%s\" lacks \"%s\" / \"%s\"", why, phrase1, phrase2 ? phrase2 : "");
    /* Loading the folder again skips the file again, silently. */
    assert_int_equal(load(reg, dir, &err), RG_OK);
    assert_int_equal(rg_registry_skipped_count(reg), 1);
    rg_registry_free(reg);

    reg = rg_registry_new();
    rg_error_clear(&err);
    assert_int_equal(rg_registry_load_file(reg, file, &err), RG_E_PLUGIN);
    assert_string_equal(err.file, file);
    if (!strstr(err.message, phrase1) || (phrase2 && !strstr(err.message, phrase2)))
        fail_msg("message \"%s\" lacks \"%s\" / \"%s\"", err.message, phrase1,
                 phrase2 ? phrase2 : "");
    assert_int_equal(rg_registry_skipped_count(reg), 0);
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

/* A file that has no entry or fails the magic block is no usable plugin: a
 * folder skips it (a stray library must not stop every command), a file
 * named alone is refused. */

static void missing_entry(void **state)
{
    (void)state;
    expect_skipped(PLUGINS "noentry", PLUGINS "noentry/noentry.so", "rulegrid_plugin_entry",
                   "not a rulegrid plugin");
}

static void null_descriptor(void **state)
{
    (void)state;
    expect_skipped(PLUGINS "nullinfo", PLUGINS "nullinfo/nullinfo.so", "no descriptor", NULL);
}

static void wrong_magic(void **state)
{
    (void)state;
    expect_skipped(PLUGINS "badmagic", PLUGINS "badmagic/badmagic.so", "0x52474230", "0x52474231");
}

static void wrong_abi(void **state)
{
    (void)state;
    expect_skipped(PLUGINS "badabi", PLUGINS "badabi/badabi.so", "built for plugin ABI 2",
                   "has ABI 1");
}

static void wrong_mask_size(void **state)
{
    (void)state;
    expect_skipped(PLUGINS "badmask", PLUGINS "badmask/badmask.so", "8-byte", "4-byte");
}

static void wrong_max_digits(void **state)
{
    (void)state;
    expect_skipped(PLUGINS "baddigits", PLUGINS "baddigits/baddigits.so", "at most 64 digits",
                   "allows 32");
}

static void small_descriptor(void **state)
{
    (void)state;
    expect_skipped(PLUGINS "smallinfo", PLUGINS "smallinfo/smallinfo.so", "16 bytes", NULL);
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
    /* The file refused is the error's; the message names the one keeping the type. */
    assert_string_equal(err.message, "rule type \"test.dup\" is already registered by " PLUGINS
                                     "dup/dup_a.so; a type name is registered once, so this "
                                     "file is not loaded");
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

/* One file that registers a name twice is named once, as the one at fault. */
static void type_twice_in_one_file(void **state)
{
    (void)state;
    rg_registry *reg = rg_registry_new();
    rg_error err;
    assert_int_equal(load(reg, PLUGINS "selfdup", &err), RG_E_PLUGIN);
    assert_string_equal(err.file, PLUGINS "selfdup/selfdup.so");
    assert_string_equal(err.message, "rule type \"test.selfdup\" is registered twice by this file");
    assert_int_equal(rg_registry_type_count(reg), 0);
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
    assert_non_null(strstr(err.message, "is already registered by "));
    assert_non_null(strstr(err.message, houses));
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

/* Files that are no shared library: a folder skips them, each named with
 * why; named alone, each is an error. */
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
    static const char text[] = "this is a text file, not a shared object\n";
    const char *x_so = tmp_write(&t, "x.so", text, sizeof text - 1);
    const char *empty = tmp_write(&t, "y.so", "", 0);
    rg_registry *reg = rg_registry_new();
    rg_error err;
    assert_int_equal(load(reg, t.path, &err), RG_OK);
    assert_int_equal(rg_registry_type_count(reg), 0);
    assert_int_equal(rg_registry_skipped_count(reg), 3);
    const char *want[] = {garbage, x_so, empty}, *file, *why;
    for (int i = 0; i < 3; i++) {
        rg_registry_skipped(reg, i, &file, &why);
        assert_string_equal(file, want[i]);
        assert_non_null(strstr(why, "cannot load plugin"));
    }
    rg_registry_skipped(reg, 0, NULL, &why);
    assert_non_null(strstr(why, "not an ELF file"));
    rg_registry_skipped(reg, 2, NULL, &why);
    assert_non_null(strstr(why, "too short"));
    rg_registry_free(reg);

    reg = rg_registry_new();
    assert_int_equal(rg_registry_load_file(reg, x_so, &err), RG_E_PLUGIN);
    assert_string_equal(err.file, x_so);
    assert_non_null(strstr(err.message, "cannot load plugin"));
    rg_registry_free(reg);
    tmp_close(&t);
}

/* The contents of a file into buf (cap bytes); its length. */
static size_t slurp(const char *path, unsigned char *buf, size_t cap)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    size_t len = fread(buf, 1, cap, f);
    assert_true(len > 0 && len < cap);
    fclose(f);
    return len;
}

/* good.so cut short at many lengths, and good.so with its header spoilt
 * (another class, another byte order, a huge program header count): each
 * is read without going out of bounds (the copies are heap blocks of the
 * exact size, so the sanitizers see any stray read) and refused, never
 * taken for a plugin; a folder of such files is skipped. */
static void truncated_and_spoilt_files(void **state)
{
    (void)state;
    static unsigned char whole[1 << 20];
    size_t len = slurp(PLUGINS "good/good.so", whole, sizeof whole);
    char why[256];
    assert_int_equal(rg_elf_exports_mem(whole, len, "rulegrid_plugin_entry", why, sizeof why), 1);
    assert_int_equal(rg_elf_exports_mem(whole, len, "rulegrid_plugin_entr", why, sizeof why), 0);
    assert_int_equal(rg_elf_exports_mem(whole, len, "compile", why, sizeof why), 0);
    /* Where the loadable segments end (good.so is a library of this
     * machine: 64-bit here). A prefix shorter than that may hold the whole
     * symbol table, but dlopen would map segments past the file's end and
     * die touching them (SIGBUS): it is refused. */
    const Elf64_Ehdr *eh = (const void *)whole;
    size_t loaded_end = 0;
    for (int i = 0; i < eh->e_phnum; i++) {
        const Elf64_Phdr *ph = (const void *)(whole + eh->e_phoff + (size_t)i * eh->e_phentsize);
        if (ph->p_type == PT_LOAD && ph->p_offset + ph->p_filesz > loaded_end)
            loaded_end = ph->p_offset + ph->p_filesz;
    }
    assert_true(loaded_end > 64 && loaded_end <= len);
    for (size_t cut = 0; cut < len; cut += cut < 8192 ? 1 : 61) {
        unsigned char *copy = malloc(cut ? cut : 1);
        assert_non_null(copy);
        memcpy(copy, whole, cut);
        /* No read leaves the block (the sanitizers watch it). */
        int got = rg_elf_exports_mem(copy, cut, "rulegrid_plugin_entry", why, sizeof why);
        assert_true(got >= -1 && got <= 1);
        if (cut < loaded_end) assert_int_equal(got, -1);
        free(copy);
    }
    /* Every byte of the first 4 KB (headers, dynamic section, hash and
     * symbol tables of a small library) set to 0xff in turn, then to 0. */
    for (size_t i = 0; i < 4096 && i < len; i++)
        for (int v = 0; v < 2; v++) {
            unsigned char *copy = malloc(len);
            assert_non_null(copy);
            memcpy(copy, whole, len);
            copy[i] = v ? 0xff : 0;
            int got = rg_elf_exports_mem(copy, len, "rulegrid_plugin_entry", why, sizeof why);
            assert_true(got >= -1 && got <= 1);
            free(copy);
        }

    tmpdir t;
    tmp_open(&t);
    unsigned char hdr[1 << 12];
    memcpy(hdr, whole, sizeof hdr);
    const char *half = tmp_write(&t, "half.so", whole, len / 2);
    hdr[EI_CLASS] = ELFCLASS32;
    const char *c32 = tmp_write(&t, "class32.so", hdr, sizeof hdr);
    hdr[EI_CLASS] = ELFCLASS64;
    hdr[EI_DATA] = ELFDATA2MSB;
    const char *big = tmp_write(&t, "big.so", hdr, sizeof hdr);
    hdr[EI_DATA] = ELFDATA2LSB;
    hdr[offsetof(Elf64_Ehdr, e_phnum)] = 0xfe;
    hdr[offsetof(Elf64_Ehdr, e_phnum) + 1] = 0xff;
    const char *phnum = tmp_write(&t, "phnum.so", hdr, sizeof hdr);
    const char *cut = tmp_write(&t, "cut.so", whole, 200);
    rg_registry *reg = rg_registry_new();
    rg_error err;
    assert_int_equal(load(reg, t.path, &err), RG_OK);
    assert_int_equal(rg_registry_type_count(reg), 0);
    assert_int_equal(rg_registry_skipped_count(reg), 5);
    const char *names[] = {big, c32, cut, half, phnum}, *file, *reason;
    for (int i = 0; i < 5; i++) {
        rg_registry_skipped(reg, i, &file, &reason);
        assert_string_equal(file, names[i]);
        if (!strstr(reason, "cannot load plugin")) fail_msg("%s: %s", file, reason);
    }
    rg_registry_free(reg);
    tmp_close(&t);
}

/* A library without the entry is never dlopen'ed, so its constructor never
 * runs; the same constructor in a plugin does run (the control). */
static void constructor_of_stray_file_not_run(void **state)
{
    (void)state;
    char mark[] = "/tmp/rg-ctor-XXXXXX";
    int fd = mkstemp(mark);
    assert_true(fd >= 0);
    close(fd);
    assert_int_equal(setenv("RG_TEST_CTOR_MARK", mark, 1), 0);
    rg_registry *reg = rg_registry_new();
    rg_error err;
    assert_int_equal(load(reg, PLUGINS "ctor", &err), RG_OK);
    assert_int_equal(rg_registry_skipped_count(reg), 1);
    const char *why;
    rg_registry_skipped(reg, 0, NULL, &why);
    assert_non_null(strstr(why, "exports no function rulegrid_plugin_entry"));
    assert_int_equal(rg_registry_load_file(reg, PLUGINS "ctor/stray.so", &err), RG_E_PLUGIN);
    unsigned char buf[64];
    FILE *f = fopen(mark, "rb");
    assert_non_null(f);
    size_t n = fread(buf, 1, sizeof buf, f);
    fclose(f);
    if (n) fail_msg("the stray library's constructor ran: %.*s", (int)n, buf);
    assert_int_equal(load(reg, PLUGINS "ctorentry", &err), RG_OK);
    assert_non_null(rg_registry_find(reg, "test.ctor"));
    f = fopen(mark, "rb");
    assert_non_null(f);
    n = fread(buf, 1, sizeof buf, f);
    fclose(f);
    assert_true(n == 10 && memcmp(buf, "withentry\n", 10) == 0);
    rg_registry_free(reg);
    unsetenv("RG_TEST_CTOR_MARK");
    unlink(mark);
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

/* A stray file of the plugin path is skipped and the search goes on; the
 * path stops at the first plugin that fails (its init here) and says which
 * file. */
static void plugin_path_error(void **state)
{
    (void)state;
    assert_int_equal(setenv("RULEGRID_PLUGIN_PATH", PLUGINS "good:" PLUGINS "badabi", 1), 0);
    rg_registry *reg = rg_registry_new();
    rg_error err;
    rg_error_clear(&err);
    assert_int_equal(rg_registry_load_default(reg, NULL, rg_builtin_plugin_dir(), &err), RG_OK);
    assert_non_null(rg_registry_find(reg, "box_grid"));
    assert_int_equal(rg_registry_skipped_count(reg), 1);
    const char *file;
    rg_registry_skipped(reg, 0, &file, NULL);
    assert_string_equal(file, PLUGINS "badabi/badabi.so");
    rg_registry_free(reg);

    assert_int_equal(setenv("RULEGRID_PLUGIN_PATH", PLUGINS "good:" PLUGINS "initfail", 1), 0);
    reg = rg_registry_new();
    rg_error_clear(&err);
    assert_int_equal(rg_registry_load_default(reg, NULL, rg_builtin_plugin_dir(), &err),
                     RG_E_PLUGIN);
    unsetenv("RULEGRID_PLUGIN_PATH");
    assert_string_equal(err.file, PLUGINS "initfail/initfail.so");
    assert_null(rg_registry_find(reg, "box_grid")); /* never reached */
    rg_registry_free(reg);
}

/* A relative folder, of the variable, of the extra folders or as the
 * built-in one, is refused before anything is loaded, naming it and where
 * it came from. */
static void relative_folders_refused(void **state)
{
    (void)state;
    static const struct {
        const char *env, *extra, *builtin, *named, *from;
    } cases[] = {
        {PLUGINS "good:test-plugins/good", NULL, NULL, "test-plugins/good", "RULEGRID_PLUGIN_PATH"},
        {"./x", NULL, NULL, "./x", "RULEGRID_PLUGIN_PATH"},
        {NULL, "good", NULL, "good", "--plugins"},
        {NULL, NULL, "lib/rulegrid/plugins", "lib/rulegrid/plugins", "built-in"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        if (cases[i].env)
            assert_int_equal(setenv("RULEGRID_PLUGIN_PATH", cases[i].env, 1), 0);
        else
            unsetenv("RULEGRID_PLUGIN_PATH");
        const char *extra[] = {PLUGINS "late", cases[i].extra, NULL};
        rg_registry *reg = rg_registry_new();
        rg_error err;
        rg_error_clear(&err);
        int rc = rg_registry_load_default(
            reg, extra, cases[i].builtin ? cases[i].builtin : rg_builtin_plugin_dir(), &err);
        unsetenv("RULEGRID_PLUGIN_PATH");
        assert_int_equal(rc, RG_E_IO);
        assert_string_equal(err.file, cases[i].named);
        if (!strstr(err.message, cases[i].named) || !strstr(err.message, cases[i].from) ||
            !strstr(err.message, "relative"))
            fail_msg("case %zu: %s", i, err.message);
        /* nothing was loaded, not even the absolute folders before it */
        assert_int_equal(rg_registry_type_count(reg), 0);
        assert_string_equal(rg_registry_folders(reg), "");
        rg_registry_free(reg);
    }
    /* A long one: the file keeps the folder's end, the message its start
     * and the advice after it. */
    char longdir[600];
    memset(longdir, 'r', 500);
    snprintf(longdir + 500, sizeof longdir - 500, "/end:" PLUGINS "good");
    assert_int_equal(setenv("RULEGRID_PLUGIN_PATH", longdir, 1), 0);
    rg_registry *reg = rg_registry_new();
    rg_error err;
    rg_error_clear(&err);
    assert_int_equal(rg_registry_load_default(reg, NULL, rg_builtin_plugin_dir(), &err), RG_E_IO);
    unsetenv("RULEGRID_PLUGIN_PATH");
    assert_memory_equal(err.file, "...rrr", 6);
    assert_string_equal(err.file + strlen(err.file) - 7, "rrr/end");
    assert_non_null(strstr(err.message, "rrr...\" (from the environment variable "
                                        "RULEGRID_PLUGIN_PATH) refused"));
    assert_non_null(strstr(err.message, "give an absolute path"));
    rg_registry_free(reg);
    /* Presets are searched alike. */
    assert_int_equal(setenv("RULEGRID_PRESET_PATH", "presets", 1), 0);
    rg_presets *ps = NULL;
    rg_error_clear(&err);
    assert_int_equal(rg_presets_load(NULL, rg_builtin_preset_dir(), &ps, &err), RG_E_IO);
    unsetenv("RULEGRID_PRESET_PATH");
    assert_null(ps);
    assert_non_null(strstr(err.message, "RULEGRID_PRESET_PATH"));
}

/* A type no loaded plugin registers: the error names the files skipped, so
 * that a user sees why a plugin they expected is missing. */
static void unknown_type_names_skipped_files(void **state)
{
    (void)state;
    rg_registry *reg = rg_registry_new();
    rg_error err;
    assert_int_equal(load(reg, PLUGINS "good", &err), RG_OK);
    assert_int_equal(load(reg, PLUGINS "badabi", &err), RG_OK);
    assert_int_equal(load(reg, PLUGINS "ctor", &err), RG_OK);
    static const char text[] = "{\"format\": \"rulegrid\", \"version\": 1, \"board\": {\"rows\": "
                               "4, \"columns\": 4, \"digits\": 4}, \"rules\": [{\"type\": "
                               "\"test.abi\"}]}";
    rg_puzzle *p = NULL;
    rg_error_clear(&err);
    assert_int_not_equal(rg_puzzle_parse(reg, text, strlen(text), "doc", 0, &p, &err), RG_OK);
    assert_null(p);
    assert_non_null(strstr(err.message, "unknown rule type \"test.abi\""));
    assert_non_null(strstr(err.message, "files skipped"));
    assert_non_null(strstr(err.message, PLUGINS "badabi/badabi.so"));
    assert_non_null(strstr(err.message, "built for plugin ABI 2"));
    assert_non_null(strstr(err.message, PLUGINS "ctor/stray.so"));
    rg_registry_free(reg);

    /* Without a skipped file the message is as before. */
    reg = rg_registry_new();
    assert_int_equal(load(reg, PLUGINS "good", &err), RG_OK);
    rg_error_clear(&err);
    assert_int_not_equal(rg_puzzle_parse(reg, text, strlen(text), "doc", 0, &p, &err), RG_OK);
    assert_null(strstr(err.message, "skipped"));
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
        cmocka_unit_test_teardown(type_twice_in_one_file, teardown),
        cmocka_unit_test_teardown(type_without_compile, teardown),
        cmocka_unit_test_teardown(type_without_name, teardown),
        cmocka_unit_test_teardown(init_fails, teardown),
        cmocka_unit_test_teardown(late_registration_refused, teardown),
        cmocka_unit_test_teardown(broken_files, teardown),
        cmocka_unit_test_teardown(truncated_and_spoilt_files, teardown),
        cmocka_unit_test_teardown(constructor_of_stray_file_not_run, teardown),
        cmocka_unit_test_teardown(other_files_ignored, teardown),
        cmocka_unit_test_teardown(missing_folder_is_fine, teardown),
        cmocka_unit_test_teardown(folder_that_is_a_file, teardown),
        cmocka_unit_test_teardown(plugin_path_honoured, teardown),
        cmocka_unit_test_teardown(plugin_path_error, teardown),
        cmocka_unit_test_teardown(relative_folders_refused, teardown),
        cmocka_unit_test_teardown(unknown_type_names_skipped_files, teardown),
        cmocka_unit_test_teardown(unknown_type_names_folders, teardown),
        cmocka_unit_test_teardown(failed_allocations, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
