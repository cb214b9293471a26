/* Assignments against a model's rules (check.c). */
#ifndef RG_MODEL_CHECK_H
#define RG_MODEL_CHECK_H

struct rg_model;

/* values[cell] is a digit, 0 for empty. The first rule the placed digits
 * break directly (two equal digits in one house, a clue whose cells are all
 * placed and wrong), or -1. */
int rg_check_broken(const struct rg_model *m, const int *values);
/* A complete assignment: -1 when it satisfies every rule, the index of a
 * rule it breaks, or -2 when a value is out of range or missing. */
int rg_check_values(const struct rg_model *m, const int *values);
/* rg_check_values for a complete assignment known to keep the root domains
 * and the peer graph (every digit in range and allowed in its cell, no two
 * cells of a house or a must-differ pair alike), as the search's fixpoints
 * do once their naked singles have left their peers: the propagators'
 * checks alone. -1 or the index of a rule it breaks. */
int rg_check_rules(const struct rg_model *m, const int *values);

#endif
