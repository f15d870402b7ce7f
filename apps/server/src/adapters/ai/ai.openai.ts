import OpenAI, { AzureOpenAI } from 'openai';
import { countUpstreamError } from '../../lib/metrics';
import { type AiProvider, type AiStream, estimateTokens, type TokenUsage } from '../../ports/ai.port';

interface OpenAiSettings {
  baseUrl?: string;
  apiKey: string;
  model: string;
  /** Azure OpenAI: the api-version; the base URL is then the resource endpoint and the model the deployment. */
  azureApiVersion?: string;
  timeoutMs: number;
}

/** Any OpenAI-compatible chat-completions endpoint (OpenAI, Azure OpenAI, Ollama, vLLM), streamed. */
export function openAiProvider(settings: OpenAiSettings): AiProvider {
  const client = settings.azureApiVersion
    ? new AzureOpenAI({
        endpoint: settings.baseUrl,
        apiKey: settings.apiKey,
        apiVersion: settings.azureApiVersion,
        deployment: settings.model,
        timeout: settings.timeoutMs,
        maxRetries: 1,
      })
    : new OpenAI({
        baseURL: settings.baseUrl,
        apiKey: settings.apiKey,
        timeout: settings.timeoutMs,
        maxRetries: 1,
      });

  return {
    kind: 'openai',
    async complete({ messages, maxTokens, signal }): Promise<AiStream> {
      // A request the caller gave up on (signal aborted) is not the provider's failure.
      const failed = (error: unknown): never => {
        if (!signal.aborted) countUpstreamError('ai');
        throw error;
      };
      const stream = await client.chat.completions
        .create(
          {
            model: settings.model,
            messages,
            // max_tokens rather than max_completion_tokens: the one Ollama, vLLM and Azure all accept.
            max_tokens: maxTokens,
            stream: true,
            stream_options: { include_usage: true },
            temperature: 0.7,
          },
          { signal },
        )
        .catch(failed);
      let usage: TokenUsage | null = null;
      let produced = '';
      async function* chunks() {
        try {
          for await (const chunk of stream) {
            const text = chunk.choices[0]?.delta?.content;
            if (text) {
              produced += text;
              yield text;
            }
            if (chunk.usage) {
              usage = {
                promptTokens: chunk.usage.prompt_tokens,
                completionTokens: chunk.usage.completion_tokens,
                estimated: false,
              };
            }
          }
        } catch (error) {
          failed(error);
        }
        usage ??= {
          promptTokens: estimateTokens(messages.map((m) => m.content).join('\n')),
          completionTokens: estimateTokens(produced),
          estimated: true,
        };
      }
      return { chunks: chunks(), usage: () => usage };
    },
  };
}
