import { ADMIN_MESSAGES } from '@dpp/shared/messages';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Radio, Segmented, Select, Table, Tag } from 'antd';
import { useId, useState } from 'react';
import { ApiError } from '../../shared/api/client';
import { notify } from '../../shared/notify';
import { useDocumentTitle } from '../../shared/use-document-title';
import {
  adminKeys,
  createPlanPermission,
  updatePlanPermission,
  useAllPermissions,
  usePermissionPlans,
  usePlanPermissions,
} from './admin.api';
import './admin.css';

type Mode = 'create' | 'update';
type Value = 'show' | 'hide';

/** /permission-settings: which plan shows or hides which feature; create and update modes. */
export function PermissionSettingsPage() {
  const ids = useId();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<Mode>('create');
  const [planId, setPlanId] = useState<number>();
  const [permissionId, setPermissionId] = useState<number>();
  const [entryId, setEntryId] = useState<number>();
  const [value, setValue] = useState<Value>();
  const [saving, setSaving] = useState(false);
  const plans = usePermissionPlans();
  const permissions = useAllPermissions();
  const planPermissions = usePlanPermissions(planId);
  useDocumentTitle('Permission settings');

  const entry = planPermissions.data?.find((p) => p.id === entryId);
  const ready = planId !== undefined && value !== undefined && (mode === 'create' ? permissionId !== undefined : entry);

  const switchMode = (next: Mode) => {
    setMode(next);
    setPermissionId(undefined);
    setEntryId(undefined);
    setValue(undefined);
  };

  const save = async () => {
    if (!ready || planId === undefined) return;
    setSaving(true);
    const base = { is_displayed: value === 'show', plan: { id: planId }, entity_type: 'PLAN' as const };
    try {
      if (mode === 'create') {
        await createPlanPermission({ ...base, permission: { id: permissionId! } });
        void notify('success', ADMIN_MESSAGES.PERMISSION_CREATED);
      } else {
        await updatePlanPermission({ ...base, permission: { id: entry!.permission.id }, queryId: entry!.id });
        void notify('success', ADMIN_MESSAGES.PERMISSION_UPDATED);
      }
      await queryClient.invalidateQueries({ queryKey: adminKeys.planPermissions(planId) });
    } catch (error) {
      const message =
        error instanceof ApiError && error.status === 409
          ? ADMIN_MESSAGES.PERMISSION_EXISTS
          : error instanceof ApiError
            ? error.message
            : 'Please try again';
      void notify('error', message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="admin-page permission-settings">
      <h1>Permission settings</h1>
      <Segmented<Mode>
        aria-label="Mode"
        value={mode}
        onChange={switchMode}
        options={[
          { value: 'create', label: 'Create' },
          { value: 'update', label: 'Update' },
        ]}
      />
      <div className="permission-settings__form">
        <div className="product-form__field">
          <label htmlFor={`${ids}-plan`}>Plan</label>
          <Select
            id={`${ids}-plan`}
            placeholder="Select a plan"
            loading={plans.isLoading}
            value={planId}
            onChange={(id: number) => {
              setPlanId(id);
              setEntryId(undefined);
            }}
            options={(plans.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
          />
        </div>
        <div className="product-form__field">
          <label htmlFor={`${ids}-permission`}>Permission</label>
          {/* Two different fields under one label: keyed apart, so neither inherits the other's state. */}
          {mode === 'create' ? (
            <Select
              key="create"
              id={`${ids}-permission`}
              placeholder="Select a permission"
              loading={permissions.isLoading}
              value={permissionId}
              onChange={(id: number) => setPermissionId(id)}
              options={(permissions.data ?? []).map((p) => ({
                value: p.id,
                label: `${p.header_name} (${p.permission_name})`,
              }))}
            />
          ) : (
            <Select
              key="update"
              id={`${ids}-permission`}
              placeholder={planId === undefined ? 'Select a plan first' : 'Select a permission'}
              disabled={planId === undefined}
              loading={planPermissions.isLoading}
              value={entryId}
              onChange={(id: number) => {
                setEntryId(id);
                const chosen = planPermissions.data?.find((p) => p.id === id);
                if (chosen) setValue(chosen.is_displayed ? 'show' : 'hide');
              }}
              options={(planPermissions.data ?? []).map((p) => ({
                value: p.id,
                label: `${p.permission.header_name} (${p.permission.permission_name})`,
              }))}
            />
          )}
        </div>
        <Radio.Group
          aria-label="Show or hide"
          value={value}
          onChange={(e) => setValue(e.target.value as Value)}
          options={[
            { value: 'show', label: 'Show' },
            { value: 'hide', label: 'Hide' },
          ]}
        />
        {/* A button of its own per mode, like the permission fields. */}
        <Button key={mode} type="primary" disabled={!ready} loading={saving} onClick={save}>
          {mode === 'create' ? 'Save' : 'Update'}
        </Button>
      </div>
      {planId !== undefined && (
        <Table
          className="permission-settings__table"
          rowKey="id"
          size="small"
          loading={planPermissions.isLoading}
          dataSource={planPermissions.data ?? []}
          pagination={false}
          columns={[
            { key: 'name', title: 'Permission', render: (_, p) => p.permission.header_name },
            { key: 'path', title: 'Route or feature', render: (_, p) => p.permission.permission_name },
            {
              key: 'value',
              title: 'Value',
              render: (_, p) =>
                p.is_displayed ? (
                  <Tag className="status-tag status-tag--on">Show</Tag>
                ) : (
                  <Tag className="status-tag status-tag--off">Hide</Tag>
                ),
            },
          ]}
        />
      )}
    </section>
  );
}
