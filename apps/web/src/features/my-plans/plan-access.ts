// What the editor knows of the caller's standing on the plan (ADR 0052), read by the rows and fields below it.
import type { PlanPerson } from '@dpp/shared/schemas/team';
import { createContext } from 'react';

/**
 * The plan is shown, not edited (a viewer's): no control that would change it is drawn, and its fields are off. The
 * server refuses a viewer's save whatever the page does; this keeps the page from offering one.
 */
export const PlanReadOnly = createContext(false);

/** The plan's people, its owner first, then each teammate with access: whom a task's owner field offers. */
export const PlanPeople = createContext<readonly PlanPerson[]>([]);
