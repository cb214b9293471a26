/* Running generate and layout hooks (hook.c): the host calls they make and
 * where their rules go. */
#ifndef RG_GEN_HOOK_H
#define RG_GEN_HOOK_H

#include <stdint.h>

#include "rulegrid/plugin.h"
#include "rulegrid/rulegrid.h"

struct cJSON;

/* Does type t (a registry copy: fields past the plugin's size are zero)
 * have a generate hook; a layout hook? */
int rg_hook_can_generate(const rg_rule_type *t);
int rg_hook_can_layout(const rg_rule_type *t);
/* Run t's generate hook over templ's board for the complete grid solution,
 * or with solution NULL its layout hook, with settings (an object or NULL)
 * and the random stream *rng; every rule it emits is appended to the array
 * out (*emitted, when not NULL, counts them). wanted (per cell, or NULL for
 * every cell) is what gen_wanted answers: the cells the caller will keep
 * rules in; a hook may leave out rules naming others. strict: a member of
 * settings that the hook never asked for (gen_int, gen_string) is an error
 * (a misspelt setting), once the hook has returned; so is a member of later
 * (settings a later run of the same hook will have: a request's repair
 * settings; may be NULL) that is not one of settings and that the hook never
 * asked for. A setting gen_int cannot read as a whole number (a list, an
 * object, null, a string, 4.5, 1e10) is an error either way. */
int rg_hook_run(const rg_rule_type *t, const rg_puzzle *templ, const struct cJSON *settings,
                const struct cJSON *later, const int *solution, const unsigned char *wanted,
                uint64_t *rng, struct cJSON *out, int strict, int *emitted, rg_error *err);

/* The host table's generation calls (plugin.h documents each). */
void rg_hook_board(const rg_gen *g, rg_board_info *out);
int rg_hook_cell_at(const rg_gen *g, int row, int column);
void rg_hook_cell_pos(const rg_gen *g, int cell, int *row, int *column);
int rg_hook_box_of(const rg_gen *g, int cell);
long rg_hook_int(rg_gen *g, const char *name, long dflt);
const char *rg_hook_string(rg_gen *g, const char *name, const char *dflt);
uint64_t rg_hook_random(rg_gen *g);
int rg_hook_emit(rg_gen *g, const char *rule_json);
int rg_hook_wanted(const rg_gen *g, int cell);
int rg_hook_error(rg_gen *g, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

#endif
