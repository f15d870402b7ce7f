import { useState } from 'react';
import { useInterval } from './use-interval';
import { usePrefersReducedMotion } from './use-reduced-motion';

interface RotatingPhraseProps {
  phrases: readonly string[];
  intervalMs: number;
}

/** 'A, B, C or D', the phrases as one sentence for screen readers. */
function spokenList(phrases: readonly string[]): string {
  if (phrases.length < 2) return phrases.join('');
  return `${phrases.slice(0, -1).join(', ')} or ${phrases[phrases.length - 1]}`;
}

/**
 * Cycles through `phrases` with a fade. Every phrase sits in the same grid cell, so the line keeps the
 * height of the tallest phrase and nothing below it moves. Screen readers get the whole list once,
 * as stable text; the visual rotation is hidden from them. No rotation when less motion is preferred.
 */
export function RotatingPhrase({ phrases, intervalMs }: RotatingPhraseProps) {
  const reduceMotion = usePrefersReducedMotion();
  const [index, setIndex] = useState(0);
  useInterval(() => setIndex((i) => (i + 1) % phrases.length), reduceMotion ? null : intervalMs);

  return (
    <>
      <span className="lp-rotator" aria-hidden="true">
        {phrases.map((phrase, i) => (
          <span key={phrase} className={i === index ? 'lp-rotator__item lp-rotator__item--active' : 'lp-rotator__item'}>
            {phrase}
          </span>
        ))}
      </span>
      <span className="lp-sr-only">{spokenList(phrases)}</span>
    </>
  );
}
