import DownOutlined from '@ant-design/icons-svg/es/asn/DownOutlined';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { LightIcon } from '../../shared/light-icon';

/**
 * A small disclosure menu for the header: opens on hover, focus or click, closes on Escape, on a
 * click elsewhere and after choosing an entry. Kept light on purpose: it is on every page.
 */
export function HeaderMenu({ label, children }: { label: ReactNode; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover is a convenience; the button is the control
    <div
      ref={root}
      className={`header-menu${open ? ' header-menu--open' : ''}`}
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
    >
      <button
        type="button"
        className="site-nav__link site-nav__button"
        aria-expanded={open}
        aria-controls={menuId}
        // Hovering (which touch emulates) has opened the menu before a pointer's click lands: that click must
        // not close it again. Keyboard clicks (detail 0) toggle.
        onClick={(event) => setOpen((value) => (event.detail === 0 ? !value : true))}
      >
        {label} <LightIcon icon={DownOutlined} className="header-menu__caret" />
      </button>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: choosing an entry closes the menu; keys reach the links */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the entries are the interactive elements */}
      <div id={menuId} className="header-menu__list" hidden={!open} onClick={() => setOpen(false)}>
        {children}
      </div>
    </div>
  );
}
