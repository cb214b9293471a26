#!/usr/bin/env python3
"""count.py: the engine from Python through ctypes and librulegrid.so.

    python3 count.py [--lib PATH/librulegrid.so.0] PUZZLE.json [LIMIT]

Loads rulegrid's plugins, reads one document, counts its solutions up to
LIMIT (2: is it unique?) and prints the status, the count and the first
solution. The structures below mirror include/rulegrid/rulegrid.h."""
import argparse
import ctypes
import sys

RG_MAX_FAMILIES = 32


class Error(ctypes.Structure):
    _fields_ = [("code", ctypes.c_int), ("file", ctypes.c_char * 256), ("line", ctypes.c_long),
                ("rule", ctypes.c_int), ("type", ctypes.c_char * 64),
                ("field", ctypes.c_char * 128), ("message", ctypes.c_char * 512)]


class Options(ctypes.Structure):
    _fields_ = [("strategy", ctypes.c_int), ("heuristic", ctypes.c_int), ("values", ctypes.c_int),
                ("seed", ctypes.c_uint64), ("limit", ctypes.c_long),
                ("max_nodes", ctypes.c_uint64), ("max_seconds", ctypes.c_double)]


class Stats(ctypes.Structure):
    _fields_ = [("nodes", ctypes.c_uint64), ("guesses", ctypes.c_uint64),
                ("failures", ctypes.c_uint64), ("propagations", ctypes.c_uint64),
                ("prunings", ctypes.c_uint64), ("families", ctypes.c_int),
                ("family", ctypes.c_char_p * RG_MAX_FAMILIES),
                ("family_prunings", ctypes.c_uint64 * RG_MAX_FAMILIES),
                ("family_calls", ctypes.c_uint64 * RG_MAX_FAMILIES),
                ("root_us", ctypes.c_double), ("search_us", ctypes.c_double)]


class Result(ctypes.Structure):
    _fields_ = [("status", ctypes.c_int), ("solutions", ctypes.c_long),
                ("solution", ctypes.POINTER(ctypes.c_int)), ("no_guess", ctypes.c_int),
                ("broken_rule", ctypes.c_int), ("stats", Stats), ("stopped", ctypes.c_int)]


def load(path):
    lib = ctypes.CDLL(path)
    vp, cp = ctypes.c_void_p, ctypes.c_char_p
    sigs = {
        "rg_registry_new": ([], vp), "rg_registry_free": ([vp], None),
        "rg_registry_load_default": ([vp, vp, cp, ctypes.POINTER(Error)], ctypes.c_int),
        "rg_builtin_plugin_dir": ([], cp),
        "rg_puzzle_read_file": ([vp, cp, ctypes.POINTER(vp), ctypes.POINTER(Error)], ctypes.c_int),
        "rg_puzzle_free": ([vp], None), "rg_puzzle_cells": ([vp], ctypes.c_int),
        "rg_puzzle_cell_name": ([vp, ctypes.c_int, cp, ctypes.c_size_t], None),
        "rg_options_default": ([ctypes.POINTER(Options)], None),
        "rg_solver_new": ([], vp), "rg_solver_free": ([vp], None),
        "rg_solve": ([vp, vp, ctypes.POINTER(Options), ctypes.POINTER(Result),
                      ctypes.POINTER(Error)], ctypes.c_int),
        "rg_status_name": ([ctypes.c_int], cp),
        "rg_error_format": ([ctypes.POINTER(Error), cp, ctypes.c_size_t], None),
    }
    for name, (args, res) in sigs.items():
        fn = getattr(lib, name)
        fn.argtypes, fn.restype = args, res
    return lib


def message(lib, err):
    buf = ctypes.create_string_buffer(1024)
    lib.rg_error_format(ctypes.byref(err), buf, len(buf))
    return buf.value.decode()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lib", default="librulegrid.so.0")
    ap.add_argument("puzzle")
    ap.add_argument("limit", nargs="?", type=int, default=2)
    a = ap.parse_args()
    lib = load(a.lib)
    err = Error()
    reg = lib.rg_registry_new()
    try:
        if lib.rg_registry_load_default(reg, None, lib.rg_builtin_plugin_dir(), ctypes.byref(err)):
            sys.exit("count.py: " + message(lib, err))
        puzzle = ctypes.c_void_p()
        if lib.rg_puzzle_read_file(reg, a.puzzle.encode(), ctypes.byref(puzzle), ctypes.byref(err)):
            sys.exit("count.py: " + message(lib, err))
        opt, res = Options(), Result()
        lib.rg_options_default(ctypes.byref(opt))
        opt.limit = max(1, a.limit)
        solver = lib.rg_solver_new()
        rc = lib.rg_solve(solver, puzzle, ctypes.byref(opt), ctypes.byref(res), ctypes.byref(err))
        if rc:
            sys.exit("count.py: " + message(lib, err))
        print("%s (%d solution%s found, %d guesses)" % (lib.rg_status_name(res.status).decode(),
              res.solutions, "" if res.solutions == 1 else "s", res.stats.guesses))
        if res.solution:
            name = ctypes.create_string_buffer(16)
            cells = []
            for c in range(lib.rg_puzzle_cells(puzzle)):
                lib.rg_puzzle_cell_name(puzzle, c, name, len(name))
                cells.append("%s=%d" % (name.value.decode(), res.solution[c]))
            print(" ".join(cells))
        lib.rg_solver_free(solver)
        lib.rg_puzzle_free(puzzle)
    finally:
        lib.rg_registry_free(reg)


if __name__ == "__main__":
    main()
