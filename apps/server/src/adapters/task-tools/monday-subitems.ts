import { type TokenSource, type UploadLedger, type UploadSubtask, UpstreamError } from '../../ports/task-tool.port';
import { MONDAY_PLAN_COLUMNS } from './monday-columns';
import type { MondayGql } from './monday-graphql';
import type { Create, Listed, MondayCreateAll, Pace } from './monday-pacing';

/**
 * Subitems live on the board's subitems board, which monday makes with the board's first subitem, so our
 * description column can only be added there after it. The plan's first subtask goes alone, answering with
 * its board; then, in the next request, the column (when missing), that subtask's description (a change,
 * harmless to repeat) and every other subtask with its description. A resumed run whose first subtask is
 * recorded reads its board instead.
 */
export async function createSubitemsWithDescriptions(
  gql: MondayGql,
  createAll: MondayCreateAll,
  token: TokenSource,
  ledger: UploadLedger,
  subtasks: { parent: string; subtask: UploadSubtask }[],
  pace: Pace,
  existing: (parents: string[]) => Promise<Listed[]>,
) {
  type SubitemsBoard = { id: string; columns: { id: string }[] | null };
  const [head, ...others] = subtasks;
  if (!head) return;
  const rest = others.filter(({ subtask }) => !ledger.get(subtask.key));
  let board: SubitemsBoard | null | undefined;
  if (!ledger.get(head.subtask.key)) {
    const answers = await createAll(
      token,
      ledger,
      [
        {
          key: head.subtask.key,
          parent: head.parent,
          name: head.subtask.name,
          mutation: {
            field: 'create_subitem(parent_item_id: $p0, item_name: $n0)',
            variables: { p0: { type: 'ID!', value: head.parent }, n0: { type: 'String!', value: head.subtask.name } },
            selection: '{ id board { id columns { id } } }',
          },
        },
      ],
      pace,
      existing,
    );
    board = (answers.get(head.subtask.key) as { board?: SubitemsBoard | null } | undefined)?.board;
  } else if (rest.length === 0 && (others.length > 0 || !head.subtask.description)) {
    // Done: the other subtasks were created after the request that carried the first one's description.
    return;
  }
  const headId = ledger.get(head.subtask.key)!;
  if (!board) {
    // Adopted, or recorded by an earlier run: its board is read back, with the columns it has by now.
    const data = await gql<{ items: { board: SubitemsBoard | null }[] }>(
      token,
      'query ($ids: [ID!]) { items(ids: $ids) { board { id columns { id } } } }',
      { ids: [headId] },
      ledger.signal,
    );
    board = data.items[0]?.board;
  }
  if (!board) throw new UpstreamError('monday', 502, 'monday did not tell the board of a subitem', true);
  const subitemsBoard = { type: 'ID!', value: String(board.id) };
  const column = MONDAY_PLAN_COLUMNS.find((c) => c.id === 'plan_description')!;
  const extras: Create[] = [];
  const described = head.subtask.description !== '' || rest.some(({ subtask }) => subtask.description);
  if (described && !(board.columns ?? []).some((c) => c.id === column.id)) {
    extras.push({
      key: `subitems-column:${column.id}`,
      parent: '',
      name: column.title,
      untracked: true,
      mutation: {
        field: `create_column(board_id: $cb, id: $ci, title: $ct, column_type: ${column.type})`,
        variables: {
          cb: subitemsBoard,
          ci: { type: 'String', value: column.id },
          ct: { type: 'String!', value: column.title },
        },
      },
    });
  }
  if (head.subtask.description) {
    extras.push({
      key: `description:${head.subtask.key}`,
      parent: '',
      name: head.subtask.name,
      untracked: true,
      mutation: {
        field: 'change_multiple_column_values(board_id: $xb, item_id: $xi, column_values: $xc)',
        variables: {
          xb: subitemsBoard,
          xi: { type: 'ID', value: headId },
          xc: { type: 'JSON!', value: JSON.stringify({ plan_description: { text: head.subtask.description } }) },
        },
      },
    });
  }
  await createAll(
    token,
    ledger,
    [
      ...extras,
      ...rest.map(({ parent, subtask }, i) => ({
        key: subtask.key,
        parent,
        name: subtask.name,
        mutation: {
          field: `create_subitem(parent_item_id: $p${i}, item_name: $n${i}${subtask.description ? `, column_values: $c${i}` : ''})`,
          variables: {
            [`p${i}`]: { type: 'ID!', value: parent },
            [`n${i}`]: { type: 'String!', value: subtask.name },
            ...(subtask.description && {
              [`c${i}`]: {
                type: 'JSON',
                value: JSON.stringify({ plan_description: { text: subtask.description } }),
              },
            }),
          },
        },
      })),
    ],
    pace,
    existing,
  );
}
