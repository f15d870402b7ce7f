import type { CSSProperties, ReactNode } from 'react';
import './prose.css';

/**
 * Headings and paragraphs of the text pages (legal pages, support, country), drawn as plain elements with
 * antd's typography metrics: antd's Typography adds a tooltip, measuring and editing machinery these pages
 * never use, and its cost on pages the browser takes over from the server.
 */
interface ProseProps {
  children?: ReactNode;
  style?: CSSProperties;
  id?: string;
}

export function Title({ level = 1, ...props }: ProseProps & { level?: 1 | 2 | 3 }) {
  const Heading = `h${level}` as const;
  return <Heading className={`prose-title prose-title--${level}`} {...props} />;
}

export function Paragraph({ strong, children, ...props }: ProseProps & { strong?: boolean }) {
  return (
    <p className="prose-paragraph" {...props}>
      {strong ? <strong>{children}</strong> : children}
    </p>
  );
}

export function Text({ strong, children }: { strong?: boolean; children?: ReactNode }) {
  return strong ? <strong className="prose-text">{children}</strong> : <span className="prose-text">{children}</span>;
}

/** A bordered box of text (antd's Card look, without its tabs, loading and cover machinery). */
export function Panel({ children, style }: ProseProps) {
  return (
    <div className="prose-panel" style={style}>
      {children}
    </div>
  );
}
