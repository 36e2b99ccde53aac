// ESLint (flat config): TypeScript's recommended rules, React's hook rules, Next.js's rules for the
// pages, and nothing about layout (Prettier formats; `npm run lint` runs both, zero warnings).
import nextPlugin from "@next/eslint-plugin-next";
import prettier from "eslint-config-prettier";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "node_modules/",
      ".next/",
      ".data/",
      "test-results/",
      "playwright-report/",
      "next-env.d.ts",
      "lib/contract/client/schema.ts",
    ],
  },
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
      "no-console": "off",
      eqeqeq: ["error", "always", { null: "ignore" }],
      "prefer-const": "error",
    },
  },
  {
    files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, "@next/next": nextPlugin },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...nextPlugin.configs.recommended.rules,
      ...nextPlugin.configs["core-web-vitals"].rules,
    },
  },
  prettier,
  // After `prettier`, which turns max-len off: Prettier wraps code at 120 but leaves long strings and
  // comments alone, so this rule catches those.
  {
    rules: {
      "max-len": ["error", { code: 120, ignoreUrls: true, ignorePattern: "^\\s*(import|export) .* from " }],
    },
  },
);
