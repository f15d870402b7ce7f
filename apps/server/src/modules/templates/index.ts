export {
  activeTemplatePlans,
  findTemplate,
  findTemplateRow,
  listTemplates,
  type TemplateWithLinks,
} from './templates.repository';
export { templatesRoutes } from './templates.routes';
// Purchases reference templates by foreign key.
export { projectPlans } from './templates.tables';
export type { TemplatePlan, TemplateSection, TemplateTask } from './templates.types';
