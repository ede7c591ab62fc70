"""The HTML board in each recipient's language: given a Sunfield table of
an English, a French and a German farmer, the board in each turn mail's
HTML part and on each seat's page speaks its reader's language. On SQLite
and PostgreSQL (the ``svc`` fixture)."""

from __future__ import annotations

from engine import get_game
from service.usecases import creation, playing
from tests.service.helpers import game_row, mailbox, path_of

ANN = creation.FarmerSpec("Ann", "ann@example.org")
BEA = creation.FarmerSpec("Béatrice", "bea@example.org", language="fr")
DIRK = creation.FarmerSpec("Dirk", "dirk@example.org", language="de")
#: words of the board each reader reads (the market's column heads, a Plot's table)
BOARD_WORDS = {"en": ("column a", "Plot of"), "fr": ("colonne a", "Parcelle de"), "de": ("Spalte a", "Parzelle von")}


def a_mixed_table(svc) -> int:
    created = creation.create_game(svc, "sunfield", [ANN, BEA, DIRK], host=0, seed=1)
    for position in (1, 2):
        creation.join(svc, created.game_id, position)
    return created.game_id


def play_a_turn(svc, game_id: int) -> None:
    """The farmer to act plays their first legal move until their turn ends."""
    rules, game = get_game("sunfield"), game_row(svc, game_id)
    state, seat, codes = game.state, rules.to_act(game.state), []
    while rules.to_act(state) == seat:
        move = rules.legal_moves(state)[0]
        codes.append(move.code())
        state = rules.apply(state, move)
    request_id = playing.submit_move(svc, game_id, seat, codes, source="web", base_version=game.version)
    assert playing.wait_for(svc, request_id, 0).status == "applied"


def html_part(message) -> str:
    return message.get_body(preferencelist=("html",)).get_content()


def test_given_a_mixed_table_then_each_turn_mails_html_board_is_in_its_readers_language(svc):
    game_id = a_mixed_table(svc)
    play_a_turn(svc, game_id)
    play_a_turn(svc, game_id)  # each farmer has had a turn mail
    for address, language in (("ann@example.org", "en"), ("bea@example.org", "fr"), ("dirk@example.org", "de")):
        boards_sent = [html_part(m) for m in mailbox(svc, address) if 'role="table"' in html_part(m)]  # the market's table
        assert boards_sent, f"no board mailed to {address}"
        for words in BOARD_WORDS.values():
            found = all(word in boards_sent[-1] for word in words)
            assert found == (words == BOARD_WORDS[language]), (address, words)


def test_given_a_french_seat_then_its_page_shows_the_board_in_french_and_an_english_one_in_english(client, svc):
    game_id = a_mixed_table(svc)
    game = game_row(svc, game_id)
    pages = {seat.language: client.get(path_of(svc.links.seat_url(game_id, seat.position, seat.secret))).text
             for seat in game.seats}
    for language, page in pages.items():
        assert all(word in page for word in BOARD_WORDS[language]), language
    assert "colonne a" not in pages["en"] and "column a" not in pages["fr"]
