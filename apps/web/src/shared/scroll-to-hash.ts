/** How long the element a #hash names may take to appear (its code may still be loading). */
const HASH_WAIT_MS = 3000;

/** Scrolls smoothly to the element `hash` names as soon as it is on the page; returns a function that gives up. */
export function seekHashTarget(hash: string): () => void {
  const id = decodeURIComponent(hash.slice(1));
  const until = Date.now() + HASH_WAIT_MS;
  let frame = 0;
  const seek = () => {
    const target = document.getElementById(id);
    if (target) target.scrollIntoView({ behavior: 'smooth', block: 'start' });
    else if (Date.now() < until) frame = requestAnimationFrame(seek);
  };
  seek();
  return () => cancelAnimationFrame(frame);
}
