"""Types of the native module ``hcr._hcr`` (re-exported by ``hcr``)."""

from collections.abc import Iterable, Mapping, Sequence
from os import PathLike
from typing import Any, Literal, Optional, Union, final

__version__: str
__all__ = [
    "Diagnostic",
    "HcrError",
    "HcrIOError",
    "Report",
    "UsageError",
    "__version__",
    "canonical_json",
    "convert",
    "digest",
    "explain",
    "render",
    "run_cli",
    "schema",
    "sha256_file",
    "validate",
    "validate_arrow",
    "validate_many",
]

_Record = Union[str, bytes, Mapping[str, Any]]

_Level = Literal["schema", "normative", "receiver"]
_Form = Literal["goal-handover", "untrusted-block", "markdown", "handoff-md"]
_SourceFormat = Literal["goal-handover", "spec-handoff", "handoff-md", "handover-brief"]
_TargetFormat = Literal["handover-brief"]

class HcrError(Exception):
    """An hcr error, with hcr's message."""

class UsageError(HcrError):
    """A wrong argument, or a record that is not valid where a valid one is needed."""

class HcrIOError(HcrError):
    """A file or folder that could not be read."""

@final
class Diagnostic:
    """One diagnostic, as ``hcr validate --format json`` shows it."""

    @property
    def code(self) -> str: ...
    @property
    def severity(self) -> Literal["error", "warning"]: ...
    @property
    def basis(self) -> str: ...
    @property
    def pointer(self) -> str: ...
    @property
    def line(self) -> Optional[int]: ...
    @property
    def column(self) -> Optional[int]: ...
    @property
    def message(self) -> str: ...
    @property
    def help(self) -> str: ...

@final
class Report:
    """What validating one record found."""

    @property
    def valid(self) -> bool: ...
    @property
    def conformant(self) -> bool: ...
    @property
    def diagnostics(self) -> list[Diagnostic]: ...
    @property
    def errors(self) -> int: ...
    @property
    def warnings(self) -> int: ...
    def to_json(self) -> str: ...
    def __bool__(self) -> bool: ...

def validate(
    record: _Record,
    *,
    level: Optional[_Level] = None,
    select: Optional[Sequence[str]] = None,
    ignore: Optional[Sequence[str]] = None,
    artifacts: Optional[str] = None,
    revisions: Optional[str] = None,
) -> Report:
    """The level is by default the receiver's when ``artifacts`` or ``revisions`` is given,
    else normative; ``artifacts`` or ``revisions`` with another level is a ``UsageError``."""

def validate_many(
    records: Iterable[_Record],
    *,
    level: Optional[_Level] = None,
    select: Optional[Sequence[str]] = None,
    ignore: Optional[Sequence[str]] = None,
    jobs: Optional[int] = None,
) -> list[Report]: ...
def validate_arrow(
    array: Any,
    *,
    level: Optional[_Level] = None,
    select: Optional[Sequence[str]] = None,
    ignore: Optional[Sequence[str]] = None,
    jobs: Optional[int] = None,
) -> Any:
    """A ``pyarrow`` struct array (``valid``, ``errors``, ``warnings``, ``codes``); a
    chunked array for a chunked input or any Arrow stream."""

def canonical_json(record: _Record) -> str: ...
def digest(record: _Record) -> str: ...
def sha256_file(path: Union[str, PathLike[str]]) -> str: ...
def render(record: _Record, *, as_: _Form = "markdown") -> str: ...
def convert(
    text: _Record,
    *,
    from_: Optional[_SourceFormat] = None,
    to: Optional[_TargetFormat] = None,
) -> str: ...
def explain(code: str) -> str: ...
def schema() -> str: ...
def run_cli(argv: Sequence[str]) -> int:
    """Run the `hcr` command line in this process (`argv[0]` is the program name); return its exit status."""
