import { MailOutlined } from '@ant-design/icons';
import type { FormProps } from 'antd';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { env } from '../../config/env';
import { EmailButton, EmailLink } from '../../shared/email-actions';
import { Panel, Paragraph } from '../../shared/prose';
import { useDocumentTitle } from '../../shared/use-document-title';
import { StaticPage, StaticSection } from './static-page-layout';

const PAGE_TITLE = 'Contact Us';

/** antd replaces ${label} with the field's label, e.g. 'Email is not a valid email!'. */
const validateMessages: FormProps['validateMessages'] = {
  required: '${label} is required!',
  types: {
    email: '${label} is not a valid email!',
  },
};

interface ContactFormValues {
  name: string;
  email: string;
  message: string;
}

const buildContactMailto = ({ name, email, message }: ContactFormValues): string => {
  const subject = `Contact request from ${name.trim()}`;
  const body = `${message.trim()}\n\n${name.trim()} <${email.trim()}>`;
  return `mailto:${env.SUPPORT_EMAIL}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
};

/** /contact-us: logo, contact form (opens a mail draft) and a contact-support button. */
export function ContactUsPage() {
  const [form] = Form.useForm<ContactFormValues>();
  const [draftOpened, setDraftOpened] = useState(false);

  useDocumentTitle(PAGE_TITLE);

  const handleFinish = (values: ContactFormValues) => {
    window.location.assign(buildContactMailto(values));
    setDraftOpened(true);
  };

  return (
    <StaticPage
      header={
        <img
          src="/images/logo.svg"
          alt="Digital Project Planner"
          width={220}
          height={40}
          style={{ display: 'block', marginBottom: 24 }}
        />
      }
      title={PAGE_TITLE}
      intro={
        <>
          Have a question about a project plan, your membership or an upload? Send us a message and our team will get
          back to you, usually within one business day.
        </>
      }
    >
      <Panel>
        <Form<ContactFormValues>
          form={form}
          name="contact"
          layout="vertical"
          requiredMark
          validateMessages={validateMessages}
          onFinish={handleFinish}
          onValuesChange={() => setDraftOpened(false)}
        >
          <Form.Item<ContactFormValues> label="Name" name="name" rules={[{ required: true, whitespace: true }]}>
            <Input autoComplete="name" size="large" />
          </Form.Item>
          <Form.Item<ContactFormValues> label="Email" name="email" rules={[{ required: true }, { type: 'email' }]}>
            <Input type="email" autoComplete="email" size="large" />
          </Form.Item>
          <Form.Item<ContactFormValues> label="Message" name="message" rules={[{ required: true, whitespace: true }]}>
            <Input.TextArea rows={6} showCount maxLength={2000} />
          </Form.Item>
          <Form.Item style={{ marginBottom: 0 }}>
            <Button type="primary" htmlType="submit" size="large" icon={<MailOutlined aria-hidden />}>
              Send Message
            </Button>
          </Form.Item>
        </Form>
        {draftOpened ? (
          <Alert
            type="success"
            showIcon
            style={{ marginTop: 24 }}
            title="Your e-mail app should now open with your message."
            description={
              <>
                Press send in your e-mail app to reach us. If nothing opened, write to us directly at <EmailLink />.
              </>
            }
          />
        ) : null}
      </Panel>

      <StaticSection id="customer-support" title="Need Help With Your Account?">
        <Paragraph>
          For help with uploads, billing or your membership, contact our customer support team directly. We answer every
          message personally.
        </Paragraph>
        <EmailButton subject="Customer Support" type="default">
          Contact Support
        </EmailButton>
      </StaticSection>
    </StaticPage>
  );
}
