import { ApiOutlined, CustomerServiceOutlined, RocketOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { Card, Col, Flex, Row, Typography, theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router';

import { EmailButton } from './email-actions';

const { Title, Paragraph } = Typography;

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

const iconStyle: CSSProperties = {
  fontSize: 28,
  marginBottom: 12,
};

export interface MarketingSectionProps {
  /** Optional id, so the landing page can link to the section. */
  id?: string;
}

/**
 * 'Why Choose Us': four short reasons as cards. Renders an `<h2>` and `<h3>` headings, so place it directly
 * under a page's `<h1>` level.
 */
export function WhyChooseUs({ id }: MarketingSectionProps) {
  const { token } = theme.useToken();

  return (
    <section id={id} style={{ marginTop: 48 }}>
      <Title level={2} style={{ textAlign: 'center' }}>
        Why Choose Us
      </Title>
      <Paragraph style={{ textAlign: 'center', maxWidth: 640, margin: '0 auto 24px' }}>
        Digital Project Planner gives you the plan, the tools and the people to get your most important projects done.
      </Paragraph>
      <Row gutter={[16, 16]}>
        {REASONS.map((reason) => (
          <Col key={reason.key} xs={24} sm={12}>
            <Card style={{ height: '100%' }}>
              <div style={{ ...iconStyle, color: token.colorPrimary }}>{reason.icon}</div>
              <Title level={3} style={{ fontSize: 20, marginTop: 0 }}>
                {reason.title}
              </Title>
              <Paragraph style={{ marginBottom: 0 }}>{reason.text}</Paragraph>
            </Card>
          </Col>
        ))}
      </Row>
    </section>
  );
}

/**
 * 'Got Questions?': a short call to action with a mail link to support and a link to the support page.
 */
export function GotQuestions({ id }: MarketingSectionProps) {
  const { token } = theme.useToken();

  const linkButtonStyle: CSSProperties = {
    display: 'inline-flex',
    alignItems: 'center',
    height: token.controlHeightLG,
    padding: `0 ${token.paddingContentHorizontal}px`,
    border: `${token.lineWidth}px solid ${token.colorBorder}`,
    borderRadius: token.borderRadiusLG,
    background: token.colorBgContainer,
    color: token.colorText,
    fontSize: token.fontSizeLG,
    textDecoration: 'none',
  };

  return (
    <section
      id={id}
      style={{
        marginTop: 48,
        padding: '32px 24px',
        borderRadius: token.borderRadiusLG,
        border: `${token.lineWidth}px solid ${token.colorBorderSecondary}`,
        background: token.colorBgContainer,
        textAlign: 'center',
      }}
    >
      <Title level={2} style={{ marginTop: 0 }}>
        Got Questions?
      </Title>
      <Paragraph style={{ maxWidth: 560, margin: '0 auto 24px' }}>
        We are here to help you plan and launch with confidence. Send us an e-mail or browse the answers to the
        questions we hear most often.
      </Paragraph>
      <Flex wrap gap="middle" justify="center">
        <EmailButton subject="Support Request">Email Support</EmailButton>
        <Link to="/support" style={linkButtonStyle}>
          Visit the Support Page
        </Link>
      </Flex>
    </section>
  );
}
