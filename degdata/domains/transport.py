"""Papers of the road: vehicle registration certificates, cards and renewal notices, practical
driving test reports, monthly bike and scooter share statements, and notices of temporary
road closures with their diversions.

Each carries values of the same kind beside the ones asked for: the document or title number
beside the plate, a previous keeper, co-owner or co-holder beside the keeper, the type code
beside the model, the date of this registration and of the first one in the country beside
the first registration, the previous expiry and the tax, inspection and provisional-certificate
dates beside the expiry, the power, CO2, mass and fiscal horsepower beside the engine size, and
a late fee beside the fees and total; the examiner, instructor and a supervising examiner
beside the candidate, the booking reference beside the driver and certificate numbers, the
theory test, retest and certificate validity dates beside the test date, the finish beside the
start time, the dangerous faults, the maximum allowed and a French score out of 31 beside the
driving and serious faults; the statement and payment dates beside the period, the statement
number beside the member number, the card's holder beside the member, the included minutes and
CO2 saved beside the ride time, each ride's end station, start time and distance beside its
start station, and the ride charges, subtotal, promo credits, VAT and credit balance beside the
total; the notice date, the date the order was made and the latest date it allows beside the
closure dates, the works permit beside the order reference, the contractor and utility beside
the authority, the signatory beside the contact, and the roads at either end of the closed
section beside the closed road and the diversion.

Documents come as coded certificates (EU codes "A", "P.1", "Y.6"), DMV cards, letters and
e-mails, marking sheets, statements and app exports, statutory notices (an English Order, a US
public notice, a German numbered order, a French arrêté in articles) and roadworks listings.
Arrays come as tables in every layout, tally tables with a column per fault severity, lists
grouped under a heading per severity, bullet and numbered lists, lines of several values ("-
14/03/2024 08:12  Town Hall -> Canal Basin, e-bike, 23 min, £2.30"), sentences ("Phase 2: Mill
Lane to Church Road, from ... to ...") and one line of names ("via Park Road, Station Road and
A38"); the lists of strings (remarks, manoeuvres, promo codes, diversion roads) may be empty.
Booleans are as often negated as stated ("not an imported vehicle", "you did not pass on this
occasion", "did not sit in on the test", "payment failed", "no vehicular access, including for
residents", "the footway will also be closed").
"""
from __future__ import annotations

import datetime as dt
from string import Formatter

from .. import fields as F
from .. import layout as L
from ..assemble import Draft
from ..doc import Doc
from ..fmt import CURRENCIES, clock
from ..kit import Kit
from ..surface import says


def _fill(doc: Doc, template: str, **parts) -> None:
    """Write `template`: each `{name}` is `parts[name]`, a `(path, text)` pair that is the gold
    text of `path`."""
    for literal, name, _, _ in Formatter().parse(template):
        doc.add(literal)
        if name:
            doc.put(*parts[name])


def _strings(kit: Kit, doc: Doc, key: str, values: list[str], label: str, none: str) -> None:
    L.string_list(doc, kit.rng, key, values, label, none, ["- ", "* ", "\u2022 "])


def _month_end(d: dt.date) -> dt.date:
    nxt = d.replace(day=28) + dt.timedelta(days=4)
    return nxt - dt.timedelta(days=nxt.day)


def _home_currency(kit: Kit) -> None:
    """Official fees and a local scheme's charges are in the country's own currency, never in
    the foreign one a record's style may have drawn."""
    kit.style.currency, kit.style.symbol = CURRENCIES[kit.locale]
    kit.style.symbol_first = kit.style.symbol in ("$", "£")


LETTERS = "ABCDEFGHJKLMNPRSTUVWXYZ"     # no I, O or Q on plates and VINs
DE_CODES = ["B", "M", "HH", "K", "F", "S", "DO", "HB", "L", "KA", "MS", "BN", "N", "OF", "WI"]


def _letters(kit: Kit, n: int) -> str:
    return "".join(kit.rng.choice(LETTERS) for _ in range(n))


def _plate(kit: Kit, registered: dt.date) -> str:
    """A number plate of the locale's format (a British one carries its age identifier)."""
    r, a = kit.rng.randint, _letters
    if kit.locale == "en_GB":
        yy = registered.year % 100 + (50 if registered.month >= 9 else 0)
        if registered.month < 3:
            yy = (registered.year - 1) % 100 + 50
        return f"{a(kit, 2)}{yy:02d} {a(kit, 3)}"
    if kit.locale == "en_US":
        return kit.rng.choice([f"{r(1, 9)}{a(kit, 3)}{r(100, 999)}", f"{a(kit, 3)}-{r(1000, 9999)}",
                               f"{a(kit, 3)} {r(1000, 9999)}"])
    if kit.locale == "de_DE":
        return f"{kit.rng.choice(DE_CODES)}-{a(kit, kit.rng.choice([1, 2]))} {r(1, 9999)}"
    return f"{a(kit, 2)}-{r(1, 999):03d}-{a(kit, 2)}"


# ---- vehicle registration -------------------------------------------------------------------

VEHICLES = {   # class: (make, model, engine sizes in cc (None: electric), market, WMI, body)
    "car": [("Volkswagen", "Golf", (999, 1498, 1968), "all", "WVW", "Hatchback"),
            ("Ford", "Focus", (998, 1499, 1997), "all", "WF0", "Estate"),
            ("Toyota", "Corolla", (1598, 1798, 1987), "all", "SB1", "Saloon"),
            ("Renault", "Clio", (999, 1333, 1461), "eu", "VF1", "Hatchback"),
            ("Peugeot", "308", (1199, 1499, 1598), "eu", "VF3", "Estate"),
            ("Skoda", "Octavia", (999, 1498, 1968), "eu", "TMB", "Estate"),
            ("BMW", "320d", (1995,), "all", "WBA", "Saloon"),
            ("Tesla", "Model 3", None, "all", "5YJ", "Saloon"),
            ("Honda", "Civic", (1498, 1993), "all", "JHM", "Hatchback"),
            ("Hyundai", "Tucson", (1598, 1999), "all", "KMH", "SUV"),
            ("Chevrolet", "Malibu", (1490, 1998), "us", "1G1", "Sedan"),
            ("Nissan", "Leaf", None, "all", "SJN", "Hatchback"),
            ("Renault", "Zoe", None, "eu", "VF1", "Hatchback")],
    "van": [("Ford", "Transit Custom", (1995,), "all", "WF0", "Panel van"),
            ("Volkswagen", "Transporter", (1968,), "eu", "WV1", "Panel van"),
            ("Renault", "Kangoo", (1461,), "eu", "VF6", "Panel van"),
            ("Ram", "ProMaster", (3604,), "us", "3C6", "Cargo van"),
            ("Mercedes-Benz", "Sprinter", (2143, 1950), "all", "WD3", "Box van"),
            ("Nissan", "e-NV200", None, "eu", "VSK", "Panel van")],
    "motorcycle": [("Honda", "CB500F", (471,), "all", "MLH", "Naked"),
                   ("Yamaha", "MT-07", (689,), "all", "JYA", "Naked"),
                   ("BMW", "R 1250 GS", (1254,), "all", "WB1", "Touring"),
                   ("Triumph", "Street Triple", (765,), "all", "SMT", "Naked"),
                   ("Harley-Davidson", "Sportster S", (1252,), "us", "1HD", "Cruiser"),
                   ("Zero", "SR/F", None, "all", "538", "Naked")]}
CLASSES = {   # class: (how a European certificate and a US card state it, seats, mass range in kg)
    "car": ({"eu": ("M1", "M1 (passenger car)", "Passenger car"),
             "us": ("PASSENGER", "Passenger car", "Auto")}, 5, (1450, 2300)),
    "van": ({"eu": ("N1", "N1 (goods vehicle up to 3.5 t)", "Light goods vehicle"),
             "us": ("COMMERCIAL", "Light commercial truck", "Truck/van")}, 3, (2800, 3500)),
    "motorcycle": ({"eu": ("L3e", "L3e (motorcycle)", "Motorcycle"),
                    "us": ("MOTORCYCLE", "Motorcycle", "MC")}, 2, (350, 480))}
FUELS = {   # fuel: how each locale's papers write it
    "petrol": {"en_US": ("Gasoline", "GAS"), "en_GB": ("Petrol", "PETROL"),
               "de_DE": ("Benzin", "Petrol (Benzin)"), "fr_FR": ("ES", "ES (petrol)", "Essence")},
    "diesel": {"en_US": ("Diesel", "DSL"), "en_GB": ("Diesel", "HEAVY OIL"), "de_DE": ("Diesel",),
               "fr_FR": ("GO", "GO (diesel)", "Gazole")},
    "electric": {"en_US": ("Electric", "ELEC"), "en_GB": ("Electricity", "ELECTRIC"),
                 "de_DE": ("Elektro", "Electric (Elektro)"), "fr_FR": ("EL", "EL (electric)", "Électrique")},
    "hybrid": {"en_US": ("Hybrid gas/electric", "HYBRID"), "en_GB": ("Hybrid electric", "PETROL/ELECTRIC"),
               "de_DE": ("Hybr. Benzin/E", "Hybrid (Benzin/Elektro)"),
               "fr_FR": ("EE", "EE (petrol-electric hybrid)")},
    "lpg": {"en_US": ("Propane", "LPG"), "en_GB": ("Gas bi-fuel", "LPG"),
            "de_DE": ("Benzin/Flüssiggas (LPG)",), "fr_FR": ("EG", "EG (petrol/LPG bi-fuel)")}}
COLOURS = ["Black", "White", "Silver", "Grey", "Blue", "Red", "Green", "Bronze"]
REMARKS = {"car": ["Tow bar fitted", "Wheelchair accessible", "Tinted rear windows", "Roof rails",
                   "Personalised registration", "Previously used as a taxi", "Historic vehicle"],
           "van": ["Tow bar fitted", "Roof rack", "Ply-lined load area", "Speed limiter fitted"],
           "motorcycle": ["Top box fitted", "Restricted to 35 kW (A2)", "Sidecar fitted", "Heated grips"]}
ABROAD = {"en_GB": ["Japan", "Ireland", "Germany"], "en_US": ["Canada", "Mexico", "Germany"],
          "de_DE": ["the Netherlands", "Austria", "Italy"], "fr_FR": ["Belgium", "Spain", "Germany"]}
HOME = {"en_GB": "the UK", "en_US": "the United States", "de_DE": "Germany", "fr_FR": "France"}
US_FEES = [("Registration fee", 28, 75), ("Vehicle license fee", 60, 420), ("County/district fee", 10, 40),
           ("Transportation improvement fee", 25, 175), ("License plate fee", 5, 20),
           ("Smog abatement fee", 8, 20), ("Weight fee", 20, 120)]
DE_FEES = [("Personalised plate (Wunschkennzeichen)", 10.2, 12.8), ("Plate reservation", 2.6, 2.6),
           ("Registration seals", 1.5, 3.5), ("Online service charge", 0.5, 2.0),
           ("Keeper data transfer", 2.0, 4.0)]
CERTIFICATES = {   # locale: (titles, issuers, the document number's label)
    "en_GB": (("V5C VEHICLE REGISTRATION CERTIFICATE", "Registration certificate (V5C)"), ("DVLA, Swansea",),
              "Document reference number"),
    "de_DE": (("ZULASSUNGSBESCHEINIGUNG TEIL I", "Registration certificate Part I"),
              ("Zulassungsstelle {city}", "Kfz-Zulassungsbehörde Landkreis {city}"), "Document no."),
    "fr_FR": (("CERTIFICAT D'IMMATRICULATION", "Registration certificate (carte grise)"),
              ("Agence nationale des titres sécurisés (ANTS)", "Préfecture - SIV"), "Form no.")}
CONFIRMATIONS = {   # locale: (sender, subject) of the e-mail confirming the registration
    "en_GB": ("DVLA <noreply@vehicle-enquiry.example>", "You are now the registered keeper"),
    "en_US": ("{state} DMV Online Services", "Your registration renewal is complete"),
    "de_DE": ("i-Kfz Online-Zulassung", "Your vehicle registration is complete"),
    "fr_FR": ("ANTS <ne-pas-repondre@ants.example>", "Your registration application has been validated")}
REG_FIELDS = [
    F.text("registration_number", "Registration number",
           ("Registration mark or number plate (not the document, form or title number).",
            "The vehicle's number plate."), "plate", "licence_plate", "registration_mark", "plate_number"),
    F.text("vin", "VIN", "Vehicle identification (chassis) number.", "vehicle_identification_number",
           "chassis_number", keep=0.7),
    F.text("keeper", "Registered keeper",
           ("Registered keeper or owner named on the document (not a co-owner, co-holder or "
            "previous keeper).", "Name of the vehicle's registered holder."), "owner", "holder",
           "registered_owner"),
    F.text("make", "Make", "Manufacturer of the vehicle.", "manufacturer", "brand", keep=0.8),
    F.text("model", "Model", "Model or commercial description (not the type/variant code).",
           "model_name", "commercial_description", keep=0.7),
    F.choice("vehicle_class", "Vehicle class", "Kind of vehicle registered.", list(CLASSES),
             "category", "vehicle_type", keep=0.7),
    F.choice("fuel_type", "Fuel type", "Fuel or power source.", list(FUELS), "fuel", "propulsion"),
    F.integer("engine_cc", "Engine capacity (cc)",
              "Cylinder capacity in cubic centimetres (not the power in kW); null for an electric "
              "vehicle or when not printed.", "cylinder_capacity", "displacement_cc", optional=True,
              keep=0.6),
    F.date("first_registration", "First registration",
           ("Date the vehicle was first registered anywhere (not the date of this document or of "
            "the first registration in this country).", "Date of first registration."),
           "date_of_first_registration", "first_registered"),
    F.date("expiry_date", "Registration expiry",
           "Date the registration expires (not a vehicle tax or inspection date); null when the "
           "document shows none.", "expires", "valid_until", optional=True, keep=0.7),
    F.items("fees", "Fees", ("Each fee or tax listed on the document, in order.", "Fee breakdown."), [
        F.text("description", "Description", "What the fee is for.", "fee", "item"),
        F.number("amount", "Amount", "Amount of this fee.", "value", "price"),
    ], "fee_breakdown", "charges", keep=0.7),
    F.number("total_fees", "Total fees", "Total of the fees paid or due (not a single fee or the "
             "late fee); null when there are none.", "total_due", "amount_paid", optional=True, keep=0.6),
    F.flag("imported", "Imported", "Whether the vehicle was first registered in another country.",
           "is_imported", "foreign_registered", keep=0.7),
    F.strings("remarks", "Remarks", "Notes printed about the vehicle (equipment, use, conversions).",
              "annotations", "special_notes", keep=0.6),
]


def _fees(kit: Kit, shape: str, vclass: str, fuel: str, cv: int) -> list[dict]:
    """The fees a document lists: a US card's or notice's, a French certificate's taxes Y.1 to
    Y.5 (their codes kept to print them), a German online registration's; none in Britain."""
    rng = kit.rng
    if kit.locale == "en_US":
        pool = [f for f in US_FEES if not (f[0] == "Weight fee" and vclass != "van")
                and not (f[0] == "Smog abatement fee" and fuel == "electric")]
        picked = sorted(rng.sample(range(len(pool)), rng.randint(2, 5)))
        return [{"description": pool[i][0], "amount": kit.amount(*pool[i][1:])} for i in picked]
    if kit.locale == "fr_FR":
        regional = 0.0 if fuel == "electric" else round(cv * rng.choice([27.0, 35.0, 46.15, 51.2, 60.0]), 2)
        malus = 0.0 if fuel == "electric" or kit.chance(0.7) else float(rng.choice([50, 170, 540]))
        training = kit.amount(34, 68) if vclass == "van" else 0.0     # charged on goods vehicles only
        rows = [("Regional tax", regional), ("Professional training tax", training), ("CO2 tax", malus),
                ("Management tax", 11.0), ("Delivery charge", 2.76)]
        return [{"code": f"Y.{k + 1}", "description": d, "amount": x} for k, (d, x) in enumerate(rows)
                if x or k == 0 or kit.chance(0.5)]
    if kit.locale == "de_DE" and shape == "confirmation":
        return [{"description": "Registration fee (Zulassung)", "amount": kit.amount(26.3, 31.0)}] + [
            {"description": d, "amount": kit.amount(lo, hi)}
            for d, lo, hi in rng.sample(DE_FEES, rng.randint(0, 3))]
    return []


def vehicle_registration(kit: Kit) -> Draft:
    fake, rng, doc, loc = kit.fake, kit.rng, Doc(), kit.locale
    us, region = loc == "en_US", "us" if loc == "en_US" else "eu"
    _home_currency(kit)
    vclass = rng.choice(["car"] * 6 + ["van"] * 2 + ["motorcycle"] * 2)
    make, model, ccs, _, wmi, body = rng.choice([v for v in VEHICLES[vclass] if v[3] in ("all", region)])
    class_words, seats, mass = CLASSES[vclass]
    fuel = "electric" if ccs is None else rng.choice(
        ["petrol"] * 4 + ["diesel"] * (0 if vclass == "motorcycle" else 1 if us else 3)
        + ["hybrid"] * (2 * (vclass == "car")) + ["lpg"] * (vclass == "car"))
    cc = rng.choice(ccs) if ccs else None
    today = kit.day()
    first = today - dt.timedelta(days=rng.randint(400, 4400))
    imported = kit.chance(0.15)     # first registered abroad, registered here later
    local_first = first + dt.timedelta(days=rng.randint(60, (today - first).days)) if imported else first
    n_prev = rng.choice([0, 0, 1, 1, 2, 3])
    issued = local_first + dt.timedelta(days=rng.randint(0, (today - local_first).days) if n_prev else 0)
    keeper, other, prev = kit.names(3)
    shape = rng.choice({"en_GB": ["certificate", "certificate", "confirmation"],
                        "en_US": ["card", "renewal", "confirmation"]}.get(
        loc, ["certificate", "confirmation"]))
    expiry = old_expiry = None
    if us:
        old_expiry = _month_end(today + dt.timedelta(days=rng.randint(30, 330)))
        expiry = _month_end(old_expiry + dt.timedelta(days=360)) if shape == "confirmation" else old_expiry
    cv = max(2, (cc or 1200) // 190 + rng.randint(-1, 2))     # French fiscal horsepower
    fees = _fees(kit, shape, vclass, fuel, cv)
    codes = [f.pop("code", "") for f in fees]
    total = round(sum(f["amount"] for f in fees), 2) if fees else None
    plate = _plate(kit, local_first)
    facts = {"registration_number": plate, "vin": wmi + "".join(rng.choice(LETTERS + "0123456789")
                                                                for _ in range(14)),
             "keeper": keeper, "make": make, "model": model, "vehicle_class": vclass, "fuel_type": fuel,
             "engine_cc": cc if cc and (not us or kit.chance(0.6)) else None,
             "first_registration": first.isoformat(), "expiry_date": expiry.isoformat() if expiry else None,
             "fees": fees, "total_fees": total, "imported": imported,
             "remarks": rng.sample(REMARKS[vclass], rng.choice([0, 0, 1, 1, 2, 3]))}
    abroad = rng.choice(ABROAD[loc])
    imported_text = says(rng, imported, (f"Imported vehicle: first registered in {abroad}.",
                                         f"Previously registered abroad ({abroad}).", "Imported: yes"),
                         ("Not an imported vehicle.", "Imported: no",
                          f"No registration outside {HOME[loc]} on record."))
    class_text, fuel_text = rng.choice(class_words[region]), rng.choice(FUELS[fuel][loc])
    evidence = {("imported",): imported_text, ("vehicle_class",): class_text, ("fuel_type",): fuel_text}
    kw = (rng.randint(35, 95) if vclass == "motorcycle" else rng.randint(80, 220) if cc is None
          else max(40, int(cc / 1000 * rng.randint(45, 80))))
    co2 = 0 if cc is None else rng.randint(80, 140) if vclass == "motorcycle" else rng.randint(95, 230)
    cc_cell = kit.count_cell(("engine_cc",), cc) if facts["engine_cc"] else L.cell("-")
    gold = {"plate": L.cell(plate, ("registration_number",)), "vin": L.cell(facts["vin"], ("vin",)),
            "keeper": L.cell(keeper, ("keeper",)), "make": L.cell(make, ("make",)),
            "model": L.cell(model, ("model",)), "first": kit.date_cell(("first_registration",), first)}
    remark_labels = ["Remarks", "Special notes", "Notes on the vehicle record"]

    def fee_block(style: str, coded: bool = False, due: bool = False) -> None:
        if not fees:
            return
        if style == "table":
            L.table(doc, rng, ["Code"] * coded + ["Fee", "Amount"], [
                [L.cell(codes[i])] * coded + [L.cell(f["description"], ("fees", i, "description")),
                                              kit.money_cell(("fees", i, "amount"), f["amount"])]
                for i, f in enumerate(fees)])
        else:
            doc.line("Taxes:" if coded else rng.choice(["Fees due:", "Amount due:"] if due else
                                                        ["Fees:", "Fees paid:", "Fee breakdown:"]))
            bullet = "" if coded or style != "bullets" else rng.choice(["- ", "* ", "\u2022 "])
            for i, f in enumerate(fees):     # "Y.1 Regional tax ... 360,00 €", "- County fee: $35.31"
                doc.add(f"{codes[i]} " if coded else bullet).put(("fees", i, "description"), f["description"])
                kit.money(doc.add(": " if bullet else " ... "), ("fees", i, "amount"), f["amount"]).line()
        label = "Y.6 Total: " if coded else rng.choice(["Total due: ", "Amount due: "] if due else
                                                        ["Total: ", "Total paid: ", "Amount charged: "])
        kit.money(doc.add(label), ("total_fees",), total).line()

    if shape == "certificate":      # GB, DE or FR: the harmonised codes of an EU certificate
        form = rng.choice(["{c}. {l}", "({c}) {l}", "{c} {l}", "{l} ({c})"])

        def code(c: str, label: str) -> str:
            return form.format(c=c, l=label)

        titles, issuers, ref_label = CERTIFICATES[loc]
        doc.line(rng.choice(titles)).line(rng.choice(issuers).format(city=fake.city()))
        ref = {"en_GB": f"{rng.randint(10**10, 10**11 - 1)}",
               "de_DE": f"{_letters(kit, 2)}{rng.randint(10**6, 10**7 - 1)}",
               "fr_FR": f"{today.year}{_letters(kit, 2)}{rng.randint(10**4, 10**5 - 1)}"}[loc]
        doc.line(f"{ref_label}: {ref}").line()
        holder = [(code("A", "Registration number"), gold["plate"]),
                  (code("B", "Date of first registration"), gold["first"])]
        if imported:
            holder.append((f"First registered in {HOME[loc]}", kit.date_cell(None, local_first)))
        address = f"{fake.street_address()}, {fake.postcode()} {fake.city()}".replace("\n", ", ")
        holder += [(code("C.1", rng.choice(["Holder", "Registered keeper", "Name"])), gold["keeper"]),
                   (code("C.3", "Address"), L.cell(address)),
                   (code("I", "Date of this registration"), kit.date_cell(None, issued))]
        if loc == "en_GB" and n_prev:
            holder += [("Previous registered keeper", L.cell(prev)),
                       ("Number of previous keepers", L.cell(str(n_prev)))]
        if loc == "fr_FR" and kit.chance(0.4):
            holder.append((code("C.4.1", "Co-holder"), L.cell(other)))
        vehicle = [(code("D.1", "Make"), gold["make"]),
                   (code("D.2", "Type/variant"), L.cell(f"{_letters(kit, 3)}{rng.randint(10, 99)}")),
                   (code("D.3", "Model"), gold["model"]), (code("E", "VIN"), gold["vin"]),
                   (code("F.1", "Max. mass (kg)"), L.cell(str(rng.randint(*mass)))),
                   (code("J", "Category"), L.cell(class_text)), ("Body type", L.cell(body)),
                   (code("P.1", "Cylinder capacity (cc)"), cc_cell),
                   (code("P.2", "Max. net power (kW)"), L.cell(str(kw))),
                   (code("P.3", "Fuel type"), L.cell(fuel_text)),
                   (code("P.6", "Fiscal power (CV)"), L.cell(str(cv))) if loc == "fr_FR"
                   else (code("R", "Colour"), L.cell(rng.choice(COLOURS))),
                   (code("S.1", "Seats"), L.cell(str(seats))), (code("V.7", "CO2 (g/km)"), L.cell(str(co2)))]
        layout = rng.choice(L.KV_LAYOUTS)
        if kit.chance(0.5):     # two sections, or one long block
            L.kv(doc.line(rng.choice(["Registered keeper", "HOLDER", "Holder details"])), rng, holder, layout)
            doc.line().line(rng.choice(["Vehicle details", "VEHICLE", "Technical data"]))
            L.kv(doc, rng, vehicle, layout)
        else:
            L.kv(doc, rng, holder + vehicle, layout)
        kit.pad(doc.line())
        _strings(kit, doc, "remarks", facts["remarks"], rng.choice([code("Z", "Remarks"), "Special notes"]),
                 rng.choice(["Remarks: none", "No remarks."]))
        doc.line(imported_text)
        if loc == "fr_FR":
            kit.date(doc.add(code("X.1", "Roadworthiness test valid until") + ": "), None,
                     today + dt.timedelta(days=rng.randint(200, 700))).line().line()
            fee_block(rng.choice(["table", "lines"]), coded=True)
        elif loc == "de_DE":
            due = today + dt.timedelta(days=rng.randint(200, 700))
            doc.line(f"Next general inspection (HU) due: {due.month:02d}/{due.year}")
        else:
            doc.line(rng.choice(["This document is not proof of ownership.",
                                 "The registered keeper is not necessarily the legal owner."]))
    elif shape == "card":          # a US DMV registration card
        doc.line(f"STATE OF {fake.state().upper()}").line("DEPARTMENT OF MOTOR VEHICLES")
        doc.line(rng.choice(["REGISTRATION CARD", "VEHICLE REGISTRATION"])).line()
        rows = [("PLATE NO.", gold["plate"]), ("VIN", gold["vin"]), ("YEAR", L.cell(str(first.year))),
                ("MAKE", gold["make"]), ("MODEL", gold["model"]), ("BODY", L.cell(body.upper())),
                ("CLASS", L.cell(class_text)), ("FUEL", L.cell(fuel_text))]
        rows += [("ENGINE (CC)", cc_cell)] * bool(facts["engine_cc"])
        rows += [("ORIG. REG. DATE", gold["first"]),
                 ("ISSUED", kit.date_cell(None, expiry - dt.timedelta(days=rng.randint(300, 364)))),
                 ("EXPIRES", kit.date_cell(("expiry_date",), expiry)),
                 ("TITLE NO.", L.cell(f"{rng.randint(10**7, 10**8 - 1)}")),
                 ("REGISTERED OWNER", gold["keeper"])]
        rows += [("CO-OWNER", L.cell(other))] * kit.chance(0.35)
        rows.append(("LIENHOLDER", L.cell(rng.choice([f"{fake.company()} Auto Finance", "NONE"]))))
        L.kv(doc, rng, rows, rng.choice(["colon", "aligned", "dots", "grid", "stacked"]))
        kit.pad(doc.line())
        fee_block(rng.choice(["table", "bullets"]))
        doc.line().line(imported_text)
        _strings(kit, doc, "remarks", facts["remarks"], "Remarks", "Remarks: none")
        doc.line("Keep this card in the vehicle.")
    elif shape == "renewal":       # a US renewal notice
        doc.line(f"{fake.state()} Department of Motor Vehicles").line("VEHICLE REGISTRATION RENEWAL NOTICE")
        notice = old_expiry - dt.timedelta(days=rng.randint(45, 75))
        kit.date(doc.add("Notice date: "), None, notice).line().line()
        L.write(doc, gold["keeper"]).line().line(fake.street_address().replace("\n", ", ")).line()
        doc.add("Dear ").put(("keeper",), keeper).line(",").line()
        _fill(doc, "The registration for your {make} {model}, plate {plate}, expires on ",
              make=(("make",), make), model=(("model",), model), plate=(("registration_number",), plate))
        kit.date(doc, ("expiry_date",), expiry).line(". Renew online, by mail or at any office.")
        rows = [("VIN", gold["vin"]), ("Class", L.cell(class_text)), ("Fuel", L.cell(fuel_text)),
                ("First registered", gold["first"])] + [("Engine (cc)", cc_cell)] * bool(facts["engine_cc"])
        L.kv(doc.line(), rng, rows, rng.choice(["colon", "aligned", "pipe"]))
        kit.pad(doc.line())
        fee_block(rng.choice(["table", "bullets", "lines"]), due=True)
        kit.money(doc.add("A late fee of "), None, float(rng.choice([10, 15, 20, 30, 50])))
        kit.date(doc.add(" is added if payment arrives after "), None, old_expiry).line(".")
        doc.line(rng.choice(["Smog certification is required for this renewal." if cc else
                             "Electric vehicle: no smog certification needed.",
                             "Proof of insurance must be on file with the department."]))
        doc.line(imported_text)
        _strings(kit, doc, "remarks", facts["remarks"], "Vehicle record notes", "Vehicle record notes: none")
    else:                          # the e-mail confirming a change of keeper, renewal or registration
        sender, subject = CONFIRMATIONS[loc]
        doc.line(f"From: {sender.format(state=fake.state() if us else '')}\nSubject: {subject}\n")
        doc.add("Dear ").put(("keeper",), keeper).line(",").line()
        if loc == "en_GB":
            doc.add("You're now the registered keeper of ").put(("registration_number",), plate)
            kit.date(doc.add(" from "), None, issued)
            doc.line(". Your new V5C will be sent within 5 working days.")
            if n_prev:
                doc.line(f"The previous keeper, {prev}, has been told about the change.")
        elif us:
            doc.add("We have renewed the registration of plate ").put(("registration_number",), plate)
            kit.date(doc.add(". Previous expiration: "), None, old_expiry)
            kit.date(doc.add("; new expiration date: "), ("expiry_date",), expiry).line(".")
            doc.line("Your new sticker and card will arrive by mail.")
        else:
            doc.add("your vehicle has been registered under the number ").put(("registration_number",), plate)
            kit.date(doc.add(" on "), None, issued).line(".")
            if loc == "fr_FR":
                kit.date(doc.add("Print the provisional certificate (CPI); it is valid until "), None,
                         issued + dt.timedelta(days=30)).line(".")
        rows = [("Make", gold["make"]), ("Model", gold["model"]), ("VIN", gold["vin"]),
                (rng.choice(["Vehicle type", "Category"]), L.cell(class_text)), ("Fuel", L.cell(fuel_text))]
        rows += [("Engine size (cc)", cc_cell)] * bool(facts["engine_cc"])
        rows += [("Color" if us else "Colour", L.cell(rng.choice(COLOURS))), ("Date of first registration",
                                                                               gold["first"])]
        L.kv(doc.line(), rng, rows, rng.choice(["colon", "aligned", "dots", "pipe"]))
        kit.pad(doc.line())
        if loc == "en_GB":
            kit.date(doc.add("Vehicle tax: valid until "), None,
                     _month_end(today + dt.timedelta(days=rng.randint(20, 300))))
            doc.line(". Tax does not transfer to a new keeper.")
        fee_block(rng.choice(["bullets", "lines", "table"]))
        doc.line(imported_text)
        _strings(kit, doc, "remarks", facts["remarks"], rng.choice(remark_labels), "")
        doc.line().line("This is an automated message; please do not reply.")
    kit.pad(doc)
    return Draft(("Vehicle registration", "Registration certificate", "Vehicle registration document"),
                 REG_FIELDS, facts, doc, evidence)


# ---- practical driving test -----------------------------------------------------------------

TEST_CENTRES = {"en_GB": ("{city} Driving Test Centre", "{city} (Heath Road) DTC"),
                "en_US": ("{city} DMV Field Office", "{city} Drive Test Center"),
                "de_DE": ("TÜV Prüfstelle {city}", "DEKRA Prüfstelle {city}"),
                "fr_FR": ("Centre d'examen de {city}", "Centre d'examen du permis - {city}")}
SEVERITY = {   # severity: (what each locale's sheet calls it, its column heading in a tally table)
    "minor": {"en_GB": ("driving fault", "Driving faults"), "en_US": ("minor error", "Minor"),
              "de_DE": ("minor fault", "Minor"), "fr_FR": ("minor error", "Minor errors")},
    "serious": {"en_GB": ("serious fault", "Serious"), "en_US": ("critical error", "Critical"),
                "de_DE": ("serious fault", "Serious"), "fr_FR": ("serious error", "Serious")},
    "dangerous": {"en_GB": ("dangerous fault", "Dangerous"), "en_US": ("dangerous action", "Dangerous"),
                  "de_DE": ("dangerous situation", "Dangerous"),
                  "fr_FR": ("eliminating error (erreur éliminatoire)", "Eliminating")}}
MAX_MINOR = {"en_GB": 15, "en_US": 15, "de_DE": 10, "fr_FR": 12}
FAULT_AREAS = {
    "eu": ["Mirrors - change direction", "Signals - timing", "Junctions - observation",
           "Junctions - approach speed", "Use of speed", "Following distance", "Positioning - lanes",
           "Control - steering", "Control - gears", "Move off - safely", "Pedestrian crossings",
           "Response to traffic signs", "Awareness and planning", "Clearance to obstructions",
           "Progress - undue hesitation", "Roundabouts - observation", "Reverse park - observation"],
    "us": ["Full stop at stop sign", "Head check before lane change", "Right of way", "Turn signal",
           "Speed control", "Lane position", "Backing - observation", "Following too closely",
           "Yield to pedestrians", "Control - gears", "Steering control", "Wide turn"]}
MANOEUVRES = {"en_GB": ["Parallel park", "Reverse bay park", "Forward bay park",
                        "Pull up on the right and reverse", "Emergency stop"],
              "en_US": ["Parallel parking", "Three-point turn", "Backing in a straight line",
                        "Parking on a hill", "Quick stop"],
              "de_DE": ["Reverse parking", "Turning around", "Reversing round a corner", "Emergency braking",
                        "Parking in a bay"],
              "fr_FR": ["Parallel parking (créneau)", "Reverse into a bay (bataille)",
                        "Turning around (demi-tour)", "Braking to a stop"]}
TRANSMISSIONS = {"manual": ("Transmission: manual", "Gearbox: manual", "Vehicle: manual car"),
                 "automatic": ("Transmission: automatic", "Vehicle: automatic car",
                               "Gearbox: automatic (licence limited to automatics)")}
RESULTS = {"en_GB": (("Result: PASS", "You passed your practical driving test."),
                     ("Result: FAIL", "You did not pass your test on this occasion.")),
           "en_US": (("ROAD TEST RESULT: PASSED", "Congratulations, you passed the road test."),
                     ("ROAD TEST RESULT: FAILED", "You did not pass the road test today.")),
           "de_DE": (("Result: passed (bestanden)", "You passed the practical test."),
                     ("Result: not passed (nicht bestanden)", "The practical test was not passed.")),
           "fr_FR": (("Result: FAVOURABLE (pass)", "You passed the practical driving test."),
                     ("Result: UNFAVOURABLE (fail)", "You have not passed the practical test."))}
CERT_NUMBERS = {"en_GB": "D{n:07d}", "en_US": "RT-{n:06d}", "de_DE": "PB {n:06d}", "fr_FR": "CEPC-{n:08d}"}
TEST_FIELDS = [
    F.text("candidate", "Candidate", ("Person who took the test (not the examiner or instructor).",
                                      "Name of the candidate."), "candidate_name", "driver", "learner"),
    F.text("driver_number", "Driver number",
           "Candidate's driver, licence or application number (not the booking reference or "
           "certificate number).", "licence_number", "application_number", optional=True, keep=0.5),
    F.text("examiner", "Examiner", "Examiner who conducted the test (not a supervising examiner).",
           "examiner_name", "tested_by", keep=0.7),
    F.text("test_centre", "Test centre", "Where the test started.", "centre", "test_center", keep=0.7),
    F.date("test_date", "Test date", ("Date of the practical test (not the theory test, retest or "
                                      "certificate date).", "Day of the test."), "date", "tested_on"),
    F.text("start_time", "Start time", "Time the test started, as written (not the finish time).",
           "time", "test_time", optional=True, keep=0.5),
    F.choice("transmission", "Transmission", "Gearbox of the car the test was taken in.",
             list(TRANSMISSIONS), "gearbox", keep=0.7),
    F.flag("passed", "Passed", "Whether the candidate passed the test.", "pass", "result_pass"),
    F.integer("driving_faults", "Driving faults",
              ("Number of minor (driving) faults (not serious or dangerous ones, not the maximum "
               "allowed).", "Total of minor faults."), "minor_faults", "minor_errors"),
    F.integer("serious_faults", "Serious faults", "Number of serious or critical faults (not "
              "dangerous ones).", "critical_errors", "serious_count", keep=0.6),
    F.items("faults", "Faults", ("Each fault marked on the report, in order.", "Faults recorded."), [
        F.text("area", "Area", "Skill or situation where the fault was marked.", "skill", "item"),
        F.integer("count", "Count", "How many faults of this kind were marked.", "number", "times",
                  keep=0.8),
        F.choice("severity", "Severity", "How serious the fault was.", list(SEVERITY), "type",
                 "level", keep=0.8),
    ], "fault_list", "marked_faults"),
    F.strings("manoeuvres", "Manoeuvres", "Manoeuvres the candidate was asked to carry out.",
              "maneuvers", "exercises", keep=0.7),
    F.flag("instructor_present", "Instructor present",
           "Whether the candidate's instructor sat in on the test.", "instructor_sat_in",
           "accompanied", keep=0.6),
    F.text("certificate_number", "Pass certificate number",
           "Number of the pass certificate; null when the candidate failed or none is printed.",
           "pass_certificate", "certificate_no", optional=True, keep=0.5),
]


def _driver_number(kit: Kit, name: str, born: dt.date) -> str:
    r = kit.rng.randint
    if kit.locale == "en_GB":     # the shape of a British driver number
        last = "".join(ch for ch in name.split()[-1].upper() if ch.isalpha())[:5].ljust(5, "9")
        y = str(born.year)
        return f"{last}{y[2]}{born.month:02d}{born.day:02d}{y[3]}{_letters(kit, 2)}9{_letters(kit, 2)}"
    if kit.locale == "en_US":
        return f"{_letters(kit, 1)}{r(10**6, 10**7 - 1)}"
    if kit.locale == "de_DE":
        return f"{_letters(kit, 1)}{r(100, 999)}{_letters(kit, 1)}{r(100000, 999999)}"
    return f"{r(10**11, 10**12 - 1)}"


def _faults(kit: Kit, areas: list[str], passed: bool, top: int) -> list[dict]:
    """Faults of a pass (minor ones within the limit), or of a fail: one or two serious or
    dangerous faults, or now and then too many minor ones."""
    rng = kit.rng
    if passed:
        faults = [{"area": a, "count": rng.choice([1, 1, 1, 2, 2, 3]), "severity": "minor"}
                  for a in rng.sample(areas, rng.randint(0, 6))]
        while sum(f["count"] for f in faults) > top:
            faults.pop()
        return faults
    if kit.chance(0.2):     # six areas of three or four faults: always over the limit
        return [{"area": a, "count": rng.choice([3, 4]), "severity": "minor"} for a in rng.sample(areas, 6)]
    bad = rng.randint(1, 2)
    faults = [{"area": a, "count": 1, "severity": rng.choice(["serious", "serious", "dangerous"])} if i < bad
              else {"area": a, "count": rng.choice([1, 1, 2, 3]), "severity": "minor"}
              for i, a in enumerate(rng.sample(areas, rng.randint(bad, 6)))]
    rng.shuffle(faults)
    return faults


def driving_test_result(kit: Kit) -> Draft:
    fake, rng, doc, loc = kit.fake, kit.rng, Doc(), kit.locale
    candidate, examiner, instructor, supervisor = kit.names(4)
    day = kit.day()
    us = loc == "en_US"
    transmission = rng.choice(["automatic", "manual"] if us else ["manual", "manual", "automatic"])
    areas = [a for a in FAULT_AREAS["us" if us else "eu"]
             if not (transmission == "automatic" and a == "Control - gears")]
    top, passed = MAX_MINOR[loc], kit.chance(0.55)
    faults = _faults(kit, areas, passed, top)
    count = {s: sum(f["count"] for f in faults if f["severity"] == s) for s in SEVERITY}
    twelve = us and kit.chance(0.6)
    start = rng.choice(range(8 * 60 + 10, 16 * 60, 7))
    born = dt.date(day.year - rng.randint(17, 45), rng.randint(1, 12), rng.randint(1, 28))
    facts = {"candidate": candidate, "driver_number": kit.maybe(_driver_number(kit, candidate, born), 0.7),
             "examiner": examiner, "test_centre": rng.choice(TEST_CENTRES[loc]).format(city=fake.city()),
             "test_date": day.isoformat(), "start_time": kit.maybe(clock(start, twelve), 0.7),
             "transmission": transmission, "passed": passed, "driving_faults": count["minor"],
             "serious_faults": count["serious"], "faults": faults,
             "manoeuvres": rng.sample(MANOEUVRES[loc], rng.choice([1, 1, 2, 2, 3])),
             "instructor_present": kit.chance(0.35),
             "certificate_number": CERT_NUMBERS[loc].format(n=rng.randint(10**5, 10**6 - 1))
             if passed and kit.chance(0.8) else None}
    booking, finish = f"{rng.randint(10**7, 10**8 - 1)}", clock(start + rng.randint(32, 45), twelve)
    result_text = rng.choice(RESULTS[loc][0 if passed else 1])
    trans_text = rng.choice(TRANSMISSIONS[transmission])
    instr_text = says(rng, facts["instructor_present"],
                      (f"Your instructor, {instructor}, sat in on the test.", "Instructor present: yes",
                       "Accompanied by instructor: yes"),
                      ("Instructor present: no", "The candidate was not accompanied by an instructor.",
                       f"Your instructor ({instructor}) did not sit in on the test."))
    evidence = {("passed",): result_text, ("transmission",): trans_text, ("instructor_present",): instr_text}
    sev = {s: SEVERITY[s][loc] for s in SEVERITY}
    score = (rng.randint(20, 31) if passed else rng.randint(12, 24)) if loc == "fr_FR" else None
    gold = {"candidate": (("candidate",), candidate), "examiner": (("examiner",), examiner),
            "centre": (("test_centre",), facts["test_centre"]), "date": (("test_date",), kit.date_text(day)),
            "minor": (("driving_faults",), kit.style.integer(count["minor"])),
            "serious": (("serious_faults",), kit.style.integer(count["serious"]))}

    def word(s: str, n: int) -> str:
        return sev[s][0] + ("s" if n != 1 and not sev[s][0].endswith(")") else "")

    def fault_table(tally: bool) -> None:
        if tally:       # one column per severity, the count in the fault's own column
            L.table(doc, rng, ["Item"] + [sev[s][1] for s in SEVERITY], [
                [L.cell(f["area"], ("faults", i, "area"))] +
                [kit.count_cell(("faults", i, "count"), f["count"]) if f["severity"] == s else L.cell("-")
                 for s in SEVERITY] for i, f in enumerate(faults)])
        else:
            L.table(doc, rng, ["Item", "Fault type", "Count"], [
                [L.cell(f["area"], ("faults", i, "area")), L.cell(sev[f["severity"]][0]),
                 kit.count_cell(("faults", i, "count"), f["count"])] for i, f in enumerate(faults)])
        for i, f in enumerate(faults):
            evidence[("faults", i, "severity")] = sev[f["severity"]][1 if tally else 0]

    def fault_lines(grouped: bool) -> None:
        if grouped:     # under a heading per severity; the array follows the document's order
            faults.sort(key=lambda f: list(SEVERITY).index(f["severity"]))
            for s in SEVERITY:
                if any(f["severity"] == s for f in faults):
                    doc.line(f"{sev[s][1]}:")
                for i, f in enumerate(faults):
                    if f["severity"] == s:      # "  - Use of speed ×2" ("x2" reads as no number)
                        evidence[("faults", i, "severity")] = f"{sev[s][1]}:"
                        doc.add("  - ").put(("faults", i, "area"), f["area"]).add(" ×")
                        kit.count(doc, ("faults", i, "count"), f["count"]).line()
            return
        bullet = rng.choice(["- ", "* ", "\u2022 "])
        for i, f in enumerate(faults):     # "- Use of speed: 2 driving faults"
            kit.count(doc.add(bullet).put(("faults", i, "area"), f["area"]).add(": "), ("faults", i, "count"),
                      f["count"])
            evidence[("faults", i, "severity")] = word(f["severity"], f["count"])
            doc.line(" " + word(f["severity"], f["count"]))

    def totals(layout: str) -> None:
        label = rng.choice(["Total driving faults", "Driving faults"] if loc == "en_GB" else ["Minor faults",
                                                                                             "Minor errors"])
        rows = [(label, kit.count_cell(("driving_faults",), count["minor"])),
                ("Maximum allowed", L.cell(str(top))),
                ("Critical errors" if us else sev["serious"][1],
                 kit.count_cell(("serious_faults",), count["serious"])),
                (sev["dangerous"][1], L.cell(str(count["dangerous"])))]
        L.kv(doc, rng, rows + [("Score", L.cell(f"{score}/31"))] * (score is not None), layout)

    layout = rng.choice(["sheet", "sheet", "letter"])
    if layout == "sheet":       # the examiner's marking sheet, or its markdown export
        markdown = kit.chance(0.3)
        doc.line(("# " if markdown else "") + rng.choice(["DRIVING TEST REPORT", "Test marking sheet",
                                                         "ROAD TEST SCORE SHEET" if us else "Test report"]))
        rows = [("Candidate", L.cell(candidate, ("candidate",)))]
        if facts["driver_number"]:
            rows.append((rng.choice(["Driver number", "Licence no.", "Application no."]),
                         L.cell(facts["driver_number"], ("driver_number",))))
        rows += [("Booking ref.", L.cell(booking)),
                 ("Test centre", L.cell(facts["test_centre"], ("test_centre",))),
                 ("Date", kit.date_cell(("test_date",), day))]
        rows += [("Time", L.cell(facts["start_time"], ("start_time",)))] * bool(facts["start_time"])
        rows += [("Examiner", L.cell(examiner, ("examiner",))), ("Category", L.cell("B")),
                 ("Vehicle reg.", L.cell(_plate(kit, day - dt.timedelta(days=900))))]
        rows += [("Supervising examiner", L.cell(supervisor))] * kit.chance(0.2)
        theory = day - dt.timedelta(days=rng.randint(40, 600))
        rows.append(("Knowledge test passed" if us else "Theory test passed", kit.date_cell(None, theory)))
        L.kv(doc, rng, rows, "pipe" if markdown else None)
        kit.pad(doc.line().line(trans_text).line())
        doc.line("## Faults\n" if markdown else "Faults marked:")
        if not faults:
            doc.line(rng.choice(["None.", "No faults recorded."]))
        elif kit.chance(0.7):
            fault_table(kit.chance(0.5))
        else:
            fault_lines(kit.chance(0.5))
        doc.line()
        totals(rng.choice(["colon", "aligned", "dots"]))
        doc.line().line("## Result\n" if markdown else "").line(result_text)
    elif layout == "letter":    # the result letter or e-mail sent after the test
        doc.line(f"Subject: Your practical driving test on {kit.date_text(day)}").line()
        _fill(doc, "Dear {candidate},\n\nThis is the result of your test at {centre} on {date}",
              candidate=gold["candidate"], centre=gold["centre"], date=gold["date"])
        if facts["start_time"]:
            doc.add(" (started ").put(("start_time",), facts["start_time"]).add(f", finished {finish})")
        doc.line(".").line(result_text).line()
        _fill(doc, "You made {minor} " + word("minor", count["minor"]) + f" (up to {top} are allowed) and "
              "{serious} " + word("serious", count["serious"]) + ".\n", **gold)
        if faults:
            doc.line(rng.choice(["Faults marked:", "Where you lost marks:", "The examiner marked:"]))
            fault_lines(kit.chance(0.4))
        kit.pad(doc.line())
        doc.line(trans_text)
        _strings(kit, doc, "manoeuvres", facts["manoeuvres"],
                 rng.choice(["Manoeuvres", "Manoeuvres carried out", "Exercises"]), "")
        doc.line(instr_text)
        if facts["driver_number"]:
            doc.add("Driver number: ").put(("driver_number",), facts["driver_number"])
            doc.line(f" (booking {booking})")
        if score is not None:
            doc.line(f"Skills assessment score: {score}/31")
        _fill(doc, "\nYour examiner was {examiner}.\n", examiner=gold["examiner"])
    if layout != "letter":
        _strings(kit, doc.line(), "manoeuvres", facts["manoeuvres"],
                 rng.choice(["Manoeuvres", "Manoeuvre(s) tested", "Exercises"]), "")
        doc.line(instr_text)
    if facts["certificate_number"]:
        doc.add(rng.choice(["Pass certificate number: ", "Certificate no. ", "Pass certificate: "]))
        doc.put(("certificate_number",), facts["certificate_number"]).add("\nValid for two years, until ")
        kit.date(doc, None, day + dt.timedelta(days=730)).line(".")
    elif not passed:
        retest = day + dt.timedelta(days=rng.choice([10, 14, 28]))
        kit.date(doc.add("Earliest date for a retest: "), None, retest).line()
    kit.pad(doc)
    return Draft(("Driving test result", "Practical driving test report", "Road test result"), TEST_FIELDS,
                 facts, doc, evidence)


# ---- bike share statement -------------------------------------------------------------------

OPERATORS = {"en_US": ("{city} Bike Share", "RideLoop {city}", "{city} Pedal Co."),
             "en_GB": ("{city} Cycle Hire", "Spokes & Volts", "{city} Bike Hire"),
             "de_DE": ("{city}Rad", "Rad & Roll {city}", "nextrad {city}"),
             "fr_FR": ("Vélo'{city}", "VéloCité {city}", "Trott'In {city}")}
STATIONS = {"en_US": ["Main St & 3rd Ave", "City Hall", "Union Station", "Riverside Park", "5th St & Market",
                      "Library Plaza", "Convention Center", "Elm St & Oak Ave", "University Ave"],
            "en_GB": ["Town Hall", "Central Station", "Market Square", "Riverside Walk", "Hospital Main Gate",
                      "Queen Street", "University Library", "Canal Basin", "Park Road", "Cathedral Green"],
            "de_DE": ["Hauptbahnhof", "Marktplatz", "Rathaus", "Universität", "Stadtpark", "Domplatz",
                      "Bahnhof Süd", "Rosenstraße", "Klinikum", "Messe"],
            "fr_FR": ["Gare Centrale", "Hôtel de Ville", "Place de la République", "Bibliothèque",
                      "Parc des Expositions", "Rue Victor Hugo", "Quai de la Loire", "Université",
                      "Place du Marché", "Opéra"]}
VEHICLE_WORDS = {"bike": ("Bike", "Classic bike", "Pedal bike"),
                 "ebike": ("E-bike", "Electric bike", "Pedelec"),
                 "scooter": ("E-scooter", "Scooter", "Kick scooter")}
SPEEDS = {"bike": 0.2, "ebike": 0.3, "scooter": 0.25}      # km a minute
RATES = {"bike": 0.10, "ebike": 0.25, "scooter": 0.22}     # a minute, after the included time
PLANS = {   # plan: (how a statement names it, fee range: a month's, or a year's for the annual plan)
    "pay_as_you_go": (("Pay as you go", "Plan: pay-per-ride", "No pass - pay as you ride"), None),
    "monthly_pass": (("Monthly pass", "Plan: 30-day pass", "Monthly membership"), (12.0, 20.0)),
    "annual_membership": (("Annual membership", "Plan: annual member", "Yearly pass"), (80.0, 150.0)),
    "student": (("Student pass (monthly)", "Plan: student monthly", "Student membership"), (5.0, 9.0))}
PROMOS = ["SPRING20", "FIRSTRIDE", "WELCOME5", "RIDE2WORK", "BIKEWEEK", "FREEUNLOCK", "GREENMILES",
          "FRIEND-3KQ7", "CAMPUS10"]
VAT = {"en_US": ("Sales tax", 0), "en_GB": ("VAT", 20), "de_DE": ("VAT (MwSt.)", 19),
       "fr_FR": ("VAT (TVA)", 10)}
BIKE_FIELDS = [
    F.text("operator", "Operator", "Bike or scooter share scheme that issued the statement.",
           "scheme", "provider", keep=0.5),
    F.text("account_holder", "Account holder", ("Member the statement is for (not the payment card "
                                                "holder).", "Name of the member."), "member", "name"),
    F.text("member_number", "Member number", "Account or member number (not the statement or "
           "invoice number).", "account_number", "member_id"),
    F.date("period_start", "Period start", "First day of the billing period.", "from", "billing_start",
           keep=0.6),
    F.date("period_end", "Period end", "Last day of the billing period (not the statement or "
           "payment date).", "to", "billing_end"),
    F.choice("plan", "Plan", "The member's plan or pass.", list(PLANS), "membership_type", "pass_type"),
    F.items("rides", "Rides", ("Each ride of the period, in the order listed.", "Trips taken."), [
        F.date("date", "Date", "Day of the ride.", "ride_date", keep=0.5),
        F.text("start_station", "Start station", "Station or place the ride started (not where it "
               "ended).", "from_station", "origin"),
        F.choice("vehicle", "Vehicle", "What was ridden.", list(VEHICLE_WORDS), "vehicle_type", keep=0.6),
        F.integer("minutes", "Minutes", "Length of the ride in minutes.", "duration_minutes", "duration",
                  keep=0.8),
        F.number("cost", "Cost", "Amount charged for the ride.", "charge", "fare", keep=0.8),
    ], "trips", "ride_history"),
    F.integer("total_minutes", "Total minutes", "Total ride time in minutes (not the included "
              "minutes).", "ride_time", "minutes_ridden", keep=0.6),
    F.number("membership_fee", "Membership fee", "Price of the pass or membership (not ride "
             "charges); null for pay as you go.", "pass_price", "plan_fee", optional=True, keep=0.6),
    F.number("total_charged", "Total charged", ("Amount charged for the period after credits (not "
                                                "the subtotal or the credit balance).", "Total due."),
             "amount_due", "total", minimum=0),
    F.number("credit_balance", "Credit balance", "Ride credit left on the account, if shown.",
             "wallet_balance", "remaining_credit", optional=True, keep=0.5),
    F.flag("paid", "Paid", "Whether the period's charge has been paid.", "payment_successful",
           "is_paid"),
    F.strings("promo_codes", "Promo codes", "Promotion codes applied this period.", "promotions",
              "codes_applied", keep=0.6),
]


def bike_share_statement(kit: Kit) -> Draft:
    fake, rng, doc, loc = kit.fake, kit.rng, Doc(), kit.locale
    _home_currency(kit)
    first = kit.day().replace(day=1)
    last = _month_end(first)
    plan = rng.choice(list(PLANS))
    plan_words, fee_range = PLANS[plan]
    fee = round(round(rng.uniform(*fee_range)) - 0.01, 2) if fee_range else None
    included = 0 if plan == "pay_as_you_go" else rng.choice([30, 45, 60])    # free minutes on a bike
    unlock = 0.0 if plan != "pay_as_you_go" else rng.choice([1.0, 1.0, 0.5])
    kinds = rng.choice([["bike"], ["bike", "ebike"], ["bike", "ebike", "scooter"], ["ebike", "scooter"]])
    days = sorted(first + dt.timedelta(days=rng.randint(0, last.day - 1)) for _ in range(rng.randint(0, 6)))
    rides, ends = [], []
    for d in days:
        kind = rng.choice(kinds)
        minutes = rng.randint(3, 75 if kind == "bike" else 40)
        billable = minutes if kind != "bike" else max(0, minutes - included)
        a, b = rng.sample(STATIONS[loc], 2)
        rides.append({"date": d.isoformat(), "start_station": a, "vehicle": kind, "minutes": minutes,
                      "cost": round(unlock + billable * RATES[kind] * rng.choice([1, 1, 1.2]), 2)})
        ends.append((b, clock(rng.randint(6 * 60, 22 * 60), False), minutes * SPEEDS[kind]))
    ride_sum = round(sum(r["cost"] for r in rides), 2)
    billed_fee = fee if plan in ("monthly_pass", "student") else None    # a year's fee is billed yearly
    subtotal = round(ride_sum + (billed_fee or 0), 2)
    promos = rng.sample(PROMOS, rng.choice([0, 0, 0, 1, 1, 2])) if subtotal else []
    credits = [min(round(subtotal / len(promos), 2), float(rng.choice([1, 2, 3, 5]))) for _ in promos]
    total = round(max(0.0, subtotal - sum(credits)), 2)
    holder, card_holder = kit.names(2)
    facts = {"operator": rng.choice(OPERATORS[loc]).format(city=fake.city()), "account_holder": holder,
             "member_number": f"{rng.choice(['M', 'ACC-', ''])}{rng.randint(10**6, 10**8 - 1)}",
             "period_start": first.isoformat(), "period_end": last.isoformat(), "plan": plan,
             "rides": rides, "total_minutes": sum(r["minutes"] for r in rides), "membership_fee": fee,
             "total_charged": total, "credit_balance": kit.maybe(kit.amount(0, 25), 0.5),
             "paid": kit.chance(0.8), "promo_codes": promos}
    issued = last + dt.timedelta(days=rng.randint(1, 5))
    card = f"{rng.randint(1000, 9999)}"
    plan_text = rng.choice(plan_words)
    paid_text = says(rng, facts["paid"],
                     (f"Paid in full by card ending {card}. Thank you.", "Payment received - thank you.",
                      "Status: paid"),
                     ("Payment failed: please update your card details.", "Status: unpaid",
                      f"Your card ending {card} was declined; the balance is still outstanding."))
    miles = loc == "en_US" and kit.chance(0.6)
    words = {k: rng.choice(v) for k, v in VEHICLE_WORDS.items()}
    evidence = {("plan",): plan_text, ("paid",): paid_text}
    evidence.update({("rides", i, "vehicle"): words[r["vehicle"]] for i, r in enumerate(rides)})
    gold = {"holder": (("account_holder",), holder), "member": (("member_number",), facts["member_number"]),
            "operator": (("operator",), facts["operator"])}

    def ride_table(export: bool) -> None:
        header = (["date", "from", "to", "vehicle", "minutes", "cost"] if export else
                  ["Date", "Start", "From", "To", "Vehicle", "Min", "mi" if miles else "km", "Cost"])
        L.table(doc, rng, header, [
            [kit.date_cell(("rides", i, "date"), dt.date.fromisoformat(r["date"]))]
            + [L.cell(ends[i][1])] * (not export)
            + [L.cell(r["start_station"], ("rides", i, "start_station")), L.cell(ends[i][0]),
               L.cell(words[r["vehicle"]]), kit.count_cell(("rides", i, "minutes"), r["minutes"])]
            + [kit.num_cell(None, ends[i][2] / (1.609 if miles else 1), 1)] * (not export)
            + [kit.money_cell(("rides", i, "cost"), r["cost"])] for i, r in enumerate(rides)],
            "semicolon" if export else None)

    def ride_lines() -> None:
        for i, r in enumerate(rides):  # "- 14/03/2024 08:12  Town Hall -> Canal Basin, e-bike, 23 min, £2.30"
            at = ("rides", i)
            kit.date(doc.add("- "), at + ("date",), dt.date.fromisoformat(r["date"]))
            doc.add(f" {ends[i][1]}  ").put(at + ("start_station",), r["start_station"])
            word = words[r["vehicle"]]
            ridden = evidence[at + ("vehicle",)] = rng.choice([word, word.lower()])
            kit.count(doc.add(f" -> {ends[i][0]}, {ridden}, "), at + ("minutes",), r["minutes"]).add(" min, ")
            kit.money(doc, at + ("cost",), r["cost"]).line()

    def ride_prose() -> None:
        doc.line(f"You took {len(rides)} ride{'s' * (len(rides) != 1)} this month.")
        for i, r in enumerate(rides):   # "On 3 May 2024 you rode an E-bike from Town Hall to ..."
            at = ("rides", i)
            kit.date(doc.add("On "), at + ("date",), dt.date.fromisoformat(r["date"]))
            ridden = evidence[at + ("vehicle",)] = words[r["vehicle"]].lower()
            doc.add(f" you rode {'an' if r['vehicle'] != 'bike' else 'a'} {ridden} from ")
            kit.count(doc.put(at + ("start_station",), r["start_station"]).add(f" to {ends[i][0]} ("),
                      at + ("minutes",), r["minutes"]).add(" minutes, ")
            kit.money(doc, at + ("cost",), r["cost"]).line(").")

    def summary(layout: str) -> None:
        rows = [("Total ride time (min)", kit.count_cell(("total_minutes",), facts["total_minutes"]))]
        rows += [("Included minutes per ride", L.cell(str(included)))] * bool(included)
        rows += [("Ride charges", kit.money_cell(None, ride_sum))] * bool(rides)
        if billed_fee is not None:
            rows.append((f"{plan_words[0]} fee", kit.money_cell(("membership_fee",), fee)))
        rows.append(("Subtotal", kit.money_cell(None, subtotal)))
        rows += [(f"Promo {c}", kit.money_cell(None, -x)) for c, x in zip(promos, credits)]
        rows.append((rng.choice(["Total charged", "Amount due", "Total"]),
                     kit.money_cell(("total_charged",), total)))
        tax_label, rate = VAT[loc]
        if rate and total:      # the tax included in the total
            tax = round(total * rate / (100 + rate), 2)
            rows.append((f"incl. {tax_label} {rate}%", kit.money_cell(None, tax)))
        if facts["credit_balance"] is not None:
            rows.append(("Ride credit balance", kit.money_cell(("credit_balance",), facts["credit_balance"])))
        L.kv(doc, rng, rows, layout)

    def plan_line() -> None:
        if plan != "annual_membership":
            doc.line(plan_text)
            return
        kit.money(doc.add(f"{plan_text}: "), ("membership_fee",), fee).add(" per year, renews on ")
        renews = first.replace(year=first.year + 1) - dt.timedelta(days=rng.randint(20, 200))
        kit.date(doc, None, renews).line("; not charged this month.")

    def codes() -> None:
        if promos or kit.chance(0.3):
            _strings(kit, doc, "promo_codes", promos, rng.choice(["Promo codes applied", "Promotions"]),
                     "No promo codes applied.")

    layout = rng.choice(["statement", "email", "export"])
    if layout == "statement":
        _fill(doc, "{operator} - " + rng.choice(["Monthly statement", "Account statement"]) + "\n\n", **gold)
        L.kv(doc, rng, [("Member", L.cell(holder, ("account_holder",))),
                        (rng.choice(["Member no.", "Account number", "Member ID"]),
                         L.cell(facts["member_number"], ("member_number",))),
                        ("Statement no.", L.cell(f"ST-{first:%Y%m}-{rng.randint(1000, 99999)}")),
                        ("Period", L.join(kit.date_cell(("period_start",), first), L.cell(" - "),
                                          kit.date_cell(("period_end",), last))),
                        ("Statement date", kit.date_cell(None, issued))])
        plan_line()
        kit.pad(doc.line())
        if rides:
            doc.line(rng.choice(["Your rides", "Ride history", "Trips"]))
            ride_table(False) if kit.chance(0.7) else ride_lines()
        else:
            doc.line("No rides this period.")
        summary(rng.choice(["colon", "aligned", "dots", "pipe", "grid"]))
        codes()
        kit.date(doc.add(f"Charged to card ending {card} ({card_holder}) on "), None,
                 issued + dt.timedelta(days=rng.randint(1, 7))).line(".")
        doc.line(paid_text)
    elif layout == "email":
        _fill(doc, "From: {operator} <no-reply@rides.example>\nSubject: Your " + first.strftime("%B")
              + " riding summary\n\nHi {holder},\n\n", **gold)
        kit.date(doc.add("Here is your statement for "), ("period_start",), first).add(" to ")
        _fill(kit.date(doc, ("period_end",), last), " (member {member}).\n", **gold)
        plan_line()
        kit.pad(doc.line())
        if not rides:
            doc.line("You didn't take any rides this month.")
        elif len(rides) <= 3 and kit.chance(0.5):
            ride_prose()
        else:
            ride_lines() if kit.chance(0.5) else ride_table(False)
        if rides:
            co2 = kit.style.decimal(sum(e[2] for e in ends) * 0.12, 1)
            doc.line(f"That's about {co2} kg of CO2 saved compared with driving.")
        summary(rng.choice(["colon", "aligned"]))
        codes()
        doc.line(paid_text).line().line(f"Happy riding!\nThe {facts['operator']} team")
    else:                   # an app's export with a summary block
        _fill(doc, "# {operator} account export\n# member: {holder} / {member}\n", **gold)
        kit.date(doc.add("# period: "), ("period_start",), first).add(" .. ")
        kit.date(doc, ("period_end",), last).line()
        kit.date(doc.add("# generated: "), None, issued).line().line(f"# {plan_text}").line()
        ride_table(True) if rides else doc.line("(no rides)")
        kit.pad(doc.line())
        if plan == "annual_membership":
            kit.money(doc.add("Annual fee (not billed this month): "), ("membership_fee",), fee).line()
        summary("colon")
        codes()
        doc.line(paid_text)
    kit.pad(doc)
    return Draft(("Bike share statement", "Monthly ride statement", "Micromobility account statement"),
                 BIKE_FIELDS, facts, doc, evidence)


# ---- road closure notice --------------------------------------------------------------------

AUTHORITIES = {"en_GB": ("{city} County Council", "{city} City Council", "{city} Borough Council"),
               "en_US": ("City of {city} Department of Public Works", "{city} County Highway Department",
                         "{state} Department of Transportation"),
               "de_DE": ("Stadt {city}, Straßenverkehrsbehörde", "Landratsamt {city}",
                         "Ordnungsamt der Stadt {city}"),
               "fr_FR": ("Mairie de {city}", "Ville de {city}",
                         "Conseil départemental, agence routière de {city}")}
STREETS = {"en_GB": ["High Street", "Station Road", "Church Lane", "Mill Lane", "London Road", "Park Road",
                     "Victoria Street", "Bridge Street", "School Lane", "North Road", "Queens Avenue"],
           "en_US": ["Main Street", "Oak Avenue", "Maple Drive", "Lincoln Boulevard", "Park Avenue",
                     "Washington Street", "Elm Street", "River Road", "Mill Street", "Broadway"],
           "de_DE": ["Hauptstraße", "Bahnhofstraße", "Kirchgasse", "Schulstraße", "Gartenweg", "Lindenallee",
                     "Mühlenweg", "Am Markt", "Bergstraße", "Ringstraße"],
           "fr_FR": ["rue de la République", "avenue Jean Jaurès", "rue Pasteur", "boulevard Gambetta",
                     "rue de l'Église", "route de Lyon", "rue Victor Hugo", "chemin du Moulin"]}
CLOSURE_REASONS = {   # reason: how a notice gives it
    "resurfacing": ("to allow carriageway resurfacing works to be carried out",
                    "for resurfacing of the carriageway", "so that the road surface can be replaced"),
    "utility_works": ("to enable {city} Water to replace a water main",
                      "for gas main replacement works on behalf of Northgate Gas Networks",
                      "to allow FibreLink Networks to lay new underground cables"),
    "bridge_repair": ("to carry out repairs to {last} Bridge",
                      "for the replacement of expansion joints on {last} Bridge"),
    "drainage": ("for drainage improvement works", "to repair a collapsed culvert beneath the road"),
    "event": ("to facilitate the {city} half marathon", "to facilitate the annual carnival procession",
              "for the safety of those attending the summer street festival"),
    "construction": ("to allow a crane lift at an adjacent development site",
                     "for the construction of a new junction access")}
SIGNATORIES = {"en_GB": ("Director of Place", "Head of Highways and Transport"),
               "en_US": ("Director of Public Works", "County Engineer"),
               "de_DE": ("on behalf of the authority (i. A.)", "Head of the traffic department"),
               "fr_FR": ("The Mayor", "For the President, the Director of Roads")}
CLOSURE_FIELDS = [
    F.text("order_reference", "Order reference",
           "Reference of the closure order or notice (not the works permit number).", "reference",
           "notice_number", "order_number", keep=0.6),
    F.text("authority", "Authority", ("Council or highway authority making the closure (not the "
                                      "contractor).", "Issuing authority."), "issuing_authority",
           "highway_authority", keep=0.8),
    F.text("road", "Road", ("Road that is closed (not a road of the diversion or the roads at either "
                            "end of the closure).", "Name of the closed road."), "road_name", "street",
           "closed_road"),
    F.text("town", "Town", "Town, village or district of the closed road, if named.", "locality",
           "place", optional=True, keep=0.6),
    F.date("start_date", "Start date", ("First day of the closure (not the date of the notice or "
                                        "of the order).", "Closure start."), "closure_start", "from_date"),
    F.date("end_date", "End date", "Day the closure is expected to end (not the latest date the "
           "order allows).", "closure_end", "until_date"),
    F.text("closure_hours", "Closure hours", "Daily hours of the closure as written; null when the "
           "road is closed around the clock.", "times", "hours", optional=True, keep=0.6),
    F.choice("reason", "Reason", "Why the road is closed.", list(CLOSURE_REASONS), "purpose",
             "works_type"),
    F.text("contractor", "Contractor", "Company carrying out the works, if named (not the authority "
           "or the utility).", "works_contractor", "carried_out_by", optional=True, keep=0.5),
    F.strings("diversion_route", "Diversion route", "Roads of the signed diversion, in order; empty "
              "when there is none.", "diversion", "alternative_route"),
    F.items("phases", "Phases", ("Each phase of the works, in order; empty for a single closure.",
                                 "The closure's phases."), [
        F.text("section", "Section", "Length of road closed in this phase.", "extent", "location"),
        F.date("start", "Start", "First day of this phase.", "phase_start", "from"),
        F.date("end", "End", "Last day of this phase.", "phase_end", "to", keep=0.8),
    ], "works_phases", "stages", keep=0.7),
    F.flag("residents_access", "Residents' access",
           "Whether residents can still reach their properties by vehicle.", "access_maintained",
           "property_access", keep=0.8),
    F.flag("pedestrian_access", "Pedestrian access", "Whether pedestrians can still pass through.",
           "footway_open", "pedestrians_allowed", keep=0.7),
    F.text("contact", "Contact", "Officer or team to contact with enquiries, if named (not the "
           "signatory).", "contact_name", "enquiries", optional=True, keep=0.5),
]


def _roads(kit: Kit, n: int) -> list[str]:
    """`n` distinct road names of the locale, a classified road now and then."""
    rng, loc, out = kit.rng, kit.locale, []
    while len(out) < n:
        if kit.chance(0.15):
            k = rng.randint(10, 999)
            name = {"en_GB": f"{rng.choice('AB')}{k * 3}", "en_US": f"Route {k % 99 + 1}",
                    "de_DE": f"{rng.choice('BLK')} {k % 499 + 1}", "fr_FR": f"RD {k}"}[loc]
        elif kit.chance(0.5):
            name = rng.choice(STREETS[loc])
        elif loc.startswith("en"):      # Faker's English street suffixes ("Spur", "Mission") read oddly
            name = f"{kit.fake.last_name()} {rng.choice(['Road', 'Street', 'Lane', 'Avenue', 'Drive'])}"
        else:
            name = kit.fake.street_name()
        if name not in out:
            out.append(name)
    return out


def road_closure_notice(kit: Kit) -> Draft:
    fake, rng, doc, loc = kit.fake, kit.rng, Doc(), kit.locale
    city = fake.city()
    authority = rng.choice(AUTHORITIES[loc]).format(city=city, state=fake.state() if loc == "en_US" else "")
    reason = rng.choice(list(CLOSURE_REASONS))
    roads = _roads(kit, 12)      # the closed road, its two ends, diversion roads, ends of phases
    road, end_a, end_b = roads[:3]
    diversion = [] if kit.chance(0.4 if reason == "event" else 0.08) else roads[3:3 + rng.randint(2, 5)]
    notice = kit.day()
    start = notice + dt.timedelta(days=rng.randint(7, 28))
    phases, end = [], start + dt.timedelta(days=rng.randint(*(1, 2) if reason == "event" else (2, 70)))
    if reason != "event" and kit.chance(0.3):
        cuts = [start]
        for _ in range(rng.randint(2, 4)):
            cuts.append(cuts[-1] + dt.timedelta(days=rng.randint(3, 15)))
        points = [end_a] + roads[8:8 + len(cuts) - 2] + [end_b]     # the ends of each section, in order
        for k in range(len(cuts) - 1):
            a, b = points[k], points[k + 1]
            section = rng.choice([f"{a} to {b}", f"junction with {a}", f"between {a} and {b}"])
            phases.append({"section": section,
                           "start": cuts[k].isoformat(),
                           "end": (cuts[k + 1] - dt.timedelta(days=1)).isoformat()})
        end = cuts[-1] - dt.timedelta(days=1)
    twelve = loc == "en_US" and kit.chance(0.6)
    window = rng.choice([None, None, (1200, 360), (570, 930), (1140, 300), (480, 1080)] if reason != "event"
                        else [(480, 1200), (600, 1020), None])      # minutes after midnight
    hours = None if window is None else rng.choice(["{a} to {b}", "{a}-{b}", "{a} - {b}"]).format(
        a=clock(window[0], twelve), b=clock(window[1], twelve))
    contact, signatory = kit.names(2)
    n = rng.randint(1, 999)
    ref = {"en_GB": f"TTRO/{notice.year}/{n:03d}", "en_US": f"PW-{notice.year}-{n:04d}",
           "de_DE": f"32.1-{n}/{notice.year}", "fr_FR": f"{notice.year}-{n:03d}"}[loc]
    facts = {"order_reference": ref, "authority": authority, "road": road,
             "town": kit.maybe(fake.city(), 0.75),
             "start_date": start.isoformat(), "end_date": end.isoformat(), "closure_hours": hours,
             "reason": reason, "contractor": kit.maybe(fake.company(), 0.7) if reason != "event" else None,
             "diversion_route": diversion, "phases": phases, "residents_access": kit.chance(0.6),
             "pedestrian_access": kit.chance(0.75), "contact": kit.maybe(contact, 0.7)}
    reason_text = rng.choice(CLOSURE_REASONS[reason]).format(city=city, last=fake.last_name())
    access_text = says(rng, facts["residents_access"],
                       ("Access for residents and businesses will be maintained.",
                        "Vehicle access to properties within the closure will be maintained at all times."),
                       ("There will be no vehicular access, including for residents, during the closure.",
                        "Residents will not be able to drive to their homes while the road is closed."))
    ped_text = says(rng, facts["pedestrian_access"],
                    ("Pedestrian access will be maintained.", "The footway remains open to pedestrians."),
                    ("The footway will also be closed; pedestrians must follow the signed route.",
                     "No pedestrian access through the works."))
    evidence = {("reason",): reason_text, ("residents_access",): access_text,
                ("pedestrian_access",): ped_text}
    contractor = facts["contractor"]
    permit = f"{_letters(kit, 2)}{rng.randint(10**5, 10**6 - 1)}-{_letters(kit, 3)}"
    extent = rng.choice(["between its junctions with {a} and {b}", "from {a} to {b}",
                         "between {a} and {b}"]).format(a=end_a, b=end_b)

    def when(pre: str = "from ") -> None:
        kit.date(doc.add(pre), ("start_date",), start).add(" to ")
        kit.date(doc, ("end_date",), end)
        if hours:
            doc.add(rng.choice([", daily ", ", each day ", ", hours "])).put(("closure_hours",), hours)
        else:
            doc.add(rng.choice([" around the clock", " 24 hours a day", ", at all times"]))

    def diversion_text(numbered: bool = True) -> None:
        if not diversion:
            doc.line(rng.choice(["No signed diversion is necessary; local access only.",
                                 "There is no diversion route: the closure is short."]))
        elif kit.chance(0.3):   # a list (never numbered inside a numbered order)
            doc.line(rng.choice(["Diversion route:", "The signed diversion is:"]))
            for i, d in enumerate(diversion):
                doc.add(f"{i + 1}. " if numbered else "- ").put(("diversion_route", i), d).line()
        else:                   # "via Park Road, Station Road and A38" or "Park Road > Station Road"
            doc.add(rng.choice(["The alternative route for through traffic is via ", "Diversion: ",
                                "Traffic will be diverted via "]))
            arrows = kit.chance(0.4)
            L.series(doc, ("diversion_route",), diversion, *([" > ", " > "] if arrows else [" and ", ", "]))
            doc.line("" if arrows else ".")

    def phase_block(table: bool) -> None:
        if not phases:
            return
        doc.line(rng.choice(["The works will be carried out in phases:", "Phases:", "Closure programme:"]))
        if table:
            L.table(doc, rng, ["Phase", "Section closed", "From", "To"], [
                [L.cell(str(k + 1)), L.cell(p["section"], ("phases", k, "section")),
                 kit.date_cell(("phases", k, "start"), dt.date.fromisoformat(p["start"])),
                 kit.date_cell(("phases", k, "end"), dt.date.fromisoformat(p["end"]))]
                for k, p in enumerate(phases)])
            return
        for k, p in enumerate(phases):   # "Phase 2: Mill Lane to Church Road, from 3 June to 14 June"
            doc.add(f"Phase {k + 1}: ").put(("phases", k, "section"), p["section"])
            kit.date(doc.add(", from "), ("phases", k, "start"), dt.date.fromisoformat(p["start"]))
            kit.date(doc.add(" to "), ("phases", k, "end"), dt.date.fromisoformat(p["end"])).line()

    def contact_line() -> None:
        phone = fake.phone_number()
        if facts["contact"]:
            doc.add(rng.choice(["Enquiries: ", "Contact: ", "For more information contact "]))
            doc.put(("contact",), contact).line(f", tel. {phone}")
        else:
            doc.line(f"Enquiries: Highways team, tel. {phone}")

    layout = rng.choice(["order", "order", "letter", "listing"])
    if layout == "order":       # the statutory notice, in each country's form
        number = {"de_DE": "{k}. ", "fr_FR": "Article {k} - "}.get(loc, "")
        k = iter(range(1, 20))
        if loc == "en_GB":
            doc.put(("authority",), authority).line().line("ROAD TRAFFIC REGULATION ACT 1984 - SECTION 14(1)")
            doc.line(f"({road.upper()}) (TEMPORARY PROHIBITION OF THROUGH TRAFFIC) ORDER {start.year}").line()
            doc.add("NOTICE IS HEREBY GIVEN that ").put(("authority",), authority)
            kit.date(doc.add(" made an Order on "), None, notice - dt.timedelta(days=rng.randint(1, 10)))
            doc.add(" prohibiting any vehicle from proceeding in ")
        elif loc == "en_US":
            doc.line("PUBLIC NOTICE - ROAD CLOSURE").put(("authority",), authority).add("\nNotice No. ")
            doc.put(("order_reference",), ref).line().line()
            doc.add("Notice is given that through traffic will be prohibited on ")
        elif loc == "de_DE":
            doc.line("TRAFFIC ORDER (Verkehrsrechtliche Anordnung)").put(("authority",), authority)
            doc.add("\nRef. (Az.): ").put(("order_reference",), ref).line().line()
            doc.add("1. Closure: through traffic is prohibited on ")
            next(k)
        else:
            doc.add("MUNICIPAL ORDER (ARRÊTÉ) No. ").put(("order_reference",), ref).line()
            doc.line("regulating traffic temporarily").put(("authority",), authority).line().line("ORDERS:")
            doc.add(number.format(k=next(k)) + "Traffic is prohibited on ")
        doc.put(("road",), road)
        if facts["town"]:
            doc.add(", ").put(("town",), facts["town"])
        doc.line(f", {extent}.").line(number.format(k=next(k)) + f"The closure is necessary {reason_text}.")
        if contractor:
            doc.add(number.format(k=next(k)) + "The works will be carried out by ")
            doc.put(("contractor",), contractor).line(f" under permit {permit}.")
        when(number.format(k=next(k)) + "The closure will apply from ")
        doc.line(".")
        if loc in ("en_GB", "en_US"):
            kit.date(doc.add("The order may remain in force until "), None,
                     start + dt.timedelta(days=rng.choice([180, 365, 540])))
            doc.line(" but will apply only while the signs are displayed.")
        phase_block(False)
        doc.line(number.format(k=next(k)) + f"{access_text} {ped_text} Emergency vehicles are exempt.")
        doc.add(number.format(k=next(k)))
        diversion_text(not number)
        kit.pad(doc.line())
        if loc == "en_GB":
            doc.add("Ref: ").put(("order_reference",), ref).line()
        contact_line()
        kit.date(doc.add(rng.choice(["Dated ", "Done on ", "Date of notice: "])), None, notice).line()
        doc.line(f"{signatory}, {rng.choice(SIGNATORIES[loc])}")
    elif layout == "letter":    # a letter to the residents of the road
        kit.date(doc.put(("authority",), authority).line(), None, notice).line().line()
        doc.line("Dear Resident,").line().add(rng.choice(["Temporary road closure: ", "RE: Road closure - "]))
        doc.put(("road",), road).line().line()
        doc.add("We are writing to let you know that ").put(("road",), road)
        if facts["town"]:
            doc.add(", ").put(("town",), facts["town"])
        when(f" will be closed {extent} from ")
        doc.line(f", {reason_text}.")
        if contractor:
            doc.add("The work will be carried out by our contractor, ").put(("contractor",), contractor)
            doc.line(".")
        phase_block(kit.chance(0.5))
        kit.pad(doc.line().line(access_text).line(ped_text).line())
        diversion_text()
        doc.add("Our reference: ").put(("order_reference",), ref).line().line()
        contact_line()
        doc.line().line(f"Yours faithfully,\n{signatory}\n{rng.choice(SIGNATORIES[loc])}")
    else:                       # a roadworks website listing
        doc.line(rng.choice(["Roadworks and closures", "Planned road closure", "Traffic disruption"]))
        rows = [("Reference", L.cell(ref, ("order_reference",))), ("Road", L.cell(road, ("road",)))]
        rows += [("Town", L.cell(facts["town"], ("town",)))] * bool(facts["town"])
        rows += [("Location", L.cell(extent)), ("Type", L.cell("Full road closure")),
                 ("Start", kit.date_cell(("start_date",), start)), ("End", kit.date_cell(("end_date",), end)),
                 ("Times", L.cell(hours, ("closure_hours",)) if hours else L.cell("24 hours")),
                 ("Authority", L.cell(authority, ("authority",)))]
        if contractor:
            rows += [("Contractor", L.cell(contractor, ("contractor",))), ("Permit", L.cell(permit))]
        L.kv(doc, rng, rows + [("Last updated", kit.date_cell(None, notice))])
        reason_text = evidence[("reason",)] = reason_text[0].upper() + reason_text[1:]
        doc.line().line(f"Reason: {reason_text}.")
        phase_block(kit.chance(0.5))
        kit.pad(doc.line())
        diversion_text()
        doc.line(access_text).line(ped_text)
        contact_line()
    kit.pad(doc)
    return Draft(("Road closure notice", "Temporary road closure", "Traffic order notice"), CLOSURE_FIELDS,
                 facts, doc, evidence)
