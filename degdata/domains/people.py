"""Documents about people: résumés, job ads and medical-style intake forms.

Résumés nest an array of strings inside an array of objects (jobs -> highlights). Intake
forms carry real misses: a patient who reports no allergies has an empty list, a missing
insurance number is null.
"""
from __future__ import annotations

import datetime as dt

from .. import fields as F
from ..assemble import Draft
from ..doc import Doc
from ..kit import Kit

SKILLS = ["Python", "SQL", "Excel", "Project management", "Negotiation", "Java", "Figma",
          "Customer service", "Accounting", "German", "French", "Public speaking", "Docker",
          "Data analysis", "Team leadership", "Copywriting", "SAP", "Scrum"]
HIGHLIGHTS = ["Cut reporting time by half", "Led a team of six", "Launched a new product line",
              "Won the largest client of the year", "Automated the monthly close",
              "Trained new hires", "Reduced support backlog", "Managed a six-figure budget"]
DEGREES = ["Bachelor", "Master", "PhD", "Vocational diploma"]

RESUME_FIELDS = [
    F.text("name", "Full name", "Candidate's full name.", "full_name", "candidate"),
    F.text("email", "E-mail", "Contact e-mail address.", "email_address", format="email"),
    F.text("phone", "Phone", "Contact phone number.", "phone_number", keep=0.6),
    F.text("city", "City", "Where the candidate lives.", "location", keep=0.6),
    F.strings("skills", "Skills", "Skills listed by the candidate.", "key_skills"),
    F.items("experience", "Work experience", "Each position held, most recent first.", [
        F.text("employer", "Employer", "Company name.", "company"),
        F.text("role", "Role", "Job title.", "title", "position"),
        F.date("start", "Start", "Start date of the position.", "start_date", keep=0.8),
        F.date("end", "End", "End date; null for the current position.", "end_date",
               optional=True, keep=0.8),
        F.strings("highlights", "Highlights", "Achievements listed for the position.",
                  "achievements", keep=0.6),
    ], "jobs", "positions"),
    F.choice("highest_degree", "Highest degree", "Highest completed degree.", DEGREES,
             "education_level", keep=0.7),
    F.flag("open_to_relocation", "Open to relocation", "Whether the candidate would move.",
           "relocation", keep=0.5),
    F.score("seniority", "Seniority", "Career level judged from the experience.",
            {1: "junior", 2: "mid-level", 3: "senior", 4: "lead / principal"}, "level", keep=0.5),
]


def resume(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    n_jobs = rng.randint(1, 4)
    start = kit.day(within=300) - dt.timedelta(days=365 * 3 * n_jobs)
    jobs = []
    for j in range(n_jobs):
        end = start + dt.timedelta(days=rng.randint(300, 1000))
        jobs.append({"employer": fake.company(), "role": fake.job(), "start": start.isoformat(),
                     "end": end.isoformat(), "highlights": rng.sample(HIGHLIGHTS, rng.randint(0, 3))})
        start = end + dt.timedelta(days=rng.randint(5, 60))
    if kit.chance(0.6):
        jobs[-1]["end"] = None          # current position
    jobs.reverse()
    degree = rng.choice(DEGREES)
    seniority = min(4, 1 + n_jobs - (1 if n_jobs > 1 and kit.chance(0.3) else 0))
    years = sum(1 for _ in jobs) * 3
    relocate = kit.chance(0.4)
    facts = {"name": fake.name(), "email": fake.free_email(), "phone": fake.phone_number(),
             "city": fake.city(), "skills": rng.sample(SKILLS, rng.randint(2, 7)),
             "experience": jobs, "highest_degree": degree, "open_to_relocation": relocate,
             "seniority": seniority}
    doc.put(("name",), facts["name"]).line().line("Curriculum Vitae").line()
    doc.put(("email",), facts["email"]).add(" | ").put(("phone",), facts["phone"]).add(" | ")
    doc.put(("city",), facts["city"]).line().line()
    level_text = {1: "Junior professional", 2: "Professional", 3: "Senior professional",
                  4: "Lead professional"}[seniority]
    profile = f"{level_text} with about {years} years of experience."
    doc.line("PROFILE").line(profile)
    reloc = ("Happy to relocate for the right role." if relocate else
             f"Looking for roles near {facts['city']}; not planning to relocate.")
    doc.line(reloc).line().line("EXPERIENCE")
    for i, job in enumerate(jobs):
        at = ("experience", i)
        kit.date(doc, at + ("start",), dt.date.fromisoformat(job["start"])).add(" - ")
        if job["end"]:
            kit.date(doc, at + ("end",), dt.date.fromisoformat(job["end"]))
        else:
            doc.add("present")
        doc.add("  ").put(at + ("role",), job["role"]).add(", ").put(at + ("employer",),
                                                                    job["employer"]).line()
        for h, text in enumerate(job["highlights"]):
            doc.add("  * ").put(at + ("highlights", h), text).line()
    kit.pad(doc)
    doc.line().line("EDUCATION").line(f"{degree} degree, {fake.city()} University").line()
    doc.add("SKILLS: ")
    for i, s in enumerate(facts["skills"]):
        doc.add(", " if i else "").put(("skills", i), s)
    doc.line()
    kit.pad(doc)
    return Draft(("Résumé", "Candidate profile", "CV parsing"), RESUME_FIELDS, facts, doc, {
        ("highest_degree",): f"{degree} degree", ("open_to_relocation",): reloc,
        ("seniority",): profile})


EMPLOYMENT = ["full-time", "part-time", "contract", "internship"]
JOB_FIELDS = [
    F.text("job_title", "Job title", "Title of the advertised position.", "title", "position"),
    F.text("company", "Company", "Hiring company.", "employer"),
    F.text("location", "Location", "Where the job is based.", "city", keep=0.8),
    F.number("salary_min", "Minimum salary", "Lower end of the salary range, if given.",
             "salary_from", optional=True, keep=0.7),
    F.number("salary_max", "Maximum salary", "Upper end of the salary range, if given.",
             "salary_to", optional=True, keep=0.7),
    F.choice("employment_type", "Employment type", "Contract type.",
             EMPLOYMENT, "contract_type"),
    F.choice("remote_policy", "Remote policy", "Where the work happens.",
             ["on-site", "hybrid", "remote"], "work_mode", keep=0.8),
    F.strings("requirements", "Requirements", "Each listed requirement.", "qualifications",
              keep=0.7),
    F.date("apply_by", "Apply by", "Application deadline, if stated.", "deadline",
           optional=True, keep=0.7),
    F.text("contact_email", "Contact", "Where to send applications.", "apply_to",
           format="email", keep=0.6),
]
REMOTE = {"on-site": "This role is based fully in our office.",
          "hybrid": "Two days a week from home, the rest in the office.",
          "remote": "Work from anywhere: the team is fully distributed."}


def job_ad(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    kind, remote = rng.choice(EMPLOYMENT), rng.choice(list(REMOTE))
    low = float(rng.randrange(28_000, 90_000, 1000)) if kit.chance(0.8) else None
    high = low + rng.randrange(5_000, 30_000, 1000) if low is not None else None
    deadline = kit.day() if kit.chance(0.8) else None
    facts = {"job_title": fake.job(), "company": fake.company(), "location": fake.city(),
             "salary_min": low, "salary_max": high, "employment_type": kind,
             "remote_policy": remote, "requirements": rng.sample(
                 [f"Experience with {s}" for s in SKILLS], rng.randint(1, 5)),
             "apply_by": deadline.isoformat() if deadline else None,
             "contact_email": fake.company_email()}
    doc.put(("company",), facts["company"]).add(" is hiring: ").put(("job_title",),
                                                                     facts["job_title"]).line()
    doc.add("Location: ").put(("location",), facts["location"]).line(f" | {kind.capitalize()}")
    doc.line().line(fake.paragraph(nb_sentences=3)).line().line(REMOTE[remote]).line()
    doc.line("What you bring:")
    for i, r in enumerate(facts["requirements"]):
        doc.add("- ").put(("requirements", i), r).line()
    doc.line()
    if low is not None:
        doc.add("Salary: ")
        kit.money(doc, ("salary_min",), low).add(" - ")
        kit.money(doc, ("salary_max",), high).line(" per year")
    else:
        doc.line("Competitive salary and benefits.")
    kit.pad(doc)
    doc.add("Send your application to ").put(("contact_email",), facts["contact_email"])
    if deadline:
        doc.add(" by ")
        kit.date(doc, ("apply_by",), deadline)
    doc.line(".")
    kit.pad(doc)
    return Draft(("Job ad", "Job posting"), JOB_FIELDS, facts, doc, {
        ("employment_type",): kind.capitalize(), ("remote_policy",): REMOTE[remote]})


INTAKE_FIELDS = [
    F.text("patient_name", "Patient name", "Full name of the patient.", "name"),
    F.date("date_of_birth", "Date of birth", "Patient's birth date.", "dob", "birth_date"),
    F.text("insurance_number", "Insurance number", "Health insurance member number, if any.",
           "insurance_id", optional=True, keep=0.7),
    F.strings("allergies", "Allergies", "Each allergy the patient reports; empty if none.",
              "known_allergies"),
    F.strings("medications", "Current medications", "Medications currently taken.", "meds",
              keep=0.7),
    F.flag("smoker", "Smoker", "Whether the patient currently smokes.", "smokes", keep=0.8),
    F.score("pain_level", "Pain", "Pain reported at intake.",
            {0: "none", 1: "mild", 2: "moderate", 3: "severe", 4: "worst imaginable"},
            "pain_score", keep=0.7),
    F.text("emergency_contact", "Emergency contact", "Name of the emergency contact.",
           "next_of_kin", optional=True, keep=0.6),
    F.number("weight_kg", "Weight (kg)", "Body weight in kilograms, if measured.", "weight",
             optional=True, keep=0.5),
]
ALLERGIES = ["penicillin", "peanuts", "latex", "pollen", "shellfish", "aspirin", "lactose"]
MEDS = ["ibuprofen 400 mg", "metformin 500 mg", "lisinopril 10 mg", "levothyroxine 50 mcg",
        "atorvastatin 20 mg", "cetirizine 10 mg"]
PAIN = {0: "No pain at the moment.", 1: "Mild discomfort, can go about the day.",
        2: "Moderate pain, needs painkillers.", 3: "Severe pain, cannot sleep.",
        4: "Worst pain imaginable."}


def medical_intake(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    born = dt.date(rng.randint(1940, 2010), rng.randint(1, 12), rng.randint(1, 28))
    smoker, pain = kit.chance(0.25), rng.randint(0, 4)
    facts = {"patient_name": fake.name(), "date_of_birth": born.isoformat(),
             "insurance_number": f"{rng.choice('ABCDEFGHKLM')}{rng.randint(100000000, 999999999)}"
             if kit.chance(0.85) else None,
             "allergies": rng.sample(ALLERGIES, rng.choice([0, 0, 1, 2])),
             "medications": rng.sample(MEDS, rng.randint(0, 3)), "smoker": smoker,
             "pain_level": pain,
             "emergency_contact": fake.name() if kit.chance(0.8) else None,
             "weight_kg": round(rng.uniform(45, 120), 1) if kit.chance(0.8) else None}
    doc.line("PATIENT INTAKE FORM").line(f"Clinic: {fake.company()}").line()
    doc.add("Name: ").put(("patient_name",), facts["patient_name"]).line()
    doc.add("Date of birth: ")
    kit.date(doc, ("date_of_birth",), born).line()
    doc.add("Insurance no.: ")
    if facts["insurance_number"]:
        doc.put(("insurance_number",), facts["insurance_number"])
    doc.line("" if facts["insurance_number"] else "(self-pay)")
    doc.add("Weight: ")
    if facts["weight_kg"] is not None:
        kit.num(doc, ("weight_kg",), facts["weight_kg"], places=1).line(" kg")
    else:
        doc.line("not measured")
    doc.add("Allergies: ")
    for i, a in enumerate(facts["allergies"]):
        doc.add(", " if i else "").put(("allergies", i), a)
    doc.line("" if facts["allergies"] else "none known")
    doc.add("Current medication: ")
    for i, m in enumerate(facts["medications"]):
        doc.add("; " if i else "").put(("medications", i), m)
    doc.line("" if facts["medications"] else "none")
    smoke_line = rng.choice(["Smoker: yes, about 10 a day", "Smokes daily"] if smoker else
                            ["Smoker: no", "Never smoked", "Quit smoking years ago"])
    doc.line(smoke_line).line().line(f"Reason for visit: {PAIN[pain]}")
    if facts["emergency_contact"]:
        doc.add("Emergency contact: ").put(("emergency_contact",), facts["emergency_contact"])
        doc.line(f", {fake.phone_number()}")
    kit.pad(doc)
    doc.line().line("I confirm the information above is correct. Signature: ____________")
    return Draft(("Patient intake", "Intake form"), INTAKE_FIELDS, facts, doc,
                 {("smoker",): smoke_line, ("pain_level",): PAIN[pain]})
