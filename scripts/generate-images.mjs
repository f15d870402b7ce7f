#!/usr/bin/env node
// Generates the committed static images for the web app (template covers, placeholders, testimonial
// avatars, logo, favicon and integration wordmarks). Not part of the build: run it by hand after
// changing the seed templates or testimonials, then commit the output.
//
//   node scripts/generate-images.mjs            # uses ImageMagick found on PATH (magick or convert)
//   IM_CONVERT=/usr/bin/convert node scripts/generate-images.mjs
//   IM_FONT_BOLD=/path/to/Bold.ttf IM_FONT=/path/to/Regular.ttf node scripts/generate-images.mjs
//
// Requirements: ImageMagick 6.9+ or 7 (apt-get install imagemagick) and the repo's `typescript`
// dev dependency (used to read the .ts data files).

import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const PUBLIC = join(ROOT, 'apps/web/public');
const IMAGES = join(PUBLIC, 'images');
const TEMPLATES_TS = join(ROOT, 'apps/server/src/db/seed-data/templates.ts');
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

/** Greedy word wrap to `maxWidth`; returns the lines. */
function wrap(text, size, maxWidth, font = FONT_BOLD) {
  const lines = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && textWidth(candidate, size, font) > maxWidth) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
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
  let ts;
  try {
    ts = (await import('typescript')).default;
  } catch {
    throw new Error('The `typescript` package is needed to read the data files; run npm install at the repo root.');
  }
  const js = ts.transpileModule(readFileSync(file, 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  return import(`data:text/javascript;base64,${Buffer.from(js).toString('base64')}`);
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
  for (let row = 0, y = y0 + rowH; y < COVER.h; row++, y += rowH) {
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
  const cx0 = 96;
  const cy0 = 52;
  const cx1 = w - 96;
  const cy1 = 324;
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
    `roundrectangle ${cx0 + 4},${cy0 + 8} ${cx1 + 4},${cy1 + 8} 14,14`,
    '-fill',
    '#FFFFFF',
    '-draw',
    `roundrectangle ${cx0},${cy0} ${cx1},${cy1} 14,14`,
    // title bar
    '-fill',
    '#0EA5A4',
    '-draw',
    `roundrectangle ${cx0},${cy0} ${cx1},${cy0 + 40} 14,14`,
    '-draw',
    `rectangle ${cx0},${cy0 + 20} ${cx1},${cy0 + 40}`,
    '-fill',
    rgba('#FFFFFF', 0.9),
    '-draw',
    `roundrectangle ${cx0 + 18},${cy0 + 16} ${cx0 + 130},${cy0 + 24} 4,4`,
    '-fill',
    rgba('#FFFFFF', 0.5),
    '-draw',
    `roundrectangle ${cx1 - 70},${cy0 + 16} ${cx1 - 18},${cy0 + 24} 4,4`,
  ];
  // column header row and row-number column
  const gx0 = cx0;
  const gy0 = cy0 + 40;
  const rowH = 28;
  const numW = 36;
  const cols = [150, 66, 66, 66, 66];
  args.push('-fill', '#F1F5F9', '-draw', `rectangle ${gx0},${gy0} ${cx1},${gy0 + rowH}`);
  args.push('-draw', `rectangle ${gx0},${gy0} ${gx0 + numW},${cy1 - 14}`);
  args.push('-fill', '#F1F5F9', '-draw', `roundrectangle ${gx0},${cy1 - 28} ${gx0 + numW},${cy1} 14,14`);
  args.push('-stroke', '#E2E8F0', '-strokewidth', '1');
  for (let y = gy0 + rowH; y < cy1 - 4; y += rowH) args.push('-draw', `line ${gx0},${y} ${cx1},${y}`);
  let x = gx0 + numW;
  const colX = [];
  for (const cw of cols) {
    colX.push(x);
    args.push('-draw', `line ${x},${gy0} ${x},${cy1}`);
    x += cw;
  }
  colX.push(x);
  args.push('-draw', `line ${x},${gy0} ${x},${cy1}`);
  args.push('-stroke', 'none', '-font', FONT_BOLD, '-pointsize', '12', '-fill', '#64748B');
  'ABCDEF'.split('').forEach((letter, i) => {
    const mid = i < cols.length ? colX[i] + cols[i] / 2 : (colX[i] + cx1) / 2;
    args.push('-annotate', `+${Math.round(mid - 4)}+${gy0 + 19}`, letter);
  });
  const rand = seeded('default-spreadsheet');
  let row = 1;
  let start = 0;
  for (let y = gy0 + rowH; y + rowH <= cy1 - 4; y += rowH, row++) {
    args.push('-fill', '#94A3B8', '-annotate', `+${gx0 + (row < 10 ? 14 : 10)}+${y + 19}`, String(row));
    args.push(
      '-fill',
      '#CBD5E1',
      '-draw',
      `roundrectangle ${colX[0] + 12},${y + 11} ${colX[0] + 40 + Math.round(rand() * 90)},${y + 17} 3,3`,
    );
    const len = 1 + Math.floor(rand() * 2);
    const s = Math.min(start, 5 - len);
    const color = row % 3 === 0 ? '#F59E0B' : row % 3 === 1 ? '#4F46E5' : '#0EA5A4';
    args.push(
      '-fill',
      color,
      '-draw',
      `roundrectangle ${colX[1 + s] + 6},${y + 8} ${colX[1 + s + len] - 6},${y + 20} 6,6`,
    );
    start += rand() < 0.6 ? 1 : 0;
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
    '+0+34',
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
    // diagonal "missing" slash
    '-stroke',
    '#9CA3AF',
    '-strokewidth',
    '6',
    '-draw',
    `line ${dx0 - 22},${dy1 + 14} ${dx1 + 22},${dy0 - 14}`,
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

const glyphSvg = (x = 0, y = 0) => `<g transform="translate(${x} ${y})">
    <rect x="9" y="1" width="4" height="9" rx="2" fill="#312E81"/>
    <rect x="23" y="1" width="4" height="9" rx="2" fill="#312E81"/>
    <rect x="2" y="5" width="32" height="31" rx="7" fill="${BRAND.indigo}"/>
    <rect x="2" y="12" width="32" height="3" fill="#FFFFFF" fill-opacity="0.35"/>
    <path d="M10.5 25.5l5 5 10-11" fill="none" stroke="#FFFFFF" stroke-width="3.5" stroke-linecap="round" stroke-linejoin="round"/>
  </g>`;

function writeText(file, content) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
  return { out: file, size: statSync(file).size };
}

function logoSvg() {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="236" height="40" viewBox="0 0 236 40" role="img" aria-labelledby="dpp-logo-title">
  <title id="dpp-logo-title">Digital Project Planner</title>
  ${glyphSvg(0, 2)}
  <text x="44" y="27" fill="${BRAND.slate}" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" font-size="17" font-weight="700" textLength="188" lengthAdjust="spacingAndGlyphs">Digital Project <tspan fill="${BRAND.indigo}">Planner</tspan></text>
</svg>
`;
}

function faviconSvg() {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="36" height="38" viewBox="0 0 36 38">
  ${glyphSvg(0, 1)}
</svg>
`;
}

/** Neutral, generic wordmarks: a simple coloured shape plus the product name in plain text. */
function toolSvg(name, color, shape) {
  const shapes = {
    dot: `<circle cx="16" cy="20" r="8" fill="${color}"/>`,
    square: `<rect x="8" y="12" width="16" height="16" rx="4" fill="${color}"/>`,
    pill: `<rect x="6" y="14" width="20" height="12" rx="6" fill="${color}"/>`,
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="140" height="40" viewBox="0 0 140 40" role="img" aria-label="${name}">
  ${shapes[shape]}
  <text x="34" y="26" fill="#334155" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" font-size="17" font-weight="600">${name}</text>
</svg>
`;
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const { SEED_TEMPLATES } = await loadTs(TEMPLATES_TS);
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
}

main().catch((err) => {
  console.error(err.message ?? err);
  process.exit(1);
});
