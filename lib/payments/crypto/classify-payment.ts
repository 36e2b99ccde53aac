// What a crypto payment amounts to so far, in words the order page can show as orderStatusReason.
// Pure: the marketplace decides what each state does to the order.

export type PaymentState = "unpaid" | "underpaid" | "paid" | "overpaid";

export interface PaymentClassification {
  state: PaymentState;
  /** The first transfer arrived after the offer expired. */
  late: boolean;
  reason: string;
}

export interface ClassifyPaymentInput {
  /** Smallest units, as stored on Payment. */
  amountDue: string | bigint;
  amountReceived: string | bigint;
  expiresAt: Date | null;
  /** Time of the first credited transfer (its block's time); null when nothing arrived. */
  firstSeenAt: Date | null;
  /** Ticker and decimals, to write the amounts in whole coins. */
  currency: string;
  decimals: number;
  /** Defaults to the current time; decides whether an unpaid offer has expired. */
  now?: Date;
  /** USD per coin when a late payment arrived, which `amountDue` was recomputed at. */
  arrivalUsdPerUnit?: string | null;
}

/** Whole-coin decimals of both amounts, written with the same number of fraction digits. */
function formatPair(amounts: bigint[], decimals: number): string[] {
  const scale = 10n ** BigInt(decimals);
  const fractionDigits = Math.max(
    0,
    ...amounts.map((a) => (a % scale).toString().padStart(decimals, "0").replace(/0+$/, "").length),
  );
  return amounts.map((a) => {
    const whole = (a / scale).toString();
    const fraction = (a % scale).toString().padStart(decimals, "0").slice(0, fractionDigits);
    return fraction ? `${whole}.${fraction}` : whole;
  });
}

/**
 * Digits a wallet shows for each currency. A payment within the dust tolerance of the amount due
 * counts as exact: the larger of one unit at this precision and 0.01% of the amount due (rounded
 * up). It covers a client that pays the `amount` it parsed as a double (a few wei short), and an
 * excess this small is not worth a refund.
 */
const DISPLAY_DECIMALS: Readonly<Record<string, number>> = { ETH: 8, USDC: 2, BTC: 8 };

export function dustTolerance(amountDue: bigint, decimals: number, currency: string): bigint {
  const display = Math.min(decimals, DISPLAY_DECIMALS[currency] ?? decimals);
  const displayUnit = 10n ** BigInt(decimals - display);
  const share = (amountDue + 9_999n) / 10_000n;
  return displayUnit > share ? displayUnit : share;
}

export function classifyPayment(input: ClassifyPaymentInput): PaymentClassification {
  const due = BigInt(input.amountDue);
  const received = BigInt(input.amountReceived);
  const tolerance = dustTolerance(due, input.decimals, input.currency);
  const { currency } = input;
  const late =
    input.firstSeenAt !== null && input.expiresAt !== null && input.firstSeenAt.getTime() > input.expiresAt.getTime();
  const [receivedText, dueText, differenceText] = formatPair(
    [received, due, received > due ? received - due : due - received],
    input.decimals,
  );
  const lateNote = late
    ? ` The payment arrived after the offer expired at ${input.expiresAt!.toISOString()}` +
      (input.arrivalUsdPerUnit
        ? ` and is valued at the rate of its arrival, ${input.arrivalUsdPerUnit} USD per ${currency}.`
        : ".")
    : "";

  if (received === 0n) {
    const expired = input.expiresAt !== null && (input.now ?? new Date()).getTime() > input.expiresAt.getTime();
    return {
      state: "unpaid",
      late: false,
      reason: expired
        ? `No payment was received before the offer expired; ${dueText} ${currency} was due.`
        : `Awaiting payment of ${dueText} ${currency}.`,
    };
  }
  if (received < due - tolerance) {
    return {
      state: "underpaid",
      late,
      reason:
        `Underpaid: received ${receivedText} ${currency} of ${dueText} ${currency} due; ${differenceText} ` +
        `${currency} is missing.${lateNote}`,
    };
  }
  if (received > due + tolerance) {
    return {
      state: "overpaid",
      late,
      reason:
        `Overpaid: received ${receivedText} ${currency} of ${dueText} ${currency} due; ${differenceText} ` +
        `${currency} more than due.${lateNote}`,
    };
  }
  const dust = received === due ? "" : ` (${dueText} ${currency} was due; the difference is within the dust tolerance)`;
  return { state: "paid", late, reason: `Paid: received ${receivedText} ${currency}${dust}.${lateNote}` };
}
