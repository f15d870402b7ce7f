import type { MyPlanDocument, MyPlanTask } from '@dpp/shared';
import { HeadingLevel, Paragraph, TextRun } from 'docx';
import ExcelJS from 'exceljs';
import { subtaskParagraph, textLines, wordFile } from '../../lib/word';

/** A copy as a download: its name and its document, edits included. */
interface CopyToWrite {
  name: string;
  plan: MyPlanDocument;
}

/** Each task's name by its id: a task's links are written as the names of the tasks it waits on. */
const taskNames = (plan: MyPlanDocument) =>
  new Map(plan.sections.flatMap((section) => section.tasks.map((task) => [task.id, task.name])));

/** The names of the tasks this one waits on, in its order (a link to no task of the plan is left out). */
const waitsOn = (task: MyPlanTask, names: ReadonlyMap<string, string>) =>
  task.depends_on.flatMap((id) => names.get(id) ?? []);

/** What a task says besides its name and description, in reading order; empty when it says nothing more. */
function taskFacts(task: MyPlanTask, names: ReadonlyMap<string, string>): string {
  const waits = waitsOn(task, names);
  return [
    task.milestone && 'Milestone',
    task.start_date && `Starts ${task.start_date}`,
    task.due_date && `Due ${task.due_date}`,
    task.owner && `Owner: ${task.owner}`,
    task.priority !== 'none' && `Priority: ${task.priority}`,
    waits.length > 0 && `Waits on: ${waits.join('; ')}`,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The copy as a Word document: title and start, then each section with its tasks, their facts and subtasks. */
export async function copyDocx(copy: CopyToWrite): Promise<Buffer> {
  const children: Paragraph[] = [new Paragraph({ text: copy.name, heading: HeadingLevel.TITLE })];
  if (copy.plan.start_date) children.push(new Paragraph({ text: `Starts ${copy.plan.start_date}` }));
  const names = taskNames(copy.plan);
  for (const section of copy.plan.sections) {
    children.push(new Paragraph({ text: section.name, heading: HeadingLevel.HEADING_1 }));
    for (const l of textLines(section.description)) children.push(new Paragraph({ text: l }));
    for (const task of section.tasks) {
      children.push(new Paragraph({ text: task.name, heading: HeadingLevel.HEADING_2 }));
      const facts = taskFacts(task, names);
      if (facts) children.push(new Paragraph({ children: [new TextRun({ text: facts, italics: true })] }));
      for (const l of textLines(task.description)) children.push(new Paragraph({ text: l }));
      for (const subtask of task.subtasks) children.push(subtaskParagraph(subtask.name, subtask.description));
    }
  }
  return wordFile(copy.name, children);
}

/**
 * The spreadsheet's columns: the plan sheet's (ADR 0013), with dates, owner and priority in place of days; then
 * whether a task is a milestone and the names of the tasks it waits on, last, so the earlier columns keep their place.
 */
export const COPY_SHEET_COLUMNS = [
  { header: 'Section', key: 'section', width: 30 },
  { header: 'Section description', key: 'sectionDescription', width: 40 },
  { header: 'Task', key: 'task', width: 40 },
  { header: 'Task description', key: 'taskDescription', width: 50 },
  { header: 'Start date', key: 'start', width: 12 },
  { header: 'Due date', key: 'due', width: 12 },
  { header: 'Owner', key: 'owner', width: 20 },
  { header: 'Priority', key: 'priority', width: 10 },
  { header: 'Subtask', key: 'subtask', width: 40 },
  { header: 'Subtask description', key: 'subtaskDescription', width: 50 },
  { header: 'Milestone', key: 'milestone', width: 10 },
  { header: 'Waits on', key: 'waitsOn', width: 50 },
] as const;

/** A date cell: Excel dates are days, read here in UTC so that a date never moves by a time zone. */
const dateCell = (iso: string | null) => (iso ? new Date(`${iso}T00:00:00Z`) : null);

/**
 * The copy as a spreadsheet, one row per item in the plan sheet's way: a row with a Section starts a section, a
 * row with a Task adds a task to it, a row with a Subtask adds one to the task above.
 */
export async function copyXlsx(copy: CopyToWrite): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'Digital Project Planner';
  const sheet = book.addWorksheet('Plan');
  sheet.columns = COPY_SHEET_COLUMNS.map((c) => ({ ...c }));
  sheet.getRow(1).font = { bold: true };
  for (const column of ['start', 'due']) sheet.getColumn(column).numFmt = 'yyyy-mm-dd';
  const names = taskNames(copy.plan);
  for (const section of copy.plan.sections) {
    sheet.addRow({ section: section.name, sectionDescription: section.description }).font = { bold: true };
    for (const task of section.tasks) {
      sheet.addRow({
        task: task.name,
        taskDescription: task.description,
        start: dateCell(task.start_date),
        due: dateCell(task.due_date),
        owner: task.owner,
        priority: task.priority === 'none' ? '' : task.priority,
        milestone: task.milestone ? 'Yes' : '',
        waitsOn: waitsOn(task, names).join('; '),
      });
      for (const subtask of task.subtasks) {
        sheet.addRow({ subtask: subtask.name, subtaskDescription: subtask.description });
      }
    }
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
