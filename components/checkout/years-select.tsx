"use client";
// Whole years, 1 to 10, each with its price, bound to the surrounding form's `years`.
import { useFormContext } from "react-hook-form";
import { usd } from "../format";

export const yearsTotal = (pricePerYear: number, years: number) => Math.round(pricePerYear * years * 100) / 100;

export function YearsSelect({ id, label, pricePerYear }: { id: string; label: string; pricePerYear: number }) {
  const { register } = useFormContext<{ years: number }>();
  return (
    <>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <select id={id} {...register("years", { valueAsNumber: true })} className="input">
        {Array.from({ length: 10 }, (_, i) => i + 1).map((n) => (
          <option key={n} value={n}>
            {n} {n === 1 ? "year" : "years"} — {usd(yearsTotal(pricePerYear, n))}
          </option>
        ))}
      </select>
    </>
  );
}
