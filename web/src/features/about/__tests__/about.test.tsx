import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { enquiryDialogStore } from '@/lib/enquiry-dialog';
import { storePreviewToken } from '@/lib/preview-token';
import { envelope } from '@/testing/fixtures';
import { mockFetch } from '@/testing/mock-fetch';
import { renderAt } from '@/testing/render';
import { announcementIds, esgChapterIds } from '../api/articles';
import { chapterLabel } from '../components/chapter-tabs';
import { AboutRoute } from '../routes/about';
import { ContactRoute } from '../routes/contact';
import { EsgRoute } from '../routes/esg';
import { InvestmentRoute } from '../routes/investment';
import { ResourceRoute } from '../routes/resource';
import { article, milestones, notFound, offices, unavailable } from './fixtures';

// Pages with several requests and typing: generous on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => enquiryDialogStore.set({ open: false, intent: 'contact' }));

describe('the about page', () => {
  it('shows the company profile, its history as a timeline and the offices, in the page language', async () => {
    const { requests } = mockFetch([
      ['/api/common/getDetails/301', { body: envelope(article(301, { sections: [{ title: 'Mission', content: '<p>Partners</p>', image: '/m.svg' }] })) }],
      ['/api/aboutJaka/developingCourseList/4', { body: envelope(milestones) }],
      ['/api/aboutJaka/contactUsList', { body: envelope(offices) }],
    ]);
    const user = userEvent.setup();
    await renderAt(<AboutRoute />, '/en/about');

    expect(await screen.findByRole('heading', { name: 'Article 301' })).toBeTruthy();
    expect(screen.getByText('Subhead 301')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Mission' })).toBeTruthy();

    const journey = screen.getByRole('region', { name: 'Our journey' });
    expect(within(journey).getAllByRole('listitem')).toHaveLength(6);
    await user.click(within(journey).getByRole('button', { name: 'Show earlier milestones (2)' }));
    expect(within(journey).getAllByRole('listitem')).toHaveLength(8);
    expect(within(journey).getByText('The latest one')).toBeTruthy();

    const officesRegion = screen.getByRole('region', { name: 'Our offices' });
    expect(within(officesRegion).getByRole('link', { name: '+86 21 6451 2788' }).getAttribute('href')).toBe('tel:+862164512788');
    expect(within(officesRegion).getByRole('link', { name: 'info@jaka.com' }).getAttribute('href')).toBe('mailto:info@jaka.com');
    expect(within(officesRegion).getByRole('heading', { name: 'JAKA Europe (Munich)' })).toBeTruthy();

    expect(screen.getByRole('link', { name: /Sustainability/ }).getAttribute('href')).toBe('/en/ESG');
    expect(requests.every((r) => r.headers.get('lang') === 'en')).toBe(true);
  });

  it('shows an error with retry per part when the server fails, and the rest of the page still', async () => {
    let fail = true;
    mockFetch([
      ['/api/common/getDetails/301', () => (fail ? unavailable : { body: envelope(article(301)) })],
      ['/api/aboutJaka/developingCourseList/4', { body: envelope([]) }],
      ['/api/aboutJaka/contactUsList', { body: envelope([]) }],
    ]);
    const user = userEvent.setup();
    await renderAt(<AboutRoute />, '/about');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('服务暂时不可用');
    expect(await screen.findByText('发展历程即将上线。')).toBeTruthy();
    expect(screen.getByText('暂无分支机构信息。')).toBeTruthy();
    fail = false;
    await user.click(within(alert).getByRole('button'));
    expect(await screen.findByRole('heading', { name: 'Article 301' })).toBeTruthy();
  });

  it('keeps links of CMS text to site pages in the page language', async () => {
    mockFetch([
      ['/api/common/getDetails/301', { body: envelope(article(301, { content: '<p><a href="/imprint?key=ip-agreement">IP</a> <a href="/cms-assets/files/a.pdf">PDF</a></p>' })) }],
      ['/api/aboutJaka', { body: envelope([]) }],
    ]);
    const user = userEvent.setup();
    const { router } = await renderAt(<AboutRoute />, '/jp/about');
    await user.click(await screen.findByRole('link', { name: 'IP' }));
    expect(router.state.location.pathname + router.state.location.search).toBe('/jp/imprint?key=ip-agreement');
  });
});

describe('the contact page', () => {
  it('offers feedback and a prototype request in the enquiry dialog, and a partnership enquiry page', async () => {
    mockFetch([
      ['/api/common/getDetails/304', { body: envelope(article(304, { sections: [{ title: 'Sales', content: '<p>sales@jaka.com</p>', image: null }] })) }],
      ['/api/aboutJaka/contactUsList', { body: envelope(offices) }],
    ]);
    const user = userEvent.setup();
    await renderAt(<ContactRoute />, '/en/contact');
    const entries = await screen.findByRole('region', { name: 'How can we help?' });
    await user.click(within(entries).getByRole('button', { name: 'Send feedback' }));
    expect(enquiryDialogStore.get()).toEqual({ open: true, intent: 'feedback' });
    enquiryDialogStore.set({ open: false, intent: 'contact' });
    await user.click(within(entries).getByRole('button', { name: 'Request a prototype' }));
    expect(enquiryDialogStore.get()).toEqual({ open: true, intent: 'prototype' });
    expect(within(entries).getByRole('link', { name: 'Start a partnership enquiry' }).getAttribute('href')).toBe('/en/cooperationIntent');
    expect(await screen.findByRole('heading', { name: 'Sales' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Our offices' })).toBeTruthy();
  });
});

describe('the ESG page', () => {
  it('asks for the published chapters only, drafts on preview', () => {
    expect(esgChapterIds(false)).toEqual([3021, 3022, 3023]);
    expect(esgChapterIds(true)).toEqual([3021, 3022, 3023, 3024]);
  });

  it('names a chapter tab by the part after the report name', () => {
    expect(chapterLabel('ESG Report 2025 · Chapter 1: Environment')).toBe('Chapter 1: Environment');
    expect(chapterLabel('ESG レポート 2025・第 1 章 環境')).toBe('第 1 章 環境');
    expect(chapterLabel('Governance')).toBe('Governance');
  });

  it('shows the report highlights and its chapters as tabs that arrow keys move through', async () => {
    const { requests } = mockFetch([
      ['/api/common/getDetails/302/3021', { body: envelope(article(3021, { title: 'Report · Chapter 1: Environment', subhead: 'Less energy' })) }],
      ['/api/common/getDetails/302/3022', { body: envelope(article(3022, { title: 'Report · Chapter 2: Social', subhead: null, image: null })) }],
      ['/api/common/getDetails/302/3023', notFound],
      ['/api/common/getDetails/302', { body: envelope(article(302, { sections: [{ title: 'Environment', content: '<ul><li>31%</li></ul>', image: null }] })) }],
    ]);
    const user = userEvent.setup();
    await renderAt(<EsgRoute />, '/en/ESG');
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Chapter 1: Environment', 'Chapter 2: Social']);
    expect(screen.getByRole('tabpanel').textContent).toContain('Body of 3021');
    expect(screen.getByText('Less energy')).toBeTruthy();
    await user.click(tabs[0] as HTMLElement);
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Chapter 2: Social' }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Chapter 2: Social' }));
    expect(screen.getByRole('tabpanel').textContent).toContain('Body of 3022');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(requests.map((r) => r.url).filter((u) => u.includes('3024'))).toEqual([]);
  });
});

describe('the investment page', () => {
  it('asks for the Chinese-only announcement on the Chinese pages, drafts on preview', () => {
    expect(announcementIds('en', false)).toEqual([3031, 3032, 3034]);
    expect(announcementIds('zh_tw', false)).toEqual([3031, 3032, 3034, 3033]);
    expect(announcementIds('de', true)).toEqual([3031, 3032, 3034, 3035]);
  });

  it('asks for the draft announcement on the preview mirror only with an editor token', async () => {
    const routes: Parameters<typeof mockFetch>[0] = [
      ['/api/common/getDetails/303/3035', { body: envelope(article(3035, { title: 'Investor day', publishTime: '2026-12-01T18:00:00+08:00' })) }],
      [/\/api\/common\/getDetails\/303\/303\d/, { body: envelope(article(3031, { title: 'Published', publishTime: '2026-01-20T18:00:00+08:00' })) }],
      ['/api/common/getDetails/303', { body: envelope(article(303)) }],
    ];
    const anonymous = mockFetch(routes);
    await renderAt(<InvestmentRoute />, '/en/preview/investment');
    await within(await screen.findByRole('region', { name: 'Announcements' })).findAllByText('Published');
    expect(anonymous.requests.map((r) => r.url).filter((u) => u.includes('3035'))).toEqual([]);
    expect(anonymous.requests.map((r) => r.headers.get('preview')).filter(Boolean)).toEqual([]);
    cleanup();

    storePreviewToken('v1.editor.sig');
    const editor = mockFetch(routes);
    await renderAt(<InvestmentRoute />, '/en/preview/investment');
    await within(await screen.findByRole('region', { name: 'Announcements' })).findByText('Investor day');
    const draft = editor.requests.find((r) => r.url.includes('3035'));
    expect(draft?.headers.get('preview')).toBe('v1.editor.sig');
  });

  it('lists the announcements newest first, the newest open', async () => {
    mockFetch([
      ['/api/common/getDetails/303/3031', { body: envelope(article(3031, { title: 'Old news', publishTime: '2026-01-20T18:00:00+08:00' })) }],
      ['/api/common/getDetails/303/3032', { body: envelope(article(3032, { title: 'New news', publishTime: '2026-08-30T18:00:00+08:00' })) }],
      ['/api/common/getDetails/303/3034', { body: envelope(article(3034, { title: 'Oldest', publishTime: '2025-09-16T18:00:00+08:00' })) }],
      ['/api/common/getDetails/303', { body: envelope(article(303)) }],
    ]);
    await renderAt(<InvestmentRoute />, '/en/investment');
    const region = await screen.findByRole('region', { name: 'Announcements' });
    await within(region).findByText('New news');
    const titles = [...region.querySelectorAll('summary')].map((s) => s.textContent);
    expect(titles[0]).toContain('New news');
    expect(titles[2]).toContain('Oldest');
    expect(region.querySelector('details')?.open).toBe(true);
  });

  it('says so when there is no announcement', async () => {
    mockFetch([
      ['/api/common/getDetails/303/', notFound],
      ['/api/common/getDetails/303', { body: envelope(article(303)) }],
    ]);
    await renderAt(<InvestmentRoute />, '/en/investment');
    expect(await screen.findByText('There are no announcements yet.')).toBeTruthy();
  });
});

describe('the resource page', () => {
  it('shows the resource centre with its sections', async () => {
    mockFetch([['/api/common/getDetails/305', { body: envelope(article(305, { sections: [{ title: 'White paper', content: '<p><a href="/cms-assets/files/w.pdf">Download PDF</a></p>', image: '/w.svg' }] })) }]]);
    await renderAt(<ResourceRoute />, '/en/resource');
    expect(await screen.findByRole('heading', { name: 'White paper' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download PDF' }).getAttribute('href')).toBe('/cms-assets/files/w.pdf');
  });
});
