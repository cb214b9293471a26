/* Messages on a terminal: formatted whole (a path in them is never cut) and
 * with every control character written as '?' (utf8.h), as the library's
 * errors are (rg_error_format). Shared by the command, its option parser
 * and the benchmark harness. */
#ifndef RG_TOOLS_SAY_H
#define RG_TOOLS_SAY_H

#include <stdarg.h>
#include <stdio.h>

/* fmt's text in a buffer of its own length (free it), NULL without memory. */
char *say_vformat(const char *fmt, va_list ap);
/* "who: text" and a newline on f, the text as above ("out of memory" when
 * it cannot be formatted); the text alone when who is NULL. On standard
 * error, standard output is flushed first. */
void say_v(FILE *f, const char *who, const char *fmt, va_list ap);
/* say_v on standard error. */
void say_as(const char *who, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* fmt's text and a newline on f, its control characters as '?': a line of
 * a listing that shows names and paths as they were given. */
void say_line(FILE *f, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Standard output flushed at a program's end: 0, or 1 after saying on
 * standard error that what was written could not all be written (a full
 * disk, a closed pipe), so that the program does not exit as if it had. */
int say_stdout_flushed(const char *who);

#endif
