import type { CSSProperties } from 'react';

interface RotatingPhraseProps {
  phrases: readonly string[];
}

/** 'A, B, C or D', the phrases as one sentence for screen readers. */
function spokenList(phrases: readonly string[]): string {
  if (phrases.length < 2) return phrases.join('');
  return `${phrases.slice(0, -1).join(', ')} or ${phrases[phrases.length - 1]}`;
}

/**
 * Cycles through `phrases` with a fade, in CSS alone (hero.css): the page needs no script for it (ADR 0033).
 * Every phrase sits in the same grid cell, so the line keeps the height of the tallest phrase and nothing below
 * it moves. Screen readers get the whole list once, as stable text; the visual rotation is hidden from them. No
 * rotation when less motion is preferred.
 */
export function RotatingPhrase({ phrases }: RotatingPhraseProps) {
  return (
    <>
      <span className="lp-rotator" aria-hidden="true">
        {phrases.map((phrase, i) => (
          <span key={phrase} className="lp-rotator__item" style={{ '--phrase': i } as CSSProperties}>
            {phrase}
          </span>
        ))}
      </span>
      <span className="lp-sr-only">{spokenList(phrases)}</span>
    </>
  );
}
