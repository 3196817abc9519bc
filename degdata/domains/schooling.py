"""School and university paperwork: examination timetables, completed student enrolment forms,
school trip letters with their consent slips, and notices of doctoral thesis defences.

Each carries values of the same kind beside the ones asked for: the centre number, UCI, INE or
a seat number beside a candidate number, the finish time and AM/PM session beside an exam's
start, the time with extra time beside the length of a paper, the late-entry limit beside the
minutes to arrive early, the contingency day, results day and issue date beside the exam
dates, the head of centre beside the exams officer; the date of birth, the date signed and the
date received beside the start date, the year group at the previous school beside the one
applied for, the national pupil number beside the student number, the emergency contact and
the family doctor beside the parents, the tuition and deposit beside the registration fee; the
letter date and the payment deadline beside the trip and reply-by dates, the time to be at
school and the return time beside the departure, the head teacher and accompanying staff
beside the trip leader, the deposit and spending money beside the cost, the parent who signs
beside the child on the slip; the announcement date, the day the thesis can be consulted and
the registration deadline beside the defence date, the reception beside the start time, the
co-supervisor and the chair beside the supervisor.

Documents come as printed forms (key-value blocks in every layout, stacked labels as PDF forms
extract, names in BLOCK CAPITALS), letters with a tear-off reply slip, e-mails, markdown
exports and formal notices. Arrays come as tables, timetables under day headings ("Tuesday
13/05/2025" then "13:30-15:15  Biology Paper 2 (8461/2H)  105 min  Sports Hall"), bullet lines
of several values ("- Prof. Dr. Anna Weber (Universität Heidelberg), Examiner"), numbered
contact lines and "Parent/Carer 1" blocks; the lists of strings (equipment, allergies, things to
bring, keywords) may be empty. Booleans are as often negated as stated ("No access
arrangements", "I do not consent to photographs", "no packed lunch is needed", "[x] I do not
give permission", "not open to the public"), and two may be null: extra time on a timetable for
a whole class, and consent on a slip nobody has filled in.
"""
from __future__ import annotations

import datetime as dt

from .. import fields as F
from .. import layout as L
from ..assemble import Draft
from ..doc import Doc
from ..fmt import clock
from ..kit import Kit
from ..surface import says


def _strings(kit: Kit, doc: Doc, key: str, values: list[str], label: str, none: str) -> None:
    L.string_list(doc, kit.rng, key, values, label, none, ["- ", "* ", "\u2022 "])


def _people(kit: Kit, n: int) -> list[str]:
    """`n` distinct people as forms write them: first and last name, no "Dr." or "MD"."""
    out: list[str] = []
    while len(out) < n:
        name = f"{kit.fake.first_name()} {kit.fake.last_name()}"
        if name not in out:
            out.append(name)
    return out


TITLES = {"en_GB": ("Mr", "Mrs", "Ms", "Miss"), "en_US": ("Mr.", "Mrs.", "Ms."),
          "de_DE": ("Herr", "Frau"), "fr_FR": ("M.", "Mme")}
SAINTS = ("Mary", "Joseph", "Peter", "Anne", "Bede", "Aidan", "Hilda", "Thomas", "Edmund")


def _teachers(kit: Kit, n: int) -> list[str]:
    """`n` teachers as pupils and parents name them: a title and a surname ("Mrs Hughes")."""
    out: list[str] = []
    while len(out) < n:
        last = kit.fake.last_name()
        if all(not o.endswith(" " + last) for o in out):
            out.append(f"{kit.rng.choice(TITLES[kit.locale])} {last}")
    return out


def _place(kit: Kit, templates) -> str:
    return kit.rng.choice(list(templates)).format(city=kit.fake.city(), last=kit.fake.last_name(),
                                                  saint=kit.rng.choice(SAINTS))


def _phone(kit: Kit) -> str:
    return kit.fake.phone_number().split("x")[0].strip()


def _weekday(d: dt.date, short: bool = False) -> str:
    return d.strftime("%a" if short else "%A")


# ---- examination timetable ------------------------------------------------------------------

EXAM_PLACES = {   # locale: (school names, university names)
    "en_GB": (("{city} Academy", "{city} Grammar School", "St {saint}'s Catholic High School",
               "{city} Sixth Form College"), ("University of {city}", "{city} Metropolitan University")),
    "en_US": (("{city} High School", "{last} Senior High School", "{city} Preparatory Academy"),
              ("{city} State University", "University of {city}", "{last} College")),
    "de_DE": (("Gymnasium {city}", "{last}-Gymnasium {city}", "Gesamtschule {city}-Nord"),
              ("Universität {city}", "Hochschule {city}", "Technische Hochschule {city}")),
    "fr_FR": (("Lycée {last}", "Lycée Jean-{last} de {city}", "Lycée polyvalent de {city}"),
              ("Université de {city}", "IUT de {city}", "Université {last}")),
}
SCHOOL_SUBJECTS = ["Mathematics", "English Literature", "English Language", "Biology", "Chemistry",
                   "Physics", "History", "Geography", "French", "German", "Spanish", "Computer Science",
                   "Economics", "Religious Studies", "Music", "Philosophy", "Latin"]
MODULES = ["Linear Algebra", "Organic Chemistry", "Microeconomics", "Statistics for the Social Sciences",
           "Data Structures and Algorithms", "Contract Law", "Cell Biology", "Thermodynamics",
           "European History 1815-1914", "Financial Accounting", "Operating Systems",
           "Developmental Psychology", "Signals and Systems", "Public Law", "Quantum Mechanics I",
           "Discrete Mathematics", "Marketing Principles", "Molecular Genetics"]
EXAM_ROOMS = {"school": ["Sports Hall", "Main Hall", "Room S12", "Library", "Drama Studio", "Room B4"],
              "en_US": ["Gym", "Cafeteria", "Room 214", "Library", "Auditorium"],
              "university": ["Great Hall", "Lecture Theatre B", "Exam Hall 2", "Room H 1.04",
                             "Sports Centre, Court 3"]}
LOCAL_ROOMS = {"de_DE": ["Aula", "Hörsaal 3", "Raum 2.017"], "fr_FR": ["Amphi A", "Salle 104", "Gymnase"]}
STARTS = {"en_GB": (540, 810), "en_US": (480, 630, 780), "de_DE": (480, 495, 600), "fr_FR": (480, 840)}
LENGTHS = {"en_GB": (60, 75, 90, 105, 120, 135, 150), "en_US": (90, 120), "de_DE": (90, 135, 180, 240, 270),
           "fr_FR": (120, 180, 240), "university": (60, 90, 120, 180)}
HEADS = {"en_GB": "Head of Centre", "en_US": "Principal", "de_DE": "Head teacher", "fr_FR": "Proviseur"}
SESSIONS = {   # the kind of examination session: how a timetable says it
    "main": ("Main examination series", "This timetable covers the main examination period.",
             "Final examinations"),
    "mock": ("Mock examinations", "These are mock (practice) exams set by the school; the results do "
             "not count towards final grades.", "Trial exams (mocks), marked internally"),
    "resit": ("Resit examinations", "Resit period: only candidates retaking a paper are entered.",
              "Re-sit / referral examinations"),
}
EXAM_EQUIPMENT = ["Black ink pen", "Pencil", "Ruler", "Eraser", "Scientific calculator", "Protractor",
                  "Compasses", "Clear pencil case", "Highlighter", "Student ID card",
                  "Bottle of water (label removed)"]
EXAM_FIELDS = [
    F.text("institution", "Institution", ("School or university that issued the timetable (not the exam board).",
                                          "Name of the school or university."), "school", "university"),
    F.text("exam_period", "Exam period", "Examination series or period the timetable covers, as named.", "series",
           "session", keep=0.6),
    F.choice("session_type", "Session type", "What kind of examination session this is.", list(SESSIONS),
             "exam_type", "series_type", keep=0.8),
    F.text("candidate", "Candidate", "Student the timetable is for; null for a timetable of a whole class or course.",
           "student", "candidate_name", optional=True, keep=0.8),
    F.text("candidate_number", "Candidate number", "The student's candidate or student number (not the centre "
           "number, the UCI, the INE or a seat number).", "student_number", "student_id", optional=True, keep=0.7),
    F.date("issued", "Issued", "Date the timetable was issued or sent (not an exam or results date).", "published",
           "date_issued", keep=0.6),
    F.items("exams", "Exams", ("Each exam on the timetable, in order.", "The examinations listed."), [
        F.text("subject", "Subject", "Subject, paper or module examined (without the paper code).", "paper",
               "module", "course"),
        F.date("date", "Date", "Day of the exam.", "exam_date"),
        F.text("start_time", "Start time", "Time the exam starts, as written (not the finish time).", "starts", "time"),
        F.integer("duration_minutes", "Duration (minutes)", "Length of the paper in minutes, without any extra time.",
                  "duration", "length_minutes", keep=0.7),
        F.text("room", "Room", "Room or hall of the exam; null when not given or still to be confirmed.", "venue",
               "location", optional=True, keep=0.5),
    ], "papers", "timetable"),
    F.integer("arrive_minutes_before", "Arrive before (minutes)", "How many minutes before the start candidates "
              "must arrive (not the late-entry limit).", "arrival_minutes", "report_minutes_early", keep=0.6),
    F.flag("extra_time", "Extra time", "Whether the candidate has extra time as an access arrangement; null on a "
           "timetable that is not for one candidate.", "access_arrangements", "has_extra_time",
           nullable_decide=True, keep=0.7),
    F.text("exams_officer", "Exams officer", "Exams officer or examinations office contact named (not the head of "
           "centre or registrar).", "contact", "exams_contact", optional=True, keep=0.6),
    F.date("results_date", "Results date", "Date results are released, if given (not the contingency day).",
           "results_day", optional=True, keep=0.5),
    F.strings("equipment", "Equipment", "Equipment candidates must bring or may use; empty when none is listed.",
              "permitted_equipment", "bring", keep=0.7),
]


def _exam_ids(kit: Kit, level: str) -> tuple[str, str, list[tuple[str, str]]]:
    """(candidate number, its label, other numbers printed beside it with their labels)."""
    r, pick, school = kit.rng.randint, kit.rng.choice, level == "school"
    if kit.locale == "en_GB" and school:
        centre = str(r(10000, 79999))
        uci = f"{centre}{pick('ABCDEFGH')}{r(10, 25)}{r(1000, 9999)}{pick('ABCDEFGH')}"
        return f"{r(1, 9999):04d}", "Candidate No.", [("Centre No.", centre), ("UCI", uci)]
    if kit.locale == "en_GB":
        return str(r(200000000, 259999999)), "Student ID", [("Anonymous code", f"Z{r(10000, 99999)}")]
    if kit.locale == "en_US":
        return ((str(r(100000, 999999)), "Student ID", [("Homeroom", str(r(100, 340)))]) if school
                else (f"A{r(10**7, 10**8 - 1)}", "Student ID", []))
    if kit.locale == "de_DE":
        return ((str(r(100, 399)), "Exam no.", [("Tutor group", pick(["Q2", "Q4", "12b", "13a"]))]) if school
                else (str(r(3000000, 4999999)), "Matriculation no.", []))
    if school:
        return str(r(10**10, 10**11 - 1)), "Candidate no.", [("Exam centre", f"0{r(100000, 999999)}X")]
    return str(r(21000000, 23999999)), "Student no.", [("INE", f"{r(10**9, 10**10 - 1)}{pick('ABCDEFGHJK')}")]


def _paper_code(kit: Kit, level: str, subject: str) -> str | None:
    r = kit.rng.randint
    if level == "school":
        if kit.locale == "en_GB":
            return f"{r(7000, 8999)}/{subject[-1]}{kit.rng.choice(['H', 'F', ''])}"   # "... Paper 2": "8461/2H"
        return kit.rng.choice(["LK", "GK"]) if kit.locale == "de_DE" else None
    head, letters = subject.replace(" ", "")[:4].upper(), "".join(w[0] for w in subject.split()).upper()
    return {"en_GB": f"{head}{r(1, 3)}{r(10, 99)}", "en_US": f"{head} {r(100, 499)}",
            "de_DE": f"{letters}-{r(100, 399)}", "fr_FR": f"UE {r(11, 69)}"}[kit.locale]


def _exam_period(kit: Kit, school: bool, kind: str, first: dt.date) -> str:
    y, month, loc = first.year, first.strftime("%B"), kit.locale
    if kind == "mock":
        return {"de_DE": f"Mock Abitur {month} {y}", "fr_FR": f"Bac blanc {month} {y}"}.get(loc, f"{month} {y} mocks")
    if kind == "resit":
        return {"en_US": f"Summer {y} make-up exams", "fr_FR": f"Rattrapage {y}",
                "en_GB": f"November {y}" if school else f"Resit period {month} {y}"}.get(
                    loc, f"Resit exams {month} {y}")
    if school:
        return {"en_GB": f"Summer {y}", "en_US": f"Spring Semester {y}", "de_DE": f"Abitur {y}",
                "fr_FR": f"Baccalauréat {y}"}[loc]
    winter, ay = first.month in (12, 1, 2), f"{y - 1}/{y % 100:02d}"
    return {"en_US": f"{'Fall' if winter else 'Spring'} {y} Final Exams",
            "de_DE": f"Wintersemester {ay}" if winter else f"Sommersemester {y}",
            "fr_FR": f"Semester {2 - winter}, {ay.replace('/', '-')}"}.get(
                loc, f"Semester {2 - winter} Examinations {ay}")


def exam_timetable(kit: Kit) -> Draft:
    fake, rng, doc, loc = kit.fake, kit.rng, Doc(), kit.locale
    level = rng.choice(["school", "school", "university"])
    school = level == "school"
    kind = rng.choice(["main", "main", "resit"] + ["mock"] * school)
    layout = rng.choice(["statement", "statement", "bydate", "email"])
    personal = layout == "email" or kit.chance(0.75 if layout == "statement" else 0.3)
    month = {"main": rng.choice([5, 6] if school else [12, 5] if loc == "en_US" else [1, 5, 6]),
             "mock": rng.choice([1, 2, 3, 12]),
             "resit": rng.choice({"en_GB": [11], "fr_FR": [7], "de_DE": [8, 9], "en_US": [6, 8]}[loc]
                                 if school else [8, 9])}[kind]
    d = dt.date(kit.day().year, month, rng.randint(1, 16))
    starts = STARTS[loc] if school else (570, 840)
    twelve = loc == "en_US" and kit.chance(0.7)
    n = rng.randint(2, 6)
    slots: list[tuple[dt.date, int]] = []
    for _ in range(n):      # weekdays; now and then a second paper the same day
        later = [s for s in starts if slots and slots[-1][0] == d and s > slots[-1][1]]
        if later and layout != "bydate" and kit.chance(0.3):
            slots.append((d, rng.choice(later)))
            continue
        if slots:
            d += dt.timedelta(days=rng.randint(1, 3))
        while d.weekday() > 4:
            d += dt.timedelta(days=1)
        slots.append((d, rng.choice(starts)))
    subjects = rng.sample(SCHOOL_SUBJECTS if school else MODULES, n)
    if school and loc == "en_GB":
        subjects = [f"{s} Paper {rng.randint(1, 3)}" for s in subjects]
    show_rooms = kit.chance(0.75)
    rooms = EXAM_ROOMS["en_US" if loc == "en_US" and school else level] + LOCAL_ROOMS.get(loc, [])
    exams = [{"subject": s, "date": day.isoformat(), "start_time": clock(m, twelve),
              "duration_minutes": rng.choice(LENGTHS[loc if school else level]),
              "room": rng.choice(rooms) if show_rooms and kit.chance(0.9) else None}
             for s, (day, m) in zip(subjects, slots)]
    codes = [_paper_code(kit, level, s) for s in subjects] if kit.chance(0.7) else [None] * n
    candidate, officer, head = _people(kit, 3)
    number, number_label, others = _exam_ids(kit, level)
    first, last = slots[0][0], slots[-1][0]
    issued = first - dt.timedelta(days=rng.randint(10, 50))
    results = last + dt.timedelta(days=rng.randint(20, 60)) if kit.chance(0.5) else None
    arrive = rng.choice([10, 15, 20, 30])
    late = rng.choice([x for x in (30, 45, 60) if x != arrive])
    extra, pct = (kit.chance(0.25) if personal else None), rng.choice([10, 25, 25, 50])
    institution = _place(kit, EXAM_PLACES[loc][not school])
    facts = {"institution": institution, "exam_period": _exam_period(kit, school, kind, first),
             "session_type": kind, "candidate": candidate if personal else None,
             "candidate_number": number if personal else None, "issued": issued.isoformat(),
             "exams": exams, "arrive_minutes_before": arrive, "extra_time": extra,
             "exams_officer": kit.maybe(officer, 0.7), "results_date": results.isoformat() if results else None,
             "equipment": rng.sample(EXAM_EQUIPMENT, rng.choice([0, 2, 3, 4, 5]))}
    cohort = rng.choice({"en_GB": ["Year 11", "Year 13", "Year 10"], "en_US": ["Grade 12", "Grade 11"],
                         "de_DE": ["Q2", "Q4"], "fr_FR": ["Terminale", "Première"]}[loc] if school else
                        ["BSc Computer Science, Year 2", "Economics, Level 5", "Law LLB, Stage 1",
                         "B.Sc. Informatik, 4th semester", "Licence 2 Économie-Gestion"])
    session_text = rng.choice(SESSIONS[kind])
    if extra is None:
        extra_text = rng.choice(["Candidates with access arrangements receive their own timetable from "
                                 "the exams office.",
                                 "Extra time and rest breaks are shown on individual timetables only."])
    else:
        extra_text = says(rng, extra, (f"Access arrangements: {pct}% extra time (shown in brackets).",
                                       f"You have been granted {pct}% extra time in all written papers."),
                          ("Access arrangements: none", "No access arrangements are recorded for you.",
                           "Extra time: not applicable"))
    unit = rng.choice([" min", " mins", " minutes"])
    show_end, seats, shout = kit.chance(0.5), personal and kit.chance(0.4), kit.chance(0.5)
    sessions = school and loc == "en_GB" and kit.chance(0.7)
    subject_head = rng.choice(["Subject", "Paper"] if school else ["Module", "Course"])

    def when_cell(i: int) -> L.Cell:
        day = slots[i][0]
        return L.join(kit.date_cell(("exams", i, "date"), day), L.cell(f" ({_weekday(day, True)})"))

    def time_cell(i: int) -> L.Cell:    # "09:00-10:30": only the start is gold
        start = L.cell(exams[i]["start_time"], ("exams", i, "start_time"))
        if not show_end:
            return start
        end = clock(slots[i][1] + exams[i]["duration_minutes"], twelve)
        return L.join(start, L.cell(f" - {end}" if twelve else f"-{end}"))

    def length_cell(i: int) -> L.Cell:  # "90 min (113 with extra time)"
        m = exams[i]["duration_minutes"]
        c = L.join(kit.count_cell(("exams", i, "duration_minutes"), m), L.cell(unit))
        return L.join(c, L.cell(f" ({round(m * (1 + pct / 100))} with extra time)")) if extra else c

    def room_cell(i: int) -> L.Cell:
        room = exams[i]["room"]
        return L.cell(room, ("exams", i, "room")) if room else L.cell(rng.choice(["TBC", "tba", "-"]))

    def subject_cell(i: int, code_inside: bool) -> L.Cell:
        c = L.cell(subjects[i], ("exams", i, "subject"))
        return L.join(c, L.cell(f" ({codes[i]})")) if code_inside and codes[i] else c

    def exam_table() -> None:
        header = (["Date"] + ["Session"] * sessions + ["Time"] + ["Code"] * bool(codes[0])
                  + [subject_head, "Duration"] + ["Room"] * show_rooms + ["Seat"] * seats)
        rows = []
        for i in range(n):
            row = [when_cell(i)] + [L.cell("AM" if slots[i][1] < 720 else "PM")] * sessions
            row += [time_cell(i)] + [L.cell(codes[i] or "-")] * bool(codes[0])
            row += [subject_cell(i, False), length_cell(i)] + [room_cell(i)] * show_rooms
            rows.append(row + [L.cell(f"{rng.choice('ABCDEFG')}{rng.randint(1, 30)}")] * seats)
        L.table(doc, rng, header, rows)

    def exam_lines() -> None:
        bullet = rng.choice(["- ", "* ", "\u2022 "])
        for i in range(n):  # "- Biology Paper 2 (8461/2H): Tue 13/05/2025, 13:30, 105 min, Sports Hall"
            L.write(doc.add(bullet), subject_cell(i, True))
            L.write(doc.add(": "), when_cell(i))
            L.write(doc.add(rng.choice([", ", " at "])), time_cell(i))
            L.write(doc.add(", "), length_cell(i))
            L.write(doc.add(", "), room_cell(i)) if show_rooms else None
            doc.line()

    def exam_days() -> None:
        for i in range(n):  # one exam a day: the day is the heading
            day = slots[i][0]
            kit.date(doc, ("exams", i, "date"), day).line(f" ({_weekday(day).upper() if shout else _weekday(day)})")
            for c in [time_cell(i), subject_cell(i, True), length_cell(i)] + [room_cell(i)] * show_rooms:
                L.write(doc.add("  "), c)
            doc.line().line()

    def rules() -> None:
        L.fill(doc, rng.choice(["Candidates must be outside the exam room {n} minutes before the start of "
                               "each exam.", "Please arrive at least {n} minutes before the published "
                               "start time.", "Report to the exam hall {n} minutes early; seating plans "
                               "are displayed outside."]) + " ",
              n=(("arrive_minutes_before",), kit.style.integer(arrive)))
        doc.line(rng.choice([f"Candidates arriving more than {late} minutes after the start may not be "
                             "admitted.", f"Late arrivals are admitted up to {late} minutes after the "
                             "start, with no extra time."]))
        _strings(kit, doc, "equipment", facts["equipment"],
                 rng.choice(["Equipment to bring", "Permitted equipment", "You will need"]),
                 "Equipment: as stated on the front of each paper.")
        doc.line(extra_text)
        if school and loc == "en_GB" and kind == "main":
            spare = last + dt.timedelta(days=7)
            kit.date(doc.add(f"Contingency day: {_weekday(spare)} "), None, spare)
            doc.line(" - candidates must remain available.")
        if results:
            kit.date(doc.add(rng.choice(["Results day: ", "Results will be published on ",
                                         "Provisional results released on "])), ("results_date",),
                     results).line()
        if facts["exams_officer"]:
            doc.add(rng.choice(["Exams Officer: ", "Contact: ", "Examinations office: "]))
            doc.put(("exams_officer",), officer).line(f" (exams@{fake.domain_name()})")
        doc.line(f"{HEADS[loc] if school else 'Registrar'}: {head}")

    ids = [(number_label, L.cell(number, ("candidate_number",)))] + [(k, L.cell(v)) for k, v in others]
    if layout == "email":
        doc.line(f"From: Examinations Office <exams@{fake.domain_name()}>")
        doc.add("To: ").put(("candidate",), candidate).line()
        kit.date(doc.add("Date: "), ("issued",), issued).line()
        doc.add("Subject: Your exam timetable - ").put(("exam_period",), facts["exam_period"]).line().line()
        doc.line(f"Dear {candidate.split()[0]},").line()
        doc.add("please find below your personal timetable for ").put(("institution",), institution)
        doc.add(", ").put(("exam_period",), facts["exam_period"]).line(".").line(session_text)
        for label, c in ids:
            L.write(doc.add(f"{label}: "), c).line()
        doc.line()
        kit.pad(doc)
        exam_lines() if kit.chance(0.7) else exam_table()
        doc.line()
        rules()
        doc.line().line("Kind regards,").line(officer if facts["exams_officer"] else "Examinations Office")
    else:                       # a printed timetable: for one candidate or for a whole cohort
        doc.put(("institution",), institution).line()
        titles = (["Individual exam timetable", "EXAMINATION TIMETABLE"]
                  + ["Candidate Statement of Entry"] * (school and loc == "en_GB")
                  + ["Final Exam Schedule"] * (loc == "en_US"))
        doc.line(rng.choice(titles if personal else [f"Examination timetable - {cohort}",
                                                     f"EXAM TIMETABLE: {cohort.upper()}"]))
        doc.put(("exam_period",), facts["exam_period"]).line()
        if school and loc == "en_GB" and codes[0]:
            doc.line(f"Awarding body: {rng.choice(['AQA', 'OCR', 'Pearson Edexcel', 'WJEC Eduqas'])}")
        doc.line()
        rows = ([(rng.choice(["Candidate", "Name", "Student"]), L.cell(candidate, ("candidate",)))] + ids
                if personal else [("Cohort", L.cell(cohort))]
                + [(k, L.cell(v)) for k, v in others if k in ("Centre No.", "Exam centre")])
        rows.append((rng.choice(["Issued", "Date of issue", "Printed"]), kit.date_cell(("issued",), issued)))
        L.kv(doc, rng, rows, rng.choice(["colon", "aligned", "pipe", "grid"]))
        doc.line().line(session_text).line()
        kit.pad(doc)
        exam_days() if layout == "bydate" else exam_table() if kit.chance(0.8) else exam_lines()
        doc.line()
        rules()
        if personal:
            doc.line().line("Please check all details and report any error or clash to the exams office.")
    kit.pad(doc)
    return Draft(("Exam timetable", "Examination timetable", "Candidate exam schedule"), EXAM_FIELDS,
                 facts, doc, {("session_type",): session_text, ("extra_time",): extra_text})


# ---- student enrolment form -----------------------------------------------------------------

ENROL_STAGES = {   # locale: (last year-group index of the stage, state schools, private schools)
    "en_GB": [(6, ("{city} Primary School", "St {saint}'s C of E Primary School"),
               ("{city} Preparatory School", "{last} House Prep")),
              (11, ("{city} Academy", "{city} High School"), ("{last} College", "{city} Independent School"))],
    "en_US": [(5, ("{city} Elementary School", "{last} Elementary"), ("{last} Montessori School",)),
              (8, ("{last} Middle School",), ("St. {saint}'s Academy",)),
              (12, ("{city} High School",), ("{city} Country Day School",))],
    "de_DE": [(3, ("Grundschule {city}", "{last}-Grundschule"), ("Freie Waldorfschule {city}",)),
              (9, ("{last}-Gymnasium {city}", "Realschule {city}"), ("Internationale Schule {city}",))],
    "fr_FR": [(4, ("École élémentaire {last}", "École Jules-{last}"), ("École bilingue de {city}",)),
              (8, ("Collège {last}",), ("Collège privé Saint-{last}",)),
              (9, ("Lycée {last}",), ("Institution Sainte-Marie de {city}",))],
}
YEAR_GROUPS = {"en_GB": ["Reception"] + [f"Year {k}" for k in range(1, 12)],
               "en_US": ["Kindergarten"] + [f"Grade {k}" for k in range(1, 13)],
               "de_DE": [f"Klasse {k}" for k in range(1, 11)],
               "fr_FR": ["CP", "CE1", "CE2", "CM1", "CM2", "6e", "5e", "4e", "3e", "Seconde"]}
FIRST_AGE = {"en_GB": 4, "en_US": 5, "de_DE": 6, "fr_FR": 6}
LUNCH = {   # arrangement: how a form words it, per locale where it differs
    "school_meals": {"en_GB": "School dinners", "en_US": "School lunch (cafeteria)",
                     "de_DE": "Lunch in the Mensa", "fr_FR": "Canteen (demi-pensionnaire)"},
    "packed_lunch": {"en_US": "Brings lunch from home", "fr_FR": "Packed lunch (panier-repas)", "": "Packed lunch"},
    "home": {"fr_FR": "Goes home for lunch (externe)", "": "Goes home for lunch"},
}
NEEDS_TERMS = {   # locale: (what the form asks about, the sentence saying there is none)
    "en_GB": ("SEN support or an EHC plan", "No SEN support and no EHC plan."),
    "en_US": ("an IEP or 504 plan", "No IEP or 504 plan."),
    "de_DE": ("special educational support (Förderbedarf)", "No special educational support (Förderbedarf)."),
    "fr_FR": ("a support plan (PAP/PPS)", "No support plan (PAP/PPS).")}
MEDICAL = ["Asthma (inhaler in school bag)", "Nut allergy", "Eczema", "Type 1 diabetes", "Hay fever",
           "Lactose intolerance", "Epilepsy", "Wears glasses", "Egg allergy", "Coeliac disease"]
LANGUAGES = {"en_GB": ["English", "Polish", "Urdu", "Punjabi", "Bengali", "Romanian", "Welsh"],
             "en_US": ["English", "Spanish", "Vietnamese", "Mandarin", "Arabic", "Tagalog"],
             "de_DE": ["German", "Turkish", "Russian", "Arabic", "Polish", "English"],
             "fr_FR": ["French", "Arabic", "Portuguese", "Spanish", "Wolof", "English"]}
RELATIONS = ["Stepmother", "Stepfather", "Grandmother", "Grandfather", "Legal guardian", "Foster carer", "Aunt"]
ENROL_FIELDS = [
    F.text("student_name", "Student name", ("Full name of the child being enrolled (not a parent).",
                                            "Pupil's name."), "pupil", "child_name", "student"),
    F.date("date_of_birth", "Date of birth", "The student's date of birth (not the start or signature date).", "dob",
           "birth_date"),
    F.text("year_group", "Year group", "Year group, grade or class the student is enrolled into (not the one at the "
           "previous school).", "grade", "entry_class", "class_applied_for"),
    F.date("start_date", "Start date", "Date the student starts at the school (not the date the form was signed or "
           "received).", "admission_date", "entry_date"),
    F.text("previous_school", "Previous school", "School the student attended before, if any.", "last_school",
           "former_school", optional=True, keep=0.7),
    F.items("guardians", "Parents / carers", ("Each parent or carer listed, in order (not the emergency contact or "
                                              "the doctor).", "Adults responsible for the child."), [
        F.text("name", "Name", "Full name.", "full_name"),
        F.text("relationship", "Relationship", "Relationship to the student.", "relation", keep=0.8),
        F.text("phone", "Phone", "Phone number given for this parent or carer, if any.", "telephone", "mobile",
               optional=True, keep=0.6),
    ], "parents", "carers", "contacts"),
    F.strings("medical_needs", "Medical needs", "Allergies and medical conditions declared; empty when none.",
              "allergies", "medical_conditions", keep=0.8),
    F.strings("home_languages", "Home languages", "Languages spoken at home.", "languages", "languages_at_home",
              keep=0.6),
    F.choice("lunch", "Lunch arrangement", "How the student will have lunch.", list(LUNCH), "lunch_arrangement",
             "meals", keep=0.7),
    F.flag("photo_consent", "Photo consent", "Whether the parents consent to photographs of the child being "
           "published.", "photos_allowed", "media_consent"),
    F.flag("additional_needs", "Additional needs", "Whether the student has special educational needs or a support "
           "plan.", "sen", "special_needs", keep=0.7),
    F.text("student_id", "Student ID", "Number the school office assigned to the student, if filled in (not the form "
           "reference or a national pupil number).", "admission_number", "pupil_number", optional=True, keep=0.5),
    F.number("registration_fee", "Registration fee", "Registration or enrolment fee paid with the form, if any (not "
             "the tuition or the deposit).", "enrolment_fee", "application_fee", optional=True, keep=0.5),
    F.date("signed_date", "Date signed", "Date the parent signed or submitted the form.", "signature_date", "date",
           keep=0.7),
]


def student_enrolment_form(kit: Kit) -> Draft:
    fake, rng, doc, loc = kit.fake, kit.rng, Doc(), kit.locale
    groups, stages = YEAR_GROUPS[loc], ENROL_STAGES[loc]
    idx = rng.randrange(len(groups))
    private = kit.chance(0.35)
    school = _place(kit, next(s for s in stages if idx <= s[0])[1 + private])
    layout = rng.choice(["paper", "online", "record"])
    caps = layout == "paper" and kit.chance(0.4)     # "Please complete in BLOCK CAPITALS"
    signed = kit.day()
    start = (dt.date(signed.year, 9, rng.choice([1, 2, 3, 4])) if signed.month < 7 and kit.chance(0.7)
             else signed + dt.timedelta(days=rng.randint(7, 60)))
    born = dt.date(start.year - FIRST_AGE[loc] - idx - (start.month < 9), rng.randint(1, 12), rng.randint(1, 28))
    family, girl = fake.last_name(), kit.chance(0.5)
    child = f"{fake.first_name_female() if girl else fake.first_name_male()} {family}"
    relations = rng.sample(["Mother", "Father"], 2) + rng.sample(RELATIONS, 1)
    guardians: list[dict] = []
    for k in range(rng.choice([1, 2, 2, 2, 3])):
        rel = relations[k] if kit.chance(0.85) else rng.choice(RELATIONS)
        female = rel in ("Mother", "Stepmother", "Grandmother", "Aunt") or (
            rel not in ("Father", "Stepfather", "Grandfather") and kit.chance(0.5))
        name = (f"{fake.first_name_female() if female else fake.first_name_male()} "
                f"{family if k == 0 or kit.chance(0.6) else fake.last_name()}")
        if name != child and all(g["name"] != name.upper() and g["name"] != name for g in guardians):
            guardians.append({"name": name.upper() if caps else name, "relationship": rel,
                              "phone": kit.maybe(_phone(kit), 0.85)})
    previous = None
    if idx > 0 and kit.chance(0.75):
        previous = _place(kit, next(s for s in stages if idx - 1 <= s[0])[1])
        previous = None if previous == school else previous
    first_language = LANGUAGES[loc][0]
    languages = list(dict.fromkeys([first_language] * kit.chance(0.8)
                                   + rng.sample(LANGUAGES[loc][1:], rng.choice([0, 0, 1, 1, 2])))) or [first_language]
    fee = float(rng.choice([50, 75, 100, 150, 200, 250])) if private and kit.chance(0.85) else None
    student_id = f"{rng.choice(['', 'S', 'ADM'])}{signed.year % 100:02d}{rng.randint(100, 9999):04d}"
    facts = {"student_name": child.upper() if caps else child, "date_of_birth": born.isoformat(),
             "year_group": groups[idx], "start_date": start.isoformat(), "previous_school": previous,
             "guardians": guardians, "medical_needs": rng.sample(MEDICAL, rng.choice([0, 0, 0, 1, 1, 2, 3])),
             "home_languages": languages,
             "lunch": rng.choice(["school_meals", "school_meals", "packed_lunch"]
                                 + ["home"] * (loc in ("fr_FR", "de_DE") or idx > 8)),
             "photo_consent": kit.chance(0.7), "additional_needs": kit.chance(0.2),
             "student_id": kit.maybe(student_id, 0.5), "registration_fee": fee, "signed_date": signed.isoformat()}
    name = facts["student_name"]
    received = signed + dt.timedelta(days=rng.randint(1, 9))
    doctor = (f"Pediatrician: Dr. {fake.last_name()}, {fake.city()} Pediatrics" if loc == "en_US" else
              f"Family doctor: Dr {fake.last_name()}, {fake.city()} {rng.choice(['Medical Centre', 'Surgery'])}")
    emergency = (f"{_people(kit, 1)[0]} ({rng.choice(['Neighbour', 'Family friend', 'Uncle', 'Childminder'])}), "
                 f"{_phone(kit)}")
    r = rng.randint
    label, number = {"en_GB": ("UPN", f"{rng.choice('ABHKMNT')}{r(10**11, 10**12 - 1)}"),
                     "en_US": ("State student ID (SSID)", str(r(10**9, 10**10 - 1))),
                     "de_DE": ("Previous pupil no.", str(r(10**5, 10**6 - 1))),
                     "fr_FR": ("INE", f"{r(10**9, 10**10 - 1)}{rng.choice('ABCDEFGHJK')}{rng.choice('ABCDEFGH')}")}[loc]
    national = (label, L.cell(number))     # a national pupil number beside the school's own
    ref = f"{rng.choice(['ADM', 'APP', 'ENR'])}-{signed.year}-{rng.randint(1, 9999):04d}"
    boxes = rng.choice([("[x]", "[ ]"), ("☒", "☐")])
    if kit.chance(0.5):     # every option with its box
        lunch_text = "Lunch: " + "  ".join(f"{boxes[0] if k == facts['lunch'] else boxes[1]} {w.get(loc, w.get(''))}"
                                           for k, w in LUNCH.items())
    else:
        word = LUNCH[facts["lunch"]]
        lunch_text = f"{rng.choice(['Lunch arrangements', 'Lunch', 'Midday meal'])}: {word.get(loc, word.get(''))}"
    photo_text = says(rng, facts["photo_consent"],
                      ("I consent to photographs of my child being used in school publications and on the "
                       "website: YES", f"{boxes[0]} I agree to photos of my child appearing in the newsletter "
                       "and on the school website.", "Photo / media consent: given"),
                      ("I do not consent to photographs of my child being published.",
                       f"{boxes[1]} I agree to photos of my child appearing in the newsletter and on the school "
                       "website.", "Photo / media consent: refused",
                       "Photographs: NO - please do not publish images of my child."))
    needs, none = NEEDS_TERMS[loc]
    needs_text = says(rng, facts["additional_needs"],
                      (f"Does your child have {needs}? Yes - report attached.",
                       f"Additional needs: yes ({needs.removeprefix('an ').removeprefix('a ')}).",
                       "Special educational needs: yes, speech and language support"),
                      (f"Does your child have {needs}? No", "Special educational needs: none", none))

    rows = [(rng.choice(["Full name", "Child's full name", "Student name", "Legal name"]),
             L.cell(name, ("student_name",))),
            ("Date of birth", kit.date_cell(("date_of_birth",), born)), ("Sex", L.cell("F" if girl else "M")),
            ("Home address", L.cell(fake.address().replace("\n", ", "))),
            (rng.choice(["Grade entering", "Grade"] if loc == "en_US" else ["Year group applied for", "Entry class",
                                                                           "Class"]),
             L.cell(facts["year_group"], ("year_group",))),
            (rng.choice(["Start date", "Requested start date", "Date of admission"]),
             kit.date_cell(("start_date",), start))]
    if previous:
        rows += [("Previous school", L.cell(previous, ("previous_school",))),
                 ("Current grade" if loc == "en_US" else "Year group there", L.cell(groups[idx - 1]))]
    rows.append(national)

    def guardian_blocks(style: str) -> None:
        if style == "table":
            L.table(doc, rng, ["Name", "Relationship", "Phone", "Lives with child"], [
                [L.cell(g["name"], ("guardians", k, "name")),
                 L.cell(g["relationship"], ("guardians", k, "relationship")),
                 L.cell(g["phone"], ("guardians", k, "phone")) if g["phone"] else L.cell("-"),
                 L.cell(rng.choice(["Yes", "Yes", "No"]))] for k, g in enumerate(guardians)])
        elif style == "blocks":
            for k, g in enumerate(guardians):
                rows = [("Name", L.cell(g["name"], ("guardians", k, "name"))),
                        ("Relationship to child", L.cell(g["relationship"], ("guardians", k, "relationship")))]
                if g["phone"]:
                    rows.append((rng.choice(["Mobile", "Telephone", "Phone"]),
                                 L.cell(g["phone"], ("guardians", k, "phone"))))
                L.kv(doc.line(f"Parent/Carer {k + 1}"), rng, rows + [("Email", L.cell(fake.free_email()))],
                     rng.choice(["colon", "aligned", "stacked"]))
                doc.line()
        else:   # "1. Jane Doe (Mother) - 07700 900123 - parental responsibility: yes"
            for k, g in enumerate(guardians):
                doc.add(f"{k + 1}. ").put(("guardians", k, "name"), g["name"]).add(" (")
                doc.put(("guardians", k, "relationship"), g["relationship"]).add(")")
                if g["phone"]:
                    doc.add(" - ").put(("guardians", k, "phone"), g["phone"])
                doc.line(f" - parental responsibility: {rng.choice(['yes', 'yes', 'shared'])}")
        doc.line(f"Emergency contact (if parents cannot be reached): {emergency}")

    def signature(label: str) -> None:
        kit.date(doc.add(f"{label}: {rng.choice(guardians)['name']}    Date: "), ("signed_date",), signed).line()

    heads = {"paper": rng.choice([("SECTION A - CHILD'S DETAILS", "SECTION B - PARENTS / CARERS",
                                   "SECTION C - HEALTH", "SECTION D - LUNCH AND CONSENTS", "SECTION E - FEES"),
                                  ("1. Student", "2. Parents and carers", "3. Medical information",
                                   "4. Lunch and permissions", "5. Fees")]),
             "online": ("## Child", "## Parents and carers", "## Health and support", "## Lunch and consents",
                        "## Payment"),
             "record": ("ADMISSION DETAILS", "CONTACTS", "HEALTH", "ARRANGEMENTS AND CONSENTS", "FEES")}[layout]
    if layout == "paper":
        doc.line(school).line(rng.choice(["PUPIL ADMISSION FORM", "Student Enrollment Form", "Registration form",
                                          "APPLICATION FOR ADMISSION"]))
        if caps:
            doc.line("Please complete in BLOCK CAPITALS and return to the school office.")
        doc.line(f"Form ref.: {ref}").line()
    elif layout == "online":
        doc.line(f"# Online admission form - {school}").line().line(f"Application reference: {ref}  ")
        kit.date(doc.add("Submitted: "), ("signed_date",), signed).line(f" {clock(r(420, 1380), loc == 'en_US')}")
        doc.line()
    else:                       # a print of the school's record once the form was entered
        doc.line(f"{school} - student record")
        if facts["student_id"]:
            rows.insert(0, (rng.choice(["Student ID", "Admission no."]), L.cell(student_id, ("student_id",))))
    doc.line(heads[0])
    if layout == "online":
        for label, c in rows:
            L.write(doc.add(f"**{label}:** "), c).line("  ")
    else:
        L.kv(doc, rng, rows, None if layout == "paper" else rng.choice(["aligned", "dots", "grid", "stacked"]))
    doc.add(rng.choice(["Languages spoken at home: ", "Home language(s): ", "Languages at home: "]))
    L.series(doc, ("home_languages",), languages, rng.choice([", ", " and "])).line()
    kit.pad(doc)
    doc.line().line(heads[1])
    guardian_blocks(rng.choice({"paper": ["table", "blocks"], "online": ["table", "lines"],
                                "record": ["lines"]}[layout]))
    doc.line().line(heads[2])
    _strings(kit, doc, "medical_needs", facts["medical_needs"],
             rng.choice(["Allergies / medical conditions", "Medical conditions", "Health needs"]),
             rng.choice(["Allergies / medical conditions: none known", "Medical conditions: none"]))
    doc.line(doctor).line(needs_text)
    doc.line().line(heads[3]).line(lunch_text).line(photo_text)
    if private:                 # the fee beside the tuition and the deposit
        doc.line().line(heads[4])
        if fee is not None:
            kit.money(doc.add(rng.choice(["Registration fee (non-refundable): ", "Enrolment fee paid: ",
                                          "Application fee enclosed: "])), ("registration_fee",), fee).line()
        kit.money(doc.add(rng.choice(["Tuition per term: ", "Termly fees: "])), None,
                  float(rng.randrange(2400, 7800, 50))).line()
        if kit.chance(0.5):
            kit.money(doc.add("Acceptance deposit (due on offer): "), None, float(rng.choice([500, 750, 1000]))).line()
    doc.line()
    if layout == "paper":
        doc.line(rng.choice(["DECLARATION", "Declaration"]))
        doc.line("I confirm that the information given on this form is correct.")
        signature(rng.choice(["Signed (parent/carer)", "Signature"]))
        doc.line().line(rng.choice(["FOR OFFICE USE ONLY", "Office use", "--- School office ---"]))
        kit.date(doc.add("Date received: "), None, received).line()
        doc.add(rng.choice(["Admission no.: ", "Student ID: ", "Pupil no.: "]))
        doc.put(("student_id",), student_id).line() if facts["student_id"] else doc.line("__________")
    elif layout == "online":
        doc.line(rng.choice(["Declaration accepted by the parent/carer.",
                             "The parent/carer confirmed the declaration online."]))
        if facts["student_id"]:
            doc.add("Student ID assigned: ").put(("student_id",), student_id).line()
    else:
        signature("Form signed by")
        kit.date(doc.add("Entered on "), None, received).line(f" by {_people(kit, 1)[0]} (school office)")
    kit.pad(doc)
    return Draft(("Student enrolment form", "School admission form", "Pupil registration"), ENROL_FIELDS,
                 facts, doc, {("lunch",): lunch_text, ("photo_consent",): photo_text,
                              ("additional_needs",): needs_text})


# ---- school trip letter with consent slip ---------------------------------------------------

TRIP_PLACES = {   # locale: kind of visit -> destinations ("the " is not part of the name)
    "en_GB": {"museum": ["the Natural History Museum", "the Science Museum", "{city} Museum and Art Gallery",
                         "Jodrell Bank Discovery Centre"], "zoo": ["Chester Zoo", "{city} Aquarium", "Twycross Zoo"],
              "heritage": ["Warwick Castle", "Hampton Court Palace", "the Roman Baths"],
              "outdoor": ["the Eden Project", "Kew Gardens", "{last} Farm Park"],
              "local": ["{city} Library", "{city} Fire Station", "St {saint}'s Church"],
              "residential": ["Robinwood Activity Centre", "PGL Boreatton Park", "{city} Youth Hostel"]},
    "en_US": {"museum": ["the Museum of Science and Industry", "the {city} Science Center", "the {city} Planetarium"],
              "zoo": ["the {city} Zoo", "the {city} Aquarium"],
              "heritage": ["the State Capitol", "{last} House Historic Site"],
              "outdoor": ["{last} Farm & Orchard", "{city} Nature Center"],
              "local": ["the {city} Public Library", "{city} Fire Station No. 3"],
              "residential": ["Camp {last} Outdoor School", "{last} Lake Environmental Camp"]},
    "de_DE": {"museum": ["the Deutsches Museum", "Phaeno Wolfsburg", "Naturkundemuseum {city}"],
              "zoo": ["Zoo {city}", "Sea Life {city}"], "heritage": ["Burg {last}", "the Landtag in {city}"],
              "outdoor": ["Waldschulheim {city}", "Bauernhof {last}"],
              "local": ["Stadtbibliothek {city}", "Feuerwache {city}"],
              "residential": ["Jugendherberge {city}", "Schullandheim {last}"]},
    "fr_FR": {"museum": ["the Cité des sciences et de l'industrie", "Musée du Louvre",
                         "Muséum d'histoire naturelle de {city}"], "zoo": ["ZooParc de Beauval", "Aquarium de {city}"],
              "heritage": ["Château de {last}", "the Pont du Gard"],
              "outdoor": ["Ferme pédagogique de {city}", "Parc naturel de {city}"],
              "local": ["Médiathèque de {city}", "Caserne des pompiers de {city}"],
              "residential": ["Centre de classe de neige de {city}", "Centre de vacances de {city}"]},
}
PURPOSES = {"museum": ["to support this term's Science topic", "as part of our History unit",
                       "to see the objects we have been studying in class"],
            "zoo": ["to support our Science topic on habitats and adaptation", "to learn how animals are classified"],
            "heritage": ["as part of our History topic", "to bring our local history project to life"],
            "outdoor": ["for a day of outdoor learning", "to find out where our food comes from"],
            "local": ["as part of our topic 'People who help us'", "to find out how our town works"],
            "residential": ["for our residential trip with outdoor and adventurous activities",
                            "for a week of team-building and outdoor activities"]}
ACTIVITIES = {   # in the order a day runs
    "museum": ["Guided tour of the galleries", "Hands-on workshop", "Lunch in the picnic area",
               "Free exploration in small groups", "Gift shop (optional)"],
    "zoo": ["Keeper talk", "Education session: habitats", "Lunch in the picnic area", "Rainforest house",
            "Penguin feeding"],
    "heritage": ["Guided tour", "Costumed role-play workshop", "Lunch", "Treasure trail", "Visit to the great hall"],
    "outdoor": ["Pond dipping", "Minibeast hunt", "Lunch outside", "Tractor ride", "Planting workshop"],
    "local": ["Talk from the staff", "Tour of the building", "Question time", "Walk back to school"],
    "residential": ["Climbing wall", "Canoeing", "Orienteering", "Campfire and songs", "Night walk", "Zip wire",
                    "Raft building"]}
BRING = ["Waterproof coat", "Comfortable shoes", "Water bottle", "Sun cream", "Sun hat", "Small rucksack",
         "Clipboard and pencil", "Wellington boots", "School uniform", "Inhaler or other medication"]
BRING_AWAY = ["Sleeping bag", "Torch", "Wash bag", "Old trainers", "Warm jumper", "Waterproof trousers",
              "Spare clothes"]
TRANSPORT = {   # mode: how a letter says it
    "coach": ("We will travel by coach; seat belts must be worn at all times.", "Transport: private coach",
              "Travel is by hired coach from the school gates."),
    "train": ("We will travel by train, with group tickets booked by the school.", "Transport: train"),
    "public_transport": ("We will use the local bus and tram services.", "Transport: public transport (bus)"),
    "walking": ("The class will walk there and back with staff.", "Transport: on foot (walking)"),
}
TRIP_SCHOOLS = {   # locale: (primary classes, primary schools), (secondary classes, secondary schools)
    "en_GB": (([f"Year {k}" for k in range(1, 7)], ("{city} Primary School", "St {saint}'s Primary School")),
              ([f"Year {k}" for k in range(7, 11)], ("{city} Academy", "{city} High School"))),
    "en_US": (([f"Grade {k}" for k in range(1, 6)], ("{city} Elementary School",)),
              ([f"Grade {k}" for k in range(6, 9)], ("{last} Middle School",))),
    "de_DE": (([f"Klasse {k}{c}" for k in range(1, 5) for c in "abc"], ("Grundschule {city}",)),
              ([f"Klasse {k}{c}" for k in range(5, 11) for c in "abc"],
               ("{last}-Gymnasium {city}", "Realschule {city}"))),
    "fr_FR": ((["CP", "CE1", "CE2", "CM1", "CM2"], ("École élémentaire {last}",)),
              (["6e B", "5e A", "4e C", "3e A"], ("Collège {last}",))),
}
TRIP_FIELDS = [
    F.text("destination", "Destination", ("Place the pupils will visit (not the meeting point).",
                                          "Where the trip goes."), "venue", "trip_destination"),
    F.text("year_group", "Year group / class", "Class or year group going on the trip.", "class", "group", keep=0.7),
    F.date("trip_date", "Trip date", ("Day of the trip, or its first day (not the date of the letter or the reply "
                                      "deadline).", "Date of the visit."), "date", "departure_date"),
    F.date("return_date", "Return date", "Day the pupils come back from a residential trip; null for a day trip.",
           "end_date", "back_on", optional=True, keep=0.6),
    F.text("departure_time", "Departure time", "Time the group leaves school, as written (not the time to arrive "
           "at school or the return time).", "leaves_at", "depart", keep=0.8),
    F.choice("transport", "Transport", "How the group travels.", list(TRANSPORT), "travel_by", "transport_mode",
             keep=0.7),
    F.text("trip_leader", "Trip leader", "Teacher leading the trip (not the head teacher who approves it or the "
           "accompanying staff).", "organiser", "teacher_in_charge"),
    F.number("cost", "Cost per pupil", "Amount asked per pupil; null when there is no charge (not a deposit or "
             "spending money).", "price", "contribution", optional=True),
    F.date("reply_by", "Reply by", "Date the consent slip must be returned (not a payment deadline).",
           "return_slip_by", "deadline"),
    F.flag("packed_lunch", "Packed lunch needed", "Whether pupils must bring a packed lunch.", "bring_lunch",
           keep=0.8),
    F.items("itinerary", "Itinerary", ("The programme of the trip, in order; empty when none is given.",
                                       "Planned activities."), [
        F.text("when", "When", "Time or day of the activity, as written.", "time", "slot"),
        F.text("activity", "Activity", "What the pupils will do.", "description", "what"),
    ], "programme", "schedule", keep=0.7),
    F.strings("bring", "Items to bring", "What pupils should bring or wear (besides lunch); empty when nothing "
              "is listed.", "kit_list", "what_to_bring", keep=0.8),
    F.text("pupil_name", "Pupil name", "Child named on the completed consent slip; null when the slip is blank.",
           "child", "student_name", optional=True, keep=0.6),
    F.flag("consent_given", "Consent given", "Whether the parent gave permission on the slip; null when the slip "
           "is not filled in.", "permission", "consent", nullable_decide=True, keep=0.7),
]


def field_trip_consent(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    kind = rng.choice(list(PURPOSES))
    away = kind == "residential"
    place = _place(kit, TRIP_PLACES[kit.locale][kind])
    article, dest = ("the ", place[4:]) if place.startswith("the ") else ("", place)
    letter = kit.day()
    reply = letter + dt.timedelta(days=rng.randint(5, 14))
    trip = reply + dt.timedelta(days=rng.randint(5, 40))
    while trip.weekday() > 4:
        trip += dt.timedelta(days=1)
    back = trip + dt.timedelta(days=rng.randint(2, 4)) if away else None
    pay_by = reply + dt.timedelta(days=rng.randint(1, 7))
    mode = (rng.choice(["walking", "walking", "public_transport"]) if kind == "local" else
            rng.choice(["coach", "coach", "coach", "train"] + ["public_transport"] * (not away)))
    twelve = kit.locale == "en_US" and kit.chance(0.6)
    leave = rng.choice([495, 510, 525, 540, 555, 570])
    be_there, home = leave - rng.choice([15, 20, 30]), rng.choice([870, 885, 900, 930, 960, 990])
    if kind == "local" and kit.chance(0.7):
        cost = None
    elif away:
        cost = float(rng.randrange(120, 480, 5)) + rng.choice([0, 0, 0.5])
    else:
        cost = float(rng.choice([4, 5, 6, 8, 10, 12, 12.5, 15, 18, 22, 25, 30]))
    deposit = float(rng.choice([25, 30, 50, 75, 100])) if away else None
    stage = rng.choice(TRIP_SCHOOLS[kit.locale])
    group = rng.choice(stage[0][-2:] if away else stage[0])     # residentials are for the older classes
    school = _place(kit, stage[1])
    leader, head, *staff = _teachers(kit, rng.randint(3, 5))
    if away:
        days = [trip + dt.timedelta(days=k) for k in range((back - trip).days + 1)]
        slots = list(dict.fromkeys(f"{_weekday(d)} {rng.choice(['morning', 'afternoon', 'evening'])}" for d in days))
    else:
        slots = [clock(m, twelve) for m in range(leave + 75, home - 45, 45)]
    k = min(len(slots), len(ACTIVITIES[kind]), rng.choice([0, 2, 3, 4, 5]))
    picked = sorted(rng.sample(range(len(ACTIVITIES[kind])), k))
    itinerary = [{"when": slots[j], "activity": ACTIVITIES[kind][a]}
                 for j, a in zip(sorted(rng.sample(range(len(slots)), k)), picked)]
    filled = kit.chance(0.5)
    child = _people(kit, 1)[0] if filled else None
    consent = kit.chance(0.75) if filled else None
    facts = {"destination": dest, "year_group": group, "trip_date": trip.isoformat(),
             "return_date": back.isoformat() if back else None, "departure_time": clock(leave, twelve),
             "transport": mode, "trip_leader": leader, "cost": cost, "reply_by": reply.isoformat(),
             "packed_lunch": kit.chance(0.6), "itinerary": itinerary,
             "bring": rng.sample(BRING + BRING_AWAY * away, rng.choice([0, 2, 3, 4, 5])),
             "pupil_name": child, "consent_given": consent}
    mode_text = rng.choice(TRANSPORT[mode])
    lunch_text = says(rng, facts["packed_lunch"],
                      ("Please give your child a packed lunch in a named bag (no glass bottles).",
                       "Please provide a packed lunch for the first day." if away else
                       "Pupils need a packed lunch and a drink for the day."),
                      ("Lunch is provided, so no packed lunch is needed.",
                       "Pupils do not need to bring a packed lunch: all meals are included." if away else
                       "Children do not need a packed lunch; the venue provides lunch."))
    gold = {"dest": (("destination",), dest), "group": (("year_group",), group),
            "leader": (("trip_leader",), leader), "leave": (("departure_time",), facts["departure_time"])}
    meeting = rng.choice(["the main entrance", "the school gates", "the playground", "the bus bay"])
    purpose = rng.choice(PURPOSES[kind])
    covers = ("travel, accommodation, meals and activities" if away else
              "entry and materials" if mode == "walking" else "transport and entry")

    def money_line() -> None:
        if cost is None:
            doc.line(rng.choice(["There is no charge for this trip.", "This trip is free of charge."]))
            return
        kit.money(doc.add(rng.choice(["The cost of the trip is ", "We are asking for a contribution of ",
                                      "The trip costs "])), ("cost",), cost).add(f" per pupil, covering {covers}")
        if deposit is not None:     # a deposit and its own deadline beside the cost
            kit.date(kit.money(doc.add("; a deposit of "), None, deposit).add(" is due by "), None, pay_by)
        else:
            kit.date(doc.add(". Please pay online by "), None, pay_by)
        doc.line(".")
        if kind in ("museum", "zoo", "heritage") and kit.chance(0.5):
            kit.money(doc.add("Pupils may bring up to "), None, float(rng.choice([5, 10, 15])))
            doc.line(" spending money for the gift shop.")

    def times() -> None:
        L.fill(doc, "We will leave school at {leave}" + rng.choice(["", f" from {meeting}"])
              + f" and expect to be back at about {clock(home, twelve)}" + " on the last day" * away + ".", **gold)
        doc.line(f" Please make sure your child is at school by {clock(be_there, twelve)}.")

    def programme() -> None:
        if not itinerary:
            return
        doc.line(rng.choice(["Plan for the day:", "Schedule:" if kit.locale == "en_US" else "Programme:",
                             "What we will be doing:"]))
        if kit.chance(0.35):
            L.table(doc, rng, ["When" if away else "Time", "Activity"], [
                [L.cell(x["when"], ("itinerary", j, "when")), L.cell(x["activity"], ("itinerary", j, "activity"))]
                for j, x in enumerate(itinerary)], rng.choice(["pipe", "aligned", "grid"]))
        else:
            sep = rng.choice([" - ", ": ", "  "])
            for j, x in enumerate(itinerary):
                doc.add("- ").put(("itinerary", j, "when"), x["when"]).add(sep)
                doc.put(("itinerary", j, "activity"), x["activity"]).line()
        doc.line()

    def things() -> None:
        _strings(kit, doc, "bring", facts["bring"], rng.choice(["Please bring", "What to bring",
                                                                "Your child will need"]),
                 rng.choice(["No special kit is needed.", "Normal school uniform is fine."]))

    def slip() -> str:
        """The tear-off slip, filled in or blank; returns the consent evidence."""
        doc.line().line(rng.choice(["- - - - - - - - - - - ✂ - - - - - - - - - - -",
                                    "-------------------- tear off here --------------------", "=" * 47]))
        doc.line(f"{rng.choice(['REPLY SLIP', 'CONSENT FORM', 'Permission slip'])} - {dest}, {kit.date_text(trip)}")
        kit.date(doc.add(rng.choice(["Please return to the school office by ", "Return by "])), ("reply_by",),
                 reply).line()
        blank = "_" * rng.randint(14, 24)
        name_line = f"Name of child: {blank}    Class: {blank[:8]}"
        if child:
            doc.add("Name of child: ").put(("pupil_name",), child).line(f"    Class: {group}")
        else:
            doc.line(name_line)
        yes, no = ("[x]", "[ ]") if consent else ("[ ]", "[x]") if filled else ("[ ]", "[ ]")
        give = f"{yes} I give permission for my child to take part in the trip to {dest}."
        refuse = f"{no} I do not give permission for my child to take part."
        doc.line(give).line(refuse)
        doc.line(f"Emergency contact number on the day: {_phone(kit) if filled else blank}")
        doc.line(f"Medical or dietary needs: {rng.choice(['none', 'nut allergy', 'inhaler']) if filled else blank}")
        if filled:
            doc.add(f"Signed: {_people(kit, 1)[0]} (parent/carer)    Date: ")
            kit.date(doc, None, reply - dt.timedelta(days=rng.randint(1, 4))).line()
        else:
            doc.line(f"Signed (parent/carer): {blank}    Date: {blank[:10]}")
        return (give if consent else refuse) if filled else name_line

    layout = rng.choice(["letter", "info_sheet", "message"])
    if layout == "info_sheet":
        doc.line(school.upper()).line(rng.choice(["FIELD TRIP PERMISSION SLIP", "School trip information",
                                                  "EDUCATIONAL VISIT - PARENT INFORMATION"])).line()
        rows = [("Destination", L.cell(dest, ("destination",))),
                (rng.choice(["Class", "Group", {"en_US": "Grade", "en_GB": "Year group"}.get(kit.locale, "Class")]),
                 L.cell(group, ("year_group",))),
                ("Date", kit.date_cell(("trip_date",), trip))]
        rows += [("Return", kit.date_cell(("return_date",), back))] if back else []
        rows += [("Departure", L.join(L.cell(facts["departure_time"], ("departure_time",)),
                                      L.cell(f" from {meeting}"))),
                 ("Back at school", L.cell(clock(home, twelve))),
                 (rng.choice(["Teacher in charge", "Trip leader", "Lead teacher"]), L.cell(leader, ("trip_leader",))),
                 ("Cost", kit.money_cell(("cost",), cost) if cost is not None else L.cell("Free"))]
        L.kv(doc, rng, rows)
        doc.line().line(f"We are going {purpose}. {mode_text}")
        doc.line(f"Please have your child at school by {clock(be_there, twelve)}.")
        if cost is not None:
            kit.date(doc.add("Payment is due by "), None, pay_by).line(".")
        doc.line(lunch_text)
        if staff:
            doc.line(f"{'Chaperones' if kit.locale == 'en_US' else 'Accompanying staff'}: {', '.join(staff)}")
        doc.line()
        kit.pad(doc)
        programme()
        things()
        doc.line(f"Approved by: {head}")
    else:                       # a letter home, or the same news as a message in the parent app
        if layout == "message":
            doc.line(f"From: {school} <office@{fake.domain_name()}>")
            kit.date(doc.add("Sent: "), None, letter).line()
            L.fill(doc, "Subject: {group} visit to " + article + "{dest}\n\nHello,\n\nOn ", **gold)
            kit.date(doc, ("trip_date",), trip).add(f", a {_weekday(trip)}")
            kit.date(doc.add(" (back on "), ("return_date",), back).add(")") if back else None
            L.fill(doc, ", {group} will visit " + article + "{dest} " + purpose + ". The trip is led by {leader}. ",
                  **gold)
        else:
            doc.line(school).line(fake.address().replace("\n", ", "))
            kit.date(doc, None, letter).line().line()
            L.fill(doc, rng.choice(["Dear Parents and Carers,", "Dear Parent/Carer,", "Dear Families,"])
                  + "\n\nRe: {group} trip to " + article + "{dest}\n\nI am pleased to tell you that {group} will be "
                  "visiting " + article + "{dest} on ", **gold)
            kit.date(doc, ("trip_date",), trip).add(f" ({_weekday(trip)})")
            kit.date(doc.add(", returning on "), ("return_date",), back).add(f" ({_weekday(back)})") if back else None
            doc.add(f", {purpose}. ")
        doc.line(mode_text)
        times()
        kit.pad(doc.line())
        money_line()
        doc.line(lunch_text).line()
        programme()
        things()
        doc.line()
        if layout == "message":
            kit.date(doc.add("Please reply using the form below before "), None, reply).line(".")
            doc.line(f"Thank you,\n{head}")
        else:
            if staff:
                doc.line(f"{leader} will lead the trip, supported by {' and '.join(staff)}.")
            kit.date(doc.add("Please return the slip below by "), None, reply).line(".").line()
            L.fill(doc, "Yours sincerely,\n\n{leader}\n" + rng.choice(["Trip leader", "Class teacher",
                                                                      "Educational visits lead"]) + "\n", **gold)
            doc.line(f"Approved by {head}, {rng.choice(['Headteacher', 'Head teacher', 'Principal'])}")
    consent_text = slip()
    kit.pad(doc)
    return Draft(("School trip consent", "Field trip letter", "Educational visit consent form"), TRIP_FIELDS,
                 facts, doc, {("transport",): mode_text, ("packed_lunch",): lunch_text,
                              ("consent_given",): consent_text})


# ---- doctoral thesis defence notice ---------------------------------------------------------

THESES = {   # field: (German and French name, degree in Germany, titles, keywords)
    "Computer Science": (("Informatik", "Informatique"), "Dr. rer. nat.", [
        "Learning Sparse Representations for Graph Neural Networks", "Scalable Verification of Concurrent Programs",
        "Privacy-Preserving Machine Learning in Federated Systems",
        "Energy-Aware Scheduling on Heterogeneous Clusters"],
        ["graph neural networks", "formal verification", "federated learning", "scheduling",
         "differential privacy", "program analysis"]),
    "Chemistry": (("Chemie", "Chimie"), "Dr. rer. nat.", [
        "Earth-Abundant Metal Catalysts for Selective C-H Activation",
        "Supramolecular Cages as Hosts for Reactive Intermediates",
        "Towards Solid-State Electrolytes for Sodium-Ion Batteries"],
        ["catalysis", "supramolecular chemistry", "batteries", "electrochemistry", "green chemistry"]),
    "History": (("Geschichte", "Histoire"), "Dr. phil.", [
        "Between Empire and Nation: Port Cities of the Adriatic, 1848-1918",
        "Women, Work and the Guilds in Early Modern Lyon",
        "Reading the Weather: Almanacs and Rural Knowledge in the Eighteenth Century"],
        ["Habsburg Empire", "urban history", "guilds", "gender history", "print culture"]),
    "Biology": (("Biologie", "Biologie"), "Dr. rer. nat.", [
        "Gene Regulatory Networks in Zebrafish Fin Regeneration",
        "The Role of Soil Microbiota in the Drought Tolerance of Wheat"],
        ["regeneration", "zebrafish", "microbiome", "drought stress", "gene regulation"]),
    "Economics": (("Volkswirtschaftslehre", "Sciences économiques"), "Dr. rer. pol.", [
        "Essays on Labour Market Frictions and Minimum Wages", "Three Essays on Household Debt and Monetary Policy"],
        ["minimum wage", "labour economics", "monetary policy", "household finance"]),
    "Physics": (("Physik", "Physique"), "Dr. rer. nat.", [
        "Quantum Transport in Twisted Bilayer Graphene",
        "Precision Measurements of Neutrino Oscillations with Reactor Antineutrinos"],
        ["graphene", "quantum transport", "neutrino physics", "precision measurement"]),
}
UNIVERSITIES = {"en_GB": ["University of Leeds", "University of Edinburgh", "Imperial College London",
                          "University of Bristol", "King's College London", "University of Warwick"],
                "en_US": ["University of Michigan", "Stanford University", "Ohio State University",
                          "University of Texas at Austin", "Duke University", "Cornell University"],
                "de_DE": ["Universität Heidelberg", "TU München", "Universität Göttingen", "ETH Zürich",
                          "Universität Wien", "Universität Bonn"],
                "fr_FR": ["Université Grenoble Alpes", "Sorbonne Université", "CNRS", "Université de Strasbourg",
                          "Inria Saclay", "Université de Bordeaux"]}
ROLES = {   # locale: (supervisor's role, co-supervisor's, chair's, the other members' in turn); a UK
    # supervisor does not examine, so is not on the committee
    "en_GB": ("Supervisor", "Second supervisor", "Independent Chair",
              ("Internal Examiner", "External Examiner", "External Examiner")),
    "en_US": ("Advisor", "Co-advisor", "Committee Chair", ("Committee Member", "Outside Member",
                                                           "Graduate School Representative")),
    "de_DE": ("First reviewer (Erstgutachter)", "Co-supervisor", "Chair (Vorsitz)",
              ("Second reviewer (Zweitgutachter)", "Examiner", "Examiner")),
    "fr_FR": ("Directeur de thèse", "Co-directeur de thèse", "Président du jury",
              ("Rapporteur", "Rapporteur", "Examinateur")),
}
HOME_ROLES = {"Internal Examiner", "Committee Member", "Graduate School Representative", "Examiner", "Examinateur"}
MEMBER_TITLES = {"en_GB": ("Professor", "Dr", "Prof."), "en_US": ("Prof.", "Dr.", "Professor"),
                 "de_DE": ("Prof. Dr.", "Dr.", "PD Dr."), "fr_FR": ("Pr", "Dr", "Prof.")}
ROOMS = {"en_GB": ["Room 2.14, Worsley Building", "Council Chamber, Old College", "Seminar Room G.03"],
         "en_US": ["Room 1230, Engineering Hall", "Rackham Amphitheatre", "Room 302, Science Library"],
         "de_DE": ["Senatssaal, Hauptgebäude", "Hörsaal 5, Gebäude C", "Raum 01.122, Campus Nord"],
         "fr_FR": ["Amphithéâtre Charpak", "Salle des thèses, bâtiment B", "Salle du conseil, campus Est"]}
MODES = {"in_person": ("The defence takes place in person only.", "Format: on site",
                       "No online transmission is planned."),
         "online": ("The defence will be held online by video conference.", "Format: online only"),
         "hybrid": ("Hybrid event: attend in the room or follow the livestream.",
                    "Format: hybrid (in person and online)")}
LANG_NAMES = {"english": "English", "german": "German", "french": "French"}
DEFENCE_FIELDS = [
    F.text("candidate", "Candidate", ("Doctoral candidate defending the thesis (not the supervisor or a "
                                      "committee member).", "Name of the PhD candidate."), "doctoral_candidate",
           "phd_candidate", "student"),
    F.text("thesis_title", "Thesis title", "Title of the thesis as announced.", "title", "dissertation_title"),
    F.text("department", "Department", "Department, faculty or doctoral school of the candidate.", "faculty",
           "doctoral_school", keep=0.6),
    F.text("degree", "Degree", "Doctoral degree sought, as written.", "doctorate", keep=0.4),
    F.date("defence_date", "Defence date", ("Date of the defence (not the date of the announcement or a "
                                            "registration deadline).", "Day of the defence."), "defense_date", "date"),
    F.text("start_time", "Start time", "Time the defence starts, as written (not the reception).", "time",
           "begins_at"),
    F.text("venue", "Venue", "Room and building of the defence; null when it is held online only.", "room",
           "location", optional=True, keep=0.8),
    F.choice("format", "Format", "How the defence is held.", list(MODES), "mode", "attendance_mode", keep=0.7),
    F.text("supervisor", "Supervisor", "Principal supervisor or advisor (not a co-supervisor or the chair).",
           "advisor", "thesis_director", keep=0.8),
    F.items("committee", "Committee", ("Each member of the examining committee or jury, in the order listed.",
                                       "The examination committee."), [
        F.text("name", "Name", "Member's name without academic titles.", "member"),
        F.text("role", "Role", "Role on the committee, as written.", "function", keep=0.8),
        F.text("affiliation", "Affiliation", "University or institution of the member, if given.", "institution",
               optional=True, keep=0.6),
    ], "jury", "examiners", "committee_members"),
    F.flag("public", "Public", "Whether the defence is open to the public.", "open_to_public", "is_public"),
    F.choice("language", "Language", "Language the defence is held in.", list(LANG_NAMES), "defence_language",
             keep=0.5),
    F.strings("keywords", "Keywords", "Keywords listed for the thesis; empty when none are given.", "key_words",
              "topics", keep=0.5),
    F.date("registration_deadline", "Registration deadline", "Date by which attendees must register, if stated "
           "(not the defence date).", "register_by", optional=True, keep=0.4),
]


def thesis_defence_notice(kit: Kit) -> Draft:
    fake, rng, doc, loc = kit.fake, kit.rng, Doc(), kit.locale
    field = rng.choice(list(THESES))
    (de_name, fr_name), de_degree, titles, words = THESES[field]
    city = fake.city()
    home = {"en_GB": f"University of {city}", "en_US": f"{city} State University",
            "de_DE": f"Universität {city}", "fr_FR": f"Université de {city}"}[loc]
    department = {"en_GB": rng.choice([f"School of {field}", f"Department of {field}"]),
                  "en_US": f"Department of {field}",
                  "de_DE": rng.choice([f"Fachbereich {de_name}", f"Fakultät für {de_name}"]),
                  "fr_FR": f"École doctorale {fr_name} (ED {rng.randint(50, 599)})"}[loc]
    degree = {"en_GB": rng.choice(["Doctor of Philosophy (PhD)", f"PhD in {field}"]),
              "en_US": f"Doctor of Philosophy in {field}", "de_DE": de_degree, "fr_FR": f"Doctorat en {fr_name}"}[loc]
    public = kit.chance(0.2 if loc == "en_GB" else 0.85)    # a British viva is held in private
    mode = rng.choice(["in_person", "in_person", "hybrid", "online"] if public else ["in_person", "online"])
    day = kit.day()
    while day.weekday() > 4:
        day += dt.timedelta(days=1)
    twelve = loc == "en_US" and kit.chance(0.6)
    start = rng.choice([570, 600, 630, 840, 870, 900, 960])
    # a UK viva has an internal and an external examiner, a French jury two rapporteurs
    roles = ROLES[loc]
    supervisor, co, chair, *others = _people(kit, 3 + rng.randint(2 if loc in ("en_GB", "fr_FR") else 1, 3))
    girl = kit.chance(0.5)
    candidate = f"{fake.first_name_female() if girl else fake.first_name_male()} {fake.last_name()}"
    places, affil = rng.sample(UNIVERSITIES[loc], 5), kit.chance(0.75)
    members = [] if loc == "en_GB" else [(supervisor, roles[0], home)] + [(co, roles[1], places[4])] * kit.chance(0.4)
    members.insert(rng.choice([0, len(members)]), (chair, roles[2], home))
    members += [(p, roles[3][k], home if roles[3][k] in HOME_ROLES else places[k]) for k, p in enumerate(others)]
    committee = [{"name": p, "role": r, "affiliation": a if affil else None} for p, r, a in members]
    language = ("english" if loc in ("en_GB", "en_US") or kit.chance(0.4)
                else {"de_DE": "german", "fr_FR": "french"}[loc])
    room = None if mode == "online" else rng.choice(ROOMS[loc])
    announced = day - dt.timedelta(days=rng.randint(14, 40))
    deadline = (day - dt.timedelta(days=rng.randint(1, 5)) if public and mode != "in_person" and kit.chance(0.6)
                else None)
    facts = {"candidate": candidate, "thesis_title": rng.choice(titles), "department": department,
             "degree": degree, "defence_date": day.isoformat(), "start_time": clock(start, twelve), "venue": room,
             "format": mode, "supervisor": supervisor, "committee": committee, "public": public,
             "language": language, "keywords": rng.sample(words, rng.choice([0, 0, 3, 4])),
             "registration_deadline": deadline.isoformat() if deadline else None}
    spelling, pronoun = "defense" if loc == "en_US" else "defence", "her" if girl else "his"
    mode_text = rng.choice(MODES[mode]).replace("defence", spelling)
    public_text = says(rng, public, (f"The {spelling} is public and everyone is welcome to attend.",
                                     "Open to the public", "All members of the university are welcome."),
                       ("This examination is not open to the public.",
                        "The examination is held in private; only the examiners and the candidate attend.",
                        "Closed session: attendance by invitation only."))
    lang_text = rng.choice([f"The {spelling} will be held in {LANG_NAMES[language]}.",
                            f"Language: {LANG_NAMES[language]}"])
    gold = {"cand": (("candidate",), candidate), "title": (("thesis_title",), facts["thesis_title"]),
            "time": (("start_time",), facts["start_time"]), "dept": (("department",), department),
            "degree": (("degree",), degree), "sup": (("supervisor",), supervisor)}
    titled = {p: rng.choice(MEMBER_TITLES[loc]) for p, _, _ in members}

    def member_lines() -> None:
        bullet, role_first = rng.choice(["- ", "* ", ""]), kit.chance(0.4)
        for j, m in enumerate(committee):   # "- Prof. Dr. Anna Weber (Universität Heidelberg), Examiner"
            at = ("committee", j)
            if role_first:
                doc.add(bullet).put(at + ("role",), m["role"]).add(": ")
            doc.add("" if role_first else bullet).add(titled[m["name"]] + " ").put(at + ("name",), m["name"])
            if m["affiliation"]:
                doc.add(" (").put(at + ("affiliation",), m["affiliation"]).add(")")
            doc.line() if role_first else doc.add(", ").put(at + ("role",), m["role"]).line()

    def member_table() -> None:
        L.table(doc, rng, ["Name", "Role"] + ["Institution"] * affil, [
            [L.join(L.cell(titled[m["name"]] + " "), L.cell(m["name"], ("committee", j, "name"))),
             L.cell(m["role"], ("committee", j, "role"))]
            + [L.cell(m["affiliation"], ("committee", j, "affiliation"))] * affil for j, m in enumerate(committee)])

    def practical() -> None:
        doc.line(mode_text)
        if mode != "in_person":
            link = f"https://{rng.choice(['zoom.us/j/', 'meet.example.org/'])}{rng.randint(10**9, 10**10 - 1)}"
            doc.line(f"Online: {link}" if public else "The video link is sent to the committee and the candidate only.")
        if deadline:
            kit.date(doc.add("Please register by "), ("registration_deadline",), deadline).line(" to receive the link.")
        doc.line(public_text).line(lang_text)
        if mode != "online" and kit.chance(0.6):
            reception = clock(start + rng.choice([120, 150, 180]), twelve)
            doc.line(f"The {spelling} will be followed by a reception at {reception} in the "
                     f"{rng.choice(['foyer', 'common room', 'staff lounge'])}.")
        if kit.chance(0.4):
            kit.date(doc.add("The thesis can be consulted in the library from "), None,
                     day - dt.timedelta(days=rng.randint(7, 20))).line(".")

    def keywords() -> None:
        if facts["keywords"]:
            sep = rng.choice(["; ", ", "])
            L.series(doc.add("Keywords: "), ("keywords",), facts["keywords"], sep, sep).line()

    def supervision() -> None:
        L.fill(doc, rng.choice(["Supervisor: {sup}", "Supervised by {sup}", "Thesis advisor: {sup}"]), **gold)
        doc.line(f"; co-supervisor: {co}" if loc == "en_GB" or kit.chance(0.3) else "")

    layout = rng.choice(["poster", "email", "formal", "web"])
    if layout == "poster":
        doc.line(home).put(("department",), department).line().line()
        doc.line(rng.choice([f"PUBLIC {spelling.upper()} OF A DOCTORAL THESIS" if public else
                             "NOTICE OF DOCTORAL EXAMINATION", f"Doctoral thesis {spelling}",
                             {"en_US": "Dissertation Defense Announcement", "en_GB": "Notice of oral examination",
                              "de_DE": "Invitation to the Disputation", "fr_FR": "Avis de soutenance de thèse"}[loc]]))
        L.fill(doc, "\n{cand}\n" + rng.choice(["will defend the thesis", f"will defend {pronoun} thesis entitled"])
              + "\n\"{title}\"\nfor the degree of {degree}\n\n", **gold)
        rows = [("Date", L.join(kit.date_cell(("defence_date",), day), L.cell(f" ({_weekday(day)})"))),
                ("Time", L.cell(facts["start_time"], ("start_time",)))]
        rows += [("Venue", L.cell(room, ("venue",)))] if room else []
        L.kv(doc, rng, rows, rng.choice(["colon", "aligned", "grid"]))
        doc.line()
        kit.pad(doc)
        supervision()
        doc.line().line(rng.choice(["Examination committee:", "Committee", "Jury:"]))
        member_lines() if kit.chance(0.6) else member_table()
        doc.line()
        keywords()
        practical()
        kit.date(doc.add("Posted "), None, announced).line()
    elif layout == "email":
        doc.line(f"From: Graduate School Office <phd@{fake.domain_name()}>")
        kit.date(doc.add("Date: "), None, announced).line()
        L.fill(doc, f"Subject: PhD {spelling} - " + "{cand}, " + kit.date_text(day) + "\n\nDear colleagues,\n\n"
              "we are pleased to announce that {cand} ({dept}) will defend " + pronoun + " thesis \"{title}\" "
              "for the degree of {degree} on ", **gold)
        kit.date(doc, ("defence_date",), day).add(f" ({_weekday(day)})")
        L.fill(doc, " at {time}", **gold)
        doc.add(" in ").put(("venue",), room) if room else None
        L.fill(doc, ".\nThe candidate is supervised by {sup}", **gold)
        doc.line(f" and co-supervised by {co}." if kit.chance(0.5) else ".").line()
        kit.pad(doc)
        doc.line(rng.choice(["The examination committee:", "Committee members:"]))
        member_lines()
        doc.line()
        keywords()
        practical()
        doc.line().line("Best regards,").line("Graduate School Office")
    elif layout == "formal":
        doc.line(home.upper()).line(rng.choice(["AVIS DE SOUTENANCE DE THÈSE"] if loc == "fr_FR" else
                                               [f"NOTICE OF THESIS {spelling.upper()}",
                                                "ANNOUNCEMENT OF A DOCTORAL EXAMINATION"])).line()
        kit.date(doc.add("By decision of the Dean dated "), None, announced).add(", ")
        L.fill(doc, "{cand}, doctoral candidate ({dept}), is admitted to defend the thesis entitled\n\n    {title}\n\n"
              "in view of the degree {degree}.\n\n", **gold)
        kit.date(doc.add(f"The {spelling} will take place on "), ("defence_date",), day)
        L.fill(doc, ", at {time}", **gold)
        doc.add(", ").put(("venue",), room) if room else None
        doc.line(".").line()
        kit.pad(doc)
        doc.line(rng.choice(["The jury is composed as follows:", "Composition of the committee:"]))
        member_table() if kit.chance(0.7) else member_lines()
        doc.line()
        supervision()
        practical()
        keywords()
    else:                       # a news item on the department's web page
        L.fill(doc, f"## PhD {spelling}: " + "{cand}\n\n**Thesis:** {title}  \n**Department:** {dept}  \n"
              "**Degree:** {degree}  \n**When:** ", **gold)
        kit.date(doc, ("defence_date",), day).add(f" ({_weekday(day, True)})")
        L.fill(doc, ", {time}  \n", **gold)
        doc.add("**Where:** ").put(("venue",), room).line("  ") if room else None
        doc.line()
        kit.pad(doc)
        supervision()
        keywords()
        doc.line().line("### Committee").line()
        member_lines() if kit.chance(0.5) else member_table()
        doc.line().line("### Practical information").line()
        practical()
        kit.date(doc.add("Last updated "), None, announced).line()
    kit.pad(doc)
    return Draft(("Thesis defence notice", "PhD defense announcement", "Doctoral examination notice"),
                 DEFENCE_FIELDS, facts, doc, {("format",): mode_text, ("public",): public_text,
                                              ("language",): lang_text})
