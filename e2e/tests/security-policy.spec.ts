import { type Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { watchRequests } from '../support/settle';

// The site runs under a strict content security policy (no inline script, no framing): every
// page is served with it, a violation would be reported, and a tour of the site's kinds of page
// (with a dialog, which writes styles at run time) meets none.

interface Violation {
  directive: string;
  blocked: string;
  page: string;
}

/** Collects the page's CSP violations, on every document it loads, from before its scripts run. */
async function watchViolations(page: Page): Promise<Violation[]> {
  const violations: Violation[] = [];
  await page.exposeFunction('__reportCspViolation', (v: Violation) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __reportCspViolation: (v: unknown) => void }).__reportCspViolation({
        directive: e.effectiveDirective,
        blocked: e.blockedURI,
        page: location.pathname,
      });
    });
  });
  return violations;
}

test('pages, API answers and CMS media are served with their policies', async ({ page, request }) => {
  const response = await page.goto('/en/index');
  const headers = response!.headers();
  const csp = headers['content-security-policy'];
  for (const directive of ["default-src 'self'", "script-src 'self'", "object-src 'none'", "base-uri 'self'", "frame-ancestors 'none'", "form-action 'self'"]) {
    expect(csp).toContain(directive);
  }
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(headers['permissions-policy']).toContain('camera=()');

  const api = await request.get('/prod-api/api/programa/buildProgramaTree/8', { headers: { lang: 'en' } });
  // A JSON answer opened on its own loads nothing and cannot be framed.
  expect(api.headers()['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(api.headers()['x-content-type-options']).toBe('nosniff');
  const media = await request.get('/cms-assets/banners/home-zu.svg');
  expect(media.ok()).toBe(true);
  expect(media.headers()['content-security-policy']).toMatch(/^default-src 'none';.*sandbox$/);
  expect(media.headers()['x-content-type-options']).toBe('nosniff');
});

test('an inline script is blocked and reported', async ({ page }) => {
  const violations = await watchViolations(page);
  await page.goto('/en/index');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const ran = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__inlineRan = true';
    document.head.append(script);
    return (window as unknown as { __inlineRan?: boolean }).__inlineRan === true;
  });
  expect(ran, 'the inline script did not run').toBe(false);
  await expect.poll(() => violations.map((v) => v.directive)).toContain('script-src-elem');
});

test('a tour of the site meets no policy violation', async ({ page }) => {
  test.setTimeout(90_000);
  const violations = await watchViolations(page);
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  const requests = watchRequests(page);
  for (const path of ['/en/index', '/en/productDetails/103', '/en/newsDetail/4?typeId=1', '/en/download', '/en/login', '/en/repair', '/en/virtual']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await requests.settled();
  }
  // A dialog locks the page's scroll with a style element written at run time.
  await page.goto('/en/about');
  await page.getByRole('contentinfo').waitFor();
  await page.mouse.wheel(0, 800);
  await page.getByRole('complementary', { name: 'Quick contact' }).getByRole('button', { name: 'Contact us' }).click();
  await expect(page.getByRole('dialog', { name: 'Contact us' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Contact us' })).toBeHidden();

  expect(violations).toEqual([]);
  expect(errors.filter((e) => /Content Security Policy|Permissions-Policy/i.test(e))).toEqual([]);
});
