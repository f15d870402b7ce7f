import type { RelativePlan } from '@dpp/shared';
import ExcelJS from 'exceljs';

type PlanSection = RelativePlan['sections'][number];
type PlanTask = PlanSection['tasks'][number];

/** The columns of a plan spreadsheet, in this order on row 1 of its first sheet (see ADR 0013). */
export const PLAN_SHEET_COLUMNS = [
  'Section',
  'Section description',
  'Task',
  'Task description',
  'Due in days',
  'Subtask',
  'Subtask description',
] as const;

export class PlanSheetError extends Error {
  constructor(
    message: string,
    readonly row?: number,
  ) {
    super(row === undefined ? message : `Row ${row}: ${message}`);
    this.name = 'PlanSheetError';
  }
}

const MAX_ROWS = 5000;
const MAX_TEXT = 2000;

function cellText(row: ExcelJS.Row, column: number): string {
  return row.getCell(column).text.replace(/\s+/g, ' ').trim();
}

/**
 * Reads a plan spreadsheet into sections → tasks → subtasks. A row with a Section starts a section;
 * a row with a Task adds a task to the current section; a row with a Subtask adds one to the current
 * task. One row may do all three. Anything that does not fit is refused with its row number.
 */
export async function readPlanSheet(file: Buffer): Promise<RelativePlan> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
  } catch {
    throw new PlanSheetError('The file is not a readable xlsx spreadsheet.');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new PlanSheetError('The spreadsheet has no sheet.');
  if (sheet.rowCount > MAX_ROWS) throw new PlanSheetError(`The sheet has more than ${MAX_ROWS} rows.`);

  const header = sheet.getRow(1);
  PLAN_SHEET_COLUMNS.forEach((name, index) => {
    if (cellText(header, index + 1).toLowerCase() !== name.toLowerCase()) {
      throw new PlanSheetError(
        `the columns must be ${PLAN_SHEET_COLUMNS.map((c) => `'${c}'`).join(', ')}; column ${index + 1} is '${cellText(header, index + 1)}'.`,
        1,
      );
    }
  });

  const sections: PlanSection[] = [];
  let section: PlanSection | undefined;
  let task: PlanTask | undefined;
  for (let number = 2; number <= sheet.rowCount; number += 1) {
    const row = sheet.getRow(number);
    const [sectionName, sectionDescription, taskName, taskDescription, due, subtaskName, subtaskDescription] =
      PLAN_SHEET_COLUMNS.map((_, index) => cellText(row, index + 1));
    const texts = [sectionName, sectionDescription, taskName, taskDescription, subtaskName, subtaskDescription];
    if (texts.every((t) => t === '') && due === '') continue;
    if (texts.some((t) => (t ?? '').length > MAX_TEXT)) {
      throw new PlanSheetError(`a cell is longer than ${MAX_TEXT} characters.`, number);
    }
    if (sectionName) {
      section = { name: sectionName, description: sectionDescription ?? '', tasks: [] };
      sections.push(section);
      task = undefined;
    } else if (sectionDescription) {
      throw new PlanSheetError("a 'Section description' needs a 'Section' in the same row.", number);
    }
    if (taskName) {
      if (!section) throw new PlanSheetError("a task needs a 'Section' in this row or a row above.", number);
      if (!/^\d{1,4}$/.test(due ?? '')) {
        throw new PlanSheetError(`'Due in days' must be a whole number from 0 to 9999, not '${due}'.`, number);
      }
      task = { name: taskName, description: taskDescription ?? '', due_in_days: Number(due), subtasks: [] };
      section.tasks.push(task);
    } else if (taskDescription || due) {
      throw new PlanSheetError("a 'Task description' or 'Due in days' needs a 'Task' in the same row.", number);
    }
    if (subtaskName) {
      if (!task) throw new PlanSheetError("a subtask needs a 'Task' in this row or a row above.", number);
      task.subtasks.push({ name: subtaskName, description: subtaskDescription ?? '' });
    } else if (subtaskDescription) {
      throw new PlanSheetError("a 'Subtask description' needs a 'Subtask' in the same row.", number);
    }
  }
  if (sections.length === 0) throw new PlanSheetError('The sheet holds no section with a task.');
  const empty = sections.find((s) => s.tasks.length === 0);
  if (empty) throw new PlanSheetError(`The section '${empty.name}' has no task.`);
  return { sections };
}

/**
 * readPlanSheet on a worker thread (work.ts): an error's class does not cross threads, so a sheet that does not
 * read is answered as `{ refused }` with its message, and only an unexpected failure throws.
 */
export async function readPlanSheetTask(file: Uint8Array): Promise<{ plan: RelativePlan } | { refused: string }> {
  try {
    return { plan: await readPlanSheet(Buffer.from(file.buffer, file.byteOffset, file.byteLength)) };
  } catch (error) {
    if (error instanceof PlanSheetError) return { refused: error.message };
    throw error;
  }
}

/** Writes a plan as a spreadsheet of the same columns (the example sheet and tests use it). */
export async function writePlanSheet(plan: RelativePlan): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Plan');
  sheet.addRow([...PLAN_SHEET_COLUMNS]);
  sheet.getRow(1).font = { bold: true };
  for (const s of plan.sections) {
    s.tasks.forEach((t, taskIndex) => {
      const sectionCells = taskIndex === 0 ? [s.name, s.description] : ['', ''];
      const [first, ...rest] = t.subtasks;
      sheet.addRow([
        ...sectionCells,
        t.name,
        t.description,
        t.due_in_days,
        first?.name ?? '',
        first?.description ?? '',
      ]);
      for (const sub of rest) sheet.addRow(['', '', '', '', '', sub.name, sub.description]);
    });
  }
  sheet.columns.forEach((column) => {
    column.width = 28;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
