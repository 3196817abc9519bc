"""Papers of the performing and visual arts: casting calls listing roles, gallery exhibition
price lists, critics' film reviews and concert setlists.

Each carries values of the same kind beside the ones asked for: the director and producer
beside a casting call's casting director, the date posted, the recalls and the wrap or last
night beside the deadline, the auditions and the first day of rehearsals or filming, the per
diem, holiday pay or a commercial's buyout beside the pay, and the audition studio beside
the place the production is based; the private view, the price list's date and the closing
beside an exhibition's opening, the gallery director and sponsor beside the curator, the
concession and the catalogue's price beside the admission fee, each work's dimensions and
edition beside its year and price; the screenwriter, cinematographer and composer beside a
film's director, the readers' or audience score beside the critic's stars, the festival
cut beside the running time, the premiere, streaming and review dates beside the release
date; the support act and guests beside the headliner, doors, support slot and curfew
beside the time the headliner went on, the capacity beside the attendance, the posting date
and the tour's first night beside the concert date, and the encore beside the main set.

Roles, works, cast and songs come as tables (markdown, ASCII, space-aligned or an export),
role blocks ("[MARGARET] Female, late 50s. Lead."), bullets, prose ("Anna (lead) is a woman,
in her late 20s."), numbered lines, multi-line catalogue entries or setlist lines with their
notes ("4. Paper Kites (The Lanterns cover)", "E1 Golden Hour"); skills, streaming services
and encores may be empty. Ratings come in every form ("4/5", "four stars", "★★★★☆"), a sold
work is marked by a word or a red dot under a legend, and booleans are as often negated as
stated ("non-union", "no self-tapes", "prices exclude VAT", "no post-credits scene", "not
sold out").
"""
from __future__ import annotations

import datetime as dt

from .. import fields as F
from .. import layout as L
from ..assemble import Draft
from ..doc import Doc
from ..fmt import clock
from ..kit import Kit
from ..surface import rating, says


def _distinct(make, n: int) -> list[str]:
    """Up to `n` distinct values of `make()` (a few draws more than needed)."""
    out: list[str] = []
    for _ in range(n * 20):
        if len(out) == n:
            break
        v = make()
        if v not in out:
            out.append(v)
    return out


def _place(kit: Kit, forms: dict[str, tuple[str, ...]]) -> str:
    return kit.rng.choice(forms[kit.locale]).format(city=kit.fake.city(), last=kit.fake.last_name())


def _title(kit: Kit, spec: tuple[tuple[str, ...], dict[str, list[str]]], **more: list[str]) -> str:
    """A made-up title: one of the spec's forms, each `{name}` drawn from its word pool."""
    forms, pools = spec
    return kit.rng.choice(forms).format(**{k: kit.rng.choice(v) for k, v in {**pools, **more}.items()})


# ---- casting call ---------------------------------------------------------------------------

PRODUCTION_TYPES = {   # type: (a breakdown's type line, a post's phrase)
    "feature_film": ("Feature film", "an independent feature film"),
    "short_film": ("Short film", "a short film"),
    "stage_play": ("Stage play", "a new stage play"),
    "musical": ("Musical", "a new musical"),
    "tv_series": ("TV series", "a six-part television drama series"),
    "commercial": ("Commercial", "a TV and online commercial")}
STAGE = {"stage_play", "musical"}
PAY_BASES = {   # basis: (how a call writes it, amount range)
    "per_day": ((" per day", "/day", " a day"), (120, 650)),
    "per_week": ((" per week", " pw", " a week"), (380, 980)),
    "per_performance": ((" per performance", " per show"), (60, 260)),
    "flat_fee": ((" flat fee", " (flat fee, all-in)", " for the whole project"), (400, 3500))}
BASES_OF = {"feature_film": ["per_day", "flat_fee"], "short_film": ["flat_fee", "per_day"],
            "stage_play": ["per_week", "per_performance"], "musical": ["per_week"],
            "tv_series": ["per_day", "per_week"], "commercial": ["flat_fee", "per_day"]}
UNIONS = {"en_US": ("SAG-AFTRA", "Actors' Equity (AEA)"), "en_GB": ("Equity", "Equity/UK Theatre"),
          "de_DE": ("TV FFS (ver.di/BFFS)", "NV Bühne"),
          "fr_FR": ("convention collective du cinéma", "convention collective du spectacle vivant")}
COMPANIES = {   # (screen producers, stage producers)
    "en_US": (("{last} Pictures", "{last} & Co. Productions"), ("{city} Repertory Theater", "{last} Stage")),
    "en_GB": (("{last} Films", "{last} Productions Ltd"), ("{city} Playhouse", "{last} Theatre Company")),
    "de_DE": (("{last} Filmproduktion GmbH", "{last} Film"), ("Theater {city}", "Landesbühne {city}")),
    "fr_FR": (("{last} Productions", "Les Films {last}"), ("Théâtre de {city}", "Compagnie {last}"))}
STUDIOS = {"en_US": ("{last} Studios, {city}", "{city} Actors Center"),
           "en_GB": ("{last} Rehearsal Rooms, {city}", "Spotlight Rooms, {city}"),
           "de_DE": ("Probebühne {last}, {city}", "Studio {last}, {city}"),
           "fr_FR": ("Studio {last}, {city}", "Salle {last}, {city}")}
GENDERS = {"female": ("Female", "F", "a woman", "her"), "male": ("Male", "M", "a man", "his"),
           "any": ("Any gender", "Open", "open to any gender", "their")}
SIZES = ["Lead", "Supporting", "Featured", "Principal"]
ROLE_NOTES = ["Sharp, funny and hiding something from everyone.", "Charming, reckless and always broke.",
              "A retired police officer who cannot let an old case go.", "A night-shift nurse with a dry wit.",
              "The youngest of three siblings; restless and clever.", "Ambitious, precise, impatient.",
              "Runs the village pub and knows everybody's business.", "Warm outside, ruthless underneath.",
              "A nervous junior lawyer on a first big case.", "A widowed farmer, stubborn and kind.",
              "The company's new finance director and a hopeless liar.", "Comic role; one big wedding scene.",
              "A touring musician coming home after 20 years.",
              "Must be comfortable with a short scene of stage combat.",
              "Mostly non-speaking; strong physical presence needed."]
SKILLS = ["stage combat", "horse riding", "plays piano", "plays guitar", "sings (alto)",
          "sings (tenor)", "tap dance", "Irish accent", "Scottish accent", "fluent French",
          "full driving licence", "confident swimmer", "juggling", "sign language", "ballet",
          "puppetry", "fencing", "plays accordion", "skateboarding", "stand-up comedy"]
PRODUCTION_TITLES = (   # (title forms, word pools)
    ("The {a} {n}", "{a} {n}", "{n} of {n2}", "A {a} {n}"),
    {"a": ["Glass", "Silent", "Long", "Northern", "Paper", "Hollow", "Borrowed", "Crooked", "Golden",
           "Quiet", "Velvet", "Salt"],
     "n": ["Orchard", "Harbour", "Field", "Crossing", "Summer", "Lantern", "Ballroom", "Station",
           "Letter", "Kingdom"],
     "n2": ["Strangers", "Saints", "Thieves", "Small Hours", "Ash"]})
UNPAID = ["Unpaid (travel expenses covered)", "Expenses only, no fee",
          "Profit share; expenses paid", "Unpaid, credit and meals provided"]
CASTING_FIELDS = [
    F.text("production", "Production", ("Title of the production (not the company).",
                                        "Name of the project being cast."), "title",
           "production_title", "project"),
    F.choice("production_type", "Production type", "Kind of production being cast.",
             list(PRODUCTION_TYPES), "project_type", "type", keep=0.8),
    F.text("company", "Production company", "Company or theatre producing it, if named.",
           "producer", "production_company", optional=True, keep=0.6),
    F.text("casting_director", "Casting director",
           ("Person casting the roles (not the director or producer).", "Who is casting."),
           "casting_by", "casting_contact"),
    F.items("roles", "Roles", ("Each role being cast, in order.", "The casting breakdown."), [
        F.text("character", "Character", "Name of the role as written.", "role", "name"),
        F.choice("gender", "Gender", "Gender the role is cast as.", list(GENDERS), "sex",
                 keep=0.7),
        F.text("playing_age", "Playing age", "Playing age as written; null when open.",
               "age_range", "age", optional=True, keep=0.8),
    ], "breakdown", "characters"),
    F.date("deadline", "Submission deadline",
           ("Last day to submit (not the audition date or the date posted).",
            "Closing date for applications."), "submission_deadline", "apply_by"),
    F.date("audition_date", "Audition date",
           "First day of auditions, if given (not the recalls).", "auditions", "audition_day",
           optional=True, keep=0.7),
    F.date("start_date", "Start date", "First day of rehearsals or of filming, if given (not the "
           "end of the run or shoot).", "rehearsals_start", "shoot_start", optional=True, keep=0.6),
    F.text("location", "Location", "City or area where the production rehearses, films or "
           "performs (not the audition venue).", "based_in", "shoot_location", keep=0.7),
    F.number("pay_rate", "Pay rate", "Basic pay (per day, week or performance, or the flat fee) "
             "(not the per diem, holiday pay or buyout); null when unpaid.", "fee", "pay", "rate",
             optional=True),
    F.choice("pay_basis", "Pay basis", "What the pay rate is paid for; null when unpaid.",
             list(PAY_BASES), "pay_period", "rate_unit", nullable_decide=True, keep=0.6),
    F.flag("union", "Union production", "Whether the production works under a union or collective "
           "agreement (Equity, SAG-AFTRA or similar).", "union_contract", "is_union"),
    F.flag("self_tapes", "Self-tapes accepted", "Whether self-taped auditions are accepted.",
           "self_tape", "accepts_self_tapes", keep=0.6),
    F.strings("skills", "Special skills", "Special skills asked of the performers.",
              "special_skills", "skills_required", keep=0.7),
]


def _character(kit: Kit, gender: str) -> str:
    """A role's name that fits the gender it is cast as."""
    fake, rng = kit.fake, kit.rng
    if gender == "any":
        return rng.choice([f"Dr {fake.last_name()}", "The Stranger", "The Inspector", "The Ferryman",
                           "The Mayor", "Sam", "Alex", "Robin", "The Narrator", "Kit"])
    first = fake.first_name_female() if gender == "female" else fake.first_name_male()
    return rng.choice([first, first, f"{first} {fake.last_name()}",
                       f"{'Mrs' if gender == 'female' else 'Mr'} {fake.last_name()}",
                       rng.choice(["Sister Agnes", "The Landlady"] if gender == "female"
                                  else ["The Landlord", "Father Michael"])])


def _age(kit: Kit) -> str | None:
    rng = kit.rng
    lo, decade = rng.randrange(18, 70, 5), rng.randrange(20, 80, 10)
    return kit.maybe(rng.choice([f"{lo}-{lo + rng.choice([5, 10, 15])}", f"{lo}-{lo + 10}",
                                 f"{decade}s", f"late {decade}s", f"mid-{decade}s",
                                 f"early {decade}s", f"{lo}+"]), 0.9)


def casting_call(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    ptype = rng.choice(list(PRODUCTION_TYPES))
    stage = ptype in STAGE
    layout = rng.choice(["breakdown", "post", "markdown"])
    upper = layout == "breakdown" or kit.chance(0.3)
    genders = [rng.choice(["female", "female", "male", "male", "any"]) for _ in range(rng.randint(1, 6))]
    names: list[str] = []
    for g in genders:
        names.append(next((c for c in (_character(kit, g) for _ in range(30)) if c not in names), ""))
    roles = [{"character": c.upper() if upper else c, "gender": g, "playing_age": _age(kit)}
             for c, g in zip(names, genders) if c]
    sizes = [rng.choice(SIZES if i else SIZES[:1] * 3 + SIZES) for i in range(len(roles))]
    notes = rng.sample(ROLE_NOTES, len(roles))
    casting, director, producer = kit.names(3)
    posted = kit.day()
    deadline = kit.day(after=posted, within=28)      # then the auditions, then the first day
    audition = kit.maybe(kit.day(after=deadline + dt.timedelta(days=1), within=12), 0.75)
    start = kit.maybe(kit.day(after=(audition or deadline) + dt.timedelta(days=13), within=50), 0.7)
    unpaid = kit.chance(0.25 if ptype in ("short_film", "stage_play") else 0.05)
    basis = None if unpaid else rng.choice(BASES_OF[ptype])
    union = not unpaid and kit.chance(0.55)
    city = fake.city()
    company = _place(kit, {k: v[stage] for k, v in COMPANIES.items()})
    facts = {"production": _title(kit, PRODUCTION_TITLES),
             "production_type": ptype, "company": kit.maybe(company, 0.7),
             "casting_director": casting, "roles": roles, "deadline": deadline.isoformat(),
             "audition_date": audition.isoformat() if audition else None,
             "start_date": start.isoformat() if start else None,
             "location": rng.choice([city, city, f"{city} and surrounding area", f"{city} (on location)"]),
             "pay_rate": None if unpaid else float(rng.randrange(*PAY_BASES[basis][1], 5)),
             "pay_basis": basis, "union": union, "self_tapes": kit.chance(0.55),
             "skills": rng.sample(SKILLS, rng.choice([0, 0, 1, 2, 3, 4]))}
    if ptype == "musical" and kit.chance(0.6):
        facts["skills"].append("strong singing voice")
    studio = _place(kit, STUDIOS)
    union_name = UNIONS[kit.locale][stage]
    type_text = PRODUCTION_TYPES[ptype][0 if layout != "post" else 1]
    union_text = says(rng, union, (f"Union: {union_name}", f"Union contract: {union_name}",
                                   f"Paid at {union_name} rates, under a union agreement."),
                      ("Non-union.", f"Non-union production (no {union_name} contract).",
                       f"Union: none - no {union_name} agreement for this production."))
    tape_text = says(rng, facts["self_tapes"],
                     ("Self-tapes accepted.", "Self-tape auditions welcome: send a link with your "
                      "submission.", "Self-tape: yes"),
                     ("No self-tapes: in-person auditions only.", "Self-tapes are not accepted.",
                      "Self-tape: no"))
    if unpaid:
        pay = L.cell(rng.choice(UNPAID))
    else:
        pay = L.join(kit.money_cell(("pay_rate",), facts["pay_rate"]), L.cell(rng.choice(PAY_BASES[basis][0])))
        extra = rng.choice(["per diem", "buyout", None] if ptype == "commercial"
                           else ["per diem", "holiday" if kit.locale == "en_GB" else None, None])
        if extra == "per diem":
            pay = L.join(pay, L.cell(" + "), kit.money_cell(None, float(rng.choice([25, 30, 35, 45]))),
                         L.cell(" per diem"))
        elif extra == "holiday":
            pay = L.join(pay, L.cell(rng.choice([" plus 12.07% holiday pay", " + holiday pay"])))
        elif extra == "buyout":
            pay = L.join(pay, L.cell(" plus "), kit.money_cell(None, float(rng.randrange(800, 5000, 100))),
                         L.cell(" buyout (1 year, all media)"))
    pay_text = L.text_of(pay)
    evidence = {("production_type",): type_text, ("union",): union_text,
                ("self_tapes",): tape_text, ("pay_basis",): pay_text}
    start_label = rng.choice(["Rehearsals start", "Rehearsals from"] if stage
                             else ["Shoot starts", "Filming from", "Shoot dates from"])
    end_label = "Run ends" if stage else "Wrap"
    end = (start or posted) + dt.timedelta(days=rng.randint(20, 70) if stage else rng.randint(2, 30))
    lead = upper and kit.chance(0.5)

    def role_list(style: str) -> None:
        if style == "table":
            word = rng.choice([0, 1])
            L.table(doc, rng, ["Role", "Gender", rng.choice(["Playing age", "Age"]), "Type"], [
                [L.cell(r["character"], ("roles", i, "character")),
                 L.cell(GENDERS[r["gender"]][word]),
                 L.cell(r["playing_age"], ("roles", i, "playing_age")) if r["playing_age"]
                 else L.cell("open"), L.cell(sizes[i])] for i, r in enumerate(roles)])
            for i, r in enumerate(roles):
                evidence[("roles", i, "gender")] = GENDERS[r["gender"]][word]
            return
        for i, r in enumerate(roles):
            at = ("roles", i)
            g = GENDERS[r["gender"]]
            age = (at + ("playing_age",), r["playing_age"]) if r["playing_age"] else "any age"
            name = (at + ("character",), r["character"])
            if style == "blocks":    # "[MARGARET] Female, late 50s. Lead."
                head = "[{name}] " if lead else "{name} - "
                evidence[at + ("gender",)] = L.fill(doc, head + "{g}, {age}. {size}.", name=name,
                                                   g=g[rng.choice([0, 1])], age=age, size=sizes[i])
                doc.line().line(notes[i]).line()
            elif style == "bullets":    # "- Anna (female, late 20s): ..."
                evidence[at + ("gender",)] = L.fill(doc, "- {name} ({g}, {age}): ", name=name,
                                                   g=g[0].lower(), age=age)
                doc.line(notes[i])
            else:                       # "Anna (lead) is a woman in her late 20s."
                phrase = ("in {p} {age}" if r["playing_age"] and not r["playing_age"][0].isdigit()
                          else "playing age {age}").replace("{p}", g[3])
                evidence[at + ("gender",)] = L.fill(
                    doc, "{name} ({size}) is {g}, " + phrase + ". ", name=name, size=sizes[i].lower(),
                    g=g[2], age=age)
                doc.line(notes[i])

    def dates() -> list[tuple[str, L.Cell]]:
        rows = [(rng.choice(["Submission deadline", "Deadline", "Apply by"]),
                 kit.date_cell(("deadline",), deadline))]
        if audition:
            rows.append((rng.choice(["Auditions", "Audition date"]),
                         L.join(kit.date_cell(("audition_date",), audition), L.cell(f" at {studio}"))))
            if kit.chance(0.5):
                rows.append(("Recalls", kit.date_cell(None, audition + dt.timedelta(days=rng.randint(2, 6)))))
        if start:
            rows.append((start_label, kit.date_cell(("start_date",), start)))
            rows.append((end_label, kit.date_cell(None, end)))
        return rows

    skills_label = rng.choice(["Special skills", "Skills required", "Useful skills"])
    skills_none = rng.choice(["No special skills required.", "Special skills: none"])
    if layout == "breakdown":   # a casting platform's breakdown
        doc.line(rng.choice(["CASTING BREAKDOWN", "Casting Call", "BREAKDOWN"]))
        kit.date(doc.add("Posted "), None, posted).line().line()
        rows = [("Project", L.cell(facts["production"], ("production",))), ("Type", L.cell(type_text))]
        if facts["company"]:
            rows.append(("Production company", L.cell(facts["company"], ("company",))))
        rows += [("Director", L.cell(director)), ("Producer", L.cell(producer)),
                 ("Casting director", L.cell(casting, ("casting_director",))),
                 ("Location", L.cell(facts["location"], ("location",))), ("Pay", pay)]
        L.kv(doc, rng, rows + dates(), rng.choice(["colon", "aligned", "dots", "grid", "stacked"]))
        doc.line().line(union_text).line()
        kit.pad(doc)
        doc.line(rng.choice(["ROLES", "Roles", "Characters"]))
        role_list(rng.choice(["blocks", "blocks", "table"]))
        doc.line()
    else:
        heading = "## " if layout == "markdown" else ""
        if layout == "markdown":
            doc.add("# Casting: ").put(("production",), facts["production"]).line().line()
        else:
            doc.add(rng.choice(["CASTING CALL: ", "Now casting - ", "Actors wanted: "]))
            doc.put(("production",), facts["production"]).line().line()
        if facts["company"]:
            doc.put(("company",), facts["company"]).add(" is casting ")
        else:
            doc.add("We are casting ")
        doc.add(type_text if layout == "post" else f"a {type_text.lower()}").add(", ")
        doc.put(("production",), facts["production"]).add(", directed by ").add(director)
        doc.add(rng.choice([", based in ", ", in "])).put(("location",), facts["location"]).line(".")
        if layout == "markdown":
            doc.line(f"Type: {type_text}")
        doc.add("Casting by ").put(("casting_director",), casting).line(f" - producer: {producer}")
        doc.line().line(f"{heading}{rng.choice(['Roles', 'We are looking for', 'Parts available'])}")
        kit.pad(doc)
        role_list(rng.choice(["bullets", "prose", "table"]) if layout == "markdown"
                  else rng.choice(["bullets", "prose", "blocks"]))
        doc.line().line(f"{heading}{rng.choice(['Dates and pay', 'Details', 'The practical bit'])}")
        L.write(doc.add("Pay: "), pay).line()
        L.kv(doc, rng, dates(), rng.choice(["colon", "aligned", "pipe"] if layout == "markdown"
                                           else ["colon", "aligned"]))
        doc.line(union_text)
    L.string_list(doc, rng, "skills", facts["skills"], skills_label, skills_none, ["- ", "* ", "\u2022 "])
    doc.line(tape_text)
    doc.add(rng.choice(["Please send CV and headshot to ", "Submissions with CV and photo to "]))
    doc.line(f"{fake.email()} by the deadline; only shortlisted actors will be contacted.")
    kit.pad(doc)
    return Draft(("Casting call", "Casting breakdown", "Audition notice"), CASTING_FIELDS, facts,
                 doc, evidence)


# ---- exhibition price list ------------------------------------------------------------------

GALLERIES = {"en_US": ("{last} Fine Art", "{last} Gallery", "The {city} Art Center"),
             "en_GB": ("{last} Gallery", "{last} Contemporary", "{city} Arts Centre"),
             "de_DE": ("Galerie {last}", "Kunstverein {city}", "Galerie {last} & Partner"),
             "fr_FR": ("Galerie {last}", "Espace {last}", "Centre d'art de {city}")}
SHOW_TYPES = {"solo": ("Solo exhibition", "a solo exhibition of new work by"),
              "group": ("Group exhibition", "a group exhibition bringing together"),
              "retrospective": ("Retrospective", "the first retrospective of the work of")}
MEDIA = {   # medium: (kind of work, price range)
    "Oil on canvas": ("painting", (1200, 18000)), "Acrylic on linen": ("painting", (1000, 12000)),
    "Oil on board": ("painting", (800, 6000)), "Watercolour on paper": ("paper", (300, 2600)),
    "Charcoal on paper": ("paper", (250, 2200)), "Ink and gouache on paper": ("paper", (300, 2800)),
    "Linocut": ("print", (150, 900)), "Etching": ("print", (180, 1100)),
    "Screenprint": ("print", (150, 800)), "Archival pigment print": ("print", (400, 3200)),
    "Bronze": ("sculpture", (2500, 24000)), "Glazed stoneware": ("sculpture", (600, 5500)),
    "Carved oak": ("sculpture", (1500, 9000))}
WORK_TITLES = (
    ("{n} {k}", "Untitled ({c})", "Study for {n}", "{n}, {t}", "{c} {n}", "{n} ({t})", "{t}"),
    {"n": ["Harbour", "Window", "Field", "Tide", "Orchard", "Quarry", "Studio", "Garden", "Estuary",
           "Ridge", "Lantern", "Threshold", "Nocturne", "Interior", "Shoreline"],
     "c": ["Grey", "Blue", "Ochre", "Green", "White", "Red", "Umber", "Violet"],
     "t": ["Morning", "Evening", "Winter", "Late Light", "Low Tide", "Rain", "August"],
     "k": ["I", "II", "III", "IV", "2", "3", "7"]})
SHOW_TITLES = (("{p} the {n}", "{n} and {m}", "{a} {n}", "{n}"),
               {"p": ["After", "Under", "Against", "Towards", "Beyond"],
                "n": ["Weather", "Tide", "Wall", "Silence", "Horizon", "Garden", "Flood"],
                "m": ["Ash", "Salt", "Stone", "Smoke", "Light"],
                "a": ["Paper", "Low", "Slow", "Borrowed", "Common", "Second"]})
WORK_FIELDS = [
    F.text("title", "Title", "Title of the work.", "work_title", "name"),
    F.integer("year", "Year", "Year the work was made; null when undated.", "date_made", "made",
              optional=True, keep=0.6),
    F.text("medium", "Medium", "Medium or materials as written (not the dimensions).",
           "materials", "technique", keep=0.5),
    F.number("price", "Price", "Asking price; null when not for sale or on application.",
             "asking_price", "price_amount", optional=True),
    F.flag("sold", "Sold", "Whether the work is marked as sold.", "is_sold", keep=0.7),
]
EXHIBITION_FIELDS = [
    F.text("exhibition_title", "Exhibition title", ("Title of the exhibition (not a work's title).",
                                                    "Name of the show."), "title", "exhibition"),
    F.text("gallery", "Gallery", "Gallery or venue showing the exhibition.", "venue", "gallery_name"),
    F.text("curator", "Curator", "Curator of the exhibition, if named (not the gallery director).",
           "curated_by", optional=True, keep=0.6),
    F.choice("exhibition_type", "Exhibition type", "Kind of exhibition.", list(SHOW_TYPES),
             "show_type", "format", option_descriptions=(
                 "New or recent work by one artist", "Works by several artists",
                 "A survey of one artist's whole career"), keep=0.8),
    F.strings("artists", "Artists", "Artists whose work is shown.", "exhibiting_artists",
              "artist_names"),
    F.date("opening_date", "Opening date",
           ("First day open to the public (not the private view).", "Date the show opens."),
           "opens", "start_date"),
    F.date("closing_date", "Closing date", "Last day of the exhibition.", "closes", "end_date",
           keep=0.8),
    F.number("admission_fee", "Admission", "Full adult admission price (not the concession or "
             "the catalogue); null when admission is free.", "entry_fee", "ticket_price",
             optional=True, keep=0.6),
    F.flag("prices_include_vat", "Prices include tax", "Whether the listed prices include VAT or "
           "sales tax.", "vat_included", "tax_inclusive", keep=0.7),
    F.items("works", "Works", ("Each work on the list, in catalogue order.",
                               "The list of works with prices."), WORK_FIELDS,
            "list_of_works", "price_list"),
]


def exhibition_catalogue(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    kind = rng.choice(["solo", "solo", "group", "retrospective"])
    *artists, curator, director = kit.names(7)
    artists = artists[:1] if kind != "group" else artists[:rng.randint(2, 5)]
    sponsor = fake.company().rstrip(".")
    opening = kit.day()
    closing = opening + dt.timedelta(days=rng.randint(20, 90))
    layout = rng.choice(["price_list", "catalogue", "announcement"])
    n = 0 if layout == "announcement" and kit.chance(0.1) else rng.randint(2, 9)
    media = [rng.choice(list(MEDIA)) for _ in range(n)]
    works, makers, sizes, poas = [], [], [], []
    us = kit.locale == "en_US"
    for title, medium in zip(_distinct(lambda: _title(kit, WORK_TITLES), n), media):
        kind_of, (lo, hi) = MEDIA[medium]
        year = (rng.randint(1965, opening.year) if kind == "retrospective"
                else rng.randint(opening.year - 3, opening.year))
        nfs = kit.chance(0.45 if kind == "retrospective" else 0.08)
        poa = not nfs and kit.chance(0.08)
        price = None if nfs or poa else float(rng.randrange(lo, hi, 50))
        works.append({"title": title, "year": kit.maybe(year, 0.9), "medium": medium,
                      "price": price, "sold": price is not None and kit.chance(0.3)})
        makers.append(rng.choice(artists))
        poas.append(poa)
        top = {"painting": 180, "sculpture": 120}.get(kind_of, 80)
        dims = [rng.randrange(15, top, 5) for _ in range(3 if kind_of == "sculpture" else 2)]
        size = " x ".join(str(round(d / 2.54)) if us else str(d) for d in dims) + (" in" if us else " cm")
        if kind_of == "print":
            size += f", edition of {rng.choice([10, 15, 20, 25, 30, 50])}"
        sizes.append(size)
    free = kit.chance(0.55)
    admission = None if free else float(rng.choice([5, 6, 7.5, 8, 9, 10, 12, 14]))
    facts = {"exhibition_title": _title(kit, SHOW_TITLES),
             "gallery": _place(kit, GALLERIES), "curator": kit.maybe(curator, 0.6),
             "exhibition_type": kind, "artists": artists, "opening_date": opening.isoformat(),
             "closing_date": closing.isoformat(), "admission_fee": admission,
             "prices_include_vat": kit.chance(0.6), "works": works}
    type_text = SHOW_TYPES[kind][0]
    tax = "sales tax" if us else "VAT"
    vat_text = says(rng, facts["prices_include_vat"],
                    (f"All prices include {tax}.", f"Prices are inclusive of {tax}."),
                    (f"Prices exclude {tax}.", f"{tax[0].upper()}{tax[1:]} will be added to the prices "
                     "shown.", f"Prices do not include {tax}."))
    evidence = {("exhibition_type",): type_text, ("prices_include_vat",): vat_text}
    private_view = opening - dt.timedelta(days=rng.choice([1, 1, 2, 7]))
    printed = opening + dt.timedelta(days=rng.randint(0, 15))
    dot = rng.choice(["\u25cf", "(red dot)", "*"])

    def price_cell(i: int, w: dict) -> L.Cell:
        if w["price"] is not None:
            return kit.money_cell(("works", i, "price"), w["price"])
        return L.cell(rng.choice(["POA", "Price on application"]) if poas[i] else "NFS")

    def year_cell(i: int, w: dict) -> L.Cell:
        return kit.count_cell(("works", i, "year"), w["year"]) if w["year"] else L.cell("n.d.")

    def work_list(style: str) -> None:
        group = kind == "group"
        if style == "table":
            words = rng.choice([("Sold", "Available"), ("SOLD", "avail."), ("sold", "available")])
            status = [words[0] if w["sold"] else words[1] if w["price"] or poas[i] else "Lent"
                      for i, w in enumerate(works)]
            L.table(doc, rng, ["No.", "Title"] + ["Artist"] * group + ["Year", "Medium", "Size",
                                                                        "Price", "Status"], [
                [L.cell(str(i + 1)), L.cell(w["title"], ("works", i, "title"))] + [L.cell(makers[i])] * group
                + [year_cell(i, w), L.cell(w["medium"], ("works", i, "medium")), L.cell(sizes[i]),
                   price_cell(i, w), L.cell(status[i])] for i, w in enumerate(works)])
            evidence.update({("works", i, "sold"): status[i] for i in range(len(works))})
            return
        if style == "lines" and works:
            doc.line(rng.choice([f"Works marked {dot} are sold.", f"{dot} = sold"]))
        for i, w in enumerate(works):
            at = ("works", i)
            if style == "entries":  # a catalogue entry over several lines
                doc.line(str(i + 1))
                doc.put(at + ("title",), w["title"]).line()
                if group:
                    doc.line(makers[i])
                L.write(doc, year_cell(i, w)).line()
                doc.put(at + ("medium",), w["medium"]).line(f", {sizes[i]}")
                start = len(doc)
                L.write(doc, price_cell(i, w))
                if w["sold"]:
                    doc.add(rng.choice([" - sold", " (SOLD)", " \u25cf sold"]))
                elif w["price"] is not None and kit.chance(0.5):
                    doc.add(" - available")
                evidence[at + ("sold",)] = doc.text_since(start)
                doc.line().line()
                continue
            start = len(doc)    # "3. Low Tide, 2021. Oil on canvas, 60 x 80 cm. £2,400.00 ●"
            doc.add(f"{i + 1}. ").put(at + ("title",), w["title"])
            if group:
                doc.add(f" - {makers[i]}")
            L.write(doc.add(", "), year_cell(i, w)).add(". ")
            doc.put(at + ("medium",), w["medium"]).add(f", {sizes[i]}. ")
            L.write(doc, price_cell(i, w))
            if w["sold"]:
                doc.add(f" {dot}")
            evidence[at + ("sold",)] = doc.text_since(start)
            doc.line()

    def admission_line() -> None:
        if free:
            doc.line(rng.choice(["Admission free.", "Free entry, all welcome.", "Admission: free"]))
        else:
            kit.money(doc.add(rng.choice(["Admission ", "Tickets: ", "Entry "])), ("admission_fee",),
                      admission)
            kit.money(doc.add(", concessions "), None, admission - rng.choice([2, 2.5, 3]))
            doc.line(rng.choice([", members free.", "."]))
        if kit.chance(0.5):
            kit.money(doc.add("Exhibition catalogue available at the desk, "), None,
                      float(rng.choice([12, 15, 18, 20, 25]))).line(".")

    curated = [rng.choice(["Curated by ", "Curator: "]), facts["curator"]] if facts["curator"] else []
    if layout == "price_list":  # the sheet on the front desk
        doc.put(("gallery",), facts["gallery"]).line().line()
        doc.put(("exhibition_title",), facts["exhibition_title"]).line()
        L.series(doc, ("artists",), artists, rng.choice([" and ", " & ", ", "])).line()
        kit.date(doc, ("opening_date",), opening).add(" - ")
        kit.date(doc, ("closing_date",), closing).line()
        doc.line(type_text)
        if curated:
            doc.add(curated[0]).put(("curator",), curated[1]).line()
        kit.date(doc.add("Private view: "), None, private_view).line(", 6-8pm")
        doc.line()
        kit.date(doc.add(rng.choice(["PRICE LIST as at ", "List of works - prices as of "])), None,
                 printed).line()
        kit.pad(doc)
        work_list(rng.choice(["table", "table", "lines"]))
        doc.line().line(vat_text)
        admission_line()
        doc.line(f"Gallery director: {director}")
    else:
        if layout == "catalogue":   # the printed catalogue's text
            doc.add("# ").put(("exhibition_title",), facts["exhibition_title"]).line().line()
            doc.line(f"{type_text}").line()
        else:                       # the gallery's e-mail announcement
            doc.line(f"Subject: {facts['exhibition_title']} - opening soon").line()
        doc.put(("gallery",), facts["gallery"]).add(" presents ")
        doc.put(("exhibition_title",), facts["exhibition_title"])
        doc.add(f", {SHOW_TYPES[kind][1]} ")
        L.series(doc, ("artists",), artists).line(".")
        if layout == "announcement":
            doc.line(type_text + ".")
        kit.date(doc.add("The exhibition opens to the public on "), ("opening_date",), opening)
        kit.date(doc.add(" and runs until "), ("closing_date",), closing)
        kit.date(doc.add("; the private view is on "), None, private_view).line(".")
        if curated:
            doc.add(curated[0]).put(("curator",), curated[1]).add(f"; supported by {sponsor}")
            doc.line(f". Gallery director: {director}.")
        else:
            doc.line(f"Supported by {sponsor}.")
        doc.line()
        kit.pad(doc)
        doc.line(("## " if layout == "catalogue" else "") + rng.choice(["List of works", "Works and prices",
                                                                      "Checklist"]))
        doc.line()
        work_list(rng.choice(["entries", "lines"]) if layout == "catalogue"
                  else rng.choice(["lines", "table"]))
        if not works:
            doc.line("The list of works will be published at the opening.")
        doc.line().line(vat_text)
        admission_line()
    kit.pad(doc)
    return Draft(("Exhibition price list", "Exhibition catalogue", "List of works"),
                 EXHIBITION_FIELDS, facts, doc, evidence)


# ---- film review ----------------------------------------------------------------------------

GENRES = {   # genre: how a review names it ("a slow-burn thriller")
    "drama": ("family drama", "period drama", "courtroom drama"),
    "comedy": ("comedy", "black comedy", "farce"),
    "thriller": ("thriller", "slow-burn thriller", "psychological thriller"),
    "horror": ("horror film", "folk-horror tale", "haunted-house horror"),
    "science_fiction": ("science-fiction film", "space opera", "sci-fi parable"),
    "documentary": ("documentary", "observational documentary", "archive documentary"),
    "animation": ("animated feature", "stop-motion animation", "hand-drawn animated film"),
    "romance": ("romance", "love story", "period romance")}
STARS = {1: "awful", 2: "poor", 3: "good", 4: "very good", 5: "outstanding"}
CERTIFICATES = {"en_US": ("G", "PG", "PG-13", "R"), "en_GB": ("U", "PG", "12A", "15", "18"),
                "de_DE": ("FSK 0", "FSK 6", "FSK 12", "FSK 16", "FSK 18"),
                "fr_FR": ("Tous publics", "Interdit aux moins de 12 ans", "Interdit aux moins de 16 ans")}
SUBTITLES = {"en_US": "with English subtitles", "en_GB": "with English subtitles",
             "de_DE": "with German subtitles (OmU)", "fr_FR": "with French subtitles (VOSTF)"}
LANGUAGES = ["French", "German", "Korean", "Spanish", "Japanese", "Danish", "Italian", "Persian",
             "Portuguese", "Polish", "Romanian", "Turkish"]
PLATFORMS = {"en_US": ["Netflix", "Hulu", "Max", "Prime Video", "Apple TV+", "Criterion Channel"],
             "en_GB": ["BBC iPlayer", "MUBI", "BFI Player", "Curzon Home Cinema", "Netflix", "Prime Video"],
             "de_DE": ["ARD Mediathek", "Arte", "MUBI", "Netflix", "Prime Video", "Sky"],
             "fr_FR": ["Canal+", "Arte.tv", "MUBI", "Netflix", "France.tv", "LaCinetek"]}
FILM_TITLES = (("The {a} {n}", "{a} {n}", "{n}", "The {n}", "A {a} {n}"),
               {"a": ["Burning", "Crimson", "Last", "Endless", "Secret", "Bitter", "Brave", "Pale",
                      "Distant", "Small"],
                "n": ["Season", "Witness", "Mountain", "Return", "Daughter", "Signal", "Border",
                      "Archive", "Harvest", "Orbit", "Confession", "Passenger"]})
FESTIVALS = ["Cannes", "Venice", "the Berlinale", "Toronto", "Sundance", "Locarno", "San Sebastián",
             "the London Film Festival", "Telluride"]
PLOTS = ["{c1} returns to {place} after twenty years and finds {c2} still running the family farm.",
         "{c1}, a ferry pilot, takes one last crossing with {c2} on board.",
         "{c1} is the only one who believes something is wrong when {c2} disappears.",
         "{c1} and {c2} meet on a night train to {place} and cannot quite part.",
         "A summer in {place} tests the friendship between {c1} and {c2}.",
         "{c1} inherits a crumbling cinema in {place}, and {c2} wants to buy it."]
DOC_PLOTS = ["It follows a year in the life of a small hospital in {place}.",
             "It pieces together the story of a forgotten jazz label from {place}.",
             "It spends a winter with the last fishing crews of {place}."]
VERDICTS = {5: ("A masterpiece, and the best film of the year so far.", "Unmissable."),
            4: ("Flawed in places but richly rewarding.", "Well worth the ticket."),
            3: ("Good company, if never quite as sharp as it thinks.", "Uneven but watchable."),
            2: ("A few fine moments lost in a muddle.", "Hard to recommend."),
            1: ("A chore from start to finish.", "Best avoided.")}
FILM_FIELDS = [
    F.text("film_title", "Film title", ("Title of the film reviewed (not the review's headline).",
                                        "Name of the film."), "title", "film", "movie_title"),
    F.text("director", "Director", "Director of the film (not the screenwriter or the critic).",
           "directed_by", "filmmaker"),
    F.text("critic", "Critic", "Who wrote the review.", "reviewer", "author", keep=0.7),
    F.score("rating", "Rating", ("The critic's star rating (not the readers' or audience score).",
                                 "Stars given by the reviewer."), STARS, "stars", "star_rating"),
    F.integer("running_time", "Running time (min)",
              "Running time in minutes (not the length of a festival cut).", "runtime_minutes",
              "runtime", "length_min"),
    F.date("release_date", "Release date", "Date the film opens in cinemas, if given (not the "
           "festival premiere, the streaming date or the date of the review).", "opens",
           "in_cinemas_from", optional=True, keep=0.7),
    F.choice("genre", "Genre", "Genre of the film.", list(GENRES), "category", keep=0.8),
    F.text("age_rating", "Age rating", "Age certificate or classification as written, if given.",
           "certificate", "classification", optional=True, keep=0.6),
    F.text("original_language", "Original language", "Language the film is in, if stated.",
           "language", optional=True, keep=0.5),
    F.items("cast", "Cast", ("The cast as credited, in order.", "Actors and their roles."), [
        F.text("actor", "Actor", "Performer's name.", "name", "performer"),
        F.text("character", "Character", "Role played; null when not given.", "role", "as",
               optional=True, keep=0.7),
    ], "starring", "cast_list"),
    F.flag("post_credits_scene", "Post-credits scene", "Whether there is a scene after the credits.",
           "stinger", "after_credits_scene", keep=0.5),
    F.strings("streaming_services", "Streaming on", "Streaming services the film is said to be "
              "on; empty when it is only in cinemas.", "where_to_watch", "platforms", keep=0.6),
]


def film_review(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    genre = rng.choice(list(GENRES))
    stars = rng.choice([1, 2, 2, 3, 3, 3, 4, 4, 4, 5])
    director, critic, writer, dop, composer = people = kit.names(5)
    n = 0 if genre == "documentary" else rng.randint(1, 6)
    with_chars = n > 0 and kit.chance(0.75)
    cast, chars = [], []
    for female in (kit.chance(0.5) for _ in range(n)):     # a role of the actor's gender
        first = fake.first_name_female if female else fake.first_name_male
        actor = next(a for a in iter(fake.name_female if female else fake.name_male, None) if a not in people)
        char = next(c for c in iter(lambda: rng.choice([first(), first(), f"{first()} {fake.last_name()}"]),
                                    None) if c not in chars)
        people.append(actor)
        chars.append(char)
        cast.append({"actor": actor, "character": char if with_chars else None})
    release = kit.day()
    running = rng.randint(78, 165)
    facts = {"film_title": _title(kit, FILM_TITLES),
             "director": director, "critic": critic, "rating": stars, "running_time": running,
             "release_date": kit.maybe(release.isoformat(), 0.7), "genre": genre,
             "age_rating": kit.maybe(rng.choice(CERTIFICATES[kit.locale]), 0.7),
             "original_language": kit.maybe(rng.choice(LANGUAGES), 0.35), "cast": cast,
             "post_credits_scene": kit.chance(0.3),
             "streaming_services": rng.sample(PLATFORMS[kit.locale], rng.choice([0, 0, 1, 2, 3]))}
    title = facts["film_title"]
    phrase = rng.choice(GENRES[genre])
    genre_text = f"{'an' if phrase[0] in 'aeio' else 'a'} {phrase}"
    star_text = rating(rng, stars)[1]
    credits_text = says(rng, facts["post_credits_scene"],
                        ("Stay for the post-credits scene.", "There is a short scene after the credits."),
                        ("No post-credits scene, so no need to stay.", "There is nothing after the credits."))
    evidence = {("genre",): genre_text, ("rating",): star_text, ("post_credits_scene",): credits_text}
    premiere = release - dt.timedelta(days=rng.randint(60, 240))
    published = release - dt.timedelta(days=rng.randint(0, 4))
    festival = rng.choice(FESTIVALS)
    place = fake.city()
    readers = kit.style.decimal(rng.uniform(1.5, 4.9), 1)
    # the plot names the characters only when the cast list says who plays them
    roles = rng.sample(["a widowed teacher", "a young ferry pilot", "an ageing boxer", "a night nurse",
                        "a struggling painter", "a retired detective"], 2)
    who = [(("cast", i, "character"), c) for i, c in enumerate(chars)] if with_chars else roles

    def cast_block(style: str) -> None:
        if not cast:
            doc.line(rng.choice(["Featuring interviews with the people who lived it.", ""]))
            return
        if style == "table" and with_chars:
            L.table(doc, rng, ["Actor", "Role"], [
                [L.cell(c["actor"], ("cast", i, "actor")), L.cell(c["character"], ("cast", i, "character"))]
                for i, c in enumerate(cast)], rng.choice(["pipe", "aligned", "grid"]))
            return
        if style == "bullets":
            for i, c in enumerate(cast):
                doc.add("- ").put(("cast", i, "actor"), c["actor"])
                if with_chars:
                    doc.add(" as ").put(("cast", i, "character"), c["character"])
                doc.line()
            return
        doc.add(rng.choice(["Voices: " if genre == "animation" else "Starring ", "Cast: ", "With "]))
        for i, c in enumerate(cast):     # "Ada Brandt (Mira), Tom Hale (Jonas) and ..."
            doc.add("" if i == 0 else " and " if i == n - 1 else ", ").put(("cast", i, "actor"), c["actor"])
            if with_chars:
                doc.add(" (").put(("cast", i, "character"), c["character"]).add(")")
        doc.line(".")

    def prose(short: bool) -> None:
        L.fill(doc, "{title}, the " + rng.choice(["second", "third", "debut", "fourth", "latest"])
              + " feature from {director}, is " + genre_text + " set in " + place + ". ",
              title=(("film_title",), title), director=(("director",), director))
        if genre == "documentary":
            doc.line(rng.choice(DOC_PLOTS).format(place=place))
        else:
            plot = rng.choice(PLOTS)
            two = len(who) > 1 or "{c2}" not in plot
            if not two:
                plot = "{c1} " + rng.choice(["has one summer in {place} to put things right.",
                                             "is the only witness to a crime nobody reports."])
            c = L.template(plot + "\n", place=place, c1=who[0], **({"c2": who[1]} if len(who) > 1 else {}))
            L.write(doc, ((c[0][0][:1].upper() + c[0][0][1:], c[0][1]),) + c[1:])
        if short:
            doc.line(rng.choice(VERDICTS[stars]))
            return
        doc.line()
        if cast and with_chars:
            L.fill(doc, "{actor} " + rng.choice(["is superb as {char}", "makes {char} believable",
                                                 "cannot do much with {char}"]) + ". ",
                  actor=(("cast", 0, "actor"), cast[0]["actor"]), char=(("cast", 0, "character"), chars[0]))
        doc.add(f"{dop}'s cinematography " + rng.choice(["is ravishing", "is muddy", "does the heavy lifting"]))
        doc.line(f", and {composer}'s score " + rng.choice(["never lets up.", "is used sparingly.",
                                                            "tells us what to feel."]))
        doc.add(f"The script, by {writer}, " + rng.choice(["sags in the middle", "is tight", "over-explains"]))
        if kit.chance(0.5):
            doc.add(f"; at least this version is shorter than the {running + rng.randint(6, 25)}-minute "
                    f"cut that premiered at {festival}")
        doc.line(".").line().line(rng.choice(VERDICTS[stars]))

    def facts_lines() -> list[tuple[str, L.Cell]]:
        rows = [(rng.choice(["Director", "Directed by"]), L.cell(director, ("director",))),
                ("Screenplay", L.cell(writer))]
        if facts["age_rating"]:
            rows.append((rng.choice(["Certificate", "Rated", "Age rating"]),
                         L.cell(facts["age_rating"], ("age_rating",))))
        rows.append((rng.choice(["Running time", "Runtime"]),
                     L.join(kit.count_cell(("running_time",), running), L.cell(" min"))))
        if facts["original_language"]:
            rows.append(("Language", L.join(L.cell(facts["original_language"], ("original_language",)),
                                            L.cell(f" {SUBTITLES[kit.locale]}"))))
        if facts["release_date"]:
            rows.append((rng.choice(["In cinemas", "Release", "Released"]),
                         kit.date_cell(("release_date",), release)))
        return rows

    def where() -> None:
        services = facts["streaming_services"]
        if services:
            doc.add(rng.choice(["Streaming on ", "Also available on ", "Where to watch: "]))
            L.series(doc, ("streaming_services",), services).add(" from ")
            kit.date(doc, None, release + dt.timedelta(days=rng.randint(30, 120))).line(".")
        elif kit.chance(0.6):
            doc.line(rng.choice(["In cinemas only for now.", "Not yet streaming anywhere."]))

    layout = rng.choice(["newspaper", "capsule", "blog"])
    if layout == "newspaper":
        doc.put(("film_title",), title).add(" review - ").line(rng.choice(VERDICTS[stars]).rstrip(".").lower())
        doc.add("By ").put(("critic",), critic).add(", ")
        kit.date(doc, None, published).line()
        doc.line(star_text).line()
        kit.pad(doc)
        prose(False)
        doc.line(f"Readers' rating: {readers}/5")
        doc.line().line(credits_text).line()
        style = rng.choice(["line", "line", "bullets"])
        if style == "bullets" and cast:
            doc.line(rng.choice(["Cast:", "Voice cast:" if genre == "animation" else "Starring:"]))
        cast_block(style)
        L.kv(doc, rng, facts_lines(), rng.choice(["colon", "aligned"]))
        kit.date(doc.add(f"World premiere: {festival.removeprefix('the ')}, "), None, premiere).line()
        where()
    elif layout == "capsule":   # a listings magazine's short review
        doc.put(("film_title",), title).line(f" ({release.year})")
        doc.add(star_text)
        if facts["age_rating"]:
            doc.add(" | ").put(("age_rating",), facts["age_rating"])
        kit.count(doc.add(" | "), ("running_time",), running).add(rng.choice([" min", " mins", " minutes"]))
        doc.add(" | Dir. ").put(("director",), director).line()
        if facts["original_language"]:
            doc.add("In ").put(("original_language",), facts["original_language"])
            doc.line(f" {SUBTITLES[kit.locale]}")
        cast_block("line")
        kit.pad(doc)
        prose(True)
        if facts["release_date"]:
            kit.date(doc.add(rng.choice(["Out ", "In cinemas from ", "Released "])), ("release_date",),
                     release).line(".")
        where()
        doc.line(credits_text)
        doc.add(rng.choice(["Reviewed by ", "- "])).put(("critic",), critic).line()
    else:                       # a film blog in markdown
        doc.add("# Review: ").put(("film_title",), title).line(f" ({release.year})")
        doc.add("*by ").put(("critic",), critic).add(", ")
        kit.date(doc, None, published).line("*").line()
        for label, c in facts_lines():
            L.write(doc.add(f"**{label}:** "), c).line("  ")
        doc.line(f"**Genre:** {rng.choice(GENRES[genre]).capitalize()}  ")
        doc.line().line("## The cast").line()
        cast_block(rng.choice(["table", "bullets"]))
        doc.line().line("## Review").line()
        kit.pad(doc)
        prose(False)
        doc.line(credits_text).line().line("## Verdict").line()
        doc.line(f"Rating: {star_text}" if kit.chance(0.5) else star_text)
        doc.line(f"Audience score: {rng.randint(40, 98)}%")
        where()
    kit.pad(doc)
    return Draft(("Film review", "Movie review", "Film critique"), FILM_FIELDS, facts, doc, evidence)


# ---- concert setlist ------------------------------------------------------------------------

VENUE_KINDS = {   # type: (venue names by locale, capacity range, how a report says it)
    "club": ({"en_US": ("The {last} Room", "{last}'s Bar", "The Echo, {city}"),
              "en_GB": ("The {last} Arms", "{city} Social Club", "The Cellar, {city}"),
              "de_DE": ("Club {last}", "Kulturkeller {city}", "{last}-Bar"),
              "fr_FR": ("Le {last} Club", "La Cave {last}", "Le Petit {last}")},
             (200, 900), ("Club show", "Small club gig", "Sweaty club show")),
    "theatre": ({"en_US": ("The {city} Theater", "{last} Music Hall"),
                 "en_GB": ("{city} Playhouse", "The {last} Theatre"),
                 "de_DE": ("Stadttheater {city}", "{last}-Saal"),
                 "fr_FR": ("Théâtre {last}", "Salle {last}")},
                (900, 3200), ("Theatre show, all seated", "Seated theatre show")),
    "arena": ({"en_US": ("{city} Arena", "{last} Center"), "en_GB": ("{city} Arena", "The {last} Arena"),
               "de_DE": ("{city}-Arena", "Halle {city}"), "fr_FR": ("Zénith de {city}", "Arena {city}")},
              (6000, 18000), ("Arena show", "Arena gig, standing floor")),
    "festival": ({"en_US": ("{city} Fest, Main Stage", "{last} Music Festival, Main Stage"),
                  "en_GB": ("{city} Festival, Park Stage", "{last}fest, Main Stage"),
                  "de_DE": ("{city} Open Air, Hauptbühne", "{last}-Festival, Main Stage"),
                  "fr_FR": ("Festival de {city}, Grande Scène", "{last} Festival, Scène principale")},
                 (15000, 70000), ("Festival set", "Festival headline slot"))}
BANDS = (("The {a} {p}", "{a} {p}", "{first} {last}", "{first} & the {p}", "{last}"),
         {"a": ["Velvet", "Paper", "Glass", "Electric", "Northern", "Quiet", "Golden", "Static", "Lunar",
                "Hollow", "Neon", "Wild"],
          "p": ["Foxes", "Lanterns", "Satellites", "Engines", "Tides", "Mirrors", "Kites", "Saints",
                "Wolves", "Comets", "Arcades", "Pilots"]})
SONG_WORDS = (["Northern", "Static", "Paper", "Golden", "Electric", "Slow", "Broken", "Silver",
               "Midnight", "Neon", "Hollow", "Summer", "Second"],
              ["Lights", "Hearts", "Radio", "Rain", "Highway", "Ghosts", "Fever", "Tide", "Skyline",
               "Heat", "Machines", "Satellites", "Bones", "Hour"],
              ["Don't Look Back Now", "Call It Home", "Run to the Water", "Lie Awake", "Everything Moves",
               "Hold On Tight", "Nowhere Fast", "Tell Me Twice", "Out of Reach", "Go Easy", "Better Days",
               "Kids Again", "Say It Slow", "Over the Wall", "All the Way Down", "Harbour Song",
               "Leave the Light On", "Ten Years Gone", "Fire Escape", "Little Wars"])
INSTRUMENTS = ["saxophone", "vocals", "guitar", "trumpet", "violin", "backing vocals", "keys",
               "harmonica"]
CONCERT_FIELDS = [
    F.text("artist", "Artist", ("Headline act (not the support act or a guest).", "Who headlined."),
           "headliner", "band", "performer"),
    F.text("support_act", "Support act", "Opening act, if any; null when none is named.",
           "opener", "support", optional=True, keep=0.7),
    F.text("venue", "Venue", "Venue, or festival and stage.", "location", "venue_name"),
    F.text("city", "City", "City of the concert.", "town", keep=0.5),
    F.date("concert_date", "Concert date", ("Date of the concert (not the date the report was "
                                            "posted or the first night of the tour).",
                                            "Date of the show."), "date", "show_date"),
    F.text("tour", "Tour", "Name of the tour, if given.", "tour_name", optional=True, keep=0.6),
    F.text("stage_time", "Stage time", "Time the headliner went on stage, as written (not doors, "
           "the support slot or the curfew).", "start_time", "on_stage", optional=True, keep=0.6),
    F.integer("set_length_minutes", "Set length (min)", "Length of the headline set in minutes, if "
              "given.", "set_length", "duration_minutes", optional=True, keep=0.5),
    F.integer("attendance", "Attendance", "Reported attendance, if given (not the capacity).",
              "crowd", "audience_size", optional=True, keep=0.5),
    F.choice("venue_type", "Venue type", "Kind of venue or show.", list(VENUE_KINDS), "show_type",
             keep=0.6),
    F.flag("sold_out", "Sold out", "Whether the show was sold out.", "is_sold_out", keep=0.7),
    F.items("setlist", "Setlist", ("Songs of the main set, in order (not the encore).",
                                   "The main set."), [
        F.text("song", "Song", "Song title.", "title", "name"),
        F.text("cover_of", "Original artist", "Original artist when the song is a cover; null for "
               "the band's own songs.", "original_artist", "cover", optional=True, keep=0.6),
    ], "main_set", "songs"),
    F.strings("encore", "Encore", "Songs played as encores, in order; empty when there was none.",
              "encores", "encore_songs"),
    F.items("guests", "Guests", "Guest musicians who joined the headliner on stage.", [
        F.text("guest", "Guest", "Guest's name.", "name", "musician"),
        F.text("instrument", "Instrument", "What the guest played or sang, if given.", "role",
               optional=True, keep=0.7),
    ], "guest_musicians", "special_guests", keep=0.7),
]


def _song(kit: Kit) -> str:
    rng = kit.rng
    a, b, whole = SONG_WORDS
    return rng.choice([f"{rng.choice(a)} {rng.choice(b)}", rng.choice(whole), rng.choice(whole),
                       rng.choice(b)])


def concert_setlist(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    vtype = rng.choice(["club", "club", "theatre", "arena", "festival"])
    names, (lo, hi), kinds = VENUE_KINDS[vtype]
    city = fake.city()
    bands = _distinct(lambda: _title(kit, BANDS, first=[fake.first_name()], last=[fake.last_name()]), 6)
    artist, support = bands[0], kit.maybe(bands[1], 0.75)
    n_main, n_enc = rng.randint(6, 15), rng.choice([0, 1, 2, 2, 3, 4] if vtype != "festival" else [0, 1, 2])
    songs = _distinct(lambda: _song(kit), n_main + n_enc)
    main, encore = songs[:len(songs) - n_enc], songs[len(songs) - n_enc:]
    covered = rng.sample(range(len(main)), rng.choice([0, 0, 0, 1, 1, 2]))
    covers = [rng.choice(bands[2:]) if i in covered else None for i in range(len(main))]
    guest_names = kit.names(2)[:rng.choice([0, 0, 0, 1, 1, 2])]
    guests = [{"guest": g, "instrument": kit.maybe(rng.choice(INSTRUMENTS), 0.7)} for g in guest_names]
    guest_at = sorted(rng.sample(range(len(main)), len(guests)))
    capacity = rng.randrange(lo, hi, 50 if hi < 5000 else 500)
    sold_out = kit.chance(0.45)
    attendance = capacity if sold_out else round(capacity * rng.uniform(0.5, 0.95), -1)
    twelve = kit.locale == "en_US" and kit.chance(0.6)
    doors = rng.choice([18 * 60 + 30, 19 * 60, 19 * 60 + 30]) if vtype != "festival" else 12 * 60
    on = (doors + rng.randrange(90, 140, 5)) if vtype != "festival" else rng.randrange(21 * 60, 22 * 60 + 30, 15)
    length = rng.randint(75, 100) if vtype == "festival" else rng.randint(55, 130)
    support_on = on - rng.randrange(60, 95, 5)
    day = kit.day()
    year = day.year
    facts = {"artist": artist, "support_act": support,
             "venue": rng.choice(names[kit.locale]).format(city=city, last=fake.last_name()),
             "city": city, "concert_date": day.isoformat(),
             "tour": kit.maybe(rng.choice([f"{_song(kit)} Tour {year}", f"The {_song(kit)} Tour",
                                           f"{_song(kit)} World Tour"]), 0.6),
             "stage_time": kit.maybe(clock(on, twelve), 0.8),
             "set_length_minutes": kit.maybe(length, 0.6), "attendance": kit.maybe(int(attendance), 0.5),
             "venue_type": vtype, "sold_out": sold_out,
             "setlist": [{"song": s, "cover_of": c} for s, c in zip(main, covers)],
             "encore": encore, "guests": guests}
    type_text = f"{rng.choice(kinds)}, capacity {kit.style.integer(capacity)}"
    sold_text = says(rng, sold_out, ("Sold out.", "SOLD OUT", "The show had sold out weeks in advance."),
                     ("Not sold out: the balcony was closed.", "Not a sell-out, but the floor was full.",
                      "Tickets were still on sale on the night."))
    evidence = {("venue_type",): type_text, ("sold_out",): sold_text}
    posted = day + dt.timedelta(days=rng.randint(0, 3))
    opened = day - dt.timedelta(days=rng.randint(5, 60))
    off, curfew = on + length, (on + length) // 15 * 15 + rng.choice([15, 30])
    show_off = facts["set_length_minutes"] is not None or facts["stage_time"] is None

    def guest_note(k: int, form: str) -> None:
        g = guests[k]
        doc.add(form).put(("guests", k, "guest"), g["guest"])
        if g["instrument"]:
            doc.add(" on ").put(("guests", k, "instrument"), g["instrument"])

    def song_line(i: int, prefix: str) -> None:
        doc.add(prefix).put(("setlist", i, "song"), main[i])
        if covers[i]:
            doc.add(" (").put(("setlist", i, "cover_of"), covers[i]).add(" cover)")
        if i in guest_at:
            guest_note(guest_at.index(i), " (with ")
            doc.add(")")
        doc.line()

    def encore_lines(style: str) -> None:
        if not encore:
            doc.line(rng.choice(["No encore.", "No encore tonight.", ""]))
            return
        doc.line(rng.choice(["Encore:", "-- encore --", "ENCORE"]))
        for k, s in enumerate(encore):
            prefix = {"numbered": f"{len(main) + k + 1}. ", "e": f"E{k + 1} ", "bullets": "- "}[style]
            doc.add(prefix).put(("encore", k), s).line()

    def when_rows() -> list[tuple[str, L.Cell]]:
        rows = [("Doors", L.cell(clock(doors, twelve)))]
        if support:
            rows.append(("Support", L.join(L.cell(support, ("support_act",)),
                                           L.cell(f" {clock(support_on, twelve)}"))))
        if facts["stage_time"]:
            rows.append(("Headline on", L.cell(facts["stage_time"], ("stage_time",))))
        if show_off:
            rows.append(("Off stage", L.cell(clock(off, twelve))))
        if facts["set_length_minutes"] is not None:
            rows.append(("Set length", L.join(kit.count_cell(("set_length_minutes",), length),
                                              L.cell(" min"))))
        return rows + [("Curfew", L.cell(clock(curfew, twelve)))]

    layout = rng.choice(["setlist_page", "review", "fan_post", "show_report"])
    if layout == "setlist_page":    # a setlist archive's page
        doc.put(("artist",), artist).add(" Setlist at ").put(("venue",), facts["venue"])
        doc.add(", ").put(("city",), city).line()
        kit.date(doc, ("concert_date",), day).line()
        if facts["tour"]:
            doc.add("Tour: ").put(("tour",), facts["tour"]).line()
        doc.line()
        kit.pad(doc)
        for i in range(len(main)):
            song_line(i, f"{i + 1}. ")
        encore_lines("numbered")
        doc.line().line("Notes:")
        if support:
            doc.add("Support: ").put(("support_act",), support).line()
        if facts["stage_time"]:
            doc.add(f"Doors {clock(doors, twelve)}, on stage ").put(("stage_time",), facts["stage_time"])
            doc.line(f", curfew {clock(curfew, twelve)}.")
        if facts["set_length_minutes"] is not None:
            kit.count(doc.add("Played for "), ("set_length_minutes",), length).line(" minutes.")
        doc.line(type_text + ".").line(sold_text)
        if facts["attendance"] is not None:
            kit.count(doc.add("Attendance: "), ("attendance",), facts["attendance"]).line()
        kit.date(doc.add("Last edited "), None, posted).line()
    elif layout == "show_report":   # the tour manager's show report
        doc.line(rng.choice(["SHOW REPORT", "Show report", "DAILY SHOW REPORT"])).line()
        rows = [("Artist", L.cell(artist, ("artist",))), ("Date", kit.date_cell(("concert_date",), day)),
                ("Venue", L.cell(facts["venue"], ("venue",))), ("City", L.cell(city, ("city",)))]
        if facts["tour"]:
            rows.append(("Tour", L.cell(facts["tour"], ("tour",))))
        rows += [("Venue type", L.cell(type_text))]
        if facts["attendance"] is not None:
            rows.append(("Attendance", kit.count_cell(("attendance",), facts["attendance"])))
        L.kv(doc, rng, rows + when_rows(), rng.choice(["colon", "aligned", "dots", "grid"]))
        doc.line().line(sold_text).line()
        kit.pad(doc)
        doc.line("SET")
        for i in range(len(main)):
            song_line(i, f"{i + 1}. ")
        encore_lines("e")
        doc.line().line(rng.choice(["No incidents. Load-out complete by 01:00.", "Barrier crew: no issues.",
                             "Merch: good night."]))
    else:
        if layout == "review":      # a newspaper's gig review
            L.fill(doc, "{artist}, {venue}\n", artist=(("artist",), artist),
                  venue=(("venue",), facts["venue"]))
            kit.date(doc.add(f"Reviewed by {fake.name()}, "), None, posted).line().line()
        else:                       # a fan's post on a forum
            doc.add("Just back from ").put(("artist",), artist).add(" at ")
            doc.put(("venue",), facts["venue"]).line("!")
            kit.date(doc.add("Posted "), None, posted).line().line()
        kit.date(doc.add(rng.choice(["Seen on ", "Show date: "])), ("concert_date",), day)
        doc.add(" in ").put(("city",), city)
        if facts["tour"]:
            doc.add(", on the ").put(("tour",), facts["tour"]).add(" (which opened on ")
            kit.date(doc, None, opened).add(")")
        doc.line(".").line(type_text + ".")
        if support:
            doc.put(("support_act",), support).line(rng.choice([" opened the night with a short set.",
                                                                " warmed up the room."]))
        if facts["stage_time"]:
            doc.add(f"Doors were at {clock(doors, twelve)}; ").put(("artist",), artist)
            doc.add(" came on at ").put(("stage_time",), facts["stage_time"])
            if facts["set_length_minutes"] is not None:
                kit.count(doc.add(" and played for "), ("set_length_minutes",), length).add(" minutes")
            doc.line(".")
        elif facts["set_length_minutes"] is not None:
            kit.count(doc.add("They played for "), ("set_length_minutes",), length).line(" minutes.")
        if facts["attendance"] is not None:
            kit.count(doc.add("A crowd of "), ("attendance",), facts["attendance"]).line(" was there.")
        doc.line(sold_text).line()
        kit.pad(doc)
        doc.line(rng.choice(["'{}' got the biggest singalong of the night.", "The new songs sat well "
                             "beside old favourites like '{}'.", "'{}' was the moment of the night."])
                 .format(rng.choice(main)))
        for k, i in enumerate(guest_at):
            doc.add(main[i] + " featured ")
            guest_note(k, "")
            doc.line(".")
        doc.line(rng.choice(["Setlist:", "The set:", "What they played:"]))
        for i in range(len(main)):
            song_line(i, "- " if layout == "fan_post" else f"{i + 1}. ")
        encore_lines("bullets" if layout == "fan_post" else "numbered")
        doc.line().line(rng.choice(["Next stop: " + fake.city() + ".", "Great night.", ""]))
    kit.pad(doc)
    return Draft(("Concert setlist", "Gig report", "Show report"), CONCERT_FIELDS, facts, doc, evidence)
