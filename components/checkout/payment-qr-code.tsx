"use client";
// A payment URI as a QR code for a phone wallet, drawn in the browser (qrcode is loaded only
// when an offer is shown).
import { useEffect, useState } from "react";

export function PaymentQrCode({ value, label }: { value: string; label: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    import("qrcode")
      .then((qr) => qr.toString(value, { type: "svg", margin: 1, errorCorrectionLevel: "M" }))
      .then((markup) => alive && setSvg(markup));
    return () => {
      alive = false;
    };
  }, [value]);
  return (
    <div className="size-44 shrink-0 rounded-lg border border-slate-200 bg-white p-2">
      {svg ? (
        /* eslint-disable-next-line @next/next/no-img-element --
           a QR code drawn here as an SVG data URI, not a fetched image */
        <img
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
          alt={label}
          className="size-full"
          data-testid="payment-qr"
        />
      ) : (
        <div role="status" className="flex size-full items-center justify-center text-xs text-slate-500">
          Drawing QR code…
        </div>
      )}
    </div>
  );
}
