import { split } from '@/lib/phrase-core';
import { usePageLanguage } from '@/lib/use-page-language';

/**
 * A heading's or title's text that breaks only between phrases in Chinese and Japanese
 * ("协作机器人" stays whole, never "协作机/器人"): the phrases (lib/phrase-core.ts) with a break
 * opportunity (<wbr>) between them, inside `word-break: keep-all` (global.css, `.phrases`), which
 * forbids breaks elsewhere; a phrase longer than the line still breaks (overflow-wrap: anywhere).
 * Text in other languages, and text without CJK, renders as it is.
 */
export function Phrase({ children }: { children: string }) {
  const phrases = split(children, usePageLanguage());
  if (!phrases) return children;
  return <span className="phrases">{phrases.flatMap((phrase, i) => (i === 0 ? [phrase] : [<wbr key={i} />, phrase]))}</span>;
}
