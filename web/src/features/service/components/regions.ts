/**
 * The regions the partner directory knows (mocks/content seed company-dealers): the provinces of
 * China (with Hong Kong, Macao and Taiwan), looked up by their Chinese name, and the countries
 * outside China, looked up by their English name. Country names are shown through
 * Intl.DisplayNames; province names in the page's script.
 */
import { type SiteLanguage, htmlLang } from '@/lib/language';

export interface Province {
  /** The name the directory is asked with (simplified Chinese). */
  value: string;
  /** Traditional Chinese, Japanese, Korean, Thai and Russian names; Latin-script languages use `en`. */
  zh_tw: string;
  jp: string;
  ko: string;
  th: string;
  ru: string;
  en: string;
}

const p = (value: string, zh_tw: string, jp: string, ko: string, th: string, ru: string, en: string): Province => ({ value, zh_tw, jp, ko, th, ru, en });

export const PROVINCES: readonly Province[] = [
  p('北京', '北京', '北京', '베이징', 'ปักกิ่ง', 'Пекин', 'Beijing'),
  p('天津', '天津', '天津', '톈진', 'เทียนจิน', 'Тяньцзинь', 'Tianjin'),
  p('河北', '河北', '河北', '허베이', 'เหอเป่ย์', 'Хэбэй', 'Hebei'),
  p('山西', '山西', '山西', '산시(山西)', 'ชานซี', 'Шаньси', 'Shanxi'),
  p('内蒙古', '內蒙古', '内モンゴル', '네이멍구', 'มองโกเลียใน', 'Внутренняя Монголия', 'Inner Mongolia'),
  p('辽宁', '遼寧', '遼寧', '랴오닝', 'เหลียวหนิง', 'Ляонин', 'Liaoning'),
  p('吉林', '吉林', '吉林', '지린', 'จี๋หลิน', 'Цзилинь', 'Jilin'),
  p('黑龙江', '黑龍江', '黒竜江', '헤이룽장', 'เฮย์หลงเจียง', 'Хэйлунцзян', 'Heilongjiang'),
  p('上海', '上海', '上海', '상하이', 'เซี่ยงไฮ้', 'Шанхай', 'Shanghai'),
  p('江苏', '江蘇', '江蘇', '장쑤', 'เจียงซู', 'Цзянсу', 'Jiangsu'),
  p('浙江', '浙江', '浙江', '저장', 'เจ้อเจียง', 'Чжэцзян', 'Zhejiang'),
  p('安徽', '安徽', '安徽', '안후이', 'อานฮุย', 'Аньхой', 'Anhui'),
  p('福建', '福建', '福建', '푸젠', 'ฝูเจี้ยน', 'Фуцзянь', 'Fujian'),
  p('江西', '江西', '江西', '장시', 'เจียงซี', 'Цзянси', 'Jiangxi'),
  p('山东', '山東', '山東', '산둥', 'ชานตง', 'Шаньдун', 'Shandong'),
  p('河南', '河南', '河南', '허난', 'เหอหนาน', 'Хэнань', 'Henan'),
  p('湖北', '湖北', '湖北', '후베이', 'หูเป่ย์', 'Хубэй', 'Hubei'),
  p('湖南', '湖南', '湖南', '후난', 'หูหนาน', 'Хунань', 'Hunan'),
  p('广东', '廣東', '広東', '광둥', 'กวางตุ้ง', 'Гуандун', 'Guangdong'),
  p('广西', '廣西', '広西', '광시', 'กวางสี', 'Гуанси', 'Guangxi'),
  p('海南', '海南', '海南', '하이난', 'ไหหลำ', 'Хайнань', 'Hainan'),
  p('重庆', '重慶', '重慶', '충칭', 'ฉงชิ่ง', 'Чунцин', 'Chongqing'),
  p('四川', '四川', '四川', '쓰촨', 'เสฉวน', 'Сычуань', 'Sichuan'),
  p('贵州', '貴州', '貴州', '구이저우', 'กุ้ยโจว', 'Гуйчжоу', 'Guizhou'),
  p('云南', '雲南', '雲南', '윈난', 'ยูนนาน', 'Юньнань', 'Yunnan'),
  p('西藏', '西藏', 'チベット', '시짱', 'ทิเบต', 'Тибет', 'Tibet'),
  p('陕西', '陝西', '陝西', '산시(陝西)', 'ส่านซี', 'Шэньси', 'Shaanxi'),
  p('甘肃', '甘肅', '甘粛', '간쑤', 'กานซู่', 'Ганьсу', 'Gansu'),
  p('青海', '青海', '青海', '칭하이', 'ชิงไห่', 'Цинхай', 'Qinghai'),
  p('宁夏', '寧夏', '寧夏', '닝샤', 'หนิงเซี่ย', 'Нинся', 'Ningxia'),
  p('新疆', '新疆', '新疆', '신장', 'ซินเจียง', 'Синьцзян', 'Xinjiang'),
  p('香港', '香港', '香港', '홍콩', 'ฮ่องกง', 'Гонконг', 'Hong Kong'),
  p('澳门', '澳門', 'マカオ', '마카오', 'มาเก๊า', 'Макао', 'Macao'),
  p('台湾', '臺灣', '台湾', '대만', 'ไต้หวัน', 'Тайвань', 'Taiwan'),
];

/** A province's name in the page language. */
export function provinceName(province: Province, lang: SiteLanguage): string {
  if (lang === 'zh') return province.value;
  if (lang === 'zh_tw' || lang === 'jp' || lang === 'ko' || lang === 'th' || lang === 'ru') return province[lang];
  return province.en;
}

/** Countries outside China with partners: the directory's name and the ISO code for display. */
export const COUNTRIES = [
  { value: 'Japan', code: 'JP' },
  { value: 'South Korea', code: 'KR' },
  { value: 'Thailand', code: 'TH' },
  { value: 'Vietnam', code: 'VN' },
  { value: 'Malaysia', code: 'MY' },
  { value: 'Germany', code: 'DE' },
  { value: 'France', code: 'FR' },
  { value: 'Spain', code: 'ES' },
  { value: 'Italy', code: 'IT' },
  { value: 'United States', code: 'US' },
  { value: 'Mexico', code: 'MX' },
  { value: 'Brazil', code: 'BR' },
  { value: 'Russia', code: 'RU' },
] as const;

export const CHINA = 'CN';

/** The country picked first on a language's pages (China on the Chinese pages). */
export const DEFAULT_COUNTRY: Partial<Record<SiteLanguage, string>> = {
  zh: CHINA,
  zh_tw: CHINA,
  jp: 'JP',
  ko: 'KR',
  th: 'TH',
  de: 'DE',
  en_eu: 'DE',
  fr: 'FR',
  es: 'ES',
  ru: 'RU',
  en_us: 'US',
};

/** The name of a country (ISO code) in the page language. */
export function countryName(code: string, lang: SiteLanguage): string {
  try {
    return new Intl.DisplayNames([htmlLang(lang)], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The countries sorted by their name in the page language, China first. */
export function countryOptions(lang: SiteLanguage): Array<{ code: string; label: string }> {
  const collator = new Intl.Collator(htmlLang(lang));
  const others = COUNTRIES.map((c) => ({ code: c.code, label: countryName(c.code, lang) })).sort((a, b) => collator.compare(a.label, b.label));
  return [{ code: CHINA, label: countryName(CHINA, lang) }, ...others];
}

/** The value the directory is asked with for a choice (a province, or a country's English name). */
export function regionQuery(country: string, province: string): string | null {
  if (country === CHINA) return province || null;
  return COUNTRIES.find((c) => c.code === country)?.value ?? null;
}
