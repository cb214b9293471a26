/* The progress line of progress.h: when to draw, what it says, and erasing
 * it with a carriage return and the terminal's erase-line sequence. */
#define _POSIX_C_SOURCE 200809L

#include "progress.h"

#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

/* Seconds before the first drawing, and between two. */
#define FIRST_DRAW 0.5
#define REDRAW     0.25

double progress_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int progress_terminal(void) { return isatty(STDERR_FILENO); }

void progress_begin(progress *p, const char *label, int wanted)
{
    memset(p, 0, sizeof *p);
    p->on = wanted && progress_terminal();
    if (!p->on) return;
    snprintf(p->label, sizeof p->label, "%s", label);
    p->start = progress_now();
    p->next = p->start + FIRST_DRAW;
}

/* Columns of the terminal, less one so that the line never wraps. */
static int columns(void)
{
    struct winsize ws;
    if (ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 10) return ws.ws_col - 1;
    return 79;
}

/* "1:05" or "2:03:07". */
static void clock_text(char *buf, size_t n, double seconds)
{
    long s = seconds < 0 ? 0 : seconds > 1e8 ? 99999999 : (long)(seconds + 0.5);
    if (s >= 3600)
        snprintf(buf, n, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
    else
        snprintf(buf, n, "%ld:%02ld", s / 60, s % 60);
}

void progress_update(progress *p, long done, long total)
{
    if (!p->on) return;
    double now = progress_now();
    if (now < p->next) return;
    p->next = now + REDRAW;
    double elapsed = now - p->start, rate = elapsed > 0 ? (double)done / elapsed : 0;
    char counts[128], left[32];
    if (total > 0 && done <= total) {
        clock_text(left, sizeof left, rate > 0 ? (double)(total - done) / rate : 0);
        snprintf(counts, sizeof counts, "%ld/%ld puzzles, %.1f/s, ETA %s", done, total, rate,
                 rate > 0 ? left : "?");
    } else {
        snprintf(counts, sizeof counts, "%ld puzzles, %.1f/s", done, rate);
    }
    /* A label too long for the terminal is cut, never the numbers. */
    int room = columns() - (int)strlen(counts) - 1, n = (int)strlen(p->label);
    if (room < 4)
        fprintf(stderr, "\r%s\033[K", counts);
    else if (n > room)
        fprintf(stderr, "\r%.*s... %s\033[K", room - 3, p->label, counts);
    else
        fprintf(stderr, "\r%s %s\033[K", p->label, counts);
    p->drawn = 1;
}

void progress_clear(progress *p)
{
    if (!p->drawn) return;
    fputs("\r\033[K", stderr);
    p->drawn = 0;
}

void progress_end(progress *p)
{
    progress_clear(p);
    p->on = 0;
}
