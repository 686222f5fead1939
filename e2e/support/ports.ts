// Ports of the site under test, of its admin endpoints (/readyz, /metrics) and of its embedded
// legacy-system mocks. E2E_PORT moves them all, so that two test runs on one machine do not
// collide.
export const sitePort = Number(process.env.E2E_PORT ?? 18090);
export const mockBasePort = sitePort + 50;
export const adminPort = sitePort + 60;
