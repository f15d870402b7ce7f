import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activeCampaignCrm } from './crm.activecampaign';

interface Seen {
  method: string;
  url: string;
  token: string | undefined;
  body: unknown;
}

/** A small stand-in for an ActiveCampaign account, answering as API v3 does (contracts/activecampaign/SOURCE.md). */
const state = {
  seen: [] as Seen[],
  contacts: [] as { id: string; email: string }[],
  tags: [] as { id: string; tag: string }[],
  contactTags: [] as { contact: string; tag: string }[],
  failWith: 0,
};
let server: Server;
let apiUrl: string;

const readBody = (req: IncomingMessage) =>
  new Promise<unknown>((resolve) => {
    let text = '';
    req.on('data', (chunk) => {
      text += chunk;
    });
    req.on('end', () => resolve(text === '' ? undefined : JSON.parse(text)));
  });

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const body = (await readBody(req)) as Record<string, Record<string, unknown>> | undefined;
    const url = new URL(req.url ?? '/', 'http://x');
    state.seen.push({ method: req.method ?? '', url: req.url ?? '', token: req.headers['api-token'] as string, body });
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(json));
    };
    if (req.headers['api-token'] !== 'secret-key') return send(403, { message: 'No Result found' });
    if (state.failWith) return send(state.failWith, { message: 'busy' });
    const path = url.pathname;
    if (req.method === 'POST' && path === '/api/3/contact/sync') {
      const email = String(body?.contact?.email);
      let contact = state.contacts.find((c) => c.email === email);
      if (!contact) {
        contact = { id: String(state.contacts.length + 1), email };
        state.contacts.push(contact);
      }
      return send(201, { contact: { ...contact, firstName: body?.contact?.firstName } });
    }
    if (req.method === 'GET' && path === '/api/3/contacts') {
      return send(200, { contacts: state.contacts.filter((c) => c.email === url.searchParams.get('email')) });
    }
    const contactTags = path.match(/^\/api\/3\/contacts\/(\d+)\/contactTags$/);
    if (req.method === 'GET' && contactTags) {
      return send(200, { contactTags: state.contactTags.filter((t) => t.contact === contactTags[1]) });
    }
    if (req.method === 'GET' && path === '/api/3/tags') {
      return send(200, { tags: state.tags.filter((t) => t.tag.includes(url.searchParams.get('search') ?? '')) });
    }
    if (req.method === 'POST' && path === '/api/3/tags') {
      const tag = { id: String(100 + state.tags.length), tag: String(body?.tag?.tag) };
      state.tags.push(tag);
      return send(201, { tag });
    }
    if (req.method === 'POST' && path === '/api/3/contactTags') {
      const link = { contact: String(body?.contactTag?.contact), tag: String(body?.contactTag?.tag) };
      if (!state.contacts.some((c) => c.id === link.contact)) return send(404, { message: 'No Result found' });
      state.contactTags.push(link);
      return send(201, { contactTag: { id: '1', ...link } });
    }
    if (req.method === 'POST' && path === '/api/3/contactLists') return send(201, { contactList: body?.contactList });
    return send(404, { message: 'No Result found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  Object.assign(state, { seen: [], contacts: [], tags: [], contactTags: [], failWith: 0 });
});

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
