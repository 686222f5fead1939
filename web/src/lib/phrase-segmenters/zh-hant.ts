import { Parser, zhHantModel } from 'budoux';
import type { Segmenter } from '../phrase-core';
import { amend } from './amend';

const parser = new Parser(zhHantModel);
export const segmenter: Segmenter = (text) => amend(text, 'zh-hant', parser.parseBoundaries(text));
