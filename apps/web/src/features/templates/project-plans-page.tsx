import { TEMPLATE_LIST_TOTAL } from '@dpp/shared/constants';
import { Alert, Button } from 'antd';
import { useTemplates } from '../../shared/catalogue/catalogue.api';
import { Island } from '../../shared/islands';
import { useDocumentTitle } from '../../shared/use-document-title';
import { ContactUsButton } from './contact-us-button';
import { TemplateGrid } from './template-grid';
import './templates.css';

/** /project-plans. On the page the server sends, the two grids and the contact button are islands (ADR 0033). */
export function ProjectPlansPage() {
  const { data, isLoading, isError, refetch } = useTemplates();
  useDocumentTitle('Project Plans');

  return (
    <div className="container templates-page">
      <header className="templates-page__intro">
        <h1>Project Plans</h1>
        <p>
          Ready-to-run plans written by operators, with every section, task and subtask in place. Pick one, upload it to
          Asana, ClickUp or monday.com, and start executing today.
        </p>
      </header>
      <aside className="templates-page__info" aria-label="New plans">
        <p>New project plans are added often. Need a plan that is not here yet? Tell us what you are working on.</p>
        <Island name="contact-us-button" when="interaction">
          <ContactUsButton />
        </Island>
      </aside>
      {isError && (
        <Alert
          type="error"
          showIcon
          title="We could not load the project plans."
          action={<Button onClick={() => void refetch()}>Try again</Button>}
        />
      )}
      {isLoading && (
        <div className="card-grid card-grid--loading" role="status">
          <span className="visually-hidden">Loading project plans…</span>
        </div>
      )}
      {data && (
        <>
          <section aria-labelledby="free-templates">
            <h2 id="free-templates">Free Templates</h2>
            <Island name="free-templates" when="interaction">
              <TemplateGrid section="free" firstScreen />
            </Island>
          </section>
          <section aria-labelledby="premium-templates">
            <h2 id="premium-templates">Premium Templates</h2>
            {/* A carousel's chosen card, to be highlighted and scrolled to, comes as handed state: the islands are
                then taken over at load (islands.ts). */}
            <Island name="premium-templates" when="interaction">
              <TemplateGrid section="premium" />
            </Island>
          </section>
          {/* The product keeps a pagination control that stays hidden: every plan fits on one page. */}
          <nav hidden aria-label="Project plan pages" data-total={TEMPLATE_LIST_TOTAL}>
            Page 1 of 1
          </nav>
        </>
      )}
    </div>
  );
}
