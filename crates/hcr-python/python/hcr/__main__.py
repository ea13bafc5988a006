"""The ``hcr`` command line, run in this process: ``python -m hcr`` and the ``hcr`` script.

The wheel's ``hcr`` command is the Rust CLI itself (the same arguments, output and exit
statuses as the ``hcr`` binary); the pre-commit hook ``hcr-validate-wheel`` runs it.
"""

import signal
import sys

from ._hcr import run_cli


def main() -> int:
    """Run ``hcr`` with this process's arguments and return its exit status."""
    # Ctrl-C ends the command as it ends the native binary; Python's handler would only set
    # a flag that the running command never reads.
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    return run_cli(["hcr", *sys.argv[1:]])


if __name__ == "__main__":
    sys.exit(main())
