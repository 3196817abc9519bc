"""Everyday documents: used-car listings, recipes and sports match reports.

Car listings are classified-ad key-value blocks with a price beside a distractor (the
price new) and negated history ("No accidents.", "Not accident-free: ..."); recipes are ingredient
tables with quantities; match reports carry the score in prose and a scorers list.
"""
from __future__ import annotations

import datetime as dt

from .. import fields as F
from .. import layout as L
from ..assemble import Draft
from ..doc import Doc
from ..kit import Kit
from ..surface import rating, says

CAR_FIELDS = [
    F.text("make_model", "Make and model", "Make and model of the car.", "vehicle", "model"),
    F.integer("year", "Year", "First registration year.", "registration_year", "model_year"),
    F.integer("mileage_km", "Mileage (km)", "Odometer reading in kilometres.", "mileage", "km"),
    F.number("price", "Price", "Asking price (not the price new).", "asking_price"),
    F.choice("fuel", "Fuel", "Fuel type.", ["petrol", "diesel", "hybrid", "electric"], "fuel_type"),
    F.choice("gearbox", "Gearbox", "Transmission.", ["manual", "automatic"], "transmission",
             keep=0.8),
    F.flag("accident_free", "Accident-free", "Whether the car has never had an accident.",
           "no_accidents"),
    F.integer("previous_owners", "Previous owners", "Number of previous owners, if stated.",
              "owners", optional=True, keep=0.7),
    F.strings("equipment", "Equipment", "Listed equipment.", "features", keep=0.7),
    F.text("seller_phone", "Phone", "Seller's phone number.", "contact_phone", keep=0.5),
    F.score("condition", "Condition", "Seller's condition rating.",
            {1: "poor", 2: "fair", 3: "good", 4: "very good", 5: "excellent"}, "condition_rating",
            keep=0.6),
]
CARS = ["Volkswagen Golf", "Toyota Corolla", "BMW 320d", "Renault Clio", "Ford Focus",
        "Peugeot 308", "Tesla Model 3", "Skoda Octavia", "Audi A4", "Honda Jazz"]
EQUIPMENT = ["navigation", "heated seats", "parking sensors", "cruise control", "tow bar",
             "panoramic roof", "Apple CarPlay", "LED headlights", "winter tyres"]


def car_listing(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    year = rng.randint(2005, 2024)
    fuel = rng.choice(["petrol", "diesel", "hybrid", "electric"])
    price = float(rng.randrange(1500, 65000, 50))
    clean, condition = kit.chance(0.6), rng.randint(1, 5)
    facts = {"make_model": rng.choice(CARS), "year": year,
             "mileage_km": rng.randint(1000, 30000) * (2025 - year) // 2 + rng.randint(100, 999),
             "price": price, "fuel": fuel, "gearbox": rng.choice(["manual", "automatic"]),
             "accident_free": clean, "previous_owners": kit.maybe(rng.randint(1, 4), 0.8),
             "equipment": rng.sample(EQUIPMENT, rng.randint(1, 5)),
             "seller_phone": fake.phone_number(), "condition": condition}
    tagline = rng.choice(["well kept", "great value", "one careful owner", "full service history"])
    doc.put(("make_model",), facts["make_model"]).line(f" - {tagline}").line()
    doc.add("Price: ")
    kit.money(doc, ("price",), price).line(rng.choice(["", " (negotiable)", " ONO"]))
    doc.add("Price new: ")
    kit.money(doc, None, round(price * rng.uniform(1.4, 2.5), -2)).line().line()
    fuel_text, gear_text = f"Fuel: {fuel}", f"Gearbox: {facts['gearbox']}"
    rows = [("First registered", kit.count_cell(("year",), year)),
            ("Mileage", L.join(kit.count_cell(("mileage_km",), facts["mileage_km"]), L.cell(" km")))]
    if facts["previous_owners"] is not None:
        rows.append(("Previous owners", kit.count_cell(("previous_owners",), facts["previous_owners"])))
    L.kv(doc, rng, rows)
    doc.line(fuel_text).line(gear_text).line()
    kit.pad(doc)
    clean_text = says(rng, clean, ("Accident-free, full service history.", "No accidents."),
                      ("Minor accident in the past, professionally repaired.",
                       "Not accident-free: rear bumper replaced after a collision."))
    cond_text = f"Condition: {rating(rng, condition)[1]}"
    doc.line(clean_text).line(cond_text).line().add("Equipment: ")
    for i, e in enumerate(facts["equipment"]):
        doc.add(", " if i else "").put(("equipment", i), e)
    doc.line().line()
    doc.add("Call ").put(("seller_phone",), facts["seller_phone"]).line(" - no dealers please.")
    kit.pad(doc)
    return Draft(("Car listing", "Vehicle ad"), CAR_FIELDS, facts, doc, {
        ("fuel",): fuel_text, ("gearbox",): gear_text, ("accident_free",): clean_text,
        ("condition",): cond_text})


RECIPE_FIELDS = [
    F.text("title", "Recipe", "Name of the dish.", "name", "recipe_name"),
    F.integer("servings", "Servings", "Number of servings.", "serves", "portions"),
    F.integer("prep_minutes", "Preparation time", "Preparation time in minutes.", "prep_time"),
    F.integer("cook_minutes", "Cooking time", "Cooking time in minutes, if given.", "cook_time",
              optional=True, keep=0.8),
    F.items("ingredients", "Ingredients", "Each ingredient with its quantity.", [
        F.text("name", "Ingredient", "What to use.", "ingredient"),
        F.number("amount", "Amount", "Quantity, if given.", "quantity", optional=True),
        F.text("unit", "Unit", "Unit of the quantity.", "measure", optional=True, keep=0.7),
    ], "ingredient_list"),
    F.strings("steps", "Steps", "Method steps in order.", "method", keep=0.7),
    F.choice("difficulty", "Difficulty", "How hard the recipe is.", ["easy", "medium", "hard"],
             "level"),
    F.flag("vegetarian", "Vegetarian", "Whether the dish is vegetarian.", "is_vegetarian"),
    F.flag("gluten_free", "Gluten-free", "Whether the dish is gluten-free.", "is_gluten_free",
           keep=0.6),
    F.score("spiciness", "Spiciness", "How spicy the dish is.",
            {1: "mild", 2: "gentle", 3: "medium", 4: "hot", 5: "very hot"}, "heat", keep=0.6),
]
DISHES = [("Chickpea curry", True), ("Beef lasagne", False), ("Lemon risotto", True),
          ("Chicken fajitas", False), ("Mushroom stroganoff", True), ("Fish tacos", False),
          ("Shakshuka", True), ("Pork ramen", False)]
INGREDIENTS = [("onion", None), ("garlic cloves", None), ("olive oil", "tbsp"), ("tomatoes", "g"),
               ("rice", "g"), ("stock", "ml"), ("chilli flakes", "tsp"), ("cream", "ml"),
               ("flour", "g"), ("butter", "g"), ("salt", None), ("lemon", None), ("parsley", None)]
METHOD = ["Chop the onion and garlic.", "Heat the oil in a large pan.", "Fry the onion until soft.",
          "Add the remaining ingredients and stir.", "Simmer for 20 minutes.", "Season to taste.",
          "Serve hot with fresh herbs."]


def recipe(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    title, veg = rng.choice(DISHES)
    ingredients = []
    for name, unit in rng.sample(INGREDIENTS, rng.randint(3, 9)):
        amount = (float(rng.choice([1, 2, 3, 50, 100, 200, 250, 400, 500])) if unit else
                  kit.maybe(float(rng.randint(1, 4)), 0.6))
        ingredients.append({"name": name, "amount": amount, "unit": unit if amount else None})
    gluten = kit.chance(0.4)
    facts = {"title": title, "servings": rng.randint(1, 8), "prep_minutes": rng.choice([5, 10, 15, 20, 30]),
             "cook_minutes": kit.maybe(rng.choice([10, 15, 25, 40, 60, 90])),
             "ingredients": ingredients, "steps": rng.sample(METHOD, rng.randint(3, 6)),
             "difficulty": rng.choice(["easy", "medium", "hard"]), "vegetarian": veg,
             "gluten_free": gluten, "spiciness": rng.randint(1, 5)}
    doc.put(("title",), title).line().line(f"By {fake.name()}").line()
    doc.add("Serves ")
    kit.count(doc, ("servings",), facts["servings"]).add(" | Prep: ")
    kit.count(doc, ("prep_minutes",), facts["prep_minutes"]).add(" min")
    if facts["cook_minutes"]:
        doc.add(" | Cook: ")
        kit.count(doc, ("cook_minutes",), facts["cook_minutes"]).add(" min")
    diff_text = f"Difficulty: {facts['difficulty']}"
    doc.line().line(diff_text)
    heat_text = f"Spice level: {rating(rng, facts['spiciness'])[1]}"
    doc.line(heat_text).line()
    rows = []
    for i, g in enumerate(ingredients):
        amount = (kit.num_cell(("ingredients", i, "amount"), g["amount"], 0) if g["amount"]
                  else L.cell("to taste"))
        unit = L.cell(g["unit"], ("ingredients", i, "unit")) if g["unit"] else L.cell("-")
        rows.append([L.cell(g["name"], ("ingredients", i, "name")), amount, unit])
    L.table(doc, rng, ["Ingredient", "Amount", "Unit"], rows)
    doc.line().line("Method")
    for i, s in enumerate(facts["steps"]):
        doc.add(f"{i + 1}. ").put(("steps", i), s).line()
    doc.line()
    kit.pad(doc)
    veg_text = says(rng, veg, ("Suitable for vegetarians.", "Vegetarian."),
                    ("Not suitable for vegetarians.", "Contains meat or fish."))
    gf_text = says(rng, gluten, ("Gluten-free.", "This recipe contains no gluten."),
                   ("Not gluten-free.", "Contains gluten (wheat)."))
    doc.line(f"{veg_text} {gf_text}")
    return Draft(("Recipe", "Recipe card"), RECIPE_FIELDS, facts, doc, {
        ("difficulty",): diff_text, ("vegetarian",): veg_text, ("gluten_free",): gf_text,
        ("spiciness",): heat_text})


MATCH_FIELDS = [
    F.text("home_team", "Home team", "Team playing at home.", "home"),
    F.text("away_team", "Away team", "Visiting team.", "away"),
    F.integer("home_score", "Home score", "Goals scored by the home team.", "home_goals"),
    F.integer("away_score", "Away score", "Goals scored by the away team.", "away_goals"),
    F.date("match_date", "Date", "Date of the match.", "played_on"),
    F.text("venue", "Venue", "Stadium.", "stadium", keep=0.7),
    F.integer("attendance", "Attendance", "Spectators, if reported.", "crowd", optional=True,
              keep=0.7),
    F.items("goals", "Goals", "Each goal in order.", [
        F.text("scorer", "Scorer", "Player who scored.", "player"),
        F.integer("minute", "Minute", "Minute of the goal.", "min"),
        F.flag("penalty", "Penalty", "Whether it was a penalty.", "is_penalty", keep=0.6),
    ], "scorers"),
    F.choice("result", "Result", "Outcome for the home team.", ["win", "draw", "loss"],
             "home_result"),
    F.flag("extra_time", "Extra time", "Whether the match went to extra time.", "overtime",
           keep=0.5),
]


def sports_match(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    home, away = f"{fake.city()} {rng.choice(['United', 'FC', 'Rovers', 'Athletic'])}", \
        f"{fake.city()} {rng.choice(['City', 'Wanderers', 'Town', 'Albion'])}"
    hs, as_ = rng.randint(0, 4), rng.randint(0, 4)
    players = {home: [fake.last_name() for _ in range(3)], away: [fake.last_name() for _ in range(3)]}
    minutes = sorted(rng.sample(range(2, 90), hs + as_))
    sides = rng.sample([home] * hs + [away] * as_, hs + as_)
    goals = [{"scorer": rng.choice(players[s]), "minute": m, "penalty": kit.chance(0.15), "side": s}
             for m, s in zip(minutes, sides)]
    result = "win" if hs > as_ else "draw" if hs == as_ else "loss"
    extra = result == "draw" and kit.chance(0.3)
    facts = {"home_team": home, "away_team": away, "home_score": hs, "away_score": as_,
             "match_date": kit.day().isoformat(), "venue": f"{fake.last_name()} Park",
             "attendance": kit.maybe(rng.randint(800, 60000), 0.8), "goals": goals,
             "result": result, "extra_time": extra}
    doc.put(("home_team",), home).add(" ")
    kit.count(doc, ("home_score",), hs).add("-")
    kit.count(doc, ("away_score",), as_).add(" ").put(("away_team",), away).line().line()
    result_text = {"win": f"{home} took all three points", "draw": "The points were shared",
                   "loss": f"{home} were beaten on their own ground"}[result]
    doc.add(f"{result_text} at ").put(("venue",), facts["venue"]).add(" on ")
    kit.date(doc, ("match_date",), dt.date.fromisoformat(facts["match_date"]))
    if facts["attendance"]:
        doc.add(" in front of ")
        kit.count(doc, ("attendance",), facts["attendance"]).add(" spectators")
    doc.line(".").line(fake.paragraph(nb_sentences=3)).line()
    kit.pad(doc)
    doc.line("Goals:")
    evidence = {("result",): result_text}
    for i, g in enumerate(goals):
        doc.add("  ").put(("goals", i, "scorer"), g["scorer"]).add(" ")
        kit.count(doc, ("goals", i, "minute"), g["minute"]).add("'")
        pen = " (pen.)" if g["penalty"] else " (open play)"
        doc.line(f"{pen} - {'home' if g['side'] == home else 'away'}")
        evidence[("goals", i, "penalty")] = pen.strip()
        del g["side"]
    if not goals:
        doc.line("  none")
    extra_text = says(rng, extra, ("The tie went to extra time.",),
                      ("No extra time was needed.", "Decided in normal time.")) \
        if result == "draw" else "Decided in normal time."
    doc.line().line(extra_text)
    evidence[("extra_time",)] = extra_text
    kit.pad(doc)
    return Draft(("Match report", "Sports result"), MATCH_FIELDS, facts, doc, evidence)
