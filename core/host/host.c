/* The host table lent to every plugin: it gathers the calls of the modules
 * that implement them: registration (through the registrar), the board and
 * model building (model/build.c), the field readers (rules/read.c), pruning
 * (search/space.c), the generate and layout hooks' calls (gen/hook.c) and
 * the write hooks' calls (io/out.c), the explain hooks' (explain/why.c) and
 * the draw hooks' (render/draw.c). */
#include <stdarg.h>

#include "explain/why.h"
#include "gen/hook.h"
#include "host/host.h"
#include "host/registry.h"
#include "io/out.h"
#include "model/build.h"
#include "render/draw.h"
#include "rules/read.h"
#include "search/space.h"

/* A registrar is only ever the registry's, which says how to record. */
static int register_type(rg_registrar *reg, const rg_rule_type *type)
{
    return reg ? reg->add(reg, type) : RG_E_PLUGIN;
}

static int read_error(rg_build *b, rg_rule *r, const char *field, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int rc = rg_read_errorv(b, r, field, fmt, ap);
    va_end(ap);
    return rc;
}

static const rg_host table = {
    .size = sizeof(rg_host),
    .abi = RG_ABI_VERSION,
    .register_type = register_type,
    .board = rg_build_board,
    .cell_at = rg_build_cell_at,
    .cell_pos = rg_build_cell_pos,
    .read_cells = rg_read_cells,
    .read_area = rg_read_area,
    .read_cell = rg_read_cell,
    .read_pairs = rg_read_pairs,
    .read_cell_lists = rg_read_cell_lists,
    .read_int = rg_read_int,
    .read_enum = rg_read_enum,
    .read_bool = rg_read_bool,
    .read_digits = rg_read_digits,
    .read_digit_lists = rg_read_digit_lists,
    .read_string = rg_read_string,
    .has = rg_read_has,
    .error = read_error,
    .rule_index = rg_read_rule_index,
    .alloc = rg_build_alloc,
    .add_house = rg_build_add_house,
    .add_grid = rg_build_add_grid,
    .add_differ = rg_build_add_differ,
    .add_unit = rg_build_add_unit,
    .restrict_cell = rg_build_restrict_cell,
    .add_mark = rg_build_add_mark,
    .add_propagator = rg_build_add_propagator,
    .add_state = rg_build_add_state,
    .house_count = rg_build_house_count,
    .house = rg_build_house,
    .grid_count = rg_build_grid_count,
    .grid_origin = rg_build_grid_origin,
    .mark_count = rg_build_mark_count,
    .mark = rg_build_mark,
    .domains = rg_space_domains,
    .remove = rg_space_remove,
    .keep = rg_space_keep,
    .fix = rg_space_fix,
    .state = rg_space_state,
    .gen_board = rg_hook_board,
    .gen_cell_at = rg_hook_cell_at,
    .gen_cell_pos = rg_hook_cell_pos,
    .gen_box_of = rg_hook_box_of,
    .gen_int = rg_hook_int,
    .gen_string = rg_hook_string,
    .gen_random = rg_hook_random,
    .gen_emit = rg_hook_emit,
    .gen_error = rg_hook_error,
    .out_board = rg_out_board,
    .out_cell_at = rg_out_cell_at,
    .out_cell_pos = rg_out_cell_pos,
    .out_has_extras = rg_out_has_extras,
    .out_rule = rg_out_rule,
    .out_json = rg_out_json,
    .cell_houses = rg_build_cell_houses,
    .cell_marks = rg_build_cell_marks,
    .model_data = rg_build_model_data,
    .changes = rg_space_changes,
    .why_text = rg_why_text,
    .why_focus = rg_why_focus,
    .why_cells = rg_why_cells,
    .why_digits = rg_why_digits,
    .why_board = rg_why_board,
    .why_rule = rg_why_rule,
    .draw_poly = rg_draw_poly,
    .draw_circle = rg_draw_circle,
    .draw_text = rg_draw_text,
    .draw_cells = rg_draw_cells,
    .draw_outline = rg_draw_outline,
    .draw_legend = rg_draw_legend,
    .gen_wanted = rg_hook_wanted,
    .add_differ_enforced = rg_build_add_differ_enforced,
};

const rg_host *rg_host_table(void) { return &table; }
