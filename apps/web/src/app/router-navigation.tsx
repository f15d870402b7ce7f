import { type ReactNode, useMemo } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { type Navigation, NavigationProvider } from '../shared/navigation';

/** The app's navigation for shared components (shared/navigation.tsx): React Router's. */
export function RouterNavigation({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const value = useMemo<Navigation>(
    () => ({
      location,
      navigate: (to, options) => void (typeof to === 'number' ? navigate(to) : navigate(to, options)),
      Link,
    }),
    [location, navigate],
  );
  return <NavigationProvider value={value}>{children}</NavigationProvider>;
}
