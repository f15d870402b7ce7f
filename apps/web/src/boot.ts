// The page's first script. A page the server rendered is complete without the app: its code is fetched and run
// once the page has loaded (images included), so it never holds up what the visitor sees first. Any other
// page needs the app to show anything, and starts it at once.
import { PRERENDER_DATA_ID } from './app/prerender-data';

const start = () => void import('./main');
if (document.getElementById(PRERENDER_DATA_ID) && document.readyState !== 'complete') {
  window.addEventListener('load', start, { once: true });
} else {
  start();
}
