import type { DatedPlan } from '@dpp/shared/rules/my-plans';
import type { Database } from '../../db/client';
import type { TemplatePlan } from '../templates';
import { findTemplateRow } from '../templates';

export interface LoadedPlan {
  name: string;
  description: string;
  plan: TemplatePlan | DatedPlan;
}

/** Where an upload went, told to the plan's source once the upload succeeded. */
export interface SentPlan {
  tool: string;
  at: Date;
  /** The remote project's address, when the tool's adapter can tell it. */
  url: string | null;
  projectId: string;
  /** Every task sent, in the plan's order, with the id the tool gave it (subtasks are not followed). */
  tasks: { remoteId: string; name: string; section: string; dueOn: string | null; taskId: string | null }[];
}

/**
 * Where an uploadable plan comes from. Templates are one source; the AI planner registers its own
 * (its plan ids carry its prefix) with `registerPlanSource`.
 */
export interface PlanSource {
  readonly kind: string;
  /** True when this source owns the plan id of the upload path. */
  owns(planId: string): boolean;
  /** The plan, or null when it does not exist or is not visible to this client. */
  load(db: Database, clientId: number, planId: string): Promise<LoadedPlan | null>;
  /** Whether this client may upload it (purchase, subscription). */
  mayUpload(db: Database, clientId: number, planId: string): Promise<boolean>;
  /** Told after a successful upload of the plan (a member's copy records where it went). */
  sent?(db: Database, clientId: number, planId: string, sent: SentPlan): Promise<void>;
}

/**
 * The templates as a source of plans. Who may upload one is billing's rule (free, membership or purchase),
 * handed in by app.ts, so that billing and integrations do not import each other.
 */
export const templatePlanSource = (
  mayUploadTemplate: (db: Database, clientId: number, templateId: number) => Promise<boolean>,
): PlanSource => ({
  kind: 'template',
  owns: (planId) => /^\d{1,9}$/.test(planId),
  async load(db, _clientId, planId) {
    const row = await findTemplateRow(db, Number(planId));
    if (!row?.active) return null;
    return { name: row.productName || row.name, description: row.description, plan: row.plan };
  },
  mayUpload: (db, clientId, planId) => mayUploadTemplate(db, clientId, Number(planId)),
});

const sources: PlanSource[] = [];

export function registerPlanSource(source: PlanSource): void {
  if (!sources.some((s) => s.kind === source.kind)) sources.push(source);
}

export function planSourceFor(planId: string): PlanSource | null {
  return sources.find((s) => s.owns(planId)) ?? null;
}

/**
 * A plan as a client may take it, by the rule uploads follow: null when no source has it or it is not visible to
 * this client; `allowed` false when it is visible but not theirs to use (a paid template without a membership).
 */
export async function planForClient(
  db: Database,
  clientId: number,
  planId: string,
): Promise<{ loaded: LoadedPlan; allowed: boolean } | null> {
  const source = planSourceFor(planId);
  const loaded = source ? await source.load(db, clientId, planId) : null;
  if (!source || !loaded) return null;
  return { loaded, allowed: await source.mayUpload(db, clientId, planId) };
}
