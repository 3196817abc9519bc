"""Fieldwork and laboratory papers: field survey logs, calibration certificates, safety data
sheets and sample chain-of-custody logs.

Each carries numbers beside the one asked for: the cloud cover, the wind force, the visit
number and the number of species beside a survey's temperature and counts, the tolerance,
the coverage factor and the ambient conditions beside a certificate's readings and its
uncertainty, the boiling point, the density, the pH and the Fahrenheit reading beside a
flash point, the sample count, the container volumes and the thermometer's correction factor
beside the containers and the temperature on receipt; and values of the same kind beside each
other (the scientific name beside the common one, the second observer and the verifier beside
the surveyor, the previous visit and the data-entry date beside the survey date; the date
received and the date of issue beside the calibration date, the customer's asset number
beside the serial, the authorising signatory beside the technician; the first issue, the
version replaced and the print date beside an SDS revision, the precautionary statements
beside the hazard statements, the CAS and EC numbers beside the UN number; the lab job number
beside the form number, the report due date beside the sampling and receipt dates, the courier
beside the sampler and the receiver). Lines come as tables, bulleted or numbered lists, or one
sentence each; the lists of strings (invasive species, reference standards, hazard statements,
protective equipment, analyses requested) may be empty. Booleans are as often negated as
stated ("no protected species recorded", "survey abandoned", "does not comply", "no adjustment
was made", "not regulated for transport", "custody seal broken", "received without ice").
"""
from __future__ import annotations

import datetime as dt
import re

from .. import fields as F
from .. import layout as L
from ..assemble import Draft
from ..doc import Doc, Path
from ..kit import Kit
from ..surface import says


def _series(doc: Doc, path: Path, values: list[str], last: str = " and ", sep: str = ", ") -> Doc:
    return L.series(doc, path, values, last, sep)


def _strings(kit: Kit, doc: Doc, key: str, values: list[str], label: str, none: str) -> None:
    L.string_list(doc, kit.rng, key, values, label, none, ["- ", "* ", "\u2022 "])


def _signed(kit: Kit, path: Path | None, x: float, places: int = 2) -> L.Cell:
    """A deviation with its sign ("+0.12", "-0.05", "0.00"); the "+" is not part of the gold."""
    return L.join(L.cell("+" if x > 0 else ""), kit.num_cell(path, x, places))


def _clock(h: int, m: int) -> str:
    return f"{h:02d}:{m:02d}"


# ---- field survey ------------------------------------------------------------------------

SURVEYS = {   # group: (names of the survey, what is counted, [(species, latin, protected)], notes)
    "birds": (("Breeding bird survey - point counts", "Bird point count", "Breeding bird transect"),
              "birds", [
        ("Skylark", "Alauda arvensis", False), ("Barn owl", "Tyto alba", True),
        ("Kingfisher", "Alcedo atthis", True), ("Red kite", "Milvus milvus", True),
        ("Yellowhammer", "Emberiza citrinella", False), ("Wren", "Troglodytes troglodytes", False),
        ("Blackcap", "Sylvia atricapilla", False), ("Chiffchaff", "Phylloscopus collybita", False),
        ("Song thrush", "Turdus philomelos", False), ("Grey heron", "Ardea cinerea", False),
        ("Little ringed plover", "Charadrius dubius", True),
        ("Reed warbler", "Acrocephalus scirpaceus", False)],
        ["singing", "calling", "flying over", "feeding", "carrying food", "nest building",
         "perched", "alarm calling", "displaying", "pair together"]),
    "butterflies": (("Butterfly transect (Pollard walk)", "Butterfly monitoring transect",
                     "Butterfly count - fixed route"), "adults", [
        ("Meadow brown", "Maniola jurtina", False), ("Common blue", "Polyommatus icarus", False),
        ("Small tortoiseshell", "Aglais urticae", False), ("Peacock", "Aglais io", False),
        ("Marbled white", "Melanargia galathea", False),
        ("Orange-tip", "Anthocharis cardamines", False), ("Large blue", "Phengaris arion", True),
        ("Marsh fritillary", "Euphydryas aurinia", True), ("Brimstone", "Gonepteryx rhamni", False),
        ("Ringlet", "Aphantopus hyperantus", False), ("Small skipper", "Thymelicus sylvestris", False)],
        ["nectaring", "basking", "in flight", "mating pair", "egg-laying", "roosting",
         "territorial", "puddling"]),
    "plants": (("Botanical quadrat survey", "Grassland quadrat survey", "Rare plant monitoring"),
               "plants", [
        ("Common knapweed", "Centaurea nigra", False), ("Yellow rattle", "Rhinanthus minor", False),
        ("Bird's-foot trefoil", "Lotus corniculatus", False), ("Bee orchid", "Ophrys apifera", False),
        ("Lady's slipper orchid", "Cypripedium calceolus", True),
        ("Meadow buttercup", "Ranunculus acris", False), ("Oxeye daisy", "Leucanthemum vulgare", False),
        ("Fen violet", "Viola persicifolia", True), ("Ribwort plantain", "Plantago lanceolata", False),
        ("Red clover", "Trifolium pratense", False), ("Pasqueflower", "Pulsatilla vulgaris", True)],
        ["in flower", "in bud", "seeding", "vegetative", "fruiting", "rosettes only",
         "grazed", "dying back"]),
    "amphibians": (("Amphibian pond survey (torchlight)", "Newt survey - torch and bottle traps",
                    "Amphibian breeding survey"), "animals", [
        ("Common frog", "Rana temporaria", False), ("Common toad", "Bufo bufo", False),
        ("Smooth newt", "Lissotriton vulgaris", False),
        ("Palmate newt", "Lissotriton helveticus", False),
        ("Great crested newt", "Triturus cristatus", True),
        ("Natterjack toad", "Epidalea calamita", True), ("Pool frog", "Pelophylax lessonae", True),
        ("Marsh frog", "Pelophylax ridibundus", False)],
        ["in water", "spawning", "under refugia", "calling", "on bank", "eggs found",
         "larvae seen", "in amplexus"])}
HABITATS = ["Meadow", "Heath", "Marsh", "Common", "Wood", "Reservoir", "Nature Reserve", "Fen"]
WEATHER = {   # by day, by night: (description, wet)
    False: [("Sunny, calm", False), ("Overcast, light breeze", False), ("Bright, sunny spells", False),
            ("Cloudy, dry", False), ("Hazy sunshine", False), ("Light drizzle", True),
            ("Showers, gusty", True), ("Warm, light wind", False)],
    True: [("Mild, still evening", False), ("Cool, misty", False), ("Overcast, calm", False),
           ("Clear, cold night", False), ("Light drizzle", True), ("Steady rain", True)]}
SEASONS = {"birds": ((4, 1), (7, 15)), "butterflies": ((4, 1), (9, 30)), "plants": ((5, 1), (8, 31)),
           "amphibians": ((3, 1), (6, 15))}   # group: first and last day of its survey season
HOURS = {"birds": [5, 5, 6, 6, 7], "butterflies": [10, 11, 12, 13, 14], "plants": [9, 10, 11, 13, 14],
         "amphibians": [20, 21, 21, 22]}
INVASIVE = ["Himalayan balsam", "Japanese knotweed", "Giant hogweed", "New Zealand pigmyweed",
            "Signal crayfish", "Grey squirrel", "American mink", "Rhododendron ponticum"]
UNFINISHED = {   # wet weather or not: why a visit was not finished
    True: ("Survey abandoned part-way: heavy rain set in.",
           "Count stopped early because of rain; remaining stations not visited."),
    False: ("Survey not completed: access to the last section was blocked.",
            "Survey abandoned early - cattle in the field.",
            "Visit cut short (site closed for works); not all stations covered.")}
SURVEY_FIELDS = [
    F.text("site", "Site", ("Name of the survey site.", "Site surveyed."), "site_name",
           "survey_site"),
    F.text("grid_reference", "Grid reference", "Grid reference or coordinates of the site, if given.",
           "coordinates", "grid_ref", optional=True, keep=0.6),
    F.choice("taxon_group", "Taxon group", "Group of organisms the survey targets.",
             list(SURVEYS), "survey_type", "target_group", keep=0.7),
    F.text("surveyor", "Surveyor",
           ("Lead surveyor (not the second observer or the verifier).",
            "Person who carried out the survey."), "recorder", "observer"),
    F.date("survey_date", "Survey date",
           "Date of the visit (not the previous visit or the data-entry date).", "visit_date",
           "date"),
    F.text("start_time", "Start time", "Time the survey started, if given (not the end time).",
           "time_start", optional=True, keep=0.6),
    F.text("weather", "Weather", "Short description of the weather during the survey.",
           "conditions", "weather_conditions", keep=0.7),
    F.number("temperature_c", "Air temperature (°C)",
             "Air temperature in degrees Celsius, if recorded (not the cloud cover or wind force).",
             "temperature", "air_temp", optional=True, keep=0.7),
    F.integer("cloud_cover_percent", "Cloud cover (%)", "Cloud cover in percent, if recorded.",
              "cloud_cover", optional=True, keep=0.4),
    F.items("observations", "Observations", ("Each species recorded and how many.",
                                             "The records of the visit, in the order written."), [
        F.text("species", "Species", "Common name of the species (not the scientific name).",
               "common_name", "taxon"),
        F.integer("count", "Count", "Number of individuals (or plants) counted.", "number",
                  "abundance"),
        F.text("behaviour", "Behaviour", "Behaviour or life stage noted, if any.", "activity",
               "behavior", optional=True, keep=0.7),
        F.text("location", "Location", "Point, section, quadrat or pond where it was recorded, "
               "if given.", "station", "section", optional=True, keep=0.5),
    ], "records", "sightings"),
    F.integer("total_count", "Total count",
              "Individuals counted in all (not the number of species).", "total_individuals",
              keep=0.5),
    F.flag("protected_species_recorded", "Protected species recorded",
           "Whether any protected or notable species was recorded.", "protected_species",
           "notable_species_found"),
    F.flag("survey_completed", "Survey completed",
           "Whether the survey was completed in full (not abandoned or cut short).", "completed",
           "complete", keep=0.7),
    F.strings("invasive_species", "Invasive species", "Invasive non-native species noted at the site.",
              "non_native_species", "invasives", keep=0.6),
]


def field_survey(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    group = rng.choice(list(SURVEYS))
    names, unit, pool, notes = SURVEYS[group]
    night = group == "amphibians"
    (m0, d0), (m1, d1) = SEASONS[group]
    season = dt.date(kit.day().year, m0, d0)
    day = season + dt.timedelta(days=rng.randint(0, (dt.date(season.year, m1, d1) - season).days))
    spots = {"birds": "Point ", "butterflies": "Section ", "plants": "Q", "amphibians": "Pond "}[group]
    protected, n = kit.chance(0.45), rng.randint(1, 6)
    rare, common = [x for x in pool if x[2]], [x for x in pool if not x[2]]
    k = rng.randint(1, min(2, n)) if protected else 0
    picked = rng.sample(rare, k) + rng.sample(common, min(len(common), n - k))
    rng.shuffle(picked)
    where = sorted(rng.sample(range(1, 12), len(picked)))
    if group == "amphibians":
        where = sorted(rng.sample(range(len(picked) + 2), len(picked)))
    marks = rng.sample(notes, len(picked))
    located = kit.chance(0.7)
    obs = [{"species": name, "count": rng.choice([1, 1, 2, 3, 4, 6, 8, 12, 15, 23, 40]),
            "behaviour": marks[i] if kit.chance(0.75) else None,
            "location": (f"{spots}{'ABCDEFGHIJKLMN'[where[i]] if night else where[i]}"
                         if located else None)}
           for i, (name, _, _) in enumerate(picked)]
    weather, wet = rng.choice(WEATHER[night])
    completed = kit.chance(0.3 if wet else 0.75)
    start_h = rng.choice(HOURS[group])
    start = _clock(start_h, rng.choice([0, 10, 15, 30, 45]))
    end = _clock((start_h + rng.randint(1, 3)) % 24, rng.choice([5, 20, 35, 50]))
    facts = {"site": f"{fake.city()} {rng.choice(HABITATS)}",
             "grid_reference": kit.maybe(
                 f"{rng.choice(['SU', 'SP', 'TQ', 'SK', 'NZ', 'ST'])} {rng.randint(1000, 9999)} "
                 f"{rng.randint(1000, 9999)}" if kit.locale == "en_GB" else
                 f"{rng.uniform(43, 55):.4f} N, {rng.uniform(0.2, 14):.4f} "
                 f"{'W' if kit.locale == 'en_US' and kit.chance(0.5) else 'E'}", 0.7),
             "taxon_group": group, "surveyor": fake.name(), "survey_date": day.isoformat(),
             "start_time": kit.maybe(start, 0.7), "weather": weather,
             "temperature_c": kit.maybe(round(rng.uniform(4, 12) if night else rng.uniform(9, 26), 1),
                                        0.75),
             "cloud_cover_percent": kit.maybe(rng.choice([0, 10, 20, 40, 60, 80, 100]), 0.65),
             "observations": obs, "total_count": sum(o["count"] for o in obs),
             "protected_species_recorded": protected, "survey_completed": completed,
             "invasive_species": rng.sample(INVASIVE, rng.choice([0, 0, 0, 1, 1, 2, 3]))}
    survey_name = rng.choice(names)
    survey_name = survey_name.upper() if kit.chance(0.3) else survey_name
    observer, visit = fake.name(), rng.randint(1, 4)
    previous = day - dt.timedelta(days=rng.randint(10, 40)) if visit > 1 else None
    wind = rng.randint(0, 5)
    doc.line(survey_name)
    doc.line(rng.choice(["Field recording form", "Survey log", "Site visit record"])).line()
    if kit.chance(0.6):
        rows = [("Site", L.cell(facts["site"], ("site",)))]
        if facts["grid_reference"]:
            rows.append((rng.choice(["Grid ref.", "Map ref.", "Coordinates"]),
                         L.cell(facts["grid_reference"], ("grid_reference",))))
        rows += [("Date", kit.date_cell(("survey_date",), day)),
                 ("Visit", L.cell(f"{visit} of {rng.randint(visit, 6)}"))]
        time = (L.join(L.cell(start, ("start_time",)), L.cell(f" - {end}")) if facts["start_time"]
                else L.cell(f"finished {end}"))
        rows += [("Time", time), (rng.choice(["Surveyor", "Recorder", "Lead surveyor"]),
                                  L.cell(facts["surveyor"], ("surveyor",))),
                 ("Second observer", L.cell(observer))]
        if previous:
            rows.append(("Previous visit", kit.date_cell(None, previous)))
        L.kv(doc, rng, rows)
    else:       # a notebook heading
        doc.add(f"Visit {visit}: ").put(("site",), facts["site"])
        if facts["grid_reference"]:
            doc.add(" (").put(("grid_reference",), facts["grid_reference"]).add(")")
        kit.date(doc.add(", "), ("survey_date",), day).line(".")
        doc.add("Surveyed by ").put(("surveyor",), facts["surveyor"]).add(f" with {observer}")
        if facts["start_time"]:
            doc.add(", from ").put(("start_time",), facts["start_time"]).add(f" to {end}")
        doc.line(".")
        if previous:
            kit.date(doc.add("Last visit: "), None, previous).line()
    doc.line()
    weather_cell = L.cell(weather, ("weather",))
    fahrenheit = (f" ({round(facts['temperature_c'] * 9 / 5 + 32)} °F)"
                  if kit.locale == "en_US" and facts["temperature_c"] is not None else "")
    if kit.chance(0.5):
        rows = [("Weather", weather_cell)]
        if facts["temperature_c"] is not None:
            rows.append(("Temperature", L.join(kit.num_cell(("temperature_c",), facts["temperature_c"], 1),
                                               L.cell(f" °C{fahrenheit}"))))
        if facts["cloud_cover_percent"] is not None:
            rows.append(("Cloud cover", L.join(kit.count_cell(("cloud_cover_percent",),
                                                              facts["cloud_cover_percent"]),
                                               L.cell(" %"))))
        rows.append(("Wind (Beaufort)", kit.count_cell(None, wind)))
        L.kv(doc, rng, rows, rng.choice(["colon", "aligned", "dots", "pipe"]))
    else:
        L.write(doc.add("Conditions: "), weather_cell)
        if facts["temperature_c"] is not None:
            kit.num(doc.add(", "), ("temperature_c",), facts["temperature_c"], 1)
            doc.add(f" °C{fahrenheit}")
        if facts["cloud_cover_percent"] is not None:
            kit.count(doc.add(", cloud "), ("cloud_cover_percent",), facts["cloud_cover_percent"])
            doc.add("%")
        kit.count(doc.add(", wind force "), None, wind).line(".")
    doc.line()
    kit.pad(doc)
    latin = kit.chance(0.5)
    style = rng.choice(["table", "list", "numbered", "prose"])
    if style == "table":
        head = (["Location"] * located + ["Species"] + ["Scientific name"] * latin
                + ["Count", "Notes"])
        L.table(doc, rng, head, [
            [L.cell(o["location"], ("observations", i, "location"))] * located
            + [L.cell(o["species"], ("observations", i, "species"))]
            + [L.cell(picked[i][1])] * latin
            + [kit.count_cell(("observations", i, "count"), o["count"]),
               L.cell(o["behaviour"], ("observations", i, "behaviour")) if o["behaviour"]
               else L.cell("-")] for i, o in enumerate(obs)])
    for i, o in enumerate(obs):
        at = ("observations", i)
        if style in ("list", "numbered"):   # "- Skylark (Alauda arvensis) x 3, singing [Point 4]"
            doc.add("- " if style == "list" else f"{i + 1}. ").put(at + ("species",), o["species"])
            if latin:
                doc.add(f" ({picked[i][1]})")
            kit.count(doc.add(" x "), at + ("count",), o["count"])
            if o["behaviour"]:
                doc.add(", ").put(at + ("behaviour",), o["behaviour"])
            if o["location"]:
                doc.add(" [").put(at + ("location",), o["location"]).add("]")
            doc.line()
        elif style == "prose":   # "At Point 4: 3 Skylark (Alauda arvensis), singing."
            if o["location"]:
                doc.add("At ").put(at + ("location",), o["location"]).add(": ")
            kit.count(doc, at + ("count",), o["count"]).add(" ").put(at + ("species",), o["species"])
            if latin:
                doc.add(f" ({picked[i][1]})")
            if o["behaviour"]:
                doc.add(", ").put(at + ("behaviour",), o["behaviour"])
            doc.line(".")
    doc.line()
    if kit.chance(0.6):
        L.kv(doc, rng, [("Species recorded", kit.count_cell(None, len(obs))),
                        (f"Total {unit}", kit.count_cell(("total_count",), facts["total_count"]))],
             rng.choice(["colon", "aligned", "dots"]))
    else:
        kit.count(doc.add("In all "), ("total_count",), facts["total_count"]).add(f" {unit} of ")
        kit.count(doc, None, len(obs)).line(" species.")
    _strings(kit, doc, "invasive_species", facts["invasive_species"],
             rng.choice(["Invasive species noted", "Non-native invasives"]),
             rng.choice(["No invasive non-native species seen.", "Invasive species: none noted"]))
    protected_text = says(rng, protected, (
        "Protected species recorded - notify the county recorder.",
        "Notable/protected species present: see records above.",
        "[x] Protected species recorded"),
        ("No protected species recorded.", "No notable or protected species seen on this visit.",
         "[ ] Protected species recorded"))
    completed_text = (rng.choice(("Survey completed in full.", "All stations covered.",
                                  "[x] Survey complete"))
                      if completed else rng.choice(UNFINISHED[wet]))
    doc.line().line(protected_text).line(completed_text)
    doc.line(f"Verified by: {fake.name()}")
    kit.date(doc.add("Entered into database: "), None, day + dt.timedelta(days=rng.randint(1, 20)))
    kit.pad(doc.line())
    return Draft(("Field survey log", "Wildlife survey record", "Biological field survey"),
                 SURVEY_FIELDS, facts, doc,
                 {("taxon_group",): survey_name, ("protected_species_recorded",): protected_text,
                  ("survey_completed",): completed_text})


# ---- calibration certificate --------------------------------------------------------------

INSTRUMENTS = {   # instrument: (unit, nominal points, tolerance, uncertainty range in hundredths,
    #                            [(make, model)], reference standards)
    "Digital thermometer": ("°C", [-20, 0, 25, 37, 50, 100, 150], 0.5, (5, 20),
                            [("Testo", "110"), ("Ebro", "TFX 430"), ("ThermoWorks", "Thermapen ONE")],
                            ["Reference PRT 5615", "Dry-block calibrator 9142", "Readout 1524",
                             "Stirred liquid bath 7103"]),
    "Pressure gauge": ("bar", [0, 2, 4, 6, 8, 10], 0.16, (2, 6),
                       [("WIKA", "232.50"), ("Ashcroft", "1279"), ("Bourdon", "MEX5")],
                       ["Deadweight tester DWT-300", "Digital pressure calibrator DPI 620",
                        "Pressure module PM-20"]),
    "Torque wrench": ("Nm", [20, 40, 60, 80, 100], 3.0, (20, 60),
                      [("Norbar", "TTi 100"), ("Gedore", "Dremometer B"), ("Stahlwille", "730/10")],
                      ["Torque transducer TT-200", "Torque calibration bench TCB-1",
                       "Static torque analyser STA-5"]),
    "Precision balance": ("g", [1, 10, 50, 100, 200, 500], 0.05, (1, 3),
                          [("Sartorius", "Quintix 613"), ("Mettler Toledo", "MS603TS"),
                           ("Ohaus", "Explorer EX623")],
                          ["Weight set E2 1 mg-500 g", "Reference weight F1 500 g",
                           "Weight set F1 1 g-200 g"]),
    "Digital caliper": ("mm", [0, 10, 25, 50, 100, 150], 0.03, (1, 2),
                        [("Mitutoyo", "CD-15APX"), ("Mahr", "MarCal 16 EWR"), ("Sylvac", "S_Cal EVO")],
                        ["Gauge block set grade 1", "Caliper checker CC-300", "Setting ring 20 mm"]),
    "Hygrometer": ("%RH", [10, 20, 35, 50, 75, 90], 2.5, (50, 120),
                   [("Vaisala", "HM40"), ("Rotronic", "HygroPalm HP32"), ("Testo", "605i")],
                   ["Humidity generator HG-2", "Chilled-mirror hygrometer 473",
                    "Reference probe HC2"])}
ACCREDITATION = {"en_GB": ("UKAS", "{n4}"), "en_US": ("A2LA", "Cert. {n4}.01"),
                 "de_DE": ("DAkkS", "D-K-{n5}-01-00"), "fr_FR": ("COFRAC", "n° 2-{n4}")}
LAB_WORDS = ["Calibration", "Metrology", "Calibration Services", "Measurement Lab"]
VERDICTS = [({True: "PASS", False: "FAIL"}), ({True: "Pass", False: "Fail"}),
            ({True: "OK", False: "NOT OK"}), ({True: "in tol.", False: "out of tol."})]
CAL_FIELDS = [
    F.text("certificate_number", "Certificate number",
           ("Number of the calibration certificate (not the order or job number).",
            "Certificate reference."), "certificate_no", "cert_id"),
    F.text("instrument", "Instrument", "Kind of instrument calibrated.", "device",
           "item_description"),
    F.text("manufacturer", "Manufacturer", "Maker of the instrument.", "make", keep=0.6),
    F.text("model", "Model", "Model designation, if given.", "model_number", optional=True,
           keep=0.5),
    F.text("serial_number", "Serial number",
           "Manufacturer's serial number of the instrument (not the customer's asset number).",
           "serial_no", "sn"),
    F.text("asset_id", "Asset number", "Customer's asset or ID number, if given.", "asset_number",
           "customer_id", optional=True, keep=0.4),
    F.text("customer", "Customer", "Organisation that owns the instrument.", "client", "owner",
           keep=0.7),
    F.text("laboratory", "Calibration laboratory", "Laboratory that performed the calibration.",
           "lab", "calibration_lab"),
    F.date("calibration_date", "Calibration date",
           "Date the calibration was performed (not the date received or the date of issue).",
           "date_of_calibration", "calibrated_on"),
    F.date("next_due_date", "Next calibration due", "Recommended date of the next calibration, "
           "if stated.", "due_date", "recalibration_date", optional=True, keep=0.8),
    F.text("technician", "Technician",
           "Person who performed the calibration (not the authorising signatory).",
           "calibrated_by", "metrologist", keep=0.7),
    F.text("unit", "Unit", "Unit of the measured values.", "measurement_unit", "uom", keep=0.5),
    F.items("points", "Measurement points",
            ("Each calibration point: the nominal value, the reading and the deviation.",
             "The results table, one entry per point."), [
        F.number("nominal", "Nominal value", "Reference (applied) value of the point.",
                 "reference_value", "applied"),
        F.number("measured", "Measured value", "Reading of the instrument under test.",
                 "indicated", "reading"),
        F.number("deviation", "Deviation", "Measured minus nominal (error of indication).",
                 "error", "difference", keep=0.7),
        F.flag("passed", "Pass", "Whether the point is within the tolerance.",
               "within_tolerance", "pass", keep=0.7),
    ], "results", "calibration_points"),
    F.number("tolerance", "Tolerance", "Permissible deviation (±) the results are judged "
             "against (not the uncertainty).", "mpe", "acceptance_limit", keep=0.5, minimum=0),
    F.number("uncertainty", "Expanded uncertainty",
             ("Expanded measurement uncertainty (±) of the results (not the tolerance or the "
              "coverage factor).", "Uncertainty of measurement, plus or minus."),
             "measurement_uncertainty", "expanded_uncertainty", minimum=0),
    F.flag("in_tolerance", "Within tolerance",
           "Whether the instrument met the tolerance at every point.", "compliant", "overall_pass"),
    F.flag("adjusted", "Adjusted", "Whether the instrument was adjusted during calibration.",
           "adjustment_made", keep=0.6),
    F.strings("reference_standards", "Reference standards",
              "Reference standards or equipment used for the calibration.", "standards_used",
              "traceability", keep=0.6),
]


def calibration_certificate(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    instrument = rng.choice(list(INSTRUMENTS))
    unit, nominals, tol, (u_lo, u_hi), makes, standards = INSTRUMENTS[instrument]
    make, model = rng.choice(makes)
    nominals = sorted(rng.sample(nominals, rng.randint(2, min(6, len(nominals)))))
    limit = round(tol * 100)
    failing = rng.randrange(len(nominals)) if kit.chance(0.3) else None
    points = []
    for i, n in enumerate(nominals):
        dev = (rng.choice([-1, 1]) * rng.randint(limit + 1, limit * 2) if i == failing
               else rng.randint(-limit * 4 // 5, limit * 4 // 5))
        points.append({"nominal": float(n), "measured": round(n + dev / 100, 2),
                       "deviation": round(dev / 100, 2), "passed": abs(dev) <= limit})
    ok = failing is None
    adjusted = ok and kit.chance(0.4)      # an instrument adjusted on the bench is passed as left
    received = kit.day()
    calibrated = received + dt.timedelta(days=rng.randint(1, 12))
    issued = calibrated + dt.timedelta(days=rng.randint(0, 7))
    months = rng.choice([6, 12, 12, 24])
    due = dt.date(calibrated.year + (calibrated.month - 1 + months) // 12,
                  (calibrated.month - 1 + months) % 12 + 1, min(calibrated.day, 28))
    body, number = ACCREDITATION[kit.locale]
    accreditation = f"{body} {number.format(n4=rng.randint(1000, 9999), n5=rng.randint(10000, 99999))}"
    serial = rng.choice([f"{rng.randint(10**6, 10**8 - 1)}", f"SN{rng.randint(10**5, 10**7)}",
                         f"{rng.choice('ABCKMT')}{rng.randint(10, 99)}-{rng.randint(1000, 99999)}"])
    facts = {"certificate_number": f"{rng.choice(['CAL', 'C', 'KS'])}-{calibrated.year}-"
                                   f"{rng.randint(100, 99999):05d}",
             "instrument": instrument, "manufacturer": make,
             "model": kit.maybe(model, 0.75), "serial_number": serial,
             "asset_id": kit.maybe(f"{rng.choice(['AST-', 'INV-', 'EQ'])}{rng.randint(100, 9999)}", 0.6),
             "customer": fake.company(), "laboratory": f"{fake.company()} {rng.choice(LAB_WORDS)}",
             "calibration_date": calibrated.isoformat(),
             "next_due_date": kit.maybe(due.isoformat(), 0.7), "technician": fake.name(),
             "unit": unit, "points": points, "tolerance": tol,
             "uncertainty": round(rng.randint(u_lo, u_hi) / 100, 2), "in_tolerance": ok,
             "adjusted": adjusted,
             "reference_standards": rng.sample(standards, rng.choice([0, 1, 1, 2, 2, 3]))}
    signatory, job = fake.name(), f"{rng.choice(['JOB', 'WO', 'SO'])}-{rng.randint(10000, 99999)}"
    doc.put(("laboratory",), facts["laboratory"]).line().line(fake.address().replace("\n", ", "))
    doc.line(f"Accredited calibration laboratory {accreditation}").line()
    title = rng.choice(["CERTIFICATE OF CALIBRATION", "Calibration Certificate",
                        "CALIBRATION CERTIFICATE"])
    if kit.chance(0.5):
        doc.add(f"{title} No. ").put(("certificate_number",), facts["certificate_number"]).line()
        doc.line()
        rows = []
    else:
        doc.line(title).line()
        rows = [("Certificate no.", L.cell(facts["certificate_number"], ("certificate_number",)))]
    item = [("Instrument", L.cell(instrument, ("instrument",))),
            ("Manufacturer", L.cell(make, ("manufacturer",)))]
    if facts["model"]:
        item.append(("Model", L.cell(model, ("model",))))
    item.append(("Serial no.", L.cell(serial, ("serial_number",))))
    if facts["asset_id"]:
        item.append((rng.choice(["Asset no.", "Customer ID", "Equipment ID"]),
                     L.cell(facts["asset_id"], ("asset_id",))))
    if kit.chance(0.55):
        L.kv(doc, rng, rows + [("Customer", L.cell(facts["customer"], ("customer",))),
                               ("Order / job", L.cell(job))] + item
             + [("Date received", kit.date_cell(None, received)),
                ("Date of calibration", kit.date_cell(("calibration_date",), calibrated)),
                ("Date of issue", kit.date_cell(None, issued))])
    else:       # a paragraph describing the item
        if rows:
            L.kv(doc, rng, rows, "colon")
        doc.add("Item calibrated: ").put(("instrument",), instrument).add(", make ")
        doc.put(("manufacturer",), make)
        if facts["model"]:
            doc.add(", model ").put(("model",), model)
        doc.add(", serial number ").put(("serial_number",), serial)
        if facts["asset_id"]:
            doc.add(" (customer ID ").put(("asset_id",), facts["asset_id"]).add(")")
        doc.add(", submitted by ").put(("customer",), facts["customer"]).add(f" under job {job}")
        kit.date(doc.add(" and received on "), None, received).line(".")
        kit.date(doc.add("The calibration was carried out on "), ("calibration_date",), calibrated)
        kit.date(doc.add("; this certificate was issued on "), None, issued).line(".")
    ambient = round(rng.uniform(19.0, 23.0), 1)
    kit.num(doc.line().add("Ambient conditions: "), None, ambient, 1).add(" °C, ")
    kit.count(doc, None, rng.randint(35, 60)).line(" %RH")
    doc.line()
    kit.pad(doc)
    evidence = {}
    verdict = rng.choice(VERDICTS)
    style = rng.choice(["table", "list", "prose"])
    if kit.chance(0.5):
        doc.add("Unit: ").put(("unit",), unit).line()
    else:
        doc.add("All values are given in ").put(("unit",), unit).line(".")
    if style == "table":
        L.table(doc, rng, ["Nominal", "Reading", "Deviation", "Tolerance", "Result"], [
            [kit.num_cell(("points", i, "nominal"), p["nominal"]),
             kit.num_cell(("points", i, "measured"), p["measured"]),
             _signed(kit, ("points", i, "deviation"), p["deviation"]),
             L.join(L.cell("±"), kit.num_cell(None, tol)), L.cell(verdict[p["passed"]])]
            for i, p in enumerate(points)])
    for i, p in enumerate(points):
        at = ("points", i)
        evidence[at + ("passed",)] = verdict[p["passed"]]
        if style == "list":      # "- 25.00: reading 25.12, deviation +0.12 - PASS"
            kit.num(doc.add("- "), at + ("nominal",), p["nominal"])
            kit.num(doc.add(": reading "), at + ("measured",), p["measured"])
            L.write(doc.add(", deviation "), _signed(kit, at + ("deviation",), p["deviation"]))
            doc.line(f" - {verdict[p['passed']]}")
        elif style == "prose":   # "At 25.00 °C the instrument read 25.12 °C (deviation +0.12; PASS)."
            kit.num(doc.add("At "), at + ("nominal",), p["nominal"])
            doc.add(f" {unit} the {instrument.lower()}")
            kit.num(doc.add(" read "), at + ("measured",), p["measured"]).add(f" {unit} (deviation ")
            L.write(doc, _signed(kit, at + ("deviation",), p["deviation"]))
            doc.line(f"; {verdict[p['passed']]}).")
    doc.line()
    tol_cell = L.join(L.cell("±"), kit.num_cell(("tolerance",), tol), L.cell(f" {unit}"))
    unc_cell = L.join(L.cell("±"), kit.num_cell(("uncertainty",), facts["uncertainty"]),
                      L.cell(f" {unit}"))
    if kit.chance(0.5):
        L.kv(doc, rng, [("Tolerance (MPE)", tol_cell), ("Expanded uncertainty", unc_cell),
                        ("Coverage factor", L.cell("k = 2"))], rng.choice(["colon", "aligned", "dots"]))
    else:
        L.write(doc.add("Results are judged against a tolerance of "), tol_cell).line(".")
        L.write(doc.add("The expanded uncertainty of measurement is "), unc_cell)
        doc.line(", stated with a coverage factor k = 2 (approx. 95 % confidence).")
    if facts["reference_standards"]:
        if kit.chance(0.5):
            _series(doc.add("Traceable via "), ("reference_standards",), facts["reference_standards"])
            doc.line(".")
        else:
            _strings(kit, doc, "reference_standards", facts["reference_standards"],
                     "Reference standards used", "")
    ok_text = says(rng, ok, ("Statement of conformity: the instrument complies with the stated "
                             "tolerance at all points.", "Overall result: PASS - within tolerance.",
                             "The instrument was found within tolerance."),
                   ("Statement of conformity: the instrument does not comply with the stated "
                    "tolerance.", "Overall result: FAIL - out of tolerance at one or more points.",
                    "The instrument was not found within tolerance."))
    adjusted_text = says(rng, adjusted, ("The instrument was adjusted before calibration; results "
                                         "are as left.", "Adjustment: made (as-left data shown)."),
                         ("No adjustment was made.", "Adjustment: none",
                          "Results are as found; the instrument was not adjusted."))
    doc.line().line(ok_text).line(adjusted_text)
    if facts["next_due_date"]:
        kit.date(doc.add(rng.choice(["Recommended recalibration date: ", "Next calibration due: "])),
                 ("next_due_date",), due).line()
    else:
        doc.line("The recalibration interval is the responsibility of the user.")
    kit.pad(doc.line())
    if kit.chance(0.5):
        L.kv(doc, rng, [("Calibrated by", L.cell(facts["technician"], ("technician",))),
                        ("Authorised signatory", L.cell(signatory))], "aligned")
    else:
        doc.add("Calibrated by ").put(("technician",), facts["technician"])
        doc.line(f"; approved by {signatory}, {rng.choice(['Quality Manager', 'Head of Laboratory'])}.")
    doc.line("This certificate may not be reproduced other than in full.")
    evidence[("in_tolerance",)], evidence[("adjusted",)] = ok_text, adjusted_text
    return Draft(("Calibration certificate", "Certificate of calibration", "Instrument calibration"),
                 CAL_FIELDS, facts, doc, evidence)


# ---- safety data sheet -----------------------------------------------------------------------

H_PHRASES = {
    "H222": "Extremely flammable aerosol", "H225": "Highly flammable liquid and vapour",
    "H226": "Flammable liquid and vapour", "H290": "May be corrosive to metals",
    "H301": "Toxic if swallowed", "H302": "Harmful if swallowed",
    "H304": "May be fatal if swallowed and enters airways", "H311": "Toxic in contact with skin",
    "H314": "Causes severe skin burns and eye damage", "H315": "Causes skin irritation",
    "H317": "May cause an allergic skin reaction", "H318": "Causes serious eye damage",
    "H319": "Causes serious eye irritation", "H331": "Toxic if inhaled",
    "H336": "May cause drowsiness or dizziness", "H361d": "Suspected of damaging the unborn child",
    "H370": "Causes damage to organs",
    "H372": "Causes damage to organs through prolonged or repeated exposure",
    "H373": "May cause damage to organs through prolonged or repeated exposure",
    "H410": "Very toxic to aquatic life with long lasting effects",
    "H411": "Toxic to aquatic life with long lasting effects",
    "H412": "Harmful to aquatic life with long lasting effects"}
DANGER = {"H222", "H225", "H301", "H304", "H311", "H314", "H318", "H331", "H370", "H372"}
P_PHRASES = [   # (code, text, the hazards it goes with; empty: any classified product)
    ("P210", "Keep away from heat, hot surfaces, sparks, open flames. No smoking.",
     {"H222", "H225", "H226"}),
    ("P233", "Keep container tightly closed.", {"H225", "H226"}),
    ("P251", "Do not pierce or burn, even after use.", {"H222"}),
    ("P261", "Avoid breathing vapours.", {"H317", "H331", "H336"}),
    ("P264", "Wash hands thoroughly after handling.", {"H302", "H315", "H319"}),
    ("P273", "Avoid release to the environment.", {"H410", "H411", "H412"}),
    ("P280", "Wear protective gloves/protective clothing/eye protection.", set()),
    ("P301+P310", "IF SWALLOWED: Immediately call a POISON CENTER/doctor.", {"H301", "H304"}),
    ("P301+P330+P331", "IF SWALLOWED: Rinse mouth. Do NOT induce vomiting.", {"H304", "H314"}),
    ("P305+P351+P338", "IF IN EYES: Rinse cautiously with water for several minutes.",
     {"H314", "H318", "H319"}),
    ("P308+P313", "IF exposed or concerned: Get medical advice.", {"H361d", "H370", "H372", "H373"}),
    ("P403+P235", "Store in a well-ventilated place. Keep cool.", {"H225", "H226"}),
    ("P501", "Dispose of contents/container to an approved waste disposal plant.", set())]
PRODUCTS = [   # (name, CAS, EC, H codes, flash point, boiling point, density, pH,
    #            (UN number, class, packing group) or None, (store min, store max))
    ("Isopropanol 99.9%", "67-63-0", "200-661-7", ["H225", "H319", "H336"], 12, 82, 0.79, None,
     ("UN1219", "3", "II"), (None, 25)),
    ("Acetone, technical grade", "67-64-1", "200-662-2", ["H225", "H319", "H336"], -20, 56, 0.79,
     None, ("UN1090", "3", "II"), (None, 25)),
    ("Ethanol 96%, denatured", "64-17-5", "200-578-6", ["H225", "H319"], 13, 78, 0.81, None,
     ("UN1170", "3", "II"), (5, 25)),
    ("Methanol", "67-56-1", "200-659-6", ["H225", "H301", "H311", "H331", "H370"], 11, 65, 0.79,
     None, ("UN1230", "3", "II"), (None, 25)),
    ("Toluene", "108-88-3", "203-625-9", ["H225", "H304", "H315", "H336", "H361d", "H373"], 4, 111,
     0.87, None, ("UN1294", "3", "II"), (None, 25)),
    ("White spirit", "64742-82-1", "265-185-4", ["H226", "H304", "H336", "H372", "H411"], 38, 155,
     0.78, None, ("UN1300", "3", "III"), (None, 30)),
    ("Sodium hypochlorite solution 13%", "7681-52-9", "231-668-3", ["H290", "H314", "H410"], None,
     110, 1.21, 13.0, ("UN1791", "8", "III"), (None, 25)),
    ("Sodium hydroxide solution 32%", "1310-73-2", "215-185-5", ["H290", "H314"], None, 105, 1.35,
     14.0, ("UN1824", "8", "II"), (15, 40)),
    ("Hydrogen peroxide 30%", "7722-84-1", "231-765-0", ["H302", "H318", "H412"], None, 106, 1.11,
     3.0, ("UN2014", "5.1", "II"), (None, 25)),
    ("Epoxy resin, component A", None, None, ["H315", "H317", "H319", "H411"], 150, None, 1.16,
     None, ("UN3082", "9", "III"), (5, 30)),
    ("Silicone lubricant spray", None, None, ["H222", "H411"], None, None, 0.68, None,
     ("UN1950", "2.1", "-"), (None, 50)),
    ("Citric acid monohydrate", "5949-29-1", "201-069-1", ["H319"], None, None, 1.54, 2.2, None,
     (None, 30)),
    ("Dishwashing detergent concentrate", None, None, ["H315", "H319", "H412"], None, 100, 1.03,
     7.5, None, (5, 30)),
    ("Glycerol 99.5%", "56-81-5", "200-289-5", [], 160, 290, 1.26, None, None, (None, 30)),
    ("Polyethylene glycol 400", "25322-68-3", "500-038-2", [], 238, None, 1.13, 6.0, None,
     (None, None)),
    ("Sodium chloride, analytical grade", "7647-14-5", "231-598-3", [], None, 1465, 2.17, 7.0,
     None, (None, None)),
    ("Buffer solution pH 7.00", None, None, [], None, 100, 1.01, 7.0, None, (15, 25))]
COMPONENTS = {   # a mixture's main component: (name, CAS, share)
    "Epoxy resin, component A": ("Bisphenol A diglycidyl ether resin", "25068-38-6", "50-100 %"),
    "Silicone lubricant spray": ("Propane/butane propellant", "68476-85-7", "50-75 %"),
    "Dishwashing detergent concentrate": ("Sodium laureth sulfate", "68891-38-3", "10-20 %"),
    "Buffer solution pH 7.00": ("Potassium dihydrogen phosphate", "7778-77-0", "< 1 %")}
PPE = {   # kind: (label, equipment, the standard it meets)
    "eyes": ("Eye/face protection", ["Safety goggles", "Safety glasses with side shields",
                                     "Face shield"], "EN 166"),
    "hands": ("Hand protection", ["Nitrile gloves", "Butyl rubber gloves", "Neoprene gloves"],
              "EN ISO 374"),
    "body": ("Skin and body protection", ["Lab coat", "Chemical-resistant apron",
                                          "Protective clothing"], "EN 13034"),
    "breathing": ("Respiratory protection", ["Respirator with type A filter",
                                             "Half mask, ABEK filter"], "EN 14387")}
REGULATION = {"en_US": ("according to OSHA Hazard Communication Standard 29 CFR 1910.1200",
                        "Not a hazardous chemical under OSHA HCS 2012."),
              "en_GB": ("according to UK REACH (SI 2019/758)",
                        "Not classified as hazardous according to GB CLP."),
              "de_DE": ("according to Regulation (EC) No 1907/2006 (REACH), Annex II",
                        "Not classified as hazardous according to Regulation (EC) No 1272/2008."),
              "fr_FR": ("according to Regulation (EC) No 1907/2006 (REACH), Annex II",
                        "Not classified as hazardous according to Regulation (EC) No 1272/2008.")}
SIGNAL = {"danger": ("Signal word: Danger", "Signal word: DANGER"),
          "warning": ("Signal word: Warning", "Signal word: WARNING"),
          "none": ("Signal word: none", "No signal word required.", "Signal word: not applicable")}
SDS_FIELDS = [
    F.text("product_name", "Product name", "Trade name of the product (not the product code).",
           "product", "trade_name"),
    F.text("product_code", "Product code", "Supplier's product or article code, if given.",
           "article_number", "item_code", optional=True, keep=0.5),
    F.text("cas_number", "CAS number", ("CAS number of the substance (not the EC or UN number); "
           "null for a mixture.", "CAS registry number, if the product is a single substance."),
           "cas", "cas_no", optional=True, keep=0.6),
    F.text("supplier", "Supplier", "Company supplying the product.", "company", "manufacturer"),
    F.text("emergency_phone", "Emergency telephone", "Emergency telephone number, if given.",
           "emergency_number", optional=True, keep=0.5),
    F.date("revision_date", "Revision date",
           "Date of this revision (not the date of first issue or the print date).",
           "revised_on", "date_of_revision"),
    F.text("version", "Version", "Version of this sheet (not the version it replaces).",
           "sds_version", keep=0.5),
    F.choice("signal_word", "Signal word", "GHS signal word of the label.", list(SIGNAL),
             "ghs_signal_word", keep=0.7),
    F.strings("hazard_statements", "Hazard statements",
              ("The hazard statements (H phrases) as written, without their codes; empty if the "
               "product is not classified.", "Hazard statements of the label, text only."),
              "h_statements", "hazards"),
    F.strings("ppe", "Personal protective equipment", "Protective equipment the sheet calls for.",
              "protective_equipment", "ppe_required", keep=0.8),
    F.number("flash_point_c", "Flash point (°C)", ("Flash point in degrees Celsius (not the "
             "boiling point); null when not applicable.", "Flash point, °C."), "flash_point",
             optional=True),
    F.number("storage_temp_min_c", "Minimum storage temperature (°C)",
             "Lowest storage temperature stated, if any.", "min_storage_temperature",
             "store_above", optional=True, keep=0.35),
    F.number("storage_temp_max_c", "Maximum storage temperature (°C)",
             "Highest storage temperature stated, if any.", "max_storage_temperature",
             "store_below", optional=True, keep=0.8),
    F.text("un_number", "UN number",
           "UN number for transport (not the CAS or EC number); null when not regulated.",
           "un_no", optional=True, keep=0.6),
    F.flag("transport_regulated", "Regulated for transport",
           "Whether the product is dangerous goods for transport.", "dangerous_goods",
           "dg_regulated"),
    F.flag("environmental_hazard", "Environmental hazard",
           "Whether the product is classified as hazardous to the aquatic environment.",
           "aquatic_hazard", "hazardous_to_environment", keep=0.7),
]


def safety_data_sheet(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    name, cas, ec, codes, flash, boils, density, ph, transport, (lo, hi) = rng.choice(PRODUCTS)
    us = kit.locale == "en_US"
    phrases = [H_PHRASES[c].replace("vapour", "vapor") if us else H_PHRASES[c] for c in codes]
    signal = "none" if not codes else "danger" if set(codes) & DANGER else "warning"
    kinds = (["eyes", "hands"] + ["body"] * kit.chance(0.6)
             + ["breathing"] * (flash is not None and flash < 40 and kit.chance(0.6))
             if codes else rng.choice([[], [], ["eyes"], ["eyes", "hands"]]))
    mild = {"eyes": "Safety glasses with side shields", "hands": "Nitrile gloves"}
    ppe = [rng.choice(PPE[k][1]) if codes else mild[k] for k in kinds]
    env = any(c.startswith("H4") for c in codes)
    revised = kit.day()
    first = revised - dt.timedelta(days=rng.randint(400, 3000))
    major, minor = rng.randint(1, 6), rng.randint(1, 4)
    version, replaced = f"{major}.{minor}", f"{major}.{minor - 1}"
    facts = {"product_name": name,
             "product_code": kit.maybe(f"{rng.choice(['', 'ART-', 'P'])}{rng.randint(10000, 999999)}",
                                       0.7),
             "cas_number": cas, "supplier": fake.company(),
             "emergency_phone": kit.maybe(fake.phone_number(), 0.7),
             "revision_date": revised.isoformat(), "version": version, "signal_word": signal,
             "hazard_statements": phrases, "ppe": ppe,
             "flash_point_c": flash, "storage_temp_min_c": lo, "storage_temp_max_c": hi,
             "un_number": transport[0] if transport else None,
             "transport_regulated": transport is not None, "environmental_hazard": env}
    regulation, unclassified = REGULATION[kit.locale]
    heading = rng.choice(["SECTION {n}: {t}", "{n}. {T}", "{n} {t}"])

    def section(n: int, title: str) -> None:
        doc.line().line(heading.format(n=n, t=title, T=title.upper()))

    doc.line(rng.choice(["SAFETY DATA SHEET", "Safety Data Sheet", "Material Safety Data Sheet"]
                        if us else ["SAFETY DATA SHEET", "Safety Data Sheet"]))
    doc.line(regulation).line()
    printed = revised + dt.timedelta(days=rng.randint(1, 400))
    header = [("Revision date", kit.date_cell(("revision_date",), revised)),
              ("Version", L.join(L.cell(version, ("version",)), L.cell(f" (replaces {replaced})"))),
              ("Date of first issue", kit.date_cell(None, first)),
              ("Print date", kit.date_cell(None, printed))]
    if kit.chance(0.5):
        L.kv(doc, rng, header, rng.choice(["colon", "aligned", "pipe"]))
    else:
        kit.date(doc.add("Revised: "), ("revision_date",), revised).add("  Version ")
        doc.put(("version",), version).add(f" (replaces version {replaced})  Printed: ")
        kit.date(doc, None, printed).line()
    section(1, "Identification")
    rows = [("Product name", L.cell(name, ("product_name",)))]
    if facts["product_code"]:
        rows.append((rng.choice(["Product code", "Article no.", "Item number"]),
                     L.cell(facts["product_code"], ("product_code",))))
    rows += [("Recommended use", L.cell(rng.choice(["Laboratory chemical", "Industrial use",
                                                    "Professional use only"]))),
             ("Supplier", L.cell(facts["supplier"], ("supplier",))),
             ("Address", L.cell(fake.address().replace("\n", ", ")))]
    if facts["emergency_phone"]:
        rows.append(("Emergency telephone", L.join(
            L.cell(facts["emergency_phone"], ("emergency_phone",)),
            L.cell(rng.choice([" (24 h)", " (office hours only)", ""])))))
    L.kv(doc, rng, rows, rng.choice(["colon", "aligned", "stacked", "grid"]))
    kit.pad(doc)
    section(2, "Hazard identification")
    signal_text = rng.choice(SIGNAL[signal])
    if not codes:
        doc.line(unclassified)
    doc.line(signal_text)
    fitting = [(c, t) for c, t, goes in P_PHRASES if not goes or goes & set(codes)] if codes else []
    precautions = rng.sample(fitting, min(len(fitting), rng.randint(2, 4)))
    style = rng.choice(["bullets", "table", "inline"])
    bullet = rng.choice([("  ", ": "), ("- ", " "), ("* ", " - ")])
    for key, title, lines in (("hazard_statements", "Hazard statements", list(zip(codes, phrases))),
                              (None, "Precautionary statements", precautions)):
        if not lines:
            doc.line(f"{title}: none")
        elif style == "table":
            L.table(doc, rng, ["Code", title[:-1]], [
                [L.cell(c), L.cell(t, (key, i) if key else None)] for i, (c, t) in enumerate(lines)])
        elif style == "bullets":
            doc.line(f"{title}:")
            for i, (c, t) in enumerate(lines):
                doc.add(f"{bullet[0]}{c}{bullet[1]}")
                doc.put((key, i), t) if key else doc.add(t)
                doc.line("." if key and t[-1] != "." else "")
        else:   # "Hazard statements: H225 Highly flammable liquid and vapour. H319 ..."
            doc.add(f"{title}: ")
            for i, (c, t) in enumerate(lines):
                doc.add(f"{' ' if i else ''}{c} ")
                doc.put((key, i), t).add(".") if key else doc.add(t)
            doc.line()
    if cas:
        section(3, "Composition/information on ingredients")
        strength = re.search(r"\d+(\.\d+)?%", name)
        L.kv(doc, rng, [("Substance", L.cell(re.sub(r",.*| \d.*", "", name))),
                        ("CAS no.", L.cell(cas, ("cas_number",))), ("EC no.", L.cell(ec)),
                        ("Concentration", L.cell(strength.group(0) if strength
                                                 else rng.choice([">= 99 %", "> 95 %", "100 %"])))],
             rng.choice(["colon", "aligned", "pipe"]))
    elif name in COMPONENTS:
        part, part_cas, share = COMPONENTS[name]
        section(3, "Composition/information on ingredients")
        doc.line(f"Mixture. Main component: {part} (CAS {part_cas}), {share}.")
    kit.pad(doc)
    section(7, "Handling and storage")
    unit = " °C"
    if lo is not None and hi is not None:
        kit.count(doc.add("Store between "), ("storage_temp_min_c",), lo).add(f"{unit} and ")
        kit.count(doc, ("storage_temp_max_c",), hi).line(f"{unit}.")
    elif hi is not None:
        kit.count(doc.add(rng.choice(["Store below ", "Storage temperature: max. ",
                                      "Keep at temperatures not exceeding "])),
                  ("storage_temp_max_c",), hi).line(f"{unit}.")
    elif lo is not None:
        kit.count(doc.add("Store above "), ("storage_temp_min_c",), lo).line(f"{unit} (may crystallise).")
    else:
        doc.line("No special storage temperature requirements.")
    doc.line(rng.choice(["Keep container tightly closed in a dry, well-ventilated place.",
                         "Store in the original container, away from food and drink.",
                         "Keep locked up and out of the reach of children."]))
    section(8, "Exposure controls/personal protection")
    form = rng.choice(["table", "bullets", "sentence"])
    if not ppe:
        doc.line("No special protective equipment is required under normal conditions of use.")
    elif form == "sentence":
        _series(doc.add(rng.choice(["Wear: ", "Recommended protective equipment: "])), ("ppe",), ppe)
        doc.line(".")
    else:
        rows = [(PPE[k][0], L.join(L.cell(p, ("ppe", i)), L.cell(f" ({PPE[k][2]})")))
                for i, (k, p) in enumerate(zip(kinds, ppe))]
        if "breathing" not in kinds:
            rows.append((PPE["breathing"][0], L.cell("not required with adequate ventilation")))
        if form == "table":
            L.table(doc, rng, ["Protection", "Equipment"], [[L.cell(a), b] for a, b in rows])
        else:
            for a, b in rows:
                L.write(doc.add(f"- {a}: "), b).line()
    kit.pad(doc)
    section(9, "Physical and chemical properties")
    f_text = (lambda c: f" / {round(c * 9 / 5 + 32)} °F") if us else (lambda c: "")
    props = [("Flash point", L.join(kit.count_cell(("flash_point_c",), flash),
                                    L.cell(f" °C{f_text(flash)} (closed cup)"))
              if flash is not None else L.cell(rng.choice(["not applicable", "not determined"]))),
             ("Boiling point", L.join(kit.count_cell(None, boils), L.cell(f" °C{f_text(boils)}"))
              if boils is not None else L.cell("decomposes")),
             ("Density (20 °C)", L.join(kit.num_cell(None, density), L.cell(" g/cm3")))]
    if ph is not None:
        props.append(("pH", kit.num_cell(None, ph, 1)))
    rng.shuffle(props)
    if kit.chance(0.5):
        L.kv(doc, rng, props, rng.choice(["colon", "aligned", "dots", "pipe"]))
    else:
        L.table(doc, rng, ["Property", "Value"], [[L.cell(a), b] for a, b in props])
    section(14, "Transport information")
    transport_text = says(rng, transport is not None,
                          ("Regulated as dangerous goods for transport (ADR/RID, IMDG, IATA).",
                           "Dangerous goods for transport: yes"),
                          ("Not regulated as dangerous goods for transport.",
                           "Not dangerous goods within the meaning of ADR/RID, IMDG and IATA.",
                           "Transport: not regulated"))
    doc.line(transport_text)
    if transport:
        un, cls, group = transport
        L.kv(doc, rng, [("UN number", L.cell(un, ("un_number",))), ("Transport hazard class", L.cell(cls)),
                        ("Packing group", L.cell(group))], rng.choice(["colon", "aligned"]))
    env_text = says(rng, env, ("Environmental hazard: hazardous to the aquatic environment.",
                               "Hazardous to the aquatic environment - avoid release to drains."),
                    ("Not classified as hazardous to the aquatic environment.",
                     "Environmental hazard: none"))
    doc.line(env_text)
    doc.line().line(f"Prepared by: {fake.name()}, Product Safety").line(
        "The information above is based on our present knowledge and does not guarantee properties.")
    kit.pad(doc)
    return Draft(("Safety data sheet", "SDS", "Chemical safety data sheet"), SDS_FIELDS, facts, doc,
                 {("signal_word",): signal_text, ("transport_regulated",): transport_text,
                  ("environmental_hazard",): env_text})


# ---- sample chain of custody ---------------------------------------------------------------

MATRICES = {   # matrix: the words a form uses, each with its sample-ID prefix and containers
    "water": ([("Groundwater", "BH"), ("Surface water", "SW"), ("Water", "W")],
              ["1 L amber glass", "500 ml plastic", "40 ml VOA vial"]),
    "soil": ([("Soil", "TP"), ("Made ground", "WS"), ("Topsoil", "TS")],
             ["250 g glass jar", "60 ml tub", "1 kg bag"]),
    "sediment": ([("Sediment", "SED"), ("River sediment", "RS")], ["250 g glass jar", "1 L tub"]),
    "wastewater": ([("Wastewater", "WW"), ("Effluent", "EFF"), ("Leachate", "LCH")],
                   ["1 L plastic", "250 ml plastic (H2SO4)", "500 ml amber glass"]),
    "air": ([("Air", "AIR"), ("Indoor air", "IA"), ("Soil gas", "SG")],
            ["sorbent tube", "6 L canister", "Tedlar bag 1 L"])}
PROGRAMMES = [("Site investigation", ["soil", "water"]),
              ("River quality monitoring", ["water", "sediment"]),
              ("Discharge consent monitoring", ["wastewater"]),
              ("Landfill monitoring", ["wastewater", "water", "air"]),
              ("Indoor air survey", ["air"]), ("Groundwater monitoring", ["water"])]
ANALYSES = {"water": ["pH", "Dissolved metals", "BTEX", "TPH", "Nitrate", "PFAS"],
            "soil": ["Metals suite", "PAH (16)", "TPH", "Asbestos screen", "pH", "Cyanide"],
            "sediment": ["Metals suite", "PAH (16)", "TOC", "PCB (7)"],
            "wastewater": ["COD", "BOD5", "Suspended solids", "Ammonium", "pH"],
            "air": ["VOC scan", "BTEX", "Formaldehyde"]}
TURNAROUND = {"standard": ("TAT: standard (10 working days)", "[x] Standard turnaround",
                           "Turnaround: Standard"),
              "rush": ("TAT: RUSH - 48 hours", "[x] Urgent / rush turnaround",
                       "Turnaround: Priority (3 days)")}
COC_FIELDS = [
    F.text("coc_number", "Chain-of-custody number",
           ("Number of the chain-of-custody form (not the lab job or quote number).",
            "Reference of the custody form."), "form_number", "coc_id"),
    F.text("project", "Project", "Project or sampling programme the samples belong to.",
           "project_name", "site"),
    F.text("project_number", "Project number", "Client's project number, if given (not the PO).",
           "job_number", optional=True, keep=0.5),
    F.text("client", "Client", "Company that sent the samples (not the laboratory).", "customer",
           "company", keep=0.6),
    F.text("collector", "Sampler", "Person who collected the samples (not the courier or the "
           "receiver).", "sampled_by", "collected_by"),
    F.items("samples", "Samples", ("Each sample on the form.", "The sample lines, in order."), [
        F.text("sample_id", "Sample ID", "Field identifier of the sample (not the lab number).",
               "field_id", "id"),
        F.choice("matrix", "Matrix", "What kind of material the sample is.", list(MATRICES),
                 "sample_type", "medium", keep=0.8),
        F.date("collected_date", "Date collected", "Date the sample was taken (not the receipt "
               "date).", "date_sampled", "sampling_date"),
        F.text("collected_time", "Time collected", "Time the sample was taken, if recorded.",
               "time_sampled", optional=True, keep=0.6),
        F.integer("containers", "Containers",
                  "Number of containers (bottles, jars, tubes) for the sample.", "container_count",
                  "bottles"),
    ], "sample_list", "lines"),
    F.strings("analyses", "Analyses requested", "Analyses or test suites requested.", "tests",
              "analysis_requested", keep=0.7),
    F.choice("turnaround", "Turnaround", "Requested turnaround time.", list(TURNAROUND), "tat",
             keep=0.5),
    F.text("received_by", "Received by", "Laboratory staff member who received the samples, if "
           "named (not the sampler).", "receiver", "lab_receipt_by", optional=True),
    F.date("received_date", "Date received", "Date the laboratory received the samples (not a "
           "sampling date or the report due date).", "receipt_date", keep=0.7),
    F.number("temperature_on_receipt", "Temperature on receipt (°C)",
             "Temperature measured on receipt, if recorded (not the correction factor).",
             "receipt_temperature", "cooler_temp", optional=True, keep=0.8),
    F.integer("total_containers", "Total containers",
              "Containers in all (not the number of samples or coolers).", "container_total",
              keep=0.5),
    F.flag("custody_seals_intact", "Custody seals intact",
           "Whether the custody seals were intact on arrival.", "seals_intact"),
    F.flag("received_on_ice", "Received on ice", "Whether the samples arrived chilled on ice.",
           "on_ice", "iced", keep=0.7),
]


def sample_log(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    programme, kinds = rng.choice(PROGRAMMES)
    kinds = rng.sample(kinds, rng.randint(1, len(kinds)))
    words = {k: rng.choice(MATRICES[k][0]) for k in kinds}
    day = kit.day()
    n = rng.randint(1, 6)
    matrices = [rng.choice(kinds) for _ in range(n)]
    numbers = sorted(rng.sample(range(1, 30), n))
    depth = kit.chance(0.5)
    clock, samples, types = rng.randint(7 * 60, 11 * 60), [], []
    two_days = n > 2 and kit.chance(0.3)
    for i, (m, k) in enumerate(zip(matrices, numbers)):
        word, prefix = words[m]
        sample_day = day + dt.timedelta(days=1 if two_days and i >= n // 2 else 0)
        clock += rng.randint(10, 80)
        samples.append({"sample_id": f"{prefix}{k:02d}" + (f"-{rng.choice(['0.5', '1.0', '2.0'])}"
                                                           if m == "soil" and depth else ""),
                        "matrix": m, "collected_date": sample_day.isoformat(),
                        "collected_time": _clock(clock // 60 % 24, clock % 60),
                        "containers": rng.randint(1, 5)})
        types.append(rng.choice(MATRICES[m][1]))
    timed = kit.chance(0.7)
    if not timed:
        for s in samples:
            s["collected_time"] = None
    last = dt.date.fromisoformat(samples[-1]["collected_date"])
    received = last + dt.timedelta(days=rng.choice([0, 1, 1, 2]))
    on_ice, sealed = kit.chance(0.65), kit.chance(0.6)
    temp = round(rng.uniform(0.8, 6.0) if on_ice else rng.uniform(9.0, 21.0), 1)
    tat = rng.choice(list(TURNAROUND))
    pool = list(dict.fromkeys(a for k in kinds for a in ANALYSES[k]))
    facts = {"coc_number": f"{rng.choice(['COC-', 'CoC ', 'CC'])}{rng.randint(10000, 999999)}",
             "project": rng.choice([f"{fake.city()} {programme.lower()}", f"{programme}, {fake.city()}"]),
             "project_number": kit.maybe(f"{rng.choice(['P', 'PRJ-', ''])}{rng.randint(1000, 99999)}",
                                         0.6),
             "client": fake.company(), "collector": fake.name(), "samples": samples,
             "analyses": rng.sample(pool, min(len(pool), rng.choice([0, 1, 2, 3, 4]))),
             "turnaround": tat, "received_by": kit.maybe(fake.name(), 0.75),
             "received_date": received.isoformat(), "temperature_on_receipt": kit.maybe(temp, 0.8),
             "total_containers": sum(s["containers"] for s in samples),
             "custody_seals_intact": sealed, "received_on_ice": on_ice}
    lab = f"{fake.last_name()} {rng.choice(['Analytical', 'Environmental Laboratories', 'Labs'])}"
    job = f"{rng.choice(['L', 'J', 'LAB'])}{received.year % 100}-{rng.randint(1000, 99999):05d}"
    quote = f"Q-{rng.randint(1000, 9999)}"
    title = rng.choice(["CHAIN OF CUSTODY RECORD", "Chain of Custody", "Sample submission and "
                        "custody form"])
    doc.line(lab).line(title).line()
    rows = [(rng.choice(["CoC no.", "Form no.", "Chain of custody no."]),
             L.cell(facts["coc_number"], ("coc_number",))),
            ("Lab job no.", L.cell(job)),
            ("Client", L.cell(facts["client"], ("client",))),
            ("Project", L.cell(facts["project"], ("project",)))]
    if facts["project_number"]:
        rows.append(("Project no.", L.cell(facts["project_number"], ("project_number",))))
    rows += [("Quote", L.cell(quote)), (rng.choice(["Sampler", "Sampled by", "Collected by"]),
                                        L.cell(facts["collector"], ("collector",))),
             ("Sampler phone", L.cell(fake.phone_number()))]
    L.kv(doc, rng, rows)
    doc.line()
    kit.pad(doc)
    evidence = {}
    style = rng.choice(["table", "numbered", "prose"])
    lab_numbers = kit.chance(0.4)
    if style == "table":
        head = (["Lab no."] * lab_numbers + ["Sample ID", "Matrix", "Date"] + ["Time"] * timed
                + ["Containers", "Container type"])
        L.table(doc, rng, head, [
            [L.cell(f"{job}-{i + 1:02d}")] * lab_numbers
            + [L.cell(s["sample_id"], ("samples", i, "sample_id")), L.cell(words[s["matrix"]][0]),
               kit.date_cell(("samples", i, "collected_date"), dt.date.fromisoformat(s["collected_date"]))]
            + [L.cell(s["collected_time"], ("samples", i, "collected_time"))] * timed
            + [kit.count_cell(("samples", i, "containers"), s["containers"]), L.cell(types[i])]
            for i, s in enumerate(samples)])
    for i, s in enumerate(samples):
        at, word = ("samples", i), words[s["matrix"]][0]
        evidence[at + ("matrix",)] = word
        when = dt.date.fromisoformat(s["collected_date"])
        if style == "numbered":   # "3. BH04 | Groundwater | 12/03/2024 10:40 | 3 x 1 L amber glass"
            doc.add(f"{i + 1}. ").put(at + ("sample_id",), s["sample_id"]).add(f" | {word} | ")
            kit.date(doc, at + ("collected_date",), when)
            if s["collected_time"]:
                doc.add(" ").put(at + ("collected_time",), s["collected_time"])
            kit.count(doc.add(" | "), at + ("containers",), s["containers"]).line(f" x {types[i]}")
        elif style == "prose":    # "Sample BH04 (groundwater) was taken on ... at 10:40 into 3 ..."
            doc.add("Sample ").put(at + ("sample_id",), s["sample_id"]).add(f" ({word}) was taken on ")
            kit.date(doc, at + ("collected_date",), when)
            if s["collected_time"]:
                doc.add(" at ").put(at + ("collected_time",), s["collected_time"])
            kit.count(doc.add(" into "), at + ("containers",), s["containers"])
            doc.line(f" container(s) ({types[i]}).")
    doc.line()
    kit.count(doc.add("Samples: "), None, len(samples)).add("   Total containers: ")
    kit.count(doc, ("total_containers",), facts["total_containers"]).add("   Coolers: ")
    kit.count(doc, None, rng.randint(1, 3)).line()
    if facts["analyses"]:
        _strings(kit, doc, "analyses", facts["analyses"],
                 rng.choice(["Analyses requested", "Analysis required", "Tests"]), "")
    else:
        doc.line(f"Analyses: as per quotation {quote}")
    tat_text = rng.choice(TURNAROUND[tat])
    doc.line(tat_text)
    due = received + dt.timedelta(days=14 if tat == "standard" else 3)
    kit.date(doc.add("Report due: "), None, due).line()
    kit.pad(doc.line())
    courier = f"{fake.name()} ({rng.choice(['courier', 'DX', 'lab driver'])})"
    hand_over = received - dt.timedelta(days=rng.choice([0, 0, 1])) if received > last else received
    receiver = (L.cell(facts["received_by"], ("received_by",)) if facts["received_by"]
                else L.cell(rng.choice(["[signature]", "(illegible)"])))
    arrive = _clock(rng.randint(8, 17), rng.choice([5, 20, 35, 50]))
    if kit.chance(0.5):      # the relinquished / received grid of a custody form
        L.table(doc, rng, ["Relinquished by", "Date", "Received by", "Date", "Time"], [
            [L.cell(facts["collector"], ("collector",)), kit.date_cell(None, hand_over),
             L.cell(courier), kit.date_cell(None, hand_over), L.cell("")],
            [L.cell(courier), kit.date_cell(None, received), receiver,
             kit.date_cell(("received_date",), received), L.cell(arrive)]])
    else:
        L.write(doc.add("Relinquished by "), L.cell(facts["collector"], ("collector",)))
        kit.date(doc.add(" on "), None, hand_over).line(f" to {courier}.")
        L.kv(doc, rng, [("Received at laboratory by", receiver),
                        ("Date/time received", L.join(kit.date_cell(("received_date",), received),
                                                      L.cell(f" {arrive}")))],
             rng.choice(["colon", "aligned"]))
    doc.line().line("LABORATORY USE ONLY")
    cf = rng.choice([-0.3, -0.2, -0.1, 0.1, 0.2, 0.3])
    ice_text = says(rng, on_ice, ("Received on ice: Yes", "Samples received chilled, on ice.",
                                  "[x] On ice"),
                    ("Received on ice: No", "Received without ice.", "[ ] On ice",
                     "Samples were not received on ice."))
    seal_text = says(rng, sealed, ("Custody seals intact: Yes", "[x] Custody seals intact",
                                   "Custody seal present and unbroken."),
                     ("Custody seals intact: No", "[ ] Custody seals intact",
                      "Custody seal broken on arrival.", "Custody seals were not intact on receipt."))
    if facts["temperature_on_receipt"] is not None:
        kit.num(doc.add("Temperature on receipt: "), ("temperature_on_receipt",), temp, 1)
        doc.add(f" °C (thermometer T-{rng.randint(1, 30):02d}, CF ")
        L.write(doc, _signed(kit, None, cf, 1)).line(")")
    else:
        doc.line("Temperature on receipt: not recorded")
    doc.line(ice_text).line(seal_text)
    kit.pad(doc)
    evidence[("turnaround",)] = tat_text
    evidence[("received_on_ice",)], evidence[("custody_seals_intact",)] = ice_text, seal_text
    return Draft(("Sample chain of custody", "Chain-of-custody log", "Sample submission log"),
                 COC_FIELDS, facts, doc, evidence)
