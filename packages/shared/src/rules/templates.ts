import {
  CAROUSEL_CATEGORIES,
  DEFAULT_TEMPLATE_IMAGE,
  FREE_TAG,
  IMAGE_EXTENSION,
  NO_FILE_IMAGE,
  TEMPLATE_IMAGES_PATH,
  TRAINING_CATEGORY,
  VIDEO_LINK_TEXT,
} from '../constants';
import type { ProjectPlan, ProjectPlanLink } from '../schemas/templates';

type TemplateImageSource = Pick<ProjectPlan, 'name' | 'project_plan_links'>;

export type TemplateImage =
  | { kind: 'image'; src: string }
  | { kind: 'default'; src: string }
  | { kind: 'no-file'; src: string }
  | { kind: 'none' };

/**
 * Which picture a template card shows (docs/product-rules.md, Catalogue).
 * An IMAGE_LINK with a link shows that image; with neither link nor text a named template shows
 * the default spreadsheet picture; text without a link shows the 'No File' placeholder.
 */
export function templateImage(template: TemplateImageSource): TemplateImage {
  const imageLink = template.project_plan_links.find((l) => l.type === 'IMAGE_LINK');
  const link = imageLink?.link.trim() ?? '';
  const text = imageLink?.link_text.trim() ?? '';
  if (link !== '') return { kind: 'image', src: `${TEMPLATE_IMAGES_PATH}/${link}${IMAGE_EXTENSION}` };
  if (text !== '') return { kind: 'no-file', src: NO_FILE_IMAGE };
  if (template.name.trim() !== '') return { kind: 'default', src: DEFAULT_TEMPLATE_IMAGE };
  return { kind: 'none' };
}

/** Active templates of the three planning categories, for the landing page carousel. */
export function carouselTemplates<T extends Pick<ProjectPlan, 'active' | 'category'>>(templates: readonly T[]): T[] {
  return templates.filter((t) => t.active && CAROUSEL_CATEGORIES.includes(t.category));
}

/** The public template list: active, Training excluded, split into free and premium sections. */
export function templateListSections<T extends Pick<ProjectPlan, 'active' | 'category' | 'free'>>(
  templates: readonly T[],
): { free: T[]; premium: T[] } {
  const listed = templates.filter((t) => t.active && t.category !== TRAINING_CATEGORY);
  return { free: listed.filter((t) => t.free), premium: listed.filter((t) => !t.free) };
}

/** Tags of a plan card; a first tag 'free' marks a free template. */
export function templateTags(template: Pick<ProjectPlan, 'free' | 'category'>): string[] {
  return template.free ? [FREE_TAG, template.category] : [template.category];
}

export function isFreeTagList(tagList: readonly string[]): boolean {
  return tagList[0] === FREE_TAG;
}

/** The Vimeo URL of a template, if it has one. */
export function templateVideoUrl(links: readonly ProjectPlanLink[]): string | undefined {
  const video = links.find((l) => l.type === 'VIDEO_LINK' && l.link.trim() !== '');
  return video && (video.link_text === VIDEO_LINK_TEXT || video.link_text.trim() !== '') ? video.link : undefined;
}

/** Converts a Vimeo page URL into its embeddable player URL. */
export function vimeoEmbedUrl(url: string): string | undefined {
  const match = /vimeo\.com\/(?:video\/)?(\d+)/.exec(url);
  return match ? `https://player.vimeo.com/video/${match[1]}` : undefined;
}

/** One-time template price, shown in whole dollars. */
export function templatePriceDollars(priceCents: number): number {
  return Math.round(priceCents / 100);
}

/** A template link an admin may save and members may open: a web address or a path of this site, never javascript: or data:. */
const SAFE_LINK = /^(https?:\/\/[^\s<>"]+|\/(?!\/)[^\s<>"]*)$/i;

export function isSafeLink(url: string): boolean {
  return SAFE_LINK.test(url);
}
