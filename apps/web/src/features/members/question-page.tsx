import { MEMBER_MESSAGES } from '@dpp/shared/messages';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { env } from '../../config/env';
import { notify } from '../../shared/notify';
import { useSession } from '../../shared/session';
import { useDocumentTitle } from '../../shared/use-document-title';
import { sendQuestion } from './members.api';

/** antd's messages, worded as the product words them. */
const validateMessages = {
  required: MEMBER_MESSAGES.FIELD_REQUIRED,
  types: { email: MEMBER_MESSAGES.FIELD_NOT_EMAIL, number: MEMBER_MESSAGES.FIELD_NOT_NUMBER },
};

interface QuestionValues {
  name: string;
  email: string;
  question: string;
}

/** /membership-area/facebook-community: the community page with the 'Submit a Q&A question' form. */
export function QuestionPage() {
  useDocumentTitle('Submit a Q&A question');
  const { identity } = useSession();
  const [form] = Form.useForm<QuestionValues>();
  const [sending, setSending] = useState(false);
  const attributes = identity?.attributes;

  const onFinish = async (values: QuestionValues) => {
    setSending(true);
    try {
      await sendQuestion({
        from: values.email.trim(),
        to: env.SUPPORT_EMAIL,
        subject: `Question from ${values.name.trim()}`,
        body: values.question?.trim() || '(no question text)',
      });
      void notify('success', MEMBER_MESSAGES.QA_SENT);
      form.resetFields(['question']);
    } catch (error) {
      // A failed send is logged (docs/product-rules.md, Members), without a message; a member still needs to know it
      // did not go.
      console.error('Q&A question not sent', error);
      void notify('error', 'Your question was not sent', error instanceof Error ? error.message : undefined);
    } finally {
      setSending(false);
    }
  };

  return (
    <article className="area-page">
      <h1>Community and Q&amp;A</h1>
      <p className="area-page__lead">
        Ask the coaches anything about your plans, the templates or the task tools. We answer by e-mail, and the best
        questions are covered in the next live Q&amp;A call.
      </p>
      <section aria-labelledby="qa-heading" className="area-card">
        <h2 id="qa-heading">Submit a Q&amp;A question</h2>
        <Form
          form={form}
          name="qa-question"
          layout="vertical"
          validateMessages={validateMessages}
          validateTrigger="onSubmit"
          onFinish={onFinish}
          initialValues={{
            name: [attributes?.given_name, attributes?.family_name].filter(Boolean).join(' '),
            email: attributes?.email ?? '',
            question: '',
          }}
        >
          <Form.Item label="Name" name="name" rules={[{ required: true, whitespace: true }]}>
            <Input autoComplete="name" maxLength={120} />
          </Form.Item>
          <Form.Item label="Email" name="email" rules={[{ required: true }, { type: 'email' }]}>
            <Input autoComplete="email" maxLength={254} />
          </Form.Item>
          <Form.Item label="Question" name="question" rules={[{ required: true, whitespace: true }]}>
            <Input.TextArea rows={5} maxLength={5000} showCount />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={sending}>
            Send question
          </Button>
        </Form>
      </section>
    </article>
  );
}
