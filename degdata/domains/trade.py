"""Buying, shipping, growing and hiring: auction sale catalogues, freight forwarding rate
quotes, farm harvest logs and equipment hire contracts.

Each carries numbers beside the one asked for: the opening bids, the premium including tax, a
lower premium tier, the tax rate and the online surcharge beside a catalogue's estimates and
buyer's premium; the cargo weight and volume, a rate per kilo, the free days at destination,
the days the rates hold and an exchange rate beside a quote's charges and transit days; the
gross and tare weights, the field area, the yield per hectare and the average moisture beside
a harvest's net load weights, moistures and total yield; the weekly rates, the line totals,
the hire days and the waiver rate beside a hire contract's daily rates, quantities and
deposit. Values of the same kind sit beside each other too: the viewing days and the payment
deadline beside the sale date, the specialist beside the auctioneer; the enquiry reference
beside the quote number, the quote date and the cargo-ready date beside the validity date,
the carrier beside the forwarder, the pickup place and the transhipment port beside the
ports; the drilling date, a load's date and the print date beside the harvest dates, the farm
manager beside the combine operator; the account number beside the contract number, the
contract date beside the hire period, the depot beside the site. Lines come as tables,
bulleted or numbered lists, or one sentence each; the lists of strings (payment methods,
costs not covered, machines used, accessories supplied) may be empty. Booleans are as often
negated as stated ("no live online bidding", "insurance not included", "not certified
organic", "delivery not included", "damage waiver declined").
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


def _strings(kit: Kit, doc: Doc, key: str, values: list[str], label: str, none: str) -> None:
    L.string_list(doc, kit.rng, key, values, label, none, ["- ", "* ", "• "])


def _places(x: float) -> int:
    return 0 if float(x).is_integer() else 1 if float(x * 10).is_integer() else 2


def _pct_text(kit: Kit, x: float) -> str:
    """A percentage without trailing zeros, in the document's number style ("22.5", "22,5")."""
    return kit.style.decimal(x, _places(x))


def _pct_cell(kit: Kit, path: Path | None, x: float) -> L.Cell:
    return L.join(L.cell(_pct_text(kit, x), path), L.cell("%"))


def _whole(kit: Kit, path: Path | None, n: float) -> L.Cell:
    """A whole amount of money ("£1,500", "1500 €"; a catalogue's estimates): only the number
    is gold."""
    before, _, after = kit.money_text(1.0)
    return L.join(L.cell(before), L.cell(kit.style.integer(int(n)), path), L.cell(after))


def _range(kit: Kit, low: tuple[Path | None, float], high: tuple[Path | None, float],
           dash: str) -> L.Cell:
    """Two whole amounts: "£200-300" and "200-300 €" with a bare dash (one currency mark),
    "£200 - £300" or "200 € to 300 €" otherwise."""
    before, _, after = kit.money_text(1.0)
    lo, hi = (L.cell(kit.style.integer(int(x)), path) for path, x in (low, high))
    if dash == "-":
        return L.join(L.cell(before), lo, L.cell("-"), hi, L.cell(after))
    return L.join(L.cell(before), lo, L.cell(after + dash + before), hi, L.cell(after))


def _street(kit: Kit) -> str:
    """A street address without a flat or suite ("12 Mill Lane", "Lindenstraße 4")."""
    number, street = kit.fake.building_number(), kit.fake.street_name()
    return f"{street} {number}" if kit.locale == "de_DE" else f"{number} {street}"


def _money_text(kit: Kit, x: float) -> str:
    before, number, after = kit.money_text(x)
    return before + number + after


# ---- auction catalogue ----------------------------------------------------------------------

SALES = {   # sale title: lots (description, a guide to the low estimate)
    "Silver and Objects of Vertu": [
        ("George III silver teapot", 400), ("Pair of Victorian candlesticks", 300),
        ("Silver card case, 1858", 150), ("Art Deco cocktail shaker", 200),
        ("Set of twelve fish knives", 120), ("Georgian sugar tongs", 60),
        ("Enamel snuff box", 350), ("Silver-gilt christening mug", 180)],
    "Clocks, Watches and Instruments": [
        ("Mahogany longcase clock", 1200), ("Brass carriage clock", 300),
        ("Omega Seamaster wristwatch", 900), ("Gold pocket chronometer", 700),
        ("Ship's aneroid barometer", 250), ("Brass microscope, cased", 400),
        ("French gilt mantel clock", 500), ("Rolex Oyster Precision", 2000)],
    "Modern and Contemporary Prints": [
        ("Screenprint, signed in pencil", 800), ("Lithograph, numbered 12/75", 500),
        ("Woodcut after Hokusai", 300), ("Etching, artist's proof", 400),
        ("Exhibition poster, framed", 150), ("Linocut, signed and dated", 600),
        ("Set of four colour aquatints", 1000), ("Giclee print, edition of 50", 200)],
    "Antique Furniture and Works of Art": [
        ("Regency rosewood sofa table", 1500), ("Oak coffer, 17th century", 800),
        ("Walnut bureau bookcase", 2000), ("Pair of bergere armchairs", 1200),
        ("Gilt-framed pier mirror", 600), ("Painted pine dresser", 400),
        ("Marble bust of a lady", 3000), ("Persian Heriz carpet", 900)],
    "Asian Art": [
        ("Blue and white ginger jar", 500), ("Famille rose charger", 800),
        ("Carved jade belt hook", 1500), ("Bronze censer with lid", 1200),
        ("Satsuma vase, Meiji period", 400), ("Lacquer writing box", 700),
        ("Cloisonne enamel bowl", 300), ("Pair of celadon dishes", 600)],
    "Toys, Models and Posters": [
        ("Tinplate clockwork tram", 150), ("Boxed O gauge locomotive", 400),
        ("Teddy bear, circa 1910", 600), ("Die-cast car collection", 100),
        ("Railway travel poster", 300), ("Dolls' house with furniture", 250),
        ("Boxed lead soldiers", 80), ("Film poster, first release", 500)],
    "Fine Wine and Spirits": [
        ("Chateau Margaux 1996, one bottle", 300), ("Twelve bottles of vintage port", 600),
        ("Single malt whisky, 25 years", 400), ("Six magnums of Barolo", 700),
        ("Champagne, case of six", 350), ("Cognac, Napoleon decanter", 250),
        ("Mixed case of Burgundy", 500), ("Sauternes 2001, half-case", 200)]}
BANDS = [(40, 60), (50, 80), (60, 80), (80, 120), (100, 150), (150, 200), (200, 300),
         (300, 500), (400, 600), (500, 700), (600, 800), (800, 1200), (1000, 1500), (1200, 1800),
         (1500, 2000), (2000, 3000), (3000, 5000), (4000, 6000), (5000, 8000), (8000, 12000),
         (10000, 15000), (15000, 25000)]
PREMIUMS = {   # locale: (premium rates, the tax on the premium, its rates)
    "en_GB": ((22.5, 24.0, 25.0, 26.0, 28.0), "VAT", (20.0,)),
    "en_US": ((20.0, 25.0, 26.0, 28.0), "sales tax", (6.0, 7.25, 8.25)),
    "de_DE": ((22.0, 25.0, 27.0, 30.0), "VAT (MwSt.)", (19.0,)),
    "fr_FR": ((20.0, 25.0, 27.0, 30.0), "VAT (TVA)", (20.0,))}
PLATFORMS = {"en_GB": ("the-saleroom.com", "easyliveauction.com"),
             "en_US": ("LiveAuctioneers", "Invaluable", "Bidsquare"),
             "de_DE": ("Lot-tissimo", "Invaluable"), "fr_FR": ("Drouot Live", "Interencheres")}
PAYMENTS = ["Bank transfer", "Debit card", "Credit card", "Cash", "Cheque", "PayPal"]
AUCTION_FIELDS = [
    F.text("auction_house", "Auction house", "Auctioneers holding the sale.", "auction_company",
           "house_name"),
    F.text("sale_title", "Sale title", ("Title of the sale (not a lot description).",
                                        "Name of the auction."), "title", "sale_name"),
    F.text("sale_number", "Sale number", "Number or code of the sale, if given (not a lot number).",
           "sale_code", "sale_id", optional=True, keep=0.6),
    F.date("sale_date", "Sale date",
           ("Day of the auction (not a viewing day or the payment deadline).",
            "Date the sale is held."), "auction_date", "date"),
    F.text("venue", "Venue", "Saleroom where the sale is held; null for an online-only sale.",
           "location", "saleroom", optional=True, keep=0.6),
    F.text("auctioneer", "Auctioneer", "Person taking the sale, if named (not the specialist).",
           "auctioneer_name", optional=True, keep=0.5),
    F.items("lots", "Lots", ("Each lot offered, in catalogue order.", "The lots of the sale."), [
        F.text("lot_number", "Lot number", "Number of the lot.", "lot", "lot_no"),
        F.text("description", "Description", "What the lot is.", "item", "lot_title"),
        F.number("low_estimate", "Low estimate",
                 "Lower estimate (not the opening bid); null when the estimate is on request.",
                 "estimate_low", "min_estimate", optional=True),
        F.number("high_estimate", "High estimate", "Upper estimate, if printed.", "estimate_high",
                 "max_estimate", optional=True, keep=0.8),
    ], "catalogue", "items"),
    F.number("buyers_premium_pct", "Buyer's premium (%)",
             ("Buyer's premium in percent of the hammer price (not the rate including tax, a "
              "lower tier or an online surcharge).", "Premium rate charged to buyers, in percent."),
             "buyers_premium", "premium_rate", minimum=0),
    F.flag("online_bidding", "Online bidding", "Whether bidders can bid live online.",
           "live_online_bidding", "internet_bidding"),
    F.strings("payment_methods", "Payment methods", "Ways buyers may pay for their lots.",
              "accepted_payments", "payment_options", keep=0.6),
]


def _band(kit: Kit, guide: float) -> tuple[int, int]:
    """A catalogue estimate band near `guide`."""
    i = min(range(len(BANDS)), key=lambda k: abs(BANDS[k][0] - guide))
    return BANDS[max(0, min(len(BANDS) - 1, i + kit.pick([-1, 0, 0, 1])))]


def _house(kit: Kit) -> str:
    fake, rng = kit.fake, kit.rng
    return {"en_GB": rng.choice([f"{fake.last_name()} & {fake.last_name()} Auctioneers",
                                 f"{fake.city()} Salerooms",
                                 f"{fake.last_name()}'s Auction Rooms"]),
            "en_US": rng.choice([f"{fake.last_name()} Auction Gallery", f"{fake.city()} Auctions",
                                 f"{fake.last_name()} & Co. Auctioneers"]),
            "de_DE": rng.choice([f"Auktionshaus {fake.last_name()}",
                                 f"{fake.city()}er Kunstauktionen",
                                 f"{fake.last_name()} Auktionen"]),
            "fr_FR": rng.choice([f"Hôtel des ventes de {fake.city()}",
                                 f"{fake.last_name()} Enchères", f"Maison {fake.last_name()}"])
            }[kit.locale]


def auction_catalogue(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    title, pool = rng.choice(list(SALES.items()))
    sale = kit.day()
    rates, tax, tax_rates = PREMIUMS[kit.locale]
    premium, tax_rate, online = rng.choice(rates), rng.choice(tax_rates), kit.chance(0.5)
    lots, opening, number, suffixed = [], [], rng.choice([0, 0, 0, 99, 200, 300, 1000]), False
    for desc, guide in rng.sample(pool, rng.randint(2, 7)):
        if lots and not suffixed and kit.chance(0.1):     # a lot added late: "12A"
            lot, suffixed = f"{number}A", True
        else:
            number += rng.choice([1, 1, 1, 2, 3, 5])
            lot, suffixed = str(number), False
        low, high = _band(kit, guide * rng.choice([0.6, 1, 1, 1.5]))
        if low >= 1000 and kit.chance(0.35):          # a major lot: "estimate on request"
            lots.append({"lot_number": lot, "description": desc, "low_estimate": None,
                         "high_estimate": None})
            opening.append(None)
            continue
        lots.append({"lot_number": lot, "description": desc, "low_estimate": float(low),
                     "high_estimate": float(high)})
        step = 10 if low < 1000 else 100
        opening.append(max(step, int(low * rng.choice([0.5, 0.6, 0.7])) // step * step))
    city = fake.city()
    venue = rng.choice([f"{city} Saleroom", f"{_street(kit)}, {city}",
                        f"The {rng.choice(['Long', 'Old Corn', 'Assembly'])} Room, {city}"])
    only_online = online and kit.chance(0.3)
    facts = {"auction_house": _house(kit), "sale_title": title,
             "sale_number": kit.maybe(rng.choice([
                 str(rng.randint(100, 9999)), f"S{rng.randint(1000, 9999)}",
                 f"{sale.year % 100:02d}/{rng.randint(1, 48):02d}"]), 0.7),
             "sale_date": sale.isoformat(), "venue": None if only_online else venue,
             "auctioneer": kit.maybe(fake.name(), 0.5), "lots": lots,
             "buyers_premium_pct": premium, "online_bidding": online,
             "payment_methods": rng.sample(PAYMENTS, rng.choice([0, 0, 1, 2, 3, 4]))}
    hour = f"{rng.choice([10, 10, 11, 14, 18])}:{rng.choice(['00', '00', '30'])}"
    views = sorted({sale - dt.timedelta(days=d) for d in rng.sample([1, 2, 3, 4], 2)})
    specialist = fake.name()
    # -- cover: the house, the sale, the date, the viewing
    doc.put(("auction_house",), facts["auction_house"]).line()
    doc.line(fake.address().replace("\n", ", ")).line()
    if kit.chance(0.55):
        doc.put(("sale_title",), title).line().line()
        rows = []
        if facts["sale_number"]:
            rows.append((rng.choice(["Sale no.", "Sale", "Sale code"]),
                         L.cell(facts["sale_number"], ("sale_number",))))
        rows.append((rng.choice(["Date", "Sale date", "Auction"]),
                     L.join(kit.date_cell(("sale_date",), sale), L.cell(f", {hour}"))))
        rows.append((rng.choice(["Venue", "Location", "Saleroom"]),
                     L.cell(facts["venue"], ("venue",)) if facts["venue"]
                     else L.cell("Online only")))
        rows.append(("Viewing", L.join(kit.date_cell(None, views[0]), L.cell(" and "),
                                       kit.date_cell(None, views[1]))))
        if facts["auctioneer"]:
            rows.append(("Auctioneer", L.cell(facts["auctioneer"], ("auctioneer",))))
        L.kv(doc, rng, rows + [("Specialist", L.cell(specialist))])
    else:       # the sentences of a sale announcement
        doc.put(("auction_house",), facts["auction_house"]).add(" will offer ")
        doc.put(("sale_title",), title)
        if facts["sale_number"]:
            doc.add(" (sale ").put(("sale_number",), facts["sale_number"]).add(")")
        kit.date(doc.add(" on "), ("sale_date",), sale)
        doc.add(f" at {hour}")
        if facts["venue"]:
            doc.add(" at ").put(("venue",), facts["venue"]).line(".")
        else:
            doc.line(", online only.")
        kit.date(doc.add("The lots can be viewed on "), None, views[0]).add(" and ")
        kit.date(doc, None, views[1]).line(", 10am to 4pm.")
        if facts["auctioneer"]:
            doc.add("Auctioneer: ").put(("auctioneer",), facts["auctioneer"]).add(". ")
        doc.line(f"Enquiries: {specialist}, specialist.")
    doc.line()
    kit.pad(doc)
    # -- the lots
    style, show_open = rng.choice(["table", "entries", "bullets", "prose"]), kit.chance(0.4)
    dash = rng.choice(["-", " - ", " to "])

    def estimate(i: int) -> L.Cell:      # "£200-300", "£200 - £300", "£200 to £300"
        x = lots[i]
        if x["low_estimate"] is None:
            return L.cell("on request")
        return _range(kit, (("lots", i, "low_estimate"), x["low_estimate"]),
                      (("lots", i, "high_estimate"), x["high_estimate"]), dash)

    if style == "table":
        split = kit.chance(0.4)
        head = ["Lot", "Description"] + (["Low est.", "High est."] if split else ["Estimate"])
        L.table(doc, rng, head + ["Opening bid"] * show_open, [
            [L.cell(x["lot_number"], ("lots", i, "lot_number")),
             L.cell(x["description"], ("lots", i, "description"))]
            + (([_whole(kit, ("lots", i, "low_estimate"), x["low_estimate"]),
                 _whole(kit, ("lots", i, "high_estimate"), x["high_estimate"])]
                if x["low_estimate"] is not None else [L.cell("on request"), L.cell("-")])
               if split else [estimate(i)])
            + [_whole(kit, None, opening[i]) if opening[i] else L.cell("-")] * show_open
            for i, x in enumerate(lots)])
    for i, x in enumerate(lots if style != "table" else []):
        at = ("lots", i)
        if style == "entries":      # "12   Georgian sugar tongs\n     Estimate £60-80"
            doc.put(at + ("lot_number",), x["lot_number"]).add("   ")
            doc.put(at + ("description",), x["description"]).line()
            L.write(doc.add("     Estimate "), estimate(i))
            if show_open and opening[i]:
                L.write(doc.add("   (opening bid "), _whole(kit, None, opening[i])).add(")")
            doc.line().line()
        elif style == "bullets":    # "- Lot 12: Georgian sugar tongs (est. £60-80)"
            doc.add("- Lot ").put(at + ("lot_number",), x["lot_number"]).add(": ")
            L.write(doc.put(at + ("description",), x["description"]).add(" (est. "), estimate(i))
            doc.line(")")
        elif style == "prose":      # "Lot 12, Georgian sugar tongs, is estimated at £60 to £80"
            doc.add("Lot ").put(at + ("lot_number",), x["lot_number"]).add(", ")
            doc.put(at + ("description",), x["description"])
            if x["low_estimate"] is None:
                doc.line(", estimate on request.")
                continue
            L.write(doc.add(", is estimated at "), estimate(i))
            if show_open:
                L.write(doc.add("; bidding opens at "), _whole(kit, None, opening[i]))
            doc.line(".")
    doc.line()
    kit.pad(doc)
    # -- terms: the premium, online bidding, payment
    p_text, t_text = _pct_text(kit, premium), _pct_text(kit, tax_rate)
    form = rng.choice(["row", "inclusive", "tiered"])
    if form == "row":
        L.kv(doc, rng, [("Buyer's premium", L.join(_pct_cell(kit, ("buyers_premium_pct",), premium),
                                                   L.cell(f" plus {tax}"))),
                        (f"{tax[0].upper()}{tax[1:]}", L.cell(f"{t_text}% on the premium"))],
             rng.choice(["colon", "aligned", "dots"]))
    elif form == "inclusive":
        inclusive = round(premium * (1 + tax_rate / 100), 2)
        doc.add("A buyer's premium of ").put(("buyers_premium_pct",), p_text)
        doc.line(f"% of the hammer price ({_pct_text(kit, inclusive)}% including {tax}) is "
                 "payable on every lot.")
    else:
        threshold = rng.choice([100000, 250000, 500000])
        lower = int(premium) - rng.choice([4, 6, 8])
        doc.add("Buyers pay a premium of ").put(("buyers_premium_pct",), p_text)
        L.write(doc.add("% of the hammer price up to "), _whole(kit, None, threshold))
        doc.line(f" and {_pct_text(kit, lower)}% above that, plus {tax} at {t_text}%.")
    platform, surcharge = rng.choice(PLATFORMS[kit.locale]), rng.choice([3, 4, 5])
    online_text = says(rng, online, (f"Live online bidding via {platform} (surcharge {surcharge}% "
                                     "of the hammer price).", f"Bid live online at {platform}.",
                                     "Online bidding: available on every lot"),
                       ("No live online bidding: bids in the room, by telephone or by commission.",
                        "This sale is not offered for online bidding.", "Online bidding: none"))
    doc.line(online_text)
    _strings(kit, doc, "payment_methods", facts["payment_methods"],
             rng.choice(["We accept", "Payment methods", "Payment by"]),
             rng.choice(["Payment: see the conditions of sale.", "Payment methods: as agreed"]))
    paid_by = sale + dt.timedelta(days=rng.randint(5, 10))
    kit.date(doc.add("Lots must be paid for and collected by "), None, paid_by).line(".")
    kit.pad(doc)
    return Draft(("Auction catalogue", "Sale catalogue", "Auction sale"), AUCTION_FIELDS, facts,
                 doc, {("online_bidding",): online_text})


# ---- freight quote ---------------------------------------------------------------------------

HOME_PORTS = {   # locale: (sea ports, airports, road / rail points)
    "en_US": ([("Los Angeles", "USLAX"), ("Savannah", "USSAV"), ("Newark", "USEWR"),
               ("Houston", "USHOU")], [("Chicago O'Hare", "ORD"), ("New York JFK", "JFK"),
                                       ("Atlanta", "ATL")], ["Chicago", "Dallas", "Memphis"]),
    "en_GB": ([("Felixstowe", "GBFXT"), ("Southampton", "GBSOU"), ("London Gateway", "GBLGP")],
              [("London Heathrow", "LHR"), ("Manchester", "MAN")], ["Birmingham", "Daventry",
                                                                     "Leeds"]),
    "de_DE": ([("Hamburg", "DEHAM"), ("Bremerhaven", "DEBRV")], [("Frankfurt", "FRA"),
              ("Munich", "MUC")], ["Duisburg", "Nuremberg", "Leipzig"]),
    "fr_FR": ([("Le Havre", "FRLEH"), ("Marseille-Fos", "FRMRS")], [("Paris CDG", "CDG"),
              ("Lyon", "LYS")], ["Lyon", "Lille", "Orleans"])}
FAR_PORTS = ([("Shanghai", "CNSHA"), ("Ningbo", "CNNGB"), ("Singapore", "SGSIN"),
              ("Busan", "KRPUS"), ("Jebel Ali", "AEJEA"), ("Santos", "BRSSZ"),
              ("Nhava Sheva", "INNSA"), ("Durban", "ZADUR")],
             [("Hong Kong", "HKG"), ("Shanghai Pudong", "PVG"), ("Dubai", "DXB"),
              ("Singapore Changi", "SIN"), ("Mumbai", "BOM"), ("Sao Paulo", "GRU")])
ROAD_FAR = {"en_US": ["Toronto", "Montreal", "Monterrey"],
            "en_GB": ["Rotterdam", "Paris", "Milan", "Warsaw"],
            "de_DE": ["Milan", "Warsaw", "Barcelona", "Vienna", "Prague", "Rotterdam"],
            "fr_FR": ["Milan", "Barcelona", "Rotterdam", "Munich", "Antwerp"]}
RAIL_FAR = ["Xi'an", "Chongqing", "Chengdu", "Wuhan"]
HUBS = {"sea": ["Singapore", "Colombo", "Algeciras", "Tanjung Pelepas"], "air": ["Doha", "Dubai",
        "Istanbul"], "rail": ["Malaszewicze", "Brest"]}
MODES = {   # mode: (the written mode, transit days, carriers)
    "sea": (("Sea freight FCL, 1 x 40' HC", "Ocean freight, 1 x 20' DV", "Sea freight LCL",
             "FCL 2 x 40' HC by sea"), (18, 45),
            ("Maersk", "MSC", "CMA CGM", "Hapag-Lloyd", "ONE")),
    "air": (("Air freight, general cargo", "Airfreight (consolidation)", "Air express"), (2, 7),
            ("Lufthansa Cargo", "Cathay Cargo", "Qatar Airways Cargo", "Emirates SkyCargo")),
    "road": (("Road freight, full truck load", "Road groupage (LTL)", "Truck, 13.6 m curtainsider"),
             (1, 6), ()),
    "rail": (("Rail freight, 1 x 40' HC", "Block train, 1 x 40' HC"), (14, 24), ("DB Cargo",
             "RailGate"))}
CHARGES = {   # mode: (description, side: o = origin, m = main carriage, d = destination, lo, hi)
    "sea": [("Pickup to port", "o", 180, 650), ("Export customs clearance", "o", 45, 120),
            ("Origin THC", "o", 120, 320), ("Ocean freight", "m", 900, 4800),
            ("Bunker surcharge (BAF)", "m", 150, 600), ("Peak season surcharge", "m", 100, 500),
            ("Destination THC", "d", 150, 380), ("Import customs clearance", "d", 50, 140),
            ("Delivery to door", "d", 200, 700)],
    "air": [("Pickup", "o", 60, 220), ("Export declaration", "o", 35, 90),
            ("Air freight", "m", 400, 5200), ("Fuel surcharge", "m", 60, 900),
            ("Security screening", "m", 25, 120), ("Airport handling", "d", 40, 180),
            ("Import clearance", "d", 45, 130), ("Final delivery", "d", 70, 260)],
    "road": [("Collection", "o", 40, 150), ("Export declaration", "o", 30, 90),
             ("Line haul", "m", 450, 2600), ("Fuel surcharge", "m", 40, 300),
             ("Toll surcharge", "m", 20, 140), ("Tail-lift delivery", "d", 30, 90)],
    "rail": [("Pre-carriage by truck", "o", 250, 700), ("Documentation fee", "o", 35, 75),
             ("Rail freight", "m", 2800, 6200), ("Terminal handling", "d", 120, 300),
             ("Import clearance", "d", 50, 140), ("On-carriage by truck", "d", 250, 800)]}
CURRENCY_CODES = ("USD", "EUR", "GBP")
HOME_CURRENCY = {"en_US": "USD", "en_GB": "GBP", "de_DE": "EUR", "fr_FR": "EUR"}
BASIS = {"o": ("per shipment", "per B/L", "flat"), "d": ("per shipment", "flat")}
MAIN_BASIS = {"sea": ("per container", "per shipment"), "air": ("per shipment", "all-in"),
              "road": ("per truck", "per shipment"), "rail": ("per container",)}
COMMODITIES = ["Machine parts", "Ceramic tiles", "Flat-pack furniture", "Cotton garments",
               "Auto spare parts", "Bottled wine", "Consumer electronics", "Steel fittings",
               "Garden tools", "Cosmetics"]
FREIGHT_EXCLUSIONS = ["Duties and taxes", "Customs inspections", "Demurrage and detention",
                      "Storage", "Waiting time", "Fumigation", "Dangerous goods surcharge",
                      "Port congestion surcharges"]
FREIGHT_FIELDS = [
    F.text("forwarder", "Forwarder", "Freight forwarder giving the quote (not the carrier).",
           "forwarding_agent", "freight_forwarder"),
    F.text("customer", "Customer", "Company the quote is addressed to.", "client", "shipper",
           keep=0.6),
    F.text("quote_number", "Quote number",
           "Reference of the quote (not the customer's enquiry reference).", "quotation_ref",
           "offer_number"),
    F.date("quote_date", "Quote date", "Date the quote was issued (not the validity date).",
           "issued_on", "quotation_date", keep=0.5),
    F.date("valid_until", "Valid until",
           ("Last day the rates are valid (not the quote date or the cargo-ready date).",
            "Expiry date of the quoted rates."), "validity", "expiry_date"),
    F.text("origin", "Origin", ("Port, airport or terminal where the main carriage starts (not the "
                                "pickup place).", "Place of loading."), "origin_port",
           "port_of_loading"),
    F.text("destination", "Destination", "Port, airport or terminal where the main carriage ends "
           "(not a transhipment point or the final delivery place).", "destination_port",
           "port_of_discharge"),
    F.choice("mode", "Mode", "Mode of transport of the main carriage.", list(MODES),
             "transport_mode", "shipping_mode"),
    F.text("carrier", "Carrier", "Shipping line, airline or railway named, if any.",
           "shipping_line", "operator", optional=True, keep=0.5),
    F.text("commodity", "Commodity", "Goods to be shipped, if named.", "cargo", "goods",
           optional=True, keep=0.5),
    F.items("charges", "Charges", ("Each charge quoted.", "The cost lines of the quote."), [
        F.text("description", "Description", "What the charge is for.", "charge", "name"),
        F.number("amount", "Amount", "Amount of the charge (not a rate per kilo).", "price",
                 "value"),
        F.choice("currency", "Currency", "Currency of the charge.", CURRENCY_CODES,
                 "currency_code", keep=0.8),
    ], "cost_lines", "rates"),
    F.integer("transit_days", "Transit days",
              "Transit time in days (not the free days or the validity period).", "transit_time",
              "days_in_transit"),
    F.flag("insurance_included", "Insurance included", "Whether cargo insurance is included.",
           "insured", "includes_insurance"),
    F.strings("exclusions", "Exclusions", "Costs the quote does not cover.", "not_included",
              "excluded_costs", keep=0.6),
]


def freight_quote(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    mode = rng.choice(["sea", "air", "road"] + ["rail"] * (kit.locale != "en_US"))
    forms, (short, long), carriers = MODES[mode]
    mode_text = rng.choice(forms)
    home = HOME_PORTS[kit.locale]
    if mode == "rail":
        ends, codes = [rng.choice(RAIL_FAR), rng.choice(["Duisburg", "Hamburg", "Lodz"])], ["", ""]
    elif mode == "road":
        ends, codes = [rng.choice(home[2]), rng.choice(ROAD_FAR[kit.locale])], ["", ""]
    else:
        k = 0 if mode == "sea" else 1
        (near, near_code), (away, away_code) = rng.choice(home[k]), rng.choice(FAR_PORTS[k])
        ends, codes = [near, away], [near_code, away_code]
    export = mode != "rail" and kit.chance(0.5)     # rail comes from China, never goes there
    if mode != "rail" and not export:
        ends, codes = ends[::-1], codes[::-1]
    local, main = HOME_CURRENCY[kit.locale], "USD" if mode != "road" else HOME_CURRENCY[kit.locale]
    money = {"o": local if export else main, "m": main, "d": main if export else local}
    small = mode == "air" or "LCL" in mode_text           # a few pallets, not a full box
    weight = rng.randint(120, 1800) if small else rng.randint(800, 24000)
    pool = CHARGES[mode]
    picked = sorted(rng.sample(range(len(pool)), rng.randint(1, 6)))
    charges = [{"description": pool[j][0],
                "amount": round(weight * rng.uniform(2.2, 5.5), 2) if pool[j][0] == "Air freight"
                else kit.amount(pool[j][2], pool[j][3]), "currency": money[pool[j][1]]}
               for j in picked]
    sides = [pool[j][1] for j in picked]
    quoted = kit.day()
    valid = quoted + dt.timedelta(days=rng.choice([7, 14, 14, 30, 30, 45]))
    insured = kit.chance(0.5)
    trade_word = rng.choice(["Logistics", "Freight", "Shipping", "Cargo"])
    facts = {"forwarder": f"{fake.last_name()} {trade_word}" if kit.chance(0.6) else fake.company(),
             "customer": fake.company(),
             "quote_number": f"{rng.choice(['Q', 'QT-', 'FQ', 'OFF-'])}"
                             f"{rng.randint(10000, 999999)}",
             "quote_date": quoted.isoformat(), "valid_until": valid.isoformat(),
             "origin": ends[0], "destination": ends[1], "mode": mode,
             "carrier": rng.choice(carriers) if carriers and kit.chance(0.65) else None,
             "commodity": kit.maybe(rng.choice(COMMODITIES), 0.75), "charges": charges,
             "transit_days": rng.randint(short, long), "insurance_included": insured,
             "exclusions": rng.sample(FREIGHT_EXCLUSIONS, rng.choice([0, 0, 1, 2, 3]))}
    enquiry, ready = f"RFQ {rng.randint(100, 9999)}", kit.day(after=quoted, within=20)
    volume = round(weight / rng.uniform(170, 300 if mode == "air" else 450), 1)
    for box, most in (("20'", 28.0), ("1 x 40'", 66.0)):   # what the container holds
        volume = min(volume, most) if box in mode_text else volume
    code_first = kit.style.number_style in ("en", "plain") or kit.chance(0.3)
    evidence = {("mode",): mode_text}

    def point(i: int) -> Doc:       # "Hamburg (DEHAM)"
        key = ("origin", "destination")[i]
        doc.put((key,), ends[i])
        return doc.add(f" ({codes[i]})" if codes[i] else "")

    # -- heading and the route
    doc.put(("forwarder",), facts["forwarder"]).line().line(fake.address().replace("\n", ", "))
    doc.line().line(rng.choice(["RATE QUOTATION", "Freight quote", "Quotation", "OFFER"])).line()
    pickup = fake.city()
    hub = rng.choice(HUBS[mode]) if mode != "road" and kit.chance(0.4) else None
    if kit.chance(0.55):
        rows = [("Quote no.", L.cell(facts["quote_number"], ("quote_number",))),
                ("Your ref.", L.cell(enquiry)),
                ("Date", kit.date_cell(("quote_date",), quoted)),
                ("Customer", L.cell(facts["customer"], ("customer",))),
                ("Mode", L.cell(mode_text))]
        L.kv(doc, rng, rows)
        doc.line()
        doc.add(rng.choice(["Route: ", "Routing: "]))
        point(0).add(" -> " if kit.chance(0.5) else " to ")
        point(1)
        doc.line(f" via {hub}" if hub else "")
        doc.line(f"Pickup: {pickup}" if export else f"Final delivery: {pickup}")
    else:       # the forwarder's reply to an enquiry
        doc.add("To: ").put(("customer",), facts["customer"]).line()
        doc.add("Our ref.: ").put(("quote_number",), facts["quote_number"]).add("   Date: ")
        kit.date(doc, ("quote_date",), quoted).line().line()
        doc.line(f"Dear {fake.name()},").line()
        doc.add(f"Thank you for your enquiry {enquiry}. We are pleased to quote for your "
                "shipment from ")
        point(0).add(" to ")
        point(1).line(f"{' via ' + hub if hub else ''}, as follows.")
        doc.line(f"Mode: {mode_text}")
    doc.add("Cargo: ")
    if facts["commodity"]:
        doc.put(("commodity",), facts["commodity"]).add(", ")
    doc.add(f"{rng.randint(1, 24)} pallets, ")
    kit.count(doc, None, weight).add(" kg, ")
    kit.num(doc, None, volume, 1).add(" cbm; ready from ")
    kit.date(doc, None, ready).line(".")
    if facts["carrier"]:
        doc.add("Carrier: ").put(("carrier",), facts["carrier"]).line()
    doc.line()
    kit.pad(doc)
    # -- the charges
    style = rng.choice(["table", "grouped", "numbered", "prose"])
    basis = [rng.choice(BASIS[s] if s != "m" else MAIN_BASIS[mode]) for s in sides]
    for i, c in enumerate(charges):
        evidence[("charges", i, "currency")] = c["currency"]

    def amount(i: int) -> L.Cell:       # "USD 1,850.00" or "1.850,00 EUR"
        c = charges[i]
        number = kit.num_cell(("charges", i, "amount"), c["amount"])
        return L.join(L.cell(c["currency"] + " "), number) if code_first else \
            L.join(number, L.cell(" " + c["currency"]))

    if style == "table":
        L.table(doc, rng, ["Charge", "Basis", "Currency", "Amount"], [
            [L.cell(c["description"], ("charges", i, "description")), L.cell(basis[i]),
             L.cell(c["currency"]), kit.num_cell(("charges", i, "amount"), c["amount"])]
            for i, c in enumerate(charges)])
    heads = {"o": "Origin charges", "m": "Freight", "d": "Destination charges"}
    for i, c in enumerate(charges if style != "table" else []):
        at = ("charges", i)
        if style == "grouped":      # "Origin charges\n  * Origin THC: EUR 210.00 per container"
            if not i or sides[i] != sides[i - 1]:
                doc.line(heads[sides[i]])
            doc.add("  * ").put(at + ("description",), c["description"]).add(": ")
            L.write(doc, amount(i)).line(f" {basis[i]}")
        elif style == "numbered":   # "3. Ocean freight ...... USD 1,850.00"
            doc.add(f"{i + 1}. ").put(at + ("description",), c["description"]).add(" ...... ")
            L.write(doc, amount(i)).line()
        elif style == "prose":      # "Ocean freight comes to USD 1,850.00 per container."
            doc.put(at + ("description",), c["description"]).add(
                rng.choice([" comes to ", " is charged at ", ": "]))
            L.write(doc, amount(i)).line(f" {basis[i]}.")
    air = [c for c in charges if c["description"] == "Air freight"]
    if air:
        doc.add(f"Air freight rate: {air[0]['currency']} ")
        kit.num(doc, None, round(air[0]["amount"] / weight, 2)).line(" per kg chargeable weight")
    codes_used = list(dict.fromkeys(c["currency"] for c in charges))
    if len(codes_used) > 1 and kit.chance(0.5):
        fx = round(rng.uniform(0.78, 0.95), 4)
        doc.line(f"Exchange rate used: 1 USD = {kit.style.decimal(fx, 2)} "
                 f"{'EUR' if 'EUR' in codes_used else 'GBP'}")
    doc.line()
    kit.pad(doc)
    # -- transit, validity, insurance, exclusions
    free = rng.choice([5, 7, 10, 14, 21])
    rows = [(rng.choice(["Transit time", "Est. transit"]),
             L.join(kit.count_cell(("transit_days",), facts["transit_days"]), L.cell(" days"))),
            ("Valid until", kit.date_cell(("valid_until",), valid))]
    if mode == "sea":
        rows.append(("Free time at destination", L.cell(f"{free} days")))
    if kit.chance(0.5):
        L.kv(doc, rng, rows, rng.choice(["colon", "aligned", "dots", "pipe"]))
    else:
        kit.count(doc.add("Transit time is about "), ("transit_days",), facts["transit_days"])
        doc.add(" days")
        doc.add(f" port to port, with {free} free days at destination" if mode == "sea" else "")
        days = (valid - quoted).days
        kit.date(doc.add(f". Rates are valid for {days} days, until "), ("valid_until",), valid)
        doc.line(".")
    cover = kit.style.decimal(rng.choice([0.25, 0.3, 0.35, 0.45]), 2)
    ins_text = says(rng, insured, ("Cargo insurance included (110% of the invoice value).",
                                   "All-risk cargo insurance is included in the rates.",
                                   "Insurance: included"),
                    (f"Insurance not included; cover on request at {cover}% of the cargo value.",
                     "Cargo insurance is not included.", "Insurance: not covered"))
    doc.line(ins_text)
    _strings(kit, doc, "exclusions", facts["exclusions"],
             rng.choice(["Not included", "Excluded", "Rates exclude"]),
             rng.choice(["No other costs are excluded.", "Exclusions: none"]))
    kit.pad(doc.line().line(f"Kind regards,\n{fake.name()}, {rng.choice(['Sales', 'Pricing'])}"))
    evidence[("insurance_included",)] = ins_text
    return Draft(("Freight quote", "Freight rate quotation", "Forwarding quote"), FREIGHT_FIELDS,
                 facts, doc, evidence)


# ---- harvest log -----------------------------------------------------------------------------

CROPS = {   # locale: crops (name, varieties, moisture %, net t a trailer, harvest months,
            #                 drilling months, drilled the year before)
    "en_US": [("Corn", ("Pioneer P1197", "DKC 62-08", "NK 1082"), (15.0, 24.0), (18, 26), (9, 11),
               (4, 5), False),
              ("Soybeans", ("Asgrow AG36X6", "Pioneer P22T41"), (11.0, 15.0), (15, 24), (9, 10),
               (5, 6), False),
              ("Winter wheat", ("WB4595", "Zenda"), (12.0, 16.0), (16, 25), (6, 7), (9, 10), True)],
    "en_GB": [("Winter wheat", ("Skyfall", "Extase", "Champion"), (13.0, 18.0), (10, 16), (8, 9),
               (9, 10), True),
              ("Spring barley", ("Laureate", "Diablo"), (13.0, 17.0), (9, 14), (8, 9), (3, 4),
               False),
              ("Oilseed rape", ("Aurelia", "Campus"), (7.0, 11.0), (8, 13), (7, 8), (8, 9), True),
              ("Spring beans", ("Lynx", "Vertigo"), (14.0, 18.0), (10, 15), (8, 9), (2, 3), False)],
    "de_DE": [("Winter wheat", ("KWS Talent", "RGT Reform", "Asory"), (13.0, 17.5), (10, 18),
               (7, 8), (9, 10), True),
              ("Winter barley", ("KWS Higgins", "SU Hetti"), (12.5, 16.5), (9, 16), (7, 7), (9, 10),
               True),
              ("Oilseed rape", ("Avatar", "DK Exception"), (7.0, 10.5), (8, 14), (7, 8), (8, 9),
               True),
              ("Grain maize", ("LG 31.211", "P8834"), (22.0, 32.0), (14, 22), (9, 11), (4, 5),
               False)],
    "fr_FR": [("Soft wheat", ("Chevignon", "KWS Extase"), (13.0, 16.5), (10, 18), (7, 7), (10, 11),
               True),
              ("Durum wheat", ("Anvergur", "RGT Voilur"), (12.0, 15.0), (10, 17), (6, 7), (10, 11),
               True),
              ("Sunflower", ("ES Bella", "LG 50.455"), (7.0, 10.0), (7, 12), (9, 10), (4, 5),
               False),
              ("Grain maize", ("DKC 4814", "P9234"), (20.0, 30.0), (14, 22), (9, 11), (4, 5),
               False)]}
FIELD_NAMES = {"en_US": ["North 80", "Home Quarter", "River Bottom", "East Section", "West 40",
                         "Schoolhouse Field", "Creek Field"],
               "en_GB": ["Long Meadow", "Top Field", "Church Piece", "Mill Ground", "North Breck",
                         "Hollow Field", "Great Close", "Windmill Hill", "Clay Pits"],
               "de_DE": ["Am Mühlbach", "Großer Schlag", "Kirchacker", "Lange Wiese",
                         "Hinterm Dorf", "Sandfeld", "Am Galgenberg"],
               "fr_FR": ["Les Grands Champs", "La Croix", "Le Moulin", "Les Terres Blanches",
                         "La Garenne", "Le Pré Haut", "Les Vignes"]}
ORGANIC_BODY = {"en_US": "USDA Organic", "en_GB": "Soil Association", "de_DE": "DE-ÖKO-006",
                "fr_FR": "FR-BIO-01"}
MACHINES = ["Claas Lexion 760", "John Deere S790", "New Holland CR9.90", "Fendt Ideal 8",
            "Grain trailer 16 t", "Chaser bin", "Grain dryer", "Telehandler"]
HARVEST_FIELDS = [
    F.text("farm", "Farm", "Farm or holding the record belongs to.", "holding", "farm_name"),
    F.text("field", "Field", ("Field or plot harvested.", "Name or number of the field."),
           "plot", "field_name"),
    F.number("area_ha", "Area (ha)", "Area harvested in hectares (not the yield per hectare).",
             "hectares", "field_area", keep=0.5),
    F.text("crop", "Crop", "Crop harvested.", "crop_type", "commodity"),
    F.text("variety", "Variety", "Crop variety, if recorded.", "cultivar", optional=True, keep=0.6),
    F.date("harvest_start", "Harvest start",
           "First day of harvest on the field (not the drilling date).", "start_date",
           "harvest_started"),
    F.date("harvest_end", "Harvest end", "Last day of harvest; null while it is still under way.",
           "end_date", "harvest_finished", optional=True, keep=0.8),
    F.items("loads", "Loads", ("Each trailer load weighed off the field.",
                               "The loads of the harvest, in order."), [
        F.text("load_number", "Load number", "Load or weighbridge ticket number.", "ticket",
               "load_no"),
        F.number("weight_kg", "Net weight (kg)",
                 "Net weight of the load in kilograms (not the gross or tare weight).", "net_kg",
                 "weight"),
        F.number("moisture_pct", "Moisture (%)", "Moisture of the load in percent.", "moisture",
                 "moisture_content", keep=0.8),
    ], "trailer_loads", "weighings"),
    F.number("total_yield_t", "Total yield (t)",
             ("Total harvested from the field in tonnes (not the yield per hectare).",
              "Field total in tonnes."), "total_yield", "yield_tonnes", minimum=0),
    F.flag("organic", "Organic certified", "Whether the crop is certified organic.",
           "organic_certified", "is_organic"),
    F.text("operator", "Combine operator",
           "Who drove the combine, if recorded (not the farm manager).", "combine_driver",
           "harvested_by", optional=True, keep=0.5),
    F.strings("machinery", "Machinery", "Machines used for the harvest.", "equipment", "machines",
              keep=0.6),
]


def _farm(kit: Kit) -> str:
    fake, rng = kit.fake, kit.rng
    return {"en_US": rng.choice([f"{fake.last_name()} Farms", f"{fake.last_name()} Family Farm LLC",
                                 f"{fake.city()} Grain Co."]),
            "en_GB": rng.choice([f"{fake.last_name()} Farm", f"Manor Farm, {fake.city()}",
                                 f"{fake.last_name()} & Sons (Farming) Ltd"]),
            "de_DE": rng.choice([f"Hof {fake.last_name()}", f"Gut {fake.city()}",
                                 f"Landwirtschaft {fake.last_name()} GbR"]),
            "fr_FR": rng.choice([f"EARL {fake.last_name()}", f"GAEC de {fake.city()}",
                                 f"Ferme {fake.last_name()}"])}[kit.locale]


def harvest_log(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    crop, varieties, (dry, wet), (light, heavy), cut, sown, before = rng.choice(CROPS[kit.locale])
    year, finished = kit.day().year, kit.chance(0.75)
    started = dt.date(year, rng.randint(*cut), rng.randint(1, 28))
    drilled = dt.date(year - before, rng.randint(*sown), rng.randint(1, 28))
    days = rng.randint(0, 3)
    ended = started + dt.timedelta(days=days)
    n = rng.randint(1, 6)
    pattern = rng.choice(["seq", "ticket", "code"])
    first = rng.randint(1000, 89999)
    loads, gross, tare, when = [], [], [], []
    for k in range(n):
        net = rng.randint(light * 1000, heavy * 1000) // 10 * 10
        number = {"seq": str(k + 1), "ticket": str(first + k), "code": f"L{k + 1:02d}"}[pattern]
        loads.append({"load_number": number, "weight_kg": float(net),
                      "moisture_pct": round(rng.uniform(dry, wet), 1)})
        tare.append(rng.randint(560, 1050) * 10)
        gross.append(net + tare[-1])
        when.append(started + dt.timedelta(days=min(days, k * (days + 1) // n)))
    total = sum(x["weight_kg"] for x in loads)
    area = round(total / 1000 / rng.uniform(light / 3, heavy / 2.2), 2)
    area = max(area, 0.5)
    organic, name = kit.chance(0.5), rng.choice(FIELD_NAMES[kit.locale])
    facts = {"farm": _farm(kit),
             "field": rng.choice([name, f"Plot {rng.randint(1, 40)}",
                                  f"{name} ({rng.choice('ABCD')}{rng.randint(1, 9)})"]),
             "area_ha": area, "crop": crop, "variety": kit.maybe(rng.choice(varieties), 0.7),
             "harvest_start": started.isoformat(),
             "harvest_end": ended.isoformat() if finished else None, "loads": loads,
             "total_yield_t": round(total / 1000, 2), "organic": organic,
             "operator": kit.maybe(fake.name(), 0.6),
             "machinery": rng.sample(MACHINES, rng.choice([0, 0, 1, 2, 3]))}
    manager = fake.name()
    printed = (ended if finished else when[-1]) + dt.timedelta(days=rng.randint(1, 9))
    per_ha = round(facts["total_yield_t"] / area, 2)
    moist = round(sum(x["moisture_pct"] * x["weight_kg"] for x in loads) / total, 1)
    # -- the field record
    doc.line(rng.choice(["HARVEST RECORD", "Harvest log", "Field harvest sheet",
                         "Crop record: harvest"]))
    doc.put(("farm",), facts["farm"]).line().line()
    variety = facts["variety"]
    if kit.chance(0.55):
        rows = [(rng.choice(["Field", "Field / plot", "Parcel"]),
                 L.cell(facts["field"], ("field",))),
                ("Area", L.join(kit.num_cell(("area_ha",), area), L.cell(" ha"))),
                ("Crop", L.join(L.cell(crop, ("crop",)),
                                L.join(L.cell(" ("), L.cell(variety, ("variety",)), L.cell(")"))
                                if variety else ())),
                ("Drilled", kit.date_cell(None, drilled)),
                ("Harvest started", kit.date_cell(("harvest_start",), started)),
                ("Harvest finished", kit.date_cell(("harvest_end",), ended) if finished
                 else L.cell("in progress"))]
        if facts["operator"]:
            rows.append((rng.choice(["Combine driver", "Operator"]),
                         L.cell(facts["operator"], ("operator",))))
        L.kv(doc, rng, rows)
    else:       # the sentences of a field diary
        doc.add("Field ").put(("field",), facts["field"]).add(" (")
        kit.num(doc, ("area_ha",), area).add(" ha): ").put(("crop",), crop)
        if variety:
            doc.add(", variety ").put(("variety",), variety)
        kit.date(doc.add(", drilled "), None, drilled).line(".")
        kit.date(doc.add("Combining started on "), ("harvest_start",), started)
        if facts["operator"]:
            doc.add(", with ").put(("operator",), facts["operator"]).add(" on the combine")
        if finished and days:
            kit.date(doc.add("; finished on "), ("harvest_end",), ended).line(".")
        elif finished:
            kit.date(doc.add("; finished the same day ("), ("harvest_end",), ended).line(").")
        else:
            doc.line("; the field is not finished yet.")
    doc.line()
    kit.pad(doc)
    # -- the loads
    style = rng.choice(["table", "bullets", "numbered", "prose"])
    label = {"seq": "Load", "ticket": "Ticket", "code": "Load"}[pattern]
    if style == "table":
        show_tare = kit.chance(0.6)
        L.table(doc, rng, [label, "Date"] + ["Gross kg", "Tare kg"] * show_tare
                + ["Net kg", "Moisture %"], [
            [L.cell(x["load_number"], ("loads", i, "load_number")), kit.date_cell(None, when[i])]
            + [kit.count_cell(None, gross[i]), kit.count_cell(None, tare[i])] * show_tare
            + [kit.count_cell(("loads", i, "weight_kg"), int(x["weight_kg"])),
               kit.num_cell(("loads", i, "moisture_pct"), x["moisture_pct"], 1)]
            for i, x in enumerate(loads)])
    for i, x in enumerate(loads if style != "table" else []):
        at = ("loads", i)
        if style in ("bullets", "numbered"):    # "- Load 3: 12340 kg net at 14.2% (gross 21100 kg)"
            doc.add("- " if style == "bullets" else f"{i + 1}. ")
            doc.add(f"{label} ").put(at + ("load_number",), x["load_number"]).add(": ")
            kit.count(doc, at + ("weight_kg",), int(x["weight_kg"])).add(" kg net at ")
            kit.num(doc, at + ("moisture_pct",), x["moisture_pct"], 1).add("% (gross ")
            kit.count(doc, None, gross[i]).line(" kg)")
        else:       # "Ticket 40213 on 12 Aug 2024 weighed 12340 kg net, moisture 14.2%."
            doc.add(f"{label} ").put(at + ("load_number",), x["load_number"]).add(" on ")
            kit.date(doc, None, when[i]).add(" weighed ")
            kit.count(doc, None, gross[i]).add(" kg gross, ")
            kit.count(doc, at + ("weight_kg",), int(x["weight_kg"])).add(" kg net, moisture ")
            kit.num(doc, at + ("moisture_pct",), x["moisture_pct"], 1).line("%.")
    doc.line()
    kit.pad(doc)
    # -- totals, certification, machines
    if kit.chance(0.55):
        L.kv(doc, rng, [("Loads", kit.count_cell(None, n)),
                        ("Total harvested", L.join(kit.num_cell(("total_yield_t",),
                                                                facts["total_yield_t"]),
                                                   L.cell(" t"))),
                        ("Yield", L.join(kit.num_cell(None, per_ha), L.cell(" t/ha"))),
                        ("Average moisture", L.join(kit.num_cell(None, moist, 1), L.cell("%")))],
             rng.choice(["colon", "aligned", "dots", "pipe"]))
    else:
        kit.num(doc.add("In all "), ("total_yield_t",), facts["total_yield_t"])
        doc.add(" t came off the field so far, " if not finished else " t came off the field, ")
        kit.num(doc, None, per_ha).add(" t/ha at an average moisture of ")
        kit.num(doc, None, moist, 1).line("%.")
    body = ORGANIC_BODY[kit.locale]
    org_text = says(rng, organic, (f"Certified organic ({body}); keep apart from conventional "
                                   "grain.", "Organic status: certified",
                                   f"Organic crop, certified by {body}."),
                    ("Conventional crop, not certified organic.", "Organic status: none",
                     "Not organic: grown in the conventional rotation."))
    doc.line(org_text)
    _strings(kit, doc, "machinery", facts["machinery"], rng.choice(["Machinery", "Machines used"]),
             rng.choice(["Machinery: not recorded", "No machinery recorded."]))
    kit.date(doc.add(f"Checked by {manager} (farm manager), "), None, printed).line()
    kit.pad(doc)
    return Draft(("Harvest log", "Harvest record", "Field harvest record"), HARVEST_FIELDS, facts,
                 doc, {("organic",): org_text})


# ---- equipment rental ------------------------------------------------------------------------

KIT = [   # (item, daily rate guide, quantities)
    ("Mini excavator 1.5 t", 160, (1,)), ("Tracked dumper 1 t", 95, (1,)),
    ("Scissor lift 8 m", 140, (1, 2)), ("Cement mixer", 18, (1, 2)),
    ("Plate compactor", 35, (1,)), ("Breaker 1500 W", 30, (1, 2)),
    ("Tower scaffold 6 m", 60, (1, 2)), ("Generator 6 kVA", 55, (1,)),
    ("Floor sander", 38, (1,)), ("Pressure washer", 32, (1,)), ("Cherry picker 12 m", 210, (1,)),
    ("Floor saw", 85, (1,)), ("Dehumidifier", 22, (1, 2, 3)), ("Telehandler 7 m", 190, (1,)),
    ("Fence panel", 2.5, (10, 20, 30, 40)), ("Acrow prop", 1.8, (4, 6, 10, 20)),
    ("Site light", 12, (2, 4)), ("Road barrier", 3, (6, 10, 12))]
ACCESSORIES = ["Fuel can", "Ear defenders", "Safety goggles", "Extension lead", "Spare blade",
               "Operating manual", "Ramp set", "Wheel chocks"]
RENTAL_FIELDS = [
    F.text("hire_company", "Hire company", ("Company hiring out the equipment (not the depot).",
                                            "Rental company."), "rental_company", "supplier"),
    F.text("customer", "Customer", "Person or company hiring the equipment.", "hirer", "renter"),
    F.text("contract_number", "Contract number",
           "Number of the hire contract (not the customer account number).", "agreement_number",
           "contract_no", keep=0.7),
    F.date("hire_start", "Hire start", "First day of the hire (not the contract date).",
           "start_date", "on_hire_date"),
    F.date("hire_end", "Hire end", "Agreed last day of the hire; null for an open-ended hire.",
           "end_date", "off_hire_date", optional=True),
    F.text("site_address", "Site address", "Where the equipment is used, if given.",
           "delivery_address", "site", optional=True, keep=0.6),
    F.items("items", "Items", ("Each item of equipment on hire.", "The hired equipment lines."), [
        F.text("item", "Item", "Equipment hired.", "description", "equipment"),
        F.number("daily_rate", "Daily rate",
                 "Hire charge per unit per day (not the weekly rate or the line total).",
                 "rate_per_day", "day_rate"),
        F.integer("quantity", "Quantity", "Number of units hired.", "qty", "units", keep=0.8),
    ], "equipment_lines", "hire_items"),
    F.number("deposit", "Deposit", "Security deposit taken, if any.", "security_deposit",
             "deposit_amount", optional=True, keep=0.8),
    F.flag("delivery_included", "Delivery included",
           "Whether delivery and collection are included in the price.", "includes_delivery",
           "delivered"),
    F.flag("damage_waiver", "Damage waiver", "Whether the customer took the damage waiver.",
           "loss_damage_waiver", "waiver_accepted"),
    F.strings("accessories", "Accessories", "Accessories supplied with the equipment at no charge.",
              "extras", "supplied_with", keep=0.6),
]


def equipment_rental(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    us = kit.locale == "en_US"
    hire = "rental" if us else "hire"
    start = kit.day()
    open_ended = kit.chance(0.3)
    days = rng.choice([1, 1, 2, 3, 5, 7, 7, 14, 28])
    end = start + dt.timedelta(days=days - 1)
    items = []
    for name, guide, qtys in rng.sample(KIT, rng.randint(1, 5)):
        step = 0.5 if guide >= 10 else 0.05     # hire rates are round: 72.50 a day, 1.85 a day
        rate = round(round(guide * rng.uniform(0.85, 1.25) / step) * step, 2)
        items.append({"item": name, "daily_rate": rate, "quantity": rng.choice(qtys)})
    weekly = [round(x["daily_rate"] * rng.choice([2.5, 3, 3, 3.5]), 1) for x in items]
    delivery, waiver = kit.chance(0.5), kit.chance(0.5)
    account = kit.chance(0.35)
    company = rng.choice([f"{fake.last_name()} {rng.choice(['Hire', 'Plant Hire', 'Tool Hire'])}",
                          f"{fake.city()} Equipment {'Rental' if us else 'Hire'}", fake.company()])
    facts = {"hire_company": company,
             "customer": fake.company() if kit.chance(0.6) else fake.name(),
             "contract_number": f"{rng.choice(['HC', 'C', 'RA-', 'K'])}"
                                f"{rng.randint(100000, 999999)}",
             "hire_start": start.isoformat(), "hire_end": None if open_ended else end.isoformat(),
             "site_address": kit.maybe(f"{_street(kit)}, {fake.city()}", 0.65),
             "items": items,
             "deposit": None if account else kit.maybe(float(rng.choice([50, 100, 150, 200, 250,
                                                                         300, 500])), 0.85),
             "delivery_included": delivery, "damage_waiver": waiver,
             "accessories": rng.sample(ACCESSORIES, rng.choice([0, 0, 1, 2, 3]))}
    signed = start - dt.timedelta(days=rng.randint(0, 6))
    depot = f"{fake.city()} depot"
    account_no = f"ACC-{rng.randint(1000, 99999)}"
    pct = rng.choice([8, 10, 12, 15])
    # -- the parties and the hire period
    doc.put(("hire_company",), company).line()
    doc.line(f"{depot}, {_street(kit)}").line()
    doc.line(rng.choice([f"{hire.upper()} CONTRACT", f"Equipment {hire} agreement",
                         f"{hire.capitalize()} contract",
                         "Rental agreement" if us else "On-hire note"]))
    doc.line()
    if kit.chance(0.55):
        rows = [("Contract no.", L.cell(facts["contract_number"], ("contract_number",))),
                ("Date", kit.date_cell(None, signed)),
                ("Customer", L.cell(facts["customer"], ("customer",)))]
        rows += [("Account", L.cell(account_no))] * account
        if facts["site_address"]:
            rows.append(("Site", L.cell(facts["site_address"], ("site_address",))))
        rows.append((f"{hire.capitalize()} start", kit.date_cell(("hire_start",), start)))
        rows.append((f"{hire.capitalize()} end", L.cell("open (off-hire by phone)") if open_ended
                     else kit.date_cell(("hire_end",), end)))
        L.kv(doc, rng, rows)
    else:       # the sentences of the agreement
        doc.add("Agreement ").put(("contract_number",), facts["contract_number"]).add(" made on ")
        kit.date(doc, None, signed).add(" between ").put(("hire_company",), company).add(" and ")
        doc.put(("customer",), facts["customer"])
        doc.line(f" (account {account_no})." if account else ".")
        kit.date(doc.add(f"The {hire} runs from "), ("hire_start",), start)
        if open_ended:
            doc.add(" until the customer calls the equipment off hire")
        else:
            kit.date(doc.add(" to "), ("hire_end",), end)
        if facts["site_address"]:
            doc.add(", for use at ").put(("site_address",), facts["site_address"])
        doc.line(".")
    doc.line()
    kit.pad(doc)
    # -- the equipment
    style = rng.choice(["table", "bullets", "prose"])
    fleet = [f"{rng.choice(['F', 'PL', 'T'])}{rng.randint(1000, 9999)}" for _ in items]
    hired = None if open_ended else days
    if style == "table":
        totals = [[kit.money_cell(None, round(x["daily_rate"] * x["quantity"] * hired, 2))]
                  for x in items] if hired and kit.chance(0.5) else [[] for _ in items]
        L.table(doc, rng, ["Item", "Fleet no.", "Qty", "Day rate", "Week rate"]
                + ["Total"] * bool(totals[0]), [
            [L.cell(x["item"], ("items", i, "item")), L.cell(fleet[i]),
             kit.count_cell(("items", i, "quantity"), x["quantity"]),
             kit.money_cell(("items", i, "daily_rate"), x["daily_rate"]),
             kit.money_cell(None, weekly[i])] + totals[i] for i, x in enumerate(items)])
    for i, x in enumerate(items if style != "table" else []):
        at = ("items", i)
        if style == "bullets":      # "* 2 x Scissor lift 8 m (F1234): £140.00/day, £420.00/week"
            kit.count(doc.add(rng.choice(["* ", "- "])), at + ("quantity",), x["quantity"])
            doc.add(" x ").put(at + ("item",), x["item"]).add(f" ({fleet[i]}): ")
            kit.money(doc, at + ("daily_rate",), x["daily_rate"]).add(" per day, ")
            kit.money(doc, None, weekly[i]).line(" per week")
        else:       # "Plate compactor, quantity 1, at £35.00 a day each (£105.00 a week)."
            doc.put(at + ("item",), x["item"]).add(", quantity ")
            kit.count(doc, at + ("quantity",), x["quantity"]).add(", at ")
            kit.money(doc, at + ("daily_rate",), x["daily_rate"]).add(" a day each (")
            kit.money(doc, None, weekly[i]).line(" a week).")
    doc.line()
    kit.pad(doc)
    # -- charges, deposit, delivery, waiver, accessories
    if hired:
        charge = round(sum(x["daily_rate"] * x["quantity"] for x in items) * hired, 2)
        kit.count(doc.add(f"{hire.capitalize()} period: "), None, hired).add(" day(s); ")
        kit.money(doc.add("estimated charge "), None, charge).line()
    else:
        doc.line(f"Charged per day until off-hired; minimum {hire} 1 day.")
    if facts["deposit"] is not None:
        kit.money(doc.add(rng.choice(["Deposit taken: ", "Security deposit: ", "Deposit paid: "])),
                  ("deposit",), facts["deposit"]).line(rng.choice([" (refundable)", ""]))
    elif account:
        doc.line("No deposit: account customer.")
    fee = _money_text(kit, rng.choice([25.0, 35.0, 45.0, 60.0]))
    deliv_text = says(rng, delivery, ("Delivery and collection included.",
                                      "Price includes delivery to site and collection.",
                                      "Delivery: included"),
                      (f"Delivery not included: customer collects from the {depot}.",
                       f"Delivery and collection charged separately ({fee} each way).",
                       "Delivery: not included"))
    waiver_text = says(rng, waiver, (f"Damage waiver: accepted ({pct}% of the {hire} charge).",
                                     "The customer has taken the damage waiver.",
                                     "[x] Damage waiver"),
                       ("Damage waiver declined: the customer is liable for loss and damage.",
                        "No damage waiver; the customer's own insurance covers the equipment.",
                        "[ ] Damage waiver"))
    doc.line(deliv_text).line(waiver_text)
    _strings(kit, doc, "accessories", facts["accessories"],
             rng.choice(["Supplied with", "Accessories", "Included at no charge"]),
             rng.choice(["No accessories supplied.", "Accessories: none"]))
    kit.pad(doc.line().line(f"Signed for the customer: {fake.name()}"))
    return Draft(("Equipment rental contract", "Equipment hire agreement", "Plant hire contract"),
                 RENTAL_FIELDS, facts, doc,
                 {("delivery_included",): deliv_text, ("damage_waiver",): waiver_text})
