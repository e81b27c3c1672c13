import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

// Built with the repository's own devDependencies (vite, react, @ai-sdk/react): no second install.
// `sourcewise serve --ui` serves dist/; `npx vite examples/chat-ui` proxies /api to a running server.
export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  base: "./",
  oxc: { jsx: { runtime: "automatic" } },
  build: { outDir: "dist", emptyOutDir: true },
  server: { proxy: { "/api": process.env.SOURCEWISE_URL ?? "http://127.0.0.1:8787" } },
});
