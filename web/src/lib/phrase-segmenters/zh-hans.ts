import { Parser, zhHansModel } from 'budoux';
import type { Segmenter } from '../phrase-core';
import { amend } from './amend';

const parser = new Parser(zhHansModel);
export const segmenter: Segmenter = (text) => amend(text, 'zh-hans', parser.parseBoundaries(text));
