/* Reading JSON text (text.c). */
#ifndef RG_IO_TEXT_H
#define RG_IO_TEXT_H

#include <stddef.h>

#include "rulegrid/rulegrid.h"

struct cJSON;

/* Is t[0..len) only spaces, tabs and line ends? */
int rg_text_is_blank(const char *t, size_t len);
/* text[0..len) as one JSON object into *out (free with cJSON_Delete). An
 * empty text, JSON that is malformed (RFC 8259, strictly: rg_json_check) or
 * truncated, text after the document and a value that is no object are
 * RG_E_FORMAT errors that say where; RG_E_NOMEM when memory ran out;
 * RG_E_TIME when deadline (rg_json_read_by; 0: none) passed first. */
int rg_text_parse_object(const char *text, size_t len, double deadline, struct cJSON **out,
                         rg_error *err);

#endif
