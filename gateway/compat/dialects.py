"""What differs between the compatibility routes besides translation: the model names each
accepts besides deg's own, and how each refuses (status and error shape).

The three OpenAI-shaped routes share OpenAI's error body and statuses (`OpenAIDialect`): 401
for a missing or unknown key, 404 `model_not_found`, 400 for a request the route cannot
serve (an image or file that cannot be read included; 413 for one over the media limits), and the fill path's own statuses otherwise (413, 429 with `Retry-After`, 500 fill
error, 502, 503, 504). `/v1/systemone` answers as live Jev does (`SystemOneDialect`).
"""
from __future__ import annotations

from typing import Any

from gateway.compat import decisions, systemone
from gateway.compat.errors import (CHAT_PATH, DECISIONS_PATH, RESPONSES_PATH, SYSTEMONE_PATH, CompatError,
                                   jev_error, jev_item, jev_usage_error, jev_validation_error, openai_error)
from gateway.errors import ApiError
from gateway.media.errors import MediaError

__all__ = ["Dialect", "CHAT", "DECISIONS", "RESPONSES", "SYSTEMONE"]


def _problems(errors: list[dict[str, Any]]) -> str:
    return "; ".join(f"{'/'.join(map(str, e['loc'])) or '(root)'}: {e['msg']}" for e in errors)


class Dialect:
    path: str = ""
    models: tuple[str, ...] = ()      # names accepted besides the served model's

    def unknown_model(self, name: str) -> CompatError: ...
    def unauthorized(self, key: str | None) -> CompatError: ...
    def images_refused(self) -> CompatError: ...
    def media_refused(self, exc: MediaError) -> CompatError: ...
    def schema_refused(self, errors: list[dict[str, Any]], label: str) -> CompatError: ...
    def from_api_error(self, exc: ApiError) -> CompatError: ...


class OpenAIDialect(Dialect):
    def __init__(self, path: str, models: tuple[str, ...] = (), format_param: str = "response_format") -> None:
        self.path, self.models, self.format_param = path, models, format_param

    def unknown_model(self, name: str) -> CompatError:
        return openai_error(404, f"The model `{name}` does not exist or you do not have access to it.",
                            param="model", code="model_not_found")

    def unauthorized(self, key: str | None) -> CompatError:
        if key is None:
            return openai_error(401, "You didn't provide an API key. Send it as `Authorization: Bearer <key>`.")
        return openai_error(401, "Incorrect API key provided.", code="invalid_api_key")

    def images_refused(self) -> CompatError:
        return openai_error(400, "Multipart uploads are not read: send images as base64 data URLs in the JSON body.",
                            param="input", code="invalid_value")

    def media_refused(self, exc: MediaError) -> CompatError:
        """An image or file that cannot be read: 400 as OpenAI answers a bad image (413 too large,
        503 no OCR engine), naming the part."""
        status = 400 if exc.status == 422 else exc.status
        return openai_error(status, exc.message, param=exc.where, code=exc.kind)

    def schema_refused(self, errors: list[dict[str, Any]], label: str) -> CompatError:
        return openai_error(400, f"Invalid schema for {self.format_param} '{label}': {_problems(errors)}",
                            param=self.format_param, code="invalid_json_schema")

    def from_api_error(self, exc: ApiError) -> CompatError:
        """The gateway's own status (400 bad JSON, 422 refused by inference, 429, 5xx)."""
        return openai_error(exc.status, exc.message, code=exc.kind, headers=exc.headers)


class DecisionsDialect(OpenAIDialect):
    def schema_refused(self, errors: list[dict[str, Any]], label: str) -> CompatError:
        return openai_error(400, f"the questions cannot be answered: {_problems(errors)}", param="questions",
                            code="invalid_value")

    def from_api_error(self, exc: ApiError) -> CompatError:
        status = 400 if exc.status == 422 else exc.status
        return openai_error(status, exc.message, code=exc.kind, headers=exc.headers)


class SystemOneDialect(Dialect):
    path, models = SYSTEMONE_PATH, systemone.SYSTEMONE_MODELS

    def unknown_model(self, name: str) -> CompatError:
        return jev_error(400, f"Unknown model: {name}")

    def unauthorized(self, key: str | None) -> CompatError:
        return jev_error(403, "Not authenticated" if key is None else "Invalid API key.")

    def images_refused(self) -> CompatError:
        return jev_usage_error(systemone.IMAGE_REFUSED)

    def schema_refused(self, errors: list[dict[str, Any]], label: str) -> CompatError:
        return jev_validation_error([jev_item("value_error", ["questions", *e["loc"][1:2]], e["msg"], None)
                                     for e in errors])

    def from_api_error(self, exc: ApiError) -> CompatError:
        if exc.status == 422:
            return jev_validation_error([jev_item(exc.kind, [], exc.message, None)])
        if exc.status >= 500:   # which fault it was (fill_error, inference_unavailable...), as the SDK reads it
            return jev_error(exc.status, {"error_type": exc.kind, "message": exc.message}, exc.headers)
        return jev_error(exc.status, exc.message, exc.headers)


DECISIONS = DecisionsDialect(DECISIONS_PATH, decisions.DECISION_MODELS)
SYSTEMONE = SystemOneDialect()
CHAT = OpenAIDialect(CHAT_PATH)
RESPONSES = OpenAIDialect(RESPONSES_PATH, format_param="text.format")
