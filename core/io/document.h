/* Reading a document into a puzzle (document.c). */
#ifndef RG_IO_DOCUMENT_H
#define RG_IO_DOCUMENT_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "rulegrid/rulegrid.h"

/* text[0..len) as one document into a new puzzle *out (NULL on an error,
 * which names the rule, field and reason; file and line are the caller's). */
int rg_document_read(rg_registry *reg, const char *text, size_t len, rg_puzzle **out,
                     rg_error *err);
/* The same from a tree already made (the generator's): root is taken over
 * (released here, also on an error), and no text is printed or parsed. */
int rg_document_read_tree(rg_registry *reg, cJSON *root, rg_puzzle **out, rg_error *err);

#endif
