/* The registry of rule types (registry.c; its public calls are in
 * rulegrid.h) and the registrar a plugin's init registers through. */
#ifndef RG_HOST_REGISTRY_H
#define RG_HOST_REGISTRY_H

#include "rulegrid/plugin.h"
#include "rulegrid/rulegrid.h"

/* What a plugin's init gets as its registrar: the registry's record of the
 * file being loaded, and the function that records a type (the host
 * table's register_type calls it, so the table needs no registry). */
struct rg_registrar {
    rg_registry *reg;
    const char *file;
    rg_error *err;
    int failed;
    int (*add)(rg_registrar *r, const rg_rule_type *type);
};

/* Record type for the file whose init is running: checks the descriptor and
 * refuses a name registered twice (naming both files). Refused outside
 * init; a refusal marks the registrar failed, which rolls the file back. */
int rg_registry_add_type(rg_registrar *r, const rg_rule_type *type);
/* For an unknown type's message: "; files skipped: " and the skipped files
 * that export our entry, each with why, then the others, names only; into
 * buf (n bytes, cut short when longer), "" when no file was skipped. */
void rg_registry_skipped_note(const rg_registry *reg, char *buf, size_t n);

#endif
