"""Flanigan's tableau L(m, d) of the two-pile game f = 3t, and its flips.

    python crates/takeaway-py/examples/flips.py [ROWS] [COLS]

L(m, d) is the least winning move from piles (m, m + d) (small pile m,
difference d); the position is won with bound w iff w >= L(m, d). Down a
column d the value changes only at a few rows m: the column's *flips*.
This tabulates the tableau (a numpy array), finds each column's flips with
numpy, checks them against the library's own column structure
(`table_info`), and saves a picture if matplotlib is installed.
"""

import sys

import numpy as np

import takeaway

rows = int(sys.argv[1]) if len(sys.argv) > 1 else 600
cols = int(sys.argv[2]) if len(sys.argv) > 2 else 200
game = "two-pile:f=3*t"

L = takeaway.table(game, rows, cols)  # numpy.uint32, shape (rows, cols)
print(f"{game}: tableau L(m, d) for m < {rows}, d < {cols}")

# A flip of column d: a row m > 0 where L(m, d) differs from L(m - 1, d).
changes = L[1:, :] != L[:-1, :]
flips = {d: (np.nonzero(changes[:, d])[0] + 1).tolist() for d in range(cols)}

# The same flips, as the command line's `table --summary --json` reports them.
info = takeaway.table_info(game, rows, cols)
assert all(c["flips"] == flips[c["d"]] for c in info["columns"])

for d in range(1, 13):
    values = sorted({int(v) for v in L[:, d] if v != takeaway.NO_MOVE})
    print(f"d = {d:>2}: values {values}, {len(flips[d])} flips at m = {flips[d][:12]}")
busiest = max(range(cols), key=lambda d: len(flips[d]))
print(f"most flips: column d = {busiest} ({len(flips[busiest])} flips)")

try:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
except ImportError:
    print("matplotlib is not installed: no picture (pip install matplotlib)")
else:
    shown = np.where(L == takeaway.NO_MOVE, 0, L).astype(float)
    fig, ax = plt.subplots(figsize=(8, 6))
    image = ax.imshow(np.log2(1 + shown), origin="lower", aspect="auto", cmap="viridis")
    for d in range(cols):
        ax.plot([d] * len(flips[d]), flips[d], ".", color="white", markersize=2)
    ax.set_xlabel("d (difference of the piles)")
    ax.set_ylabel("m (small pile)")
    ax.set_title(f"{game}: log2(1 + L(m, d)); white dots: flips")
    fig.colorbar(image, ax=ax)
    fig.savefig("flips.png", dpi=120)
    print("saved flips.png")
