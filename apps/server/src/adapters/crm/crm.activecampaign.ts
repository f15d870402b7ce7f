import { AppError } from '../../errors';
import { countUpstreamError } from '../../lib/metrics';
import type { Crm, CrmContact } from '../../ports/crm.port';

interface ActiveCampaignSettings {
  /** The account's API address, e.g. https://acme.api-us1.com (the /api/3 prefix is added here). */
  apiUrl: string;
  apiKey: string;
  /** Tag ids marking toolkit buyers and digipremium students; without one the check answers false. */
  toolkitTagId?: string | undefined;
  digipremiumTagId?: string | undefined;
  /** A list new contacts are subscribed to, when set. */
  listId?: string | undefined;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

interface ContactsAnswer {
  contacts: { id: string; email: string }[];
}
interface ContactTagsAnswer {
  contactTags: { tag: string; contact: string }[];
}
interface TagsAnswer {
  tags: { id: string; tag: string }[];
}

/** ActiveCampaign API v3 (contracts/activecampaign/SOURCE.md): the Api-Token header, JSON bodies. */
export function activeCampaignCrm(settings: ActiveCampaignSettings): Crm {
  const base = `${settings.apiUrl.replace(/\/+$/, '')}/api/3`;
  const doFetch = settings.fetch ?? fetch;

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, {
        method,
        headers: {
          'Api-Token': settings.apiKey,
          Accept: 'application/json',
          ...(body !== undefined && { 'Content-Type': 'application/json' }),
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(settings.timeoutMs ?? 10_000),
      });
    } catch (error) {
      countUpstreamError('activecampaign');
      throw new AppError('UPSTREAM_FAILED', 'The CRM could not be reached.', {
        service: 'activecampaign',
        cause: String(error),
      });
    }
    if (!response.ok) {
      countUpstreamError('activecampaign');
      // The key never goes into the error: only the path and status.
      throw new AppError('UPSTREAM_FAILED', 'The CRM refused the request.', {
        service: 'activecampaign',
        path: path.split('?')[0],
        status: response.status,
      });
    }
    return (await response.json()) as T;
  }

  async function findContactId(email: string): Promise<string | null> {
    const answer = await call<ContactsAnswer>('GET', `/contacts?email=${encodeURIComponent(email)}`);
    return answer.contacts.find((c) => c.email.toLowerCase() === email)?.id ?? answer.contacts[0]?.id ?? null;
  }

  async function syncContact(contact: { email: string; firstName?: string; lastName?: string }): Promise<string> {
    const answer = await call<{ contact: { id: string } }>('POST', '/contact/sync', { contact });
    return answer.contact.id;
  }

  async function tagId(tag: { name: string; description: string }): Promise<string> {
    const found = await call<TagsAnswer>('GET', `/tags?search=${encodeURIComponent(tag.name)}`);
    const exact = found.tags.find((t) => t.tag === tag.name);
    if (exact) return exact.id;
    const created = await call<{ tag: { id: string } }>('POST', '/tags', {
      tag: { tag: tag.name, tagType: 'contact', description: tag.description },
    });
    return created.tag.id;
  }

  async function hasTag(email: string, wanted: string | undefined): Promise<boolean> {
    if (!wanted) return false;
    const contactId = await findContactId(email);
    if (!contactId) return false;
    const answer = await call<ContactTagsAnswer>('GET', `/contacts/${encodeURIComponent(contactId)}/contactTags`);
    return answer.contactTags.some((t) => String(t.tag) === String(wanted));
  }

  return {
    kind: 'activecampaign',
    async upsertContact(contact: CrmContact) {
      const id = await syncContact(contact);
      if (settings.listId) {
        await call('POST', '/contactLists', { contactList: { list: settings.listId, contact: id, status: 1 } });
      }
    },
    async addTag(email, tag) {
      const contact = (await findContactId(email)) ?? (await syncContact({ email }));
      await call('POST', '/contactTags', { contactTag: { contact, tag: await tagId(tag) } });
    },
    isToolkitUser: (email) => hasTag(email, settings.toolkitTagId),
    isDigipremium: (email) => hasTag(email, settings.digipremiumTagId),
  };
}
