import { CalendarOutlined, MailOutlined } from '@ant-design/icons';
import type { CollapseProps } from 'antd';
import { Button, Col, Collapse, Row } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { env } from '../../config/env';
import { EmailButton, EmailLink } from '../../shared/email-actions';
import { GotQuestions, WhyChooseUs } from '../../shared/marketing-sections';
import { Panel, Paragraph, Title } from '../../shared/prose';
import { useDocumentTitle } from '../../shared/use-document-title';
import { StaticPage, StaticSection } from './static-page-layout';

const PAGE_TITLE = 'Support';

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
        long as you use them in line with our <Link to="/terms-of-use">Terms of Use</Link>.
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
        <Link to={{ pathname: '/terms-of-use', hash: '#content-resale' }}>
          Content Resale section of our Terms of Use
        </Link>
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

const faqItems: CollapseProps['items'] = FAQS.map((faq) => ({
  key: faq.key,
  label: faq.question,
  children: faq.answer,
  // Render the answers up front (hidden until opened) so the page text is complete for search and find-in-page.
  forceRender: true,
}));

/** /support: live Q&A call, e-mail support, frequently asked questions. */
export function SupportPage() {
  useDocumentTitle(PAGE_TITLE);

  return (
    <StaticPage
      title={PAGE_TITLE}
      intro={
        <>
          We are here to help you get the most out of Digital Project Planner. Talk to us live, send us an e-mail or
          find a quick answer below.
        </>
      }
    >
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12}>
          <Panel style={{ height: '100%' }}>
            <Title level={2} style={{ fontSize: 22, marginTop: 0 }}>
              Join a Live Q&amp;A Call
            </Title>
            <Paragraph>
              Book a live Q&amp;A call with a member of our customer success team. Bring your questions about plans,
              uploads or your membership and get answers in real time.
            </Paragraph>
            <Button
              type="primary"
              size="large"
              icon={<CalendarOutlined aria-hidden />}
              href={env.SCHEDULING_URL}
              target="_blank"
              rel="noopener noreferrer"
              aria-label="Save Your Spot Now (opens in a new tab)"
            >
              Save Your Spot Now
            </Button>
          </Panel>
        </Col>
        <Col xs={24} md={12}>
          <Panel style={{ height: '100%' }}>
            <Title level={2} style={{ fontSize: 22, marginTop: 0 }}>
              Email Our Support Team
            </Title>
            <Paragraph>
              Prefer to write? Send us your question at {env.SUPPORT_EMAIL} and our team will get back to you as soon as
              possible, usually within one business day.
            </Paragraph>
            <EmailButton subject="Support Request" icon={<MailOutlined aria-hidden />}>
              Email Us Now
            </EmailButton>
          </Panel>
        </Col>
      </Row>

      <StaticSection id="faq" title="Frequently Asked Questions">
        <Collapse items={faqItems} size="large" />
      </StaticSection>

      <WhyChooseUs />
      <GotQuestions />
    </StaticPage>
  );
}
