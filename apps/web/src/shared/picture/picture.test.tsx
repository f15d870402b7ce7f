import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import IMAGE_VARIANTS from './image-variants.json';
import { Picture } from './picture';

describe('Picture', () => {
  it('offers a built-in image as AVIF and WebP at each width it exists in, with the original as the fallback', () => {
    const src = '/images/templates/product-launch-plan.jpeg';
    expect(IMAGE_VARIANTS).toHaveProperty([src]);
    const html = renderToStaticMarkup(<Picture src={src} alt="Cover" width={640} height={400} sizes="50vw" />);
    const base = '/images/templates/product-launch-plan';
    expect(html).toBe(
      '<picture class="picture">' +
        `<source type="image/avif" srcSet="${base}-320.avif 320w, ${base}-640.avif 640w" sizes="50vw"/>` +
        `<source type="image/webp" srcSet="${base}-320.webp 320w, ${base}-640.webp 640w" sizes="50vw"/>` +
        `<img src="${src}" alt="Cover" width="640" height="400"/>` +
        '</picture>',
    );
  });

  it('lists only variants that are in the built app (public/)', () => {
    const publicDir = fileURLToPath(new URL('../../../public', import.meta.url));
    const missing = Object.entries(IMAGE_VARIANTS).flatMap(([src, widths]) =>
      widths.flatMap((width) =>
        ['avif', 'webp']
          .map((format) => src.replace(/\.jpeg$/, `-${width}.${format}`))
          .filter((variant) => !existsSync(publicDir + variant)),
      ),
    );
    expect(Object.keys(IMAGE_VARIANTS).length).toBeGreaterThan(20);
    expect(missing).toEqual([]);
  });

  it('draws any other image (an uploaded cover) as a plain image of its size', () => {
    const html = renderToStaticMarkup(
      <Picture src="/images/templates/uploaded-1.jpeg" alt="" width={640} height={400} sizes="50vw" loading="lazy" />,
    );
    expect(html).toBe('<img src="/images/templates/uploaded-1.jpeg" alt="" width="640" height="400" loading="lazy"/>');
  });
});
