import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { languageFromPath } from '@/lib/routing';
import { envelope, siteInfo } from '@/testing/fixtures';
import { createTestI18n } from '@/testing/i18n';
import { mockFetch } from '@/testing/mock-fetch';
import { createTestQueryClient } from '@/testing/render';
import { parseId } from '../api/jakaplus';
import { JakaDetailRoute } from '../routes/jaka-detail';
import { JakaHotlineRoute } from '../routes/jaka-hotline';
import { JakaListRoute } from '../routes/jaka-list';
import { JakaPlusRoute } from '../routes/jaka-plus';

// Pages with several requests and typing: generous on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

/** Renders a page at `path` under a route `pattern` with its `:id` (renderAt matches any path without params). */
async function renderRoute(ui: ReactElement, pattern: string, path: string) {
  const i18n = await createTestI18n(languageFromPath(path));
  const router = createMemoryRouter(
    [
      { path: pattern, element: ui },
      { path: `/:lang${pattern}`, element: ui },
    ],
    { initialEntries: [path] },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={createTestQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return router;
}

const partners = [
  { id: 1, name: 'Grivo Robotics', logo: '/l1.svg', summary: 'Grippers', category: 'Electric grippers', website: 'https://grivo.example' },
  { id: 2, name: 'Optiq Vision', logo: '/l2.svg', summary: null, category: '2D and 3D vision', website: null },
  { id: 3, name: 'Grip Two', logo: '/l3.svg', summary: null, category: 'Electric grippers', website: null },
];
const products = [
  { id: 11, partnerId: 1, name: 'GR-E40', image: '/p.svg', summary: 'Parallel gripper' },
  { id: 12, partnerId: 1, name: 'GR-R25', image: '/q.svg', summary: null },
];
const detail = {
  ...products[0],
  partnerName: 'Grivo Robotics',
  images: ['/a.svg', '/b.svg'],
  content: '<p>Grips with 20 to 140 N</p>',
  specGroups: [{ groupName: 'Performance', items: [{ name: 'Stroke', unit: 'mm', value: '40' }, { name: 'IP rating', unit: null, value: 'IP40' }] }],
  seoTitle: null,
  seoDescription: null,
};
const column = { id: 9, title: 'JAKA+', subhead: 'Certified', banner: null, content: '<p>Tested in our lab</p>' };
const notFound = { status: 404, body: { success: false, code: 404, msg: 'x', data: null, errorKey: 'resource.not_found' } };

describe('the JAKA+ page', () => {
  it('shows the partners by category, each with its products and web site', async () => {
    mockFetch([
      ['/api/common/selectPublishDataById/9', { body: envelope(column) }],
      ['/api/jaka+/allList', { body: envelope(partners) }],
    ]);
    const user = userEvent.setup();
    await renderRoute(<JakaPlusRoute />, '/jaka+', '/en/jaka+');
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['All', 'Electric grippers', '2D and 3D vision']);
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(3);
    await user.click(screen.getByRole('tab', { name: 'Electric grippers' }));
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Grivo Robotics', 'Grip Two']);
    expect(within(panel).getByRole('link', { name: 'View products Grivo Robotics' }).getAttribute('href')).toBe('/en/jakaList/1');
    expect(screen.getByRole('link', { name: 'JAKA+ hotline' }).getAttribute('href')).toBe('/en/jakaHotline');
  });
});

describe('a JAKA+ partner and its products', () => {
  it('accepts only positive whole ids', () => {
    expect(parseId('12')).toBe(12);
    expect(parseId('0')).toBeNull();
    expect(parseId('1e3')).toBeNull();
    expect(parseId(undefined)).toBeNull();
  });

  it('lists the partner’s products with their pages', async () => {
    const { requests } = mockFetch([
      ['/api/jaka+/allList', { body: envelope(partners) }],
      ['/api/jaka+/getProductListById/9/1', { body: envelope(products) }],
    ]);
    await renderRoute(<JakaListRoute />, '/jakaList/:id', '/en/jakaList/1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Grivo Robotics' })).toBeTruthy();
    // The heading comes with the partner list, the products with their own request.
    expect((await screen.findByRole('link', { name: /GR-E40/ })).getAttribute('href')).toBe('/en/jakaDetail/11');
    expect(requests.some((r) => r.url === '/prod-api/api/jaka+/getProductListById/9/1')).toBe(true);
  });

  it('says a partner does not exist, without asking for a malformed id', async () => {
    const { requests } = mockFetch([['/api/jaka+/allList', { body: envelope(partners) }]]);
    await renderRoute(<JakaListRoute />, '/jakaList/:id', '/en/jakaList/abc');
    expect(await screen.findByRole('heading', { name: 'This partner could not be found' })).toBeTruthy();
    expect(requests.filter((r) => r.url.includes('getProductListById'))).toEqual([]);
  });

  it('says a partner does not exist when the CMS does not know it', async () => {
    mockFetch([
      ['/api/jaka+/allList', { body: envelope(partners) }],
      ['/api/jaka+/getProductListById/9/99', notFound],
    ]);
    await renderRoute(<JakaListRoute />, '/jakaList/:id', '/jakaList/99');
    expect(await screen.findByRole('heading', { name: '未找到该合作伙伴' })).toBeTruthy();
  });
});

describe('a JAKA+ product page', () => {
  it('shows pictures, description, specifications and the partner', async () => {
    mockFetch([['/api/jaka+/getProductDetails/9/11', { body: envelope(detail) }]]);
    const user = userEvent.setup();
    await renderRoute(<JakaDetailRoute />, '/jakaDetail/:id', '/en/jakaDetail/11');
    expect(await screen.findByRole('heading', { level: 1, name: 'GR-E40' })).toBeTruthy();
    expect(screen.getByText('Grips with 20 to 140 N')).toBeTruthy();
    const specs = screen.getByRole('table', { name: 'Performance' });
    expect(within(specs).getByRole('row', { name: 'Stroke 40 mm' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'GR-E40, picture 1 of 2' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show picture 2' }));
    expect(screen.getByRole('img', { name: 'GR-E40, picture 2 of 2' }).getAttribute('src')).toBe('/b.svg');
    expect(screen.getAllByRole('link', { name: /Grivo Robotics|More from this partner/ })[0]?.getAttribute('href')).toBe('/en/jakaList/1');
  });
});

describe('the JAKA+ hotline', () => {
  it('gives the hotline and mailboxes of the site and each partner’s contact', async () => {
    mockFetch([
      ['/api/common/allList', { body: envelope(siteInfo) }],
      ['/api/jaka+/allList', { body: envelope(partners) }],
    ]);
    await renderRoute(<JakaHotlineRoute />, '/jakaHotline', '/en/jakaHotline');
    const phone = await screen.findByRole('link', { name: siteInfo.phone });
    expect(phone.getAttribute('href')).toBe(`tel:${siteInfo.phone.replace(/[^\d+]/g, '')}`);
    expect(screen.getByRole('link', { name: siteInfo.serverMail }).getAttribute('href')).toBe(`mailto:${siteInfo.serverMail}`);
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('row', { name: /Optiq Vision/ }).textContent).toContain('Through the JAKA+ hotline');
    expect(screen.getByRole('link', { name: 'Become a partner' }).getAttribute('href')).toBe('/en/cooperationIntent');
  });
});
