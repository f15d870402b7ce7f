import DownOutlined from '@ant-design/icons-svg/es/asn/DownOutlined';
import type { ReactNode } from 'react';
import { LightIcon } from '../../shared/light-icon';
import type { AccountMark } from '../../shared/session/account-marks';
import { shownTo } from '../../shared/session/account-marks';

/** The header's menus share a name: opening one closes the other, as the browser does for named `<details>`. */
const HEADER_MENUS = 'site-header-menus';

/**
 * A disclosure menu of the header: a `<details>`, so it opens and closes by pointer, Enter or Space with no script
 * at all. What HTML does not do (Escape, a click elsewhere, hover on a pointer device, closing after an entry is
 * chosen) is plain DOM work of header-controls.ts, the same on a server's page and in the app (ADR 0051). Kept
 * light on purpose: it is on every page.
 */
export function HeaderMenu({
  label,
  children,
  for: mark,
}: {
  label: ReactNode;
  children: ReactNode;
  for?: AccountMark;
}) {
  return (
    <details className="header-menu" name={HEADER_MENUS} {...(mark && shownTo(mark))}>
      <summary className="site-nav__link site-nav__button">
        {label} <LightIcon icon={DownOutlined} className="header-menu__caret" />
      </summary>
      <div className="header-menu__list">{children}</div>
    </details>
  );
}
