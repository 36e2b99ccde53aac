// `npm run operator -- token [days]`: prints an operator token (GET /metrics and, later, the
// operator's console). It is signed with the service's signing secret (JWT_SECRET, or the key
// kept in DATA_DIR on the embedded database), so it needs neither the server nor the database.
import { config } from "@/lib/config";
import { OPERATOR_NAME, signOperatorToken } from "@/lib/operator/operator-token";

const USAGE = `Usage:
  npm run operator -- token [days] [name]   an operator token, valid for days (default 30, at most 365);
                                            name (letters, digits, space . @ - _) is who the audit log names`;

function main(argv: string[]): number {
  const [command, daysText = "30", name, ...rest] = argv;
  const days = Number(daysText);
  if (
    command !== "token" ||
    rest.length > 0 ||
    !Number.isInteger(days) ||
    days < 1 ||
    days > 365 ||
    (name !== undefined && !OPERATOR_NAME.test(name))
  ) {
    console.error(USAGE);
    return 2;
  }
  config();
  const { token, expiresAt } = signOperatorToken(days, Date.now(), name);
  console.log(token);
  console.error(`[operator] valid until ${expiresAt.toISOString()}; changing JWT_SECRET revokes it.`);
  return 0;
}

process.exitCode = main(process.argv.slice(2));
