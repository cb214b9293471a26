#!/usr/bin/env python3
"""Runs every command the documentation shows, as written, and fails on an exit
status or an output the documentation does not state.

Documents: README.md, docs/*.md, examples/*/README.md, corpus/README.md, presets/README.md.

Which blocks are commands
  Fenced blocks tagged sh, bash, shell or console, and untagged blocks with a
  line starting with "$ ". Other blocks (json, c, cmake, synopses, sample
  outputs without "$ ") are not run.
  - "$ " blocks: a line starting with "$ " is a command (a trailing "\" joins
    the next line); the lines after it, up to the next "$ " line, are its
    documented output (standard output and standard error together), which the
    command must print. Trailing spaces and trailing blank lines are ignored.
    In a documented output "..." or "…" inside a line matches any text within
    the line, and a line that is only "..." or "…" matches any number of lines
    (none included). Write times, rates and machine-dependent paths that way.
  - other blocks: every line that is not blank or a comment is a command (a
    trailing "\" joins the next line; "# comment" tails are left to the shell).
    There is no documented output.

Exit status
  A command must exit with 0 unless the doc states otherwise: a trailing
  "# exit N" comment on the command's (last) line, or a comment line right
  after the command reading "# exit N" or "# exit status N ...".

Marks
  An HTML comment before a fenced block (only blank lines or other marks in
  between) changes how its commands run; with `TEXT` only the commands of the
  block that contain TEXT are concerned:
    <!-- doc-test: long[ `TEXT`]: why -->   runs for LONG_LIMIT (1 s) and is
        then stopped, which passes; ending before that, it is checked as usual
        (so a bad option or a missing file still fails).
    <!-- doc-test: skip[ `TEXT`]: why -->   not run (placeholders, tools the
        doc says are not installed ...).
    <!-- doc-test: known-failure[ `TEXT`]: why -->   must fail (a doc or code
        problem being fixed elsewhere); passing is a failure, so that the mark
        is removed with the fix. Temporary by nature.
  A mark that concerns no command, or a "doc-test" comment that is none of
  these, is an error.

Where and how commands run
  Each document runs in its own scratch folder holding a copy of the source
  tree (every top-level entry but .git and build folders), with "build" a link
  to the test build (RG_BUILD_DIR): "build/bin/rulegrid ..." runs the build
  under test, and files a command writes land in the copy, never in the source.
  "rulegrid" alone is build/bin/rulegrid (PATH), HOME is a scratch folder (so
  "$HOME/rulegrid" is a scratch prefix), standard input is empty. The commands
  of one document run in order in one shell state: exported variables and the
  current folder carry over from a command to the next.
  Each command has a limit of TIME_LIMIT (30 s; LONG_LIMIT when marked long);
  a command stopped by its limit fails unless it is marked long. A command
  that needs more than a few seconds is a doc problem: make it cheaper or mark
  it long (with how long it takes).

Commands that set up or build are not run against the test build (built-in
rules, each printed as the reason of the skip):
  - apt-get / sudo, scripts/setup: install packages;
  - scripts/run-tests, scripts/run-example: make builds of their own and run
    the tests (this one among them) or the example;
  - scripts/bench-regress: builds its own tree (tests/cli/bench_harness.sh runs
    it on the test build);
  - cmake configuring rulegrid itself (-S .) or building "build": the test
    build is built already;
  - compare.py: Google Benchmark's tool, not installed (docs/bench.md says so);
  - rulegrid-bench and scripts/bench-classic when the build has no harness
    (RULEGRID_BENCH=OFF).
  "cmake --install build --prefix P" is run, with P replaced by a scratch
  prefix unless P is under $HOME (the scratch home) or relative; other cmake
  projects (examples/plugin) are configured and built in the scratch folder.

Cost
  About 35 s in a RelWithDebInfo build on two shared cores (30 s of CPU; the
  two --generate examples of docs/bench.md take half of it, the eight long
  commands 1 s each). With RULEGRID_TEST_SCALE set (the sanitizer and Valgrind
  stages of scripts/run-tests) only the "$ " commands run, those with a
  documented output or exit status, all on small example files; the other
  commands are listed as skipped.

Usage: doc_commands.py [--list] [--keep] [-k TEXT]   (RG_BUILD_DIR must be set;
RG_SOURCE_DIR defaults to the tree holding this file). --list prints the
commands and what would be done, -k runs only commands containing TEXT (a
command that needs an earlier one of its document may then fail), --keep
keeps the scratch folders.
"""
import argparse
import difflib
import functools
import glob
import os
import re
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time

DOCS = ["README.md", "docs/*.md", "examples/*/README.md", "corpus/README.md", "presets/README.md"]
TIME_LIMIT = 30.0
LONG_LIMIT = 1.0

FENCE = re.compile(r"^\s*(`{3,}|~{3,})\s*([^\s`]*)")
SHELL_TAGS = {"sh", "bash", "shell", "console"}
MARK = re.compile(
    r"^\s*<!--\s*doc-test:\s*(long|skip|known-failure)(?:\s+`([^`]+)`)?\s*(?::\s*(.*?))?\s*-->\s*$"
)
EXIT_TAIL = re.compile(r"(?:^|\s)#\s*exit\s+(\d+)\s*$")
EXIT_LINE = re.compile(r"^#\s*exit(?:\s+status)?\s+(\d+)\b")
ELISION = ("...", "…")

# (pattern on the command text, reason): set-up and build commands not run.
START = r"(?:^|[;&|(]\s*)"
SKIP_RULES = [
    (START + r"(?:sudo\s+)?apt(?:-get)?\s", "installs Debian packages"),
    (START + r"sudo\s", "runs as root"),
    (START + r"scripts/setup\b", "installs Debian packages"),
    (START + r"scripts/run-tests\b", "makes builds of its own and runs every test, this one included"),
    (START + r"scripts/run-example\b", "sets up and makes a release build of its own"),
    (START + r"scripts/bench-regress\b",
     "builds its own tree (build-regress); tests/cli/bench_harness.sh runs it on the test build"),
    (START + r"cmake\s(?:[^;&|]*\s)?-S\s*\.(?:\s|$)", "configures rulegrid itself: build is the test build"),
    (START + r"cmake\s+--build\s+build(?:\s|$)", "builds rulegrid itself: build is the test build"),
    (START + r"compare\.py\b", "Google Benchmark's compare.py is not installed (the doc says so)"),
]
INSTALL = re.compile(r"^(\s*cmake\s+--install\s+\S+)(.*)$", re.S)
PREFIX = re.compile(r"--prefix(?:\s+|=)(\"[^\"]*\"|'[^']*'|\S+)")


class DocError(Exception):
    pass


class Command:
    def __init__(self, doc, line, text, style, marks):
        self.doc, self.line, self.text, self.style = doc, line, text, style
        self.expected = None  # documented output lines ("$ " blocks)
        self.exit = 0
        self.marks = marks  # [(kind, reason)]
        self.skip = None  # reason, when not run
        self.run_text = text

    def where(self):
        return "%s:%d" % (self.doc, self.line)

    def mark(self, kind):
        for k, reason in self.marks:
            if k == kind:
                return reason or kind
        return None


def continued(lines, i, strip_prompt):
    """The command starting at lines[i], joined over trailing backslashes; the
    index of the line after it."""
    text = lines[i]
    i += 1
    while text.endswith("\\") and i < len(lines):
        nxt = lines[i]
        if strip_prompt and nxt.startswith("> "):
            nxt = nxt[2:]
        text += "\n" + nxt
        i += 1
    return text, i


def exit_of(text):
    m = EXIT_TAIL.search(text.split("\n")[-1])
    return int(m.group(1)) if m else 0


def block_commands(doc, first, lines, dollar, marks):
    cmds = []
    i = 0
    if dollar:
        while i < len(lines):
            if not (lines[i].startswith("$ ") or lines[i] == "$"):
                if not cmds:
                    raise DocError("%s:%d: text before the first '$ ' line" % (doc, first + i))
                i += 1
                continue
            start = i
            text, i = continued(lines, i, True)
            cmd = Command(doc, first + start, text[2:], "$", marks)
            cmd.exit = exit_of(cmd.text)
            out = []
            while i < len(lines) and not lines[i].startswith("$ ") and lines[i] != "$":
                out.append(lines[i].rstrip())
                i += 1
            while out and not out[-1]:
                out.pop()
            cmd.expected = out
            cmds.append(cmd)
    else:
        while i < len(lines):
            s = lines[i].strip()
            if not s:
                i += 1
                continue
            if s.startswith("#"):
                m = EXIT_LINE.match(s)
                if m and cmds and cmds[-1].end == i and cmds[-1].exit == 0:
                    cmds[-1].exit = int(m.group(1))
                i += 1
                continue
            start = i
            text, i = continued(lines, i, False)
            cmd = Command(doc, first + start, text.strip(), "sh", marks)
            cmd.exit = exit_of(cmd.text)
            cmd.end = i
            cmds.append(cmd)
    return cmds


def parse(doc, path):
    """The commands of one markdown file."""
    lines = open(path, encoding="utf-8").read().split("\n")
    cmds = []
    pending = []  # marks waiting for their block: (kind, selector, reason, line)
    i = 0
    while i < len(lines):
        line = lines[i]
        m = FENCE.match(line)
        if not m:
            mk = MARK.match(line)
            if mk:
                pending.append((mk.group(1), mk.group(2), mk.group(3) or "", i + 1))
            elif "doc-test" in line and "<!--" in line:
                raise DocError("%s:%d: not a doc-test mark: %s" % (doc, i + 1, line.strip()))
            elif line.strip() and pending:
                raise DocError("%s:%d: doc-test mark not right before a block" % (doc, pending[0][3]))
            i += 1
            continue
        fence, tag = m.group(1), m.group(2).lower()
        body = []
        i += 1
        while i < len(lines) and not lines[i].strip().startswith(fence):
            body.append(lines[i])
            i += 1
        first = i - len(body) + 1  # 1-based number of the first body line
        i += 1
        dollar = any(l.startswith("$ ") for l in body)
        if tag in SHELL_TAGS or (not tag and dollar):
            block = block_commands(doc, first, body, dollar, [])
        else:
            block = []
        for kind, selector, reason, at in pending:
            hit = [c for c in block if selector is None or selector in c.text]
            if not hit:
                raise DocError("%s:%d: doc-test mark concerns no command of the next block" % (doc, at))
            for c in hit:
                c.marks = c.marks + [(kind, reason)]
        pending = []
        cmds.extend(block)
    if pending:
        raise DocError("%s:%d: doc-test mark at the end of the file" % (doc, pending[0][3]))
    return cmds


def plan(cmd, build, scaled):
    """Sets cmd.skip (why it is not run) or cmd.run_text (what is run)."""
    reason = cmd.mark("skip")
    if reason:
        cmd.skip = "marked skip: " + reason
        return
    for pattern, why in SKIP_RULES:
        if re.search(pattern, cmd.text):
            cmd.skip = why
            return
    if re.search(r"rulegrid-bench|scripts/bench-classic", cmd.text) and not os.path.exists(
        os.path.join(build, "bin", "rulegrid-bench")
    ):
        cmd.skip = "rulegrid-bench not built (RULEGRID_BENCH=OFF)"
        return
    if scaled and cmd.style != "$":
        cmd.skip = "RULEGRID_TEST_SCALE is set: only the '$ ' commands run"
        return
    m = INSTALL.match(cmd.text)
    if m:
        rest = m.group(2)
        p = PREFIX.search(rest)
        target = p.group(1).strip("\"'") if p else None
        if target is None:
            cmd.run_text = m.group(1) + ' --prefix "$HOME/prefix"' + rest
            cmd.note = "no --prefix: installed into $HOME/prefix (scratch)"
        elif target.startswith("/"):
            cmd.run_text = m.group(1) + rest[: p.start()] + '--prefix "$HOME/prefix"' + rest[p.end():]
            cmd.note = "prefix %s replaced by $HOME/prefix (scratch)" % target


def copy_tree(src, dst):
    os.makedirs(dst)
    for name in sorted(os.listdir(src)):
        path = os.path.join(src, name)
        if name == ".git" or name == "build" or name.startswith("build-"):
            continue
        if os.path.isdir(path) and os.path.exists(os.path.join(path, "CMakeCache.txt")):
            continue
        if os.path.isdir(path) and not os.path.islink(path):
            shutil.copytree(path, os.path.join(dst, name), symlinks=True)
        else:
            shutil.copy2(path, os.path.join(dst, name), follow_symlinks=False)


@functools.lru_cache(maxsize=None)
def line_pattern(pat):
    parts = re.split(r"\.\.\.|…", pat)
    if len(parts) == 1:
        return None
    return re.compile(".*".join(re.escape(p) for p in parts), re.S)


def matches(expected, actual):
    @functools.lru_cache(maxsize=None)
    def m(i, j):
        if i == len(expected):
            return j == len(actual)
        e = expected[i]
        if e.strip() in ELISION:
            return m(i + 1, j) or (j < len(actual) and m(i, j + 1))
        if j == len(actual):
            return False
        rx = line_pattern(e)
        ok = actual[j] == e if rx is None else rx.fullmatch(actual[j]) is not None
        return ok and m(i + 1, j + 1)

    return m(0, 0)


class Shell:
    """Runs the commands of one document in order, keeping exported variables
    and the current folder from one to the next."""

    WRAP = r"""
. "$RG_DOC_STATE/env" 2>/dev/null
cd "$(cat "$RG_DOC_STATE/cwd")" || exit 125
eval "$RG_DOC_CMD"
rc=$?
export -p | grep -Ev '^declare -[a-zA-Z]*r|^declare -x (PWD|OLDPWD|SHLVL|_|BASHOPTS|SHELLOPTS|RG_DOC_CMD|RG_DOC_STATE)(=|$)' \
    >"$RG_DOC_STATE/env"
pwd >"$RG_DOC_STATE/cwd"
exit $rc
"""

    def __init__(self, root, tree, base_env):
        self.state = os.path.join(root, "state")
        os.makedirs(self.state)
        with open(os.path.join(self.state, "env"), "w") as f:
            f.write("")
        with open(os.path.join(self.state, "cwd"), "w") as f:
            f.write(tree + "\n")
        self.env = base_env

    def run(self, text, limit):
        env = dict(self.env, RG_DOC_CMD=text, RG_DOC_STATE=self.state)
        start = time.monotonic()
        cpu0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        proc = subprocess.Popen(
            ["bash", "-c", self.WRAP], env=env, stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True,
        )
        timed_out = False
        try:
            out, _ = proc.communicate(timeout=limit)
        except subprocess.TimeoutExpired:
            timed_out = True
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            out, _ = proc.communicate()
        cpu1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        self.cpu = cpu1.ru_utime + cpu1.ru_stime - cpu0.ru_utime - cpu0.ru_stime
        return proc.returncode, out.decode("utf-8", "replace"), timed_out, time.monotonic() - start


def short(text):
    return " ".join(l.strip() for l in text.split("\\\n"))


def tail(out, n=15):
    lines = out.rstrip("\n").split("\n")
    if len(lines) > n:
        lines = ["[... %d lines]" % (len(lines) - n)] + lines[-n:]
    return "".join("    | " + l + "\n" for l in lines)


def verdict(cmd, rc, out, timed_out, elapsed):
    """None when the command did what its doc says, else why not."""
    if timed_out:
        if cmd.mark("long"):
            return None
        return "stopped by the time limit (%.0f s); mark it long or make it quicker" % elapsed
    if rc != cmd.exit:
        return "exit status %d, the doc states %d\n%s" % (rc, cmd.exit, tail(out))
    if cmd.expected is not None:
        actual = [l.rstrip() for l in out.split("\n")]
        while actual and not actual[-1]:
            actual.pop()
        if not matches(cmd.expected, actual):
            diff = difflib.unified_diff(cmd.expected, actual, "documented", "printed", lineterm="", n=2)
            return "output differs from the doc:\n" + "".join("    " + l + "\n" for l in diff)
    return None


def main():
    ap = argparse.ArgumentParser(description="Run the commands of the documentation.")
    ap.add_argument("--list", action="store_true", help="list the commands, run nothing")
    ap.add_argument("--keep", action="store_true", help="keep the scratch folders")
    ap.add_argument("-k", metavar="TEXT", help="run only the commands containing TEXT")
    args = ap.parse_args()

    src = os.environ.get("RG_SOURCE_DIR") or os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__))))
    build = os.environ.get("RG_BUILD_DIR")
    if not build:
        sys.exit("doc_commands: set RG_BUILD_DIR to the build under test")
    build = os.path.abspath(build)
    scaled = bool(os.environ.get("RULEGRID_TEST_SCALE"))

    docs = []
    for pattern in DOCS:
        docs.extend(sorted(glob.glob(os.path.join(src, pattern))))
    per_doc = []
    try:
        for path in docs:
            doc = os.path.relpath(path, src)
            cmds = parse(doc, path)
            for c in cmds:
                plan(c, build, scaled)
                if args.k and args.k not in c.text:
                    c.skip = c.skip or "not selected (-k)"
            per_doc.append((doc, cmds))
    except DocError as e:
        print("FAIL: %s" % e)
        return 1

    if args.list:
        for doc, cmds in per_doc:
            for c in cmds:
                what = "skip (%s)" % c.skip if c.skip else "run"
                extra = [k for k, _ in c.marks]
                print("%s [%s%s%s] %s" % (c.where(), c.style, " exit %d" % c.exit if c.exit else "",
                                          " " + ",".join(extra) if extra else "", what))
                print("    " + short(c.text))
                if getattr(c, "note", None):
                    print("    (%s)" % c.note)
        return 0

    scratch = tempfile.mkdtemp(prefix="rg-doc-commands-")
    failures, counts = [], {"passed": 0, "skipped": 0, "failed": 0, "known failures": 0}
    started = time.monotonic()
    try:
        for doc, cmds in per_doc:
            if all(c.skip for c in cmds):
                for c in cmds:
                    print("skipped %s: %s\n    (%s)" % (c.where(), short(c.text), c.skip))
                    counts["skipped"] += 1
                continue
            root = os.path.join(scratch, doc.replace("/", "_"))
            tree = os.path.join(root, "tree")
            copy_tree(src, tree)
            os.symlink(build, os.path.join(tree, "build"))
            home = os.path.join(root, "home")
            os.makedirs(home)
            env = dict(os.environ, HOME=home,
                       PATH=os.path.join(tree, "build", "bin") + os.pathsep + os.environ.get("PATH", ""))
            shell = Shell(root, tree, env)
            for c in cmds:
                if c.skip:
                    print("skipped %s: %s\n    (%s)" % (c.where(), short(c.text), c.skip))
                    counts["skipped"] += 1
                    continue
                long_ = c.mark("long")
                limit = LONG_LIMIT if long_ else TIME_LIMIT
                print("run     %s: %s" % (c.where(), short(c.text)))
                if getattr(c, "note", None):
                    print("    (%s)" % c.note)
                sys.stdout.flush()
                rc, out, timed_out, elapsed = shell.run(c.run_text, limit)
                why = verdict(c, rc, out, timed_out, elapsed)
                known = c.mark("known-failure")
                if known:
                    if why:
                        print("known failure (%.1f s): %s\n    (marked: %s)" % (elapsed, why.split("\n")[0], known))
                        counts["known failures"] += 1
                    else:
                        print("FAILED  marked known-failure but passes now: remove the mark (%s)" % known)
                        failures.append(c)
                        counts["failed"] += 1
                elif why:
                    print("FAILED  (%.1f s): %s" % (elapsed, why.rstrip("\n")))
                    failures.append(c)
                    counts["failed"] += 1
                elif timed_out:
                    print("passed  (long: stopped after %.0f s as marked: %s)" % (limit, long_))
                    counts["passed"] += 1
                else:
                    print("passed  (%.1f s, %.1f s of CPU)" % (elapsed, shell.cpu))
                    counts["passed"] += 1
                sys.stdout.flush()
    finally:
        if args.keep:
            print("scratch folders kept in %s" % scratch)
        else:
            shutil.rmtree(scratch, ignore_errors=True)
    print("\n%s in %.1f s" % (", ".join("%d %s" % (n, k) for k, n in counts.items()),
                              time.monotonic() - started))
    if failures:
        print("FAIL: %d documented command(s) did not run as written:" % len(failures))
        for c in failures:
            print("  %s: %s" % (c.where(), short(c.text)))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
