# syntax=docker/dockerfile:1.7
# The production BFF (bin/bff) with the built web app, on a distroless base: no shell, no package
# manager, user nonroot (65532). Build from the repository's root:
#
#   docker build -f docker/bff.Dockerfile -t jaka/bff .
#
# Base images are pinned by version; pin them by digest too (name:tag@sha256:…) in the registry
# the images are built against. The web app is built the same way in docker/renderer.Dockerfile:
# Vite names its files by their content, so the same commit gives the BFF and the renderer the
# same asset names (the renderer's pages link to files the BFF serves). Build both from one commit.
ARG GO_IMAGE=golang:1.26.8-bookworm
ARG NODE_IMAGE=node:20.20.2-bookworm-slim
ARG RUNTIME_IMAGE=gcr.io/distroless/static-debian12:nonroot

# The web app (web/dist), built once on the build machine's platform: its output is the same
# files for every target platform.
FROM --platform=$BUILDPLATFORM ${NODE_IMAGE} AS web
WORKDIR /src
COPY package.json package-lock.json ./
COPY web/package.json web/
COPY e2e/package.json e2e/
RUN --mount=type=cache,target=/root/.npm npm ci --workspace web --no-audit --no-fund
COPY openapi openapi
COPY messages messages
COPY web web
RUN npm run build -w web

# The static binaries, cross-compiled for the target platform by the Makefile target that builds
# them on a developer machine too (make images-binaries: CGO_ENABLED=0, -trimpath, -tags nodynamic,
# and a check that each is statically linked).
FROM --platform=$BUILDPLATFORM ${GO_IMAGE} AS go
ARG TARGETARCH
WORKDIR /src
COPY go.mod go.sum ./
RUN --mount=type=cache,target=/go/pkg/mod go mod download
COPY Makefile ./
COPY bff bff
COPY mocks mocks
COPY openapi openapi
COPY messages messages
RUN --mount=type=cache,target=/go/pkg/mod --mount=type=cache,target=/root/.cache/go-build \
    make images-binaries IMAGE_ARCH=${TARGETARCH} \
 && mkdir -p /out/var/lib/site

FROM ${RUNTIME_IMAGE}
COPY --from=go /src/bin/image/bff /src/bin/image/probe /usr/local/bin/
COPY --from=web /src/web/dist /srv/site/web
# DATA_DIR: the durable outbox (outbox.db) of this replica. Mount a volume here: leads accepted
# and not yet delivered are in it (until the shared outbox in Redis replaces it).
COPY --from=go --chown=65532:65532 /out/var/lib/site /var/lib/site
# In a container the site and the admin port listen on the container's interfaces; publish only
# PORT. The admin port (/metrics, /readyz, /healthz) is for the probes and the scraper, never for
# the load balancer. SITE_ORIGINS, the six *_URL, UPLOAD_URL_SECRET, PREVIEW_SECRET,
# LEAD_CHALLENGE_SECRET, CMS_WEBHOOK_SECRET and RENDERER_URL have no default: bff refuses to start
# without them and names the missing ones.
ENV HOST=0.0.0.0 \
    PORT=8080 \
    ADMIN_HOST=0.0.0.0 \
    ADMIN_PORT=9090 \
    DATA_DIR=/var/lib/site \
    WEB_DIR=/srv/site/web \
    LOG_JSON=true
USER nonroot:nonroot
EXPOSE 8080 9090
VOLUME ["/var/lib/site"]
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s --retries=3 \
    CMD ["/usr/local/bin/probe", "http://127.0.0.1:9090/readyz"]
ENTRYPOINT ["/usr/local/bin/bff"]
