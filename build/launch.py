"""Entry script of the frozen program (PyInstaller): worker processes need freeze_support."""

import multiprocessing
import sys

if __name__ == "__main__":
    multiprocessing.freeze_support()
    from cardtable.cli import main

    sys.exit(main())
