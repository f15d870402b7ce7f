import { childrenOf, deleteWithDescendants, insertObject, numericId, type SandboxObject } from '../sandbox-store';
import { type AsanaResult, asanaContract, asanaError, dataOf, GID, issueMessage, matchRoute } from './asana.contract';
import {
  type AsanaContext,
  compact,
  linksOf,
  ownObject,
  paginate,
  projectRecord,
  sectionRecord,
  select,
  taskList,
  workspacesOf,
} from './asana.records';
import { addDependencies, createTaskIn, sectionPlacement, updateTaskWith } from './asana.writes';

/**
 * The simulated Asana API: one call, from HTTP or one action of a batch, checked against the contract and run on
 * the sandbox's store. HTTP (authentication, rate limit, faults) is asana.routes.ts's.
 */

/** One Asana API call, after authentication and rate limiting: from HTTP, or one action of a batch. */
export async function asanaCall(
  ctx: AsanaContext,
  method: string,
  path: string,
  query: Record<string, unknown>,
  body: unknown,
  inBatch = false,
): Promise<AsanaResult> {
  const route = matchRoute(method, path);
  if (!route) return asanaError(404, 'No matching route for request');
  if (inBatch && route.op === 'createBatchRequest') return asanaError(400, 'Batch requests cannot be nested');
  const check = asanaContract.checkRequest(route.op, { params: route.params, query, body });
  if (!check.ok) return asanaError(400, ...check.issues.map(issueMessage));
  const optFields = check.query.opt_fields;
  const data = dataOf(body);

  switch (route.op) {
    case 'getUser': {
      const gid = route.params.user_gid!;
      if (gid !== 'me' && gid !== ctx.account.remoteId && gid.toLowerCase() !== ctx.account.email) {
        return GID.test(gid) || gid.includes('@')
          ? asanaError(404, `user: Unknown object: ${gid}`)
          : asanaError(400, `user: Not a recognized ID: ${gid}`);
      }
      const workspaces = await workspacesOf(ctx.db, ctx.account);
      const record = {
        gid: ctx.account.remoteId,
        resource_type: 'user',
        name: ctx.account.name,
        email: ctx.account.email,
        photo: null,
        workspaces: workspaces.map((w) => compact(w, 'workspace')),
        custom_fields: [],
      };
      return { status: 200, body: { data: select(record, optFields) } };
    }
    case 'getWorkspaces': {
      const workspaces = await workspacesOf(ctx.db, ctx.account);
      const records = workspaces.map((w) =>
        select({ ...compact(w, 'workspace'), is_organization: true, email_domains: [] }, optFields),
      );
      const list = optFields ? records : workspaces.map((w) => compact(w, 'workspace'));
      return { status: 200, body: paginate(list, check.query, '/workspaces', ctx.publicUrl) };
    }
    case 'getTeamsForWorkspace': {
      const gid = route.params.workspace_gid!;
      if (!GID.test(gid)) return asanaError(400, `workspace: Not a recognized ID: ${gid}`);
      const workspace = await ownObject(ctx, gid, 'workspace');
      if (!workspace) return asanaError(404, `workspace: Unknown object: ${gid}`);
      const teams = await childrenOf(ctx.db, 'asana', gid, 'team');
      const list = teams.map((t) =>
        optFields
          ? select({ ...compact(t, 'team'), organization: compact(workspace, 'workspace') }, optFields)
          : compact(t, 'team'),
      );
      return { status: 200, body: paginate(list, check.query, `/workspaces/${gid}/teams`, ctx.publicUrl) };
    }
    case 'getProjectsForTeam': {
      const gid = route.params.team_gid!;
      if (!GID.test(gid)) return asanaError(400, `team: Not a recognized ID: ${gid}`);
      if (!(await ownObject(ctx, gid, 'team'))) return asanaError(404, `team: Unknown object: ${gid}`);
      const projects = await childrenOf(ctx.db, 'asana', gid, 'project');
      const list = optFields
        ? await Promise.all(projects.map(async (p) => select(await projectRecord(ctx, p), optFields)))
        : projects.map((p) => compact(p, 'project'));
      return { status: 200, body: paginate(list, check.query, `/teams/${gid}/projects`, ctx.publicUrl) };
    }
    case 'getProject': {
      const gid = route.params.project_gid!;
      if (!GID.test(gid)) return asanaError(400, `project: Not a recognized ID: ${gid}`);
      const project = await ownObject(ctx, gid, 'project');
      if (!project) return asanaError(404, `project: Unknown object: ${gid}`);
      return { status: 200, body: { data: select(await projectRecord(ctx, project), optFields) } };
    }
    case 'createProject': {
      if (!data) return asanaError(400, 'data: Missing input');
      const teamGid = typeof data.team === 'string' ? data.team : undefined;
      let workspaceGid = typeof data.workspace === 'string' ? data.workspace : undefined;
      let team: SandboxObject | undefined;
      if (teamGid) {
        if (!GID.test(teamGid)) return asanaError(400, `team: Not a recognized ID: ${teamGid}`);
        team = await ownObject(ctx, teamGid, 'team');
        if (!team) return asanaError(404, `team: Unknown object: ${teamGid}`);
        if (workspaceGid && team.parentId !== workspaceGid) {
          return asanaError(400, `team: The team ${teamGid} is not in workspace ${workspaceGid}`);
        }
        workspaceGid ??= team.parentId!;
      }
      if (!workspaceGid) return asanaError(400, 'workspace: Missing input');
      if (!GID.test(workspaceGid)) return asanaError(400, `workspace: Not a recognized ID: ${workspaceGid}`);
      const workspace = await ownObject(ctx, workspaceGid, 'workspace');
      if (!workspace) return asanaError(404, `workspace: Unknown object: ${workspaceGid}`);
      // Sandbox workspaces are organizations: a project there needs a team, as in Asana.
      if (!team) return asanaError(400, 'team: Missing input');
      const project = await insertObject(ctx.db, {
        tool: 'asana',
        kind: 'project',
        remoteId: numericId(16),
        accountId: ctx.account.id,
        parentId: team.remoteId,
        name: typeof data.name === 'string' ? data.name : '',
        data: { notes: typeof data.notes === 'string' ? data.notes : '', workspace: workspaceGid, team: team.remoteId },
      });
      return { status: 201, body: { data: select(await projectRecord(ctx, project), optFields) } };
    }
    case 'createSectionForProject': {
      const gid = route.params.project_gid!;
      if (!GID.test(gid)) return asanaError(400, `project: Not a recognized ID: ${gid}`);
      const project = await ownObject(ctx, gid, 'project');
      if (!project) return asanaError(404, `project: Unknown object: ${gid}`);
      if (!data) return asanaError(400, 'data: Missing input');
      const placed = await sectionPlacement(ctx, project, data);
      if ('status' in placed) return placed;
      const section = await insertObject(ctx.db, {
        tool: 'asana',
        kind: 'section',
        remoteId: numericId(16),
        accountId: ctx.account.id,
        parentId: project.remoteId,
        name: String(data.name),
        data: placed,
      });
      return { status: 201, body: { data: select(sectionRecord(section, project), optFields) } };
    }
    case 'createTask': {
      if (!data) return asanaError(400, 'data: Missing input');
      let parent: SandboxObject | undefined;
      if (typeof data.parent === 'string') {
        parent = await ownObject(ctx, data.parent, 'task');
        if (!parent) return asanaError(404, `parent: Unknown object: ${data.parent}`);
      }
      return createTaskIn(ctx, data, parent, optFields);
    }
    case 'createSubtaskForTask': {
      const gid = route.params.task_gid!;
      if (!GID.test(gid)) return asanaError(400, `task: Not a recognized ID: ${gid}`);
      const parent = await ownObject(ctx, gid, 'task');
      if (!parent) return asanaError(404, `task: Unknown object: ${gid}`);
      if (!data) return asanaError(400, 'data: Missing input');
      return createTaskIn(ctx, data, parent, optFields);
    }
    case 'getSectionsForProject': {
      const gid = route.params.project_gid!;
      if (!GID.test(gid)) return asanaError(400, `project: Not a recognized ID: ${gid}`);
      const project = await ownObject(ctx, gid, 'project');
      if (!project) return asanaError(404, `project: Unknown object: ${gid}`);
      const sections = await childrenOf(ctx.db, 'asana', gid, 'section');
      const list = sections.map((section) =>
        optFields ? select(sectionRecord(section, project), optFields) : compact(section, 'section'),
      );
      return { status: 200, body: paginate(list, check.query, `/projects/${gid}/sections`, ctx.publicUrl) };
    }
    case 'getTasksForSection':
    case 'getSubtasksForTask': {
      const [param, kind] = route.op === 'getTasksForSection' ? ['section_gid', 'section'] : ['task_gid', 'task'];
      const gid = route.params[param]!;
      if (!GID.test(gid)) return asanaError(400, `${kind}: Not a recognized ID: ${gid}`);
      if (!(await ownObject(ctx, gid, kind))) return asanaError(404, `${kind}: Unknown object: ${gid}`);
      // A section's tasks and a task's subtasks are the tasks whose tree parent it is, in creation order.
      const tasks = await childrenOf(ctx.db, 'asana', gid, 'task');
      const list = await taskList(ctx, tasks, optFields);
      const path = kind === 'section' ? `/sections/${gid}/tasks` : `/tasks/${gid}/subtasks`;
      return { status: 200, body: paginate(list, check.query, path, ctx.publicUrl) };
    }
    case 'getTasksForProject': {
      const gid = route.params.project_gid!;
      if (!GID.test(gid)) return asanaError(400, `project: Not a recognized ID: ${gid}`);
      if (!(await ownObject(ctx, gid, 'project'))) return asanaError(404, `project: Unknown object: ${gid}`);
      // The project's tasks (not their subtasks), section by section, each in creation order.
      const sections = await childrenOf(ctx.db, 'asana', gid, 'section');
      const tasks = [
        ...(await childrenOf(ctx.db, 'asana', gid, 'task')),
        ...(await Promise.all(sections.map((section) => childrenOf(ctx.db, 'asana', section.remoteId, 'task')))).flat(),
      ];
      const list = await taskList(ctx, tasks, optFields);
      return { status: 200, body: paginate(list, check.query, `/projects/${gid}/tasks`, ctx.publicUrl) };
    }
    case 'updateTask': {
      const gid = route.params.task_gid!;
      if (!GID.test(gid)) return asanaError(400, `task: Not a recognized ID: ${gid}`);
      const task = await ownObject(ctx, gid, 'task');
      if (!task) return asanaError(404, `task: Unknown object: ${gid}`);
      if (!data) return asanaError(400, 'data: Missing input');
      return updateTaskWith(ctx, task, data, optFields);
    }
    case 'deleteProject': {
      // Asana: "A specific, existing project can be deleted … Returns an empty data record." Its sections and tasks
      // go with it here (Asana keeps tasks that are in other projects too; the sandbox's are in one).
      const gid = route.params.project_gid!;
      if (!GID.test(gid)) return asanaError(400, `project: Not a recognized ID: ${gid}`);
      if (!(await ownObject(ctx, gid, 'project'))) return asanaError(404, `project: Unknown object: ${gid}`);
      await deleteWithDescendants(ctx.db, 'asana', gid);
      return { status: 200, body: { data: {} } };
    }
    case 'addDependenciesForTask': {
      const gid = route.params.task_gid!;
      if (!GID.test(gid)) return asanaError(400, `task: Not a recognized ID: ${gid}`);
      const task = await ownObject(ctx, gid, 'task');
      if (!task) return asanaError(404, `task: Unknown object: ${gid}`);
      if (!data || !Array.isArray(data.dependencies)) return asanaError(400, 'dependencies: Missing input');
      return addDependencies(ctx, task, data.dependencies.map(String));
    }
    case 'getDependenciesForTask': {
      const gid = route.params.task_gid!;
      if (!GID.test(gid)) return asanaError(400, `task: Not a recognized ID: ${gid}`);
      const task = await ownObject(ctx, gid, 'task');
      if (!task) return asanaError(404, `task: Unknown object: ${gid}`);
      const found = await Promise.all(linksOf(task).dependencies.map((g) => ownObject(ctx, g, 'task')));
      const list = await taskList(
        ctx,
        found.filter((t): t is SandboxObject => t !== undefined),
        optFields,
      );
      return { status: 200, body: paginate(list, check.query, `/tasks/${gid}/dependencies`, ctx.publicUrl) };
    }
    case 'createBatchRequest':
      // Handled by the route, which counts each action against the rate limit first.
      return asanaError(500, 'Server Error');
  }
}
