#!/usr/bin/env node
// Writes the AVIF and WebP variants of the web app's built-in raster images, at the widths they are drawn at,
// beside each original (`cover.jpeg` → `cover-320.avif`, `cover-640.webp`, …), and the list of them the
// <Picture> component reads (apps/web/src/shared/picture/image-variants.json). generate-images.mjs runs it
// after drawing the originals; run it alone after changing an image by hand, then commit the output.
//
//   node scripts/image-variants.mjs
//
// sharp (a dev dependency) encodes; the same originals and the same sharp release give the same bytes.

import { readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const PUBLIC = join(ROOT, 'apps/web/public');
const MANIFEST = join(ROOT, 'apps/web/src/shared/picture/image-variants.json');

/** Which originals get variants, and at which widths: the sizes they are drawn at, once and twice over. */
const GROUPS = [
  // Template covers (640 × 400): a card in a column of the grid, or the whole width of a phone.
  { folder: 'images/templates', widths: [320, 640] },
  { folder: 'images', only: ['default-spreadsheet.jpeg', 'no-file.jpeg'], widths: [320, 640] },
  // Testimonial avatars (160 × 160), drawn at 64 px.
  { folder: 'images/testimonials', widths: [80, 160] },
];

/** Quality and effort fixed here: they decide the bytes. Effort buys size at build time, never at run time. */
const ENCODE = {
  avif: (image) => image.avif({ quality: 50, effort: 6 }),
  webp: (image) => image.webp({ quality: 75, effort: 6 }),
};

sharp.cache(false);

const manifest = {};
let total = 0;
for (const { folder, only, widths } of GROUPS) {
  const names = readdirSync(join(PUBLIC, folder))
    .filter((name) => name.endsWith('.jpeg') && (!only || only.includes(name)))
    .sort();
  for (const name of names) {
    const original = join(PUBLIC, folder, name);
    const base = original.slice(0, -'.jpeg'.length);
    for (const width of widths) {
      for (const [format, encode] of Object.entries(ENCODE)) {
        const out = `${base}-${width}.${format}`;
        const { size } = await encode(sharp(original).resize({ width })).toFile(out);
        total += size;
        console.log(`${String(size).padStart(7)} B  ${relative(ROOT, out)}`);
      }
    }
    manifest[`/${folder}/${name}`] = widths;
  }
}

const lines = Object.keys(manifest)
  .sort()
  .map((key) => `  ${JSON.stringify(key)}: [${manifest[key].join(', ')}]`);
writeFileSync(MANIFEST, `{\n${lines.join(',\n')}\n}\n`);
console.log(
  `${Object.keys(manifest).length} images, ${(total / 1024).toFixed(0)} KiB of variants; ${relative(ROOT, MANIFEST)}`,
);
