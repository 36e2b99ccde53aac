import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Issue 35: a component does one thing and fits on a screen or two. Every .tsx file under
// components/ and app/ stays within this many lines; a longer one is split, not exempted.
const MAX_LINES = 150;
const ROOT = path.resolve(import.meta.dirname, "..", "..", "..");

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return tsxFiles(full);
    return entry.name.endsWith(".tsx") ? [full] : [];
  });
}

/** Lines as an editor numbers them (and `wc -l` counts a file that ends in a newline). */
function lineCount(text: string): number {
  if (text === "") return 0;
  const lines = text.split("\n").length;
  return text.endsWith("\n") ? lines - 1 : lines;
}

describe("component size", () => {
  it("counts lines as an editor numbers them", () => {
    expect(lineCount("")).toBe(0);
    expect(lineCount("a\n")).toBe(1);
    expect(lineCount("a\nb")).toBe(2);
    expect(lineCount("a\nb\n")).toBe(2);
  });

  it("finds the pages and components it checks", () => {
    const files = ["components", "app"].flatMap((dir) => tsxFiles(path.join(ROOT, dir)));
    const relative = files.map((file) => path.relative(ROOT, file));
    expect(relative).toContain(path.join("components", "checkout", "checkout-form.tsx"));
    expect(relative).toContain(path.join("app", "layout.tsx"));
    expect(files.length).toBeGreaterThan(50);
  });

  it(`keeps every .tsx file under components/ and app/ within ${MAX_LINES} lines`, () => {
    const offenders = ["components", "app"]
      .flatMap((dir) => tsxFiles(path.join(ROOT, dir)))
      .map((file) => ({ file: path.relative(ROOT, file), lines: lineCount(readFileSync(file, "utf8")) }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(offenders).toEqual([]);
  });
});
