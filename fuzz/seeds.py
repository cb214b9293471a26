#!/usr/bin/env python3
"""Writes the seed corpora of the fuzz targets (fuzz/corpus/<target>/) from the
documents of the tree and the broken documents below; run from anywhere, after
a change to the format or to what the seeds should hold:

    python3 fuzz/seeds.py

document   documents of every family (corpus/variants: the shortest and the
           first line of each file; examples; tests/data), and broken ones
           (every kind of error docs/format-errors.md lists, the hostile
           inputs of issue 12)
solve      the valid documents, plus small boards of every family (they
           finish within the target's node limits, so the differential
           check has something to compare)
roundtrip  the valid documents, plus notes, meta, x- members, solutions and
           house rules the writer rebuilds (jigsaw boxes, rows, columns)
corpus     a mode byte (first byte % 8: 0 JSON lines, 1 classic lines with
           the preset classic9, 2.. classic lines of the target's templates
           0..5) and a corpus: heads of corpus/classic, tests/data corpora,
           comments, blank lines, CRLF, bad lines
fields     random bytes from a fixed seed (the fields target reads its input
           as choices); the corpus grown by fuzzing is merged in by hand
           (docs/testing.md)
fpuzzles   a mode byte (fuzz/fpuzzles.c: 0 or 2, f-puzzles JSON the target
           compresses; 1, a string or link as it is; 3, a rulegrid document
           for the writer) and: the JSON of each string of corpus/fpuzzles
           (decompressed here), the strings bare and in links of every form
           the reader takes, broken ones, and the small boards of every
           family and the shortest puzzle of each corpus/variants file as
           documents to write
render     the valid documents (every family), the small boards of every
           family and the writer's documents (holes, notes, jigsaw boxes),
           as for roundtrip: the target draws each with options from its
           hash

    python3 fuzz/seeds.py fpuzzles       only the targets named
    python3 fuzz/seeds.py --check        write nothing; exit 1 when a folder
                                         differs from what would be written:
                                         a seed missing (the tree changed
                                         since the seeds were written) or a
                                         file no seed is (a fuzz run wrote
                                         into the folder); fields may hold
                                         more (its grown corpus). ctest runs
                                         it (fuzz_seeds).

File names are content hashes, as libFuzzer names them."""
import hashlib
import json
import os
import random
import shutil
import sys
import urllib.parse

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "fuzz", "corpus")


def rel(*p):
    return os.path.join(ROOT, *p)


def read(path):
    with open(rel(path), "rb") as f:
        return f.read()


def lines(path):
    return [l for l in read(path).split(b"\n") if l.strip()]


def doc(board, rules, **extra):
    d = {"format": "rulegrid", "version": 1, "board": board, "rules": rules}
    d.update(extra)
    return json.dumps(d).encode()


def B(r, c, d, cells=None):
    b = {"rows": r, "columns": c, "digits": d}
    if cells:
        b["cells"] = cells
    return b


BOX4 = {"type": "box_grid", "origin": "r1c1", "box": [2, 2]}
BOX6 = {"type": "box_grid", "origin": "r1c1", "box": [2, 3]}
BOX9 = {"type": "box_grid", "origin": "r1c1", "box": [3, 3]}
HEAD = b'{"format": "rulegrid", "version": 1, '
B9 = b'"board": {"rows": 9, "columns": 9, "digits": 9}'


def hostile():
    """Broken documents: one per kind of error the reader reports, and the
    inputs issue 12 found read as JSON when they are not."""
    t = [
        b"", b"   \n", b"[1, 2]", b'{"rows": 9 "columns": 9}', b'{"format": "rulegr',
        b'{"format": "rulegrid"} extra', b"null", b"{}",
        HEAD + b'"board": {"rows": 9, ',
        b'{"format": "rulegrid", "version": 2, ' + B9 + b', "rules": []}',
        b'{"format": "rulegrid", "version": "1", ' + B9 + b', "rules": []}',
        b'{"format": "sudoku", "version": 1, ' + B9 + b', "rules": []}',
        b'{"format": "rulegrid", "version": 1.0000000000000002, ' + B9 + b', "rules": []}',
        HEAD + B9 + b', "rules": [], "colour": "red"}',
        HEAD + B9 + b', "rules": [], "rules": []}',
        HEAD + B9 + b', "rules": [], "meta": "title"}',
        HEAD + B9 + b', "rules": {}}',
        HEAD + b'"board": [9, 9], "rules": []}',
        HEAD + b'"board": {"rows": 0, "columns": 9, "digits": 9}, "rules": []}',
        HEAD + b'"board": {"rows": 9.5, "columns": 9, "digits": 9}, "rules": []}',
        HEAD + b'"board": {"rows": 1e300, "columns": 9, "digits": 9}, "rules": []}',
        HEAD + b'"board": {"rows": 9, "columns": 9, "digits": 33}, "rules": []}',
        HEAD + b'"board": {"rows": 9, "columns": 9, "digits": 9, "cells": []}, "rules": []}',
        HEAD + b'"board": {"rows": 9, "columns": 9, "digits": 9, "cells": ["r1c1:r9c10"]}, "rules": []}',
        HEAD + b'"board": {"rows": 9, "columns": 9, "digits": 9, "size": 9}, "rules": []}',
        HEAD + B9 + b', "rules": [], "givens": [5, 3]}',
        HEAD + B9 + b', "rules": [], "givens": {"a1": 5}}',
        HEAD + B9 + b', "rules": [], "givens": {"r01c1": 5}}',
        HEAD + B9 + b', "rules": [], "givens": {"r10c1": 5}}',
        HEAD + B9 + b', "rules": [], "givens": {"r1c1": 10, "r1c2": 1e999}}',
        HEAD + B9 + b', "rules": [], "givens": {"r1c1": 1, "R1C1": 2}}',
        HEAD + B9 + b', "rules": [], "solution": {"r1c1": 1}}',
        HEAD + B9 + b', "rules": [7]}',
        HEAD + B9 + b', "rules": [{"type": 5}]}',
        HEAD + B9 + b', "rules": [{"origin": "r1c1"}]}',
        HEAD + B9 + b', "rules": [{"type": "thermo2"}]}',
        HEAD + B9 + b', "rules": [{"type": "box_grid", "origin": "r1c1", "box": [3, 3], "colour": "red"}]}',
        HEAD + B9 + b', "rules": [{"type": "box_grid", "origin": "r1c1", "box": [3, 3], "note": 1}]}',
        HEAD + B9 + b', "rules": [{"type": "box_grid", "origin": "r1c1", "origin": "r1c1", "box": [3, 3]}]}',
        HEAD + B9 + b', "rules": [{"type": "box_grid", "origin": "r1c1", "box": [3, 4]}]}',
        HEAD + B9 + b', "rules": [{"type": "line", "kind": "thermo", "cells": ["r1c1", "r1c3"]}]}',
        HEAD + B9 + b', "rules": [{"type": "line", "kind": "thermo", "cells": ["r1c1:r1c3"]}]}',
        HEAD + B9 + b', "rules": [{"type": "line", "kind": "Thermo", "cells": ["r1c1", "r1c2"]}]}',
        HEAD + B9 + b', "rules": [{"type": "line", "kind": "renban", "closed": 0, "cells": ["r1c1", "r1c2"]}]}',
        HEAD + B9 + b', "rules": [{"type": "region", "cells": "r1c1"}]}',
        HEAD + B9 + b', "rules": [{"type": "region", "cells": ["r1c1", 7]}]}',
        HEAD + B9 + b', "rules": [{"type": "region", "cells": ["r1c1", "R1C1"]}]}',
        HEAD + B9 + b', "rules": [{"type": "relation", "op": "less", "pairs": [["r1c1", "r1c2", "r1c3"]]}]}',
        HEAD + B9 + b', "rules": [{"type": "relation", "op": "sum", "sum": 3.5, "pairs": [["r2c2", "R2C2"]]}]}',
        HEAD + B9 + b', "rules": [{"type": "corner", "kind": "quadruple", "digits": [3, 10], "cells": ["r1c1", "r1c2", "r2c1", "r2c2"]}]}',
        HEAD + B9 + b', "rules": [{"type": "negative", "of": "xv", "area": "r2c2"}]}',
        HEAD + B9 + b', "rules": [{"type": "arrow", "bulb": ["r2c2"], "lines": []}]}',
        HEAD + B9 + b', "rules": [{"type": "neighbours", "kind": "antiknight", "op": "different"}]}',
        # Issue 12, item 5: text that is not JSON read as JSON.
        HEAD + B9 + b',\x00 "rules": []}',
        HEAD + B9 + b',\x01 "rules": []}',
        HEAD + b'"board": {"rows": 04, "columns": 4, "digits": 4}, "rules": []}',
        HEAD + B9 + b', "rules": [], "meta": {"title": "\xff\xfe"}}',
        HEAD + B9 + b', "rules": [], "meta": {"title": "\\ud800"}}',
        HEAD + B9 + b', "rules": [{"type": "box_grid\\u0000junk", "origin": "r1c1", "box": [3, 3]}]}',
        HEAD + B9 + b', "rules": [], "x-deep": ' + b"[" * 1100 + b"]" * 1100 + b"}",
        HEAD + B9 + b', "rules": [], "x-big": 9223372036854775807}',
    ]
    return t


def small_families():
    """Small boards with one or two rules of each family: solved to the end
    within the solve target's limits."""
    c = lambda *names: list(names)
    return [
        doc(B(4, 4, 4), [BOX4, {"type": "line", "kind": "thermo", "cells": c("r1c1", "r1c2", "r1c3")}]),
        doc(B(4, 4, 4), [BOX4, {"type": "line", "kind": "whisper", "value": 2, "closed": True,
                                "cells": c("r1c1", "r1c2", "r2c2", "r2c1")}]),
        doc(B(4, 4, 4), [BOX4, {"type": "line", "kind": "entropic", "groups": [[1], [2, 3], [4]],
                                "cells": c("r1c1", "r2c2", "r3c3")}]),
        doc(B(4, 4, 4), [BOX4, {"type": "line", "kind": "region_sum", "cells": c("r1c2", "r1c3", "r2c3")}]),
        doc(B(4, 4, 4), [BOX4, {"type": "line", "kind": "modular", "value": 2, "cells": c("r3c1", "r3c2", "r3c3")}]),
        doc(B(4, 4, 4), [BOX4, {"type": "line", "kind": "lockout", "value": 2, "cells": c("r4c1", "r4c2", "r4c3", "r4c4")}]),
        doc(B(6, 6, 6), [BOX6, {"type": "cage", "cells": c("r1c1", "r1c2", "r2c1"), "sum": 6},
                         {"type": "cage", "cells": c("r5c5", "r5c6"), "sum": 11}]),
        doc(B(6, 6, 6), [BOX6, {"type": "arrow", "bulb": c("r2c2"), "lines": [c("r3c3", "r4c4")]},
                         {"type": "arrow", "bulb": c("r1c5", "r1c6"), "lines": [c("r2c6", "r3c6", "r4c6")]}]),
        doc(B(4, 4, 4), [BOX4, {"type": "edge", "kind": "kropki", "color": "black", "cells": c("r1c1", "r1c2")},
                         {"type": "edge", "kind": "xv", "letter": "V", "cells": c("r2c1", "r3c1")},
                         {"type": "edge", "kind": "greater", "cells": c("r4c4", "r4c3")},
                         {"type": "negative", "of": "kropki"}]),
        doc(B(4, 4, 4), [BOX4, {"type": "cell", "kind": "low", "split": 2, "cells": c("r1c1", "r2c3")},
                         {"type": "negative", "of": "cell", "kind": "odd"}]),
        doc(B(4, 4, 4), [BOX4, {"type": "outside", "kind": "sandwich", "value": 5,
                                "cells": c("r1c1", "r1c2", "r1c3", "r1c4")},
                         {"type": "outside", "kind": "skyscraper", "value": 2, "cells": c("r4c1", "r3c1", "r2c1", "r1c1")},
                         {"type": "outside", "kind": "rossini", "direction": "increasing", "cells": c("r1c4", "r2c4", "r3c4", "r4c4")},
                         {"type": "negative", "of": "rossini"}]),
        doc(B(1, 4, 4), [{"type": "outside", "kind": "sandwich", "value": 7,
                          "cells": c("r1c1", "r1c2", "r1c3", "r1c4")}]),
        doc(B(4, 4, 4), [BOX4, {"type": "corner", "kind": "quadruple", "digits": [1, 2], "cells": c("r2c2", "r2c3", "r3c2", "r3c3")},
                         {"type": "corner", "kind": "battenburg", "cells": c("r1c1", "r1c2", "r2c1", "r2c2")},
                         {"type": "negative", "of": "battenburg"}]),
        doc(B(6, 6, 6), [BOX6, {"type": "neighbours", "op": "not_sum", "sum": 7, "where": "king",
                                "within": "box", "except": [c("r1c1", "r1c2")]}]),
        doc(B(4, 4, 4), [{"type": "grid", "origin": "r1c1"},
                         {"type": "relation", "op": "less", "pairs": [c("r1c1", "r4c4"), c("r2c2", "r3c3")]},
                         {"type": "relation", "op": "difference_at_least", "value": 2, "pairs": [c("r1c2", "r1c3")]}]),
        doc(B(5, 5, 5), [{"type": "grid", "origin": "r1c1"},
                         {"type": "region", "kind": "diagonal", "cells": c("r1c1", "r2c2", "r3c3", "r4c4", "r5c5")}]),
        doc(B(3, 3, 3), [{"type": "row", "cells": c("r1c1", "r1c2", "r1c3")},
                         {"type": "column", "cells": c("r1c1", "r2c1", "r3c1")},
                         {"type": "box", "cells": c("r2c2", "r2c3", "r3c2")}]),
    ]


def writer_docs():
    """What the canonical writer rewrites or keeps."""
    jig = [{"type": "grid", "origin": "r1c1"}] + [
        {"type": "box", "cells": cells} for cells in (
            ["r1c1", "r1c2", "r2c1", "r3c1"], ["r1c3", "r1c4", "r2c2", "r2c3"],
            ["r2c4", "r3c4", "r4c4", "r3c3"], ["r3c2", "r4c1", "r4c2", "r4c3"])]
    return [
        doc(B(4, 4, 4), jig, givens={"r1c1": 1}),
        doc(B(4, 4, 4), [{"type": "row", "cells": ["r%dc%d" % (r, k) for k in range(1, 5)]} for r in range(1, 5)]
            + [{"type": "column", "cells": ["r%dc%d" % (k, col) for k in range(1, 5)]} for col in range(1, 5)]
            + [{"type": "box", "cells": ["r1c1", "r1c2", "r2c1", "r2c2"], "note": "one box", "x-colour": "red"}]),
        doc(B(4, 4, 4), [BOX4, {"type": "cage", "cells": ["R1C1", "r1c2"], "sum": 3, "note": "\u00e9t\u00e9", "x-k": [1, {"a": None}]}],
            solution={"r%dc%d" % (r, k): ((r - 1) * 2 + (r - 1) // 2 + k - 1) % 4 + 1 for r in range(1, 5) for k in range(1, 5)},
            meta={"title": "t", "author": "a", "source": "s"}, **{"x-tool": {"v": 1}}),
        doc(B(6, 6, 4, ["r1c1:r4c4", "r3c3:r6c6"]), [BOX4, dict(BOX4, origin="r3c3"),
                                                     {"type": "negative", "of": "xv", "area": "r3c3"}]),
        json.dumps(json.loads(doc(B(4, 4, 4), [BOX4], givens={"r4c4": 4})), indent=2).encode(),
    ]


def documents():
    out = []
    for name in sorted(os.listdir(rel("corpus", "variants"))):
        if name.endswith(".jsonl"):
            ls = lines(os.path.join("corpus", "variants", name))
            out.append(min(ls, key=len))
            out.append(ls[0])
    for path in ("examples", "examples/fmt", "tests/data/cli", "tests/data/doc"):
        for name in sorted(os.listdir(rel(path))):
            if name.endswith(".json"):
                out.append(read(os.path.join(path, name)))
    return out


def corpora():
    """Mode byte + corpus text (see the corpus target)."""
    m = lambda mode: bytes([mode])
    out = [m(0) + b"\n".join(lines("tests/data/doc/three.jsonl")) + b"\n",
           m(0) + read("tests/data/cli/bad_middle.jsonl"),
           m(0) + read("examples/fmt/corpus.jsonl"),
           m(0) + lines("corpus/variants/outside.jsonl")[0] + b"\r\n\r\n" + b"{\"format\": \"rulegrid\"\n",
           m(0) + b"",
           m(1) + read("tests/data/cli/puzzles.txt"),
           m(1) + read("tests/data/cli/bad_middle.txt"),
           m(1) + read("examples/puzzles.txt"),
           m(1) + b"# a comment\n\n" + lines("corpus/classic/tdoku_test_puzzles.txt")[0] + b"\r\n" + b"1" * 81 + b" rating 3\n" + b"." * 80 + b"\n",
           m(9) + read("tests/data/doc/xsudoku.txt"),
           m(2) + b"1...\n.4..\n2..3\n..2.\n1.3.4...2.....3.\n",
           m(3) + b"..2.....1.4......3..........4.2.....1\n" + b"A" * 36 + b"\n",
           m(4) + b"1.2.3.4.5.6.....................1...\n",
           m(5) + read("examples/xsudoku.txt"),
           m(6) + b"1...5...9...D...G" + b"." * 239 + b"\n" + b"g" * 256 + b"\n",
           m(7) + b"12345..........\n54321\n"]
    for name in sorted(os.listdir(rel("corpus", "classic"))):
        out.append(m(1) + b"\n".join(lines(os.path.join("corpus", "classic", name))[:4]) + b"\n")
    return out


def fields():
    rng = random.Random(12)
    return [bytes(rng.randrange(256) for _ in range(rng.choice((24, 64, 128, 256, 512))))
            for _ in range(48)]


B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


def lz_decompress(s):
    """The text LZ-String's compressToBase64 wrote as s (lz-string's
    decompressFromBase64; the library's is core/io/lzstring.c)."""
    vals = [B64.index(ch) for ch in s.rstrip("=")]
    pos = [0]  # the next bit, 6 a character, the high bit first

    def bits(n):
        v = 0
        for k in range(n):
            i, b = divmod(pos[0], 6)
            pos[0] += 1
            if i >= len(vals):
                raise ValueError("LZ-String text ends before its end code")
            if vals[i] >> (5 - b) & 1:
                v |= 1 << k
        return v

    code = bits(2)
    if code == 2:
        return ""
    w = chr(bits(8 if code == 0 else 16))
    words = {3: w}  # 0, 1 and 2 are the codes of a byte, a code unit, the end
    out = [w]
    size, width, enlarge = 4, 3, 4
    while True:
        code = bits(width)
        if code in (0, 1):
            words[size] = chr(bits(8 if code == 0 else 16))
            code = size
            size += 1
            enlarge -= 1
        elif code == 2:
            return "".join(out)
        if enlarge == 0:
            enlarge = 1 << width
            width += 1
        entry = words.get(code, w + w[0])  # (the code not yet in words: w + w[0])
        out.append(entry)
        words[size] = w + entry[0]
        size += 1
        enlarge -= 1
        if enlarge == 0:
            enlarge = 1 << width
            width += 1
        w = entry


def fpuzzles():
    """Mode byte + text (see the fpuzzles target)."""
    out = [b"\x03" + d for d in small_families()]
    for name in sorted(os.listdir(rel("corpus", "variants"))):
        if name.endswith(".jsonl"):
            out.append(b"\x03" + min(lines(os.path.join("corpus", "variants", name)), key=len))
    strings = [json.loads(l)["fpuzzles"] for l in lines("corpus/fpuzzles/sample.jsonl")]
    modes = (0, 2, 8, 14)  # base64, URI-safe, an f-puzzles link, a SudokuPad link (URI-safe)
    for i, s in enumerate(strings):
        text = lz_decompress(s)
        json.loads(text)  # a decoding slip would show here
        out.append(bytes([modes[i % 4]]) + text.encode())
    links = ("https://f-puzzles.com/?load=%s", "https://sudokupad.app/fpuzzles%s",
             "https://sudokupad.app/?puzzleid=fpuzzles%s#x", "%s",
             "https://f-puzzles.com/?load=%s&x=1")
    for i, s in enumerate(strings[:10]):
        form = links[i % len(links)]
        out.append(b"\x01" + (form % s).encode())
    s = strings[0]
    out += [b"\x01" + s.replace("+", " ").encode(),
            b"\x01" + ("https://f-puzzles.com/?load=" + urllib.parse.quote(s, safe="")).encode(),
            b"\x01" + s.replace("/", "-").rstrip("=").encode()]  # the URI-safe form
    small = [{"size": 4, "grid": [[{} for _ in range(4)] for _ in range(4)]},
             {"size": 6, "grid": [[{"value": 1, "given": True}] + [{}] * 5 for _ in range(6)],
              "killercage": [{"cells": ["R1C2", "R1C3"], "value": "7"}]},
             {"size": 9, "grid": [[{}] * 9 for _ in range(9)],
              "thermometer": [{"lines": [["R1C1", "R2C2", "R3C3"]]}],
              "littlekillersum": [{"cell": "R0C7", "cells": ["R1C8", "R2C9"], "direction": "DR",
                                   "value": "5"}]}]
    out += [b"\x00" + json.dumps(d).encode() for d in small]
    out += [b"\x01", b"\x01N4Ig", b"\x01N4Ig*", b"\x01=", b"\x01https://f-puzzles.com/?load=",
            b"\x01%", b"\x01%zz", b"\x00", b"\x00null", b"\x00[]", b'\x00{"size": 0}',
            b'\x00{"size": 17}', b'\x00{"size": 9, "grid": []}', b'\x00{"size": 9, "chess": 1}']
    return out


def positions():
    """Board byte + position text (see the position target): both forms,
    every kind of refusal, on each of the target's boards."""
    texts = [
        (0, '{"cells": {"r1c1": 5}, "candidates": {"r2c3": [1, 4], "r9c9": [9]}}'),
        (0, "5" + "." * 79 + "9"),
        (0, "\n  " + "0" * 81 + "  \r\n"),
        (0, '{"cells": {"r1c1": 5}} x'),
        (0, '{"cells": {}, "cells": {}}'),
        (0, '{"cells": {"r1c1": 5, "R1C1": 5}}'),
        (0, '{"cells": {"r1c1": 5}, "candidates": {"r1c1": [1, 2]}}'),
        (0, '{"candidates": {"r1c1": [4, 2, 4]}}'),
        (0, '{"candidates": {"r1c1": []}}'),
        (0, '{"cells": {"r1c1\\u0000": 1}}'),
        (0, '{"colours": {}}'),
        (1, '{"cells": {"r2c4": 3}, "candidates": {"r1c2": [1, 4]}}'),
        (1, "1.2..3.4...."),
        (1, ".3.........."),
        (2, '{"candidates": {"R4C4": [1, 2, 3, 4]}}'),
        (2, "1234" + "." * 12),
        (3, '{"cells": {"r4c4": 16}, "candidates": {"r1c1": [10, 16]}}'),
        (3, "1" * 16),
    ]
    return [bytes([b]) + t.encode() for b, t in texts]


def write(target, texts, keep=False):
    d = os.path.join(OUT, target)
    if os.path.isdir(d) and not keep:
        shutil.rmtree(d)
    os.makedirs(d, exist_ok=True)
    for t in texts:
        with open(os.path.join(d, hashlib.sha1(t).hexdigest()), "wb") as f:
            f.write(t)
    print("%-10s %3d files, %6d bytes" % (target, len(os.listdir(d)),
                                         sum(os.path.getsize(os.path.join(d, n)) for n in os.listdir(d))))


def check(target, texts, keep=False):
    """The differences between the folder of target and texts, as lines."""
    d = os.path.join(OUT, target)
    want = {hashlib.sha1(t).hexdigest(): t for t in texts}
    have = set(os.listdir(d)) if os.path.isdir(d) else set()
    out = []
    for name in sorted(set(want) - have):
        out.append("%s: seed %s missing (run python3 fuzz/seeds.py %s)" % (target, name, target))
    for name in sorted(have & set(want)):
        with open(os.path.join(d, name), "rb") as f:
            if f.read() != want[name]:
                out.append("%s: %s differs from its seed" % (target, name))
    if not keep:
        for name in sorted(have - set(want)):
            out.append("%s: %s is no seed seeds.py writes (a fuzz run's input? remove it, or "
                       "add what it tests to seeds.py)" % (target, name))
    return out


def main():
    args = sys.argv[1:]
    checking = "--check" in args
    args = [a for a in args if a != "--check"]
    docs = documents()
    seeds = {
        "document": lambda: docs + small_families() + writer_docs() + hostile(),
        "solve": lambda: docs + small_families(),
        "roundtrip": lambda: docs + small_families() + writer_docs(),
        "corpus": corpora,
        "fields": fields,
        "fpuzzles": fpuzzles,
        "render": lambda: docs + small_families() + writer_docs(),
        "position": positions,
    }
    problems = []
    for target in args or list(seeds):
        if target not in seeds:
            sys.exit("seeds.py: no target %r (targets: %s)" % (target, " ".join(seeds)))
        if checking:
            problems += check(target, seeds[target](), keep=target == "fields")
        else:
            write(target, seeds[target](), keep=target == "fields")
    if checking:
        for p in problems:
            print(p)
        print("seeds: %s" % ("%d differences" % len(problems) if problems else "as seeds.py writes them"))
        sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
