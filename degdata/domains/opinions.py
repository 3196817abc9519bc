"""Restaurant reviews: one overall rating and per-aspect ratings, each in any surface form.

A review states "Overall: 4/5", "Food gets three stars from me.", "Service: ★★☆☆☆" or
"Food: rated 2 out of 5"; the score fields are decided from exactly that wording. Whether the
reviewer would return is often negated ("won't be back").
"""
from __future__ import annotations

import datetime as dt

from .. import fields as F
from ..assemble import Draft
from ..doc import Doc
from ..kit import Kit
from ..surface import rating, says

LEVELS = {1: "awful", 2: "poor", 3: "okay", 4: "good", 5: "outstanding"}
REVIEW_FIELDS = [
    F.text("restaurant", "Restaurant", "Name of the restaurant.", "venue", "restaurant_name"),
    F.text("reviewer", "Reviewer", "Who wrote the review.", "author", keep=0.7),
    F.date("visit_date", "Visit date", "When the reviewer ate there.", "visited", keep=0.8),
    F.score("overall", "Overall rating", "The reviewer's overall rating.", LEVELS, "rating",
            "stars"),
    F.score("food", "Food", "Rating of the food.", LEVELS, "food_rating", keep=0.8),
    F.score("service", "Service", "Rating of the service.", LEVELS, "service_rating", keep=0.8),
    F.choice("cuisine", "Cuisine", "Kind of food served.",
             ["italian", "japanese", "indian", "french", "mexican", "vegetarian"], "food_type"),
    F.choice("price_range", "Price range", "How expensive the restaurant is.",
             ["$", "$$", "$$$"], "price_level", keep=0.6),
    F.items("dishes", "Dishes", "Dishes the reviewer mentions with what they paid.", [
        F.text("name", "Dish", "Dish name.", "dish"),
        F.number("price", "Price", "Price paid for the dish, if given.", "cost", optional=True),
    ], "ordered", keep=0.8),
    F.flag("would_return", "Would return", "Whether the reviewer would go back.", "return_visit"),
]
DISHES = {"italian": ["Tagliatelle al ragù", "Margherita pizza", "Tiramisu", "Risotto ai funghi"],
          "japanese": ["Salmon nigiri", "Tonkotsu ramen", "Gyoza", "Matcha cheesecake"],
          "indian": ["Chicken tikka masala", "Lamb rogan josh", "Garlic naan", "Dal makhani"],
          "french": ["Boeuf bourguignon", "Soupe à l'oignon", "Crème brûlée", "Duck confit"],
          "mexican": ["Tacos al pastor", "Guacamole", "Chicken enchiladas", "Churros"],
          "vegetarian": ["Beetroot burger", "Roasted cauliflower", "Halloumi salad", "Lentil soup"]}
CUISINE_TEXT = {"italian": "a small Italian trattoria", "japanese": "a Japanese ramen and sushi bar",
                "indian": "an Indian curry house", "french": "a French bistro",
                "mexican": "a Mexican cantina", "vegetarian": "a fully vegetarian kitchen"}
PRICE_TEXT = {"$": "Cheap and cheerful.", "$$": "Mid-range prices.", "$$$": "Expensive, fine-dining prices."}


def _aspect(kit: Kit, label: str, n: int) -> str:
    form, text = rating(kit.rng, n)
    if form in ("words", "stars") and kit.chance(0.5):
        return f"{label} gets {text} from me."
    return f"{label}: {text}"


def restaurant_review(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    cuisine = rng.choice(list(DISHES))
    overall = rng.randint(1, 5)
    food = max(1, min(5, overall + rng.choice([-1, 0, 0, 1])))
    service = max(1, min(5, overall + rng.choice([-2, -1, 0, 1])))
    back = overall >= 4 or (overall == 3 and kit.chance(0.4))
    dishes = [{"name": d, "price": kit.maybe(kit.amount(4, 38), 0.65)}
              for d in rng.sample(DISHES[cuisine], rng.randint(1, 4))]
    facts = {"restaurant": f"{rng.choice(['Chez', 'La', 'Casa', 'The', 'Little'])} {fake.last_name()}",
             "reviewer": fake.first_name() + " " + fake.last_name()[0] + ".",
             "visit_date": kit.day().isoformat(), "overall": overall, "food": food,
             "service": service, "cuisine": cuisine, "price_range": rng.choice(list(PRICE_TEXT)),
             "dishes": dishes, "would_return": back}
    doc.put(("restaurant",), facts["restaurant"]).line()
    doc.add("Reviewed by ").put(("reviewer",), facts["reviewer"]).add(", visited ")
    kit.date(doc, ("visit_date",), dt.date.fromisoformat(facts["visit_date"])).line().line()
    overall_text = rating(rng, overall)[1]
    overall_line = f"Overall: {overall_text}"
    doc.line(overall_line).line()
    cuisine_text = f"We tried {CUISINE_TEXT[cuisine]} in the old town."
    doc.line(f"{cuisine_text} {fake.sentence(nb_words=10)}")
    for i, d in enumerate(dishes):
        doc.add("I had the " if i == 0 else "We also shared the ").put(("dishes", i, "name"), d["name"])
        if d["price"] is not None:
            doc.add(" (")
            kit.money(doc, ("dishes", i, "price"), d["price"]).add(")")
        doc.line(".")
    food_text, service_text = _aspect(kit, "Food", food), _aspect(kit, "Service", service)
    doc.line(food_text).line(service_text)
    price_text = PRICE_TEXT[facts["price_range"]]
    doc.line(price_text)
    kit.pad(doc)
    back_text = says(rng, back, ("We will definitely be back.", "Can't wait to return!"),
                     ("We won't be back.", "I would not go there again.", "Never again."))
    doc.line(back_text)
    return Draft(("Restaurant review", "Review analysis"), REVIEW_FIELDS, facts, doc, {
        ("overall",): overall_line, ("food",): food_text, ("service",): service_text,
        ("cuisine",): cuisine_text, ("price_range",): price_text, ("would_return",): back_text})
