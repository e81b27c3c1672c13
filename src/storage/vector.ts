/** pgvector's text form of a vector: `[0.1,0.2,...]`. */
export const toVectorLiteral = (v: readonly number[]): string => `[${v.join(",")}]`;
