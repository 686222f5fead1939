import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { createUser, startSession, uniqueEmail } from '../support/accounts';

// A session token in a link (the mini-program opens `wechatLogin?token=…` and `virtual?token=…`).
// Anyone can make such a link with their own token: a logged-in visitor who opens it is asked
// whether to switch accounts, and is then either kept, wholly, or becomes the link's account,
// wholly (the header's name and the stored id are the token's user's), never a mix of the two.
// The token leaves the address at once.

const PASSWORD = 'Visit#2024';

interface Account {
  email: string;
  name: string;
}

/** Two fresh accounts: the visitor, who logs in, and a stranger, whose token is in the link. */
async function accounts(request: APIRequestContext): Promise<{ visitor: Account; stranger: Account; strangerToken: string }> {
  const visitor = { email: uniqueEmail('visitor'), name: 'Vera Visitor' };
  const stranger = { email: uniqueEmail('stranger'), name: 'Sam Stranger' };
  await createUser(request, { ...visitor, password: PASSWORD });
  await createUser(request, { ...stranger, password: PASSWORD });
  const strangerToken = `link-token-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  await startSession(request, stranger.email, strangerToken);
  return { visitor, stranger, strangerToken };
}

async function login(page: Page, account: Account) {
  await page.goto('/en/login');
  const form = page.getByRole('main');
  await form.getByLabel('Mobile number or e-mail').fill(account.email);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await expect(accountMenu(page, account)).toBeVisible();
}

function accountMenu(page: Page, account: Account) {
  return page.getByRole('banner').getByRole('button', { name: `Account menu: ${account.name}` });
}

/** What the browser keeps of the session. */
async function stored(page: Page) {
  return page.evaluate(() => ({
    token: (JSON.parse(localStorage.getItem('jakaUserInfo') ?? '{}') as { token?: string }).token ?? null,
    userId: localStorage.getItem('jakaUserId'),
    userName: localStorage.getItem('jakaUserName'),
    account: localStorage.getItem('jakaUserAccount'),
  }));
}

/** The id of a token's user, as the server knows it. */
async function userIdOf(request: APIRequestContext, token: string): Promise<string> {
  const response = await request.post('/prod-api/login/validateToken', { headers: { token, lang: 'en' } });
  expect(response.ok()).toBe(true);
  return String(((await response.json()) as { data: { userId: number } }).data.userId);
}

test.describe('a session token in a link', () => {
  test.use({ locale: 'en-US' });

  test('a logged-in visitor who declines stays wholly themselves', async ({ page, request }) => {
    const { visitor, strangerToken } = await accounts(request);
    await login(page, visitor);
    const before = await stored(page);

    await page.goto(`/en/wechatLogin?token=${strangerToken}&from=%2Fen%2Frepair`);
    await expect(page).toHaveURL(/\/en\/repair$/);
    const question = page.getByRole('alertdialog', { name: 'Switch account?' });
    await expect(question).toContainText('You are logged in as Vera Visitor.');
    expect(page.url()).not.toContain(strangerToken);
    await question.getByRole('button', { name: 'Stay logged in' }).click();

    await expect(page.getByText('You are still logged in as Vera Visitor.')).toBeVisible();
    await expect(accountMenu(page, visitor)).toBeVisible();
    expect(await stored(page)).toEqual(before);
    expect(before.userId).toBe(await userIdOf(request, before.token ?? ''));
    expect(page.url()).not.toContain(strangerToken);
    // Back leads to the page before the link, never to the link itself.
    await page.goBack();
    expect(page.url()).not.toContain(strangerToken);
  });

  test('a logged-in visitor who confirms becomes wholly the link\'s account', async ({ page, request }) => {
    const { visitor, stranger, strangerToken } = await accounts(request);
    await login(page, visitor);

    await page.goto(`/en/virtual?token=${strangerToken}`);
    await expect(page).toHaveURL(/\/en\/virtual$/);
    const question = page.getByRole('alertdialog', { name: 'Switch account?' });
    await question.getByRole('button', { name: 'Switch account' }).click();

    await expect(accountMenu(page, stranger)).toBeVisible();
    await expect(page).toHaveURL(/\/en\/virtual$/);
    expect(await stored(page)).toEqual({
      token: strangerToken,
      userId: await userIdOf(request, strangerToken),
      userName: stranger.name,
      account: stranger.email,
    });
  });

  test('with nobody logged in, the link logs in its account as the server knows it', async ({ page, request }) => {
    const { stranger, strangerToken } = await accounts(request);
    await page.goto(`/en/wechatLogin?token=${strangerToken}&from=%2Fen%2Frepair`);
    await expect(page).toHaveURL(/\/en\/repair$/);
    await expect(accountMenu(page, stranger)).toBeVisible();
    expect(await stored(page)).toEqual({
      token: strangerToken,
      userId: await userIdOf(request, strangerToken),
      userName: stranger.name,
      account: stranger.email,
    });
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
  });
});
