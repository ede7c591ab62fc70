"""Reading the create-a-game form: what a host who left something out is told."""

from __future__ import annotations

import pytest

from service.core.errors import InvalidInput
from service.web.home import read_new_game_form

#: the form as the page sends it untouched: two "a person" rows, no names, "me" on the first
EMPTY = {"game": "toy", "host": "0", "player0": "person", "name0": "", "email0": "",
         "player1": "person", "name1": "", "email1": "", "player2": "empty", "player3": "empty"}


def test_an_untouched_form_asks_for_the_farmers_names():
    with pytest.raises(InvalidInput, match="Write the farmers' names: at least your own"):
        read_new_game_form(EMPTY)


def test_names_without_the_hosts_own_ask_for_the_name_in_the_row_marked_me():
    with pytest.raises(InvalidInput, match="Write your name in the row marked “me”"):
        read_new_game_form({**EMPTY, "name1": "Bob", "email1": "bob@example.org"})


def test_a_form_with_no_row_marked_me_asks_which_farmer_the_host_is():
    form = {k: v for k, v in EMPTY.items() if k != "host"} | {"name0": "Ann", "name1": "Bob"}
    with pytest.raises(InvalidInput, match="Mark which farmer you are"):
        read_new_game_form(form)


def test_a_filled_form_is_read():
    kind, farmers, _, host = read_new_game_form({**EMPTY, "name0": "Ann", "name1": "Bob", "email1": "bob@example.org"})
    assert (kind, [f.name for f in farmers], host) == ("toy", ["Ann", "Bob"], 0)
