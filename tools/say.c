/* Messages formatted whole and kept free of control characters (say.h). */
#include "say.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "utf8.h"

char *say_vformat(const char *fmt, va_list ap)
{
    va_list again;
    va_copy(again, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    char *s = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (s) vsnprintf(s, (size_t)n + 1, fmt, again);
    va_end(again);
    return s;
}

void say_v(FILE *f, const char *who, const char *fmt, va_list ap)
{
    char *s = say_vformat(fmt, ap);
    if (s) utf8_no_controls(s);
    /* The results printed so far go first: with both streams in one file
     * a message stays where it was said, after them, whatever stdout's
     * buffer held. */
    if (f == stderr) fflush(stdout);
    if (who)
        fprintf(f, "%s: %s\n", who, s ? s : "out of memory");
    else
        fprintf(f, "%s\n", s ? s : "out of memory");
    free(s);
}

void say_as(const char *who, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    say_v(stderr, who, fmt, ap);
    va_end(ap);
}

void say_line(FILE *f, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    say_v(f, NULL, fmt, ap);
    va_end(ap);
}

int say_stdout_flushed(const char *who)
{
    errno = 0;
    int failed = fflush(stdout) != 0;
    int why = errno;
    if (!failed && !ferror(stdout)) return 0;
    if (failed && why)
        say_as(who, "cannot write standard output: %s", strerror(why));
    else
        say_as(who, "cannot write standard output: a write failed");
    return 1;
}
