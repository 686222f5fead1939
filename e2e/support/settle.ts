import type { Locator, Page, Request } from '@playwright/test';

// Waiting for what a page does, never for a stretch of time: a negative check ("nothing else
// happens") waits for the event that would have shown the something, then looks.

/** Resolves after the page has rendered two more frames (its pending tasks and effects have run). */
export async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/** The requests of one page, counted from when `watchRequests` is called (before `goto`). */
export interface RequestWatch {
  /** The URL of every request the page has started so far. */
  urls(): string[];
  /**
   * Resolves once no request of the page is under way and none starts while the page renders
   * two more frames: every read has answered, and nothing a read or a loaded chunk set off is
   * still to come. Unlike Playwright's `networkidle` it waits for the page's requests to end,
   * not for half a second without any.
   */
  settled(): Promise<void>;
}

export function watchRequests(page: Page): RequestWatch {
  const inFlight = new Set<Request>();
  const urls: string[] = [];
  let idle: Array<() => void> = [];
  page.on('request', (request) => {
    inFlight.add(request);
    urls.push(request.url());
  });
  const end = (request: Request) => {
    inFlight.delete(request);
    if (inFlight.size > 0) return;
    const waiting = idle;
    idle = [];
    for (const resolve of waiting) resolve();
  };
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  const noneUnderWay = () => (inFlight.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => idle.push(resolve)));
  return {
    urls: () => [...urls],
    async settled() {
      for (;;) {
        await noneUnderWay();
        const started = urls.length;
        await nextFrames(page);
        if (urls.length === started && inFlight.size === 0) return;
      }
    },
  };
}

/**
 * Turns the mouse wheel and resolves once the page has handled it: the wheel event has reached
 * the page and two frames have been rendered since, by which time any scroll it causes has been
 * applied and reported (the browser fires scroll events with the next frame).
 */
export async function wheelHandled(page: Page, deltaX: number, deltaY: number): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { e2eWheel?: Promise<void> };
    w.e2eWheel = new Promise<void>((resolve) =>
      window.addEventListener('wheel', () => requestAnimationFrame(() => requestAnimationFrame(() => resolve())), { once: true, passive: true }),
    );
  });
  await page.mouse.wheel(deltaX, deltaY);
  await page.evaluate(() => (window as unknown as { e2eWheel?: Promise<void> }).e2eWheel);
}

/**
 * Resolves once the element's finite animations and transitions (its own and its descendants')
 * have finished, e.g. a menu that slides open or a bar that fades out. Endless ones (spinners,
 * a running carousel) are not waited for.
 */
export async function animationsDone(target: Locator): Promise<void> {
  await nextFrames(target.page());
  await target.evaluate((element) =>
    Promise.all(
      element
        .getAnimations({ subtree: true })
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}
