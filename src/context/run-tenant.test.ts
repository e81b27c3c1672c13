import { describe, expect, it } from "vitest";
import { runTenant } from "./run-tenant.js";

const as = (user: unknown) => ({ configurable: { langgraph_auth_user: user } });

describe("runTenant", () => {
  it("keeps the input's tenant outside the Agent Server and with its auth off", () => {
    expect(runTenant("globex", {})).toBe("globex");
    expect(runTenant(undefined, undefined)).toBeUndefined();
    expect(runTenant("globex", as({ identity: "anonymous", tenant_id: null }))).toBe("globex");
  });

  it("uses the verified tenant under auth, whatever the input names", () => {
    const acme = as({ identity: "tenant:acme", tenant_id: "acme" });
    expect(runTenant("globex", acme)).toBe("acme");
    expect(runTenant(undefined, acme)).toBe("acme");
  });

  it("refuses a user that carries no tenant decision (Studio's built-in user)", () => {
    expect(() => runTenant("globex", as({ identity: "langgraph-studio-user", kind: "StudioUser" }))).toThrow(/carries no tenant/);
  });
});
