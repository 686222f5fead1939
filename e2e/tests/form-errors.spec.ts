import { type Locator, type Page } from '@playwright/test';
import { nextFrames } from '../support/settle';
import { expect, test } from '../support/test';

// An enquiry sent empty, on a phone and on a desktop: the focus goes to the first field, every
// error stands under its own field (the consent's under the consent box) and nothing floats
// over the fields or their messages. The Chinese and the overseas enquiry, and a CMS form (the
// prototype request of the Chinese site): the three kinds of form of the enquiry dialog. Nothing
// is sent.

const widths = [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
];

const forms = [
  {
    name: 'Chinese enquiry',
    locale: 'zh-CN',
    path: '/productList',
    bar: '快捷联系',
    open: '在线咨询',
    submit: '提交咨询',
    first: '姓名',
    consent: /我已阅读并同意/,
    consentMessage: '请先勾选同意服务条款和隐私政策。',
    toasts: /通知/,
  },
  {
    name: 'overseas enquiry',
    locale: 'en-US',
    path: '/en/about',
    bar: 'Quick contact',
    open: 'Contact us',
    submit: 'Send enquiry',
    first: 'Name',
    consent: /Terms of Service/,
    consentMessage: 'Please check and agree to the service terms and privacy policy first.',
    toasts: /Notifications/,
  },
  {
    name: 'prototype request',
    locale: 'zh-CN',
    path: '/news',
    bar: '快捷联系',
    open: '申请样机',
    submit: '提交样机申请',
    first: '公司名称',
    consent: /我已阅读并同意/,
    consentMessage: '请先勾选同意服务条款和隐私政策。',
    toasts: /通知/,
  },
];

/** Scrolls so that the floating bar shows, then presses one of its buttons. */
async function openFromFloatingBar(page: Page, bar: string, button: string) {
  await page.getByRole('contentinfo').waitFor();
  await page.mouse.wheel(0, 800);
  await page.getByRole('complementary', { name: bar }).getByRole('button', { name: button }).click();
}

/**
 * What the visitor sees at a few points of the element (its centre and near its four corners),
 * after scrolling it into view: the element itself or something inside it, or what covers it.
 */
async function coveredBy(target: Locator): Promise<string[]> {
  await target.scrollIntoViewIfNeeded();
  return target.evaluate((element) => {
    // A modal dialog turns pointer events off outside it, and hit testing skips such elements;
    // whatever is painted over the control must be found all the same.
    const pointerEvents = document.body.style.pointerEvents;
    document.body.style.pointerEvents = 'auto';
    const box = element.getBoundingClientRect();
    const inset = Math.min(4, box.width / 4, box.height / 4);
    const points = [
      [box.left + box.width / 2, box.top + box.height / 2],
      [box.left + inset, box.top + inset],
      [box.right - inset, box.top + inset],
      [box.left + inset, box.bottom - inset],
      [box.right - inset, box.bottom - inset],
    ] as const;
    const covers: string[] = [];
    for (const [x, y] of points) {
      const hit = document.elementFromPoint(x, y);
      if (hit && hit !== element && !element.contains(hit)) {
        covers.push(`${hit.tagName.toLowerCase()}.${hit.getAttribute('class') ?? ''} at ${Math.round(x)},${Math.round(y)}`);
      }
    }
    document.body.style.pointerEvents = pointerEvents;
    return covers;
  });
}

for (const form of forms) {
  for (const { width, height } of widths) {
    test.describe(() => {
      test.use({ locale: form.locale, viewport: { width, height } });

      test(`${form.name} sent empty at ${width} px: inline errors only, focus on the first field`, async ({ page }) => {
        await page.goto(form.path);
        await openFromFloatingBar(page, form.bar, form.open);
        const dialog = page.getByRole('dialog', { name: form.open });
        const first = dialog.getByLabel(form.first, { exact: true });
        await expect(first).toBeVisible();

        await dialog.getByRole('button', { name: form.submit }).click();
        const consentMessage = dialog.getByText(form.consentMessage);
        await expect(consentMessage).toBeVisible();
        // The toaster is mounted with the dialog; a toast would show by now.
        await expect(page.getByRole('region', { name: form.toasts })).toBeAttached();
        await nextFrames(page);

        // The focus is on the first field, which says what is wrong.
        await expect(first).toBeFocused();
        await expect(first).toHaveAttribute('aria-invalid', 'true');
        // No toast repeats an error over the form (counted now: a toast would go after 3 s).
        expect(await page.locator('[data-sonner-toast]').count()).toBe(0);

        // Every control and every message is in plain sight: nothing lies over any of them.
        const controls = dialog.locator('input:visible, select:visible, textarea:visible');
        const messages = dialog.getByRole('alert');
        expect(await controls.count()).toBeGreaterThan(3);
        expect(await messages.count()).toBeGreaterThan(2);
        for (const target of [...(await controls.all()), ...(await messages.all())]) {
          expect(await coveredBy(target), await target.evaluate((e) => e.outerHTML.slice(0, 120))).toEqual([]);
        }

        // Every invalid control names its message, and the message stands right under it.
        for (const control of await dialog.locator('[aria-invalid="true"]:visible').all()) {
          const describedBy = (await control.getAttribute('aria-describedby')) ?? '';
          expect(describedBy).toMatch(/-error\b/);
        }

        // The consent's message is at the consent box: under its text, in its column.
        const box = dialog.getByRole('checkbox', { name: form.consent });
        await expect(box).toHaveAttribute('aria-invalid', 'true');
        const messageId = await consentMessage.getAttribute('id');
        expect((await box.getAttribute('aria-describedby'))?.split(' ')).toContain(messageId);
        await box.scrollIntoViewIfNeeded();
        const checkbox = await box.boundingBox();
        const label = await dialog.locator(`label[for="${await box.getAttribute('id')}"]`).boundingBox();
        const message = await consentMessage.boundingBox();
        if (!checkbox || !label || !message) throw new Error('the consent is not laid out');
        expect(message.x).toBeGreaterThanOrEqual(checkbox.x + checkbox.width);
        expect(Math.abs(message.x - label.x)).toBeLessThanOrEqual(2);
        expect(message.y).toBeGreaterThanOrEqual(label.y + label.height - 1);
        expect(message.y - (label.y + label.height)).toBeLessThanOrEqual(16);
      });
    });
  }
}
