// The sub-name CSV the dashboard imports: one `label,ownerAddress` per line, an optional header
// line, quotes as RFC 4180 writes them. Sent in requests of at most 100 items (the bulk bound).

export interface CsvItem {
  line: number;
  label: string;
  ownerAddress: string;
}

export const BULK_CHUNK = 100;

function fieldsOf(line: string): string[] {
  const fields: string[] = [];
  let current = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        current += '"';
        i++;
      } else if (char === '"') quoted = false;
      else current += char;
    } else if (char === '"') quoted = true;
    else if (char === "," || char === ";") {
      fields.push(current);
      current = "";
    } else current += char;
  }
  fields.push(current);
  return fields.map((field) => field.trim());
}

/** The items of a CSV text; blank lines and a `label,…` header are skipped. */
export function parseSubnameCsv(text: string): CsvItem[] {
  const items: CsvItem[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    if (raw.trim() === "") return;
    const [label = "", ownerAddress = ""] = fieldsOf(raw);
    if (index === 0 && label.toLowerCase() === "label") return;
    items.push({ line: index + 1, label, ownerAddress });
  });
  return items;
}

export function chunksOf<T>(items: readonly T[], size = BULK_CHUNK): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}
