# Two commands: `make run` serves the app, `make test` passes the suite. Both set up
# everything they need first (venv, pinned packages, pgvector built for this CPU, Debian
# OCR/browser packages when apt exists).
SHELL := /bin/bash
PY := .venv/bin/python
STAMP := .venv/.installed
export DEBUG ?= 1
export HF_HUB_OFFLINE := 1
export TRANSFORMERS_OFFLINE := 1

.PHONY: run test lint fmt bench eval eval-pdf eval-external sysdeps doctor clean
SHARED_EVAL ?= ../shared/eval
# eval-external: BENCH=tarrow-water, BENCH=dragonball-en or BENCH=hotpotqa-pooled for one of them
BENCH ?= tarrow-water dragonball-en hotpotqa-pooled

$(STAMP): pyproject.toml
	test -x $(PY) || python3 -m venv .venv
	$(PY) -m pip install --quiet --upgrade pip==25.3
	$(PY) -m pip install --quiet -e ".[dev]"
	@command -v cc >/dev/null && command -v make >/dev/null || { \
	  command -v apt-get >/dev/null && [ "$$(id -u)" = 0 ] && apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq gcc make libc6-dev >/dev/null; } || true
	bash ragsite/pgvector/build.sh $(PY)
	touch $(STAMP)

# tesseract-ocr for scanned pages, chromium for browser tests; skipped where apt is absent.
sysdeps:
	@missing=""; command -v tesseract >/dev/null || missing="$$missing tesseract-ocr"; \
	test -x /usr/bin/chromium || missing="$$missing chromium"; \
	if [ -n "$$missing" ]; then \
	  if command -v apt-get >/dev/null && [ "$$(id -u)" = 0 ]; then \
	    echo "installing$$missing"; apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	  else echo "NOTE: please install$$missing (apt-get unavailable or not root)"; fi; \
	fi

run: $(STAMP) sysdeps
	$(PY) manage.py up

test: $(STAMP) sysdeps
	REDIS_DB_BASE=4 $(PY) -m pytest

doctor: $(STAMP)
	$(PY) manage.py doctor

lint: $(STAMP)
	.venv/bin/ruff check .
	.venv/bin/ruff format --check .

fmt: $(STAMP)
	.venv/bin/ruff check --fix .
	.venv/bin/ruff format .

bench: $(STAMP)
	@for script in bench/[!_]*.py; do echo "== $$script"; $(PY) $$script || exit 1; done

# The project's own dev set, Dossier (perseverance on/off) against vanilla; the offline engine
# unless ENGINE=gemini or ENGINE=openai_compatible (with LLM_BASE_URL or BASE_URL=...; skipped
# with a message when no server is given). `evaluate` starts the embedded PostgreSQL/Redis it
# needs and stops what it started.
ENGINE ?= offline
BASE_URL ?=
eval: $(STAMP)
	$(PY) manage.py evaluate --corpora evals/corpora --set evals/dev.jsonl --engine $(ENGINE) \
	  $(if $(BASE_URL),--base-url $(BASE_URL)) \
	  --baseline vanilla --perseverance both --by-type --json var/eval-dev.json

# The invented PDF set (trial reports, contracts, certificates): PDFs drawn by evals/pdf/build.py.
eval-pdf: $(STAMP)
	$(PY) evals/pdf/build.py var/evals-pdf/corpora
	$(PY) manage.py evaluate --corpora var/evals-pdf/corpora --set evals/pdf/dev.jsonl \
	  --baseline vanilla --by-type --json var/eval-pdf.json

# The shared public benchmarks (read in place, never copied into the project).
eval-external: $(STAMP)
	@test -d "$(SHARED_EVAL)" || { echo "No evaluation sets at $(SHARED_EVAL): set SHARED_EVAL=/path/to/shared/eval"; exit 2; }
	@for b in $(BENCH); do echo "== $$b"; \
	  $(PY) manage.py evaluate --corpora $(SHARED_EVAL)/$$b/corpora --set $(SHARED_EVAL)/$$b/dev.jsonl \
	    --baseline vanilla --by-type --json var/eval-$$b.json || exit 1; done

clean:
	rm -rf var/ .pytest_cache tests/artifacts
