import type { IconDefinition } from '@ant-design/icons-svg/lib/types';

/**
 * One of antd's icons drawn from its bare definition, without the icon library's runtime (which loads antd's
 * style engine): for the parts every page carries, such as the header. Decorative only (aria-hidden).
 */
export function LightIcon({ icon, className }: { icon: IconDefinition; className?: string }) {
  const svg = typeof icon.icon === 'function' ? icon.icon('currentColor', 'none') : icon.icon;
  return (
    <span className={className ? `anticon ${className}` : 'anticon'} aria-hidden>
      {/* biome-ignore lint/a11y/noSvgWithoutTitle: decorative, hidden from assistive technology with its box */}
      <svg viewBox={svg.attrs.viewBox} width="1em" height="1em" fill="currentColor" focusable="false">
        {(svg.children ?? []).map((path) => (
          <path key={path.attrs.d} d={path.attrs.d} />
        ))}
      </svg>
    </span>
  );
}
