import type { UploadedPlanId } from '@dpp/shared/schemas/ids';

/** A contact of the marketing CRM, keyed by e-mail. */
export interface CrmContact {
  email: string;
  firstName: string;
  lastName: string;
}

/** A contact tag: its name, and the description it is created with when the CRM lacks it. */
export interface CrmTag {
  name: string;
  description: string;
}

/** The marketing CRM (ActiveCampaign in production): contacts, tags, and the toolkit and digipremium lists. */
export interface Crm {
  /** 'local' keeps every call in the database, readable by administrators. */
  readonly kind: 'local' | 'activecampaign';
  /** Creates the contact, or updates it when the e-mail exists. */
  upsertContact(contact: CrmContact): Promise<void>;
  /** Puts a named tag on the contact of an e-mail (creating the tag when it does not exist). */
  addTag(email: string, tag: CrmTag): Promise<void>;
  /** Whether the CRM marks this e-mail as a toolkit buyer. */
  isToolkitUser(email: string): Promise<boolean>;
  /** Whether the CRM marks this e-mail as a digipremium (course) student. */
  isDigipremium(email: string): Promise<boolean>;
  /** The records of the CRM kept in our database, for administrators; a CRM elsewhere has its own screens. */
  readonly records?: KeptCrmRecords;
}

/** A call the CRM kept in our database received. */
export interface CrmEvent {
  id: number;
  email: string;
  kind: 'contact_created' | 'tag_added';
  detail: Record<string, unknown>;
  createdAt: Date;
}

/** A contact's lists in the CRM kept in our database. */
export interface CrmFlags {
  email: string;
  toolkit: boolean;
  digipremium: boolean;
}

/** What administrators read and set of the CRM kept in our database. */
export interface KeptCrmRecords {
  /** The calls it received, newest first, at most `limit`: all of them, or those of one e-mail address. */
  events(email: string | undefined, limit: number): Promise<CrmEvent[]>;
  /** Sets the lists of a contact (what marketing does by hand in the real CRM). */
  setFlags(
    email: string,
    changes: { toolkit?: boolean | undefined; digipremium?: boolean | undefined },
  ): Promise<CrmFlags>;
}

/** The tag names the product puts on contacts. */
export const CRM_TAGS = {
  premium: { name: 'DPP Premium Member', description: 'Bought the Premium Monthly Membership' },
  lifetimeDeal: { name: 'DPP AppSumo', description: 'Redeemed a lifetime-deal code' },
  /**
   * A template's upload names the template; AI plans and plan copies (My Plans) are each member's own, so each
   * kind shares one tag.
   */
  planUploaded: (projectPlanId: UploadedPlanId): CrmTag => {
    if (typeof projectPlanId === 'number') {
      return {
        name: `DPP Plan Uploaded ${projectPlanId}`,
        description: `Uploaded project plan ${projectPlanId} to a task tool`,
      };
    }
    return projectPlanId.startsWith('my-plan-')
      ? { name: 'DPP My Plan Uploaded', description: 'Uploaded their own edited plan (My Plans) to a task tool' }
      : { name: 'DPP AI Plan Uploaded', description: 'Uploaded a plan made with the AI planner to a task tool' };
  },
} as const;

/** A lifetime-deal holder becomes a contact under the names stored at redemption, with the deal's tag. */
export async function addLifetimeDealContact(
  crm: Crm,
  holder: { email: string; firstNameAppsumo: string; lastNameAppsumo: string },
): Promise<void> {
  await crm.upsertContact({
    email: holder.email,
    firstName: holder.firstNameAppsumo,
    lastName: holder.lastNameAppsumo,
  });
  await crm.addTag(holder.email, CRM_TAGS.lifetimeDeal);
}
