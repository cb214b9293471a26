/* Pair operators (format.md 5.1, 5.2) as support tables over digit masks,
 * shared by the relations, neighbours, corners and negatives plugins: one
 * table per operator, parameter and D; one cheap propagator per pair, or per
 * cell for the pairs of one rule (rg_pairop_set). */
#ifndef RG_PAIROP_H
#define RG_PAIROP_H

#include "rulegrid/plugin.h"

/* The operators, in the order of format.md 5.1 then 5.2 (ordered ones last). */
enum {
    RG_OP_DIFFERENT,
    RG_OP_EQUAL,
    RG_OP_CONSECUTIVE,
    RG_OP_NOT_CONSECUTIVE,
    RG_OP_DIFFERENCE,
    RG_OP_NOT_DIFFERENCE,
    RG_OP_DIFFERENCE_AT_LEAST,
    RG_OP_DIFFERENCE_AT_MOST,
    RG_OP_RATIO,
    RG_OP_NOT_RATIO,
    RG_OP_SUM,
    RG_OP_NOT_SUM,
    RG_OP_PRODUCT,
    RG_OP_NOT_PRODUCT,
    RG_OP_SAME_PARITY,
    RG_OP_DIFFERENT_PARITY,
    RG_OP_LESS,
    RG_OP_LESS_EQUAL,
    RG_OP_COUNT
};

/* A binary relation over digits 1..digits: ab[x-1] holds the digits b
 * allowed opposite a = x, ba[y-1] the digits a allowed opposite b = y.
 * With nibbles set (rg_pairop_table_new, at most 12 digits) the same by
 * four digits at a time: nib[0][j][m] the union of ab over the digits 4j +
 * (bits of m), nib[1][j][m] their intersection (all ones for m = 0),
 * nib[2][j][m] the union of ba; the pair propagator reads three words
 * where it would walk a domain's digits. */
typedef struct rg_pairop_table {
    int digits;
    rg_mask ab[RG_MAX_DIGITS];
    rg_mask ba[RG_MAX_DIGITS];
    int nibbles;
    rg_mask nib[3][3][16];
} rg_pairop_table;

/* The operator names, indexed by RG_OP_*, NULL-terminated (for read_enum). */
extern const char *const rg_pairop_names[];

/* Keeps the host table for the calls below: the setup of the plugin's
 * RG_PLUGIN_DEFINE. RG_OK, or RG_E_PLUGIN for a host without the lookups
 * a pair in a house needs (rg_lookups_check). */
int rg_pairop_init(const rg_host *host);

/* Is op ordered (5.2: less, less_equal)? */
int rg_pairop_ordered(int op);

/* Does a op b hold (a, b digits; param the operator's parameter)? */
int rg_pairop_holds(int op, long param, int a, int b);

/* Fills t with op / param over 1..digits. */
void rg_pairop_fill(rg_pairop_table *t, int op, long param, int digits);

/* The full relation (everything allowed) over 1..digits. */
void rg_pairop_fill_all(rg_pairop_table *t, int digits);
/* The nibbles of a filled table of at most 12 digits (else none): what
 * rg_pairop_table_new adds. Changing ab or ba after it (rg_pairop_and)
 * drops them. */
void rg_pairop_fill_nibbles(rg_pairop_table *t);

/* t becomes t AND u (both pairs must hold). */
void rg_pairop_and(rg_pairop_table *t, const rg_pairop_table *u);

/* Digits of a (side 0) or b (side 1) that have any support at all. */
rg_mask rg_pairop_support(const rg_pairop_table *t, int side);

/* The most digits a cell can hold while every digit of it rules out one
 * digit of the other cell (within the digits with support): with more, the
 * pair prunes nothing, so its propagator is woken only at k or fewer
 * (RG_EV_AT_MOST). 0 when nothing is ever ruled out. */
int rg_pairop_wake(const rg_pairop_table *t);

/* The same for one direction: a's digits ruling out one of b's (side 0), or
 * b's ruling out one of a's (side 1). */
int rg_pairop_wake_side(const rg_pairop_table *t, int side);

/* Reads "op" and its parameter field ("value" or "sum", with the range of
 * format.md 5.1) from rule r. allow_ordered refuses less / less_equal when
 * 0. With op_optional, an absent op returns RG_ABSENT. Returns RG_OK or the
 * error code already recorded. */
int rg_pairop_read(rg_build *b, rg_rule *r, int allow_ordered, int op_optional, int *op,
                   long *param);

/* Reads only the parameter of op (used where the op is implied by a kind). */
int rg_pairop_read_param(rg_build *b, rg_rule *r, int op, long *param);

/* A table of op / param allocated from the model (NULL when out of memory). */
const rg_pairop_table *rg_pairop_table_new(rg_build *b, int op, long param);

/* What a pair rule's explain hook says (docs/explain.md, "Techniques of the rule families"): the
 * technique (a string literal: "white dot", "xv", "nonconsecutive" ...)
 * and the operator / parameter the table states, so that the text can say
 * "r1c1 and r1c2 are consecutive". op RG_OP_COMBINED: the table is the
 * combination of negative constraints (the text names the dots and XV
 * pairs the table rules out). */
#define RG_OP_COMBINED (-1)

/* A clue whose absence a negative constraint states, for the text of a
 * combined table: kropki white / black, X, V, and the valued kinds. */
enum {
    RG_CLUE_WHITE,
    RG_CLUE_BLACK,
    RG_CLUE_X,
    RG_CLUE_V,
    RG_CLUE_DIFFERENCE,
    RG_CLUE_RATIO,
    RG_CLUE_PRODUCT,
    RG_CLUE_SUM
};
typedef struct rg_pairop_clue {
    int kind;
    long value; /* the valued kinds' */
} rg_pairop_clue;

typedef struct rg_pairop_why {
    const char *technique;
    int op;
    long param;
    /* With RG_OP_COMBINED: the clues (at most 32) the negatives of the
     * document are about; the text names those whose every pair the table
     * rules out. NULL: the dots, X and V. */
    const rg_pairop_clue *clues;
    int nclues;
} rg_pairop_why;

/* Adds the pair rule "t holds for (a, c)": the digits without support leave
 * the root domains, and one binary propagator (counted under family, which
 * must outlive the model, e.g. a string literal) prunes both cells to arc
 * consistency; its explain hook speaks as why says (copied). Returns RG_OK
 * or an error code. */
int rg_pairop_add(rg_build *b, const rg_pairop_table *t, int a, int c, const char *family,
                  const rg_pairop_why *why);

/* Adds op / param on (a, c): a must-differ edge of the core for
 * "different", else as rg_pairop_add with table t (which the caller made
 * for op / param; may be NULL for "different") explained as technique. */
int rg_pairop_add_op(rg_build *b, int op, long param, const rg_pairop_table *t, int a, int c,
                     const char *family, const char *technique);

/* A set of pair rules stated by one rule (the pairs of a relation, the
 * negatives' pairs), propagated as one propagator per cell:
 * the propagator of cell x watches x alone and narrows each partner y of x
 * to the digits some digit of x allows, so that a change of x wakes one
 * propagator, whatever the number of its pairs. Both directions together
 * make each pair arc consistent, the fixpoint of rg_pairop_add. */
typedef struct rg_pairop_set rg_pairop_set;

/* A set for at most npairs pairs, counted under family and explained as
 * why says (copied; NULL as for rg_pairop_add). NULL when out of memory. */
rg_pairop_set *rg_pairop_set_new(rg_build *b, int npairs, const char *family,
                                 const rg_pairop_why *why);

/* As rg_pairop_add: the digits without support leave the root domains, and
 * the pair joins the set unless it allows everything left. RG_OK or an
 * error code. */
int rg_pairop_set_add(rg_build *b, rg_pairop_set *s, const rg_pairop_table *t, int a, int c);

/* Adds op on (a, c): a must-differ edge of the core for "different", else
 * as rg_pairop_set_add with table t (made for op; may be NULL for
 * "different"). */
int rg_pairop_set_add_op(rg_build *b, rg_pairop_set *s, int op, const rg_pairop_table *t, int a,
                         int c);

/* Adds the set's propagators, one per cell of its pairs, in cell order.
 * RG_OK or an error code. */
int rg_pairop_set_close(rg_build *b, rg_pairop_set *s);

#endif
