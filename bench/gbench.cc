// The C face of Google Benchmark declared in gbench.h: each C callback is
// wrapped in a lambda, gb_state is the library's State.
#include "gbench.h"

#include <benchmark/benchmark.h>

struct gb_state {
    benchmark::State &s;
};

// The work runs on worker threads: the time that decides and is reported
// is the wall clock, and the CPU column is the whole process's (all threads),
// not the idle main thread's.
extern "C" void gb_register(const char *name, gb_fn fn, void *ctx)
{
    benchmark::RegisterBenchmark(name,
                                 [fn, ctx](benchmark::State &s) {
                                     gb_state st{s};
                                     fn(&st, ctx);
                                 })
        ->Unit(benchmark::kMillisecond)
        ->MeasureProcessCPUTime()
        ->UseRealTime();
}

extern "C" void gb_add_context(const char *key, const char *value)
{
    benchmark::AddCustomContext(key, value);
}

extern "C" int gb_keep_running(gb_state *st) { return st->s.KeepRunning() ? 1 : 0; }

extern "C" void gb_set_counter(gb_state *st, const char *name, double value, int kind)
{
    st->s.counters[name] =
        benchmark::Counter(value, kind == GB_RATE ? benchmark::Counter::kIsIterationInvariantRate
                                                  : benchmark::Counter::kDefaults);
}

extern "C" void gb_skip_with_error(gb_state *st, const char *msg) { st->s.SkipWithError(msg); }

extern "C" int gb_run(int *argc, char **argv)
{
    benchmark::Initialize(argc, argv);
    if (benchmark::ReportUnrecognizedArguments(*argc, argv)) return 2;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
