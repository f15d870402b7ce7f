import { Link } from 'react-router';
import { env } from '../../config/env';
import { Paragraph, Title } from '../../shared/prose';
import { useDocumentTitle } from '../../shared/use-document-title';
import { StaticPage } from '../legal/static-page-layout';
import './resources-page.css';

const PAGE_TITLE = 'Resources';

interface Resource {
  title: string;
  text: string;
  action: string;
  /** A page of another site (opens in a new tab), or a path of this one. */
  href: string;
  external: boolean;
}

const RESOURCES: readonly Resource[] = [
  {
    title: 'Blog',
    text: 'Articles on project planning, goal setting and getting more done with Asana, ClickUp and monday.com.',
    action: 'Read the Blog',
    href: env.BLOG_URL,
    external: true,
  },
  {
    title: 'Hire an Expert',
    text: 'Book a one-on-one strategy session with one of our experts to choose, adapt and roll out the right plans.',
    action: 'Hire an Expert',
    href: env.HIRE_AN_EXPERT_URL,
    external: true,
  },
  {
    title: 'Services',
    text: 'Custom project plans, workspace set-up and done-for-you planning for your business.',
    action: 'See Our Services',
    href: env.SERVICES_URL,
    external: true,
  },
  {
    title: 'Community',
    text: 'Meet other entrepreneurs who plan with Digital Project Planner, share what works and ask questions.',
    action: 'Join the Community',
    href: env.COMMUNITY_URL,
    external: true,
  },
  {
    title: 'Support',
    text: 'Answers to frequent questions, a live Q&A call with our customer success team, or an e-mail to us.',
    action: 'Get Support',
    href: '/support',
    external: false,
  },
];

/** /resources: where the header's Resources menu leads, with every resource the company offers. */
export function ResourcesPage() {
  useDocumentTitle(PAGE_TITLE);
  return (
    <StaticPage
      title={PAGE_TITLE}
      intro="Everything beyond the planner itself: ideas to read, experts to work with, people to learn from and help when you need it."
    >
      <ul className="resources-list">
        {RESOURCES.map((resource) => (
          <li key={resource.title} className="prose-panel resources-list__item">
            <Title level={2} style={{ fontSize: 22 }}>
              {resource.title}
            </Title>
            <Paragraph>{resource.text}</Paragraph>
            {resource.external ? (
              <a className="resources-list__action" href={resource.href} target="_blank" rel="noopener noreferrer">
                {resource.action}
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            ) : (
              <Link className="resources-list__action" to={resource.href}>
                {resource.action}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </StaticPage>
  );
}
