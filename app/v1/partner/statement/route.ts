// The partner's statement from the ledger: sales, refunds, fees, its share, what the platform holds
// for it and paid it, per month; CSV with `Accept: text/csv`.
import { endpoint, parseQuery, respond } from "@/lib/http/handler";
import { otherMethods } from "@/lib/http/methods";
import { StatementQuery, StatementResponse } from "@/lib/contract/schemas/statement";
import { partnerStatement, statementCsv } from "@/lib/ledger/statement";

export const dynamic = "force-dynamic";

export const GET = endpoint(
  { errors: "list", cors: "partner", rateLimit: "partner", allow: ["ADMIN"] },
  async ({ caller, request, url }) => {
    const statement = await partnerStatement(caller.partnerId, parseQuery(url, StatementQuery));
    if (/\btext\/csv\b/.test(request.headers.get("accept") ?? ""))
      return new Response(statementCsv(statement), {
        status: 200,
        headers: {
          "content-type": "text/csv; charset=utf-8",
          "content-disposition": `attachment; filename="statement-${statement.from.slice(0, 7)}.csv"`,
          "cache-control": "no-store",
        },
      });
    return respond(StatementResponse, statement, 200, { "cache-control": "no-store" });
  },
);

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
