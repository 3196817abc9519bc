"""Seconds per candidate scan of a one-megabyte context, per kind (never part of `make test`).

    python -m benchmarks.candidates_bench [--megabytes 1]
"""
from __future__ import annotations

import argparse
import time

from deg.candidates import find_candidates

PARAGRAPH = (
    "Invoice INV-2024-0042 dated March 5, 2026 (due 05/04/2026). Bill to Zoë Müller, "
    "zoe.mueller@example.de, https://shop.example.com/orders/42?ref=mail. Items: 3 x "
    "widget at $1,234.50 = $3,703.50; shipping €12,90; VAT 19 %. Tracking "
    "123e4567-e89b-12d3-a456-426614174000, delivered 2026-03-07T09:15:00+01:00.\n"
)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--megabytes", type=float, default=1.0)
    args = parser.parse_args()
    text = PARAGRAPH * int(args.megabytes * 1_000_000 // len(PARAGRAPH))
    print(f"{len(text):,} characters")
    for kind in ("number", "date", "date-time", "email", "uri", "uuid"):
        start = time.perf_counter()
        found = find_candidates(kind, text)
        print(f"{kind:10s} {time.perf_counter() - start:6.3f} s  {len(found):,} candidates")


if __name__ == "__main__":
    main()
