/* The puzzle record (record.c): what rulegrid.h's opaque rg_puzzle is. */
#ifndef RG_MODEL_RECORD_H
#define RG_MODEL_RECORD_H

#include "rulegrid/rulegrid.h"

struct cJSON;
struct rg_model;

struct rg_puzzle {
    struct rg_model *model; /* shared (counted) between puzzles of one template */
    int *givens;            /* per cell, 0 = empty */
    int *solution;          /* per cell, or NULL */
    struct cJSON *kept;     /* meta and x- members of the document, or NULL */
};

/* A record of m with no givens; it takes over the caller's reference to m.
 * RG_OK or RG_E_NOMEM (m is then still the caller's). */
int rg_record_new(struct rg_model *m, rg_puzzle **out);
/* A record sharing p's model (a new reference) with a copy of givens (NULL:
 * none), checked to lie in 0..D; without solution or kept members. */
int rg_record_copy(const rg_puzzle *p, const int *givens, rg_puzzle **out, rg_error *err);
/* Releases p and its reference to the model; NULL is fine. */
void rg_record_free(rg_puzzle *p);

#endif
