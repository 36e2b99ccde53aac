"use client";
// The time left on a crypto offer, ticking each second; red in its last minute.
import { useEffect, useState } from "react";

export function OfferCountdown({ expiryEpochSeconds }: { expiryEpochSeconds: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = Math.max(0, Math.round(expiryEpochSeconds - now / 1000));
  const minutes = Math.floor(left / 60);
  const seconds = String(left % 60).padStart(2, "0");
  return (
    <span className={`text-sm tabular-nums ${left < 60 ? "text-red-700" : "text-slate-700"}`} data-testid="countdown">
      {left > 0 ? (
        <>
          Offer expires in{" "}
          <span role="timer">
            {minutes}:{seconds}
          </span>
        </>
      ) : (
        "The offer has expired."
      )}
    </span>
  );
}
