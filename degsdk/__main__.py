"""`python -m degsdk fill ...`: the SDK's command line without the `deg` dispatcher."""
import sys

from degsdk.cli import main

sys.exit(main())
