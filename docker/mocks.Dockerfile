# syntax=docker/dockerfile:1.7
# The stand-ins for the legacy systems (mocks/cmd/legacy): content CMS, CRM, ITR, virtual trial,
# accounts and OCR, one port each from 9101 in that order, for staging and demos. Never for
# production: the account stand-in has demo users with a published password. Build from the
# repository's root:
#
#   docker build -f docker/mocks.Dockerfile -t jaka/mocks .
#
# Pin the base images by digest too in the registry the images are built against.
ARG GO_IMAGE=golang:1.26.8-bookworm
ARG RUNTIME_IMAGE=gcr.io/distroless/static-debian12:nonroot

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
 && mkdir -p /out/var/lib/mocks

FROM ${RUNTIME_IMAGE}
COPY --from=go /src/bin/image/legacy /src/bin/image/probe /usr/local/bin/
# The stand-ins' state (accounts, leads, work orders): a volume keeps it across restarts.
COPY --from=go --chown=65532:65532 /out/var/lib/mocks /var/lib/mocks
USER nonroot:nonroot
# content 9101, crm 9102, itr 9103, vm 9104, account 9105, ocr 9106. PREVIEW_SECRET, when set,
# is the one the BFF has: the CMS stand-in signs editors' preview links with it. CMS_WEBHOOK_URL
# (the BFFs' /hooks/cms, comma-separated) and CMS_WEBHOOK_SECRET (the BFFs' too): where and how
# the CMS stand-in notifies the site of its editors' changes.
EXPOSE 9101 9102 9103 9104 9105 9106
VOLUME ["/var/lib/mocks"]
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 \
    CMD ["/usr/local/bin/probe", "http://127.0.0.1:9101/__admin/faults"]
ENTRYPOINT ["/usr/local/bin/legacy", "-host", "0.0.0.0", "-base-port", "9101", "-data-dir", "/var/lib/mocks"]
