import { expect, test } from '../support/test';
import { createUser, uniqueEmail } from '../support/accounts';

// Wrong passwords are throttled, never locked: a stranger typing wrong passwords for someone's
// account from their own address is made to wait longer and longer, and the owner, at another
// address, logs in at once (the site is behind a trusted proxy in these journeys; the stranger's
// browser names its address in X-Forwarded-For).

const STRANGER_ADDRESS = '198.51.100.7';
const PASSWORD = 'Owner#Pass1';

test("a stranger's wrong passwords slow the stranger down and leave the owner alone", async ({ browser, page, request }) => {
  const email = uniqueEmail('throttle');
  await createUser(request, { email, password: PASSWORD, name: 'Throttle Owner' });

  const stranger = await browser.newContext({ locale: 'en-US', extraHTTPHeaders: { 'X-Forwarded-For': STRANGER_ADDRESS } });
  const guesser = await stranger.newPage();
  await guesser.goto('/en/login');
  const form = guesser.getByRole('main');
  await form.getByLabel('Mobile number or e-mail').fill(email);
  // A few wrong passwords are free; then every further try must wait 1 s, 2 s, 4 s …, which the
  // stranger is told with the wait. Guesses come faster than that, so a wait is certain soon.
  let throttled = false;
  for (let guess = 1; guess <= 12 && !throttled; guess += 1) {
    await form.getByLabel('Password', { exact: true }).fill(`guess-${guess}-wrong`);
    const answered = guesser.waitForResponse((r) => r.url().endsWith('/login/emailPasswordLogin'));
    await form.getByRole('button', { name: 'Log in', exact: true }).click();
    const response = await answered;
    throttled = response.status() === 429;
    if (throttled) {
      expect(((await response.json()) as { errorKey?: string }).errorKey).toBe('account.too_many_attempts');
      expect(Number(response.headers()['retry-after'])).toBeGreaterThanOrEqual(1);
    }
  }
  expect(throttled).toBe(true);
  await expect(form.getByRole('alert')).toHaveText(/^Too many failed attempts\. Please try again in \d+ s\.$/);
  await stranger.close();

  // The owner, at their own address, logs in at once.
  await page.goto('/en/login');
  const own = page.getByRole('main');
  await own.getByLabel('Mobile number or e-mail').fill(email);
  await own.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await own.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Account menu: Throttle Owner' })).toBeVisible();
});
