/* Fuzz target: the corpus reader, rg_corpus_open on a memory stream
 * (fmemopen). The first byte chooses how the rest is read: as JSON lines
 * (a document a line), as classic lines without a template (the preset
 * classic9), or as classic lines of one of the templates below (a board
 * with missing cells, 4, 6 and 16 digits, extra regions). Every puzzle read
 * is written back on one line and checked for broken givens. */
#define _POSIX_C_SOURCE 200809L /* fmemopen */

#include <stdio.h>
#include <string.h>

#include "common.h"

#define MAX_ENTRIES 200 /* entries read per input: a long corpus adds only time */

#define DOC(board, rules)                                                                          \
    "{\"format\": \"rulegrid\", \"version\": 1, \"board\": " board ", \"rules\": " rules "}"

static const char *const template_texts[] = {
    DOC("{\"rows\": 4, \"columns\": 4, \"digits\": 4}",
        "[{\"type\": \"box_grid\", \"origin\": \"r1c1\", \"box\": [2, 2]}]"),
    DOC("{\"rows\": 6, \"columns\": 6, \"digits\": 4, \"cells\": [\"r1c1:r4c4\", \"r3c3:r6c6\"]}",
        "[{\"type\": \"box_grid\", \"origin\": \"r1c1\", \"box\": [2, 2]}, {\"type\": "
        "\"box_grid\", \"origin\": \"r3c3\", \"box\": [2, 2]}]"),
    DOC("{\"rows\": 6, \"columns\": 6, \"digits\": 6}",
        "[{\"type\": \"box_grid\", \"origin\": \"r1c1\", \"box\": [2, 3]}, {\"type\": "
        "\"neighbours\", \"kind\": \"antiking\"}]"),
    DOC("{\"rows\": 9, \"columns\": 9, \"digits\": 9}",
        "[{\"type\": \"box_grid\", \"origin\": \"r1c1\", \"box\": [3, 3]}, {\"type\": \"region\", "
        "\"kind\": \"diagonal\", \"cells\": [\"r1c1\", \"r2c2\", \"r3c3\", \"r4c4\", \"r5c5\", "
        "\"r6c6\", \"r7c7\", \"r8c8\", \"r9c9\"]}, {\"type\": \"neighbours\", \"kind\": "
        "\"antiknight\"}]"),
    DOC("{\"rows\": 16, \"columns\": 16, \"digits\": 16}",
        "[{\"type\": \"box_grid\", \"origin\": \"r1c1\", \"box\": [4, 4]}]"),
    DOC("{\"rows\": 3, \"columns\": 5, \"digits\": 5}",
        "[{\"type\": \"row\", \"cells\": \"r1c1:r1c5\"}, {\"type\": \"row\", \"cells\": "
        "\"r2c1:r2c5\"}, {\"type\": \"row\", \"cells\": \"r3c1:r3c5\"}]")};
#define TEMPLATES (int)(sizeof template_texts / sizeof template_texts[0])

static rg_puzzle *templates[TEMPLATES];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    rg_registry *reg = fz_registry();
    for (int i = 0; i < TEMPLATES; i++) {
        rg_error err;
        const char *t = template_texts[i];
        if (rg_puzzle_parse(reg, t, strlen(t), "template", 0, &templates[i], &err) != RG_OK) {
            char buf[1024];
            rg_error_format(&err, buf, sizeof buf);
            fz_fail("template %d: %s", i, buf);
        }
    }
    return 0;
}

/* One puzzle of the corpus: written on one line, its givens looked at. */
static void take(rg_puzzle *p)
{
    rg_error err;
    char *w = rg_puzzle_write(p, RG_WRITE_LINE, &err);
    if (!w) {
        char buf[1024];
        rg_error_format(&err, buf, sizeof buf);
        fz_fail("a puzzle of the corpus cannot be written: %s", buf);
    }
    if (fz_verbose()) fprintf(stderr, "%s\n", w);
    rg_string_free(w);
    (void)rg_puzzle_broken(p);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) return 0;
    size_t before = fz_begin();
    int mode = data[0] % (2 + TEMPLATES);
    const char *name = mode == 0 ? "fuzz.jsonl" : "fuzz.txt";
    const rg_puzzle *templ = mode >= 2 ? templates[mode - 2] : NULL;
    /* fmemopen refuses an empty buffer on older C libraries: one byte of
     * the input then stands for it with a length of 0 read as end. */
    FILE *fp = fmemopen((void *)(data + 1), size > 1 ? size - 1 : 1, "rb");
    if (!fp) fz_fail("fmemopen failed");
    if (size == 1) fseek(fp, 0, SEEK_END);
    rg_corpus *c = NULL;
    rg_error err;
    int rc = rg_corpus_open(fz_registry(), name, fp, templ, &c, &err);
    if (rc != RG_OK) fz_fail("rg_corpus_open failed (%d): %s", rc, err.message);
    long last = -1;
    for (int k = 0; k < MAX_ENTRIES; k++) {
        rg_puzzle *p = NULL;
        rc = rg_corpus_next(c, &p, &err);
        if (rc == 0) break;
        if (rg_corpus_index(c) != last + 1)
            fz_fail("entry %ld follows entry %ld", rg_corpus_index(c), last);
        last = rg_corpus_index(c);
        if (rc == 1) {
            if (!p) fz_fail("rg_corpus_next returned 1 without a puzzle");
            take(p);
            rg_puzzle_free(p);
        } else if (rc > 0 || p || err.code != -rc) {
            fz_fail("rg_corpus_next returned %d (error code %d, puzzle %p)", rc, err.code,
                    (void *)p);
        }
    }
    rg_corpus_close(c);
    fclose(fp);
    fz_end(before);
    return 0;
}
