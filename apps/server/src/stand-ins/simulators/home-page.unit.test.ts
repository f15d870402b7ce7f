import { describe, expect, it } from 'vitest';
import { homeBody } from './home-page';
import type { TreeNode } from './sandbox-tree';

const page = {
  tool: 'monday' as const,
  toolName: 'monday.com',
  labels: { board: 'Board', item: 'Item' },
  detailKeys: ['columns', 'description'],
  projectKind: 'board',
};
const node = (kind: string, id: string, name: string, extra: Partial<TreeNode> = {}): TreeNode => ({
  kind,
  id,
  name,
  details: {},
  children: [],
  ...extra,
});

describe("a simulator's home page", () => {
  it('says so when no account is there yet, and when an account holds nothing', () => {
    expect(homeBody(page, [])).toContain('No sandbox account yet');
    const empty = homeBody(page, [
      { email: 'ada@example.com', name: 'Ada', id: '42', created_at: '2026-01-01T00:00:00.000Z', tree: [] },
    ]);
    expect(empty).toContain('<h2 id="acct-42">Ada &lt;ada@example.com&gt;</h2><p>Nothing yet.</p>');
  });

  it("lists each object with its kind's label, its details, a project's Delete and a task's state and tick", () => {
    const board = node('board', '7', 'Launch <plan>', {
      children: [
        node('item', '8', 'Write', { done: false, details: { columns: { Date: '2026-05-01', Status: null } } }),
        node('item', '9', 'Ship', { done: true, details: { description: 'Out of the door' } }),
      ],
    });
    const html = homeBody(page, [{ email: 'a@example.com', name: 'A', id: '1', created_at: '', tree: [board] }]);
    expect(html).toContain('<span class="kind">Board</span>Launch &lt;plan&gt; <small>(7)</small>');
    expect(html).toContain('action="/sandbox/monday/-/projects/7/delete"');
    expect(html).toContain('aria-label="Delete board: Launch &lt;plan&gt;"');
    // A detail that is an object lists its entries, its unset ones left out.
    expect(html).toContain('Write <small>(8)</small> <small>Date: 2026-05-01</small> <span class="state">To do</span>');
    expect(html).not.toContain('Status');
    expect(html).toContain(
      '<input type="hidden" name="done" value="true"><button type="submit" aria-label="Mark done: Write">',
    );
    expect(html).toContain(
      '<small>description: Out of the door</small> <strong class="state state-done">Done</strong>',
    );
    expect(html).toContain('aria-label="Mark not done: Ship"');
  });
});
