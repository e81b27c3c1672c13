#!/usr/bin/env node
// The bundled CLI (`npm run build` writes it; a cold `ask` loads a few files instead of ~2,000
// modules), else the plain `tsc` output when the bundle is missing (a build without esbuild).
import { existsSync } from "node:fs";

const bundle = new URL("../dist/bundle/sourcewise.js", import.meta.url);
await import(existsSync(bundle) ? bundle.href : "../dist/cli/bin.js");
