import { Parser, jaModel } from 'budoux';
import type { Segmenter } from '../phrase-core';
import { amend } from './amend';

const parser = new Parser(jaModel);
export const segmenter: Segmenter = (text) => amend(text, 'ja', parser.parseBoundaries(text));
