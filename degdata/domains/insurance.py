"""Insurance papers of a household: the renewal notice of a motor policy, the certificate of a
travel insurance, a quote for home contents cover and the form that names the beneficiaries of
a life policy.

Each carries values of the same kind beside the ones asked for: the named drivers and the
insurer's signatory beside the policyholder, the customer number beside the policy number, the
date of the letter, the end of the current cover, the end of the new period and the first
payment beside the renewal date, the net premium, the insurance tax, the fee, last year's price,
the instalments and the total credit price beside the renewal premium, the compulsory and
voluntary parts, the windscreen and the fire and theft excess beside the accidental-damage
excess, the discount percentage, the bonus-malus coefficient and the years the licence has been
held beside the no-claims years, and the odometer beside the annual mileage; the other insured
travellers beside the policyholder, the booking reference beside the policy number, the issue
date and the travellers' dates of birth beside the start and end of cover, the tax, the trip
cost insured and the per-person price beside the premium, every section's limit and excess
beside the medical limit, the claims and customer service addresses beside the assistance
e-mail and the insurer's home page beside the documents link; the insurer's signatory and the
other insurers of a comparison beside the customer and the insurer, the customer number beside
the quote reference, the cover start, the quote's expiry and the customer's date of birth beside
the quote date, the single-item, valuables and away-from-home limits, the liability cover and
the living area beside the contents sum insured, the tax, the discount and the other insurers'
prices beside the premium, and the escape-of-water or natural-disaster excess beside the excess;
the beneficiaries, the witness and the adviser beside the policyholder, the member, scheme and
form numbers beside the policy number, the date the form was received, the policy start and
everyone's dates of birth beside the date signed, the salary and the premium beside the sum
assured, and each beneficiary's share beside the others'.

Documents come as renewal letters with a last-year / this-year price table, policy schedules
and declarations pages, e-mails, markdown account pages, certificates of insurance with a table
of benefits, confirmation e-mails, markdown policy summaries, a visa attestation in prose,
insurers' quotes, comparison-site results with one row per insurer, quote letters, paper
beneficiary forms with check boxes, insurers' confirmation letters, an HR e-mail about an
expression of wish and a beneficiary clause written out in prose. Arrays come as tables in
every layout, bullet and numbered lines ("- Jane Doe (Spouse), born 12/03/1981"), key-value
rows and one-sentence lists ("my spouse Jane Doe for 60% and my child Tom Doe for 40%"); the
lists of strings (optional extras, destinations, add-ons, enclosed documents) and the specified
valuables may be empty. Booleans are as often negated as stated ("Your policy will not renew
automatically", "No pre-existing medical conditions are covered", "Accidental damage: not
included", "You told us there is no burglar alarm", "The form was not witnessed"), the star
rating of a contents policy comes as "4/5", "four stars" or "★★★★☆", and a medical limit
written as "unlimited" or a third-party policy without an own-damage excess is null.
"""
from __future__ import annotations

import datetime as dt

from .. import fields as F
from .. import layout as L
from ..assemble import Draft
from ..doc import Doc
from ..kit import Kit
from ..surface import rating, says
from .common import (TITLES, address_line, firm_name, home_currency, lower_first, number_plate, plain_names, slug,
                     strings)


def _relatives(kit: Kit, lead: str, relations: list[str]) -> list[str]:
    """One distinct name for each of `relations`; family members mostly carry `lead`'s surname."""
    surname = " ".join(lead.split()[1:])
    out = [lead]
    for rel in relations:
        while True:
            if rel in ("spouse_partner", "child", "parent", "sibling") and kit.chance(0.7):
                first = kit.fake.first_name().split()[0].rstrip(".")
                name = f"{first} {surname}"
            else:
                name = plain_names(kit, 1)[0]
            if name not in out and name.split()[0] not in TITLES:
                out.append(name)
                break
    return out[1:]


GENERIC = {"insurance", "assurance", "assurances", "versicherung", "ag", "sa", "ltd", "plc", "co", "inc", "llc",
           "company", "mutual", "mutuelle", "direct", "travel", "home", "motor", "car", "auto", "life", "vie", "leben",
           "the", "and", "kg", "vvag", "gmbh", "sas", "sarl", "group", "cover", "protect", "protection", "assistance",
           "voyage", "reiseversicherung", "lebensversicherung", "hausratversicherung", "renters", "property",
           "casualty", "prévoyance", "habitation", "friendly", "society", "annuity", "kraftfahrt", "reiseschutz",
           "trip", "guard", "ohg", "gbr", "e.v", "cie", "et", "fils", "und", "partner"}


def _host(name: str) -> str:
    """A host label from the distinctive words of a firm's name ("Fernweh Versicherung AG" -> "fernweh")."""
    words = [w.strip(".,&()") for w in name.replace("-", " ").split()]
    words = [w for w in words if w and w.lower() not in GENERIC] or [w for w in words if w] or ["insure"]
    return slug("".join(words[:2]), "insure", 18)


def _born(kit: Kit, on: dt.date, age: int) -> dt.date:
    """A date of birth of someone `age` years old on `on`."""
    return on - dt.timedelta(days=age * 365 + age // 4 + kit.rng.randint(1, 360))


def _whole_cell(kit: Kit, path, x: int) -> L.Cell:
    """A round amount written without decimals ("£10,000,000", "30000 €"); only the number is gold."""
    before, _, after = kit.money_text(float(x))
    return ((before, None), (kit.style.integer(x), path), (after, None))


TLD = {"en_GB": "co.uk", "en_US": "com", "de_DE": "de", "fr_FR": "fr"}
TAX = {   # locale: (label, rate) of the tax on a motor or home premium
    "en_GB": ("Insurance Premium Tax (IPT)", 0.12), "en_US": (None, 0.0),
    "de_DE": ("Insurance tax (Versicherungsteuer 19%)", 0.19), "fr_FR": ("Taxes and contributions (taxes)", 0.09)}


# ---- motor insurance renewal -------------------------------------------------------------------

MOTOR_INSURERS = {"en_GB": ("{last} Motor Insurance", "Harbourline Car Insurance", "{city} Mutual Motor",
                            "Kestrel Direct Insurance"),
                  "en_US": ("{last} Auto Insurance Company", "Liberty Ridge Mutual", "{city} Casualty Co.",
                            "Prairie State Auto Insurance"),
                  "de_DE": ("{last} Versicherung AG", "Hansa Kraftfahrt Versicherung", "{city} Auto-Versicherung VVaG"),
                  "fr_FR": ("Mutuelle {last}", "{city} Assurances Auto", "Azur Assurances SA")}
VEHICLES = {"en_GB": ("Ford Fiesta 1.0 EcoBoost Titanium", "Vauxhall Corsa 1.2 SE", "Volkswagen Golf 1.5 TSI Life",
                      "Toyota Yaris 1.5 Hybrid Icon", "Nissan Qashqai 1.3 DiG-T N-Connecta", "Kia Sportage 1.6 T-GDi",
                      "BMW 320d M Sport", "Mini Cooper 1.5 Classic"),
            "en_US": ("Toyota Camry LE", "Honda CR-V EX", "Ford F-150 XLT", "Chevrolet Equinox LT",
                      "Tesla Model 3 Long Range", "Subaru Outback Premium", "Jeep Grand Cherokee Laredo",
                      "Hyundai Elantra SEL"),
            "de_DE": ("Volkswagen Golf 2.0 TDI", "Opel Astra 1.2 Turbo", "BMW 318i Touring", "Mercedes-Benz A 180",
                      "Skoda Octavia Combi 1.5 TSI", "Audi A4 Avant 40 TDI", "Ford Focus Turnier",
                      "Seat Leon 1.5 eTSI"),
            "fr_FR": ("Renault Clio V TCe 90", "Peugeot 208 PureTech 100", "Citroën C3 Aircross",
                      "Dacia Sandero Stepway", "Toyota Yaris Hybride", "Peugeot 3008 Hybrid", "Renault Mégane E-Tech",
                      "Volkswagen Polo TSI")}
COVERS = {
    "comprehensive": {"en_GB": ("Cover: Comprehensive", "Level of cover: comprehensive"),
                      "en_US": ("Coverage: full coverage (liability, collision and comprehensive)",
                                "Coverage level: liability + collision + comprehensive"),
                      "de_DE": ("Cover: fully comprehensive (Vollkasko)", "Level of cover: Vollkasko (comprehensive)"),
                      "fr_FR": ("Cover: all risks (tous risques)", "Formule: tous risques (comprehensive)")},
    "third_party_fire_theft": {"en_GB": ("Cover: Third party, fire and theft", "Level of cover: TPFT"),
                               "en_US": ("Coverage: liability and comprehensive (no collision)",
                                         "Coverage level: liability + comprehensive only"),
                               "de_DE": ("Cover: partial cover (Teilkasko)", "Level of cover: Teilkasko (fire, theft, "
                                                                             "glass)"),
                               "fr_FR": ("Cover: third party plus fire and theft (tiers étendu)",
                                         "Formule: tiers plus vol et incendie")},
    "third_party_only": {"en_GB": ("Cover: Third party only", "Level of cover: third party"),
                         "en_US": ("Coverage: liability only", "Coverage level: state minimum liability"),
                         "de_DE": ("Cover: third-party liability only (Haftpflicht)",
                                   "Level of cover: Kfz-Haftpflicht only"),
                         "fr_FR": ("Cover: third party only (au tiers)", "Formule: responsabilité civile seule")}}
RELATIONS = {"policyholder": ("Policyholder", "Main driver", "Proposer"),
             "spouse_partner": ("Spouse", "Partner", "Spouse/partner"),
             "child": ("Child", "Son/daughter", "Child"),
             "parent": ("Parent", "Parent", "Parent"),
             "other": ("Other", "Friend", "Colleague")}
MOTOR_EXTRAS = {"en_GB": ["Breakdown cover", "Motor legal protection", "Courtesy car plus", "Key cover",
                          "Personal accident cover", "Misfuelling cover"],
                "en_US": ["Roadside assistance", "Rental reimbursement", "Gap coverage", "Rideshare coverage",
                          "New car replacement"],
                "de_DE": ["Schutzbrief (breakdown cover)", "Fahrerschutz (driver protection)", "GAP cover",
                          "Auslandsschadenschutz (cover abroad)", "Rabattretter"],
                "fr_FR": ["Assistance 0 km", "Véhicule de remplacement", "Protection du conducteur",
                          "Garantie valeur à neuf", "Bris de glace sans franchise"]}
PROTECTION = {"en_GB": (("No claims discount protection: included", "Your no claims discount is protected."),
                        ("No claims discount protection: not included", "Your no claims discount is not protected.")),
              "en_US": (("Accident forgiveness: included", "Your policy includes accident forgiveness."),
                        ("Accident forgiveness: not included", "Your policy does not include accident forgiveness.")),
              "de_DE": (("Bonus protection (Rabattschutz): included",
                         "Your no-claims class is protected (Rabattschutz)."),
                        ("Bonus protection (Rabattschutz): not included",
                         "Your no-claims class is not protected; a claim moves you down.")),
              "fr_FR": (("Bonus protection (protection du bonus): included", "Your bonus is protected."),
                        ("Bonus protection (protection du bonus): not included", "Your bonus is not protected."))}
MOTOR_FIELDS = [
    F.text("policyholder", "Policyholder", ("Person who holds the policy and receives the renewal (not a named "
                                            "driver or the insurer's staff).", "Name of the policyholder."),
           "policy_holder", "insured", "customer"),
    F.text("insurer", "Insurer", "Insurance company offering the renewal.", "insurance_company", "company", keep=0.6),
    F.text("policy_number", "Policy number", "Number of the motor policy (not the customer number).", "policy_no",
           "policy_id", keep=0.8),
    F.text("registration", "Registration", "Registration (licence plate) of the insured car.", "vehicle_registration",
           "licence_plate", "plate", keep=0.7),
    F.text("vehicle", "Vehicle", "Make and model of the insured car as written.", "car", "make_model", keep=0.6),
    F.date("renewal_date", "Renewal date", ("Date the renewed cover starts (not the date of the letter, the end of "
                                            "the current cover or the first payment).",
                                            "Start of the new policy period."), "renewal_start", "start_date",
           "effective_date"),
    F.number("renewal_premium", "Renewal premium", ("Total premium for the new period with tax and fees (not last "
                                                    "year's premium, a monthly instalment, the tax or the total "
                                                    "credit price).", "Price of the renewal."), "premium",
             "new_premium", "total_premium", minimum=0),
    F.number("previous_premium", "Last year's premium", "Premium for the period now ending, if shown (not the new "
             "premium).", "previous_year_premium", "last_premium", optional=True, keep=0.5),
    F.number("monthly_instalment", "Monthly instalment", "Amount of each monthly payment; null when the premium is "
             "paid in one go (not the total payable by instalments).", "monthly_payment", "instalment",
             optional=True, keep=0.5),
    F.number("excess", "Excess", "Total excess (deductible) for accidental damage or collision (not the windscreen "
             "or glass excess, the fire and theft excess, or the compulsory or voluntary part alone); null when the "
             "cover has none.", "deductible", "collision_excess", optional=True, keep=0.7),
    F.integer("no_claims_years", "No-claims years", ("Years of no-claims discount (claims-free years, SF class) "
                                                     "earned (not the discount percentage or the years the licence "
                                                     "has been held).", "No claims bonus in years."), "ncd_years",
              "claims_free_years", keep=0.7),
    F.integer("annual_mileage", "Annual mileage", "Yearly mileage the cover is based on, as written (miles or "
              "km), if stated (not the odometer reading).", "mileage", "yearly_mileage", optional=True, keep=0.5),
    F.choice("cover_level", "Cover level", "Level of cover of the renewed policy.", list(COVERS), "cover", "coverage",
             keep=0.8, option_descriptions=("own damage, fire, theft and third party",
                                            "fire, theft and third party, no accidental damage",
                                            "liability to third parties only")),
    F.choice("payment_frequency", "Payment frequency", "How the renewed premium is paid.", ["annual", "monthly"],
             "payment", "payment_plan", keep=0.6),
    F.flag("auto_renewal", "Automatic renewal", "Whether the policy renews automatically unless the customer acts.",
           "auto_renew", "renews_automatically"),
    F.flag("ncd_protected", "No-claims discount protected", "Whether the no-claims discount (bonus, accident "
           "forgiveness) is protected.", "protected_ncd", "bonus_protection", keep=0.6),
    F.items("drivers", "Drivers", ("Each driver named on the policy, in order, the policyholder included.",
                                   "Insured drivers."), [
        F.text("name", "Name", "Driver's name.", "driver", "full_name"),
        F.choice("relationship", "Relationship", "Driver's relationship to the policyholder.", list(RELATIONS),
                 "relation", "role", keep=0.6),
        F.date("date_of_birth", "Date of birth", "Driver's date of birth; null when only the age is shown.", "dob",
               "born", optional=True, keep=0.6),
    ], "named_drivers", "insured_drivers", keep=0.8),
    F.strings("extras", "Optional extras", "Optional extras included in the renewal; empty when none.", "add_ons",
              "optional_cover", keep=0.6),
    F.generate("summary", "Summary", "One sentence saying which car renews on which date and at what premium.", 40,
               keep=0.2),
]


def motor_insurance_renewal(kit: Kit) -> Draft:
    fake, rng, doc, loc = kit.fake, kit.rng, Doc(), kit.locale
    home_currency(kit)
    us, gb = loc == "en_US", loc == "en_GB"
    cover = rng.choice(["comprehensive"] * 6 + ["third_party_fire_theft"] * 2 + ["third_party_only"])
    renewal = kit.day()
    expiry = renewal - dt.timedelta(days=1)
    letter = renewal - dt.timedelta(days=rng.randint(21, 35))
    term_months = rng.choice([6, 12]) if us else 12
    new_end = (renewal + dt.timedelta(days=182 if term_months == 6 else 365)) - dt.timedelta(days=1)
    first_payment = renewal + dt.timedelta(days=rng.randint(0, 10))
    insurer = firm_name(kit, MOTOR_INSURERS)
    holder = plain_names(kit, 1)[0]
    holder_age = rng.randint(24, 72)
    pool = ["spouse_partner"] * 3 + ["other"] + (["child"] * 2 if holder_age >= 40 else []) \
        + (["parent"] if holder_age <= 50 else [])
    relations = ["policyholder"] + [rng.choice(pool) for _ in range(rng.choice([0, 0, 1, 1, 1, 2, 3]))]
    if relations.count("spouse_partner") > 1:
        relations = [r for i, r in enumerate(relations) if r != "spouse_partner" or relations.index(r) == i]
    names = [holder] + _relatives(kit, holder, relations[1:])
    ages = []
    for rel in relations:
        ages.append({"policyholder": holder_age, "spouse_partner": max(19, holder_age + rng.randint(-6, 6)),
                     "child": rng.randint(17, max(17, min(28, holder_age - 20))),
                     "parent": holder_age + rng.randint(22, 33),
                     "other": rng.randint(19, 70)}[rel])
    born = [_born(kit, letter, a) for a in ages]
    show_dob = kit.chance(0.8)
    licence = [max(1, a - rng.randint(17, 25)) for a in ages]
    drivers = [{"name": n, "relationship": r, "date_of_birth": b.isoformat() if show_dob else None}
               for n, r, b in zip(names, relations, born)]
    rel_form = rng.randrange(3)
    rel_words = [RELATIONS[r][rel_form] for r in relations]
    vehicle, plate = rng.choice(VEHICLES[loc]), number_plate(kit)
    built = renewal.year - rng.randint(1, 14)
    # the price
    net = kit.amount(*{"en_GB": (320, 1250), "en_US": (700, 2400), "de_DE": (260, 1100), "fr_FR": (330, 980)}[loc])
    if cover != "comprehensive":
        net = round(net * rng.uniform(0.55, 0.8), 2)
    if us and term_months == 6:
        net = round(net / 2, 2)
    tax_label, rate = TAX[loc]
    if loc == "fr_FR":
        tax_label, rate = "Taxes and contributions (taxes)", 0.33
    tax = round(net * rate, 2)
    fee = float(rng.choice([0, 0, 15, 25])) if gb else float(rng.choice([0, 6, 10])) if us else 0.0
    total = round(net + tax + fee, 2)
    previous = kit.maybe(round(total * rng.uniform(0.78, 1.12), 2), 0.75 if gb else 0.45)
    monthly = kit.chance(0.45)
    credit = round(total * rng.uniform(1.0, 1.1), 2)
    instalments = 6 if term_months == 6 else rng.choice([12, 12, 10, 11])
    instalment = round(credit / instalments, 2)
    apr = kit.style.decimal(rng.uniform(9.9, 29.9), 1)
    # excess
    excess_rows: list[tuple[str, L.Cell]] = []
    excess: int | None = None
    if cover == "comprehensive":
        if gb:
            compulsory, voluntary = rng.choice([100, 150, 200, 250, 350]), rng.choice([0, 100, 250, 500])
            excess = compulsory + voluntary
            excess_rows = [("Compulsory excess", _whole_cell(kit, None, compulsory)),
                           ("Voluntary excess", _whole_cell(kit, None, voluntary)),
                           ("Total accidental damage excess", _whole_cell(kit, ("excess",), excess)),
                           ("Windscreen excess", _whole_cell(kit, None, rng.choice([75, 90, 115])))]
        else:
            excess = rng.choice({"en_US": [250, 500, 1000], "de_DE": [150, 300, 500, 1000],
                                 "fr_FR": [250, 300, 400, 600]}[loc])
            label, other_label, other = {
                "en_US": ("Collision deductible", "Comprehensive deductible", rng.choice([100, 250, 500])),
                "de_DE": ("Excess, fully comprehensive (SB Vollkasko)", "Excess, partial cover (SB Teilkasko)",
                          rng.choice([150, 300])),
                "fr_FR": ("Excess for own damage (franchise dommages)", "Glass excess (franchise bris de glace)",
                          rng.choice([50, 75, 100]))}[loc]
            excess_rows = [(label, _whole_cell(kit, ("excess",), excess)), (other_label, _whole_cell(kit, None, other))]
    elif cover == "third_party_fire_theft":
        label = {"en_GB": "Fire and theft excess", "en_US": "Comprehensive deductible",
                 "de_DE": "Excess, partial cover (SB Teilkasko)", "fr_FR": "Theft and fire excess (franchise vol)"}[loc]
        excess_rows = [(label, _whole_cell(kit, None, rng.choice([100, 150, 250, 300])))]
    # no-claims years
    ncd = rng.randint(1, 35) if loc == "de_DE" else rng.randint(0, 15)
    ncd_note = {"en_GB": f"{min(75, 20 + 10 * ncd) if ncd else 0}% discount",
                "en_US": f"claims-free discount {min(25, 5 * ncd)}%",
                "de_DE": f"Beitragssatz {max(20, 100 - 4 * ncd)}%",
                "fr_FR": f"bonus-malus coefficient {kit.style.decimal(max(0.5, 0.95 ** ncd), 2)}"}[loc]
    ncd_label = {"en_GB": "No claims discount", "en_US": "Claims-free years", "de_DE": "No-claims class (SF-Klasse)",
                 "fr_FR": "Years without a claim (années sans sinistre)"}[loc]
    unit = "miles" if loc in ("en_GB", "en_US") else "km"
    mileage = rng.choice([5000, 6000, 7000, 8000, 10000, 12000] if unit == "miles" else [8000, 10000, 12000, 15000,
                                                                                          20000])
    odometer = rng.randint(9000, 140000)
    protected = kit.chance(0.5)
    auto = kit.chance(0.5)
    extras = rng.sample(MOTOR_EXTRAS[loc], rng.choice([0, 0, 1, 1, 2, 3]))
    customer_no = f"C{rng.randint(10**6, 10**7 - 1)}"
    policy_no = {"en_GB": f"{rng.choice(['HM', 'MP', 'KD'])}{rng.randint(10**6, 10**7 - 1)}",
                 "en_US": f"{rng.choice(['PA', 'AUT', 'CA'])}-{rng.randint(10**7, 10**8 - 1)}",
                 "de_DE": f"KH-{rng.randint(100, 999)}.{rng.randint(100000, 999999)}",
                 "fr_FR": f"{rng.randint(10**7, 10**8 - 1)}-A"}[loc]
    facts = {"policyholder": holder, "insurer": insurer, "policy_number": policy_no, "registration": plate,
             "vehicle": vehicle, "renewal_date": renewal.isoformat(), "renewal_premium": total,
             "previous_premium": previous, "monthly_instalment": instalment if monthly else None, "excess": excess,
             "no_claims_years": ncd, "annual_mileage": kit.maybe(mileage, 0.7), "cover_level": cover,
             "payment_frequency": "monthly" if monthly else "annual", "auto_renewal": auto,
             "ncd_protected": protected, "drivers": drivers, "extras": extras}
    facts["summary"] = (f"The {vehicle} ({plate}) renews on {renewal.isoformat()} at "
                        f"{kit.style.decimal(total)} {kit.style.currency}.")
    cover_text = rng.choice(COVERS[cover][loc])
    pay_text = rng.choice(("Payment: monthly by direct debit", f"You pay by {instalments} monthly instalments.",
                           "Payment method: monthly instalments") if monthly else
                          ("Payment: annually, in one payment", "You pay once a year by card or direct debit.",
                           "Payment method: annual"))
    auto_text = says(rng, auto, ("Automatic renewal: on - we will renew your policy and collect the premium as before.",
                                 "We will renew your policy automatically, so you do not need to do anything.",
                                 "Auto-renewal: yes"),
                     ("Automatic renewal: off - your cover ends unless you contact us.",
                      "Your policy will not renew automatically; please call us or renew online to stay insured.",
                      "Auto-renewal: no"))
    protect_text = rng.choice(PROTECTION[loc][0 if protected else 1])
    evidence = {("cover_level",): cover_text, ("payment_frequency",): pay_text, ("auto_renewal",): auto_text,
                ("ncd_protected",): protect_text}
    for i, w in enumerate(rel_words):
        evidence[("drivers", i, "relationship")] = w
    signatory = plain_names(kit, 1)[0]

    def dob_cell(i: int) -> L.Cell:
        if show_dob:
            return kit.date_cell(("drivers", i, "date_of_birth"), born[i])
        return L.cell(f"age {ages[i]}")

    def ncd_cell() -> L.Cell:
        if loc == "de_DE":
            return L.join(L.cell("SF "), kit.count_cell(("no_claims_years",), ncd), L.cell(f" ({ncd_note})"))
        return L.join(kit.count_cell(("no_claims_years",), ncd), L.cell(f" year{'s' * (ncd != 1)} ({ncd_note})"))

    def mileage_cell() -> L.Cell:
        return L.join(kit.count_cell(("annual_mileage",), mileage), L.cell(f" {unit} a year"))

    def car_rows() -> list[tuple[str, L.Cell]]:
        rows = [("Vehicle", L.join(L.cell(vehicle, ("vehicle",)), L.cell(f" ({built})"))),
                ("Registration", L.cell(plate, ("registration",))), (ncd_label, ncd_cell())]
        if facts["annual_mileage"] is not None:
            rows.append(("Annual mileage", mileage_cell()))
        rows.append(("Odometer at last renewal", L.cell(f"{kit.style.integer(odometer)} {unit}")))
        return rows

    def price_rows() -> list[tuple[str, L.Cell]]:
        rows = [("Premium", kit.money_cell(None, net))]
        if tax_label:
            rows.append((tax_label, kit.money_cell(None, tax)))
        if fee:
            rows.append(("Administration fee" if gb else "Policy fee", kit.money_cell(None, fee)))
        rows.append((rng.choice(["Total premium", "Total to pay", "Your renewal price"]),
                     kit.money_cell(("renewal_premium",), total)))
        if previous is not None:
            rows.append(("Last year's premium", kit.money_cell(("previous_premium",), previous)))
        return rows

    def price_table() -> None:
        prev_net = round((previous - fee) / (1 + rate), 2)
        rows = [[L.cell("Premium"), kit.money_cell(None, prev_net), kit.money_cell(None, net)]]
        if tax_label:
            rows.append([L.cell(tax_label), kit.money_cell(None, round(previous - fee - prev_net, 2)),
                         kit.money_cell(None, tax)])
        if fee:
            rows.append([L.cell("Fees"), kit.money_cell(None, fee), kit.money_cell(None, fee)])
        rows.append([L.cell("Total"), kit.money_cell(("previous_premium",), previous),
                     kit.money_cell(("renewal_premium",), total)])
        L.table(doc, rng, ["Your price", "Last year", "This year"], rows)

    def instalment_line() -> None:
        if monthly:
            kit.count(doc.add(rng.choice(["Monthly: ", "Instalments: "])), None, instalments).add(" payments of ")
            kit.money(doc, ("monthly_instalment",), instalment).add(", total ")
            kit.money(doc, None, credit).add(f" (APR {apr}%), first collected on ")
            kit.date(doc, None, first_payment).line(".")
        elif kit.chance(0.4):
            kit.money(doc.add(f"If you would rather pay monthly, it would be {instalments} payments of "), None,
                      instalment).add(" (total ")
            kit.money(doc, None, credit).line(f", APR {apr}%).")

    def excess_block(layout: str | None = None) -> None:
        if excess_rows:
            L.kv(doc, rng, excess_rows, layout)
        else:
            doc.line(rng.choice(["Excess: not applicable (third party cover)", "No own-damage excess applies."]))

    def driver_table() -> None:
        L.table(doc, rng, ["Driver", "Relationship", "Date of birth" if show_dob else "Age", "Licence held"], [
            [L.cell(d["name"], ("drivers", i, "name")), L.cell(rel_words[i]), dob_cell(i),
             L.cell(f"{licence[i]} year{'s' * (licence[i] != 1)}")] for i, d in enumerate(drivers)])

    def driver_lines(numbered: bool) -> None:
        bullet = rng.choice(["- ", "* ", "\u2022 "])
        for i, d in enumerate(drivers):     # "- Jane Doe (Spouse), born 12/03/1981, licence held 12 years"
            doc.add(f"{i + 1}. " if numbered else bullet).put(("drivers", i, "name"), d["name"])
            doc.add(f" ({rel_words[i]}), ")
            if show_dob:
                kit.date(doc.add("born "), ("drivers", i, "date_of_birth"), born[i])
            else:
                doc.add(f"age {ages[i]}")
            doc.line(f", licence held {licence[i]} year{'s' * (licence[i] != 1)}")

    def driver_sentence() -> None:
        doc.add(rng.choice(["Drivers insured: ", "Who can drive: "]))
        for i, d in enumerate(drivers):
            doc.add("" if i == 0 else " and " if i == len(drivers) - 1 else ", ")
            doc.put(("drivers", i, "name"), d["name"]).add(f" ({rel_words[i].lower()}, ")
            evidence[("drivers", i, "relationship")] = rel_words[i].lower()
            if show_dob:
                kit.date(doc.add("born "), ("drivers", i, "date_of_birth"), born[i]).add(")")
            else:
                doc.add(f"aged {ages[i]})")
        doc.line(".")

    def extras_block() -> None:
        strings(kit, doc, "extras", extras, rng.choice(["Optional extras", "Your add-ons", "Extras included"]),
                rng.choice(["Optional extras: none", "You have no optional extras."]))

    def terms() -> None:
        doc.line(pay_text)
        instalment_line()
        doc.line(auto_text).line(protect_text)

    layout = rng.choice(["letter", "schedule", "email", "portal"])
    if layout == "letter":      # the renewal invitation by post
        doc.put(("insurer",), insurer).line().line(address_line(kit)).line()
        doc.put(("policyholder",), holder).line().line(address_line(kit)).line()
        kit.date(doc, None, letter).line().line()
        L.kv(doc, rng, [("Policy number", L.cell(policy_no, ("policy_number",))),
                        ("Customer number", L.cell(customer_no)), ("Registration", L.cell(plate, ("registration",)))],
             rng.choice(["colon", "aligned", "dots"]))
        doc.line().add("Dear ").put(("policyholder",), holder).line(",").line()
        doc.line(rng.choice(["It's time to renew your car insurance.", "Your car insurance is due for renewal."]))
        kit.date(doc.add("Your current policy ends at midnight on "), None, expiry)
        kit.date(doc.add(" and your new policy starts on "), ("renewal_date",), renewal).line(".").line()
        if previous is not None:
            price_table()
        else:
            L.kv(doc, rng, price_rows(), rng.choice(["colon", "aligned", "dots"]))
        doc.line()
        kit.pad(doc)
        doc.line(rng.choice(["Your cover", "What you are covered for"])).line(cover_text)
        L.write(doc.add("Car: "), L.join(L.cell(vehicle, ("vehicle",)), L.cell(f" ({built})"))).line()
        L.write(doc.add(f"{ncd_label}: "), ncd_cell()).line()
        if facts["annual_mileage"] is not None:
            L.write(doc.add("Estimated mileage: "), mileage_cell()).line()
        excess_block(rng.choice(["colon", "aligned", "dots"]))
        doc.line()
        driver_sentence() if kit.chance(0.5) else driver_lines(kit.chance(0.5))
        extras_block()
        doc.line()
        kit.pad(doc)
        terms()
        doc.line().line(rng.choice(["Yours sincerely,", "Kind regards,"])).line(signatory)
        doc.line(f"Customer Services, {insurer}")
    elif layout == "schedule":  # the policy schedule (declarations page, Versicherungsschein, avis d'échéance)
        doc.line(rng.choice({"en_GB": ["MOTOR INSURANCE SCHEDULE", "Renewal schedule - private car"],
                             "en_US": ["AUTO POLICY RENEWAL DECLARATIONS", "Renewal declarations page"],
                             "de_DE": ["Renewal notice (Beitragsrechnung) - motor insurance",
                                       "Insurance certificate (Versicherungsschein) - motor"],
                             "fr_FR": ["Renewal notice (avis d'échéance) - motor insurance",
                                       "Motor insurance schedule (conditions particulières)"]}[loc]))
        doc.put(("insurer",), insurer).line().line()
        head = [("Policy number", L.cell(policy_no, ("policy_number",))),
                ("Policyholder", L.cell(holder, ("policyholder",))), ("Customer no.", L.cell(customer_no)),
                ("Date of issue", kit.date_cell(None, letter)),
                ("Period from", kit.date_cell(("renewal_date",), renewal)), ("Period to", kit.date_cell(None, new_end))]
        L.kv(doc, rng, head)
        doc.line().line(cover_text)
        L.kv(doc, rng, car_rows(), rng.choice(["colon", "aligned", "dots", "pipe"]))
        doc.line()
        kit.pad(doc)
        doc.line(rng.choice(["Drivers", "Persons entitled to drive"]))
        driver_table()
        doc.line()
        doc.line(rng.choice(["Excesses", "Deductibles" if us else "Excess"]))
        excess_block()
        doc.line()
        L.kv(doc, rng, price_rows(), rng.choice(["colon", "aligned", "dots", "grid"]))
        doc.line()
        kit.pad(doc)
        extras_block()
        terms()
    elif layout == "email":     # the renewal e-mail
        doc.add("From: ").put(("insurer",), insurer).line(f" <renewals@{_host(insurer)}.{TLD[loc]}>")
        doc.add("To: ").put(("policyholder",), holder).line()
        doc.add("Subject: Your car insurance renewal - ").put(("registration",), plate).line().line()
        doc.line(f"Hi {holder.split()[0]},").line()
        doc.add("Your policy ").put(("policy_number",), policy_no).add(" for the ").put(("vehicle",), vehicle)
        kit.date(doc.add(" renews on "), ("renewal_date",), renewal).line(".")
        kit.money(doc.add("Your renewal price is "), ("renewal_premium",), total)
        if previous is not None:
            kit.money(doc.add(" (last year: "), ("previous_premium",), previous).add(")")
        doc.line(f", including {tax_label.split(' (')[0].lower()}." if tax_label else ".")
        doc.line()
        doc.line("Key details:")
        doc.line(f"- {cover_text}")
        L.write(doc.add(f"- {ncd_label}: "), ncd_cell()).line()
        if facts["annual_mileage"] is not None:
            L.write(doc.add("- Mileage: "), mileage_cell()).line()
        for label, c in excess_rows:
            L.write(doc.add(f"- {label}: "), c).line()
        if not excess_rows:
            doc.line("- No own-damage excess (third party cover)")
        doc.line()
        kit.pad(doc)
        doc.line("Drivers on your policy:")
        driver_lines(kit.chance(0.4))
        doc.line()
        extras_block()
        terms()
        doc.line().line(f"Thanks,\n{signatory}\n{insurer}")
    else:                       # the customer's online account page
        doc.add("# My policy - ").put(("insurer",), insurer).line().line()
        L.labelled(doc, rng, [("Policyholder", L.cell(holder, ("policyholder",))),
                              ("Policy number", L.cell(policy_no, ("policy_number",))),
                              ("Renewal date", kit.date_cell(("renewal_date",), renewal)),
                              ("Current cover ends", kit.date_cell(None, expiry))], rng.choice(["bold", "pipe"]))
        doc.line().line("## Your car").line()
        L.kv(doc, rng, car_rows(), "pipe")
        doc.line().line(cover_text).line()
        kit.pad(doc)
        doc.line("## Drivers").line()
        driver_table() if kit.chance(0.6) else driver_lines(True)
        doc.line().line("## Price").line()
        if previous is not None and kit.chance(0.5):
            price_table()
        else:
            for label, c in price_rows():
                L.write(doc.add(f"- {label}: "), c).line()
        doc.line().line("## Excess").line()
        excess_block("pipe")
        doc.line().line("## Extras and payment").line()
        extras_block()
        terms()
    kit.pad(doc)
    return Draft(("Motor insurance renewal", "Car insurance renewal notice", "Auto policy renewal"), MOTOR_FIELDS,
                 facts, doc, evidence)


# ---- travel insurance certificate ------------------------------------------------------------------

TRAVEL_INSURERS = {"en_GB": ("{last} Travel Insurance", "Globetrotter Cover Ltd", "{city} Travel Protect",
                             "Wayfarer Insurance"),
                   "en_US": ("{last} Travel Protection", "Compass Trip Insurance Co.", "{city} Travel Guard Inc."),
                   "de_DE": ("{last} Reiseversicherung AG", "Fernweh Versicherung AG", "{city} Reiseschutz"),
                   "fr_FR": ("{last} Assistance Voyage", "Escale Assurances SA", "Mutuelle Voyage {city}")}
REGIONS = {
    "europe": {"en_GB": ("Area: Europe", "Region 1 - Europe (including the Canary Islands)"),
               "en_US": ("Area: Europe", "Destination area: Europe"),
               "de_DE": ("Area of cover (Geltungsbereich): Europe", "Geltungsbereich: Europa"),
               "fr_FR": ("Area of cover (zone): Europe", "Zone de couverture: Europe")},
    "worldwide_excl_usa": {"en_GB": ("Area: Worldwide excluding USA, Canada and the Caribbean",
                                     "Region 2 - Worldwide (excluding North America)"),
                           "de_DE": ("Area of cover (Geltungsbereich): worldwide excluding USA/Canada",
                                     "Geltungsbereich: weltweit ohne USA und Kanada"),
                           "fr_FR": ("Area of cover (zone): worldwide except USA/Canada",
                                     "Zone de couverture: monde entier hors USA et Canada")},
    "worldwide": {"en_GB": ("Area: Worldwide including USA, Canada and the Caribbean", "Region 3 - Worldwide"),
                  "en_US": ("Area: Worldwide", "Destination area: worldwide"),
                  "de_DE": ("Area of cover (Geltungsbereich): worldwide", "Geltungsbereich: weltweit"),
                  "fr_FR": ("Area of cover (zone): worldwide", "Zone de couverture: monde entier")},
    "domestic": {"en_GB": ("Area: UK only", "Region 0 - United Kingdom"),
                 "en_US": ("Area: domestic (within the United States)", "Destination area: USA only"),
                 "de_DE": ("Area of cover (Geltungsbereich): Germany only", "Geltungsbereich: Inland"),
                 "fr_FR": ("Area of cover (zone): France only", "Zone de couverture: France métropolitaine")}}
HOME_COUNTRY = {"en_GB": "United Kingdom", "en_US": "United States", "de_DE": "Germany", "fr_FR": "France"}
EUROPE = ("Spain", "Portugal", "Italy", "Greece", "Croatia", "Austria", "Netherlands", "Norway", "Iceland",
          "Ireland", "Switzerland", "Czech Republic", "Malta", "Cyprus", "France", "Germany", "United Kingdom")
REST = ("Thailand", "Japan", "Australia", "New Zealand", "South Africa", "Mexico", "Vietnam", "Morocco", "Peru",
        "Sri Lanka", "Indonesia", "Kenya")
AMERICA = ("United States", "Canada", "Jamaica")
TRIP_TYPES = {"single_trip": ("Policy type: single trip", "Single trip policy", "Trip cover: one trip"),
              "annual_multi_trip": ("Policy type: annual multi-trip", "Annual multi-trip policy",
                                    "Trip cover: any number of trips in the year")}
SECTIONS = {   # locale: (section, limits to draw from, whether it is cancellation cover, whether the excess applies)
    "en_GB": [("Cancellation", (1000, 2500, 5000, 7500), True, True), ("Curtailment", (1000, 2500, 5000), True, True),
              ("Personal baggage", (1000, 1500, 2000, 2500), False, True),
              ("Personal money", (250, 300, 500), False, True),
              ("Passport and documents", (250, 300, 500), False, False),
              ("Personal liability", (1000000, 2000000), False, True),
              ("Personal accident", (10000, 25000), False, False),
              ("Travel delay", (100, 200, 250), False, False), ("Missed departure", (500, 750, 1000), False, True),
              ("Legal expenses", (25000, 50000), False, False)],
    "en_US": [("Trip cancellation", (2000, 5000, 10000), True, True),
              ("Trip interruption", (3000, 7500, 15000), True, True),
              ("Baggage loss", (500, 1000, 2500), False, True), ("Baggage delay", (200, 300, 500), False, False),
              ("Travel delay", (300, 500, 1000), False, False), ("Missed connection", (300, 500, 1000), False, False),
              ("Accidental death", (10000, 25000, 50000), False, False)],
    "de_DE": [("Trip cancellation (Reiserücktritt)", (1500, 3000, 5000), True, True),
              ("Curtailment (Reiseabbruch)", (1500, 3000, 5000), True, True),
              ("Baggage (Reisegepäck)", (1000, 1500, 2000), False, True),
              ("Personal liability (Privathaftpflicht)", (1000000, 2000000), False, True),
              ("Accident (Unfall)", (10000, 25000), False, False), ("Travel delay", (150, 250, 500), False, False),
              ("Search and rescue (Bergungskosten)", (5000, 10000, 25000), False, False)],
    "fr_FR": [("Cancellation (annulation)", (1500, 3000, 6000), True, True),
              ("Curtailment (interruption de séjour)", (1500, 3000, 5000), True, True),
              ("Baggage (bagages)", (800, 1500, 2000), False, True),
              ("Personal liability (responsabilité civile)", (450000, 1000000, 4500000), False, True),
              ("Travel delay (retard de transport)", (150, 300), False, False),
              ("Legal assistance (assistance juridique)", (3000, 5000, 7500), False, False)]}
TRAVEL_ADDONS = {"en_GB": ["Winter sports", "Gadget cover", "Cruise cover", "Business cover", "Golf cover",
                           "Excess waiver"],
                 "en_US": ["Cancel for any reason", "Rental car damage", "Adventure sports", "Pre-existing condition "
                                                                                            "waiver"],
                 "de_DE": ["Winter sports (Wintersport)", "Rental car excess (Mietwagen-SB)", "Golf cover",
                           "Business travel"],
                 "fr_FR": ["Sports d'hiver (winter sports)", "Multirisque location (rental car)", "Golf", "Croisière "
                                                                                                    "(cruise)"]}
TRAVEL_FIELDS = [
    F.text("policyholder", "Policyholder", ("Person who bought the policy, the lead traveller (not another insured "
                                            "traveller or the insurer's signatory).", "Name of the policyholder."),
           "lead_traveller", "insured_name", "customer"),
    F.text("insurer", "Insurer", "Insurance company that issued the certificate.", "insurance_company", "company",
           keep=0.6),
    F.text("policy_number", "Policy number", "Number of the policy or certificate (not the booking or order "
           "reference).", "certificate_number", "policy_no", keep=0.8),
    F.date("issue_date", "Issue date", "Date the certificate was issued, if shown (not the start or end of cover).",
           "issued_on", "purchase_date", optional=True, keep=0.5),
    F.date("cover_start", "Cover start", ("First day of cover (not the issue date or a date of birth).",
                                          "Start of the insurance period."), "start_date", "valid_from"),
    F.date("cover_end", "Cover end", "Last day of cover (not the start or the issue date).", "end_date", "valid_to",
           keep=0.8),
    F.choice("trip_type", "Trip type", "Whether the policy covers one trip or any trips in a year.", list(TRIP_TYPES),
             "policy_type", "cover_type", keep=0.7),
    F.choice("region", "Region", "Area of travel covered.", list(REGIONS), "area", "territory", keep=0.7,
             option_descriptions=("Europe", "the whole world except the USA, Canada (and the Caribbean)",
                                  "the whole world", "the home country only")),
    F.strings("destinations", "Destinations", "Countries named as destinations of the trip; empty when none are "
              "named (as on an annual policy).", "countries", "destination_countries", keep=0.6),
    F.items("travellers", "Insured travellers", ("Each insured person, in order, the policyholder included.",
                                                 "People covered."), [
        F.text("name", "Name", "Traveller's name.", "full_name", "traveller"),
        F.date("date_of_birth", "Date of birth", "Traveller's date of birth; null when only the age is given.", "dob",
               "birth_date", optional=True, keep=0.7),
    ], "insured_persons", "persons", keep=0.8),
    F.number("premium", "Premium", ("Total price paid for the policy with tax (not the tax, the trip cost insured, "
                                    "a per-person price or an add-on's price).", "Price of the policy."), "price",
             "total_premium", minimum=0),
    F.number("medical_limit", "Medical expenses limit", "Maximum cover for emergency medical expenses and "
             "repatriation (not the limit of another section); null when unlimited.", "medical_cover",
             "medical_expenses", optional=True, keep=0.7),
    F.items("benefits", "Benefits", ("Each section of cover listed besides emergency medical expenses, in order, "
                                     "with its limit and excess.", "Sections of cover."), [
        F.text("section", "Section", "Name of the section of cover as written.", "benefit", "cover"),
        F.number("limit", "Limit", "Maximum paid under the section.", "sum_insured", "max_amount"),
        F.number("excess", "Excess", "Excess for the section; null when it has none.", "deductible", optional=True,
                 keep=0.7),
    ], "cover_sections", "coverage", keep=0.7),
    F.flag("pre_existing_covered", "Pre-existing conditions covered", "Whether declared pre-existing medical "
           "conditions are covered.", "medical_conditions_covered", "preexisting_conditions", keep=0.7),
    F.flag("cancellation_cover", "Cancellation cover", "Whether the policy includes cancellation cover.",
           "cancellation_included", "has_cancellation", keep=0.6),
    F.strings("addons", "Add-ons", "Optional cover packs bought with the policy; empty when none.", "upgrades",
              "optional_extras", keep=0.6),
    F.text("assistance_email", "Assistance e-mail", "E-mail address of the emergency assistance service, if given "
           "(not the claims or customer service address).", "emergency_email", format="email", optional=True,
           keep=0.4),
    F.text("documents_url", "Policy documents link", "Link to the policy documents, if given (not the insurer's home "
           "page).", "policy_wording_url", "url", format="uri", optional=True, keep=0.3),
    F.generate("summary", "Summary", "One sentence saying who is covered where and when.", 40, keep=0.2),
]


def travel_insurance_certificate(kit: Kit) -> Draft:
    fake, rng, doc, loc = kit.fake, kit.rng, Doc(), kit.locale
    home_currency(kit)
    us = loc == "en_US"
    insurer = firm_name(kit, TRAVEL_INSURERS)
    host = f"{_host(insurer)}.{TLD[loc]}"
    trip = rng.choice(["single_trip"] * 3 + ["annual_multi_trip"] * 2)
    region = rng.choice([r for r in REGIONS if loc in REGIONS[r]] + ["europe", "worldwide"])
    if region == "domestic" and trip == "single_trip" and kit.chance(0.5):
        region = "europe"
    home = HOME_COUNTRY[loc]
    pool = {"europe": EUROPE, "worldwide_excl_usa": EUROPE + REST, "worldwide": REST + AMERICA,
            "domestic": ()}[region]
    pool = [c for c in pool if c != home]
    destinations = rng.sample(pool, rng.choice([1, 1, 1, 2, 3])) if trip == "single_trip" and pool else []
    issued = kit.day()
    start = issued + dt.timedelta(days=rng.randint(1, 120)) if trip == "single_trip" else \
        issued + dt.timedelta(days=rng.randint(0, 14))
    days = rng.randint(4, 30)
    end = start + dt.timedelta(days=days - 1) if trip == "single_trip" else \
        start.replace(year=start.year + 1, day=min(start.day, 28)) - dt.timedelta(days=1)
    max_trip = rng.choice([31, 45, 60])
    lead = plain_names(kit, 1)[0]
    lead_age = rng.randint(21, 74)
    relations = rng.choice([[], [], ["spouse_partner"], ["spouse_partner", "child"],
                            ["spouse_partner", "child", "child"], ["other"], ["spouse_partner", "child", "child",
                                                                                "child"]])
    if lead_age < 30 or lead_age > 62:
        relations = [r for r in relations if r != "child"]
    names = [lead] + _relatives(kit, lead, relations)
    ages = [lead_age] + [{"spouse_partner": max(19, lead_age + rng.randint(-5, 5)), "child": rng.randint(1, 17),
                          "other": rng.randint(19, 70)}[r] for r in relations]
    born = [_born(kit, issued, a) for a in ages]
    show_dob = kit.chance(0.75)
    travellers = [{"name": n, "date_of_birth": b.isoformat() if show_dob else None} for n, b in zip(names, born)]
    cancellation = kit.chance(0.55) if trip == "single_trip" else kit.chance(0.75)
    standard = rng.choice([0, 50, 75, 95, 100, 150, 250] if not us else [0, 0, 100, 250])
    chosen = [s for s in SECTIONS[loc] if cancellation or not s[2]]
    keep = sorted(rng.sample(range(len(chosen)), rng.randint(min(3, len(chosen)), min(6, len(chosen)))))
    if cancellation and not any(chosen[k][2] for k in keep):
        keep = sorted(set(keep[1:] + [0]))
    benefits = []
    for k in keep:
        name, limits, _, applies = chosen[k]
        excess = None
        if applies and standard:
            excess = standard * (rng.choice([1, 2]) if "liability" in name.lower() else 1)
        benefits.append({"section": name, "limit": rng.choice(limits), "excess": excess})
    medical = rng.choice({"en_GB": [5000000, 10000000, 10000000, 15000000, None],
                          "en_US": [50000, 100000, 250000, 500000],
                          "de_DE": [None, None, 1000000, 2000000], "fr_FR": [30000, 150000, 300000, 1000000]}[loc])
    if region == "domestic" and loc != "en_US":
        medical = rng.choice([None, 5000, 10000])
    people = len(travellers)
    factor = {"europe": 1.0, "worldwide_excl_usa": 1.6, "worldwide": 2.3, "domestic": 0.6}[region]
    base = kit.amount(9, 22) if trip == "single_trip" else kit.amount(35, 95)
    net = round(base * factor * (1 + days / 12 if trip == "single_trip" else 1) * (1 + 0.7 * (people - 1))
                * (1.6 if lead_age > 65 else 1.0) * (1.25 if cancellation else 1.0), 2)
    tax_label, rate = {"en_GB": ("Insurance Premium Tax (20%)", 0.2), "en_US": (None, 0.0),
                       "de_DE": ("Insurance tax (19%)", 0.19), "fr_FR": ("Taxes (9%)", 0.09)}[loc]
    tax = round(net * rate, 2)
    addons = rng.sample(TRAVEL_ADDONS[loc], rng.choice([0, 0, 0, 1, 1, 2]))
    addon_prices = [kit.amount(8, 45) for _ in addons]
    premium = round(net + tax + sum(addon_prices), 2)
    trip_cost = round(rng.uniform(1500, 9000) * people / 2, 2) if us else None
    medical_covered = kit.chance(0.5)
    conditions = rng.sample(["asthma", "type 2 diabetes", "high blood pressure", "a knee replacement",
                             "an underactive thyroid"], rng.randint(1, 2))
    policy_no = {"en_GB": f"TRV/{issued.year % 100}/{rng.randint(100000, 999999)}",
                 "en_US": f"TP{rng.randint(10**8, 10**9 - 1)}",
                 "de_DE": f"RV-{rng.randint(10**7, 10**8 - 1)}",
                 "fr_FR": f"AV{issued.year}-{rng.randint(10**5, 10**6 - 1)}"}[loc]
    booking = f"{rng.choice(['BK', 'ORD', 'WEB'])}-{rng.randint(10**5, 10**6 - 1)}"
    assistance = f"{rng.choice(['assistance', 'emergency', 'help24'])}@{_host(insurer)}-assist.{TLD[loc]}"
    claims = f"claims@{host}"
    url = f"https://{rng.choice(['my.', 'www.', 'docs.'])}{host}/{rng.choice(['policy', 'documents', 'wording'])}/" \
          f"{rng.randint(10**6, 10**7 - 1)}"
    signatory = plain_names(kit, 1)[0]
    facts = {"policyholder": lead, "insurer": insurer, "policy_number": policy_no,
             "issue_date": issued.isoformat(), "cover_start": start.isoformat(), "cover_end": end.isoformat(),
             "trip_type": trip, "region": region, "destinations": destinations, "travellers": travellers,
             "premium": premium, "medical_limit": medical, "benefits": benefits,
             "pre_existing_covered": medical_covered, "cancellation_cover": cancellation, "addons": addons,
             "assistance_email": kit.maybe(assistance, 0.6), "documents_url": kit.maybe(url, 0.45)}
    where = ", ".join(destinations) if destinations else {"europe": "Europe", "worldwide": "anywhere in the world",
                                                         "worldwide_excl_usa": "the world outside North America",
                                                         "domestic": home}[region]
    facts["summary"] = (f"{people} traveller{'s' * (people > 1)} led by {lead} {'are' if people > 1 else 'is'} "
                        f"covered for {where} from {start.isoformat()} to {end.isoformat()}.")
    trip_text, region_text = rng.choice(TRIP_TYPES[trip]), rng.choice(REGIONS[region][loc])
    cond_text = says(rng, medical_covered,
                     (f"Pre-existing medical conditions: declared and accepted ({' and '.join(conditions)})",
                      f"The declared medical conditions ({' and '.join(conditions)}) are covered."),
                     ("Pre-existing medical conditions: not covered",
                      "No pre-existing medical conditions are covered by this policy.",
                      f"The declared condition{'s' * (len(conditions) > 1)} ({' and '.join(conditions)}) "
                      f"{'are' if len(conditions) > 1 else 'is'} excluded from cover."))
    cancel_text = says(rng, cancellation, ("Cancellation cover: included", "This policy includes cancellation cover "
                                                                           "from the date of issue."),
                       ("Cancellation cover: not included", "This policy does not include cancellation cover."))
    evidence = {("trip_type",): trip_text, ("region",): region_text, ("pre_existing_covered",): cond_text,
                ("cancellation_cover",): cancel_text}
    limit_whole = kit.chance(0.6)
    nil = rng.choice(["nil", "none", "-", "no excess"])

    def limit_cell(path, x: int) -> L.Cell:
        return _whole_cell(kit, path, x) if limit_whole else kit.money_cell(path, float(x))

    def medical_cell() -> L.Cell:
        if medical is None:
            return L.cell(rng.choice(["unlimited", "Unlimited (costs actually incurred)"]))
        return L.join(L.cell("up to "), limit_cell(("medical_limit",), medical))

    def excess_cell(i: int) -> L.Cell:
        e = benefits[i]["excess"]
        return limit_cell(("benefits", i, "excess"), e) if e else L.cell(nil)

    def dob_text(i: int) -> L.Cell:
        if show_dob:
            return kit.date_cell(("travellers", i, "date_of_birth"), born[i])
        return L.cell(f"age {ages[i]}")

    def traveller_table() -> None:
        L.table(doc, rng, ["Insured person", "Date of birth" if show_dob else "Age"], [
            [L.cell(t["name"], ("travellers", i, "name")), dob_text(i) if show_dob else L.cell(str(ages[i]))]
            for i, t in enumerate(travellers)])

    def traveller_lines(numbered: bool) -> None:
        bullet = rng.choice(["- ", "* ", "\u2022 "])
        for i, t in enumerate(travellers):
            doc.add(f"{i + 1}. " if numbered else bullet).put(("travellers", i, "name"), t["name"])
            L.write(doc.add(", born " if show_dob else ", "), dob_text(i)).line()

    def traveller_sentence() -> None:
        for i, t in enumerate(travellers):
            doc.add("" if i == 0 else " and " if i == len(travellers) - 1 else ", ")
            doc.put(("travellers", i, "name"), t["name"])
            L.write(doc.add(" (born " if show_dob else " ("), dob_text(i)).add(")")

    def benefit_table() -> None:
        L.table(doc, rng, [rng.choice(["Section", "Benefit", "Cover"]), "Limit", "Excess"], [
            [L.cell(b["section"], ("benefits", i, "section")), limit_cell(("benefits", i, "limit"), b["limit"]),
             excess_cell(i)] for i, b in enumerate(benefits)])

    def benefit_lines(numbered: bool) -> None:
        for i, b in enumerate(benefits):    # "- Cancellation: up to £5,000 (excess £95)"
            doc.add(f"{i + 1}. " if numbered else "- ").put(("benefits", i, "section"), b["section"]).add(": up to ")
            L.write(doc, limit_cell(("benefits", i, "limit"), b["limit"]))
            if b["excess"]:
                L.write(doc.add(" (excess "), excess_cell(i)).line(")")
            else:
                doc.line(f" (excess: {nil})")

    def benefit_sentence() -> None:
        for i, b in enumerate(benefits):
            doc.add("" if i == 0 else " and " if i == len(benefits) - 1 else ", ")
            b["section"] = lower_first(b["section"])     # the gold is the text as written here
            doc.put(("benefits", i, "section"), b["section"])
            L.write(doc.add(" up to "), limit_cell(("benefits", i, "limit"), b["limit"]))
            if b["excess"]:
                L.write(doc.add(" (excess "), excess_cell(i)).add(")")

    def price_rows() -> list[tuple[str, L.Cell]]:
        rows = []
        if trip_cost:
            rows.append(("Trip cost insured", kit.money_cell(None, trip_cost)))
        rows.append(("Premium", kit.money_cell(None, net)))
        if people > 1 and kit.chance(0.5):
            rows.append(("Per person", kit.money_cell(None, round(premium / people, 2))))
        rows += [(f"{a} (add-on)", kit.money_cell(None, p)) for a, p in zip(addons, addon_prices)]
        if tax_label:
            rows.append((tax_label, kit.money_cell(None, tax)))
        rows.append((rng.choice(["Total paid", "Total premium", "Amount paid"]), kit.money_cell(("premium",), premium)))
        return rows

    def period_cell() -> L.Cell:
        return L.join(kit.date_cell(("cover_start",), start), L.cell(" to "), kit.date_cell(("cover_end",), end))

    def assistance_lines() -> None:
        phone = {"en_GB": "+44 20 7946 0", "en_US": "+1 800 555 0", "de_DE": "+49 89 2190 0",
                 "fr_FR": "+33 1 4020 0"}[loc] + str(rng.randint(100, 999))
        doc.line(f"24-hour emergency assistance: {phone}")
        if facts["assistance_email"]:
            doc.add("Assistance e-mail: ").put(("assistance_email",), assistance).line()
        doc.line(f"Claims: {claims}")
        if facts["documents_url"]:
            doc.add(rng.choice(["Policy wording: ", "Your documents: "])).put(("documents_url",), url).line()
        else:
            doc.line(f"Policy wording: https://www.{host}")

    def lists() -> None:
        strings(kit, doc, "destinations", destinations, rng.choice(["Destinations", "Countries visited"]),
                rng.choice(["Destinations: any country within the area", "Destinations: not specified"]))
        strings(kit, doc, "addons", addons, rng.choice(["Add-ons", "Optional cover bought", "Upgrades"]),
                rng.choice(["Add-ons: none", "No optional cover was bought."]))

    layout = rng.choice(["certificate", "email", "summary", "attestation"])
    if layout == "certificate":     # the certificate of insurance
        doc.put(("insurer",), insurer).line()
        doc.line(rng.choice(["CERTIFICATE OF INSURANCE", "Travel insurance certificate", "Policy schedule"])).line()
        rows = [("Policy number", L.cell(policy_no, ("policy_number",))), ("Booking reference", L.cell(booking)),
                ("Date of issue", kit.date_cell(("issue_date",), issued)),
                ("Policyholder", L.cell(lead, ("policyholder",))), ("Period of cover", period_cell())]
        if trip == "annual_multi_trip":
            rows.append(("Maximum trip length", L.cell(f"{max_trip} days")))
        L.kv(doc, rng, rows)
        doc.line(trip_text).line(region_text).line()
        doc.line(rng.choice(["Insured persons", "Who is covered"]))
        traveller_table()
        doc.line()
        kit.pad(doc)
        L.write(doc.add("Emergency medical expenses and repatriation: "), medical_cell()).line()
        benefit_table()
        doc.line()
        doc.line(cond_text).line(cancel_text)
        lists()
        doc.line()
        kit.pad(doc)
        L.kv(doc, rng, price_rows(), rng.choice(["colon", "aligned", "dots"]))
        doc.line()
        assistance_lines()
    elif layout == "email":         # the confirmation e-mail
        doc.add("From: ").put(("insurer",), insurer).line(f" <noreply@{host}>")
        doc.add("To: ").put(("policyholder",), lead).line()
        doc.add("Subject: Your travel insurance - policy ").put(("policy_number",), policy_no).line().line()
        doc.line(f"Dear {lead.split()[0]},").line()
        kit.date(doc.add("Thank you for buying your travel insurance with us on "), ("issue_date",), issued)
        doc.line(f" (order {booking}).")
        L.write(doc.add("You are covered from "), period_cell()).line(".")
        doc.line(trip_text).line(region_text).line()
        doc.line("Travellers:")
        traveller_lines(kit.chance(0.4))
        doc.line()
        kit.pad(doc)
        L.write(doc.add("Medical expenses: "), medical_cell()).line()
        benefit_lines(kit.chance(0.3))
        doc.line()
        doc.line(cond_text).line(cancel_text)
        lists()
        doc.line()
        for label, c in price_rows():
            L.write(doc.add(f"{label}: "), c).line()
        doc.line()
        assistance_lines()
        doc.line().line(f"Have a good trip!\n{signatory}, {insurer}")
    elif layout == "summary":       # the policy summary as markdown
        doc.add("# Travel insurance - ").put(("insurer",), insurer).line().line()
        L.labelled(doc, rng, [("Policy", L.cell(policy_no, ("policy_number",))),
                              ("Issued", kit.date_cell(("issue_date",), issued)),
                              ("Policyholder", L.cell(lead, ("policyholder",))), ("Period of cover", period_cell())],
                   rng.choice(["bold", "pipe", "colon"]))
        doc.line().line(trip_text).line(region_text).line().line("## Who is covered").line()
        traveller_table() if kit.chance(0.5) else traveller_lines(True)
        doc.line().line("## What is covered").line()
        L.write(doc.add("**Emergency medical expenses:** "), medical_cell()).line().line()
        kit.pad(doc)
        benefit_table() if kit.chance(0.6) else benefit_lines(False)
        doc.line().line(cond_text).line(cancel_text).line().line("## Trip and extras").line()
        lists()
        doc.line().line("## Price").line()
        for label, c in price_rows():
            L.write(doc.add(f"- {label}: "), c).line()
        doc.line().line("## Help").line()
        assistance_lines()
    else:                           # a certificate for a visa application, in prose
        doc.put(("insurer",), insurer).line().line(address_line(kit)).line()
        kit.date(doc, ("issue_date",), issued).line().line()
        doc.line(rng.choice(["CERTIFICATE OF TRAVEL INSURANCE (ATTESTATION)", "To whom it may concern"])).line()
        doc.add("We hereby certify that ").put(("policyholder",), lead)
        doc.add(" holds travel insurance policy no. ").put(("policy_number",), policy_no).add(" with us, covering ")
        traveller_sentence()
        if destinations:
            doc.add(" for travel to ")
            L.series(doc, ("destinations",), destinations).add(",")
        else:
            doc.add(",")
        L.write(doc.add(" from "), period_cell()).line(".")
        doc.line(trip_text + ". " + region_text + ".")
        if medical is None:
            doc.line("Emergency medical expenses and repatriation are covered without limit.")
        else:
            L.write(doc.add("Emergency medical expenses and repatriation are covered "), medical_cell()).line(".")
        doc.add("The policy also covers ")
        benefit_sentence()
        doc.line(".").line()
        kit.pad(doc)
        doc.line(cond_text).line(cancel_text)
        if not destinations:
            doc.line("The policy names no destination; it covers any country within the area.")
        strings(kit, doc, "addons", addons, "Optional cover", "No optional cover was bought.")
        kit.money(doc.add("Premium paid: "), ("premium",), premium)
        doc.line(f", including {tax_label.split(' (')[0].lower()}." if tax_label else ".")
        doc.line()
        assistance_lines()
        doc.line().line(f"{signatory}").line(f"for {insurer}")
    kit.pad(doc)
    return Draft(("Travel insurance certificate", "Certificate of travel insurance", "Travel policy schedule"),
                 TRAVEL_FIELDS, facts, doc, evidence)


# ---- home contents quote -----------------------------------------------------------------------------

HOME_INSURERS = {"en_GB": ("{last} Home Insurance", "Hearthside Insurance Ltd", "{city} Mutual Home",
                           "Keystone Home Cover", "Beacon Direct Home"),
                 "en_US": ("{last} Renters Insurance", "Hometown Mutual", "{city} Property & Casualty",
                           "Keystone Renters Co.", "Lantern Insurance Inc."),
                 "de_DE": ("{last} Hausratversicherung AG", "Heimschutz Versicherung AG", "{city} Versicherung VVaG",
                           "Nordlicht Versicherung"),
                 "fr_FR": ("{last} Assurances Habitation", "Foyer Mutuel SA", "Mutuelle {city}", "Logis Assurances")}
PROPERTY_TYPES = {
    "flat": {"en_GB": ("Property type: purpose-built flat", "Property: flat (second floor)"),
             "en_US": ("Dwelling type: apartment", "Dwelling: apartment in a multi-unit building"),
             "de_DE": ("Property type: flat in a multi-family building (Wohnung)", "Wohnung (flat)"),
             "fr_FR": ("Property type: flat (appartement)", "Logement: appartement")},
    "terraced": {"en_GB": ("Property type: mid-terrace house", "Property: terraced house"),
                 "en_US": ("Dwelling type: townhouse", "Dwelling: townhouse (row house)"),
                 "de_DE": ("Property type: terraced house (Reihenhaus)", "Reihenhaus (terraced house)"),
                 "fr_FR": ("Property type: terraced house (maison mitoyenne)", "Logement: maison mitoyenne")},
    "semi_detached": {"en_GB": ("Property type: semi-detached house", "Property: semi-detached"),
                      "en_US": ("Dwelling type: duplex (one half)", "Dwelling: side-by-side duplex"),
                      "de_DE": ("Property type: semi-detached house (Doppelhaushälfte)",
                                "Doppelhaushälfte (semi-detached house)"),
                      "fr_FR": ("Property type: semi-detached house (maison jumelée)", "Logement: maison jumelée")},
    "detached": {"en_GB": ("Property type: detached house", "Property: detached"),
                 "en_US": ("Dwelling type: single-family home", "Dwelling: detached single-family house"),
                 "de_DE": ("Property type: detached house (Einfamilienhaus)", "Einfamilienhaus (detached house)"),
                 "fr_FR": ("Property type: detached house (maison individuelle)", "Logement: maison individuelle")}}
STARS = {1: "basic", 2: "below average", 3: "average", 4: "good", 5: "excellent"}
VALUABLES = {"en_GB": ["Engagement ring", "Gold watch", "Laptop", "Road bike", "Camera kit", "Pearl necklace",
                       "Oil painting", "Hearing aids"],
             "en_US": ["Engagement ring", "Wristwatch", "Laptop", "Mountain bike", "Camera equipment",
                       "Diamond earrings", "Guitar", "Fur coat"],
             "de_DE": ["Ehering (wedding ring)", "Armbanduhr (watch)", "E-Bike", "Laptop", "Gemälde (painting)",
                       "Kamera-Ausrüstung (camera kit)"],
             "fr_FR": ["Bague de fiançailles", "Montre en or", "Vélo électrique", "Ordinateur portable",
                       "Tableau (painting)", "Appareil photo"]}
HOME_EXTRAS = {"en_GB": ["Personal possessions away from home", "Legal expenses", "Home emergency cover",
                         "Bicycle cover", "Freezer contents"],
               "en_US": ["Identity theft coverage", "Water backup coverage", "Replacement cost coverage",
                         "Pet damage coverage"],
               "de_DE": ["Fahrraddiebstahl (bicycle theft)", "Elementarschäden (natural hazards)",
                         "Glasversicherung (glass)", "Überspannung (power surge)"],
               "fr_FR": ["Rééquipement à neuf (new for old)", "Protection juridique (legal expenses)",
                         "Dommages électriques (power surge)", "Assistance habitation"]}
HOME_FIELDS = [
    F.text("customer", "Customer", ("Person the quote is for (not the insurer's staff or another insurer).",
                                    "Name of the customer."), "customer_name", "policyholder", "proposer"),
    F.text("customer_email", "Customer e-mail", "The customer's e-mail address, if shown (not the insurer's).",
           "email", "contact_email", format="email", optional=True, keep=0.4),
    F.text("insurer", "Insurer", "Insurer giving the quote (not another insurer of a comparison).",
           "insurance_company", "provider", keep=0.7),
    F.text("quote_reference", "Quote reference", "Reference of the quote (not the customer number).", "quote_number",
           "quote_ref", "reference", keep=0.7),
    F.date("quote_date", "Quote date", ("Date of the quote (not the cover start, the quote's expiry or a date of "
                                        "birth).", "Date the quote was given."), "date", "quoted_on"),
    F.date("cover_start", "Cover start", "Date the cover would start (not the quote date).", "start_date",
           "policy_start", keep=0.7),
    F.date("valid_until", "Valid until", "Last day the quoted price holds, if stated.", "expiry_date", "quote_expiry",
           optional=True, keep=0.5),
    F.choice("property_type", "Property type", "Kind of home the contents are kept in.", list(PROPERTY_TYPES),
             "home_type", "dwelling_type", keep=0.7),
    F.number("contents_sum_insured", "Contents sum insured", ("Total amount the contents are insured for (not the "
                                                              "single-item, valuables or away-from-home limit, the "
                                                              "liability cover or a specified item's value).",
                                                              "Contents cover."), "sum_insured", "contents_cover",
             "personal_property_limit"),
    F.number("annual_premium", "Annual premium", ("Yearly price of the quoted cover with tax and after discounts "
                                                  "(not the monthly price, the tax, the discount or another "
                                                  "insurer's price).", "Price per year."), "premium", "yearly_premium",
             minimum=0),
    F.number("monthly_premium", "Monthly premium", "Monthly price of the quoted cover, if offered.", "monthly_price",
             "per_month", optional=True, keep=0.5),
    F.number("excess", "Excess", "Standard excess (deductible) per claim (not the escape-of-water, natural-disaster or "
             "another special excess); null when the policy has none.", "deductible", "standard_excess", optional=True,
             keep=0.7),
    F.flag("accidental_damage", "Accidental damage", "Whether accidental damage cover for the contents is included.",
           "accidental_damage_cover", "includes_accidental_damage", keep=0.7),
    F.flag("alarm_fitted", "Burglar alarm", "Whether the home has a burglar alarm, as the customer stated.",
           "burglar_alarm", "has_alarm", keep=0.6),
    F.score("cover_rating", "Cover rating", "Star rating of the quoted policy (Defaqto or another independent "
            "rating).", STARS, "star_rating", "rating", keep=0.6),
    F.items("specified_items", "Specified items", ("Each valuable listed by name with its own value, in order; empty "
                                                   "when none are specified.", "Valuables covered separately."), [
        F.text("item", "Item", "The valuable as described.", "description", "name"),
        F.number("value", "Value", "Value the item is insured for.", "amount", "sum_insured"),
    ], "valuables", "scheduled_items", keep=0.8),
    F.strings("extras", "Optional extras", "Optional cover added to the quote; empty when none.", "add_ons",
              "optional_cover", keep=0.6),
]


def home_contents_quote(kit: Kit) -> Draft:
    fake, rng, doc, loc = kit.fake, kit.rng, Doc(), kit.locale
    home_currency(kit)
    us, gb = loc == "en_US", loc == "en_GB"
    ptype = rng.choice(["flat"] * 3 + ["terraced"] * 2 + ["semi_detached"] * 2 + ["detached"] * 2)
    quoted = kit.day()
    start = quoted + dt.timedelta(days=rng.randint(1, 28))
    valid = quoted + dt.timedelta(days=rng.choice([14, 30, 30, 60]))
    customer, signatory = plain_names(kit, 2)
    birth = _born(kit, quoted, rng.randint(20, 78))
    insurer = firm_name(kit, HOME_INSURERS)
    area = rng.randint(35, 160)
    rooms = max(1, area // 25)
    if loc == "de_DE":
        sum_insured = area * rng.choice([650, 700, 750])
    else:
        sum_insured = rng.choice({"en_GB": range(15000, 100001, 5000), "en_US": range(15000, 100001, 5000),
                                  "fr_FR": range(10000, 80001, 5000)}[loc])
    items = [{"item": v, "value": float(rng.choice(range(1500, 8001, 50)))}
             for v in rng.sample(VALUABLES[loc], rng.choice([0, 1, 1, 2, 2, 3, 4]))]
    extras = rng.sample(HOME_EXTRAS[loc], rng.choice([0, 0, 1, 1, 2, 3]))
    accidental, alarm = kit.chance(0.5), kit.chance(0.5)
    net = kit.amount(*{"en_GB": (70, 320), "en_US": (110, 380), "de_DE": (55, 260), "fr_FR": (90, 330)}[loc])
    net = round(net * (1.2 if accidental else 1.0) + 0.01 * sum(i["value"] for i in items), 2)
    discount = round(net * rng.choice([0.05, 0.1, 0.15]), 2) if kit.chance(0.4) else 0.0
    tax_label, rate = TAX[loc]
    tax = round((net - discount) * rate, 2)
    annual = round(net - discount + tax, 2)
    monthly = round(annual * rng.uniform(1.0, 1.08) / 12, 2) if kit.chance(0.6) else None
    excess = rng.choice({"en_GB": [50, 100, 100, 150, 250], "en_US": [250, 500, 500, 1000],
                         "de_DE": [None, None, 150, 300], "fr_FR": [150, 150, 200, 300]}[loc])
    if excess is not None and kit.chance(0.06):
        excess = None
    stars = rng.choice([2, 3, 3, 4, 4, 5, 5])
    quote_ref = {"en_GB": f"HQ{rng.randint(10**6, 10**7 - 1)}", "en_US": f"RQ-{rng.randint(10**6, 10**7 - 1)}",
                 "de_DE": f"ANG-HR-{rng.randint(10**5, 10**6 - 1)}",
                 "fr_FR": f"DEV-MRH-{rng.randint(10**5, 10**6 - 1)}"}[loc]
    customer_no = f"{rng.choice(['K', 'C', 'CU'])}{rng.randint(10**5, 10**7)}"
    words = [w for w in customer.split()]
    email = f"{slug(words[0], 'insure', 18)}.{slug(words[-1], 'insure', 18)}@{fake.free_email_domain()}"
    address = address_line(kit)
    layout = rng.choice(["quote", "comparison", "email", "letter"])
    facts = {"customer": customer, "customer_email": kit.maybe(email, 0.6) if layout != "letter" else None,
             "insurer": insurer, "quote_reference": quote_ref, "quote_date": quoted.isoformat(),
             "cover_start": start.isoformat(), "valid_until": kit.maybe(valid.isoformat(), 0.6),
             "property_type": ptype, "contents_sum_insured": float(sum_insured), "annual_premium": annual,
             "monthly_premium": monthly, "excess": excess, "accidental_damage": accidental, "alarm_fitted": alarm,
             "cover_rating": stars, "specified_items": items, "extras": extras}
    type_text = rng.choice(PROPERTY_TYPES[ptype][loc])
    ad_text = says(rng, accidental, ("Accidental damage cover: included",
                                     "Your quote includes accidental damage cover for your contents."),
                   ("Accidental damage cover: not included",
                    "Accidental damage is not included; you can add it for an extra premium."))
    alarm_text = says(rng, alarm, ("You told us the property has a burglar alarm.", "Burglar alarm fitted: yes"),
                      ("You told us there is no burglar alarm.", "Burglar alarm fitted: no"))
    rate_label = rng.choice(["Defaqto rating", "Cover rating"] if gb else ["Cover rating", "Product rating",
                                                                           "Independent rating"])
    form = rng.choice(["stars", "slash", "words", "out_of", "of"])
    rating_text = f"{rate_label}: {rating(rng, stars, 5, form)[1]}" + (f" ({STARS[stars]})" if kit.chance(0.4) else "")
    evidence = {("property_type",): type_text, ("accidental_damage",): ad_text, ("alarm_fitted",): alarm_text,
                ("cover_rating",): rating_text}
    whole = kit.chance(0.6)

    def amount_cell(path, x: float) -> L.Cell:
        return _whole_cell(kit, path, int(x)) if whole and x == int(x) else kit.money_cell(path, x)

    def excess_cell() -> L.Cell:
        if excess is None:
            return L.cell(rng.choice(["none", "nil", "no excess"]))
        return amount_cell(("excess",), float(excess))

    def cover_rows() -> list[tuple[str, L.Cell]]:
        contents = {"en_GB": "Contents sum insured", "en_US": "Personal property (Coverage C)",
                    "de_DE": "Sum insured (Versicherungssumme)", "fr_FR": "Contents (capital mobilier)"}[loc]
        rows = [(contents, amount_cell(("contents_sum_insured",), float(sum_insured)))]
        if loc == "de_DE":
            rows.insert(0, ("Living area (Wohnfläche)", L.cell(f"{area} m²")))
            rows.append(("Valuables (Wertsachen)", L.join(L.cell("20% = "),
                                                          amount_cell(None, round(sum_insured * 0.2)))))
        elif loc == "fr_FR":
            rows.insert(0, ("Rooms (pièces)", L.cell(str(rooms))))
            rows.append(("Valuables (objets de valeur)", amount_cell(None, round(sum_insured * 0.3))))
        elif us:
            rows += [("Loss of use (Coverage D)", amount_cell(None, round(sum_insured * rng.choice([0.2, 0.3])))),
                     ("Personal liability (Coverage E)", amount_cell(None, rng.choice([100000, 300000])))]
        else:
            rows += [("Single item limit", amount_cell(None, rng.choice([1500, 2000, 2500]))),
                     ("Valuables limit", amount_cell(None, round(sum_insured / 3 / 100) * 100))]
            if "Personal possessions away from home" in extras:
                rows.append(("Away from home", amount_cell(None, rng.choice([2500, 3000, 5000]))))
        rows.append(("Excess" if not us else "Deductible", excess_cell()))
        special = {"en_GB": ("Escape of water excess", 350), "en_US": ("Wind/hail deductible", 1000),
                   "de_DE": ("Natural hazards excess (Elementar-SB)", 500),
                   "fr_FR": ("Natural disaster excess (franchise cat. nat.)", 380)}[loc]
        rows.append((special[0], amount_cell(None, float(special[1]))))
        return rows

    def price_rows() -> list[tuple[str, L.Cell]]:
        rows = [("Premium", kit.money_cell(None, net))]
        if discount:
            rows.append((rng.choice(["Online discount", "Discount"]), kit.money_cell(None, -discount)))
        if tax_label:
            rows.append((tax_label, kit.money_cell(None, tax)))
        rows.append((rng.choice(["Annual premium", "Total per year", "Price per year"]),
                     kit.money_cell(("annual_premium",), annual)))
        if monthly is not None:
            rows.append(("Monthly", kit.money_cell(("monthly_premium",), monthly)))
        return rows

    def item_table() -> None:
        if not items:
            doc.line(rng.choice(["Specified items: none", "No items are listed separately."]))
            return
        L.table(doc, rng, [rng.choice(["Specified item", "Valuable", "Item"]), "Value"], [
            [L.cell(it["item"], ("specified_items", i, "item")),
             amount_cell(("specified_items", i, "value"), it["value"])]
            for i, it in enumerate(items)])

    def item_lines(numbered: bool) -> None:
        if not items:
            doc.line("Specified items: none")
            return
        doc.line(rng.choice(["Specified items:", "Valuables listed separately:"]))
        for i, it in enumerate(items):
            doc.add(f"{i + 1}. " if numbered else "- ").put(("specified_items", i, "item"), it["item"]).add(": ")
            L.write(doc, amount_cell(("specified_items", i, "value"), it["value"])).line()

    def extras_block() -> None:
        strings(kit, doc, "extras", extras, rng.choice(["Optional extras", "Add-ons included", "Extras"]),
                rng.choice(["Optional extras: none", "No optional extras added."]))

    def statements() -> None:
        doc.line(type_text).line(alarm_text).line(ad_text).line(rating_text)

    if layout == "quote":           # the insurer's quotation
        doc.put(("insurer",), insurer).line().line(address_line(kit)).line()
        doc.line(rng.choice(["HOME CONTENTS QUOTE", "Your contents insurance quotation", "QUOTE - CONTENTS COVER"]))
        doc.line()
        rows = [("Quote reference", L.cell(quote_ref, ("quote_reference",))),
                ("Quote date", kit.date_cell(("quote_date",), quoted))]
        if facts["valid_until"]:
            rows.append(("Valid until", kit.date_cell(("valid_until",), valid)))
        rows += [("Customer", L.cell(customer, ("customer",))), ("Customer number", L.cell(customer_no)),
                 ("Date of birth", kit.date_cell(None, birth))]
        if facts["customer_email"]:
            rows.append(("E-mail", L.cell(email, ("customer_email",))))
        rows += [("Address", L.cell(address)), ("Cover starts", kit.date_cell(("cover_start",), start))]
        L.kv(doc, rng, rows)
        doc.line()
        statements()
        doc.line()
        kit.pad(doc)
        L.kv(doc, rng, cover_rows(), rng.choice(["colon", "aligned", "dots", "grid"]))
        doc.line()
        item_table()
        doc.line()
        extras_block()
        doc.line()
        kit.pad(doc)
        L.kv(doc, rng, price_rows(), rng.choice(["colon", "aligned", "dots"]))
    elif layout == "comparison":    # a comparison site's results
        others = []
        for _ in range(rng.randint(2, 4)):
            name = firm_name(kit, HOME_INSURERS)
            if name != insurer and name not in [o[0] for o in others]:
                others.append((name, round(annual * rng.uniform(0.85, 1.4), 2), rng.choice([2, 3, 4, 5]),
                               rng.choice([50, 100, 150, 250, 300, 500])))
        doc.line(f"{rng.choice(['CompareHome', 'QuoteFinder', 'HomeSaver'])} - your contents insurance results")
        doc.add("Results for ").put(("customer",), customer)
        if facts["customer_email"]:
            doc.add(" (").put(("customer_email",), email).add(")")
        kit.date(doc.add(", searched on "), ("quote_date",), quoted).line().line()
        L.write(doc.add("Contents to insure: "), amount_cell(("contents_sum_insured",), float(sum_insured))).line()
        kit.date(doc.add("Cover to start on "), ("cover_start",), start).line().line()
        pick = rng.randint(0, len(others))
        table_rows = []
        all_rows = others[:pick] + [(insurer, annual, stars, excess)] + others[pick:]
        for name, price, st, ex in all_rows:
            mine = name == insurer
            row = [L.cell(name, ("insurer",) if mine else None),
                   kit.money_cell(("annual_premium",) if mine else None, price)]
            if monthly is not None:
                row.append(kit.money_cell(("monthly_premium",) if mine else None,
                                          monthly if mine else round(price * 1.05 / 12, 2)))
            row.append(excess_cell() if mine else amount_cell(None, float(ex)))
            row.append(L.cell(rating(rng, st, 5, "stars" if form == "stars" else "slash")[1]))
            table_rows.append(row)
        L.table(doc, rng, ["Insurer", "Per year"] + ["Per month"] * (monthly is not None) + ["Excess", "Rating"],
                table_rows)
        doc.line()
        kit.pad(doc)
        doc.add("Your chosen quote: ").put(("insurer",), insurer).line()
        rows = [("Quote reference", L.cell(quote_ref, ("quote_reference",)))]
        if facts["valid_until"]:
            rows.append(("Price guaranteed until", kit.date_cell(("valid_until",), valid)))
        L.kv(doc, rng, rows, rng.choice(["colon", "aligned"]))
        statements()
        doc.line()
        L.kv(doc, rng, cover_rows(), rng.choice(["colon", "aligned", "dots", "pipe"]))
        doc.line()
        item_lines(kit.chance(0.5)) if kit.chance(0.5) else item_table()
        extras_block()
        doc.line()
        for label, c in price_rows():
            L.write(doc.add(f"{label}: "), c).line()
    elif layout == "email":         # the quote by e-mail
        doc.add("From: ").put(("insurer",), insurer).line(f" <quotes@{_host(insurer)}.{TLD[loc]}>")
        doc.add("To: ").put(("customer",), customer)
        if facts["customer_email"]:
            doc.add(" <").put(("customer_email",), email).add(">")
        doc.line().add("Subject: Your contents quote ").put(("quote_reference",), quote_ref).line().line()
        doc.line(f"Dear {customer.split()[0]},").line()
        kit.date(doc.add("Thank you for your enquiry. Here is your quote of "), ("quote_date",), quoted)
        doc.line(" for your home contents.")
        kit.date(doc.add("Cover can start on "), ("cover_start",), start)
        if facts["valid_until"]:
            kit.date(doc.add("; the price holds until "), ("valid_until",), valid)
        doc.line(".").line()
        statements()
        doc.line()
        for label, c in cover_rows():
            L.write(doc.add(f"- {label}: "), c).line()
        doc.line()
        kit.pad(doc)
        item_lines(kit.chance(0.4))
        extras_block()
        doc.line()
        for label, c in price_rows():
            L.write(doc.add(f"{label}: "), c).line()
        doc.line().line(f"Kind regards,\n{signatory}\n{insurer}")
    else:                           # a quote letter in prose
        doc.put(("insurer",), insurer).line().line(address_line(kit)).line()
        doc.put(("customer",), customer).line().line(address).line()
        kit.date(doc, ("quote_date",), quoted).line()
        doc.add("Quote reference: ").put(("quote_reference",), quote_ref).line(f" (customer no. {customer_no})").line()
        doc.add("Dear ").put(("customer",), customer).line(",").line()
        doc.add("Thank you for asking us to quote for your contents insurance. We can cover your contents for ")
        L.write(doc, amount_cell(("contents_sum_insured",), float(sum_insured)))
        kit.date(doc.add(" from "), ("cover_start",), start)
        kit.money(doc.add(" for an annual premium of "), ("annual_premium",), annual)
        if tax_label:
            kit.money(doc.add(", including "), None, tax).add(f" {tax_label.split(' (')[0].lower()}")
        if monthly is not None:
            kit.money(doc.add(", or "), ("monthly_premium",), monthly).add(" a month")
        doc.line(".")
        if excess is not None:
            L.write(doc.add("The excess is "), excess_cell())
        else:
            doc.add("There is no excess")
        doc.line(", except for escape of water and natural hazards, where a higher excess applies.")
        if items:
            doc.add("The items you asked us to list separately are ")
            for i, it in enumerate(items):
                if loc in ("en_GB", "en_US"):
                    it["item"] = lower_first(it["item"])     # the gold is the text as written here
                doc.add("" if i == 0 else " and " if i == len(items) - 1 else ", ")
                doc.put(("specified_items", i, "item"), it["item"]).add(" (")
                L.write(doc, amount_cell(("specified_items", i, "value"), it["value"])).add(")")
            doc.line(".")
        else:
            doc.line("You did not ask us to list any item separately.")
        doc.line()
        kit.pad(doc)
        statements()
        extras_block()
        if facts["valid_until"]:
            kit.date(doc.add("This quote is valid until "), ("valid_until",), valid).line(".")
        doc.line().line(rng.choice(["Yours sincerely,", "Kind regards,"])).line(signatory)
    kit.pad(doc)
    return Draft(("Home contents insurance quote", "Contents insurance quotation", "Renters insurance quote"),
                 HOME_FIELDS, facts, doc, evidence)


# ---- life insurance beneficiary form ------------------------------------------------------------------

LIFE_INSURERS = {"en_GB": ("{last} Life Assurance", "Evergreen Life plc", "{city} Friendly Society", "Northgate Life"),
                 "en_US": ("{last} Life Insurance Company", "Heritage Mutual Life", "{city} Life & Annuity Co."),
                 "de_DE": ("{last} Lebensversicherung AG", "Hanse Leben VVaG", "{city} Leben AG"),
                 "fr_FR": ("{last} Prévoyance", "Mutuelle Vie {city}", "Avenir Vie SA")}
LIFE_TYPES = {
    "term_life": {"en_GB": ("Plan type: level term assurance", "Policy: term life cover (level term)"),
                  "en_US": ("Policy type: 20-year term life", "Plan: level term life insurance"),
                  "de_DE": ("Policy type: term life (Risikolebensversicherung)",
                            "Risikolebensversicherung (term life)"),
                  "fr_FR": ("Policy type: term life (assurance temporaire décès)",
                            "Contrat: assurance temporaire décès (term life)")},
    "whole_life": {"en_GB": ("Plan type: whole of life assurance", "Policy: whole of life cover"),
                   "en_US": ("Policy type: whole life", "Plan: whole life insurance"),
                   "de_DE": ("Policy type: whole life (lebenslange Todesfallversicherung)",
                             "Lebenslange Todesfallversicherung (whole life)"),
                   "fr_FR": ("Policy type: whole life (assurance vie entière)", "Contrat: assurance vie entière")},
    "group_life": {"en_GB": ("Plan type: group life assurance (death in service)",
                             "Scheme: death in service benefit (group life)"),
                   "en_US": ("Policy type: group term life (employer plan)", "Plan: employer group life insurance"),
                   "de_DE": ("Policy type: group life via the employer (Gruppen-Lebensversicherung)",
                             "Gruppen-Lebensversicherung (group life)"),
                   "fr_FR": ("Policy type: group life (prévoyance collective décès)",
                             "Contrat: prévoyance collective décès (group life)")}}
BENEFICIARY_RELATIONS = {"spouse_partner": ("Spouse", "Partner", "Spouse/civil partner"),
                         "child": ("Child", "Child", "Son/daughter"), "parent": ("Parent", "Parent", "Parent"),
                         "sibling": ("Sibling", "Brother/sister", "Sibling"), "other": ("Friend", "Cousin", "Other")}
SPLITS = {1: ([100],), 2: ([50, 50], [60, 40], [70, 30], [75, 25]),
          3: ([34, 33, 33], [50, 25, 25], [40, 30, 30], [33.33, 33.33, 33.34]), 4: ([25, 25, 25, 25], [40, 20, 20, 20])}
ENCLOSURES = ["Copy of passport", "Marriage certificate", "Birth certificates of the children", "Trust deed",
              "Proof of address", "Civil partnership certificate", "Copy of the previous nomination"]
LIFE_FIELDS = [
    F.text("policyholder", "Policyholder", ("Person whose life is insured and who names the beneficiaries (not a "
                                            "beneficiary, the witness or the adviser).", "Name of the life insured."),
           "life_insured", "member", "insured_person"),
    F.text("policy_number", "Policy number", "Number of the life policy or certificate (not the member, employee or "
           "scheme number, or the form reference).", "policy_no", "certificate_number", keep=0.8),
    F.text("insurer", "Insurer", "Life insurer holding the policy.", "insurance_company", "provider", keep=0.6),
    F.date("date_of_birth", "Policyholder's date of birth", "Date of birth of the life insured, if shown (not a "
           "beneficiary's).", "dob", "birth_date", optional=True, keep=0.5),
    F.date("signed_date", "Date signed", ("Date the policyholder signed the designation (not the date it was "
                                          "received, the date of a letter or the policy start).",
                                          "Date of signature."), "signature_date", "date"),
    F.choice("policy_type", "Policy type", "Kind of life cover.", list(LIFE_TYPES), "plan_type", "product", keep=0.7,
             option_descriptions=("cover for a fixed term", "cover for the whole of life",
                                  "employer's group cover (death in service)")),
    F.number("sum_assured", "Sum assured", ("Amount paid on death (not the premium, the salary or a beneficiary's "
                                            "share).", "Death benefit."), "death_benefit", "cover_amount", keep=0.8),
    F.number("monthly_premium", "Monthly premium", "Monthly premium, if stated; null when none is shown (as for "
             "employer-paid group cover).", "premium", "premium_per_month", optional=True, keep=0.4),
    F.items("beneficiaries", "Beneficiaries", ("Each beneficiary named, in order, primary ones first.",
                                               "Designated beneficiaries."), [
        F.text("name", "Name", "Beneficiary's name.", "full_name", "beneficiary"),
        F.choice("relationship", "Relationship", "Beneficiary's relationship to the policyholder.",
                 list(BENEFICIARY_RELATIONS), "relation", "relationship_to_insured", keep=0.7),
        F.number("share_percent", "Share (%)", "Percentage of the benefit the beneficiary receives within its class.",
                 "share", "percentage"),
        F.choice("type", "Type", "Primary beneficiary, or contingent (paid only if no primary beneficiary survives).",
                 ["primary", "contingent"], "beneficiary_type", "class", keep=0.6),
        F.date("date_of_birth", "Date of birth", "Beneficiary's date of birth, if given.", "dob", "born",
               optional=True, keep=0.5),
    ], "nominees", "designated_beneficiaries"),
    F.flag("irrevocable", "Irrevocable", "Whether the designation is irrevocable (false when the policyholder may "
           "change it at any time).", "irrevocable_designation", "is_irrevocable", keep=0.6),
    F.flag("witnessed", "Witnessed", "Whether a witness signed the form.", "has_witness", "witness_signed", keep=0.6),
    F.strings("documents", "Documents enclosed", "Documents sent with the form; empty when none.", "enclosures",
              "attachments", keep=0.6),
]


def life_insurance_beneficiary_form(kit: Kit) -> Draft:
    fake, rng, doc, loc = kit.fake, kit.rng, Doc(), kit.locale
    home_currency(kit)
    gb = loc == "en_GB"
    ptype = rng.choice(["term_life"] * 3 + ["whole_life"] * 2 + ["group_life"] * 2)
    group = ptype == "group_life"
    signed = kit.day()
    received = signed + dt.timedelta(days=rng.randint(2, 20))
    written = received + dt.timedelta(days=rng.randint(1, 10))
    started = signed - dt.timedelta(days=rng.randint(200, 5000))
    holder = plain_names(kit, 1)[0]
    age = rng.randint(28, 68)
    birth = _born(kit, signed, age)
    n = rng.choice([1, 1, 2, 2, 2, 3, 3, 4])
    first = "spouse_partner" if kit.chance(0.7) else rng.choice(["child", "parent", "sibling", "other"])
    primary = [first] + [("child" if age >= 34 else rng.choice(["sibling", "parent"])) if kit.chance(0.8)
                         else rng.choice(["sibling", "other"]) for _ in range(n - 1)]
    m = rng.choice([0, 0, 0, 1, 1, 2])
    contingent = [rng.choice(["sibling", "parent", "other", "child" if first == "spouse_partner" and "child" not in
                              primary and age >= 34 else "sibling"]) for _ in range(m)]
    relations = primary + contingent
    names = _relatives(kit, holder, relations)
    while True:
        witness, adviser = plain_names(kit, 2)
        if witness not in names + [holder] and adviser not in names + [holder]:
            break
    ages = []
    for rel in relations:
        ages.append({"spouse_partner": max(19, age + rng.randint(-7, 7)),
                     "child": rng.randint(max(0, age - 45), max(0, age - 20)),
                     "parent": min(95, age + rng.randint(22, 34)), "sibling": max(16, age + rng.randint(-9, 9)),
                     "other": rng.randint(8, 70)}[rel])
    born = [_born(kit, signed, a) for a in ages]
    show_dob = kit.chance(0.7)
    shares = list(rng.choice(SPLITS[n])) + (list(rng.choice(SPLITS[m])) if m else [])
    kinds = ["primary"] * n + ["contingent"] * m
    beneficiaries = [{"name": nm, "relationship": rel, "share_percent": sh, "type": k,
                      "date_of_birth": b.isoformat() if show_dob else None}
                     for nm, rel, sh, k, b in zip(names, relations, shares, kinds, born)]
    salary = rng.choice(range(24000, 96001, 500)) if group else 0
    multiple = rng.choice([2, 3, 4])
    if group:
        sum_assured = float(salary * multiple)
    else:
        lo, hi, step = {"en_GB": (50000, 500000, 5000), "en_US": (100000, 1000000, 25000),
                        "de_DE": (50000, 300000, 5000), "fr_FR": (30000, 300000, 5000)}[loc]
        if ptype == "whole_life":
            lo, hi = lo // 5, hi // 5
        sum_assured = float(rng.choice(range(lo, hi + 1, step)))
    premium = None if group else kit.maybe(round(sum_assured * rng.uniform(0.00004, 0.00016) * (1 + age / 30)
                                                 * (3 if ptype == "whole_life" else 1), 2), 0.7)
    irrevocable = False if group else kit.chance(0.6)
    witnessed = kit.chance(0.5)
    documents = rng.sample(ENCLOSURES, rng.choice([0, 0, 1, 1, 2, 3]))
    insurer = firm_name(kit, LIFE_INSURERS)
    policy_no = {"en_GB": f"L{rng.randint(10**6, 10**7 - 1)}", "en_US": f"LF{rng.randint(10**7, 10**8 - 1)}",
                 "de_DE": f"LV-{rng.randint(10**6, 10**7 - 1)}", "fr_FR": f"PV{rng.randint(10**6, 10**7 - 1)}"}[loc]
    member_no = f"{rng.choice(['M', 'EMP', 'P'])}{rng.randint(10000, 999999)}"
    scheme = f"{rng.choice(['GL', 'DIS', 'GRP'])}-{rng.randint(1000, 9999)}"
    form_ref = f"{rng.choice(['BEN', 'NOM', 'EOW'])}-{rng.randint(1, 12):02d}"
    employer = fake.company()
    facts = {"policyholder": holder, "policy_number": policy_no, "insurer": insurer,
             "date_of_birth": kit.maybe(birth.isoformat(), 0.7), "signed_date": signed.isoformat(),
             "policy_type": ptype, "sum_assured": sum_assured, "monthly_premium": premium,
             "beneficiaries": beneficiaries, "irrevocable": irrevocable, "witnessed": witnessed,
             "documents": documents}
    type_text = rng.choice(LIFE_TYPES[ptype][loc])
    rel_form = rng.randrange(3)
    rel_words = [BENEFICIARY_RELATIONS[r][rel_form] for r in relations]
    class_words = rng.choice([("Primary", "Contingent"), ("Primary", "Secondary"), ("First", "Substitute")])
    kind_words = [class_words[0] if k == "primary" else class_words[1] for k in kinds]
    irr_text = says(rng, irrevocable,
                    ("Type of designation: irrevocable", "This designation is irrevocable: it can only be changed "
                                                         "with the beneficiaries' written consent."),
                    ("Type of designation: revocable", "This designation is revocable; you can change it at any time.",
                     "This nomination is not binding on the trustees and can be changed at any time." if group else
                     "The policyholder may change this designation at any time."))
    wit_text = says(rng, witnessed, (f"Witnessed by {witness}", f"Signature of witness: {witness} (signed)"),
                    ("Witness: none", "The form was not witnessed.", "No witness signed this form."))
    evidence = {("policy_type",): type_text, ("irrevocable",): irr_text, ("witnessed",): wit_text}
    for i in range(len(beneficiaries)):
        evidence[("beneficiaries", i, "relationship")] = rel_words[i]
        evidence[("beneficiaries", i, "type")] = kind_words[i]
    pct_form = rng.choice(["%", "\u00a0%" if loc == "fr_FR" else "%", " per cent"])
    whole = kit.chance(0.5)

    def sum_cell() -> L.Cell:
        return _whole_cell(kit, ("sum_assured",), int(sum_assured)) if whole else \
            kit.money_cell(("sum_assured",), sum_assured)

    def share_cell(i: int) -> L.Cell:
        sh = shares[i]
        text = kit.style.integer(int(sh)) if sh == int(sh) else kit.style.decimal(sh, 2)
        return L.join(L.cell(text, ("beneficiaries", i, "share_percent")), L.cell(pct_form))

    def dob_cell(i: int) -> L.Cell:
        return kit.date_cell(("beneficiaries", i, "date_of_birth"), born[i])

    def benefit_rows() -> list[tuple[str, L.Cell]]:
        rows = []
        if group:
            rows.append(("Annual salary", L.join(_whole_cell(kit, None, salary), L.cell(f" (benefit {multiple} × "
                                                                                          "salary)"))))
        rows.append(("Sum assured" if loc != "en_US" else "Death benefit", sum_cell()))
        if premium is not None:
            rows.append(("Monthly premium", kit.money_cell(("monthly_premium",), premium)))
        elif group:
            rows.append(("Premium", L.cell("paid by the employer")))
        return rows

    def beneficiary_table() -> None:
        head = (["Type"] if m else []) + ["Name", "Relationship"] + (["Date of birth"] if show_dob else []) + ["Share"]
        rows = []
        for i, b in enumerate(beneficiaries):
            rows.append(([L.cell(kind_words[i])] if m else []) + [L.cell(b["name"], ("beneficiaries", i, "name")),
                                                                  L.cell(rel_words[i])]
                        + ([dob_cell(i)] if show_dob else []) + [share_cell(i)])
        if not m:
            for i in range(len(beneficiaries)):
                evidence[("beneficiaries", i, "type")] = "Beneficiaries"
        L.table(doc, rng, head, rows)

    def beneficiary_lines(numbered: bool) -> None:
        k = 0
        for cls, heading in (("primary", rng.choice([f"{class_words[0]} beneficiaries:", "Beneficiaries:"])),
                             ("contingent", f"{class_words[1]} beneficiaries (only if no {class_words[0].lower()} "
                                            "beneficiary survives):")):
            members = [i for i, b in enumerate(beneficiaries) if b["type"] == cls]
            if not members:
                continue
            doc.line(heading)
            for i in members:   # "1. Jane Doe (Spouse), born 12/03/1981: 60%"
                evidence[("beneficiaries", i, "type")] = heading
                k += 1
                doc.add(f"{k}. " if numbered else "- ").put(("beneficiaries", i, "name"), beneficiaries[i]["name"])
                doc.add(f" ({rel_words[i]})")
                if show_dob:
                    L.write(doc.add(", born "), dob_cell(i))
                L.write(doc.add(rng.choice([": ", " - "])), share_cell(i)).line()

    def beneficiary_sentence() -> None:
        doc.add("as beneficiaries ")
        for i in range(n):
            doc.add("" if i == 0 else " and " if i == n - 1 else ", ")
            phrase = f"my {rel_words[i].lower()} "
            evidence[("beneficiaries", i, "relationship")] = phrase.strip()
            evidence[("beneficiaries", i, "type")] = "as beneficiaries"
            doc.add(phrase).put(("beneficiaries", i, "name"), beneficiaries[i]["name"])
            if show_dob:
                L.write(doc.add(", born "), dob_cell(i)).add(",")
            L.write(doc.add(" for "), share_cell(i))
        if m:
            doc.add("; failing them, ")
            for j in range(m):
                i = n + j
                doc.add("" if j == 0 else " and ")
                phrase = f"my {rel_words[i].lower()} "
                evidence[("beneficiaries", i, "relationship")] = phrase.strip()
                evidence[("beneficiaries", i, "type")] = "failing them"
                doc.add(phrase).put(("beneficiaries", i, "name"), beneficiaries[i]["name"])
                if show_dob:
                    L.write(doc.add(", born "), dob_cell(i)).add(",")
                L.write(doc.add(" for "), share_cell(i))
        doc.line(".")

    def documents_block() -> None:
        strings(kit, doc, "documents", documents, rng.choice(["Documents enclosed", "Enclosures", "Attached"]),
                rng.choice(["Documents enclosed: none", "No documents were enclosed."]))

    layout = rng.choice(["form", "letter", "email", "clause"])
    if layout == "form":            # the paper form
        doc.put(("insurer",), insurer).line()
        doc.line(rng.choice(["EXPRESSION OF WISH FORM" if group and gb else "BENEFICIARY DESIGNATION FORM",
                             "Change of beneficiary", "Nomination of beneficiaries"]))
        doc.line(f"Form {form_ref} (rev. {rng.randint(2, 9)})").line()
        doc.line("Section 1 - Policy and life insured")
        rows = [("Policy number", L.cell(policy_no, ("policy_number",)))]
        if group:
            rows += [("Employer", L.cell(employer)), ("Scheme number", L.cell(scheme)),
                     ("Member number", L.cell(member_no))]
        rows.append(("Name of life insured", L.cell(holder, ("policyholder",))))
        if facts["date_of_birth"]:
            rows.append(("Date of birth", kit.date_cell(("date_of_birth",), birth)))
        rows.append(("Policy start date", kit.date_cell(None, started)))
        L.kv(doc, rng, rows + benefit_rows())
        doc.line(type_text).line()
        kit.pad(doc)
        doc.line("Section 2 - Beneficiaries")
        beneficiary_table()
        doc.line("The shares of each class must add up to 100%.").line()
        doc.line("Section 3 - Type of designation")
        on = rng.choice(["[x]", "[X]", "\u2612"])
        off = "\u2610" if on == "\u2612" else "[ ]"
        doc.line(f"{on if not irrevocable else off} Revocable   {on if irrevocable else off} Irrevocable")
        evidence[("irrevocable",)] = f"{on} {'Irrevocable' if irrevocable else 'Revocable'}"
        doc.line().line("Section 4 - Documents")
        documents_block()
        doc.line().line("Section 5 - Signature")
        rows = [("Signature of life insured", L.cell("(signed)")),
                ("Date signed", kit.date_cell(("signed_date",), signed))]
        L.kv(doc, rng, rows, rng.choice(["colon", "aligned", "dots"]))
        doc.line(wit_text).line()
        kit.pad(doc)
        kit.date(doc.add("For office use - received on "), None, received).line(f" by {adviser}")
    elif layout == "letter":        # the insurer confirms the change
        doc.put(("insurer",), insurer).line().line(address_line(kit)).line()
        doc.put(("policyholder",), holder).line().line(address_line(kit)).line()
        kit.date(doc, None, written).line().line()
        doc.add("Policy number: ").put(("policy_number",), policy_no).line()
        if group:
            doc.line(f"Scheme: {scheme} ({employer}), member {member_no}")
        doc.line().add("Dear ").put(("policyholder",), holder).line(",").line()
        kit.date(doc.add("Thank you for your beneficiary form signed on "), ("signed_date",), signed)
        kit.date(doc.add(", which we received on "), None, received).line(".")
        doc.line(type_text)
        doc.line("We have recorded your beneficiaries as follows:").line()
        beneficiary_lines(kit.chance(0.6))
        doc.line()
        kit.pad(doc)
        for label, c in benefit_rows():
            L.write(doc.add(f"{label}: "), c).line()
        if facts["date_of_birth"]:
            kit.date(doc.add("Your date of birth on our records: "), ("date_of_birth",), birth).line()
        doc.line(irr_text).line(wit_text)
        documents_block()
        doc.line().line(rng.choice(["Yours sincerely,", "Kind regards,"])).line(f"{adviser}\nPolicy Services")
    elif layout == "email":         # HR or the adviser confirms by e-mail
        sender = f"{slug(adviser.split()[0], 'insure', 18)}.{slug(adviser.split()[-1], 'insure', 18)}@" \
                 f"{_host(employer if group else insurer)}.{TLD[loc]}"
        doc.line(f"From: {adviser} <{sender}>").add("To: ").put(("policyholder",), holder).line()
        doc.line(f"Subject: {'Your expression of wish' if group else 'Your beneficiary designation'}").line()
        doc.line(f"Hi {holder.split()[0]},").line()
        kit.date(doc.add("We have received your form dated "), ("signed_date",), signed)
        doc.add(" for policy ").put(("policy_number",), policy_no).add(" with ").put(("insurer",), insurer).line(".")
        doc.line(type_text)
        doc.line("This is what we now hold on file:").line()
        beneficiary_lines(False)
        doc.line()
        kit.pad(doc)
        rows = benefit_rows()
        if facts["date_of_birth"]:
            rows.insert(0, ("Your date of birth", kit.date_cell(("date_of_birth",), birth)))
        if group:
            rows.insert(0, ("Member number", L.cell(member_no)))
        L.kv(doc, rng, rows, rng.choice(["colon", "aligned", "dots"]))
        doc.line(irr_text).line(wit_text)
        documents_block()
        doc.line().line(f"Best wishes,\n{adviser}\n{'HR Benefits, ' + employer if group else insurer}")
    else:                           # the beneficiary clause written out in prose
        doc.line(rng.choice(["BENEFICIARY CLAUSE", "Designation of beneficiaries", "Beneficiary designation"]))
        doc.line()
        doc.add("I, the undersigned ").put(("policyholder",), holder)
        if facts["date_of_birth"]:
            kit.date(doc.add(", born on "), ("date_of_birth",), birth)
        doc.add(", holder of policy no. ").put(("policy_number",), policy_no).add(" with ").put(("insurer",), insurer)
        L.write(doc.add(" (sum assured "), sum_cell()).add("), designate ")
        beneficiary_sentence()
        doc.line().line(type_text)
        if premium is not None:
            kit.money(doc.add("Monthly premium: "), ("monthly_premium",), premium).line()
        doc.line(irr_text)
        kit.pad(doc)
        documents_block()
        kit.date(doc.add(f"Signed at {fake.city()} on "), ("signed_date",), signed).line(".")
        doc.line(f"Signature: {holder}").line(wit_text)
        kit.date(doc.line().add(f"Received by {insurer} on "), None, received).line(".")
    kit.pad(doc)
    return Draft(("Life insurance beneficiary form", "Beneficiary designation", "Nomination of beneficiaries"),
                 LIFE_FIELDS, facts, doc, evidence)
