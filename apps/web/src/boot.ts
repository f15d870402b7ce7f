// The page's first script. A page the server rendered is complete without the app: its code is fetched and run
// once the page has loaded (images included), so it never holds up what the visitor sees first. Any other
// page needs the app to show anything, and starts it at once.
import { PRERENDER_DATA_ID } from './app/prerender-data';

const start = () => void import('./main');
// After the next paint too: on a page with few images `load` can come before the first paint, and the app's
// code would then compete with it.
const startAfterPaint = () => requestAnimationFrame(() => setTimeout(start, 0));
if (document.getElementById(PRERENDER_DATA_ID)) {
  if (document.readyState === 'complete') startAfterPaint();
  else window.addEventListener('load', startAfterPaint, { once: true });
} else {
  start();
}
