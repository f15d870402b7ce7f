import { describe, expect, it } from 'vitest';
import type { ProjectPlan } from '../schemas/templates';
import {
  carouselTemplates,
  isFreeTagList,
  templateImage,
  templateListSections,
  templatePriceDollars,
  templateTags,
  vimeoEmbedUrl,
} from './templates';

const links = (link: string, link_text: string): ProjectPlan['project_plan_links'] => [
  { id: 1, type: 'IMAGE_LINK', link, link_text },
];

describe('templateImage', () => {
  it('shows the linked image with the .jpeg extension', () => {
    expect(templateImage({ name: 'Launch', project_plan_links: links('product-launch', 'cover') })).toEqual({
      kind: 'image',
      src: '/images/templates/product-launch.jpeg',
    });
  });
  it('falls back to the default spreadsheet picture when a named template has neither link nor text', () => {
    expect(templateImage({ name: 'Launch', project_plan_links: links('', '') }).kind).toBe('default');
    expect(templateImage({ name: 'Launch', project_plan_links: [] }).kind).toBe('default');
  });
  it("shows the 'No File' placeholder when there is text but no link", () => {
    expect(templateImage({ name: 'Launch', project_plan_links: links('  ', 'cover') })).toEqual({
      kind: 'no-file',
      src: '/images/no-file.jpeg',
    });
  });
  it('shows nothing for a nameless template with no image', () => {
    expect(templateImage({ name: '', project_plan_links: [] }).kind).toBe('none');
  });
});

const t = (category: ProjectPlan['category'], active: boolean, free: boolean) => ({ category, active, free });

describe('carousel and list filters', () => {
  const all = [
    t('Training', true, true),
    t('Project Plan Templates', true, false),
    t('Process Checklists/Templates', false, true),
    t('Planning & Tracking Templates', true, true),
  ];
  it('keeps only active templates of the three planning categories in the carousel', () => {
    expect(carouselTemplates(all)).toEqual([all[1], all[3]]);
  });
  it('splits the list into free and premium, without Training or inactive ones', () => {
    expect(templateListSections(all)).toEqual({ free: [all[3]], premium: [all[1]] });
  });
});

describe('tags, prices and videos', () => {
  it("puts 'free' first for free templates", () => {
    expect(templateTags({ free: true, category: 'Training' })).toEqual(['free', 'Training']);
    expect(isFreeTagList(templateTags({ free: true, category: 'Training' }))).toBe(true);
    expect(isFreeTagList(templateTags({ free: false, category: 'Training' }))).toBe(false);
  });
  it('shows one-time prices in whole dollars', () => {
    expect(templatePriceDollars(4900)).toBe(49);
  });
  it('turns Vimeo links into player URLs', () => {
    expect(vimeoEmbedUrl('https://vimeo.com/76979871')).toBe('https://player.vimeo.com/video/76979871');
    expect(vimeoEmbedUrl('https://player.vimeo.com/video/22439234')).toBe('https://player.vimeo.com/video/22439234');
    expect(vimeoEmbedUrl('https://example.com/x')).toBeUndefined();
  });
});
