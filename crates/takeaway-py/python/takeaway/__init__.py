"""takeaway: take-away games solved exactly, from Python.

Fibonacci Nim and its generalisations (Schwenk, Epp–Ferguson,
Holshouser–Reiter), Flanigan's two-pile games, Wythoff's Nim, Spite Nim and
subtraction games, computed by the Rust library behind the `takeaway`
command line:

- ``analyze(game, *piles, bound=None, all=False, exhaustive=False)``: the
  dict of ``takeaway analyze --json`` (exact ints of any size);
- ``table(game, rows, cols=None, grundy=False)``: a ``numpy.uint32`` array
  (``NO_MOVE`` = 2**32 − 1 where the JSON has null), and
  ``table_info(...)``: period, pre-period, counts, each column's flips;
- ``verify(game, up_to)``, ``repr_zeckendorf(n)``, ``repr_base(base, n)``;
- ``Game(spec)`` with ``.moves``, ``.apply``, ``.winning_moves``, ...;
- exceptions, all subclasses of ``Error``: ``SpecError``, ``NumberError``,
  ``InvalidError``, ``LimitError``, ``NotKnownError``, ``CancelledError``,
  ``UnsupportedError``.

Long calls release the GIL and stop on Ctrl-C (KeyboardInterrupt).
"""

from ._takeaway import (  # noqa: F401
    NO_MOVE,
    CancelledError,
    Error,
    Game,
    InvalidError,
    LimitError,
    NotKnownError,
    NumberError,
    SpecError,
    UnsupportedError,
    __version__,
    analyze,
    families,
    register_family,
    repr_base,
    repr_zeckendorf,
    table,
    table_info,
    verify,
)

__all__ = [
    "NO_MOVE",
    "CancelledError",
    "Error",
    "Game",
    "InvalidError",
    "LimitError",
    "NotKnownError",
    "NumberError",
    "SpecError",
    "UnsupportedError",
    "__version__",
    "analyze",
    "families",
    "register_family",
    "repr_base",
    "repr_zeckendorf",
    "table",
    "table_info",
    "verify",
]
