"""The configuration refuses what would be unsafe in production, and the
embedded defaults agree between the commands of one machine."""

from __future__ import annotations

import pytest

from service.core.config import RUNNING_URL_FILE, ConfigError, load_config

SERVER = "postgresql+psycopg://farmpost@db.example.org/farmpost"


@pytest.mark.parametrize("env", [
    {"DATABASE_URL": SERVER},
    {"DATABASE_URL": SERVER, "SECRET_KEY": "change-me"},
    {"FARMPOST_ENV": "production"},
    {"FARMPOST_ENV": "production", "SECRET_KEY": " change-me "},
])
def test_production_refuses_to_start_without_a_secret_key_of_its_own(tmp_path, env):
    with pytest.raises(ConfigError, match="SECRET_KEY"):
        load_config({"FARMPOST_INSTANCE": str(tmp_path), **env})
    assert not (tmp_path / "secret_key").exists()  # nothing generated that another machine would not share


def test_production_takes_a_real_key(tmp_path):
    config = load_config({"FARMPOST_INSTANCE": str(tmp_path), "DATABASE_URL": SERVER, "SECRET_KEY": "k" * 40})
    assert (config.environment, config.secret_key) == ("production", "k" * 40)


def test_development_generates_a_key_per_instance_folder(tmp_path):
    one = load_config({"FARMPOST_INSTANCE": str(tmp_path / "one")})
    again = load_config({"FARMPOST_INSTANCE": str(tmp_path / "one")})
    other = load_config({"FARMPOST_INSTANCE": str(tmp_path / "two")})
    assert one.environment == "development"
    assert one.secret_key == again.secret_key != other.secret_key
    assert (tmp_path / "one" / "secret_key").stat().st_mode & 0o777 == 0o600


def test_a_server_database_may_be_declared_development(tmp_path):
    config = load_config({"FARMPOST_INSTANCE": str(tmp_path), "DATABASE_URL": SERVER, "FARMPOST_ENV": "development"})
    assert config.environment == "development" and config.secret_key


def test_the_base_url_follows_port_and_the_running_server(tmp_path):
    assert load_config({"FARMPOST_INSTANCE": str(tmp_path), "PORT": "5091"}).base_url == "http://127.0.0.1:5091"
    (tmp_path / RUNNING_URL_FILE).write_text("http://127.0.0.1:5092\n")  # what farmpost run writes while it runs
    assert load_config({"FARMPOST_INSTANCE": str(tmp_path)}).base_url == "http://127.0.0.1:5092"
    explicit = {"FARMPOST_INSTANCE": str(tmp_path), "BASE_URL": "https://farmpost.example.org/"}
    assert load_config(explicit).base_url == "https://farmpost.example.org"


def test_a_run_stopping_while_another_starts_leaves_the_new_runs_address(tmp_path):
    from service.cli.commands import forget_running, note_running

    path = tmp_path / RUNNING_URL_FILE
    stopping = note_running(path, "http://127.0.0.1:5095")
    starting = note_running(path, "http://127.0.0.1:5095")  # a new run on the same folder, before the old one ends
    forget_running(path, stopping)
    assert load_config({"FARMPOST_INSTANCE": str(tmp_path)}).base_url == "http://127.0.0.1:5095"
    forget_running(path, starting)
    assert not path.exists() and not list(tmp_path.glob(f"{RUNNING_URL_FILE}.*"))


def test_a_command_says_what_to_set_and_exits_with_ex_config(tmp_path, monkeypatch, capsys):
    from service.cli.main import main

    monkeypatch.setenv("FARMPOST_INSTANCE", str(tmp_path))
    monkeypatch.setenv("FARMPOST_ENV", "production")
    monkeypatch.delenv("SECRET_KEY", raising=False)
    assert main(["db", "check"]) == 78
    assert "SECRET_KEY is not set" in capsys.readouterr().err


@pytest.mark.parametrize("value, on", [("", True), ("on", True), ("1", True), ("off", False), ("0", False),
                                       ("false", False), ("NO", False)])
def test_whole_turns_are_on_unless_switched_off(tmp_path, value, on):
    config = load_config({"FARMPOST_INSTANCE": str(tmp_path), "FARMPOST_WHOLE_TURNS": value})
    assert config.whole_turns is on


@pytest.mark.parametrize("value, on", [("", True), ("on", True), ("off", False), ("0", False), ("NO", False)])
def test_plans_are_on_unless_switched_off(tmp_path, value, on):
    config = load_config({"FARMPOST_INSTANCE": str(tmp_path), "FARMPOST_PLANS": value})
    assert config.plans is on
