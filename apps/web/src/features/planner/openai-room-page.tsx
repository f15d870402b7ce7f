import { INDUSTRIES } from '@dpp/shared/planner/options';
import { Alert, Button, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../shared/api/client';
import { useDocumentTitle } from '../../shared/use-document-title';
import { streamAi } from './planner.api';
import './planner.css';

interface RoomAnswers {
  industry: string;
  goal_or_problem: string;
  target_audience: string;
}

const HEADINGS = ['S', 'M', 'A', 'R', 'T'] as const;

/** Splits the answer at its 'S - Specific' ... 'T - Time-bound' headings. */
function byHeading(text: string): Record<string, string> {
  const parts: Record<string, string> = {};
  let current = '';
  for (const line of text.split('\n')) {
    const heading = /^([SMART]) - /.exec(line);
    if (heading) current = heading[1]!;
    else if (current) parts[current] = `${parts[current] ?? ''}${line}\n`;
  }
  return parts;
}

/** /openairoom: the older three-question Goal Clarity Wizard. */
export function OpenAiRoomPage() {
  useDocumentTitle('Goal Clarity Wizard');
  const [text, setText] = useState('');
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (values: RoomAnswers) => {
    setLoading(true);
    setError(null);
    setText('');
    try {
      await streamAi({ step: 'room', ...values }, setText);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Please try again');
    } finally {
      setLoading(false);
    }
  };
  const parts = byHeading(text);
  const labels = { S: 'Specific', M: 'Measurable', A: 'Achievable', R: 'Relevant', T: 'Time-bound' };
  return (
    <main className="planner container">
      <h1>Goal Clarity Wizard</h1>
      <Form<RoomAnswers> layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item
          label="What industry are you in?"
          name="industry"
          rules={[{ required: true, message: 'Please choose your industry' }]}
        >
          <Select options={INDUSTRIES.map((i) => ({ value: i, label: i }))} />
        </Form.Item>
        <Form.Item
          label="What goal or problem do you want to work on?"
          name="goal_or_problem"
          rules={[{ required: true, message: 'Please describe your goal or problem' }]}
        >
          <Input.TextArea rows={2} maxLength={600} />
        </Form.Item>
        <Form.Item
          label="Who is your target audience?"
          name="target_audience"
          rules={[{ required: true, message: 'Please describe your audience' }]}
        >
          <Input maxLength={600} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={loading}>
          Make it S.M.A.R.T.
        </Button>
      </Form>
      {error && <Alert type="error" showIcon title={error} className="planner-alert" />}
      {text && (
        <section className="planner-smart" aria-live="polite">
          {HEADINGS.map((h) => (
            <div key={h}>
              <h2>
                {h} - {labels[h]}
              </h2>
              <p>{parts[h]?.trim()}</p>
            </div>
          ))}
        </section>
      )}
    </main>
  );
}
