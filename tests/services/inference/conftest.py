import sys
from pathlib import Path

# The stand-in runtime module is imported by name, in tests and in server subprocesses.
sys.path.insert(0, str(Path(__file__).parent))
