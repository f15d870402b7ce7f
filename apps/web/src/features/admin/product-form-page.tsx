import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { TEMPLATE_CATEGORIES } from '@dpp/shared/constants';
import { ADMIN_MESSAGES } from '@dpp/shared/messages';
import type { ProjectPlanCreate } from '@dpp/shared/schemas/admin';
import type { ProjectPlan } from '@dpp/shared/schemas/templates';
import { Button, Checkbox, Input, Select, Spin, Tabs } from 'antd';
import { lazy, Suspense, useId, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../shared/api/client';
import { notify } from '../../shared/notify';
import { useDocumentTitle } from '../../shared/use-document-title';
import { createProduct, deleteProductLink, updateProduct, useCatalogueChanged, useCategories } from './admin.api';
import { FileUpload } from './file-upload';
import {
  checkProduct,
  emptyProduct,
  formLinks,
  type LinkPair,
  newPair,
  type ProductEditState,
  type ProductFormValues,
  productToForm,
} from './product-form';
import './admin.css';

const RichTextEditor = lazy(() => import('./rich-text-editor'));

const IMAGE_TYPES = '.jpg,.jpeg,.png,image/jpeg,image/png';
const SHEET_TYPES = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function Field({ label, children, htmlFor }: { label: string; htmlFor: string; children: React.ReactNode }) {
  return (
    <div className="product-form__field">
      <label htmlFor={htmlFor}>{label}</label>
      {children}
    </div>
  );
}

function ProductForm({ product }: { product?: ProjectPlan }) {
  const navigate = useNavigate();
  const catalogueChanged = useCatalogueChanged();
  const categories = useCategories();
  const ids = useId();
  const [values, setValues] = useState<ProductFormValues>(() => (product ? productToForm(product) : emptyProduct()));
  const [removedLinkIds, setRemovedLinkIds] = useState<number[]>([]);
  const [pending, setPending] = useState({ image: false, sheet: false });
  const [errorKeys, setErrorKeys] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const edit = product !== undefined;
  useDocumentTitle(edit ? 'Edit Product' : 'New product');

  const set = <K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const setPair = (key: string, patch: Partial<LinkPair>) => {
    setErrorKeys((keys) => keys.filter((k) => k !== key));
    set(
      'pairs',
      values.pairs.map((p) => (p.key === key ? { ...p, ...patch } : p)),
    );
  };
  const removePair = (pair: LinkPair) => {
    if (pair.id !== undefined) setRemovedLinkIds((removed) => [...removed, pair.id!]);
    const rest = values.pairs.filter((p) => p.key !== pair.key);
    set('pairs', rest.length > 0 ? rest : [newPair()]);
  };

  const save = async () => {
    const problem = checkProduct(values);
    if (problem) {
      setErrorKeys(problem.pairKeys ?? []);
      void notify('error', problem.title, problem.description);
      return;
    }
    if (pending.image || pending.sheet) {
      void notify('error', ADMIN_MESSAGES.UPLOAD_FILE);
      return;
    }
    const body: ProjectPlanCreate = {
      name: values.sheet?.name ?? '',
      product_name: values.product_name.trim(),
      category: values.category as ProjectPlanCreate['category'],
      active: values.active,
      free: values.free,
      description: values.description,
      overview: values.overview,
      project_plan_links: formLinks(values),
      tag_id: product?.tag_id ?? null,
    };
    setSaving(true);
    try {
      if (product) {
        // Links removed while editing are deleted on the server before the product is saved.
        for (const id of removedLinkIds) await deleteProductLink(id).catch(() => undefined);
        await updateProduct({ ...body, id: product.id });
        void notify('success', ADMIN_MESSAGES.PROJECT_UPDATED);
      } else {
        await createProduct(body);
        void notify('success', ADMIN_MESSAGES.PROJECT_CREATED);
      }
      await catalogueChanged();
      navigate('/admin_panel');
    } catch (error) {
      void notify('error', error instanceof ApiError ? error.message : 'Please try again');
    } finally {
      setSaving(false);
    }
  };

  const general = (
    <div className="product-form__tab">
      <Field label="Product Name" htmlFor={`${ids}-name`}>
        <Input
          id={`${ids}-name`}
          value={values.product_name}
          maxLength={200}
          onChange={(e) => set('product_name', e.target.value)}
        />
      </Field>
      <Field label="Category" htmlFor={`${ids}-category`}>
        <Select
          id={`${ids}-category`}
          placeholder="Select a category"
          value={values.category}
          onChange={(category: string) => set('category', category)}
          options={(categories.data ?? [...TEMPLATE_CATEGORIES]).map((c) => ({ value: c, label: c }))}
        />
      </Field>
      <FileUpload
        label="Image"
        accept={IMAGE_TYPES}
        kind="image"
        value={values.image}
        onChange={(file) => set('image', file)}
        onPendingChange={(image) => setPending((p) => ({ ...p, image }))}
      />
      <FileUpload
        label="Project plan spreadsheet"
        accept={SHEET_TYPES}
        kind="spreadsheet"
        value={values.sheet}
        onChange={(file) => set('sheet', file)}
        onPendingChange={(sheet) => setPending((p) => ({ ...p, sheet }))}
      />
      <Checkbox checked={values.active} onChange={(e) => set('active', e.target.checked)}>
        Active
      </Checkbox>
      <Checkbox checked={values.free} onChange={(e) => set('free', e.target.checked)}>
        Essential Plan
      </Checkbox>
    </div>
  );

  const overview = (
    <div className="product-form__tab">
      <Field label="Description" htmlFor={`${ids}-description`}>
        <Input.TextArea
          id={`${ids}-description`}
          rows={4}
          maxLength={5000}
          value={values.description}
          onChange={(e) => set('description', e.target.value)}
        />
      </Field>
      <div className="product-form__field">
        <span>Overview</span>
        <Suspense fallback={<Spin />}>
          <RichTextEditor label="Overview" value={values.overview} onChange={(html) => set('overview', html)} />
        </Suspense>
      </div>
    </div>
  );

  const links = (
    <div className="product-form__tab">
      <Field label="Vimeo link" htmlFor={`${ids}-video`}>
        <Input
          id={`${ids}-video`}
          placeholder="https://vimeo.com/…"
          value={values.video}
          onChange={(e) => set('video', e.target.value)}
        />
      </Field>
      {values.pairs.map((pair, index) => {
        const status = errorKeys.includes(pair.key) ? 'error' : undefined;
        return (
          <fieldset key={pair.key} className="product-form__pair">
            <legend>Template link {index + 1}</legend>
            <Input
              aria-label={`Template link ${index + 1} title`}
              placeholder="Title"
              status={status}
              value={pair.link_text}
              onChange={(e) => setPair(pair.key, { link_text: e.target.value })}
            />
            <Input
              aria-label={`Template link ${index + 1} link`}
              placeholder="https://…"
              status={status}
              value={pair.link}
              onChange={(e) => setPair(pair.key, { link: e.target.value })}
            />
            <Button
              icon={<DeleteOutlined />}
              danger
              aria-label={`Delete template link ${index + 1}`}
              onClick={() => removePair(pair)}
            />
          </fieldset>
        );
      })}
      <Button icon={<PlusOutlined />} onClick={() => set('pairs', [...values.pairs, newPair(true)])}>
        Add Link
      </Button>
    </div>
  );

  return (
    <section className="admin-page product-form">
      <h1>{edit ? 'Edit Product' : 'New product'}</h1>
      <Tabs
        items={[
          { key: 'general', label: 'General information', children: general, forceRender: true },
          { key: 'overview', label: 'Description & overview', children: overview },
          { key: 'links', label: 'Template links', children: links },
        ]}
      />
      <div className="product-form__actions">
        <Button onClick={() => navigate('/admin_panel')}>Cancel</Button>
        <Button type="primary" loading={saving} onClick={save}>
          Save Changes
        </Button>
      </div>
    </section>
  );
}

/** /add-new-project */
export function AddNewProjectPage() {
  return <ProductForm />;
}

/** /update-project: the product comes in the navigation state; without it there is nothing to edit. */
export function UpdateProjectPage() {
  const { state } = useLocation() as { state: Partial<ProductEditState> | null };
  if (!state?.edit || !state.ProductData) return <Navigate to="/admin_panel" replace />;
  return <ProductForm key={state.ProductData.id} product={state.ProductData} />;
}
