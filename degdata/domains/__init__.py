"""The document domains: name -> `Domain` (how to build one document, which locales)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..assemble import Draft
from ..kit import Kit
from . import (academic, agreements, commerce, communication, engineering, everyday, finance,
               health, legal, listings, opinions, orders, people, public, publishing, travel)

ALL_LOCALES = ("en_US", "en_GB", "de_DE", "fr_FR")


@dataclass(frozen=True)
class Domain:
    name: str
    build: Callable[[Kit], Draft]
    locales: tuple[str, ...] = ALL_LOCALES
    long_fraction: float = 0.15     # share of records lengthened to 3k-16k characters


DOMAINS: dict[str, Domain] = {d.name: d for d in [
    Domain("invoice", commerce.invoice),
    Domain("receipt", commerce.receipt),
    Domain("shipping_notice", commerce.shipping_notice),
    Domain("bank_statement", finance.bank_statement, long_fraction=0.0),   # long by itself
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
    Domain("purchase_order", orders.purchase_order),
    Domain("utility_bill", orders.utility_bill),
    Domain("lab_report", health.lab_report),
    Domain("insurance_claim", health.insurance_claim),
    Domain("lease", agreements.lease),
    Domain("employment_contract", agreements.employment_contract),
    Domain("hotel_booking", travel.hotel_booking),
    Domain("flight_itinerary", travel.flight_itinerary),
    Domain("restaurant_review", opinions.restaurant_review),
    Domain("bug_report", engineering.bug_report),
    Domain("incident_report", engineering.incident_report),
    Domain("press_release", publishing.press_release),
    Domain("research_abstract", publishing.research_abstract),
    Domain("car_listing", everyday.car_listing),
    Domain("recipe", everyday.recipe),
    Domain("sports_match", everyday.sports_match),
    Domain("nda", agreements.nda),
    Domain("police_report", public.police_report),
    Domain("weather_report", public.weather_report),
    Domain("tax_form", public.tax_form),
    Domain("course_syllabus", academic.course_syllabus),
    Domain("clinical_trial", academic.clinical_trial),
]}
