import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AttentionDialog } from '@/components/ui/attention-dialog';
import { toast } from '@/lib/toast';
import { envelope } from '@/testing/fixtures';
import { type MockReply, type RecordedRequest, mockFetch } from '@/testing/mock-fetch';
import { renderAt } from '@/testing/render';
import { BUSY_POLL_MS } from '../api/virtual-trial';
import { VirtualRoute } from '../routes/virtual';
import { failure, logIn, models, trial } from './fixtures';

type Routes = Array<[pattern: string | RegExp, reply: MockReply]>;

/** The page with the shell's attention dialog (for the modify-model confirmation). */
function page(path = '/en/virtual') {
  return renderAt(
    <>
      <VirtualRoute />
      <AttentionDialog />
    </>,
    path,
  );
}

/** Answers the trial reads in turn (the last answer repeats). */
function sequence(...replies: MockReply[]): MockReply {
  let i = 0;
  return (request: RecordedRequest) => {
    const reply = replies[Math.min(i, replies.length - 1)] as MockReply;
    i += 1;
    return typeof reply === 'function' ? reply(request) : reply;
  };
}

function stub(routes: Routes) {
  return mockFetch([...routes, ['/api/virtual/catalogue', { body: envelope(models) }]]);
}

const bodyOf = (request: RecordedRequest | undefined) => JSON.parse(request?.body ?? 'null') as unknown;

beforeEach(() => {
  logIn();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('the virtual trial page', () => {
  it('offers only the catalogue’s combinations of model and cabinet version', async () => {
    stub([['/api/virtual/phoneHasCreateEcs', { body: envelope(null) }]]);
    const user = userEvent.setup();
    await page();
    const form = await screen.findByRole('form', { name: 'Apply for a virtual robot' });
    const zu = within(form).getByRole('group', { name: 'Zu series' });
    expect(within(zu).getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual(['JAKA Zu 5', 'JAKA Zu 7']);
    expect(within(form).getByRole('radio', { name: /JAKA Zu 5/ })).toHaveProperty('checked', true);
    expect(within(form).getByRole('radio', { name: /JAKA Zu 5/ }).closest('label')?.textContent).toBe('JAKA Zu 5 5 kg · 954 mm reach');

    const cabinet = within(form).getByRole('group', { name: 'Control cabinet version' });
    expect(within(cabinet).getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual(['CAB 3.0', 'CAB 2.1']);

    // A model that runs on one version only: that version is chosen and nothing else offered.
    await user.click(within(form).getByRole('radio', { name: /JAKA C5/ }));
    expect(within(cabinet).getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual(['CAB Mini']);
    expect(within(cabinet).getByRole('radio', { name: 'CAB Mini' })).toHaveProperty('checked', true);
  });

  it('applies, shows the wait prompt, polls until active, then the trial', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // The first read finds no trial; after applying, the next poll finds it active.
    const reads = sequence({ body: envelope(null) }, { body: envelope(trial('active', { robotModel: 'JAKA Pro 12', cabinetVersion: 'CAB 2.1 Pro' })) });
    const { requests } = stub([
      ['/api/virtual/phoneHasCreateEcs', reads],
      ['/api/virtual/applyVirtualMachine', { body: envelope(trial('creating', { robotModel: 'JAKA Pro 12', cabinetVersion: 'CAB 2.1 Pro' })) }],
    ]);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await page();
    const form = await screen.findByRole('form', { name: 'Apply for a virtual robot' });
    await user.click(within(form).getByRole('radio', { name: /JAKA Pro 12/ }));
    await user.click(within(form).getByRole('radio', { name: 'CAB 2.1 Pro' }));
    await user.click(within(form).getByRole('button', { name: 'Apply now' }));

    const applied = requests.find((r) => r.url.endsWith('/api/virtual/applyVirtualMachine'));
    expect(applied?.method).toBe('POST');
    expect(bodyOf(applied)).toEqual({ robotModel: 'JAKA Pro 12', cabinetVersion: 'CAB 2.1 Pro' });
    expect(applied?.headers.get('token')).toBe('tok-1');
    expect(applied?.headers.get('lang')).toBe('en');

    expect(await screen.findByRole('heading', { name: 'Creating your virtual robot' })).toBeTruthy();
    expect(screen.getByText('Your virtual machine is being created. Please wait…')).toBeTruthy();
    expect(screen.getByText(/Your 4 h trial starts when the robot is ready/)).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(BUSY_POLL_MS));
    expect(await screen.findByRole('heading', { name: 'Your virtual robot' })).toBeTruthy();
    expect(screen.getByText('JK-7Q2M9X')).toBeTruthy();
    expect(screen.getByText('JAKA@trial2024')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Open/ }).getAttribute('href')).toBe('http://127.0.0.1:9104/console/JK-7Q2M9X');
    expect(screen.getByRole('timer').textContent).toBe('03:25:45');
    expect(screen.getByText('4 h')).toBeTruthy();
    // Only the phone call was used for this phone account.
    expect(requests.some((r) => r.url.includes('emailHasCreateEcs'))).toBe(false);
  });

  it('reads the trial with emailHasCreateEcs for an e-mail account', async () => {
    logIn('demo@jaka.example');
    const { requests } = stub([['/api/virtual/emailHasCreateEcs', { body: envelope(trial('active')) }]]);
    await page();
    await screen.findByRole('heading', { name: 'Your virtual robot' });
    expect(requests.some((r) => r.url.includes('phoneHasCreateEcs'))).toBe(false);
  });

  it('ticks the remaining time down each second and re-syncs on each answer', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stub([['/api/virtual/phoneHasCreateEcs', sequence({ body: envelope(trial('active', { remainingSeconds: 100 })) }, { body: envelope(trial('active', { remainingSeconds: 40 })) })]]);
    const { queryClient } = await page();
    const timer = await screen.findByRole('timer');
    expect(timer.textContent).toBe('00:01:40');
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(screen.getByRole('timer').textContent).toBe('00:01:37');
    expect(screen.getByRole('timer').getAttribute('datetime')).toBe('PT0H1M37S');
    await act(() => queryClient.refetchQueries());
    await waitFor(() => expect(screen.getByRole('timer').textContent).toBe('00:00:40'));
  });

  it('copies the trial code and says so', async () => {
    const success = vi.spyOn(toast, 'success');
    stub([['/api/virtual/phoneHasCreateEcs', { body: envelope(trial('active')) }]]);
    const user = userEvent.setup();
    // After user-event's set-up, which puts its own clipboard in place.
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await page();
    await user.click(await screen.findByRole('button', { name: 'Copy Trial code' }));
    expect(writeText).toHaveBeenCalledWith('JK-7Q2M9X');
    expect(success).toHaveBeenCalledWith('Copied successfully');
    await user.click(screen.getByRole('button', { name: 'Copy Experience link' }));
    expect(writeText).toHaveBeenLastCalledWith('http://127.0.0.1:9104/console/JK-7Q2M9X');
  });

  it('synchronises data', async () => {
    const success = vi.spyOn(toast, 'success');
    const { requests } = stub([
      ['/api/virtual/phoneHasCreateEcs', { body: envelope(trial('active')) }],
      ['/api/virtual/systemRecovery', { body: { ...envelope({ synchronizedAt: '2026-05-04T09:00:00Z' }), msg: 'Data synchronized' } }],
    ]);
    const user = userEvent.setup();
    await page();
    await user.click(await screen.findByRole('button', { name: 'Synchronize data' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Data synchronized'));
    expect(requests.filter((r) => r.url.endsWith('/api/virtual/systemRecovery'))).toHaveLength(1);
  });

  it('refuses a modification that changes nothing, without asking the server', async () => {
    const warning = vi.spyOn(toast, 'warning');
    const { requests } = stub([['/api/virtual/phoneHasCreateEcs', { body: envelope(trial('active')) }]]);
    const user = userEvent.setup();
    await page();
    await user.click(await screen.findByRole('button', { name: 'Modify model' }));
    const form = screen.getByRole('form', { name: 'Modify model' });
    expect(within(form).getByRole('radio', { name: /JAKA Zu 5/ })).toHaveProperty('checked', true);
    await user.click(within(form).getByRole('button', { name: 'Submit' }));
    expect(warning).toHaveBeenCalledWith('No modifications made, no need to submit!');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(requests.some((r) => r.url.includes('switchVersion'))).toBe(false);
  });

  it('switches the model after confirmation; the upgrade notice blocks use and the timer is kept', async () => {
    const { requests } = stub([
      ['/api/virtual/phoneHasCreateEcs', { body: envelope(trial('active')) }],
      ['/api/virtual/switchVersion', { body: envelope(trial('upgrading', { robotModel: 'JAKA Zu 7', remainingSeconds: 12_340 })) }],
    ]);
    const user = userEvent.setup();
    await page();
    await user.click(await screen.findByRole('button', { name: 'Modify model' }));
    const form = screen.getByRole('form', { name: 'Modify model' });
    expect(within(form).getByText(/does not reset the timer/)).toBeTruthy();
    await user.click(within(form).getByRole('radio', { name: /JAKA Zu 7/ }));

    // Cancelling sends nothing.
    await user.click(within(form).getByRole('button', { name: 'Submit' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Switch the virtual robot?' });
    expect(dialog.textContent).toContain('Switch to the JAKA Zu 7 on CAB 3.0?');
    expect(dialog.textContent).toContain('The timer is not reset');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(requests.some((r) => r.url.includes('switchVersion'))).toBe(false);

    await user.click(within(form).getByRole('button', { name: 'Submit' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Switch the virtual robot?' });
    await user.click(within(dialog).getByRole('button', { name: 'Switch model' }));

    expect(await screen.findByRole('heading', { name: 'Switching your virtual robot' })).toBeTruthy();
    expect(bodyOf(requests.find((r) => r.url.includes('switchVersion')))).toEqual({ robotModel: 'JAKA Zu 7', cabinetVersion: 'CAB 3.0' });
    expect(screen.getByText(/being upgraded to the chosen model/)).toBeTruthy();
    expect(screen.queryByText('JK-7Q2M9X')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Synchronize data' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Modify model' })).toBeNull();
    expect(screen.getByRole('timer').textContent).toBe('03:25:40');
  });

  it('shows the existing trial when one is already running elsewhere (409)', async () => {
    const info = vi.spyOn(toast, 'info');
    const { requests } = stub([
      ['/api/virtual/phoneHasCreateEcs', sequence({ body: envelope(null) }, { body: envelope(trial('active', { robotModel: 'JAKA Zu 7' })) })],
      ['/api/virtual/applyVirtualMachine', failure(409, 'virtual.trial_active')],
    ]);
    const user = userEvent.setup();
    await page();
    await user.click(within(await screen.findByRole('form', { name: 'Apply for a virtual robot' })).getByRole('button', { name: 'Apply now' }));
    expect(await screen.findByRole('heading', { name: 'Your virtual robot' })).toBeTruthy();
    expect(info).toHaveBeenCalledWith('You already have a virtual trial. You can apply again once it has ended.');
    expect(screen.getByText('JAKA Zu 7')).toBeTruthy();
    expect(requests.filter((r) => r.url.includes('phoneHasCreateEcs'))).toHaveLength(2);
  });

  it('after the end offers to apply again, with the configured trial length', async () => {
    const { requests } = stub([
      ['/api/virtual/phoneHasCreateEcs', { body: envelope(trial('expired', { durationHours: 3 })) }],
      ['/api/virtual/applyVirtualMachine', { body: envelope(trial('creating')) }],
    ]);
    const user = userEvent.setup();
    await page();
    expect(await screen.findByRole('heading', { name: 'Apply again' })).toBeTruthy();
    expect(screen.getByText('Your trial with the JAKA Zu 5 has ended. You can apply for a new one.')).toBeTruthy();
    expect(screen.getByText(/Trial length: 3 h/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Apply again' }));
    expect(await screen.findByRole('heading', { name: 'Creating your virtual robot' })).toBeTruthy();
    expect(bodyOf(requests.find((r) => r.url.includes('applyVirtualMachine')))).toEqual({ robotModel: 'JAKA Zu 5', cabinetVersion: 'CAB 3.0' });
  });

  it('shows every language the pool’s trial length, also traditional Chinese and Thai', async () => {
    for (const [path, text] of [
      ['/zh_tw/virtual', '4 小時'],
      ['/th/virtual', '4 ชม.'],
    ] as const) {
      stub([['/api/virtual/phoneHasCreateEcs', { body: envelope(trial('active')) }]]);
      const { unmount } = await page(path);
      expect(await screen.findByText(text)).toBeTruthy();
      unmount();
    }
  });

  it('maps the pool’s refusals to the catalogue and reads the trial again', async () => {
    const error = vi.spyOn(toast, 'error');
    const { requests } = stub([
      ['/api/virtual/phoneHasCreateEcs', { body: envelope(trial('active')) }],
      ['/api/virtual/systemRecovery', failure(409, 'virtual.trial_expired')],
    ]);
    const user = userEvent.setup();
    await page('/virtual');
    await user.click(await screen.findByRole('button', { name: '同步数据' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('您的虚拟体验已结束，可重新申请'));
    await waitFor(() => expect(requests.filter((r) => r.url.includes('phoneHasCreateEcs'))).toHaveLength(2));
  });

  it('asks to log in again when the server no longer accepts the login', async () => {
    const warning = vi.spyOn(toast, 'warning');
    stub([['/api/virtual/phoneHasCreateEcs', failure(401, 'account.token_expired')]]);
    await page('/en/virtual?from=wx');
    const link = await screen.findByRole('link', { name: 'Log in' });
    expect(link.getAttribute('href')).toBe('/en/login?from=%2Fen%2Fvirtual%3Ffrom%3Dwx');
    expect(warning).toHaveBeenCalledWith('Your login has expired. Please log in again.');
    expect(localStorage.getItem('jakaUserInfo')).toBeNull();
  });

  it('shows a loading state, then an error with retry when the trial cannot be read', async () => {
    const { requests } = stub([['/api/virtual/phoneHasCreateEcs', sequence({ status: 502, body: failure(502, 'upstream.bad_gateway').body }, { body: envelope(null) })]]);
    const user = userEvent.setup();
    await page();
    expect(screen.getByRole('status', { name: 'Loading your virtual trial…' })).toBeTruthy();
    const alert = await screen.findByRole('alert');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('form', { name: 'Apply for a virtual robot' })).toBeTruthy();
    expect(requests.filter((r) => r.url.includes('phoneHasCreateEcs')).length).toBeGreaterThanOrEqual(2);
  });

  it('says so when the pool offers no model', async () => {
    mockFetch([
      ['/api/virtual/phoneHasCreateEcs', { body: envelope(null) }],
      ['/api/virtual/catalogue', { body: envelope([]) }],
    ]);
    await page();
    expect(await screen.findByText(/No robot models are available/)).toBeTruthy();
  });

  it('shows the login steps and links the software downloads', async () => {
    stub([['/api/virtual/phoneHasCreateEcs', { body: envelope(null) }]]);
    await page('/jp/virtual');
    const guide = await screen.findByRole('complementary', { name: 'バーチャルロボットの使い方' });
    expect(within(guide).getAllByRole('listitem')).toHaveLength(4);
    expect(within(guide).getByRole('link', { name: /ソフトウェアダウンロードへ/ }).getAttribute('href')).toBe('/jp/download?category=11');
  });
});
