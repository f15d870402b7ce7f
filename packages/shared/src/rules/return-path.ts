/** The longest page address a sign-up carries to its verification link. */
export const RETURN_PATH_MAX = 300;

/**
 * Whether `path` is a page of this site that a new account may come back to once verified (the invitation that
 * sent them to sign up, say): a path from the site's root, never another host ('//host', '/\host'), of plain
 * URL characters only, with no query or fragment.
 */
export function isReturnPath(path: string): boolean {
  return path.length <= RETURN_PATH_MAX && /^\/(?![/\\])[A-Za-z0-9\-._~/%]*$/.test(path);
}
