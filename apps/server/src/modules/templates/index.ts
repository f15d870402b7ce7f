export {
  activeTemplatePlans,
  findTemplate,
  findTemplateRow,
  listTemplates,
  type TemplateWithLinks,
} from './templates.repository';
export { templatesRoutes } from './templates.routes';
export type { TemplatePlan, TemplateSection, TemplateTask } from './templates.types';
