# Included by the top-level CMakeLists.txt when RULEGRID_FUZZ is on, before
# the core and the plugins are added: every object of the tree is built with
# the fuzzers' sanitizers and with libFuzzer's coverage instrumentation
# (fuzzer-no-link: the fuzz targets alone link libFuzzer's main), so that
# coverage and errors inside the library and the dlopen'ed plugins count.
if(NOT CMAKE_C_COMPILER_ID STREQUAL "Clang" OR NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
  message(FATAL_ERROR "RULEGRID_FUZZ needs clang and clang++ (libFuzzer): configure a new build "
    "tree with CC=clang CXX=clang++ (Debian: apt-get install clang libclang-rt-14-dev)")
endif()
if(RULEGRID_SANITIZE)
  message(FATAL_ERROR "RULEGRID_FUZZ already builds with ASan and UBSan: leave RULEGRID_SANITIZE off")
endif()
add_compile_options(-fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer
  -fno-sanitize-recover=all)
add_link_options(-fsanitize=address,undefined)
