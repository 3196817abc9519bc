"""Calibration service: per-head-kind temperatures fit on val records (contract 12.3)."""
from .fit import FIT_KINDS, CalibrationReport, calibrate, ece, fit_temperature

__all__ = ["FIT_KINDS", "CalibrationReport", "calibrate", "ece", "fit_temperature"]
