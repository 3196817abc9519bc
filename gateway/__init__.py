"""The deg HTTP gateway (FastAPI): validation, schema compilation, context rendering, response
assembly, auth, rate limits, the response cache and metrics. It talks to the model only through
the `deg.v1.Inference` gRPC contract and never imports torch.

`create_app(settings)` builds the ASGI app; `python -m gateway` serves it with uvicorn.
"""
from __future__ import annotations


def create_app(settings=None):  # lazy: `import gateway` stays cheap for the SDK and tools
    from gateway.app import create_app as _create_app

    return _create_app(settings)
