import { Drawer } from 'antd';
import type { ReactNode } from 'react';

/** The mobile menu; loaded only when first opened, so pages do not carry the drawer's code. */
export function MobileMenu({ open, onClose, children }: { open: boolean; onClose: () => void; children: ReactNode }) {
  return (
    <Drawer title="Menu" placement="right" open={open} onClose={onClose} size={300}>
      <nav className="site-drawer" aria-label="Mobile">
        {children}
      </nav>
    </Drawer>
  );
}
