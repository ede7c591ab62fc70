"""The ratings' texts built in Python come in the farmer's language (the
``answers`` catalog): the reliability record, the public-name refusals, the
open table's refusals of a minimum share, and the "still in?" answers."""

from __future__ import annotations

import pytest

from service.core.errors import InvalidInput
from service.game.reliability import Reliability
from service.usecases import creation, public_names
from service.usecases.creation import FarmerSpec


def test_rating_reliability_record_reads_in_french_and_german():
    record = Reliability("ann@example.com", in_time=3, timeouts=1, resignations=0)
    assert record.text() == "answered 75 % of 4 timed turns in time; 1 timeout; no resignation"
    assert record.text("fr") == "75 % de 4 tours chronométrés joués à temps; 1 dépassement; aucun abandon"
    assert record.text("de") == "75 % von 4 Zügen auf Zeit rechtzeitig gespielt; 1 Zeitüberschreitung; keine Aufgabe"
    assert Reliability("bob@example.com").text("de").startswith("noch kein Zug auf Zeit")


def test_rating_public_name_refusals_name_the_rule_in_the_language_asked(svc):
    with pytest.raises(InvalidInput, match="de 2 à 30 lettres"):
        public_names.check_public_name("!", "fr")
    public_names.set_public_name(svc, "ann@example.com", "Anna B")
    with pytest.raises(InvalidInput, match="„anna b“ in den Ranglisten"):
        public_names.set_public_name(svc, "bob@example.com", "anna b", language="de")


def test_rating_minimum_share_refusal_is_in_the_hosts_language(svc):
    farmers = [FarmerSpec("Ann", "ann@example.com"), FarmerSpec("Bob", "bob@example.com")]
    with pytest.raises(InvalidInput, match="places ouvertes, de 1 à 100 %"):
        creation.create_game(svc, "toy", farmers, min_in_time=90, language="fr")
