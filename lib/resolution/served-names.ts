import "server-only";
import { nativeTlds } from "@/lib/resolution/native-tlds";
import { nativeRecords, type NativeRecords } from "@/lib/resolution/native-records";

// Which ENS names the registry answers for: a partner's ENS parent (brand.eth, a registry row
// under ENS's TLD) and every name beneath it. Read by the CCIP-Read gateway and by resolution,
// so both give the same records without a chain round trip.

export interface ServedEnsName {
  /** The name's own row, or null (every record unset) for a name under our parent that the
   * registry does not hold (never issued, revoked, expired). */
  records: NativeRecords | null;
  /** The registry names the answer was read from: it changes when any of them does. */
  names: string[];
}

/** The records of `name` when it is under an ENS parent we hold, else null (not ours to answer). */
export async function servedEnsRecords(name: string): Promise<ServedEnsName | null> {
  const labels = name.split(".");
  const tld = labels[labels.length - 1]!;
  if (labels.length < 2 || (await nativeTlds()).has(tld)) return null;
  const names: string[] = [];
  for (let i = 0; i <= labels.length - 2; i++) {
    const candidate = labels.slice(i).join(".");
    names.push(candidate);
    const records = await nativeRecords(candidate);
    if (records && (records.expiresAt === null || records.expiresAt.getTime() > Date.now()))
      return { records: i === 0 ? records : null, names };
  }
  return null;
}
