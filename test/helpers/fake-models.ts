import type { CallbackManagerForLLMRun } from "@langchain/core/callbacks/manager";
import { Embeddings } from "@langchain/core/embeddings";
import type { BaseMessage } from "@langchain/core/messages";
import type { ChatGenerationChunk, ChatResult } from "@langchain/core/outputs";
import { FakeListChatModel } from "@langchain/core/utils/testing";
import { LangChainEmbeddingProvider } from "../../src/models/embeddings/remote.js";

/**
 * A fake chat model that answers with the given texts in turn and records every prompt. Its
 * `withStructuredOutput` parses the text as JSON, so pass `JSON.stringify(object)` to fake a
 * structured answer; anything else makes the structured call throw, like a provider would.
 */
export class RecordingChatModel extends FakeListChatModel {
  readonly calls: BaseMessage[][] = [];

  constructor(responses: string[]) {
    super({ responses });
  }

  override async _generate(
    messages: BaseMessage[],
    options?: this["ParsedCallOptions"],
    runManager?: CallbackManagerForLLMRun,
  ): Promise<ChatResult> {
    this.calls.push(messages);
    return super._generate(messages, options, runManager);
  }

  override async *_streamResponseChunks(
    messages: BaseMessage[],
    options: this["ParsedCallOptions"],
    runManager?: CallbackManagerForLLMRun,
  ): AsyncGenerator<ChatGenerationChunk> {
    this.calls.push(messages);
    yield* super._streamResponseChunks(messages, options, runManager);
  }
}

/** A chat model whose structured output is `value` (once per call, repeating). */
export function fakeStructuredModel(...values: unknown[]): RecordingChatModel {
  return new RecordingChatModel(values.map((v) => JSON.stringify(v)));
}

/** A chat model whose every call fails with `message`, like a provider outage. */
export class FailingChatModel extends FakeListChatModel {
  constructor(readonly message = "503 Service Unavailable") {
    super({ responses: ["unused"] });
  }

  override async _generate(): Promise<ChatResult> {
    throw new Error(this.message);
  }

  // eslint-disable-next-line require-yield -- fails before its first chunk, like a provider refusing the call
  override async *_streamResponseChunks(): AsyncGenerator<ChatGenerationChunk> {
    throw new Error(this.message);
  }
}

/** Options of {@link WordHashEmbeddings}. */
export interface WordHashOptions {
  dimension: number;
  /** Every call after this many throws, like a provider outage mid-run. */
  failAfterCalls?: number;
  /** Return vectors of this length instead of `dimension`, like a misdeclared model. */
  returnDimension?: number;
}

/**
 * A stand-in for a paid remote embedding model at the LangChain interface: bag-of-words vectors
 * (each lower-cased word hashed, with the dimension as seed, into a bucket), so texts that share
 * words are close and a search finds what it should. Records every call.
 */
export class WordHashEmbeddings extends Embeddings {
  readonly calls: string[][] = [];

  constructor(readonly options: WordHashOptions) {
    super({ maxRetries: 0 });
  }

  async embedDocuments(texts: string[]): Promise<number[][]> {
    this.calls.push(texts);
    const { failAfterCalls } = this.options;
    if (failAfterCalls !== undefined && this.calls.length > failAfterCalls) throw new Error("503 Service Unavailable");
    return texts.map((t) => this.vector(t));
  }

  async embedQuery(text: string): Promise<number[]> {
    return this.vector(text);
  }

  /** Texts sent to the model so far. */
  get texts(): number {
    return this.calls.reduce((n, c) => n + c.length, 0);
  }

  private vector(text: string): number[] {
    const size = this.options.returnDimension ?? this.options.dimension;
    const v = new Array<number>(size).fill(0);
    v[0] = 0.01; // never the zero vector, whose cosine is undefined
    for (const word of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
      let h = 2166136261 ^ this.options.dimension;
      for (let i = 0; i < word.length; i++) h = Math.imul(h ^ word.charCodeAt(i), 16777619);
      v[(h >>> 0) % size]! += 1;
    }
    return v;
  }
}

/**
 * A remote-style embedding provider over {@link WordHashEmbeddings}, through the project's
 * LangChain adapter (truncation, normalisation, dimension check), as `createEmbeddings` builds one.
 */
export function fakeRemoteEmbeddings(id: string, options: WordHashOptions & { batchSize?: number }) {
  const model = new WordHashEmbeddings(options);
  const provider = new LangChainEmbeddingProvider({ id, dimension: options.dimension, documents: model, batchSize: options.batchSize });
  return { provider, model };
}
