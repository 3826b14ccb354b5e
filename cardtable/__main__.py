"""`python -m cardtable` starts the program (see cli.py for the sub-commands)."""

import sys

from cardtable.cli import main

if __name__ == "__main__":
    sys.exit(main())
