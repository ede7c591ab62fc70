"""``farmpost dns-records``: the DNS records the configured mail needs,
with a sentence on each (service/ops/dns_records.py). Registering imports
nothing heavy: the command's modules load when it runs."""

from __future__ import annotations


def register(subparsers) -> None:
    records = subparsers.add_parser("dns-records", help="print the SPF, DKIM, DMARC and MX records the mail needs")
    records.set_defaults(func=cmd_dns_records)


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
