"""Python SDK for a deg gateway.

    from degsdk import Client
    client = Client("http://127.0.0.1:8790")
    result = client.fill("Order 1234 ships Friday.", {"type": "object", "properties": {...}})
    result["value"], result["meta"]
    invoice = client.fill("Invoice INV-7 ...", Invoice)   # a pydantic model: a validated Invoice

Every non-2xx answer raises `DegError(status, body)`. The SDK needs only `httpx`.
"""
from degsdk.client import DEFAULT_URL, Client, DegError

__all__ = ["Client", "DegError", "DEFAULT_URL"]
