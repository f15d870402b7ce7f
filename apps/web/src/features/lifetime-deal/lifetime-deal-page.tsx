import { CheckCircleFilled } from '@ant-design/icons';
import { LIFETIME_DEAL_MESSAGES } from '@dpp/shared/messages';
import { newAccountEmailProblem } from '@dpp/shared/rules/credentials';
import { Button, Form, type FormRule, Input, Result } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../shared/api/client';
import { notify } from '../../shared/notify';
import { STORAGE_KEYS, writeStorage } from '../../shared/session';
import { useDocumentTitle } from '../../shared/use-document-title';
import { createLifetimeAccount, redeemCode, sendPasswordEmail } from './lifetime-deal.api';
import './lifetime-deal.css';

interface RedeemValues {
  nameUser: string;
  lastName: string;
  email: string;
  appSumoCode: string;
}

const emailRules: FormRule[] = [
  { required: true, whitespace: true, message: LIFETIME_DEAL_MESSAGES.EMAIL_REQUIRED },
  {
    validator: (_rule, value: unknown) => {
      const text = typeof value === 'string' ? value : '';
      const problem = text === '' ? undefined : newAccountEmailProblem(text);
      return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
    },
  },
];

const failure = (error: unknown) => (error instanceof ApiError ? error.message : 'Please try again');

/** The redemption form: code check, then the account (response), then the follow-up mail. */
function RedeemForm() {
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  // A code this page redeemed is not redeemed again when the next step is retried.
  const [redeemed, setRedeemed] = useState<string | null>(null);

  const onFinish = async (values: RedeemValues) => {
    const form = {
      nameUser: values.nameUser.trim(),
      lastName: values.lastName.trim(),
      email: values.email.trim(),
      appSumoCode: values.appSumoCode.trim(),
    };
    setSending(true);
    try {
      if (redeemed !== form.appSumoCode) {
        const answer = await redeemCode(form.appSumoCode);
        // A claimed code may be this buyer's own, after a reload: the account step lets only the
        // address that claimed it continue, and answers the same failure to anyone else.
        if (answer !== LIFETIME_DEAL_MESSAGES.REDEEMED && answer !== LIFETIME_DEAL_MESSAGES.ALREADY_REDEEMED) {
          void notify('error', LIFETIME_DEAL_MESSAGES.FAILED, answer);
          return;
        }
        setRedeemed(form.appSumoCode);
      }
      const { database_id, sign_up_proof } = await createLifetimeAccount(form);
      // The confirmation link keeps the code as the password only when opened in this browser (ADR 0025).
      writeStorage(STORAGE_KEYS.SIGN_UP_PROOF, sign_up_proof);
      await sendPasswordEmail({
        nameUser: form.nameUser,
        lastName: form.lastName,
        email: form.email,
        database_id,
      });
      void notify('success', LIFETIME_DEAL_MESSAGES.SUCCESS, LIFETIME_DEAL_MESSAGES.SUCCESS_TEXT);
      setDone(form.email);
    } catch (error) {
      void notify('error', LIFETIME_DEAL_MESSAGES.FAILED, failure(error));
    } finally {
      setSending(false);
    }
  };

  if (done) {
    return (
      <Result
        status="success"
        icon={<CheckCircleFilled aria-hidden />}
        title={LIFETIME_DEAL_MESSAGES.SUCCESS}
        subTitle={`We sent an e-mail to ${done}. ${LIFETIME_DEAL_MESSAGES.SUCCESS_TEXT}`}
        extra={
          <Link className="ltd-login-link" to="/user-login">
            Go to login
          </Link>
        }
      />
    );
  }

  return (
    <Form name="appsumo" layout="vertical" requiredMark={false} onFinish={onFinish}>
      <Form.Item
        label="First Name"
        name="nameUser"
        rules={[{ required: true, whitespace: true, message: LIFETIME_DEAL_MESSAGES.FIRST_NAME_REQUIRED }]}
      >
        <Input size="large" autoComplete="given-name" maxLength={60} />
      </Form.Item>
      <Form.Item
        label="Last Name"
        name="lastName"
        rules={[{ required: true, whitespace: true, message: LIFETIME_DEAL_MESSAGES.LAST_NAME_REQUIRED }]}
      >
        <Input size="large" autoComplete="family-name" maxLength={60} />
      </Form.Item>
      <Form.Item label="AppSumo Email" name="email" rules={emailRules}>
        <Input size="large" autoComplete="email" maxLength={254} />
      </Form.Item>
      <Form.Item
        label="AppSumo Code"
        name="appSumoCode"
        rules={[{ required: true, whitespace: true, message: LIFETIME_DEAL_MESSAGES.CODE_REQUIRED }]}
      >
        <Input size="large" autoComplete="off" maxLength={64} spellCheck={false} />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block loading={sending}>
        Redeem Code
      </Button>
    </Form>
  );
}

const BENEFITS = [
  'Pro Monthly Membership for life',
  'AI planner: SMART goal, projects, success plan and task list',
  'Transfer plans to Asana, ClickUp or Monday',
  'The project plan template library',
];

const Logos = () => (
  <div className="ltd-logos">
    <img src="/images/logo.svg" alt="Digital Project Planner" width={220} height={40} />
    <span className="ltd-logos__times" aria-hidden>
      ×
    </span>
    <span className="ltd-logos__partner">AppSumo</span>
  </div>
);

/** /appsumo, /appsumo2 and /appsumo3: the same form in three layouts. */
export function LifetimeDealPage({ layout }: { layout: 1 | 2 | 3 }) {
  useDocumentTitle('Redeem your AppSumo code');
  const heading = <h1>Redeem your AppSumo code</h1>;
  const lead = (
    <p className="ltd-lead">
      Enter your name, the e-mail address you used on AppSumo and your code. We will e-mail you a link to confirm your
      address and set your password.
    </p>
  );
  if (layout === 2) {
    return (
      <main className="ltd ltd--split">
        <section className="ltd-pitch" aria-label="What you get">
          <Logos />
          <h2>Your lifetime deal includes</h2>
          <ul>
            {BENEFITS.map((b) => (
              <li key={b}>
                <CheckCircleFilled aria-hidden /> {b}
              </li>
            ))}
          </ul>
        </section>
        <section className="ltd-card">
          {heading}
          {lead}
          <RedeemForm />
        </section>
      </main>
    );
  }
  if (layout === 3) {
    return (
      <main className="ltd ltd--banner">
        <div className="ltd-banner">
          <Logos />
          <p>Welcome, Sumo-lings! Plans that go from goal to tasks in minutes.</p>
        </div>
        <section className="ltd-card">
          {heading}
          {lead}
          <RedeemForm />
        </section>
      </main>
    );
  }
  return (
    <main className="ltd">
      <section className="ltd-card">
        <Logos />
        {heading}
        {lead}
        <RedeemForm />
      </section>
    </main>
  );
}

export const LifetimeDealPage1 = () => <LifetimeDealPage layout={1} />;
export const LifetimeDealPage2 = () => <LifetimeDealPage layout={2} />;
export const LifetimeDealPage3 = () => <LifetimeDealPage layout={3} />;
