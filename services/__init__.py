"""deg services: one process per concern (inference, training, calibration, evaluation).

Each service reads its own typed settings from the environment when it starts and keeps IO
(gRPC, HTTP, Redis, files) at its edges; the shared contract logic lives in the pure `deg`
core, what the services share in `degcommon` (and `deg_model.training` for training and
calibration), and the gRPC contract in `proto/deg/v1/`. A service never imports another
service's modules (`docs/architecture.md`, checked by `tests/test_architecture.py`).
"""
