/* A C face for Google Benchmark: register a C callback with a context, run
 * its timing loop, set counters, and run everything with the library's usual
 * flags (--benchmark_filter, _repetitions, _format ...); gbench.cc has it. */
#ifndef RG_GBENCH_H
#define RG_GBENCH_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gb_state gb_state;
typedef void (*gb_fn)(gb_state *st, void *ctx);

/* Counter kinds: a plain value, or a value per second of the iterations
 * (value × iterations / time, e.g. puzzles per pass → puzzles/s). */
enum { GB_VALUE = 0, GB_RATE = 1 };

/* Register fn(ctx) under name (copied), timed in wall-clock milliseconds;
 * its CPU time is the process's (the work runs on worker threads). The
 * library names it name/process_time/real_time. */
void gb_register(const char *name, gb_fn fn, void *ctx);
/* Add "key: value" to the context printed with every run (and in JSON). */
void gb_add_context(const char *key, const char *value);
/* The timing loop: while (gb_keep_running(st)) { one iteration } */
int gb_keep_running(gb_state *st);
void gb_set_counter(gb_state *st, const char *name, double value, int kind);
/* Marks the run failed with msg; the loop must stop. */
void gb_skip_with_error(gb_state *st, const char *msg);
/* Parse the --benchmark_* flags out of argv (others stay), returning 2 when
 * some other argument is left; else run the registered benchmarks and 0. */
int gb_run(int *argc, char **argv);

#ifdef __cplusplus
}
#endif
#endif
