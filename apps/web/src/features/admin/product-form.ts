import { VIDEO_LINK_TEXT } from '@dpp/shared/constants';
import { ADMIN_MESSAGES } from '@dpp/shared/messages';
import type { ProjectPlanLinkInput } from '@dpp/shared/schemas/admin';
import type { ProjectPlan } from '@dpp/shared/schemas/templates';

/** What /admin_panel hands to /update-project. */
export interface ProductEditState {
  ProductData: ProjectPlan;
  edit: true;
}

/** A title+link pair of the 'Template links' tab; `isAdditional` marks a pair added with 'Add Link'. */
export interface LinkPair {
  key: string;
  id?: number;
  link_text: string;
  link: string;
  isAdditional?: boolean;
}

/** An uploaded file as the form holds it: the stored base name and the name the admin chose. */
export interface UploadedFile {
  name: string;
  fileName: string;
}

export interface ProductFormValues {
  product_name: string;
  category: string | undefined;
  active: boolean;
  free: boolean;
  description: string;
  overview: string;
  image: UploadedFile | null;
  imageLinkId?: number;
  sheet: UploadedFile | null;
  video: string;
  videoLinkId?: number;
  pairs: LinkPair[];
  /** Links of other types (support links…) the form does not edit but keeps. */
  otherLinks: ProjectPlanLinkInput[];
}

let nextKey = 0;
export function newPair(isAdditional = false): LinkPair {
  nextKey += 1;
  return { key: `pair-${nextKey}`, link_text: '', link: '', ...(isAdditional && { isAdditional }) };
}

export function emptyProduct(): ProductFormValues {
  return {
    product_name: '',
    category: undefined,
    active: true,
    free: false,
    description: '',
    overview: '',
    image: null,
    sheet: null,
    video: '',
    pairs: [newPair()],
    otherLinks: [],
  };
}

/** The form's values for a product being edited (the ProductData handed over by /admin_panel). */
export function productToForm(product: ProjectPlan): ProductFormValues {
  const links = product.project_plan_links;
  const image = links.find((l) => l.type === 'IMAGE_LINK');
  const video = links.find((l) => l.type === 'VIDEO_LINK');
  const pairs = links
    .filter((l) => l.type === 'TEMPLATE_LINK')
    .map((l) => ({ ...newPair(), id: l.id, link_text: l.link_text, link: l.link }));
  return {
    product_name: product.product_name,
    category: product.category,
    active: product.active,
    free: product.free,
    description: product.description,
    overview: product.overview,
    image: image?.link ? { name: image.link, fileName: image.link_text || image.link } : null,
    ...(image && { imageLinkId: image.id }),
    sheet: product.name ? { name: product.name, fileName: product.name } : null,
    video: video?.link ?? '',
    ...(video && { videoLinkId: video.id }),
    pairs: pairs.length > 0 ? pairs : [newPair()],
    otherLinks: links
      .filter((l) => l.type === 'SUPPORT_LINK')
      .map((l) => ({ id: l.id, type: l.type, link: l.link, link_text: l.link_text })),
  };
}

export interface FormProblem {
  title: string;
  description: string;
  /** Keys of the link pairs to mark as errors. */
  pairKeys?: string[];
}

/** The checks before a save (docs/product-rules.md, Catalogue): name and category first, then the link pairs. */
export function checkProduct(values: ProductFormValues): FormProblem | null {
  const noName = values.product_name.trim() === '';
  const noCategory = !values.category;
  if (noName || noCategory) {
    const title =
      noName && noCategory
        ? ADMIN_MESSAGES.NAME_AND_CATEGORY_REQUIRED
        : noName
          ? ADMIN_MESSAGES.PRODUCT_NAME_REQUIRED
          : ADMIN_MESSAGES.CATEGORY_REQUIRED;
    return { title, description: ADMIN_MESSAGES.FILL_REQUIRED };
  }
  const half = values.pairs.filter((p) => (p.link.trim() === '') !== (p.link_text.trim() === ''));
  if (half.length > 0) {
    return {
      title: ADMIN_MESSAGES.LINK_OR_TEXT_EMPTY,
      description: ADMIN_MESSAGES.INVALID_INPUT,
      pairKeys: half.map((p) => p.key),
    };
  }
  return null;
}

/** The links as the create and update calls carry them. */
export function formLinks(values: ProductFormValues): ProjectPlanLinkInput[] {
  const links: ProjectPlanLinkInput[] = [];
  if (values.image || values.imageLinkId !== undefined) {
    links.push({
      ...(values.imageLinkId !== undefined && { id: values.imageLinkId }),
      type: 'IMAGE_LINK',
      link: values.image?.name ?? '',
      link_text: values.image?.fileName ?? '',
    });
  }
  if (values.video.trim() !== '' || values.videoLinkId !== undefined) {
    links.push({
      ...(values.videoLinkId !== undefined && { id: values.videoLinkId }),
      type: 'VIDEO_LINK',
      link: values.video.trim(),
      link_text: VIDEO_LINK_TEXT,
    });
  }
  for (const pair of values.pairs) {
    if (pair.link.trim() === '' && pair.link_text.trim() === '' && pair.id === undefined) continue;
    links.push({
      ...(pair.id !== undefined && { id: pair.id }),
      type: 'TEMPLATE_LINK',
      link: pair.link.trim(),
      link_text: pair.link_text.trim(),
    });
  }
  return [...links, ...values.otherLinks];
}
