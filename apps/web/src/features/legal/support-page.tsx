import { CalendarOutlined, MailOutlined } from '@ant-design/icons';
import { Button, Col, Row } from 'antd';
import { env } from '../../config/env';
import { EmailButton } from '../../shared/email-actions';
import { GotQuestions, WhyChooseUs } from '../../shared/marketing-sections';
import { Panel, Paragraph, Title } from '../../shared/prose';
import { useDocumentTitle } from '../../shared/use-document-title';
import { StaticPage, StaticSection } from './static-page-layout';
import { SupportFaq } from './support-faq';

const PAGE_TITLE = 'Support';

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
        <SupportFaq />
      </StaticSection>

      <WhyChooseUs />
      <GotQuestions />
    </StaticPage>
  );
}
