import { expect, test } from '../support/test';

// Jobs (spec section 2, "Recruitment"): social and campus hiring, keyword search, a position's
// details, and "deliver immediately", which writes an e-mail to the position's recruiting
// address with the position in the subject.

test('zh: from the careers page a graduate searches, opens a position and delivers by e-mail', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto('/join');
  await expect(page.getByRole('heading', { level: 1, name: '加入我们' })).toBeVisible();
  const openings = page.getByRole('region', { name: '开放职位' });
  await openings.getByRole('tab', { name: '校园招聘' }).click();
  await expect(openings.getByRole('link', { name: 'campus@jaka.com' })).toBeVisible();
  await openings.getByRole('searchbox', { name: '搜索职位' }).fill('软件');
  await openings.getByRole('button', { name: '搜索', exact: true }).click();

  await expect(page).toHaveURL(/\/position\?type=campus&keyword=%E8%BD%AF%E4%BB%B6$/);
  await expect(page.getByRole('tab', { name: '校园招聘' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText(/与“软件”相关的职位共 \d+ 个/)).toBeVisible();
  const first = page.getByRole('list', { name: '职位列表' }).getByRole('button', { expanded: false }).first();
  const title = (await first.locator('span').first().textContent()) ?? '';
  await first.click();
  await expect(page.getByRole('heading', { name: '岗位职责' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '任职要求' })).toBeVisible();
  const deliver = page.getByRole('link', { name: new RegExp(`^立即投递`) });
  await expect(deliver).toHaveAttribute('href', `mailto:campus@jaka.com?subject=${encodeURIComponent(`应聘：${title}`)}`);
  expect(errors).toEqual([]);
});

test('en: experienced hires search by keyword, page through and deliver by e-mail', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto('/en/position');
  await expect(page.getByRole('tab', { name: 'Experienced hires' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Open positions: 14')).toBeVisible();
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/\/en\/position\?page=2$/);
  await expect(page.getByRole('list', { name: 'Positions' }).getByRole('listitem')).toHaveCount(4);

  await page.getByRole('searchbox', { name: 'Search positions' }).fill('Motion Control');
  await page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('Positions matching “Motion Control”: 1')).toBeVisible();
  await page.getByRole('button', { name: /Motion Control Algorithm Engineer/ }).click();
  await expect(page.getByText('Master’s degree or higher')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Apply now Motion Control Algorithm Engineer' })).toHaveAttribute(
    'href',
    'mailto:hr@jaka.com?subject=Application%3A%20Motion%20Control%20Algorithm%20Engineer',
  );

  await page.getByRole('searchbox', { name: 'Search positions' }).fill('no such job anywhere');
  await page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('No positions match your search.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page.getByText('Open positions: 14')).toBeVisible();
  expect(errors).toEqual([]);
});
