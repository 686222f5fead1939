import type { PhraseModel } from '../phrase-core';

/**
 * Words of the trade that never break, whatever the model says: BudouX's Chinese models cut
 * 机器|人 (robot) and would leave a lone 人 on a line.
 */
const KEEP_WHOLE = ['协作机器人', '協作機器人', '工业机器人', '工業機器人', '复合机器人', '複合機器人', '机器人', '機器人', '机械臂', '機械臂', '节卡', '節卡', 'ロボット'];

/** A Han character alone (a phrase of one: 新|一|代, 机器|人|的). */
/** A letter or figure of a Latin word or number ("Zu", "50,000", "3.0"). */
const LATIN = /[A-Za-z0-9.,]/;

const SINGLE_HAN = /^[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]$/;

/**
 * The model's boundaries, amended: in Chinese a phrase of one Han character joins the phrase
 * before it (the models leave 代, 件, 的 alone); no boundary falls inside a word of KEEP_WHOLE,
 * nor inside a Latin word or number (the models cut "JAKA Z|u").
 */
export function amend(text: string, model: PhraseModel, boundaries: number[]): number[] {
  let kept = boundaries;
  if (model !== 'ja') {
    kept = [];
    const ends = [...boundaries, text.length];
    for (let i = 0; i < boundaries.length; i++) {
      if (!SINGLE_HAN.test(text.slice(boundaries[i], ends[i + 1]))) kept.push(boundaries[i]!);
    }
  }
  const inside = new Set<number>();
  for (const word of KEEP_WHOLE) {
    for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) {
      for (let offset = at + 1; offset < at + word.length; offset++) inside.add(offset);
    }
  }
  return kept.filter((boundary) => !inside.has(boundary) && !(LATIN.test(text[boundary - 1] ?? '') && LATIN.test(text[boundary] ?? '')));
}
