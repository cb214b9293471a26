#!/usr/bin/env python3
"""The report pages in headless Chromium (through WebDriver): rulegrid report
of a puzzle holding every rule family, of one with two solutions and of one
with none, and a rulegrid-bench --html page. Each page loads without a
console error or a failed load, is not blank (its screenshot's share of
non-white pixels, the boxes of its SVG elements), shows what it claims
(every family drawn, the two solutions side by side with their differences,
the broken rule, the charts' bars), and its steps can be walked with the
buttons, the arrow keys and the list. Screenshots are kept in OUT
(doc-*.png are the pictures of docs/render.md).

usage: report_browser.py RULEGRID RULEGRID_BENCH SOURCE_DIR OUT"""
import os
import struct
import subprocess
import sys
import time
import zlib

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

RULEGRID, BENCH, SRC, OUT = sys.argv[1:5]
DATA = os.path.join(SRC, "tests", "data", "render")
FAILURES = []


def check(cond, what):
    if not cond:
        FAILURES.append(what)
        print("FAIL: " + what, file=sys.stderr)
    return cond


def png_pixels(path):
    """(width, height, rows of RGB(A) bytes) of an 8-bit RGB or RGBA PNG."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    pos, idat, w = 8, b"", 0
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            w, h, depth, colour = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and colour in (2, 6), (depth, colour)
            bpp = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    raw, rows, prev = zlib.decompress(idat), [], bytearray(w * bpp)
    stride = w * bpp
    for y in range(h):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    return w, h, bpp, rows


def ink(path):
    """The share of pixels that are not (nearly) white, on every 3rd pixel."""
    w, h, bpp, rows = png_pixels(path)
    seen = dark = 0
    for y in range(0, h, 3):
        row = rows[y]
        for x in range(0, w, 3):
            r, g, b = row[x * bpp], row[x * bpp + 1], row[x * bpp + 2]
            seen += 1
            dark += r < 235 or g < 235 or b < 235
    return dark / seen


def run(args, ok=(0,)):
    p = subprocess.run(args, capture_output=True, text=True)
    if p.returncode not in ok:
        sys.exit("FAIL: %s: exit status %d\n%s" % (" ".join(args), p.returncode, p.stderr))
    return p


def browser():
    o = Options()
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
              "--window-size=1200,1500", "--hide-scrollbars", "--force-device-scale-factor=1"):
        o.add_argument(a)
    o.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    o.binary_location = "/usr/bin/chromium"
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=o)


def load(d, page, name):
    """Open page; check its console and its SVG boxes; screenshot it."""
    d.get("file://" + page)
    logs = [e for e in d.get_log("browser") if e["level"] in ("SEVERE", "ERROR")]
    check(not logs, "%s: console errors: %s" % (name, logs))
    boxes = d.execute_script("""
        return Array.from(document.querySelectorAll('svg')).filter(function (s) {
            return s.closest('[hidden]') === null;
        }).map(function (s) { var r = s.getBoundingClientRect(); return [r.width, r.height]; });""")
    check(boxes and all(w > 50 and h > 50 for w, h in boxes),
          "%s: the visible SVG pictures have boxes %s" % (name, boxes))
    shot = os.path.join(OUT, name + ".png")
    d.save_screenshot(shot)
    share = ink(shot)
    print("%s: %d pictures shown, %.1f%% of the screenshot inked" % (name, len(boxes), 100 * share))
    check(0.01 < share < 0.9, "%s: %.3f of the screenshot is not white" % (name, share))
    return boxes


FAMILIES = ["houses", "cages", "lines", "arrows", "relations", "cells", "outside", "corners",
            "neighbours", "negatives"]


def all_families(d):
    page = os.path.join(OUT, "all", "index.html")
    run([RULEGRID, "report", os.path.join(DATA, "all_families.json"), "-o", os.path.dirname(page)])
    load(d, page, "report-all-families")
    # Every family draws something of its own with a box on the puzzle's picture.
    drawn = d.execute_script("""
        var out = {};
        document.querySelectorAll('#puzzle svg [class*="family-"]').forEach(function (e) {
            var m = /family-([a-z_]+)/.exec(e.getAttribute('class'));
            var r = e.getBoundingClientRect();
            if (m && (r.width > 0 || r.height > 0)) out[m[1]] = (out[m[1]] || 0) + 1;
        });
        return out;""")
    for f in FAMILIES:
        check(drawn.get(f, 0) > 0, "all families: nothing of family %s drawn (%s)" % (f, drawn))
    # A type without a draw hook is drawn by the host as a labelled outline
    # (class fallback): visible, but worth knowing.
    fallback = d.execute_script("""
        var t = {};
        document.querySelectorAll('#puzzle svg .fallback').forEach(function (e) {
            var m = /type-([a-z_]+)/.exec(e.getAttribute('class')); if (m) t[m[1]] = 1; });
        return Object.keys(t).sort();""")
    print("all families: drawn per family %s; by the host's fallback: %s" % (drawn, fallback or "none"))
    check(d.find_element(By.ID, "verdict").get_attribute("data-status") == "unique",
          "all families: the verdict is not unique")
    d.find_element(By.CSS_SELECTOR, "#puzzle figure").screenshot(os.path.join(OUT, "doc-puzzle.png"))
    steps(d)


def current(d):
    """The step shown: the section's data-current, the visible frames, the
    highlighted list entries."""
    return d.execute_script("""
        var shown = Array.from(document.querySelectorAll('#frames .frame')).filter(function (f) {
            return !f.hidden && f.getBoundingClientRect().height > 0; }).map(function (f) {
            return f.getAttribute('data-step'); });
        var lit = Array.from(document.querySelectorAll('#steplist li.current')).map(function (l) {
            return l.getAttribute('data-step'); });
        return [document.getElementById('steps').getAttribute('data-current'), shown, lit,
                document.getElementById('where').textContent];""")


def expect_step(d, n, how):
    cur = current(d)
    check(cur[0] == str(n) and cur[1] == [str(n)] and cur[2] == [str(n)],
          "stepping (%s): step %d expected, got %s" % (how, n, cur))


def steps(d):
    total = int(d.find_element(By.ID, "steps").get_attribute("data-steps"))
    check(total >= 5, "all families: %d steps" % total)
    expect_step(d, 1, "on load")
    # The step's highlight: its focus is drawn in the frame shown.
    focus = d.execute_script("""
        var f = document.querySelector('#frames .frame:not([hidden])');
        return f.querySelectorAll('.focus, .place, .elim').length;""")
    check(focus > 0, "step 1: no focus, placement or elimination drawn")
    before = d.execute_script("return document.querySelector('#frames .frame:not([hidden]) svg').outerHTML")
    d.find_element(By.ID, "next").click()
    expect_step(d, 2, "next button")
    after = d.execute_script("return document.querySelector('#frames .frame:not([hidden]) svg').outerHTML")
    check(before != after, "stepping: the picture of step 2 is the one of step 1")
    d.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
    expect_step(d, 3, "right arrow key")
    d.find_element(By.CSS_SELECTOR, '#steplist li[data-step="5"] a').click()
    expect_step(d, 5, "list entry 5")
    d.find_element(By.ID, "prev").click()
    expect_step(d, 4, "previous button")
    section = d.find_element(By.ID, "steps")
    d.execute_script("arguments[0].scrollIntoView(true)", section)
    section.screenshot(os.path.join(OUT, "doc-steps.png"))
    d.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_LEFT)
    expect_step(d, 3, "left arrow key")
    d.find_element(By.CSS_SELECTOR, '#steplist li[data-step="%d"] a' % total).click()
    expect_step(d, total, "last list entry")
    check(not d.find_element(By.ID, "next").is_enabled(), "stepping: next enabled at the last step")
    d.save_screenshot(os.path.join(OUT, "report-step-last.png"))


def multiple(d):
    page = os.path.join(OUT, "multiple", "index.html")
    run([RULEGRID, "report", os.path.join(DATA, "multiple.json"), "-o", os.path.dirname(page)])
    load(d, page, "report-multiple")
    v = d.find_element(By.ID, "verdict")
    check(v.get_attribute("data-status") == "multiple", "multiple: verdict " + v.get_attribute("data-status"))
    figs = d.find_elements(By.CSS_SELECTOR, "#verdict figure.solution")
    if check(len(figs) == 2, "multiple: %d solutions shown, 2 expected" % len(figs)):
        a, b = figs[0].rect, figs[1].rect
        check(abs(a["y"] - b["y"]) < 2 and b["x"] > a["x"] + a["width"] - 1,
              "multiple: the solutions are not side by side: %s %s" % (a, b))
        ndiff = int(d.find_element(By.CSS_SELECTOR, "#verdict .differ").get_attribute("data-cells"))
        shaded = [d.execute_script("""
            return Array.from(arguments[0].querySelectorAll('.focus')).reduce(function (a, e) {
                var r = e.getBoundingClientRect(); return a + r.width * r.height; }, 0);""", f)
            for f in figs]
        cell = figs[0].rect["width"] / 10  # about a cell of the 9 x 9 picture and its margins
        check(ndiff >= 2 and all(s >= cell * cell for s in shaded),
              "multiple: %d differing cells, %s px² shaded" % (ndiff, shaded))
        d.find_element(By.ID, "verdict").screenshot(os.path.join(OUT, "doc-multiple.png"))
        values = [[t.text for t in f.find_elements(By.CSS_SELECTOR, "text.value")] for f in figs]
        check(values[0] != values[1], "multiple: the two solutions show the same digits")


def none(d):
    page = os.path.join(OUT, "none", "index.html")
    run([RULEGRID, "report", os.path.join(DATA, "none.json"), "-o", os.path.dirname(page)])
    load(d, page, "report-none")
    v = d.find_element(By.ID, "verdict")
    check(v.get_attribute("data-status") == "none", "none: verdict " + v.get_attribute("data-status"))
    check("break rule 0 (box_grid)" in v.text, "none: the broken rule is not named: " + v.text)


def bench(d):
    page = os.path.join(OUT, "bench.html")
    corpus = os.path.join(SRC, "tests", "data", "cli", "puzzles.txt")
    run([BENCH, corpus, "-s", "singles,intersections", "-r", "1", "-q", "--html", page])
    load(d, page, "bench")
    rows = len(d.find_elements(By.CSS_SELECTOR, "table.cells tr")) - 1
    for cls in ("chart-us", "chart-guesses"):
        bars = d.execute_script("""
            return Array.from(document.querySelectorAll('svg.%s rect.bar')).map(function (r) {
                return r.getBoundingClientRect().width; });""" % cls)
        check(len(bars) == rows == 2, "bench %s: %d bars for %d rows" % (cls, len(bars), rows))
    us = d.execute_script("""
        return Array.from(document.querySelectorAll('svg.chart-us rect.bar')).map(function (r) {
            return r.getBoundingClientRect().width; });""")
    check(all(w > 0 for w in us), "bench: a time bar of no width: %s" % us)


def main():
    os.makedirs(OUT, exist_ok=True)
    start = time.time()
    d = browser()
    try:
        all_families(d)
        multiple(d)
        none(d)
        bench(d)
    finally:
        d.quit()
    print("browser checks: %.1f s, %d failure(s)" % (time.time() - start, len(FAILURES)))
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
