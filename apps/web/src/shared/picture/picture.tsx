import type { ImgHTMLAttributes } from 'react';
import IMAGE_VARIANTS from './image-variants.json';
import './picture.css';

type PictureProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'alt' | 'width' | 'height'> & {
  src: string;
  /** Empty for a decorative image. */
  alt: string;
  /** The image's own size: the browser reserves its box before it loads (no layout shift). */
  width: number;
  height: number;
  /** How wide the image is drawn, as for `<img sizes>`: the browser picks the smallest variant that fits. */
  sizes: string;
};

/** The widths each built-in image also exists in, as AVIF and WebP (scripts/image-variants.mjs writes the list). */
const VARIANTS: Readonly<Record<string, readonly number[]>> = IMAGE_VARIANTS;

const variantSet = (src: string, widths: readonly number[], format: 'avif' | 'webp') => {
  const base = src.replace(/\.[a-z]+$/, '');
  return widths.map((width) => `${base}-${width}.${format} ${width}w`).join(', ');
};

/**
 * An image in AVIF or WebP where the browser takes them, at the width it draws, and the original otherwise.
 * Only built-in images have the variants; any other (an uploaded cover) is a plain `<img>`.
 */
export function Picture({ src, alt, sizes, ...img }: PictureProps) {
  const widths = VARIANTS[src];
  if (!widths) return <img src={src} alt={alt} {...img} />;
  return (
    <picture className="picture">
      <source type="image/avif" srcSet={variantSet(src, widths, 'avif')} sizes={sizes} />
      <source type="image/webp" srcSet={variantSet(src, widths, 'webp')} sizes={sizes} />
      <img src={src} alt={alt} {...img} />
    </picture>
  );
}
