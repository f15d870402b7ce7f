// Writes docs/examples/project-plan-example.xlsx: a plan spreadsheet an admin can upload as a product's file.
// Run with: npx tsx scripts/example-plan-sheet.ts
import { writeFileSync } from 'node:fs';
import { writePlanSheet } from '../apps/server/src/modules/files/files.plan-sheet';

const plan = {
  sections: [
    {
      name: 'Plan the launch',
      description: 'Decide what is launched, for whom and when.',
      tasks: [
        {
          name: 'Write the offer',
          description: 'One page: problem, promise, price.',
          due_in_days: 3,
          subtasks: [
            { name: 'List the customer problems', description: 'From calls and support mail.' },
            { name: 'Draft the promise', description: '' },
          ],
        },
        { name: 'Pick the launch date', description: '', due_in_days: 5, subtasks: [] },
      ],
    },
    {
      name: 'Run the launch',
      description: 'Tell people and take orders.',
      tasks: [
        {
          name: 'Send the announcement',
          description: 'E-mail and social posts.',
          due_in_days: 14,
          subtasks: [{ name: 'Schedule the e-mail', description: '' }],
        },
        { name: 'Review the first week', description: 'Sales, questions, refunds.', due_in_days: 21, subtasks: [] },
      ],
    },
  ],
};

writeFileSync(new URL('../docs/examples/project-plan-example.xlsx', import.meta.url), await writePlanSheet(plan));
