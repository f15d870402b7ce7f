import RightOutlined from '@ant-design/icons-svg/es/asn/RightOutlined';
import type { ReactNode } from 'react';
import { env } from '../../config/env';
import { EmailLink } from '../../shared/email-actions';
import { LightIcon } from '../../shared/light-icon';
import { PageLink } from '../../shared/navigation';
import { Paragraph } from '../../shared/prose';
import './support-faq.css';

interface Faq {
  key: string;
  question: string;
  answer: ReactNode;
}

const FAQS: readonly Faq[] = [
  {
    key: 'upload-several-times',
    question: 'Can I upload a project plan more than once?',
    answer: (
      <Paragraph>
        Yes. You can upload your project plans several times, for example into a new project or a second workspace, as
        long as you use them in line with our <PageLink to="/terms-of-use">Terms of Use</PageLink>.
      </Paragraph>
    ),
  },
  {
    key: 'csv-excel',
    question: 'Can I download a project plan as a CSV or Excel file?',
    answer: (
      <Paragraph>
        No. Our project plans are built to be uploaded straight into your work management tool with all of their tasks,
        sections and descriptions in place, so they cannot be downloaded as CSV or Excel files.
      </Paragraph>
    ),
  },
  {
    key: 'supported-tools',
    question: 'Which work management tools are supported?',
    answer: (
      <Paragraph>
        For now we support Asana, ClickUp and monday.com only. We are working on more integrations and will announce
        them to our members as soon as they are ready.
      </Paragraph>
    ),
  },
  {
    key: 'single-user',
    question: 'Can my team share one membership?',
    answer: (
      <Paragraph>
        Memberships are single-user: each membership belongs to one person and may not be shared. Once a plan is in your
        work management tool, you can invite your team there and assign them tasks as usual.
      </Paragraph>
    ),
  },
  {
    key: 'custom-plans',
    question: 'Can you create a custom project plan for my business?',
    answer: (
      <Paragraph>
        Yes. Custom project plans are a paid service. Tell us about your project at{' '}
        <EmailLink subject="Custom Project Plan" /> and we will send you a quote.
      </Paragraph>
    ),
  },
  {
    key: 'strategy-sessions',
    question: 'Do you offer one-on-one strategy sessions?',
    answer: (
      <Paragraph>
        Yes. Our experts offer strategy sessions to help you choose, adapt and roll out the right plans. Book one
        through{' '}
        <a href={env.HIRE_AN_EXPERT_URL} target="_blank" rel="noopener noreferrer">
          Hire an Expert
        </a>{' '}
        (opens in a new tab).
      </Paragraph>
    ),
  },
  {
    key: 'workspace-access',
    question: 'What do I need before I upload a plan?',
    answer: (
      <Paragraph>
        You need an account in Asana, ClickUp or monday.com, and access to the workspace and the teams you want to
        upload into before you start. If someone else manages your account, ask them to invite you first.
      </Paragraph>
    ),
  },
  {
    key: 'resale',
    question: 'Can I resell the project plans?',
    answer: (
      <Paragraph>
        Resale of project plans and other content is governed by the{' '}
        <PageLink to={{ pathname: '/terms-of-use', hash: '#content-resale' }}>
          Content Resale section of our Terms of Use
        </PageLink>
        . Please read it before you share or sell any of our content.
      </Paragraph>
    ),
  },
  {
    key: 'affiliates',
    question: 'I am an affiliate. Who can I talk to?',
    answer: (
      <Paragraph>
        Affiliates are welcome to contact our support team at <EmailLink subject="Affiliate Question" /> for links,
        payouts or any other question about the affiliate program.
      </Paragraph>
    ),
  },
];

/**
 * The support page's frequently asked questions, each a `<details>`: it opens and closes with no script, so the
 * page runs none for it (ADR 0051), and the answers are in the page for search and find-in-page.
 */
export function SupportFaq() {
  return (
    <div className="support-faq">
      {FAQS.map((faq) => (
        <details key={faq.key} className="support-faq__item">
          <summary className="support-faq__question">
            <LightIcon icon={RightOutlined} className="support-faq__arrow" />
            {faq.question}
          </summary>
          <div className="support-faq__answer">{faq.answer}</div>
        </details>
      ))}
    </div>
  );
}
