import { describe, expect, it } from 'vitest';
import { companyKeyword } from '../api/companies';

describe('the company keyword', () => {
  it('asks nothing before the keyword says something, as the server does', () => {
    for (const short of ['', '   ', 'J', 'JA', ' a ', '上', ' 上 ']) expect(companyKeyword(short)).toBe('');
  });
  it('asks for two Chinese, Japanese or Korean characters, or three others', () => {
    expect(companyKeyword(' 上海 ')).toBe('上海');
    expect(companyKeyword('ヤマ')).toBe('ヤマ');
    expect(companyKeyword('한빛')).toBe('한빛');
    expect(companyKeyword('JAK')).toBe('JAK');
    expect(companyKeyword('  JAKA Demo ')).toBe('JAKA Demo');
  });
  it('cuts the keyword to the contract’s length', () => {
    expect(companyKeyword('x'.repeat(150))).toHaveLength(100);
  });
});
