import { describe, expect, it } from 'vitest';
import { redactUrl } from '../redact';

describe('the renderer logs no secret of a page address', () => {
  it('replaces the values of tokens, codes and signatures, and keeps the rest', () => {
    expect(redactUrl('/en/virtual?token=s3cret&tab=2')).toBe('/en/virtual?token=REDACTED&tab=2');
    expect(redactUrl('/en/wechatLogin?from=%2Fen%2Frepair&TOKEN=s3cret')).toBe('/en/wechatLogin?from=%2Fen%2Frepair&TOKEN=REDACTED');
    expect(redactUrl('/preview/newsDetail/4?previewToken=a.b.c#x')).toBe('/preview/newsDetail/4?previewToken=REDACTED#x');
    expect(redactUrl('/login/callback?code=1&state=2')).toBe('/login/callback?code=REDACTED&state=REDACTED');
    expect(redactUrl('/position?type=1&page=2&id=3')).toBe('/position?type=1&page=2&id=3');
    expect(redactUrl('/news?mytoken=keep')).toBe('/news?mytoken=keep');
  });
});
