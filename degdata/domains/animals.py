"""Papers about animals: a veterinary practice's invoice for a pet's visit, the document that
travels with livestock from one holding to another, a breed's results at a dog show and a livery
(boarding) agreement between a yard and a horse's owner.

Each carries values of the same kind beside the ones asked for: the client account, patient,
microchip and insurance policy numbers beside the invoice number, the treatment dates, the pet's
date of birth, the payment due date and the reminders' due dates beside the invoice date and the
next appointment, the nurse beside the vet, the unit prices, subtotal, health plan discount,
deposit and amount paid today beside the line amounts, the tax and the total, and the previous
weight beside today's; the holding numbers, the transporter's authorisation and the trailer beside
the movement reference, the receiver, driver and inspecting vet beside the keeper, the arrival,
loading and certificate dates, the standstill and the animals' birth dates beside the day of
departure, the loading and arrival times beside the departure time, and the vehicle capacity
beside the head count; the steward and show secretary beside the judge, the closing date for
entries, the date results were posted and the next show beside the show date, class entries,
absentees and catalogue numbers beside the dogs entered, the dog listed first, the runners-up,
reserves, challenge winners and best of opposite sex beside the class winners and the best of
breed; the yard's proprietor and an emergency contact beside the horse's owner, the stable name
beside the passport name, the microchip beside the passport number, the height beside the year
foaled, the date signed, the trial's end and the fee review beside the start date, and the
deposit and the extras beside the livery fee.

Documents come as practice invoices, till receipts, e-mails and practice-software exports;
official movement licences and certificates (a British licence, a US certificate of veterinary
inspection, a German Begleitpapier, a French document de circulation), reporting-system e-mails,
a transporter's journey log and a holding register export; results sheets in each kennel club's
notation ("PD (6, 1 abs) 1 Oakwood Blue Moon (John Smith); 2 ..."), tables, club newsletters and
marked catalogues where the winner is not the dog listed first; contracts in numbered clauses,
ticked application forms ("[x] Part livery"), e-mails and markdown welcome packs. Arrays come as
tables in every layout, lines grouped under a heading per kind of charge, bullet, numbered and
lettered lists, lines of several values ("- UK0 123456 00123 | Texel | Ewe | DOB 14/03/2023"),
sentences ("In Open Dog (5 entered), first place went to ...") and one line of names; the lists of
strings (reminders, medicines, absentees, included services) may be empty. Scores (a pet's or a
horse's body condition) appear as "3/5", "3 of 5" or "3.0 / 5", and booleans are as often negated
as stated ("Status: unpaid", "Pet not insured: no claim made", "None of the animals are within a
withdrawal period", "The vehicle was not cleaned and disinfected before loading", "The judge
withheld both CCs", "Insurance: not required", "There is no vaccination requirement at the yard").
"""
from __future__ import annotations

import datetime as dt

from .. import fields as F
from .. import layout as L
from ..assemble import Draft
from ..doc import Doc, Path
from ..fmt import CURRENCIES, clock
from ..kit import Kit
from ..surface import rating, says

LETTERS = "ABCDEFGHJKLMNPRSTUVWXYZ"
COUNTRY_CODES = {"en_GB": "826", "en_US": "840", "de_DE": "276", "fr_FR": "250"}   # ISO 3166 numeric
HONORIFICS = {"Dr", "Mr", "Mrs", "Ms", "Miss", "Mx", "MD", "DDS", "DVM", "PhD", "II", "III", "IV", "Jr", "Sr"}


def _strings(kit: Kit, doc: Doc, key: str, values: list[str], label: str, none: str) -> None:
    L.string_list(doc, kit.rng, key, values, label, none, ["- ", "* ", "\u2022 "])


def _home_currency(kit: Kit) -> None:
    """A vet and a livery yard bill in their country's own currency."""
    kit.style.currency, kit.style.symbol = CURRENCIES[kit.locale]
    kit.style.symbol_first = kit.style.symbol in ("$", "£")


def _names(kit: Kit, n: int) -> list[str]:
    """`n` distinct names without titles or degrees, so that a document styles its vets and
    judges itself ("Dr {n}, DVM"; Faker's de_DE names carry "Prof." and "B.Sc.")."""
    out: list[str] = []
    while len(out) < n:
        for name in kit.names(n):
            words = [w for w in name.split() if not w.endswith(".") and w.strip(",") not in HONORIFICS]
            if len(words) >= 2 and " ".join(words) not in out:
                out.append(" ".join(words))
    return out[:n]


def _styled(styles: tuple[str, ...], kit: Kit, path: Path, name: str) -> L.Cell:
    """A name in one of the house `styles` ("Dr {n}, DVM"); only the name is gold."""
    return L.template(kit.rng.choice(styles).replace("{n}", "{x}"), x=(path, name))


def _letters(kit: Kit, n: int) -> str:
    return "".join(kit.rng.choice(LETTERS) for _ in range(n))


def _one(kit: Kit, x: float) -> str:
    """A rate or measure as the document writes numbers ("7.25" or "7,25", "20")."""
    return str(int(x)) if x == int(x) else kit.style.decimal(x, 2 if round(x, 1) != x else 1)


def _plate(kit: Kit) -> str:
    r, a = kit.rng.randint, _letters
    return {"en_GB": f"{a(kit, 2)}{r(51, 74)} {a(kit, 3)}", "en_US": f"{a(kit, 3)}-{r(1000, 9999)}",
            "de_DE": f"{a(kit, kit.rng.choice([1, 2]))}-{a(kit, 2)} {r(10, 9999)}",
            "fr_FR": f"{a(kit, 2)}-{r(100, 999)}-{a(kit, 2)}"}[kit.locale]


# ---- veterinary invoice ---------------------------------------------------------------------

PET_SPECIES = {   # species: (words a practice system prints, breeds, weight range in kg)
    "dog": (("Canine", "Dog"), ["Labrador Retriever", "Border Collie", "French Bulldog", "Cocker Spaniel",
                                "Dachshund", "Jack Russell Terrier", "German Shepherd", "Cavapoo",
                                "Golden Retriever", "Beagle", "Staffordshire Bull Terrier"], (4.0, 42.0)),
    "cat": (("Feline", "Cat"), ["Domestic Shorthair", "Maine Coon", "British Shorthair", "Siamese",
                                "Ragdoll", "Bengal", "Domestic Longhair"], (2.8, 7.5)),
    "rabbit": (("Rabbit", "Lapine"), ["Netherland Dwarf", "Lionhead", "Mini Lop", "Rex"], (1.1, 3.2)),
    "guinea_pig": (("Guinea pig", "Cavy"), ["Abyssinian", "American", "Teddy", "Peruvian"], (0.7, 1.3)),
    "ferret": (("Ferret", "Mustelid"), ["Sable", "Albino", "Cinnamon"], (0.6, 2.0)),
}
PETS = ["Bella", "Luna", "Max", "Pepper", "Milo", "Nala", "Oscar", "Daisy", "Rocky", "Willow", "Teddy",
        "Bailey", "Simba", "Poppy", "Loki", "Hazel", "Biscuit", "Ziggy", "Maple", "Juno", "Otis", "Mochi"]
ALL, DC, SMALL = ("dog", "cat", "rabbit", "guinea_pig", "ferret"), ("dog", "cat"), ("rabbit", "guinea_pig")
VET_ITEMS = [   # (description, category, species, unit price range, quantity range)
    ("Consultation", "consultation", ALL, (38, 72), (1, 1)),
    ("Follow-up consultation", "consultation", ALL, (20, 45), (1, 1)),
    ("Out-of-hours emergency consultation", "consultation", ALL, (120, 240), (1, 1)),
    ("Annual booster (DHPPi + L4)", "vaccination", ("dog",), (45, 75), (1, 1)),
    ("Kennel cough vaccine", "vaccination", ("dog",), (30, 55), (1, 1)),
    ("Rabies vaccination", "vaccination", ("dog", "cat", "ferret"), (25, 60), (1, 1)),
    ("Cat flu and enteritis booster", "vaccination", ("cat",), (40, 68), (1, 1)),
    ("FeLV vaccination", "vaccination", ("cat",), (30, 55), (1, 1)),
    ("Myxomatosis and RHD vaccine", "vaccination", ("rabbit",), (45, 70), (1, 1)),
    ("Blood panel (biochemistry and haematology)", "diagnostics", ALL, (85, 190), (1, 1)),
    ("Urinalysis", "diagnostics", DC, (22, 48), (1, 1)),
    ("Radiographs, two views", "diagnostics", ALL, (120, 260), (1, 1)),
    ("Ear cytology", "diagnostics", DC, (18, 40), (1, 1)),
    ("Faecal parasite screen", "diagnostics", ALL, (25, 45), (1, 1)),
    ("Dental scale and polish under anaesthetic", "procedure", DC, (220, 480), (1, 1)),
    ("Tooth extraction", "procedure", ALL, (45, 120), (1, 4)),
    ("Nail clip", "procedure", ALL, (10, 22), (1, 1)),
    ("Anal gland expression", "procedure", ("dog",), (15, 30), (1, 1)),
    ("Wound clean and sutures", "procedure", ALL, (90, 260), (1, 1)),
    ("Microchip implantation", "procedure", ALL, (15, 30), (1, 1)),
    ("Incisor trim", "procedure", SMALL, (20, 40), (1, 1)),
    ("Hospitalisation (per day)", "procedure", ALL, (45, 95), (1, 3)),
    ("Meloxicam oral suspension", "medication", ALL, (12, 28), (1, 1)),
    ("Amoxicillin/clavulanate tablets", "medication", DC, (0.6, 1.4), (10, 28)),
    ("Prednisolone tablets", "medication", DC, (0.3, 0.8), (10, 30)),
    ("Oclacitinib tablets", "medication", ("dog",), (1.1, 1.8), (14, 30)),
    ("Ear drops (otic suspension)", "medication", DC, (14, 28), (1, 2)),
    ("Gabapentin capsules", "medication", DC, (0.4, 0.9), (14, 60)),
    ("Antibiotic injection", "medication", ALL, (18, 35), (1, 1)),
    ("Pain relief injection", "medication", ALL, (15, 30), (1, 1)),
    ("Flea and tick chews", "product", ("dog",), (38, 65), (1, 2)),
    ("Spot-on flea treatment", "product", ("dog", "cat", "ferret"), (9, 18), (1, 6)),
    ("Worming tablet", "product", DC, (4, 9), (1, 4)),
    ("Prescription diet bag", "product", DC, (18, 36), (1, 3)),
    ("Buster collar", "product", DC, (8, 16), (1, 1)),
    ("Recovery food sachet", "product", ("rabbit", "guinea_pig", "ferret"), (3, 6), (2, 8)),
]
CATEGORIES = {"consultation": ("Consultation", "Examination"), "vaccination": ("Vaccination", "Vaccines"),
              "diagnostics": ("Diagnostics", "Laboratory"), "procedure": ("Procedure", "Treatment"),
              "medication": ("Medication", "Pharmacy"), "product": ("Retail", "Products")}
VET_PRACTICES = {"en_GB": ("{last} Veterinary Surgery", "{city} Vets", "{last} and Partners Veterinary Practice"),
                 "en_US": ("{city} Animal Hospital", "{last} Veterinary Clinic", "{city} Pet Care Center"),
                 "de_DE": ("Tierarztpraxis {last}", "Tierklinik {city}", "Kleintierpraxis am Stadtpark"),
                 "fr_FR": ("Clinique vétérinaire {last}", "Cabinet vétérinaire de {city}",
                           "Clinique vétérinaire du Parc")}
VETS = {"en_GB": ("{n} MRCVS", "{n} BVSc MRCVS", "{n}"), "en_US": ("Dr. {n}, DVM", "{n}, DVM", "Dr. {n}"),
        "de_DE": ("Dr. med. vet. {n}", "{n} (Tierarzt)", "TA {n}"),
        "fr_FR": ("Dr {n}, vétérinaire", "Dr {n}", "{n} (DV)")}
VAT_RATES = {"en_GB": ("VAT", 20), "de_DE": ("VAT (MwSt.)", 19), "fr_FR": ("VAT (TVA)", 20)}
PAY_METHODS = {"en_GB": ["card", "card", "cash", "bank_transfer"], "en_US": ["card", "card", "cash", "cheque"],
               "de_DE": ["card", "cash", "bank_transfer", "bank_transfer"], "fr_FR": ["card", "card", "cheque", "cash"]}
PAY_TEXTS = {"card": ("Paid by card ({brand} ending {last4}).", "Payment received: debit card - thank you",
                      "Card payment accepted ({brand})."),
             "cash": ("Paid in cash.", "Payment received: cash - thank you"),
             "bank_transfer": ("Paid by bank transfer - thank you.", "Payment received by bank transfer."),
             "cheque": ("Paid by cheque no. {cheque}.", "Payment received: cheque - thank you")}
UNPAID_TEXTS = ("Not yet paid: payment is due by {due}.", "Status: unpaid",
                "This invoice is still outstanding; please pay within {days} days.",
                "Balance unpaid - please settle by {due}.")
INSURERS = {"en_GB": ["Petplan", "Animal Friends", "ManyPets", "Direct Line Pet"],
            "en_US": ["Trupanion", "Nationwide Pet", "Healthy Paws", "Embrace"],
            "de_DE": ["Agila", "Uelzener", "Petprotect", "Barmenia"],
            "fr_FR": ["SantéVet", "Assur O'Poil", "Bulle Bleue", "Kozoo"]}
REMINDERS = {"dog": ["Booster vaccination", "Kennel cough vaccine", "Flea and tick treatment", "Worming",
                     "Dental check", "Weight check"],
             "cat": ["Booster vaccination", "Flea treatment", "Worming", "Senior health check", "Dental check"],
             "rabbit": ["Myxo-RHD vaccination", "Nail clip", "Dental check", "Weight check"],
             "guinea_pig": ["Nail clip", "Dental check", "Weight check"],
             "ferret": ["Distemper booster", "Flea treatment", "Weight check", "Adrenal check"]}
BCS = {1: "very thin", 2: "underweight", 3: "ideal", 4: "overweight", 5: "obese"}
VET_FIELDS = [
    F.text("practice", "Practice", "Veterinary practice or clinic that issued the invoice.", "clinic",
           "practice_name", keep=0.6),
    F.text("invoice_number", "Invoice number", ("Number of the invoice (not the client account, patient, "
                                                "microchip or insurance policy number).", "Invoice no."),
           "invoice_no", "number"),
    F.date("invoice_date", "Invoice date", ("Date of the invoice (not the treatment, payment due, reminder "
                                            "or next appointment date).", "Date issued."), "date", "issued"),
    F.text("client", "Client", ("Owner the invoice is made out to (not the vet, the nurse or the pet).",
                                "Name of the client."), "owner", "client_name", "bill_to"),
    F.text("client_email", "Client e-mail", "Client's e-mail address, if shown.", "email", "owner_email",
           format="email", optional=True, keep=0.5),
    F.text("pet_name", "Pet", ("Name of the animal treated.", "Patient name."), "patient", "animal_name"),
    F.choice("species", "Species", "Kind of animal treated.", list(PET_SPECIES), "animal_type", keep=0.8),
    F.text("veterinarian", "Veterinarian", "Vet who saw the animal (not a nurse or the receptionist).",
           "vet", "veterinary_surgeon", keep=0.7),
    F.number("weight", "Weight", "Body weight recorded at this visit, in the unit printed (not the previous "
             "weight); null when not recorded.", "body_weight", "weight_today", optional=True, keep=0.6),
    F.score("body_condition", "Body condition score", "Body condition score given at the visit (1 very "
            "thin, 3 ideal, 5 obese).", BCS, "bcs", "condition_score", keep=0.5),
    F.items("items", "Items", ("Each line charged on the invoice, in order.", "Invoice lines."), [
        F.text("description", "Description", "What the line charges for.", "item", "service"),
        F.choice("category", "Category", "Kind of charge.", list(CATEGORIES), "type", "line_type", keep=0.6),
        F.integer("quantity", "Quantity", "Quantity charged.", "qty", "units", keep=0.7),
        F.number("amount", "Amount", "Amount of the line (not the unit price).", "line_total", "price",
                 keep=0.9),
    ], "lines", "charges"),
    F.number("vat_amount", "VAT", "VAT or sales tax charged, if shown (not the rate or the subtotal).",
             "tax", "tax_amount", optional=True, keep=0.6),
    F.number("total", "Total", ("Invoice total including tax (not the subtotal, a deposit or the balance "
                                "due).", "Total amount."), "total_amount", "invoice_total", minimum=0),
    F.number("balance_due", "Balance due", "Amount still owed after payments, if shown (not the total).",
             "amount_outstanding", "balance", optional=True, keep=0.5),
    F.flag("paid", "Paid", "Whether the invoice has been paid.", "is_paid", "settled"),
    F.choice("payment_method", "Payment method", "How the invoice was paid; null when it is not paid.",
             ["card", "cash", "bank_transfer", "cheque"], "paid_by", "payment_type", nullable_decide=True,
             keep=0.6),
    F.flag("insurance_claim", "Insurance claim", "Whether a claim is being made on the pet's insurance for "
           "this invoice.", "claim_submitted", "insurance_claimed", keep=0.6),
    F.strings("reminders", "Reminders", "Reminders the practice set for the pet (vaccinations, treatments, "
              "checks); empty when none.", "reminders_due", "upcoming_care", keep=0.6),
    F.date("next_appointment", "Next appointment", "Date of the next booked appointment (not a reminder due "
           "date); null when none is booked.", "follow_up", "recheck_date", optional=True, keep=0.6),
    F.generate("summary", "Summary", "One sentence saying who was charged how much for which animal.", 40,
               "invoice_summary", keep=0.25),
]


def _vet_lines(kit: Kit, species: str) -> list[tuple[str, str, int, float]]:
    """(description, category, quantity, unit price): a consultation first, then what was done."""
    rng = kit.rng
    pool = [x for x in VET_ITEMS if species in x[2]]
    consults = [x for x in pool if x[1] == "consultation"]
    first = rng.choice(consults[:1] * 4 + consults[1:])
    rest = [x for x in pool if x[1] != "consultation"]
    picked = [first] + rng.sample(rest, rng.choice([1, 2, 2, 3, 3, 4, 5]))
    order = list(CATEGORIES)
    picked = [picked[0]] + sorted(picked[1:], key=lambda x: order.index(x[1])) if kit.chance(0.6) else picked
    out = []
    for desc, cat, _, (lo, hi), (qlo, qhi) in picked:
        unit = round(rng.uniform(lo, hi), 2) if hi < 5 else float(round(rng.uniform(lo, hi) * 2) / 2)
        out.append((desc, cat, rng.randint(qlo, qhi), unit))
    return out


def veterinary_invoice(kit: Kit) -> Draft:
    fake, rng, doc, loc = kit.fake, kit.rng, Doc(), kit.locale
    _home_currency(kit)
    us = loc == "en_US"
    species = rng.choice(["dog"] * 5 + ["cat"] * 4 + ["rabbit", "guinea_pig", "ferret"])
    words, breeds, (lo, hi) = PET_SPECIES[species]
    pet, breed = rng.choice(PETS), rng.choice(breeds)
    client, vet, nurse = _names(kit, 3)
    visit = kit.day()
    lines = _vet_lines(kit, species)
    stay = next((q for d, _, q, _ in lines if d.startswith("Hospitalisation")), 0)
    issued = visit + dt.timedelta(days=stay)
    items = [{"description": d, "category": c, "quantity": q, "amount": round(q * u, 2)} for d, c, q, u in lines]
    units = [u for *_, u in lines]
    gross = round(sum(i["amount"] for i in items), 2)
    discount = 0.0
    if kit.chance(0.2):     # a health plan member's discount on medicines and products
        discount = round(0.1 * sum(i["amount"] for i in items if i["category"] in ("medication", "product")), 2)
    net = round(gross - discount, 2)
    if us:
        tax_label, rate = "Sales tax (retail items)", rng.choice([6.0, 7.25, 8.5])
        taxed = sum(i["amount"] for i in items if i["category"] == "product")
        vat = round(taxed * rate / 100, 2) if taxed else None
    else:
        tax_label, rate = VAT_RATES[loc]
        vat = round(net * rate / 100, 2)
    total = round(net + (vat or 0), 2)
    paid = kit.chance(0.7)
    procedure = any(i["category"] == "procedure" and i["amount"] > 80 for i in items)
    deposit = float(round(total * 0.3 / 10) * 10) if paid and procedure and kit.chance(0.4) else 0.0
    deposit = deposit if 0 < deposit < total else 0.0
    method = rng.choice(PAY_METHODS[loc]) if paid else None
    balance = (0.0 if kit.chance(0.5) else None) if paid else (total if kit.chance(0.85) else None)
    weight = round(rng.uniform(lo, hi), 1)
    weight = round(weight * 2.2046, 1) if us else weight
    before = round(weight + rng.choice([-1, 1]) * rng.uniform(0.1, max(0.2, weight * 0.08)), 1)
    bcs = rng.choice([1, 2, 2, 3, 3, 3, 3, 4, 4, 5])
    insurer = rng.choice(INSURERS[loc])
    insured = kit.chance(0.4)
    claim = insured and kit.chance(0.7)
    due_dates = []
    reminders = rng.sample(REMINDERS[species], rng.choice([0, 0, 1, 1, 2, 3]))
    for _ in reminders:
        due_dates.append(issued + dt.timedelta(days=rng.choice([30, 60, 90, 180, 270, 365]) + rng.randint(0, 6)))
    follow = issued + dt.timedelta(days=rng.choice([3, 5, 7, 10, 14, 21]))
    number = {"en_GB": f"INV-{rng.randint(10**5, 10**6 - 1)}", "en_US": f"{rng.randint(10**5, 10**6 - 1)}",
              "de_DE": f"RE-{issued.year}-{rng.randint(10**4, 10**5 - 1)}",
              "fr_FR": f"F{issued.year}{rng.randint(10**4, 10**5 - 1)}"}[loc]
    facts = {"practice": rng.choice(VET_PRACTICES[loc]).format(last=fake.last_name(), city=fake.city()),
             "invoice_number": number, "invoice_date": issued.isoformat(), "client": client,
             "client_email": kit.maybe(fake.email(), 0.5), "pet_name": pet, "species": species,
             "veterinarian": vet, "weight": kit.maybe(weight, 0.75), "body_condition": bcs, "items": items,
             "vat_amount": vat, "total": total, "balance_due": balance, "paid": paid, "payment_method": method,
             "insurance_claim": claim, "reminders": reminders,
             "next_appointment": follow.isoformat() if kit.chance(0.45) else None}
    money = "".join(kit.money_text(total, code=True))
    facts["summary"] = f"{facts['practice']} charged {client} {money} for the treatment of {pet}."
    account, patient_id = f"C{rng.randint(10**4, 10**6 - 1)}", f"P{rng.randint(10**4, 10**6 - 1)}"
    chip = f"{rng.choice(['985', '981', '900', COUNTRY_CODES[loc]])}{rng.randint(10**11, 10**12 - 1)}"
    policy = f"{_letters(kit, 2)}{rng.randint(10**7, 10**8 - 1)}"
    born = visit - dt.timedelta(days=rng.randint(200, 4800))
    due = issued + dt.timedelta(days=rng.choice([14, 30]))
    species_text = rng.choice(words)
    cat_words = {k: rng.choice(v) for k, v in CATEGORIES.items()}
    vet_cell = _styled(VETS[loc], kit, ("veterinarian",), vet)
    if paid:
        pay_text = rng.choice(PAY_TEXTS[method]).format(
            brand=rng.choice(["Visa", "Mastercard", "Visa Debit"] if loc != "de_DE" else ["girocard", "Visa"]),
            last4=rng.randint(1000, 9999), cheque=f"{rng.randint(1, 999999):06d}")
    else:
        pay_text = rng.choice(UNPAID_TEXTS).format(due=kit.date_text(due), days=(due - issued).days)
    claim_text = says(rng, claim, (f"Insurance claim: yes - {insurer}, policy {policy}",
                                   f"We will send a direct claim to {insurer} (policy no. {policy}) for you."),
                      (f"No claim is being made on {pet}'s {insurer} policy for this visit.", "Insurance claim: no")
                      if insured else ("Insurance: none on file (no claim).", "Pet not insured: no claim made."))
    _, stated = rating(rng, bcs, 5, rng.choice(["slash", "of", "out_of", "decimal"]))
    bcs_text = rng.choice(["Body condition score: ", "BCS ", "Body condition: "]) + stated + (
        f" ({BCS[bcs]})" if kit.chance(0.5) else "")
    evidence = {("species",): species_text, ("paid",): pay_text, ("payment_method",): pay_text,
                ("insurance_claim",): claim_text, ("body_condition",): bcs_text}
    unit_word = "lb" if us else "kg"

    def item_rows(style: str) -> None:
        if style == "table":
            head = ["Description", "Type", "Qty", "Unit price", "Amount"]
            L.table(doc, rng, head, [
                [L.cell(it["description"], ("items", i, "description")), L.cell(cat_words[it["category"]]),
                 kit.count_cell(("items", i, "quantity"), it["quantity"]), kit.money_cell(None, units[i]),
                 kit.money_cell(("items", i, "amount"), it["amount"])] for i, it in enumerate(items)])
            for i, it in enumerate(items):
                evidence[("items", i, "category")] = cat_words[it["category"]]
            return
        if style == "export":
            stamp = kit.style.date(issued, "iso")
            L.table(doc, rng, ["date", "code", "description", "type", "qty", "unit", "amount"], [
                [L.cell(stamp), L.cell(f"{it['category'][:3].upper()}{rng.randint(100, 999)}"),
                 L.cell(it["description"], ("items", i, "description")), L.cell(cat_words[it["category"]]),
                 kit.count_cell(("items", i, "quantity"), it["quantity"]), kit.num_cell(None, units[i]),
                 kit.num_cell(("items", i, "amount"), it["amount"])] for i, it in enumerate(items)], "semicolon")
            for i, it in enumerate(items):
                evidence[("items", i, "category")] = cat_words[it["category"]]
            return
        if style == "grouped":      # under a heading per kind of charge; the array follows the page
            order = list(CATEGORIES)
            paired = sorted(zip(items, units), key=lambda p: order.index(p[0]["category"]))
            items[:], units[:] = [p[0] for p in paired], [p[1] for p in paired]
            heading = rng.choice(["{w}:", "== {w} ==", "{W}"])
            for c in order:
                if not any(it["category"] == c for it in items):
                    continue
                head = heading.format(w=cat_words[c], W=cat_words[c].upper())
                doc.line(head)
                for i, it in enumerate(items):
                    if it["category"] != c:
                        continue
                    at = ("items", i)
                    evidence[at + ("category",)] = head
                    doc.add("  ").put(at + ("description",), it["description"]).add("  ")
                    kit.count(doc, at + ("quantity",), it["quantity"]).add(" × ")
                    kit.money(doc, None, units[i]).add("  ")
                    kit.money(doc, at + ("amount",), it["amount"]).line()
            return
        for i, it in enumerate(items):     # "- 2 × Worming tablet [Products]: £12.00"
            at, word = ("items", i), cat_words[it["category"]]
            evidence[at + ("category",)] = word
            doc.add(f"{i + 1}. " if style == "numbered" else "- ")
            if kit.chance(0.5):
                kit.count(doc, at + ("quantity",), it["quantity"]).add(" × ").put(at + ("description",),
                                                                                 it["description"])
                doc.add(f" [{word}]: ")
            else:
                doc.put(at + ("description",), it["description"]).add(f" ({word}): ")
                kit.count(doc, at + ("quantity",), it["quantity"]).add(" at ")
                kit.money(doc, None, units[i]).add(" = ")
            kit.money(doc, at + ("amount",), it["amount"]).line()

    def total_rows() -> list[tuple[str, L.Cell]]:
        rows = [(rng.choice(["Subtotal", "Net", "Total before tax"]), kit.money_cell(None, gross))]
        if discount:
            rows.append(("Health plan discount (10%)", kit.money_cell(None, -discount)))
        if vat is not None:
            rows.append((f"{tax_label} {_one(kit, rate)}%", kit.money_cell(("vat_amount",), vat)))
        rows.append((rng.choice(["Total", "Invoice total", "Total incl. tax" if us else "Total incl. VAT"]),
                     kit.money_cell(("total",), total)))
        if deposit:
            rows.append((f"Deposit received {kit.date_text(visit)}", kit.money_cell(None, -deposit)))
        if paid and (deposit or kit.chance(0.5)):
            rows.append(("Paid today", kit.money_cell(None, round(total - deposit, 2))))
        if balance is not None:
            rows.append((rng.choice(["Balance due", "Balance", "Amount outstanding"]),
                         kit.money_cell(("balance_due",), balance)))
        return rows

    def weight_line(prose: bool = False) -> None:
        if facts["weight"] is None:
            doc.line(rng.choice(["Weight: not recorded.", f"{pet} was not weighed today."]) + " " + bcs_text)
            return
        doc.add(f"{pet} weighed " if prose else "Weight: ")
        kit.num(doc, ("weight",), weight, 1).add(f" {unit_word} (previous ")
        kit.date(kit.num(doc, None, before, 1).add(f" {unit_word} on "), None,
                 visit - dt.timedelta(days=rng.randint(40, 400)))
        doc.line(f"). {bcs_text}")

    def care_plan(inline: bool) -> None:
        if not reminders:
            if kit.chance(0.5):
                doc.line(rng.choice(["No reminders due.", "Reminders: none set"]))
        elif inline:    # "Coming up: Worming (due 12/06/2024) and Dental check (due ...)"
            doc.add(rng.choice(["Coming up for ", "Reminders for "]) + f"{pet}: ")
            for i, r in enumerate(reminders):
                doc.add("" if i == 0 else " and " if i == len(reminders) - 1 else ", ").put(("reminders", i), r)
                kit.date(doc.add(" (due "), None, due_dates[i]).add(")")
            doc.line(".")
        elif kit.chance(0.5):
            doc.line(rng.choice(["Reminders set:", "Next due:"]))
            bullet = rng.choice(["- ", "* ", "\u2022 "])
            for i, r in enumerate(reminders):
                kit.date(doc.add(bullet).put(("reminders", i), r).add(" - due "), None, due_dates[i]).line()
        else:
            _strings(kit, doc, "reminders", reminders, rng.choice(["Reminders", "Reminders set"]), "")
        if facts["next_appointment"]:
            kit.date(doc.add(rng.choice(["Next appointment: ", "Recheck booked for ", "Please return on "])),
                     ("next_appointment",), follow)
            doc.line(f" at {clock(rng.choice(range(540, 1080, 10)), us and kit.chance(0.6))}.")
        elif kit.chance(0.5):
            doc.line(rng.choice(["No follow-up appointment booked.", "Next appointment: none booked"]))

    id_rows = [("Patient", L.cell(pet, ("pet_name",))), ("Species", L.cell(species_text)),
               ("Breed", L.cell(breed)), ("Date of birth", kit.date_cell(None, born)),
               ("Patient ID", L.cell(patient_id)), ("Microchip", L.cell(chip))]
    layout = rng.choice(["invoice", "invoice", "receipt", "email", "export"])
    if layout == "invoice":
        doc.put(("practice",), facts["practice"]).line().line(fake.address().replace("\n", ", "))
        doc.line({"en_GB": f"VAT reg. GB {rng.randint(100, 999)} {rng.randint(1000, 9999)} {rng.randint(10, 99)}",
                  "de_DE": f"USt-IdNr. DE{rng.randint(10**8, 10**9 - 1)}",
                  "fr_FR": f"SIRET {rng.randint(100, 999)} {rng.randint(100, 999)} {rng.randint(100, 999)} 000"
                           f"{rng.randint(10, 99)}"}.get(loc, f"Tel. {fake.phone_number()}")).line()
        doc.line(rng.choice(["INVOICE", "Tax invoice" if not us else "Client invoice", "Invoice / receipt"]))
        rows = [(rng.choice(["Invoice no.", "Invoice number", "Invoice #"]), L.cell(number, ("invoice_number",))),
                (rng.choice(["Invoice date", "Date"]), kit.date_cell(("invoice_date",), issued)),
                ("Account no.", L.cell(account)), (rng.choice(["Client", "Owner", "Bill to"]),
                                                   L.cell(client, ("client",)))]
        rows += [("E-mail", L.cell(facts["client_email"], ("client_email",)))] * bool(facts["client_email"])
        if kit.chance(0.5):
            L.kv(doc, rng, rows + id_rows + [("Veterinary surgeon" if not us else "Veterinarian", vet_cell)])
        else:
            layout_kv = rng.choice(L.KV_LAYOUTS)
            L.kv(doc, rng, rows, layout_kv)
            L.kv(doc.line(), rng, id_rows + [("Vet", vet_cell)], layout_kv)
        if stay:
            kit.date(kit.date(doc.add("Treatment dates: "), None, visit).add(" to "), None, issued).line()
        kit.pad(doc.line())
        weight_line()
        doc.line()
        item_rows(rng.choice(["table", "table", "grouped"]))
        L.kv(doc.line(), rng, total_rows(), rng.choice(["colon", "aligned", "dots", "pipe", "grid"]))
        doc.line().line(pay_text).line(claim_text)
        kit.pad(doc.line())
        care_plan(False)
    elif layout == "receipt":   # a till receipt from the front desk
        doc.put(("practice",), facts["practice"]).line().line(f"Tel. {fake.phone_number()}").line("-" * 32)
        doc.add(rng.choice(["Invoice ", "INVOICE NO. ", "Receipt/invoice "])).put(("invoice_number",), number)
        kit.date(doc.line(), ("invoice_date",), issued)
        doc.line(f" {clock(rng.choice(range(500, 1140, 7)), us and kit.chance(0.5))}")
        doc.add("Client: ").put(("client",), client).line(f"  (acct {account})")
        if facts["client_email"]:
            doc.add("E-mail: ").put(("client_email",), facts["client_email"]).line()
        doc.add("Pet: ").put(("pet_name",), pet).line(f" ({species_text}, {breed})")
        L.write(doc.add("Seen by: "), vet_cell).line().line("-" * 32)
        item_rows(rng.choice(["grouped", "bullets"]))
        doc.line("-" * 32)
        for label, c in total_rows():
            L.write(doc.add(f"{label.upper()}: "), c).line()
        doc.line("-" * 32).line(pay_text)
        kit.pad(doc)
        weight_line()
        doc.line(claim_text)
        care_plan(kit.chance(0.5))
        doc.line(f"Served by {nurse}. Thank you!")
    elif layout == "email":
        doc.add(f"From: {facts['practice']} <accounts@practice.example>\nTo: ")
        if facts["client_email"]:
            doc.put(("client_email",), facts["client_email"]).line()
        else:
            doc.line(client)
        doc.add("Subject: Invoice ").put(("invoice_number",), number).line(f" - {pet}").line()
        doc.add("Dear ").put(("client",), client).line(",").line()
        species_text = evidence[("species",)] = species_text.lower()
        doc.add("thank you for bringing ").put(("pet_name",), pet).add(f" ({species_text}, {breed}) to see ")
        L.write(doc, vet_cell)
        kit.date(doc.add(" at ").put(("practice",), facts["practice"]).add(" on "), None, visit).line(".")
        kit.date(doc.add("Your invoice, dated "), ("invoice_date",), issued).line(", is set out below.").line()
        weight_line(prose=True)
        doc.line()
        item_rows(rng.choice(["bullets", "numbered"]))
        doc.line()
        L.kv(doc, rng, total_rows(), rng.choice(["colon", "aligned"]))
        kit.pad(doc.line())
        doc.line(pay_text).line(claim_text)
        care_plan(True)
        doc.line().line(f"Kind regards,\n{nurse}\nReception team")
    else:                       # the practice software's export
        doc.line("# practice management system - invoice export")
        rows = [("practice", L.cell(facts["practice"], ("practice",))),
                ("invoice_no", L.cell(number, ("invoice_number",))),
                ("invoice_date", kit.date_cell(("invoice_date",), issued)), ("account", L.cell(account)),
                ("client", L.cell(client, ("client",)))]
        rows += [("email", L.cell(facts["client_email"], ("client_email",)))] * bool(facts["client_email"])
        rows += [("patient", L.cell(pet, ("pet_name",))), ("species", L.cell(species_text)),
                 ("breed", L.cell(breed)), ("chip", L.cell(chip)), ("clinician", vet_cell)]
        L.kv(doc, rng, rows, "colon")
        doc.line()
        item_rows("export")
        kit.pad(doc.line())
        L.kv(doc, rng, total_rows(), "colon")
        doc.line(pay_text).line(claim_text).line()
        weight_line()
        care_plan(False)
    kit.pad(doc)
    return Draft(("Veterinary invoice", "Vet bill", "Veterinary practice invoice"), VET_FIELDS, facts, doc,
                 evidence)


# ---- livestock movement record --------------------------------------------------------------

STOCK_WORDS = {"cattle": ("Cattle", "Bovine"), "sheep": ("Sheep", "Ovine"), "pigs": ("Pigs", "Porcine"),
               "goats": ("Goats", "Caprine")}
STOCK_BREEDS = {
    "cattle": {"en_GB": ["Holstein Friesian", "Aberdeen Angus", "Hereford", "Limousin", "Charolais", "Belgian Blue"],
               "en_US": ["Holstein", "Angus", "Hereford", "Jersey", "Charolais", "Simmental"],
               "de_DE": ["Holstein-Friesian", "Fleckvieh", "Braunvieh", "Angus", "Limousin"],
               "fr_FR": ["Prim'Holstein", "Montbéliarde", "Charolaise", "Limousine", "Blonde d'Aquitaine"]},
    "sheep": {"en_GB": ["Texel", "Suffolk", "North Country Mule", "Lleyn", "Charollais", "Swaledale"],
              "en_US": ["Suffolk", "Dorset", "Hampshire", "Katahdin", "Rambouillet"],
              "de_DE": ["Merinolandschaf", "Texel", "Schwarzkopf", "Heidschnucke"],
              "fr_FR": ["Lacaune", "Île-de-France", "Texel", "Romane", "Suffolk"]},
    "goats": {loc: ["Saanen", "Boer", "Anglo-Nubian", "Alpine", "Toggenburg"]
              for loc in ("en_GB", "en_US", "de_DE", "fr_FR")}}
SEXES = {   # species: sex: (the plain word, the young animal's, the adult's)
    "cattle": {"female": ("Female", "Heifer", "Cow"), "male": ("Male", "Steer", "Bull")},
    "sheep": {"female": ("Female", "Ewe lamb", "Ewe"), "male": ("Male", "Ram lamb", "Ram")},
    "goats": {"female": ("Female", "Doeling", "Doe"), "male": ("Male", "Buckling", "Buck")}}
ADULT_DAYS = {"cattle": 900, "sheep": 365, "goats": 365}
REPORTING = {"en_GB": ("Cattle Tracing System", "ARAMS"), "en_US": ("State Animal Health Office",) * 2,
             "de_DE": ("HI-Tier",) * 2, "fr_FR": ("BDNI", "SIEL")}
MOVE_TO = {   # destination: (how a European document states it, how a US certificate does)
    "holding": (("Farm to farm", "Another holding", "Holding (farm)"), ("Feeding/breeding", "Farm to farm")),
    "market": (("Market", "Livestock market", "Auction market"), ("Sale barn", "Auction market")),
    "slaughterhouse": (("Slaughter", "Abattoir", "Slaughterhouse"), ("Slaughter", "Direct to slaughter")),
    "show": (("Show", "Agricultural show", "Show or exhibition"), ("Exhibition", "Fair/exhibition"))}
MOVE_TITLES = {"en_GB": ("ANIMAL MOVEMENT LICENCE", "Livestock movement document (AML)"),
               "en_US": ("CERTIFICATE OF VETERINARY INSPECTION", "Interstate health certificate (CVI)"),
               "de_DE": ("BEGLEITPAPIER - animal movement document", "Movement notification (Viehverkehr)"),
               "fr_FR": ("DOCUMENT DE CIRCULATION - movement document", "Bon d'enlèvement des animaux")}
HOLDING_LABELS = {"en_GB": "CPH", "en_US": "Premises ID", "de_DE": "Reg. no.", "fr_FR": "EDE no."}
MEDICINES = ["Oxytetracycline injection", "Ivermectin pour-on", "Closantel drench", "Penicillin-streptomycin",
             "Meloxicam injection", "Albendazole drench", "Tulathromycin injection", "Florfenicol injection"]
MOVE_FIELDS = [
    F.text("movement_reference", "Movement reference",
           ("Reference of the movement document, licence or certificate (not a holding number, a transporter "
            "authorisation or a vehicle).", "Document number."), "licence_number", "document_number",
           "certificate_number", keep=0.7),
    F.choice("species", "Species", "Species of the animals moved.", list(STOCK_WORDS), "animal_species"),
    F.integer("number_of_animals", "Number of animals", ("How many animals were moved (not the vehicle "
                                                         "capacity or the animals left behind).",
                                                         "Head count."), "head_count", "animal_count"),
    F.text("origin_holding", "Departure holding", ("Holding number the animals left (not the destination).",
                                                   "Number of the holding of departure."), "from_holding",
           "departure_holding", "origin"),
    F.text("destination_holding", "Destination holding", "Holding, market or slaughterhouse number the animals "
           "went to.", "to_holding", "destination", keep=0.8),
    F.text("keeper", "Keeper", ("Keeper sending the animals (not the receiver, the transporter or the "
                                "driver).", "Name of the keeper at departure."), "consignor", "sender"),
    F.choice("destination_type", "Destination type", "Kind of place the animals went to.", list(MOVE_TO),
             "movement_type", "purpose", keep=0.8, option_descriptions=(
                 "Another farm or holding", "A livestock market or auction", "A slaughterhouse or abattoir",
                 "An agricultural show or exhibition")),
    F.date("movement_date", "Movement date", ("Day the animals left the holding (not the arrival, inspection, "
                                              "certificate validity or standstill date, nor a birth date).",
                                              "Date of departure."), "departure_date", "date_of_movement"),
    F.text("departure_time", "Departure time", "Time the vehicle left, as written (not loading or arrival).",
           "time_of_departure", "departed_at", optional=True, keep=0.5),
    F.text("haulier", "Haulier", "Transport company, if one carried the animals (not the driver).",
           "transporter", "carrier", optional=True, keep=0.6),
    F.text("vehicle_registration", "Vehicle registration", "Registration of the vehicle, if given (not the "
           "trailer or the authorisation number).", "vehicle", "lorry_registration", optional=True, keep=0.5),
    F.items("animals", "Animals", ("Each animal identified individually, in order; empty for a batch move.",
                                   "The individual animals."), [
        F.text("ear_tag", "Ear tag", "Official identification number of the animal.", "official_id", "tag"),
        F.text("breed", "Breed", "Breed of the animal.", "breed_name", keep=0.7),
        F.choice("sex", "Sex", "Sex of the animal.", ["female", "male"], "gender", keep=0.6),
        F.date("date_of_birth", "Date of birth", "Birth date of the animal, if printed.", "dob", "born",
               optional=True, keep=0.6),
    ], "animal_list", "identification"),
    F.flag("under_withdrawal", "Under withdrawal", "Whether any animal is still within a veterinary medicine "
           "withdrawal period.", "withdrawal_period", "within_withdrawal_period", keep=0.7),
    F.strings("medicines", "Medicines", "Veterinary medicines the declaration lists as given recently; empty "
              "when none.", "treatments", "veterinary_medicines", keep=0.6),
    F.flag("vehicle_cleansed", "Vehicle cleansed", "Whether the vehicle was cleansed and disinfected before "
           "loading.", "cleansed_and_disinfected", "vehicle_disinfected", keep=0.6),
]


def _holding(kit: Kit, kind: str = "holding") -> str:
    """A holding number of the locale's format, or a slaughterhouse's approval number."""
    r, loc = kit.rng.randint, kit.locale
    if kind == "slaughterhouse":
        return {"en_GB": f"UK {r(1000, 9999)}", "en_US": f"Est. M{r(100, 99999)}",
                "de_DE": f"DE {kit.rng.choice(['BY', 'NW', 'NI', 'SH', 'BW'])} {r(10000, 99999)} EG",
                "fr_FR": f"FR {r(1, 95):02d} {r(0, 999):03d} {r(0, 999):03d} CE"}[loc]
    return {"en_GB": f"{r(1, 99):02d}/{r(1, 999):03d}/{r(1, 9999):04d}",
            "en_US": f"{r(0, 99):02d}{''.join(kit.rng.choice(LETTERS + '0123456789') for _ in range(5))}",
            "de_DE": f"{r(1, 16):02d} {r(0, 999):03d} {r(0, 999):03d} {r(0, 9999):04d}",
            "fr_FR": f"{r(1, 95):02d} {r(0, 999):03d} {r(0, 999):03d}"}[loc]


def _ear_tags(kit: Kit, species: str, n: int) -> list[str]:
    """`n` distinct official identifications of one herd or flock, in the locale's format."""
    r, loc, out = kit.rng.randint, kit.locale, []
    herd, dept, land = r(100000, 999999), r(1, 95), r(1, 16)
    while len(out) < n:
        tag = {"en_GB": f"UK {herd} {r(1, 7)}{r(0, 9999):04d}" if species == "cattle"
               else f"UK0 {herd} {r(0, 99999):05d}",
               "en_US": f"840{r(10**11, 10**12 - 1)}",
               "de_DE": f"DE {land:02d} {r(0, 999):03d} {r(0, 99999):05d}",
               "fr_FR": f"FR {dept:02d} {r(0, 9999):04d} {r(0, 9999):04d}"}[loc]
        if tag not in out:
            out.append(tag)
    return out


def livestock_movement_record(kit: Kit) -> Draft:
    fake, rng, doc, loc = kit.fake, kit.rng, Doc(), kit.locale
    us = loc == "en_US"
    species = rng.choice(["cattle"] * 4 + ["sheep"] * 3 + ["pigs"] * 2 + ["goats"])
    dest_type = rng.choice(["holding"] * 3 + ["market"] * 2 + ["slaughterhouse"] * 2 + ["show"])
    individual = species == "cattle" or (species != "pigs" and kit.chance(0.6))
    count = (rng.randint(1, 12) if species == "cattle" else rng.randint(2, 12)) if individual \
        else rng.randint(18, 240)
    if dest_type == "show":
        count = min(count, rng.randint(1, 6))
    day = kit.day()
    animals, births = [], []
    if individual:
        for tag in _ear_tags(kit, species, count):
            sex = rng.choice(["female", "female", "male"])
            born = day - dt.timedelta(days=rng.randint(120, 2400 if sex == "female" else 900))
            births.append(born.isoformat())
            animals.append({"ear_tag": tag, "breed": rng.choice(STOCK_BREEDS[species][loc]), "sex": sex,
                            "date_of_birth": born.isoformat() if species == "cattle" or kit.chance(0.3) else None})
    keeper, receiver, driver, vet = _names(kit, 4)
    treated = rng.sample(MEDICINES, rng.choice([0, 0, 0, 1, 1, 2, 3]))
    r = rng.randint
    ref = {"en_GB": f"CTS-{r(10**7, 10**8 - 1)}" if species == "cattle" else f"ARAMS-{r(10**6, 10**7 - 1)}",
           "en_US": f"{rng.choice(['TX', 'IA', 'NE', 'KS', 'MO', 'WI'])}-{day.year}-{r(10**5, 10**6 - 1)}",
           "de_DE": f"HIT {r(10**8, 10**9 - 1)}", "fr_FR": f"DC-{day.year}-{r(10**5, 10**6 - 1)}"}[loc]
    twelve = us and kit.chance(0.6)
    start = rng.choice(range(5 * 60, 15 * 60, 5))
    facts = {"movement_reference": ref, "species": species, "number_of_animals": count,
             "origin_holding": _holding(kit), "destination_holding": _holding(kit, dest_type),
             "keeper": keeper, "destination_type": dest_type, "movement_date": day.isoformat(),
             "departure_time": kit.maybe(clock(start, twelve), 0.6), "haulier": kit.maybe(fake.company(), 0.7),
             "vehicle_registration": kit.maybe(_plate(kit), 0.7), "animals": animals,
             "under_withdrawal": bool(treated) and dest_type != "slaughterhouse" and kit.chance(0.4),
             "medicines": treated, "vehicle_cleansed": kit.chance(0.8)}
    journey = rng.randint(25, 320)
    arrive, loading = clock(start + journey, twelve), clock(start - rng.randint(15, 50), twelve)
    authorisation = {"en_GB": f"UK/N/T1/{r(10**5, 10**6 - 1)}", "en_US": f"USDOT {r(10**6, 10**7 - 1)}",
                     "de_DE": f"DE-{rng.choice(['BY', 'NW', 'NI'])}-T1-{r(10**4, 10**5 - 1)}",
                     "fr_FR": f"FR-{r(1, 95):02d}-T1-{r(1000, 9999)}"}[loc]
    trailer = f"{_letters(kit, 2)}{r(100, 999)}"
    species_text = rng.choice(STOCK_WORDS[species] + (("Swine",) if us and species == "pigs" else ()))
    dest_text = rng.choice(MOVE_TO[dest_type][us])
    sex_words = [SEXES[species][a["sex"]][0] if kit.chance(0.4) else SEXES[species][a["sex"]][
        1 + ((day - dt.date.fromisoformat(born)).days >= ADULT_DAYS[species])] for a, born in zip(animals, births)]
    withdrawal_text = says(rng, facts["under_withdrawal"],
                           ("One or more animals are within a withdrawal period for a veterinary medicine.",
                            "Withdrawal period: some animals are still within it (see medicines).",
                            "FCI: animals still under a medicine withdrawal period."),
                           ("None of the animals are within a withdrawal period.",
                            "Withdrawal periods: all completed.", "No animal is under a medicine withdrawal period."))
    cleansed_text = says(rng, facts["vehicle_cleansed"],
                         ("Vehicle cleansed and disinfected before loading: yes",
                          "The vehicle was cleaned and disinfected before loading."),
                         ("Vehicle cleansed and disinfected before loading: no",
                          "The vehicle was not cleaned and disinfected before loading."))
    evidence = {("species",): species_text, ("destination_type",): dest_text,
                ("under_withdrawal",): withdrawal_text, ("vehicle_cleansed",): cleansed_text}
    for i, w in enumerate(sex_words):
        evidence[("animals", i, "sex")] = w
    label = HOLDING_LABELS[loc]
    herd_mark = f"{_letters(kit, 2)}{r(1000, 9999)}" if loc == "en_GB" else _holding(kit)
    standstill = day + dt.timedelta(days={"en_GB": 6, "fr_FR": 21}.get(loc, 0) or rng.choice([6, 13]))
    gold = {"ref": L.cell(ref, ("movement_reference",)), "count": kit.count_cell(("number_of_animals",), count),
            "origin": L.cell(facts["origin_holding"], ("origin_holding",)),
            "dest": L.cell(facts["destination_holding"], ("destination_holding",)),
            "keeper": L.cell(keeper, ("keeper",))}

    def animal_rows(style: str, stamp: str = "") -> None:
        if not animals:
            doc.line(rng.choice([f"Identification: batch, herd mark {herd_mark} (no individual numbers).",
                                 f"Batch movement - animals marked with herd mark {herd_mark}."]))
            return
        if style in ("table", "export"):    # an export repeats the movement date on every row
            head = (["date", "tag", "breed", "sex", "dob"] if stamp else
                    ["No.", "Official ID" if us else "Ear tag", "Breed", "Sex", "Date of birth"])
            L.table(doc, rng, head, [
                [L.cell(stamp, ("movement_date",)) if stamp else L.cell(str(i + 1)),
                 L.cell(a["ear_tag"], ("animals", i, "ear_tag")), L.cell(a["breed"], ("animals", i, "breed")),
                 L.cell(sex_words[i]),
                 kit.date_cell(("animals", i, "date_of_birth"), dt.date.fromisoformat(a["date_of_birth"]))
                 if a["date_of_birth"] else L.cell("" if stamp else "-")] for i, a in enumerate(animals)],
                "semicolon" if stamp else None)
            return
        if style == "inline":   # "Animals: UK 123456 701234 (Limousin heifer, born 12/03/2022), ..."
            doc.add(rng.choice(["Animals: ", "Tags: ", "Identification: "]))
            for i, a in enumerate(animals):
                at = ("animals", i)
                doc.add("" if i == 0 else "; ").put(at + ("ear_tag",), a["ear_tag"]).add(" (")
                doc.put(at + ("breed",), a["breed"]).add(f" {sex_words[i].lower()}")
                evidence[at + ("sex",)] = sex_words[i].lower()
                if a["date_of_birth"]:
                    kit.date(doc.add(", born "), at + ("date_of_birth",), dt.date.fromisoformat(a["date_of_birth"]))
                doc.add(")")
            doc.line(".")
            return
        bullet = rng.choice(["- ", "* ", "\u2022 "])
        for i, a in enumerate(animals):    # "- UK0 123456 00123 | Texel | Ewe | 14/03/2023"
            at = ("animals", i)
            doc.add(f"{i + 1}. " if style == "numbered" else bullet).put(at + ("ear_tag",), a["ear_tag"])
            doc.add(" | ").put(at + ("breed",), a["breed"]).add(f" | {sex_words[i]}")
            if a["date_of_birth"]:
                kit.date(doc.add(" | DOB "), at + ("date_of_birth",), dt.date.fromisoformat(a["date_of_birth"]))
            doc.line()

    def declarations() -> None:
        doc.line(rng.choice(["Food chain information", "Declarations", "Keeper's declaration"]) + ":")
        doc.line(withdrawal_text)
        _strings(kit, doc, "medicines", treated, rng.choice(["Medicines given in the last 28 days",
                                                            "Veterinary medicines administered"]),
                 rng.choice(["Medicines given in the last 28 days: none", "No veterinary medicines given."]))
        doc.line(cleansed_text)

    def transport_rows() -> list[tuple[str, L.Cell]]:
        rows = [(rng.choice(["Haulier", "Transporter"]), L.cell(facts["haulier"], ("haulier",)) if facts["haulier"]
                 else L.cell("Keeper's own transport")),
                ("Authorisation no.", L.cell(authorisation if facts["haulier"] else "not required (own vehicle)"))]
        if facts["vehicle_registration"]:
            rows.append(("Vehicle registration", L.cell(facts["vehicle_registration"], ("vehicle_registration",))))
        return rows + [("Trailer", L.cell(trailer)), ("Driver", L.cell(driver))]

    layout = rng.choice(["licence", "licence", "notification", "journey", "export"])
    if layout == "licence":     # the official document that travels with the animals
        doc.line(rng.choice(MOVE_TITLES[loc])).line()
        rows = [(rng.choice(["Movement reference", "Licence no.", "Certificate no." if us else "Document no."]),
                 gold["ref"]), ("Species", L.cell(species_text)), ("Number of animals", gold["count"]),
                (f"Departure holding ({label})", gold["origin"]),
                ("Consignor" if us else "Keeper", gold["keeper"]),
                ("Address", L.cell(fake.address().replace("\n", ", "))),
                (f"Destination ({label})", gold["dest"]), ("Consignee" if us else "Receiver", L.cell(receiver)),
                ("Purpose" if us else "Destination type", L.cell(dest_text)),
                ("Departure date", kit.date_cell(("movement_date",), day))]
        if facts["departure_time"]:
            rows.append(("Departure time", L.cell(facts["departure_time"], ("departure_time",))))
        rows.append(("Expected arrival", L.cell(arrive)))
        if kit.chance(0.5):
            L.kv(doc, rng, rows + transport_rows())
        else:
            L.kv(doc, rng, rows)
            L.kv(doc.line().line("Transport"), rng, transport_rows())
        kit.pad(doc.line())
        animal_rows(rng.choice(["table", "table", "bullets", "numbered"]))
        doc.line()
        declarations()
        doc.line()
        if us:
            kit.date(doc.add(f"Inspected by {vet}, DVM (accredited veterinarian) on "), None,
                     day - dt.timedelta(days=rng.randint(1, 20))).line(".")
            kit.date(doc.add("This certificate is valid for 30 days, until "), None,
                     day + dt.timedelta(days=rng.randint(5, 25))).line(".")
        else:
            kit.date(doc.add("The receiving holding is under a standstill until "), None, standstill).line(".")
            kit.date(doc.add(f"Signed by the keeper, {keeper}, on "), None, day).line(".")
    elif layout == "notification":   # the e-mail confirming the movement was reported
        doc.line(f"From: {REPORTING[loc][species != 'cattle']} <noreply@movements.example>")
        doc.add("Subject: Movement confirmed - ref ").put(("movement_reference",), ref).line().line()
        doc.add("Dear ").put(("keeper",), keeper).line(",").line()
        doc.add("the following movement has been recorded: ")
        L.write(doc, gold["count"]).add(f" {species_text.lower()} moved off holding ")
        evidence[("species",)] = species_text.lower()
        L.write(doc, gold["origin"])
        kit.date(doc.add(" on "), ("movement_date",), day)
        if facts["departure_time"]:
            doc.add(" (departed ").put(("departure_time",), facts["departure_time"]).add(")")
        L.write(doc.add(" to "), gold["dest"]).line(f" - {dest_text}.")
        kit.date(doc.add("It was reported on "), None, day + dt.timedelta(days=rng.randint(0, 3)))
        doc.line(f" and will appear on the receiver's ({receiver}) records.").line()
        kit.pad(doc)
        animal_rows(rng.choice(["inline", "bullets"]))
        if facts["haulier"] or facts["vehicle_registration"]:
            doc.add("Transport: ")
            if facts["haulier"]:
                doc.put(("haulier",), facts["haulier"]).add(", ")
            if facts["vehicle_registration"]:
                doc.add("vehicle ").put(("vehicle_registration",), facts["vehicle_registration"]).add(", ")
            doc.line(f"driver {driver}.")
        doc.line()
        declarations()
        doc.line().line("Please keep this confirmation with your holding register.")
    elif layout == "journey":   # the transporter's own journey document
        doc.line(rng.choice(["ANIMAL TRANSPORT DOCUMENT", "Journey log", "Transport certificate"]))
        L.kv(doc, rng, transport_rows())
        doc.line()
        rows = [("Place of departure", gold["origin"]), ("Keeper", gold["keeper"]),
                ("Loading started", L.cell(loading)), ("Date", kit.date_cell(("movement_date",), day))]
        if facts["departure_time"]:
            rows.append(("Departed", L.cell(facts["departure_time"], ("departure_time",))))
        rows += [("Destination", gold["dest"]), ("Type of destination", L.cell(dest_text)),
                 ("Arrived", L.cell(arrive)), ("Journey time", L.cell(f"{journey // 60} h {journey % 60:02d} min")),
                 ("Species", L.cell(species_text)), ("Animals loaded", gold["count"]),
                 ("Vehicle capacity", L.cell(str(max(count + rng.randint(2, 30), 12)))),
                 ("Document ref.", gold["ref"])]
        L.kv(doc, rng, rows)
        kit.pad(doc.line())
        animal_rows(rng.choice(["table", "numbered"]))
        doc.line()
        declarations()
        doc.line(f"Animals fit for the intended journey; maximum journey time not exceeded. Driver: {driver}")
    else:                       # the farm software's export of a movement off
        doc.line("# holding register export - movements off")
        rows = [("holding", gold["origin"]), ("keeper", gold["keeper"]), ("reference", gold["ref"]),
                ("species", L.cell(species_text)), ("head", gold["count"]), ("to", gold["dest"]),
                ("destination_type", L.cell(dest_text))]
        text = kit.date_text(day)
        rows.append(("date", L.cell(text, ("movement_date",))))
        if facts["departure_time"]:
            rows.append(("time", L.cell(facts["departure_time"], ("departure_time",))))
        rows += [(k.lower().rstrip(".").replace(" ", "_"), c) for k, c in transport_rows()]
        L.kv(doc, rng, rows, "colon")
        animal_rows("export", text)
        kit.pad(doc.line())
        declarations()
    kit.pad(doc)
    return Draft(("Livestock movement record", "Animal movement document", "Livestock movement licence"),
                 MOVE_FIELDS, facts, doc, evidence)


# ---- dog show results -----------------------------------------------------------------------

SHOW_BREEDS = ["Border Collie", "Labrador Retriever", "Golden Retriever", "Cocker Spaniel", "Whippet",
               "Shetland Sheepdog", "Bernese Mountain Dog", "Boxer", "Staffordshire Bull Terrier", "Samoyed",
               "Cavalier King Charles Spaniel", "Irish Setter", "Beagle", "Weimaraner", "Dalmatian"]
AFFIXES = ["Sheltand", "Kirkbrae", "Oakwood", "Lochaber", "Dunmere", "Hollyfield", "Silverlake", "Bramblecroft",
           "Foxmoor", "Rosehill", "Ashgrove", "Windmeadow", "Tamarisk", "Caerlaverock", "Highcliffe", "Marwood"]
CALLS = ["Blue Moon", "Midnight Express", "Summer Breeze", "Northern Star", "Golden Promise", "Silver Lining",
         "Jack Frost", "Dancing Queen", "Rock Star", "Wild Rose", "Morning Glory", "Storm Chaser", "Secret Garden",
         "High Hopes", "Lucky Charm", "Sea Shanty", "Fire Dancer", "Night Owl", "Sweet Dreams", "True Grit"]
FCI_CALLS = (["Aron", "Cosmo", "Eik", "Gino", "Jago", "Lasse", "Nero", "Rocco", "Tesso", "Vito", "Xaver", "Bruno",
              "Finn", "Oskar"],      # dogs, then bitches
             ["Bella", "Dora", "Fanny", "Hera", "Ilka", "Kira", "Mira", "Paula", "Quira", "Sina", "Ulla", "Wanda",
              "Nele", "Zora"])
KENNELS = {"de_DE": ["vom Lindenhof", "von der Wolfsschlucht", "aus dem Erlengrund", "vom Haus Sonnenschein",
                     "zum Eichenwald", "vom Mühlbach", "von den Auwiesen", "aus Tannenhain"],
           "fr_FR": ["du Domaine des Pins", "de la Vallée d'Argent", "des Terres de l'Ouest", "du Clos Fleuri",
                     "de l'Étang Bleu", "du Moulin d'Ambre", "des Hauts de Seine", "du Val Joli"]}
SHOW_CLASSES = {   # locale: (classes as (name, abbreviation, a puppy class), the words for dogs and bitches)
    "en_GB": ([("Minor Puppy", "MP", True), ("Puppy", "P", True), ("Junior", "J", False),
               ("Post Graduate", "PG", False), ("Limit", "L", False), ("Open", "O", False),
               ("Veteran", "V", False)], ("Dog", "Bitch")),
    "en_US": ([("6-9 Month Puppy", "", True), ("9-12 Month Puppy", "", True), ("12-18 Month", "", False),
               ("Bred-By-Exhibitor", "", False), ("American-Bred", "", False), ("Open", "", False)],
              ("Dogs", "Bitches")),
    "de_DE": ([("Puppy class", "", True), ("Youth class", "", False), ("Intermediate class", "", False),
               ("Open class", "", False), ("Champion class", "", False), ("Veteran class", "", False)],
              ("males", "females")),
    "fr_FR": ([("Classe puppy", "", True), ("Classe jeune", "", False), ("Classe intermédiaire", "", False),
               ("Classe ouverte", "", False), ("Classe champion", "", False), ("Classe vétéran", "", False)],
              ("mâles", "femelles"))}
SHOW_TYPES = {   # type: how each locale's results state it
    "championship": {"en_GB": ("General championship show", "Championship show (Kennel Club licensed)"),
                     "en_US": ("All-breed show", "All-breed conformation show"),
                     "de_DE": ("National show (CAC)", "Nationale Ausstellung (CAC)"),
                     "fr_FR": ("Exposition nationale (CACS)", "National show (CACS)")},
    "open": {"en_GB": ("Open show", "Open show, Kennel Club licensed")},
    "international": {"de_DE": ("International show (CACIB)", "Internationale Ausstellung (CACIB)"),
                      "fr_FR": ("Exposition internationale (CACIB)", "International show (CACIB)")},
    "specialty": {"en_GB": ("Breed club championship show",), "en_US": ("Independent specialty", "National specialty"),
                  "de_DE": ("Club show (Klubschau)", "Breed club specialty show"),
                  "fr_FR": ("Nationale d'élevage (breed specialty)", "Régionale d'élevage")}}
SHOW_NAMES = {"en_GB": ("{city} Canine Society", "{city} and District Canine Association", "{breed} Club of {city}"),
              "en_US": ("Kennel Club of {city}", "{city} Kennel Club", "{breed} Club of {city}"),
              "de_DE": ("Rassehunde-Ausstellung {city}", "VDH-Ausstellung {city}", "Klubschau {breed} {city}"),
              "fr_FR": ("Exposition canine de {city}", "Exposition canine {city}", "Nationale d'élevage {breed}")}
VENUES = {"en_GB": ("{city} Showground", "{city} Exhibition Centre", "{city} Equestrian Centre"),
          "en_US": ("{city} County Fairgrounds", "{city} Expo Center"),
          "de_DE": ("Messe {city}", "Reitanlage {city}"),
          "fr_FR": ("Parc des Expositions de {city}", "Halle de {city}")}
CHALLENGES = {   # locale: (awarded, not awarded)
    "en_GB": (("Challenge Certificates awarded in both sexes.", "CCs: awarded"),
              ("The judge withheld both CCs.", "CCs: withheld (not awarded)")),
    "en_US": (("Championship points awarded: {p} ({major})", "Winners Dog and Winners Bitch each earned {p} points."),
              ("No points: the entry was below the points schedule.", "Points: none awarded")),
    "de_DE": (("CAC awarded in both sexes.", "CAC: awarded"), ("CAC withheld: not awarded in either sex.",
                                                             "No CAC was awarded.")),
    "fr_FR": (("CACS awarded in both sexes.", "CACS: awarded"), ("CACS withheld (not awarded).",
                                                               "No CACS was awarded."))}
GRADES = {"de_DE": ("V", "SG", "G"), "fr_FR": ("Exc.", "TB", "B")}     # excellent, very good, good
ORDINALS_SHORT = {1: "st", 2: "nd", 3: "rd"}
SHOW_FIELDS = [
    F.text("show_name", "Show", ("Name of the show or the society holding it.", "Show name."), "show", "event",
           keep=0.7),
    F.date("show_date", "Show date", ("Day the breed was judged (not the closing date for entries or the date "
                                      "the results were posted).", "Date of the show."), "date", "judged_on"),
    F.choice("show_type", "Show type", "Kind of show.", list(SHOW_TYPES), "show_level", "type", keep=0.7,
             option_descriptions=("A championship show (all-breed or national)", "An open show without "
                                  "challenge certificates", "An international (CACIB) show",
                                  "A breed club's own (specialty) show")),
    F.text("breed", "Breed", "Breed these results are for.", "breed_name"),
    F.text("judge", "Judge", ("Judge of the breed (not the steward, the secretary or a group judge).",
                              "Breed judge."), "judge_name", "judged_by"),
    F.text("venue", "Venue", "Where the show was held, if named.", "location", "showground", optional=True,
           keep=0.6),
    F.integer("dogs_entered", "Dogs entered", ("Number of dogs entered in the breed (not class entries or "
                                               "absentees).", "Breed entry in dogs."), "entry", "number_of_dogs"),
    F.text("best_of_breed", "Best of breed", ("Registered name of the best of breed, without titles (not the "
                                              "best of opposite sex or a reserve).", "BOB winner."), "bob",
           "breed_winner"),
    F.text("best_puppy", "Best puppy", "Registered name of the best puppy, without titles; null when none was "
           "awarded.", "best_puppy_in_breed", "bpib", optional=True, keep=0.5),
    F.flag("challenge_awarded", "Challenge awarded", "Whether challenge certificates (CC, CAC, CACS) or "
           "championship points were awarded in the breed.", "cc_awarded", "points_awarded", keep=0.7),
    F.items("classes", "Classes", ("Each class judged, in order.", "Class results."), [
        F.text("class_name", "Class", "Name of the class as written.", "class", "name"),
        F.integer("entries", "Entries", "Dogs entered in the class, if shown (not the absentees).", "entered",
                  "class_entries", optional=True, keep=0.7),
        F.text("winner", "Winner", "Registered name of the dog placed first, without titles (not the dog listed "
               "first).", "first", "first_place"),
        F.text("owner", "Owner", "Owner of the winning dog, if named.", "winner_owner", "exhibitor",
               optional=True, keep=0.6),
    ], "class_results", "results"),
    F.strings("absentees", "Absentees", "Registered names of dogs entered but absent, in order; empty when none "
              "are named.", "absent", "absent_dogs", keep=0.6),
    F.text("results_url", "Results URL", "Web address of the full results, if given.", "url", "link",
           format="uri", optional=True, keep=0.4),
]


def _dog_names(kit: Kit, n: int, sex: int, taken: list[str]) -> list[str]:
    """`n` registered names not in `taken`: an affix and a name in Britain and America, a dog's or a
    bitch's name and the kennel's name after it elsewhere ("Aron vom Lindenhof")."""
    rng, out = kit.rng, []
    while len(out) < n:
        name = (f"{rng.choice(FCI_CALLS[sex])} {rng.choice(KENNELS[kit.locale])}" if kit.locale in KENNELS
                else f"{rng.choice(AFFIXES)} {rng.choice(CALLS)}")
        if name not in out and name not in taken:
            out.append(name)
    return out


def dog_show_results(kit: Kit) -> Draft:
    fake, rng, doc, loc = kit.fake, kit.rng, Doc(), kit.locale
    us, fci = loc == "en_US", loc in KENNELS
    breed = rng.choice(SHOW_BREEDS)
    show_type = rng.choice([t for t, by in SHOW_TYPES.items() if loc in by for _ in range(1 + (t != "specialty"))])
    base, (dog_word, bitch_word) = SHOW_CLASSES[loc]
    picks: list[tuple[int, int]] = []    # (sex, class) in judging order: dogs first
    while not any(not base[c][2] for _, c in picks):
        picks = [(sex, c) for sex in (0, 1) for c in sorted(rng.sample(range(len(base)), rng.randint(1, 3)))]
    owners = _names(kit, 7 * len(picks) + 3)
    judge, steward, secretary = owners[:3]
    owners, taken = owners[3:], []
    top = 5 if loc == "en_GB" else 4
    classes, absentees = [], []
    number = rng.randint(1, 400)
    for sex, c in picks:
        name, abbr, puppy = base[c]
        entries = rng.randint(1, 7)
        dogs = _dog_names(kit, entries, sex, taken)
        taken += dogs
        absent = set(dogs[:min(entries - 1, rng.choice([0, 0, 0, 1, 1, 2]))])
        present = [d for d in dogs if d not in absent]
        placed = present[:top]
        order = rng.sample(dogs, len(dogs))     # the catalogue lists a class in catalogue-number order
        grades = {d: ("Excellent" if i < 2 or kit.chance(0.6) else "Very good") for i, d in enumerate(present)}
        cls = {"name": f"{name} {(dog_word, bitch_word)[sex]}", "abbr": f"{abbr}{'DB'[sex]}" if abbr else "",
               "sex": sex, "puppy": puppy, "entries": entries, "placed": placed, "order": order,
               "absent": absent, "numbers": {d: number + k for k, d in enumerate(order)}, "grades": grades,
               "owners": {d: owners.pop() for d in present}}
        number += entries + rng.randint(0, 3)
        classes.append(cls)
        absentees += [d for d in order if d in absent]
    dogs_entered = max(max(c["entries"] for c in classes),
                       sum(c["entries"] for c in classes) - rng.randint(0, len(classes)))
    adults = {sex: [c for c in classes if c["sex"] == sex and not c["puppy"]] for sex in (0, 1)}
    best = {sex: rng.choice(adults[sex])["placed"][0] if adults[sex] else None for sex in (0, 1)}
    reserve = {sex: next((c["placed"][1] for c in adults[sex] if len(c["placed"]) > 1 and c["placed"][0] == best[sex]),
                         None) for sex in (0, 1)}
    bob_sex = rng.choice([s for s in (0, 1) if best[s]])
    bob, bos = best[bob_sex], best[1 - bob_sex]
    puppies = [c["placed"][0] for c in classes if c["puppy"]]
    day = kit.day()
    awarded = kit.chance(0.9) if show_type != "open" else False
    if us:
        awarded = kit.chance(0.75)
    points = rng.randint(1, 5)
    city = fake.city()
    show_name = rng.choice(SHOW_NAMES[loc][:2] if show_type != "specialty" else SHOW_NAMES[loc][2:]).format(
        city=city, breed=breed)
    url = f"https://www.{fake.domain_word()}-dogs.example.org/results/{day.year}"
    facts = {"show_name": show_name, "show_date": day.isoformat(), "show_type": show_type, "breed": breed,
             "judge": judge, "venue": kit.maybe(rng.choice(VENUES[loc]).format(city=city), 0.7),
             "dogs_entered": dogs_entered, "best_of_breed": bob,
             "best_puppy": rng.choice(puppies) if puppies and kit.chance(0.85) else None,
             "challenge_awarded": awarded,
             "classes": [{"class_name": c["abbr"] or c["name"], "entries": c["entries"], "winner": c["placed"][0],
                          "owner": c["owners"][c["placed"][0]]} for c in classes],
             "absentees": absentees, "results_url": kit.maybe(url, 0.5)}
    layout = rng.choice(["sheet", "sheet", "table", "report", "catalogue"])
    if layout != "sheet":
        for item, c in zip(facts["classes"], classes):
            item["class_name"] = c["name"]
    for item in facts["classes"]:
        if kit.chance(0.12):
            item["entries"] = None
        if kit.chance(0.2):
            item["owner"] = None
    type_text = rng.choice(SHOW_TYPES[show_type][loc])
    if show_type == "open":
        challenge_text = rng.choice(["No CCs on offer at this open show.", "CCs: not on offer (open show)"])
    else:
        challenge_text = rng.choice(CHALLENGES[loc][not awarded]).format(
            p=points, major="major" if points >= 3 else "non-major")
    evidence = {("show_type",): type_text, ("challenge_awarded",): challenge_text}
    absent_count = sum(len(c["absent"]) for c in classes)
    closing = day - dt.timedelta(days=rng.randint(20, 45))
    posted = day + dt.timedelta(days=rng.randint(1, 4))
    title = {"en_GB": ["Sh Ch ", "Ch "], "en_US": ["CH ", "GCH "]}.get(loc, ["Int. Ch. ", "Ch. "])

    def titled(path: tuple, name: str, puppy: bool = False) -> None:
        doc.add(rng.choice(title) if not puppy and kit.chance(0.3) else "").put(path, name)

    def awards() -> None:
        """The breed's awards: challenges and reserves, best of breed, best puppy."""
        if loc == "en_GB" and show_type != "open":
            ch = [("DCC", best[0]), ("RDCC", reserve[0]), ("BCC", best[1]), ("RBCC", reserve[1])]
        elif us:
            ch = [("Winners Dog", best[0]), ("Reserve Winners Dog", reserve[0]), ("Winners Bitch", best[1]),
                  ("Reserve Winners Bitch", reserve[1])]
        elif fci:
            cac = "CACS" if loc == "fr_FR" else "CAC"
            ch = [(f"{cac} {dog_word}", best[0]), (f"Res. {cac} {dog_word}", reserve[0]),
                  (f"{cac} {bitch_word}", best[1]), (f"Res. {cac} {bitch_word}", reserve[1])]
        else:
            ch = []
        ch = [(k, v if awarded or us else "withheld") for k, v in ch if v]
        rows = ch + [("BOB" if kit.chance(0.6) else "Best of Breed", bob)]
        rows += [("BOS" if kit.chance(0.6) else "Best of Opposite Sex", bos)] * bool(bos)
        if facts["best_puppy"]:
            rows.append(({"en_GB": "BPIB"}.get(loc, "Best Puppy"), facts["best_puppy"]))
        for label, dog in rows:
            doc.add(f"{label}: ")
            if dog == bob and label in ("BOB", "Best of Breed"):
                titled(("best_of_breed",), dog)
            elif dog == facts["best_puppy"] and label in ("BPIB", "Best Puppy"):
                doc.put(("best_puppy",), dog)
            else:
                doc.add(dog)
            doc.line()

    def class_line(i: int, c: dict) -> None:
        """One class as a results sheet prints it: "PD (6, 1 abs) 1 Oakwood Blue Moon (John Smith); 2 ..."."""
        at, item = ("classes", i), facts["classes"][i]
        doc.put(at + ("class_name",), item["class_name"])
        if item["entries"] is not None:
            kit.count(doc.add(" ("), at + ("entries",), c["entries"]).add(f", {len(c['absent'])} abs)")
        doc.add(": " if not c["abbr"] else " ")
        for k, dog in enumerate(c["placed"]):
            doc.add("; " if k else "").add(f"{k + 1} ")
            if k == 0:
                titled(at + ("winner",), dog, c["puppy"])
                if item["owner"]:
                    doc.add(" (").put(at + ("owner",), item["owner"]).add(")")
            else:
                doc.add(dog)
            if fci:
                doc.add(f" {GRADES[loc][c['grades'][dog] != 'Excellent']}{k + 1}")
        doc.line()

    def class_sentence(i: int, c: dict) -> None:
        """One class as a club newsletter tells it."""
        at, item, placed = ("classes", i), facts["classes"][i], c["placed"]
        doc.add("In ").put(at + ("class_name",), item["class_name"])
        if item["entries"] is not None:
            kit.count(doc.add(" ("), at + ("entries",), c["entries"]).add(" entered)")
        doc.add(", first place went to " if len(placed) > 1 else ", the only dog shown was ")
        titled(at + ("winner",), placed[0], c["puppy"])
        if item["owner"]:
            doc.add(", owned by ").put(at + ("owner",), item["owner"])
        if len(placed) > 1:
            doc.add(", ahead of " + " and ".join(placed[1:3]))
        doc.line(".")

    def catalogue_block(i: int, c: dict) -> None:
        """A class of a marked catalogue: every dog by catalogue number, its result beside it."""
        at, item = ("classes", i), facts["classes"][i]
        doc.put(at + ("class_name",), item["class_name"])
        if item["entries"] is not None:
            kit.count(doc.add(" ("), at + ("entries",), c["entries"]).add(")")
        doc.line()
        for dog in c["order"]:
            doc.add(f"  {c['numbers'][dog]:>4}  ")
            if dog in c["absent"]:
                doc.put(("absentees", absentees.index(dog)), dog).line("  abs")
                continue
            k = c["placed"].index(dog) if dog in c["placed"] else -1
            if k == 0:
                doc.put(at + ("winner",), dog).add("  (")
                if item["owner"]:
                    doc.put(at + ("owner",), item["owner"])
                else:
                    doc.add(c["owners"][dog])
                doc.add(")")
            else:
                doc.add(f"{dog}  ({c['owners'][dog]})")
            if fci:
                grade = c["grades"][dog]
                doc.line(f"  {grade} {k + 1}" if k >= 0 else f"  {grade}")
            else:
                doc.line(f"  {k + 1}{ORDINALS_SHORT.get(k + 1, 'th')}" if k >= 0 else "")

    if layout == "sheet":       # the results as the breed club or the show posts them
        doc.put(("show_name",), show_name).line().line(type_text)
        kit.date(doc, ("show_date",), day)
        if facts["venue"]:
            doc.add(", ").put(("venue",), facts["venue"])
        doc.line().line()
        doc.put(("breed",), breed).add(" - Judge: ").put(("judge",), judge).line()
        kit.count(doc.add("Entries: "), ("dogs_entered",), dogs_entered)
        doc.line(f" dogs ({sum(c['entries'] for c in classes)} entries), {absent_count} absent")
        awards()
        doc.line(challenge_text).line()
        kit.pad(doc)
        for i, c in enumerate(classes):
            class_line(i, c)
        doc.line()
        _strings(kit, doc, "absentees", absentees, rng.choice(["Absent", "Absentees"]),
                 rng.choice(["Absentees: none", "No absentees."]))
        doc.line(f"Ring steward: {steward}. Show secretary: {secretary}.")
    elif layout == "table":     # a results page: a header block and a row per class
        rows = [("Show", L.cell(show_name, ("show_name",))), ("Type", L.cell(type_text)),
                ("Date", kit.date_cell(("show_date",), day))]
        rows += [("Venue", L.cell(facts["venue"], ("venue",)))] * bool(facts["venue"])
        rows += [("Breed", L.cell(breed, ("breed",))), ("Judge", L.cell(judge, ("judge",))),
                 ("Dogs entered", kit.count_cell(("dogs_entered",), dogs_entered)),
                 ("Absent", L.cell(str(absent_count))), ("Entries closed", kit.date_cell(None, closing))]
        L.kv(doc, rng, rows)
        kit.pad(doc.line())
        L.table(doc, rng, ["Class", "Entries", "Abs", "1st", "Owner", "2nd", "3rd"], [
            [L.cell(f["class_name"], ("classes", i, "class_name")),
             kit.count_cell(("classes", i, "entries"), c["entries"]) if f["entries"] is not None else L.cell("-"),
             L.cell(str(len(c["absent"]))), L.cell(f["winner"], ("classes", i, "winner")),
             L.cell(f["owner"], ("classes", i, "owner")) if f["owner"] else L.cell(""),
             L.cell(c["placed"][1] if len(c["placed"]) > 1 else ""),
             L.cell(c["placed"][2] if len(c["placed"]) > 2 else "")]
            for i, (f, c) in enumerate(zip(facts["classes"], classes))])
        doc.line()
        awards()
        doc.line(challenge_text)
        _strings(kit, doc, "absentees", absentees, "Absent", "")
        kit.date(doc.add("Results posted "), None, posted).line(f" by {secretary}, show secretary.")
    elif layout == "report":    # a club newsletter or e-mail to the members
        doc.add(f"Subject: {breed} results - ").put(("show_name",), show_name).line().line()
        doc.line(rng.choice(["Hi everyone,", "Dear members,"])).line()
        doc.put(("show_name",), show_name).add(f", {type_text}, took place on ")
        kit.date(doc, ("show_date",), day)
        if facts["venue"]:
            doc.add(" at ").put(("venue",), facts["venue"])
        doc.add(". Our judge ").put(("judge",), judge).add(" drew an entry of ")
        kit.count(doc, ("dogs_entered",), dogs_entered).add(" ").put(("breed",), breed)
        doc.line(f"s, {absent_count} of them absent.").line()
        kit.pad(doc)
        for i, c in enumerate(classes):
            class_sentence(i, c)
        doc.line().add("Best of breed went to ")
        titled(("best_of_breed",), bob)
        doc.line(f", with {bos} best of opposite sex." if bos else ".")
        if facts["best_puppy"]:
            doc.add("Best puppy was ").put(("best_puppy",), facts["best_puppy"]).line(".")
        doc.line(challenge_text)
        _strings(kit, doc, "absentees", absentees, "Sadly absent", "")
        kit.date(doc.add(f"Many thanks to our steward, {steward}. Entries for the next show close on "), None,
                 day + dt.timedelta(days=rng.randint(60, 200))).line(".")
    else:                       # the marked catalogue
        doc.add("MARKED CATALOGUE - ").put(("show_name",), show_name).line().line(type_text)
        kit.date(doc.add("Judged on "), ("show_date",), day).add(" by ").put(("judge",), judge)
        if facts["venue"]:
            doc.add(", ").put(("venue",), facts["venue"])
        doc.line().line()
        doc.put(("breed",), breed).add(" (")
        kit.count(doc, ("dogs_entered",), dogs_entered).line(" dogs)")
        for i, c in enumerate(classes):
            catalogue_block(i, c)
        kit.pad(doc.line())
        awards()
        doc.line(challenge_text)
    if facts["results_url"]:
        doc.add(rng.choice(["Full results: ", "All results are online at "])).put(("results_url",), url).line()
    kit.pad(doc)
    return Draft(("Dog show results", "Breed results", "Dog show breed results"), SHOW_FIELDS, facts, doc, evidence)


# ---- horse livery agreement -----------------------------------------------------------------

LIVERY_WORDS = {   # type: how each locale's yards name it
    "full": {"en_GB": ("Full livery",), "en_US": ("Full board", "Full-care board"),
             "de_DE": ("Full livery (Vollpension)",), "fr_FR": ("Full livery (pension complète)",)},
    "part": {"en_GB": ("Part livery",), "en_US": ("Partial board", "Part board"),
             "de_DE": ("Part livery (Teilpension)",), "fr_FR": ("Part livery (demi-pension)",)},
    "diy": {"en_GB": ("DIY livery",), "en_US": ("Self-care board", "Rough board"),
            "de_DE": ("DIY livery (Selbstversorger)",), "fr_FR": ("DIY livery (box seul)",)},
    "grass": {"en_GB": ("Grass livery",), "en_US": ("Pasture board",),
              "de_DE": ("Grass livery (Weidepension)",), "fr_FR": ("Grass livery (pension au pré)",)}}
INCLUDED = {"full": ["Stable", "Hay", "Hard feed", "Bedding", "Mucking out", "Turnout", "Bringing in", "Rugging",
                     "Feeding twice daily", "Use of arena", "Haylage"],
            "part": ["Stable", "Hay", "Bedding", "Turnout", "Bringing in", "Morning feed", "Use of arena"],
            "diy": ["Stable", "Grazing", "Use of arena", "Tack room space"],
            "grass": ["Grazing", "Field checks twice daily", "Field shelter", "Water", "Use of arena"]}
LIVERY_FEES = {   # type: weekly fee range in Britain, monthly elsewhere (local currency)
    "full": ((140, 220), (700, 1800), (380, 720)), "part": ((90, 140), (450, 800), (260, 420)),
    "diy": ((30, 60), (250, 450), (150, 260)), "grass": ((20, 40), (200, 400), (120, 220))}
EXTRAS = [("Clipping", 35, 60), ("Holding for the farrier", 5, 10), ("Holding for the vet", 5, 10),
          ("Lunging", 10, 18), ("Hacking out", 12, 25), ("Worm count", 12, 20), ("Extra bale of shavings", 8, 12),
          ("Rug washing", 12, 20), ("Mane pulling", 10, 20), ("Turnout", 3, 6), ("Bringing in", 3, 6),
          ("Stable bandaging", 5, 10), ("Poultice change", 5, 8), ("Hard feed", 4, 7)]
PERIODS = {"weekly": ("per week", "a week", "weekly"), "monthly": ("per calendar month", "per month", "monthly")}
HORSE_NAMES = ["Kilkenny Moonlight", "Dancing Brave", "Royal Flush", "Silver Arrow", "Cruising Diamond",
               "Ballyhigh Star", "Wellington Rose", "Donnerwetter", "Quidam du Bois", "Ulysse de la Lande",
               "Fürst Heinrich", "Casall Blue", "Clover Hill Lad", "Midnight Sonata", "Whisper of Hope"]
STABLE_NAMES = ["Barney", "Alfie", "Dolly", "Monty", "Bella", "Ziggy", "Rosie", "Murphy", "Paddy", "Fudge"]
HORSE_TYPES = {"en_GB": ["Irish Sport Horse", "Thoroughbred", "Cob", "Welsh Section D", "Connemara"],
               "en_US": ["Quarter Horse", "Thoroughbred", "Morgan", "Paint", "Warmblood"],
               "de_DE": ["Hanoverian", "Trakehner", "Haflinger", "Oldenburg", "Holsteiner"],
               "fr_FR": ["Selle Français", "Anglo-Arab", "Trotteur Français", "Camargue", "Connemara"]}
YARDS = {"en_GB": ("{last} Equestrian Centre", "{city} Farm Livery", "{last} Livery Stables"),
         "en_US": ("{last} Stables", "{city} Equestrian Center", "{last} Ranch Boarding"),
         "de_DE": ("Reitstall {last}", "Pensionsstall Gut {city}", "Reitanlage {last}"),
         "fr_FR": ("Écurie {last}", "Centre équestre de {city}", "Écuries du Moulin")}
LIVERY_TITLES = {"en_GB": ("LIVERY AGREEMENT", "Livery contract"), "en_US": ("HORSE BOARDING AGREEMENT",
                                                                            "Equine boarding contract"),
                 "de_DE": ("EINSTELLVERTRAG - livery agreement", "Pensionspferdevertrag (livery contract)"),
                 "fr_FR": ("CONTRAT DE PENSION - livery agreement", "Contrat de pension pour équidé")}
HORSE_CONDITION = {1: "poor", 2: "moderate", 3: "good", 4: "fat", 5: "very fat"}
LIVERY_FIELDS = [
    F.text("yard", "Yard", ("Livery yard or stables providing the livery.", "Name of the yard."), "stables",
           "yard_name", keep=0.7),
    F.text("yard_owner", "Yard owner", "Proprietor of the yard who signs for it (not the horse's owner).",
           "proprietor", "yard_proprietor", keep=0.6),
    F.text("horse_owner", "Horse owner", ("Owner of the horse (not the yard owner or an emergency contact).",
                                          "The client."), "owner", "client"),
    F.text("horse_name", "Horse", ("Passport name of the horse (not its stable name).", "Horse's name."),
           "horse", "passport_name"),
    F.text("passport_number", "Passport number", "Horse passport or UELN number, if given (not the microchip).",
           "ueln", "passport_no", optional=True, keep=0.5),
    F.integer("year_of_birth", "Year of birth", "Year the horse was foaled, if given.", "foaled", "born",
              optional=True, keep=0.5),
    F.choice("livery_type", "Livery type", "Kind of livery or board agreed.", list(LIVERY_WORDS), "board_type",
             "package", option_descriptions=("Full livery: the yard does all the care",
                                             "Part livery: care shared between yard and owner",
                                             "DIY livery: the owner does all the care",
                                             "Grass livery: the horse lives out")),
    F.date("start_date", "Start date", ("Day the livery starts (not the date the agreement was signed, a "
                                        "trial end or a fee review date).", "Commencement date."),
           "commencement", "from"),
    F.number("fee", "Livery fee", ("Regular livery fee (not the deposit or an extra charge).",
                                   "Livery charge."), "livery_fee", "board_fee", minimum=0),
    F.choice("fee_period", "Fee period", "How often the livery fee is charged.", list(PERIODS), "billing_period",
             "per", keep=0.8),
    F.number("deposit", "Deposit", "Deposit payable, if any (not the regular fee).", "security_deposit",
             optional=True, keep=0.6),
    F.integer("notice_weeks", "Notice (weeks)", "Notice period in weeks; null when it is given in another unit "
              "(days, months) or not stated (not the trial period).", "notice_period_weeks", "notice",
              optional=True, keep=0.6),
    F.strings("included", "Included services", "Services included in the livery fee; empty when none.",
              "services_included", "included_in_fee", keep=0.7),
    F.items("extras", "Extra services", ("Each extra service charged on top of the fee, in order.",
                                         "Price list of extras."), [
        F.text("service", "Service", "The extra service.", "name", "item"),
        F.number("price", "Price", "Price of the service.", "charge", "cost", keep=0.8),
    ], "extra_charges", "price_list", keep=0.8),
    F.flag("insurance_required", "Insurance required", "Whether the owner must insure the horse or hold "
           "liability insurance.", "insurance_compulsory", "must_insure", keep=0.7),
    F.flag("vaccinations_required", "Vaccinations required", "Whether vaccinations are compulsory at the yard.",
           "vaccination_required", "flu_vaccination_required", keep=0.6),
    F.score("condition_score", "Condition score", "Horse's body condition score recorded on arrival (1 poor to "
            "5 very fat).", HORSE_CONDITION, "body_condition", "bcs", keep=0.5),
]


def horse_livery_agreement(kit: Kit) -> Draft:
    fake, rng, doc, loc = kit.fake, kit.rng, Doc(), kit.locale
    _home_currency(kit)
    us, gb = loc == "en_US", loc == "en_GB"
    kind = rng.choice(["full"] * 3 + ["part"] * 2 + ["diy"] * 2 + ["grass"])
    period = ("weekly" if kit.chance(0.7) else "monthly") if gb else ("monthly" if kit.chance(0.85) else "weekly")
    lo, hi = LIVERY_FEES[kind][0 if gb else 1 if us else 2]
    fee = float(round(rng.uniform(lo, hi)))
    if gb and period == "monthly":
        fee = float(round(fee * 52 / 12 / 5) * 5)
    if not gb and period == "weekly":
        fee = round(fee * 12 / 52, 2)
    scale = {"en_GB": 1.0, "en_US": 1.4, "de_DE": 1.1, "fr_FR": 1.1}[loc]
    pool = INCLUDED[kind]
    included = [] if kind == "diy" and kit.chance(0.3) else rng.sample(pool, rng.randint(2, min(6, len(pool))))
    if included and kit.chance(0.5):
        included.sort(key=pool.index)
    extras = [{"service": name, "price": float(round(rng.uniform(a, b) * scale))}
              for name, a, b in rng.sample([e for e in EXTRAS if e[0] not in included],
                                           rng.choice([0, 2, 2, 3, 3, 4, 4, 5, 6]))]
    signed = kit.day()
    start = signed + dt.timedelta(days=rng.randint(3, 45))
    notice_kind = rng.choice(["weeks"] * 4 + ["month", "days"])
    weeks = rng.choice([2, 4, 4, 6, 8]) if notice_kind == "weeks" else None
    yard_owner, owner, emergency, farrier = _names(kit, 4)
    facts = {"yard": rng.choice(YARDS[loc]).format(last=fake.last_name(), city=fake.city()), "yard_owner": yard_owner,
             "horse_owner": owner, "horse_name": rng.choice(HORSE_NAMES),
             "passport_number": kit.maybe(f"{COUNTRY_CODES[loc]}{rng.choice(['002', '001', '004'])}"
                                          f"{rng.randint(10**8, 10**9 - 1)}", 0.7),
             "year_of_birth": kit.maybe(start.year - rng.randint(4, 22), 0.8), "livery_type": kind,
             "start_date": start.isoformat(), "fee": fee, "fee_period": period,
             "deposit": kit.maybe(float(round(fee * (4 if period == "weekly" else 1) / 10) * 10), 0.7),
             "notice_weeks": weeks, "included": included, "extras": extras,
             "insurance_required": kit.chance(0.6), "vaccinations_required": kit.chance(0.65),
             "condition_score": rng.choice([2, 3, 3, 3, 3, 4, 4, 5, 1])}
    stable = rng.choice(STABLE_NAMES)
    breed, colour = rng.choice(HORSE_TYPES[loc]), rng.choice(["bay", "chestnut", "grey", "black", "dun", "skewbald"])
    sex = rng.choice(["gelding", "gelding", "mare"])
    height = (f"{rng.randint(14, 17)}.{rng.randint(0, 3)} hh" if loc in ("en_GB", "en_US")
              else f"{kit.style.decimal(rng.uniform(1.45, 1.78), 2)} m")
    chip = f"{rng.choice(['985', '981', '900'])}{rng.randint(10**11, 10**12 - 1)}"
    trial = rng.choice([2, 4]) if kit.chance(0.4) else 0
    review = start + dt.timedelta(days=rng.choice([182, 365]))
    weekday = rng.choice(["Monday", "Friday"])
    kind_text = rng.choice(LIVERY_WORDS[kind][loc])
    period_text = rng.choice(PERIODS[period])
    fee_cell = L.join(kit.money_cell(("fee",), fee), L.cell(f" {period_text}"))
    fee_text = L.text_of(fee_cell)
    notice_text = {"weeks": f"{weeks} weeks'", "month": "one calendar month's", "days": "30 days'"}[notice_kind]
    insurance_text = says(rng, facts["insurance_required"],
                          ("The Owner must hold third-party liability insurance for the Horse.",
                           "Proof of public liability insurance is required before arrival.",
                           "Insurance: compulsory (third-party liability)"),
                          ("Insurance of the Horse is the Owner's choice; it is not a condition of this agreement.",
                           "Insurance: not required, but strongly recommended.",
                           "The yard does not require owners to insure their horses."))
    vacc_text = says(rng, facts["vaccinations_required"],
                     ("All horses must be vaccinated against equine influenza and tetanus.",
                      "Flu vaccinations must be kept up to date.", "Vaccinations: compulsory (flu and tetanus)"),
                     ("There is no vaccination requirement at the yard.", "Vaccinations: not compulsory",
                      "Vaccination is recommended but not required."))
    _, stated = rating(rng, facts["condition_score"], 5, rng.choice(["slash", "of", "out_of", "decimal"]))
    condition_text = rng.choice(["Condition score on arrival: ", "Body condition score: ", "Condition: "]) + stated \
        + (f" ({HORSE_CONDITION[facts['condition_score']]})" if kit.chance(0.5) else "")
    evidence = {("livery_type",): kind_text, ("fee_period",): fee_text, ("insurance_required",): insurance_text,
                ("vaccinations_required",): vacc_text, ("condition_score",): condition_text}
    yard, horse = facts["yard"], facts["horse_name"]

    def horse_sentence() -> None:
        """"Kilkenny Moonlight (stable name Barney), bay gelding, 16.2 hh, foaled 2015; passport ..."."""
        doc.put(("horse_name",), horse).add(f" (stable name {stable}), {breed}, {colour} {sex}, {height}")
        if facts["year_of_birth"]:
            kit.count(doc.add(", foaled "), ("year_of_birth",), facts["year_of_birth"])
        if facts["passport_number"]:
            doc.add("; passport no. ").put(("passport_number",), facts["passport_number"])
        doc.line(f"; microchip {chip}.")

    def extras_block(style: str) -> None:
        if not extras:
            doc.line(rng.choice(["No extra services are offered.", "Extras: none - everything else is up to the "
                                                                   "Owner."]))
            return
        if style == "table":
            L.table(doc, rng, ["Service", "Price"], [
                [L.cell(x["service"], ("extras", i, "service")), kit.money_cell(("extras", i, "price"), x["price"])]
                for i, x in enumerate(extras)])
            return
        bullet = rng.choice(["- ", "* ", "\u2022 "])
        for i, x in enumerate(extras):    # "- Clipping: £45.00 each time"
            doc.add(f"{chr(97 + i)}) " if style == "lettered" else bullet).put(("extras", i, "service"), x["service"])
            kit.money(doc.add(rng.choice([": ", " - ", " ... "])), ("extras", i, "price"), x["price"]).line()

    def deposit_line() -> None:
        if facts["deposit"] is not None:
            kit.money(doc.add("A deposit of "), ("deposit",), facts["deposit"])
            doc.line(" is payable before arrival and is refunded when the Horse leaves.")
        else:
            doc.line("No deposit is payable.")

    def notice_line() -> None:
        doc.add("Either party may end this agreement by giving ")
        if weeks is not None:
            kit.count(doc, ("notice_weeks",), weeks).add(" weeks'")
        else:
            doc.add(notice_text)
        doc.line(" written notice.")
        if trial:
            kit.date(doc.add(f"The first {trial} weeks are a trial period, ending on "), None,
                     start + dt.timedelta(days=7 * trial)).line(".")

    layout = rng.choice(["agreement", "agreement", "form", "email", "welcome"])
    if layout == "agreement":   # the contract in numbered clauses
        doc.line(rng.choice(LIVERY_TITLES[loc])).line()
        kit.date(doc.add("This agreement is made on "), None, signed).add(" between ")
        doc.put(("yard_owner",), yard_owner).add(" of ").put(("yard",), yard).add(' ("the Yard") and ')
        doc.put(("horse_owner",), owner).line(f' of {fake.address().replace(chr(10), ", ")} ("the Owner").').line()
        doc.add("1. The Horse: ")
        horse_sentence()
        kit.date(doc.add(f"2. Livery: the Yard will provide {kind_text} for the Horse from "), ("start_date",), start)
        doc.line(".")
        if included:
            L.series(doc.add("3. The livery fee includes: "), ("included",), included).line(".")
        else:
            doc.line("3. Nothing is included beyond the stable: the Owner provides all feed, bedding and care.")
        L.write(doc.add("4. Fees: the livery fee is "), fee_cell)
        doc.line(f", payable in advance every {weekday}." if period == "weekly" else
                 ", payable in advance on the first day of each month.")
        deposit_line()
        kit.date(doc.add("Fees are reviewed on "), None, review).line(".")
        kit.pad(doc)
        doc.line("5. Extra services are charged as follows:")
        extras_block(rng.choice(["table", "lettered", "bullets"]))
        doc.line(f"6. {insurance_text}").line(f"7. {vacc_text} {condition_text}")
        doc.add("8. ")
        notice_line()
        doc.line(f"9. Emergency contact: {emergency}. Farrier: {farrier}.").line()
        doc.add("Signed for the Yard: ").put(("yard_owner",), yard_owner).add("    Signed by the Owner: ")
        doc.put(("horse_owner",), owner).line()
    elif layout == "form":      # the yard's application form, ticked
        doc.put(("yard",), yard).line().line(rng.choice(["LIVERY APPLICATION FORM", "Livery booking form"])).line()
        L.kv(doc.line("Owner details"), rng, [("Name", L.cell(owner, ("horse_owner",))),
                                              ("Phone", L.cell(fake.phone_number())),
                                              ("Emergency contact", L.cell(emergency))])
        rows = [("Passport name", L.cell(horse, ("horse_name",))), ("Stable name", L.cell(stable)),
                ("Breed/type", L.cell(breed)), ("Colour/sex", L.cell(f"{colour} {sex}")), ("Height", L.cell(height))]
        if facts["year_of_birth"]:
            rows.append(("Year of birth", kit.count_cell(("year_of_birth",), facts["year_of_birth"])))
        if facts["passport_number"]:
            rows.append(("Passport (UELN)", L.cell(facts["passport_number"], ("passport_number",))))
        L.kv(doc.line().line("Horse details"), rng, rows + [("Microchip", L.cell(chip))])
        doc.line().line("Livery package (tick one):")
        for k in LIVERY_WORDS:
            word = kind_text if k == kind else rng.choice(LIVERY_WORDS[k][loc])
            doc.line(f"[{'x' if k == kind else ' '}] {word}")
        evidence[("livery_type",)] = f"[x] {kind_text}"
        kit.pad(doc.line())
        rows = [("Livery fee", fee_cell), ("Start date", kit.date_cell(("start_date",), start))]
        if facts["deposit"] is not None:
            rows.append(("Deposit", kit.money_cell(("deposit",), facts["deposit"])))
        rows.append(("Notice", L.join(kit.count_cell(("notice_weeks",), weeks), L.cell(" weeks")) if weeks
                     else L.cell({"month": "one calendar month", "days": "30 days"}[notice_kind])))
        L.kv(doc, rng, rows)
        _strings(kit, doc.line(), "included", included, "Included in the fee",
                 "Included in the fee: stable only")
        doc.line().line("Extras")
        extras_block(rng.choice(["table", "bullets"]))
        doc.line().line(insurance_text).line(vacc_text).line(condition_text)
        kit.date(doc.add(f"Signed: {owner}    Accepted for the yard: "), None, signed)
        doc.add(" - ").put(("yard_owner",), yard_owner).line()
    elif layout == "email":     # the yard owner confirms a space
        doc.add(f"From: {yard_owner} <office@{fake.domain_word()}.example>\nSubject: Your livery at ").put(
            ("yard",), yard).line().line()
        doc.add("Hi ").put(("horse_owner",), owner).line(",").line()
        doc.add(f"Great news - we have a space for {stable} (").put(("horse_name",), horse)
        kit.date(doc.add(f") on {kind_text.lower()} from "), ("start_date",), start).line(".")
        evidence[("livery_type",)] = kind_text.lower()
        if facts["year_of_birth"]:
            kit.count(doc.add(f"I have noted {stable} as a {colour} {sex}, foaled "), ("year_of_birth",),
                      facts["year_of_birth"])
            doc.line(".")
        if facts["passport_number"]:
            doc.add("Passport number on file: ").put(("passport_number",), facts["passport_number"]).line(".")
        L.write(doc.add("The fee is "), fee_cell).add(", which covers ")
        if included:
            included[:] = [i[0].lower() + i[1:] for i in included]
            L.series(doc, ("included",), included).line(".")
        else:
            doc.line("the stable only; everything else is up to you.")
        deposit_line()
        kit.pad(doc.line())
        doc.line("Extras are charged as follows:")
        extras_block("bullets")
        doc.line().line(insurance_text).line(vacc_text).line(condition_text)
        notice_line()
        kit.date(doc.add("Please sign and return the agreement by "), None, start - dt.timedelta(days=2)).line(".")
        doc.line().add("Best wishes,\n").put(("yard_owner",), yard_owner).line()
    else:                       # a welcome pack in markdown
        doc.add("# Welcome to ").put(("yard",), yard).line().line()
        doc.add("**Owner:** ").put(("horse_owner",), owner).line("  ")
        doc.add("**Horse:** ")
        horse_sentence()
        kit.date(doc.add(f"**Livery:** {kind_text}, starting "), ("start_date",), start).line("  ")
        L.write(doc.add("**Fee:** "), fee_cell).line("  ")
        doc.add("**Yard manager:** ").put(("yard_owner",), yard_owner).line().line()
        doc.line("## What's included")
        _strings(kit, doc, "included", included, "Included", "- Stable only (DIY)")
        doc.line().line("## Prices for extras")
        extras_block("table")
        kit.pad(doc.line())
        doc.line("## Yard rules")
        doc.line(f"- {insurance_text}").line(f"- {vacc_text}").line(f"- {condition_text}")
        deposit_line()
        notice_line()
    kit.pad(doc)
    return Draft(("Livery agreement", "Horse livery agreement", "Horse boarding agreement"), LIVERY_FIELDS, facts,
                 doc, evidence)
