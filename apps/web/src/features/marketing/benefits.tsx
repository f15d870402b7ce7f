import {
  AimOutlined,
  ClockCircleOutlined,
  LineChartOutlined,
  TeamOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import './benefits.css';

interface Benefit {
  title: string;
  text: string;
  icon: ReactNode;
}

const BENEFITS: readonly Benefit[] = [
  {
    title: 'Plan Faster',
    text: 'Go from a goal to a complete project plan in minutes instead of days.',
    icon: <ThunderboltOutlined />,
  },
  {
    title: 'Stay focused',
    text: 'Work on the few projects that move your goal forward and park the rest.',
    icon: <AimOutlined />,
  },
  {
    title: 'Track Progress',
    text: 'See what is done, what is next and what is late at a glance.',
    icon: <LineChartOutlined />,
  },
  {
    title: 'Delegate Tasks',
    text: 'Hand clear, ready-to-run tasks to your team, assistant or contractors.',
    icon: <TeamOutlined />,
  },
  {
    title: 'Save Time',
    text: 'Skip the blank page and the copy-paste: every plan arrives ready to run.',
    icon: <ClockCircleOutlined />,
  },
];

export function Benefits() {
  return (
    <section className="lp-section" aria-labelledby="lp-benefits-title">
      <div className="container">
        <header className="lp-section__header">
          <p className="lp-section__eyebrow">Why it works</p>
          <h2 id="lp-benefits-title" className="lp-section__title">
            Less planning, more doing
          </h2>
          <p className="lp-section__lead">Everything you need to go from an idea to a plan your team can run.</p>
        </header>
        <ul className="lp-benefits">
          {BENEFITS.map((benefit) => (
            <li key={benefit.title} className="lp-benefit">
              <span className="lp-benefit__icon" aria-hidden="true">
                {benefit.icon}
              </span>
              <h3 className="lp-benefit__title">{benefit.title}</h3>
              <p className="lp-benefit__text">{benefit.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
