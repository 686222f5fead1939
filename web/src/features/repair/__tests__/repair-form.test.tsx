import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSubmissionKeys } from '@/lib/idempotency';
import { toast } from '@/lib/toast';
import { envelope } from '@/testing/fixtures';
import { type MockReply, type RecordedRequest, mockFetch } from '@/testing/mock-fetch';
import { RepairRoute } from '../routes/repair';
import { TOKEN, failure, logIn, renderRoute } from './fixtures';

vi.setConfig({ testTimeout: 20_000 });

type Routes = Array<[string | RegExp, MockReply]>;

const receipt = (overrides = {}) =>
  envelope({ id: 5004, serviceNumber: 'SR20261122-0002', reportTime: '2026-11-22T02:00:00Z', status: 'onlineReport', queued: false, duplicate: false, ...overrides });

const companies = envelope([
  { companyName: 'JAKA Demo GmbH', companyAddress: 'Hanauer Landstraße 291, 60314 Frankfurt am Main, Germany' },
  { companyName: 'JAKA Robotics Iberia', companyAddress: 'Calle Mayor 1, Madrid' },
]);

const ocrFields = (fields: Record<string, string | null>) =>
  envelope({
    action: 'nameplate',
    text: '',
    fields: { robotCode: null, cabinetCode: null, robotModel: null, controllerVersion: null, servoVersion: null, scbVersion: null, appVersion: null, sdkVersion: null, ...fields },
  });

function stub(routes: Routes = []) {
  return mockFetch([...routes, ['/api/itr/companyList', { body: companies }], ['/api/itr/addWorkOrder', { body: receipt() }]]);
}

const posts = (requests: RecordedRequest[], path: string) => requests.filter((r) => r.url.includes(path) && r.method === 'POST');

/** A stand-in for XMLHttpRequest: the test answers each upload by hand. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  method = '';
  url = '';
  headers = new Map<string, string>();
  body: FormData | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers.set(name.toLowerCase(), value);
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total }));
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    act(() => this.onload?.());
  }
}

async function renderForm(path = '/en/repair') {
  const view = await renderRoute(<RepairRoute />, path);
  const form = await screen.findByRole('form', { name: path.startsWith('/en') ? 'Repair report' : '故障报修' }, { timeout: 5000 });
  return { ...view, form: within(form) };
}

async function fillRequired(user: ReturnType<typeof userEvent.setup>, form: Pick<typeof screen, 'getByLabelText' | 'getByRole'>) {
  const paste = async (field: HTMLElement, value: string) => {
    await user.click(field);
    await user.paste(value);
  };
  await paste(form.getByLabelText('Robot code'), 'JAKA-ZU7-2403-001234');
  await paste(form.getByLabelText('Control cabinet code'), 'JAKA-CAB3-2403-005678');
  fireEvent.change(form.getByLabelText('Date of the fault'), { target: { value: '2026-01-05' } });
  await user.click(form.getByRole('radio', { name: 'No, it had worked before' }));
  await paste(form.getByLabelText('Fault description'), 'Alarm 1104 on joint 3');
  await paste(form.getByRole('combobox', { name: 'Company name' }), 'Acme Automation');
  await paste(form.getByLabelText('Company address'), '1 Main Street');
  await paste(form.getByLabelText('Email', { exact: true }), 'anna@example.de');
}

beforeEach(() => {
  resetSubmissionKeys();
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  logIn();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the repair form', () => {
  it('asks for a login instead of showing the form when nobody is logged in', async () => {
    localStorage.clear();
    stub();
    await renderRoute(<RepairRoute />, '/en/repair');
    expect(await screen.findByRole('heading', { name: 'Please log in' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/en/login?from=%2Fen%2Frepair');
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('checks a field when it is left, with the message of its language', async () => {
    stub();
    const user = userEvent.setup();
    const { form } = await renderForm('/repair');
    await user.click(form.getByLabelText('机器人编码'));
    await user.tab();
    expect(await form.findByText('请输入机器人编码')).toBeTruthy();
    expect(form.getByLabelText('机器人编码').getAttribute('aria-invalid')).toBe('true');
    // Other fields are not judged before they are visited.
    expect(form.queryByText('请输入控制柜编码')).toBeNull();
  });

  it('starts the reporter fields with the account: name and phone', async () => {
    stub();
    const { form } = await renderForm('/repair');
    expect(form.getByLabelText<HTMLInputElement>('姓名').value).toBe('演示用户');
    expect(form.getByLabelText<HTMLInputElement>('联系电话').value).toBe('13800138000');
  });

  it('refuses a fault date after today', async () => {
    stub();
    const { form } = await renderForm();
    const date = form.getByLabelText('Date of the fault');
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    fireEvent.change(date, { target: { value: future } });
    fireEvent.blur(date);
    expect(await form.findByText('The date of the fault cannot be later than today.')).toBeTruthy();
  });

  it('has the trap field of leads out of reach, and sends what a program filled into it', async () => {
    const { requests } = stub();
    const user = userEvent.setup();
    const { form } = await renderForm();
    const trap = document.querySelector<HTMLInputElement>('form input[name="website"]');
    expect(trap?.tabIndex).toBe(-1);
    expect(trap?.closest('[aria-hidden="true"]')).toBeTruthy();
    expect(form.queryByRole('textbox', { name: 'Website' })).toBeNull();
    await fillRequired(user, form);
    fireEvent.change(trap!, { target: { value: 'https://spam.example' } });
    await user.click(form.getByRole('button', { name: 'Submit repair report' }));
    await waitFor(() => expect(posts(requests, '/api/itr/addWorkOrder')).toHaveLength(1));
    expect(posts(requests, '/api/itr/addWorkOrder')[0]?.headers.get('X-Lead-Trap')).toBe('https://spam.example');
  });

  it('sends the report once under an Idempotency-Key (a second press while sending does nothing) and shows the service number', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { requests } = mockFetch([
      ['/api/itr/addWorkOrder', { body: receipt() }],
      ['/api/itr/companyList', { body: companies }],
    ]);
    const fetchMock = vi.mocked(fetch);
    const original = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url.includes('addWorkOrder')) await gate;
      return original?.(input, init) as Promise<Response>;
    });
    const user = userEvent.setup();
    const { form } = await renderForm();
    await fillRequired(user, form);
    const submit = form.getByRole('button', { name: 'Submit repair report' });
    await user.click(submit);
    await user.click(submit);
    release();

    expect(await screen.findByRole('heading', { name: 'Your report has been received' })).toBeTruthy();
    expect(screen.getByTestId('service-number').textContent).toBe('SR20261122-0002');
    const sent = posts(requests, '/api/itr/addWorkOrder');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.headers.get('Idempotency-Key')).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
    expect(sent[0]?.headers.get('token')).toBe(TOKEN);
    // The trap field of leads goes along, empty, as a person leaves it.
    expect(sent[0]?.headers.get('X-Lead-Trap')).toBe('');
    expect(JSON.parse(sent[0]?.body ?? '')).toEqual({
      variant: 'repair',
      robotCode: 'JAKA-ZU7-2403-001234',
      cabinetCode: 'JAKA-CAB3-2403-005678',
      issueDate: '2026-01-05',
      faultDescription: 'Alarm 1104 on joint 3',
      firstUse: false,
      companyName: 'Acme Automation',
      companyAddress: '1 Main Street',
      reporterName: '演示用户',
      phone: '13800138000',
      email: 'anna@example.de',
    });
    expect(screen.getByRole('link', { name: 'View my repair orders' }).getAttribute('href')).toBe('/en/repairList');
    expect(screen.getByRole('link', { name: 'View this order' }).getAttribute('href')).toBe('/en/repairDetail/5004');
  });

  it('keeps the key after a failure, so that sending again creates one order; what was typed stays', async () => {
    let calls = 0;
    const { requests } = stub([
      [
        '/api/itr/addWorkOrder',
        () => {
          calls += 1;
          return calls === 1 ? failure(503, 'upstream.unavailable') : { body: receipt({ duplicate: true }) };
        },
      ],
    ]);
    const error = vi.spyOn(toast, 'error');
    const user = userEvent.setup();
    const { form } = await renderForm();
    await fillRequired(user, form);
    await user.click(form.getByRole('button', { name: 'Submit repair report' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('We could not reach our server. Your entries are kept: please try again in a moment.'));
    expect(form.getByLabelText<HTMLInputElement>('Robot code').value).toBe('JAKA-ZU7-2403-001234');

    await user.click(form.getByRole('button', { name: 'Submit repair report' }));
    expect(await screen.findByTestId('service-number')).toBeTruthy();
    const [first, second] = posts(requests, '/api/itr/addWorkOrder');
    expect(second?.headers.get('Idempotency-Key')).toBe(first?.headers.get('Idempotency-Key'));
  });

  it("puts the server's field errors on the fields", async () => {
    stub([
      ['/api/itr/addWorkOrder', failure(400, 'request.invalid', [{ field: 'issueDate', message: 'The date of the fault cannot be later than today.' }])],
    ]);
    const error = vi.spyOn(toast, 'error');
    const user = userEvent.setup();
    const { form } = await renderForm();
    await fillRequired(user, form);
    await user.click(form.getByRole('button', { name: 'Submit repair report' }));
    expect(await form.findByText('The date of the fault cannot be later than today.')).toBeTruthy();
    expect(error).toHaveBeenCalledWith('Please check the highlighted fields.');
  });

  it('says a queued report was received and will appear in the list shortly', async () => {
    stub([['/api/itr/addWorkOrder', { body: receipt({ id: null, serviceNumber: null, queued: true }) }]]);
    const user = userEvent.setup();
    const { form } = await renderForm();
    await fillRequired(user, form);
    await user.click(form.getByRole('button', { name: 'Submit repair report' }));
    expect(await screen.findByText(/Your report is safely stored and will appear in your repair orders shortly/)).toBeTruthy();
    expect(screen.queryByTestId('service-number')).toBeNull();
    expect(screen.queryByRole('link', { name: 'View this order' })).toBeNull();
  });

  it('completes the company name from the company list (500 ms after typing stops) and fills the address', async () => {
    const { requests } = stub();
    const user = userEvent.setup();
    const { form } = await renderForm();
    const company = form.getByRole('combobox', { name: 'Company name' });
    await user.type(company, 'JAKA');
    expect(posts(requests, '/api/itr/companyList')).toHaveLength(0);
    const option = await screen.findByRole('option', { name: /JAKA Demo GmbH/ }, { timeout: 2000 });
    const asked = posts(requests, '/api/itr/companyList');
    expect(asked).toHaveLength(1);
    expect(JSON.parse(asked[0]?.body ?? '')).toEqual({ keyword: 'JAKA' });
    expect(company.getAttribute('aria-expanded')).toBe('true');

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(company.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[1]?.id);
    await user.keyboard('{ArrowUp}');
    expect(option.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{Enter}');
    expect((company as HTMLInputElement).value).toBe('JAKA Demo GmbH');
    expect(form.getByLabelText<HTMLInputElement>('Company address').value).toBe('Hanauer Landstraße 291, 60314 Frankfurt am Main, Germany');
    expect(screen.queryByRole('option')).toBeNull();
  });

  it('fills the codes read from a nameplate photo, marks them to be checked, and names the model', async () => {
    const { requests } = stub([['/ocr-api/jaka/api/v0.1/oms/action', { body: ocrFields({ robotCode: 'JAKA-ZU7-2403-001234', cabinetCode: 'JAKA-CAB3-2403-005678', robotModel: 'JAKA Zu 7' }) }]]);
    const user = userEvent.setup();
    const { form } = await renderForm();
    await user.upload(form.getByLabelText('Scan the nameplate'), new File(['png'], 'plate.png', { type: 'image/png' }));
    expect(await form.findByText(/Filled in from your photo: Robot code and Control cabinet code\. Please check them before sending\. Model on the nameplate: JAKA Zu 7\./)).toBeTruthy();
    const robotCode = form.getByLabelText<HTMLInputElement>('Robot code');
    expect(robotCode.value).toBe('JAKA-ZU7-2403-001234');
    expect(form.getByLabelText<HTMLInputElement>('Control cabinet code').value).toBe('JAKA-CAB3-2403-005678');
    expect(form.getAllByText('Read from your photo: please check.')).toHaveLength(2);
    expect(posts(requests, '/ocr-api/')).toHaveLength(1);

    // Editing a filled value takes the mark away.
    await user.type(robotCode, 'X');
    expect(form.getAllByText('Read from your photo: please check.')).toHaveLength(1);
  });

  it('says gently when nothing could be read, and refuses a non-photo before sending it', async () => {
    const { requests } = stub([['/ocr-api/jaka/api/v0.1/oms/action', { body: ocrFields({}) }]]);
    const user = userEvent.setup({ applyAccept: false });
    const { form } = await renderForm();
    await user.upload(form.getByLabelText('Scan the version screen'), new File(['png'], 'screen.png', { type: 'image/png' }));
    expect(await form.findByText(/We could not read any versions on this photo/)).toBeTruthy();
    expect(form.getByLabelText<HTMLInputElement>('Controller version').value).toBe('');

    await user.upload(form.getByLabelText('Scan the nameplate'), new File(['%PDF'], 'plate.pdf', { type: 'application/pdf' }));
    expect(await form.findByText('This file type is not supported. Please choose a JPG, PNG or WebP photo.')).toBeTruthy();
    expect(posts(requests, '/ocr-api/')).toHaveLength(1);
  });

  it('offers the technical consultation as a switch at the top, with its own required fields', async () => {
    const { requests } = stub();
    const user = userEvent.setup();
    const { router } = await renderForm();
    await user.click(screen.getByRole('radio', { name: /Technical consultation/ }));
    expect(router.state.location.search).toBe('?type=consultation');
    const consultation = within(screen.getByRole('form', { name: 'Technical consultation' }));
    expect(screen.queryByRole('form', { name: 'Repair report' })).toBeNull();
    await user.click(consultation.getByRole('button', { name: 'Send consultation' }));
    expect(await consultation.findByText('Please describe the problem.')).toBeTruthy();
    expect(consultation.getByText('Please enter what the issue is about.')).toBeTruthy();

    await user.type(consultation.getByLabelText('What is it about?'), 'JAKA Zu 7 vision');
    await user.type(consultation.getByLabelText('Problem description'), 'Which cameras are supported?');
    await user.type(consultation.getByLabelText('Email', { exact: true }), 'li@example.cn');
    await user.click(consultation.getByRole('button', { name: 'Send consultation' }));
    expect(await screen.findByTestId('service-number')).toBeTruthy();
    expect(JSON.parse(posts(requests, '/api/itr/addWorkOrder')[0]?.body ?? '')).toEqual({
      variant: 'consultation',
      issueInformation: 'JAKA Zu 7 vision',
      problemDescription: 'Which cameras are supported?',
      reporterName: '演示用户',
      phone: '13800138000',
      email: 'li@example.cn',
    });
  });

  it('shows both QR codes with absolute URLs of the site in the page language', async () => {
    stub();
    await renderForm();
    const report = screen.getByRole('img', { name: /^Report a repair: / });
    expect(report.getAttribute('aria-label')).toBe(`Report a repair: ${window.location.origin}/en/repair`);
    expect(screen.getByRole('img', { name: /^Track repairs: / }).getAttribute('aria-label')).toBe(`Track repairs: ${window.location.origin}/en/repairList`);
  });
});

describe('photos and videos of the report', () => {
  const uploaded = (id: string, name: string, contentType = 'image/png') =>
    envelope({ id, name, url: `/repair-files/${id}?t=signed`, contentType, size: 3760 });

  it('uploads each file at once with its progress, previews it from its signed link, and sends its id with the report', async () => {
    const { requests } = stub([['/api/itr/upload/att_1', { body: envelope(null) }]]);
    const user = userEvent.setup();
    const { form } = await renderForm();
    await user.upload(form.getByLabelText('Photos or videos of the fault', { exact: true }), new File(['png-bytes'], 'fault.png', { type: 'image/png' }));

    const [xhr] = FakeXhr.sent;
    expect(xhr?.method).toBe('POST');
    expect(xhr?.url).toBe('/prod-api/api/itr/upload');
    expect(xhr?.headers.get('token')).toBe(TOKEN);
    expect(xhr?.headers.get('lang')).toBe('en');
    expect((xhr?.body?.get('file') as File).name).toBe('fault.png');
    xhr?.progress(40, 100);
    const bar = form.getByRole('progressbar', { name: 'Upload of fault.png' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(form.getByText('Uploading 40 %')).toBeTruthy();

    xhr?.respond(200, uploaded('att_1', 'fault.png'));
    expect(await form.findByText('Uploaded')).toBeTruthy();
    expect(form.getByRole('img', { name: 'fault.png' }).getAttribute('src')).toBe('/repair-files/att_1?t=signed');

    await fillRequired(user, form);
    await user.click(form.getByRole('button', { name: 'Submit repair report' }));
    await screen.findByTestId('service-number');
    expect((JSON.parse(posts(requests, '/api/itr/addWorkOrder')[0]?.body ?? '') as { faultAttachments: unknown }).faultAttachments).toEqual(['att_1']);
  });

  it('removes an uploaded file on the server before the report is sent', async () => {
    const { requests } = stub([['/api/itr/upload/att_2', { body: envelope(null) }]]);
    const user = userEvent.setup();
    const { form } = await renderForm();
    await user.upload(form.getByLabelText('Photos or videos of the fault', { exact: true }), new File(['mp4'], 'noise.mp4', { type: 'video/mp4' }));
    FakeXhr.sent[0]?.respond(200, uploaded('att_2', 'noise.mp4', 'video/mp4'));
    expect((await form.findByLabelText('noise.mp4')).tagName).toBe('VIDEO');
    await user.click(form.getByRole('button', { name: 'Remove noise.mp4' }));
    await waitFor(() => expect(form.queryByText('noise.mp4')).toBeNull());
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual(['/prod-api/api/itr/upload/att_2']);
  });

  it("explains the server's refusals: empty, wrong type, too large (with the server's limit)", async () => {
    stub();
    const user = userEvent.setup();
    const { form } = await renderForm();
    const input = form.getByLabelText('Photos or videos of the fault', { exact: true });
    await user.upload(input, [
      new File([], 'empty.jpg', { type: 'image/jpeg' }),
      new File(['text'], 'notes.jpg', { type: 'image/jpeg' }),
      new File(['big'], 'big.png', { type: 'image/png' }),
    ]);
    const [empty, notes, big] = FakeXhr.sent;
    empty?.respond(400, { success: false, code: 400, msg: 'x', data: null, errorKey: 'upload.empty', errors: [{ field: 'file', message: 'empty' }] });
    notes?.respond(415, { success: false, code: 415, msg: 'x', data: null, errorKey: 'upload.unsupported_type', errors: [{ field: 'file', message: 'types' }] });
    big?.respond(413, { success: false, code: 413, msg: 'x', data: null, errorKey: 'upload.too_large', errors: [{ field: 'file', message: 'A photo may be at most 256 KB.' }] });
    expect(await form.findByText('This file is empty. Please choose another file.')).toBeTruthy();
    expect(form.getByText(/The file's content is not a supported photo or video/)).toBeTruthy();
    expect(form.getByText('The file is too large. A photo may be at most 256 KB.')).toBeTruthy();
    expect(form.getAllByText('Not added')).toHaveLength(3);
    // Refused files are not counted, and not sent with the report.
    await user.click(form.getByRole('button', { name: 'Dismiss empty.jpg' }));
    expect(form.queryByText('empty.jpg')).toBeNull();
  });

  it('pre-checks type and size in the browser, and offers to try again after a lost connection', async () => {
    stub();
    const user = userEvent.setup({ applyAccept: false });
    const { form } = await renderForm();
    const input = form.getByLabelText('Photos or videos of the fault', { exact: true });
    const huge = new File(['x'], 'huge.jpg', { type: 'image/jpeg' });
    Object.defineProperty(huge, 'size', { value: 10 * 1024 * 1024 + 1 });
    await user.upload(input, [new File(['%PDF'], 'manual.pdf', { type: 'application/pdf' }), huge, new File(['png'], 'ok.png', { type: 'image/png' })]);
    expect(form.getByText('This file type is not supported. Please choose a JPG, PNG or WebP photo or an MP4 or MOV video.')).toBeTruthy();
    expect(form.getByText('This photo is too large: photos may be up to 10 MB.')).toBeTruthy();
    expect(FakeXhr.sent).toHaveLength(1);

    act(() => FakeXhr.sent[0]?.onerror?.());
    expect(await form.findByText('The upload was interrupted: the connection was lost. Please try again.')).toBeTruthy();
    await user.click(form.getByRole('button', { name: 'Try again' }));
    expect(FakeXhr.sent).toHaveLength(2);
  });

  it('waits for uploads under way before sending the report', async () => {
    const { requests } = stub();
    const info = vi.spyOn(toast, 'info');
    const user = userEvent.setup();
    const { form } = await renderForm();
    await user.upload(form.getByLabelText('Photos or videos of the fault', { exact: true }), new File(['png'], 'slow.png', { type: 'image/png' }));
    await fillRequired(user, form);
    await user.click(form.getByRole('button', { name: 'Submit repair report' }));
    await waitFor(() => expect(info).toHaveBeenCalledWith('Please wait until your files have finished uploading.'));
    expect(posts(requests, '/api/itr/addWorkOrder')).toHaveLength(0);
  });
});
