"""Handoff Continuity Records for Python, from the hcr Rust libraries.

The verdicts, codes and messages are the ``hcr`` command line's::

    import hcr

    report = hcr.validate({"schemaVersion": "1.0"})
    assert not report.valid
    print(report.diagnostics[0].code, report.diagnostics[0].message)

Everything is defined in the native module ``hcr._hcr`` (its types in ``_hcr.pyi``); this
package re-exports it and names the types its arguments take.
"""

from collections.abc import Mapping
from typing import Any, Literal, Union

from . import _hcr
from ._hcr import *  # noqa: F403 (the names of _hcr.__all__)

Record = Union[str, bytes, Mapping[str, Any]]
"""A record: its JSON text (``str`` or ``bytes``) or the parsed object."""
Level = Literal["schema", "normative", "receiver"]
"""How much of the contract is checked."""
Form = Literal["goal-handover", "untrusted-block", "markdown", "handoff-md"]
"""What ``render`` writes."""
SourceFormat = Literal["goal-handover", "spec-handoff", "handoff-md", "handover-brief"]
"""What ``convert`` reads (``from_``)."""
TargetFormat = Literal["handover-brief"]
"""What ``convert`` writes from a record (``to``)."""

__all__ = ["Form", "Level", "Record", "SourceFormat", "TargetFormat"]
__all__ += _hcr.__all__
