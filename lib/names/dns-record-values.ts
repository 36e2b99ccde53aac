// What an owner may publish as a DNS record of a native name: the record types people use for
// a web3 name's web presence, each value checked in its presentation form. Pure, so the records
// form checks as it is typed with the same rules the API applies.

export const DNS_RECORD_TYPES = ["A", "AAAA", "CNAME", "MX", "TXT", "NS", "SRV", "CAA"] as const;
export type DnsRecordType = (typeof DNS_RECORD_TYPES)[number];

export const MIN_DNS_TTL = 60;
export const MAX_DNS_TTL = 604_800;
export const MAX_DNS_VALUE_LENGTH = 1024;

const LABEL = /^(?!-)[a-z0-9_-]{1,63}(?<!-)$/i;

/** A host name in presentation form (an optional final dot), 253 characters at most. */
export function isHostName(value: string): boolean {
  const name = value.endsWith(".") ? value.slice(0, -1) : value;
  if (name.length === 0 || name.length > 253) return false;
  return name.split(".").every((label) => LABEL.test(label));
}

export function isIpv4(value: string): boolean {
  const parts = value.split(".");
  return parts.length === 4 && parts.every((part) => /^(0|[1-9]\d{0,2})$/.test(part) && Number(part) <= 255);
}

export function isIpv6(value: string): boolean {
  if (!/^[0-9a-f:.]+$/i.test(value) || !value.includes(":")) return false;
  try {
    // The WHATWG URL parser implements RFC 4291's text forms, in browsers and Node alike.
    return new URL(`http://[${value}]/`).hostname.length > 2;
  } catch {
    return false;
  }
}

const uint = (text: string, max: number) => /^\d{1,5}$/.test(text) && Number(text) <= max;

/** Why `value` is not a valid `type` record, or null when it is. */
export function dnsValueProblem(type: DnsRecordType, value: string): string | null {
  if (value.length === 0) return "value must not be empty";
  if (value.length > MAX_DNS_VALUE_LENGTH) return `value must be at most ${MAX_DNS_VALUE_LENGTH} characters`;
  if (/[\u0000-\u001f\u007f]/.test(value)) return "value must not contain control characters";
  const fields = value.trim().split(/\s+/);
  switch (type) {
    case "A":
      return isIpv4(value) ? null : "an A record holds an IPv4 address such as 192.0.2.10";
    case "AAAA":
      return isIpv6(value) ? null : "an AAAA record holds an IPv6 address such as 2001:db8::10";
    case "CNAME":
    case "NS":
      return isHostName(value) ? null : `a ${type} record holds a host name such as host.example.com`;
    case "MX":
      return fields.length === 2 && uint(fields[0], 65535) && isHostName(fields[1])
        ? null
        : "an MX record holds a preference and a host, such as `10 mail.example.com`";
    case "SRV":
      return fields.length === 4 &&
        uint(fields[0], 65535) &&
        uint(fields[1], 65535) &&
        uint(fields[2], 65535) &&
        isHostName(fields[3])
        ? null
        : "an SRV record holds priority, weight, port and target, such as `10 5 443 host.example.com`";
    case "CAA":
      return /^(0|128|[1-9]\d?|1\d\d|2[0-4]\d|25[0-5]) (issue|issuewild|iodef) "[^"]*"$/.test(value)
        ? null
        : 'a CAA record holds flags, a tag and a quoted value, such as `0 issue "letsencrypt.org"`';
    case "TXT":
      return null;
  }
}

/**
 * The record's owner name in full: `@` (or empty) is the name itself; anything else must be the
 * name or a name under it, written in full. Null when it lies outside the name.
 */
export function dnsOwnerName(recordName: string, domain: string): string | null {
  const name = recordName.trim().toLowerCase().replace(/\.$/, "");
  if (name === "" || name === "@") return domain;
  if (name === domain) return domain;
  if (!name.endsWith(`.${domain}`)) return null;
  const prefix = name.slice(0, -domain.length - 1);
  return prefix.split(".").every((label) => label === "*" || LABEL.test(label)) ? name : null;
}
