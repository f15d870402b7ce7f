import { ApiOutlined, CustomerServiceOutlined, RocketOutlined, ThunderboltOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { supportMailto } from './support-mailto';
import './marketing-sections.css';
import { PageLink } from './navigation';

interface Reason {
  key: string;
  title: string;
  icon: ReactNode;
  text: string;
}

const REASONS: readonly Reason[] = [
  {
    key: 'small-business',
    title: 'Built for Small-Business Owners',
    icon: <RocketOutlined aria-hidden />,
    text:
      'Made for entrepreneurs, coaches, integrators and solopreneurs who need a clear plan, not another ' +
      'blank page. Every plan is written in plain language and ready to run.',
  },
  {
    key: 'ai-templates',
    title: 'AI Plus Proven Templates',
    icon: <ThunderboltOutlined aria-hidden />,
    text:
      'Our AI planner turns your goal into a SMART goal, recommended projects, a success plan and a task list, ' +
      'built on project plan templates that have been tested in real businesses.',
  },
  {
    key: 'your-tools',
    title: 'Works With the Tools You Already Use',
    icon: <ApiOutlined aria-hidden />,
    text:
      'Upload any plan straight into Asana, ClickUp or monday.com in a few clicks. No copying, no pasting and ' +
      'no new software for your team to learn.',
  },
  {
    key: 'human-support',
    title: 'Real People and Real Experts',
    icon: <CustomerServiceOutlined aria-hidden />,
    text:
      'Our customer success team answers your questions on live Q&A calls and by e-mail, and our experts are ' +
      'available when you want hands-on help with your strategy.',
  },
];

export interface MarketingSectionProps {
  /** Optional id, so a page can link to the section. */
  id?: string;
}

/**
 * 'Why Choose Us': four short reasons as cards, with an h2 and h3 headings. Plain markup: the
 * landing page loads it, and it must stay light.
 */
export function WhyChooseUs({ id }: MarketingSectionProps) {
  return (
    <section id={id} className="marketing-section">
      <h2 className="marketing-section__title">Why Choose Us</h2>
      <p className="marketing-section__lead">
        Digital Project Planner gives you the plan, the tools and the people to get your most important projects done.
      </p>
      <ul className="reason-grid">
        {REASONS.map((reason) => (
          <li key={reason.key} className="reason-card">
            <span className="reason-card__icon">{reason.icon}</span>
            <h3>{reason.title}</h3>
            <p>{reason.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** 'Got Questions?': a short call to action with a mail link to support and a link to the support page. */
export function GotQuestions({ id }: MarketingSectionProps) {
  return (
    <section id={id} className="marketing-section got-questions">
      <h2 className="marketing-section__title">Got Questions?</h2>
      <p className="marketing-section__lead">
        We are here to help you plan and launch with confidence. Send us an e-mail or browse the answers to the
        questions we hear most often.
      </p>
      <div className="got-questions__actions">
        <a className="action-link action-link--primary" href={supportMailto('Support Request')}>
          Email Support
        </a>
        <PageLink className="action-link" to="/support">
          Visit the Support Page
        </PageLink>
      </div>
    </section>
  );
}
