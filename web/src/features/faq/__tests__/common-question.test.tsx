import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished } from 'vitest';
import { pageTitleStore } from '@/lib/page-title';
import { storePreviewToken } from '@/lib/preview-token';
import { envelope } from '@/testing/fixtures';
import { mockFetch } from '@/testing/mock-fetch';
import { renderAt } from '@/testing/render';
import { CommonQuestionDetailRoute } from '../routes/common-question-detail';
import { CommonQuestionRoute } from '../routes/common-question';
import { allFaqs, faqTypes } from './fixtures';

/** Generous waits: the first render loads every catalogue, slow on a busy machine. */
const SLOW = { timeout: 5000 };

type Route = Parameters<typeof mockFetch>[0][number];

/** Answers selectFaqByTitle like the CMS: by category (and those below it) and by words. */
function stubFaq(overrides: Route[] = []) {
  return mockFetch([
    ...overrides,
    ['/api/faq/faqTypeList', { body: envelope(faqTypes) }],
    [
      '/api/faq/selectFaqByTitle',
      ({ url }) => {
        const params = new URL(url, 'http://x').searchParams;
        const type = Number(params.get('typeId') ?? 0);
        const title = (params.get('title') ?? '').toLowerCase();
        const under = type === 1 ? [1, 11, 12] : [type];
        const rows = allFaqs.filter((f) => (!type || under.includes(f.typeId)) && f.question.toLowerCase().includes(title));
        return { body: envelope({ total: rows.length, rows }) };
      },
    ],
  ]);
}

describe('the FAQ page', () => {
  it('shows the categories and all questions as an accordion, closed', async () => {
    const { requests } = stubFaq();
    const user = userEvent.setup();
    await renderAt(<CommonQuestionRoute />, '/en/commonQuestion');
    const nav = await screen.findByRole('navigation', { name: 'Question categories' }, SLOW);
    expect(within(nav).getByRole('button', { name: 'All questions' }).getAttribute('aria-current')).toBe('true');
    const question = await screen.findByRole('button', { name: /How does collision detection work/ }, SLOW);
    expect(question.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('region', { name: /How does collision detection work/ })).toBeNull();
    await user.click(question);
    expect(question.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('region', { name: /How does collision detection work/ }).textContent).toBe('Answer to question 17.');
    expect(requests.find((r) => r.url.includes('selectFaqByTitle'))?.url).toBe('/prod-api/api/faq/selectFaqByTitle?pageNum=1&pageSize=10');
  });

  it('lists the questions of a category and those below it', async () => {
    const { requests } = stubFaq();
    const user = userEvent.setup();
    const { router } = await renderAt(<CommonQuestionRoute />, '/en/commonQuestion');
    const nav = await screen.findByRole('navigation', { name: 'Question categories' }, SLOW);
    await user.click(within(nav).getByRole('button', { name: 'Installation and commissioning' }));
    expect(router.state.location.search).toBe('?type=1');
    expect(await screen.findByRole('heading', { level: 2, name: 'Installation and commissioning' }, SLOW)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: /collision detection work/ })).toBeNull());
    expect(screen.getAllByRole('button', { expanded: false }).map((b) => b.textContent)).toEqual(
      expect.arrayContaining([expect.stringContaining('mounted on a wall'), expect.stringContaining('tool centre point')]),
    );
    expect(requests.some((r) => r.url.endsWith('selectFaqByTitle?typeId=1&pageNum=1&pageSize=10'))).toBe(true);
  });

  it('searches the questions and opens the answer when one question matches', async () => {
    stubFaq();
    const user = userEvent.setup();
    await renderAt(<CommonQuestionRoute />, '/commonQuestion');
    await screen.findByRole('button', { name: /collision detection work/ }, SLOW);
    await user.type(screen.getByRole('searchbox', { name: '搜索问题' }), 'sensitivity{Enter}');
    expect(await screen.findByRole('heading', { level: 2, name: '“sensitivity”的搜索结果：1 个' }, SLOW)).toBeTruthy();
    const only = screen.getByRole('button', { name: /adjust collision sensitivity/ });
    await waitFor(() => expect(only.getAttribute('aria-expanded')).toBe('true'));
    expect(screen.getByText('Answer to question 18.')).toBeTruthy();
  });

  it('says when a search finds nothing', async () => {
    stubFaq();
    const user = userEvent.setup();
    const { router } = await renderAt(<CommonQuestionRoute />, '/en/commonQuestion?q=xyz');
    expect(await screen.findByText('No questions found for “xyz”. Try other words or browse the categories.', {}, SLOW)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show all questions' }));
    expect(router.state.location.search).toBe('');
  });

  it('opens the question asked for with ?id=, in its category', async () => {
    const { requests } = stubFaq();
    await renderAt(<CommonQuestionRoute />, '/en/commonQuestion?id=5');
    const question = await screen.findByRole('button', { name: /tool centre point/ }, SLOW);
    await waitFor(() => expect(question.getAttribute('aria-expanded')).toBe('true'));
    expect(screen.getByText('Answer to question 5.')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: 'Installation and commissioning / Setup and calibration' }, SLOW)).toBeTruthy();
    expect(requests.some((r) => r.url.endsWith('selectFaqByTitle?pageNum=1&pageSize=100'))).toBe(true);
    expect(requests.some((r) => r.url.endsWith('selectFaqByTitle?typeId=12&pageNum=1&pageSize=10'))).toBe(true);
    expect(document.activeElement).toBe(question);
  });

  it('describes the questions it shows as a FAQPage, answers as text', async () => {
    stubFaq();
    await renderAt(<CommonQuestionRoute />, '/en/commonQuestion?type=3');
    await screen.findByRole('button', { name: /collision sensitivity/ }, SLOW);
    await waitFor(() => expect(pageTitleStore.get()?.structuredData).toBeDefined());
    expect(pageTitleStore.get()?.description).toBe('Answers to common questions about installing, programming, operating and servicing JAKA robots.');
    expect(pageTitleStore.get()?.structuredData).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'FAQPage',
        mainEntity: [
          { '@type': 'Question', name: 'How does collision detection work?', acceptedAnswer: { '@type': 'Answer', text: 'Answer to question 17.' } },
          { '@type': 'Question', name: 'How do I adjust collision sensitivity?', acceptedAnswer: { '@type': 'Answer', text: 'Answer to question 18.' } },
        ],
      },
    ]);
  });

  it('shows an error with retry when the questions cannot be loaded', async () => {
    stubFaq([
      ['/api/faq/selectFaqByTitle', { status: 504, body: { success: false, code: 504, msg: 'slow', data: null, errorKey: 'upstream.timeout' } }],
    ]);
    await renderAt(<CommonQuestionRoute />, '/en/commonQuestion');
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert.textContent).toContain('The server took too long to respond.');
  });
});

describe('the preview of one question', () => {
  it('shows the question, its category and its answer, asking for drafts', async () => {
    // An editor opened a preview link: the tab holds its token.
    storePreviewToken('an-editors-token');
    onTestFinished(() => storePreviewToken(''));
    const { requests } = stubFaq();
    await renderAt(<CommonQuestionDetailRoute />, '/en/preview/commonQuestionDetail?id=17');
    expect(await screen.findByRole('heading', { level: 1, name: 'How does collision detection work?' }, SLOW)).toBeTruthy();
    expect(await screen.findByText('Safety and collision detection', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('Answer to question 17.')).toBeTruthy();
    expect(requests.find((r) => r.url.includes('selectFaqByTitle'))?.headers.get('preview')).toBe('an-editors-token');
    expect(screen.getByRole('link', { name: 'Go to the FAQ' }).getAttribute('href')).toBe('/en/preview/commonQuestion?id=17');
  });

  it('says when there is no such question', async () => {
    stubFaq();
    await renderAt(<CommonQuestionDetailRoute />, '/en/preview/commonQuestionDetail?id=999');
    expect(await screen.findByRole('heading', { level: 1, name: 'Question not found' }, SLOW)).toBeTruthy();
  });
});
