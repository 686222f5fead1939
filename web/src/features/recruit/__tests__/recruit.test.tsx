import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { pageTitleStore } from '@/lib/page-title';
import { envelope } from '@/testing/fixtures';
import { type RecordedRequest, mockFetch } from '@/testing/mock-fetch';
import { renderAt } from '@/testing/render';
import { applyHref } from '../api/recruit';
import { JoinRoute } from '../routes/join';
import { PositionRoute } from '../routes/position';

// Pages with several requests and typing: generous on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

const position = (id: number, overrides: Record<string, unknown> = {}) => ({
  id,
  title: `Engineer ${id}`,
  recruitType: 'social',
  department: 'Software R&D',
  city: 'Shanghai',
  headcount: 2,
  education: 'Bachelor',
  experience: '3+ years',
  duties: `<ul><li>Duty of ${id}</li></ul>`,
  requirements: `<ul><li>Requirement of ${id}</li></ul>`,
  email: 'hr@jaka.com',
  publishTime: '2026-11-18T10:00:00+08:00',
  ...overrides,
});

const bodyOf = (request: RecordedRequest | undefined) => JSON.parse(request?.body ?? '{}') as Record<string, unknown>;

function positionsApi(total = 12) {
  return mockFetch([
    [
      '/api/recruit/position/list',
      (request) => {
        const body = bodyOf(request);
        const page = Number(body.pageNum);
        const size = Number(body.pageSize);
        if (body.keyword === 'nothing') return { body: envelope({ total: 0, rows: [] }) };
        const type = String(body.recruitType);
        const count = Math.max(0, Math.min(size, total - (page - 1) * size));
        const rows = Array.from({ length: count }, (_, i) => position((page - 1) * size + i + 1, { recruitType: type, email: type === 'campus' ? 'campus@jaka.com' : 'hr@jaka.com' }));
        return { body: envelope({ total, rows }) };
      },
    ],
    [
      '/api/recruit/positionConfig/list',
      {
        body: envelope([
          { recruitType: 'social', email: 'hr@jaka.com', cities: ['Shanghai', 'Tokyo'], departments: ['Sales'], banner: null },
          { recruitType: 'campus', email: 'campus@jaka.com', cities: ['Beijing'], departments: ['Hardware R&D'], banner: null },
        ]),
      },
    ],
    ['/api/common/selectPublishDataById/10', { body: envelope({ id: 10, title: 'Careers', subhead: 'Join us', banner: null, content: '<p>900 people</p>' }) }],
  ]);
}

describe('the deliver link', () => {
  it('is an e-mail to the recruiting address with the position in the subject', () => {
    expect(applyHref('hr@jaka.com', 'Application: C++ & Qt Engineer')).toBe('mailto:hr@jaka.com?subject=Application%3A%20C%2B%2B%20%26%20Qt%20Engineer');
  });
});

describe('the positions page', () => {
  it('lists positions of a type a page at a time, and opens one with its duties, requirements and deliver link', async () => {
    const { requests } = positionsApi();
    const user = userEvent.setup();
    const { router } = await renderAt(<PositionRoute />, '/en/position');
    expect(await screen.findByText('Open positions: 12')).toBeTruthy();
    expect(bodyOf(requests[0])).toEqual({ recruitType: 'social', pageNum: 1, pageSize: 10 });
    expect(requests[0]?.method).toBe('POST');

    const toggle = screen.getByRole('button', { name: /Engineer 2/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(router.state.location.search).toBe('?id=2');
    expect(screen.getByText('Duty of 2')).toBeTruthy();
    expect(screen.getByText('Requirement of 2')).toBeTruthy();
    const deliver = screen.getByRole('link', { name: 'Apply now Engineer 2' });
    expect(deliver.getAttribute('href')).toBe('mailto:hr@jaka.com?subject=Application%3A%20Engineer%202');

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('button', { name: /Engineer 11/ })).toBeTruthy();
    expect(router.state.location.search).toBe('?page=2');
    expect(bodyOf(requests.at(-1))).toEqual({ recruitType: 'social', pageNum: 2, pageSize: 10 });
  });

  it('searches by keyword and switches between experienced and graduate hiring', async () => {
    const { requests } = positionsApi(3);
    const user = userEvent.setup();
    const { router } = await renderAt(<PositionRoute />, '/position');
    await screen.findByText('共 3 个职位');
    await user.type(screen.getByRole('searchbox', { name: '搜索职位' }), ' 软件 ');
    await user.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(router.state.location.search).toBe('?keyword=%E8%BD%AF%E4%BB%B6'));
    expect(await screen.findByText('与“软件”相关的职位共 3 个')).toBeTruthy();
    // The heading follows the address at once; the search's request may still be on its way.
    await waitFor(() => expect(bodyOf(requests.at(-1))).toEqual({ recruitType: 'social', pageNum: 1, pageSize: 10, keyword: '软件' }));

    await user.click(screen.getByRole('tab', { name: '校园招聘' }));
    await waitFor(() => expect(bodyOf(requests.at(-1))).toEqual({ recruitType: 'campus', pageNum: 1, pageSize: 10, keyword: '软件' }));
    await user.click(await screen.findByRole('button', { name: /Engineer 1/ }));
    expect(screen.getByRole('link', { name: /立即投递/ }).getAttribute('href')).toBe(`mailto:campus@jaka.com?subject=${encodeURIComponent('应聘：Engineer 1')}`);

    await user.click(screen.getByRole('button', { name: '清除搜索' }));
    await waitFor(() => expect(router.state.location.search).toBe('?type=campus'));
  });

  it('says when nothing matches, and opens a position named in the address', async () => {
    positionsApi();
    await renderAt(<PositionRoute />, '/en/position?keyword=nothing');
    expect(await screen.findByText('No positions match your search.')).toBeTruthy();
  });

  it('opens the position named in the address', async () => {
    positionsApi();
    await renderAt(<PositionRoute />, '/en/position?type=campus&id=3');
    const toggle = await screen.findByRole('button', { name: /Engineer 3/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Graduates' }).getAttribute('aria-selected')).toBe('true');
  });

  it('describes the position its address opens as a JobPosting, and a plain list as none', async () => {
    vi.stubEnv('SSR', true); // structured data is built where crawlers read it: on the server
    positionsApi();
    const origin = window.location.origin;
    const { unmount } = await renderAt(<PositionRoute />, '/en/position?type=campus&id=3&utm_source=mail');
    await screen.findByRole('button', { name: /Engineer 3/ });
    await waitFor(() => expect(pageTitleStore.get()?.page).toBe('Engineer 3'));
    const entry = pageTitleStore.get();
    expect(entry?.description).toBe('Duty of 3');
    expect(entry?.structuredData).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'JobPosting',
        title: 'Engineer 3',
        description:
          '<p>Software R&amp;D</p><p>Location: Shanghai</p><p>Education: Bachelor</p><p>Experience: 3+ years</p>' +
          '<p>Responsibilities</p><ul><li>Duty of 3</li></ul><p>Requirements</p><ul><li>Requirement of 3</li></ul>',
        datePosted: '2026-11-18T10:00:00+08:00',
        hiringOrganization: { '@type': 'Organization', '@id': `${origin}/#organization`, name: 'JAKA Robotics', url: `${origin}/en/index` },
        jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: 'Shanghai' } },
        identifier: { '@type': 'PropertyValue', name: 'JAKA Robotics', value: '3' },
        totalJobOpenings: 2,
        url: `${origin}/en/position?type=campus&id=3`,
      },
    ]);
    unmount();

    positionsApi();
    await renderAt(<PositionRoute />, '/en/position');
    await screen.findByRole('button', { name: /Engineer 3/ });
    await waitFor(() => expect(pageTitleStore.get()?.description).toBe('Find the role that fits you and apply by e-mail in one click.'));
    expect(pageTitleStore.get()?.page).toBeNull();
    expect(pageTitleStore.get()?.structuredData).toBeUndefined();
  });
});

describe('the careers landing', () => {
  it('shows both hiring types with their settings and latest positions, and searches on the positions page', async () => {
    positionsApi(6);
    const user = userEvent.setup();
    const { router } = await renderAt(<JoinRoute />, '/en/join');
    const openings = await screen.findByRole('region', { name: 'Open positions' });
    expect(await within(openings).findByText('hr@jaka.com')).toBeTruthy();
    expect(within(openings).getByText('Shanghai · Tokyo')).toBeTruthy();
    expect(await within(openings).findByRole('link', { name: 'All positions (6)' })).toBeTruthy();
    expect(within(openings).getByRole('link', { name: /Engineer 1/ }).getAttribute('href')).toBe('/en/position?type=social&id=1');

    await user.click(within(openings).getByRole('tab', { name: 'Graduates' }));
    expect(await within(openings).findByText('campus@jaka.com')).toBeTruthy();
    await user.type(within(openings).getByRole('searchbox'), 'hardware');
    await user.click(within(openings).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/en/position?type=campus&keyword=hardware'));
  });
});
