import { describe, expect, it } from 'vitest';
import { hasPermission, isRouteAllowed, type PermissionEntry } from './permissions';

const entries: PermissionEntry[] = [
  { permission_type: 'ROUTE', permission_name: 'ai', is_displayed: false },
  { permission_type: 'ROUTE', permission_name: 'Project-Plans', is_displayed: true },
  { permission_type: 'FEATURE', permission_name: 'planner', is_displayed: true },
  { permission_type: 'FEATURE', permission_name: 'download', is_displayed: false },
];

describe('hasPermission', () => {
  it('is false when the first name does not exist for the type', () => {
    expect(hasPermission(entries, 'FEATURE', 'ai')).toBe(false);
  });
  it('returns is_displayed of the first name, or of the second when given', () => {
    expect(hasPermission(entries, 'FEATURE', 'planner')).toBe(true);
    expect(hasPermission(entries, 'FEATURE', 'planner', 'download')).toBe(false);
    expect(hasPermission(entries, 'FEATURE', 'download', 'planner')).toBe(true);
  });
});

describe('isRouteAllowed', () => {
  it('matches the whole route or its first segment, case-insensitively', () => {
    expect(isRouteAllowed(entries, '/ai')).toBe(false);
    expect(isRouteAllowed(entries, '/AI/generate')).toBe(false);
    expect(isRouteAllowed(entries, '/project-plans/3')).toBe(true);
  });
  it('allows routes without a matching permission', () => {
    expect(isRouteAllowed(entries, '/myAccount')).toBe(true);
  });
});
