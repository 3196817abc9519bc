"""Peak resident memory of this process over a stretch of work (Linux `/proc`).

`PeakRss` resets the kernel's high-water mark (`VmHWM`) on entry by writing 5 to
`/proc/self/clear_refs` and reads it on exit, so the figure is the peak of that stretch
alone, however much the process held before. Where the reset is refused (not Linux, or a
restricted /proc), the figure is the process's peak so far (`ru_maxrss`), marked `reset:
false`, which is an upper bound of the stretch's own peak.
"""
from __future__ import annotations

import resource
from pathlib import Path

__all__ = ["PeakRss"]


def _hwm_kib() -> int | None:
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    except OSError:
        return None
    return None


class PeakRss:
    """`with PeakRss() as peak: ...` then `peak.mib` (and `peak.reset`: whether it is the
    stretch's own peak)."""

    def __init__(self) -> None:
        self.mib: float | None = None
        self.reset = False

    def __enter__(self) -> "PeakRss":
        try:
            Path("/proc/self/clear_refs").write_text("5")
            self.reset = _hwm_kib() is not None
        except OSError:
            self.reset = False
        return self

    def __exit__(self, *exc) -> None:
        kib = _hwm_kib() if self.reset else None
        if kib is None:
            kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        self.mib = kib / 1024
