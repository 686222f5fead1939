import { type SiteLanguage, htmlLang } from './language';

/*
 * The one place where the site turns a date of its content into words. The CMS, the CRM and the
 * work-order system send instants with the offset of whoever wrote them
 * (`2026-10-27T10:00:00+08:00`) or plain days (`2026-03-02`). What a page shows is the calendar
 * day (and time) written there, in the content's own offset: the same on the server, which
 * renders in UTC, and in every browser, wherever its visitor is. Formatting the instant in the
 * machine's own time zone moved dates a day back west of UTC+8 and made React throw the server's
 * HTML away. `e2e/tests/time-zones.spec.ts` holds the site to this; the lint rule in
 * `web/eslint.config.js` keeps every other file from formatting dates itself.
 */

/** The parts of a content date as written: its day, its wall-clock time and its offset. */
interface WrittenDate {
  /** The day and time as written, as a UTC instant, so that formatting in UTC shows them as written. */
  wallClock: Date;
  hasTime: boolean;
  /** The offset as written, in minutes east of UTC; null when none is written. */
  offsetMinutes: number | null;
}

const WRITTEN_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

function readWrittenDate(value: string | null | undefined): WrittenDate | null {
  const match = value ? WRITTEN_DATE.exec(value.trim()) : null;
  if (!match) return null;
  const [, year, month, day, hour, minute, second, offset] = match;
  const parts = [year, month, day, hour ?? '0', minute ?? '0', second ?? '0'].map(Number) as [
    number, number, number, number, number, number,
  ];
  const [y, mo, d, h, mi, s] = parts;
  const wallClock = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  // 2026-02-31 or 25:00 would roll over into another day: such a date is unreadable, not moved.
  if (wallClock.getUTCFullYear() !== y || wallClock.getUTCMonth() !== mo - 1 || wallClock.getUTCDate() !== d) return null;
  if (h > 23 || mi > 59 || s > 59) return null;
  return { wallClock, hasTime: hour !== undefined, offsetMinutes: offset === undefined ? null : readOffset(offset) };
}

function readOffset(offset: string): number {
  if (offset.toUpperCase() === 'Z') return 0;
  const sign = offset.startsWith('-') ? -1 : 1;
  const digits = offset.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || '0'));
}

/** An offset as people read it beside a time: `UTC`, `UTC+8`, `UTC-3:30`. */
function offsetLabel(minutes: number): string {
  if (minutes === 0) return 'UTC';
  const sign = minutes < 0 ? '-' : '+';
  const hours = Math.floor(Math.abs(minutes) / 60);
  const rest = Math.abs(minutes) % 60;
  return `UTC${sign}${hours}${rest ? `:${String(rest).padStart(2, '0')}` : ''}`;
}

/**
 * The calendar day of a content date in the page's language: `long` months ("27 October 2026",
 * "2026年10月27日") or `short` ones ("Oct 27, 2026"); '' when it cannot be read.
 */
export function formatDate(value: string | null | undefined, lang: SiteLanguage, style: 'long' | 'short' = 'long'): string {
  const written = readWrittenDate(value);
  if (!written) return '';
  return new Intl.DateTimeFormat(htmlLang(lang), {
    year: 'numeric',
    month: style,
    day: 'numeric',
    timeZone: 'UTC',
  }).format(written.wallClock);
}

/**
 * A content date with its time, as written, in the page's language, followed by its offset when
 * one is written ("Oct 27, 2026, 10:00 AM UTC+8"), so that a visitor elsewhere knows whose clock
 * it is; a plain day is shown as a day. '' when it cannot be read.
 */
export function formatDateTime(value: string | null | undefined, lang: SiteLanguage): string {
  const written = readWrittenDate(value);
  if (!written) return '';
  const text = new Intl.DateTimeFormat(htmlLang(lang), {
    dateStyle: 'medium',
    ...(written.hasTime ? { timeStyle: 'short' } : {}),
    timeZone: 'UTC',
  }).format(written.wallClock);
  return written.hasTime && written.offsetMinutes !== null ? `${text} ${offsetLabel(written.offsetMinutes)}` : text;
}

/**
 * Today in the visitor's own calendar as `YYYY-MM-DD`, to compare with content days (is a
 * certificate still valid, is a fault date in the future). For the browser's checks and answers
 * only: a page the server renders never shows it, as the server's day is not the visitor's.
 */
export function visitorToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
