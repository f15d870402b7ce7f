import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  url: string;
  token: string | undefined;
  body: unknown;
}

export interface FakeActiveCampaignState {
  seen: SeenRequest[];
  contacts: { id: string; email: string }[];
  tags: { id: string; tag: string }[];
  contactTags: { contact: string; tag: string }[];
  failWith: number;
}

const readBody = (req: IncomingMessage) =>
  new Promise<unknown>((resolve) => {
    let text = '';
    req.on('data', (chunk) => {
      text += chunk;
    });
    req.on('end', () => resolve(text === '' ? undefined : JSON.parse(text)));
  });

/**
 * A small stand-in for an ActiveCampaign account on a local port, answering as API v3 does
 * (contracts/activecampaign/SOURCE.md) to the API key `apiKey`. `reset()` empties it between tests.
 */
export async function startFakeActiveCampaign(apiKey = 'secret-key') {
  const state: FakeActiveCampaignState = { seen: [], contacts: [], tags: [], contactTags: [], failWith: 0 };
  const server = createServer(async (req, res) => {
    const body = (await readBody(req)) as Record<string, Record<string, unknown>> | undefined;
    const url = new URL(req.url ?? '/', 'http://x');
    state.seen.push({ method: req.method ?? '', url: req.url ?? '', token: req.headers['api-token'] as string, body });
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(json));
    };
    if (req.headers['api-token'] !== apiKey) return send(403, { message: 'No Result found' });
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
  return {
    apiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    state,
    reset() {
      Object.assign(state, { seen: [], contacts: [], tags: [], contactTags: [], failWith: 0 });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
