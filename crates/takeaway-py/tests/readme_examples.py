"""The Python examples of README.md and crates/takeaway-py/README.md, each
block verbatim after a `# ---` line naming it.

Two checks use this file: the pytest `test_readme_examples_are_this_file`
finds every ```python block of the two READMEs here (not the blocks marked
```python dask-cluster, which need a cluster) and runs the file, and
scripts/test-python.sh runs `mypy --strict` on it (the package's stubs).
Edit a README's example and this file together.
"""

# --- README.md, Python block 1
import numpy as np, takeaway
L = takeaway.table("two-pile:f=3*t", 600, 200)    # Flanigan's tableau L(m, d)
flips = {d: (np.nonzero(L[1:, d] != L[:-1, d])[0] + 1).tolist() for d in range(200)}
flips[10]                                         # [1, 11]

# --- README.md, Python block 2
import takeaway

G = takeaway.table("wythoff", 60, grundy=True)     # G(x, y): table wythoff --grundy
assert G.shape == (60, 60) and G[3, 5] == 0        # (3, 5) is a P-position
s = takeaway.analyze_sum(["fibonacci 20", "fibonacci 13 --bound 4", "wythoff 3 5", "nim 6"])
assert (s["grundy"], s["move"]["part"], s["move"]["take"]) == (1, 0, 7)
a = takeaway.analyze("two-pile:f=2*t", 20, 62, bound=6, strategy="table-4.1")
assert a["strategy"]["status"] == "??"             # the cell where Table 4.1 guesses
r = takeaway.repr_base("fibonacci", 100, h="h=if(n%2,gbar(n),g(n))", iterate=2)
assert [step["value"] for step in r["iterates"]] == [2, 2]   # g'(100), g''(100)
try:
    takeaway.table("fibonacci", -3)
except takeaway.RangeError as e:                   # a takeaway.Error and an OverflowError
    print(e)                                       # rows: -3 is negative: give a natural number

# --- crates/takeaway-py/README.md, Python block 1
import numpy as np
import takeaway

# Flanigan's tableau L(m, d) of the two-pile game f = 3t: the least winning
# move from piles (m, m + d); takeaway.NO_MOVE where there is none.
L = takeaway.table("two-pile:f=3*t", 600, 200)       # numpy.uint32, (600, 200)
flips = {d: (np.nonzero(L[1:, d] != L[:-1, d])[0] + 1).tolist() for d in range(200)}
print(flips[10])                                     # [1, 11]: rows where column 10 changes

takeaway.analyze("wythoff", 10**500, 10**500 + 7)    # exact, instantly
takeaway.Game("fibonacci").winning_moves({"piles": [20], "bound": 19})

# --- crates/takeaway-py/README.md, Python block 2
import takeaway
r = takeaway.sweep("subtraction", "census.csv", max=20, sizes=(1, 4))
header, rows = takeaway.read_sweep("census.csv")
max(rows, key=lambda row: row["period"])["spec"]

