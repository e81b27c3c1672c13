import { defineConfig } from "vitest/config";

// The eval suites (`npm run eval`): real datasets, score thresholds, minutes not seconds.
// Kept apart from the unit tests; the CI subset is test/eval-smoke.int.test.ts.
export default defineConfig({
  test: {
    include: ["evals/**/*.eval.ts"],
    testTimeout: 3_600_000,
    hookTimeout: 3_600_000,
    pool: "forks",
    // One suite at a time: each one already keeps both cores busy.
    maxWorkers: 1,
    fileParallelism: false,
  },
});
