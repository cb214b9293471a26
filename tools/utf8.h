/* UTF-8 as RFC 3629 defines it, for the writers of the command and the
 * benchmark harness (jsonw.c, htmlw.c), and the control characters kept off
 * the terminal (opts.c, cli_input.c). Header only. */
#ifndef RG_TOOLS_UTF8_H
#define RG_TOOLS_UTF8_H

/* The length (1 to 4) of the well-formed UTF-8 sequence that starts at s,
 * or 0 when none does: a byte C0, C1 or F5..FF, a continuation byte, a
 * sequence cut short (by a NUL too), an overlong form, a UTF-16 surrogate
 * or a code point past U+10FFFF. Reads no byte past the first that breaks
 * the sequence. */
static inline int utf8_len(const unsigned char *s)
{
    unsigned c = s[0];
    int n;
    unsigned min;
    if (c < 0x80) return 1;
    if (c >= 0xc2 && c <= 0xdf)
        n = 2, min = 0x80;
    else if (c >= 0xe0 && c <= 0xef)
        n = 3, min = 0x800;
    else if (c >= 0xf0 && c <= 0xf4)
        n = 4, min = 0x10000;
    else
        return 0;
    unsigned cp = c & (0x3f >> (n - 1));
    for (int i = 1; i < n; i++) {
        if ((s[i] & 0xc0) != 0x80) return 0;
        cp = (cp << 6) | (s[i] & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return 0;
    return n;
}

/* Every control character of s written as '?', as rg_error_format does:
 * C0 and DEL, and C1 as UTF-8 (0xC2 0x80 to 0xC2 0x9F, both bytes). Text
 * from the command line or an input then cannot act on a terminal. */
static inline void utf8_no_controls(char *s)
{
    for (unsigned char *b = (unsigned char *)s; *b; b++) {
        if (*b < 0x20 || *b == 0x7F) {
            *b = '?';
        } else if (b[0] == 0xC2 && b[1] >= 0x80 && b[1] <= 0x9F) {
            b[0] = b[1] = '?';
            b++;
        }
    }
}

#endif
