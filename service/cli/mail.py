"""``farmpost dns-records``: the DNS records the configured mail needs,
with a sentence on each (service/ops/dns_records.py); ``farmpost
mail-check``: a test mail sent and graded (service/ops/mail_check.py).
Registering imports nothing heavy: the command's modules load when it runs."""

from __future__ import annotations


def register(subparsers) -> None:
    records = subparsers.add_parser("dns-records", help="print the SPF, DKIM, DMARC and MX records the mail needs")
    records.set_defaults(func=cmd_dns_records)
    check = subparsers.add_parser(
        "mail-check", help="send a test mail through the relay, read it back and grade it (exit 1 on a fail)")
    check.add_argument("--to", help="the address to send to (default MAIL_CHECK_TO)")
    check.add_argument("--imap", metavar="URL", help="the mailbox to read it back from (default MAIL_CHECK_IMAP_URL)")
    check.add_argument("--records", metavar="FILE",
                       help="check the signature against these DNS records (as dns-records prints them) instead "
                            "of DNS: before publishing them")
    check.add_argument("--wait", type=float, default=120.0, help="seconds to wait for the mail (default 120)")
    check.set_defaults(func=cmd_mail_check)


def cmd_dns_records(args) -> int:
    from service.core.config import load_config
    from service.ops.dns_records import dns_records

    records, warnings = dns_records(load_config())
    for record in records:
        print(f"; {record.note}")
        print(record.zone_line())
        print()
    for warning in warnings:
        print(f"warning: {warning}")
    return 1 if warnings else 0


def cmd_mail_check(args) -> int:
    from service.ops.mail_check import FAIL, run_mail_check
    from service.wiring import services_from_environment

    dnsfunc = records_dns(args.records) if args.records else None
    lines = run_mail_check(services_from_environment(), to=args.to, imap_url=args.imap, dnsfunc=dnsfunc,
                           wait=args.wait)
    for line in lines:
        print(f"{line.status.upper():4}  {line.name}: {line.text}")
    failed = [line for line in lines if line.status == FAIL]
    print("mail-check: " + (f"{len(failed)} failed" if failed else "passed"))
    return 1 if failed else 0


def records_dns(path: str):
    """A dkimpy ``dnsfunc`` answering from a zone file's TXT lines."""
    import re
    from pathlib import Path

    records = {}
    for line in Path(path).read_text().splitlines():
        match = re.match(r"^(\S+?)\.? +IN +TXT +(.*)$", line.strip())
        if match:
            records[match[1].lower()] = "".join(re.findall(r'"([^"]*)"', match[2])).encode()

    def lookup(name, timeout=5):
        name = (name.decode() if isinstance(name, bytes) else name).rstrip(".").lower()
        return records.get(name, b"")

    return lookup
