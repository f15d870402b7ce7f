import type { MemberCategory } from '@dpp/shared/schemas/members';
import { Col, Collapse, Row, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { Link, Navigate, Outlet, useLocation, useOutletContext } from 'react-router';
import { ApiError } from '../../shared/api/client';
import {
  readStoredJson,
  removeStorage,
  STORAGE_KEYS,
  useRouteAccess,
  useSession,
  writeStorage,
} from '../../shared/session';
import { type Area, useAreaCatalogue } from './members.api';
import './members.css';

export interface AreaContext {
  area: Area;
  catalogue: MemberCategory[];
  /** Where the area's pages live: /membership-area or /pm-course-area. */
  root: string;
}

export const useAreaContext = () => useOutletContext<AreaContext>();

interface FixedEntry {
  label: string;
  to: string;
}

/** Pages of the members area that are not products, by panel. */
const MEMBER_PAGES: Record<string, FixedEntry[]> = {
  Training: [
    { label: 'Start here: your membership', to: 'use-dpp-member' },
    { label: 'Meet your coaches', to: 'meet-your-coaches' },
    { label: 'Course videos', to: 'course-video' },
    { label: 'Transfer to Asana, Clickup, or Monday', to: 'trasnfer-to' },
  ],
  Support: [
    { label: 'Submit a Q&A question', to: 'facebook-community' },
    { label: 'Q&A calendar', to: 'qa-calendar' },
  ],
};

const isInsideMembershipArea = (pathname: string) => /^\/membership-area(\/|$)/i.test(pathname);

/**
 * The open sidebar panels, kept in local storage; the stored keys are cleared whenever the path is
 * inside the membership area (so they only carry the panels across a visit elsewhere).
 */
function usePanelKeys(area: Area): [string[], (keys: string[]) => void] {
  const storageKey = area === 'members' ? STORAGE_KEYS.MEMBER_PANEL_KEYS : STORAGE_KEYS.COURSE_PANEL_KEYS;
  const [keys, setKeys] = useState<string[]>(() => readStoredJson<string[]>(storageKey) ?? []);
  const { pathname } = useLocation();
  useEffect(() => {
    if (area === 'members' && isInsideMembershipArea(pathname)) removeStorage(storageKey);
  }, [area, pathname, storageKey]);
  const update = (next: string[]) => {
    setKeys(next);
    writeStorage(storageKey, JSON.stringify(next));
  };
  return [keys, update];
}

function Sidebar({ area, catalogue, root }: AreaContext) {
  const [activeKeys, setActiveKeys] = usePanelKeys(area);
  const { pathname } = useLocation();
  const categories =
    area === 'members' ? [...catalogue.map((c) => c.category), 'Support'] : catalogue.map((c) => c.category);
  const items = categories.map((category) => {
    const products = catalogue.find((c) => c.category === category)?.products ?? [];
    const fixed = area === 'members' ? (MEMBER_PAGES[category] ?? []) : [];
    const entries = [
      ...fixed.map((f) => ({ key: f.to, label: f.label, to: `${root}/${f.to}`, state: undefined })),
      ...products.map((p) => ({
        key: `p${p.id}`,
        label: p.product_name,
        to: `${root}/overview/${p.id}`,
        state: { product: p },
      })),
    ];
    return {
      key: category,
      label: category,
      children:
        entries.length === 0 ? (
          <p className="area-sidebar__empty">New material is on its way.</p>
        ) : (
          <ul className="area-sidebar__list">
            {entries.map((e) => (
              <li key={e.key}>
                <Link
                  to={e.to}
                  state={e.state}
                  aria-current={pathname.toLowerCase() === e.to.toLowerCase() ? 'page' : undefined}
                >
                  {e.label}
                </Link>
              </li>
            ))}
          </ul>
        ),
    };
  });
  return (
    <nav aria-label={area === 'members' ? 'Membership area' : 'Course area'}>
      <Collapse
        items={items}
        activeKey={activeKeys}
        onChange={(keys) => setActiveKeys(Array.isArray(keys) ? keys.map(String) : [String(keys)])}
      />
    </nav>
  );
}

/**
 * The members area (/membership-area) and the course area (/pm-course-area): a left accordion
 * (8 of 24 columns) and the content pane. Others are sent to /; the server enforces the same rule.
 */
export function AreaLayout({ area }: { area: Area }) {
  const { client, user } = useSession();
  const { pathname } = useLocation();
  const catalogue = useAreaCatalogue(area, client);
  // The course area has no route permission: the premium gate alone decides.
  const access = useRouteAccess(area === 'members' ? pathname : null);
  const root = area === 'members' ? '/membership-area' : '/pm-course-area';
  if (!user) return <Navigate to="/" replace />;
  // A plan permission that hides the area still applies to plan holders; toolkit buyers come by their flag.
  const byPlan = catalogue.isSuccess && !catalogue.data.flag;
  if (byPlan && access === 'hidden') return <Navigate to="/no-permissions" replace />;
  if (catalogue.isPending || (byPlan && access === 'checking')) {
    return (
      <div className="area-loading">
        <Spin size="large" />
      </div>
    );
  }
  if (catalogue.isError) {
    const forbidden = catalogue.error instanceof ApiError && [401, 403].includes(catalogue.error.status);
    if (forbidden) return <Navigate to="/" replace />;
    return (
      <main className="area-error">
        <h1>{area === 'members' ? 'Membership Area' : 'Project Management Course Area'}</h1>
        <p role="alert">{catalogue.error.message}</p>
      </main>
    );
  }
  const context: AreaContext = { area, catalogue: catalogue.data.catalogue, root };
  return (
    <div className="area">
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={8}>
          <p className="area__title">{area === 'members' ? 'Membership Area' : 'Project Management Course Area'}</p>
          <Sidebar {...context} />
        </Col>
        <Col xs={24} lg={16}>
          <main className="area__content">
            <Outlet context={context} />
          </main>
        </Col>
      </Row>
    </div>
  );
}

export function MembersLayout() {
  return <AreaLayout area="members" />;
}

export function CourseLayout() {
  return <AreaLayout area="course" />;
}
