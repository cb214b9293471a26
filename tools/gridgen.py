"""Helpers shared by the corpus generators (tools/gen_variants_3.py,
tests/data/outside/gen_outside.py): a random solved sudoku and cell names."""


def solved_grid(size, box, rng):
    """A random solved size x size sudoku with boxes box[0] x box[1] (rows
    as lists of digits), filled in reading order, digits tried in an order
    shuffled by rng."""
    g = [[0] * size for _ in range(size)]

    def ok(r, c, v):
        if v in g[r] or any(g[i][c] == v for i in range(size)):
            return False
        r0, c0 = r - r % box[0], c - c % box[1]
        return all(g[i][j] != v for i in range(r0, r0 + box[0]) for j in range(c0, c0 + box[1]))

    def fill(k):
        if k == size * size:
            return True
        r, c = divmod(k, size)
        digits = list(range(1, size + 1))
        rng.shuffle(digits)
        for v in digits:
            if ok(r, c, v):
                g[r][c] = v
                if fill(k + 1):
                    return True
        g[r][c] = 0
        return False

    fill(0)
    return g


def name(r, c):
    """The cell name of row r, column c (from 0)."""
    return "r%dc%d" % (r + 1, c + 1)
