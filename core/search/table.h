/* The named entries of the option tables of rulegrid.h (strategies,
 * heuristics, value orders, statuses): lookups shared by the files that
 * turn those X-macro tables into names, summaries and parsers. */
#ifndef RG_SEARCH_TABLE_H
#define RG_SEARCH_TABLE_H

#include <string.h>

typedef struct rg_table_entry {
    const char *name, *summary;
    unsigned bits; /* strategies: their deductions */
} rg_table_entry;

/* Entry i of a table of n, or NULL when i is out of range. */
static inline const rg_table_entry *rg_table_at(const rg_table_entry *t, int n, int i)
{
    return i >= 0 && i < n ? &t[i] : NULL;
}

/* The index of name in a table of n, -1 when absent (or name is NULL). */
static inline int rg_table_find(const rg_table_entry *t, int n, const char *name)
{
    for (int i = 0; name && i < n; i++)
        if (strcmp(t[i].name, name) == 0) return i;
    return -1;
}

/* The name and summary functions of a table: "?" out of range. */
#define RG_TABLE_NAMES(prefix, table, count)                                                       \
    const char *rg_##prefix##_name(int i)                                                          \
    {                                                                                              \
        const rg_table_entry *e = rg_table_at(table, count, i);                                    \
        return e ? e->name : "?";                                                                  \
    }                                                                                              \
    const char *rg_##prefix##_summary(int i)                                                       \
    {                                                                                              \
        const rg_table_entry *e = rg_table_at(table, count, i);                                    \
        return e ? e->summary : "?";                                                               \
    }                                                                                              \
    int rg_##prefix##_parse(const char *name) { return rg_table_find(table, count, name); }

#endif
