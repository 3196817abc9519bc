"""The text the model reads for the decision APIs' inputs, instructions and criteria.

Every rendering is a pure, deterministic function of the request, so the same request always
reads the same context (and the response cache and bitwise determinism of deg carry over).

Choices (the contract fixes only string and JSON rendering, section 7.1):

- A plain string is used verbatim; a JSON value (an OpenAI `input_json` part, a TypeSafe
  `state`, instruction or criterion that is an object or array) is rendered exactly as
  `deg.render_context` renders a JSON context (`", "`/`": "` separators, the given key order,
  `ensure_ascii=False`).
- The parts of one message are joined with a newline.
- An OpenAI input list of exactly one user message reads as that message's content alone, so
  `input="text"` and `[{"role": "user", "content": "text"}]` read the same context and get the
  same answers. Any other list becomes one block per item, separated by a blank line, each
  block starting with what it is: `User:`, `Developer:`, `System:`, `Assistant:`,
  `Function call <name> (<call_id>): <arguments>`, `Function output (<call_id>): <output>`,
  `Tool call <name> (<call_id>): <input>`, `Tool output (<call_id>): <output>`. An assistant
  refusal part reads `Refusal: <text>`.
- Chat Completions messages (`render_messages`) follow the same rules: one user message reads
  as its content alone, any other list becomes `System:` / `Developer:` / `User:` /
  `Assistant:` blocks; a `text` part reads like an `input_text` part.
- Images and files are read to text before rendering where OpenAI puts them in input messages
  (`gateway.compat.media`); one left anywhere else is refused (`ImageRefused`).
"""
from __future__ import annotations

from typing import Any

from deg.render import ContextError, render_context

__all__ = ["ImageRefused", "InputProblem", "render_content", "render_input", "render_messages", "render_parts"]


class InputProblem(ValueError):
    """A part of the input the model cannot read; `param` is where it sits (`input[2].content`)."""

    def __init__(self, message: str, param: str) -> None:
        super().__init__(message)
        self.param = param


class ImageRefused(InputProblem):
    """An image part where none is read (function outputs, instructions, assistant messages)."""


IMAGE_PARTS = ("input_image", "input_file", "image_url")  # Responses, Chat Completions


def render_content(value: Any, param: str) -> str:
    """A TypeSafe content value (string, object or array) as text."""
    try:
        return render_context(value)
    except ContextError as exc:
        raise InputProblem(exc.errors[0]["msg"], param) from None


def render_parts(content: Any, param: str, *, allowed: tuple[str, ...]) -> str:
    """OpenAI content: a string, or a list of typed parts of the `allowed` types, as text."""
    if isinstance(content, str):
        return render_content(content, param)
    if not isinstance(content, list):
        raise InputProblem(f"{param} must be a string or a list of content parts", param)
    if not content:
        raise InputProblem(f"{param} must not be an empty list", param)
    texts = []
    for index, part in enumerate(content):
        where = f"{param}[{index}]"
        kind = part.get("type") if isinstance(part, dict) else None
        if kind in IMAGE_PARTS:
            raise ImageRefused(f"{where} is an image or file; those are read only in the content of user, system "
                               "and developer messages (as base64 data URLs)", where)
        if kind not in allowed:
            expected = ", ".join(repr(a) for a in allowed)
            raise InputProblem(f"{where} must be a part of type {expected}, got {kind!r}", where)
        texts.append(_part_text(part, kind, where))
    return "\n".join(texts)


def _part_text(part: dict[str, Any], kind: str, where: str) -> str:
    fields = {"input_text": "text", "output_text": "text", "text": "text", "refusal": "refusal",
              "input_json": "data"}
    field = fields[kind]
    known = {"type", field, "prompt_cache_breakpoint"}
    unknown = sorted(set(part) - known)
    if unknown:
        raise InputProblem(f"{where} has unknown field {unknown[0]!r}", f"{where}.{unknown[0]}")
    if field not in part:
        raise InputProblem(f"{where} is missing {field!r}", f"{where}.{field}")
    value = part[field]
    if kind == "input_json":
        if not (isinstance(value, dict) or (isinstance(value, list) and all(isinstance(v, dict) for v in value))):
            raise InputProblem(f"{where}.data must be a JSON object or an array of objects", f"{where}.data")
        return render_content(value, f"{where}.data")
    if not isinstance(value, str):
        raise InputProblem(f"{where}.{field} must be a string", f"{where}.{field}")
    text = render_content(value, f"{where}.{field}")
    return f"Refusal: {text}" if kind == "refusal" else text


ROLE_PARTS = {
    "user": ("input_text", "input_json"),
    "developer": ("input_text",),
    "system": ("input_text",),
    "assistant": ("output_text", "refusal"),
}
ITEM_FIELDS = {
    "message": ({"role", "content"}, {"type", "phase", "id", "status"}),
    "function_call": ({"type", "call_id", "name", "arguments"}, {"id", "namespace", "status"}),
    "function_call_output": ({"type", "call_id", "output"}, {"id", "status"}),
    "custom_tool_call": ({"type", "call_id", "name", "input"}, {"id", "namespace", "status"}),
    "custom_tool_call_output": ({"type", "call_id", "output"}, {"id", "status"}),
}


def render_input(value: Any) -> str:
    """OpenAI `input`: a string, or a list of messages and tool items, as one text."""
    if isinstance(value, str):
        return render_content(value, "input")
    if not isinstance(value, list):
        raise InputProblem("input must be a string or a list of input items", "input")
    if not value:
        raise InputProblem("input must not be an empty list", "input")
    blocks = [_render_item(item, f"input[{index}]") for index, item in enumerate(value)]
    if len(value) == 1 and value[0].get("role") == "user":
        return blocks[0][1]
    return "\n\n".join(f"{label}{text}" for label, text in blocks)


def _render_item(item: Any, where: str) -> tuple[str, str]:
    """(block label, text) of one input item."""
    if not isinstance(item, dict):
        raise InputProblem(f"{where} must be an object", where)
    kind = item.get("type", "message")
    if kind not in ITEM_FIELDS:
        raise InputProblem(f"{where} has unknown type {kind!r}", f"{where}.type")
    required, optional = ITEM_FIELDS[kind]
    for name in sorted(required - set(item)):
        raise InputProblem(f"{where} is missing {name!r}", f"{where}.{name}")
    for name in sorted(set(item) - required - optional):
        raise InputProblem(f"{where} has unknown field {name!r}", f"{where}.{name}")
    for name in sorted((required | optional) - {"content", "output"}):
        if name in item and item[name] is not None and not isinstance(item[name], str):
            raise InputProblem(f"{where}.{name} must be a string", f"{where}.{name}")
    if kind == "message":
        role = item["role"]
        if role not in ROLE_PARTS:
            raise InputProblem(f"{where}.role must be one of {', '.join(ROLE_PARTS)}, got {role!r}", f"{where}.role")
        text = render_parts(item["content"], f"{where}.content", allowed=ROLE_PARTS[role])
        return f"{role.capitalize()}: ", text
    call = item["call_id"]
    if kind == "function_call":
        return f"Function call {item['name']} ({call}): ", render_content(item["arguments"], f"{where}.arguments")
    if kind == "custom_tool_call":
        return f"Tool call {item['name']} ({call}): ", render_content(item["input"], f"{where}.input")
    text = render_parts(item["output"], f"{where}.output", allowed=("input_text",))
    label = "Function output" if kind == "function_call_output" else "Tool output"
    return f"{label} ({call}): ", text


CHAT_ROLE_PARTS = {
    "system": ("text",),
    "developer": ("text",),
    "user": ("text",),
    "assistant": ("text", "refusal"),
}


def render_messages(value: Any) -> str:
    """Chat Completions `messages` (system, developer, user and assistant text) as one text."""
    if not isinstance(value, list):
        raise InputProblem("messages must be a list of messages", "messages")
    if not value:
        raise InputProblem("messages must not be an empty list", "messages")
    blocks = [_render_message(message, f"messages[{index}]") for index, message in enumerate(value)]
    if len(value) == 1 and value[0]["role"] == "user":
        return blocks[0][1]
    return "\n\n".join(f"{label}{text}" for label, text in blocks)


def _render_message(message: Any, where: str) -> tuple[str, str]:
    if not isinstance(message, dict):
        raise InputProblem(f"{where} must be an object", where)
    role = message.get("role")
    if role not in CHAT_ROLE_PARTS:
        raise InputProblem(f"{where}.role must be one of {', '.join(CHAT_ROLE_PARTS)}, got {role!r}; "
                           "this model reads text messages only (no tool calls)", f"{where}.role")
    for name in sorted(set(message) - {"role", "content", "name"}):
        raise InputProblem(f"{where} has unsupported field {name!r}", f"{where}.{name}")
    if message.get("name") is not None and not isinstance(message["name"], str):
        raise InputProblem(f"{where}.name must be a string", f"{where}.name")
    if "content" not in message or message["content"] is None:
        raise InputProblem(f"{where} is missing 'content'", f"{where}.content")
    text = render_parts(message["content"], f"{where}.content", allowed=CHAT_ROLE_PARTS[role])
    return f"{role.capitalize()}: ", text
