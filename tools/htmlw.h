/* The static HTML pages of `rulegrid report` and `rulegrid-bench --html`:
 * the escaper of text and attributes, one page's head (with the shared
 * style) and end, inline SVG, and a bar chart drawn as SVG. Nothing is
 * fetched: a page is one file that any browser opens as it is. */
#ifndef RG_HTMLW_H
#define RG_HTMLW_H

#include <stddef.h>
#include <stdio.h>

/* s (NULL: nothing) with & < > " ' as entities; each byte that starts no
 * well-formed UTF-8 sequence (RFC 3629), each control character but tab
 * and newline (C0, DEL, C1) and U+FFFE and U+FFFF as U+FFFD, so that text
 * and attribute values are both safe. */
void htmlw_text(FILE *f, const char *s);
/* <!DOCTYPE html> through <body>: the title (escaped), the shared style and
 * extra_css (raw, may be NULL). */
void htmlw_begin(FILE *f, const char *title, const char *extra_css);
/* script (raw, may be NULL) in a <script> element, then </body></html>. */
void htmlw_end(FILE *f, const char *script);
/* An SVG document of len bytes inline: without its XML declaration. */
void htmlw_svg(FILE *f, const char *svg, size_t len);

/* One horizontal bar chart as inline SVG: n bars labelled label[i] with
 * value[i] (negative or non-finite values are drawn as no bar and "–"),
 * the value printed with format ("%.1f") after the bar and unit. */
typedef struct htmlw_chart {
    const char *title; /* a caption above the bars */
    const char *unit;  /* after each value ("µs"), may be "" */
    const char *format;
    const char *cls; /* class of the <svg> element */
    int n;
    const char *const *label;
    const double *value;
} htmlw_chart;
void htmlw_bar_chart(FILE *f, const htmlw_chart *c);

#endif
