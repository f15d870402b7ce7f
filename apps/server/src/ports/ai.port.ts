import type { AiRequest } from '@dpp/shared';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
  /** True when the provider gave no usage and the count is an estimate. */
  estimated: boolean;
}

/** A template of the product's library as a planner draws on it: its product's name and its plan's sections. */
export interface LibraryTemplate {
  productName: string;
  sections: {
    name: string;
    tasks: { name: string; description: string; subtasks: { name: string; description: string }[] }[];
  }[];
}

export interface AiCompletionInput {
  /** The server-built prompt of the step. */
  messages: ChatMessage[];
  /** The validated answers, for providers that compose rather than prompt (the offline planner). */
  request: AiRequest;
  /**
   * The template library, for providers that compose from it (the offline planner), which may keep it once read:
   * the planner module reads it for them, so that no provider knows a module.
   */
  library: () => Promise<LibraryTemplate[]>;
  /** The most tokens the reply may use. */
  maxTokens: number;
  signal: AbortSignal;
}

/** One streamed completion: the text as it is produced, then its usage. */
export interface AiStream {
  chunks: AsyncIterable<string>;
  /** Known once `chunks` has finished. */
  usage(): TokenUsage | null;
}

/** A language model behind the planner. */
export interface AiProvider {
  readonly kind: 'openai' | 'offline';
  complete(input: AiCompletionInput): Promise<AiStream>;
}

/** Roughly 4 characters a token in English: the count used when a provider reports none. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}
