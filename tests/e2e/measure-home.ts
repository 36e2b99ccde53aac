// Prints the home page's JavaScript size and time to interactive (method: scripts/bench/web-bench.ts).
// Usage: node --import ./scripts/register.mjs tests/e2e/measure-home.ts
import { benchWeb } from "@/scripts/bench/web-bench";

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
