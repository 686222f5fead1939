import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSubmissionKeys } from '@/lib/idempotency';
import { toast } from '@/lib/toast';
import { envelope, failure, recordReceipt, siteInfo } from '@/testing/fixtures';
import { LEAD_CHALLENGE, type MockReply, type RecordedRequest, mockFetch } from '@/testing/mock-fetch';
import { renderAt } from '@/testing/render';
import { EnquiryFormSlot } from '../components/enquiry-form-slot';
import { companyTypes, industries, prototypeForm, receipt } from './fixtures';

// Whole forms are filled in like a visitor would: give them time on a busy machine.
vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5_000 });

type Routes = Array<[string | RegExp, MockReply]>;

const district = (d: string | null) => envelope({ province: '广东省', city: '深圳市', district: d });

function stub(routes: Routes = []) {
  return mockFetch([
    ...routes,
    ['/api/common/allList', { body: envelope(siteInfo) }],
    ['/crm/getDistrict', { body: district('福田区') }],
    [
      '/api/dict/data/list',
      (request: RecordedRequest) => ({
        body: envelope((JSON.parse(request.body ?? '{}') as { dictType?: string }).dictType === 'industry_tags' ? industries : companyTypes),
      }),
    ],
    ['/crm/addSaleClue', { body: envelope(receipt()) }],
    ['/crm/addOverseasSaleClue', { body: envelope(receipt()) }],
  ]);
}

const posts = (requests: RecordedRequest[], path: string) => requests.filter((r) => r.url.includes(path) && r.method === 'POST');

async function renderSlot(intent: 'consult' | 'contact' | 'prototype' | 'feedback', path: string) {
  const onDone = vi.fn();
  const view = await renderAt(<EnquiryFormSlot intent={intent} onDone={onDone} />, path);
  return { ...view, onDone };
}

async function fillChinese(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('姓名'), '张先生');
  await user.type(screen.getByLabelText('手机号码'), '13800138000');
  await user.type(screen.getByLabelText('电子邮箱'), 'zhang@example.cn');
  await user.type(screen.getByLabelText('公司名称'), '深圳精工');
  await user.click(screen.getByRole('radio', { name: '合作咨询' }));
  await screen.findByRole('option', { name: '广东省' });
  await user.selectOptions(screen.getByRole('combobox', { name: '省 / 地区' }), '广东省');
  await user.selectOptions(screen.getByRole('combobox', { name: '城市' }), '深圳市');
  await user.type(screen.getByLabelText('具体需求'), '需要 <b>焊接</b> 工作站');
}

beforeEach(() => {
  resetSubmissionKeys();
});

describe('the Chinese enquiry', () => {
  it('sends every field with the district, the source tag and label, under an idempotency key, then thanks and goes to /thx', async () => {
    const { requests } = stub();
    const success = vi.spyOn(toast, 'success');
    const user = userEvent.setup({ delay: null });
    const { router, onDone } = await renderSlot('consult', '/productDetails/103?tab=specs');
    await fillChinese(user);
    await user.click(screen.getByRole('checkbox', { name: /我已阅读并同意/ }));
    await user.click(screen.getByRole('button', { name: '提交咨询' }));

    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const [sent] = posts(requests, '/crm/addSaleClue');
    expect(JSON.parse(sent?.body ?? '')).toEqual({
      userName: '张先生',
      phoneNumber: '13800138000',
      email: 'zhang@example.cn',
      communicateMatter: 1,
      city: '福田区',
      companyName: '深圳精工',
      specificRequirements: '需要 <b>焊接</b> 工作站',
      tags: ['官网询盘'],
      clueName: '官网',
      sourcePage: '/productDetails/103?tab=specs',
    });
    expect(sent?.headers.get('Idempotency-Key')).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
    expect(sent?.headers.get('lang')).toBe('zh');
    const lookup = requests.find((r) => r.url.includes('/crm/getDistrict'));
    expect(new URL(lookup?.url ?? '', 'http://x').searchParams.get('province')).toBe('广东省');
    expect(success).toHaveBeenCalledWith('提交成功', '客户经理将在 1 个工作日内与您联系。');
    expect(router.state.location.pathname).toBe('/thx');
  });

  it('labels a lead from the mini-program browser as such', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 MicroMessenger/8.0 miniProgram');
    const { requests } = stub();
    const user = userEvent.setup({ delay: null });
    const { onDone } = await renderSlot('consult', '/index');
    await fillChinese(user);
    await user.click(screen.getByRole('checkbox', { name: /我已阅读并同意/ }));
    await user.click(screen.getByRole('button', { name: '提交咨询' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const body = JSON.parse(posts(requests, '/crm/addSaleClue')[0]?.body ?? '') as { clueName: string; tags: string[] };
    expect(body.clueName).toBe('小程序');
    expect(body.tags).toEqual(['小程序询盘']);
  });

  it('refuses to send without the policy consent, says so at the box only, and focuses the box', async () => {
    const { requests } = stub();
    const warning = vi.spyOn(toast, 'warning');
    const user = userEvent.setup({ delay: null });
    await renderSlot('consult', '/index');
    await fillChinese(user);
    await user.click(screen.getByRole('button', { name: '提交咨询' }));
    const message = await screen.findByText('请先勾选同意服务条款和隐私政策。');
    // Inline, tied to the box; no toast repeats it over the form.
    expect(warning).not.toHaveBeenCalled();
    expect(posts(requests, '/crm/addSaleClue')).toHaveLength(0);
    const consent = screen.getByRole('checkbox', { name: /我已阅读并同意/ });
    expect(consent.getAttribute('aria-invalid')).toBe('true');
    expect(consent.getAttribute('aria-describedby')).toBe(message.id);
    expect(consent.parentElement?.contains(message)).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(consent));
  });

  it('checks a field when it is left, and every field on submit', async () => {
    stub();
    const user = userEvent.setup({ delay: null });
    await renderSlot('consult', '/index');
    await user.click(await screen.findByLabelText('姓名'));
    await user.tab();
    expect(await screen.findByText('请输入姓名')).toBeTruthy();
    await user.type(screen.getByLabelText('电子邮箱'), 'zhang@example');
    await user.tab();
    expect(await screen.findByText('请输入正确的邮箱')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: '提交咨询' }));
    for (const message of ['请输入手机号码', '请选择咨询内容', '请选择城市', '请输入公司名称', '请输入具体需求']) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
  });

  it('puts the focus on the first field in error when sent incomplete', async () => {
    stub();
    const warning = vi.spyOn(toast, 'warning');
    const user = userEvent.setup({ delay: null });
    await renderSlot('consult', '/index');
    await user.click(await screen.findByRole('button', { name: '提交咨询' }));
    const name = screen.getByLabelText('姓名');
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(warning).not.toHaveBeenCalled();
  });

  it('focuses the topic when it is the first field in error: the first radio of the group', async () => {
    stub();
    const user = userEvent.setup({ delay: null });
    await renderSlot('consult', '/index');
    await user.type(await screen.findByLabelText('姓名'), '张先生');
    await user.type(screen.getByLabelText('手机号码'), '13800138000');
    await user.type(screen.getByLabelText('电子邮箱'), 'zhang@example.cn');
    await user.type(screen.getByLabelText('公司名称'), '深圳精工');
    await user.click(screen.getByRole('button', { name: '提交咨询' }));
    const topic = screen.getByRole('radiogroup', { name: /咨询内容/ });
    await waitFor(() => expect(topic.getAttribute('aria-invalid')).toBe('true'));
    await waitFor(() => expect(document.activeElement).toBe(within(topic).getAllByRole('radio')[0]));
  });

  it('warns when the CRM does not serve the city yet and files the lead under the province', async () => {
    const { requests } = stub([['/crm/getDistrict', { body: { ...district(null), msg: 'This city is not yet available' } }]]);
    const warning = vi.spyOn(toast, 'warning');
    const user = userEvent.setup({ delay: null });
    const { onDone } = await renderSlot('consult', '/index');
    await fillChinese(user);
    await waitFor(() => expect(warning).toHaveBeenCalledWith('该城市暂未开通', '您的咨询将按广东省登记。'));
    await user.click(screen.getByRole('checkbox', { name: /我已阅读并同意/ }));
    await user.click(screen.getByRole('button', { name: '提交咨询' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect((JSON.parse(posts(requests, '/crm/addSaleClue')[0]?.body ?? '') as { city: string }).city).toBe('广东省');
    expect(warning).toHaveBeenCalledTimes(1);
  });

  it('keeps what was typed when the CRM refuses, and says "Submission failed!"', async () => {
    stub([['/crm/addSaleClue', { status: 422, body: failure(422, 'lead.rejected', 'Submission failed!') }]]);
    const error = vi.spyOn(toast, 'error');
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const user = userEvent.setup({ delay: null });
    const { onDone, router } = await renderSlot('consult', '/index');
    await fillChinese(user);
    await user.click(screen.getByRole('checkbox', { name: /我已阅读并同意/ }));
    await user.click(screen.getByRole('button', { name: '提交咨询' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('提交失败！'));
    expect(onDone).not.toHaveBeenCalled();
    expect(screen.getByLabelText<HTMLInputElement>('姓名').value).toBe('张先生');
    expect(router.state.location.pathname).toBe('/index');
  });

  it('sends a retry after a lost connection under the same idempotency key, so it is one lead', async () => {
    let calls = 0;
    const { requests } = stub([
      [
        '/crm/addSaleClue',
        () => {
          calls += 1;
          return calls === 1 ? { status: 503, body: failure(503, 'upstream.unavailable', 'unavailable') } : { body: envelope(receipt(true)) };
        },
      ],
    ]);
    const error = vi.spyOn(toast, 'error');
    const user = userEvent.setup({ delay: null });
    const { onDone } = await renderSlot('consult', '/index');
    await fillChinese(user);
    await user.click(screen.getByRole('checkbox', { name: /我已阅读并同意/ }));
    await user.click(screen.getByRole('button', { name: '提交咨询' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('暂时无法连接服务器，您填写的内容已保留，请稍后重试。'));
    await user.click(screen.getByRole('button', { name: '提交咨询' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const keys = posts(requests, '/crm/addSaleClue').map((r) => r.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('resets after success: empty fields, the consent unticked, a new key for the next lead', async () => {
    const { requests } = stub();
    const user = userEvent.setup({ delay: null });
    const { onDone } = await renderSlot('consult', '/index');
    await fillChinese(user);
    await user.click(screen.getByRole('checkbox', { name: /我已阅读并同意/ }));
    await user.click(screen.getByRole('button', { name: '提交咨询' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('姓名').value).toBe(''));
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: /我已阅读并同意/ }).checked).toBe(false);

    await fillChinese(user);
    await user.click(screen.getByRole('checkbox', { name: /我已阅读并同意/ }));
    await user.click(screen.getByRole('button', { name: '提交咨询' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(2));
    const keys = posts(requests, '/crm/addSaleClue').map((r) => r.headers.get('Idempotency-Key'));
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('opens the terms and the privacy policy in a new tab', async () => {
    stub();
    await renderSlot('consult', '/index');
    const consent = (await screen.findByRole('checkbox', { name: /我已阅读并同意/ })).closest('div') as HTMLElement;
    const terms = within(consent).getByRole('link', { name: '《服务条款》' });
    expect(terms.getAttribute('href')).toBe('/imprint?key=terms');
    expect(terms.getAttribute('target')).toBe('_blank');
    expect(within(consent).getByRole('link', { name: '《隐私政策》' }).getAttribute('href')).toBe('/imprint?key=privacy');
  });
});

describe('the overseas enquiry', () => {
  async function fillOverseas(user: ReturnType<typeof userEvent.setup>, labels: Record<string, string>) {
    await user.type(await screen.findByLabelText(labels.name ?? ''), 'Anna Schmidt');
    await user.type(screen.getByLabelText(labels.company ?? ''), 'Schmidt GmbH');
    await user.type(screen.getByLabelText(labels.email ?? ''), 'anna@example.de');
    await user.type(screen.getByLabelText(labels.phone ?? ''), '+49 151 2345678');
    await screen.findByRole('option', { name: 'Automotive & parts' });
    await user.selectOptions(screen.getByLabelText(labels.industry ?? ''), 'automotive');
    await user.selectOptions(screen.getByLabelText(labels.type ?? ''), 'end_user');
    await user.type(screen.getByLabelText(labels.comment ?? ''), 'Palletising cell');
  }

  const DE = { name: 'Ihr Name', company: 'Unternehmen', email: 'E-Mail', phone: 'Telefon', industry: 'Branche', type: 'Unternehmensart', comment: 'Nachricht' };
  const EN = { name: 'Name', company: 'Company', email: 'Email', phone: 'Phone', industry: 'Industry', type: 'Company type', comment: 'Message' };

  it('defaults the country from the page language and sends the industry as a one-item list', async () => {
    const { requests } = stub();
    const user = userEvent.setup({ delay: null });
    const { onDone, router } = await renderSlot('contact', '/de/productList');
    const country = await screen.findByLabelText<HTMLSelectElement>('Land');
    await screen.findByRole('option', { name: 'Deutschland' });
    expect(country.value).toBe('DE');
    await fillOverseas(user, DE);
    await user.click(screen.getByRole('checkbox', { name: /Nutzungsbedingungen/ }));
    await user.click(screen.getByRole('button', { name: 'Anfrage senden' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const sent = posts(requests, '/crm/addOverseasSaleClue')[0];
    expect(JSON.parse(sent?.body ?? '')).toEqual({
      userName: 'Anna Schmidt',
      phone: '+49 151 2345678',
      email: 'anna@example.de',
      companyName: 'Schmidt GmbH',
      industry: ['automotive'],
      companyType: 'end_user',
      comment: 'Palletising cell',
      country: 'DE',
      sourcePage: '/de/productList',
    });
    expect(sent?.headers.get('lang')).toBe('de');
    expect(router.state.location.pathname).toBe('/de/thx');
  });

  it('has no default country in English, checks the country on change, and sends the United Kingdom as UK', async () => {
    const { requests } = stub();
    const user = userEvent.setup({ delay: null });
    const { onDone } = await renderSlot('contact', '/en/index');
    const country = await screen.findByLabelText<HTMLSelectElement>('Country');
    expect(country.value).toBe('');
    await screen.findByRole('option', { name: 'United Kingdom' });
    await user.selectOptions(country, 'UK');
    await user.selectOptions(country, '');
    expect(await screen.findByText('Please select a country')).toBeTruthy();
    await user.selectOptions(country, 'UK');
    await waitFor(() => expect(screen.queryByText('Please select a country')).toBeNull());
    await fillOverseas(user, EN);
    await user.click(screen.getByRole('checkbox', { name: /Terms of Service/ }));
    await user.click(screen.getByRole('button', { name: 'Send enquiry' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect((JSON.parse(posts(requests, '/crm/addOverseasSaleClue')[0]?.body ?? '') as { country: string }).country).toBe('UK');
  });

  it('logs a dictionary that fails to load and leaves its list empty; the form still works', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    stub([
      [
        '/api/dict/data/list',
        (request: RecordedRequest) =>
          (JSON.parse(request.body ?? '{}') as { dictType?: string }).dictType === 'industry_tags'
            ? { status: 502, body: failure(502, 'upstream.unavailable', 'unavailable') }
            : { body: envelope(companyTypes) },
      ],
    ]);
    await renderSlot('contact', '/en/index');
    await screen.findByRole('option', { name: 'End user' });
    await waitFor(() => expect(warn).toHaveBeenCalledWith(expect.stringContaining('industry_tags'), expect.anything()));
    const industry = screen.getByLabelText<HTMLSelectElement>('Industry');
    expect(industry.options).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Send enquiry' })).toBeTruthy();
  });

  it('puts the focus on the first field in error when sent incomplete', async () => {
    stub();
    const user = userEvent.setup({ delay: null });
    await renderSlot('contact', '/en/index');
    await user.type(await screen.findByLabelText('Name'), 'Anna Schmidt');
    await user.click(screen.getByRole('button', { name: 'Send enquiry' }));
    const company = screen.getByLabelText('Company');
    await waitFor(() => expect(company.getAttribute('aria-invalid')).toBe('true'));
    expect(document.activeElement).toBe(company);
  });

  it('shows the policy message in English when the box is not ticked', async () => {
    stub();
    const user = userEvent.setup({ delay: null });
    await renderSlot('contact', '/en/index');
    await user.click(await screen.findByRole('button', { name: 'Send enquiry' }));
    expect(await screen.findByText('Please check and agree to the service terms and privacy policy first.')).toBeTruthy();
    expect(screen.getByText('Please enter your name')).toBeTruthy();
    expect(screen.getByText('Please select an industry')).toBeTruthy();
  });
});

describe('the CMS forms in the dialog', () => {
  it('sent empty, says what is missing under each field and the consent at its box, focuses the first field, no toast', async () => {
    const { requests } = stub([['/api/customForm/2', { body: envelope(prototypeForm) }]]);
    const warning = vi.spyOn(toast, 'warning');
    const user = userEvent.setup({ delay: null });
    await renderSlot('prototype', '/en/productDetails/7');
    await user.click(await screen.findByRole('button', { name: 'Request a demo unit' }));
    const consentMessage = await screen.findByText('Please check and agree to the service terms and privacy policy first.');
    const consent = screen.getByRole('checkbox', { name: /Terms of Service/ });
    expect(consent.getAttribute('aria-describedby')).toBe(consentMessage.id);
    const company = screen.getByLabelText('Company');
    await waitFor(() => expect(document.activeElement).toBe(company));
    expect(company.getAttribute('aria-invalid')).toBe('true');
    expect(warning).not.toHaveBeenCalled();
    expect(posts(requests, '/api/customFormRecord')).toHaveLength(0);
  });

  it('sends a prototype request as a form record and goes to /thx', async () => {
    const { requests } = stub([
      ['/api/customForm/2', { body: envelope(prototypeForm) }],
      ['/api/customFormRecord', { body: envelope(recordReceipt()) }],
    ]);
    const user = userEvent.setup({ delay: null });
    const { onDone, router } = await renderSlot('prototype', '/en/productDetails/7');
    expect(await screen.findByText(/free of charge for two weeks/)).toBeTruthy();
    await user.type(screen.getByLabelText('Company'), 'Acme Ltd');
    await user.type(screen.getByLabelText('Name'), 'Jo Bloggs');
    await user.type(screen.getByLabelText('Email'), 'jo@example.co.uk');
    await screen.findByRole('option', { name: 'United Kingdom' });
    await user.selectOptions(screen.getByLabelText('Country'), 'UK');
    await user.selectOptions(screen.getByLabelText('Model'), 'minicobo');
    await user.click(screen.getByRole('checkbox', { name: /Terms of Service/ }));
    await user.click(screen.getByRole('button', { name: 'Request a demo unit' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const sent = posts(requests, '/api/customFormRecord')[0];
    expect(JSON.parse(sent?.body ?? '')).toEqual({
      formId: 2,
      sourcePage: '/en/productDetails/7',
      values: { companyName: 'Acme Ltd', userName: 'Jo Bloggs', email: 'jo@example.co.uk', country: 'UK', productModel: 'minicobo' },
    });
    expect(sent?.headers.get('Idempotency-Key')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/en/thx');
  });

  it('puts the server’s field errors on the fields', async () => {
    stub([
      ['/api/customForm/2', { body: envelope(prototypeForm) }],
      ['/api/customFormRecord', { status: 400, body: failure(400, 'request.invalid', 'invalid', [{ field: 'values/email', message: 'is not an e-mail address' }]) }],
    ]);
    const error = vi.spyOn(toast, 'error');
    const user = userEvent.setup({ delay: null });
    await renderSlot('prototype', '/en/index');
    await user.type(await screen.findByLabelText('Company'), 'Acme Ltd');
    await user.type(screen.getByLabelText('Name'), 'Jo Bloggs');
    await user.type(screen.getByLabelText('Email'), 'jo@example.co.uk');
    await screen.findByRole('option', { name: 'Germany' });
    await user.selectOptions(screen.getByLabelText('Country'), 'DE');
    await user.selectOptions(screen.getByLabelText('Model'), 'zu-5');
    await user.click(screen.getByRole('checkbox', { name: /Terms of Service/ }));
    await user.click(screen.getByRole('button', { name: 'Request a demo unit' }));
    expect(await screen.findByText('Please check this entry')).toBeTruthy();
    expect(error).toHaveBeenCalledWith('Please check the highlighted fields.');
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
  });

  it('shows an error with a retry when the form definition cannot be loaded', async () => {
    let fail = true;
    stub([
      ['/api/customForm/3', () => (fail ? { status: 502, body: failure(502, 'upstream.unavailable', 'unavailable') } : { body: envelope({ ...prototypeForm, id: 3 }) })],
    ]);
    const user = userEvent.setup({ delay: null });
    await renderSlot('feedback', '/en/contact');
    expect(await screen.findByText('The form could not be loaded.')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Send feedback' })).toBeTruthy();
  });
});

describe("a lead's bot defences", () => {
  const submit = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.click(screen.getByRole('checkbox', { name: /我已阅读并同意/ }));
    await user.click(screen.getByRole('button', { name: '提交咨询' }));
  };

  it('solves the puzzle from the first focus and sends it with an empty trap field; the trap is out of reach', async () => {
    const { requests } = stub();
    const user = userEvent.setup({ delay: null });
    const { onDone, container } = await renderSlot('consult', '/index');
    const name = await screen.findByLabelText('姓名');
    const trap = container.querySelector<HTMLInputElement>('input[name="website"]');
    expect(trap).not.toBeNull();
    expect(trap?.tabIndex).toBe(-1);
    expect(trap?.autocomplete).toBe('off');
    expect(trap?.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Website' })).toBeNull(); // not in the accessibility tree

    expect(requests.some((r) => r.url.includes('/api/leads/challenge'))).toBe(false);
    await user.click(name);
    await waitFor(() => expect(requests.some((r) => r.url.includes('/api/leads/challenge'))).toBe(true));
    await fillChinese(user);
    await submit(user);
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const [sent] = posts(requests, '/crm/addSaleClue');
    expect(sent?.headers.get('X-Lead-Proof')).toMatch(/^solved:0123456789abcdef01234567\?expires=\d+$/);
    expect(sent?.headers.get('X-Lead-Trap')).toBe('');
    expect(requests.filter((r) => r.url.includes('/api/leads/challenge'))).toHaveLength(1);
  });

  it('keeps what was typed when there were too many leads, and sends the same proof again with the same key', async () => {
    let calls = 0;
    const { requests } = stub([
      [
        '/crm/addSaleClue',
        () => {
          calls += 1;
          return calls === 1
            ? { status: 429, headers: { 'Retry-After': '3600' }, body: failure(429, 'lead.too_many', 'too many') }
            : { body: envelope(receipt()) };
        },
      ],
    ]);
    const error = vi.spyOn(toast, 'error');
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const user = userEvent.setup({ delay: null });
    const { onDone } = await renderSlot('consult', '/index');
    await fillChinese(user);
    await submit(user);
    await waitFor(() => expect(error).toHaveBeenCalledWith('来自您的网络或邮箱的提交过多，请稍后再试。'));
    expect(onDone).not.toHaveBeenCalled();
    expect(screen.getByLabelText<HTMLInputElement>('姓名').value).toBe('张先生');
    expect(screen.getByLabelText<HTMLTextAreaElement>('具体需求').value).toBe('需要 <b>焊接</b> 工作站');

    await user.click(screen.getByRole('button', { name: '提交咨询' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const [first, second] = posts(requests, '/crm/addSaleClue');
    expect(second?.headers.get('Idempotency-Key')).toBe(first?.headers.get('Idempotency-Key'));
    expect(second?.headers.get('X-Lead-Proof')).toBe(first?.headers.get('X-Lead-Proof'));
  });

  it('replaces a refused proof and sends the lead once more, without the visitor doing anything', async () => {
    let calls = 0;
    let salt = 0;
    const { requests } = stub([
      ['/api/leads/challenge', () => ({ body: envelope({ ...LEAD_CHALLENGE, salt: `${String(++salt).padStart(24, '0')}?expires=9999999999` }) })],
      [
        '/crm/addSaleClue',
        () => {
          calls += 1;
          return calls === 1 ? { status: 400, body: failure(400, 'lead.proof_invalid', 'expired') } : { body: envelope(receipt()) };
        },
      ],
    ]);
    const user = userEvent.setup({ delay: null });
    const { onDone } = await renderSlot('consult', '/index');
    await fillChinese(user);
    await submit(user);
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const [first, second] = posts(requests, '/crm/addSaleClue');
    expect(first?.headers.get('X-Lead-Proof')).not.toBe(second?.headers.get('X-Lead-Proof'));
    expect(second?.headers.get('Idempotency-Key')).toBe(first?.headers.get('Idempotency-Key'));
  });

  it('sends a filled trap field, and says the server refused the lead while keeping what was typed', async () => {
    const { requests } = stub([['/crm/addSaleClue', { status: 400, body: failure(400, 'lead.refused', 'refused') }]]);
    const error = vi.spyOn(toast, 'error');
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const user = userEvent.setup({ delay: null });
    const { onDone, container } = await renderSlot('consult', '/index');
    await fillChinese(user);
    const trap = container.querySelector<HTMLInputElement>('input[name="website"]');
    if (trap) trap.value = 'https://spam.example';
    await submit(user);
    await waitFor(() => expect(error).toHaveBeenCalledWith('此次提交疑似自动程序，未被受理。请刷新页面后重新提交，或通过电话、邮件联系我们。'));
    expect(posts(requests, '/crm/addSaleClue')[0]?.headers.get('X-Lead-Trap')).toBe('https://spam.example');
    expect(onDone).not.toHaveBeenCalled();
    expect(screen.getByLabelText<HTMLInputElement>('电子邮箱').value).toBe('zhang@example.cn');
  });
});
