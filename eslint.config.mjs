// ESLint (flat config): TypeScript's recommended rules, React's hook rules, Next.js's rules for the
// pages, and nothing about layout (Prettier formats; `npm run lint` runs both, zero warnings).
import nextPlugin from "@next/eslint-plugin-next";
import prettier from "eslint-config-prettier";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// The areas of lib/, top to bottom. An area imports only areas below it (and itself): requests come in
// through lib/server and lib/http, the domain areas call down to lib/db, and lib/contract (errors,
// schemas, OpenAPI) is importable by all. Type-only imports upward are allowed: a lower area may name
// a type an upper one defines (a request's caller) without depending on its code.
const LAYERS = [
  ["server"],
  ["metrics"],
  ["http"],
  ["operator"],
  ["market"],
  ["owners"],
  ["registry"],
  ["ens"],
  ["webhooks"],
  ["resolution"],
  ["siwe"],
  ["partners"],
  ["payments"],
  ["ledger"],
  ["mail", "jobs"],
  ["db"],
  ["contract"],
  ["names"],
  ["log"],
  ["config"],
  ["memo"],
];

function layerRules() {
  return LAYERS.flatMap((layer, index) => {
    const above = LAYERS.slice(0, index).flat();
    if (above.length === 0) return [];
    const upward = {
      regex: `^@/(lib/(${above.join("|")})|app|components|scripts|tests)(/|$)`,
      allowTypeImports: true,
      message: "That area sits above this one: imports between areas go one way (LAYERS in eslint.config.mjs).",
    };
    // A relative import that leaves the area would hide from the rule above.
    const leaving = (depth) => ({
      regex: `^(\\.\\./){${depth}}`,
      message: "Import another area as @/lib/<area>/..., so the layer rule sees it.",
    });
    return layer.flatMap((area) => [
      {
        files: [`lib/${area}/*.{ts,tsx,mts,mjs}`],
        rules: { "no-restricted-imports": ["error", { patterns: [upward, leaving(1)] }] },
      },
      {
        files: [`lib/${area}/*/**/*.{ts,tsx,mts,mjs}`],
        rules: { "no-restricted-imports": ["error", { patterns: [upward, leaving(2)] }] },
      },
    ]);
  });
}

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
      "lib/db/sql/tables.ts",
      "lib/db/sql/enums.ts",
      "tests/.snippets/",
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
  ...layerRules(),
  // One home for SQL: outside lib/db, a statement is built with lib/db/sql's typed builder and run
  // through it, never sent as text (the bench's seeding and EXPLAIN scripts measure the database
  // directly and are exempt).
  {
    files: ["lib/**/*.{ts,tsx,mts,mjs}", "app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "scripts/**/*.{ts,mts}"],
    ignores: ["lib/db/**", "scripts/bench/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[property.name=/^\\$(queryRaw|queryRawUnsafe|executeRaw|executeRawUnsafe)$/]",
          message:
            "Build the statement with lib/db/sql (sqlBuilder or sql``) and run it with run()/first(), passing tx.",
        },
        {
          selector: "MemberExpression[object.name='Prisma'][property.name=/^(sql|join|raw|empty)$/]",
          message: "Build the statement with lib/db/sql (sqlBuilder or sql``) and run it with run()/first().",
        },
        {
          selector: "ImportDeclaration[source.value=/^kysely/]",
          message: "Import the builder and its types from @/lib/db/sql, the one home of SQL.",
        },
        {
          selector:
            "MemberExpression[object.callee.name='database'][property.name=/^(query|lookup|exec|withConnection)$/]",
          message: 'Run statements through lib/db/sql: run(statement), run(statement, "lookup") or run(statement, tx).',
        },
      ],
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
