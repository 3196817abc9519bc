"""What every service's typed settings share: the one error type and the one environment reader.

Each service keeps one frozen settings dataclass with a `from_env(env)` classmethod that reads
every variable through `env_value` (at start-up, never at import time) and checks the values
in `__post_init__`, raising `SettingsError` with the variable named.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

TRUE = {"1", "true", "yes", "on"}
FALSE = {"0", "false", "no", "off", ""}


class SettingsError(ValueError):
    """An environment variable or flag holds a value the service cannot use; names the variable."""


def env_value(env: Mapping[str, str], name: str, default: Any, kind: type = str, *,
              keep_empty: bool = False) -> Any:
    """`env[name]` converted to `kind`; `default` when unset or empty.

    `keep_empty`: an empty string is a value of its own (a `str` setting whose empty value
    means "off"). `bool` reads on/off words (`1 true yes on` / `0 false no off`)."""
    raw = env.get(name)
    if raw is None or (raw == "" and not (keep_empty and kind is str)):
        return default
    if kind is bool:
        word = raw.strip().lower()
        if word in TRUE:
            return True
        if word in FALSE:
            return False
        raise SettingsError(f"{name}={raw!r} is not on/off")
    try:
        return kind(raw)
    except ValueError:
        raise SettingsError(f"{name}={raw!r} is not a valid {kind.__name__}") from None
