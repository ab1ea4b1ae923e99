"""takeaway: take-away games solved exactly, from Python.

Fibonacci Nim and its generalisations (Schwenk, Epp–Ferguson,
Holshouser–Reiter), Flanigan's two-pile games, Wythoff's Nim, Spite Nim and
subtraction games, computed by the Rust library behind the `takeaway`
command line:

- ``analyze(game, *piles, bound=None, all=False, exhaustive=False,
  strategy=None)``: the dict of ``takeaway analyze --json`` (exact ints of
  any size; ``strategy="table-4.1"`` adds paper 000's Table 4.1);
- ``analyze_sum(parts, misere=False, all=False)``: the dict of
  ``takeaway analyze sum PART... --json`` (also ``analyze("sum", *parts)``);
- ``table(game, rows, cols=None, grundy=False)``: a ``numpy.uint32`` array
  (``NO_MOVE`` = 2**32 − 1 where the JSON has null; ``grundy=True``: the
  Grundy values G(n, w) of one-pile games, G(x, y) of Wythoff's Nim), and
  ``table_info(...)``: period, pre-period, counts, each column's flips;
- ``grundy_steps(game, rows)``: a one-pile game's Grundy rows G(n, ·) as
  their steps, three ``numpy.uint32`` arrays ``(n, w, value)``;
- ``bfile(game, rows, sequence=None)``: a one-dimensional table as an OEIS
  b-file (``sequence="starts"``: G(n, n − 1) of the Grundy rows,
  ``"maxima"``: each row's largest value);
- ``misere_quotient(code, heaps=N)``: the misère quotient Q_N of an octal
  game's heaps 1..N (|Q|, |P|, P, the presentation, and the table and Φ as
  ``numpy.uint32`` arrays); misère octal positions whose heaps lie within a
  computed quotient are answered through it by ``analyze``;
- ``verify(game, up_to)``, ``repr_zeckendorf(n)``,
  ``repr_base(base, n, h=None, iterate=None, f=None)``;
- ``sweep(family, out, ..., client=None)``: one row per rule set into a
  CSV or JSON-lines file, resumable, on every core or on a Dask cluster
  (``pip install takeaway[dask]``), ``read_sweep(path)`` to read it, and
  ``sweep_families()``: each family's settings;
- ``Game(spec)`` with ``.moves``, ``.apply``, ``.winning_moves``, ...;
- exceptions, all subclasses of ``Error``: ``SpecError``, ``NumberError``,
  ``InvalidError``, ``LimitError``, ``NotKnownError``, ``CancelledError``,
  ``UnsupportedError``; and, keeping Python's own classes as bases,
  ``ArgumentError`` (a ``TypeError``: an argument of the wrong type),
  ``ArgumentValueError`` (a ``ValueError``), ``RangeError`` (a
  ``NumberError`` and an ``OverflowError``: a number too large or negative
  for its parameter, such as ``rows``) and ``InternalError`` (a
  ``RuntimeError``: a failure inside takeaway; please report it).

Calls running at once share one memory budget of 2 GiB: a call waits while
less than 64 MiB is free, and a call that needs more than its share raises
``LimitError`` (the process never aborts for want of memory).

Long calls release the GIL and stop on Ctrl-C (KeyboardInterrupt).

The package is typed (``py.typed`` and the stubs ``__init__.pyi``).

>>> import takeaway
>>> takeaway.analyze("fibonacci", 20)["outcome"]
'N'
"""

import functools as _functools
import os as _os

from . import _takeaway
from ._takeaway import (  # noqa: F401
    NO_MOVE,
    CancelledError,
    Error,
    InvalidError,
    LimitError,
    NotKnownError,
    NumberError,
    SpecError,
    UnsupportedError,
    __version__,
)


class ArgumentError(Error, TypeError):
    """An argument of the wrong type (a str where an int is expected, a missing pile, ...)."""


class ArgumentValueError(Error, ValueError):
    """An argument of the right type with a value the call does not take."""


class RangeError(NumberError, OverflowError):
    """A number too large (or negative) for the parameter it is given to (rows, up_to, ...)."""


class InternalError(Error, RuntimeError):
    """A failure inside takeaway (please report it) or of the machine (no thread to run on)."""


def _as_takeaway_error(e):
    """The takeaway exception for a Python one raised by the extension
    (argument conversion, ...), or None when it is already one or not ours."""
    if isinstance(e, Error):
        return None
    for python, ours in (
        (OverflowError, RangeError),
        (TypeError, ArgumentError),
        (ValueError, ArgumentValueError),
        (RuntimeError, InternalError),
    ):
        if isinstance(e, python):
            return ours(*e.args)
    return None


def _guard(fn):
    """`fn` raising only takeaway.Error subclasses (and KeyboardInterrupt)."""

    @_functools.wraps(fn)
    def guarded(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except Exception as e:
            ours = _as_takeaway_error(e)
            if ours is None:
                raise
            raise ours from None

    return guarded


analyze = _guard(_takeaway.analyze)
analyze_sum = _guard(_takeaway.analyze_sum)
families = _guard(_takeaway.families)
register_family = _guard(_takeaway.register_family)
repr_base = _guard(_takeaway.repr_base)
repr_zeckendorf = _guard(_takeaway.repr_zeckendorf)
table = _guard(_takeaway.table)
table_info = _guard(_takeaway.table_info)
grundy_steps = _guard(_takeaway.grundy_steps)
bfile = _guard(_takeaway.bfile)
misere_quotient = _guard(_takeaway.misere_quotient)


def _keep_quotients_on_disk() -> None:
    # Misère quotients are kept on disk between processes (as the command
    # line keeps its own): $TAKEAWAY_CACHE_DIR (empty: none), else the
    # user's cache directory; each file is marked with this build (the
    # extension file's size and modification time), so another build
    # recomputes instead of reading.
    try:
        st = _os.stat(_takeaway.__file__)
    except (OSError, AttributeError, TypeError):
        return
    _takeaway._use_quotient_disk(f"python {st.st_size} bytes, modified {st.st_mtime_ns} ns")


_keep_quotients_on_disk()
verify = _guard(_takeaway.verify)

from . import _sweep  # noqa: E402

sweep = _guard(_sweep.sweep)
read_sweep = _sweep.read_sweep
sweep_families = _sweep.sweep_families


class Game(_takeaway.Game):
    __doc__ = _takeaway.Game.__doc__

    def __new__(cls, *args, **kwargs):
        try:
            return super().__new__(cls, *args, **kwargs)
        except Exception as e:
            ours = _as_takeaway_error(e)
            if ours is None:
                raise
            raise ours from None


for _name, _method in vars(_takeaway.Game).items():
    if not _name.startswith("_") and callable(_method):
        setattr(Game, _name, _guard(_method))
Game.__module__ = "takeaway"

__all__ = [
    "NO_MOVE",
    "ArgumentError",
    "ArgumentValueError",
    "CancelledError",
    "Error",
    "Game",
    "InternalError",
    "InvalidError",
    "LimitError",
    "NotKnownError",
    "NumberError",
    "RangeError",
    "SpecError",
    "UnsupportedError",
    "__version__",
    "analyze",
    "analyze_sum",
    "families",
    "register_family",
    "repr_base",
    "read_sweep",
    "repr_zeckendorf",
    "sweep",
    "sweep_families",
    "table",
    "table_info",
    "grundy_steps",
    "bfile",
    "misere_quotient",
    "verify",
]
