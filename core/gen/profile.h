/* A generation profile (profile.c): the "x-generate" member of a template,
 * read field by field from one table. docs/generate.md describes each
 * field. */
#ifndef RG_GEN_PROFILE_H
#define RG_GEN_PROFILE_H

#include <stdint.h>

#include "rulegrid/rulegrid.h"

struct cJSON;

enum { RG_GIVENS_REMOVE = 0, RG_GIVENS_NONE = 1 };

/* One request of "clues" or "layout": a rule type and its settings. */
typedef struct rg_request {
    const rg_rule_type *type;
    struct cJSON *settings; /* the request without "type" and "repair" */
    struct cJSON *repair;   /* the settings of a regrowth (request's, overridden), or NULL */
} rg_request;

typedef struct rg_profile {
    int givens;        /* RG_GIVENS_* */
    rg_request *clues; /* invented over the solution */
    int nclues;
    rg_request *layout; /* laid out before the fill */
    int nlayout;
    char **thin; /* remove_clues: rule types whose invented rules may go */
    int nthin;
    int symmetry, level, retries;
    uint64_t fill_nodes, count_nodes;
    int repair_rounds;
} rg_profile;

/* Why the level check is refused (the profile's level, and --level): it
 * deduces nothing, so a puzzle would keep every given. */
#define RG_PROFILE_LEVEL_CHECK                                                                     \
    "check deduces nothing, so only a grid with every cell given solves at it without a "          \
    "guess; give forward or a stronger level"

/* Read x (the x-generate value, or NULL for the defaults) into pf; rule
 * types are looked up in reg. Errors name "x-generate.<field>". On an
 * error pf may hold part of the profile: free it anyway. */
int rg_profile_read(rg_registry *reg, const struct cJSON *x, rg_profile *pf, rg_error *err);
void rg_profile_free(rg_profile *pf);
/* Set member name of obj to v (taking v, also on failure), replacing one of
 * that name. RG_OK or RG_E_NOMEM (obj as it was). */
int rg_profile_set(struct cJSON *obj, const char *name, struct cJSON *v);

#endif
