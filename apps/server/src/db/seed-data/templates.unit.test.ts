import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  loadSeedTemplates,
  SEED_TEMPLATES,
  SEED_TEMPLATES_FOLDER,
  SEED_TEMPLATES_INDEX,
  type SeedTemplate,
} from './templates';

const FIRST = 'project-planning-made-easy-with-5-simple-principles';
/** A change an editor might make to a template's file, by mistake. */
type Edit = (template: SeedTemplate) => void;

describe('the seed catalogue', () => {
  it('reads every template file, in the order the index lists them', () => {
    const files = readdirSync(SEED_TEMPLATES_FOLDER).filter((f) => f.endsWith('.json') && f !== SEED_TEMPLATES_INDEX);
    const index: string[] = JSON.parse(readFileSync(join(SEED_TEMPLATES_FOLDER, SEED_TEMPLATES_INDEX), 'utf8'));
    expect(SEED_TEMPLATES.map((t) => t.slug)).toEqual(index);
    expect(SEED_TEMPLATES).toHaveLength(files.length);
    expect(files.length).toBeGreaterThanOrEqual(18);
    expect(SEED_TEMPLATES[0]?.slug).toBe(FIRST);
  });

  it('holds a plan in each of its active templates', () => {
    for (const template of SEED_TEMPLATES.filter((t) => t.active)) {
      expect(template.plan.sections.length, template.slug).toBeGreaterThan(0);
    }
  });
});

describe('a broken catalogue', () => {
  let folder: string;
  const path = (slug: string) => join(folder, `${slug}.json`);
  const read = (slug: string): SeedTemplate => JSON.parse(readFileSync(path(slug), 'utf8'));
  const write = (slug: string, data: unknown) => writeFileSync(path(slug), JSON.stringify(data, null, 2));
  /** The first template, changed by `edit`. */
  const change = (edit: Edit) => {
    const template = read(FIRST);
    edit(template);
    write(FIRST, template);
  };

  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'seed-templates-'));
    cpSync(SEED_TEMPLATES_FOLDER, folder, { recursive: true });
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('is read as it is when nothing is wrong', () => {
    expect(loadSeedTemplates(folder)).toEqual(SEED_TEMPLATES);
  });

  it('refuses a file that is not JSON, naming it', () => {
    writeFileSync(path(FIRST), '{ "slug": "x", }');
    expect(() => loadSeedTemplates(folder)).toThrow(`Seed catalogue: ${path(FIRST)}: `);
    expect(() => loadSeedTemplates(folder)).toThrow(/JSON/);
  });

  it.each<[string, Edit, string]>([
    [
      'a due date in words',
      (t) => Object.assign(t.plan.sections[0]!.tasks[1]!, { due_in_days: 'two' }),
      'plan.sections[0].tasks[1].due_in_days: Invalid input: expected number, received string',
    ],
    [
      'a due date before the start',
      (t) => Object.assign(t.plan.sections[1]!.tasks[0]!, { due_in_days: -1 }),
      'plan.sections[1].tasks[0].due_in_days: Too small',
    ],
    [
      'a misspelt field',
      (t) => Object.assign(t.plan.sections[0]!.tasks[0]!.subtasks[2]!, { descripton: 'x' }),
      'plan.sections[0].tasks[0].subtasks[2]: Unrecognized key: "descripton"',
    ],
    [
      'a field left out',
      (t) => Reflect.deleteProperty(t, 'product_name'),
      'product_name: Invalid input: expected string, received undefined',
    ],
    ['an unknown category', (t) => Object.assign(t, { category: 'Recipes' }), 'category: Invalid option'],
    ['an empty name', (t) => Object.assign(t.plan.sections[2]!, { name: ' ' }), 'plan.sections[2].name: must not be'],
    ['a price on a free template', (t) => Object.assign(t, { price_cents: 1900 }), 'price_cents: must be 0'],
    [
      'a link of an unknown type',
      (t) => Object.assign(t.links[1]!, { type: 'PDF_LINK' }),
      'links[1].type: Invalid option',
    ],
    [
      'a cover named otherwise than the slug',
      (t) => Object.assign(t.links[0]!, { link: 'another-cover' }),
      'links[0].link: must be the slug or empty',
    ],
    [
      'a tag the overview may not hold',
      (t) => Object.assign(t, { overview: `${t.overview}<p onclick="x()">Hi</p>` }),
      'overview: may hold only <p>, <h3>, <ul>, <li> and <strong>',
    ],
    [
      'a slug that is not the file name',
      (t) => {
        // Renamed inside, cover and all, but not the file.
        Object.assign(t, { slug: 'another-slug' });
        Object.assign(t.links[0]!, { link: 'another-slug' });
      },
      `slug: must be the file's name, "${FIRST}"`,
    ],
  ])('refuses %s, naming the file and the field', (_, edit, message) => {
    change(edit);
    expect(() => loadSeedTemplates(folder)).toThrow(`Seed catalogue: ${path(FIRST)} is not valid:\n  ${message}`);
  });

  it('lists every field that is wrong, not only the first', () => {
    change((t) => Object.assign(t, { active: 'yes', free: 1 }));
    expect(() => loadSeedTemplates(folder)).toThrow(/ {2}active: .*\n {2}free: /);
  });

  it('refuses a template file the index does not list', () => {
    write('a-new-template', { ...read(FIRST), slug: 'a-new-template' });
    expect(() => loadSeedTemplates(folder)).toThrow(`not listed in index.json: a-new-template.json`);
  });

  it('refuses an index that lists a template without a file', () => {
    rmSync(path(FIRST));
    expect(() => loadSeedTemplates(folder)).toThrow(`listed in index.json but missing: ${FIRST}.json`);
  });

  it('refuses an index that lists a template twice', () => {
    const index: string[] = JSON.parse(readFileSync(join(folder, SEED_TEMPLATES_INDEX), 'utf8'));
    writeFileSync(join(folder, SEED_TEMPLATES_INDEX), JSON.stringify([...index, FIRST]));
    expect(() => loadSeedTemplates(folder)).toThrow(`index.json is not valid:\n  (the whole file): lists a slug more`);
  });
});
