import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { contentMatches } from './files.content';
import { PLAN_SHEET_COLUMNS, readPlanSheet, writePlanSheet } from './files.plan-sheet';

async function sheetOf(rows: (string | number)[][], header: string[] = [...PLAN_SHEET_COLUMNS]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Plan');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('readPlanSheet', () => {
  it('reads sections, tasks with due days and subtasks; one row may start all three', async () => {
    const file = await sheetOf([
      ['Plan', 'Decide what', 'Set goal', 'One goal', 3, 'Write it down', 'On paper'],
      ['', '', '', '', '', 'Share it', ''],
      ['', '', 'Pick tools', '', '7', '', ''],
      [],
      ['Do', '', 'Start', '', 0, '', ''],
    ]);
    expect(await readPlanSheet(file)).toEqual({
      sections: [
        {
          name: 'Plan',
          description: 'Decide what',
          tasks: [
            {
              name: 'Set goal',
              description: 'One goal',
              due_in_days: 3,
              subtasks: [
                { name: 'Write it down', description: 'On paper' },
                { name: 'Share it', description: '' },
              ],
            },
            { name: 'Pick tools', description: '', due_in_days: 7, subtasks: [] },
          ],
        },
        { name: 'Do', description: '', tasks: [{ name: 'Start', description: '', due_in_days: 0, subtasks: [] }] },
      ],
    });
  });

  it('reads back what writePlanSheet wrote (the example sheet)', async () => {
    const plan = {
      sections: [
        {
          name: 'A',
          description: 'a',
          tasks: [{ name: 't', description: 'd', due_in_days: 1, subtasks: [{ name: 's', description: 'x' }] }],
        },
      ],
    };
    expect(await readPlanSheet(await writePlanSheet(plan))).toEqual(plan);
  });

  it.each([
    [[['', '', 'Orphan task', '', 1, '', '']], "Row 2: a task needs a 'Section' in this row or a row above."],
    [[['S', '', 'T', '', 'two', '', '']], "Row 2: 'Due in days' must be a whole number from 0 to 9999, not 'two'."],
    [[['S', '', 'T', '', -1, '', '']], "Row 2: 'Due in days' must be a whole number from 0 to 9999, not '-1'."],
    [[['S', '', 'T', '', '', '', '']], "Row 2: 'Due in days' must be a whole number from 0 to 9999, not ''."],
    [[['S', '', '', '', '', 'Sub', '']], "Row 2: a subtask needs a 'Task' in this row or a row above."],
    [
      [['S', '', 'T', '', 1, '', ''], [], ['', '', '', 'desc only', '', '', '']],
      "Row 4: a 'Task description' or 'Due in days' needs a 'Task' in the same row.",
    ],
    [[['S', '', '', '', '', '', '']], "The section 'S' has no task."],
    [[], 'The sheet holds no section with a task.'],
  ])('names the row that does not fit (%#)', async (rows, message) => {
    await expect(readPlanSheet(await sheetOf(rows))).rejects.toThrow(message);
  });

  it('refuses other columns, naming row 1', async () => {
    const file = await sheetOf([['S', '', 'T', '', 1, '', '']], ['Phase', ...PLAN_SHEET_COLUMNS.slice(1)]);
    await expect(readPlanSheet(file)).rejects.toThrow(/^Row 1: the columns must be 'Section', .*column 1 is 'Phase'/);
  });

  it('refuses a file that is not a spreadsheet', async () => {
    await expect(readPlanSheet(Buffer.from('not a zip'))).rejects.toThrow(
      'The file is not a readable xlsx spreadsheet.',
    );
  });
});

describe('contentMatches', () => {
  it('checks the bytes against the extension', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]);
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0]);
    expect(contentMatches('png', png)).toBe(true);
    expect(contentMatches('png', jpeg)).toBe(false);
    expect(contentMatches('jpg', jpeg) && contentMatches('jpeg', jpeg)).toBe(true);
    expect(contentMatches('jpeg', png)).toBe(false);
    expect(contentMatches('xlsx', await sheetOf([]))).toBe(true);
    expect(contentMatches('xlsx', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0]))).toBe(false);
    expect(contentMatches('png', Buffer.from('<svg onload=alert(1)>'))).toBe(false);
  });
});

describe('the example sheet in docs/examples', () => {
  it('is a plan an admin can upload', async () => {
    const { readFileSync } = await import('node:fs');
    const file = readFileSync(new URL('../../../../../docs/examples/project-plan-example.xlsx', import.meta.url));
    expect(contentMatches('xlsx', file)).toBe(true);
    const plan = await readPlanSheet(file);
    expect(plan.sections.map((s) => s.name)).toEqual(['Plan the launch', 'Run the launch']);
    expect(plan.sections.flatMap((s) => s.tasks)).toHaveLength(4);
  });
});
