# The website: a React app in front of a Go backend-for-frontend with stand-ins for the legacy
# systems. Two commands matter on a fresh machine: `make run` and `make test`.

SHELL := /bin/bash
.DEFAULT_GOAL := help

PORT ?= 8080
DATA_DIR ?= .data
export PORT DATA_DIR

GO ?= go
NPM ?= npm
PACT_LIB := $(CURDIR)/node_modules/@pact-foundation/pact-core-linux-x64-glibc/prebuilds/linux-x64
PACT_ENV := CGO_ENABLED=1 CGO_LDFLAGS="-L$(PACT_LIB)" LD_LIBRARY_PATH="$(PACT_LIB)"
NODE_STAMP := node_modules/.installed
WEB_SOURCES := $(shell find web/src web/server web/index.html web/public -type f 2>/dev/null) \
	web/package.json web/vite.config.ts web/tsconfig.json web/orval.config.ts openapi/openapi.yaml \
	$(wildcard messages/*.json)
GO_SOURCES := $(shell find bff mocks openapi messages -name '*.go' -o -name '*.json' -o -name '*.yaml' 2>/dev/null) go.mod go.sum

.PHONY: help run serve build test lint-go test-go test-web test-pact test-scale test-e2e screenshots check-generated clean images-binaries check-docker

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed -E 's/:.*## /\t/' | sort

run: build ## install what is needed, build, and start the site with its stand-ins at http://127.0.0.1:$(PORT)
	@$(MAKE) --no-print-directory serve

# bin/bff-dev is the development binary: the production start plus embedded stand-ins for the
# legacy systems without a URL and random secrets. Its embedded CMS notifies it of the changes
# its admin API makes (CMS_WEBHOOK_URL sends them elsewhere; CMS_WEBHOOK_SECRET, unset, is the
# stand-in's published one on both sides). bin/bff, the production binary, has neither and
# refuses to start without every URL and secret (README, "Production start").
serve: ## start the built site with its stand-ins (no install, no build), as `make run` and the browser tests do
	./bin/bff-dev

build: bin/bff bin/bff-dev bin/legacy web/dist/index.html ## build the production BFF, the development BFF, the stand-ins and the web app

$(NODE_STAMP): package.json package-lock.json web/package.json e2e/package.json
	$(NPM) ci --no-audit --no-fund
	@touch $@

web/dist/index.html: $(NODE_STAMP) $(WEB_SOURCES)
	$(NPM) run build -w web

# The BFF's WebP and AVIF encoders (gen2brain/webp, gen2brain/avif) run as WebAssembly only with
# the build tag nodynamic: without it they would first try a system library, through a loader
# (purego) that makes even a CGO_ENABLED=0 binary dynamically linked.
GO_TAGS := nodynamic

bin/bff: $(GO_SOURCES)
	$(GO) build -tags $(GO_TAGS) -o bin/bff ./bff/cmd/bff

bin/bff-dev: $(GO_SOURCES)
	$(GO) build -tags $(GO_TAGS) -o bin/bff-dev ./bff/cmd/bff-dev

# The stand-ins for the legacy systems as their own process (mocks/cmd/legacy), which the scale
# test points three bin/bff at.
bin/legacy: $(GO_SOURCES)
	$(GO) build -o bin/legacy ./mocks/cmd/legacy

# The binaries the container images copy (docker/*.Dockerfile run this same target in their
# build stage): static (no cgo, so they run on a distroless base without libc), without local
# paths (-trimpath) or symbol tables, for linux/$(IMAGE_ARCH). bin/image/bff is the production BFF,
# bin/image/probe the health check the images run, bin/image/legacy the stand-ins.
IMAGE_ARCH ?= amd64
IMAGE_GO_ENV := CGO_ENABLED=0 GOOS=linux GOARCH=$(IMAGE_ARCH)
IMAGE_GO_FLAGS := -trimpath -ldflags='-s -w' -buildvcs=false -tags $(GO_TAGS)
images-binaries: $(GO_SOURCES) ## the static binaries the container images hold, built as docker/*.Dockerfile build them, in bin/image
	$(IMAGE_GO_ENV) $(GO) build $(IMAGE_GO_FLAGS) -o bin/image/bff ./bff/cmd/bff
	$(IMAGE_GO_ENV) $(GO) build $(IMAGE_GO_FLAGS) -o bin/image/probe ./bff/cmd/probe
	$(IMAGE_GO_ENV) $(GO) build $(IMAGE_GO_FLAGS) -o bin/image/legacy ./mocks/cmd/legacy
	@# The distroless base has no dynamic loader: a binary that asks for one would not start.
	@for b in bin/image/bff bin/image/probe bin/image/legacy; do \
	  if readelf -l $$b | grep -q INTERP; then echo "$$b is dynamically linked" >&2; exit 1; fi; done

# The alerting rules of docker/observability: their syntax, and what fires when (rules.test.yaml).
# The dashboard's queries are checked against the BFF's metrics by go test (bff/internal/metrics).
check-rules: ## check the Prometheus alerting rules and their unit tests with promtool (installs Debian's prometheus package for it)
	./scripts/ensure-promtool.sh
	cd docker/observability && promtool check rules rules.yaml && promtool test rules rules.test.yaml

# What can be checked of docker/ without a container engine: the compose file (Debian's
# docker-compose 1.29, with the example env files when no filled-in ones exist) and the
# Kubernetes manifests as YAML.
check-docker: ## validate docker/compose.yaml and parse docker/k8s/*.yaml (no container engine needed)
	@command -v docker-compose >/dev/null || apt-get install -y docker-compose
	@for f in site secrets; do [ -f docker/env/$$f.env ] || cp docker/env/$$f.env.example docker/env/$$f.env; done
	docker-compose -f docker/compose.yaml config -q
	python3 -c 'import sys, yaml; [list(yaml.safe_load_all(open(f))) for f in sys.argv[1:]]' docker/k8s/*.yaml

# Two lanes side by side, one per core: the Go tests and the Pact tests; the build, then the web
# units (after the build, which regenerates the API client that they and the generated-client
# check read), then the scale test, which runs the binaries the build made and spends most of
# its time waiting on its processes. Each lane's output is printed whole when it ends. The browser journeys come last,
# on their own, as their checks of time (a render in time, a timer that ticks) expect.
# Each lane writes its time to TEST_TIMES; the last line of `make test` sums them up (also when a
# lane failed), so that a run says where its time went.
TEST_TIMES := .test-times
timed = start=$$(date +%s); $(2); status=$$?; echo "$(1) $$(( $$(date +%s) - start ))s" >> $(TEST_TIMES); exit $$status

test: $(NODE_STAMP) ## run every test layer
	@rm -f $(TEST_TIMES)
	@start=$$(date +%s); \
	$(MAKE) --no-print-directory --output-sync=recurse -j2 test-lane-go test-lane-web && \
	$(MAKE) --no-print-directory test-e2e; status=$$?; \
	echo "make test: $$(tr '\n' ' ' < $(TEST_TIMES))total $$(( $$(date +%s) - start ))s, exit $$status"; exit $$status

.PHONY: test-lane-go test-lane-web
test-lane-go:
	@$(call timed,go+pact+rules,$(MAKE) --no-print-directory test-go test-pact check-docker check-rules)

test-lane-web:
	@$(call timed,build+web+scale,$(MAKE) --no-print-directory build test-web test-scale)

# The pact and scale build tags take the consumer pacts, their verification and the scale test
# into the linters too.
lint-go: ## Go linters: go vet and staticcheck (pinned in go.mod's tool directive)
	$(GO) vet -tags pact,scale,$(GO_TAGS) ./...
	$(GO) tool staticcheck -tags pact,scale,$(GO_TAGS) ./...

test-go: lint-go ## Go linters, then units, handlers and spec conformance under the race detector (installs Debian's redis-server for the shared-state tests)
	./scripts/ensure-redis.sh
	$(GO) test -race -tags $(GO_TAGS) ./...

# The generated files: the web's API client (from the contract) and the BFF's page table
# (bff/internal/pagetable/pages.json, from the web's route table and languages).
check-generated: $(NODE_STAMP) ## check that the generated API client and page table match the contract and the route table
	$(NPM) run check-generated -w web

test-web: $(NODE_STAMP) check-generated ## web and journey lint, web unit tests, and a check that the generated client and page table match their sources
	$(NPM) run lint -w web
	$(NPM) run lint -w e2e
	$(NPM) test -w web

test-pact: $(NODE_STAMP) ## consumer pacts of the BFF (each upstream client method in one at least), then their verification against the mocks
	rm -rf contracts/pacts
	$(PACT_ENV) $(GO) test -count=1 -tags pact -run 'Pact$$' ./bff/internal/pacttest/... ./bff/internal/upstream/... ./bff/internal/publish/...
	$(PACT_ENV) $(GO) test -count=1 -tags pact ./contracts/...

# The scale test (bff/scaletest, build tag scale) runs what production runs, without containers:
# Redis with its append-only file, the stand-ins (bin/legacy), three bin/bff sharing Redis and
# nginx round robin in front of them, each on a free loopback port, and prints its figures.
test-scale: bin/bff bin/legacy web/dist/index.html ## three production BFFs sharing Redis behind nginx: shared limits and sessions, no CMS stampede, Redis restarted, no lead lost with a replica killed (installs Debian's redis-server and nginx)
	./scripts/ensure-redis.sh
	./scripts/ensure-nginx.sh
	$(GO) test -tags scale -count=1 -timeout 4m -v ./bff/scaletest/

test-e2e: build ## Playwright journeys in Debian's Chromium against the site as `make run` starts it
	./scripts/ensure-chromium.sh
	@$(call timed,e2e,$(NPM) test -w e2e)

screenshots: build ## pictures of the pages at phone and desktop widths in e2e/screenshots (not part of `make test`)
	./scripts/ensure-chromium.sh
	$(NPM) run screenshots -w e2e

clean: ## remove build output and local state
	rm -rf bin web/dist $(DATA_DIR) contracts/pacts contracts/logs e2e/test-results
