import { newTask } from '@dpp/shared/rules/my-plans';
import type { MyPlanDocument } from '@dpp/shared/schemas/my-plans';
import type { ReactElement } from 'react';
import { prerender } from 'react-dom/static';
import { describe, expect, it } from 'vitest';
import { PlanTimeline } from './plan-timeline';

async function html(element: ReactElement): Promise<string> {
  const { prelude } = await prerender(element);
  return new Response(prelude).text();
}

// A dated task, one that starts before the task it waits on is due (a conflict), and one without dates.
const plan: MyPlanDocument = {
  start_date: '2027-01-01',
  sections: [
    {
      id: 's1',
      name: 'Kitchen',
      description: '',
      tasks: [
        newTask('t1', { name: 'Buy', start_date: '2027-01-02', due_date: '2027-01-05' }),
        newTask('t2', { name: 'Bake', start_date: '2027-01-03', due_date: '2027-01-06', depends_on: ['t1'] }),
        newTask('t3', { name: 'Serve' }),
      ],
    },
  ],
};

const timeline = (readOnly: boolean) =>
  html(
    <PlanTimeline
      plan={plan}
      onMoveTask={() => {}}
      onMoveWaitingLater={() => {}}
      readOnly={readOnly}
      today="2027-01-01"
    />,
  );

describe('the timeline of a plan only shown (a viewer’s)', () => {
  it('says each bar’s dates as a read-only slider, and offers nothing that moves or dates a task', async () => {
    const page = await timeline(true);
    const bars = [...page.matchAll(/<g[^>]*role="slider"[^>]*>/g)].map((m) => m[0]);
    expect(bars).toHaveLength(2);
    for (const bar of bars) expect(bar).toContain('aria-readonly="true"');
    expect(page).not.toContain('+ Due date');
    expect(page).not.toContain('Move waiting tasks later');
    expect(page).not.toContain('Arrow keys move a bar');
    // The conflict is still said.
    expect(page).toContain('A task starts before a task it waits on is due.');
  });

  it('offers them to an editor', async () => {
    const page = await timeline(false);
    expect(page).not.toContain('aria-readonly');
    expect(page).toContain('+ Due date');
    expect(page).toContain('Move waiting tasks later');
    expect(page).toContain('Arrow keys move a bar');
  });
});
