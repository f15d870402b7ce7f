import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeActiveCampaign } from '../../../test/fake-activecampaign';
import { activeCampaignCrm } from './crm.activecampaign';

let account: Awaited<ReturnType<typeof startFakeActiveCampaign>>;
let apiUrl: string;
let state: Awaited<ReturnType<typeof startFakeActiveCampaign>>['state'];

beforeAll(async () => {
  account = await startFakeActiveCampaign('secret-key');
  apiUrl = account.apiUrl;
  state = account.state;
});
afterAll(() => account.close());
beforeEach(() => account.reset());

const crm = () =>
  activeCampaignCrm({ apiUrl, apiKey: 'secret-key', toolkitTagId: '7', digipremiumTagId: '8', listId: '3' });

describe('ActiveCampaign CRM adapter', () => {
  it('syncs a contact with the Api-Token header and subscribes it to the list', async () => {
    await crm().upsertContact({ email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' });
    expect(state.seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      'POST /api/3/contact/sync',
      'POST /api/3/contactLists',
    ]);
    expect(state.seen[0]).toMatchObject({
      token: 'secret-key',
      body: { contact: { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' } },
    });
    expect(state.seen[1]?.body).toEqual({ contactList: { list: '3', contact: '1', status: 1 } });
  });

  it('creates a missing tag once, then reuses it, and tags the contact', async () => {
    state.contacts.push({ id: '5', email: 'ada@example.com' });
    const tag = { name: 'DPP Premium Member', description: 'Bought Premium' };
    await crm().addTag('ada@example.com', tag);
    await crm().addTag('ada@example.com', tag);
    expect(state.tags).toEqual([{ id: '100', tag: 'DPP Premium Member' }]);
    expect(state.contactTags).toEqual([
      { contact: '5', tag: '100' },
      { contact: '5', tag: '100' },
    ]);
    const created = state.seen.find((s) => s.method === 'POST' && s.url === '/api/3/tags');
    expect(created?.body).toEqual({
      tag: { tag: 'DPP Premium Member', tagType: 'contact', description: 'Bought Premium' },
    });
  });

  it('tags an unknown address after creating its contact', async () => {
    await crm().addTag('new@example.com', { name: 'DPP AppSumo', description: '' });
    expect(state.contacts).toEqual([{ id: '1', email: 'new@example.com' }]);
    expect(state.contactTags).toEqual([{ contact: '1', tag: '100' }]);
  });

  it('reads the toolkit and digipremium lists from the contact’s tags', async () => {
    state.contacts.push({ id: '9', email: 'kit@example.com' });
    state.contactTags.push({ contact: '9', tag: '7' });
    expect(await crm().isToolkitUser('kit@example.com')).toBe(true);
    expect(await crm().isDigipremium('kit@example.com')).toBe(false);
    expect(await crm().isToolkitUser('nobody@example.com')).toBe(false);
    const unset = activeCampaignCrm({ apiUrl, apiKey: 'secret-key' });
    expect(await unset.isToolkitUser('kit@example.com')).toBe(false);
  });

  it('turns refusals into an upstream error that never carries the key', async () => {
    state.failWith = 503;
    const error = await crm()
      .isToolkitUser('kit@example.com')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'UPSTREAM_FAILED', details: { status: 503, path: '/contacts' } });
    expect(JSON.stringify(error)).not.toContain('secret-key');
    const wrongKey = activeCampaignCrm({ apiUrl, apiKey: 'wrong' });
    await expect(
      wrongKey.upsertContact({ email: 'a@example.com', firstName: 'A', lastName: 'B' }),
    ).rejects.toMatchObject({
      code: 'UPSTREAM_FAILED',
    });
    const unreachable = activeCampaignCrm({
      apiUrl: 'http://127.0.0.1:1',
      apiKey: 'secret-key',
      digipremiumTagId: '8',
      timeoutMs: 500,
    });
    await expect(unreachable.isDigipremium('a@example.com')).rejects.toMatchObject({ code: 'UPSTREAM_FAILED' });
  });
});
