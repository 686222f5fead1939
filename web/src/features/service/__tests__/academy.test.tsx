import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { enquiryDialogStore } from '@/lib/enquiry-dialog';
import { envelope } from '@/testing/fixtures';
import { mockFetch } from '@/testing/mock-fetch';
import { renderAt } from '@/testing/render';
import { JakaAcademyRoute } from '../routes/jaka-academy';
import { ServiceRoute } from '../routes/service';
import { ShowRoomRoute } from '../routes/show-room';
import { column, course, courseTypes, curriculums, instructors } from './fixtures';

// Pages with several requests and typing: generous on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

const academyRoutes = (courses: (url: string) => unknown) =>
  mockFetch([
    ['/api/common/selectPublishDataById/6', { body: envelope(column) }],
    ['/api/service/curriculumsList', { body: envelope(curriculums) }],
    ['/api/service/courseTypeList/6', { body: envelope(courseTypes) }],
    ['/api/service/courseList', (request) => ({ body: envelope(courses(request.url)) })],
    ['/api/service/instructorList', { body: envelope(instructors) }],
  ]);

describe('the academy page', () => {
  it('shows the three levels with their curricula and the instructors', async () => {
    academyRoutes(() => ({ total: 0, rows: [] }));
    await renderAt(<JakaAcademyRoute />, '/en/jakaAcademy');
    const levels = await screen.findByRole('region', { name: 'Certification levels' });
    expect(await within(levels).findByRole('heading', { name: 'Primary' })).toBeTruthy();
    expect(within(levels).getByRole('heading', { name: 'Intermediate' })).toBeTruthy();
    expect(within(levels).getByRole('heading', { name: 'Advanced' })).toBeTruthy();
    expect(within(levels).getByText('Operator (Primary)')).toBeTruthy();
    expect(within(levels).getByText('2 days')).toBeTruthy();
    expect(within(levels).getByText('1 day')).toBeTruthy();
    expect(within(levels).getByText('Courses for this level will be announced soon.')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Wang Lei' })).toBeTruthy();
    expect(screen.getByText('There are no classes of this type yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Certificate lookup' }).getAttribute('href')).toBe('#academy-certificate');
  });

  it('shows online classes by course type, a page at a time, with video and courseware', async () => {
    const { requests } = academyRoutes((url) => {
      const params = new URL(url, 'http://x').searchParams;
      if (params.get('typeId') === '602') return { total: 1, rows: [course(20, 602)] };
      const page = Number(params.get('pageNum'));
      return { total: 10, rows: page === 1 ? Array.from({ length: 8 }, (_, i) => course(i + 1)) : [course(9), course(10)] };
    });
    const user = userEvent.setup();
    await renderAt(<JakaAcademyRoute />, '/en/jakaAcademy');
    const classes = await screen.findByRole('region', { name: 'Online classes' });
    expect(await within(classes).findByRole('heading', { name: 'Course 1' })).toBeTruthy();
    expect(within(classes).getByRole('link', { name: /Watch the video Course 1/ }).getAttribute('href')).toBe('https://academy.example/videos/1');
    expect(within(classes).getByRole('link', { name: /Download courseware Course 1/ }).getAttribute('href')).toBe('/cms-assets/files/course-1.pdf');
    expect(within(classes).getAllByText('18 min')).toHaveLength(8);

    await user.click(within(classes).getByRole('button', { name: 'Page 2' }));
    expect(await within(classes).findByRole('heading', { name: 'Course 9' })).toBeTruthy();

    await user.click(within(classes).getByRole('tab', { name: 'Programming' }));
    expect(await within(classes).findByRole('heading', { name: 'Course 20' })).toBeTruthy();
    expect(requests.map((r) => r.url).filter((u) => u.includes('courseList'))).toEqual([
      '/prod-api/api/service/courseList?pageNum=1&pageSize=8',
      '/prod-api/api/service/courseList?pageNum=2&pageSize=8',
      '/prod-api/api/service/courseList?typeId=602&pageNum=1&pageSize=8',
    ]);
  });
});

describe('the service and showroom pages', () => {
  it('leads to repair, downloads, FAQ, academy, partners and the virtual robot', async () => {
    mockFetch([['/api/common/getDetails/307', { body: envelope({ id: 307, title: 'Service overview', subhead: null, image: null, content: '<p>x</p>', sections: [{ title: 'Warranty', content: '<p>2 years</p>', image: null }] }) }]]);
    await renderAt(<ServiceRoute />, '/en/service');
    const links = await screen.findByRole('region', { name: 'How can we help?' });
    expect(within(links).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
      '/en/repair',
      '/en/download',
      '/en/commonQuestion',
      '/en/jakaAcademy',
      '/en/provider',
      '/en/virtual',
    ]);
    expect(await screen.findByRole('heading', { name: 'Warranty' })).toBeTruthy();
  });

  it('books a showroom visit through the enquiry dialog', async () => {
    mockFetch([['/api/common/getDetails/306', { body: envelope({ id: 306, title: 'Shanghai showroom', subhead: null, image: null, content: '<p>x</p>', sections: [] }) }]]);
    const user = userEvent.setup();
    await renderAt(<ShowRoomRoute />, '/en/showRoom');
    await user.click(await screen.findByRole('button', { name: 'Book a visit' }));
    expect(enquiryDialogStore.get().open).toBe(true);
    enquiryDialogStore.set({ open: false, intent: 'contact' });
  });
});
