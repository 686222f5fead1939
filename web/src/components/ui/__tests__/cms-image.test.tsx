import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CmsImage, objectPosition } from '../cms-image';
import { VARIANT_WIDTHS, hasVariants, variantSrcSet, variantUrl, variantWidths } from '../cms-image-url';

const img = (ui: React.ReactElement) => render(ui).container.querySelector('img') as HTMLImageElement;

describe('the URLs of picture variants', () => {
  it('are the media path with a width of the list', () => {
    expect(variantUrl('/cms-assets/photos/arm.jpg', 640)).toBe('/cms-assets/photos/arm.jpg?w=640');
    expect(variantWidths(1000)).toEqual([160, 320, 480, 640, 960]);
    expect(variantWidths(2400)).toEqual([...VARIANT_WIDTHS]);
    expect(variantWidths()).toEqual([...VARIANT_WIDTHS]);
    expect(variantWidths(100)).toEqual([160]);
    expect(variantSrcSet('/cms-assets/a.png', 400)).toBe('/cms-assets/a.png?w=160 160w, /cms-assets/a.png?w=320 320w');
  });

  it('are made for rasters of the media library only', () => {
    expect(hasVariants('/cms-assets/photos/arm.jpg')).toBe(true);
    expect(hasVariants('/cms-assets/banners/home.SVG')).toBe(false);
    expect(hasVariants('/cms-assets/photos/arm.jpg?v=2')).toBe(false);
    expect(hasVariants('https://cdn.example.com/arm.jpg')).toBe(false);
    expect(hasVariants('/assets/logo.png')).toBe(false);
  });
});

describe('CmsImage', () => {
  it('offers the widths up to the master, reserves its room and loads lazily', () => {
    const el = img(<CmsImage src="/cms-assets/photos/arm.jpg" alt="A cobot" width={1280} height={853} sizes="(min-width: 60rem) 50vw, 100vw" />);
    expect(el.getAttribute('srcset')).toBe(
      [160, 320, 480, 640, 960, 1280].map((w) => `/cms-assets/photos/arm.jpg?w=${w} ${w}w`).join(', '),
    );
    expect(el.getAttribute('sizes')).toBe('(min-width: 60rem) 50vw, 100vw');
    expect(el.getAttribute('src')).toBe('/cms-assets/photos/arm.jpg?w=960');
    expect(el.getAttribute('width')).toBe('1280');
    expect(el.getAttribute('height')).toBe('853');
    expect(el.getAttribute('alt')).toBe('A cobot');
    expect(el.getAttribute('decoding')).toBe('async');
    expect(el.getAttribute('loading')).toBe('lazy');
    expect(el.getAttribute('fetchpriority')).toBeNull();
    expect(el.style.objectPosition).toBe('');
  });

  it('is fetched first and at once when it is the priority picture', () => {
    const el = img(<CmsImage src="/cms-assets/banners/home.jpg" alt="" aspectRatio={16 / 9} sizes="100vw" priority />);
    expect(el.getAttribute('fetchpriority')).toBe('high');
    expect(el.getAttribute('loading')).toBeNull();
    expect(el.getAttribute('width')).toBe('1600');
    expect(el.getAttribute('height')).toBe('900');
    expect(el.getAttribute('srcset')?.split(', ')).toHaveLength(VARIANT_WIDTHS.length);
  });

  it('keeps the focal point in view', () => {
    const el = img(<CmsImage src="/cms-assets/a.jpg" alt="" aspectRatio={3 / 2} sizes="50vw" focalPoint={{ x: 0.25, y: 0.7 }} />);
    expect(el.style.objectPosition).toBe('25% 70%');
    expect(objectPosition({ x: -1, y: 3 })).toBe('0% 100%');
    expect(objectPosition({ x: Number.NaN, y: 0.333 })).toBe('50% 33.3%');
  });

  it('shows a drawing or another site’s picture as it is', () => {
    for (const src of ['/cms-assets/banners/home-zu.svg', 'https://example.com/a.jpg']) {
      const el = img(<CmsImage src={src} alt="" aspectRatio={2} sizes="100vw" />);
      expect(el.getAttribute('src')).toBe(src);
      expect(el.getAttribute('srcset')).toBeNull();
      expect(el.getAttribute('sizes')).toBeNull();
    }
  });
});
