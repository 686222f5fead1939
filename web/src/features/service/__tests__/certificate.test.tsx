import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/lib/session';
import { toast } from '@/lib/toast';
import { envelope } from '@/testing/fixtures';
import { mockFetch } from '@/testing/mock-fetch';
import { renderAt } from '@/testing/render';
import { CertificateLookup, PENDING_LOOKUP_KEY } from '../components/certificate-lookup';
import { certificateQuerySchema } from '../schemas/certificate-query';
import { certificates, error } from './fixtures';

// Pages with several requests and typing: generous on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

const login = () => localStorage.setItem(STORAGE_KEYS.userInfo, JSON.stringify({ token: 'tok-1' }));
const field = () => screen.getByRole('textbox');

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('the phone-or-certificate rule (spec section 5)', () => {
  const check = (value: string) => certificateQuerySchema.safeParse({ codeOrPhone: value });
  it('is required', () => {
    expect(check('').error?.issues[0]?.message).toBe('certificate.errors.required');
    expect(check('   ').error?.issues[0]?.message).toBe('certificate.errors.required');
  });
  it('takes an 11-character value as a phone number, which must match the pattern', () => {
    expect(check('13800138000').success).toBe(true);
    expect(check('1380013800x').error?.issues[0]?.message).toBe('certificate.errors.phone');
    expect(check('JK-P-20230A').error?.issues[0]?.message).toBe('certificate.errors.phone');
  });
  it('accepts any other value as a certificate number', () => {
    expect(check('JK-P-2023-0001').success).toBe(true);
    expect(check('1380013800').success).toBe(true);
    expect(check('abc').success).toBe(true);
  });
});

describe('the certificate lookup', () => {
  it('checks the field on blur and shows the message under it', async () => {
    mockFetch([]);
    const user = userEvent.setup();
    await renderAt(<CertificateLookup />, '/en/jakaAcademy');
    await user.click(field());
    await user.tab();
    expect(await screen.findByText('Please enter a mobile number or certificate number')).toBeTruthy();
    expect(field().getAttribute('aria-invalid')).toBe('true');
    await user.type(field(), '1380013800x');
    await user.tab();
    expect(await screen.findByText('Please enter a valid mobile number')).toBeTruthy();
  });

  it('sends a visitor to the login page, remembering this page and the number to look up', async () => {
    const { requests } = mockFetch([]);
    const user = userEvent.setup();
    const { router } = await renderAt(<CertificateLookup />, '/en/jakaAcademy');
    await user.type(field(), 'JK-P-2023-0001');
    await user.click(screen.getByRole('button', { name: 'Look up' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/login'));
    expect(router.state.location.search).toBe('?from=%2Fen%2FjakaAcademy');
    expect(localStorage.getItem(STORAGE_KEYS.whereFrom)).toBe('/en/jakaAcademy');
    expect(sessionStorage.getItem(PENDING_LOOKUP_KEY)).toBe('JK-P-2023-0001');
    expect(requests).toEqual([]);
  });

  it('runs the remembered lookup when the visitor comes back logged in', async () => {
    login();
    sessionStorage.setItem(PENDING_LOOKUP_KEY, '13800138000');
    const { requests } = mockFetch([['/crm/getExamResultByCodeOrPhone', { body: envelope(certificates) }]]);
    await renderAt(<CertificateLookup />, '/jakaAcademy');
    expect(await screen.findByRole('list', { name: '证书' })).toBeTruthy();
    expect(field()).toHaveProperty('value', '13800138000');
    expect(requests[0]?.url).toBe('/prod-api/crm/getExamResultByCodeOrPhone?codeOrPhone=13800138000');
    expect(requests[0]?.headers.get('token')).toBe('tok-1');
    expect(sessionStorage.getItem(PENDING_LOOKUP_KEY)).toBeNull();
  });

  it('shows the certificates found with level, validity and a download', async () => {
    login();
    mockFetch([['/crm/getExamResultByCodeOrPhone', { body: envelope(certificates) }]]);
    const user = userEvent.setup();
    await renderAt(<CertificateLookup />, '/en/jakaAcademy');
    await user.type(field(), '13800138000');
    await user.click(screen.getByRole('button', { name: 'Look up' }));
    const list = await screen.findByRole('list', { name: 'Certificates' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0] as HTMLElement).getByText('Primary')).toBeTruthy();
    expect(within(cards[0] as HTMLElement).getByText('Expired')).toBeTruthy();
    expect(within(cards[1] as HTMLElement).getByText('Advanced')).toBeTruthy();
    expect(within(cards[1] as HTMLElement).getByText('Does not expire')).toBeTruthy();
    expect(within(cards[1] as HTMLElement).getByText('Valid')).toBeTruthy();
    expect(screen.getByText('Certificates found: 2')).toBeTruthy();
  });

  it("says 'Sorry! No certificate with this number was found' when there is none", async () => {
    login();
    mockFetch([['/crm/getExamResultByCodeOrPhone', error(404, 'certificate.not_found')]]);
    const user = userEvent.setup();
    await renderAt(<CertificateLookup />, '/en/jakaAcademy');
    await user.type(field(), 'JK-X-1');
    await user.click(screen.getByRole('button', { name: 'Look up' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Sorry! No certificate with this number was found');
  });

  it('says how long to wait when the lookups are over their limit', async () => {
    login();
    mockFetch([['/crm/getExamResultByCodeOrPhone', { ...error(429, 'lookup.too_many'), headers: { 'Retry-After': '120' } }]]);
    const user = userEvent.setup();
    await renderAt(<CertificateLookup />, '/en/jakaAcademy');
    await user.type(field(), '13912345678');
    await user.click(screen.getByRole('button', { name: 'Look up' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Too many lookups. Please try again in 120 s.');
  });

  it('sends the visitor to log in again when the server no longer accepts the login', async () => {
    login();
    mockFetch([['/crm/getExamResultByCodeOrPhone', error(401, 'account.not_logged_in')]]);
    const user = userEvent.setup();
    const { router } = await renderAt(<CertificateLookup />, '/de/jakaAcademy');
    await user.type(field(), 'JK-X-1');
    await user.click(screen.getByRole('button', { name: 'Abfragen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/de/login'));
    expect(sessionStorage.getItem(PENDING_LOOKUP_KEY)).toBe('JK-X-1');
  });

  it('downloads the certificate picture, or says it failed', async () => {
    login();
    let imageFails = false;
    let imageLimited = false;
    const { requests } = mockFetch([
      ['/crm/getExamResultByCodeOrPhone', { body: envelope(certificates) }],
      [
        '/crm/generateImage',
        () =>
          imageLimited
            ? { ...error(429, 'lookup.too_many'), headers: { 'Retry-After': '30' } }
            : imageFails
            ? error(404, 'certificate.image_failed')
            : { body: envelope({ image: 'data:image/png;base64,iVBORw0KGgo=', fileName: 'certificate-JK-P-2023-0001.png' }) },
      ],
    ]);
    const clicks: Array<{ href: string; download: string }> = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push({ href: this.href, download: this.download });
    });
    const toastError = vi.spyOn(toast, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    await renderAt(<CertificateLookup />, '/en/jakaAcademy');
    await user.type(field(), '13800138000');
    await user.click(screen.getByRole('button', { name: 'Look up' }));
    await screen.findByRole('list', { name: 'Certificates' });

    await user.click(screen.getByRole('button', { name: 'Download certificate JK-P-2023-0001' }));
    await waitFor(() => expect(clicks).toHaveLength(1));
    expect(clicks[0]).toEqual({ href: 'data:image/png;base64,iVBORw0KGgo=', download: 'certificate-JK-P-2023-0001.png' });
    const imageRequest = requests.find((r) => r.url.endsWith('/crm/generateImage'));
    expect(imageRequest?.method).toBe('POST');
    expect(JSON.parse(imageRequest?.body ?? '{}')).toEqual({ certificateNo: 'JK-P-2023-0001' });

    imageFails = true;
    await user.click(screen.getByRole('button', { name: 'Download certificate JK-A-2024-0012' }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Failed to obtain the certificate!'));
    expect(clicks).toHaveLength(1);

    imageLimited = true;
    await user.click(screen.getByRole('button', { name: 'Download certificate JK-A-2024-0012' }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Too many lookups. Please try again in 30 s.'));
    expect(clicks).toHaveLength(1);
  });
});
