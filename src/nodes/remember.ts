import { clearedInput, type GraphStateType, type Turn } from "../state/state.js";

/**
 * The `remember` node, last in the graph: appends the finished turn to `history`, which the
 * checkpointer keeps for the thread's next question, and clears this turn's input overrides so
 * the next turn starts without them.
 * @example
 * const { history } = await remember(state); // [{ question, standalone, answer }]
 */
export async function remember(state: GraphStateType) {
  const turn: Turn = { question: state.question, standalone: state.standalone_question || state.question, answer: state.answer };
  return { ...clearedInput(), history: [turn] };
}
