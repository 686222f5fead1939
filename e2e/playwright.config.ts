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

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
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
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: chromium } }],
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
      ...(process.env.E2E_WEB_DIR ? { WEB_DIR: process.env.E2E_WEB_DIR } : {}),
    },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
