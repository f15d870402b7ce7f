import type { UploadPlan, UploadTask } from '../src/ports/task-tool.port';

/** A task of an upload plan: key s0.t<i>, the copy's id t<i>, waiting on the copy's ids `dependsOn`. */
export const uploadTask = (i: number, dependsOn: string[] = [], extra: Partial<UploadTask> = {}): UploadTask => ({
  key: `s0.t${i}`,
  name: `Step ${i}`,
  description: '',
  dueOn: '2027-04-01',
  sourceId: `t${i}`,
  dependsOn,
  subtasks: [],
  ...extra,
});

/** An upload plan of one section, s0, holding `tasks`. */
export const uploadPlanOf = (tasks: UploadTask[]): UploadPlan => ({
  key: 'project',
  name: 'Linked',
  description: '',
  sections: [{ key: 's0', name: 'Build', description: '', tasks }],
});
