/* The generator record (generator.c; its public calls are in rulegrid.h):
 * a template read as a puzzle and kept as JSON, and its profile. */
#ifndef RG_GEN_GENERATOR_H
#define RG_GEN_GENERATOR_H

#include "gen/profile.h"
#include "rulegrid/rulegrid.h"

struct cJSON;

/* The generator: the template read as a puzzle and as JSON, its profile. */
struct rg_generator {
    rg_registry *reg;
    struct cJSON *board; /* the template's board object */
    struct cJSON *rules; /* the template's rules */
    struct cJSON *meta;  /* the template's meta, or NULL */
    rg_puzzle *templ;    /* the template read as a puzzle */
    rg_profile pf;
    int preset; /* label is a preset name (else a file name) */
    char label[256];
};

#endif
