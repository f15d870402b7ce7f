import { MY_PLAN_LIMITS } from '@dpp/shared/schemas/my-plans';
import type { ReactElement } from 'react';
import { prerender } from 'react-dom/static';
import { describe, expect, it } from 'vitest';
import { DragHandle, ItemName, LimitNote } from './outline-controls';

async function html(element: ReactElement): Promise<string> {
  const { prelude } = await prerender(element);
  return new Response(prelude).text();
}

describe("the controls of an outline's row", () => {
  it("put the limit's sentence under an Add button only while the limit holds", async () => {
    expect(await html(<LimitNote id="limit" refusal={undefined} />)).toBe('');
    expect(await html(<LimitNote id="limit" refusal="No more tasks." />)).toBe(
      '<p id="limit" class="plan-editor__limit">No more tasks.</p>',
    );
  });

  it("mark an item's name when it is blank, and hold it to the server's limit", async () => {
    const named = await html(<ItemName id="t1" label="Task name" value="Bake" onChange={() => {}} />);
    expect(named).toContain('aria-label="Task name"');
    expect(named).toContain(`maxLength="${MY_PLAN_LIMITS.NAME}"`);
    expect(named).not.toContain('ant-input-status-error');
    const blank = await html(<ItemName id="t1" label="Task name" value="  " onChange={() => {}} />);
    expect(blank).toContain('ant-input-status-error');
  });

  it('give the drag handle its name and its role', async () => {
    const handle = await html(
      <DragHandle
        label="Move task Bake"
        listeners={undefined}
        attributes={{} as never}
        setRef={() => {}}
        onStep={() => {}}
      />,
    );
    expect(handle).toContain('aria-label="Move task Bake"');
    expect(handle).toContain('aria-roledescription="draggable item"');
    expect(handle).toContain('class="plan-editor__handle"');
  });
});
