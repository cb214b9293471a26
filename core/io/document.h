/* Reading a document into a puzzle (document.c). */
#ifndef RG_IO_DOCUMENT_H
#define RG_IO_DOCUMENT_H

#include <stddef.h>

#include "rulegrid/rulegrid.h"

/* text[0..len) as one document into a new puzzle *out (NULL on an error,
 * which names the rule, field and reason; file and line are the caller's). */
int rg_document_read(rg_registry *reg, const char *text, size_t len, rg_puzzle **out,
                     rg_error *err);

#endif
