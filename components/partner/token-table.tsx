"use client";
// The partner's access tokens as a table: label, type, validity (with its state as of loading)
// and a delete action per row.
import type { AccessToken } from "@/lib/contract/schemas/partner";
import { dateTime } from "../format";
import { Badge } from "../status";

export function TokenTable({ tokens, onDelete }: { tokens: ListedToken[]; onDelete: (token: AccessToken) => void }) {
  return (
    <div className="relative -mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <table className="w-full min-w-[36rem] text-left text-sm" data-testid="tokens-table">
        <thead className="text-slate-500">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">
              Label
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Type
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Valid
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Value
            </th>
            <th scope="col" className="py-2 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {tokens.map((token) => (
            <TokenRow key={token.id} token={token} onDelete={() => onDelete(token)} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

export type ListedToken = AccessToken & { state: "not yet valid" | "expired" | "active" };

/** Each token's state as of the moment the list was loaded (rendering stays pure). */
export function withValidity(tokens: AccessToken[]): ListedToken[] {
  const now = Date.now();
  return tokens.map((token) => ({
    ...token,
    state:
      now < Date.parse(token.validFrom) ? "not yet valid" : now >= Date.parse(token.validTill) ? "expired" : "active",
  }));
}

function TokenRow({ token, onDelete }: { token: ListedToken; onDelete: () => void }) {
  const { state } = token;
  return (
    <tr>
      <td className="py-2 pr-3 font-medium break-all">{token.label}</td>
      <td className="py-2 pr-3">
        <Badge tone={token.type === "ADMIN" ? "indigo" : "slate"}>{token.type}</Badge>
      </td>
      <td className="py-2 pr-3 text-slate-600">
        <span className="block">{dateTime(token.validFrom)}</span>
        <span className="block">to {dateTime(token.validTill)}</span>
        {state !== "active" ? <Badge tone="amber">{state}</Badge> : null}
      </td>
      <td className="mono max-w-[10rem] truncate py-2 pr-3 text-slate-500">{token.value}</td>
      <td className="py-2 text-right">
        <button
          type="button"
          className="btn-secondary px-3 py-1"
          onClick={onDelete}
          aria-label={`Delete token ${token.label}`}
        >
          Delete
        </button>
      </td>
    </tr>
  );
}
