import { defineConfig, devices } from '@playwright/test';

import { adminPort, mockBasePort, sitePort } from './support/ports';

// The site under test is started exactly as `make run` starts it (`make serve` runs the built
// development BFF, bin/bff-dev, with its embedded mocks), on its own port, with its own data
// directory, and with the mocks on fixed ports so that journeys can use their /__admin endpoints
// (read a verification code, advance a clock). Readiness is asked on the BFF's admin port, which
// is not the site's. E2E_BFF_BIN and E2E_WEB_DIR run another build of the site instead (absolute
// paths; a development build, as the journeys need the mocks), so that several builds can be
// tested side by side.
const port = sitePort;
const baseURL = `http://127.0.0.1:${port}`;
const bffBin = process.env.E2E_BFF_BIN;

// Debian's Chromium: Playwright cannot download its own browser on this network.
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

// Journeys that change or count what the stand-ins keep for everyone (accounts and their codes
// and throttles, the CRM's leads, the work orders and their stored files, the simulator pool and
// its clock, the download events, the CMS's content): they run one at a time, in file order, as
// they always did.
// Every other spec only reads the site (or state of its own: a fresh account, a preview link of
// its own) and runs in parallel with them and with itself.
const sharedState = [
  'account-*.spec.ts',
  'cooperation-intent.spec.ts',
  'downloads-journeys.spec.ts',
  'enquiry-*.spec.ts',
  'publish.spec.ts',
  'repair-journeys.spec.ts',
  'service-certificate.spec.ts',
  'virtual-trial.spec.ts',
];
// Pictures for people to look at, taken by `make screenshots` only (`npm run screenshots`); the
// checks they make run in `make test` through page-widths.spec.ts.
const screenshots = 'screenshots.spec.ts';

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  // Two browsers side by side fill the two cores of the test machine; E2E_WORKERS=1 runs one.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    launchOptions: chromium,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  // The one-at-a-time journeys are listed first, so that one browser starts on them at once
  // while the other takes the parallel ones: the serial lane does not wait for the end.
  projects: [
    {
      name: 'shared-state',
      testMatch: sharedState,
      fullyParallel: false,
      workers: 1,
      use: { ...devices['Desktop Chrome'], launchOptions: chromium },
    },
    {
      name: 'journeys',
      testIgnore: [...sharedState, screenshots],
      fullyParallel: true,
      use: { ...devices['Desktop Chrome'], launchOptions: chromium },
    },
    {
      name: 'screenshots',
      testMatch: screenshots,
      fullyParallel: true,
      use: { ...devices['Desktop Chrome'], launchOptions: chromium },
    },
  ],
  webServer: {
    command: bffBin ?? 'make -s -C .. serve',
    url: `http://127.0.0.1:${adminPort}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      ADMIN_PORT: String(adminPort),
      // Relative to the repository root, where `make serve` runs; fresh state every run.
      DATA_DIR: bffBin ? `/tmp/e2e-data-${port}-${Date.now()}` : `.data/e2e-${port}-${Date.now()}`,
      MOCK_BASE_PORT: String(mockBasePort),
      LOG_LEVEL: 'warn',
      // Journeys check server-rendered pages: a render slowed by a busy test machine (the
      // browser, the suite and the site share its cores) waits rather than falls back to the
      // client-rendered app, which the fallback's own Go tests cover.
      RENDERER_TIMEOUT: '10s',
      // No warm-up: journeys see each page rendered when they ask for it (some count the
      // renders and cache results), and the suite keeps the machine's cores; the warm-up has
      // Go tests of its own, and bench/crawl.sh measures it.
      PAGE_WARMUP_RATE: '0',
      // Repair uploads: a small photo limit, so the journeys can show the server's "too large"
      // refusal with a file of a few hundred kilobytes (the web's own pre-check stops at 10 MiB).
      UPLOAD_IMAGE_MAX_BYTES: '262144',
      // The simulator pool's machines boot in 30 s and switch model in 3 min by default; journeys
      // wait for both in real time (the page polls every few seconds), so they are short here.
      // The trial's end is reached by advancing the pool's clock (/__admin/clock/advance).
      VM_CREATE_DELAY: '3s',
      VM_SWITCH_DELAY: '6s',
      // Every journey's browser comes from 127.0.0.1, which stands in for a reverse proxy here:
      // a journey names the visitor's address in X-Forwarded-For to act as a stranger elsewhere
      // (account-throttle.spec.ts). The journeys' own wrong passwords and codes, all from that
      // one address, must not add up to the per-address throttle of a whole suite's run: its
      // free failures are raised (the per-address throttle itself is tested in the Go tests).
      TRUSTED_PROXIES: '127.0.0.1',
      LIMIT_LOGIN_FAILURES_PER_IP: 'free=200,delay=1s..15m,window=1h',
      // Preview reads are limited per address and minute; two browsers reading previews side by
      // side (all-routes.spec.ts) read twice as fast as one (the limit is tested in the Go tests).
      LIMIT_PREVIEW_PER_IP: '3000/1m',
      // Every journey's lead comes from one address and a handful of e-mail addresses: the limits
      // of leads are raised far above a suite's run (they are tested in the Go tests).
      LIMIT_LEADS_PER_IP: '1000/1h',
      LIMIT_LEADS_PER_EMAIL: '1000/1h',
      // Every page view of the journeys measures its Core Web Vitals and reports them as it is
      // left, all from 127.0.0.1: a suite's page views must not add up to one visitor's limit
      // (the limit itself is tested in the Go tests).
      LIMIT_VITALS_PER_IP: '6000/1m',
      ...(process.env.E2E_WEB_DIR ? { WEB_DIR: process.env.E2E_WEB_DIR } : {}),
    },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
