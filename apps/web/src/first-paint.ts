// The page's inline head script: it runs before the body is parsed, so what the page shows first is drawn for the
// account this browser holds (the header's Login link or the member's menu) and nothing moves once it is painted
// (ADR 0051). Built into index.html's head by the build (inline-head-script.ts); the server allows it by its hash.
// Keep it to storage reads and marks: it holds up the first paint of every page.
import { markArrivingPage } from './shared/session/account-marks';
import { readStoredUser } from './shared/session/session-user';

markArrivingPage(readStoredUser());
