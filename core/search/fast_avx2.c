/* The classic fast path's deductions and search (fast_solve.h) built for
 * AVX2; fast.c calls them when the processor has it. CMake compiles this
 * file with -mavx2 and defines RULEGRID_FAST_AVX2 on x86-64 when the
 * compiler takes the flag (option RULEGRID_FAST_AVX2). */
#define FAST_NAME(f) f##_avx2
#include "search/fast_solve.h"
