import sys

from lf.cli import main

sys.exit(main())
