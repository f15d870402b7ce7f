import type { ClientRecord } from '@dpp/shared/schemas/clients';
import type { MemberCategory, MemberLink, MemberProduct, SendEmailRequest } from '@dpp/shared/schemas/members';
import { useQuery } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../shared/api/client';
import { checkDigipremiumUser, checkToolkitUser } from '../../shared/api/crm.api';
import { getClientRecord } from '../../shared/api/identity.api';
import { setClientRecord } from '../../shared/session';

/** Which area a page belongs to: the members area or the course area. */
export type Area = 'members' | 'course';

export const memberKeys = {
  catalogue: (area: Area, email: string) => ['member-catalogue', area, email] as const,
  product: (area: Area, id: string) => ['member-product', area, id] as const,
  link: (id: string) => ['member-link', id] as const,
};

export const sendQuestion = (body: SendEmailRequest) => apiPost<{ ok: true }>('/email/send-email', body);

const base = (area: Area) => (area === 'members' ? '/api/members' : '/api/course');

/**
 * The area's accordion. The CRM flag is refreshed first, so a purchase made elsewhere opens the
 * area at once; the server then answers by its own rule (403 for others).
 */
export function useAreaCatalogue(area: Area, client: ClientRecord | null) {
  return useQuery({
    queryKey: memberKeys.catalogue(area, client?.email ?? ''),
    queryFn: async ({ signal }) => {
      let flag = false;
      if (client) {
        const check =
          area === 'members'
            ? checkToolkitUser(client).then((r) => r.is_toolkit_user)
            : checkDigipremiumUser(client).then((r) => r.is_digipremium);
        // A CRM failure must not lock a member out: the stored flags still count.
        flag = await check.catch(() => (area === 'members' ? client.is_toolkit_user : client.digipremium === 1));
        void getClientRecord(client.email).then(setClientRecord, () => {});
      }
      const catalogue = await apiGet<MemberCategory[]>(`${base(area)}/catalogue`, signal);
      return { catalogue, flag };
    },
    retry: false,
    staleTime: 60_000,
  });
}

/** One product; `initial` comes from the accordion's navigation state, so a reload fetches it. */
export function useAreaProduct(area: Area, id: string, initial: MemberProduct | undefined) {
  return useQuery({
    queryKey: memberKeys.product(area, id),
    queryFn: ({ signal }) => apiGet<MemberProduct>(`${base(area)}/products/${encodeURIComponent(id)}`, signal),
    ...(initial && String(initial.id) === id ? { initialData: initial } : {}),
    retry: false,
  });
}

export function useMemberLink(id: string) {
  return useQuery({
    queryKey: memberKeys.link(id),
    queryFn: ({ signal }) => apiGet<MemberLink>(`/api/members/template-links/${encodeURIComponent(id)}`, signal),
    retry: false,
  });
}
