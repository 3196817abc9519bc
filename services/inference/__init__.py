"""The inference service: the model behind a gRPC `deg.v1.Inference` server.

Requests arriving close together are batched (`batcher.Batcher`) and handed to a runtime's
`fill_many` in one call; the runtime is chosen by the `DEG_RUNTIME_FACTORY` setting so the
service never depends on how the model is implemented. Start it with
`python -m services.inference --port 8791`.
"""
