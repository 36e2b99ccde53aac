// Prints the home page's JavaScript size and time to interactive (method: lib/bench/web-bench.ts).
// Usage: node --import ./lib/cli/register.mjs tests/e2e/measure-home.ts
import { benchWeb } from "@/lib/bench/web-bench";

benchWeb().then(
  (lines) => {
    for (const line of lines) console.log(line);
    process.exit(0);
  },
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
