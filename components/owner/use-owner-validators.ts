"use client";
// The owner API's own schemas, loaded after the page renders (the coin codecs and the content
// hash library are large): fields are judged as they are typed by the rules the API applies.
import { useMemo } from "react";
import { useLoaded } from "../forms/use-loaded";

type OwnerSchemas = typeof import("@/lib/contract/schemas/owner");
type MarketSchemas = typeof import("@/lib/contract/schemas/market");

export interface DnsDraft {
  type: string;
  name: string;
  value: string;
  ttl: string;
}

export interface OwnerValidators {
  wallet(coinId: number, addr: string): string | null;
  text(key: string, value: string): { key: string | null; value: string | null };
  dns(record: DnsDraft): { type: string | null; name: string | null; value: string | null; ttl: string | null };
  contentHash(uri: string): string | null;
  ownerAddress(value: string): string | null;
}

type Issue = { path: PropertyKey[]; message: string };
const firstAt = (issues: Issue[], field: string) => issues.find((issue) => issue.path[0] === field)?.message ?? null;

export function buildOwnerValidators(owner: OwnerSchemas, market: MarketSchemas): OwnerValidators {
  const issuesOf = (result: { success: boolean; error?: { issues: Issue[] } }) =>
    result.success ? [] : (result.error?.issues ?? []);
  return {
    wallet(coinId, addr) {
      const issues = issuesOf(market.WalletAddr.safeParse({ coinId, addr }));
      return issues[0]?.message ?? null;
    },
    text(key, value) {
      const issues = issuesOf(owner.TextRecordInput.safeParse({ key, value }));
      return { key: firstAt(issues, "key"), value: firstAt(issues, "value") };
    },
    dns(record) {
      const ttl = /^\d+$/.test(record.ttl.trim()) ? Number(record.ttl.trim()) : Number.NaN;
      const issues = issuesOf(owner.DnsRecordInput.safeParse({ ...record, ttl }));
      return {
        type: firstAt(issues, "type"),
        name: firstAt(issues, "name"),
        value: firstAt(issues, "value"),
        ttl: firstAt(issues, "ttl"),
      };
    },
    contentHash: (uri) => owner.contentHashProblem(uri.trim()),
    ownerAddress(value) {
      const issues = issuesOf(owner.TransferRequest.safeParse({ ownerAddress: value }));
      return issues[0]?.message ?? null;
    },
  };
}

const loadSchemas = (): Promise<[OwnerSchemas, MarketSchemas]> =>
  Promise.all([import("@/lib/contract/schemas/owner"), import("@/lib/contract/schemas/market")]);

export function useOwnerValidators(): OwnerValidators | null {
  const schemas = useLoaded(loadSchemas);
  return useMemo(() => (schemas ? buildOwnerValidators(...schemas) : null), [schemas]);
}
