// The built-in test processor's card numbers (the same numbers Stripe's test mode documents).
// Any other number is declined, so a real card number typed by mistake never "succeeds".

export interface TestCardOutcome {
  succeeds: boolean;
  declineCode?: string;
  message: string;
}

export const TEST_CARDS: Record<string, TestCardOutcome> = {
  "4242424242424242": { succeeds: true, message: "Visa test card: payment succeeds." },
  "5555555555554444": { succeeds: true, message: "Mastercard test card: payment succeeds." },
  "4000000000000002": { succeeds: false, declineCode: "generic_decline", message: "Your card was declined." },
  "4000000000009995": {
    succeeds: false,
    declineCode: "insufficient_funds",
    message: "Your card has insufficient funds.",
  },
  "4000000000000069": { succeeds: false, declineCode: "expired_card", message: "Your card has expired." },
  "4000000000000127": {
    succeeds: false,
    declineCode: "incorrect_cvc",
    message: "Your card's security code is incorrect.",
  },
};

const NOT_A_TEST_CARD: TestCardOutcome = {
  succeeds: false,
  declineCode: "test_mode_live_card",
  message: "Test mode accepts only the documented test cards, e.g. 4242 4242 4242 4242.",
};

export function normalizeCardNumber(input: string): string {
  return input.replace(/[\s-]/g, "");
}

export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function outcomeOfTestCard(cardNumber: string): TestCardOutcome {
  return TEST_CARDS[normalizeCardNumber(cardNumber)] ?? NOT_A_TEST_CARD;
}
