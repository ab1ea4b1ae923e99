"""Type stubs of the package `takeaway` (checked by `mypy --strict` on the
README's Python examples, crates/takeaway-py/tests/readme_examples.py).

The answers are the command line's `--json` documents as dicts (keys are
strings; values ints of any size, strings, lists, dicts, bools or None), so
they are typed `Dict[str, Any]`; tables are `numpy.uint32` arrays.
"""

import os
from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

Number = Union[int, str, np.integer[Any]]
"""A natural number: an int of any size, a numpy integer, or a str of decimal digits."""

Document = Dict[str, Any]
"""A `--json` document of the command line, as a dict."""

NO_MOVE: int
__version__: str

class Error(Exception): ...
class SpecError(Error): ...
class NumberError(Error): ...
class InvalidError(Error): ...
class LimitError(Error): ...
class NotKnownError(Error): ...
class CancelledError(Error): ...
class UnsupportedError(Error): ...
class ArgumentError(Error, TypeError): ...
class ArgumentValueError(Error, ValueError): ...
class RangeError(NumberError, OverflowError): ...
class InternalError(Error, RuntimeError): ...

def analyze(
    game: str,
    *piles: Number,
    bound: Optional[Number] = None,
    all: bool = False,
    exhaustive: bool = False,
    strategy: Optional[str] = None,
) -> Document: ...
def analyze_sum(parts: Sequence[str], misere: bool = False, all: bool = False) -> Document: ...
def table(
    game: str, rows: int, cols: Optional[int] = None, grundy: bool = False
) -> npt.NDArray[np.uint32]: ...
def table_info(
    game: str, rows: int, cols: Optional[int] = None, grundy: bool = False
) -> Document: ...
def grundy_steps(
    game: str, rows: int
) -> Tuple[npt.NDArray[np.uint32], npt.NDArray[np.uint32], npt.NDArray[np.uint32]]: ...
def bfile(game: str, rows: int, sequence: Optional[str] = None) -> str: ...
def misere_quotient(
    code: str,
    heaps: int,
    max_elements: Optional[int] = None,
    max_positions: Optional[int] = None,
    max_states: Optional[int] = None,
) -> Document:
    """The misère quotient Q_N: a dict with `order`, `p_count`, `p`, `elements`,
    `generators`, `relations`, `tameness`, `orders`, `changes`, `grundy`, `work`,
    and `table` (order × order) and `phi` (N + 1) as `numpy.uint32` arrays."""
    ...

def verify(game: str, up_to: int) -> Document: ...
def families() -> List[Document]: ...
def register_family(
    id: str,
    takes: Callable[[int], Iterable[int]],
    *,
    name: Optional[str] = None,
    about: Optional[str] = None,
    start: Optional[Sequence[int]] = None,
) -> None: ...
def repr_zeckendorf(n: Number) -> Document: ...
def repr_base(
    base: str,
    n: Number,
    h: Union[str, Sequence[str], None] = None,
    iterate: Optional[int] = None,
    f: Optional[str] = None,
) -> Document: ...

def sweep(
    family: str,
    out: Union[str, "os.PathLike[str]"],
    *,
    shard: Optional[int] = None,
    format: Optional[str] = None,
    threads: int = 0,
    client: Any = None,
    **settings: Any,
) -> Document: ...
def sweep_families() -> List[Document]: ...
def read_sweep(path: Union[str, "os.PathLike[str]"]) -> Tuple[Document, List[Document]]: ...

class Game:
    def __init__(self, spec: str) -> None: ...
    @property
    def spec(self) -> str: ...
    @property
    def misere(self) -> bool: ...
    def start(self, *piles: Number, bound: Optional[Number] = None) -> Document: ...
    def moves(self, position: Document, limit: Optional[int] = None) -> List[Document]: ...
    def apply(self, position: Document, move: Document) -> Document: ...
    def is_over(self, position: Document) -> bool: ...
    def winning_moves(self, position: Document) -> List[Document]: ...
    def analyze(
        self, position: Document, all: bool = False, exhaustive: bool = False
    ) -> Document: ...

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
    "read_sweep",
    "register_family",
    "repr_base",
    "repr_zeckendorf",
    "sweep",
    "sweep_families",
    "table",
    "table_info",
    "verify",
]
