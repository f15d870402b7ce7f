// Imported only by the lazily loaded chart modules: the chart library stays out of every other chunk.
import type { ReactNode } from 'react';
import { ResponsiveContainer } from 'recharts';

/**
 * One chart as a single image with a name: screen readers hear what it shows (and where the same figures are
 * written out) instead of walking the drawing's lines and ticks. The drawing takes no focus of its own.
 */
export function ChartImage(props: { label: string; className: string; height: number; children: ReactNode }) {
  return (
    <div className={props.className} role="img" aria-label={props.label}>
      <ResponsiveContainer width="100%" height={props.height}>
        {props.children}
      </ResponsiveContainer>
    </div>
  );
}
