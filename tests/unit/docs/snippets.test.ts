import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";

// Every TypeScript and JavaScript snippet of README.md and docs/ compiles under `strict`, as a new
// user would paste it: the typed client against the generated types (what `npx openapi-typescript`
// writes), with openapi-fetch from npm.

const root = path.resolve(import.meta.dirname, "..", "..", "..");
const out = path.join(root, "tests", ".snippets");

interface Snippet {
  file: string;
  line: number;
  lang: "ts" | "js";
  code: string;
}

function snippetsOf(file: string): Snippet[] {
  const text = readFileSync(path.join(root, file), "utf8");
  const found: Snippet[] = [];
  const fence = /^```(ts|js)\n([\s\S]*?)^```$/gm;
  for (let match = fence.exec(text); match; match = fence.exec(text))
    found.push({
      file,
      line: text.slice(0, match.index).split("\n").length,
      lang: match[1] as "ts" | "js",
      code: match[2],
    });
  return found;
}

const docsDir = path.join(root, "docs");
const docs = ["README.md", ...(existsSync(docsDir) ? readdirSync(docsDir).map((name) => `docs/${name}`) : [])].filter(
  (file) => file.endsWith(".md"),
);
const snippets = docs.flatMap(snippetsOf);

afterAll(() => rmSync(out, { recursive: true, force: true }));

describe("documentation snippets", () => {
  it("there are snippets to check", () => {
    expect(snippets.length).toBeGreaterThan(1);
  });

  it("each compiles under strict, with the API's generated types standing for the user's", () => {
    rmSync(out, { recursive: true, force: true });
    mkdirSync(out, { recursive: true });
    // What the README's `npx openapi-typescript ... -o namesvc.d.ts` writes.
    writeFileSync(path.join(out, "namesvc.ts"), readFileSync(path.join(root, "lib/contract/client/schema.ts")));
    const files = snippets.map((snippet, index) => {
      const name = path.join(out, `snippet-${index}.${snippet.lang === "ts" ? "ts" : "mjs"}`);
      // Values a reader has in hand (a token, a secret, the raw body of a request) are declared.
      const prelude = snippet.lang === "ts" ? "declare const token: string;\n" : "";
      writeFileSync(name, `${prelude}${snippet.code}\nexport {};\n`);
      return name;
    });
    const program = ts.createProgram(files, {
      strict: true,
      noEmit: true,
      allowJs: true,
      checkJs: false,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      skipLibCheck: true,
      types: ["node"],
    });
    const problems = ts
      .getPreEmitDiagnostics(program)
      .filter((diagnostic) => diagnostic.file && files.includes(path.normalize(diagnostic.file.fileName)))
      .map((diagnostic) => {
        const index = files.indexOf(path.normalize(diagnostic.file!.fileName));
        const { file, line } = snippets[index];
        return `${file}:${line}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n")}`;
      });
    expect(problems).toEqual([]);
  }, 120_000);
});
