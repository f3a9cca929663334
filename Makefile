# The two commands of README.md: `make run` (verify every registered reduction) and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

# Modules are compiled once and read from __pycache__ afterwards: with PYTHONDONTWRITEBYTECODE set (as some
# shells and containers do) every process would compile every module again, 0.4 s per gadgetry command and
# 3 s per pytest worker.
unexport PYTHONDONTWRITEBYTECODE

.PHONY: run test test-slow bench clean wordlist chromium

# Debian's wamerican gives the Letter Boxed tests a real word list; installed when missing and possible
# (root with apt-get), else those tests are skipped with a reason.
WORDS := /usr/share/dict/words

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test,campaign]'
	$(BIN)/python -m compileall -q src
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/gadgetry verify --all --instances 12 --seed 1

wordlist:
	@test -f $(WORDS) || { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null && \
	  (DEBIAN_FRONTEND=noninteractive apt-get install -y -q wamerican >/dev/null 2>&1 || \
	   (apt-get update -q >/dev/null 2>&1 && DEBIAN_FRONTEND=noninteractive apt-get install -y -q wamerican >/dev/null 2>&1)); } || \
	  echo "note: $(WORDS) missing and not installable here; word-list tests will be skipped"

# Debian's chromium lets the campaign report be tested in a real headless browser; installed when missing
# and possible, else that test is skipped with a reason.
chromium:
	@command -v chromium >/dev/null || { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null && \
	  (DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium >/dev/null 2>&1 || \
	   (apt-get update -q >/dev/null 2>&1 && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium >/dev/null 2>&1)); } || \
	  echo "note: chromium missing and not installable here; the report's browser test will be skipped"

# Tests run on every core (pytest-xdist); CI has two.
test: $(STAMP) wordlist chromium
	$(BIN)/python -m pytest -q -n auto --dist worksteal

test-slow: $(STAMP) wordlist chromium
	$(BIN)/python -m pytest -q -n auto --dist worksteal -m slow

bench: $(STAMP)
	$(BIN)/python bench/counting.py
	$(BIN)/python bench/verify_all.py

clean:
	rm -rf $(VENV) .pytest_cache
