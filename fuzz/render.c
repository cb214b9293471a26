/* Fuzz target: the SVG renderer (rg_render_svg: core/render and the
 * plugins' draw hooks). A document that reads is drawn twice: with no
 * options, and with options chosen by the input's hash: a scale from a
 * list that holds 0, tiny, usual, the largest taken and out-of-range
 * values (NaN, infinite, negative, past 1000: each must be ignored, which
 * the target checks by comparing the bytes with those of scale 0); values
 * (the document's solution, or digits from the hash, at times no digit of
 * the board); candidates (at times with bits past the digits); focus cells,
 * eliminations and placements (at times off the board); a title and a
 * caption taken from the input's bytes with hostile text put round them
 * (markup, entities, "]]>", control bytes, broken and forbidden UTF-8).
 * Checks:
 *   - the options name a cell or digit the puzzle does not have exactly
 *     when rg_render_svg returns RG_E_FORMAT (both ways), with a message,
 *     no text and no length; otherwise it returns RG_OK (no draw hook
 *     fails on a puzzle that reads, and no allocation failure is injected);
 *   - the text is len bytes without a NUL and is well-formed XML by the
 *     strict checker of tests/svg_check.h, with the one root element svg;
 *   - the title and the caption appear as the documented escaping makes
 *     them (the target's own UTF-8 decoder decides each byte), and so does
 *     the title written by the HTML pages' escaper (tools/htmlw.c, compiled
 *     in as into the command), which also inlines the SVG as it is but for
 *     its declaration;
 *   - the same puzzle and options give the same bytes again.
 * And no leak (fz_end), crash or sanitizer report. */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "htmlw.h"
#include "svg_check.h"

#define MAX_SLICE 96 /* bytes of the input in a title or caption */

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fz_registry();
    return 0;
}

/* ---- What the title and caption must become ----------------------------- */

/* s escaped as docs/render.md (html 0) or tools/htmlw.h (html 1) says,
 * into out (room for 6 bytes a byte of s): & < > " ' as entities; each
 * byte that starts no well-formed UTF-8, each control character (in HTML
 * but tab and newline), DEL, C1, U+FFFE and U+FFFF as '?' (SVG) or U+FFFD
 * (HTML); the rest as it is. */
static void expected(const char *s, char *out, int html)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t n = strlen(s);
    while (*p) {
        int k;
        long v = svg_decode(p, n, &k);
        int keep = html && (v == '\t' || v == '\n');
        const char *r =
            v == '&'    ? "&amp;"
            : v == '<'  ? "&lt;"
            : v == '>'  ? "&gt;"
            : v == '"'  ? "&quot;"
            : v == '\'' ? "&#39;"
            : !keep && (v < 0x20 || (v >= 0x7F && v <= 0x9F) || v == 0xFFFE || v == 0xFFFF)
                ? (html ? "\xef\xbf\xbd" : "?")
                : NULL;
        if (r) {
            size_t m = strlen(r);
            memcpy(out, r, m);
            out += m;
        } else {
            memcpy(out, p, (size_t)k);
            out += k;
        }
        p += k, n -= (size_t)k;
    }
    *out = '\0';
}

/* The HTML page's writer (tools/htmlw.c, compiled in as into the command):
 * the title escaped as htmlw.h says, and the SVG inline as the text after
 * its declaration line. */
static void html(const char *title, const char *svg, size_t len)
{
    char *out = NULL, want[6 * (3 * 16 + MAX_SLICE) + 1];
    size_t n = 0;
    FILE *f = open_memstream(&out, &n);
    if (!f) fz_fail("no memory");
    htmlw_text(f, title);
    fclose(f);
    expected(title, want, 1);
    if (strcmp(out, want)) fz_fail("htmlw_text wrote %s for %s, not %s", out, title, want);
    free(out);
    f = open_memstream(&out, &n);
    if (!f) fz_fail("no memory");
    htmlw_svg(f, svg, len);
    fclose(f);
    const char *root = strstr(svg, "?>\n");
    if (!root || n != len - (size_t)(root + 3 - svg) || memcmp(out, root + 3, n))
        fz_fail("htmlw_svg did not write the SVG after its declaration");
    free(out);
}

/* ---- Options from the hash ------------------------------------------------ */

static const char *const hostile[] = {
    "",
    "<",
    "&",
    "\"'",
    "]]>",
    "\x01\x1f\t\n\r",
    "&amp;",
    "<svg>",
    "\xed\xa0\x80",
    "\xf5\x80\x80\x80",
    "\xe0\x80\xaf",
    "\xf0\x8f\xbf\xbf",
    "\xef\xbf\xbe\xef\xbf\xbf",
    "\xc2\x85\x7f",
    "\xf0\x9f\x98\x80",
    "\xc3\xa9",
    "\xe2\x82",
    "\xff\xfe",
};
#define NHOSTILE (sizeof hostile / sizeof hostile[0])

/* A title or caption: hostile text, a slice of the input (NULs cut it),
 * hostile text. */
static void text_from(char *out, const uint8_t *data, size_t size, uint64_t h)
{
    const char *a = hostile[h % NHOSTILE], *b = hostile[(h >> 8) % NHOSTILE];
    size_t from = size ? (size_t)(h >> 16) % size : 0, n = (size_t)(h >> 32) % (MAX_SLICE + 1);
    if (from + n > size) n = size - from;
    size_t la = strlen(a);
    memcpy(out, a, la);
    memcpy(out + la, data + from, n);
    out[la + n] = '\0';
    strcat(out, b);
}

/* Does o name a cell or digit that a board of N cells and D digits does
 * not have (rulegrid.h: rg_render_svg returns RG_E_FORMAT then)? */
static int names_outside(const rg_render_options *o, int N, int D)
{
    rg_mask full = D >= 32 ? ~(rg_mask)0 : ((rg_mask)1 << D) - 1;
    for (int c = 0; o->values && c < N; c++)
        if (o->values[c] < 0 || o->values[c] > D) return 1;
    for (int c = 0; o->candidates && c < N; c++)
        if (o->candidates[c] & ~full) return 1;
    for (int i = 0; i < o->nfocus; i++)
        if (o->focus[i] < 0 || o->focus[i] >= N) return 1;
    for (int i = 0; i < o->nelim; i++)
        if (o->elim_cells[i] < 0 || o->elim_cells[i] >= N || (o->elim_masks[i] & ~full)) return 1;
    for (int i = 0; i < o->nplace; i++)
        if (o->place_cells[i] < 0 || o->place_cells[i] >= N || o->place_digits[i] < 1 ||
            o->place_digits[i] > D)
            return 1;
    return 0;
}

/* The next choice from the hash stream: a number below n. */
static unsigned pick(uint64_t *h, unsigned n)
{
    *h = *h * 6364136223846793005u + 1442695040888963407u;
    return (unsigned)((*h >> 33) % n);
}

/* Whether this input's options may name cells and digits off the board
 * (one input in four): otherwise every choice below stays on it, so that
 * most inputs are drawn with their options rather than refused. The picks
 * are made alike either way, so the rest of the choices do not move. */
static int wild;

/* A cell: one of the board, or when wild at times just off it. */
static int cell(uint64_t *h, int N)
{
    unsigned k = pick(h, 64);
    int c = (int)pick(h, (unsigned)N);
    if (!wild) k = 63;
    return k == 0 ? -1 : k == 1 ? N : k == 2 ? -2147483647 - 1 : c;
}

/* A digit: one of the board, or when wild at times 0, D + 1 or negative. */
static int digit(uint64_t *h, int D, int zero_ok)
{
    unsigned k = pick(h, 64);
    int d = zero_ok ? (int)pick(h, (unsigned)D + 1) : (int)pick(h, (unsigned)D) + 1;
    if (!wild) k = 63;
    return k == 0 ? 0 : k == 1 ? D + 1 : k == 2 ? -1 : d;
}

/* A set of digits: of the board, or when wild at times with a bit past D. */
static rg_mask mask(uint64_t *h, int D)
{
    rg_mask full = D >= 32 ? ~(rg_mask)0 : ((rg_mask)1 << D) - 1;
    rg_mask m = (rg_mask)pick(h, 1u << 16) | (rg_mask)pick(h, 1u << 16) << 16;
    int past = pick(h, 32) == 0 && wild && D < 32;
    return past ? (m & full) | (rg_mask)1 << D : m & full;
}

static const double scales[] = {0, 0.001, 1, 40, 1000, -1, 1000.5, 1e300, NAN, INFINITY, -INFINITY};
#define NSCALES (sizeof scales / sizeof scales[0])

/* ---- The checks ---------------------------------------------------------- */

/* p drawn with o: rc and the text checked; the text, or NULL (refused). */
static char *draw(const rg_puzzle *p, const rg_render_options *o, int refuse, size_t *len)
{
    char *svg = (char *)1;
    rg_error err;
    *len = 12345;
    int rc = rg_render_svg(p, o, &svg, len, &err);
    if (refuse) {
        if (rc != RG_E_FORMAT)
            fz_fail("options with a cell or digit off the board: rc %d, not RG_E_FORMAT", rc);
        if (err.code != rc || !err.message[0]) fz_fail("a refusal without its code or message");
        if (svg || *len) fz_fail("a refusal with a text");
        return NULL;
    }
    if (rc != RG_OK) fz_fail("rg_render_svg failed (%d): %s", rc, err.message);
    if (!svg) fz_fail("RG_OK and no text");
    if (memchr(svg, '\0', *len) || svg[*len]) fz_fail("the length is not the text's");
    const char *why = svg_check(svg, *len);
    if (why) fz_fail("the SVG is not well-formed XML: %s\n%s", why, svg);
    return svg;
}

/* Drawn twice alike; the title and caption as expected(). */
static void check(const rg_puzzle *p, const rg_render_options *o, int refuse)
{
    size_t len, len2;
    char *svg = draw(p, o, refuse, &len);
    if (!svg) return;
    char *again = draw(p, o, refuse, &len2);
    if (len != len2 || memcmp(svg, again, len)) fz_fail("the same picture twice, other bytes");
    rg_string_free(again);
    if (o) {
        char want[6 * (3 * 16 + MAX_SLICE) + 64], esc[6 * (3 * 16 + MAX_SLICE) + 1];
        if (o->title && o->title[0]) {
            expected(o->title, esc, 0);
            snprintf(want, sizeof want, "<title>%s</title>", esc);
            if (!strstr(svg, want)) fz_fail("the title is not written as %s", want);
            html(o->title, svg, len);
        } else if (strstr(svg, "<title>")) {
            fz_fail("a title element for an empty title");
        }
        if (o->caption && o->caption[0]) {
            expected(o->caption, esc, 0);
            snprintf(want, sizeof want, ">%s</text>", esc);
            if (!strstr(svg, want)) fz_fail("the caption is not written as %s", want);
        }
        /* A scale out of range is ignored: the picture of the default. */
        if (!(o->scale > 0 && o->scale <= 1000) && o->scale != 0) {
            rg_render_options d = *o;
            d.scale = 0;
            char *def = draw(p, &d, 0, &len2);
            if (len != len2 || memcmp(svg, def, len)) fz_fail("scale %g is not ignored", o->scale);
            rg_string_free(def);
        }
    }
    rg_string_free(svg);
}

static void render(const rg_puzzle *p, const uint8_t *data, size_t size, uint64_t h)
{
    int N = rg_puzzle_cells(p), D = rg_puzzle_digits(p);
    check(p, NULL, 0);
    if (N < 1 || D < 1) return;
    uint64_t s = h;
    rg_render_options o;
    rg_render_options_default(&o);
    o.scale = scales[pick(&s, NSCALES)];
    wild = h >> 62 == 0; /* from bits the stream's picks do not consume */
    int *values = NULL, focus[6], elim[6], place[4], pdig[4];
    rg_mask *cand = NULL, emask[6];
    unsigned k = pick(&s, 4);
    if (k == 1 && rg_puzzle_solution(p)) {
        o.values = rg_puzzle_solution(p);
    } else if (k >= 1) {
        values = malloc((size_t)N * sizeof *values);
        if (!values) fz_fail("no memory");
        for (int c = 0; c < N; c++) values[c] = pick(&s, 3) ? 0 : digit(&s, D, 1);
        o.values = values;
    }
    if (pick(&s, 2)) {
        cand = malloc((size_t)N * sizeof *cand);
        if (!cand) fz_fail("no memory");
        for (int c = 0; c < N; c++) cand[c] = pick(&s, 4) ? 0 : mask(&s, D);
        o.candidates = cand;
    }
    o.nfocus = (int)pick(&s, 6);
    o.nelim = (int)pick(&s, 6);
    o.nplace = (int)pick(&s, 4);
    for (int i = 0; i < o.nfocus; i++) focus[i] = cell(&s, N);
    for (int i = 0; i < o.nelim; i++) elim[i] = cell(&s, N), emask[i] = mask(&s, D);
    for (int i = 0; i < o.nplace; i++) place[i] = cell(&s, N), pdig[i] = digit(&s, D, 0);
    o.focus = focus, o.elim_cells = elim, o.elim_masks = emask;
    o.place_cells = place, o.place_digits = pdig;
    char title[2 * 16 + MAX_SLICE + 1], caption[2 * 16 + MAX_SLICE + 1];
    if (pick(&s, 4)) text_from(title, data, size, s), o.title = title;
    if (pick(&s, 4)) text_from(caption, data, size, s), o.caption = caption;
    check(p, &o, names_outside(&o, N, D));
    free(values), free(cand);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return fz_each_document(data, size, render);
}
