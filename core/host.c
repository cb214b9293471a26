/* The host table lent to every plugin: registration, the board, the field
 * readers (fields.c), model building (model.c), pruning (engine.c) and the
 * generate hooks' calls (gen_hook.c) and the write hooks' calls (write.c). */
#include "gen.h"
#include "model.h"

static int register_type(rg_registrar *reg, const rg_rule_type *type)
{
    return rg_registry_add_type(reg, type);
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
    .board = rg_host_board,
    .cell_at = rg_host_cell_at,
    .cell_pos = rg_host_cell_pos,
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
    .alloc = rg_host_alloc,
    .add_house = rg_host_add_house,
    .add_grid = rg_host_add_grid,
    .add_differ = rg_host_add_differ,
    .add_unit = rg_host_add_unit,
    .restrict_cell = rg_host_restrict_cell,
    .add_mark = rg_host_add_mark,
    .add_propagator = rg_host_add_propagator,
    .add_state = rg_host_add_state,
    .house_count = rg_host_house_count,
    .house = rg_host_house,
    .grid_count = rg_host_grid_count,
    .grid_origin = rg_host_grid_origin,
    .mark_count = rg_host_mark_count,
    .mark = rg_host_mark,
    .domains = rg_host_domains,
    .remove = rg_host_remove,
    .keep = rg_host_keep,
    .fix = rg_host_fix,
    .state = rg_host_state,
    .gen_board = rg_host_gen_board,
    .gen_cell_at = rg_host_gen_cell_at,
    .gen_cell_pos = rg_host_gen_cell_pos,
    .gen_box_of = rg_host_gen_box_of,
    .gen_int = rg_host_gen_int,
    .gen_string = rg_host_gen_string,
    .gen_random = rg_host_gen_random,
    .gen_emit = rg_host_gen_emit,
    .gen_error = rg_host_gen_error,
    .out_board = rg_out_board,
    .out_cell_at = rg_out_cell_at,
    .out_cell_pos = rg_out_cell_pos,
    .out_has_extras = rg_out_has_extras,
    .out_rule = rg_out_rule,
    .out_json = rg_out_json,
};

const rg_host *rg_host_table(void) { return &table; }
