"""Splitting the fresh text of a reply into commands."""

from __future__ import annotations

import pytest

from mail.inbound.commands import (
    BOARD,
    MOVE,
    MOVES,
    NEW,
    PREVIEW,
    RESIGN,
    SAY,
    STOP,
    UNDO,
    VACATION,
    split_commands,
)


def kinds(text: str, **kw) -> list[tuple[str, str]]:
    return [(c.kind, c.text or c.line) for c in split_commands(text, **kw).commands]


def test_one_command_per_line_or_separated_by_semicolons():
    assert kinds("take b2\nplace 1 -1; pass") == [(MOVE, "take b2"), (MOVE, "place 1 -1"), (MOVE, "pass")]


@pytest.mark.parametrize("greeting", ["Hi", "Hello Anna,", "Hey!", "Bonjour,", "Hallo zusammen", "Good morning"])
def test_a_greeting_before_the_commands_is_ignored(greeting):
    assert kinds(f"{greeting}\n\ntake b2") == [(MOVE, "take b2")]


@pytest.mark.parametrize(
    "sign_off", ["Thanks!", "Thank you", "Cheers, Bob", "Best regards,\nAnna Weber", "Sent from my iPhone", "Danke"]
)
def test_a_sign_off_ends_the_commands_and_the_name_below_it_is_not_read(sign_off):
    assert kinds(f"take b2\n\n{sign_off}\nhof am bach") == [(MOVE, "take b2")]


def test_quoted_lines_blank_lines_and_bullets_are_not_commands():
    assert kinds("> take c3\n\n- take b2\n2. pass\n---") == [(MOVE, "take b2"), (MOVE, "pass")]


@pytest.mark.parametrize(
    "line, kind",
    [("board", BOARD), ("Board", BOARD), ("moves", MOVES), ("help", MOVES), ("undo", UNDO), ("stop", STOP)],
)
def test_the_single_word_commands(line, kind):
    assert kinds(line) == [(kind, line)]


def test_preview_say_resign_and_vacation_carry_their_argument():
    [preview, say, resign, confirmed, vacation] = split_commands(
        "preview take b2\nsay good game, all!\nresign\nresign yes\nvacation 7 days"
    ).commands
    assert (preview.kind, preview.text) == (PREVIEW, "take b2")
    assert (say.kind, say.text) == (SAY, "good game, all")
    assert (resign.kind, resign.confirmed) == (RESIGN, False)
    assert (confirmed.kind, confirmed.confirmed) == (RESIGN, True)
    assert (vacation.kind, vacation.days) == (VACATION, 7)


@pytest.mark.parametrize("line", ["vacation off", "Vacation OFF", "vacation end", "vacation 0"])
def test_vacation_off_is_a_vacation_of_no_days(line):
    [command] = split_commands(line).commands
    assert (command.kind, command.days, command.line) == (VACATION, 0, line)


def test_a_vacation_of_one_to_thirty_days_is_read():
    assert [c.days for c in split_commands("vacation 1\nvacation 30 days").commands] == [1, 30]


@pytest.mark.parametrize(
    "line, says",
    [
        ("vacation soon", "number of days"),
        ("vacation 400", "number of days"),
        ("vacation 31", "1 to 30"),
        ("vacation 0 days", "number of days"),
        ("resign now", "resign yes"),
        ("say", "after “say”"),
        ("preview", "after “preview”"),
    ],
)
def test_a_malformed_non_move_command_gets_an_explanation_quoting_the_line(line, says):
    result = split_commands(f"take b2\n{line}")
    [error] = result.errors
    assert error.line == line
    assert says in error.reason


def test_everything_else_is_a_move_for_the_games_parser():
    assert kinds("tkae b2\nfoo bar") == [(MOVE, "tkae b2"), (MOVE, "foo bar")]


def test_an_option_line_copied_whole_from_a_turn_mail_is_read_as_its_move():
    pasted = "* take b3 → Cow tile (Carrot, Carrot, Corn), costs 2 Seeds\nplace 1 0 -> Carrot on (1, 1)"
    assert kinds(pasted) == [(MOVE, "take b3"), (MOVE, "place 1 0")]
    assert kinds("preview take b3 → costs 2 Seeds") == [(PREVIEW, "take b3")]


def test_new_game_lists_the_game_and_the_invited_farmers():
    [command] = split_commands("new sunfield with alice@x, Bob@Y.org and carla@z.net", new_game=True).commands
    assert command.kind == NEW
    assert command.game == "sunfield"
    assert command.invitees == ("alice@x", "bob@y.org", "carla@z.net")


@pytest.mark.parametrize(
    "line, says",
    [
        ("new chess with a@b.c", "unknown game"),
        ("new sunfield with nobody", "not an email address"),
        ("take b2", "new <game> with"),
    ],
)
def test_at_new_only_a_well_formed_new_command_is_understood(line, says):
    [error] = split_commands(line, new_game=True).errors
    assert says in error.reason


def test_a_greeting_with_a_command_on_the_same_line_is_not_thrown_away():
    # the greeting goes, the command stays
    assert kinds("Hi all, take b2") == [(MOVE, "take b2")]


@pytest.mark.parametrize(
    "sign_off",
    [
        "Kind regards,", "All the best", "Take care!",  # English
        "Bien à vous,", "Cordialement", "Bonne journée !", "Amitiés",  # French
        "Liebe Grüße", "Mit freundlichen Grüßen", "Viele Grüsse aus Bonn", "LG",  # German
        "Un saludo", "Saludos cordiales,", "Un abrazo",  # Spanish
        "Cordiali saluti", "Un saluto", "A presto!",  # Italian
        "Met vriendelijke groet,", "Groetjes", "Hartelijke groeten",  # Dutch
        "Um abraço,", "Atenciosamente", "Cumprimentos",  # Portuguese
    ],
)
def test_sign_offs_in_seven_languages_end_the_commands(sign_off):
    # given commands, a sign-off and a signature that reads like moves
    text = f"take b2\nplace 1 -1\n{sign_off}\nTake the A30, then place 3 left"
    # then only the commands above the sign-off are read
    assert kinds(text) == [(MOVE, "take b2"), (MOVE, "place 1 -1")]


@pytest.mark.parametrize("line", ["Anna Weber", "Anna", "-- Anna", "~ anna weber.", "Anna Weber,"])
def test_the_senders_display_name_on_a_line_ends_the_commands(line):
    text = f"take b2\n{line}\nPlace of work: Hof am Bach"
    assert kinds(text, sender_name="Anna Weber") == [(MOVE, "take b2")]
    assert kinds(text, sender_name="Weber, Anna") == [(MOVE, "take b2")]


def test_a_name_that_is_not_the_senders_does_not_end_the_commands():
    assert kinds("take b2\nAnna\npass", sender_name="Bob Miller") == [(MOVE, "take b2"), (MOVE, "Anna"), (MOVE, "pass")]


@pytest.mark.parametrize("line", ["take b2 👍", "take b2 ✅", "take b2 👍🏽", "take b2 ❤️", "✅ take b2", "take b2 🇩🇪!"])
def test_emoji_and_other_symbols_around_a_command_are_ignored(line):
    assert kinds(line) == [(MOVE, "take b2")]


def test_a_message_keeps_its_emoji_and_politeness():
    assert kinds("say thanks, good game 👍") == [(SAY, "thanks, good game 👍")]


@pytest.mark.parametrize(
    "line",
    ["Hi, take b2.", "Hello! take b2", "ok take b2 thanks", "Hi Anna, take b2", "OK, take b2 please",
     "Bonjour, take b2 merci", "Hallo! take b2, danke", "Hola, take b2 gracias", "sure, take b2!"],
)
def test_a_greeting_or_politeness_on_the_command_line_is_not_part_of_the_command(line):
    assert kinds(line) == [(MOVE, "take b2")]


def test_a_greeting_and_a_say_on_one_line_keep_the_whole_message():
    assert kinds("Hi, say hello everyone, thanks") == [(SAY, "hello everyone, thanks")]


def test_a_display_name_whose_first_word_is_a_command_does_not_swallow_the_command():
    assert kinds("take b2\nboard\nBoard Games Club", sender_name="Board Games Club") == [
        (MOVE, "take b2"), (BOARD, "board")]
