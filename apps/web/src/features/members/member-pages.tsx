import {
  CalendarOutlined,
  CheckCircleFilled,
  CloseCircleFilled,
  MessageOutlined,
  SlackOutlined,
} from '@ant-design/icons';
import { VIDEO_LINK_TEXT } from '@dpp/shared/constants';
import { vimeoEmbedUrl } from '@dpp/shared/rules/templates';
import { Alert, Button, Skeleton } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { env } from '../../config/env';
import { useDocumentTitle } from '../../shared/use-document-title';
import { useAreaContext } from './area-layout';
import { useMemberLink } from './members.api';
import { safeUrl } from './safe-url';

const INCLUDES = [
  'SMART goal generator: turn a rough idea into a Specific, Measurable, Achievable, Relevant and Time-bound goal',
  'AI project planning engine: up to five project recommendations for your goal, with a success plan for the one you pick',
  'AI task list generator: eight tasks with subtasks, ready to hand over',
  'Transfer to Asana, Monday or ClickUp in a few clicks',
  'A private Slack channel with the coaches and other members',
  'The full project plan library: launch plans, operations plans, checklists and trackers',
  'Live training webinars, recorded for the times you cannot join',
];

const DOS = [
  'Start with one goal and take it all the way to a task list before starting the next one.',
  'Answer the goal questions with real numbers: dates, budgets and targets make better plans.',
  'Adapt a library template before you transfer it: rename tasks to your words and delete what does not apply.',
  'Bring your questions to the live Q&A: the coaches review real plans on the call.',
];

const DONTS = [
  'Do not share your login: memberships are for one person.',
  'Do not transfer a plan into a workspace your team cannot see yet: connect the tool and check access first.',
  'Do not wait for the perfect plan. Transfer it, start, and adjust it in your task tool.',
];

/** The first Training video of the catalogue, for the welcome page. */
function useWelcomeVideo(): string | undefined {
  const { catalogue } = useAreaContext();
  const training = catalogue.find((c) => c.category === 'Training')?.products ?? [];
  const link = training
    .flatMap((p) => p.project_plan_links)
    .find((l) => l.type === 'VIDEO_LINK' && l.link_text === VIDEO_LINK_TEXT && l.link !== '');
  return link ? vimeoEmbedUrl(link.link) : undefined;
}

/** /membership-area/use-dpp-member (and the area's home): how to get the most of the membership. */
export function UseDppMemberPage() {
  useDocumentTitle('Your membership');
  const navigate = useNavigate();
  const video = useWelcomeVideo();
  return (
    <article className="area-page">
      <h1>Welcome to your Digital Project Planner membership</h1>
      <p className="area-page__lead">
        Everything you need to go from goal to a plan your team can run: the AI planner, the template library, training,
        and people to ask when you are stuck. Watch the short tour, then pick your first goal.
      </p>
      {video && (
        <div className="area-video">
          <iframe
            src={video}
            title="Membership tour video"
            allow="fullscreen; picture-in-picture"
            allowFullScreen
            loading="lazy"
          />
        </div>
      )}
      <section aria-labelledby="includes-heading">
        <h2 id="includes-heading">What your membership includes</h2>
        <ul className="area-checklist">
          {INCLUDES.map((item) => (
            <li key={item}>
              <CheckCircleFilled aria-hidden className="area-checklist__yes" /> {item}
            </li>
          ))}
        </ul>
      </section>
      <div className="area-columns">
        <section aria-labelledby="dos-heading">
          <h2 id="dos-heading">Do's</h2>
          <ul className="area-checklist">
            {DOS.map((item) => (
              <li key={item}>
                <CheckCircleFilled aria-hidden className="area-checklist__yes" /> {item}
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="donts-heading">
          <h2 id="donts-heading">Don'ts</h2>
          <ul className="area-checklist">
            {DONTS.map((item) => (
              <li key={item}>
                <CloseCircleFilled aria-hidden className="area-checklist__no" /> {item}
              </li>
            ))}
          </ul>
        </section>
      </div>
      <div className="area-actions">
        <Button
          type="primary"
          size="large"
          icon={<SlackOutlined aria-hidden />}
          href={env.SLACK_URL}
          target="_blank"
          rel="noopener noreferrer"
        >
          Join the Slack channel
        </Button>
        <Button
          size="large"
          icon={<MessageOutlined aria-hidden />}
          onClick={() => void navigate('/membership-area/facebook-community')}
        >
          Submit a Q&amp;A question
        </Button>
        <Button
          size="large"
          icon={<CalendarOutlined aria-hidden />}
          onClick={() => void navigate('/membership-area/qa-calendar')}
        >
          Q&amp;A calendar
        </Button>
      </div>
    </article>
  );
}

/** /membership-area/template-link/{templateId}: one template of a product, titled by its link_text. */
export function TemplateLinkPage() {
  const { templateId = '' } = useParams();
  const link = useMemberLink(templateId);
  useDocumentTitle(link.data?.link_text);
  if (link.isPending) return <Skeleton active />;
  if (link.isError) return <Alert type="error" showIcon title={link.error.message} />;
  const href = safeUrl(link.data.link);
  return (
    <article className="area-page">
      <h1>{link.data.link_text || 'Template'}</h1>
      <p className="area-page__lead">
        Part of <Link to={`/membership-area/overview/${link.data.product_id}`}>{link.data.product_name}</Link>. Open the
        template, make a copy in your own account, and adapt it to your project before you share it with your team.
      </p>
      {href ? (
        <Button type="primary" size="large" href={href} target="_blank" rel="noopener noreferrer">
          Open the template
        </Button>
      ) : (
        <Alert type="warning" showIcon title="This template has no address yet. Please ask us through the Q&A form." />
      )}
    </article>
  );
}

const COACHES = [
  {
    name: 'Operations coaching',
    text: 'Our operations coaches have run delivery for agencies, online course businesses and service firms. They help you turn a goal into a plan with owners, dates and a weekly rhythm.',
  },
  {
    name: 'Project management coaching',
    text: 'Certified project managers who review your plans on the live calls: scope, dependencies, risks, and what to cut when time runs short.',
  },
  {
    name: 'Tool coaching',
    text: 'Specialists in Asana, ClickUp and Monday who show you how to set up boards, views and automations for the plans you transfer.',
  },
];

export function MeetYourCoachesPage() {
  useDocumentTitle('Meet your coaches');
  return (
    <article className="area-page">
      <h1>Meet your coaches</h1>
      <p className="area-page__lead">
        The people behind the live Q&amp;A calls and the Slack channel. Bring them a real plan: they answer best when
        they can see what you are working on.
      </p>
      {COACHES.map((c) => (
        <section key={c.name} aria-label={c.name} className="area-card">
          <h2>{c.name}</h2>
          <p>{c.text}</p>
        </section>
      ))}
    </article>
  );
}

export function CourseVideoPage() {
  useDocumentTitle('Course videos');
  const { catalogue, root } = useAreaContext();
  const training = catalogue.find((c) => c.category === 'Training')?.products ?? [];
  return (
    <article className="area-page">
      <h1>Course videos</h1>
      <p className="area-page__lead">
        Short lessons on planning with Digital Project Planner, from writing a SMART goal to running the weekly review
        of a transferred plan. Watch them in order the first time.
      </p>
      {training.length === 0 ? (
        <p>New lessons are being recorded. They will appear here as soon as they are published.</p>
      ) : (
        <ol className="area-page__links">
          {training.map((p) => (
            <li key={p.id}>
              <Link to={`${root}/overview/${p.id}`} state={{ product: p }}>
                {p.product_name}
              </Link>
              {p.description && <span>: {p.description}</span>}
            </li>
          ))}
        </ol>
      )}
    </article>
  );
}

const TOOLS = [
  {
    name: 'Asana',
    steps:
      'Choose Asana, log in, pick the workspace and then the team: the plan arrives as a project with sections and tasks.',
  },
  {
    name: 'ClickUp',
    steps: 'Choose Click Up, log in and pick the space: each section becomes a list, each task keeps its subtasks.',
  },
  {
    name: 'Monday',
    steps:
      'Choose Monday, log in and pick the workspace (or create one): the plan becomes a board with one group per section.',
  },
];

export function TransferToPage() {
  useDocumentTitle('Transfer to Asana, Clickup, or Monday');
  return (
    <article className="area-page">
      <h1>Transfer to Asana, Clickup, or Monday</h1>
      <p className="area-page__lead">
        Every plan, from the library or from the AI planner, can be sent to your task tool. Press “Get Project Plan” on
        a template (or “Send Task List” in the AI planner), then follow the four steps: Select Tool, Login, Select
        Workspace, Finish.
      </p>
      {TOOLS.map((t) => (
        <section key={t.name} aria-label={t.name} className="area-card">
          <h2>{t.name}</h2>
          <p>{t.steps}</p>
        </section>
      ))}
      <p>You need access to the workspace and the team before you start: ask your workspace owner to invite you.</p>
    </article>
  );
}

export function QaCalendarPage() {
  useDocumentTitle('Q&A calendar');
  return (
    <article className="area-page">
      <h1>Q&amp;A calendar</h1>
      <p className="area-page__lead">
        Live Q&amp;A calls with the coaches, every week. Register for a session, bring a plan or a question, and leave
        with a next step. Recordings are shared in the Slack channel.
      </p>
      <Button
        type="primary"
        size="large"
        icon={<CalendarOutlined aria-hidden />}
        href={env.SCHEDULING_URL}
        target="_blank"
        rel="noopener noreferrer"
      >
        Register for a Q&amp;A call
      </Button>
    </article>
  );
}

/** /pm-course-area: the course's welcome page. */
export function CourseHomePage() {
  useDocumentTitle('Project Management Course Area');
  return (
    <article className="area-page">
      <h1>Project Management Course Area</h1>
      <p className="area-page__lead">
        The course walks you through planning and running a project from start to finish. Open a module in the menu:
        each one has a video lesson, notes, and the templates used in the lesson.
      </p>
    </article>
  );
}
