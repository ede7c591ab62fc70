"""The DNS records a Farmpost installation needs for its mail to arrive,
worked out from its configuration (``farmpost dns-records``): SPF for the
envelope sender's domain, one DKIM key record per signing key (the public
half derived from the configured private key), DMARC for the From domain,
and the MX of the reply domain (and of the From domain, where bounces and
complaints come back, when it is another)."""

from __future__ import annotations

from dataclasses import dataclass
from email.utils import parseaddr
from urllib.parse import urlsplit

from service.core.config import Config


@dataclass(frozen=True)
class Record:
    name: str  # fully qualified, without the final dot
    type: str  # TXT or MX
    value: str
    note: str  # one sentence for the operator

    def zone_line(self) -> str:
        """The record as a zone-file line; a TXT longer than 255 characters
        is cut into several strings, as DNS requires (receivers join them)."""
        if self.type != "TXT":
            return f"{self.name}. IN {self.type} {self.value}"
        chunks = [self.value[i:i + 255] for i in range(0, len(self.value), 255)]
        return f"{self.name}. IN TXT " + " ".join(f'"{chunk}"' for chunk in chunks)


def from_domain(config: Config) -> str:
    return parseaddr(config.mail_from)[1].rpartition("@")[2].lower()


def aligned(dkim_domain: str, domain: str) -> bool:
    """DMARC's relaxed alignment: the same domain, or one under the other."""
    a, b = dkim_domain.lower().strip("."), domain.lower().strip(".")
    return a == b or a.endswith("." + b) or b.endswith("." + a)


def dns_records(config: Config) -> tuple[list[Record], list[str]]:
    """The records, and warnings about the configuration itself."""
    from service.outbox.signing import signing_keys

    sender = from_domain(config)
    records, warnings = [], []
    records.append(Record(
        sender, "TXT", f"v=spf1 {config.spf_senders} -all",
        f"SPF: only the hosts named here may send mail whose envelope sender is @{sender} (Farmpost's bounce "
        "address); SPF_SENDERS names them (the relay's include: or its addresses), -all refuses the rest."))
    if config.dkim == "farmpost":
        for key in signing_keys(config):
            kind = "Ed25519" if key.algorithm.startswith("ed25519") else f"RSA-{key.bits}"
            records.append(Record(
                key.record_name, "TXT", key.public_record(),
                f"DKIM ({kind}): the public half of the key Farmpost signs with (selector {key.selector}); to "
                "rotate, publish a new selector's record beside this one, switch DKIM_SELECTOR and the key, "
                "and remove this record a week later."))
        if not aligned(config.dkim_domain, sender):
            warnings.append(f"DKIM_DOMAIN {config.dkim_domain} is not aligned with the From domain {sender}: "
                            "DMARC will not count the signature.")
    elif config.dkim == "relay":
        records.append(Record(
            f"<selector>._domainkey.{sender}", "TXT", "(the record your relay gives you)",
            f"DKIM is left to the relay (DKIM=relay): publish the key record it gives you, and have it sign "
            f"with d={sender} so the signature aligns with From."))
    else:
        warnings.append("DKIM is off: no key is configured (DKIM_PRIVATE_KEY_FILE) and DKIM is not relay; "
                        "mailbox providers will file unsigned mail as spam or refuse it.")
    records.append(Record(
        f"_dmarc.{sender}", "TXT", f"v=DMARC1; p={config.dmarc_policy}; adkim=r; aspf=r; "
                                   f"rua=mailto:postmaster@{sender}; fo=1",
        f"DMARC: what receivers do with mail claiming to be from @{sender} that neither SPF nor DKIM vouches "
        f"for (p={config.dmarc_policy}: start with none, read the reports sent to rua, then set "
        "DMARC_POLICY=quarantine or reject)."))
    mx = config.mx_host or urlsplit(config.base_url).hostname or f"mail.{config.mail_domain}"
    records.append(Record(
        config.mail_domain, "MX", f"10 {mx}.",
        f"MX: the farmers' replies go to play+KEY@{config.mail_domain}; {mx} must receive them and hand them "
        "to `farmpost ingest` (or a mailbox `farmpost imap-poll` reads; docs/operations.md)."))
    if sender != config.mail_domain:
        records.append(Record(
            sender, "MX", f"10 {mx}.",
            f"MX: bounces and spam complaints come back to @{sender}, Farmpost's envelope sender; the same "
            "host must hand them to `farmpost ingest`."))
    return records, warnings
