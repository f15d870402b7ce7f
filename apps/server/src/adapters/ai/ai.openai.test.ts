import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { startOpenAiStub } from '../../../test/openai-stub';
import { openAiProvider } from './ai.openai';

type Schema = { required?: string[]; properties?: Record<string, unknown>; allOf?: Schema[]; $ref?: string };

const spec = parse(
  readFileSync(fileURLToPath(new URL('../../../../../contracts/openai/openapi.yaml', import.meta.url)), 'utf8'),
) as {
  paths: Record<string, Record<string, { operationId?: string }>>;
  components: { schemas: Record<string, Schema> };
};

/** A schema's properties and required fields, following allOf and $ref. */
function flatten(schema: Schema): { properties: Set<string>; required: Set<string> } {
  const properties = new Set<string>(Object.keys(schema.properties ?? {}));
  const required = new Set<string>(schema.required ?? []);
  for (const part of schema.allOf ?? []) {
    const resolved = part.$ref ? spec.components.schemas[part.$ref.split('/').pop()!]! : part;
    const inner = flatten(resolved);
    for (const p of inner.properties) properties.add(p);
    for (const r of inner.required) required.add(r);
  }
  return { properties, required };
}

describe('the OpenAI-compatible provider against contracts/openai', () => {
  let stub: Awaited<ReturnType<typeof startOpenAiStub>>;
  beforeAll(async () => {
    stub = await startOpenAiStub();
  });
  afterAll(() => stub.close());

  it('calls createChatCompletion with the fields of CreateChatCompletionRequest and reads its stream', async () => {
    const [path, operations] = Object.entries(spec.paths).find(([, ops]) =>
      Object.values(ops).some((op) => op?.operationId === 'createChatCompletion'),
    )!;
    const method = Object.entries(operations).find(([, op]) => op?.operationId === 'createChatCompletion')![0];
    const request = flatten(spec.components.schemas.CreateChatCompletionRequest!);
    const chunk = flatten(spec.components.schemas.CreateChatCompletionStreamResponse!);
    expect(chunk.required).toContain('choices');

    stub.reply({ chunks: ['Specific: ', 'grow', ' sales'], usage: { prompt_tokens: 40, completion_tokens: 3 } });
    const provider = openAiProvider({ baseUrl: stub.baseUrl, apiKey: 'sk-test', model: 'gpt-test', timeoutMs: 5000 });
    const stream = await provider.complete({
      messages: [
        { role: 'system', content: 'You plan.' },
        { role: 'user', content: 'Industry: """Real Estate"""' },
      ],
      request: { step: '0' },
      maxTokens: 400,
      signal: new AbortController().signal,
    });
    let text = '';
    for await (const piece of stream.chunks) text += piece;

    const sent = stub.requests.at(-1)!;
    expect(sent.method).toBe(method.toUpperCase());
    expect(sent.path).toBe(`/v1${path}`);
    expect(sent.headers.authorization).toBe('Bearer sk-test');
    for (const field of request.required) expect(sent.body).toHaveProperty(field);
    for (const field of Object.keys(sent.body)) expect(request.properties).toContain(field);
    expect(sent.body).toMatchObject({
      model: 'gpt-test',
      max_tokens: 400,
      stream: true,
      stream_options: { include_usage: true },
    });
    expect(text).toBe('Specific: grow sales');
    expect(stream.usage()).toEqual({ promptTokens: 40, completionTokens: 3, estimated: false });
  });

  it('estimates usage when the endpoint reports none (older Ollama or vLLM)', async () => {
    stub.reply({ chunks: ['abcd', 'efgh'] });
    const provider = openAiProvider({ baseUrl: stub.baseUrl, apiKey: 'x', model: 'llama3', timeoutMs: 5000 });
    const stream = await provider.complete({
      messages: [{ role: 'user', content: '12345678' }],
      request: { step: '0' },
      maxTokens: 400,
      signal: new AbortController().signal,
    });
    for await (const _ of stream.chunks);
    expect(stream.usage()).toEqual({ promptTokens: 2, completionTokens: 2, estimated: true });
  });
});
