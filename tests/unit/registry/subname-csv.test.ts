import { expect, test } from "vitest";
import { chunksOf, parseSubnameCsv } from "@/components/partner/subname-csv";

test("a header, blank lines, quotes and CRLF: each line's label and owner with its line number", () => {
  const text = 'label,ownerAddress\r\nalice, 0xAbC\r\n\r\n"bo,b","0x""1"\nsolo\n';
  expect(parseSubnameCsv(text)).toEqual([
    { line: 2, label: "alice", ownerAddress: "0xAbC" },
    { line: 4, label: "bo,b", ownerAddress: '0x"1' },
    { line: 5, label: "solo", ownerAddress: "" },
  ]);
});

test("a first line that is not a header is an item", () => {
  expect(parseSubnameCsv("carol;0x1")).toEqual([{ line: 1, label: "carol", ownerAddress: "0x1" }]);
});

test("250 items go in requests of 100, 100 and 50", () => {
  expect(chunksOf(Array.from({ length: 250 }, (_, i) => i)).map((chunk) => chunk.length)).toEqual([100, 100, 50]);
});
