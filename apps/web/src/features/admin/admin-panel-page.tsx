import { DeleteOutlined, EditOutlined, PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { ADMIN_PAGE_SIZE } from '@dpp/shared/constants';
import { ADMIN_MESSAGES, INSIGHTS_MESSAGES, MEMBER_ADMIN_MESSAGES } from '@dpp/shared/messages';
import { templateImage } from '@dpp/shared/rules/templates';
import type { ProjectPlan } from '@dpp/shared/schemas/templates';
import { Alert, Button, Popconfirm, Select, Table, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../shared/api/client';
import { notify } from '../../shared/notify';
import { useDocumentTitle } from '../../shared/use-document-title';
import { deleteProduct, useAdminProducts, useCatalogueChanged } from './admin.api';
import { CodeImportButton } from './code-import';
import { InsightsTab } from './insights-tab';
import { MembersTab } from './members-tab';
import type { ProductEditState } from './product-form';
import './admin.css';

type Section = 'ProjectPlans' | 'BusinessTemplates' | 'Members' | 'Insights';

function ProductTable() {
  const navigate = useNavigate();
  const catalogueChanged = useCatalogueChanged();
  const [page, setPage] = useState(1);
  const { data, isLoading, isError, refetch } = useAdminProducts(page);

  const remove = async (product: ProjectPlan) => {
    try {
      await deleteProduct(product.id);
      void notify('success', ADMIN_MESSAGES.PROJECT_DELETED, ADMIN_MESSAGES.PROJECT_DELETED_TEXT);
      await catalogueChanged();
    } catch (error) {
      void notify('error', error instanceof ApiError ? error.message : 'Please try again');
    }
  };

  if (isError) {
    return (
      <Alert
        type="error"
        title="The products could not be loaded."
        action={<Button onClick={() => refetch()}>Try again</Button>}
      />
    );
  }
  return (
    <Table<ProjectPlan>
      rowKey="id"
      loading={isLoading}
      dataSource={data?.project_plan_dtos ?? []}
      scroll={{ x: 640 }}
      pagination={{
        current: page,
        pageSize: ADMIN_PAGE_SIZE,
        total: data?.total ?? 0,
        showQuickJumper: true,
        showSizeChanger: false,
        onChange: setPage,
      }}
      columns={[
        {
          key: 'image',
          title: 'Image',
          width: 96,
          render: (_, product) => {
            const image = templateImage(product);
            return image.kind === 'none' ? null : (
              <img className="admin-table__image" src={image.src} alt="" width={72} height={45} loading="lazy" />
            );
          },
        },
        { key: 'product_name', title: 'Product name', dataIndex: 'product_name' },
        { key: 'category', title: 'Category', dataIndex: 'category' },
        {
          key: 'status',
          title: 'Status',
          render: (_, product) =>
            product.active ? (
              <Tag className="status-tag status-tag--on">Active</Tag>
            ) : (
              <Tag className="status-tag">Inactive</Tag>
            ),
        },
        {
          key: 'actions',
          title: 'Actions',
          render: (_, product) => (
            <span className="admin-table__actions">
              <Button
                icon={<EditOutlined />}
                aria-label={`Edit ${product.product_name}`}
                onClick={() => {
                  const state: ProductEditState = { ProductData: product, edit: true };
                  navigate('/update-project', { state });
                }}
              />
              <Popconfirm
                title="Delete this product?"
                description={`${product.product_name} and its links are deleted.`}
                okText="Delete"
                okButtonProps={{ danger: true }}
                onConfirm={() => remove(product)}
              >
                <Button icon={<DeleteOutlined />} danger aria-label={`Delete ${product.product_name}`} />
              </Popconfirm>
            </span>
          ),
        },
      ]}
    />
  );
}

/** /admin_panel: the catalogue of products. */
export function AdminPanelPage() {
  const navigate = useNavigate();
  const [section, setSection] = useState<Section>('ProjectPlans');
  useDocumentTitle('Administration');

  return (
    <section className="admin-page">
      <div className="admin-page__head">
        <h1>Administration</h1>
        <div className="admin-page__tools">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/add-new-project')}>
            New product
          </Button>
          <CodeImportButton />
          <Button
            icon={<SettingOutlined />}
            aria-label="Permission settings"
            title="Permission settings"
            onClick={() => navigate('/permission-settings')}
          />
        </div>
      </div>
      <Select<Section>
        className="admin-page__sections-select"
        aria-label="Section"
        value={section}
        onChange={setSection}
        options={[
          { value: 'ProjectPlans', label: 'ProjectPlans' },
          { value: 'BusinessTemplates', label: 'Business Templates' },
          { value: 'Members', label: MEMBER_ADMIN_MESSAGES.TAB },
          { value: 'Insights', label: INSIGHTS_MESSAGES.TAB },
        ]}
      />
      <Tabs
        className="admin-page__tabs"
        activeKey={section === 'Members' || section === 'Insights' ? section : 'ProjectPlans'}
        onChange={(key) => setSection(key as Section)}
        items={[
          { key: 'ProjectPlans', label: 'Project plans' },
          { key: 'Members', label: MEMBER_ADMIN_MESSAGES.TAB },
          { key: 'Insights', label: INSIGHTS_MESSAGES.TAB },
        ]}
      />
      {section === 'ProjectPlans' && <ProductTable />}
      {section === 'BusinessTemplates' && <p className="admin-page__empty">No business templates yet.</p>}
      {section === 'Members' && <MembersTab />}
      {section === 'Insights' && <InsightsTab />}
    </section>
  );
}
