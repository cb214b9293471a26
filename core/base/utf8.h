/* UTF-8 as RFC 3629 defines it. Header only: the writers of text call it
 * once a character. */
#ifndef RG_BASE_UTF8_H
#define RG_BASE_UTF8_H

/* The length (1 to 4) of the well-formed UTF-8 sequence that starts at s,
 * or 0 when none does: a byte C0, C1 or F5..FF, a continuation byte, a
 * sequence cut short (by a NUL too), an overlong form (E0 80..9F, F0
 * 80..8F), a UTF-16 surrogate (ED A0..BF) or a code point past U+10FFFF
 * (F4 90..BF). Reads no byte past the first that breaks the sequence, so a
 * NUL-terminated string is never read past its end. */
static inline int rg_utf8_len(const unsigned char *s)
{
    unsigned char c = s[0], lo = 0x80, hi = 0xBF;
    int n;
    if (c < 0x80) return 1;
    if (c >= 0xC2 && c <= 0xDF)
        n = 2;
    else if (c >= 0xE0 && c <= 0xEF)
        n = 3, lo = c == 0xE0 ? 0xA0 : 0x80, hi = c == 0xED ? 0x9F : 0xBF;
    else if (c >= 0xF0 && c <= 0xF4)
        n = 4, lo = c == 0xF0 ? 0x90 : 0x80, hi = c == 0xF4 ? 0x8F : 0xBF;
    else
        return 0;
    for (int i = 1; i < n; i++, lo = 0x80, hi = 0xBF)
        if (s[i] < lo || s[i] > hi) return 0;
    return n;
}

/* The characters a writer that keeps each well-formed sequence and puts
 * '?' for each byte that starts none (the SVG's escaper) shows for s: for
 * the widths of texts. ASCII text has as many as it has bytes. */
static inline int rg_utf8_chars(const char *s)
{
    int n = 0;
    for (const unsigned char *p = (const unsigned char *)s; *p; n++) {
        int k = rg_utf8_len(p);
        p += k ? k : 1;
    }
    return n;
}

#endif
