/* LZ-String (core/io/lzstring.c): the strings of the JavaScript library
 * (tests/data/lzstring/vectors.jsonl, made by lz-string 1.5.0's
 * compressToBase64 and compressToEncodedURIComponent), the 22 f-puzzles
 * strings of the corpus, round trips of random text, refusals, and memory
 * running out at every allocation. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>
#include <cmocka.h>

#include "base/mem.h"
#include "io/lzstring.h"
#include "support.h"

/* The whole of file rel of the source tree (malloc'd). */
static char *slurp(const char *rel)
{
    FILE *f = fopen(t_src(rel), "rb");
    assert_non_null(f);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    rewind(f);
    char *s = malloc((size_t)n + 1);
    assert_non_null(s);
    assert_int_equal(fread(s, 1, (size_t)n, f), (size_t)n);
    s[n] = 0;
    fclose(f);
    return s;
}

static void check_decodes(const char *in, const char *want)
{
    size_t n = 0;
    int oom = 1;
    char *d = rg_lz_decompress(in, strlen(in), &n, &oom);
    assert_false(oom);
    assert_non_null(d);
    assert_int_equal(n, strlen(want));
    assert_string_equal(d, want);
    rg_mem_free(d);
}

static void check_encodes(const char *text, int alphabet, const char *want)
{
    int oom = 1;
    char *c = rg_lz_compress(text, strlen(text), alphabet, &oom);
    assert_false(oom);
    assert_non_null(c);
    assert_string_equal(c, want);
    rg_mem_free(c);
}

/* Two small vectors also worked out by hand from the algorithm: "a" is
 * the marker 0 in 2 bits, 'a' in 8 bits, the end mark 2 in 3 bits. */
static void by_hand(void **state)
{
    (void)state;
    check_encodes("a", RG_LZ_BASE64, "IZA=");
    check_encodes("a", RG_LZ_URI, "IZA");
    check_encodes("", RG_LZ_BASE64, "Q===");
    check_decodes("IZA=", "a");
    check_decodes("IZA", "a");
}

static void javascript_vectors(void **state)
{
    (void)state;
    char *all = slurp("tests/data/lzstring/vectors.jsonl");
    int count = 0;
    for (char *line = strtok(all, "\n"); line; line = strtok(NULL, "\n")) {
        cJSON *v = cJSON_Parse(line);
        assert_non_null(v);
        const char *text = cJSON_GetObjectItem(v, "text")->valuestring;
        const char *b64 = cJSON_GetObjectItem(v, "base64")->valuestring;
        const char *uri = cJSON_GetObjectItem(v, "uri")->valuestring;
        check_encodes(text, RG_LZ_BASE64, b64);
        check_encodes(text, RG_LZ_URI, uri);
        if (text[0]) { /* the library reads "" as no string at all */
            check_decodes(b64, text);
            check_decodes(uri, text);
        }
        cJSON_Delete(v);
        count++;
    }
    assert_true(count >= 9);
    free(all);
}

/* Each string decodes to JSON with a size, and compresses back to itself. */
static void corpus_strings(void **state)
{
    (void)state;
    char *all = slurp("corpus/fpuzzles/sample.jsonl");
    int count = 0;
    for (char *line = strtok(all, "\n"); line; line = strtok(NULL, "\n")) {
        cJSON *v = cJSON_Parse(line);
        assert_non_null(v);
        const char *s = cJSON_GetObjectItem(v, "fpuzzles")->valuestring;
        size_t n = 0;
        int oom = 0;
        char *d = rg_lz_decompress(s, strlen(s), &n, &oom);
        assert_non_null(d);
        cJSON *json = cJSON_Parse(d);
        assert_non_null(json);
        assert_true(cJSON_IsNumber(cJSON_GetObjectItem(json, "size")));
        cJSON_Delete(json);
        char *c = rg_lz_compress(d, n, RG_LZ_BASE64, &oom);
        assert_non_null(c);
        assert_string_equal(c, s);
        rg_mem_free(c);
        rg_mem_free(d);
        cJSON_Delete(v);
        count++;
    }
    assert_int_equal(count, 22);
    free(all);
}

/* Random UTF-8 text: ASCII, two- and three-byte letters and astral ones
 * (surrogate pairs), long enough for codes wider than 16 bits. */
static void round_trips(void **state)
{
    (void)state;
    static const char *const pieces[] = {"a", "b", "{\"", "\":", "12", " ",
                                         "é", "π", "€",   "𝄞",   "😀"};
    unsigned seed = 7;
    int rounds = t_rounds(40, 10, 3);
    for (int round = 0; round < rounds; round++) {
        size_t len = round == 0 ? 0 : round == 1 ? 300000 : (size_t)(seed % 5000);
        char *s = malloc(len * 4 + 1), *o = s;
        assert_non_null(s);
        for (size_t i = 0; i < len; i++) {
            seed = seed * 1103515245u + 12345u;
            const char *p = pieces[(seed >> 16) % (round == 1 ? 11 : 1 + round % 11)];
            size_t k = strlen(p);
            memcpy(o, p, k);
            o += k;
        }
        *o = 0;
        for (int alphabet = RG_LZ_BASE64; alphabet <= RG_LZ_URI; alphabet++) {
            int oom = 0;
            char *c = rg_lz_compress(s, strlen(s), alphabet, &oom);
            assert_non_null(c);
            size_t n = 0;
            char *d = rg_lz_decompress(c, strlen(c), &n, &oom);
            assert_non_null(d);
            assert_int_equal(n, strlen(s));
            assert_memory_equal(d, s, n);
            rg_mem_free(c);
            rg_mem_free(d);
        }
        free(s);
    }
}

static void refusals(void **state)
{
    (void)state;
    size_t n;
    int oom = 1;
    assert_null(rg_lz_decompress("", 0, &n, &oom));
    assert_false(oom);
    assert_null(rg_lz_decompress("N4Ig*A", 6, &n, &oom)); /* no letter of either alphabet */
    assert_false(oom);
    assert_null(rg_lz_decompress("////////", 8, &n, &oom)); /* a code never defined */
    assert_null(rg_lz_decompress("I", 1, &n, &oom));        /* cut: the library gives "" */
    check_decodes("IZ", "a"); /* the end mark's last bit read past the end, as zeros */
    assert_null(rg_lz_compress("\xff", 1, RG_LZ_BASE64, &oom)); /* not UTF-8 */
    assert_false(oom);
    assert_null(rg_lz_compress("\xed\xa0\x80", 3, RG_LZ_BASE64, &oom)); /* a surrogate */
    /* A space is the '+' a URL turned into one. */
    check_decodes("P GoJAPAgsG4eLsAQPYGsg==", "ÿ€π𝄞 ok");
}

/* The public entries: the same strings, and their errors as records. */
static void public_entries(void **state)
{
    (void)state;
    rg_error e;
    size_t n = 0;
    char *s = rg_lzstring_compress("Hello, world", 12, 0, &e);
    assert_string_equal(s, "BIUwNmD2A0AEDukBOYAmQ===");
    rg_string_free(s);
    s = rg_lzstring_compress("aaaaaaaaaaaaaaaaaaaa", 20, 1, &e);
    assert_string_equal(s, "IY1-kA");
    char *d = rg_lzstring_decompress(s, strlen(s), &n, &e);
    assert_int_equal(n, 20);
    assert_string_equal(d, "aaaaaaaaaaaaaaaaaaaa");
    rg_string_free(d);
    rg_string_free(s);
    assert_null(rg_lzstring_decompress("N4Ig*", 5, &n, &e));
    assert_int_equal(e.code, RG_E_FORMAT);
    assert_null(rg_lzstring_compress("\xc3", 1, 0, &e));
    assert_int_equal(e.code, RG_E_FORMAT);
    assert_non_null(strstr(e.message, "not UTF-8"));
}

/* Every allocation failing in turn: NULL with oom set, nothing held. */
static void out_of_memory(void **state)
{
    (void)state;
    const char *text = "{\"size\":4,\"grid\":[[{},{}]],\"title\":\"π\"}";
    for (long k = 1;; k++) {
        int oom = 0;
        rg_mem_fail_after(k);
        char *c = rg_lz_compress(text, strlen(text), RG_LZ_BASE64, &oom);
        rg_mem_fail_after(0);
        if (c) {
            size_t n;
            for (long j = 1;; j++) {
                rg_mem_fail_after(j);
                char *d = rg_lz_decompress(c, strlen(c), &n, &oom);
                rg_mem_fail_after(0);
                if (d) {
                    rg_mem_free(d);
                    break;
                }
                assert_true(oom);
            }
            rg_mem_free(c);
            break;
        }
        assert_true(oom);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(by_hand, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(javascript_vectors, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(corpus_strings, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(round_trips, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(refusals, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(public_entries, t_mem_setup, t_mem_teardown),
        cmocka_unit_test_setup_teardown(out_of_memory, t_mem_setup, t_mem_teardown),
    };
    return t_done(cmocka_run_group_tests(tests, NULL, NULL));
}
