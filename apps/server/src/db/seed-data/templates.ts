// The demo catalogue of project plan templates, kept as data: one JSON file per template in ./templates/, named
// after its slug, and ./templates/index.json listing the slugs in the order they are seeded (the order gives
// them their ids). Each file is checked against SeedTemplateSchema when it is read, so a mistake in one is
// refused at start with the file and the field it is in. The build copies the folder beside the bundle.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEMPLATE_CATEGORIES, TEMPLATE_LINK_TYPES } from '@dpp/shared';
import { type ZodType, z } from 'zod';

/** The folder of the committed catalogue: src/db/seed-data/templates/, or dist/templates/ beside the bundle. */
export const SEED_TEMPLATES_FOLDER = fileURLToPath(new URL('./templates/', import.meta.url));
/** The file that lists the templates' slugs, in the order they are seeded. */
export const SEED_TEMPLATES_INDEX = 'index.json';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** The overview is simple HTML: these tags, without attributes. */
const OVERVIEW_TAG = /<(?!\/?(?:p|h3|ul|li|strong)>)[^>]*>/;

const SlugSchema = z.string().max(120).regex(SLUG, 'must be kebab-case: lower-case letters and digits joined by -');
const TextSchema = z.string().regex(/\S/, 'must not be empty');

const SeedSubtaskSchema = z.object({ name: TextSchema, description: z.string() }).strict();
const SeedTaskSchema = z
  .object({
    name: TextSchema,
    description: z.string(),
    /** Days from the project start to the task's due date. */
    due_in_days: z.number().int().nonnegative(),
    subtasks: z.array(SeedSubtaskSchema),
  })
  .strict();
const SeedSectionSchema = z
  .object({ name: TextSchema, description: z.string(), tasks: z.array(SeedTaskSchema) })
  .strict();

export const SeedTemplateSchema = z
  .object({
    /** URL slug, unique, kebab-case; the file's name and the cover image's base name too. */
    slug: SlugSchema,
    /** The uploaded file's base name, e.g. 'Product-Launch-Plan'. */
    name: TextSchema,
    /** The name shown on cards, e.g. 'Product Launch Plan'. */
    product_name: TextSchema,
    category: z.enum(TEMPLATE_CATEGORIES),
    active: z.boolean(),
    free: z.boolean(),
    /** One-time price in cents; 0 when free. */
    price_cents: z.number().int().nonnegative(),
    /** Plain text, paragraphs separated by a blank line ("\n\n"). */
    description: z.string(),
    /** Simple HTML: <p>, <h3>, <ul>/<li> and <strong> only. */
    overview: z.string().refine((html) => !OVERVIEW_TAG.test(html), {
      message: 'may hold only <p>, <h3>, <ul>, <li> and <strong>, without attributes',
    }),
    links: z.array(z.object({ type: z.enum(TEMPLATE_LINK_TYPES), link: z.string(), link_text: z.string() }).strict()),
    plan: z.object({ sections: z.array(SeedSectionSchema) }).strict(),
  })
  .strict()
  .superRefine((template, context) => {
    if (template.free && template.price_cents !== 0) {
      context.addIssue({ code: 'custom', path: ['price_cents'], message: 'must be 0 for a free template' });
    }
    template.links.forEach((link, index) => {
      // An empty image link shows the default cover; any other names the cover generated from the slug.
      if (link.type === 'IMAGE_LINK' && link.link !== '' && link.link !== template.slug) {
        context.addIssue({ code: 'custom', path: ['links', index, 'link'], message: 'must be the slug or empty' });
      }
    });
  });
export type SeedTemplate = z.infer<typeof SeedTemplateSchema>;

const IndexSchema = z
  .array(SlugSchema)
  .refine((slugs) => new Set(slugs).size === slugs.length, { message: 'lists a slug more than once' });

/** `plan.sections[2].tasks[0].due_in_days`: where a field is, as an editor would look for it. */
function fieldPath(path: readonly PropertyKey[]): string {
  const written = path
    .map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`))
    .join('')
    .replace(/^\./, '');
  return written || '(the whole file)';
}

/** One file's parsed, validated content; an error names the file, then each field that is wrong and why. */
function readDataFile<T>(path: string, schema: ZodType<T>): T {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`Seed catalogue: ${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `  ${fieldPath(issue.path)}: ${issue.message}`);
  throw new Error(`Seed catalogue: ${path} is not valid:\n${problems.join('\n')}`);
}

/**
 * Every template of `folder`, in the order its index.json lists them. Refuses a listed slug without a file, a
 * template file the index does not list (it would otherwise never be seeded, and no one would know why), a file
 * whose slug is not its name, and any file the schema refuses.
 */
export function loadSeedTemplates(folder: string = SEED_TEMPLATES_FOLDER): SeedTemplate[] {
  const slugs = readDataFile(join(folder, SEED_TEMPLATES_INDEX), IndexSchema);
  const files = readdirSync(folder).filter((file) => file.endsWith('.json') && file !== SEED_TEMPLATES_INDEX);
  const unlisted = files.filter((file) => !slugs.includes(file.slice(0, -'.json'.length)));
  const missing = slugs.filter((slug) => !files.includes(`${slug}.json`)).map((slug) => `${slug}.json`);
  if (unlisted.length > 0) {
    throw new Error(`Seed catalogue: ${folder}: not listed in ${SEED_TEMPLATES_INDEX}: ${unlisted.join(', ')}`);
  }
  if (missing.length > 0) {
    throw new Error(`Seed catalogue: ${folder}: listed in ${SEED_TEMPLATES_INDEX} but missing: ${missing.join(', ')}`);
  }
  return slugs.map((slug) => {
    const path = join(folder, `${slug}.json`);
    const template = readDataFile(path, SeedTemplateSchema);
    if (template.slug !== slug) {
      throw new Error(`Seed catalogue: ${path} is not valid:\n  slug: must be the file's name, "${slug}"`);
    }
    return template;
  });
}

/** The catalogue main.ts and the tests seed, read once when the server starts. */
export const SEED_TEMPLATES: SeedTemplate[] = loadSeedTemplates();
