import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the stub answers one chat-completions request. */
export interface StubReply {
  /** The content pieces, one chunk each. */
  chunks: string[];
  /** Wait between chunks. */
  delayMs?: number;
  /** Cut the connection after this many chunks (a provider failing mid-stream). */
  failAfter?: number;
  /** Report usage in a final chunk, as OpenAI does with stream_options.include_usage. */
  usage?: { prompt_tokens: number; completion_tokens: number };
  /** Answer with this HTTP status and an OpenAI error body instead. */
  status?: number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

/**
 * A local OpenAI-compatible server speaking the chat-completions streaming wire format
 * (contracts/openai: POST /chat/completions, `data: {chat.completion.chunk}` lines, then `data: [DONE]`).
 */
export async function startOpenAiStub() {
  const requests: RecordedRequest[] = [];
  const replies: StubReply[] = [];
  let fallback: StubReply = { chunks: ['Hello', ' world'] };
  let streaming = 0;
  let cutByClient = 0;
  const server: Server = createServer(async (req, res) => {
    res.on('close', () => {
      if (!res.writableFinished) cutByClient++;
    });
    let raw = '';
    for await (const part of req) raw += part;
    const body = JSON.parse(raw || '{}') as Record<string, unknown>;
    requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
    const reply = replies.shift() ?? fallback;
    if (reply.status) {
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'stub failure', type: 'server_error', param: null, code: null } }));
      return;
    }
    streaming++;
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const base = {
      id: 'chatcmpl-stub',
      object: 'chat.completion.chunk',
      created: 1_700_000_000,
      model: String(body.model),
    };
    /** Resolves once the chunk has been handed to the connection. */
    const send = (data: unknown) =>
      new Promise<void>((resolve) => res.write(`data: ${JSON.stringify(data)}\n\n`, () => resolve()));
    await send({ ...base, choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] });
    for (let i = 0; i < reply.chunks.length; i++) {
      if (reply.failAfter !== undefined && i === reply.failAfter) {
        // What was written has reached the connection (each send is awaited): now drop it, mid-stream.
        streaming--;
        res.socket?.destroy();
        return;
      }
      await send({ ...base, choices: [{ index: 0, delta: { content: reply.chunks[i] }, finish_reason: null }] });
      // A slow provider is the behaviour simulated here, not a wait for something.
      if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
    }
    await send({ ...base, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] });
    if (reply.usage) {
      await send({
        ...base,
        choices: [],
        usage: { ...reply.usage, total_tokens: reply.usage.prompt_tokens + reply.usage.completion_tokens },
      });
    }
    res.write('data: [DONE]\n\n');
    res.end();
    streaming--;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    /** Queue replies for the next requests, in order. */
    reply(...next: StubReply[]) {
      replies.push(...next);
    },
    setFallback(reply: StubReply) {
      fallback = reply;
    },
    /** Requests whose stream is still being written. */
    /** Replies the client hung up on before their end. */
    get cutByClient() {
      return cutByClient;
    },
    get streaming() {
      return streaming;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
