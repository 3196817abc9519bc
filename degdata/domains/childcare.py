"""Childcare papers: a nursery's (day care's, crèche's, Kita's) daily report on one child, a
childminder's contract with a family (an Ofsted-registered childminder, a US family child care
provider, a Tagespflegeperson, an assistante maternelle), a private tutor's or tutoring agency's
invoice for lessons, and the registration form of an after-school club (wraparound care, a Hort
or an OGS, an accueil périscolaire).

Each carries values of the same kind beside the ones asked for: a sibling in another room, the
room leader and the manager beside the child and the key person, the adult who dropped the child
off beside the one who collected, the date of birth and the dates in the notices (closures,
parents' evening, photo day) beside the report date, the times of meals, naps, nappy changes,
medicine and accidents beside the arrival and collection times, each nap's minutes beside the
total sleep, toilet visits beside the nappy changes; the assistant, the second parent and the
emergency contact beside the childminder and the parent, the contract number beside the
registration number, the settling-in visits, the review date, the date to return the contract
and the date signed beside the start date, one day's hours and the funded hours beside the hours
a week, the settling-in weeks beside the notice, the rate for extra hours, the late collection
charge, a meal or maintenance allowance, a registration fee and the deposit or retainer beside
the hourly rate and the monthly fee; the agency's accounts contact and the class teacher beside
the tutor, the student beside the client billed, the client reference and an earlier open
invoice beside the invoice number, the lesson dates, the due date and the date paid beside the
invoice date, the rate column and each lesson's amount beside the hourly rate, the subtotal, the
travel, materials, discount and tax lines, an earlier invoice's balance and a French tax credit
beside the total; the sibling at the club, the second parent, the emergency contact and the
authorised collectors beside the parent and the child, the start of term and the date signed
beside the date of birth and the start date, the prices of single sessions, the subtotal, the
sibling discount, the registration fee and the late collection charge beside the weekly fee.

Documents come as a parent app's timeline ("09:45  Morning snack: Banana and crackers - Most"),
printed daily sheets with check boxes ("Lunch (Fish pie with peas):  [ ] All  [x] Most  [ ] Some
[ ] None"), key people's e-mails and markdown reports; contracts in numbered clauses, fill-in
forms with ticked weekdays, a childminder's confirmation e-mail and an agency's markdown summary;
formal invoices, tutors' e-mails, agencies' markdown invoices and plain-text invoices of sole
tutors; paper registration forms in sections, online forms in bold labels, a club's reply above
the parent's request and a booking system's export. Arrays come as tables in every layout,
timeline, bullet and numbered lines ("1. Maths (GCSE) on 05/03/2024 - 60 min - £40.00"),
weekday check boxes ("Monday:    [x] Breakfast club  [ ] After-school club   £5.00") and one
sentence ("banana and crackers at morning snack (ate most of it) and fish pie at lunch (had a
little)", "on Monday from 08:00 to 17:30 and Friday from 08:00 to 13:00"); the lists of strings
(things to bring, permissions, topics covered, dietary needs, optional activities) and the
authorised collectors may be empty. Mood and progress are scored 1 to 5 ("4/5 (happy)",
"★★★★☆", "Progress: good"), and booleans are as often negated as stated ("No medicine was given
today", "Accident form: not needed today", "Meals are not included; parents provide a packed
lunch", "[ ] Meals and snacks are included in the fee", "No CAF aid (CMG) is claimed", "No VAT is
charged under the small business rule (§ 19 UStG)", "This invoice has not been paid yet",
"Leaving the club alone: not permitted", "Please do not photograph my child").
"""
from __future__ import annotations

import datetime as dt

from .. import fields as F
from .. import layout as L
from ..assemble import Draft
from ..doc import Doc
from ..fmt import CURRENCIES, NAMED_DATE_STYLES, clock
from ..kit import Kit
from ..surface import rating, says
from .common import firm_name, home_currency, lower_first, mail, slug, strings


def _person(kit: Kit, used: list[str], female: bool | None = None, family: str | None = None) -> str:
    """A new first and last name (no title), its first name unlike every name in `used`; added to `used`."""
    firsts = {u.split()[0] for u in used}
    while True:
        fake = kit.fake
        first = fake.first_name() if female is None else fake.first_name_female() if female else \
            fake.first_name_male()
        name = f"{first} {family or fake.last_name()}"
        if first not in firsts and " " not in first and name not in used:
            used.append(name)
            return name


def _phone(kit: Kit) -> str:
    return kit.fake.phone_number().split("x")[0].strip()


def _plain_number(kit: Kit, x: float) -> str:
    """`x` with as few decimals as it needs: "40", "37.5", "22.75" (in the document's number style)."""
    places = 0 if x == int(x) else 1 if x * 2 == int(x * 2) else 2
    return str(int(x)) if places == 0 else kit.style.decimal(x, places)


TLD = {"en_GB": "co.uk", "en_US": "com", "de_DE": "de", "fr_FR": "fr"}
WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday")


# ---- nursery daily report ------------------------------------------------------------------

NURSERIES = {"en_GB": ("{last}'s Day Nursery", "Little Acorns Nursery {city}", "Bright Beginnings {city}",
                       "{city} Community Nursery"),
             "en_US": ("{city} Early Learning Center", "Little Sprouts Child Care", "{last} Child Development Center"),
             "de_DE": ("Kita {last}", "Kita Regenbogen {city}", "Krippe Sonnenkäfer {city}"),
             "fr_FR": ("Crèche Les Petits Loups {city}", "Multi-accueil {last}", "Micro-crèche de {city}")}
ROOMS = {   # locale: rooms for babies (under 18 months), toddlers (under 3) and the older children
    "en_GB": (("Baby Room", "Caterpillars"), ("Toddler Room", "Butterflies"), ("Pre-school Room", "Sunflowers")),
    "en_US": (("Infant Room", "Little Chicks"), ("Toddler Room", "Twos Room"), ("Preschool 1", "Bumblebees")),
    "de_DE": (("Krippe Sonnenschein", "Mäusegruppe"), ("Igelgruppe", "Krippe Sternchen"),
              ("Bärengruppe", "Froschgruppe")),
    "fr_FR": (("Section des bébés", "Les Coccinelles"), ("Section des moyens", "Les Lutins"),
              ("Section des grands", "Les Papillons"))}
MEALS = {   # meal: (earliest and latest time in minutes, menus for every locale, menus of one locale)
    "Breakfast": ((465, 505), ("Porridge with banana", "Toast and scrambled egg", "Yoghurt and berries"),
                  {"de_DE": ("Muesli with apple", "Bread roll with cheese"), "fr_FR": ("Bread, butter and milk",),
                   "en_US": ("Oatmeal and blueberries", "Whole-grain waffle"), "en_GB": ("Wheat biscuits and milk",)}),
    "Morning snack": ((555, 600), ("Apple and rice cakes", "Banana and crackers", "Melon and breadsticks",
                                   "Pear slices and cheese"), {}),
    "Lunch": ((680, 720), ("Pasta with tomato sauce", "Lentil curry with rice", "Vegetable soup and bread"),
              {"en_GB": ("Fish pie with peas", "Shepherd's pie", "Chicken casserole and rice"),
               "en_US": ("Mac and cheese with broccoli", "Turkey meatballs and pasta", "Bean and cheese burrito"),
               "de_DE": ("Spätzle with vegetables", "Potato soup (Kartoffelsuppe)", "Fish fingers and mash"),
               "fr_FR": ("Hachis parmentier", "Fish with rice and carrots", "Ratatouille and semolina")}),
    "Afternoon snack": ((870, 915), ("Yoghurt and fruit", "Crackers and hummus", "Fruit salad"),
                        {"en_GB": ("Crumpets", "Malt loaf"), "fr_FR": ("Compote and a biscuit", "Bread and chocolate"),
                         "de_DE": ("Rice cakes and grapes",), "en_US": ("Graham crackers and milk",)}),
    "Tea": ((975, 1005), ("Sandwiches and fruit", "Soup and bread", "Pitta and hummus"),
            {"en_GB": ("Beans on toast", "Jacket potato with cheese")}),
}
MEAL_LABELS = {"en_US": {"Morning snack": "AM snack", "Afternoon snack": "PM snack", "Tea": "Late snack"},
               "fr_FR": {"Afternoon snack": "Goûter"}}
NO_TEA = ("de_DE", "fr_FR")     # a Kita or a crèche serves no early supper
EATEN = ("all", "most", "some", "none")
EATEN_WORDS = ({"all": "All", "most": "Most", "some": "Some", "none": "None"},
               {"all": "All of it", "most": "Most of it", "some": "A little", "none": "Refused"},
               {"all": "Ate it all", "most": "Ate most", "some": "Ate a little", "none": "Didn't eat"})
EATEN_PHRASES = {"all": "ate it all", "most": "ate most of it", "some": "had a little", "none": "didn't want it"}
MOOD = {1: "upset", 2: "unsettled", 3: "settled", 4: "happy", 5: "very happy"}
ACTIVITIES = ("Messy play with shaving foam", "Story time", "Painting", "Sand tray", "Singing and rhymes",
              "Garden play", "Building blocks", "Play dough", "Water play", "Treasure basket", "Music and movement",
              "Puzzles", "Baking biscuits", "Bubbles in the garden", "Small world farm", "Obstacle course")
NEEDED = {"en_GB": ("Nappies", "Wipes", "Spare clothes", "Sun cream", "Nappy cream", "Wellies", "Sun hat"),
          "en_US": ("Diapers", "Wipes", "Spare clothes", "Sunscreen", "Diaper cream", "Rain boots", "Sun hat"),
          "de_DE": ("Nappies", "Wipes", "Spare clothes", "Sun cream", "Rain trousers (Matschhose)", "Slippers"),
          "fr_FR": ("Nappies", "Wipes", "Spare clothes", "Sun cream", "Comforter (doudou)", "Slippers")}
MEDICINES = {"en_GB": "Calpol", "en_US": "Children's Tylenol", "de_DE": "Nurofen Saft", "fr_FR": "Doliprane"}
KEY_LABELS = {"en_GB": "Key person", "en_US": "Primary teacher", "de_DE": "Key educator (Bezugserzieherin)",
              "fr_FR": "Key educator (référente)"}
LEADER_LABELS = {"en_GB": "Room leader", "en_US": "Lead teacher", "de_DE": "Group leader (Gruppenleitung)",
                 "fr_FR": "Room leader (responsable de section)"}
NOTICES = ("The nursery is closed on {d} for staff training.", "Parents' evening: {d}", "Photo day is on {d}.",
           "Sports day on {d} - please send trainers.", "Fees for next month are due by {d}.")
NURSERY_FIELDS = [
    F.text("child_name", "Child", ("Child the report is about (not a sibling, the key person or the adult who "
                                   "collected).", "Name of the child."), "child", "name"),
    F.date("report_date", "Date", ("Day the report covers (not the child's date of birth or a date in the "
                                   "notices).", "Date of the daily report."), "date", "day"),
    F.text("nursery", "Nursery", "Nursery, day care or crèche that wrote the report.", "setting", "provider",
           keep=0.4),
    F.text("room", "Room", "Room or group the child is in (not a sibling's).", "group", "classroom", keep=0.6),
    F.text("key_person", "Key person", ("Practitioner who looks after the child and wrote the report (not the room "
                                        "leader or the manager).", "The child's key person or teacher."),
           "keyworker", "educator", keep=0.7),
    F.text("arrival_time", "Arrival time", "Time the child arrived, as written (not the collection time).",
           "drop_off_time", "arrived_at", keep=0.6),
    F.text("collection_time", "Collection time", "Time the child was collected, as written, if recorded (not the "
           "arrival time).", "pick_up_time", "left_at", optional=True, keep=0.5),
    F.text("collected_by", "Collected by", "Adult who collected the child, if recorded (not the one who dropped "
           "the child off).", "picked_up_by", "collector", optional=True, keep=0.5),
    F.items("meals", "Meals", ("Each meal and snack of the day, in order.", "What the child ate."), [
        F.text("meal", "Meal", "Which meal or snack.", "name", "type"),
        F.text("food", "Food", "What was served, as written.", "menu", "dish", keep=0.7),
        F.choice("eaten", "Eaten", "How much of it the child ate.", list(EATEN), "amount_eaten", "intake"),
    ], "food_intake", "meals_and_snacks"),
    F.integer("sleep_minutes", "Sleep (minutes)", "Total minutes asleep during the day; null when the child did not "
              "sleep (not a nap's start or end time).", "nap_minutes", "total_sleep", optional=True, keep=0.7),
    F.integer("nappy_changes", "Nappy changes", "How many nappy (diaper) changes; null when the child is out of "
              "nappies (not the toilet visits).", "diaper_changes", "nappies", optional=True, keep=0.6),
    F.score("mood", "Mood", "How the child's mood was rated today.", MOOD, "mood_rating", "wellbeing", keep=0.7),
    F.flag("medicine_given", "Medicine given", "Whether any medicine was given at nursery today.",
           "medication_given", "medicine", keep=0.7),
    F.flag("accident", "Accident", "Whether an accident or injury was recorded today.", "accident_reported",
           "injury", keep=0.7),
    F.strings("activities", "Activities", "Activities the child took part in, in order.", "played",
              "learning_activities", keep=0.7),
    F.strings("items_needed", "Items needed", "Things the parents are asked to bring; empty when nothing is asked "
              "for.", "please_bring", "supplies_needed", keep=0.6),
    F.generate("summary", "Summary", "One sentence on how the child's day went.", 40, keep=0.2),
]


def nursery_daily_report(kit: Kit) -> Draft:
    fake, rng, doc, loc = kit.fake, kit.rng, Doc(), kit.locale
    us = loc == "en_US"
    twelve = us and kit.chance(0.5)
    family, girl = fake.last_name(), kit.chance(0.5)
    used: list[str] = []
    child = _person(kit, used, girl, family)
    sibling = _person(kit, used, not girl if kit.chance(0.5) else girl, family)
    mother = _person(kit, used, True, family)
    father = _person(kit, used, False, family if kit.chance(0.7) else None)
    granny = _person(kit, used, True)
    key, leader, manager = (_person(kit, used) for _ in range(3))
    first, she, her = child.split()[0], "she" if girl else "he", "her" if girl else "his"
    nursery = firm_name(kit, NURSERIES)
    day = kit.day()
    months = rng.randint(7, 50)
    band = 0 if months < 18 else 1 if months < 36 else 2
    room = rng.choice(ROOMS[loc][band])
    sibling_room = rng.choice(ROOMS[loc][rng.choice([b for b in range(3) if b != band])])
    born = day - dt.timedelta(days=months * 30 + rng.randint(0, 28))
    arrive = rng.choice(range(455, 570, 5))
    leave = rng.choice(range(930, 1110, 5))
    meals = []
    timing = []
    for meal, ((lo, hi), common, local) in MEALS.items():
        at = rng.choice(range(lo, hi + 1, 5))
        if at < arrive + 10 or at > leave - 15 or meal == "Tea" and loc in NO_TEA:
            continue
        food = rng.choice(list(common) + list(local.get(loc, ())) * 2)
        eaten = rng.choices(EATEN, [6, 4, 2, 1])[0]
        meals.append({"meal": MEAL_LABELS.get(loc, {}).get(meal, meal), "food": food, "eaten": eaten})
        timing.append(at)
    naps: list[tuple[int, int]] = []
    if months < 16:
        naps = [(a := rng.choice(range(570, 620, 5)), a + rng.choice(range(30, 80, 5)))]
        naps.append((b := rng.choice(range(770, 820, 5)), b + rng.choice(range(45, 110, 5))))
    elif months < 36 and kit.chance(0.85) or kit.chance(0.3):
        naps = [(a := rng.choice(range(750, 800, 5)), a + rng.choice(range(35, 125, 5)))]
    naps = [(a, b) for a, b in naps if a > arrive and b < leave - 10]
    total = sum(b - a for a, b in naps)
    toilet = months > 40 or months > 28 and kit.chance(0.5)
    awake = [m for m in range(arrive + 30, leave - 20, 5) if not any(a <= m <= b for a, b in naps)]
    changes = sorted(rng.sample(awake, rng.randint(2, 5)))
    mood = rng.choices([1, 2, 3, 4, 5], [1, 2, 4, 8, 6])[0]
    med, hurt = kit.chance(0.35), kit.chance(0.35)
    dropper, collector = rng.sample([mother, father, granny][: 2 + kit.chance(0.3)], 2)
    early = kit.chance(0.3)     # the report went out before the child was collected
    facts = {"child_name": child, "report_date": day.isoformat(), "nursery": nursery, "room": room,
             "key_person": key, "arrival_time": clock(arrive, twelve),
             "collection_time": None if early else clock(leave, twelve),
             "collected_by": None if early or kit.chance(0.15) else collector, "meals": meals,
             "sleep_minutes": total or None, "nappy_changes": None if toilet else len(changes), "mood": mood,
             "medicine_given": med, "accident": hurt,
             "activities": rng.sample(ACTIVITIES, rng.randint(1, 4)),
             "items_needed": rng.sample(NEEDED[loc], rng.choice([0, 0, 0, 1, 1, 2, 3]))}
    facts["summary"] = (f"{child} had a {MOOD[mood]} day, "
                        + (f"slept for {total} minutes" if total else "did not nap")
                        + (" and had a small accident." if hurt else " and had no accidents."))
    arrive_text, leave_text = facts["arrival_time"], clock(leave, twelve)
    date_text = kit.date_text(day)
    form = rng.randrange(2)
    words = [EATEN_WORDS[form][m["eaten"]] for m in meals]
    evidence = {("meals", i, "eaten"): w for i, w in enumerate(words)}
    _, score = rating(rng, mood, 5, rng.choice(["slash", "of", "stars", "out_of"]))
    mood_text = rng.choice([f"Mood: {score} ({MOOD[mood]})", f"Mood today: {MOOD[mood]}",
                            f"How {first} was today: {score}", f"Wellbeing: {MOOD[mood]} ({score})"])
    dose = _plain_number(kit, rng.choice([2.5, 5.0, 7.5]))
    med_at, hurt_at = rng.choice(awake[6:]), rng.choice(awake)
    parent_first = mother.split()[0]
    med_text = says(rng, med, (f"Medicine given: {MEDICINES[loc]} {dose} ml at {clock(med_at, twelve)} (consent "
                               f"signed by {dropper.split()[0]} at drop-off)",
                               f"{MEDICINES[loc]} ({dose} ml) was given at {clock(med_at, twelve)} as agreed."),
                    ("Medicine given: none", "No medicine was given today.", "Medication: not needed today"))
    part, place = rng.choice([("head", "climbing frame"), ("knee", "garden path"), ("elbow", "slide"),
                              ("lip", "table edge"), ("hand", "garden gate")])
    hurt_text = says(rng, hurt, (f"Accident: {she} bumped {her} {part} on the {place} at {clock(hurt_at, twelve)}; "
                                 "a cold compress was applied. Please sign the accident form at collection.",
                                 f"Accident / incident: small graze on the {part} ({place}), cleaned and checked "
                                 f"by {leader}."),
                     ("Accidents / incidents: none", "No accidents or incidents today.",
                      "Accident form: not needed today"))
    evidence.update({("mood",): mood_text, ("medicine_given",): med_text, ("accident",): hurt_text})
    nappy = "Diaper" if us else "Nappy"
    notices = [rng.choice(NOTICES).format(d=kit.date_text(day + dt.timedelta(days=rng.randint(3, 40))))
               for _ in range(rng.choice([0, 1, 1, 2]))]
    notices = list(dict.fromkeys(notices))

    def t(minutes: int) -> str:
        return clock(minutes, twelve)

    def meal_table() -> None:
        with_time = kit.chance(0.6)
        L.table(doc, rng, ["Meal"] + ["Time"] * with_time + [rng.choice(["Menu", "Food"]),
                                                             rng.choice(["Eaten", "Amount eaten"])],
                [[L.cell(m["meal"], ("meals", i, "meal"))] + [L.cell(t(timing[i]))] * with_time
                 + [L.cell(m["food"], ("meals", i, "food")), L.cell(words[i])] for i, m in enumerate(meals)])

    def meal_boxes() -> None:
        on, off = rng.choice([("[x]", "[ ]"), ("\u2612", "\u2610")])
        for i, m in enumerate(meals):     # "Lunch (Fish pie with peas):  [ ] All  [x] Most  [ ] Some  [ ] None"
            L.fill(doc, "{meal} ({food}): ", meal=(("meals", i, "meal"), m["meal"]),
                   food=(("meals", i, "food"), m["food"]))
            boxes = "  ".join(f"{on if e == m['eaten'] else off} {EATEN_WORDS[0][e]}" for e in EATEN)
            evidence[("meals", i, "eaten")] = f"{on} {EATEN_WORDS[0][m['eaten']]}"
            doc.line(" " + boxes)

    def meal_lines(numbered: bool) -> None:
        bullet = rng.choice(["- ", "* "])
        for i, m in enumerate(meals):     # "2. Lunch (11:45): Fish pie with peas - Most of it"
            doc.add(f"{i + 1}. " if numbered else bullet)
            L.fill(doc, "{meal} (" + t(timing[i]) + "): {food} - " + words[i], meal=(("meals", i, "meal"), m["meal"]),
                   food=(("meals", i, "food"), m["food"]))
            doc.line()

    def meal_sentence() -> None:
        doc.add(f"{first} had ")
        for i, m in enumerate(meals):     # "porridge with banana at breakfast (ate it all)"
            m["meal"], m["food"] = lower_first(m["meal"]), lower_first(m["food"])   # the gold is as written here
            doc.add("" if i == 0 else " and " if i == len(meals) - 1 else ", ")
            evidence[("meals", i, "eaten")] = L.fill(
                doc, "{food} at {meal} (" + EATEN_PHRASES[m["eaten"]] + ")", food=(("meals", i, "food"), m["food"]),
                meal=(("meals", i, "meal"), m["meal"]))
        doc.line(".")

    def sleep_line(label: str) -> None:
        if not naps:
            doc.line(rng.choice([f"{label}: no nap today", f"{first} did not nap today.",
                                 f"{label}: none (stayed awake all day)"]))
            return
        doc.add(f"{label}: ")
        for k, (a, b) in enumerate(naps):     # "12:40-14:05 (85 min)"
            doc.add(("" if k == 0 else " and ") + (f"{t(a)} to {t(b)} (" if twelve else f"{t(a)}-{t(b)} ("))
            kit.count(doc, ("sleep_minutes",) if len(naps) == 1 else None, b - a).add(" min)")
        if len(naps) > 1:
            kit.count(doc.add(", "), ("sleep_minutes",), total).add(" min in total")
        doc.line()

    def nappy_line() -> None:
        if toilet:
            doc.line(f"Toilet: out of {'diapers' if us else 'nappies'}, used the toilet {len(changes)} times")
            return
        kinds = [rng.choice(["wet", "wet", "soiled", "dry"]) for _ in changes]
        kit.count(doc.add(f"{nappy} changes: "), ("nappy_changes",), len(changes))
        doc.line(" (" + ", ".join(f"{t(c)} {k}" for c, k in zip(changes, kinds)) + ")")

    def wellbeing() -> None:
        doc.line(mood_text).line(med_text).line(hurt_text)

    def lists() -> None:
        strings(kit, doc, "activities", facts["activities"],
                rng.choice(["Activities", "Today I enjoyed", "What we did today"]), "Activities: none")
        strings(kit, doc, "items_needed", facts["items_needed"],
                rng.choice(["Please bring", "Running low on", "Items needed"]),
                rng.choice(["Nothing needed at the moment.", "Please bring: nothing today", "Items needed: none"]))

    def notice_lines() -> None:
        if notices:
            doc.line(rng.choice(["Notices:", "Reminders:", "Dates for your diary:"]))
            for n in notices:
                doc.line(f"- {n}")

    def collection(prefix: str) -> None:
        if early:
            doc.line(f"{prefix}not yet collected (report sent at {t(leave - rng.randint(20, 60))})")
            return
        doc.add(prefix).put(("collection_time",), leave_text)
        if facts["collected_by"]:
            doc.add(" by ").put(("collected_by",), collector)
        doc.line()

    layout = rng.choice(["app", "sheet", "email", "markdown"])
    if layout == "app":             # a parent app's daily timeline
        doc.put(("nursery",), nursery).line(" - daily report")
        doc.add(rng.choice(["Daily diary for ", "Today's report: ", "Child: "])).put(("child_name",), child).line()
        doc.add("Date: ").put(("report_date",), date_text).line()
        doc.add("Room: ").put(("room",), room).add(f" | {KEY_LABELS[loc]}: ").put(("key_person",), key).line()
        doc.line().line(rng.choice(["Timeline", "Today", "Activity feed"]))
        events = [(arrive, 0, ["arrive"])] + [(m, 1, ["meal", i]) for i, m in enumerate(timing)]
        events += [(a, 2, ["sleep", k]) for k, (a, _) in enumerate(naps)]
        events += [(b, 3, ["wake", k]) for k, (_, b) in enumerate(naps)]
        events += [(c, 4, ["nappy", k]) for k, c in enumerate(changes)]
        if not early:
            events.append((leave, 5, ["leave"]))
        for at, _, (what, *rest) in sorted(events, key=lambda e: (e[0], e[1])):
            if what == "arrive":
                doc.put(("arrival_time",), arrive_text).line(f"  Checked in by {dropper}")
                continue
            if what == "leave":
                doc.put(("collection_time",), leave_text).add("  Checked out")
                if facts["collected_by"]:
                    doc.add(" by ").put(("collected_by",), collector)
                doc.line()
                continue
            doc.add(f"{t(at)}  ")
            if what == "meal":
                i = rest[0]
                L.fill(doc, "{meal}: {food} - " + words[i], meal=(("meals", i, "meal"), meals[i]["meal"]),
                       food=(("meals", i, "food"), meals[i]["food"]))
                doc.line()
            elif what == "sleep":
                doc.line("Fell asleep")
            elif what == "wake":
                a, b = naps[rest[0]]
                kit.count(doc.add("Woke up after "), ("sleep_minutes",) if len(naps) == 1 else None, b - a)
                doc.line(" min")
            else:
                doc.line("Toilet trip" if toilet else f"{nappy} change: {rng.choice(['wet', 'wet', 'soiled'])}")
        doc.line()
        kit.pad(doc)
        if len(naps) > 1:
            kit.count(doc.add("Total sleep: "), ("sleep_minutes",), total).line(" min")
        elif not naps:
            doc.line("Sleep: no nap today")
        if not toilet:
            kit.count(doc.add(f"{nappy} changes today: "), ("nappy_changes",), len(changes)).line()
        wellbeing()
        lists()
        notice_lines()
    elif layout == "sheet":         # the printed daily sheet, filled in by hand
        doc.put(("nursery",), nursery).line()
        doc.line(rng.choice(["DAILY DIARY", "Daily care record", "MY DAY AT NURSERY" if not us else "MY DAY"]))
        rows = [(rng.choice(["Child's name", "Name"]), L.cell(child, ("child_name",)))]
        if kit.chance(0.6):
            rows.append(("Date of birth", kit.date_cell(None, born)))
        rows += [("Room", L.cell(room, ("room",))), (KEY_LABELS[loc], L.cell(key, ("key_person",))),
                 ("Date", L.cell(date_text, ("report_date",))), ("Time in", L.cell(arrive_text, ("arrival_time",))),
                 ("Dropped off by", L.cell(dropper))]
        rows.append(("Time out", L.cell("-") if early else L.cell(leave_text, ("collection_time",))))
        rows.append(("Collected by", L.cell(collector, ("collected_by",)) if facts["collected_by"] else L.cell("-")))
        L.labelled(doc, rng, rows)
        doc.line().line(rng.choice(["MEALS", "What I ate"]))
        meal_boxes() if kit.chance(0.4) else meal_table()
        doc.line()
        kit.pad(doc)
        sleep_line(rng.choice(["Sleep", "Nap"]))
        nappy_line()
        wellbeing()
        lists()
        notice_lines()
        doc.line().line(f"{KEY_LABELS[loc]}: {key}    {LEADER_LABELS[loc]}: {leader}")
    elif layout == "email":         # the key person's e-mail to the parents
        host = f"{slug(nursery, 'kids', sep='-')}.{TLD[loc]}"
        doc.add("From: ").put(("key_person",), key).line(f" <{mail(key, host, 'kids', sep='-')}>")
        doc.line(f"To: {mother}, {father}")
        doc.add(f"Subject: {first}'s day - ").put(("report_date",), date_text).line().line()
        doc.line(f"Hi {parent_first},").line()
        doc.add("Here is how ").put(("child_name",), child).add(" got on in ").put(("room",), room)
        doc.add(" on ").put(("report_date",), date_text).line(".")
        doc.add(f"{first} arrived at ").put(("arrival_time",), arrive_text).line(f" with {dropper.split()[0]}.")
        meal_sentence()
        sleep_line("Sleep")
        nappy_line()
        doc.line()
        kit.pad(doc)
        wellbeing()
        lists()
        if not early:
            collection(rng.choice(["Collected at ", "Home time: "]))
        doc.line(f"({sibling} in {sibling_room} has a separate report.)")
        notice_lines()
        doc.line().line(rng.choice(["Best wishes,", "Many thanks,"])).line(key)
        doc.add(f"{KEY_LABELS[loc]}, ").put(("nursery",), nursery).line()
    else:                           # a markdown export of the day
        doc.add("# Daily report: ").put(("child_name",), child).line().line()
        doc.add("**Date:** ").put(("report_date",), date_text).line("  ")
        doc.add("**Nursery:** ").put(("nursery",), nursery).line("  ")
        doc.add("**Room:** ").put(("room",), room).line("  ")
        doc.add(f"**{KEY_LABELS[loc]}:** ").put(("key_person",), key).line("  ")
        doc.line(f"**{LEADER_LABELS[loc]}:** {leader}  ").line()
        doc.line("## Arrival and collection").line()
        doc.add("- Arrived: ").put(("arrival_time",), arrive_text).line(f" (dropped off by {dropper})")
        collection("- Collected: ")
        doc.line().line("## Meals").line()
        style = rng.choice(["bullets", "numbered", "table"])
        meal_table() if style == "table" else meal_lines(style == "numbered")
        doc.line().line("## Sleep and care").line()
        sleep_line("Sleep")
        nappy_line()
        kit.pad(doc.line())
        doc.line("## Wellbeing").line()
        wellbeing()
        doc.line().line("## Activities and reminders").line()
        lists()
        notice_lines()
        doc.line().line(f"_Sent by {manager}, nursery manager, on behalf of the {room} team._")
    kit.pad(doc)
    return Draft(("Nursery daily report", "Daily care report", "Day care daily sheet"), NURSERY_FIELDS, facts, doc,
                 evidence)


# ---- childminder contract ------------------------------------------------------------------

MINDER_TITLES = {"en_GB": ("CHILDMINDING CONTRACT", "Childminder and parent contract", "Contract for childminding"),
                 "en_US": ("FAMILY CHILD CARE AGREEMENT", "Child Care Contract", "Parent-Provider Agreement"),
                 "de_DE": ("Care contract (Betreuungsvertrag Kindertagespflege)", "Kindertagespflege contract"),
                 "fr_FR": ("Employment contract of an assistante maternelle (contrat de travail)",
                           "Childcare contract (contrat d'accueil)")}
MINDER_ROLES = {"en_GB": "childminder", "en_US": "provider", "de_DE": "childminder (Tagespflegeperson)",
                "fr_FR": "childminder (assistante maternelle)"}
REG_LABELS = {"en_GB": "Ofsted URN", "en_US": "State license no.", "de_DE": "Care permit (Pflegeerlaubnis) no.",
              "fr_FR": "Approval (agrément) no."}
MINDER_RATES = {"en_GB": (5.5, 9.5), "en_US": (8.0, 16.0), "de_DE": (5.0, 8.5), "fr_FR": (3.6, 5.6)}
YEAR_WEEKS = {"en_GB": (38, 48, 51), "en_US": (50, 52), "de_DE": (46, 48), "fr_FR": (46, 47, 52)}
NOTICE_WEEKS = {"en_GB": (4, 4, 2, 8), "en_US": (2, 2, 4), "de_DE": (4, 6), "fr_FR": (2, 4)}
DEPOSIT_SHARE = {"en_GB": 0.6, "en_US": 0.7, "de_DE": 0.25, "fr_FR": 0.0}
MINDER_PAY = {   # method: wording per locale (a locale without one does not offer the method)
    "bank_transfer": {"en_GB": ("Payment: by bank transfer (standing order), monthly in advance",
                                "Fees are paid monthly in advance by bank transfer."),
                      "en_US": ("Payment: ACH bank transfer, monthly in advance",
                                "Fees are paid by bank transfer (ACH) before the start of each month."),
                      "de_DE": ("Payment: by bank transfer (Überweisung), monthly in advance",
                                "The parents pay by bank transfer at the start of each month."),
                      "fr_FR": ("Salary paid by bank transfer (virement) at the end of each month",)},
    "cash": {loc: ("Payment: in cash, against a signed receipt",
                   "Fees are paid in cash each week; a receipt is given.") for loc in CURRENCIES},
    "cheque": {"en_GB": ("Payment: by cheque, monthly in advance",), "en_US": ("Payment: by check, weekly in advance",
                                                                               "Fees are paid by check every week."),
               "fr_FR": ("Salary paid by cheque (chèque) at the end of each month",)},
    "childcare_scheme": {"en_GB": ("Payment: through the Tax-Free Childcare account",
                                   "Fees are paid from the parent's Tax-Free Childcare account."),
                         "en_US": ("Payment: through the employer's dependent care account (DCAP)",),
                         "fr_FR": ("Salary paid with CESU vouchers (chèques emploi service universel)",)},
}
FUNDED = {   # locale: (claimed, not claimed)
    "en_GB": (("Funded hours: {n} hours a week of funded early education are claimed in term time.",
               "Funded early education: claimed ({n} hours a week, term time)"),
              ("No funded hours are claimed; all hours are paid privately.", "Funded early education: not claimed")),
    "en_US": (("Part of the fee is paid by the state child care subsidy; the family pays a co-pay.",
               "Child care subsidy: yes (county voucher, {n} hours a week)"),
              ("The family pays the full fee privately (no subsidy).", "Child care subsidy: none")),
    "de_DE": (("The Jugendamt pays the care fee for {n} hours a week; the parents pay the income-related "
               "contribution.", "Public funding (Jugendamt): yes"),
              ("No Jugendamt funding: the parents pay the care fee in full.", "Public funding (Jugendamt): no")),
    "fr_FR": (("The family receives the CAF's childcare aid (CMG) towards the salary.", "CAF aid (CMG): claimed"),
              ("No CAF aid (CMG) is claimed.", "CAF aid (CMG): not claimed")),
}
PERMISSIONS = ("Local outings on foot", "Travel in the childminder's car", "Photographs for the learning journal",
               "Sun cream", "Plasters", "Emergency medical treatment", "Nappy cream", "Visits to toddler groups")
CONTRACT_FIELDS = [
    F.text("childminder", "Childminder", ("Childminder who provides the care (not an assistant, a parent or the "
                                          "emergency contact).", "Name of the childminder."), "provider", "carer"),
    F.text("registration_number", "Registration number", "The childminder's registration, licence or approval "
           "number, if given (not the contract number).", "licence_number", "urn", optional=True, keep=0.6),
    F.text("parent", "Parent", ("Parent or carer who signs the contract (not the second parent or the emergency "
                                "contact).", "Parent signing the contract."), "parent_name", "client"),
    F.text("child_name", "Child", ("Child the contract is for.", "Name of the child cared for."), "child",
           "child_full_name"),
    F.date("child_dob", "Child's date of birth", "The child's date of birth, if given (not a contract date).",
           "date_of_birth", "dob", optional=True, keep=0.5),
    F.date("start_date", "Start date", ("First day of the regular care (not a settling-in visit, the date signed or "
                                        "the review date).", "Date care starts."), "care_starts",
           "commencement_date"),
    F.date("signed_date", "Date signed", "Date the contract was signed; null when it is not signed yet.",
           "signature_date", "agreement_date", optional=True, keep=0.5),
    F.items("schedule", "Schedule", ("Each day of care with its times, in the order written.",
                                     "Days and hours of care."), [
        F.text("day", "Day", "Day of the week.", "weekday"),
        F.text("start", "From", "Time care starts that day, as written.", "from", "start_time", keep=0.8),
        F.text("end", "To", "Time care ends that day, as written.", "to", "end_time", keep=0.8),
    ], "care_days", "hours_of_care"),
    F.number("hours_per_week", "Hours per week", "Contracted hours of care a week (not one day's hours, the funded "
             "hours or the weeks a year).", "weekly_hours", "contracted_hours", keep=0.8),
    F.integer("weeks_per_year", "Weeks per year", "Weeks of care paid for a year, if stated (not the notice or "
              "settling-in weeks).", "weeks", "paid_weeks", optional=True, keep=0.5),
    F.number("hourly_rate", "Hourly rate", ("Fee per hour of care (not the rate for extra hours or the late "
                                            "collection charge).", "Rate per hour."), "rate_per_hour", "rate"),
    F.number("monthly_fee", "Monthly fee", "The regular monthly fee, if stated (not the deposit or a daily "
             "charge).", "fee_per_month", "monthly_amount", optional=True, keep=0.6),
    F.number("deposit", "Deposit", "Deposit or retainer paid to secure the place; null when there is none (not a "
             "registration fee).", "retainer", "security_deposit", optional=True, keep=0.5),
    F.integer("notice_weeks", "Notice period (weeks)", "Weeks of notice either side gives to end the contract (not "
              "the settling-in period).", "notice_period_weeks", "notice", keep=0.6),
    F.flag("meals_included", "Meals included", "Whether meals and snacks are included in the fee.",
           "food_included", "meals_provided", keep=0.7),
    F.flag("funded_hours", "Funded hours", "Whether public funding (funded hours, a subsidy or a family allowance) "
           "pays part of the care.", "subsidised", "public_funding", keep=0.6),
    F.choice("payment_method", "Payment method", "How the fees or salary are paid.", list(MINDER_PAY), "payment",
             "paid_by", keep=0.6,
             option_descriptions=("into the childminder's bank account", "in cash", "by cheque (check)",
                                  "through a childcare account, voucher or employer scheme")),
    F.strings("permissions", "Permissions", "Permissions the parent gives (outings, photographs, sun cream); empty "
              "when none are given.", "consents", "parental_permissions", keep=0.6),
]


def childminder_contract(kit: Kit) -> Draft:
    fake, rng, doc, loc = kit.fake, kit.rng, Doc(), kit.locale
    home_currency(kit)
    us = loc == "en_US"
    twelve = us and kit.chance(0.6)
    family, girl = fake.last_name(), kit.chance(0.5)
    used: list[str] = []
    child = _person(kit, used, girl, family)
    parent = _person(kit, used, kit.chance(0.7), family)
    partner = _person(kit, used, None, family if kit.chance(0.6) else None)
    minder = _person(kit, used, kit.chance(0.9))
    assistant, contact = _person(kit, used), _person(kit, used)
    first, him = child.split()[0], "her" if girl else "him"
    days = sorted(rng.sample(range(5), rng.randint(2, 5)))
    schedule, day_hours = [], []
    for d in days:
        a = rng.choice(range(450, 555, 15))
        b = rng.choice(range(750, 1095, 15)) if kit.chance(0.8) else rng.choice(range(720, 795, 15))
        schedule.append({"day": WEEKDAYS[d], "start": clock(a, twelve), "end": clock(b, twelve)})
        day_hours.append((b - a) / 60)
    hours = sum(day_hours)
    weeks = rng.choice(YEAR_WEEKS[loc])
    rate = round(rng.uniform(*MINDER_RATES[loc]) * 4) / 4
    monthly = round(hours * rate * weeks / 12, 2)
    extra_rate = round(rate * rng.choice([1.25, 1.5]), 2)
    deposit = (round(hours * rate * rng.choice([1, 2]), 2) if loc != "de_DE" else float(rng.choice([100, 150, 200])))
    deposit = deposit if kit.chance(DEPOSIT_SHARE[loc]) else None
    signed = kit.day()
    start = signed + dt.timedelta(days=rng.randint(14, 60))
    visits = sorted({signed + dt.timedelta(days=rng.randint(3, (start - signed).days - 1))
                     for _ in range(rng.randint(1, 2))})
    review = start + dt.timedelta(days=rng.choice([84, 91, 182]))
    born = start - dt.timedelta(days=rng.randint(100, 1300))
    notice = rng.choice(NOTICE_WEEKS[loc])
    settling = rng.choice([w for w in (2, 3, 4, 6, 8) if w != notice])
    methods = [m for m in MINDER_PAY if loc in MINDER_PAY[m]]
    method = rng.choice(methods)
    layout = rng.choice(["contract", "form", "email", "summary"])
    reg = {"en_GB": f"EY{rng.randint(100000, 999999)}", "en_US": f"FCC-{rng.randint(10000, 99999)}",
           "de_DE": f"{rng.randint(10, 99)}-{rng.randint(100, 999)}/{signed.year}",
           "fr_FR": f"AM-{rng.randint(10000, 99999)}"}[loc]
    contract_no = f"{rng.choice(['CM', 'C', 'K'])}-{signed.year}-{rng.randint(1, 99):02d}"
    facts = {"childminder": minder, "registration_number": kit.maybe(reg, 0.75), "parent": parent,
             "child_name": child, "child_dob": kit.maybe(born.isoformat(), 0.7), "start_date": start.isoformat(),
             "signed_date": None if layout == "email" or kit.chance(0.2) else signed.isoformat(),
             "schedule": schedule, "hours_per_week": hours,
             "weeks_per_year": kit.maybe(weeks, 0.6), "hourly_rate": rate, "monthly_fee": kit.maybe(monthly, 0.7),
             "deposit": deposit, "notice_weeks": notice, "meals_included": kit.chance(0.55),
             "funded_hours": kit.chance({"en_GB": 0.4, "en_US": 0.25, "de_DE": 0.6, "fr_FR": 0.7}[loc]),
             "payment_method": method,
             "permissions": rng.sample(PERMISSIONS, rng.choice([0, 1, 2, 3, 3, 4]))}
    start_text, signed_text = kit.date_text(start), kit.date_text(signed)
    hours_text = _plain_number(kit, hours)
    meal_charge = round(rng.uniform(2.5, 4.5), 2)
    form_boxes = layout == "form" and kit.chance(0.5)
    if form_boxes:
        meals_text = ("[x] Meals and snacks are included in the fee" if facts["meals_included"] else
                      "[ ] Meals and snacks are included in the fee (parents provide food)")
    else:
        meals_text = says(rng, facts["meals_included"],
                          ("Meals and snacks are included in the fee.", "Food: breakfast, lunch and tea included",
                           "Meals: included"),
                          ("Meals are not included; parents provide a packed lunch.",
                           "Food: not included (parents provide meals)", "Meals: not included"))
    funded_hours = rng.choice([n for n in ((15, 30) if loc == "en_GB" else (10, 15, 20, 25)) if n < hours]
                              or [int(hours)])     # never more than the hours contracted
    funded_text = rng.choice(FUNDED[loc][0 if facts["funded_hours"] else 1]).format(n=funded_hours)
    pay_text = rng.choice(MINDER_PAY[method][loc])
    evidence = {("meals_included",): meals_text, ("funded_hours",): funded_text, ("payment_method",): pay_text}
    role, reg_label = MINDER_ROLES[loc], REG_LABELS[loc]
    role_label, short_role = role[0].upper() + role[1:], role.split(" (")[0]

    def day_hours_text(i: int) -> str:
        return _plain_number(kit, day_hours[i])

    def schedule_table() -> None:
        L.table(doc, rng, ["Day", "From", "To", "Hours"], [
            [L.cell(s["day"], ("schedule", i, "day")), L.cell(s["start"], ("schedule", i, "start")),
             L.cell(s["end"], ("schedule", i, "end")), L.cell(day_hours_text(i))] for i, s in enumerate(schedule)])

    def schedule_lines(numbered: bool) -> None:
        bullet = rng.choice(["- ", "* ", "\u2022 "])
        for i, s in enumerate(schedule):    # "2. Wednesday: 08:00 to 17:30 (9.5 hours)"
            doc.add(f"{i + 1}. " if numbered else bullet)
            L.fill(doc, "{day}: {a} to {b}", day=(("schedule", i, "day"), s["day"]),
                   a=(("schedule", i, "start"), s["start"]), b=(("schedule", i, "end"), s["end"]))
            doc.line(f" ({day_hours_text(i)} hours)")

    def schedule_boxes() -> None:
        on, off = rng.choice([("[x]", "[ ]"), ("\u2612", "\u2610")])
        k = 0
        for d, name in enumerate(WEEKDAYS):     # every weekday, the booked ones ticked
            if d in days:
                s = schedule[k]
                doc.put(("schedule", k, "day"), name).add(":" + " " * (10 - len(name)) + f"{on}  from ")
                doc.put(("schedule", k, "start"), s["start"]).add(" to ").put(("schedule", k, "end"), s["end"]).line()
                k += 1
            else:
                doc.line(f"{name}:{' ' * (10 - len(name))}{off}")

    def schedule_sentence() -> None:
        for i, s in enumerate(schedule):    # "on Monday from 08:00 to 17:30, ... and Friday from 08:00 to 13:00"
            doc.add("" if i == 0 else " and " if i == len(schedule) - 1 else ", ")
            L.fill(doc, "{day} from {a} to {b}", day=(("schedule", i, "day"), s["day"]),
                   a=(("schedule", i, "start"), s["start"]), b=(("schedule", i, "end"), s["end"]))

    def schedule_any() -> None:
        style = rng.choice(["table", "lines", "numbered"])
        schedule_table() if style == "table" else schedule_lines(style == "numbered")

    def hours_line() -> None:
        doc.add("Total: ").put(("hours_per_week",), hours_text).add(" hours a week")
        if facts["weeks_per_year"]:
            kit.count(doc.add(", "), ("weeks_per_year",), weeks).add(" weeks a year")
        doc.line(".")

    def money_rows() -> list[tuple[str, L.Cell]]:
        rows = [(rng.choice(["Hourly rate", "Rate per hour"]) if loc != "fr_FR" else "Net hourly salary",
                 kit.money_cell(("hourly_rate",), rate)),
                ("Extra hours (per hour)", kit.money_cell(None, extra_rate))]
        if facts["monthly_fee"] is not None:
            rows.append(("Monthly fee" if loc != "fr_FR" else "Monthly salary (mensualisation)",
                         kit.money_cell(("monthly_fee",), monthly)))
        if deposit is not None:
            rows.append((rng.choice(["Deposit", "Retainer"]), kit.money_cell(("deposit",), deposit)))
        if us:
            rows.append(("Registration fee (non-refundable)", kit.money_cell(None, float(rng.choice([50, 75, 100])))))
        rows.append(("Late collection", L.join(kit.money_cell(None, float(rng.choice([5, 10]))),
                                               L.cell(" per 15 minutes"))))
        if loc == "fr_FR":
            rows.append(("Maintenance allowance (indemnité d'entretien)",
                         L.join(kit.money_cell(None, round(rng.uniform(3.5, 4.2), 2)), L.cell(" per day"))))
        if not facts["meals_included"] and kit.chance(0.5):
            rows.append(("Meals (per day)", kit.money_cell(None, meal_charge)))
        return rows

    def terms() -> None:
        doc.line(meals_text).line(funded_text).line(pay_text)

    def notice_line() -> None:
        kit.count(doc.add("Either party may end this contract by giving "), ("notice_weeks",), notice)
        doc.line(f" weeks' notice in writing. The first {settling} weeks are a settling-in period.")

    def permissions() -> None:
        strings(kit, doc, "permissions", facts["permissions"],
                rng.choice(["Permissions given", "The parent gives permission for", "Consents"]),
                rng.choice(["Permissions given: none", "No permissions have been given yet."]))

    def visits_text() -> str:
        return " and ".join(kit.date_text(v) for v in visits)

    def parties_rows() -> list[tuple[str, L.Cell]]:
        rows = [(role_label, L.cell(minder, ("childminder",)))]
        if facts["registration_number"]:
            rows.append((reg_label, L.cell(reg, ("registration_number",))))
        if loc in ("en_GB", "en_US") and kit.chance(0.4):
            rows.append(("Assistant", L.cell(assistant)))
        rows += [("Parent / carer", L.cell(parent, ("parent",))), ("Second parent / carer", L.cell(partner)),
                 ("Emergency contact", L.cell(f"{contact}, {_phone(kit)}")), ("Child", L.cell(child, ("child_name",)))]
        if facts["child_dob"]:
            rows.append(("Date of birth", kit.date_cell(("child_dob",), born)))
        return rows

    if layout == "contract":        # the signed contract in numbered clauses
        doc.line(rng.choice(MINDER_TITLES[loc])).line(f"Contract no. {contract_no}").line()
        doc.line("1. Parties")
        L.labelled(doc, rng, parties_rows())
        doc.line().line("2. Start of care")
        doc.add("Regular care starts on ").put(("start_date",), start_text)
        doc.line(f", after settling-in visits on {visits_text()}.")
        kit.date(doc.add("The arrangement will be reviewed on "), None, review).line(".").line()
        doc.line("3. Days and hours")
        schedule_any()
        hours_line()
        kit.pad(doc.line())
        doc.line("4. Fees")
        L.kv(doc, rng, money_rows(), rng.choice(["colon", "aligned", "dots"]))
        terms()
        doc.line().line("5. Notice")
        notice_line()
        doc.line().line("6. Permissions")
        permissions()
        doc.line().line("Signatures")
        for who, name in ((short_role, minder), ("parent", parent)):
            doc.add(f"Signed ({who}): {name}    Date: ")
            doc.put(("signed_date",), signed_text).line() if facts["signed_date"] else doc.line("__________")
    elif layout == "form":          # a fill-in registration and contract form
        doc.line(f"{rng.choice(MINDER_TITLES[loc])} - registration form").line()
        rows = parties_rows()
        kv_layout = rng.choice(["stacked", "grid", "colon", "aligned"])
        mine = (role_label, reg_label, "Assistant")
        doc.line("Section 1 - Childminder")
        L.kv(doc, rng, [r for r in rows if r[0] in mine], kv_layout)
        doc.line().line("Section 2 - Family")
        L.kv(doc, rng, [r for r in rows if r[0] not in mine], kv_layout)
        doc.line().line("Section 3 - Care required")
        doc.add("Start date: ").put(("start_date",), start_text).line()
        doc.line(f"Settling-in visits: {visits_text()}")
        schedule_boxes() if kit.chance(0.6) else schedule_table()
        doc.add("Hours per week: ").put(("hours_per_week",), hours_text).line()
        if facts["weeks_per_year"]:
            kit.count(doc.add("Weeks per year: "), ("weeks_per_year",), weeks).line()
        kit.pad(doc.line())
        doc.line("Section 4 - Fees and payment")
        L.kv(doc, rng, money_rows(), kv_layout)
        terms()
        notice_line()
        doc.line().line("Section 5 - Permissions")
        permissions()
        doc.line().line("Declaration: I have read and agree to the childminder's policies.")
        doc.add(f"Parent signature: {parent}    Date: ")
        doc.put(("signed_date",), signed_text).line() if facts["signed_date"] else doc.line("__________")
        kit.date(doc.add("Review date: "), None, review).line()
    elif layout == "email":         # the childminder confirms the place before the contract is signed
        host = rng.choice(["gmail.com", "outlook.com", f"{slug(minder, 'kids', sep='-')}-childcare.{TLD[loc]}"])
        doc.add("From: ").put(("childminder",), minder).line(f" <{mail(minder, host, 'kids', sep='-')}>")
        doc.add("To: ").put(("parent",), parent).line().line(f"Subject: {first}'s place - contract details").line()
        doc.line(f"Dear {parent.split()[0]},").line()
        doc.add(f"Thank you for choosing me as {first}'s {short_role}. As agreed, ").put(("child_name",), child)
        if facts["child_dob"]:
            kit.date(doc.add(" (born "), ("child_dob",), born).add(")")
        doc.add(" will start on ").put(("start_date",), start_text)
        doc.line(f", after settling-in visits on {visits_text()}.")
        doc.add(f"I will look after {him} on ")
        if kit.chance(0.5):
            schedule_sentence()
            doc.line(".")
        else:
            doc.line("these days:")
            schedule_lines(kit.chance(0.5))
        doc.add("That is ").put(("hours_per_week",), hours_text).add(" hours a week")
        if facts["weeks_per_year"]:
            kit.count(doc.add(" over "), ("weeks_per_year",), weeks).add(" weeks a year")
        doc.line(".").line()
        kit.pad(doc)
        kit.money(doc.add("My hourly rate is "), ("hourly_rate",), rate)
        kit.money(doc.add(" (extra hours "), None, extra_rate).add(")")
        if facts["monthly_fee"] is not None:
            kit.money(doc.add(", so the monthly fee comes to "), ("monthly_fee",), monthly)
        doc.line(".")
        if deposit is not None:
            kit.money(doc.add("To hold the place I ask for a deposit of "), ("deposit",), deposit)
            doc.line(", refunded against the final invoice.")
        else:
            doc.line("I do not take a deposit.")
        terms()
        kit.count(doc.add("Either of us can end the arrangement with "), ("notice_weeks",), notice)
        doc.line(f" weeks' notice; the first {settling} weeks are for settling in.")
        permissions()
        kit.date(doc.line().add("Please sign and return the contract by "), None,
                 start - dt.timedelta(days=rng.randint(3, 10))).line(".")
        if facts["registration_number"]:
            doc.add(f"My registration: {reg_label} ").put(("registration_number",), reg).line(".")
        doc.line().line(f"Best wishes,\n{minder}")
    else:                           # an agency's markdown summary of the agreement
        doc.line(f"# {rng.choice(MINDER_TITLES[loc])} - summary").line()
        rows = parties_rows() + [("Contract no.", L.cell(contract_no)),
                                 ("Start date", L.cell(start_text, ("start_date",))),
                                 ("Review date", kit.date_cell(None, review))]
        if facts["signed_date"]:
            rows.append(("Signed", L.cell(signed_text, ("signed_date",))))
        L.kv(doc, rng, rows, "pipe")
        doc.line().line("## Schedule").line()
        schedule_table() if kit.chance(0.5) else schedule_lines(kit.chance(0.5))
        hours_line()
        kit.pad(doc.line())
        doc.line("## Fees").line()
        for label, c in money_rows():
            L.write(doc.add(f"- {label}: "), c).line()
        doc.line().line("## Terms").line()
        for text in (meals_text, funded_text, pay_text):
            doc.line(f"- {text}")
        doc.add("- ")
        notice_line()
        doc.line().line("## Permissions").line()
        permissions()
    kit.pad(doc)
    return Draft(("Childminder contract", "Childminding agreement", "Child care contract"), CONTRACT_FIELDS, facts,
                 doc, evidence)


# ---- tutoring invoice ----------------------------------------------------------------------

TUTOR_FIRMS = {"en_GB": ("{city} Tutors", "{last} Tuition", "Bright Minds Tutoring {city}"),
               "en_US": ("{city} Tutoring Co.", "{last} Learning Center", "Summit Tutoring LLC"),
               "de_DE": ("Nachhilfe {city}", "Lernstudio {last}", "Lernwerkstatt {city}"),
               "fr_FR": ("Cours {last}", "Soutien scolaire {city}", "Réussite Plus {city}")}
SUBJECTS = {   # locale: subjects by school stage, each with the kind of topics its lessons cover
    "en_GB": ({"English (KS2)": "english", "11+ preparation": "exam", "Maths (KS2)": "maths"},
              {"Maths (GCSE)": "maths", "Physics (GCSE)": "science", "Biology (GCSE)": "science",
               "English (GCSE)": "english"},
              {"Chemistry (A level)": "science", "French (A level)": "language", "Maths (A level)": "maths"}),
    "en_US": ({"Reading": "english", "Math (Grade 4)": "maths"},
              {"Algebra I": "maths", "Geometry": "maths", "Chemistry (Honors)": "science"},
              {"SAT Math prep": "exam", "ACT English": "exam", "AP Calculus AB": "maths"}),
    "de_DE": ({"Deutsch (Klasse 6)": "english", "Mathematik (Klasse 6)": "maths", "Englisch (Klasse 6)": "language"},
              {"Mathematik (Klasse 9)": "maths", "Physik (Klasse 10)": "science", "Latein (Klasse 9)": "language"},
              {"Englisch (Abitur)": "language", "Mathematik (Abitur)": "maths"}),
    "fr_FR": ({"Mathématiques (3e)": "maths", "Français (brevet)": "english", "Anglais (4e)": "language"},
              {"Physique-chimie (Terminale)": "science", "Anglais (bac)": "language", "SVT (1re)": "science",
               "Mathématiques (Terminale)": "maths"})}
TOPICS = {"maths": ("Quadratic equations", "Trigonometry", "Fractions and decimals", "Simultaneous equations",
                    "Graph sketching", "Probability"),
          "english": ("Essay planning", "Reading comprehension", "Creative writing", "Poetry analysis",
                      "Spelling and grammar"),
          "science": ("Organic chemistry", "Forces and motion", "Mole calculations", "Cell biology",
                      "Electric circuits"),
          "language": ("Verb tenses", "Vocabulary test", "Listening practice", "Oral exam practice", "Translation"),
          "exam": ("Past paper practice", "Exam technique", "Verbal reasoning", "Timed practice")}
TUTOR_RATES = {"en_GB": (28, 60), "en_US": (40, 95), "de_DE": (18, 45), "fr_FR": (20, 45)}
MODES = {"online": ("Lessons: online (video call)", "All lessons were held online.", "Mode: online"),
         "in_person": ("Lessons: at the student's home", "Lessons took place at your home.", "Mode: home visits"),
         "at_centre": ("Lessons: at our tuition centre", "Lessons took place at the tuition centre.",
                       "Mode: in centre")}
TAX = {   # locale: (label, rate %, charged wordings, not charged wordings)
    "en_GB": ("VAT", 20, ("VAT is charged at 20% (VAT reg. no. GB {n}).", "VAT: charged at 20%"),
              ("No VAT charged: private tuition is exempt.", "VAT: not charged (exempt private tuition)")),
    "en_US": ("Sales tax", 6, ("Sales tax: charged at 6%",), ("Tutoring services are not subject to sales tax.",
                                                              "Sales tax: not charged")),
    "de_DE": ("VAT (MwSt.)", 19, ("VAT (MwSt.): charged at 19% (USt-IdNr. DE{n})", "VAT (MwSt.): charged at 19%"),
              ("No VAT is charged under the small business rule (§ 19 UStG).",
               "VAT (USt.): not charged (Kleinunternehmer)")),
    "fr_FR": ("VAT (TVA)", 20, ("VAT (TVA): charged at 20% (FR{n})", "TVA: charged at 20%"),
              ("VAT not applicable, article 293 B of the CGI (TVA non applicable).", "TVA: not charged")),
}
PROGRESS = {1: "concerning", 2: "slow", 3: "steady", 4: "good", 5: "excellent"}
TUTOR_FIELDS = [
    F.text("tutor", "Tutor", ("Tutor who taught the lessons (not the agency's office contact or the school "
                              "teacher).", "Name of the tutor."), "teacher", "tutor_name"),
    F.text("business", "Business", "Tutoring agency or business named on the invoice; null when the tutor invoices "
           "in their own name.", "agency", "company", optional=True, keep=0.5),
    F.text("client", "Bill to", ("Person the invoice is addressed to (not the student).", "Client billed."),
           "bill_to", "customer", "parent"),
    F.text("student", "Student", "Student who was taught (not the person billed).", "pupil", "learner"),
    F.text("invoice_number", "Invoice number", ("Number of this invoice (not the client reference or an earlier "
                                                "invoice).", "Invoice no."), "invoice_no", "number"),
    F.date("invoice_date", "Invoice date", ("Date of the invoice (not a lesson date, the due date or the date "
                                            "paid).", "Date issued."), "date", "issued_on"),
    F.date("due_date", "Due date", "Date payment is due, if stated.", "payment_due", "pay_by", optional=True,
           keep=0.6),
    F.items("lessons", "Lessons", ("Each lesson billed, in order.", "Lessons on the invoice."), [
        F.date("date", "Date", "Date of the lesson.", "lesson_date", "held_on"),
        F.text("subject", "Subject", "Subject taught, as written.", "topic", "course", keep=0.8),
        F.integer("minutes", "Duration (minutes)", "Length of the lesson in minutes.", "duration_minutes", "length",
                  keep=0.7),
        F.number("amount", "Amount", "Charge for the lesson; null when it was free (a trial lesson).", "price", "fee",
                 optional=True, keep=0.8),
    ], "sessions", "line_items"),
    F.number("hourly_rate", "Hourly rate", "Rate per hour (not a lesson's amount or a travel charge).", "rate",
             "rate_per_hour", keep=0.5),
    F.number("total", "Total", ("Total of this invoice with any tax, after any discount (not the subtotal, a "
                                "lesson's amount, a tax credit or an earlier invoice's balance).", "Invoice total."),
             "invoice_total", "total_amount", minimum=0),
    F.choice("lesson_mode", "Lesson mode", "Where the lessons took place.", list(MODES), "mode", "delivery",
             keep=0.6, option_descriptions=("by video call", "at the student's home", "at the tutor's or agency's "
                                                                                       "centre")),
    F.flag("vat_charged", "Tax charged", "Whether VAT or sales tax is charged on the invoice.", "tax_charged",
           "includes_vat", keep=0.6),
    F.flag("paid", "Paid", "Whether the invoice has already been paid.", "is_paid", "settled", keep=0.7),
    F.score("progress", "Progress", "The tutor's rating of the student's progress this period.", PROGRESS,
            "progress_rating", "student_progress", keep=0.5),
    F.strings("topics", "Topics covered", "Topics covered in the lessons, in order; empty when none are listed.",
              "topics_covered", "covered", keep=0.6),
    F.text("tutor_email", "Contact e-mail", "The tutor's or business's e-mail address, if given (not the "
           "client's).", "email", "contact_email", format="email", optional=True, keep=0.5),
    F.text("payment_link", "Payment link", "Link to pay the invoice online, if given (not a website's home page).",
           "pay_url", "payment_url", format="uri", optional=True, keep=0.4),
]


def tutoring_invoice(kit: Kit) -> Draft:
    fake, rng, doc, loc = kit.fake, kit.rng, Doc(), kit.locale
    home_currency(kit)
    family = fake.last_name()
    used: list[str] = []
    student = _person(kit, used, None, family)
    client = _person(kit, used, kit.chance(0.65), family if kit.chance(0.8) else None)
    tutor, teacher, accounts = (_person(kit, used) for _ in range(3))
    business = firm_name(kit, TUTOR_FIRMS) if kit.chance(0.5) else None
    host = f"{slug(business or tutor, 'kids', sep='-')}.{TLD[loc]}"
    stage = rng.choice(SUBJECTS[loc])      # one student's subjects belong to one school stage
    subjects = rng.sample(sorted(stage), rng.choice([1, 1, 1, 2]))
    topic_pool = sorted({t for sub in subjects for t in TOPICS[stage[sub]]})
    rate = float(rng.randint(*TUTOR_RATES[loc])) + rng.choice([0.0, 0.0, 0.5])
    first_day = kit.day()
    step = rng.choice([7, 7, 3, 4])
    lessons, day = [], first_day
    for k in range(rng.randint(2, 8)):
        minutes = rng.choice([45, 60, 60, 60, 90])
        lessons.append({"date": day.isoformat(), "subject": subjects[k % len(subjects)], "minutes": minutes,
                        "amount": round(rate * minutes / 60, 2)})
        day += dt.timedelta(days=step if k % 2 == 0 or step == 7 else 7 - step)
    if kit.chance(0.12):
        lessons[0]["amount"] = None     # a free trial lesson
    last = dt.date.fromisoformat(lessons[-1]["date"])
    issued = last + dt.timedelta(days=rng.randint(0, 5))
    due = issued + dt.timedelta(days=rng.choice([7, 14, 14, 30]))
    mode = rng.choice(["online", "in_person"] + ["at_centre"] * 2 * bool(business))
    subtotal = round(sum(x["amount"] or 0 for x in lessons), 2)
    visits = sum(1 for x in lessons if x["amount"] is not None)
    travel = round(visits * rng.choice([3.0, 4.5, 5.0, 7.5]), 2) if mode == "in_person" and kit.chance(0.5) else 0.0
    materials = rng.choice([6.99, 8.5, 12.99, 15.0]) if kit.chance(0.2) else 0.0
    discount = round(subtotal * 0.1, 2) if kit.chance(0.25) else 0.0
    label, pct, yes_tax, no_tax = TAX[loc]
    charged = kit.chance({"en_GB": 0.65, "en_US": 0.25, "de_DE": 0.75, "fr_FR": 0.65}[loc] if business else 0.1)
    net = round(subtotal + travel + materials - discount, 2)
    tax = round(net * pct / 100, 2) if charged else 0.0
    total = round(net + tax, 2)
    year = issued.year
    prefix = rng.choice(["INV-", "RE-", "F", "T"])
    n = rng.randint(8, 400)
    number, previous = f"{prefix}{year}-{n:04d}", f"{prefix}{year}-{n - rng.randint(1, 5):04d}"
    client_ref = f"C{rng.randint(100, 9999)}"
    paid = kit.chance(0.45)
    link = f"https://pay.{host}/i/{number.lower()}"
    layout = rng.choice(["invoice", "email", "statement", "plain"])
    email = (f"accounts@{host}" if business and layout != "email" and kit.chance(0.5)
             else mail(tutor, host, "kids", sep="-"))
    progress = rng.choices([1, 2, 3, 4, 5], [1, 2, 5, 6, 3])[0]
    facts = {"tutor": tutor, "business": business, "client": client, "student": student, "invoice_number": number,
             "invoice_date": issued.isoformat(), "due_date": None if paid else kit.maybe(due.isoformat(), 0.75),
             "lessons": lessons, "hourly_rate": rate, "total": total, "lesson_mode": mode, "vat_charged": charged,
             "paid": paid, "progress": progress,
             "topics": rng.sample(topic_pool, rng.choice([0, 1, 2, 3, 4])),
             "tutor_email": email if layout == "email" or kit.chance(0.6) else None,
             "payment_link": link if not paid and kit.chance(0.4) else None}
    issued_text = kit.date_text(issued)
    named = rng.choice(NAMED_DATE_STYLES) if kit.chance(0.2) else None     # one style for every lesson
    lesson_texts = [kit.style.date(dt.date.fromisoformat(x["date"]), named) for x in lessons]
    mode_text = rng.choice(MODES[mode])
    tax_text = rng.choice(yes_tax if charged else no_tax).format(n=rng.randint(10**8, 10**9 - 1))
    paid_on = issued + dt.timedelta(days=rng.randint(0, 6))
    paid_text = says(rng, paid, ("Status: PAID", "Payment received - thank you, nothing more to pay.",
                                 "PAID IN FULL"),
                     ("Status: UNPAID", "This invoice has not been paid yet.", "Payment outstanding"))
    _, score = rating(rng, progress, 5, rng.choice(["slash", "of", "out_of"]))
    progress_text = rng.choice([f"Progress this month: {score} ({PROGRESS[progress]})",
                                f"Progress: {PROGRESS[progress]}", f"Tutor's rating of progress: {score}"])
    evidence = {("lesson_mode",): mode_text, ("vat_charged",): tax_text, ("paid",): paid_text,
                ("progress",): progress_text}
    free = rng.choice(["free trial", "no charge", "trial (free)"])
    unit = rng.choice(["min", "mins", "minutes"])

    def lesson_table() -> None:
        with_rate = kit.chance(0.3)
        head = ["Date", rng.choice(["Subject", "Lesson"]), f"Duration ({unit})"] + ["Rate"] * with_rate + ["Amount"]
        L.table(doc, rng, head, [
            [L.cell(lesson_texts[i], ("lessons", i, "date")), L.cell(x["subject"], ("lessons", i, "subject")),
             kit.count_cell(("lessons", i, "minutes"), x["minutes"])] + [kit.money_cell(None, rate)] * with_rate
            + [kit.money_cell(("lessons", i, "amount"), x["amount"]) if x["amount"] is not None else L.cell(free)]
            for i, x in enumerate(lessons)])

    def lesson_lines(numbered: bool) -> None:
        for i, x in enumerate(lessons):
            at = ("lessons", i)
            if numbered:    # "1. Maths (GCSE) on 05/03/2024 - 60 min - £40.00": words before the date
                L.fill(doc.add(f"{i + 1}. "), "{subject} on {date}", subject=(at + ("subject",), x["subject"]),
                       date=(at + ("date",), lesson_texts[i]))
                kit.count(doc.add(" - "), at + ("minutes",), x["minutes"]).add(f" {unit} - ")
            else:           # "- 05/03/2024: Maths (GCSE), 60 min - £40.00"
                L.fill(doc.add("- "), "{date}: {subject}, ", date=(at + ("date",), lesson_texts[i]),
                       subject=(at + ("subject",), x["subject"]))
                kit.count(doc, at + ("minutes",), x["minutes"]).add(f" {unit} - ")
            kit.money(doc, at + ("amount",), x["amount"]).line() if x["amount"] is not None else doc.line(free)

    def lesson_sentence() -> None:
        doc.add(rng.choice(["Lessons this period: ", "This invoice covers "]))
        for i, x in enumerate(lessons):     # "Maths (GCSE) on 5 March 2024 (60 min, £40.00)"
            at = ("lessons", i)
            doc.add("" if i == 0 else " and " if i == len(lessons) - 1 else ", ")
            L.fill(doc, "{subject} on {date} (", subject=(at + ("subject",), x["subject"]),
                   date=(at + ("date",), lesson_texts[i]))
            kit.count(doc, at + ("minutes",), x["minutes"]).add(f" {unit}, ")
            kit.money(doc, at + ("amount",), x["amount"]).add(")") if x["amount"] is not None else doc.add(f"{free})")
        doc.line(".")

    def money_rows() -> list[tuple[str, L.Cell]]:
        rows = [("Subtotal", kit.money_cell(None, subtotal))]
        if travel:
            rows.append((f"Travel ({visits} visits)", kit.money_cell(None, travel)))
        if materials:
            rows.append(("Materials (workbook)", kit.money_cell(None, materials)))
        if discount:
            rows.append((rng.choice(["Package discount (10%)", "Sibling discount (10%)"]),
                         kit.money_cell(None, -discount)))
        if charged:
            rows.append((f"{label} ({pct}%)", kit.money_cell(None, tax)))
        rows.append((rng.choice(["Total", "Total due", "Invoice total"]), kit.money_cell(("total",), total)))
        if paid:
            rows.append(("Balance", kit.money_cell(None, 0.0)))
        return rows

    def rate_line() -> None:
        kit.money(doc.add(rng.choice(["Hourly rate: ", "Rate: "])), ("hourly_rate",), rate).line(" per hour")

    def notes() -> None:
        doc.line(mode_text).line(tax_text).line(paid_text)
        if paid:
            kit.date(doc.add("Received on "), None, paid_on).line(" by bank transfer.")
        if lessons[0]["amount"] is not None and kit.chance(0.25):     # no earlier invoice before a trial lesson
            kit.money(doc.add(f"Previous invoice {previous} ("), None, round(rate * rng.choice([1, 2, 3]), 2))
            doc.line(") is still open and is not included in this total.")
        if loc == "fr_FR" and business and kit.chance(0.7):
            kit.money(doc.add("Eligible for the 50% tax credit (crédit d'impôt): "), None, round(total / 2, 2)).line()
        doc.line(progress_text)
        strings(kit, doc, "topics", facts["topics"], rng.choice(["Topics covered", "We worked on", "Topics"]),
                rng.choice(["Topics: see the lesson notes.", "Topics covered: none listed"]))
        doc.line(f"Lesson notes are shared with {teacher} (class teacher) on request.")

    def pay_lines(due_label: str) -> None:
        if facts["due_date"]:
            kit.date(doc.add(due_label), ("due_date",), due).line()
        if facts["payment_link"]:
            doc.add(rng.choice(["Pay online: ", "Pay by card at "])).put(("payment_link",), link).line()
        if not paid:
            doc.line(f"Bank transfer reference: {number}")

    def seller(lines: bool = True) -> None:
        if business:
            doc.put(("business",), business).line()
            doc.add("Tutor: ").put(("tutor",), tutor).line()
        else:
            doc.put(("tutor",), tutor).line(" - private tutor" if lines else "")
        if facts["tutor_email"]:
            doc.add("E-mail: ").put(("tutor_email",), email).line()

    if layout == "invoice":         # the formal invoice
        seller()
        doc.line(fake.address().replace("\n", ", ")).line().line(rng.choice(["INVOICE", "Invoice", "TAX INVOICE"
                                                                              if charged else "INVOICE"])).line()
        rows = [("Invoice no.", L.cell(number, ("invoice_number",))), ("Invoice date", L.cell(issued_text,
                                                                                              ("invoice_date",)))]
        if facts["due_date"]:
            rows.append(("Due date", kit.date_cell(("due_date",), due)))
        rows += [("Client ref.", L.cell(client_ref)), ("Bill to", L.cell(client, ("client",))),
                 ("Student", L.cell(student, ("student",)))]
        L.labelled(doc, rng, rows)
        doc.line()
        rate_line()
        lesson_table()
        kit.pad(doc.line())
        L.kv(doc, rng, money_rows(), rng.choice(["colon", "aligned", "dots"]))
        doc.line()
        notes()
        doc.line()
        if facts["payment_link"]:
            doc.add("Pay online: ").put(("payment_link",), link).line()
        if business:
            doc.line(f"Questions about this invoice: {accounts} (accounts)")
    elif layout == "email":         # the tutor sends the invoice in an e-mail
        doc.add("From: ").put(("tutor",), tutor).add(" <").put(("tutor_email",), email).line(">")
        doc.add("To: ").put(("client",), client).line()
        doc.add("Subject: Invoice ").put(("invoice_number",), number).line(f" - {student.split()[0]}'s lessons")
        doc.line().line(f"Dear {client.split()[0]},").line()
        doc.add("Please find below my invoice ").put(("invoice_number",), number).add(" dated ")
        doc.put(("invoice_date",), issued_text).add(" for ").put(("student",), student).line("'s lessons:").line()
        lesson_lines(False)
        doc.line()
        rate_line()
        for lab, c in money_rows():
            L.write(doc.add(f"{lab}: "), c).line()
        doc.line()
        kit.pad(doc)
        notes()
        pay_lines("Please pay by ")
        doc.line().line("Best wishes,").line(tutor)
        if business:
            doc.put(("business",), business).line()
    elif layout == "statement":     # an agency's markdown invoice
        doc.add("# ").put(("business",), business).line(" - invoice") if business else doc.line("# Invoice")
        doc.line()
        doc.add("**Invoice:** ").put(("invoice_number",), number).line("  ")
        doc.add("**Date:** ").put(("invoice_date",), issued_text).line("  ")
        doc.add("**Client:** ").put(("client",), client).line(f" ({client_ref})  ")
        doc.add("**Student:** ").put(("student",), student).line("  ")
        doc.add("**Tutor:** ").put(("tutor",), tutor).line("  ")
        if facts["tutor_email"]:
            doc.add("**Contact:** ").put(("tutor_email",), email).line("  ")
        doc.line().line("## Lessons").line()
        lesson_table() if kit.chance(0.5) else lesson_lines(True)
        rate_line()
        kit.pad(doc.line())
        doc.line("## Summary").line()
        for lab, c in money_rows():
            L.write(doc.add(f"- {lab}: "), c).line()
        doc.line().line("## Notes").line()
        notes()
        pay_lines("Due by ")
    else:                           # a sole tutor's plain-text invoice
        seller(False)
        doc.line()
        doc.add("Invoice ").put(("invoice_number",), number).add(", dated ").put(("invoice_date",), issued_text)
        doc.line()
        doc.add("To: ").put(("client",), client).add(", for lessons with ").put(("student",), student).line()
        doc.line()
        lesson_sentence()
        rate_line()
        doc.line()
        kit.pad(doc)
        L.kv(doc, rng, money_rows(), rng.choice(["colon", "dots", "aligned"]))
        notes()
        pay_lines("Payment due: ")
    kit.pad(doc)
    return Draft(("Tutoring invoice", "Tuition invoice", "Invoice for private lessons"), TUTOR_FIELDS, facts, doc,
                 evidence)


# ---- after-school club registration --------------------------------------------------------

CLUBS = {"en_GB": ("{city} Primary Kids' Club", "Busy Bees After School Club", "{city} Wraparound Care"),
         "en_US": ("{last} Elementary Extended Day", "Kids Zone After School Program", "{city} Afterschool Club"),
         "de_DE": ("Hort {city}", "Offene Ganztagsschule (OGS) {city}", "Schülerbetreuung {city}"),
         "fr_FR": ("Accueil périscolaire de {city}", "Centre de loisirs {last}", "Garderie de l'école {last}")}
CLUB_SCHOOLS = {"en_GB": ("{city} Primary School", "St {last}'s C of E Primary"),
                "en_US": ("{last} Elementary School", "{city} Elementary"),
                "de_DE": ("Grundschule {city}", "{last}-Grundschule"),
                "fr_FR": ("École élémentaire {last}", "École Jules-{last}")}
CLASSES = {"en_GB": ["Reception"] + [f"Year {k}" for k in range(1, 7)],
           "en_US": ["Kindergarten"] + [f"Grade {k}" for k in range(1, 6)],
           "de_DE": [f"Klasse {k}{c}" for k in range(1, 5) for c in "ab"],
           "fr_FR": ["CP", "CE1", "CE2", "CM1", "CM2"]}
SCHOOL_AGE = {"en_GB": 4, "en_US": 5, "de_DE": 6, "fr_FR": 6}
TERMS = {   # locale: (month, first and last day a term may start, what the school calls it)
    "en_GB": ((9, 2, 6, "Autumn term"), (1, 3, 8, "Spring term"), (4, 14, 22, "Summer term")),
    "en_US": ((8, 20, 31, "Fall semester"), (1, 3, 10, "Spring semester")),
    "de_DE": ((8, 5, 20, "School year"), (9, 1, 12, "School year"), (2, 1, 6, "Second half-year")),
    "fr_FR": ((9, 1, 4, "School year (rentrée)"), (1, 2, 8, "Winter term"), (4, 20, 28, "Spring term"))}
SESSIONS = ("breakfast", "after_school", "both")
SESSION_WORDS = ({"breakfast": "Breakfast club", "after_school": "After-school club",
                  "both": "Breakfast and after-school club"},
                 {"breakfast": "Breakfast", "after_school": "After school", "both": "Breakfast + after school"},
                 {"breakfast": "Morning (AM)", "after_school": "Afternoon (PM)", "both": "AM + PM"})
SESSION_TIMES = {"breakfast": (450, 525), "after_school": (915, 1080)}
SESSION_PRICES = {"en_GB": ((4.5, 6.5), (11.0, 15.0)), "en_US": ((8.0, 12.0), (18.0, 25.0)),
                  "de_DE": ((3.0, 5.0), (7.0, 10.0)), "fr_FR": ((1.2, 3.0), (2.5, 5.5))}
COLLECT_RELATIONS = ("Grandmother", "Grandfather", "Aunt", "Uncle", "Family friend", "Childminder", "Neighbour")
DIETS = ("Vegetarian", "Halal", "No pork", "Nut allergy", "Dairy free", "Gluten free", "Egg allergy")
CLUB_ACTIVITIES = ("Football", "Homework club", "Arts and crafts", "Lego club", "Cooking", "Dance", "Coding club",
                   "Gardening", "Chess")
CLUB_PAY = {   # method: wording per locale (a locale without one does not offer the method)
    "direct_debit": {"en_GB": ("Payment: monthly direct debit", "I will pay by direct debit each month."),
                     "en_US": ("Payment: ACH autopay (monthly)", "I will pay by automatic bank draft each month."),
                     "de_DE": ("Payment: SEPA direct debit (Lastschrift), monthly",),
                     "fr_FR": ("Payment: monthly direct debit (prélèvement)",)},
    "childcare_scheme": {"en_GB": ("Payment: Tax-Free Childcare", "Fees will be paid from my Tax-Free Childcare "
                                                                  "account."),
                         "en_US": ("Payment: county child care subsidy (voucher)",),
                         "fr_FR": ("Payment: CESU vouchers (chèques emploi service universel)",)},
    "card": {loc: ("Payment: by card in the online portal", "I will pay online by card.") for loc in CURRENCIES},
    "bank_transfer": {loc: ("Payment: bank transfer after each monthly invoice",) for loc in CURRENCIES},
}
CLUB_FIELDS = [
    F.text("child_name", "Child", ("Child being registered (not a sibling or a parent).", "Name of the child."),
           "child", "pupil_name"),
    F.date("date_of_birth", "Date of birth", "The child's date of birth (not the start date or the date signed).",
           "dob", "birth_date", keep=0.7),
    F.text("school_class", "Class", "The child's class or year group at school (not a sibling's).", "year_group",
           "grade", keep=0.6),
    F.text("parent", "Parent", ("Parent or carer registering the child (not the second parent, the emergency "
                                "contact or an authorised collector).", "Parent registering."), "parent_name",
           "guardian"),
    F.text("parent_email", "Parent e-mail", "The registering parent's e-mail address, if given (not the club's).",
           "email", "contact_email", format="email", optional=True, keep=0.5),
    F.date("start_date", "Start date", ("First day the child attends the club (not the date signed or the start of "
                                        "term).", "Date the child starts."), "first_day", "starts_on"),
    F.items("sessions", "Sessions", ("Each weekday booked with its session, in order.", "Regular bookings."), [
        F.text("day", "Day", "Day of the week.", "weekday"),
        F.choice("session", "Session", "Which session is booked that day.", list(SESSIONS), "slot", "booking"),
        F.number("price", "Price", "Price of that day's booking.", "fee", "cost", keep=0.7),
    ], "bookings", "booked_days"),
    F.number("weekly_fee", "Weekly fee", "Total fee for a week of the booked sessions, after any discount (not one "
             "day's price, the subtotal or the registration fee).", "fee_per_week", "weekly_total", keep=0.8),
    F.number("registration_fee", "Registration fee", "One-off registration or membership fee; null when there is "
             "none (not the weekly fee).", "joining_fee", "admin_fee", optional=True, keep=0.5),
    F.items("collectors", "Authorised collectors", ("Adults other than the parents allowed to collect the child, in "
                                                    "order; empty when there are none (not the emergency contact).",
                                                    "Other people who may collect."), [
        F.text("name", "Name", "Full name.", "full_name"),
        F.text("relationship", "Relationship", "Relationship to the child.", "relation", keep=0.7),
    ], "authorised_collectors", "pick_up_people", keep=0.7),
    F.strings("dietary_needs", "Dietary needs", "Allergies and dietary requirements declared; empty when none.",
              "allergies", "diet", keep=0.6),
    F.strings("activities", "Activities", "Optional activities or clubs chosen; empty when none.", "extra_activities",
              "clubs", keep=0.6),
    F.flag("walk_home_alone", "May leave alone", "Whether the child may leave the club alone.", "leave_unaccompanied",
           "can_walk_home", keep=0.6),
    F.flag("photo_consent", "Photo consent", "Whether photos of the child may be taken and shared.", "photos_allowed",
           "media_consent", keep=0.6),
    F.choice("payment_method", "Payment method", "How the parent pays the club.", list(CLUB_PAY), "payment",
             "pays_by", keep=0.5),
]


def after_school_club_registration(kit: Kit) -> Draft:
    fake, rng, doc, loc = kit.fake, kit.rng, Doc(), kit.locale
    home_currency(kit)
    family, girl = fake.last_name(), kit.chance(0.5)
    used: list[str] = []
    child = _person(kit, used, girl, family)
    sibling = _person(kit, used, None, family)
    parent = _person(kit, used, kit.chance(0.7), family)
    partner = _person(kit, used, None, family if kit.chance(0.6) else None)
    contact = _person(kit, used)
    first, her = child.split()[0], "her" if girl else "him"
    club, school = firm_name(kit, CLUBS), firm_name(kit, CLUB_SCHOOLS)
    classes = CLASSES[loc]
    idx = rng.randrange(len(classes))
    year = SCHOOL_AGE[loc] + idx // (2 if loc == "de_DE" else 1)
    month, lo, hi, term_name = rng.choice(TERMS[loc])
    term = dt.date(kit.day().year, month, rng.randint(lo, hi))
    start = term + dt.timedelta(days=rng.choice([1, 2, 7, 14, 21, 35]))
    signed = term - dt.timedelta(days=rng.randint(5, 60))
    born = dt.date(start.year - year - (start.month < 9), rng.randint(1, 12), rng.randint(1, 28))
    (b_lo, b_hi), (a_lo, a_hi) = SESSION_PRICES[loc]
    price = {"breakfast": round(rng.uniform(b_lo, b_hi) * 4) / 4,
             "after_school": round(rng.uniform(a_lo, a_hi) * 4) / 4}
    price["both"] = round(price["breakfast"] + price["after_school"] - rng.choice([0.0, 0.5, 1.0]), 2)
    days = sorted(rng.sample(range(5), rng.randint(1, 5)))
    sessions = [{"day": WEEKDAYS[d], "session": rng.choice(["after_school"] * 3 + ["breakfast", "both"])}
                for d in days]
    for s in sessions:
        s["price"] = price[s["session"]]
    subtotal = round(sum(s["price"] for s in sessions), 2)
    with_sibling = kit.chance(0.3)     # a brother or sister at the club: a sibling discount
    discount = round(subtotal * 0.1, 2) if with_sibling else 0.0
    weekly = round(subtotal - discount, 2)
    reg_fee = {"en_GB": rng.choice([15.0, 20.0, 25.0, 30.0]), "en_US": rng.choice([50.0, 75.0, 100.0]),
               "de_DE": None, "fr_FR": rng.choice([10.0, 12.0, 15.0])}[loc]
    reg_fee = reg_fee if reg_fee and kit.chance(0.6) else None
    collectors = []
    for rel in rng.sample(COLLECT_RELATIONS, rng.choice([0, 1, 1, 2, 3])):
        female = rel in ("Grandmother", "Aunt") or (rel not in ("Grandfather", "Uncle") and kit.chance(0.5))
        relation = "Neighbor" if rel == "Neighbour" and loc == "en_US" else rel
        collectors.append({"name": _person(kit, used, female, family if rel.startswith("Grand") and kit.chance(0.6)
                                           else None), "relationship": relation})
    methods = [m for m in CLUB_PAY if loc in CLUB_PAY[m]]
    layout = rng.choice(["paper", "online", "email", "export"])
    email = mail(parent, fake.free_email_domain(), "kids", sep="-")
    facts = {"child_name": child, "date_of_birth": born.isoformat(), "school_class": classes[idx], "parent": parent,
             "parent_email": email if layout == "email" or kit.chance(0.6) else None, "start_date": start.isoformat(),
             "sessions": sessions, "weekly_fee": weekly, "registration_fee": reg_fee, "collectors": collectors,
             "dietary_needs": rng.sample(DIETS, rng.choice([0, 0, 0, 1, 1, 2])),
             "activities": rng.sample(CLUB_ACTIVITIES, rng.choice([0, 0, 1, 1, 2, 3])),
             "walk_home_alone": kit.chance(0.6 if idx >= len(classes) - 2 else 0.15), "photo_consent": kit.chance(0.65),
             "payment_method": rng.choice(methods)}
    start_text, born_text = kit.date_text(start), kit.date_text(born)
    form = rng.randrange(3)
    words = [SESSION_WORDS[form][s["session"]] for s in sessions]
    evidence = {("sessions", i, "session"): w for i, w in enumerate(words)}
    boxes = layout == "paper" and kit.chance(0.5)
    on, off = rng.choice([("[x]", "[ ]"), ("\u2612", "\u2610")])
    if boxes:
        walk_text = (f"{on if facts['walk_home_alone'] else off} My child may leave the club on their own at the end "
                     "of the session")
        photo_text = (f"{on if facts['photo_consent'] else off} I agree to photographs of my child being taken at "
                      "the club")
    else:
        walk_text = says(rng, facts["walk_home_alone"],
                         (f"{first} may walk home alone at the end of the session.",
                          "Leaving the club alone: permitted"),
                         (f"{first} may not leave the club alone; an adult will always collect {her}.",
                          "Leaving the club alone: not permitted"))
        photo_text = says(rng, facts["photo_consent"],
                          ("Photo consent: yes", "I agree to photos of my child being taken at the club and shared "
                                                 "with parents."),
                          ("Photo consent: no", "Please do not photograph my child."))
    pay_text = rng.choice(CLUB_PAY[facts["payment_method"]][loc])
    evidence.update({("walk_home_alone",): walk_text, ("photo_consent",): photo_text,
                     ("payment_method",): pay_text})

    def times(session: str) -> str:
        if session == "both":
            return f"{times('breakfast')} and {times('after_school')}"
        a, b = SESSION_TIMES[session]
        return f"{clock(a, loc == 'en_US')}-{clock(b, loc == 'en_US')}"

    def session_table() -> None:
        with_time = kit.chance(0.5)
        L.table(doc, rng, ["Day", "Session"] + ["Times"] * with_time + ["Price"], [
            [L.cell(s["day"], ("sessions", i, "day")), L.cell(words[i])] + [L.cell(times(s["session"]))] * with_time
            + [kit.money_cell(("sessions", i, "price"), s["price"])] for i, s in enumerate(sessions)])

    def session_boxes() -> None:
        names = SESSION_WORDS[0]
        k = 0
        for d, day in enumerate(WEEKDAYS):      # every weekday, the booked sessions ticked
            pad = " " * (10 - len(day))
            if d not in days:
                doc.line(f"{day}:{pad}{off} {names['breakfast']}  {off} {names['after_school']}")
                continue
            s = sessions[k]
            ticks = f"{on if s['session'] != 'after_school' else off} {names['breakfast']}  " \
                    f"{on if s['session'] != 'breakfast' else off} {names['after_school']}"
            evidence[("sessions", k, "session")] = ticks
            doc.put(("sessions", k, "day"), day).add(f":{pad}{ticks}   ")
            kit.money(doc, ("sessions", k, "price"), s["price"]).line()
            k += 1

    def session_lines(numbered: bool) -> None:
        for i, s in enumerate(sessions):        # "2. Wednesday: After school (15:15-18:00) - £12.50"
            doc.add(f"{i + 1}. " if numbered else "- ").put(("sessions", i, "day"), s["day"])
            doc.add(f": {words[i]} ({times(s['session'])}) - ")
            kit.money(doc, ("sessions", i, "price"), s["price"]).line()

    def session_sentence() -> None:
        for i, s in enumerate(sessions):        # "breakfast club on Monday (£5.00), ... and after school on Friday"
            doc.add("" if i == 0 else " and " if i == len(sessions) - 1 else ", ")
            phrase = lower_first(SESSION_WORDS[0][s["session"]])
            evidence[("sessions", i, "session")] = phrase
            doc.add(f"{phrase} on ").put(("sessions", i, "day"), s["day"]).add(" (")
            kit.money(doc, ("sessions", i, "price"), s["price"]).add(")")

    def fee_rows() -> list[tuple[str, L.Cell]]:
        rows = []
        if discount:
            rows += [("Subtotal per week", kit.money_cell(None, subtotal)),
                     ("Sibling discount (10%)", kit.money_cell(None, -discount))]
        rows.append((rng.choice(["Weekly fee", "Total per week", "Weekly total"]), kit.money_cell(("weekly_fee",),
                                                                                                  weekly)))
        if reg_fee is not None:
            rows.append((rng.choice(["Registration fee (one-off)", "Membership fee (once a year)"]),
                         kit.money_cell(("registration_fee",), reg_fee)))
        rows.append(("Late collection charge", L.join(kit.money_cell(None, float(rng.choice([5, 10, 15]))),
                                                      L.cell(" per 15 minutes"))))
        return rows

    def collector_table() -> None:
        if not collectors:
            doc.line(rng.choice(["Other people who may collect: none", "Only the parents will collect."]))
            return
        L.table(doc, rng, ["Name", "Relationship", "Phone"], [
            [L.cell(c["name"], ("collectors", i, "name")), L.cell(c["relationship"], ("collectors", i, "relationship")),
             L.cell(_phone(kit))] for i, c in enumerate(collectors)])

    def collector_lines(numbered: bool) -> None:
        if not collectors:
            doc.line(rng.choice(["Other people who may collect: none", "Only the parents will collect."]))
            return
        doc.line(rng.choice(["Also allowed to collect:", "Authorised collectors:"]))
        for i, c in enumerate(collectors):      # "1. Margaret Smith (Grandmother) - password: blue"
            doc.add(f"{i + 1}. " if numbered else "- ")
            L.fill(doc, "{name} ({rel})", name=(("collectors", i, "name"), c["name"]),
                   rel=(("collectors", i, "relationship"), c["relationship"]))
            doc.line(f" - password: {rng.choice(['blue', 'tiger', 'rainbow', 'pancake', 'rocket'])}"
                     if kit.chance(0.4) else "")

    def collector_sentence() -> None:
        if not collectors:
            doc.line(f"Only we will collect {her}.")
            return
        doc.add("Besides us, ")
        for i, c in enumerate(collectors):
            doc.add("" if i == 0 else " and " if i == len(collectors) - 1 else ", ")
            L.fill(doc, "{name} ({rel})", name=(("collectors", i, "name"), c["name"]),
                   rel=(("collectors", i, "relationship"), c["relationship"]))
        doc.line(f" may collect {her}.")

    def health_and_extras() -> None:
        strings(kit, doc, "dietary_needs", facts["dietary_needs"],
                rng.choice(["Allergies / dietary needs", "Dietary requirements", "Diet"]),
                rng.choice(["Allergies / dietary needs: none", "No allergies or dietary requirements."]))
        strings(kit, doc, "activities", facts["activities"], rng.choice(["Optional activities", "Clubs chosen"]),
                rng.choice(["Optional activities: none", "No extra activities booked."]))

    def sibling_line() -> None:
        if with_sibling:
            doc.line(f"Sibling at the club: {sibling} ({rng.choice([c for c in classes if c != classes[idx]])})")

    def consents() -> None:
        doc.line(walk_text).line(photo_text).line(pay_text)

    def child_rows() -> list[tuple[str, L.Cell]]:
        return [(rng.choice(["Child's name", "Name of child"]), L.cell(child, ("child_name",))),
                ("Date of birth", L.cell(born_text, ("date_of_birth",))), ("School", L.cell(school)),
                (rng.choice(["Class", "Year group"] if loc != "en_US" else ["Grade"]),
                 L.cell(classes[idx], ("school_class",))),
                ("Start date", L.cell(start_text, ("start_date",)))]

    def parent_rows() -> list[tuple[str, L.Cell]]:
        rows = [("Parent / carer", L.cell(parent, ("parent",)))]
        if facts["parent_email"]:
            rows.append(("E-mail", L.cell(email, ("parent_email",))))
        rows += [("Phone", L.cell(_phone(kit))), ("Second parent / carer", L.cell(partner)),
                 ("Emergency contact", L.cell(f"{contact}, {_phone(kit)}"))]
        return rows

    if layout == "paper":           # the paper form
        doc.line(club).line(rng.choice(["REGISTRATION FORM", "Booking and registration form", "Registration"]))
        kit.date(doc.add(f"{term_name} starts "), None, term).line().line()
        kv_layout = rng.choice(["colon", "aligned", "dots", "stacked", "grid"])
        doc.line("SECTION A - CHILD")
        L.kv(doc, rng, child_rows(), kv_layout)
        sibling_line()
        doc.line().line("SECTION B - PARENTS / CARERS")
        L.kv(doc, rng, parent_rows(), kv_layout)
        doc.line().line("SECTION C - SESSIONS")
        session_boxes() if boxes else session_table()
        L.kv(doc, rng, fee_rows(), rng.choice(["colon", "aligned", "dots"]))
        kit.pad(doc.line())
        doc.line("SECTION D - COLLECTION")
        collector_table() if kit.chance(0.5) else collector_lines(True)
        doc.line().line("SECTION E - HEALTH AND ACTIVITIES")
        health_and_extras()
        doc.line().line("SECTION F - CONSENTS AND PAYMENT")
        consents()
        kit.date(doc.line().add(f"Signed: {parent}    Date: "), None, signed).line()
    elif layout == "online":        # the online form, as the confirmation page prints it
        doc.line(f"# {club} - online registration").line()
        doc.line(f"Reference: REG-{rng.randint(10000, 99999)}  ").line()
        doc.line("## Child").line()
        L.labelled(doc, rng, child_rows(), "bold")
        sibling_line()
        doc.line().line("## Parent / carer").line()
        L.labelled(doc, rng, parent_rows(), "bold")
        doc.line().line("## Bookings").line()
        session_table() if kit.chance(0.5) else session_lines(kit.chance(0.5))
        doc.line()
        for label, c in fee_rows():
            L.write(doc.add(f"- {label}: "), c).line()
        kit.pad(doc.line())
        doc.line("## Collection").line()
        collector_lines(False)
        doc.line().line("## Health and activities").line()
        health_and_extras()
        doc.line().line("## Consents and payment").line()
        consents()
        kit.date(doc.line().add("Submitted on "), None, signed).line(".")
    elif layout == "email":         # the club's confirmation above the parent's request
        club_host = f"{slug(club, 'kids', sep='-')}.{TLD[loc]}"
        doc.line(f"From: {club} <bookings@{club_host}>").add("To: ").put(("parent_email",), email).line()
        doc.add("Subject: RE: Registration for ").put(("child_name",), child).line().line()
        doc.line(f"Dear {parent.split()[0]},").line()
        doc.add("Thank you - ").put(("child_name",), child).add(" is registered and can start on ")
        doc.put(("start_date",), start_text).line(".")
        for label, c in fee_rows():
            L.write(doc.add(f"{label}: "), c).line()
        kit.date(doc.add(f"({term_name} starts "), None, term).line(".)")
        doc.line(f"Kind regards,\n{_person(kit, used)}, club manager").line()
        kit.pad(doc)
        doc.line("-----Original message-----")
        kit.date(doc.add("On "), None, signed).add(", ").put(("parent",), parent).line(" wrote:").line()
        doc.add("I would like to register ").put(("child_name",), child).add(" (")
        doc.put(("school_class",), classes[idx]).add(f" at {school}, born ").put(("date_of_birth",), born_text)
        doc.add(") from ").put(("start_date",), start_text).add(" for ")
        session_sentence()
        doc.line(".")
        if with_sibling:
            doc.line(f"{sibling.split()[0]} ({rng.choice([c for c in classes if c != classes[idx]])}) already comes "
                     "to the club.")
        collector_sentence()
        doc.line(f"Emergency contact: {contact}, {_phone(kit)}")
        health_and_extras()
        consents()
        doc.line().line(f"Thanks,\n{parent}")
    else:                           # the booking system's export
        doc.line(f"# {club} - booking export").line()
        L.kv(doc, rng, child_rows() + parent_rows(), rng.choice(["colon", "aligned", "pipe", "grid"]))
        sibling_line()
        doc.line().line("sessions")
        session_table() if kit.chance(0.6) else session_lines(True)
        doc.line()
        L.kv(doc, rng, fee_rows(), "colon")
        kit.pad(doc.line())
        doc.line("collectors")
        collector_table() if kit.chance(0.5) else collector_lines(kit.chance(0.5))
        doc.line()
        health_and_extras()
        consents()
        kit.date(doc.add("Registered: "), None, signed).line()
        kit.date(doc.add(f"{term_name} start: "), None, term).line()
    kit.pad(doc)
    return Draft(("After-school club registration", "Wraparound care registration", "Out-of-school club booking"),
                 CLUB_FIELDS, facts, doc, evidence)
