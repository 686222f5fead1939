import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { mockURL } from '../support/mocks';

// Repair and work orders (issue 8), end to end through the BFF and the work-order (ITR) and OCR
// mocks, in Chinese and English: a visitor is sent to log in and back; a logged-in owner reports
// a fault with a photo, sees it pending, the service team (the ITR admin endpoint) moves it on
// and the detail shows it completed; uploads the server refuses; the nameplate scan; another
// user's order. The BFF runs with UPLOAD_IMAGE_MAX_BYTES=262144 (playwright.config.ts).

const PHONE_USER = { phone: '13800138000', password: 'Jaka@2024' };
const EMAIL_USER = { email: 'demo@jaka.example', password: 'Jaka@2024' };
/** A demo order of the phone user (account 1001), completed. */
const PHONE_USERS_ORDER = 5001;

const TEXT = {
  zh: {
    prefix: '',
    locale: 'zh-CN',
    repairTitle: '在线报修',
    repairForm: '故障报修',
    listTitle: '我的报修',
    loginAccount: '手机号或邮箱',
    loginPassword: '密码',
    loginSubmit: '登录',
    robotCode: '机器人编码',
    cabinetCode: '控制柜编码',
    issueDate: '故障日期',
    no: '否，此前使用正常',
    faultDescription: '故障描述',
    faultFiles: '故障照片/视频',
    companyName: '公司名称',
    companyQuery: '节卡',
    company: '上海节卡机器人科技有限公司',
    companyAddress: '公司地址',
    address: '上海市闵行区剑川路610号33-35幢',
    name: '姓名',
    phone: '联系电话',
    email: '邮箱',
    submit: '提交报修',
    received: '报修已提交',
    toList: '查看我的报修',
    pending: '待处理',
    onlineReport: '在线报修',
    completed: '服务完成',
    uploaded: '已上传',
    empty: '该文件为空',
    unsupported: '该文件的内容不是支持的图片或视频',
    tooLarge: '文件过大。',
    tooLargeDetail: '图片不能超过 256 KB',
    typeRefused: '不支持该文件类型',
    scanNameplate: '扫描铭牌',
    scanVersion: '扫描版本页面',
    filled: '已根据照片填写',
    nothing: '未能从这张照片中识别出编码',
    controller: '控制器版本',
    sdk: 'SDK 版本',
    notFound: '未找到该工单',
    noData: '暂无数据',
    required: '请输入机器人编码',
  },
  en: {
    prefix: '/en',
    locale: 'en-GB',
    repairTitle: 'Report a repair',
    repairForm: 'Repair report',
    listTitle: 'My repair orders',
    loginAccount: 'Mobile number or e-mail',
    loginPassword: 'Password',
    loginSubmit: 'Log in',
    robotCode: 'Robot code',
    cabinetCode: 'Control cabinet code',
    issueDate: 'Date of the fault',
    no: 'No, it had worked before',
    faultDescription: 'Fault description',
    faultFiles: 'Photos or videos of the fault',
    companyName: 'Company name',
    companyQuery: 'JAKA',
    company: 'JAKA Demo GmbH',
    companyAddress: 'Company address',
    address: 'Hanauer Landstraße 291, 60314 Frankfurt am Main, Germany',
    name: 'Name',
    phone: 'Phone',
    email: 'Email',
    submit: 'Submit repair report',
    received: 'Your report has been received',
    toList: 'View my repair orders',
    pending: 'Pending',
    onlineReport: 'Online report',
    completed: 'Service completed',
    uploaded: 'Uploaded',
    empty: 'This file is empty',
    unsupported: 'is not a supported photo or video',
    tooLarge: 'The file is too large.',
    tooLargeDetail: 'A photo may be at most 256 KB.',
    typeRefused: 'This file type is not supported',
    scanNameplate: 'Scan the nameplate',
    scanVersion: 'Scan the version screen',
    filled: 'Filled in from your photo',
    nothing: 'We could not read any codes on this photo',
    controller: 'Controller version',
    sdk: 'SDK version',
    notFound: 'Work order not found',
    noData: 'No data',
    required: 'Please enter the robot code',
  },
} as const;

type Lang = keyof typeof TEXT;

/** A 1×1 white PNG: a valid photo on which nothing can be read. */
const BLANK_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==',
  'base64',
);

async function sample(request: APIRequestContext, name: 'nameplate.png' | 'software-version.png'): Promise<Buffer> {
  const response = await request.get(`${mockURL('ocr')}/__admin/samples/${name}`);
  expect(response.ok()).toBe(true);
  return Buffer.from(await response.body());
}

/** Logs in through the API and stores the session as the site does (spec section 3 keys), before the next page loads. */
async function logIn(page: Page, who: 'phone' | 'email'): Promise<void> {
  const path = who === 'phone' ? '/prod-api/login/phonePasswordLogin' : '/prod-api/login/emailPasswordLogin';
  const response = await page.request.post(path, { data: who === 'phone' ? PHONE_USER : EMAIL_USER });
  expect(response.ok()).toBe(true);
  const { data } = (await response.json()) as { data: { token: string; userId: number; userName: string; account: string; email: string | null } };
  // Stored before the site's scripts run, on every page of the test (as after a real login).
  await page.addInitScript((login) => {
    const email = login.email ?? (login.account.includes('@') ? login.account : '');
    localStorage.setItem('jakaUserId', String(login.userId));
    localStorage.setItem('jakaUserName', login.userName);
    localStorage.setItem('jakaUserAccount', login.account);
    localStorage.setItem('jakaUserAccountEmail', email);
    localStorage.setItem('jakaUserInfo', JSON.stringify({ token: login.token, userId: login.userId, userName: login.userName, account: login.account, email }));
  }, data);
}

interface AdminOrder {
  id: number;
  serviceNumber: string;
  owner: number;
  status: string;
}

async function ordersOf(request: APIRequestContext, owner: number): Promise<AdminOrder[]> {
  const response = await request.get(`${mockURL('itr')}/__admin/orders`);
  const { orders } = (await response.json()) as { orders: AdminOrder[] };
  return orders.filter((order) => order.owner === owner);
}

async function storedFiles(request: APIRequestContext): Promise<{ files: number; partialFiles: number }> {
  const response = await request.get(`${mockURL('itr')}/__admin/attachments`);
  const { files, partialFiles } = (await response.json()) as { files: number; partialFiles: number };
  return { files, partialFiles };
}

function yesterday(): string {
  const d = new Date(Date.now() - 24 * 3600 * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** axe-core (WCAG 2.1 A and AA): serious and critical violations of the page's main content. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('response', (r) => {
    if (r.status() >= 400) errors.push(`${r.status()} ${r.url()}`);
  });
  return errors;
}

for (const lang of ['zh', 'en'] as const satisfies readonly Lang[]) {
  const T = TEXT[lang];
  const at = (path: string) => `${T.prefix}${path}`;

  test.describe(`repair (${lang})`, () => {
    test.use({ locale: T.locale });

    test('a visitor is sent to log in and comes back to the repair form', async ({ page }) => {
      await page.goto(at('/repair'));
      await expect(page).toHaveURL((url) => url.pathname === at('/login') && url.searchParams.get('from') === at('/repair'));
      expect(await page.evaluate(() => localStorage.getItem('jakaWhereFrom'))).toBe(at('/repair'));
      await page.getByLabel(T.loginAccount).fill(PHONE_USER.phone);
      await page.getByLabel(T.loginPassword, { exact: true }).fill(PHONE_USER.password);
      await page.getByRole('button', { name: T.loginSubmit, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${at('/repair')}$`));
      await expect(page.getByRole('heading', { level: 1, name: T.repairTitle })).toBeVisible();
      await expect(page.getByLabel(T.robotCode)).toBeVisible();
    });

    test('report a repair with a photo, see it pending, follow it to Service Completed', async ({ page, request }) => {
      const errors = watchConsole(page);
      await logIn(page, 'phone');
      const before = (await ordersOf(request, 1001)).length;
      await page.goto(at('/repair'));
      await expect(page.getByRole('heading', { level: 1, name: T.repairTitle })).toBeVisible();
      const form = page.getByRole('form', { name: T.repairForm });

      // Rules run on blur: leaving the robot code empty says so at once.
      await form.getByLabel(T.robotCode).focus();
      await form.getByLabel(T.cabinetCode).focus();
      await expect(form.getByText(T.required)).toBeVisible();

      await form.getByLabel(T.robotCode).fill('JAKA-ZU7-2403-001234');
      await form.getByLabel(T.cabinetCode).fill('JAKA-CAB3-2403-005678');
      await form.getByLabel(T.issueDate).fill(yesterday());
      await form.getByRole('radio', { name: T.no, exact: true }).check();
      await form.getByLabel(T.faultDescription).fill('Joint 3 alarm 1104 (overcurrent) above 50 % speed.');

      await form.getByLabel(T.faultFiles, { exact: true }).setInputFiles({ name: 'fault.png', mimeType: 'image/png', buffer: await sample(request, 'nameplate.png') });
      const card = form.getByRole('listitem').filter({ hasText: 'fault.png' });
      await expect(card.getByText(T.uploaded)).toBeVisible();
      const preview = card.getByRole('img', { name: 'fault.png' });
      await expect(preview).toHaveAttribute('src', /^\/repair-files\/att_[A-Za-z0-9_-]+\?t=/);
      await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

      // The company list completes the name (500 ms after typing stops) and fills the address.
      const company = form.getByRole('combobox', { name: T.companyName });
      await company.fill(T.companyQuery);
      await page.getByRole('option', { name: new RegExp(T.company) }).click();
      await expect(company).toHaveValue(T.company);
      await expect(form.getByLabel(T.companyAddress)).toHaveValue(T.address);

      await expect(form.getByLabel(T.phone)).toHaveValue(PHONE_USER.phone);
      await form.getByLabel(T.name, { exact: true }).fill('Demo Tester');
      await form.getByLabel(T.email, { exact: true }).fill('tester@example.com');

      // A double click sends one report: the second press finds one under way, and a repeat
      // carries the same Idempotency-Key.
      await form.getByRole('button', { name: T.submit }).dblclick();
      await expect(page.getByRole('heading', { name: T.received })).toBeVisible();
      const serviceNumber = (await page.getByTestId('service-number').textContent())?.trim() ?? '';
      expect(serviceNumber).toMatch(/^SR\d{8}-\d{4}$/);
      const after = await ordersOf(request, 1001);
      expect(after.length).toBe(before + 1);

      await page.getByRole('link', { name: T.toList }).click();
      await expect(page.getByRole('heading', { level: 1, name: T.listTitle })).toBeVisible();
      await page.getByRole('tab', { name: T.pending }).click();
      await expect(page).toHaveURL(/status=pending/);
      const row = page.getByRole('row').filter({ hasText: serviceNumber });
      await expect(row).toBeVisible();
      await expect(row.getByText(T.onlineReport)).toBeVisible();

      // The service team takes it on, then completes it.
      for (let i = 0; i < 2; i += 1) {
        const advanced = await request.post(`${mockURL('itr')}/__admin/orders/${serviceNumber}/advance`);
        expect(advanced.ok()).toBe(true);
      }

      await row.getByRole('link', { name: serviceNumber, exact: true }).click();
      await expect(page).toHaveURL(/\/repairDetail\/\d+$/);
      await expect(page.getByRole('heading', { level: 1, name: new RegExp(serviceNumber) })).toBeVisible();
      const current = page.locator('[aria-current="step"]');
      await expect(current).toContainText(T.completed);
      await expect(page.getByRole('img', { name: 'fault.png' })).toBeVisible();
      await expect(page.getByText('JAKA Zu 7').first()).toBeVisible();
      expect(errors).toEqual([]);
    });

    test('uploads the server refuses are explained, and nothing is kept', async ({ page, request }) => {
      await logIn(page, 'phone');
      await page.goto(at('/repair'));
      const form = page.getByRole('form', { name: T.repairForm });
      const input = form.getByLabel(T.faultFiles, { exact: true });
      await expect(input).toBeAttached();
      const stored = await storedFiles(request);

      await input.setInputFiles({ name: 'empty.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(0) });
      await expect(page.getByRole('listitem').filter({ hasText: 'empty.jpg' }).getByText(T.empty)).toBeVisible();

      await input.setInputFiles({ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('These are plain text notes, not a photo.\n') });
      await expect(page.getByRole('listitem').filter({ hasText: 'notes.jpg' }).getByText(T.unsupported)).toBeVisible();

      const big = Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'binary'), Buffer.alloc(300 * 1024, 7)]);
      await input.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: big });
      const bigCard = page.getByRole('listitem').filter({ hasText: 'big.png' });
      await expect(bigCard.getByText(T.tooLarge)).toBeVisible();
      await expect(bigCard.getByText(T.tooLargeDetail)).toBeVisible();

      // The page's own pre-check: a PDF never leaves the browser.
      let sent = 0;
      page.on('request', (r) => {
        if (r.url().includes('/api/itr/upload')) sent += 1;
      });
      await input.setInputFiles({ name: 'manual.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n') });
      await expect(page.getByRole('listitem').filter({ hasText: 'manual.pdf' }).getByText(T.typeRefused)).toBeVisible();
      expect(sent).toBe(0);

      expect(await storedFiles(request)).toEqual(stored);
    });

    test('scanning the nameplate and the version screen fills the form to be checked', async ({ page, request }) => {
      await logIn(page, 'phone');
      await page.goto(at('/repair'));
      const form = page.getByRole('form', { name: T.repairForm });

      await form.getByLabel(T.scanNameplate).setInputFiles({ name: 'nameplate.png', mimeType: 'image/png', buffer: await sample(request, 'nameplate.png') });
      await expect(form.getByRole('status').filter({ hasText: T.filled }).first()).toBeVisible();
      await expect(form.getByLabel(T.robotCode)).toHaveValue('JAKA-ZU7-2403-001234');
      await expect(form.getByLabel(T.cabinetCode)).toHaveValue('JAKA-CAB3-2403-005678');
      await expect(form.getByRole('status').filter({ hasText: 'JAKA Zu 7' })).toBeVisible();

      await form.getByLabel(T.scanVersion).setInputFiles({ name: 'version.png', mimeType: 'image/png', buffer: await sample(request, 'software-version.png') });
      await expect(form.getByLabel(T.controller)).toHaveValue('V2.1.7');
      await expect(form.getByLabel(T.sdk)).toHaveValue('V2.1.7.4');

      // A photo without readable text is no error: a gentle word, nothing changed.
      await form.getByLabel(T.scanNameplate).setInputFiles({ name: 'blank.png', mimeType: 'image/png', buffer: BLANK_PNG });
      await expect(form.getByText(T.nothing)).toBeVisible();
      await expect(form.getByLabel(T.robotCode)).toHaveValue('JAKA-ZU7-2403-001234');
    });

    test('the form (with errors and files), the list and a work order pass an accessibility scan', async ({ page, request }) => {
      await logIn(page, 'phone');
      await page.goto(at('/repair'));
      const form = page.getByRole('form', { name: T.repairForm });
      await form.getByLabel(T.faultFiles, { exact: true }).setInputFiles([
        { name: 'fault.png', mimeType: 'image/png', buffer: await sample(request, 'nameplate.png') },
        { name: 'manual.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n') },
      ]);
      await expect(form.getByText(T.uploaded)).toBeVisible();
      await form.getByRole('button', { name: T.submit }).click();
      await expect(form.getByText(T.required)).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto(at('/repairList'));
      await expect(page.getByRole('table')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto(at(`/repairDetail/${PHONE_USERS_ORDER}`));
      await expect(page.locator('[aria-current="step"]')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test("another user's work order is not shown to them", async ({ page }) => {
      await logIn(page, 'email');
      await page.goto(at(`/repairDetail/${PHONE_USERS_ORDER}`));
      await expect(page.getByRole('heading', { name: T.notFound })).toBeVisible();
      await expect(page.getByText('SR20261023-0001')).toHaveCount(0);

      await page.goto(at('/repairList'));
      await expect(page.getByText(T.noData)).toBeVisible();
    });
  });
}
