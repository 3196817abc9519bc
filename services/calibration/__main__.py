"""`python -m services.calibration`: fit a checkpoint's temperatures on a val feature cache, in place.

Prints the calibration report as JSON. Build the val feature cache with
`python -m services.training features --split val ...` (or calibrate from records with
`python -m services.training calibrate`, which caches them first).
"""
from __future__ import annotations

import argparse
import json
import sys

from deg_model.training.calibration import calibrate_checkpoint


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m services.calibration", description=__doc__.splitlines()[0])
    parser.add_argument("--checkpoint", required=True, help="checkpoint directory, calibrated in place")
    parser.add_argument("--features", required=True, help="val feature cache directory")
    args = parser.parse_args(argv)
    try:
        report = calibrate_checkpoint(args.checkpoint, args.features)
    except (OSError, ValueError) as exc:
        print(f"calibration: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(report.as_dict(), indent=1, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
