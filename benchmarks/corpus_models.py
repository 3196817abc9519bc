"""30 pydantic models of common documents, written the way users write them.

They mix the field types people use (Optional, lists, nested models, Enum, Literal, Decimal,
dates, times, UUIDs, URLs, constrained numbers and strings, dict maps, scalar unions, tuples,
unions of models and discriminated unions). `MODELS` lists them; `CONTEXTS` holds one short
text per model for fills with the embedded model (tests/gateway/test_gateway_pydantic_suite.py).
"""
from __future__ import annotations

import datetime
import decimal
import enum
import uuid
from typing import Annotated, Literal, Optional, Union

from pydantic import BaseModel, Field, HttpUrl


class Currency(str, enum.Enum):
    USD = "USD"
    EUR = "EUR"
    GBP = "GBP"


class Priority(str, enum.Enum):
    LOW = "low"
    MEDIUM = "medium"
    HIGH = "high"


class Address(BaseModel):
    street: str
    city: str
    postal_code: Optional[str] = None
    country: Optional[str] = None


class LineItem(BaseModel):
    description: str
    quantity: int = Field(ge=1)
    unit_price: decimal.Decimal


class Invoice(BaseModel):
    invoice_number: str
    issue_date: datetime.date
    due_date: Optional[datetime.date] = None
    seller: str
    buyer: str
    currency: Currency
    items: list[LineItem]
    total: decimal.Decimal
    paid: bool = False


class Receipt(BaseModel):
    merchant: str
    purchased_at: datetime.datetime
    total: float
    payment_method: Literal["cash", "card", "mobile"]
    items: list[str] = []


class PurchaseOrder(BaseModel):
    po_number: str
    vendor: str
    ship_to: Address
    lines: list[LineItem]
    notes: Optional[list[str]] = None


class ShippingLabel(BaseModel):
    tracking_number: str
    carrier: Literal["UPS", "FedEx", "DHL", "USPS"]
    sender: Address
    recipient: Address
    weight_kg: float = Field(gt=0)


class Job(BaseModel):
    company: str
    title: str
    start_year: int = Field(ge=1950, le=2100)
    end_year: Optional[int] = None


class Resume(BaseModel):
    name: str
    email: Optional[str] = None
    skills: list[str]
    experience: list[Job]
    languages: dict[str, str] = {}


class JobPosting(BaseModel):
    title: str
    company: str
    location: str
    remote: bool
    salary_min: Optional[int] = None
    salary_max: Optional[int] = None
    employment: Literal["full-time", "part-time", "contract"]


class MeetingNotes(BaseModel):
    title: str
    date: datetime.date
    attendees: list[str]
    decisions: list[str] = []
    action_items: Optional[list[str]] = None


class CalendarEvent(BaseModel):
    summary: str
    start: datetime.datetime
    end: Optional[datetime.datetime] = None
    start_time: Optional[datetime.time] = None
    location: Optional[str] = None
    recurring: bool = False


class ContactCard(BaseModel):
    full_name: str
    phone: Optional[str] = None
    email: Optional[str] = None
    website: Optional[HttpUrl] = None
    address: Optional[Address] = None


class SupportTicket(BaseModel):
    ticket_id: str
    customer: str
    priority: Priority
    category: Literal["billing", "technical", "account", "other"]
    summary: str


class BugReport(BaseModel):
    title: str
    severity: Annotated[int, Field(ge=1, le=5)]
    steps: list[str]
    expected: str
    actual: str
    version: Optional[str] = None


class ProductListing(BaseModel):
    sku: str
    name: str
    price: decimal.Decimal
    currency: Currency
    in_stock: bool
    tags: list[str] = []
    attributes: dict[str, str] = {}


class Review(BaseModel):
    product: str
    rating: int = Field(ge=1, le=5)
    reviewer: Optional[str] = None
    recommends: bool


class Ingredient(BaseModel):
    name: str
    amount: Optional[str] = None


class Recipe(BaseModel):
    title: str
    servings: int
    prep_minutes: Optional[int] = None
    ingredients: list[Ingredient]
    steps: list[str]


class FlightBooking(BaseModel):
    booking_reference: str
    passenger: str
    flight_number: str
    departure_airport: str = Field(min_length=3, max_length=3)
    arrival_airport: str = Field(min_length=3, max_length=3)
    departure: datetime.datetime
    cabin: Literal["economy", "premium", "business", "first"]


class HotelReservation(BaseModel):
    hotel: str
    guest: str
    check_in: datetime.date
    check_out: datetime.date
    guests: int = Field(ge=1, le=10)
    confirmation: uuid.UUID


class Prescription(BaseModel):
    patient: str
    drug: str
    dose_mg: float
    times_per_day: int = Field(ge=1, le=6)
    prescriber: str
    refills: int = 0


class LabResult(BaseModel):
    test: str
    value: Union[float, str]
    unit: Optional[str] = None
    flag: Optional[Literal["low", "normal", "high"]] = None


class Transaction(BaseModel):
    date: datetime.date
    description: str
    amount: decimal.Decimal


class BankStatement(BaseModel):
    account_holder: str
    account_number: str
    period: tuple[datetime.date, datetime.date]
    opening_balance: decimal.Decimal
    closing_balance: decimal.Decimal
    transactions: list[Transaction]


class Card(BaseModel):
    kind: Literal["card"] = "card"
    last4: str = Field(pattern=r"^[0-9]{4}$")


class BankTransfer(BaseModel):
    kind: Literal["transfer"] = "transfer"
    iban: str


class Payment(BaseModel):
    payer: str
    amount: decimal.Decimal
    method: Annotated[Union[Card, BankTransfer], Field(discriminator="kind")]


class Person(BaseModel):
    name: str
    role: Optional[str] = None


class Company(BaseModel):
    legal_name: str
    registration: Optional[str] = None


class Contract(BaseModel):
    title: str
    effective_date: datetime.date
    parties: list[Union[Person, Company]]
    governing_law: Optional[str] = None
    term_months: Optional[int] = None


class NewsArticle(BaseModel):
    headline: str
    author: Optional[str] = None
    published: Optional[datetime.date] = None
    section: Literal["world", "business", "sports", "tech", "culture"]
    summary: str = Field(json_schema_extra={"x-generate": True, "x-max-tokens": 40})


class Paper(BaseModel):
    title: str
    authors: list[str]
    year: int
    venue: Optional[str] = None
    doi: Optional[str] = None
    keywords: list[str] = []




class InsuranceClaim(BaseModel):
    claim_number: str
    policy_number: str
    incident_date: datetime.date
    claim_type: Literal["auto", "home", "health", "travel"]
    amount: Optional[decimal.Decimal] = None
    injuries: bool


class RealEstateListing(BaseModel):
    address: Address
    price: int
    bedrooms: int = Field(ge=0, le=10)
    bathrooms: float
    square_feet: Optional[int] = None
    features: list[str] = []


class Vehicle(BaseModel):
    vin: str = Field(min_length=17, max_length=17)
    make: str
    model: str
    year: int = Field(ge=1900, le=2100)
    owner: Person


class Offer(BaseModel):
    candidate: str
    position: str
    start_date: datetime.date
    salary: int
    currency: Currency
    benefits: list[str] = []


class WeatherReport(BaseModel):
    location: str
    date: datetime.date
    condition: Literal["sunny", "cloudy", "rain", "snow", "storm"]
    high_c: float
    low_c: float
    wind_kph: Optional[float] = None


class Expense(BaseModel):
    date: datetime.date
    category: Literal["travel", "meals", "lodging", "supplies", "other"]
    amount: decimal.Decimal


class ExpenseReport(BaseModel):
    employee: str
    department: Optional[str] = None
    expenses: list[Expense]
    approved: bool = False


class SalesLead(BaseModel):
    company: str
    contact: Person
    source: Literal["web", "referral", "event", "cold-call"]
    budget: Union[int, str, None] = None
    interested_in: list[str] = []


MODELS: tuple[type[BaseModel], ...] = (
    Invoice, Receipt, PurchaseOrder, ShippingLabel, Resume, JobPosting, MeetingNotes,
    CalendarEvent, ContactCard, SupportTicket, BugReport, ProductListing, Review, Recipe,
    FlightBooking, HotelReservation, Prescription, LabResult, BankStatement, Payment, Contract,
    NewsArticle, Paper, InsuranceClaim, RealEstateListing, Vehicle, Offer,
    WeatherReport, ExpenseReport, SalesLead,
)

# One short text per model: enough for the embedded model to read every kind of field.
CONTEXTS: dict[str, str] = {
    "Invoice": "Invoice INV-1042 dated 2024-03-01, due 2024-03-31. From Acme Ltd to Globex "
               "Corp. 3 x Widget at 12.50 EUR. Total 37.50 EUR. Not paid yet.",
    "Receipt": "Corner Cafe, 2024-05-02 08:15. Latte, croissant. Total 7.40, paid by card.",
    "PurchaseOrder": "PO 7781 to Initech. Ship to 1 Main St, Springfield. 10 x Stapler at 4.99.",
    "ShippingLabel": "UPS tracking 1Z999AA10123456784. From Ann Lee, 5 Oak Rd, Boston to Bo Chan, "
                     "9 Elm St, Denver. Weight 2.5 kg.",
    "Resume": "Maria Gomez, maria@example.com. Skills: Python, SQL. Data analyst at Contoso "
              "from 2018 to 2022. Speaks Spanish (native).",
    "JobPosting": "Backend Engineer at Umbrella Inc in Berlin, remote possible, full-time, "
                  "salary 60000 to 80000.",
    "MeetingNotes": "Budget review on 2024-04-10 with Ann, Bo and Cy. Decided to cut travel. "
                    "Action: Bo drafts the memo.",
    "CalendarEvent": "Dentist appointment on 2024-06-12T09:30:00Z at Smile Clinic.",
    "ContactCard": "John Smith, phone +1 555 0100, john@smith.io, https://smith.io",
    "SupportTicket": "Ticket T-553 from Dana: billing issue, high priority. Charged twice.",
    "BugReport": "Crash on save, severity 4. Steps: open file, press save. Expected: saved. "
                 "Actual: app crashes. Version 2.3.1.",
    "ProductListing": "SKU KB-01 Mechanical Keyboard, 89.99 USD, in stock. Tags: keyboard, usb.",
    "Review": "The Aero blender is great, 5 stars, I recommend it. - Sam",
    "Recipe": "Pancakes for 4, 10 minutes prep. 2 eggs, 1 cup flour, 1 cup milk. Mix, then fry.",
    "FlightBooking": "Booking ABC123 for Lee Park, flight LH 441 from FRA to JFK departing "
                     "2024-07-01T13:45:00Z, business class.",
    "HotelReservation": "Grand Hotel, guest Ravi Shah, 2024-08-03 to 2024-08-06, 2 guests, "
                        "confirmation 123e4567-e89b-12d3-a456-426614174000.",
    "Prescription": "Patient Amy Ng: amoxicillin 500 mg three times a day. Dr. Ortiz. 1 refill.",
    "LabResult": "Hemoglobin 13.5 g/dL, normal.",
    "BankStatement": "Account of Tom Hardy, no. 12345678, 2024-01-01 to 2024-01-31. Opening "
                     "1000.00, closing 950.00. 2024-01-05 Grocery -50.00.",
    "Payment": "Payment of 120.00 by Kim Lo with card ending 4242.",
    "Contract": "Service Agreement effective 2024-02-01 between Acme Ltd and Jane Doe "
                "(consultant), governed by New York law, 12 months.",
    "NewsArticle": "WORLD - 2024-03-03 - By Ana Ruiz. Leaders met in Geneva to discuss trade.",
    "Paper": "Attention Is All You Need, by Vaswani and Shazeer, NeurIPS 2017.",
    "InsuranceClaim": "Claim C-88 on policy P-1002: auto accident on 2024-02-14, no injuries, "
                      "damage 3400.00.",
    "RealEstateListing": "12 Birch Lane, Austin. 3 bedrooms, 2 baths, 1800 sq ft, 450000. "
                         "Garage, garden.",
    "Vehicle": "VIN 1HGCM82633A004352, 2003 Honda Accord, owner Pat Kim.",
    "Offer": "Offer to Lina Park for Product Manager starting 2024-09-01, salary 95000 USD, "
             "with health insurance.",
    "WeatherReport": "Paris, 2024-04-02: rain, high 14 C, low 8 C, wind 20 km/h.",
    "ExpenseReport": "Expenses of Raj Patel (Sales): 2024-03-04 meals 45.20; 2024-03-05 "
                     "lodging 180.00.",
    "SalesLead": "Lead from the web: Fabrikam, contact Eve Stone (CTO), budget 50000, "
                 "interested in analytics.",
}
