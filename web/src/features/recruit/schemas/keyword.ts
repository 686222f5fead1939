import { z } from 'zod';
import { positionQueryKeywordMax } from '@/api/generated/model/positionQuery.zod';

/** Messages are keys of the `recruit` catalogue. */
export const KEYWORD_MESSAGES = { tooLong: 'search.errors.tooLong' } as const;

/** The keyword of the position search: optional (empty lists every position), at most 50 characters. */
export const keywordSchema = z.object({
  keyword: z.string().trim().max(positionQueryKeywordMax, KEYWORD_MESSAGES.tooLong),
});

export type KeywordInput = z.input<typeof keywordSchema>;
export type Keyword = z.output<typeof keywordSchema>;
