import CloseOutlined from '@ant-design/icons-svg/es/asn/CloseOutlined';
import type { ReactNode } from 'react';
import { LightIcon } from '../../shared/light-icon';

/** The phone menu's element: the header's menu button names it (`aria-controls`) and opens it. */
export const MOBILE_MENU_ID = 'site-menu';
const TITLE_ID = 'site-menu-title';

/**
 * The phone menu: a modal `<dialog>` at the side of the screen. It closes on Escape by itself; header-controls.ts
 * opens it from the menu button, and closes it when a link or button in it is chosen (its close button too) or a
 * click lands beside it (ADR 0051).
 */
export function MobileMenu({ children }: { children: ReactNode }) {
  return (
    <dialog id={MOBILE_MENU_ID} className="site-drawer" aria-labelledby={TITLE_ID}>
      <div className="site-drawer__inner">
        <div className="site-drawer__head">
          <span id={TITLE_ID} className="site-drawer__title">
            Menu
          </span>
          <button type="button" className="site-header__icon" aria-label="Close menu">
            <LightIcon icon={CloseOutlined} />
          </button>
        </div>
        <nav className="site-drawer__nav" aria-label="Mobile">
          {children}
        </nav>
      </div>
    </dialog>
  );
}
