"""deg services: one process per concern (inference, training, calibration, evaluation).

Each service reads its own typed settings from the environment when it starts and keeps IO
(gRPC, HTTP, Redis, files) at its edges; the shared contract logic lives in the pure `deg`
core and the gRPC contract in `proto/deg/v1/`.
"""
