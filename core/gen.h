/* Generation internals shared by gen_hook.c (the hooks' host calls) and
 * generate.c (the generator). */
#ifndef RG_GEN_H
#define RG_GEN_H

#include <stdint.h>

#include "internal.h"

struct cJSON;

/* splitmix64: the one random stream of generation (reproducible by seed). */
uint64_t rg_rng_next(uint64_t *state);
uint64_t rg_rng_below(uint64_t *state, uint64_t n); /* uniform in 0..n-1 */

/* The gen_* entries of the host table. */
void rg_host_gen_board(const rg_gen *g, rg_board_info *out);
int rg_host_gen_cell_at(const rg_gen *g, int row, int column);
void rg_host_gen_cell_pos(const rg_gen *g, int cell, int *row, int *column);
int rg_host_gen_box_of(const rg_gen *g, int cell);
long rg_host_gen_int(rg_gen *g, const char *name, long dflt);
const char *rg_host_gen_string(rg_gen *g, const char *name, const char *dflt);
uint64_t rg_host_gen_random(rg_gen *g);
int rg_host_gen_emit(rg_gen *g, const char *rule_json);
int rg_host_gen_error(rg_gen *g, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* Does type t (a registry copy: fields past the plugin's size are zero)
 * have a generate hook; a layout hook? */
int rg_type_can_generate(const rg_rule_type *t);
int rg_type_can_layout(const rg_rule_type *t);
/* Run t's generate hook over templ's board for the complete grid solution,
 * or with solution NULL its layout hook, with settings (an object or NULL)
 * and the random stream *rng; every rule it emits is appended to the array
 * out (*emitted counts them). */
int rg_gen_run(const rg_rule_type *t, const rg_puzzle *templ, const struct cJSON *settings,
               const int *solution, uint64_t *rng, struct cJSON *out, int *emitted,
               rg_error *err);

#endif
