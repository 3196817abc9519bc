"""Academic documents: course syllabi and clinical trial summaries.

A syllabus is a schedule table plus an assessment breakdown and policy sentences ("late
submissions are not accepted"); a trial summary reports a phase, enrolment, arms and
whether the primary endpoint was met, often by negation ("did not meet").
"""
from __future__ import annotations

import datetime as dt

from .. import fields as F
from .. import layout as L
from ..assemble import Draft
from ..doc import Doc
from ..kit import Kit
from ..surface import says

SYLLABUS_FIELDS = [
    F.text("course_code", "Course code", "Code of the course.", "code"),
    F.text("course_title", "Course title", "Title of the course.", "title"),
    F.text("instructor", "Instructor", "Lecturer responsible.", "lecturer", "teacher"),
    F.text("instructor_email", "Instructor e-mail", "Contact e-mail.", "email", format="email",
           keep=0.7),
    F.integer("credits", "Credits", "Credit points.", "ects", "credit_hours"),
    F.date("first_class", "First class", "Date of the first session.", "start_date"),
    F.items("assessments", "Assessments", "Each graded component with its weight.", [
        F.text("name", "Component", "What is graded.", "component"),
        F.integer("weight_percent", "Weight (%)", "Share of the final grade in percent.", "weight"),
        F.date("due", "Due", "Due date, if fixed.", "deadline", optional=True),
    ], "grading", "assessment"),
    F.choice("delivery", "Delivery", "How the course is taught.", ["in person", "online", "hybrid"],
             "mode"),
    F.flag("late_work_accepted", "Late work accepted", "Whether late submissions are accepted.",
           "late_submissions"),
    F.flag("attendance_required", "Attendance required", "Whether attendance is mandatory.",
           "mandatory_attendance", keep=0.7),
    F.text("room", "Room", "Lecture room, if given.", "location", optional=True, keep=0.6),
]
COURSES = ["Introduction to Statistics", "Organic Chemistry I", "European History since 1945",
           "Machine Learning", "Microeconomics", "Academic Writing", "Operating Systems",
           "Marketing Principles", "Environmental Law"]
COMPONENTS = ["Midterm exam", "Final exam", "Group project", "Weekly quizzes", "Lab reports",
              "Essay", "Presentation", "Participation"]
DELIVERY = {"in person": "Classes are held in person on campus.",
            "online": "The course is taught fully online via the learning platform.",
            "hybrid": "Hybrid delivery: lectures online, seminars on campus."}


def course_syllabus(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    start = kit.day()
    parts = rng.sample(COMPONENTS, rng.randint(2, 5))
    cuts = sorted(rng.sample(range(1, 20), len(parts) - 1))
    weights = [(b - a) * 5 for a, b in zip([0] + cuts, cuts + [20])]
    assessments = [{"name": n, "weight_percent": w,
                    "due": kit.maybe((start + dt.timedelta(days=rng.randint(14, 110))).isoformat(), 0.75)}
                   for n, w in zip(parts, weights)]
    delivery, late, attend = rng.choice(list(DELIVERY)), kit.chance(0.4), kit.chance(0.5)
    code = f"{rng.choice(['STAT', 'CHEM', 'HIST', 'CS', 'ECON', 'ENG', 'LAW'])} {rng.randint(100, 499)}"
    facts = {"course_code": code,
             "course_title": rng.choice(COURSES), "instructor": f"Dr. {fake.name()}",
             "instructor_email": fake.email(), "credits": rng.choice([3, 4, 5, 6, 10]),
             "first_class": start.isoformat(), "assessments": assessments, "delivery": delivery,
             "late_work_accepted": late, "attendance_required": attend,
             "room": kit.maybe(f"Room {rng.choice('ABCDEFG')}{rng.randint(100, 450)}", 0.8)}
    doc.put(("course_code",), facts["course_code"]).add(" - ").put(("course_title",), facts["course_title"])
    doc.line().line("Course syllabus").line()
    rows = [("Instructor", L.cell(facts["instructor"], ("instructor",))),
            ("E-mail", L.cell(facts["instructor_email"], ("instructor_email",))),
            ("Credits", kit.count_cell(("credits",), facts["credits"])),
            ("First class", kit.date_cell(("first_class",), start))]
    if facts["room"]:
        rows.append(("Room", L.cell(facts["room"], ("room",))))
    L.kv(doc, rng, rows)
    doc.line().line(DELIVERY[delivery]).line().line("Assessment")
    L.table(doc, rng, ["Component", "Weight", "Due"], [
        [L.cell(a["name"], ("assessments", i, "name")),
         L.join(kit.count_cell(("assessments", i, "weight_percent"), a["weight_percent"]), L.cell("%")),
         kit.date_cell(("assessments", i, "due"), dt.date.fromisoformat(a["due"])) if a["due"]
         else L.cell("TBA")]
        for i, a in enumerate(assessments)])
    kit.pad(doc)
    late_text = says(rng, late, ("Late work is accepted with a 10% penalty per day.",),
                     ("Late submissions are not accepted.", "No late work will be graded."))
    attend_text = says(rng, attend, ("Attendance at seminars is mandatory.",),
                       ("Attendance is not compulsory, but strongly recommended.",
                        "Attendance is optional."))
    doc.line().line("Policies").line(late_text).line(attend_text)
    kit.pad(doc)
    return Draft(("Course syllabus", "Syllabus"), SYLLABUS_FIELDS, facts, doc, {
        ("delivery",): DELIVERY[delivery], ("late_work_accepted",): late_text,
        ("attendance_required",): attend_text})


TRIAL_FIELDS = [
    F.text("trial_id", "Trial ID", "Registry identifier.", "registry_id", "nct_number"),
    F.text("title", "Title", "Official title.", "study_title"),
    F.choice("phase", "Phase", "Trial phase.", ["phase 1", "phase 2", "phase 3", "phase 4"],
             "trial_phase"),
    F.text("sponsor", "Sponsor", "Organisation sponsoring the trial.", "funder"),
    F.integer("enrolled", "Enrolment", "Participants enrolled.", "enrollment", "participants"),
    F.date("start_date", "Start date", "When enrolment started.", "study_start"),
    F.date("completion_date", "Completion date", "Primary completion date, if reached.",
           "end_date", optional=True),
    F.items("arms", "Arms", "Each arm of the trial.", [
        F.text("name", "Arm", "Name of the arm.", "arm_name"),
        F.integer("participants", "Participants", "Participants in the arm.", "n", keep=0.8),
        F.flag("placebo", "Placebo", "Whether the arm receives placebo.", "is_placebo", keep=0.8),
    ], "study_arms"),
    F.flag("endpoint_met", "Primary endpoint met", "Whether the primary endpoint was met.",
           "met_primary_endpoint"),
    F.flag("serious_adverse_events", "Serious adverse events",
           "Whether serious adverse events were reported.", "saes", keep=0.7),
]
DRUGS = ["Zorvalimab", "Tenoprazine", "Calvetinib", "Moxiretide", "Brelafiban"]
CONDITIONS_ = ["type 2 diabetes", "moderate asthma", "rheumatoid arthritis", "migraine",
               "chronic kidney disease"]


def clinical_trial(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    drug, condition = rng.choice(DRUGS), rng.choice(CONDITIONS_)
    phase = rng.choice(["phase 1", "phase 2", "phase 3", "phase 4"])
    sizes = [rng.randint(20, 600) for _ in range(rng.randint(2, 4))]
    arms = [{"name": f"{drug} {dose} mg", "participants": n, "placebo": False}
            for dose, n in zip(rng.sample([5, 10, 20, 50, 100], len(sizes) - 1), sizes)]
    arms.append({"name": "Placebo", "participants": sizes[-1], "placebo": True})
    start = kit.day()
    done = kit.maybe(start + dt.timedelta(days=rng.randint(200, 900)), 0.75)
    met, sae = kit.chance(0.5), kit.chance(0.3)
    facts = {"trial_id": f"NCT{rng.randint(10**7, 10**8 - 1)}",
             "title": f"A {phase.title()} Study of {drug} in Adults With {condition.title()}",
             "phase": phase, "sponsor": fake.company(), "enrolled": sum(sizes),
             "start_date": start.isoformat(), "completion_date": done.isoformat() if done else None,
             "arms": arms, "endpoint_met": met, "serious_adverse_events": sae}
    doc.put(("title",), facts["title"]).line().line()
    phase_text = f"Phase: {phase[-1]}"
    L.kv(doc, rng, [("Registry ID", L.cell(facts["trial_id"], ("trial_id",))),
                    ("Sponsor", L.cell(facts["sponsor"], ("sponsor",))),
                    ("Study start", kit.date_cell(("start_date",), start))]
         + ([("Primary completion", kit.date_cell(("completion_date",), done))] if done else
            [("Primary completion", L.cell("ongoing"))]))
    doc.line(phase_text).add("Enrolment: ")
    kit.count(doc, ("enrolled",), facts["enrolled"]).line(" participants (actual)").line()
    kit.pad(doc)
    doc.line("Arms")
    evidence = {("phase",): phase_text}
    for i, a in enumerate(arms):
        doc.add("  ").put(("arms", i, "name"), a["name"]).add(": ")
        kit.count(doc, ("arms", i, "participants"), a["participants"])
        arm_kind = "placebo comparator" if a["placebo"] else "experimental"
        doc.line(f" participants, {arm_kind}")
        evidence[("arms", i, "placebo")] = f"participants, {arm_kind}"
    met_text = says(rng, met, (f"{drug} met the primary endpoint at week 24.",
                               "The primary endpoint was met."),
                    (f"{drug} did not meet the primary endpoint.",
                     "The primary endpoint was not met (p = 0.21)."))
    sae_text = says(rng, sae, ("Serious adverse events were reported in both arms.",),
                    ("No serious adverse events were reported.", "There were no serious adverse events."))
    doc.line().line("Results").line(f"{met_text} {sae_text}")
    kit.pad(doc)
    evidence.update({("endpoint_met",): met_text, ("serious_adverse_events",): sae_text})
    return Draft(("Clinical trial", "Trial registry record"), TRIAL_FIELDS, facts, doc, evidence)
