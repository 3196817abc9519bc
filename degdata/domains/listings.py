"""Public listings and opinions: product reviews, event listings, real-estate listings.

Reviews state their rating in words, stars or any rating form ("4/5", "rated 4 out of
5"; the score is decided from the text); event listings are arrays with free events
(price null) and a sold-out flag per event; real-estate listings mix a price with
distractors (service charge, previous price).
"""
from __future__ import annotations

import datetime as dt

from .. import fields as F
from ..assemble import Draft
from ..doc import Doc
from ..kit import Kit
from ..surface import rating as surface_rating

PRODUCTS = ["wireless earbuds", "espresso machine", "robot vacuum", "hiking boots", "air fryer",
            "e-reader", "office chair", "electric toothbrush", "smart watch", "blender"]
RATING_WORDS = {1: ["Terrible.", "Complete waste of money."],
                2: ["Disappointing.", "Below expectations."],
                3: ["It's okay.", "Average, does the job."],
                4: ["Very good.", "Happy with it overall."],
                5: ["Excellent!", "Absolutely love it."]}
PROS = ["easy to set up", "great battery life", "solid build", "quiet", "good value",
        "looks great", "fast delivery"]
CONS = ["a bit noisy", "instructions unclear", "app is buggy", "expensive", "short cable",
        "heavy"]

REVIEW_FIELDS = [
    F.text("product", "Product", "Product being reviewed.", "product_name", "item"),
    F.text("reviewer", "Reviewer", "Name shown for the reviewer.", "author", keep=0.7),
    F.date("review_date", "Review date", "When the review was posted.", "posted", keep=0.7),
    F.score("rating", "Rating", ("Rating given by the reviewer.", "Star rating, as described."),
            {1: "very bad", 2: "bad", 3: "average", 4: "good", 5: "excellent"}, "stars"),
    F.flag("recommends", "Recommends", "Whether the reviewer recommends the product.",
           "would_recommend"),
    F.choice("sentiment", "Sentiment", "Overall tone.", ["negative", "mixed", "positive"],
             "tone", keep=0.7),
    F.strings("pros", "Pros", "Positive points listed.", "likes", keep=0.6),
    F.strings("cons", "Cons", "Negative points listed.", "dislikes", keep=0.6),
    F.number("price_paid", "Price paid", "Price the reviewer says they paid, if mentioned.",
             optional=True, keep=0.5),
    F.flag("verified_purchase", "Verified purchase", "Whether the review is marked verified.",
           keep=0.5),
]


def product_review(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    rating = rng.randint(1, 5)
    recommends = rating >= 4 or (rating == 3 and kit.chance(0.3))
    sentiment = "negative" if rating <= 2 else "positive" if rating >= 4 else "mixed"
    pros = rng.sample(PROS, rng.randint(0 if rating <= 2 else 1, 3))
    cons = rng.sample(CONS, rng.randint(1 if rating <= 3 else 0, 2))
    product = f"{fake.company().split()[0]} {rng.choice(PRODUCTS)}"
    day, verified = kit.day(), kit.chance(0.7)
    facts = {"product": product, "reviewer": fake.name() if kit.chance(0.6) else fake.user_name(),
             "review_date": day.isoformat(), "rating": rating, "recommends": recommends,
             "sentiment": sentiment, "pros": pros, "cons": cons,
             "price_paid": kit.amount(15, 600) if kit.chance(0.7) else None,
             "verified_purchase": verified}
    doc.add("Review of ").put(("product",), product).line()
    doc.add("by ").put(("reviewer",), facts["reviewer"]).add(" on ")
    kit.date(doc, ("review_date",), day).line()
    verified_text = "Verified purchase" if verified else "Unverified review"
    doc.line(verified_text)
    form = rng.choice(["stars", "words", "surface"])
    surface_form, surface_text = surface_rating(rng, rating)
    rating_text = {"stars": f"Rating: {'★' * rating}{'☆' * (5 - rating)}",
                   "words": rng.choice(RATING_WORDS[rating]),
                   "surface": f"{surface_text.capitalize()}." if surface_form == "rated"
                   else f"My rating: {surface_text}"}[form]
    doc.line(rating_text).line()
    if facts["price_paid"] is not None:
        doc.add("I paid ")
        kit.money(doc, ("price_paid",), facts["price_paid"]).add(" for it. ")
    doc.line(fake.paragraph(nb_sentences=2))
    if pros:
        doc.add("Pros: ")
        for i, p in enumerate(pros):
            doc.add(", " if i else "").put(("pros", i), p)
        doc.line()
    if cons:
        doc.add("Cons: ")
        for i, c in enumerate(cons):
            doc.add(", " if i else "").put(("cons", i), c)
        doc.line()
    rec_text = ("I would recommend it to a friend." if recommends else
                "I would not recommend it.")
    doc.line(rec_text)
    kit.pad(doc)
    return Draft(("Product review", "Review analysis"), REVIEW_FIELDS, facts, doc, {
        ("rating",): rating_text, ("recommends",): rec_text, ("sentiment",): rating_text,
        ("verified_purchase",): verified_text})


EVENT_FIELDS = [
    F.text("venue", "Venue", "Name of the venue publishing the listing.", "location_name"),
    F.items("events", "Events", "Each event in the listing.", [
        F.text("name", "Event", "Name of the event.", "title"),
        F.date("date", "Date", "Date of the event.", "event_date"),
        F.text("start_time", "Start time", "Start time as written.", "time", keep=0.6),
        F.number("price", "Ticket price", "Ticket price; null for free events.", "ticket_price",
                 optional=True),
        F.flag("sold_out", "Sold out", "Whether the event is sold out.", "is_sold_out",
               keep=0.7),
        F.choice("category", "Category", "Kind of event.",
                 ["concert", "theatre", "comedy", "talk", "workshop"], "type", keep=0.7),
    ], "listing", "programme"),
    F.text("box_office_email", "Box office e-mail", "Contact for tickets.", "contact",
           format="email", keep=0.5),
    F.text("website", "Website", "Venue website.", "url", format="uri", keep=0.5),
]
EVENT_NAMES = {"concert": ["Jazz Night", "Symphony in Spring", "Indie Showcase", "Choir Gala"],
               "theatre": ["Hamlet", "The Seagull", "A Doll's House", "Twelfth Night"],
               "comedy": ["Stand-up Sunday", "Improv Jam", "Comedy Club Live"],
               "talk": ["Future of Cities", "Science Café", "Author Talk"],
               "workshop": ["Pottery for Beginners", "Photography Basics", "Creative Writing"]}


def event_listing(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    day = kit.day()
    events, evidence = [], {}
    for i in range(rng.randint(1, 8)):
        category = rng.choice(list(EVENT_NAMES))
        day = day + dt.timedelta(days=rng.randint(1, 6))
        events.append({"name": rng.choice(EVENT_NAMES[category]), "date": day.isoformat(),
                       "start_time": f"{rng.randint(10, 21)}:{rng.choice(['00', '30'])}",
                       "price": kit.amount(5, 80) if kit.chance(0.7) else None,
                       "sold_out": kit.chance(0.2), "category": category})
    venue = f"{fake.last_name()} {rng.choice(['Hall', 'Theatre', 'Arts Centre', 'Club'])}"
    facts = {"venue": venue, "events": events, "box_office_email": fake.company_email(),
             "website": f"https://www.{fake.domain_name()}"}
    doc.put(("venue",), venue).line(" - What's on").line()
    for i, e in enumerate(events):
        at = ("events", i)
        kit.date(doc, at + ("date",), dt.date.fromisoformat(e["date"])).add(", ")
        doc.put(at + ("start_time",), e["start_time"]).add("  ")
        doc.put(at + ("name",), e["name"]).add(f" ({e['category']})  ")
        if e["price"] is None:
            doc.add("Free entry")
        else:
            kit.money(doc, at + ("price",), e["price"])
        sold = "SOLD OUT" if e["sold_out"] else "Tickets available"
        doc.line(f"  {sold}")
        evidence[at + ("sold_out",)] = sold
        evidence[at + ("category",)] = f"{e['name']} ({e['category']})"
    doc.line()
    kit.pad(doc)
    doc.add("Box office: ").put(("box_office_email",), facts["box_office_email"]).add(" | ")
    doc.put(("website",), facts["website"]).line()
    return Draft(("Event listing", "What's on"), EVENT_FIELDS, facts, doc, evidence)


ESTATE_FIELDS = [
    F.text("address", "Address", "Street address of the property.", "street_address"),
    F.number("price", "Asking price", "Asking price (not the previous price).", "asking_price",
             minimum=0),
    F.number("living_area", "Living area", "Living area in square metres.", "area_m2", "size"),
    F.integer("bedrooms", "Bedrooms", "Number of bedrooms.", "beds"),
    F.integer("year_built", "Year built", "Construction year, if given.", "built",
              optional=True, keep=0.6),
    F.integer("floor", "Floor", "Floor the flat is on; not given for houses.", "storey",
              optional=True, keep=0.5),
    F.choice("listing_type", "Listing type", "For sale or to let.", ["sale", "rent"], "offer"),
    F.choice("energy_class", "Energy class", "Energy efficiency class, if stated.",
             ["A", "B", "C", "D", "E", "F", "G"], "epc_rating", nullable_decide=True, keep=0.6),
    F.flag("has_garden", "Garden", "Whether the property has a private garden.", "garden"),
    F.strings("features", "Features", "Listed features.", "highlights", keep=0.6),
    F.text("agent_email", "Agent", "E-mail of the listing agent.", "contact", format="email",
           keep=0.5),
    F.generate("headline", "Headline", "A one-sentence headline for the listing.", 32, keep=0.3),
]
FEATURES = ["balcony", "parking space", "lift", "renovated kitchen", "cellar", "fireplace",
            "underfloor heating", "south-facing"]


def real_estate(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    kind = rng.choice(["sale", "rent"])
    price = (float(rng.randrange(120_000, 1_500_000, 5000)) if kind == "sale" else
             float(rng.randrange(600, 4500, 25)))
    area, beds = round(rng.uniform(35, 260), 1), rng.randint(1, 6)
    garden, energy = kit.chance(0.4), rng.choice(["A", "B", "C", "D", "E", "F", "G", None])
    facts = {"address": fake.street_address().replace("\n", ", "), "price": price,
             "living_area": area, "bedrooms": beds,
             "year_built": rng.randint(1890, 2024) if kit.chance(0.7) else None,
             "listing_type": kind, "energy_class": energy, "has_garden": garden,
             "floor": None if garden else rng.randint(0, 12),
             "features": rng.sample(FEATURES, rng.randint(0, 4)),
             "agent_email": fake.company_email()}
    head = f"{beds}-bedroom {'house' if garden else 'flat'} {'for sale' if kind == 'sale' else 'to let'}"
    doc.line(head).put(("address",), facts["address"]).line(f", {fake.city()}").line()
    doc.add("Asking price: " if kind == "sale" else "Rent: ")
    kit.money(doc, ("price",), price).line("" if kind == "sale" else " per month")
    if kit.chance(0.4):
        doc.add("Previously ")
        kit.money(doc, None, round(price * 1.05, 2)).line()
    doc.add("Living area: ")
    kit.num(doc, ("living_area",), area, places=1).line(" m²")
    doc.add("Bedrooms: ")
    kit.count(doc, ("bedrooms",), beds).line()
    if facts["floor"] is not None:
        doc.add("Floor: ")
        kit.count(doc, ("floor",), facts["floor"]).line()
    if facts["year_built"]:
        doc.add("Built in ")
        kit.count(doc, ("year_built",), facts["year_built"]).line()
    energy_text = f"Energy class: {energy}" if energy else "Energy certificate: pending"
    doc.line(energy_text)
    garden_text = ("Private garden at the back." if garden else
                   "No garden, but a park is nearby.")
    doc.line(garden_text).line()
    if facts["features"]:
        doc.add("Features: ")
        for i, f in enumerate(facts["features"]):
            doc.add(", " if i else "").put(("features", i), f)
        doc.line()
    doc.line(fake.paragraph(nb_sentences=3))
    kit.pad(doc)
    doc.add("Viewings: ").put(("agent_email",), facts["agent_email"]).line()
    facts["headline"] = f"{head.capitalize()} at {facts['address']}."
    return Draft(("Property listing", "Real-estate listing"), ESTATE_FIELDS, facts, doc, {
        ("listing_type",): head, ("energy_class",): energy_text, ("has_garden",): garden_text})
