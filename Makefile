# Farmpost: the two commands a fresh machine needs are `make run` and `make test`.
# Both create the virtualenv and install what is missing first.

PYTHON  ?= python3
VENV    := .venv
BIN     := $(VENV)/bin
# What the service needs (make run) and, on top, what the tests need (make test)
STAMP      := $(VENV)/.installed
TEST_STAMP := $(VENV)/.installed-test
# The compiled gettext catalogs (.mo, not in git), remade when a .po or .pot changes
CATALOG_STAMP   := $(VENV)/.catalogs
CATALOG_SOURCES := $(wildcard boards/locales/*.pot boards/locales/*/LC_MESSAGES/*.po)
SUDO    := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# Debian packages: WeasyPrint's libraries and fonts (harfbuzz-subset makes it
# 3-5x faster) to run; poppler (pdftoppm), Chromium, Dovecot and Postfix for the
# tests (tests/e2e/test_postfix.py runs a private Postfix instance on loopback;
# the package's own system instance is left unconfigured: see _debs).
RUN_DEBS  := libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 fonts-dejavu-core libcairo2 tzdata
TEST_DEBS := $(RUN_DEBS) poppler-utils chromium chromium-driver dovecot-imapd postfix

# Tests run on one pytest-xdist worker per core; the tests that start a whole
# stack share one worker (--dist loadgroup, docs/testing.md). TEST_WORKERS=0
# runs them in this process; PYTEST_ARGS adds anything else (a path, -k, -x).
TEST_WORKERS ?= auto

.PHONY: run test lint bench catalogs screenshots system-deps-run system-deps-test venv clean

run: system-deps-run $(STAMP) $(CATALOG_STAMP)
	$(BIN)/farmpost run

test: system-deps-test $(TEST_STAMP) $(CATALOG_STAMP) lint
	$(BIN)/python -m pytest -n $(TEST_WORKERS) --dist loadgroup --durations=15 $(PYTEST_ARGS)

lint: $(TEST_STAMP)
	$(BIN)/ruff check .

bench: $(STAMP) $(CATALOG_STAMP)
	$(BIN)/python -m bench --short

# Every screenshot to look at, into $(SCREENSHOTS) (ignored by git;
# docs/screenshots keeps only the few the docs name): the boards in words
# and the drawn boards, then the pages the browser tests shoot.
SCREENSHOTS ?= build/screenshots
screenshots: system-deps-test $(TEST_STAMP) $(CATALOG_STAMP)
	$(BIN)/python -m tests.boards.make_screenshots --out $(SCREENSHOTS)
	$(BIN)/python -m tests.boards.make_drawn_screenshots --out $(SCREENSHOTS)
	FARMPOST_SCREENSHOTS=$(abspath $(SCREENSHOTS)) $(BIN)/python -m pytest -q -n 0 -p no:cacheprovider \
	  tests/e2e/test_browser.py tests/e2e/test_seat_page_drawn.py tests/e2e/test_open_table.py \
	  tests/e2e/test_my_games_and_rematch.py

venv: $(STAMP) $(CATALOG_STAMP)

# Every domain's strings extracted from the sources into its .pot, the French
# and German .po brought up to date (new strings to translate), all compiled
catalogs: $(STAMP)
	$(BIN)/python -m boards.catalogs update
	touch $(CATALOG_STAMP)

$(STAMP): pyproject.toml
	[ -x $(BIN)/python ] || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e .
	touch $(STAMP)

$(CATALOG_STAMP): $(STAMP) $(CATALOG_SOURCES)
	$(BIN)/python -m boards.catalogs compile
	touch $(CATALOG_STAMP)

$(TEST_STAMP): $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(TEST_STAMP)

system-deps-run:
	@$(MAKE) --no-print-directory _debs DEBS="$(RUN_DEBS)"

system-deps-test:
	@$(MAKE) --no-print-directory _debs DEBS="$(TEST_DEBS)"

# Installs the missing packages of $(DEBS); fails loudly where apt-get is absent.
# Postfix's package asks debconf what kind of mail system this is: the answer
# is given first ("No configuration": no /etc/postfix/main.cf, no system
# instance started), so the install never waits for a question.
_debs:
	@missing=""; for p in $(DEBS); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  command -v apt-get >/dev/null || { echo "ERROR: need Debian packages:$$missing (no apt-get here)"; exit 1; }; \
	  echo "Installing Debian packages:$$missing"; \
	  case " $$missing " in *" postfix "*) \
	    echo "postfix postfix/main_mailer_type select No configuration" | $(SUDO) debconf-set-selections;; esac; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi

clean:
	rm -rf $(VENV) instance .pytest_cache
