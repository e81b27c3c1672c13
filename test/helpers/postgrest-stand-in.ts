import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { PGlite } from "@electric-sql/pglite";
import { jwtVerify, SignJWT } from "jose";

/**
 * A loopback HTTP endpoint that STANDS IN FOR PostgREST (Supabase's REST layer), for tests only.
 * It does what PostgREST does for `POST /rest/v1/rpc/<fn>`: verifies the JWT with the project
 * secret, switches to the JWT's role (`set local role`), publishes the claims as
 * `request.jwt.claims`, and calls the SQL function with the JSON body as named arguments. So
 * row-level security and the SQL functions run exactly as they would behind Supabase.
 */
export interface PostgrestStandIn {
  url: string;
  /** Requests served, for asserting that reads went over RPC. */
  calls: { fn: string; role: string }[];
  stop(): Promise<void>;
}

export const TEST_JWT_SECRET = "super-secret-jwt-token-with-at-least-32-characters-long";

/** Signs a JWT with the stand-in's secret, as Supabase Auth would. */
export function signJwt(claims: Record<string, unknown>): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "HS256" })
    .setIssuedAt()
    .setExpirationTime("1h")
    .sign(new TextEncoder().encode(TEST_JWT_SECRET));
}

const ROLES = new Set(["anon", "authenticated"]);

async function readBody(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const p of req) parts.push(p as Buffer);
  return Buffer.concat(parts).toString("utf8");
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body, (_k, v: unknown) => (typeof v === "bigint" ? Number(v) : v)));
}

async function callFunction(db: PGlite, fn: string, args: Record<string, unknown>, role: string, claims: unknown) {
  const sig = await db.query<{ name: string | null; type: string; scalar: boolean }>(
    `select x.name, format_type(x.type, null) as type, (p.proretset is false and t.typtype <> 'c') as scalar
     from pg_proc p join pg_type t on t.oid = p.prorettype
     left join lateral unnest(p.proargnames[1:p.pronargs], p.proargtypes::oid[]) as x(name, type) on true
     where p.proname = $1 and p.pronamespace = 'public'::regnamespace`,
    [fn],
  );
  if (sig.rows.length === 0) return { status: 404, body: { code: "PGRST202", message: `Could not find the function public.${fn}` } };
  const types = new Map(sig.rows.flatMap((r) => (r.name ? [[r.name, r.type] as const] : [])));
  const names = Object.keys(args);
  const unknown = names.filter((n) => !types.has(n));
  if (unknown.length) return { status: 404, body: { code: "PGRST202", message: `public.${fn} has no parameters ${unknown.join(", ")}` } };
  const quote = (n: string) => `"${n.replaceAll('"', '""')}"`;
  // Like PostgREST: the JSON body becomes a typed record, passed by name.
  const record = names.map((n) => `${quote(n)} ${types.get(n)}`).join(", ");
  const call = `${quote(fn)}(${names.map((n) => `${quote(n)} => (select ${quote(n)} from a)`).join(", ")})`;
  const scalar = sig.rows[0]!.scalar;
  const sql = `with a as (select * from json_to_record($1::json) as x(${record || "_ int"}))
    ${scalar ? `select ${call} as result` : `select * from ${call}`}`;
  return db.transaction(async (tx) => {
    await tx.query("select set_config('request.jwt.claims', $1, true)", [JSON.stringify(claims)]);
    await tx.exec(`set local role ${role}`);
    const { rows } = await tx.query<Record<string, unknown>>(sql, [JSON.stringify(args)]);
    return { status: 200, body: scalar ? (rows[0]?.result ?? null) : rows };
  });
}

/** Starts the stand-in on a free loopback port in front of `db`. */
export async function startPostgrestStandIn(db: PGlite): Promise<PostgrestStandIn> {
  const calls: PostgrestStandIn["calls"] = [];
  const server = createServer((req, res) => {
    void (async () => {
      const m = /^\/rest\/v1\/rpc\/([a-z_][a-z0-9_]*)$/.exec(new URL(req.url ?? "/", "http://x").pathname);
      if (req.method !== "POST" || !m) return send(res, 404, { code: "PGRST000", message: "only POST /rest/v1/rpc/<fn> is stood in for" });
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
      let claims: Record<string, unknown> = { role: "anon" };
      if (token) {
        try {
          claims = (await jwtVerify(token, new TextEncoder().encode(TEST_JWT_SECRET))).payload as Record<string, unknown>;
        } catch (error) {
          return send(res, 401, { code: "PGRST301", message: (error as Error).message });
        }
      }
      const role = String(claims.role ?? "anon");
      if (!ROLES.has(role)) return send(res, 401, { code: "PGRST301", message: `role ${role} is not served here` });
      calls.push({ fn: m[1]!, role });
      const raw = await readBody(req);
      try {
        const out = await callFunction(db, m[1]!, raw ? (JSON.parse(raw) as Record<string, unknown>) : {}, role, claims);
        send(res, out.status, out.body);
      } catch (error) {
        send(res, 400, {
          code: (error as { code?: string }).code ?? "XX000",
          message: (error as Error).message,
          details: null,
          hint: null,
        });
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const addr = server.address();
  const port = typeof addr === "object" && addr ? addr.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
