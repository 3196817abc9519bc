"""Papers of local life: a council's household waste and recycling collection schedule, a
resident's noise complaint with its noise diary, a letter or online comment objecting to (or
supporting) a planning application, and the tenancy agreement for an allotment or community
garden plot.

Each carries values of the same kind beside the ones asked for: the letter date, the date the
calendar was printed and the last day of the schedule beside its first day, the usual day beside
the revised one when a public holiday moves a collection, the old collection day beside the new
one, the round or calendar code beside the property reference, and the bulky waste and
replacement bin charges beside the garden waste price; the person responsible, the officer and a
partner beside the complainant, the complainant's own address beside the source's, the date the
office received the form, the day the writer last spoke to the neighbour and the diary dates
beside the day the problem started and the day of the complaint, the finish beside the start of
each occasion, and the background level beside the peak reading; the applicant, the case
officer and a councillor beside the writer, an earlier refused application beside the reference,
the site notice and committee dates beside the letter date and the consultation deadline, the
height of the neighbouring houses and a distance to the boundary beside the proposed height, and
parking spaces beside the homes proposed; the secretary, a joint tenant and the witness beside
the tenant, the key number beside the plot number, rods and feet beside square metres, the
signing and rent due dates beside the start, the deposit and other charges beside the rent, the
landlord's notice beside the tenant's and the inspections a year beside the cultivated share.

Documents come as printed calendars, council letters, reminder e-mails and saved "find your bin
day" pages; web form receipts, paper forms of numbered questions, e-mails and filled-in diary
sheets; posted letters, e-mails to a planning inbox and planning portal receipts; agreements in
each country's clause style (numbered, "§ 3", "Article 3 -"), details forms and offer letters.
Arrays come as tables in every layout (a semicolon export among them), bulleted lines ("-
05/03/2024 (Tue): Recycling"), lists of dates grouped under each bin ("Food waste: 9 Jan 2023; 16
Jan 2023 and 23 Jan 2023"), sentences ("On 5 March 2024 it started at 23:10 and stopped at 01:30
(about 140 minutes)"), numbered headings with a paragraph each, ticked checkboxes ("[x] Bedroom
[ ] Kitchen") and one line of names; holiday changes, diary entries, charges and every list of
strings may be empty. Weekdays are written after a date, never before it. Loudness is a rating
of five in the forms of `surface.rating` or in words, and booleans are as often negated as
stated ("You are not subscribed to the garden waste service", "I have not yet spoken to them
about it", "I do not wish to speak at the planning committee", "No animals or poultry may be
kept on the plot", "Bonfires are not permitted at any time"); whether the complainant has spoken
to the source is null where no one person is responsible.
"""
from __future__ import annotations

import datetime as dt
import unicodedata

from faker import Faker

from .. import fields as F
from .. import layout as L
from ..assemble import Draft
from ..doc import Doc
from ..fmt import CURRENCIES, clock
from ..kit import Kit
from ..surface import NUMBER_WORDS, rating, says

LETTERS = "ABCDEFGHJKLMNPRSTUVWXYZ"
WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
LOCAL_DAYS = {"de_DE": ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"],
              "fr_FR": ["lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"]}
HONORIFICS = {"Dr", "Mr", "Mrs", "Ms", "Miss", "Mx", "MD", "DDS", "DVM", "PhD", "II", "III", "IV", "Jr", "Sr"}
BULLETS = ["- ", "* ", "\u2022 "]


def _strings(kit: Kit, doc: Doc, key: str, values: list[str], label: str, none: str) -> None:
    L.string_list(doc, kit.rng, key, values, label, none, BULLETS)


def _home_currency(kit: Kit) -> None:
    """Council charges and plot rents are in the country's own currency, never in the foreign one
    a record's style may have drawn."""
    kit.style.currency, kit.style.symbol = CURRENCIES[kit.locale]
    kit.style.symbol_first = kit.style.symbol in ("$", "£")


def _people(kit: Kit, n: int) -> list[str]:
    """`n` distinct names without titles or degrees (Faker's de_DE names carry "Prof." and
    "B.Sc."), so a letter can write "Dear ..." or "Cllr ..." itself."""
    out: list[str] = []
    while len(out) < n:
        for name in kit.names(n):
            words = [w.strip(",") for w in name.split() if not w.endswith(".") and w.strip(",") not in HONORIFICS]
            if len(words) >= 2 and " ".join(words) not in out:
                out.append(" ".join(words))
    return out[:n]


def _street(fake: Faker) -> str:
    """A street address on one line (some locales break a flat number onto its own line)."""
    return fake.street_address().replace("\n", ", ")


def _slug(text: str) -> str:
    """`text` as the ASCII letters of a host name ("Bad Müllheim" -> "badmullheim")."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return "".join(ch for ch in plain.lower() if ch.isalnum()) or "council"


def _head(doc: Doc, form: str, text: str) -> Doc:
    """A section heading in the document's own form: markdown, capitals or underlined."""
    if form == "md":
        return doc.line(f"## {text}")
    if form == "caps":
        return doc.line(text.upper())
    return doc.line(text).line("-" * len(text))


def _day_name(kit: Kit, weekday: int) -> str:
    """A weekday in English, with the local word beside it now and then ("Tuesday (Dienstag)")."""
    name = WEEKDAYS[weekday]
    if kit.locale in LOCAL_DAYS and kit.chance(0.5):
        return f"{name} ({LOCAL_DAYS[kit.locale][weekday]})"
    return name


def _date(iso: str) -> dt.date:
    return dt.date.fromisoformat(iso)


TLDS = {"en_GB": "gov.uk", "en_US": "gov", "de_DE": "de", "fr_FR": "fr"}


# ---- household waste collection schedule ---------------------------------------------------

COUNCILS = {"en_GB": ("{city} City Council", "{city} Borough Council", "{city} District Council"),
            "en_US": ("City of {city}", "{city} Department of Public Works", "{city} Sanitation Department"),
            "de_DE": ("Stadt {city}", "Abfallwirtschaftsbetrieb {city}", "Landkreis {city}"),
            "fr_FR": ("Mairie de {city}", "Métropole de {city}", "Communauté de communes de {city}")}
STREAMS = {   # stream: locale -> how a calendar names the bin
    "general": {"en_GB": ("General waste (black bin)", "Refuse", "Rubbish (grey bin)"),
                "en_US": ("Trash", "Garbage", "Trash (gray cart)"),
                "de_DE": ("Restmüll (residual waste)", "Residual waste (grey bin)"),
                "fr_FR": ("Ordures ménagères (household waste)", "OM - grey bin")},
    "recycling": {"en_GB": ("Recycling (blue bin)", "Mixed recycling"),
                  "en_US": ("Recycling", "Single-stream recycling (blue cart)"),
                  "de_DE": ("Gelbe Tonne (packaging)", "Yellow bag (Gelber Sack)"),
                  "fr_FR": ("Emballages (yellow bin)", "Recyclables - bac jaune")},
    "food": {"en_GB": ("Food waste caddy", "Food waste"), "en_US": ("Food scraps (compost)", "Organics cart"),
             "de_DE": ("Biotonne (organic waste)", "Organic waste (Bio)"),
             "fr_FR": ("Biodéchets (food waste)", "Food waste (biodéchets)")},
    "garden": {"en_GB": ("Garden waste (green bin)", "Garden waste"), "en_US": ("Yard waste", "Yard trimmings"),
               "de_DE": ("Grünschnitt (garden waste)", "Garden waste (green bin)"),
               "fr_FR": ("Déchets verts (garden waste)", "Garden waste (déchets verts)")},
    "glass": {"en_GB": ("Glass box", "Glass"), "en_US": ("Glass drop-off",),
              "de_DE": ("Altglas (glass)",), "fr_FR": ("Verre (glass)", "Glass (verre)")},
    "paper": {"en_GB": ("Paper and card (purple bin)", "Paper and cardboard"), "en_US": ("Paper and cardboard",),
              "de_DE": ("Altpapier (blue bin)", "Paper (Blaue Tonne)"), "fr_FR": ("Papiers (paper)",)},
}
LOCAL_STREAMS = {"en_GB": ["recycling", "food", "garden", "glass", "paper"],
                 "en_US": ["recycling", "garden", "food"],
                 "de_DE": ["recycling", "food", "paper", "garden"],
                 "fr_FR": ["recycling", "food", "glass", "garden"]}
PERIOD = {"recycling": 2, "food": 1, "garden": 2, "glass": 4, "paper": 4}       # weeks between collections
FREQUENCIES = {"weekly": (1, ("every week", "weekly", "once a week")),
               "fortnightly": (2, ("every two weeks", "fortnightly", "every other week")),
               "four_weekly": (4, ("every four weeks", "four-weekly", "once every four weeks"))}
GENERAL_FREQUENCY = {"en_GB": ["fortnightly"] * 4 + ["weekly", "four_weekly"],
                     "en_US": ["weekly"] * 4 + ["fortnightly"],
                     "de_DE": ["fortnightly"] * 3 + ["four_weekly", "weekly"],
                     "fr_FR": ["weekly"] * 3 + ["fortnightly"]}
HOLIDAYS = {"en_GB": ["Good Friday", "Easter Monday", "the early May bank holiday", "Christmas Day",
                      "Boxing Day", "New Year's Day", "the spring bank holiday"],
            "en_US": ["Memorial Day", "Independence Day", "Labor Day", "Thanksgiving", "Christmas Day",
                      "New Year's Day"],
            "de_DE": ["Ostermontag", "Pfingstmontag", "Christi Himmelfahrt", "Tag der Deutschen Einheit",
                      "Weihnachten", "Neujahr"],
            "fr_FR": ["lundi de Pâques", "Ascension", "lundi de Pentecôte", "Toussaint", "Noël"]}
ACCEPTED = ["Plastic bottles", "Food tins", "Drinks cans", "Cardboard", "Newspapers", "Glass jars",
            "Aerosols", "Foil trays", "Drinks cartons", "Yoghurt pots", "Margarine tubs", "Magazines"]
REFUSED = ["plastic bags", "nappies", "polystyrene", "textiles", "batteries", "small electricals",
           "crisp packets", "garden waste"]
PROPERTY_REFS = {"en_GB": "UPRN", "en_US": "Service account", "de_DE": "Objekt-Nr.", "fr_FR": "Référence usager"}
WASTE_SIGNERS = {"en_GB": ("Head of Waste and Recycling", "Waste Services Manager"),
                 "en_US": ("Director of Public Works", "Solid Waste Division Manager"),
                 "de_DE": ("Leiter Abfallwirtschaft (head of waste services)", "Kundenservice Abfall"),
                 "fr_FR": ("Service propreté et déchets", "Vice-président chargé des déchets")}
WASTE_FIELDS = [
    F.text("council", "Council", ("Council or waste authority issuing the schedule (not its contractor).",
                                  "Issuing authority."), "authority", "issuer"),
    F.text("property_address", "Property address", ("Address the collections are for (not the "
                                                    "council's own address).", "Household address."),
           "address", "collection_address"),
    F.text("property_reference", "Property reference",
           "Property or account reference (UPRN, Objekt-Nr.), if printed (not the round or calendar code).",
           "uprn", "account_reference", optional=True, keep=0.6),
    F.choice("collection_day", "Collection day", ("Regular weekday the bins are collected (not the old "
                                                  "day before a change).", "Bin day."),
             [d.lower() for d in WEEKDAYS[:5]], "bin_day", "pickup_day"),
    F.choice("general_waste_frequency", "General waste frequency",
             "How often general (residual) waste is collected.", list(FREQUENCIES), "refuse_frequency",
             "trash_frequency", keep=0.7),
    F.date("valid_from", "Valid from", ("First day the calendar or schedule applies (not the date of the "
                                        "letter or of the first collection).", "Start of the schedule."),
           "effective_from", "start_date", keep=0.7),
    F.date("valid_until", "Valid until", "Last day the calendar covers, if stated.", "end_date",
           "expires", optional=True, keep=0.5),
    F.items("collections", "Collections", ("Each collection listed, in order.",
                                           "Upcoming collections by date and bin."), [
        F.date("date", "Date", "Day of the collection (the revised day where a holiday moved it).",
               "collection_date", "day"),
        F.choice("stream", "Waste stream", "What is collected that day.", list(STREAMS), "bin",
                 "waste_type", keep=0.9),
    ], "schedule", "upcoming_collections"),
    F.items("holiday_changes", "Holiday changes", ("Collections moved because of a public holiday, in "
                                                   "order; empty when none.", "Revised collection dates."), [
        F.date("usual_date", "Usual date", "Day the collection would normally have been.", "original_date",
               "normal_date"),
        F.date("new_date", "New date", "Day the collection takes place instead.", "revised_date", "moved_to",
               keep=0.8),
    ], "revised_dates", "bank_holiday_changes", keep=0.7),
    F.strings("recycling_accepted", "Recycling accepted", "Items the schedule says go in the recycling (not "
              "those it refuses); empty when not listed.", "accepted_items", "what_to_recycle", keep=0.7),
    F.flag("garden_waste_subscribed", "Garden waste subscribed",
           "Whether the household subscribes to the garden waste collection.", "garden_subscription",
           "has_green_bin", keep=0.7),
    F.number("garden_waste_fee", "Garden waste fee", "Yearly price of the garden waste service as printed "
             "(not the bulky waste or replacement bin charge); null when not given.",
             "garden_subscription_price", "green_bin_fee", optional=True, keep=0.6, minimum=0),
    F.flag("assisted_collection", "Assisted collection",
           "Whether the household gets an assisted (pull-out) collection.", "assisted", "pull_out_service",
           keep=0.6),
    F.text("contact_email", "Contact e-mail", "E-mail address for waste enquiries, if given.", "email",
           "enquiries_email", format="email", optional=True, keep=0.5),
    F.text("website", "Website", "Web page for bin collections, if given.", "url", "web_page",
           format="uri", optional=True, keep=0.5),
]


def waste_collection_schedule(kit: Kit) -> Draft:
    fake, rng, doc, loc = kit.fake, kit.rng, Doc(), kit.locale
    _home_currency(kit)
    city = fake.city()
    council = rng.choice(COUNCILS[loc]).format(city=city)
    host = f"{_slug(city)}.{TLDS[loc]}"
    weekday = rng.randrange(5)
    old_day = rng.choice([d for d in range(5) if d != weekday])
    base = kit.day()
    first = base + dt.timedelta(days=(weekday - base.weekday()) % 7)
    freq = rng.choice(GENERAL_FREQUENCY[loc])
    subscribed = kit.chance(0.5)
    pool = [s for s in LOCAL_STREAMS[loc] if s != "garden"]
    picked = set(rng.sample(pool, rng.randint(1, min(3, len(pool))))) | ({"garden"} if subscribed else set())
    streams = ["general"] + [s for s in STREAMS if s in picked]
    period = {s: FREQUENCIES[freq][0] if s == "general" else PERIOD[s] for s in streams}
    weeks = rng.randint(max(3, *period.values()), 6)
    offset = {s: rng.randrange(period[s]) for s in streams}
    slots = [(w, s) for w in range(weeks) for s in streams if (w - offset[s]) % period[s] == 0][:12]
    used = sorted({w for w, _ in slots})
    moved = set(rng.sample(used, min(len(used), rng.choice([1, 1, 2])))) if kit.chance(0.35) else set()

    def usual(w: int) -> dt.date:
        return first + dt.timedelta(weeks=w)

    def actual(w: int) -> dt.date:
        return usual(w) + dt.timedelta(days=1 if w in moved else 0)

    layout = rng.choice(["calendar", "letter", "reminder", "webpage"])
    grouped = layout == "letter" or (layout == "webpage" and kit.chance(0.5))
    if grouped:     # "Recycling: 5 March, 19 March": the array follows the document's order
        slots.sort(key=lambda ws: (streams.index(ws[1]), ws[0]))
    collections = [{"date": actual(w).isoformat(), "stream": s} for w, s in slots]
    holidays = rng.sample(HOLIDAYS[loc], len(moved))
    changes = [{"usual_date": usual(w).isoformat(), "new_date": actual(w).isoformat()} for w in sorted(moved)]
    valid_from = first - dt.timedelta(days=rng.randint(0, 6))
    valid_until = valid_from + dt.timedelta(days=rng.choice([90, 181, 364]))
    lo, hi = {"en_GB": (35, 75), "en_US": (60, 140), "de_DE": (20, 60), "fr_FR": (15, 45)}[loc]
    fee = float(rng.randint(lo, hi)) - rng.choice([0.0, 0.01, 0.5])
    label = {s: rng.choice(STREAMS[s][loc]) for s in streams}
    accepted = rng.sample(ACCEPTED, rng.choice([0, 3, 4, 5, 6]))
    reference = {"en_GB": f"{rng.randint(10**11, 10**12 - 1)}",
                 "en_US": f"{rng.randint(1000, 9999)}-{rng.randint(10**4, 10**5 - 1)}",
                 "de_DE": f"{rng.randint(10**6, 10**7 - 1)}", "fr_FR": f"U{rng.randint(10**5, 10**6 - 1)}"}[loc]
    facts = {"council": council, "property_address": f"{_street(fake)}, {fake.postcode()} {city}",
             "property_reference": kit.maybe(reference, 0.6), "collection_day": WEEKDAYS[weekday].lower(),
             "general_waste_frequency": freq, "valid_from": valid_from.isoformat(),
             "valid_until": kit.maybe(valid_until.isoformat(), 0.6), "collections": collections,
             "holiday_changes": changes, "recycling_accepted": accepted, "garden_waste_subscribed": subscribed,
             "garden_waste_fee": kit.maybe(fee, 0.65), "assisted_collection": kit.chance(0.2),
             "contact_email": kit.maybe(f"{rng.choice(['waste', 'recycling', 'bins', 'environment'])}@{host}",
                                        0.6),
             "website": kit.maybe(f"https://www.{host}/"
                                  f"{rng.choice(['bins', 'bin-day', 'waste/calendar', 'recycling'])}", 0.6)}
    day = _day_name(kit, weekday)
    frequency_words = rng.choice(FREQUENCIES[freq][1])
    frequency_text = rng.choice([f"{label['general']}: collected {frequency_words}",
                                 f"{label['general']} is collected {frequency_words}."])
    garden = "yard waste" if loc == "en_US" else "garden waste"
    garden_text = says(rng, subscribed, (f"{garden.capitalize()} subscription: active",
                                         f"{garden.capitalize()}: subscribed",
                                         f"You subscribe to the {garden} collection."),
                       (f"You are not subscribed to the {garden} service.",
                        f"{garden.capitalize()} subscription: none",
                        f"There is no {garden} collection at this address."))
    assisted_text = says(rng, facts["assisted_collection"],
                         ("Assisted collection: yes - the crew will collect your bins from the property.",
                          "This property is registered for an assisted collection."),
                         ("Assisted collection: no", "Please put your bins out by 7 am; this address does "
                          "not have an assisted collection."))
    evidence = {("general_waste_frequency",): frequency_text, ("garden_waste_subscribed",): garden_text,
                ("assisted_collection",): assisted_text}
    for i, c in enumerate(collections):
        evidence[("collections", i, "stream")] = label[c["stream"]]
    round_code = rng.choice([f"{WEEKDAYS[weekday][:3].upper()}-{rng.randint(1, 9)}{rng.choice('ABC')}",
                             f"Round {rng.randint(1, 24)}", f"Bezirk {rng.randint(1, 30)}" if loc == "de_DE"
                             else f"Zone {rng.choice('ABCDEF')}{rng.randint(1, 9)}"])

    def table() -> None:
        head = rng.choice([["Date", "Day", "Collection"], ["Collection date", "Day", "Bins"], ["Date", "Waste"]])
        L.table(doc, rng, head, [
            [L.join(kit.date_cell(("collections", i, "date"), _date(c["date"])),
                    L.cell(" *" if c["date"] in {h["new_date"] for h in changes} else ""))]
            + [L.cell(WEEKDAYS[_date(c["date"]).weekday()][:3])] * (len(head) == 3)
            + [L.cell(label[c["stream"]])] for i, c in enumerate(collections)])
        if changes:
            doc.line("* moved because of a public holiday")

    def lines(weekdays: bool) -> None:
        bullet = rng.choice(BULLETS)
        for i, c in enumerate(collections):      # "- 05/03/2024 (Tue): Recycling" (never "Tue 5 Mar")
            d = _date(c["date"])
            kit.date(doc.add(bullet), ("collections", i, "date"), d)
            doc.line(f" ({WEEKDAYS[d.weekday()][:3]}): {label[c['stream']]}" if weekdays
                     else f" - {label[c['stream']]}")

    def by_stream() -> None:
        bullet, sep = rng.choice(BULLETS), rng.choice([", ", "; "])
        for s in streams:
            idx = [i for i, c in enumerate(collections) if c["stream"] == s]
            if not idx:
                continue
            doc.add(f"{bullet}{label[s]}: ")
            for k, i in enumerate(idx):
                doc.add("" if k == 0 else " and " if k == len(idx) - 1 else sep)
                kit.date(doc, ("collections", i, "date"), _date(collections[i]["date"]))
            doc.line()

    def holiday_block(style: str, say_none: bool = False) -> None:
        if not changes:
            if say_none or kit.chance(0.5):
                doc.line(rng.choice(["No collections are affected by public holidays in this period.",
                                     "There are no holiday changes to your collections."]))
            return
        doc.line(rng.choice(["Public holiday changes:", "Revised collection days:", "Holiday collections:"]))
        if style == "table":
            L.table(doc, rng, ["Usual day", "Revised day", "Holiday"], [
                [kit.date_cell(("holiday_changes", k, "usual_date"), _date(h["usual_date"])),
                 kit.date_cell(("holiday_changes", k, "new_date"), _date(h["new_date"])), L.cell(holidays[k])]
                for k, h in enumerate(changes)])
            return
        for k, h in enumerate(changes):
            kit.date(doc.add("- Collections due on "), ("holiday_changes", k, "usual_date"), _date(h["usual_date"]))
            kit.date(doc.add(f" ({holidays[k]}) will be made on "), ("holiday_changes", k, "new_date"),
                     _date(h["new_date"])).line(" instead.")

    def recycling() -> None:
        _strings(kit, doc, "recycling_accepted", accepted,
                 rng.choice(["Yes please (recycling)", "What goes in your recycling", "Please recycle"]),
                 rng.choice(["See the website for what goes in each bin.",
                             "This calendar does not list what can be recycled."]))
        if accepted and kit.chance(0.6):
            refused = rng.sample(REFUSED, rng.randint(2, 4))
            doc.line(f"{rng.choice(['No thank you', 'Please do not include', 'Not accepted'])}: "
                     f"{', '.join(refused[:-1])} and {refused[-1]}.")

    def charges() -> None:
        if facts["garden_waste_fee"] is not None:
            if subscribed:
                kit.money(doc.add(rng.choice([f"Your {garden} subscription costs ",
                                              f"{garden.capitalize()} renewal price: "])),
                          ("garden_waste_fee",), fee)
                doc.line(" a year.")
            else:
                kit.money(doc.add(f"Subscribe to {garden} collections for "), ("garden_waste_fee",), fee)
                doc.line(" a year.")
        if kit.chance(0.6):
            bulky = kit.amount(15, 45) if loc != "en_US" else kit.amount(25, 75)
            kit.money(doc.add("Bulky waste collections cost "), None, bulky).line(" for up to three items.")
        if kit.chance(0.4):
            kit.money(doc.add("A replacement bin costs "), None, kit.amount(20, 40)).line(".")

    def contact(header: bool = True) -> None:
        if facts["contact_email"] and header:
            doc.add("E-mail: ").put(("contact_email",), facts["contact_email"]).line()
        if facts["website"]:
            doc.add(rng.choice(["Web: ", "Online: ", "Check your bin day at "])).put(("website",), facts["website"])
            doc.line()
        doc.line(f"Tel. {fake.phone_number()}")

    address_cell = L.cell(facts["property_address"], ("property_address",))
    ref_label = PROPERTY_REFS[loc]
    if layout == "calendar":        # the printed calendar for one address
        doc.put(("council",), council).line().line(rng.choice([
            f"Waste and recycling calendar {first.year}", "Your bin collection calendar", "Collection schedule",
            "Abfuhrkalender (collection calendar)" if loc == "de_DE" else "Household waste collections"])).line()
        rows = [("Address", address_cell)]
        if facts["property_reference"]:
            rows.append((ref_label, L.cell(reference, ("property_reference",))))
        rows += [("Round", L.cell(round_code)), ("Collection day", L.cell(day)),
                 ("Valid from", kit.date_cell(("valid_from",), valid_from))]
        if facts["valid_until"]:
            rows.append(("Valid until", kit.date_cell(("valid_until",), valid_until)))
        rows.append(("Printed", kit.date_cell(None, valid_from - dt.timedelta(days=rng.randint(3, 30)))))
        L.labelled(doc, kit.rng, rows)
        evidence[("collection_day",)] = day
        kit.pad(doc.line().line(frequency_text).line())
        table()
        doc.line()
        holiday_block(rng.choice(["table", "lines"]))
        kit.pad(doc.line())
        recycling()
        doc.line().line(garden_text)
        charges()
        doc.line(assisted_text).line()
        contact()
    elif layout == "letter":        # the letter announcing a new collection day
        doc.put(("council",), council).line().line(f"{_street(fake)}, {city}")
        kit.date(doc.line(), None, valid_from - dt.timedelta(days=rng.randint(10, 40))).line().line()
        doc.line(rng.choice(["The Occupier", "The Householder", "To the resident"])).put(("property_address",),
                                                                                          facts["property_address"])
        if facts["property_reference"]:
            doc.add(f"\n{ref_label}: ").put(("property_reference",), reference)
        doc.line().line().line("Dear Resident,").line()
        doc.line(rng.choice(["Changes to your bin collection day", "Your new collection day"])).line()
        change = (f"your collection day will change from {WEEKDAYS[old_day]} to {day}")
        evidence[("collection_day",)] = change
        kit.date(doc.add("From "), ("valid_from",), valid_from).line(f" {change}.")
        if facts["valid_until"]:
            kit.date(doc.add("The new schedule runs until "), ("valid_until",), valid_until).line(".")
        doc.line(frequency_text).line().line(rng.choice(["Your next collections are:", "Please put out:"]))
        by_stream()
        doc.line()
        kit.pad(doc)
        holiday_block("lines")
        recycling()
        doc.line(garden_text)
        charges()
        doc.line(assisted_text).line()
        if facts["contact_email"]:
            doc.add("Questions? E-mail ").put(("contact_email",), facts["contact_email"]).line(".")
        contact(False)
        name = _people(kit, 1)[0]
        doc.line().line("Yours faithfully,").line(name).line(rng.choice(WASTE_SIGNERS[loc]))
    elif layout == "reminder":      # the e-mail or app reminder service
        doc.add("From: ").put(("council",), council).add(" <")
        if facts["contact_email"]:
            doc.put(("contact_email",), facts["contact_email"]).line(">")
        else:
            doc.line(f"noreply@{host}>")
        doc.line(f"Subject: {rng.choice(['Bin day reminder', 'Your collection dates', 'Upcoming collections'])}")
        resident = _people(kit, 1)[0]
        doc.line().line(f"Hello {resident},").line().add("Collections for ").put(("property_address",),
                                                                                  facts["property_address"])
        if facts["property_reference"]:
            doc.add(f" ({ref_label} ").put(("property_reference",), reference).add(")")
        doc.line()
        day_text = rng.choice([f"Your bin day is {day}.", f"Collection day: {day}"])
        evidence[("collection_day",)] = day_text
        doc.line(day_text).line(frequency_text)
        kit.date(doc.add("This schedule applies from "), ("valid_from",), valid_from)
        if facts["valid_until"]:
            kit.date(doc.add(" to "), ("valid_until",), valid_until)
        doc.line(".").line()
        doc.line(rng.choice(["Coming up:", "Your next collections:"]))
        if kit.chance(0.3):
            L.table(doc, rng, ["Date", "Stream"], [[kit.date_cell(("collections", i, "date"), _date(c["date"])),
                                                   L.cell(label[c["stream"]])] for i, c in enumerate(collections)],
                    "semicolon")
        else:
            lines(kit.chance(0.6))
        doc.line()
        kit.pad(doc)
        holiday_block(rng.choice(["table", "lines"]))
        doc.line(garden_text)
        charges()
        doc.line(assisted_text)
        recycling()
        doc.line()
        contact(False)
        doc.line(f"Calendar code: {round_code}").line("You can unsubscribe from these reminders at any time.")
    else:                           # the "find your bin day" page, saved as markdown
        doc.add("# Bin collections for ").put(("property_address",), facts["property_address"]).line().line()
        doc.add("**Council:** ").put(("council",), council).line("  ")
        if facts["property_reference"]:
            doc.add(f"**{ref_label}:** ").put(("property_reference",), reference).line("  ")
        kit.date(doc.add("**Schedule from:** "), ("valid_from",), valid_from)
        if facts["valid_until"]:
            kit.date(doc.add(" **to** "), ("valid_until",), valid_until)
        doc.line().line().line("## Your collection day")
        day_text = rng.choice([f"Your bins are collected on {day}s." if "(" not in day else
                               f"Your bins are collected each {day}.", f"Collection day: {day}"])
        evidence[("collection_day",)] = day_text
        doc.line(day_text).line(frequency_text).line().line("## Upcoming collections")
        if grouped:
            by_stream()
        else:
            L.table(doc, rng, ["Date", "Bin"], [[kit.date_cell(("collections", i, "date"), _date(c["date"])),
                                                 L.cell(label[c["stream"]])] for i, c in enumerate(collections)],
                    "pipe")
        doc.line()
        kit.pad(doc)
        if changes or kit.chance(0.5):
            doc.line("## Holiday changes")
            holiday_block(rng.choice(["table", "lines"]), True)
        doc.line().line("## Recycling")
        recycling()
        doc.line().line(f"## {garden.capitalize()} and other services").line(garden_text)
        charges()
        doc.line(assisted_text).line().line("## Contact us")
        contact()
    kit.pad(doc)
    return Draft(("Waste collection schedule", "Bin collection calendar", "Household waste collections"),
                 WASTE_FIELDS, facts, doc, evidence)


# ---- noise complaint ---------------------------------------------------------------------------

NOISE_BODIES = {"en_GB": ("{city} Council - Environmental Health", "{city} City Council, Noise Team",
                          "{last} Housing Association - Tenancy Services"),
                "en_US": ("City of {city} Code Enforcement", "{city} Police Department (non-emergency)",
                          "{last} Property Management"),
                "de_DE": ("Ordnungsamt {city}", "Hausverwaltung {last} GmbH", "Umweltamt {city}"),
                "fr_FR": ("Mairie de {city} - service hygiène", "Police municipale de {city}", "Syndic {last}")}
NOISES = {   # noise: (how a form names it, premises it comes from, what a diary says was heard)
    "music": (("Loud music", "Amplified music and bass"), ("residential", "residential", "commercial"),
              ["Bass through the wall", "Music with singing", "Speakers in the garden", "Karaoke",
               "Drum and bass"]),
    "voices": (("Shouting and loud voices", "Parties and loud voices"), ("residential", "commercial"),
               ["Shouting in the garden", "Party guests outside", "Arguing", "Doors slamming", "Smokers outside"]),
    "dog": (("Dog barking", "Barking dog"), ("residential",),
            ["Continuous barking", "Howling when left alone", "Barking at the fence", "Whining and barking"]),
    "construction": (("Building works", "Construction and demolition noise"), ("construction_site", "residential"),
                     ["Drilling", "Angle grinder", "Hammering", "Concrete mixer", "Reversing alarms"]),
    "alarm": (("Intruder alarm", "Car or house alarm"), ("residential", "commercial", "street"),
              ["Alarm ringing", "Alarm went off again", "Car alarm", "Alarm sounding on and off"]),
    "machinery": (("Machinery or plant noise", "Air conditioning unit"), ("commercial",),
                  ["Constant humming", "Extractor fan", "Compressor cycling", "Refrigeration unit"]),
    "vehicles": (("Vehicle noise", "Engines revving and deliveries"), ("street", "commercial"),
                 ["Engines revving", "Lorry unloading", "Car stereo", "Motorbikes racing"]),
}
PREMISES = {"residential": ("Residential property", "Neighbouring house or flat"),
            "commercial": ("Commercial premises", "Business (pub, shop or factory)"),
            "construction_site": ("Construction site", "Building site"),
            "street": ("Street or public place", "Vehicles in the street")}
LOUDNESS = {1: "barely audible", 2: "noticeable", 3: "loud", 4: "very loud", 5: "unbearable"}
ROOMS = ["Bedroom", "Living room", "Kitchen", "Garden", "Home office", "Children's bedroom", "Hallway", "Balcony"]
NOISE_FIELDS = [
    F.text("case_reference", "Case reference", "Reference the council or landlord gave the complaint, if "
           "shown (not a police log number or tenancy reference).", "reference", "complaint_number",
           optional=True, keep=0.6),
    F.text("complainant", "Complainant", ("Person making the complaint (not the person responsible, an "
                                          "officer or a partner).", "Name of the complainant."), "name",
           "reported_by"),
    F.text("complainant_email", "Complainant e-mail", "The complainant's e-mail address, if given.", "email",
           "contact_email", format="email", optional=True, keep=0.5),
    F.obj("source", "Noise source", "Where the noise comes from.", [
        F.text("address", "Address", "Address the noise comes from (not the complainant's own address).",
               "source_address", "location"),
        F.text("occupier", "Person responsible", "Person or business responsible for the noise, if known.",
               "responsible_party", "occupier_name", optional=True, keep=0.7),
        F.choice("premises", "Premises", "Kind of place the noise comes from.", list(PREMISES), "premises_type",
                 "source_type", keep=0.8),
    ], "noise_source", "alleged_source"),
    F.choice("noise_type", "Noise type", "Kind of noise complained about.", list(NOISES), "type", "category"),
    F.date("started_on", "Problem started", ("When the noise problem first started (not the date of the form "
                                             "or of a diary entry).", "Start of the problem."), "first_noticed",
           "since"),
    F.date("submitted_on", "Submitted on", "Date the complaint was submitted or signed (not the date the "
           "office received it).", "date", "complaint_date", keep=0.7),
    F.items("incidents", "Incidents", ("Each occasion recorded in the noise diary, in order; empty when "
                                       "there is no diary.", "Diary entries."), [
        F.date("date", "Date", "Day the noise occurred.", "incident_date", "day"),
        F.text("start_time", "Start time", "Time the noise started, as written.", "from", "started", keep=0.8),
        F.text("end_time", "End time", "Time the noise stopped, as written; null when not recorded.", "to",
               "stopped", optional=True, keep=0.6),
        F.integer("duration_minutes", "Duration (minutes)", "How long the noise lasted, in minutes.", "minutes",
                  "duration", keep=0.7),
        F.text("description", "Description", "What was heard, if noted.", "what_heard", "details",
               optional=True, keep=0.6),
    ], "noise_diary", "occurrences"),
    F.score("loudness", "Loudness", "How loud the complainant rates the noise inside the home.", LOUDNESS,
            "volume", "severity"),
    F.number("peak_level_db", "Peak level (dB)", "Highest sound level measured, in decibels, if given (not the "
             "background level).", "max_db", "measured_level", optional=True, keep=0.5),
    F.flag("affects_sleep", "Affects sleep", "Whether the noise disturbs the complainant's sleep.",
           "sleep_disturbed", "keeps_awake", keep=0.8),
    F.flag("spoken_to_source", "Raised with the source", "Whether the complainant has already raised it with "
           "the person responsible; null when no one person is responsible.", "approached_neighbour",
           "raised_with_source", nullable_decide=True, keep=0.7),
    F.strings("rooms_affected", "Rooms affected", "Rooms or places in the home where the noise is heard.",
              "where_heard", "affected_rooms", keep=0.7),
]


def _case_reference(kit: Kit, d: dt.date) -> str:
    n, yy = kit.rng.randint(1, 99999), d.year % 100
    return {"en_GB": kit.rng.choice([f"NC/{yy:02d}/{n:05d}", f"EH{d.year}-{n % 10000:04d}"]),
            "en_US": f"CE-{d.year}-{n:05d}", "de_DE": f"OA-{n:05d}/{yy:02d}",
            "fr_FR": f"HYG-{d.year}-{n % 10000:04d}"}[kit.locale]


def noise_complaint_form(kit: Kit) -> Draft:
    fake, rng, doc, loc = kit.fake, kit.rng, Doc(), kit.locale
    city = fake.city()
    body = rng.choice(NOISE_BODIES[loc]).format(city=city, last=fake.last_name())
    noise = rng.choice(list(NOISES))
    names, premises_pool, heard = NOISES[noise]
    premises = rng.choice(premises_pool)
    complainant, neighbour, officer, partner = _people(kit, 4)
    if premises == "street":
        source_address, occupier = f"{fake.street_name()}, {city}", None
    else:
        source_address = f"{_street(fake)}, {fake.postcode()} {city}"
        occupier = kit.maybe(neighbour if premises == "residential" else fake.company(), 0.65)
    own = f"{_street(fake)}, {fake.postcode()} {city}"
    submitted = kit.day()
    started = submitted - dt.timedelta(days=rng.randint(14, 300))
    window = max(started, submitted - dt.timedelta(days=35))
    n = rng.choice([0, 1, 2, 3, 3, 4, 5, 6])
    offsets = sorted(rng.sample(range((submitted - window).days), n))
    daytime = noise == "construction" or (noise == "machinery" and kit.chance(0.5))
    twelve = loc == "en_US" and kit.chance(0.6)
    said = rng.sample(heard, min(n, len(heard)))
    incidents = []
    for k, off in enumerate(offsets):
        start = rng.choice(range(7 * 60 + 30, 17 * 60, 5) if daytime else range(19 * 60, 24 * 60, 5))
        minutes = rng.randint(20, 300) if daytime else rng.randint(15, 240)
        incidents.append({"date": (window + dt.timedelta(days=off)).isoformat(), "start_time": clock(start, twelve),
                          "end_time": None if kit.chance(0.2) else clock(start + minutes, twelve),
                          "duration_minutes": minutes, "description": said[k] if k < len(said) else None})
    loud = rng.choices([1, 2, 3, 4, 5], weights=[1, 2, 4, 5, 3])[0]
    spoken = None if premises == "street" else kit.chance(0.45)
    rooms = [r for r in ROOMS if r in rng.sample(ROOMS, rng.choice([0, 1, 1, 2, 2, 3]))]
    email = kit.maybe(fake.free_email(), 0.6)
    reference = kit.maybe(_case_reference(kit, submitted), 0.6)
    peak = kit.maybe(round(rng.uniform(45, 88), 1), 0.4)
    facts = {"case_reference": reference, "complainant": complainant, "complainant_email": email,
             "source": {"address": source_address, "occupier": occupier, "premises": premises},
             "noise_type": noise, "started_on": started.isoformat(), "submitted_on": submitted.isoformat(),
             "incidents": incidents, "loudness": loud, "peak_level_db": peak,
             "affects_sleep": kit.chance(0.15 if daytime else 0.75), "spoken_to_source": spoken,
             "rooms_affected": rooms}
    noise_text, premises_text = rng.choice(names), rng.choice(PREMISES[premises])
    _, stated = rating(rng, loud, 5, rng.choice(["slash", "out_of", "of", "decimal"]))
    loud_text = rng.choice([f"How loud is it inside your home (1 = barely audible, 5 = unbearable)? {stated}",
                            f"Loudness: {stated} ({LOUDNESS[loud]})",
                            f"On a scale of one to five I would rate it {NUMBER_WORDS[loud]} ({LOUDNESS[loud]})."])
    sleep_text = says(rng, facts["affects_sleep"],
                      ("Does the noise affect your sleep? Yes - it keeps us awake.", "Sleep disturbed: yes",
                       "It wakes me up and I cannot get back to sleep until it stops."),
                      ("Does the noise affect your sleep? No", "Sleep disturbed: no",
                       "It does not affect my sleep, but I cannot work or relax at home."))
    talked = kit.date_text(window - dt.timedelta(days=rng.randint(1, 20)))
    if spoken is None:
        spoken_text = "Have you spoken to the person responsible? Not applicable - no one person is responsible."
    else:
        spoken_text = says(rng, spoken, (f"I spoke to them about it on {talked}, but nothing changed.",
                                         "Have you spoken to the person responsible? Yes",
                                         f"We raised it with them politely on {talked}."),
                           ("Have you spoken to the person responsible? No",
                            "I have not approached them because I am worried about their reaction.",
                            "I have not yet spoken to them about it."))
    evidence = {("noise_type",): noise_text, ("source", "premises"): premises_text, ("loudness",): loud_text,
                ("affects_sleep",): sleep_text, ("spoken_to_source",): spoken_text}
    police = f"{rng.randint(1000, 9999)}"

    def diary(style: str) -> None:
        if not incidents:
            doc.line(rng.choice(["No diary entries yet.", "I have not kept a diary so far.",
                                 "(diary sheet left blank)"]))
            return
        if style == "table":
            L.table(doc, rng, ["Date", "Started", "Stopped", "Duration", "What was heard"], [
                [kit.date_cell(("incidents", i, "date"), _date(x["date"])),
                 L.cell(x["start_time"], ("incidents", i, "start_time")),
                 L.cell(x["end_time"], ("incidents", i, "end_time")) if x["end_time"] else L.cell("not noted"),
                 L.join(kit.count_cell(("incidents", i, "duration_minutes"), x["duration_minutes"]), L.cell(" min")),
                 L.cell(x["description"], ("incidents", i, "description")) if x["description"] else L.cell("-")]
                for i, x in enumerate(incidents)])
            return
        bullet = rng.choice(BULLETS)
        for i, x in enumerate(incidents):
            at, d = ("incidents", i), _date(x["date"])
            if style == "lines":       # "- 05/03/2024 (Fri), 23:10 to 01:30, 140 min: Bass through the wall"
                kit.date(doc.add(bullet), at + ("date",), d).add(f" ({WEEKDAYS[d.weekday()][:3]}), ")
                doc.put(at + ("start_time",), x["start_time"])
                if x["end_time"]:
                    doc.add(" to ").put(at + ("end_time",), x["end_time"])
                kit.count(doc.add(", "), at + ("duration_minutes",), x["duration_minutes"]).add(" min")
                if x["description"]:
                    doc.add(": ").put(at + ("description",), x["description"])
                doc.line()
            else:                      # "On 5 March 2024 it started at 23:10 and stopped at 01:30 (140 minutes)."
                kit.date(doc.add("On "), at + ("date",), d).add(" it started at ").put(at + ("start_time",),
                                                                                        x["start_time"])
                if x["end_time"]:
                    doc.add(" and stopped at ").put(at + ("end_time",), x["end_time"])
                kit.count(doc.add(" (about "), at + ("duration_minutes",), x["duration_minutes"]).add(" minutes)")
                if x["description"]:
                    doc.add(": ").put(at + ("description",), x["description"])
                doc.line(".")

    def measured() -> None:
        if peak is not None:
            kit.num(doc.add(rng.choice(["Peak reading on my phone app: ", "Highest level measured: "])),
                    ("peak_level_db",), peak, 1)
            doc.line(f" dB (background about {rng.randint(25, 40)} dB)")

    def rooms_block() -> None:
        if kit.chance(0.4):            # "[x] Bedroom  [ ] Kitchen"
            doc.line("Where can you hear it?")
            for r in ROOMS[:6] + [r for r in rooms if r not in ROOMS[:6]]:
                if r in rooms:
                    doc.add("[x] ").put(("rooms_affected", rooms.index(r)), r)
                else:
                    doc.add(f"[ ] {r}")
                doc.add("  ")
            doc.line()
        else:
            _strings(kit, doc, "rooms_affected", rooms, rng.choice(["Rooms affected", "Heard in"]),
                     rng.choice(["Rooms affected: not stated", "Heard in: -"]))

    layout = rng.choice(["online", "paper", "email", "diary"])
    heading = rng.choice(["md", "caps", "rule"])
    source_cell = L.cell(source_address, ("source", "address"))
    occupier_cell = L.cell(occupier, ("source", "occupier")) if occupier else L.cell(
        "Not known" if premises != "street" else "n/a")
    if layout == "online":             # the receipt of a web form
        doc.line(body).line(rng.choice(["Report a noise problem - submission receipt",
                                        "Noise complaint (online form)"]))
        if reference:
            doc.add("Reference: ").put(("case_reference",), reference).line()
        else:
            doc.line("Your reference number will be sent to you by e-mail.")
        kit.date(doc.add("Submitted: "), ("submitted_on",), submitted).line(
            f" at {clock(rng.randint(7 * 60, 23 * 60), twelve)}").line()
        _head(doc, heading, "About you")
        rows = [("Name", L.cell(complainant, ("complainant",))), ("Address", L.cell(own)),
                ("Telephone", L.cell(fake.phone_number()))]
        rows += [("E-mail", L.cell(email, ("complainant_email",)))] * bool(email)
        L.labelled(doc, kit.rng, rows)
        kit.pad(doc.line())
        _head(doc, heading, "About the noise")
        L.labelled(doc, kit.rng, [("Type of noise", L.cell(noise_text)),
                                  ("Where does it come from?", L.cell(premises_text)),
                                  ("Address of the source", source_cell),
                                  ("Person or business responsible", occupier_cell),
                                  ("When did the problem start?", kit.date_cell(("started_on",), started))])
        doc.line(loud_text).line(sleep_text).line(spoken_text)
        rooms_block()
        measured()
        doc.line()
        _head(doc, heading, "Noise diary")
        diary(rng.choice(["table", "lines"]))
    elif layout == "paper":            # a paper form, questions and answers
        doc.line(rng.choice({"de_DE": ["Beschwerde wegen Lärmbelästigung (noise complaint)"],
                             "fr_FR": ["Plainte pour nuisances sonores (noise complaint form)"]}.get(
            loc, ["NOISE NUISANCE COMPLAINT FORM", "Noise complaint form"]))).line(body).line()
        doc.add("For office use: Ref. ")
        if reference:
            doc.put(("case_reference",), reference)
        else:
            doc.add("__________")
        kit.date(doc.add("  Received: "), None, submitted + dt.timedelta(days=rng.randint(1, 6)))
        doc.line(f"  Officer: {officer}").line()
        doc.add("1. Your name: ").put(("complainant",), complainant).line().line(f"2. Your address: {own}")
        if email:
            doc.add("3. E-mail: ").put(("complainant_email",), email).line()
        else:
            doc.line("3. E-mail:")
        doc.line(f"4. What kind of noise is it?\n{noise_text}")
        L.write(doc.line(f"5. Where does it come from?\n{premises_text}").add("Address: "), source_cell).line()
        L.write(doc.add("6. Name of the person responsible (if known): "), occupier_cell).line()
        kit.date(doc.line("7. When did the noise problem start?"), ("started_on",), started).line()
        doc.line(f"8. {loud_text}").line(f"9. {sleep_text}").line(f"10. {spoken_text}")
        kit.pad(doc)
        rooms_block()
        measured()
        doc.line().line(rng.choice(["DIARY SHEET", "Record of noise"]))
        diary("table")
        doc.line().add("Signed: ").put(("complainant",), complainant)
        kit.date(doc.add("   Date: "), ("submitted_on",), submitted).line()
    elif layout == "email":            # an e-mail to the council or the landlord
        doc.add("From: ").put(("complainant",), complainant)
        if email:
            doc.add(" <").put(("complainant_email",), email).add(">")
        doc.add(f"\nTo: {body}\nSubject: {rng.choice(['Noise complaint', 'Ongoing noise nuisance'])}")
        if reference:
            doc.add(" - your ref. ").put(("case_reference",), reference)
        kit.date(doc.add("\nDate: "), ("submitted_on",), submitted).line().line()
        doc.line(rng.choice(["Dear Sir or Madam,", f"Dear {officer},"])).line()
        doc.add(f"I am writing to complain about noise ({noise_text}) coming from ")
        doc.put(("source", "address"), source_address)
        if occupier:
            doc.add(", occupied by " if premises == "residential" else ", run by ")
            doc.put(("source", "occupier"), occupier)
        doc.line(f". I live at {own}.").line(f"Type of premises: {premises_text}")
        kit.date(doc.add("The problem started on "), ("started_on",), started).line(
            rng.choice([" and has got worse since.", " and happens several times a week."]))
        doc.line()
        kit.pad(doc)
        if incidents:
            doc.line(rng.choice(["I have kept a record:", "Recent occasions:"]))
        diary(rng.choice(["lines", "prose"]))
        doc.line().line(loud_text).line(sleep_text).line(spoken_text)
        rooms_block()
        measured()
        doc.line(f"My partner, {partner}, can confirm this." if kit.chance(0.4) else "")
        doc.line().line(rng.choice(["Kind regards,", "Yours faithfully,"])).line(complainant)
        doc.line(fake.phone_number())
    else:                              # the council's noise diary sheet, filled in
        doc.line(rng.choice({"de_DE": ["Lärmprotokoll (noise log)"], "fr_FR": ["Journal des nuisances sonores"]}.get(
            loc, ["NOISE DIARY SHEET", "Noise record sheet"]))).line(body).line()
        rows = [("Your name", L.cell(complainant, ("complainant",))), ("Your address", L.cell(own)),
                ("Address of noise source", source_cell), ("Person responsible", occupier_cell),
                ("Premises", L.cell(premises_text)), ("Type of noise", L.cell(noise_text))]
        rows += [("Reference no.", L.cell(reference, ("case_reference",)))] * bool(reference)
        rows += [("E-mail", L.cell(email, ("complainant_email",)))] * bool(email)
        rows.append(("Problem began", kit.date_cell(("started_on",), started)))
        L.labelled(doc, kit.rng, rows)
        kit.pad(doc.line())
        diary(rng.choice(["table", "table", "lines"]))
        doc.line().line(loud_text).line(sleep_text).line(spoken_text)
        rooms_block()
        measured()
        if kit.chance(0.4):
            doc.line(f"Police log no. {police} (reported by phone).")
        doc.line().add("I confirm this diary is a true record. Signed: ").put(("complainant",), complainant)
        kit.date(doc.add("  Date: "), ("submitted_on",), submitted).line()
    kit.pad(doc)
    return Draft(("Noise complaint", "Noise complaint form", "Noise nuisance report"), NOISE_FIELDS, facts, doc,
                 evidence)


# ---- planning objection (or support) letter ---------------------------------------------------

PLANNING_BODIES = {"en_GB": ("{city} City Council", "{city} Borough Council", "{city} District Council"),
                   "en_US": ("{city} Planning Commission", "{city} Zoning Board of Appeals",
                             "City of {city} Planning Department"),
                   "de_DE": ("Bauaufsichtsamt {city}", "Stadt {city} - Bauordnungsamt",
                             "Bezirksamt {city} - Stadtplanung"),
                   "fr_FR": ("Mairie de {city} - service urbanisme", "Métropole de {city} - droit des sols",
                             "Commissaire enquêteur - enquête publique de {city}")}
PROPOSALS = [   # (description, kind, height range in metres, dwellings range)
    ("Two-storey rear extension", "house", (5.5, 7.5), None),
    ("Single-storey side extension with a roof terrace", "house", (3.0, 4.5), None),
    ("Loft conversion with a rear dormer", "house", (7.5, 9.5), None),
    ("Detached garage and workshop in the front garden", "house", (3.5, 5.0), None),
    ("Demolition of the garage and erection of a block of flats", "flats", (9.0, 16.0), (6, 24)),
    ("Erection of new houses on land to the rear", "flats", (7.5, 9.5), (2, 9)),
    ("Conversion of the house into flats", "flats", None, (3, 6)),
    ("Change of use from a shop to a hot-food takeaway", "takeaway", None, None),
    ("Extended opening hours and an outdoor seating area", "takeaway", None, None),
    ("Telecommunications mast and equipment cabinets", "mast", (15.0, 25.0), None),
]
GROUNDS = {"house": ["Loss of light", "Overlooking", "Loss of privacy", "Overshadowing", "Overbearing",
                     "Out of character", "Loss of trees"],
           "flats": ["Overdevelopment", "Parking pressure", "Highway safety", "Loss of privacy", "Out of character",
                     "Flood risk", "Strain on local services", "Loss of trees"],
           "takeaway": ["Noise and disturbance", "Cooking smells", "Litter", "Parking pressure",
                        "Late-night opening", "Anti-social behaviour"],
           "mast": ["Visual impact", "Siting near a school", "Out of character", "Loss of a view",
                    "Harm to the conservation area"]}
SUPPORT_GROUNDS = ["Much-needed new homes", "Improves the street scene", "Brings a vacant site back into use",
                   "Supports a local business", "Better mobile coverage", "Energy-efficient design", "Local jobs"]
COMMENT_GROUNDS = ["Construction hours", "Drainage", "Boundary fence", "Bin storage", "Tree protection",
                   "Construction traffic"]
ENCLOSURES = ["Site photographs", "Sunlight study", "Petition", "Parking survey", "Copy of the deeds",
              "Surveyor's letter", "Shadow diagram"]
STANCES = {   # stance: (how a letter says it, how a comment form labels it)
    "object": (("I wish to object to this application.", "I am writing to OBJECT to the above application.",
                "Please register my objection to this proposal."), ("Objection", "Object")),
    "support": (("I write in support of this application.", "I would like to support the proposal.",
                 "Please record my support for this application."), ("Support", "Supporter")),
    "comment": (("I neither support nor object, but wish to make the following comments.",
                 "I do not object in principle, but I have some concerns."), ("Neutral comment", "General comment")),
}
DETAILS = {   # stance: the sentences a letter puts under each point
    "object": ["This directly affects my home and garden.", "The plans do not show this clearly.",
               "The council's own guidance addresses this point.", "Several neighbours share this concern.",
               "I ask the case officer to visit my property to see this.", "Conditions could not overcome this."],
    "support": ["This would benefit the whole street.", "The design is well considered.",
                "Local residents have waited a long time for this.", "Many neighbours agree."],
    "comment": ["A planning condition could deal with this.", "I ask the council to consider this carefully.",
                "The applicant may be able to address this.", "This only needs a small change to the plans."]}
OBJECTION_FIELDS = [
    F.text("application_reference", "Application reference",
           ("Reference of the application commented on (not a previous application or an appeal).",
            "Planning application number."), "reference", "case_number", "application_number"),
    F.text("author", "Author", ("Person who wrote the letter or comment (not the applicant, the case officer "
                                "or a councillor).", "Name of the commenter."), "objector", "commenter", "name"),
    F.text("author_email", "Author e-mail", "E-mail address of the person commenting, if given.", "email",
           "contact_email", format="email", optional=True, keep=0.5),
    F.text("author_address", "Author address", "Where the person commenting lives (not the application site).",
           "commenter_address", "home_address", keep=0.6),
    F.text("site_address", "Site address", "Address of the application site (not the writer's address).",
           "site", "location"),
    F.text("applicant", "Applicant", "Who applied, if named (not the agent or the case officer).",
           "applicant_name", optional=True, keep=0.6),
    F.text("proposal", "Proposal", "The development proposed, as described.", "description", "development",
           keep=0.6),
    F.choice("stance", "Stance", "Whether the letter objects to, supports or just comments on the application.",
             list(STANCES), "comment_type", "position",
             option_descriptions=("Objects to the application", "Supports the application",
                                  "Neither objects nor supports: comments only")),
    F.date("letter_date", "Letter date", ("Date the letter or comment was written or submitted (not the "
                                          "consultation deadline, site notice or committee date).",
                                          "Date of the comment."), "date", "submitted_on"),
    F.date("consultation_deadline", "Consultation deadline",
           "Last day for comments, if the letter mentions it.", "comments_by", "expiry_date", optional=True,
           keep=0.6),
    F.strings("grounds", "Grounds", ("Grounds or topics the letter raises, in order.", "Reasons given."),
              "reasons", "issues_raised"),
    F.number("proposed_height", "Proposed height", "Height of the proposed building or structure as stated "
             "(not the existing height or a distance); null when not mentioned.", "height", "ridge_height",
             optional=True, keep=0.6, minimum=0),
    F.integer("dwellings", "Dwellings", "Number of homes proposed, if stated (not parking spaces).", "units",
              "homes_proposed", optional=True, keep=0.6),
    F.flag("wishes_to_speak", "Wishes to speak", "Whether the writer asks to speak at the committee or hearing.",
           "request_to_speak", "speak_at_committee", keep=0.7),
    F.strings("enclosures", "Enclosures", "Documents sent with the letter; empty when none.", "attachments",
              "enclosed", keep=0.6),
]


def _application_ref(kit: Kit, year: int) -> str:
    rng, n, yy = kit.rng, kit.rng.randint(1, 9999), year % 100
    return {"en_GB": f"{yy:02d}/{n:05d}/{rng.choice(['FUL', 'HOU', 'OUT'])}",
            "en_US": rng.choice([f"ZBA-{year}-{n % 1000:03d}", f"PC{yy:02d}-{n:04d}"]),
            "de_DE": rng.choice([f"63-{n:04d}/{yy:02d}", f"BA-{year}-{n:04d}"]),
            "fr_FR": f"PC 0{rng.randint(10, 95)} {rng.randint(100, 999)} {yy:02d} {rng.choice(LETTERS)}{n:04d}"}[
        kit.locale]


def planning_objection_letter(kit: Kit) -> Draft:
    fake, rng, doc, loc = kit.fake, kit.rng, Doc(), kit.locale
    city = fake.city()
    body = rng.choice(PLANNING_BODIES[loc]).format(city=city)
    proposal, kind, heights, units = rng.choice(PROPOSALS)
    stance = rng.choices(list(STANCES), weights=[6, 2, 2])[0]
    pool = GROUNDS[kind] if stance == "object" else SUPPORT_GROUNDS if stance == "support" else COMMENT_GROUNDS
    chosen = rng.sample(pool, rng.randint(1, 4) if stance == "object" else rng.choice([0, 1, 2]))
    grounds = [g for g in pool if g in chosen]
    author, applicant_person, officer, councillor = _people(kit, 4)
    applicant = kit.maybe(rng.choice([applicant_person, fake.company()]), 0.6)
    written = kit.day()
    notice = written - dt.timedelta(days=rng.randint(5, 20))
    deadline = notice + dt.timedelta(days=21 if loc == "en_GB" else 30)
    committee = deadline + dt.timedelta(days=rng.randint(20, 60))
    us = loc == "en_US"
    height = None
    if heights and kit.chance(0.7):
        metres = rng.uniform(*heights)
        height = round(metres * 3.28 * 2) / 2 if us else round(metres, 1)
    unit = " ft" if us else " m"
    dwellings = rng.randint(*units) if units and kit.chance(0.75) else None
    own_street, site_street = _street(fake), _street(fake)
    site = (f"Land to the rear of {site_street}" if "rear" in proposal else site_street) + f", {city}"
    own = f"{own_street}, {fake.postcode()} {city}"
    email = kit.maybe(fake.free_email(), 0.55)
    enclosures = rng.sample(ENCLOSURES, rng.choice([0, 0, 1, 2, 3]))
    reference = _application_ref(kit, written.year)
    previous = _application_ref(kit, written.year - rng.randint(1, 4))
    facts = {"application_reference": reference, "author": author, "author_email": email, "author_address": own,
             "site_address": site, "applicant": applicant, "proposal": proposal, "stance": stance,
             "letter_date": written.isoformat(), "consultation_deadline": kit.maybe(deadline.isoformat(), 0.6),
             "grounds": grounds, "proposed_height": height, "dwellings": dwellings,
             "wishes_to_speak": kit.chance(0.35), "enclosures": enclosures}
    meeting = {"en_US": "public hearing", "de_DE": "hearing (Erörterungstermin)",
               "fr_FR": "public inquiry hearing"}.get(loc, "planning committee")
    speak_text = says(rng, facts["wishes_to_speak"],
                      (f"I would like to speak at the {meeting} when this application is considered.",
                       f"Request to speak at the {meeting}: yes",
                       "Please let me know when I can address the members."),
                      (f"I do not wish to speak at the {meeting}.", f"Request to speak at the {meeting}: no",
                       "I will not be attending to speak."))
    evidence = {("wishes_to_speak",): speak_text}

    def stance_letter() -> str:
        text = rng.choice(STANCES[stance][0])
        evidence[("stance",)] = text
        return text

    def stance_form() -> str:
        text = f"{rng.choice(['Nature of comment', 'Comment type', 'Stance'])}: {rng.choice(STANCES[stance][1])}"
        evidence[("stance",)] = text
        return text

    def scheme() -> None:
        """The sizes the letter quotes: the one asked for beside the existing height and a distance."""
        if height is not None:
            nearby = round(height * rng.uniform(0.4, 0.85) * 2) / 2
            kit.num(doc.add(rng.choice(["The plans show a height of ", "The new structure would be ",
                                        "The drawings give a maximum height of "])), ("proposed_height",), height, 1)
            kit.num(doc.add(f"{unit}, against about "), None, nearby, 1)
            doc.line(f"{unit} for the neighbouring houses, " + (
                f"only {rng.randint(1, 6) * (3 if us else 1)}{unit} from my boundary." if stance == "object"
                else "which suits the street."))
        if dwellings is not None:
            kit.count(doc.add("The scheme proposes "), ("dwellings",), dwellings)
            doc.line(f" {'flats' if 'flats' in proposal else 'homes'} with only {rng.randint(2, max(2, dwellings))} "
                     "parking spaces.")

    def grounds_block(style: str) -> None:
        if not grounds:
            doc.line(rng.choice(["I have no specific concerns to list.", "My comments are general ones."]))
            return
        if style == "headed":          # "1. Loss of light" and a paragraph under each
            for i, g in enumerate(grounds):
                doc.add(f"{i + 1}. ").put(("grounds", i), g).line().line(rng.choice(DETAILS[stance])).line()
        elif style == "sentence":
            doc.add(rng.choice(["My concerns are ", "The main issues are ", "I would highlight "]))
            L.series(doc, ("grounds",), grounds).line(".")
        else:
            _strings(kit, doc, "grounds", grounds, rng.choice(["Grounds", "Reasons", "Main points"]), "")

    def checkboxes() -> None:
        doc.line(rng.choice(["Reasons for comment:", "Please tick the issues you wish to raise:"]))
        for g in pool:
            if g in grounds:
                doc.add("[x] ").put(("grounds", grounds.index(g)), g).line()
            else:
                doc.line(f"[ ] {g}")

    def enclosed(prefix: str) -> None:
        if enclosures and kit.chance(0.5):
            doc.add(prefix)
            L.series(doc, ("enclosures",), enclosures, ", ").line()
        else:
            _strings(kit, doc, "enclosures", enclosures, rng.choice(["Enclosures", "Attachments"]),
                     rng.choice(["", "Enclosures: none", "No attachments."]))

    def deadline_line() -> None:
        if facts["consultation_deadline"]:
            kit.date(doc.add(rng.choice(["I note that comments are invited until ", "The consultation closes on "])),
                     ("consultation_deadline",), deadline).line(".")

    layout = rng.choice(["letter", "letter", "email", "portal"])
    if layout == "letter":             # a letter posted to the planning department
        doc.put(("author",), author).line().put(("author_address",), own).line()
        if email and kit.chance(0.7):
            doc.add("E-mail: ").put(("author_email",), email).line()
        elif email:
            facts["author_email"] = None
        kit.date(doc.line(), ("letter_date",), written).line().line()
        team = {"en_US": "Current Planning Division", "de_DE": "Bauaufsicht (building control)",
                "fr_FR": "Service instructeur"}.get(loc, "Development Management")
        doc.line(body).line(f"For the attention of {officer}" if kit.chance(0.5) else team).line()
        doc.add(rng.choice(["Re: Planning application ", "Application no. ", "Your ref: "]))
        doc.put(("application_reference",), reference).line()
        doc.put(("proposal",), proposal).add(" at ").put(("site_address",), site).line().line()
        doc.line(rng.choice(["Dear Sir or Madam,", f"Dear {officer},"])).line()
        doc.line(stance_letter())
        if applicant:
            doc.add("The application was submitted by ").put(("applicant",), applicant)
            kit.date(doc.add(" and the site notice went up on "), None, notice).line(".")
        else:
            kit.date(doc.add("I saw the site notice on "), None, notice).line(".")
        doc.line(f"I live at {own_street}, {rng.choice(['next door to', 'opposite', 'behind'])} the site.").line()
        kit.pad(doc)
        grounds_block(rng.choice(["headed", "headed", "sentence", "list"]))
        scheme()
        if kit.chance(0.4):
            doc.line(f"An earlier application on this site ({previous}) was refused.")
        deadline_line()
        kit.date(doc.add(f"I understand the application may go to the {meeting} on "), None, committee).line(".")
        doc.line(speak_text).line()
        enclosed("Enc.: ")
        doc.line().line(rng.choice(["Yours faithfully,", "Yours sincerely,"])).put(("author",), author).line()
        if kit.chance(0.4):
            doc.line(f"cc: Cllr {councillor}")
    elif layout == "email":            # an e-mail to the planning inbox
        doc.add("From: ").put(("author",), author)
        if email:
            doc.add(" <").put(("author_email",), email).add(">")
        doc.line().line(f"To: planning@{_slug(city)}.{TLDS[loc]}")
        doc.add(f"Subject: {dict(object='Objection', support='Support', comment='Comments')[stance]} - ")
        doc.put(("application_reference",), reference).line()
        kit.date(doc.add("Sent: "), ("letter_date",), written).line().line()
        doc.line(rng.choice(["Dear Sir or Madam,", f"Dear {officer},", "Hello,"])).line()
        doc.add("Re: ").put(("proposal",), proposal).add(", ").put(("site_address",), site).line().line()
        doc.line(stance_letter())
        if applicant:
            doc.add("(Applicant: ").put(("applicant",), applicant).line(")")
        kit.pad(doc)
        grounds_block(rng.choice(["sentence", "list", "headed"]))
        scheme()
        deadline_line()
        doc.line(speak_text)
        enclosed("Attached: ")
        doc.line().line(rng.choice(["Kind regards,", "Regards,"])).line(author).put(("author_address",), own).line()
    else:                              # a comment made on the planning portal, as printed
        doc.line(body).line(rng.choice(["Comment on a planning application - receipt", "Online comment"])).line()
        rows = [("Application number", L.cell(reference, ("application_reference",))),
                ("Site address", L.cell(site, ("site_address",))), ("Proposal", L.cell(proposal, ("proposal",)))]
        rows += [("Applicant", L.cell(applicant, ("applicant",)))] * bool(applicant)
        rows += [("Case officer", L.cell(officer))]
        if facts["consultation_deadline"]:
            rows.append(("Consultation expiry date", kit.date_cell(("consultation_deadline",), deadline)))
        rows += [("Comment submitted", kit.date_cell(("letter_date",), written)),
                 ("Your name", L.cell(author, ("author",))), ("Your address", L.cell(own, ("author_address",)))]
        rows += [("E-mail", L.cell(email, ("author_email",)))] * bool(email)
        L.labelled(doc, kit.rng, rows)
        doc.line().line(stance_form()).line()
        kit.pad(doc)
        if kit.chance(0.5):
            checkboxes()
        else:
            grounds_block("list")
        doc.line().line("Comment:")
        scheme()
        doc.line(rng.choice(DETAILS[stance]))
        doc.line(speak_text)
        enclosed("Attachments: ")
        kit.date(doc.add("Committee date (provisional): "), None, committee).line()
    kit.pad(doc)
    return Draft(("Planning objection", "Comment on a planning application", "Planning representation"),
                 OBJECTION_FIELDS, facts, doc, evidence)


# ---- allotment or community garden tenancy agreement -----------------------------------------

ALLOTMENT_LANDLORDS = {"en_GB": ("{city} City Council", "{city} Allotment Society",
                                 "{last} Road Allotment Association"),
                       "en_US": ("{city} Parks and Recreation Department", "{city} Community Garden Association",
                                 "Friends of {last} Park Garden"),
                       "de_DE": ("Kleingärtnerverein {city} e.V.", "KGV Am {last} e.V.",
                                 "Bezirksverband der Kleingärtner {city} e.V."),
                       "fr_FR": ("Association des jardins familiaux de {city}", "Ville de {city}",
                                 "Jardins ouvriers {last}")}
ALLOTMENT_SITES = {"en_GB": ("{last} Road Allotments", "{city} Lane allotment site", "{last} Fields Allotments"),
                   "en_US": ("{last} Street Community Garden", "{city} Commons Garden", "{last} Park Garden"),
                   "de_DE": ("Kleingartenanlage Am {last}", "Anlage {last}wiese", "Gartenanlage {city}-Nord"),
                   "fr_FR": ("Jardins du {last}", "Jardins familiaux de {city}", "Site des {last}")}
PLOT_KINDS = {   # kind: (how an agreement names it, area in m² per locale (GB: rods), US size in feet)
    "full_plot": (("Full plot", "Whole plot"), (200, 300), 10.0, "20 × 20 ft"),
    "half_plot": (("Half plot", "Half-size plot"), (100, 150), 5.0, "10 × 20 ft"),
    "quarter_plot": (("Quarter plot", "Starter plot (quarter size)"), (50, 75), 2.5, "10 × 10 ft"),
    "raised_bed": (("Raised bed", "Accessible raised bed"), (3, 6), None, "4 × 8 ft"),
}
US_AREAS = {"full_plot": 37.2, "half_plot": 18.6, "quarter_plot": 9.3, "raised_bed": 3.0}
PAYMENTS = {   # method: how an agreement says it (a locale's own wording first, then the common ones)
    "direct_debit": {"en_US": ("Rent will be paid by automatic bank draft (ACH).",),
                     "de_DE": ("Payment by SEPA direct debit (Lastschrift).",),
                     "": ("Rent will be collected by Direct Debit.", "Payment method: direct debit")},
    "bank_transfer": {"de_DE": ("Payment by bank transfer (Überweisung) to the club's account.",),
                      "": ("Rent is payable by bank transfer to the account below.",
                           "Payment method: bank transfer")},
    "cash": {"": ("Rent is payable in cash to the site treasurer.", "Payment method: cash at the site hut")},
    "cheque": {"en_US": ("Payment method: check", "Checks are payable to the garden association."),
               "": ("Payment by cheque, made payable to the landlord.", "Payment method: cheque")}}
CHARGES = {"en_GB": ["Water charge", "Society membership", "Insurance levy", "Skip contribution", "Manure delivery"],
           "en_US": ["Water fee", "Tool shed fee", "Compost fund", "Association dues"],
           "de_DE": ["Wassergeld (water)", "Vereinsbeitrag (membership)", "Versicherung (insurance)",
                     "Stromkosten (electricity)", "Ersatz Gemeinschaftsarbeit (work hours)"],
           "fr_FR": ["Cotisation (membership)", "Eau (water)", "Assurance (insurance)", "Entretien (upkeep)"]}
AGREEMENT_TITLES = {"de_DE": ("KLEINGARTENPACHTVERTRAG (garden plot lease)",),
                    "fr_FR": ("CONVENTION D'OCCUPATION - jardin familial (plot agreement)",),
                    "en_US": ("COMMUNITY GARDEN PLOT AGREEMENT", "Garden plot agreement"),
                    "": ("ALLOTMENT TENANCY AGREEMENT", "Tenancy agreement - allotment garden")}
STRUCTURES = ["Shed", "Greenhouse", "Polytunnel", "Cold frame", "Water butt", "Compost bin", "Fruit cage", "Bench"]
FORBIDDEN = ["barbed wire", "carpet as mulch", "tyres", "hosepipes left running", "permanent fences"]
ALLOTMENT_FIELDS = [
    F.text("landlord", "Landlord", ("Council or association letting the plot (not its secretary or "
                                    "treasurer).", "Letting body."), "lessor", "association"),
    F.text("tenant", "Tenant", ("Tenant named first on the agreement (not a joint tenant, a co-worker or "
                                "a witness).", "Name of the plot holder."), "plot_holder", "lessee"),
    F.text("site", "Site", "Allotment site or garden the plot is on.", "allotment_site", "garden", keep=0.7),
    F.text("plot_number", "Plot number", "Number of the plot (not a key, meter or member number).", "plot",
           "plot_no"),
    F.choice("plot_kind", "Plot size class", "How big a share of a standard plot is let.", list(PLOT_KINDS),
             "plot_type", "size_class", keep=0.7),
    F.number("plot_area_m2", "Plot area (m²)", "Area of the plot in square metres (not rods or square feet).",
             "area_m2", "size_m2", keep=0.7, minimum=0),
    F.date("start_date", "Start date", ("Day the tenancy begins (not the day it was signed or rent is due).",
                                        "Tenancy start."), "commencement", "from_date"),
    F.date("end_date", "End date", "Day a fixed tenancy ends; null when it runs from year to year.", "term_end",
           "expires", optional=True, keep=0.6),
    F.number("annual_rent", "Annual rent", ("Yearly rent for the plot (not the deposit or other charges).",
                                            "Rent per year."), "rent", "yearly_rent", minimum=0),
    F.number("deposit", "Deposit", "Refundable deposit, if any (not the rent).", "security_deposit",
             optional=True, keep=0.6),
    F.items("charges", "Other charges", ("Each yearly charge besides the rent, in order; empty when none.",
                                         "Additional charges."), [
        F.text("description", "Description", "What the charge is for.", "item", "charge"),
        F.number("amount", "Amount", "Amount of the charge.", "value", "price", keep=0.9),
    ], "additional_charges", "fees", keep=0.8),
    F.choice("payment_method", "Payment method", "How the rent is paid.", list(PAYMENTS), "payment",
             "paid_by", keep=0.7),
    F.integer("notice_months", "Tenant's notice (months)", "Months of written notice the tenant must give "
              "to end the tenancy (not the landlord's notice).", "notice_period", "notice_period_months", keep=0.7),
    F.integer("min_cultivation_percent", "Minimum cultivation (%)", "Share of the plot that must be cultivated, "
              "in percent, if stated.", "cultivation_requirement", "cultivated_share", optional=True, keep=0.5),
    F.flag("hens_allowed", "Hens allowed", "Whether hens (or other poultry) may be kept on the plot.",
           "poultry_permitted", "livestock_allowed", keep=0.7),
    F.flag("bonfires_allowed", "Bonfires allowed", "Whether bonfires are allowed at any time.",
           "fires_permitted", "burning_allowed", keep=0.7),
    F.strings("permitted_structures", "Permitted structures", "Structures the tenant may put up; empty when "
              "none are allowed without consent.", "structures_allowed", "allowed_buildings", keep=0.7),
]


def allotment_tenancy_agreement(kit: Kit) -> Draft:
    fake, rng, doc, loc = kit.fake, kit.rng, Doc(), kit.locale
    _home_currency(kit)
    city, last = fake.city(), fake.last_name()
    landlord = rng.choice(ALLOTMENT_LANDLORDS[loc]).format(city=city, last=last)
    site = rng.choice(ALLOTMENT_SITES[loc]).format(city=city, last=fake.last_name())
    kind = rng.choices(list(PLOT_KINDS), weights=[3, 4, 2, 1])[0]
    kind_words, (lo, hi), rods, feet = PLOT_KINDS[kind]
    if loc == "en_US":
        area = US_AREAS[kind]
    elif loc == "en_GB" and rods and kit.chance(0.6):
        area = round(rods * 25.29, 1)
    else:
        area = float(rng.randint(lo, hi)) if kind != "raised_bed" else round(rng.uniform(lo, hi), 1)
    if loc == "de_DE" and kind != "raised_bed":
        area = float(rng.randint(220, 400)) if kind == "full_plot" else area
    rate = {"en_GB": 0.3, "en_US": 1.6, "de_DE": 0.35, "fr_FR": 0.25}[loc]
    rent = round(max(15.0, area * rate * rng.uniform(0.7, 1.3)), 2)
    tenant, joint, secretary, witness = _people(kit, 4)
    number = rng.choice([f"{rng.randint(1, 120)}", f"{rng.randint(1, 80)}{rng.choice('ABC')}",
                         f"{rng.choice('ABCDE')}{rng.randint(1, 40)}"])
    signed = kit.day()
    start = signed + dt.timedelta(days=rng.randint(0, 30))
    fixed = kit.chance(0.35)
    end = (start.replace(year=start.year + 1) if (start.month, start.day) != (2, 29) else start + dt.timedelta(
        days=365)) - dt.timedelta(days=1)
    picked = rng.sample(CHARGES[loc], rng.choice([0, 1, 2, 2, 3]))
    charges = [{"description": c, "amount": kit.amount(3, 30)} for c in CHARGES[loc] if c in picked]
    method = rng.choice(["direct_debit", "bank_transfer", "cash", "cheque"] if loc != "de_DE" else
                        ["direct_debit", "bank_transfer", "bank_transfer", "cash"])
    notice = rng.choice([1, 1, 2, 3, 6])
    landlord_notice = rng.choice([m for m in (3, 6, 12, 12) if m != notice])
    structures = [s for s in STRUCTURES if s in rng.sample(STRUCTURES, rng.choice([0, 1, 2, 3, 4]))]
    facts = {"landlord": landlord, "tenant": tenant, "site": site, "plot_number": number, "plot_kind": kind,
             "plot_area_m2": area, "start_date": start.isoformat(), "end_date": end.isoformat() if fixed else None,
             "annual_rent": rent, "deposit": kit.maybe(float(rng.choice([10, 20, 25, 30, 50, 100])), 0.5),
             "charges": charges, "payment_method": method, "notice_months": notice,
             "min_cultivation_percent": kit.maybe(rng.choice([50, 60, 66, 75, 80]), 0.6),
             "hens_allowed": kind in ("full_plot", "half_plot") and kit.chance(0.35),
             "bonfires_allowed": kit.chance(0.3), "permitted_structures": structures}
    kind_text = rng.choice(kind_words)
    pay_text = rng.choice(PAYMENTS[method].get(loc, ()) + PAYMENTS[method][""])
    hens_text = says(rng, facts["hens_allowed"],
                     (f"Hens may be kept (no cockerels), up to {rng.randint(4, 10)} birds.",
                      "Poultry: hens permitted with the committee's written consent."),
                     ("No animals or poultry may be kept on the plot.",
                      "Livestock, including hens, is not permitted."))
    fire_text = says(rng, facts["bonfires_allowed"],
                     ("Bonfires of dry garden waste are allowed between October and March only.",
                      "Bonfires: permitted after 6 pm, never on Sundays."),
                     ("Bonfires are not permitted at any time.", "No bonfires or burning of any kind."))
    evidence = {("plot_kind",): kind_text, ("payment_method",): pay_text, ("hens_allowed",): hens_text,
                ("bonfires_allowed",): fire_text}
    due = start + dt.timedelta(days=rng.choice([14, 28, 30]))
    key = f"K-{rng.randint(100, 999)}"

    def area_cell() -> L.Cell:
        gold = kit.count_cell(("plot_area_m2",), int(area)) if area == int(area) else kit.num_cell(
            ("plot_area_m2",), area, 1)
        if loc == "en_US":
            return L.join(L.cell(f"{feet} ("), gold, L.cell(" m²)"))
        if loc == "en_GB" and rods and area == round(rods * 25.29, 1):
            return L.join(L.cell(f"{rods:g} rods ("), gold, L.cell(" m²)"))
        return L.join(gold, L.cell(" m²"))

    def charge_block(style: str) -> None:
        if not charges:
            if kit.chance(0.5):
                doc.line(rng.choice(["No other charges apply.", "Other charges: none"]))
            return
        doc.line(rng.choice(["Other yearly charges:", "In addition to the rent:", "Schedule of charges"]))
        if style == "table":
            L.table(doc, rng, ["Charge", "Amount"], [
                [L.cell(c["description"], ("charges", i, "description")), kit.money_cell(("charges", i, "amount"),
                                                                                       c["amount"])]
                for i, c in enumerate(charges)])
        else:
            bullet = rng.choice(BULLETS)
            for i, c in enumerate(charges):
                kit.money(doc.add(bullet).put(("charges", i, "description"), c["description"]).add(": "),
                          ("charges", i, "amount"), c["amount"]).line()

    def rent_lines() -> None:
        kit.money(doc.add(rng.choice(["The annual rent is ", "Rent per year: "])), ("annual_rent",), rent)
        kit.date(doc.add(", payable by "), None, due).line(".")
        if facts["deposit"] is not None:
            kit.money(doc.add("A refundable deposit of "), ("deposit",), facts["deposit"])
            doc.line(" is payable on signing.")
        doc.line(pay_text)

    def term_lines() -> None:
        kit.date(doc.add("The tenancy begins on "), ("start_date",), start)
        if fixed:
            kit.date(doc.add(" and ends on "), ("end_date",), end).line(".")
        else:
            doc.line(" and continues from year to year.")
        doc.add("The tenant may end it by giving ")
        kit.count(doc, ("notice_months",), notice).add(" months'" if notice > 1 else " month's")
        doc.add(" written notice; the ")
        doc.line(f"landlord must give {landlord_notice} months' notice.")

    def rules() -> None:
        if facts["min_cultivation_percent"] is not None:
            kit.count(doc.add("At least "), ("min_cultivation_percent",), facts["min_cultivation_percent"])
            doc.line(f"% of the plot must be under cultivation; plots are inspected {rng.choice([2, 3, 4])} "
                     "times a year.")
        else:
            doc.line("The plot must be kept clean, tidy and in a good state of cultivation.")
        doc.line(hens_text).line(fire_text)
        _strings(kit, doc, "permitted_structures", structures,
                 rng.choice(["Permitted structures", "You may put up", "Structures allowed"]),
                 "No structures may be put up without written consent.")
        if kit.chance(0.5):
            banned = rng.sample(FORBIDDEN, 2)
            doc.line(f"Not permitted: {banned[0]} and {banned[1]}.")

    layout = rng.choice(["clauses", "clauses", "form", "letter"])
    if layout == "clauses":            # the agreement itself, in the country's clause style
        clause = {"de_DE": "§ {k} ", "fr_FR": "Article {k} - ", "en_US": "{k}) "}.get(loc, "{k}. ")
        k = iter(range(1, 20))
        doc.line(rng.choice(AGREEMENT_TITLES.get(loc, AGREEMENT_TITLES[""])))
        kit.date(doc.line().add("This agreement is made on "), None, signed).add(" between ")
        doc.put(("landlord",), landlord).add(" (the Landlord) and ").put(("tenant",), tenant).add(" (the Tenant)")
        doc.line(f", with {joint} as joint tenant." if kit.chance(0.3) else ".").line()
        doc.add(clause.format(k=next(k)) + "Plot. The Landlord lets plot ").put(("plot_number",), number)
        described = f"{'an' if kind_text[0] in 'AEIOU' else 'a'} {kind_text.lower()} of"
        doc.add(" at ").put(("site",), site).add(f", {described} ")
        L.write(doc, area_cell()).line(".")
        evidence[("plot_kind",)] = described
        doc.add(clause.format(k=next(k)) + "Term. ")
        term_lines()
        doc.add(clause.format(k=next(k)) + "Rent. ")
        rent_lines()
        kit.pad(doc)
        doc.add(clause.format(k=next(k)) + "Charges. ")
        charge_block(rng.choice(["table", "lines"]))
        doc.line(clause.format(k=next(k)) + "Use of the plot.")
        rules()
        kit.pad(doc.line())
        doc.line(f"Signed for the Landlord: {secretary}, {rng.choice(['Secretary', 'Site representative'])}")
        doc.add("Signed by the Tenant: ").put(("tenant",), tenant).line()
        doc.line(f"Witness: {witness}")
    elif layout == "form":             # a short-form agreement with a details box
        doc.put(("landlord",), landlord).line()
        doc.line(rng.choice(["Plot tenancy - details", "Allotment agreement"])).line()
        rows = [("Tenant", L.cell(tenant, ("tenant",)))]
        rows += [("Joint tenant", L.cell(joint))] * kit.chance(0.3)
        rows += [("Site", L.cell(site, ("site",))), ("Plot no.", L.cell(number, ("plot_number",))),
                 ("Plot type", L.cell(kind_text)), ("Size", area_cell()), ("Key no.", L.cell(key)),
                 ("Date signed", kit.date_cell(None, signed)), ("Start date", kit.date_cell(("start_date",), start))]
        rows += [("End date", kit.date_cell(("end_date",), end))] if fixed else [("Term", L.cell("Yearly, rolling"))]
        rows += [("Annual rent", kit.money_cell(("annual_rent",), rent))]
        if facts["deposit"] is not None:
            rows.append(("Deposit", kit.money_cell(("deposit",), facts["deposit"])))
        rows.append(("Notice (tenant)", L.join(kit.count_cell(("notice_months",), notice), L.cell(" month(s)"))))
        L.labelled(doc, kit.rng, rows)
        doc.line(pay_text).line()
        kit.pad(doc)
        charge_block(rng.choice(["table", "lines"]))
        doc.line().line(rng.choice(["Rules", "Conditions of tenancy"]))
        rules()
        kit.date(doc.line().add("Rent for the first year is due by "), None, due).line(".")
        doc.line(f"The landlord may end the tenancy with {landlord_notice} months' notice.")
    else:                              # the offer letter that comes with the agreement
        doc.put(("landlord",), landlord).line().line(f"{_street(fake)}, {city}")
        kit.date(doc, None, signed).line().line()
        doc.add("Dear ").put(("tenant",), tenant).line(",").line()
        doc.add("We are pleased to offer you plot ").put(("plot_number",), number).add(" at ").put(("site",), site)
        doc.add(f" ({kind_text}, ")
        L.write(doc, area_cell()).line(").")
        term_lines()
        rent_lines()
        doc.line()
        kit.pad(doc)
        charge_block("lines")
        doc.line()
        rules()
        doc.line().line(f"Your key number is {key}; please return it when you leave.")
        doc.line().line(rng.choice(["Yours sincerely,", "With best wishes,"])).line(secretary)
        doc.line(rng.choice(["Allotments Officer", "Lettings Secretary", "Garden Coordinator"]))
    kit.pad(doc)
    return Draft(("Allotment tenancy agreement", "Garden plot agreement", "Allotment agreement"), ALLOTMENT_FIELDS,
                 facts, doc, evidence)
