/* Helpers for the explain hooks of rulegrid's plugins (why_util.c): a
 * growing text, digit lists with "and" or "or", cell names through the
 * host, and the check that the host has the why_* calls. */
#ifndef RG_WHY_UTIL_H
#define RG_WHY_UTIL_H

#include <stddef.h>

#include "hook_util.h"
#include "rulegrid/plugin.h"

/* The text of a step being written (t.oom is set on a failed allocation). */
typedef struct wu_text {
    const rg_host *h;
    rg_why *w;
    hu_text t;
} wu_text;

/* Does host have every why_* call (a host older than the explain hook does
 * not)? A hook returns RG_OK and writes nothing when it has not. */
int wu_ready(const rg_host *h);
/* Start a text for the step w. */
void wu_start(wu_text *t, const rg_host *h, rg_why *w);
void wu_add(wu_text *t, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* "3, 5 or 7" (conj "or") or "3, 5 and 7"; "nothing" for an empty mask. */
void wu_digits(wu_text *t, rg_mask m, const char *conj);
/* "r1c1" / "r1c1 r1c2". */
void wu_cells(wu_text *t, const int *cells, int n);
/* Hand the text to why_text under technique and free it: RG_OK or RG_E_NOMEM. */
int wu_finish(wu_text *t, const char *technique);
/* Free without writing (a hook that found nothing to say). */
void wu_free(wu_text *t);

#endif
