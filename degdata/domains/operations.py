"""Running a site day to day: shift handover notes, visitor sign-in sheets, fixed asset
register extracts and training certificates.

Each carries values of the same kind beside the ones asked for: the near misses and the
ward, line or control-room tallies (patients, admissions, units produced, alarms) beside a
handover's incident count, the time the handover began and the next morning's date beside
the shift times and date, the shift lead and the teams beside the staff who hand over and
take over; the receptionist beside the hosts, car registrations and badge numbers beside
the visitors, a fire alarm test or drill time beside the sign-in times, the visitors still
on site beside the number signed in; the original cost and the accumulated depreciation
beside each asset's book value and the total, serial numbers beside the asset tags, the cost
centre beside the department, the auditor beside the custodian and the previous audit date
beside the audit date; the pass mark beside a course score, the CPD points and course days
beside the hours, the hours of each module beside the total, the start and issue dates
beside the completion date, the course code beside the certificate number and the trainer
beside the participant. Lines come as tables, checklists, numbered or bulleted lists, or
one sentence each (a narrative handover, a security log, an audit memo, a congratulation
letter); the lists of strings (equipment out of service, assets not located, modules
completed) may be empty. Booleans are as often negated as stated ("no escalations this
shift", "no staffing issues", "badges outstanding at close", "fire alarm test only, no
evacuation drill", "no disposals approved", "not an accredited qualification").
"""
from __future__ import annotations

import datetime as dt

from .. import fields as F
from .. import layout as L
from ..assemble import Draft
from ..doc import Doc, Path
from ..fmt import clock
from ..kit import Kit
from ..surface import says


def _series(doc: Doc, path: Path, values: list[str], last: str = ", ", sep: str = ", ") -> Doc:
    return L.series(doc, path, values, last, sep)


def _strings(kit: Kit, doc: Doc, key: str, values: list[str], label: str, none: str) -> None:
    L.string_list(doc, kit.rng, key, values, label, none, ["- ", "* ", "o "])


SETTINGS = {   # where a shift is handed over
    "ward": {
        "titles": ["NURSING HANDOVER", "Ward handover sheet", "Shift handover - nursing"],
        "units": ["Ward 7B", "Cardiology Ward 3", "Surgical Ward 12", "Stroke Unit",
                  "Acute Medical Unit", "Elderly Care Ward 4", "Maternity Ward 2"],
        "unit_label": "Ward", "lead": "Nurse in charge", "short": "healthcare assistant",
        "escalate": ["site manager", "on-call registrar", "matron"],
        "teams": ["Pharmacy", "Physio team", "Bed manager", "Night porter"],
        "tasks": ["IV antibiotics, bed 4", "Blood cultures, bed 9", "Chase CT report, bed 2",
                  "Discharge letter, bed 11", "Fluid balance, bed 6", "Wound dressing, bed 14",
                  "TTO medicines, bed 3", "Re-site cannula, bed 8", "Hourly obs, bed 5",
                  "Family meeting, bed 12"],
        "equipment": ["Infusion pump IP-07", "Hoist in bay B", "Bladder scanner", "ECG machine",
                      "Obs machine, bay C", "Suction unit, bed 10", "Air mattress, bed 1"],
        "tallies": [("Patients on the ward", 14, 30, "{} patients on the ward"),
                    ("Admissions", 0, 6, "{} admission(s)"), ("Discharges", 0, 5, "{} discharge(s)"),
                    ("Empty beds", 0, 4, "{} empty bed(s)")]},
    "plant": {
        "titles": ["SHIFT HANDOVER", "Production shift handover", "Line handover log"],
        "units": ["Line 3 - Bottling", "Boiler house", "Packing hall B", "Extrusion line 2",
                  "Paint shop", "Press shop", "Mixing room"],
        "unit_label": "Area", "lead": "Shift manager", "short": "line operator",
        "escalate": ["production manager", "on-call engineer", "plant manager"],
        "teams": ["Maintenance", "Quality", "Stores", "Hygiene team"],
        "tasks": ["Change filter on pump P-101", "Restock labels, line 3", "Calibrate checkweigher",
                  "Clear the reject bin", "Top up coolant, CNC 4", "Swap forklift battery",
                  "Allergen clean-down", "QC sample, next batch", "Close hot-work permit",
                  "Replace worn belt on C2"],
        "equipment": ["Conveyor C4", "Forklift FL-02", "Compressor 2", "Labeller L1",
                      "Checkweigher CW-1", "Dust extractor", "Palletiser"],
        "tallies": [("Units produced", 2000, 48000, "{} units produced"),
                    ("Downtime (min)", 0, 240, "{} minutes of downtime"),
                    ("Rejects", 0, 300, "{} rejects")]},
    "control": {
        "titles": ["CONTROL ROOM HANDOVER", "Operator shift handover", "Handover log"],
        "units": ["Network Operations Centre", "Substation control room", "Signalling centre",
                  "Water treatment control room", "Security control room"],
        "unit_label": "Desk", "lead": "Duty manager", "short": "controller",
        "escalate": ["duty manager", "on-call engineer", "incident manager"],
        "teams": ["Field crew", "IT on-call", "Facilities", "Vendor support"],
        "tasks": ["Monitor pump station 4 alarm", "Call back the field crew", "Confirm outage window",
                  "Patch firewall FW-2", "Follow up CCTV camera 12", "Reset UPS alarm",
                  "Update the status page", "Test backup radio", "Chase permit for feeder 7"],
        "equipment": ["CCTV camera 12", "UPS B", "Backup radio", "Wall display 3",
                      "SCADA workstation 2", "Telemetry outstation 7", "Printer in ops room"],
        "tallies": [("Alarms acknowledged", 5, 120, "{} alarms acknowledged"),
                    ("Calls taken", 3, 60, "{} calls taken"),
                    ("Open tickets", 0, 25, "{} tickets still open")]},
}
SHIFTS = {   # shift: (how it is named, (start, end) pairs in minutes after midnight)
    "early": (("Early shift", "Earlies", "Early (E)"), ((360, 840), (420, 930))),
    "late": (("Late shift", "Lates", "Late (L)"), ((840, 1320), (810, 1290))),
    "night": (("Night shift", "Nights", "Night (N)"), ((1320, 360), (1140, 450), (1275, 465))),
}
HANDOVER_FIELDS = [
    F.text("unit", "Unit", ("Ward, production area or control room handed over.",
                            "Unit the handover is for."), "area", "location", "unit_name"),
    F.date("shift_date", "Shift date",
           ("Date the shift started (for a night shift, the first of the two dates).",
            "Date of the shift (not the print date)."), "date", "handover_date"),
    F.choice("shift", "Shift", "Which shift is handed over.", list(SHIFTS), "shift_type",
             keep=0.6),
    F.text("shift_start", "Shift start", "Time the shift started, as written (not the handover "
           "time).", "start_time", "from", keep=0.7),
    F.text("shift_end", "Shift end", "Time the shift ended, as written.", "end_time", "until",
           keep=0.7),
    F.text("outgoing", "Outgoing staff", "Person handing over at the end of the shift.",
           "handed_over_by", "outgoing_staff"),
    F.text("incoming", "Incoming staff", "Person taking over for the next shift.",
           "received_by", "incoming_staff"),
    F.text("shift_lead", "Shift lead", "Nurse in charge or shift manager on duty, if named (not "
           "the outgoing or incoming person).", "in_charge", "supervisor", optional=True,
           keep=0.5),
    F.items("open_tasks", "Open tasks", ("Tasks handed over to the next shift.",
                                         "Outstanding jobs carried over, in order."), [
        F.text("task", "Task", "What still has to be done.", "description", "job"),
        F.text("owner", "Owner", "Person or team the task is handed to; null when unassigned.",
               "assigned_to", "handed_to", optional=True, keep=0.8),
        F.text("due", "Due", "Time the task is due by, as written, if given.", "due_time", "by",
               optional=True, keep=0.7),
    ], "outstanding_tasks", "carry_over"),
    F.integer("incidents", "Incidents", "Incidents reported during the shift (not near misses).",
              "incident_count", "incidents_reported"),
    F.strings("equipment_out_of_service", "Equipment out of service",
              ("Equipment tagged out of service or faulty at handover.",
               "Equipment not available to the next shift."), "out_of_service", "faulty_equipment",
              keep=0.8),
    F.flag("escalated", "Escalated", "Whether anything was escalated to a manager or on-call "
           "during the shift.", "escalations", "has_escalations"),
    F.flag("understaffed", "Understaffed", "Whether the shift ran below its planned staffing.",
           "short_staffed", "staffing_shortfall", keep=0.7),
]


def shift_handover(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    site = SETTINGS[rng.choice(list(SETTINGS))]
    kind = rng.choice(list(SHIFTS))
    start, end = rng.choice(SHIFTS[kind][1])
    twelve, day = kit.locale == "en_US" and kit.chance(0.4), kit.day()
    people = list(dict.fromkeys(fake.name() for _ in range(10)))
    outgoing, incoming, lead = people[:3]
    owners = [incoming] + people[3:5] + site["teams"]
    tasks = [{"task": t, "owner": kit.maybe(rng.choice(owners), 0.85),
              "due": kit.maybe(clock(end + rng.choice([30, 60, 90, 120, 180, 240, 300]), twelve),
                               0.7)}
             for t in rng.sample(site["tasks"], rng.choice([0, 1, 2, 2, 3, 3, 4, 5]))]
    escalated, short = kit.chance(0.45), kit.chance(0.4)
    facts = {"unit": rng.choice(site["units"]), "shift_date": day.isoformat(), "shift": kind,
             "shift_start": clock(start, twelve), "shift_end": clock(end, twelve),
             "outgoing": outgoing, "incoming": incoming, "shift_lead": kit.maybe(lead, 0.6),
             "open_tasks": tasks, "incidents": rng.choice([0, 0, 0, 1, 1, 2, 3]),
             "equipment_out_of_service": rng.sample(site["equipment"],
                                                    rng.choice([0, 0, 1, 1, 2, 3])),
             "escalated": escalated, "understaffed": short}
    shift_text, began = rng.choice(SHIFTS[kind][0]), clock(end - rng.choice([10, 15, 20]), twelve)
    hours = L.join(L.cell(facts["shift_start"], ("shift_start",)), L.cell(" - "),
                   L.cell(facts["shift_end"], ("shift_end",)))
    date = kit.date_cell(("shift_date",), day)
    if kind == "night" and kit.chance(0.6):     # "12/03/2024 - 13/03/2024": the night's two dates
        date = L.join(date, L.cell(rng.choice([" - ", " / ", " into "])),
                      kit.date_cell(None, day + dt.timedelta(days=1)))
    title = rng.choice(site["titles"])
    if kit.chance(0.55):        # a handover form
        doc.line(title).line()
        rows = [(site["unit_label"], L.cell(facts["unit"], ("unit",))), ("Date", date),
                ("Shift", L.cell(shift_text)), ("Hours", hours),
                ("Handed over by", L.cell(outgoing, ("outgoing",))),
                (rng.choice(["Taken over by", "Received by"]), L.cell(incoming, ("incoming",)))]
        if facts["shift_lead"]:
            rows.append((site["lead"], L.cell(lead, ("shift_lead",))))
        L.kv(doc, rng, rows + [("Handover started", L.cell(began))] * kit.chance(0.6))
    else:                       # a written handover
        doc.line(title).line()
        doc.put(("unit",), facts["unit"]).add(f" | {shift_text} | ")
        L.write(doc, date).line().line()
        L.write(doc.add("Shift "), hours).add(". Handover given by ")
        doc.put(("outgoing",), outgoing).add(" to ").put(("incoming",), incoming)
        doc.add(f", starting at {began}.")
        if facts["shift_lead"]:
            doc.add(f" {site['lead']} on the shift: ").put(("shift_lead",), lead)
        doc.line()
    doc.line()
    kit.pad(doc)
    near = rng.choice([0, 1, 1, 2, 3])
    tallies = [(label, rng.randint(lo, hi), phrase) for label, lo, hi, phrase in
               rng.sample(site["tallies"], rng.randint(1, len(site["tallies"])))]
    if kit.chance(0.5):
        L.kv(doc, rng, [(rng.choice(["Incidents reported", "Incidents"]),
                         kit.count_cell(("incidents",), facts["incidents"])),
                        ("Near misses", kit.count_cell(None, near))]
             + [(label, kit.count_cell(None, n)) for label, n, _ in tallies],
             rng.choice(["colon", "aligned", "dots", "pipe"]))
    else:       # "2 incident(s) reported this shift and 1 near miss(es); 3 admission(s)."
        kit.count(doc, ("incidents",), facts["incidents"]).add(" incident(s) reported this shift and ")
        kit.count(doc, None, near).add(" near miss(es); ")
        for i, (_, n, phrase) in enumerate(tallies):
            before, after = phrase.split("{}")
            kit.count(doc.add(", " if i else "", before), None, n).add(after)
        doc.line(".")
    doc.line()
    heading = rng.choice(["Outstanding tasks", "Carry over to next shift", "Jobs handed over",
                          "To follow up"])
    style = rng.choice(["table", "checklist", "prose"])
    if not tasks:
        doc.line(rng.choice([f"{heading}: none", "Nothing outstanding for the next shift."]))
    elif style == "table":
        doc.line(f"{heading}:")
        L.table(doc, rng, ["Task", rng.choice(["Owner", "Handed to"]), rng.choice(["Due", "By"])], [
            [L.cell(t["task"], ("open_tasks", i, "task")),
             L.cell(t["owner"], ("open_tasks", i, "owner")) if t["owner"] else L.cell("unassigned"),
             L.cell(t["due"], ("open_tasks", i, "due")) if t["due"] else L.cell("-")]
            for i, t in enumerate(tasks)])
    else:
        doc.line(f"{heading}:")
        for i, t in enumerate(tasks):
            at = ("open_tasks", i)
            if style == "checklist":    # "[ ] Calibrate checkweigher -> Maintenance, by 09:00"
                doc.add("[ ] ").put(at + ("task",), t["task"]).add(" -> ")
                doc.put(at + ("owner",), t["owner"]) if t["owner"] else doc.add("nobody yet")
                if t["due"]:
                    doc.add(", by ").put(at + ("due",), t["due"])
                doc.line()
            else:                       # "Calibrate checkweigher: left for Maintenance, due 09:00."
                doc.put(at + ("task",), t["task"])
                if t["owner"]:
                    doc.add(": left for ").put(at + ("owner",), t["owner"])
                else:
                    doc.add(": not yet picked up by anyone")
                if t["due"]:
                    doc.add(", due ").put(at + ("due",), t["due"])
                doc.line(".")
    doc.line()
    _strings(kit, doc, "equipment_out_of_service", facts["equipment_out_of_service"],
             rng.choice(["Out of service", "Equipment out of use", "Tagged out"]),
             rng.choice(["All equipment in service.", "Out of service: none",
                         "No equipment faults to report."]))
    who = rng.choice(site["escalate"])
    esc_text = says(rng, escalated, (f"Escalated to the {who} at {clock(start + 150, twelve)}.",
                                     f"Escalations: {who} informed, see incident log."),
                    ("No escalations this shift.", f"Nothing escalated to the {who}.",
                     "Escalations: none"))
    staff_text = says(rng, short, (f"Short-staffed: one {site['short']} off sick, not replaced.",
                                   "Staffing below the planned level for this shift."),
                      ("Fully staffed, no gaps on the rota.", "No staffing issues.",
                       "Staffing: no shortfall"))
    doc.line()
    for text in rng.sample([esc_text, staff_text], 2):
        doc.line(text)
    kit.pad(doc.line().line("Signed (outgoing): __________   Signed (incoming): __________"))
    return Draft(("Shift handover", "Handover note", "Shift handover record"), HANDOVER_FIELDS,
                 facts, doc, {("shift",): shift_text, ("escalated",): esc_text,
                              ("understaffed",): staff_text})


VISITOR_FIELDS = [
    F.text("site", "Site", "Building or site where visitors signed in.", "building", "location"),
    F.date("log_date", "Date", "Date of the sign-in sheet (not a print or test date).", "date",
           "visit_date"),
    F.text("receptionist", "Receptionist",
           "Receptionist or security officer keeping the sheet, if named (not a host).",
           "kept_by", "security_officer", optional=True, keep=0.5),
    F.items("visitors", "Visitors", ("Each visitor who signed in, in order.",
                                     "One entry per line of the sheet."), [
        F.text("name", "Name", "Visitor's name.", "visitor_name", "visitor"),
        F.text("company", "Company", "Company or organisation the visitor is from, if given.",
               "organisation", "from", optional=True, keep=0.8),
        F.text("host", "Host", "Employee the visitor came to see (not the receptionist).",
               "visiting", "host_name"),
        F.text("time_in", "Time in", "Sign-in time, as written.", "arrival_time", "signed_in"),
        F.text("time_out", "Time out", "Sign-out time as written; null while still on site.",
               "departure_time", "signed_out", optional=True),
        F.text("badge", "Badge number", "Visitor pass number, if recorded.", "pass_number",
               "badge_no", optional=True, keep=0.5),
    ], "entries", "sign_ins"),
    F.integer("visitor_count", "Visitor count",
              "Visitors signed in that day (not those still on site).", "total_visitors",
              "number_of_visitors", keep=0.6),
    F.flag("badges_returned", "Badges returned",
           "Whether every visitor badge was handed back by the close of the day.",
           "all_badges_returned", "passes_returned"),
    F.flag("fire_drill", "Fire drill", "Whether a fire evacuation drill took place that day (a "
           "fire alarm test alone is not a drill).", "evacuation_drill", "drill_held", keep=0.8),
]


def visitor_log(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    day, twelve = kit.day(), kit.locale == "en_US" and kit.chance(0.5)
    people = list(dict.fromkeys(fake.name() for _ in range(14)))
    n = rng.randint(1, 7)
    hosts, close = people[n:n + 3], rng.choice([17 * 60, 17 * 60 + 30, 18 * 60])
    prefix, numbers = rng.choice(["V-", "V", "VIS ", "#"]), rng.sample(range(1, 60), n)
    badges = kit.chance(0.7)
    visitors = []
    for i, t in enumerate(sorted(rng.sample(range(8 * 60, 16 * 60 + 30), n))):
        out = t + rng.choice([20, 30, 45, 60, 90, 120, 180, 240]) + rng.randint(0, 14)
        visitors.append({"name": people[i], "company": kit.maybe(fake.company(), 0.8),
                         "host": rng.choice(hosts), "time_in": clock(t, twelve),
                         "time_out": clock(out, twelve) if out < close and kit.chance(0.9)
                         else None,
                         "badge": f"{prefix}{numbers[i]:02d}" if badges else None})
    still = sum(v["time_out"] is None for v in visitors)
    returned, drill = not still and kit.chance(0.75), kit.chance(0.4)
    site = rng.choice([f"{fake.city()} Head Office", f"{fake.company()}, {fake.city()}",
                       f"Building {rng.choice('ABCDE')}, {fake.city()} Science Park",
                       f"{fake.city()} Distribution Centre"])
    facts = {"site": site, "log_date": day.isoformat(), "receptionist": kit.maybe(people[n + 3], 0.6),
             "visitors": visitors, "visitor_count": n, "badges_returned": returned,
             "fire_drill": drill}
    title = rng.choice(["VISITOR SIGN-IN SHEET", "Visitor log", "Visitors' book", "Reception log"])
    if kit.chance(0.55):
        doc.line(title).line()
        rows = [("Site", L.cell(site, ("site",))), ("Date", kit.date_cell(("log_date",), day))]
        if facts["receptionist"]:
            rows.append((rng.choice(["Reception", "Security officer", "Kept by"]),
                         L.cell(facts["receptionist"], ("receptionist",))))
        L.kv(doc, rng, rows + [("Sheet", L.cell(f"{rng.randint(1, 3)} of {rng.randint(3, 4)}"))]
             * kit.chance(0.4))
    else:
        kit.date(doc.add(f"{title} - ").put(("site",), site).add(" - "), ("log_date",), day).line()
        if facts["receptionist"]:
            doc.add("Kept at the front desk by ").put(("receptionist",), facts["receptionist"])
            doc.line()
    doc.line(rng.choice(["Please wear your badge visibly at all times and return it when you leave.",
                         "By signing in you agree to follow the site safety rules.",
                         "Visitors must be escorted by their host beyond reception."])).line()
    kit.pad(doc)
    cars = [fake.license_plate().strip() for _ in visitors] if kit.chance(0.35) else []
    style = rng.choice(["table", "numbered", "log"])
    if style == "table":
        L.table(doc, rng, ["No.", "Name", "Company", rng.choice(["Visiting", "Host"])]
                + ["Badge"] * badges + ["Car reg."] * bool(cars) + ["In", "Out"], [
            [L.cell(str(i + 1)), L.cell(v["name"], ("visitors", i, "name")),
             L.cell(v["company"], ("visitors", i, "company")) if v["company"] else L.cell("-"),
             L.cell(v["host"], ("visitors", i, "host"))]
            + [L.cell(v["badge"], ("visitors", i, "badge"))] * badges
            + [L.cell(cars[i]) for _ in cars[:1]]
            + [L.cell(v["time_in"], ("visitors", i, "time_in")),
               L.cell(v["time_out"], ("visitors", i, "time_out")) if v["time_out"] else L.cell("")]
            for i, v in enumerate(visitors)])
    for i, v in enumerate(visitors if style != "table" else []):
        at = ("visitors", i)
        if style == "numbered":     # "3. Name, Company - to see Host - badge V-03 - in 09:12, out 10:40"
            doc.add(f"{i + 1}. ").put(at + ("name",), v["name"])
            if v["company"]:
                doc.add(", ").put(at + ("company",), v["company"])
            doc.add(" - to see ").put(at + ("host",), v["host"])
            if v["badge"]:
                doc.add(" - badge ").put(at + ("badge",), v["badge"])
            doc.add(" - in ").put(at + ("time_in",), v["time_in"])
            if v["time_out"]:
                doc.add(", out ").put(at + ("time_out",), v["time_out"])
            else:
                doc.add(", not signed out")
            doc.line(f" - car {cars[i]}" if cars else "")
        else:                       # "09:12  Name (Company) signed in to see Host, badge V-03; left 10:40."
            doc.put(at + ("time_in",), v["time_in"]).add("  ").put(at + ("name",), v["name"])
            if v["company"]:
                doc.add(" (").put(at + ("company",), v["company"]).add(")")
            doc.add(" signed in to see ").put(at + ("host",), v["host"])
            if v["badge"]:
                doc.add(", badge ").put(at + ("badge",), v["badge"])
            if v["time_out"]:
                doc.add("; left ").put(at + ("time_out",), v["time_out"]).line(".")
            else:
                doc.line("; not signed out.")
    doc.line()
    kit.pad(doc)
    if kit.chance(0.5):
        L.kv(doc, rng, [("Visitors signed in", kit.count_cell(("visitor_count",), n)),
                        (f"Still on site at {clock(close, twelve)}", kit.count_cell(None, still))],
             rng.choice(["colon", "aligned", "dots"]))
    else:
        kit.count(doc.add("In all "), ("visitor_count",), n).add(" visitor(s) signed in today; ")
        kit.count(doc, None, still).line(f" still on site at {clock(close, twelve)}.")
    drill_at = clock(rng.choice(range(10 * 60, 15 * 60, 15)), twelve)
    badge_text = says(rng, returned, ("All visitor badges returned.", "[x] All passes handed back",
                                      "Badges: all returned at close of day."),
                      ("Not all visitor badges were returned.", "[ ] All passes handed back",
                       f"Badges outstanding at close: {max(still, 1)}"))
    drill_text = says(rng, drill, (f"Fire drill at {drill_at}: all visitors evacuated and "
                                   "accounted for.", "Evacuation drill held today; visitors were "
                                   "escorted to the assembly point."),
                      ("No fire drill today.", f"Fire alarm test at {drill_at} only, no evacuation "
                       "drill.", "Fire drill: none"))
    for text in rng.sample([badge_text, drill_text], 2):
        doc.line(text)
    kit.pad(doc)
    return Draft(("Visitor log", "Visitor sign-in sheet", "Reception visitor register"),
                 VISITOR_FIELDS, facts, doc,
                 {("badges_returned",): badge_text, ("fire_drill",): drill_text})


ASSETS = {   # department: (tag prefix, rooms, [(asset, lowest cost, highest cost, life in years)])
    "IT Services": ("IT-", ["Room 2.14", "Server room", "Room G.07", "IT store", "Reception"], [
        ("Laptop, Latitude 5440", 900, 1600, 4), ("Monitor 27in", 180, 420, 5),
        ("Docking station", 150, 300, 5), ("Desktop PC, OptiPlex", 700, 1100, 4),
        ("Rack server", 4000, 9500, 5), ("Network switch, 48-port", 1200, 3500, 6),
        ("Laser printer", 300, 900, 5), ("Smartphone", 500, 1000, 3), ("Projector", 400, 1200, 5)]),
    "Facilities Management": ("FAC-", ["Room 1.02", "Boardroom", "Kitchen, level 3",
                                       "Plant room", "Reception"], [
        ("Sit-stand desk", 350, 900, 10), ("Meeting table, 10-seat", 800, 2200, 10),
        ("Split air conditioner", 1500, 4200, 8), ("Floor scrubber", 2500, 6000, 7),
        ("Water cooler", 200, 600, 5), ("Filing cabinet, 4-drawer", 150, 400, 10),
        ("Defibrillator", 900, 1600, 8)]),
    "Chemistry Laboratory": ("LAB-", ["Lab 3", "Lab 4", "Instrument room", "Prep room"], [
        ("Benchtop centrifuge", 2500, 7000, 8), ("Fume cupboard", 6000, 14000, 15),
        ("Analytical balance", 1800, 4500, 8), ("CO2 incubator", 5000, 11000, 10),
        ("Stereo microscope", 1200, 3800, 10), ("pH meter", 300, 900, 5),
        ("Rotary evaporator", 3000, 8000, 8)]),
    "Maintenance Workshop": ("WS-", ["Bay 1", "Bay 4", "Tool store", "Yard"], [
        ("Pillar drill", 600, 1800, 10), ("MIG welder 250 A", 900, 2600, 8),
        ("Air compressor 100 l", 400, 1200, 8), ("Pallet truck", 250, 600, 6),
        ("Band saw", 700, 2400, 10), ("Forklift truck", 14000, 28000, 8),
        ("Pressure washer", 300, 900, 5)]),
}
METHOD = {"straight-line": ("Depreciation: straight-line over the useful life",
                            "Method: straight line"),
          "reducing balance": ("Depreciation: reducing balance at 25% a year",
                               "Method: declining balance (25%)")}
ASSET_FIELDS = [
    F.text("department", "Department", "Department whose assets the register lists.",
           "dept", "business_unit"),
    F.text("cost_centre", "Cost centre", "Cost centre code of the department.", "cost_center",
           keep=0.4),
    F.text("custodian", "Custodian", "Person responsible for the assets (not the auditor).",
           "asset_custodian", "responsible_person"),
    F.text("auditor", "Auditor", "Who carried out the verification, if named.", "verified_by",
           optional=True, keep=0.5),
    F.date("audit_date", "Audit date",
           ("Date of this verification (not the previous audit or the report date).",
            "Date the register was checked."), "verification_date", "as_of"),
    F.items("assets", "Assets", ("Each asset listed, in register order.",
                                 "The fixed assets in the extract."), [
        F.text("asset_tag", "Asset tag", "Asset tag or number (not the serial number).",
               "tag", "asset_number"),
        F.text("description", "Description", "What the asset is.", "asset", "name"),
        F.text("serial_number", "Serial number", "Manufacturer's serial number, if shown.",
               "serial", optional=True, keep=0.4),
        F.text("location", "Location", "Room or place the asset is kept, if shown.", "room",
               optional=True, keep=0.4),
        F.date("purchase_date", "Purchase date", "Date the asset was bought.", "acquired",
               "acquisition_date"),
        F.number("book_value", "Book value",
                 "Net book value at the audit date (not the original cost).", "nbv",
                 "net_book_value"),
    ], "items", "register_lines"),
    F.number("total_book_value", "Total book value",
             "Net book value of all listed assets (not the total cost).", "total_nbv",
             "book_value_total", minimum=0),
    F.choice("depreciation_method", "Depreciation method", "How the assets are depreciated.",
             list(METHOD), "method", keep=0.5),
    F.flag("disposal_approved", "Disposal approved",
           "Whether the proposed disposals have been approved.", "disposals_approved",
           "write_off_approved"),
    F.strings("missing_assets", "Missing assets",
              ("Tags of assets not located during the audit.", "Assets that could not be found."),
              "not_located", "unlocated_assets", keep=0.7),
]


def asset_register(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    department = rng.choice(list(ASSETS))
    prefix, rooms, pool = ASSETS[department]
    audited, method = kit.day(), rng.choice(list(METHOD))
    serials, located = kit.chance(0.6), kit.chance(0.6)
    assets, costs = [], []
    for (desc, lo, hi, life), number in zip(rng.sample(pool, rng.randint(1, 7)),
                                             rng.sample(range(100, 99999), 7)):
        bought = audited - dt.timedelta(days=rng.randint(60, life * 365 + 500))
        age, cost = (audited - bought).days / 365.25, kit.amount(lo, hi)
        costs.append(cost)
        value = cost * max(0.0, 1 - age / life) if method == "straight-line" else cost * 0.75 ** age
        assets.append({"asset_tag": f"{prefix}{number:05d}", "description": desc,
                       "serial_number": "".join(rng.choice("ABCDEFGHJKLMNPQRSTUVWXYZ0123456789")
                                                for _ in range(rng.choice([8, 10])))
                       if serials else None,
                       "location": rng.choice(rooms) if located and kit.chance(0.95) else None,
                       "purchase_date": bought.isoformat(), "book_value": round(value, 2)})
    tags = [a["asset_tag"] for a in assets]
    disposals = [a["asset_tag"] for a, cost in zip(assets, costs) if a["book_value"] < 0.2 * cost]
    approved = kit.chance(0.5)
    centre = rng.choice(["KST ", "Kst. "] if kit.locale == "de_DE" else ["CC", "CC-", "CC "])
    facts = {"department": department, "cost_centre": f"{centre}{rng.randint(1000, 9999)}",
             "custodian": fake.name(), "auditor": kit.maybe(fake.name(), 0.7),
             "audit_date": audited.isoformat(), "assets": assets,
             "total_book_value": round(sum(a["book_value"] for a in assets), 2),
             "depreciation_method": method, "disposal_approved": approved,
             "missing_assets": rng.sample(tags, rng.choice([0, 0, 0, 1, 1, 2]) if len(tags) > 2
                                          else 0)}
    previous = audited - dt.timedelta(days=rng.choice([182, 365, 366, 730]) + rng.randint(-9, 9))
    title = rng.choice(["FIXED ASSET REGISTER - EXTRACT", "Asset register extract",
                        "IT asset register" if prefix == "IT-" else "Equipment register",
                        "Asset verification report"])
    if kit.chance(0.55):
        doc.line(title).line()
        rows = [("Department", L.cell(department, ("department",))),
                ("Cost centre", L.cell(facts["cost_centre"], ("cost_centre",))),
                ("Custodian", L.cell(facts["custodian"], ("custodian",))),
                ("Audit date", kit.date_cell(("audit_date",), audited)),
                ("Previous audit", kit.date_cell(None, previous))]
        if facts["auditor"]:
            rows.append(("Verified by", L.cell(facts["auditor"], ("auditor",))))
        L.kv(doc, rng, rows)
    else:       # an audit memo
        doc.line(title).add("Department: ").put(("department",), department).add(" (cost centre ")
        doc.put(("cost_centre",), facts["cost_centre"]).line(")").line()
        kit.date(doc.add("The assets below were checked on "), ("audit_date",), audited)
        if facts["auditor"]:
            doc.add(" by ").put(("auditor",), facts["auditor"])
        doc.add(" together with the custodian, ").put(("custodian",), facts["custodian"])
        kit.date(doc.add("; the previous verification was on "), None, previous).line(".")
    method_text = rng.choice(METHOD[method])
    doc.line().line(method_text).line()
    kit.pad(doc)
    style = rng.choice(["table", "list", "prose"])
    if style == "table":
        head = (["Asset tag", "Description"] + ["Serial no."] * serials + ["Location"] * located
                + ["Purchased", "Cost", "Acc. depn.", "NBV"] + ["Disp."] * bool(disposals))
        rows = []
        for i, a in enumerate(assets):
            at = ("assets", i)
            rows.append(
                [L.cell(a["asset_tag"], at + ("asset_tag",)),
                 L.cell(a["description"], at + ("description",))]
                + [L.cell(a["serial_number"], at + ("serial_number",))] * serials
                + [L.cell(a["location"], at + ("location",)) if a["location"] else L.cell("-")]
                * located
                + [kit.date_cell(at + ("purchase_date",), dt.date.fromisoformat(a["purchase_date"])),
                   kit.money_cell(None, costs[i]),
                   kit.money_cell(None, round(costs[i] - a["book_value"], 2)),
                   kit.money_cell(at + ("book_value",), a["book_value"])]
                + [L.cell("D" if a["asset_tag"] in disposals else "")] * bool(disposals))
        L.table(doc, rng, head, rows)
    for i, a in enumerate(assets if style != "table" else []):
        at, bought = ("assets", i), dt.date.fromisoformat(a["purchase_date"])
        if style == "list":     # "- IT-01234  Monitor 27in (s/n X), Room 2.14 - bought ..., cost ..., NBV ..."
            doc.add("- ").put(at + ("asset_tag",), a["asset_tag"]).add("  ")
            doc.put(at + ("description",), a["description"])
            if a["serial_number"]:
                doc.add(" (s/n ").put(at + ("serial_number",), a["serial_number"]).add(")")
            if a["location"]:
                doc.add(", ").put(at + ("location",), a["location"])
            kit.date(doc.add(" - bought "), at + ("purchase_date",), bought)
            kit.money(doc.add(", cost "), None, costs[i])
            kit.money(doc.add(", NBV "), at + ("book_value",), a["book_value"]).line()
        else:                   # "IT-01234 (Monitor 27in) was bought on ... for ...; book value now ..."
            doc.put(at + ("asset_tag",), a["asset_tag"]).add(" (")
            doc.put(at + ("description",), a["description"]).add(")")
            if a["location"]:
                doc.add(", kept in ").put(at + ("location",), a["location"]).add(",")
            kit.date(doc.add(" was bought on "), at + ("purchase_date",), bought)
            kit.money(doc.add(" for "), None, costs[i])
            if a["serial_number"]:
                doc.add(" (serial ").put(at + ("serial_number",), a["serial_number"]).add(")")
            kit.money(doc.add("; its net book value is now "), at + ("book_value",), a["book_value"])
            doc.line(".")
    doc.line()
    total_cost = round(sum(costs), 2)
    if kit.chance(0.6):
        L.kv(doc, rng, [("Total cost", kit.money_cell(None, total_cost)),
                        ("Accumulated depreciation",
                         kit.money_cell(None, round(total_cost - facts["total_book_value"], 2))),
                        ("Net book value", kit.money_cell(("total_book_value",),
                                                          facts["total_book_value"]))],
             rng.choice(["colon", "aligned", "dots", "grid"]))
    else:
        kit.count(doc.add("The "), None, len(assets)).add(" asset(s) listed cost ")
        kit.money(doc, None, total_cost).add(" and carry a net book value of ")
        kit.money(doc, ("total_book_value",), facts["total_book_value"]).line(".")
    doc.line()
    _strings(kit, doc, "missing_assets", facts["missing_assets"],
             rng.choice(["Not located during the audit", "Missing", "Unlocated assets"]),
             rng.choice(["All assets located and verified.", "Missing assets: none",
                         "Every asset was found at its recorded location."]))
    if disposals:
        doc.add(rng.choice(["Proposed for disposal: ", "Marked for write-off: "]))
        doc.line(", ".join(disposals))
    disposal_text = says(rng, approved, ("Disposal of the items marked for write-off approved by "
                                         "the finance controller.", "Write-off and disposal "
                                         "approved.", "Disposals: APPROVED"),
                         ("No disposals approved.", "Disposal request pending, not yet approved.",
                          "Disposals: not authorised; items stay on the register."))
    doc.line(disposal_text)
    kit.pad(doc.line().line(f"Report run by {fake.name()}"))
    return Draft(("Asset register", "Fixed asset register extract", "Asset verification"),
                 ASSET_FIELDS, facts, doc, {("depreciation_method",): method_text,
                                            ("disposal_approved",): disposal_text})


COURSES = {   # course: (its modules, years the certificate is valid or None, a safety course)
    "First Aid at Work": (["Primary survey", "CPR and AED", "Choking", "Bleeding and shock",
                           "Burns and scalds", "Fractures", "Seizures"], 3, True),
    "Fire Marshal Training": (["Fire science", "Using extinguishers", "Evacuation procedures",
                               "Fire risk assessment", "Alarm systems"], 3, True),
    "Manual Handling": (["Spine and posture", "TILE assessment", "Lifting technique", "Team lifts",
                         "Mechanical aids"], 3, True),
    "Food Hygiene Level 2": (["Food safety law", "Bacteriology", "Cross-contamination",
                              "Allergen control", "Cleaning and disinfection", "Pest control"], 3,
                             True),
    "Working at Height": (["Legislation", "Ladder safety", "Mobile towers", "Fall arrest",
                           "Rescue planning"], 2, True),
    "Counterbalance Forklift": (["Pre-use checks", "Load handling", "Stacking and de-stacking",
                                 "Site safety", "Practical test"], 3, True),
    "Data Protection Essentials": (["GDPR principles", "Lawful basis", "Subject access requests",
                                    "Reporting breaches", "Records retention"], 1, False),
    "Project Management Fundamentals": (["Project lifecycle", "Scope and WBS", "Scheduling",
                                         "Risk management", "Stakeholders", "Project closure"],
                                        None, False),
    "Advanced Excel": (["Pivot tables", "Lookup functions", "Power Query", "Macros",
                        "Dashboards"], None, False),
    "Leadership Essentials": (["Giving feedback", "Coaching skills", "Delegation",
                               "Managing conflict", "Running 1:1s"], None, False),
}
ACCREDITORS = {   # locale: (bodies accrediting safety courses, bodies accrediting the others)
    "en_GB": (["IOSH", "Qualsafe Awards", "RoSPA"],
              ["the CPD Certification Service", "City & Guilds", "the Institute of Leadership"]),
    "en_US": (["the National Safety Council", "ANAB"], ["IACET", "the CPD Standards Office"]),
    "de_DE": (["the DGUV", "TÜV Rheinland"], ["the IHK", "TÜV Rheinland"]),
    "fr_FR": (["the INRS", "Qualiopi"], ["Qualiopi", "France Compétences"])}
DELIVERY = {"classroom": ("Delivered face to face in the classroom.", "Mode: classroom"),
            "online": ("Delivered online as self-paced e-learning.", "Mode: live online"),
            "blended": ("Blended: e-learning followed by a practical day.", "Mode: blended")}
GRADES = {"pass": ("Result: PASS", "Grade: Pass"), "merit": ("Passed with merit", "Grade: Merit"),
          "distinction": ("Passed with distinction", "Grade: Distinction"),
          None: ("Attendance only: not assessed, no grade.", "Grade: n/a (attendance certificate)")}
CERTIFICATE_FIELDS = [
    F.text("participant", "Participant", "Person who completed the course (not the trainer).",
           "learner", "candidate", "name"),
    F.text("certificate_number", "Certificate number",
           "Number of the certificate (not the course code).", "certificate_no", "cert_id",
           keep=0.7),
    F.text("course_title", "Course", ("Title of the course completed.", "Course name."), "course",
           "course_name"),
    F.text("provider", "Provider", "Organisation that ran the course (not the accrediting body).",
           "training_provider", "organisation"),
    F.text("trainer", "Trainer", "Trainer or tutor who signed, if named.", "instructor", "tutor",
           optional=True, keep=0.5),
    F.date("completion_date", "Completion date",
           ("Date the course was completed (not the start or issue date).",
            "Day the participant finished the course."), "completed_on", "date_completed"),
    F.number("hours", "Hours", "Training hours in total (not CPD points or days).", "duration_hours",
             "guided_hours", minimum=0),
    F.strings("modules", "Modules", ("Modules the participant completed.",
                                     "Units covered by the course."), "units", "modules_completed",
              keep=0.8),
    F.number("score", "Score", "Assessment score in percent, if assessed (not the pass mark).",
             "assessment_score", "mark", optional=True, keep=0.7),
    F.choice("grade", "Grade", "Grade awarded; null for an attendance certificate.",
             ["pass", "merit", "distinction"], "result", nullable_decide=True, keep=0.6),
    F.date("expiry_date", "Expiry date", "Date the certificate expires; null if it does not expire.",
           "valid_until", "renewal_due", optional=True),
    F.flag("accredited", "Accredited", "Whether the course is accredited by an external body.",
           "is_accredited"),
    F.choice("delivery", "Delivery mode", "How the course was delivered.", list(DELIVERY),
             "format", "mode", keep=0.5),
]


def training_certificate(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    course, (pool, years, safety) = rng.choice(list(COURSES.items()))
    modules = rng.sample(pool, rng.randint(2, min(6, len(pool))))
    spare = [m for m in pool if m not in modules]
    module_hours = [rng.choice([0.5, 1.0, 1.5, 2.0, 3.0, 3.5, 4.0, 6.0]) for _ in modules]
    hours = sum(module_hours)
    done = kit.day()
    started = done - dt.timedelta(days=rng.choice([0, 1, 2, 4, 7, 14, 28]))
    issued = done + dt.timedelta(days=rng.randint(0, 14))
    assessed, pass_mark = kit.chance(0.7), rng.choice([60, 70, 75, 80])
    score = rng.randint(pass_mark, 100) if assessed else None
    grade = None if not assessed else "pass" if kit.chance(0.5) or score < 80 else (
        "distinction" if score >= 90 else "merit")
    accredited, mode = kit.chance(0.55), rng.choice(list(DELIVERY))
    trainer, people = fake.name(), list(dict.fromkeys(fake.name() for _ in range(3)))
    leap_day = (done.month, done.day) == (2, 29)
    expires = (done - dt.timedelta(days=leap_day)).replace(year=done.year + years) if years else None
    code = f"{''.join(w[0] for w in course.split() if w[0].isalpha()).upper()}-{rng.randint(10, 999)}"
    facts = {"participant": people[0] if people[0] != trainer else people[1],
             "certificate_number": f"{rng.choice(['C', 'CERT-', 'No. '])}{issued.year}"
                                   f"{rng.choice(['-', '/'])}{rng.randint(100, 99999):05d}",
             "course_title": course,
             "provider": rng.choice([f"{fake.last_name()} Training Ltd", f"{fake.city()} Safety "
                                     "Academy", f"{fake.company()} Learning"]),
             "trainer": kit.maybe(trainer, 0.6), "completion_date": done.isoformat(),
             "hours": hours, "modules": modules, "score": score, "grade": grade,
             "expiry_date": expires.isoformat() if expires else None, "accredited": accredited,
             "delivery": mode}
    participant, provider = facts["participant"], facts["provider"]
    body = rng.choice(ACCREDITORS[kit.locale][0 if safety else 1])
    grade_text, mode_text = rng.choice(GRADES[grade]), rng.choice(DELIVERY[mode])
    acc_text = says(rng, accredited, (f"Accredited by {body}.", f"This course is accredited by "
                                      f"{body}."),
                    ("Not an accredited qualification.", "This is a non-accredited in-house course.",
                     "Accreditation: none"))
    cpd = int(hours) + rng.choice([1, 2, 3]) if kit.chance(0.5) else None
    days = -(-int(hours) // 7) or 1

    def hours_cell(path: Path | None, h: float) -> L.Cell:
        return kit.count_cell(path, int(h)) if h == int(h) else kit.num_cell(path, h, 1)

    def score_cell() -> L.Cell:
        return L.join(kit.count_cell(("score",), score), L.cell(f"% (pass mark {pass_mark}%)"))

    def expiry_cell() -> L.Cell:
        return kit.date_cell(("expiry_date",), expires) if expires else L.cell(
            rng.choice(["no expiry", "does not expire", "n/a"]))

    layout = rng.choice(["certificate", "record", "letter"])
    if layout == "certificate":
        doc.line(rng.choice(["CERTIFICATE OF COMPLETION", "Certificate of Achievement",
                             "CERTIFICATE"])).put(("provider",), provider).line().line()
        doc.line("This is to certify that").put(("participant",), participant).line()
        doc.line("has successfully completed the course").put(("course_title",), course).line()
        kit.date(doc.add("on "), ("completion_date",), done).line(".").line()
        rows = [("Certificate no.", L.cell(facts["certificate_number"], ("certificate_number",))),
                ("Course code", L.cell(code)),
                ("Duration", L.join(hours_cell(("hours",), hours), L.cell(" hours")))]
        if cpd:
            rows.append(("CPD points", kit.count_cell(None, cpd)))
        if assessed:
            rows.append(("Score", score_cell()))
        rows += [("Valid until", expiry_cell()), ("Date of issue", kit.date_cell(None, issued))]
        L.kv(doc, rng, rows, rng.choice(["colon", "aligned", "dots"]))
        doc.line().line(grade_text)
    elif layout == "record":
        doc.line(rng.choice(["TRAINING RECORD", "Course completion record", "Learning record"]))
        doc.line()
        rows = [("Employee", L.cell(participant, ("participant",))),
                ("Staff no.", L.cell(str(rng.randint(10000, 99999)))),
                ("Course", L.cell(course, ("course_title",))), ("Course code", L.cell(code)),
                ("Provider", L.cell(provider, ("provider",))),
                ("Dates", L.join(kit.date_cell(None, started), L.cell(" to "),
                                 kit.date_cell(("completion_date",), done))),
                ("Total hours", hours_cell(("hours",), hours)),
                ("Course days", kit.count_cell(None, days)),
                ("Certificate", L.cell(facts["certificate_number"], ("certificate_number",)))]
        if assessed:
            rows.append(("Assessment", score_cell()))
        rows.append((rng.choice(["Refresher due", "Expires"]), expiry_cell()))
        L.kv(doc, rng, rows)
        doc.line().line(grade_text)
    else:       # a congratulation letter
        doc.put(("provider",), provider).line().line()
        kit.date(doc, None, issued).line().line().add("Dear ").put(("participant",), participant)
        doc.line(",").line().add("Congratulations on completing ").put(("course_title",), course)
        kit.date(doc.add(", which you started on "), None, started).add(" and finished on ")
        kit.date(doc, ("completion_date",), done).add(". The course counts for ")
        L.write(doc, hours_cell(("hours",), hours)).add(" hours of training")
        if cpd:
            kit.count(doc.add(" ("), None, cpd).add(" CPD points)")
        doc.add(".")
        if assessed:
            kit.count(doc.add(" You scored "), ("score",), score)
            doc.add(f"% against a pass mark of {pass_mark}%.")
        doc.line().line(grade_text).add("Your certificate number is ")
        doc.put(("certificate_number",), facts["certificate_number"]).add(". ")
        if expires:
            kit.date(doc.add("It is valid until "), ("expiry_date",), expires).line(".")
        else:
            doc.line("It does not expire.")
    doc.line(mode_text).line()
    kit.pad(doc)
    skipped = rng.sample(spare, 1) if spare and kit.chance(0.3) else []
    style = rng.choice(["table", "list", "prose"])
    if style == "table":
        L.table(doc, rng, ["Module", "Hours", "Status"], [
            [L.cell(m, ("modules", i)), hours_cell(None, module_hours[i]), L.cell("Completed")]
            for i, m in enumerate(modules)]
            + [[L.cell(m), L.cell("-"), L.cell("Elective, not taken")] for m in skipped])
    elif style == "list":
        doc.line(rng.choice(["Modules completed:", "Units covered:"]))
        numbered = kit.chance(0.5)
        for i, m in enumerate(modules):
            doc.add(f"{i + 1}. " if numbered else "- ")
            L.write(doc.put(("modules", i), m).add(" ("), hours_cell(None, module_hours[i]))
            doc.line(" h)")
        for m in skipped:
            doc.line(f"Not taken: {m} (elective)")
    else:
        _series(doc.add("The course covered "), ("modules",), modules, " and ").add(".")
        if skipped:
            doc.add(f" The elective {skipped[0]} was not taken.")
        doc.line()
    doc.line().line(acc_text)
    if facts["trainer"]:
        doc.line().line("Signed: ______________").put(("trainer",), trainer)
        doc.line(rng.choice([", Course tutor", " (Trainer)", ", Lead instructor"]))
    kit.pad(doc)
    return Draft(("Training certificate", "Course completion record", "Certificate of completion"),
                 CERTIFICATE_FIELDS, facts, doc, {("grade",): grade_text, ("accredited",): acc_text,
                                                  ("delivery",): mode_text})
