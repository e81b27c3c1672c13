import type { CallbackManagerForLLMRun } from "@langchain/core/callbacks/manager";
import type { BaseMessage } from "@langchain/core/messages";
import type { ChatResult } from "@langchain/core/outputs";
import { FakeListChatModel } from "@langchain/core/utils/testing";

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

  override async _generate(messages: BaseMessage[], options?: this["ParsedCallOptions"], runManager?: CallbackManagerForLLMRun): Promise<ChatResult> {
    this.calls.push(messages);
    return super._generate(messages, options, runManager);
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
}
