import type { ThemeConfig } from 'antd';
import { ConfigProvider } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { Paragraph, Title } from '../../shared/prose';

/** Text colours of the static pages: both pass WCAG AA (and AAA) on white. */
const HEADING_COLOR = '#0F172A';
const TEXT_COLOR = '#334155';

/**
 * Nested theme: inherits the app theme and only darkens the text colours, so every antd component inside a
 * static page (Typography, Card, Form) reads with good contrast.
 */
const staticPageTheme: ThemeConfig = {
  token: {
    colorText: TEXT_COLOR,
    colorTextHeading: HEADING_COLOR,
  },
};

const columnStyle: CSSProperties = {
  maxWidth: 880,
  margin: '0 auto',
  padding: '24px 16px 64px',
  color: TEXT_COLOR,
};

const introStyle: CSSProperties = {
  fontSize: 18,
  lineHeight: 1.6,
};

const sectionStyle: CSSProperties = {
  marginTop: 40,
  scrollMarginTop: 80,
};

/** The static pages' darker text for antd components. */
function StaticPageTheme({ children }: { children: ReactNode }) {
  return <ConfigProvider theme={staticPageTheme}>{children}</ConfigProvider>;
}

export interface StaticPageProps {
  /** The page's only `<h1>`. */
  title: string;
  /** Optional lead paragraph shown under the title. */
  intro?: ReactNode;
  /** Optional content shown above the title, such as a logo. */
  header?: ReactNode;
  children: ReactNode;
}

/**
 * Layout of the static pages (about, contact, support, privacy policy, terms of use): a centred column with an
 * `<h1>`, an optional intro and the page's sections. The app layout provides the `<main>` landmark.
 */
export function StaticPage({ title, intro, header, children }: StaticPageProps) {
  return (
    <StaticPageTheme>
      <div style={columnStyle}>
        {header}
        <Title level={1} style={{ color: HEADING_COLOR, marginTop: 0 }}>
          {title}
        </Title>
        {intro ? <Paragraph style={introStyle}>{intro}</Paragraph> : null}
        {children}
      </div>
    </StaticPageTheme>
  );
}

export interface StaticSectionProps {
  /** Anchor for links such as /terms-of-use#content-resale. */
  id?: string;
  /** The section's `<h2>`. */
  title: string;
  children: ReactNode;
}

/** One section of a static page: an `<h2>` followed by its paragraphs (`<h3>` for sub-sections). */
export function StaticSection({ id, title, children }: StaticSectionProps) {
  return (
    <section id={id} style={sectionStyle}>
      <Title level={2} style={{ color: HEADING_COLOR }}>
        {title}
      </Title>
      {children}
    </section>
  );
}
