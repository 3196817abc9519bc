"""Papers of the systems team: a registrar's domain renewal notice or invoice, the server
inventory of a data centre or server room, an IT access request form or ticket, and the
report a backup job sends after its run.

Each carries values of the same kind beside the ones asked for: the other domains of the
account, the nameservers and the registrar's own site beside the domain, the registry beside
the registrar, the admin and technical contacts and the registrar's clerk beside the holder, the
invoice and order numbers beside the customer number, the notice date, the registration date,
the payment deadline and the end of the grace or redemption period beside the expiry, the
yearly price, the restore fee, VAT and the subtotal beside the renewal price and the total, the
grace period's days beside the days left, the support address beside the holder's e-mail and
the home page beside the renewal link; the management (iLO, iDRAC, BMC) address beside each
server's IP, the model, serial, rack position, sockets and disks beside its cores and memory,
the purchase date beside the warranty end, the reviewer and site manager beside the author,
the last and next audit dates beside the inventory date, the virtual machines and racks beside
the number of servers and the contracted power beside the measured load; the requester, the
system owners and the security reviewer beside the user and the approver, the cost centre,
asset tag and requested items' numbers beside the ticket and employee numbers, the approval and
training dates beside the request and access dates; the finishing time and day, the next
scheduled run and the last good run beside the start, the data processed and read and the
deduplication ratio beside the data transferred, the restore points on disk beside the
retention, the sender beside the recipient, and the other jobs of the night beside the job.

Documents come as registrar e-mails and letters, renewal invoices and control-panel pages,
CMDB exports, inventory sheets, one card per server and an administrator's e-mail, paper
access forms with check boxes, e-mail requests with the approver's reply above them and
service desk tickets with an approval table, and backup notifications, job logs, daily
summaries and an operator's morning check. Arrays come as tables in every layout, check-box
lines ("SAP ERP (FI):  [ ] Read-only [x] Read/write [ ] Admin"), key-value cards, bullet
lines ("- db01 (10.20.3.15, iLO 10.20.202.7): Database, RHEL 9.3, 32 cores, 256 GB RAM,
prod, crit 4/5"), timestamped log lines, sentences ("write access to Jira and admin rights on
GitLab") and one line of names; the lists of strings (nameservers, groups, decommissioned
hosts, job messages) and the add-ons may be empty. Scores come as "4/5", "C4" or "high" with
a legend, "high (4)" or "Risk score: 2 of 5", and booleans are as often negated as stated
("Auto-renewal is switched off", "Your contact details are not masked in the public WHOIS",
"3 hosts are behind the patch baseline", "No privileged or administrator rights are
requested", "No offsite copy was made for this run", "Backup files are not encrypted").
"""
from __future__ import annotations

import datetime as dt
import re
import unicodedata

from .. import fields as F
from .. import layout as L
from ..assemble import Draft
from ..doc import Doc
from ..fmt import clock
from ..kit import Kit
from ..surface import says


def _strings(kit: Kit, doc: Doc, key: str, values: list[str], label: str, none: str) -> None:
    L.string_list(doc, kit.rng, key, values, label, none, ["- ", "* ", "\u2022 "])


HONORIFICS = {"Dr", "Mr", "Mrs", "Ms", "Miss", "Mx", "MD", "DDS", "DVM", "PhD", "II", "III", "IV", "Jr", "Sr",
              "Herr", "Frau", "Mme", "Mlle", "M"}


def _plain_names(kit: Kit, n: int) -> list[str]:
    """`n` distinct names without titles or degrees (Faker's de_DE names carry "Prof." and
    "B.Sc."), so an e-mail address can be made from them."""
    out: list[str] = []
    while len(out) < n:
        for name in kit.names(n):
            words = [w for w in name.split() if not w.endswith(".") and w not in HONORIFICS]
            if len(words) >= 2 and " ".join(words) not in out:
                out.append(" ".join(words))
    return out[:n]


def _address(name: str, domain: str, first: bool = True) -> str:
    """"jane.doe@example.com" (or "doe@...") for `name`."""
    parts = [_slug(w) for w in name.split()]
    return (f"{parts[0]}.{parts[-1]}" if first else parts[-1]) + f"@{domain}"


def _slug(text: str) -> str:
    """`text` as a lower-case ASCII host label ("Müller & Söhne" -> "muller-sohne")."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    return re.sub(r"[^a-z0-9]+", "-", plain).strip("-")


def _site_code(city: str) -> str:
    letters = re.sub(r"[^a-z]", "", _slug(city))
    return (letters + "xyz")[:3]


def _hms(seconds: int) -> str:
    h, rest = divmod(seconds % 86400, 3600)
    m, s = divmod(rest, 60)
    return f"{h:02d}:{m:02d}:{s:02d}"


VAT = {"en_US": None, "en_GB": ("VAT", 20), "de_DE": ("VAT (MwSt.)", 19), "fr_FR": ("VAT (TVA)", 20)}


# ---- domain renewal notice --------------------------------------------------------------------

TLDS = {"en_US": (".com", ".com", ".net", ".org", ".io"), "en_GB": (".co.uk", ".co.uk", ".uk", ".org.uk", ".com"),
        "de_DE": (".de", ".de", ".com", ".eu"), "fr_FR": (".fr", ".fr", ".com", ".eu")}
REGISTRIES = {".com": "Verisign", ".net": "Verisign", ".org": "Public Interest Registry", ".io": "Identity Digital",
              ".co.uk": "Nominet UK", ".uk": "Nominet UK", ".org.uk": "Nominet UK", ".de": "DENIC eG",
              ".eu": "EURid", ".fr": "AFNIC"}
YEARLY = {".com": (11, 19), ".net": (13, 20), ".org": (12, 19), ".io": (35, 59), ".co.uk": (6, 12),
          ".uk": (6, 12), ".org.uk": (6, 12), ".de": (5, 14), ".eu": (6, 12), ".fr": (8, 14)}
REGISTRARS = {"en_US": ("NameHarbor, Inc.", "Bluewire Domains LLC", "DotCrate Registrar Corp."),
              "en_GB": ("Registerly Ltd", "Kestrel Names Ltd", "Dotwell Domains Ltd"),
              "de_DE": ("Domainwerk GmbH", "NetzAdresse AG", "Hostwerft GmbH"),
              "fr_FR": ("Azurnom SAS", "DomaineClair SARL", "Nomade Registre SAS")}
WORDS = ("shop", "studio", "online", "group", "consulting", "labs", "design", "home", "media", "events",
         "garden", "repairs")
ADDONS = {"Email forwarding": (1, 4), "Premium DNS": (4, 10), "SSL certificate": (9, 39), "Mailbox": (12, 30),
          "Website builder": (24, 60), "DNSSEC": (2, 6), "URL redirect": (1, 3), "Transfer lock": (1, 3)}
DOMAIN_STATUSES = {
    "active": ("Status: Active", "Domain status: active",
               "The domain is active and resolves normally."),
    "grace_period": ("Status: Expired - grace period",
                     "The domain has expired but can still be renewed at the normal price during the grace "
                     "period.", "Domain status: expired (renewal grace period)"),
    "redemption": ("Status: Redemption period",
                   "The domain is in the redemption period and can only be restored for an extra fee.",
                   "Domain status: pending deletion (redemption)")}
RENEWAL_FIELDS = [
    F.text("domain_name", "Domain name", ("Domain the notice is about (not another domain of the account or a "
                                          "nameserver).", "The domain up for renewal."), "domain", "fqdn"),
    F.text("registrar", "Registrar", "Registrar sending the notice (not the registry or a reseller).",
           "provider", "registrar_name", keep=0.7),
    F.text("registrant", "Registrant", ("Holder of the domain (not the admin, technical or billing contact).",
                                        "Registered holder of the domain."), "holder", "owner", "domain_holder"),
    F.text("account_number", "Account number", "Customer or account number at the registrar (not the invoice "
           "or order number).", "customer_number", "customer_id", keep=0.6),
    F.date("expiry_date", "Expiry date", ("Date the current registration expires (not the date of the notice, "
                                          "the registration date or the end of a grace period).",
                                          "Expiration date of the domain."), "expires_on", "expiration_date"),
    F.date("registered_on", "Registered on", "Date the domain was first registered, if shown.", "creation_date",
           "created", optional=True, keep=0.5),
    F.choice("status", "Status", "Where the domain stands: active, expired but within the grace period, or in "
             "the redemption period.", list(DOMAIN_STATUSES), "domain_status", "state", keep=0.7),
    F.integer("term_years", "Renewal term (years)", "Years the renewal is for (not the years already "
              "registered).", "renewal_period", "years", keep=0.7),
    F.number("renewal_price", "Renewal price", ("Price of renewing the domain for the whole term, before add-ons "
                                                "and tax (not the yearly price, a restore fee or the total).",
                                                "Domain renewal fee."), "renewal_fee", "price", keep=0.8),
    F.number("total_due", "Total due", "Total to pay with add-ons and tax, if stated (not the renewal price "
             "alone or the tax).", "amount_due", "total", optional=True, keep=0.6, minimum=0),
    F.items("addons", "Add-ons", ("Each paid add-on renewed with the domain, in order; empty when there are "
                                  "none.", "Extra services renewed."), [
        F.text("service", "Service", "Name of the add-on.", "name", "product"),
        F.number("price", "Price", "Price of the add-on for the term.", "amount", "fee", keep=0.8),
    ], "extras", "services", keep=0.7),
    F.flag("auto_renew", "Auto-renew", "Whether automatic renewal is switched on for the domain.", "autorenew",
           "automatic_renewal"),
    F.flag("privacy", "WHOIS privacy", "Whether WHOIS privacy or ID protection hides the holder's details.",
           "whois_privacy", "id_protection", keep=0.6),
    F.strings("nameservers", "Nameservers", "Nameservers the domain is delegated to; empty when it is parked "
              "without any.", "name_servers", "dns_servers", keep=0.6),
    F.text("contact_email", "Contact e-mail", "The holder's e-mail address, if shown (not the registrar's "
           "support address).", "email", "registrant_email", format="email", optional=True, keep=0.5),
    F.text("renewal_url", "Renewal link", "Link to renew the domain, if given (not the registrar's home page).",
           "renew_link", "url", format="uri", optional=True, keep=0.4),
    F.integer("days_left", "Days left", "Days until the domain expires, if stated (not the length of the grace "
              "period).", "days_until_expiry", "days_remaining", optional=True, keep=0.5),
    F.generate("summary", "Summary", "One sentence saying which domain expires when and what renewing it "
               "costs.", 40, keep=0.25),
]


def _domains(kit: Kit, n: int) -> list[str]:
    """`n` distinct domain names of the locale's usual endings."""
    out: list[str] = []
    while len(out) < n:
        word = _slug(kit.fake.last_name() if kit.chance(0.4) else kit.fake.domain_word())
        if not word:
            continue
        if kit.chance(0.5):
            word += "-" + kit.rng.choice(WORDS)
        name = word + kit.rng.choice(TLDS[kit.locale])
        if name not in out:
            out.append(name)
    return out


def domain_renewal_notice(kit: Kit) -> Draft:
    fake, rng, doc, loc = kit.fake, kit.rng, Doc(), kit.locale
    domains = _domains(kit, 1 + rng.choice([0, 0, 1, 2, 3]))
    domain, others = domains[0], domains[1:]
    tld = max((t for t in REGISTRIES if domain.endswith(t)), key=len)
    registrar = rng.choice(REGISTRARS[loc])
    home = {"en_US": ".com", "en_GB": ".co.uk", "de_DE": ".de", "fr_FR": ".fr"}[loc]
    host = _slug(registrar.split()[0].rstrip(",")) + rng.choice([".com", ".net", home])
    status = rng.choice(["active"] * 6 + ["grace_period"] * 2 + ["redemption"])
    expiry = kit.day()
    grace = rng.choice([30, 30, 40, 45])
    if status == "active":
        notice = expiry - dt.timedelta(days=rng.choice([60, 45, 30, 30, 14, 7, 3]))
    elif status == "grace_period":
        notice = expiry + dt.timedelta(days=rng.randint(1, grace - 2))
    else:
        notice = expiry + dt.timedelta(days=grace + rng.randint(1, 25))
    created = expiry.replace(year=expiry.year - rng.randint(1, 14), day=min(expiry.day, 28)
                             if expiry.month == 2 else expiry.day)
    term = rng.choice([1, 1, 1, 1, 2, 2, 3, 5])
    yearly = rng.randint(*YEARLY[tld]) + 0.99
    renewal = round(yearly * term, 2)
    addons = [{"service": s, "price": round((rng.randint(*ADDONS[s]) + rng.choice([0.0, 0.49, 0.99])) * term, 2)}
              for s in rng.sample(list(ADDONS), rng.choice([0, 0, 0, 1, 1, 2, 3]))]
    restore = float(rng.choice([79, 99, 120, 150])) if status == "redemption" else 0.0
    subtotal = round(renewal + sum(a["price"] for a in addons) + restore, 2)
    vat_label, rate = VAT[loc] or ("", 0)
    vat = round(subtotal * rate / 100, 2)
    total = round(subtotal + vat, 2)
    auto = kit.chance(0.5) if status == "active" else kit.chance(0.3) if status == "grace_period" else False
    person, admin, tech, billing = _plain_names(kit, 4)
    registrant = fake.company() if kit.chance(0.5) else person
    ns_host = rng.choice([host, f"{_slug(fake.company())}.net", "cloudhost-dns.com", "dnsflare.net"])
    ns = rng.choice(["ns", "dns", "ns-"])
    nameservers = [] if kit.chance(0.12) else [f"{ns}{i}.{ns_host}" for i in range(1, rng.choice([2, 2, 3, 4]) + 1)]
    layout = rng.choice(["email", "invoice", "panel", "letter"])
    email = fake.email() if kit.chance(0.7) and layout != "panel" else None
    url = f"https://{rng.choice(['www.', 'my.', 'account.'])}{host}/renew?domain={domain}"
    facts = {"domain_name": domain, "registrar": registrar, "registrant": registrant,
             "account_number": rng.choice(["CUST-", "", "K", "C-"]) + str(rng.randint(10**5, 10**8 - 1)),
             "expiry_date": expiry.isoformat(), "registered_on": kit.maybe(created.isoformat(), 0.6),
             "status": status, "term_years": term, "renewal_price": renewal,
             "total_due": total if layout == "invoice" or kit.chance(0.6) else None, "addons": addons,
             "auto_renew": auto, "privacy": kit.chance(0.5), "nameservers": nameservers,
             "contact_email": email, "renewal_url": url if layout != "invoice" and kit.chance(0.6) else None,
             "days_left": (expiry - notice).days if status == "active" and kit.chance(0.6) else None}
    money = kit.style.money(renewal, False, True)[1]
    facts["summary"] = (f"{domain} {'expires' if status == 'active' else 'expired'} on {expiry.isoformat()}; "
                        f"renewing it for {term} year{'s' * (term > 1)} costs {money} {kit.style.currency}.")
    status_text = rng.choice(DOMAIN_STATUSES[status])
    if auto and status != "active":
        auto_text = rng.choice(["Auto-renew: On (the last payment attempt failed)",
                                "Auto-renewal is switched on, but your card was declined when we tried to renew."])
    else:
        auto_text = says(rng, auto, ("Auto-renew: On", "Automatic renewal: enabled",
                                     "Auto-renewal is switched on; we will charge your saved card before the "
                                     "expiry date."),
                         ("Auto-renew: Off", "Automatic renewal: disabled",
                          "Auto-renewal is switched off, so the domain will not renew by itself."))
    privacy_text = says(rng, facts["privacy"],
                        ("WHOIS privacy: enabled", "Privacy protection: active",
                         "ID protection is included, so your contact details stay hidden in the public WHOIS."),
                        ("WHOIS privacy: not enabled", "Privacy protection: none",
                         "Your contact details are not masked in the public WHOIS."))
    evidence = {("status",): status_text, ("auto_renew",): auto_text, ("privacy",): privacy_text}
    exp_text, support = kit.date_text(expiry), f"support@{host}"
    invoice_no = f"{rng.choice(['INV-', 'RE-', 'F'])}{notice.year}-{rng.randint(10000, 99999)}"
    order_no = f"ORD{rng.randint(10**6, 10**7 - 1)}"
    registry = REGISTRIES[tld]
    years_word = f"year{'s' * (term > 1)}"

    def term_cell() -> L.Cell:
        return L.join(kit.count_cell(("term_years",), term), L.cell(f" {years_word}"))

    def expiry_cell() -> L.Cell:
        return L.cell(exp_text, ("expiry_date",))

    def detail_rows() -> list[tuple[str, L.Cell]]:
        rows = [("Domain", L.cell(domain, ("domain_name",))),
                (rng.choice(["Registrant", "Holder", "Domain holder"]), L.cell(registrant, ("registrant",))),
                ("Admin contact", L.cell(admin))]
        rows += [("Technical contact", L.cell(tech))] * kit.chance(0.5)
        rows.append((rng.choice(["Customer no.", "Account", "Customer ID"]),
                     L.cell(facts["account_number"], ("account_number",))))
        if facts["registered_on"]:
            rows.append((rng.choice(["Registered on", "Created", "Registration date"]),
                         kit.date_cell(("registered_on",), created)))
        rows += [(rng.choice(["Expiry date", "Expires", "Paid until"]), expiry_cell()),
                 ("Renewal term", term_cell()), ("Registry", L.cell(registry))]
        return rows

    def price_lines(bullet: str = "") -> None:
        kit.money(doc.add(f"{bullet}Domain renewal ({term} {years_word}): "), ("renewal_price",), renewal)
        kit.money(doc.add(" ("), None, yearly).add(" per year)") if term > 1 else None
        doc.line()
        for i, a in enumerate(addons):
            doc.add(bullet).put(("addons", i, "service"), a["service"])
            kit.money(doc.add(": "), ("addons", i, "price"), a["price"]).line()
        if restore:
            kit.money(doc.add(f"{bullet}Restore fee (redemption): "), None, restore).line()
        if rate:
            kit.money(doc.add(f"{bullet}{vat_label} {rate}%: "), None, vat).line()
        if facts["total_due"] is not None:
            kit.money(doc.add(f"{bullet}{rng.choice(['Total due', 'Total', 'Amount to pay'])}: "),
                      ("total_due",), total).line()

    def nameserver_block() -> None:
        _strings(kit, doc, "nameservers", nameservers, rng.choice(["Nameservers", "DNS servers", "Name servers"]),
                 rng.choice(["Nameservers: none (the domain is parked)", "No nameservers are set; the domain is "
                                                                         "parked."]))

    def others_block() -> None:
        if not others:
            return
        doc.line(rng.choice(["Other domains in your account:", "Your other domains:"]))
        for d in others:
            kit.date(doc.add(f"- {d} (expires "), None, kit.day()).line(")")

    def when_text() -> None:
        if status == "active":
            doc.add(" will expire on ").put(("expiry_date",), exp_text)
            if facts["days_left"] is not None:
                kit.count(doc.add(", in "), ("days_left",), facts["days_left"]).add(" days")
            doc.line(".")
        else:
            doc.add(" expired on ").put(("expiry_date",), exp_text)
            kit.date(doc.add(". You can still renew it until "), None,
                     expiry + dt.timedelta(days=grace if status == "grace_period" else grace + 30)).line(".")
        doc.line(f"After expiry there is a grace period of {grace} days." if status == "active" else "")

    if layout == "email":
        doc.add("From: ").put(("registrar",), registrar).add(f" <renewals@{host}>\nTo: ")
        doc.put(("contact_email",), email) if email else doc.add(registrant)
        doc.add("\nSubject: ").add(rng.choice(["Reminder: ", "Action required: ", "Renewal notice - "]))
        doc.put(("domain_name",), domain).line(" expires soon" if status == "active" else " has expired")
        kit.date(doc.add("Date: "), None, notice).line().line()
        doc.add("Dear ").put(("registrant",), registrant).line(" team," if registrant != person else ",").line()
        doc.add("Your domain ").put(("domain_name",), domain)
        when_text()
        doc.line(status_text).line(auto_text).line(privacy_text).line()
        L.kv(doc, rng, detail_rows(), rng.choice(["colon", "aligned", "dots", "pipe"]))
        kit.pad(doc.line())
        price_lines(rng.choice(["", "- "]))
        doc.line()
        nameserver_block()
        if facts["renewal_url"]:
            doc.add(rng.choice(["Renew now: ", "Renew online at "])).put(("renewal_url",), url).line()
        else:
            doc.line(f"Log in at https://www.{host} to renew.")
        doc.line()
        others_block()
        doc.line(f"Questions? Write to {support}.").line().line(f"Kind regards,\nYour {registrar} team")
    elif layout == "invoice":
        doc.put(("registrar",), registrar).line().line(fake.address().replace("\n", ", "))
        tax_id = {"en_US": "EIN: {a}-{b}", "en_GB": "VAT no.: GB{a}{b}", "de_DE": "USt-IdNr.: DE{a}{b}",
                  "fr_FR": "TVA intracom.: FR{a}{b}"}[loc]
        doc.line(tax_id.format(a=rng.randint(10, 99), b=rng.randint(10**6, 10**7 - 1)))
        doc.line().line(rng.choice(["RENEWAL INVOICE", "PRO-FORMA INVOICE - DOMAIN RENEWAL", "Invoice"])).line()
        rows = [("Invoice no.", L.cell(invoice_no)), ("Invoice date", kit.date_cell(None, notice)),
                ("Order no.", L.cell(order_no)),
                ("Customer no.", L.cell(facts["account_number"], ("account_number",))),
                ("Bill to", L.cell(registrant, ("registrant",)))]
        if email:
            rows.append(("E-mail", L.cell(email, ("contact_email",))))
        L.kv(doc, rng, rows, rng.choice(["colon", "aligned", "grid"]))
        doc.line()
        lines = [[L.join(L.cell("Renewal "), L.cell(domain, ("domain_name",))), term_cell(),
                  kit.money_cell(("renewal_price",), renewal)]]
        lines += [[L.cell(a["service"], ("addons", i, "service")), L.cell(f"{term} {years_word}"),
                   kit.money_cell(("addons", i, "price"), a["price"])] for i, a in enumerate(addons)]
        if restore:
            lines.append([L.cell("Restore fee"), L.cell("-"), kit.money_cell(None, restore)])
        L.table(doc, rng, ["Description", "Term", "Amount"], lines)
        sums = [("Subtotal", kit.money_cell(None, subtotal))]
        sums += [(f"{vat_label} {rate}%", kit.money_cell(None, vat))] * bool(rate)
        sums.append(("Total due", kit.money_cell(("total_due",), total)))
        L.kv(doc.line(), rng, sums, rng.choice(["colon", "aligned", "dots"]))
        pay_by = min(expiry, notice + dt.timedelta(days=14)) if status == "active" else notice + dt.timedelta(days=5)
        kit.date(doc.add("Please pay by "), None, pay_by).line(".")
        kit.pad(doc.line())
        doc.line("Domain details")
        L.kv(doc, rng, [("Domain", L.cell(domain, ("domain_name",))), ("Expiry date", expiry_cell())]
             + ([("Registered on", kit.date_cell(("registered_on",), created))] if facts["registered_on"] else [])
             + ([("Days until expiry", kit.count_cell(("days_left",), facts["days_left"]))]
                if facts["days_left"] is not None else [])
             + [("Registry", L.cell(registry))])
        doc.line(status_text).line(auto_text).line(privacy_text)
        nameserver_block()
        doc.line().line(f"Support: {support} - https://www.{host}")
    elif layout == "panel":
        doc.add("# ").put(("registrar",), registrar)
        doc.line(f" - {rng.choice(['Domain management', 'My domains', 'Control panel'])}")
        doc.add("## ").put(("domain_name",), domain).line().line()
        rows = detail_rows()
        rows.append((rng.choice(["Renewal price", "Renews at"]), kit.money_cell(("renewal_price",), renewal)))
        L.kv(doc, rng, rows, rng.choice(["pipe", "colon", "aligned"]))
        doc.line().line(status_text).line(auto_text).line(privacy_text).line()
        if facts["days_left"] is not None:
            kit.count(doc.add("Days until expiry: "), ("days_left",), facts["days_left"]).line()
        doc.line("### Nameservers")
        nameserver_block()
        doc.line().line("### Add-ons")
        if addons:
            L.table(doc, rng, ["Service", "Price", "Renews"], [
                [L.cell(a["service"], ("addons", i, "service")), kit.money_cell(("addons", i, "price"), a["price"]),
                 L.cell("with the domain")] for i, a in enumerate(addons)], "pipe")
        else:
            doc.line("No add-ons.")
        kit.pad(doc.line())
        if restore:
            kit.money(doc.add("Restore fee: "), None, restore).line()
        if facts["total_due"] is not None:
            kit.money(doc.add("Total at checkout: "), ("total_due",), total)
            doc.line(f" (incl. {vat_label})" if rate else "")
        if facts["renewal_url"]:
            doc.add("[Renew now](").put(("renewal_url",), url).line(")")
        if others:
            doc.line().line("### Other domains")
            L.table(doc, rng, ["Domain", "Expires", "Auto-renew"],
                    [[L.cell(d), kit.date_cell(None, kit.day()), L.cell(rng.choice(["On", "Off"]))] for d in others],
                    "pipe")
    else:   # a letter by post
        doc.put(("registrar",), registrar).line().line(fake.address().replace("\n", ", ")).line()
        doc.put(("registrant",), registrant).line().line(fake.address().replace("\n", ", ")).line()
        kit.date(doc, None, notice).line()
        doc.add(rng.choice(["Customer number: ", "Your customer no.: "]))
        doc.put(("account_number",), facts["account_number"]).line().line()
        doc.add("Re: renewal of your domain name ").put(("domain_name",), domain).line().line()
        doc.line(rng.choice(["Dear Sir or Madam,", "Dear customer,"])).line()
        doc.add("The registration of your domain ").put(("domain_name",), domain)
        if facts["registered_on"]:
            kit.date(doc.add(", registered with us since "), ("registered_on",), created).add(",")
        when_text()
        kit.count(doc.add("A renewal for "), ("term_years",), term).add(f" {years_word} costs ")
        kit.money(doc, ("renewal_price",), renewal)
        kit.money(doc.add(" ("), None, yearly).add(" a year)") if term > 1 else None
        if addons:
            doc.add(" and includes ")
            for i, a in enumerate(addons):
                doc.add("" if i == 0 else " and " if i == len(addons) - 1 else ", ")
                doc.put(("addons", i, "service"), a["service"])
                kit.money(doc.add(" ("), ("addons", i, "price"), a["price"]).add(")")
        doc.line(".")
        if restore:
            kit.money(doc.add("Because the domain is in redemption, a restore fee of "), None, restore)
            doc.line(" applies.")
        if facts["total_due"] is not None:
            kit.money(doc.add("The total amount due is "), ("total_due",), total)
            doc.line(f", including {vat_label} at {rate}%." if rate else ".")
        doc.line().line(status_text).line(auto_text).line(privacy_text)
        kit.pad(doc.line())
        if nameservers:
            L.series(doc.add("Your domain currently uses the nameservers "), ("nameservers",), nameservers).line(".")
        else:
            doc.line("No nameservers are set; the domain is parked.")
        doc.line(f"The registry for {tld} is {registry}; we act as your registrar.")
        if facts["renewal_url"]:
            doc.add("You can renew online at ").put(("renewal_url",), url).line()
        if email:
            doc.add("We also sent this notice by e-mail to ").put(("contact_email",), email).line(".")
        doc.line().line(rng.choice(["Yours faithfully,", "Kind regards,"])).line(f"{billing}, customer accounts")
    kit.pad(doc)
    return Draft(("Domain renewal notice", "Domain expiry reminder", "Domain name renewal"), RENEWAL_FIELDS,
                 facts, doc, evidence)


# ---- server inventory -------------------------------------------------------------------------

LINUX = ("Ubuntu 22.04 LTS", "Ubuntu 24.04 LTS", "RHEL 9.3", "RHEL 8.9", "Debian 12", "Rocky Linux 9",
         "SLES 15 SP5", "AlmaLinux 9")
ROLES = {   # role: (host name prefix, operating systems, cores, memory in GB)
    "Web server": ("web", LINUX, (4, 8, 16), (8, 16, 32)),
    "Database": ("db", LINUX + ("Windows Server 2022",), (16, 32, 64), (128, 256, 512)),
    "File server": ("fs", ("Windows Server 2019", "Windows Server 2022", "TrueNAS 13"), (8, 16), (32, 64)),
    "Hypervisor": ("hv", ("VMware ESXi 8.0", "VMware ESXi 7.0 U3", "Proxmox VE 8.1"), (32, 48, 64, 96),
                   (384, 512, 768, 1024)),
    "Backup server": ("bkp", ("Windows Server 2022", "Ubuntu 22.04 LTS"), (8, 16), (32, 64, 128)),
    "Domain controller": ("dc", ("Windows Server 2019", "Windows Server 2022"), (4, 8), (16, 32)),
    "Mail relay": ("mx", LINUX, (2, 4), (8, 16)),
    "Monitoring": ("mon", LINUX, (4, 8), (16, 32)),
    "Application server": ("app", LINUX + ("Windows Server 2022",), (8, 16, 24), (32, 64, 96)),
    "Load balancer": ("lb", ("Debian 12", "Ubuntu 22.04 LTS"), (4, 8), (8, 16)),
    "Build agent": ("ci", LINUX, (16, 32), (64, 128)),
    "Cache": ("cache", LINUX, (4, 8), (64, 128)),
}
MODELS = ("Dell PowerEdge R650", "Dell PowerEdge R750", "HPE ProLiant DL380 Gen10", "HPE ProLiant DL360 Gen11",
          "Lenovo ThinkSystem SR630", "Fujitsu PRIMERGY RX2540 M6", "Supermicro SYS-1029P")
ENVIRONMENTS = {"production": ("Production", "prod", "PRD"), "staging": ("Staging", "stage", "STG"),
                "development": ("Development", "dev", "DEV"), "test": ("Test", "test", "QA")}
CRITICALITY = {1: "low", 2: "minor", 3: "moderate", 4: "high", 5: "critical"}
SITES = {"en_US": ("{city} DC1", "{city} colocation, cage {n}", "HQ server room, {city}"),
         "en_GB": ("{city} data centre", "{city} DC2, suite {n}", "Head office comms room, {city}"),
         "de_DE": ("RZ {city}", "Rechenzentrum {city}, Halle {n}", "Serverraum Zentrale {city}"),
         "fr_FR": ("Datacenter {city}", "Salle serveur {city}", "DC {city}, baie {n}")}
TEAMS = ("Infrastructure", "Platform Engineering", "IT Operations", "Data Centre Services", "Systems team")
RETIRED_NOTES = ("powered off", "wiped and sent for recycling", "replaced by a VM", "returned to the vendor")
INVENTORY_FIELDS = [
    F.text("site", "Site", ("Data centre, server room or site inventoried (not a rack or the head office).",
                            "Location of the servers."), "location", "data_center"),
    F.date("inventory_date", "Inventory date", ("Date the inventory was taken (not the last or next audit, a "
                                                "purchase or a warranty date).", "As-of date of the inventory."),
           "as_of", "date"),
    F.text("prepared_by", "Prepared by", "Person who compiled the inventory (not the reviewer or site "
           "manager).", "author", "compiled_by", keep=0.7),
    F.items("servers", "Servers", ("Each physical server listed, in order.", "The servers of the inventory."), [
        F.text("hostname", "Host name", "Name of the server.", "host", "name"),
        F.text("ip_address", "IP address", "Server's primary IP address (not its management or iLO/iDRAC "
               "address).", "ip", "primary_ip", keep=0.6),
        F.text("role", "Role", "What the server is used for.", "function", "purpose", keep=0.6),
        F.text("os", "Operating system", "Operating system or hypervisor installed.", "operating_system",
               "platform", keep=0.8),
        F.integer("cpu_cores", "CPU cores", "Total CPU cores (not sockets).", "cores", "core_count", keep=0.8),
        F.integer("ram_gb", "RAM (GB)", "Installed memory in GB (not disk storage).", "memory_gb", "ram", keep=0.8),
        F.choice("environment", "Environment", "Environment the server belongs to.", list(ENVIRONMENTS), "env",
                 "tier", keep=0.7),
        F.score("criticality", "Criticality", "Business criticality rated for the server.", CRITICALITY,
                "crit", "business_criticality", keep=0.5),
        F.date("warranty_end", "Warranty end", "Last day of the vendor warranty or support, if recorded (not the "
               "purchase date).", "warranty_expiry", "support_until", optional=True, keep=0.6),
    ], "hosts", "inventory"),
    F.integer("server_count", "Number of servers", "Physical servers in the inventory (not virtual machines or "
              "racks).", "total_servers", "physical_servers", keep=0.6),
    F.number("power_kw", "Measured load (kW)", "Measured power draw of the servers in kW, if stated (not the "
             "contracted or available capacity).", "it_load_kw", "power_draw", optional=True, keep=0.5),
    F.flag("patched", "Patch compliant", "Whether every server is on the current patch baseline.",
           "patch_compliant", "fully_patched", keep=0.7),
    F.flag("support_contract", "Support contract", "Whether a hardware support contract covers the site's "
           "servers.", "vendor_support", "maintenance_contract", keep=0.6),
    F.strings("decommissioned", "Decommissioned", "Host names decommissioned since the last inventory; empty "
              "when none were.", "retired_hosts", "removed_servers", keep=0.6),
]


def server_inventory(kit: Kit) -> Draft:
    fake, rng, doc, loc = kit.fake, kit.rng, Doc(), kit.locale
    city = fake.city()
    code = _site_code(city)
    site = rng.choice(SITES[loc]).format(city=city, n=rng.randint(2, 12))
    day = kit.day()
    naming = rng.choice(["{p}-{c}-{n:02d}", "{p}{n:02d}", "{C}-{P}-{n:02d}", "{p}{n:02d}.{c}.corp.local"])
    net = rng.choice([f"10.{rng.randint(1, 250)}", f"172.{rng.randint(16, 31)}", "192.168"])
    subnet = rng.choice([1, 11, 21])
    counters: dict[str, int] = {}
    servers, extra = [], []
    for k in range(rng.randint(2, 8)):
        role = rng.choice(list(ROLES))
        prefix, systems, cores, ram = ROLES[role]
        counters[prefix] = counters.get(prefix, 0) + rng.choice([1, 1, 2])
        name = naming.format(p=prefix, c=code, C=code.upper(), P=prefix.upper(), n=counters[prefix])
        env = rng.choice(["production"] * 5 + ["staging", "development", "test"] * 1)
        bought = day - dt.timedelta(days=rng.randint(60, 2400))
        warranty = bought + dt.timedelta(days=365 * rng.choice([3, 3, 5]))
        servers.append({"hostname": name, "ip_address": f"{net}.{k + subnet}.{rng.randint(2, 250)}",
                        "role": role, "os": rng.choice(systems), "cpu_cores": rng.choice(cores),
                        "ram_gb": rng.choice(ram), "environment": env,
                        "criticality": rng.randint(3, 5) if env == "production" else rng.randint(1, 3),
                        "warranty_end": kit.maybe(warranty.isoformat(), 0.8)})
        extra.append({"bought": bought, "model": rng.choice(MODELS), "sockets": rng.choice([1, 2, 2]),
                      "serial": "".join(rng.choice("ABCDEFGHJKLMNPQRSTUVWXYZ0123456789") for _ in range(7)),
                      "mgmt": f"{net}.{200 + k}.{rng.randint(2, 250)}",
                      "rack": f"R{rng.randint(1, 4)}-U{rng.randint(1, 40):02d}",
                      "disks": f"{rng.choice([2, 4, 6, 8])} × "
                               f"{rng.choice(['480 GB', '960 GB', '1.92 TB', '3.84 TB'])}"})
    # host names stay distinct even when two counters coincide
    seen: set[str] = set()
    for s in servers:
        while s["hostname"] in seen:
            s["hostname"] += "b"
        seen.add(s["hostname"])
    retired = [naming.format(p=p, c=code, C=code.upper(), P=p.upper(), n=90 + i)
               for i, p in enumerate(rng.sample(sorted({v[0] for v in ROLES.values()}), rng.choice([0, 0, 1, 2, 3])))]
    author, reviewer, manager = _plain_names(kit, 3)
    capacity = float(rng.choice([5, 8, 10, 12, 16, 20]))
    load = round(capacity * rng.uniform(0.3, 0.85), 1)
    behind = rng.randint(1, max(1, len(servers) - 1))
    facts = {"site": site, "inventory_date": day.isoformat(), "prepared_by": author, "servers": servers,
             "server_count": len(servers), "power_kw": kit.maybe(load, 0.6), "patched": kit.chance(0.55),
             "support_contract": kit.chance(0.7), "decommissioned": retired}
    vms = sum(rng.randint(8, 40) for s in servers if s["role"] == "Hypervisor")
    racks = len({e["rack"].split("-")[0] for e in extra})
    env_form = rng.randrange(3)
    crit_form = rng.choice(["slash", "label", "both", "code"])

    def crit(n: int) -> str:
        return {"slash": f"{n}/5", "label": CRITICALITY[n], "both": f"{CRITICALITY[n]} ({n})",
                "code": f"C{n}"}[crit_form]

    env_words = [ENVIRONMENTS[s["environment"]][env_form] for s in servers]
    crit_words = [crit(s["criticality"]) for s in servers]
    evidence = {}
    for i in range(len(servers)):
        evidence[("servers", i, "environment")] = env_words[i]
        evidence[("servers", i, "criticality")] = crit_words[i]
    behind_hosts = ", ".join(s["hostname"] for s in rng.sample(servers, behind))
    patch_text = says(rng, facts["patched"],
                      ("All hosts are on the current patch baseline.", "Patch status: compliant",
                       "Patching: every server is up to date with the latest baseline."),
                      (f"{behind} host{'s are' if behind > 1 else ' is'} behind the patch baseline ({behind_hosts}).",
                       "Patch status: not compliant", "Patching: not all servers have the current baseline yet."))
    support_text = says(rng, facts["support_contract"],
                        ("Hardware support contract: active (next business day)",
                         "All hardware is covered by the vendor support contract."),
                        ("Hardware support contract: none", "No vendor support contract covers these servers; "
                                                            "repairs are billed per incident."))
    evidence[("patched",)], evidence[("support_contract",)] = patch_text, support_text
    legend = {"code": "Criticality: C1 (low) to C5 (critical)",
              "label": "Criticality scale: " + ", ".join(f"{k} = {v}" for k, v in CRITICALITY.items())
              }.get(crit_form, "")
    last_audit = day - dt.timedelta(days=rng.choice([90, 182, 365]))
    twelve = loc == "en_US" and kit.chance(0.5)

    unknown = rng.choice(["-", "n/a", "unknown"])

    def warranty_cell(i: int) -> L.Cell:
        w = servers[i]["warranty_end"]
        return kit.date_cell(("servers", i, "warranty_end"), dt.date.fromisoformat(w)) if w else L.cell(unknown)

    def summary(layout: str | None = None) -> None:
        rows = [("Physical servers", kit.count_cell(("server_count",), len(servers)))]
        rows += [("Virtual machines", L.cell(str(vms)))] * bool(vms)
        rows.append(("Racks", L.cell(str(racks))))
        if facts["power_kw"] is not None:
            rows.append(("Measured load (kW)", kit.num_cell(("power_kw",), load, 1)))
        rows.append(("Contracted power (kW)", kit.num_cell(None, capacity, 1)))
        L.kv(doc, rng, rows, layout)

    def closing() -> None:
        doc.line(patch_text).line(support_text)
        _strings(kit, doc, "decommissioned", retired,
                 rng.choice(["Decommissioned since the last inventory", "Retired hosts", "Removed"]),
                 rng.choice(["Decommissioned since the last inventory: none", "No servers were retired."]))
        if legend:
            doc.line(legend)

    layout = rng.choice(["export", "sheet", "cards", "email"])
    if layout == "export":      # a CMDB export with a comment header
        doc.line(f"# CMDB export: {rng.choice(['server inventory', 'physical servers', 'ci_class=server'])}")
        doc.add("# site: ").put(("site",), site).line()
        kit.date(doc.add("# as of: "), ("inventory_date",), day).line()
        doc.add("# exported by: ").put(("prepared_by",), author).line()
        doc.line(f"# owner: {rng.choice(TEAMS)}").line()
        L.table(doc, rng, ["hostname", "ip", "mgmt_ip", "role", "os", "cores", "ram_gb", "env", "crit", "serial",
                           "warranty_end"], [
            [L.cell(s["hostname"], ("servers", i, "hostname")), L.cell(s["ip_address"], ("servers", i, "ip_address")),
             L.cell(extra[i]["mgmt"]), L.cell(s["role"], ("servers", i, "role")), L.cell(s["os"], ("servers", i, "os")),
             kit.count_cell(("servers", i, "cpu_cores"), s["cpu_cores"]),
             kit.count_cell(("servers", i, "ram_gb"), s["ram_gb"]), L.cell(env_words[i]), L.cell(crit_words[i]),
             L.cell(extra[i]["serial"]), warranty_cell(i)] for i, s in enumerate(servers)],
            rng.choice(["semicolon", "pipe"]))
        kit.pad(doc.line())
        summary("colon")
        closing()
    elif layout == "sheet":     # an inventory sheet with a header block
        doc.line(rng.choice(["SERVER INVENTORY", "Hardware inventory - servers", "Server asset list"])).line()
        L.kv(doc, rng, [("Site", L.cell(site, ("site",))), ("Inventory date", kit.date_cell(("inventory_date",), day)),
                        ("Prepared by", L.cell(author, ("prepared_by",))), ("Reviewed by", L.cell(reviewer)),
                        ("Site manager", L.cell(manager)), ("Last audit", kit.date_cell(None, last_audit))])
        doc.line()
        if legend:
            doc.line(legend)
        L.table(doc, rng, ["Host", "IP address", "Role", "Model", "OS", "Cores", "RAM (GB)", "Env.", "Crit.",
                           "Purchased", "Warranty until"], [
            [L.cell(s["hostname"], ("servers", i, "hostname")), L.cell(s["ip_address"], ("servers", i, "ip_address")),
             L.cell(s["role"], ("servers", i, "role")), L.cell(extra[i]["model"]),
             L.cell(s["os"], ("servers", i, "os")),
             kit.count_cell(("servers", i, "cpu_cores"), s["cpu_cores"]),
             kit.count_cell(("servers", i, "ram_gb"), s["ram_gb"]), L.cell(env_words[i]), L.cell(crit_words[i]),
             kit.date_cell(None, extra[i]["bought"]), warranty_cell(i)] for i, s in enumerate(servers)],
            rng.choice(["grid", "aligned", "pipe"]))
        kit.pad(doc.line())
        summary()
        doc.line()
        closing()
        kit.date(doc.add("Next audit due: "), None, day + dt.timedelta(days=rng.choice([90, 182, 365]))).line()
    elif layout == "cards":     # one key-value card per server
        doc.add("Server inventory - ").put(("site",), site).line()
        kit.date(doc.add("Snapshot taken "), ("inventory_date",), day)
        doc.add(" by ").put(("prepared_by",), author).line(f", reviewed by {reviewer}").line()
        if legend:
            doc.line(legend).line()
        kv_layout, heading = rng.choice(["colon", "aligned", "stacked", "dots"]), rng.choice(["### ", "== ", "Host: "])
        for i, s in enumerate(servers):
            at, e = ("servers", i), extra[i]
            doc.add(heading).put(at + ("hostname",), s["hostname"]).line()
            rows = [("IP address", L.cell(s["ip_address"], at + ("ip_address",))),
                    (rng.choice(["iLO", "iDRAC", "BMC"]), L.cell(e["mgmt"])),
                    ("Role", L.cell(s["role"], at + ("role",))), ("Model", L.cell(e["model"])),
                    ("Serial", L.cell(e["serial"])), ("Rack", L.cell(e["rack"])),
                    ("Operating system", L.cell(s["os"], at + ("os",))),
                    ("CPU", L.join(kit.count_cell(at + ("cpu_cores",), s["cpu_cores"]),
                                   L.cell(f" cores ({e['sockets']} socket{'s' * (e['sockets'] > 1)})"))),
                    ("Memory", L.join(kit.count_cell(at + ("ram_gb",), s["ram_gb"]), L.cell(" GB"))),
                    ("Disks", L.cell(e["disks"])), ("Environment", L.cell(env_words[i])),
                    ("Criticality", L.cell(crit_words[i])), ("Warranty until", warranty_cell(i))]
            L.kv(doc, rng, rows, kv_layout)
            doc.line()
        kit.pad(doc)
        summary(rng.choice(["colon", "aligned"]))
        closing()
    else:                       # an administrator's e-mail with one line per server
        doc.add("From: ").put(("prepared_by",), author).line(f" <{_address(author, fake.domain_name())}>")
        doc.line(f"To: {rng.choice(TEAMS)}")
        doc.add("Subject: Server inventory ").put(("site",), site).line().line()
        doc.line("Hi all,").line()
        doc.add("Here is the inventory of ").put(("site",), site).add(" as of ")
        kit.date(doc, ("inventory_date",), day)
        doc.line(f" (checked on site at {clock(rng.choice(range(480, 1080, 5)), twelve)}).")
        if legend:
            doc.line(legend)
        doc.line()
        for i, s in enumerate(servers):     # "- db-lon-02 (10.20.1.15): Database, RHEL 9.3, 32 cores, ..."
            at = ("servers", i)
            doc.add("- ").put(at + ("hostname",), s["hostname"]).add(" (").put(at + ("ip_address",), s["ip_address"])
            doc.add(f", iLO {extra[i]['mgmt']}): ").put(at + ("role",), s["role"]).add(", ").put(at + ("os",), s["os"])
            kit.count(doc.add(", "), at + ("cpu_cores",), s["cpu_cores"]).add(" cores, ")
            kit.count(doc, at + ("ram_gb",), s["ram_gb"]).add(f" GB RAM, {env_words[i]}, crit {crit_words[i]}")
            w = s["warranty_end"]
            if w:
                kit.date(doc.add(", warranty until "), at + ("warranty_end",), dt.date.fromisoformat(w))
            else:
                doc.add(", warranty unknown")
            doc.line()
        kit.pad(doc.line())
        kit.count(doc.add("That makes "), ("server_count",), len(servers)).add(" physical servers")
        doc.line(f" and {vms} virtual machines." if vms else ".")
        if facts["power_kw"] is not None:
            kit.num(doc.add("Measured load is "), ("power_kw",), load, 1)
            kit.num(doc.add(" kW of the "), None, capacity, 1).line(" kW we pay for.")
        closing()
        doc.line().line(f"Cheers,\n{author}")
    kit.pad(doc)
    return Draft(("Server inventory", "Hardware inventory", "Server list"), INVENTORY_FIELDS, facts, doc, evidence)


# ---- access request form ----------------------------------------------------------------------

SYSTEMS = {   # system: the department that owns it
    "SAP ERP (FI)": "Finance", "Salesforce CRM": "Sales", "Workday HR": "HR", "Payroll": "HR", "Jira": "IT",
    "Confluence": "IT", "GitLab": "Engineering", "AWS console (prod)": "Engineering", "Azure DevOps": "Engineering",
    "Finance share": "Finance", "Data warehouse": "Analytics", "Power BI workspace": "Analytics",
    "ServiceNow": "IT", "VPN": "IT", "Customer database": "Operations", "Contract archive": "Legal",
    "Backup console": "IT", "Zendesk": "Support"}
LEVELS = {"read": ("Read-only", "Viewer", "Read"), "write": ("Read/write", "Editor", "Write"),
          "admin": ("Admin", "Full control", "Administrator")}
LEVEL_PHRASES = {"read": ("read-only access to", "view access to"), "write": ("write access to", "edit rights on"),
                 "admin": ("admin rights on", "full administrator access to")}
REQUEST_TYPES = {"new": ("Request type: new access", "New access request", "Type: new user / new access"),
                 "change": ("Request type: change of access", "Change to existing access (role change)",
                            "Type: modify access"),
                 "removal": ("Request type: access removal", "Remove access (leaver or mover)",
                             "Type: revoke access")}
ACCESS_STATUSES = {"approved": ("Status: Approved", "Decision: APPROVED", "Approved - access may be provisioned."),
                   "pending": ("Status: Pending approval", "Decision: pending", "Awaiting line manager approval."),
                   "rejected": ("Status: Rejected", "Decision: REJECTED", "Request declined by the approver.")}
RISK = {1: "very low", 2: "low", 3: "medium", 4: "high", 5: "very high"}
GROUPS = ("SG-FIN-AP-RW", "VPN-Standard", "GL-Developers", "PBI-Sales-Viewers", "AWS-Prod-Admins", "HR-Portal-Users",
          "DW-Readers", "CRM-Users-EU", "Jira-Service-Agents", "Confluence-Editors", "FS-Finance-RO",
          "SNOW-ITIL", "Backup-Operators", "Legal-Archive-Read", "ZD-Agents")
JUSTIFICATIONS = ("Cover for month-end close", "New starter in the team", "Needs to run the weekly pipeline reports",
                  "Migration project until the end of the quarter", "Joins the on-call rotation",
                  "Audit preparation", "Covering parental leave", "Moved from Sales to Finance",
                  "Leaves the company at the end of the month")
DEPARTMENTS = {   # department: job titles in it
    "Finance": ("Accounts Payable Clerk", "Financial Controller", "Payroll Officer"),
    "Sales": ("Sales Manager", "Account Executive"), "HR": ("HR Advisor", "Recruiter"),
    "Engineering": ("Software Engineer", "DevOps Engineer", "QA Engineer"),
    "Analytics": ("Data Analyst", "BI Developer"), "Operations": ("Operations Coordinator", "Planner"),
    "Legal": ("Paralegal", "Contracts Manager"), "Customer Support": ("Support Agent", "Team Lead, Support"),
    "Marketing": ("Marketing Executive", "Content Manager"), "IT": ("Systems Administrator", "IT Technician")}
STAFF_LABELS = {"en_US": "Employee ID", "en_GB": "Staff number", "de_DE": "Personnel no. (Personalnummer)",
                "fr_FR": "Employee no. (matricule)"}
MANAGER_LABELS = {"en_US": "Manager", "en_GB": "Line manager", "de_DE": "Line manager (Vorgesetzte/r)",
                  "fr_FR": "Line manager (responsable hiérarchique)"}
FORM_NOTES = {"en_US": "Access is reviewed quarterly under the SOX user access review.",
              "en_GB": "Access is reviewed every quarter; tell the service desk when it is no longer needed.",
              "de_DE": "Personal data is processed under the GDPR (DSGVO); the works council has agreed the access "
                       "policy.",
              "fr_FR": "Personal data is processed under the GDPR (RGPD); the CSE has been informed of the access "
                       "policy."}
ACCESS_FIELDS = [
    F.text("user", "User", ("Person who is to get or lose the access (not the requester or an approver).",
                            "Name of the user."), "employee", "user_name", "beneficiary"),
    F.text("employee_id", "Employee ID", "User's employee or staff number, if given (not the ticket number or "
           "cost centre).", "staff_number", "personnel_number", optional=True, keep=0.5),
    F.text("department", "Department", "User's department or team.", "team", "business_unit", keep=0.6),
    F.date("request_date", "Request date", ("Day the request was raised (not the day access starts or the "
                                            "approval date).", "Date of the request."), "date", "submitted_on"),
    F.date("start_date", "Access from", "Day the access is needed from, or removed on (not the request date).",
           "access_start", "effective_date", keep=0.7),
    F.date("end_date", "Access until", "Day temporary access ends; null for permanent access.", "expiry_date",
           "access_end", optional=True, keep=0.7),
    F.choice("request_type", "Request type", "Whether access is granted, changed or removed.", list(REQUEST_TYPES),
             "type", "action", keep=0.7),
    F.items("systems", "Systems", ("Each system the request covers, in order.", "Requested access per system."), [
        F.text("system", "System", "Application, share or system.", "application", "resource"),
        F.choice("access_level", "Access level", "Level of access on this system.", list(LEVELS), "level",
                 "permission", keep=0.8),
    ], "applications", "access_items"),
    F.strings("groups", "Groups", "Directory or security groups named in the request; empty when none are.",
              "ad_groups", "security_groups", keep=0.6),
    F.text("justification", "Justification", "Business reason given for the request, if any.", "reason",
           "business_justification", optional=True, keep=0.5),
    F.text("approver", "Approver", "Manager who approved or rejected the request; null while it is pending (not "
           "a system owner or the security reviewer).", "approved_by", "line_manager", optional=True, keep=0.7),
    F.choice("status", "Status", "Where the request stands.", list(ACCESS_STATUSES), "approval_status", "decision"),
    F.score("risk_rating", "Risk rating", "Security team's risk rating of the request.", RISK, "risk",
            "risk_score", keep=0.6),
    F.flag("privileged", "Privileged access", "Whether administrator or other privileged rights are involved.",
           "admin_rights", "is_privileged", keep=0.7),
    F.flag("training_completed", "Training completed", "Whether the user has completed the security awareness "
           "training.", "security_training", "training_done", keep=0.6),
    F.text("ticket_number", "Ticket number", "Service desk ticket or request number (not the employee ID, an "
           "asset tag, a requested item or the cost centre).", "request_id", "ticket", keep=0.7),
    F.text("manager_email", "Manager e-mail", "E-mail address of the user's line manager, if shown (not the "
           "service desk's address).", "approver_email", format="email", optional=True, keep=0.4),
    F.generate("summary", "Summary", "One sentence saying who needs which access and why.", 40, keep=0.2),
]


def access_request_form(kit: Kit) -> Draft:
    fake, rng, doc, loc = kit.fake, kit.rng, Doc(), kit.locale
    kind = rng.choice(["new"] * 3 + ["change"] * 2 + ["removal"])
    status = rng.choice(["approved"] * 5 + ["pending"] * 2 + ["rejected"])
    picked = rng.sample(list(SYSTEMS), rng.randint(1, 5))
    systems = [{"system": s, "access_level": rng.choice(["read"] * 3 + ["write"] * 3 + ["admin"])} for s in picked]
    privileged = any(s["access_level"] == "admin" for s in systems)
    worst = max({"read": 1, "write": 2, "admin": 4}[s["access_level"]] for s in systems)
    risk = 1 if kind == "removal" else min(5, worst + rng.choice([0, 0, 1]))
    user, manager, requester, owner, reviewer = _plain_names(kit, 5)
    if kit.chance(0.3):
        requester = user        # a self-service request
    department = rng.choice(list(DEPARTMENTS))
    requested = kit.day()
    start = requested + dt.timedelta(days=rng.choice([0, 1, 3, 7, 14]))
    end = start + dt.timedelta(days=rng.choice([7, 30, 60, 90])) if kind != "removal" and kit.chance(0.4) else None
    domain = fake.domain_name()
    manager_email = _address(manager, domain)
    ticket = rng.choice(["REQ", "RITM", "SR-", "ACC-"]) + str(rng.randint(10**5, 10**7))
    facts = {"user": user, "employee_id": kit.maybe(rng.choice(["E", "", "P"]) + str(rng.randint(10000, 999999)), 0.6),
             "department": department, "request_date": requested.isoformat(), "start_date": start.isoformat(),
             "end_date": end.isoformat() if end else None, "request_type": kind, "systems": systems,
             "groups": rng.sample(GROUPS, rng.choice([0, 0, 1, 2, 3])),
             "justification": kit.maybe(rng.choice(JUSTIFICATIONS[-1:] if kind == "removal" else JUSTIFICATIONS[:-1]),
                                        0.7),
             "approver": manager if status != "pending" else None, "status": status, "risk_rating": risk,
             "privileged": privileged, "training_completed": kit.chance(0.7),
             "ticket_number": ticket, "manager_email": kit.maybe(manager_email, 0.5)}
    verb = {"new": "needs", "change": "needs changed", "removal": "loses"}[kind]
    facts["summary"] = (f"{user} ({department}) {verb} access to {', '.join(s['system'] for s in systems)}"
                        + (f": {facts['justification']}." if facts["justification"] else "."))
    level_form = rng.randrange(3)
    names = {lvl: LEVELS[lvl][level_form] for lvl in LEVELS}
    type_text = rng.choice(REQUEST_TYPES[kind])
    status_text = rng.choice(ACCESS_STATUSES[status])
    risk_text = rng.choice([f"Risk rating: {risk}/5 ({RISK[risk]})", f"Security risk: {RISK[risk]} ({risk})",
                            f"Risk score: {risk} of 5"])
    priv_text = says(rng, privileged, ("Privileged access: yes", "This request includes privileged (administrator) "
                                                                 "rights.", "Privileged account required: yes"),
                     ("Privileged access: no", "No privileged or administrator rights are requested.",
                      "Privileged account required: no"))
    trained = requested - dt.timedelta(days=rng.randint(10, 300))
    training_text = says(rng, facts["training_completed"],
                         (f"Security awareness training completed on {kit.date_text(trained)}.",
                          "Training completed: yes", "The user has completed the mandatory security training."),
                         ("Security awareness training: not yet completed", "Training completed: no",
                          "The user has not completed the mandatory security training yet."))
    evidence = {("request_type",): type_text, ("status",): status_text, ("risk_rating",): risk_text,
                ("privileged",): priv_text, ("training_completed",): training_text}
    cost_centre = f"CC-{rng.randint(1000, 9999)}"
    decided = requested + dt.timedelta(days=rng.randint(0, 3))
    title = rng.choice(DEPARTMENTS[department])

    def period() -> None:
        label = ("Remove on: " if kind == "removal" else
                 rng.choice(["Access from: ", "Start date: ", "Effective from: "]))
        kit.date(doc.add(label), ("start_date",), start)
        if end:
            kit.date(doc.add(rng.choice(["  Until: ", "; temporary, until "])), ("end_date",), end).line()
        else:
            doc.line("" if kind == "removal" else rng.choice(["  Until: permanent", "; permanent access"]))

    def level_lines() -> None:
        on = rng.choice(["[x]", "[X]", "\u2612"])
        off = "\u2610" if on == "\u2612" else "[ ]"
        width = max(len(s["system"]) for s in systems)
        for i, s in enumerate(systems):    # "SAP ERP (FI):  [ ] Read-only  [x] Read/write  [ ] Admin"
            at = ("systems", i)
            doc.put(at + ("system",), s["system"]).add(":" + " " * (width - len(s["system"]) + 1))
            for lvl in LEVELS:
                doc.add(f" {on if lvl == s['access_level'] else off} {names[lvl]}")
            evidence[at + ("access_level",)] = f"{on} {names[s['access_level']]}"
            doc.line(f"   Owner: {owner if i == 0 else SYSTEMS[s['system']] + ' team'}")

    def level_table() -> None:
        L.table(doc, rng, ["#", "System", "Access level", "Data owner"], [
            [L.cell(str(i + 1)), L.cell(s["system"], ("systems", i, "system")), L.cell(names[s["access_level"]]),
             L.cell(owner if i == 0 else f"{SYSTEMS[s['system']]} team")] for i, s in enumerate(systems)])
        for i, s in enumerate(systems):
            evidence[("systems", i, "access_level")] = names[s["access_level"]]

    def level_prose() -> None:
        for i, s in enumerate(systems):     # "write access to Jira, view access to VPN and admin rights on GitLab"
            phrase = rng.choice(LEVEL_PHRASES[s["access_level"]])
            evidence[("systems", i, "access_level")] = phrase
            doc.add("" if i == 0 else " and " if i == len(systems) - 1 else ", ")
            doc.add(phrase + " ").put(("systems", i, "system"), s["system"])

    def groups() -> None:
        _strings(kit, doc, "groups", facts["groups"], rng.choice(["Groups", "AD groups", "Security groups"]),
                 rng.choice(["Groups: none", "No directory groups requested."]))

    def justification(label: str) -> None:
        if facts["justification"]:
            doc.add(label).put(("justification",), facts["justification"]).line()
        else:
            doc.line(label + rng.choice(["see ticket", "-"]))

    layout = rng.choice(["form", "email", "ticket"])
    if layout == "form":        # the paper or PDF form
        doc.line(f"{fake.company()} - "
                 + rng.choice(["IT ACCESS REQUEST FORM", "User access request", "System access form"]))
        doc.line(f"Form ITS-{rng.randint(1, 30):02d} (rev. {rng.randint(2, 9)})")
        doc.add("Ticket no.: ").put(("ticket_number",), ticket).line().line()
        doc.line("Section A - User details")
        rows = [("Name", L.cell(user, ("user",)))]
        if facts["employee_id"]:
            rows.append((STAFF_LABELS[loc], L.cell(facts["employee_id"], ("employee_id",))))
        rows += [("Department", L.cell(department, ("department",))), ("Job title", L.cell(title)),
                 ("Cost centre", L.cell(cost_centre)), (MANAGER_LABELS[loc], L.cell(manager)),
                 ("Requested by", L.cell(requester)), ("Date of request", kit.date_cell(("request_date",), requested))]
        if facts["manager_email"]:
            rows.insert(6, ("Manager e-mail", L.cell(manager_email, ("manager_email",))))
        L.kv(doc, rng, rows, rng.choice(["colon", "aligned", "dots", "grid", "stacked"]))
        doc.line().line(type_text).line().line("Section B - Access required")
        level_lines() if kit.chance(0.6) else level_table()
        groups()
        period()
        kit.pad(doc.line())
        doc.line("Section C - Justification")
        justification("Reason: ")
        doc.line(priv_text).line(training_text).line().line("Section D - Approval")
        rows = [("Line manager", L.cell(manager, ("approver",)) if facts["approver"] else L.cell("-")),
                ("Date", kit.date_cell(None, decided) if facts["approver"] else L.cell("-")),
                ("Security review", L.cell(reviewer))]
        L.kv(doc, rng, rows, rng.choice(["colon", "aligned"]))
        doc.line(risk_text).line(status_text).line().line(FORM_NOTES[loc])
    elif layout == "email":     # a request by e-mail, with the replies above it
        desk = f"servicedesk@{domain}"
        if status != "pending":
            doc.add(f"From: {manager}")
            if facts["manager_email"]:
                doc.add(" <").put(("manager_email",), manager_email).add(">")
            doc.line().line(f"To: {desk}")
            kit.date(doc.add("Date: "), None, decided).line()
            doc.line(f"Subject: RE: Access request for {user}").line().line(status_text)
            doc.add(rng.choice(["Regards,\n", "Thanks,\n", "-- \n"])).put(("approver",), manager).line().line()
            doc.line(f"> {reviewer} (IT Security) wrote:").line(f"> {risk_text}").line(">")
        doc.line(f"From: {requester} <{_address(requester, domain, kit.chance(0.5))}>").line(f"To: {desk}")
        kit.date(doc.add("Date: "), ("request_date",), requested).line()
        doc.add("Subject: Access request for ").put(("user",), user).line().line()
        doc.line("Hi team,").line()
        doc.add("Could you please " + {"new": "set up", "change": "change", "removal": "remove"}[kind]
                + " access for ").put(("user",), user).add(f" ({title}, ").put(("department",), department)
        if facts["employee_id"]:
            doc.add(", staff no. ").put(("employee_id",), facts["employee_id"])
        doc.line(")?").line(type_text)
        doc.add("Please remove " if kind == "removal" else "I need " if requester == user else "They need ")
        level_prose()
        doc.line(".")
        period()
        groups()
        justification("Reason: ")
        doc.line(priv_text).line(training_text)
        if status == "pending":
            doc.line(status_text).line(f"{manager} still needs to approve this.")
            if facts["manager_email"]:
                doc.add("Manager: ").put(("manager_email",), manager_email).line()
            doc.line(f"Security pre-check by {reviewer}: {risk_text}")
        doc.line().line(f"Thanks,\n{requester}").line()
        kit.pad(doc)
        doc.add("[Auto-reply] Your request has been logged as ").put(("ticket_number",), ticket)
        doc.line(f" (cost centre {cost_centre}).")
    else:                       # a service desk ticket with its approval history
        doc.add(f"{rng.choice(['Request', 'Ticket'])} ").put(("ticket_number",), ticket).line(" - Access request")
        rows = [("Requested for", L.cell(user, ("user",))), ("Opened by", L.cell(requester)),
                ("Opened", kit.date_cell(("request_date",), requested)),
                ("Department", L.cell(department, ("department",)))]
        if facts["employee_id"]:
            rows.append((STAFF_LABELS[loc], L.cell(facts["employee_id"], ("employee_id",))))
        rows += [("Asset tag", L.cell(f"LT-{rng.randint(10000, 99999)}")), ("Cost centre", L.cell(cost_centre))]
        if facts["manager_email"]:
            rows.append(("Manager", L.cell(manager_email, ("manager_email",))))
        L.kv(doc, rng, rows)
        doc.line().line(type_text).line(status_text).line()
        doc.line("Requested items:")
        if kit.chance(0.5):
            level_table()
        else:
            for i, s in enumerate(systems):
                item = f"RITM{rng.randint(10**6, 10**7 - 1)}"
                doc.add(f"- {item}  ").put(("systems", i, "system"), s["system"])
                doc.line(f" - {names[s['access_level']]}")
                evidence[("systems", i, "access_level")] = names[s["access_level"]]
        period()
        groups()
        kit.pad(doc.line())
        doc.line("Approvals:")
        approvals = [[L.cell(manager, ("approver",)) if facts["approver"] else L.cell(manager), L.cell("Line manager"),
                      L.cell({"approved": "Approved", "rejected": "Rejected", "pending": "Requested"}[status]),
                      kit.date_cell(None, decided) if facts["approver"] else L.cell("-")]]
        approvals.append([L.cell(owner), L.cell("System owner"),
                          L.cell("Approved" if status == "approved" else "Not yet"),
                          L.cell("-")])
        L.table(doc, rng, ["Approver", "Role", "State", "Date"], approvals)
        doc.line().line("Work notes:")
        doc.line(f"{reviewer} (IT Security): {risk_text}")
        justification("Business justification: ")
        doc.line(priv_text).line(training_text)
    kit.pad(doc)
    return Draft(("Access request", "IT access request form", "User access request"), ACCESS_FIELDS, facts, doc,
                 evidence)


# ---- backup job report ------------------------------------------------------------------------

SOFTWARE = ("Vaultline Backup & Replication", "ArcSafe Backup Server", "Cobalt Backup", "Keepsafe Data Protector")
JOB_GROUPS = ("VM-Prod", "SQL", "FileServer", "Exchange", "NAS", "Web-Tier", "ERP", "Linux-Hosts", "DC")
SCHEDULES = ("Nightly", "Daily", "Weekly", "Hourly", "Offsite")
BACKUP_TYPES = {"full": ("Backup type: full", "Full backup", "Mode: active full"),
                "incremental": ("Backup type: incremental", "Incremental run", "Mode: incremental"),
                "differential": ("Backup type: differential", "Differential backup", "Mode: differential")}
RESULTS = {"success": ("Success", "OK", "Succeeded"), "warning": ("Warning", "WARN", "Completed with warnings"),
           "failed": ("Failed", "ERROR", "Failed")}
JOB_STATUS = {"success": ("Result: Success", "Job finished successfully.", "Status: completed without errors"),
              "warning": ("Result: Warning", "Job finished with warnings.", "Status: completed with warnings"),
              "failed": ("Result: Failed", "Job failed.", "Status: failed - see the errors listed")}
OBJECT_WARNINGS = ("snapshot removal took longer than expected", "changed block tracking was reset",
                   "guest credentials could not be verified", "retried after a network timeout",
                   "some files were locked and skipped")
OBJECT_ERRORS = ("VSS writer timed out", "host unreachable", "snapshot creation failed",
                 "not enough space on the proxy", "authentication failed")
JOB_WARNINGS = ("Repository free space below 10%", "Job ran past its backup window", "Proxy was busy",
                "License expires soon", "Catalog update was skipped")
DATABASES = ("SalesDB", "HR_Payroll", "ERP_PROD", "Inventory", "CRM_Main", "Billing", "Reporting", "Intranet")
BACKUP_FIELDS = [
    F.text("job_name", "Job name", ("Backup job the report is about (not another job, the policy or the "
                                    "repository).", "Name of the backup job."), "job", "backup_job"),
    F.text("backup_server", "Backup server", "Server that ran the job, if named (not a protected machine or the "
           "repository).", "server", "media_server", optional=True, keep=0.5),
    F.text("repository", "Repository", "Repository or storage the backup was written to (not the offsite copy "
           "target).", "target", "destination", keep=0.6),
    F.date("run_date", "Run date", ("Day the run started (not the day it finished, the next scheduled run or the "
                                    "last successful run).", "Date of the backup run."), "date", "started_on"),
    F.text("start_time", "Start time", "Time the run started, as written (not the end time).", "started_at",
           "time", keep=0.5),
    F.text("duration", "Duration", "How long the run took, as written, if stated.", "elapsed", "run_time",
           optional=True, keep=0.5),
    F.choice("backup_type", "Backup type", "Kind of backup the run made.", list(BACKUP_TYPES), "mode", "type",
             keep=0.7),
    F.choice("status", "Status", "Overall result of the run.", list(JOB_STATUS), "result", "job_status"),
    F.items("objects", "Objects", ("Each machine or database the job processed, in order.",
                                   "Protected objects of the run."), [
        F.text("name", "Name", "Machine or database.", "object", "host"),
        F.choice("status", "Status", "Result for this object.", list(RESULTS), "result", keep=0.8),
        F.number("transferred_gb", "Transferred (GB)", "Data transferred for this object in GB (not the data read "
                 "or its size).", "size_gb", "transferred", keep=0.8),
    ], "vms", "protected_objects"),
    F.number("total_transferred_gb", "Total transferred (GB)", "Data the run transferred in GB (not the data read "
             "or processed).", "transferred_gb", "data_transferred", keep=0.8),
    F.integer("restore_points", "Restore points kept", "Retention in restore points; null when retention is "
              "given in days (not the points now on disk).", "retention_points", "retention", optional=True,
              keep=0.6),
    F.flag("encrypted", "Encrypted", "Whether the backup files are encrypted.", "encryption", "is_encrypted",
           keep=0.7),
    F.flag("offsite_copy", "Offsite copy", "Whether a copy went to offsite or cloud storage this run.",
           "copied_offsite", "offsite", keep=0.6),
    F.strings("messages", "Messages", "Warning and error messages of the run, in order; empty when it ran clean.",
              "warnings", "errors", keep=0.7),
    F.text("notify_email", "Report recipient", "Address the report was sent to, if shown (not the sender).",
           "recipient", "report_to", format="email", optional=True, keep=0.4),
]


def backup_job_report(kit: Kit) -> Draft:
    fake, rng, doc, loc = kit.fake, kit.rng, Doc(), kit.locale
    city = fake.city()
    code = _site_code(city)
    jobs = [f"{g}-{s}" for g, s in zip(rng.sample(JOB_GROUPS, 4), [rng.choice(SCHEDULES) for _ in range(4)])]
    job, other_jobs = jobs[0], jobs[1:1 + rng.choice([0, 1, 2, 3])]
    kind = rng.choice(["incremental"] * 4 + ["full"] * 2 + ["differential"])
    if "SQL" in job or "ERP" in job:
        names = rng.sample(DATABASES, rng.randint(1, 5))
    else:
        prefixes = rng.sample(["web", "app", "db", "fs", "dc", "mx", "mon", "ci", "erp"], rng.randint(1, 6))
        names = [f"{p}-{code}-{rng.randint(1, 9):02d}" for p in prefixes]
    weights = {"success": 8, "warning": 2, "failed": 1}
    objects, sizes = [], []
    for name in names:
        result = rng.choices(list(weights), [weights[k] for k in weights])[0]
        size = float(rng.randint(20, 900))
        read = size * (rng.uniform(0.6, 0.9) if kind == "full" else rng.uniform(0.02, 0.2))
        moved = round(read / rng.uniform(1.4, 3.0), 1) if result != "failed" else round(read * rng.uniform(0, 0.1), 1)
        objects.append({"name": name, "status": result, "transferred_gb": moved})
        sizes.append((size, round(read, 1)))
    worst = max((o["status"] for o in objects), key=list(weights).index)
    messages, message_of = [], {}     # an object's message, by the object's index
    for i, o in enumerate(objects):
        if o["status"] != "success":
            message_of[i] = len(messages)
            pool = OBJECT_WARNINGS if o["status"] == "warning" else OBJECT_ERRORS
            messages.append(f"{o['name']}: {rng.choice(pool)}")
    if worst != "success" and kit.chance(0.3) or kit.chance(0.08):
        messages.append(rng.choice(JOB_WARNINGS))
        worst = "warning" if worst == "success" else worst
    day = kit.day()
    start = rng.choice(range(18 * 3600, 24 * 3600, 61)) if kit.chance(0.8) else rng.choice(range(3600, 5 * 3600, 61))
    durations = [rng.randint(60, 1800) for _ in objects]      # seconds each object took
    seconds = sum(durations) + rng.randint(30, 300)
    end_day = day + dt.timedelta(days=(start + seconds) // 86400)
    twelve = loc == "en_US" and kit.chance(0.4)
    start_text = clock(start // 60, True) if twelve else _hms(start)
    h, m = divmod(seconds // 60, 60)
    duration = rng.choice([_hms(seconds), f"{h} h {m:02d} min" if h else f"{m} min {seconds % 60} s"])
    server = rng.choice([f"bkp-{code}-01", f"BKP{rng.randint(1, 9):02d}",
                         f"backup{rng.randint(1, 3)}.{code}.corp.local"])
    repo = rng.choice([f"Repo-{code.upper()}-{rng.randint(1, 4):02d}", "NAS-Repository", "SOBR-Primary",
                       f"Dedup-Appliance-{rng.randint(1, 3)}"])
    offsite_target = rng.choice(["Cloud tier (S3)", "Offsite-DR-Site", "Tape library"])
    retention_points = rng.choice([7, 14, 14, 30, 31, 60])
    by_days = kit.chance(0.3)
    total = round(sum(o["transferred_gb"] for o in objects), 1)
    recipient = fake.company_email()
    facts = {"job_name": job, "backup_server": kit.maybe(server, 0.7), "repository": repo,
             "run_date": day.isoformat(), "start_time": start_text, "duration": kit.maybe(duration, 0.7),
             "backup_type": kind, "status": worst, "objects": objects, "total_transferred_gb": total,
             "restore_points": None if by_days else retention_points, "encrypted": kit.chance(0.6),
             "offsite_copy": kit.chance(0.5), "messages": messages, "notify_email": kit.maybe(recipient, 0.5)}
    res_form = rng.randrange(3)
    res_words = [RESULTS[o["status"]][res_form] for o in objects]
    type_text = rng.choice(BACKUP_TYPES[kind])
    status_text = rng.choice(JOB_STATUS[worst])
    enc_text = says(rng, facts["encrypted"], ("Encryption: enabled (AES-256)", "Backup files are encrypted."),
                    ("Encryption: disabled", "Backup files are not encrypted."))
    off_text = says(rng, facts["offsite_copy"], (f"Offsite copy: completed to {offsite_target}",
                                                 f"A copy was sent to {offsite_target}."),
                    ("Offsite copy: not configured", "No offsite copy was made for this run.",
                     f"Offsite copy to {offsite_target}: skipped"))
    evidence = {("backup_type",): type_text, ("status",): status_text, ("encrypted",): enc_text,
                ("offsite_copy",): off_text}
    for i in range(len(objects)):
        evidence[("objects", i, "status")] = res_words[i]
    processed = round(sum(s for s, _ in sizes), 1)
    read_total = round(sum(r for _, r in sizes), 1)
    on_disk = max(1, retention_points - rng.randint(0, 4))
    next_run = day + dt.timedelta(days=7 if "Weekly" in job else 1)
    software = rng.choice(SOFTWARE)

    def retention_cell() -> L.Cell:
        if by_days:
            return L.cell(f"{retention_points} days")
        return L.join(kit.count_cell(("restore_points",), retention_points), L.cell(" restore points"))

    def when_cell() -> L.Cell:
        return L.join(kit.date_cell(("run_date",), day), L.cell(" "), L.cell(start_text, ("start_time",)))

    def object_table() -> None:
        L.table(doc, rng, ["Name", "Status", "Size (GB)", "Read (GB)", "Transferred (GB)"], [
            [L.cell(o["name"], ("objects", i, "name")), L.cell(res_words[i]), kit.num_cell(None, sizes[i][0], 1),
             kit.num_cell(None, sizes[i][1], 1), kit.num_cell(("objects", i, "transferred_gb"), o["transferred_gb"], 1)]
            for i, o in enumerate(objects)])

    def object_lines() -> None:
        bullet = rng.choice(["- ", "* ", "\u2022 "])
        for i, o in enumerate(objects):     # "- web-lon-01: Success, 12.4 GB transferred (read 48.0 GB)"
            doc.add(bullet).put(("objects", i, "name"), o["name"]).add(f": {res_words[i]}, ")
            kit.num(doc, ("objects", i, "transferred_gb"), o["transferred_gb"], 1).add(" GB transferred (read ")
            kit.num(doc, None, sizes[i][1], 1).line(" GB)")

    def message_block() -> None:
        _strings(kit, doc, "messages", messages, rng.choice(["Messages", "Warnings and errors", "Details"]),
                 rng.choice(["No warnings or errors.", "Messages: none"]))

    def others() -> None:
        if other_jobs:
            doc.line(rng.choice(["Other jobs on this server:", "Also ran tonight:"]))
            for j in other_jobs:
                doc.add(f"- {j}: {rng.choice(['Success', 'Success', 'Warning', 'Failed'])}, ")
                kit.num(doc, None, round(rng.uniform(1, 400), 1), 1).line(" GB")

    layout = rng.choice(["notification", "log", "summary", "operator"])
    if layout == "notification":    # the e-mail the backup software sends
        doc.line(f"From: {software} <backup@{fake.domain_name()}>")
        doc.add("To: ").put(("notify_email",), recipient).line() if facts["notify_email"] else None
        doc.add(f"Subject: [{RESULTS[worst][0]}] ").put(("job_name",), job)
        doc.line(f" ({len(objects)} object{'s' * (len(objects) > 1)})").line()
        doc.put(("job_name",), job).line().line(status_text).line()
        rows = []
        if facts["backup_server"]:
            rows.append(("Created by", L.cell(server, ("backup_server",))))
        rows += [("Start time", when_cell()),
                 ("End time", L.join(kit.date_cell(None, end_day), L.cell(" " + _hms(start + seconds))))]
        if facts["duration"]:
            rows.append(("Duration", L.cell(duration, ("duration",))))
        rows += [("Total size (GB)", kit.num_cell(None, processed, 1)),
                 ("Data read (GB)", kit.num_cell(None, read_total, 1)),
                 ("Transferred (GB)", kit.num_cell(("total_transferred_gb",), total, 1)),
                 ("Deduplication", L.cell(f"{kit.style.decimal(rng.uniform(1.2, 4.0), 1)}x")),
                 ("Repository", L.cell(repo, ("repository",))), ("Retention", retention_cell())]
        L.kv(doc, rng, rows, rng.choice(["pipe", "grid", "aligned", "colon"]))
        doc.line(type_text).line()
        object_table()
        kit.pad(doc.line())
        message_block()
        doc.line(enc_text).line(off_text)
        kit.date(doc.add("Next run: "), None, next_run).line()
    elif layout == "log":           # the job's own log
        doc.line(f"{software} - job log").line()

        def stamp(at: int, path=None, time_path=None) -> None:
            d = day + dt.timedelta(days=at // 86400)
            doc.put(path, kit.style.date(d, "iso")) if path else doc.add(kit.style.date(d, "iso"))
            doc.add(" ")
            doc.put(time_path, start_text) if time_path else doc.add(_hms(at))
            doc.add("  ")

        if twelve:      # a log writes a 24-hour clock: the start time is given in the header
            doc.add("Scheduled start: ").put(("start_time",), start_text).line()
            stamp(start, ("run_date",))
        else:
            stamp(start, ("run_date",), ("start_time",))
        doc.add("INFO   Job '").put(("job_name",), job).line("' started")
        stamp(start)
        doc.add("INFO   ").line(type_text)
        t = start + rng.randint(1, 9)
        if facts["backup_server"]:
            stamp(t)
            doc.add("INFO   Running on ").put(("backup_server",), server).line()
        stamp(t + 1)
        doc.add("INFO   Target repository: ").put(("repository",), repo).line()
        t += 2
        for i, o in enumerate(objects):
            stamp(t)
            doc.add("INFO   Processing ").put(("objects", i, "name"), o["name"]).line()
            t += durations[i]
            stamp(t)
            level = {"success": "INFO ", "warning": "WARN ", "failed": "ERROR"}[o["status"]]
            if i in message_of:
                k = message_of[i]
                doc.add(f"{level}  ").put(("messages", k), messages[k]).line()
                stamp(t)
            kit.num(doc.add(f"{level}  {o['name']}: {res_words[i]}, "), ("objects", i, "transferred_gb"),
                    o["transferred_gb"], 1)
            doc.add(" GB transferred, ")
            kit.num(doc, None, sizes[i][1], 1).line(" GB read")
        for k in range(len(message_of), len(messages)):     # the job's own warnings come last
            stamp(t)
            doc.add("WARN   ").put(("messages", k), messages[k]).line()
        stamp(start + seconds)
        kit.num(doc.add("INFO   Transferred total: "), ("total_transferred_gb",), total, 1).line(" GB")
        stamp(start + seconds)
        doc.add("INFO   ").line(status_text)
        if facts["duration"]:
            stamp(start + seconds)
            doc.add("INFO   Duration: ").put(("duration",), duration).line()
        kit.pad(doc.line())
        L.write(doc.add("Retention: "), retention_cell()).line(f" ({on_disk} on disk)")
        doc.line(enc_text).line(off_text)
        if facts["notify_email"]:
            doc.add("Report mailed to ").put(("notify_email",), recipient).line()
    elif layout == "summary":       # the daily report, rendered from HTML
        doc.line(f"{software} - daily backup report").line()
        rows = [("Job", L.cell(job, ("job_name",))), ("Run", when_cell())]
        rows += [("Backup server", L.cell(server, ("backup_server",)))] * bool(facts["backup_server"])
        rows += [("Repository", L.cell(repo, ("repository",))), ("Retention", retention_cell())]
        rows += [("Duration", L.cell(duration, ("duration",)))] * bool(facts["duration"])
        L.kv(doc, rng, rows)
        doc.line(type_text).line(status_text).line()
        doc.line(rng.choice(["Protected objects:", "Objects:"]))
        object_lines() if kit.chance(0.5) else object_table()
        kit.pad(doc.line())
        kit.num(doc.add("Processed: "), None, processed, 1).add(" GB | Read: ")
        kit.num(doc, None, read_total, 1).add(" GB | Transferred: ")
        kit.num(doc, ("total_transferred_gb",), total, 1).line(" GB")
        message_block()
        doc.line(enc_text).line(off_text).line()
        others()
        if facts["notify_email"]:
            doc.add("Sent to: ").put(("notify_email",), recipient).line()
        kit.date(doc.add("Last successful run: "), None, day - dt.timedelta(days=rng.randint(1, 6))).line() \
            if worst == "failed" else None
    else:                           # an operator's morning check by e-mail
        checked = day + dt.timedelta(days=0 if start < 6 * 3600 else 1)
        doc.line(f"Subject: Backup check {kit.date_text(checked)}").line().line("Morning all,").line()
        doc.add("Last night's run of ").put(("job_name",), job)
        if facts["backup_server"]:
            doc.add(" on ").put(("backup_server",), server)
        kit.date(doc.add(" started on "), ("run_date",), day).add(" at ").put(("start_time",), start_text)
        if facts["duration"]:
            doc.add(" and took ").put(("duration",), duration)
        doc.line(".").line(type_text).line(status_text)
        kit.num(doc.add("It wrote "), ("total_transferred_gb",), total, 1).add(" GB to ").put(("repository",), repo)
        kit.num(doc.add(" (out of "), None, read_total, 1).line(" GB read).").line()
        object_lines()
        kit.pad(doc.line())
        message_block()
        L.write(doc.add("Retention is "), retention_cell()).line(f"; {on_disk} are on disk now.")
        doc.line(enc_text).line(off_text)
        others()
        if facts["notify_email"]:
            doc.add("The full report went to ").put(("notify_email",), recipient).line(".")
        doc.line().line(f"Thanks,\n{_plain_names(kit, 1)[0]}")
    kit.pad(doc)
    return Draft(("Backup job report", "Backup report", "Backup job result"), BACKUP_FIELDS, facts, doc, evidence)
