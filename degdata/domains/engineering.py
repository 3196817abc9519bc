"""Engineering and operations records: bug reports and workplace incident reports.

Bug reports are tracker exports (a key-value header, markdown sections, numbered steps);
"could not reproduce" and "not a regression" decide booleans by negation. Incident
reports list the people involved, each with their own injury flag.
"""
from __future__ import annotations

from .. import fields as F
from .. import layout as L
from ..assemble import Draft
from ..doc import Doc
from ..kit import Kit
from ..surface import rating, says

BUG_FIELDS = [
    F.text("bug_id", "Bug ID", "Tracker identifier of the bug.", "issue_key", "id"),
    F.text("title", "Title", "Summary line of the bug.", "summary_line"),
    F.text("reporter", "Reporter", "Who filed the bug.", "reported_by", keep=0.7),
    F.date("reported", "Reported on", "Date the bug was filed.", "created"),
    F.choice("severity", "Severity", "Impact of the bug.",
             ["trivial", "minor", "major", "critical"], "impact"),
    F.choice("component", "Component", "Part of the product affected.",
             ["frontend", "backend", "mobile app", "database", "payments"], "area"),
    F.text("version", "Affected version", "Version the bug was seen in.", "affects_version",
           keep=0.8),
    F.strings("steps", "Steps", "Steps to reproduce, in order.", "steps_to_reproduce"),
    F.flag("reproducible", "Reproducible", "Whether the team could reproduce the bug.",
           "can_reproduce"),
    F.flag("regression", "Regression", "Whether it worked in an earlier version.",
           "is_regression", keep=0.6),
    F.text("assignee", "Assignee", "Engineer assigned, if any.", "assigned_to", optional=True,
           keep=0.7),
]
TITLES = {"frontend": "Save button does nothing on the settings page",
          "backend": "Export job times out for large accounts",
          "mobile app": "App crashes when rotating the screen during upload",
          "database": "Duplicate rows after concurrent imports",
          "payments": "Refund is booked twice when the user double-clicks"}
STEPS = ["Sign in as an administrator", "Open Settings > Profile", "Change the display name",
         "Press Save", "Start an export of all invoices", "Rotate the phone to landscape",
         "Upload a file larger than 20 MB", "Open two browser tabs", "Run the nightly import",
         "Click Refund twice quickly", "Reload the page"]
SEVERITY_TEXT = {"trivial": "Severity: trivial (cosmetic)", "minor": "Severity: Minor",
                 "major": "Severity: MAJOR - a main feature is broken",
                 "critical": "Severity: Critical - data loss or no workaround"}


def bug_report(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    component, severity = rng.choice(list(TITLES)), rng.choice(list(SEVERITY_TEXT))
    repro, regression = kit.chance(0.7), kit.chance(0.4)
    day = kit.day()
    facts = {"bug_id": f"{rng.choice(['BUG', 'PROJ', 'APP', 'CORE'])}-{rng.randint(100, 99999)}",
             "title": TITLES[component], "reporter": fake.name(), "reported": day.isoformat(),
             "severity": severity, "component": component,
             "version": f"{rng.randint(1, 9)}.{rng.randint(0, 30)}.{rng.randint(0, 9)}",
             "steps": rng.sample(STEPS, rng.randint(2, 5)), "reproducible": repro,
             "regression": regression, "assignee": kit.maybe(fake.name(), 0.8)}
    doc.add("# ").put(("bug_id",), facts["bug_id"]).add(": ").put(("title",), facts["title"]).line().line()
    rows = [("Reporter", L.cell(facts["reporter"], ("reporter",))),
            ("Created", kit.date_cell(("reported",), day)),
            ("Affects version", L.cell(facts["version"], ("version",)))]
    rows.append(("Assignee", L.cell(facts["assignee"], ("assignee",)) if facts["assignee"]
                 else L.cell("Unassigned")))
    L.kv(doc, rng, rows, rng.choice(["colon", "pipe", "aligned"]))
    sev_text, comp_text = SEVERITY_TEXT[severity], f"Component: {component}"
    doc.line().line(comp_text).line(sev_text).line().line("## Steps to reproduce")
    for i, s in enumerate(facts["steps"]):
        doc.add(f"{i + 1}. ").put(("steps", i), s).line()
    doc.line().line("## Expected").line(fake.sentence(nb_words=8)).line()
    kit.pad(doc)
    repro_text = says(rng, repro, ("Reproduced on staging, every time.", "Confirmed: reproducible."),
                      ("Could not reproduce on staging so far.", "Not reproducible on our side yet."))
    reg_text = says(rng, regression, ("This worked in the previous release; it is a regression.",),
                    ("This is not a regression: it never worked.", "Not a regression."))
    doc.line("## Notes").line(repro_text).line(reg_text)
    kit.pad(doc)
    return Draft(("Bug report", "Issue triage"), BUG_FIELDS, facts, doc, {
        ("severity",): sev_text, ("component",): comp_text,
        ("reproducible",): repro_text, ("regression",): reg_text})


INCIDENT_FIELDS = [
    F.text("incident_id", "Incident ID", "Reference of the report.", "report_number"),
    F.date("incident_date", "Date of incident", "When it happened (not when it was reported).",
           "occurred_on"),
    F.text("location", "Location", "Where it happened.", "site"),
    F.choice("incident_type", "Type", "Kind of incident.",
             ["injury", "near miss", "property damage", "security"], "category"),
    F.items("people", "People involved", "Everyone involved in the incident.", [
        F.text("name", "Name", "Name of the person.", "full_name"),
        F.choice("role", "Role", "How the person was involved.",
                 ["employee", "contractor", "visitor"], "relation", keep=0.7),
        F.flag("injured", "Injured", "Whether this person was injured.", "hurt"),
    ], "persons"),
    F.flag("first_aid", "First aid given", "Whether first aid was given.", "first_aid_given",
           keep=0.7),
    F.score("severity", "Severity", "Assessed severity of the incident.",
            {1: "negligible", 2: "minor", 3: "moderate", 4: "major", 5: "critical"}, "risk_level"),
    F.strings("actions", "Corrective actions", "Actions taken or planned.", "corrective_actions",
              keep=0.7),
    F.text("supervisor", "Supervisor", "Supervisor notified, if named.", "notified_supervisor",
           optional=True, keep=0.6),
]
INCIDENT_TEXT = {"injury": "A worker slipped on a wet floor near the loading bay.",
                 "near miss": "A pallet fell from a rack but nobody was standing underneath.",
                 "property damage": "A forklift reversed into the fire door and damaged it.",
                 "security": "An unknown visitor entered the office without signing in."}
ACTIONS = ["Warning signs placed at the loading bay", "Rack inspection scheduled",
           "Refresher training for forklift drivers", "Door access log reviewed",
           "Floor drainage to be repaired", "Visitor policy re-communicated"]


def incident_report(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    kind = rng.choice(list(INCIDENT_TEXT))
    people = [{"name": fake.name(), "role": rng.choice(["employee", "contractor", "visitor"]),
               "injured": kind == "injury" and i == 0 or kit.chance(0.1)}
              for i in range(rng.randint(1, 4))]
    first_aid = any(p["injured"] for p in people) and kit.chance(0.8)
    severity = rng.randint(1, 5)
    day = kit.day()
    facts = {"incident_id": f"IR-{day.year}-{rng.randint(100, 9999)}", "incident_date": day.isoformat(),
             "location": f"{rng.choice(['Warehouse', 'Plant', 'Office', 'Depot'])} {fake.city()}",
             "incident_type": kind, "people": people, "first_aid": first_aid, "severity": severity,
             "actions": rng.sample(ACTIONS, rng.randint(1, 3)),
             "supervisor": kit.maybe(fake.name(), 0.8)}
    doc.line("INCIDENT REPORT").line()
    type_text = f"Incident type: {kind}"
    L.kv(doc, rng, [("Report no.", L.cell(facts["incident_id"], ("incident_id",))),
                    ("Date of incident", kit.date_cell(("incident_date",), day)),
                    ("Location", L.cell(facts["location"], ("location",)))])
    doc.line(type_text).line().line("Description").line(INCIDENT_TEXT[kind]).line()
    evidence = {("incident_type",): type_text}
    doc.line("Persons involved:")
    for i, p in enumerate(people):
        hurt = says(rng, p["injured"], ("injured", "taken to hospital"),
                    ("not injured", "no injury", "unhurt"))
        doc.add("- ").put(("people", i, "name"), p["name"]).line(f" ({p['role']}, {hurt})")
        evidence[("people", i, "injured")] = f"{p['role']}, {hurt}"
        evidence[("people", i, "role")] = f"{p['role']}, {hurt}"
    doc.line()
    kit.pad(doc)
    aid_text = says(rng, first_aid, ("First aid was given on site.",),
                    ("No first aid was needed.", "First aid was not given."))
    sev_text = f"Severity assessment: {rating(rng, severity)[1]}"
    doc.line(aid_text).line(sev_text).line().line("Corrective actions:")
    for i, a in enumerate(facts["actions"]):
        doc.add("* ").put(("actions", i), a).line()
    if facts["supervisor"]:
        doc.add("\nSupervisor notified: ").put(("supervisor",), facts["supervisor"]).line()
    kit.pad(doc)
    evidence.update({("first_aid",): aid_text, ("severity",): sev_text})
    return Draft(("Incident report", "Safety incident"), INCIDENT_FIELDS, facts, doc, evidence)
