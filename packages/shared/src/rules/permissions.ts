export interface PermissionEntry {
  permission_type: string;
  permission_name: string;
  is_displayed: boolean;
}

/**
 * True only if `name` exists for `type`; then the is_displayed of `secondName` when given
 * (false when that one is missing), else of `name`.
 */
export function hasPermission(
  entries: readonly PermissionEntry[],
  type: string,
  name: string,
  secondName?: string,
): boolean {
  const ofType = entries.filter((e) => e.permission_type === type);
  const first = ofType.find((e) => e.permission_name === name);
  if (!first) return false;
  if (secondName === undefined) return first.is_displayed;
  return ofType.find((e) => e.permission_name === secondName)?.is_displayed ?? false;
}

/**
 * Whether a route may be shown. A permission matches by the route name without its leading slash,
 * or by its first segment, case-insensitively. A match with is_displayed false hides the route;
 * no match means allowed.
 */
export function isRouteAllowed(entries: readonly PermissionEntry[], pathname: string): boolean {
  const route = pathname.replace(/^\/+/, '').toLowerCase();
  const firstSegment = route.split('/')[0] ?? '';
  const match = entries.find((e) => {
    const name = e.permission_name.replace(/^\/+/, '').toLowerCase();
    return name === route || name === firstSegment;
  });
  return match ? match.is_displayed : true;
}
