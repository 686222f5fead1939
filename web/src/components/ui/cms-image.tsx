import type { CSSProperties } from 'react';
import { hasVariants, variantSrcSet, variantUrl, variantWidths } from './cms-image-url';

/** Where the subject of a picture is, as fractions of its width and height (0 to 1). */
export interface FocalPoint {
  x: number;
  y: number;
}

interface CmsImageBase {
  /** The picture's URL as the CMS gives it (`/cms-assets/…`). */
  src: string;
  alt: string;
  /** The `sizes` of the srcset: how wide the picture is shown at each viewport width. */
  sizes: string;
  /** Where the subject is: kept in view when the picture is cropped to its frame (object-fit: cover). */
  focalPoint?: FocalPoint | null | undefined;
  /** The picture is the page's largest in the first screen: fetched first, never lazily. */
  priority?: boolean;
  className?: string;
}

/**
 * The picture's intrinsic size when the CMS gives it, or the aspect ratio (width / height) of
 * the frame the layout shows it in: either way the browser reserves its room before it loads.
 */
export type CmsImageProps = CmsImageBase &
  ({ width: number; height: number; aspectRatio?: never } | { width?: never; height?: never; aspectRatio: number });

/** The width and height attributes of a picture shown in a frame of aspectRatio: its proportions are what counts. */
const FRAME_WIDTH = 1600;

/**
 * A picture of the CMS's media library, offered at the widths the BFF makes (cms-image-url.ts)
 * up to its own, with its size reserved (no layout shift), decoded off the main thread, and lazy
 * unless it is the page's priority picture.
 */
export function CmsImage({ src, alt, sizes, focalPoint, priority = false, className, ...size }: CmsImageProps) {
  const width = size.width ?? FRAME_WIDTH;
  const height = size.height ?? Math.round(FRAME_WIDTH / size.aspectRatio);
  const variants = hasVariants(src);
  const widths = variantWidths(size.width);
  // The src for browsers without srcset: the variant nearest 960 (a desktop column), within the master.
  const fallback = widths.filter((w) => w <= 960).pop() ?? widths[0];
  const style: CSSProperties | undefined = focalPoint ? { objectPosition: objectPosition(focalPoint) } : undefined;
  return (
    <img
      src={variants && fallback ? variantUrl(src, fallback) : src}
      srcSet={variants ? variantSrcSet(src, size.width) : undefined}
      sizes={variants ? sizes : undefined}
      width={width}
      height={height}
      alt={alt}
      decoding="async"
      loading={priority ? undefined : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      className={className}
      style={style}
    />
  );
}

/** The object-position of a focal point, each coordinate clamped to 0–100 %. */
export function objectPosition({ x, y }: FocalPoint): string {
  const pct = (v: number) => `${Math.round(Math.min(1, Math.max(0, Number.isFinite(v) ? v : 0.5)) * 1000) / 10}%`;
  return `${pct(x)} ${pct(y)}`;
}
