/* A progress line on standard error for long runs of `rulegrid` and
 * rulegrid-bench: puzzles done, the rate and the time left, redrawn a few
 * times a second, erased at the end. Drawn only on a terminal. */
#ifndef RG_PROGRESS_H
#define RG_PROGRESS_H

typedef struct progress {
    int on;       /* drawing allowed: standard error is a terminal */
    int drawn;    /* a line is on the screen now */
    double start; /* monotonic seconds at progress_begin */
    double next;  /* no redraw before this */
    char label[160];
} progress;

/* Seconds of a monotonic clock. */
double progress_now(void);
/* Is standard error a terminal? */
int progress_terminal(void);
/* A line labelled label (copied), drawn only when wanted is set and standard
 * error is a terminal, and not before the run is half a second old. */
void progress_begin(progress *p, const char *label, int wanted);
/* done of total puzzles (total 0 or below done: unknown, no time left shown).
 * Does nothing (not even read the clock) when the line is off. */
void progress_update(progress *p, long done, long total);
/* Erases the line, before other writes to standard error; the next update
 * draws it again. */
void progress_clear(progress *p);
/* Erases the line for good. */
void progress_end(progress *p);

#endif
