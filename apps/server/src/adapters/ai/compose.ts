import {
  type AiRequest,
  AREA_SEPARATOR,
  HELP_AREA_NAMES,
  type HelpArea,
  OTHER,
  PLAN_SECTION_NAMES,
  PLANNER,
  type PlannedTask,
} from '@dpp/shared';
import type { LibraryTemplate } from '../../ports/ai.port';
import {
  AREAS,
  type AreaKnowledge,
  GENERIC_PROFILE,
  INDUSTRY_PROFILES,
  type PlanContext,
  SUB_OPTION_TASKS,
  type TaskDraft,
} from './compose.knowledge';
import { capFirst, lowerWords, offerPhrase, overlaps, plain, sentence, shorten, titleCase } from './phrasing';

const SUB_OPTION_INDEX = new Map(Object.entries(SUB_OPTION_TASKS).map(([k, v]) => [k.toLowerCase(), v]));

const AREA_FALLBACK: HelpArea = 'Operations & Systems';

/** The context of a request: the answers, rephrased to fit the planner's sentences, with sensible words where one is missing. */
function contextOf(request: AiRequest): PlanContext {
  const industry = plain(request.industry ?? '') || 'your industry';
  const trade = lowerWords(industry);
  const profile = INDUSTRY_PROFILES[industry] ?? {
    ...GENERIC_PROFILE,
    customers: `${trade} customers`,
  };
  const [areaPart = '', subPart = ''] = (request.goal_or_problem ?? '').split(AREA_SEPARATOR);
  const area = HELP_AREA_NAMES.find((a) => a === areaPart.trim()) ?? null;
  const typedSub = plain(area ? subPart : (request.goal_or_problem ?? ''));
  // "Other" with nothing typed names no topic: the area's first word stands for it ("Marketing").
  const sub =
    (typedSub.toLowerCase() === OTHER.toLowerCase() ? '' : typedSub) ||
    area?.split(' & ')[0] ||
    plain(areaPart) ||
    'Growth';
  const shortSub = shorten(sub, 40);
  const helpType = request.solution?.trim() || 'Action Plan';
  const problem =
    shorten(request.challenges ?? '', 160) || `${capFirst(lowerWords(shortSub))} is not where it should be`;
  const measure = shorten(request.outcome_importance ?? '', 160) || 'A target number agreed before you start';
  // An answer that repeats the problem says nothing about the offer: the plan names "your offer" instead.
  const typedOffer = offerPhrase(request.target_audience ?? '', 60);
  const offer = typedOffer && !overlaps(typedOffer, problem) ? typedOffer : 'your offer';
  return {
    industry,
    trade,
    profile,
    offer,
    offerTitle: titleCase(shorten(offer, 32)),
    area,
    areaLabel: area ?? sub,
    sub: titleCase(shortSub),
    topic: lowerWords(shortSub),
    problem,
    problemSentence: sentence(problem),
    measure,
    target: sentence(measure),
    helpType,
    project: (request.selected_project_short || request.selected_project || '').trim(),
    sop: /operating procedure|sop/i.test(helpType),
  };
}

function knowledge(c: PlanContext): AreaKnowledge {
  if (c.area) return AREAS[c.area];
  // 'Other': the area whose keywords the free text mentions most.
  const words = `${c.sub} ${c.problem}`.toLowerCase();
  let best: HelpArea = AREA_FALLBACK;
  let bestScore = 0;
  for (const name of HELP_AREA_NAMES) {
    const score = AREAS[name].keywords.filter((k) => words.includes(k)).length;
    if (score > bestScore) {
      best = name;
      bestScore = score;
    }
  }
  return AREAS[best];
}

function projectsOf(c: PlanContext): [string, string][] {
  return knowledge(c).projects(c).slice(0, PLANNER.MAX_PROJECTS);
}

function withProject(c: PlanContext): PlanContext {
  return c.project ? c : { ...c, project: projectsOf(c)[0]![0] };
}

function words(s: string): string[] {
  return s.toLowerCase().match(/[a-z]{4,}/g) ?? [];
}

/** The library template closest to the area and answers. */
function bestTemplate(library: readonly LibraryTemplate[], c: PlanContext): LibraryTemplate | null {
  const wanted = new Set([...knowledge(c).keywords, ...words(`${c.sub} ${c.project}`)]);
  let best: LibraryTemplate | null = null;
  let bestScore = 0;
  for (const t of library) {
    const text = words(`${t.productName} ${t.sections.map((s) => s.name).join(' ')}`);
    const score = text.filter((w) => wanted.has(w)).length;
    if (score > bestScore) {
      best = t;
      bestScore = score;
    }
  }
  return best ?? library[0] ?? null;
}

/**
 * The area's tasks made the chosen project's and sub-option's own: the first task names the project and
 * starts from why it was picked; the third is the sub-option's own task when it has one.
 */
function planTasks(c: PlanContext): TaskDraft[] {
  const tasks = knowledge(c).tasks(c);
  const first = tasks[0];
  if (first && !first[0].includes(c.project)) {
    const why = projectsOf(c).find(([name]) => name === c.project)?.[1];
    const deliver = why
      ? `${c.project}: ${capFirst(why)}.`
      : `${c.project} must make progress on the point you named: ${c.problemSentence}`;
    tasks[0] = [`${first[0]} for ${c.project}`, [['Agree what the project must deliver', deliver], ...first[1]]];
  }
  const own = SUB_OPTION_INDEX.get(c.sub.toLowerCase());
  if (own && tasks.length > 2) tasks[2] = own(c);
  return tasks;
}

/** The 8 tasks with their subtasks; a matching library task lends one more subtask. */
function tasksOf(request: AiRequest, library: readonly LibraryTemplate[]): PlannedTask[] {
  const c = withProject(contextOf(request));
  const libraryTasks = library.flatMap((t) => t.sections.flatMap((s) => s.tasks));
  return planTasks(c)
    .slice(0, PLANNER.TASKS)
    .map(([name, subs]) => {
      const subtasks = subs.map(([n, d]) => ({ name: n, description: d }));
      const nameWords = new Set(words(name));
      const match = libraryTasks.find((t) => words(t.name).filter((w) => nameWords.has(w)).length >= 2);
      const extra = match?.subtasks.find((s) => !subtasks.some((x) => x.name === s.name));
      if (extra) subtasks.push({ name: extra.name, description: extra.description });
      return { name, subtasks };
    });
}

/** What the member asked for, inside a sentence. */
const kindOf = (c: PlanContext) => (c.sop ? 'standard operating procedure' : 'action plan');

function smartGoal(c: PlanContext): string {
  return [
    `Specific: Build a focused ${kindOf(c)} on ${c.topic}${c.area && !lowerWords(c.area).includes(c.topic) ? ` in ${lowerWords(c.area)}` : ''} so that ${c.profile.customers} get more from ${c.offer}. The point to tackle: ${c.problemSentence}`,
    `Measurable: ${c.target} Track it weekly alongside ${c.profile.metric}.`,
    `Achievable: Work in weekly steps of about five hours, using ${c.profile.tools.join(' and ')} and support from ${c.profile.helper}.`,
    `Relevant: Progress on ${c.topic} moves your ${c.trade} business forward where it matters now, in ${knowledge(c).kpi}.`,
    'Time-Bound: Reach the target within 90 days, with checkpoints at day 30 and day 60.',
  ].join('\n');
}

function section(step: number, c: PlanContext, library: readonly LibraryTemplate[]): string {
  const k = knowledge(c);
  const template = bestTemplate(library, c);
  switch (PLAN_SECTION_NAMES[step - 3]) {
    case 'Purpose':
      return `${c.project} moves your ${c.trade} business forward so that ${c.profile.customers} get more from ${c.offer}. The point to tackle: ${c.problemSentence} Success is measured by this target: ${c.target}`;
    case 'Description':
      // A project named after the topic says it already: "Hiring Plan is an action plan focused on hiring" repeats.
      return `${c.project} is a 90-day ${kindOf(c)}${overlaps(c.project, c.topic) || c.project.toLowerCase().includes(c.topic.toLowerCase()) ? '' : ` focused on ${c.topic}`}. It starts by understanding the current situation, builds the assets and routines needed, launches them with ${c.profile.customers} through ${c.profile.channels}, and ends with a review that turns what worked into a habit.`;
    case 'Roles/Resources':
      return [
        ...k.roles.map((r) => `- ${r}`),
        `- ${titleCase(c.profile.helper.replace(/^an? /, ''))} for repeat work`,
        '- About five focused hours a week for 12 weeks',
        ...(template ? [`- The "${template.productName}" template from your library as a starting structure`] : []),
      ].join('\n');
    case 'Success Criteria':
      return [
        `- ${capFirst(c.measure)}`,
        `- ${titleCase(k.kpi)} tracked weekly on one scorecard`,
        `- ${capFirst(c.profile.metric)} improved against the starting point by day 90`,
        `- Every task of ${c.project} has an owner and a finished date`,
      ].join('\n');
    default:
      return [
        ...[...k.tools, ...c.profile.tools].map((t) => `- ${t}`),
        '- Asana, ClickUp or monday.com to run the task list',
        ...(template ? [`- Template: ${template.productName}`] : []),
      ].join('\n');
  }
}

function roomAnswer(c: PlanContext, audience: string): string {
  const goal = shorten(c.areaLabel, 160);
  // An audience answer that repeats the goal names nobody: the industry's customers stand in.
  const typed = offerPhrase(audience, 60);
  const who = typed && !overlaps(typed, goal) ? typed : c.profile.customers;
  return [
    'S - Specific',
    `Work on one goal in your ${c.trade} business for ${who}: ${sentence(goal)}`,
    '',
    'M - Measurable',
    `Track ${c.profile.metric} every week and set a target number before you start.`,
    '',
    'A - Achievable',
    `Use ${c.profile.tools.join(' and ')} and five focused hours a week; hand repeat work to ${c.profile.helper}.`,
    '',
    'R - Relevant',
    `It matters to ${who} and to the growth of your business.`,
    '',
    'T - Time-bound',
    'Reach the target within 90 days, reviewing at day 30 and day 60.',
  ].join('\n');
}

/** The offline planner: the full reply of one step, composed from the answers and the template library. */
export function composeReply(request: AiRequest, library: readonly LibraryTemplate[]): string {
  const base = contextOf(request);
  const c = withProject(base);
  switch (request.step) {
    case '0':
      return smartGoal(base);
    case '1': {
      const ideas = projectsOf(base)
        .map(([name, why]) => `${name}: ${capFirst(why)}.`)
        .join('\n');
      return [
        `Projects that move your goal forward in your ${base.trade} business:`,
        ideas,
        '',
        'Tips:',
        `- Start with the project that most directly changes ${base.profile.metric}.`,
        '- Finish one project before starting the next; 90 days is enough for one done well.',
        `- Block the same weekly time for it and review progress against the target: ${base.target}`,
      ].join('\n');
    }
    case '2':
      return projectsOf(base)
        .map(([name, why], i) => `${i + 1}. ${name} — ${why}`)
        .join('\n');
    case '3':
    case '4':
    case '5':
    case '6':
    case '7':
      return section(Number(request.step), c, library);
    case '8':
      return tasksOf(request, library)
        .map((t, i) => `${i + 1}. ${t.name}`)
        .join('\n');
    case '9': {
      const composed = tasksOf(request, library);
      const names = request.tasks_array?.length ? request.tasks_array : composed.map((t) => t.name);
      const tasks = names.map(
        (name) =>
          composed.find((t) => t.name === name) ?? {
            name,
            subtasks: [
              { name: `Plan: ${name}`, description: 'Decide the owner, the date and the result of this task.' },
              { name: `Do: ${name}`, description: `Complete the work for ${c.project}.` },
              { name: `Check: ${name}`, description: `Compare the result with the target: ${c.target}` },
            ],
          },
      );
      return JSON.stringify({ tasks }, null, 2);
    }
    case 'room':
      return roomAnswer(base, request.target_audience?.trim() ?? '');
  }
}
