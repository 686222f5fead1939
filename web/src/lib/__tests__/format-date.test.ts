import { afterEach, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, visitorToday } from '../format-date';

// Node reads TZ again whenever it changes, so each case runs as a machine in that zone would.
const ZONES = ['UTC', 'America/Los_Angeles', 'America/New_York', 'Europe/London', 'Asia/Tokyo', 'Pacific/Kiritimati'];
const savedZone = process.env.TZ;
afterEach(() => {
  process.env.TZ = savedZone;
});

describe('formatDate', () => {
  it.each(ZONES)('shows the day the content names, in %s as on the server', (zone) => {
    process.env.TZ = zone;
    expect(formatDate('2026-10-27T10:00:00+08:00', 'en', 'short')).toBe('Oct 27, 2026');
    expect(formatDate('2026-10-27T00:30:00+08:00', 'en_us', 'short')).toBe('Oct 27, 2026');
    expect(formatDate('2026-10-27T23:59:59-10:00', 'en', 'short')).toBe('Oct 27, 2026');
    expect(formatDate('2026-03-02', 'de')).toBe('2. März 2026');
    expect(formatDate('2026-10-27T10:00:00.123Z', 'zh', 'short')).toBe('2026年10月27日');
    expect(formatDate('2026-10-27 10:00:00', 'jp', 'short')).toBe('2026年10月27日');
  });

  it('writes the day in the page language', () => {
    expect(formatDate('2026-10-27T10:00:00+08:00', 'en')).toBe('October 27, 2026');
    expect(formatDate('2026-10-27T10:00:00+08:00', 'ru', 'short')).toMatch(/^27 окт\.? 2026/);
  });

  it('shows nothing for what is not a date, and never a rolled-over day', () => {
    for (const bad of [null, undefined, '', 'soon', '2026-02-31', '2026-13-01', '2026-10-27T25:00:00Z', '27.10.2026']) {
      expect(formatDate(bad, 'en')).toBe('');
    }
  });
});

describe('formatDateTime', () => {
  it.each(ZONES)('shows the time as written with its offset, in %s', (zone) => {
    process.env.TZ = zone;
    expect(formatDateTime('2026-10-27T10:05:00+08:00', 'en')).toBe('Oct 27, 2026, 10:05 AM UTC+8');
    expect(formatDateTime('2026-10-27T10:05:00+05:30', 'en')).toBe('Oct 27, 2026, 10:05 AM UTC+5:30');
    expect(formatDateTime('2026-10-27T10:05:00Z', 'en')).toBe('Oct 27, 2026, 10:05 AM UTC');
    expect(formatDateTime('2026-10-27 10:05', 'en')).toBe('Oct 27, 2026, 10:05 AM');
    expect(formatDateTime('2026-10-27', 'en')).toBe('Oct 27, 2026');
  });
});

describe('visitorToday', () => {
  it("is the visitor's own calendar day", () => {
    process.env.TZ = 'Asia/Tokyo';
    expect(visitorToday(new Date('2026-10-26T20:00:00Z'))).toBe('2026-10-27');
    process.env.TZ = 'America/Los_Angeles';
    expect(visitorToday(new Date('2026-10-26T20:00:00Z'))).toBe('2026-10-26');
  });
});
