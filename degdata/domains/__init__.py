"""The document domains: name -> `Domain` (how to build one document, which locales)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..assemble import Draft
from ..kit import Kit
from . import commerce, communication, finance, legal, listings, people

ALL_LOCALES = ("en_US", "en_GB", "de_DE", "fr_FR")


@dataclass(frozen=True)
class Domain:
    name: str
    build: Callable[[Kit], Draft]
    locales: tuple[str, ...] = ALL_LOCALES
    long_fraction: float = 0.08     # share of records padded to 8k-25k characters


DOMAINS: dict[str, Domain] = {d.name: d for d in [
    Domain("invoice", commerce.invoice),
    Domain("receipt", commerce.receipt),
    Domain("shipping_notice", commerce.shipping_notice),
    Domain("bank_statement", finance.bank_statement, long_fraction=0.04),
    Domain("support_ticket", communication.support_ticket),
    Domain("email", communication.email),
    Domain("meeting_notes", communication.meeting_notes),
    Domain("resume", people.resume),
    Domain("job_ad", people.job_ad),
    Domain("medical_intake", people.medical_intake),
    Domain("contract", legal.contract),
    Domain("product_review", listings.product_review),
    Domain("event_listing", listings.event_listing),
    Domain("real_estate", listings.real_estate),
]}
