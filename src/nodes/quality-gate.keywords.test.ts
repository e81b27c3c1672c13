import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { judgedOver, retrievalContext } from "../../test/helpers/retrieval.js";
import type { RunContext } from "../context/run-context.js";
import { keywordRuns } from "../evidence/keyword-runs.js";

// A real store holding three SQL reference pages: syntax they write (TRUNCATE … RESTART IDENTITY,
// INSERT … ON CONFLICT DO NOTHING) is covered however the question runs it together; syntax they
// never write (INSERT IGNORE: INSERT, and "ignore" only in prose) is not, and the gate says so.
let ctx: RunContext;

beforeAll(async () => {
  ctx = await retrievalContext([
    {
      uri: "html/sql-truncate.html",
      title: "TRUNCATE",
      sections: [
        {
          content:
            "TRUNCATE — empty a table or set of tables. TRUNCATE [ TABLE ] name [, ...] [ RESTART IDENTITY | CONTINUE IDENTITY ] [ CASCADE | RESTRICT ]. RESTART IDENTITY automatically restarts sequences owned by columns of the truncated tables.",
        },
      ],
    },
    {
      uri: "html/sql-insert.html",
      title: "INSERT",
      sections: [
        {
          content:
            "INSERT — create new rows in a table. INSERT INTO table_name VALUES (...) ON CONFLICT DO NOTHING simply avoids inserting a row as its alternative action. A unique violation makes the whole statement fail; you cannot ignore it without a conflict clause.",
        },
      ],
    },
    {
      uri: "html/sql-select.html",
      title: "SELECT",
      sections: [{ content: "SELECT — retrieve rows from a table or view. SELECT * FROM orders LIMIT 10 returns the top ten rows." }],
    },
  ]);
});
afterAll(async () => {
  await ctx.store.close();
});

describe("gate: keyword runs the corpus never writes", () => {
  it("reads the runs of upper-case keywords a question writes, not code names or single words", () => {
    expect(keywordRuns("INSERT ... ON DUPLICATE KEY UPDATE syntax in postgres?")).toEqual([["ON", "DUPLICATE", "KEY", "UPDATE"]]);
    expect(keywordRuns("What does TRUNCATE do with mr.MAKE_TRAP and SELECT?")).toEqual([]);
  });

  it("asks, naming it, when two keywords of a run are side by side nowhere and no page writes them apart", async () => {
    const gate = (await judgedOver(ctx, "Does it have INSERT IGNORE to skip rows that break a unique constraint?")).gate!;
    expect(gate).toMatchObject({ decision: "clarify", missing: ["INSERT IGNORE"] });
    expect(gate.reason).toBe("No indexed document mentions INSERT IGNORE.");
    const top = (await judgedOver(ctx, "How do I write SELECT TOP 10 * FROM orders?")).gate!;
    expect(top).toMatchObject({ decision: "clarify", missing: ["SELECT TOP"] });
  });

  it("reads capitals in a request for an example program as names that describe it, not syntax", async () => {
    const q = "Does it have INSERT IGNORE to skip rows that break a unique constraint?";
    const gate = (await judgedOver(ctx, q, { plan: { intent: "example" } })).gate!;
    expect(gate.missing).toBeUndefined();
  });

  it("answers shorthand for syntax a page writes apart (TRUNCATE name RESTART IDENTITY, INSERT … ON CONFLICT DO NOTHING)", async () => {
    for (const q of ["What does TRUNCATE RESTART IDENTITY do?", "How does INSERT ON CONFLICT DO NOTHING handle a duplicate row?"]) {
      const gate = (await judgedOver(ctx, q)).gate!;
      expect(gate.missing).toBeUndefined();
      expect(gate.decision).not.toBe("clarify");
    }
  });
});
