import { readFileSync } from 'node:fs';
import { AI_STEPS, type AiRequest, AREA_SEPARATOR, OTHER, parseProjects, parseTaskNames } from '@dpp/shared';
import { describe, expect, it } from 'vitest';
import { SEED_TEMPLATES } from '../../db/seed-data/templates';
import type { LibraryTemplate } from '../../ports/ai.port';
import { composeReply } from './compose';

const library: LibraryTemplate[] = SEED_TEMPLATES.filter((t) => t.plan.sections.length > 0).map((t) => ({
  productName: t.product_name,
  sections: t.plan.sections,
}));

type Answers = Omit<AiRequest, 'step'>;

/** Answers as members type them: capitalised, quoted, repeated between questions, long, or left empty. */
const ANSWER_SETS: Record<string, Answers> = {
  'the same goal typed twice': {
    industry: 'Coaching & Consulting',
    target_audience: 'Grow repeat orders from local customers by offering a monthly subscription box',
    goal_or_problem: `Sales & Revenue Growth${AREA_SEPARATOR}Increasing repeat business`,
    challenges: 'Grow repeat orders from local customers by offering a monthly subscription box.',
    outcome_importance: 'Reach 40 new clients by March.',
    solution: 'Action Plan',
  },
  'quoted and title-cased answers': {
    industry: 'E-commerce & Retail',
    target_audience: '"Handmade Soap And Candles" for eco-conscious shoppers',
    goal_or_problem: `Marketing & Lead Generation${AREA_SEPARATOR}Content marketing & SEO`,
    challenges: '"Not enough repeat customers."',
    outcome_importance: '"double repeat orders by June"',
    solution: 'Action Plan',
  },
  'a sentence about the business': {
    industry: 'Professional Services',
    target_audience: 'We offer bookkeeping and payroll to dentists in Ohio.',
    goal_or_problem: `Finance & Cash Flow${AREA_SEPARATOR}Cash flow management`,
    challenges: 'Too much time spent chasing invoices; clients pay late',
    outcome_importance: 'Cut overdue invoices to under 5% by Q3',
    solution: 'Standard Operating Procedure',
  },
  'free text everywhere, long': {
    industry: 'Boat Repair',
    target_audience:
      'Refurbishment, winterisation and emergency callouts for recreational sailors along the coast, plus seasonal maintenance contracts for marinas, yacht clubs and the harbour authority, with a mobile workshop van that reaches moorings the bigger yards will not serve',
    goal_or_problem: `Team & Hiring${AREA_SEPARATOR}hiring a dependable crew of mechanics before the busy summer season starts`,
    challenges:
      'Finding qualified mechanics who stay for the whole season, because larger yards poach experienced technicians every spring with signing bonuses we cannot match, and training apprentices takes two winters before they can work unsupervised on diesel inboards',
    outcome_importance: 'Three mechanics signed before April',
    solution: 'Action Plan',
  },
  'an answer about the member, numbers first': {
    industry: 'Health & Wellness',
    target_audience: 'I help busy moms get fit',
    goal_or_problem: `Marketing & Lead Generation${AREA_SEPARATOR}${OTHER}`,
    challenges: 'grow my Instagram following',
    outcome_importance: '1,000 followers in 90 days',
    solution: 'Action Plan',
  },
  'questions left empty': {
    industry: 'Real Estate',
    target_audience: '',
    goal_or_problem: `Operations & Systems${AREA_SEPARATOR}Client onboarding`,
    challenges: '',
    outcome_importance: '',
    solution: 'Standard Operating Procedure',
  },
};

/** Every reply of the wizard for one set of answers, step by step, as the member would see them. */
function walk(base: Answers): Record<string, string> {
  const replies: Record<string, string> = {};
  const projects = parseProjects(composeReply({ ...base, step: '2' }, library));
  const chosen = { ...base, selected_project: projects[0]! };
  const names = parseTaskNames(composeReply({ ...chosen, step: '8' }, library));
  for (const step of AI_STEPS) {
    const request =
      step === '9' ? { ...chosen, step, tasks_array: [...names, 'Celebrate the launch'] } : { ...chosen, step };
    replies[step] = composeReply(request, library);
  }
  replies.room = composeReply(
    { step: 'room', industry: base.industry, goal_or_problem: base.challenges, target_audience: base.target_audience },
    library,
  );
  return replies;
}

/** The prose of a reply, one sentence-bearing line at a time (the subtasks' JSON read as its texts). */
function linesOf(reply: string): string[] {
  if (reply.trimStart().startsWith('{')) {
    const { tasks } = JSON.parse(reply) as {
      tasks: { name: string; subtasks: { name: string; description: string }[] }[];
    };
    return tasks.flatMap((t) => [t.name, ...t.subtasks.flatMap((s) => [s.name, s.description])]);
  }
  return reply.split('\n').filter((l) => l.trim() !== '');
}

const wordsOf = (text: string) => text.match(/[\p{L}\d]+(?:['’][\p{L}]+)?/gu) ?? [];

/** What reads broken in one line, given the answers it was written from. */
function problemsOf(line: string, answers: Answers): string[] {
  const found: string[] = [];
  const words = wordsOf(line).map((w) => w.toLowerCase());
  for (let i = 1; i < words.length; i++) {
    if (words[i] === words[i - 1] && !/^\d+$/.test(words[i]!)) found.push(`doubled word "${words[i]}"`);
  }
  const grams = words.slice(3).map((_, i) => words.slice(i, i + 4).join(' '));
  const repeated = grams.find((g, i) => grams.indexOf(g) !== i);
  if (repeated) found.push(`doubled phrase "${repeated}"`);
  const lowerAfterColon = line.match(/:\s+\p{Ll}\S*/u);
  if (lowerAfterColon) found.push(`lower case after a colon "${lowerAfterColon[0]}"`);
  if (/["“”'‘’]\s*["“”'‘’]|["“”]{2}/u.test(line)) found.push('doubled quotes');
  if (line.includes('…')) found.push('an ellipsis where the text was cut');
  const typed = Object.values(answers).filter((v): v is string => typeof v === 'string');
  const typedWords = new Set(typed.flatMap(wordsOf).map((w) => w.toLowerCase()));
  for (const word of wordsOf(line)) {
    const lower = word.toLowerCase();
    const cutFrom = [...typedWords].find((t) => t.length > lower.length + 1 && t.startsWith(lower));
    if (lower.length >= 4 && cutFrom && !typedWords.has(lower) && !KNOWN_WORDS.has(lower))
      found.push(`"${word}" cut from "${cutFrom}"`);
  }
  // A typed answer's opening capital ("Grow", "Not") does not belong in the middle of a sentence of ours.
  for (const answer of [answers.target_audience, answers.challenges, answers.outcome_importance]) {
    if (!answer) continue;
    const opener = answer.replace(/^\W+/, '').split(/\s/)[0] ?? '';
    // (A title's capitals go on: "Lead Magnet for Handmade Soap" is a name, "with Grow repeat orders" is not.)
    if (/^[A-Z][a-z]+$/.test(opener) && new RegExp(`[a-z,] ${opener}\\b(?!\\W* [A-Z])`).test(line)) {
      found.push(`"${opener}" capitalised mid-sentence`);
    }
  }
  return found;
}

/** Words of the planner's own and of the library, which may happen to begin an answer's word (book → bookkeeping). */
const KNOWN_WORDS = new Set(
  wordsOf(`${readFileSync(new URL('./compose.ts', import.meta.url), 'utf8')} ${JSON.stringify(library)}`).map((w) =>
    w.toLowerCase(),
  ),
);

describe('the offline planner’s prose', () => {
  it.each(Object.entries(ANSWER_SETS))('reads as written sentences for %s', (_name, answers) => {
    const replies = walk(answers);
    const problems = Object.entries(replies).flatMap(([step, reply]) =>
      linesOf(reply).flatMap((line) => problemsOf(line, answers).map((p) => `step ${step}: ${p} in: ${line}`)),
    );
    expect(problems).toEqual([]);
    expect(replies).toMatchSnapshot();
  });
});
