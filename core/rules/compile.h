/* Compiling rules into a model (compile.c): each rule through its type's
 * compile hook, then the link phase and the search tables. */
#ifndef RG_RULES_COMPILE_H
#define RG_RULES_COMPILE_H

#include "rulegrid/plugin.h"
#include "rulegrid/rulegrid.h"

struct cJSON;
struct rg_model;

/* Compile rule index (json, the index-th rule, of type) into m: the type's
 * compile, then the refusal of fields no reader took. Rules are added in
 * order. err gets the rule's index and type. */
int rg_compile_rule(struct rg_model *m, const rg_rule_type *type, const struct cJSON *json,
                    int index, rg_error *err);
/* After every rule: the deferred area checks and each type's link in rule
 * order (what rg_compile_finish starts with; a picture needs no more). */
int rg_compile_link(struct rg_model *m, rg_error *err);
/* Has m's deadline (m->deadline; 0: none) passed? Then RG_E_TIME, err
 * saying that the time limit passed while rule index of m's rules was
 * `stage` ("compiled", "linked"; index -1: before the search tables were
 * built), and about no rule; else RG_OK. Free without a deadline. */
int rg_compile_late(const struct rg_model *m, int index, int total, const char *stage,
                    rg_error *err);
/* After every rule: rg_compile_link, then the tables the search reads. */
int rg_compile_finish(struct rg_model *m, rg_error *err);

#endif
