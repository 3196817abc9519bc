"""Care papers: a dentist's treatment plan and estimate, a hospital discharge summary, a blood
donor's session record and a physiotherapy session note with the exercises prescribed.

Each carries values of the same kind beside the ones asked for: the examination date, the next
recall and the expiry beside the date of a dental plan, the hygienist beside the dentist, the
procedure codes beside the teeth, the subtotal, discount, insurer's or health fund's share,
deposit and remaining annual maximum beside the total fee and the patient's share; the date of
the operation, the date typed and the date of birth beside the admission and discharge dates,
the days on ICU beside the length of stay, the junior who wrote the summary and the GP beside
the consultant, the presenting complaint and other conditions beside the diagnosis, the
medicines stopped and a changed medicine's old dose beside the doses to take home; the
donation number beside the donor number, the earlier donations and the next eligible date
beside the day of the session, the haemoglobin minimum, blood pressure, target volume and
anticoagulant beside the haemoglobin and the volume given, the next award beside the number of
donations; the referring doctor beside the physiotherapist, the onset or operation date and
the next appointment beside the session date, the sessions prescribed beside the session
number, the first and the worst pain beside today's, the previous and normal range beside the
range measured, and hold times beside repetitions.

Lists come as tables (markdown, ASCII, aligned or an export), numbered, bulleted or phased
lines ("- 36 | Root canal treatment | $940.00"), shorthand ("3×10 Clamshells, daily") and
prose; the lists of strings (alternatives, other conditions, medicines declared, treatments
given) may be empty. Teeth are written in FDI ("36"), Universal ("#19") or Palmer ("LL6")
notation, blood groups as "O RhD negative", "O neg" or "0 Rh-", and booleans are as often
negated as stated ("Local anaesthetic only; no sedation planned", "Consent form: awaiting
signature", "No actions for the GP", "Not bled today", "Has not been doing the home
exercises", "Red flags: nil").
"""
from __future__ import annotations

import datetime as dt
import re

from .. import fields as F
from .. import layout as L
from ..assemble import Draft
from ..doc import Doc, Path
from ..fmt import clock
from ..kit import Kit
from ..surface import says


def _strings(kit: Kit, doc: Doc, key: str, values: list[str], label: str, none: str) -> None:
    L.string_list(doc, kit.rng, key, values, label, none, ["- ", "* ", "\u2022 "])


HONORIFICS = {"Dr", "Mr", "Mrs", "Ms", "Miss", "Mx", "MD", "DDS", "DVM", "PhD", "II", "III", "IV"}


def _names(kit: Kit, n: int) -> list[str]:
    """`n` distinct names without titles or degrees, so that a clinic styles its clinicians
    "Dr ..." or "..., PT" itself (Faker's de_DE names carry "Prof." and "B.Sc.")."""
    out: list[str] = []
    while len(out) < n:
        for name in kit.names(n):
            words = [w for w in name.split() if not w.endswith(".") and w not in HONORIFICS]
            if len(words) >= 2 and " ".join(words) not in out:
                out.append(" ".join(words))
    return out[:n]


def _styled(styles: tuple[str, ...], kit: Kit, path: Path, name: str) -> L.Cell:
    """A clinician's name in one of the house `styles` ("Dr {n} BDS"); only the name is gold."""
    return L.template(kit.rng.choice(styles).replace("{n}", "{x}"), x=(path, name))


def _dose(kit: Kit, x: float) -> str:
    """A dose or measure as the document writes numbers ("2.5" or "2,5", "40")."""
    return str(int(x)) if x == int(x) else kit.style.decimal(x, 1)


# ---- dental treatment plan ----------------------------------------------------------------

def _tooth(notation: str, q: int, p: int) -> str:
    """Tooth `p` (1 central incisor .. 8 wisdom tooth) of quadrant `q` (1 upper right, 2 upper
    left, 3 lower left, 4 lower right) in FDI ("36"), Universal ("#19") or Palmer ("LL6")."""
    if notation == "universal":
        return "#" + str({1: 9 - p, 2: 8 + p, 3: 25 - p, 4: 24 + p}[q])
    return f"{('UR', 'UL', 'LL', 'LR')[q - 1]}{p}" if notation == "palmer" else f"{q}{p}"


DENTAL = {   # procedure: (names a plan gives it, US fee code (CDT), fee range, visits, benefit class)
    "exam": (("Comprehensive examination", "Examination and X-rays"), "D0150", (50, 150), 1, "preventive"),
    "scale": (("Scale and polish", "Hygienist cleaning"), "D1110", (60, 140), 1, "preventive"),
    "srp": (("Root surface debridement", "Deep scaling, one quadrant"), "D4341", (150, 300), 1, "basic"),
    "composite": (("Composite filling", "White filling, two surfaces"), "D2392", (100, 240), 1, "basic"),
    "amalgam": (("Amalgam filling", "Silver filling"), "D2150", (80, 180), 1, "basic"),
    "rct": (("Root canal treatment", "Root canal therapy"), "D3330", (550, 1200), 2, "basic"),
    "post": (("Post and core", "Core build-up"), "D2950", (150, 350), 1, "major"),
    "crown": (("Porcelain crown", "Zirconia crown"), "D2740", (700, 1400), 2, "major"),
    "extraction": (("Extraction", "Simple extraction"), "D7140", (90, 240), 1, "basic"),
    "wisdom": (("Surgical removal of wisdom tooth", "Wisdom tooth removal"), "D7240", (250, 560), 1, "basic"),
    "implant": (("Implant placement", "Dental implant (fixture)"), "D6010", (1500, 2600), 2, "major"),
    "implant_crown": (("Implant crown", "Crown on implant"), "D6065", (900, 1700), 2, "major"),
    "bridge": (("Three-unit bridge", "Fixed bridge (3 units)"), "D6240", (1800, 3400), 2, "major"),
    "denture": (("Partial denture (acrylic)", "Removable partial denture"), "D5211", (600, 1300), 3, "major"),
    "whitening": (("Home whitening trays", "Tooth whitening"), "D9975", (220, 520), 1, "cosmetic"),
    "guard": (("Night guard", "Occlusal splint"), "D9944", (250, 600), 2, "basic"),
}
CASES = {   # a finding: (what treats it, where, the alternatives a dentist discusses)
    "decay": (("composite",), "tooth", ("Monitor at the next check-up", "Fluoride varnish and review")),
    "abscess": (("rct", "post", "crown"), "back", ("Extraction", "Extraction and implant", "No treatment")),
    "broken": (("extraction", "implant", "implant_crown"), "back", ("Bridge", "Partial denture",
                                                                    "Leave the gap")),
    "wisdom": (("wisdom",), "wisdom", ("Monitor with a yearly X-ray", "Coronectomy")),
    "gums": (("scale", "srp"), "quadrant", ("Referral to a periodontist",)),
    "gap": (("bridge",), "span", ("Implant", "Partial denture", "Leave the gap")),
    "missing": (("denture",), ("upper arch", "lower arch"), ("Implant-retained denture", "Bridge")),
    "stain": (("whitening",), ("both arches", "upper and lower"), ("In-surgery whitening", "Veneers")),
    "grinding": (("guard",), ("upper arch",), ("Soft mouthguard", "No treatment")),
}
NHS_BANDS = {1: 27.40, 2: 75.30, 3: 326.70}
COVER = {"preventive": 1.0, "basic": 0.8, "major": 0.5, "cosmetic": 0.0}   # a US plan's shares
PUBLIC_COVER = {"de_DE": {"preventive": 1.0, "basic": 0.9, "major": 0.45},    # the health fund's
                "fr_FR": {"preventive": 0.7, "basic": 0.6, "major": 0.2}}     # or Sécurité's part
FUNDERS = {"en_GB": ["public"] * 4 + ["self_pay"] * 4 + ["insurance"], "fr_FR": ["public"] * 3 + ["self_pay"],
           "en_US": ["insurance"] * 7 + ["self_pay"] * 3,
           "de_DE": ["public"] * 6 + ["insurance"] * 2 + ["self_pay"]}
INSURERS = {("en_GB", "insurance"): ["Bupa", "Simplyhealth", "AXA Health"],
            ("en_US", "insurance"): ["Delta Dental", "MetLife", "Cigna Dental", "Aetna"],
            ("de_DE", "public"): ["AOK", "TK", "Barmer", "DAK-Gesundheit"],
            ("de_DE", "insurance"): ["Debeka", "Allianz Private", "DKV"],
            ("fr_FR", "public"): ["MGEN", "Harmonie Mutuelle", "AG2R La Mondiale"]}
FUNDING_TEXT = {
    ("en_GB", "public"): ("NHS course of treatment - charge Band {band}",
                          "This is an NHS treatment plan (Band {band} charge)."),
    ("en_GB", "self_pay"): ("Private treatment plan (not NHS)",
                            "All treatment below is private; you pay the practice directly."),
    ("en_GB", "insurance"): ("Private treatment to be claimed on your {insurer} dental insurance",
                             "Funding: private, insured ({insurer})"),
    ("en_US", "insurance"): ("Insurance: {insurer} PPO - estimated benefits shown below",
                             "Primary dental insurance: {insurer} (benefits are estimates)"),
    ("en_US", "self_pay"): ("No dental insurance on file: self-pay estimate",
                            "Payment: self-pay (uninsured patient)"),
    ("de_DE", "public"): ("Statutory health insurance: {insurer} (treatment and cost plan)",
                          "Insured with {insurer} (statutory); the fund's share is deducted from the fee."),
    ("de_DE", "insurance"): ("Private patient: {insurer} private health insurance",
                             "Billed privately, to be claimed from {insurer} (private insurer)"),
    ("de_DE", "self_pay"): ("Self-payer: no claim to the health insurer",
                            "Private agreement: self-pay, not billed to any insurer"),
    ("fr_FR", "public"): ("Reimbursed by the Assurance Maladie and your mutuelle ({insurer})",
                          "Quote (devis): Sécurité sociale and {insurer} shares estimated"),
    ("fr_FR", "self_pay"): ("Not reimbursed (hors nomenclature): self-pay quote",
                            "Self-pay: no reimbursement by the Sécurité sociale"),
}
PRACTICES = {"en_GB": ("{last} Dental Practice", "{city} Dental Care", "Smile Studio {city}"),
             "en_US": ("{last} Family Dentistry", "{city} Dental Group", "Bright Smiles of {city}"),
             "de_DE": ("Zahnarztpraxis {last}", "Zahnzentrum {city}", "Praxis für Zahnmedizin {last}"),
             "fr_FR": ("Cabinet dentaire {last}", "Centre dentaire de {city}", "Cabinet du Dr {last}")}
DENTISTS = {"en_GB": ("Dr {n}", "Dr {n} BDS", "{n}"), "en_US": ("Dr. {n}, DDS", "{n}, DMD", "Dr. {n}"),
            "de_DE": ("Dr. med. dent. {n}", "ZA {n}", "Dr. {n}"),
            "fr_FR": ("Dr {n}", "Dr {n}, chirurgien-dentiste", "{n}")}
DENTAL_FIELDS = [
    F.text("patient", "Patient", ("Patient the plan is for (not the dentist or a guarantor).",
                                  "Name of the patient."), "patient_name", "name"),
    F.text("dentist", "Dentist", ("Dentist who drew up the plan (not the hygienist or the treatment "
                                  "coordinator).", "Treating dentist."), "treating_dentist", "clinician"),
    F.text("practice", "Practice", "Dental practice or clinic issuing the plan, if named.", "clinic",
           "practice_name", optional=True, keep=0.6),
    F.date("plan_date", "Plan date", ("Date the plan or estimate was drawn up (not the examination "
                                      "date or the expiry).", "Date of the treatment plan."), "date",
           "estimate_date"),
    F.date("valid_until", "Valid until", "Last day the quoted fees are valid, if stated.", "expiry_date",
           "quote_valid_until", optional=True, keep=0.6),
    F.items("procedures", "Procedures", ("Each planned procedure, in the order listed.",
                                         "Treatment items of the plan."), [
        F.text("procedure", "Procedure", "The treatment as named on the plan.", "treatment", "description"),
        F.text("tooth", "Tooth", "Tooth, teeth or area treated as written (tooth number, quadrant or "
               "arch); null when none is given.", "tooth_number", "site", optional=True, keep=0.8),
        F.number("fee", "Fee", "Fee for this item (not the insurer's part); null when the item is not "
                 "priced on its own.", "cost", "price", optional=True, keep=0.8),
    ], "treatments", "items"),
    F.number("total_fee", "Total fee", ("Total cost of the plan after any discount, before insurance "
                                        "or subsidy (not a subtotal or the patient's share).",
                                        "Total of the estimate."), "total", "estimated_total", minimum=0),
    F.number("patient_share", "Patient share", "What the patient pays after insurance or public "
             "reimbursement, if stated (not the total fee or a deposit).", "patient_portion",
             "amount_payable_by_patient", optional=True, keep=0.7),
    F.choice("funding", "Funding", "How the treatment is paid for: a public scheme (NHS, statutory "
             "health insurance, Sécurité sociale), private dental insurance, or the patient alone.",
             ["public", "insurance", "self_pay"], "payment_type", "coverage", keep=0.8),
    F.integer("visits", "Visits", "Number of appointments the plan needs, if stated (not the number "
              "of procedures).", "appointments", "number_of_visits", optional=True, keep=0.5),
    F.flag("sedation", "Sedation", "Whether sedation is planned for any of the treatment.",
           "sedation_planned", "under_sedation", keep=0.7),
    F.flag("consent_signed", "Consent signed", "Whether the patient has signed the plan or consent form.",
           "signed", "accepted", keep=0.7),
    F.strings("alternatives", "Alternatives discussed", "Alternative treatments the dentist discussed; "
              "empty when none are listed.", "treatment_options", "other_options", keep=0.6),
]


def _dental_plan(kit: Kit, funding: str, notation: str) -> tuple[list[dict], list[str], list[str]]:
    """(items, procedure keys, alternatives on offer): up to three findings on distinct teeth."""
    rng, used = kit.rng, set()
    pool = [c for c in CASES if not (kit.locale == "en_GB" and funding == "public"
                                     and c in ("broken", "stain"))]       # no implants on the NHS
    if kit.locale == "fr_FR" and funding == "self_pay":     # what the Sécurité sociale never pays
        pool = ["broken", "stain"]

    def tooth(lo: int, hi: int) -> tuple[int, int]:
        """A tooth with no treated neighbour (given up after a while: a crowded mouth)."""
        for _ in range(100):
            q, p = rng.randint(1, 4), rng.randint(lo, hi)
            if not {(q, p - 1), (q, p), (q, p + 1)} & used:
                break
        used.add((q, p))
        return q, p

    keys = ["exam"] if kit.chance(0.35) else []
    sites: list[str | None] = [None] * len(keys)
    alternatives: list[str] = []
    for case in rng.sample(pool, min(len(pool), rng.randint(1, 3))):
        procs, where, options = CASES[case]
        alternatives += options
        if case == "decay":
            for _ in range(rng.randint(1, 3)):
                keys.append(rng.choice(["composite", "amalgam"]) if notation != "fdi" else "composite")
                sites.append(_tooth(notation, *tooth(1, 7)))
            continue
        if case == "gums":
            quads = rng.sample(range(1, 5), rng.randint(1, 2))
            keys += ["scale"] + ["srp"] * len(quads)
            sites += [None] + [f"Q{q}" if notation == "fdi" else ("upper right", "upper left", "lower left",
                                                                  "lower right")[q - 1] + " quadrant"
                               for q in quads]
            continue
        if case == "abscess" and kit.chance(0.5):
            procs = ("rct", "crown")
        if case == "broken" and kit.chance(0.4):
            procs = procs[1:]                   # the tooth may already be gone
        if where == "span":
            q, p = tooth(5, 5)
            used.update({(q, 4), (q, 6)})
            site = f"{_tooth(notation, q, 4)}-{_tooth(notation, q, 6)}"
        elif isinstance(where, tuple):
            site = rng.choice(where)
        else:
            site = _tooth(notation, *(tooth(8, 8) if where == "wisdom" else tooth(4, 7)))
        keys += procs
        sites += [site] * len(procs)
    items = [{"procedure": rng.choice(DENTAL[k][0]), "tooth": s} for k, s in zip(keys[:6], sites)]
    return items, keys[:6], list(dict.fromkeys(alternatives))


def dental_treatment_plan(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    funding = rng.choice(FUNDERS[kit.locale])
    notation = {"en_US": "universal", "en_GB": rng.choice(["palmer", "fdi"])}.get(kit.locale, "fdi")
    items, keys, alternatives = _dental_plan(kit, funding, notation)
    nhs, us = kit.locale == "en_GB" and funding == "public", kit.locale == "en_US"
    scale = {"en_US": 1.0, "en_GB": 0.75, "de_DE": 0.8, "fr_FR": 0.7}[kit.locale]
    for k, item in zip(keys, items):    # German fees come to the cent (a GOZ factor times points)
        fee = rng.uniform(*DENTAL[k][2]) * scale
        item["fee"] = None if nhs else round(fee, 2) if kit.locale == "de_DE" and kit.chance(0.6) \
            else float(round(fee / 5) * 5)
    exam = kit.day()
    plan = exam + dt.timedelta(days=rng.choice([0, 0, 1, 3, 7, 14]))
    insurer = rng.choice(INSURERS.get((kit.locale, funding), [""]))
    band = max([1] + [1 if k in ("exam", "scale") else 3 if DENTAL[k][4] == "major" or k == "guard"
                      else 2 for k in keys])
    subtotal = round(sum(i["fee"] or 0 for i in items), 2)
    discount = round(subtotal * rng.choice([0.05, 0.1]), 2) if funding != "public" and len(items) > 2 \
        and kit.chance(0.25) else 0.0
    total = NHS_BANDS[band] if nhs else round(subtotal - discount, 2)
    covers: list[tuple[str, float]] = []       # the payers beside the patient, with their shares
    capped = None
    if funding == "insurance" and us:
        benefit = round(sum(i["fee"] * COVER[DENTAL[k][4]] for k, i in zip(keys, items)), 2)
        capped = float(rng.randrange(600, 2000, 50))
        covers.append(("Estimated insurance benefit", min(benefit, capped)))
        capped = capped if benefit > capped else None
    elif funding == "insurance":
        covers.append((f"Expected reimbursement ({insurer})", round(total * rng.choice([0.6, 0.7, 0.8]), 2)))
    elif funding == "public" and not nhs:
        public = round(sum(i["fee"] * PUBLIC_COVER[kit.locale].get(DENTAL[k][4], 0.0)
                           for k, i in zip(keys, items)), 2)
        covers.append(("Health fund's share (Festzuschuss)" if kit.locale == "de_DE" else
                       "Assurance Maladie (est.)", public))
        if kit.locale == "fr_FR":
            covers.append((f"Mutuelle ({insurer}, est.)", round((total - public) * rng.uniform(0.3, 0.7), 2)))
    share = round(max(0.0, total - sum(x for _, x in covers)), 2) if covers else None
    visits = max(1, sum(DENTAL[k][3] for k in keys) - rng.randint(0, len(keys) // 2))
    patient, dentist, hygienist = _names(kit, 3)
    practice = rng.choice(PRACTICES[kit.locale]).format(last=fake.last_name(), city=fake.city())
    valid = plan + dt.timedelta(days=rng.choice([30, 90, 180]))
    facts = {"patient": patient, "dentist": dentist, "practice": practice, "plan_date": plan.isoformat(),
             "valid_until": kit.maybe(valid.isoformat(), 0.6), "procedures": items, "total_fee": total,
             "patient_share": share, "funding": funding, "visits": kit.maybe(visits, 0.65),
             "sedation": kit.chance(0.5 if {"wisdom", "implant", "extraction"} & set(keys) else 0.08),
             "consent_signed": kit.chance(0.55),
             "alternatives": rng.sample(alternatives, min(len(alternatives), rng.choice([0, 1, 2, 2, 3])))}
    dentist_cell = _styled(DENTISTS[kit.locale], kit, ("dentist",), dentist)
    funding_text = rng.choice(FUNDING_TEXT[(kit.locale, funding)]).format(band=band, insurer=insurer)
    method = rng.choice(["IV sedation", "oral sedation", "inhalation sedation (gas and air)"])
    sedation_text = says(rng, facts["sedation"], (f"Sedation: {method} planned for the surgical visit.",
                                                  f"Treatment under {method}, so please bring an escort."),
                         ("Local anaesthetic only; no sedation planned.", "Sedation: not required",
                          "No sedation is needed for this treatment."))
    consent_text = says(rng, facts["consent_signed"],
                        ("Plan accepted and consent form signed by the patient.", "Consent: signed"),
                        ("Consent form: awaiting signature", "Plan not accepted yet (unsigned).",
                         "Not yet signed: please sign and return the plan before treatment starts."))
    deposit = float(round(total * 0.3 / 10) * 10) if funding != "public" and total > 400 \
        and kit.chance(0.4) else None

    def money_rows() -> list[tuple[str, L.Cell]]:
        off = f"Plan discount ({round(discount / subtotal * 100)}%)" if discount else ""
        rows = [("Subtotal", kit.money_cell(None, subtotal)), (off, kit.money_cell(None, discount))] \
            if discount else []
        rows.append((f"NHS Band {band} charge" if nhs else rng.choice(
            ["Total fee", "Total", "Total cost of treatment", "Estimated total"]),
            kit.money_cell(("total_fee",), total)))
        rows += [(label, kit.money_cell(None, x)) for label, x in covers]
        if capped:
            rows.append(("Annual maximum remaining", kit.money_cell(None, capped)))
        if share is not None:
            rows.append((rng.choice(["Patient portion", "Your share", "Amount you pay", "Balance to pay"]),
                         kit.money_cell(("patient_share",), share)))
        return rows + ([("Deposit due at booking", kit.money_cell(None, deposit))] if deposit else [])

    def item_table() -> None:
        ins = bool(covers) and us       # a US estimate prints the insurer's part of every line
        head = ([rng.choice(["Tooth", "Site"])] + ["Code"] * us + [rng.choice(["Treatment", "Procedure"])]
                + ["Fee"] * (not nhs) + ["Ins. est."] * ins)
        rows = []
        for i, it in enumerate(items):
            at = ("procedures", i)
            rows.append([L.cell(it["tooth"], at + ("tooth",)) if it["tooth"] else L.cell("-")]
                        + [L.cell(DENTAL[keys[i]][1])] * us + [L.cell(it["procedure"], at + ("procedure",))]
                        + ([] if nhs else [kit.money_cell(at + ("fee",), it["fee"])])
                        + ([kit.money_cell(None, round(it["fee"] * COVER[DENTAL[keys[i]][4]], 2))] if ins
                           else []))
        L.table(doc, rng, head, rows)

    def item_lines(style: str, start: int = 0, end: int = 6) -> None:
        for i, it in enumerate(items[start:end], start):    # "- 36 | Root canal treatment | $940.00"
            at, sep = ("procedures", i), " | " if style == "pipe" else "  "
            doc.add(f"{i + 1}. " if style == "numbered" else "- ")
            if it["tooth"] and style in ("pipe", "tooth_first"):
                doc.put(at + ("tooth",), it["tooth"]).add(": " if " " in it["tooth"] and sep == "  " else sep)
            doc.put(at + ("procedure",), it["procedure"])
            if it["tooth"] and style not in ("pipe", "tooth_first"):
                one = " " not in it["tooth"] and "-" not in it["tooth"] and it["tooth"][0] != "Q"
                doc.add(rng.choice([", tooth ", " - tooth "]) if one else ", ")
                doc.put(at + ("tooth",), it["tooth"])
            if us:
                doc.add(f"{sep}{DENTAL[keys[i]][1]}" if style == "pipe" else f" ({DENTAL[keys[i]][1]})")
            if not nhs:
                kit.money(doc.add(sep if style == "pipe" else rng.choice([": ", " - "])), at + ("fee",),
                          it["fee"])
            doc.line()

    def extras() -> None:
        if facts["visits"] is not None:
            kit.count(doc.add(rng.choice(["Appointments needed: ", "Estimated number of visits: ",
                                          "Visits required: about "])), ("visits",), visits).line()
        doc.line(sedation_text)
        _strings(kit, doc, "alternatives", facts["alternatives"],
                 rng.choice(["Alternatives discussed", "Other options", "Treatment options discussed"]),
                 rng.choice(["Alternatives discussed: none", "No alternatives were discussed."]))

    valid_text = rng.choice(["Valid until", "Quote valid until", "Fees valid to"])
    layout = rng.choice(["estimate", "letter", "phased"])
    if layout == "estimate":
        doc.put(("practice",), practice).line().line(fake.address().replace("\n", ", ")).line()
        doc.line(rng.choice({"de_DE": ["TREATMENT AND COST PLAN (Heil- und Kostenplan)", "Cost estimate"],
                             "fr_FR": ["DEVIS - treatment quote", "Treatment plan and quote (devis)"]}.get(
            kit.locale, ["TREATMENT PLAN AND ESTIMATE", "Treatment plan", "Dental estimate"]))).line()
        born = dt.date(exam.year - rng.randint(16, 80), rng.randint(1, 12), rng.randint(1, 28))
        rows = [(rng.choice(["Patient", "Name"]), L.cell(patient, ("patient",))),
                ("Date of birth", kit.date_cell(None, born)),
                (rng.choice(["Patient no.", "Chart no."]), L.cell(f"P{rng.randint(1000, 99999)}")),
                (rng.choice(["Dentist", "Treating dentist", "Clinician"]), dentist_cell),
                (rng.choice(["Examined on", "Examination date"]), kit.date_cell(None, exam)),
                (rng.choice(["Plan date", "Date of plan", "Date"]), kit.date_cell(("plan_date",), plan))]
        if facts["valid_until"]:
            rows.append((valid_text, kit.date_cell(("valid_until",), valid)))
        L.kv(doc, rng, rows)
        doc.line().line(funding_text).line()
        kit.pad(doc)
        item_table()
        L.kv(doc.line(), rng, money_rows(), rng.choice(["colon", "aligned", "dots"]))
        doc.line()
        extras()
        doc.line().line(consent_text).line(f"{rng.choice(['Coordinator', 'Hygienist'])}: {hygienist}")
        kit.date(doc.add("Next recall: "), None, plan + dt.timedelta(days=rng.choice([91, 182, 365]))).line()
    elif layout == "letter":    # the dentist writes to the patient after the check-up
        kit.date(doc.put(("practice",), practice).line(), ("plan_date",), plan).line().line()
        doc.add("Dear ").put(("patient",), patient).line(",").line()
        kit.date(doc.add("Thank you for attending your examination on "), None, exam)
        doc.line(f" with our hygienist {hygienist}. As discussed, I recommend the following treatment.")
        doc.line(funding_text).line()
        item_lines(rng.choice(["bullets", "numbered", "tooth_first"]))
        doc.line()
        for label, c in money_rows():
            L.write(doc.add(f"{label}: "), c).line()
        if facts["valid_until"]:
            kit.date(doc.add("These fees are held until "), ("valid_until",), valid).line(".")
        doc.line()
        kit.pad(doc)
        extras()
        L.write(doc.line(consent_text).line().line(rng.choice(["Yours sincerely,", "Kind regards,"])),
                dentist_cell).line()
    else:                       # a markdown export in phases, urgent work first
        doc.add("# Treatment plan: ").put(("patient",), patient).line().line()
        L.write(doc.add("**Practice:** ").put(("practice",), practice).add("  \n**Dentist:** "), dentist_cell)
        kit.date(doc.line("  ").add("**Plan created:** "), ("plan_date",), plan)
        kit.date(doc.add(" (exam "), None, exam).line(")  ")
        if facts["valid_until"]:
            kit.date(doc.add(f"**{valid_text}:** "), ("valid_until",), valid).line("  ")
        doc.line(f"**Chart:** {dict(fdi='FDI', palmer='Palmer', universal='Universal')[notation]} notation")
        doc.line().line(funding_text).line().line("## Phase 1: Urgent and preventive care")
        cut = rng.randint(1, len(items))
        item_lines("pipe", 0, cut)
        if cut < len(items):
            doc.line().line("## Phase 2: Restorative care")
            item_lines("pipe", cut)
        doc.line()
        kit.pad(doc)
        doc.line("## Costs")
        for label, c in money_rows():
            L.write(doc.add(f"- {label}: "), c).line()
        doc.line().line("## Notes")
        extras()
        doc.line(consent_text)
    kit.pad(doc)
    return Draft(("Dental treatment plan", "Treatment estimate", "Dental treatment plan and cost estimate"),
                 DENTAL_FIELDS, facts, doc, {("funding",): funding_text, ("sedation",): sedation_text,
                                             ("consent_signed",): consent_text})


# ---- hospital discharge summary -------------------------------------------------------------

CONDITIONS = [   # (diagnosis, presenting complaint, admission, days in hospital, operation, medicines to
    # take home ("name dose unit frequency note"), medicines it stops, clinic, action for the GP, frail)
    ("Community-acquired pneumonia", "fever, cough and breathlessness", "emergency", (3, 9), None,
     ("Amoxicillin 500 mg tds for 5 more days", "Clarithromycin 500 mg bd for 5 more days",
      "Paracetamol 1 g qds_prn"), ("Naproxen",), "respiratory clinic",
     "Please arrange a repeat chest X-ray in 6 weeks.", False),
    ("Non-ST-elevation myocardial infarction (NSTEMI)", "central chest pain", "emergency", (3, 7),
     "Coronary angiogram and stent to the LAD",
     ("Aspirin 75 mg od lifelong", "Ticagrelor 90 mg bd for 12 months", "Atorvastatin 80 mg on",
      "Bisoprolol 2.5 mg od", "Ramipril 2.5 mg od", "GTN spray 400 micrograms prn"), ("Simvastatin",),
     "cardiology clinic", "Please up-titrate ramipril and bisoprolol as tolerated.", False),
    ("Fractured neck of femur (left)", "a fall at home and inability to weight-bear", "emergency", (7, 21),
     "Left hip hemiarthroplasty", ("Paracetamol 1 g qds", "Enoxaparin 40 mg od for 28 days",
                                   "Alendronic acid 70 mg weekly", "Colecalciferol 800 units od"),
     ("Zopiclone", "Amitriptyline"), "fracture clinic", "Please remove the clips on day 14.", True),
    ("Acute cholecystitis", "right upper quadrant pain and vomiting", "emergency", (2, 6),
     "Laparoscopic cholecystectomy", ("Co-codamol 30/500 mg qds_prn two tablets", "Lansoprazole 30 mg od"),
     (), None, "Please review the wound in one week.", False),
    ("Infective exacerbation of COPD", "increasing breathlessness and green sputum", "emergency", (3, 8),
     None,
     ("Prednisolone 30 mg od for 3 more days", "Doxycycline 100 mg od for 4 more days",
      "Salbutamol inhaler 100 micrograms prn two puffs", "Tiotropium 18 micrograms od"), ("Theophylline",),
     "respiratory clinic", "Please refer for pulmonary rehabilitation.", True),
    ("Cellulitis of the left lower leg", "a red, hot and swollen left leg", "emergency", (2, 6), None,
     ("Flucloxacillin 1 g qds for 7 more days", "Paracetamol 1 g qds_prn"), (), None,
     "Please review the leg in 5 days.", False),
    ("Osteoarthritis of the right knee", "right knee pain limiting walking", "elective", (2, 5),
     "Right total knee replacement", ("Rivaroxaban 10 mg od for 14 days", "Paracetamol 1 g qds",
                                      "Codeine phosphate 30 mg qds_prn", "Lactulose 10 ml bd"),
     ("Naproxen",), "orthopaedic clinic", "Please remove the clips on day 14.", False),
    ("Atrial fibrillation with fast ventricular response", "palpitations and dizziness", "emergency", (2, 5),
     None, ("Apixaban 5 mg bd long term", "Bisoprolol 5 mg od"), ("Aspirin",), "arrhythmia clinic",
     "Please check renal function in 2 weeks.", False),
    ("Right inguinal hernia", "a painful groin swelling", "elective", (1, 2), "Laparoscopic hernia repair",
     ("Paracetamol 1 g qds", "Ibuprofen 400 mg tds with food, for 5 days"), (), None, "", False),
    ("Ischaemic stroke (left middle cerebral artery)", "sudden right-sided weakness", "emergency", (8, 24),
     "Thrombolysis with alteplase", ("Clopidogrel 75 mg od lifelong", "Atorvastatin 80 mg on",
                                     "Amlodipine 5 mg od"), ("Aspirin", "Diazepam"), "stroke clinic",
     "Please check blood pressure weekly and aim below 130/80.", True),
]
HOME_MEDS = {   # a long-term condition: the medicine a patient with it takes on
    "Hypothyroidism": "Levothyroxine 50 micrograms od", "Type 2 diabetes": "Metformin 500 mg bd",
    "Depression": "Sertraline 50 mg od", "Hypertension": "Amlodipine 10 mg od",
    "Gout": "Allopurinol 100 mg od", "Heart failure": "Furosemide 40 mg od", "Dementia": "Donepezil 5 mg on",
    "Asthma": "Beclometasone inhaler 100 micrograms bd"}
COMORBIDITIES = ["Type 2 diabetes", "Hypertension", "COPD", "Atrial fibrillation", "Heart failure",
                 "Dementia", "Chronic kidney disease (stage 3)", "Osteoarthritis", "Hypothyroidism", "Asthma",
                 "Depression", "Previous TIA", "Osteoporosis", "Obesity", "Gout"]
ELDERLY = {"Dementia", "Previous TIA", "Osteoporosis", "Heart failure", "Chronic kidney disease (stage 3)"}
US_NAMES = {   # what an American chart calls a British medicine, at the dose it comes in there
    "Paracetamol": "Acetaminophen 1 g", "GTN spray": "Nitroglycerin spray 400 micrograms",
    "Alendronic acid": "Alendronate 70 mg", "Colecalciferol": "Vitamin D3 800 units",
    "Salbutamol inhaler": "Albuterol inhaler 90 micrograms", "Flucloxacillin": "Cephalexin 500 mg",
    "Co-codamol": "Acetaminophen-codeine 300/30 mg", "Codeine phosphate": "Codeine 30 mg",
    "Aspirin": "Aspirin 81 mg"}
STOP_REASONS = ["acute kidney injury", "bleeding risk", "falls risk", "replaced", "no longer needed",
                "drowsiness"]
FREQUENCIES = {   # frequency: British, American and German ("1-0-1") abbreviations, British and US words
    "od": ("OD", "daily", "1-0-0", "once daily", "once daily"),
    "bd": ("BD", "BID", "1-0-1", "twice daily", "twice daily"),
    "tds": ("TDS", "TID", "1-1-1", "three times a day", "three times daily"),
    "qds": ("QDS", "QID", "1-1-1-1", "four times a day", "four times daily"),
    "on": ("ON", "qHS", "0-0-1", "at night", "at bedtime"),
    "prn": ("PRN", "PRN", "as needed", "when required", "as needed"),
    "qds_prn": ("QDS PRN", "q6h PRN", "max. 4x daily", "up to four times a day when required",
                "every 6 hours as needed"),
    "weekly": ("once weekly", "weekly", "once weekly", "once a week", "once a week"),
}
DESTINATIONS = {   # destination: (British / European wording, American wording)
    "home": (("Discharged to: usual place of residence (home)",
              "Discharged home, independent with daily activities."),
             ("Discharge disposition: Home", "Disposition: home, self-care")),
    "home_with_support": (("Discharged home with a package of care (carers twice daily).",
                           "Destination: home with reablement support"),
                          ("Discharge disposition: Home with home health services",
                           "Disposition: home with home health (nursing and PT visits)")),
    "care_home": (("Discharged to a nursing home ({care}).", "Destination: residential care home ({care})"),
                  ("Discharge disposition: Skilled nursing facility ({care})", "Disposition: SNF - {care}")),
    "rehabilitation": (("Transferred to {rehab} for rehabilitation.",
                        "Destination: inpatient rehabilitation ({rehab})"),
                       ("Discharge disposition: Inpatient rehabilitation facility ({rehab})",
                        "Disposition: acute rehab at {rehab}")),
}
ADMISSIONS = {"emergency": (("Admitted as an emergency via the Emergency Department.",
                             "Admission type: emergency",
                             "Method of admission: emergency (GP referral to the acute medical unit)"),
                            ("Admitted through the ED.", "Admission type: Emergency")),
              "elective": (("Elective admission from the waiting list.",
                            "Admission type: elective (planned)"),
                           ("Admission type: Elective", "Scheduled (elective) admission for surgery."))}
HOSPITALS = {"en_GB": ("{city} General Hospital", "Royal {city} Infirmary", "{city} University Hospital"),
             "en_US": ("{city} Medical Center", "{last} Memorial Hospital", "{city} Regional Hospital"),
             "de_DE": ("Klinikum {city}", "St. Elisabeth-Krankenhaus {city}", "Universitätsklinikum {city}"),
             "fr_FR": ("CHU de {city}", "Centre hospitalier de {city}", "Clinique {last}")}
DOCTORS = {   # locale: (physician, surgeon (no "Dr" in Britain), the junior who writes the summary, GP)
    "en_GB": (("Dr {n}",), ("{n} FRCS", "{n}, consultant surgeon"), ("Dr {n}, FY1", "Dr {n} (SHO)"),
              "Dr {n}"),
    "en_US": (("{n}, MD", "Dr. {n}"), ("{n}, MD, FACS", "Dr. {n}"), ("{n}, MD (PGY-2)", "{n}, PA-C"),
              "Dr. {n}"),
    "de_DE": (("Prof. Dr. med. {n}", "Dr. med. {n}"),) * 2 + (("{n}, Assistenzarzt", "Dr. {n} (resident)"),
                                                               "Dr. med. {n}"),
    "fr_FR": (("Pr {n}", "Dr {n}"),) * 2 + (("Dr {n}, interne", "{n} (interne)"), "Dr {n}"),
}
WARDS = {"en_GB": ("Ward {n}B", "{last} Ward"), "en_US": ("{n} West", "Step-Down Unit {n}"),
         "de_DE": ("Station {n}B", "Station {n}"), "fr_FR": ("Unité {n}", "Secteur {n}B")}
DISCHARGE_FIELDS = [
    F.text("patient", "Patient", ("Patient discharged (not a doctor or the GP).", "Name of the patient."),
           "patient_name", "name"),
    F.text("hospital_number", "Hospital number", "The hospital's own patient number or MRN, if shown (not "
           "a national health or insurance number).", "mrn", "patient_id", optional=True, keep=0.6),
    F.date("admission_date", "Admission date", ("Day the patient was admitted (not the date of an "
                                                "operation).", "Date of admission."), "admitted",
           "date_admitted"),
    F.date("discharge_date", "Discharge date", ("Day the patient left hospital (not the date the summary "
                                                "was written or a follow-up).", "Date of discharge."),
           "discharged", "date_discharged"),
    F.integer("length_of_stay_days", "Length of stay (days)", "Days in hospital, if stated (not the days "
              "in intensive care).", "los", "length_of_stay", optional=True, keep=0.5),
    F.text("consultant", "Consultant", ("Consultant or attending physician responsible (not the doctor "
                                        "who wrote the summary or the GP).", "Responsible consultant."),
           "attending_physician", "responsible_clinician"),
    F.choice("admission_type", "Admission type", "Whether the admission was an emergency or planned.",
             ["emergency", "elective"], "admission_method", "mode_of_admission", keep=0.6),
    F.text("primary_diagnosis", "Primary diagnosis", ("Main diagnosis of this admission (not the "
                                                      "presenting complaint or another condition).",
                                                      "Principal diagnosis."), "diagnosis",
           "discharge_diagnosis"),
    F.items("discharge_medications", "Discharge medications", ("Each medicine to take after discharge, "
                                                                "in order (not medicines stopped).",
                                                                "Medication on discharge."), [
        F.text("medicine", "Medicine", "Name of the medicine.", "drug", "name"),
        F.text("dose", "Dose", "Dose as written with its unit (the current dose, not an old one).",
               "strength", "dosage"),
        F.text("frequency", "Frequency", "How often it is taken, as written.", "how_often", "schedule",
               keep=0.8),
    ], "medications", "ttos"),
    F.choice("discharge_destination", "Discharge destination", "Where the patient went on discharge.",
             list(DESTINATIONS), "destination", "disposition"),
    F.flag("gp_action_required", "GP action required", "Whether the summary asks the GP or primary care "
           "physician to do something.", "actions_for_gp", "pcp_action_needed", keep=0.7),
    F.date("follow_up_date", "Follow-up date", "Date of the hospital follow-up appointment, if booked (not "
           "a date for repeat bloods or the discharge).", "clinic_appointment", "follow_up", optional=True,
           keep=0.6),
    F.strings("comorbidities", "Comorbidities", "Other long-term conditions listed (not the main "
              "diagnosis); empty when none.", "past_medical_history", "other_conditions", keep=0.7),
]
MEDICINE = re.compile(r"(.+?) ([\d./]+) (\S+) (\S+) ?(.*)")     # "Aspirin 75 mg od lifelong"


def _hospital_number(kit: Kit) -> tuple[tuple[str, str], tuple[str, str]]:
    """(label, number) of the hospital's own patient number and of the national or insurance number
    printed beside it."""
    r, pick = kit.rng.randint, kit.rng.choice
    return {"en_GB": ((pick(["Hospital no.", "Unit no."]), f"{pick('KRMHJ')}{r(10**6, 10**7 - 1)}"),
                      ("NHS no.", f"{r(400, 799)} {r(0, 999):03d} {r(0, 9999):04d}")),
            "en_US": (("MRN", f"{r(0, 99999999):08d}"), ("Acct #", f"{r(10**8, 10**9 - 1)}")),
            "de_DE": (("Pat.-Nr.", f"{r(10**6, 10**7 - 1)}"),
                      ("Insurance no.", f"{pick('ABKMT')}{r(10**8, 10**9 - 1)}")),
            "fr_FR": (("IPP", f"{r(10**7, 10**8 - 1)}"),
                      ("N° de séjour", f"{r(10**9, 10**10 - 1)}"))}[kit.locale]


def discharge_summary(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    diagnosis, complaint, admission, (lo, hi), operation, takes, stops, clinic, action, frail = \
        rng.choice(CONDITIONS)
    us = kit.locale == "en_US"
    admitted, stay = kit.day(), rng.randint(lo, hi)
    discharged = admitted + dt.timedelta(days=stay)
    usage = (1 if us else 2 if kit.locale == "de_DE" else 0) if kit.chance(0.5) else 4 if us else 3
    # one chart writes "BD" (or "1-0-1"), another "twice daily"
    age = rng.randint(68, 94) if frail else rng.randint(22, 88)
    others = [c for c in COMORBIDITIES if c.split()[0] not in diagnosis and (age > 60 or c not in ELDERLY)]
    comorbid = rng.sample(others, rng.choice([0, 1, 2, 2, 3, 4] if age > 60 else [0, 0, 0, 1, 1, 2]))
    meds = []       # (name, dose, unit, frequency, note, new or continued)
    for spec, status in [(t, "new") for t in takes] + [(HOME_MEDS[c], "continued") for c in comorbid
                                                        if c in HOME_MEDS]:
        name, dose, unit, freq, note = MEDICINE.fullmatch(spec).groups()
        if us and name in US_NAMES:
            name, dose, unit = MEDICINE.fullmatch(US_NAMES[name] + " x").groups()[:3]
        meds.append((name, dose, {"micrograms": "mcg", "ml": "mL"}.get(unit, unit) if us else unit, freq,
                     note, status))
    meds = meds[:6]
    medications = [{"medicine": name, "dose": f"{_dose(kit, float(dose)) if '/' not in dose else dose} {u}",
                    "frequency": FREQUENCIES[f][usage]} for name, dose, u, f, _, _ in meds]
    stopped = [s for s in stops + (rng.choice(["Ibuprofen", "Zopiclone", "Tramadol"]),)
               if s not in {m["medicine"] for m in medications}][:rng.choice([0, 1, 2])]
    patient, consultant, author, gp = _names(kit, 4)
    destination = rng.choice(["home"] * 3 + ["home_with_support"] * 3 + ["care_home", "rehabilitation"] * 2
                             if frail else ["home"] * 8 + ["home_with_support"] * 2 + ["rehabilitation"])
    booked = clinic is not None and kit.chance(0.7)
    follow = discharged + dt.timedelta(days=rng.randint(14, 70))
    (number_label, number), (other_label, other) = _hospital_number(kit)
    facts = {"patient": patient, "hospital_number": kit.maybe(number, 0.75),
             "admission_date": admitted.isoformat(), "discharge_date": discharged.isoformat(),
             "length_of_stay_days": kit.maybe(stay, 0.6), "consultant": consultant,
             "admission_type": admission, "primary_diagnosis": diagnosis,
             "discharge_medications": medications, "discharge_destination": destination,
             "gp_action_required": bool(action) and kit.chance(0.7),
             "follow_up_date": follow.isoformat() if booked else None, "comorbidities": comorbid}
    typed = discharged + dt.timedelta(days=rng.choice([0, 0, 1, 2, 3]))
    operated = admitted + dt.timedelta(days=rng.randint(0, min(2, stay - 1)))
    hospital = rng.choice(HOSPITALS[kit.locale]).format(city=fake.city(), last=fake.last_name())
    physician, surgeon, junior, family = DOCTORS[kit.locale]
    surgical = operation is not None and not operation.startswith(("Coronary", "Thrombolysis"))
    consultant_cell = _styled(surgeon if surgical else physician, kit, ("consultant",), consultant)
    author_text, gp_text = rng.choice(junior).format(n=author), family.format(n=gp)
    ward = rng.choice(WARDS[kit.locale]).format(n=rng.randint(2, 9), last=fake.last_name())
    care = {"de_DE": f"Seniorenzentrum {fake.city()}", "fr_FR": f"EHPAD {fake.last_name()}"}.get(
        kit.locale, f"{fake.last_name()} House")
    rehab = {"de_DE": f"Reha-Klinik {fake.city()}", "fr_FR": f"SSR {fake.city()}",
             "en_US": f"{fake.city()} Rehabilitation Hospital"}.get(kit.locale,
                                                                     f"{fake.city()} Community Hospital")
    destination_text = rng.choice(DESTINATIONS[destination][us]).format(care=care, rehab=rehab)
    admission_text = rng.choice(ADMISSIONS[admission][us])
    who = "PCP" if us else "GP"
    action_text = says(rng, facts["gp_action_required"], (f"Actions for {who}: {action}",
                                                          f"{who} to action: {action}"),
                       (f"No actions for the {who}.", f"{who} actions: none",
                        f"Actions for {who}: none required"))
    icu = rng.randint(1, 3) if stay >= 5 and kit.chance(0.25) else None
    notes = [(note + "; " if note else "") + rng.choice(["new", "started", "NEW"]) if status == "new"
             else status for *_, note, status in meds]
    kept = [i for i, m in enumerate(meds) if m[5] == "continued"]
    if kept and kit.chance(0.5):       # a medicine the patient takes on, at a new dose: the old one beside
        i = rng.choice(kept)
        notes[i] = f"dose reduced from {_dose(kit, float(meds[i][1]) * 2)} {meds[i][2]}"

    def med_table() -> None:
        route = kit.chance(0.4)
        L.table(doc, rng, ["Medicine", "Dose"] + ["Route"] * route + ["Frequency", "Comment"], [
            [L.cell(m["medicine"], ("discharge_medications", i, "medicine")),
             L.cell(m["dose"], ("discharge_medications", i, "dose"))]
            + [L.cell("inhaled" if "inhaler" in m["medicine"] or "spray" in m["medicine"]
                      else "SC" if m["medicine"] == "Enoxaparin" else "oral")] * route
            + [L.cell(m["frequency"], ("discharge_medications", i, "frequency")), L.cell(notes[i])]
            for i, m in enumerate(medications)])

    def med_lines(numbered: bool) -> None:
        for i, m in enumerate(medications):     # "2. Ticagrelor 90 mg BD - for 12 months; new"
            at = ("discharge_medications", i)
            oral = not any(w in m["medicine"] for w in ("inhaler", "spray", "Enoxaparin"))
            doc.add(f"{i + 1}. " if numbered else "- ").put(at + ("medicine",), m["medicine"]).add(" ")
            doc.put(at + ("dose",), m["dose"]).add(" PO " if us and oral and kit.chance(0.5) else " ")
            doc.put(at + ("frequency",), m["frequency"]).line(f" - {notes[i]}")

    def after(head: str) -> None:
        if stopped:
            doc.line(rng.choice(["Medicines stopped: ", "Stopped during admission: "]) + ", ".join(
                f"{s} ({why})" for s, why in zip(stopped, rng.sample(STOP_REASONS, len(stopped)))))
        doc.line().line(head) if head else doc.line()
        if booked:
            kit.date(doc.add(f"Follow-up: {clinic} on "), ("follow_up_date",), follow)
            doc.line(f" at {clock(rng.choice(range(540, 960, 15)), us and kit.chance(0.6))}.")
        else:
            doc.line(f"Follow-up: {clinic}; the appointment will be sent by post." if clinic else rng.choice(
                ["Follow-up: none planned by the hospital.", "No hospital follow-up needed."]))
        if kit.chance(0.4):
            doc.line(f"Repeat bloods (U&Es, FBC) in {rng.choice(['one week', '7-10 days', '2 weeks'])} at "
                     f"the {'PCP office' if us else 'GP surgery'}.")
        doc.line(action_text).line(destination_text).line()

    def course() -> None:
        doc.add(f"Presented with {complaint}. ")
        if operation:
            kit.date(doc.add(f"{operation} on "), None, operated).add(". ")
        doc.line(rng.choice(["Recovered well and was mobilised by the physiotherapists.",
                             "Made steady progress on the ward.", "Improved with treatment."]))
        if facts["length_of_stay_days"] is not None:
            kit.count(doc.add("Length of stay: "), ("length_of_stay_days",), stay).add(" days")
            doc.line(f" (including {icu} on ICU)" if icu else "")
        elif icu:
            doc.line(f"ICU stay: {icu} day{'s' if icu > 1 else ''}")

    born = admitted - dt.timedelta(days=age * 365 + rng.randint(0, 364))
    rows = [(rng.choice(["Patient", "Name"]), L.cell(patient, ("patient",))),
            ("DOB" if us else "Date of birth", kit.date_cell(None, born))]
    rows += [(number_label, L.cell(number, ("hospital_number",)))] * bool(facts["hospital_number"])
    rows.append((other_label, L.cell(other)))
    layout = rng.choice(["letter", "caps", "ehr"])
    if layout == "letter":      # the letter to the GP
        doc.line(hospital).line(rng.choice(["DISCHARGE SUMMARY", "Discharge letter", "Discharge summary"]))
        L.kv(doc.line(), rng, rows + [
            ("Ward", L.cell(ward)), (rng.choice(["Consultant", "Responsible consultant"]), consultant_cell),
            (rng.choice(["Admitted", "Date of admission"]), kit.date_cell(("admission_date",), admitted)),
            (rng.choice(["Discharged", "Date of discharge"]),
             kit.date_cell(("discharge_date",), discharged))])
        L.write(doc.line().line(f"Dear {gp_text},").line().add("Your patient was seen under the care of "),
                consultant_cell).line(".").line(admission_text)
        course()
        doc.add(rng.choice(["Diagnosis: ", "Primary diagnosis: "])).put(("primary_diagnosis",), diagnosis)
        _strings(kit, doc.line(), "comorbidities", comorbid, "Other conditions",
                 "Other conditions: none known")
        doc.line()
        kit.pad(doc)
        doc.line(rng.choice(["Medication on discharge:", "Medicines to take home (TTO):"]))
        med_table() if kit.chance(0.5) else med_lines(kit.chance(0.5))
        after("")
        kit.date(doc.add(f"Yours sincerely,\n{author_text}, for the consultant\nTyped "), None, typed).line()
    elif layout == "caps":      # a dictated summary under capitalised heads
        doc.line(hospital.upper()).line("DISCHARGE SUMMARY").line()
        L.kv(doc, rng, rows, rng.choice(["colon", "aligned"]))
        kit.date(doc.add("ADMISSION DATE: "), ("admission_date",), admitted).line()
        kit.date(doc.add("DISCHARGE DATE: "), ("discharge_date",), discharged).line()
        L.write(doc.add(rng.choice(["ATTENDING PHYSICIAN: ", "CONSULTANT: "])), consultant_cell).line()
        doc.line(f"PRIMARY CARE: {gp_text}").line().add("DISCHARGE DIAGNOSIS: ")
        doc.put(("primary_diagnosis",), diagnosis).line().add("SECONDARY DIAGNOSES: ")
        L.series(doc, ("comorbidities",), comorbid, ", ") if comorbid else doc.add("none")
        doc.line()
        if operation:
            kit.date(doc.add(f"PROCEDURES: {operation} ("), None, operated).line(")")
        doc.line().line(admission_text).add("HOSPITAL COURSE: ")
        course()
        doc.line()
        kit.pad(doc)
        doc.line("DISCHARGE MEDICATIONS:")
        med_lines(True)
        after("DISPOSITION AND FOLLOW-UP:")
        kit.date(doc.add(f"Dictated by {author_text} on "), None, typed).line()
    else:                       # an export from the electronic record
        doc.add("# Discharge summary - ").put(("patient",), patient).line().line()
        for label, c in rows[1:] + [("Hospital", L.cell(hospital)), ("Ward", L.cell(ward))]:
            L.write(doc.add(f"**{label}:** "), c).line("  ")
        kit.date(doc.add("**Admission:** "), ("admission_date",), admitted).line("  ")
        kit.date(doc.add("**Discharge:** "), ("discharge_date",), discharged).line("  ")
        L.write(doc.add("**Responsible clinician:** "), consultant_cell).line("  ")
        doc.line(f"**GP:** {gp_text}").line().line(admission_text).line().line("## Diagnoses").line()
        doc.add("- Primary: ").put(("primary_diagnosis",), diagnosis).line()
        for i, c in enumerate(comorbid):
            doc.add("- Comorbidity: ").put(("comorbidities", i), c).line()
        doc.line().line("## Clinical course").line()
        course()
        doc.line()
        kit.pad(doc)
        doc.line("## Medications on discharge").line()
        med_table()
        doc.line()
        after("## Plan\n")
        kit.date(doc.add(f"Completed by {author_text}, "), None, typed).line()
    kit.pad(doc)
    return Draft(("Discharge summary", "Hospital discharge summary", "Discharge letter"), DISCHARGE_FIELDS,
                 facts, doc, {("admission_type",): admission_text, ("gp_action_required",): action_text,
                              ("discharge_destination",): destination_text})


# ---- blood donation record ------------------------------------------------------------------

BLOOD_GROUPS = {"O+": 37, "A+": 33, "B+": 9, "AB+": 3, "O-": 7, "A-": 7, "B-": 2, "AB-": 1}
DONATION_KINDS = {   # kind: (how each service names it, days to the next donation, ml collected)
    "whole_blood": ({"en_GB": "Whole blood", "en_US": "Whole Blood", "de_DE": "Whole blood (Vollblut)",
                     "fr_FR": "Whole blood (sang total)"},
                    {"en_GB": 84, "en_US": 56, "de_DE": 56, "fr_FR": 56}, None),
    "plasma": ({"en_GB": "Plasma (apheresis)", "en_US": "Plasma", "de_DE": "Plasma (Plasmaspende)",
                "fr_FR": "Plasma (don de plasma)"}, {"en_GB": 14, "en_US": 28, "de_DE": 7, "fr_FR": 14},
               (600, 880)),
    "platelets": ({"en_GB": "Platelets (apheresis)", "en_US": "Platelets",
                   "de_DE": "Platelets (Thrombozyten)", "fr_FR": "Platelets (don de plaquettes)"},
                  {"en_GB": 14, "en_US": 7, "de_DE": 14, "fr_FR": 28}, (200, 360)),
    "double_red_cells": ({"en_US": "Power Red (double red cells)"}, {"en_US": 112}, (360, 420)),
}
WHOLE_BLOOD_ML = {"en_GB": 470, "en_US": 500, "de_DE": 500, "fr_FR": 450}
HB_LIMITS = {"en_GB": (125, 135), "en_US": (12.5, 13.0), "de_DE": (12.5, 13.5), "fr_FR": (12.0, 13.0)}
DEFERRALS = [("haemoglobin below the minimum", 90), ("recent travel to a malaria-risk area", 120),
             ("a cold sore", 7), ("a new tattoo", 120), ("antibiotics taken in the last week", 14)]
BLOOD_SERVICES = {"en_GB": ("NHS Blood and Transplant", "Welsh Blood Service"),
                  "en_US": ("American Red Cross", "Vitalant", "{city} Blood Center"),
                  "de_DE": ("DRK-Blutspendedienst West", "DRK-Blutspendedienst Nord-Ost", "Haema Blutspende"),
                  "fr_FR": ("Établissement français du sang (EFS)", "EFS {city}")}
BLOOD_VENUES = {"en_GB": ("{city} Donor Centre", "{city} Town Hall", "St Mary's Church Hall, {city}"),
                "en_US": ("{city} Donation Center", "{company} blood drive, {city}", "{city} High School"),
                "de_DE": ("DRK-Blutspendezentrum {city}", "Stadthalle {city}", "Grundschule {city}"),
                "fr_FR": ("Maison du don de {city}", "Salle des fêtes de {city}", "Mairie de {city}")}
DONOR_MEDICINES = ["Levothyroxine", "Cetirizine", "Loratadine", "Omeprazole", "Vitamin D",
                   "Sertraline", "Salbutamol inhaler", "Atorvastatin", "Iron tablets", "Ramipril"]
BLOOD_FIELDS = [
    F.text("donor_name", "Donor", ("Name of the donor (not staff).", "Donor's name."), "donor", "name"),
    F.text("donor_number", "Donor number", ("The donor's own number or ID (not the donation number).",
                                            "Donor ID."), "donor_id", "donor_no"),
    F.choice("blood_group", "Blood group", "ABO group and RhD type of the donor.", list(BLOOD_GROUPS),
             "blood_type", "abo_rh", keep=0.8),
    F.date("donation_date", "Donation date", ("Day of this session (not an earlier donation, the next "
                                              "eligible date or the date of birth).", "Session date."),
           "session_date", "date"),
    F.choice("donation_type", "Donation type", "What was (or was to be) given at this session.",
             list(DONATION_KINDS), "procedure", "donation_kind", keep=0.8),
    F.text("venue", "Venue", "Where the session took place (not the blood service).", "session_venue",
           "location", keep=0.7),
    F.integer("volume_ml", "Volume (ml)", "Volume collected in ml; null when nothing was taken (not the "
              "target volume, the bag size or the anticoagulant).", "volume", "volume_collected_ml",
              optional=True, keep=0.7),
    F.number("haemoglobin", "Haemoglobin", "Haemoglobin result as written in its unit (g/L or g/dL); null "
             "when only a pass/fail screen is recorded (not the minimum).", "hemoglobin", "hb", optional=True,
             keep=0.6),
    F.flag("donated", "Donation taken", "Whether a donation was actually collected (false when the donor "
           "was deferred).", "donation_completed", "bled", keep=0.8),
    F.flag("adverse_reaction", "Adverse reaction", "Whether the donor had a reaction after donating; null "
           "when no donation was taken.", "reaction", "had_reaction", nullable_decide=True, keep=0.6),
    F.date("next_eligible_date", "Next eligible date", "Earliest date the donor may give again, if stated.",
           "eligible_from", "next_donation_date", optional=True, keep=0.7),
    F.integer("total_donations", "Total donations", "Donations made to date, this one included, if stated "
              "(not the next award level).", "donation_count", "lifetime_donations", optional=True, keep=0.6),
    F.items("previous_donations", "Previous donations", ("Earlier donations listed on the record, in the "
                                                         "order listed (not this session).",
                                                         "Donation history."), [
        F.date("date", "Date", "Day of that donation.", "donation_date", "on"),
        F.text("type", "Type", "Kind of donation as written.", "kind", "donation_type", keep=0.8),
        F.text("venue", "Venue", "Where it was given, if shown.", "location", "site", optional=True,
               keep=0.6),
    ], "donation_history", "history", keep=0.8),
    F.strings("medications", "Medications declared", "Medicines the donor declared at the health check; "
              "empty when none.", "declared_medication", "current_medicines", keep=0.6),
]


def _blood_group_text(kit: Kit, group: str) -> str:
    """"O RhD negative", "O neg", "0 Rh-" (a German card's zero), "O-" or "O négatif"."""
    abo, pos = group[:-1], group.endswith("+")
    abo = "0" if kit.locale == "de_DE" and abo == "O" and kit.chance(0.7) else abo
    forms = [f"{abo} RhD {'positive' if pos else 'negative'}", f"{abo} {'pos' if pos else 'neg'}",
             f"{abo}{group[-1]}", f"{abo} Rh{group[-1]}"]
    forms += {"de_DE": [f"{abo} Rh {'positiv' if pos else 'negativ'}"],
              "fr_FR": [f"{abo} {'positif' if pos else 'négatif'}"]}.get(kit.locale, [])
    return kit.rng.choice(forms)


def blood_donation_record(kit: Kit) -> Draft:
    fake, rng, doc, r = kit.fake, kit.rng, Doc(), kit.rng.randint
    group = rng.choice([g for g, w in BLOOD_GROUPS.items() for _ in range(w)])
    kinds = [k for k, (names, _, _) in DONATION_KINDS.items() if kit.locale in names]
    kind = rng.choice([k for k in kinds for _ in range({"whole_blood": 6, "plasma": 2}.get(k, 1))])
    names, gaps, ml = DONATION_KINDS[kind]
    label, us, g_per_l = names[kit.locale], kit.locale == "en_US", kit.locale == "en_GB"
    day = kit.day()
    deferral = rng.choice(DEFERRALS) if kit.chance(0.15) else None
    low_hb = deferral is not None and deferral[1] == 90
    female = kit.chance(0.5)
    limit = HB_LIMITS[kit.locale][0 if female else 1]
    hb = limit + (-rng.uniform(0.2, 1.0) if low_hb else rng.uniform(0.3, 3.0)) * (10 if g_per_l else 1)
    hb = int(round(hb)) if g_per_l else round(hb, 1)
    drop_test = g_per_l and not low_hb and kit.chance(0.3)     # a finger-prick pass or fail only
    target = WHOLE_BLOOD_ML[kit.locale] if ml is None else rng.randrange(ml[0], ml[1], 10)
    volume = None if deferral else target + r(-15, 10)
    wait = deferral[1] if deferral else 112 if kind == "whole_blood" and g_per_l and female \
        else gaps[kit.locale]
    eligible = day + dt.timedelta(days=wait)
    history, when = [], day
    for _ in range(rng.choice([0, 1, 2, 2, 3, 3, 4, 5, 6])):
        when -= dt.timedelta(days=gaps[kit.locale] + r(0, 200))
        history.append(when)
    total = len(history) + (rng.choice([0, 0, 2, 5, 11, 20, 40]) if history else 0) + (0 if deferral else 1)
    service = rng.choice(BLOOD_SERVICES[kit.locale]).format(city=fake.city())
    venues = [rng.choice(BLOOD_VENUES[kit.locale]).format(city=fake.city(), company=fake.company())
              for _ in range(3)]
    donor, nurse, phlebotomist = _names(kit, 3)
    number = {"en_GB": f"{rng.choice('ABCDEFGH')}{r(10**6, 10**7 - 1)}", "en_US": f"{r(10**9, 10**10 - 1)}",
              "de_DE": f"{r(10**7, 10**8 - 1)}", "fr_FR": f"{r(10**8, 10**9 - 1)}"}[kit.locale]
    din = f"{rng.choice('GWFD')}{r(1000, 9999)} {day.year % 100:02d} {r(0, 999999):06d}"   # ISBT 128
    with_venue = kit.chance(0.6)
    facts = {"donor_name": donor, "donor_number": number, "blood_group": group,
             "donation_date": day.isoformat(), "donation_type": kind, "venue": venues[0], "volume_ml": volume,
             "haemoglobin": None if drop_test else hb, "donated": deferral is None,
             "adverse_reaction": None if deferral else kit.chance(0.12),
             "next_eligible_date": kit.maybe(eligible.isoformat(), 0.75),
             "total_donations": kit.maybe(total, 0.7) if total else None,
             "previous_donations": [{"date": d.isoformat(), "type": label if kit.chance(0.7) else
                                     DONATION_KINDS[rng.choice(kinds)][0][kit.locale],
                                     "venue": rng.choice(venues) if with_venue else None} for d in history],
             "medications": rng.sample(DONOR_MEDICINES, rng.choice([0, 0, 0, 1, 1, 2, 3]))}
    twelve, arrive = us and kit.chance(0.6), r(8 * 60, 18 * 60)
    group_text = f"{rng.choice(['Blood group', 'Blood type', 'Group'])}: {_blood_group_text(kit, group)}"
    type_text = f"{rng.choice(['Donation type', 'Procedure', 'Type of donation'])}: {label}"
    reason = deferral[0].replace("haem", "hem" if us else "haem") if deferral else ""
    donated_text = says(rng, deferral is None, ("Outcome: donation completed", "Donation taken successfully.",
                                                "Bled: yes"),
                        (f"Outcome: deferred ({reason})", f"Not bled today: {reason}.",
                         f"Donor deferred: {reason}; no donation taken."))
    symptom = rng.choice(["felt faint after donating, recovered lying down", "bruising at the needle site",
                          "dizzy in the refreshment area, recovered"])
    reaction_text = "Adverse reaction: not applicable (no donation taken)" if deferral else says(
        rng, facts["adverse_reaction"], (f"Adverse reaction: yes - {symptom}", f"Post-donation: {symptom}."),
        ("Adverse reaction: none", "No adverse reaction.", "Donor left feeling well, no reaction noted."))
    unit, ml_unit = "g/L" if g_per_l else "g/dl" if kit.locale == "de_DE" else "g/dL", "mL" if us else "ml"
    hb_word = "Hemoglobin" if us else "Haemoglobin"
    volume_text = L.join(kit.count_cell(("volume_ml",), volume), L.cell(f" {ml_unit}")) if volume \
        else L.cell("-")

    def hb_cell() -> L.Cell:
        if drop_test:
            return L.cell("passed (copper sulphate drop test)")
        cell = kit.count_cell if g_per_l else lambda path, x: kit.num_cell(path, x, 1)
        return L.join(cell(("haemoglobin",), hb), L.cell(f" {unit} (minimum "), cell(None, limit),
                      L.cell(f" {unit})"))

    def history_block(style: str) -> None:
        rows = facts["previous_donations"]
        if not rows:
            doc.line(rng.choice(["No previous donations on record.", "Previous donations: none (first)"]))
            return
        doc.line(rng.choice(["Donation history:", "Previous donations:", "Your earlier donations:"]))
        for i, (d, x) in enumerate(zip(history, rows) if style != "table" else []):
            at = ("previous_donations", i)       # "- 12 Mar 2024: Plasma, Stadthalle Kehl"
            kit.date(doc.add("- "), at + ("date",), d).add(": ").put(at + ("type",), x["type"])
            if x["venue"]:
                doc.add(rng.choice([", ", " at "])).put(at + ("venue",), x["venue"])
            doc.line()
        if style == "table":
            L.table(doc, rng, ["Date", "Type"] + ["Venue"] * with_venue, [
                [kit.date_cell(("previous_donations", i, "date"), d),
                 L.cell(x["type"], ("previous_donations", i, "type"))]
                + ([L.cell(x["venue"], ("previous_donations", i, "venue"))] if with_venue else [])
                for i, (d, x) in enumerate(zip(history, rows))])

    def tail() -> None:
        if facts["next_eligible_date"]:
            kit.date(doc.add(rng.choice(["Next eligible date: ", "You can donate again from ",
                                         "Eligible to donate again on "])), ("next_eligible_date",), eligible)
            doc.line()
        if facts["total_donations"] is not None:
            kit.count(doc.add(rng.choice(["Total donations: ", "Donations to date: "])), ("total_donations",),
                      total).line()
            doc.line(f"Next award at {next(m for m in (10, 25, 50, 75, 100, 125) if m > total)} donations.")
        _strings(kit, doc, "medications", facts["medications"], rng.choice(["Medication declared",
                                                                            "Medicines"]),
                 rng.choice(["Medication declared: none", "No current medication."]))

    layout = rng.choice(["record", "portal", "email"])
    if layout == "record":      # the session record the team fills in
        doc.line(service).line(rng.choice(["DONOR SESSION RECORD", "Donation record", "Session record"]))
        born = day - dt.timedelta(days=r(18 * 365, 68 * 365))
        L.kv(doc.line(), rng, [("Donor", L.cell(donor, ("donor_name",))),
                               ("Date of birth", kit.date_cell(None, born)),
                               ({"de_DE": "Spender-Nr.", "fr_FR": "N° de donneur"}.get(kit.locale, rng.choice(
                                   ["Donor no.", "Donor ID"])), L.cell(number, ("donor_number",)))])
        doc.line(group_text).line().line(rng.choice(["SESSION", "Session"]))
        L.kv(doc, rng, [("Date", kit.date_cell(("donation_date",), day)),
                        ("Venue", L.cell(venues[0], ("venue",))),
                        ("Session code", L.cell(f"{rng.choice(['S', 'MS', 'C'])}{r(1000, 9999)}")),
                        ("Arrived", L.cell(clock(arrive, twelve)))])
        doc.line().line(rng.choice(["HEALTH CHECK", "Pre-donation screening"]))
        L.kv(doc, rng, [(hb_word, hb_cell()), ("Blood pressure", L.cell(f"{r(105, 145)}/{r(65, 92)} mmHg")),
                        ("Pulse", L.cell(f"{r(55, 92)} bpm")), ("Weight", L.cell(f"{r(52, 110)} kg")),
                        ("Screened by", L.cell(nurse))])
        doc.line()
        kit.pad(doc)
        doc.line(rng.choice(["DONATION", "Collection"])).line(type_text)
        extra = (("Target volume", L.cell(f"{target} {ml_unit}")) if kind == "whole_blood" or kit.chance(0.5)
                 else ("Anticoagulant (ACD-A)", L.cell(f"{r(40, 110)} {ml_unit}")))
        rows = [("Donation no.", L.cell(din)), extra, ("Volume collected", volume_text)]
        if not deferral:
            rows += [("Bleed start", L.cell(clock(arrive + 25, twelve))),
                     ("Arm", L.cell(rng.choice(["left", "right"]))), ("Collected by", L.cell(phlebotomist))]
        L.kv(doc, rng, rows)
        doc.line(donated_text).line(reaction_text).line()
        history_block(rng.choice(["table", "lines"]))
        doc.line()
        tail()
    elif layout == "portal":    # the donor's online account
        doc.line(f"{service} - my donor record").line().put(("donor_name",), donor)
        doc.add(" (donor no. ").put(("donor_number",), number).line(")").line(group_text).line()
        doc.line(rng.choice(["## Latest session", "LATEST SESSION", "Your last visit"]))
        kit.date(doc, ("donation_date",), day).add(" - ").put(("venue",), venues[0]).line()
        doc.line(type_text).line(donated_text)
        if volume is not None:
            L.write(doc.add("Volume given: "), volume_text).line()
        L.write(doc.add(f"{hb_word}: "), hb_cell()).line().line(reaction_text)
        doc.line(f"Donation number: {din}").line()
        kit.pad(doc)
        history_block(rng.choice(["table", "lines"]))
        doc.line()
        tail()
    else:                       # the thank-you (or sorry) e-mail after the session
        doc.line(f"From: {service}").add("To: ").put(("donor_name",), donor).line()
        doc.line("Subject: " + ("About your visit today" if deferral else "Thank you for donating")).line()
        doc.line(f"Dear {donor.split()[0]},").line().add("thank you for coming to ")
        doc.put(("venue",), venues[0])
        kit.date(doc.add(" on "), ("donation_date",), day).line(".").line(type_text).line(donated_text)
        if volume is not None:
            L.write(doc.add("You gave "), volume_text).line(" today.")
        L.write(doc.add(f"Your {hb_word.lower()}: "), hb_cell()).line().line(reaction_text).line(group_text)
        doc.add("Donor number: ").put(("donor_number",), number).line(f" (donation {din})").line()
        kit.pad(doc)
        tail()
        history_block("lines")
        doc.line().line(rng.choice(["With thanks,", "Best wishes,"])).line(f"The {service} team")
    kit.pad(doc)
    return Draft(("Blood donation record", "Donor session record", "Blood donor card"), BLOOD_FIELDS, facts,
                 doc, {("blood_group",): group_text, ("donation_type",): type_text,
                       ("donated",): donated_text, ("adverse_reaction",): reaction_text})


# ---- physiotherapy session note -------------------------------------------------------------

REGIONS = {   # region: (conditions, the movement measured (normal degrees, a stiff joint's range), exercises)
    "shoulder": (("rotator cuff tendinopathy", "frozen shoulder", "subacromial pain syndrome"),
                 ("shoulder flexion", 180, (80, 165)),
                 ("Pendulum swings", "Wall slides", "External rotation with band", "Scapular squeezes",
                  "Sleeper stretch", "Isometric external rotation")),
    "knee": (("patellofemoral pain", "rehab after ACL reconstruction", "rehab after knee replacement",
              "knee osteoarthritis"), ("knee flexion", 140, (70, 130)),
             ("Straight leg raises", "Static quads", "Heel slides", "Mini squats", "Step-ups", "Wall sit")),
    "back": (("non-specific low back pain", "lumbar disc prolapse with sciatica"),
             ("straight leg raise", 80, (30, 75)),
             ("Pelvic tilts", "Cat-camel", "Bird dog", "Glute bridges", "Knee-to-chest stretch", "Dead bug")),
    "ankle": (("lateral ankle sprain (grade II)", "Achilles tendinopathy"),
              ("ankle dorsiflexion", 20, (5, 18)),
              ("Calf raises", "Eccentric heel drops", "Single-leg balance", "Resisted eversion with band",
               "Ankle alphabet")),
    "neck": (("mechanical neck pain", "whiplash-associated disorder"), ("cervical rotation", 80, (40, 75)),
             ("Chin tucks", "Upper trapezius stretch", "Scapular squeezes", "Neck rotations")),
    "hip": (("greater trochanteric pain syndrome", "rehab after hip replacement"),
            ("hip flexion", 120, (70, 110)),
            ("Clamshells", "Side-lying leg raises", "Glute bridges", "Sit to stand", "Hip flexor stretch")),
}
HOLDS = {"Sleeper stretch": 30, "Isometric external rotation": 10, "Static quads": 5, "Wall sit": 30,
         "Knee-to-chest stretch": 30, "Single-leg balance": 30, "Upper trapezius stretch": 30,
         "Hip flexor stretch": 30}      # exercises held for seconds, not repeated
PAIN = {0: "no pain", 1: "minimal", 2: "mild", 3: "uncomfortable", 4: "moderate", 5: "distracting",
        6: "distressing", 7: "severe", 8: "intense", 9: "excruciating", 10: "worst imaginable"}
SESSION_TYPES = {"initial_assessment": ("Initial assessment", "Session type: initial assessment",
                                        "New patient assessment"),
                 "follow_up": ("Follow-up treatment session", "Session type: follow-up",
                               "Review and treatment"),
                 "discharge": ("Final session: discharged to self-management", "Session type: discharge",
                               "Discharged today, goals met")}
HANDS_ON = ["Soft tissue massage", "Joint mobilisations (grade III)", "Dry needling", "Kinesiology taping",
            "Ultrasound", "Heat pack", "TENS", "Myofascial release", "Manual traction", "Gait re-education"]
PHYSIOS = {"en_GB": ("{n}, MCSP", "{n} (Physiotherapist)"), "en_US": ("{n}, PT, DPT", "{n}, PT"),
           "de_DE": ("{n}, physiotherapist", "{n} (Physiotherapie)"),
           "fr_FR": ("{n}, MK", "{n} (masseur-kinésithérapeute)")}
PHYSIO_PRACTICES = {"en_GB": ("{city} Physiotherapy", "{last} Physio Clinic", "MSK Physiotherapy, {city}"),
                    "en_US": ("{city} Physical Therapy", "{last} Sports & Spine PT"),
                    "de_DE": ("Physiotherapie {last}", "Praxis für Physiotherapie {city}"),
                    "fr_FR": ("Cabinet de kinésithérapie {last}", "Kiné {city}")}
PHYSIO_FIELDS = [
    F.text("patient", "Patient", ("Patient treated (not the physiotherapist or the referrer).",
                                  "Name of the patient."), "patient_name", "client"),
    F.text("physiotherapist", "Physiotherapist", ("Therapist who saw the patient (not the referring "
                                                  "doctor).", "Treating clinician."), "therapist",
           "clinician"),
    F.date("session_date", "Session date", ("Day of this session (not the onset, the operation or the "
                                            "next appointment).", "Date of treatment."), "date",
           "visit_date"),
    F.integer("session_number", "Session number", "Number of this session in the course, if shown (not the "
              "number of sessions prescribed).", "visit_number", "treatment_no", optional=True, keep=0.6),
    F.text("condition", "Condition", ("Diagnosis or working impression being treated.", "Problem treated."),
           "diagnosis", "impression"),
    F.choice("session_type", "Session type", "Which kind of session this was.", list(SESSION_TYPES),
             "visit_type", "appointment_type", keep=0.7),
    F.score("pain_score", "Pain today", "Pain the patient reports today on the 0-10 scale (not at the "
            "first assessment or the worst of the week).", PAIN, "pain_nrs", "current_pain"),
    F.integer("rom_degrees", "Range of motion (degrees)", "Range measured today for the main movement in "
              "degrees, if recorded (not the previous or the normal value).", "rom", "measured_rom",
              optional=True, keep=0.6),
    F.items("exercises", "Exercises", ("Each home exercise prescribed, in order.",
                                       "The home exercise programme."), [
        F.text("exercise", "Exercise", "Name of the exercise.", "name", "drill"),
        F.integer("sets", "Sets", "Number of sets.", "set_count"),
        F.integer("reps", "Repetitions", "Repetitions per set; null for a timed hold (not the seconds held).",
                  "repetitions", "reps_per_set", optional=True),
    ], "home_exercises", "hep"),
    F.strings("treatments", "Treatments given", "Hands-on treatments given in the session; empty when none.",
              "modalities", "manual_therapy", keep=0.7),
    F.flag("exercises_adherent", "Doing exercises", "Whether the patient has been doing the home exercises; "
           "null at a first session.", "hep_compliance", "adherent", nullable_decide=True, keep=0.7),
    F.flag("red_flags", "Red flags", "Whether any red flag (a sign of serious disease) was found.",
           "red_flags_present", "serious_pathology_suspected", keep=0.5),
    F.date("next_appointment", "Next appointment", "Date of the next booked session; null when none is "
           "booked.", "next_visit", "follow_up_date", optional=True, keep=0.7),
]


def physiotherapy_notes(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    region = rng.choice(list(REGIONS))
    conditions, (movement, normal, (lo, hi)), pool = REGIONS[region]
    side = rng.choice(["left", "right"]) if region not in ("back", "neck") else ""
    cond = rng.choice(conditions)
    condition = (cond[0].upper() + cond[1:] + (f", {side} {region}" if side and region not in cond else "")
                 if kit.chance(0.6) or not side else f"{side.title()} {cond}")
    course = rng.choice([6, 8, 10, 12])
    kind = rng.choice(["initial_assessment"] + ["follow_up"] * 4 + ["discharge"])
    number = {"initial_assessment": 1, "discharge": rng.randint(course // 2, course)}.get(
        kind, rng.randint(2, course - 1))
    first = rng.randint(4, 9)       # the pain at the first assessment, easing over the course
    pain = first if number == 1 else max(0, first - rng.randint(0, 2) - number * 4 // course
                                         - 2 * (kind == "discharge"))
    worst = min(10, pain + rng.randint(1, 3))
    rom = rng.randint(lo, hi) if kind != "discharge" else rng.randint((lo + hi) // 2, normal)
    before = max(rom // 2, rom - rng.randint(3, 18))
    day = kit.day()
    onset = day - dt.timedelta(days=7 * number + rng.randint(7, 120))
    picked = rng.sample(pool, min(len(pool), rng.choice([0, 1, 2, 3, 3, 4, 5, 6]) if number > 1
                                  else rng.randint(1, 3)))
    exercises = [{"exercise": name, "sets": rng.choice([2, 3, 3, 4] if name in HOLDS else [1, 2, 3, 3]),
                  "reps": None if name in HOLDS else rng.choice([8, 10, 10, 12, 15, 20])} for name in picked]
    often = [rng.choice(["daily", "twice a day", "3 times a week"]) for _ in picked]
    patient, therapist, referrer = _names(kit, 3)
    adherent = None if kind == "initial_assessment" else kit.chance(0.7)
    follow = day + dt.timedelta(days=rng.choice([3, 4, 7, 7, 10, 14]))
    facts = {"patient": patient, "physiotherapist": therapist, "session_date": day.isoformat(),
             "session_number": kit.maybe(number, 0.8), "condition": condition, "session_type": kind,
             "pain_score": pain, "rom_degrees": kit.maybe(rom, 0.7), "exercises": exercises,
             "treatments": rng.sample(HANDS_ON[:-1] if region in ("neck", "shoulder") else HANDS_ON,
                                      rng.choice([0, 1, 1, 2, 2, 3])),
             "exercises_adherent": adherent, "red_flags": kit.chance(0.08),
             "next_appointment": follow.isoformat() if kind != "discharge" and kit.chance(0.8) else None}
    us = kit.locale == "en_US"
    therapist_cell = _styled(PHYSIOS[kit.locale], kit, ("physiotherapist",), therapist)
    practice = rng.choice(PHYSIO_PRACTICES[kit.locale]).format(city=fake.city(), last=fake.last_name())
    referrer_text = {"en_US": "Dr. {n}", "de_DE": "Dr. med. {n}"}.get(kit.locale, "Dr {n}").format(n=referrer)
    pain_text = rng.choice([f"Pain today: {pain}/10", f"NRS {pain}/10 today", f"Pain {pain} out of 10 today"])
    type_text = rng.choice(SESSION_TYPES[kind])
    adherence_text = "Home exercise programme: first issued today" if adherent is None else says(
        rng, adherent, ("Doing the home exercises daily as prescribed.", "HEP compliance: good"),
        ("Has not been doing the home exercises (busy at work).", "Admits not doing the exercises.",
         "HEP compliance: poor - managed them only twice"))
    flags_text = says(rng, facts["red_flags"], ("Red flag: constant night pain - letter to GP for review.",
                                                "Red flags present: unexplained weight loss; GP informed."),
                      ("Red flags: nil", "No red flags (no night pain, weight loss or bladder/bowel change).",
                       "Red flags screened: negative"))
    word = rng.choice(["Session", "Treatment", "Visit"])
    course_text = {"en_US": f"{course} visits authorized by {rng.choice(['Aetna', 'Cigna', 'Humana'])}",
                   "de_DE": f"Prescription (Heilmittelverordnung): {course} x KG",
                   "fr_FR": f"Prescription: {course} séances de rééducation"}.get(
        kit.locale, f"{course} sessions agreed")
    session_cell = L.cell(course_text) if facts["session_number"] is None else L.join(
        kit.count_cell(("session_number",), number), L.cell(f" of {course} ({course_text})"))
    session_line = session_cell if facts["session_number"] is None else L.join(L.cell(f"{word} "),
                                                                                 session_cell)

    def findings() -> None:
        doc.add(pain_text + (f" (was {first}/10 at the first assessment)" if number > 1 else ""))
        doc.line(f"; worst this week {worst}/10.")
        name = movement[0].upper() + movement[1:] + (f" ({side})" if side else "")
        if facts["rom_degrees"] is None:
            doc.line(f"{name}: {rng.choice(['painful at end of range', 'not measured today'])}.")
        else:
            kit.count(doc.add(f"{name}: "), ("rom_degrees",), rom).add("°")
            doc.line((f" (last session {before}°; " if number > 1 else " (") + f"normal {normal}°)")

    def exercise_rows(style: str) -> None:
        if not exercises:
            doc.line("No new exercises today: continue as before.")
        elif style == "table":
            L.table(doc, rng, ["Exercise", "Sets", "Reps", "Hold", "How often"], [
                [L.cell(x["exercise"], ("exercises", i, "exercise")),
                 kit.count_cell(("exercises", i, "sets"), x["sets"]),
                 kit.count_cell(("exercises", i, "reps"), x["reps"]) if x["reps"] else L.cell("-"),
                 L.cell(f"{HOLDS[x['exercise']]} s" if x["exercise"] in HOLDS else "-"), L.cell(often[i])]
                for i, x in enumerate(exercises)])
        for i, x in enumerate(exercises if style != "table" else []):
            at, hold = ("exercises", i), HOLDS.get(x["exercise"])   # "3×10 Clamshells, daily"
            if style == "shorthand":
                # "3×10", not "3x10": a number reader takes "x10" as no number at all
                kit.count(doc.add("  "), at + ("sets",), x["sets"]).add(" x " if hold else "×")
                if x["reps"]:
                    kit.count(doc, at + ("reps",), x["reps"]).add(" ")
                else:
                    doc.add(f"{hold} s hold ")
                doc.put(at + ("exercise",), x["exercise"]).line(f", {often[i]}")
                continue
            doc.add(f"{i + 1}. " if style == "numbered" else "- ").put(at + ("exercise",), x["exercise"])
            kit.count(doc.add(": "), at + ("sets",), x["sets"]).add(" sets" if x["sets"] > 1 else " set")
            if x["reps"]:
                kit.count(doc.add(" of "), at + ("reps",), x["reps"])
            else:
                doc.add(f", hold {hold} s")
            doc.line(f", {often[i]}")

    def plan() -> None:
        if facts["next_appointment"]:
            kit.date(doc.add(rng.choice(["Next appointment: ", "Next appt: ", "Review on "])),
                     ("next_appointment",), follow)
            doc.line(f" at {clock(rng.choice(range(480, 1110, 15)), us and kit.chance(0.6))}")
        else:
            doc.line("No further appointments." if kind == "discharge" else
                     "Next appointment: to be booked at reception.")

    onset_text = "Operation" if "rehab after" in cond else rng.choice(["Onset", "Injury", "Symptoms since"])
    layout = rng.choice(["soap", "form", "letter"])
    if layout == "soap":        # the clinician's own shorthand note
        doc.line(rng.choice(["PT Daily Note" if us else "Physiotherapy treatment note", "Treatment record"]))
        age = rng.randint(55, 85) if "replacement" in cond or "osteo" in cond else rng.randint(18, 70)
        kit.date(doc.add("Patient: ").put(("patient",), patient).add(" | DOB "), None,
                 onset - dt.timedelta(days=365 * age + rng.randint(0, 364))).line()
        kit.date(doc.add("Date: "), ("session_date",), day).add(" | Clinician: ")
        L.write(doc, therapist_cell).line()
        L.write(doc, session_line).line().line(type_text)
        doc.add("Dx: ").put(("condition",), condition).line()
        kit.date(doc.add(f"{onset_text}: "), None, onset).line(f" | Referred by {referrer_text}").line()
        doc.add("S/O: ")
        findings()
        doc.line("   " + adherence_text).line("   " + flags_text).line("A: " + {
            "initial_assessment": "Findings consistent with the diagnosis.",
            "discharge": "Goals met; independent with the home programme."}.get(
            kind, rng.choice(["Improving steadily.", "Slow progress.", "Symptoms settling."])))
        doc.add("P: Tx: ")
        L.series(doc, ("treatments",), facts["treatments"]) if facts["treatments"] else doc.add("advice only")
        doc.line().line("   HEP:")
        exercise_rows("shorthand")
        plan()
    elif layout == "form":      # the clinic's form
        doc.line(practice).line(rng.choice(["SESSION NOTE", "Physiotherapy session record"])).line()
        L.kv(doc, rng, [("Patient", L.cell(patient, ("patient",))),
                        ("Date", kit.date_cell(("session_date",), day)), (word, session_cell),
                        ("Therapist", therapist_cell), ("Referrer", L.cell(referrer_text)),
                        ("Diagnosis", L.cell(condition, ("condition",))),
                        (onset_text, kit.date_cell(None, onset))])
        doc.line(type_text).line()
        kit.pad(doc)
        findings()
        doc.line(flags_text).line(adherence_text).line()
        _strings(kit, doc, "treatments", facts["treatments"], "Treatment given",
                 rng.choice(["Treatment given: exercise and advice only", "No hands-on treatment today."]))
        doc.line().line(rng.choice(["Home exercise programme:", "Exercises prescribed:"]))
        exercise_rows(rng.choice(["table", "table", "numbered", "bullets"]))
        doc.line()
        plan()
    else:                       # a progress letter to the referring doctor
        kit.date(doc.line(practice), None, day + dt.timedelta(days=rng.randint(0, 3))).line().line()
        doc.line(f"Dear {referrer_text},").line().add("Re: ").put(("patient",), patient).line().line()
        kit.date(doc.add(f"I saw {patient.split()[0]} on "), ("session_date",), day).add(" for ")
        doc.put(("condition",), condition).line(".")
        L.write(doc, session_line).line(f". {type_text}.")
        findings()
        doc.line(adherence_text).line(flags_text).line()
        kit.pad(doc)
        if facts["treatments"]:
            L.series(doc.add("Today I used "), ("treatments",), facts["treatments"]).line(".")
        doc.line(rng.choice(["The home programme is:", "Exercises prescribed:"]))
        exercise_rows(rng.choice(["bullets", "numbered"]))
        doc.line()
        plan()
        L.write(doc.line().line("Kind regards,"), therapist_cell).line()
    kit.pad(doc)
    return Draft(("Physiotherapy session note", "Physiotherapy treatment note", "Physical therapy note"),
                 PHYSIO_FIELDS, facts, doc, {("session_type",): type_text, ("pain_score",): pain_text,
                                             ("exercises_adherent",): adherence_text,
                                             ("red_flags",): flags_text})
