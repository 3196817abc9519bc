"""The document domains: name -> `Domain` (how to build one document, which locales)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..assemble import Draft
from ..kit import Kit
from . import (academic, agreements, applications, civic, commerce, communication, community,
               culture, engineering, everyday, finance, health, hobbies, household, industry, legal,
               listings, logistics, office, operations, opinions, orders, people, public, publishing,
               records, science, services, trade, travel, work)

ALL_LOCALES = ("en_US", "en_GB", "de_DE", "fr_FR")


@dataclass(frozen=True)
class Domain:
    name: str
    build: Callable[[Kit], Draft]
    topic: str                      # the boilerplate its long versions carry (`filler.TOPICS`)
    long_fraction: float = 0.15     # share of records lengthened to 3k-16k characters
    locales: tuple[str, ...] = ALL_LOCALES


DOMAINS: dict[str, Domain] = {d.name: d for d in [
    Domain("invoice", commerce.invoice, "commerce"),
    Domain("receipt", commerce.receipt, "commerce"),
    Domain("shipping_notice", commerce.shipping_notice, "commerce"),
    Domain("bank_statement", finance.bank_statement, "finance", long_fraction=0.0),   # long by itself
    Domain("support_ticket", communication.support_ticket, "tech"),
    Domain("email", communication.email, "commerce"),
    Domain("meeting_notes", communication.meeting_notes, "tech"),
    Domain("resume", people.resume, "academic"),
    Domain("job_ad", people.job_ad, "media"),
    Domain("medical_intake", people.medical_intake, "health"),
    Domain("contract", legal.contract, "legal"),
    Domain("product_review", listings.product_review, "listings"),
    Domain("event_listing", listings.event_listing, "leisure"),
    Domain("real_estate", listings.real_estate, "listings"),
    Domain("purchase_order", orders.purchase_order, "commerce"),
    Domain("utility_bill", orders.utility_bill, "finance"),
    Domain("lab_report", health.lab_report, "health"),
    Domain("insurance_claim", health.insurance_claim, "finance"),
    Domain("lease", agreements.lease, "legal"),
    Domain("employment_contract", agreements.employment_contract, "legal"),
    Domain("hotel_booking", travel.hotel_booking, "travel"),
    Domain("flight_itinerary", travel.flight_itinerary, "travel"),
    Domain("restaurant_review", opinions.restaurant_review, "leisure"),
    Domain("bug_report", engineering.bug_report, "tech"),
    Domain("incident_report", engineering.incident_report, "public"),
    Domain("press_release", publishing.press_release, "media"),
    Domain("research_abstract", publishing.research_abstract, "media"),
    Domain("car_listing", everyday.car_listing, "listings"),
    Domain("recipe", everyday.recipe, "leisure"),
    Domain("sports_match", everyday.sports_match, "leisure"),
    Domain("nda", agreements.nda, "legal"),
    Domain("police_report", public.police_report, "public"),
    Domain("weather_report", public.weather_report, "public"),
    Domain("tax_form", public.tax_form, "public"),
    Domain("course_syllabus", academic.course_syllabus, "academic"),
    Domain("clinical_trial", academic.clinical_trial, "academic"),
    Domain("timesheet", work.timesheet, "finance"),
    Domain("expense_report", work.expense_report, "finance"),
    Domain("maintenance_work_order", work.maintenance_work_order, "tech"),
    Domain("gym_membership", services.gym_membership, "leisure"),
    Domain("warranty_registration", services.warranty_registration, "commerce"),
    Domain("software_release_notes", services.software_release_notes, "tech"),
    Domain("pet_adoption_application", applications.pet_adoption_application, "public"),
    Domain("customs_declaration", applications.customs_declaration, "commerce"),
    Domain("grant_award_letter", applications.grant_award_letter, "academic"),
    Domain("prescription", records.prescription, "health"),
    Domain("school_report_card", records.school_report_card, "academic"),
    Domain("parking_fine", records.parking_fine, "public"),
    Domain("packing_list", logistics.packing_list, "commerce"),
    Domain("bill_of_materials", logistics.bill_of_materials, "tech"),
    Domain("stock_count", logistics.stock_count, "commerce"),
    Domain("delivery_manifest", logistics.delivery_manifest, "commerce"),
    Domain("volunteer_roster", community.volunteer_roster, "public"),
    Domain("election_results", community.election_results, "public"),
    Domain("league_table", community.league_table, "leisure"),
    Domain("library_loans", community.library_loans, "academic"),
    Domain("contractor_quote", household.contractor_quote, "commerce"),
    Domain("vehicle_service_history", household.vehicle_service_history, "tech"),
    Domain("payslip", household.payslip, "finance"),
    Domain("donation_receipt", household.donation_receipt, "finance"),
    Domain("field_survey", science.field_survey, "public"),
    Domain("calibration_certificate", science.calibration_certificate, "tech"),
    Domain("safety_data_sheet", science.safety_data_sheet, "public"),
    Domain("sample_log", science.sample_log, "health"),
    Domain("album_tracklist", culture.album_tracklist, "media"),
    Domain("podcast_episode", culture.podcast_episode, "media"),
    Domain("museum_loan", culture.museum_loan, "legal"),
    Domain("book_catalogue", culture.book_catalogue, "commerce"),
    Domain("auction_catalogue", trade.auction_catalogue, "listings"),
    Domain("freight_quote", trade.freight_quote, "commerce"),
    Domain("harvest_log", trade.harvest_log, "public"),
    Domain("equipment_rental", trade.equipment_rental, "legal"),
    Domain("shift_handover", operations.shift_handover, "tech"),
    Domain("visitor_log", operations.visitor_log, "public"),
    Domain("asset_register", operations.asset_register, "finance"),
    Domain("training_certificate", operations.training_certificate, "academic"),
    Domain("building_permit", civic.building_permit, "public"),
    Domain("court_hearing_notice", civic.court_hearing_notice, "legal"),
    Domain("vaccination_record", civic.vaccination_record, "health"),
    Domain("lost_property_report", civic.lost_property_report, "public"),
    Domain("chess_tournament_results", hobbies.chess_tournament_results, "leisure"),
    Domain("bird_sighting_report", hobbies.bird_sighting_report, "leisure"),
    Domain("garden_planting_plan", hobbies.garden_planting_plan, "leisure"),
    Domain("fishing_licence", hobbies.fishing_licence, "public"),
    Domain("quality_inspection_report", industry.quality_inspection_report, "tech"),
    Domain("fuel_log", industry.fuel_log, "finance"),
    Domain("machine_downtime_log", industry.machine_downtime_log, "tech"),
    Domain("crop_spray_record", industry.crop_spray_record, "public"),
    Domain("purchase_requisition", office.purchase_requisition, "finance"),
    Domain("job_interview_feedback", office.job_interview_feedback, "public"),
    Domain("performance_review", office.performance_review, "legal"),
    Domain("onboarding_checklist", office.onboarding_checklist, "tech"),
]}
