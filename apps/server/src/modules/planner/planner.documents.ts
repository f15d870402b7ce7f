import { taskColor } from '@dpp/shared';
import { HeadingLevel, Paragraph, TextRun } from 'docx';
import ExcelJS from 'exceljs';
import { subtaskParagraph, textLines, wordFile } from '../../lib/word';
import type { AiPlanRow } from './planner.repository';

const GROUP_FILL: Record<string, string> = {
  blue: 'FFDBEAFE',
  green: 'FFDCFCE7',
  amber: 'FFFEF3C7',
  purple: 'FFEDE9FE',
};

/** What a download of an AI plan shows: all a worker thread is sent of its row. */
export type PlanToWrite = Pick<AiPlanRow, 'title' | 'goal' | 'project' | 'successPlan' | 'tasks'>;

/** The plan as a Word document: title, SMART goal, project, success plan, tasks with subtasks. */
export async function planDocx(plan: PlanToWrite): Promise<Buffer> {
  const children: Paragraph[] = [
    new Paragraph({ text: plan.title, heading: HeadingLevel.TITLE }),
    new Paragraph({ text: 'SMART Goal', heading: HeadingLevel.HEADING_1 }),
    ...textLines(plan.goal).map((l) => new Paragraph({ text: l })),
    new Paragraph({ text: 'Project', heading: HeadingLevel.HEADING_1 }),
    new Paragraph({ text: plan.project }),
    new Paragraph({ text: 'My Success Plan', heading: HeadingLevel.HEADING_1 }),
  ];
  for (const section of plan.successPlan) {
    children.push(new Paragraph({ text: section.title, heading: HeadingLevel.HEADING_2 }));
    for (const l of textLines(section.text))
      children.push(
        new Paragraph({ text: l.replace(/^[-*•]\s*/, ''), bullet: /^[-*•]/.test(l) ? { level: 0 } : undefined }),
      );
  }
  children.push(new Paragraph({ text: 'Task List', heading: HeadingLevel.HEADING_1 }));
  plan.tasks.forEach((task, i) => {
    children.push(
      new Paragraph({
        heading: HeadingLevel.HEADING_2,
        children: [new TextRun(`${i + 1}. ${task.name}`), new TextRun({ text: `  (${taskColor(i)})`, italics: true })],
      }),
    );
    for (const s of task.subtasks) children.push(subtaskParagraph(s.name, s.description));
  });
  return wordFile(plan.title, children);
}

/** The plan as a spreadsheet: a task sheet with colour groups and subtasks, and the plan overview. */
export async function planXlsx(plan: PlanToWrite): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'Digital Project Planner';
  const tasks = book.addWorksheet('Tasks');
  tasks.columns = [
    { header: 'Task', key: 'task', width: 45 },
    { header: 'Group', key: 'group', width: 10 },
    { header: 'Subtask', key: 'subtask', width: 45 },
    { header: 'Description', key: 'description', width: 70 },
  ];
  tasks.getRow(1).font = { bold: true };
  plan.tasks.forEach((task, i) => {
    const color = taskColor(i);
    const row = tasks.addRow({ task: task.name, group: color });
    row.font = { bold: true };
    row.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: GROUP_FILL[color]! } };
    for (const s of task.subtasks)
      tasks.addRow({ task: task.name, group: color, subtask: s.name, description: s.description });
  });
  const overview = book.addWorksheet('Plan');
  overview.columns = [
    { header: 'Item', key: 'item', width: 22 },
    { header: 'Content', key: 'content', width: 100 },
  ];
  overview.getRow(1).font = { bold: true };
  overview.addRow({ item: 'Title', content: plan.title });
  overview.addRow({ item: 'SMART Goal', content: plan.goal });
  overview.addRow({ item: 'Project', content: plan.project });
  for (const s of plan.successPlan) overview.addRow({ item: s.title, content: s.text });
  overview.getColumn('content').alignment = { wrapText: true, vertical: 'top' };
  return Buffer.from(await book.xlsx.writeBuffer());
}
