import sys

from gadgetry.cli import main

sys.exit(main())
