"""The response bodies of the gateway's own routes as OpenAPI component schemas, and which
statuses each route answers (`ROUTES`), written from what the code sends: `deg.assemble`
(a fill), `FillPlan.to_dict` (a plan), `gateway.jobs.public` (a job), `models_body` and
`Gateway.health`, and the one error shape of `gateway.errors`.

Objects the gateway builds in full are closed (`additionalProperties: false`); open are the
filled `value` (whatever the request's schema describes), the per-field `meta` entries (their
keys depend on the field's mode, contract section 8) and the inference service's figures in
`/health`, which only add keys over time.
"""
from __future__ import annotations

from typing import Any

__all__ = ["COMPONENTS", "ERROR_KINDS", "ROUTES", "json_response", "ref", "responses"]


def ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def closed(required: list[str], properties: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"type": "object", "required": required, "properties": properties, "additionalProperties": False,
            **extra}


STRING = {"type": "string"}
BOX = {"type": "array", "items": {"type": "integer", "minimum": 0}, "minItems": 4, "maxItems": 4}
TEXT_OR_NULL = {"type": ["string", "null"]}
COUNT = {"type": "integer", "minimum": 0}
NUMBER = {"type": "number"}
PROBABILITY = {"type": "number", "minimum": 0, "maximum": 1}
ERROR_KINDS = ("invalid_json", "invalid_request", "unauthorized", "not_found", "payload_too_large",
               "context_too_long", "validation_error", "schema_error", "rate_limited", "overloaded", "fill_error",
               "internal_error", "inference_error", "inference_unavailable", "store_unavailable", "timeout",
               "job_lost", "unsupported_media_type", "invalid_pdf", "media_too_large", "invalid_media",
               "ocr_unavailable")

PROBLEM = {"type": "object", "required": ["loc", "msg"],
           "properties": {"loc": {"type": "array", "items": {"type": ["string", "integer"]}}, "msg": STRING}}
SCORE_OR_NULL = {"type": ["number", "null"]}
EXPLAINED = {
    "type": ["object", "null"],
    "description": "a decide outcome ({value, score, probability}), a span ({span, text, score}; the winner also "
                   "its value) or the null outcome ({value: null, null: true, score}: the null's score plus the "
                   "margin a span must beat); scores are composed log-scores",
    "properties": {"value": {}, "score": SCORE_OR_NULL, "probability": PROBABILITY, "null": {"type": "boolean"},
                   "span": {"type": "array", "items": COUNT}, "text": STRING},
}
EXPLAIN = closed(["winner", "runner_up", "terms"], {
    "winner": EXPLAINED, "runner_up": EXPLAINED,
    "terms": {"type": "array", "description": "each named score term's contribution to both, in the order they add up "
                                              "(head, prior, verbatim, relevance, closing, layout_cell, noul_shift, "
                                              "capped, null_margin)",
              "items": closed(["name", "winner", "runner_up"], {"name": STRING, "winner": SCORE_OR_NULL,
                                                                  "runner_up": SCORE_OR_NULL})},
    "read": closed(["span", "text", "weight"], {
        "span": {"type": "array", "items": COUNT, "minItems": 2, "maxItems": 2}, "text": STRING,
        "weight": PROBABILITY},
        description="a decided field whose head reads the context (a flag or option reader): the fewest context characters around the "
                    "token it weighed most that hold half its weight, and the share they hold"),
}, description="why the field got its value (only with options.explain): the winning outcome, the runner-up and "
               "each score term's part in both; a decided field whose head reads the context also what it read")
FIELD_META = {
    "type": "object", "required": ["mode"],
    "description": "how the field was filled: its mode and, by mode, probability, confidence, probabilities, "
                   "span, expected, null_reason, generated_tokens (contract section 8); explain with "
                   "options.explain",
    "properties": {
        "mode": STRING, "probability": PROBABILITY, "confidence": PROBABILITY, "expected": NUMBER,
        "probabilities": {"type": "array", "items": PROBABILITY},
        "span": {"type": ["array", "null"], "items": COUNT},
        "generated_tokens": COUNT, "null_reason": STRING,
        "explain": ref("FieldExplain"),
        "media": {"type": "string", "pattern": "^m[0-9]+$",
                  "description": "a copied value found in the request's media: the item (m0 = media[0])"},
        "page": {"type": "integer", "minimum": 1, "description": "the value's page (PDFs, multi-page TIFFs)"},
        "box": {**BOX, "description": "union of the value's words' boxes: [x0, y0, x1, y1] in source pixels "
                                      "(x1/y1 exclusive); PDF pages: pixels at the item's dpi"},
        "boxes": {"type": "array", "items": BOX, "minItems": 2,
                  "description": "one box per line, when the value's words sit on more than one line"},
        "ocr_confidence": {**PROBABILITY, "description": "the least confident of the value's words (Tesseract's "
                                                         "confidence / 100; 1 for a PDF text layer)"},
    },
}
PLAN_WARNING = closed(["pointer", "message"], {"pointer": STRING, "message": STRING})
USAGE = closed(["prompt_tokens", "generated_tokens", "cached_tokens", "fork_tokens"], {
    "prompt_tokens": COUNT, "generated_tokens": COUNT,
    "cached_tokens": {**COUNT, "description": "of prompt_tokens, those reused from a kept trunk (0: a cold fill)"},
    "fork_tokens": {**COUNT, "description": "tokens of the fork rows that asked the fields"}})
FILL_RESPONSE = closed(["model", "value", "meta", "usage", "plan"], {
    "model": {**STRING, "description": "the served model id"},
    "value": {"description": "the filled JSON value, valid against the request's schema"},
    "meta": {"type": "object", "additionalProperties": ref("FieldMeta"),
             "description": "per field, by its JSON pointer in the value's shape (`/a/*/b` for array items)"},
    "usage": USAGE,
    "plan": {**STRING, "description": "the plan's fingerprint"},
    "warnings": {"type": "array", "items": ref("PlanWarning")},
    "media": {"type": "array", "items": ref("MediaItem"),
              "description": "only with `media` in the request: each item's pages and where its text sits"},
})
SPAN = {"type": "array", "items": COUNT, "minItems": 2, "maxItems": 2}
MEDIA_PAGE = closed(["page", "width", "height", "read", "words", "span"], {
    "page": {"type": "integer", "minimum": 1}, "width": COUNT, "height": COUNT,
    "read": {"enum": ["ocr", "text_layer"]}, "words": COUNT,
    "span": {**SPAN, "description": "the page's text in the context, [start, end) code points"},
    "preview": {**STRING, "description": "`/v1/media/text?preview=true`, PDFs and TIFFs: the page as a small PNG data URL"}})
MEDIA_ITEM = closed(["id", "type", "span", "pages"], {
    "id": STRING, "type": STRING, "span": SPAN, "pages": {"type": "array", "items": ref("MediaPage")},
    "dpi": {"type": "integer", "description": "PDFs: the resolution their page pixels are at"}})
MEDIA_TEXT = closed(["type", "text", "chars", "pages"], {
    "type": STRING, "text": {**STRING, "description": "the text a fill of this one item reads"}, "chars": COUNT,
    "pages": {"type": "array", "items": ref("MediaPage")}, "dpi": {"type": "integer"}})

PLAN_ITEMS = {"type": "array", "items": {"type": "object", "required": ["pointer", "fingerprint"],
                                         "properties": {"pointer": STRING, "fingerprint": STRING}}}
PLAN_RESPONSE = closed(["version", "fingerprint", "fields", "arrays", "schema", "warnings"], {
    "version": {"const": "deg-plan-1"}, "fingerprint": STRING,
    "fields": PLAN_ITEMS, "arrays": PLAN_ITEMS, "constants": PLAN_ITEMS, "nullables": PLAN_ITEMS,
    "tuples": PLAN_ITEMS, "schema": {"type": "object", "description": "the schema as compiled"},
    "root": {"description": "a non-object root: how it is filled under an internal property"},
    "checks": {"type": "array", "description": "[schema pointer, keyword values] the final validation applies",
               "items": {"type": "array", "minItems": 2, "maxItems": 2}},
    "warnings": {"type": "array", "items": ref("PlanWarning")},
})

JOB_STATUS = {"enum": ["queued", "running", "done", "failed", "cancelled"]}
JOB_ACCEPTED = closed(["id", "status", "location"], {"id": STRING, "status": JOB_STATUS, "location": STRING})
JOB = closed(["id", "status", "created_at", "updated_at", "timeout_s", "progress"], {
    "id": STRING, "status": JOB_STATUS, "created_at": NUMBER, "updated_at": NUMBER, "heartbeat_at": NUMBER,
    "timeout_s": NUMBER,
    "progress": closed(["fields_total", "fields_done", "tokens_total", "tokens_read", "exact", "attempts"], {
        "fields_total": COUNT, "fields_done": COUNT, "tokens_total": COUNT, "tokens_read": COUNT,
        "exact": {"type": "boolean"}, "attempts": COUNT, "note": STRING,
        "pages_read": {**COUNT, "description": "with media: pages read so far"},
        "pages_total": {**COUNT, "description": "with media: their pages (0 until counted)"}}),
    "result": ref("FillResponse"),
    "error": closed(["status", "type", "message"], {"status": {"type": "integer"}, "type": STRING, "message": STRING}),
})

MODEL_LIST = closed(["object", "data", "models", "served", "aliases"], {
    "object": {"const": "list"},
    "data": {"type": "array", "items": closed(["id", "object", "created", "owned_by"], {
        "id": STRING, "object": {"const": "model"}, "created": COUNT, "owned_by": STRING})},
    "models": {"type": "array", "items": closed(["name", "description", "release_date"], {
        "name": STRING, "description": STRING, "release_date": STRING})},
    "served": STRING, "aliases": {"type": "array", "items": STRING},
})
STATUS = closed(["status"], {"status": STRING})
HEALTH = closed(["status", "gateway", "inference", "redis"], {
    "status": {"enum": ["ok", "degraded", "unavailable"]},
    "gateway": STATUS,
    "inference": {"type": "object", "required": ["status"], "properties": {"status": {"enum": ["ok", "unavailable"]}},
                  "description": "the inference service's status and figures (model_id, queue_depth, ...)"},
    "redis": closed(["status"], {"status": {"enum": ["ok", "unavailable", "off"]}}),
})
PDF_TEXT = closed(["text", "pages", "empty_pages", "ocr_pages", "chars"], {
    "text": {**STRING, "description": "the text layer (OCR for pages without one), pages joined, to send as a "
                                      "fill's context"},
    "pages": COUNT, "empty_pages": {**COUNT, "description": "pages without a text layer"},
    "ocr_pages": {**COUNT, "description": "of those, pages whose text OCR read"}, "chars": COUNT})
GATEWAY_ERROR = closed(["error"], {"error": closed(["type", "message"], {
    "type": {"enum": list(ERROR_KINDS)}, "message": STRING, "errors": {"type": "array", "items": PROBLEM}})})

COMPONENTS: dict[str, dict[str, Any]] = {
    "FieldMeta": FIELD_META, "FieldExplain": EXPLAIN, "PlanWarning": PLAN_WARNING, "FillResponse": FILL_RESPONSE,
    "PlanResponse": PLAN_RESPONSE, "FillJobAccepted": JOB_ACCEPTED, "FillJob": JOB, "ModelList": MODEL_LIST,
    "Health": HEALTH, "PdfText": PDF_TEXT, "GatewayError": GATEWAY_ERROR, "MediaPage": MEDIA_PAGE,
    "MediaItem": MEDIA_ITEM, "MediaText": MEDIA_TEXT,
}
MEDIA_BODY = {"requestBody": {"required": True, "content": {
    kind: {"schema": {"type": "string", "format": "binary"}}
    for kind in ("image/png", "image/jpeg", "image/tiff", "image/webp", "application/pdf")}}}

WHY = {400: "the body is not JSON, nests too deeply, or has a malformed Content-Length",
       401: "auth is on and the API key is missing or unknown",
       404: "no such job (unknown, or expired)",
       413: "the body, the context or its media (bytes, pixels, pages, items) is larger than the gateway or the "
            "model can take",
       415: "the body is not sent as a PDF (Content-Type application/pdf)",
       422: "unknown fields or options, wrong types, an unknown model, a schema deg cannot fill (every problem "
            "listed), or media that are not what they claim, truncated or unreadable",
       429: "rate limit or inference queue full (Retry-After)",
       500: "the fill could not produce a valid value (fill_error), or a fault in the gateway",
       502: "the inference service failed unexpectedly",
       503: "no inference backend answers, Redis does not (jobs), or the OCR engine is not installed (media)",
       504: "an admitted fill ran past its deadline"}
BODY_ROUTE = (400, 401, 413, 422, 429, 500)
FILL_ROUTE = (*BODY_ROUTE, 502, 503, 504)


def json_response(description: str, schema: dict[str, Any]) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def responses(success: dict[int, tuple[str, str]], errors: tuple[int, ...], error_schema: str = "GatewayError",
              why: dict[int, str] = WHY) -> dict[str, Any]:
    """The `openapi_extra` of a route: its success bodies and the error statuses it answers."""
    documented = {str(status): json_response(description, ref(name)) for status, (description, name) in success.items()}
    documented.update({str(status): json_response(why[status], ref(error_schema)) for status in errors})
    return {"responses": documented}


ROUTES = {
    "fill": responses({200: ("the filled value, per-field meta, usage and the plan's fingerprint", "FillResponse")},
                      FILL_ROUTE),
    "fills": responses({202: ("accepted: the job's id and Location", "FillJobAccepted")}, (*BODY_ROUTE, 503)),
    "job": responses({200: ("the job's status and progress; its result when done, its error when failed",
                            "FillJob")}, (401, 404, 429, 500, 503)),
    "cancel": responses({200: ("the job is stopped (status cancelled), or had already ended (its record as it "
                               "ended)", "FillJob"),
                         202: ("the job runs on another gateway, which stops it at its next heartbeat; the "
                               "record as it stands", "FillJob")}, (401, 404, 429, 500, 503)),
    "plan": responses({200: ("the fill plan and every warning", "PlanResponse")}, BODY_ROUTE),
    "models": responses({200: ("the served model id, its aliases and the compatibility names", "ModelList")},
                        (401, 500, 502, 503)),
    "pdf_text": responses({200: ("the PDF's text layer, OCR for pages without one", "PdfText")},
                          (401, 413, 415, 422, 429, 500, 503),
                          why={**WHY, 422: "not a PDF, encrypted, too many pages, or no text even by OCR"}),
    "media_text": responses({200: ("the text a fill of this image or PDF reads, and its pages", "MediaText")},
                            (401, 413, 415, 422, 429, 500, 503),
                            why={**WHY, 415: "the Content-Type is not an image or PDF type deg reads",
                                 422: "the bytes are not the declared type, truncated, or have no text"}),
    "health": responses({200: ("fills can be served (status ok, or degraded when Redis is down)", "Health"),
                         503: ("no inference backend answers", "Health")}, (500,)),
}
