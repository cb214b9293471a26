/* The built-in presets of the generator: each is a template document whose
 * "x-generate" member is its generation profile (docs/generate.md). The
 * table is the whole of it; generate.c reads an entry like any template. */
#include <string.h>

#include "rulegrid/rulegrid.h"

typedef struct preset {
    const char *name, *summary, *document;
} preset;

static const preset presets[] = {
    {"classic4", "4x4 with 2x2 boxes",
     "{\"format\":\"rulegrid\",\"version\":1,\"board\":{\"rows\":4,\"columns\":4,\"digits"
     "\":4},\"rules\":[{\"type\":\"box_grid\",\"origin\":\"r1c1\",\"box\":[2,2]}],\"x-gene"
     "rate\":{\"summary\":\"4x4 with 2x2 boxes\",\"givens\":\"remove\"}}"},
    {"classic6", "6x6 with 2x3 boxes",
     "{\"format\":\"rulegrid\",\"version\":1,\"board\":{\"rows\":6,\"columns\":6,\"digits"
     "\":6},\"rules\":[{\"type\":\"box_grid\",\"origin\":\"r1c1\",\"box\":[2,3]}],\"x-gene"
     "rate\":{\"summary\":\"6x6 with 2x3 boxes\",\"givens\":\"remove\"}}"},
    {"classic9", "classic 9x9",
     "{\"format\":\"rulegrid\",\"version\":1,\"board\":{\"rows\":9,\"columns\":9,\"digits"
     "\":9},\"rules\":[{\"type\":\"box_grid\",\"origin\":\"r1c1\",\"box\":[3,3]}],\"x-gene"
     "rate\":{\"summary\":\"classic 9x9\",\"givens\":\"remove\"}}"},
    {"classic16", "16x16 with 4x4 boxes",
     "{\"format\":\"rulegrid\",\"version\":1,\"board\":{\"rows\":16,\"columns\":16,\"digi"
     "ts\":16},\"rules\":[{\"type\":\"box_grid\",\"origin\":\"r1c1\",\"box\":[4,4]}],\"x-g"
     "enerate\":{\"summary\":\"16x16 with 4x4 boxes\",\"givens\":\"remove\",\"count_no"
     "des\":2000}}"},
    {"x", "X-sudoku: both long diagonals are regions",
     "{\"format\":\"rulegrid\",\"version\":1,\"board\":{\"rows\":9,\"columns\":9,\"digits"
     "\":9},\"rules\":[{\"type\":\"box_grid\",\"origin\":\"r1c1\",\"box\":[3,3]},{\"type\":"
     "\"region\",\"kind\":\"diagonal\",\"cells\":[\"r1c1\",\"r2c2\",\"r3c3\",\"r4c4\",\"r5c5\""
     ",\"r6c6\",\"r7c7\",\"r8c8\",\"r9c9\"]},{\"type\":\"region\",\"kind\":\"diagonal\",\"cel"
     "ls\":[\"r1c9\",\"r2c8\",\"r3c7\",\"r4c6\",\"r5c5\",\"r6c4\",\"r7c3\",\"r8c2\",\"r9c1\"]}]"
     ",\"x-generate\":{\"summary\":\"X-sudoku: both long diagonals are regions\",\""
     "givens\":\"remove\"}}"},
    {"windoku", "windoku: four extra 3x3 windows",
     "{\"format\":\"rulegrid\",\"version\":1,\"board\":{\"rows\":9,\"columns\":9,\"digits"
     "\":9},\"rules\":[{\"type\":\"box_grid\",\"origin\":\"r1c1\",\"box\":[3,3]},{\"type\":"
     "\"region\",\"kind\":\"window\",\"cells\":[\"r2c2:r4c4\"]},{\"type\":\"region\",\"kind"
     "\":\"window\",\"cells\":[\"r2c6:r4c8\"]},{\"type\":\"region\",\"kind\":\"window\",\"ce"
     "lls\":[\"r6c2:r8c4\"]},{\"type\":\"region\",\"kind\":\"window\",\"cells\":[\"r6c6:r8"
     "c8\"]}],\"x-generate\":{\"summary\":\"windoku: four extra 3x3 windows\",\"give"
     "ns\":\"remove\"}}"},
    {"disjoint", "disjoint groups: the same position in every box is a region",
     "{\"format\":\"rulegrid\",\"version\":1,\"board\":{\"rows\":9,\"columns\":9,\"digits"
     "\":9},\"rules\":[{\"type\":\"box_grid\",\"origin\":\"r1c1\",\"box\":[3,3]},{\"type\":"
     "\"region\",\"kind\":\"disjoint\",\"cells\":[\"r1c1\",\"r1c4\",\"r1c7\",\"r4c1\",\"r4c4\""
     ",\"r4c7\",\"r7c1\",\"r7c4\",\"r7c7\"]},{\"type\":\"region\",\"kind\":\"disjoint\",\"cel"
     "ls\":[\"r1c2\",\"r1c5\",\"r1c8\",\"r4c2\",\"r4c5\",\"r4c8\",\"r7c2\",\"r7c5\",\"r7c8\"]},"
     "{\"type\":\"region\",\"kind\":\"disjoint\",\"cells\":[\"r1c3\",\"r1c6\",\"r1c9\",\"r4c3"
     "\",\"r4c6\",\"r4c9\",\"r7c3\",\"r7c6\",\"r7c9\"]},{\"type\":\"region\",\"kind\":\"disjoi"
     "nt\",\"cells\":[\"r2c1\",\"r2c4\",\"r2c7\",\"r5c1\",\"r5c4\",\"r5c7\",\"r8c1\",\"r8c4\",\""
     "r8c7\"]},{\"type\":\"region\",\"kind\":\"disjoint\",\"cells\":[\"r2c2\",\"r2c5\",\"r2c"
     "8\",\"r5c2\",\"r5c5\",\"r5c8\",\"r8c2\",\"r8c5\",\"r8c8\"]},{\"type\":\"region\",\"kind\""
     ":\"disjoint\",\"cells\":[\"r2c3\",\"r2c6\",\"r2c9\",\"r5c3\",\"r5c6\",\"r5c9\",\"r8c3\","
     "\"r8c6\",\"r8c9\"]},{\"type\":\"region\",\"kind\":\"disjoint\",\"cells\":[\"r3c1\",\"r3"
     "c4\",\"r3c7\",\"r6c1\",\"r6c4\",\"r6c7\",\"r9c1\",\"r9c4\",\"r9c7\"]},{\"type\":\"region"
     "\",\"kind\":\"disjoint\",\"cells\":[\"r3c2\",\"r3c5\",\"r3c8\",\"r6c2\",\"r6c5\",\"r6c8\""
     ",\"r9c2\",\"r9c5\",\"r9c8\"]},{\"type\":\"region\",\"kind\":\"disjoint\",\"cells\":[\"r"
     "3c3\",\"r3c6\",\"r3c9\",\"r6c3\",\"r6c6\",\"r6c9\",\"r9c3\",\"r9c6\",\"r9c9\"]}],\"x-gen"
     "erate\":{\"summary\":\"disjoint groups: the same position in every box is "
     "a region\",\"givens\":\"remove\"}}"},
    {"antiknight", "anti-knight: a knight's move apart, never the same digit",
     "{\"format\":\"rulegrid\",\"version\":1,\"board\":{\"rows\":9,\"columns\":9,\"digits"
     "\":9},\"rules\":[{\"type\":\"box_grid\",\"origin\":\"r1c1\",\"box\":[3,3]},{\"type\":"
     "\"neighbours\",\"kind\":\"antiknight\"}],\"x-generate\":{\"summary\":\"anti-knigh"
     "t: a knight's move apart, never the same digit\",\"givens\":\"remove\"}}"},
    {"antiking", "anti-king: diagonal neighbours differ",
     "{\"format\":\"rulegrid\",\"version\":1,\"board\":{\"rows\":9,\"columns\":9,\"digits"
     "\":9},\"rules\":[{\"type\":\"box_grid\",\"origin\":\"r1c1\",\"box\":[3,3]},{\"type\":"
     "\"neighbours\",\"kind\":\"antiking\"}],\"x-generate\":{\"summary\":\"anti-king: d"
     "iagonal neighbours differ\",\"givens\":\"remove\"}}"},
    {"nonconsecutive", "non-consecutive: orthogonal neighbours never consecutive",
     "{\"format\":\"rulegrid\",\"version\":1,\"board\":{\"rows\":9,\"columns\":9,\"digits"
     "\":9},\"rules\":[{\"type\":\"box_grid\",\"origin\":\"r1c1\",\"box\":[3,3]},{\"type\":"
     "\"neighbours\",\"kind\":\"nonconsecutive\"}],\"x-generate\":{\"summary\":\"non-co"
     "nsecutive: orthogonal neighbours never consecutive\",\"givens\":\"remove\","
     "\"count_nodes\":2000}}"},
    {"jigsaw", "jigsaw: nine random connected pieces of nine cells",
     "{\"format\":\"rulegrid\",\"version\":1,\"board\":{\"rows\":9,\"columns\":9,\"digits"
     "\":9},\"rules\":[{\"type\":\"grid\",\"origin\":\"r1c1\"}],\"x-generate\":{\"summary\""
     ":\"jigsaw: nine random connected pieces of nine cells\",\"givens\":\"remove"
     "\",\"regions\":\"jigsaw\",\"fill_nodes\":2000,\"retries\":50}}"},
    {"killer", "killer: cages with sums, no givens",
     "{\"format\":\"rulegrid\",\"version\":1,\"board\":{\"rows\":9,\"columns\":9,\"digits"
     "\":9},\"rules\":[{\"type\":\"box_grid\",\"origin\":\"r1c1\",\"box\":[3,3]}],\"x-gene"
     "rate\":{\"summary\":\"killer: cages with sums, no givens\",\"givens\":\"none\","
     "\"clues\":[{\"type\":\"cage\",\"max_size\":5,\"repair\":{\"max_size\":3}}]}}"},
    {"thermo", "thermometers over a classic grid, few givens",
     "{\"format\":\"rulegrid\",\"version\":1,\"board\":{\"rows\":9,\"columns\":9,\"digits"
     "\":9},\"rules\":[{\"type\":\"box_grid\",\"origin\":\"r1c1\",\"box\":[3,3]}],\"x-gene"
     "rate\":{\"summary\":\"thermometers over a classic grid, few givens\",\"given"
     "s\":\"remove\",\"clues\":[{\"type\":\"line\",\"kind\":\"thermo\",\"count\":6,\"min_len"
     "\":3,\"max_len\":6}],\"remove_clues\":[\"line\"]}}"},
    {"arrow", "arrows over a classic grid, few givens",
     "{\"format\":\"rulegrid\",\"version\":1,\"board\":{\"rows\":9,\"columns\":9,\"digits"
     "\":9},\"rules\":[{\"type\":\"box_grid\",\"origin\":\"r1c1\",\"box\":[3,3]}],\"x-gene"
     "rate\":{\"summary\":\"arrows over a classic grid, few givens\",\"givens\":\"re"
     "move\",\"clues\":[{\"type\":\"arrow\",\"count\":6}],\"remove_clues\":[\"arrow\"]}}"},
    {"kropki", "kropki: every white and black dot shown (with the negative)",
     "{\"format\":\"rulegrid\",\"version\":1,\"board\":{\"rows\":9,\"columns\":9,\"digits"
     "\":9},\"rules\":[{\"type\":\"box_grid\",\"origin\":\"r1c1\",\"box\":[3,3]}],\"x-gene"
     "rate\":{\"summary\":\"kropki: every white and black dot shown (with the ne"
     "gative)\",\"givens\":\"remove\",\"clues\":[{\"type\":\"edge\",\"kind\":\"kropki\",\"ne"
     "gative\":true}]}}"},
    {"xv", "XV: every X and V shown (with the negative)",
     "{\"format\":\"rulegrid\",\"version\":1,\"board\":{\"rows\":9,\"columns\":9,\"digits"
     "\":9},\"rules\":[{\"type\":\"box_grid\",\"origin\":\"r1c1\",\"box\":[3,3]}],\"x-gene"
     "rate\":{\"summary\":\"XV: every X and V shown (with the negative)\",\"givens"
     "\":\"remove\",\"clues\":[{\"type\":\"edge\",\"kind\":\"xv\",\"negative\":true}]}}"},
    {"samurai", "samurai: five overlapping 9x9 grids",
     "{\"format\":\"rulegrid\",\"version\":1,\"board\":{\"rows\":21,\"columns\":21,\"digi"
     "ts\":9,\"cells\":[\"r1c1:r9c9\",\"r1c13:r9c21\",\"r7c7:r15c15\",\"r13c1:r21c9\",\""
     "r13c13:r21c21\"]},\"rules\":[{\"type\":\"box_grid\",\"origin\":\"r1c1\",\"box\":[3,"
     "3]},{\"type\":\"box_grid\",\"origin\":\"r1c13\",\"box\":[3,3]},{\"type\":\"box_grid"
     "\",\"origin\":\"r7c7\",\"box\":[3,3]},{\"type\":\"box_grid\",\"origin\":\"r13c1\",\"bo"
     "x\":[3,3]},{\"type\":\"box_grid\",\"origin\":\"r13c13\",\"box\":[3,3]}],\"x-genera"
     "te\":{\"summary\":\"samurai: five overlapping 9x9 grids\",\"givens\":\"remove\""
     ",\"count_nodes\":5000}}"},
};

#define NPRESETS ((int)(sizeof presets / sizeof presets[0]))

int rg_preset_count(void) { return NPRESETS; }

const char *rg_preset_name(int i) { return i >= 0 && i < NPRESETS ? presets[i].name : NULL; }

const char *rg_preset_summary(int i)
{
    return i >= 0 && i < NPRESETS ? presets[i].summary : NULL;
}

const char *rg_preset_document(int i)
{
    return i >= 0 && i < NPRESETS ? presets[i].document : NULL;
}
