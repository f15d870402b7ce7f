#!/usr/bin/env node
// Generates the committed static images for the web app (template covers, placeholders, testimonial
// avatars, logo, favicon and integration wordmarks), then their AVIF and WebP variants
// (scripts/image-variants.mjs). Not part of the build: run it by hand after changing the seed templates or
// testimonials, then commit the output.
//
//   node scripts/generate-images.mjs            # uses ImageMagick found on PATH (magick or convert)
//   IM_CONVERT=/usr/bin/convert node scripts/generate-images.mjs
//   IM_FONT_BOLD=/path/to/Bold.ttf IM_FONT=/path/to/Regular.ttf node scripts/generate-images.mjs
//
// Requirements: ImageMagick 6.9+ or 7 (apt-get install imagemagick) and the repo's `typescript`
// dev dependency (used to read the testimonials' .ts data file).

import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const PUBLIC = join(ROOT, 'apps/web/public');
const IMAGES = join(PUBLIC, 'images');
const TEMPLATES_DIR = join(ROOT, 'apps/server/src/db/seed-data/templates');
const TESTIMONIALS_TS = join(ROOT, 'apps/web/src/features/marketing/testimonials-data.ts');

const COVER = { w: 640, h: 400, maxBytes: 35 * 1024 };
const AVATAR = { size: 160, maxBytes: 12 * 1024 };

const BRAND = {
  indigo: '#4F46E5',
  slate: '#0F172A',
};

// Gradient pairs (light corner -> dark corner), all dark enough for white text.
const PALETTES = [
  { name: 'indigo', from: '#4F46E5', to: '#312E81', bar: '#FCD34D' },
  { name: 'teal', from: '#0EA5A4', to: '#134E4A', bar: '#FDE68A' },
  { name: 'amber', from: '#D97706', to: '#7C2D12', bar: '#FFFFFF' },
  { name: 'rose', from: '#E11D48', to: '#6B2140', bar: '#FDE68A' },
  { name: 'slate', from: '#475569', to: '#0F172A', bar: '#5EEAD4' },
  { name: 'violet', from: '#7C3AED', to: '#3B0764', bar: '#FCD34D' },
  { name: 'sky', from: '#0284C7', to: '#1E3A8A', bar: '#FDE68A' },
  { name: 'emerald', from: '#059669', to: '#064E3B', bar: '#FDE68A' },
  { name: 'cyan', from: '#0891B2', to: '#1E3A5F', bar: '#FCD34D' },
  { name: 'fuchsia', from: '#C026D3', to: '#4A044E', bar: '#FDE68A' },
  { name: 'orange', from: '#EA580C', to: '#881337', bar: '#FFFFFF' },
  { name: 'blue', from: '#2563EB', to: '#1E1B4B', bar: '#5EEAD4' },
];

// ---------------------------------------------------------------------------------------------
// ImageMagick helpers

function findConvert() {
  const candidates = [process.env.IM_CONVERT, 'magick', 'convert', '/usr/bin/convert'].filter(Boolean);
  for (const cmd of candidates) {
    try {
      const out = execFileSync(cmd, ['-version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
      if (/Version: ImageMagick/.test(out)) return cmd;
    } catch {
      // try the next candidate
    }
  }
  throw new Error('ImageMagick not found. Install it (apt-get install -y imagemagick) or set IM_CONVERT.');
}

const CONVERT = findConvert();

function im(args) {
  return execFileSync(CONVERT, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

function pickFont(envName, candidates) {
  if (process.env[envName]) return process.env[envName];
  const list = im(['-list', 'font']);
  for (const c of candidates) {
    if (list.includes(`Font: ${c}\n`)) return c;
  }
  throw new Error(`No usable font found; set ${envName} to a .ttf file path.`);
}

const FONT_BOLD = pickFont('IM_FONT_BOLD', [
  'DejaVu-Sans-Bold',
  'Liberation-Sans-Bold',
  'Helvetica-Bold',
  'Arial-Bold',
]);
const FONT = pickFont('IM_FONT', ['DejaVu-Sans', 'Liberation-Sans', 'Helvetica', 'Arial']);

const widthCache = new Map();
/** Rendered width in pixels of `text` at `size` points with `font`. */
function textWidth(text, size, font = FONT_BOLD) {
  const key = `${font}|${size}|${text}`;
  if (!widthCache.has(key)) {
    // Escape a leading '@' so ImageMagick does not read the text from a file.
    const safe = text.replace(/^@/, '\\@');
    widthCache.set(
      key,
      Number(im(['-font', font, '-pointsize', String(size), `label:${safe}`, '-format', '%w', 'info:'])),
    );
  }
  return widthCache.get(key);
}

const WEAK_LINE_ENDS = new Set(['a', 'an', 'and', 'the', 'to', 'of', 'for', '&']);

/**
 * Balanced word wrap: the fewest lines that fit `maxWidth`, then the split with the narrowest longest line
 * (ties: most even). A number stays with the next word, and lines do not end on 'and', 'the', 'of', etc.
 */
function wrap(text, size, maxWidth, font = FONT_BOLD) {
  const words = [];
  for (const w of text.split(/\s+/)) {
    const prev = words[words.length - 1];
    if (prev !== undefined && /^\d+$/.test(prev)) words[words.length - 1] = `${prev} ${w}`;
    else words.push(w);
  }
  let best = null;
  const search = (start, lines) => {
    if (start === words.length) {
      const widths = lines.map((l) => textWidth(l, size, font));
      const max = Math.max(...widths);
      const spread = max - Math.min(...widths);
      const score = [lines.length, Math.round(max / 8), spread];
      if (!best || compare(score, best.score) < 0) best = { score, lines: [...lines] };
      return;
    }
    for (let end = start + 1; end <= words.length; end++) {
      const line = words.slice(start, end).join(' ');
      if (end > start + 1 && textWidth(line, size, font) > maxWidth) break;
      const last = words[end - 1].toLowerCase();
      if (end < words.length && WEAK_LINE_ENDS.has(last)) continue;
      search(end, [...lines, line]);
    }
  };
  search(0, []);
  return best.lines;
}

function compare(a, b) {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}

/** ImageMagick -annotate interprets '%' escapes and backslashes; neutralise them. */
const imText = (s) => s.replace(/\\/g, '\\\\').replace(/%/g, '%%');

const rgba = (hex, alpha) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgba(${(n >> 16) & 255},${(n >> 8) & 255},${n & 255},${alpha})`;
};

/** Writes a progressive JPEG, lowering quality if needed to stay under maxBytes. */
function writeJpeg(args, out, maxBytes, quality = 70) {
  mkdirSync(dirname(out), { recursive: true });
  for (let q = quality; q >= 40; q -= 5) {
    im([...args, '-strip', '-sampling-factor', '4:2:0', '-interlace', 'Plane', '-quality', String(q), `jpeg:${out}`]);
    const size = statSync(out).size;
    if (size <= maxBytes) return { out, size, quality: q };
  }
  throw new Error(`${out} is still larger than ${maxBytes} bytes at quality 40`);
}

/** Small deterministic PRNG so each cover's motif is stable between runs. */
function seeded(str) {
  let h = 2166136261;
  for (const ch of str) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return () => {
    h += 0x6d2b79f5;
    let t = h;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---------------------------------------------------------------------------------------------
// Data files (TypeScript) -> plain objects

async function loadTs(file) {
  let tsImport;
  try {
    ({ tsImport } = await import('tsx/esm/api'));
  } catch {
    throw new Error('The `tsx` package is needed to read the data files; run npm install at the repo root.');
  }
  return tsImport(pathToFileURL(file).href, import.meta.url);
}

// ---------------------------------------------------------------------------------------------
// Drawing pieces

/** Small white "checked calendar" glyph used as the brand mark on covers. */
function brandGlyphDraw(x, y, s, color, alpha) {
  const r = Math.round(s * 0.22);
  return [
    '-fill',
    rgba(color, alpha),
    '-stroke',
    'none',
    '-draw',
    `roundrectangle ${x},${y} ${x + s},${y + s} ${r},${r}`,
    '-fill',
    'none',
    '-stroke',
    rgba('#0F172A', 0.55),
    '-strokewidth',
    String(Math.max(2, Math.round(s / 8))),
    '-draw',
    `polyline ${x + s * 0.26},${y + s * 0.52} ${x + s * 0.44},${y + s * 0.7} ${x + s * 0.76},${y + s * 0.34}`,
    '-stroke',
    'none',
  ];
}

/** A spreadsheet/Gantt panel peeking in from the bottom of the cover. */
function sheetDraw(rand, palette) {
  const x0 = 48;
  const x1 = COVER.w - 48;
  const y0 = 286;
  const rowH = 26;
  const nameCol = 190;
  const weeks = 6;
  const colW = (x1 - x0 - nameCol) / weeks;
  const line = rgba('#FFFFFF', 0.24);
  const args = [
    '-stroke',
    rgba('#FFFFFF', 0.3),
    '-strokewidth',
    '1',
    '-fill',
    rgba('#FFFFFF', 0.1),
    '-draw',
    `roundrectangle ${x0},${y0} ${x1},${COVER.h + 20} 10,10`,
    '-stroke',
    'none',
    '-fill',
    rgba('#FFFFFF', 0.12),
    '-draw',
    `rectangle ${x0 + 1},${y0 + 1} ${x1 - 1},${y0 + rowH}`,
    '-stroke',
    line,
  ];
  for (let y = y0 + rowH; y < COVER.h; y += rowH) args.push('-draw', `line ${x0},${y} ${x1},${y}`);
  for (let i = 0; i < weeks; i++) {
    const x = Math.round(x0 + nameCol + i * colW);
    args.push('-draw', `line ${x},${y0} ${x},${COVER.h}`);
  }
  args.push('-stroke', 'none');
  // header: a label bar plus W1..W6
  args.push('-fill', rgba('#FFFFFF', 0.6), '-draw', `roundrectangle ${x0 + 14},${y0 + 10} ${x0 + 84},${y0 + 16} 3,3`);
  args.push('-font', FONT_BOLD, '-pointsize', '11', '-fill', rgba('#FFFFFF', 0.75));
  for (let i = 0; i < weeks; i++) {
    const x = Math.round(x0 + nameCol + i * colW + colW / 2 - 8);
    args.push('-annotate', `+${x}+${y0 + 18}`, `W${i + 1}`);
  }
  // task rows: a name bar and a Gantt bar that moves right as the plan progresses
  let start = 0;
  for (let y = y0 + rowH; y < COVER.h; y += rowH) {
    const nameLen = 60 + Math.round(rand() * 90);
    args.push(
      '-fill',
      rgba('#FFFFFF', 0.5),
      '-draw',
      `roundrectangle ${x0 + 14},${y + 10} ${x0 + 14 + nameLen},${y + 16} 3,3`,
    );
    const len = 1 + Math.floor(rand() * 2.5);
    const s = Math.min(start, weeks - len);
    const bx0 = Math.round(x0 + nameCol + s * colW + 6);
    const bx1 = Math.round(x0 + nameCol + (s + len) * colW - 6);
    args.push('-fill', rgba(palette.bar, 0.85), '-draw', `roundrectangle ${bx0},${y + 7} ${bx1},${y + 19} 6,6`);
    start += 1 + (rand() < 0.35 ? 1 : 0);
  }
  return args;
}

function templateCover(t, index) {
  const palette = PALETTES[index % PALETTES.length];
  const rand = seeded(t.slug);
  const margin = 48;
  const maxTextW = COVER.w - margin * 2;

  // title size: largest size that wraps to at most 3 lines
  let size = 46;
  let lines = wrap(t.product_name, size, maxTextW);
  while (lines.length > 3 && size > 30) {
    size -= 2;
    lines = wrap(t.product_name, size, maxTextW);
  }
  const lineH = Math.round(size * 1.18);

  const label = t.category.toUpperCase();
  const labelSize = 12;
  const labelW = textWidth(label, labelSize) + 28;

  const args = [
    '-size',
    `${COVER.w}x${COVER.h}`,
    '-define',
    'gradient:angle=135',
    `gradient:${palette.from}-${palette.to}`,
    // soft light blob for depth
    '-fill',
    rgba('#FFFFFF', 0.06),
    '-draw',
    `circle ${COVER.w - 70},60 ${COVER.w + 90},60`,
    // faint background grid
    '-stroke',
    rgba('#FFFFFF', 0.05),
    '-strokewidth',
    '1',
  ];
  for (let x = 32; x < COVER.w; x += 32) args.push('-draw', `line ${x},0 ${x},${COVER.h}`);
  for (let y = 32; y < COVER.h; y += 32) args.push('-draw', `line 0,${y} ${COVER.w},${y}`);
  args.push('-stroke', 'none');

  // category pill
  const pillY = 40;
  args.push(
    '-fill',
    rgba('#FFFFFF', 0.18),
    '-draw',
    `roundrectangle ${margin},${pillY} ${margin + labelW},${pillY + 28} 14,14`,
    '-font',
    FONT_BOLD,
    '-pointsize',
    String(labelSize),
    '-fill',
    '#FFFFFF',
    '-annotate',
    `+${margin + 14}+${pillY + 19}`,
    imText(label),
  );

  // title, vertically centred between the pill and the sheet panel
  const areaTop = pillY + 28;
  const areaBottom = 280;
  const blockH = lineH * (lines.length - 1) + size;
  let baseline = Math.round(areaTop + (areaBottom - areaTop - blockH) / 2 + size * 0.92);
  args.push('-font', FONT_BOLD, '-pointsize', String(size), '-fill', '#FFFFFF');
  for (const l of lines) {
    args.push('-annotate', `+${margin - 2}+${baseline}`, imText(l));
    baseline += lineH;
  }

  args.push(...sheetDraw(rand, palette));

  // brand mark, top right
  const brand = 'Digital Project Planner';
  const brandSize = 12;
  const brandW = textWidth(brand, brandSize, FONT);
  const bx = COVER.w - margin - brandW;
  args.push(...brandGlyphDraw(bx - 24, pillY + 5, 18, '#FFFFFF', 0.85));
  args.push(
    '-font',
    FONT,
    '-pointsize',
    String(brandSize),
    '-fill',
    rgba('#FFFFFF', 0.85),
    '-annotate',
    `+${bx}+${pillY + 19}`,
    brand,
  );

  return writeJpeg(args, join(IMAGES, 'templates', `${t.slug}.jpeg`), COVER.maxBytes);
}

function defaultSpreadsheet() {
  const { w, h } = COVER;
  const rowH = 28;
  const rows = 7;
  const cx0 = 96;
  const cx1 = w - 96;
  const cy0 = 48;
  const gy0 = cy0 + 40; // grid top (under the title bar)
  const cy1 = gy0 + rowH * (rows + 1); // header row + task rows
  const numW = 36;
  const nameW = 160;
  const weeks = 4;
  const colW = (cx1 - cx0 - numW - nameW) / weeks;
  const colX = [cx0 + numW, cx0 + numW + nameW];
  for (let i = 1; i <= weeks; i++) colX.push(Math.round(cx0 + numW + nameW + i * colW));
  const args = [
    '-size',
    `${w}x${h}`,
    '-define',
    'gradient:angle=135',
    'gradient:#F1F5F9-#CBD5E1',
    // shadow + card
    '-fill',
    rgba('#0F172A', 0.08),
    '-draw',
    `roundrectangle ${cx0 + 4},${cy0 + 8} ${cx1 + 4},${cy1 + 8} 12,12`,
    '-fill',
    '#FFFFFF',
    '-draw',
    `roundrectangle ${cx0},${cy0} ${cx1},${cy1} 12,12`,
    // title bar with a "file name" and a tab
    '-fill',
    '#0EA5A4',
    '-draw',
    `roundrectangle ${cx0},${cy0} ${cx1},${gy0} 12,12`,
    '-draw',
    `rectangle ${cx0},${cy0 + 20} ${cx1},${gy0}`,
    '-fill',
    rgba('#FFFFFF', 0.9),
    '-draw',
    `roundrectangle ${cx0 + 18},${cy0 + 16} ${cx0 + 130},${cy0 + 24} 4,4`,
    '-fill',
    rgba('#FFFFFF', 0.5),
    '-draw',
    `roundrectangle ${cx1 - 70},${cy0 + 16} ${cx1 - 18},${cy0 + 24} 4,4`,
    // column header row and row-number column
    '-fill',
    '#F1F5F9',
    '-draw',
    `rectangle ${cx0},${gy0} ${cx1},${gy0 + rowH}`,
    '-draw',
    `rectangle ${cx0},${gy0} ${cx0 + numW},${cy1 - 12}`,
    '-draw',
    `roundrectangle ${cx0},${cy1 - 24} ${cx0 + numW + 12},${cy1} 12,12`,
    '-fill',
    '#FFFFFF',
    '-draw',
    `rectangle ${cx0 + numW + 1},${cy1 - 24} ${cx0 + numW + 12},${cy1}`,
    '-stroke',
    '#E2E8F0',
    '-strokewidth',
    '1',
  ];
  for (let r = 1; r <= rows; r++) args.push('-draw', `line ${cx0},${gy0 + r * rowH} ${cx1},${gy0 + r * rowH}`);
  for (const x of colX.slice(0, -1)) args.push('-draw', `line ${x},${gy0} ${x},${cy1}`);
  args.push('-stroke', 'none', '-font', FONT_BOLD, '-pointsize', '12', '-fill', '#64748B');
  'ABCDE'.split('').forEach((letter, i) => {
    const mid = (colX[i] + colX[i + 1]) / 2;
    args.push('-annotate', `+${Math.round(mid - 4)}+${gy0 + 19}`, letter);
  });
  const rand = seeded('default-spreadsheet');
  const colors = ['#4F46E5', '#0EA5A4', '#F59E0B'];
  let start = 0;
  for (let r = 1; r <= rows; r++) {
    const y = gy0 + r * rowH;
    args.push('-fill', '#94A3B8', '-annotate', `+${cx0 + 14}+${y + 19}`, String(r));
    const nameLen = 50 + Math.round(rand() * 80);
    args.push(
      '-fill',
      '#CBD5E1',
      '-draw',
      `roundrectangle ${colX[0] + 12},${y + 11} ${colX[0] + nameLen},${y + 17} 3,3`,
    );
    const len = 1 + Math.floor(rand() * 2);
    const s = Math.min(start, weeks - len);
    args.push(
      '-fill',
      colors[r % colors.length],
      '-draw',
      `roundrectangle ${colX[1 + s] + 6},${y + 8} ${colX[1 + s + len] - 6},${y + 20} 6,6`,
    );
    if (rand() < 0.55) start = Math.min(start + 1, weeks - 1);
  }
  args.push(
    '-font',
    FONT_BOLD,
    '-pointsize',
    '17',
    '-fill',
    '#475569',
    '-gravity',
    'south',
    '-annotate',
    '+0+40',
    'Project Plan Spreadsheet',
  );
  return writeJpeg(args, join(IMAGES, 'default-spreadsheet.jpeg'), COVER.maxBytes);
}

function noFile() {
  const { w, h } = COVER;
  const dx0 = w / 2 - 48;
  const dy0 = 84;
  const dx1 = w / 2 + 48;
  const dy1 = 208;
  const fold = 26;
  const args = [
    '-size',
    `${w}x${h}`,
    '-define',
    'gradient:angle=135',
    'gradient:#E5E7EB-#CBD5E1',
    // document outline with folded corner
    '-fill',
    '#F3F4F6',
    '-stroke',
    '#9CA3AF',
    '-strokewidth',
    '4',
    '-draw',
    `polygon ${dx0},${dy0} ${dx1 - fold},${dy0} ${dx1},${dy0 + fold} ${dx1},${dy1} ${dx0},${dy1}`,
    '-fill',
    '#E5E7EB',
    '-draw',
    `polygon ${dx1 - fold},${dy0} ${dx1 - fold},${dy0 + fold} ${dx1},${dy0 + fold}`,
    // a few faded "text" lines on the page
    '-stroke',
    'none',
    '-fill',
    '#D1D5DB',
    '-draw',
    `roundrectangle ${dx0 + 16},${dy0 + 44} ${dx1 - 16},${dy0 + 52} 4,4`,
    '-draw',
    `roundrectangle ${dx0 + 16},${dy0 + 64} ${dx1 - 28},${dy0 + 72} 4,4`,
    '-draw',
    `roundrectangle ${dx0 + 16},${dy0 + 84} ${dx1 - 40},${dy0 + 92} 4,4`,
    // "missing" badge on the corner
    '-fill',
    '#9CA3AF',
    '-stroke',
    '#E5E7EB',
    '-strokewidth',
    '4',
    '-draw',
    `circle ${dx1},${dy1} ${dx1 + 22},${dy1}`,
    '-stroke',
    '#FFFFFF',
    '-strokewidth',
    '4',
    '-draw',
    `line ${dx1 - 8},${dy1 - 8} ${dx1 + 8},${dy1 + 8}`,
    '-draw',
    `line ${dx1 - 8},${dy1 + 8} ${dx1 + 8},${dy1 - 8}`,
    '-stroke',
    'none',
    '-font',
    FONT_BOLD,
    '-pointsize',
    '40',
    '-fill',
    '#6B7280',
    '-gravity',
    'north',
    '-annotate',
    '+0+248',
    'No File',
    '-font',
    FONT,
    '-pointsize',
    '16',
    '-fill',
    '#6B7280',
    '-annotate',
    '+0+304',
    'No image has been uploaded for this template',
  ];
  return writeJpeg(args, join(IMAGES, 'no-file.jpeg'), COVER.maxBytes);
}

function avatar(t, index) {
  const palette = PALETTES[(index * 3 + 1) % PALETTES.length];
  const initials = t.name
    .split(/\s+/)
    .filter(Boolean)
    .map((p) => p[0].toUpperCase())
    .slice(0, 2)
    .join('');
  const s = AVATAR.size;
  const args = [
    '-size',
    `${s}x${s}`,
    '-define',
    'gradient:angle=135',
    `gradient:${palette.from}-${palette.to}`,
    '(',
    '-size',
    `${s}x${s}`,
    'xc:black',
    '-fill',
    'white',
    '-draw',
    `roundrectangle 0,0 ${s - 1},${s - 1} 56,56`,
    ')',
    '-alpha',
    'off',
    '-compose',
    'CopyOpacity',
    '-composite',
    '-background',
    'white',
    '-compose',
    'over',
    '-flatten',
    '-font',
    FONT_BOLD,
    '-pointsize',
    '58',
    '-fill',
    '#FFFFFF',
    '-gravity',
    'center',
    '-annotate',
    '+0+2',
    initials,
  ];
  const file = t.image.split('/').pop();
  return writeJpeg(args, join(IMAGES, 'testimonials', file), AVATAR.maxBytes, 75);
}

// ---------------------------------------------------------------------------------------------
// SVGs

const FONT_STACK = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";

/** The brand glyph: an indigo calendar page with a check mark, drawn in a 36x36 box. */
const glyphSvg = (x = 0, y = 0) => `<g transform="translate(${x} ${y})">
    <rect x="9" y="1" width="4" height="9" rx="2" fill="#312E81"/>
    <rect x="23" y="1" width="4" height="9" rx="2" fill="#312E81"/>
    <rect x="2" y="5" width="32" height="31" rx="7" fill="${BRAND.indigo}"/>
    <rect x="2" y="12" width="32" height="3" fill="#FFFFFF" fill-opacity="0.35"/>
    <path d="M10.5 25.5l5 5 10-11" fill="none" stroke="#FFFFFF" stroke-width="3.5"
      stroke-linecap="round" stroke-linejoin="round"/>
  </g>`;

function writeText(file, content) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
  return { out: file, size: statSync(file).size };
}

function logoSvg() {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="236" height="40" viewBox="0 0 236 40"
  role="img" aria-labelledby="dpp-logo-title">
  <title id="dpp-logo-title">Digital Project Planner</title>
  ${glyphSvg(0, 1)}
  <text x="43" y="26" fill="${BRAND.slate}" font-family="${FONT_STACK}" font-size="15"
    font-weight="700">Digital Project Planner</text>
</svg>
`;
}

function faviconSvg() {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="36" height="36" viewBox="0 0 36 36">
  ${glyphSvg(0, 0)}
</svg>
`;
}

/** Neutral, generic wordmarks: a simple coloured shape plus the product name in plain text. */
function toolSvg(name, color, shape) {
  const shapes = {
    dot: `<circle cx="12" cy="20" r="8" fill="${color}"/>`,
    square: `<rect x="4" y="12" width="16" height="16" rx="4" fill="${color}"/>`,
    pill: `<rect x="2" y="14" width="20" height="12" rx="6" fill="${color}"/>`,
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="140" height="40" viewBox="0 0 140 40"
  role="img" aria-label="${name}">
  ${shapes[shape]}
  <text x="28" y="25.5" fill="#334155" font-family="${FONT_STACK}" font-size="15"
    font-weight="600">${name}</text>
</svg>
`;
}

// ---------------------------------------------------------------------------------------------

async function main() {
  // The catalogue's files in the order its index lists them (the server checks them; this only reads them).
  const SEED_TEMPLATES = JSON.parse(readFileSync(join(TEMPLATES_DIR, 'index.json'), 'utf8')).map((slug) =>
    JSON.parse(readFileSync(join(TEMPLATES_DIR, `${slug}.json`), 'utf8')),
  );
  const { TESTIMONIALS } = await loadTs(TESTIMONIALS_TS);
  const results = [];

  let coverIndex = 0;
  for (const t of SEED_TEMPLATES) {
    const image = t.links.find((l) => l.type === 'IMAGE_LINK');
    if (!image?.link) continue; // empty IMAGE_LINK exercises the default-image rule
    if (image.link !== t.slug) throw new Error(`${t.slug}: IMAGE_LINK should equal the slug`);
    results.push(templateCover(t, coverIndex++));
  }
  results.push(defaultSpreadsheet());
  results.push(noFile());
  TESTIMONIALS.forEach((t, i) => {
    results.push(avatar(t, i));
  });

  results.push(writeText(join(IMAGES, 'logo.svg'), logoSvg()));
  results.push(writeText(join(PUBLIC, 'favicon.svg'), faviconSvg()));
  results.push(writeText(join(IMAGES, 'tools/asana.svg'), toolSvg('Asana', '#F06A6A', 'dot')));
  results.push(writeText(join(IMAGES, 'tools/clickup.svg'), toolSvg('ClickUp', '#7B68EE', 'square')));
  results.push(writeText(join(IMAGES, 'tools/monday.svg'), toolSvg('monday.com', '#FFB020', 'pill')));

  for (const r of results) {
    const q = r.quality ? ` q${r.quality}` : '';
    console.log(`${String(r.size).padStart(7)} B${q.padEnd(4)}  ${r.out.slice(ROOT.length + 1)}`);
  }
  execFileSync(process.execPath, [join(ROOT, 'scripts/image-variants.mjs')], { stdio: 'inherit' });
}

main().catch((err) => {
  console.error(err.message ?? err);
  process.exit(1);
});
