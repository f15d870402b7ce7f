import { ADMIN_MESSAGES } from '@dpp/shared/messages';
import type { ProjectPlan } from '@dpp/shared/schemas/templates';
import { describe, expect, it } from 'vitest';
import { checkProduct, emptyProduct, formLinks, newPair, productToForm } from './product-form';

describe('checkProduct', () => {
  it("asks for the product name, the category, or both, in the product's words", () => {
    const values = emptyProduct();
    expect(checkProduct(values)).toEqual({
      title: ADMIN_MESSAGES.NAME_AND_CATEGORY_REQUIRED,
      description: ADMIN_MESSAGES.FILL_REQUIRED,
    });
    expect(checkProduct({ ...values, category: 'Training' })?.title).toBe(ADMIN_MESSAGES.PRODUCT_NAME_REQUIRED);
    expect(checkProduct({ ...values, product_name: 'A' })?.title).toBe(ADMIN_MESSAGES.CATEGORY_REQUIRED);
    expect(checkProduct({ ...values, product_name: 'A', category: 'Training' })).toBeNull();
  });

  it("marks a pair with text but no link, or a link but no text ('Link or text Empty')", () => {
    const half = { ...newPair(), link_text: 'Sheet' };
    const problem = checkProduct({ ...emptyProduct(), product_name: 'A', category: 'Training', pairs: [half] });
    expect(problem).toEqual({
      title: ADMIN_MESSAGES.LINK_OR_TEXT_EMPTY,
      description: ADMIN_MESSAGES.INVALID_INPUT,
      pairKeys: [half.key],
    });
  });
});

describe('productToForm and formLinks', () => {
  it('round-trips a product: image, video, template links and support links keep their ids', () => {
    const product = {
      id: 1,
      slug: 'a',
      name: 'plan-1a2b3c4d',
      product_name: 'A',
      description: '',
      overview: '',
      category: 'Training',
      active: true,
      free: false,
      price: 0,
      tag_id: null,
      outline: { sections: [], task_count: 0, subtask_count: 0, duration_days: 0 },
      project_plan_links: [
        { id: 1, type: 'IMAGE_LINK', link: 'cover-1', link_text: 'cover.png' },
        { id: 2, type: 'VIDEO_LINK', link: 'https://vimeo.com/1', link_text: 'viemo' },
        { id: 3, type: 'TEMPLATE_LINK', link: 'https://e.com', link_text: 'E' },
        { id: 4, type: 'SUPPORT_LINK', link: 'https://f.com', link_text: 'Facebook Community' },
      ],
    } satisfies ProjectPlan;
    const form = productToForm(product);
    expect(form.sheet).toEqual({ name: 'plan-1a2b3c4d', fileName: 'plan-1a2b3c4d' });
    expect(formLinks(form)).toEqual(product.project_plan_links);
    // Removing the image keeps its link row, emptied, so the card falls back to the default picture.
    expect(formLinks({ ...form, image: null })[0]).toEqual({ id: 1, type: 'IMAGE_LINK', link: '', link_text: '' });
  });
});
