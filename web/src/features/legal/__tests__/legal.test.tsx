import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { pageTitleStore } from '@/lib/page-title';
import { envelope, siteInfo } from '@/testing/fixtures';
import { mockFetch } from '@/testing/mock-fetch';
import { renderAt } from '@/testing/render';
import { LegalRoute } from '../routes/legal';

// Pages with several requests and typing: generous on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

const text = (key: string) => ({ key, title: `Text ${key}`, content: `<h3>About ${key}</h3><p>Body of ${key}</p>`, updateTime: '2025-05-31T10:00:00+08:00' });
const legalApi = () =>
  mockFetch([
    ['/api/getFormContent', (request) => {
      const { key } = JSON.parse(request.body ?? '{}') as { key: string };
      return key === 'nope' ? { status: 404, body: { success: false, code: 404, msg: 'x', data: null, errorKey: 'resource.not_found' } } : { body: envelope(text(key)) };
    }],
    ['/api/common/allList', { body: envelope(siteInfo) }],
  ]);

describe('the imprint page', () => {
  it('shows the text named by the key, with the list of legal texts', async () => {
    const { requests } = legalApi();
    await renderAt(<LegalRoute />, '/en/imprint?key=cookies');
    expect(await screen.findByRole('heading', { level: 2, name: 'Text cookies' })).toBeTruthy();
    expect(screen.getByText('Body of cookies')).toBeTruthy();
    expect(screen.getByText('May 31, 2025')).toBeTruthy();
    const call = requests.find((r) => r.url.endsWith('/api/getFormContent'));
    expect(call?.method).toBe('POST');
    expect(JSON.parse(call?.body ?? '{}')).toEqual({ key: 'cookies' });
    const nav = await screen.findByRole('navigation', { name: 'Legal documents' });
    expect(nav.querySelectorAll('a').length).toBe(siteInfo.law.length);
  });

  it('is named and described by the text it shows', async () => {
    legalApi();
    await renderAt(<LegalRoute />, '/en/imprint?key=privacy');
    await screen.findByRole('heading', { level: 2, name: 'Text privacy' });
    await waitFor(() => expect(pageTitleStore.get()?.page).toBe('Text privacy'));
    expect(pageTitleStore.get()?.description).toBe('About privacy Body of privacy');
  });

  it('says a text does not exist, and never asks for a malformed key', async () => {
    const { requests } = legalApi();
    await renderAt(<LegalRoute />, '/en/imprint?key=nope');
    expect(await screen.findByText('This document could not be found')).toBeTruthy();
    await renderAt(<LegalRoute />, '/en/imprint?key=%3Cscript%3E');
    expect((await screen.findAllByText('This document could not be found')).length).toBe(2);
    expect(requests.filter((r) => r.body?.includes('script'))).toEqual([]);
  });
});

describe('the flsm page', () => {
  it('shows the terms and the privacy policy as tabs', async () => {
    legalApi();
    const user = userEvent.setup();
    const { router } = await renderAt(<LegalRoute />, '/flsm');
    expect(await screen.findByRole('heading', { level: 2, name: 'Text terms' })).toBeTruthy();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['服务条款', '隐私政策']);
    await user.click(screen.getByRole('tab', { name: '隐私政策' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Text privacy' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe('?key=privacy'));
  });
});
