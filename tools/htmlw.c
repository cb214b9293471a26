/* The HTML pages' writer: escaping, the page frame and bar charts. */
#include "htmlw.h"

#include <math.h>
#include <string.h>

#include "utf8.h"

/* Is the well-formed character of n bytes at s a control (C0 but tab and
 * newline, DEL, C1) or U+FFFE or U+FFFF? */
static int unwanted(const unsigned char *s, int n)
{
    return (n == 1 && ((s[0] < 0x20 && s[0] != '\t' && s[0] != '\n') || s[0] == 0x7f)) ||
           (n == 2 && s[0] == 0xc2 && s[1] < 0xa0) ||
           (n == 3 && s[0] == 0xef && s[1] == 0xbf && s[2] >= 0xbe);
}

void htmlw_text(FILE *f, const char *s)
{
    const unsigned char *p = (const unsigned char *)(s ? s : "");
    while (*p) {
        int n = utf8_len(p);
        switch (*p) {
        case '&': fputs("&amp;", f); break;
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '"': fputs("&quot;", f); break;
        case '\'': fputs("&#39;", f); break;
        default:
            if (!n || unwanted(p, n))
                fputs("\xef\xbf\xbd", f);
            else
                fwrite(p, 1, (size_t)n, f);
        }
        p += n ? n : 1;
    }
}

static const char *const style =
    "body{font-family:sans-serif;margin:1.5em auto;max-width:72em;padding:0 1em;color:#222}\n"
    "h1{font-size:1.5em}h2{font-size:1.2em;margin-top:1.6em;border-bottom:1px solid #ccc}\n"
    "figure{display:inline-block;margin:0.5em 1em 0.5em 0;vertical-align:top}\n"
    "figcaption{font-size:0.9em;color:#555;text-align:center}\n"
    "table{border-collapse:collapse;font-size:0.9em}\n"
    "th,td{border:1px solid #ccc;padding:0.2em 0.5em}td.num{text-align:right}\n"
    ".note{color:#a05000}\n";

void htmlw_begin(FILE *f, const char *title, const char *extra_css)
{
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
          "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>",
          f);
    htmlw_text(f, title);
    fprintf(f, "</title>\n<style>\n%s%s</style>\n</head>\n<body>\n", style,
            extra_css ? extra_css : "");
}

void htmlw_end(FILE *f, const char *script)
{
    if (script) fprintf(f, "<script>\n%s</script>\n", script);
    fputs("</body>\n</html>\n", f);
}

void htmlw_svg(FILE *f, const char *svg, size_t len)
{
    const char *s = svg;
    if (len >= 5 && strncmp(s, "<?xml", 5) == 0) {
        const char *e = memchr(s, '>', len);
        if (e) {
            e++;
            if (e < svg + len && *e == '\n') e++;
            len -= (size_t)(e - s);
            s = e;
        }
    }
    fwrite(s, 1, len, f);
}

enum { BAR_H = 22, LABEL_W = 260, BAR_W = 360, VALUE_W = 140, TOP = 28 };

static int usable(double v) { return isfinite(v) && v >= 0; }

void htmlw_bar_chart(FILE *f, const htmlw_chart *c)
{
    double max = 0;
    for (int i = 0; i < c->n; i++)
        if (usable(c->value[i]) && c->value[i] > max) max = c->value[i];
    int w = LABEL_W + BAR_W + VALUE_W, h = TOP + c->n * BAR_H + 8;
    fprintf(f,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"%s\" width=\"%d\" height=\"%d\" "
            "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"12\">\n"
            "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n"
            "<text x=\"4\" y=\"18\" font-size=\"14\" font-weight=\"bold\">",
            c->cls, w, h, w, h);
    htmlw_text(f, c->title);
    fputs("</text>\n", f);
    for (int i = 0; i < c->n; i++) {
        double v = c->value[i];
        int y = TOP + i * BAR_H;
        double bw = usable(v) && max > 0 ? BAR_W * v / max : 0;
        if (usable(v) && v > 0 && bw < 1) bw = 1;
        fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">", LABEL_W - 6, y + 15);
        htmlw_text(f, c->label[i]);
        fprintf(f,
                "</text>\n<rect class=\"bar\" x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%d\" "
                "fill=\"#4a7ab8\"/>\n<text x=\"%.1f\" y=\"%d\">",
                LABEL_W, y + 3, bw, BAR_H - 6, LABEL_W + bw + 5, y + 15);
        if (usable(v)) {
            fprintf(f, c->format, v);
            if (c->unit[0]) fputc(' ', f);
            htmlw_text(f, c->unit);
        } else {
            fputs("–", f);
        }
        fputs("</text>\n", f);
    }
    fputs("</svg>\n", f);
}
