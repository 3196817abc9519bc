"""Calibration service: per-head-kind temperatures fit on val records (contract 12.3).

The fit and the in-place checkpoint calibration live in the model-side training library
(`deg_model.training.calibration`), which the training service's calibration jobs run too;
this service is its command line:

    python -m services.calibration --checkpoint DIR --features DIR
"""
