"use client";
// The purchase schemas check addresses with each coin's codec; that code is large, so it is
// loaded after the checkout renders. Until it arrives the fields are simply not yet judged
// (the API validates the same way on submit).
import { useMemo } from "react";
import { useLoaded } from "../forms/use-loaded";

type MarketSchemas = typeof import("@/lib/contract/schemas/market");

export interface Validators {
  ownerAddress(value: string): string | null;
  wallet(coinId: number, addr: string): string | null;
  email(value: string): string | null;
}

export function buildValidators(schemas: MarketSchemas): Validators {
  const ownerSchema = schemas.PurchaseRequest.shape.ownerAddress;
  const emailSchema = schemas.CryptoPurchaseRequest.shape.ownerEmail;
  const first = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
    result.success ? null : (result.error?.issues[0]?.message ?? "Not valid.");
  return {
    ownerAddress: (value) => first(ownerSchema.safeParse(value)),
    wallet: (coinId, addr) => first(schemas.WalletAddr.safeParse({ coinId, addr })),
    email: (value) => first(emailSchema.safeParse(value)),
  };
}

const loadMarketSchemas = (): Promise<MarketSchemas> => import("@/lib/contract/schemas/market");

export function useValidators(): Validators | null {
  const schemas = useLoaded(loadMarketSchemas);
  return useMemo(() => (schemas ? buildValidators(schemas) : null), [schemas]);
}
