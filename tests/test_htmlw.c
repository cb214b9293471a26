/* The HTML pages' escaper (tools/htmlw.c, compiled in): & < > " ' become
 * entities; tab, newline and well-formed UTF-8 (two-, three- and four-byte
 * characters) stay as they are; each byte that starts no well-formed UTF-8
 * sequence (RFC 3629), each other control character (C0, DEL, C1) and
 * U+FFFE and U+FFFF become U+FFFD. */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "htmlw.h"

#define R "\xef\xbf\xbd" /* U+FFFD */

static char *escaped(const char *s)
{
    char *out = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&out, &n);
    assert_non_null(f);
    htmlw_text(f, s);
    fclose(f);
    return out;
}

static void expect(const char *in, const char *want)
{
    char *got = escaped(in);
    assert_string_equal(got, want);
    free(got);
}

static void entities(void **state)
{
    (void)state;
    expect("a<b>&\"c'", "a&lt;b&gt;&amp;&quot;c&#39;");
    expect(NULL, "");
    expect("tab\there\nline", "tab\there\nline");
}

static void valid_utf8_kept(void **state)
{
    (void)state;
    const char *s = "\xc2\xa0\xc3\xa9\xe2\x82\xac\xed\x9f\xbf\xee\x80\x80\xef\xbf\xbd"
                    "\xf0\x9f\x98\x80\xf0\x90\x80\x80\xf4\x8f\xbf\xbf";
    expect(s, s);
}

static void broken_utf8(void **state)
{
    (void)state;
    expect("a\xed\xa0\x80"
           "b\xf5\x80\x80\x80"
           "c\xe0\x80\xaf"
           "d",
           "a" R R R "b" R R R R "c" R R R "d");
    expect("\xe0\x9f\xbf|\xf0\x8f\xbf\xbf|\xf4\x90\x80\x80|\xed\xbf\xbf",
           R R R "|" R R R R "|" R R R R "|" R R R);
    expect("\xc0\xaf|\xff|\x80|\xe2\x82|\xf0\x9f\x98", R R "|" R "|" R "|" R R "|" R R R);
}

static void controls(void **state)
{
    (void)state;
    expect("\x01|\r|\x7f|\xc2\x80|\xc2\x9f|\xef\xbf\xbe|\xef\xbf\xbf",
           R "|" R "|" R "|" R "|" R "|" R "|" R);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(entities),
        cmocka_unit_test(valid_utf8_kept),
        cmocka_unit_test(broken_utf8),
        cmocka_unit_test(controls),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
