/* LZ-String (pieroxy/lz-string 1.4) in C (lzstring.c): the compression that
 * f-puzzles and SudokuPad links carry, in its base64 and URI-safe forms. */
#ifndef RG_IO_LZSTRING_H
#define RG_IO_LZSTRING_H

#include <stddef.h>

/* The two alphabets of six bits a character: compressToBase64 (A-Z a-z 0-9
 * + /, '=' padding) and compressToEncodedURIComponent (+ - $, no padding). */
enum { RG_LZ_BASE64, RG_LZ_URI };

/* The UTF-8 text that in[0..n) decompresses to (either alphabet, with or
 * without padding, a space read as '+'), NUL-terminated, its length in
 * *len; free with rg_mem_free. NULL when in is no LZ-String, or decodes to a
 * lone surrogate, or memory ran out (*oom set). */
char *rg_lz_decompress(const char *in, size_t n, size_t *len, int *oom);
/* The compression of the UTF-8 text in[0..n), NUL-terminated, as
 * LZString.compressToBase64 / compressToEncodedURIComponent write it; free
 * with rg_mem_free. NULL when in is not UTF-8 or memory ran out (*oom). */
char *rg_lz_compress(const char *in, size_t n, int alphabet, int *oom);

#endif
