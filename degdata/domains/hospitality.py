"""Papers of restaurants, caterers, venues and hotels: a restaurant's booking confirmation (a table
reservation), a caterer's order for an event, a venue hire agreement and a hotel's banquet event
order (BEO) or function sheet.

Each carries values of the same kind beside the ones asked for: the member of staff who took the
booking, the restaurant manager and the person whose birthday it is beside the guest, the guest
profile and the table number beside the booking reference, the day the booking was made and the
cancellation deadline beside the reservation date, the time the table is needed back beside the
booking time, the children among the party and the menu quantities beside the party size, the
per-person deposit rate, the no-show fee and the estimated bill beside the deposit, the minutes a
table is held for late arrivals beside the table time, the restaurant's own phone and website
beside the guest's; the on-site contact, the caterer's coordinator and the driver beside the
customer, the quote, invoice and purchase order numbers beside the order number, the order date
and the final-numbers deadline beside the delivery date and the payment due date, the serving and
collection times beside the delivery time, the dish quantities and the number of staff beside the
guests, unit prices beside line amounts, the subtotal, staff, tax, deposit and balance beside the
total; the venue manager, the person responsible on the day and the witness beside the hirer, the
operator beside the venue, the venue's other rooms beside the room hired, the invoice number and
premises licence beside the agreement number, the agreement date and the deposit and balance dates
beside the event date, the set-up access time and the music curfew beside the hire hours, the
maximum capacity beside the expected guests, the booking deposit, VAT and subtotal beside the total
and the security deposit; the hotel's event manager, banquet captain, chef and sales manager beside
the client's contact, the group number, master account and revision beside the BEO number, the
issue, revision and guarantee dates beside the event date, the foyer, terrace and breakout rooms
beside the function room, the expected and set numbers beside the guarantee, the line totals beside
unit prices, the F&B subtotal, the minimum, the deposit received and the tax beside the estimated
total.

Documents come as confirmation e-mails from a restaurant or a booking platform, a platform's
confirmation page in markdown, a restaurant's printed reservation slip and a letter for a group
booking; a caterer's order confirmation, invoice, coordinator's e-mail and an ordering system's
export; a hire agreement in numbered clauses with a schedule and a payment table, a filled-in
booking form, a confirmation letter and an e-mail summary; a BEO sheet, a function sheet with one
section per department, an event manager's e-mail and a sales-and-catering export. Times are
written as the locale does ("7:30 pm", "19:30", "19.30", "19h30"). Arrays come as tables in every
layout, bullet and numbered lines ("- 4 × Tasting menu (£95.00 pp)", "- Sandwich platter × 4 @
£32.00 = £128.00", "08:30 - Registration and coffee (Foyer)") and one sentence ("main hall hire (6
hours) at £300.00, bar staff at £120.00 and cleaning fee at £60.00", "dinner at 19:00 in the
Ballroom and dancing at 21:45 in the Ballroom"); the lists of strings (dietary requirements,
equipment supplied, prohibited items, AV equipment) may be empty. Booleans are as often negated as
stated ("No card details were needed for this booking", "You have not subscribed to our
newsletter", "No staff: the food is delivered and set out by our driver", "Balance outstanding",
"The Hirer may not bring their own alcohol", "This is not an exclusive hire", "Not yet signed by the
client", "The group is not tax exempt"); an event's risk rating comes as "2/5 (low)", "low (2)" or
"2 of 5", a group's VIP level as "VIP: 3" with a legend, "VIP code V3 (important)" or "VIP level 3
of 5", and a booking with no occasion says so (a null occasion).
"""
from __future__ import annotations

import datetime as dt
from typing import Callable

from .. import fields as F
from .. import layout as L
from ..assemble import Draft
from ..doc import Doc
from ..kit import Kit
from ..surface import says
from .common import address_line, firm_name, home_currency, lower_first, plain_names, slug, strings

BULLETS = ("- ", "* ", "\u2022 ")


HONORIFICS = {"Dr", "Mr", "Mrs", "Ms", "Miss", "Mx", "MD", "DDS", "DVM", "PhD", "II", "III", "IV", "Jr", "Sr",
              "Herr", "Frau", "Mme", "Mlle", "M"}


def _mail(name: str, host: str) -> str:
    """"jane.doe@host" for a person's `name`."""
    parts = [slug(w, "events", 20) for w in name.split() if slug(w, "events", 20) != "events"]
    return f"{parts[0]}.{parts[-1]}@{host}" if len(parts) > 1 else f"{parts[0] if parts else 'guest'}@{host}"


def _phone(kit: Kit) -> str:
    """A phone number as the locale writes it."""
    r = kit.rng.randint
    return {"en_US": lambda: f"({r(201, 989)}) {r(201, 989)}-{r(0, 9999):04d}",
            "en_GB": lambda: f"07{r(100, 999)} {r(0, 999999):06d}",
            "de_DE": lambda: f"01{r(51, 79)} {r(1000000, 99999999)}",
            "fr_FR": lambda: "0" + " ".join([str(kit.rng.choice([1, 4, 6, 7]))]
                                            + [f"{r(0, 99):02d}" for _ in range(4)]),
            }[kit.locale]()


TLD = {"en_GB": "co.uk", "en_US": "com", "de_DE": "de", "fr_FR": "fr"}
PRICE = {"en_GB": 1.0, "en_US": 1.25, "de_DE": 1.05, "fr_FR": 1.1}
CLOCKS = {"en_US": ("12", "12", "12up", "12tight"), "en_GB": ("24", "24", "12tight", "12dot"),
          "de_DE": ("24", "24", "24dot"), "fr_FR": ("h", "h", "24")}


def _clock(kit: Kit) -> Callable[[int], str]:
    """A time-of-day writer in one form for the whole document ("19:30", "7:30 pm", "19h30", "7.30pm")."""
    form = kit.rng.choice(CLOCKS[kit.locale])

    def write(minutes: int) -> str:
        h, m = divmod(minutes % 1440, 60)
        h12, ap = (h - 1) % 12 + 1, "am" if h < 12 else "pm"
        return {"24": f"{h:02d}:{m:02d}", "24dot": f"{h:02d}.{m:02d}", "h": f"{h}h{m:02d}",
                "12": f"{h12}:{m:02d} {ap}", "12up": f"{h12}:{m:02d} {ap.upper()}", "12tight": f"{h12}:{m:02d}{ap}",
                "12dot": f"{h12}.{m:02d}{ap}"}[form]
    return write


# ---- table reservation -----------------------------------------------------------------------

RESTAURANTS = {"en_GB": ("The {last} Arms", "{last}'s Kitchen", "The Copper Pot", "Brasserie {last}",
                         "Salt & Ember", "The Grain Store {city}"),
               "en_US": ("{last}'s Steakhouse", "The Oak Room", "Trattoria {last}", "Harbor Table",
                         "Salt & Ember {city}", "{first}'s Bistro"),
               "de_DE": ("Gasthaus {last}", "Restaurant Zur Linde", "Ristorante da {first}", "Brauhaus {city}",
                         "Weinstube {last}", "Restaurant Seeblick"),
               "fr_FR": ("Le Bistrot de {first}", "Brasserie {last}", "La Table de {city}", "Chez {first}",
                         "Le Comptoir du Marché", "L'Atelier {last}")}
PLATFORMS = ("DineDesk", "TablePilot", "Mesa Bookings", "Forkly")
SET_MENUS = {   # menu: price range per person (before the locale's factor)
    "Tasting menu": (70, 140), "Set menu (3 courses)": (32, 55), "Set menu (2 courses)": (25, 42),
    "Sunday lunch": (22, 35), "Sharing menu": (38, 60), "Chef's table menu": (120, 190),
    "Bottomless brunch": (30, 45), "Festive menu": (45, 75)}
VEG_MENUS = {"Tasting menu": "Vegetarian tasting menu", "Set menu (3 courses)": "Vegetarian set menu",
             "Sunday lunch": "Nut roast", "Sharing menu": "Vegan sharing menu",
             "Festive menu": "Vegetarian festive menu"}
EXTRAS = {"Wine pairing": (45, 95), "Glass of Champagne": (12, 22), "Birthday cake": (25, 45),
          "Bottle of Prosecco": (28, 45), "Cheese course": (9, 16), "Flowers on the table": (20, 35)}
DIETARY = ("Nut allergy", "Vegetarian", "Vegan", "Gluten-free", "No shellfish", "Lactose-free", "Halal",
           "Pescatarian", "Egg allergy", "Sesame allergy")
AREAS = {"dining_room": ("Seating: main dining room", "Area: Restaurant", "Table in the main dining room"),
         "terrace": ("Seating: terrace (weather permitting)", "Area: Terrace", "Table on the terrace"),
         "bar": ("Seating: bar counter", "Area: Bar", "Seats at the bar counter"),
         "private_room": ("Seating: private dining room", "Area: Private room", "Private dining room")}
BOOKING_STATUS = {"confirmed": ("Status: Confirmed", "Your reservation is confirmed.",
                                "We are delighted to confirm your table."),
                  "pending": ("Status: Request received - awaiting confirmation",
                              "Your request has been received; the restaurant will confirm it shortly.",
                              "Status: Pending"),
                  "waitlist": ("Status: Waiting list", "You are on the waiting list for this time.",
                               "We have added you to our waiting list; we will call you if a table frees up.")}
OCCASIONS = {"birthday": ("Occasion: birthday", "Celebrating: {who}'s birthday"),
             "anniversary": ("Occasion: anniversary", "Celebrating: wedding anniversary"),
             "business": ("Occasion: business meal", "Occasion: business dinner"),
             "celebration": ("Occasion: celebration", "Occasion: family celebration")}
RESERVATION_FIELDS = [
    F.text("guest_name", "Guest name", ("Name the table is booked under (not the member of staff who confirmed it or "
                                        "a person being celebrated).", "Guest who made the booking."),
           "name", "booked_under", "guest"),
    F.text("restaurant", "Restaurant", "Restaurant the table is booked at (not the booking platform).",
           "restaurant_name", "venue", keep=0.7),
    F.text("booking_reference", "Booking reference", ("Reference of the reservation (not the guest profile, the "
                                                      "payment reference or a voucher code).",
                                                      "Reservation number."), "reservation_number", "reference",
           keep=0.8),
    F.date("reservation_date", "Date", ("Day the table is booked for (not the day the booking was made or the "
                                        "cancellation deadline).", "Reservation date."), "date", "booking_date"),
    F.text("reservation_time", "Time", ("Time the table is booked for, as written (not the time the table is needed "
                                        "back).", "Arrival time."), "time", "arrival_time", keep=0.8),
    F.integer("party_size", "Party size", ("Number of guests in the booking, children included (not the number of "
                                           "children or a table number).", "Covers."), "guests", "covers",
              "number_of_guests"),
    F.choice("seating_area", "Seating area", "Where the party is seated.", list(AREAS), "area", "section",
             keep=0.6),
    F.choice("status", "Status", "Whether the booking is confirmed, still awaiting confirmation or on the waiting "
             "list.", list(BOOKING_STATUS), "booking_status", "state", keep=0.7),
    F.choice("occasion", "Occasion", "Occasion noted on the booking; null when none is.", list(OCCASIONS),
             "special_occasion", "celebration", nullable_decide=True, keep=0.5),
    F.items("menus", "Menus", ("Each menu or extra pre-ordered with the booking, in order.", "Pre-order."), [
        F.text("item", "Item", "Menu or extra, as written.", "name", "menu"),
        F.integer("quantity", "Quantity", "How many were ordered.", "qty", "count", keep=0.8),
        F.number("price", "Price", "Price per person or each (not the line total); null when none is shown.",
                 "unit_price", "price_per_person", optional=True, keep=0.7),
    ], "pre_order", "preorder_items", keep=0.8),
    F.number("deposit", "Deposit", ("Deposit paid to secure the booking; null when none was taken (not the "
                                    "per-person rate, a no-show fee or the estimated bill).",
                                    "Deposit taken."), "deposit_paid", "prepayment", optional=True, keep=0.7),
    F.flag("card_guarantee", "Card guarantee", "Whether card details are held to guarantee the booking.",
           "card_required", "card_held", keep=0.7),
    F.flag("marketing_opt_in", "Marketing opt-in", "Whether the guest agreed to receive news and offers.",
           "newsletter", "marketing_consent", keep=0.5),
    F.strings("dietary_requirements", "Dietary requirements", "Allergies and dietary needs noted for the party; "
              "empty when none are.", "allergies", "dietary_notes", keep=0.7),
    F.integer("table_minutes", "Table time (minutes)", "How many minutes the party has the table, if stated (not "
              "the minutes a table is held for late arrivals).", "seating_limit_minutes", "duration_minutes",
              optional=True, keep=0.5),
    F.text("guest_email", "Guest e-mail", "The guest's e-mail address, if shown (not the restaurant's).", "email",
           "contact_email", format="email", optional=True, keep=0.5),
    F.text("guest_phone", "Guest phone", "The guest's phone number as written, if shown (not the restaurant's).",
           "phone", "mobile", optional=True, keep=0.4),
    F.text("manage_url", "Manage link", "Link to change or cancel the booking, if given (not the restaurant's "
           "website).", "manage_booking_url", "url", format="uri", optional=True, keep=0.4),
    F.generate("summary", "Summary", "One sentence saying who booked a table for how many, where and when.", 40,
               keep=0.2),
]


def table_reservation(kit: Kit) -> Draft:
    fake, rng, doc, loc = kit.fake, kit.rng, Doc(), kit.locale
    home_currency(kit)
    restaurant = firm_name(kit, RESTAURANTS, first=True)
    host = slug(restaurant, "events", 20) + "." + TLD[loc]
    platform = rng.choice(PLATFORMS) if kit.chance(0.5) else None
    guest, staff, celebrated, manager = plain_names(kit, 4, HONORIFICS, strip_commas=True)
    party = rng.choice([2, 2, 2, 3, 4, 4, 4, 5, 6, 6, 7, 8, 10, 12])
    children = rng.randint(1, min(3, party - 2)) if party >= 3 and kit.chance(0.25) else 0
    adults = party - children
    day = kit.day()
    booked = day - dt.timedelta(days=rng.randint(1, 75))
    deadline = day - dt.timedelta(days=rng.choice([1, 2, 2, 3, 7]))
    lunch = kit.chance(0.35)
    start = rng.choice(range(12 * 60, 14 * 60 + 1, 15) if lunch else range(17 * 60 + 30, 21 * 60 + 31, 15))
    clock = _clock(kit)
    time_text = clock(start)
    limit = rng.choice([90, 105, 120, 120, 150, 180])
    grace = rng.choice([10, 15, 15, 20, 30])
    f = PRICE[loc]
    main = rng.choice([m for m in SET_MENUS if (m != "Sunday lunch" and m != "Bottomless brunch") or lunch])
    veg = rng.randint(1, min(2, adults - 1)) if main in VEG_MENUS and adults >= 3 and kit.chance(0.35) else 0
    lines: list[tuple[str, int, float, bool]] = [(main, adults - veg, rng.uniform(*SET_MENUS[main]) * f, True)]
    if veg:
        lines.append((VEG_MENUS[main], veg, lines[0][2] * rng.uniform(0.8, 0.95), True))
    if children:
        lines.append(("Children's menu", children, rng.uniform(9, 18) * f, True))
    for extra in rng.sample(list(EXTRAS), rng.choice([0, 0, 1, 1, 2])):
        per_head = extra in ("Wine pairing", "Glass of Champagne", "Cheese course")
        qty = rng.randint(1, adults) if per_head else rng.choice([1, 1, 2]) if extra == "Bottle of Prosecco" else 1
        lines.append((extra, qty, rng.uniform(*EXTRAS[extra]) * f, per_head))
    priced = kit.chance(0.75)
    menus = [{"item": n, "quantity": q, "price": round(p) + rng.choice([0.0, 0.5]) if priced else None}
             for n, q, p, _ in lines]
    per_head = [h for *_, h in lines]
    estimate = round(sum(m["quantity"] * (m["price"] or 0) for m in menus), 2)
    deposit_rate = float(rng.choice([10, 15, 20, 25, 30, 50]))
    deposit = round(deposit_rate * party, 2) if (party >= 6 or main in ("Tasting menu", "Chef's table menu")) \
        and kit.chance(0.7) else None
    no_show = float(rng.choice([15, 20, 25, 30, 40, 50]))
    status = rng.choice(["confirmed"] * 7 + ["pending"] * 2 + ["waitlist"])
    if status == "waitlist":
        deposit = None
    card = deposit is not None or kit.chance(0.45)
    service = rng.choice([10.0, 12.5, 12.5, 15.0])
    area = rng.choice(["dining_room"] * 4 + ["terrace", "bar"] + ["private_room"] * (party >= 8) * 3)
    occasion = rng.choice([None, None, None, "birthday", "birthday", "anniversary", "business", "celebration"])
    prefix = rng.choice(["R-", "", "RES", "#"]) if not platform else rng.choice(["", "TP", "DD-"])
    reference = prefix + (str(rng.randint(10**5, 10**8 - 1)) if kit.chance(0.6) else
                          "".join(rng.choice("ABCDEFGHJKLMNPQRSTUVWXYZ23456789") for _ in range(6)))
    profile = f"G{rng.randint(10000, 999999)}"
    email = _mail(guest, fake.free_email_domain())
    phone = _phone(kit)
    site_host = f"book.{platform.lower().replace(' ', '')}.com" if platform else f"www.{host}"
    url = f"https://{site_host}/manage/{reference.lstrip('#')}"
    facts = {"guest_name": guest, "restaurant": restaurant, "booking_reference": reference,
             "reservation_date": day.isoformat(), "reservation_time": time_text, "party_size": party,
             "seating_area": area, "status": status, "occasion": occasion, "menus": menus, "deposit": deposit,
             "card_guarantee": card, "marketing_opt_in": kit.chance(0.4),
             "dietary_requirements": rng.sample(DIETARY, rng.choice([0, 0, 0, 1, 1, 2, 3])),
             "table_minutes": kit.maybe(limit, 0.6), "guest_email": kit.maybe(email, 0.65),
             "guest_phone": kit.maybe(phone, 0.5), "manage_url": kit.maybe(url, 0.55)}
    facts["summary"] = (f"{guest} booked a table for {party} at {restaurant} on {day.isoformat()} at "
                        f"{time_text}.")
    status_text = rng.choice(BOOKING_STATUS[status])
    area_text = rng.choice(AREAS[area])
    occasion_text = (rng.choice(OCCASIONS[occasion]).format(who=celebrated).replace(
        "dinner", "lunch" if lunch else "dinner") if occasion else
                     rng.choice(["Occasion: none noted", "No special occasion noted."]))
    card_text = says(rng, card, ("Your card details secure this booking; nothing has been charged yet.",
                                 "Card guarantee: yes", "A credit card is held against this reservation."),
                     ("No card details were needed for this booking.", "Card guarantee: not required",
                      "We did not take any card details for this table."))
    opt_text = says(rng, facts["marketing_opt_in"],
                    ("You have signed up to our newsletter.", "Marketing e-mails: yes",
                     "You'll receive news and offers from us."),
                    ("You have not subscribed to our newsletter.", "Marketing e-mails: no",
                     "You won't receive marketing messages from us."))
    evidence = {("status",): status_text, ("seating_area",): area_text, ("occasion",): occasion_text,
                ("card_guarantee",): card_text, ("marketing_opt_in",): opt_text}
    back = clock(start + limit)
    pp = rng.choice(["per person", "pp", "per head"])
    day_text = kit.date_text(day)

    def day_cell() -> L.Cell:
        return L.cell(day_text, ("reservation_date",))

    def guests_cell() -> L.Cell:
        c = kit.count_cell(("party_size",), party)
        if children:
            return L.join(c, L.cell(f" (incl. {children} child{'ren' * (children > 1)})"))
        return L.join(c, L.cell(rng.choice(["", "", " people"])))

    def time_cell() -> L.Cell:
        return L.cell(time_text, ("reservation_time",))

    def minutes_text() -> None:
        if facts["table_minutes"] is not None:
            kit.count(doc.add(rng.choice(["Your table is reserved for ", "Table time: "])), ("table_minutes",), limit)
            doc.line(f" minutes; we will need it back at {back}.")
        doc.line(f"We hold tables for {grace} minutes after the booking time.")

    def menu_table() -> None:
        head = ["Item", "Qty"] + ["Price"] * priced + ["Total"] * (priced and kit.chance(0.6))
        rows = []
        for i, m in enumerate(menus):
            at = ("menus", i)
            row = [L.cell(m["item"], at + ("item",)), kit.count_cell(at + ("quantity",), m["quantity"])]
            if priced:
                row.append(kit.money_cell(at + ("price",), m["price"]))
            if len(head) == 4:
                row.append(kit.money_cell(None, round(m["price"] * m["quantity"], 2)))
            rows.append(row)
        L.table(doc, rng, head, rows)

    def menu_lines(numbered: bool) -> None:
        bullet = rng.choice(BULLETS)
        for i, m in enumerate(menus):     # "- 4 × Tasting menu (£95.00 pp)"
            at = ("menus", i)
            kit.count(doc.add(f"{i + 1}. " if numbered else bullet), at + ("quantity",), m["quantity"])
            doc.add(" × ").put(at + ("item",), m["item"])
            if priced:
                kit.money(doc.add(" ("), at + ("price",), m["price"]).add(f" {pp if per_head[i] else 'each'})")
            doc.line()

    def menu_sentence() -> None:
        doc.add(rng.choice(["You have pre-ordered ", "Your pre-order: "]))
        for i, m in enumerate(menus):     # "Tasting menu for 4 at £95.00 per person"
            at = ("menus", i)
            doc.add("" if i == 0 else " and " if i == len(menus) - 1 else ", ").put(at + ("item",), m["item"])
            kit.count(doc.add(" for "), at + ("quantity",), m["quantity"])
            if priced:
                kit.money(doc.add(" at "), at + ("price",), m["price"]).add(f" {pp if per_head[i] else 'each'}")
        doc.line(".")

    def money_lines() -> None:
        if priced:
            kit.money(doc.add(rng.choice(["Estimated bill: ", "Menu total (estimate): "])), None, estimate)
            doc.line(f" before a {kit.style.decimal(service, 1 if service % 1 else 0)}% service charge."
                     if loc != "de_DE" else ", service included.")
        if deposit is not None:
            kit.money(doc.add("Deposit paid: "), ("deposit",), deposit)
            kit.money(doc.add(" ("), None, deposit_rate).line(" per person, deducted from your bill).")
        doc.add("Cancellations after ")
        kit.date(doc, None, deadline).add(" and no-shows are charged ")
        kit.money(doc, None, no_show).line(" per person.")

    def dietary() -> None:
        strings(kit, doc, "dietary_requirements", facts["dietary_requirements"],
                rng.choice(["Dietary requirements", "Allergies", "Allergies and diets"]),
                rng.choice(["Dietary requirements: none", "No allergies or dietary requirements noted."]))

    def manage(prefix: str) -> None:
        if facts["manage_url"]:
            doc.add(prefix).put(("manage_url",), url).line()
        else:
            doc.line(f"To change your booking, call us on {_phone(kit)}.")

    layout = rng.choice(["email", "platform", "slip", "letter"])
    if layout == "email":       # the restaurant's (or the platform's) confirmation e-mail
        sender = f"{platform} <noreply@{site_host.split('.', 1)[1]}>" if platform else \
            f"{restaurant} <reservations@{host}>"
        doc.line(f"From: {sender}")
        doc.add("To: ").put(("guest_email",), email) if facts["guest_email"] else doc.add(f"To: {guest}")
        doc.line()
        doc.add("Subject: ").add(rng.choice(["Your booking at ", "Reservation confirmation - ", "Your table at "]))
        doc.put(("restaurant",), restaurant).line().line()
        doc.add("Dear ").put(("guest_name",), guest).line(",").line()
        doc.line(status_text)
        doc.add("We look forward to welcoming you on ").put(("reservation_date",), day_text)
        doc.add(" at ").put(("reservation_time",), time_text).line(".").line()
        rows = [("Name", L.cell(guest, ("guest_name",))), ("Restaurant", L.cell(restaurant, ("restaurant",))),
                ("Date", day_cell()), ("Time", time_cell()),
                ("Guests", guests_cell()), ("Booking ref.", L.cell(reference, ("booking_reference",)))]
        if facts["guest_phone"]:
            rows.append(("Phone", L.cell(phone, ("guest_phone",))))
        L.labelled(doc, rng, rows, rng.choice(["colon", "aligned", "dots", "bold"]))
        doc.line(area_text).line(occasion_text).line()
        doc.line(rng.choice(["Your pre-order:", "Menus:", "Pre-ordered:"]))
        menu_lines(kit.chance(0.3))
        dietary()
        kit.pad(doc.line())
        money_lines()
        doc.line(card_text)
        minutes_text()
        manage(rng.choice(["Manage or cancel your booking: ", "Change or cancel: "]))
        doc.line(opt_text).line()
        doc.line(rng.choice(["Kind regards,", "See you soon,", "Best wishes,"])).line(f"{staff}, {restaurant}")
        if platform:
            doc.line(f"Booked via {platform} on {kit.date_text(booked)}")
    elif layout == "platform":  # the booking platform's confirmation page, exported as markdown
        doc.line(f"# {platform or 'Online booking'}").line()
        doc.add("## ").put(("restaurant",), restaurant).line().line(address_line(kit)).line()
        doc.line(f"**{status_text}**").line()
        rows = [("Reservation number", L.cell(reference, ("booking_reference",))),
                ("Name", L.cell(guest, ("guest_name",))), ("Date", day_cell()),
                ("Time", time_cell()), ("Party size", guests_cell())]
        if facts["guest_email"]:
            rows.append(("E-mail", L.cell(email, ("guest_email",))))
        if facts["guest_phone"]:
            rows.append(("Phone", L.cell(phone, ("guest_phone",))))
        rows += [("Booked on", kit.date_cell(None, booked)), ("Guest profile", L.cell(profile))]
        L.labelled(doc, rng, rows, rng.choice(["bold", "pipe", "colon"]))
        doc.line().line(area_text).line(occasion_text).line()
        doc.line("### Your pre-order")
        menu_table()
        doc.line()
        kit.pad(doc)
        doc.line("### Allergies and dietary requirements")
        dietary()
        doc.line().line("### Payment and policies")
        money_lines()
        doc.line(card_text)
        minutes_text()
        doc.line()
        if facts["manage_url"]:
            doc.add("[Manage booking](").put(("manage_url",), url).line(")")
        doc.line(opt_text)
    elif layout == "slip":      # the restaurant's own reservation slip, printed from its system
        doc.line(rng.choice(["RESERVATION", "BOOKING SLIP", "Reservation details"]) + f" - {restaurant}").line()
        rows = [("Ref", L.cell(reference, ("booking_reference",))), ("Guest", L.cell(guest, ("guest_name",)))]
        if facts["guest_phone"]:
            rows.append(("Phone", L.cell(phone, ("guest_phone",))))
        if facts["guest_email"]:
            rows.append(("E-mail", L.cell(email, ("guest_email",))))
        rows += [("Date", day_cell()), ("Time", time_cell()),
                 ("Covers", guests_cell()), ("Table", L.cell(f"T{rng.randint(1, 40)}"))]
        if facts["table_minutes"] is not None:
            rows.append(("Duration (min)", kit.count_cell(("table_minutes",), limit)))
        rows += [("Taken by", L.cell(staff)), ("Created", kit.date_cell(None, booked))]
        L.kv(doc, rng, rows, rng.choice(["aligned", "dots", "grid", "stacked", "colon"]))
        doc.line(status_text).line(area_text).line(occasion_text).line()
        doc.line("Pre-order")
        menu_table()
        kit.pad(doc.line())
        dietary()
        money_lines()
        doc.line(card_text).line(f"Late arrivals: table held for {grace} minutes.")
        doc.line(opt_text)
        if facts["manage_url"]:
            doc.add("Guest link: ").put(("manage_url",), url).line()
        doc.add("Restaurant: ").put(("restaurant",), restaurant).line()
    else:                       # a letter confirming a group or private dining booking
        doc.put(("restaurant",), restaurant).line().line(address_line(kit)).line(f"Tel. {_phone(kit)}").line()
        kit.date(doc, None, booked).line().line()
        doc.add("Dear ").put(("guest_name",), guest).line(",").line()
        doc.add(f"Thank you for choosing {restaurant}. This letter confirms your reservation ")
        doc.put(("booking_reference",), reference).add(" for ")
        kit.count(doc, ("party_size",), party).add(" guests")
        if children:
            doc.add(f", {children} of them children,")
        doc.add(" on ").put(("reservation_date",), day_text).add(" at ").put(("reservation_time",), time_text)
        doc.line(".").line(status_text).line(area_text).line(occasion_text).line()
        if kit.chance(0.5):
            menu_sentence()
        else:
            doc.line("You have pre-ordered:")
            menu_lines(True)
        kit.pad(doc.line())
        dietary()
        money_lines()
        doc.line(card_text)
        minutes_text()
        if facts["guest_email"]:
            doc.add("A copy of this letter has been sent to ").put(("guest_email",), email).line(".")
        if facts["guest_phone"]:
            doc.add("We will text a reminder to ").put(("guest_phone",), phone).line(" the day before.")
        manage("You can also manage the booking online: ")
        doc.line(opt_text).line()
        doc.line(rng.choice(["Yours sincerely,", "With best wishes,"])).line(manager).line("Restaurant manager")
    kit.pad(doc)
    return Draft(("Table reservation", "Restaurant booking confirmation", "Reservation"), RESERVATION_FIELDS, facts,
                 doc, evidence)


# ---- catering order --------------------------------------------------------------------------

CATERERS = {"en_GB": ("{last} Catering Ltd", "{city} Kitchen Co.", "Feast & Fork Ltd", "{last} & Daughters Catering"),
            "en_US": ("{last} Catering Co.", "{city} Event Catering", "Big Table Caterers", "{first}'s Kitchen LLC"),
            "de_DE": ("{last} Partyservice", "Catering {city} GmbH", "Feinkost {last}", "Tafelwerk {city}"),
            "fr_FR": ("Traiteur {last}", "{city} Réceptions", "Maison {last} Traiteur", "Les Saveurs de {first}")}
DISHES = {   # dish: (unit word, price range per unit before the locale's factor, per guest?, styles it goes with)
    "Sandwich platter": ("platter", (28, 45), False, "d"), "Hot buffet": ("person", (14, 28), True, "b"),
    "Canapé selection": ("person", (9, 18), True, "c"), "Mezze platter": ("platter", (30, 50), False, "db"),
    "Fruit platter": ("platter", (22, 40), False, "dbc"), "Cheese board": ("board", (35, 60), False, "dbp"),
    "Seasonal salad bowl": ("bowl", (18, 30), False, "db"), "Coffee and tea": ("person", (2.5, 4.5), True, "dbpc"),
    "Soft drinks": ("bottle", (1.5, 3), False, "dbpc"), "Brownie tray": ("tray", (20, 35), False, "db"),
    "Breakfast pastries": ("person", (4, 8), True, "d"), "BBQ buffet": ("person", (18, 32), True, "b"),
    "Vegan wrap platter": ("platter", (28, 40), False, "d"), "Sushi platter": ("platter", (45, 80), False, "dc"),
    "Finger food buffet": ("person", (12, 22), True, "b"), "Dessert table": ("person", (6, 12), True, "b"),
    "Plated dinner (3 courses)": ("person", (32, 55), True, "P"), "Plated lunch (2 courses)": ("person", (22, 38),
                                                                                               True, "P"),
    "Bowl food": ("person", (12, 20), True, "c"), "Sparkling wine reception": ("person", (8, 15), True, "pc"),
    "Children's lunch box": ("box", (7, 11), False, "db")}
MAINS = {"drop_off": ("Sandwich platter", "Breakfast pastries", "Vegan wrap platter", "Sushi platter"),
         "buffet": ("Hot buffet", "BBQ buffet", "Finger food buffet"),
         "plated": ("Plated dinner (3 courses)", "Plated lunch (2 courses)"),
         "canapes": ("Canapé selection", "Bowl food")}
EQUIPMENT = ("Chafing dishes", "Table linen", "Crockery", "Cutlery", "Glassware", "Serving utensils", "Water urn",
             "Napkins", "Trestle tables")
SERVICE_STYLES = {"drop_off": ("Service: drop-off delivery", "Delivered ready to serve (drop-off)",
                               "Drop-off only - our driver sets down and leaves"),
                  "buffet": ("Service: buffet", "Served as a buffet", "Buffet service, set up on site"),
                  "plated": ("Service: plated meal", "Served plated at the table", "Plated service (seated meal)"),
                  "canapes": ("Service: canapé reception", "Canapés passed by our staff",
                              "Standing reception with canapés")}
EVENTS = ("Team lunch", "Board meeting", "Product launch", "Summer party", "Training day", "Christening",
          "Retirement party", "Open day", "Garden party", "Client workshop")
CATERING_VAT = {"en_GB": ("VAT 20%", 0.2), "en_US": ("Sales tax", None), "de_DE": ("VAT (MwSt.) {r}%", None),
                "fr_FR": ("VAT (TVA) 10%", 0.1)}
CATERING_FIELDS = [
    F.text("customer", "Customer", ("Person who placed the order (not the on-site contact or the caterer's "
                                    "coordinator).", "Name of the customer."), "customer_name", "ordered_by", "client"),
    F.text("company", "Company", "Company the order is for, if named.", "organisation", "client_company",
           optional=True, keep=0.5),
    F.text("caterer", "Caterer", "Catering company that confirmed the order.", "supplier", "caterer_name", keep=0.7),
    F.text("order_number", "Order number", ("Caterer's order number (not the invoice number, the quote or the "
                                            "customer's purchase order).", "Order reference."), "order_no",
           "order_ref", keep=0.8),
    F.text("purchase_order", "Purchase order", "The customer's own purchase order number, if quoted (not the "
           "caterer's order number).", "po_number", "customer_po", optional=True, keep=0.4),
    F.date("delivery_date", "Delivery date", ("Day the food is delivered for the event (not the order date, the "
                                              "final-numbers deadline or the payment due date).",
                                              "Event date."), "event_date", "date"),
    F.text("delivery_time", "Delivery time", ("Time of delivery as written (not the serving or collection time).",
                                              "Delivery slot."), "time", "arrival_time", keep=0.7),
    F.text("delivery_address", "Delivery address", "Address the food is delivered to (not the caterer's or the "
           "billing address).", "address", "venue_address", keep=0.6),
    F.integer("guest_count", "Guests", ("Number of guests catered for (not a dish quantity or the number of "
                                        "staff).", "Head count."), "guests", "headcount", "covers"),
    F.choice("service_style", "Service style", "How the food is served.", list(SERVICE_STYLES), "service",
             "style", keep=0.7, option_descriptions=("delivered and left ready to serve", "a buffet set up on site",
                                                     "a seated meal served plated", "canapés at a standing "
                                                     "reception")),
    F.items("items", "Items", ("Each food and drink line ordered, in order.", "Menu items."), [
        F.text("item", "Item", "Dish or drink, as written.", "dish", "description"),
        F.integer("quantity", "Quantity", "Quantity ordered (platters, people or pieces, as written).", "qty",
                  keep=0.8),
        F.number("unit_price", "Unit price", "Price of one unit (not the line amount).", "price_each", "rate",
                 keep=0.5),
        F.number("amount", "Amount", "Line amount (not the unit price).", "line_total", "total", keep=0.7),
    ], "lines", "menu"),
    F.number("delivery_fee", "Delivery fee", "Delivery charge; null when delivery is free or included.",
             "delivery_charge", "delivery", optional=True, keep=0.5),
    F.number("total", "Total", ("Total of the order with delivery, staff and tax (not the subtotal, the deposit or "
                                "the balance due).", "Order total."), "total_amount", "grand_total", minimum=0),
    F.number("deposit_paid", "Deposit paid", "Deposit already paid; null when none was (not the balance).",
             "deposit", "amount_paid", optional=True, keep=0.5),
    F.date("payment_due", "Payment due", "Date the balance is due, if stated (not the delivery date).", "due_date",
           "pay_by", optional=True, keep=0.5),
    F.flag("staff_included", "Staff included", "Whether serving staff come with the order.", "with_staff",
           "service_staff", keep=0.7),
    F.flag("paid_in_full", "Paid in full", "Whether the order has been paid in full.", "paid", "is_paid", keep=0.6),
    F.strings("equipment", "Equipment", "Equipment supplied with the order (dishes, linen, urns); empty when "
              "none is.", "equipment_supplied", "hire_items", keep=0.6),
    F.text("customer_email", "Customer e-mail", "The customer's e-mail address, if shown (not the caterer's).",
           "email", "contact_email", format="email", optional=True, keep=0.5),
    F.generate("summary", "Summary", "One sentence saying what is delivered for how many guests, where and when.",
               40, keep=0.2),
]


def catering_order(kit: Kit) -> Draft:
    fake, rng, doc, loc = kit.fake, kit.rng, Doc(), kit.locale
    home_currency(kit)
    caterer = firm_name(kit, CATERERS, first=True)
    host = slug(caterer, "events", 20) + "." + TLD[loc]
    customer, contact, coordinator, driver = plain_names(kit, 4, HONORIFICS, strip_commas=True)
    company = fake.company() if kit.chance(0.65) else None
    guests = rng.choice([8, 10, 12, 15, 20, 25, 30, 40, 50, 60, 80, 120])
    style = rng.choice(["drop_off"] * 4 + ["buffet"] * 3 + ["plated", "canapes"])
    staff = style in ("plated", "canapes") or (style == "buffet" and kit.chance(0.6))
    f = PRICE[loc]
    code = {"drop_off": "d", "buffet": "b", "plated": "p", "canapes": "c"}[style]
    main = rng.choice(MAINS[style])
    event = rng.choice(EVENTS)
    family = event in ("Christening", "Summer party", "Garden party", "Open day")
    sides = [d for d, spec in DISHES.items() if code in spec[3] and d != main
             and (family or d != "Children's lunch box")]
    picked = [main] + rng.sample(sides, min(len(sides), rng.randint(2, 5)))
    items = []
    for dish in picked:
        unit, (lo, hi), per_guest, _ = DISHES[dish]
        qty = guests if per_guest else (max(1, round(guests / rng.choice([5, 6, 8, 10]))) if unit != "bottle"
                                        else guests * rng.choice([1, 2]))
        price = round(rng.uniform(lo, hi) * f * 2) / 2
        items.append({"item": dish, "quantity": qty, "unit_price": price, "amount": round(qty * price, 2)})
    units = [DISHES[i["item"]][0] for i in items]
    subtotal = round(sum(i["amount"] for i in items), 2)
    delivery = None if kit.chance(0.35) else float(rng.choice([15, 20, 25, 35, 45, 60]))
    waiters = max(1, guests // 25) + (style == "plated")
    hours = rng.choice([3, 4, 5])
    staff_cost = round(waiters * hours * rng.choice([18, 22, 25, 28]) * f, 2) if staff else 0.0
    equipment = [e for e in EQUIPMENT if e in rng.sample(EQUIPMENT, rng.choice([0, 0, 1, 2, 3, 4]))]
    if style == "drop_off" and kit.chance(0.5):
        equipment = []
    vat_label, rate = CATERING_VAT[loc]
    if loc == "de_DE":
        rate = 0.19 if staff else 0.07
    elif loc == "en_US":
        rate = rng.choice([0.06, 0.0725, 0.08, 0.08875])
    vat_label = vat_label.format(r=round(rate * 100))
    if loc == "en_US":
        vat_label += f" ({kit.style.decimal(rate * 100, 3 if rate == 0.08875 else 2).rstrip('0').rstrip('.,')}%)"
    net = round(subtotal + (delivery or 0) + staff_cost, 2)
    tax = round(net * rate, 2)
    total = round(net + tax, 2)
    paid = kit.chance(0.3)
    deposit = None if paid else kit.maybe(round(total * rng.choice([0.2, 0.25, 0.3, 0.5]), 2), 0.5)
    balance = 0.0 if paid else round(total - (deposit or 0), 2)
    day = kit.day()
    ordered = day - dt.timedelta(days=rng.randint(3, 40))
    numbers_by = day - dt.timedelta(days=rng.choice([2, 3, 5, 7]))
    due = kit.maybe(day + dt.timedelta(days=rng.choice([14, 30])) if kit.chance(0.6) else
                    day - dt.timedelta(days=rng.choice([1, 3, 7])), 0.7) if not paid else None
    clock = _clock(kit)
    deliver_at = rng.choice(range(7 * 60 + 30, 18 * 60 + 1, 15))
    serve_at = deliver_at + rng.choice([30, 45, 60])
    collect_at = serve_at + rng.choice([120, 180, 240])
    time_text = clock(deliver_at)
    address = address_line(kit)
    order_no = {"en_GB": f"ORD-{rng.randint(10000, 99999)}", "en_US": f"CO{rng.randint(100000, 999999)}",
                "de_DE": f"AB-{day.year}-{rng.randint(100, 9999):04d}",
                "fr_FR": f"CMD-{day.year % 100}{rng.randint(1000, 9999)}"}[loc]
    quote_no = f"Q{rng.randint(1000, 9999)}"
    invoice_no = f"INV-{rng.randint(10000, 99999)}"
    po = rng.choice(["PO-", "PO ", "4500"]) + str(rng.randint(10000, 99999))
    email = _mail(customer, slug(company, "events", 20) + "." + TLD[loc] if company else fake.free_email_domain())
    facts = {"customer": customer, "company": company, "caterer": caterer, "order_number": order_no,
             "purchase_order": po if company and kit.chance(0.5) else None, "delivery_date": day.isoformat(),
             "delivery_time": time_text, "delivery_address": address, "guest_count": guests,
             "service_style": style, "items": items, "delivery_fee": delivery, "total": total,
             "deposit_paid": deposit, "payment_due": due.isoformat() if due else None, "staff_included": staff,
             "paid_in_full": paid, "equipment": equipment, "customer_email": kit.maybe(email, 0.6)}
    facts["summary"] = (f"{caterer} delivers {event.lower()} catering for {guests} guests to {address} on "
                        f"{day.isoformat()} at {time_text}.")
    style_text = rng.choice(SERVICE_STYLES[style])
    staff_text = says(rng, staff, (f"Staff: {waiters} server{'s' * (waiters > 1)} for {hours} hours",
                                   "Our serving staff will look after your guests.",
                                   "Service staff included."),
                      ("No staff: the food is delivered and set out by our driver.", "Service staff: not included",
                       "Staff are not included in this order."))
    paid_text = says(rng, paid, ("Paid in full - thank you.", "Payment status: paid",
                                 "We have received full payment for this order."),
                     ("Balance outstanding", "Payment status: not yet paid in full",
                      "This order has not been paid in full yet."))
    evidence = {("service_style",): style_text, ("staff_included",): staff_text, ("paid_in_full",): paid_text}
    day_text = kit.date_text(day)

    def day_cell() -> L.Cell:
        return L.cell(day_text, ("delivery_date",))

    def qty_text(i: int) -> str:
        u = units[i]
        return "guests" if u == "person" else f"{u}{'es' if u == 'box' else 's'}" if items[i]["quantity"] > 1 else u

    def item_table() -> None:
        head = [rng.choice(["Item", "Description"]), rng.choice(["Qty", "Quantity"]),
                rng.choice(["Unit price", "Price", "Each"]), rng.choice(["Amount", "Total", "Line total"])]
        rows = []
        for i, it in enumerate(items):
            at = ("items", i)
            rows.append([L.cell(it["item"], at + ("item",)), kit.count_cell(at + ("quantity",), it["quantity"])]
                        + [kit.money_cell(at + ("unit_price",), it["unit_price"]),
                           kit.money_cell(at + ("amount",), it["amount"])])
        L.table(doc, rng, head, rows)

    def item_lines(numbered: bool) -> None:
        bullet = rng.choice(BULLETS)
        for i, it in enumerate(items):      # "- Sandwich platter × 4 @ £32.00 = £128.00"
            at = ("items", i)
            doc.add(f"{i + 1}. " if numbered else bullet).put(at + ("item",), it["item"])
            kit.count(doc.add(" × "), at + ("quantity",), it["quantity"])
            kit.money(doc.add(" @ "), at + ("unit_price",), it["unit_price"])
            kit.money(doc.add(" = "), at + ("amount",), it["amount"]).line()

    def item_sentence() -> None:
        doc.add("We will bring ")
        for i, it in enumerate(items):      # "hot buffet for 40 guests (£18.00 each, £720.00)"
            at = ("items", i)
            doc.add("" if i == 0 else " and " if i == len(items) - 1 else ", ").put(at + ("item",), it["item"])
            kit.count(doc.add(" ("), at + ("quantity",), it["quantity"]).add(f" {qty_text(i)} at ")
            kit.money(doc, at + ("unit_price",), it["unit_price"])
            kit.money(doc.add(", "), at + ("amount",), it["amount"]).add(")")
        doc.line(".")

    def money_rows() -> list[tuple[str, L.Cell]]:
        rows = [("Subtotal", kit.money_cell(None, subtotal))]
        if delivery is None:
            rows.append(("Delivery", L.cell(rng.choice(["free", "included", "no charge"]))))
        else:
            rows.append(("Delivery", kit.money_cell(("delivery_fee",), delivery)))
        if staff:
            rows.append((f"Service staff ({waiters} × {hours} h)", kit.money_cell(None, staff_cost)))
        if rate:
            rows.append((vat_label, kit.money_cell(None, tax)))
        rows.append((rng.choice(["Total", "Order total", "Total due" if not (deposit or paid) else "Total"]),
                     kit.money_cell(("total",), total)))
        if deposit:
            rows += [("Deposit paid", kit.money_cell(("deposit_paid",), deposit)),
                     ("Balance due", kit.money_cell(None, balance))]
        return rows

    def times() -> None:
        doc.line(f"Food served from {clock(serve_at)}; we collect equipment at {clock(collect_at)}.")

    def numbers_line() -> None:
        kit.date(doc.add("Final numbers are needed by "), None, numbers_by).line(".")

    def pay_line() -> None:
        doc.line(paid_text)
        if due:
            kit.date(doc.add(rng.choice(["Please pay the balance by ", "Payment due: "])), ("payment_due",), due)
            doc.line(".")

    def kit_list() -> None:
        strings(kit, doc, "equipment", equipment, rng.choice(["Equipment supplied", "We bring", "Equipment"]),
                rng.choice(["Equipment: none (disposable platters)", "No equipment supplied; everything comes on "
                                                                    "disposable platters."]))

    def contact_rows() -> list[tuple[str, L.Cell]]:
        rows = [("Customer", L.cell(customer, ("customer",)))]
        if company:
            rows.append(("Company", L.cell(company, ("company",))))
        if facts["customer_email"]:
            rows.append(("E-mail", L.cell(email, ("customer_email",))))
        if facts["purchase_order"]:
            rows.append(("Your PO", L.cell(po, ("purchase_order",))))
        rows.append(("On-site contact", L.cell(f"{contact}, {_phone(kit)}")))
        return rows

    layout = rng.choice(["confirmation", "invoice", "email", "export"])
    if layout == "confirmation":    # the caterer's order confirmation
        doc.put(("caterer",), caterer).line().line(address_line(kit)).line(f"orders@{host}").line()
        doc.line(rng.choice(["ORDER CONFIRMATION", "Catering order confirmation", "Confirmation of your order"]))
        doc.line()
        rows = [("Order no.", L.cell(order_no, ("order_number",))), ("Order date", kit.date_cell(None, ordered)),
                ("Quote ref.", L.cell(quote_no))] + contact_rows()
        rows += [("Event", L.cell(event)), ("Delivery date", day_cell()),
                 ("Delivery time", L.cell(time_text, ("delivery_time",))),
                 ("Delivery address", L.cell(address, ("delivery_address",))),
                 ("Guests", kit.count_cell(("guest_count",), guests))]
        L.kv(doc, rng, rows)
        doc.line(style_text).line(staff_text)
        times()
        doc.line()
        kit.pad(doc)
        item_table()
        L.kv(doc.line(), rng, money_rows(), rng.choice(["colon", "aligned", "dots"]))
        doc.line()
        pay_line()
        kit_list()
        numbers_line()
    elif layout == "invoice":       # the caterer's invoice after (or before) the event
        doc.put(("caterer",), caterer).line().line(address_line(kit))
        doc.line({"en_GB": f"VAT reg. GB {rng.randint(100, 999)} {rng.randint(1000, 9999)} {rng.randint(10, 99)}",
                  "en_US": f"Tax ID {rng.randint(10, 99)}-{rng.randint(1000000, 9999999)}",
                  "de_DE": f"USt-IdNr. DE{rng.randint(10**8, 10**9 - 1)}",
                  "fr_FR": f"SIRET {rng.randint(10**13, 10**14 - 1)}"}[loc]).line()
        doc.line(rng.choice(["INVOICE", "Invoice", "PRO FORMA INVOICE"])).line()
        bill = [("Invoice no.", L.cell(invoice_no)), ("Invoice date", kit.date_cell(None, ordered)),
                ("Order ref.", L.cell(order_no, ("order_number",)))]
        L.kv(doc, rng, bill + contact_rows()[:-1], rng.choice(["colon", "aligned", "grid", "pipe"]))
        doc.line()
        doc.add(f"Event: {event}, ").put(("delivery_date",), day_text).add(", delivery at ")
        doc.put(("delivery_time",), time_text).line()
        doc.add("Delivered to: ").put(("delivery_address",), address).line()
        kit.count(doc.add("Guests: "), ("guest_count",), guests).line().line(style_text).line()
        item_table()
        L.kv(doc.line(), rng, money_rows(), rng.choice(["colon", "aligned", "dots"]))
        kit.pad(doc.line())
        pay_line()
        doc.line(staff_text)
        kit_list()
        doc.line(f"Bank transfer quoting {invoice_no}.")
    elif layout == "email":         # the coordinator's e-mail confirming the order
        doc.line(f"From: {coordinator} <{_mail(coordinator, host)}>")
        doc.add("To: ").put(("customer_email",), email).line() if facts["customer_email"] else \
            doc.line(f"To: {customer}")
        doc.add("Subject: Your catering order ").put(("order_number",), order_no).line().line()
        doc.add("Dear ").put(("customer",), customer).line(",").line()
        doc.add("Thank you for your order")
        if company:
            doc.add(" (for ").put(("company",), company).add(")")
        doc.add(". We will deliver on ").put(("delivery_date",), day_text).add(" at ")
        doc.put(("delivery_time",), time_text).add(" to ").put(("delivery_address",), address).line(".")
        kit.count(doc.add("The order is for "), ("guest_count",), guests).add(" guests")
        doc.line(f" ({event.lower()}).").line(style_text).line(staff_text)
        times()
        doc.line()
        if kit.chance(0.35):
            item_sentence()
        else:
            doc.line(rng.choice(["Your menu:", "What we will bring:", "Order details:"]))
            item_lines(kit.chance(0.4))
        doc.line()
        for label, c in money_rows():
            L.write(doc.add(f"{label}: "), c).line()
        kit.pad(doc.line())
        pay_line()
        if facts["purchase_order"]:
            doc.add("We have noted your purchase order ").put(("purchase_order",), po).line(".")
        kit_list()
        numbers_line()
        doc.line(f"On the day, {driver} will drive; please have {contact} meet them.").line()
        doc.line(rng.choice(["Best regards,", "Kind regards,"])).add(f"{coordinator}\n").put(("caterer",), caterer)
        doc.line()
    else:                           # an export from the online ordering system
        doc.line(f"# {caterer} - order export").line(f"# exported {kit.style.date(ordered, 'iso')}").line()
        rows = [("order_no", L.cell(order_no, ("order_number",))),
                ("status", L.cell(rng.choice(["confirmed", "open"]))), ("customer", L.cell(customer, ("customer",)))]
        if company:
            rows.append(("company", L.cell(company, ("company",))))
        if facts["customer_email"]:
            rows.append(("email", L.cell(email, ("customer_email",))))
        if facts["purchase_order"]:
            rows.append(("po_number", L.cell(po, ("purchase_order",))))
        rows += [("delivery_date", day_cell()), ("delivery_time", L.cell(time_text, ("delivery_time",))),
                 ("address", L.cell(address, ("delivery_address",))),
                 ("guests", kit.count_cell(("guest_count",), guests)), ("order_date", kit.date_cell(None, ordered))]
        L.kv(doc, rng, rows, rng.choice(["colon", "aligned", "pipe"]))
        doc.line(style_text).line(staff_text).line()
        doc.line("lines")
        item_table()
        kit.pad(doc.line())
        doc.line("totals")
        for label, c in money_rows():
            L.write(doc.add(f"{label}: "), c).line()
        pay_line()
        kit_list()
        doc.add("caterer: ").put(("caterer",), caterer).line()
    kit.pad(doc)
    return Draft(("Catering order", "Catering order confirmation", "Event catering order"), CATERING_FIELDS, facts,
                 doc, evidence)


# ---- venue hire agreement --------------------------------------------------------------------

VENUES = {"en_GB": ("{city} Village Hall", "The Old Barn at {last} Farm", "St {first}'s Church Hall", "{last} House",
                    "The Assembly Rooms, {city}"),
          "en_US": ("{city} Community Center", "The {last} Barn", "The {last} Ballroom", "{city} Yacht Club",
                    "The Loft on {last} Street"),
          "de_DE": ("Bürgerhaus {city}", "Gut {last}", "Alte Scheune {city}", "Kulturhaus {city}",
                    "Landgasthof {last}"),
          "fr_FR": ("Salle des fêtes de {city}", "Domaine de {last}", "Château de {city}", "Le Moulin de {last}",
                    "Espace {first}")}
OPERATORS = {"en_GB": ("{city} Village Hall Trust", "{last} Estates Ltd", "{last} Venues Ltd"),
             "en_US": ("{last} Hospitality LLC", "{city} Parks and Recreation", "{last} Events Inc."),
             "de_DE": ("{last} Event GmbH", "Gemeinde {city}", "{last} Veranstaltungs GmbH"),
             "fr_FR": ("Commune de {city}", "SARL {last} Réceptions", "{last} Événements SAS")}
ROOMS = ("Main Hall", "Garden Room", "Ballroom", "Barn", "Orangery", "Function Room", "Upper Hall", "Terrace Room",
         "Long Gallery", "Courtyard Marquee")
HIRE_EXTRAS = {"Bar staff": (90, 220), "PA system": (40, 120), "Cleaning fee": (50, 150),
               "Late licence extension": (60, 180), "Tables and chairs": (40, 150), "Security staff": (120, 300),
               "Kitchen use": (30, 90), "Projector and screen": (35, 80), "Linen hire": (45, 140),
               "Dance floor": (150, 400)}
HIRE_EVENTS = {"wedding": ("Purpose of hire: wedding reception", "Type of event: wedding",
                           "The Hirer hires the venue for a wedding reception."),
               "birthday": ("Purpose of hire: birthday party", "Type of event: private birthday party",
                            "The Hirer hires the venue for a birthday party."),
               "corporate": ("Purpose of hire: company conference", "Type of event: corporate event",
                             "The Hirer hires the venue for a company event."),
               "community": ("Purpose of hire: club fundraiser", "Type of event: community event",
                             "The Hirer hires the venue for a community event."),
               "memorial": ("Purpose of hire: funeral reception", "Type of event: memorial gathering",
                            "The Hirer hires the venue for a wake after a funeral.")}
PROHIBITED = ("Confetti", "Sky lanterns", "Naked flames", "Glitter", "Smoke machines", "Bouncy castles",
              "Fireworks", "Helium balloons", "Pins in the walls", "Rice throwing")
RISK_LEVELS = {1: "very low", 2: "low", 3: "medium", 4: "high", 5: "very high"}
HIRE_VAT = {"en_GB": ("VAT 20%", 0.2), "en_US": ("Sales tax", 0.0), "de_DE": ("VAT (MwSt.) 19%", 0.19),
            "fr_FR": ("VAT (TVA) 20%", 0.2)}
VENUE_FIELDS = [
    F.text("hirer", "Hirer", ("Person hiring the venue (not the venue's manager or the person responsible on the "
                              "day).", "Name of the hirer."), "hirer_name", "customer", "client"),
    F.text("venue", "Venue", "Venue hired (not the company that runs it).", "venue_name", "location"),
    F.text("room", "Room", "Room or space hired (not another room of the venue).", "space", "hall", keep=0.6),
    F.text("agreement_number", "Agreement number", ("Number of the agreement or booking (not the invoice number or "
                                                    "the premises licence).", "Booking reference."), "booking_ref",
           "reference", keep=0.7),
    F.date("event_date", "Event date", ("Day of the hire (not the agreement date or a payment date).",
                                        "Date of the event."), "hire_date", "date"),
    F.date("agreement_date", "Agreement date", "Date the agreement was made or signed (not the event date).",
           "signed_on", "dated", keep=0.4),
    F.text("start_time", "Start time", ("Time the hire starts, as written (not the set-up access time).",
                                        "Hire from."), "from", "hire_start", keep=0.6),
    F.text("end_time", "End time", ("Time the hire ends and the venue must be vacated, as written (not the time "
                                    "music must stop).", "Hire until."), "until", "hire_end", keep=0.6),
    F.choice("event_type", "Event type", "Purpose of the hire.", list(HIRE_EVENTS), "purpose", "type", keep=0.7),
    F.integer("guest_count", "Expected guests", ("Number of guests expected (not the venue's maximum capacity).",
                                                 "Guest numbers."), "guests", "attendees", keep=0.8),
    F.items("charges", "Charges", ("Each charge of the hire, in order.", "Fees."), [
        F.text("item", "Item", "What the charge is for, as written.", "description", "name"),
        F.number("amount", "Amount", "Amount of the charge.", "fee", "price", keep=0.8),
    ], "fees", "costs", keep=0.8),
    F.number("total_amount", "Total", ("Total hire charge with tax (not the booking deposit, the security deposit "
                                       "or one charge).", "Total fee."), "total", "total_fee", minimum=0),
    F.number("security_deposit", "Security deposit", "Refundable damage deposit; null when none is taken (not the "
             "booking deposit).", "damage_deposit", "refundable_deposit", optional=True, keep=0.6),
    F.date("balance_due_date", "Balance due", "Date the balance of the hire fee is due, if stated (not the event "
           "date or the booking deposit's date).", "balance_due", "payment_due", optional=True, keep=0.5),
    F.flag("own_alcohol_allowed", "Own alcohol allowed", "Whether the hirer may bring their own alcohol.",
           "byo_alcohol", "corkage_free", keep=0.7),
    F.flag("insurance_required", "Insurance required", "Whether the hirer must hold their own public liability "
           "insurance.", "hirer_insurance", "liability_insurance_required", keep=0.6),
    F.flag("exclusive_use", "Exclusive use", "Whether the hirer has the whole venue to themselves.", "exclusive",
           "sole_use", keep=0.5),
    F.score("risk_rating", "Risk rating", "Venue's risk rating of the event.", RISK_LEVELS, "event_risk", "risk",
            keep=0.5),
    F.strings("prohibited", "Prohibited", "Items or activities the agreement prohibits; empty when it lists none.",
              "not_permitted", "banned_items", keep=0.6),
    F.text("hirer_email", "Hirer e-mail", "The hirer's e-mail address, if shown (not the venue's).", "email",
           "contact_email", format="email", optional=True, keep=0.5),
    F.generate("summary", "Summary", "One sentence saying who hires which venue, when and for what.", 40,
               keep=0.2),
]


def venue_hire_agreement(kit: Kit) -> Draft:
    fake, rng, doc, loc = kit.fake, kit.rng, Doc(), kit.locale
    home_currency(kit)
    venue = firm_name(kit, VENUES, first=True)
    operator = firm_name(kit, OPERATORS, first=True)
    host = slug(venue, "events", 20) + "." + TLD[loc]
    rooms = rng.sample(ROOMS, rng.randint(2, 4))
    room = rooms[0]
    hirer, manager, steward, witness = plain_names(kit, 4, HONORIFICS, strip_commas=True)
    kind = rng.choice(["wedding"] * 3 + ["birthday"] * 3 + ["corporate"] * 2 + ["community", "memorial"])
    capacity = rng.choice([80, 100, 120, 150, 180, 200, 250, 300])
    guests = rng.randint(max(20, capacity // 4), capacity - 5) // 5 * 5
    f = PRICE[loc]
    hours = rng.choice([4, 5, 6, 8, 10, 12])
    clock = _clock(kit)
    start = rng.choice([9, 10, 12, 14, 16, 17, 18]) * 60 + rng.choice([0, 0, 30])
    end = start + hours * 60
    setup = start - rng.choice([60, 90, 120, 180])
    curfew = end - rng.choice([30, 60])
    room_fee = round(hours * rng.uniform(25, 90) * f) * 1.0
    charges = [{"item": f"{room} hire ({hours} hours)", "amount": room_fee}]
    for extra in rng.sample(list(HIRE_EXTRAS), rng.choice([0, 1, 2, 2, 3, 4])):
        charges.append({"item": extra, "amount": round(rng.uniform(*HIRE_EXTRAS[extra]) * f) * 1.0})
    subtotal = round(sum(c["amount"] for c in charges), 2)
    vat_label, rate = HIRE_VAT[loc]
    if loc == "en_GB" and kit.chance(0.4):
        vat_label, rate = "VAT (exempt: charity)", 0.0
    vat = round(subtotal * rate, 2)
    total = round(subtotal + vat, 2)
    booking_deposit = round(total * rng.choice([0.2, 0.25, 0.3, 0.5]), 2)
    security = kit.maybe(float(rng.choice([100, 150, 200, 250, 300, 500])), 0.65)
    day = kit.day(within=1100)
    signed = day - dt.timedelta(days=rng.randint(30, 300))
    deposit_due = signed + dt.timedelta(days=rng.choice([7, 14]))
    balance_due = day - dt.timedelta(days=rng.choice([14, 28, 30, 42, 56]))
    byo = kit.chance(0.4)
    insured = kit.chance(0.5)
    exclusive = kit.chance(0.45)
    risk = min(5, max(1, {"wedding": 2, "birthday": 3, "corporate": 1, "community": 2, "memorial": 1}[kind]
                      + (guests > 150) + byo + rng.choice([-1, 0, 0, 1])))
    ref = {"en_GB": f"VH/{day.year}/{rng.randint(1, 999):03d}", "en_US": f"RA-{rng.randint(10000, 99999)}",
           "de_DE": f"MV-{day.year}-{rng.randint(100, 999)}", "fr_FR": f"LOC-{day.year}-{rng.randint(10, 999)}"}[loc]
    invoice_no = f"INV {rng.randint(1000, 9999)}"
    licence = {"en_GB": f"Premises licence PL{rng.randint(1000, 9999)}",
               "en_US": f"Liquor license #{rng.randint(100000, 999999)}",
               "de_DE": f"Gaststättenerlaubnis Nr. {rng.randint(100, 999)}/{day.year % 100}",
               "fr_FR": f"Licence IV n° {rng.randint(1000, 9999)}"}[loc]
    email = _mail(hirer, fake.free_email_domain())
    prohibited = [p for p in PROHIBITED if p in rng.sample(PROHIBITED, rng.choice([0, 0, 1, 2, 3, 4]))]
    balance = kit.chance(0.75)
    facts = {"hirer": hirer, "venue": venue, "room": room, "agreement_number": ref, "event_date": day.isoformat(),
             "agreement_date": signed.isoformat(), "start_time": clock(start), "end_time": clock(end),
             "event_type": kind, "guest_count": guests, "charges": charges, "total_amount": total,
             "security_deposit": security, "balance_due_date": balance_due.isoformat() if balance else None,
             "own_alcohol_allowed": byo, "insurance_required": insured, "exclusive_use": exclusive,
             "risk_rating": risk, "prohibited": prohibited, "hirer_email": kit.maybe(email, 0.6)}
    purpose = {"wedding": "a wedding reception", "birthday": "a birthday party", "corporate": "a company event",
               "community": "a community event", "memorial": "a funeral reception"}[kind]
    facts["summary"] = (f"{hirer} hires the {room} at {venue} on {day.isoformat()} from {facts['start_time']} to "
                        f"{facts['end_time']} for {purpose}.")
    type_text = rng.choice(HIRE_EVENTS[kind])
    byo_text = says(rng, byo, ("The Hirer may bring their own drinks; no corkage is charged.",
                               "Own alcohol: permitted", "Bring-your-own drinks are allowed."),
                    ("No alcohol may be brought onto the premises; drinks are sold by the venue bar only.",
                     "Own alcohol: not permitted", "The Hirer may not bring their own alcohol."))
    ins_text = says(rng, insured, ("The Hirer must hold public liability insurance and show the certificate before "
                                   "the event.", "Hirer's public liability insurance: required"),
                    ("The Hirer does not need their own insurance; the venue's policy covers the event.",
                     "Hirer's public liability insurance: not required"))
    excl_text = says(rng, exclusive, ("The Hirer has exclusive use of the whole venue.", "Exclusive use: yes"),
                     (f"Exclusive use: no - the {rooms[1]} may be let to other hirers.",
                      f"This is not an exclusive hire; the {rooms[1]} stays open to other users."))
    risk_text = rng.choice([f"Event risk rating: {risk}/5 ({RISK_LEVELS[risk]})", f"Risk assessment: "
                            f"{RISK_LEVELS[risk]} ({risk})", f"Risk category: {risk} of 5"])
    evidence = {("event_type",): type_text, ("own_alcohol_allowed",): byo_text, ("insurance_required",): ins_text,
                ("exclusive_use",): excl_text, ("risk_rating",): risk_text}
    day_text = kit.date_text(day)
    start_text, end_text = facts["start_time"], facts["end_time"]

    def day_cell() -> L.Cell:
        return L.cell(day_text, ("event_date",))

    def hours_cell() -> L.Cell:
        return L.template("{s} to {e}", s=(("start_time",), start_text), e=(("end_time",), end_text))

    def schedule_rows() -> list[tuple[str, L.Cell]]:
        return [("Venue", L.cell(venue, ("venue",))), ("Room", L.cell(room, ("room",))), ("Date of hire", day_cell()),
                ("Hours", hours_cell()), ("Access for set-up from", L.cell(clock(setup))),
                ("Expected guests", kit.count_cell(("guest_count",), guests)),
                ("Maximum capacity", kit.count_cell(None, capacity))]

    def charge_table() -> None:
        L.table(doc, rng, [rng.choice(["Item", "Description", "Charge"]), rng.choice(["Amount", "Fee", "Price"])],
                [[L.cell(c["item"], ("charges", i, "item")), kit.money_cell(("charges", i, "amount"), c["amount"])]
                 for i, c in enumerate(charges)])

    def charge_lines(numbered: bool) -> None:
        bullet, sep = rng.choice(BULLETS), rng.choice([": ", " - ", " ... "])
        for i, c in enumerate(charges):
            doc.add(f"{i + 1}. " if numbered else bullet).put(("charges", i, "item"), c["item"])
            kit.money(doc.add(sep), ("charges", i, "amount"), c["amount"]).line()

    def charge_sentence() -> None:
        doc.add("The hire fee is made up of ")
        for i, c in enumerate(charges):    # "main hall hire (6 hours) at £300.00, bar staff at £120.00 and ..."
            c["item"] = lower_first(c["item"])      # the gold is the text as written here
            doc.add("" if i == 0 else " and " if i == len(charges) - 1 else ", ").put(("charges", i, "item"), c["item"])
            kit.money(doc.add(" at "), ("charges", i, "amount"), c["amount"])
        doc.line(".")

    def total_rows() -> list[tuple[str, L.Cell]]:
        rows = [("Subtotal", kit.money_cell(None, subtotal))]
        if rate or loc == "en_GB":
            rows.append((vat_label, kit.money_cell(None, vat)))
        rows += [("Total hire charge", kit.money_cell(("total_amount",), total)),
                 ("Booking deposit (non-refundable)", kit.money_cell(None, booking_deposit))]
        if security is not None:
            rows.append(("Security deposit (refundable)", kit.money_cell(("security_deposit",), security)))
        return rows

    def payment_table() -> None:
        rows = [[kit.date_cell(None, deposit_due), L.cell("Booking deposit"), kit.money_cell(None, booking_deposit)]]
        if balance:
            rows.append([kit.date_cell(("balance_due_date",), balance_due), L.cell("Balance"),
                         kit.money_cell(None, round(total - booking_deposit, 2))])
        if security is not None:
            rows.append([L.cell("with the balance" if balance else "on arrival"), L.cell("Security deposit"),
                         kit.money_cell(("security_deposit",), security)])
        L.table(doc, rng, ["Due", "Payment", "Amount"], rows)

    def payment_sentences() -> None:
        kit.money(doc.add("A non-refundable booking deposit of "), None, booking_deposit)
        kit.date(doc.add(" is due by "), None, deposit_due)
        if balance:
            kit.date(doc.add(" and the balance by "), ("balance_due_date",), balance_due)
        doc.line(".")
        if security is not None:
            kit.money(doc.add("A refundable security deposit of "), ("security_deposit",), security)
            doc.line(" is returned within 14 days if the venue is left clean and undamaged.")
        else:
            doc.line("No security deposit is taken for this hire.")

    def rules() -> None:
        doc.line(byo_text).line(ins_text).line(excl_text)
        doc.line(f"Amplified music must stop by {clock(curfew)}.")
        strings(kit, doc, "prohibited", prohibited, rng.choice(["Not permitted", "Prohibited", "The following are "
                                                                "not allowed"]),
                rng.choice(["Prohibited items: none beyond the house rules.", "No items are specifically "
                                                                              "prohibited."]))

    layout = rng.choice(["contract", "form", "letter", "email"])
    if layout == "contract":        # the hire agreement with numbered clauses and a schedule
        doc.line(rng.choice(["VENUE HIRE AGREEMENT", "Hire Agreement", "AGREEMENT FOR THE HIRE OF PREMISES"]))
        doc.add("Agreement no. ").put(("agreement_number",), ref).line().line()
        doc.add("This agreement is made on ").put(("agreement_date",), kit.date_text(signed))
        doc.add(f" between {operator} (\"the Owner\"), operator of ").put(("venue",), venue)
        doc.add(", and ").put(("hirer",), hirer).line(" (\"the Hirer\").").line()
        doc.line("1. Schedule")
        L.kv(doc, rng, schedule_rows()[1:], rng.choice(["colon", "aligned", "dots", "grid", "pipe"]))
        doc.line(type_text).line().line("2. Charges")
        charge_table()
        L.kv(doc.line(), rng, total_rows(), rng.choice(["colon", "aligned", "dots"]))
        doc.line().line("3. Payment")
        payment_table()
        kit.pad(doc.line())
        doc.line("4. Conduct of the hire")
        rules()
        doc.line(f"The Hirer names {steward} as the person responsible on the day.")
        doc.line(risk_text).line().line("5. Cancellation")
        doc.line(f"If the Hirer cancels less than {rng.choice([4, 6, 8, 12])} weeks before the event, the full hire "
                 "charge is payable.").line()
        doc.line(f"Signed for the Owner: {manager}, venue manager")
        doc.add("Signed by the Hirer: ").put(("hirer",), hirer).line()
        if facts["hirer_email"]:
            doc.add("Hirer's e-mail: ").put(("hirer_email",), email).line()
        doc.line(f"Witness: {witness}").line(licence)
    elif layout == "form":          # the venue's booking form, filled in
        doc.put(("venue",), venue).line(f" - {rng.choice(['Booking form', 'Hire application and agreement'])}")
        doc.line(f"Operated by {operator} | {licence}").line()
        rows = [("Booking ref.", L.cell(ref, ("agreement_number",))), ("Hirer", L.cell(hirer, ("hirer",)))]
        if facts["hirer_email"]:
            rows.append(("E-mail", L.cell(email, ("hirer_email",))))
        rows += [("Telephone", L.cell(_phone(kit))), ("Person responsible on the day", L.cell(steward)),
                 ("Room(s) booked", L.cell(room, ("room",))), ("Date of event", day_cell()),
                 ("Time from", L.cell(start_text, ("start_time",))), ("Time to", L.cell(end_text, ("end_time",))),
                 ("Number of guests", kit.count_cell(("guest_count",), guests)),
                 ("Date of booking", L.cell(kit.date_text(signed), ("agreement_date",)))]
        L.kv(doc, rng, rows, rng.choice(["grid", "stacked", "dots", "aligned"]))
        doc.line(type_text)
        doc.line(f"Capacity of the {room}: {capacity} standing; set-up access from {clock(setup)}.").line()
        doc.line("Charges")
        charge_lines(kit.chance(0.5))
        L.kv(doc, rng, total_rows(), "colon")
        kit.pad(doc.line())
        payment_sentences()
        doc.line().line("Conditions")
        rules()
        doc.line(risk_text).line()
        doc.line(f"Office use: approved by {manager}; invoice {invoice_no}.")
    elif layout == "letter":        # the venue's letter confirming the booking
        doc.put(("venue",), venue).line().line(address_line(kit)).line()
        doc.put(("hirer",), hirer).line().line(address_line(kit)).line()
        kit.date(doc, ("agreement_date",), signed).line().line()
        doc.add("Our ref.: ").put(("agreement_number",), ref).line().line()
        doc.add("Dear ").put(("hirer",), hirer).line(",").line()
        doc.add("We are pleased to confirm your hire of the ").put(("room",), room).add(" on ")
        doc.put(("event_date",), day_text).add(" from ").put(("start_time",), start_text).add(" to ")
        doc.put(("end_time",), end_text).add(f" (access for set-up from {clock(setup)}) for ")
        kit.count(doc, ("guest_count",), guests).line(f" guests; the room holds up to {capacity}.")
        doc.line(type_text)
        if kit.chance(0.5):
            charge_sentence()
        else:
            doc.line("The charges are:")
            charge_lines(True)
        for label, c in total_rows():
            L.write(doc.add(f"{label}: "), c).line()
        kit.pad(doc.line())
        payment_sentences()
        rules()
        doc.line(risk_text)
        if facts["hirer_email"]:
            doc.add("We will send the invoice to ").put(("hirer_email",), email).line(".")
        doc.line("Please sign and return the enclosed copy of our hire conditions.").line()
        doc.line(rng.choice(["Yours sincerely,", "Kind regards,"])).line(manager).line(f"Venue manager, {operator}")
    else:                           # an e-mail with the agreement summary
        doc.line(f"From: {manager} <bookings@{host}>")
        doc.add("To: ").put(("hirer_email",), email).line() if facts["hirer_email"] else doc.line(f"To: {hirer}")
        doc.add("Subject: Hire agreement ").put(("agreement_number",), ref).add(" - ").put(("venue",), venue).line()
        doc.line().add("Hi ").put(("hirer",), hirer).line(",").line()
        doc.line("Thanks for booking with us. Here is a summary of the agreement; the signed copy is attached.")
        doc.line()
        L.labelled(doc, rng, schedule_rows() + [("Agreed on", L.cell(kit.date_text(signed), ("agreement_date",)))],
                   rng.choice(["bold", "colon", "pipe"]))
        doc.line(type_text).line().line("**Charges**" if kit.chance(0.5) else "Charges:")
        if kit.chance(0.5):
            charge_table()
        else:
            charge_lines(False)
        for label, c in total_rows():
            L.write(doc.add(f"{label}: "), c).line()
        kit.pad(doc.line())
        payment_sentences()
        doc.line().line("House rules:")
        rules()
        doc.line(risk_text).line(f"On the day, {steward} is your contact.").line()
        doc.line(f"Best wishes,\n{manager}\n{venue}")
    kit.pad(doc)
    return Draft(("Venue hire agreement", "Hire agreement", "Venue booking agreement"), VENUE_FIELDS, facts, doc,
                 evidence)


# ---- banquet event order ---------------------------------------------------------------------

HOTELS = {"en_US": ("The {last} Hotel", "Grand {city} Hotel", "{city} Riverside Hotel & Conference Center",
                    "The {last} Inn & Suites"),
          "en_GB": ("The {last} Hotel", "{city} Park Hotel", "The Royal {last}", "{last} Hall Hotel & Spa"),
          "de_DE": ("Hotel {last}hof", "Parkhotel {city}", "Seehotel {last}", "Tagungshotel {city}"),
          "fr_FR": ("Hôtel {last}", "Grand Hôtel de {city}", "Hôtel du Parc {city}", "Domaine {last} Hôtel & Spa")}
FUNCTION_ROOMS = ("Ballroom", "Grand Salon", "Windsor Suite", "Garden Room", "Atrium", "Orangery", "Library",
                  "Terrace Suite", "Riverside Room", "Salon Rouge")
PROGRAMMES = {   # event kind: (function, room: "main" or a side room, minutes after the previous one)
    "meeting": [("Registration and coffee", "Foyer", 0), ("Opening plenary", "main", 30),
                ("Coffee break", "Pre-function area", 120), ("Breakout sessions", "Breakout 1", 30),
                ("Lunch", "Restaurant", 90), ("Afternoon plenary", "main", 60), ("Afternoon break", "Foyer", 90),
                ("Close and drinks", "Terrace", 45)],
    "wedding": [("Ceremony", "Lawn", 0), ("Drinks reception", "Terrace", 60), ("Wedding breakfast", "main", 90),
                ("Speeches", "main", 120), ("First dance", "main", 60), ("Evening buffet", "main", 90),
                ("Carriages", "main", 150)],
    "gala": [("Drinks reception", "Foyer", 0), ("Dinner", "main", 60), ("Awards", "main", 120),
             ("Dancing", "main", 45), ("Late bar", "Terrace", 90), ("Carriages", "main", 90)]}
MENUS_BY_KIND = {   # event kind: food and beverage lines (item, price range before the locale's factor, per guest?)
    "meeting": [("Continental breakfast", (12, 22), True), ("Morning coffee break", (6, 11), True),
                ("Working lunch buffet", (22, 38), True), ("Afternoon tea break", (6, 11), True),
                ("Still and sparkling water", (3, 6), False), ("Drinks reception (1 hour)", (14, 24), True)],
    "wedding": [("Canapés (3 per guest)", (8, 14), True), ("Sparkling wine reception", (9, 16), True),
                ("Three-course wedding breakfast", (55, 95), True), ("Half bottle of house wine", (12, 20), True),
                ("Evening buffet", (14, 24), True), ("Children's menu", (15, 25), False),
                ("Wedding cake cutting", (1, 3), True)],
    "gala": [("Champagne reception", (12, 22), True), ("Four-course gala dinner", (70, 120), True),
             ("Wine package", (25, 45), True), ("Coffee and petits fours", (5, 9), True),
             ("Late-night snacks", (8, 14), True), ("Vendor meals", (20, 35), False)]}
SETUPS = {"banquet_rounds": ("Set-up: rounds of 10", "Banquet rounds of 10", "Style: banquet (round tables)"),
          "theatre": ("Set-up: theatre style", "Theatre style, rows of chairs", "Style: theatre"),
          "classroom": ("Set-up: classroom", "Classroom style (tables and chairs facing the front)",
                        "Style: classroom"),
          "boardroom": ("Set-up: boardroom", "One boardroom table", "Style: boardroom"),
          "u_shape": ("Set-up: U-shape", "Tables in a U-shape", "Style: U-shape"),
          "reception": ("Set-up: standing reception with poseur tables", "Cocktail style, standing",
                        "Style: reception")}
BILLING = {"master_account": ("Billing: all charges to the master account", "Post to master account",
                              "Method of payment: master account"),
           "credit_card": ("Billing: credit card on file", "Payment by credit card (card held on file)",
                           "Method of payment: credit card"),
           "prepaid": ("Billing: prepaid in full", "The event has been prepaid.", "Method of payment: prepayment"),
           "direct_bill": ("Billing: direct bill, invoice payable in 30 days", "Direct billing to the client (30 days)",
                           "Method of payment: direct bill")}
AV_ITEMS = ("LCD projector", "Screen 3 m", "Lectern with microphone", "Wireless handheld mic", "Flip chart",
            "Stage riser", "Lapel microphone", "Laptop", "Presentation clicker", "Conference phone", "Uplighters",
            "DJ power supply")
VIP = {1: "standard", 2: "returning client", 3: "important", 4: "very important", 5: "top priority"}
SERVICE_RATES = {"en_US": (22.0, 24.0, 25.0), "en_GB": (12.5, 12.5, 10.0), "de_DE": (), "fr_FR": ()}
BEO_TAX = {"en_US": ("Sales tax", (6.0, 7.25, 8.875)), "en_GB": ("VAT", (20.0,)), "de_DE": ("VAT (MwSt.)", (19.0,)),
           "fr_FR": ("VAT (TVA)", (10.0,))}
BEO_FIELDS = [
    F.text("event_name", "Event", ("Name of the function as the hotel lists it.", "Event name."), "event",
           "function_name", keep=0.7),
    F.text("organization", "Organization", ("Company, family or group the event is for (not the hotel).",
                                            "Client organisation."), "client", "group_name", "account"),
    F.text("client_contact", "Client contact", ("Contact person of the client (not the hotel's event manager or "
                                                "the banquet captain).", "On-site contact for the client."),
           "contact", "contact_name", keep=0.8),
    F.text("event_manager", "Event manager", "Hotel's event or catering sales manager responsible for the order "
           "(not the client's contact).", "catering_manager", "hotel_contact", keep=0.5),
    F.text("beo_number", "BEO number", ("Number of the banquet event order (not the group booking number, the "
                                        "master account or the revision).", "BEO no."), "beo", "order_number"),
    F.date("event_date", "Event date", ("Day of the function (not the date the BEO was issued or revised, or the "
                                        "guarantee deadline).", "Date of the event."), "date", "function_date"),
    F.date("guarantee_due", "Guarantee due", "Date the final guaranteed numbers are due, if stated.",
           "final_numbers_due", "guarantee_deadline", optional=True, keep=0.4),
    F.text("function_room", "Function room", ("Main room of the event (not the foyer, breakout or reception "
                                              "rooms).", "Room."), "room", "main_room", keep=0.8),
    F.choice("setup_style", "Set-up", "How the main room is set.", list(SETUPS), "setup", "room_setup", keep=0.7),
    F.integer("guaranteed_count", "Guaranteed", ("Guaranteed number of guests the client pays for (not the "
                                                 "expected number or the number set).", "Guarantee."),
              "guarantee", "guaranteed_guests"),
    F.items("schedule", "Schedule", ("Each timed item of the event programme, in order.", "Timings."), [
        F.text("time", "Time", "Start time as written.", "start", "at"),
        F.text("function", "Function", "What happens, as written.", "activity", "item"),
        F.text("room", "Room", "Room it happens in.", "location", "where", keep=0.6),
    ], "timeline", "programme", keep=0.8),
    F.items("food_beverage", "Food and beverage", ("Each food and beverage line ordered, in order.",
                                                   "F&B order."), [
        F.text("item", "Item", "Menu item or package, as written.", "name", "description"),
        F.integer("quantity", "Quantity", "Quantity ordered.", "qty", "count", keep=0.8),
        F.number("unit_price", "Unit price", "Price per person or per unit (not the line total).", "price",
                 "price_per_person", keep=0.7),
    ], "menu", "f_and_b", keep=0.8),
    F.strings("av_equipment", "AV equipment", "Audio-visual equipment ordered; empty when none is.", "av",
              "equipment", keep=0.6),
    F.number("room_rental", "Room rental", "Room rental charge; null when it is waived or not charged.", "room_hire",
             "rental", optional=True, keep=0.5),
    F.number("service_charge_rate", "Service charge (%)", "Service charge rate in percent; null when none is added "
             "(not the tax rate).", "service_charge", "gratuity_percent", optional=True, keep=0.5),
    F.number("estimated_total", "Estimated total", ("Estimated total of the event with service and tax (not the "
                                                    "food and beverage subtotal, the minimum or the deposit).",
                                                    "Total estimate."), "total", "grand_total"),
    F.choice("billing", "Billing", "How the event is paid.", list(BILLING), "payment_method", "billing_method",
             keep=0.6),
    F.flag("tax_exempt", "Tax exempt", "Whether the client is exempt from tax.", "exempt", "is_tax_exempt",
           keep=0.5),
    F.flag("client_signed", "Signed by client", "Whether the client has signed the BEO.", "signed", "approved",
           keep=0.6),
    F.score("vip_level", "VIP level", "The hotel's VIP level for the group.", VIP, "vip", "vip_code", keep=0.5),
    F.generate("summary", "Summary", "One sentence saying which event takes place where and when, for how many.",
               40, keep=0.2),
]


def banquet_event_order(kit: Kit) -> Draft:
    fake, rng, doc, loc = kit.fake, kit.rng, Doc(), kit.locale
    home_currency(kit)
    hotel = firm_name(kit, HOTELS, first=True)
    kind = rng.choice(["meeting"] * 3 + ["wedding"] * 2 + ["gala"] * 2)
    contact, manager, captain, chef, sales = plain_names(kit, 5, HONORIFICS, strip_commas=True)
    if kind == "wedding":     # the couple: the contact and their partner
        a, b, partner = contact.split()[-1], fake.last_name(), fake.first_name()
        organization = f"{a}-{b} wedding party" if kit.chance(0.3) else f"{a} / {b} Wedding"
        event_name = rng.choice([f"{a} & {b} Wedding Reception", f"Wedding of {contact.split()[0]} and {partner}"])
    else:
        organization = fake.company()
        event_name = rng.choice(["Annual Sales Kick-off", "Board Away Day", "Leadership Summit", "Product Training",
                                 "Partner Conference"] if kind == "meeting" else
                                ["Annual Awards Dinner", "Winter Gala", "Charity Ball", "Anniversary Dinner"])
    rooms = rng.sample(FUNCTION_ROOMS, 2)
    room = rooms[0]
    setup = {"meeting": rng.choice(["theatre", "classroom", "boardroom", "u_shape"]),
             "wedding": "banquet_rounds", "gala": rng.choice(["banquet_rounds"] * 3 + ["reception"])}[kind]
    guaranteed = rng.randint(12, 30) if setup in ("boardroom", "u_shape") else rng.randint(40, 260)
    expected = guaranteed + rng.randint(2, max(3, guaranteed // 10))
    set_for = guaranteed + max(1, round(guaranteed * 0.03))
    f = PRICE[loc]
    clock = _clock(kit)
    start = rng.choice({"meeting": range(8 * 60, 9 * 60 + 31, 15), "wedding": range(12 * 60, 15 * 60 + 1, 30),
                        "gala": range(18 * 60, 19 * 60 + 31, 30)}[kind])
    programme = PROGRAMMES[kind]
    picked = sorted(rng.sample(range(len(programme)), rng.randint(3, min(6, len(programme)))))
    offsets = [sum(step for _, _, step in programme[:k + 1]) for k in range(len(programme))]
    schedule = [{"time": clock(start + offsets[k] - offsets[picked[0]]), "function": programme[k][0],
                 "room": room if programme[k][1] == "main" else programme[k][1]} for k in picked]
    menu = []
    offered = MENUS_BY_KIND[kind]
    for item, (lo, hi), per_guest in [offered[k] for k in sorted(rng.sample(range(len(offered)), rng.randint(2, 5)))]:
        qty = guaranteed if per_guest else rng.randint(2, 12)
        menu.append({"item": item, "quantity": qty, "unit_price": round(rng.uniform(lo, hi) * f * 2) / 2})
    av = [x for x in AV_ITEMS if x in rng.sample(AV_ITEMS, rng.choice([0, 0, 1, 2, 3, 4]))]
    if kind == "wedding" and av and kit.chance(0.5):
        av = []
    fnb = round(sum(m["quantity"] * m["unit_price"] for m in menu), 2)
    rental = kit.maybe(float(rng.choice([250, 400, 500, 750, 1000, 1500])) * f // 10 * 10, 0.6)
    av_cost = round(len(av) * rng.uniform(40, 120) * f, 2)
    service_rate = rng.choice(SERVICE_RATES[loc]) if SERVICE_RATES[loc] and kit.chance(0.85) else None
    service = round(fnb * (service_rate or 0) / 100, 2)
    exempt = kit.chance(0.3 if loc == "en_US" else 0.15)
    tax_label, tax_rates = BEO_TAX[loc]
    tax_rate = 0.0 if exempt else rng.choice(tax_rates)
    tax = round((fnb + service + (rental or 0) + av_cost) * tax_rate / 100, 2)
    total = round(fnb + service + (rental or 0) + av_cost + tax, 2)
    minimum = round(fnb * rng.uniform(0.7, 0.95), -1)
    deposit = round(total * rng.choice([0.25, 0.3, 0.5]), 2)
    billing = rng.choice(["master_account"] * 3 + ["credit_card", "prepaid", "direct_bill"] * 2)
    signed = kit.chance(0.55)
    vip = rng.choice([1, 1, 2, 2, 3, 3, 4, 5])
    day = kit.day()
    issued = day - dt.timedelta(days=rng.randint(7, 45))
    revised = issued + dt.timedelta(days=rng.randint(1, 5))
    due = day - dt.timedelta(days=rng.choice([3, 3, 5, 7]))
    beo_no = rng.choice(["", "BEO-", "#"]) + str(rng.randint(1000, 99999))
    group_no = f"{rng.choice(['GRP', 'BK', 'G'])}{rng.randint(100000, 999999)}"
    account = f"{rng.randint(10**6, 10**7 - 1)}"
    facts = {"event_name": event_name, "organization": organization, "client_contact": contact,
             "event_manager": manager, "beo_number": beo_no, "event_date": day.isoformat(),
             "guarantee_due": kit.maybe(due.isoformat(), 0.6), "function_room": room, "setup_style": setup,
             "guaranteed_count": guaranteed, "schedule": schedule, "food_beverage": menu, "av_equipment": av,
             "room_rental": rental, "service_charge_rate": service_rate, "estimated_total": total,
             "billing": billing, "tax_exempt": exempt, "client_signed": signed, "vip_level": vip}
    facts["summary"] = (f"{event_name} for {organization} takes place in the {room} at {hotel} on "
                        f"{day.isoformat()} for {guaranteed} guaranteed guests.")
    setup_text = rng.choice(SETUPS[setup])
    billing_text = rng.choice(BILLING[billing])
    exempt_text = says(rng, exempt, ("Tax exempt: yes (certificate on file)", "The group is tax exempt."),
                       ("Tax exempt: no", "Tax applies to all charges.", "The group is not tax exempt."))
    signed_text = says(rng, signed, (f"Client signature: signed by {contact}", "Approved and signed by the client.",
                                     "Signed copy received from the client."),
                       ("Client signature: pending", "Not yet signed by the client.",
                        "Awaiting the client's signature."))
    vip_form = rng.randrange(3)
    vip_text = [f"VIP: {vip}", f"VIP code V{vip} ({VIP[vip]})", f"VIP level {vip} of 5"][vip_form]
    evidence = {("setup_style",): setup_text, ("billing",): billing_text, ("tax_exempt",): exempt_text,
                ("client_signed",): signed_text, ("vip_level",): vip_text}
    day_text = kit.date_text(day)
    legend = "VIP levels: " + ", ".join(f"{k} = {v}" for k, v in VIP.items()) if vip_form == 0 else ""

    def day_cell() -> L.Cell:
        return L.cell(day_text, ("event_date",))

    def head_rows() -> list[tuple[str, L.Cell]]:
        rows = [("BEO no.", L.cell(beo_no, ("beo_number",))), ("Event", L.cell(event_name, ("event_name",))),
                ("Organization" if loc == "en_US" else "Organisation", L.cell(organization, ("organization",))),
                ("Contact", L.cell(contact, ("client_contact",))), ("Event date", day_cell()),
                ("Function room", L.cell(room, ("function_room",))), ("Group no.", L.cell(group_no)),
                ("Post as", L.cell(event_name if kit.chance(0.3) else organization)),
                ("Expected", kit.count_cell(None, expected)),
                ("Guaranteed", kit.count_cell(("guaranteed_count",), guaranteed)),
                ("Set for", kit.count_cell(None, set_for)),
                ("Event manager", L.cell(manager, ("event_manager",))), ("Issued", kit.date_cell(None, issued))]
        if facts["guarantee_due"]:
            rows.append(("Guarantee due", kit.date_cell(("guarantee_due",), due)))
        return rows

    def schedule_table() -> None:
        L.table(doc, rng, ["Time", "Function", "Room"], [
            [L.cell(s["time"], ("schedule", i, "time")), L.cell(s["function"], ("schedule", i, "function")),
             L.cell(s["room"], ("schedule", i, "room"))] for i, s in enumerate(schedule)])

    def schedule_lines() -> None:
        sep = rng.choice(["  ", " - ", "  |  "])
        for i, s in enumerate(schedule):    # "08:30  Registration and coffee (Foyer)"
            at = ("schedule", i)
            doc.put(at + ("time",), s["time"]).add(sep).put(at + ("function",), s["function"])
            doc.add(" (").put(at + ("room",), s["room"]).line(")")

    def schedule_sentence() -> None:
        doc.add("The day runs as follows: ")
        for i, s in enumerate(schedule):    # "registration and coffee at 08:30 in the Foyer, ..."
            at = ("schedule", i)
            s["function"] = lower_first(s["function"]) if i else s["function"]
            doc.add("" if i == 0 else " and " if i == len(schedule) - 1 else ", ")
            doc.put(at + ("function",), s["function"]).add(" at ").put(at + ("time",), s["time"])
            doc.add(" in " if s["room"].startswith("Breakout") else " on the " if s["room"] in ("Terrace", "Lawn")
                    else " in the ").put(at + ("room",), s["room"])
        doc.line(".")

    def menu_table() -> None:
        L.table(doc, rng, ["Item", "Qty", "Price", "Total"], [
            [L.cell(m["item"], ("food_beverage", i, "item")), kit.count_cell(("food_beverage", i, "quantity"),
                                                                             m["quantity"]),
             kit.money_cell(("food_beverage", i, "unit_price"), m["unit_price"]),
             kit.money_cell(None, round(m["quantity"] * m["unit_price"], 2))] for i, m in enumerate(menu)])

    def menu_lines(numbered: bool) -> None:
        bullet = rng.choice(BULLETS)
        for i, m in enumerate(menu):        # "- 120 × Working lunch buffet @ £28.50"
            at = ("food_beverage", i)
            kit.count(doc.add(f"{i + 1}. " if numbered else bullet), at + ("quantity",), m["quantity"])
            doc.add(" × ").put(at + ("item",), m["item"])
            kit.money(doc.add(" @ "), at + ("unit_price",), m["unit_price"]).line()

    def money_rows() -> list[tuple[str, L.Cell]]:
        rows = [("Food and beverage", kit.money_cell(None, fnb))]
        rows.append(("Room rental", kit.money_cell(("room_rental",), rental) if rental is not None else
                     L.cell(rng.choice(["waived", "n/c", "included"]))))
        if av_cost:
            rows.append(("AV", kit.money_cell(None, av_cost)))
        if service_rate is not None:
            rows.append(("Service charge", kit.money_cell(None, service)))
        places = 3 if tax_rate == 8.875 else 2 if tax_rate % 1 else 0
        rows.append((f"{tax_label} (exempt)" if exempt else f"{tax_label} {kit.style.decimal(tax_rate, places)}%",
                     kit.money_cell(None, tax)))
        rows.append(("Estimated total", kit.money_cell(("estimated_total",), total)))
        rows.append(("F&B minimum", kit.money_cell(None, minimum)))
        rows.append(("Deposit received", kit.money_cell(None, deposit)))
        return rows

    def service_sentence() -> None:
        if service_rate is not None:
            kit.num(doc.add("A service charge of "), ("service_charge_rate",), service_rate,
                    1 if service_rate % 1 else 0).line("% is added to food and beverage.")
        else:
            doc.line("No service charge is added; service is included in the prices.")

    def av_block() -> None:
        strings(kit, doc, "av_equipment", av, rng.choice(["AV", "Audio-visual", "AV equipment"]),
                rng.choice(["AV: none required", "No audio-visual equipment ordered."]))

    def notes() -> None:
        doc.line(f"Held as {'wet-weather' if kind == 'wedding' else 'overflow'} room: {rooms[1]}.")
        doc.line(f"Kitchen: chef {chef}; banquet captain: {captain}.")
        doc.line(f"Sales manager: {sales}. Master account {account}.")

    layout = rng.choice(["sheet", "function_sheet", "email", "export"])
    if layout == "sheet":           # the classic BEO sheet
        doc.line(hotel).line(rng.choice(["BANQUET EVENT ORDER", "Banquet Event Order (BEO)", "BEO"])).line()
        L.kv(doc, rng, head_rows(), rng.choice(["grid", "pipe", "aligned", "dots", "colon"]))
        kit.date(doc.add("Revised: "), None, revised).line(" (rev. 2)")
        doc.line(setup_text).line(vip_text)
        if legend:
            doc.line(legend)
        doc.line().line("TIMINGS")
        schedule_table()
        doc.line().line("FOOD & BEVERAGE")
        menu_table()
        kit.pad(doc.line())
        av_block()
        doc.line().line("BILLING")
        L.kv(doc, rng, money_rows(), rng.choice(["aligned", "dots", "colon"]))
        service_sentence()
        doc.line(billing_text).line(exempt_text).line()
        notes()
        doc.line(signed_text)
    elif layout == "function_sheet":    # a function sheet with one section per department
        doc.line(f"{hotel} - {rng.choice(['Function sheet', 'FUNCTION SHEET', 'Event order'])}")
        doc.add("No. ").put(("beo_number",), beo_no)
        kit.date(doc.add(" | issued "), None, issued).line().line()
        rows = [("Function", L.cell(event_name, ("event_name",))), ("Client", L.cell(organization, ("organization",))),
                ("Organiser", L.cell(contact, ("client_contact",))), ("Date", day_cell()),
                ("Room", L.cell(room, ("function_room",))),
                ("Numbers", L.join(kit.count_cell(("guaranteed_count",), guaranteed),
                                   L.cell(f" guaranteed ({expected} expected, set for {set_for})"))),
                ("Co-ordinator", L.cell(manager, ("event_manager",)))]
        L.labelled(doc, rng, rows, rng.choice(["stacked", "colon", "bold", "aligned"]))
        if facts["guarantee_due"]:
            kit.date(doc.add("Final numbers by "), ("guarantee_due",), due).line(".")
        doc.line(vip_text)
        if legend:
            doc.line(legend)
        doc.line().line("== Banqueting ==").line(setup_text)
        schedule_lines()
        doc.line().line("== Kitchen ==")
        menu_lines(kit.chance(0.4))
        doc.line(f"Dietary list to follow from {contact.split()[0]}.")
        kit.pad(doc.line())
        doc.line("== AV ==")
        av_block()
        doc.line().line("== Accounts ==")
        for label, c in money_rows():
            L.write(doc.add(f"{label}: "), c).line()
        service_sentence()
        doc.line(billing_text).line(exempt_text).line(signed_text)
        notes()
    elif layout == "email":         # the event manager's e-mail with the BEO for signature
        host = slug(hotel, "events", 20) + "." + TLD[loc]
        doc.add("From: ").put(("event_manager",), manager).line(f" <{_mail(manager, host)}>")
        doc.add("To: ").put(("client_contact",), contact).line()
        doc.add("Subject: BEO ").put(("beo_number",), beo_no).add(" - ").put(("event_name",), event_name).line()
        doc.line().add("Dear ").put(("client_contact",), contact).line(",").line()
        doc.add("Please find below the banquet event order for ").put(("organization",), organization)
        doc.add(" on ").put(("event_date",), day_text).add(" in the ").put(("function_room",), room).line(".")
        kit.count(doc.add("We have you down for "), ("guaranteed_count",), guaranteed)
        doc.add(f" guaranteed guests ({expected} expected)")
        if facts["guarantee_due"]:
            kit.date(doc.add("; please confirm final numbers by "), ("guarantee_due",), due)
        doc.line(".").line(setup_text).line()
        schedule_sentence() if kit.chance(0.5) else schedule_lines()
        doc.line().line("Food and beverage:")
        menu_lines(True) if kit.chance(0.5) else menu_table()
        kit.pad(doc.line())
        av_block()
        for label, c in money_rows():
            L.write(doc.add(f"{label}: "), c).line()
        service_sentence()
        doc.line(billing_text).line(exempt_text).line(vip_text).line(signed_text).line()
        doc.line(f"Kind regards,\n{manager}\nEvents, {hotel}")
    else:                           # an export from the sales and catering system
        doc.line(f"# BEO export - {hotel}").line(f"# printed {kit.style.date(revised, 'iso')}").line()
        L.kv(doc, rng, head_rows(), rng.choice(["colon", "aligned", "pipe"]))
        doc.line(setup_text).line(vip_text)
        if legend:
            doc.line(legend)
        doc.line().line("[agenda]")
        schedule_table()
        doc.line().line("[food_beverage]")
        menu_table()
        kit.pad(doc.line())
        doc.line("[av]")
        av_block()
        doc.line().line("[billing]")
        for label, c in money_rows():
            L.write(doc.add(f"{label}: "), c).line()
        service_sentence()
        doc.line(billing_text).line(exempt_text).line(signed_text)
    kit.pad(doc)
    return Draft(("Banquet event order", "BEO", "Function sheet"), BEO_FIELDS, facts, doc, evidence)
