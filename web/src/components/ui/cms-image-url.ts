/**
 * The one place that builds the URLs of the variants of the CMS's pictures: the BFF serves a
 * picture of the media library at `/cms-assets/{name}?w={width}`, resized to that width (never
 * wider than the picture) and encoded as the browser reads best (AVIF, WebP, else the picture's
 * own format). It makes only the widths below; any other is refused.
 */

/** The widths the BFF makes, in pixels: the same list as `variants.Widths` in the BFF (a Go test holds them together). */
export const VARIANT_WIDTHS = [160, 320, 480, 640, 960, 1280, 1600, 1920, 2400] as const;

const MEDIA_PREFIX = '/cms-assets/';

/**
 * Whether src is a picture of the CMS's media library that the BFF makes variants of: a path
 * below /cms-assets/ without a query or fragment of its own. A drawing (.svg) is served as it is:
 * it scales by itself.
 */
export function hasVariants(src: string): boolean {
  return src.startsWith(MEDIA_PREFIX) && !/[?#]/.test(src) && !/\.svg$/i.test(src);
}

/** The URL of src's variant width pixels wide (one of VARIANT_WIDTHS). */
export function variantUrl(src: string, width: (typeof VARIANT_WIDTHS)[number]): string {
  return `${src}?w=${width}`;
}

/**
 * The widths a srcset offers for a picture masterWidth pixels wide: every width of the list up
 * to it (the BFF never makes a variant wider than the picture), or all of them when it is not
 * known.
 */
export function variantWidths(masterWidth?: number): (typeof VARIANT_WIDTHS)[number][] {
  const fit = VARIANT_WIDTHS.filter((w) => masterWidth === undefined || w <= masterWidth);
  // A picture narrower than the smallest width still has one variant: its own width.
  return fit.length > 0 ? fit : [VARIANT_WIDTHS[0]];
}

/** The srcset of src over variantWidths(masterWidth). */
export function variantSrcSet(src: string, masterWidth?: number): string {
  return variantWidths(masterWidth)
    .map((w) => `${variantUrl(src, w)} ${w}w`)
    .join(', ');
}
