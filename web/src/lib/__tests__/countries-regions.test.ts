import { describe, expect, it } from 'vitest';
import { countryLocale, loadCountries, toCountries, toSiteCountryCode } from '../countries';
import { loadRegions, regionText, toProvinces } from '../regions';

describe('the country list', () => {
  it('sends the United Kingdom as UK and every other country by its ISO code', () => {
    expect(toSiteCountryCode('GB')).toBe('UK');
    expect(toSiteCountryCode('DE')).toBe('DE');
    const list = toCountries({ GB: ['United Kingdom', 'UK'], DE: 'Germany', CN: ["People's Republic of China", 'China'] }, 'en');
    expect(list.map((c) => c.code)).toEqual(['CN', 'DE', 'UK']);
    expect(list.find((c) => c.code === 'CN')?.name).toBe('China');
  });

  it('names countries in the page language, sorted for it', async () => {
    const de = await loadCountries('de');
    expect(de.length).toBeGreaterThan(240);
    expect(de.find((c) => c.code === 'DE')?.name).toBe('Deutschland');
    expect(de.find((c) => c.code === 'UK')?.name).toBe('Vereinigtes Königreich');
    expect(de.some((c) => c.code === 'GB')).toBe(false);
    const jp = await loadCountries('jp');
    expect(jp.find((c) => c.code === 'JP')?.name).toBe('日本');
    expect(countryLocale('zh_tw').bcp47).toBe('zh-TW');
    expect(countryLocale('en_us').file).toBe('en');
  });
});

describe('the region picker’s data', () => {
  it('has the 31 mainland divisions, Hong Kong, Macao and Taiwan, with their cities', async () => {
    const provinces = await loadRegions();
    expect(provinces).toHaveLength(34);
    expect(provinces.find((p) => p.name === '广东省')?.cities).toContain('深圳市');
    expect(provinces.find((p) => p.name === '香港特别行政区')?.cities).toEqual(['香港岛', '九龙', '新界']);
    expect(provinces.find((p) => p.name === '台湾省')?.cities).toContain('台北市');
  });

  it('writes a choice as province and city', () => {
    expect(toProvinces({ 北京市: ['东城区'] }, { 澳门特别行政区: { 澳门半岛: ['大堂区'] } })).toEqual([
      { name: '北京市', cities: ['东城区'] },
      { name: '澳门特别行政区', cities: ['澳门半岛'] },
    ]);
    expect(regionText({ province: '广东省', city: '深圳市' })).toBe('广东省 深圳市');
  });
});
