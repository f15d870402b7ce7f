import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { escapeHtml } from '../../lib/escape-html';
import { sendPage } from './pages';
import { isBadJson } from './requests';
import type { SandboxTool } from './sandbox.tables';
import { deleteWithDescendants, findObject } from './sandbox-store';
import { findTreeNode, type SandboxAccountTree, sandboxTree, type TaskDone, type TreeNode } from './sandbox-tree';

/** What a simulator's page shows: its name, how it names each kind of object, and which details it lists. */
interface HomePage {
  tool: SandboxTool;
  toolName: string;
  labels: Record<string, string>;
  detailKeys: string[];
  /** The kind of object an upload makes its project of (Asana project, ClickUp folder, monday board). */
  projectKind: string;
}

/** A task's state in words (not colour alone), and the button that turns it over, named after the task. */
function taskState(page: HomePage, task: TreeNode): string {
  const label = task.done ? 'Mark not done' : 'Mark done';
  const state = task.done ? '<strong class="state state-done">Done</strong>' : '<span class="state">To do</span>';
  return ` ${state}<form class="tick" method="post" action="/sandbox/${page.tool}/-/tasks/${escapeHtml(encodeURIComponent(task.id))}/done"><input type="hidden" name="done" value="${task.done ? 'false' : 'true'}"><button type="submit" aria-label="${escapeHtml(`${label}: ${task.name}`)}">${label}</button></form>`;
}

/** The button that deletes a project, named after it, as a person deletes one in the tool. */
function projectDelete(page: HomePage, project: TreeNode): string {
  const label = `Delete ${(page.labels[project.kind] ?? project.kind).toLowerCase()}`;
  return `<form class="tick" method="post" action="/sandbox/${page.tool}/-/projects/${escapeHtml(encodeURIComponent(project.id))}/delete"><button type="submit" aria-label="${escapeHtml(`${label}: ${project.name}`)}">${escapeHtml(label)}</button></form>`;
}

/** A detail as the page lists it: nothing when unset, an object (monday's columns by title) as its entries. */
function detailEntries(key: string, value: unknown): [string, unknown][] {
  if (value === undefined || value === null || value === '') return [];
  if (typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value).filter(([, v]) => v !== undefined && v !== null && v !== '');
  }
  return [[key, value]];
}

function renderNodes(page: HomePage, nodes: TreeNode[]): string {
  if (nodes.length === 0) return '';
  return `<ul class="tree">${nodes
    .map((n) => {
      const details = page.detailKeys
        .flatMap((k) => detailEntries(k, n.details[k]))
        .map(([k, v]) => ` <small>${escapeHtml(k)}: ${escapeHtml(v)}</small>`)
        .join('');
      const state =
        n.done === undefined ? (n.kind === page.projectKind ? projectDelete(page, n) : '') : taskState(page, n);
      return `<li id="obj-${escapeHtml(n.id)}"><span class="kind">${escapeHtml(page.labels[n.kind] ?? n.kind)}</span>${escapeHtml(n.name)} <small>(${escapeHtml(n.id)})</small>${details}${state}${renderNodes(page, n.children)}</li>`;
    })
    .join('')}</ul>`;
}

export function homeBody(page: HomePage, accounts: SandboxAccountTree[]): string {
  const { tool, toolName } = page;
  const jsonPath = `/sandbox/${tool}/index.json`;
  const list = accounts
    .map(
      (a) =>
        `<section aria-labelledby="acct-${escapeHtml(a.id)}"><h2 id="acct-${escapeHtml(a.id)}">${escapeHtml(a.name)} &lt;${escapeHtml(a.email)}&gt;</h2>${renderNodes(page, a.tree) || '<p>Nothing yet.</p>'}</section>`,
    )
    .join('');
  return `<h1>${escapeHtml(toolName)} sandbox</h1>
<p>The local simulator of ${escapeHtml(toolName)}: its sandbox accounts and everything uploaded into them, in the order it was created. The same as JSON: <a href="${escapeHtml(jsonPath)}">${escapeHtml(jsonPath)}</a>.</p>
<p class="note">Marking a task done here is ticking it in ${escapeHtml(toolName)}: the API answers it done from then on. Deleting a project here deletes it in ${escapeHtml(toolName)}: the API no longer finds it.</p>
${list || '<p>No sandbox account yet: one is created on the consent screen.</p>'}`;
}

/** One project's own page, where the tool's address for it leads: its tree, ticks included. */
function projectBody(page: HomePage, project: TreeNode): string {
  const { tool, toolName } = page;
  return `<h1>${escapeHtml(project.name)}</h1>
<p>${escapeHtml(page.labels[project.kind] ?? project.kind)} in the local simulator of ${escapeHtml(toolName)} <small>(${escapeHtml(project.id)})</small>. <a href="/sandbox/${tool}/">Everything in the ${escapeHtml(toolName)} sandbox</a></p>
${renderNodes(page, project.children) || '<p>Nothing in it yet.</p>'}`;
}

/**
 * Where the tool's address of a project leads, as its path in the simulator (`/0/:id/list` for Asana): the
 * project's id, and the object it must sit under when the address names one (ClickUp's Workspace).
 */
interface ProjectPage {
  path: string;
  locate(params: Record<string, string>): { id: string; within?: string } | undefined;
}

function problemBody(page: HomePage, heading: string, message: string): string {
  return `<h1>${escapeHtml(page.toolName)} sandbox: ${escapeHtml(heading)}</h1><p class="error" role="alert">${escapeHtml(message)}</p>
<p><a href="/sandbox/${page.tool}/">Back to the ${escapeHtml(page.toolName)} sandbox</a></p>`;
}
const taskProblemBody = (page: HomePage, message: string) => problemBody(page, 'the task was not changed', message);
const projectProblemBody = (page: HomePage, message: string) =>
  problemBody(page, 'the project was not deleted', message);

/** The ids of the three tools: digits (Asana, monday) or ClickUp's short alphanumeric ones. */
const TaskDoneParams = z.object({ id: z.string().regex(/^[0-9a-z]{1,40}$/i) });
const ProjectParams = TaskDoneParams;
const TaskDoneForm = z.object({ done: z.enum(['true', 'false']) });

/**
 * A simulator's page of what was uploaded (`/`), its JSON twin (`/index.json`), and the forms of the page that mark a
 * task done or not (`POST /-/tasks/:id/done`, then back to the task on the page) and delete a project (`POST
 * /-/projects/:id/delete`, then back to the page).
 */
export function registerHomePage(
  app: FastifyInstance,
  page: HomePage & { hidden?: ReadonlySet<string>; tasks: TaskDone; project: ProjectPage },
): void {
  const publicUrl = app.config.PUBLIC_URL;
  const title = `${page.toolName} sandbox`;
  const tree = () => sandboxTree(app.db, page.tool, page.hidden, page.tasks);
  app.get('/index.json', { schema: { hide: true } }, async () => ({ tool: page.tool, accounts: await tree() }));
  app.get('/', { schema: { hide: true } }, async (_request, reply) =>
    sendPage(reply, publicUrl, title, homeBody(page, await tree())),
  );
  app.get(page.project.path, { schema: { hide: true } }, async (request, reply) => {
    const where = page.project.locate(request.params as Record<string, string>);
    const roots = (await tree()).flatMap((a) => a.tree);
    const scope = where?.within ? findTreeNode(roots, (n) => n.id === where.within)?.children : roots;
    const project = where && scope ? findTreeNode(scope, (n) => n.id === where.id) : undefined;
    if (!project) {
      return sendPage(
        reply,
        publicUrl,
        title,
        problemBody(page, 'project not found', 'There is no such project in this sandbox.'),
        404,
      );
    }
    return sendPage(reply, publicUrl, `${project.name} · ${title}`, projectBody(page, project));
  });
  app.post('/-/tasks/:id/done', { schema: { hide: true } }, async (request, reply) => {
    const problem = (status: number, message: string) =>
      sendPage(reply, publicUrl, title, taskProblemBody(page, message), status);
    const params = TaskDoneParams.safeParse(request.params);
    const task = params.success ? await findObject(app.db, page.tool, params.data.id) : undefined;
    if (!task || !page.tasks.isTask(task.kind, task.data)) {
      return problem(404, `There is no task ${String((request.params as { id?: unknown }).id)} in this sandbox.`);
    }
    const form = TaskDoneForm.safeParse(isBadJson(request.body) ? {} : (request.body ?? {}));
    if (!form.success) return problem(400, 'Say whether the task is done: done=true or done=false.');
    const refused = await page.tasks.setDone(app.db, task, form.data.done === 'true');
    if (refused) return problem(409, refused);
    return reply.redirect(`/sandbox/${page.tool}/#obj-${encodeURIComponent(task.remoteId)}`, 303);
  });
  app.post('/-/projects/:id/delete', { schema: { hide: true } }, async (request, reply) => {
    const params = ProjectParams.safeParse(request.params);
    const project = params.success ? await findObject(app.db, page.tool, params.data.id) : undefined;
    if (!project || project.kind !== page.projectKind) {
      const id = String((request.params as { id?: unknown }).id);
      return sendPage(
        reply,
        publicUrl,
        title,
        projectProblemBody(page, `There is no project ${id} in this sandbox.`),
        404,
      );
    }
    await deleteWithDescendants(app.db, page.tool, project.remoteId);
    return reply.redirect(`/sandbox/${page.tool}/`, 303);
  });
}
