/** A template's plan: sections of tasks with subtasks, stored as JSON in project_plans.plan. */
interface TemplateSubtask {
  name: string;
  description: string;
}
export interface TemplateTask {
  name: string;
  description: string;
  /** Days from the project start when the task is due. */
  due_in_days: number;
  subtasks: TemplateSubtask[];
}
export interface TemplateSection {
  name: string;
  description: string;
  tasks: TemplateTask[];
}
/** The plan a template carries, pushed into task tools by the upload feature. */
export interface TemplatePlan {
  sections: TemplateSection[];
}
