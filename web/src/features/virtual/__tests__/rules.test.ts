import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACTIVE_RESYNC_MS, BUSY_POLL_MS, pollInterval, trialLookupFor } from '../api/virtual-trial';
import { isSameChoice, trialChoiceSchema } from '../schemas/trial-choice';
import { formatRemaining, isoDuration, remainingAt, useRemainingSeconds } from '../utils/countdown';
import { models, trial } from './fixtures';


afterEach(() => {
  vi.useRealTimers();
});

describe('which call reads the trial', () => {
  it('is the e-mail one for e-mail accounts and the phone one otherwise', () => {
    expect(trialLookupFor({ account: 'demo@jaka.example', email: 'demo@jaka.example' })).toBe('email');
    expect(trialLookupFor({ account: '13800138000', email: null })).toBe('phone');
    expect(trialLookupFor({ account: null, email: 'x@y.example' })).toBe('email');
    // A mini-program token login stores no account: a phone account.
    expect(trialLookupFor({ account: null, email: null })).toBe('phone');
  });

  it('polls every few seconds while busy, re-syncs an active trial now and then, and stops at the end', () => {
    expect(pollInterval(trial('creating'))).toBe(BUSY_POLL_MS);
    expect(pollInterval(trial('upgrading'))).toBe(BUSY_POLL_MS);
    expect(BUSY_POLL_MS).toBeLessThanOrEqual(5_000);
    expect(pollInterval(trial('active'))).toBe(ACTIVE_RESYNC_MS);
    expect(pollInterval(trial('expired'))).toBe(false);
    expect(pollInterval(null)).toBe(false);
  });
});

describe('the choice of model and cabinet', () => {
  const schema = trialChoiceSchema(models);

  it('accepts a combination of the catalogue', () => {
    expect(schema.safeParse({ robotModel: 'JAKA C5', cabinetVersion: 'CAB Mini' }).success).toBe(true);
  });

  it('refuses what the catalogue does not offer, with catalogue keys as messages', () => {
    const messages = (value: unknown) => {
      const result = schema.safeParse(value);
      return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
    };
    expect(messages({ robotModel: '', cabinetVersion: '' })).toEqual(['robotModel:picker.modelRequired', 'cabinetVersion:picker.cabinetRequired']);
    expect(messages({ robotModel: 'JAKA C5', cabinetVersion: 'CAB 3.0' })).toEqual(['cabinetVersion:messages:virtual.unsupported_combination']);
    expect(messages({ robotModel: 'JAKA X', cabinetVersion: 'CAB 3.0' })).toEqual(['robotModel:picker.modelRequired']);
  });

  it('knows a choice that changes nothing', () => {
    expect(isSameChoice({ robotModel: 'JAKA Zu 5', cabinetVersion: 'CAB 3.0' }, trial('active'))).toBe(true);
    expect(isSameChoice({ robotModel: 'JAKA Zu 5', cabinetVersion: 'CAB 2.1' }, trial('active'))).toBe(false);
  });
});

describe('the remaining time', () => {
  it('is written as hours, minutes and seconds', () => {
    expect(formatRemaining(14_400)).toBe('04:00:00');
    expect(formatRemaining(3_725)).toBe('01:02:05');
    expect(formatRemaining(-3)).toBe('00:00:00');
    expect(isoDuration(3_725)).toBe('PT1H2M5S');
  });

  it('counts down from the answer, never below zero', () => {
    expect(remainingAt(100, 1_000, 1_000)).toBe(100);
    expect(remainingAt(100, 1_000, 11_999)).toBe(90);
    expect(remainingAt(100, 1_000, 500)).toBe(100);
    expect(remainingAt(5, 0, 60_000)).toBe(0);
  });

  it('ticks each second while running, and stands still while the machine is created', () => {
    vi.useFakeTimers();
    const start = Date.now();
    const { result, rerender } = renderHook(({ running }) => useRemainingSeconds(600, start, running), { initialProps: { running: true } });
    expect(result.current).toBe(600);
    act(() => {
      vi.advanceTimersByTime(2_000);
    });
    expect(result.current).toBe(598);
    rerender({ running: false });
    act(() => {
      vi.advanceTimersByTime(5_000);
    });
    expect(result.current).toBe(600);
  });
});
