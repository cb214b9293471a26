/* Reading a document into a puzzle (document.c). */
#ifndef RG_IO_DOCUMENT_H
#define RG_IO_DOCUMENT_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "rulegrid/rulegrid.h"

/* text[0..len) as one document into a new puzzle *out (NULL on an error,
 * which names the rule, field and reason; file and line are the caller's).
 * deadline: an rg_clock_now() reading (base/clock.h) at which reading gives
 * up with RG_E_TIME, nothing kept; 0 none. It is read before anything, in
 * the JSON check and parse (rg_json_read_by), before each rule's compile
 * and link and before the search tables. */
int rg_document_read(rg_registry *reg, const char *text, size_t len, double deadline,
                     rg_puzzle **out, rg_error *err);
/* The same from a tree already made (the generator's): root is taken over
 * (released here, also on an error), and no text is printed or parsed. */
int rg_document_read_tree(rg_registry *reg, cJSON *root, double deadline, rg_puzzle **out,
                          rg_error *err);

#endif
