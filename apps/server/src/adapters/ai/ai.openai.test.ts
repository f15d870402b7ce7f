import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAiStub } from '../../../test/openai-stub';
import { openApiContract, readOpenApiFile } from '../../lib/openapi-contract';
import { openAiProvider } from './ai.openai';

const contract = openApiContract({
  load: readOpenApiFile(fileURLToPath(new URL('../../../../../contracts/openai/openapi.yaml', import.meta.url))),
  operationIds: ['createChatCompletion'],
  refuseUndeclared: true,
});

/** The `data:` events of a server-sent event stream, parsed, without the final [DONE]. */
function events(text: string): unknown[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith('data: ') && line !== 'data: [DONE]')
    .map((line) => JSON.parse(line.slice('data: '.length)) as unknown);
}

describe('the OpenAI-compatible provider against contracts/openai', () => {
  let stub: Awaited<ReturnType<typeof startOpenAiStub>>;
  beforeAll(async () => {
    // Read the 3 MB document here rather than in the first test.
    contract.operation('createChatCompletion');
    stub = await startOpenAiStub();
  });
  afterAll(() => stub.close());

  it('calls createChatCompletion with the fields of CreateChatCompletionRequest and reads its stream', async () => {
    stub.reply({ chunks: ['Specific: ', 'grow', ' sales'], usage: { prompt_tokens: 40, completion_tokens: 3 } });
    const provider = openAiProvider({ baseUrl: stub.baseUrl, apiKey: 'sk-test', model: 'gpt-test', timeoutMs: 5000 });
    const stream = await provider.complete({
      messages: [
        { role: 'system', content: 'You plan.' },
        { role: 'user', content: 'Industry: """Real Estate"""' },
      ],
      request: { step: '0' },
      library: async () => [],
      maxTokens: 400,
      signal: new AbortController().signal,
    });
    let text = '';
    for await (const piece of stream.chunks) text += piece;

    const sent = stub.requests.at(-1)!;
    expect(sent.path.startsWith('/v1/')).toBe(true);
    const match = contract.match(sent.method, sent.path.slice('/v1'.length));
    expect(match?.operation.operationId).toBe('createChatCompletion');
    expect(sent.headers.authorization).toBe('Bearer sk-test');
    // Every field of CreateChatCompletionRequest that is required, with its type, and no field it does not have.
    const check = contract.checkRequest('createChatCompletion', {
      body: sent.body,
      contentType: sent.headers['content-type'],
    });
    expect(check.ok ? [] : check.issues).toEqual([]);
    expect(sent.body).toMatchObject({
      model: 'gpt-test',
      max_tokens: 400,
      stream: true,
      stream_options: { include_usage: true },
    });
    expect(text).toBe('Specific: grow sales');
    expect(stream.usage()).toEqual({ promptTokens: 40, completionTokens: 3, estimated: false });
  });

  it('is answered by a stub whose every chunk is a CreateChatCompletionStreamResponse', async () => {
    stub.reply({ chunks: ['Plan', ' ahead'], usage: { prompt_tokens: 5, completion_tokens: 2 } });
    const response = await fetch(`${stub.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-test', messages: [], stream: true }),
    });
    const chunks = events(await response.text());
    // The role, two pieces, the stop and the usage.
    expect(chunks).toHaveLength(5);
    for (const chunk of chunks) expect(contract.checkSchema('CreateChatCompletionStreamResponse', chunk)).toEqual([]);
  });

  it('estimates usage when the endpoint reports none (older Ollama or vLLM)', async () => {
    stub.reply({ chunks: ['abcd', 'efgh'] });
    const provider = openAiProvider({ baseUrl: stub.baseUrl, apiKey: 'x', model: 'llama3', timeoutMs: 5000 });
    const stream = await provider.complete({
      messages: [{ role: 'user', content: '12345678' }],
      request: { step: '0' },
      library: async () => [],
      maxTokens: 400,
      signal: new AbortController().signal,
    });
    for await (const _ of stream.chunks);
    expect(stream.usage()).toEqual({ promptTokens: 2, completionTokens: 2, estimated: true });
  });
});
