"""Errors of the model library: each names the limit it hit and the value that hit it."""
from __future__ import annotations


class ModelError(Exception):
    """Base class of every error the model library raises on purpose."""


class ContextTooLong(ModelError):
    """A sequence would need positions past what the backbone was trained on.

    Contexts are never truncated: the caller gets this error instead.
    """

    def __init__(self, length: int, limit: int, what: str = "context"):
        self.length = length
        self.limit = limit
        super().__init__(
            f"{what} needs {length} positions but the backbone supports at most {limit} "
            f"(its trained context length); split the input, nothing was truncated"
        )


class ContextTooLarge(ContextTooLong):
    """A context is longer than the memory budget (`ModelSettings.max_context_tokens`,
    `DEG_MAX_CONTEXT_TOKENS`) allows: refused before any of it is read (a 413 to a client).

    It is a `ContextTooLong`, so callers that already refuse over-long contexts refuse it too.
    """

    def __init__(self, length: int, limit: int):
        self.length = length
        self.limit = limit
        ModelError.__init__(
            self,
            f"the context is {length} tokens long, over the memory budget of {limit} context tokens "
            f"(DEG_MAX_CONTEXT_TOKENS); nothing was read and nothing was truncated",
        )


class ContextMemoryError(ModelError):
    """The K/V and hidden states of a context would not fit in the memory available now."""

    def __init__(self, length: int, needed_bytes: int, available_bytes: int):
        self.length = length
        self.needed_bytes = needed_bytes
        self.available_bytes = available_bytes
        super().__init__(
            f"a context of {length} tokens needs {needed_bytes / 2**30:.2f} GiB of K/V and hidden "
            f"states but only {available_bytes / 2**30:.2f} GiB is available; nothing was truncated"
        )


class WeightsError(ModelError):
    """A checkpoint is missing a tensor, has a wrong shape, or an unsupported configuration."""


class FillCancelled(ModelError):
    """A job was stopped before it finished: its caller went away, or the service is stopping.

    Raised at a round or window boundary (never inside one), so the other jobs of its batch
    run on unchanged; it says how far the job got, which the service counts as cancelled work.
    """

    def __init__(self, rounds: int, windows: int):
        self.rounds = rounds
        self.windows = windows
        super().__init__(f"the fill was cancelled after {rounds} rounds and {windows} window reads "
                         f"(its caller went away, or the service is stopping); submit it again")
