"""Travel documents: hotel booking confirmations and flight itineraries.

Booking terms decide booleans by negation ("breakfast is not included", "this fare is
non-refundable"); a hotel's star category comes in every surface form ("4/5", "★★★★☆",
"four stars"); itineraries are arrays of flight segments with dates and airports.
"""
from __future__ import annotations

import datetime as dt

from .. import fields as F
from .. import layout as L
from ..assemble import Draft
from ..doc import Doc
from ..kit import Kit
from ..surface import rating, says

HOTEL_FIELDS = [
    F.text("confirmation_number", "Confirmation number", "Booking confirmation code.",
           "booking_id", "reservation_number"),
    F.text("guest_name", "Guest", "Name of the lead guest.", "guest", "booked_by"),
    F.text("hotel_name", "Hotel", "Name of the hotel.", "property_name"),
    F.score("star_rating", "Star rating", "The hotel's star category.",
            {1: "one star", 2: "two stars", 3: "three stars", 4: "four stars", 5: "five stars"},
            "stars", "category"),
    F.date("check_in", "Check-in", "Arrival date.", "arrival_date"),
    F.date("check_out", "Check-out", "Departure date.", "departure_date"),
    F.integer("nights", "Nights", "Number of nights.", "length_of_stay", minimum=1),
    F.choice("room_type", "Room type", "Type of room booked.", ["single", "double", "twin", "suite"],
             "room"),
    F.number("total_price", "Total price", "Total price of the stay (not the per-night rate).",
             "total", "amount"),
    F.flag("breakfast_included", "Breakfast included", "Whether breakfast is included.",
           "breakfast", keep=0.8),
    F.flag("free_cancellation", "Free cancellation", "Whether the booking can be cancelled free of charge.",
           "refundable", keep=0.8),
    F.text("loyalty_number", "Loyalty number", "Guest's loyalty programme number, if given.",
           "member_number", optional=True, keep=0.7),
    F.items("extras", "Extras", "Extras booked with the room.", [
        F.text("name", "Extra", "What was added.", "item"),
        F.number("price", "Price", "Price of the extra.", "cost", keep=0.8),
    ], "add_ons", keep=0.7),
]
EXTRAS = ["Airport transfer", "Late check-out", "Parking", "Spa access", "Baby cot",
          "Dinner (half board)", "Welcome drink package"]


def hotel_booking(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    arrive = kit.day()
    nights = rng.randint(1, 14)
    leave = arrive + dt.timedelta(days=nights)
    rate = kit.amount(45, 480)
    extras = [{"name": n, "price": kit.amount(5, 120)}
              for n in rng.sample(EXTRAS, rng.choice([0, 0, 1, 2, 3]))]
    total = round(rate * nights + sum(e["price"] for e in extras), 2)
    stars, breakfast, free = rng.randint(1, 5), kit.chance(0.5), kit.chance(0.55)
    facts = {"confirmation_number": f"{rng.randint(10**8, 10**10)}", "guest_name": fake.name(),
             "hotel_name": f"Hotel {fake.last_name()} "
                           f"{rng.choice(['Central', 'Garden', 'Plaza', 'Bay', ''])}".strip(),
             "star_rating": stars, "check_in": arrive.isoformat(), "check_out": leave.isoformat(),
             "nights": nights, "room_type": rng.choice(["single", "double", "twin", "suite"]),
             "total_price": total, "breakfast_included": breakfast, "free_cancellation": free,
             "extras": extras, "loyalty_number": kit.maybe(f"M{rng.randint(10**6, 10**8)}", 0.7)}
    doc.line("Booking confirmation").line()
    doc.add("Dear ").put(("guest_name",), facts["guest_name"]).line(",")
    doc.add("thank you for booking with us. Your stay at ").put(("hotel_name",), facts["hotel_name"])
    star_text = rating(rng, stars)[1]
    doc.line(f" ({star_text}) is confirmed.").line()
    room_text = f"Room: 1 x {facts['room_type'].capitalize()} room"
    rows = [("Confirmation no.", L.cell(facts["confirmation_number"], ("confirmation_number",))),
            ("Check-in", kit.date_cell(("check_in",), arrive)),
            ("Check-out", kit.date_cell(("check_out",), leave)),
            ("Nights", kit.count_cell(("nights",), nights)),
            ("Rate per night", kit.money_cell(None, rate)),
            ("Total price", kit.money_cell(("total_price",), total))]
    if facts["loyalty_number"]:
        rows.append(("Member no.", L.cell(facts["loyalty_number"], ("loyalty_number",))))
    L.kv(doc, rng, rows)
    doc.line(room_text).line()
    if extras:
        doc.line("Extras:")
        for i, e in enumerate(extras):
            doc.add("- ").put(("extras", i, "name"), e["name"]).add(": ")
            kit.money(doc, ("extras", i, "price"), e["price"]).line()
        doc.line()
    kit.pad(doc)
    bf_text = says(rng, breakfast, ("Breakfast is included in your rate.", "Rate includes breakfast."),
                   ("Breakfast is not included.", "Room only - breakfast can be added at the hotel."))
    cancel_text = says(rng, free, ("Free cancellation until 48 hours before arrival.",
                                   "You can cancel free of charge up to the day before arrival."),
                       ("This rate is non-refundable.", "Cancellation is not free of charge: "
                        "the full amount will be charged."))
    doc.line(bf_text).line(cancel_text).line()
    kit.pad(doc)
    doc.line("We look forward to welcoming you.")
    return Draft(("Hotel booking", "Reservation"), HOTEL_FIELDS, facts, doc, {
        ("star_rating",): star_text, ("room_type",): room_text,
        ("breakfast_included",): bf_text, ("free_cancellation",): cancel_text})


FLIGHT_FIELDS = [
    F.text("booking_reference", "Booking reference", "The PNR / booking code.", "pnr",
           "record_locator"),
    F.items("passengers", "Passengers", "Every passenger on the booking.", [
        F.text("name", "Name", "Passenger name as printed.", "passenger_name"),
        F.text("ticket_number", "Ticket number", "E-ticket number.", "eticket", keep=0.7),
    ], "travellers"),
    F.items("segments", "Flights", "Each flight of the itinerary, in order.", [
        F.text("flight_number", "Flight", "Flight number.", "flight"),
        F.text("origin", "From", "Departure airport code.", "departure_airport"),
        F.text("destination", "To", "Arrival airport code.", "arrival_airport"),
        F.date("date", "Date", "Departure date.", "departure_date"),
        F.text("departure_time", "Departs", "Departure time as written.", "time", keep=0.7),
    ], "flights", "legs"),
    F.choice("cabin", "Cabin", "Travel class.", ["economy", "premium economy", "business", "first"],
             "class", "travel_class"),
    F.number("total_fare", "Total fare", "Total price of the booking.", "fare", "total_price"),
    F.flag("checked_bag", "Checked bag", "Whether a checked bag is included.", "baggage_included",
           keep=0.8),
    F.flag("refundable", "Refundable", "Whether the ticket is refundable.", "is_refundable",
           keep=0.7),
    F.text("frequent_flyer", "Frequent flyer number", "Loyalty number, if given.", "loyalty_number",
           optional=True, keep=0.6),
]
AIRPORTS = ["LHR", "CDG", "FRA", "JFK", "AMS", "MAD", "FCO", "MUC", "DUB", "ZRH", "BCN",
            "LIS", "CPH", "VIE", "EDI", "ORD", "BOS", "YYZ"]


def flight_itinerary(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    airline = rng.choice([("BA", "British Airways"), ("LH", "Lufthansa"), ("AF", "Air France"),
                          ("KL", "KLM"), ("IB", "Iberia"), ("UA", "United")])
    day = kit.day()
    route = rng.sample(AIRPORTS, rng.randint(2, 4))
    if kit.chance(0.5):
        route = route + route[-2::-1]           # a return trip over the same airports
    segments = []
    for a, b in zip(route, route[1:]):
        day = day + dt.timedelta(days=rng.choice([0, 0, 1, 3, 7]))
        segments.append({"flight_number": f"{airline[0]} {rng.randint(10, 9999)}", "origin": a,
                         "destination": b, "date": day.isoformat(),
                         "departure_time": f"{rng.randint(5, 22):02d}:"
                                           f"{rng.choice(['05', '20', '35', '50'])}"})
    passengers = [{"name": f"{fake.last_name().upper()}/{fake.first_name().upper()}",
                   "ticket_number": f"{rng.randint(100, 999)}-{rng.randint(10**9, 10**10 - 1)}"}
                  for _ in range(rng.randint(1, 4))]
    cabin = rng.choice(["economy", "economy", "premium economy", "business", "first"])
    bag, refundable = kit.chance(0.5), kit.chance(0.3)
    facts = {"booking_reference": "".join(rng.choice("ABCDEFGHJKLMNPQRSTUVWXYZ23456789") for _ in range(6)),
             "passengers": passengers, "segments": segments, "cabin": cabin,
             "total_fare": kit.amount(60, 9000), "checked_bag": bag, "refundable": refundable,
             "frequent_flyer": kit.maybe(f"{airline[0]}{rng.randint(10**7, 10**9)}", 0.6)}
    doc.line(f"{airline[1]} - e-ticket receipt and itinerary").line()
    doc.add("Booking reference: ").put(("booking_reference",), facts["booking_reference"]).line()
    for i, p in enumerate(passengers):
        doc.add("Passenger: ").put(("passengers", i, "name"), p["name"]).add("   Ticket: ")
        doc.put(("passengers", i, "ticket_number"), p["ticket_number"]).line()
    if facts["frequent_flyer"]:
        doc.add("Frequent flyer: ").put(("frequent_flyer",), facts["frequent_flyer"]).line()
    doc.line()
    kit.pad(doc)
    L.table(doc, rng, ["Flight", "From", "To", "Date", "Departs"], [
        [L.cell(s["flight_number"], ("segments", i, "flight_number")),
         L.cell(s["origin"], ("segments", i, "origin")),
         L.cell(s["destination"], ("segments", i, "destination")),
         kit.date_cell(("segments", i, "date"), dt.date.fromisoformat(s["date"])),
         L.cell(s["departure_time"], ("segments", i, "departure_time"))]
        for i, s in enumerate(segments)])
    cabin_text = f"Cabin: {cabin.title()}"
    doc.line().line(cabin_text)
    bag_text = says(rng, bag, ("Baggage: 1 checked bag (23 kg) included.", "1PC checked baggage included"),
                    ("Hand baggage only - no checked bag included.", "Checked baggage is not included."))
    ref_text = says(rng, refundable, ("This ticket is refundable.",),
                    ("This ticket is non-refundable.", "Fare is not refundable; changes for a fee."))
    doc.line(bag_text).line(ref_text)
    doc.add("Total fare: ")
    kit.money(doc, ("total_fare",), facts["total_fare"], code=kit.chance(0.5)).line().line()
    kit.pad(doc)
    doc.line("Check-in closes 45 minutes before departure.")
    return Draft(("Flight itinerary", "E-ticket"), FLIGHT_FIELDS, facts, doc, {
        ("cabin",): cabin_text, ("checked_bag",): bag_text, ("refundable",): ref_text})
