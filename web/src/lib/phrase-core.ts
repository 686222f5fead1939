/**
 * Finds the phrases of Chinese and Japanese titles for <Phrase> (components/ui/phrase.tsx). A
 * browser breaks CJK text
 * between any two characters ("协作机/器人"); BudouX's models find the boundaries between phrases,
 * where a break reads well. Imported by the Chinese and Japanese language modules only.
 *
 * The models are large (zh-hans ~30 kB gzip) and are not part of a page's first JavaScript:
 *   - the server segments every title it renders (entry-server.tsx adds the models) and sends the
 *     boundaries of the page's titles beside the SSR state (`#ssr-phrases`), so hydration renders
 *     the same breaks without the model;
 *   - the browser loads the model of the page's language once it is idle, for the titles of later
 *     pages; a title rendered before it has arrived keeps the browser's own breaks until it
 *     renders again.
 */
import type { SiteLanguage } from './language';
import { serverRender } from './render-context';

/** BudouX's models of the site's languages. */
export type PhraseModel = 'ja' | 'zh-hans' | 'zh-hant';

/** Boundaries of a text: the offsets at which a new phrase starts. */
export type Segmenter = (text: string) => number[];

/** The id of the JSON block with the boundaries the server used (text → boundaries). */
export const SSR_PHRASES_ID = 'ssr-phrases';

/** The model of a language, or null where the language breaks at spaces (or, ko, keep-all). */
export function phraseModelOf(lang: SiteLanguage): PhraseModel | null {
  return lang === 'zh' ? 'zh-hans' : lang === 'zh_tw' ? 'zh-hant' : lang === 'jp' ? 'ja' : null;
}

/** Han, kana: text a browser would break between any two characters. */
const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/;

const segmenters = new Map<PhraseModel, Segmenter>();
const known = new Map<string, number[]>();

export function addSegmenter(model: PhraseModel, segmenter: Segmenter): void {
  segmenters.set(model, segmenter);
}

export function split(text: string, lang: SiteLanguage): string[] | null {
  const model = phraseModelOf(lang);
  if (!model || !CJK.test(text)) return null;
  const key = `${model}\u0000${text}`;
  let boundaries = known.get(key);
  if (!boundaries) {
    const segmenter = segmenters.get(model);
    if (!segmenter) {
      requestModel(model);
      return null;
    }
    boundaries = segmenter(text);
    known.set(key, boundaries);
  }
  // Server only: the browser's build drops it (`import.meta.env.SSR`).
  const recording = import.meta.env.SSR ? serverRender()?.phrases : null;
  if (recording) recording[text] = boundaries;
  const phrases: string[] = [];
  let start = 0;
  for (const end of boundaries) {
    phrases.push(text.slice(start, end));
    start = end;
  }
  phrases.push(text.slice(start));
  return phrases;
}

/**
 * Server: from now on, the render under way remembers the boundaries of every text it splits;
 * the returned function stops and hands them over (lib/render-context.ts: each render its own).
 */
export function recordPhrases(): () => Record<string, number[]> {
  const recorded: Record<string, number[]> = {};
  const render = import.meta.env.SSR ? serverRender() : null;
  if (render) render.phrases = recorded;
  return () => {
    if (render) render.phrases = null;
    return recorded;
  };
}

/** Browser: the boundaries the server used for the first page's texts. */
export function seedPhrases(model: PhraseModel, phrases: Record<string, number[]>): void {
  for (const [text, boundaries] of Object.entries(phrases)) known.set(`${model}\u0000${text}`, boundaries);
}

const LOADERS: Record<PhraseModel, () => Promise<{ segmenter: Segmenter }>> = {
  ja: () => import('./phrase-segmenters/ja'),
  'zh-hans': () => import('./phrase-segmenters/zh-hans'),
  'zh-hant': () => import('./phrase-segmenters/zh-hant'),
};
const requested = new Set<PhraseModel>();
const loading = new Set<Promise<void>>();

/** Browser: loads a model, once (the server has them all from the start). */
function requestModel(model: PhraseModel): void {
  if (typeof document === 'undefined' || requested.has(model)) return;
  requested.add(model);
  const load = LOADERS[model]().then(
    ({ segmenter }) => addSegmenter(model, segmenter),
    // Titles keep the browser's own breaks; nothing else depends on it.
    (error: unknown) => console.error('[phrases]', error),
  );
  loading.add(load);
  void load.finally(() => loading.delete(load));
}

/**
 * Resolves once every model asked for so far has arrived or failed. The unit tests' set-up waits
 * for it after each file, so that no model is still loading when a file's environment closes.
 */
export async function modelsSettled(): Promise<void> {
  await Promise.all(loading);
}

/**
 * Browser, when this code first loads (with the first page that shows a title): the server's
 * boundaries for that page, and the model of its language when the browser is idle (or as soon
 * as a title the server did not split asks for it).
 */
function startInBrowser(): void {
  const block = document.getElementById(SSR_PHRASES_ID);
  const lang = document.documentElement.lang;
  const model: PhraseModel | null = lang === 'zh-CN' ? 'zh-hans' : lang === 'zh-TW' ? 'zh-hant' : lang === 'ja' ? 'ja' : null;
  if (!model) return;
  if (block?.textContent) {
    try {
      seedPhrases(model, JSON.parse(block.textContent) as Record<string, number[]>);
    } catch (error: unknown) {
      console.error('[phrases]', error);
    }
  }
  if ('requestIdleCallback' in window) window.requestIdleCallback(() => requestModel(model), { timeout: 5000 });
  else setTimeout(() => requestModel(model), 2000);
}

if (typeof document !== 'undefined') startInBrowser();
