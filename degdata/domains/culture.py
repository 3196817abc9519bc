"""Culture and media paperwork: album release sheets, podcast show notes, museum loan
records and publishers' catalogue entries.

Each carries values of the same kind beside the ones asked for: the barcode beside an
album's catalogue number, the recording dates and the lead single's date beside its release
date, the distributor beside the label, the writers, the engineer and the mastering engineer
beside the producer and the featured artists, the track numbers and the total running time
beside the track lengths; the season number and the previous episode's number beside an
episode number, the recording date and the next episode's date beside the publish date,
the chapter timestamps beside the running time, the producer, the editor and the network
beside the hosts, the guests and the sponsor; the exhibition's opening and closing dates and
the signing date beside a loan period, the insurance policy number beside the loan
reference, the object dates and dimensions beside the insured values, the registrars beside
the lender and borrower, the tolerances, the UV limit and (in the US) the Fahrenheit figures
beside the climate set points; the e-book ISBN beside the print ISBN, the first publication
and the catalogue date beside the publication date, the illustration count, the word count
and the trim size beside the page count, the other formats' prices beside the lead price,
the parent group beside the imprint, the translator, illustrator and foreword writer beside
the authors, and the rights already sold beside those available. Tracks, guests, chapters,
loaned objects and formats come as tables, numbered or bulleted lists, record cards or one
sentence each; the lists of strings (hosts, authors, display conditions, rights) are short
and distinct, and the last two may be empty. Booleans are as often negated as stated ("no
explicit content", "no ads in this episode", "no transcript yet", "no courier required",
"not illustrated").
"""
from __future__ import annotations

import datetime as dt

from .. import fields as F
from .. import layout as L
from ..assemble import Draft
from ..doc import Doc, Path
from ..kit import Kit
from ..surface import says


def _series(doc: Doc, path: Path, values: list[str], last: str = " and ", sep: str = ", ") -> Doc:
    return L.series(doc, path, values, last, sep)


def _series_cell(path: Path, values: list[str], last: str = " & ") -> L.Cell:
    """The same series as one key-value cell."""
    return L.join(*(L.join(L.cell("" if i == 0 else last if i == len(values) - 1 else ", "),
                           L.cell(v, path + (i,))) for i, v in enumerate(values)))


def _strings(kit: Kit, doc: Doc, key: str, values: list[str], label: str, none: str) -> None:
    L.string_list(doc, kit.rng, key, values, label, none, ["- ", "* ", "\u2022 "])


def _clock(seconds: int, hours: bool = False) -> str:
    """A running time or timestamp: "3:45", "12:30", "1:02:45"."""
    h, rest = divmod(seconds, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h or hours else f"{m}:{s:02d}"


BAND_WORDS = (["Velvet", "Paper", "Northern", "Silver", "Hollow", "Electric", "Quiet", "Golden",
               "Midnight", "Glass", "Wild", "Neon"],
              ["Harbour", "Lanterns", "Foxes", "Tides", "Satellites", "Orchard", "Machines",
               "Rivers", "Arcade", "Comets", "Owls", "Parade"])
ALBUMS = ["Northbound", "Static Bloom", "Low Light Hours", "The Long Weekend", "Salt & Signal",
          "Second Summer", "Paper Moons", "Slow Motion City", "Afterglow Club", "Weather Systems",
          "Open Water", "Kitchen Radio", "Far From the Coast", "Blue Hour Sessions"]
SONGS = ["Waking Up in Colour", "Motorway Lights", "Hold the Line", "Paper Planes", "Cold Coffee",
         "All the Way Home", "Fireflies", "Undertow", "Telephone Wire", "Sunday Best", "Glasshouse",
         "Stay a While", "Northern Line", "Heartbeat Radio", "Lost & Found", "Satellite Town",
         "Summer Rain", "Driftwood", "Echoes", "Little Victories", "Wildflowers", "Midnight Train",
         "Open Window", "Slow Dancer", "Gold Rush", "Weightless", "Harbour Song", "Last Call"]
LABEL_WORDS = ["Lighthouse", "Blue Fox", "Tin Can", "Half Moon", "Riverside", "Greenroom", "Static"]
RELEASE_FORMATS = {   # format: ways a release sheet states it
    "vinyl": ("12-inch vinyl LP", "2 x LP, 180 g black vinyl", "Vinyl LP in gatefold sleeve"),
    "cd": ("CD in jewel case", "Compact disc (digipak)", "CD album, 1 disc"),
    "digital": ("Digital download and streaming", "Digital only (24-bit/96 kHz)",
                "Digital album, all platforms"),
    "cassette": ("Cassette, limited edition", "MC tape, 300 copies", "Cassette album")}
CAT_SUFFIX = {"vinyl": "LP", "cd": "CD", "digital": "DIG", "cassette": "MC"}
ALBUM_FIELDS = [
    F.text("artist", "Artist", ("Main artist or band of the release (not a featured artist).",
                                "Who the album is by."), "artist_name", "band"),
    F.text("album_title", "Album title", "Title of the release (not a track or the lead single).",
           "title", "release_title"),
    F.text("label", "Record label", "Label releasing the album (not the distributor).",
           "record_label", "label_name"),
    F.date("release_date", "Release date",
           ("Date the album comes out (not a recording date or the single's date).",
            "Street date of the release."), "released_on", "street_date"),
    F.text("catalogue_number", "Catalogue number", "Label's catalogue number (not the barcode).",
           "catalog_number", "cat_no", keep=0.8),
    F.text("producer", "Producer", "Who produced the album, if credited (not the engineer).",
           "produced_by", optional=True, keep=0.6),
    F.items("tracks", "Tracks", ("Each track in running order.", "The track list of the release."), [
        F.text("title", "Title", "Track title.", "track_title", "name"),
        F.text("duration", "Duration", "Running time of the track as written (m:ss).", "length",
               "time", keep=0.8),
        F.text("featured_artist", "Featured artist",
               "Guest artist credited on the track (feat.), if any; not a writer.", "featuring",
               "feat", optional=True, keep=0.5),
    ], "tracklist", "songs"),
    F.text("total_running_time", "Total running time",
           "Length of the whole release as stated, if given (not a track's).", "total_time",
           "runtime", optional=True, keep=0.5),
    F.choice("format", "Format", "Physical or digital format of this release.",
             list(RELEASE_FORMATS), "release_format", "medium", keep=0.7),
    F.flag("explicit", "Explicit", "Whether the release carries an explicit-content advisory.",
           "parental_advisory", "explicit_content"),
]


def album_tracklist(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    fmt, out = rng.choice(list(RELEASE_FORMATS)), kit.day()
    people = kit.names(6)
    artist = (f"{'The ' if kit.chance(0.4) else ''}{rng.choice(BAND_WORDS[0])} "
              f"{rng.choice(BAND_WORDS[1])}" if kit.chance(0.6) else people[5])
    guests, (producer, engineer, mastering) = people[:2], people[2:5]
    tracks, secs, features = [], [], rng.choice([0.0, 0.0, 0.25, 0.5])
    for title in rng.sample(SONGS, rng.randint(2, 9)):
        secs.append(rng.randint(105, 420))
        tracks.append({"title": title, "duration": _clock(secs[-1]),
                       "featured_artist": rng.choice(guests) if kit.chance(features) else None})
    n, total = len(tracks), sum(secs)
    label = (f"{rng.choice([fake.last_name(), rng.choice(LABEL_WORDS)])} "
             f"{rng.choice(['Records', 'Recordings', 'Music', 'Sound'])}")
    initials = "".join(c for c in label if c.isupper())[:3]
    cat = (f"{initials if len(initials) > 1 else 'REC'}{rng.choice(['', '-', ' '])}"
           f"{rng.randint(1, 450):03d}{CAT_SUFFIX[fmt] if kit.chance(0.6) else ''}")
    explicit = kit.chance(0.4)
    facts = {"artist": artist, "album_title": rng.choice(ALBUMS), "label": label,
             "release_date": out.isoformat(), "catalogue_number": cat,
             "producer": producer if kit.chance(0.8) else None, "tracks": tracks,
             "total_running_time": kit.maybe(_clock(total), 0.6), "format": fmt,
             "explicit": explicit}
    album = facts["album_title"]
    us = kit.locale == "en_US"
    digits = "".join(str(rng.randint(0, 9)) for _ in range(12 if us else 13))
    barcode = digits if kit.chance(0.5) else (f"{digits[0]} {digits[1:6]} {digits[6:11]} {digits[11:]}"
                                               if us else f"{digits[0]} {digits[1:7]} {digits[7:]}")
    barcode_label = "UPC" if us else rng.choice(["EAN", "Barcode"])
    recorded = out - dt.timedelta(days=rng.randint(120, 420))
    single = out - dt.timedelta(days=rng.randint(14, 70))
    k = rng.randrange(n)
    lead = tracks[k]["title"]
    fmt_text = rng.choice(RELEASE_FORMATS[fmt])
    distributor = fake.company()
    if kit.chance(0.55):
        doc.line(rng.choice(["RELEASE SHEET", "New release", "Label copy", "Product information"]))
        rows = [("Artist", L.cell(artist, ("artist",))), ("Title", L.cell(album, ("album_title",))),
                ("Label", L.cell(label, ("label",))),
                (rng.choice(["Cat. no.", "Catalogue no.", "Cat#"]), L.cell(cat, ("catalogue_number",))),
                (barcode_label, L.cell(barcode)), ("Format", L.cell(fmt_text)),
                (rng.choice(["Release date", "Street date", "Released"]),
                 kit.date_cell(("release_date",), out))]
        rows += [("Distribution", L.cell(distributor))] * kit.chance(0.6)
        L.kv(doc.line(), rng, rows)
        doc.add("Lead single: \"").add(lead).add("\" (out ")
        kit.date(doc, None, single).line(")")
    else:       # a label's announcement
        doc.line(rng.choice(["PRESS RELEASE", "For immediate release", "Release announcement"]))
        doc.line().put(("label",), label).add(rng.choice([" is proud to announce ", " presents "]))
        doc.put(("album_title",), album).add(", the new album by ").put(("artist",), artist)
        kit.date(doc.add(", released on "), ("release_date",), out).add(". It follows the single \"")
        kit.date(doc.add(lead).add("\", out since "), None, single).line(".")
        L.kv(doc.line(), rng, [("Format", L.cell(fmt_text)),
                               ("Cat. no.", L.cell(cat, ("catalogue_number",))),
                               (barcode_label, L.cell(barcode))]
             + [("Distributed by", L.cell(distributor))] * kit.chance(0.6),
             rng.choice(["colon", "aligned", "dots"]))
    doc.line()
    kit.pad(doc)
    vinyl, zero = fmt == "vinyl", kit.chance(0.4)
    half = (n + 1) // 2
    nums = ([f"A{i + 1}" if i < half else f"B{i + 1 - half}" for i in range(n)] if vinyl
            else [f"{i + 1:02d}" if zero else str(i + 1) for i in range(n)])
    surnames = list(dict.fromkeys(fake.last_name() for _ in range(4)))
    writers = ["/".join(rng.sample(surnames, rng.randint(1, min(2, len(surnames)))))
               for _ in tracks]
    style = rng.choice(["table", "list", "prose"])
    if style == "table":
        credited = kit.chance(0.5)
        L.table(doc, rng, ["Side" if vinyl else "No.", "Title", "Featuring"]
                + ["Writers"] * credited + ["Time"], [
            [L.cell(nums[i]), L.cell(t["title"], ("tracks", i, "title")),
             L.cell(t["featured_artist"], ("tracks", i, "featured_artist")) if t["featured_artist"]
             else L.cell("-")]
            + [L.cell(writers[i])] * credited
            + [L.cell(t["duration"], ("tracks", i, "duration"))] for i, t in enumerate(tracks)])
    elif vinyl and kit.chance(0.5):
        doc.line("Tracklisting")
    for i, t in enumerate(tracks):
        at = ("tracks", i)
        if style == "list":      # "A2. Paper Planes (feat. X) ..... 3:45"
            if vinyl and i in (0, half):
                doc.line(f"Side {'A' if i == 0 else 'B'}")
            doc.add(f"{nums[i]}. ").put(at + ("title",), t["title"])
            if t["featured_artist"]:
                doc.add(" (feat. ").put(at + ("featured_artist",), t["featured_artist"]).add(")")
            doc.add(" ..... ").put(at + ("duration",), t["duration"])
            doc.line(f"  [{writers[i]}]" if kit.chance(0.3) else "")
        elif style == "prose":   # "Track 2, "Paper Planes", runs 3:45 and features X."
            doc.add(f"Track {i + 1}, \"").put(at + ("title",), t["title"]).add("\", runs ")
            doc.put(at + ("duration",), t["duration"])
            if t["featured_artist"]:
                doc.add(" and features ").put(at + ("featured_artist",), t["featured_artist"])
            doc.line(f" (written by {writers[i]}).")
    doc.line()
    if facts["total_running_time"]:
        doc.add(rng.choice(["Total running time: ", "Total time: ", f"{n} tracks, total "]))
        doc.put(("total_running_time",), facts["total_running_time"]).line()
    kit.pad(doc)
    doc.add(f"Recorded at {fake.last_name()} Studios, {fake.city()}, from ")
    kit.date(doc, None, recorded).add(" to ")
    kit.date(doc, None, recorded + dt.timedelta(days=rng.randint(5, 40))).line(".")
    if facts["producer"]:
        doc.add("Produced by ").put(("producer",), producer).line()
    doc.line(f"Engineered by {engineer}").line(f"Mastered by {mastering}")
    explicit_text = says(rng, explicit, ("Parental Advisory: explicit content",
                                         "Explicit lyrics - edit needed for daytime airplay.",
                                         "Contains explicit language."),
                         ("Clean: no explicit content.", "No explicit lyrics; radio-friendly as is.",
                          "Parental advisory: not required"))
    doc.line().line(explicit_text)
    if kit.chance(0.5):
        doc.add(f"\u2117 & \u00a9 {out.year} ").put(("label",), label).line()
    kit.pad(doc)
    return Draft(("Album release sheet", "Track list", "Music release information"), ALBUM_FIELDS,
                 facts, doc, {("format",): fmt_text, ("explicit",): explicit_text})


SHOWS = ["The Curious Commute", "Deep Dive Weekly", "Small Print", "Field Notes", "Second Opinion",
         "Margin Notes", "Slow News Day", "The Long Table", "Signal & Noise", "Common Ground",
         "Night Shift Radio", "Borrowed Ideas"]
SUBJECTS = ["urban beekeeping", "sleep science", "the four-day week", "container shipping",
            "vintage synthesizers", "public libraries", "lab-grown meat", "night trains",
            "rewilding", "the housing crisis", "chess engines", "sourdough", "space debris"]
EPISODE_TITLES = ["Why {s} matters", "The truth about {s}", "What we got wrong about {s}",
                  "A beginner's guide to {s}", "Inside {s}", "Is {s} overrated?"]
CHAPTERS = (["Intro", "Cold open", "Welcome back"],      # (openers, middle parts, closers)
            ["How it started", "The numbers", "Listener questions", "Myths and misconceptions",
             "A bit of history", "The guest's story", "Mailbag", "The big debate",
             "Lightning round"],
            ["Our verdict", "What comes next", "Where to learn more", "Wrap-up"])
ROLES = ["economist", "sleep researcher", "novelist", "former diplomat", "urban planner",
         "marine biologist", "chef and author", "software engineer", "historian",
         "union organiser", "data journalist", "retired astronaut"]
PODCAST_FIELDS = [
    F.text("show", "Show", "Name of the podcast (not the network or the episode).", "podcast",
           "show_name"),
    F.integer("episode_number", "Episode number",
              ("Number of this episode (not the season or another episode's number).",
               "Episode number as shown."), "episode", "ep_number"),
    F.integer("season", "Season", "Season or series number, if given.", "season_number",
              optional=True, keep=0.5),
    F.text("episode_title", "Episode title", "Title of this episode (not the show or a chapter).",
           "title", "episode_name"),
    F.date("publish_date", "Publish date",
           "Date the episode was published (not the recording date).", "published_on",
           "release_date"),
    F.text("duration", "Duration", "Running time of the episode as written (not a chapter time).",
           "length", "runtime", keep=0.8),
    F.strings("hosts", "Hosts", "The show's hosts on this episode (not guests or producers).",
              "host_names", "presenters"),
    F.items("guests", "Guests", ("Each guest on the episode; empty when there are none.",
                                 "Who joins the hosts this week."), [
        F.text("name", "Name", "Guest's name.", "guest_name"),
        F.text("role", "Role", "Who the guest is (job or background), as introduced.",
               "description", "affiliation", keep=0.8),
    ], "guest_list", "featured_guests"),
    F.items("chapters", "Chapters", ("Chapter markers or topics in order.",
                                     "Topics covered, with the time each starts."), [
        F.text("title", "Title", "Chapter title or topic.", "topic", "name"),
        F.text("start", "Start", "Timestamp where the chapter starts, as written.", "timestamp",
               "start_time", keep=0.7),
    ], "topics", "segments"),
    F.text("sponsor", "Sponsor", "Sponsor of the episode; null when none is named (not the network).",
           "sponsored_by", "advertiser", optional=True, keep=0.7),
    F.flag("ad_free", "Ad-free", "Whether the episode is free of ads.", "no_ads", "is_ad_free"),
    F.flag("transcript_available", "Transcript available",
           "Whether a transcript of the episode is published.", "has_transcript", keep=0.6),
]


def podcast_episode(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    published, number = kit.day(), rng.randint(2, 260)
    people = kit.names(8)
    hosts = people[:rng.choice([1, 2, 2])]
    guests = [{"name": name, "role": role} for name, role in
              zip(people[2:5], rng.sample(ROLES, rng.choice([0, 1, 1, 1, 2, 3])))]
    producer, editor = people[5:7]
    length = rng.randint(1500, 5600)
    minutes = kit.chance(0.25)
    weights = [rng.uniform(1, 3) for _ in range(rng.randint(3, 7))]
    usable, marks = length - rng.randint(60, 240), []
    for w in weights[:-1]:     # chapter starts spread over the episode, a minute or more apart
        marks.append(int((marks[-1] if marks else 0) + w / sum(weights) * usable))
    hours = length >= 3600 and kit.chance(0.3)
    middle = len(marks) - 1 if kit.chance(0.6) else len(marks)
    titles = ([rng.choice(CHAPTERS[0])] + rng.sample(CHAPTERS[1], middle)
              + [rng.choice(CHAPTERS[2])] * (len(marks) - middle))
    chapters = [{"title": title, "start": _clock(at, hours)} for title, at in zip(titles, [0] + marks)]
    subject = rng.choice(SUBJECTS)
    ad_free = kit.chance(0.45)
    season = rng.randint(1, 9) if kit.chance(0.6) else None
    episode_title = rng.choice(EPISODE_TITLES).format(s=subject)
    if kit.chance(0.4):         # "Why The Four-day Week Matters"
        episode_title = " ".join(w[:1].upper() + w[1:] for w in episode_title.split())
    facts = {"show": rng.choice(SHOWS), "episode_number": number, "season": season,
             "episode_title": episode_title,
             "publish_date": published.isoformat(),
             "duration": f"{round(length / 60)} min" if minutes else _clock(length),
             "hosts": hosts, "guests": guests, "chapters": chapters,
             "sponsor": None if ad_free else kit.maybe(fake.company(), 0.75), "ad_free": ad_free,
             "transcript_available": kit.chance(0.5)}
    network = f"{fake.last_name()} Audio"
    recorded = published - dt.timedelta(days=rng.randint(2, 30))
    doc.put(("show",), facts["show"]).line(f" | a {network} podcast" if kit.chance(0.5) else "")
    if kit.chance(0.5):         # a show page: "Season 2 · Episode 47: Title"
        if season:
            kit.count(doc.add("Series " if kit.locale == "en_GB" else "Season "), ("season",), season)
            doc.add(" \u00b7 ")
        kit.count(doc.add(rng.choice(["Episode ", "Ep. ", "#"])), ("episode_number",), number)
        doc.add(": ").put(("episode_title",), facts["episode_title"]).line()
        kit.date(doc, ("publish_date",), published).add(" \u00b7 ")
        doc.put(("duration",), facts["duration"]).line().line()
    else:                       # the producer's episode metadata
        doc.line(rng.choice(["Episode details", "EPISODE INFO", "Show notes"])).line()
        rows = [("Season", kit.count_cell(("season",), season))] if season else []
        rows += [("Episode", kit.count_cell(("episode_number",), number)),
                 ("Title", L.cell(facts["episode_title"], ("episode_title",))),
                 (rng.choice(["Published", "Release date", "Publish date"]),
                  kit.date_cell(("publish_date",), published)),
                 ("Recorded", kit.date_cell(None, recorded)),
                 (rng.choice(["Duration", "Length", "Runtime"]),
                  L.cell(facts["duration"], ("duration",))),
                 ("Host" if len(hosts) == 1 else "Hosts", _series_cell(("hosts",), hosts)),
                 ("Producer", L.cell(producer))]
        L.kv(doc, rng, rows)
        doc.line()
    kit.pad(doc)
    if ("hosts", 0) in doc.spans:       # the hosts are in the metadata already
        doc.add(f"This week we look at {subject}")
    else:
        _series(doc, ("hosts",), hosts).add(f" {'looks' if len(hosts) == 1 else 'look'} at {subject}")
    if guests and kit.chance(0.5):      # the guests in the same sentence
        for i, g in enumerate(guests):
            doc.add(" with " if i == 0 else " and " if i == len(guests) - 1 else ", ")
            doc.put(("guests", i, "name"), g["name"]).add(", ")
            doc.put(("guests", i, "role"), g["role"])
        doc.line(".")
    else:
        doc.line(".")
        if guests:
            doc.line(rng.choice(["Guests:", "In this episode:", "Joining us:"]))
            for i, g in enumerate(guests):
                sep = rng.choice([" - ", ", ", " ("])
                doc.add("- ").put(("guests", i, "name"), g["name"]).add(sep)
                doc.put(("guests", i, "role"), g["role"]).line(")" if sep == " (" else "")
        else:
            doc.line(rng.choice(["No guest this week.", "Just us this time, no guests."]))
    doc.line()
    style = rng.choice(["table", "list", "prose"])
    if style == "table":
        L.table(doc, rng, ["Time", "Chapter"], [
            [L.cell(c["start"], ("chapters", i, "start")), L.cell(c["title"], ("chapters", i, "title"))]
            for i, c in enumerate(chapters)])
    elif style == "list":       # "(12:30) The numbers" or "12:30 - The numbers"
        doc.line(rng.choice(["Chapters", "Timestamps:", "In this episode"]))
        paren = kit.chance(0.5)
        for i, c in enumerate(chapters):
            doc.add("(" if paren else "").put(("chapters", i, "start"), c["start"])
            doc.add(") " if paren else " - ").put(("chapters", i, "title"), c["title"]).line()
    else:                       # "Topics: Intro (00:00), The numbers (12:30) and Wrap-up (41:02)."
        doc.add(rng.choice(["Topics: ", "We cover "]))
        for i, c in enumerate(chapters):
            doc.add("" if i == 0 else " and " if i == len(chapters) - 1 else ", ")
            doc.put(("chapters", i, "title"), c["title"]).add(" (")
            doc.put(("chapters", i, "start"), c["start"]).add(")")
        doc.line(".")
    doc.line()
    kit.pad(doc)
    ad_text = says(rng, ad_free, ("No ads in this episode.", "This episode is ad-free, thanks to "
                                  "our members.", "Ad-free episode"),
                   ("This episode contains advertising.", "Includes paid promotion.",
                    "Ads: pre-roll and mid-roll"))
    doc.line(ad_text)
    if facts["sponsor"]:
        doc.add(rng.choice(["Sponsored by ", "Thanks to our sponsor ", "Today's sponsor: "]))
        doc.put(("sponsor",), facts["sponsor"]).line()
    transcript_text = says(rng, facts["transcript_available"],
                           ("Transcript available on our website.",
                            "Read the full transcript at the link below."),
                           ("No transcript for this episode yet.",
                            "Transcripts are not available for this episode."))
    doc.line(transcript_text).line()
    doc.line(f"Produced by {producer}, edited by {editor}")
    if kit.chance(0.6):
        kit.count(doc.add("Previously: episode "), None, number - 1).add(". ")
        kit.date(doc.add("Next episode out "), None, published + dt.timedelta(days=7)).line(".")
    kit.pad(doc)
    return Draft(("Podcast episode", "Episode show notes", "Podcast episode metadata"),
                 PODCAST_FIELDS, facts, doc,
                 {("ad_free",): ad_text, ("transcript_available",): transcript_text})


LOAN_WORKS = [   # (title, medium, on paper or light-sensitive)
    ("Still Life with Lemons", "Oil on canvas", False), ("Portrait of a Young Woman",
    "Oil on panel", False), ("View of the Harbour", "Oil on canvas", False),
    ("Study of Hands", "Red chalk on paper", True), ("Winter Landscape", "Watercolour on paper", True),
    ("The Reader", "Etching", True), ("Vase of Peonies", "Oil on canvas", False),
    ("Fishing Boats at Dawn", "Gouache on paper", True), ("Seated Figure", "Bronze", False),
    ("Bowl with Blue Glaze", "Stoneware", False), ("Untitled (Red)", "Acrylic on canvas", False),
    ("Evening Walk", "Pastel on paper", True), ("Street at Night", "Gelatin silver print", True),
    ("Tea Bowl", "Porcelain", False), ("Standing Woman", "Marble", False),
    ("Garden Gate", "Oil on board", False)]
SOLIDS = ("Bronze", "Stoneware", "Porcelain", "Marble")     # measured by height alone
EXHIBITIONS = (["Light and Shadow", "Facing the Sea", "Quiet Rooms", "After Nature",
                "The Painted Garden", "Lines of Sight", "Paper Worlds", "Close to Home"],
               ["Dutch Drawings 1600-1700", "Portraits from the North", "Women Printmakers",
                "Studio Ceramics", "Impressionist Landscapes", "Photographs of the City",
                "Art and the Everyday"])
DISPLAY = ["Display in a locked case", "No flash photography", "Barrier at 1 m",
           "No direct sunlight", "Away from entrances and vents", "Gloves for all handling",
           "Do not reframe or remount", "Condition check on arrival"]
INDEMNITY = {"en_GB": "Government Indemnity Scheme", "en_US": "federal Arts and Artifacts Indemnity",
             "de_DE": "Staatsgarantie (state indemnity)", "fr_FR": "garantie de l'\u00c9tat"}
LOAN_FIELDS = [
    F.text("loan_reference", "Loan reference",
           "Reference number of the loan agreement (not the insurance policy).", "agreement_number",
           "loan_number", keep=0.7),
    F.text("lender", "Lender", "Institution or collector lending the objects.", "lending_institution",
           "owner"),
    F.text("borrower", "Borrower", "Institution borrowing the objects.", "borrowing_institution",
           "borrowing_venue"),
    F.text("exhibition_title", "Exhibition", "Title of the exhibition the objects are lent for.",
           "exhibition", "show_title"),
    F.date("loan_start", "Loan start",
           ("First day of the loan period (not the exhibition's opening).",
            "Date the loan begins."), "loan_from", "period_start"),
    F.date("loan_end", "Loan end", "Last day of the loan period (not the exhibition's closing).",
           "loan_until", "period_end"),
    F.items("objects", "Objects", ("Each object lent, as listed in the schedule.",
                                   "The works covered by the loan."), [
        F.text("accession_number", "Accession number", "Lender's accession or inventory number.",
               "inventory_number", "object_number"),
        F.text("title", "Title", "Title of the object.", "object_title", "name"),
        F.text("artist", "Artist or maker", "Who made the object, if known.", "maker",
               optional=True, keep=0.5),
        F.number("insured_value", "Insured value",
                 "Value the object is insured for (not its date or dimensions).", "insurance_value",
                 "value"),
    ], "schedule", "works"),
    F.number("total_insured_value", "Total insured value",
             "Sum insured for all the objects, if stated (not one object's value).", "total_value",
             optional=True, keep=0.5),
    F.flag("courier_required", "Courier required",
           "Whether a courier from the lender must accompany the objects.", "courier",
           "needs_courier"),
    F.number("temperature_c", "Temperature (\u00b0C)",
             "Required temperature set point in degrees Celsius (not the tolerance).",
             "temperature", keep=0.7),
    F.number("relative_humidity", "Relative humidity (%)",
             "Required relative humidity set point in percent (not the tolerance).", "rh",
             "humidity", keep=0.7),
    F.integer("max_lux", "Maximum light level (lux)", "Highest light level allowed, if stated.",
              "light_level", "lux", optional=True, keep=0.6),
    F.strings("display_conditions", "Display conditions",
              "Further conditions of display or handling.", "conditions", "special_conditions",
              keep=0.6),
]


def museum_loan(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    start = kit.day()
    end = start + dt.timedelta(days=rng.randint(90, 400))
    opens = start + dt.timedelta(days=rng.randint(7, 21))       # the exhibition, inside the loan
    closes = end - dt.timedelta(days=rng.randint(7, 21))
    signed = start - dt.timedelta(days=rng.randint(60, 240))
    lender = rng.choice([f"{fake.city()} Museum of Art", f"The {fake.last_name()} Collection",
                         f"{fake.last_name()} Foundation", f"{fake.city()} City Gallery"])
    borrower = f"{fake.city()} {rng.choice(['Kunsthalle', 'Art Museum', 'Museum', 'Gallery'])}"
    if borrower == lender:
        borrower = f"{borrower} of Modern Art"
    works = rng.sample(LOAN_WORKS, rng.randint(1, 6))
    prefix, scheme = "".join(rng.sample("ABCDEFGHKLMNPRSTW", 2)), rng.choice(["dotted", "code", "year"])
    makers = [fake.name() for _ in range(3)]
    objects, numbers, made = [], rng.sample(range(1, 999), len(works)), []
    for (title, medium, paper), k in zip(works, numbers):
        made.append(rng.randint(1620, 1990))
        year = rng.randint(max(made[-1] + 1, 1900), 2022)
        acc = {"dotted": f"{year}.{k}", "code": f"{prefix} {k + 1000}",
               "year": f"{prefix}.{year}.{k:03d}"}[scheme]
        objects.append({"accession_number": acc, "title": title,
                        "artist": rng.choice(makers) if kit.chance(0.75) else None,
                        "insured_value": float(rng.randint(5, 1500) * 1000)})
    paper = any(w[2] for w in works)
    temp, rh = float(rng.choice([18, 19, 20, 21])), float(rng.choice([45, 50, 50, 52, 55]))
    reference = f"{rng.choice(['L', 'LN', 'IN'])}-{start.year}-{rng.randint(1, 299):03d}"
    facts = {"loan_reference": reference,
             "lender": lender, "borrower": borrower,
             "exhibition_title": f"{rng.choice(EXHIBITIONS[0])}: {rng.choice(EXHIBITIONS[1])}",
             "loan_start": start.isoformat(), "loan_end": end.isoformat(), "objects": objects,
             "total_insured_value": kit.maybe(sum(o["insured_value"] for o in objects), 0.6)
             if len(objects) > 1 else None,
             "courier_required": kit.chance(0.5), "temperature_c": temp, "relative_humidity": rh,
             "max_lux": (50 if paper else rng.choice([150, 200])) if paper or kit.chance(0.5) else None,
             "display_conditions": rng.sample(DISPLAY, rng.choice([0, 0, 1, 2, 3, 4]))}
    policy = f"{rng.choice(['FA', 'POL', 'NW'])}{rng.randint(100000, 999999)}"
    title = facts["exhibition_title"]
    if kit.chance(0.5):
        doc.line(rng.choice(["INCOMING LOAN RECORD", "Loan agreement - summary", "Outgoing loan"]))
        rows = [("Loan no.", L.cell(facts["loan_reference"], ("loan_reference",))),
                ("Lender", L.cell(lender, ("lender",))), ("Borrower", L.cell(borrower, ("borrower",))),
                ("Exhibition", L.cell(title, ("exhibition_title",))),
                ("Exhibition dates", L.join(kit.date_cell(None, opens), L.cell(" - "),
                                            kit.date_cell(None, closes))),
                ("Loan period", L.join(kit.date_cell(("loan_start",), start), L.cell(" to "),
                                       kit.date_cell(("loan_end",), end))),
                ("Agreement signed", kit.date_cell(None, signed))]
        L.kv(doc.line(), rng, rows)
    else:       # the opening clause of the agreement
        doc.add("LOAN AGREEMENT ").put(("loan_reference",), facts["loan_reference"]).line().line()
        kit.date(doc.add("This agreement, dated "), None, signed).add(", is made between ")
        doc.put(("lender",), lender).add(" (the Lender) and ").put(("borrower",), borrower)
        doc.add(" (the Borrower) for the loan of the objects in Schedule 1 to the exhibition \"")
        doc.put(("exhibition_title",), title).add("\", open to the public from ")
        kit.date(doc, None, opens).add(" until ")
        kit.date(doc, None, closes).add(". The loan period runs from ")
        kit.date(doc, ("loan_start",), start).add(" to ")
        kit.date(doc, ("loan_end",), end).line(", wall to wall.")
    doc.line()
    kit.pad(doc)

    def dims(medium: str, paper: bool) -> str:
        if medium in SOLIDS:      # a bowl is small, a statue is not
            small = medium in ("Stoneware", "Porcelain")
            return f"H {rng.randint(6, 40) if small else rng.randint(30, 180)} cm"
        h, w = (rng.randint(12, 60), rng.randint(10, 50)) if paper else (rng.randint(25, 180),
                                                                         rng.randint(20, 160))
        return f"{h} x {w} cm"

    details = [(f"c. {y}" if y < 1900 and kit.chance(0.5) else str(y), w[1], dims(w[1], w[2]))
               for w, y in zip(works, made)]
    style = rng.choice(["table", "numbered", "cards"])
    if style == "table":
        L.table(doc, rng, ["Acc. no.", "Object", "Artist", "Date", "Dimensions", "Insured value"], [
            [L.cell(o["accession_number"], ("objects", i, "accession_number")),
             L.cell(o["title"], ("objects", i, "title")),
             L.cell(o["artist"], ("objects", i, "artist")) if o["artist"] else L.cell("Unknown"),
             L.cell(details[i][0]), L.cell(details[i][2]),
             kit.money_cell(("objects", i, "insured_value"), o["insured_value"])]
            for i, o in enumerate(objects)])
    else:
        doc.line(rng.choice(["Schedule 1 - Objects", "Objects lent", "SCHEDULE OF OBJECTS"]))
    for i, o in enumerate(objects):
        at, (made, medium, size) = ("objects", i), details[i]
        if style == "numbered":  # "1. 1987.45 - X, Still Life with Lemons, c. 1650. Oil ... Value: ..."
            doc.add(f"{i + 1}. ").put(at + ("accession_number",), o["accession_number"]).add(" - ")
            if o["artist"]:
                doc.put(at + ("artist",), o["artist"]).add(", ")
            doc.put(at + ("title",), o["title"]).add(f", {made}. {medium}, {size}. Insured value: ")
            kit.money(doc, at + ("insured_value",), o["insured_value"]).line()
        elif style == "cards":   # one record card per object
            doc.line(f"Object {i + 1}")
            doc.add("  Accession no.: ").put(at + ("accession_number",), o["accession_number"]).line()
            doc.add("  Title: ").put(at + ("title",), o["title"]).line(f" ({made})")
            doc.add("  Maker: ")
            doc.put(at + ("artist",), o["artist"]).line() if o["artist"] else doc.line("unknown")
            doc.line(f"  Medium and size: {medium}, {size}")
            kit.money(doc.add("  Value for insurance: "), at + ("insured_value",),
                      o["insured_value"]).line()
    doc.line()
    if facts["total_insured_value"] is not None:
        kit.money(doc.add("Total insured value: "), ("total_insured_value",),
                  facts["total_insured_value"]).line()
    cover = INDEMNITY[kit.locale] if kit.chance(0.4) else "commercial fine-art policy"
    doc.line(f"Insurance: nail to nail, under the {cover}; policy no. {policy}.").line()
    kit.pad(doc)
    tol_t, tol_rh = rng.choice([1, 2]), rng.choice([3, 5])
    fahrenheit = kit.locale == "en_US" and kit.chance(0.6)

    def temp_cell() -> L.Cell:
        c = L.join(kit.count_cell(("temperature_c",), int(temp)),
                   L.cell(f" \u00b0C \u00b1 {tol_t} \u00b0C"))
        return L.join(c, L.cell(f" ({round(temp * 9 / 5 + 32)} \u00b0F)")) if fahrenheit else c

    rh_cell = L.join(kit.count_cell(("relative_humidity",), int(rh)),
                     L.cell(f" % RH \u00b1 {tol_rh} %"))
    lux = facts["max_lux"]
    if kit.chance(0.5):
        rows = [("Temperature", temp_cell()), ("Relative humidity", rh_cell)]
        if lux:
            rows.append(("Light", L.join(L.cell("max. "), kit.count_cell(("max_lux",), lux),
                                         L.cell(" lux"))))
        rows.append(("UV", L.cell("below 75 \u00b5W/lm")))
        doc.line(rng.choice(["Environmental conditions", "CLIMATE REQUIREMENTS",
                             "Conditions of display"]))
        L.kv(doc, rng, rows, rng.choice(["colon", "aligned", "dots"]))
    else:
        L.write(doc.add("The objects are to be kept at "), temp_cell()).add(" and ")
        L.write(doc, rh_cell)
        if lux:
            kit.count(doc.add(", with light levels not above "), ("max_lux",), lux).add(" lux")
        doc.line(".")
    _strings(kit, doc, "display_conditions", facts["display_conditions"],
             rng.choice(["Special conditions", "Display conditions", "The Lender requires"]),
             rng.choice(["No special conditions.", "Special conditions: none"]))
    courier_text = says(rng, facts["courier_required"],
                        ("A courier from the Lender will accompany the objects in both directions.",
                         "Courier required: yes, one courier on each journey."),
                        ("No courier required.", "Courier: not required; the objects travel with "
                                                 "the fine-art shipper."))
    doc.line().line(courier_text).line()
    doc.line(f"For the Lender: {fake.name()}, Registrar")
    doc.line(f"For the Borrower: {fake.name()}, Registrar")
    kit.pad(doc)
    return Draft(("Museum loan agreement", "Object loan record", "Exhibition loan"), LOAN_FIELDS,
                 facts, doc, {("courier_required",): courier_text})


BOOK_TITLES = ["The Glass Orchard", "A Short History of Salt", "Night Ferry", "Small Mercies",
               "The Cartographer's Daughter", "What the River Knows", "Winter Hours",
               "The Weight of Light", "Notes from a Lighthouse", "The Quiet Economy",
               "Feeding the City", "Paper Birds", "The Last Lamplighter", "Under the Pylons"]
SUBTITLES = ["A Novel", "A Natural History", "Essays on Work and Rest", "Stories",
             "How Cities Learned to Eat", "A Memoir", "Travels on Foot"]
AUDIENCES = {"adult": ("Readership: general adult", "Adult trade"),
             "young adult": ("Young adult, 14+", "Readership: teen / YA"),
             "children": ("Children's, ages 7-11", "For readers aged 8 and up")}
GENRES = {"adult": ["Literary fiction", "Crime & thriller", "Popular science", "History", "Memoir",
                    "Nature writing"],
          "young adult": ["YA fantasy", "YA contemporary"],
          "children": ["Middle-grade adventure", "Children's non-fiction"]}
BINDINGS = {"en_US": {"hb": "Hardcover", "pb": "Paperback", "eb": "E-book", "ab": "Audiobook"},
            "en_GB": {"hb": "Hardback", "pb": "Paperback", "eb": "Ebook", "ab": "Audio download"},
            "de_DE": {"hb": "Gebunden", "pb": "Taschenbuch", "eb": "E-Book", "ab": "H\u00f6rbuch"},
            "fr_FR": {"hb": "Reli\u00e9", "pb": "Broch\u00e9", "eb": "Num\u00e9rique",
                      "ab": "Livre audio"}}
PRICES = {"hb": (16, 30), "pb": (8, 15), "eb": (4, 12), "ab": (12, 25)}
RIGHTS = ["German", "French", "Italian", "Spanish", "Dutch", "Japanese", "Korean",
          "Brazilian Portuguese", "Polish", "Swedish", "Audio", "Film & TV", "Large print"]
ISBN_GROUP = {"en_US": "1", "en_GB": "1", "de_DE": "3", "fr_FR": "2"}
BOOK_FIELDS = [
    F.text("title", "Title", "Title of the book (without the subtitle).", "book_title"),
    F.text("subtitle", "Subtitle", "Subtitle, if any.", "sub_title", optional=True, keep=0.5),
    F.strings("authors", "Authors", ("Author(s) of the book (not the translator or illustrator).",
                                     "Who wrote the book."), "author_names", "writers"),
    F.text("translator", "Translator", "Who translated the book, if it is a translation.",
           "translated_by", optional=True, keep=0.5),
    F.text("isbn", "ISBN", "ISBN-13 of the lead print edition (not the e-book's).", "isbn13",
           "isbn_13"),
    F.integer("pages", "Pages", "Number of pages (extent); not the number of illustrations.",
              "page_count", "extent"),
    F.number("price", "Price", "Recommended retail price of the lead edition.", "rrp",
             "list_price", minimum=0),
    F.date("publication_date", "Publication date",
           ("Publication date of this edition (not the original's first publication).",
            "Date the book is published."), "pub_date", "published_on"),
    F.text("imprint", "Imprint", "Imprint publishing the book (not the parent group).",
           "imprint_name", "publishing_imprint"),
    F.items("formats", "Formats", ("Each format or edition offered, with its price.",
                                   "The editions available."), [
        F.text("format", "Format", "Binding or format of the edition.", "binding", "edition"),
        F.number("price", "Price", "Retail price of that format.", "rrp", "retail_price"),
    ], "editions", "available_formats"),
    F.strings("rights_available", "Rights available",
              "Rights or territories still available for licensing (not those already sold).",
              "available_rights", "rights", keep=0.7),
    F.flag("illustrated", "Illustrated", "Whether the book contains illustrations.",
           "is_illustrated", "has_illustrations"),
    F.choice("audience", "Audience", "Readership the book is published for.", list(AUDIENCES),
             "readership", "age_group", keep=0.5),
]


def _isbn(rng, group: str, publisher: str) -> str:
    """A valid ISBN-13, hyphenated: 978-group-publisher-title-check."""
    size = 9 - len(group) - len(publisher)
    title = str(rng.randint(0, 10 ** size - 1)).zfill(size)
    digits = "978" + group + publisher + title
    check = (10 - sum(int(d) * (3 if i % 2 else 1) for i, d in enumerate(digits)) % 10) % 10
    return f"978-{group}-{publisher}-{title}-{check}"


def book_catalogue(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    audience = rng.choice(["adult", "adult", "adult", "young adult", "children"])
    published = kit.day()
    people = kit.names(6)
    authors = people[:rng.choice([1, 1, 1, 2, 3])]
    translated = kit.chance(0.3)
    illustrated = kit.chance(0.8 if audience == "children" else 0.35)
    words = BINDINGS[kit.locale]
    lead = rng.choice(["hb", "hb", "pb"])
    kinds = [lead] + rng.sample([k for k in ("pb", "eb", "ab") if k != lead], rng.randint(0, 2))
    formats = [{"format": words[k],
                "price": float(rng.randint(*PRICES[k])) + rng.choice([0.0, 0.99, 0.5])} for k in kinds]
    group, publisher = ISBN_GROUP[kit.locale], str(rng.randint(10, 99999))
    isbns = [_isbn(rng, group, publisher) for _ in kinds]
    if kit.chance(0.3):
        isbns = [i.replace("-", "") for i in isbns]
    imprint_word = rng.choice([fake.last_name(), rng.choice(["Harbour", "Kestrel", "Lantern",
                                                             "Meridian", "Juniper", "Saltmarsh"])])
    imprint = f"{imprint_word} {rng.choice(['Press', 'Books', 'Editions', '& Co.'])}"
    source = rng.choice(["Norwegian", "Italian", "Japanese", "Polish"])
    own = {"de_DE": "German", "fr_FR": "French"}.get(kit.locale, "US")
    offered = [r for r in RIGHTS if r not in (source, own)]
    available = rng.sample(offered, rng.choice([0, 1, 2, 3, 4]))
    sold = rng.sample([r for r in offered if r not in available], rng.choice([0, 1, 2, 3]))
    short = audience == "children" and kit.chance(0.5)
    pages = rng.randint(4, 24) * 8 if short else rng.randint(24, 64) * 8
    facts = {"title": rng.choice(BOOK_TITLES),
             "subtitle": rng.choice(SUBTITLES) if audience == "adult" and kit.chance(0.5) else None,
             "authors": authors, "translator": people[4] if translated else None, "isbn": isbns[0],
             "pages": pages, "price": formats[0]["price"], "publication_date": published.isoformat(),
             "imprint": imprint, "formats": formats, "rights_available": available,
             "illustrated": illustrated, "audience": audience}
    illustrator, foreword = people[3], people[5]
    plates = rng.randint(8, 120)
    ill_text = says(rng, illustrated,
                    (f"With {plates} colour illustrations.", "Illustrated throughout in full colour.",
                     f"Includes {plates} black-and-white photographs."),
                    ("Not illustrated.", "Text only, no illustrations.", "No plates or illustrations."))
    aud_text = rng.choice(AUDIENCES[audience])
    doc.put(("imprint",), imprint).add(f" | {rng.choice(['Spring', 'Autumn', 'Summer', 'Winter'])}")
    doc.line(f" catalogue {published.year}").line()
    kit.pad(doc)
    doc.put(("title",), facts["title"])
    if facts["subtitle"]:
        doc.add(": " if kit.chance(0.5) else "\n").put(("subtitle",), facts["subtitle"])
    doc.line().line()
    _series(doc.add(rng.choice(["by ", "", "Written by "])), ("authors",), authors).line()
    if translated:
        doc.add(f"Translated from the {source} by ")
        doc.put(("translator",), facts["translator"]).line()
    if illustrated and kit.chance(0.5):
        doc.line(f"Illustrated by {illustrator}")
    if kit.chance(0.3):
        doc.line(f"With a foreword by {foreword}")
    genre = rng.choice(GENRES[audience])
    doc.line().line(f"{genre}. A {rng.choice(['moving', 'sharp', 'generous', 'gripping', 'witty'])} "
                    f"book about {rng.choice(SUBJECTS)}, from an author "
                    f"{rng.choice(['critics adore', 'booksellers champion', 'to watch'])}.").line()
    original = published - dt.timedelta(days=rng.randint(400, 4000))
    size = rng.choice(["234 x 153 mm", "198 x 129 mm", "216 x 138 mm", "250 x 200 mm"])
    extent = L.join(kit.count_cell(("pages",), pages), L.cell(rng.choice([" pp", " pages"])))
    price = kit.money_cell(("price",), formats[0]["price"])
    if kit.chance(0.55):
        rows = [("ISBN", L.cell(isbns[0], ("isbn",))), ("Format", L.cell(formats[0]["format"])),
                ("Extent", extent), ("Size", L.cell(size)), ("Price", price),
                ("Publication date", kit.date_cell(("publication_date",), published)),
                ("Imprint", L.cell(imprint, ("imprint",))),
                ("Category", L.cell(genre)), ("Audience", L.cell(aud_text))]
        if len(kinds) > 1 and kinds[1] == "eb" and kit.chance(0.6):
            rows.insert(1, ("e-ISBN", L.cell(isbns[1])))
        L.kv(doc, rng, rows)
    else:       # one bibliographic line, as trade catalogues print it
        doc.add(f"{formats[0]['format']} \u00b7 ")
        L.write(doc, extent).add(" \u00b7 ISBN ").put(("isbn",), isbns[0]).add(" \u00b7 ")
        L.write(doc, price).add(" \u00b7 Pub. ")
        kit.date(doc, ("publication_date",), published).line()
        doc.put(("imprint",), imprint).add(", an imprint of ")
        doc.line(f"{rng.choice([fake.last_name(), 'Northgate', 'Atlas'])} Publishing Group")
        doc.line(f"{genre} | {size} | {aud_text}")
    words_count = round(pages * rng.randint(220, 330), -3)
    kit.count(doc.add("Approx. "), None, words_count).line(" words.")
    if translated or kit.chance(0.3):
        kit.date(doc.add("First published "), None, original)
        doc.line(" in the original edition." if translated else f" by {fake.company()}.")
    doc.line(ill_text).line()
    kit.pad(doc)
    style = rng.choice(["table", "list", "prose"])
    if style == "table":
        L.table(doc, rng, ["Format", "ISBN", "Price"], [
            [L.cell(f["format"], ("formats", i, "format")),
             L.cell(isbns[i], ("isbn",)) if i == 0 else L.cell(isbns[i]),
             kit.money_cell(("formats", i, "price"), f["price"])] for i, f in enumerate(formats)])
    elif style == "list":
        doc.line(rng.choice(["Available formats:", "Editions", "Also available"]))
        for i, f in enumerate(formats):
            doc.add("- ").put(("formats", i, "format"), f["format"]).add(": ")
            kit.money(doc, ("formats", i, "price"), f["price"]).line(f" (ISBN {isbns[i]})" if i else "")
    else:
        doc.add(rng.choice(["Available as ", "Editions: "]))
        for i, f in enumerate(formats):
            doc.add("" if i == 0 else " and " if i == len(formats) - 1 else ", ")
            doc.put(("formats", i, "format"), f["format"]).add(" at ")
            kit.money(doc, ("formats", i, "price"), f["price"])
        doc.line(".")
    doc.line()
    _strings(kit, doc, "rights_available", available,
             rng.choice(["Rights available", "Available rights", "Rights on offer"]),
             rng.choice(["Rights available: none at present.", "All subsidiary rights sold."]))
    if sold:
        doc.line(f"Rights sold: {', '.join(sold)}")
    kit.pad(doc)
    return Draft(("Book catalogue entry", "Publisher's catalogue entry", "Title information sheet"),
                 BOOK_FIELDS, facts, doc, {("illustrated",): ill_text, ("audience",): aud_text})
