"""What a webhook call carries (docs/webhooks.md): the public event as a
sentence for Discord and Slack, or as JSON signed with the hook's secret.

The JSON signature is HMAC-SHA256 over ``<timestamp>.<body>`` (the
timestamp header's value, a dot, the body's bytes), hex, in
``X-Farmpost-Signature: sha256=<hex>``: a receiver that checks it and the
timestamp's age knows the call is ours and fresh (no replays of old calls).
"""

from __future__ import annotations

import hashlib
import hmac
import json

TIMESTAMP_HEADER = "X-Farmpost-Timestamp"
SIGNATURE_HEADER = "X-Farmpost-Signature"
EVENT_HEADER = "X-Farmpost-Event"
DELIVERY_HEADER = "X-Farmpost-Delivery"
USER_AGENT = "Farmpost-Webhook/1"


def sentence(event: dict) -> str:
    """The event in one line: "Sunfield Farm #12: it is Bob's turn (round 3)."."""
    game = event["game"]
    title = f"{game['title']} #{game['id']}"
    if event["event"] == "turn_changed":
        progress = f" ({game['progress']})" if game.get("progress") else ""
        return f"{title}: it is {event['turn']['name']}'s turn{progress}."
    places = "; ".join(f"{place['place']}. {' and '.join(place['names'])} – {place['points']} point"
                       f"{'s' if place['points'] != 1 else ''}" for place in event["result"]["ranking"])
    return f"{title} is over. {places}."


def body(fmt: str, event: dict) -> bytes:
    if fmt == "discord":
        # no @everyone or role pings from a farmer's name
        payload = {"content": sentence(event)[:2000], "username": "Farmpost", "allowed_mentions": {"parse": []}}
    elif fmt == "slack":
        payload = {"text": slack_escape(sentence(event))}
    else:
        payload = event
    return json.dumps(payload, ensure_ascii=False, separators=(",", ":")).encode()


def slack_escape(text: str) -> str:
    """Slack reads &, < and > as markup (links, mentions)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def signature(secret: str, timestamp: str, payload: bytes) -> str:
    mac = hmac.new(secret.encode(), timestamp.encode() + b"." + payload, hashlib.sha256)
    return "sha256=" + mac.hexdigest()


def headers(fmt: str, event: dict, payload: bytes, *, secret: str | None, timestamp: str,
            delivery_id: int) -> dict:
    result = {"Content-Type": "application/json", "User-Agent": USER_AGENT}
    if fmt == "json":
        result.update({EVENT_HEADER: event["event"], DELIVERY_HEADER: str(delivery_id), TIMESTAMP_HEADER: timestamp,
                       SIGNATURE_HEADER: signature(secret or "", timestamp, payload)})
    return result
