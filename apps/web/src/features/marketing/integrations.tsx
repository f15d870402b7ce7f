import { ApiOutlined, CloudUploadOutlined, PartitionOutlined } from '@ant-design/icons';
import './integrations.css';

const TOOLS = [
  { name: 'Asana', src: '/images/tools/asana.svg' },
  { name: 'Monday', src: '/images/tools/monday.svg' },
  { name: 'ClickUp', src: '/images/tools/clickup.svg' },
] as const;

const STEPS = [
  { icon: <ApiOutlined />, text: 'Connect your Asana, Monday or ClickUp account.' },
  { icon: <PartitionOutlined />, text: 'Choose the workspace and team for the plan.' },
  { icon: <CloudUploadOutlined />, text: 'Upload: sections, tasks and subtasks arrive in place.' },
] as const;

/** The task-management tools a plan can be uploaded into. */
export function Integrations() {
  return (
    <section className="lp-section lp-section--tint" aria-labelledby="lp-integrations-title">
      <div className="container lp-integrations">
        <div className="lp-integrations__copy">
          <p className="lp-section__eyebrow">Integrations</p>
          <h2 id="lp-integrations-title" className="lp-section__title">
            Send your plan to the tool your team already uses
          </h2>
          <p className="lp-section__lead">
            No copying and pasting: upload any plan into Asana, Monday or ClickUp in a few clicks and start executing
            the same day.
          </p>
          <ol className="lp-integrations__steps">
            {STEPS.map((step) => (
              <li key={step.text}>
                <span className="lp-integrations__step-icon" aria-hidden="true">
                  {step.icon}
                </span>
                {step.text}
              </li>
            ))}
          </ol>
        </div>
        <ul className="lp-integrations__logos">
          {TOOLS.map((tool) => (
            <li key={tool.name} className="lp-integrations__logo">
              <img src={tool.src} alt={tool.name} width={140} height={40} loading="lazy" decoding="async" />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
