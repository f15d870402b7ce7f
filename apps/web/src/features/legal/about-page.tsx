import { Flex, theme } from 'antd';
import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { Panel, Paragraph, Title } from '../../shared/prose';
import { useDocumentTitle } from '../../shared/use-document-title';
import { StaticPage, StaticSection } from './static-page-layout';

const PAGE_TITLE = 'About Us';

interface Step {
  key: string;
  title: string;
  text: string;
}

const STEPS: readonly Step[] = [
  {
    key: 'select-plan',
    title: 'Select Your Project Plan',
    text:
      'Pick a ready-made template from our library, or let the AI planner build a plan around your goal: it asks ' +
      'a few questions, writes a SMART goal, recommends projects and turns the best one into a success plan and ' +
      'a task list.',
  },
  {
    key: 'select-tool',
    title: 'Select Your Work Management Tool',
    text:
      'Choose where the plan should live: Asana, ClickUp or monday.com. Use the tool your team already knows, ' +
      'so nobody has to learn new software.',
  },
  {
    key: 'log-in-upload',
    title: 'Log In and Upload',
    text:
      'Connect your account securely, choose the workspace and team, and upload. Tasks, sections, descriptions ' +
      'and checklists arrive in your tool in minutes instead of hours of copying and pasting.',
  },
  {
    key: 'manage-execute',
    title: 'Manage and Execute',
    text:
      'Assign owners, set due dates and track progress right inside your tool. Your plan is ready to run from ' +
      'day one, so you can spend your time doing the work instead of planning it.',
  },
];

const AUDIENCE: readonly string[] = [
  'Entrepreneurs and small-business owners',
  'Coaches and consultants',
  'Fractional COOs and integrators',
  'Project managers and online business managers',
  'Virtual assistants',
  'Solopreneurs',
];

const stepListStyle: CSSProperties = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))',
  gap: 16,
  listStyle: 'none',
  margin: 0,
  padding: 0,
};

/** /about: mission, how it works and the supported tools. */
export function AboutPage() {
  const { token } = theme.useToken();

  useDocumentTitle(PAGE_TITLE);

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
    <StaticPage
      title={PAGE_TITLE}
      intro={
        <>
          Digital Project Planner turns an entrepreneur&rsquo;s goal into a ready-to-run project plan, and puts that
          plan straight into the work management tool you already use.
        </>
      }
    >
      <StaticSection id="helping-small-business-owners" title="We Help Small Business Owners Turn Goals Into Results">
        <Paragraph>
          Running a small business means wearing every hat at once. Big goals, such as launching an offer, building a
          90-day plan or organising client delivery, often stall not for lack of ideas but for lack of a clear,
          step-by-step plan and the time to write one.
        </Paragraph>
        <Paragraph>
          We built Digital Project Planner for exactly that moment. Instead of staring at a blank page, you start with a
          proven structure: clear projects, sensible milestones and concrete tasks, written for real small businesses
          and ready to hand to your team.
        </Paragraph>
      </StaticSection>

      <StaticSection id="our-mission" title="Our Mission">
        <Paragraph>
          Our mission is to help small business owners plan less and achieve more. We believe every entrepreneur
          deserves the kind of planning support that large companies take for granted: a clear goal, the right projects
          and a plan that the whole team can follow.
        </Paragraph>
        <Paragraph>
          We combine artificial intelligence with project plan templates tested in real businesses, so the plans you get
          are fast to create, practical to follow and easy to adapt. And when you want a human point of view, our
          customer success team and experts are a call or an e-mail away.
        </Paragraph>
        <Paragraph>Digital Project Planner is built for:</Paragraph>
        <ul>
          {AUDIENCE.map((group) => (
            <li key={group}>{group}</li>
          ))}
        </ul>
      </StaticSection>

      <StaticSection id="how-it-works" title="How it Works">
        <Paragraph>Going from goal to a running project takes four steps.</Paragraph>
        <ol style={stepListStyle}>
          {STEPS.map((step, index) => (
            <li key={step.key}>
              <Panel style={{ height: '100%' }}>
                <Paragraph strong style={{ marginBottom: 4 }}>
                  Step {index + 1}
                </Paragraph>
                <Title level={3} style={{ fontSize: 20, marginTop: 0 }}>
                  {step.title}
                </Title>
                <Paragraph style={{ marginBottom: 0 }}>{step.text}</Paragraph>
              </Panel>
            </li>
          ))}
        </ol>
      </StaticSection>

      <StaticSection id="integrations" title="Works With the Tools You Already Use">
        <Paragraph>
          Our project plans work with Asana, ClickUp and monday.com. Connect your account once, choose a workspace and a
          team, and every section, task and description of your plan is created for you.
        </Paragraph>
        <Paragraph>
          Need help choosing a plan or getting started? Our <Link to="/support">support page</Link> has answers to
          common questions and a link to book a live Q&amp;A call with our customer success team.
        </Paragraph>
        <Flex wrap gap="middle" style={{ marginTop: 24 }}>
          <Link to="/project-plans" style={linkButtonStyle}>
            Browse Project Plans
          </Link>
          <Link to="/ai" style={linkButtonStyle}>
            Try the AI Planner
          </Link>
        </Flex>
      </StaticSection>
    </StaticPage>
  );
}
